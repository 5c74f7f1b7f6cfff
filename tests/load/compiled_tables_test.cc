// The tables and scenarios the build compiled to C++ (src/tools/compile_tables.cc)
// against the TOML they came from: every field of every embedded one.
#include "load/embedded.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

using namespace umpire;

TEST_CASE("compiled tables: each embedded table, built from code, equals its parsed TOML", "[load]")
{
    REQUIRE(load::embedded_tables().size() > 40);
    for (const auto& file : load::embedded_tables()) {
        INFO(file.path);
        auto compiled = load::compiled_table(file.id);
        REQUIRE(compiled);
        const core::Table parsed = load::parse_table(file.text, file.path, file.id);
        CHECK(*compiled == parsed);
        CHECK(compiled->rows.size() == parsed.rows.size());  // a readable hint when they differ
        CHECK(compiled->legend.size() == parsed.legend.size());
    }
    CHECK_FALSE(load::compiled_table("no.such-table"));
}

TEST_CASE("compiled scenarios: each embedded scenario, built from code, equals its parsed TOML", "[load]")
{
    REQUIRE_FALSE(load::embedded_scenarios().empty());
    for (const auto& file : load::embedded_scenarios()) {
        INFO(file.path);
        auto compiled = load::compiled_scenario(file.id);
        REQUIRE(compiled);
        const core::Scenario parsed = load::parse_scenario(file.text, file.path, file.id);
        CHECK(*compiled == parsed);
        CHECK(compiled->units.size() == parsed.units.size());
    }
    CHECK_FALSE(load::compiled_scenario("no-such-scenario"));
}
