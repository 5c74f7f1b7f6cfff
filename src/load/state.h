#pragma once
// The referee's game-state file: read it (a missing file is a new game) and write it
// atomically, so an interrupted write never loses the previous state.

#include "core/novorossiysk.h"

#include <string>

namespace umpire::load {

core::WeatherState read_state(const std::string& path);

// Writes PATH.tmp.PID beside PATH, flushes it to disk, then renames it over PATH.
void write_state(const std::string& path, const core::WeatherState& state);

std::string state_text(const core::WeatherState& state);

}  // namespace umpire::load
