#pragma once
// A check run on TOML text before toml++ reads it, for a bug of the toml++ that Debian 12
// ships (3.3): see toml_guard.cc. Remove when Debian's toml++ has the upstream fix.

#include <optional>
#include <string>
#include <string_view>

namespace umpire::load {

// "LINE:COLUMN: what is wrong" for text toml++ 3.3 cannot read safely, else nothing.
std::optional<std::string> toml_guard(std::string_view text);

}  // namespace umpire::load
