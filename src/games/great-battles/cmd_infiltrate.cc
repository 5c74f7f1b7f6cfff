// umpire infiltrate: Great Battles of WWII, Drop Zone rules (Air Landings).
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct InfiltrateOptions {
    std::optional<int> morale;
    std::string unit;
    DiceOptions dice;
};

void run_infiltrate(const InfiltrateOptions& opt, Context& ctx)
{
    if (opt.morale.has_value() == !opt.unit.empty()) {
        throw usage_error("give exactly one of --morale and --unit");
    }
    int morale = opt.morale.value_or(0);
    core::Fields inputs;
    if (!opt.unit.empty()) {
        const core::Unit& unit = find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx);
        // The stand's battalion: with --apply, its stand suppressed or eliminated in the game. A
        // battalion with no stand left has no stand to infiltrate, whatever its morale: said
        // first, as close-combat, rally and suppress do (hunt49).
        if (const core::GameState* game = ctx.game(); game != nullptr) {
            core::require_stand_left(*game, unit.name, ctx.game_path());
        }
        morale = unit.morale;
        if (morale == 0) {
            throw usage_error("--unit " + opt.unit +
                              " has no morale in its scenario; give the stand's --morale instead of --unit");
        }
        inputs.push_back({"unit", unit.name});
    }
    inputs.insert(inputs.begin(), {"morale", static_cast<long long>(morale)});
    const core::Table& procedures = ctx.table("great-battles.procedures");
    ctx.adjudicate(opt.dice, inputs, "infiltrate",
                   [&](core::Dice& dice) { return core::resolve_infiltration(procedures, morale, dice); });
}

void setup_infiltrate(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<InfiltrateOptions>();
    auto* sub = app.add_subcommand("infiltrate", "Great Battles: an airborne stand cuts through enemy "
                                                 "lines to its rendezvous, d10 <= morale - 3 (Drop Zone rules)");
    sub->add_option("--morale", opt->morale, "The stand's morale")->type_name("N");
    sub->add_option("--unit", opt->unit,
                    "Or a unit of the scenario: its morale, and with --game --apply the battalion whose "
                    "stand is suppressed or eliminated")
        ->type_name("NAME");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire infiltrate --morale 10      # the text's Red Devil: 7 or less\n"
                "  umpire infiltrate --unit 2-Para --odds");
    sub->callback([opt, &ctx] { run_infiltrate(*opt, ctx); });
}

}  // namespace umpire::cli
