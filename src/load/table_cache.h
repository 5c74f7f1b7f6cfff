#pragma once
// A parsed copy of each table file kept in the cache directory ($XDG_CACHE_HOME/umpire,
// else ~/.cache/umpire), so a call that reads a table of yours does not parse its TOML
// again (issue 25: toml++ reading a 2 KB chart was two thirds of such a call). The copy
// is binary, checked whole, made by this build from the same text; anything else about
// it (missing, stale, torn, another version's, unwritable) means the TOML is parsed as
// it always was. The cache never changes an answer and never fails a call.

#include "core/table.h"

#include <optional>
#include <string>
#include <string_view>

namespace umpire::load {

// TABLE as bytes, and back; decode_table gives nothing for bytes encode_table did not
// make (checked field by field, never reading past the end). The origin is not kept.
std::string encode_table(const core::Table& table);
std::optional<core::Table> decode_table(std::string_view bytes);

// parse_table(TEXT, PATH, ID), through the copy in CACHE_DIR ("" for none) when it was
// made from this TEXT for ID; otherwise parsed, and the copy written for the next call.
// A table that does not parse throws as parse_table does, and leaves no copy.
core::Table parse_table_cached(std::string_view text, const std::string& path, std::string_view id,
                               const std::string& cache_dir);

}  // namespace umpire::load
