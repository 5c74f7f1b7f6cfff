// umpire siberian: The Russian Portfolio IX.B.3, Siberian roulette.
#include "cli/commands.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "util/error.h"

#include <string>

namespace umpire::cli {

struct SiberianOptions {
    int axis_number = 0;
    DiceOptions dice;
};

void run_siberian(const SiberianOptions& opt, Context& ctx)
{
    // IX.B.3: "In each turn that any Russian Siberian Reserves are in the game before their
    // 'safe' turn, the Axis Player picks a number (from 1 to 6), and the Soviet Player must
    // cast the die": once a game-turn. A game keeps the turn it was cast in (siberian_cast).
    std::string cast_already;
    if (const core::GameState* game = ctx.game(); game != nullptr && game->game == "russian-portfolio" &&
                                                  !game->value("", "siberian_cast").empty() &&
                                                  game->value("", "siberian_cast") == game->value("", "turn")) {
        cast_already = "the game (" + ctx.game_path() + ") has cast Siberian roulette in game-turn " +
                       game->value("", "turn") +
                       " already, and it is cast once a turn ('In each turn ... the Soviet Player must cast the "
                       "die', IX.B.3)";
        if (ctx.options.apply) {
            throw usage_error("--apply: " + cast_already +
                              ": 'game undo' that cast to cast it again, or 'game next' to the next game-turn");
        }
    }
    ctx.adjudicate(opt.dice, {{"axis_number", static_cast<long long>(opt.axis_number)}}, "siberian",
                   [&](core::Dice& dice) {
                       core::Resolution r = core::resolve_siberian(opt.axis_number, dice);
                       if (!cast_already.empty()) {
                           r.notes.push_back(cast_already + ": this cast is not the game's");
                       }
                       return r;
                   });
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
