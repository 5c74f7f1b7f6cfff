#pragma once
// A chart typed as printed (umpire table import): a header row naming the columns, then one
// row per die result or label, its cells the result codes; comma-separated or separated by
// spaces and tabs. Read into a table's structure, keeping its legend, notes and citations.

#include "core/table.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire::load {

// A cell where it was typed: its text and its line and column (from 1).
struct GridCell {
    std::string text;
    size_t line = 0;
    size_t column = 0;
};

// What is said of a cell that holds nothing, in a typed chart or a table file: a blank on a
// printed chart reads as a typo, and a result "" cannot be told from none reported.
inline constexpr std::string_view k_empty_cell = "an empty cell; every cell holds what the chart prints there";

// The lines of a typed chart, each split into its cells. A byte-order mark, CR line ends,
// blank lines and lines starting with '#' are passed over; a NUL byte, invalid UTF-8 or
// another control character is a data Error naming SOURCE:line:col, as is an empty cell.
std::vector<std::vector<GridCell>> parse_grid(std::string_view text, std::string_view source);

// TABLE_TEXT (the TOML TABLE was read from) with its [[row]]s made from GRID: the columns
// checked against TABLE's in order, every row key against its kind (die rows cover the dice
// with no gap or overlap), every cell against its legend; what does not fit is a data Error
// naming SOURCE:line:col. The result is no longer provisional: it is the referee's chart.
std::string import_grid(const core::Table& table, std::string_view table_text,
                        const std::vector<std::vector<GridCell>>& grid, std::string_view source);

}  // namespace umpire::load
