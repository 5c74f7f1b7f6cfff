#pragma once
// What the parts of Great Battles' rules share (src/games/great-battles/*.cc): not for other
// games or layers.
#include "core/lookup.h"
#include "core/table.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"
#include "util/text.h"

#include <string>

namespace umpire::core::great_battles_internal {

// The index of TABLE's row ROW; a usage Error naming FLAG, with the rows, when it has none.
inline size_t row_of(const Table& table, std::string_view row, const std::string& flag)
{
    auto r = find_row(table, row);
    if (!r) {
        // a label's miss lists the rows already (core::find_row); a die row's does not
        throw usage_error(flag + ": " + r.error() +
                          (table.row_kind == RowKind::label ? "" : "; allowed: " + join(table.row_keys(), ", ")));
    }
    return *r;
}

inline int number_cell(const Table& table, std::string_view row, std::string_view column, const std::string& flag,
                       const std::string& column_flag = "")
{
    const size_t r = row_of(table, row, flag);
    size_t c = 0;
    if (table.column_kind != ColumnKind::none) {
        auto found = find_column(table, column);
        if (!found) {
            throw usage_error((column_flag.empty() ? flag : column_flag) + ": " + found.error());
        }
        c = *found;
    }
    const std::string& cell = table.rows[r].cells[c];
    const std::optional<int>& n = table.rows[r].numbers.at(c);
    if (!n) {
        throw usage_error(flag + ": table " + table.id + " has no number at " + std::string(row) +
                          (column.empty() ? "" : ", " + std::string(column)) + " ('" + cell + "')");
    }
    return static_cast<int>(*n);
}

inline Outcome outcome(std::string label, std::string code, std::string name, std::vector<std::string> effects,
                       std::string source)
{
    Outcome o;
    o.label = std::move(label);
    o.code = std::move(code);
    o.name = std::move(name);
    o.effects = std::move(effects);
    o.source = std::move(source);
    return o;
}

}  // namespace umpire::core::great_battles_internal
