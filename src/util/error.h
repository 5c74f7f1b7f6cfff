#pragma once
// The one exception family that crosses layers to the CLI (STYLE.md rule 7).
// Each error carries the sysexits code the CLI exits with (DESIGN.md, exit codes).

#include <stdexcept>
#include <string>

namespace umpire {

enum class ExitCode : int {
    ok = 0,
    usage = 64,     // EX_USAGE: bad usage or an input out of range
    data = 65,      // EX_DATAERR: bad table or scenario data
    no_input = 66,  // EX_NOINPUT: a named file or table not found
    internal = 70,  // EX_SOFTWARE: a bug in umpire
};

class Error : public std::runtime_error {
public:
    Error(ExitCode code, const std::string& message)
        : std::runtime_error(message), m_code(code) {}
    ExitCode code() const { return m_code; }

private:
    ExitCode m_code;
};

inline Error usage_error(const std::string& message) { return {ExitCode::usage, message}; }
inline Error data_error(const std::string& message) { return {ExitCode::data, message}; }
inline Error not_found_error(const std::string& message) { return {ExitCode::no_input, message}; }

} // namespace umpire
