// core/luck: totals and the whole-evening test against a brute force over every
// combination of results.
#include "core/luck.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

using namespace umpire;
using namespace umpire::core;

namespace {

Ranked ranked(std::map<long long, Rational> chances, long long actual)
{
    Ranked r;
    r.chances = std::move(chances);
    r.actual = actual;
    return r;
}

// Every combination of the resolutions' scores, with its chance.
void each_combination(const std::vector<Ranked>& rs,
                      const std::function<void(const std::vector<long long>&, Rational)>& f)
{
    std::vector<long long> scores(rs.size());
    std::function<void(size_t, Rational)> walk = [&](size_t i, Rational p) {
        if (i == rs.size()) {
            f(scores, p);
            return;
        }
        for (const auto& [score, q] : rs[i].chances) {
            scores[i] = score;
            walk(i + 1, p * q);
        }
    };
    walk(0, Rational(1));
}

}  // namespace

TEST_CASE("luck: a total's place against every combination of results", "[core][luck]")
{
    const Rational sixth(1, 6);
    // a 15.41 +3 column (I 1/6, D 1/2, L 1/3 as 1, 2, 3), a 2d6 total, a -2 column (- 5/6, I 1/6)
    std::map<long long, Rational> two_d6;
    for (int a = 1; a <= 6; ++a) {
        for (int b = 1; b <= 6; ++b) {
            two_d6[a + b] += Rational(1, 36);
        }
    }
    const std::vector<std::vector<Ranked>> cases{
        {ranked({{1, sixth}, {2, Rational(1, 2)}, {3, Rational(1, 3)}}, 3)},
        {ranked({{1, sixth}, {2, Rational(1, 2)}, {3, Rational(1, 3)}}, 2), ranked({{0, 5 * sixth}, {1, sixth}}, 1)},
        {ranked(two_d6, 9), ranked(two_d6, 4), ranked(two_d6, 12)},
        {ranked({{0, Rational(1)}}, 0), ranked({{0, Rational(1, 2)}, {5, Rational(1, 2)}}, 0),
         ranked({{1, Rational(1, 10)}, {2, Rational(9, 10)}}, 2)},
    };
    for (const auto& rs : cases) {
        Rational below{0};
        Rational equal{0};
        Rational above{0};
        Rational expected{0};
        long long actual = 0;
        for (const auto& r : rs) {
            actual += r.actual;
        }
        each_combination(rs, [&](const std::vector<long long>& scores, Rational p) {
            long long total = 0;
            for (long long s : scores) {
                total += s;
            }
            expected += p * total;
            (total < actual ? below : total == actual ? equal : above) += p;
        });
        const TotalPlace place = place_total(rs);
        CHECK(place.total == actual);
        CHECK(place.below == below);
        CHECK(place.equal == equal);
        CHECK(place.above == above);
        CHECK(place.expected == expected);
        CHECK(place.percentile() == Approx(100 * Rational(below + equal / 2).convert_to<double>()));
    }
    // by hand: an L on the +3 column is the top third: below 2/3, equal 1/3, percentile 83.3
    const TotalPlace l = place_total(cases[0]);
    CHECK(l.below == Rational(2, 3));
    CHECK(l.percentile() == Approx(250.0 / 3));
    // a 2d6 of 9, 4 and 12: 25 against an expected 21
    CHECK(place_total(cases[2]).expected == 21);
}

TEST_CASE("luck: the whole-evening test's mean and variance are the exact ones", "[core][luck]")
{
    std::map<long long, Rational> d6;
    for (int f = 1; f <= 6; ++f) {
        d6[f] = Rational(1, 6);
    }
    const std::vector<Ranked> rs{ranked(d6, 6), ranked(d6, 5), ranked({{0, Rational(2, 3)}, {1, Rational(1, 3)}}, 1),
                                 ranked({{7, Rational(1)}}, 7)};
    // brute force: the sum of mid-percentiles over every combination
    Rational mean{0};
    Rational square{0};
    each_combination(rs, [&](const std::vector<long long>& scores, Rational p) {
        Rational sum{0};
        for (size_t i = 0; i < rs.size(); ++i) {
            if (rs[i].chances.size() > 1) {
                Ranked at = rs[i];
                at.actual = scores[i];
                sum += mid_percentile(at);
            }
        }
        mean += p * sum;
        square += p * sum * sum;
    });
    const Unusual u = unusual(rs);
    CHECK(u.counted == 3);  // the certain 7 has no luck in it
    CHECK(u.mean == mean);
    CHECK(u.mean == Rational(3, 2));
    CHECK(u.variance == square - mean * mean);
    // one d6: (1 - 6/216) / 12 = 35/432, the rank variance of a fair die
    CHECK(unusual({ranked(d6, 3)}).variance == Rational(35, 432));
    // a 6 and a 5: mid-percentiles 11/12 and 9/12, and 1 of the 2/3-1/3 coin: 5/6
    CHECK(u.sum == Rational(11, 12) + Rational(9, 12) + Rational(5, 6));
    const double z = Rational(u.sum - u.mean).convert_to<double>() / std::sqrt(u.variance.convert_to<double>());
    CHECK(u.z == Approx(z));
    CHECK(u.p == Approx(std::erfc(std::fabs(z) / std::sqrt(2.0))));
}

TEST_CASE("luck: a result is ranked by severity, by its number, or by a count among its fields", "[core][luck]")
{
    OddsReport melee;
    melee.dimensions.push_back({"result",
                                {{"I", "Ineffective", Fraction{Rational(1, 6)}, "light"},
                                 {"D", "Damaged", Fraction{Rational(1, 2)}, "heavy"},
                                 {"L", "Lose one", Fraction{Rational(1, 3)}, "severe"}}});
    std::string why;
    Ranked r = rank_result(melee, "D", {}, why);
    CHECK(why.empty());
    CHECK(r.by_severity);
    CHECK(r.actual == 2);
    CHECK(r.chances.at(3) == Rational(1, 3));

    OddsReport rally;
    rally.dimensions.push_back(
        {"result", {{"all", "", Fraction{Rational(1, 4)}, ""}, {"some", "", Fraction{Rational(3, 4)}, ""}}});
    OddsDimension rallied{"result.rallied",
                          {{"1", "", Fraction{Rational(3, 4)}, ""}, {"2", "", Fraction{Rational(1, 4)}, ""}}};
    rallied.numeric = true;
    rally.dimensions.push_back(rallied);
    why.clear();
    r = rank_result(rally, "some", {{"rallied", "1"}, {"still_suppressed", "1"}}, why);
    CHECK(why.empty());
    CHECK(r.dimension == "result.rallied");
    CHECK(r.actual == 1);
    CHECK_FALSE(r.by_severity);

    OddsReport wind;
    wind.dimensions.push_back(
        {"result", {{"N", "", Fraction{Rational(1, 2)}, ""}, {"S", "", Fraction{Rational(1, 2)}, ""}}});
    why.clear();
    r = rank_result(wind, "N", {{"toward", "S"}}, why);
    CHECK(r.chances.empty());
    CHECK(why.find("no order") != std::string::npos);
    why.clear();
    r = rank_result(melee, "X", {}, why);
    CHECK(r.chances.empty());
    CHECK(why.find("'X' is not among") != std::string::npos);
}

TEST_CASE("luck: past the exact count's limit a total is placed on the normal curve, close to the count",
          "[core][luck]")
{
    // 500 rolls of a d100: far past the limit. The oracle convolves in doubles.
    std::map<long long, Rational> d100;
    for (int f = 1; f <= 100; ++f) {
        d100[f] = Rational(1, 100);
    }
    std::vector<Ranked> rs;
    for (int i = 0; i < 500; ++i) {
        rs.push_back(ranked(d100, 40 + (i % 21)));  // a little below the mean of 50.5
    }
    std::vector<double> totals{1.0};
    for (size_t i = 0; i < rs.size(); ++i) {
        std::vector<double> next(totals.size() + 99, 0.0);
        for (size_t t = 0; t < totals.size(); ++t) {
            for (int f = 0; f < 100; ++f) {
                next[t + static_cast<size_t>(f)] += totals[t] / 100;
            }
        }
        totals = std::move(next);
    }
    const TotalPlace place = place_total(rs);
    REQUIRE_FALSE(place.exact);
    double below = 0;
    for (long long t = 500; t < place.total; ++t) {
        below += totals[static_cast<size_t>(t - 500)];
    }
    const double equal = totals[static_cast<size_t>(place.total - 500)];
    CHECK(place.expected == Rational(50500, 2));
    CHECK(place.below.convert_to<double>() == Approx(below).margin(2e-4));
    CHECK(place.equal.convert_to<double>() == Approx(equal).margin(2e-4));
    CHECK(place.percentile() == Approx(100 * (below + equal / 2)).margin(0.02));
    // and below the limit the count is exact
    CHECK(place_total({rs.begin(), rs.begin() + 3}).exact);
}
