#pragma once
// Great War at Sea: The Turkish Black Sea Fleet procedures that are not a single table
// read (rules file 003, catalogue G7).

#include "core/dice.h"
#include "core/resolution.h"
#include "core/table.h"

namespace umpire::core {

// The most dice "Always Possible" rolls before umpire refuses (documented in umpire(1)).
inline constexpr int k_max_always_possible_dice = 20;

// "Always Possible": when modifiers leave no chance, roll (NEEDED - BEST + 1) dice; all
// sixes succeed.
Resolution resolve_always_possible(const Table& procedures, int needed, int best, Dice& dice);

} // namespace umpire::core
