#include "core/odds.h"

#include "core/checkpoint.h"
#include "core/pool.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace umpire::core {

// The shares of one distribution (lines_of), each in lowest terms once it is asked for:
// a total and its lone expression (1000d10) have one copy of its lines' fractions.
struct Shares {
    std::shared_ptr<const Polynomial> of;
    mutable std::vector<std::optional<Rational>> lowest;  // by index into OF's ways

    const Rational& at(size_t k) const
    {
        if (lowest.empty()) {
            lowest.resize(of->ways.size());
        }
        if (!lowest[k]) {
            // a sum of dice alike is symmetric: a count its mirror's has its mirror's fraction
            const size_t mirror = of->ways.size() - 1 - k;
            lowest[k] =
                lowest[mirror] && of->ways[mirror] == of->ways[k] ? *lowest[mirror] : ratio(of->ways[k], of->all);
        }
        return *lowest[k];
    }
};

Fraction::Fraction(std::shared_ptr<const Shares> of, size_t k)
    : m_of(std::move(of))
    , m_k(k)
{
}

const Rational& Fraction::q() const
{
    static const Rational zero{0};
    return m_of ? m_of->at(m_k) : m_q ? *m_q : zero;
}

std::pair<mpz_srcptr, mpz_srcptr> Fraction::parts() const
{
    if (m_of && !(m_of->lowest.size() > m_k && m_of->lowest[m_k])) {
        return {m_of->of->ways[m_k].backend().data(), m_of->of->all.backend().data()};
    }
    const mpq_srcptr v = q().backend().data();
    return {mpq_numref(v), mpq_denref(v)};
}

int Fraction::sign() const { return mpz_sgn(parts().first); }

size_t Fraction::digits() const
{
    const auto [n, d] = parts();
    return mpz_sizeinbase(n, 10) + mpz_sizeinbase(d, 10);
}

bool Fraction::operator==(const Fraction& other) const
{
    if (m_of && other.m_of && m_of->of == other.m_of->of) {
        return m_k == other.m_k || m_of->of->ways[m_k] == m_of->of->ways[other.m_k];
    }
    return mpq_equal(q().backend().data(), other.q().backend().data()) != 0;
}

Fraction add(const Fraction& a, const Fraction& b) { return {a.q() + b.q()}; }

std::string Fraction::text() const
{
    // Written straight from the fraction's two parts, without copying them (1000d10: 18,002
    // fractions of about 1,000 digits each).
    const mpq_srcptr v = q().backend().data();
    std::string out(mpz_sizeinbase(mpq_numref(v), 10) + mpz_sizeinbase(mpq_denref(v), 10) + 3, '\0');
    mpz_get_str(out.data(), 10, mpq_numref(v));
    const size_t slash = std::strlen(out.data());
    out[slash] = '/';
    mpz_get_str(out.data() + slash + 1, 10, mpq_denref(v));
    out.resize(slash + 1 + std::strlen(out.data() + slash + 1));
    return out;
}

namespace {

__extension__ typedef unsigned __int128 Wide;  // a GCC extension: exact products past 64 bits
using Big = Rational;
using BigInt = Integer;

// A denominator's primes, each with its power, when they are all small; nullopt when
// another prime divides it (then GMP's gcd reduces).
struct Factor {
    unsigned long prime;
    unsigned long power;
};
using Factors = std::optional<std::vector<Factor>>;

// The factors of D to the power TIMES.
Factors factors_of(BigInt d, unsigned long times = 1)
{
    static constexpr unsigned long k_small_primes[] = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41,
                                                       43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};
    std::vector<Factor> out;
    mpz_ptr rest = d.backend().data();
    mpz_abs(rest, rest);
    BigInt prime;
    for (const unsigned long p : k_small_primes) {
        if (mpz_cmp_ui(rest, 1) == 0) {
            break;
        }
        if (p == 2) {  // its power is where the lowest 1 bit is, not a division
            const mp_bitcnt_t twos = mpz_scan1(rest, 0);
            if (twos > 0) {
                out.push_back({p, twos * times});
                mpz_tdiv_q_2exp(rest, rest, twos);
            }
        } else if (mpz_divisible_ui_p(rest, p) != 0) {
            mpz_set_ui(prime.backend().data(), p);
            out.push_back({p, mpz_remove(rest, rest, prime.backend().data()) * times});
        }
    }
    if (mpz_cmp_ui(rest, 1) != 0) {
        return std::nullopt;
    }
    return out;
}

// N divided by the prime P as often as it goes, at most MOST times (N not 0); how often.
// A numerator rarely has more than a few of a prime (one in four has a 5): a shift for
// 2, a test of divisibility by a word for the others, and GMP's mpz_remove (which
// divides by P's growing powers) only past a few; it was most of the time of 1000d10's
// 9,001 lines when it went first.
unsigned long divide_out(mpz_ptr n, unsigned long p, unsigned long most)
{
    if (p == 2) {
        const unsigned long twos = std::min<unsigned long>(mpz_scan1(n, 0), most);
        mpz_tdiv_q_2exp(n, n, twos);
        return twos;
    }
    // 2^64 - 1 is a multiple of 3, 5 and 17: N's words summed with their carries leave N's
    // remainder by those, a word at a time without a division (9,001 lines of 1000d10).
    if ((p == 3 || p == 5 || p == 17) && most > 0) {
        Wide sum = 0;
        const mp_limb_t* words = mpz_limbs_read(n);
        for (size_t i = 0, size = mpz_size(n); i < size; ++i) {
            sum += words[i];
        }
        if (static_cast<std::uint64_t>(sum % 0xFFFFFFFFFFFFFFFFULL) % p != 0) {
            return 0;
        }
    }
    // P's highest power in a word: N's remainder by it says how often P divides N, up to
    // that power, in one pass (1000d10's counts hold 5 four times on the average).
    std::uint64_t power = p;
    unsigned long powers = 1;
    while (power <= std::numeric_limits<std::uint64_t>::max() / p) {
        power *= p;
        powers += 1;
    }
    unsigned long times = 0;
    while (times < most) {
        std::uint64_t rest = mpz_fdiv_ui(n, power);
        unsigned long here = 0;  // P's times in N, up to POWERS
        if (rest == 0) {
            here = powers;
        } else {
            for (; rest % p == 0; rest /= p) {
                here += 1;
            }
        }
        here = std::min(here, most - times);
        std::uint64_t divisor = 1;
        for (unsigned long i = 0; i < here; ++i) {
            divisor *= p;
        }
        if (divisor > 1) {
            mpz_divexact_ui(n, n, divisor);
        }
        times += here;
        if (here < powers) {
            break;  // the last remainder was not 0: no more of P
        }
    }
    return times;
}

// N/D in lowest terms, D's primes being FACTORS: each divided out of both as often as N
// has it.
Big reduced(BigInt n, BigInt d, const std::vector<Factor>& factors)
{
    if (n == 0) {
        return Big(0);
    }
    BigInt divisor;
    for (const auto& [p, power] : factors) {
        const unsigned long times = divide_out(n.backend().data(), p, power);
        if (times > 0 && p == 2) {
            mpz_tdiv_q_2exp(d.backend().data(), d.backend().data(), times);
        } else if (times > 0) {
            mpz_ui_pow_ui(divisor.backend().data(), p, times);
            mpz_divexact(d.backend().data(), d.backend().data(), divisor.backend().data());
        }
    }
    Big out;
    mpq_ptr q = out.backend().data();
    mpz_swap(mpq_numref(q), n.backend().data());
    mpz_swap(mpq_denref(q), d.backend().data());
    return out;
}

BigInt big_of(Wide w)
{
    BigInt out = static_cast<std::uint64_t>(w >> 64);
    out <<= 64;
    out += static_cast<std::uint64_t>(w);
    return out;
}

// A branch's weight, ways over outcomes: two 128-bit integers while they fit (almost
// always), else two whole numbers of any size, never reduced: a gcd at every step was
// most of the time of large tallies (close-combat, 100 a side).
struct Weight {
    Wide num = 1;
    Wide den = 1;
    bool wide = true;
    BigInt big_num;  // set when the weight leaves 128 bits (no allocation before)
    BigInt big_den;
    bool lowest = false;  // the big pair is one probability in lowest terms, times nothing

    void times(Wide ways, Wide outcomes)
    {
        Wide n = 0;
        Wide d = 0;
        if (wide && !__builtin_mul_overflow(num, ways, &n) && !__builtin_mul_overflow(den, outcomes, &d)) {
            num = n;
            den = d;
            return;
        }
        times(big_of(ways), big_of(outcomes));
    }
    void times(const BigInt& ways, const BigInt& outcomes)
    {
        if (wide) {
            wide = false;
            big_num = big_of(num);
            big_den = big_of(den);
        }
        big_num *= ways;
        big_den *= outcomes;
        lowest = false;
    }
    void times(const Big& p)
    {
        const bool alone = wide && num == 1 && den == 1;
        times(boost::multiprecision::numerator(p), boost::multiprecision::denominator(p));
        lowest = alone;  // 1000d10's branches: each a total's probability, already reduced
    }
    // Adds the weight to SUM.
    void add_to(ExactSum& sum) const
    {
        if (wide) {
            sum.add(big_of(num), big_of(den));
        } else {
            sum.add(big_num, big_den, lowest);
        }
    }
};

// The probability of one line, summed: per denominator while sums fit in 128 bits, the
// rest over a common denominator of any size.
struct Sum {
    std::vector<std::pair<Wide, Wide>> by_den;  // (denominator, numerators summed)
    ExactSum big;

    void add(const Weight& w)
    {
        if (!w.wide) {
            w.add_to(big);
            return;
        }
        for (auto& [den, num] : by_den) {
            if (den == w.den) {
                if (__builtin_add_overflow(num, w.num, &num)) {
                    big.add(big_of(num - w.num), big_of(den));  // keep what was summed
                    num = w.num;
                }
                return;
            }
        }
        by_den.emplace_back(w.den, w.num);
    }

    Fraction total() const
    {
        ExactSum out = big;
        for (const auto& [den, num] : by_den) {
            out.add(big_of(num), big_of(den));
        }
        return {out.total()};
    }
};

// The distribution of a total too large for 64-bit ways (20d10 has 10^20 outcomes): each
// total with its exact probability, the die's polynomial to the power of the dice.
// Refused, before the work, past k_max_odds_total_words.
// SPEC's ways of each total, the lowest first: the die's polynomial to the power of the
// dice. Refused, before the work, past k_max_odds_total_words.
std::vector<BigInt> pool_ways(const DiceSpec& spec)
{
    require_countable({static_cast<long double>(spec.count) * (spec.sides - 1) + 1,
                       spec.count * std::log2(static_cast<long double>(spec.sides))},
                      spec.label(), "; 1000d10 is within it", "give fewer dice or sides");
    return power(std::vector<BigInt>(static_cast<size_t>(spec.sides), 1), static_cast<unsigned>(spec.count));
}

std::vector<std::pair<int, Big>> big_distribution(const DiceSpec& spec)
{
    const std::vector<BigInt> ways = pool_ways(spec);
    const Factors factors = factors_of(BigInt(spec.sides), static_cast<unsigned long>(spec.count));
    const BigInt outcomes = boost::multiprecision::pow(BigInt(spec.sides), static_cast<unsigned>(spec.count));
    std::vector<std::pair<int, Big>> out;
    out.reserve(ways.size());
    for (size_t k = 0; k < ways.size(); ++k) {
        out.emplace_back(static_cast<int>(k) + spec.count + spec.modifier, reduced(ways[k], outcomes, *factors));
    }
    return out;
}

// The kept total of COUNT dice of SIDES, keeping the KEEP highest (or lowest), each
// total with its ways out of SIDES^COUNT, by order statistics: the faces are taken from
// the most kept down, choosing how many dice show each (a binomial count), and once KEEP
// are kept the rest only show less kept faces, counted at once. While fewer than KEEP
// are kept every die so far is kept, so a state is (dice kept, their total): the work is
// about KEEP^3 x SIDES^2 sums whatever the number of dice (icepool's way; 38d6kh3 took
// 962,598 counts of dice by face before). KeptOdds holds any value drawn whole with
// its ways: a kept total, or a count of successes (EnumSource::successes).
struct KeptOdds {
    std::vector<std::pair<int, BigInt>> ways;
    BigInt all;
    bool wide = false;  // every number below fits in 128 bits: the walk's fast path
    std::vector<Wide> wide_ways;
    Wide wide_all = 0;
};

// A rough count of the sums kept_odds does, each over numbers of COUNT x log2(SIDES) bits.
long double kept_work(int count, int sides, int keep)
{
    const long double words = std::max(1.0L, count * std::log2(static_cast<long double>(sides)) / 64);
    return static_cast<long double>(keep) * keep * keep * sides * sides * words;
}
inline constexpr long double k_max_kept_work = 4e7;

// Refuses LABEL (the highest 3 of 20d1000) when its kept odds take past k_max_kept_work,
// saying the work as reckoned.
void refuse_heavy_kept(const std::string& label, int count, int sides, int keep)
{
    const long double work = kept_work(count, sides, keep);
    if (work <= k_max_kept_work) {
        return;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.2Lg", work);
    throw usage_error("{odds}: " + label + " takes too much work to count exactly (about " + text +
                      ": the dice kept cubed x the sides squared x the 64-bit words of its counts, past 4e7, an "
                      "engine limit): keep fewer, or fewer dice or sides");
}

// N, below 2^128, as a 128-bit number.
Wide wide(const BigInt& n)
{
    return static_cast<Wide>(static_cast<std::uint64_t>(n >> 64)) << 64 |
           static_cast<std::uint64_t>(n & 0xFFFFFFFFFFFFFFFFULL);
}

// ODDS with its numbers in 128 bits too, when they fit: the walk's fast path.
KeptOdds with_wide(KeptOdds odds)
{
    odds.wide = boost::multiprecision::msb(odds.all) < 127;
    if (odds.wide) {
        odds.wide_all = wide(odds.all);
        for (const auto& [value, ways] : odds.ways) {
            odds.wide_ways.push_back(wide(ways));
        }
    }
    return odds;
}

KeptOdds kept_odds(int count, int sides, int keep, bool highest)
{
    const auto k_keep = static_cast<size_t>(keep);
    const size_t sums = k_keep * static_cast<size_t>(sides) + 1;
    // state[k][s]: the ways the most kept faces so far put k dice (all kept) at total s
    std::vector<std::vector<BigInt>> state(k_keep, std::vector<BigInt>(sums));
    state[0][0] = 1;
    // the next face's, the same shape: zeroed for each face, never built again (9d1000kh3
    // built 9,000 numbers a face, most of its time in malloc)
    std::vector<std::vector<BigInt>> next = state;
    std::vector<BigInt> done(sums);
    std::vector<BigInt> choose;  // C(left, c) for each c
    for (int step = 0; step < sides; ++step) {
        checkpoint();
        const int face = highest ? sides - step : step + 1;
        const int others = sides - step - 1;  // faces kept after this one
        for (auto& row : next) {
            for (auto& ways : row) {
                mpz_set_ui(ways.backend().data(), 0);
            }
        }
        for (size_t k = 0; k < k_keep; ++k) {
            const int left = count - static_cast<int>(k);  // dice not yet placed
            const int need = keep - static_cast<int>(k);   // still to keep
            choose.assign(1, BigInt(1));
            for (int c = 0; c + 1 < need && c < left; ++c) {
                choose.push_back(choose.back() * (left - c) / (c + 1));
            }
            // the ways to finish at this face: at least NEED of the LEFT dice show it and
            // the rest a face kept after it: (others + 1)^left less the ways with fewer
            BigInt finish = boost::multiprecision::pow(BigInt(others + 1), static_cast<unsigned>(left));
            for (size_t c = 0; c < choose.size(); ++c) {
                finish -= choose[c] * boost::multiprecision::pow(BigInt(others), static_cast<unsigned>(left) -
                                                                                     static_cast<unsigned>(c));
            }
            for (size_t total = 0; total < sums; ++total) {
                mpz_srcptr ways = state[k][total].backend().data();
                if (mpz_sgn(ways) == 0) {
                    continue;
                }
                for (size_t c = 0; c < choose.size(); ++c) {
                    mpz_addmul(next[k + c][total + c * static_cast<size_t>(face)].backend().data(), ways,
                               choose[c].backend().data());
                }
                if (left >= need) {
                    mpz_addmul(done[total + static_cast<size_t>(need * face)].backend().data(), ways,
                               finish.backend().data());
                }
            }
        }
        std::swap(state, next);
    }
    KeptOdds out;
    out.all = boost::multiprecision::pow(BigInt(sides), static_cast<unsigned>(count));
    for (size_t total = 0; total < sums; ++total) {
        if (done[total] != 0) {
            out.ways.emplace_back(static_cast<int>(total), done[total]);
        }
    }
    return with_wide(std::move(out));
}

// How many of COUNT dice of SIDES show one of SUCCEEDING faces: C(count, k) succeeding^k
// (sides - succeeding)^(count - k) ways of each k out of sides^count.
KeptOdds success_odds(int count, int sides, int succeeding)
{
    KeptOdds odds;
    odds.all = boost::multiprecision::pow(BigInt(sides), static_cast<unsigned>(count));
    BigInt choose = 1;
    for (int k = 0; k <= count; ++k) {
        BigInt ways = choose * boost::multiprecision::pow(BigInt(succeeding), static_cast<unsigned>(k)) *
                      boost::multiprecision::pow(BigInt(sides - succeeding), static_cast<unsigned>(count - k));
        if (ways != 0) {
            odds.ways.emplace_back(k, std::move(ways));
        }
        choose = choose * (count - k) / (k + 1);
    }
    return with_wide(std::move(odds));
}

// P without the zero ways at either end (power() wants its first coefficient not 0).
Polynomial trimmed(Polynomial p)
{
    size_t first = 0;
    while (first + 1 < p.ways.size() && p.ways[first] == 0) {
        ++first;
    }
    size_t last = p.ways.size();
    while (last > first + 1 && p.ways[last - 1] == 0) {
        last -= 1;
    }
    p.ways = std::vector<BigInt>(p.ways.begin() + static_cast<long>(first), p.ways.begin() + static_cast<long>(last));
    p.low += static_cast<long long>(first);
    return p;
}

// One die of a total POOL as umpire rolls it (core/pool.cc roll_die): its first roll
// rerolled while it matches, at most k_max_rerolls times (once for "ro"), then exploded
// on its highest face at most k_max_rerolls times, each explosion a plain die.
Polynomial die_polynomial(const PoolSpec& pool)
{
    if (pool.fudge) {
        return Polynomial{{1, 1, 1}, -1, 3};
    }
    const int sides = pool.dice.sides;
    const BigInt s = sides;
    // The first roll, rerolled: a face that matches stands only when every roll matched
    // (m^R ways out of S^(R+1)); one that does not after k matching rolls, m^k S^(R-k).
    Polynomial first{std::vector<BigInt>(static_cast<size_t>(sides) + 1, 0), 0, s};
    if (pool.reroll == PoolSpec::Reroll::none) {
        std::fill(first.ways.begin() + 1, first.ways.end(), BigInt(1));
    } else {
        const unsigned rerolls = pool.reroll == PoolSpec::Reroll::once ? 1 : static_cast<unsigned>(k_max_rerolls);
        int m = 0;
        for (int face = 1; face <= sides; ++face) {
            m += pool.reroll_if.matches(face) ? 1 : 0;
        }
        BigInt misses = 0;
        for (unsigned k = 0; k < rerolls; ++k) {
            misses += boost::multiprecision::pow(BigInt(m), k) * boost::multiprecision::pow(s, rerolls - k);
        }
        const BigInt matched = boost::multiprecision::pow(BigInt(m), rerolls);
        for (int face = 1; face <= sides; ++face) {
            first.ways[static_cast<size_t>(face)] = misses * (pool.reroll_if.matches(face) ? 0 : 1) + matched;
        }
        first.all = boost::multiprecision::pow(s, rerolls + 1);
    }
    if (pool.explode == PoolSpec::Explode::none) {
        return trimmed(std::move(first));
    }
    // What the explosions add from the Kth on, the last (K = D) a plain die: T_D is the
    // faces less the penetration, out of S; T_K the faces below the highest, each S^(D-K)
    // ways, and the highest followed by T_(K+1), out of S^(D-K+1). Indexed by value.
    const int pen = pool.explode == PoolSpec::Explode::penetrate ? 1 : 0;
    const auto depth = static_cast<unsigned>(k_max_rerolls);
    std::vector<BigInt> tail(static_cast<size_t>(sides - pen) + 1, 0);
    for (int g = 1; g <= sides; ++g) {
        tail[static_cast<size_t>(g - pen)] = 1;
    }
    for (unsigned k = depth - 1; k >= 1; --k) {
        const BigInt each = boost::multiprecision::pow(s, depth - k);
        std::vector<BigInt> next(tail.size() + static_cast<size_t>(sides - pen), 0);
        for (int g = 1; g < sides; ++g) {
            next[static_cast<size_t>(g - pen)] += each;
        }
        for (size_t v = 0; v < tail.size(); ++v) {
            next[v + static_cast<size_t>(sides - pen)] += tail[v];
        }
        tail = std::move(next);
    }
    // The die: its faces below the highest, each weighted S^D; the highest then T_1.
    const BigInt each = boost::multiprecision::pow(s, depth);
    Polynomial die{std::vector<BigInt>(static_cast<size_t>(sides) + tail.size(), 0), 0, first.all * each};
    for (int f = 1; f < sides; ++f) {
        die.ways[static_cast<size_t>(f)] = first.ways[static_cast<size_t>(f)] * each;
    }
    const BigInt& highest = first.ways[static_cast<size_t>(sides)];
    for (size_t v = 0; v < tail.size(); ++v) {
        die.ways[v + static_cast<size_t>(sides)] += highest * tail[v];
    }
    return trimmed(std::move(die));
}

Polynomial polynomial_of(const KeptOdds& odds)
{
    Polynomial p;
    p.low = odds.ways.front().first;
    p.ways.assign(static_cast<size_t>(odds.ways.back().first - p.low) + 1, 0);
    for (const auto& [value, ways] : odds.ways) {
        p.ways[static_cast<size_t>(value - p.low)] = ways;
    }
    p.all = odds.all;
    return p;
}

// The distribution of TERM's total: each pool's polynomial (a die's to the power of its
// dice; a kept total by order statistics; successes binomial), turned about when taken
// away, all multiplied. Refused, before the work, past k_max_odds_total_words.
KeptOdds term_odds(const RollTerm& term)
{
    require_countable(count_size(term), term.label(), "", "give fewer dice, sides or explosions");
    Polynomial sum{{1}, term.modifier, 1};
    for (const auto& pool : term.pools) {
        Polynomial part;
        const int count = pool.dice.count;
        const int sides = pool.dice.sides;
        switch (pool.read) {
        case PoolSpec::Read::total: {
            Polynomial die = die_polynomial(pool);
            part.ways = power(die.ways, static_cast<unsigned>(count));
            part.low = die.low * count;
            part.all = boost::multiprecision::pow(die.all, static_cast<unsigned>(count));
            break;
        }
        case PoolSpec::Read::keep_highest:
        case PoolSpec::Read::keep_lowest:
            refuse_heavy_kept(pool.label(), count, sides, pool.n);
            part = polynomial_of(kept_odds(count, sides, pool.n, pool.read == PoolSpec::Read::keep_highest));
            break;
        case PoolSpec::Read::at_least:
            part = polynomial_of(success_odds(count, sides, sides - pool.n + 1));
            break;
        case PoolSpec::Read::at_most:
            part = polynomial_of(success_odds(count, sides, pool.n));
            break;
        }
        if (pool.sign < 0) {
            std::reverse(part.ways.begin(), part.ways.end());
            part.low = -(part.low + static_cast<long long>(part.ways.size()) - 1);
        }
        sum.ways = multiply(sum.ways, part.ways);
        sum.low += part.low;
        sum.all *= part.all;
    }
    KeptOdds out;
    out.all = sum.all;
    for (size_t k = 0; k < sum.ways.size(); ++k) {
        if (sum.ways[k] != 0) {
            out.ways.emplace_back(static_cast<int>(sum.low + static_cast<long long>(k)), sum.ways[k]);
        }
    }
    return with_wide(std::move(out));
}

struct Taken {
    size_t choice;
    size_t options;
};

Wide gcd(Wide a, Wide b)
{
    while (b != 0) {
        a %= b;
        std::swap(a, b);
    }
    return a;
}

// One part's categories with their probabilities: numerators over one denominator in
// 128 bits (WIDE), or exact rationals once that overflows.
struct PartOdds {
    bool wide = true;
    std::vector<Wide> num;
    Wide den = 0;  // 0 until the first branch
    std::vector<ExactSum> big;

    explicit PartOdds(size_t categories)
        : num(categories, 0)
        , big(categories)
    {
    }

    void add(size_t category, const Weight& w)
    {
        if (wide && w.wide && add_wide(category, w.num, w.den)) {
            return;
        }
        if (wide) {
            wide = false;
            for (size_t k = 0; k < num.size() && den != 0; ++k) {
                big[k].add(big_of(num[k]), big_of(den));
            }
        }
        w.add_to(big[category]);
    }

    bool reached(size_t k) const { return wide ? num[k] != 0 : !big[k].zero(); }
    Big probability(size_t k) const
    {
        return wide ? (den == 0 ? Big(0) : ratio(big_of(num[k]), big_of(den))) : big[k].total();
    }

private:
    // Adds N/D over the common denominator, rescaling it to their least common multiple;
    // false (nothing changed) when that overflows.
    bool add_wide(size_t category, Wide n, Wide d)
    {
        if (den == 0) {
            den = d;
        }
        Wide l = den / gcd(den, d);
        Wide common = 0;
        if (__builtin_mul_overflow(l, d, &common)) {
            return false;
        }
        const Wide up = common / den;
        std::vector<Wide> scaled = num;
        for (auto& x : scaled) {
            if (__builtin_mul_overflow(x, up, &x)) {
                return false;
            }
        }
        Wide term = 0;
        if (__builtin_mul_overflow(n, common / d, &term) || __builtin_add_overflow(scaled[category], term, &term)) {
            return false;
        }
        scaled[category] = term;
        num = std::move(scaled);
        den = common;
        return true;
    }
};

// A tally's counts, each with its probability: numerators over DEN while it fits in
// 128 bits, else numerators of any size over BIG_DEN (BIG not empty), reduced only when a
// branch takes one: a gcd on every step of the convolution was most of its time.
struct TallyOdds {
    std::map<std::vector<int>, Wide> wide;
    Wide den = 1;
    std::map<std::vector<int>, BigInt> big;
    BigInt big_den = 1;
    size_t size() const { return big.empty() ? wide.size() : big.size(); }
    // The same in order, so the walk takes its Nth count at once: a map's Nth is N steps,
    // and the branches through a tally take every N in turn (30d6 by faces: 324,632).
    std::vector<std::pair<std::vector<int>, Wide>> wide_in_order;
    std::vector<std::pair<std::vector<int>, BigInt>> big_in_order;
    void put_in_order()
    {
        wide_in_order.assign(wide.begin(), wide.end());
        big_in_order.assign(big.begin(), big.end());
    }
};

// The tallies met on the walk, by the choices that led to them: the adjudicator is the
// same function of its dice every time, so a tally after the same choices is the same
// tally, and the branches through it (consecutive, depth first) reuse it.
// Each is shared with the cache of tallies by key, not copied: close-combat's loser meets
// one tally of 100 stands after each of 90 pairs of dice.
using TallyCache = std::vector<std::pair<std::vector<size_t>, std::shared_ptr<const TallyOdds>>>;

// What one odds walk keeps across its branches, computing each once: distributions by
// dice, and parts and tallies by the keys the adjudicator names them with (Dice::tally).
struct DistributionCache {
    std::vector<std::pair<DiceSpec, std::vector<Ways>>> small;
    std::vector<std::pair<DiceSpec, std::vector<std::pair<int, Big>>>> big;
    std::map<std::string, PartOdds> parts;
    std::map<std::string, std::shared_ptr<const TallyOdds>> tallies;  // in order (put_in_order)
    std::map<std::tuple<int, int, int, bool>, KeptOdds> kept;
    std::map<std::tuple<int, int, int, bool>, KeptOdds> successes;
    std::map<std::string, KeptOdds> terms;  // by RollTerm::label()
};

// Draws the branch named by a path of choice indices, then index 0 past its end, and
// remembers how many choices each draw had so the caller can advance. With MERGE, a
// tally's parts are each walked once and their counts combined into one draw whose
// choices are the distinct counts, weighted.
class EnumSource : public DiceSource {
public:
    EnumSource(const std::vector<size_t>& path, DistributionCache& cache, TallyCache& tallies, bool merge)
        : m_path(path)
        , m_cache(cache)
        , m_tallies(tallies)
        , m_merge(merge)
    {
    }

    Draw draw(const DiceSpec& spec) override
    {
        const size_t choice = next_choice();
        if (outcome_count(spec) == 0) {
            const auto& dist = big_distribution_of(spec);
            m_taken.push_back({choice, dist.size()});
            m_weight.times(dist[choice].second);
            return {dist[choice].first, {}};
        }
        const auto& dist = distribution_of(spec);
        m_taken.push_back({choice, dist.size()});
        m_weight.times(dist[choice].ways, outcome_count(spec));
        return {dist[choice].total, {}};
    }

    // The categories with weight, each a branch weighted weight / sum.
    Draw pick(const std::vector<std::uint64_t>& weights) override
    {
        std::uint64_t sum = 0;
        std::vector<size_t> live;
        for (size_t i = 0; i < weights.size(); ++i) {
            sum += weights[i];
            if (weights[i] > 0) {
                live.push_back(i);
            }
        }
        const size_t choice = next_choice();
        m_taken.push_back({choice, live.size()});
        m_weight.times(weights[live[choice]], sum);
        return {static_cast<int>(live[choice] + 1), {}};
    }

    std::optional<std::vector<int>> tally(size_t count, size_t categories,
                                          const std::function<size_t(Dice&, size_t)>& part,
                                          const std::function<std::string(size_t)>& key) override
    {
        if (!m_merge) {
            return std::nullopt;
        }
        std::vector<size_t> before;
        for (const auto& t : m_taken) {
            before.push_back(t.choice);
        }
        const size_t depth = before.size();
        if (m_tallies.size() <= depth) {
            m_tallies.resize(depth + 1);
        }
        const auto& part_key = key;
        auto& [prefix_key, shared] = m_tallies[depth];
        if (prefix_key != before || !shared) {
            prefix_key = before;
            shared = convolve(count, categories, part, part_key);
        }
        const TallyOdds& odds = *shared;
        const size_t choice = next_choice();
        m_taken.push_back({choice, odds.size()});
        if (odds.big.empty()) {
            const auto& [counts, num] = odds.wide_in_order[choice];
            m_weight.times(num, odds.den);
            return counts;
        }
        const auto& [counts, num] = odds.big_in_order[choice];
        m_weight.times(num, odds.big_den);
        return counts;
    }

    std::optional<int> kept(int count, int sides, int keep, bool highest) override
    {
        if (!m_merge) {
            return std::nullopt;  // the plain walk, the oracle: every die
        }
        const auto key = std::make_tuple(count, sides, keep, highest);
        auto it = m_cache.kept.find(key);
        if (it == m_cache.kept.end()) {
            refuse_heavy_kept("the " + std::string(highest ? "highest " : "lowest ") + std::to_string(keep) + " of " +
                                  std::to_string(count) + "d" + std::to_string(sides),
                              count, sides, keep);
            it = m_cache.kept.emplace(key, kept_odds(count, sides, keep, highest)).first;
        }
        return draw_whole(it->second);
    }

    std::optional<int> successes(int count, int sides, int succeeding) override
    {
        if (!m_merge) {
            return std::nullopt;
        }
        const auto key = std::make_tuple(count, sides, succeeding, false);
        auto it = m_cache.successes.find(key);
        if (it == m_cache.successes.end()) {
            it = m_cache.successes.emplace(key, success_odds(count, sides, succeeding)).first;
        }
        return draw_whole(it->second);
    }

    std::optional<int> whole(const RollTerm& term) override
    {
        if (!m_merge) {
            return std::nullopt;  // the plain walk, the oracle: every die
        }
        const std::string key = term.label();
        auto it = m_cache.terms.find(key);
        if (it == m_cache.terms.end()) {
            it = m_cache.terms.emplace(key, term_odds(term)).first;
        }
        return draw_whole(it->second);
    }

    bool unread() const override { return !m_path.empty(); }  // the first branch is the sample

    const std::vector<Taken>& taken() const { return m_taken; }
    const Weight& weight() const { return m_weight; }

private:
    // One branch per value of ODDS, weighted by its ways.
    int draw_whole(const KeptOdds& odds)
    {
        const size_t choice = next_choice();
        m_taken.push_back({choice, odds.ways.size()});
        if (odds.wide) {
            m_weight.times(odds.wide_ways[choice], odds.wide_all);
        } else {
            m_weight.times(odds.ways[choice].second, odds.all);
        }
        return odds.ways[choice].first;
    }

    size_t next_choice() const
    {
        const size_t depth = m_taken.size();
        return depth < m_path.size() ? m_path[depth] : 0;
    }

    // Part I's categories, each with its probability, over every branch of its dice.
    PartOdds walk_part(const std::function<size_t(Dice&, size_t)>& part, size_t i, size_t categories);

    const std::vector<Ways>& distribution_of(const DiceSpec& spec)
    {
        for (auto& [s, d] : m_cache.small) {
            if (s == spec) {
                return d;
            }
        }
        m_cache.small.emplace_back(spec, distribution(spec));
        return m_cache.small.back().second;
    }

    const std::vector<std::pair<int, Big>>& big_distribution_of(const DiceSpec& spec)
    {
        for (auto& [s, d] : m_cache.big) {
            if (s == spec) {
                return d;
            }
        }
        m_cache.big.emplace_back(spec, big_distribution(spec));
        return m_cache.big.back().second;
    }

    // COUNT parts' counts by convolution (tally()); parts and tallies named by KEY are
    // walked once for the whole odds walk.
    std::shared_ptr<const TallyOdds> convolve(size_t count, size_t categories,
                                              const std::function<size_t(Dice&, size_t)>& part,
                                              const std::function<std::string(size_t)>& key);

    const std::vector<size_t>& m_path;
    std::vector<Taken> m_taken;
    Weight m_weight;
    DistributionCache& m_cache;
    TallyCache& m_tallies;
    bool m_merge;
};

// Every branch of RUN (a function of the Dice), depth first: VISIT(source) after each,
// FIRST(taken) after the first (to estimate the tree before walking it). Returns the
// number of branches; refuses past k_max_odds_branches.
template <class Run, class First, class Visit>
std::uint64_t walk(const Run& run, const std::vector<int>& given, DistributionCache& cache, bool merge,
                   const First& first, const Visit& visit)
{
    std::uint64_t branches = 0;
    std::vector<size_t> path;
    TallyCache tallies;
    while (true) {
        EnumSource source(path, cache, tallies, merge);
        Dice dice(source, given);
        run(dice);
        ++branches;
        if (branches > k_max_odds_branches) {
            throw usage_error("{odds}: more than " + std::to_string(k_max_odds_branches) +
                              " branches to enumerate; give some dice with {roll}");
        }
        const auto& taken = source.taken();
        if (branches == 1) {
            first(taken);
        }
        visit(source);
        // Advance to the next branch: the deepest draw that still has an untried choice.
        size_t depth = taken.size();
        while (depth > 0 && taken[depth - 1].choice + 1 >= taken[depth - 1].options) {
            --depth;
        }
        if (depth == 0) {
            return branches;
        }
        path.clear();
        for (size_t i = 0; i + 1 < depth; ++i) {
            path.push_back(taken[i].choice);
        }
        path.push_back(taken[depth - 1].choice + 1);
    }
}

// Refuses a tree whose first branch's draws, each with its choices, multiply past the
// limit: most trees draw alike in every branch, so this is their size, known before the
// walk instead of after a million branches.
void refuse_large(const std::vector<Taken>& taken)
{
    long double estimate = 1;
    for (const auto& t : taken) {
        estimate *= static_cast<long double>(t.options);
    }
    if (estimate > static_cast<long double>(k_max_odds_branches)) {
        char text[32];
        std::snprintf(text, sizeof text, "%.3Lg", estimate);
        throw usage_error("{odds}: about " + std::string(text) + " branches to enumerate (" +
                          std::to_string(taken.size()) + " dice drawn); at most " +
                          std::to_string(k_max_odds_branches) + ": give some dice with {roll}");
    }
}

// The most work a tally's convolution may take, in sums of 64-bit words (see below).
inline constexpr long double k_max_tally_work = 5e8;

// The bits of the denominator over which PART's probabilities are whole numbers: 0 for a
// part decided without dice.
long double part_bits(const PartOdds& part)
{
    if (part.wide) {
        return part.den > 1 ? std::log2(static_cast<long double>(part.den)) : 0;
    }
    BigInt den = 1;
    for (size_t k = 0; k < part.num.size(); ++k) {
        den = boost::multiprecision::lcm(den, boost::multiprecision::denominator(part.probability(k)));
    }
    return static_cast<long double>(boost::multiprecision::msb(den) + 1);
}

// Refuses, before the work, a tally whose convolution would take too long. Part J adds
// to every count so far, and J parts reaching R categories between them make at most
// C(J + R - 1, R - 1) counts (40d6 read by faces: 1,221,759), each summed for each
// category part J reaches; past 128 bits each sum is over numbers of the bits of the
// denominators of parts 1 to J. Every part is reckoned with its own categories and
// denominator (suppress with 5000 open stands: about 4e9, six seconds; 3000 each of three
// kinds of stand: 1.4e10, 53 seconds before each part was reckoned; 1000 open: 3.5e7, a
// tenth of a second). EACH holds the parts in order.
void refuse_heavy_tally(const std::vector<const PartOdds*>& each, size_t categories)
{
    std::vector<bool> reached(categories, false);
    long double work = 0;
    long double bits = 0;
    const PartOdds* last = nullptr;  // parts alike follow one another: their bits reckoned once
    long double last_bits = 0;
    for (size_t j = 1; j <= each.size() && work <= k_max_tally_work; ++j) {
        const PartOdds& part = *each[j - 1];
        if (&part != last) {
            last = &part;
            last_bits = part_bits(part);
        }
        size_t own = 0;
        for (size_t k = 0; k < categories; ++k) {
            own += part.reached(k) ? 1 : 0;
            reached[k] = reached[k] || part.reached(k);
        }
        const auto all = static_cast<size_t>(std::count(reached.begin(), reached.end(), true));
        long double counts = 1;  // C(j + all - 1, all - 1)
        for (size_t r = 1; r < all; ++r) {
            counts = counts * static_cast<long double>(j + r) / static_cast<long double>(r);
        }
        bits += last_bits;
        work += counts * static_cast<long double>(own) * (bits > 127 ? bits / 64 : 1);
    }
    if (work > k_max_tally_work) {
        throw usage_error("{odds}: " + std::to_string(each.size()) +
                          " dice or parts read together take too much work to count exactly (past 5e8 sums "
                          "of 64-bit words, an engine limit): give fewer");
    }
}

// Refuses a tally whose distinct counts would pass the walk's limit: N parts alike each
// reaching R categories make C(N + R - 1, R - 1) of them, known before the work; for
// parts that differ, the counts are checked once SO_FAR (after part I) is known.
void refuse_many_counts(const PartOdds& p, size_t i, size_t count, size_t categories,
                        const std::vector<std::string>& keys, size_t so_far)
{
    long double counts = static_cast<long double>(so_far);
    const bool alike =
        !keys.empty() && std::all_of(keys.begin(), keys.end(), [&](const auto& k) { return k == keys[0]; });
    if (i == 0 && alike) {
        size_t reached = 0;
        for (size_t k = 0; k < categories; ++k) {
            reached += p.reached(k) ? 1 : 0;
        }
        counts = 1;
        for (size_t j = 1; j < reached; ++j) {
            counts = counts * static_cast<long double>(count + j) / static_cast<long double>(j);
        }
    }
    if (counts > static_cast<long double>(k_max_odds_branches)) {
        char text[32];
        std::snprintf(text, sizeof text, "%.3Lg", counts);
        throw usage_error("{odds}: " + std::to_string(count) + " dice or parts read together make " +
                          (i == 0 && alike ? "about " : "more than ") + text + " distinct counts to walk; at most " +
                          std::to_string(k_max_odds_branches) + ": give fewer dice");
    }
}

// COUNT parts alike, each falling in category k with probability P(k): the count c of
// each category has probability COUNT! / (c0! c1! ...) x P(0)^c0 x P(1)^c1 x ..., a
// multinomial, written down for every count at once (suppress with 500 open stands: 501
// counts, not 500 convolutions of a growing table).
TallyOdds multinomial(const PartOdds& p, size_t count, size_t categories)
{
    // each reached category's probability as a whole number over one denominator
    std::vector<size_t> reached;
    BigInt den = 1;
    for (size_t k = 0; k < categories; ++k) {
        if (p.reached(k)) {
            reached.push_back(k);
            den = boost::multiprecision::lcm(den, boost::multiprecision::denominator(p.probability(k)));
        }
    }
    // POWERS[r][c]: category reached[r]'s numerator to the power c
    std::vector<std::vector<BigInt>> powers(reached.size());
    for (size_t r = 0; r < reached.size(); ++r) {
        const Big q = p.probability(reached[r]);
        const BigInt num = boost::multiprecision::numerator(q) * (den / boost::multiprecision::denominator(q));
        powers[r].reserve(count + 1);
        powers[r].emplace_back(1);
        for (size_t c = 1; c <= count; ++c) {
            powers[r].push_back(powers[r].back() * num);
        }
    }
    std::map<std::vector<int>, BigInt> ways;
    std::vector<int> counts(categories, 0);
    // Category R of the reached takes C of the LEFT parts, C(left, c) ways; the last takes
    // the rest. Counts come in ascending order, so each goes at the map's end.
    const std::function<void(size_t, size_t, const BigInt&)> place = [&](size_t r, size_t left, const BigInt& so_far) {
        if (r + 1 == reached.size()) {
            counts[reached[r]] = static_cast<int>(left);
            ways.emplace_hint(ways.end(), counts, so_far * powers[r][left]);
            counts[reached[r]] = 0;
            return;
        }
        BigInt choose = 1;  // C(left, c)
        for (size_t c = 0; c <= left; ++c) {
            counts[reached[r]] = static_cast<int>(c);
            place(r + 1, left - c, so_far * choose * powers[r][c]);
            choose = choose * (left - c) / (c + 1);
        }
        counts[reached[r]] = 0;
    };
    place(0, count, BigInt(1));
    TallyOdds out;
    const BigInt all = boost::multiprecision::pow(den, static_cast<unsigned>(count));
    if (boost::multiprecision::msb(all) < 127) {
        for (const auto& [c, w] : ways) {
            out.wide.emplace_hint(out.wide.end(), c, wide(w));
        }
        out.den = wide(all);
    } else {
        out.big = std::move(ways);
        out.big_den = all;
    }
    return out;
}

// A tally's counts so far in ascending order, flat: entry I's counts are KEYS[I x
// categories] onward, its numerator WAYS[I]; entries past SIZE are spare (a big number
// kept there keeps its memory for the next part).
template <class Num> struct Counted {
    std::vector<int> keys;
    std::vector<Num> ways;
    size_t size = 0;
};

// FROM with one more part, into TO: each count moved one along each category of LIVE,
// ADD(to, from, k) summing its numerator times the part's for category k. Moving every
// count along one category keeps their order, so the LIVE moved copies of FROM merge in
// one pass, equal counts summed as they meet.
template <class Num, class Add>
void merge_part(const Counted<Num>& from, Counted<Num>& to, size_t categories, const std::vector<size_t>& live,
                const Add& add)
{
    std::vector<size_t> at(live.size(), 0);
    // Whether FROM's entry A moved along category KA comes before entry B moved along KB.
    const auto before = [&](size_t a, size_t ka, size_t b, size_t kb) {
        const int* x = from.keys.data() + a * categories;
        const int* y = from.keys.data() + b * categories;
        for (size_t j = 0; j < categories; ++j) {
            const int u = x[j] + (j == ka ? 1 : 0);
            const int v = y[j] + (j == kb ? 1 : 0);
            if (u != v) {
                return u < v;
            }
        }
        return false;
    };
    to.size = 0;
    to.keys.clear();
    for (;;) {
        size_t best = live.size();
        for (size_t h = 0; h < live.size(); ++h) {
            if (at[h] < from.size && (best == live.size() || before(at[h], live[h], at[best], live[best]))) {
                best = h;
            }
        }
        if (best == live.size()) {
            return;
        }
        const size_t entry = at[best]++;
        const size_t k = live[best];
        const int* key = from.keys.data() + entry * categories;
        bool same = to.size > 0;
        const int* last = to.keys.data() + (to.size - (same ? 1 : 0)) * categories;
        for (size_t j = 0; j < categories && same; ++j) {
            same = last[j] == key[j] + (j == k ? 1 : 0);
        }
        if (!same) {
            for (size_t j = 0; j < categories; ++j) {
                to.keys.push_back(key[j] + (j == k ? 1 : 0));
            }
            if (to.size == to.ways.size()) {
                to.ways.emplace_back(0);
            } else {
                to.ways[to.size] = 0;
            }
            ++to.size;
        }
        add(to.ways[to.size - 1], from.ways[entry], k);
    }
}

std::shared_ptr<const TallyOdds> EnumSource::convolve(size_t count, size_t categories,
                                                      const std::function<size_t(Dice&, size_t)>& part,
                                                      const std::function<std::string(size_t)>& key)
{
    std::vector<std::string> keys;
    std::string whole;
    if (key) {
        // The tally's name: its parts' keys, a run of alike parts written once with its
        // length. Met again after other dice (close-combat's loser after each pair of
        // rolls), only this is made: the parts' keys one by one only for a new tally.
        whole = std::to_string(categories);
        std::string previous;
        size_t run = 0;
        const auto flush = [&] {
            if (run > 0) {
                whole += '\x1e';
                whole += std::to_string(run);
                whole += '\x1d';
                whole += previous;
            }
        };
        for (size_t i = 0; i < count; ++i) {
            std::string k = key(i);
            if (run > 0 && k == previous) {
                ++run;
                continue;
            }
            flush();
            previous = std::move(k);
            run = 1;
        }
        flush();
        if (auto it = m_cache.tallies.find(whole); it != m_cache.tallies.end()) {
            return it->second;
        }
        for (size_t i = 0; i < count; ++i) {
            keys.push_back(std::to_string(categories) + '\x1f' + key(i));
        }
    }
    const bool alike = count > 1 && !keys.empty() &&
                       std::all_of(keys.begin(), keys.end(), [&](const auto& k) { return k == keys[0]; });
    if (alike) {
        auto it = m_cache.parts.find(keys[0]);
        if (it == m_cache.parts.end()) {
            it = m_cache.parts.emplace(keys[0], walk_part(part, 0, categories)).first;
        }
        refuse_heavy_tally(std::vector<const PartOdds*>(count, &it->second), categories);
        refuse_many_counts(it->second, 0, count, categories, keys, 1);
        auto out = std::make_shared<TallyOdds>(multinomial(it->second, count, categories));
        out->put_in_order();
        m_cache.tallies.emplace(whole, out);
        return out;
    }
    // Each part's categories with their probabilities, walked once, added to every count
    // reached so far. Distinct counts stay few (twelve stands in three categories: 91),
    // however many sequences of dice reach them. Numerators share one denominator in 128
    // bits while it fits (every entry is at most the denominator, so nothing else can
    // overflow); past it, exact rationals.
    // Every part walked first (once for each key), so that the work of them all is known
    // before any is convolved.
    std::vector<PartOdds> walked;  // parts without a key
    walked.reserve(key ? 0 : count);
    std::vector<const PartOdds*> each;
    each.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        if (key) {
            auto it = m_cache.parts.find(keys[i]);
            if (it == m_cache.parts.end()) {
                it = m_cache.parts.emplace(keys[i], walk_part(part, i, categories)).first;
            }
            each.push_back(&it->second);
        } else {
            walked.push_back(walk_part(part, i, categories));
            each.push_back(&walked.back());
        }
    }
    refuse_heavy_tally(each, categories);
    // The counts reached so far, in order, and their numerators: flat arrays, each part
    // merged in by shifting them one step along each category it reaches (a shift keeps
    // the order, so the shifts merge in one pass). A map keyed by a vector of counts
    // was most of this work: an allocation and a tree search for every sum.
    Counted<Wide> wide;
    wide.keys.assign(categories, 0);
    wide.ways.push_back(1);
    wide.size = 1;
    Counted<BigInt> big;
    Counted<Wide> wide_next;
    Counted<BigInt> big_next;
    Wide den = 1;
    BigInt big_den = 1;
    bool is_big = false;
    std::vector<size_t> live;
    for (size_t i = 0; i < count; ++i) {
        const PartOdds& p = *each[i];
        refuse_many_counts(p, i, count, categories, keys, is_big ? big.size : wide.size);
        live.clear();
        for (size_t k = 0; k < categories; ++k) {
            if (p.reached(k)) {
                live.push_back(k);
            }
        }
        Wide d = 0;
        if (!is_big && p.wide && !__builtin_mul_overflow(den, p.den, &d)) {
            merge_part(wide, wide_next, categories, live, [&](Wide& to, const Wide& from, size_t k) {
                to += from * p.num[k];  // at most the denominator: it fits
            });
            std::swap(wide, wide_next);
            den = d;
            continue;
        }
        if (!is_big) {
            is_big = true;
            big.keys = wide.keys;
            big.ways.resize(wide.size);
            for (size_t at = 0; at < wide.size; ++at) {
                big.ways[at] = big_of(wide.ways[at]);
            }
            big.size = wide.size;
            big_den = big_of(den);
        }
        // The part's probabilities as whole numbers over one denominator.
        std::vector<Big> probability(categories);
        BigInt part_den = 1;
        for (size_t k = 0; k < categories; ++k) {
            probability[k] = p.probability(k);
            part_den = boost::multiprecision::lcm(part_den, boost::multiprecision::denominator(probability[k]));
        }
        std::vector<BigInt> part_num(categories);
        for (size_t k = 0; k < categories; ++k) {
            part_num[k] = boost::multiprecision::numerator(probability[k]) *
                          (part_den / boost::multiprecision::denominator(probability[k]));
        }
        merge_part(big, big_next, categories, live,
                   [&](BigInt& to, const BigInt& from, size_t k) { to += from * part_num[k]; });
        std::swap(big, big_next);
        big_den *= part_den;
    }
    TallyOdds out;
    std::vector<int> counts(categories);
    const auto into = [&](const auto& from, auto& map) {
        for (size_t at = 0; at < from.size; ++at) {
            std::copy_n(from.keys.begin() + static_cast<std::ptrdiff_t>(at * categories), categories, counts.begin());
            map.emplace_hint(map.end(), counts, from.ways[at]);
        }
    };
    if (is_big) {
        into(big, out.big);
        out.big_den = std::move(big_den);
    } else {
        into(wide, out.wide);
        out.den = den;
    }
    out.put_in_order();
    auto shared = std::make_shared<const TallyOdds>(std::move(out));
    if (key) {
        m_cache.tallies.emplace(whole, shared);
    }
    return shared;
}

PartOdds EnumSource::walk_part(const std::function<size_t(Dice&, size_t)>& part, size_t i, size_t categories)
{
    PartOdds p(categories);
    size_t category = 0;
    walk([&](Dice& dice) { category = part(dice, i); }, {}, m_cache, m_merge, refuse_large,
         [&](const EnumSource& source) { p.add(category, source.weight()); });
    return p;
}

// The sums behind REPORT's lines, dimension by dimension, line by line.
struct Sums {
    std::vector<std::vector<Sum>> of;
    // Each dimension's lines by value: 1000d10 has 9,001, each met once.
    std::vector<std::unordered_map<std::string, size_t>> line_of;
    // The dimension each tally of the last branch went to, in order: branches report
    // alike, so the Nth tally of a branch most often goes where the last one's did.
    std::vector<size_t> hints;
    size_t call = 0;  // tallies of this branch so far
};

// A dimension's name, "result" or a result's label, and a field's key after a dot
// ("result.velocity"), compared without joining them: a branch names many, each time.
struct Name {
    std::string_view prefix;
    std::string_view key;  // "" for the result itself

    size_t size() const { return prefix.size() + (key.empty() ? 0 : key.size() + 1); }
    char operator[](size_t i) const
    {
        return i < prefix.size() ? prefix[i] : i == prefix.size() ? '.' : key[i - prefix.size() - 1];
    }
    bool operator==(const Name& o) const
    {
        if (size() != o.size()) {
            return false;
        }
        if (prefix.size() == o.prefix.size()) {
            return prefix == o.prefix && key == o.key;
        }
        for (size_t i = 0; i < size(); ++i) {
            if ((*this)[i] != o[i]) {
                return false;
            }
        }
        return true;
    }
    bool operator==(std::string_view text) const
    {
        return text.size() == size() && text.starts_with(prefix) &&
               (key.empty() || (text[prefix.size()] == '.' && text.substr(prefix.size() + 1) == key));
    }
    std::string text() const
    {
        return key.empty() ? std::string(prefix) : std::string(prefix) + "." + std::string(key);
    }
};

void tally(OddsReport& report, Sums& sums, Name dimension, const std::string& value, const std::string& name,
           const Weight& weight, const std::string& severity = "")
{
    size_t d = 0;
    if (sums.call < sums.hints.size() && dimension == report.dimensions[sums.hints[sums.call]].name) {
        d = sums.hints[sums.call];
    } else {
        while (d < report.dimensions.size() && !(dimension == report.dimensions[d].name)) {
            ++d;
        }
        sums.hints.resize(std::max(sums.hints.size(), sums.call + 1));
        sums.hints[sums.call] = d;
    }
    ++sums.call;
    if (d == report.dimensions.size()) {
        report.dimensions.push_back({dimension.text(), {}});
        sums.of.emplace_back();
        sums.line_of.emplace_back();
    }
    auto& lines = report.dimensions[d].lines;
    const auto [at, added] = sums.line_of[d].try_emplace(value, lines.size());
    if (!added) {
        auto& line = lines[at->second];
        sums.of[d][at->second].add(weight);
        if (line.name != name) {
            line.name.clear();  // a name true of only some of its branches is no name for it
        }
        if (line.severity != severity) {
            line.severity.clear();  // and so is a severity
        }
        return;
    }
    lines.push_back({value, name, {}, severity});
    sums.of[d].emplace_back();
    sums.of[d].back().add(weight);
}

std::string value_text(const Value& v)
{
    if (const auto* b = std::get_if<bool>(&v)) {
        return *b ? "true" : "false";
    }
    if (const auto* n = std::get_if<long long>(&v)) {
        return std::to_string(*n);
    }
    if (const auto* s = std::get_if<std::string>(&v)) {
        return *s;
    }
    return "";
}

// Each line of the report is one thing a branch says once: two results of one branch
// under one label, or two fields of one result under one key, would be summed as one
// (two identical blocks once were: odds past 1, or wrong and under it). Refused as the
// internal error it is, never printed.
void require_distinct(const Resolution& r)
{
    // Without a dot in any label or key, a name is told by its label and key alone: labels
    // compared among themselves, keys within their result.
    const auto dotted = [](const Outcome& o) {
        return o.label.find('.') != std::string::npos ||
               std::any_of(o.fields.begin(), o.fields.end(),
                           [](const Field& f) { return f.key.find('.') != std::string::npos; });
    };
    const auto keys_once = [&](const Outcome& o, std::string_view prefix) {
        for (size_t i = 0; i < o.fields.size(); ++i) {
            for (size_t j = 0; j < i; ++j) {
                if (o.fields[i].key == o.fields[j].key) {
                    throw Error(ExitCode::internal, "odds: '" + std::string(prefix) + "." + o.fields[i].key +
                                                        "' is reported twice in one branch of " + r.command +
                                                        ": its odds cannot be told apart");
                }
            }
        }
    };
    if (!dotted(r.result) && std::none_of(r.results.begin(), r.results.end(), dotted)) {
        keys_once(r.result, "result");
        bool fine = true;
        for (size_t i = 0; i < r.results.size() && fine; ++i) {
            const Outcome& o = r.results[i];
            if (o.label == r.result.label) {
                fine = o.code == r.result.code;
                continue;
            }
            const auto same = [&](const Outcome& other) { return other.label == o.label; };
            fine = o.label != "result" &&
                   std::none_of(r.results.begin(), r.results.begin() + static_cast<std::ptrdiff_t>(i), same);
            if (fine) {
                keys_once(o, o.label);
            }
        }
        if (fine) {
            return;
        }
        // else the check below names what is reported twice
    }
    thread_local std::vector<Name> seen;  // kept between branches: no allocation per branch
    seen.clear();
    const auto once = [&](Name name) {
        if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
            throw Error(ExitCode::internal, "odds: '" + name.text() + "' is reported twice in one branch of " +
                                                r.command + ": its odds cannot be told apart");
        }
        seen.push_back(name);
    };
    const auto named = [&](const Outcome& o, std::string_view prefix) {
        once({prefix, {}});
        for (const auto& f : o.fields) {
            once({prefix, f.key});
        }
    };
    named(r.result, "result");
    for (const auto& o : r.results) {
        if (o.label != r.result.label) {
            named(o, o.label);
        } else if (o.code != r.result.code) {
            throw Error(ExitCode::internal, "odds: a result of " + r.command + " labelled '" + o.label +
                                                "' differs from the headline of the same label");
        }
    }
}

void tally_outcome(OddsReport& report, Sums& sums, const Outcome& outcome, const std::string& prefix,
                   const Weight& weight)
{
    tally(report, sums, {prefix, {}}, outcome.code, outcome.name, weight, outcome.severity);
    for (const auto& field : outcome.fields) {
        std::string text = value_text(field.value);
        if (!text.empty()) {
            tally(report, sums, {prefix, field.key}, text, "", weight);
        }
    }
}

// FROM's provisional mark and notes added to TO's: odds are provisional when any branch
// read provisional data, not only the sample's (a lost chart's published cell is not).
void add_provisional(Resolution& to, const Resolution& from)
{
    for (const auto& note : from.provisional_notes) {
        if (!contains(to.provisional_notes, note)) {
            to.provisional_notes.push_back(note);
        }
    }
    to.provisional = to.provisional || from.provisional;
}

// One branch's resolution R, of WEIGHT, added to REPORT's lines (and its provisional mark
// to the sample's).
void tally_resolution(OddsReport& report, Sums& sums, const Resolution& r, const Weight& weight)
{
    require_distinct(r);
    add_provisional(report.sample, r);
    sums.call = 0;
    tally_outcome(report, sums, r.result, "result", weight);
    for (const auto& outcome : r.results) {
        if (outcome.label != r.result.label) {
            tally_outcome(report, sums, outcome, outcome.label, weight);
        }
    }
}

// Each line's probability from its sum; a line "(not reported)" for what some branches
// do not report; fields that never vary dropped.
void finish_odds(OddsReport& report, Sums& sums);

}  // namespace

std::vector<std::pair<std::string, std::string>> reported(const Resolution& r)
{
    std::vector<std::pair<std::string, std::string>> out;
    const auto add = [&](const Outcome& o, const std::string& prefix) {
        out.emplace_back(prefix, o.code);
        for (const auto& field : o.fields) {
            std::string text = value_text(field.value);
            if (!text.empty()) {
                out.emplace_back(prefix + "." + field.key, std::move(text));
            }
        }
    };
    add(r.result, "result");
    for (const auto& o : r.results) {
        if (o.label != r.result.label) {
            add(o, o.label);
        }
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> fixed_fields(const OddsReport& report)
{
    std::vector<std::pair<std::string, std::string>> out;
    if (report.fixed.empty()) {
        return out;
    }
    for (auto& [name, value] : reported(report.sample)) {
        if (name.find('.') != std::string::npos && contains(report.fixed, name)) {
            out.emplace_back(std::move(name), std::move(value));
        }
    }
    return out;
}

CountSize count_size(const RollTerm& term)
{
    CountSize size;
    for (const auto& pool : term.pools) {
        const int sides = pool.dice.sides;
        const int count = pool.dice.count;
        const int rolls = (pool.reroll == PoolSpec::Reroll::until  ? k_max_rerolls
                           : pool.reroll == PoolSpec::Reroll::once ? 1
                                                                   : 0) +
                          (pool.explode != PoolSpec::Explode::none ? k_max_rerolls : 0) + 1;
        // what each die can add to the pool's lowest value
        const int span = pool.read == PoolSpec::Read::at_least || pool.read == PoolSpec::Read::at_most ? 1
                         : pool.read == PoolSpec::Read::total
                             ? sides * (pool.explode != PoolSpec::Explode::none ? k_max_rerolls + 1 : 1) - 1
                             : sides * pool.n / count + 1;
        size = size + CountSize{static_cast<long double>(count) * span + 1,
                                count * rolls * std::log2(static_cast<long double>(sides))};
    }
    return size;
}

void require_countable(const CountSize& size, const std::string& what, const std::string& within,
                       const std::string& advice)
{
    const long double words = std::ceil(std::max(1.0L, size.bits / 64));
    if (size.totals * words > static_cast<long double>(k_max_odds_total_words)) {
        throw usage_error("{odds}: " + what + " has too many totals to count exactly (its totals x the " +
                          "64-bit words of each count past " + std::to_string(k_max_odds_total_words) +
                          ", an engine limit" + within + "): " + advice);
    }
}

Rational ratio(Integer n, Integer d)
{
    if (d < 0) {
        n = -n;
        d = -d;
    }
    // The sums of one odds table are mostly over one denominator (5d1000's 4,996 lines over
    // 10^15): its factors are found once, not a prime at a time for each line.
    thread_local Integer last_d{0};
    thread_local Factors last_factors;
    if (d != last_d) {
        last_factors = factors_of(d);
        last_d = d;
    }
    if (last_factors) {
        return reduced(std::move(n), std::move(d), *last_factors);
    }
    return Rational(n, d);
}

double quotient(const Integer& n, const Integer& d)
{
    const double v = truncated_quotient(n.backend().data(), d.backend().data());
    return v == 0 && mpz_sgn(n.backend().data()) > 0 ? std::numeric_limits<double>::denorm_min() : v;
}

double Fraction::value() const
{
    const auto [n, d] = parts();
    return truncated_quotient(n, d);
}

namespace {

// X's leading bits as a whole number of WIDTH bits (X above 0, WIDTH at most 128): X
// times 2^-SHIFT, truncated, SHIFT negative when X is shorter than WIDTH (then exact).
// Read from X's top three words in place (a shift of the whole number cost as much as
// the division it saves).
unsigned __int128 leading_bits(mpz_srcptr x, int width, long& shift)
{
    static_assert(sizeof(mp_limb_t) == 8, "GMP's limbs are 64 bits here");
    shift = static_cast<long>(mpz_sizeinbase(x, 2)) - width;
    const auto word = [&](long i) { return static_cast<unsigned __int128>(mpz_getlimbn(x, i)); };  // 0 past the top
    if (shift <= 0) {
        return ((word(1) << 64) | word(0)) << -shift;
    }
    const long at = shift / 64;
    const int off = static_cast<int>(shift % 64);
    const unsigned __int128 low = (word(at + 1) << 64) | word(at);
    return off == 0 ? low : (low >> off) | (word(at + 2) << (128 - off));
}

}  // namespace

double truncated_quotient(mpz_srcptr n, mpz_srcptr d)
{
    // N is between A and A+1 times 2^a, D between B and B+1 times 2^b, A of 127 bits and B
    // of 64: N/D lies between A/(B+1) and (A+1)/B times 2^(a-b), two whole numbers of about
    // 64 bits a few apart. When both have the same 53 leading bits, those are N/D's,
    // truncated; else (about one time in 500) GMP divides the whole numbers.
    const int sign = mpz_sgn(n);
    if (sign == 0 || mpz_sgn(d) <= 0 || mpz_size(d) <= 2) {
        mpq_t q;  // a rational's parts borrowed, not copied: mpq_get_d only reads them
        *mpq_numref(q) = *n;
        *mpq_denref(q) = *d;
        return mpq_get_d(q);
    }
    mpz_t magnitude;  // |N|, borrowed: truncation toward 0 is the same either side
    *magnitude = *n;
    magnitude->_mp_size = std::abs(magnitude->_mp_size);
    long a = 0;
    long b = 0;
    const unsigned __int128 top_n = leading_bits(magnitude, 127, a);
    const unsigned __int128 top_d = leading_bits(d, 64, b);
    const unsigned __int128 low = top_n / (top_d + 1);
    const unsigned __int128 high = (top_n + 1) / top_d + 1;  // above N/D, never equal
    const auto length = [](unsigned __int128 x) {
        const auto upper = static_cast<std::uint64_t>(x >> 64);
        return upper != 0 ? 128 - __builtin_clzll(upper) : 64 - __builtin_clzll(static_cast<std::uint64_t>(x));
    };
    // below the least double (1000d10's tails, 1 in 10^1000): truncated, 0 (GMP's has no sign)
    if (length(high) + a - b <= -1074) {
        return 0.0;
    }
    const int bits = length(low);
    // the double's exponent when normal (a quotient below 2^-1000 goes to GMP for its subnormals)
    const long exponent = bits - 53 + a - b;
    if (bits >= 60 && length(high - 1) == bits + 1 && exponent >= -1000 && exponent <= 900) {
        // Either side of 2^bits (an "at least" a hair below 1): one comparison of the whole
        // numbers says which; below it the 53 bits are all ones, at or above it one and zeros.
        thread_local Integer scaled;
        const long up = bits + a - b;  // N/D against 2^up
        int side = 0;
        if (up >= 0) {
            mpz_mul_2exp(scaled.backend().data(), d, static_cast<mp_bitcnt_t>(up));
            side = mpz_cmp(magnitude, scaled.backend().data());
        } else {
            mpz_mul_2exp(scaled.backend().data(), magnitude, static_cast<mp_bitcnt_t>(-up));
            side = mpz_cmp(scaled.backend().data(), d);
        }
        const double v =
            side >= 0 ? std::ldexp(1.0, static_cast<int>(up))
                      : std::ldexp(static_cast<double>((std::uint64_t{1} << 53) - 1), static_cast<int>(exponent));
        return sign < 0 ? -v : v;
    }
    if (bits < 60 || length(high - 1) != bits || (low >> (bits - 53)) != ((high - 1) >> (bits - 53)) ||
        exponent < -1000 || exponent > 900) {
        mpq_t q;
        *mpq_numref(q) = *n;
        *mpq_denref(q) = *d;
        return mpq_get_d(q);
    }
    const double v =
        std::ldexp(static_cast<double>(static_cast<std::uint64_t>(low >> (bits - 53))), static_cast<int>(exponent));
    return sign < 0 ? -v : v;
}

void ExactSum::add(const Rational& q, long long times)
{
    mpq_srcptr r = q.backend().data();
    add(mpq_numref(r), mpq_denref(r), times, true);
}

void ExactSum::add(const Integer& num, const Integer& den, bool lowest)
{
    add(num.backend().data(), den.backend().data(), 1, lowest);
}

Rational ExactSum::total() const
{
    if (!m_lowest) {
        return ratio(m_num, m_den);
    }
    Rational out;
    mpq_ptr q = out.backend().data();
    mpz_set(mpq_numref(q), m_num.backend().data());
    mpz_set(mpq_denref(q), m_den.backend().data());
    return out;
}

void ExactSum::add(mpz_srcptr n, mpz_srcptr d, long long times, bool lowest)
{
    mpz_ptr num = m_num.backend().data();
    mpz_ptr den = m_den.backend().data();
    // One term in lowest terms, added once, is the sum's value as it is.
    m_lowest = mpz_sgn(num) == 0 && lowest && times == 1 && mpz_sgn(n) != 0 && mpz_sgn(d) > 0;
    if (mpz_cmp(den, d) == 0) {  // the common case: every branch over one denominator
        if (times == 1) {
            mpz_add(num, num, n);
        } else if (times >= 0) {
            mpz_addmul_ui(num, n, static_cast<unsigned long>(times));
        } else {
            mpz_submul_ui(num, n, static_cast<unsigned long>(-times));
        }
        return;
    }
    if (mpz_sgn(num) == 0) {  // nothing summed yet: D is the denominator (1000d10's lines, each added once)
        mpz_set(den, d);
        mpz_mul_si(num, n, times);
        mpz_set_ui(m_last_den.backend().data(), 0);  // any factor kept was to the old denominator
        return;
    }
    mpz_ptr last = m_last_den.backend().data();
    mpz_ptr up = m_last_up.backend().data();
    if (mpz_sgn(last) == 0 || mpz_cmp(last, d) != 0) {
        // A denominator not met last time (close-combat's two losers alternate): the
        // common one grows to cover it, and D's factor up to it is kept for next time.
        if (mpz_divisible_p(den, d) == 0) {
            Integer common;
            mpz_lcm(common.backend().data(), den, d);
            Integer grow;
            mpz_divexact(grow.backend().data(), common.backend().data(), den);
            mpz_mul(num, num, grow.backend().data());
            mpz_swap(den, common.backend().data());
        }
        mpz_set(last, d);
        mpz_divexact(up, den, d);
    }
    Integer term;
    mpz_mul(term.backend().data(), up, n);
    if (times != 1) {
        mpz_mul_si(term.backend().data(), term.backend().data(), times);
    }
    mpz_add(num, num, term.backend().data());
}

double ExactSum::value() const
{
    mpq_t q;
    mpq_init(q);
    mpz_set(mpq_numref(q), m_num.backend().data());
    mpz_set(mpq_denref(q), m_den.backend().data());
    const double out = mpq_get_d(q);
    mpq_clear(q);
    return out;
}

namespace {

// P's coefficients, one every SLOT 64-bit words of one whole number, the constant lowest.
Integer pack(const std::vector<Integer>& p, size_t slot)
{
    std::vector<mp_limb_t> words(p.size() * slot, 0);
    for (size_t i = 0; i < p.size(); ++i) {
        if (p[i] < 0 || mpz_size(p[i].backend().data()) > slot) {
            throw Error(ExitCode::internal, "odds: a polynomial's coefficient does not fit its slot");
        }
        mpz_export(&words[i * slot], nullptr, -1, sizeof(mp_limb_t), 0, 0, p[i].backend().data());
    }
    Integer out;
    mpz_import(out.backend().data(), words.size(), -1, sizeof(mp_limb_t), 0, 0, words.data());
    return out;
}

std::vector<Integer> unpack(const Integer& packed, size_t slot, size_t count)
{
    std::vector<mp_limb_t> words(count * slot, 0);
    if (mpz_size(packed.backend().data()) > words.size()) {
        throw Error(ExitCode::internal, "odds: a packed product is longer than its coefficients");
    }
    mpz_export(words.data(), nullptr, -1, sizeof(mp_limb_t), 0, 0, packed.backend().data());
    std::vector<Integer> out(count);
    for (size_t i = 0; i < count; ++i) {
        mpz_import(out[i].backend().data(), slot, -1, sizeof(mp_limb_t), 0, 0, &words[i * slot]);
    }
    return out;
}

size_t bits_of(const std::vector<Integer>& p)
{
    size_t most = 1;
    for (const auto& x : p) {
        most = std::max(most, mpz_sizeinbase(x.backend().data(), 2));
    }
    return most;
}

// What Miller's recurrence below is for: a die's polynomial, of few terms (degree at most
// this) with small coefficients (each below that). Each of the power's coefficients is
// then a few products of a big number by a word; past them squaring by multiply() wins.
constexpr size_t k_miller_degree = 32;
constexpr unsigned long k_miller_coefficient = 1000000;
bool miller_coefficient(const Integer& x) { return x >= 0 && x < k_miller_coefficient; }

// A die's polynomial of S faces, 1 + x + ... + x^(S-1) = (1 - x^S) / (1 - x), to the power
// N: C = A^N has C'(1 - x)(1 - x^S) = N C (1 - S x^(S-1) + (S-1) x^S), so
// k c[k] = (k - 1 + N) c[k-1] + (k - S - N S) c[k-S] + (N (S-1) - (k - S - 1)) c[k-S-1]:
// three products a coefficient whatever the faces (Miller's recurrence takes S), each
// division exact, and the second half the first's mirror (1000d10: 4,501 of 9,001).
std::vector<Integer> flat_power(size_t sides, unsigned n)
{
    const size_t top = (sides - 1) * n;  // the highest power
    std::vector<Integer> c(top + 1);
    c[0] = 1;
    const auto s = static_cast<long>(sides);
    const auto dice = static_cast<long>(n);
    Integer term;
    for (size_t k = 1; k <= top / 2; ++k) {
        checkpoint();
        const auto kk = static_cast<long>(k);
        mpz_ptr out = c[k].backend().data();
        mpz_mul_si(out, c[k - 1].backend().data(), kk - 1 + dice);
        if (k >= sides) {
            mpz_mul_si(term.backend().data(), c[k - sides].backend().data(), kk - s - dice * s);
            mpz_add(out, out, term.backend().data());
        }
        if (k >= sides + 1) {
            mpz_mul_si(term.backend().data(), c[k - sides - 1].backend().data(), dice * (s - 1) - (kk - s - 1));
            mpz_add(out, out, term.backend().data());
        }
        mpz_divexact_ui(out, out, static_cast<unsigned long>(k));
    }
    for (size_t k = top / 2 + 1; k <= top; ++k) {
        c[k] = c[top - k];
    }
    return c;
}

// Miller's recurrence: B = A^N, so B'A = N A'B, and k a0 b[k] is the sum over j of
// ((N + 1) j - k) a[j] b[k - j]; every b[k] whole, each division exact.
std::vector<Integer> miller_power(const std::vector<Integer>& a, size_t m, unsigned n)
{
    std::vector<Integer> b(static_cast<size_t>(n) * m + 1);
    b[0] = boost::multiprecision::pow(a[0], n);
    Integer sum;
    Integer term;
    for (size_t k = 1; k < b.size(); ++k) {
        checkpoint();
        mpz_ptr acc = sum.backend().data();
        mpz_set_ui(acc, 0);
        for (size_t j = 1; j <= std::min(k, m); ++j) {
            const long c = static_cast<long>(n + 1) * static_cast<long>(j) - static_cast<long>(k);
            if (c == 0 || a[j] == 0) {
                continue;
            }
            mpz_mul_si(term.backend().data(), b[k - j].backend().data(), c);
            if (a[j] != 1) {
                mpz_mul(term.backend().data(), term.backend().data(), a[j].backend().data());
            }
            mpz_add(acc, acc, term.backend().data());
        }
        mpz_divexact_ui(acc, acc, k);
        if (a[0] != 1) {
            mpz_divexact(acc, acc, a[0].backend().data());
        }
        b[k] = sum;
    }
    return b;
}

// Whether A (degree M, A[0] not 0) is B^K for a die's few small coefficients B, and B with
// the fewest: a sum of many dice that reached a power as a table of ways (100d10's 901
// coefficients, summed three times) is then raised by Miller's recurrence from B, not
// squared as a long polynomial. B's first coefficients are A^(1/K)'s power series, by the
// same recurrence with exponent 1/K (k A[0] K B[K] is the sum over j of ((k + 1) j - k K)
// A[j] B[K - j]); any that is not whole rules K out, and B^K is checked whole.
std::optional<std::pair<std::vector<Integer>, unsigned>> small_root(const std::vector<Integer>& a, size_t m)
{
    for (size_t degree = 1; degree <= std::min(m / 2, k_miller_degree); ++degree) {
        if (m % degree != 0) {
            continue;
        }
        const auto k = static_cast<unsigned long>(m / degree);
        std::vector<Integer> b(degree + 1);
        if (mpz_root(b[0].backend().data(), a[0].backend().data(), k) == 0) {
            continue;
        }
        bool whole = true;
        Integer sum;
        Integer term;
        for (size_t big_k = 1; big_k <= degree && whole; ++big_k) {
            mpz_ptr acc = sum.backend().data();
            mpz_set_ui(acc, 0);
            for (size_t j = 1; j <= big_k; ++j) {
                const long c = static_cast<long>((k + 1) * j) - static_cast<long>(k * big_k);
                mpz_mul_si(term.backend().data(), b[big_k - j].backend().data(), c);
                mpz_mul(term.backend().data(), term.backend().data(), a[j].backend().data());
                mpz_add(acc, acc, term.backend().data());
            }
            mpz_mul_ui(term.backend().data(), a[0].backend().data(), k * big_k);
            whole = mpz_divisible_p(acc, term.backend().data()) != 0;
            if (whole) {
                mpz_divexact(b[big_k].backend().data(), acc, term.backend().data());
                whole = miller_coefficient(b[big_k]);
            }
        }
        if (whole && miller_coefficient(b[0]) && b[degree] != 0 &&
            miller_power(b, degree, static_cast<unsigned>(k)) ==
                std::vector<Integer>(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(m) + 1)) {
            return std::pair{std::move(b), static_cast<unsigned>(k)};
        }
    }
    return std::nullopt;
}

}  // namespace

std::vector<Integer> multiply(const std::vector<Integer>& a, const std::vector<Integer>& b)
{
    if (a.empty() || b.empty()) {
        return {};
    }
    // Each coefficient of the product is a sum of at most min(|a|, |b|) products.
    const size_t bits = bits_of(a) + bits_of(b) + static_cast<size_t>(std::bit_width(std::min(a.size(), b.size())));
    const size_t slot = bits / 64 + 1;
    const Integer x = pack(a, slot);
    Integer product;
    if (&a == &b) {
        mpz_mul(product.backend().data(), x.backend().data(), x.backend().data());
    } else {
        const Integer y = pack(b, slot);
        mpz_mul(product.backend().data(), x.backend().data(), y.backend().data());
    }
    return unpack(product, slot, a.size() + b.size() - 1);
}

std::vector<Integer> power(const std::vector<Integer>& a, unsigned n)
{
    if (a.empty() || a[0] == 0) {
        throw Error(ExitCode::internal, "odds: a power of a polynomial with no constant term");
    }
    size_t m = a.size() - 1;
    while (m > 0 && a[m] == 0) {
        --m;
    }
    const auto flat = [](const std::vector<Integer>& p, size_t degree) {
        return degree >= 1 && std::all_of(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(degree) + 1,
                                          [](const Integer& x) { return x == 1; });
    };
    if (flat(a, m)) {
        return flat_power(m + 1, n);
    }
    if (m <= k_miller_degree && std::all_of(a.begin(), a.end(), miller_coefficient)) {
        return miller_power(a, m, n);
    }
    if (auto root = small_root(a, m); root && static_cast<std::uint64_t>(root->second) * n <= UINT32_MAX) {
        // a pool of dice alike to a power (100d10 x 3): its die to the dice of them all
        const size_t degree = m / root->second;
        return flat(root->first, degree) ? flat_power(degree + 1, root->second * n)
                                         : miller_power(root->first, degree, root->second * n);
    }
    std::vector<Integer> out{1};
    std::vector<Integer> base(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(m) + 1);
    for (unsigned left = n; left > 0; left >>= 1) {
        if ((left & 1) != 0) {
            out = multiply(out, base);
        }
        if (left > 1) {
            base = multiply(base, base);
        }
    }
    return out;
}

OddsCache::OddsCache()
    : m_state(std::make_shared<DistributionCache>())
{
}

struct OddsCacheState {
    static DistributionCache& of(OddsCache& shared) { return *static_cast<DistributionCache*>(shared.m_state.get()); }
};

OddsReport compute_odds(const Adjudicator& adjudicate, const std::vector<int>& given, OddsWalk how,
                        const std::function<void(std::uint64_t)>& progress, OddsCache* shared)
{
    OddsReport report;
    Sums sums;
    DistributionCache own;
    DistributionCache& cache = shared != nullptr ? OddsCacheState::of(*shared) : own;
    Resolution r;
    std::uint64_t walked = 0;
    // Dice given are drawn first in every branch; one left over is refused as a plain
    // resolution refuses it (a branch that ends before them is the one their values make).
    const auto run = [&](Dice& dice) {
        r = adjudicate(dice);
        if (!given.empty()) {
            dice.check_all_given_used(r.command);
        }
    };
    report.branches = walk(
        run, given, cache, how == OddsWalk::merged,
        [&](const std::vector<Taken>& taken) {
            report.sample = r;
            refuse_large(taken);
        },
        [&](const EnumSource& source) {
            if (progress && (++walked & 0xFFF) == 0) {
                progress(walked);
            }
            tally_resolution(report, sums, r, source.weight());
        });
    finish_odds(report, sums);
    return report;
}

OddsReport weighted_odds(const WeightedOutcomes& outcomes, Resolution sample, std::uint64_t branches)
{
    OddsReport report;
    report.sample = std::move(sample);
    report.branches = branches;
    Sums sums;
    outcomes([&](const Resolution& resolution, const Rational& probability) {
        Weight weight;
        weight.times(probability);
        tally_resolution(report, sums, resolution, weight);
    });
    finish_odds(report, sums);
    return report;
}

bool put_marginal(OddsReport& report, const std::string& name, std::vector<OddsLine> lines, size_t at)
{
    auto it = std::find_if(report.dimensions.begin(), report.dimensions.end(),
                           [&](const OddsDimension& d) { return d.name == name; });
    std::erase(report.fixed, name);
    if (lines.size() <= 1) {
        if (it != report.dimensions.end()) {
            report.dimensions.erase(it);
        }
        if (lines.size() == 1) {
            report.fixed.push_back(name);
        }
        return false;
    }
    if (it == report.dimensions.end()) {
        it = report.dimensions.insert(report.dimensions.begin() +
                                          static_cast<std::ptrdiff_t>(std::min(at, report.dimensions.size())),
                                      OddsDimension{name, {}});
    }
    it->lines = std::move(lines);
    it->ways = nullptr;
    return true;
}

Resolution first_branch(const Adjudicator& adjudicate, OddsCache* shared)
{
    const std::vector<size_t> first;
    DistributionCache own;
    DistributionCache& cache = shared != nullptr ? OddsCacheState::of(*shared) : own;
    TallyCache tallies;
    EnumSource source(first, cache, tallies, true);
    Dice dice(source, {});
    return adjudicate(dice);
}

namespace {

void finish_odds(OddsReport& report, Sums& sums)
{
    for (size_t d = 0; d < report.dimensions.size(); ++d) {
        for (size_t l = 0; l < sums.of[d].size(); ++l) {
            report.dimensions[d].lines[l].probability = sums.of[d][l].total();
            sums.of[d][l] = Sum{};  // its memory for the next line's (1000d10: 18,002 of 3,300 bits)
        }
    }
    // Every dimension's probabilities add up to exactly one. A field or outcome that only
    // some branches report gets a line of its own for the rest, value "" (not reported);
    // more than one means something was counted twice, an internal error.
    // Lines equal to the dimension before's (1000d10 and its result) add up alike.
    Fraction total;
    for (size_t i = 0; i < report.dimensions.size(); ++i) {
        OddsDimension& d = report.dimensions[i];
        if (i == 0 || !(d.lines == report.dimensions[i - 1].lines)) {
            ExactSum sum;
            for (const auto& line : d.lines) {
                sum.add(line.probability.q());
            }
            total = Fraction{sum.total()};
        }
        if (total.q() > 1) {
            throw Error(ExitCode::internal,
                        "odds: the probabilities of " + d.name + " add up to " + total.text() + ", more than 1");
        }
        if (total.q() < 1) {
            d.lines.push_back({"", k_not_reported, Fraction{1 - total.q()}});
        }
    }
    // A field that never varies (a differential, a target) is no odds: kept as fixed, for
    // the header, as the plain answer shows it under the result.
    std::erase_if(report.dimensions, [&](const OddsDimension& d) {
        if (d.name.find('.') == std::string::npos || d.lines.size() != 1) {
            return false;
        }
        report.fixed.push_back(d.name);
        return true;
    });
}

}  // namespace

OddsReport relabelled(OddsReport report, const std::string& from, const std::string& to)
{
    for (auto& d : report.dimensions) {
        if (d.name == from) {
            d.name = to;
        } else if (d.name.size() > from.size() && d.name.starts_with(from) && d.name[from.size()] == '.') {
            d.name = to + d.name.substr(from.size());
        }
    }
    for (auto& name : report.fixed) {
        if (name.size() > from.size() && name.starts_with(from) && name[from.size()] == '.') {
            name = to + name.substr(from.size());
        }
    }
    for (auto& o : report.sample.results) {
        if (o.label == from) {
            o.label = to;
        }
    }
    return report;
}

namespace {

// Independent parts' distributions grouped by kind (parts alike, 4d6kh3 x 100, are one kind,
// to a power in their sum), kinds in order of first meeting.
struct PartKinds {
    std::vector<std::pair<std::shared_ptr<const Polynomial>, unsigned>> kinds;  // each with its count of parts
    std::vector<size_t> kind_of;                                                // each part's kind

    explicit PartKinds(std::vector<Polynomial> parts)
    {
        for (auto& p : parts) {
            auto same = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) {
                return k.first->low == p.low && k.first->all == p.all && k.first->ways == p.ways;
            });
            if (same == kinds.end()) {
                kinds.emplace_back(std::make_shared<const Polynomial>(std::move(p)), 0);
                same = kinds.end() - 1;
            }
            ++same->second;
            kind_of.push_back(static_cast<size_t>(same - kinds.begin()));
        }
    }

    // The distribution of the parts' sum: each kind to its power, the kinds convolved. One
    // part is its own distribution, shared.
    std::shared_ptr<const Polynomial> sum() const
    {
        if (kind_of.size() == 1) {
            return kinds.front().first;
        }
        Polynomial sum;
        sum.ways = {1};
        for (const auto& [p, times] : kinds) {
            sum.ways = sum.ways.size() == 1 && sum.ways[0] == 1 ? power(p->ways, times)
                                                                : multiply(sum.ways, power(p->ways, times));
            sum.low += p->low * times;
            sum.all *= boost::multiprecision::pow(p->all, times);
        }
        return std::make_shared<const Polynomial>(std::move(sum));
    }
};

}  // namespace

OddsReport sum_odds(std::vector<OddsReport> parts)
{
    if (parts.empty()) {
        throw Error(ExitCode::internal, "odds: a sum of no parts");
    }
    OddsReport out;
    out.sample = parts.front().sample;
    std::vector<Polynomial> headlines;  // each part's, as a polynomial
    for (auto& part : parts) {
        out.branches += part.branches;
        for (const auto& id : part.sample.tables) {
            if (std::find(out.sample.tables.begin(), out.sample.tables.end(), id) == out.sample.tables.end()) {
                out.sample.tables.push_back(id);
            }
        }
        for (const auto& note : part.sample.notes) {
            if (!contains(out.sample.notes, note)) {
                out.sample.notes.push_back(note);
            }
        }
        add_provisional(out.sample, part.sample);
        for (const auto& name : part.fixed) {
            if (!name.starts_with("result.") && !contains(out.fixed, name)) {
                out.fixed.push_back(name);
            }
        }
        const OddsDimension* headline = nullptr;
        for (auto& d : part.dimensions) {
            if (d.name == "result") {
                headline = &d;
            } else if (!d.name.starts_with("result.")) {
                out.dimensions.push_back(std::move(d));
            }
        }
        if (headline == nullptr) {
            throw Error(ExitCode::internal, "odds: a part of a sum with no result");
        }
        headlines.push_back(polynomial_of_lines(headline->lines, "a part of a sum"));
    }
    auto sum = PartKinds(std::move(headlines)).sum();
    OddsDimension headline{"result", lines_of(sum, "total")};
    headline.ways = std::move(sum);
    out.dimensions.insert(out.dimensions.begin(), std::move(headline));
    return out;
}

std::vector<OddsLine> lines_of(const std::shared_ptr<const Polynomial>& p, const std::string& name)
{
    const auto shares = std::make_shared<const Shares>(Shares{p, {}});
    std::vector<OddsLine> out;
    out.reserve(p->ways.size());
    for (size_t k = 0; k < p->ways.size(); ++k) {
        if (p->ways[k] != 0) {
            out.push_back({std::to_string(p->low + static_cast<long long>(k)), name, Fraction(shares, k)});
        }
    }
    return out;
}

bool total_alone(const RollTerm& term)
{
    return std::all_of(term.pools.begin(), term.pools.end(), [](const PoolSpec& p) {
        return !p.critical_success && !p.critical_failure && p.read != PoolSpec::Read::at_least &&
               p.read != PoolSpec::Read::at_most;
    });
}

Polynomial term_distribution(const RollTerm& term)
{
    // A lone plain pool as roll_pool rolls it: a total drawn as Dice::roll draws it, and a
    // kept total with the pool's own modifier added (a count of successes has none).
    const PoolSpec& pool = term.pools.front();
    const DiceSpec& spec = pool.dice;
    if (term.single() && pool.read == PoolSpec::Read::total) {
        return Polynomial{pool_ways(spec), static_cast<long long>(spec.count) + spec.modifier,
                          boost::multiprecision::pow(BigInt(spec.sides), static_cast<unsigned>(spec.count))};
    }
    Polynomial p = polynomial_of(term_odds(term));
    if (term.single() && (pool.read == PoolSpec::Read::keep_highest || pool.read == PoolSpec::Read::keep_lowest)) {
        p.low += spec.modifier;
    }
    return p;
}

namespace {

// Draws every roll at its lowest: totals_odds's first branch, as an odds walk's first branch
// draws it (each draw's first choice), without counting anything. Faces run from 1.
class LowestSource : public DiceSource {
public:
    Draw draw(const DiceSpec& spec) override { return {drawn(spec.min()), {}}; }
    std::optional<int> kept(int, int, int keep, bool) override { return drawn(keep); }
    std::optional<int> successes(int count, int sides, int succeeding) override
    {
        return drawn(succeeding >= sides ? count : 0);
    }
    // A term drawn whole at its lowest: no source can say it without its distribution.
    std::optional<int> whole(const RollTerm&) override { return drawn(m_term_lowest); }
    Draw pick(const std::vector<std::uint64_t>&) override
    {
        throw Error(ExitCode::internal, "odds: totals that draw a category");
    }
    void next_term(int lowest) { m_term_lowest = lowest; }
    size_t draws() const { return m_draws; }

private:
    int drawn(int value)
    {
        ++m_draws;
        return value;
    }
    int m_term_lowest = 0;
    size_t m_draws = 0;
};

// P's lowest value with ways.
long long lowest_of(const Polynomial& p)
{
    const auto first = std::find_if(p.ways.begin(), p.ways.end(), [](const BigInt& w) { return w != 0; });
    return p.low + (first - p.ways.begin());
}

}  // namespace

OddsReport totals_odds(const Adjudicator& whole, std::vector<Polynomial> parts)
{
    // The sample: every roll at its lowest. A term drawn whole is drawn at most once a
    // part, in order: each part's own lowest given before it (one draw per part, checked).
    class Lowest : public LowestSource {
    public:
        explicit Lowest(const std::vector<Polynomial>& parts)
            : m_parts(parts)
        {
        }
        std::optional<int> whole(const RollTerm& term) override
        {
            if (draws() < m_parts.size()) {
                next_term(static_cast<int>(lowest_of(m_parts[draws()])));
            }
            return LowestSource::whole(term);
        }

    private:
        const std::vector<Polynomial>& m_parts;
    } lowest(parts);
    Dice dice(lowest, {});
    OddsReport out;
    out.sample = whole(dice);
    const Resolution& r = out.sample;
    bool as_drawn =
        !parts.empty() && lowest.draws() == parts.size() && r.results.size() == parts.size() && r.result.fields.empty();
    for (size_t i = 0; as_drawn && i < parts.size(); ++i) {
        as_drawn = r.results[i].code == std::to_string(lowest_of(parts[i]));  // its distribution is its roll's
    }
    if (!as_drawn) {
        throw Error(ExitCode::internal, "odds: totals that are not one labelled result of one draw each, "
                                        "each at the lowest of its distribution");
    }
    for (const auto& p : parts) {
        out.branches += static_cast<std::uint64_t>(
            std::count_if(p.ways.begin(), p.ways.end(), [](const BigInt& w) { return w != 0; }));
    }
    // Parts alike (4d6kh3 x 100) share one distribution: to a power in the sum, their lines
    // written once and copied. Moved there, not copied (1000d10's 9,001 counts of 3,300 bits).
    const size_t count = parts.size();
    const PartKinds alike(std::move(parts));
    const std::shared_ptr<const Polynomial> total = alike.sum();
    OddsDimension headline{"result", lines_of(total, r.result.name)};
    headline.ways = total;
    out.dimensions.push_back(std::move(headline));
    std::vector<size_t> written(alike.kinds.size(), 0);  // the dimension with each kind's lines, 0 for none yet
    for (size_t i = 0; i < count; ++i) {
        const Outcome& o = r.results[i];
        if (o.label.empty() || o.label == r.result.label || o.label.find('.') != std::string::npos) {
            throw Error(ExitCode::internal, "odds: a total of " + r.command + " without a label of its own");
        }
        const size_t kind = alike.kind_of[i];
        const size_t from = count == 1 ? 0 : written[kind];
        OddsDimension d{o.label, {}};
        if (from > 0 || count == 1) {
            d.lines = out.dimensions[from].lines;
            for (auto& line : d.lines) {
                line.name = o.name;
            }
        } else {
            d.lines = lines_of(alike.kinds[kind].first, o.name);
            written[kind] = out.dimensions.size();
        }
        d.ways = alike.kinds[kind].first;
        out.dimensions.push_back(std::move(d));
        for (const auto& field : o.fields) {
            if (!value_text(field.value).empty()) {
                out.fixed.push_back(o.label + "." + field.key);  // the same in every branch
            }
        }
    }
    return out;
}

Polynomial polynomial_of_lines(const std::vector<OddsLine>& lines, const std::string& what,
                               std::vector<long long>* values)
{
    std::map<long long, const Rational*> by_value;
    Polynomial p;
    for (const auto& line : lines) {
        const auto value = parse_int(line.value, -1000000000000LL, 1000000000000LL);
        if (!value || by_value.count(*value) != 0) {
            throw Error(ExitCode::internal, "odds: " + what + " reads '" + line.value + "', not a number once");
        }
        by_value[*value] = &line.probability.q();
        if (values != nullptr) {
            values->push_back(*value);
        }
        p.all = boost::multiprecision::lcm(p.all, boost::multiprecision::denominator(line.probability.q()));
    }
    if (by_value.empty()) {
        throw Error(ExitCode::internal, "odds: " + what + " has no lines");
    }
    p.low = by_value.begin()->first;
    p.ways.resize(static_cast<size_t>(by_value.rbegin()->first - p.low + 1));
    for (const auto& [value, q] : by_value) {
        p.ways[static_cast<size_t>(value - p.low)] =
            boost::multiprecision::numerator(*q) * (p.all / boost::multiprecision::denominator(*q));
    }
    return p;
}

Polynomial negated(Polynomial p)
{
    std::reverse(p.ways.begin(), p.ways.end());
    p.low = -(p.low + static_cast<long long>(p.ways.size()) - 1);
    return p;
}

OddsReport apart_odds(const Adjudicator& whole, std::vector<OddsReport> parts)
{
    if (parts.empty()) {
        throw Error(ExitCode::internal, "odds: a whole of no parts");
    }
    OddsReport out;
    out.sample = first_branch(whole);
    out.branches = 1;
    for (size_t i = 0; i < parts.size(); ++i) {
        OddsReport& part = parts[i];
        if (__builtin_mul_overflow(out.branches, part.branches, &out.branches)) {
            out.branches = std::numeric_limits<std::uint64_t>::max();
        }
        if (i > 0) {
            const std::string label = part.sample.result.label;
            if (label.empty() || label == "result") {
                throw Error(ExitCode::internal, "odds: a part of a whole whose result has no label of its own");
            }
            part = relabelled(std::move(part), "result", label);
        }
        add_provisional(out.sample, part.sample);
        out.fixed.insert(out.fixed.end(), part.fixed.begin(), part.fixed.end());
        for (auto& d : part.dimensions) {
            const bool taken = std::any_of(out.dimensions.begin(), out.dimensions.end(),
                                           [&](const OddsDimension& o) { return o.name == d.name; });
            if (taken) {
                throw Error(ExitCode::internal, "odds: two parts of a whole both report " + d.name);
            }
            out.dimensions.push_back(std::move(d));
        }
    }
    return out;
}

std::string branches_text(std::uint64_t branches)
{
    if (branches == std::numeric_limits<std::uint64_t>::max()) {
        return "more than " + std::to_string(branches) + " branches";
    }
    return std::to_string(branches) + (branches == 1 ? " branch" : " branches");
}

size_t printed_size(const OddsReport& report)
{
    size_t size = 4096;
    for (const auto& d : report.dimensions) {
        for (const auto& line : d.lines) {
            size += 128 + line.value.size() + line.name.size() + line.probability.digits();
        }
    }
    return size;
}

namespace {

// Whether A and B have the same lines. Lines made from one polynomial (lines_of) have its
// probabilities, in its order: their labels decide, without comparing 9,001 fractions of
// 3,300 bits (1000d10's total and its lone expression).
bool same_lines(const OddsDimension& a, const OddsDimension& b)
{
    if (a.ways == nullptr || a.ways != b.ways) {
        return a.lines == b.lines;
    }
    return std::equal(a.lines.begin(), a.lines.end(), b.lines.begin(), b.lines.end(),
                      [](const OddsLine& x, const OddsLine& y) {
                          return x.value == y.value && x.name == y.name && x.severity == y.severity;
                      });
}

}  // namespace

void arrange_odds(OddsReport& report, const std::vector<const Table*>& tables)
{
    const OddsDimension* previous = nullptr;
    for (auto& d : report.dimensions) {
        // Parts alike (4d6kh3 x 100) are the same lines one after another: arranged once,
        // and marked for the formatters, which copy what they wrote for the one before.
        // Lines equal to the arranged ones before are in their order already.
        d.same_as_previous = previous != nullptr && same_lines(*previous, d);
        if (d.same_as_previous) {
            d.numeric = previous->numeric;
            d.expected = previous->expected;
            d.variance = previous->variance;
            d.expected_when_reported = previous->expected_when_reported;
            previous = &d;
            continue;
        }
        previous = &d;
        // Lines made from one polynomial are in order already, and summed from it: the
        // sums of v and v^2 times each count over one denominator, for |v| <= 10^9 as below.
        if (const Polynomial* p = d.ways.get(); p != nullptr && p->low >= -1000000000 &&
                                                p->low + static_cast<long long>(p->ways.size()) - 1 <= 1000000000) {
            d.numeric = true;
            BigInt first = 0;   // the sum of v x ways
            BigInt second = 0;  // of v^2 x ways
            for (size_t k = 0; k < p->ways.size(); ++k) {
                // each count times |v| and v^2 (at most 10^18) added in place, no product kept
                const long long v = p->low + static_cast<long long>(k);
                const mpz_srcptr w = p->ways[k].backend().data();
                const auto magnitude = static_cast<unsigned long>(v < 0 ? -v : v);
                if (v < 0) {
                    mpz_submul_ui(first.backend().data(), w, magnitude);
                } else {
                    mpz_addmul_ui(first.backend().data(), w, magnitude);
                }
                mpz_addmul_ui(second.backend().data(), w, magnitude * magnitude);
            }
            d.expected_when_reported = false;
            d.expected = Fraction{ratio(first, p->all)};
            d.variance = Fraction{ratio(second * p->all - first * first, p->all * p->all)};
            continue;
        }
        d.ways = nullptr;  // lines put in order below are no longer its coefficients
        d.numeric = true;
        for (const auto& line : d.lines) {
            auto n = line.value.empty() ? Expected<long long>(0) : parse_int(line.value, -1000000000, 1000000000);
            d.numeric = d.numeric && static_cast<bool>(n);
        }
        // The rank of each line's value: its number, or its place in a legend.
        std::function<long long(const OddsLine&)> rank;
        if (d.numeric) {
            rank = [](const OddsLine& line) { return *parse_int(line.value, -1000000000, 1000000000); };
            ExactSum expected;
            ExactSum square;  // E[X^2], for the variance E[X^2] - E[X]^2
            ExactSum reported;
            for (const auto& line : d.lines) {
                if (!line.value.empty()) {
                    const long long x = rank(line);  // |x| <= 10^9: x*x fits
                    expected.add(line.probability.q(), x);
                    square.add(line.probability.q(), x * x);
                    reported.add(line.probability.q());
                }
            }
            // A count some branches do not report (a loser's losses on a tie) is
            // expected over the branches that do, and so is its spread.
            const Big over = reported.total();
            d.expected_when_reported = over != 1;
            const Big mean = over == 0 ? Big(0) : Big(expected.total() / over);
            d.expected = Fraction{mean};
            d.variance = Fraction{over == 0 ? Big(0) : Big(square.total() / over - mean * mean)};
        } else {
            for (const Table* t : tables) {
                const bool knows_all = std::all_of(d.lines.begin(), d.lines.end(), [&](const OddsLine& line) {
                    return line.value.empty() || t->find_code(line.value) != nullptr;
                });
                if (knows_all) {
                    rank = [t](const OddsLine& line) {
                        return static_cast<long long>(t->find_code(line.value) - t->legend.data());
                    };
                    break;
                }
            }
        }
        if (rank) {
            // Each line ranked once ("(not reported)" last), then sorted by its rank.
            std::vector<std::pair<long long, size_t>> ranked;
            ranked.reserve(d.lines.size());
            for (size_t i = 0; i < d.lines.size(); ++i) {
                const OddsLine& line = d.lines[i];
                ranked.emplace_back(line.value.empty() ? std::numeric_limits<long long>::max() : rank(line), i);
            }
            if (!std::is_sorted(ranked.begin(), ranked.end())) {
                std::stable_sort(ranked.begin(), ranked.end(),
                                 [](const auto& a, const auto& b) { return a.first < b.first; });
                std::vector<OddsLine> lines;
                lines.reserve(d.lines.size());
                for (const auto& [r, i] : ranked) {
                    lines.push_back(std::move(d.lines[i]));
                }
                d.lines = std::move(lines);
            }
        }
    }
}

}  // namespace umpire::core
