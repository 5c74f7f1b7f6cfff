#pragma once
// Great War at Sea: The Turkish Black Sea Fleet procedures that are not a single table
// read (rules file 003, catalogue G7).

#include "core/dice.h"
#include "core/resolution.h"
#include "core/table.h"

#include <string_view>

namespace umpire::core {

// G16: the most sea zones a turn in WEATHER (squall, storm, gale), from TABLE
// (black-sea.weather-limits), with the table's restrictions as effects. No dice.
Resolution resolve_weather_limits(const Table& table, std::string_view weather, Dice& dice);

// The most dice "Always Possible" rolls before umpire refuses (documented in umpire(1)).
inline constexpr int k_max_always_possible_dice = 20;

// "Always Possible": when modifiers leave no chance, roll (NEEDED - BEST + 1) dice; all
// sixes succeed.
Resolution resolve_always_possible(const Table& procedures, int needed, int best, Dice& dice);

}  // namespace umpire::core
