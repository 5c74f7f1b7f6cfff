#include "core/constantinople.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <numeric>

namespace umpire::core {

namespace {

// The hex compass of table 14.31, each point with the one it faces (14.23).
struct CompassPoint {
    std::string_view from;
    std::string_view toward;
};
constexpr std::array<CompassPoint, 6> k_compass{{
    {"N", "S"},
    {"NE", "SW"},
    {"SE", "NW"},
    {"S", "N"},
    {"SW", "NE"},
    {"NW", "SE"},
}};

std::string ship_label(const Ship& ship, const std::string& fallback)
{
    return ship.name.empty() ? fallback : ship.name + (ship.back ? " (back)" : "");
}

// The cell at ROW, COLUMN, which validation guarantees exists.
const std::string& cell(const Table& table, size_t row, size_t column) { return table.rows.at(row).cells.at(column); }

template <class T> T value_or_usage(const Expected<T>& e, const std::string& context)
{
    if (!e) {
        throw usage_error(context + e.error());
    }
    return *e;
}

}  // namespace

namespace {

struct ShipFlag {
    std::string_view name;
    std::string_view meaning;
};
// The ":flag" vocabulary of a ship spec.
constexpr std::array<ShipFlag, 3> k_ship_flags{{
    {"back", "the counter's back: reduced (Ottoman) or stripped crew (Byzantine, 16.0)"},
    {"damaged", "permanently Damaged (15.34)"},
    {"leader", "Diedo or Trevisano aboard: +1 defensive melee (15.26)"},
}};

std::vector<std::string> flag_names()
{
    std::vector<std::string> names;
    for (const auto& f : k_ship_flags) {
        names.emplace_back(f.name);
    }
    return names;
}

}  // namespace

Expected<Ship> parse_ship(std::string_view spec, ShipValue value, const std::function<const Scenario&()>& scenario)
{
    const std::string where = "'" + std::string(spec) + "': ";
    std::vector<std::string> parts = split(spec, ':');
    Ship ship;
    bool back = false;
    for (size_t i = 1; i < parts.size(); ++i) {
        const std::string f = to_lower(parts[i]);
        if (f == "back") {
            back = true;
        } else if (f == "damaged") {
            ship.damaged = true;
        } else if (f == "leader") {
            ship.leader = true;
        } else {
            return fail<Ship>(where + "unknown flag ':" + parts[i] + "'; allowed :" + join(flag_names(), ", :") +
                              suggestion(parts[i], flag_names()));
        }
    }
    const std::string& token = parts[0];
    if (token.empty()) {
        return fail<Ship>(where + "give a number or a ship's name");
    }
    if (value == ShipValue::ram_defense && token.size() == 1 && std::isalpha(static_cast<unsigned char>(token[0]))) {
        char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(token[0])));
        if (letter < 'A' || letter > 'D') {
            return fail<Ship>(where + "ram defense must be A, B, C or D (15.42)");
        }
        ship.ram_defense = letter;
    } else if (std::isdigit(static_cast<unsigned char>(token[0])) || token[0] == '-' || token[0] == '+') {
        auto n = parse_int(token, 0, 99);
        if (!n) {
            return fail<Ship>(where + n.error() + " (a strength is 0 to 99)");
        }
        if (value == ShipValue::ram_defense) {
            return fail<Ship>(where + "ram defense is a letter A to D (15.42), or a ship's name");
        }
        if (back) {
            return fail<Ship>(where + ":back needs a named ship; a number is already the value shown");
        }
        (value == ShipValue::ram ? ship.ram : ship.melee) = static_cast<int>(*n);
    } else {
        const Scenario& s = scenario();
        const Unit* unit = s.find_unit(token);
        if (unit == nullptr) {
            return fail<Ship>(where + "no ship '" + token + "' in scenario " + s.id +
                              suggestion(token, s.unit_names()) +
                              "; give a number, or one of: " + join(s.unit_names(), ", "));
        }
        if (!unit->counter) {
            return fail<Ship>(where + unit->name + " in scenario " + s.id + " is not a naval counter");
        }
        const CounterFace& face = back ? unit->back : unit->front;
        ship.name = unit->name;
        ship.back = back;
        ship.side = unit->side;
        ship.melee = face.melee;
        ship.ram = face.ram;
        ship.ram_defense = face.ram_defense;
    }
    if (ship.leader && !ship.side.empty() && ship.side != "byzantine") {
        return fail<Ship>(where + ":leader: only Byzantine ships carry Diedo or Trevisano (15.26)");
    }
    return ship;
}

DamagedReading parse_damaged_reading(std::string_view text)
{
    return text == "chart" ? DamagedReading::chart : DamagedReading::rules_case;
}

int halved(int value) { return value / 2; }

char halved_ram_defense(char letter)
{
    int level = (letter - 'A' + 1) / 2;
    return static_cast<char>('A' + std::max(level, 1) - 1);
}

std::string_view compass_opposite(std::string_view from)
{
    for (const auto& point : k_compass) {
        if (point.from == from) {
            return point.toward;
        }
    }
    return "";
}

const std::vector<std::string>& compass_points()
{
    static const std::vector<std::string> points = [] {
        std::vector<std::string> out;
        for (const auto& p : k_compass) {
            out.emplace_back(p.from);
        }
        return out;
    }();
    return points;
}

namespace {

int compass_index(std::string_view point)
{
    const auto& points = compass_points();
    for (size_t i = 0; i < points.size(); ++i) {
        if (points[i] == point) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

const std::string& compass_at(int index) { return compass_points().at(static_cast<size_t>(((index % 6) + 6) % 6)); }

// Hexsides between two facings, 0 to 3.
int hexsides_between(int a, int b)
{
    int d = ((b - a) % 6 + 6) % 6;
    return std::min(d, 6 - d);
}

struct PointOfSailing {
    std::string code;
    std::string name;
    int mp_per_hex = 0;  // 0: may not move this way
};

// 14.24: the wind from the stern is Running Free, on the bow Sailing on the Wind (two MP
// a hex), and directly into it no vessel sails.
PointOfSailing point_of_sailing(int wind, int facing)
{
    if (wind < 0) {
        return {"no-wind", "No wind", 0};
    }
    switch (hexsides_between(wind, facing)) {
    case 0:
        return {"into-the-wind", "Directly into the wind", 0};
    case 1:
        return {"on-the-wind", "Sailing on the Wind", 2};
    default:
        return {"running-free", "Running Free", 1};
    }
}

// 14.25: a turn from FACING to TO while moving: "" when allowed, else the reason; COST
// is the Movement Points it takes.
std::string turn_refusal(int wind, int facing, int to, int& cost)
{
    cost = 0;
    const int sides = hexsides_between(facing, to);
    if (sides == 3) {
        return "never more than two hexsides (120 degrees) in one hex (14.25)";
    }
    if (sides == 2) {
        cost = 1;
        const int step = ((to - facing + 6) % 6) == 2 ? 1 : -1;
        if (wind >= 0 && (facing + step + 6) % 6 == wind) {
            return "a 120-degree turn may not pass the hexside facing directly into the wind, " + compass_at(wind) +
                   " (14.25)";
        }
    }
    return "";
}

}  // namespace

std::string hex_neighbour(std::string_view hex, std::string_view point)
{
    auto number = parse_int(hex, 0, 9999);
    const int p = compass_index(point);
    if (hex.size() != 4 || !number || p < 0) {
        return "";
    }
    const int column = static_cast<int>(*number / 100);
    const int row = static_cast<int>(*number % 100);
    const bool odd = column % 2 == 1;
    // Clockwise from N: the column to the right is north and north-east (14.25's example).
    static constexpr std::array<std::array<int, 2>, 6> k_odd{{{1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}}};
    static constexpr std::array<std::array<int, 2>, 6> k_even{{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}};
    const auto& d = (odd ? k_odd : k_even)[static_cast<size_t>(p)];
    const int c = column + d[0];
    const int r = row + d[1];
    if (c < 1 || c > 99 || r < 1 || r > 99) {
        return "";
    }
    char text[8];
    std::snprintf(text, sizeof text, "%02d%02d", c, r);
    return text;
}

Expected<std::string> parse_facing(std::string_view text, std::string_view hex)
{
    std::string upper(text);
    for (char& c : upper) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (compass_index(upper) >= 0) {
        return upper;
    }
    if (text.size() == 4 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        if (hex.empty()) {
            return fail<std::string>("'" + std::string(text) + "': a hex number needs the ship's own hex, {hex}");
        }
        for (const auto& point : compass_points()) {
            if (hex_neighbour(hex, point) == text) {
                return point;
            }
        }
        return fail<std::string>("'" + std::string(text) + "' is not next to hex " + std::string(hex) +
                                 " (its neighbours: " +
                                 [&] {
                                     std::vector<std::string> n;
                                     for (const auto& point : compass_points()) {
                                         n.push_back(point + " " + hex_neighbour(hex, point));
                                     }
                                     return join(n, ", ");
                                 }() +
                                 ")");
    }
    return fail<std::string>("'" + std::string(text) + "': a compass point (" + join(compass_points(), ", ") +
                             ") or a neighbouring hex number" + suggestion(upper, compass_points()));
}

Resolution resolve_sail(const SailRequest& q)
{
    const int wind = q.wind.empty() ? -1 : compass_index(q.wind);
    const int facing = compass_index(q.facing);
    if (facing < 0 || (!q.wind.empty() && wind < 0)) {
        throw usage_error("{facing} and {wind} are compass points: " + join(compass_points(), ", "));
    }
    if (q.remaining) {
        check_count(*q.remaining, 0, 99, "{remaining}");
    }
    if (!q.hex.empty() && hex_neighbour(q.hex, "N").empty() && hex_neighbour(q.hex, "S").empty()) {
        throw usage_error("{hex} '" + q.hex + "': a hex number is four digits, column then row (1539)");
    }
    Resolution r;
    r.command = "sail";
    r.title = "Points of sailing and drift";
    r.source = "Constantinople 14.24-14.26, 15.65";
    const std::string wind_text = wind < 0 ? "no wind" : "the wind from " + q.wind;
    const std::string where = q.hex.empty() ? "" : " in " + q.hex;

    // The point of sailing (14.24).
    const PointOfSailing now = point_of_sailing(wind, facing);
    r.result.code = now.code;
    r.result.name = now.name;
    r.result.source = "Constantinople 14.24";
    r.result.fields.push_back({"facing", q.facing});
    if (!q.hex.empty()) {
        r.result.fields.push_back({"facing_hex", hex_neighbour(q.hex, q.facing)});
    }
    if (now.mp_per_hex > 0) {
        r.result.fields.push_back({"mp_per_hex", static_cast<long long>(now.mp_per_hex)});
    }
    r.steps.push_back("facing " + q.facing + where + " with " + wind_text + ": " + now.name + " (14.24)");
    if (now.code == "into-the-wind") {
        r.result.effects.push_back("no vessel may ever sail directly into the wind: it may not move toward " +
                                   q.facing + " (14.24)");
    } else if (now.code == "on-the-wind") {
        r.result.effects.push_back("each hex entered costs two Movement Points (14.24)");
    } else if (now.code == "running-free") {
        r.result.effects.push_back("each hex entered costs one Movement Point (14.11, 14.24)");
    } else {
        r.result.effects.push_back("no wind: a sail ship's capability follows the wind's velocity (14.21, 14.22); "
                                   "ships that do not move drift north to south (14.26)");
    }
    if (q.pinned) {
        r.result.effects.push_back("rammed and pinned: dead in the water, Movement Capability zero, and it may not "
                                   "turn (15.15, 14.22, 14.26)");
    }

    // The turns of 14.25 from this facing, while moving; standing still, one hexside.
    std::vector<std::string> free_turns;
    std::vector<std::string> paid_turns;
    std::vector<std::string> refused_turns;
    for (int to = 0; to < 6; ++to) {
        if (to == facing) {
            continue;
        }
        int cost = 0;
        std::string why = turn_refusal(wind, facing, to, cost);
        const std::string point = compass_at(to);
        if (!why.empty()) {
            refused_turns.push_back(point);
        } else {
            (cost == 0 ? free_turns : paid_turns).push_back(point);
        }
    }
    if (!q.pinned) {
        r.result.fields.push_back({"turns_free", free_turns});
        if (!q.stationary) {
            r.result.fields.push_back({"turns_one_mp", paid_turns});
        }
        r.steps.push_back(
            q.stationary
                ? "standing still it may turn one hexside: " + join(free_turns, " or ") + " (14.26)"
                : "per hex entered: one hexside free (" + join(free_turns, ", ") + "), two for one Movement Point (" +
                      (paid_turns.empty() ? std::string("none") : join(paid_turns, ", ")) + ")" +
                      (wind >= 0 && paid_turns.size() < 2 ? ", never past the hexside into the wind (14.25)"
                                                          : " (14.25)"));
    }
    // 14.24: on the wind with one Movement Point left, it must turn 120 degrees with it.
    if (!q.stationary && !q.pinned && now.code == "on-the-wind" && q.remaining && *q.remaining == 1) {
        r.result.fields.push_back({"forced_turn", paid_turns.at(0)});
        r.result.effects.push_back("one Movement Point left: it must spend it turning 120 degrees, to " +
                                   paid_turns.at(0) + " (14.24, 14.25)");
        r.steps.push_back("on the wind with one Movement Point left: it must turn 120 degrees to " + paid_turns.at(0) +
                          " (14.24)");
    }

    // A turn asked for.
    if (q.turn) {
        const int to = compass_index(*q.turn);
        if (to < 0) {
            throw usage_error("{turn} is a compass point: " + join(compass_points(), ", "));
        }
        Outcome t;
        t.label = "turn";
        t.source = q.stationary ? "Constantinople 14.26" : "Constantinople 14.25";
        int cost = 0;
        std::string why;
        if (to == facing) {
            why = "it already faces " + *q.turn;
        } else if (q.pinned) {
            why = "a ship Rammed and pinned may not turn (14.26)";
        } else if (q.stationary && hexsides_between(facing, to) > 1) {
            why = "a ship that is not moving may turn one hexside only (14.26)";
        } else {
            why = turn_refusal(wind, facing, to, cost);
        }
        const PointOfSailing after = point_of_sailing(wind, to);
        t.fields.push_back({"to", *q.turn});
        if (!why.empty()) {
            t.code = "refused";
            t.name = "Turn not allowed";
            t.effects.push_back(why);
        } else {
            t.code = cost == 0 ? "free" : "one-mp";
            t.name = cost == 0 ? "Turn, no Movement Point" : "Turn, one Movement Point";
            t.fields.push_back({"sailing_after", after.code});
            if (!q.stationary && q.remaining && *q.remaining < cost) {
                t.code = "refused";
                t.name = "Turn not allowed";
                t.effects.push_back("a 120-degree turn costs one Movement Point and none is left (14.25)");
            } else if (after.code == "into-the-wind") {
                t.effects.push_back("it then faces directly into the wind and may not move that way (14.24)");
            }
        }
        r.steps.push_back("turn " + q.facing + " to " + *q.turn + ": " + t.name +
                          (t.effects.empty() ? "" : ", " + t.effects.front()));
        r.results.push_back(std::move(t));
    }

    // Drift (14.26, 15.65).
    Outcome d;
    d.label = "drift";
    d.source = "Constantinople 14.26, 15.65";
    if (q.boom) {
        d.code = "none";
        d.name = "No drift";
        d.effects.push_back("ships adjacent to the Boom are not subject to drift and may stay in the hex (15.65)");
    } else {
        const std::string toward = wind < 0 ? "S" : std::string(compass_opposite(q.wind));
        d.code = toward;
        d.name = "Drifts one hex toward " + toward;
        d.effects.push_back(wind < 0 ? "no wind: ships drift from north to south (14.26)"
                                     : "a ship that does not move drifts one hex downwind (14.26)");
        if (!q.hex.empty()) {
            const std::string to_hex = hex_neighbour(q.hex, toward);
            d.fields.push_back({"hex", to_hex.empty() ? std::string("off the map's numbering") : to_hex});
            d.name += to_hex.empty() ? "" : ", to " + to_hex;
        }
    }
    r.steps.push_back(std::string(q.stationary ? "not moving: " : "if it does not move: ") + d.name + " (" +
                      (q.boom ? "15.65" : "14.26") + ")");
    r.results.push_back(std::move(d));
    return r;
}

Resolution resolve_wind(const Table& direction, const Table& velocity, Dice& dice)
{
    Resolution r;
    r.command = "wind";
    r.title = "Wind";
    r.source = direction.game + " 14.23, 14.31, 14.32";
    note_table(r, direction);
    note_table(r, velocity);

    int d = dice.roll(*direction.dice, "wind direction (14.31)");
    const std::string& from = cell(direction, value_or_usage(find_row(direction, d), ""), 0);
    std::string toward(compass_opposite(from));
    r.steps.push_back("direction: " + roll_text(dice.record().back()) + " -> from " + from + ", blowing toward " +
                      toward + " (" + direction.source + ")");
    int v = dice.roll(*velocity.dice, "wind velocity (14.32)");
    const size_t speed_row = value_or_usage(find_row(velocity, v), "");
    const std::string& speed = cell(velocity, speed_row, 0);

    r.result.code = from;
    describe(r.result, direction, "");
    r.result.source = direction.source;
    r.result.fields.push_back({"toward", toward});
    const std::optional<int>& number = velocity.rows.at(speed_row).numbers.at(0);
    if (number) {
        r.result.fields.push_back({"velocity", static_cast<long long>(*number)});
        r.steps.push_back("velocity: " + roll_text(dice.record().back()) + " -> " + speed + " (" + velocity.source +
                          ")");
    } else {
        r.result.fields.push_back({"velocity", speed});
        Outcome v_out;
        v_out.code = speed;
        describe(v_out, velocity, "");
        r.steps.push_back("velocity: " + roll_text(dice.record().back()) + " -> " + v_out.name + " (" +
                          velocity.source + ")");
        r.result.effects.insert(r.result.effects.end(), v_out.effects.begin(), v_out.effects.end());
    }
    r.rolls = dice.record();
    return r;
}

namespace {

int attack_strength(const Ship& ship, DamagedReading reading)
{
    return ship.damaged && reading == DamagedReading::chart ? halved(ship.melee) : ship.melee;
}

int defense_strength(const Ship& ship, bool boom, DamagedReading reading)
{
    return attack_strength(ship, reading) + (ship.leader ? 1 : 0) + (boom ? 1 : 0);
}

std::string defense_text(const Ship& ship, bool boom, DamagedReading reading)
{
    std::string text = std::to_string(attack_strength(ship, reading));
    if (ship.leader) {
        text += " +1 leader (15.26)";
    }
    if (boom) {
        text += " +1 Boom (15.63)";
    }
    return text;
}

// One attack: differential, column, die, result. Appends its working to R.
Outcome melee_attack(const Table& crt, Resolution& r, Dice& dice, const std::string& label, int attack,
                     const std::string& attack_text, const Ship& defender, const std::string& defender_name, bool boom,
                     DamagedReading reading)
{
    int defense = defense_strength(defender, boom, reading);
    int differential = attack - defense;
    // The column resolve reads too: the differential, clamped to the table's edges (15.41).
    const CombatColumn pick = combat_column(crt, attack, defense, 0);
    if (!pick.column) {
        throw usage_error("melee: differential " + signed_number(differential) + " is past the edge of table " +
                          crt.id + ", which does not clamp there");
    }
    const size_t column = *pick.column;
    std::string read_as = signed_number(crt.column_values[column]);
    const bool clamped = pick.reduced || pick.at_edge || crt.column_values[column] != differential;
    r.steps.push_back(label + ": " + attack_text + " against " + defender_name + " " +
                      defense_text(defender, boom, reading) + " = differential " + signed_number(differential) +
                      (clamped ? ", read as " + read_as + " (" + crt.source + ")" : "") + " (15.23)");
    int roll = dice.roll(*crt.dice, label);
    size_t row = value_or_usage(find_row(crt, roll), "melee: ");
    Outcome out;
    out.label = label;
    out.code = cell(crt, row, column);
    describe(out, crt, defender.side);
    // The ship's own name, which the game file knows it by (not its label, "Galley-1 (back)").
    out.fields.push_back({"target", defender.name.empty() ? defender_name : defender.name});
    out.fields.push_back({"differential", static_cast<long long>(differential)});
    out.fields.push_back({"column", static_cast<long long>(crt.column_values[column])});
    r.steps.push_back(label + ": " + roll_text(dice.record().back()) + " under " + read_as + " -> " + out.code +
                      (out.name.empty() ? "" : " (" + out.name + ")"));
    return out;
}

// Why the defender's split Q.split of its STRENGTH breaks 15.24, or "".
std::string split_refusal(const MeleeRequest& q, int strength)
{
    size_t n = q.attackers.size();
    const std::string who = ship_label(q.defender, "the defender");
    if (q.split.size() != n) {
        return "{split}: " + who + " is adjacent to " + std::to_string(n) +
               " attackers and must attack all or none of them (15.24); give " + std::to_string(n) +
               " comma-separated points, one per {attacker}, adding up to " + std::to_string(strength);
    }
    for (int points : q.split) {
        if (points < 0 || points > strength) {
            return "{split}: " + std::to_string(points) + " point(s) given; each is 0 to " + who +
                   "'s melee strength " + std::to_string(strength) + " (15.24)";
        }
    }
    const long long sum = std::accumulate(q.split.begin(), q.split.end(), 0LL);
    if (sum != strength) {
        return "{split}: the points add up to " + std::to_string(sum) + " but " + who + " has melee strength " +
               std::to_string(strength) + "; a split uses all of it (15.24)";
    }
    bool forced = static_cast<int>(n) > strength;
    if (forced) {
        // More enemies than points: the strongest at 0, the rest at 1 (15.24).
        std::vector<int> strengths;
        for (const auto& ship : q.attackers) {
            strengths.push_back(defense_strength(ship, q.boom, q.reading));
        }
        for (size_t i = 0; i < n; ++i) {
            if (q.split[i] != 0 && q.split[i] != 1) {
                return "{split}: " + who +
                       " has fewer melee points than adjacent enemies, so it attacks the strongest at 0 and the rest "
                       "at 1 (15.24); " +
                       std::to_string(q.split[i]) + " is not allowed";
            }
            for (size_t j = 0; j < n; ++j) {
                if (q.split[i] == 0 && q.split[j] == 1 && strengths[j] > strengths[i]) {
                    return "{split}: the 0 must go to the strongest ship(s) (15.24); attacker " +
                           std::to_string(j + 1) + " is stronger than attacker " + std::to_string(i + 1);
                }
            }
        }
        return "";
    }
    for (size_t i = 0; i < n; ++i) {
        int differential = q.split[i] - defense_strength(q.attackers[i], q.boom, q.reading);
        if (q.split[i] < 1 || differential < -3) {
            return "{split}: " + std::to_string(q.split[i]) + " point(s) against " +
                   ship_label(q.attackers[i], "attacker " + std::to_string(i + 1)) + " gives differential " +
                   signed_number(differential) + "; when splitting, the lowest voluntary differential is -3 (15.24)";
        }
    }
    return "";
}

}  // namespace

Resolution resolve_melee(const Table& crt, const MeleeRequest& q, Dice& dice)
{
    if (q.attackers.empty() || q.attackers.size() > 4) {
        throw usage_error("{attacker}: " + std::to_string(q.attackers.size()) +
                          " given; one to four ships may attack one ship (15.24)");
    }
    for (const auto& ship : q.attackers) {
        if (!ship.side.empty() && !q.defender.side.empty() && ship.side == q.defender.side) {
            throw usage_error("{attacker} " + ship.name + " and {defender} " + q.defender.name + " are both " +
                              ship.side + " ships");
        }
    }
    if (!q.exchange && !q.split.empty()) {
        throw usage_error("{split} applies only with {exchange}, when the defender attacks back");
    }
    const int counter_strength = attack_strength(q.defender, q.reading);
    if (q.exchange && q.attackers.size() > 1) {
        if (std::string refusal = split_refusal(q, counter_strength); !refusal.empty()) {
            throw usage_error(refusal);
        }
    }
    if (q.exchange && q.attackers.size() == 1 && !q.split.empty() &&
        (q.split.size() != 1 || q.split[0] != counter_strength)) {
        throw usage_error("{split}: a ship adjacent to a sole enemy always uses its maximum "
                          "strength (15.24), here " +
                          std::to_string(counter_strength));
    }

    Resolution r;
    r.command = "melee";
    r.title = "Naval melee";
    r.source = crt.source;
    note_table(r, crt);
    if (q.reading == DamagedReading::chart) {
        r.notes.push_back("Damaged read as the 15.41 legend has it: melee strength halved, "
                          "rounding down ({damaged_reading} chart)");
    } else {
        r.notes.push_back("Damaged read as 15.34 has it: melee strength unaffected "
                          "({damaged_reading} case)");
    }

    int total = 0;
    std::vector<std::string> parts;
    for (size_t i = 0; i < q.attackers.size(); ++i) {
        const Ship& ship = q.attackers[i];
        int s = attack_strength(ship, q.reading);
        total += s;
        std::string part = ship.name.empty() ? std::to_string(s) : ship_label(ship, "") + " " + std::to_string(s);
        if (ship.damaged && q.reading == DamagedReading::chart) {
            part += " (Damaged, halved)";
        }
        parts.push_back(part);
    }
    std::string attack_text = join(parts, " + ");
    if (q.attackers.size() > 1) {
        attack_text += " = " + std::to_string(total);
    }
    const std::string defender_name = ship_label(q.defender, "defender");
    Outcome main = melee_attack(crt, r, dice, "attack on " + defender_name, total, attack_text, q.defender,
                                defender_name, q.boom, q.reading);
    r.result = main;

    if (q.exchange) {
        r.results.push_back(main);
        for (size_t i = 0; i < q.attackers.size(); ++i) {
            int points = q.attackers.size() == 1 ? counter_strength : q.split[i];
            std::string target = ship_label(q.attackers[i], "attacker " + std::to_string(i + 1));
            std::string text = defender_name + " " + std::to_string(points);
            r.results.push_back(melee_attack(crt, r, dice, "attack on " + target, points, text, q.attackers[i], target,
                                             q.boom, q.reading));
        }
        r.notes.push_back("melee is simultaneous: every result applies after both sides have "
                          "attacked, so a ship Damaged here fought at full strength (15.25)");
    }
    r.rolls = dice.record();
    return r;
}

MeleeSplits legal_splits(const MeleeRequest& q)
{
    if (q.attackers.empty() || q.attackers.size() > 4) {
        throw usage_error("{attacker}: " + std::to_string(q.attackers.size()) +
                          " given; a ship melees one to four adjacent enemies (15.24)");
    }
    MeleeSplits out;
    out.strength = attack_strength(q.defender, q.reading);
    for (const auto& ship : q.attackers) {
        out.defenses.push_back(defense_strength(ship, q.boom, q.reading));
    }
    if (q.attackers.size() == 1) {
        out.splits.push_back({out.strength});  // a sole enemy: always the maximum (15.24)
        return out;
    }
    // Every way of putting all the points on the enemies, each kept when 15.24 allows it.
    MeleeRequest trial = q;
    trial.split.assign(q.attackers.size(), 0);
    const std::function<void(size_t, int)> place = [&](size_t i, int left) {
        if (i + 1 == trial.split.size()) {
            trial.split[i] = left;
            if (split_refusal(trial, out.strength).empty()) {
                out.splits.push_back(trial.split);
            }
            return;
        }
        for (int points = 0; points <= left; ++points) {
            trial.split[i] = points;
            place(i + 1, left - points);
        }
    };
    place(0, out.strength);
    return out;
}

namespace {

struct RamCode {
    std::string_view code;
    std::string_view name;
    std::string_view effect;
    std::string_view severity;
};
// The codes DESIGN.md fixes for `ram`, with their effects (15.14, 15.15, 15.42).
constexpr std::array<RamCode, 4> k_ram_codes{{
    {"sunk", "Sunk", "the rammed ship is sunk (15.42 '*', roll again)", "severe"},
    {"pinned", "Pinned",
     "both ships are engaged and dead in the water; the rammed ship's Movement Capability is "
     "zero (15.15, 14.22); either may try to break free (15.16)",
     "light"},
    {"failed", "Ram failed", "the rammer's Movement Segment ends beside the target; it may not melee it (15.14)",
     "none"},
    {"immune", "Cannot be pinned", "the defending ship may not be pinned ('-' on table 15.42); no roll is made",
     "none"},
}};

void set_ram_code(Outcome& out, std::string_view code)
{
    for (const auto& c : k_ram_codes) {
        if (c.code == code) {
            out.code = c.code;
            out.name = c.name;
            out.effects = {std::string(c.effect)};
            out.severity = c.severity;
        }
    }
}

}  // namespace

std::string ram_refusal(const RamRequest& q)
{
    if (q.boom) {
        return "{boom}: ships may not Ram through a Boom hexside (15.62)";
    }
    if (q.movement == RamMovement::sail) {
        return "{movement} sail: sail ships, and oar ships using sail movement, cannot Ram (14.28)";
    }
    if (q.movement == RamMovement::cruising) {
        return "{movement} cruising: a vessel must be using Battle Speed to Ram (15.11, 14.16)";
    }
    if (q.battle_speed_last_segment) {
        return "{battle_speed_last_segment}: an oar-driven vessel may not use Battle Speed two Movement Segments "
               "in a row (14.17), and it must be at Battle Speed to Ram (15.11)";
    }
    if (q.run) {
        check_count(*q.run, 0, 99, "{run}");
    }
    if (q.run && *q.run < 3) {
        return "{run} " + std::to_string(*q.run) +
               ": a Ram attempt must start at least three hexes from the target (15.11)";
    }
    return "";
}

Resolution resolve_ram(const Table& table, const RamRequest& q, Dice& dice)
{
    if (std::string refusal = ram_refusal(q); !refusal.empty()) {
        throw usage_error(refusal);
    }
    Resolution r;
    r.command = "ram";
    r.title = "Ramming";
    r.source = table.source;
    note_table(r, table);
    const std::string rammer = ship_label(q.rammer, "rammer");
    const std::string target = ship_label(q.target, "target");

    if (!q.rammer.name.empty() && q.rammer.ram == 0) {
        throw usage_error("{rammer} " + q.rammer.name +
                          " has ram strength 0: only oar-driven "
                          "vessels may ram (15.1, 14.28)");
    }
    if (!q.rammer.side.empty() && q.rammer.side == q.target.side) {
        throw usage_error("{rammer} " + q.rammer.name + " and {target} " + q.target.name + " are both " +
                          q.rammer.side + " ships");
    }
    int strength = q.rammer.ram;
    if (q.rammer.damaged && q.reading == DamagedReading::chart) {
        strength = std::max(1, halved(strength));
        r.steps.push_back(rammer + " is Damaged: ram strength " + std::to_string(q.rammer.ram) + " halved to " +
                          std::to_string(strength) + ", never below 1 (15.42 note, {damaged_reading} chart)");
    } else if (q.rammer.damaged) {
        r.notes.push_back("a Damaged rammer keeps its Ramming Capability (15.34; "
                          "{damaged_reading} chart halves it)");
    }
    char defense = q.target.ram_defense;
    if (q.target.damaged) {
        defense = halved_ram_defense(defense);
        r.steps.push_back(target + " is Damaged: ram defense " + std::string(1, q.target.ram_defense) + " halved to " +
                          std::string(1, defense) + " (15.34; A=1 to D=4, halved rounding down, never below A)");
    }
    size_t column = value_or_usage(find_column(table, std::to_string(strength)), "{strength}: ");
    size_t row = value_or_usage(find_row(table, std::string(1, defense)), "{defense}: ");
    const RangeCell& range = table.rows.at(row).ranges.at(column);
    r.steps.push_back("ram strength " + std::to_string(strength) + " against ram defense " + std::string(1, defense) +
                      ": " + cell(table, row, column) + " (" + table.source + ")");

    const int damage_on = table.constant("rammer_damaged_on");
    const int sinks_from = table.constant("roll_again_sinks_from");
    bool rammer_damaged = false;
    if (!range.range) {
        set_ram_code(r.result, "immune");
    } else {
        int roll = dice.roll(*table.dice, "ram: pin on " + die_range_text(*range.range));
        rammer_damaged = roll == damage_on;
        bool pinned = roll >= range.range->lo && roll <= range.range->hi;
        r.steps.push_back("ram: " + roll_text(dice.record().back()) + (pinned ? " pins" : " does not pin"));
        if (pinned && range.roll_again) {
            int again = dice.roll(*table.dice, "ram: roll again, " + std::to_string(sinks_from) + "+ sinks");
            rammer_damaged = rammer_damaged || again == damage_on;
            bool sunk = again >= sinks_from;
            r.steps.push_back("roll again: " + roll_text(dice.record().back()) + (sunk ? " sinks" : " does not sink"));
            set_ram_code(r.result, sunk ? "sunk" : "pinned");
        } else {
            set_ram_code(r.result, pinned ? "pinned" : "failed");
        }
    }
    r.result.source = table.source;
    r.result.fields.push_back({"rammer_damaged", rammer_damaged});
    if (rammer_damaged) {
        r.result.effects.push_back(rammer + " rolled a " + std::to_string(damage_on) + " and is Damaged (15.42 note)");
    }
    r.rolls = dice.record();
    return r;
}

Resolution resolve_reef(const Table& reefs, std::string_view hex, std::string_view side, Dice& dice)
{
    Resolution r;
    r.command = "reef";
    r.title = "Reefs and shoals";
    r.source = reefs.source;
    note_table(r, reefs);
    r.inputs.push_back({"hex", std::string(hex)});
    r.inputs.push_back({"side", std::string(side)});
    auto row = find_row(reefs, hex);
    if (!row) {
        throw usage_error("hex " + std::string(hex) + " is not a numbered reef hex (" + reefs.source +
                          " list); no roll is needed there" + suggestion(hex, reefs.row_keys()));
    }
    const int number = reefs.rows.at(*row).numbers.at(0).value();
    r.result.fields.push_back({"number", static_cast<long long>(number)});
    if (iequals(side, "byzantine") && cell(reefs, *row, 1) == "exempt") {
        r.result.code = "exempt";
        describe(r.result, reefs, "");
        r.steps.push_back("hex " + std::string(hex) +
                          " is one of the hexes of 14.29: a "
                          "Byzantine ship enters without rolling (15.53 exception)");
    } else {
        int roll = dice.roll_d6("reef at hex " + std::string(hex) + ": roll higher than " + std::to_string(number));
        bool safe = roll > number;
        r.result.code = safe ? "safe" : "lost";
        r.result.name = safe ? "Safe" : "Lost";
        r.result.effects = {safe ? "the ship enters the hex safely (15.53)"
                                 : "the ship and any land unit aboard are eliminated (15.53)"};
        r.steps.push_back("hex " + std::string(hex) + " is numbered " + std::to_string(number) + ": " +
                          roll_text(dice.record().back()) + (safe ? " is higher" : " is not higher") + " (15.53)");
    }
    r.result.source = "Constantinople 15.53";
    r.rolls = dice.record();
    return r;
}

Expected<StormShip> parse_storm_ship(std::string_view spec, const std::function<const Scenario&()>& scenario)
{
    const std::string where = "'" + std::string(spec) + "': ";
    std::vector<std::string> parts = split(spec, ':');
    StormShip ship;
    const std::vector<std::string> flags{"pinned", "anchor", "horn"};
    for (size_t i = 1; i < parts.size(); ++i) {
        const std::string f = to_lower(parts[i]);
        if (f == "pinned") {
            ship.pinned = true;
        } else if (f == "anchor" || f == "horn") {
            if (ship.sheltered) {
                return fail<StormShip>(where + "give :anchor or :horn, not both");
            }
            ship.sheltered = true;
            ship.shelter = f == "anchor" ? "at anchor" : "in the Golden Horn";
        } else {
            return fail<StormShip>(where + "unknown flag ':" + parts[i] + "'" + suggestion(parts[i], flags) +
                                   "; allowed :pinned, :anchor, :horn");
        }
    }
    const std::string token = to_lower(parts[0]);
    if (token == "byzantine" || token == "ottoman") {
        ship.side = token;
        return ship;
    }
    if (parts[0].empty()) {
        return fail<StormShip>(where + "give a ship's name or a side (byzantine, ottoman)");
    }
    const Scenario& s = scenario();
    const Unit* unit = s.find_unit(parts[0]);
    if (unit == nullptr || !unit->counter) {
        return fail<StormShip>(where + "no ship '" + parts[0] + "' in scenario " + s.id +
                               suggestion(parts[0], s.unit_names()) +
                               "; give a ship's name or a side (byzantine, "
                               "ottoman)");
    }
    ship.name = unit->name;
    ship.side = unit->side;
    return ship;
}

Resolution resolve_storm(const Table& storm, const std::vector<StormShip>& ships, Dice& dice)
{
    if (ships.empty() || ships.size() > 100) {
        throw usage_error("{ship}: give 1 to 100 ships");
    }
    Resolution r;
    r.command = "storm";
    r.title = "Storm";
    r.source = storm.source;
    note_table(r, storm);
    for (size_t i = 0; i < ships.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (!ships[i].name.empty() && ships[i].name == ships[j].name) {
                throw usage_error("{ship} " + ships[i].name + " is given twice");
            }
        }
    }
    int lost = 0;
    for (size_t i = 0; i < ships.size(); ++i) {
        const StormShip& ship = ships[i];
        Outcome o;
        o.label = ship.name.empty() ? "ship " + std::to_string(i + 1) + " (" + ship.side + ")" : ship.name;
        o.source = "Constantinople 14.29";
        if (ship.pinned) {
            o.code = "sunk";
            o.name = "Sunk";
            o.effects.push_back("ships pinned from Ramming are automatically sunk (14.29)");
            r.steps.push_back(o.label + ": pinned from Ramming, sunk without a roll (14.29)");
            ++lost;
        } else if (ship.sheltered) {
            o.code = "stays";
            o.name = "Stays";
            o.effects.push_back("ships " + ship.shelter + " do not roll and may not move this Game-Turn (14.29)");
            r.steps.push_back(o.label + ": " + ship.shelter + ", no roll; it may not move this Game-Turn (14.29)");
        } else {
            int roll = dice.roll(*storm.dice, "storm: " + o.label + " at sea");
            auto row = find_row(storm, roll);
            o.code = cell(storm, value_or_usage(row, ""), 0);
            describe(o, storm, ship.side);
            r.steps.push_back(o.label + " at sea: " + roll_text(dice.record().back()) + " -> " + o.name + " (" +
                              storm.source + ")");
            lost += o.code == "eliminated" ? 1 : 0;
        }
        r.results.push_back(std::move(o));
    }
    r.result.code = std::to_string(lost);
    r.result.name = std::to_string(lost) + (lost == 1 ? " ship lost" : " ships lost");
    r.result.source = "Constantinople 14.29";
    r.result.effects.push_back("there is no other movement this Game-Turn (14.29)");
    r.rolls = dice.record();
    return r;
}

Expected<PortageShip> parse_portage_ship(std::string_view spec, const std::function<const Scenario&()>& scenario)
{
    const std::string token = to_lower(spec);
    const std::vector<std::string> types{"trireme", "bireme", "fustae", "galley"};
    for (const auto& t : types) {
        if (token == t || (t == "fustae" && token == "fusta")) {
            return PortageShip{t, t, ""};
        }
    }
    if (spec.empty()) {
        return fail<PortageShip>("give a ship's name or a type: " + join(types, ", "));
    }
    const Scenario& s = scenario();
    const Unit* unit = s.find_unit(spec);
    if (unit == nullptr || !unit->counter) {
        std::vector<std::string> names = s.unit_names();
        names.insert(names.end(), types.begin(), types.end());
        return fail<PortageShip>("'" + std::string(spec) + "': no ship of that name in scenario " + s.id +
                                 suggestion(spec, names) + ", nor a type (" + join(types, ", ") + ")");
    }
    return PortageShip{unit->name, unit->type, unit->side};
}

Resolution resolve_portage(const Table& table, const PortageRequest& q, Dice& dice)
{
    check_count(q.turn, 1, 99, "{turn}");
    check_count(q.capability, -10, 10, "{capability}");
    for (int a : q.assaults) {
        check_count(a, 0, 100, "{assaults}");
    }
    if (q.ships.empty() || q.ships.size() > 100) {
        throw usage_error("{ship}: name 1 to 100 ships to portage");
    }
    Resolution r;
    r.command = "portage";
    r.title = "The Great Portage";
    r.source = "Constantinople 17.1-17.22";
    // 17.1: when the Ottomans may portage.
    // "Has spent at least two successive Naval Combat Segments" assaulting the Boom with three
    // or more ship units: any two in a row, once met met for good, not only the latest two.
    const size_t n = q.assaults.size();
    size_t met = n;  // the first segment of the first such pair
    for (size_t i = 0; i + 1 < n && met == n; ++i) {
        if (q.assaults[i] >= 3 && q.assaults[i + 1] >= 3) {
            met = i;
        }
    }
    const bool two_assaults = met < n;
    if (q.turn >= 20) {
        r.steps.push_back("Game-Turn " + std::to_string(q.turn) +
                          ": from Game-Turn Twenty the Ottomans may portage regardless (17.1.2)");
    } else if (!two_assaults) {
        throw usage_error("no Portage yet (17.1): the Ottomans need two successive Naval Combat Segments assaulting "
                          "the Boom with at least three ship units each (" +
                          (n == 0 ? std::string("{assaults} not given")
                                  : "{assaults} " +
                                        [&] {
                                            std::vector<std::string> t;
                                            for (int a : q.assaults) {
                                                t.push_back(std::to_string(a));
                                            }
                                            return join(t, ",");
                                        }()) +
                          "), or Game-Turn Twenty ({turn} " + std::to_string(q.turn) + ")");
    } else if (q.turn < 6) {
        throw usage_error("{turn} " + std::to_string(q.turn) +
                          ": the Ottoman Player may never attempt Portage before Game-Turn Six (17.1.1)");
    } else {
        r.steps.push_back("two successive Naval Combat Segments at the Boom with " + std::to_string(q.assaults[met]) +
                          " and " + std::to_string(q.assaults[met + 1]) + " ship units (segments " +
                          std::to_string(met + 1) + " and " + std::to_string(met + 2) + " of {assaults}), Game-Turn " +
                          std::to_string(q.turn) + " (17.1.1; once met, met for good)");
    }
    // 17.21: triremes, biremes and fustae, never galleys; only Ottoman ships.
    std::vector<std::string> labels;
    for (const auto& ship : q.ships) {
        if (!ship.side.empty() && ship.side != "ottoman") {
            throw usage_error("{ship} " + ship.label + " is a " + ship.side +
                              " ship: only the Ottoman Player portages (17.1)");
        }
        if (ship.type == "galley") {
            throw usage_error("{ship} " + ship.label +
                              ": the Ottoman Player may not Portage any of his galleys (17.21)");
        }
        if (ship.type != "trireme" && ship.type != "bireme" && ship.type != "fustae") {
            throw usage_error("{ship} " + ship.label + " is a " + ship.type +
                              ": only triremes, biremes or fustae may be portaged (17.21)");
        }
        labels.push_back(ship.label);
    }
    r.steps.push_back("ships to portage: " + join(labels, ", ") + " (17.21)");
    LookupRequest lookup;
    lookup.modifier = q.capability;
    Resolution roll = resolve_lookup(table, lookup, dice);
    r.steps.insert(r.steps.end(), roll.steps.begin(), roll.steps.end());
    r.result = roll.result;
    r.result.fields.push_back({"ships", labels});
    r.tables = roll.tables;
    r.provisional = roll.provisional;
    r.provisional_notes = roll.provisional_notes;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_initiative(Dice& dice)
{
    Resolution r;
    r.command = "initiative";
    r.title = "Initiative";
    r.source = "Constantinople 13.1";
    int byzantine = dice.roll_d6("initiative: Byzantine player");
    int ottoman = dice.roll_d6("initiative: Ottoman player");
    r.steps.push_back("Byzantine " + std::to_string(byzantine) + ", Ottoman " + std::to_string(ottoman) +
                      " (13.1: the high die moves first)");
    if (byzantine == ottoman) {
        r.result.code = "tie";
        r.result.name = "Tie";
        r.result.effects = {"13.1 names no tie-break: both players roll again"};
    } else {
        bool b = byzantine > ottoman;
        r.result.code = b ? "byzantine" : "ottoman";
        r.result.name = b ? "Byzantine player moves first" : "Ottoman player moves first";
        r.result.effects = {"the high roller moves first this Impulse; a player may move twice "
                            "in a row (13.1)"};
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_free(const Table& rammed, const Table& rammer, std::string_view role, std::string_view ship,
                        Dice& dice)
{
    if (role != "rammed" && role != "rammer") {
        throw usage_error("{as} " + std::string(role) + ": allowed rammed, rammer (15.16)");
    }
    Resolution r = resolve_lookup(role == "rammed" ? rammed : rammer, LookupRequest{}, dice);
    r.command = "free";
    r.title = "Breaking free";
    r.inputs.clear();
    r.result.fields.push_back({"role", std::string(role)});
    if (!ship.empty()) {
        r.result.fields.push_back({"ship", std::string(ship)});
    }
    return r;
}

namespace {

constexpr int k_impulses = 5;  // 13.1: five Impulses to a Naval Phase

// "2-3": naval phase 2, Impulse 3, as the game file keeps an Impulse.
std::string impulse_label(int phase, int impulse) { return std::to_string(phase) + "-" + std::to_string(impulse); }

std::string next_impulse_label(const GameState& g)
{
    const int phase = g.number("", "naval_phase");
    const int impulse = g.number("", "impulse");
    return impulse < k_impulses ? impulse_label(phase, impulse + 1) : impulse_label(phase + 1, 1);
}

// A ship named in an input ("Genoa:damaged" names Genoa).
std::string input(const Resolution& r, std::string_view key) { return split(field_text(r.inputs, key), ':').front(); }

// SHIP sinks (RULE): and a ship engaged with it by a ram is engaged no more. The texts say
// nothing of a ram partner that sinks; 15.15 engages two ships, so with one gone the other is
// free (a referee's reading, written in the man page).
void sink(const GameState& g, const std::string& ship, const std::string& rule, std::vector<Change>& out)
{
    out.push_back(change_to(g, ship, "sunk", "true", rule));
    const std::string partner = g.value(ship, "pinned_to");
    for (const std::string& n : {ship, partner}) {
        if (!n.empty() && g.find_unit(n) != nullptr) {
            out.push_back(change_to(g, n, "pinned_to", "", rule));
            out.push_back(change_to(g, n, "pinned_as", "", rule));
        }
    }
}

// "2-3": the Impulse the game is in.
std::string now_label(const GameState& g)
{
    return impulse_label(g.number("", "naval_phase"), g.number("", "impulse"));
}

// A melee result on ship T (15.33-15.35). A sunk ship takes no more results. Combat is
// simultaneous (15.25: "a ship Damaged by Player A's die-roll may still fight at its
// normal strength in the same Combat Segment"): the first result a ship takes in a Combat
// Segment keeps what it was before, so later melees of the segment read that.
void melee_changes(const GameState& g, const Outcome& o, std::vector<Change>& out)
{
    const GameUnit* ship = g.find_unit(field_text(o.fields, "target"));
    if (ship == nullptr || g.value(ship->name, "sunk") == "true") {
        return;
    }
    const std::string& t = ship->name;
    const std::string now = now_label(g);
    if (!g.value(t, "before_combat").starts_with(now + ":") && o.code != "-") {
        out.push_back(
            change_to(g, t, "before_combat", now + ":" + g.value(t, "face") + ":" + g.value(t, "damaged"), "15.25"));
    }
    if (o.code == "I") {
        out.push_back(change_to(g, t, "ineffective", next_impulse_label(g), "15.33"));
    } else if (o.code == "D") {
        out.push_back(change_to(g, t, "damaged", "true", "15.34"));
    } else if (o.code == "L") {
        if (ship->side == "ottoman" && g.value(t, "face") == "front") {
            out.push_back(change_to(g, t, "face", "back", "15.35"));
        } else {
            sink(g, t, "15.35", out);
        }
    }
}

std::vector<Change> constantinople_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    if (r.command == "melee") {
        // The Mutual Combat Segment has begun (15.21): each attacker has made its attack
        // for it (15.24: all adjacent enemies or none, at once).
        const std::string now = now_label(g);
        out.push_back(change_to(g, "", "combat_in", now, "15.21"));
        for (const auto& f : r.inputs) {
            if (const auto* specs = std::get_if<std::vector<std::string>>(&f.value); specs && f.key == "attackers") {
                for (const auto& spec : *specs) {
                    if (const GameUnit* a = g.find_unit(split(spec, ':').front())) {
                        out.push_back(change_to(g, a->name, "attacked_in", now, "15.24"));
                    }
                }
            }
        }
        // with an exchange the defender attacks back at the same time (15.21): its attack too
        if (field_text(r.inputs, "exchange") == "true") {
            if (const GameUnit* d = g.find_unit(split(field_text(r.inputs, "defender"), ':').front())) {
                out.push_back(change_to(g, d->name, "attacked_in", now, "15.24"));
            }
        }
        if (r.results.empty()) {
            melee_changes(g, r.result, out);
        }
        for (const auto& o : r.results) {
            melee_changes(g, o, out);
        }
    } else if (r.command == "ram") {
        const GameUnit* rammer = g.find_unit(input(r, "rammer"));
        const GameUnit* target = g.find_unit(input(r, "target"));
        if (rammer != nullptr && target != nullptr && (r.result.code == "pinned" || r.result.code == "sunk")) {
            if (r.result.code == "sunk") {
                sink(g, target->name, "15.42", out);
            } else {
                out.push_back(change_to(g, rammer->name, "pinned_to", target->name, "15.15"));
                out.push_back(change_to(g, rammer->name, "pinned_as", "rammer", "15.15"));
                out.push_back(change_to(g, target->name, "pinned_to", rammer->name, "15.15"));
                out.push_back(change_to(g, target->name, "pinned_as", "rammed", "15.15"));
            }
        }
        if (rammer != nullptr && field_text(r.result.fields, "rammer_damaged") == "true" &&
            g.value(rammer->name, "damaged") != "true") {
            out.push_back(change_to(g, rammer->name, "damaged", "true", "15.42"));
        }
    } else if (r.command == "storm") {
        for (const auto& o : r.results) {
            const GameUnit* ship = g.find_unit(o.label);
            if (ship != nullptr && (o.code == "sunk" || o.code == "eliminated") &&
                g.value(ship->name, "sunk") != "true") {
                sink(g, ship->name, "14.29", out);
            }
        }
    } else if (r.command == "free" && r.result.code == "free") {
        const GameUnit* ship = g.find_unit(field_text(r.result.fields, "ship"));
        if (ship != nullptr) {
            const std::string other = g.value(ship->name, "pinned_to");
            for (const std::string& n : {ship->name, other}) {
                if (!n.empty() && g.find_unit(n) != nullptr) {
                    out.push_back(change_to(g, n, "pinned_to", "", "15.16"));
                    out.push_back(change_to(g, n, "pinned_as", "", "15.16"));
                }
            }
            if (field_text(r.result.fields, "role") == "rammed") {
                out.push_back(change_to(g, ship->name, "damaged", "true", "15.16"));
            }
        }
    } else if (r.command == "wind") {
        // 14.23: the wind is determined "at the beginning of each Naval Phase (*not* each
        // Impulse within the Naval Phase) ... for that entire Naval Phase". game next rolls it
        // for each new phase; the first phase's may be rolled once, at its Impulse 1, in place
        // of 13.1's starting N at 8.
        const std::string phase = g.value("", "naval_phase");
        if (g.value("", "wind_rolled_for") == phase) {
            throw usage_error("the wind of Naval Phase " + phase + " is rolled already (" + g.value("", "wind") + " " +
                              g.value("", "velocity") +
                              "): it holds for that entire Naval Phase (14.23); game next rolls the next phase's "
                              "after its fifth Impulse");
        }
        if (g.value("", "impulse") != "1") {
            throw usage_error("the wind is determined at the beginning of each Naval Phase, not in Impulse " +
                              g.value("", "impulse") + " (14.23); game next rolls the next phase's after the fifth");
        }
        out.push_back(change_to(g, "", "wind", r.result.code, "14.23"));
        out.push_back(change_to(g, "", "velocity", field_text(r.result.fields, "velocity"), "14.23"));
        out.push_back(change_to(g, "", "wind_rolled_for", phase, "14.23"));
    } else if (r.command == "reef" && r.result.code == "lost") {
        const GameUnit* ship = g.find_unit(field_text(r.inputs, "ship"));
        if (ship != nullptr && g.value(ship->name, "sunk") != "true") {
            sink(g, ship->name, "15.53", out);
        }
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    // One change a key: two ships engaged with each other that both sink free each other twice.
    std::vector<Change> once;
    for (auto& c : out) {
        if (std::none_of(once.begin(), once.end(),
                         [&](const Change& o) { return o.unit == c.unit && o.key == c.key; })) {
            once.push_back(std::move(c));
        }
    }
    return once;
}

}  // namespace

std::string movement_forbidden(const GameState& g, std::string_view what)
{
    if (g.game != "constantinople") {
        return "";
    }
    if (g.value("", "velocity") == "storm") {
        return "the wind of Naval Phase " + g.value("", "naval_phase") +
               " is a Storm: there is no other movement that Game-Turn (14.29): " + std::string(what) +
               " until the next Naval Phase's wind";
    }
    if (const std::string now = now_label(g); g.value("", "combat_in") == now) {
        return "the Mutual Combat Segment of Impulse " + now +
               " has begun (a melee is applied): movement comes before it in each Impulse (13.1): " +
               std::string(what) + " until game next begins the next Impulse";
    }
    return "";
}

namespace {

// The clock and every ship's counter (13.1, 14.23, 15.15, 15.33-15.35).
std::vector<StateProblem> constantinople_check(const GameState& g)
{
    StateCheck c(g);
    c.keys("", {"naval_phase", "impulse", "wind", "velocity", "wind_rolled_for", "combat_in"});
    if (const auto phase = c.number("", "naval_phase", 1, k_max_clock);
        phase && !g.value("", "wind_rolled_for").empty()) {
        c.number("", "wind_rolled_for", 1, *phase);
    }
    c.number("", "impulse", 1, k_impulses);
    std::vector<std::string_view> points(compass_points().begin(), compass_points().end());
    c.one_of("", "wind", points);
    if (const std::string v = g.value("", "velocity"); v != "calm" && v != "storm") {
        c.number("", "velocity", 0, 99);
    }
    for (const auto& u : g.units) {
        const std::string& n = u.name;
        c.keys(n, {"face", "damaged", "ineffective", "pinned_to", "pinned_as", "sunk", "attacked_in", "before_combat",
                   "leader"});
        // 15.26: Diedo or Trevisano aboard a Byzantine ship, each aboard one ship at most
        c.one_of(n, "leader", {"", "Diedo", "Trevisano"});
        if (const std::string leader = g.value(n, "leader"); !leader.empty()) {
            if (u.side != "byzantine") {
                c.problem(n, "leader", leader + " commands Byzantine ships only (15.26)");
            }
            for (const auto& other : g.units) {
                if (&other < &u && g.value(other.name, "leader") == leader) {
                    c.problem(n, "leader", leader + " is aboard " + other.name + " already");
                }
            }
        }
        for (const char* key : {"attacked_in", "before_combat"}) {
            const std::string v = g.value(n, key);
            const auto parts = split(v, ':');
            const auto at = split(parts.front(), '-');
            const bool impulse = at.size() == 2 && parse_int(at[0], 1, k_max_clock) && parse_int(at[1], 1, k_impulses);
            const bool shape = std::string_view(key) == "attacked_in"
                                   ? parts.size() == 1
                                   : parts.size() == 3 && (parts[1] == "front" || parts[1] == "back") &&
                                         (parts[2] == "true" || parts[2] == "false");
            if (!v.empty() && !(impulse && shape)) {
                c.problem(n, key,
                          "'" + v + "' is not " +
                              (std::string_view(key) == "attacked_in" ? "an Impulse, PHASE-IMPULSE (15.24)"
                                                                      : "PHASE-IMPULSE:front|back:true|false (15.25)"));
            }
        }
        c.one_of(n, "face", {"front", "back"});
        if (g.value(n, "face") == "back" && u.side != "ottoman") {
            c.problem(n, "face", "only an Ottoman ship has a reduced side; any other that loses one is sunk (15.35)");
        }
        c.flag(n, "damaged");
        c.flag(n, "sunk");
        if (const std::string at = g.value(n, "ineffective"); !at.empty()) {
            const auto parts = split(at, '-');
            if (parts.size() != 2 || !parse_int(parts[0], 1, k_max_clock) || !parse_int(parts[1], 1, k_impulses)) {
                c.problem(n, "ineffective", "'" + at + "' is not an Impulse: PHASE-IMPULSE, as 3-2, or \"\" (15.33)");
            }
        }
        const std::string partner = g.value(n, "pinned_to");
        const std::string role = g.value(n, "pinned_as");
        if (partner.empty()) {
            if (!role.empty()) {
                c.problem(n, "pinned_as", "'" + role + "', but the ship is pinned to none (pinned_to \"\")");
            }
            continue;
        }
        const GameUnit* other = g.find_unit(partner);
        if (other == nullptr || other->name == n) {
            c.problem(n, "pinned_to", "'" + partner + "' is no other ship of the game (15.15)");
        } else if (g.value(n, "sunk") == "true") {
            c.problem(n, "pinned_to", "a sunk ship is engaged with no one (15.15)");
        } else if (g.value(other->name, "pinned_to") != n) {
            c.problem(n, "pinned_to",
                      "'" + partner + "', but " + other->name + " is pinned to '" + g.value(other->name, "pinned_to") +
                          "': a ram engages both ships (15.15)");
        } else if (!((role == "rammer" && g.value(other->name, "pinned_as") == "rammed") ||
                     (role == "rammed" && g.value(other->name, "pinned_as") == "rammer"))) {
            c.problem(n, "pinned_as",
                      "'" + role + "' against " + other->name + "'s '" + g.value(other->name, "pinned_as") +
                          "': one ship is the rammer, the other rammed (15.15)");
        }
    }
    return c.problems;
}

}  // namespace

std::string ship_spec_in_game(std::string_view spec, const GameState& game, bool attacker)
{
    std::vector<std::string> parts = split(spec, ':');
    const GameUnit* ship = game.find_unit(parts.front());
    if (ship == nullptr) {
        return std::string(spec);
    }
    const std::string& n = ship->name;
    const std::string now = now_label(game);
    // Struck already in this Combat Segment: it fights as it was when the segment began
    // (15.25), even if the result sank it.
    std::string face = game.value(n, "face");
    std::string damaged = game.value(n, "damaged");
    bool sunk = game.value(n, "sunk") == "true";
    if (const auto before = split(game.value(n, "before_combat"), ':'); before.size() == 3 && before[0] == now) {
        face = before[1];
        damaged = before[2];
        sunk = false;
    }
    if (sunk) {
        throw usage_error("'" + std::string(spec) + "': " + n + " is sunk in the game");
    }
    if (attacker && game.value(n, "ineffective") == now) {
        throw usage_error("'" + std::string(spec) + "': " + n +
                          " is Ineffective this Impulse: it may not attack, it may defend (15.33)");
    }
    if (attacker && game.value(n, "attacked_in") == now) {
        throw usage_error("'" + std::string(spec) + "': " + n +
                          " has attacked in this Combat Segment already (Impulse " + now +
                          "): a ship attacks once a segment, every adjacent enemy at once, splitting its "
                          "strength (15.24); undo that melee to make it again");
    }
    std::string out(spec);
    auto has = [&](const char* flag) {
        for (size_t i = 1; i < parts.size(); ++i) {
            if (to_lower(parts[i]) == flag) {
                return true;
            }
        }
        return false;
    };
    // The statuses come from the game; a flag that says otherwise contradicts it.
    if (has("back") && face != "back") {
        throw usage_error("'" + std::string(spec) + "': the game has " + n +
                          " on its front side: leave :back off (it flips when it loses one, 15.35)");
    }
    if (has("damaged") && damaged != "true") {
        throw usage_error("'" + std::string(spec) + "': the game has " + n +
                          " undamaged: leave :damaged off (a D result marks it, 15.34)");
    }
    if (face == "back" && !has("back")) {
        out += ":back";
    }
    if (damaged == "true" && !has("damaged")) {
        out += ":damaged";
    }
    if (!game.value(n, "leader").empty() && !has("leader")) {
        out += ":leader";  // 15.26: the game knows who is aboard
    }
    return out;
}

GameRules constantinople_game_rules()
{
    GameRules rules;
    rules.game = "constantinople";
    rules.title = "Constantinople";
    rules.scenario = "constantinople";
    rules.start = [](const Scenario& s, const TableOf&) {
        GameState g;
        g.game = "constantinople";
        g.scenario = s.id;
        g.clock = {{"naval_phase", "1"},
                   {"impulse", "1"},
                   {"wind", s.wind ? s.wind->from : "N"},
                   {"velocity", std::to_string(s.wind ? s.wind->velocity : 8)}};
        for (const auto& u : s.units) {
            if (u.counter) {
                g.units.push_back({u.name,
                                   u.side,
                                   {{"face", "front"},
                                    {"damaged", "false"},
                                    {"ineffective", ""},
                                    {"pinned_to", ""},
                                    {"pinned_as", ""},
                                    {"sunk", "false"}}});
            }
        }
        return g;
    };
    rules.changes = constantinople_changes;
    rules.check = constantinople_check;
    rules.sequence = {
        {"movement",
         "Initiative and Naval Movement",
         "13.1",
         "five Impulses a Naval Phase (13.1)",
         {"at Impulse 1 of a new Naval Phase the wind is rolled for the whole phase: direction and velocity (13.1, "
          "14.23)"},
         {"each player rolls a die, the high die moves first this Impulse: initiative (13.1)",
          "the first player moves his vessels, then the second; rams take place during movement: ram (13.1, 15.1)",
          "pinned pairs may try to break free: free {ship} (15.16)",
          "in a Storm no ship moves that Game-Turn: storm (14.29)"}},
        {"combat",
         "the Mutual Combat Segment",
         "13.1, 15.2",
         "five Impulses a Naval Phase (13.1)",
         {"movement is over: no ram, reef or breaking free until the next Impulse (13.1)"},
         {"every melee the players declare: melee, a ship attacking once, every adjacent enemy at once (15.24)",
          "combat is simultaneous: each melee reads the ships as the segment began (15.25)"}},
    };
    rules.step = [](const GameState& g) {
        return std::string(g.value("", "combat_in") == now_label(g) ? "combat" : "movement");
    };
    rules.next = [](const GameState& g, const TableOf& table, Dice& dice, std::vector<Change>& changes,
                    const StatusList&) {
        Resolution r;
        r.command = "game next";
        r.title = "Next Impulse";
        r.source = "Constantinople 13.1, 14.23";
        const int phase = g.number("", "naval_phase");
        const int impulse = g.number("", "impulse");
        const std::string now = now_label(g);
        if (g.value("", "combat_in") != now) {
            // "After both Players have completed Naval Movement there is a mutual Combat
            // Phase" (13.1): the Impulse's movement is over; a melee begins it too.
            changes.push_back(change_to(g, "", "combat_in", now, "13.1"));
            r.title = "Mutual Combat Segment";
            r.source = "Constantinople 13.1, 15.25";
            r.result.code = now + "-combat";
            r.result.name = "Naval Phase " + std::to_string(phase) + ", Impulse " + std::to_string(impulse) +
                            ", the Mutual Combat Segment";
        } else if (impulse < k_impulses) {
            changes.push_back(change_to(g, "", "impulse", std::to_string(impulse + 1), "13.1"));
            r.result.code = impulse_label(phase, impulse + 1);
            r.result.name = "Naval Phase " + std::to_string(phase) + ", Impulse " + std::to_string(impulse + 1);
            r.steps.push_back("Impulse " + std::to_string(impulse + 1) + " of five (13.1)");
        } else {
            changes.push_back(change_to(g, "", "naval_phase", std::to_string(phase + 1), "13.1"));
            changes.push_back(change_to(g, "", "impulse", "1", "13.1"));
            Resolution wind =
                resolve_wind(table("constantinople.wind-direction"), table("constantinople.wind-velocity"), dice);
            r.tables = wind.tables;
            r.steps.push_back("five Impulses done: Naval Phase " + std::to_string(phase + 1) +
                              "; the wind is rolled for the whole Naval Phase (13.1, 14.23)");
            r.steps.insert(r.steps.end(), wind.steps.begin(), wind.steps.end());
            changes.push_back(change_to(g, "", "wind", wind.result.code, "14.23"));
            changes.push_back(change_to(g, "", "velocity", field_text(wind.result.fields, "velocity"), "14.23"));
            changes.push_back(change_to(g, "", "wind_rolled_for", std::to_string(phase + 1), "14.23"));
            r.result.code = impulse_label(phase + 1, 1);
            r.result.name = "Naval Phase " + std::to_string(phase + 1) + ", Impulse 1, wind " + wind.result.code + " " +
                            field_text(wind.result.fields, "velocity");
            r.result.effects = wind.result.effects;
        }
        r.result.source = r.source;
        r.rolls = dice.record();
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        const std::string now = now_label(g);
        r.result.code = now;
        r.result.name = "Naval Phase " + g.value("", "naval_phase") + ", Impulse " + g.value("", "impulse") +
                        ", wind " + g.value("", "wind") + " " + g.value("", "velocity");
        for (const std::string side : {"byzantine", "ottoman"}) {
            std::vector<std::string> lines;
            for (const auto& u : g.units) {
                if (u.side != side) {
                    continue;
                }
                std::vector<std::string> marks;
                if (g.value(u.name, "sunk") == "true") {
                    marks.push_back("sunk");
                } else {
                    if (g.value(u.name, "face") == "back") {
                        marks.push_back("reduced (back)");
                    }
                    if (g.value(u.name, "damaged") == "true") {
                        marks.push_back("Damaged");
                    }
                    if (g.value(u.name, "ineffective") == now) {
                        marks.push_back("Ineffective this Impulse");
                    }
                    if (!g.value(u.name, "pinned_to").empty()) {
                        marks.push_back("pinned to " + g.value(u.name, "pinned_to"));
                    }
                    if (const std::string leader = g.value(u.name, "leader"); !leader.empty()) {
                        marks.push_back(leader + " aboard (15.26)");
                    }
                }
                if (!marks.empty()) {
                    lines.push_back(u.name + ": " + join(marks, ", "));
                }
            }
            Outcome board;
            board.code = side;
            board.name = lines.empty() ? std::string("every ship ready") : std::to_string(lines.size()) + " marked";
            board.effects = lines;
            r.results.push_back(std::move(board));
        }
        for (const auto& u : g.units) {
            if (g.value(u.name, "ineffective") == now && g.value(u.name, "sunk") != "true") {
                r.result.effects.push_back(u.name + " is Ineffective: half movement, no melee attack (15.33)");
            }
            const std::string pin = g.value(u.name, "pinned_to");
            if (!pin.empty() && u.name < pin) {
                r.result.effects.push_back(u.name + " and " + pin +
                                           " are pinned together; either may try to break "
                                           "free (15.15, 15.16)");
            }
        }
    };
    rules.clock_text = [](const GameState& g) {
        // "combat" once the Impulse's Mutual Combat Segment has begun (movement is over, 13.1)
        return "ph " + g.value("", "naval_phase") + " imp " + g.value("", "impulse") +
               (g.value("", "combat_in") == now_label(g) ? " combat" : "") + " wind " + g.value("", "wind") + " " +
               g.value("", "velocity");
    };
    rules.words = [](const Change& c) -> std::string {
        const std::string& u = c.unit;
        if (c.key == "damaged") {
            return u + (c.to == "true" ? " is Damaged" : " is no longer Damaged");
        }
        if (c.key == "face") {
            return u + (c.to == "back" ? " flips to its reduced (back) side" : " shows its front side");
        }
        if (c.key == "sunk") {
            return u + (c.to == "true" ? " is eliminated: take it off the board" : " is back on the board");
        }
        if (c.key == "ineffective") {
            return c.to.empty() ? "" : u + " is Ineffective in Impulse " + c.to;
        }
        if (c.key == "pinned_to") {
            return c.to.empty() ? u + " is no longer pinned" : u + " is pinned to " + c.to;
        }
        return "";  // the clock, and counts kept for later rules: the result says them
    };
    return rules;
}

}  // namespace umpire::core
