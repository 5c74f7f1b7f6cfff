// Great Battles' game file: its day of dawn, two players' turns and night (7.1, 7.2, 16),
// what each resolution changes, the board's limits and its sequence of play.
#include "games/great-battles/great_battles.h"
#include "games/great-battles/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

namespace umpire::core {

using namespace great_battles_internal;

namespace {

// The stands UNIT began the day with (15.1): every stand it has, suppressed, eliminated or not.
long long stands_today(const GameState& g, std::string_view unit) { return g.number(unit, "stands_at_start_of_day"); }

// The steps of a day (7.0): the dawn phase (7.1, 8.0), then each day turn the first player's
// turn and the second's (7.2: D1-D9 each, morale at D9, 15.0), after the day's last turn the
// night phase (16.0), then the next day's dawn (16.3). The clock's "phase"; a file that has
// none is at the first player's turn (files written before umpire kept it).
constexpr std::array<std::string_view, 4> k_phases{"dawn", "first-player", "second-player", "night"};

std::string phase_of(const GameState& g)
{
    const std::string p = g.value("", "phase");
    return p.empty() ? std::string("first-player") : p;
}

// The player's turn the clock is at, as a battalion's closed_with names it: DAY-TURN-1 for
// the first player's, DAY-TURN-2 for the second's (7.2).
std::string player_turn(const GameState& g)
{
    return g.value("", "day") + "-" + g.value("", "turn") + (phase_of(g) == "second-player" ? "-2" : "-1");
}

// The day's fighting is the day turns (7.0): at dawn the players allocate artillery, deploy,
// and activate (8.0, 9.1); at night "all combat and movement ceases" (16.1), and only the
// night's own rolls (replacement, 16.2) change the board.
void refuse_outside_turns(const GameState& g, const Resolution& r)
{
    const std::string phase = phase_of(g);
    if (phase == "dawn") {
        throw usage_error(r.command + ": it is the dawn phase of day " + g.value("", "day") +
                          " (7.1, 8.0): weather, deployment, sighting, the first player and activations; the "
                          "day's fighting starts with turn 1: 'game next'");
    }
    if (phase == "night" && r.command != "replace") {
        throw usage_error(r.command + ": it is the night after day " + g.value("", "day") +
                          ": the day's fighting is over, all combat and movement ceases (16.1); "
                          "'game next' brings the dawn of day " +
                          std::to_string(g.number("", "day") + 1));
    }
}

// 14.8: the loser's stands suppressed, those already suppressed eliminated; the loser
// tests morale, the winner does not (14.8.3, 14.8.4, 15.0).
std::vector<Change> close_combat_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    // A tie names no loser: both roll again (14.8.2), and nothing is decided yet.
    if (r.result.code != "attacker" && r.result.code != "defender") {
        return out;
    }
    const bool attacker_won = r.result.code == "attacker";
    const GameUnit* loser = g.find_unit(field_text(r.inputs, attacker_won ? "defender_unit" : "attacker_unit"));
    const GameUnit* winner = g.find_unit(field_text(r.inputs, attacker_won ? "attacker_unit" : "defender_unit"));
    if (loser != nullptr) {
        const std::string& n = loser->name;
        const long long hit = field_number(r.result.fields, "loser_suppressed");
        const long long gone = field_number(r.result.fields, "loser_eliminated");
        // 14.8.3: a blocked loser's own stand eliminated was unsuppressed, when it had one
        const bool blocked = !field_text(r.result.fields, "loser_eliminated_unsuppressed").empty();
        const long long unsuppressed_gone = field_number(r.result.fields, "loser_eliminated_unsuppressed");
        // The battalion's own limits (14.8.2): no more eliminated than it has stands, no more
        // suppressed than it has left.
        const long long eliminated = std::min<long long>(g.number(n, "eliminated") + gone, stands_today(g, n));
        const long long suppressed = std::clamp<long long>(g.number(n, "suppressed") + hit - (gone - unsuppressed_gone),
                                                           0, stands_today(g, n) - eliminated);
        out.push_back(change_to(g, n, "suppressed", std::to_string(suppressed), blocked ? "14.8.2, 14.8.3" : "14.8.2"));
        out.push_back(change_to(g, n, "eliminated", std::to_string(eliminated), blocked ? "14.8.2, 14.8.3" : "14.8.2"));
        // A battalion with every stand eliminated has none left to test (15.0, 15.2); one that
        // lost no stand owes no test for this combat: "If the losing battalion took a
        // suppression or an elimination during the close combat ... it will have to test"
        // (14.8.3, 15.0), so a due test of its own stays as it was.
        if (eliminated >= stands_today(g, n)) {
            out.push_back(change_to(g, n, "morale_check_due", "false", "15.0, no stand left"));
        } else if (hit + gone > 0) {
            out.push_back(change_to(g, n, "morale_check_due", "true", "14.8.3"));
        }
    }
    if (winner != nullptr) {
        out.push_back(change_to(g, winner->name, "morale_check_due", "false", "14.8.4"));
        // kept so a morale check can tell the winner from the loser (close_combat_this_turn)
        out.push_back(change_to(g, winner->name, "won_close_combat", player_turn(g), "14.8.4"));
    }
    // The pair has fought this player's turn: the loser retreats, breaking contact (14.8.3),
    // so close combat applied again refuses them a second (fought_close_combat_this_turn).
    if (loser != nullptr && winner != nullptr) {
        const std::string turn = player_turn(g);
        for (const auto& [unit, enemy] : {std::pair{loser, winner}, std::pair{winner, loser}}) {
            auto parts = split(g.value(unit->name, "closed_with"), ':');
            if (parts.empty() || parts[0] != turn) {
                parts = {turn};
            }
            if (std::find(parts.begin() + 1, parts.end(), enemy->name) == parts.end()) {
                parts.push_back(enemy->name);
            }
            out.push_back(change_to(g, unit->name, "closed_with", join(parts, ":"), "14.8"));
        }
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    return out;
}

std::vector<Change> unit_changes(const GameState& g, const Resolution& r);

// The rules a command's stands suppressed and destroyed are changed under, for the commands
// that suppress and destroy a battalion's stands; none for any other.
struct StandLossRules {
    std::string suppressed;
    std::string destroyed;
};
std::optional<StandLossRules> stand_loss_rules(std::string_view command)
{
    if (command == "suppress") {
        return StandLossRules{"11.3.3", "12.2"};
    }
    if (command == "fire") {
        return StandLossRules{"14.4.7, 14.4.10", "14.4.7"};
    }
    if (command == "infiltrate") {
        return StandLossRules{"Drop Zone rules, infiltration", "Drop Zone rules, infiltration"};
    }
    return std::nullopt;
}

// Every change a resolution makes, and the day's tally of stands suppressed: casualty
// points "accumulated over the day's fighting" count a stand suppressed even after it
// rallies (15.1; morale reads it either way). A suppressed stand then eliminated is one
// eliminated stand, 2 points, not 3: "2 points for every eliminated stand and 1 point for
// every stand suppressed" (15.1) counts each stand once as what it came to, so the tally
// gives its suppression back when it is eliminated (a rally does not: a rallied stand was
// suppressed today). So a battalion's points never pass 2 a stand unless a stand rallied
// and was suppressed again (umpire(1)).
std::vector<Change> great_battles_changes(const GameState& g, const Resolution& r)
{
    refuse_outside_turns(g, r);
    std::vector<Change> out = r.command == "close-combat" ? close_combat_changes(g, r) : unit_changes(g, r);
    const size_t made = out.size();
    for (size_t i = 0; i < made; ++i) {
        const Change& c = out[i];
        auto from = parse_int(c.from, 0, 1000000);
        auto to = parse_int(c.to, 0, 1000000);
        if (c.key != "suppressed" || !from || !to || *to == *from || (*to < *from && r.command == "rally")) {
            continue;
        }
        const long long today = g.number(c.unit, "suppressed_today");
        out.push_back(change_to(g, c.unit, "suppressed_today", std::to_string(std::max(0LL, today + (*to - *from))),
                                *to > *from ? "15.1" : "15.1, a suppressed stand eliminated counts as eliminated"));
    }
    return out;
}

std::vector<Change> unit_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    const GameUnit* unit = g.find_unit(field_text(r.inputs, "unit"));
    if (unit == nullptr) {
        return out;
    }
    const std::string& n = unit->name;
    const int suppressed = g.number(n, "suppressed");
    const int eliminated = g.number(n, "eliminated");
    // Stands suppressed and destroyed by fire: a barrage or an air attack (11.3.3, 12.2), direct
    // fire (14.4.7, 14.4.10) and a paratroop stand's infiltration (Drop Zone rules), read from
    // the result's suppressed, destroyed and destroyed_suppressed (of the destroyed, those
    // that were suppressed: they leave the suppressed count).
    if (const auto rules = stand_loss_rules(r.command); rules) {
        const long long s = field_number(r.result.fields, "suppressed");
        const long long d = field_number(r.result.fields, "destroyed");
        const long long ds = field_number(r.result.fields, "destroyed_suppressed");
        // Destroyed stands leave the battalion; the suppressed may not outnumber the stands
        // left: a suppressed stand suppressed again is not eliminated, and "extra suppression
        // has no additional effect" (11.3.1, 14.4.10).
        const long long gone = std::min<long long>(eliminated + d, stands_today(g, n));
        const long long left = stands_today(g, n) - gone;
        const long long now = std::clamp<long long>(suppressed - ds + s, 0, left);
        if (now != suppressed) {
            out.push_back(change_to(g, n, "suppressed", std::to_string(now),
                                    now < suppressed - ds + s ? rules->suppressed + ", 11.3.1" : rules->suppressed));
        }
        if (gone != eliminated) {
            out.push_back(change_to(g, n, "eliminated", std::to_string(gone), rules->destroyed));
        }
        if (gone >= stands_today(g, n)) {
            // A battalion with every stand eliminated has none left to test (15.0, 15.2).
            out.push_back(change_to(g, n, "morale_check_due", "false", "15.0, no stand left"));
        } else if (now > suppressed - ds || gone > eliminated) {
            out.push_back(change_to(g, n, "morale_check_due", "true", "15.0"));
        }
    } else if (r.command == "rally") {
        const long long rallied = field_number(r.result.fields, "rallied");
        if (rallied > 0) {
            out.push_back(change_to(g, n, "suppressed", std::to_string(std::max(0LL, suppressed - rallied)), "14.7"));
        }
    } else if (r.command == "replace") {
        const long long returned = field_number(r.result.fields, "returned");
        out.push_back(change_to(g, n, "replaced_on_day", g.value("", "day"), "16.2"));
        if (returned > 0) {
            out.push_back(change_to(g, n, "stands_at_start_of_day",
                                    std::to_string(g.number(n, "stands_at_start_of_day") + returned), "16.2.3"));
        }
        // isolated: an extra stand lost, paratroopers excepted (Drop Zone rules, Air Supply). The
        // night has already counted the stands the next day starts with (15.1), as a stand
        // returned adds to them: the loss comes off that count, not onto the next day's
        // eliminated, which would give the next day 2 casualty points it never suffered and
        // the morale chart's row of a stand it no longer has.
        if (field_number(r.result.fields, "extra_lost") > 0 && eliminated < stands_today(g, n)) {
            out.push_back(change_to(g, n, "stands_at_start_of_day", std::to_string(stands_today(g, n) - 1),
                                    "16.2.2, Air Supply"));
        }
    } else if (r.command == "morale") {
        out.push_back(change_to(g, n, "morale_check_due", "false", "15.0"));
        if (r.result.code == "breaks") {
            out.push_back(change_to(g, n, "gone_to_ground", "true", "15.2.1"));
        }
        // 15.2.2: blocked, it has a stand eliminated instead, unsuppressed stands first
        if (field_number(r.result.fields, "stand_eliminated") > 0 && eliminated < stands_today(g, n)) {
            if (stands_today(g, n) - eliminated - suppressed <= 0 && suppressed > 0) {
                out.push_back(change_to(g, n, "suppressed", std::to_string(suppressed - 1), "15.2.2"));
            }
            out.push_back(change_to(g, n, "eliminated", std::to_string(eliminated + 1), "15.2.2"));
        }
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    return out;
}

// The day's clock and every battalion against its own stands (11.3.1, 14.8.2, 15.1, 16.2).
std::vector<StateProblem> great_battles_check(const GameState& g)
{
    StateCheck c(g);
    c.keys("", {"day", "turn", "month", "turns_in_day", "phase"});
    c.one_of("", "phase", {k_phases.begin(), k_phases.end()});
    const auto day = c.number("", "day", 1, k_max_clock);
    const auto turns = c.number("", "turns_in_day", 1, 99);
    // A turn past the day's length is said as such, not as a range ("'3' is not a whole number
    // 1 to 2", read after game set turns_in_day=2 at turn 3).
    if (const auto turn = c.number("", "turn", 1, 99); turn && turns && *turn > *turns) {
        c.problem("", "turn",
                  "turn " + std::to_string(*turn) + " is past turns_in_day " + std::to_string(*turns) +
                      ": the day has " + std::to_string(*turns) + " turns (16.0)");
    } else if (turn && *turn != 1 && g.value("", "phase") == "dawn") {
        // 7.0: "Each day consists of a dawn phase followed by a number of day turns": dawn
        // comes before turn 1, which game next begins (7.1). Set at dawn, turn 7 was kept
        // while next said turn 1 (hunt58).
        c.problem("", "turn",
                  "turn " + std::to_string(*turn) +
                      " at dawn: the dawn phase comes before the day's turns, and the clock holds turn 1 "
                      "there (7.0, 7.1); set the phase too (phase=first-player or phase=second-player)");
    }
    for (const auto& u : g.units) {
        const std::string& n = u.name;
        c.keys(n, {"stands_at_start_of_day", "suppressed", "suppressed_today", "eliminated", "replaced_on_day",
                   "gone_to_ground", "morale_check_due", "stand", "closed_with", "won_close_combat"});
        const auto stands = c.number(n, "stands_at_start_of_day", 0, k_max_battalion_stands);
        if (!stands) {
            continue;
        }
        const auto eliminated = c.number(n, "eliminated", 0, *stands);
        const long long left = *stands - eliminated.value_or(0);
        if (auto s = c.number(n, "suppressed", 0, k_max_battalion_stands); s && *s > left) {
            c.problem(n, "suppressed",
                      std::to_string(*s) + " suppressed stands, but the battalion has " + std::to_string(left) + " (" +
                          std::to_string(*stands) + " at the start of the day, " +
                          std::to_string(eliminated.value_or(0)) +
                          " eliminated): a suppressed stand suppressed again is not eliminated, extra suppression "
                          "has no additional effect (11.3.1)");
        }
        // Every stand suppressed today, rallied or not (15.1): never fewer than those suppressed now.
        if (auto today = c.number(n, "suppressed_today", 0, k_max_suppressions_in_day);
            today && *today < g.number(n, "suppressed")) {
            c.problem(n, "suppressed_today",
                      std::to_string(*today) + " stands suppressed today, fewer than the " + g.value(n, "suppressed") +
                          " suppressed now (15.1)");
        }
        if (!g.value(n, "replaced_on_day").empty() && day) {
            c.number(n, "replaced_on_day", 1, *day);
        }
        c.flag(n, "gone_to_ground");
        c.flag(n, "morale_check_due");
        // DAY-TURN-PLAYER:ENEMY[:ENEMY...], the enemy battalions it fought in close combat in
        // that player's turn (14.8).
        // DAY-TURN-PLAYER, a player's turn as player_turn names it
        const auto player_turn_text = [](const std::string& text) {
            const auto turn = split(text, '-');
            return turn.size() == 3 && parse_int(turn[0], 1, k_max_clock) && parse_int(turn[1], 1, 99) &&
                   (turn[2] == "1" || turn[2] == "2");
        };
        if (const std::string closed = g.value(n, "closed_with"); !closed.empty()) {
            const auto parts = split(closed, ':');
            const bool clock = player_turn_text(parts[0]);
            const bool enemies = parts.size() >= 2 &&
                                 std::all_of(parts.begin() + 1, parts.end(),
                                             [&](const std::string& e) { return g.find_unit(e) != nullptr && e != n; });
            if (!clock || !enemies) {
                c.problem(n, "closed_with",
                          "'" + closed +
                              "': DAY-TURN-PLAYER:BATTALION[:BATTALION...], the player's turn (1 or 2) and the "
                              "enemy battalions of the game it fought in close combat in it (14.8)");
            }
        }
        // DAY-TURN-PLAYER, the player's turn it last won a close combat in (14.8.4).
        if (const std::string won = g.value(n, "won_close_combat"); !won.empty() && !player_turn_text(won)) {
            c.problem(n, "won_close_combat",
                      "'" + won + "': DAY-TURN-PLAYER, the player's turn (1 or 2) it won a close combat in (14.8.4)");
        }
        // How its stands stand, as the suppress command names a stand: COVER[:TYPE] (the covers are the
        // suppression table's rows, read when it is used; the types are 11.3.3's and 12.2's).
        if (const std::string stand = g.value(n, "stand"); !stand.empty()) {
            const auto parts = split(stand, ':');
            const bool word =
                !parts.empty() && !parts[0].empty() &&
                std::all_of(parts[0].begin(), parts[0].end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
            if (parts.size() > 2 || !word || (parts.size() == 2 && find_stand_type(parts[1]) == nullptr)) {
                std::vector<std::string> types;
                for (const auto& t : stand_types()) {
                    types.emplace_back(t.name);
                }
                c.problem(n, "stand",
                          "'" + stand +
                              "': COVER[:TYPE], a cover as the suppression chart names it (open, soft, "
                              "hard, bunker) and a type: " +
                              join(types, ", ") + " (11.3.3)");
            }
        }
    }
    return c.problems;
}

}  // namespace

// 16.0: the turns of a day in MONTH, "jun", "June", "6Jun44" or "1 June 1944" (a date's day
// first, then the month's first three letters), as LENGTH (great-battles.day-length) reads it.
// A month that names none was read as 9 turns whatever its month (16.0 gives May to July 10).
Expected<std::string> day_length(const Table& length, std::string_view month_text)
{
    std::string month = to_lower(month_text);
    month.erase(0, month.find_first_not_of("0123456789 "));
    month = month.substr(0, 3);
    const auto row = find_row(length, month.size() == 3 ? month : std::string("?"));
    if (month.size() != 3 || !row) {
        return fail<std::string>("'" + std::string(month_text) +
                                 "' names no month the length of day reads (16.0): write it as jun, or a date as "
                                 "6Jun44");
    }
    return length.rows[*row].cells.at(0);
}

int stands_left(const GameState& g, std::string_view unit)
{
    return g.number(unit, "stands_at_start_of_day") - g.number(unit, "eliminated");
}

void require_stand_left(const GameState& g, std::string_view unit, std::string_view where, std::string_view field)
{
    if (g.find_unit(unit) != nullptr && stands_left(g, unit) <= 0) {
        throw usage_error("{" + std::string(field) + "} " + std::string(unit) + " has no stand left today in " +
                          std::string(where) +
                          ": every stand eliminated, it acts no more this day; the night's replacements "
                          "(16.2.3) may bring stands back, and 'umpire game set' mends a count that is wrong");
    }
}

void check_battalion_stands(int value, int lo, const std::string& field)
{
    if (value < lo || value > k_max_battalion_stands) {
        throw usage_error(field + " is " + std::to_string(value) + "; allowed " + std::to_string(lo) + " to " +
                          std::to_string(k_max_battalion_stands) +
                          ", a battalion's stands (2.0, 4.0 as umpire reads them: \"usually\" up to four companies, "
                          "with a command, a heavy weapons and up to two other stands; the morale chart's eight rows, "
                          "15.1)");
    }
}

bool fought_close_combat_this_turn(const GameState& g, std::string_view unit, std::string_view enemy)
{
    const auto parts = split(g.value(unit, "closed_with"), ':');
    return !parts.empty() && parts[0] == player_turn(g) &&
           std::any_of(parts.begin() + 1, parts.end(), [&](const std::string& n) { return n == enemy; });
}

CloseCombatRecord close_combat_this_turn(const GameState& g, std::string_view unit)
{
    CloseCombatRecord out;
    const std::string turn = player_turn(g);
    if (const auto parts = split(g.value(unit, "closed_with"), ':'); !parts.empty() && parts[0] == turn) {
        out.fought.assign(parts.begin() + 1, parts.end());
    }
    out.won = g.value(unit, "won_close_combat") == turn;
    out.when = "day " + g.value("", "day") + ", turn " + g.value("", "turn") + ", " + phase_of(g);
    return out;
}

GameRules great_battles_game_rules()
{
    GameRules rules;
    rules.game = "great-battles";
    rules.title = "Great Battles of WWII";
    rules.scenario = std::string(k_great_battles_scenario);
    rules.start = [](const Scenario& s, const TableOf& table) {
        GameState g;
        g.game = "great-battles";
        g.scenario = s.id;
        std::string turns = "9";
        if (!s.start.empty()) {
            const auto length = day_length(table("great-battles.day-length"), s.start);
            if (!length) {
                throw data_error("scenario " + s.id + ": start " + length.error());
            }
            turns = *length;
        }
        // Each day begins with its dawn phase (7.0), the first day too.
        g.clock = {{"day", "1"}, {"turn", "1"}, {"month", s.start}, {"turns_in_day", turns}, {"phase", "dawn"}};
        // A battalion is at most eight stands, umpire's reading (k_max_battalion_stands: 2.0's
        // "usually" four companies, 4.0, the morale chart's rows, 15.1). A larger one was
        // kept, and its first morale check could not be made: the turn could not end (hunt30).
        for (const auto& u : s.units) {
            if (u.stands > k_max_battalion_stands) {
                throw data_error("scenario " + s.id + ": unit " + u.name + " has " + std::to_string(u.stands) +
                                 " stands: a battalion is at most " + std::to_string(k_max_battalion_stands) +
                                 " (2.0, 4.0), the rows of the morale chart (great-battles.morale, 15.1)");
            }
            if (u.stands > 0) {
                g.units.push_back({u.name,
                                   u.side,
                                   {{"stands_at_start_of_day", std::to_string(u.stands)},
                                    {"suppressed", "0"},
                                    {"suppressed_today", "0"},
                                    {"eliminated", "0"},
                                    {"replaced_on_day", ""},
                                    {"gone_to_ground", "false"},
                                    {"morale_check_due", "false"},
                                    {"stand", "open"}}});
            }
        }
        return g;
    };
    // 16.0: the month set by hand sets the day's length with it, unless the same hand sets the
    // length (a scenario's own count of day turns).
    rules.follow = [](const GameState& after, const std::vector<Change>& changes, const TableOf& table) {
        std::vector<Change> out;
        const auto given = [&](std::string_view key) {
            return std::any_of(changes.begin(), changes.end(),
                               [&](const Change& c) { return c.unit.empty() && c.key == key; });
        };
        const bool month_moved = std::any_of(changes.begin(), changes.end(), [](const Change& c) {
            return c.unit.empty() && c.key == "month" && c.from != c.to;
        });
        if (!month_moved || given("turns_in_day")) {
            return out;
        }
        const std::string month = after.value("", "month");
        const auto length = day_length(table("great-battles.day-length"), month);
        if (!length) {
            throw usage_error("game set month=" + month + ": " + length.error());
        }
        out.push_back(change_to(after, "", "turns_in_day", *length, "16.0"));
        std::erase_if(out, [](const Change& c) { return c.from == c.to; });
        return out;
    };
    rules.changes = great_battles_changes;
    rules.check = great_battles_check;
    // A stand's cover as the suppression chart names it, and its type (11.3.3), read as
    // the suppress command reads it; "" is no cover (a file before the key was kept has no key).
    rules.check_tables = [](const GameState& g, const TableOf& table) {
        std::vector<StateProblem> out;
        for (const auto& u : g.units) {
            for (const auto& [key, stand] : u.status) {
                if (key != "stand") {
                    continue;
                }
                if (auto parsed = parse_stand(stand, table("great-battles.suppression")); !parsed) {
                    out.push_back({u.name, "stand", parsed.error() + " (11.3.3)"});
                }
            }
        }
        return out;
    };
    rules.sequence = {
        {"dawn",
         "the dawn phase",
         "7.1, 8.0",
         "",
         {"day and turn 1 begin (7.0: each day a dawn phase, then the day turns)"},
         {"roll the day's weather (8.0)", "dawn deployment from the FUP, the attacker first (8.1)",
          "allocate the day's artillery: pre-planned, pre-registered, on call (11.0)",
          "the first player: the attacker may declare himself first, or pass (8.3)",
          "activations before the day's fighting, the first player first (9.1)"}},
        {"first-player",
         "the first player's turn",
         "7.2",
         "each of the day's turns",
         {},
         {"the first player follows D1-D9: activations, actions, fire, movement, close combat (7.2)",
          "at its end both players test the morale of every battalion with a stand suppressed or eliminated "
          "(15.0): game next waits for it, or {skip_due}"}},
        {"second-player",
         "the second player's turn",
         "7.2",
         "each of the day's turns",
         {},
         {"the second player follows D1-D9 as the first did (7.2)",
          "at its end the morale checks due (15.0): game next waits for them, or {skip_due}"}},
        {"night",
         "the night phase",
         "16.0",
         "after the day's last turn",
         {"every suppression marker comes off (16.1.1)", "Gone to Ground ends with the day (15.2.1)",
          "each battalion starts the next day with the stands it has left (15.1)"},
         {"all combat and movement ceases (16.1)",
          "the FUP may be brought forward to its C Ops along a road clear of the enemy (16.1.1)",
          "replacement rolls for the eliminated stands, a d10 each: replace {unit} (16.2)",
          "redeployment, the attacker first: any unit may go to the reserve (16.3.1)",
          "artillery rounds recovered as the scenario says (16.3)"}},
    };
    rules.step = phase_of;
    rules.next = [](const GameState& g, const TableOf&, Dice& dice, std::vector<Change>& changes,
                    const StatusList& given) {
        Resolution r;
        r.command = "game next";
        r.title = "Next step of the day";
        r.source = "Great Battles of WWII 7.0";
        const int day = g.number("", "day");
        const int turn = g.number("", "turn");
        const int turns = g.number("", "turns_in_day");
        const std::string phase = phase_of(g);
        const std::string day_turn =
            "Day " + std::to_string(day) + ", turn " + std::to_string(turn) + " of " + std::to_string(turns);
        // 15.0: "At the end of a player's turn, both players must test the morale of any
        // battalion that suffered at least one stand suppressed or eliminated": the turn does
        // not end past a check still due, unless the referee says to pass it (journalled).
        if (phase == "first-player" || phase == "second-player") {
            std::vector<std::string> due;
            for (const auto& u : g.units) {
                if (g.value(u.name, "morale_check_due") != "true") {
                    continue;
                }
                // Every stand eliminated: nothing left to hold, retreat or Go to Ground (15.0, 15.2).
                if (stands_left(g, u.name) <= 0) {
                    r.notes.push_back(u.name + " has no stand left: it tests no morale (15.0, 15.2)");
                    changes.push_back(change_to(g, u.name, "morale_check_due", "false", "15.0, no stand left"));
                    continue;
                }
                due.push_back(u.name);
            }
            const bool skip = std::any_of(given.begin(), given.end(),
                                          [](const auto& kv) { return kv.first == "skip_due" && kv.second == "true"; });
            if (!due.empty() && !skip) {
                throw usage_error(
                    "the " + std::string(phase == "first-player" ? "first" : "second") +
                    " player's turn does not end yet: " + join(due, ", ") + (due.size() == 1 ? " is" : " are") +
                    " due a morale check (15.0: at the end of a player's turn, any battalion that suffered a stand "
                    "suppressed or eliminated tests morale); test it (morale, applied to the game), or pass it with "
                    "{skip_due}, which the journal keeps");
            }
            for (const auto& n : due) {
                r.notes.push_back("the referee passed " + n + "'s morale check (15.0)");
                changes.push_back(change_to(g, n, "morale_check_due", "false", "15.0, passed by the referee"));
            }
        }
        if (phase == "dawn") {
            changes.push_back(change_to(g, "", "phase", "first-player", "7.1"));
            r.result.code = std::to_string(day) + "-1-1";
            r.result.name =
                "Day " + std::to_string(day) + ", turn 1 of " + std::to_string(turns) + ", the first player's turn";
        } else if (phase == "first-player") {
            changes.push_back(change_to(g, "", "phase", "second-player", "7.2"));
            r.result.code = std::to_string(day) + "-" + std::to_string(turn) + "-2";
            r.result.name = day_turn + ", the second player's turn";
        } else if (phase == "second-player" && turn < turns) {
            changes.push_back(change_to(g, "", "turn", std::to_string(turn + 1), "7.2"));
            changes.push_back(change_to(g, "", "phase", "first-player", "7.2"));
            r.result.code = std::to_string(day) + "-" + std::to_string(turn + 1) + "-1";
            r.result.name = "Day " + std::to_string(day) + ", turn " + std::to_string(turn + 1) + " of " +
                            std::to_string(turns) + ", the first player's turn";
        } else if (phase == "second-player") {
            // The night phase (16.1): the day's fighting is over. Suppression markers come off
            // (16.1.1, N2); Gone to Ground held "for the rest of that day" (15.2.1); the next
            // day counts its stands afresh (15.1: the stands it started the day with, the
            // casualty points of that day's fighting).
            changes.push_back(change_to(g, "", "phase", "night", "16.1"));
            for (const auto& u : g.units) {
                const std::string& n = u.name;
                const int left = stands_left(g, n);
                changes.push_back(change_to(g, n, "suppressed", "0", "16.1.1"));
                changes.push_back(change_to(g, n, "gone_to_ground", "false", "15.2.1"));
                changes.push_back(change_to(g, n, "stands_at_start_of_day", std::to_string(left), "15.1"));
                changes.push_back(change_to(g, n, "eliminated", "0", "15.1"));
                changes.push_back(change_to(g, n, "suppressed_today", "0", "15.1"));
            }
            r.result.code = std::to_string(day) + "-night";
            r.result.name = "The night after day " + std::to_string(day);
            r.result.source = "Great Battles of WWII 16.1";
        } else {
            // "Play then proceeds to the Dawn Phase of the next day" (16.3).
            changes.push_back(change_to(g, "", "day", std::to_string(day + 1), "16.3"));
            changes.push_back(change_to(g, "", "turn", "1", "7.0"));
            changes.push_back(change_to(g, "", "phase", "dawn", "7.1"));
            r.result.code = std::to_string(day + 1) + "-dawn";
            r.result.name = "The dawn phase of day " + std::to_string(day + 1);
            r.result.source = "Great Battles of WWII 7.1, 8.0";
        }
        if (r.result.source.empty()) {
            r.result.source = r.source;
        }
        r.rolls = dice.record();
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        const std::string phase = phase_of(g);
        if (phase == "night") {
            r.result.code = g.value("", "day") + "-night";
            r.result.name = "The night after day " + g.value("", "day") + " (16.1)";
        } else if (phase == "dawn") {
            r.result.code = g.value("", "day") + "-dawn";
            r.result.name = "The dawn phase of day " + g.value("", "day") + " (7.1, 8.0)";
        } else {
            r.result.code = g.value("", "day") + "-" + g.value("", "turn") + (phase == "first-player" ? "-1" : "-2");
            r.result.name = "Day " + g.value("", "day") + ", turn " + g.value("", "turn") + " of " +
                            g.value("", "turns_in_day") + ", the " + (phase == "first-player" ? "first" : "second") +
                            " player's turn";
        }
        for (const auto& u : g.units) {
            const int s = g.number(u.name, "suppressed");
            const int e = g.number(u.name, "eliminated");
            const std::string tally = g.value(u.name, "suppressed_today");
            const int today = tally.empty() ? s : g.number(u.name, "suppressed_today");
            std::string line = u.name + " (" + u.side + "): " + g.value(u.name, "stands_at_start_of_day");
            if (phase == "dawn") {
                line += " stands for the day (15.1)";
            } else if (phase == "night") {
                line += " stands for the next day (15.1), replacements rolled " +
                        std::string(g.value(u.name, "replaced_on_day") == g.value("", "day") ? "(16.2)" : "not yet");
            } else {
                line += " stands at the start of the day, " + std::to_string(e) + " eliminated, " + std::to_string(s) +
                        " suppressed, " + std::to_string(2 * e + today) +
                        " casualty points (15.1: accumulated today; " + std::to_string(2 * e + s) +
                        " counting only stands suppressed now)";
            }
            if (const std::string stand = g.value(u.name, "stand"); !stand.empty() && stand != "open") {
                line += ", stands " + stand;
            }
            if (g.value(u.name, "gone_to_ground") == "true") {
                line += ", gone to ground (15.2.1)";
            }
            Outcome board;
            board.code = u.name;
            board.name = u.side;
            board.effects = {line.substr(line.find(": ") + 2)};
            r.results.push_back(std::move(board));
            if (g.value(u.name, "morale_check_due") == "true") {
                r.result.effects.push_back(u.name +
                                           " had a stand suppressed or eliminated this turn: it tests morale at the "
                                           "end of the player's turn (15.0)");
            }
        }
    };
    rules.clock_text = [](const GameState& g) {
        const std::string phase = phase_of(g);
        if (phase == "night" || phase == "dawn") {
            return phase + " " + g.value("", "day");
        }
        return "day " + g.value("", "day") + " turn " + g.value("", "turn") +
               (phase == "first-player" ? " 1st" : " 2nd");
    };
    rules.words = [](const Change& c) -> std::string {
        const std::string& u = c.unit;
        // Said of the state a change leaves (c.to): an undo is the same change reversed, its
        // rule kept, and must not say the night's recovery again when it puts markers back.
        if (c.key == "suppressed" && c.rule == "16.1.1" && c.to == "0") {
            return u + "'s suppressed stands recover, their markers removed";
        }
        if (c.key == "suppressed") {
            return u + " has " + c.to + " suppressed stand" + (c.to == "1" ? "" : "s");
        }
        if (c.key == "eliminated" && c.rule == "15.1" && c.to == "0") {
            return "";  // the night: the day's count starts again, said by the stands it starts with
        }
        if (c.key == "eliminated") {
            return u + " has lost " + c.to + " stand" + (c.to == "1" ? "" : "s") + " today";
        }
        if (c.key == "stand") {
            return u + "'s stands now stand " + c.to + " (cover[:type], 11.3.3)";
        }
        if (c.key == "closed_with") {
            const auto parts = split(c.to, ':');
            if (parts.size() < 2) {
                return "";
            }
            return u + " has fought " + join(std::vector<std::string>(parts.begin() + 1, parts.end()), ", ") +
                   " in close combat this turn";
        }
        if (c.key == "gone_to_ground") {
            return u + (c.to == "true" ? " has gone to ground" : " is no longer gone to ground");
        }
        if (c.key == "stands_at_start_of_day" && !u.empty()) {
            const auto to = parse_int(c.to, 0, 1000000);
            const auto from = parse_int(c.from, 0, 1000000);
            // the night's count, or an isolated battalion's stand lost in it (16.2.2); an undo puts them back
            const bool night = (c.rule == "15.1" || c.rule.starts_with("16.2.2")) && to && from && *to < *from;
            return u + " starts the " + (night ? "next " : "") + "day with " + c.to + " stands";
        }
        return "";
    };
    return rules;
}

}  // namespace umpire::core
