// umpire air-deployment: Novorossiysk 1943's Air Unit Deployment.
#include "cli/commands.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"
#include "util/text.h"

#include <optional>

namespace umpire::cli {

struct AirDeploymentOptions {
    int air_units = 0;
    std::optional<int> denied;
    std::string side;
    std::vector<int> air_spaces;
    DiceOptions dice;
};

// The Air Units SIDE cannot deploy this phase (Hitting The Enemy Air Field): typed, or with a
// Novorossiysk --game the hits its Air Field took the phase before, which 'game next' brought in.
int denied_of(const AirDeploymentOptions& opt, Context& ctx)
{
    const core::GameState* game = ctx.game_path().empty() ? nullptr : ctx.game();
    if (game == nullptr || game->game != "novorossiysk") {
        if (!opt.side.empty()) {
            throw usage_error("--side " + opt.side +
                              " reads the Air Units a Novorossiysk --game denies that side this phase; without "
                              "one, give --air-units-denied");
        }
        return opt.denied.value_or(0);
    }
    const auto denied = core::air_units_denied(*game);
    std::vector<std::string> sides;
    std::vector<std::string> said;
    for (const auto& u : game->units) {
        if (!contains(sides, u.side)) {
            sides.push_back(u.side);
        }
    }
    for (const auto& [side, n] : denied) {
        said.push_back(side + " " + std::to_string(n));
    }
    if (opt.side.empty()) {
        if (!denied.empty()) {
            throw usage_error("the game (" + ctx.game_path() + ") denies Air Units this phase (" + join(said, ", ") +
                              ": Hitting The Enemy Air Field): give --side, the side deploying (" + join(sides, ", ") +
                              ")");
        }
        if (opt.denied && *opt.denied != 0) {
            contradicts_game("--air-units-denied", std::to_string(*opt.denied), "no Air Units denied", "this phase",
                             ctx);
        }
        return 0;
    }
    if (!contains(sides, opt.side)) {
        throw usage_error("--side " + opt.side + ": the game's sides are " + join(sides, ", ") +
                          suggestion(opt.side, sides));
    }
    int kept = 0;
    for (const auto& [side, n] : denied) {
        kept = side == opt.side ? n : kept;
    }
    if (opt.denied && *opt.denied != kept) {
        contradicts_game("--air-units-denied", std::to_string(*opt.denied),
                         std::to_string(kept) + " " + opt.side + " Air Units denied", "this phase", ctx);
    }
    return kept;
}

void setup_air_deployment(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<AirDeploymentOptions>();
    auto* sub = app.add_subcommand("air-deployment", "Novorossiysk: Air Unit Deployment, the Blank Blocks to add "
                                                     "and the limit of seven Air Units an Air Space");
    sub->add_option("--air-units", opt->air_units, "The side's Air Units on its Air Field")->required()->type_name("N");
    sub->add_option("--air-units-denied", opt->denied,
                    "Air Units the side cannot deploy this phase: its Air Field's hits last phase (with --game, "
                    "the game's)")
        ->type_name("N");
    sub->add_option("--side", opt->side, "With --game: the side deploying, whose Air Units the game may deny")
        ->type_name("SIDE");
    sub->add_option("--air-space", opt->air_spaces,
                    "Blocks placed in one Air Space, both sides' and blanks included (repeatable, or N,N)")
        ->delimiter(',')
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("As many Blank Blocks as Air Units, less one: five Air Units place nine blocks.\n"
                "An Air Space can receive at most seven Air Units. No dice.\n"
                "Each hit on a side's Air Field is one Air Unit it cannot deploy next phase, Blank\n"
                "Blocks not included: a game keeps them (game status) and 'game next' brings them in.\n"
                "Examples:\n  umpire air-deployment --air-units 5\n"
                "  umpire air-deployment --air-units 3 --air-space 7,8\n"
                "  umpire air-deployment --air-units 5 --air-units-denied 2\n"
                "  umpire --game novo.toml air-deployment --side axis --air-units 5");
    sub->callback([opt, &ctx] {
        const core::Table& procedures = ctx.table("novorossiysk.procedures");
        const int denied = denied_of(*opt, ctx);
        core::Fields inputs{{"air_units", static_cast<long long>(opt->air_units)}};
        if (!opt->side.empty()) {
            inputs.push_back({"side", opt->side});
        }
        if (denied > 0) {
            inputs.push_back({"air_units_denied", static_cast<long long>(denied)});
        }
        if (!opt->air_spaces.empty()) {  // what within_limits is read from (hunt42)
            std::vector<std::string> spaces;
            for (const int n : opt->air_spaces) {
                spaces.push_back(std::to_string(n));
            }
            inputs.push_back({"air_space", spaces});
        }
        ctx.adjudicate(opt->dice, inputs, "air-deployment", [&](core::Dice&) {
            return core::resolve_air_deployment(procedures, opt->air_units, denied, opt->air_spaces);
        });
    });
}

}  // namespace umpire::cli
