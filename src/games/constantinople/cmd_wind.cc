// umpire wind: Constantinople 14.23, 14.31, 14.32.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"

namespace umpire::cli {

struct WindOptions {
    DiceOptions dice;
    bool start = false;
};

void run_wind(const WindOptions& opt, Context& ctx)
{
    const core::Table& direction = ctx.table("constantinople.wind-direction");
    const core::Table& velocity = ctx.table("constantinople.wind-velocity");
    if (opt.start) {
        if (!opt.dice.rolls.empty() || opt.dice.odds) {
            throw usage_error("wind --start reports the scenario's starting wind; it takes no "
                              "--roll or --odds");
        }
        const core::Scenario& s = ctx.scenario("constantinople");
        if (!s.wind) {
            throw usage_error("--scenario " + s.id + " sets no starting wind");
        }
        core::Resolution r;
        r.command = "wind";
        r.title = "Starting wind";
        r.source = s.wind->source;
        r.inputs.push_back({"scenario", s.id});
        r.result.code = s.wind->from;
        core::describe(r.result, direction, "");
        r.result.fields.push_back({"toward", std::string(core::compass_opposite(s.wind->from))});
        r.result.fields.push_back({"velocity", static_cast<long long>(s.wind->velocity)});
        r.steps.push_back("the game begins with a wind from " + s.wind->from + " at velocity " +
                          std::to_string(s.wind->velocity) + " (" + s.wind->source + ")");
        ctx.emit(std::move(r));
        return;
    }
    ctx.adjudicate(opt.dice, {}, "wind",
                   [&](core::Dice& dice) { return core::resolve_wind(direction, velocity, dice); });
}

void setup_wind(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<WindOptions>();
    auto* sub = app.add_subcommand("wind", "Constantinople wind: direction and velocity, 2d6 each "
                                           "(14.23, 14.31, 14.32)");
    add_dice_options(*sub, opt->dice);
    sub->add_flag("--start", opt->start, "The scenario's starting wind (13.1: N at 8)");
    sub->footer("Dice, in order: 2d6 direction (14.31), 2d6 velocity (14.32).\n"
                "Examples:\n  umpire wind\n  umpire wind --roll 9 --roll 7   "
                "# 14.23's example: from NE at 8\n  umpire wind --odds\n  umpire wind --start");
    sub->callback([opt, &ctx] { run_wind(*opt, ctx); });
}

}  // namespace umpire::cli
