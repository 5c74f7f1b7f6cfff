// umpire fire: Great Battles of WWII direct fire (14.4), numbers from the referee's chart.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct FireOptions {
    core::FireRequest request;
    std::string unit;
    DiceOptions dice;
};

void run_fire(const FireOptions& opt, Context& ctx)
{
    const core::Table& procedures = ctx.table("great-battles.procedures");
    core::FireRequest q = opt.request;
    core::Fields inputs{{"to_hit", static_cast<long long>(q.to_hit)},
                        {"to_destroy", static_cast<long long>(q.to_destroy)},
                        {"shots", static_cast<long long>(q.shots)}};
    // Each modifier given, as it changes the number to hit (14.4.1, 14.4.12, 14.5.4).
    for (const auto& [key, on] :
         {std::pair{"outside_front_arc", q.outside_front_arc}, std::pair{"heavy_weapons", q.heavy_weapons},
          std::pair{"opportunity", q.opportunity}}) {
        if (on) {
            inputs.push_back({key, true});
        }
    }
    // The target's battalion: with --game --apply, its stands destroyed and suppressed (14.4.7).
    if (!opt.unit.empty()) {
        const std::string name = find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx).name;
        if (const core::GameState* game = ctx.game(); game != nullptr) {
            core::require_stand_left(*game, name, ctx.game_path());
            if (game->find_unit(name) != nullptr) {
                q.stands_left = core::stands_left(*game, name);
            }
        }
        inputs.push_back({"unit", name});
    }
    ctx.adjudicate(opt.dice, inputs, "fire", [&](core::Dice& dice) { return core::resolve_fire(procedures, q, dice); });
}

void setup_fire(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<FireOptions>();
    auto& q = opt->request;
    auto* sub = app.add_subcommand("fire", "Great Battles: direct fire, a d10 per stand to hit, a d10 per hit to "
                                           "destroy (14.4)");
    sub->add_option("--to-hit", q.to_hit, "The To Hit number under the range on the fire chart")
        ->required()
        ->type_name("N");
    sub->add_option("--to-destroy", q.to_destroy, "The To Destroy number for the target and range")
        ->required()
        ->type_name("N");
    sub->add_option("--shots", q.shots, "Firing stands, one d10 each (default 1)")->type_name("N");
    sub->add_flag("--outside-front-arc", q.outside_front_arc, "-2: the target is outside the front 180 degrees");
    sub->add_flag("--heavy-weapons", q.heavy_weapons, "+2: attached heavy weapons add their fire modifier");
    sub->add_flag("--opportunity", q.opportunity, "-3: opportunity fire");
    sub->add_option("--unit", opt->unit, "The target stands' battalion (for --game --apply)")->type_name("NAME");
    add_dice_options(*sub, opt->dice);
    sub->footer("The fire charts with To Hit and To Destroy by range are lost from the rules text: read\n"
                "them off your chart. Dice, in order: each stand's to-hit d10, followed by its\n"
                "to-destroy d10 when it hits.\n"
                "Examples:\n  umpire fire --to-hit 6 --to-destroy 3 --shots 2 --heavy-weapons\n"
                "  umpire fire --to-hit 7 --to-destroy 4 --opportunity --odds");
    sub->callback([opt, &ctx] { run_fire(*opt, ctx); });
}

}  // namespace umpire::cli
