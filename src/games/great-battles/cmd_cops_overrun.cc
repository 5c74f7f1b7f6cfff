// umpire cops-overrun: Great Battles of WWII 5.1.3.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct CopsOverrunOptions {
    std::string side;
    std::string division;
    std::optional<int> available;
    DiceOptions dice;
};

void setup_cops_overrun(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CopsOverrunOptions>();
    auto* sub = app.add_subcommand("cops-overrun", "Great Battles: a C Ops interpenetrated by an enemy stand is "
                                                   "overrun: 10 Activation Points lost, the division isolated (5.1.3)");
    sub->add_option("--side", opt->side, "The side whose C Ops is overrun")->required()->type_name("SIDE");
    sub->add_option("--division", opt->division, "The division it commands (its stands are isolated)")
        ->type_name("NAME");
    sub->add_option("--activation-points", opt->available, "The side's Activation Points before the loss")
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("No dice. The C Ops reappears by road on a friendly board edge next day (5.1.3).\n"
                "Examples:\n  umpire cops-overrun --side german --division 9th-SS --activation-points 14");
    sub->callback([opt, &ctx] {
        const core::Table& procedures = ctx.table("great-battles.procedures");
        const std::string side = find_side("--side", opt->side, core::k_great_battles_scenario, ctx);
        core::Fields inputs{{"side", side}};
        if (!opt->division.empty()) {
            inputs.push_back({"division", opt->division});
        }
        if (opt->available) {
            inputs.push_back({"activation_points", static_cast<long long>(*opt->available)});
        }
        ctx.adjudicate(opt->dice, inputs, "cops-overrun", [&](core::Dice&) {
            return core::resolve_cops_overrun(procedures, side, opt->division, opt->available);
        });
    });
}

}  // namespace umpire::cli
