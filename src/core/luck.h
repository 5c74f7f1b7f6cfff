#pragma once
// Where results fell in their exact distributions (umpire luck). Each resolution is a
// score: the place of its result in an order of its possible results (a severity's rank,
// or a count or total itself), with the exact chance of every score. Independent
// resolutions add: the distribution of a total is the convolution of theirs.

#include "core/odds.h"

#include <map>
#include <string>
#include <vector>

namespace umpire::core {

// One resolution: the chance of each score, and the score it had.
struct Ranked {
    std::map<long long, Rational> chances;
    long long actual = 0;
    bool by_severity = false;  // scored by severity, not by number
    std::string dimension;     // what was scored: "result", or a field of it ("result.rallied")
};

// The order of REPORT's main result ("result"): each line's score, by severity (none 0,
// light 1, heavy 2, severe 3) when every line states one, else by value when the result is
// a number; else the first of the result's fields that is a count ("result.rallied").
// ACTUAL is the result the resolution had, FIELDS its fields as an odds report writes their values.
// Empty chances (with WHY set) when none of these has an order or the actual value is not
// among them.
Ranked rank_result(const OddsReport& report, const std::string& actual,
                   const std::vector<std::pair<std::string, std::string>>& fields, std::string& why);

// The most work (each resolution's possible scores times the totals before it, summed)
// a total is counted exactly with; past it, the normal curve (documented in umpire(1)).
inline constexpr double k_max_luck_work = 2e7;

// Where a total of independent resolutions fell in its exact distribution.
struct TotalPlace {
    long long total = 0;  // the actual total
    Rational expected;    // its expected value
    Rational below;       // the chance of a total below it
    Rational equal;       // ... equal to it
    Rational above;       // ... above it
    // Counted exactly; false past k_max_luck_work, where the three chances are the normal
    // curve's with the exact mean and variance (and are no longer exact fractions).
    bool exact = true;
    // The mid-percentile: below + equal / 2, as a percent. 50 when results ran as expected.
    double percentile() const;
};
TotalPlace place_total(const std::vector<Ranked>& resolutions);

// Whether a set of resolutions as a whole was unusual, whichever way: each result's
// mid-percentile U (the chance of a lower score plus half that of its own) has mean 1/2 and
// variance (1 - sum of p cubed) / 12 exactly under fair dice; their sum against its mean,
// in standard deviations, read on the normal curve (two-sided).
struct Unusual {
    size_t counted = 0;  // resolutions with more than one possible result
    Rational sum;        // the sum of their mid-percentiles
    Rational mean;       // its expected value, counted / 2
    Rational variance;   // its exact variance
    double z = 0;        // (sum - mean) / sqrt(variance); 0 when nothing varied
    double p = 1;        // the chance, under fair dice, of a |z| at least this large
};
Unusual unusual(const std::vector<Ranked>& resolutions);

// The order of REPORT's DIMENSION (one of a resolution's other results: "attack on
// Galley-1"), by severity or by number, with ACTUAL's score; empty chances, WHY set, when it
// has no order or ACTUAL is not among its values.
Ranked rank_dimension(const OddsReport& report, const std::string& dimension, const std::string& actual,
                      std::string& why);

// The mid-percentile of one resolution's result: P(lower) + P(same) / 2.
Rational mid_percentile(const Ranked& r);

}  // namespace umpire::core
