// umpire explain CODE|PROCEDURE (DESIGN.md: "a player checking a rule: umpire table show,
// umpire explain CODE, exact odds"). Expected words are the rules texts' (shared/rules/*.txt)
// and their catalogue's (shared/rules/README.md), cited by section.
#include "../helpers.h"
#include "util/text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// Where NEEDLE is in HAYSTACK; npos when it is not.
size_t at(const std::string& haystack, const std::string& needle) { return haystack.find(needle); }

}  // namespace

TEST_CASE("explain: a code two games print is explained under each game, each table with its rule", "[cli][explain]")
{
    // S is a wind blowing from the south on Constantinople's Wind Direction Table (14.31: a
    // 4 reads S; 14.24: no sail ship sails straight into the wind) and "All units Spent"
    // on the Russian Portfolio's CRT (XIII.C: "S = All units Spent. May be Retreated as for
    // D1, if Defender chooses").
    const auto r = run_cli({"explain", "S"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "S: the code of 3 tables in 2 games"));
    const size_t constantinople = at(r.out, "\nConstantinople\n");
    const size_t portfolio = at(r.out, "\nThe Russian Portfolio\n");
    REQUIRE(constantinople != std::string::npos);
    REQUIRE(portfolio != std::string::npos);
    CHECK(constantinople < portfolio);  // in the order of the tables' ids
    CHECK(contains(r.out, "constantinople.wind-direction  Wind Direction Table (Constantinople 14.31)"));
    CHECK(contains(r.out, "S  Southerly (Constantinople 14.24)"));
    CHECK(contains(r.out, "straight into the wind (14.24)"));
    CHECK(contains(r.out, "russian-portfolio.crt  Combat Results Table (Russian Portfolio XIII.C) [PROVISIONAL]"));
    CHECK(contains(r.out, "S  All units spent (Russian Portfolio XIII.C)"));
    CHECK(contains(r.out, "the defender may choose to retreat as for D1 (XIII.C)"));
    CHECK(contains(r.out, "russian-portfolio.no-retreat"));
    CHECK(at(r.out, "russian-portfolio.crt") > portfolio);

    const auto j = run_cli({"--json", "explain", "S"});
    REQUIRE(j.code == 0);
    const auto doc = nlohmann::json::parse(j.out);
    CHECK(doc["command"] == "explain");
    CHECK(doc["kind"] == "code");
    CHECK(doc["query"] == "S");
    CHECK(doc["any_case"] == false);
    REQUIRE(doc["codes"].size() == 3);
    CHECK(doc["codes"][0]["game"] == "Constantinople");
    CHECK(doc["codes"][0]["table"]["id"] == "constantinople.wind-direction");
    CHECK(doc["codes"][0]["table_source"] == "Constantinople 14.31");
    CHECK(doc["codes"][1]["game"] == "The Russian Portfolio");
    CHECK(doc["codes"][1]["name"] == "All units spent");
    CHECK(doc["codes"][1]["source"] == "Russian Portfolio XIII.C");
    CHECK(doc["codes"][1]["table"]["provisional"] == true);
    CHECK(doc["codes"][1]["severity"] == "light");

    // One game: --table, the global --scenario, a game file.
    const auto one = run_cli({"explain", "S", "--table", "russian-portfolio.crt"});
    REQUIRE(one.code == 0);
    CHECK(contains(one.out, "S: the code of 1 table in 1 game"));
    CHECK_FALSE(contains(one.out, "Constantinople"));
    const auto scenario = run_cli({"--scenario", "russian-portfolio", "explain", "S"});
    REQUIRE(scenario.code == 0);
    CHECK(contains(scenario.out, "S: the code of 2 tables in 1 game"));
    CHECK_FALSE(contains(scenario.out, "Southerly"));
    const test::TempDir dir("explain-game");
    const std::string game = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", game}).code == 0);
    const auto in_game = run_cli({"--game", game, "explain", "S"});
    REQUIRE(in_game.code == 0);
    CHECK(contains(in_game.out, "S: the code of 1 table in 1 game"));
    CHECK(contains(in_game.out, "Southerly"));
    CHECK_FALSE(contains(in_game.out, "Russian Portfolio"));
    // A table that is not there is not found, as everywhere (exit 66).
    const auto missing = run_cli({"explain", "S", "--table", "russian-portfolio.nosuch"});
    CHECK(missing.code == 66);
    CHECK(contains(missing.err, "--table: no table 'russian-portfolio.nosuch' (did you mean"));
}

TEST_CASE("explain: a code of one game only, as the legend holds it", "[cli][explain]")
{
    // Constantinople 15.34: "*Damaged* means that the affected ship unit is *permanently*
    // halved in Movement Allowance ... the Damaged ship's Ramming defensive strength is
    // permanently halved (but not its Ramming Capability)". No other rule set prints D.
    const auto r = run_cli({"explain", "D"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "D: the code of 1 table in 1 game"));
    CHECK(contains(r.out, "\nConstantinople\n"));
    CHECK(contains(r.out, "constantinople.melee  Naval Melee Combat Results Table (Boarding) (Constantinople 15.41)"));
    CHECK(contains(r.out, "D  Damaged (Constantinople 15.34)"));
    CHECK(contains(r.out, "- the ship is permanently Damaged: Movement Allowance"));
    CHECK(contains(r.out, "- its ram defense is permanently halved, but not its ramming capability (15.34)"));
    CHECK(contains(r.out, "melee strength: unaffected by 15.34, halved by the 15.41 legend"));

    // L reads by side (15.35: the Byzantine ship eliminated, the Ottoman one a step lost).
    const auto l = run_cli({"explain", "L"});
    REQUIRE(l.code == 0);
    CHECK(contains(l.out, "byzantine: the Byzantine ship is eliminated (15.35)"));
    CHECK(contains(l.out, "ottoman: the Ottoman ship loses one step"));
}

TEST_CASE("explain: a code is read in any case when none is written so, and the answer says so", "[cli][explain]")
{
    // Russian Portfolio XIII.C: "DE = Defenders Eliminated"; the Surrounded/No Retreat!
    // conversions print DE too.
    const auto r = run_cli({"explain", "de"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "'de' is the code of no table as written; in any case: 2 tables in 1 game"));
    CHECK(contains(r.out, "DE  Defenders eliminated"));
    const auto doc = nlohmann::json::parse(run_cli({"--json", "explain", "de"}).out);
    CHECK(doc["any_case"] == true);
    CHECK(doc["query"] == "de");
    CHECK(doc["codes"][0]["code"] == "DE");
    // As written first: D is melee's Damaged, never read as another case of something.
    CHECK(nlohmann::json::parse(run_cli({"--json", "explain", "D"}).out)["any_case"] == false);
}

TEST_CASE("explain: the dash of several games, given after --", "[cli][explain]")
{
    // '-' is No Effect on Constantinople's melee CRT (15.32: "nothing has happened in the way
    // of casualties") and cannot be pinned on its Ramming Table (15.42); Great Battles'
    // morale chart, Novorossiysk's blank face and the Russian Portfolio's tables print it too.
    const auto r = run_cli({"explain", "--", "-"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "nothing has happened in the way of casualties (15.32)"));
    CHECK(contains(r.out, "the defending ship may not be pinned (15.42)"));
    for (const char* game :
         {"\nConstantinople\n", "\nGreat Battles of WWII\n", "\nNovorossiysk 1943\n", "\nThe Russian Portfolio\n"}) {
        CHECK(contains(r.out, game));
    }
}

TEST_CASE("explain: a procedure of the rules' catalogue, its sections, command, tables and provisional mark",
          "[cli][explain]")
{
    // Catalogue C4: "naval melee, 15.2-15.4, CRT 15.41 - complete".
    const auto c4 = run_cli({"explain", "C4"});
    REQUIRE(c4.code == 0);
    CHECK(contains(c4.out, "C4: naval melee (Constantinople)"));
    CHECK(contains(c4.out, "sections     15.2-15.4, CRT 15.41"));
    CHECK(contains(c4.out, "resolved by  umpire melee"));
    CHECK(contains(c4.out, "constantinople.melee  Naval Melee Combat Results Table (Boarding) (Constantinople 15.41)"));
    CHECK(contains(c4.out, "provisional  no"));
    CHECK(run_cli({"explain", "c4"}).out == c4.out);  // any case

    // Catalogue B9: "morale, 15 ... partial (chart missing)": the stand-in says so.
    const auto b9 = run_cli({"--json", "explain", "B9"});
    REQUIRE(b9.code == 0);
    const auto doc = nlohmann::json::parse(b9.out);
    CHECK(doc["kind"] == "procedure");
    CHECK(doc["procedure"]["id"] == "B9");
    CHECK(doc["procedure"]["name"] == "morale");
    CHECK(doc["procedure"]["game"] == "Great Battles of WWII");
    CHECK(doc["procedure"]["sections"] == "15");
    CHECK(doc["procedure"]["commands"] == nlohmann::json::array({"umpire morale"}));
    CHECK(doc["procedure"]["tables"][0]["id"] == "great-battles.morale");
    CHECK(doc["procedure"]["provisional"] == true);
    CHECK(contains(doc["procedure"]["provisional_notes"].dump(), "Stands in for the morale chart of 15.1"));

    // Catalogue C3: "initiative each impulse: each player rolls a die, high goes first (13.1)":
    // no chart, so nothing provisional.
    const auto c3 = run_cli({"explain", "C3"});
    REQUIRE(c3.code == 0);
    CHECK(contains(c3.out, "C3: initiative each impulse (Constantinople)"));
    CHECK(contains(c3.out, "resolved by  umpire initiative"));
    CHECK(contains(c3.out, "provisional  no"));

    // A procedure is no code of one table, nor of another game.
    const auto table = run_cli({"explain", "C4", "--table", "constantinople.melee"});
    CHECK(table.code == 64);
    CHECK(contains(table.err, "--table: C4 is a procedure of the rules' catalogue, not a result code"));
    const auto other = run_cli({"--scenario", "russian-portfolio", "explain", "C4"});
    CHECK(other.code == 64);
    CHECK(contains(other.err, "C4 is a procedure of Constantinople"));
}

TEST_CASE("explain: every procedure of the rules' catalogue is explained, by commands umpire has", "[cli][explain]")
{
    // shared/rules/README.md's IDs: C1-C11, N1-N9, R1-R9, G1-G3 and G5-G17 (no G4), B1-B14 and B16.
    std::vector<std::string> ids;
    for (int n = 1; n <= 11; ++n) {
        ids.push_back("C" + std::to_string(n));
    }
    for (int n = 1; n <= 9; ++n) {
        ids.push_back("N" + std::to_string(n));
        ids.push_back("R" + std::to_string(n));
    }
    for (int n = 1; n <= 17; ++n) {
        if (n != 4) {
            ids.push_back("G" + std::to_string(n));
        }
    }
    for (int n = 1; n <= 16; ++n) {
        if (n != 15) {
            ids.push_back("B" + std::to_string(n));
        }
    }
    for (const auto& id : ids) {
        INFO(id);
        const auto r = run_cli({"--json", "explain", id});
        REQUIRE(r.code == 0);
        const auto p = nlohmann::json::parse(r.out)["procedure"];
        CHECK(p["id"] == id);
        CHECK_FALSE(p["game"].get<std::string>().empty());
        REQUIRE_FALSE(p["commands"].empty());
        for (const auto& command : p["commands"]) {
            // the command's words up to its first option or placeholder, run for their help
            std::vector<std::string> words;
            for (const auto& word : split(command.get<std::string>().substr(7), ' ')) {
                if (word.starts_with("-") || word == "FILE") {
                    break;
                }
                words.push_back(word);
            }
            words.push_back("--help");
            INFO(command.get<std::string>());
            CHECK(run_cli(words).code == 0);
        }
        for (const auto& table : p["tables"]) {
            CHECK(table["provisional"].get<bool>() == test::table(table["id"].get<std::string>().c_str()).provisional);
        }
    }
    // Not in the catalogue: refused.
    CHECK(run_cli({"explain", "G4"}).code == 64);
}

TEST_CASE("explain: an unknown code is refused naming it, with the nearest code and every code", "[cli][explain]")
{
    const auto r = run_cli({"explain", "DQ"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "explain: 'DQ' is no result code of umpire's tables and yours in any case"));
    CHECK(contains(r.err, "did you mean"));
    CHECK(contains(r.err, "the codes: "));
    CHECK(contains(r.err, " DE "));
    CHECK(contains(r.err, "C4"));
    CHECK(r.out.empty());
    // One table's codes only, when asked of one table (15.41's legend: -, I, D, L).
    const auto one = run_cli({"explain", "Q", "--table", "constantinople.melee"});
    CHECK(one.code == 64);
    CHECK(contains(one.err, "is no result code of table constantinople.melee in any case"));
    CHECK(contains(one.err, "the codes: - D I L;"));
    // Under --json, an error object.
    const auto j = run_cli({"--json", "explain", "DQ"});
    CHECK(j.code == 64);
    CHECK(nlohmann::json::parse(j.out)["error"]["code"] == 64);
}

TEST_CASE("explain: the referee's own table is explained as he wrote its legend", "[cli][explain][tables]")
{
    const test::TempDir dir("explain-tables");
    std::filesystem::create_directories(dir / "constantinople");
    std::string text = load::read_file(std::string(UMPIRE_SOURCE_DIR) + "/tables/constantinople/melee.toml");
    const std::string name = "name = \"Damaged\"";
    const size_t where = text.find(name);
    REQUIRE(where != std::string::npos);
    text.replace(where, name.size(), "name = \"Holed below the waterline\"");
    const std::string mine = dir / "constantinople/melee.toml";
    std::ofstream(mine) << text;

    const auto r = run_cli({"--tables", dir.path.string(), "explain", "D"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "D  Holed below the waterline (Constantinople 15.34)"));
    CHECK_FALSE(contains(r.out, "D  Damaged"));
    CHECK(contains(r.out, "[tables: " + mine + "]"));
    const auto doc = nlohmann::json::parse(run_cli({"--json", "--tables", dir.path.string(), "explain", "D"}).out);
    CHECK(doc["codes"][0]["name"] == "Holed below the waterline");
    CHECK(doc["codes"][0]["table"]["whose"] == "tables");
    CHECK(doc["codes"][0]["table"]["origin"] == mine);
}

TEST_CASE("explain: TAB offers the codes and the procedure IDs, and --table the table ids",
          "[cli][explain][completion]")
{
    using V = std::vector<std::string>;
    // Russian Portfolio XIII.C's D codes and Constantinople 15.34's D.
    CHECK(cli::completions({"explain"}, "D", {}, "") == V{"D", "D1", "D4", "DE", "DX"});
    CHECK(cli::completions({"explain"}, "C1", {}, "") == V{"C1", "C10", "C11"});
    CHECK(cli::completions({"explain", "--table"}, "constantinople.me", {}, "") == V{"constantinople.melee"});
    const auto model = cli::completion_model({});
    const auto explain = std::find_if(model.commands.begin(), model.commands.end(),
                                      [](const cli::CompletionCommand& c) { return c.name == "explain"; });
    REQUIRE(explain != model.commands.end());
    CHECK(std::find(explain->words.begin(), explain->words.end(), "B9") != explain->words.end());
}
