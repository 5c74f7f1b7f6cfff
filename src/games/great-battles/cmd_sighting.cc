// umpire sighting: Great Battles of WWII 8.2.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"

namespace umpire::cli {

struct SightingOptions {
    int turn = 0;
    DiceOptions dice;
};

void run_sighting(const SightingOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table("great-battles.sighting");
    ctx.adjudicate(opt.dice, {}, "sighting",
                   [&](core::Dice& dice) { return core::resolve_sighting(table, opt.turn, dice); });
}

void setup_sighting(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<SightingOptions>();
    auto* sub = app.add_subcommand("sighting", "Great Battles: dawn sighting, does the range rise now or at "
                                               "the defender's turn (8.2)");
    sub->add_option("--turn", opt->turn, "The day's turn: 2 (3\" to 6\") or 3 (6\" to 12\")")
        ->required()
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire sighting --turn 2\n  umpire sighting --turn 3 --roll 4");
    sub->callback([opt, &ctx] { run_sighting(*opt, ctx); });
}

}  // namespace umpire::cli
