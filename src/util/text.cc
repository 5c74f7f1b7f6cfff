#include "util/text.h"

#include <unistr.h>
#include <uniwidth.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace umpire {

Expected<long long> parse_int(std::string_view text, long long lo, long long hi)
{
    std::string_view digits = text;
    if (!digits.empty() && digits.front() == '+') {
        digits.remove_prefix(1);
    }
    long long value = 0;
    const auto* end = digits.data() + digits.size();
    auto [ptr, ec] = std::from_chars(digits.data(), end, value);
    if (digits.empty() || ec == std::errc::invalid_argument || ptr != end) {
        return fail<long long>("'" + std::string(text) + "' is not a whole number");
    }
    if (ec == std::errc::result_out_of_range || value < lo || value > hi) {
        return fail<long long>("'" + std::string(text) + "' is out of range; allowed " + std::to_string(lo) + " to " +
                               std::to_string(hi));
    }
    return value;
}

Expected<long long> parse_decimal(std::string_view text, long long lo, long long hi)
{
    if (text.starts_with('+')) {
        return fail<long long>("'" + std::string(text) + "' is not a whole decimal number: write it without the '+'");
    }
    return parse_int(text, lo, hi);
}

size_t display_width(std::string_view text)
{
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        return text.size();  // ASCII, nearly every line umpire prints: a column a byte
    }
    if (u8_check(bytes, text.size()) != nullptr) {
        return text.size();
    }
    const int columns = u8_width(bytes, text.size(), "UTF-8");
    return columns < 0 ? text.size() : static_cast<size_t>(columns);
}

std::string to_lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string trimmed(std::string_view text)
{
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
        return "";
    }
    return std::string(text.substr(first, text.find_last_not_of(" \t") - first + 1));
}

bool iequals(std::string_view a, std::string_view b)
{
    // As to_lower(a) == to_lower(b), without making either: a unit's name is looked up
    // through every unit of a game, and a game may hold thousands.
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

std::vector<std::string> split(std::string_view text, char separator)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        size_t at = text.find(separator, start);
        parts.emplace_back(text.substr(start, at - start));
        if (at == std::string_view::npos) {
            break;
        }
        start = at + 1;
    }
    return parts;
}

void number_repeats(std::vector<std::string*> labels)
{
    const auto distinct = [&] {
        for (size_t i = 0; i < labels.size(); ++i) {
            for (size_t j = 0; j < i; ++j) {
                if (*labels[i] == *labels[j]) {
                    return false;
                }
            }
        }
        return true;
    };
    if (distinct()) {
        return;
    }
    std::vector<std::string> original;
    for (const std::string* label : labels) {
        original.push_back(*label);
    }
    for (size_t i = 0; i < labels.size(); ++i) {
        const auto alike = std::count(original.begin(), original.end(), original[i]);
        if (alike > 1) {
            const auto before =
                std::count(original.begin(), original.begin() + static_cast<std::ptrdiff_t>(i), original[i]);
            *labels[i] += " #" + std::to_string(before + 1);
        }
    }
}

bool contains(const std::vector<std::string>& list, std::string_view item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::string spelled_in(const std::vector<std::string>& list, std::string_view text)
{
    if (contains(list, text)) {
        return std::string(text);
    }
    const std::string* only = nullptr;
    for (const std::string& item : list) {
        if (iequals(item, text)) {
            if (only != nullptr) {
                return "";  // two items differ only by case: TEXT names neither
            }
            only = &item;
        }
    }
    return only == nullptr ? std::string() : *only;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) {
            out += separator;
        }
        out += parts[i];
    }
    return out;
}

std::string signed_number(long long value) { return value > 0 ? "+" + std::to_string(value) : std::to_string(value); }

Expected<std::vector<std::string>> split_words(std::string_view line)
{
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (c == '\\' && quote != '\'' && i + 1 == line.size()) {
            // A shell would read the next line on; a request is one line.
            return fail<std::vector<std::string>>("a backslash ends the line, escaping nothing: a request is one "
                                                  "line, not continued on the next (a backslash itself is \\\\)");
        }
        if (c == '\\' && quote != '\'' && i + 1 < line.size()) {
            word += line[++i];
            in_word = true;
        } else if (quote != 0) {
            if (c == quote) {
                quote = 0;
            } else {
                word += c;
            }
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) {
                words.push_back(word);
                word.clear();
                in_word = false;
            }
        } else {
            word += c;
            in_word = true;
        }
    }
    if (quote != 0) {
        return fail<std::vector<std::string>>(std::string("unclosed ") + quote + " quote");
    }
    if (in_word) {
        words.push_back(word);
    }
    return words;
}

std::string utc_now()
{
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

int edit_distance(std::string_view a, std::string_view b)
{
    std::vector<int> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) {
        row[j] = static_cast<int>(j);
    }
    for (size_t i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = static_cast<int>(i);
        for (size_t j = 1; j <= b.size(); ++j) {
            int above = row[j];
            bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string suggestion(std::string_view name, const std::vector<std::string>& candidates)
{
    const std::string* best = nullptr;
    int best_distance = 0;
    for (const auto& candidate : candidates) {
        int d = edit_distance(name, candidate);
        if (best == nullptr || d < best_distance) {
            best = &candidate;
            best_distance = d;
        }
    }
    int allowed = std::max<int>(2, static_cast<int>(name.size()) / 3);
    if (best == nullptr || best_distance > allowed || best_distance >= static_cast<int>(name.size())) {
        // A word written out that the table abbreviates ("november" for "nov"), or cut
        // short: the one candidate that is a prefix of the other, three letters or more.
        const std::string lower = to_lower(name);
        const std::string* prefixed = nullptr;
        for (const auto& candidate : candidates) {
            const std::string c = to_lower(candidate);
            const bool related = (c.size() >= 3 && lower.starts_with(c)) || (lower.size() >= 3 && c.starts_with(lower));
            if (related) {
                if (prefixed != nullptr) {
                    return "";  // ambiguous
                }
                prefixed = &candidate;
            }
        }
        return prefixed == nullptr ? "" : " (did you mean '" + *prefixed + "'?)";
    }
    return " (did you mean '" + *best + "'?)";
}

namespace {

// The bidirectional control at AT in TEXT (its UTF-8 bytes), 0 when there is none.
size_t bidi_control_size(std::string_view text, size_t at)
{
    const auto byte = [&](size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0; };
    if (byte(at) == 0xd8 && byte(at + 1) == 0x9c) {
        return 2;  // U+061C ARABIC LETTER MARK
    }
    if (byte(at) != 0xe2) {
        return 0;
    }
    const unsigned char b1 = byte(at + 1);
    const unsigned char b2 = byte(at + 2);
    const bool marks = b1 == 0x80 && (b2 == 0x8e || b2 == 0x8f);   // U+200E, U+200F
    const bool embeds = b1 == 0x80 && b2 >= 0xaa && b2 <= 0xae;    // U+202A-U+202E
    const bool isolates = b1 == 0x81 && b2 >= 0xa6 && b2 <= 0xa9;  // U+2066-U+2069
    return marks || embeds || isolates ? 3 : 0;
}

}  // namespace

size_t find_control(std::string_view text)
{
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f ||
            (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
             static_cast<unsigned char>(text[i + 1]) <= 0x9f) ||
            ((c == 0xe2 || c == 0xd8) && bidi_control_size(text, i) != 0)) {
            return i;
        }
    }
    return std::string_view::npos;
}

size_t find_not_utf8(std::string_view text)
{
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        return std::string_view::npos;
    }
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    const uint8_t* bad = u8_check(bytes, text.size());
    return bad == nullptr ? std::string_view::npos : static_cast<size_t>(bad - bytes);
}

ControlChar control_at(std::string_view text)
{
    const auto byte = [&](size_t i) -> char32_t { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0; };
    if (const size_t n = bidi_control_size(text, 0); n == 2) {
        return {2, 0x061c};
    } else if (n == 3) {
        return {3, static_cast<char32_t>(((byte(0) & 0x0f) << 12) | ((byte(1) & 0x3f) << 6) | (byte(2) & 0x3f))};
    }
    if (byte(0) == 0xc2 && byte(1) >= 0x80 && byte(1) <= 0x9f) {
        return {2, byte(1)};
    }
    return {1, byte(0)};
}

std::string_view invisible_in(std::string_view text)
{
    static constexpr std::pair<std::string_view, std::string_view> k_invisible[] = {
        {"\xc2\xad", "U+00AD"},     {"\xe2\x80\x8b", "U+200B"}, {"\xe2\x80\x8c", "U+200C"}, {"\xe2\x80\x8d", "U+200D"},
        {"\xe2\x81\xa0", "U+2060"}, {"\xef\xbb\xbf", "U+FEFF"}, {"\xe2\x80\xa8", "U+2028"}, {"\xe2\x80\xa9", "U+2029"}};
    for (size_t at = 0; at < text.size(); ++at) {
        for (const auto& [bytes, name] : k_invisible) {
            if (text.substr(at).starts_with(bytes)) {
                return name;
            }
        }
    }
    return {};
}

std::string code_point_text(char32_t code)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(code));
    return buf;
}

std::string visible_lines(std::string_view text)
{
    std::string out;
    for (size_t at = 0;;) {
        const size_t end = text.find_first_of("\n\t", at);
        out += visible(text.substr(at, end - at));
        if (end == std::string_view::npos) {
            return out;
        }
        out += text[end];
        at = end + 1;
    }
}

std::string excerpt(std::string_view text, size_t most)
{
    if (text.size() <= most) {
        return std::string(text);
    }
    size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut;  // back to the first byte of the character MOST is in
    }
    return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string visible(std::string_view text)
{
    std::string out;
    // A run of no control, a byte that is not UTF-8 written as \xHH (it could be one).
    const auto run = [&out](std::string_view part) {
        for (size_t bad = find_not_utf8(part); bad != std::string_view::npos; bad = find_not_utf8(part)) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(part[bad])));
            out += part.substr(0, bad);
            out += buf;
            part.remove_prefix(bad + 1);
        }
        out += part;
    };
    for (size_t at = 0;;) {
        const size_t found = find_control(text.substr(at));
        if (found == std::string_view::npos) {
            run(text.substr(at));
            return out;
        }
        run(text.substr(at, found));
        at += found;
        const ControlChar control = control_at(text.substr(at));
        char buf[8];
        std::snprintf(buf, sizeof buf, control.size == 1 ? "\\x%02x" : "\\u%04x", static_cast<unsigned>(control.code));
        at += control.size;
        out += buf;
    }
}

size_t printable_run(std::string_view text, size_t at, std::string_view stops)
{
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t high = 0x8080808080808080ULL;
    // Each test below sets the high bit of every byte of W it finds, and may set it falsely
    // in bytes above a true one (a borrow or a carry), never below: the lowest is exact.
    // A byte of W equal to 0: (x - 1) & ~x.
    const auto zero_byte = [&](std::uint64_t x) { return (x - ones) & ~x & high; };
    const auto outside = [&](std::uint64_t w) {  // a byte below 0x20 or above 0x7e
        return ((w - ones * 0x20) & ~w & high) | (((w + ones * (127 - 0x7e)) | w) & high);
    };
    const auto found = [&](std::uint64_t w) {
        std::uint64_t stop = outside(w);
        for (const char c : stops) {
            stop |= zero_byte(w ^ (ones * static_cast<unsigned char>(c)));
        }
        return stop;
    };
    if constexpr (std::endian::native != std::endian::little) {  // the lowest byte first
        for (; at < text.size(); ++at) {
            const auto u = static_cast<unsigned char>(text[at]);
            if (u < 0x20 || u > 0x7e || stops.find(text[at]) != std::string_view::npos) {
                return at;
            }
        }
        return at;
    }
    std::uint64_t w = 0;
    std::uint64_t stop = 0;
    if (stops.empty()) {  // the terminal's case, kept to its few instructions a word
        for (; at + 8 <= text.size(); at += 8) {
            std::memcpy(&w, text.data() + at, 8);
            if ((stop = outside(w)) != 0) {
                return at + static_cast<size_t>(std::countr_zero(stop) / 8);
            }
        }
    }
    for (; at + 8 <= text.size(); at += 8) {
        std::memcpy(&w, text.data() + at, 8);
        if ((stop = found(w)) != 0) {
            return at + static_cast<size_t>(std::countr_zero(stop) / 8);
        }
    }
    if (at >= text.size()) {
        return at;
    }
    // The last one to seven bytes, read into a word of zeros. A zero is outside the run too,
    // so something is always found, and what is found past TEXT's end stands for its end.
    w = 0;
    std::memcpy(&w, text.data() + at, text.size() - at);
    stop = found(w);
    return std::min(text.size(), at + static_cast<size_t>(std::countr_zero(stop) / 8));
}

}  // namespace umpire
