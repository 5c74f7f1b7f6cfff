#pragma once
// The 32-bit Mersenne Twister (Matsumoto & Nishimura 1998) as Boost's
// boost::random::mt19937 gives it, number for number, made cheap to seed.
//
// Seeding mt19937 sets 624 words of state, and its first number twists all 624 of them.
// A batch line with its own seed draws a handful of numbers, so that work was about half
// the line (bench/README.md, "A lazy first twist"). The first twist's number I reads only
// the seed's words I, I + 1 and I + 397, and each word follows from the one before. So
// the first numbers come from two walks along the seed's words, about 400 steps for the
// first number and two for each after it.
//
// That holds while word I + 397 is still one of the seed's words: numbers 0 to 226
// (624 - 397 = 227 of them). Past them, or started past the first number, this is
// Boost's engine, seeded and brought to the same place.

#include <boost/random/mersenne_twister.hpp>

#include <cstdint>
#include <optional>

namespace umpire::core {

class Mt19937 {
public:
    using result_type = boost::random::mt19937::result_type;
    static result_type min() { return boost::random::mt19937::min(); }
    static result_type max() { return boost::random::mt19937::max(); }

    explicit Mt19937(std::uint32_t seed)
        : m_seed(seed)
        , m_low(seed)
        , m_next(word_after(seed, 1))
        , m_high(m_next)
    {
        for (std::uint32_t k = 2; k <= k_shift; ++k) {
            m_high = word_after(m_high, k);
        }
    }

    result_type operator()()
    {
        if (m_made >= k_lazy) {
            return full();
        }
        // The first twist's word M_MADE, from the seed's words M_MADE, M_MADE + 1 and
        // M_MADE + 397 (Boost's twist(), for the words it has not overwritten yet).
        const std::uint32_t y = (m_low & k_upper) | (m_next & k_lower);
        std::uint32_t z = m_high ^ (y >> 1) ^ ((y & 1u) ? k_matrix : 0u);
        ++m_made;
        if (m_made < k_lazy) {
            m_low = m_next;
            m_next = word_after(m_next, m_made + 1);
            m_high = word_after(m_high, m_made + k_shift);
        }
        // Tempering, as Boost's operator().
        z ^= z >> 11;
        z ^= (z << 7) & 0x9d2c5680u;
        z ^= (z << 15) & 0xefc60000u;
        z ^= z >> 18;
        return z;
    }

    void discard(std::uint64_t count)
    {
        if (m_made < k_lazy && count < k_lazy - m_made) {
            for (std::uint64_t i = 0; i < count; ++i) {
                (*this)();
            }
            return;
        }
        full_engine().discard(count);
    }

private:
    static constexpr std::uint32_t k_words = 624;  // n
    static constexpr std::uint32_t k_shift = 397;  // m
    static constexpr std::uint32_t k_lazy = k_words - k_shift;
    static constexpr std::uint32_t k_matrix = 0x9908b0dfu;  // a
    static constexpr std::uint32_t k_upper = 0x80000000u;
    static constexpr std::uint32_t k_lower = 0x7fffffffu;

    // The seed's word K from word K - 1 (init_genrand; Boost's seed()).
    static std::uint32_t word_after(std::uint32_t previous, std::uint32_t k)
    {
        return 1812433253u * (previous ^ (previous >> 30)) + k;
    }

    boost::random::mt19937& full_engine()
    {
        if (!m_full) {
            m_full.emplace(m_seed);
            m_full->discard(m_made);
            m_made = k_lazy;
        }
        return *m_full;
    }
    result_type full() { return full_engine()(); }

    std::uint32_t m_seed;
    std::uint32_t m_made = 0;  // numbers given so far while lazy; k_lazy once m_full is set
    std::uint32_t m_low;       // the seed's word m_made
    std::uint32_t m_next;      // and m_made + 1
    std::uint32_t m_high;      // and m_made + 397
    std::optional<boost::random::mt19937> m_full;
};

}  // namespace umpire::core
