// umpire storm: Constantinople 14.29, every ship of a Storm at once.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct StormOptions {
    std::vector<std::string> ships;
    std::string pinned_reading;
    DiceOptions dice;
};

void run_storm(const StormOptions& opt, Context& ctx)
{
    const core::Table& storm = ctx.table("constantinople.storm");
    auto scenario = [&ctx]() -> const core::Scenario& { return ctx.scenario("constantinople"); };
    std::vector<core::StormShip> ships;
    const core::GameState* game = ctx.game();
    // 14.29 is what a Storm does: with a game, only in a Naval Phase whose wind is one.
    if (game != nullptr && game->game == "constantinople" && game->value("", "velocity") != "storm") {
        throw usage_error("storm: the wind of Naval Phase " + game->value("", "naval_phase") + " is " +
                          game->value("", "wind") + " " + game->value("", "velocity") +
                          ", not a Storm: 14.29 holds 'in the event that the Wind Velocity is Storm' (14.32)");
    }
    for (const auto& spec : opt.ships) {
        ships.push_back(flag_value("{ship}", core::parse_storm_ship(spec, scenario)));
        // With a game, a ship pinned there is pinned here (15.15); a sunk one is refused.
        if (game != nullptr && game->find_unit(ships.back().name) != nullptr) {
            if (game->value(ships.back().name, "sunk") == "true") {
                throw usage_error("--ship " + spec + ": " + ships.back().name + " is sunk in the game");
            }
            if (const std::string why = core::not_arrived(*game, ships.back().name); !why.empty()) {
                throw usage_error("--ship " + spec + ": " + why);
            }
            if (const std::string why = core::storm_rolled(*game, ships.back().name); !why.empty()) {
                throw usage_error("--ship " + spec + ": " + why);
            }
            // 14.29's "ships that are pinned from Ramming": both of an engaged pair (15.15: "both
            // dead in the water"), or the rammed ship only (15.42 pins the defending ship).
            const std::string& n = ships.back().name;
            const bool engaged = !game->value(n, "pinned_to").empty();
            const bool pinned = engaged && (opt.pinned_reading != "rammed" || game->value(n, "pinned_as") == "rammed");
            // The game keeps who is pinned: a :pinned it does not hold would sink a ship with no
            // die (14.29), so it is refused as :damaged and :back are (ship_spec_in_game).
            if (ships.back().pinned && !engaged) {
                throw usage_error("--ship '" + spec + "': the game has " + n +
                                  " pinned to no ship: leave :pinned off (a ram that pins marks it, 15.15); ships "
                                  "at sea roll a die, and only those pinned from Ramming sink without one (14.29)");
            }
            if (ships.back().pinned && !pinned) {
                throw usage_error("--ship '" + spec + "': the game has " + n + " engaged with " +
                                  game->value(n, "pinned_to") +
                                  " as the rammer, and --pinned-reading rammed sinks only the rammed ship (15.42): "
                                  "leave :pinned off, or drop --pinned-reading rammed to sink both (15.15)");
            }
            ships.back().pinned = pinned;
        }
    }
    core::Fields inputs{{"ships", opt.ships}};
    if (!opt.pinned_reading.empty()) {
        inputs.push_back({"pinned_reading", opt.pinned_reading});
    }
    // --odds: each ship walked alone (core::storm_odds).
    ctx.adjudicate(opt.dice, inputs, "storm", [&](core::Dice& dice) { return core::resolve_storm(storm, ships, dice); },
                   {},
                   {{}, core::PartsAre::summed, [&](const core::Adjudicator& whole) -> std::optional<core::OddsReport> {
                        return core::storm_odds(storm, ships, whole);
                    }});
}

void setup_storm(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<StormOptions>();
    auto* sub = app.add_subcommand("storm", "Constantinople: a Storm, every ship at once: pinned ships sink, sheltered "
                                            "ones stay, each ship at sea rolls (14.29)");
    sub->add_option("--ship", opt->ships,
                    "A ship: a name from the scenario or a side (byzantine, ottoman), with :pinned, :anchor or :horn "
                    "(repeatable, or SHIP,SHIP)")
        ->required()
        ->delimiter(',')
        ->type_name("SHIP");
    sub->add_option("--pinned-reading", opt->pinned_reading,
                    "With --game, which ships of a rammed pair are 'pinned from Ramming' and sink (14.29): both "
                    "(default; 15.15, both dead in the water) or rammed (15.42 pins the defending ship; the rammer "
                    "rolls as a ship at sea)")
        ->transform(one_of({"both", "rammed"}))
        ->type_name("both|rammed");
    add_dice_options(*sub, opt->dice);
    sub->footer("At sea: a die each, 6 eliminated with any passengers, 1-5 back to port (Ottoman to\n"
                "the Double Columns, 3931; Byzantine to the Harbor of Eleutheris, 2129, 2130 or\n"
                "2234). Pinned from Ramming: sunk, no roll. At anchor or in the Golden Horn: no\n"
                "roll, no movement this Game-Turn (14.29).\n"
                "Dice, in order: one per ship at sea, in the order given.\n"
                "Examples:\n"
                "  umpire storm --ship Galley-1 --ship Galley-2:pinned --ship Genoa:horn\n"
                "  umpire storm --ship ottoman,ottoman,byzantine:anchor --odds");
    sub->callback([opt, &ctx] { run_storm(*opt, ctx); });
}

}  // namespace umpire::cli
