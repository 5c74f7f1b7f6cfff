// umpire reef HEX: Constantinople 15.53 with the numbered hexes.
#include "cli/commands.h"
#include "core/constantinople.h"
#include "util/error.h"

namespace umpire::cli {

struct ReefOptions {
    std::string hex;
    std::string side;
    DiceOptions dice;
};

void run_reef(const ReefOptions& opt, Context& ctx)
{
    const core::Table& reefs = ctx.table("constantinople.reefs");
    ctx.adjudicate(opt.dice, {}, "reef",
                   [&](core::Dice& dice) { return core::resolve_reef(reefs, opt.hex, opt.side, dice); });
}

void setup_reef(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ReefOptions>();
    auto* sub = app.add_subcommand("reef", "Constantinople reefs and shoals: roll higher than the "
                                           "hex's number or the ship is lost (15.53)");
    sub->add_option("HEX", opt->hex, "A numbered hex, e.g. 2028")->required();
    sub->add_option("--side", opt->side,
                    "Whose ship enters: Byzantine ships need not roll in "
                    "the hexes of 14.29")
        ->required()
        ->check(one_of({"byzantine", "ottoman"}))
        ->type_name("byzantine|ottoman");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire reef 2028 --side ottoman\n  umpire reef 2234 --side byzantine\n"
                "  umpire table show constantinople.reefs   # the hex list");
    sub->callback([opt, &ctx] { run_reef(*opt, ctx); });
}

}  // namespace umpire::cli
