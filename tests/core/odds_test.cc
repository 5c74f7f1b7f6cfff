// --odds walks the same adjudicator over every branch; the expected figures here are
// worked by hand from the rules text.
#include "../helpers.h"
#include "core/odds.h"
#include "games/constantinople/constantinople.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace umpire;
using namespace umpire::core;

namespace {

Fraction odds_of(const OddsReport& report, const std::string& dimension, const std::string& value)
{
    for (const auto& d : report.dimensions) {
        if (d.name != dimension) {
            continue;
        }
        for (const auto& line : d.lines) {
            if (line.value == value) {
                return line.probability;
            }
        }
    }
    return {};
}

bool equals(const Fraction& f, std::uint64_t num, std::uint64_t den)
{
    return f.text() == std::to_string(num) + "/" + std::to_string(den);
}

OddsReport ram_odds(int strength, char defense, std::vector<int> given = {})
{
    RamRequest q;
    q.rammer.ram = strength;
    q.target.ram_defense = defense;
    const auto& t = test::embedded().table("constantinople.ram");
    return compute_odds([&](Dice& d) { return resolve_ram(t, q, d); }, given);
}

}  // namespace

TEST_CASE("odds: a 2d6 total of 7 is 1/6 over 11 branches", "[core][odds]")
{
    auto report = compute_odds(
        [](Dice& d) {
            Resolution r;
            r.result.code = std::to_string(d.roll(DiceSpec{2, 6, 0}, "test"));
            return r;
        },
        {});
    CHECK(report.branches == 11);
    CHECK(equals(odds_of(report, "result", "7"), 1, 6));
    CHECK(equals(odds_of(report, "result", "2"), 1, 36));
}

TEST_CASE("odds: provisional when any branch read provisional data, not only the first", "[core][odds]")
{
    // A lost chart whose one published cell is the first face: the other faces are placeholders.
    const auto adjudicate = [](Dice& d) {
        Resolution r;
        const int roll = d.roll(DiceSpec{1, 6, 0}, "test");
        r.result.code = std::to_string(roll);
        if (roll != 1) {
            r.provisional = true;
            r.provisional_notes = {"a placeholder cell"};
        }
        return r;
    };
    const auto all = compute_odds(adjudicate, {});
    CHECK(all.sample.provisional);
    CHECK(all.sample.provisional_notes == std::vector<std::string>{"a placeholder cell"});
    CHECK_FALSE(compute_odds(adjudicate, {1}).sample.provisional);
    CHECK(compute_odds(adjudicate, {2}).sample.provisional);
}

TEST_CASE("odds: ram 4 against A, 1-5* (15.42)", "[core][odds][ram]")
{
    auto report = ram_odds(4, 'A');
    // Pin on 1-5 (5/6), then 5-6 sinks (2/6): sunk 10/36, pinned 20/36, failed 1/6.
    CHECK(equals(odds_of(report, "result", "sunk"), 5, 18));
    CHECK(equals(odds_of(report, "result", "pinned"), 5, 9));
    CHECK(equals(odds_of(report, "result", "failed"), 1, 6));
    // A 6 at any time: 1/6 on the first die, or 5/6 x 1/6 on the second = 11/36.
    CHECK(equals(odds_of(report, "result.rammer_damaged", "true"), 11, 36));
}

TEST_CASE("odds: a '-' cell is immune with certainty and rolls nothing", "[core][odds][ram]")
{
    auto report = ram_odds(1, 'D');
    CHECK(report.branches == 1);
    CHECK(equals(odds_of(report, "result", "immune"), 1, 1));
}

TEST_CASE("odds: dice given with {roll} are fixed, the rest enumerated", "[core][odds]")
{
    auto report = ram_odds(4, 'A', {2});
    CHECK(report.branches == 6);
    CHECK(equals(odds_of(report, "result", "sunk"), 1, 3));
    CHECK(equals(odds_of(report, "result", "pinned"), 2, 3));
}

TEST_CASE("odds: melee at +3 reads the 15.41 column: I 1/6, D 1/2, L 1/3", "[core][odds][melee]")
{
    MeleeRequest q;
    q.attackers = {Ship{"", "", 8, 0, 0, false, false}};
    q.defender = Ship{"", "", 5, 0, 0, false, false};
    const auto& crt = test::embedded().table("constantinople.melee");
    auto report = compute_odds([&](Dice& d) { return resolve_melee(crt, q, d); }, {});
    CHECK(report.branches == 6);
    CHECK(equals(odds_of(report, "result", "I"), 1, 6));
    CHECK(equals(odds_of(report, "result", "D"), 1, 2));
    CHECK(equals(odds_of(report, "result", "L"), 1, 3));
    CHECK(equals(odds_of(report, "result", "-"), 0, 1));
}

TEST_CASE("odds: wind velocity Storm is 1/36 and 8 is 1/6 (14.32)", "[core][odds][wind]")
{
    const auto& dir = test::embedded().table("constantinople.wind-direction");
    const auto& vel = test::embedded().table("constantinople.wind-velocity");
    auto report = compute_odds([&](Dice& d) { return resolve_wind(dir, vel, d); }, {});
    CHECK(report.branches == 121);
    CHECK(equals(odds_of(report, "result.velocity", "storm"), 1, 36));
    CHECK(equals(odds_of(report, "result.velocity", "8"), 1, 6));
    // N on 7 or 8: 11/36; NW on 5 or 6: 9/36; S on 4 or 11: 5/36.
    CHECK(equals(odds_of(report, "result", "N"), 11, 36));
    CHECK(equals(odds_of(report, "result", "NW"), 1, 4));
    CHECK(equals(odds_of(report, "result", "S"), 5, 36));
}

TEST_CASE("odds: exact past 64 bits, two 10d10 pools are 10^20 outcomes", "[core][odds]")
{
    const DiceSpec pool{10, 10, 0};
    auto report = compute_odds(
        [&](Dice& dice) {
            Resolution r;
            const int a = dice.roll(pool, "first");
            const int b = dice.roll(pool, "second");
            r.result.code = std::to_string(a + b);
            return r;
        },
        {});
    // All twenty dice show 1: one way in 10^20. Total 22: two extra pips among twenty
    // dice, C(21, 2) = 210 ways.
    CHECK(odds_of(report, "result", "20").text() == "1/100000000000000000000");
    CHECK(odds_of(report, "result", "22").text() == "21/10000000000000000000");
    CHECK(odds_of(report, "result", "200").text() == "1/100000000000000000000");
    Fraction sum;
    for (const auto& line : report.dimensions.front().lines) {
        sum = add(sum, line.probability);
    }
    CHECK(sum.text() == "1/1");
}

TEST_CASE("odds: a dimension that does not add up to one is an internal error, not an answer", "[core][odds]")
{
    // Two outcomes under one label tally twice per branch: the sum is 2.
    auto twice = [](Dice& dice) {
        Resolution r;
        r.command = "test";
        r.result.code = std::to_string(dice.roll_d6("a"));
        Outcome o;
        o.label = "same";
        o.code = "x";
        r.results = {o, o};
        return r;
    };
    // Worse, when each is reported only sometimes the sum stays under 1 and the odds are
    // wrong without a sign (hits with two identical blocks, issue 26): on a 6 both report
    // "x", so "same" would read x 2/6 where it is 1/6.
    auto sometimes_twice = [](Dice& dice) {
        Resolution r;
        r.command = "test";
        const int roll = dice.roll_d6("a");
        r.result.code = std::to_string(roll);
        if (roll == 6) {
            Outcome o;
            o.label = "same";
            o.code = "x";
            r.results = {o, o};
        }
        return r;
    };
    // Two fields of one result under one key are the same fault.
    auto field_twice = [](Dice& dice) {
        Resolution r;
        r.command = "test";
        r.result.code = "r";
        r.result.fields = {{"n", static_cast<long long>(dice.roll_d6("a"))}, {"n", 1LL}};
        return r;
    };
    // Names joined with a dot meet too: a result labelled "result.n" beside the
    // headline's field n; a field "a.b" of result "x" beside field "b" of result "x.a";
    // two fields of a result that is not the headline; a result labelled "result".
    auto with = [](std::vector<Outcome> outcomes, Fields headline) {
        return [outcomes, headline](Dice& dice) {
            Resolution r;
            r.command = "test";
            r.result.code = std::to_string(dice.roll_d6("a"));
            r.result.fields = headline;
            r.results = outcomes;
            return r;
        };
    };
    Outcome dotted_label;
    dotted_label.label = "result.n";
    dotted_label.code = "y";
    Outcome x;
    x.label = "x";
    x.code = "1";
    x.fields = {{"a.b", 1LL}};
    Outcome x_a;
    x_a.label = "x.a";
    x_a.code = "2";
    x_a.fields = {{"b", 2LL}};
    Outcome two_fields;
    two_fields.label = "ship";
    two_fields.code = "3";
    two_fields.fields = {{"m", 1LL}, {"k", 1LL}, {"m", 2LL}};
    Outcome named_result;
    named_result.label = "result";
    named_result.code = "4";
    for (const auto& [adjudicator, name] : {std::pair<Adjudicator, std::string>{twice, "same"},
                                            {sometimes_twice, "same"},
                                            {field_twice, "result.n"},
                                            {with({dotted_label}, {{"n", 1LL}}), "result.n"},
                                            {with({x, x_a}, {}), "x.a.b"},
                                            {with({x_a, two_fields}, {}), "ship.m"},
                                            {with({two_fields}, {}), "ship.m"},
                                            {with({x_a, named_result}, {}), "result"}}) {
        INFO(name);
        for (const auto walk : {OddsWalk::merged, OddsWalk::branches}) {
            try {
                compute_odds(adjudicator, {}, walk);
                FAIL("no error");
            } catch (const Error& e) {
                CHECK(e.code() == ExitCode::internal);
                CHECK(std::string(e.what()) == "odds: '" + name +
                                                   "' is reported twice in one branch of test: its odds cannot be "
                                                   "told apart");
            }
        }
    }
}

TEST_CASE("odds: a field some branches do not report gets a line for the rest", "[core][odds]")
{
    auto sometimes = [](Dice& dice) {
        Resolution r;
        const int roll = dice.roll_d6("a");
        r.result.code = roll == 6 ? "hit" : "miss";
        if (roll == 6) {
            r.result.fields.push_back({"damage", std::string("heavy")});
        }
        return r;
    };
    auto report = compute_odds(sometimes, {});
    CHECK(odds_of(report, "result", "hit").text() == "1/6");
    // "damage" is reported only on a 6: heavy 1/6, and not reported 5/6, adding up to one.
    CHECK(odds_of(report, "result.damage", "heavy").text() == "1/6");
    CHECK(odds_of(report, "result.damage", "").text() == "5/6");
}

TEST_CASE("odds: only the first branch, the sample, is asked for its working", "[core][odds]")
{
    std::vector<bool> explained;
    const OddsReport report = compute_odds(
        [&](Dice& dice) {
            Resolution r;
            r.result.code = std::to_string(dice.roll_d6("a"));
            explained.push_back(dice.explains());
            if (dice.explains()) {
                r.steps.push_back("rolled " + r.result.code);
            }
            return r;
        },
        {});
    CHECK(explained == std::vector<bool>{true, false, false, false, false, false});
    CHECK(report.sample.steps == std::vector<std::string>{"rolled 1"});
    RandomSource random(1);
    Dice plain(random);
    CHECK(plain.explains());
}

// truncated_quotient reads two numbers' leading bits and hands the rest to GMP: every
// answer must be mpq_get_d's, bit for bit (a percent or bar at a rounding edge follows it).
TEST_CASE("odds: truncated_quotient is GMP's mpq_get_d bit for bit, at any size and at a 53-bit edge", "[core][odds]")
{
    gmp_randstate_t state;
    gmp_randinit_mt(state);
    gmp_randseed_ui(state, 26);
    Integer n;
    Integer d;
    Integer t;
    mpz_ptr np = n.backend().data();
    mpz_ptr dp = d.backend().data();
    mpz_ptr tp = t.backend().data();
    auto same = [&](const char* what) {
        mpq_t q;
        *mpq_numref(q) = *np;
        *mpq_denref(q) = *dp;
        const double gmp = mpq_get_d(q);
        const double ours = truncated_quotient(np, dp);
        INFO(what << ": " << n.str() << " / " << d.str());
        CHECK(std::memcmp(&gmp, &ours, sizeof gmp) == 0);
    };
    for (int i = 0; i < 4000; ++i) {
        // denominators of 1 to 60 limbs (1000d10's are 52), numerators below and above them
        mpz_urandomb(dp, state, 1 + gmp_urandomm_ui(state, 60 * 64));
        mpz_add_ui(dp, dp, 1);
        mpz_urandomb(np, state, 1 + gmp_urandomm_ui(state, 62 * 64));
        if (i % 3 == 0) {
            mpz_neg(np, np);
        }
        same("random");
        // N/D exactly M 2^E for a 53-bit M, and one either side of it: the edge the leading
        // bits cannot decide, where GMP must be asked
        // (every fourth a power of two: an "at least" a hair either side of 1 or of 1/2)
        mpz_urandomb(tp, state, 53);
        if (i % 4 == 1) {
            mpz_set_ui(tp, 0);
        }
        mpz_setbit(tp, 52);
        const auto shift = static_cast<mp_bitcnt_t>(gmp_urandomm_ui(state, 200));
        mpz_mul(np, tp, dp);
        if (i % 2 == 0) {
            mpz_mul_2exp(np, np, shift);
        } else {
            mpz_mul_2exp(dp, dp, shift);
        }
        same("at the edge");
        mpz_sub_ui(np, np, 1);
        same("one below the edge");
        mpz_add_ui(np, np, 2);
        same("one above the edge");
    }
    // a quotient too small for a normal double (1 in 10^1000) and zero
    mpz_ui_pow_ui(dp, 10, 1000);
    mpz_set_ui(np, 1);
    same("subnormal");
    mpz_set_ui(np, 0);
    same("zero");
    gmp_randclear(state);
}
