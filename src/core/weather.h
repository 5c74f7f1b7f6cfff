#pragma once
// Weather that depends on the past (Novorossiysk 1943, rules file 000, N1-N2): the time
// counter, Dense Fog once per game or zone, and the flood after a Downpour.

#include "core/dice.h"
#include "core/resolution.h"
#include "core/table.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// The phases of a day, in order (N2), and the last day.
inline const std::vector<std::string> k_phases{"morning", "afternoon", "night"};
inline constexpr int k_novorossiysk_days = 9;
// The optional weather zones, west to east.
inline const std::vector<std::string> k_weather_zones{"west", "central", "east"};

// What a referee's game-state file keeps between calls.
struct WeatherState {
    int day = 1;
    std::string phase = "morning";
    bool started = false;  // false until the first phase has been rolled
    std::vector<std::string> dense_fog_used;  // "all", or the zones that had it
    std::vector<int> flood_days;              // days whose rivers are in flood
    std::vector<std::string> last;            // the last phase's weather, "zone=code" or "code"
};

// The phase after STATE's (day 9 night has none: a usage Error).
WeatherState next_phase(const WeatherState& state);

// Rolls the weather of STATE's day and phase, for each zone when ZONES, and returns the
// resolution; AFTER is STATE with this phase's Dense Fog and Downpour recorded.
Resolution resolve_novorossiysk_weather(const Table& table, const WeatherState& state, bool zones,
                                        Dice& dice, WeatherState& after);

} // namespace umpire::core
