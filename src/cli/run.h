#pragma once

#include "cli/context.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace umpire::cli {

// The whole program: parses ARGS (without the program name), runs the command, and
// returns the exit code. Holds the only top-level catch (STYLE.md rule 1).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        const Environment& env);

// From main(): reads the real environment and standard streams.
int run(int argc, char** argv);

} // namespace umpire::cli
