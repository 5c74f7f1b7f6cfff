// The Russian Portfolio's counters in a game file: the referee's order of battle (the text's
// counter sheets are lost), taken by name by crt, Spent, Dispersed and eliminated by its
// results (VII, XIII.A-C), and faced back at the end of the game-turn (VII.C, XIII.H).
#include "../../helpers.h"
#include "core/table.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// Counters as a referee types them from his own set: AF-DF-MF (III), the kind as the type.
const char* k_scenario = R"(id = "club"
title = "The club's counters"
game = "The Russian Portfolio"
source = "the referee's own counter sheet"
sides = ["axis", "russian"]
start = "22Jun41"

[[unit]]
name = "1-Pz"
side = "axis"
type = "armor"
factors = "6-4-6"

[[unit]]
name = "9-Army"
side = "axis"
type = "army"
factors = "3-5-3"

[[unit]]
name = "17-Army"
side = "axis"
type = "army"
factors = "6-4-3"

[[unit]]
name = "5-Army"
side = "russian"
type = "army"
factors = "4-2-3"

[[unit]]
name = "12-Army"
side = "russian"
type = "army"
factors = "4-4-3"
dispersed = true
)";

std::string status_of(const std::string& file, const std::string& unit)
{
    auto s = run_cli({"--json", "game", "status", file});
    const auto status = nlohmann::json::parse(s.out);
    for (const auto& r : status["results"]) {
        if (r["code"] == unit) {
            return r["effects"][0];
        }
    }
    return "(no unit " + unit + ")";
}

}  // namespace

TEST_CASE("cli: Russian Portfolio counters fight by name and the game keeps them Spent, Dispersed, eliminated "
          "(VII, XIII.A-C)",
          "[cli][game]")
{
    const test::TempDir dir("rp-units");
    const std::string scenario = dir / "club.toml";
    std::ofstream(scenario) << k_scenario;
    const std::string file = dir / "barbarossa.toml";
    REQUIRE(run_cli({"game", "new", scenario, file}).code == 0);
    // XVI.C.1.b: a counter marked "D" starts Dispersed; the rest stand ready.
    CHECK(contains(status_of(file, "12-Army"), "Dispersed"));
    CHECK(status_of(file, "5-Army") == "ready");

    // 9-Army's 3 against 5-Army's 2: 3:2, and a 3 there is S (the text's own cell, VII.B):
    // all units Spent (XIII.C), the attacker by attacking as well (VII.A).
    auto s = run_cli({"--game", file, "--apply", "crt", "--attacker", "9-Army", "--defender", "5-Army", "--roll", "3"});
    REQUIRE(s.code == 0);
    CHECK(contains(s.out, "odds: 3:2"));
    CHECK(contains(s.out, "result: S "));
    CHECK(contains(s.out, "9-Army: status ready -> spent (VII.A, by attacking)"));
    CHECK(contains(s.out, "5-Army: status ready -> spent (XIII.C, S)"));
    CHECK(contains(status_of(file, "9-Army"), "Spent"));

    // A Spent unit may not attack again this turn (VII.A, XIII.A.2); nor may a Dispersed one.
    auto again = run_cli({"--game", file, "crt", "--attacker", "9-Army", "--defender", "5-Army", "--roll", "3"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "--attacker 9-Army: Spent in the game"));
    CHECK(contains(again.err, "XIII.A.2"));

    // VII.B's own example: a 3 at 3:2 against a Dispersed defender is read under 2:1, a D1.
    // 17-Army's 6 against 12-Army's 4 is 3:2; 12-Army is Dispersed in the game, so nobody types it.
    auto d1 =
        run_cli({"--game", file, "--apply", "crt", "--attacker", "17-Army", "--defender", "12-Army", "--roll", "3"});
    REQUIRE(d1.code == 0);
    CHECK(contains(d1.out, "odds: 3:2"));
    CHECK(contains(d1.out, "column: 2:1"));
    CHECK(contains(d1.out, "result: D1 "));
    // D1 is the defender's choice of Spent or Dispersed (XIII.C): the game leaves 12-Army as it was.
    CHECK(contains(status_of(file, "12-Army"), "Dispersed"));
    CHECK_FALSE(contains(d1.out, "12-Army: status"));
    // A :dispersed the game contradicts is refused in words.
    auto typed = run_cli({"--game", file, "crt", "--attack", "9", "--defender", "5-Army:dispersed", "--roll", "3"});
    CHECK(typed.code == 64);
    CHECK(contains(typed.err, "--defender 5-Army:dispersed, but 5-Army is spent in the game"));

    // Armor attacking breaks down on a die of 1 to 1+n (XIII.C, n = 0 in the initial phase):
    // 1-Pz is Dispersed by its own attack, whatever the cell says.
    auto broke =
        run_cli({"--game", file, "--apply", "crt", "--attacker", "1-Pz", "--defender", "5-Army", "--roll", "1"});
    REQUIRE(broke.code == 0);
    CHECK(contains(broke.out, "armor breakdown: yes"));
    CHECK(contains(broke.out, "1-Pz: status ready -> dispersed (XIII.C, armor breakdown)"));

    // The end of the game-turn: every Spent (not Dispersed) unit faces back (VII.C, XIII.H).
    auto next = run_cli({"game", "next", file});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out, "9-Army faces back, ready"));
    CHECK(contains(next.out, "17-Army faces back, ready"));
    CHECK(contains(next.out, "5-Army faces back, ready"));
    CHECK(contains(status_of(file, "1-Pz"), "Dispersed"));
    CHECK(contains(status_of(file, "12-Army"), "Dispersed"));
    CHECK(status_of(file, "9-Army") == "ready");
    // A unit attacks the enemy: one side's units on both sides of an attack are refused (XIII.A).
    auto own = run_cli({"--game", file, "crt", "--attacker", "9-Army", "--defender", "17-Army", "--roll", "3"});
    CHECK(own.code == 64);
    CHECK(contains(own.err, "a unit attacks the enemy"));
    // The side comes from the counters: a --side that contradicts them is refused.
    auto side = run_cli(
        {"--game", file, "crt", "--attacker", "17-Army", "--defender", "5-Army", "--side", "russian", "--roll", "3"});
    CHECK(side.code == 64);
    CHECK(contains(side.err, "--side russian, but the units named attack for axis"));

    // TAB offers the counters that may attack (ready, XIII.A.2) and those that may be attacked.
    using V = std::vector<std::string>;
    CHECK(cli::completions({"crt", "--attacker"}, "", {}, file) == V{"17-Army", "5-Army", "9-Army"});
    CHECK(cli::completions({"crt", "--defender"}, "1", {}, file) == V{"1-Pz", "12-Army", "17-Army"});

    // An exchange (X) is the players' choice: the referee marks it, journalled, and an eliminated
    // unit is no longer fought.
    REQUIRE(run_cli({"game", "set", file, "5-Army", "status=eliminated", "--reason", "exchanged (X, XIII.C)"}).code ==
            0);
    auto gone = run_cli({"--game", file, "crt", "--attacker", "9-Army", "--defender", "5-Army", "--roll", "3"});
    CHECK(gone.code == 64);
    CHECK(contains(gone.err, "--defender 5-Army: eliminated in the game"));
    CHECK(cli::completions({"crt", "--defender"}, "5", {}, file).empty());
    auto bad = run_cli({"game", "set", file, "9-Army", "status=routed", "--reason", "typo"});
    CHECK(bad.code != 0);
    CHECK(contains(bad.err, "ready, spent, dispersed, eliminated"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: every CRT result does to the named counters what XIII.C's legend says", "[cli][game]")
{
    const test::TempDir dir("rp-legend");
    const std::string scenario = dir / "club.toml";
    std::ofstream(scenario) << k_scenario;
    // Every column 1:4 to 10:1 (attack 1 to 10 against 5-Army's 2, 12-Army's 4), every die: the
    // changes are read against the result's code as XIII.C defines it, whatever cell the
    // provisional chart holds.
    int games = 0;
    for (const char* defender : {"5-Army", "12-Army"}) {
        for (int die = 1; die <= 6; ++die) {
            for (const char* attacker : {"9-Army", "17-Army", "1-Pz"}) {
                const std::string file = dir / ("g" + std::to_string(++games) + ".toml");
                REQUIRE(run_cli({"game", "new", scenario, file}).code == 0);
                auto r = run_cli({"--json", "--game", file, "--apply", "crt", "--attacker", attacker, "--defender",
                                  defender, "--roll", std::to_string(die)});
                INFO(attacker << " on " << defender << ", die " << die << ": " << r.err);
                REQUIRE(r.code == 0);
                const auto j = nlohmann::json::parse(r.out);
                const std::string code = j["result"]["code"];
                const std::string a = status_of(file, attacker);
                const std::string d = status_of(file, defender);
                const bool broke = j["result"].value("armor_breakdown", false);
                INFO("result " << code << "; attacker " << a << "; defender " << d);
                if (code == "AE") {
                    CHECK(a == "eliminated");  // Attackers eliminated
                } else if (code == "AD" || broke) {
                    CHECK(contains(a, "Dispersed"));  // Attackers Dispersed; armor breakdown (XIII.C)
                } else {
                    CHECK(contains(a, "Spent"));  // by attacking (VII.A)
                }
                const bool was_dispersed = std::string(defender) == "12-Army";
                if (code == "DE" || code == "BR") {
                    CHECK(d == "eliminated");
                } else if (code == "D4" || code == "DX") {
                    CHECK(contains(d, "Dispersed"));
                } else if (code == "S") {
                    CHECK(contains(d, was_dispersed ? "Dispersed" : "Spent"));  // Dispersed is never lowered
                } else {
                    // AE, AD, X and D1: nothing, or the players' choice (XIII.C)
                    CHECK(contains(d, was_dispersed ? "Dispersed" : "ready"));
                }
            }
        }
    }
}

TEST_CASE("cli: a game made from the referee's scenario file keeps its absolute path, so it works from anywhere",
          "[cli][game]")
{
    const test::TempDir dir("rp-path");
    std::ofstream(dir / "club.toml") << k_scenario;
    const auto here = std::filesystem::current_path();
    std::filesystem::current_path(dir.path);
    auto made = run_cli({"game", "new", "club.toml", "g.toml"});
    std::filesystem::current_path(here);
    REQUIRE(made.code == 0);
    const std::string file = dir / "g.toml";
    std::ifstream journal(file + ".journal");
    std::string first;
    std::getline(journal, first);
    CHECK(contains(first, R"("argv":["game","new",")" + (dir / "club.toml") + R"(","g.toml"])"));
    // From another directory: the counters are found by name, and rebuild remakes the game.
    auto crt = run_cli({"--game", file, "crt", "--attacker", "9-Army", "--defender", "5-Army", "--roll", "3"});
    CHECK(crt.code == 0);
    CHECK(contains(crt.out, "odds: 3:2"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a scenario's counter factors are checked where they are written (III)", "[cli][game]")
{
    const test::TempDir dir("rp-bad");
    const std::string scenario = dir / "bad.toml";
    auto write = [&](const std::string& unit) {
        std::ofstream(scenario) << "id = \"bad\"\ntitle = \"t\"\ngame = \"The Russian Portfolio\"\nsource = \"s\"\n"
                                   "sides = [\"axis\", \"russian\"]\n\n[[unit]]\nname = \"X\"\nside = \"axis\"\n"
                                << unit;
    };
    write("type = \"army\"\nfactors = \"4-4\"\n");
    auto two = run_cli({"game", "new", scenario, dir / "a.toml"});
    CHECK(two.code == 65);
    CHECK(contains(two.err, "bad.toml:11:11: 'factors' is '4-4'"));
    write("type = \"galley\"\nfactors = \"4-4-3\"\n");
    CHECK(contains(run_cli({"game", "new", scenario, dir / "b.toml"}).err, "its type 'galley' must be one of army"));
    write("type = \"army\"\nfactors = \"4-400-3\"\n");
    CHECK(run_cli({"game", "new", scenario, dir / "c.toml"}).code == 65);
    write("type = \"army\"\n");
    auto none = run_cli({"game", "new", scenario, dir / "d.toml"});
    CHECK(none.code == 65);
    CHECK(contains(none.err, "unit X has no factors"));
    write("type = \"army\"\ndispersed = true\n");
    CHECK(contains(run_cli({"game", "new", scenario, dir / "e.toml"}).err, "give its 'factors' too"));
    // Without such a counter, a name that is no unit says what it may be.
    auto unknown = run_cli({"crt", "--attacker", "Ninth", "--defense", "2", "--roll", "3"});
    CHECK(unknown.code == 64);
    CHECK(contains(unknown.err, "--attacker Ninth: give FACTORS:KIND[:FLAG] (e.g. 4:army) or a counter of scenario "
                                "russian-portfolio, which has none"));
}

TEST_CASE("cli: Dispersed and UnDispersed defenders attacked together: one odds, one die, the Dispersed read a "
          "column higher (XIII.A.6, XIII.C, VII.B)",
          "[cli][game]")
{
    // XIII.A.6: "All defending units in a hex must be attacked as a combined whole"; XIII.C:
    // "Read the odds one column higher, individually, against Dispersed defending units."
    // This was refused with "resolve them apart", which is two odds and two dice.
    const test::TempDir dir("rp-mixed");
    const std::string scenario = dir / "club.toml";
    std::ofstream(scenario) << k_scenario;
    const std::string file = dir / "barbarossa.toml";
    REQUIRE(run_cli({"game", "new", scenario, file}).code == 0);
    // 9-Army 3 + 17-Army 6 = 9 against 5-Army 2 + 12-Army 4 (Dispersed in the game) = 6: 3:2.
    // A 3 at 3:2 is S, and under 2:1 D1: the two cells the text prints (VII.B).
    auto r = run_cli({"--game", file, "--apply", "crt", "--attacker", "9-Army", "--attacker", "17-Army", "--defender",
                      "5-Army", "--defender", "12-Army", "--roll", "3"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "odds: 3:2"));
    CHECK(contains(r.out, "result: S "));
    CHECK(contains(r.out, "  D1  Defenders retreat  [light]  (Dispersed defenders)"));
    CHECK(contains(r.out, "d6 3 (given) under 3:2 -> S"));
    CHECK(contains(r.out, "Dispersed units, read one column higher (XIII.C): d6 3 (given) under 2:1 -> D1"));
    // S spends the UnDispersed 5-Army; D1 is 12-Army's choice (Spent or Dispersed), and
    // a Dispersed unit is never lowered: it stays Dispersed.
    CHECK(contains(r.out, "5-Army: status ready -> spent (XIII.C, S)"));
    CHECK(contains(status_of(file, "5-Army"), "Spent"));
    CHECK(contains(status_of(file, "12-Army"), "Dispersed"));
    // --dispersed (every defender) beside them contradicts the units: refused in words.
    auto both = run_cli({"crt", "--attack", "9", "--defender", "2:army", "--defender", "4:army:dispersed",
                         "--dispersed", "--roll", "3"});
    CHECK(both.code == 64);
    CHECK(contains(both.err, "only some of the --defender units are Dispersed"));
}

TEST_CASE("cli: with a game the winter offensive is refused outside its Snow turns (VI.B.3)", "[cli][game]")
{
    const test::TempDir dir("rp-winter");
    const std::string summer = dir / "summer.toml";
    std::ofstream(dir / "club.toml") << k_scenario;
    REQUIRE(run_cli({"game", "new", dir / "club.toml", summer}).code == 0);
    // June 1941 is Good: VI.B.3's shift is "in any 3 consecutive Snow weather turns".
    auto june = run_cli(
        {"--game", summer, "crt", "--attacker", "5-Army", "--defender", "9-Army", "--winter-offensive", "--roll", "1"});
    CHECK(june.code == 64);
    CHECK(contains(june.err, "--winter-offensive is for Snow weather turns of the first winter (VI.B.3); the game in " +
                                 summer + " is in jun41, Good"));
    CHECK(contains(
        run_cli({"--game", summer, "crt", "--attack", "6", "--defense", "5", "--winter-offensive", "--roll", "1"}).err,
        "is in jun41, Good"));

    // A game begun in December 1941 is in Snow (VI.A): the shift is read.
    std::string text = k_scenario;
    text.replace(text.find("22Jun41"), 7, "1Dec41");
    std::ofstream(dir / "winter.toml") << text;
    const std::string winter = dir / "december.toml";
    REQUIRE(run_cli({"game", "new", dir / "winter.toml", winter}).code == 0);
    auto dec = run_cli(
        {"--game", winter, "crt", "--attacker", "5-Army", "--defender", "9-Army", "--winter-offensive", "--roll", "1"});
    CHECK(dec.code == 0);
    CHECK(contains(dec.out, "shift +1: Russian winter offensive"));
    // No bonus added: the defense is one line, not the units' total and then the same sum.
    CHECK(contains(dec.out, "defense: 5 factors"));
    CHECK_FALSE(contains(dec.out, "defense: units"));
}

TEST_CASE("cli: with a game the winter offensive is 3 consecutive Snow turns from the first applied (VI.B.3)",
          "[cli][game]")
{
    // VI.B.3: "In any 3 consecutive Snow weather turns of his choice during the (first) Winter
    // of 1941/42". Snow lasts from December to the end of the game (VI.A), so the shift was
    // read in every turn after (hunt39): the first turn it is applied in begins the three.
    const test::TempDir dir("rp-winter-three");
    std::string text = k_scenario;
    text.replace(text.find("22Jun41"), 7, "1Dec41");
    std::ofstream(dir / "winter.toml") << text;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "winter.toml", file}).code == 0);
    auto attack = [&](bool apply) {
        std::vector<std::string> args{"--game", file, "crt", "--attack", "6", "--defense", "5", "--winter-offensive",
                                      "--roll", "3"};
        if (apply) {
            args.insert(args.begin() + 2, "--apply");
        }
        return run_cli(args);
    };
    auto next = [&](const std::string& month) { REQUIRE(run_cli({"game", "next", file, "--month", month}).code == 0); };
    // Asked without --apply, the choice is not made: game-turn 1 (dec41) begins nothing.
    CHECK(attack(false).code == 0);
    CHECK_FALSE(contains(test::slurp(file), "winter_offensive"));
    next("jan42");
    // Applied in game-turn 2 (jan42): the three are turns 2, 3 and 4.
    auto applied = attack(true);
    REQUIRE(applied.code == 0);
    CHECK(contains(test::slurp(file), "winter_offensive = 2"));
    next("feb42");
    CHECK(attack(true).code == 0);
    next("mar42");
    CHECK(attack(false).code == 0);
    CHECK(contains(test::slurp(file), "winter_offensive = 2"));  // the first turn stays the first
    next("apr42");
    auto fourth = attack(false);
    CHECK(fourth.code == 64);
    CHECK(contains(fourth.err, "--winter-offensive is for 3 consecutive Snow turns of the Russian Player's choice "
                               "(VI.B.3): in " +
                                   file +
                                   " they were game-turns 2 to 4 (applied first in game-turn 2); the game is "
                                   "at game-turn 5"));
    CHECK(attack(true).code == 64);
    // Undone back to game-turn 4, the shift is the third turn's again.
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK(attack(false).code == 0);
    // resolve reads the chart alone: with the game's file it took the shift in any turn.
    auto generic = run_cli({"--game", file, "resolve", "russian-portfolio.crt", "--attack", "6", "--defense", "5",
                            "--shift", "winter-offensive", "--roll", "3"});
    CHECK(generic.code == 64);
    CHECK(contains(generic.err, "is a russian-portfolio game, whose own commands hold its rules"));
    CHECK(run_cli({"resolve", "russian-portfolio.crt", "--attack", "6", "--defense", "5", "--shift", "winter-offensive",
                   "--roll", "3"})
              .code == 0);
    // The referee's hand cannot put the first turn after the game's.
    auto set = run_cli({"game", "set", file, "clock", "winter_offensive=9", "--reason", "test"});
    CHECK(set.code != 0);
    CHECK(contains(set.err, "winter_offensive"));
}

TEST_CASE("cli: with a game the amphibious river attack is refused after the first turn (XVI.B.2)", "[cli][game]")
{
    // XVI.B.2: "The cross-river attack penalty is dropped for any one German attack in the
    // Axis Initial Phase of the first turn". It was read at game-turn 5 too (hunt30).
    const test::TempDir dir("rp-amphibious");
    const std::string file = dir / "game.toml";
    std::ofstream(dir / "club.toml") << k_scenario;
    REQUIRE(run_cli({"game", "new", dir / "club.toml", file}).code == 0);
    const std::vector<std::string> attack = {"--game", file,      "crt", "--attacker",   "9-Army", "--defender",
                                             "5-Army", "--river", "all", "--amphibious", "--roll", "3"};
    auto first = run_cli(attack);
    CHECK(first.code == 0);
    CHECK(contains(first.out, "river penalty dropped: German amphibious tanks, first turn (XVI.B.2)"));
    REQUIRE(run_cli({"-q", "game", "next", file, "--month", "jul41"}).code == 0);
    auto second = run_cli(attack);
    CHECK(second.code == 64);
    CHECK(contains(second.err, "--amphibious drops the river penalty in the first turn only (XVI.B.2, Special "
                               "First-Turn Rules); the game in " +
                                   file + " is at game-turn 2, jul41"));
}

TEST_CASE("cli: with a game the amphibious river attack is one German attack, counted and refused a second time "
          "(XVI.B.2)",
          "[cli][game]")
{
    // XVI.B.2: "The cross-river attack penalty is dropped for any one German attack in the
    // Axis Initial Phase of the first turn". A game applied it to every attack of turn 1 (hunt47).
    const test::TempDir dir("rp-amphibious-once");
    const std::string file = dir / "game.toml";
    std::ofstream(dir / "club.toml") << k_scenario;
    REQUIRE(run_cli({"game", "new", dir / "club.toml", file}).code == 0);
    auto attack = [&](const std::string& attacker, const std::string& defender, bool apply) {
        std::vector<std::string> args{"--game", file,      "crt", "--attacker",   attacker, "--defender",
                                      defender, "--river", "all", "--amphibious", "--roll", "3"};
        if (apply) {
            args.insert(args.begin() + 2, "--apply");
        }
        return run_cli(args);
    };
    // Asked, not applied, the one attack is not spent.
    REQUIRE(attack("9-Army", "5-Army", false).code == 0);
    const std::string before_apply = test::slurp(file);
    CHECK_FALSE(contains(before_apply, "amphibious = "));
    auto first = attack("9-Army", "5-Army", true);
    REQUIRE(first.code == 0);
    CHECK(contains(test::slurp(file), "amphibious = \"used\""));
    // Undone, the attack is not spent (XVI.B.2's one attack is free again): the file is as it
    // was before, byte for byte, with no amphibious key left as "" (fix53); redo spends it again.
    const std::string spent = test::slurp(file);
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK(test::slurp(file) == before_apply);
    REQUIRE(run_cli({"game", "redo", file}).code == 0);
    CHECK(test::slurp(file) == spent);
    // Another German attack of the same turn pays the river penalty again.
    auto second = attack("17-Army", "12-Army", false);
    CHECK(second.code == 64);
    CHECK(contains(second.err, "--amphibious drops the river penalty for any one German attack of the first turn "
                               "(XVI.B.2): the game in " +
                                   file + " has applied it already"));
    CHECK(attack("17-Army", "12-Army", true).code == 64);
    // Without --amphibious the attack is taken, the penalty paid.
    CHECK(run_cli({"--game", file, "crt", "--attacker", "17-Army", "--defender", "12-Army", "--river", "all", "--roll",
                   "3"})
              .code == 0);
    // The journal holds it: rebuilt identical; undone, the attack may be made again.
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK_FALSE(contains(test::slurp(file), "amphibious = \"used\""));
    CHECK(attack("17-Army", "12-Army", false).code == 0);
    // The game's key is checked: used or nothing.
    auto bad = run_cli({"game", "set", file, "clock", "amphibious=twice", "--reason", "test"});
    CHECK(bad.code != 0);
    CHECK(contains(bad.err, "amphibious"));
}

TEST_CASE("cli: after a BR the attackers may attack once more that game-turn, once (XIII.F)", "[cli][game]")
{
    // XIII.F: "any of the participating attacking units may immediately attack again after
    // tactically advancing ... A unit may not make more than one Breakthrough Attack per
    // game-turn." The attack was refused as Spent (hunt30). 40 against 1 is 10:1 (XIII.B.3),
    // whose 4 is BR on umpire's provisional chart, read from the table below, not assumed.
    const test::TempDir dir("rp-breakthrough");
    std::ofstream(dir / "br.toml")
        << "id = \"br\"\ntitle = \"BR\"\ngame = \"The Russian Portfolio\"\nsource = \"XIII.F\"\n"
           "sides = [\"axis\", \"russian\"]\nstart = \"oct41\"\n"
           "[[unit]]\nname = \"Big\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"Weak1\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"Weak2\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"Weak3\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n";
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "br.toml", file}).code == 0);
    const auto& crt = test::table("russian-portfolio.crt");
    const auto column = core::find_column(crt, core::Ratio{10, 1});
    REQUIRE(column);
    REQUIRE(crt.rows.at(*core::find_row(crt, 4)).cells.at(column->index) == "BR");
    const auto attack = [&](const std::string& defender) {
        return run_cli({"--game", file, "--apply", "crt", "--attacker", "Big", "--defender", defender, "--roll", "4"});
    };
    auto first = attack("Weak1");
    REQUIRE(first.code == 0);
    CHECK(contains(first.out, "Big: status ready -> spent (VII.A, by attacking)"));
    CHECK(contains(first.out, "Big may make its breakthrough attack: attack once more (XIII.F)"));
    CHECK(contains(run_cli({"game", "status", file}).out, "after its BR it may attack once more this game-turn"));
    auto second = attack("Weak2");  // Spent, but its breakthrough attack
    REQUIRE(second.code == 0);
    CHECK(contains(second.out, "Big has made its breakthrough attack of this game-turn (XIII.F)"));
    auto third = attack("Weak3");  // a second BR gives no second breakthrough attack
    CHECK(third.code == 64);
    CHECK(contains(third.err, "its one breakthrough attack of this game-turn is made (XIII.F)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // The next game-turn faces Big back, and its breakthrough is spent with the turn.
    REQUIRE(run_cli({"-q", "game", "next", file, "--month", "nov41"}).code == 0);
    CHECK(attack("Weak3").code == 0);
}

TEST_CASE("cli: breakthrough attacks from different battles may not be combined (XIII.F)", "[cli][game]")
{
    // XIII.F: "They may not be combined with units from other battles also making
    // break-through attacks." Two BRs' attackers were combined and applied (hunt47). 40
    // against 1 is 10:1 (XIII.B.3); its BR die is read from the shipped table, not assumed.
    const test::TempDir dir("rp-battles");
    std::ofstream(dir / "br.toml")
        << "id = \"br\"\ntitle = \"BR\"\ngame = \"The Russian Portfolio\"\nsource = \"XIII.F\"\n"
           "sides = [\"axis\", \"russian\"]\nstart = \"oct41\"\n"
           "[[unit]]\nname = \"A1\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"A2\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"B1\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"W1\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"W2\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"W3\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"W4\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"D1\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"D2\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"C1\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"40-9-3\"\n"
           "[[unit]]\nname = \"W5\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"W6\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n"
           "[[unit]]\nname = \"W7\"\nside = \"russian\"\ntype = \"corps\"\nfactors = \"1-1-3\"\n";
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "br.toml", file}).code == 0);
    const auto& crt = test::table("russian-portfolio.crt");
    const auto column = core::find_column(crt, core::Ratio{10, 1});
    REQUIRE(column);
    std::string br_die;
    for (const auto& row : crt.rows) {
        if (row.cells.at(column->index) == "BR" && br_die.empty()) {
            br_die = std::to_string(row.lo);
        }
    }
    REQUIRE_FALSE(br_die.empty());
    auto attack = [&](std::vector<std::string> attackers, const std::string& defender) {
        std::vector<std::string> args{"--game", file, "--apply", "crt"};
        for (const auto& a : attackers) {
            args.insert(args.end(), {"--attacker", a});
        }
        args.insert(args.end(), {"--defender", defender, "--roll", br_die});
        return run_cli(args);
    };
    REQUIRE(attack({"A1", "A2"}, "W1").code == 0);  // one battle: A1 and A2 both earn a breakthrough
    REQUIRE(attack({"B1"}, "W2").code == 0);        // another
    auto mixed = attack({"A1", "B1"}, "W3");
    CHECK(mixed.code == 64);
    CHECK(contains(mixed.err, "make breakthrough attacks from different battles"));
    CHECK(contains(mixed.err, "(XIII.F)"));
    // "They may attack individually or together": the units of one battle may.
    auto together = attack({"A1", "A2"}, "W3");
    CHECK(together.code == 0);
    CHECK(attack({"B1"}, "W4").code == 0);
    // A breakthrough attack that earns a BR again makes a battle of its own: C1, fresh, joins
    // D1's breakthrough attack and wins a BR, so C1's battle is not D1's first one. Both
    // were named after their first attacker, D1, and D2 and C1 attacked together (hunt49).
    REQUIRE(attack({"D1", "D2"}, "W5").code == 0);
    REQUIRE(attack({"D1", "C1"}, "W6").code == 0);
    auto across = attack({"D2", "C1"}, "W7");
    CHECK(across.code == 64);
    CHECK(contains(across.err, "make breakthrough attacks from different battles"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a 1Jun41 start's rolled weather is game-turn 1's, read back and never rolled again (XVI.C.1.c)",
          "[cli][game]")
{
    // XVI.C.1.c: "If the Axis Player invades on 1Jun41, he must cast a die to determine the
    // weather: an even number produces Good weather; odd brings Mud." The Mud rolled was then
    // reported Good by month, and --apply overwrote it (hunt47).
    const test::TempDir dir("rp-1jun41");
    std::string scenario = k_scenario;
    scenario.replace(scenario.find("22Jun41"), 7, "1Jun41");
    std::ofstream(dir / "early.toml") << scenario;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "early.toml", file}).code == 0);
    auto rolled = run_cli({"--json", "-q", "--game", file, "--apply", "weather", "--roll", "1"});
    REQUIRE(rolled.code == 0);
    CHECK(nlohmann::json::parse(rolled.out)["result"]["code"] == "mud");  // odd brings Mud
    auto asked = run_cli({"--json", "-q", "--game", file, "weather"});
    REQUIRE(asked.code == 0);
    CHECK(nlohmann::json::parse(asked.out)["result"]["code"] == "mud");
    CHECK(contains(asked.out, "XVI.C.1.c"));
    auto again = run_cli({"-q", "--game", file, "--apply", "weather"});
    CHECK(again.code == 0);
    CHECK(contains(run_cli({"-q", "game", "status", file}).out, "mud"));
    auto reroll = run_cli({"-q", "--game", file, "--apply", "weather", "--roll", "2"});
    CHECK(reroll.code == 64);
    CHECK(contains(reroll.err, "is kept already (mud, XVI.C.1.c)"));
    CHECK(contains(run_cli({"-q", "game", "status", file}).out, "mud"));
    // The game's weather is the overrun's too (VI.A): Mud still refuses it.
    auto overrun = run_cli({"--json", "-q", "--game", file, "overrun", "--result", "DE", "--attacking-armor", "8",
                            "--defending-infantry", "3", "--terrain", "clear"});
    CHECK(nlohmann::json::parse(overrun.out)["inputs"]["weather"] == "mud");
    // A weather set by hand is read back as the game's, never said to have been rolled
    // (it was "its weather was rolled" after game set clock month=oct41, hunt49).
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "weather=good", "--reason", "test"}).code == 0);
    const auto set = run_cli({"-q", "--game", file, "weather"});
    CHECK(contains(set.out, "the game's weather is Good (XVI.C.1.c"));
    CHECK_FALSE(contains(set.out, "rolled ("));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: game next from a 1Jun41 start waits for its weather die, or the referee's pass (XVI.C.1.c)",
          "[cli][game]")
{
    // "If the Axis Player invades on 1Jun41, he must cast a die to determine the weather":
    // game-turn 1 ended with the die never cast, a note the only word of it.
    const test::TempDir dir("rp-1jun41-unrolled");
    std::string scenario = k_scenario;
    scenario.replace(scenario.find("22Jun41"), 7, "1Jun41");
    std::ofstream(dir / "early.toml") << scenario;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "early.toml", file}).code == 0);
    const std::string before = test::slurp(file);
    auto refused = run_cli({"game", "next", file});
    CHECK(refused.code == 64);
    CHECK(contains(refused.err, "game-turn 1 does not end yet: its weather is due"));
    CHECK(contains(refused.err, "(XVI.C.1.c)"));
    CHECK(contains(refused.err, "--skip-due"));
    CHECK(test::slurp(file) == before);
    // passed by the referee: journalled as such
    auto next = run_cli({"game", "next", file, "--skip-due"});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out + next.err, "game-turn 1's weather was never rolled: the referee passed"));
    CHECK(contains(test::slurp(file + ".journal"), "passed by the referee"));
    // cast, game-turn 1 ends as any other
    REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "weather", "--roll", "2"}).code == 0);
    CHECK(run_cli({"-q", "game", "next", file}).code == 0);
}

TEST_CASE("cli: before a 1Jun41 start's weather die is cast, a weather given by hand to overrun or crt is refused "
          "(XVI.C.1.c)",
          "[cli][game]")
{
    // "If the Axis Player invades on 1Jun41, he must cast a die to determine the weather": the
    // die is due, so game-turn 1's weather is the die's. A hand's --weather was taken and never
    // kept (hunt55 A3's 'related'): umpire's reading refuses it, pointing to the die.
    const test::TempDir dir("rp-1jun41-hand");
    std::string scenario = k_scenario;
    scenario.replace(scenario.find("22Jun41"), 7, "1Jun41");
    std::ofstream(dir / "early.toml") << scenario;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "early.toml", file}).code == 0);
    const std::string before = test::slurp(file);
    const std::vector<std::string> overrun{
        "-q", "--game",    file,   "overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry",
        "3",  "--terrain", "clear"};
    auto by_hand = overrun;
    by_hand.insert(by_hand.end(), {"--weather", "good"});
    auto refused = run_cli(by_hand);
    CHECK(refused.code == 64);
    CHECK(contains(refused.err, "--weather good: the game (" + file + ") has not cast game-turn 1's weather die"));
    CHECK(contains(refused.err, "(XVI.C.1.c)"));
    auto bare = run_cli(overrun);
    CHECK(bare.code == 64);
    CHECK(contains(bare.err, "the game (" + file + ") has not cast game-turn 1's weather die"));
    auto crt = run_cli({"-q", "--game", file, "crt", "--attack", "6", "--defense", "2", "--north-of-arctic-line",
                        "--weather", "good", "--roll", "3"});
    CHECK(crt.code == 64);
    CHECK(contains(crt.err, "--weather good: the game (" + file + ") has not cast game-turn 1's weather die"));
    // crt needs no weather south of the line: it is answered, and the game is untouched
    CHECK(run_cli({"-q", "--game", file, "crt", "--attack", "6", "--defense", "2", "--roll", "3"}).code == 0);
    CHECK(test::slurp(file) == before);
    // the die cast (even: Good), the game's weather is the overrun's, and a hand's that agrees
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "weather", "--roll", "2"}).code == 0);
    auto cast = run_cli(by_hand);
    CHECK(cast.code == 0);
    CHECK(contains(cast.out, "DE"));
}

TEST_CASE("crt: an armor, mechanized or cavalry defender is said to get no terrain bonus, as no infantry-type "
          "unit (III, X.B.5, X.B.10)",
          "[cli][russian]")
{
    // III: "Infantry-Type Units: Fronts, Shock, Rifle, Infantry, Motorized Infantry, Mountain
    // Infantry -- not Mechanized". X.B.5: "An infantry army or front defending a major city
    // receives a bonus of 2 ... An infantry corps ... 1"; X.B.10: "Each infantry-type unit in a
    // hill hex receives a defensive bonus of 1 factor". The result said nothing (hunt55 B5).
    auto mech =
        run_cli({"crt", "--attack", "12", "--defender", "4:mechanized", "--terrain", "major-city", "--roll", "3"});
    REQUIRE(mech.code == 0);
    CHECK(contains(mech.out, "major-city: no bonus for the mechanized, which is no infantry-type unit (X.B.5"));
    auto cavalry = run_cli({"crt", "--attack", "12", "--defender", "4:cavalry", "--terrain", "hills", "--roll", "3"});
    REQUIRE(cavalry.code == 0);
    CHECK(contains(cavalry.out, "hills: no bonus for the cavalry, which is no infantry-type unit (X.B.10"));
    // the odds are 12 to 4, 3:1, with no bonus (XIII.B.3)
    auto json = run_cli(
        {"--json", "-q", "crt", "--attack", "12", "--defender", "4:cavalry", "--terrain", "hills", "--roll", "3"});
    REQUIRE(json.code == 0);
    CHECK(nlohmann::json::parse(json.out)["result"]["odds"] == "3:1");
}

TEST_CASE("cli: in a Snow game a swamp, lake or river attacked says it may be frozen north of the line (VI.B.1)",
          "[cli][game]")
{
    const test::TempDir dir("rp-snow");
    std::string scenario = k_scenario;
    scenario.replace(scenario.find("22Jun41"), 7, "dec41");  // December is Snow (VI.A)
    std::ofstream(dir / "winter.toml") << scenario;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "winter.toml", file}).code == 0);
    auto swamp = run_cli(
        {"--game", file, "crt", "--attacker", "17-Army", "--defender", "5-Army", "--terrain", "swamp", "--roll", "3"});
    REQUIRE(swamp.code == 0);
    CHECK(contains(swamp.out + swamp.err,
                   "swamp, north(east) of the Arctic Weather Line, is frozen and clear (VI.B.1): "
                   "give --north-of-arctic-line"));
    // There, the game's Snow freezes it: 5-Army's 2 without the swamp's +1 (X.B.9).
    auto north = run_cli({"--json", "-q", "--game", file, "crt", "--attacker", "17-Army", "--defender", "5-Army",
                          "--terrain", "swamp", "--north-of-arctic-line", "--roll", "3"});
    REQUIRE(north.code == 0);
    CHECK(contains(north.out, "frozen"));
    auto clear = run_cli({"--json", "-q", "crt", "--attack", "6", "--defense", "2", "--roll", "3"});
    CHECK(nlohmann::json::parse(north.out)["result"]["odds"] == nlohmann::json::parse(clear.out)["result"]["odds"]);
}

TEST_CASE("cli: the month set by hand brings its weather (VI.A), so the winter offensive reads October's Mud",
          "[cli][game]")
{
    // VI.A: "October is Mud"; VI.B.3's shift is for Snow turns only. Setting the month left
    // the clock's Good, and a Snow set after it was never questioned (hunt47).
    const test::TempDir dir("rp-set-month");
    std::ofstream(dir / "club.toml") << k_scenario;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "club.toml", file}).code == 0);
    auto set = run_cli({"game", "set", file, "clock", "month=oct41", "--reason", "test"});
    REQUIRE(set.code == 0);
    CHECK(contains(run_cli({"-q", "game", "status", file}).out, "oct41, mud"));
    auto winter = run_cli(
        {"--game", file, "crt", "--attacker", "5-Army", "--defender", "9-Army", "--winter-offensive", "--roll", "3"});
    CHECK(winter.code == 64);
    CHECK(contains(winter.err, "Snow weather turns"));
    // The same hand may set both where they agree with VI.A ("November is Hard Frost").
    REQUIRE(
        run_cli({"game", "set", file, "clock", "month=nov41", "weather=hard-frost", "--reason", "a turn on"}).code ==
        0);
    CHECK(contains(run_cli({"-q", "game", "status", file}).out, "nov41, hard-frost"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: from October a weather set by hand against the month's is refused, before it the hand's stands "
          "(VI.A, XVI.C.1.c)",
          "[cli][game]")
{
    // VI.A: "October is Mud; November is Hard Frost; December through the end of the game is
    // Snow": the month decides, no die and no choice. A Snow set by hand in November was kept
    // and the winter offensive read in it (hunt47).
    const test::TempDir dir("rp-set-weather");
    std::ofstream(dir / "club.toml") << k_scenario;
    const std::string file = dir / "game.toml";
    REQUIRE(run_cli({"game", "new", dir / "club.toml", file}).code == 0);
    REQUIRE(run_cli({"game", "set", file, "clock", "month=nov41", "--reason", "test"}).code == 0);
    const std::string before = test::slurp(file);
    auto snow = run_cli({"game", "set", file, "clock", "weather=snow", "--reason", "house rule"});
    CHECK(snow.code == 64);
    CHECK(contains(snow.err, "weather=snow against nov41's hard-frost: VI.A"));
    CHECK(test::slurp(file) == before);  // nothing written, nothing journalled
    auto both = run_cli({"game", "set", file, "clock", "month=dec41", "weather=mud", "--reason", "house rule"});
    CHECK(both.code == 64);
    CHECK(contains(both.err, "weather=mud against dec41's snow: VI.A"));
    // December on is Snow: the winter offensive (VI.B.3) is refused in November, whatever the hand.
    CHECK(run_cli({"--game", file, "crt", "--attacker", "5-Army", "--defender", "9-Army", "--winter-offensive",
                   "--roll", "3"})
              .code == 64);
    // A weather given as the file holds it is the hand's word too: month=dec41 weather=hard-frost
    // from hard-frost wrote snow without a word (hunt52); and in any case typed, the month's
    // own weather is taken (weather=MUD was refused as "against oct41's mud").
    auto kept = run_cli({"game", "set", file, "clock", "month=dec41", "weather=hard-frost", "--reason", "as it is"});
    CHECK(kept.code == 64);
    CHECK(contains(kept.err, "weather=hard-frost against dec41's snow: VI.A"));
    CHECK(test::slurp(file) == before);
    CHECK(run_cli({"game", "set", file, "clock", "month=DEC41", "weather=SNOW", "--reason", "the month's own"}).code ==
          0);
    CHECK(contains(run_cli({"-q", "game", "status", file}).out, "dec41, snow"));
    // Before October VI.A names no weather: a 1Jun41 die's Mud kept by hand stands (XVI.C.1.c).
    const test::TempDir early("rp-set-weather-early");
    std::ofstream(early / "club.toml") << k_scenario;
    const std::string summer = early / "game.toml";
    REQUIRE(run_cli({"game", "new", early / "club.toml", summer}).code == 0);
    CHECK(run_cli({"game", "set", summer, "clock", "weather=mud", "--reason", "the die's Mud kept"}).code == 0);
    CHECK(contains(run_cli({"-q", "game", "status", summer}).out, "jun41, mud"));
    CHECK(contains(run_cli({"game", "rebuild", summer}).out, "identical"));
}
