// umpire roll EXPR...: dice expressions, each die shown.
#include "cli/commands.h"
#include "util/error.h"

namespace umpire::cli {

struct RollOptions {
    std::vector<std::string> expressions;
    bool odds = false;
};

void run_roll(const RollOptions& opt, Context& ctx)
{
    std::vector<core::DiceSpec> specs;
    for (const auto& text : opt.expressions) {
        auto spec = core::parse_dice(text);
        if (!spec) {
            throw usage_error("roll: " + spec.error());
        }
        specs.push_back(*spec);
    }
    auto adjudicate = [&](core::Dice& dice) {
        core::Resolution r;
        r.command = "roll";
        r.title = "Dice";
        r.source = "dice expressions";
        long long total = 0;
        for (size_t i = 0; i < specs.size(); ++i) {
            int value = dice.roll(specs[i], opt.expressions[i]);
            total += value;
            core::Outcome o;
            o.label = opt.expressions[i];
            o.code = std::to_string(value);
            r.results.push_back(o);
        }
        r.result.code = std::to_string(total);
        r.result.name = specs.size() == 1 ? "" : "total";
        r.rolls = dice.record();
        return r;
    };
    DiceOptions dice{{}, opt.odds};
    ctx.adjudicate(dice, {{"expressions", opt.expressions}}, "roll", adjudicate);
}

void setup_roll(CLI::App& app, Context& ctx)
{
    auto opt = std::make_shared<RollOptions>();
    auto* sub = app.add_subcommand("roll", "Roll dice expressions: NdS, d% or d100, +N/-N");
    sub->add_option("EXPR", opt->expressions, "Dice expressions, e.g. 2d6 d100 3d6+2")
        ->required();
    sub->add_flag("--odds", opt->odds, "The exact distribution of each total instead of a roll");
    sub->footer("Examples:\n  umpire roll 2d6\n  umpire --seed 42 roll d100 3d6+2\n"
                "  umpire roll 2d6 --odds\nLimits: 1 to 1000 dice of 2 to 1000 sides.");
    sub->callback([opt, &ctx] { run_roll(*opt, ctx); });
}

} // namespace umpire::cli
