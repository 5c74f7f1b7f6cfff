#pragma once
// Pictures (issue 28): a chart drawn as printed, and odds drawn as bar charts, described
// in the JSON umpire-draw reads (src/draw/picture.h has its shape). Building the
// description is cheap and draws nothing: umpire-draw lays it out and writes SVG or PDF.

#include "core/odds.h"
#include "core/table.h"
#include "format/json.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::format {

// The formats umpire-draw writes, and the papers it lays pages out on.
inline constexpr std::string_view k_picture_formats[] = {"svg", "pdf"};
inline constexpr std::string_view k_papers[] = {"a4", "letter"};

// Past these an odds picture is refused, not drawn: a bar for every one of 9,001 totals
// (1000d10), or a fraction of thousands of digits on a bar, is no picture to read. The
// --json odds give them all.
inline constexpr size_t k_max_picture_lines = 1000;
inline constexpr size_t k_max_picture_fraction = 400;  // characters of one fraction

// A description of pictures: FORMAT ("svg" or "pdf"), PAPER ("a4" or "letter"), TITLE
// (each page's foot) and the items ITEMS writes, each with one of the *_picture below.
std::string picture_description(std::string_view format, std::string_view paper, std::string_view title,
                                const std::function<void(JsonWriter&)>& items);

// T as its printed chart, the cell at MARK_ROW, MARK_COLUMN marked when both are given.
void table_picture(JsonWriter& w, const core::Table& t, std::optional<size_t> mark_row,
                   std::optional<size_t> mark_column);
// REPORT as bar charts, a dimension each; the values in MARKED (a roll just made, as
// core::reported() names it) marked, and ROLLS, that roll's dice, named in the caption.
void odds_picture(JsonWriter& w, const core::OddsReport& report,
                  const std::vector<std::pair<std::string, std::string>>& marked = {},
                  const std::vector<core::RollRecord>& rolls = {});
// compare's REQUESTS side by side: a bar for each request under each value (plan crt too).
void compare_picture(JsonWriter& w, const std::vector<std::string>& requests,
                     const std::vector<core::OddsReport>& reports);

// Why REPORTS cannot be drawn (too many lines, too long a fraction), "" when they can.
std::string too_large_to_draw(const std::vector<const core::OddsReport*>& reports);

}  // namespace umpire::format
