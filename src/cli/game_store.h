#pragma once
// The game file and its journal on disk: read, change under a lock, write atomically,
// journal every change (issue 12's referee's session). FILE.journal sits beside FILE.

#include "core/game.h"
#include "load/log.h"
#include "load/state.h"

#include <optional>
#include <string>
#include <vector>

namespace umpire::cli {

std::string journal_path(const std::string& game_path);
core::GameState read_game(const std::string& path);
// The game file's text; a no-input Error naming 'game new' when there is none.
std::string read_game_text(const std::string& path);
// Every line of PATH's journal, in order ([] when there is none).
std::vector<load::LogEntry> read_journal(const std::string& game_path);
// Writes GAME to PATH (temp file, fsync, rename), then appends LINE to its journal.
void write_game(const std::string& path, const core::GameState& game, const std::string& line);

}  // namespace umpire::cli
