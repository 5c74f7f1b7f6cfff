#pragma once
// Exact odds by running the same adjudicator over every branch of its roll tree
// (DESIGN.md principle 7). No rule is implemented twice: the adjudicator draws from an
// enumerating source instead of a random one.

#include "core/resolution.h"
#include "core/table.h"

#include <boost/multiprecision/gmp.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace umpire::core {

// The most branches exact odds walk before it refuses (documented in umpire(1)).
inline constexpr std::uint64_t k_max_odds_branches = 1000000;
// The most work a total too large for 64-bit ways may take: dice x totals x the 64-bit
// words of each count (1000d10: 4.7e8, about two seconds; 1000d20 is past it).
inline constexpr long long k_max_odds_dice_work = 500000000;

// Exact numbers at any size: GMP's, through Boost.Multiprecision (libgmp-dev). A rational
// is kept in lowest terms, and reducing it is most of the work of large odds: GMP's gcd
// is several times Boost's own cpp_int's at a few hundred digits (issue 26).
using Rational = boost::multiprecision::mpq_rational;
using Integer = boost::multiprecision::mpz_int;

// An exact probability at any size (always in lowest terms): 10d10 has 10^10 outcomes,
// and two such pools 10^20, past 64 bits.
struct Fraction {
    Rational q{0};
    double value() const { return q.convert_to<double>(); }
    // "num/den" in lowest terms.
    std::string text() const;
    bool operator==(const Fraction&) const = default;
};
Fraction add(const Fraction& a, const Fraction& b);

// The name of the line for the branches in which a field or outcome is not reported
// (its value is "").
inline constexpr const char* k_not_reported = "(not reported)";

struct OddsLine {
    std::string value;  // the code or value, as the JSON output reports it
    std::string name;   // its name, for text output
    Fraction probability;
    std::string severity;  // the outcome's (none, light, heavy, severe), "" when not stated
};

// One thing the resolution reports ("result", "velocity", "rammer_damaged"...), with the
// probability of each value it can take.
struct OddsDimension {
    std::string name;
    std::vector<OddsLine> lines;
    bool numeric = false;                 // every value reported is a whole number: a count or total
    std::optional<Fraction> expected;     // its expected value, for a numeric dimension
    bool expected_when_reported = false;  // over the branches that report it, when some do not
};

struct OddsReport {
    std::vector<OddsDimension> dimensions;
    std::uint64_t branches = 0;
    Resolution sample;  // the first branch's resolution, for the inputs and working
};

using Adjudicator = std::function<Resolution(Dice&)>;

// How the roll tree is walked: MERGED enumerates each part of a tally (Dice::tally)
// once and combines their counts; BRANCHES walks every sequence of dice, the plain walk
// the merged one is tested against.
enum class OddsWalk { merged, branches };

// Runs ADJUDICATE once per branch. Values in GIVEN are fixed, as given dice; the rest
// are enumerated. Throws a usage Error past k_max_odds_branches.
// PROGRESS, when given, hears the number of branches walked every few thousand.
OddsReport compute_odds(const Adjudicator& adjudicate, const std::vector<int>& given, OddsWalk how = OddsWalk::merged,
                        const std::function<void(std::uint64_t)>& progress = {});

// The odds of a resolution whose headline is the sum of independent parts' headlines
// (roll's expressions): PARTS are each part's odds, walked alone; the headline's lines
// ("total") by convolving theirs, and each part's other dimensions as they are. The work
// is the parts' walks and one convolution, not the product of their branches. The sample
// is the first part's, with every part's tables and provisional notes.
OddsReport sum_odds(std::vector<OddsReport> parts);

// Puts REPORT's lines in the order a player reads them: numbers ascending, with their
// expected value; codes in the order of the legend of a table in TABLES that knows them
// all (a CRT's results in its order of severity); "(not reported)" last. The walk's own
// order is the order the dice produced them.
void arrange_odds(OddsReport& report, const std::vector<const Table*>& tables);

}  // namespace umpire::core
