#pragma once
// Great War at Sea: The Turkish Black Sea Fleet procedures that are not a single table
// read (rules file 003, catalogue G7).

#include "core/dice.h"
#include "core/game.h"
#include "core/lookup.h"
#include "core/resolution.h"
#include "core/table.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// G16: the most sea zones a turn in WEATHER (fair, mist, squall, storm, gale), from TABLE
// (black-sea.weather-limits), with the table's restrictions that hold in it as effects; the
// Coastal Contact note only where LIGHT is daylight or not known (""). No dice.
Resolution resolve_weather_limits(const Table& table, std::string_view weather, Dice& dice,
                                  std::string_view light = {});

// What holds in a turn of LIGHT and WEATHER: night sighting (Sighting Distances, Night
// (11.4)) and the weather's limits as resolve_weather_limits says them from LIMITS
// (black-sea.weather-limits). game status says them of the turn the game is at, game next
// of the turn it moves to.
std::vector<std::string> black_sea_turn_effects(const Table& limits, std::string_view light, std::string_view weather);

// The most dice "Always Possible" rolls before umpire refuses (documented in umpire(1)).
inline constexpr int k_max_always_possible_dice = 20;

// "Always Possible": when modifiers leave no chance, roll (NEEDED - BEST + 1) dice; all
// sixes succeed.
Resolution resolve_always_possible(const Table& procedures, int needed, int best, Dice& dice);

// The weathers the text names, best first ("squall or better", "mist or better"); "fair"
// is umpire's word for anything better than mist: the weather chart is not in the text.
inline const std::vector<std::string> k_black_sea_weathers{"fair", "mist", "squall", "storm", "gale"};
// The light of a turn: daylight, twilight, night.
inline const std::vector<std::string> k_black_sea_lights{"day", "twilight", "night"};

// What a turn of LIGHT decides of a read of TABLE with REQUEST (GameRules::read): "" when
// they agree, else why not. Night Combat's checks (night-confirm, night-friendly-fire) are
// rolled on night turns only; Automatic Disengagement's range modifier is hexes-inside by
// day and twilight and hexes-inside-night, halved, on a night turn. Twilight is no night turn:
// a winter scenario's, which "Night (11.4)" treats as night, is given as night.
std::string black_sea_read_in_light(const Table& table, const LookupRequest& request, std::string_view light);

// What game G's clock decides of a read of TABLE with REQUEST beyond its light
// (GameRules::read): black-sea.operational-movement read with no column is refused, saying
// why the game cannot give it. Extended Operational Movement reads "odd turns" and "even
// turns"; the game counts its turns from the scenario's first and within the game day, and
// the text says neither is the count it means, so umpire does not pick one.
std::string black_sea_read_movement(const GameState& g, const Table& table, const LookupRequest& request);

// ANSWER, a read of TABLE, as game G's turn limits it (GameRules::answer): an
// operational-movement cell above the game's weather's maximum speed (Weather Effects on
// Operations, from LIMITS, black-sea.weather-limits) is said to be cut to it, and the answer
// carries zones_this_turn; the column's odd or even is said to be the referee's.
void black_sea_answer_in_turn(const GameState& g, const Table& limits, const Table& table, Resolution& answer);

// The game file's clock: day, turn, the turn's light and the weather. The text leaves the
// turn record to the scenario: the referee gives the next turn's light and weather;
// the day moves on at the first daylight turn after a night (Operational Movement).
GameRules black_sea_game_rules();

}  // namespace umpire::core
