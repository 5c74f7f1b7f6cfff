// The merged odds walk (each independent part enumerated once, counts combined by
// convolution) against the plain walk over every sequence of dice, kept as the oracle;
// and closed forms the rules give.
#include "../helpers.h"
#include "core/lookup.h"
#include "core/odds.h"
#include "games/constantinople/constantinople.h"
#include "games/great-battles/great_battles.h"
#include "games/novorossiysk/novorossiysk.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>

using namespace umpire;
using namespace umpire::core;

namespace {

using Lines = std::map<std::string, std::string>;  // value -> exact fraction

std::map<std::string, Lines> lines_of(const OddsReport& report)
{
    std::map<std::string, Lines> out;
    for (const auto& d : report.dimensions) {
        for (const auto& line : d.lines) {
            out[d.name][line.value] = line.probability.text();
        }
    }
    return out;
}

// Every dimension the merged walk reports equals the plain walk's, fraction for fraction;
// the plain walk may also report each part's own outcome ("stand 3"), which the merged
// walk leaves out. Returns how many dimensions were compared.
size_t check_against_oracle(const Adjudicator& adjudicate)
{
    const OddsReport merged = compute_odds(adjudicate, {}, OddsWalk::merged);
    const OddsReport plain = compute_odds(adjudicate, {}, OddsWalk::branches);
    const auto m = lines_of(merged);
    const auto p = lines_of(plain);
    for (const auto& [name, lines] : m) {
        INFO("dimension " << name);
        REQUIRE(p.count(name) == 1);
        CHECK(lines == p.at(name));
    }
    CHECK(merged.branches <= plain.branches);
    return m.size();
}

const Table& table(const char* id) { return test::table(id); }

}  // namespace

TEST_CASE("odds: merged walk equals every branch, Great Battles", "[core][odds]")
{
    RallyRequest rally;
    rally.rally_number = 7;
    rally.suppressed = 4;
    rally.modifier = 1;
    CHECK(check_against_oracle([&](Dice& d) { return resolve_rally(rally, d); }) >= 3);

    SuppressRequest barrage;
    for (const char* cover : {"open", "soft", "hard", "bunker"}) {
        barrage.stands.push_back({cover, "infantry"});
    }
    barrage.stands.push_back({"open", "hw"});  // rolls nothing (11.3.2)
    CHECK(check_against_oracle(
              [&](Dice& d) { return resolve_suppress(table("great-battles.suppression"), barrage, d); }) >= 3);

    // stands alike, counted at once as a multinomial: two kinds alike (five stands, 100,000
    // branches; four under the sanitizers), then all alike
    SuppressRequest alike;
    alike.stands = {{"open", "infantry"}, {"open", "infantry"}, {"soft", "infantry"}, {"soft", "infantry"}};
    if (!test::sanitized) {
        alike.stands.push_back({"open", "infantry"});
    }
    CHECK(check_against_oracle(
              [&](Dice& d) { return resolve_suppress(table("great-battles.suppression"), alike, d); }) >= 2);
    alike.stands.assign(4, {"open", "infantry"});
    CHECK(check_against_oracle(
              [&](Dice& d) { return resolve_suppress(table("great-battles.suppression"), alike, d); }) >= 2);

    SuppressRequest rocket;
    rocket.stands = {{"bunker", "infantry"}};
    rocket.attack = Attack::rocket;
    check_against_oracle([&](Dice& d) { return resolve_suppress(table("great-battles.suppression"), rocket, d); });

    CloseCombatRequest melee;
    melee.attacker = {"attacker", 1, 3, 1, 8, false, nullptr};
    melee.defender = {"defender", 0, 3, 2, 7, false, nullptr};
    CHECK(check_against_oracle([&](Dice& d) { return resolve_close_combat(melee, d); }) >= 4);

    FireRequest fire;
    fire.to_hit = 6;
    fire.to_destroy = 3;
    fire.shots = test::sanitized ? 2 : 3;  // 4,096 or 262,144 branches
    CHECK(check_against_oracle([&](Dice& d) { return resolve_fire(table("great-battles.procedures"), fire, d); }) >= 3);

    CHECK(check_against_oracle([&](Dice& d) {
              return resolve_replacement(table("great-battles.replacement"), "average", "line", 4, false, d);
          }) >= 2);
}

TEST_CASE("odds: merged walk equals every branch, Novorossiysk hit dice", "[core][odds]")
{
    const Table& hit_dice = table("novorossiysk.hit-dice");
    HitsRequest q;
    q.attacker = {*parse_block("large:red+black", hit_dice), *parse_block("small", hit_dice)};
    q.defender = {*parse_block("large:yellow+white:reduced", hit_dice), *parse_block("ship:red", hit_dice)};
    CHECK(check_against_oracle(
              [&](Dice& d) { return resolve_hits(hit_dice, table("novorossiysk.procedures"), q, d); }) >= 4);
}

TEST_CASE("odds: stands that differ, past 128 bits, equal a plain convolution of each stand's own odds (11.3.3)",
          "[core][odds]")
{
    // Sixty stands in four covers: 10^60 sequences of d10, chances in fifths, 5^60 past 128 bits, so
    // the tally changes from 128-bit numerators to big ones part way through. Each cover's
    // chances come from a stand alone; the test convolves them itself, keyed by
    // (suppressed, destroyed), and compares every count the tally reports.
    const Table& suppression = table("great-battles.suppression");
    const std::vector<std::string> covers = {"open", "soft", "hard", "bunker"};
    const std::vector<std::string> categories = {"suppressed", "destroyed"};
    std::map<std::string, std::vector<core::Rational>> alone;  // cover -> P(suppressed), P(destroyed)
    for (const auto& cover : covers) {
        SuppressRequest one;
        one.stands = {{cover, "infantry"}};
        const auto lines = lines_of(compute_odds([&](Dice& d) { return resolve_suppress(suppression, one, d); }, {}));
        for (const auto& category : categories) {
            const auto dim = lines.find("result." + category);
            alone[cover].push_back(dim == lines.end() || dim->second.count("1") == 0
                                       ? core::Rational(0)
                                       : core::Rational(dim->second.at("1")));
        }
    }
    // the covers differ (11.3.3), or this tests little; a barrage never destroys (11.3.3)
    CHECK(alone["open"][0] > alone["soft"][0]);
    CHECK(alone["hard"][0] > alone["bunker"][0]);
    CHECK(alone["open"][1] == 0);
    SuppressRequest q;
    std::map<std::pair<int, int>, core::Rational> joint{{{0, 0}, core::Rational(1)}};
    for (size_t i = 0; i < 60; ++i) {
        const auto& p = alone[covers[i % covers.size()]];
        q.stands.push_back({covers[i % covers.size()], "infantry"});
        std::map<std::pair<int, int>, core::Rational> next;
        for (const auto& [counts, chance] : joint) {
            next[counts] += chance * (1 - p[0] - p[1]);
            next[{counts.first + 1, counts.second}] += chance * p[0];
            next[{counts.first, counts.second + 1}] += chance * p[1];
        }
        joint = std::move(next);
    }
    std::vector<std::map<int, core::Rational>> marginal(categories.size());
    for (const auto& [counts, chance] : joint) {
        marginal[0][counts.first] += chance;
        marginal[1][counts.second] += chance;
    }
    const auto lines = lines_of(compute_odds([&](Dice& d) { return resolve_suppress(suppression, q, d); }, {}));
    for (size_t c = 0; c < categories.size(); ++c) {
        INFO(categories[c]);
        if (marginal[c][0] == 1) {  // never more than 0: no line for it
            CHECK(lines.count("result." + categories[c]) == 0);
            continue;
        }
        size_t compared = 0;
        for (const auto& [count, chance] : marginal[c]) {
            if (chance == 0) {
                continue;
            }
            INFO("count " << count);
            REQUIRE(lines.count("result." + categories[c]) == 1);
            CHECK(core::Rational(lines.at("result." + categories[c]).at(std::to_string(count))) == chance);
            ++compared;
        }
        CHECK(compared == lines.at("result." + categories[c]).size());
    }
    CHECK(boost::multiprecision::msb(boost::multiprecision::denominator(marginal[0][30])) > 128);
}

TEST_CASE("odds: twelve stands in the open, each suppressed on 8 or less: binomial in 4/5 (11.3.3)", "[core][odds]")
{
    SuppressRequest q;
    q.stands.assign(12, Stand{"open", "infantry"});
    const OddsReport report =
        compute_odds([&](Dice& d) { return resolve_suppress(table("great-battles.suppression"), q, d); }, {});
    const auto lines = lines_of(report).at("result.suppressed");
    // P(k) = C(12,k) 4^k / 5^12, in lowest terms.
    long long choose = 1;
    for (int k = 0; k <= 12; ++k) {
        Fraction expected{Fraction{}.q() +
                          core::Rational(core::Integer(choose) * boost::multiprecision::pow(core::Integer(4), k),
                                         boost::multiprecision::pow(core::Integer(5), 12))};
        INFO("k = " << k);
        CHECK(lines.at(std::to_string(k)) == expected.text());
        choose = choose * (12 - k) / (k + 1);
    }
    CHECK(report.branches == 13);  // the size of the answer, not 10^12 sequences
}

TEST_CASE("odds: lines in the order a player reads them, with the expected count", "[core][odds]")
{
    RallyRequest q;
    q.rally_number = 8;
    q.suppressed = 8;  // a battalion's stands at most (2.0, 4.0)
    OddsReport report = compute_odds([&](Dice& d) { return resolve_rally(q, d); }, {});
    arrange_odds(report, {});
    for (const auto& d : report.dimensions) {
        if (d.name != "result.rallied") {
            continue;
        }
        REQUIRE(d.numeric);
        REQUIRE(d.lines.size() == 9);
        for (size_t k = 0; k < d.lines.size(); ++k) {
            CHECK(d.lines[k].value == std::to_string(k));  // 0 to 8, not the walk's order
        }
        // Each stand rallies on 8 or less: 4/5; eight of them, 32/5 expected.
        REQUIRE(d.expected);
        CHECK(d.expected->text() == "32/5");
        CHECK_FALSE(d.expected_when_reported);
    }
    // Codes in the chart's order (its legend, in the order the chart first prints each
    // code), whatever order the walk met them in; "(not reported)" last.
    const core::Table chart = load::parse_table(R"(id = "t.x"
title = "T"
game = "G"
source = "G 1.1"
dice = "1d6"
[rows]
kind = "die"
[[row]]
die = "1-2"
result = "small"
[[row]]
die = "3-4"
result = "medium"
[[row]]
die = "5-6"
result = "large"
[legend.large]
name = "Large"
[legend.medium]
name = "Medium"
[legend.small]
name = "Small"
)",
                                                "t.toml");
    OddsReport read;
    read.dimensions.push_back(
        {"result", {{"", k_not_reported, {}}, {"large", "", {}}, {"small", "", {}}, {"medium", "", {}}}});
    arrange_odds(read, {&chart});
    std::vector<std::string> arranged;
    for (const auto& line : read.dimensions.front().lines) {
        arranged.push_back(line.value);
    }
    CHECK(arranged == std::vector<std::string>{"small", "medium", "large", ""});
}

TEST_CASE("odds: a large tally agrees with a million seeded resolutions within four standard errors", "[core][odds]")
{
    SuppressRequest q;
    for (int i = 0; i < 3; ++i) {
        for (const char* cover : {"open", "soft", "hard", "bunker"}) {
            q.stands.push_back({cover, "infantry"});
        }
    }
    const Table& suppression = table("great-battles.suppression");
    const OddsReport report = compute_odds([&](Dice& d) { return resolve_suppress(suppression, q, d); }, {});
    const auto exact = lines_of(report).at("result.suppressed");
    constexpr int n = test::sanitized ? 50000 : 1000000;  // the bound below scales with n
    std::map<long long, int> seen;
    RandomSource source(20261122);
    for (int i = 0; i < n; ++i) {
        Dice dice(source);
        Resolution r = resolve_suppress(suppression, q, dice);
        for (const auto& f : r.result.fields) {
            if (f.key == "suppressed") {
                ++seen[std::get<long long>(f.value)];
            }
        }
    }
    double total = 0;
    for (const auto& [value, fraction] : exact) {
        Fraction p;
        for (const auto& d : report.dimensions) {
            for (const auto& line : d.lines) {
                if (d.name == "result.suppressed" && line.value == value) {
                    p = line.probability;
                }
            }
        }
        const double expected = p.value();
        const double observed = static_cast<double>(seen[std::stoll(value)]) / n;
        const double se = std::sqrt(expected * (1 - expected) / n);
        INFO(value << " suppressed: exact " << fraction << " = " << expected << ", seen " << observed);
        CHECK(std::abs(observed - expected) <= 4 * se + 1e-12);
        total += expected;
    }
    CHECK(total == Approx(1.0));
}

TEST_CASE("odds: roll 20d10 is exact past 64 bits", "[core][odds]")
{
    const DiceSpec spec{20, 10, 0};
    const OddsReport report = compute_odds(
        [&](Dice& d) {
            Resolution r;
            r.result.code = std::to_string(d.roll(spec, "20d10"));
            return r;
        },
        {});
    const auto lines = lines_of(report).at("result");
    CHECK(lines.size() == 181);                          // 20 to 200
    CHECK(lines.at("20") == "1/100000000000000000000");  // 1 way in 10^20
    CHECK(lines.at("21") == "1/5000000000000000000");    // 20 ways
    CHECK(lines.at("22") == "21/10000000000000000000");  // C(21,2) = 210 ways
    CHECK(lines.at("109") == lines.at("111"));           // symmetric about 110
}

TEST_CASE("odds: a long walk reports its progress every few thousand branches", "[core][odds]")
{
    // Two d100: 10,000 branches, so the walk reports twice (every 4,096).
    std::vector<std::uint64_t> heard;
    const OddsReport report = compute_odds(
        [](Dice& d) {
            Resolution r;
            r.result.code = std::to_string(d.roll(DiceSpec{1, 100, 0}, "a") > d.roll(DiceSpec{1, 100, 0}, "b"));
            return r;
        },
        {}, OddsWalk::merged, [&](std::uint64_t walked) { heard.push_back(walked); });
    CHECK(report.branches == 10000);
    CHECK(heard == std::vector<std::uint64_t>{4096, 8192});
}

TEST_CASE("odds: a sum of independent parts, each walked alone and convolved, equals the joint walk", "[core][odds]")
{
    // Random sets of two to four expressions of small dice, a label each: the joint walk
    // over every branch of all of them is the oracle.
    std::mt19937 rng(26);
    for (int n = 0; n < 40; ++n) {
        std::vector<DiceSpec> specs;
        const int count = std::uniform_int_distribution<int>(2, 4)(rng);
        for (int i = 0; i < count; ++i) {
            if (i > 0 && rng() % 2 == 0) {
                specs.push_back(specs.back());  // parts alike: one polynomial to a power
                continue;
            }
            specs.push_back({std::uniform_int_distribution<int>(1, 3)(rng),
                             std::uniform_int_distribution<int>(2, 8)(rng),
                             std::uniform_int_distribution<int>(-2, 2)(rng)});
        }
        auto rolls = [&](size_t first, size_t last) -> Adjudicator {
            return [&, first, last](Dice& dice) {
                Resolution r;
                long long total = 0;
                for (size_t i = first; i < last; ++i) {
                    const int v = dice.roll(specs[i], "x");
                    total += v;
                    Outcome o;
                    o.label = "roll " + std::to_string(i + 1);
                    o.code = std::to_string(v);
                    r.results.push_back(o);
                }
                r.result.code = std::to_string(total);
                return r;
            };
        };
        const OddsReport joint = compute_odds(rolls(0, specs.size()), {});
        std::vector<OddsReport> parts;
        for (size_t i = 0; i < specs.size(); ++i) {
            parts.push_back(compute_odds(rolls(i, i + 1), {}));
        }
        const OddsReport summed = sum_odds(parts);
        const auto a = lines_of(joint);
        const auto b = lines_of(summed);
        CHECK(a == b);
        CHECK(a.size() == specs.size() + 1);
        std::uint64_t walked = 0;
        for (const auto& p : parts) {
            walked += p.branches;
        }
        CHECK(summed.branches == walked);
    }
    // A part whose headline is not a number cannot be summed: an internal error.
    const Adjudicator word = [](Dice& dice) {
        Resolution r;
        r.result.code = dice.roll_d6("x") > 3 ? "high" : "low";
        return r;
    };
    CHECK_THROWS_AS(sum_odds({compute_odds(word, {}), compute_odds(word, {})}), Error);
}

namespace {

// The dimensions' names in the order a report gives them.
std::vector<std::string> names_of(const OddsReport& report)
{
    std::vector<std::string> out;
    for (const auto& d : report.dimensions) {
        out.push_back(d.name);
    }
    return out;
}

}  // namespace

TEST_CASE("odds: parts apart, each walked alone, equal the joint walk", "[core][odds]")
{
    // A whole of COUNT parts, part I a die of its own and an outcome of its own, some with
    // a field that varies, some with one that never does; part 0's outcome is the headline.
    std::mt19937 rng(2626);
    for (int n = 0; n < 40; ++n) {
        const int count = std::uniform_int_distribution<int>(1, 4)(rng);
        std::vector<DiceSpec> specs;
        for (int i = 0; i < count; ++i) {
            specs.push_back({std::uniform_int_distribution<int>(1, 2)(rng),
                             std::uniform_int_distribution<int>(2, 6)(rng),
                             std::uniform_int_distribution<int>(-1, 1)(rng)});
        }
        const int threshold = std::uniform_int_distribution<int>(1, 8)(rng);
        // ONLY: the part rolled alone, or -1 for the whole.
        auto rolls = [&](int only) -> Adjudicator {
            return [&, only](Dice& dice) {
                Resolution r;
                for (int i = 0; i < count; ++i) {
                    if (only >= 0 && only != i) {
                        continue;
                    }
                    const int v = dice.roll(specs[static_cast<size_t>(i)], "x");
                    Outcome o;
                    o.label = i == 0 ? "headline" : "part " + std::to_string(i);
                    o.code = v >= threshold ? "hit" : "miss";
                    o.fields.push_back({"rolled", static_cast<long long>(v)});
                    o.fields.push_back({"target", "ship " + std::to_string(i)});  // never varies
                    r.results.push_back(o);
                }
                r.result = r.results.front();
                return r;
            };
        };
        const OddsReport joint = compute_odds(rolls(-1), {});
        std::vector<OddsReport> parts;
        for (int i = 0; i < count; ++i) {
            parts.push_back(compute_odds(rolls(i), {}));
        }
        const OddsReport apart = apart_odds(rolls(-1), parts);
        CHECK(lines_of(apart) == lines_of(joint));
        CHECK(names_of(apart) == names_of(joint));
        CHECK(apart.branches == joint.branches);
        CHECK(apart.sample.results.size() == static_cast<size_t>(count));
        REQUIRE(apart.sample.rolls.size() == joint.sample.rolls.size());
        for (size_t i = 0; i < apart.sample.rolls.size(); ++i) {
            CHECK(roll_text(apart.sample.rolls[i]) == roll_text(joint.sample.rolls[i]));
        }
    }
    // Two parts after the first that report the same thing are not apart: an internal error.
    const Adjudicator same = [](Dice& dice) {
        Resolution r;
        r.result.label = "one";
        r.result.code = std::to_string(dice.roll_d6("x"));
        return r;
    };
    const OddsReport one = compute_odds(same, {});
    CHECK(apart_odds(same, {one, one}).dimensions.size() == 2);  // "result", and "one"
    CHECK_THROWS_AS(apart_odds(same, {one, one, one}), Error);   // "one" twice
}

TEST_CASE("odds: melee --exchange, each attack walked alone, equals the joint walk (15.25)", "[core][odds][melee]")
{
    const Table& crt = table("constantinople.melee");
    std::mt19937 rng(1525);
    int compared = 0;
    for (int n = 0; n < 60; ++n) {
        MeleeRequest q;
        const int attackers = std::uniform_int_distribution<int>(1, test::sanitized ? 3 : 4)(rng);
        auto ship = [&] {
            Ship s{"", "", std::uniform_int_distribution<int>(1, 12)(rng), 0, 0, false, false};
            s.damaged = rng() % 4 == 0;
            return s;
        };
        for (int i = 0; i < attackers; ++i) {
            q.attackers.push_back(ship());
        }
        q.defender = ship();
        q.defender.leader = rng() % 3 == 0;
        q.boom = rng() % 4 == 0;
        q.exchange = true;
        q.reading = rng() % 2 == 0 ? DamagedReading::chart : DamagedReading::rules_case;
        const MeleeSplits legal = legal_splits(q);
        if (legal.splits.empty()) {
            continue;
        }
        if (attackers > 1) {
            q.split = legal.splits[std::uniform_int_distribution<size_t>(0, legal.splits.size() - 1)(rng)];
        }
        const Adjudicator whole = [&](Dice& dice) { return resolve_melee(crt, q, dice); };
        const OddsReport joint = compute_odds(whole, {});
        std::vector<OddsReport> parts;
        for (size_t i = 0; i <= q.attackers.size(); ++i) {
            parts.push_back(compute_odds([&, i](Dice& dice) { return resolve_melee(crt, q, dice, i); }, {}));
        }
        const OddsReport apart = apart_odds(whole, parts);
        INFO("request " << n);
        CHECK(lines_of(apart) == lines_of(joint));
        CHECK(names_of(apart) == names_of(joint));
        CHECK(apart.branches == joint.branches);
        CHECK(apart.sample.steps == joint.sample.steps);
        CHECK(apart.sample.notes == joint.sample.notes);
        ++compared;
    }
    CHECK(compared > 30);
    // An attack that is not one of the melee's is an internal error, never a wrong answer.
    MeleeRequest one;
    one.attackers = {Ship{"", "", 5, 0, 0, false, false}};
    one.defender = Ship{"", "", 4, 0, 0, false, false};
    test::Scripted s({3});
    CHECK_THROWS_AS(resolve_melee(crt, one, s.dice, 1), Error);
}

TEST_CASE("odds: a part alike, walked once and relabelled, equals its own walk", "[core][odds]")
{
    // A part's results under LABEL, one with a field, beside a result whose label only
    // starts with it ("d 1x"): relabelling renames LABEL and LABEL.field, nothing else.
    const auto part = [](const DiceSpec& spec, const std::string& label) -> Adjudicator {
        return [spec, label](Dice& dice) {
            Resolution r;
            const int v = dice.roll(spec, "x");
            Outcome o;
            o.label = label;
            o.code = std::to_string(v);
            o.fields.push_back({"even", v % 2 == 0 ? "yes" : "no"});
            r.results.push_back(o);
            Outcome beside;
            beside.label = "d 1x";
            beside.code = std::to_string(v > 3 ? 1 : 0);
            r.results.push_back(beside);
            r.result.code = std::to_string(v);
            return r;
        };
    };
    std::mt19937 rng(2611);
    for (int n = 0; n < 20; ++n) {
        const DiceSpec spec{std::uniform_int_distribution<int>(1, 3)(rng),
                            std::uniform_int_distribution<int>(2, 8)(rng),
                            std::uniform_int_distribution<int>(-2, 2)(rng)};
        const auto own = lines_of(compute_odds(part(spec, "d 1 #2"), {}));
        const auto renamed = lines_of(relabelled(compute_odds(part(spec, "d 1"), {}), "d 1", "d 1 #2"));
        CHECK(own == renamed);
        CHECK(renamed.count("d 1 #2.even") == 1);
        CHECK(renamed.count("d 1x") == 1);
        CHECK(renamed.count("d 1") == 0);
    }
}

namespace {

// The product the plain way, a product per pair of coefficients: the oracle.
std::vector<Integer> convolve(const std::vector<Integer>& a, const std::vector<Integer>& b)
{
    std::vector<Integer> out(a.size() + b.size() - 1);
    for (size_t i = 0; i < a.size(); ++i) {
        for (size_t j = 0; j < b.size(); ++j) {
            out[i + j] += a[i] * b[j];
        }
    }
    return out;
}

// A polynomial of LENGTH coefficients below 2^BITS, some 0, its constant not 0.
std::vector<Integer> random_polynomial(std::mt19937_64& rng, size_t length, unsigned bits)
{
    std::vector<Integer> out(length);
    for (auto& x : out) {
        if (rng() % 4 != 0) {
            for (unsigned b = 0; b < bits; b += 32) {
                x = (x << 32) + (rng() & 0xFFFFFFFF);
            }
            x >>= (bits + 31) / 32 * 32 - bits;
        }
    }
    if (out[0] == 0) {
        out[0] = 3;
    }
    return out;
}

}  // namespace

TEST_CASE("odds: products and powers of polynomials equal the plain convolution", "[core][odds]")
{
    std::mt19937_64 rng(2026);
    for (int n = 0; n < 200; ++n) {
        // small coefficients and large, short polynomials and long: Miller's recurrence and
        // Kronecker's packing both
        const unsigned bits = std::vector<unsigned>{1, 3, 20, 64, 65, 300}[static_cast<size_t>(n) % 6];
        const auto a = random_polynomial(rng, 1 + rng() % 40, bits);
        const auto b = random_polynomial(rng, 1 + rng() % 40, bits);
        CHECK(multiply(a, b) == convolve(a, b));
        CHECK(multiply(a, a) == convolve(a, a));
        const auto times = static_cast<unsigned>(rng() % 7);
        std::vector<Integer> plain{1};
        for (unsigned t = 0; t < times; ++t) {
            plain = convolve(plain, a);
        }
        auto got = power(a, times);
        plain.resize(got.size());  // A's trailing zeros, left off
        CHECK(got == plain);
    }
    // 1000d10's count of totals of 1001 (one die shows 2): 1000 ways in 10^1000
    const auto d10 = power(std::vector<Integer>(10, 1), 1000);
    CHECK(d10.size() == 9001);
    CHECK(d10[1] == 1000);
    CHECK(d10[2] == 1000 * 1001 / 2);  // two dice show 2 (C(1000,2)) or one 3 (1000)
    Integer all = 0;
    for (const auto& w : d10) {
        all += w;
    }
    CHECK(all == boost::multiprecision::pow(Integer(10), 1000));
    CHECK(d10[100] == d10[8900]);  // symmetric
    CHECK_THROWS_AS(power({0, 1}, 3), Error);
}

TEST_CASE("odds: a power of a power of a die's polynomial equals the product taken plainly", "[core][odds]")
{
    // A sum of many dice already raised (100d10's 901 coefficients) raised again: power()
    // finds the die (B^100) and raises it by Miller's recurrence. Checked against repeated
    // Kronecker products, on dice with faces missing (a gap) and weighted faces too.
    std::mt19937_64 rng(1126);
    for (int n = 0; n < 40; ++n) {
        std::vector<Integer> die(2 + rng() % 12);
        for (auto& w : die) {
            w = rng() % 3;  // 0: a face the die does not have
        }
        die.front() = 1 + rng() % 2;
        die.back() = 1 + rng() % 3;
        const auto count = static_cast<unsigned>(2 + rng() % 60);
        const auto times = static_cast<unsigned>(1 + rng() % 4);
        std::vector<Integer> pool{1};
        for (unsigned c = 0; c < count; ++c) {
            pool = multiply(pool, die);
        }
        std::vector<Integer> plain{1};
        for (unsigned t = 0; t < times; ++t) {
            plain = multiply(plain, pool);
        }
        INFO("a die of " << die.size() << " faces, " << count << " dice, raised " << times);
        CHECK(power(pool, times) == plain);
    }
    // Not a power of anything small: the same pool with one coefficient changed.
    auto pool = power(std::vector<Integer>(10, 1), 100);
    pool[450] += 1;
    CHECK(power(pool, 3) == multiply(multiply(pool, pool), pool));
    // Of degree 101, so only a root of degree 1 could be tried, and its coefficient would be
    // 102/101: not whole, so not a power.
    const auto odd = multiply(power({1, 1}, 100), {1, 2});
    CHECK(power(odd, 3) == multiply(multiply(odd, odd), odd));
}

TEST_CASE("odds: a die's faces to a power by their three-term recurrence equal the plain convolution", "[core][odds]")
{
    // 1 + x + ... + x^(S-1) to the power N, every S from 2 to 40 and N from 0 to 70: the
    // recurrence's three products and its mirrored half against convolving die by die.
    std::mt19937_64 rng(1128);
    for (size_t sides = 2; sides <= 40; ++sides) {
        const std::vector<Integer> die(sides, 1);
        const auto n = static_cast<unsigned>(rng() % 71);
        std::vector<Integer> plain{1};
        for (unsigned i = 0; i < n; ++i) {
            plain = convolve(plain, die);
        }
        INFO(n << "d" << sides);
        CHECK(power(die, n) == plain);
        // a pool of them raised again (100d10 x 3) finds the die and raises it the same way
        const auto times = static_cast<unsigned>(2 + rng() % 3);
        std::vector<Integer> again{1};
        for (unsigned t = 0; t < times; ++t) {
            again = convolve(again, plain);
        }
        CHECK(power(plain, times) == again);
    }
    // a die with a face it lacks is not flat: Miller's recurrence still answers it
    CHECK(power({1, 0, 1}, 5) ==
          convolve(convolve(convolve(convolve({1, 0, 1}, {1, 0, 1}), {1, 0, 1}), {1, 0, 1}), {1, 0, 1}));
}

TEST_CASE("odds: a ratio divides out a die's primes however often they go, as GMP's gcd does", "[core][odds]")
{
    // 3, 5 and 17 are read from a sum of the words (2^64 - 1 is their multiple), and every
    // prime's power in a word divides at once: numerators holding a prime more often than a
    // word's power of it (5^27, 3^40), or less, or exactly as often as the denominator does.
    std::mt19937_64 rng(1129);
    const auto pow = [](long long p, unsigned k) -> Integer { return boost::multiprecision::pow(Integer(p), k); };
    for (int n = 0; n < 400; ++n) {
        const Integer d =
            pow(2, rng() % 90) * pow(3, rng() % 90) * pow(5, rng() % 90) * pow(17, rng() % 40) * pow(7, rng() % 3);
        Integer num = Integer(1 + rng() % 1000000) * pow(2, rng() % 100) * pow(3, rng() % 100) * pow(5, rng() % 100) *
                      pow(17, rng() % 50);
        if (n % 4 == 0) {
            num = -num;
        }
        const Rational got = ratio(num, d);
        INFO(num << " / " << d);
        CHECK(boost::multiprecision::numerator(got) == boost::multiprecision::numerator(Rational(num, d)));
        CHECK(boost::multiprecision::denominator(got) == boost::multiprecision::denominator(Rational(num, d)));
    }
}

TEST_CASE("odds: a ratio is in lowest terms, as GMP's gcd makes it, and a sum is exact", "[core][odds]")
{
    std::mt19937_64 rng(25);
    for (int n = 0; n < 500; ++n) {
        // denominators of small primes (dice) and with a large prime (anything else)
        Integer d = 1;
        for (int f = static_cast<int>(rng() % 30); f > 0; --f) {
            d *= std::vector<int>{2, 3, 5, 7, 10, 97, 6}[rng() % 7];
        }
        if (n % 3 == 0) {
            d *= Integer(1000000007);
        }
        Integer num =
            Integer(rng() % 1000) * boost::multiprecision::pow(Integer(10), static_cast<unsigned>(rng() % 20));
        if (n % 5 == 0) {
            num = -num;
        }
        const Rational got = ratio(num, d);
        CHECK(got == Rational(num, d));
        CHECK(boost::multiprecision::numerator(got) == boost::multiprecision::numerator(Rational(num, d)));
        CHECK(boost::multiprecision::denominator(got) == boost::multiprecision::denominator(Rational(num, d)));
    }
    ExactSum sum;
    Rational plain = 0;
    for (int n = 1; n <= 60; ++n) {
        const Rational q(static_cast<long long>(rng() % 100), n * (n % 7 == 0 ? 1000000007LL : 1LL));
        const auto times = static_cast<long long>(rng() % 21) - 10;
        sum.add(q, times);
        plain += q * times;
    }
    CHECK(sum.total() == plain);
    CHECK(sum.value() == Approx(plain.convert_to<double>()));
    // whole numbers not reduced: 6/8 + 10/20 + 7/1000000014 (a large prime's double)
    ExactSum whole;
    whole.add(Integer(6), Integer(8));
    whole.add(Integer(10), Integer(20));
    whole.add(Integer(7), Integer(1000000014));
    CHECK(whole.total() == Rational(3, 4) + Rational(1, 2) + Rational(7, 1000000014));
    CHECK_FALSE(whole.zero());
    CHECK(ExactSum{}.zero());
    // Denominators that alternate, repeat, divide one another and cancel to nothing (the
    // sum then starts over a new denominator): each term's factor up to the common
    // denominator is kept from the last unlike one, and never used once it is stale.
    const std::vector<long long> dens{5, 10, 5, 10, 3, 10, 4, 4, 12, 7, 5, 1, 9, 10};
    for (int round = 0; round < 200; ++round) {
        ExactSum alternating;
        Rational expected = 0;
        for (int n = 0; n < 40; ++n) {
            const long long den = dens[rng() % dens.size()] * (rng() % 3 == 0 ? 1000000007LL : 1LL);
            const long long num = static_cast<long long>(rng() % 7) - 3;
            const auto times = rng() % 4 == 0 ? static_cast<long long>(rng() % 5) - 2 : 1LL;
            alternating.add(Integer(num), Integer(den));
            expected += Rational(num, den);
            if (times != 1) {
                alternating.add(Rational(num, den), times);
                expected += Rational(num, den) * times;
            }
        }
        CHECK(alternating.total() == expected);
    }
    // One term known to be in lowest terms (1000d10's lines) is the sum as it is, not
    // reduced again; a second term, a weight, zero or a pair not so marked are summed and
    // reduced. Each total is checked in GMP's canonical form, not only equal in value.
    for (int round = 0; round < 400; ++round) {
        ExactSum some;
        Rational expected = 0;
        for (int t = static_cast<int>(rng() % 4); t > 0; --t) {
            const Rational q(static_cast<long long>(rng() % 13) - 6, static_cast<long long>(rng() % 12) + 1);
            const Integer num = boost::multiprecision::numerator(q);
            const Integer den = boost::multiprecision::denominator(q);
            switch (rng() % 4) {
            case 0:
                some.add(q);
                break;
            case 1:
                some.add(num * 3, den * 3);
                break;  // not lowest, not said to be
            case 2:
                some.add(num, den, true);
                break;
            default:
                some.add(q, -1);
                expected -= 2 * q;
                break;
            }
            expected += q;
        }
        const Rational got = some.total();
        CHECK(got == expected);
        CHECK(boost::multiprecision::numerator(got) == boost::multiprecision::numerator(expected));
        CHECK(boost::multiprecision::denominator(got) == boost::multiprecision::denominator(expected));
    }
}

TEST_CASE("odds: parts alike in three categories, counted as a multinomial, equal every branch", "[core][odds]")
{
    // Five parts alike, each a d6 (1-2 one category, 3 the next, 4-6 the last), and one
    // part alike of none (a d4): the merged walk writes the alike parts' counts down at once.
    for (const size_t count : {size_t{1}, size_t{2}, size_t{5}}) {
        INFO(count);
        const Adjudicator run = [count](Dice& dice) {
            auto t = dice.tally<Part>(
                count + 1, 3,
                [&](Dice& d, size_t i) {
                    Part p;
                    const int roll = d.roll(DiceSpec{1, i < count ? 6 : 4, 0}, "part");
                    p.category = i < count ? (roll <= 2 ? 0 : roll == 3 ? 1 : 2) : (roll == 1 ? 2 : 0);
                    return p;
                },
                [count](size_t i) { return i < count ? std::string("d6") : std::string("d4"); });
            Resolution r;
            r.result.code =
                std::to_string(t.counts[0]) + "/" + std::to_string(t.counts[1]) + "/" + std::to_string(t.counts[2]);
            return r;
        };
        CHECK(check_against_oracle(run) >= 1);
    }
    // all parts alike, three categories reached
    const Adjudicator all = [](Dice& dice) {
        auto t = dice.tally<Part>(
            6, 3,
            [](Dice& d, size_t) {
                Part p;
                const int roll = d.roll_d6("part");
                p.category = roll <= 2 ? 0 : roll == 3 ? 1 : 2;
                return p;
            },
            [](size_t) { return std::string("d6"); });
        Resolution r;
        r.result.code =
            std::to_string(t.counts[0]) + "/" + std::to_string(t.counts[1]) + "/" + std::to_string(t.counts[2]);
        return r;
    };
    CHECK(check_against_oracle(all) >= 1);
    // and one count by hand: six parts, two in each category: 6!/(2!2!2!) (2/6)^2 (1/6)^2 (3/6)^2
    const auto lines = lines_of(compute_odds(all, {}));
    CHECK(lines.at("result").at("2/2/2") == "5/72");  // 90 x 4 x 1 x 9 / 6^6 = 3240/46656
}

TEST_CASE("odds: lines of whole numbers as a polynomial, and its negation (sums, differences of hits)", "[core][odds]")
{
    // -1 one time in six, 2 one in three, 4 one in two: over 6, from -1, gaps as 0 ways
    const std::vector<OddsLine> lines{
        {"2", "", {Rational(1, 3)}, ""}, {"-1", "", {Rational(1, 6)}, ""}, {"4", "", {Rational(1, 2)}, ""}};
    const Polynomial p = polynomial_of_lines(lines, "a test");
    CHECK(p.low == -1);
    CHECK(p.all == 6);
    CHECK(p.ways == std::vector<Integer>{1, 0, 0, 2, 0, 3});
    // minus the value: -4 one in two, -2 one in three, 1 one in six
    const Polynomial minus = negated(p);
    CHECK(minus.low == -4);
    CHECK(minus.all == 6);
    CHECK(minus.ways == std::vector<Integer>{3, 0, 2, 0, 0, 1});
    // the difference of two such values: (-1 - 4) = -5 is 1/6 x 1/2 = 3 ways of 36
    const std::vector<Integer> difference = multiply(p.ways, minus.ways);
    CHECK(difference.front() == 3);
    CHECK(difference.size() == 11);  // -5 .. 5
    std::vector<OddsLine> twice = lines;
    twice.push_back({"2", "", {Rational(0)}, ""});
    CHECK_THROWS_WITH(polynomial_of_lines(twice, "a test"), Catch::Contains("a test reads '2', not a number once"));
    CHECK_THROWS_WITH(polynomial_of_lines({{"hit", "", {Rational(1)}, ""}}, "a test"),
                      Catch::Contains("not a number once"));
}
