// umpire crt: The Russian Portfolio XIII.B-C.
#include "cli/commands.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct CrtOptions {
    std::optional<long long> attack;  // unset: the flag left off (0 is refused, not taken for that)
    std::optional<long long> defense;
    std::string river = "none";
    bool amphibious = false;
    bool winter = false;
    bool north = false;   // the defenders' hex north(east) of the Arctic Weather Line (VI.B.1)
    std::string weather;  // the turn's, for VI.B.1: unset, the --game's
    bool dispersed = false;
    bool surrounded = false;
    std::optional<std::string> surrounded_reading;  // unset: rules-text
    bool armor = false;
    std::string side;
    std::optional<int> reserve_phase;  // unset: 0, and refused without --armor
    std::vector<std::string> attackers;
    std::vector<std::string> defenders;
    std::vector<std::string> terrain;
    std::optional<int> retreat;
    std::optional<std::string> retreat_reading;  // unset: rolls, and refused without --retreat
    DiceOptions dice;
};

// A unit as --attacker or --defender gives it: FACTORS:KIND[:FLAG] as typed, or NAME[:FLAG], a
// counter of the scenario (the --game's, or --scenario) whose factors and kind are read from it
// and, with a Russian Portfolio --game, its status (VII).
struct TakenUnit {
    core::LandUnit unit;
    std::string name;  // "" when typed as FACTORS:KIND
    std::string side;
    std::string battle;  // attacking as its breakthrough attack: the battle of its BR (XIII.F)
};

TakenUnit take_unit(const std::string& flag, const std::string& text, bool attacking, Context& ctx)
{
    const std::string head = text.substr(0, text.find(':'));
    // A unit's name is never a number (the scenario loader refuses one): "4:army" is factors.
    if (head.find_first_not_of("0123456789+-") == std::string::npos) {
        return {flag_value(flag, core::parse_land_unit(text)), "", ""};
    }
    const core::Scenario& scenario = ctx.scenario("russian-portfolio");
    if (scenario.find_unit(head) == nullptr) {
        throw usage_error(
            flag + " " + text + ": give FACTORS:KIND[:FLAG] (e.g. 4:army) or a counter of scenario " + scenario.id +
            (scenario.units.empty()
                 ? std::string(", which has none")
                 : suggestion(head, scenario.unit_names()) + "; units: " + join(scenario.unit_names(), ", ")));
    }
    const core::Unit& u = find_unit(flag, head, "russian-portfolio", ctx);
    if (!u.factors) {
        throw usage_error(flag + " " + u.name + ": a unit of scenario " + ctx.scenario("russian-portfolio").id +
                          " with no factors, no Russian Portfolio counter; give FACTORS:KIND, e.g. 4:army");
    }
    const int factors = attacking ? u.factors->attack : u.factors->defense;
    TakenUnit t{
        flag_value(flag, core::parse_land_unit(std::to_string(factors) + ":" + u.type + text.substr(head.size()))),
        u.name, u.side};
    const core::GameState* game = ctx.game();
    if (game == nullptr || game->game != "russian-portfolio") {
        return t;
    }
    const std::string status = game->value(u.name, "status");
    const std::string in = " in the game (" + ctx.game_path() + ")";
    if (status == "eliminated") {
        throw usage_error(flag + " " + u.name + ": eliminated" + in);
    }
    // A Spent unit may attack once more after a BR, its breakthrough attack (XIII.F).
    const std::string breakthrough = game->value(u.name, "breakthrough");
    if (attacking && status != "ready" && !(status == "spent" && breakthrough == "due")) {
        throw usage_error(flag + " " + u.name + ": " + (status == "spent" ? "Spent" : "Dispersed") + in +
                          ": a unit must be UnDispersed and UnSpent to attack (XIII.A.2, VII)" +
                          (status == "spent" && breakthrough == "used"
                               ? "; its one breakthrough attack of this game-turn is made (XIII.F)"
                               : ""));
    }
    if (!attacking && t.unit.dispersed && status != "dispersed") {
        throw usage_error(flag + " " + text + ", but " + u.name + " is " + status + in +
                          ": leave :dispersed off to use the game's");
    }
    t.unit.dispersed = status == "dispersed";
    if (attacking && status == "spent" && breakthrough == "due") {
        t.battle = game->value(u.name, "battle");
    }
    return t;
}

void run_crt(const CrtOptions& given, Context& ctx)
{
    CrtOptions opt = given;
    const core::Table& crt = ctx.table("russian-portfolio.crt");
    const core::Table& no_retreat = ctx.table("russian-portfolio.no-retreat");
    const core::Table& procedures = ctx.table("russian-portfolio.procedures");
    const core::Table& terrain = ctx.table("russian-portfolio.terrain-defense");
    const core::Table& shortfall = ctx.table("russian-portfolio.retreat-shortfall");
    if (opt.attack.has_value() == !opt.attackers.empty()) {
        throw usage_error("give the attack as --attack N (the total) or as --attacker UNIT... (X.B.4 applied), "
                          "one of them");
    }
    if (opt.defense.has_value() == !opt.defenders.empty()) {
        throw usage_error("give the defense as --defense N (the total, bonuses included) or as --defender UNIT... "
                          "(X.B's bonuses added), one of them");
    }
    for (const auto& [flag, value] : {std::pair{"--attack", opt.attack}, std::pair{"--defense", opt.defense}}) {
        if (value && (*value < 1 || *value > 1000000)) {
            throw usage_error(std::string(flag) + " " + std::to_string(*value) +
                              ": --attack and --defense are total factors from 1 to 1000000 (XIII.B)");
        }
    }
    if (!opt.terrain.empty() && opt.defenders.empty()) {
        throw usage_error("--terrain adds X.B's bonuses to --defender units; with --defense N the total already "
                          "includes them");
    }
    if (opt.reserve_phase && (*opt.reserve_phase < 0 || *opt.reserve_phase > 5)) {
        throw usage_error("--reserve-phase is " + std::to_string(*opt.reserve_phase) +
                          "; allowed 0 (the Initial Phase, umpire's reading of n there) to 5 (umpire's limit: the "
                          "Reserve Movement track is on the lost Charts & Tables sheet; XIII.G names a 3rd)");
    }
    // An option that changes nothing is refused, never passed over: the referee who typed it
    // believes it was read.
    if (opt.retreat_reading && !opt.retreat) {
        throw usage_error("--retreat-reading " + *opt.retreat_reading +
                          " reads XIII.D.6 at exactly 2 hexes of retreat: it needs --retreat N (the hexes the "
                          "defender can retreat)");
    }
    if (opt.surrounded_reading && !opt.surrounded) {
        throw usage_error("--surrounded-reading " + *opt.surrounded_reading +
                          " says how a Surrounded or No Retreat! D1 reads (XIII.C): it needs --surrounded");
    }
    if (opt.amphibious && opt.river != "all") {
        throw usage_error("--amphibious drops the cross-river penalty (XVI.B.2): it needs --river all (every attacker "
                          "across a river); with --river " +
                          opt.river + " there is no penalty to drop");
    }
    // XVI.B.2: "in the Axis Initial Phase of the first turn": --reserve-phase 0 is the initial
    // phase, 1 or more a Reserve Phase (XIII.G), where the penalty stands (hunt47).
    if (opt.amphibious && opt.reserve_phase.value_or(0) > 0) {
        throw usage_error("--amphibious drops the river penalty in the Axis Initial Phase of the first turn only "
                          "(XVI.B.2): --reserve-phase " +
                          std::to_string(*opt.reserve_phase) +
                          " is a Reserve Phase (XIII.G); leave --amphibious off, or give --reserve-phase 0");
    }
    core::CrtRequest q;
    q.factors = {opt.attack.value_or(0), opt.defense.value_or(0)};
    std::vector<std::string> attacker_units;
    std::vector<std::string> defender_units;
    std::vector<std::string> dispersed_units;  // of the defenders: read apart when only some are (XIII.C)
    std::vector<std::string> armor_units;      // the named ones, whom --apply Disperses on a breakdown
    std::vector<std::string> armor_given;      // every armor or mechanized --attacker, named or typed
    std::string attacking_side;
    std::string defending_side;
    auto one_side = [](std::string& side, const TakenUnit& t, const std::string& flag) {
        if (!side.empty() && side != t.side) {
            throw usage_error(flag + " " + t.name + " is " + t.side + ", but another is " + side +
                              ": the attackers are one side's, the defenders the other's (XIII.A)");
        }
        side = t.side;
    };
    auto named_once = [&](const std::string& flag, const std::string& name) {
        if (contains(attacker_units, name) || contains(defender_units, name)) {
            throw usage_error(flag + " " + name + ": named twice in one attack");
        }
    };
    std::vector<std::pair<std::string, std::string>> breakthroughs;  // (unit, battle) attacking again (XIII.F)
    for (const auto& a : opt.attackers) {
        TakenUnit t = take_unit("--attacker", a, true, ctx);
        if (!t.battle.empty()) {
            // XIII.F: "They may not be combined with units from other battles also making
            // break-through attacks." The game keeps each one's battle (hunt47).
            for (const auto& [other, battle] : breakthroughs) {
                if (battle != t.battle) {
                    throw usage_error("--attacker " + t.name + " and " + other +
                                      " make breakthrough attacks from different battles (the BRs of " + t.battle +
                                      "'s attack and of " + battle +
                                      "'s): they may not be combined (XIII.F); let them attack apart");
                }
            }
            breakthroughs.emplace_back(t.name, t.battle);
        }
        if (!t.name.empty()) {
            named_once("--attacker", t.name);
            one_side(attacking_side, t, "--attacker");
            attacker_units.push_back(t.name);
            if (t.unit.kind == "armor" || t.unit.kind == "mechanized") {
                armor_units.push_back(t.name);
            }
        }
        // XIII.C's breakdown follows the unit's kind however it is given: a counter's type or
        // FACTORS:KIND (the typed kind was passed over, hunt47).
        if (t.unit.kind == "armor" || t.unit.kind == "mechanized") {
            armor_given.push_back(a);
        }
        q.attackers.push_back(t.unit);
    }
    size_t dispersed = 0;
    for (const auto& d : opt.defenders) {
        TakenUnit t = take_unit("--defender", d, false, ctx);
        if (!t.name.empty()) {
            named_once("--defender", t.name);
            one_side(defending_side, t, "--defender");
            defender_units.push_back(t.name);
            if (t.unit.dispersed) {
                dispersed_units.push_back(t.name);
            }
        }
        q.defenders.push_back(t.unit);
        if (q.defenders.back().across_water) {
            throw usage_error("--defender " + d + ": :lake marks an attacker across water (X.B.4)");
        }
        dispersed += q.defenders.back().dispersed ? 1 : 0;
    }
    if (!attacking_side.empty() && attacking_side == defending_side) {
        throw usage_error("--defender: " + join(defender_units, ", ") + " and the attackers are all " + attacking_side +
                          ": a unit attacks the enemy (XIII.A)");
    }
    // The attacker's side, as the counters say it where the scenario names the text's sides.
    const std::string counters_side = !attacking_side.empty()       ? attacking_side
                                      : defending_side == "axis"    ? std::string("russian")
                                      : defending_side == "russian" ? std::string("axis")
                                                                    : std::string();
    if (counters_side == "axis" || counters_side == "russian") {
        if (!opt.side.empty() && opt.side != counters_side) {
            throw usage_error("--side " + opt.side + ", but the units named attack for " + counters_side +
                              ": leave --side off to use theirs");
        }
        opt.side = counters_side;
    }
    if (!opt.attackers.empty()) {
        // X.B.4 refuses armor across water before anything else is asked of the attack (north
        // of the Arctic line the lake may be frozen, VI.B.1: resolve_crt reads it then).
        core::attack_factors(q.attackers, opt.north || opt.winter);
        // The kinds of the --attacker units say whether armor attacks (XIII.C): --armor
        // against them would read a breakdown for units that cannot break down.
        if (opt.armor && armor_given.empty()) {
            throw usage_error("--armor, but no --attacker unit is armor or mechanized (" + join(opt.attackers, " ") +
                              "): XIII.C's breakdown is for attacking Armor/Mech units; leave --armor off, or give "
                              "the armor as FACTORS:armor or FACTORS:mechanized");
        }
        opt.armor = !armor_given.empty();  // armor/mech attacking: breakdown is read from the die (XIII.C)
    }
    if (opt.reserve_phase && !opt.armor) {
        throw usage_error("--reserve-phase " + std::to_string(*opt.reserve_phase) +
                          " is n of armor breakdown, 1 to 1+n (XIII.C): it needs --armor with --attack N, or armor "
                          "or mechanized --attacker units (as 6:armor, or a counter of that type)");
    }
    if (opt.armor && opt.side.empty()) {
        throw usage_error(
            (armor_given.empty() ? std::string("--armor") : "--attacker " + join(armor_given, " ") + " (armor)") +
            " needs --side axis|russian: breakdown is 1 to 1+n, 2 to 2+n for Russians (XIII.C)");
    }
    if (opt.winter && opt.side == "axis") {
        throw usage_error("--winter-offensive is a Russian attack (VI.B.3); the attack is axis's");
    }
    // VI.B.3: the shift is for Snow weather turns of the first winter. Without a game the
    // weather is the referee's to know; a game keeps it on its clock (VI.A).
    if (const core::GameState* game = ctx.game(); opt.winter && game != nullptr && game->game == "russian-portfolio") {
        const std::string weather = game->value("", "weather");
        if (weather != "snow") {
            const core::LegendEntry* entry = ctx.table("russian-portfolio.weather").find_code(weather);
            throw usage_error(
                "--winter-offensive is for Snow weather turns of the first winter (VI.B.3); the game in " +
                ctx.game_path() + " is in " + game->value("", "month") + ", " +
                (weather.empty()    ? std::string("its weather not yet rolled (XVI.C.1.c)")
                 : entry != nullptr ? entry->name
                                    : weather));
        }
        // "any 3 consecutive Snow weather turns of his choice": from the first the game applied
        // it in, that turn and the two after; none later (VI.B.3).
        const std::string from = game->value("", "winter_offensive");
        const auto first = parse_int(from, 1, core::k_max_clock);
        const auto turn = parse_int(game->value("", "turn"), 1, core::k_max_clock);
        if (first && turn && *turn > *first + 2) {
            throw usage_error("--winter-offensive is for 3 consecutive Snow turns of the Russian Player's choice "
                              "(VI.B.3): in " +
                              ctx.game_path() + " they were game-turns " + from + " to " + std::to_string(*first + 2) +
                              " (applied first in game-turn " + from + "); the game is at game-turn " +
                              std::to_string(*turn));
        }
    }
    if (opt.amphibious && opt.side == "russian") {
        throw usage_error("--amphibious is a German attack of the first turn (XVI.B.2); the attack is russian's");
    }
    // XVI.B.2: "in the Axis Initial Phase of the first turn" only. A game keeps the turn; it
    // was read as the first whatever the game's clock said (hunt30).
    if (const core::GameState* game = ctx.game();
        opt.amphibious && game != nullptr && game->game == "russian-portfolio" && game->value("", "turn") != "1") {
        throw usage_error("--amphibious drops the river penalty in the first turn only (XVI.B.2, Special First-Turn "
                          "Rules); the game in " +
                          ctx.game_path() + " is at game-turn " + game->value("", "turn") + ", " +
                          game->value("", "month"));
    }
    // "for any one German attack" (XVI.B.2): the game keeps the one it applied (hunt47).
    if (const core::GameState* game = ctx.game(); opt.amphibious && game != nullptr &&
                                                  game->game == "russian-portfolio" &&
                                                  game->value("", "amphibious") == "used") {
        throw usage_error("--amphibious drops the river penalty for any one German attack of the first turn "
                          "(XVI.B.2): the game in " +
                          ctx.game_path() +
                          " has applied it already; leave --amphibious off, or 'umpire game undo' that attack first");
    }
    // VI.B.1: "In Snow weather months, swamp, lake, and river hexes and hex-sides north(east) of
    // the Arctic Weather Line freeze over and are treated as clear ... for all purposes". A
    // winter offensive's attack is by definition one of them: Snow turns, on Axis units north
    // of the line (VI.B.3). The river's shift and the lake's halving were read there (hunt47).
    std::string weather = to_lower(opt.weather);
    if (!weather.empty() && ctx.table("russian-portfolio.weather").find_code(weather) == nullptr) {
        throw usage_error("--weather " + opt.weather + ": allowed good, mud, hard-frost, snow (VI.A)");
    }
    if (const core::GameState* game = ctx.game(); game != nullptr && game->game == "russian-portfolio") {
        const std::string kept = game->value("", "weather");
        // Before a 1Jun41 start's die is cast, its weather is the die's (XVI.C.1.c): a hand's
        // weather is refused rather than taken and lost (umpire(1)).
        if (const std::string due = core::weather_die_due(*game);
            !due.empty() && (!weather.empty() || opt.north || opt.winter)) {
            throw usage_error((weather.empty() ? std::string() : "--weather " + opt.weather + ": ") + "the game (" +
                              ctx.game_path() + ") " + due);
        }
        if (!weather.empty() && !kept.empty() && weather != kept) {
            contradicts_game("--weather", opt.weather, kept, "this game-turn (VI.A)", ctx);
        }
        weather = weather.empty() ? kept : weather;
    }
    if (!opt.weather.empty() && !opt.north && !opt.winter) {
        throw usage_error("--weather " + opt.weather +
                          " says whether swamp, lake and river are frozen north(east) of the Arctic Weather Line "
                          "(VI.B.1): it needs --north-of-arctic-line");
    }
    if (opt.winter && !weather.empty() && weather != "snow") {
        throw usage_error("--winter-offensive is for Snow weather turns (VI.B.3); --weather is " + opt.weather);
    }
    const bool north = opt.north || opt.winter;  // VI.B.3: attacks on Axis units north of the line
    if (opt.winter) {
        weather = "snow";
    }
    if (north && weather.empty()) {
        throw usage_error("--north-of-arctic-line: swamp, lake and river there freeze in Snow (VI.B.1); give the "
                          "turn's --weather (good, mud, hard-frost, snow), or a --game whose weather is used");
    }
    q.frozen = north && weather == "snow";
    q.snow_unplaced = !north && weather == "snow";
    q.river_given = opt.river != "none";
    // Some Dispersed and some not: the group is attacked as a whole (XIII.A.6), one odds and
    // one die, read one column higher individually against the Dispersed units (XIII.C).
    q.some_dispersed = dispersed > 0 && dispersed < q.defenders.size();
    if (q.some_dispersed && opt.dispersed) {
        throw usage_error("--dispersed reads every defender one column higher, but only some of the --defender units "
                          "are Dispersed: leave --dispersed off, and umpire reads the Dispersed ones apart (XIII.C)");
    }
    q.terrain = opt.terrain;
    if (!opt.side.empty()) {
        q.defender_soviet = opt.side == "axis";
    }
    q.retreat = opt.retreat;
    q.two_hexes = opt.retreat_reading.value_or("rolls") == "retreats" ? core::TwoHexReading::retreats
                                                                      : core::TwoHexReading::rolls;
    if (q.frozen && opt.river != "none") {
        q.shifts.push_back(
            {"river frozen in Snow north(east) of the Arctic Weather Line: clear hexsides, no cross-river "
             "shift (VI.B.1)",
             0});
    } else if (opt.river == "all") {
        if (opt.amphibious) {
            q.shifts.push_back({"river penalty dropped: German amphibious tanks, first turn (XVI.B.2)", 0});
        } else {
            q.shifts.push_back({"every attacker is across a river (X.B.2)", crt.shift_columns("river")});
        }
    } else if (opt.river == "some") {
        q.shifts.push_back({"river nullified: some attackers are not across it (X.B.2)", 0});
    }
    if (opt.winter) {
        q.shifts.push_back({"Russian winter offensive north of the Arctic Weather Line (VI.B.3)",
                            crt.shift_columns("winter-offensive")});
    }
    q.dispersed = opt.dispersed || (dispersed > 0 && dispersed == q.defenders.size());
    q.surrounded = opt.surrounded;
    q.surrounded_reading = opt.surrounded_reading.value_or("rules-text");
    q.armor = opt.armor;
    q.russian = opt.side == "russian";
    q.reserve_phase = opt.reserve_phase.value_or(0);
    core::Fields inputs;
    if (opt.attackers.empty()) {
        inputs.push_back({"attack", opt.attack.value_or(0)});
    } else {
        inputs.push_back({"attackers", join(opt.attackers, " ")});
    }
    if (opt.defenders.empty()) {
        inputs.push_back({"defense", opt.defense.value_or(0)});
    } else {
        inputs.push_back({"defenders", join(opt.defenders, " ")});
        inputs.push_back({"terrain", opt.terrain.empty() ? "clear" : join(opt.terrain, " ")});
    }
    inputs.push_back({"river", opt.river});
    inputs.push_back({"dispersed", q.dispersed});
    inputs.push_back({"surrounded", opt.surrounded});
    if (opt.amphibious) {
        inputs.push_back({"amphibious", true});  // the river penalty dropped (XVI.B.2)
    }
    if (opt.winter) {
        inputs.push_back({"winter_offensive", true});  // a game keeps the first turn of its three (VI.B.3)
    }
    if (opt.surrounded_reading) {
        inputs.push_back({"surrounded_reading", *opt.surrounded_reading});
    }
    // The attacker's side reads swamp and the Stalin Line (with armor, among the
    // breakdown's inputs below).
    if (!opt.side.empty() && !opt.armor) {
        inputs.push_back({"side", opt.side});
    }
    if (north) {
        inputs.push_back({"north_of_arctic_line", true});
        inputs.push_back({"weather", weather});
    }
    if (opt.retreat) {
        inputs.push_back({"retreat", static_cast<long long>(*opt.retreat)});
    }
    if (opt.retreat_reading) {
        inputs.push_back({"retreat_reading", *opt.retreat_reading});
    }
    // The counters named, so that --apply knows whom the result spends, disperses or eliminates.
    if (!attacker_units.empty()) {
        inputs.push_back({"attacker_units", attacker_units});
    }
    if (!defender_units.empty()) {
        inputs.push_back({"defender_units", defender_units});
    }
    if (q.some_dispersed && !dispersed_units.empty()) {
        inputs.push_back({"dispersed_units", dispersed_units});
    }
    if (!armor_units.empty()) {
        inputs.push_back({"armor_units", armor_units});
    }
    // The breakdown's inputs: the branches of --odds depend on them (XIII.C).
    if (opt.armor) {
        inputs.push_back({"armor", true});
        inputs.push_back({"side", opt.side});
        inputs.push_back({"reserve_phase", static_cast<long long>(q.reserve_phase)});
    }
    const core::CrtTables tables{crt, no_retreat, procedures, terrain, shortfall};
    ctx.adjudicate(opt.dice, inputs, "crt", [&](core::Dice& dice) { return core::resolve_crt(tables, q, dice); });
}

void setup_crt(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CrtOptions>();
    auto* sub = app.add_subcommand("crt", "Russian Portfolio: odds-ratio combat (XIII.B-C)");
    sub->add_option("--attack", opt->attack, "Total attack factors (or --attacker)")->type_name("N");
    sub->add_option("--defense", opt->defense, "Total defense factors, terrain bonuses included (or --defender)")
        ->type_name("N");
    sub->add_option(
           "--attacker", opt->attackers,
           "An attacking unit FACTORS:KIND[:lake|:strait] or a scenario counter NAME[:lake|:strait] (repeatable); "
           ":lake across a lake hexside, :strait across the Kerch Straits or Leningrad-Kronshtadt: halved, armor "
           "may not (X.B.4); a lake frozen by --north-of-arctic-line in Snow is clear (VI.B.1)")
        ->type_name("UNIT");
    sub->add_option(
           "--defender", opt->defenders,
           "A defending unit FACTORS:KIND[:dispersed] or a scenario counter NAME (repeatable); KIND army, front, "
           "corps, infantry, armor, mechanized, cavalry")
        ->type_name("UNIT");
    ctx.offer_rows(sub->add_option("--terrain", opt->terrain,
                                   "The defenders' hex, for X.B's bonuses (repeatable): major-city, victory-city, "
                                   "leningrad-moscow, city, fortress, swamp, hills, mountains, stalin-line")
                       ->type_name("TERRAIN"),
                   "russian-portfolio.terrain-defense");
    sub->add_option("--retreat", opt->retreat,
                    "Hexes the defender can retreat, 0 to 4: below 2, D4/DX become DE and DE BR; at 3, D4/DX roll "
                    "again, 4-6 eliminates (XIII.D.6)")
        ->type_name("N");
    sub->add_option("--retreat-reading", opt->retreat_reading,
                    "XIII.D.6 is silent on exactly 2 hexes: rolls (default, as at 3) or retreats (no roll)")
        ->transform(one_of({"rolls", "retreats"}))
        ->type_name("rolls|retreats");
    sub->add_option("--river", opt->river,
                    "all: every attacker across a river, one column left; some: "
                    "nullified (X.B.2)")
        ->transform(one_of({"none", "some", "all"}))
        ->type_name("none|some|all");
    sub->add_flag("--amphibious", opt->amphibious,
                  "First-turn German amphibious tanks: no river penalty; with --game, only in game-turn 1 (XVI.B.2)");
    sub->add_flag(
        "--winter-offensive", opt->winter,
        "Russian winter offensive: one column right; with --game, in Snow turns, the 3 from the first applied "
        "(VI.B.3)");
    sub->add_flag("--north-of-arctic-line", opt->north,
                  "The defenders' hex is north(east) of the Arctic Weather Line: in Snow its swamp, lake and river "
                  "are frozen, clear (VI.B.1); --winter-offensive implies it");
    ctx.offer_rows(sub->add_option("--weather", opt->weather,
                                   "The turn's weather, for --north-of-arctic-line: good, mud, hard-frost or snow; "
                                   "with --game, the game's")
                       ->type_name("WEATHER"),
                   "russian-portfolio.overrun");
    sub->add_flag("--dispersed", opt->dispersed, "The defender is Dispersed: read one column higher (VII.B)");
    sub->add_flag("--surrounded", opt->surrounded, "Surrounded or No Retreat!: D1 -, D4/DX DE, DE BR (XIII.C)");
    sub->add_option("--surrounded-reading", opt->surrounded_reading,
                    "rules-text (default: D1 reads -) or chart-sheet (D1 reads S)")
        ->transform(one_of({"rules-text", "chart-sheet"}))
        ->type_name("rules-text|chart-sheet");
    sub->add_flag("--armor", opt->armor, "Armor/mech attacking: report breakdown from the same die (XIII.C)");
    sub->add_option("--side", opt->side, "The attacker's side (the defender is the other: swamp, Stalin Line)")
        ->transform(one_of({"axis", "russian"}))
        ->type_name("axis|russian");
    sub->add_option("--reserve-phase", opt->reserve_phase, "n, the Reserve Movement Phase (0 = initial)")
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The CRT grid is lost from the rules text: umpire's table is PROVISIONAL but for\n"
                "3:2 row 3 (S) and 2:1 row 3 (D1), VII.B: an answer read from those, on odds the text\n"
                "attests, is not. Odds round down to the nearest column; above\n"
                "10:1 reduce to 10:1; final odds below 1:4 are refused. Its columns are lost too:\n"
                "only 1:4, 1:3, 3:2, 2:1, 5:1 and 10:1 are the text's (XIII.B.3-4, VII.B); odds that rest\n"
                "on another, or on a rounding the text does not attest (it does 3:2 up to 2:1 and 2 to 5\n"
                "as 1:3), say PROVISIONAL. A shift or a\n"
                "Dispersed reading past 10:1, the highest column (XIII.B.4), is read at 10:1.\n"
                "With --defender units the defense adds X.B's bonuses for --terrain, each shown and\n"
                "cited; --attacker units across water are halved (X.B.4).\n"
                "Dice, in order: the combat die; then, at --retreat 3 on D4 or DX, the XIII.D.6 die.\n"
                "Examples:\n  umpire crt --attack 5 --defense 3 --roll 3                # 3:2: S\n"
                "  umpire crt --attack 5 --defense 3 --dispersed --roll 3    # read at 2:1: D1\n"
                "  umpire crt --attack 12 --defense 2 --river all --armor --side axis --reserve-phase 1\n"
                "  umpire crt --attacker 6:army --attacker 4:infantry:lake --defender 3:front --terrain hills "
                "--side axis\n"
                "  umpire crt --attack 8 --defense 2 --retreat 3\n"
                "With a scenario of the referee's counters (factors = \"AF-DF-MF\", umpire-tables(5)) a unit is\n"
                "named: its attack or defense factor and kind are read, and with --game its status: a Spent or\n"
                "Dispersed unit may not attack, a Dispersed defender is read one column higher (VII, XIII.A.2).\n"
                "--apply Spends the attackers (VII.A), and AE eliminates them, AD or an armor breakdown\n"
                "Disperses them, S Spends the defenders, D4/DX Disperse them, DE/BR eliminate them; X, D1\n"
                "and DX's exchange are the players' choice: game set.\n"
                "  umpire --game rp.toml --apply crt --attacker 4-Pz --attacker 9-Army --defender 5-Army");
    sub->callback([opt, &ctx] { run_crt(*opt, ctx); });
}

}  // namespace umpire::cli
