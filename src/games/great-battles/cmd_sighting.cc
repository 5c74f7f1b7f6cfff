// umpire sighting: Great Battles of WWII 8.2.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

#include <optional>

namespace umpire::cli {

struct SightingOptions {
    std::optional<int> turn;
    DiceOptions dice;
};

// The day's turn the roll is for: --turn, or with a Great Battles --game its clock's turn.
// 8.2: "At the beginning of his turn, the attacker rolls a die to see if sighting is to
// increase on his phase": the roll belongs to the turn the game is at, so a --turn that
// names another is refused, as is a roll in the dawn or night phase, which are no turn.
int sighting_turn(const SightingOptions& opt, Context& ctx)
{
    const core::GameState* game = ctx.game();
    if (game == nullptr || game->game != "great-battles") {
        if (!opt.turn) {
            throw usage_error("--turn is required: the day's turn, 2 or 3, the attacker rolls at the beginning of "
                              "(8.2); with a Great Battles --game, the game's turn");
        }
        return *opt.turn;
    }
    const std::string day = game->value("", "day");
    const std::string phase = game->value("", "phase");
    if (phase == "dawn" || phase == "night") {
        throw usage_error("the game (" + ctx.game_path() + ") is at " +
                          (phase == "dawn" ? "the dawn phase of day " + day : "the night after day " + day) +
                          ": the attacker rolls for sighting at the beginning of his turn, on turns 2 and 3 of a "
                          "day (8.2); game next to the turn first");
    }
    const int kept = game->number("", "turn");
    if (opt.turn && *opt.turn != kept) {
        contradicts_game("--turn", std::to_string(*opt.turn), "turn " + std::to_string(kept) + " of day " + day, "now",
                         ctx, "8.2: the attacker rolls at the beginning of his turn, for that turn");
    }
    if (!opt.turn) {
        ctx.name_field_from_game("turn", "is at turn");  // "--turn 1: ..." was never typed
    }
    return kept;
}

void run_sighting(const SightingOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table("great-battles.sighting");
    const int turn = sighting_turn(opt, ctx);
    ctx.adjudicate(opt.dice, {}, "sighting",
                   [&](core::Dice& dice) { return core::resolve_sighting(table, turn, dice); });
}

void setup_sighting(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<SightingOptions>();
    auto* sub = app.add_subcommand("sighting", "Great Battles: dawn sighting, does the range rise now or at "
                                               "the defender's turn (8.2)");
    sub->add_option("--turn", opt->turn,
                    "The day's turn: 2 (3\" to 6\") or 3 (6\" to 12\"); with --game, the game's turn")
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("With --game, the turn is the game's (8.2: the attacker rolls at the beginning of his\n"
                "turn); a --turn naming another is refused.\n\n"
                "Examples:\n  umpire sighting --turn 2\n  umpire sighting --turn 3 --roll 4\n"
                "  umpire --game g.toml sighting --roll 4");
    sub->callback([opt, &ctx] { run_sighting(*opt, ctx); });
}

}  // namespace umpire::cli
