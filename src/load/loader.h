#pragma once
// TOML text -> plain structs, validated in full. Every message is
// "SOURCE:LINE:COL: what is wrong", taken from toml++ source positions, and is thrown
// as a data Error (exit 65). Only this layer includes toml++.

#include "core/game.h"
#include "core/scenario.h"
#include "core/table.h"
#include "games/great-battles/great_battles.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"

#include <string_view>

namespace umpire::load {

// The longest value typed after a flag (umpire(1): a name, a side, a number): a name a
// table or scenario gives what a command selects (a unit, a shift, a modifier, a result
// code) is no longer, or no command could name it.
inline constexpr size_t k_max_name_length = 256;

// Parses a table. EXPECTED_ID, when not empty, is the id its file name gives it.
// TEXT as a TOML basic string, quoted, '"' and '\\' escaped (the text holds no control
// character: the loaders refuse one).
std::string toml_string(std::string_view text);

core::Table parse_table(std::string_view text, std::string_view source_name, std::string_view expected_id = "");
// The id a table file's TEXT names (its id key), "" when TEXT is no TOML or names no string
// id: a file with a fault further on is still reported by its id (table check).
std::string table_id_in(std::string_view text);

// A data Error saying MESSAGE at the key KEY (dotted: "columns.keys") of the table file TEXT
// read as SOURCE_NAME: "SOURCE:LINE:COL: MESSAGE" and the line with a caret under the
// column, as every loader error is; "SOURCE: MESSAGE" when TEXT holds no such key. For a
// fault found once the file is a plain struct (a copy of a shipped table, check_fits).
Error error_at_key(std::string_view text, std::string_view source_name, std::string_view key,
                   const std::string& message);

core::Scenario parse_scenario(std::string_view text, std::string_view source_name, std::string_view expected_id = "");

// A referee's game-state file (the Novorossiysk weather's), as written by write_state.
core::WeatherState parse_state(std::string_view text, std::string_view source_name);

// A game file, as written by game_text (load/state.h). Every value is checked as it is read
// (core::state_problems, with TABLE what only the game's tables tell: a cover the suppression
// chart names): the first that does not hold is a data Error at its line.
core::GameState parse_game(std::string_view text, std::string_view source_name, const core::TableOf* table = nullptr);

// An Activation Deck file, as written by deck_state_text: every card in
// the deck or in one hand, each once.
core::DeckState parse_deck_state(std::string_view text, std::string_view source_name);

}  // namespace umpire::load
