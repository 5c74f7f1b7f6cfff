// umpire initiative: Constantinople 13.1.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"

namespace umpire::cli {

struct InitiativeOptions {
    DiceOptions dice;
};

void run_initiative(const InitiativeOptions& opt, Context& ctx)
{
    ctx.adjudicate(opt.dice, {}, "initiative", [](core::Dice& dice) { return core::resolve_initiative(dice); });
}

void setup_initiative(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<InitiativeOptions>();
    auto* sub = app.add_subcommand("initiative", "Constantinople initiative each Impulse: each "
                                                 "player rolls, high moves first (13.1)");
    add_dice_options(*sub, opt->dice);
    sub->footer("Dice, in order: the Byzantine player's, then the Ottoman player's.\n"
                "A tie is reported as 'tie': 13.1 names no tie-break, so both roll again.\n"
                "Examples:\n  umpire initiative\n  umpire initiative --roll 5 --roll 2");
    sub->callback([opt, &ctx] { run_initiative(*opt, ctx); });
}

}  // namespace umpire::cli
