// umpire siberian: The Russian Portfolio IX.B.3, Siberian roulette.
#include "cli/commands.h"
#include "games/russian-portfolio/russian_portfolio.h"

namespace umpire::cli {

struct SiberianOptions {
    int axis_number = 0;
    DiceOptions dice;
};

void run_siberian(const SiberianOptions& opt, Context& ctx)
{
    ctx.adjudicate(opt.dice, {{"axis_number", static_cast<long long>(opt.axis_number)}}, "siberian",
                   [&](core::Dice& dice) { return core::resolve_siberian(opt.axis_number, dice); });
}

void setup_siberian(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<SiberianOptions>();
    auto* sub = app.add_subcommand("siberian", "Russian Portfolio: Siberian roulette, the Axis names a "
                                               "number and the Soviet player casts (IX.B.3)");
    sub->add_option("--axis-number", opt->axis_number, "The Axis player's number, 1 to 6")->required()->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire siberian --axis-number 4");
    sub->callback([opt, &ctx] { run_siberian(*opt, ctx); });
}

}  // namespace umpire::cli
