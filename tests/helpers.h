#pragma once
// Shared test fixtures: scripted dice, the embedded tables, an in-process CLI.

#include "cli/run.h"
#include "core/dice.h"
#include "load/catalog.h"

#include <sstream>
#include <string>
#include <vector>

namespace umpire::test {

// Dice that must all be given: a source that fails the test if the procedure asks for
// more dice than the test scripted.
class NoMoreDice : public core::DiceSource {
public:
    core::Draw draw(const core::DiceSpec& spec) override
    {
        throw std::logic_error("the procedure rolled an unscripted " + spec.label());
    }
};

struct Scripted {
    NoMoreDice source;
    core::Dice dice;
    explicit Scripted(std::vector<int> given) : dice(source, std::move(given)) {}
};

inline load::Catalog& embedded()
{
    static load::Catalog catalog;
    return catalog;
}

struct CliResult {
    int code;
    std::string out;
    std::string err;
};

inline CliResult run_cli(const std::vector<std::string>& args, cli::Environment env = {})
{
    std::ostringstream out;
    std::ostringstream err;
    int code = cli::run(args, out, err, env);
    return {code, out.str(), err.str()};
}

} // namespace umpire::test
