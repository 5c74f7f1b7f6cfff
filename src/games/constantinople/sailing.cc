// Constantinople's wind and sailing: the hex compass (14.31), points of sailing, turns
// and drift (14.24-14.26, 15.65), the wind's direction and velocity (14.23).
#include "games/constantinople/constantinople.h"
#include "games/constantinople/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <numeric>

namespace umpire::core {

using namespace constantinople_internal;

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

}  // namespace

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
    if (!is_hex(hex) || p < 0) {
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

bool is_hex(std::string_view hex)
{
    if (hex.size() != 4 || !std::all_of(hex.begin(), hex.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return false;
    }
    const auto number = parse_int(hex, 0, 9999);
    return number && *number / 100 >= 1 && *number % 100 >= 1;
}

namespace {
// A hex past the map's numbering, as a result names it: umpire knows the numbering, not the map's edge.
constexpr std::string_view k_off_map = "off the map's numbering";
}  // namespace

Expected<std::string> parse_wind(std::string_view text)
{
    std::string upper(text);
    for (char& c : upper) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (compass_index(upper) >= 0) {
        return upper;
    }
    return fail<std::string>("'" + std::string(text) + "': the point the wind blows from, a compass point (" +
                             join(compass_points(), ", ") + "), or none (14.31, 14.32)" +
                             suggestion(upper, compass_points()));
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
    if (!q.hex.empty() && !is_hex(q.hex)) {
        throw usage_error("{hex} '" + q.hex + "': a hex number is four digits, column then row, each 01 to 99 (1539)");
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
        const std::string ahead = hex_neighbour(q.hex, q.facing);
        r.result.fields.push_back({"facing_hex", ahead.empty() ? std::string(k_off_map) : ahead});
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
            d.fields.push_back({"hex", to_hex.empty() ? std::string(k_off_map) : to_hex});
            d.name += to_hex.empty() ? ", off the map: lost as Run Aground (14.27)" : ", to " + to_hex;
            if (to_hex.empty()) {
                d.effects.push_back("past " + q.hex +
                                    " it leaves the map: a vessel that leaves the map, for whatever reason, is "
                                    "treated exactly as one that has Run Aground, eliminated (14.27)");
            }
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
        if (speed == "calm") {
            // 14.32's No Wind: the direction rolled blows nothing, so no heading is into the
            // wind (14.24) and ships not moving drift north to south (14.26), not downwind.
            r.result.name = v_out.name;
            r.result.effects.clear();
            std::erase_if(r.result.fields, [](const Field& f) { return f.key == "toward"; });
            r.steps.push_back("no wind: the direction rolled (" + from +
                              ") blows nothing; no heading is into the wind (14.24, 14.26)");
        } else if (speed == "storm") {
            // 14.29: in a Storm no ship moves, none sails, that Game-Turn: the direction's 14.24
            // limit on sailing ("no sail ship may move into a hex northward") is moot.
            r.result.effects.clear();
            r.steps.push_back("Storm: no ship moves this Game-Turn, so the direction (" + from +
                              ") limits no sailing (14.29, 14.24)");
        }
        r.result.effects.insert(r.result.effects.end(), v_out.effects.begin(), v_out.effects.end());
    }
    r.rolls = dice.record();
    return r;
}

}  // namespace umpire::core
