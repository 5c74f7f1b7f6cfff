// toml++ 3.3 decides whether a non-ASCII character is whitespace with a generated lookup
// that reaches __builtin_unreachable() - undefined behaviour - for the code points
// U+00A1-U+0499, U+2C5E-U+3057 and U+FC06-U+FEFE (marzer/tomlplusplus issues 190 and
// 295, fixed upstream by pull request 305, after 3.3). It asks that lookup of the raw
// character it reads wherever whitespace could be: outside strings, over a key's text,
// after a backslash in a multi-line string, and all through a malformed value, which it
// reads on to the next space. Found here by tests/fuzz/fuzz_loader, three times
// (regressions: tests/fuzz/regressions/loader).
//
// Refusing those characters only where toml++ would ask needs a second TOML parser that
// agrees with toml++ on every malformed text; the fuzzer kept finding where this one did
// not. So the text toml++ reads holds none of them at all, whatever toml++ makes of it:
// - in a "..." string (key or value) each becomes its escape, \u00A7, which toml++ reads
//   back as the same character without asking the lookup;
// - a '...' string holding one is handed over as the same "..." string, escaped;
// - in a comment each becomes '?' (nothing reads a comment);
// - outside strings and comments it is refused: TOML 1.0 allows only ASCII there, and so
//   after a backslash, where TOML allows no such escape.
// A last pass over the result refuses any that is left, so the guarantee does not rest on
// this scanner reading strings as toml++ does. Lines are unchanged; a column toml++
// reports on a line with a rewritten character is the rewritten line's.
#include "load/toml_guard.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

namespace umpire::load {

namespace {

bool unsafe_for_tomlpp(char32_t c)
{
    if (c <= 0xA0 || c >= 0xFEFF || c == 0x3000) {
        return false;
    }
    const auto block = (c - 0xA0) / 0x3FA;  // the lookup's own blocks of 0x3FA code points
    return block == 0 || block == 11 || block == 63;
}

std::string code_point_name(char32_t c)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

std::string escape(char32_t c) { return "\\u" + code_point_name(c).substr(2); }

class Scanner {
public:
    explicit Scanner(std::string_view text)
        : m_text(text)
    {
    }

    bool done() const { return m_at >= m_text.size(); }
    size_t at() const { return m_at; }
    char peek(size_t ahead = 0) const { return m_at + ahead < m_text.size() ? m_text[m_at + ahead] : '\0'; }
    bool starts(std::string_view s) const { return m_text.substr(m_at, s.size()) == s; }
    std::string_view since(size_t start) const { return m_text.substr(start, m_at - start); }

    // The code point at the cursor (0 for a malformed sequence: toml++ reports those).
    char32_t code_point(size_t* length = nullptr) const
    {
        const auto b = static_cast<unsigned char>(m_text[m_at]);
        size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
        char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
        for (size_t k = 1; k < n; ++k) {
            const auto cont = static_cast<unsigned char>(peek(k));
            if ((cont >> 6) != 0x2) {
                n = 0;
                break;
            }
            c = (c << 6) | (cont & 0x3F);
        }
        if (length != nullptr) {
            *length = n == 0 ? 1 : n;
        }
        return n == 0 ? 0 : c;
    }
    bool at_unsafe() const
    {
        return !done() && static_cast<unsigned char>(peek()) >= 0x80 && unsafe_for_tomlpp(code_point());
    }

    void next()
    {
        size_t n = 1;
        code_point(&n);
        if (m_text[m_at] == '\n') {
            ++m_line;
            m_column = 1;
        } else {
            ++m_column;
        }
        m_at += n;
    }
    // Moves past the code point at the cursor, appending it to OUT.
    void copy(std::string& out)
    {
        const auto start = m_at;
        next();
        out += since(start);
    }
    void copy(std::string& out, size_t count)
    {
        for (size_t i = 0; i < count && !done(); ++i) {
            copy(out);
        }
    }
    void skip(size_t count)
    {
        for (size_t i = 0; i < count && !done(); ++i) {
            next();
        }
    }
    size_t run_of(char c) const
    {
        size_t n = 0;
        while (peek(n) == c) {
            ++n;
        }
        return n;
    }

    std::string place() const { return std::to_string(m_line) + ":" + std::to_string(m_column) + ": "; }

private:
    std::string_view m_text;
    size_t m_at = 0;
    size_t m_line = 1;
    size_t m_column = 1;
};

std::string refusal(const Scanner& s, const char* where)
{
    const auto c = s.code_point();
    return s.place() + code_point_name(c) + " " + where + ": the TOML reader umpire is built with " +
           "(toml++ 3.3) cannot read U+00A1-U+0499, U+2C5E-U+3057 or U+FC06-U+FEFE there; " +
           "write it as an escape, " + escape(c) + ", in a \"...\" string";
}

// Copies a "..." or """...""" string opened at the cursor, each unsafe character as its
// escape; a refusal for one after a backslash.
std::optional<std::string> copy_basic_string(Scanner& s, std::string& out)
{
    const bool multi_line = s.starts("\"\"\"");
    s.copy(out, multi_line ? 3 : 1);
    while (!s.done()) {
        if (multi_line ? s.starts("\"\"\"") : s.peek() == '"') {
            // """a""""" ends after the last of up to five quotes (TOML 1.0)
            s.copy(out, multi_line ? std::min<size_t>(s.run_of('"'), 5) : 1);
            return std::nullopt;
        }
        if (!multi_line && s.peek() == '\n') {
            return std::nullopt;  // unterminated: toml++ says so
        }
        if (s.peek() == '\\') {
            s.copy(out);
            if (multi_line && (s.peek() == ' ' || s.peek() == '\t' || s.peek() == '\r' || s.peek() == '\n')) {
                // a line-ending backslash: what follows the blanks is text again, escaped
                // below if it must be (toml++ reads \u00A7 there as the character)
                while (s.peek() == ' ' || s.peek() == '\t' || s.peek() == '\r' || s.peek() == '\n') {
                    s.copy(out);
                }
                continue;
            }
            if (s.at_unsafe()) {
                return refusal(s, "after a backslash");
            }
            if (!s.done()) {
                s.copy(out);  // the escaped character
            }
            continue;
        }
        if (s.at_unsafe()) {
            out += escape(s.code_point());
            s.next();
            continue;
        }
        s.copy(out);
    }
    return std::nullopt;
}

// Copies a '...' or '''...''' string opened at the cursor: as it is, or, when it holds an
// unsafe character, as the "..." string with the same text.
void copy_literal_string(Scanner& s, std::string& out)
{
    const auto start = s.at();
    const bool multi_line = s.starts("'''");
    const std::string quotes = multi_line ? "\"\"\"" : "\"";
    std::string basic = quotes;
    bool unsafe = false;
    s.skip(multi_line ? 3 : 1);
    while (!s.done()) {
        if (multi_line ? s.starts("'''") : s.peek() == '\'') {
            // '''a''''' is a'' (up to two quotes before the closing three, TOML 1.0)
            const size_t extra = multi_line ? std::min<size_t>(s.run_of('\''), 5) - 3 : 0;
            basic += std::string(extra, '\'') + quotes;
            s.skip(multi_line ? 3 + extra : 1);
            break;
        }
        if (!multi_line && s.peek() == '\n') {
            break;  // unterminated: toml++ says so
        }
        const auto c = s.code_point();
        if (c == '\\' || c == '"') {
            basic += '\\';
            s.copy(basic);
        } else if (s.at_unsafe()) {
            basic += escape(c);
            unsafe = true;
            s.next();
        } else {
            s.copy(basic);
        }
    }
    out += unsafe ? std::string_view(basic) : s.since(start);
}

// "LINE:COLUMN: ..." for the first unsafe code point left in TEXT, else empty.
std::string first_unsafe(std::string_view text)
{
    Scanner s(text);
    while (!s.done()) {
        if (s.at_unsafe()) {
            return refusal(s, "here");
        }
        s.next();
    }
    return "";
}

// toml++ 3.3 walks a parsed table by recursion, a call per level (update_region_ends, at
// the end of every parse): a key of 250,000 dotted parts, x.a.a.a..., in a file of half a
// megabyte overflowed the stack (SIGSEGV, found by an attacker's test). It bounds nested
// arrays and inline tables (256), not a dotted key or a table's [header]. No chart,
// scenario or game file umpire reads nests deeper than a few levels.
constexpr size_t k_max_key_parts = 64;

// "LINE:COLUMN: ..." for the first dotted key or [header] of more than k_max_key_parts
// parts, else empty. Strings and comments are passed over; a chain of parts is bare key
// characters or strings joined by dots (blanks allowed around them), and any other
// character ends it, so a float (1.5) or a date is a chain of two parts at most.
std::string too_deep(std::string_view text)
{
    size_t dots = 0;
    for (size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        if (c == '#') {
            at = std::min(text.find('\n', at), text.size()) - 1;
            continue;
        }
        if (c == '"' || c == '\'') {
            const bool multi_line = text.substr(at, 3) == std::string_view(c == '"' ? "\"\"\"" : "\'\'\'");
            const std::string_view close = multi_line ? text.substr(at, 3) : text.substr(at, 1);
            at += close.size();
            while (at < text.size() && text.substr(at, close.size()) != close && (multi_line || text[at] != '\n')) {
                at += c == '"' && text[at] == '\\' ? 2 : 1;  // an escaped character, in a "..." string
            }
            // """a""""" ends after the last of up to five quotes (TOML 1.0), as copy_basic_string reads it
            size_t extra = 0;
            while (multi_line && extra < 2 && at + 3 + extra < text.size() && text[at + 3 + extra] == c) {
                ++extra;
            }
            at = std::min(at + close.size() + extra, text.size()) - 1;  // on the string's last character
            continue;
        }
        if (c == '.') {
            if (++dots >= k_max_key_parts) {
                const auto before = text.substr(0, at);
                const size_t line = static_cast<size_t>(std::count(before.begin(), before.end(), '\n')) + 1;
                const size_t line_start = before.rfind('\n');
                const size_t column = at - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
                return std::to_string(line) + ":" + std::to_string(column) + ": a dotted key or table name of more " +
                       "than " + std::to_string(k_max_key_parts) + " parts: umpire reads keys nested at most " +
                       std::to_string(k_max_key_parts) + " deep";
            }
            continue;
        }
        const bool bare = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
        if (!bare && c != ' ' && c != '\t') {
            dots = 0;
        }
    }
    return "";
}

}  // namespace

GuardedToml toml_guard(std::string_view text)
{
    if (auto deep = too_deep(text); !deep.empty()) {
        return {"", deep};
    }
    // TOML allows no control character but tab and the line ends anywhere (TOML 1.0:
    // not in strings, not in comments): refused first, so nothing below meets one.
    bool ascii = true;
    {
        size_t line = 1;
        size_t column = 1;
        for (char ch : text) {
            const auto b = static_cast<unsigned char>(ch);
            ascii = ascii && b < 0x80;
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
                char buf[80];
                std::snprintf(buf, sizeof buf, "%zu:%zu: the control character U+%04X is not allowed in TOML", line,
                              column, static_cast<unsigned>(b));
                return {"", buf};
            }
            if (b == '\n') {
                ++line;
                column = 1;
            } else if ((b & 0xC0) != 0x80) {
                ++column;
            }
        }
    }
    GuardedToml guarded;
    if (ascii) {
        // every unsafe code point is past ASCII: the pass below would copy the text as it is
        guarded.text = text;
        return guarded;
    }
    auto& out = guarded.text;
    out.reserve(text.size());
    Scanner s(text);
    // The last character outside strings, comments and blanks ('\n' at a line's start): a
    // quote opens a string only after one of = [ { , . or a line's start, as in TOML.
    char prev = '\n';
    while (!s.done()) {
        const char c = s.peek();
        if (c == '#') {
            while (!s.done() && s.peek() != '\n') {
                if (s.at_unsafe()) {
                    out += '?';
                    s.next();
                } else {
                    s.copy(out);
                }
            }
            continue;
        }
        if ((c == '"' || c == '\'') && std::string_view("=[{,.\n").find(prev) != std::string_view::npos) {
            if (c == '\'') {
                copy_literal_string(s, out);
            } else if (auto refused = copy_basic_string(s, out)) {
                return {"", *refused};
            }
            prev = '"';
            continue;
        }
        if (static_cast<unsigned char>(c) >= 0x80) {
            return {"", s.place() + code_point_name(s.code_point()) +
                            " outside a string or comment: TOML allows only ASCII there"};
        }
        if (c != ' ' && c != '\t' && c != '\r') {
            prev = c;
        }
        s.copy(out);
    }
    if (auto left = first_unsafe(out); !left.empty()) {
        return {"", left};
    }
    return guarded;
}

}  // namespace umpire::load
