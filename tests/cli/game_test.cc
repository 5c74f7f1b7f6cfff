// The game file on the command line: new, --apply, status, next, undo, rebuild.
#include "../helpers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace umpire;
using test::applied_to;
using test::contains;
using test::run_cli;
using test::slurp;

TEST_CASE("cli: a Constantinople evening in a game file, undone and rebuilt byte for byte", "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-game-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "siege.toml").string();
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    CHECK(run_cli({"game", "new", "constantinople", file}).code == 64);  // never overwritten

    // A melee D on Imperial-1 (4 + 4 against 6, +2: a 5 is D, 15.41, 15.34), then a ram
    // against it: its ram defense D is halved to B without being told (15.34), and 4 against
    // B pins on 1-4 (15.42).
    auto melee = run_cli({"--game", file, "--apply", "melee", "--attacker", "Galley-1", "--attacker", "Galley-2",
                          "--defender", "Imperial-1", "--roll", "5"});
    REQUIRE(melee.code == 0);
    CHECK(contains(melee.out, "applied to " + file + ": Imperial-1: damaged false -> true (15.34)"));
    // Rams are made in movement, before an Impulse's combat (13.1): not after a melee.
    auto late = run_cli({"--game", file, "ram", "--rammer", "Galley-3", "--target", "Imperial-1", "--roll", "2"});
    CHECK(late.code == 64);
    CHECK(contains(late.err, "the Mutual Combat Segment of Impulse 1-1 has begun"));
    REQUIRE(run_cli({"game", "next", file}).code == 0);
    auto ram = run_cli({"--game", file, "--apply", "ram", "--rammer", "Galley-3", "--target", "Imperial-1", "--roll",
                        "2", "--roll", "3"});
    REQUIRE(ram.code == 0);
    CHECK(contains(ram.out, "ram defense D halved to B"));
    CHECK(contains(ram.out, "Imperial-1: pinned to - -> Galley-3 (15.15)"));
    // Scripts read the changes from JSON, each with its rule.
    auto json = run_cli({"--json", "--game", file, "--apply", "melee", "--attacker", "Galley-1", "--defender", "Venice",
                         "--roll", "4", "--roll", "6"});
    CHECK(json.code == 64);  // one attacker, one die: the extra --roll is refused, nothing applied
    auto applied = run_cli({"--json", "--game", file, "--apply", "melee", "--attacker", "Galley-4", "--attacker",
                            "Galley-5", "--defender", "Venice", "--roll", "6"});
    CHECK(contains(applied.out, R"("applied":[)"));
    CHECK(contains(applied.out, R"({"unit":"Venice","key":"damaged","from":"false","to":"true","rule":"15.34"})"));
    // the Combat Segment's own record: begun, who attacked (15.21, 15.24)
    CHECK(contains(applied.out, R"({"unit":"Galley-4","key":"attacked_in","from":"","to":"1-2","rule":"15.24"})"));
    auto status = run_cli({"game", "status", file});
    CHECK(contains(status.out, "Imperial-1: Damaged, pinned to Galley-3"));

    // Five Impulses, each its movement then its Mutual Combat Segment: from Impulse 2's
    // combat, six steps to Impulse 5's combat; its next is a new Naval Phase and its wind
    // (13.1, 14.23).
    for (int i = 0; i < 6; ++i) {
        REQUIRE(run_cli({"game", "next", file}).code == 0);
    }
    auto phase = run_cli({"game", "next", file, "--roll", "9,7"});
    CHECK(contains(phase.out, "Naval Phase 2, Impulse 1, wind NE 8"));
    const std::string before_undo = slurp(file);
    auto undo = run_cli({"game", "undo", file});
    CHECK(undo.code == 0);
    CHECK(contains(slurp(file), "wind = \"N\""));
    CHECK(slurp(file) != before_undo);

    auto rebuilt = run_cli({"game", "rebuild", file});
    CHECK(rebuilt.code == 0);
    CHECK(contains(rebuilt.out, "identical"));
    // Edited by hand: rebuild says so and leaves the file alone.
    const std::string text = slurp(file);
    std::ofstream(file) << text << "\n# a hand edit\n";
    auto edited = run_cli({"game", "rebuild", file});
    CHECK(edited.code == 65);
    CHECK(std::filesystem::exists(file + ".rebuilt"));
    CHECK(slurp(file + ".rebuilt") == text);
    // A link planted at FILE.rebuilt is replaced by the rebuilt file, never written through:
    // rebuild overwrote the link's target, any file the referee can write (hunt54).
    {
        const std::string victim = dir / "victim.txt";
        std::ofstream(victim) << "precious\n";
        std::filesystem::remove(file + ".rebuilt");
        std::filesystem::create_symlink(victim, file + ".rebuilt");
        CHECK(run_cli({"game", "rebuild", file}).code == 65);
        CHECK(slurp(victim) == "precious\n");
        CHECK(!std::filesystem::is_symlink(file + ".rebuilt"));
        CHECK(slurp(file + ".rebuilt") == text);
    }
    // A line of the file far past any game's is quoted in part, with its size: a 30 MB line
    // made a 30 MB message, and as much JSON (hunt54).
    {
        const std::string kept = slurp(file);
        std::ofstream(file) << text << "a = \"" << std::string(300000, 'b') << "\"\n";
        auto huge = run_cli({"game", "status", file});
        CHECK(huge.code == 65);
        CHECK(huge.err.size() < 2000);
        CHECK(contains(huge.err, "bbb... (300006 bytes)"));
        auto json = run_cli({"--json", "game", "status", file});
        CHECK(json.code == 65);
        CHECK(json.out.size() + json.err.size() < 2000);
        CHECK(contains(json.out + json.err, "bbb... (300006 bytes)"));
        std::ofstream(file) << kept;
    }

    // The audit log keeps the game's text: replay resolves against the statuses of then,
    // after the game has moved on, and writes nothing.
    const std::string log = (dir / "audit.log").string();
    REQUIRE(run_cli({"game", "new", "constantinople", (dir / "log.toml").string()}).code == 0);
    const std::string logged = (dir / "log.toml").string();
    REQUIRE(run_cli({"--log", log, "--game", logged, "--apply", "melee", "--attacker", "Galley-1", "--attacker",
                     "Galley-2", "--defender", "Imperial-1", "--roll", "5"})
                .code == 0);
    REQUIRE(run_cli({"game", "next", logged}).code == 0);  // the next Impulse's movement (13.1)
    REQUIRE(run_cli({"--log", log, "--game", logged, "ram", "--rammer", "Galley-3", "--target", "Imperial-1", "--roll",
                     "2"})
                .code == 0);
    REQUIRE(run_cli({"game", "undo", logged}).code == 0);  // the next
    REQUIRE(run_cli({"game", "undo", logged}).code == 0);  // the melee: Imperial-1 no longer Damaged in the file
    CHECK(contains(slurp(logged), "damaged = false"));
    const std::string before_replay = slurp(logged);
    auto replay = run_cli({"replay", log});
    CHECK(replay.code == 0);
    CHECK(contains(replay.out, "2 resolution(s) replayed, 0 differ"));
    CHECK(slurp(logged) == before_replay);

    auto no_game = run_cli({"--apply", "wind"});
    CHECK(no_game.code == 64);
    CHECK(contains(no_game.err, "--apply needs a game"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: weather from a game file: the game's clock, written back with --apply", "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-weather-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    // The Russian Portfolio: the month moves when the referee says (its Turn Record Track
    // is lost); October is Mud (VI.A).
    const std::string rp = (dir / "barbarossa.toml").string();
    REQUIRE(run_cli({"game", "new", "russian-portfolio", rp}).code == 0);
    auto jump = run_cli({"game", "next", rp, "--month", "oct41"});  // from jun41: a turn is weeks
    CHECK(jump.code == 64);
    CHECK(contains(jump.err, "--month oct41 from the game's jun41 in one game-turn"));
    for (const char* month : {"jul41", "aug41", "sep41"}) {
        REQUIRE(run_cli({"game", "next", rp, "--month", month}).code == 0);
    }
    auto oct = run_cli({"game", "next", rp, "--month", "oct41"});
    REQUIRE(oct.code == 0);
    CHECK(contains(oct.out, "Game-turn 5, oct41: Mud"));
    auto weather = run_cli({"--game", rp, "weather"});
    CHECK(weather.code == 0);
    CHECK(contains(weather.out, "result: mud  Mud"));
    CHECK(run_cli({"--game", rp, "weather", "--month", "nov41"}).code == 64);  // not the game's month
    // An overrun is fought in the game's weather (VI.A: "October is Mud"): given by default,
    // and a --weather that contradicts it refused, as the month is.
    const std::vector<std::string> overrun = {
        "overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3", "--terrain", "clear"};
    auto in_game = run_cli([&] {
        std::vector<std::string> a = {"--json", "-q", "--game", rp};
        a.insert(a.end(), overrun.begin(), overrun.end());
        return a;
    }());
    CHECK(in_game.code == 0);
    CHECK(contains(in_game.out, R"("weather":"mud")"));
    auto good = run_cli([&] {
        std::vector<std::string> a = {"-q", "--game", rp};
        a.insert(a.end(), overrun.begin(), overrun.end());
        a.insert(a.end(), {"--weather", "good"});
        return a;
    }());
    CHECK(good.code == 64);
    CHECK(contains(good.err, "--weather good, but the game (" + rp + ") has mud this game-turn (VI.A)"));
    CHECK(run_cli({"--game", rp, "weather", "--game", "black-sea"}).code == 64);
    CHECK(run_cli({"game", "next", rp, "--light", "day"}).code == 64);  // a Black Sea option
    // Novorossiysk: 'weather' on the game rolls the next phase as 'game next' does; only
    // --apply writes it.
    const std::string nov = (dir / "novo.toml").string();
    REQUIRE(run_cli({"game", "new", "novorossiysk", nov}).code == 0);
    const std::string before = slurp(nov);
    auto asked = run_cli({"--game", nov, "weather", "--roll", "7"});
    REQUIRE(asked.code == 0);
    CHECK(slurp(nov) == before);
    auto applied = run_cli({"--game", nov, "--apply", "weather", "--roll", "7"});
    REQUIRE(applied.code == 0);
    CHECK(slurp(nov) != before);
    CHECK(contains(slurp(nov), "started = true"));
    CHECK(contains(run_cli({"game", "rebuild", nov}).out, "identical"));
    // The Black Sea: the game's weather feeds the limits.
    const std::string sea = (dir / "sea.toml").string();
    REQUIRE(run_cli({"game", "new", "black-sea", sea}).code == 0);
    REQUIRE(run_cli({"game", "next", sea, "--weather", "gale", "--light", "night"}).code == 0);
    CHECK(contains(run_cli({"--game", sea, "weather"}).out, "at most 1 sea zone a turn"));
    // A --weather that contradicts the game's is refused, as hits --weather is; the game's
    // own is accepted, in any case. The squall's limit was answered for a game in a gale,
    // and --apply said the game "finds it so already".
    const std::string kept = slurp(sea);
    auto squall = run_cli({"--game", sea, "--apply", "weather", "--weather", "squall"});
    CHECK(squall.code == 64);
    CHECK(contains(squall.err, "--weather squall, but the game (" + sea +
                                   ") has gale this turn: leave --weather off to use the game's"));
    CHECK(slurp(sea) == kept);
    CHECK(contains(run_cli({"--game", sea, "weather", "--weather", "Gale"}).out, "at most 1 sea zone a turn"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: a Black Sea weather and light are taken in any case by game next, game set and weather (Weather "
          "Effects on Operations)",
          "[cli][game]")
{
    // The text names squall, storm and gale (Weather Effects on Operations), "squall or
    // better" (Coastal Contact) and "mist or better" (Smoke on the Horizon). weather took
    // --weather Storm; game next and game set refused it ("did you mean 'storm'?").
    const test::TempDir dir("black-sea-case");
    const std::string sea = dir / "sea.toml";
    REQUIRE(run_cli({"game", "new", "black-sea", sea}).code == 0);
    auto next = run_cli({"game", "next", sea, "--weather", "Storm", "--light", "Night"});
    REQUIRE(next.code == 0);
    CHECK(contains(slurp(sea), "weather = \"storm\""));
    CHECK(contains(slurp(sea), "light = \"night\""));
    CHECK(run_cli({"-q", "game", "set", sea, "clock", "weather=Gale", "--reason", "rolled"}).code == 0);
    CHECK(contains(slurp(sea), "weather = \"gale\""));
    CHECK(contains(run_cli({"game", "status", sea}).out, "at most 1 sea zone a turn"));
    CHECK(contains(run_cli({"game", "rebuild", sea}).out, "identical"));
    // weather's help and its refusal name every weather it takes, fair and mist too
    const auto help = run_cli({"weather", "--help"}).out;
    CHECK(contains(help, "Great War at Sea: fair, mist, squall, storm, gale"));
    auto bare = run_cli({"weather", "--game", "black-sea"});
    CHECK(bare.code == 64);
    CHECK(contains(bare.err, "give --weather fair|mist|squall|storm|gale"));
    CHECK(run_cli({"weather", "--game", "black-sea", "--weather", "MIST"}).code == 0);
}

TEST_CASE("cli: sail with a Constantinople game sails in the game's wind, and refuses another (14.23, 14.32)",
          "[cli][game]")
{
    const test::TempDir dir("sail-wind");
    const std::string file = dir / "c.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "wind=SE", "--reason", "rolled"}).code == 0);
    // 14.24: the wind from the SE blows toward the NW, so a ship facing NW runs free; the
    // scenario's starting wind (N) had put it on the wind.
    auto kept = run_cli({"--json", "--game", file, "sail", "--facing", "NW"});
    REQUIRE(kept.code == 0);
    CHECK(contains(kept.out, R"("code":"running-free")"));
    auto other = run_cli({"--game", file, "sail", "--facing", "NW", "--wind", "N"});
    CHECK(other.code == 64);
    CHECK(contains(other.err, "--wind N, but the game (" + file +
                                  ") has the wind from SE this Naval Phase: leave --wind off to use the game's"));
    CHECK(run_cli({"--game", file, "sail", "--facing", "NW", "--wind", "SE"}).code == 0);
    // 14.32's No Wind: a calm velocity blows nothing.
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "velocity=calm", "--reason", "rolled"}).code == 0);
    auto calm = run_cli({"--json", "--game", file, "sail", "--facing", "NW"});
    REQUIRE(calm.code == 0);
    CHECK(contains(calm.out, R"("code":"no-wind")"));
    CHECK(run_cli({"--game", file, "sail", "--facing", "NW", "--wind", "SE"}).code == 64);
    // 14.29: in a Storm "there is no other movement that Game-Turn": no sailing, no drift.
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "velocity=storm", "--reason", "rolled"}).code == 0);
    for (const char* stationary : {"", "--stationary"}) {
        std::vector<std::string> args{"--game", file, "sail", "--facing", "S"};
        if (*stationary != '\0') {
            args.emplace_back(stationary);
        }
        auto storm = run_cli(args);
        CHECK(storm.code == 64);
        CHECK(contains(storm.err, "is a Storm: there is no other movement that Game-Turn (14.29): no ship sails or "
                                  "drifts"));
    }
}

TEST_CASE("cli: a paratroop block hit in the air is removed for good in the game, and not brought back (Paratroopers)",
          "[cli][game]")
{
    const test::TempDir dir("para-for-good");
    const std::string scenario = dir / "para.toml";
    std::ofstream(scenario) << "id = \"para\"\ntitle = \"test\"\ngame = \"Novorossiysk 1943\"\nsource = \"test\"\n"
                               "sides = [\"soviet\", \"axis\"]\n\n"
                               "[[unit]]\nname = \"Para-1\"\nside = \"soviet\"\nblock = \"para\"\ntype = \"para\"\n\n"
                               "[[unit]]\nname = \"GF-1\"\nside = \"axis\"\nblock = \"fighter:2black\"\n"
                               "type = \"fighter\"\n";
    const std::string file = dir / "g.toml";
    REQUIRE(run_cli({"game", "new", scenario, file}).code == 0);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "weather", "--roll", "7"}).code == 0);
    // Paratroopers: "If hit in air they are automatically removed from the game for good."
    auto hit = run_cli(
        {"-q", "--game", file, "--apply", "hits", "--attacker", "GF-1", "--defender", "Para-1", "--roll", "6,6"});
    REQUIRE(hit.code == 0);
    CHECK(contains(hit.out, "Removed from the game for good"));
    CHECK(contains(slurp(file), "for_good = true"));
    // The Player Sheet's Dead Pool: "either permanently lost or brought back into the game at
    // a high cost": this one is lost, so game set refuses to bring it back.
    const std::string lost = slurp(file);
    auto back = run_cli({"-q", "--game", file, "game", "set", "Para-1", "dead_pool=false", "--reason", "reinforce"});
    CHECK(back.code == 64);
    CHECK(contains(back.err, "removed from the game for good"));
    CHECK(slurp(file) == lost);
    auto status = run_cli({"game", "status", file});
    CHECK(contains(status.out, "removed from the game for good (Paratroopers): Para-1"));
    CHECK_FALSE(contains(status.out, "Dead Pool: Para-1"));
    auto again = run_cli({"--game", file, "hits", "--attacker", "GF-1", "--defender", "Para-1"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "Para-1 was removed from the game for good"));
    // Undone, the block is back on the board, and the file passes its checks.
    REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    CHECK(run_cli({"--game", file, "hits", "--attacker", "GF-1", "--defender", "Para-1", "--roll", "1,1"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a Black Sea game day begins at the first daylight turn after a night turn, not after a twilight",
          "[cli][game]")
{
    const test::TempDir dir("black-sea-day");
    const std::string sea = dir / "sea.toml";
    REQUIRE(run_cli({"game", "new", "black-sea", sea}).code == 0);
    const auto next = [&](const std::string& light) {
        auto r = run_cli({"--json", "game", "next", sea, "--light", light});
        REQUIRE(r.code == 0);
        return r.out;
    };
    // "The first turn of each game day is the first daylight turn (0600) following a night
    // turn": a twilight between two daylight turns is no night (day 2 came of it).
    CHECK(contains(next("twilight"), R"("code":"1-2")"));
    CHECK(contains(next("day"), R"("code":"1-3")"));
    // night, twilight, then day: the day after the night
    CHECK(contains(next("night"), R"("code":"1-4")"));
    CHECK(contains(next("twilight"), R"("code":"1-5")"));
    CHECK(contains(next("day"), R"("code":"2-6")"));
    CHECK(contains(next("day"), R"("code":"2-7")"));
    CHECK(contains(next("day"), R"("code":"2-8")"));
    CHECK(contains(next("twilight"), R"("code":"2-9")"));
    // night straight to day, once day 2 has had its six turns ("A game day is six
    // operational turns"; day 1, which may start late, had four)
    CHECK(contains(next("night"), R"("code":"2-10")"));
    CHECK(contains(next("night"), R"("code":"2-11")"));
    CHECK(contains(next("day"), R"("code":"3-12")"));
    // day 3 has had two turns: a daylight turn after its night is refused, and nothing written
    CHECK(contains(next("night"), R"("code":"3-13")"));
    const std::string before = slurp(sea);
    auto short_day = run_cli({"game", "next", sea, "--light", "day"});
    CHECK(short_day.code == 64);
    CHECK(contains(short_day.err, "--light day: day 3 has had 2 of its 6 turns"));
    CHECK(slurp(sea) == before);
    REQUIRE(run_cli({"game", "undo", sea}).code == 0);
    CHECK(contains(next("day"), R"("code":"3-13")"));
    CHECK(contains(run_cli({"game", "rebuild", sea}).out, "identical"));
}

TEST_CASE("cli: Novorossiysk hits on named blocks, applied: step down, then the Dead Pool", "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-blocks-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "novo.toml").string();
    REQUIRE(run_cli({"game", "new", "novorossiysk", file}).code == 0);
    // Before the first phase (its Time Counter and weather, 'At the start of each Phase'):
    // a loss applied then was kept, and the morning's weather rolled after it
    const auto early = run_cli({"-q", "--game", file, "--apply", "hits", "--attacker", "Ger-Company-1", "--defender",
                                "Sov-Rifle-1", "--seed", "1"});
    CHECK(early.code == 64);
    CHECK(contains(early.err, "has not begun its first phase: 'game next' moves the Time Counter"));
    CHECK(run_cli(
              {"-q", "--game", file, "hits", "--attacker", "Ger-Company-1", "--defender", "Sov-Rifle-1", "--seed", "1"})
              .code == 0);                                                    // asked, not applied: answered
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, 7: Clear
    // The faces are read from the (provisional) hit-dice table, not assumed.
    const core::Table& hit_dice = test::table("novorossiysk.hit-dice");
    auto face = [&](const char* colour, bool hit) {
        const auto& cells = hit_dice.rows[*core::find_row(hit_dice, colour)].cells;
        for (size_t i = 0; i < cells.size(); ++i) {
            if ((cells[i] == "hit") == hit) {
                return std::to_string(i + 1);
            }
        }
        FAIL("no such face");
        return std::string();
    };
    // Dice in order: the attacker's block by block, then the defender's.
    // A small block (one white, a miss) against Sov-Rifle-1 (2 red, one hit): it is removed.
    auto small =
        run_cli({"-q", "--game", file, "--apply", "hits", "--attacker", "Ger-Company-1", "--defender", "Sov-Rifle-1",
                 "--roll", face("white", false), "--roll", face("red", true), "--roll", face("red", false)});
    REQUIRE(small.code == 0);
    CHECK(contains(small.out, "Ger-Company-1 goes to the Dead Pool"));
    // Ger-Grenadier-1 (black + red) lands one hit on Sov-Rifle-1: a large block steps down...
    auto one = run_cli({"-q", "--game", file, "--apply", "hits", "--attacker", "Ger-Grenadier-1", "--defender",
                        "Sov-Rifle-1", "--roll", face("black", true), "--roll", face("red", false), "--roll",
                        face("red", false), "--roll", face("red", false)});
    REQUIRE(one.code == 0);
    CHECK(contains(one.out, "Sov-Rifle-1 steps down: turn it to its lesser side (Large Blocks)"));
    // ... and then rolls its lesser side, one red die (the example's block_reduced), and a
    // second hit removes it: "If a Block at lower strength is hit it is removed to the
    // 'Dead Pool.'"
    auto two =
        run_cli({"-q", "--game", file, "--apply", "hits", "--attacker", "Ger-Grenadier-1", "--defender", "Sov-Rifle-1",
                 "--roll", face("black", true), "--roll", face("red", false), "--roll", face("red", false)});
    REQUIRE(two.code == 0);
    CHECK(contains(two.out, "Sov-Rifle-1 goes to the Dead Pool"));
    auto dead = run_cli({"--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Ger-Pioneer-1"});
    CHECK(dead.code == 64);
    CHECK(contains(dead.err, "Sov-Rifle-1 is in the Dead Pool"));
    auto status = run_cli({"game", "status", file});
    CHECK(contains(status.out, "Dead Pool: Sov-Rifle-1"));
    CHECK(contains(status.out, "Dead Pool: Ger-Company-1"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // A scenario whose block is not a block is bad data (65), and no game is made.
    const std::string bad = (dir / "bad.toml").string();
    std::ofstream(bad) << "id = \"bad\"\ntitle = \"t\"\ngame = \"Novorossiysk 1943\"\nsource = \"s\"\n"
                          "sides = [\"soviet\"]\n[[unit]]\nname = \"X\"\nside = \"soviet\"\ntype = \"t\"\n"
                          "block = \"large:2purple\"\nblock_reduced = \"red\"\n";
    auto refused = run_cli({"game", "new", bad, (dir / "bad-game.toml").string()});
    CHECK(refused.code == 65);
    CHECK(contains(refused.err, "no hit die 'purple'"));
    CHECK_FALSE(std::filesystem::exists(dir / "bad-game.toml"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: Great Battles replacement rolls at night return stands to the game (16.2)", "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-night-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "day.toml").string();
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    // A day begins with its dawn phase (7.0, 8.0): no fighting, no replacement roll yet.
    auto dawn =
        run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"});
    CHECK(dawn.code == 64);
    CHECK(contains(dawn.err, "it is the dawn phase of day 1 (7.1, 8.0)"));
    auto dawn_replace = run_cli({"-q", "--game", file, "replace", "--unit", "I-Btl", "--situation", "line"});
    CHECK(dawn_replace.code == 64);
    CHECK(contains(dawn_replace.err, "the game is at the dawn phase of day 1"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // the dawn phase done: turn 1 (7.1)
    // Air-ground support only in full daylight, sighting 12" (12.2.3): not on the first turn
    // (3") nor the second (6", 8.2). It was resolved and applied, a note trailing.
    for (const char* turn : {"turn 1, when sighting is 3\"", "turn 2, when sighting is 6\""}) {
        auto early = run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open",
                              "--air", "rocket", "--roll", "2"});
        CHECK(early.code == 64);
        CHECK(contains(early.err, "--air rocket: the game (" + file + ") is at day 1, " + turn + " (8.2)"));
        CHECK(contains(early.err, "when sighting is 12\" (12.2.3): from turn 3 of a day (8.2)"));
        CHECK(contains(slurp(file), "eliminated = 0"));
        CHECK_FALSE(contains(slurp(file), "eliminated = 1"));
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // the second player's turn
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // the next turn
    }
    // Turn 3: a rocket's 1-4 destroys the stand (12.2.2): I-Btl ends the day with 3 of its 4.
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--air",
                     "rocket", "--roll", "2"})
                .code == 0);
    auto by_day = run_cli({"-q", "--game", file, "--apply", "replace", "--unit", "I-Btl", "--situation", "line"});
    CHECK(by_day.code == 64);  // not in the Night Phase (16.1)
    CHECK(contains(by_day.err, "Night Phase"));
    // I-Btl is due a morale check (15.0): the first player's turn does not end until it is
    // tested or passed.
    auto due = run_cli({"-q", "game", "next", file});
    CHECK(due.code == 64);
    CHECK(contains(due.err, "I-Btl is due a morale check (15.0"));
    CHECK(contains(due.err, "--skip-due"));
    REQUIRE(run_cli({"-q", "game", "next", file, "--skip-due"}).code == 0);
    // Nine turns of two players' turns each (7.2), then the night (16.1).
    for (int step = 1; step < 30 && !contains(slurp(file), "phase = \"night\""); ++step) {
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
        CHECK(step < 14);
    }
    CHECK(contains(slurp(file), "stands_at_start_of_day = 3"));
    // One d10 per eliminated stand, counted by the game (4 in the scenario, 3 now); a 1 is
    // within the German (average supply) line cell, so the stand returns (16.2.3).
    auto night =
        run_cli({"-q", "--game", file, "--apply", "replace", "--unit", "I-Btl", "--situation", "line", "--roll", "1"});
    REQUIRE(night.code == 0);
    CHECK(contains(night.out, "eliminated: 1"));
    CHECK(contains(night.out, "I-Btl starts the day with 4 stands (16.2.3)"));
    // Once a night; and a count that disagrees with the game is refused.
    CHECK(run_cli({"-q", "--game", file, "--apply", "replace", "--unit", "I-Btl", "--situation", "line", "--roll", "1"})
              .code == 64);
    CHECK(run_cli({"-q", "--game", file, "replace", "--unit", "II-Btl", "--situation", "line", "--eliminated", "2"})
              .code == 64);
    // II-Btl lost no stand: 16.2.3 rolls a d10 for every eliminated stand, so none; the
    // refusal says so and names no flag the referee did not type.
    auto none = run_cli({"-q", "--game", file, "replace", "--unit", "II-Btl", "--situation", "line"});
    CHECK(none.code == 64);
    CHECK(contains(none.err, "--unit II-Btl has no eliminated stand in the game (" + file +
                                 ": 3 of 3 stands): no "
                                 "replacement roll (16.2.3: a d10 for every eliminated stand)"));
    CHECK_FALSE(contains(none.err, "--eliminated"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: an Ottoman ship already on its reduced side that loses one is eliminated (15.35)", "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-game-1535-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "siege.toml").string();
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // Venice 7 against Galley-1 4: +3 (15.41); a 6 there is L, Lose one.
    const std::vector<std::string> attack{"--game", file,         "--apply",  "melee",  "--attacker",
                                          "Venice", "--defender", "Galley-1", "--roll", "6"};
    auto first = run_cli(attack);
    REQUIRE(first.code == 0);
    CHECK(contains(first.out, "Galley-1: face front -> back (15.35)"));
    // Venice has made its attack of this Combat Segment (15.24).
    auto again = run_cli(attack);
    CHECK(again.code == 64);
    CHECK(contains(again.err, "Venice has attacked in this Combat Segment already (Impulse 1-1)"));
    REQUIRE(run_cli({"game", "next", file}).code == 0);
    // The next Impulse's L finds it reduced (7 against 2, read as +4): eliminated, not
    // "nothing to apply".
    auto second = run_cli(attack);
    REQUIRE(second.code == 0);
    CHECK(contains(second.out, "attack on Galley-1 (back)"));
    CHECK(contains(second.out, "Galley-1: sunk false -> true (15.35)"));
    CHECK_FALSE(contains(second.out, "nothing to apply"));
    // A sunk ship takes no further result: once the segment is over it cannot be attacked.
    REQUIRE(run_cli({"game", "next", file}).code == 0);
    auto third = run_cli(attack);
    CHECK(third.code == 64);
    CHECK(contains(third.err, "Galley-1 is sunk in the game"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: a suppressed stand suppressed again changes nothing: no more suppressed than stands (11.3.1)",
          "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-game-1131-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "day.toml").string();
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // the dawn phase done: turn 1 (7.1)
    // I-Btl has 4 stands (great-battles-example); activated in the open, a 1 suppresses (11.3.3).
    const std::vector<std::string> three{"--game", file,      "--apply", "suppress", "--unit", "I-Btl",  "--stand",
                                         "open",   "--stand", "open",    "--stand",  "open",   "--roll", "1,1,1"};
    auto first = run_cli(three);
    REQUIRE(first.code == 0);
    CHECK(contains(first.out, "I-Btl: suppressed 0 -> 3 (11.3.3)"));
    // Three more suppressions on a battalion with one unsuppressed stand: 4, and no more.
    auto second = run_cli(three);
    REQUIRE(second.code == 0);
    CHECK(contains(second.out, "I-Btl: suppressed 3 -> 4 (11.3.3, 11.3.1)"));
    CHECK(contains(second.out, "I-Btl: suppressed today 3 -> 4 (15.1)"));
    auto third = run_cli(three);
    REQUIRE(third.code == 0);
    CHECK(contains(third.out, "nothing to apply"));
    CHECK(contains(slurp(file), "suppressed = 4\n"));
    CHECK_FALSE(contains(slurp(file), "suppressed = 5"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: with --game, what the game keeps is not asked again, and a flag that contradicts it is refused",
          "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-game-values-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "day.toml").string();
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // the dawn phase done: turn 1 (7.1)
    // Nothing suppressed yet: nothing to rally (14.7).
    auto none = run_cli({"--game", file, "--apply", "rally", "--unit", "I-Btl"});
    CHECK(none.code == 64);
    CHECK(contains(none.err, "no suppressed stand of it to rally (14.7)"));
    REQUIRE(run_cli({"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--stand", "open",
                     "--roll", "1,1"})
                .code == 0);
    // rally --unit rolls one d10 for each of the game's 2 suppressed stands: a 1 rallies on
    // average's 8, a 10 does not (14.7.1).
    auto rally = run_cli({"--game", file, "--apply", "rally", "--unit", "I-Btl", "--roll", "1,10"});
    REQUIRE(rally.code == 0);
    CHECK(contains(rally.out, "1 of 2 rallied"));
    CHECK(contains(rally.out, "I-Btl: suppressed 2 -> 1 (14.7)"));
    const std::string before = slurp(file);
    auto contradicted = run_cli({"--game", file, "rally", "--unit", "I-Btl", "--suppressed", "3"});
    CHECK(contradicted.code == 64);
    CHECK(contains(contradicted.err, "--suppressed 3, but the game"));
    CHECK(contains(contradicted.err, "has I-Btl with 1 suppressed stands"));
    CHECK(run_cli({"--game", file, "rally", "--unit", "I-Btl", "--suppressed", "1", "--roll", "1"}).code == 0);
    // II-Btl has 3 stands: a fourth under the template is no stand of it.
    auto four = run_cli({"--game", file, "suppress", "--unit", "II-Btl", "--stand", "open", "--stand", "open",
                         "--stand", "open", "--stand", "open"});
    CHECK(four.code == 64);
    CHECK(contains(four.err, "--stand given 4 times"));
    auto stands = run_cli({"--game", file, "close-combat", "--attacker-unit", "I-Btl", "--defender-unit", "2-Para",
                           "--attacker-stands", "3"});
    CHECK(stands.code == 64);
    CHECK(contains(stands.err, "--attacker-stands 3, but the game"));
    // Close combat is between the two sides' battalions (14.8).
    auto itself = run_cli({"--game", file, "--apply", "close-combat", "--attacker-unit", "I-Btl", "--defender-unit",
                           "i-btl", "--roll", "5,4"});
    CHECK(itself.code == 64);
    CHECK(contains(itself.err, "--defender-unit I-Btl is also --attacker-unit"));
    auto allies = run_cli({"--game", file, "--apply", "close-combat", "--attacker-unit", "I-Btl", "--defender-unit",
                           "II-Btl", "--roll", "5,4"});
    CHECK(allies.code == 64);
    CHECK(contains(allies.err, "are both german battalions"));
    CHECK(slurp(file) == before);  // refusals write nothing

    const std::string siege = (dir / "siege.toml").string();
    REQUIRE(run_cli({"game", "new", "constantinople", siege}).code == 0);
    auto damaged = run_cli({"--game", siege, "melee", "--attacker", "Venice:damaged", "--defender", "Galley-1"});
    CHECK(damaged.code == 64);
    CHECK(contains(damaged.err, "--attacker 'Venice:damaged': the game has Venice undamaged"));
    auto back = run_cli({"--game", siege, "melee", "--attacker", "Venice", "--defender", "Galley-1:back"});
    CHECK(back.code == 64);
    CHECK(contains(back.err, "--defender 'Galley-1:back': the game has Galley-1 on its front side"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: ships engaged by a ram: neither rams again, and a ship that sinks frees its partner (15.15)",
          "[cli][game]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-game-1515-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "siege.toml").string();
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // Galley-3 (ram 4) against Imperial-1 (defense D): 1-2 pins (15.42).
    auto ram =
        run_cli({"--game", file, "--apply", "ram", "--rammer", "Galley-3", "--target", "Imperial-1", "--roll", "2"});
    REQUIRE(ram.code == 0);
    CHECK(contains(ram.out, "Imperial-1: pinned to - -> Galley-3 (15.15)"));
    auto again = run_cli({"--game", file, "--apply", "ram", "--rammer", "Galley-1", "--target", "Imperial-1"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "--target Imperial-1 is engaged with Galley-3"));
    auto dead = run_cli({"--game", file, "--apply", "ram", "--rammer", "Galley-3", "--target", "Venice"});
    CHECK(dead.code == 64);
    CHECK(contains(dead.err, "--rammer Galley-3 is engaged with Imperial-1 in the game (15.15): dead in the water"));
    // 4 + 4 + 3 = 11 against Imperial-1's 6: +5, read as +4 (15.41); a 6 is L, and a Byzantine ship that loses one is
    // sunk (15.35). Galley-3 is engaged with a wreck no more.
    auto sunk = run_cli({"--game", file, "--apply", "melee", "--attacker", "Galley-1", "--attacker", "Galley-2",
                         "--attacker", "Trireme-1", "--defender", "Imperial-1", "--roll", "6"});
    REQUIRE(sunk.code == 0);
    CHECK(contains(sunk.out, "Imperial-1: sunk false -> true (15.35)"));
    CHECK(contains(sunk.out, "Galley-3: pinned to Imperial-1 -> - (15.35)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: what a ship did this Impulse is kept: its ram, its attackers' one melee, its try to break free, its "
          "Storm die (14.17, 15.14, 15.16, 15.23, 14.29)",
          "[cli][game]")
{
    const test::TempDir dir("game-once");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Galley-1 (ram 4) against Venice (ram defense D): 1-2 pins (15.42), a 4 does not. A
    // ram that fails ends the rammer's Movement Segment (15.14): no second ram this Impulse.
    // Each of these was accepted, a failed one journalling nothing, so a referee could roll
    // until the dice pleased.
    REQUIRE(game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "4"}).code == 0);
    auto again = game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "1"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "Galley-1 has rammed in this Impulse already (1-1:failed)"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    // "Such vessel may not engage in boarding and melee" (15.14).
    auto melee = game({"melee", "--attacker", "Galley-1", "--defender", "Venice", "--roll", "6"});
    CHECK(melee.code == 64);
    CHECK(contains(melee.err, "Galley-1 failed to ram in Impulse 1-1"));
    // Venice's attackers are one melee, their strengths summed (15.23), at most four (15.24):
    // a fifth in a melee of its own was taken, a second die against the same ship.
    REQUIRE(game({"melee", "--attacker", "Galley-2", "--attacker", "Galley-3", "--defender", "Venice", "--roll", "1"})
                .code == 0);
    auto more = game({"melee", "--attacker", "Galley-4", "--defender", "Venice", "--roll", "1"});
    CHECK(more.code == 64);
    CHECK(contains(more.err, "Venice has been attacked in this Combat Segment already (Impulse 1-1)"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    // Impulse 1-2: Galley-1 used Battle Speed in 1-1 to ram; not two segments in a row (14.17).
    auto tired = game({"ram", "--rammer", "Galley-1", "--target", "Imperial-1", "--roll", "1"});
    CHECK(tired.code == 64);
    CHECK(contains(tired.err, "Galley-1 rammed in Impulse 1-1, at Battle Speed (15.11)"));
    CHECK(contains(tired.err, "(14.17)"));
    REQUIRE(game({"ram", "--rammer", "Galley-5", "--target", "Imperial-1", "--roll", "1"}).code == 0);
    // One roll to break free at the beginning of a Movement Segment (15.16): a failed try is
    // journalled, and a second this Impulse refused. The rammer's own try is its own.
    const std::string before = slurp(file + ".journal");
    auto engaged = game({"free", "--ship", "Imperial-1", "--roll", "2"});
    REQUIRE(engaged.code == 0);
    CHECK(contains(engaged.out, "engaged"));
    CHECK(slurp(file + ".journal") != before);
    auto retry = game({"free", "--ship", "Imperial-1", "--roll", "1"});
    CHECK(retry.code == 64);
    CHECK(contains(retry.err, "Imperial-1 has tried to break free in this Impulse already"));
    CHECK(game({"free", "--ship", "Galley-5", "--roll", "1"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));

    // 14.29: "a die for each ship unit": a ship's Storm die is rolled once in the Naval Phase.
    const std::string stormy = dir / "storm.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", stormy}).code == 0);
    REQUIRE(run_cli({"-q", "--game", stormy, "--apply", "wind", "--roll", "7,2"}).code == 0);  // N, Storm (14.32)
    auto port = run_cli({"-q", "--game", stormy, "--apply", "storm", "--ship", "Galley-1", "--roll", "3"});
    REQUIRE(port.code == 0);
    CHECK(contains(port.out, "0 ships lost"));
    auto second = run_cli({"-q", "--game", stormy, "--apply", "storm", "--ship", "Galley-1", "--roll", "6"});
    CHECK(second.code == 64);
    CHECK(contains(second.err, "Galley-1's fate in the Storm of Naval Phase 1 is read already"));
    CHECK(!contains(slurp(stormy), "sunk = true"));
    CHECK(contains(run_cli({"game", "rebuild", stormy}).out, "identical"));
    // "Ships that are pinned from Ramming are automatically sunk" (14.29): both of the pair by
    // default (15.15, both dead in the water), or, read as 15.42 pins the defending ship, the
    // rammed one only, the rammer rolling as a ship at sea.
    const std::string pair = dir / "pair.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", pair}).code == 0);
    REQUIRE(
        run_cli({"-q", "--game", pair, "--apply", "ram", "--rammer", "Galley-2", "--target", "Venice", "--roll", "1"})
            .code == 0);
    // The pair is still pinned when the next Naval Phase's wind is a Storm (the wind comes
    // before movement, 4.0: not rolled after the ram in its own phase).
    for (int step = 0; step < 9; ++step) {
        REQUIRE(run_cli({"-q", "game", "next", pair}).code == 0);
    }
    REQUIRE(run_cli({"-q", "game", "next", pair, "--roll", "7,2"}).code == 0);  // 2-1, N, Storm (14.32)
    auto both = run_cli({"-q", "--json", "--game", pair, "storm", "--ship", "Galley-2", "--ship", "Venice"});
    CHECK(contains(both.out, R"("result":{"code":"2")"));
    auto rammed = run_cli({"-q", "--json", "--game", pair, "storm", "--ship", "Galley-2", "--ship", "Venice",
                           "--pinned-reading", "rammed", "--roll", "3"});
    CHECK(contains(rammed.out, R"("result":{"code":"1")"));
    CHECK(contains(rammed.out, R"("label":"Galley-2","code":"port")"));
    CHECK(contains(rammed.out, R"("label":"Venice","code":"sunk")"));
}

TEST_CASE("cli: Constantinople's wind holds for the whole Naval Phase, and a Storm stops every ram and reef "
          "(14.23, 14.29)",
          "[cli][game]")
{
    const test::TempDir dir("game-wind");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // Velocity 2d6 of 2 is a Storm (14.32); direction 7 is N (14.31).
    auto storm = run_cli({"-q", "--game", file, "--apply", "wind", "--roll", "7,2"});
    REQUIRE(storm.code == 0);
    CHECK(contains(slurp(file), "velocity = \"storm\""));
    // 14.23: "for that entire Naval Phase": a second roll would blow the Storm away.
    const std::string before = slurp(file);
    auto again = run_cli({"-q", "--game", file, "--apply", "wind", "--roll", "9,7"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "the wind of Naval Phase 1 is rolled already (N storm)"));
    // 14.29: "There is no other movement that Game-Turn": no ram, no ship into a reef hex.
    auto ram = run_cli({"-q", "--game", file, "ram", "--rammer", "Galley-3", "--target", "Imperial-1", "--roll", "1"});
    CHECK(ram.code == 64);
    CHECK(contains(ram.err, "is a Storm: there is no other movement that Game-Turn (14.29): no ram"));
    auto reef = run_cli({"-q", "--game", file, "reef", "2028", "--ship", "Galley-4", "--roll", "6"});
    CHECK(reef.code == 64);
    CHECK(contains(reef.err, "(14.29): no ship enters a reef hex"));
    CHECK(slurp(file) == before);
    // The next phase's wind comes with game next, after the fifth Impulse (13.1); none in between.
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    auto late = run_cli({"-q", "--game", file, "--apply", "wind"});
    CHECK(late.code == 64);
    CHECK(contains(late.err, "rolled already"));
    for (int i = 0; i < 8; ++i) {  // Impulse 1's combat to Impulse 5's, movement then combat each (13.1)
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    }
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "9,7"}).code == 0);
    CHECK(contains(slurp(file), "naval_phase = 2"));
    CHECK(contains(slurp(file), "wind = \"NE\""));  // 14.23's example: 9 and 7, from NE at 8
    CHECK(run_cli({"-q", "--game", file, "--apply", "wind"}).code == 64);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: reef --ship names the ship, a ship lost on a reef is eliminated in the game (15.53)", "[cli][game]")
{
    const test::TempDir dir("game-reef");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // Hex 2028 is numbered 5 (15.53): a 5 is not higher, the ship is lost.
    auto lost = run_cli({"-q", "--game", file, "--apply", "reef", "2028", "--ship", "Galley-2", "--roll", "5"});
    REQUIRE(lost.code == 0);
    CHECK(contains(lost.out, "result: lost"));
    CHECK(contains(lost.out, "Galley-2: sunk false -> true (15.53)"));
    // A sunk ship enters no hex; the ship's side is its own.
    CHECK(run_cli({"-q", "--game", file, "reef", "2028", "--ship", "Galley-2"}).code == 64);
    auto side = run_cli({"-q", "reef", "2028", "--ship", "Genoa", "--side", "ottoman"});
    CHECK(side.code == 64);
    CHECK(contains(side.err, "--side ottoman: Genoa is byzantine"));
    // A 6 is higher: safe, nothing changes.
    auto safe = run_cli({"-q", "--game", file, "--apply", "reef", "2028", "--ship", "Galley-3", "--roll", "6"});
    REQUIRE(safe.code == 0);
    CHECK(contains(safe.out, "nothing to apply"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: Novorossiysk hits with --game fights in the time counter's phase and weather (N1, N3)", "[cli][game]")
{
    const test::TempDir dir("game-novo");
    const std::string file = dir / "novo.toml";
    REQUIRE(run_cli({"game", "new", "novorossiysk", file}).code == 0);
    // Day 1, morning: two blocks that moved in against one have Surprise by day without
    // --time being typed (the morning is day).
    auto surprise = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--attacker", "Sov-Company-1",
                             "--defender", "Ger-Company-1", "--moved-in"});
    REQUIRE(surprise.code == 0);
    CHECK(contains(surprise.out, "Surprise for the attacker: yes (2 against 1 units, day, moved in)"));
    // The phase's weather, 2D6 9: poor flying weather; air to air dice are lowered a level.
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "weather", "--roll", "9"}).code == 0);
    auto air = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Fighter-1", "--defender", "Ger-Fighter-1"});
    REQUIRE(air.code == 0);
    CHECK(contains(air.out, "weather: poor-flying"));
    CHECK(contains(air.out, "all air to air combat is lowered one level"));
    // A flag that contradicts the game is refused in words.
    auto weather = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Ger-Company-1",
                            "--weather", "clear"});
    CHECK(weather.code == 64);
    CHECK(contains(weather.err, "--weather clear, but the game"));
    CHECK(contains(weather.err, "has poor-flying this phase"));
    auto phase = run_cli(
        {"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Ger-Company-1", "--phase", "night"});
    CHECK(phase.code == 64);
    CHECK(contains(phase.err, "is in the morning phase"));
    auto zone = run_cli(
        {"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Ger-Company-1", "--zone", "west"});
    CHECK(zone.code == 64);
    CHECK(contains(zone.err, "is not by zone"));
    // A block of the game fights once, on one side, against the other side's: named twice
    // it was two blocks (and one step lost twice under --apply); against its own side, a
    // combat.
    auto twice = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--attacker", "sov-rifle-1",
                          "--defender", "Ger-Company-1"});
    CHECK(twice.code == 64);
    CHECK(contains(twice.err, "--attacker Sov-Rifle-1 is given twice; a block fights once"));
    auto both = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Sov-Rifle-1"});
    CHECK(both.code == 64);
    CHECK(contains(both.err, "--defender Sov-Rifle-1 is given twice (also --attacker)"));
    auto friends = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Sov-Company-1"});
    CHECK(friends.code == 64);
    CHECK(contains(friends.err, "are both soviet blocks"));
    // Blocks typed as specs are not named: two alike are two blocks.
    CHECK(run_cli({"-q", "--game", file, "hits", "--attacker", "large:red", "--attacker", "large:red", "--defender",
                   "Ger-Company-1"})
              .code == 0);
}

TEST_CASE("cli: Constantinople melee is simultaneous: a ship struck in a Combat Segment fights on as it began it "
          "(15.25, 15.24)",
          "[cli][game]")
{
    const test::TempDir dir("game-1525");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // Genoa-2 7 against Galley-1 4: +3, a 6 is L; the Ottoman ship flips to its reduced side (15.35).
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "melee", "--attacker", "Genoa-2", "--defender", "Galley-1",
                     "--roll", "6"})
                .code == 0);
    CHECK(contains(slurp(file), "face = \"back\""));
    // 15.25: "Losses are taken only after both Players resolve their individual battles":
    // in the same segment Galley-1 still attacks at its front strength, 4 (not its back's 2),
    // whichever melee the referee typed first. (Its one known enemy is Genoa-2: 15.24.)
    auto counter =
        run_cli({"-q", "--game", file, "melee", "--attacker", "Galley-1", "--defender", "Genoa-2", "--roll", "1"});
    REQUIRE(counter.code == 0);
    CHECK(contains(counter.out, "Galley-1 4 against Genoa-2 7 = differential -3"));
    // A ship sunk in the segment still fights in it. Galley-1 is the defender of one melee a
    // segment (15.23: all its attackers in it), so the next Impulse: Genoa-2 7 against its
    // back 2 (+5, read as +4), a 6 is L, and an Ottoman ship reduced already that loses one is eliminated (15.35).
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "melee", "--attacker", "Genoa-2", "--defender", "Galley-1",
                     "--roll", "6"})
                .code == 0);
    CHECK(contains(slurp(file), "sunk = true"));
    auto sunk =
        run_cli({"-q", "--game", file, "melee", "--attacker", "Galley-1", "--defender", "Genoa-2", "--roll", "1"});
    CHECK(sunk.code == 0);
    // 15.24: a ship attacks once a segment.
    auto twice = run_cli({"-q", "--game", file, "melee", "--attacker", "Genoa-2", "--defender", "Galley-2"});
    CHECK(twice.code == 64);
    CHECK(contains(twice.err, "Genoa-2 has attacked in this Combat Segment already"));
    // The next Impulse: the losses stand; Galley-1 is gone, Genoa-2 attacks again.
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    CHECK(run_cli({"-q", "--game", file, "melee", "--attacker", "Galley-1", "--defender", "Venice"}).code == 64);
    CHECK(run_cli({"-q", "--game", file, "melee", "--attacker", "Genoa-2", "--defender", "Galley-2", "--roll", "1"})
              .code == 0);
    // With --exchange the defender attacks back (15.21): that is its attack of the segment.
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "melee", "--attacker", "Galley-2", "--defender", "Venice",
                     "--exchange", "--roll", "1,1"})
                .code == 0);
    auto venice = run_cli({"-q", "--game", file, "melee", "--attacker", "Venice", "--defender", "Galley-3"});
    CHECK(venice.code == 64);
    CHECK(contains(venice.err, "Venice has attacked in this Combat Segment already"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: game set marks a unit by hand, with the referee's reason, redo makes again what undo took back",
          "[cli][game]")
{
    const test::TempDir dir("game-set");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    CHECK(run_cli({"game", "set", file, "Genoa-2", "leader=Diedo"}).code == 64);  // no reason
    auto set = run_cli({"game", "set", file, "Genoa-2", "leader=Diedo", "--reason", "Diedo goes aboard"});
    REQUIRE(set.code == 0);
    CHECK(contains(set.out, "Genoa-2: leader - -> Diedo (by hand: Diedo goes aboard)"));
    CHECK(contains(slurp(file + ".journal"), "by hand: Diedo goes aboard"));
    // The game knows who is aboard: +1 to Genoa-2's melee strength in defense (15.26), untyped.
    auto melee =
        run_cli({"-q", "--game", file, "melee", "--attacker", "Galley-1", "--defender", "Genoa-2", "--roll", "3"});
    CHECK(contains(melee.out, "against Genoa-2 7 +1 leader (15.26)"));
    // Held to the board's limits as any change: one Diedo, Byzantine ships only, known keys.
    const std::string before = slurp(file);
    CHECK(contains(run_cli({"game", "set", file, "Venice", "leader=Diedo", "--reason", "x"}).err,
                   "Diedo is aboard Genoa-2 and Venice both"));
    CHECK(contains(run_cli({"game", "set", file, "Galley-1", "leader=Trevisano", "--reason", "x"}).err,
                   "commands Byzantine ships only (15.26)"));
    CHECK(contains(run_cli({"game", "set", file, "Genoa-2", "strength=9", "--reason", "x"}).err,
                   "the game keeps no 'strength' here"));
    CHECK(contains(run_cli({"game", "set", file, "Genova", "damaged=true", "--reason", "x"}).err, "no unit 'Genova'"));
    CHECK(slurp(file) == before);
    // undo, redo; a new change empties what redo may make again
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK_FALSE(contains(slurp(file), "Diedo"));
    auto redo = run_cli({"game", "redo", file});
    REQUIRE(redo.code == 0);
    CHECK(contains(redo.out, "Redone: umpire game set"));
    CHECK(slurp(file) == before);
    CHECK(run_cli({"game", "redo", file}).code == 64);
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    REQUIRE(run_cli({"game", "next", file}).code == 0);
    auto none = run_cli({"game", "redo", file});
    CHECK(none.code == 64);
    CHECK(contains(none.err, "nothing to redo"));
    // a new change whose words hold "redo" is still a new change (it was taken for a redo)
    REQUIRE(run_cli({"game", "set", file, "Genoa-2", "damaged=true", "--reason", "a"}).code == 0);
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    REQUIRE(run_cli({"game", "undo", file}).code == 0);  // two to redo: the words took one
    REQUIRE(run_cli({"game", "set", file, "Venice", "damaged=true", "--reason", "redo"}).code == 0);
    auto after_words = run_cli({"game", "redo", file});
    CHECK(after_words.code == 64);
    CHECK(contains(after_words.err, "nothing to redo"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: the referee's Turn Record Track in a scenario moves the Russian Portfolio's month (V, VI.A)",
          "[cli][game]")
{
    const test::TempDir dir("game-track");
    const std::string scenario = dir / "mine.toml";
    auto write = [&](const std::string& track) {
        std::ofstream(scenario) << "id = \"mine\"\ntitle = \"Barbarossa, my track\"\ngame = \"The Russian Portfolio\"\n"
                                   "source = \"the referee's own track\"\nsides = [\"axis\", \"russian\"]\n"
                                   "start = \"22Jun41\"\nturn_record_track = ["
                                << track << "]\n";
    };
    write(R"("22Jun41", "jul41", "jul41", "aug41", "sep41", "oct41")");
    const std::string file = dir / "barbarossa.toml";
    REQUIRE(run_cli({"game", "new", scenario, file}).code == 0);
    for (const char* expected : {"Game-turn 2, jul41: Good", "Game-turn 3, jul41: Good", "Game-turn 4, aug41: Good",
                                 "Game-turn 5, sep41: Good"}) {
        auto next = run_cli({"-q", "game", "next", file});
        REQUIRE(next.code == 0);
        CHECK(contains(next.out, expected));
    }
    // the track has oct41 for game-turn 6: another month is refused, the track's is read as Mud
    auto other = run_cli({"-q", "game", "next", file, "--month", "sep41"});
    CHECK(other.code == 64);
    CHECK(contains(other.err, "--month sep41, but the scenario's Turn Record Track has oct41 for game-turn 6"));
    CHECK(contains(run_cli({"-q", "game", "next", file}).out, "Game-turn 6, oct41: Mud"));  // "October is Mud"
    // past its end the month stays until given, as without a track
    CHECK(contains(run_cli({"-q", "game", "next", file}).out, "Game-turn 7, oct41: Mud"));
    CHECK(contains(run_cli({"-q", "game", "next", file, "--month", "nov41"}).out, "nov41: Hard Frost"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // a track that skips a month, or goes back, is refused where it is written
    write(R"("22Jun41", "aug41")");
    auto skip = run_cli({"game", "new", scenario, dir / "b.toml"});
    CHECK(skip.code == 65);
    CHECK(contains(skip.err, "mine.toml:7:21: turn_record_track: game-turn 2's aug41 after jun41"));
    write(R"("22Jun41", "mud")");
    CHECK(contains(run_cli({"game", "new", scenario, dir / "c.toml"}).err, "'mud' is no month"));
}

TEST_CASE("cli: game sequence lists the steps of play in the rules' order, the game's own marked now (7.0, 13.1)",
          "[cli][game]")
{
    const test::TempDir dir("game-sequence");
    const std::string file = dir / "day.toml";
    // Without a file: the game's steps alone, in the order of 7.0 (dawn, the day turns, night).
    auto steps = run_cli({"game", "sequence", "great-battles"});
    REQUIRE(steps.code == 0);
    const size_t dawn = steps.out.find("dawn  1. the dawn phase (7.1, 8.0)");
    const size_t first = steps.out.find("first-player  2. the first player's turn (7.2)");
    const size_t second = steps.out.find("second-player  3. the second player's turn (7.2)");
    const size_t night = steps.out.find("night  4. the night phase (16.0)");
    CHECK(dawn < first);
    CHECK(first < second);
    CHECK(second < night);
    CHECK(night != std::string::npos);
    CHECK_FALSE(contains(steps.out, "(now)"));
    // With a file: the step it is at. A new game is at day 1's dawn (7.0).
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    auto at = run_cli({"--json", "game", "sequence", file});
    REQUIRE(at.code == 0);
    CHECK(contains(at.out, R"("label":"now","code":"dawn")"));
    auto status = run_cli({"--json", "game", "status", file});
    CHECK(contains(status.out, R"("step":"dawn")"));
    CHECK(contains(status.out, "to do: roll the day's weather (8.0)"));
    auto next = run_cli({"game", "next", file});
    CHECK(contains(next.out, "now the first player's turn (7.2)"));
    CHECK(contains(next.out, "--skip-due"));  // {skip_due} said as the flag the referee types
    // the step's section once ("(7.2), each of the day's turns (7.2)" said it twice), and the
    // dawn's change cites 7.0, which orders the day: 16.3's "Play then proceeds to the Dawn
    // Phase of the next day" ends the night, and the night's change cites it
    const auto sequence = run_cli({"game", "sequence", file}).out;
    CHECK(contains(sequence, "the first player's turn (7.2), each of the day's turns  (now)"));
    CHECK(contains(sequence, "game next: day and turn 1 begin (7.0: each day a dawn phase, then the day turns)"));
    CHECK_FALSE(contains(sequence, "turn 1 begin (16.3"));
    // A word that is neither a game nor a file, and too many words, are refused.
    auto neither = run_cli({"game", "sequence", dir / "none.toml"});
    CHECK(neither.code != 0);
    CHECK(run_cli({"game", "sequence", "great-battles", "constantinople"}).code == 64);
    // Every game takes --skip-due, even where nothing falls due (the Black Sea's turn).
    const std::string sea = dir / "sea.toml";
    REQUIRE(run_cli({"game", "new", "black-sea", sea}).code == 0);
    CHECK(run_cli({"-q", "game", "next", sea, "--skip-due"}).code == 0);
}

TEST_CASE("cli: a battalion's stands keep their cover and type in the game, suppress --unit reads them (11.3.3)",
          "[cli][game]")
{
    const test::TempDir dir("game-stand");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    // Without --stand: each of I-Btl's 4 stands (great-battles-example), in the open unless set;
    // activated in the open a 5 suppresses (8 or less, 11.3.3): four dice, four suppressed.
    auto open = run_cli({"--game", file, "suppress", "--unit", "I-Btl", "--roll", "5,5,5,5"});
    REQUIRE(open.code == 0);
    CHECK(contains(open.out, "4 suppressed, 0 destroyed, 0 unaffected"));
    CHECK(contains(open.out, "stands: open, open, open, open"));
    // Into hard cover, said by the referee: a 5 no longer suppresses (hard cover 4 or less).
    REQUIRE(run_cli({"-q", "game", "set", file, "I-Btl", "stand=hard", "--reason", "into the village"}).code == 0);
    auto hard = run_cli({"--game", file, "suppress", "--unit", "I-Btl", "--roll", "5,5,5,4"});
    REQUIRE(hard.code == 0);
    CHECK(contains(hard.out, "1 suppressed, 0 destroyed, 3 unaffected"));
    // Under an air attack, one stand (12.2): a rocket's 3-4 destroys a vehicle, not infantry.
    // Air-ground support waits for turn 3's full daylight (12.2.3, 8.2).
    for (int step = 0; step < 4; ++step) {
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    }
    REQUIRE(run_cli({"-q", "game", "set", file, "I-Btl", "stand=hard:armour", "--reason", "its tanks"}).code == 0);
    auto rocket = run_cli({"--game", file, "suppress", "--unit", "I-Btl", "--air", "rocket", "--roll", "3"});
    REQUIRE(rocket.code == 0);
    CHECK(contains(rocket.out, "0 suppressed, 1 destroyed"));
    // --stand still says which stands are under the template, whatever the game keeps.
    auto typed = run_cli({"--game", file, "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "5"});
    CHECK(contains(typed.out, "1 suppressed"));
    // A cover the suppression chart does not name, or a type 11.3.3 does not, is refused by
    // game set, and nothing is journalled.
    const std::string journal = slurp(file + ".journal");
    auto swamp = run_cli({"game", "set", file, "I-Btl", "stand=swamp", "--reason", "x"});
    CHECK(swamp.code == 64);
    CHECK(contains(swamp.err, "no cover 'swamp'; allowed: open, soft, hard, bunker"));
    auto tank = run_cli({"game", "set", file, "I-Btl", "stand=hard:tank", "--reason", "x"});
    CHECK(tank.code == 64);
    CHECK(slurp(file + ".journal") == journal);
    // Without a game there is nothing to read: --stand is required.
    auto bare = run_cli({"suppress", "--unit", "I-Btl"});
    CHECK(bare.code == 64);
    CHECK(contains(bare.err, "--stand is required"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: game set refuses a Novorossiysk block whose dice the hit-dice chart does not name", "[cli][game]")
{
    const test::TempDir dir("game-block");
    const std::string file = dir / "blocks.toml";
    REQUIRE(run_cli({"game", "new", "novorossiysk", file}).code == 0);
    auto bad = run_cli({"game", "set", file, "Sov-Rifle-1", "block=large:9Z", "--reason", "x"});
    CHECK(bad.code == 64);
    CHECK(contains(bad.err, "no hit die 'z'"));
    CHECK(run_cli({"-q", "game", "set", file, "Sov-Rifle-1", "block=large:3red", "--reason", "the real block"}).code ==
          0);
}

TEST_CASE("cli: game set refuses a lesser side that is not lesser than the block's full side (Large Blocks)",
          "[cli][game][novorossiysk]")
{
    // Large Blocks: "If a Large Block takes one hit the controlling player 'steps it down' by
    // turning the Block over to show the lesser coloured dice uppermost"; block_reduced=black
    // on large:2red was accepted (hunt42).
    const test::TempDir dir("game-lesser");
    const std::string file = dir / "blocks.toml";
    REQUIRE(run_cli({"game", "new", "novorossiysk", file}).code == 0);  // Sov-Rifle-1: large:2red:aa=yellow, red
    const std::string before = slurp(file);
    const auto set = [&](const char* what) {
        return run_cli({"-q", "game", "set", file, "Sov-Rifle-1", what, "--reason", "decal"});
    };
    auto black = set("block_reduced=black");
    CHECK(black.code == 64);
    CHECK(contains(black.err, "game set block_reduced=black: black is stronger than its full side's red: a block "
                              "steps down 'to show the lesser coloured dice' (Large Blocks)"));
    CHECK(contains(set("block_reduced=3red").err, "3 dice, more than its full side's 2"));
    CHECK(contains(set("block_reduced=2red").err, "the same dice as its full side"));
    // the full side set beneath its lesser one is refused alike
    auto full = set("block=large:white");
    CHECK(full.code == 64);
    CHECK(contains(full.err, "game set block=large:white: its lesser side 'red': red is stronger than its full "
                             "side's white"));
    CHECK(slurp(file) == before);
    CHECK(set("block_reduced=yellow").code == 0);  // fewer, weaker
    CHECK(set("block_reduced=red+yellow").code == 0);
}

TEST_CASE("cli: a game file that is not there is refused and leaves no lock file behind", "[cli][game]")
{
    // A mistyped name used to leave NAME.lock beside it (the reader's lock was made before
    // the file was looked for): litter, and in a directory of someone else's an error.
    const test::TempDir dir("game-missing");
    const std::string game = dir / "typo.toml";
    const std::vector<std::vector<std::string>> calls = {
        {"--game", game, "melee", "--attacker", "4", "--defender", "5", "--roll", "4"},
        {"--game", game, "--apply", "melee", "--attacker", "4", "--defender", "5", "--roll", "4"},
        {"game", "status", game},
        {"game", "undo", game},
        {"game", "next", game},
        {"game", "rebuild", game},
        {"game", "recover", game},
        {"game", "set", game, "Genoa", "damaged", "--reason", "test"},
        {"--game", game, "shell"},
        // commands whose answer reads nothing of a game answered as if none were named
        {"--game", game, "wind", "--roll", "9,7"},
        {"--game", game, "roll", "2d6"},
        {"--game", game, "check", "storm"},
        {"--game", game, "table", "lookup", "constantinople.melee", "--column", "3", "--roll", "4"},
        {"--game", game, "crt", "--attack", "5", "--defense", "3", "--odds"},
        {"--game", game, "compare", "wind", "initiative"},
        // and those that print no resolution
        {"--game", game, "table", "show", "constantinople.melee"},
        {"--game", game, "check", "list"},
    };
    for (const auto& call : calls) {
        INFO(call[0] << " " << call[1] << " " << call[2]);
        const auto r = test::run_cli(call);
        CHECK(r.code == 66);
        CHECK(test::contains(r.err, game + ": no such game file"));
    }
    CHECK(std::filesystem::is_empty(dir.path));
}

TEST_CASE("cli: a game's command on a game file of other rules is refused", "[cli][game]")
{
    const test::TempDir dir("game-other-rules");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const std::string before = slurp(file);
    // crt is The Russian Portfolio's (XIII.C); it said "nothing to apply" and exit 0
    auto crt = run_cli({"--game", file, "--apply", "crt", "--attack", "5", "--defense", "3", "--roll", "3"});
    CHECK(crt.code == 64);
    CHECK(contains(crt.err, file + " is a game of Constantinople; crt is a command of The Russian Portfolio"));
    auto rally =
        run_cli({"--game", file, "--apply", "rally", "--quality", "average", "--suppressed", "1", "--roll", "3"});
    CHECK(rally.code == 64);
    CHECK(contains(rally.err, "rally is a command of Great Battles of WWII"));
    CHECK(slurp(file) == before);
    // without --apply too, though crt and rally with bare numbers read nothing of the file:
    // they answered while morale was refused, a stale $UMPIRE_GAME passed over
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"crt", "--attack", "5", "--defense", "3", "--roll", "3"},
          {"rally", "--quality", "average", "--suppressed", "1", "--roll", "3"},
          {"morale", "--stands", "4", "--eliminated", "1", "--roll", "3"}}) {
        std::vector<std::string> with_game{"--game", file};
        with_game.insert(with_game.end(), args.begin(), args.end());
        auto r = run_cli(with_game);
        CHECK(r.code == 64);
        CHECK(contains(r.err, file + " is a game of Constantinople; " + args.front() + " is a command of "));
    }
    // its own commands, and those of every game, still read it
    CHECK(run_cli({"--game", file, "--apply", "melee", "--attacker", "4", "--defender", "5", "--roll", "4"}).code == 0);
    CHECK(run_cli({"--game", file, "roll", "2d6"}).code == 0);
}

TEST_CASE("cli: an audit log that cannot take the line refuses --apply before the game changes", "[cli][game]")
{
    const test::TempDir dir("game-log-first");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const std::string before = slurp(file);
    const std::string journal = slurp(file + ".journal");
    std::filesystem::create_directory(dir / "logs");
    // the change was made, then the log refused: "but the change was made", exit 74
    auto r = run_cli({"--game", file, "--apply", "--log", dir / "logs", "melee", "--attacker", "Venice", "--defender",
                      "Galley-1", "--roll", "2"});
    CHECK(r.code == 74);
    CHECK(contains(r.err, "--log " + (dir / "logs") + ": cannot open"));
    CHECK(contains(r.err, "nothing applied to " + file));
    CHECK(slurp(file) == before);
    CHECK(slurp(file + ".journal") == journal);
}

TEST_CASE("cli: game set keeps a number as umpire writes numbers, and a key once", "[cli][game]")
{
    const test::TempDir dir("game-numbers");
    const std::string file = dir / "battle.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    // -0 was written as the TOML integer -0, read back as 0: the file then disagreed with
    // its journal's "to" for good, and status, recover and rebuild disagreed with each other.
    REQUIRE(run_cli({"game", "set", file, "I-Btl", "suppressed_today=-0", "--reason", "x"}).code == 0);
    CHECK(run_cli({"--game", file, "game", "status"}).code == 0);
    // 01 and +1 are one (umpire(1): 010 is ten), kept as the integer, not the string "01"
    auto one = run_cli({"game", "set", file, "I-Btl", "suppressed_today=01", "--reason", "x"});
    REQUIRE(one.code == 0);
    CHECK(contains(one.out, "suppressed today 0 -> 1"));
    CHECK(contains(slurp(file), "suppressed_today = 1\n"));
    CHECK_FALSE(contains(slurp(file), "\"01\""));
    CHECK(run_cli({"game", "set", file, "I-Btl", "suppressed_today=+1", "--reason", "x"}).code == 0);  // no change
    CHECK(run_cli({"--game", file, "game", "status"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    const std::string before = slurp(file);
    auto twice =
        run_cli({"game", "set", file, "I-Btl", "suppressed_today=2", "suppressed=1", "suppressed=2", "--reason", "x"});
    CHECK(twice.code == 64);
    CHECK(contains(twice.err, "game set: suppressed is given twice"));
    CHECK(slurp(file) == before);
}

TEST_CASE("cli: a game file through a link, in a directory's place, with its own mode, recovered twice", "[cli][game]")
{
    namespace fs = std::filesystem;
    const test::TempDir dir("game-places");
    fs::create_directories(dir.path / "real");
    const std::string real = dir / "real/siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", real}).code == 0);
    // A link is written through, not replaced by a file of its own: both names stay one game.
    fs::create_symlink("real/siege.toml", dir.path / "link.toml");
    REQUIRE(run_cli({"game", "next", dir / "link.toml"}).code == 0);
    CHECK(fs::is_symlink(dir.path / "link.toml"));
    CHECK(run_cli({"game", "next", real}).code == 0);
    CHECK(run_cli({"--game", dir / "link.toml", "game", "status"}).code == 0);
    CHECK_FALSE(fs::exists(dir.path / "link.toml.journal"));
    // A directory where the file should be: said as such, before anything is written.
    fs::create_directories(dir.path / "d.toml");
    auto directory = run_cli({"--game", dir / "d.toml", "game", "status"});
    CHECK(directory.code == 74);
    CHECK(contains(directory.err, "a directory"));
    CHECK_FALSE(fs::exists(dir.path / "d.toml.lock"));
    // The referee's chmod stays.
    fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write);
    REQUIRE(run_cli({"game", "next", real}).code == 0);
    CHECK((fs::status(real).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
    // Two hand edits, each recovered: the second is kept beside the first, not over it.
    const std::string made = slurp(real);
    const auto edit = [&](const std::string& what) { std::ofstream(real, std::ios::app) << "# " << what << "\n"; };
    edit("first");
    REQUIRE(run_cli({"game", "recover", real}).code == 0);
    edit("second");
    auto again = run_cli({"game", "recover", real});
    REQUIRE(again.code == 0);
    CHECK(contains(again.out, real + ".edited.2"));
    CHECK(contains(slurp(real + ".edited"), "# first"));
    CHECK(contains(slurp(real + ".edited.2"), "# second"));
    CHECK(slurp(real) == made);
}

TEST_CASE("cli: an answer lost after the change is made says the change was made", "[cli][game]")
{
    const test::TempDir dir("game-lost");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const std::string journal = slurp(file + ".journal");
    std::ostream closed(nullptr);  // every write fails, as on a full disk or a closed pipe
    std::ostringstream err;
    const int code = cli::run({"game", "next", file}, closed, err, {});
    CHECK(code == 74);
    CHECK(contains(err.str(), "cannot write standard output"));
    CHECK(contains(err.str(), "but the change was made: " + file));
    CHECK(slurp(file + ".journal").size() > journal.size());  // made, and journalled
    // a command that changed nothing says nothing of the kind
    std::ostringstream err2;
    CHECK(cli::run({"game", "status", file}, closed, err2, {}) == 74);
    CHECK_FALSE(contains(err2.str(), "change was made"));
}

TEST_CASE("cli: a blocked loser's stand eliminated instead is applied to the game (14.8.3, 15.2.2)", "[cli][game]")
{
    const test::TempDir dir("game-blocked");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1
    // 9 against 1: 2-Para loses, every stand holds, and it cannot retreat: an unsuppressed
    // stand is eliminated instead (the count said 0 and the game lost nothing).
    auto lost = run_cli({"-q", "--game", file, "--apply", "close-combat", "--attacker-unit", "I-Btl", "--defender-unit",
                         "2-Para", "--defender-blocked", "--roll", "9,1", "--roll", "1,1,1,1"});
    REQUIRE(lost.code == 0);
    CHECK(contains(lost.out, "2-Para: eliminated 0 -> 1 (14.8.2, 14.8.3)"));
    CHECK_FALSE(contains(lost.out, "2-Para: suppressed"));
    // Its morale breaks (100 on d100), and blocked again it stays and loses a stand (15.2.2).
    auto broke = run_cli({"-q", "--game", file, "--apply", "morale", "--unit", "2-Para", "--blocked", "--roll", "100"});
    REQUIRE(broke.code == 0);
    CHECK(contains(broke.out, "2-Para: eliminated 1 -> 2 (15.2.2)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: game set holds the clock to the game's months: none before jun41 (V, XVI.C)", "[cli][game]")
{
    const test::TempDir dir("game-months");
    const std::string file = dir / "barbarossa.toml";
    REQUIRE(run_cli({"game", "new", "russian-portfolio", file}).code == 0);
    // jun40 was taken, and the next 'game next' failed on a weather row it named as --row
    auto early = run_cli({"game", "set", file, "clock", "month=jun40", "--reason", "x"});
    CHECK(early.code == 64);
    CHECK(contains(early.err, "'jun40' is before the game begins: jun41 or later"));
    CHECK(run_cli({"game", "set", file, "clock", "month=jul41", "--reason", "x"}).code == 0);
    CHECK(run_cli({"game", "next", file, "--month", "aug41"}).code == 0);
}

TEST_CASE("cli: undoing the night says what the board gets back, not the night's recovery again", "[cli][game]")
{
    // The words were chosen by the change's rule (16.1.1), which an undo keeps: undoing the
    // night told the referee the markers came off while it put them back on.
    const test::TempDir dir("game-undo-night");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"game", "next", file}).code == 0);  // the dawn to turn 1
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--stand",
                     "open", "--roll", "1,1"})
                .code == 0);
    bool night = false;
    for (int i = 0; i < 40 && !night; ++i) {
        const auto next = run_cli({"-q", "game", "next", file, "--skip-due"});
        REQUIRE(next.code == 0);
        night = contains(next.out, "I-Btl's suppressed stands recover, their markers removed (16.1.1)");
    }
    REQUIRE(night);
    const auto undo = run_cli({"-q", "game", "undo", file});
    REQUIRE(undo.code == 0);
    CHECK(contains(undo.out, "I-Btl has 2 suppressed stands"));
    CHECK_FALSE(contains(undo.out, "recover"));
    CHECK(contains(undo.out, "I-Btl: suppressed 0 -> 2"));
}

TEST_CASE("cli: a battalion Gone to Ground is read as non-activated under a barrage (15.2.1, 9.3, 11.3.3)",
          "[cli][game]")
{
    const test::TempDir dir("game-gone-to-ground");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1
    // Before it breaks, I-Btl is activated (the game keeps no other activation): a 7 in the
    // open suppresses (8 or less, 11.3.3).
    auto before = run_cli({"-q", "--game", file, "suppress", "--unit", "I-Btl", "--roll", "7,7,7,7"});
    REQUIRE(before.code == 0);
    CHECK(contains(before.out, "4 suppressed, 0 destroyed, 0 unaffected"));
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--roll", "1,9,9,9"}).code == 0);
    // Its morale breaks (99 on d100); blocked, it loses a stand and Goes to Ground (15.2.1-2).
    auto broke = run_cli({"-q", "--game", file, "--apply", "morale", "--unit", "I-Btl", "--blocked", "--roll", "99"});
    REQUIRE(broke.code == 0);
    CHECK(contains(broke.out, "gone to ground false -> true (15.2.1)"));
    // "cannot be activated ... for the rest of that day" (15.2.1): non-activated in the open
    // is 6 or less (11.3.3), so a 7 leaves each of its 3 stands unaffected. It read 8. Its
    // suppressed stand rolls nothing (11.3.1: extra suppression has no additional effect).
    auto after = run_cli({"-q", "--game", file, "suppress", "--unit", "I-Btl", "--roll", "7,7"});
    REQUIRE(after.code == 0);
    CHECK(contains(after.out, "0 suppressed, 0 destroyed, 3 unaffected"));
    CHECK(contains(after.out, "Gone to Ground: it cannot be activated for the rest of the day (15.2.1, 9.4)"));
    CHECK(contains(after.out, "<= 6") == false);
    CHECK(contains(after.out, "> 6 -> unaffected"));
    auto six = run_cli({"-q", "--json", "--game", file, "suppress", "--unit", "I-Btl", "--roll", "6,7"});
    CHECK(contains(six.out, R"("activated":false)"));
    CHECK(contains(six.out, R"("gone_to_ground":true)"));
    CHECK(contains(six.out, R"("suppressed":1)"));
}

TEST_CASE("cli: a battalion with no stand left tests no morale, and game next does not wait for it (15.0, 15.2)",
          "[cli][game]")
{
    const test::TempDir dir("game-no-stand-left");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1
    // I-Btl's 4 stands all suppressed (a 1 each, 11.3.3), then 2-Para wins a close combat
    // (7 against 2) and each suppressed stand that fails average's 8 is eliminated (14.8.2).
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--roll", "1,1,1,1"}).code == 0);
    auto lost = run_cli({"-q", "--game", file, "--apply", "close-combat", "--attacker-unit", "2-Para",
                         "--defender-unit", "I-Btl", "--roll", "7,2,9,9,9,9"});
    REQUIRE(lost.code == 0);
    CHECK(contains(lost.out, "I-Btl: eliminated 0 -> 4"));
    // 15.1: a suppressed stand then eliminated is an eliminated stand, 2 points, not 3.
    CHECK(contains(lost.out, "I-Btl: suppressed today 4 -> 0 (15.1, a suppressed stand eliminated counts as "
                             "eliminated)"));
    CHECK(contains(lost.out, "I-Btl: morale check due true -> false (15.0, no stand left)"));
    // Nothing left to hold, retreat or Go to Ground: no test (it was refused: 12 casualty points).
    auto morale = run_cli({"-q", "--game", file, "--apply", "morale", "--unit", "I-Btl"});
    REQUIRE(morale.code == 0);
    CHECK(contains(morale.out, "No test: no stand left"));
    CHECK(contains(morale.out, "casualty points: 4 eliminated x 2 + 0 suppressed x 1 = 8 (15.1)"));
    // The turn ends without --skip-due: no battalion is due a check (it was refused).
    auto next = run_cli({"-q", "game", "next", file});
    CHECK(next.code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a close-combat loser whose stands all held owes no morale check for it (14.8.3, 15.0)", "[cli][game]")
{
    const test::TempDir dir("game-loser-held");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1
    // 2-Para wins (6 against 2); each of I-Btl's four stands rolls a 1, within average's 8:
    // none suppressed, none eliminated. "If the losing battalion took a suppression or an
    // elimination during the close combat ... it will have to test its morale" (14.8.3):
    // it took none, so it owes no test, and the turn may end without one (15.0).
    auto held = run_cli({"-q", "--game", file, "--apply", "close-combat", "--attacker-unit", "2-Para",
                         "--defender-unit", "I-Btl", "--roll", "6,2,1,1,1,1"});
    REQUIRE(held.code == 0);
    CHECK(contains(held.out, "loser suppressed: 0"));
    CHECK_FALSE(contains(held.out, "morale check due false -> true"));
    CHECK(run_cli({"-q", "game", "next", file}).code == 0);
    // A test already due stays due: suppressed earlier this turn, then a close combat held.
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "2-Para", "--roll", "1"}).code == 0);
    auto again = run_cli({"-q", "--game", file, "--apply", "close-combat", "--attacker-unit", "I-Btl",
                          "--defender-unit", "2-Para", "--roll", "6,2,1,1,1,1"});
    REQUIRE(again.code == 0);
    CHECK_FALSE(contains(again.out, "morale check due true -> false"));
    CHECK(contains(run_cli({"game", "status", file}).out, "2-Para"));
    CHECK(run_cli({"-q", "game", "next", file}).code != 0);  // 2-Para is still due its test
}

TEST_CASE("cli: with a game, --won-close-combat is the game's record: refused for a loser or a battalion in no "
          "close combat (14.8.3, 14.8.4, 15.0)",
          "[cli][game]")
{
    const test::TempDir dir("game-won-close-combat");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1
    // II-Btl has a stand suppressed (a 1 in the open, 11.3.3) and fights no close combat: it
    // "suffered at least one stand suppressed" and tests (15.0).
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "II-Btl", "--roll", "1,9,9"}).code == 0);
    // I-Btl attacks 2-Para and loses (1 against 9): two of its stands fail average's 8 and are
    // suppressed, so "it will have to test its morale in the coming Morale Phase" (14.8.3).
    auto lost = run_cli({"-q", "--game", file, "--apply", "close-combat", "--attacker-unit", "I-Btl", "--defender-unit",
                         "2-Para", "--roll", "1,9", "--roll", "9,9,1,1"});
    REQUIRE(lost.code == 0);
    CHECK(contains(lost.out, "I-Btl: morale check due false -> true (14.8.3)"));
    const std::string journal = slurp(file + ".journal");
    // Only "Battalions which won a close combat never have to test morale" (14.8.4): the
    // loser's check was cleared by the flag, and the game journalled it as 15.0.
    auto loser = run_cli({"-q", "--game", file, "--apply", "morale", "--unit", "I-Btl", "--won-close-combat"});
    CHECK(loser.code == 64);
    CHECK(contains(loser.err, "--won-close-combat, but the game (" + file +
                                  ") has I-Btl losing its close combat with 2-Para this player's turn (day 1, turn 1, "
                                  "first-player)"));
    CHECK(contains(loser.err, "leave --won-close-combat off"));
    // 15.0 excepts only "units that just won a close combat": one that fought none is no winner.
    auto none = run_cli({"-q", "--game", file, "--apply", "morale", "--unit", "II-Btl", "--won-close-combat"});
    CHECK(none.code == 64);
    CHECK(contains(none.err, "has II-Btl in no close combat this player's turn"));
    CHECK(slurp(file + ".journal") == journal);  // nothing applied
    // The winner needs no flag: the game says it won, so no test, and the flag agrees with it.
    auto winner = run_cli({"-q", "--game", file, "morale", "--unit", "2-Para"});
    REQUIRE(winner.code == 0);
    CHECK(contains(winner.out, "just won a close combat never tests morale (14.8.4, 15.0)"));
    CHECK(run_cli({"-q", "--game", file, "morale", "--unit", "2-Para", "--won-close-combat"}).code == 0);
    // Both checks are still due: the turn does not end until they are tested.
    auto next = run_cli({"-q", "game", "next", file});
    CHECK(next.code == 64);
    CHECK(contains(next.err, "I-Btl"));
    CHECK(contains(next.err, "II-Btl"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // A player's turn later the win is past: the flag is refused for 2-Para too.
    REQUIRE(run_cli({"-q", "game", "next", file, "--skip-due"}).code == 0);
    auto later = run_cli({"-q", "--game", file, "morale", "--unit", "2-Para", "--won-close-combat"});
    CHECK(later.code == 64);
    CHECK(contains(later.err, "has 2-Para in no close combat this player's turn (day 1, turn 1, second-player)"));
}

TEST_CASE("cli: a Great Battles battalion of more stands than the morale chart reads is refused at game new "
          "(2.0, 4.0, 15.1)",
          "[cli][game]")
{
    // Up to four companies, a command, a heavy weapons and two other stands: eight, the
    // morale chart's rows. Nine were kept, and the battalion's first morale check could not
    // be made ("--stands is 9"), so the turn could not end (hunt30).
    const test::TempDir dir("game-nine-stands");
    std::ofstream(dir / "big.toml")
        << "id = \"big\"\ntitle = \"Big\"\ngame = \"Great Battles of WWII\"\nsource = \"2.0\"\n"
           "sides = [\"a\", \"b\"]\nstart = \"sep\"\n"
           "[[unit]]\nname = \"Eight\"\nside = \"a\"\ntype = \"infantry\"\nstands = 8\n"
           "[[unit]]\nname = \"Nine\"\nside = \"b\"\ntype = \"infantry\"\nstands = 9\n";
    auto nine = run_cli({"game", "new", dir / "big.toml", dir / "g.toml"});
    CHECK(nine.code == 65);
    CHECK(contains(nine.err, "unit Nine has 9 stands: a battalion is at most 8 (2.0, 4.0), the rows of the morale "
                             "chart (great-battles.morale, 15.1)"));
    CHECK_FALSE(std::filesystem::exists(dir / "g.toml"));
}

TEST_CASE("cli: a hand-edited game file's U+202E is written out in every message, and a scenario given to game new "
          "is named as such",
          "[cli][game]")
{
    const test::TempDir dir("game-edited-bidi");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // A value typed by hand with U+202E (it turns the rest of a terminal's line): the
    // messages quoting it wrote it raw (hunt32).
    std::string text = slurp(file);
    const auto at = text.find("ineffective = \"\"");
    REQUIRE(at != std::string::npos);
    text.replace(at, 16, "ineffective = \"x\xe2\x80\xaey\"");
    std::ofstream(file, std::ios::trunc) << text;
    for (const auto& args : {std::vector<std::string>{"game", "status", file},
                             std::vector<std::string>{"game", "recover", file, "--keep-edits"}}) {
        auto r = run_cli(args);
        INFO(r.err);
        CHECK(r.code != 0);
        CHECK_FALSE(contains(r.err, "\xe2\x80\xae"));
        CHECK(contains(r.err, "\\u202e"));
    }
    // game new's first word is the scenario: a file too large is named by it, not by a
    // --scenario never given.
    std::ofstream(dir / "huge.toml") << std::string(2 * 1024 * 1024, '#');
    auto huge = run_cli({"game", "new", dir / "huge.toml", dir / "g.toml"});
    CHECK(huge.code == 65);
    CHECK(contains(huge.err, "umpire: error: game new " + (dir / "huge.toml") + ": "));
    CHECK_FALSE(contains(huge.err, "--scenario"));
}

TEST_CASE("cli: a reef met in movement comes after the wind, and a battalion set past eight stands is refused",
          "[cli][game]")
{
    // 15.53: a reef is met in movement, after the Wind Determination Segment (4.0): the
    // wind was accepted after a reef loss, which the game keeps (hunt34).
    const test::TempDir dir("game-reef-wind");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    REQUIRE(game({"reef", "2028", "--ship", "Galley-2", "--roll", "1"}).code == 0);
    auto late = game({"wind", "--roll", "9", "--roll", "7"});
    CHECK(late.code == 64);
    CHECK(contains(late.err, "Galley-2 was lost on a reef (15.53)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // game set reaches the same limit as game new (2.0, 4.0, 15.1).
    const std::string day = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", day}).code == 0);
    auto nine = run_cli({"game", "set", day, "2-Para", "stands_at_start_of_day=9", "--reason", "x"});
    CHECK(nine.code == 64);
    CHECK(contains(nine.err, "'9' is not a whole number 0 to 8"));
}

TEST_CASE("cli: a stand suppressed, then eliminated in close combat, is 2 casualty points (15.1)", "[cli][game]")
{
    const test::TempDir dir("game-suppressed-eliminated");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--roll", "9,9,9,1"}).code == 0);
    // 2-Para wins (7 against 2); I-Btl's unsuppressed stands hold on 1, its suppressed one
    // fails on 9 and is eliminated (14.8.2).
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "close-combat", "--attacker-unit", "2-Para", "--defender-unit",
                     "I-Btl", "--roll", "7,2,1,1,1,9"})
                .code == 0);
    auto status = run_cli({"game", "status", file});
    CHECK(contains(status.out, "1 eliminated, 0 suppressed, 2 casualty points"));
    auto morale = run_cli({"-q", "--game", file, "morale", "--unit", "I-Btl", "--roll", "1"});
    REQUIRE(morale.code == 0);
    CHECK(contains(morale.out, "1 eliminated x 2 + 0 suppressed x 1 = 2 (15.1)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a scenario's game is one of umpire's whatever its case, not a game of one's own", "[cli][game]")
{
    const test::TempDir dir("scenario-game-case");
    std::string text = test::slurp(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/constantinople.toml");
    const std::string game = "game = \"Constantinople\"";
    REQUIRE(contains(text, game));
    for (const std::string typed : {"constantinople", "CONSTANTINOPLE"}) {
        CAPTURE(typed);
        std::string mine = text;
        mine.replace(mine.find(game), game.size(), "game = \"" + typed + "\"");
        const std::string scenario = dir / (typed + "-scenario.toml");
        std::ofstream(scenario) << mine;
        auto made = run_cli({"game", "new", scenario, dir / (typed + ".toml")});
        INFO(made.err);
        CHECK(made.code == 0);
        CHECK(contains(made.out, "A new constantinople game in"));
        CHECK_FALSE(contains(made.out, "game of your own"));
    }
    // The Russian Portfolio by the id the command line gives it: its game, with its month
    // and weather (VI.A), not a game of one's own whose file every RP command refused.
    std::string rp = test::slurp(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/russian-portfolio.toml");
    const std::string title = "game = \"The Russian Portfolio\"";
    REQUIRE(contains(rp, title));
    rp.replace(rp.find(title), title.size(), "game = \"russian-portfolio\"");
    std::ofstream(dir / "rp-scenario.toml") << rp;
    auto made = run_cli({"game", "new", dir / "rp-scenario.toml", dir / "rp.toml"});
    INFO(made.err);
    CHECK(made.code == 0);
    CHECK(contains(made.out, "A new russian-portfolio game in"));
    const auto weather = run_cli({"--game", dir / "rp.toml", "weather"});
    CHECK(weather.code == 0);
}

TEST_CASE("cli: melee --exchange makes each attacker the defender of its one melee this segment, in either order "
          "(15.23, 15.24)",
          "[cli][game]")
{
    const test::TempDir dir("game-exchange");
    const std::string file = dir / "siege.toml";
    const auto game = applied_to(file);
    // The exchange first: Venice attacks Galley-1 back (15.21). Imperial-1's attack on
    // Galley-1 is the same melee as Venice's, 7 + 6 against 4 on one die (15.23), not a
    // second die of its own.
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    REQUIRE(
        game({"melee", "--attacker", "Galley-1", "--defender", "Venice", "--exchange", "--roll", "1", "--roll", "6"})
            .code == 0);
    auto second = game({"melee", "--attacker", "Imperial-1", "--defender", "Galley-1", "--roll", "6"});
    CHECK(second.code == 64);
    CHECK(contains(second.err, "--defender Galley-1 has been attacked in this Combat Segment already (Impulse 1-1)"));
    CHECK(contains(run_cli({"game", "status", file}).out, "Galley-1: reduced (back)"));  // one L, not two

    // The plain melee first: Galley-1 is its defender, so Venice's attack back in an exchange
    // would be a second melee against it.
    std::filesystem::remove(file);
    std::filesystem::remove(file + ".journal");
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    REQUIRE(game({"melee", "--attacker", "Imperial-1", "--defender", "Galley-1", "--roll", "6"}).code == 0);
    auto exchange =
        game({"melee", "--attacker", "Galley-1", "--defender", "Venice", "--exchange", "--roll", "1", "--roll", "6"});
    CHECK(exchange.code == 64);
    CHECK(contains(exchange.err, "--attacker Galley-1 has been attacked in this Combat Segment already (Impulse 1-1)"));
    // Without the exchange Galley-1 may not attack Venice alone: Imperial-1 attacking it shows the
    // two adjacent, and it attacks all its adjacent enemies or none (15.24). Imperial-1, its one
    // known enemy, it may attack (15.21: voluntary).
    CHECK(contains(game({"melee", "--attacker", "Galley-1", "--defender", "Venice", "--roll", "1"}).err,
                   "this attack leaves out Imperial-1"));
    CHECK(game({"melee", "--attacker", "Galley-1", "--defender", "Imperial-1", "--roll", "1"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a failed rammer and its target do not melee each other that Impulse, whichever attacks (15.14, "
          "15.22)",
          "[cli][game]")
{
    const test::TempDir dir("game-failed-ram");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Galley-3 (ram 4) against Venice (defense D): 1-2 pins (15.42), a 5 fails.
    REQUIRE(game({"ram", "--rammer", "Galley-3", "--target", "Venice", "--run", "3", "--roll", "5"}).code == 0);
    auto back = game({"melee", "--attacker", "Venice", "--defender", "Galley-3", "--roll", "6"});
    CHECK(back.code == 64);
    CHECK(contains(back.err, "--attacker Venice against --defender Galley-3: Galley-3 failed to ram Venice in "
                             "Impulse 1-1"));
    CHECK(contains(back.err, "(15.14)"));
    auto exchange = game({"melee", "--attacker", "Venice", "--defender", "Galley-3", "--exchange", "--roll", "6"});
    CHECK(exchange.code == 64);
    auto forward = game({"melee", "--attacker", "Galley-3", "--defender", "Venice", "--roll", "6"});
    CHECK(forward.code == 64);
    CHECK(contains(forward.err, "Galley-3 failed to ram in Impulse 1-1"));
    // Another ship beside the failed rammer's side is not faced by the failed ram (15.22).
    CHECK(game({"melee", "--attacker", "Imperial-1", "--defender", "Galley-3", "--roll", "1"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: the wind is rolled before the Impulse's movement and combat, not after (4.0, 14.23)", "[cli][game]")
{
    const test::TempDir dir("game-wind-first");
    const std::string file = dir / "siege.toml";
    const auto game = applied_to(file);
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // Galley-1 (ram 4) against Venice (D): a 1 pins (15.42). Then 7, 2 would be N, Storm (14.31, 14.32).
    REQUIRE(game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--run", "3", "--roll", "1"}).code == 0);
    auto late = game({"wind", "--roll", "7", "--roll", "2"});
    CHECK(late.code == 64);
    CHECK(contains(late.err, "Wind Determination Segment, before Initiative and Movement (4.0 A-C, 14.23)"));
    CHECK(contains(late.err, "Galley-1 has rammed"));
    CHECK(contains(run_cli({"game", "status", file}).out, "Naval Phase 1, Impulse 1, wind N 8"));  // unchanged
    // Once game next has begun the Mutual Combat Segment, too.
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    auto combat = game({"wind", "--roll", "7", "--roll", "2"});
    CHECK(combat.code == 64);
    CHECK(contains(combat.err, "the Mutual Combat Segment has begun (4.0 E)"));
    // First in the Impulse it is taken.
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK(game({"wind", "--roll", "7", "--roll", "2"}).code == 0);
}

TEST_CASE("cli: the refusal after the Combat Segment has begun says what began it, game next or a melee (13.1)",
          "[cli][game]")
{
    const test::TempDir dir("game-combat-reason");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    auto free = run_cli({"-q", "--game", file, "--apply", "free", "--ship", "Venice", "--roll", "1"});
    CHECK(free.code == 64);
    CHECK(contains(free.err, "Impulse 1-1 has begun (game next began it)"));
    CHECK(!contains(free.err, "a melee is applied"));
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "melee", "--attacker", "Venice", "--defender", "Galley-1",
                     "--roll", "1"})
                .code == 0);
    auto ram = run_cli({"-q", "--game", file, "--apply", "ram", "--rammer", "Galley-2", "--target", "Venice", "--run",
                        "3", "--roll", "1"});
    CHECK(ram.code == 64);
    CHECK(contains(ram.err, "Impulse 1-1 has begun (a melee is applied)"));
}

TEST_CASE("cli: check bombard applied to a game says that a check names no ship, not that Damaged is no status "
          "(15.73)",
          "[cli][game]")
{
    const test::TempDir dir("game-bombard");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // 15.73: "If he rolls an 11, the target ship is Damaged."
    auto r = run_cli({"--game", file, "--apply", "check", "bombard", "--roll", "11"});
    REQUIRE(r.code == 0);
    const std::string said = r.out + r.err;
    CHECK(contains(said, "a check names no unit, so its result (damaged) is not written to the game"));
    CHECK(contains(said, "game set " + file + " UNIT KEY=VALUE"));
    CHECK(!contains(said, "changes no status the game keeps"));
}

TEST_CASE("cli: a check applied to a game that keeps no units does not advise game set on a unit (Black Sea, ASW)",
          "[cli][game]")
{
    // A Black Sea game keeps only its clock (the text leaves the order of battle to the
    // scenarios): 'game set FILE UNIT ...' named a unit no such game can have, and was refused.
    const test::TempDir dir("game-asw");
    const std::string file = dir / "sea.toml";
    REQUIRE(run_cli({"game", "new", "black-sea", file}).code == 0);
    // ASW: "the submarine is sunk on a result of 6 or greater", +1 per three escorts
    auto r = run_cli({"--game", file, "--apply", "check", "asw", "--roll", "6", "--mod", "escorts=3"});
    REQUIRE(r.code == 0);
    const std::string said = r.out + r.err;
    CHECK(contains(said, "its result (sunk) is not written to the game"));
    CHECK(contains(said, "keeps no units"));
    CHECK_FALSE(contains(said, "UNIT KEY=VALUE"));
}

TEST_CASE("cli: the Genoese 8-0-D galley is in play from Game-Turn Four, not before (19.1)", "[cli][game]")
{
    // "The Genoese 8-0-D Galley arrives ... starting with Game-Turn Four. It may not arrive
    // before then" (19.1). A Naval Phase a Game-Turn (4.0, 13.1): naval_phase 4.
    const test::TempDir dir("game-genoa");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    CHECK(contains(run_cli({"game", "status", file}).out, "Genoa: not yet arrived: from Game-Turn 4 (19.1)"));
    const std::string not_yet = "Genoa may not arrive before Game-Turn 4 (19.1), and the game is in Naval Phase 1";
    const std::string before = slurp(file);
    auto attack = game({"melee", "--attacker", "Genoa", "--defender", "Galley-1", "--roll", "6"});
    CHECK(attack.code == 64);
    CHECK(contains(attack.err, "--attacker 'Genoa': " + not_yet));
    auto defend = game({"melee", "--attacker", "Galley-1", "--defender", "Genoa", "--roll", "6"});
    CHECK(defend.code == 64);
    CHECK(contains(defend.err, "--defender 'Genoa': " + not_yet));
    CHECK(contains(game({"ram", "--rammer", "Galley-1", "--target", "Genoa", "--roll", "1"}).err, not_yet));
    CHECK(contains(game({"reef", "2028", "--ship", "Genoa", "--roll", "1"}).err, not_yet));
    CHECK(contains(game({"free", "--ship", "Genoa", "--roll", "1"}).err, "--ship " + not_yet));
    CHECK(contains(run_cli({"--game", file, "plan", "melee", "--ship", "Genoa", "--enemy", "Galley-1"}).err, not_yet));
    // the 7-0-D Genoese galley is in the Golden Horn from the start (19.1: "All Byzantine Naval
    // Units, except the Genoese 8-0-D Galley")
    CHECK(run_cli({"--game", file, "melee", "--attacker", "Genoa-2", "--defender", "Galley-1", "--roll", "1"}).code ==
          0);
    CHECK(slurp(file) == before);
    // A Storm's dice are for the ships at sea: not one that has not come (14.29).
    const std::string stormy = dir / "storm.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", stormy}).code == 0);
    REQUIRE(run_cli({"-q", "--game", stormy, "--apply", "wind", "--roll", "7,2"}).code == 0);  // N, Storm (14.32)
    CHECK(contains(run_cli({"-q", "--game", stormy, "storm", "--ship", "Genoa", "--roll", "3"}).err,
                   "--ship Genoa: " + not_yet));
    // Game-Turn Three is still too soon; Four is the first it may come in.
    // Ten steps a Naval Phase: five Impulses, each its movement then its combat; the tenth
    // rolls the next phase's wind (13.1, 14.23), 9 and 7 from NE at 8.
    const auto next = [&](int step) {
        return step % 10 == 9 ? run_cli({"-q", "game", "next", file, "--roll", "9,7"})
                              : run_cli({"-q", "game", "next", file});
    };
    for (int step = 0; step < 20; ++step) {
        REQUIRE(next(step).code == 0);
    }
    CHECK(contains(slurp(file), "naval_phase = 3"));
    CHECK(contains(game({"melee", "--attacker", "Genoa", "--defender", "Galley-1", "--roll", "1"}).err,
                   "Genoa may not arrive before Game-Turn 4 (19.1), and the game is in Naval Phase 3"));
    for (int step = 20; step < 30; ++step) {
        REQUIRE(next(step).code == 0);
    }
    CHECK(contains(slurp(file), "naval_phase = 4"));
    CHECK_FALSE(contains(run_cli({"game", "status", file}).out, "not yet arrived"));
    // Genoa 8 against Galley-1 4: +4, a 6 is L (15.41); Galley-1 flips to its back (15.35).
    auto arrived = game({"melee", "--attacker", "Genoa", "--defender", "Galley-1", "--roll", "6"});
    REQUIRE(arrived.code == 0);
    CHECK(contains(arrived.out, "Galley-1: face front -> back (15.35)"));
    // the key is the board's like any: a number of a Game-Turn, or "" for from the start
    CHECK(contains(run_cli({"game", "set", file, "Genoa", "arrives=soon", "--reason", "x"}).err, "arrives"));
    CHECK(run_cli({"game", "set", file, "Genoa-2", "arrives=9", "--reason", "a late variant"}).code == 0);
    CHECK(contains(game({"melee", "--attacker", "Genoa-2", "--defender", "Galley-2", "--roll", "1"}).err,
                   "Genoa-2 may not arrive before Game-Turn 9 (19.1)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a night bombing outside clear weather is applied only once its scatter die put the bombs there "
          "(Night Phase)",
          "[cli][game]")
{
    // "Any Bomber that attacks the small hex it is in MUST throw a D6. On a roll of 4+ no
    // scatter takes place. On a roll of a 1, 2, or 3 the bombs scatter ... Hits occur in the
    // requisite numbered small hex, which might include friendly troops" (Night Phase). The
    // hits were written to the named defender with no die thrown (hunt35).
    const test::TempDir dir("novo-night");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    for (const char* roll : {"7", "7", "12"}) {  // morning and afternoon clear, the night in downpour
        REQUIRE(run_cli({"-q", "game", "next", file, "--roll", roll}).code == 0);
    }
    const std::string before = slurp(file);
    const std::vector<std::string> bombing{"-q",         "--game",       file,         "--apply",        "hits",
                                           "--attacker", "Sov-Bomber-1", "--defender", "Ger-Grenadier-1"};
    auto unthrown = run_cli(bombing);
    CHECK(unthrown.code == 64);
    CHECK(contains(unthrown.err, "a bomber MUST throw a D6 before its hits land"));
    CHECK(contains(unthrown.err, "umpire scatter --night-bomb"));
    CHECK(slurp(file) == before);
    // resolved without --apply it still answers, and notes the scatter
    auto asked = run_cli({"--game", file, "hits", "--attacker", "Sov-Bomber-1", "--defender", "Ger-Grenadier-1"});
    CHECK(asked.code == 0);
    CHECK(contains(asked.out, "their bombs scatter"));
    // the Night Phase provides for bombers only: a fighter's attack is refused (hunt42)
    auto fighter = run_cli({"--game", file, "hits", "--attacker", "Sov-Fighter-1", "--defender", "Ger-Grenadier-1"});
    CHECK(fighter.code == 64);
    CHECK(contains(fighter.err, "the game (" + file + ") is in phase night: --attacker Sov-Fighter-1 is a fighter"));
    auto landed = bombing;
    landed.insert(landed.begin(), "--json");
    landed.emplace_back("--landed");
    auto thrown = run_cli(landed);
    CHECK(thrown.code == 0);
    CHECK(contains(thrown.out, R"("landed":true)"));  // in the inputs, so replay resolves it the same
    // only a bomber's bombs at night scatter
    auto ground =
        run_cli({"--game", file, "hits", "--attacker", "Sov-Rifle-1", "--defender", "Ger-Pioneer-1", "--landed"});
    CHECK(ground.code == 64);
    CHECK(contains(ground.err, "--landed: only a bomber's bombs scatter"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a game's block returns fire at air units with the triangle its block gives, and none stepped down",
          "[cli][game][novorossiysk]")
{
    // Ground and Ship Attack: "Any ground unit or ship that shares the same small hex can
    // return fire if it has Surface to Air attacks (a coloured triangle on its decal)";
    // Large Blocks: "At full strength a unit can use the other hit dice if needed (... anti-air
    // if a triangle). When 'stepped down' this extra ability is always lost." Every full
    // block of a game returned fire with its pips (hunt42).
    const test::TempDir dir("novo-triangle");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    const auto rolls = [&](const char* defender) {
        auto r = run_cli({"--json", "--game", file, "hits", "--attacker", "Sov-Fighter-1", "--defender", defender});
        REQUIRE(r.code == 0);
        return nlohmann::json::parse(r.out)["rolls"].size();
    };
    CHECK(rolls("Ger-Pioneer-1") == 2);  // no triangle given: the fighter's two dice only
    auto set = run_cli({"-q", "game", "set", file, "Ger-Pioneer-1", "block=large:red+yellow:aa=yellow", "--reason",
                        "its decal shows a yellow triangle"});
    REQUIRE(set.code == 0);
    CHECK(rolls("Ger-Pioneer-1") == 3);  // and one yellow die back
    CHECK(contains(run_cli({"game", "status", file}).out, "Ger-Pioneer-1: large:red+yellow:aa=yellow"));
    // the lesser side has none: refused when given one, and thrown without it
    auto lesser =
        run_cli({"-q", "game", "set", file, "Ger-Pioneer-1", "block_reduced=yellow:aa=yellow", "--reason", "decal"});
    CHECK(lesser.code == 64);
    CHECK(contains(lesser.err, "a stepped-down block has no anti-air dice"));
    REQUIRE(run_cli({"-q", "game", "set", file, "Ger-Pioneer-1", "step=reduced", "--reason", "hit"}).code == 0);
    CHECK(rolls("Ger-Pioneer-1") == 2);
    // --odds reads the triangle alike: without one the fighter is never hit
    const auto attacker_hit = [](std::vector<std::string> args) {
        args.insert(args.end(), {"--odds", "--json"});
        auto r = run_cli(args);
        REQUIRE(r.code == 0);
        return contains(r.out, "attacker-hit");
    };
    CHECK_FALSE(attacker_hit({"hits", "--attacker", "fighter:2red", "--defender", "large:red+yellow"}));
    CHECK(attacker_hit({"hits", "--attacker", "fighter:2red", "--defender", "large:red+yellow:aa=yellow"}));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("cli: a game keeps the hits on an Air Field for the next phase, then clears them (Hitting The Enemy Air "
          "Field)",
          "[cli][game][novorossiysk]")
{
    // Hitting The Enemy Air Field: "For every hit scored the enemy cannot deploy the same
    // number of Air Units next phase. (This does not include Blank Blocks)". With --apply the
    // hits were printed and lost: neither game status nor game next kept them (hunt42).
    const test::TempDir dir("novo-airfield");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    const core::Table& hit_dice = test::table("novorossiysk.hit-dice");
    auto face = [&](const char* colour, bool hit) {
        const auto& cells = hit_dice.rows[*core::find_row(hit_dice, colour)].cells;
        for (size_t i = 0; i < cells.size(); ++i) {
            if ((cells[i] == "hit") == hit) {
                return std::to_string(i + 1);
            }
        }
        FAIL("no such face");
        return std::string();
    };
    // The Air Field's three white dice miss; then Sov-Bomber-1 (red, white) and Sov-Fighter-1
    // (2 red): the three red dice hit.
    const std::string miss = face("white", false);
    const std::string red = face("red", true);
    auto strike = run_cli({"--game", file, "--apply", "hits", "--airfield", "--attacker", "Sov-Bomber-1", "--attacker",
                           "Sov-Fighter-1", "--roll",
                           miss + "," + miss + "," + miss + "," + red + "," + miss + "," + red + "," + red});
    REQUIRE(strike.code == 0);
    CHECK(contains(strike.out, "axis cannot deploy 3 Air Units next phase (Hitting The Enemy Air Field)"));
    const auto status = [&] { return run_cli({"game", "status", file}).out; };
    CHECK(contains(status(), "pending: axis's Air Field hit 3 time(s) this phase: it cannot deploy 3 Air Units next "
                             "phase"));
    const auto deployment = [&](std::vector<std::string> args) {
        args.insert(args.begin(), {"-q", "--json", "--game", file, "air-deployment", "--air-units", "5"});
        return run_cli(args);
    };
    // this phase the axis deploys in full: five Air Units and four Blank Blocks
    CHECK(nlohmann::json::parse(deployment({"--side", "axis"}).out)["result"]["blocks"] == 9);
    auto next = run_cli({"game", "next", file, "--roll", "7"});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out, "axis cannot deploy 3 Air Units this phase"));
    CHECK(contains(status(), "this phase axis cannot deploy 3 Air Units"));
    CHECK_FALSE(contains(status(), "pending: axis"));
    // the next phase: two of five Air Units, and still four Blank Blocks
    const auto axis = nlohmann::json::parse(deployment({"--side", "axis"}).out);
    CHECK(axis["result"]["air_units_deployed"] == 2);
    CHECK(axis["result"]["blank_blocks"] == 4);
    CHECK(axis["inputs"]["air_units_denied"] == 3);
    CHECK(nlohmann::json::parse(deployment({"--side", "soviet"}).out)["result"]["blocks"] == 9);
    auto unsaid = deployment({});
    CHECK(unsaid.code == 64);
    CHECK(contains(unsaid.err, "denies Air Units this phase (axis 3: Hitting The Enemy Air Field): give --side"));
    auto contradicted = deployment({"--side", "axis", "--air-units-denied", "1"});
    CHECK(contradicted.code == 64);
    CHECK(contains(contradicted.err, "--air-units-denied 1, but the game"));
    // the journal is the truth: undone, the hits are pending again; the phase after, spent
    REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    CHECK(contains(status(), "pending: axis's Air Field hit 3 time(s)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);
    CHECK_FALSE(contains(status(), "cannot deploy"));
    CHECK(nlohmann::json::parse(deployment({}).out)["result"]["blocks"] == 9);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // without a game the referee gives the count
    auto typed = run_cli({"-q", "--json", "air-deployment", "--air-units", "5", "--air-units-denied", "2"});
    CHECK(nlohmann::json::parse(typed.out)["result"]["air_units_deployed"] == 3);
    CHECK(contains(run_cli({"air-deployment", "--air-units", "5", "--side", "axis"}).err, "--side axis reads"));
}

TEST_CASE("cli: an air unit makes one attack on the surface or the Air Field a phase (Air Unit Deployment, Ground "
          "and Ship Attack, Hitting The Enemy Air Field)",
          "[cli][game]")
{
    // An air unit is placed in one small hex a phase; "If a placed Air Unit has no enemy Air Unit
    // in the same 'Air Space' that unit can then commence ground attack or attack a sea unit"
    // (Air Unit Deployment), and after an Air Field attack "surviving Air Units are returned to
    // their Air Field". One bomber attacked a stack again and again in one phase (hunt53 A2).
    const test::TempDir dir("novo-air-attack");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    const core::Table& hit_dice = test::table("novorossiysk.hit-dice");
    auto miss = [&](const char* colour) {
        const auto& cells = hit_dice.rows[*core::find_row(hit_dice, colour)].cells;
        for (size_t i = 0; i < cells.size(); ++i) {
            if (cells[i] != "hit") {
                return std::to_string(i + 1);
            }
        }
        FAIL("no miss");
        return std::string();
    };
    // Sov-Bomber-1 (red, white) attacks Ger-Pioneer-1, which has no triangle to return fire.
    const std::string misses = miss("red") + "," + miss("white");
    const auto attack = [&](const std::vector<std::string>& more) {
        std::vector<std::string> args{"-q", "--game", file};
        args.insert(args.end(), more.begin(), more.end());
        return run_cli(args);
    };
    auto first =
        attack({"--apply", "hits", "--attacker", "Sov-Bomber-1", "--defender", "Ger-Pioneer-1", "--roll", misses});
    REQUIRE(first.code == 0);
    CHECK(contains(slurp(file), "air_attack_in = \"1-morning\""));
    const std::string journal = slurp(file + ".journal");
    auto again =
        attack({"--apply", "hits", "--attacker", "Sov-Bomber-1", "--defender", "Ger-Pioneer-1", "--roll", misses});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "--attacker Sov-Bomber-1 has made its attack this phase (1-morning)"));
    CHECK(contains(again.err, "(Ground and Ship Attack)"));
    // nor the Air Field, whatever it attacked first
    auto field = attack({"hits", "--airfield", "--attacker", "Sov-Bomber-1"});
    CHECK(field.code == 64);
    CHECK(contains(field.err, "has made its attack this phase"));
    CHECK(slurp(file + ".journal") == journal);
    // Another air unit has its own attack; the Air Field's, kept, is refused a ground attack.
    REQUIRE(attack({"--apply", "hits", "--airfield", "--attacker", "Sov-Fighter-1", "--roll",
                    miss("white") + "," + miss("white") + "," + miss("white") + "," + miss("red") + "," + miss("red")})
                .code == 0);
    auto after_field = attack({"hits", "--attacker", "Sov-Fighter-1", "--defender", "Ger-Pioneer-1"});
    CHECK(after_field.code == 64);
    CHECK(contains(after_field.err, "--attacker Sov-Fighter-1 has made its attack this phase"));
    // Undone, the bomber's attack is not made; and the next phase it attacks again.
    REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    CHECK(attack({"hits", "--attacker", "Sov-Fighter-1", "--defender", "Ger-Pioneer-1", "--roll", "1,1"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);
    CHECK(attack({"hits", "--attacker", "Sov-Bomber-1", "--defender", "Ger-Pioneer-1", "--roll", misses}).code == 0);
}

TEST_CASE("cli: Novorossiysk hits against the game's phase, or on a game block with a suffix, says how to use the "
          "game's",
          "[cli][game]")
{
    const test::TempDir dir("novo-time-suffix");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    // --time against the game's phase says how to use the game's, as --phase does
    auto time = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Naval-Inf", "--defender", "Ger-Pioneer-1",
                         "--time", "night"});
    CHECK(time.code == 64);
    CHECK(contains(time.err, "--time night and the game's (" + file + ") phase morning disagree: leave --time off"));
    // a game block's name takes no suffix: the game keeps its step (Large Blocks)
    auto suffix =
        run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Naval-Inf:reduced", "--defender", "Ger-Pioneer-1"});
    CHECK(suffix.code == 64);
    CHECK(contains(suffix.err, "--attacker Sov-Naval-Inf:reduced: Sov-Naval-Inf is a block of the game (" + file +
                                   "), which keeps its dice and its step (full): name it alone"));
}

TEST_CASE("cli: a Novorossiysk refusal of a phase or weather the game gave names the game, not a flag never typed",
          "[cli][game]")
{
    const test::TempDir dir("novo-said-of-game");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    // Weather, Dense fog: "all combat is disallowed"; Night Phase: "no Air to Air Combat takes
    // place" unless clear. Neither --weather nor --phase was typed.
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "weather=dense-fog", "--reason", "x"}).code == 0);
    auto fog = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Naval-Inf", "--defender", "Ger-Pioneer-1"});
    CHECK(fog.code == 64);
    CHECK(contains(fog.err, "the game (" + file + ") has weather dense-fog: all combat is disallowed this phase"));
    CHECK_FALSE(contains(fog.err, "--weather"));
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "phase=night", "weather=downpour", "--reason", "x"}).code ==
            0);
    auto night = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Fighter-1", "--defender", "Ger-Fighter-1"});
    CHECK(night.code == 64);
    CHECK(contains(night.err, "the game (" + file +
                                  ") is in phase night: no Air to Air Combat unless the weather is "
                                  "clear (Night Phase)"));
    CHECK_FALSE(contains(night.err, "--phase"));
    // a flag typed is still named as typed
    auto typed = run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Fighter-1", "--defender", "Ger-Fighter-1",
                          "--phase", "night"});
    CHECK(contains(typed.err, "--phase night: no Air to Air Combat"));
}

TEST_CASE("cli: a ground block that returned fire at air units fires no more that phase (Ground and Ship Attack)",
          "[cli][game]")
{
    // "Any ground unit or ship that shares the same small hex can return fire ... If a ground
    // unit returns fire it cannot fire later that phase" (Ground and Ship Attack); it fired
    // again, as attacker or defender, in the same phase (hunt35).
    const test::TempDir dir("novo-fired");
    const std::string file = dir / "n.toml";
    REQUIRE(run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    const auto game = applied_to(file);
    // the bomber (red and white) attacks; the grenadiers (black and red, a red triangle) throw
    // their triangle's die back. Ones, a blank on every colour: no block is lost, so what
    // follows reads the rule, not the dice (a random roll that broke the grenadiers failed it).
    auto bombed =
        game({"--json", "hits", "--attacker", "Sov-Bomber-1", "--defender", "Ger-Grenadier-1", "--roll", "1,1,1"});
    REQUIRE(bombed.code == 0);
    CHECK(nlohmann::json::parse(bombed.out)["rolls"].size() == 3);
    CHECK(contains(slurp(file), "fired_in = \"1-morning\""));
    auto again = game({"hits", "--attacker", "Ger-Grenadier-1", "--defender", "Sov-Rifle-1"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "--attacker Ger-Grenadier-1 returned fire at air units this phase: 'If a ground unit "
                              "returns fire it cannot fire later that phase'"));
    // attacked again, it throws no dice: the fighter's two only
    auto strafed = run_cli({"--json", "--game", file, "hits", "--attacker", "Sov-Fighter-1", "--defender",
                            "Ger-Grenadier-1", "--roll", "1,1"});
    REQUIRE(strafed.code == 0);
    const auto doc = nlohmann::json::parse(strafed.out);
    CHECK(doc["rolls"].size() == 2);
    CHECK(doc["inputs"]["returned_fire_this_phase"] == nlohmann::json::array({"Ger-Grenadier-1"}));
    // the next phase it fires again
    REQUIRE(run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);
    CHECK(run_cli({"--game", file, "hits", "--attacker", "Ger-Grenadier-1", "--defender", "Sov-Rifle-1"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}
