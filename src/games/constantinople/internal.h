#pragma once
// What the parts of Constantinople's rules share (src/games/constantinople/*.cc): not for
// other games or layers.
#include "core/table.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

#include <string>
#include <vector>

namespace umpire::core::constantinople_internal {

inline std::string ship_label(const Ship& ship, const std::string& fallback)
{
    return ship.name.empty() ? fallback : ship.name + (ship.back ? " (back)" : "");
}

// The cell at ROW, COLUMN, which validation guarantees exists.
inline const std::string& cell(const Table& table, size_t row, size_t column)
{
    return table.rows.at(row).cells.at(column);
}

template <class T> T value_or_usage(const Expected<T>& e, const std::string& context)
{
    if (!e) {
        throw usage_error(context + e.error());
    }
    return *e;
}

// Refuses a ship named twice in one request, under FLAG ("{ship}"); WHY ends the message.
// NAMES holds each ship's own name, "" for one typed as a number or a type (two fustae).
inline void refuse_named_twice(const std::vector<std::string>& names, const std::string& flag, const std::string& why)
{
    for (size_t i = 0; i < names.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (!names[i].empty() && names[i] == names[j]) {
                throw usage_error(flag + " " + names[i] + " is given twice" + why);
            }
        }
    }
}

// Whether FLAG (without its ':', any case) is one of a ship spec's flags (ships.cc's list).
bool known_ship_flag(std::string_view flag);

// Why PARTS[I], a ":flag" of a ship spec split at ':' (the name first), is refused as one
// given before it, case aside ("Genoa:back:back": a flag typed twice is a slip), or "".
inline std::string flag_given_twice(const std::vector<std::string>& parts, size_t i)
{
    for (size_t j = 1; j < i; ++j) {
        if (to_lower(parts[j]) == to_lower(parts[i])) {
            return "flag :" + to_lower(parts[i]) + " is given twice; give each flag once";
        }
    }
    return "";
}

}  // namespace umpire::core::constantinople_internal
