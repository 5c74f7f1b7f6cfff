// umpire reef HEX: Constantinople 15.53 with the numbered hexes.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"

namespace umpire::cli {

struct ReefOptions {
    std::string hex;
    std::string side;
    std::string ship;
    bool in_harbor = false;
    DiceOptions dice;
};

void run_reef(const ReefOptions& opt, Context& ctx)
{
    const core::Table& reefs = ctx.table("constantinople.reefs");
    // The hex first: it is the command's word, and a wrong one is wrong whatever the side
    // ('reef 33' said only that --side was missing: fix53).
    if (const std::string problem = core::reef_hex_problem(reefs, opt.hex); !problem.empty()) {
        throw usage_error("reef: " + problem);
    }
    std::string side = opt.side;
    core::Fields inputs;
    if (!opt.ship.empty()) {
        // The ship gives its side; with --game --apply, a ship lost on the reef is eliminated.
        const core::Unit& ship = find_unit("--ship", opt.ship, "constantinople", ctx);
        if (!side.empty() && side != ship.side) {
            throw usage_error("--side " + side + ": " + ship.name + " is " + ship.side);
        }
        side = ship.side;
        if (const core::GameState* g = ctx.game(); g != nullptr && g->find_unit(ship.name) != nullptr) {
            ship_in_game(ctx, "--ship", ship.name, false);  // a sunk ship enters no hex
        }
        inputs.push_back({"ship", ship.name});
    }
    if (side.empty()) {
        throw usage_error("give --side byzantine|ottoman, or --ship");
    }
    if (const core::GameState* g = ctx.game()) {
        if (const std::string why = core::movement_forbidden(*g, "no ship enters a reef hex"); !why.empty()) {
            throw usage_error("reef: " + why);
        }
    }
    ctx.adjudicate(opt.dice, inputs, "reef",
                   [&](core::Dice& dice) { return core::resolve_reef(reefs, opt.hex, side, dice, opt.in_harbor); });
}

void setup_reef(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ReefOptions>();
    auto* sub = app.add_subcommand("reef", "Constantinople reefs and shoals: roll higher than the "
                                           "hex's number or the ship is lost (15.53)");
    sub->add_option("HEX", opt->hex, "A numbered hex, e.g. 2028")->required();
    sub->add_option("--side", opt->side,
                    "Whose ship enters: Byzantine ships need not roll in "
                    "the hexes of 14.29")
        ->transform(one_of({"byzantine", "ottoman"}))
        ->type_name("byzantine|ottoman");
    sub->add_option("--ship", opt->ship,
                    "The ship entering, for its side; with --game --apply a ship lost is eliminated (15.53)")
        ->type_name("SHIP");
    sub->add_flag("--in-harbor", opt->in_harbor,
                  "The hex is in the Harbor of Eleutheris as the map shows it (14.29 lists 'hexes 1823, 1924, "
                  "etc.'): a Byzantine ship does not roll (15.53)");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire reef 2028 --side ottoman\n  umpire reef 2234 --side byzantine\n"
                "  umpire --game siege.toml --apply reef 2028 --ship Galley-2\n"
                "  umpire table show constantinople.reefs   # the hex list");
    sub->callback([opt, &ctx] { run_reef(*opt, ctx); });
}

}  // namespace umpire::cli
