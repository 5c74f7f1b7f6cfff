#pragma once
// Exact odds by running the same adjudicator over every branch of its roll tree
// (DESIGN.md principle 7). No rule is implemented twice: the adjudicator draws from an
// enumerating source instead of a random one.

#include "core/resolution.h"
#include "core/table.h"

#include <boost/multiprecision/gmp.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace umpire::core {

// The most branches exact odds walk before it refuses (documented in umpire(1)).
inline constexpr std::uint64_t k_max_odds_branches = 1000000;
// The largest distribution of a total too large for 64-bit ways that is counted: its
// totals x the 64-bit words of each count (1000d10: 9,001 x 52, 468,052; 1000d12 is past
// it). The work is Miller's recurrence, that size x the die's faces.
inline constexpr long long k_max_odds_total_words = 500000;

struct RollTerm;

// The size of the exact distribution of a total, as k_max_odds_total_words measures it:
// how many totals it takes, and the bits of its counts (at most; rerolls and explosions
// counted at their most).
struct CountSize {
    long double totals = 1;
    long double bits = 0;
};

// The size of the total of two independent parts of sizes A and B.
inline CountSize operator+(const CountSize& a, const CountSize& b)
{
    return {a.totals + b.totals - 1, a.bits + b.bits};
}

// The size of the distribution of TERM's total: each pool's totals and bits added.
CountSize count_size(const RollTerm& term);

// Refuses, with a usage error, a distribution of SIZE past k_max_odds_total_words: "WHAT
// has too many totals to count exactly (...WITHIN): ADVICE".
void require_countable(const CountSize& size, const std::string& what, const std::string& within,
                       const std::string& advice);

// Exact numbers at any size: GMP's, through Boost.Multiprecision (libgmp-dev). A rational
// is kept in lowest terms, and reducing it is most of the work of large odds: GMP's gcd
// is several times Boost's own cpp_int's at a few hundred digits (issue 26).
using Rational = boost::multiprecision::mpq_rational;
using Integer = boost::multiprecision::mpz_int;

struct Shares;

// An exact probability at any size, in lowest terms as it is read: 10d10 has 10^10
// outcomes, and two such pools 10^20, past 64 bits.
class Fraction {
public:
    Fraction() = default;
    Fraction(Rational q)  // NOLINT(google-explicit-constructor): a probability is a rational
        : m_q(std::move(q))
    {
    }
    // The share of a total's distribution at OF's index K (lines_of): put in lowest terms
    // when it is first read exactly (q(), text()), once for it and every copy of it. Its
    // value and its digits are read from the counts as they are: a table's text needs only
    // leading bits, and 1000d10's 9,001 fractions of 3,300 bits were a third of its work,
    // reduced to be printed as percents.
    Fraction(std::shared_ptr<const Shares> of, size_t k);
    // In lowest terms.
    const Rational& q() const;
    // Truncated to 53 bits, as GMP's mpq_get_d (truncated_quotient): Boost's generic
    // conversion was a tenth of a large answer's time.
    double value() const;
    // "num/den" in lowest terms.
    std::string text() const;
    // -1, 0 or 1 as the fraction is below, at or above 0.
    int sign() const;
    // The decimal digits of its two parts as GMP counts them (one too many at times), at
    // most: of the counts as they are, when not yet in lowest terms.
    size_t digits() const;
    // GMP's test of equality (Boost's == on rationals cross-multiplies, mpq_cmp); two
    // shares of one distribution by their counts.
    bool operator==(const Fraction& other) const;

private:
    // The two numbers it is N/D of, not necessarily in lowest terms.
    std::pair<mpz_srcptr, mpz_srcptr> parts() const;
    std::optional<Rational> m_q;  // when it is not a share (nor 0)
    std::shared_ptr<const Shares> m_of;
    size_t m_k = 0;
};
Fraction add(const Fraction& a, const Fraction& b);

// N/D in lowest terms. A die's denominators are made of small primes (sides to a power, a
// sum of weights): those are divided out prime by prime, without the gcd of two whole
// numbers that was most of the time of large odds (1000d10: 9,001 gcds of 3,300 bits);
// any other denominator is reduced by GMP. D is not 0.
Rational ratio(Integer n, Integer d);

// N/D as a double (D above 0), truncated, the smallest one above 0 for an N above 0 too
// small for one: a share of the whole, for a bar or a percent.
double quotient(const Integer& n, const Integer& d);

// N/D (D above 0) as GMP's mpq_get_d gives it, bit for bit (truncated toward 0), from the
// two numbers' leading bits when those decide it: mpq_get_d divides the whole numbers, a
// third of 1000d10's text (9,001 shares and as many "at least" of 3,300 bits each).
double truncated_quotient(mpz_srcptr n, mpz_srcptr d);

// A sum of exact probabilities kept as a whole number over the least common multiple of
// their denominators, reduced once when it is read: adding rationals one by one reduces
// every partial sum. TIMES weighs a term (a count's value, for an expected value).
class ExactSum {
public:
    void add(const Rational& q, long long times = 1);
    // Adds NUM/DEN (DEN not 0); LOWEST when it is known to be in lowest terms, so that a
    // sum of it alone is not reduced again.
    void add(const Integer& num, const Integer& den, bool lowest = false);
    Rational total() const;
    bool zero() const { return m_num == 0; }
    // The sum as a double, without reducing it.
    double value() const;

private:
    void add(mpz_srcptr num, mpz_srcptr den, long long times, bool lowest);
    // Zero as GMP makes it, without allocating (mpz_init): an odds table builds one sum per
    // line (5d1000: 4,996 of them), most of them added to once.
    Integer m_num;
    Integer m_den{1};
    bool m_lowest = false;  // the sum is one term, in lowest terms (total() as it is)
    // The last denominator added unlike m_den, and m_den over it (0 before any).
    Integer m_last_den;
    Integer m_last_up;
};

// The product of two polynomials with whole coefficients not below 0 (each the ways of
// each total of a part, the lowest first): the ways of the sum of the two parts. By
// Kronecker substitution: each polynomial packed into one whole number, a coefficient
// every few 64-bit words, multiplied by GMP (its FFT at these sizes), and unpacked; not
// a product per pair of coefficients (three 100d10: 1,623,602 products of 300-bit numbers).
std::vector<Integer> multiply(const std::vector<Integer>& a, const std::vector<Integer>& b);

// A^N for a polynomial A as above, A[0] not 0: the ways of each total of N parts alike.
// A die's few small coefficients (1000d10) by J.C.P. Miller's recurrence, each of the
// answer's N x M + 1 coefficients from the M before it (M the degree of A), so 81,000
// small products, not N convolutions; any other A by squaring with multiply().
std::vector<Integer> power(const std::vector<Integer>& a, unsigned n);

// A distribution of whole numbers as a polynomial: WAYS[k] the ways of the value LOW + k,
// out of ALL.
struct Polynomial {
    std::vector<Integer> ways;
    long long low = 0;
    Integer all = 1;
};

// The name of the line for the branches in which a field or outcome is not reported
// (its value is "").
inline constexpr const char* k_not_reported = "(not reported)";

struct OddsLine {
    std::string value;  // the code or value, as the JSON output reports it
    std::string name;   // its name, for text output
    Fraction probability;
    std::string severity;  // the outcome's (none, light, heavy, severe), "" when not stated
    bool operator==(const OddsLine&) const = default;
};

// One thing the resolution reports ("result", "velocity", "rammer_damaged"...), with the
// probability of each value it can take.
struct OddsDimension {
    std::string name;
    std::vector<OddsLine> lines;
    bool numeric = false;                 // every value reported is a whole number: a count or total
    std::optional<Fraction> expected;     // its expected value, for a numeric dimension
    std::optional<Fraction> variance;     // and its variance (the standard deviation squared), exact
    bool expected_when_reported = false;  // over the branches that report it, when some do not
    // Its lines are the dimension before's (parts alike: 4d6kh3 x 100), as arrange_odds
    // found them: what was written for that one is copied.
    bool same_as_previous = false;
    // Its lines as one polynomial over one denominator, when they were made from one (a
    // total's distribution, lines_of): its expected value, spread and "at least" are summed
    // from it, not from 9,001 fractions of as many denominators (1000d10). Whoever changes
    // the lines drops it.
    std::shared_ptr<const Polynomial> ways;
};

// The line at the other end of DIM's lines that line I mirrors, when it comes first and has
// line I's probability (a sum of dice alike is symmetric): what was worked out for it (its
// share, its fraction's text) serves line I too. Only a dimension made from one polynomial.
inline std::optional<size_t> mirrored(const OddsDimension& dim, size_t i)
{
    const size_t mirror = dim.lines.size() - 1 - i;
    if (dim.ways && mirror < i && dim.lines[i].probability == dim.lines[mirror].probability) {
        return mirror;
    }
    return std::nullopt;
}

// P's lines, a value for each of its ways not 0, lowest first, each named NAME, with its
// probability (a share of P, put in lowest terms when read exactly).
std::vector<OddsLine> lines_of(const std::shared_ptr<const Polynomial>& p, const std::string& name);

// LINES of whole numbers (a total, a count of hits), each value once, as a polynomial over
// the least common multiple of their denominators: how parts are added (sum_odds, the
// difference of two pools of hits). Another line is an internal error, naming WHAT.
// VALUES, when given, gets each line's value in the lines' order.
Polynomial polynomial_of_lines(const std::vector<OddsLine>& lines, const std::string& what,
                               std::vector<long long>* values = nullptr);

// The polynomial of minus P's value: its ways in reverse (a difference is a sum).
Polynomial negated(Polynomial p);

struct OddsReport {
    std::vector<OddsDimension> dimensions;
    std::uint64_t branches = 0;
    Resolution sample;  // the first branch's resolution, for the inputs and working
    // The fields every branch reports alike, by dimension name ("result.column"): no odds
    // but what the request makes (a CRT's odds column, a melee's differential), which the
    // plain answer shows under its result. Their values are the sample's (fixed_fields).
    std::vector<std::string> fixed;
};

using Adjudicator = std::function<Resolution(Dice&)>;

// What R reports, named as its odds name it: (dimension, value) for the headline, each of
// its fields and each further result, as compute_odds tallies a branch. A picture of the
// odds marks the roll just made by these.
std::vector<std::pair<std::string, std::string>> reported(const Resolution& r);

// REPORT's fixed fields as (dimension name, value), in the order the sample reports them.
std::vector<std::pair<std::string, std::string>> fixed_fields(const OddsReport& report);

// How the roll tree is walked: MERGED enumerates each part of a tally (Dice::tally)
// once and combines their counts; BRANCHES walks every sequence of dice, the plain walk
// the merged one is tested against.
enum class OddsWalk { merged, branches };

// What the odds walks of one request may share, each counted once: distributions of
// dice, and parts and tallies by the keys they are named with (Dice::tally). Opaque.
class OddsCache {
public:
    OddsCache();

private:
    friend struct OddsCacheState;
    std::shared_ptr<void> m_state;
};

// Whether TERM's result is its total alone, named alike whatever its dice show: no critical
// marks, no count of successes (whose "success" and "successes" differ). Its odds are its
// distribution (term_distribution, totals_odds), not a walk.
bool total_alone(const RollTerm& term);

// The distribution of TERM's total, as a roll of it gives it (pool.cc roll_term);
// refused with a usage error past k_max_odds_total_words, as its odds walk refuses it.
Polynomial term_distribution(const RollTerm& term);

// The odds of a resolution made of independent totals of known distributions and nothing
// else that varies (roll's expressions, but for hit dice and critical marks, whose names
// vary with the dice): WHOLE draws PARTS[I] as its Ith draw (a die or a term drawn whole)
// and reports it as its Ith result, labelled; the headline is their sum, and each result's
// fields are the same in every branch. WHOLE is run once, every draw at its lowest, for the
// sample; the lines come from the distributions, not from a walk of a branch per total
// (1000d10's 9,001 runs of the roll): the report compute_odds (one part) or sum_odds
// (several) would give.
OddsReport totals_odds(const Adjudicator& whole, std::vector<Polynomial> parts);

// Runs ADJUDICATE once per branch. Values in GIVEN are fixed, as given dice; the rest
// are enumerated. Throws a usage Error past k_max_odds_branches.
// PROGRESS, when given, hears the number of branches walked every few thousand. SHARED,
// when given, keeps what the walk counts for other walks of the same request.
OddsReport compute_odds(const Adjudicator& adjudicate, const std::vector<int>& given, OddsWalk how = OddsWalk::merged,
                        const std::function<void(std::uint64_t)>& progress = {}, OddsCache* shared = nullptr);

// The odds of a resolution whose headline is the sum of independent parts' headlines
// (roll's expressions): PARTS are each part's odds, walked alone; the headline's lines
// ("total") by convolving theirs, and each part's other dimensions as they are. The work
// is the parts' walks and one convolution, not the product of their branches. The sample
// is the first part's, with every part's tables and provisional notes.
OddsReport sum_odds(std::vector<OddsReport> parts);

// One of the independent parts whose headlines a resolution sums (sum_odds): ADJUDICATE
// walked alone, its results under LABEL. Parts of one ALIKE (the same dice: "4d6kh3" in
// 4d6kh3 x 100) have the same odds under their own labels: walked once, the others are
// that walk relabelled. An empty ALIKE is like no other part.
struct OddsPart {
    Adjudicator adjudicate;
    std::string label;
    std::string alike;
};

// The odds of a resolution made of independent parts that nothing joins: each part its
// own dice and its own results, no headline read from two of them (melee's attack and
// each counterattack, Constantinople 15.25). PARTS are each part's odds, walked alone: the
// first part's headline is the whole's headline, and every other part's headline is one
// of the whole's results, under that part's own label (its sample's result label). The
// work is the parts' walks, not the product of their branches; BRANCHES is that product,
// the branches of the whole's tree. The sample is WHOLE's first branch, as its own walk's.
OddsReport apart_odds(const Adjudicator& whole, std::vector<OddsReport> parts);

// Each outcome of a resolution with its exact probability, given to ADD one at a time
// (weighted_odds): a resolution is not kept once tallied.
using WeightedOutcomes =
    std::function<void(const std::function<void(const Resolution& outcome, const Rational& probability)>& add)>;

// The odds of OUTCOMES, resolutions each with its exact probability (together 1), tallied
// as compute_odds tallies the branches of its walk, in this order: for a game that works
// out which outcomes its dice make, and how likely each is, without walking every branch
// (Novorossiysk's hits: only the difference of the two pools' hits decides what lands).
// SAMPLE and BRANCHES are the report's, as the whole walk would give them.
OddsReport weighted_odds(const WeightedOutcomes& outcomes, Resolution sample, std::uint64_t branches);

// Puts LINES, the odds of one field read from a walk of its own dice, as REPORT's
// dimension NAME (replacing what weighted_odds tallied for it) at place AT, where the
// whole walk has it; a field of one value is input, not odds, and is dropped, as
// compute_odds drops it. Returns whether the dimension is there.
bool put_marginal(OddsReport& report, const std::string& name, std::vector<OddsLine> lines, size_t at);

// ADJUDICATE's first branch, every die at its first face, read in full: the sample its
// own odds walk keeps. SHARED as for compute_odds.
Resolution first_branch(const Adjudicator& adjudicate, OddsCache* shared = nullptr);

// How the parts an adjudicator declares make up its whole (cli::Context::adjudicate).
enum class PartsAre {
    summed,  // the headline is the sum of theirs (sum_odds)
    apart,   // nothing joins them (apart_odds)
};

// REPORT with the dimensions of FROM (FROM itself and FROM.field) named for TO instead.
OddsReport relabelled(OddsReport report, const std::string& from, const std::string& to);

// "1 branch", "N branches" of a roll tree; "more than 18446744073709551615 branches" for
// a count past 64 bits, kept as that largest number (a storm of 100 ships has 6^100).
std::string branches_text(std::uint64_t branches);

// About how many characters REPORT takes to print, its fractions' digits and a line's
// worth around each: for a writer to reserve at once.
size_t printed_size(const OddsReport& report);

// Puts REPORT's lines in the order a player reads them: numbers ascending, with their
// expected value; codes in the order of the legend of a table in TABLES that knows them
// all (a CRT's results in its order of severity); "(not reported)" last. The walk's own
// order is the order the dice produced them.
void arrange_odds(OddsReport& report, const std::vector<const Table*>& tables);

}  // namespace umpire::core
