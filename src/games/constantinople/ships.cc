// Constantinople's ships as the referee names them: NAME[:back][:damaged][:leader] or
// strengths (15.21-15.26), and the halving a Damaged ship suffers (15.34).
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

namespace constantinople_internal {

bool known_ship_flag(std::string_view flag)
{
    const std::string lower = to_lower(flag);
    return std::any_of(k_ship_flags.begin(), k_ship_flags.end(), [&](const ShipFlag& f) { return f.name == lower; });
}

}  // namespace constantinople_internal

Expected<Ship> parse_ship(std::string_view spec, ShipValue value, const std::function<const Scenario&()>& scenario)
{
    const std::string where = "'" + std::string(spec) + "': ";
    std::vector<std::string> parts = split(spec, ':');
    Ship ship;
    bool back = false;
    for (size_t i = 1; i < parts.size(); ++i) {
        const std::string f = to_lower(parts[i]);
        if (const std::string twice = flag_given_twice(parts, i); !twice.empty()) {
            return fail<Ship>(where + twice);
        }
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
        if (value == ShipValue::ram_defense) {
            return fail<Ship>(where + "ram defense is a letter A to D (15.42), or a ship's name");
        }
        auto n = parse_int(token, 0, 99);
        if (!n && value == ShipValue::ram) {
            return fail<Ship>(where + "a ram strength is 1 to 4 (15.42), or a ship's name");
        }
        if (!n) {
            return fail<Ship>(where + n.error() + " (a strength is 0 to 99)");
        }
        if (back) {
            return fail<Ship>(where + ":back needs a named ship; a number is already the value shown");
        }
        (value == ShipValue::ram ? ship.ram : ship.melee) = static_cast<int>(*n);
    } else {
        const Scenario& s = scenario();
        const Unit* unit = s.find_unit(token);
        if (unit == nullptr) {
            const std::string give = value == ShipValue::ram           ? "a ram strength 1 to 4 (15.42)"
                                     : value == ShipValue::ram_defense ? "a ram defense A to D (15.42)"
                                                                       : "a number";
            return fail<Ship>(where + "no ship '" + token + "' in scenario " + s.id +
                              suggestion(token, s.unit_names()) + "; give " + give +
                              ", or one of: " + join(s.unit_names(), ", "));
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

}  // namespace umpire::core
