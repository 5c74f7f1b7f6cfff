// umpire hits: Novorossiysk 1943 block combat with coloured hit dice (N3-N7).
#include "cli/commands.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace umpire::cli {

struct HitsOptions {
    std::vector<std::string> attacker;
    std::vector<std::string> defender;
    std::string surprise;
    std::string time;
    bool moved_in = false;
    bool airfield = false;
    std::string weather;
    std::string zone;
    std::string phase;
    std::string terrain;
    bool artillery = false;
    bool artillery_on_mountain = false;
    bool landed = false;
    DiceOptions dice;
};

// The phase, its weather and the time of day a combat is fought in: typed, or with --game
// the time counter's (N1, N2), so that fighters do not roll full dice in poor flying weather
// nor a morning attack lose its Surprise because --time was left off.
struct Clock {
    std::string phase;
    std::string weather;
    std::string time;  // day or night, from the phase; "" without one
};

Clock clock_of(const HitsOptions& opt, const core::GameState* game, Context& ctx)
{
    Clock c{opt.phase, opt.weather, ""};
    if (game == nullptr || game->game != "novorossiysk") {
        if (!opt.zone.empty()) {
            throw usage_error("--zone " + opt.zone +
                              " picks a zone's weather from a Novorossiysk --game; without "
                              "one, give --weather");
        }
        c.time = c.phase.empty() ? "" : c.phase == "night" ? "night" : "day";
        return c;
    }
    const std::string phase = game->value("", "phase");
    if (!opt.phase.empty() && opt.phase != phase) {
        throw usage_error("--phase " + opt.phase + ", but the game (" + ctx.game_path() + ") is in the " + phase +
                          " phase: leave --phase off to use the game's");
    }
    c.time = phase == "night" ? "night" : "day";
    if (game->value("", "started") != "true") {
        return c;  // no weather rolled yet: the phase's limits only with a weather typed
    }
    c.phase = phase;
    if (opt.phase.empty()) {
        ctx.name_field_from_game("phase", "is in phase");  // "--phase night: ..." was never typed
    }
    // "clear", or by zone "west=clear,central=downpour,east=clear"
    std::vector<std::pair<std::string, std::string>> zones;
    std::string single;
    for (const auto& w : split(game->value("", "weather"), ',')) {
        if (const size_t eq = w.find('='); eq != std::string::npos) {
            zones.emplace_back(w.substr(0, eq), w.substr(eq + 1));
        } else if (!w.empty()) {
            single = w;
        }
    }
    std::string weather = single;
    if (!zones.empty()) {
        std::vector<std::string> said;
        for (const auto& [zone, code] : zones) {
            said.push_back(zone + "=" + code);
            if (zone == opt.zone) {
                weather = code;
            }
        }
        if (opt.zone.empty() && opt.weather.empty()) {
            throw usage_error("the game's weather is by zone (" + join(said, ", ") +
                              "): give --zone for the defenders' hex");
        }
        if (!opt.zone.empty() && weather.empty()) {
            throw usage_error("--zone " + opt.zone + ": the game's weather names " + join(said, ", "));
        }
        if (opt.zone.empty()) {
            const bool known =
                std::any_of(zones.begin(), zones.end(), [&](const auto& z) { return z.second == opt.weather; });
            if (!known) {
                throw usage_error("--weather " + opt.weather + ", but no zone of the game has it (" + join(said, ", ") +
                                  ")");
            }
            return c;
        }
    } else if (!opt.zone.empty()) {
        throw usage_error("--zone " + opt.zone + ": the game's weather (" + single + ") is not by zone");
    }
    if (!opt.weather.empty() && opt.weather != weather) {
        contradicts_game("--weather", opt.weather, weather,
                         (opt.zone.empty() ? "" : "in the " + opt.zone + " zone ") + "this phase", ctx);
    }
    c.weather = weather;
    if (opt.weather.empty()) {
        ctx.name_field_from_game("weather",
                                 opt.zone.empty() ? "has weather" : "has, in the " + opt.zone + " zone, weather");
    }
    return c;
}

void run_hits(const HitsOptions& opt, Context& ctx)
{
    const core::Table& hit_dice = ctx.table("novorossiysk.hit-dice");
    const core::Table& procedures = ctx.table("novorossiysk.procedures");
    core::HitsRequest q;
    // A block is a spec, or with --game a block's name: its side showing, refused in the
    // Dead Pool, and named so --apply can step it down or remove it.
    const core::GameState* game = ctx.game_path().empty() ? nullptr : ctx.game();
    if (ctx.options.apply && game != nullptr && game->game == "novorossiysk" && game->value("", "started") != "true") {
        // A loss applied here was kept, then the first 'game next' rolled that same morning's
        // weather: Dense Fog, "all combat is disallowed", too late.
        throw usage_error("--apply: the game in " + ctx.game_path() +
                          " has not begun its first phase: 'game next' moves the Time Counter and rolls the "
                          "phase's weather first ('At the start of each Phase the Weather is ascertained', Map "
                          "Aids)");
    }
    // A block named from the game fights once, on one side; a side's blocks are the
    // enemy's of the other's (each named: flag, side).
    std::map<std::string, std::pair<std::string, std::string>> named;
    std::vector<std::string> fired;  // defenders that returned fire this phase: no dice now
    // (flag, name) of the air units that made their attack on the surface or the Air Field
    // this phase (air_attack_in): refused another (Ground and Ship Attack)
    std::vector<std::pair<std::string, std::string>> attacked;
    for (auto [flag, specs, side] :
         {std::tuple{"--attacker", &opt.attacker, &q.attacker}, std::tuple{"--defender", &opt.defender, &q.defender}}) {
        for (const auto& spec : *specs) {
            const std::string text = game ? core::block_in_game(spec, *game) : spec;
            auto b = core::parse_block(text, hit_dice);
            if (!b) {
                // With a game a word that is no block's name nor a BLOCK was told only of hit
                // dice ("no hit die 'nobody'"): it names the game's blocks too (hunt42).
                std::string blocks;
                if (game != nullptr && game->game == "novorossiysk" && text == spec &&
                    spec.find(':') == std::string::npos) {
                    std::vector<std::string> names;
                    for (const auto& u : game->units) {
                        names.push_back(u.name);
                    }
                    blocks = "; no block of " + ctx.game_path() + " is named so" + suggestion(spec, names);
                }
                // A block's name with a suffix (Sov-Naval-Inf:reduced) was read as dice: the game
                // keeps the block's dice and its step, so its name alone is the block.
                if (game != nullptr && game->game == "novorossiysk" && text == spec) {
                    const std::string head = split(spec, ':').front();
                    if (const core::GameUnit* unit = game->find_unit(head);
                        unit != nullptr && spec.find(':') != std::string::npos) {
                        const std::string step = game->value(unit->name, "step");
                        throw usage_error(std::string(flag) + " " + spec + ": " + unit->name +
                                          " is a block of the game (" + ctx.game_path() +
                                          "), which keeps its dice and its step (" + (step.empty() ? "full" : step) +
                                          "): name it alone, " + std::string(flag) + " " + unit->name +
                                          ", with no suffix");
                    }
                }
                throw usage_error(std::string(flag) + " " + b.error() + blocks);
            }
            core::Block block = *b;
            if (text != spec) {
                const core::GameUnit& unit = *game->find_unit(spec);
                block.label = unit.name;
                // Ground and Ship Attack: "If a ground unit returns fire it cannot fire later that
                // phase": it attacks no more, and throws no dice when it is attacked again.
                if (game->value(unit.name, "fired_in") == core::phase_label(*game)) {
                    if (side == &q.attacker) {
                        throw usage_error(std::string(flag) + " " + unit.name +
                                          " returned fire at air units this phase: 'If a ground unit returns fire "
                                          "it cannot fire later that phase' (Ground and Ship Attack)");
                    }
                    block.dice.clear();
                    block.anti_air.clear();
                    fired.push_back(unit.name);
                }
                if (side == &q.attacker && core::find_block_kind(block.kind)->air &&
                    game->value(unit.name, "air_attack_in") == core::phase_label(*game)) {
                    attacked.emplace_back(flag, unit.name);
                }
                if (const auto seen = named.find(unit.name); seen != named.end()) {
                    throw usage_error(std::string(flag) + " " + unit.name + " is given twice" +
                                      (seen->second.first == flag ? "" : " (also " + seen->second.first + ")") +
                                      "; a block fights once in a combat, on one side");
                }
                for (const auto& [other, where] : named) {
                    if (where.first != flag && !unit.side.empty() && where.second == unit.side) {
                        throw usage_error(std::string(flag) + " " + unit.name + " and " + where.first + " " + other +
                                          " are both " + unit.side + " blocks; a combat is between the two sides");
                    }
                }
                named[unit.name] = {flag, unit.side};
            }
            side->push_back(std::move(block));
        }
    }
    if (opt.airfield && !opt.defender.empty()) {
        throw usage_error("--airfield: the Air Field answers with its free dice; give no --defender");
    }
    // One attack on the surface or the Air Field an air unit a phase (air_attack_in, kept by
    // --apply): a second is refused, as a ground block's fire after it returned fire is.
    if (!attacked.empty() && (opt.airfield || std::any_of(q.defender.begin(), q.defender.end(), [](const auto& b) {
                                  return !core::find_block_kind(b.kind)->air;
                              }))) {
        const auto& [flag, name] = attacked.front();
        throw usage_error(flag + " " + name + " has made its attack this phase (" + core::phase_label(*game) +
                          "): an Air Unit is placed in one small hex a phase (Air Unit Deployment), from which it "
                          "'can then attack surface units' (Ground and Ship Attack), and after an Air Field attack "
                          "'surviving Air Units are returned to their Air Field' (Hitting The Enemy Air Field): one "
                          "attack a phase; it may attack again next phase ('game next'), or 'game undo' the first");
    }
    // Surprise: "the Units in attack move into attack that phase" by day, "the attacking
    // Units" at night; the text gives it to no defender.
    if (opt.surprise == "defender") {
        throw usage_error("--surprise defender: Surprise is the attacker's only (by day Units that move into attack, "
                          "at night the attacking Units); give --surprise attacker, or --time day|night to work it "
                          "out");
    }
    // 'Surprise' is for "Units in attack [that] move into attack that phase", not those "in
    // combat from a previous phase (Units are 'pinned' if they border an enemy Unit)": ground
    // movement. Air to Air Combat has no attacker and no mover: "Both players roll their dice
    // simultaneously", and "do not move the blocks" (hunt53 A4).
    if (core::air_to_air(q)) {
        for (const auto& [given, flag] :
             {std::pair{!opt.surprise.empty(), "--surprise"}, std::pair{opt.moved_in, "--moved-in"},
              std::pair{!opt.time.empty(), "--time"}}) {
            if (given) {
                throw usage_error(std::string(flag) +
                                  ": both sides are air units, in Air to Air Combat, where 'Both players roll their "
                                  "dice simultaneously' and the blocks are not moved; 'Surprise' is only achieved "
                                  "'if the Units in attack move into attack that phase' ('Surprise', Air to Air "
                                  "Combat): leave " +
                                  flag + " off");
            }
        }
    }
    if (!opt.time.empty() && !opt.surprise.empty()) {
        throw usage_error("--surprise names the side; --time works it out from the blocks: give one");
    }
    const Clock clock = clock_of(opt, game, ctx);
    q.time = opt.time.empty() && opt.surprise.empty() ? clock.time : opt.time;
    if (opt.moved_in && q.time.empty()) {
        // Surprise is worked out only with the time: --moved-in alone was passed over (hunt42)
        throw usage_error(opt.surprise.empty()
                              ? "--moved-in counts toward Surprise, which is worked out with --time day|night (or a "
                                "game's phase, --game); give --time, or --surprise attacker"
                              : "--moved-in counts toward Surprise worked out with --time; --surprise gives it "
                                "outright: leave --moved-in off");
    }
    q.moved_in = opt.moved_in;
    q.attacker_surprise = opt.surprise == "attacker";
    q.defender_surprise = opt.surprise == "defender";
    q.airfield = opt.airfield;
    if (!opt.time.empty() && !clock.phase.empty() && (opt.time == "night") != (clock.phase == "night")) {
        throw usage_error("--time " + opt.time + " and " +
                          (opt.phase.empty() ? "the game's (" + ctx.game_path() + ") phase " : "--phase ") +
                          clock.phase + " disagree: leave --time off to use the " +
                          (opt.phase.empty() ? "game's" : "phase's") + " time of day");
    }
    q.weather = clock.weather;
    q.phase = clock.phase;
    q.terrain = opt.terrain;
    q.artillery = opt.artillery || opt.artillery_on_mountain;
    q.artillery_on_mountain = opt.artillery_on_mountain;
    core::Fields inputs{{"attacker", opt.attacker}, {"defender", opt.defender}};
    if (!q.phase.empty()) {
        inputs.push_back({"phase", q.phase});
    }
    // What Surprise is worked out from (the time, and whether they moved in), or the side
    // given it outright; the weather is the resolution's own input (core::roll_hits).
    if (!opt.time.empty()) {
        inputs.push_back({"time", opt.time});
    }
    if (q.moved_in) {
        inputs.push_back({"moved_in", true});
    }
    if (q.airfield) {
        inputs.push_back({"airfield", true});
    }
    if (!opt.terrain.empty()) {
        inputs.push_back({"terrain", opt.terrain});
    }
    if (q.artillery) {
        inputs.push_back({"artillery", true});
    }
    if (q.artillery_on_mountain) {
        inputs.push_back({"artillery_on_mountain", true});
    }
    if (!fired.empty()) {
        inputs.push_back({"returned_fire_this_phase", fired});  // so they throw no dice (Ground and Ship Attack)
    }
    // Night Phase: "Any Bomber that attacks the small hex it is in MUST throw a D6. On a roll
    // of 4+ no scatter takes place ... Hits occur in the requisite numbered small hex, which
    // might include friendly troops." Written to the game, the hits are the named defenders'
    // only once that die is thrown and the bombs fell on them.
    const auto air = [](const core::Block& b) { return core::find_block_kind(b.kind)->air; };
    const bool scatters =
        q.phase == "night" && !q.weather.empty() && q.weather != "clear" &&
        std::any_of(q.attacker.begin(), q.attacker.end(), [](const core::Block& b) { return b.kind == "bomber"; }) &&
        !std::all_of(q.defender.begin(), q.defender.end(), air);
    if (opt.landed && !scatters) {
        throw usage_error("--landed: only a bomber's bombs scatter, at night unless the weather is clear (Night "
                          "Phase)");
    }
    if (scatters && ctx.options.apply && !opt.landed) {
        throw usage_error("--apply: at night, unless clear, a bomber MUST throw a D6 before its hits land: 4+ no "
                          "scatter, else its bombs fall in another small hex, which might hold friendly troops "
                          "(Night Phase). Throw it first (umpire scatter --night-bomb), then give --landed when "
                          "they fall on these defenders, or name the blocks of the hex they fall in");
    }
    if (opt.landed) {
        inputs.push_back({"landed", true});
    }
    const core::PreparedHits prepared = core::prepare_hits(hit_dice, procedures, q);
    // --odds: each pool walked alone, and the difference of their hits (core::hits_odds).
    ctx.adjudicate(opt.dice, inputs, "hits",
                   [&](core::Dice& dice) { return core::roll_hits(hit_dice, prepared, dice); }, {},
                   {{}, core::PartsAre::summed, [&](const core::Adjudicator& whole) {
                        return core::hits_odds(hit_dice, prepared, whole);
                    }});
}

void setup_hits(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<HitsOptions>();
    auto* sub = app.add_subcommand("hits", "Novorossiysk: two pools of coloured hit dice rolled at once, hits "
                                           "cancel, the residue lands in casualty order");
    sub->add_option("--attacker", opt->attacker,
                    "One attacking block: [KIND:]DICE[:aa=DICE][:reduced], or a block's name with --game "
                    "(repeatable)")
        ->required()
        ->allow_extra_args(false)
        ->type_name("BLOCK");
    sub->add_option("--defender", opt->defender, "One defending block (repeatable)")
        ->allow_extra_args(false)
        ->type_name("BLOCK");
    ctx.choose(sub->add_option("--surprise", opt->surprise,
                               "The attacker has Surprise: its dice rise one level, never past black (a defender "
                               "never has it)")
                   ->type_name("attacker"),
               {"attacker", "defender"});
    sub->add_option("--time", opt->time,
                    "Work Surprise out for the attacker: day (moved in, 2 to 1) or night "
                    "(fewer than the enemy, more than one)")
        ->transform(one_of({"day", "night"}))
        ->type_name("day|night");
    sub->add_flag("--moved-in", opt->moved_in, "The attackers moved into combat this phase (Surprise needs it)");
    sub->add_flag("--airfield", opt->airfield, "Air units strike the enemy Air Field: 3 free white dice answer first");
    ctx.choose(sub->add_option("--weather", opt->weather,
                               "The phase's weather: clear, downpour, mountain-fog, coast-fog, dense-fog, poor-flying")
                   ->type_name("WEATHER"),
               core::k_weather_codes);
    ctx.choose(
        sub->add_option("--zone", opt->zone,
                        "With --game, whose weather is by zone: the defenders' zone, west, central or east (Weather)")
            ->type_name("ZONE"),
        core::k_weather_zones);
    ctx.choose(sub->add_option("--phase", opt->phase,
                               "morning, afternoon or night: at night, unless clear, no air to air or "
                               "Air Field combat")
                   ->type_name("PHASE"),
               core::k_phases);
    ctx.choose(sub->add_option("--terrain", opt->terrain,
                               "The defenders' hex under a weather: inland (default; sea for ships, coast "
                               "for ships beside land units), mountain, coast (bordering the sea) or sea; a "
                               "ship is never inland nor on a mountain")
                   ->type_name("TERRAIN"),
               core::k_hits_terrains);
    sub->add_flag("--artillery", opt->artillery, "The attackers are artillery (Mountain fog lowers fire at mountains)");
    sub->add_flag("--landed", opt->landed,
                  "At night unless clear: the bombers' scatter die is thrown and their bombs fall on these "
                  "defenders (needed to --apply)");
    sub->add_flag("--artillery-on-mountain", opt->artillery_on_mountain,
                  "Artillery placed on mountainous terrain (it cannot fire in Mountain fog)");
    add_dice_options(*sub, opt->dice);
    sub->footer("Weather (--weather, --phase): Dense fog refuses all combat; at night unless clear, no\n"
                "air to air and no Air Field attack, and bombs scatter; the air-to-air result lowers\n"
                "air to air dice a level; Mountain fog: no bombing of mountains, no land-based\n"
                "anti-air, artillery at mountains a level lower, none from them; Coast fog: no\n"
                "bombing of sea or coastal hexes, so none of ships (sea based). Never below white.\n"
                "BLOCK: KIND bomber, fighter, para, small, large (default) or ship; DICE colours joined\n"
                "by +, a count before each: bomber:2red+white, large:black:reduced. Small blocks roll\n"
                "white. The hit dice's faces are lost from the rules text: PROVISIONAL. Surface\n"
                "units only return fire at air units: name the air units as --attacker. A large\n"
                "block or ship returns fire only with the dice of its coloured triangle, aa=DICE\n"
                "(large:2red:aa=red), and none when stepped down or without one.\n"
                "Dice, in order: the attacker's dice block by block, then the defender's. Blocks\n"
                "alike on one side are told apart by their place: large:red #1, large:red #2.\n"
                "With --game, name blocks: a stepped-down block rolls its lesser side, a block in the\n"
                "Dead Pool is refused, and --apply steps blocks down or moves them to the Dead Pool;\n"
                "the phase, the time of day and the weather are the time counter's (--zone where the\n"
                "weather is by zone).\n"
                "Examples:\n  umpire hits --attacker fighter:2red --attacker bomber:red --defender fighter:black\n"
                "  umpire hits --attacker small --attacker small --attacker small --defender large:red --time day "
                "--moved-in\n  umpire --game novo.toml --apply hits --attacker Sov-Rifle-1 --defender "
                "Ger-Grenadier-1\n  umpire hits --attacker fighter:2red --defender fighter:black --weather "
                "poor-flying\n  umpire hits --airfield --attacker bomber:2yellow --attacker fighter:red");
    sub->callback([opt, &ctx] { run_hits(*opt, ctx); });
}

}  // namespace umpire::cli
