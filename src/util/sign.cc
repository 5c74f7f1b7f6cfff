#include "util/sign.h"

#include "util/error.h"

#include <sodium.h>

#include <vector>

namespace umpire {

namespace {

void ready()
{
    static const int status = sodium_init();  // 0 the first time, 1 after; -1 a failure
    if (status < 0) {
        throw Error(ExitCode::internal, "libsodium could not start (sodium_init)");
    }
}

std::string hex(const unsigned char* bytes, size_t size)
{
    std::string out(size * 2 + 1, '\0');
    sodium_bin2hex(out.data(), out.size(), bytes, size);
    out.pop_back();
    return out;
}

// HEX as bytes, exactly SIZE of them; empty when it is not that.
std::vector<unsigned char> bytes(const std::string& text, size_t size)
{
    if (!is_hex(text, size * 2)) {
        return {};
    }
    std::vector<unsigned char> out(size);
    size_t got = 0;
    if (sodium_hex2bin(out.data(), size, text.data(), text.size(), nullptr, &got, nullptr) != 0 || got != size) {
        return {};
    }
    return out;
}

}  // namespace

bool is_hex(std::string_view text, size_t digits)
{
    return text.size() == digits && text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

KeyPair new_key_pair()
{
    ready();
    unsigned char pk[crypto_sign_PUBLICKEYBYTES];
    unsigned char sk[crypto_sign_SECRETKEYBYTES];
    crypto_sign_keypair(pk, sk);
    KeyPair out{hex(pk, sizeof pk), hex(sk, sizeof sk)};
    sodium_memzero(sk, sizeof sk);
    return out;
}

std::string public_key_of(const std::string& secret_key)
{
    ready();
    auto sk = bytes(secret_key, crypto_sign_SECRETKEYBYTES);
    if (sk.empty()) {
        return "";
    }
    unsigned char pk[crypto_sign_PUBLICKEYBYTES];
    crypto_sign_ed25519_sk_to_pk(pk, sk.data());
    sodium_memzero(sk.data(), sk.size());
    return hex(pk, sizeof pk);
}

bool public_key_valid(const std::string& public_key)
{
    ready();
    const auto pk = bytes(public_key, crypto_sign_PUBLICKEYBYTES);
    return !pk.empty() && crypto_core_ed25519_is_valid_point(pk.data()) == 1;
}

std::string sign(std::string_view message, const std::string& secret_key)
{
    ready();
    auto sk = bytes(secret_key, crypto_sign_SECRETKEYBYTES);
    if (sk.empty()) {
        throw Error(ExitCode::internal, "sign: a secret key is 128 hexadecimal digits");
    }
    unsigned char signature[crypto_sign_BYTES];
    crypto_sign_detached(signature, nullptr, reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                         sk.data());
    sodium_memzero(sk.data(), sk.size());
    return hex(signature, sizeof signature);
}

bool signature_holds(std::string_view message, const std::string& signature, const std::string& public_key)
{
    ready();
    const auto sig = bytes(signature, crypto_sign_BYTES);
    const auto pk = bytes(public_key, crypto_sign_PUBLICKEYBYTES);
    if (sig.empty() || pk.empty()) {
        return false;
    }
    return crypto_sign_verify_detached(sig.data(), reinterpret_cast<const unsigned char*>(message.data()),
                                       message.size(), pk.data()) == 0;
}

std::string random_hex(size_t size)
{
    ready();
    std::vector<unsigned char> buf(size);
    randombytes_buf(buf.data(), buf.size());
    return hex(buf.data(), buf.size());
}

}  // namespace umpire
