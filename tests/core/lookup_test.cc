#include "../helpers.h"
#include "core/lookup.h"

#include <catch2/catch.hpp>

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
