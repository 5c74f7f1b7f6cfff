// umpire close-combat: Great Battles of WWII 14.8.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

#include <tuple>

namespace umpire::cli {

struct CloseCombatSideOptions {
    int modifier = 0;
    std::optional<int> stands;
    std::optional<int> suppressed;
    std::optional<int> rally_number;
    std::string quality;
    std::string unit;
    bool blocked = false;
};

struct CloseCombatOptions {
    CloseCombatSideOptions attacker;
    CloseCombatSideOptions defender;
    DiceOptions dice;
};

namespace {

core::CloseCombatSide side_of(const std::string& name, const CloseCombatSideOptions& o, Context& ctx)
{
    core::CloseCombatSide side;
    side.name = name;
    side.modifier = o.modifier;
    side.suppressed = o.suppressed.value_or(0);
    side.blocked = o.blocked;
    const RallyNumber rally = resolve_rally_number(name + "-", o.rally_number, o.quality, o.unit, ctx);
    side.rally_number = rally.value;
    side.rally_table = rally.table;
    if (!o.unit.empty()) {
        const core::Unit& unit = find_unit("--" + name + "-unit", o.unit, core::k_great_battles_scenario, ctx);
        side.stands = o.stands.value_or(unit.stands);
        const core::GameState* game = ctx.game();
        if (game != nullptr && game->find_unit(unit.name) != nullptr) {
            // The game's battalion as it stands now: the day's stands less those eliminated;
            // one with none left has nothing to fight with (14.4.7, 14.8).
            const std::string& n = unit.name;
            core::require_stand_left(*game, n, ctx.game_path(), name + "_unit");
            side.stands = count_in_game("--" + name + "-stands", o.stands,
                                        game->number(n, "stands_at_start_of_day") - game->number(n, "eliminated"), n,
                                        "stands left today", ctx);
            side.suppressed = count_in_game("--" + name + "-suppressed", o.suppressed, game->number(n, "suppressed"), n,
                                            "suppressed stands", ctx);
        }
    } else if (o.stands) {
        side.stands = *o.stands;
    }
    if (side.stands == 0 && o.stands) {
        throw usage_error("--" + name + "-stands 0: a side in close combat has a stand at least (14.8); allowed 1 to " +
                          std::to_string(core::k_max_close_combat_stands));
    }
    if (side.stands == 0 && !o.unit.empty()) {
        // The scenario gives the battalion no count of stands: say so, not a flag left off.
        throw usage_error("--" + name + "-unit " + o.unit +
                          " has no stand count in its scenario: give its stands with --" + name + "-stands N");
    }
    if (side.stands == 0) {
        throw usage_error("the " + name + "'s stands are not given: --" + name + "-stands N (or --" + name +
                          "-unit NAME, a battalion of the scenario)");
    }
    return side;
}

void add_side(CLI::App& sub, const std::string& name, CloseCombatSideOptions& o, Context& ctx)
{
    sub.add_option("--" + name + "-mod", o.modifier,
                   "The " + name + "'s Close Combat Chart modifiers, " + std::to_string(-core::k_max_d10_modifier) +
                       " to " + std::to_string(core::k_max_d10_modifier))
        ->type_name("N");
    sub.add_option("--" + name + "-stands", o.stands, "The " + name + "'s stands")->type_name("N");
    sub.add_option("--" + name + "-suppressed", o.suppressed, "How many of them are suppressed")->type_name("N");
    sub.add_option("--" + name + "-rally-number", o.rally_number, "Its rally number")->type_name("N");
    ctx.offer_rows(sub.add_option("--" + name + "-quality", o.quality, "Or its quality (14.7.3)")->type_name("QUALITY"),
                   "great-battles.rally-numbers");
    sub.add_option("--" + name + "-unit", o.unit, "Or a battalion of the scenario")->type_name("NAME");
    sub.add_flag("--" + name + "-blocked", o.blocked,
                 "If it loses it cannot retreat without closing on enemy within 12\" (14.8.3)");
}

}  // namespace

void run_close_combat(const CloseCombatOptions& opt, Context& ctx)
{
    core::CloseCombatRequest q{side_of("attacker", opt.attacker, ctx), side_of("defender", opt.defender, ctx)};
    // Close combat is between the two sides' battalions (14.8): one battalion cannot fight
    // itself, nor two of one side each other.
    if (!opt.attacker.unit.empty() && !opt.defender.unit.empty()) {
        const core::Unit& a = find_unit("--attacker-unit", opt.attacker.unit, core::k_great_battles_scenario, ctx);
        const core::Unit& d = find_unit("--defender-unit", opt.defender.unit, core::k_great_battles_scenario, ctx);
        if (a.name == d.name) {
            throw usage_error("--defender-unit " + d.name +
                              " is also --attacker-unit; a battalion cannot close with "
                              "itself (14.8)");
        }
        if (!a.side.empty() && a.side == d.side) {
            throw usage_error("--attacker-unit " + a.name + " and --defender-unit " + d.name + " are both " + a.side +
                              " battalions; close combat is between the two sides (14.8)");
        }
        // Close combat is resolved at the end of each player's turn (14.8), and the loser
        // retreats 3", breaking contact (14.8.3): a second between the pair that turn is a
        // re-roll, refused as a second night's replacement roll is (16.2.3).
        const core::GameState* game = ctx.game();
        if (ctx.options.apply && game != nullptr && game->game == "great-battles" &&
            core::fought_close_combat_this_turn(*game, a.name, d.name)) {
            throw usage_error("--defender-unit " + d.name + " has already fought --attacker-unit " + a.name +
                              " in close combat this player's turn in " + ctx.game_path() + " (day " +
                              game->value("", "day") + ", turn " + game->value("", "turn") +
                              "): close combat is resolved once at the end of a player's turn (14.8), and its "
                              "loser retreated 3\", breaking contact (14.8.3); fight again at the end of the next "
                              "player's turn ('game next'), or take the first back with 'game undo'");
        }
    }
    core::Fields inputs{{"attacker_mod", static_cast<long long>(q.attacker.modifier)},
                        {"defender_mod", static_cast<long long>(q.defender.modifier)}};
    // Each side as resolved (the unit's or the game's counts where not typed): its stands
    // and suppressed stands, its rally number and the quality it was read from (14.7.3,
    // 14.8), and whether it is blocked (14.8.3).
    for (const auto& [name, side, resolved] :
         {std::tuple{"attacker", &opt.attacker, &q.attacker}, std::tuple{"defender", &opt.defender, &q.defender}}) {
        const std::string prefix = std::string(name) + "_";
        inputs.push_back({prefix + "stands", static_cast<long long>(resolved->stands)});
        inputs.push_back({prefix + "suppressed", static_cast<long long>(resolved->suppressed)});
        inputs.push_back({prefix + "rally_number", static_cast<long long>(resolved->rally_number)});
        if (!side->quality.empty()) {
            inputs.push_back({prefix + "quality", side->quality});
        }
        if (!side->unit.empty()) {
            inputs.push_back(
                {prefix + "unit",
                 find_unit("--" + std::string(name) + "-unit", side->unit, core::k_great_battles_scenario, ctx).name});
        }
        if (resolved->blocked) {
            inputs.push_back({prefix + "blocked", true});
        }
    }
    // --odds: each loser's stands walked alone (core::close_combat_odds).
    ctx.adjudicate(opt.dice, inputs, "close-combat",
                   [&](core::Dice& dice) { return core::resolve_close_combat(q, dice); }, {},
                   {{}, core::PartsAre::summed, [&](const core::Adjudicator& whole) -> std::optional<core::OddsReport> {
                        return core::close_combat_odds(q, whole);
                    }});
}

void setup_close_combat(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CloseCombatOptions>();
    auto* sub = app.add_subcommand("close-combat", "Great Battles: close combat, d10 + modifiers each, the "
                                                   "lower loses; the loser's stands test (14.8)");
    add_side(*sub, "attacker", opt->attacker, ctx);
    add_side(*sub, "defender", opt->defender, ctx);
    add_dice_options(*sub, opt->dice);
    sub->footer("The Close Combat Chart's modifiers are lost from the rules text: give them with\n"
                "--attacker-mod and --defender-mod. Equal totals: 'tie', both roll again.\n"
                "Dice, in order: attacker d10, defender d10, then a d10 per loser's stand,\n"
                "unsuppressed stands first.\n"
                "Examples:\n  umpire close-combat --attacker-stands 3 --attacker-quality average "
                "--defender-stands 4 --defender-suppressed 1 --defender-quality raw --defender-mod 2");
    sub->callback([opt, &ctx] { run_close_combat(*opt, ctx); });
}

}  // namespace umpire::cli
