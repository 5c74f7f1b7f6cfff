// umpire command-roll: Great Battles of WWII 13.0.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct CommandRollOptions {
    std::string quality;
    std::string unit;
    int modifier = 0;
    DiceOptions dice;
};

void run_command_roll(const CommandRollOptions& opt, Context& ctx)
{
    if (opt.quality.empty() == opt.unit.empty()) {
        throw usage_error("give exactly one of --quality and --unit");
    }
    std::string quality = opt.quality;
    if (!opt.unit.empty()) {
        const core::Unit& unit = find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx);
        quality = unit.quality;
        // A battalion with no stand left has nothing to take an action (13.0).
        if (const core::GameState* game = ctx.game(); game != nullptr) {
            core::require_stand_left(*game, unit.name, ctx.game_path());
        }
        if (quality.empty()) {
            throw usage_error("--unit " + opt.unit + " has no quality in its scenario; give --quality");
        }
    }
    const core::Table& chart = ctx.table("great-battles.command");
    ctx.name_field("column", "--quality");
    // 4.1.1: a command stand adds a command roll modifier; the chart with its value is lost
    // (13.0), so the referee gives it. Held to a d100's range either way, as morale's --mod.
    if (opt.modifier < -core::k_max_d100_modifier || opt.modifier > core::k_max_d100_modifier) {
        throw usage_error("--mod is " + std::to_string(opt.modifier) + "; allowed " +
                          std::to_string(-core::k_max_d100_modifier) + " to " +
                          std::to_string(core::k_max_d100_modifier) + " (past these the d100 decides nothing)");
    }
    core::LookupRequest q{quality, std::nullopt, opt.modifier};
    ctx.adjudicate(opt.dice, {{"quality", quality}}, "command-roll", [&](core::Dice& dice) {
        core::Resolution r = core::resolve_lookup(chart, q, dice);
        r.command = "command-roll";
        if (opt.modifier == 0) {
            // as before --mod was taken: a log of a command roll without one replays the same
            std::erase_if(r.inputs, [](const core::Field& f) { return f.key == "modifier"; });
        }
        r.result.name = r.result.code + (r.result.code == "1" ? " action" : " actions");
        r.result.fields.push_back({"actions", static_cast<long long>(std::stoi(r.result.code))});
        r.result.effects = {"attached armour, heavy weapons, anti-tank and command stands get the same "
                            "number of actions (13.0)"};
        return r;
    });
}

void setup_command_roll(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CommandRollOptions>();
    auto* sub = app.add_subcommand("command-roll", "Great Battles: a battalion's actions this turn, d100 "
                                                   "by troop quality (13.0)");
    ctx.offer_columns(sub->add_option("--quality", opt->quality, "raw, inexperienced, average, experienced, veterans")
                          ->type_name("QUALITY"),
                      "great-battles.command");
    sub->add_option("--unit", opt->unit, "Or a battalion of the scenario")->type_name("NAME");
    sub->add_option("--mod", opt->modifier,
                    "Added to the d100: a command stand's command roll modifier (4.1.1), from the lost chart; " +
                        std::to_string(-core::k_max_d100_modifier) + " to " + std::to_string(core::k_max_d100_modifier))
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The Command Chart of 13.0 is lost: umpire's table is PROVISIONAL.\n"
                "A command stand adds a command roll modifier to its battalion (4.1.1), not while it is\n"
                "eliminated or suppressed (4.1.6); its value was on the lost chart, so --mod takes the\n"
                "referee's. On umpire's placeholder cells a low roll gives more actions: a modifier that\n"
                "helps is negative there.\n"
                "Examples:\n  umpire command-roll --quality average\n  umpire command-roll --unit 2-Para --odds\n"
                "  umpire command-roll --quality raw --mod -10 --roll 65");
    sub->callback([opt, &ctx] { run_command_roll(*opt, ctx); });
}

}  // namespace umpire::cli
