#pragma once
// A game umpire knows only from the referee's tables and scenario: units with a status,
// a game-turn clock, and the status changes a table's legend names (issue 25).
#include "core/game.h"

namespace umpire::core {

GameRules custom_game_rules();

// What R, a resolution read from TABLE, changes in G: the status the legend entry of its
// result gives the units R names as "attackers" and "defenders" ([legend.CODE] attacker,
// defender); [] when the legend names none or the units have it already.
std::vector<Change> legend_changes(const GameState& g, const Resolution& r, const Table& table);

}  // namespace umpire::core
