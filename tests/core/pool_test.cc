// Dice pools for 'umpire roll' (issue 14): keep and drop, successes, repeats. Expected
// values are combinatorics worked by hand, not the program's output.
#include "../helpers.h"
#include "core/odds.h"
#include "core/pool.h"
#include "util/error.h"

#include <catch2/catch.hpp>

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
    CHECK(term("4d6kh3").pool.read == PoolSpec::Read::keep_highest);
    CHECK(term("4d6kh3").pool.n == 3);
    // dropping the lowest one is keeping the highest three
    CHECK(term("4d6dl1").pool.read == PoolSpec::Read::keep_highest);
    CHECK(term("4d6dl1").pool.n == 3);
    CHECK(term("4D6DH1").pool.read == PoolSpec::Read::keep_lowest);
    CHECK(term("4d6dh1").pool.n == 3);
    CHECK(term("2d20kl1").pool.label() == "2d20kl1");
    CHECK(term("4d6kh3+2").pool.dice.modifier == 2);
    CHECK(term("4d6kh3+2").pool.label() == "4d6kh3+2");
    CHECK(term("5d6>=5").pool.read == PoolSpec::Read::at_least);
    CHECK(term("6d6<=2").pool.read == PoolSpec::Read::at_most);
    CHECK(term("3x2d6").repeat == 3);
    CHECK(term("3x2d6").pool.dice == DiceSpec{2, 6, 0});
    CHECK(term("2d6").pool.read == PoolSpec::Read::total);

    CHECK(parse_error("4d6kh5") == "'4d6kh5': the dice kept must be 1 to 4");
    CHECK(parse_error("4d6kh0") == "'4d6kh0': the dice kept must be 1 to 4");
    CHECK(parse_error("4d6dl4") == "'4d6dl4': the dice dropped must be 1 to 3");
    CHECK(parse_error("d6kh1") == "'d6kh1': keep or drop needs two dice or more");
    CHECK(parse_error("5d6>=7") == "'5d6>=7': the target face after >= must be 1 to 6");
    CHECK(parse_error("5d6>=") == "'5d6>=': the target face after >= must be 1 to 6");
    CHECK(parse_error("5d6>=5+1") == "'5d6>=5+1': nothing may follow a count of successes");
    CHECK(parse_error("0x2d6") == "'0x2d6': the repeat before 'x' must be 1 to 100");
    CHECK(parse_error("101x2d6") == "'101x2d6': the repeat before 'x' must be 1 to 100");
    CHECK(parse_error("4d6kh3*2").find("only +N or -N may follow a keep or drop") != std::string::npos);
    CHECK(parse_error("4d6kh3+2147483647") == "'4d6kh3+2147483647': a modifier must be a number from 0 to 1000000");
    CHECK(parse_error("4d6x").find("4d6kh3, 4d6dl1") != std::string::npos);
}

TEST_CASE("pool: exact odds of keep and drop, successes, as counted by hand", "[pool][odds]")
{
    // 4d6 keep the highest 3: one way in 1296 to 3 (all ones), 21 to 18 (6,6,6 kept:
    // four sixes, or three and one of the 5 others in any of 4 places: 1 + 20).
    auto kh3 = odds_of(term("4d6kh3").pool);
    CHECK(kh3["3"] == "1/1296");
    CHECK(kh3["18"] == "7/432");  // 21/1296
    CHECK(kh3.size() == 16);
    CHECK(odds_of(term("4d6dl1").pool) == kh3);
    // the merged walk (by how many dice show each face) equals the walk over every order
    CHECK(odds_of(term("4d6kh3").pool, OddsWalk::branches) == kh3);
    // 2d20 keep the highest (advantage): P(20) = 39/400, P(1) = 1/400; keep the lowest the mirror
    auto adv = odds_of(term("2d20kh1").pool);
    CHECK(adv["20"] == "39/400");
    CHECK(adv["1"] == "1/400");
    auto dis = odds_of(term("2d20kl1").pool);
    CHECK(dis["1"] == "39/400");
    CHECK(dis["20"] == "1/400");
    // 5d6 counting 5s and 6s: binomial(5, 1/3), C(5,k) 2^(5-k) / 243
    auto hits = odds_of(term("5d6>=5").pool);
    CHECK(hits["0"] == "32/243");
    CHECK(hits["1"] == "80/243");
    CHECK(hits["2"] == "80/243");
    CHECK(hits["3"] == "40/243");
    CHECK(hits["4"] == "10/243");
    CHECK(hits["5"] == "1/243");
    // 3d10 counting 3 or less: binomial(3, 3/10)
    auto under = odds_of(term("3d10<=3").pool);
    CHECK(under["3"] == "27/1000");
    CHECK(under["0"] == "343/1000");
    // a modifier is added to the kept total: 2d6kh1+1 runs 2 to 7, P(7) = 11/36
    auto plus = odds_of(term("2d6kh1+1").pool);
    CHECK(plus["7"] == "11/36");
    CHECK(plus["2"] == "1/36");
    // a pool of 30 dice is counted by faces, not by 6^30 orders
    auto big = odds_of(term("30d6>=6").pool);
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
                    const auto pool = term(text.c_str()).pool;
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
    const auto big = odds_of(term("100d6kh3").pool);
    const cpp_int all = pow(cpp_int(6), 100);
    CHECK(cpp_rational(big.at("3")) == cpp_rational(1, all));
    CHECK(cpp_rational(big.at("18")) ==
          1 - cpp_rational(pow(cpp_int(5), 100) + 100 * pow(cpp_int(5), 99) + 4950 * pow(cpp_int(5), 98), all));
    CHECK(big.size() == 16);
    // Keeping one of two d1000 is the largest of two: P(1000) = 1999/10^6, at once.
    CHECK(odds_of(term("2d1000kh1").pool).at("1000") == "1999/1000000");
    // Work past the engine's limit is refused before it starts, in words.
    try {
        odds_of(term("1000d1000kh3").pool);
        FAIL("no refusal");
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::usage);
        CHECK(std::string(e.what()).find("the highest 3 of 1000d1000 take too much work to count exactly") !=
              std::string::npos);
    }
}

TEST_CASE("pool: a plain roll keeps the dice it says it keeps", "[pool]")
{
    test::Scripted s({6, 1, 5, 6});
    std::vector<int> faces;
    std::vector<bool> counted;
    CHECK(roll_pool(term("4d6kh3").pool, s.dice, "ability", &faces, &counted) == 17);
    CHECK(faces == std::vector<int>{6, 1, 5, 6});
    CHECK(counted == std::vector<bool>{true, false, true, true});
    CHECK(s.dice.record().size() == 4);
    CHECK(s.dice.record()[1].purpose == "ability: die 2");

    // equal faces: the first rolled is the one kept
    test::Scripted t({2, 2, 2});
    CHECK(roll_pool(term("3d6kl1").pool, t.dice, "low", &faces, &counted) == 2);
    CHECK(counted == std::vector<bool>{true, false, false});

    test::Scripted u({5, 4, 6, 1, 5});
    CHECK(roll_pool(term("5d6>=5").pool, u.dice, "fire", &faces, &counted) == 3);
    CHECK(counted == std::vector<bool>{true, false, true, false, true});
}

TEST_CASE("pool: odds once past the walk's limits are counted whole, not walked", "[pool][odds]")
{
    // 40d6 read by faces was C(45, 5) = 1,221,759 distinct counts, refused; kept totals
    // are now drawn whole (order statistics), so it answers: 3 only when all forty show 1
    const auto forty = odds_of(term("40d6kh3").pool);
    CHECK(forty.at("3") == "1/13367494538843734067838845976576");  // 6^40
    CHECK(forty.size() == 16);
    // 1000 dice counting sixes was a tally in exact fractions past 128 bits, refused; it is
    // now drawn whole as the binomial count it is: C(1000, k) 5^(1000-k) / 6^1000
    const auto sixes = odds_of(term("1000d6>=6").pool);
    CHECK(sixes.size() == 1001);
    CHECK(core::Rational(sixes.at("1000")) == core::Rational(1, boost::multiprecision::pow(core::Integer(6), 1000)));
    CHECK(core::Rational(sixes.at("1")) == core::Rational(1000 * boost::multiprecision::pow(core::Integer(5), 999),
                                                          boost::multiprecision::pow(core::Integer(6), 1000)));
    // and it equals the walk over every die where that can be walked
    for (const char* pool : {"6d6>=5", "5d4<=1", "4d8>=8", "3d10<=10"}) {
        INFO(pool);
        CHECK(odds_of(term(pool).pool) == odds_of(term(pool).pool, OddsWalk::branches));
    }
}

TEST_CASE("pool: a total past 64-bit counts is exact, and one past the engine's work is refused at once",
          "[pool][odds]")
{
    // 200d10: the extremes have one way each, the next ones 200 (which die shows 2 or 9).
    const auto many = odds_of(term("200d10").pool);
    const std::string all = "1" + std::string(200, '0');
    CHECK(many.at("200") == "1/" + all);
    CHECK(many.at("2000") == "1/" + all);
    CHECK(many.at("201") == "1/5" + std::string(197, '0'));  // 200/10^200 = 1/(5 x 10^197)
    CHECK(many.size() == 1801);
    try {
        odds_of(term("1000d20").pool);
        FAIL("1000d20 was counted");
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::usage);
        CHECK(std::string(e.what()).find("1000d20 has too many totals to count exactly") != std::string::npos);
    }
}
