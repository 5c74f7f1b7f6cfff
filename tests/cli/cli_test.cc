// In-process CLI tests: an argument vector in, exit code and streams out.
#include "../helpers.h"
#include "cli/context.h"
#include "util/text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// A fresh temporary directory, removed at the end of the test.
struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        path = std::filesystem::temp_directory_path() /
               ("umpire-test-" + std::to_string(std::rand()) + "-" + std::to_string(::getpid()));
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    void write(const std::string& name, const std::string& text) const
    {
        std::filesystem::create_directories((path / name).parent_path());
        std::ofstream(path / name) << text;
    }
};

}  // namespace

TEST_CASE("cli: melee with given dice prints the result and marks the die given", "[cli]")
{
    auto r = run_cli(
        {"--seed", "5", "--json", "melee", "--attacker", "4", "--attacker", "4", "--defender", "5", "--roll", "4"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("command":"melee")"));
    CHECK(contains(r.out, R"("source":"Constantinople 15.41")"));
    CHECK(contains(r.out, R"("code":"D","name":"Damaged")"));
    CHECK(contains(r.out, R"("die":"d6","value":4,"given":true)"));
    CHECK(contains(r.out, R"("differential":3)"));
    CHECK(contains(r.out, R"("seed":5)"));
    CHECK(contains(r.out, R"("provisional":false)"));
    CHECK(r.err.empty());
}

TEST_CASE("cli: the same seed replays the same resolution", "[cli]")
{
    auto a = run_cli({"--seed", "77", "wind"});
    auto b = run_cli({"--seed", "77", "wind"});
    CHECK(a.code == 0);
    CHECK(a.out == b.out);
    CHECK(contains(a.out, "seed: 77"));
    CHECK(contains(a.out, "rolled"));
}

TEST_CASE("cli: a seed is reported even when none was given", "[cli]")
{
    auto r = run_cli({"--json", "roll", "2d6"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("seed":)"));
    CHECK_FALSE(contains(r.out, R"("seed":null)"));
}

TEST_CASE("cli: named ships come from the scenario", "[cli]")
{
    // Galley-1 (4) against Genoa (8) with a leader aboard (+1): -5, read as -3 (15.41).
    auto r = run_cli({"--json", "melee", "--attacker", "Galley-1", "--defender", "Genoa:leader", "--roll", "6"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("differential":-5,"column":-3)"));
    CHECK(contains(r.out, R"("code":"-")"));
    // Galley-1's back is 2-2-C.
    auto back = run_cli({"--json", "melee", "--attacker", "Galley-1:back", "--defender", "3", "--roll", "6"});
    CHECK(contains(back.out, R"("differential":-1)"));
}

TEST_CASE("cli: an unknown ship gets a suggestion and exit 64", "[cli]")
{
    auto r = run_cli({"melee", "--attacker", "Genova", "--defender", "5"});
    CHECK(r.code == 64);
    CHECK(contains(
        r.err,
        "umpire: error: --attacker 'Genova': no ship 'Genova' in scenario constantinople (did you mean 'Genoa'?)"));
}

TEST_CASE("cli: an impossible die is a usage error naming the die", "[cli]")
{
    auto r = run_cli({"ram", "--strength", "3", "--defense", "B", "--roll", "7"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "--roll 7 (the 1st value of --roll) is impossible for the d6"));
    auto w = run_cli({"wind", "--roll", "13"});
    CHECK(w.code == 64);
    CHECK(contains(w.err, "impossible for the 2d6 rolled for wind direction (14.31); allowed 2 to 12"));
}

TEST_CASE("cli: values out of range are refused, never clamped", "[cli]")
{
    auto strength = run_cli({"ram", "--strength", "5", "--defense", "B"});
    CHECK(strength.code == 64);
    CHECK(contains(strength.err,
                   "--strength 5: a ram strength is 1 to 4, the columns of table constantinople.ram (15.42)"));
    auto defense = run_cli({"ram", "--strength", "2", "--defense", "E"});
    CHECK(defense.code == 64);
    CHECK(contains(defense.err, "ram defense must be A, B, C or D (15.42)"));
    auto negative = run_cli({"ram", "--strength=-1", "--defense", "B"});
    CHECK(negative.code == 64);
    auto seed = run_cli({"--seed", "-3", "wind"});
    CHECK(seed.code == 64);
    auto reading = run_cli({"melee", "--attacker", "4", "--defender", "4", "--damaged-reading", "both"});
    CHECK(reading.code == 64);
}

TEST_CASE("cli: extra --roll values are an error", "[cli]")
{
    auto r = run_cli({"ram", "--strength", "2", "--defense", "B", "--roll", "4", "--roll", "1"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "2 value(s) given but ram used only 1"));
    // And with --odds, as without: the values left over were ignored, an answer printed.
    auto odds = run_cli({"ram", "--strength", "2", "--defense", "B", "--roll", "4", "--roll", "1", "--odds"});
    CHECK(odds.code == 64);
    CHECK(contains(odds.err, "2 value(s) given but ram used only 1"));
    CHECK(odds.out.empty());
    // close-combat: a tie (5 and 5) ends before the stands roll; 5 and 4 read the third.
    const std::vector<std::string> sides{"close-combat",
                                         "--attacker-stands",
                                         "3",
                                         "--attacker-rally-number",
                                         "8",
                                         "--defender-stands",
                                         "2",
                                         "--defender-rally-number",
                                         "7",
                                         "--odds",
                                         "--roll"};
    auto with = [&](const std::string& rolls) {
        auto args = sides;
        args.push_back(rolls);
        return run_cli(args);
    };
    auto tie = with("5,5,3");
    CHECK(tie.code == 64);
    CHECK(contains(tie.err, "3 value(s) given but close-combat used only 2"));
    auto lost = with("5,4,3");
    CHECK(lost.code == 0);
    CHECK(contains(lost.out, "exact odds over 10 branches"));  // the second stand's d10
}

TEST_CASE("cli: --odds reports exact fractions", "[cli]")
{
    auto r = run_cli({"--json", "ram", "--strength", "4", "--defense", "A", "--odds"});
    CHECK(r.code == 0);
    CHECK(contains(r.out,
                   R"("value":"sunk","name":"Sunk","severity":"severe","probability":0.2777777778,"fraction":"5/18")"));
    CHECK(contains(r.out, R"("branches":31)"));
}

TEST_CASE("cli: table show marks the looked-up cell", "[cli][table]")
{
    auto r = run_cli({"table", "show", "constantinople.melee", "--column", "3", "--roll", "4"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, "[D]"));
    CHECK(contains(r.out, "Constantinople 15.41"));
}

TEST_CASE("cli: table show --json carries the marked cell, every other field as without it", "[cli][table][hunt56]")
{
    // umpire(1) table show: "the cell at the given column and row is marked [ ]. --json
    // gives all of it" (hunt56 #3: the JSON was the unmarked table's, byte for byte).
    // 15.41: a 4 at a differential of +3 is D.
    const auto plain = nlohmann::json::parse(run_cli({"--json", "table", "show", "constantinople.melee"}).out);
    CHECK_FALSE(plain.contains("marked"));
    auto rolled = nlohmann::json::parse(
        run_cli({"--json", "table", "show", "constantinople.melee", "--column", "3", "--roll", "4"}).out);
    REQUIRE(rolled.contains("marked"));
    const auto& marked = rolled["marked"];
    CHECK(marked["cell"] == "D");
    CHECK(marked["row"] == "4");
    CHECK(marked["roll"] == 4);
    const auto columns = plain["columns"].get<std::vector<std::string>>();
    REQUIRE(columns.size() == 8);              // -3 to +4 (15.41)
    CHECK(marked["column"] == columns.at(6));  // the seventh, +3
    rolled.erase("marked");
    CHECK(rolled == plain);
    // --row names the row without a die given: no "roll"; a column alone marks no cell
    const auto by_row = nlohmann::json::parse(
        run_cli({"--json", "table", "show", "constantinople.melee", "--column", "3", "--row", "4"}).out);
    CHECK(by_row["marked"]["cell"] == "D");
    CHECK_FALSE(by_row["marked"].contains("roll"));
    CHECK_FALSE(nlohmann::json::parse(run_cli({"--json", "table", "show", "constantinople.melee", "--column", "3"}).out)
                    .contains("marked"));
}

TEST_CASE("cli: table lookup reads a negative differential", "[cli][table]")
{
    auto r = run_cli({"--json", "table", "lookup", "constantinople.melee", "--column", "-5", "--roll", "6"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"-")"));
}

TEST_CASE("cli: an unknown table is exit 66 with a suggestion", "[cli][table]")
{
    auto r = run_cli({"table", "show", "constantinople.mele"});
    CHECK(r.code == 66);
    CHECK(contains(r.err, "no table 'constantinople.mele' (did you mean 'constantinople.melee'?)"));
}

TEST_CASE("cli: --tables overrides a table by id, table list says where it came from", "[cli][table]")
{
    TempDir dir;
    dir.write("constantinople/storm.toml", R"(id = "constantinople.storm"
title = "House storm"
game = "Constantinople"
source = "house rule"
dice = "1d6"
[rows]
kind = "die"
[[row]]
die = "1-6"
result = "port"
[legend.port]
name = "Back to port"
[legend.eliminated]
name = "Eliminated"
)");
    // the code the storm command reads (eliminated, 14.29) stays in the legend, unused here
    auto r = run_cli({"--tables", dir.path.string(), "--json", "check", "storm", "--roll", "6"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"port")"));
    auto list = run_cli({"--tables", dir.path.string(), "table", "list"});
    CHECK(contains(list.out, (dir.path / "constantinople/storm.toml").string()));
    cli::Environment env;
    env.tables = dir.path.string();
    auto from_env = run_cli({"--json", "check", "storm", "--roll", "6"}, env);
    CHECK(contains(from_env.out, R"("code":"port")"));
}

TEST_CASE("cli: a bad table file is exit 65 with file:line:col", "[cli][table]")
{
    TempDir dir;
    dir.write("constantinople/storm.toml", "id = \"constantinople.storm\"\nbogus = 1\n");
    auto r = run_cli({"--tables", dir.path.string(), "check", "storm"});
    CHECK(r.code == 65);
    CHECK(contains(r.err, (dir.path / "constantinople/storm.toml").string() + ":2:1: unknown key 'bogus'"));
}

TEST_CASE("cli: a missing --tables directory is exit 66", "[cli]")
{
    auto r = run_cli({"--tables", "/nonexistent/umpire", "wind"});
    CHECK(r.code == 66);
}

TEST_CASE("cli: a provisional table is flagged in output and warned on stderr", "[cli]")
{
    TempDir dir;
    dir.write("house/fog.toml", R"(id = "house.fog"
title = "Fog"
game = "House"
source = "none"
dice = "1d6"
provisional = true
notes = ["stands in for the lost fog chart"]
[rows]
kind = "die"
[[row]]
die = "1-6"
result = "fog"
[legend.fog]
name = "Fog"
)");
    auto r = run_cli({"--tables", dir.path.string(), "--json", "check", "fog"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("provisional":true)"));
    CHECK(contains(r.err, "provisional"));
    auto quiet = run_cli({"--tables", dir.path.string(), "-q", "check", "fog"});
    CHECK(quiet.err.empty());
    CHECK(contains(quiet.out, "PROVISIONAL"));
}

TEST_CASE("cli: help has examples and exits 0", "[cli]")
{
    auto r = run_cli({"--help"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, "Examples:"));
    auto melee = run_cli({"melee", "--help"});
    CHECK(melee.code == 0);
    CHECK(contains(melee.out, "--exchange"));
    auto none = run_cli({});
    CHECK(none.code == 64);
}

TEST_CASE("cli: wind --start reports the scenario's starting wind (13.1)", "[cli]")
{
    auto r = run_cli({"--json", "wind", "--start"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"N")"));
    CHECK(contains(r.out, R"("toward":"S","velocity":8)"));
}

TEST_CASE("cli: check by short name, and portage with its modifier", "[cli]")
{
    auto r = run_cli({"--json", "check", "portage", "--mod", "2", "--roll", "3"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"portage")"));
    auto list = run_cli({"check", "list"});
    CHECK(contains(list.out, "constantinople.bombard"));
    CHECK_FALSE(contains(list.out, "constantinople.melee"));
}

TEST_CASE("cli: an unknown command gets a suggestion", "[cli]")
{
    auto r = run_cli({"--seed", "3", "mele", "--attacker", "3"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "umpire: error: unknown command 'mele' (did you mean 'melee'?); commands: roll, table, "
                          "check, explain, resolve, weather"));
    CHECK(contains(r.err, ", melee, ram, "));
    // and the usage line every parse error ends with ('table foo' has it; hunt56)
    CHECK(contains(r.err, "\nRun 'umpire --help' or 'umpire COMMAND --help' for usage.\n"));
    CHECK(contains(run_cli({"nosuch"}).err, "for usage.\n"));
}

TEST_CASE("cli: --seed outside 0..4294967295 is refused with the range", "[cli]")
{
    auto r = run_cli({"--seed", "4294967296", "wind"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "--seed: '4294967296' is out of range; allowed 0 to 4294967295"));
    CHECK(run_cli({"--seed", "4294967295", "wind"}).code == 0);
}

TEST_CASE("cli: --odds on a large sum reuses its distribution across branches", "[cli]")
{
    // 3d100 has 298 totals; the most likely, 151 and 152, have 7500 ways each of 10^6.
    auto r = run_cli({"--json", "roll", "3d100", "--odds"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("value":"151","probability":0.0075,"fraction":"3/400")"));
}

TEST_CASE("cli: suppress takes covers and types, and refuses unknown ones", "[cli][great-battles]")
{
    auto r = run_cli({"--json", "-q", "suppress", "--stand", "open", "--stand", "hard:armour", "--roll", "8,5"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"suppressed","name":"1 suppressed, 0 destroyed, 1 unaffected")"));
    auto bad = run_cli({"suppress", "--stand", "sofft"});
    CHECK(bad.code == 64);
    CHECK(contains(bad.err,
                   "--stand 'sofft': no cover 'sofft' (did you mean 'soft'?); allowed: open, soft, hard, bunker"));
    auto type = run_cli({"suppress", "--stand", "open:tank"});
    CHECK(type.code == 64);
    CHECK(contains(type.err, "no stand type 'tank'"));
}

TEST_CASE("cli: land units are named from the scenario", "[cli][great-battles]")
{
    auto r = run_cli({"--json", "-q", "infiltrate", "--unit", "2-Para", "--roll", "7"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"through")"));
    CHECK(contains(r.out, R"("target":7)"));
    auto rally = run_cli({"--json", "rally", "--unit", "I-Btl", "--suppressed", "1", "--roll", "8"});
    CHECK(contains(rally.out, R"("rally_number":8)"));
    auto unknown = run_cli({"rally", "--unit", "2-Pará", "--suppressed", "1"});
    CHECK(unknown.code == 64);
    auto both = run_cli({"rally", "--quality", "raw", "--rally-number", "6", "--suppressed", "1"});
    CHECK(both.code == 64);
    CHECK(contains(both.err, "give exactly one of --rally-number, --quality, --unit"));
}

TEST_CASE("cli: provisional charts warn on stderr and flag the JSON", "[cli][great-battles]")
{
    auto r = run_cli({"--json", "morale", "--stands", "4", "--eliminated", "1", "--roll", "1"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("provisional":true)"));
    CHECK(contains(r.err, "umpire: warning: provisional data"));
}

TEST_CASE("cli: crt refuses odds below 1:4 and reads the worked example", "[cli][russian-portfolio]")
{
    auto r = run_cli({"crt", "--attack", "1", "--defense", "5"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "final odds below 1:4 are not allowed (XIII.B.4): 1 to 5"));
    auto d = run_cli({"--json", "-q", "crt", "--attack", "3", "--defense", "2", "--dispersed", "--roll", "3"});
    CHECK(contains(d.out, R"("code":"D1")"));
    auto side = run_cli({"crt", "--attack", "3", "--defense", "1", "--armor"});
    CHECK(side.code == 64);
}

TEST_CASE("cli: crt refuses an option that would change nothing, naming what it needs", "[cli][russian-portfolio]")
{
    // The reserve phase is n of armor breakdown (XIII.C): without --armor no breakdown was
    // read, and nothing said so.
    auto phase = run_cli(
        {"-q", "crt", "--attack", "6", "--defense", "2", "--side", "axis", "--reserve-phase", "2", "--roll", "1"});
    CHECK(phase.code == 64);
    CHECK(contains(phase.err, "--reserve-phase 2 is n of armor breakdown, 1 to 1+n (XIII.C): it needs --armor"));
    CHECK(run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--side", "axis", "--armor", "--reserve-phase", "2",
                   "--roll", "1"})
              .code == 0);
    // XIII.D.6's reading at exactly 2 hexes means nothing without the hexes.
    auto reading =
        run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--retreat-reading", "retreats", "--roll", "3"});
    CHECK(reading.code == 64);
    CHECK(contains(reading.err, "--retreat-reading retreats reads XIII.D.6 at exactly 2 hexes of retreat: it needs "
                                "--retreat N"));
    CHECK(run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--retreat", "2", "--retreat-reading", "retreats",
                   "--roll", "3"})
              .code == 0);
    auto surrounded =
        run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--surrounded-reading", "chart-sheet", "--roll", "3"});
    CHECK(surrounded.code == 64);
    CHECK(contains(surrounded.err, "it needs --surrounded"));
    // XVI.B.2 drops the cross-river penalty only: with no river there is none to drop.
    auto amphibious = run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--amphibious", "--roll", "3"});
    CHECK(amphibious.code == 64);
    CHECK(contains(amphibious.err, "--amphibious drops the cross-river penalty (XVI.B.2): it needs --river all"));
    CHECK(run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--amphibious", "--river", "all", "--side", "axis",
                   "--roll", "3"})
              .code == 0);
}

TEST_CASE("cli: crt says when the odds column rests on columns the text does not give (XIII.B.3-4, VII.B)",
          "[cli][russian-portfolio]")
{
    // The text gives 1:4, 1:3, 3:2, 2:1, 5:1 and 10:1; 9 to 1 read as 7:1, and 6 to 1 as 5:1,
    // were printed as rules fact.
    auto nine = run_cli({"crt", "--attack", "9", "--defense", "1", "--roll", "3"});
    REQUIRE(nine.code == 0);
    CHECK(contains(nine.out, "PROVISIONAL odds: 9 to 1 -> 7:1 holds only if the printed chart has no column between "
                             "them; 7:1 is not a column the text gives"));
    CHECK(contains(nine.err, "only 1:4, 1:3, 3:2, 2:1, 5:1 and 10:1 are the text's"));
    auto six = run_cli({"crt", "--attack", "6", "--defense", "1", "--roll", "3"});
    CHECK(contains(six.out, "PROVISIONAL odds: 6 to 1 -> 5:1 holds only if the printed chart has no column between"));
    // 12 to 1 is reduced to 10:1 (XIII.B.4), but a river shift lands on umpire's 7:1.
    auto river = run_cli({"crt", "--attack", "12", "--defense", "1", "--river", "all", "--roll", "3"});
    CHECK(contains(river.out, "PROVISIONAL odds: 7:1 is not a column the text gives"));
    // The text's own: 5 to 1, XIII.B.3's 5 to 3 and 2 to 5, VII.B's 3:2 read at 2:1.
    for (const auto& [a, d] : {std::pair{"5", "1"}, {"5", "3"}, {"2", "5"}, {"10", "1"}, {"20", "1"}}) {
        auto ok = run_cli({"crt", "--attack", a, "--defense", d, "--roll", "3"});
        INFO(a << " to " << d);
        CHECK_FALSE(contains(ok.out, "PROVISIONAL odds"));
    }
    CHECK_FALSE(contains(run_cli({"crt", "--attack", "3", "--defense", "2", "--dispersed", "--roll", "3"}).out,
                         "PROVISIONAL odds"));
    // XIII.B.3's 5 to 3 at 3:2 and VII.B's reading of a 3 there, S, and D1 under 2:1 against a
    // Dispersed defender: the text's own cells, so no provisional mark, and no warning.
    for (const bool dispersed : {false, true}) {
        std::vector<std::string> args{"--json", "crt", "--attack", "5", "--defense", "3", "--roll", "3"};
        if (dispersed) {
            args.push_back("--dispersed");
        }
        auto published = run_cli(args);
        INFO(published.out);
        CHECK(contains(published.out, dispersed ? "\"code\":\"D1\"" : "\"code\":\"S\""));
        CHECK(contains(published.out, "\"provisional\":false"));
        CHECK(published.err.empty());
        // --odds with the die given walks the one branch, the published cell; over every
        // face of the die it reads the placeholders too.
        args.push_back("--odds");
        CHECK(contains(run_cli(args).out, "\"provisional\":false"));
        args.erase(args.begin() + 6, args.begin() + 8);
        CHECK(contains(run_cli(args).out, "\"provisional\":true"));
    }
    CHECK(contains(run_cli({"crt", "--attack", "5", "--defense", "3", "--roll", "3"}).out,
                   "Combat (Russian Portfolio XIII.C)\n"));
    // A Dispersed defender at 10:1: one column higher is past the highest (XIII.B.4); it said
    // "read one column higher, under 10:1".
    auto top = run_cli({"-q", "crt", "--attack", "10", "--defense", "1", "--dispersed", "--roll", "3"});
    CHECK(contains(top.out, "Dispersed defender: one column higher would be past 10:1, the highest column "
                            "(XIII.B.4): read at 10:1"));
    CHECK_FALSE(contains(top.out, "read one column higher, under 10:1"));
}

TEST_CASE("cli: command-roll takes a command stand's modifier (4.1.1)", "[cli][great-battles]")
{
    // 4.1.1: "Command stands add a command roll and rally roll modifiers to all stands in the
    // battalion". --mod was an unknown option; it is added to the d100 (65 - 10 = 55).
    auto r = run_cli({"-q", "--json", "command-roll", "--quality", "raw", "--mod", "-10", "--roll", "65"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, R"("total":55)"));
    CHECK(contains(r.out, R"("modifier":-10)"));
    auto far = run_cli({"-q", "command-roll", "--quality", "raw", "--mod", "201", "--roll", "65"});
    CHECK(far.code == 64);
    CHECK(contains(far.err, "--mod is 201; allowed -200 to 200"));
}

TEST_CASE("cli: overrun says why it was refused", "[cli][russian-portfolio]")
{
    auto r = run_cli({"--json", "-q", "overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry",
                      "3", "--weather", "mud", "--terrain", "clear"});
    CHECK(r.code == 0);
    CHECK(contains(r.out, R"("code":"refused")"));
    CHECK(contains(r.out, R"("reasons":["weather mud: overruns only in good or snow weather"])"));
    auto terrain = run_cli({"overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3",
                            "--weather", "good", "--terrain", "hils"});
    CHECK(terrain.code == 64);
    CHECK(contains(terrain.err, "(did you mean 'hills'?)"));
}

TEST_CASE("cli: a successful overrun prints no empty reasons line, its JSON keeps the list", "[cli][russian-portfolio]")
{
    // XIII.C: "DE = Defenders Eliminated. Possible Armor Overrun becoming Breakthrough!". Pure
    // armor 8 against 3 infantry in clear, good weather is not refused (X.B, XIV.D): the text
    // said "reasons: " with nothing after it (hunt47). An empty list says nothing in words.
    const std::vector<std::string> args{
        "-q",        "overrun", "--result",  "DE",   "--attacking-armor", "8", "--defending-infantry", "3",
        "--weather", "good",    "--terrain", "clear"};
    auto text = run_cli(args);
    REQUIRE(text.code == 0);
    CHECK(contains(text.out, "result: BR"));
    CHECK_FALSE(contains(text.out, "reasons"));
    auto odds = run_cli({"-q", "overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3",
                         "--weather", "good", "--terrain", "clear", "--odds"});
    REQUIRE(odds.code == 0);
    CHECK_FALSE(contains(odds.out, "reasons"));
    // DESIGN.md: overrun's reasons is a list in JSON, there when empty
    std::vector<std::string> json = args;
    json.insert(json.begin(), "--json");
    auto as_json = run_cli(json);
    REQUIRE(as_json.code == 0);
    CHECK(contains(as_json.out, R"("reasons":[])"));
    // refused, the reasons are said
    CHECK(contains(run_cli({"-q", "overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3",
                            "--weather", "mud", "--terrain", "clear"})
                       .out,
                   "reasons: weather mud"));
}

TEST_CASE("cli: weather --state moves the time counter on and keeps the file", "[cli][weather]")
{
    TempDir dir;
    std::string state = (dir.path / "game.toml").string();
    auto first = run_cli({"--json", "-q", "weather", "--game", "novorossiysk", "--state", state, "--roll", "7"});
    CHECK(first.code == 0);
    CHECK(contains(first.out, R"("day":1,"phase":"morning")"));
    auto second = run_cli({"--json", "-q", "weather", "--game", "novorossiysk", "--state", state, "--roll", "7"});
    CHECK(contains(second.out, R"("day":1,"phase":"afternoon")"));
    // A failed roll leaves the file as it was.
    auto bad = run_cli({"-q", "weather", "--game", "novorossiysk", "--state", state, "--roll", "13"});
    CHECK(bad.code == 64);
    auto third = run_cli({"--json", "-q", "weather", "--game", "novorossiysk", "--state", state, "--roll", "7"});
    CHECK(contains(third.out, R"("day":1,"phase":"night")"));
    auto mixed = run_cli({"weather", "--game", "novorossiysk", "--state", state, "--day", "2"});
    CHECK(mixed.code == 64);
}

TEST_CASE("cli: weather for the other games", "[cli][weather]")
{
    auto rp = run_cli({"--json", "weather", "--game", "russian-portfolio", "--month", "oct41"});
    CHECK(contains(rp.out, R"("code":"mud")"));
    auto start = run_cli({"--json", "weather", "--game", "russian-portfolio", "--start-1jun41", "--roll", "4"});
    CHECK(contains(start.out, R"("code":"good")"));
    auto sea = run_cli({"--json", "weather", "--game", "black-sea", "--weather", "storm"});
    CHECK(contains(sea.out, R"("code":"2")"));
    auto wind = run_cli({"--json", "weather", "--game", "constantinople", "--roll", "9,7"});
    CHECK(contains(wind.out, R"("code":"NE")"));
    auto gb = run_cli({"weather", "--game", "great-battles"});
    CHECK(gb.code == 64);
    auto wrong = run_cli({"weather", "--game", "black-sea", "--month", "oct41"});
    CHECK(wrong.code == 64);
}

TEST_CASE("cli: every command listed has its help, with examples", "[cli]")
{
    auto all = run_cli({"--help"});
    for (const char* name : {"roll",         "table",
                             "check",        "weather",
                             "wind",         "melee",
                             "ram",          "reef",
                             "initiative",   "suppress",
                             "morale",       "rally",
                             "close-combat", "command-roll",
                             "replace",      "infiltrate",
                             "sighting",     "fire",
                             "drift",        "crt",
                             "batch",        "replay",
                             "seed",         "overrun",
                             "siberian",     "always-possible",
                             "hits",         "scatter"}) {
        INFO(name);
        CHECK(contains(all.out, std::string("  ") + name));
        auto r = run_cli({name, "--help"});
        CHECK(r.code == 0);
        CHECK(contains(r.out, "Examples:"));
    }
}

TEST_CASE("cli: a table file past 1 MiB is refused, not read", "[cli][limits]")
{
    TempDir dir;
    dir.write("house/big.toml", std::string((1 << 20) + 1, '#'));
    auto r = run_cli({"--tables", dir.path.string(), "table", "show", "house.big"});
    CHECK(r.code == 65);
    CHECK(contains(r.err, "bytes; a table or scenario file may be at most 1048576 bytes"));
}

TEST_CASE("cli: roll -n prints one total per line, replayable by seed", "[cli][roll]")
{
    auto r = run_cli({"--seed", "42", "-q", "roll", "-n", "3", "2d6"});
    CHECK(r.code == 0);
    // Seed 42's first d6 faces are 3, 5, 6, 2, 5, 5 (tests/core/dice_test.cc).
    CHECK(r.out == "8\n8\n10\n");
    CHECK(run_cli({"roll", "-n", "0", "2d6"}).code == 64);
}

TEST_CASE("cli: a ship spec's error names the spelling of the flag typed", "[cli][ram]")
{
    auto target = test::run_cli({"ram", "--rammer", "Galley-2", "--target", "Genoa:damagd"});
    CHECK(target.code == 64);
    CHECK(target.err == "umpire: error: --target 'Genoa:damagd': unknown flag ':damagd'; allowed :back, :damaged, "
                        ":leader (did you mean 'damaged'?)\n");
    auto defense = test::run_cli({"ram", "--strength", "2", "--defense=E"});
    CHECK(defense.err == "umpire: error: --defense 'E': ram defense must be A, B, C or D (15.42)\n");
}

TEST_CASE("cli: --help lists the commands under the game each serves", "[cli][help]")
{
    auto help = test::run_cli({"--help"});
    REQUIRE(help.code == 0);
    const auto at = [&](const std::string& text) { return help.out.find(text); };
    REQUIRE(at("\nConstantinople:\n") != std::string::npos);
    REQUIRE(at("\nGreat Battles of WWII:\n") != std::string::npos);
    REQUIRE(at("\nNovorossiysk 1943:\n") != std::string::npos);
    // melee under Constantinople, suppress under Great Battles, hits under Novorossiysk.
    CHECK(at("  melee ") > at("\nConstantinople:\n"));
    CHECK(at("  melee ") < at("\nGreat Battles of WWII:\n"));
    CHECK(at("  suppress ") > at("\nGreat Battles of WWII:\n"));
    CHECK(at("  hits ") > at("\nNovorossiysk 1943:\n"));
}

TEST_CASE("cli: replay drops the global options it sets itself, in either spelling", "[cli][log]")
{
    // --tables too: replay reads a line with its own tables, checked by their SHA-256 (a
    // line's --tables was refused as a batch line's, hunt48 F1)
    CHECK(cli::without_replay_options({"--seed=5", "--json", "--log", "g.jsonl", "-q", "--tables", "d", "wind",
                                       "--position", "3", "--tables=e"}) == std::vector<std::string>{"wind"});
}

TEST_CASE("cli: a table file's name is written out where it holds a control character, as any message's text",
          "[cli][tables]")
{
    // A folder of tables someone sent: a file named with ESC [31m reached the terminal raw
    // in resolve's, table list's and table check's errors (hunt48 F2).
    const test::TempDir dir("escape-name");
    std::filesystem::create_directories(dir / "skirmish");
    std::ofstream(dir / "skirmish/ev\x1b[31mil.toml") << "id = \"skirmish.crt\"\n";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"table", "list"}, std::vector<std::string>{"table", "check", dir / ""},
          std::vector<std::string>{"--json", "table", "list"}}) {
        std::vector<std::string> all{"--tables", dir / ""};
        all.insert(all.end(), args.begin(), args.end());
        const auto r = test::run_cli(all);
        INFO(r.err);
        CHECK(r.code == 65);
        CHECK(r.err.find('\x1b') == std::string::npos);
        CHECK(r.out.find('\x1b') == std::string::npos);
        CHECK(contains(r.err + r.out, "ev\\x1b[31mil.toml"));
    }
}

TEST_CASE("cli: a table file's error shows the offending line with a caret under the column", "[cli][tables]")
{
    auto dir = std::filesystem::temp_directory_path() / ("umpire-caret-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "constantinople");
    const auto file = dir / "constantinople" / "storm.toml";
    std::ofstream(file) << "id = \"constantinople.storm\"\ntitle = = \"x\"\n";
    auto r = test::run_cli({"--tables", dir.string(), "check", "storm"});
    CHECK(r.code == 65);
    CHECK(r.err == "umpire: error: " + file.string() +
                       ":2:9: Error while parsing value: could not determine value type\n"
                       "  title = = \"x\"\n"
                       "          ^\n");
    // A tab before the key stays a tab in the caret's indent, so the caret lines up.
    std::ofstream(file) << "id = \"constantinople.storm\"\n\tbogus = 3\n";
    auto tab = test::run_cli({"--tables", dir.string(), "check", "storm"});
    CHECK(tab.err.ends_with("\n  \tbogus = 3\n  \t^\n"));
    // A bidirectional control (U+202E, which turns the rest of a terminal's line) or a C1
    // one in the line is a '?', a column each: the line was shown as it was, raw.
    std::ofstream(file) << "id = \"constantinople.storm\"\ntitle = \"a\xe2\x80\xae\xc2\x9b"
                        << "b\"\n";
    auto bidi = test::run_cli({"--tables", dir.string(), "check", "storm"});
    CHECK(bidi.code == 65);
    CHECK(bidi.err.ends_with("\n  title = \"a??b\"\n          ^\n"));
    CHECK(bidi.err.find("\xe2\x80\xae") == std::string::npos);
    CHECK(bidi.err.find("\xc2\x9b") == std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: --mod numbers are summed within their range, never wrapped", "[cli][check]")
{
    auto r = test::run_cli({"check", "portage", "--mod", "1000000", "--mod", "1"});
    CHECK(r.code == 64);
    CHECK(r.err == "umpire: error: --mod: the numbers add up to 1000001; allowed -1000000 to 1000000 in all\n");
    std::vector<std::string> many{"check", "portage"};
    for (int i = 0; i < 3000; ++i) {
        many.insert(many.end(), {"--mod", "1000000"});
    }
    CHECK(test::run_cli(many).code == 64);
}

TEST_CASE("cli: roll --odds gives a repeated expression its own odds", "[cli][roll]")
{
    auto r = test::run_cli({"--json", "roll", "--odds", "10d10", "10d10"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find(R"({"value":"20","name":"total","probability":1e-20,"fraction":"1/100000000000000000000"})") !=
          std::string::npos);
    CHECK(r.out.find(R"("10d10 #2":[)") != std::string::npos);
}

TEST_CASE("cli: issue 11, ram refusals and crt units, terrain and retreat limits", "[cli]")
{
    auto boom = run_cli({"ram", "--strength", "3", "--defense", "B", "--boom", "--roll", "1"});
    CHECK(boom.code == 64);
    CHECK(contains(boom.err, "--boom: ships may not Ram through a Boom hexside (15.62)"));
    auto sail = run_cli({"ram", "--rammer", "Galley-1", "--target", "Genoa", "--movement", "sail"});
    CHECK(sail.code == 64);
    CHECK(contains(sail.err, "(14.28)"));

    // 6 + 5 across a lake (halved to 2) against a front of 3 in hills (+1): 8 to 4, 2:1.
    auto units = run_cli({"--json", "crt", "--attacker", "6:army", "--attacker", "5:infantry:lake", "--defender",
                          "3:front", "--terrain", "hills", "--roll", "3"});
    CHECK(units.code == 0);
    CHECK(contains(units.out, R"("odds":"2:1")"));
    CHECK(contains(units.out, "hills: +1 (front +1; X.B.10)"));
    auto both = run_cli({"crt", "--attack", "3", "--attacker", "3:army", "--defense", "1"});
    CHECK(both.code == 64);
    CHECK(contains(both.err, "one of them"));
    auto armor = run_cli({"crt", "--attacker", "4:armor:lake", "--defense", "1"});
    CHECK(armor.code == 64);
    CHECK(contains(armor.err, "--attacker 4:armor:lake"));
    auto kind = run_cli({"crt", "--attack", "4", "--defender", "2:amry"});
    CHECK(kind.code == 64);
    CHECK(contains(kind.err, "did you mean 'army'"));
    auto retreat = run_cli({"crt", "--attack", "4", "--defense", "1", "--retreat", "5"});
    CHECK(retreat.code == 64);
    CHECK(contains(retreat.err, "--retreat is 5; allowed 0 to 4"));
}

TEST_CASE("cli: deck keeps the Activation Deck between calls, and replays from the log", "[cli][deck]")
{
    TempDir dir;
    const std::string state = (dir.path / "deck.toml").string();
    const std::string log = (dir.path / "audit.log").string();
    auto drawn = run_cli(
        {"--seed", "11", "--log", log, "--json", "deck", "draw", "--state", state, "--side", "allied", "--count", "6"});
    REQUIRE(drawn.code == 0);
    CHECK(contains(drawn.out, R"("deck_left":33)"));
    auto shown = run_cli({"--json", "deck", "show", "--state", state});
    CHECK(contains(shown.out, R"("code":"33")"));  // 39 less 6, read back from the file
    auto played =
        run_cli({"--log", log, "--json", "deck", "play", "--state", state, "--side", "allied", "--points", "40"});
    CHECK(played.code == 64);
    CHECK(contains(played.err, "--points is 40; allowed 1 to 39"));
    auto replay = run_cli({"replay", log});
    CHECK(replay.code == 0);
    CHECK(contains(replay.out, "1 resolution(s) replayed, 0 differ"));
    auto heart = run_cli({"deck", "draw", "--side", "allied", "--card", "AH"});
    CHECK(heart.code == 64);
    CHECK(contains(heart.err, "hearts are removed"));
    auto roll = run_cli({"deck", "draw", "--side", "allied", "--roll", "1"});
    CHECK(roll.code == 64);
    CHECK(contains(roll.err, "--card"));
}

TEST_CASE("cli: text puts the result first, echoes no defaults, and shows the seed only when a die was rolled", "[cli]")
{
    auto given = run_cli({"melee", "--attacker", "4", "--attacker", "4", "--defender", "5", "--roll", "4"});
    REQUIRE(given.code == 0);
    CHECK(given.out.find("result: D") < given.out.find("working:"));
    CHECK_FALSE(contains(given.out, "boom: no"));
    CHECK_FALSE(contains(given.out, "damaged_reading"));
    CHECK(contains(given.out, "damaged reading: case"));
    CHECK_FALSE(contains(given.out, "seed:"));  // every die given: the seed decided nothing
    auto rolled = run_cli({"--seed", "5", "melee", "--attacker", "4", "--defender", "5"});
    CHECK(contains(rolled.out, "seed: 5"));
    auto boom = run_cli({"melee", "--attacker", "4", "--defender", "5", "--boom", "--roll", "1"});
    CHECK(contains(boom.out, "boom: yes"));
}

TEST_CASE("cli: --brief gives the headline on one line, and the severity is said in words", "[cli][issue14]")
{
    // 15.41: +2 with a 6 is L, the ship lost; with a 1 it is '-', no effect.
    auto lost = test::run_cli({"--brief", "melee", "--attacker", "5", "--defender", "3", "--roll", "6"});
    CHECK(lost.code == 0);
    CHECK(lost.out == "L  Lose one  [severe]  (attack on defender)\n");
    auto nothing = test::run_cli({"--brief", "melee", "--attacker", "5", "--defender", "3", "--roll", "1"});
    CHECK(nothing.out == "-  No effect  [none]  (attack on defender)\n");
    // the odds of +2 (column 2 of 15.41): one face in six each way but I and D, two each
    auto odds = test::run_cli({"--brief", "melee", "--attacker", "5", "--defender", "3", "--odds"});
    CHECK(odds.out == "result: -  No effect 16.67%, I  Ineffective 33.33%, D  Damaged 33.33%, L  Lose one 16.67%\n");
    CHECK(test::run_cli({"--brief", "--json", "wind"}).code == 64);
    // JSON carries the severity for scripts
    // 15.42: 4 against A pins on 1-5 and rolls again, 5 or more sinks
    auto json = test::run_cli({"--json", "ram", "--strength", "4", "--defense", "A", "--roll", "1", "--roll", "5"});
    CHECK(json.out.find(R"("code":"sunk","name":"Sunk","severity":"severe")") != std::string::npos);
}

TEST_CASE("cli: --color takes auto, always or never, and colours only when asked or on a terminal", "[cli][issue14]")
{
    auto bad = test::run_cli({"--color", "sometimes", "wind"});
    CHECK(bad.code == 64);
    CHECK(bad.err.find("--color") != std::string::npos);
    const std::vector<std::string> melee{"melee", "--attacker", "5", "--defender", "3", "--roll", "6"};
    auto args = [&](std::vector<std::string> front) {
        front.insert(front.end(), melee.begin(), melee.end());
        return front;
    };
    cli::Environment tty;
    tty.out_is_tty = true;
    CHECK(test::run_cli(args({}), tty).out.find("\033[1;31m") != std::string::npos);
    CHECK(test::run_cli(args({"--color=never"}), tty).out.find('\033') == std::string::npos);
    CHECK(test::run_cli(args({}), {}).out.find('\033') == std::string::npos);
    CHECK(test::run_cli(args({"--color", "always"}), {}).out.find("\033[1;31m") != std::string::npos);
    cli::Environment no_color = tty;
    no_color.no_color = true;
    CHECK(test::run_cli(args({}), no_color).out.find('\033') == std::string::npos);
    cli::Environment dumb = tty;
    dumb.dumb_terminal = true;
    CHECK(test::run_cli(args({}), dumb).out.find('\033') == std::string::npos);
}

TEST_CASE("cli: --odds on a terminal fits its bars to the width, each fraction as in a pipe", "[cli][odds]")
{
    // On a terminal the bars take what the width leaves after the labels, percents and
    // fractions (to_text reckons the widest fraction first); the fractions are the same.
    const std::vector<std::string> args{"--color=never", "--ascii", "roll", "3d6", "2d10", "--odds"};
    cli::Environment tty;
    tty.out_is_tty = true;
    tty.columns = 90;
    const auto on = test::run_cli(args, tty);
    const auto off = test::run_cli(args, {});
    REQUIRE(on.code == 0);
    REQUIRE(off.code == 0);
    const auto rows = [](const std::string& text) {
        std::vector<std::string> out;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) {
            if (line.find('%') != std::string::npos) {
                out.push_back(line);
            }
        }
        return out;
    };
    const auto on_rows = rows(on.out);
    const auto off_rows = rows(off.out);
    REQUIRE(on_rows.size() == off_rows.size());
    REQUIRE(on_rows.size() == 34 + 16 + 19);  // the total 5 to 38, 3d6 3 to 18, 2d10 2 to 20
    bool wider = false;
    for (size_t i = 0; i < on_rows.size(); ++i) {
        CHECK(on_rows[i].size() <= 90);
        const std::string fraction_on = on_rows[i].substr(on_rows[i].rfind(' ') + 1);
        const std::string fraction_off = off_rows[i].substr(off_rows[i].rfind(' ') + 1);
        CHECK(fraction_on == fraction_off);
        CHECK(fraction_on.find('/') != std::string::npos);
        wider = wider || on_rows[i].size() > off_rows[i].size();
    }
    CHECK(wider);  // 90 columns leave the bars more than a pipe's 24 cells
}

TEST_CASE("cli: --odds at 40 columns keeps every line inside them, notes wrapped between words", "[cli][odds]")
{
    // crt --odds at 40 columns: bars of at least 8 cells pushed every line past the edge,
    // the provisional notes and the [PROVISIONAL] title broke mid-word
    cli::Environment tty;
    tty.out_is_tty = true;
    tty.columns = 40;
    const auto r = test::run_cli({"--color=never", "-q", "crt", "--attack", "7", "--defense", "2", "--odds"}, tty);
    REQUIRE(r.code == 0);
    std::istringstream in(r.out);
    size_t notes = 0;
    for (std::string line; std::getline(in, line);) {
        INFO(line);
        CHECK(umpire::display_width(line) <= 40);
        notes += line.starts_with("provisional: ") ? 1 : 0;
    }
    CHECK(notes > 0);
    CHECK(contains(r.out, "[PROVISIONAL]"));  // whole, on one line
}

TEST_CASE("cli: a check of two dice takes each die or their total (Black Sea Sub versus Sub, Constantinople 15.73)",
          "[cli]")
{
    // "Roll two dice; on a result of 12, the enemy submarine is destroyed": --roll 6 --roll 6
    // was refused, "used only 1 die roll(s)", though the text rolls two dice.
    auto two = run_cli({"check", "sub-vs-sub", "--roll", "6", "--roll", "6"});
    REQUIRE(two.code == 0);
    CHECK(contains(two.out, "Destroyed"));
    CHECK(contains(two.out, "the 2 dice of 2d6 given one by one: 6 + 6 = 12"));
    CHECK(contains(run_cli({"check", "sub-vs-sub", "--roll", "6,5"}).out, "Missed"));
    CHECK(contains(run_cli({"check", "sub-vs-sub", "--roll", "12"}).out, "Destroyed"));  // the total, as before
    auto three = run_cli({"check", "sub-vs-sub", "--roll", "6", "--roll", "6", "--roll", "6"});
    CHECK(three.code == 64);
    CHECK(contains(three.err, "--roll: 3 values given; check black-sea.sub-vs-sub rolls 2d6 once: give its total "
                              "(--roll N, 2 to 12) or each of its 2 dice (1 to 6 each)"));
    auto face = run_cli({"check", "sub-vs-sub", "--roll", "7", "--roll", "5"});
    CHECK(face.code == 64);
    CHECK(contains(face.err, "--roll 7: not a face of a d6"));
    // 15.73: "If he rolls an 11, the target ship is Damaged": bombard's 2d6 alike
    CHECK(contains(run_cli({"--json", "check", "bombard", "--roll", "5", "--roll", "6"}).out, R"("code":"damaged")"));
}

// hunt51: the shell's Ctrl-C (g_stop_requested) stopped roll -n and the odds walk, but an
// odds count that walks no branches (a keep of nine d1000s, 1000d10's totals) ran to its
// end and printed thousands of lines before the prompt came back.
TEST_CASE("odds: a count that walks no branches stops at the shell's Ctrl-C", "[cli][odds]")
{
    for (const char* dice : {"9d1000kh3", "1000d10"}) {
        INFO(dice);
        cli::g_stop_requested = 1;
        const auto stopped = run_cli({"roll", "--odds", dice});
        cli::g_stop_requested = 0;
        CHECK(stopped.code == 64);
        CHECK(contains(stopped.err, "--odds, counting exactly: stopped by Ctrl-C"));
        CHECK(stopped.out.empty());
        const auto answered = run_cli({"roll", "--odds", dice});  // not asked to stop: the whole answer
        CHECK(answered.code == 0);
        CHECK(contains(answered.out, "at least"));
    }
}

// COMMANDS: an action may be typed in any case, as 'game Status' was; a subcommand's word
// was not ('table LIST', 'plan MELEE' refused, hunt52).
TEST_CASE("cli: a subcommand's word in any case is the word its list writes", "[cli]")
{
    const auto upper = run_cli({"table", "LIST"});
    CHECK(upper.code == 0);
    CHECK(upper.out == run_cli({"table", "list"}).out);
    const auto plan = run_cli({"plan", "Melee", "--ship", "8", "--enemy", "5"});
    CHECK(plan.code == 0);
    CHECK(plan.out == run_cli({"plan", "melee", "--ship", "8", "--enemy", "5"}).out);
    const auto wrong = run_cli({"table", "lis"});
    CHECK(wrong.code == 64);
    CHECK(contains(wrong.err, "table: 'lis' is not one of list"));
}
