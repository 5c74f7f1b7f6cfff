#pragma once
// SHA-256 (FIPS 180-4), for table fingerprints in the audit log and seed commitments.

#include <string>
#include <string_view>

namespace umpire {

// The digest of DATA as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace umpire
