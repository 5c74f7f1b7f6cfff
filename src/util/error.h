#pragma once
// The one exception family that crosses layers to the CLI (STYLE.md rule 7).
// Each error carries the sysexits code the CLI exits with (DESIGN.md, exit codes).

#include <stdexcept>
#include <string>
#include <utility>

namespace umpire {

enum class ExitCode : int {
    ok = 0,
    usage = 64,        // EX_USAGE: bad usage or an input out of range
    data = 65,         // EX_DATAERR: bad table or scenario data
    no_input = 66,     // EX_NOINPUT: a named file or table not found
    unavailable = 69,  // EX_UNAVAILABLE: a program umpire runs (the editor) is missing or failed
    internal = 70,     // EX_SOFTWARE: a bug in umpire
    io = 74,           // EX_IOERR: a read or write failed (a full disk, a closed pipe)
};

class Error : public std::runtime_error {
public:
    Error(ExitCode code, const std::string& message, std::string detail = {})
        : std::runtime_error(message)
        , m_code(code)
        , m_detail(std::move(detail))
    {
    }
    ExitCode code() const { return m_code; }
    // Lines shown after the message on a terminal: a data file's offending line with a
    // caret under the column. Empty for most errors; never part of what().
    const std::string& detail() const { return m_detail; }

private:
    ExitCode m_code;
    std::string m_detail;
};

inline Error usage_error(const std::string& message) { return {ExitCode::usage, message}; }
inline Error data_error(const std::string& message) { return {ExitCode::data, message}; }
inline Error not_found_error(const std::string& message) { return {ExitCode::no_input, message}; }
inline Error io_error(const std::string& message) { return {ExitCode::io, message}; }

}  // namespace umpire
