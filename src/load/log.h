#pragma once
// Reading JSON: the audit log back for `umpire replay`, and JSON request lines
// of `umpire batch`. JSON is read with nlohmann-json (Debian's nlohmann-json3-dev); only
// this file's .cc includes it.

#include "core/game.h"
#include "util/expected.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::load {

struct LogEntry {
    std::string prev;  // the SHA-256 of the line before, chain_start() on the first; "" when absent
    std::vector<std::string> argv;
    std::uint32_t seed = 0;
    std::uint64_t position = 0;
    std::vector<std::pair<std::string, std::string>> tables;  // id -> SHA-256
    std::string resolution;                                   // the logged resolution, as JSON text
    std::optional<std::string> state_before;                  // a state file\'s text before the call
    std::vector<core::Change> changes;                        // a game journal's line: what it changed
    std::optional<long long> undoes;                          // ...and the line it undid
    std::string after;    // a game journal's line: the SHA-256 of the game file it left, "" when absent
    std::string command;  // the resolution's command ("game redo"), "" when it names none
    // Read from the resolution: its main result's code ("" when it has none), and how many
    // of its dice umpire rolled and how many were given (typed in by hand).
    std::string result_code;
    std::string result_label;   // which of the results it is ("attack on Genoa"), "" when unlabelled
    std::string result_target;  // the unit its "target" field names, "" when none
    // The other results a resolution reports that are attacks on targets of their own, with
    // dice of their own (the counterattacks of a melee exchange): each label, code and target.
    // Results that make up the main one (a roll's expressions, a rally's stands) are not kept.
    struct Outcome {
        std::string label;
        std::string code;
        std::string target;
    };
    std::vector<Outcome> other_results;
    std::vector<std::pair<std::string, std::string>> result_fields;  // its fields, as an odds report writes values
    size_t dice_rolled = 0;
    size_t dice_given = 0;
};

// Why ENTRY, line NUMBER of a log, does not follow the line before it, whose SHA-256 (or
// chain_start() for the first) is LINK: "" when it does.
std::string chain_break(const LogEntry& entry, const std::string& link, size_t number);

// What is said of a log or journal whose lines end in CR LF: "its lines end in CR LF (a copy
// through a DOS tool?)". The chain links the lines as umpire wrote them, LF-ended.
std::string crlf_lines();

// The audit log in one place: a line is written (log_line), appended (append_log_line),
// read back (parse_log_line) and compared (resolution_difference) here.

// One log line, newline included: time, the request as typed, seed and position, each
// table read with its SHA-256, and RESOLUTION_JSON (the resolution as JSON output prints it).
std::string log_line(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                     std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables,
                     const std::string& resolution_json, const std::optional<std::string>& state_before = {});

// A game journal's line: a log line with the CHANGES it made to the game, for an undo the
// index (from 0) of the line it undid, and AFTER, the SHA-256 of the game file's text the
// line leaves (so a file can be shown to be what its journal makes without replaying it).
std::string journal_line(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                         std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables,
                         const std::vector<core::Change>& changes, std::optional<long long> undoes,
                         const std::string& after, const std::string& resolution_json);

// Appends LINE (a JSON object from log_line) to PATH, chained: it gains "prev", the
// SHA-256 of the file's last line (chain_start() for the first), so a line removed,
// inserted, reordered or edited breaks the chain at the line after it. Writers take
// turns (flock), and each writes its line with one write() on an O_APPEND descriptor; a
// torn last line (a writer killed mid-write) is first ended with a newline, so it stands
// alone and spoils no other line.
//
// Nothing is half-written: a write that fails (a full disk) is cut back off the file before
// the io Error is thrown. With DURABLE the line is on the disk (fdatasync) before it returns,
// as a game journal's must be: it is the record the game file is rolled forward to. Returns
// the file's size before the line, for truncate_log.
std::uint64_t append_log_line(const std::string& path, const std::string& line, bool durable = false);
// Cuts PATH back to SIZE bytes (a line appended whose game file could not be written, or a
// journal's torn last line), on the disk before it returns.
void truncate_log(const std::string& path, std::uint64_t size);
// An io Error when a line could not be appended to the log at PATH (not a regular file, or
// not to be opened for writing), found before a game is changed: the change and its audit
// line go together. PATH is made when missing, as append_log_line would.
void require_appendable(const std::string& path);
// Ends PATH's last line with the newline it lacks, on the disk before it returns.
void end_last_line(const std::string& path);
std::string chain_start();

// A log's chain followed line by line, as replay and luck read it. A line ending in CR (a
// log whose line ends were converted to CR LF) has the CR taken off, as it was written.
struct LogChain {
    std::string link = chain_start();  // the link the next line must carry
    size_t crlf_line = 0;              // the first line that ended in CR, 0 while none has
    // LINE, line NUMBER as getline read it, its CR taken off: the link it must carry; the
    // next line's is LINE's SHA-256.
    std::string next(std::string& line, size_t number);
    // What to say at line crlf_line of the log at PATH: its line ends, and how to mend them.
    static std::string crlf_said(const std::string& path);
};

// UTF-8's byte-order mark (U+FEFF), as some editors save it before a file's first line.
// umpire writes none: a journal's first line that begins with one breaks the chain there
// (check_chain), and game recover removes it.
inline constexpr std::string_view k_byte_order_mark = "\xEF\xBB\xBF";

// A log's or journal's lines checked as a chain, without reading them as JSON: each line
// must open with {"prev":"<SHA-256 of the line before>", as append_log_line writes it, and
// end in LF alone (a line ending in CR LF breaks the chain there, the first line or the last
// too: crlf_lines()).
struct Chain {
    size_t lines = 0;         // whole lines (each ended by a newline)
    std::uint64_t whole = 0;  // bytes in them; past it, a torn last line (no newline)
    std::string last;         // the SHA-256 of the last whole line, chain_start() when none
    size_t broken_at = 0;     // the first line (from 1) that does not follow the one before, 0 when none
    std::string why;          // ...and why, as chain_break says it
};
Chain check_chain(std::string_view text);

// LINE, a log's or journal's line, read. A line that is not an umpire log line, or whose
// arrays and objects nest deeper than umpire reads (256, as for TOML), is a bare message.
Expected<LogEntry> parse_log_line(std::string_view line);

// A batch request written as JSON, {"args": ["check", "storm"]}: the words
// of the command line. A message saying what is wrong otherwise.
Expected<std::vector<std::string>> parse_json_request(std::string_view line);

// Where two resolutions differ, every field (but seed and position) compared:
// "result.code: logged pinned, now sunk; ..." (at most five), "" when nothing does.
std::string resolution_difference(std::string_view logged, std::string_view now);

}  // namespace umpire::load
