// util/name_index.h: a unit found by name in any case, the first of a name, as the vector
// grows, is copied or is replaced (the index is a shortcut; the answer is the vector's).
#include "core/game.h"
#include "util/name_index.h"

#include <catch2/catch.hpp>

using namespace umpire;

TEST_CASE("name index: any case, the first of a name, through growth, copies and replacement", "[core]")
{
    core::GameState g;
    CHECK(g.find_unit("Genoa") == nullptr);
    g.units.push_back({"Genoa", "byzantine", {}});
    REQUIRE(g.find_unit("genoa") != nullptr);
    CHECK(g.find_unit("GENOA")->name == "Genoa");
    CHECK(g.find_unit("Venice") == nullptr);
    // Growth moves the vector: what was found before is found in the new one.
    for (int i = 0; i < 5000; ++i) {
        g.units.push_back({"U" + std::to_string(i), i % 2 ? "red" : "blue", {{"status", std::to_string(i)}}});
    }
    CHECK(g.value("u4999", "status") == "4999");
    CHECK(g.value("U0", "status") == "0");
    CHECK(g.find_unit("Genoa") == &g.units.front());
    // Two units whose names differ only in case: the first is the one found, as a walk would.
    g.units.push_back({"genoa", "ottoman", {}});
    CHECK(g.find_unit("GENOA")->side == "byzantine");
    // A copy finds in its own units, not the original's.
    core::GameState copy = g;
    CHECK(copy.find_unit("U7") == &copy.units[8]);
    copy.units[8].status = {{"status", "changed"}};
    CHECK(copy.value("U7", "status") == "changed");
    CHECK(g.value("U7", "status") == "7");
    // The vector replaced by a shorter one: the old names are gone.
    copy.units = {{"Crete", "byzantine", {}}};
    CHECK(copy.find_unit("U7") == nullptr);
    CHECK(copy.find_unit("crete") == &copy.units.front());
    // A scenario equals another with the same units whatever either has looked up.
    core::Scenario a;
    a.units.push_back(core::Unit{.name = "Genoa", .side = "byzantine"});
    core::Scenario b = a;
    CHECK(a.find_unit("genoa") != nullptr);
    CHECK(a == b);
}

TEST_CASE("iequals: equal in any ASCII case, and only then", "[core]")
{
    CHECK(iequals("Galley-1", "GALLEY-1"));
    CHECK(iequals("", ""));
    CHECK_FALSE(iequals("Galley-1", "Galley-10"));
    CHECK_FALSE(iequals("Galley", "Galle"));
    CHECK_FALSE(iequals("a", "b"));
}
