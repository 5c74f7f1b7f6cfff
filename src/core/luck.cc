#include "core/luck.h"

#include "util/text.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace umpire::core {

namespace {

constexpr std::array<std::string_view, 4> k_severities{"none", "light", "heavy", "severe"};

long long severity_rank(const std::string& severity)
{
    for (size_t i = 0; i < k_severities.size(); ++i) {
        if (k_severities[i] == severity) {
            return static_cast<long long>(i);
        }
    }
    return -1;
}

}  // namespace

namespace {

// DIMENSION's lines scored (by severity when every line has one, else by number), with ACTUAL's
// score; false when the lines have no order.
bool score(const OddsDimension& dimension, const std::string& actual, Ranked& out, std::string& why)
{
    const auto& lines = dimension.lines;
    const bool by_severity = !lines.empty() && std::all_of(lines.begin(), lines.end(), [](const OddsLine& line) {
        return severity_rank(line.severity) >= 0;
    });
    if (!by_severity && !dimension.numeric) {
        return false;
    }
    out = Ranked{};
    out.by_severity = by_severity;
    out.dimension = dimension.name;
    bool found = false;
    for (const auto& line : lines) {
        auto n = parse_int(line.value, -1000000000, 1000000000);
        if (!by_severity && !n) {
            return false;  // a count some branches do not report
        }
        const long long s = by_severity ? severity_rank(line.severity) : *n;
        out.chances[s] += line.probability.q();
        if (line.value == actual) {
            out.actual = s;
            found = true;
        }
    }
    if (!found) {
        why = "its " + dimension.name + " '" + actual + "' is not among those the rules give now";
    }
    return true;
}

}  // namespace

Ranked rank_result(const OddsReport& report, const std::string& actual,
                   const std::vector<std::pair<std::string, std::string>>& fields, std::string& why)
{
    Ranked out;
    for (const auto& d : report.dimensions) {
        if (d.name == "result" && score(d, actual, out, why)) {
            return why.empty() ? out : Ranked{};
        }
    }
    for (const auto& d : report.dimensions) {
        for (const auto& [key, value] : fields) {
            if (d.name == "result." + key && score(d, value, out, why)) {
                return why.empty() ? out : Ranked{};
            }
        }
    }
    why = "its results have no order (no severity stated, not a number)";
    return Ranked{};
}

Ranked rank_dimension(const OddsReport& report, const std::string& dimension, const std::string& actual,
                      std::string& why)
{
    Ranked out;
    for (const auto& d : report.dimensions) {
        if (d.name == dimension && score(d, actual, out, why)) {
            return why.empty() ? out : Ranked{};
        }
    }
    why = "its " + dimension + " has no order (no severity stated, not a number)";
    return Ranked{};
}

double TotalPlace::percentile() const { return 100.0 * Rational(below + equal / 2).convert_to<double>(); }

TotalPlace place_total(const std::vector<Ranked>& resolutions)
{
    TotalPlace place;
    // The convolution's work: each resolution's scores times the totals before it.
    double work = 0;
    double span = 1;
    for (const auto& r : resolutions) {
        if (!r.chances.empty()) {
            work += span * static_cast<double>(r.chances.size());
            span += static_cast<double>(r.chances.rbegin()->first - r.chances.begin()->first);
        }
    }
    if (work > k_max_luck_work) {
        // Too many totals to count: the normal curve, with the exact mean and variance, and
        // half a point either side of the total (the totals are whole numbers).
        Rational variance{0};
        for (const auto& r : resolutions) {
            Rational mean{0};
            Rational square{0};
            for (const auto& [score, p] : r.chances) {
                mean += p * score;
                square += p * score * score;
            }
            place.total += r.actual;
            place.expected += mean;
            variance += square - mean * mean;
        }
        place.exact = false;
        const double sd = std::sqrt(variance.convert_to<double>());
        const double mean = place.expected.convert_to<double>();
        auto at_most = [&](double x) { return 0.5 * std::erfc(-(x - mean) / (sd * std::sqrt(2.0))); };
        const double below = at_most(static_cast<double>(place.total) - 0.5);
        const double up_to = at_most(static_cast<double>(place.total) + 0.5);
        place.below = Rational(below);
        place.equal = Rational(up_to - below);
        place.above = Rational(1 - up_to);
        return place;
    }
    // The totals' ways over one denominator, the product of each resolution's: integers
    // convolve without a gcd at every step, as rationals would.
    std::vector<Integer> ways{1};
    Integer denominator{1};
    long long lowest = 0;  // the total ways[0] stands for
    for (const auto& r : resolutions) {
        place.total += r.actual;
        if (r.chances.empty()) {
            continue;
        }
        Integer d{1};
        for (const auto& [score, p] : r.chances) {
            place.expected += p * score;
            d = boost::multiprecision::lcm(d, boost::multiprecision::denominator(p));
        }
        const long long low = r.chances.begin()->first;
        const long long span = r.chances.rbegin()->first - low;
        std::vector<Integer> next(ways.size() + static_cast<size_t>(span));
        for (size_t i = 0; i < ways.size(); ++i) {
            if (ways[i] == 0) {
                continue;
            }
            for (const auto& [score, p] : r.chances) {
                next[i + static_cast<size_t>(score - low)] +=
                    ways[i] * (boost::multiprecision::numerator(p) * (d / boost::multiprecision::denominator(p)));
            }
        }
        ways = std::move(next);
        denominator *= d;
        lowest += low;
    }
    Integer below{0};
    Integer equal{0};
    Integer above{0};
    for (size_t i = 0; i < ways.size(); ++i) {
        const long long total = lowest + static_cast<long long>(i);
        (total < place.total ? below : total == place.total ? equal : above) += ways[i];
    }
    place.below = Rational(below, denominator);
    place.equal = Rational(equal, denominator);
    place.above = Rational(above, denominator);
    return place;
}

Rational mid_percentile(const Ranked& r)
{
    Rational below{0};
    for (const auto& [score, p] : r.chances) {
        if (score < r.actual) {
            below += p;
        }
    }
    const auto at = r.chances.find(r.actual);
    return below + (at == r.chances.end() ? Rational(0) : Rational(at->second / 2));
}

Unusual unusual(const std::vector<Ranked>& resolutions)
{
    Unusual u;
    for (const auto& r : resolutions) {
        if (r.chances.size() < 2) {
            continue;  // a certain result: no luck in it
        }
        ++u.counted;
        u.sum += mid_percentile(r);
        Rational cubes{0};
        for (const auto& [score, p] : r.chances) {
            cubes += p * p * p;
        }
        u.variance += (1 - cubes) / 12;
    }
    u.mean = Rational(static_cast<long long>(u.counted)) / 2;
    if (u.variance > 0) {
        u.z = Rational(u.sum - u.mean).convert_to<double>() / std::sqrt(u.variance.convert_to<double>());
        u.p = std::erfc(std::fabs(u.z) / std::sqrt(2.0));
    }
    return u;
}

}  // namespace umpire::core
