// A game of the referee's own (issue 25, part 3): a scenario whose game is none of umpire's
// five makes a game file that keeps each counter's status and the game-turn; resolve takes
// the counters by name, adds up their factors and, applied, gives them the status the
// result's legend entry names ([legend.DE] defender = "eliminated", umpire-tables(5)).
#include "../../helpers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// The club's CRT: odds 1:2 to 4:1 (under refused, over read at 4:1), and what each result
// does to the counters: AE and AR the attackers', DR and DE the defenders'; EX none (the
// players choose the losses).
const char* k_crt = R"(id = "club.crt"
title = "The club's CRT"
game = "Border War"
source = "the club's rules 7.2"
dice = "1d6"

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

[legend.AE]
name = "Attacker eliminated"
attacker = "eliminated"
[legend.AR]
name = "Attacker retreats"
attacker = "retreated"
[legend.EX]
name = "Exchange"
[legend.DR]
name = "Defender retreats"
defender = "retreated"
[legend.DE]
name = "Defender eliminated"
defender = "eliminated"
)";

const char* k_scenario = R"(id = "border"
title = "Border clash"
game = "Border War"
source = "the club's scenario 1"
sides = ["red", "blue"]

[[unit]]
name = "1-Inf"
side = "red"
type = "infantry"
factors = "4-3-4"

[[unit]]
name = "2-Inf"
side = "red"
type = "infantry"
factors = "3-3-4"

[[unit]]
name = "3-Pz"
side = "blue"
type = "armor"
factors = "6-2-6"

[[unit]]
name = "HQ"
side = "blue"
type = "headquarters"
)";

std::string status_of(const std::string& file, const std::string& unit)
{
    const auto status = nlohmann::json::parse(run_cli({"--json", "game", "status", file}).out);
    for (const auto& r : status["results"]) {
        if (r["code"] == unit) {
            return r["effects"][0];
        }
    }
    return "(no unit " + unit + ")";
}

}  // namespace

TEST_CASE("cli: a game of the referee's own keeps its counters' status from the legend of his CRT", "[cli][game]")
{
    const test::TempDir dir("custom-game");
    std::filesystem::create_directories(dir / "tables/club");
    std::ofstream(dir / "tables/club/crt.toml") << k_crt;
    const std::string scenario = dir / "border.toml";
    std::ofstream(scenario) << k_scenario;
    const std::string file = dir / "game.toml";
    cli::Environment env;
    env.user_tables = dir / "tables";
    auto umpire = [&](std::vector<std::string> args) { return run_cli(args, env); };

    auto made = umpire({"game", "new", scenario, file});
    REQUIRE(made.code == 0);
    CHECK(status_of(file, "3-Pz") == "ready");
    auto status = umpire({"game", "status", file});
    CHECK(contains(status.out, "now the game-turn (your rules)"));
    CHECK_FALSE(contains(status.out, "()"));

    // 1-Inf's 4 and 2-Inf's 3 against 3-Pz's 2: 7 to 2, 3:1 in the defender's favour; a 5 there
    // is DE, and the legend's defender = "eliminated" is applied to 3-Pz alone.
    auto de = umpire({"--game", file, "--apply", "resolve", "club.crt", "--attacker", "1-Inf", "--attacker", "2-Inf",
                      "--defender", "3-Pz", "--roll", "5"});
    INFO(de.err);
    REQUIRE(de.code == 0);
    CHECK(contains(de.out, "attack: 1-Inf 4 + 2-Inf 3 = 7"));
    CHECK(contains(de.out, "defense: 3-Pz 2"));
    CHECK(contains(de.out, "result: DE  Defender eliminated"));
    CHECK(contains(de.out, "3-Pz: status ready -> eliminated (the club's rules 7.2)"));
    CHECK(status_of(file, "3-Pz") == "eliminated");
    CHECK(status_of(file, "1-Inf") == "ready");
    // An eliminated counter is fought no more.
    auto gone = umpire({"--game", file, "resolve", "club.crt", "--attacker", "1-Inf", "--defender", "3-Pz"});
    CHECK(gone.code == 64);
    CHECK(contains(gone.err, "--defender 3-Pz: eliminated in the game"));

    // Undone and redone as every change is; the file is what its journal makes.
    REQUIRE(umpire({"game", "undo", file}).code == 0);
    CHECK(status_of(file, "3-Pz") == "ready");
    REQUIRE(umpire({"game", "redo", file}).code == 0);
    CHECK(status_of(file, "3-Pz") == "eliminated");
    REQUIRE(umpire({"game", "undo", file}).code == 0);

    // The attacker's result lands on the attackers: 1-Inf alone (4 to 2, 2:1), a 1 is AR.
    auto json = umpire({"--json", "--game", file, "--apply", "resolve", "club.crt", "--attacker", "1-Inf", "--defender",
                        "3-Pz", "--roll", "1"});
    REQUIRE(json.code == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j["result"]["code"] == "AR");
    CHECK(j["inputs"]["attackers"] == nlohmann::json::array({"1-Inf"}));
    CHECK(j["inputs"]["attack"] == 4);
    CHECK(j["applied"].size() == 1);
    CHECK(j["applied"][0]["unit"] == "1-Inf");
    CHECK(j["applied"][0]["to"] == "retreated");
    CHECK(status_of(file, "3-Pz") == "ready");
    // An exchange names no status: nothing changes, and nothing is journalled.
    auto ex = umpire({"--json", "--game", file, "--apply", "resolve", "club.crt", "--attacker", "2-Inf", "--defender",
                      "3-Pz", "--roll", "1"});  // 3 to 2: 1:1, a 1 is AR: 2-Inf retreats
    REQUIRE(ex.code == 0);
    CHECK(nlohmann::json::parse(ex.out)["applied"].size() == 1);
    auto exchange = umpire({"--json", "--game", file, "--apply", "resolve", "club.crt", "--attacker", "2-Inf",
                            "--defender", "3-Pz", "--roll", "3"});  // 1:1, a 3 is EX
    REQUIRE(exchange.code == 0);
    CHECK(nlohmann::json::parse(exchange.out)["result"]["code"] == "EX");
    CHECK_FALSE(nlohmann::json::parse(exchange.out).contains("applied"));

    // The clock: game next counts the game-turn on.
    auto next = umpire({"game", "next", file});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out, "turn 1 -> 2"));
    // A status is any word the referee's rules use; not a sentence.
    CHECK(umpire({"game", "set", file, "1-Inf", "status=routed", "--reason", "morale"}).code == 0);
    auto sentence = umpire({"game", "set", file, "1-Inf", "status=ran away", "--reason", "morale"});
    CHECK(sentence.code != 0);
    CHECK(contains(sentence.err, "one word of letters, digits and '-'"));
    CHECK(contains(umpire({"game", "rebuild", file}).out, "identical"));
    // The journal replays as it was answered: the chart's note is in it as printed, and where
    // the chart lies is not the answer (its fingerprint is), so moved, it still replays.
    auto replayed = umpire({"replay", file + ".journal"});
    INFO(replayed.out << replayed.err);
    CHECK(replayed.code == 0);
    CHECK(contains(replayed.out, "replayed, 0 differ"));
    std::filesystem::rename(dir / "tables", dir / "moved");
    cli::Environment moved = env;
    moved.user_tables = dir / "moved";
    CHECK(contains(run_cli({"replay", file + ".journal"}, moved).out, "replayed, 0 differ"));
    std::ofstream(dir / "moved/club/crt.toml", std::ios::app) << "\n[legend.XX]\nname = \"Changed\"\n";
    auto changed = run_cli({"replay", file + ".journal"}, moved);
    CHECK(changed.code == 65);
    CHECK(contains(changed.out + changed.err, "club.crt"));
    std::filesystem::remove_all(dir / "moved");
    std::filesystem::create_directories(dir / "tables/club");
    std::ofstream(dir / "tables/club/crt.toml") << k_crt;

    // Refusals name the flag and what is wrong.
    const std::vector<std::pair<std::vector<std::string>, std::string>> refused{
        {{"--attacker", "1-Inf", "--defender", "2-Inf"}, "both red: a side does not attack its own units"},
        {{"--attacker", "3-Pz", "--defender", "3-Pz"}, "--attacker and --defender 3-Pz: a unit is on one side"},
        {{"--attacker", "1-Inf", "--attacker", "1-Inf", "--defender", "3-Pz"}, "--attacker 1-Inf: named twice"},
        {{"--attacker", "1-Inf", "--attacker", "3-Pz", "--defense", "2"},
         "--attacker 3-Pz: blue, but 1-Inf is red: one side attacks"},
        {{"--attacker", "1-Inf", "--defender", "HQ"}, "--defender HQ: the scenario gives it no factors"},
        {{"--attacker", "1-Inf", "--attack", "4", "--defense", "2"}, "--attack and --attacker"},
        {{"--attacker", "9-Inf", "--defense", "2"}, "--attacker: no unit '9-Inf' in scenario border"},
    };
    for (const auto& [args, says] : refused) {
        std::vector<std::string> all{"--game", file, "resolve", "club.crt"};
        all.insert(all.end(), args.begin(), args.end());
        auto r = umpire(all);
        INFO(r.err);
        CHECK(r.code == 64);
        CHECK(contains(r.err, says));
    }
    // Without a game, the units come from --scenario; without either, the flag says so.
    auto bare = umpire({"resolve", "club.crt", "--attacker", "1-Inf", "--defense", "2"});
    CHECK(bare.code == 64);
    CHECK(contains(bare.err, "--attacker 1-Inf: units are a scenario's; give --game FILE"));
    auto scen = umpire({"--json", "--scenario", scenario, "resolve", "club.crt", "--attacker", "1-Inf", "--attacker",
                        "2-Inf", "--defense", "2", "--roll", "5"});
    REQUIRE(scen.code == 0);
    CHECK(nlohmann::json::parse(scen.out)["inputs"]["attack"] == 7);
    // plan resolve adds to the counters' total: 1-Inf and 2-Inf's 7 against 3-Pz's 2 is 3:1;
    // one factor more (8) reaches 4:1, the last column.
    auto plan = umpire({"--game", file, "plan", "resolve", "club.crt", "--attacker", "1-Inf", "--attacker", "2-Inf",
                        "--defender", "3-Pz"});
    INFO(plan.err);
    REQUIRE(plan.code == 0);
    CHECK(contains(plan.out, "now: attack 7 is read on 3:1"));
    CHECK(contains(plan.out, "+1 attack factor (8) reaches 4:1"));
    CHECK(contains(plan.out, "4:1 is the last column these options reach"));
    // And TAB offers the counters.
    using V = std::vector<std::string>;
    CHECK(cli::completions({"resolve", "club.crt", "--defender"}, "3", {}, file) == V{"3-Pz"});
}

TEST_CASE("cli: units whose factors add up past a strength or to no attack are refused as the units given",
          "[cli][game]")
{
    // A counter's factors are two digits (each 0 to 99), a strength at most 1000000: 10102
    // counters of 99 attack factors come to 1000098. The message named --attack, which the
    // referee never typed (hunt48 F7).
    const test::TempDir dir("custom-many");
    std::filesystem::create_directories(dir / "tables/club");
    std::ofstream(dir / "tables/club/crt.toml") << k_crt;
    const std::string scenario = dir / "many.toml";
    {
        std::ofstream out(scenario);
        out << "id = \"many\"\ntitle = \"Many\"\ngame = \"Border War\"\nsource = \"the club's scenario 2\"\n"
               "sides = [\"red\", \"blue\"]\n";
        for (int i = 0; i < 10102; ++i) {
            out << "[[unit]]\nname = \"A" << i << "\"\nside = \"red\"\ntype = \"infantry\"\nfactors = \"99-1-1\"\n";
        }
        out << "[[unit]]\nname = \"Z\"\nside = \"red\"\ntype = \"infantry\"\nfactors = \"0-1-1\"\n"
               "[[unit]]\nname = \"D\"\nside = \"blue\"\ntype = \"infantry\"\nfactors = \"1-1-1\"\n";
    }
    cli::Environment env;
    env.user_tables = dir / "tables";
    std::vector<std::string> args{"--scenario", scenario, "resolve", "club.crt", "--defender", "D", "--roll", "3"};
    for (int i = 0; i < 10102; ++i) {
        args.push_back("--attacker");
        args.push_back("A" + std::to_string(i));
    }
    auto over = run_cli(args, env);
    CHECK(over.code == 64);
    CHECK(contains(over.err, "--attacker: the 10102 units' attack factors add up to 1000098; allowed at most 1000000"));
    CHECK_FALSE(contains(over.err, "--attack "));
    // A counter of no attack factors on an odds table (attack to defense) has no odds.
    auto zero = run_cli({"--scenario", scenario, "resolve", "club.crt", "--attacker", "Z", "--defender", "D"}, env);
    CHECK(zero.code == 64);
    CHECK(contains(zero.err, "--attacker Z: attack factors add up to 0"));
    CHECK_FALSE(contains(zero.err, "--attack "));
}

TEST_CASE("cli: a legend's status for the attacker or defender is one word, checked where it is written", "[cli][game]")
{
    const test::TempDir dir("custom-legend");
    std::filesystem::create_directories(dir / "club");
    std::string text = k_crt;
    const std::string good = "defender = \"eliminated\"";
    text.replace(text.find(good), good.size(), "defender = \"is gone\"");
    std::ofstream(dir / "club/crt.toml") << text;
    auto r = run_cli({"--tables", dir.path.string(), "resolve", "club.crt", "--attack", "6", "--defense", "1"});
    CHECK(r.code == 65);
    INFO(r.err);
    CHECK(contains(r.err, "crt.toml:39:12:"));
    CHECK(contains(r.err, "[legend.DE] defender 'is gone': the status this result gives the defender's units"));
}
