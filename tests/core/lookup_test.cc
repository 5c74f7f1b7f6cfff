#include "../helpers.h"
#include "core/lookup.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;
using namespace umpire::core;

TEST_CASE("lookup: a check adds its modifier before reading the row (portage 17.22)", "[core][lookup]")
{
    const auto& portage = test::embedded().table("constantinople.portage");
    test::Scripted a({3});
    CHECK(resolve_lookup(portage, {std::nullopt, std::nullopt, 2}, a.dice).result.code == "portage");
    test::Scripted b({3});
    CHECK(resolve_lookup(portage, {std::nullopt, std::nullopt, 1}, b.dice).result.code == "fails");
}

TEST_CASE("lookup: a modifier on a table that names none is refused", "[core][lookup]")
{
    const auto& storm = test::embedded().table("constantinople.storm");
    test::Scripted s({3});
    CHECK_THROWS_WITH(resolve_lookup(storm, {std::nullopt, std::nullopt, 1}, s.dice),
                      "{mod}: table constantinople.storm takes no modifier");
}

TEST_CASE("lookup: a grid needs its column, and clamps differentials as the table says", "[core][lookup]")
{
    const auto& crt = test::embedded().table("constantinople.melee");
    test::Scripted s({6});
    CHECK_THROWS_WITH(
        resolve_lookup(crt, {}, s.dice),
        "{column}: table constantinople.melee needs a column: -3, -2, -1, 0, +1, +2, +3, +4 (a differential)");
    auto r = resolve_lookup(crt, {std::string("-7"), std::nullopt, 0}, s.dice);
    CHECK(r.result.code == "-");
    test::Scripted t({4});
    CHECK(resolve_lookup(crt, {std::string("9"), std::nullopt, 0}, t.dice).result.code == "L");
}

TEST_CASE("lookup: label rows are named, never rolled", "[core][lookup]")
{
    const auto& reefs = test::embedded().table("constantinople.reefs");
    test::Scripted s({});
    auto r = resolve_lookup(reefs, {std::string("number"), std::string("0316"), 0}, s.dice);
    CHECK(r.result.code == "5");
    CHECK(r.rolls.empty());
}

TEST_CASE("lookup: a differential between two columns is read under the nearest at or below, as strengths are",
          "[core][lookup]")
{
    // Constantinople's melee CRT with its columns two apart, as many CRTs have them (-6, -4
    // ... +8): --column +3 was refused as "not on the table; its columns run -6 to +8"
    // while --attack 13 --defense 10 read it under +2 (hunt48 F4).
    Table t = test::embedded().table("constantinople.melee");
    t.id = "test.gapped";
    t.column_values = {-6, -4, -2, 0, 2, 4, 6, 8};
    t.columns = {"-6", "-4", "-2", "0", "+2", "+4", "+6", "+8"};
    for (int d = -6; d <= 8; ++d) {
        INFO(d);
        const auto pick = find_column(t, d);
        REQUIRE(pick);
        CHECK(t.column_values[pick->index] == d - (d % 2 == 0 ? 0 : 1));
        CHECK_FALSE(pick->clamped);
        const CombatColumn c = combat_column(t, 10 + d, 10, 0);
        CHECK(c.column == pick->index);  // the same column as the strengths' difference
    }
    // The table's edges as before: it clamps at both (15.41).
    CHECK(find_column(t, 9)->clamped);
    CHECK(find_column(t, -7)->clamped);
    // A lookup says what it read the differential as.
    test::Scripted s({4});
    const auto r = resolve_lookup(t, {std::string("3"), std::nullopt, 0}, s.dice);
    CHECK(std::any_of(r.steps.begin(), r.steps.end(),
                      [](const std::string& step) { return test::contains(step, " under +2 (+3 read as +2)"); }));
}
