// umpire replace: Great Battles of WWII 16.2.
#include "cli/commands.h"
#include "core/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct ReplaceOptions {
    std::string supply;
    std::string side;
    std::string situation;
    int eliminated = 0;
    DiceOptions dice;
};

void run_replace(const ReplaceOptions& opt, Context& ctx)
{
    if (opt.supply.empty() == opt.side.empty()) {
        throw usage_error("give exactly one of --supply and --side");
    }
    std::string supply = opt.supply;
    if (!opt.side.empty()) {
        const core::Scenario& s = ctx.scenario(core::k_great_battles_scenario);
        supply = s.supply_of(opt.side);
        if (supply.empty()) {
            throw usage_error("--side " + opt.side + ": scenario " + s.id + " sets no supply for it; give --supply");
        }
    }
    const core::Table& chart = ctx.table("great-battles.replacement");
    core::Fields inputs{
        {"supply", supply}, {"situation", opt.situation}, {"eliminated", static_cast<long long>(opt.eliminated)}};
    ctx.adjudicate(opt.dice, inputs, "replace", [&](core::Dice& dice) {
        return core::resolve_replacement(chart, supply, opt.situation, opt.eliminated, dice);
    });
}

void setup_replace(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ReplaceOptions>();
    auto* sub = app.add_subcommand("replace", "Great Battles: night replacement rolls, a d10 per "
                                              "eliminated stand (16.2)");
    sub->add_option("--supply", opt->supply, "Supply quality: good, average, poor")->type_name("QUALITY");
    sub->add_option("--side", opt->side, "Or the side, whose supply the scenario sets")->type_name("SIDE");
    sub->add_option("--situation", opt->situation, "reserve (the whole day, 5.3.2), line, or isolated (16.2.2)")
        ->required()
        ->check(one_of({"reserve", "line", "isolated"}))
        ->type_name("SITUATION");
    sub->add_option("--eliminated", opt->eliminated, "Eliminated stands, one d10 each")->required()->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The Replacement Chart of 16.2 is lost: umpire's table is PROVISIONAL.\n"
                "Examples:\n  umpire replace --supply average --situation line --eliminated 2\n"
                "  umpire replace --side british --situation reserve --eliminated 1");
    sub->callback([opt, &ctx] { run_replace(*opt, ctx); });
}

}  // namespace umpire::cli
