// umpire free: Constantinople 15.16, a pinned ship tries to break free.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"

namespace umpire::cli {

struct FreeOptions {
    std::string ship;
    std::string role;
    DiceOptions dice;
};

void setup_free(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<FreeOptions>();
    auto* sub = app.add_subcommand("free", "Constantinople: a rammed and pinned ship tries to break free (15.16)");
    sub->add_option("--ship", opt->ship, "The ship trying (with --game, its role comes from the game)")
        ->type_name("SHIP");
    sub->add_option("--as", opt->role, "rammed (a 1 frees it, Damaged) or rammer (1-3 frees it)")
        ->transform(one_of({"rammed", "rammer"}))
        ->type_name("rammed|rammer");
    add_dice_options(*sub, opt->dice);
    sub->footer("At the beginning of a Movement Segment (15.16). With --game --apply, a ship that\n"
                "breaks free frees its partner too, and a rammed ship freed is Damaged.\n"
                "Examples:\n  umpire free --as rammed\n  umpire --game siege.toml --apply free --ship Venice");
    sub->callback([opt, &ctx] {
        std::string role = opt->role;
        std::string ship;
        if (!opt->ship.empty()) {
            ship = find_unit("--ship", opt->ship, "constantinople", ctx).name;
            if (const core::GameState* g = ctx.game(); g != nullptr && g->find_unit(ship) != nullptr) {
                if (const std::string why = core::not_arrived(*g, ship); !why.empty()) {
                    throw usage_error("--ship " + why);
                }
                if (const std::string why = core::movement_forbidden(*g, "no ship breaks free (15.16: at the "
                                                                         "beginning of a Movement Segment)");
                    !why.empty()) {
                    throw usage_error("free: " + why);
                }
                if (const std::string why = core::free_tried(*g, ship); !why.empty()) {
                    throw usage_error("--ship " + why);
                }
                const std::string pinned = g->value(ship, "pinned_as");
                if (pinned.empty()) {
                    throw usage_error("--ship " + ship + " is not pinned in the game (15.15)");
                }
                if (!role.empty() && role != pinned) {
                    throw usage_error("--as " + role + ": the game has " + ship + " pinned as the " + pinned);
                }
                role = pinned;
            }
        }
        if (role.empty()) {
            throw usage_error("give --as rammed|rammer (or --ship with --game)");
        }
        const core::Table& rammed = ctx.table("constantinople.free-rammed");
        const core::Table& rammer = ctx.table("constantinople.free-rammer");
        core::Fields inputs{{"as", role}};
        if (!ship.empty()) {
            inputs.push_back({"ship", ship});
        }
        ctx.adjudicate(opt->dice, inputs, "free",
                       [&](core::Dice& dice) { return core::resolve_free(rammed, rammer, role, ship, dice); });
    });
}

}  // namespace umpire::cli
