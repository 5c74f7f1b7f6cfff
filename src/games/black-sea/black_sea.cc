#include "games/black-sea/black_sea.h"

#include "core/lookup.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

namespace {

constexpr int k_turns_a_day = 6;  // "A game day is six operational turns" (Game Days)

}  // namespace

Resolution resolve_always_possible(const Table& procedures, int needed, int best, Dice& dice)
{
    if (needed <= best) {
        throw usage_error("{needed} " + std::to_string(needed) + " is within reach of {best} " + std::to_string(best) +
                          ": roll normally; Always Possible is for a roll that "
                          "cannot succeed");
    }
    const long long count = static_cast<long long>(needed) - best + 1;
    if (count > k_max_always_possible_dice) {
        throw usage_error("{needed} " + std::to_string(needed) + " and {best} " + std::to_string(best) + " ask for " +
                          std::to_string(count) + " dice; at most " + std::to_string(k_max_always_possible_dice) +
                          " (umpire's limit: the text's Always Possible sets none)");
    }
    const int face = procedures.constant("always_possible_face");
    Resolution r;
    r.command = "always-possible";
    r.title = "Always Possible";
    r.source = procedures.source;
    note_table(r, procedures);
    r.steps.push_back("needed " + std::to_string(needed) + ", best possible " + std::to_string(best) + ": " +
                      std::to_string(needed - best) + " + 1 = " + std::to_string(count) + " dice, all must be " +
                      std::to_string(face));
    // Each die alone, category 0 a six, 1 not: an odds walk counts the sixes (count + 1 branches,
    // "failure" met first as before), not every sequence of faces (6^count, past the
    // walk's limit from eight dice).
    const auto sixes = dice.tally<Part>(
        static_cast<size_t>(count), 2,
        [&](Dice& d, size_t i) {
            const int roll =
                d.roll_d6("Always Possible: die " + std::to_string(i + 1) + " of " + std::to_string(count));
            Part p;
            p.category = roll == face ? 0 : 1;
            return p;
        },
        [&](size_t) { return "always possible die: " + std::to_string(face); });
    const bool all = sixes.counts[0] == count;
    r.result.code = all ? "success" : "failure";
    r.result.name = all ? "Succeeds" : "Fails";
    r.result.fields.push_back({"dice", static_cast<long long>(count)});
    r.result.effects = {all ? "every die is a six: the attempt succeeds" : "not every die is a six: the attempt fails"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_weather_limits(const Table& table, std::string_view weather, Dice& dice, std::string_view light)
{
    // Coastal Contact holds "on daylight turns": not at twilight or night; unsaid when the
    // light is not known.
    const bool daylight = light.empty() || light == "day";
    const std::string key = spelled_in(k_black_sea_weathers, weather);
    if (key.empty()) {
        throw usage_error("{row} '" + std::string(weather) + "': allowed " + join(k_black_sea_weathers, ", ") +
                          suggestion(to_lower(weather), k_black_sea_weathers));
    }
    if (!find_row(table, key) && contains(k_black_sea_weathers, key) &&
        std::find(k_black_sea_weathers.begin(), k_black_sea_weathers.end(), key) <
            std::find(k_black_sea_weathers.begin(), k_black_sea_weathers.end(), "squall")) {
        // Better than squall: nothing in the text limits speed or cargo.
        Resolution r;
        r.command = "weather";
        r.title = table.title;
        r.source = table.source;
        note_table(r, table);
        r.inputs.push_back({"weather", key});
        r.result.code = "none";
        r.result.name = "no weather limit on speed";
        if (!table.notes.empty() && daylight) {
            r.result.effects = {table.notes.back()};  // Coastal Contact, squall or better
        }
        r.result.source = table.source;
        return r;
    }
    Resolution r = resolve_lookup(table, {std::nullopt, key, 0}, dice);
    r.command = "weather";
    r.result.name = "at most " + r.result.code + (r.result.code == "1" ? " sea zone" : " sea zones") + " a turn";
    // Each note where it holds: "Squall:" from squall on, "Storm:" from storm on (umpire's
    // reading, with its note), Coastal Contact in squall or better. Every note was printed in
    // every weather: storm's prohibitions in a squall, the contact rule in a gale.
    const auto rank = [](std::string_view w) {
        return std::find(k_black_sea_weathers.begin(), k_black_sea_weathers.end(), w) - k_black_sea_weathers.begin();
    };
    r.result.effects.clear();
    for (const auto& note : table.notes) {
        const bool holds = note.starts_with("Squall:")                         ? rank(key) >= rank("squall")
                           : note.starts_with("Storm:")                        ? rank(key) >= rank("storm")
                           : note.starts_with("umpire's reading")              ? rank(key) >= rank("storm")
                           : note.find("Coastal Contact") != std::string::npos ? daylight && rank(key) <= rank("squall")
                                                                               : true;
        if (holds) {
            r.result.effects.push_back(note);
        }
    }
    return r;
}

std::vector<std::string> black_sea_turn_effects(const Table& limits, std::string_view light, std::string_view weather)
{
    std::vector<std::string> effects;
    if (light == "night") {
        effects.push_back("night: sighting distances halved, rounded up (Sighting Distances)");
    } else if (light == "twilight") {
        // "Treat twilight turns as night turns in all winter scenarios" (Night (11.4)), and a
        // winter scenario's twilight is given as night: a twilight turn here is no night turn.
        effects.push_back("twilight: not a night turn, sighting as by day; in a winter scenario twilight is "
                          "night (Night (11.4)), given as {light} night");
    }
    NoDice unused;  // a table read: no die
    Dice none(unused);
    const Resolution limits_now = resolve_weather_limits(limits, weather, none, light);
    if (limits_now.result.code != "none") {
        effects.push_back(limits_now.result.name + " (Weather Effects on Operations)");
    }
    effects.insert(effects.end(), limits_now.result.effects.begin(), limits_now.result.effects.end());
    return effects;
}

std::string black_sea_read_in_light(const Table& table, const LookupRequest& request, std::string_view light)
{
    const bool night = light == "night";
    const std::string turn = night                 ? "a night turn"
                             : light == "twilight" ? "a twilight turn, no night turn outside a winter scenario "
                                                     "(Night (11.4): a winter scenario's twilight is given as night, "
                                                     "game set clock light=night {reason} TEXT)"
                                                   : "a daylight turn";
    if (!night && (table.id == "black-sea.night-confirm" || table.id == "black-sea.night-friendly-fire")) {
        return table.id + " is a roll of Night Combat (optional), on night turns only, and the game is at " + turn +
               ": a hit scored on it stands without this roll";
    }
    if (table.id != "black-sea.disengagement") {
        return "";
    }
    // "subtract one from the result for each hex inside the maximum sighting distance (halve
    // the resulting range modifier and round down, for night turns)" (Automatic Disengagement)
    for (const auto& [name, count] : request.named) {
        const std::string n = std::to_string(count);
        if (night && to_lower(name) == "hexes-inside") {
            return "{mod} " + name + "=" + n +
                   ": the game is at a night turn, where Automatic Disengagement halves the range modifier "
                   "('halve the resulting range modifier and round down, for night turns'): give {mod} "
                   "hexes-inside-night=" +
                   n;
        }
        if (!night && to_lower(name) == "hexes-inside-night") {
            return "{mod} " + name + "=" + n + ": the game is at " + turn +
                   ", where Automatic Disengagement does not halve the range modifier (it is halved 'for night "
                   "turns'): give {mod} hexes-inside=" +
                   n;
        }
    }
    return "";
}

std::string black_sea_read_movement(const GameState& g, const Table& table, const LookupRequest& request)
{
    if (table.id != "black-sea.operational-movement" || request.column) {
        return "";
    }
    return "{column}: the game is at turn " + g.value("", "turn") + " (day " + g.value("", "day") + "'s turn " +
           (g.value("", "day_turn").empty() ? std::string("not counted") : g.value("", "day_turn")) +
           "), but Extended Operational Movement does not say how its 'odd turns' and 'even turns' are counted: from "
           "the scenario's first turn, by the game day's turns, or on the scenario's turn record. umpire does not pick "
           "one: give {column} odd or even, as the scenario counts them";
}

void black_sea_answer_in_turn(const GameState& g, const Table& limits, const Table& table, Resolution& answer)
{
    if (table.id != "black-sea.operational-movement") {
        return;
    }
    const auto cell = parse_int(answer.result.code, 0, 99);
    if (!cell) {
        return;
    }
    answer.steps.push_back("odd or even turn: as given; the game's turn " + g.value("", "turn") +
                           " is not held to it, as the text does not say how odd turns are counted");
    const std::string weather = g.value("", "weather");
    NoDice unused;  // a table read: no die
    Dice none(unused);
    const Resolution limit = resolve_weather_limits(limits, weather, none, g.value("", "light"));
    long long zones = *cell;
    if (limit.result.code != "none") {
        const auto most = parse_int(limit.result.code, 0, 99);
        if (most && *most < *cell) {
            zones = *most;
            answer.steps.push_back("the game's weather this turn is " + weather +
                                   ": 'Ship maximum speeds in squall "
                                   "weather are three sea zones per turn, two zones per turn in storm, and one zone "
                                   "per turn in gale' (Weather Effects on Operations): " +
                                   std::to_string(zones) + ", not " + answer.result.code);
            answer.result.effects.push_back(weather + " this turn: " + limit.result.name +
                                            " (Weather Effects on Operations), so " + std::to_string(zones) +
                                            " this turn, not " + answer.result.code);
        }
    }
    answer.result.fields.push_back({"zones_this_turn", zones});
}

GameRules black_sea_game_rules()
{
    GameRules rules;
    rules.game = "black-sea";
    rules.title = "Great War at Sea: The Turkish Black Sea Fleet";
    rules.start = [](const Scenario& s, const TableOf&) {
        GameState g;
        g.game = "black-sea";
        g.scenario = s.id;
        g.clock = {{"day", "1"}, {"turn", "1"}, {"day_turn", "1"}, {"light", "day"}, {"weather", "fair"}};
        return g;
    };
    rules.changes = [](const GameState&, const Resolution&) { return std::vector<Change>{}; };
    rules.check = [](const GameState& g) {
        StateCheck c(g);
        c.keys("", {"day", "turn", "day_turn", "light", "weather", "night_passed"});
        c.flag("", "night_passed");
        c.number("", "day", 1, k_max_clock);
        c.number("", "day_turn", 1, k_turns_a_day);  // "A game day is six operational turns"
        c.number("", "turn", 1, k_max_clock);
        c.one_of("", "light", {k_black_sea_lights.begin(), k_black_sea_lights.end()});
        c.one_of("", "weather", {k_black_sea_weathers.begin(), k_black_sea_weathers.end()});
        for (const auto& u : g.units) {
            c.problem(u.name, "", "a Black Sea game keeps the clock only, no units");
        }
        return c.problems;
    };
    rules.sequence = {
        {"turn",
         "the operational turn",
         "Operational Movement",
         "six a game day; the first daylight turn (0600) after a night begins the next",
         {"light and weather as the referee gives them: {light}, {weather} (Operational Movement, Weather Effects "
          "on Operations)"},
         {"the Orders Phase: missions on the log sheet, BLOCK for a fleet at an enemy port (Blockade)",
          "the Move Fleets Phase: fleets move as the weather allows, contact and combat (Operational Movement)"}},
    };
    rules.step = [](const GameState&) { return std::string("turn"); };
    rules.spelling = [](std::string_view unit, std::string_view key, std::string_view value) {
        const std::string word = !unit.empty()      ? std::string()
                                 : key == "light"   ? spelled_in(k_black_sea_lights, value)
                                 : key == "weather" ? spelled_in(k_black_sea_weathers, value)
                                                    : std::string();
        return word.empty() ? std::string(value) : word;
    };
    rules.next_keys = {"light", "weather"};
    rules.next = [](const GameState& g, const TableOf& table, Dice& dice, std::vector<Change>& changes,
                    const StatusList& given) {
        Resolution r;
        r.command = "game next";
        r.title = "Next turn";
        r.source = "Black Sea Fleet, Operational Movement";
        std::string light = g.value("", "light");
        std::string weather = g.value("", "weather");
        for (const auto& [key, value] : given) {
            if (key != "light" && key != "weather") {
                continue;  // skip_due: nothing falls due in a Black Sea turn
            }
            const auto& allowed = key == "light" ? k_black_sea_lights : k_black_sea_weathers;
            const std::string word = spelled_in(allowed, value);  // in any case, as weather takes it
            if (word.empty()) {
                throw usage_error("{" + key + "} '" + value + "': allowed " + join(allowed, ", ") +
                                  suggestion(to_lower(value), allowed));
            }
            (key == "light" ? light : weather) = word;
        }
        // "The first turn of each game day is the first daylight turn (0600) following a night
        // turn": day, twilight, day is the same game day; night, twilight, day a new one. In
        // a winter scenario twilight is night (Night (11.4)): the referee gives it as night.
        const std::string before = g.value("", "light");
        const bool night_passed = g.value("", "night_passed") == "true" || before == "night";
        const bool new_day = light == "day" && night_passed;
        const int day = g.number("", "day") + (new_day ? 1 : 0);
        const int turn = g.number("", "turn") + 1;
        // "A game day is six operational turns" (Game Days): eight daylight turns in a row ran
        // one day on. A file from before day_turn was kept counts from its next new day.
        const bool counted = !g.value("", "day_turn").empty();
        const int day_turn = new_day ? 1 : counted ? g.number("", "day_turn") + 1 : 0;
        if (day_turn > k_turns_a_day) {
            throw usage_error(
                "{light} " + light + ": day " + std::to_string(day) + " has had its " + std::to_string(k_turns_a_day) +
                " turns (Game Days: 'A game day is six operational turns'); " +
                (night_passed
                     ? "the next is the first daylight turn (0600) of day " + std::to_string(day + 1) + ": {light} day"
                     : "they had no night turn, and a day's last turns are its night's: 'game undo' the "
                       "turns given the wrong light"));
        }
        // The sixth turn of a day that has had no night must be its night: after it, the day is
        // done and the next begins only "following a night turn", so no light would be left to
        // give (a day of six daylight turns was taken, then every turn refused).
        if (day_turn == k_turns_a_day && light != "night" && !night_passed) {
            throw usage_error("{light} " + light + ": this is day " + std::to_string(day) + "'s turn " +
                              std::to_string(day_turn) +
                              ", its last (Game Days: 'A game day is six operational "
                              "turns'), and the day has had no night turn: the next day begins only with 'the first "
                              "daylight turn (0600) following a night turn', so this turn is the night's: {light} "
                              "night, or 'game undo' the turns given the wrong light");
        }
        // The mirror: the first daylight turn after a night begins the next day, so a day that
        // began at 0600 and has not had its six turns cannot meet one ("day, night, day" ran a
        // day of two turns, and moved submarines, "one sea zone every game day, at the start
        // of the game day (0600)", a day early). Day 1 may be short: a scenario's Starting
        // Turn lets a side "decide what time of day (daylight, nighttime) the scenario
        // actually starts", and "does not change the length of the scenario".
        const int day_before = g.number("", "day");
        if (new_day && counted && day_before > 1 && g.number("", "day_turn") < k_turns_a_day) {
            const std::string had = g.value("", "day_turn");
            throw usage_error("{light} day: day " + std::to_string(day_before) + " has had " + had + " of its " +
                              std::to_string(k_turns_a_day) +
                              " turns (Game Days: 'A game day is six operational turns'; only a scenario's first "
                              "day, which may start late, is shorter), and a daylight turn after its night would "
                              "begin day " +
                              std::to_string(day_before + 1) + " ('The first turn of each game day is the first " +
                              "daylight turn (0600) following a night turn'): this is day " +
                              std::to_string(day_before) + "'s turn " + std::to_string(g.number("", "day_turn") + 1) +
                              ", give {light} twilight or night, or 'game undo' the turns given the wrong light");
        }
        if (day_turn > 0) {
            changes.push_back(change_to(g, "", "day_turn", std::to_string(day_turn), "Game Days"));
        }
        changes.push_back(change_to(g, "", "turn", std::to_string(turn), "Operational Movement"));
        changes.push_back(change_to(g, "", "day", std::to_string(day), "Operational Movement"));
        changes.push_back(change_to(g, "", "light", light, "Operational Movement"));
        changes.push_back(change_to(g, "", "weather", weather, "Weather Effects on Operations"));
        const bool night_now = light == "night" || (night_passed && !new_day);
        if (night_now || !g.value("", "night_passed").empty()) {
            changes.push_back(change_to(g, "", "night_passed", night_now ? "true" : "false", "Game Days"));
        }
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        if (new_day) {
            r.steps.push_back("the first daylight turn (0600) after a night turn begins a new game day: day " +
                              std::to_string(day));
        }
        r.result.code = std::to_string(day) + "-" + std::to_string(turn);
        r.result.name = "Day " + std::to_string(day) + ", turn " + std::to_string(turn) + ", " + light + ", " + weather;
        // what holds in the turn it moves to, as game status says it there
        r.result.effects = black_sea_turn_effects(table("black-sea.weather-limits"), light, weather);
        r.result.source = r.source;
        r.rolls = dice.record();
        return r;
    };
    rules.status = [](const GameState& g, const TableOf& table, Resolution& r) {
        const std::string light = g.value("", "light");
        const std::string weather = g.value("", "weather");
        r.result.code = g.value("", "day") + "-" + g.value("", "turn");
        r.result.name = "Day " + g.value("", "day") + ", turn " + g.value("", "turn") + ", " + light + ", " + weather;
        r.result.effects = black_sea_turn_effects(table("black-sea.weather-limits"), light, weather);
    };
    rules.clock_text = [](const GameState& g) {
        return "day " + g.value("", "day") + " turn " + g.value("", "turn") + " " + g.value("", "light") + " " +
               g.value("", "weather");
    };
    rules.words = [](const Change&) { return std::string(); };  // the clock only: the result says it
    rules.read = [](const GameState& g, const Table& table, const LookupRequest& request) {
        const std::string why = black_sea_read_in_light(table, request, g.value("", "light"));
        return why.empty() ? black_sea_read_movement(g, table, request) : why;
    };
    rules.answer = [](const GameState& g, const TableOf& tables, const Table& table, Resolution& answer) {
        black_sea_answer_in_turn(g, tables("black-sea.weather-limits"), table, answer);
    };
    return rules;
}

}  // namespace umpire::core
