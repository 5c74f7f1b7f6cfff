#include "core/odds.h"

#include "util/error.h"

#include <cstdio>
#include <map>
#include <numeric>

namespace umpire::core {

Fraction add(const Fraction& a, const Fraction& b) { return {a.q + b.q}; }

std::string Fraction::text() const
{
    return boost::multiprecision::numerator(q).str() + "/" + boost::multiprecision::denominator(q).str();
}

namespace {

__extension__ typedef unsigned __int128 Wide;  // a GCC extension: exact products past 64 bits
using Big = boost::multiprecision::cpp_rational;
using BigInt = boost::multiprecision::cpp_int;

BigInt big_of(Wide w)
{
    BigInt out = static_cast<std::uint64_t>(w >> 64);
    out <<= 64;
    out += static_cast<std::uint64_t>(w);
    return out;
}

// A branch's weight, ways over outcomes: two 128-bit integers while they fit (almost
// always), else the exact rational. Rationals reduce on every step and cost ten times
// as much, so they are kept for the trees that need them.
struct Weight {
    Wide num = 1;
    Wide den = 1;
    bool wide = true;
    Big big{1};

    void times(std::uint64_t ways, std::uint64_t outcomes)
    {
        Wide n = 0;
        Wide d = 0;
        if (wide && !__builtin_mul_overflow(num, static_cast<Wide>(ways), &n) &&
            !__builtin_mul_overflow(den, static_cast<Wide>(outcomes), &d)) {
            num = n;
            den = d;
            return;
        }
        if (wide) {
            wide = false;
            big = Big(big_of(num), big_of(den));
        }
        big *= Big(ways, outcomes);
    }
};

// The probability of one line, summed: per denominator while sums fit in 128 bits, the
// rest as the exact rational.
struct Sum {
    std::vector<std::pair<Wide, Wide>> by_den;  // (denominator, numerators summed)
    Big big{0};

    void add(const Weight& w)
    {
        if (!w.wide) {
            big += w.big;
            return;
        }
        for (auto& [den, num] : by_den) {
            if (den == w.den) {
                if (__builtin_add_overflow(num, w.num, &num)) {
                    big += Big(big_of(num - w.num), big_of(den));  // keep what was summed
                    num = w.num;
                }
                return;
            }
        }
        by_den.emplace_back(w.den, w.num);
    }

    Fraction total() const
    {
        Big out = big;
        for (const auto& [den, num] : by_den) {
            out += Big(big_of(num), big_of(den));
        }
        return {out};
    }
};

// Draws the branch named by a path of choice indices, then index 0 past its end, and
// remembers how many choices each draw had so the caller can advance.
// Distributions by dice, kept across branches: computing one can cost far more than a
// branch does.
using DistributionCache = std::vector<std::pair<DiceSpec, std::vector<Ways>>>;

class EnumSource : public DiceSource {
public:
    EnumSource(const std::vector<size_t>& path, DistributionCache& cache)
        : m_path(path)
        , m_cache(cache)
    {
    }

    Draw draw(const DiceSpec& spec) override
    {
        auto& dist = distribution_of(spec);
        size_t depth = m_taken.size();
        size_t choice = depth < m_path.size() ? m_path[depth] : 0;
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
        size_t depth = m_taken.size();
        size_t choice = depth < m_path.size() ? m_path[depth] : 0;
        m_taken.push_back({choice, live.size()});
        m_weight.times(weights[live[choice]], sum);
        return {static_cast<int>(live[choice] + 1), {}};
    }

    struct Taken {
        size_t choice;
        size_t options;
    };
    const std::vector<Taken>& taken() const { return m_taken; }
    const Weight& weight() const { return m_weight; }

private:
    const std::vector<Ways>& distribution_of(const DiceSpec& spec)
    {
        for (auto& [s, d] : m_cache) {
            if (s == spec) {
                return d;
            }
        }
        if (outcome_count(spec) == 0) {
            throw usage_error("{odds}: " + spec.label() + " has too many outcomes to enumerate");
        }
        m_cache.emplace_back(spec, distribution(spec));
        return m_cache.back().second;
    }

    const std::vector<size_t>& m_path;
    std::vector<Taken> m_taken;
    Weight m_weight;
    DistributionCache& m_cache;
};

// The sums behind REPORT's lines, dimension by dimension, line by line.
using Sums = std::vector<std::vector<Sum>>;

void tally(OddsReport& report, Sums& sums, const std::string& dimension, const std::string& value,
           const std::string& name, const Weight& weight)
{
    size_t d = 0;
    while (d < report.dimensions.size() && report.dimensions[d].name != dimension) {
        ++d;
    }
    if (d == report.dimensions.size()) {
        report.dimensions.push_back({dimension, {}});
        sums.emplace_back();
    }
    auto& lines = report.dimensions[d].lines;
    for (size_t l = 0; l < lines.size(); ++l) {
        if (lines[l].value == value) {
            sums[d][l].add(weight);
            return;
        }
    }
    lines.push_back({value, name, {}});
    sums[d].emplace_back();
    sums[d].back().add(weight);
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

void tally_outcome(OddsReport& report, Sums& sums, const Outcome& outcome, const std::string& prefix,
                   const Weight& weight)
{
    tally(report, sums, prefix, outcome.code, outcome.name, weight);
    for (const auto& field : outcome.fields) {
        std::string text = value_text(field.value);
        if (!text.empty()) {
            tally(report, sums, prefix + "." + field.key, text, "", weight);
        }
    }
}

}  // namespace

OddsReport compute_odds(const Adjudicator& adjudicate, const std::vector<int>& given)
{
    OddsReport report;
    Sums sums;
    std::vector<size_t> path;
    DistributionCache cache;
    while (true) {
        EnumSource source(path, cache);
        Dice dice(source, given);
        Resolution r = adjudicate(dice);
        if (report.branches == 0) {
            report.sample = r;
        }
        ++report.branches;
        if (report.branches > k_max_odds_branches) {
            throw usage_error("{odds}: more than " + std::to_string(k_max_odds_branches) +
                              " branches to enumerate; give some dice with {roll}");
        }
        tally_outcome(report, sums, r.result, "result", source.weight());
        for (const auto& outcome : r.results) {
            if (outcome.label != r.result.label) {
                tally_outcome(report, sums, outcome, outcome.label, source.weight());
            }
        }
        const auto& taken = source.taken();
        if (report.branches == 1) {
            // Estimate before walking: the first branch's draws, each with its choices,
            // multiply to the tree's size when every branch draws alike (most do). Past
            // the limit, refuse now instead of after a million branches.
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
        // Advance to the next branch: the deepest draw that still has an untried choice.
        size_t depth = taken.size();
        while (depth > 0 && taken[depth - 1].choice + 1 >= taken[depth - 1].options) {
            --depth;
        }
        if (depth == 0) {
            break;
        }
        path.clear();
        for (size_t i = 0; i + 1 < depth; ++i) {
            path.push_back(taken[i].choice);
        }
        path.push_back(taken[depth - 1].choice + 1);
    }
    for (size_t d = 0; d < report.dimensions.size(); ++d) {
        for (size_t l = 0; l < sums[d].size(); ++l) {
            report.dimensions[d].lines[l].probability = sums[d][l].total();
        }
    }
    // Every dimension's probabilities add up to exactly one. A field or outcome that only
    // some branches report gets a line of its own for the rest, value "" (not reported);
    // more than one means something was counted twice, an internal error.
    for (auto& d : report.dimensions) {
        Fraction sum;
        for (const auto& line : d.lines) {
            sum = add(sum, line.probability);
        }
        if (sum.q > 1) {
            throw Error(ExitCode::internal,
                        "odds: the probabilities of " + d.name + " add up to " + sum.text() + ", more than 1");
        }
        if (sum.q < 1) {
            d.lines.push_back({"", k_not_reported, {1 - sum.q}});
        }
    }
    // A field that never varies (a differential, a target) is input, not odds.
    std::erase_if(report.dimensions,
                  [](const OddsDimension& d) { return d.name.find('.') != std::string::npos && d.lines.size() == 1; });
    return report;
}

}  // namespace umpire::core
