// umpire portage: Constantinople's Great Portage, 17.1-17.22.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct PortageOptions {
    std::optional<int> turn;
    std::vector<int> assaults;
    std::vector<std::string> ships;
    int capability = 0;
    DiceOptions dice;
};

void run_portage(const PortageOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table("constantinople.portage");
    auto scenario = [&ctx]() -> const core::Scenario& { return ctx.scenario("constantinople"); };
    core::PortageRequest q;
    const core::GameState* game = ctx.game();
    if (game != nullptr && game->game != "constantinople") {
        game = nullptr;
    }
    // 17.1 counts Game-Turns; the game's is its Naval Phase (one a Game-Turn, 4.0), as for 19.1.
    if (game != nullptr) {
        const int now = core::game_turn(*game);
        if (opt.turn && *opt.turn != now) {
            throw usage_error("--turn " + std::to_string(*opt.turn) + ": the game is in Naval Phase " +
                              std::to_string(now) + ", Game-Turn " + std::to_string(now) +
                              " (one a Game-Turn, 4.0), and 17.1 reads the Game-Turn it is; leave --turn off to take "
                              "the game's");
        }
        q.turn = now;
        if (!opt.turn) {
            // "--turn 3: ... before Game-Turn Six" was never typed (hunt57)
            ctx.name_field_from_game("turn", "is in Game-Turn");
        }
    } else if (opt.turn) {
        q.turn = *opt.turn;
    } else {
        throw usage_error("--turn: give the Game-Turn (17.1), or --game for the game's");
    }
    q.assaults = opt.assaults;
    q.capability = opt.capability;
    for (const auto& spec : opt.ships) {
        q.ships.push_back(flag_value("{ship}", core::parse_portage_ship(spec, scenario)));
        // With a game, a named ship is one of its board: a sunk one, or one not yet in play, is refused.
        if (game != nullptr && !q.ships.back().side.empty() && game->find_unit(q.ships.back().label) != nullptr) {
            ship_in_game(ctx, "--ship", q.ships.back().label, false);
        }
    }
    core::Fields inputs{{"turn", static_cast<long long>(q.turn)},
                        {"capability", static_cast<long long>(opt.capability)},
                        {"ships", opt.ships}};
    if (!opt.assaults.empty()) {
        std::vector<std::string> a;
        for (int n : opt.assaults) {
            a.push_back(std::to_string(n));
        }
        inputs.push_back({"assaults", join(a, ",")});
    }
    ctx.adjudicate(opt.dice, inputs, "portage",
                   [&](core::Dice& dice) { return core::resolve_portage(table, q, dice); });
}

void setup_portage(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<PortageOptions>();
    auto* sub = app.add_subcommand("portage", "Constantinople: the Great Portage, when the Ottomans may, which ships, "
                                              "and the die (17.1-17.22)");
    sub->add_option("--turn", opt->turn, "The Game-Turn; with --game, the game's unless given (and then checked)")
        ->type_name("N");
    sub->add_option("--assaults", opt->assaults,
                    "Ship units in each successive Naval Combat Segment assaulting the Boom, latest last (N,N,...)")
        ->delimiter(',')
        ->type_name("N,N,...");
    sub->add_option("--ship", opt->ships,
                    "A ship to portage: a name from the scenario or a type (trireme, bireme, "
                    "fustae); galleys may not (17.21)")
        ->required()
        ->delimiter(',')
        ->type_name("SHIP");
    sub->add_option("--capability", opt->capability,
                    "The Assault Capability Number on the Turn Record Track for this Game-Turn (7.21)")
        ->required()
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("17.1: two successive Naval Combat Segments at the Boom with three ship units or\n"
                "more each, never before Game-Turn Six; or from Game-Turn Twenty. Otherwise refused.\n"
                "17.22: die + the Assault Capability Number, five or more portages. The Turn Record\n"
                "Track is not in the rules text: give the number from your map.\n"
                "Examples:\n"
                "  umpire portage --turn 8 --assaults 3,4 --ship Trireme-1,Bireme-2 --capability 2\n"
                "  umpire portage --turn 20 --ship fustae --capability 1 --odds");
    sub->callback([opt, &ctx] { run_portage(*opt, ctx); });
}

}  // namespace umpire::cli
