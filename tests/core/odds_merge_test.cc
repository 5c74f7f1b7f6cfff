// The merged odds walk (each independent part enumerated once, counts combined by
// convolution) against the plain walk over every sequence of dice, kept as the oracle;
// and closed forms the rules give.
#include "../helpers.h"
#include "core/great_battles.h"
#include "core/novorossiysk.h"
#include "core/odds.h"

#include <catch2/catch.hpp>

#include <map>

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
    fire.shots = 3;
    CHECK(check_against_oracle([&](Dice& d) { return resolve_fire(table("great-battles.procedures"), fire, d); }) >= 3);

    CHECK(check_against_oracle([&](Dice& d) {
              return resolve_replacement(table("great-battles.replacement"), "average", "line", 4, d);
          }) >= 2);
}

TEST_CASE("odds: merged walk equals every branch, Novorossiysk hit dice", "[core][odds]")
{
    const Table& hit_dice = table("novorossiysk.hit-dice");
    HitsRequest q;
    q.attacker = {*parse_block("large:red+black", hit_dice), *parse_block("small", hit_dice)};
    q.defender = {*parse_block("large:yellow+white:reduced", hit_dice), *parse_block("fighter:red", hit_dice)};
    CHECK(check_against_oracle(
              [&](Dice& d) { return resolve_hits(hit_dice, table("novorossiysk.procedures"), q, d); }) >= 4);
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
        Fraction expected{Fraction{}.q + boost::multiprecision::cpp_rational(
                                             boost::multiprecision::cpp_int(choose) *
                                                 boost::multiprecision::pow(boost::multiprecision::cpp_int(4), k),
                                             boost::multiprecision::pow(boost::multiprecision::cpp_int(5), 12))};
        INFO("k = " << k);
        CHECK(lines.at(std::to_string(k)) == expected.text());
        choose = choose * (12 - k) / (k + 1);
    }
    CHECK(report.branches == 13);  // the size of the answer, not 10^12 sequences
}
