// umpire resolve: any combat results table from the two sides' strengths, its shifts and
// modifiers named by the table (issue 25, part 3). The shipped games' CRTs are the proof: read
// through resolve they give what crt and melee give, whose readings are tested against
// XIII.B-C and 15.41 elsewhere.
#include "../helpers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// The result's code, or "refused" (exit 64).
std::string code_of(const std::vector<std::string>& args, const cli::Environment& env = {})
{
    std::vector<std::string> all{"--json", "-q"};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = run_cli(all, env);
    if (r.code == 64) {
        return "refused";
    }
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out)["result"]["code"];
}

// A homebrew CRT as a referee would write it (umpire-tables(5)): odds 1:2 to 4:1, odds under
// 1:2 refused, over 4:1 read at 4:1; a river shift, a leader's +1 on the die.
const char* k_homebrew = R"(id = "homebrew.crt"
title = "Homebrew CRT"
game = "Homebrew"
source = "the club's rules 7.2"
dice = "1d6"
modifier = "leader"

[rows]
kind = "die"

[columns]
kind = "ratio"
keys = ["1:2", "1:1", "2:1", "3:1", "4:1"]
below = "error"
above = "clamp"

[[row]]
die = "..2"
cells = ["AE", "AR", "AR", "EX", "DR"]
[[row]]
die = "3-4"
cells = ["AR", "EX", "DR", "DR", "DE"]
[[row]]
die = "5.."
cells = ["EX", "DR", "DE", "DE", "DE"]

[[shift]]
name = "river"
columns = -1
description = "attacking across a river"
source = "7.4"

[[shift]]
name = "surprise"
columns = 2
description = "a surprise attack"
source = "7.5"

[[mod]]
name = "elite"
value = 1
description = "elite attackers"
source = "7.3"

[[shift]]
name = "disrupted"
columns = 1
kind = "read"
description = "a disrupted defender: the result read one column higher"
source = "7.6"

[legend.AE]
name = "Attacker eliminated"
[legend.AR]
name = "Attacker retreats"
[legend.EX]
name = "Exchange"
[legend.DR]
name = "Defender retreats"
[legend.DE]
name = "Defender eliminated"
)";

}  // namespace

TEST_CASE("cli: resolve reads the Russian Portfolio CRT as crt does, odds rounded down, 10:1 and 1:4 kept (XIII.B)",
          "[cli][resolve]")
{
    int compared = 0;
    for (int attack : {1, 2, 3, 5, 7, 9, 12, 20, 31, 45, 100}) {
        for (int defense : {1, 2, 3, 4, 5, 9}) {
            for (int die = 1; die <= 6; ++die) {
                const std::string a = std::to_string(attack);
                const std::string d = std::to_string(defense);
                const std::string r = std::to_string(die);
                INFO(a << " to " << d << ", die " << r);
                CHECK(code_of({"resolve", "russian-portfolio.crt", "--attack", a, "--defense", d, "--roll", r}) ==
                      code_of({"crt", "--attack", a, "--defense", d, "--roll", r}));
                // X.B.2: every attacker across a river, one column left; XIII.B.4: the reduction to
                // 10:1 comes before it, final odds under 1:4 refused.
                CHECK(code_of({"resolve", "russian-portfolio.crt", "--attack", a, "--defense", d, "--shift", "-1",
                               "--roll", r}) ==
                      code_of({"crt", "--attack", a, "--defense", d, "--river", "all", "--roll", r}));
                // The table's own shifts by name: VII.B reads a Dispersed defender one column
                // higher once the odds are final (so 1:4 shifted left stays refused, and 10:1
                // reads no further); VI.B.3 shifts the odds up.
                CHECK(code_of({"resolve", "russian-portfolio.crt", "--attack", a, "--defense", d, "--shift", "river",
                               "--shift", "dispersed", "--roll", r}) ==
                      code_of({"crt", "--attack", a, "--defense", d, "--river", "all", "--dispersed", "--roll", r}));
                CHECK(code_of({"resolve", "russian-portfolio.crt", "--attack", a, "--defense", d, "--shift",
                               "winter-offensive", "--roll", r}) ==
                      code_of({"crt", "--attack", a, "--defense", d, "--winter-offensive", "--roll", r}));
                ++compared;
            }
        }
    }
    CHECK(compared == 396);
}

TEST_CASE("cli: resolve --odds names the column once", "[cli][resolve]")
{
    // XIII.B.3: 12 to 5 is read at 2:1, the nearest column no greater. The column found and
    // the column every branch reads were both printed (hunt48 F8).
    auto odds = run_cli({"resolve", "russian-portfolio.crt", "--attack", "12", "--defense", "5", "--odds"});
    REQUIRE(odds.code == 0);
    const size_t first = odds.out.find("  column: 2:1\n");
    REQUIRE(first != std::string::npos);
    CHECK(odds.out.find("  column: 2:1\n", first + 1) == std::string::npos);
}

TEST_CASE("cli: resolve reads Constantinople's melee CRT as melee does, the differential clamped (15.41)",
          "[cli][resolve]")
{
    for (int attack = 1; attack <= 12; attack += 2) {
        for (int defense = 1; defense <= 12; defense += 3) {
            for (int die = 1; die <= 6; ++die) {
                const std::string a = std::to_string(attack);
                const std::string d = std::to_string(defense);
                const std::string r = std::to_string(die);
                INFO(a << " against " << d << ", die " << r);
                CHECK(code_of({"resolve", "constantinople.melee", "--attack", a, "--defense", d, "--roll", r}) ==
                      code_of({"melee", "--attacker", a, "--defender", d, "--roll", r}));
            }
        }
    }
}

TEST_CASE("cli: resolve reads any CRT written as data: odds, shifts by name, die modifiers, its edges",
          "[cli][resolve]")
{
    const test::TempDir dir("resolve");
    std::filesystem::create_directories(dir / "tables/homebrew");
    std::ofstream(dir / "tables/homebrew/crt.toml") << k_homebrew;
    cli::Environment env;
    env.user_tables = dir / "tables";
    auto code = [&](std::vector<std::string> args) {
        args.insert(args.begin(), "homebrew.crt");
        args.insert(args.begin(), "resolve");
        return code_of(args, env);
    };
    // 7 to 3 is 2.33: under 2:1, rounded in the defender's favour; the die 3 reads row 3-4.
    CHECK(code({"--attack", "7", "--defense", "3", "--roll", "3"}) == "DR");
    CHECK(code({"--attack", "6", "--defense", "3", "--roll", "3"}) == "DR");  // exactly 2:1
    CHECK(code({"--attack", "5", "--defense", "3", "--roll", "3"}) == "EX");  // 1.67: 1:1
    // Past 4:1 read at 4:1 before the shift; the river then moves it to 3:1.
    CHECK(code({"--attack", "40", "--defense", "1", "--roll", "1"}) == "DR");
    CHECK(code({"--attack", "40", "--defense", "1", "--shift", "river", "--roll", "1"}) == "EX");
    // Under 1:2 refused, unless a shift brings it back (surprise: two columns right).
    CHECK(code({"--attack", "1", "--defense", "3", "--roll", "6"}) == "refused");
    CHECK(code({"--attack", "1", "--defense", "3", "--shift", "surprise", "--roll", "6"}) == "DR");  // at 1:1
    CHECK(code({"--attack", "3", "--defense", "3", "--shift", "river=2", "--roll", "6"}) == "refused");
    // A read shift moves the column the result is read under once the odds are final: 3 to 3
    // is 1:1, read under 2:1 (die 3: DR, where 1:1 gives EX); it reads no further than 4:1 and
    // never makes refused odds allowed (1 to 3 is under 1:2).
    CHECK(code({"--attack", "3", "--defense", "3", "--shift", "disrupted", "--roll", "3"}) == "DR");
    CHECK(code({"--attack", "40", "--defense", "1", "--shift", "disrupted", "--roll", "1"}) == "DR");
    CHECK(code({"--attack", "1", "--defense", "3", "--shift", "disrupted", "--roll", "6"}) == "refused");
    CHECK(code({"--attack", "4", "--defense", "3", "--shift", "river", "--shift", "disrupted", "--roll", "2"}) ==
          "AR");  // 1:1, left to 1:2, read under 1:1
    auto read = nlohmann::json::parse(run_cli({"--json", "resolve", "homebrew.crt", "--attack", "3", "--defense", "3",
                                               "--shift", "disrupted", "--roll", "3"},
                                              env)
                                          .out);
    CHECK(read["result"]["odds"] == "1:1");
    CHECK(read["result"]["column"] == "2:1");
    // The leader's +1 on the die: 4 + 1 reads row 5.. .
    CHECK(code({"--attack", "3", "--defense", "3", "--mod", "1", "--roll", "4"}) == "DR");
    CHECK(code({"--attack", "3", "--defense", "3", "--mod", "elite", "--roll", "4"}) == "DR");  // [[mod]] +1, 7.3
    CHECK(code({"--attack", "3", "--defense", "3", "--roll", "4"}) == "EX");
    // A row given is read as given: a modifier beside it was dropped without a word (row 4
    // and the leader's +1 read EX); it is refused, naming both flags.
    for (const std::string mod : {"1", "elite"}) {
        auto with_row =
            run_cli({"resolve", "homebrew.crt", "--attack", "3", "--defense", "3", "--mod", mod, "--row", "4"}, env);
        CHECK(with_row.code == 64);
        CHECK(contains(with_row.err, "--mod with --row: --row names the row read, which no modifier moves"));
        CHECK(run_cli({"table", "lookup", "homebrew.crt", "--column", "1:1", "--row", "4", "--mod", mod}, env).code ==
              64);
    }
    CHECK(run_cli({"table", "lookup", "homebrew.crt", "--column", "1:1", "--row", "4"}, env).code == 0);
    // What was asked and done, in the working and the JSON inputs.
    auto shown = run_cli(
        {"resolve", "homebrew.crt", "--attack", "40", "--defense", "1", "--shift", "river", "--roll", "1"}, env);
    CHECK(contains(shown.out, "40 to 1: past the last column, read at 4:1 before any shift"));
    CHECK(contains(shown.out, "shift river: -1 (attacking across a river, 7.4)"));
    CHECK(contains(shown.out, "-1 column: 4:1 -> 3:1"));
    CHECK(contains(shown.out, "note: chart homebrew.crt: yours, "));
    auto json = run_cli(
        {"--json", "resolve", "homebrew.crt", "--attack", "7", "--defense", "3", "--shift", "surprise", "--roll", "2"},
        env);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j["inputs"]["attack"] == 7);
    CHECK(j["inputs"]["shifts"] == nlohmann::json::array({"surprise"}));
    CHECK(j["result"]["column"] == "4:1");
    // Exact odds over the die.
    auto odds = run_cli({"resolve", "homebrew.crt", "--attack", "7", "--defense", "3", "--odds"}, env);
    CHECK(odds.code == 0);
    CHECK(contains(odds.out, "1/3"));  // DR on 3-4 under 2:1

    // Refusals name the flag and what is allowed.
    const std::vector<std::pair<std::vector<std::string>, std::string>> refused{
        {{"--attack", "7"}, "--defense: table homebrew.crt's columns are odds"},
        {{"--defense", "3"}, "--attack: table homebrew.crt is read from strengths"},
        {{"--attack", "7", "--defense", "3", "--shift", "rivr"},
         "--shift rivr: table homebrew.crt has no such shift (did you mean 'river'?)"},
        {{"--attack", "7", "--defense", "3", "--shift", "0"}, "--shift 0: a shift of -20 to 20 columns, not 0"},
        {{"--attack", "7", "--defense", "3", "--shift", "+99"}, "--shift +99: a shift of -20 to 20 columns"},
        {{"--attack", "7", "--defense", "3", "--shift", "99999999999999999999"}, "--shift 99999999999999999999"},
        {{"--attack", "7", "--defense", "3", "--shift", "river=30"}, "--shift river=30: the count"},
        // a shift named again is refused as a modifier is, not added up past its count's 20
        // (hunt48 F5: river=20 twice read 40 columns); numbers add up to 20 columns at most
        {{"--attack", "7", "--defense", "3", "--shift", "river", "--shift", "river"},
         "--shift river: given twice; give each shift once, with its whole count (river=COUNT)"},
        {{"--attack", "7", "--defense", "3", "--shift", "river=20", "--shift", "river=20"},
         "--shift river: given twice"},
        // names are read in any case (umpire(1)): RIVER is river again (hunt49)
        {{"--attack", "7", "--defense", "3", "--shift", "river", "--shift", "RIVER"}, "--shift RIVER: given twice"},
        {{"--attack", "3", "--defense", "3", "--mod", "elite", "--mod", "Elite"}, "Elite is given twice"},
        {{"--attack", "7", "--defense", "3", "--shift", "-20", "--shift", "-1"},
         "--shift: the numbers add up to -21 columns; allowed -20 to 20 in all"},
        {{"--attack", "-7", "--defense", "3"}, "--attack is -7; allowed 0 to 1000000"},
        // 0 to 0 read as "no defense", past the last column: a DE from no attack at all
        {{"--attack", "0", "--defense", "0"}, "--attack is 0: table homebrew.crt's columns are odds"},
        {{"--attack", "0", "--defense", "4"}, "an attack of nothing has none; allowed 1 to 1000000"},
        {{"--attack", "7", "--defense", "3", "--column", "2:1"},
         "--column names the column; --attack and --defense find it"},
    };
    for (const auto& [args, says] : refused) {
        std::vector<std::string> all{"resolve", "homebrew.crt"};
        all.insert(all.end(), args.begin(), args.end());
        auto r = run_cli(all, env);
        INFO(r.err);
        CHECK(r.code == 64);
        CHECK(contains(r.err, says));
    }
    CHECK(contains(run_cli({"resolve", "constantinople.portage", "--attack", "3"}).err, "has no columns to read"));
    CHECK(contains(run_cli({"resolve", "constantinople.reefs", "--attack", "3"}).err,
                   "--column: table constantinople.reefs's columns are named, not found from strengths: number, "
                   "byzantine"));
    for (const char* hex : {"2028", "3334", "0316"}) {
        const std::string lookup =
            code_of({"table", "lookup", "constantinople.reefs", "--column", "byzantine", "--row", hex});
        CHECK(lookup != "refused");
        CHECK(code_of({"resolve", "constantinople.reefs", "--column", "byzantine", "--row", hex}) == lookup);
    }
}

TEST_CASE("cli: a result that says roll again is rolled again on the same column, up to the table's limit",
          "[cli][resolve]")
{
    const test::TempDir dir("resolve-again");
    std::filesystem::create_directories(dir / "homebrew");
    // Under 1:1 a die of 1 or 2 reads R, roll again; 3-4 EX, 5-6 DR.
    std::string text = k_homebrew;
    auto swap = [&](const std::string& from, const std::string& to) {
        REQUIRE(text.find(from) != std::string::npos);
        text.replace(text.find(from), from.size(), to);
    };
    swap("cells = [\"AE\", \"AR\", \"AR\", \"EX\", \"DR\"]", "cells = [\"AE\", \"R\", \"AR\", \"EX\", \"DR\"]");
    swap("[legend.AE]", "[legend.R]\nname = \"Roll again\"\nsource = \"7.7\"\nroll_again = true\n\n[legend.AE]");
    const std::string without_limit = text;
    swap("modifier = \"leader\"", "modifier = \"leader\"\nroll_again_limit = 2");
    std::ofstream(dir / "homebrew/crt.toml") << text;
    auto resolve = [&](std::vector<std::string> args) {
        args.insert(args.begin(),
                    {"--tables", dir.path.string(), "resolve", "homebrew.crt", "--attack", "3", "--defense", "3"});
        return run_cli(args);
    };
    auto again = resolve({"--roll", "1", "--roll", "4"});
    INFO(again.err);
    REQUIRE(again.code == 0);
    CHECK(contains(again.out, "result: EX  Exchange"));
    CHECK(contains(again.out, "d6 1 (given) under 1:1 -> R (the club's rules 7.2)\n  R (7.7): roll again\n"
                              "  d6 4 (given) under 1:1 -> EX"));
    // Two rolls again at most: a third R stands.
    auto limit = resolve({"--roll", "2", "--roll", "1", "--roll", "2"});
    CHECK(contains(limit.out, "result: R  Roll again"));
    CHECK(contains(limit.out, "R (7.7): roll again, but the table rolls again 2 times at most: R stands"));
    // A row given has no die to roll again.
    CHECK(contains(resolve({"--row", "1"}).out, "roll again, but the row was given, not rolled: R stands"));
    // Exact odds: each roll is R, EX or DR a third each; R after three rolls (1/3)^3 = 1/27,
    // EX 1/3 + 1/9 + 1/27 = 13/27, DR the same.
    const auto odds = nlohmann::json::parse(resolve({"--json", "--odds"}).out);
    std::map<std::string, std::string> p;
    REQUIRE(odds.contains("odds"));
    for (const auto& o : odds.at("odds").at("result")) {
        p[o.at("value").get<std::string>()] = o.at("fraction").get<std::string>();
    }
    CHECK(p["R"] == "1/27");
    CHECK(p["EX"] == "13/27");
    CHECK(p["DR"] == "13/27");
    // The table says how many times: without roll_again_limit, or with one out of range, refused.
    std::ofstream(dir / "homebrew/crt.toml") << without_limit;
    auto missing = resolve({"--roll", "1"});
    CHECK(missing.code == 65);
    CHECK(contains(missing.err, "a result rolls again (roll_again = true): say how many times at most with "
                                "roll_again_limit = N (1 to 5)"));
    std::string six = text;
    six.replace(six.find("roll_again_limit = 2"), 20, "roll_again_limit = 6");
    std::ofstream(dir / "homebrew/crt.toml") << six;
    CHECK(resolve({"--roll", "1"}).code == 65);
    std::ofstream(dir / "homebrew/crt.toml") << "roll_again_limit = 1\n" << k_homebrew;
    auto stray = resolve({"--roll", "1"});
    CHECK(stray.code == 65);
    CHECK(contains(stray.err, "roll_again_limit, but no [legend.CODE] has roll_again = true"));
}

TEST_CASE("odds property: roll again agrees with every die sequence walked by hand, on random tables",
          "[cli][resolve][property]")
{
    const test::TempDir dir("resolve-again-property");
    std::filesystem::create_directories(dir / "t");
    std::mt19937 rng(20261125);
    const std::vector<std::string> codes{"A", "B", "R"};
    for (int round = 0; round < 40; ++round) {
        // One odds column, six die rows, each cell A, B or R (roll again), limit 1 to 3.
        std::vector<std::string> cells(6);
        for (auto& c : cells) {
            c = codes[std::uniform_int_distribution<size_t>(0, 2)(rng)];
        }
        const int limit = std::uniform_int_distribution<int>(1, 3)(rng);
        std::string text = "id = \"t.crt\"\ntitle = \"T\"\ngame = \"T\"\nsource = \"T 1\"\ndice = \"1d6\"\n"
                           "roll_again_limit = " +
                           std::to_string(limit) +
                           "\n[rows]\nkind = \"die\"\n[columns]\nkind = \"ratio\"\n"
                           "keys = [\"1:1\"]\nbelow = \"clamp\"\nabove = \"clamp\"\n";
        for (int die = 1; die <= 6; ++die) {
            text += "[[row]]\ndie = \"" + std::to_string(die) + "\"\ncells = [\"" + cells[die - 1] + "\"]\n";
        }
        text += "[legend.A]\nname = \"A\"\n[legend.B]\nname = \"B\"\n[legend.R]\nname = \"R\"\nroll_again = true\n";
        std::ofstream(dir / "t/crt.toml") << text;
        // By hand: every sequence of up to limit + 1 dice, each weighing 1/6^(its length),
        // scaled to 6^(limit + 1).
        long long whole = 1;
        for (int i = 0; i <= limit; ++i) {
            whole *= 6;
        }
        std::map<std::string, long long> expected;
        std::function<void(int, long long)> walk = [&](int rolls, long long weight) {
            for (int die = 1; die <= 6; ++die) {
                const std::string& c = cells[die - 1];
                if (c == "R" && rolls < limit) {
                    walk(rolls + 1, weight / 6);
                } else {
                    expected[c] += weight / 6;
                }
            }
        };
        walk(0, whole);
        auto r = run_cli(
            {"--json", "--tables", dir.path.string(), "resolve", "t.crt", "--attack", "1", "--defense", "1", "--odds"});
        INFO("cells " << join(cells, " ") << ", limit " << limit << ": " << r.err);
        REQUIRE(r.code == 0);
        const auto odds = nlohmann::json::parse(r.out).at("odds").at("result");
        std::map<std::string, std::pair<long long, long long>> got;
        for (const auto& o : odds) {
            const std::string f = o.at("fraction");
            const size_t slash = f.find('/');
            got[o.at("value")] = {std::stoll(f.substr(0, slash)),
                                  slash == std::string::npos ? 1 : std::stoll(f.substr(slash + 1))};
        }
        for (const auto& code : codes) {
            const long long want = expected.count(code) ? expected[code] : 0;
            const auto [n, d] = got.count(code) ? got[code] : std::pair<long long, long long>{0, 1};
            INFO(code << ": umpire " << n << "/" << d << ", by hand " << want << "/" << whole);
            CHECK(n * whole == want * d);
        }
    }
}

TEST_CASE("cli: table show lists a table's shifts and modifiers, with their sources", "[cli][resolve]")
{
    const test::TempDir dir("resolve-show");
    std::filesystem::create_directories(dir / "homebrew");
    std::ofstream(dir / "homebrew/crt.toml") << k_homebrew;
    auto shown = run_cli({"--tables", dir.path.string(), "table", "show", "homebrew.crt"});
    REQUIRE(shown.code == 0);
    CHECK(contains(shown.out, "shifts (--shift NAME or NAME=COUNT):"));
    CHECK(contains(shown.out, "river                -1         attacking across a river (7.4)"));
    CHECK(contains(shown.out, "disrupted            +1 read    a disrupted defender"));
    CHECK(contains(shown.out, "elite                +1         elite attackers (7.3)"));
    const auto j =
        nlohmann::json::parse(run_cli({"--json", "--tables", dir.path.string(), "table", "show", "homebrew.crt"}).out);
    REQUIRE(j["shifts"].size() == 3);
    CHECK(j["shifts"][0]["name"] == "river");
    CHECK(j["shifts"][0]["columns"] == -1);
    CHECK(j["shifts"][0]["kind"] == "odds");
    CHECK(j["shifts"][2]["kind"] == "read");
    REQUIRE(j["modifiers"].size() == 1);
    CHECK(j["modifiers"][0]["value"] == 1);
    CHECK(j["modifiers"][0]["source"] == "7.3");
    // The Russian Portfolio CRT's own: the river, the winter offensive, the Dispersed column.
    const auto rp = nlohmann::json::parse(run_cli({"--json", "table", "show", "russian-portfolio.crt"}).out);
    CHECK(rp["shifts"].size() == 3);
}

TEST_CASE("cli: a table's [[shift]] is checked where it is written", "[cli][resolve]")
{
    const test::TempDir dir("resolve-bad");
    std::filesystem::create_directories(dir / "homebrew");
    auto bad = [&](const std::string& from, const std::string& to) {
        std::string text = k_homebrew;
        text.replace(text.find(from), from.size(), to);
        std::ofstream(dir / "homebrew/crt.toml") << text;
        return run_cli({"table", "check", dir / "homebrew/crt.toml"});
    };
    CHECK(contains(bad("columns = -1", "columns = 0").err, "'columns' is 0"));
    CHECK(contains(bad("name = \"surprise\"", "name = \"river\"").err, "shift 'river' appears twice"));
    CHECK(contains(bad("columns = 2\n", "columns = 2\nextra = 1\n").err, "extra"));
    CHECK(contains(bad("kind = \"read\"", "kind = \"later\"").err,
                   "crt.toml:48:8: shift kind 'later' is not one of odds (moves the odds, before the edges are "
                   "checked) or read"));
    CHECK(bad("columns = 2\n", "columns = 2\n").code == 0);
}

TEST_CASE("completion: table ACTION offers table ids, table sheet games, help offers commands, pbem its actions",
          "[cli][completion]")
{
    using V = std::vector<std::string>;
    const cli::Environment env;
    // 'table show con<TAB>' offered nothing, and 'table cons<TAB>' ids where an action goes
    const V melee = cli::completions({"table", "show"}, "constantinople.me", env, "");
    CHECK(melee == V{"constantinople.melee"});
    CHECK(cli::completions({"table", "lookup"}, "constantinople.me", env, "") == melee);
    CHECK(cli::completions({"ask", "table", "show"}, "constantinople.me", env, "") == melee);
    CHECK(cli::completions({"table", "sheet"}, "con", env, "") == V{"constantinople"});
    CHECK(cli::completions({"table"}, "con", env, "").empty());
    const V actions = cli::completions({"table"}, "", env, "");
    for (const char* action : {"show", "lookup", "sheet", "import", "edit", "diff", "reset", "check", "list"}) {
        CHECK(contains(actions, action));
    }
    CHECK(std::none_of(actions.begin(), actions.end(), [](const std::string& w) { return contains(w, "."); }));
    CHECK(cli::completions({"table", "show", "constantinople.melee"}, "", env, "").empty());  // one id
    // help COMMAND, and pbem's actions
    CHECK(cli::completions({"help"}, "ta", env, "") == V{"table"});
    CHECK(cli::completions({"help"}, "clo", env, "") == V{"close-combat"});
    CHECK(cli::completions({"pbem"}, "", env, "") ==
          V{"answer", "key", "offer", "reveal", "settle", "trust", "verify"});
}

TEST_CASE("completion: resolve offers tables, then the table's own shifts and modifiers, plan resolve too",
          "[cli][resolve][completion]")
{
    using V = std::vector<std::string>;
    const cli::Environment env;
    const V tables = cli::completions({"resolve"}, "russian-portfolio.c", env, "");
    CHECK(tables == V{"russian-portfolio.crt"});
    CHECK(cli::completions({"plan", "resolve"}, "russian-portfolio.c", env, "") == tables);
    // the shifts russian-portfolio.crt names (X.B.2, VI.B.3, VII.B)
    const V shifts{"dispersed", "river", "winter-offensive"};
    CHECK(cli::completions({"resolve", "russian-portfolio.crt", "--shift"}, "", env, "") == shifts);
    CHECK(cli::completions({"resolve", "russian-portfolio.crt", "--attack", "5", "--shift"}, "", env, "") == shifts);
    CHECK(cli::completions({"plan", "resolve", "russian-portfolio.crt", "--shift"}, "r", env, "") == V{"river"});
    // a table with no shifts offers none; nothing after TABLE but options
    CHECK(cli::completions({"resolve", "constantinople.melee", "--shift"}, "", env, "").empty());
    CHECK(cli::completions({"resolve", "russian-portfolio.crt"}, "", env, "").empty());
    // a table's named die modifiers
    const test::TempDir dir("resolve-complete");
    std::filesystem::create_directories(dir / "tables/homebrew");
    std::ofstream(dir / "tables/homebrew/crt.toml") << k_homebrew;
    cli::Environment mine;
    mine.user_tables = dir / "tables";
    CHECK(cli::completions({"resolve", "homebrew.crt", "--mod"}, "", mine, "") == V{"elite"});
    CHECK(cli::completions({"resolve", "homebrew.crt", "--shift"}, "", mine, "") ==
          V{"disrupted", "river", "surprise"});
}
