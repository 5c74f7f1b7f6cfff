#pragma once
// Text output for the referee at the table: the result first, in words, with what to do
// on the board and the rule it comes from; the working below it (what was asked, each
// step, each die marked given or rolled). Colour only when the
// caller says so (a TTY without NO_COLOR).

#include "core/odds.h"
#include "core/resolution.h"
#include "core/table.h"
#include "load/catalog.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace umpire::format {

struct Style {
    bool colour = false;
    size_t width = 0;      // the terminal's columns to wrap at; 0 when not a terminal (no wrapping)
    bool unicode = false;  // odds' bars in Unicode blocks (a UTF-8 terminal), else in '#'
};

std::string to_text(const core::Resolution& r, Style style);
std::string to_text(const core::OddsReport& report, Style style);
// --brief: the headline on one line, "L  Lose one  [severe]  (attack on defender)"; for
// odds, "result: -  No effect 41.67%, I  Ineffective 16.67%, ...".
std::string to_brief(const core::Resolution& r, Style style);
std::string to_brief(const core::OddsReport& report);
// The seed a resolution's dice came from, as its "seed:" line and standard error's
// "umpire: seed" line say it: "3", or "3 (position 7)" when it began POSITION draws in.
std::string seed_text(std::uint32_t seed, std::uint64_t position);
// Whether R rolled a die (not only given dice or a lookup): only then does its seed matter.
bool rolled_dice(const core::Resolution& r);
// umpire compare: the requests lettered A, B, ...; then each dimension any of them
// reports, a row per value and a column of percents per request ("-": never), with the
// expected value of a count or total.
// One dimension of compare's requests side by side: each request's own (nullptr where it
// does not report it) and every value any of them reaches, with the first name given for
// it; a count's or total's values in order, "(not reported)" last; and each request's line
// for each value. Values are matched by a hash, not by searching every line for each
// (two requests of 1000d10: 11.5 G instructions before, most of compare's time).
struct Compared {
    std::string name;
    bool numeric = true;
    std::vector<const core::OddsDimension*> dims;
    std::vector<std::pair<std::string, std::string>> values;  // value, name
    // lines[v][i]: request I's line for values[v]; nullptr where I never reaches it
    std::vector<std::vector<const core::OddsLine*>> lines;
};
std::vector<Compared> compared(const std::vector<core::OddsReport>& reports);
// On a UTF-8 terminal (STYLE) each chance has a bar before it.
std::string compare_text(const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports,
                         Style style = {});

// The table drawn as the printed chart, with the cell at MARK_ROW, MARK_COLUMN shown in
// brackets (and in colour) when given.
std::string draw_table(const core::Table& table, std::optional<size_t> mark_row, std::optional<size_t> mark_column,
                       Style style);

// What the legend says of E beyond its name, a line each: rolls again, what it does to the
// units, its effects (each side's marked). The text chart and the printed one list these.
std::vector<std::string> legend_lines(const core::Table& t, const core::LegendEntry& e);
// T's modifiers, shifts and constants: a heading ("" for none) and its lines, each.
std::vector<std::pair<std::string, std::vector<std::string>>> rule_lines(const core::Table& t);

std::string list_tables(const std::vector<load::TableInfo>& tables);

// What R was asked, a "  key: value" line each, as the text answer lists it.
std::string inputs_text(const core::Resolution& r);
// What REPORT was asked, then the fields every branch gives alike (core::fixed_fields).
std::string inputs_text(const core::OddsReport& report);

// "expected 3.20 (16/5)" of a count or total ("when reported" where only some branches
// report it); "" for a dimension without an expected value.
std::string expected_text(const core::OddsDimension& dim);
// A bar CELLS characters wide filled to SHARE (0 to 1) of it: in Unicode eighth blocks or
// in '#', as STYLE says; at least a sliver for a share above 0.
std::string bar(double share, size_t cells, Style style);

// "42.00%" of a fraction.
std::string percent(const core::Fraction& f);
std::string percent(double probability);
// TEXT after FIRST (the indent and any marker) wrapped to STYLE's width, continuation
// lines indented under the text, words kept whole; one line when there is no width or too
// little of it (20 columns past FIRST).
std::string wrapped(const std::string& first, const std::string& text, Style style);
// TEXT filled with blanks to WIDTH, on the right (or, RIGHT, on the left: numbers).
std::string pad(const std::string& text, size_t width, bool right = false);

}  // namespace umpire::format
