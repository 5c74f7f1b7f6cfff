#pragma once
// Exact odds by running the same adjudicator over every branch of its roll tree
// (DESIGN.md principle 7). No rule is implemented twice: the adjudicator draws from an
// enumerating source instead of a random one.

#include "core/resolution.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace umpire::core {

// The most branches exact odds walk before it refuses (documented in umpire(1)).
inline constexpr std::uint64_t k_max_odds_branches = 1000000;

struct Fraction {
    std::uint64_t num = 0;
    std::uint64_t den = 1;
    double value() const { return static_cast<double>(num) / static_cast<double>(den); }
};
Fraction add(Fraction a, Fraction b);

struct OddsLine {
    std::string value;  // the code or value, as the JSON output reports it
    std::string name;   // its name, for text output
    Fraction probability;
};

// One thing the resolution reports ("result", "velocity", "rammer_damaged"...), with the
// probability of each value it can take.
struct OddsDimension {
    std::string name;
    std::vector<OddsLine> lines;
};

struct OddsReport {
    std::vector<OddsDimension> dimensions;
    std::uint64_t branches = 0;
    Resolution sample;  // the first branch's resolution, for the inputs and working
};

using Adjudicator = std::function<Resolution(Dice&)>;

// Runs ADJUDICATE once per branch. Values in GIVEN are fixed, as given dice; the rest
// are enumerated. Throws a usage Error past k_max_odds_branches.
OddsReport compute_odds(const Adjudicator& adjudicate, const std::vector<int>& given);

}  // namespace umpire::core
