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
        out.chances[s] += line.probability.q;
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

double TotalPlace::percentile() const { return 100.0 * Rational(below + equal / 2).convert_to<double>(); }

TotalPlace place_total(const std::vector<Ranked>& resolutions)
{
    std::map<long long, Rational> total{{0, Rational(1)}};
    TotalPlace place;
    for (const auto& r : resolutions) {
        std::map<long long, Rational> next;
        for (const auto& [sum, p] : total) {
            for (const auto& [score, q] : r.chances) {
                next[sum + score] += p * q;
            }
        }
        total = std::move(next);
        place.total += r.actual;
    }
    for (const auto& [sum, p] : total) {
        place.expected += p * sum;
        if (sum < place.total) {
            place.below += p;
        } else if (sum == place.total) {
            place.equal += p;
        } else {
            place.above += p;
        }
    }
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
