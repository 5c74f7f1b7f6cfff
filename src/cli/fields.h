#pragma once
// Core and load name what is wrong with a request by its domain field, written {field}
// in a message ("{split}: the points add up to 9..."). This is the one table that maps
// each field to the flag a user types, so a message names the flag as typed.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::cli {

class Context;

// MESSAGE with each {field} known to the table (or named by the command, OVERRIDES)
// replaced by its flag: the spelling the request typed (ARGV) where a flag has several.
// An unknown {word} is left as it is.
std::string render_fields(std::string_view message, const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& overrides = {});

// Every field the table knows, for tests.
std::vector<std::string> known_fields();

}  // namespace umpire::cli
