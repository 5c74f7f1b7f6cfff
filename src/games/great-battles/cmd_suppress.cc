// umpire suppress: Great Battles of WWII 11.3.3 (artillery) and 12.2 (air-ground support).
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct SuppressOptions {
    std::vector<std::string> stands;
    bool non_activated = false;
    std::string air;
    std::string unit;
    DiceOptions dice;
};

void run_suppress(const SuppressOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table("great-battles.suppression");
    core::SuppressRequest q;
    q.activated = !opt.non_activated;
    q.attack = opt.air == "fighter-bomber" ? core::Attack::fighter_bomber
               : opt.air == "rocket"       ? core::Attack::rocket
                                           : core::Attack::artillery;
    // Without --stand, the battalion's stands as the game keeps them (its 'stand': cover and
    // type, changed with game set): every stand it has left under a barrage, one under an
    // air attack (12.2).
    std::vector<std::string> stands = opt.stands;
    const core::GameState* game = ctx.game();
    const std::string name =
        opt.unit.empty() ? std::string() : find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx).name;
    if (stands.empty()) {
        const core::GameUnit* unit = game == nullptr || name.empty() ? nullptr : game->find_unit(name);
        if (unit == nullptr) {
            throw usage_error("--stand is required: one for each stand under the template (with --game and --unit, "
                              "the battalion's stands as the game keeps them)");
        }
        const std::string as = game->value(unit->name, "stand").empty() ? "open" : game->value(unit->name, "stand");
        const int left = game->number(unit->name, "stands_at_start_of_day") - game->number(unit->name, "eliminated");
        if (left <= 0) {
            throw usage_error("--unit " + unit->name + " has no stand left today in " + ctx.game_path());
        }
        stands.assign(opt.air.empty() ? static_cast<size_t>(left) : 1, as);
    }
    for (const auto& spec : stands) {
        q.stands.push_back(flag_value("--stand", core::parse_stand(spec, table)));
    }
    core::Fields inputs{{"stands", stands},
                        {"activated", q.activated},
                        {"attack", opt.air.empty() ? std::string("artillery") : opt.air}};
    if (!name.empty()) {
        inputs.push_back({"unit", name});
        // The stands under the template are the battalion's: no more than it has left today.
        if (game != nullptr && game->find_unit(name) != nullptr) {
            const int left = game->number(name, "stands_at_start_of_day") - game->number(name, "eliminated");
            if (static_cast<int>(opt.stands.size()) > left) {
                throw usage_error("--stand given " + std::to_string(opt.stands.size()) + " times, but the game (" +
                                  ctx.game_path() + ") has " + name + " with " + std::to_string(left) +
                                  " stands left today: give one --stand for each of its stands under the template");
            }
        }
    }
    ctx.adjudicate(opt.dice, inputs, "suppress",
                   [&](core::Dice& dice) { return core::resolve_suppress(table, q, dice); });
}

void setup_suppress(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<SuppressOptions>();
    auto* sub = app.add_subcommand("suppress", "Great Battles: artillery suppression, a d10 per stand "
                                               "under the template (11.3.3); air-ground support (12.2)");
    sub->add_option("--stand", opt->stands,
                    "A stand under the template: COVER[:TYPE], cover open|soft|hard|bunker, type "
                    "infantry|armour|at|fg|hw|hq (repeatable, in roll order); with --game and --unit, by "
                    "default the battalion's stands as the game keeps them")
        ->allow_extra_args(false)
        ->type_name("COVER[:TYPE]");
    sub->add_flag("--non-activated", opt->non_activated,
                  "The stands' battalion is not activated: open ground reads as 6 (11.3.3)");
    sub->add_option("--air", opt->air, "Air-ground support against a single stand (12.2)")
        ->transform(one_of({"fighter-bomber", "rocket"}))
        ->type_name("fighter-bomber|rocket");
    sub->add_option("--unit", opt->unit, "The battalion the stands belong to (for --game --apply)")->type_name("NAME");
    add_dice_options(*sub, opt->dice);
    sub->footer("Suppressed on: activated in the open 8 or less, non-activated or soft cover 6,\n"
                "hard cover 4, bunker 2 (11.3.3). Heavy weapons (hw) and command (hq) stands are\n"
                "unaffected and roll nothing. A barrage never destroys; fighter-bombers destroy\n"
                "on 1-2, rockets on 1-2 and vehicles or bunkers on 3-4 (12.2).\n"
                "Dice, in order: one d10 per --stand that can be affected.\n"
                "With --game and --unit and no --stand: every stand the battalion has left (one under\n"
                "--air), each as the game keeps the battalion's 'stand' (COVER[:TYPE], open unless set:\n"
                "umpire game set day.toml I-Btl stand=soft --reason 'into the wood').\n"
                "Examples:\n  umpire suppress --stand open --stand soft --stand hard:armour --stand open:hw\n"
                "  umpire suppress --stand bunker --air rocket --odds");
    sub->callback([opt, &ctx] { run_suppress(*opt, ctx); });
}

}  // namespace umpire::cli
