#pragma once
// Text output for the referee at the table: the result first, in words, with what to do
// on the board and the rule it comes from; the working below it (what was asked, each
// step, each die marked given or rolled). Colour only when the
// caller says so (a TTY without NO_COLOR).

#include "core/odds.h"
#include "core/resolution.h"
#include "core/table.h"
#include "load/catalog.h"

#include <optional>
#include <string>

namespace umpire::format {

struct Style {
    bool colour = false;
    size_t width = 0;  // the terminal's columns to wrap at; 0 when not a terminal (no wrapping)
};

std::string to_text(const core::Resolution& r, Style style);
std::string to_text(const core::OddsReport& report, Style style);
// --brief: the headline on one line, "L  Lose one  [severe]  (attack on defender)"; for
// odds, "result: -  No effect 41.67%, I  Ineffective 16.67%, ...".
std::string to_brief(const core::Resolution& r, Style style);
std::string to_brief(const core::OddsReport& report);
// umpire compare: the requests lettered A, B, ...; then each dimension any of them
// reports, a row per value and a column of percents per request ("-": never), with the
// expected value of a count or total.
std::string compare_text(const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports);

// The table drawn as the printed chart, with the cell at MARK_ROW, MARK_COLUMN shown in
// brackets (and in colour) when given.
std::string draw_table(const core::Table& table, std::optional<size_t> mark_row, std::optional<size_t> mark_column,
                       Style style);

std::string list_tables(const std::vector<load::TableInfo>& tables);

// "42.00%" of a fraction.
std::string percent(const core::Fraction& f);
std::string percent(double probability);
// TEXT filled with blanks to WIDTH, on the right (or, RIGHT, on the left: numbers).
std::string pad(const std::string& text, size_t width, bool right = false);

}  // namespace umpire::format
