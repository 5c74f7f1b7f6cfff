#include "core/odds.h"

#include "util/error.h"

#include <map>
#include <numeric>

namespace umpire::core {

Fraction add(Fraction a, Fraction b)
{
    __extension__ typedef unsigned __int128 Wide;  // a GCC extension: products of two 64-bit numbers
    Wide den = static_cast<Wide>(a.den) / std::gcd(a.den, b.den) * b.den;
    Wide num = static_cast<Wide>(a.num) * (den / a.den) + static_cast<Wide>(b.num) * (den / b.den);
    Wide g = num;
    Wide h = den;
    while (h != 0) {
        Wide t = g % h;
        g = h;
        h = t;
    }
    if (g == 0) {
        g = 1;
    }
    return {static_cast<std::uint64_t>(num / g), static_cast<std::uint64_t>(den / g)};
}

namespace {

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
        m_weight = multiply(m_weight, {dist[choice].ways, outcome_count(spec)});
        return {dist[choice].total, {}};
    }

    struct Taken {
        size_t choice;
        size_t options;
    };
    const std::vector<Taken>& taken() const { return m_taken; }
    Fraction weight() const { return m_weight; }

private:
    static Fraction multiply(Fraction a, Fraction b)
    {
        std::uint64_t g1 = std::gcd(a.num, b.den);
        std::uint64_t g2 = std::gcd(b.num, a.den);
        if (g1 == 0)
            g1 = 1;
        if (g2 == 0)
            g2 = 1;
        Fraction f{(a.num / g1) * (b.num / g2), (a.den / g2) * (b.den / g1)};
        std::uint64_t g = std::gcd(f.num, f.den);
        return g > 1 ? Fraction{f.num / g, f.den / g} : f;
    }

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
    Fraction m_weight{1, 1};
    DistributionCache& m_cache;
};

void tally(OddsReport& report, const std::string& dimension, const std::string& value, const std::string& name,
           Fraction weight)
{
    OddsDimension* dim = nullptr;
    for (auto& d : report.dimensions) {
        if (d.name == dimension) {
            dim = &d;
        }
    }
    if (dim == nullptr) {
        report.dimensions.push_back({dimension, {}});
        dim = &report.dimensions.back();
    }
    for (auto& line : dim->lines) {
        if (line.value == value) {
            line.probability = add(line.probability, weight);
            return;
        }
    }
    dim->lines.push_back({value, name, weight});
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

void tally_outcome(OddsReport& report, const Outcome& outcome, const std::string& prefix, Fraction weight)
{
    tally(report, prefix, outcome.code, outcome.name, weight);
    for (const auto& field : outcome.fields) {
        std::string text = value_text(field.value);
        if (!text.empty()) {
            tally(report, prefix + "." + field.key, text, "", weight);
        }
    }
}

}  // namespace

OddsReport compute_odds(const Adjudicator& adjudicate, const std::vector<int>& given)
{
    OddsReport report;
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
        tally_outcome(report, r.result, "result", source.weight());
        for (const auto& outcome : r.results) {
            if (outcome.label != r.result.label) {
                tally_outcome(report, outcome, outcome.label, source.weight());
            }
        }
        // Advance to the next branch: the deepest draw that still has an untried choice.
        const auto& taken = source.taken();
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
    // A field that never varies (a differential, a target) is input, not odds.
    std::erase_if(report.dimensions,
                  [](const OddsDimension& d) { return d.name.find('.') != std::string::npos && d.lines.size() == 1; });
    return report;
}

}  // namespace umpire::core
