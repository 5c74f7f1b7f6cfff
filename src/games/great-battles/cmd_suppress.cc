// umpire suppress: Great Battles of WWII 11.3.3 (artillery) and 12.2 (air-ground support).
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

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
    // Of the game's stands, those already suppressed (11.3.1): the last of them.
    size_t already = 0;
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
        core::require_stand_left(*game, unit->name, ctx.game_path());
        const int left = core::stands_left(*game, unit->name);
        stands.assign(opt.air.empty() ? static_cast<size_t>(left) : 1, as);
        // 11.3.1: a stand already suppressed is not suppressed again. Under a barrage each of
        // them is under the template and rolls nothing; an air attack's one stand is an
        // unsuppressed one while the battalion has one (umpire(1)).
        const int suppressed = std::clamp(game->number(unit->name, "suppressed"), 0, left);
        already = opt.air.empty() ? static_cast<size_t>(suppressed) : (suppressed >= left ? 1 : 0);
    }
    // 12.2.3: air-ground support "only on turns of full daylight, when sighting range is 12\"";
    // 8.2: a day's first turn sees 3", its second 6", the third and later 12" (from the
    // attacker's phase or the defender's, by the attacker's die). With a game, its clock
    // says which turn it is: before the third, no air-ground support.
    if (!opt.air.empty() && game != nullptr && game->game == "great-battles") {
        const std::string phase = game->value("", "phase");
        const int turn = game->number("", "turn");
        if (phase == "dawn" || phase == "night" || turn < 3) {
            const std::string when = phase == "dawn" ? "the dawn phase of day " + game->value("", "day")
                                     : phase == "night"
                                         ? "the night after day " + game->value("", "day")
                                         : "day " + game->value("", "day") + ", turn " + std::to_string(turn) +
                                               ", when sighting is " + (turn == 1 ? "3\"" : "6\"") + " (8.2)";
            throw usage_error("--air " + opt.air + ": the game (" + ctx.game_path() + ") is at " + when +
                              "; air-ground support can only be used on turns of full daylight, when sighting is "
                              "12\" (12.2.3): from turn 3 of a day (8.2)");
        }
    }
    // A battalion that has Gone to Ground "cannot be activated ... for the rest of that day"
    // (15.2.1, 9.4): under a barrage it is a non-activated target, 6 in the open (9.3, 11.3.3).
    // The game keeps no other activation: a battalion it does not say has Gone to Ground is
    // activated unless --non-activated says otherwise (umpire(1)).
    if (!name.empty() && game != nullptr && game->find_unit(name) != nullptr &&
        game->value(name, "gone_to_ground") == "true") {
        q.activated = false;
        q.gone_to_ground = true;
    }
    for (const auto& spec : stands) {
        q.stands.push_back(flag_value("--stand", core::parse_stand(spec, table)));
    }
    for (size_t i = q.stands.size() - already; i < q.stands.size(); ++i) {
        q.stands[i].suppressed = true;
    }
    core::Fields inputs{{"stands", stands},
                        {"activated", q.activated},
                        {"attack", opt.air.empty() ? std::string("artillery") : opt.air}};
    if (already > 0) {
        inputs.push_back({"already_suppressed", static_cast<long long>(already)});
    }
    if (!name.empty()) {
        inputs.push_back({"unit", name});
        if (q.gone_to_ground) {
            inputs.push_back({"gone_to_ground", true});
        }
        // The stands under the template are the battalion's: no more than it has left today.
        if (game != nullptr && game->find_unit(name) != nullptr) {
            core::require_stand_left(*game, name, ctx.game_path());
            const int left = core::stands_left(*game, name);
            q.stands_left = left;
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
    // TAB offers the covers; a TYPE is typed after them (":armour").
    ctx.offer_rows(sub->add_option("--stand", opt->stands,
                                   "A stand under the template: COVER[:TYPE], cover open|soft|hard|bunker, type "
                                   "infantry|armour|at|fg|hw|hq (repeatable, in roll order); with --game and --unit, "
                                   "by default the battalion's stands as the game keeps them")
                       ->allow_extra_args(false)
                       ->type_name("COVER[:TYPE]"),
                   "great-battles.suppression");
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
                "With --game, a battalion the game says has Gone to Ground is read as non-activated\n"
                "(15.2.1, 9.4: it cannot be activated for the rest of the day; 9.3, 11.3.3); the game\n"
                "keeps no other activation, so any other battalion is activated unless --non-activated.\n"
                "With --game, --air is refused before turn 3 of a day: sighting is 3\" on the first turn\n"
                "and 6\" on the second (8.2), and air-ground support needs full daylight, 12\" (12.2.3).\n"
                "On turn 3 sighting reaches 12\" at the attacker's phase on an even die, else at the\n"
                "defender's (8.2), and a day of poor visibility may never reach it: the game keeps\n"
                "neither, so check them (umpire sighting).\n"
                "Examples:\n  umpire suppress --stand open --stand soft --stand hard:armour --stand open:hw\n"
                "  umpire suppress --stand bunker --air rocket --odds");
    sub->callback([opt, &ctx] { run_suppress(*opt, ctx); });
}

}  // namespace umpire::cli
