#include "core/odds.h"

#include "util/error.h"

#include <map>
#include <numeric>

namespace umpire::core {

Fraction add(const Fraction& a, const Fraction& b) { return {a.q + b.q}; }

std::string Fraction::text() const
{
    return boost::multiprecision::numerator(q).str() + "/" + boost::multiprecision::denominator(q).str();
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
        m_weight.q *= boost::multiprecision::cpp_rational(dist[choice].ways, outcome_count(spec));
        return {dist[choice].total, {}};
    }

    struct Taken {
        size_t choice;
        size_t options;
    };
    const std::vector<Taken>& taken() const { return m_taken; }
    Fraction weight() const { return m_weight; }

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
    Fraction m_weight{1};
    DistributionCache& m_cache;
};

void tally(OddsReport& report, const std::string& dimension, const std::string& value, const std::string& name,
           const Fraction& weight)
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

void tally_outcome(OddsReport& report, const Outcome& outcome, const std::string& prefix, const Fraction& weight)
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
