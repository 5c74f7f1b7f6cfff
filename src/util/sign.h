#pragma once
// Ed25519 signatures and fresh random bytes, libsodium's (libsodium-dev): umpire writes
// no cryptography of its own. Keys and signatures travel as lowercase hex.

#include <string>
#include <string_view>

namespace umpire {

struct KeyPair {
    std::string public_key;  // 32 bytes: 64 hex digits
    std::string secret_key;  // 64 bytes (libsodium's seed and public key): 128 hex digits
};

// A new key pair from the system's randomness.
KeyPair new_key_pair();

// The public key of SECRET_KEY (as KeyPair holds it); "" when it is not a key.
std::string public_key_of(const std::string& secret_key);

// PUBLIC_KEY (64 hex digits) is a point of Ed25519's prime-order group: a key some secret key
// has. 64 zeros, or a point of small order, is not (a signature "by" it proves nothing).
bool public_key_valid(const std::string& public_key);

// The detached signature of MESSAGE by SECRET_KEY (as KeyPair holds it): 128 hex digits.
// Throws an internal Error when SECRET_KEY is not a key.
std::string sign(std::string_view message, const std::string& secret_key);

// True when SIGNATURE is PUBLIC_KEY's signature of MESSAGE; false for any malformed input.
bool signature_holds(std::string_view message, const std::string& signature, const std::string& public_key);

// BYTES fresh random bytes from the system's randomness, as hex.
std::string random_hex(size_t bytes);

// TEXT is exactly DIGITS lowercase hex digits.
bool is_hex(std::string_view text, size_t digits);

}  // namespace umpire
