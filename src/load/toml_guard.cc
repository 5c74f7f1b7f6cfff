// toml++ 3.3 decides whether a non-ASCII character is whitespace with a generated lookup
// that reaches __builtin_unreachable() - undefined behaviour - for the code points
// U+00A1-U+0499, U+2C5E-U+3057 and U+FC06-U+FEFE (marzer/tomlplusplus issues 190 and
// 295, fixed upstream by pull request 305, after 3.3). Found here by
// tests/fuzz/fuzz_loader (regression: tests/fuzz/regressions/loader).
//
// toml++ asks that question only where whitespace could be: outside strings, over the
// text of a key (it records a key, quoted ones included), and in a multi-line basic
// string on the character after a backslash (or, after a line-ending backslash, on the
// first one that follows). This check refuses the characters there before toml++ sees
// the text. String values and comments keep every character; non-ASCII outside strings
// and comments is not TOML 1.0 anyway.
#include "load/toml_guard.h"

#include <cstdint>
#include <cstdio>
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

class Scanner {
public:
    explicit Scanner(std::string_view text)
        : m_text(text)
    {
    }

    bool done() const { return m_at >= m_text.size(); }
    char peek(size_t ahead = 0) const { return m_at + ahead < m_text.size() ? m_text[m_at + ahead] : '\0'; }
    bool starts(std::string_view s) const { return m_text.substr(m_at, s.size()) == s; }

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
    void skip(size_t count)
    {
        for (size_t i = 0; i < count && !done(); ++i) {
            next();
        }
    }

    std::string place() const { return std::to_string(m_line) + ":" + std::to_string(m_column) + ": "; }

private:
    std::string_view m_text;
    size_t m_at = 0;
    size_t m_line = 1;
    size_t m_column = 1;
};

// Refuses the character at the cursor when toml++ would ask whether it is whitespace.
std::optional<std::string> refuse_unsafe(const Scanner& s, const char* where)
{
    if (s.done() || static_cast<unsigned char>(s.peek()) < 0x80) {
        return std::nullopt;
    }
    const char32_t c = s.code_point();
    if (!unsafe_for_tomlpp(c)) {
        return std::nullopt;
    }
    return s.place() + code_point_name(c) + " " + where + ": the TOML reader umpire is built with " +
           "(toml++ 3.3) cannot read U+00A1-U+0499, U+2C5E-U+3057 or U+FC06-U+FEFE there; " +
           "write it as an escape, \\u" + code_point_name(c).substr(2) + ", in a \"...\" string";
}

// Scans a string opened at the cursor; KEY when it is (part of) a key.
std::optional<std::string> scan_string(Scanner& s, bool key)
{
    const char quote = s.peek();
    const bool multi_line = s.starts(quote == '"' ? "\"\"\"" : "'''");
    s.skip(multi_line ? 3 : 1);
    while (!s.done()) {
        if (multi_line ? s.starts(quote == '"' ? "\"\"\"" : "'''") : s.peek() == quote) {
            s.skip(multi_line ? 3 : 1);
            return std::nullopt;
        }
        if (!multi_line && s.peek() == '\n') {
            return std::nullopt;  // unterminated: toml++ says so
        }
        if (quote == '"' && s.peek() == '\\') {
            s.next();
            if (multi_line && (s.peek() == ' ' || s.peek() == '\t' || s.peek() == '\r' || s.peek() == '\n')) {
                while (s.peek() == ' ' || s.peek() == '\t' || s.peek() == '\r' || s.peek() == '\n') {
                    s.next();
                }
                if (auto refused = refuse_unsafe(s, "after a line-ending backslash")) {
                    return refused;
                }
                continue;
            }
            if (multi_line) {
                if (auto refused = refuse_unsafe(s, "after a backslash")) {
                    return refused;
                }
            }
            if (!s.done()) {
                s.next();  // the escaped character
            }
            continue;
        }
        if (key) {
            if (auto refused = refuse_unsafe(s, "in a quoted key")) {
                return refused;
            }
        }
        s.next();
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> toml_guard(std::string_view text)
{
    // TOML allows no control character but tab and the line ends anywhere (TOML 1.0:
    // not in strings, not in comments). After one inside a multi-line string toml++ 3.3
    // asks its whitespace lookup about the next character (fuzz_loader found a U+0004
    // then U+00A7 there, tests/fuzz/regressions/loader): refuse them all first.
    {
        size_t line = 1;
        size_t column = 1;
        for (char ch : text) {
            const auto b = static_cast<unsigned char>(ch);
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
                char buf[80];
                std::snprintf(buf, sizeof buf, "%zu:%zu: the control character U+%04X is not allowed in TOML", line,
                              column, static_cast<unsigned>(b));
                return std::string(buf);
            }
            if (b == '\n') {
                ++line;
                column = 1;
            } else if ((b & 0xC0) != 0x80) {
                ++column;
            }
        }
    }
    Scanner s(text);
    std::vector<char> nest;  // '[' an array value, '{' an inline table
    bool key = true;         // a key may start here
    bool header = false;     // inside [table] or [[array of tables]]
    // The last character outside strings, comments and blanks ('\n' at a line's start): a
    // quote opens a string only after one of = [ { , . or a line's start. Anywhere else
    // (0"""...""", "a""b") toml++ reads on through the characters as a bare value, asking
    // its whitespace lookup of each (fuzz_loader: 's =0"""=U+00A7"""'), so they are
    // checked as outside a string.
    char prev = '\n';
    while (!s.done()) {
        const char c = s.peek();
        if (c == '#') {
            while (!s.done() && s.peek() != '\n') {
                s.next();
            }
            continue;
        }
        if ((c == '"' || c == '\'') && std::string_view("=[{,.\n").find(prev) != std::string_view::npos) {
            if (auto refused = scan_string(s, key || header)) {
                return refused;
            }
            prev = '"';
            continue;
        }
        if (c != ' ' && c != '\t' && c != '\r') {
            prev = c;
        }
        if (static_cast<unsigned char>(c) >= 0x80) {
            return s.place() + code_point_name(s.code_point()) +
                   " outside a string or comment: TOML allows only ASCII there";
        }
        if (c == '\n' && nest.empty()) {
            key = true;
            header = false;
        } else if (c == '=') {
            key = false;
        } else if (c == '[') {
            if (key && nest.empty()) {
                header = true;
            } else {
                nest.push_back('[');
                key = false;
            }
        } else if (c == ']') {
            if (!nest.empty() && nest.back() == '[') {
                nest.pop_back();
            } else {
                header = false;
            }
        } else if (c == '{') {
            nest.push_back('{');
            key = true;
        } else if (c == '}') {
            if (!nest.empty() && nest.back() == '{') {
                nest.pop_back();
            }
            key = false;
        } else if (c == ',' && !nest.empty() && nest.back() == '{') {
            key = true;
        }
        s.next();
    }
    return std::nullopt;
}

}  // namespace umpire::load
