#pragma once
// What the parts of the Russian Portfolio's rules share (src/games/russian-portfolio/*.cc):
// not for other games or layers.
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string_view>
#include <utility>

namespace umpire::core::russian_portfolio_internal {

// "apr42" as (year, month 1-12); empty when TEXT is not a month of that form.
inline std::optional<std::pair<int, int>> month_of(std::string_view text)
{
    static constexpr std::array<std::string_view, 12> k_months{"jan", "feb", "mar", "apr", "may", "jun",
                                                               "jul", "aug", "sep", "oct", "nov", "dec"};
    if (text.size() != 5) {
        return std::nullopt;
    }
    const auto name = std::find(k_months.begin(), k_months.end(), text.substr(0, 3));
    auto year = parse_int(text.substr(3), 0, 99);
    if (name == k_months.end() || !year || !std::isdigit(static_cast<unsigned char>(text[3]))) {
        return std::nullopt;
    }
    return std::pair{static_cast<int>(*year), static_cast<int>(name - k_months.begin()) + 1};
}

}  // namespace umpire::core::russian_portfolio_internal
