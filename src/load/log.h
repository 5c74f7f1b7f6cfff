#pragma once
// Reading JSON: the audit log back for `umpire replay`, and JSON request lines
// of `umpire batch`. JSON is read with nlohmann-json (Debian's nlohmann-json3-dev); only
// this file's .cc includes it.

#include "util/expected.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::load {

struct LogEntry {
    std::vector<std::string> argv;
    std::uint32_t seed = 0;
    std::uint64_t position = 0;
    std::vector<std::pair<std::string, std::string>> tables;  // id -> SHA-256
    std::string resolution;                                   // the logged resolution, as JSON text
    std::optional<std::string> state_before;                  // a state file\'s text before the call
};

// The audit log in one place: a line is written (log_line), appended (append_log_line),
// read back (parse_log_line) and compared (resolution_difference) here.

// One log line, newline included: time, the request as typed, seed and position, each
// table read with its SHA-256, and RESOLUTION_JSON (the resolution as JSON output prints it).
std::string log_line(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                     std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables,
                     const std::string& resolution_json, const std::optional<std::string>& state_before = {});

// Appends LINE to PATH with a single write() on an O_APPEND descriptor, so concurrent
// writers never interleave and an interrupted run never leaves half a line.
void append_log_line(const std::string& path, const std::string& line);

Expected<LogEntry> parse_log_line(std::string_view line);

// A batch request written as JSON, {"args": ["check", "storm"]}: the words
// of the command line. A message saying what is wrong otherwise.
Expected<std::vector<std::string>> parse_json_request(std::string_view line);

// What differs between two resolutions' dice and results ("" when nothing does).
std::string resolution_difference(std::string_view logged, std::string_view now);

}  // namespace umpire::load
