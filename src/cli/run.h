#pragma once

#include "cli/context.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace umpire::cli {

// The whole program: parses ARGS (without the program name), runs the command, and
// returns the exit code. Holds the only top-level catch (STYLE.md rule 1).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        const Environment& env);

// As run(), calling PREPARE on the context before the command runs (batch shares its
// catalog and dice stream with each line this way), and FINISHED after it ran without
// an error (batch reads what the line left for its memo).
int run_prepared(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                 const Environment& env, const std::function<void(Context&)>& prepare,
                 const std::function<void(const Context&)>& finished = {});

// From main(): reads the real environment and standard streams.
int run(int argc, char** argv);

} // namespace umpire::cli
