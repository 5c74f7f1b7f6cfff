// umpire always-possible: Great War at Sea, The Turkish Black Sea Fleet optional rule.
#include "cli/commands.h"
#include "games/black-sea/black_sea.h"

namespace umpire::cli {

struct AlwaysPossibleOptions {
    int needed = 0;
    int best = 0;
    DiceOptions dice;
};

void run_always_possible(const AlwaysPossibleOptions& opt, Context& ctx)
{
    const core::Table& procedures = ctx.table("black-sea.procedures");
    core::Fields inputs{{"needed", static_cast<long long>(opt.needed)}, {"best", static_cast<long long>(opt.best)}};
    ctx.adjudicate(opt.dice, inputs, "always-possible", [&](core::Dice& dice) {
        return core::resolve_always_possible(procedures, opt.needed, opt.best, dice);
    });
}

void setup_always_possible(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<AlwaysPossibleOptions>();
    auto* sub = app.add_subcommand("always-possible", "Great War at Sea: a roll modifiers put out of reach, "
                                                      "as (needed - best + 1) dice that must all be sixes");
    sub->add_option("--needed", opt->needed, "The number needed for success")->required()->type_name("N");
    sub->add_option("--best", opt->best, "The highest modified roll possible")->required()->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire always-possible --needed 6 --best 5   # the text's torpedo: two dice\n"
                "  umpire always-possible --needed 7 --best 4 --odds");
    sub->callback([opt, &ctx] { run_always_possible(*opt, ctx); });
}

}  // namespace umpire::cli
