// Dice pools for 'umpire roll' (issue 14): keep and drop, successes, repeats. Expected
// values are combinatorics worked by hand, not the program's output.
#include "../helpers.h"
#include "core/odds.h"
#include "core/pool.h"
#include "util/error.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>

using namespace umpire;
using namespace umpire::core;

namespace {

RollTerm term(const char* text)
{
    auto t = parse_roll_term(text);
    REQUIRE(t);
    return *t;
}

// TEXT's one pool.
PoolSpec lone(const std::string& text)
{
    auto t = parse_roll_term(text);
    REQUIRE(t);
    REQUIRE(t->pools.size() == 1);
    return t->pools.front();
}

std::string parse_error(const char* text)
{
    auto t = parse_roll_term(text);
    REQUIRE_FALSE(t);
    return t.error();
}

// POOL's exact distribution: value -> fraction.
std::map<std::string, std::string> odds_of(const PoolSpec& pool, OddsWalk walk = OddsWalk::merged)
{
    const OddsReport report = compute_odds(
        [&](Dice& d) {
            Resolution r;
            r.command = "pool";
            r.result.code = std::to_string(roll_pool(pool, d, "pool"));
            return r;
        },
        {}, walk);
    std::map<std::string, std::string> out;
    for (const auto& line : report.dimensions.front().lines) {
        out[line.value] = line.probability.text();
    }
    return out;
}

}  // namespace

TEST_CASE("pool: the notation wargamers write is read, and every bad form refused by name", "[pool]")
{
    CHECK(lone("4d6kh3").read == PoolSpec::Read::keep_highest);
    CHECK(lone("4d6kh3").n == 3);
    // dropping the lowest one is keeping the highest three
    CHECK(lone("4d6dl1").read == PoolSpec::Read::keep_highest);
    CHECK(lone("4d6dl1").n == 3);
    CHECK(lone("4D6DH1").read == PoolSpec::Read::keep_lowest);
    CHECK(lone("4d6dh1").n == 3);
    CHECK(lone("2d20kl1").label() == "2d20kl1");
    CHECK(lone("4d6kh3+2").dice.modifier == 2);
    CHECK(lone("4d6kh3+2").label() == "4d6kh3+2");
    CHECK(lone("5d6>=5").read == PoolSpec::Read::at_least);
    CHECK(lone("6d6<=2").read == PoolSpec::Read::at_most);
    CHECK(term("3x2d6").repeat == 3);
    CHECK(lone("3x2d6").dice == DiceSpec{2, 6, 0});
    CHECK(lone("2d6").read == PoolSpec::Read::total);

    CHECK(parse_error("4d6kh5") == "'4d6kh5': the dice kept must be 1 to 4");
    CHECK(parse_error("4d6kh0") == "'4d6kh0': the dice kept must be 1 to 4");
    CHECK(parse_error("4d6dl4") == "'4d6dl4': the dice dropped must be 1 to 3");
    CHECK(parse_error("d6kh1") == "'d6kh1': keep or drop needs two dice or more");
    CHECK(parse_error("5d6>=7") == "'5d6>=7': the target face after >= must be 1 to 6");
    CHECK(parse_error("5d6>=") == "'5d6>=': >= needs the target face after it, 1 to 6 (5d6>=5)");
    CHECK(parse_error("0x2d6") == "'0x2d6': the repeat before 'x' must be 1 to 100");
    CHECK(parse_error("101x2d6") == "'101x2d6': the repeat before 'x' must be 1 to 100");
    CHECK(parse_error("4d6kh3*2").find("only +N or -N (or + or - more dice) may follow a keep, drop or count") !=
          std::string::npos);
    CHECK(parse_error("4d6kh3+2147483647") == "'4d6kh3+2147483647': a modifier must be a number from 0 to 1000000");
    CHECK(parse_error("4d6x").find("4d6kh3, 4d6dl1") != std::string::npos);
}

TEST_CASE("pool: exact odds of keep and drop, successes, as counted by hand", "[pool][odds]")
{
    // 4d6 keep the highest 3: one way in 1296 to 3 (all ones), 21 to 18 (6,6,6 kept:
    // four sixes, or three and one of the 5 others in any of 4 places: 1 + 20).
    auto kh3 = odds_of(lone("4d6kh3"));
    CHECK(kh3["3"] == "1/1296");
    CHECK(kh3["18"] == "7/432");  // 21/1296
    CHECK(kh3.size() == 16);
    CHECK(odds_of(lone("4d6dl1")) == kh3);
    // the merged walk (by how many dice show each face) equals the walk over every order
    CHECK(odds_of(lone("4d6kh3"), OddsWalk::branches) == kh3);
    // 2d20 keep the highest (advantage): P(20) = 39/400, P(1) = 1/400; keep the lowest the mirror
    auto adv = odds_of(lone("2d20kh1"));
    CHECK(adv["20"] == "39/400");
    CHECK(adv["1"] == "1/400");
    auto dis = odds_of(lone("2d20kl1"));
    CHECK(dis["1"] == "39/400");
    CHECK(dis["20"] == "1/400");
    // 5d6 counting 5s and 6s: binomial(5, 1/3), C(5,k) 2^(5-k) / 243
    auto hits = odds_of(lone("5d6>=5"));
    CHECK(hits["0"] == "32/243");
    CHECK(hits["1"] == "80/243");
    CHECK(hits["2"] == "80/243");
    CHECK(hits["3"] == "40/243");
    CHECK(hits["4"] == "10/243");
    CHECK(hits["5"] == "1/243");
    // 3d10 counting 3 or less: binomial(3, 3/10)
    auto under = odds_of(lone("3d10<=3"));
    CHECK(under["3"] == "27/1000");
    CHECK(under["0"] == "343/1000");
    // a modifier is added to the kept total: 2d6kh1+1 runs 2 to 7, P(7) = 11/36
    auto plus = odds_of(lone("2d6kh1+1"));
    CHECK(plus["7"] == "11/36");
    CHECK(plus["2"] == "1/36");
    // a pool of 30 dice is counted by faces, not by 6^30 orders
    auto big = odds_of(lone("30d6>=6"));
    CHECK(big["30"] == "1/221073919720733357899776");  // 6^30
}

TEST_CASE("pool: keep and drop by order statistics equal the walk over every die, at any size", "[pool][odds]")
{
    // Every small pool, keeping the highest and the lowest: the kept total drawn whole
    // (issue 26) against every sequence of its dice.
    size_t compared = 0;
    for (int sides : {2, 3, 4, 6, 8}) {
        for (int count = 2; count <= (sides <= 4 ? 6 : 4); ++count) {
            for (int keep = 1; keep <= count; ++keep) {
                for (const char* how : {"kh", "kl"}) {
                    const std::string text =
                        std::to_string(count) + "d" + std::to_string(sides) + how + std::to_string(keep);
                    INFO(text);
                    const auto pool = lone(text.c_str());
                    CHECK(odds_of(pool) == odds_of(pool, OddsWalk::branches));
                    ++compared;
                }
            }
        }
    }
    CHECK(compared > 80);
    // Past any walk of the dice. 100d6 keep the highest 3 is 3 only when all hundred show
    // 1: 1/6^100; it is 18 unless fewer than three sixes show: 1 - (5^100 + 100 x 5^99 +
    // C(100,2) x 5^98) / 6^100.
    using cpp_int = core::Integer;
    using cpp_rational = core::Rational;
    using boost::multiprecision::pow;
    const auto big = odds_of(lone("100d6kh3"));
    const cpp_int all = pow(cpp_int(6), 100);
    CHECK(cpp_rational(big.at("3")) == cpp_rational(1, all));
    CHECK(cpp_rational(big.at("18")) ==
          1 - cpp_rational(pow(cpp_int(5), 100) + 100 * pow(cpp_int(5), 99) + 4950 * pow(cpp_int(5), 98), all));
    CHECK(big.size() == 16);
    // Keeping one of two d1000 is the largest of two: P(1000) = 1999/10^6, at once.
    CHECK(odds_of(lone("2d1000kh1")).at("1000") == "1999/1000000");
    // Work past the engine's limit is refused before it starts, in words.
    try {
        odds_of(lone("1000d1000kh3"));
        FAIL("no refusal");
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::usage);
        CHECK(std::string(e.what()).find("the highest 3 of 1000d1000 takes too much work to count exactly (about "
                                         "4.2e+09: the dice kept cubed") != std::string::npos);
    }
    // The figure is the one the limit reckons: 27 x 1000^2 x (20 x log2(1000) / 64 = 3.1
    // words) = 8.4e7 refused; 700 sides, 27 x 490000 x 2.95 = 3.9e7, answered.
    CHECK_THROWS_WITH(odds_of(lone("20d1000kh3")), Catch::Contains("(about 8.4e+07"));
    CHECK(odds_of(lone("20d700kh3")).count("700") == 1);
}

TEST_CASE("pool: a plain roll keeps the dice it says it keeps", "[pool]")
{
    test::Scripted s({6, 1, 5, 6});
    std::vector<int> faces;
    std::vector<bool> counted;
    CHECK(roll_pool(lone("4d6kh3"), s.dice, "ability", &faces, &counted) == 17);
    CHECK(faces == std::vector<int>{6, 1, 5, 6});
    CHECK(counted == std::vector<bool>{true, false, true, true});
    CHECK(s.dice.record().size() == 4);
    CHECK(s.dice.record()[1].purpose == "ability: die 2");

    // equal faces: the first rolled is the one kept
    test::Scripted t({2, 2, 2});
    CHECK(roll_pool(lone("3d6kl1"), t.dice, "low", &faces, &counted) == 2);
    CHECK(counted == std::vector<bool>{true, false, false});

    test::Scripted u({5, 4, 6, 1, 5});
    CHECK(roll_pool(lone("5d6>=5"), u.dice, "fire", &faces, &counted) == 3);
    CHECK(counted == std::vector<bool>{true, false, true, false, true});
}

TEST_CASE("pool: odds once past the walk's limits are counted whole, not walked", "[pool][odds]")
{
    // 40d6 read by faces was C(45, 5) = 1,221,759 distinct counts, refused; kept totals
    // are now drawn whole (order statistics), so it answers: 3 only when all forty show 1
    const auto forty = odds_of(lone("40d6kh3"));
    CHECK(forty.at("3") == "1/13367494538843734067838845976576");  // 6^40
    CHECK(forty.size() == 16);
    // 1000 dice counting sixes was a tally in exact fractions past 128 bits, refused; it is
    // now drawn whole as the binomial count it is: C(1000, k) 5^(1000-k) / 6^1000
    const auto sixes = odds_of(lone("1000d6>=6"));
    CHECK(sixes.size() == 1001);
    CHECK(core::Rational(sixes.at("1000")) == core::Rational(1, boost::multiprecision::pow(core::Integer(6), 1000)));
    CHECK(core::Rational(sixes.at("1")) == core::Rational(1000 * boost::multiprecision::pow(core::Integer(5), 999),
                                                          boost::multiprecision::pow(core::Integer(6), 1000)));
    // and it equals the walk over every die where that can be walked
    for (const char* pool : {"6d6>=5", "5d4<=1", "4d8>=8", "3d10<=10"}) {
        INFO(pool);
        CHECK(odds_of(lone(pool)) == odds_of(lone(pool), OddsWalk::branches));
    }
}

TEST_CASE("pool: a total past 64-bit counts is exact, and one past the engine's work is refused at once",
          "[pool][odds]")
{
    // 200d10: the extremes have one way each, the next ones 200 (which die shows 2 or 9).
    const auto many = odds_of(lone("200d10"));
    const std::string all = "1" + std::string(200, '0');
    CHECK(many.at("200") == "1/" + all);
    CHECK(many.at("2000") == "1/" + all);
    CHECK(many.at("201") == "1/5" + std::string(197, '0'));  // 200/10^200 = 1/(5 x 10^197)
    CHECK(many.size() == 1801);
    try {
        odds_of(lone("1000d20"));
        FAIL("1000d20 was counted");
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::usage);
        CHECK(std::string(e.what()).find("1000d20 has too many totals to count exactly") != std::string::npos);
    }
}

TEST_CASE("pool: the size of a total's odds, and of a sum of them, against the engine's limit", "[core][pool][odds]")
{
    const auto size = [](const std::string& text) { return count_size(*parse_roll_term(text)); };
    const auto countable = [](const CountSize& s) {
        try {
            require_countable(s, "it", "", "less");
            return true;
        } catch (const Error& e) {
            CHECK(e.code() == ExitCode::usage);
            CHECK(std::string(e.what()).find("it has too many totals to count exactly") != std::string::npos);
            return false;
        }
    };
    // 1000d10: totals 1000 to 10000, 9,001 of them; counts up to 10^1000, 3,322 bits, 52
    // words: 468,052 of the 500,000.
    CHECK(size("1000d10").totals == 9001);
    CHECK(std::abs(size("1000d10").bits - 1000 * std::log2(10.0L)) < 1e-9);
    CHECK(size("10d6>=5").totals == 11);  // 0 to 10 successes
    CHECK(countable(size("1000d10")));
    CHECK(countable(size("1000d10") + size("1d6")));            // 9,006 totals x 52 words
    CHECK_FALSE(countable(size("1000d10") + size("1000d10")));  // 18,001 x 104
    CHECK_FALSE(countable(size("1000d12")));                    // 11,001 x 57
    // a sum of parts: the totals of each, less the one they share, and the bits of each
    const CountSize sum = size("2d6") + size("3d6");
    CHECK(sum.totals == 26);  // 5 to 30
    CHECK(std::abs(sum.bits - 5 * std::log2(6.0L)) < 1e-9);
}

// Issue 29: explosions, rerolls, sums of pools, Fudge dice, critical marks. Each form's
// distribution is checked against a brute force written from the rule in words (every
// sequence of faces a die can show, below), against the walk over every die, and at a
// few values worked by hand.
namespace {

using Distribution = std::map<long long, core::Rational>;

// Every value one die of POOL can end on, with its chance: the first roll rerolled while
// it matches (at most k_max_rerolls times, once for "ro"), then, while the last roll
// shows the highest face, another die added (less one when penetrating), at most
// k_max_rerolls times.
Distribution brute_die(const PoolSpec& pool)
{
    Distribution out;
    if (pool.fudge) {
        for (int face : {-1, 0, 1}) {
            out[face] = core::Rational(1, 3);
        }
        return out;
    }
    const int sides = pool.dice.sides;
    const int rerolls = pool.reroll == PoolSpec::Reroll::once ? 1 : k_max_rerolls;
    std::function<void(int, core::Rational, long long, int)> explode = [&](int last, core::Rational p, long long total,
                                                                           int times) {
        if (pool.explode == PoolSpec::Explode::none || last != sides || times == k_max_rerolls) {
            out[total] += p;
            return;
        }
        for (int g = 1; g <= sides; ++g) {
            explode(g, p / sides, total + (pool.explode == PoolSpec::Explode::penetrate ? g - 1 : g), times + 1);
        }
    };
    // the first roll: each face 1/S of what reaches this roll; the matching faces' chance
    // goes on to the next roll, while rerolls are left
    core::Rational reaching = 1;
    for (int times = 0; reaching != 0; ++times) {
        core::Rational matched = 0;
        for (int face = 1; face <= sides; ++face) {
            const core::Rational q = reaching / sides;
            if (pool.reroll != PoolSpec::Reroll::none && pool.reroll_if.matches(face) && times < rerolls) {
                matched += q;
            } else {
                explode(face, q, face, 0);
            }
        }
        reaching = matched;
    }
    return out;
}

Distribution convolved(const Distribution& a, const Distribution& b)
{
    Distribution out;
    for (const auto& [x, p] : a) {
        for (const auto& [y, q] : b) {
            out[x + y] += p * q;
        }
    }
    return out;
}

// TERM's distribution by brute force: each pool's dice one after another (a keep or a
// count of successes over every sequence of its faces), signs and the constant applied.
Distribution brute_term(const RollTerm& term)
{
    Distribution sum{{term.modifier, core::Rational(1)}};
    for (const auto& pool : term.pools) {
        Distribution part{{0, core::Rational(1)}};
        if (pool.read == PoolSpec::Read::total) {
            for (int i = 0; i < pool.dice.count; ++i) {
                part = convolved(part, brute_die(pool));
            }
            part = convolved(part, {{pool.dice.modifier, core::Rational(1)}});
        } else {
            part.clear();
            std::vector<int> faces(static_cast<size_t>(pool.dice.count), 1);
            const core::Rational each = core::Rational(
                1, boost::multiprecision::pow(core::Integer(pool.dice.sides), static_cast<unsigned>(pool.dice.count)));
            while (true) {
                std::vector<int> sorted = faces;
                std::sort(sorted.begin(), sorted.end());
                long long value = 0;
                if (pool.read == PoolSpec::Read::at_least || pool.read == PoolSpec::Read::at_most) {
                    for (int f : faces) {
                        value += pool.read == PoolSpec::Read::at_least ? f >= pool.n : f <= pool.n;
                    }
                } else {
                    for (int k = 0; k < pool.n; ++k) {
                        value += pool.read == PoolSpec::Read::keep_lowest
                                     ? sorted[static_cast<size_t>(k)]
                                     : sorted[sorted.size() - 1 - static_cast<size_t>(k)];
                    }
                    value += pool.dice.modifier;
                }
                part[value] += each;
                size_t i = 0;
                while (i < faces.size() && faces[i] == pool.dice.sides) {
                    faces[i++] = 1;
                }
                if (i == faces.size()) {
                    break;
                }
                ++faces[i];
            }
        }
        if (pool.sign < 0) {
            Distribution negative;
            for (const auto& [v, p] : part) {
                negative[-v] = p;
            }
            part = negative;
        }
        sum = convolved(sum, part);
    }
    return sum;
}

// TERM's distribution as umpire's exact odds count it.
Distribution odds_of_term(const RollTerm& term, OddsWalk walk = OddsWalk::merged)
{
    const OddsReport report = compute_odds(
        [&](Dice& d) {
            Resolution r;
            r.command = "roll";
            r.result.code = std::to_string(roll_term(term, d, "roll"));
            return r;
        },
        {}, walk);
    Distribution out;
    for (const auto& line : report.dimensions.front().lines) {
        out[std::stoll(line.value)] = line.probability.q();
    }
    return out;
}

}  // namespace

TEST_CASE("pool: explosions, rerolls, sums and Fudge dice are read, and what stays out refused in words", "[pool]")
{
    using P = PoolSpec;
    CHECK(lone("3d6!").explode == P::Explode::each);
    CHECK(lone("3d6!!").explode == P::Explode::compound);
    CHECK(lone("3D6!P").explode == P::Explode::penetrate);
    CHECK(lone("2d6r1").reroll == P::Reroll::until);
    CHECK(lone("2d6r1").reroll_if.matches(1));
    CHECK_FALSE(lone("2d6r1").reroll_if.matches(2));
    CHECK(lone("2d6ro<3").reroll == P::Reroll::once);
    // < is strict: below 3 is 1 and 2
    CHECK(lone("2d6ro<3").reroll_if.matches(2));
    CHECK_FALSE(lone("2d6ro<3").reroll_if.matches(3));
    CHECK(lone("2d6r>=5").reroll_if.matches(5));
    CHECK(lone("4dF").fudge);
    CHECK(lone("4dF").label() == "4dF");
    CHECK(lone("d20cs>=19cf1").label() == "d20cs>=19cf1");
    CHECK(lone("d20cs>=19cf1").critical_success->matches(19));
    CHECK(term("1d6+1d8").pools.size() == 2);
    CHECK(term("1d6 + 1d8 - 1d4 + 2").label() == "d6+d8-d4+2");
    CHECK(term("2d6-1d4").pools[1].sign == -1);
    CHECK(term("-1d4+10").label() == "-d4+10");
    // a count of successes takes a constant after it now: successes plus one
    CHECK(term("5d6>=5+1").modifier == 1);
    // a lone pool of plain dice written with spaces is the pool umpire always read
    CHECK(term("3d6 + 2").single());
    CHECK(lone("3d6 + 2").dice == DiceSpec{3, 6, 2});
    // every form umpire read before reads the same: one pool, its own modifier
    for (const char* old : {"2d6", "d%", "d100", "3d6+2", "3d6+2-1", "4d6kh3+2", "4d6dl1", "5d6>=5", "6d6<=2"}) {
        INFO(old);
        CHECK(term(old).single());
        CHECK(term(old).modifier == 0);
    }
    CHECK(lone("3d6+2-1").dice == DiceSpec{3, 6, 1});

    CHECK(parse_error("4d6r1kh3").find("a keep, drop or count of successes reads plain dice") != std::string::npos);
    CHECK(parse_error("d6!>4").find("explodes on its highest face only") != std::string::npos);
    CHECK(parse_error("2d6r<=6") == "'2d6r<=6': r<=6 rerolls every face of a d6 for ever; ro<=6 rerolls once");
    CHECK(parse_error("d6r7") == "'d6r7': r7 names no face of a d6");
    CHECK(parse_error("d6r") == "'d6r': r needs a face after it (1, =1, <3, <=2, >5, >=5)");
    // a number past any die, said as such (it read "needs a face" before), with the
    // compare as typed, as the message for a face of no die of these sides says it
    CHECK(parse_error("d6cs>=2147483647") ==
          "'d6cs>=2147483647': cs>=2147483647 is past any face (a die has at most 1000)");
    CHECK(parse_error("d6r99999999999999999999") ==
          "'d6r99999999999999999999': r999999999999... is past any face (a die has at most 1000)");
    CHECK(parse_error("d6ro<1002") == "'d6ro<1002': ro<1002 is past any face (a die has at most 1000)");
    CHECK(parse_error("d6r1001") == "'d6r1001': r1001 names no face of a d6");
    CHECK(parse_error("4dF!").find("Fudge dice (dF) are only totalled") != std::string::npos);
    // a bare > or < on Fudge dice: no reading of it counts, so neither is offered (hunt34)
    CHECK(parse_error("4dF>1").find("Fudge dice (dF) are only totalled") != std::string::npos);
    CHECK(parse_error("4dF<0").find("Fudge dice (dF) are only totalled") != std::string::npos);
    CHECK(parse_error("3d6!!!") == "'3d6!!!': an explosion twice in '3d6!!!'");
    CHECK(parse_error("2d6r1r2") == "'2d6r1r2': a reroll twice in '2d6r1r2'");
    CHECK(parse_error("1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6")
              .find("more than 20 pools in one expression") != std::string::npos);
    CHECK(parse_error("600d6+600d6") == "'600d6+600d6': more than 1000 dice in one expression");
    CHECK(parse_error("1d6+1d4+x")
              .starts_with("'1d6+1d4+x': 'x' is neither dice (NdS, e.g. 2d6) nor a number; a "
                           "pool may keep or drop"));
    CHECK(parse_error("1d6+1d1") == "'1d6+1d1': a die must have 2 to 1000 sides (or be d% or dF)");
    CHECK(parse_error("2d6!+1000001").find("a modifier must be a number from 0 to 1000000") != std::string::npos);
    CHECK(parse_error("2d6!+1000000+1") == "'2d6!+1000000+1': the modifiers add up past 1000000");
    CHECK(parse_error("d00").find("a percentile roll is d% (or d100)") != std::string::npos);
    // a refusal says what an expression may hold
    CHECK(parse_error("4d6x").find("4d6kh3, 4d6dl1") != std::string::npos);
    CHECK(parse_error("4d6x").find("explode (3d6!, 3d6!!, 3d6!p)") != std::string::npos);
}

TEST_CASE("pool: the new forms' odds equal a brute force of their rule and the walk over every die", "[pool][odds]")
{
    for (const char* text :
         {"2d6!",     "3d4!!",   "2d6!p",       "d2!",          "d6!p+d4",    "2d6r1",     "3d6ro<3",
          "2d8r>=7!", "d10r<=8", "4dF",         "4dF+1d6-2",    "1d6+1d8",    "2d6-1d4+3", "3d6kh2+1d4",
          "4d6>=5+1", "-1d6+10", "2d20kl1-1d6", "d20cs>=19cf1", "2d6r1!p-d3", "3d6+2 "}) {
        INFO(text);
        const RollTerm t = term(text);
        const Distribution exact = odds_of_term(t);
        CHECK(exact == brute_term(t));
        core::Rational total = 0;
        for (const auto& [v, p] : exact) {
            total += p;
        }
        CHECK(total == 1);
    }
    // the walk over every die (no pool drawn whole), where it stays small (its estimate
    // follows the first branch, every die a 1: rerolls of 1 would look endless to it)
    for (const char* text : {"2d6!", "d6!!", "d4!p", "2d4r4", "2d6ro<3", "4dF+1d4", "1d6-1d4", "d4r4!"}) {
        INFO(text);
        CHECK(odds_of_term(term(text)) == odds_of_term(term(text), OddsWalk::branches));
    }
}

TEST_CASE("pool: the new forms at values worked by hand", "[pool][odds]")
{
    using R = core::Rational;
    // 2d6 exploding: 8 is 3+5, 4+4, 5+3 (3/36) or 1 and a 6 exploding into 1 (2 x 1/216)
    CHECK(odds_of_term(term("2d6!")).at(8) == R(5, 54));
    CHECK(odds_of_term(term("2d6!")).count(6 * 21 * 2) == 1);  // a six and twenty explosions each: the limit
    CHECK(odds_of_term(term("2d6!")).count(6 * 21 * 2 + 1) == 0);
    // a d6 rerolled once on a 1: 1 only when both rolls show 1 (1/36); 2 is 1/6 + 1/36
    CHECK(odds_of_term(term("d6ro1")).at(1) == R(1, 36));
    CHECK(odds_of_term(term("d6ro1")).at(2) == R(7, 36));
    // penetrating: 6 is a 6 then a 1 (adds 0); 10 is a 6 then a 5 (adds 4)
    CHECK(odds_of_term(term("d6!p")).at(5) == R(1, 6));
    CHECK(odds_of_term(term("d6!p")).at(6) == R(1, 36));
    CHECK(odds_of_term(term("d6!p")).at(10) == R(1, 36));
    CHECK(odds_of_term(term("d6!p")).at(11) == R(1, 216));  // 6, 6, 1: 6 + 5 + 0
    // 4dF: the middle coefficient of (1 + x + x^2)^4 is 19, of 81
    CHECK(odds_of_term(term("4dF")).at(0) == R(19, 81));
    CHECK(odds_of_term(term("4dF")).at(4) == R(1, 81));
    // d6 + d8: 7, 8 and 9 each six ways of 48
    CHECK(odds_of_term(term("1d6+1d8")).at(8) == R(1, 8));
    // d4 taken from 10: 6 to 9 alike
    CHECK(odds_of_term(term("10-1d4")).at(6) == R(1, 4));
    // rerolled while a 1, at most 20 times: a 1 stands only when all 21 rolls show it
    CHECK(odds_of_term(term("d6r1")).at(1) == R(1, boost::multiprecision::pow(core::Integer(6), 21)));
}

TEST_CASE("pool: each roll of the new forms is shown as a player reads it", "[pool]")
{
    test::Scripted s({6, 6, 2, 3});
    Shown shown;
    CHECK(roll_term(term("2d6!"), s.dice, "charge", &shown) == 17);
    CHECK(shown.dice == std::vector<std::string>{"6!", "6!", "2", "3"});
    CHECK(s.dice.record()[1].purpose == "charge: die 1, explosion 1");

    test::Scripted c({6, 6, 2, 3});
    shown = {};
    CHECK(roll_term(term("2d6!!"), c.dice, "charge", &shown) == 17);
    CHECK(shown.dice == std::vector<std::string>{"14!!", "3"});

    test::Scripted p({6, 6, 2});
    shown = {};
    CHECK(roll_term(term("d6!p"), p.dice, "hit", &shown) == 12);  // 6 + 5 + 1
    CHECK(shown.dice == std::vector<std::string>{"6!", "5!", "1"});

    test::Scripted r({1, 1, 4, 2});
    shown = {};
    CHECK(roll_term(term("2d6r1"), r.dice, "r", &shown) == 6);
    CHECK(shown.dice == std::vector<std::string>{"1r", "1r", "4", "2"});

    test::Scripted once({1, 1, 2});
    shown = {};
    CHECK(roll_term(term("2d6ro1"), once.dice, "r", &shown) == 3);  // the second 1 stands
    CHECK(shown.dice == std::vector<std::string>{"1r", "1", "2"});

    test::Scripted f({-1, 0, 1, 1});
    shown = {};
    CHECK(roll_term(term("4dF"), f.dice, "fate", &shown) == 1);
    CHECK(shown.dice == std::vector<std::string>{"-", "0", "+", "+"});

    test::Scripted sum({3, 5, 2});
    shown = {};
    CHECK(roll_term(term("2d6-1d4+1"), sum.dice, "m", &shown) == 7);
    CHECK(shown.dice == std::vector<std::string>{"2d6: 3 5", "-d4: 2"});

    test::Scripted crit({20, 1, 7});
    shown = {};
    CHECK(roll_term(term("3d20cs>=19cf1"), crit.dice, "attack", &shown) == 28);
    CHECK(shown.dice == std::vector<std::string>{"20**", "1__", "7"});
    CHECK(shown.critical_successes == 1);
    CHECK(shown.critical_failures == 1);
}

TEST_CASE("pool: a refusal of a keep, count or explosion says what is missing or meant, in the die's numbers", "[pool]")
{
    // A count left out is said to be left out (it read "the dice kept must be 1 to 2").
    CHECK(parse_error("2d20kh") == "'2d20kh': kh needs the number of dice kept after it, 1 to 2 (2d20kh1 keeps one)");
    CHECK(parse_error("2d20kl") == "'2d20kl': kl needs the number of dice kept after it, 1 to 2 (2d20kl1 keeps one)");
    CHECK(parse_error("4d6dh") == "'4d6dh': dh needs the number of dice dropped after it, 1 to 3 (4d6dh1 drops one)");
    CHECK(parse_error("4d6DL") == "'4d6DL': DL needs the number of dice dropped after it, 1 to 3 (4d6DL1 drops one)");
    CHECK(parse_error("6d6<=") == "'6d6<=': <= needs the target face after it, 1 to 6 (6d6<=5)");
    CHECK(parse_error("d6ro") == "'d6ro': ro needs a face after it (1, =1, <3, <=2, >5, >=5)");
    // A count given out of range is still said as a range.
    CHECK(parse_error("2d20kh3") == "'2d20kh3': the dice kept must be 1 to 2");

    // An explosion on the highest face written out is the explosion: 1d8!8 is 1d8!.
    CHECK(lone("1d8!8").explode == PoolSpec::Explode::each);
    CHECK(lone("1d8!8").label() == lone("1d8!").label());
    CHECK(lone("1d6!6").label() == "d6!");
    CHECK(lone("3d6!!=6").explode == PoolSpec::Explode::compound);
    CHECK(lone("2d10!p>9").explode == PoolSpec::Explode::penetrate);
    CHECK(lone("d20!>=20").label() == "d20!");
    // Any other face is refused with the die's own numbers (it named a d6 for a d8, and
    // called the d8's 8 "other faces").
    CHECK(parse_error("1d8!6") == "'1d8!6': a die explodes on its highest face only: 1d8! (or 1d8!8) explodes on 8; "
                                  "'!6' names 6");
    CHECK(parse_error("d6!>4") ==
          "'d6!>4': a die explodes on its highest face only: d6! (or d6!6) explodes on 6; '!>4' names 5 to 6");
    CHECK(parse_error("3d10!!<=9") == "'3d10!!<=9': a die explodes on its highest face only: 3d10!! (or 3d10!!10) "
                                      "explodes on 10; '!!<=9' names 1 to 9");
    CHECK(parse_error("1d8!9") == "'1d8!9': !9 names no face of a d8");
    CHECK(parse_error("4dF!3").find("Fudge dice (dF) are only totalled") != std::string::npos);

    // A bare > or < in a count of successes: Roll20 reads 10d10>7 as 7 or more, umpire's >
    // is strict (r>5), so both readings are written out for the user to pick.
    CHECK(parse_error("10d10>7") == "'10d10>7': write 10d10>=8 for more than 7, or 10d10>=7 for 7 or more (a bare > "
                                    "or < is read one way by some dice apps, the other by others)");
    CHECK(parse_error("5d6<2") == "'5d6<2': write 5d6<=1 for less than 2, or 5d6<=2 for 2 or less (a bare > or < is "
                                  "read one way by some dice apps, the other by others)");
    // where one reading names no face, only the other is offered
    CHECK(parse_error("5d6>6") == "'5d6>6': write 5d6>=6 for 6 or more (a bare > or < is read one way by some dice "
                                  "apps, the other by others)");
    CHECK(parse_error("5d6<1") == "'5d6<1': write 5d6<=1 for 1 or less (a bare > or < is read one way by some dice "
                                  "apps, the other by others)");
    CHECK(parse_error("5d6>9") == "'5d6>9': a count of successes is written with >= and a face of the die, 1 to 6 "
                                  "(5d6>=5, 6d6<=2)");
    CHECK(parse_error("1d4+10D10>7").starts_with("'1d4+10D10>7': write 10D10>=8 for more than 7"));

    // What was typed is echoed as typed, not lowered (4d6L read back 'l').
    CHECK(parse_error("4d6L").starts_with("'4d6L': unexpected 'L'; "));
    CHECK(parse_error("4D6Kh3*2").starts_with("'4D6Kh3*2': unexpected '*2'; "));
    CHECK(parse_error("1d6+Q").starts_with("'1d6+Q': 'Q' is neither dice"));
}
