#pragma once
// What the parts of Constantinople's rules share (src/games/constantinople/*.cc): not for
// other games or layers.
#include "core/table.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"

#include <string>

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

}  // namespace umpire::core::constantinople_internal
