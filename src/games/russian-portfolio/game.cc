// The Russian Portfolio's game file: counters Spent, Dispersed and eliminated by the CRT's
// results (VII, XIII.C), the game-turn and month, the board's limits and its sequence of play.
#include "games/russian-portfolio/internal.h"
#include "games/russian-portfolio/russian_portfolio.h"

#include "core/lookup.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <utility>

namespace umpire::core {

using namespace russian_portfolio_internal;

namespace {

// The weather of MONTH as the clock keeps it ("mud"), from TABLE (VI.A).
std::string weather_of_month(const Table& table, const std::string& month)
{
    NoDice unused;  // the table is read by month: no die
    Dice none(unused);
    return resolve_weather(table, month, none).result.code;
}

}  // namespace

namespace {

// A unit's status, from the least to the most: ready, Spent (VII.A), Dispersed (VII.B),
// eliminated. A result never lowers it: a Dispersed unit Spent again stays Dispersed.
const std::vector<std::string_view> k_unit_statuses{"ready", "spent", "dispersed", "eliminated"};

size_t status_rank(std::string_view status)
{
    return static_cast<size_t>(std::find(k_unit_statuses.begin(), k_unit_statuses.end(), status) -
                               k_unit_statuses.begin());
}

// What a CRT result does to the units the game holds (VII, XIII.C). What the text leaves to a
// player's choice (X's exchange, D1's Spent or Dispersed, DX's exchange first) is left to the
// referee: game set.
std::vector<Change> crt_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    auto raise = [&](const std::string& name, std::string_view to, const std::string& rule) {
        const GameUnit* u = g.find_unit(name);
        if (u == nullptr) {
            return;
        }
        for (auto& c : out) {
            if (c.unit == u->name) {
                if (status_rank(to) > status_rank(c.to)) {
                    c.to = std::string(to);
                    c.rule = rule;
                }
                return;
            }
        }
        if (status_rank(to) > status_rank(g.value(u->name, "status"))) {
            out.push_back(change_to(g, u->name, "status", std::string(to), rule));
        }
    };
    const std::string code = r.result.code;
    const auto attackers = field_list(r.inputs, "attacker_units");
    const auto defenders = field_list(r.inputs, "defender_units");
    for (const auto& a : attackers) {
        raise(a, "spent", "VII.A, by attacking");
        if (code == "AE") {
            raise(a, "eliminated", "XIII.C, AE");
        } else if (code == "AD") {
            raise(a, "dispersed", "XIII.C, AD");
        }
    }
    if (field_text(r.result.fields, "armor_breakdown") == "true") {
        for (const auto& a : field_list(r.inputs, "armor_units")) {
            raise(a, "dispersed", "XIII.C, armor breakdown");
        }
    }
    // Against Dispersed and UnDispersed units together, the Dispersed ones have their own
    // reading of the die, one column higher (XIII.C).
    const auto dispersed = field_list(r.inputs, "dispersed_units");
    std::string dispersed_code;
    for (const auto& o : r.results) {
        if (o.label == "Dispersed defenders") {
            dispersed_code = o.code;
        }
    }
    for (const auto& d : defenders) {
        const std::string& code = contains(dispersed, d) && !dispersed_code.empty() ? dispersed_code : r.result.code;
        if (code == "S") {
            raise(d, "spent", "XIII.C, S");
        } else if (code == "D4" || code == "DX") {
            raise(d, "dispersed", "XIII.C, " + code);
        } else if (code == "DE" || code == "BR") {
            // BR is DE's breakthrough: "DE to BR" when surrounded, "DE becoming Breakthrough" by
            // overrun (XIII.C), and the attackers tac-advance into the vacated hex (XIII.E.5).
            raise(d, "eliminated", "XIII.C, " + code);
        }
    }
    // XIII.F: "any of the participating attacking units may immediately attack again after
    // tactically advancing ... A unit may not make more than one Breakthrough Attack per
    // game-turn." A BR leaves its attackers Spent with a breakthrough due (crt lets such a
    // unit attack once more); that attack, whatever its result, uses it until the game-turn
    // ends. The attack was refused as Spent (hunt30).
    // "They may not be combined with units from other battles also making break-through
    // attacks" (XIII.F): each unit given a breakthrough keeps its battle, named by the first
    // counter of that attack given one now. A counter earns one breakthrough a game-turn, so
    // no two battles take one name: a breakthrough attack that earns a BR again was named by
    // its first attacker, whose battle was the first one's (hunt49).
    std::string battle;
    for (const auto& a : attackers) {
        const GameUnit* u = g.find_unit(a);
        if (u == nullptr) {
            continue;
        }
        const std::string now = g.value(u->name, "breakthrough");
        if (battle.empty() && now.empty()) {
            battle = u->name;
        }
        if (now == "due") {
            out.push_back(change_to(g, u->name, "breakthrough", "used", "XIII.F, its breakthrough attack"));
        } else if (code == "BR" && now.empty()) {
            out.push_back(change_to(g, u->name, "breakthrough", "due", "XIII.F, BR"));
            out.push_back(change_to(g, u->name, "battle", battle, "XIII.F, the battle of its BR"));
        }
    }
    return out;
}

}  // namespace

GameRules russian_portfolio_game_rules()
{
    GameRules rules;
    rules.game = "russian-portfolio";
    rules.title = "The Russian Portfolio";
    rules.scenario = "russian-portfolio";
    rules.start = [](const Scenario& s, const TableOf& table) {
        GameState g;
        g.game = "russian-portfolio";
        g.scenario = s.id;
        std::string month = month_key(s.start.empty() ? "22Jun41" : s.start);
        if (month.empty()) {
            throw data_error("scenario " + s.id + ": start '" + s.start +
                             "' names no month the game knows (22Jun41, 10Jul41, jun41...)");
        }
        // A 1Jun41 start rolls its first weather (XVI.C.1.c): left open for the referee.
        const bool rolled = to_lower(s.start) == "1jun41";
        g.clock = {{"turn", "1"},
                   {"month", month},
                   {"weather", rolled ? "" : weather_of_month(table("russian-portfolio.weather"), month)}};
        if (!s.track.empty()) {
            if (s.track.front() != month) {
                throw data_error("scenario " + s.id + ": turn_record_track begins with " + s.track.front() +
                                 ", but the game starts in " + month);
            }
            g.clock.emplace_back("track", join(s.track, ","));  // the referee's Turn Record Track
        }
        // The referee's order of battle: each counter ready, or Dispersed where its "D" says so
        // (XVI.C.1.b); the text's own counter sheets are lost.
        for (const auto& u : s.units) {
            if (!u.factors) {
                throw data_error("scenario " + s.id + ": unit " + u.name +
                                 " has no factors: a Russian Portfolio counter needs factors = \"AF-DF-MF\" (III)");
            }
            g.units.push_back({u.name, u.side, {{"status", u.dispersed ? "dispersed" : "ready"}}});
        }
        return g;
    };
    rules.changes = [](const GameState& g, const Resolution& r) {
        std::vector<Change> out;
        if (r.command == "weather") {
            const bool rolled =
                std::find(r.tables.begin(), r.tables.end(), "russian-portfolio.weather-1jun41") != r.tables.end();
            out.push_back(change_to(g, "", "weather", r.result.code, rolled ? "XVI.C.1.c" : "VI.A"));
        } else if (r.command == "siberian") {
            // IX.B.3: "In each turn that any Russian Siberian Reserves are in the game before
            // their 'safe' turn, the Axis Player picks a number (from 1 to 6), and the Soviet
            // Player must cast the die": once a game-turn. The game keeps the turn it was cast
            // in, and siberian refuses a second cast applied in it.
            out.push_back(change_to(g, "", "siberian_cast", g.value("", "turn"),
                                    "IX.B.3, Siberian roulette: cast once in game-turn " + g.value("", "turn")));
            if (r.result.code == "invaded") {
                // "the Japanese have invaded the weakened Russian Far Eastern Military
                // District, and the Axis Player immediately wins the game!"
                out.push_back(change_to(g, "", "winner", "axis", "IX.B.3, Siberian roulette: the Japanese invade"));
            }
        } else if (r.command == "crt") {
            out = crt_changes(g, r);
            // VI.B.3: "any 3 consecutive Snow weather turns of his choice": the first turn the
            // Russian shift is applied begins the three; the game keeps it.
            if (field_text(r.inputs, "winter_offensive") == "true" && g.value("", "winter_offensive").empty()) {
                out.push_back(change_to(g, "", "winter_offensive", g.value("", "turn"),
                                        "VI.B.3, the first of the 3 consecutive Snow turns of the winter offensive"));
            }
            // XVI.B.2: "The cross-river attack penalty is dropped for any one German attack in the
            // Axis Initial Phase of the first turn": one a game, spent by the attack applied with
            // it; crt refuses a second (hunt47).
            if (field_text(r.inputs, "amphibious") == "true") {
                out.push_back(change_to(g, "", "amphibious", "used",
                                        "XVI.B.2, the one German amphibious attack of the first turn"));
            }
        }
        std::erase_if(out, [](const Change& c) { return c.from == c.to; });
        return out;
    };
    // VI.A: the month set by hand brings its weather with it, unless the same hand sets the
    // weather (a rolled 1Jun41 Mud kept, the referee's own reading). The month moved and the
    // weather stayed, so a Snow-only rule was read in October (hunt47).
    // VI.A again: "October is Mud; November is Hard Frost; December through the end of the
    // game is Snow", no die and no choice. From October a weather by hand against the month's
    // is refused: a house rule's weather is the referee's own weather table, which the month
    // then brings. Before October VI.A is silent (umpire reads Good, and a 1Jun41 start's die
    // may give Mud, XVI.C.1.c): the hand's weather stands there (fix51; umpire(1) game set).
    rules.follow = [](const GameState& after, const std::vector<Change>& changes, const TableOf& table) {
        std::vector<Change> out;
        const auto set = [&](std::string_view key) {
            return std::any_of(changes.begin(), changes.end(),
                               [&](const Change& c) { return c.unit.empty() && c.key == key && c.from != c.to; });
        };
        // a weather given as the file holds it is the hand's word all the same: month=oct41
        // weather=good from good wrote mud without a word (hunt52)
        const bool weather_given = std::any_of(changes.begin(), changes.end(),
                                               [](const Change& c) { return c.unit.empty() && c.key == "weather"; });
        const std::string month = after.value("", "month");
        const auto when = month_of(month);
        const bool month_known = month_key(month) == month && !month.empty() && when;
        if (weather_given && (set("weather") || set("month")) && month_known && *when >= *month_of("oct41")) {
            const std::string weather = after.value("", "weather");
            if (const std::string due = weather_of_month(table("russian-portfolio.weather"), month); weather != due) {
                throw usage_error("weather=" + weather + " against " + month + "'s " + due +
                                  ": VI.A makes the weather from October by month (\"October is Mud; November is "
                                  "Hard Frost; December through the end of the game is Snow\"), no die and no choice; "
                                  "leave weather= off and the month brings its own, or put a house rule's weather in "
                                  "the referee's own chart (umpire table edit russian-portfolio.weather)");
            }
        }
        if (!set("month") || std::any_of(changes.begin(), changes.end(),
                                         [](const Change& c) { return c.unit.empty() && c.key == "weather"; })) {
            return out;
        }
        if (!month_known || month_of(month) < month_of("jun41")) {
            return out;  // no month of the game: check refuses it in words
        }
        out.push_back(change_to(after, "", "weather", weather_of_month(table("russian-portfolio.weather"), month),
                                "VI.A, the month's weather"));
        std::erase_if(out, [](const Change& c) { return c.from == c.to; });
        return out;
    };
    rules.check = [](const GameState& g) {
        StateCheck c(g);
        c.keys("", {"turn", "month", "weather", "track", "winter_offensive", "amphibious", "winner", "siberian_cast"});
        c.one_of("", "amphibious", {"", "used"});  // XVI.B.2's one attack, spent
        c.one_of("", "winner", {"", "axis"});      // IX.B.3's sudden end, the one the text gives
        const auto track = split(g.value("", "track"), ',');
        for (size_t i = 0; i < track.size() && !g.value("", "track").empty(); ++i) {
            if (month_key(track[i]) != track[i] || (i > 0 && !month_steps_ok(track[i - 1], track[i]))) {
                c.problem("", "track",
                          "'" + track[i] + "' at game-turn " + std::to_string(i + 1) +
                              ": a Turn Record Track is months as jun41, each the last one or the next (V)");
                break;
            }
        }
        const auto turn = c.number("", "turn", 1, k_max_clock);
        // the game-turn the winter offensive's three began (VI.B.3): one the game has reached
        if (const auto from = c.number("", "winter_offensive", 1, k_max_clock); from && turn && *from > *turn) {
            c.problem("", "winter_offensive",
                      std::to_string(*from) + " is after the game's turn " + std::to_string(*turn) +
                          ": the game-turn the Russian winter offensive's 3 Snow turns began (VI.B.3)");
        }
        // the game-turn Siberian roulette was last cast in (IX.B.3, once a game-turn): one reached
        if (const auto cast = c.number("", "siberian_cast", 1, k_max_clock); cast && turn && *cast > *turn) {
            c.problem("", "siberian_cast",
                      std::to_string(*cast) + " is after the game's turn " + std::to_string(*turn) +
                          ": the game-turn Siberian roulette was last cast in (IX.B.3)");
        }
        if (const std::string m = g.value("", "month"); month_key(m) != m || m.empty()) {
            c.problem("", "month", "'" + m + "' is no month the game knows: as jun41, oct41, mar42 (V)");
        } else if (month_of(m) < month_of("jun41")) {
            c.problem("", "month", "'" + m + "' is before the game begins: jun41 or later (V, XVI.C)");
        }
        // The weather is a code of the referee's chart (his own tables may replace it): a word, or ""
        // before the 1Jun41 start's first roll (XVI.C.1.c).
        const std::string w = g.value("", "weather");
        if (w.size() > 40 || !std::all_of(w.begin(), w.end(), [](char ch) {
                return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
            })) {
            c.problem("", "weather", "'" + w + "' is no weather code: a word of the weather chart, as mud (VI.A)");
        }
        for (const auto& u : g.units) {
            c.keys(u.name, {"status", "breakthrough", "battle"});
            c.one_of(u.name, "status", k_unit_statuses);
            c.one_of(u.name, "breakthrough", {"", "due", "used"});
            // the battle of its BR (XIII.F): a counter of the game, the first attacker there
            if (const std::string b = g.value(u.name, "battle"); !b.empty() && g.find_unit(b) == nullptr) {
                c.problem(u.name, "battle",
                          "'" + b +
                              "' is no unit of the game: a counter of the battle whose BR gave the "
                              "breakthrough attack (XIII.F)");
            }
        }
        return c.problems;
    };
    rules.next_keys = {"month"};
    // The order of the phases is on the Charts and Tables sheet the text lost (V: "See the
    // Charts and Tables sheet"): the step is the game-turn, the phases as the text names them.
    rules.sequence = {
        {"game-turn",
         "the game-turn",
         "V",
         "each month on the Turn Record Track",
         {"the month moves on by one at most: the scenario's Turn Record Track, or {month} (V)",
          "the month's weather: October Mud, November Hard Frost, December on Snow (VI.A)"},
         {"the phases the text names, in the order of the Charts and Tables sheet (lost): Replacement/ "
          "Reinforcement and Strategic Movement (VIII), operations and attacks (crt), Reserve Movement, Supply "
          "Status Determination, Victory Determination (IV)",
          "Dispersed units recover in the opponent's Initial Operations Attack Phase, then are Spent until the "
          "game-turn ends (VII.C): game set UNIT status=spent {reason} \"recovered, VII.C\"",
          "at the end of the game-turn every Spent (not Dispersed) unit faces back, ready: game next does it "
          "(VII.C, XIII.H)"}},
    };
    rules.step = [](const GameState&) { return std::string("game-turn"); };
    // The clock's month and weather as the game keeps them, in any case typed: weather=MUD
    // was kept so, then refused as "weather=MUD against oct41's mud" (hunt52).
    rules.spelling = [](std::string_view unit, std::string_view key, std::string_view value) {
        return unit.empty() && (key == "month" || key == "weather") ? to_lower(value) : std::string(value);
    };
    rules.next = [](const GameState& g, const TableOf& table, Dice& dice, std::vector<Change>& changes,
                    const StatusList& given) {
        Resolution r;
        r.command = "game next";
        r.title = "Next game-turn";
        r.source = "Russian Portfolio V, VI.A";
        const std::string now = g.value("", "month");
        std::string month = now;
        bool told = false;
        for (const auto& [key, value] : given) {
            if (key == "month") {
                month = month_key(value);
                told = true;
                if (month.empty()) {
                    throw usage_error("{month} '" + value + "': a month as jun41, oct41, mar42");
                }
            }
        }
        // The referee's Turn Record Track, when his scenario gave one: the next game-turn's month.
        const int next_turn = g.number("", "turn") + 1;
        if (const auto track = split(g.value("", "track"), ',');
            !g.value("", "track").empty() && static_cast<size_t>(next_turn) <= track.size()) {
            const std::string& tracked = track[static_cast<size_t>(next_turn) - 1];
            if (told && month != tracked) {
                throw usage_error("{month} " + month + ", but the scenario's Turn Record Track has " + tracked +
                                  " for game-turn " + std::to_string(next_turn) + ": leave {month} off");
            }
            month = tracked;
        }
        const auto from = month_of(now);
        const auto to = month_of(month);
        if (from && to && *to < *from) {
            throw usage_error("{month} " + month + " is before the game's " + now +
                              ": the clock does not go back "
                              "(game undo does)");
        }
        // The Turn Record Track is lost, but a game-turn is weeks, not months: the start
        // dates 1Jun41, 22Jun41 and 10Jul41 lie a turn or so apart, and VI.B.3 counts "3
        // consecutive Snow weather turns". A turn moves the month on by one at most.
        if (from && to && !month_steps_ok(now, month)) {
            throw usage_error("{month} " + month + " from the game's " + now +
                              " in one game-turn: a turn is weeks on the Turn Record Track (the start dates "
                              "1Jun41, 22Jun41, 10Jul41; VI.B.3's consecutive Snow turns), so the month moves on "
                              "by one at most");
        }
        const int turn = next_turn;
        const Table& weather = table("russian-portfolio.weather");
        note_table(r, weather);
        Resolution read = resolve_weather(weather, month, dice);
        r.steps = read.steps;
        r.steps.insert(r.steps.begin(), "game-turn " + std::to_string(turn) +
                                            (month == now ? ", still " + now : ", now " + month) +
                                            " (the Turn Record Track is on the lost Charts & Tables sheet: "
                                            "{month} moves the month on)");
        // XVI.C.1.c casts the 1Jun41 start's die for its weather; the text does not say for how
        // long. umpire reads it as game-turn 1's, and says so where it matters (hunt47).
        // "he must cast a die": game-turn 1 does not end with it uncast, as a Great Battles turn
        // does not with a morale check due; the referee may pass it, and the journal keeps that.
        const bool unrolled = turn == 2 && g.value("", "weather").empty();
        if (unrolled && !std::any_of(given.begin(), given.end(),
                                     [](const auto& kv) { return kv.first == "skip_due" && kv.second == "true"; })) {
            throw usage_error("game-turn 1 does not end yet: its weather is due, 'If the Axis Player invades on "
                              "1Jun41, he must cast a die to determine the weather' (XVI.C.1.c); cast it (the "
                              "weather command applied to the game), or pass it with {skip_due}, which the journal "
                              "keeps");
        }
        if (unrolled) {
            r.notes.push_back("game-turn 1's weather was never rolled: the referee passed the 1Jun41 start's die "
                              "(XVI.C.1.c)");
        } else if (turn == 2 && month == "jun41") {
            r.steps.push_back("from game-turn 2 the weather is read by month (VI.A): umpire reads a 1Jun41 start's "
                              "die (XVI.C.1.c) as game-turn 1's weather only, as the text does not say how long it "
                              "lasts; game set clock weather=mud {reason} TEXT keeps a rolled Mud");
        }
        changes.push_back(change_to(g, "", "turn", std::to_string(turn), "V"));
        changes.push_back(change_to(g, "", "month", month, "V"));
        changes.push_back(change_to(g, "", "weather", read.result.code,
                                    unrolled ? "VI.A; game-turn 1's die (XVI.C.1.c) passed by the referee" : "VI.A"));
        // VII.C, XIII.H: at the end of the game-turn all Spent (but not Dispersed) units face back.
        for (const auto& u : g.units) {
            if (g.value(u.name, "status") == "spent") {
                changes.push_back(change_to(g, u.name, "status", "ready", "VII.C"));
            }
            if (!g.value(u.name, "breakthrough").empty()) {  // one breakthrough attack a game-turn (XIII.F)
                changes.push_back(change_to(g, u.name, "breakthrough", "", "XIII.F, a new game-turn"));
            }
            if (!g.value(u.name, "battle").empty()) {
                changes.push_back(change_to(g, u.name, "battle", "", "XIII.F, a new game-turn"));
            }
        }
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        r.result.code = std::to_string(turn) + "-" + month;
        r.result.name = "Game-turn " + std::to_string(turn) + ", " + month + ": " + read.result.name;
        r.result.effects = read.result.effects;
        r.result.source = r.source;
        r.rolls = dice.record();
        return r;
    };
    rules.status = [](const GameState& g, const TableOf& table, Resolution& r) {
        const std::string w = g.value("", "weather");
        r.result.code = g.value("", "turn") + "-" + g.value("", "month");
        r.result.name =
            "Game-turn " + g.value("", "turn") + ", " + g.value("", "month") + ", " +
            (w.empty()
                 ? std::string("weather to be rolled: the 1Jun41 start's die, XVI.C.1.c (umpire weather rolls it)")
                 : w);
        if (!w.empty()) {
            Outcome o;
            o.code = w;
            describe(o, table("russian-portfolio.weather"), "");
            r.result.effects = o.effects;
        }
        for (const auto& u : g.units) {
            Outcome board;
            board.code = u.name;
            board.name = u.side;
            const std::string status = g.value(u.name, "status");
            board.effects = {status == "spent"        ? "Spent: may not move or attack until the game-turn ends (VII.A)"
                             : status == "dispersed"  ? "Dispersed: may not move or attack, no ZOC, attacked one "
                                                        "column higher (VII.B)"
                             : status == "eliminated" ? "eliminated"
                                                      : "ready"};
            if (g.value(u.name, "breakthrough") == "due" && status == "spent") {
                board.effects.push_back("after its BR it may attack once more this game-turn (XIII.F)");
            }
            r.results.push_back(std::move(board));
        }
    };
    rules.clock_text = [](const GameState& g) {
        return "turn " + g.value("", "turn") + " " + g.value("", "month") + " " + g.value("", "weather") +
               (g.value("", "winner").empty() ? "" : " over");
    };
    rules.over = [](const GameState& g) -> std::string {
        if (g.value("", "winner") != "axis") {
            return "";
        }
        return "the Axis player won in game-turn " + g.value("", "turn") +
               ": Siberian roulette cast the Axis player's number, and 'the Japanese have invaded ... and the Axis "
               "Player immediately wins the game!' (IX.B.3)";
    };
    rules.words = [](const Change& c) -> std::string {
        if (c.key == "winner" && c.unit.empty() && c.to == "axis") {
            return "the game ends: the Axis player wins; no next game-turn, no result applied from now on";
        }
        if (c.key == "breakthrough" && !c.unit.empty()) {
            return c.to == "due"    ? c.unit + " may make its breakthrough attack: attack once more (XIII.F)"
                   : c.to == "used" ? c.unit + " has made its breakthrough attack of this game-turn (XIII.F)"
                                    : "";
        }
        if (c.key != "status" || c.unit.empty()) {
            return "";  // the clock: the result says it
        }
        if (c.to == "ready") {
            return c.unit + " faces back, ready";
        }
        return c.unit + " is " + (c.to == "spent" ? "Spent" : c.to == "dispersed" ? "Dispersed" : "eliminated");
    };
    return rules;
}

std::string weather_die_due(const GameState& g)
{
    if (!g.value("", "weather").empty()) {
        return "";
    }
    return "has not cast game-turn " + g.value("", "turn") +
           "'s weather die: 'If the Axis Player invades on 1Jun41, he must cast a die to determine the weather' "
           "(XVI.C.1.c), and a weather given by hand would answer in a weather the game never keeps; cast it first "
           "(the weather command applied to the game), and the game's weather is used";
}

}  // namespace umpire::core
