#pragma once
// The TOML text toml++ reads, made safe first for a bug of the toml++ that Debian 12
// ships (3.3): see toml_guard.cc. Remove when Debian's toml++ has the upstream fix.

#include <string>
#include <string_view>

namespace umpire::load {

struct GuardedToml {
    std::string text;     // what to hand toml++: the same document, no unsafe code point
    std::string refused;  // "LINE:COLUMN: what is wrong" when the text cannot be read; else empty
};

GuardedToml toml_guard(std::string_view text);

}  // namespace umpire::load
