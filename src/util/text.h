#pragma once
// Small string helpers shared by every layer.

#include "util/expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire {

// A whole decimal integer, optionally signed, within [lo, hi]. No spaces, no suffix.
Expected<long long> parse_int(std::string_view text, long long lo, long long hi);
// A seed or a position (umpire(1), NUMBERS): parse_int's, but a '+' before it is refused
// ('--seed +5' was taken as 5, which no seed printed is). A number that may be signed (a
// modifier's +1, a column shift's +2) is parse_int's.
Expected<long long> parse_decimal(std::string_view text, long long lo, long long hi);

std::string to_lower(std::string_view text);
// The columns TEXT takes on a terminal: "é" one, "漢" two, an emoji two, a combining accent
// none (libunistring's u8_width, Unicode's East Asian Width). Text that is not UTF-8 counts
// a column a byte.
size_t display_width(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
// TEXT without the spaces and tabs at either end.
std::string trimmed(std::string_view text);
std::vector<std::string> split(std::string_view text, char separator);
std::string join(const std::vector<std::string>& parts, std::string_view separator);
// Each text LABELS holds more than once numbered in turn, "large:red #1", "large:red #2";
// the rest as they are. What a resolution reports of several alike things must tell them
// apart (exact odds count each label's results once a branch).
void number_repeats(std::vector<std::string*> labels);
// Whether LIST holds ITEM, exactly.
bool contains(const std::vector<std::string>& list, std::string_view item);
// The item of LIST that TEXT names in any case, as LIST writes it ("Gale" is "gale", "De"
// is "DE"): TEXT itself where LIST holds it exactly, else the one item equal to it but for
// case; "" when none is, or more than one. A value chosen from a list is read so everywhere.
std::string spelled_in(const std::vector<std::string>& list, std::string_view text);
// "+3", "0", "-2": how the rules texts print differentials.
std::string signed_number(long long value);

// Splits a command line into words: white space separates, '...' and "..." quote,
// a backslash escapes the next character. A bare message on an unclosed quote.
Expected<std::vector<std::string>> split_words(std::string_view line);

// The current time, UTC, as 2026-11-22T03:21:05Z.
std::string utc_now();

// Levenshtein distance, for "did you mean" (ninja's edit_distance).
int edit_distance(std::string_view a, std::string_view b);
// " (did you mean 'X'?)" for the closest candidate, or "" when none is close.
std::string suggestion(std::string_view name, const std::vector<std::string>& candidates);

// Where TEXT holds a control character: a C0 one (tab and newline included), DEL, a C1
// one written as UTF-8 (U+0080-U+009F, "\xc2\x9b" is a terminal's CSI), or a bidirectional
// control (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069: "\u202e" shows the rest of
// a line reversed, so a name or a cell could read as another). npos when none.
size_t find_control(std::string_view text);
// Where TEXT stops being UTF-8: the first byte of no whole sequence ("\x9b" alone is a
// terminal's CSI where it reads 8-bit controls). npos when it is all UTF-8.
size_t find_not_utf8(std::string_view text);
// The control character find_control found at the start of TEXT: its bytes and code point.
struct ControlChar {
    size_t size = 1;
    char32_t code = 0;
};
ControlChar control_at(std::string_view text);
// "U+001B", "U+202E": a control character's code point as a message names it.
std::string code_point_text(char32_t code);
// The first character in TEXT that a terminal shows as nothing and that is no control
// (U+00AD soft hyphen, U+200B-U+200D zero widths, U+2060 word joiner, U+FEFF, U+2028 and
// U+2029 separators), named ("U+200B"); "" when none. "T\u200bank" reads as "Tank".
std::string_view invisible_in(std::string_view text);
// TEXT as it may reach a terminal: each control character written out, "\x1b", "\u009b".
std::string visible(std::string_view text);
// TEXT as a message quotes it: whole when it is at most MOST bytes, else its first MOST
// (cut at a character, not in one) and "... (N bytes)". A line of a file or a value umpire
// refuses is quoted, not echoed: a 30 MB line made a 30 MB message (hunt54).
std::string excerpt(std::string_view text, size_t most = 200);
// TEXT as visible() writes it but for its line breaks and tabs, kept: a message of several
// lines (a table's error with its line, tabs and all, and a caret under it) whose parts
// quote what a file or folder held.
std::string visible_lines(std::string_view text);

// Where the run of printable ASCII (0x20 to 0x7e) from AT in TEXT ends: at the first byte
// outside it, or equal to one of STOPS, or at TEXT's end. Eight bytes at a
// time: most of what umpire writes is such runs (odds of 1000d10 are 33 MB of them).
size_t printable_run(std::string_view text, size_t at, std::string_view stops = {});

// Whether ARG is the option NAME as typed: "--seed", or "--seed=3".
inline bool names_option(std::string_view arg, std::string_view name)
{
    return arg == name || (arg.size() > name.size() && arg.starts_with(name) && arg[name.size()] == '=');
}

}  // namespace umpire
