// Great Battles of WWII in a game file, against the rules text (file 004): what the game's
// counts say of a morale test due, the night, suppression and fire.
#include "../../helpers.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace umpire;
using test::contains;
using test::run_cli;
using test::slurp;

namespace {

// A new great-battles-example game in DIR at turn 1, the first player's turn (7.1).
std::string day_one(const test::TempDir& dir)
{
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    return file;
}

// umpire -q --game FILE --apply ARGS
test::CliResult applied(const std::string& file, std::vector<std::string> args)
{
    args.insert(args.begin(), {"-q", "--game", file, "--apply"});
    return run_cli(args);
}

}  // namespace

TEST_CASE("great battles game: a battalion tests morale once a play-turn, for what it suffered in it (15.0)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-morale-once");
    const std::string file = day_one(dir);
    // I-Btl (4 stands) has one stand suppressed (a 1 in the open, 11.3.3): a test is due.
    REQUIRE(applied(file, {"suppress", "--unit", "I-Btl", "--roll", "1,9,9,9"}).code == 0);
    auto held = applied(file, {"morale", "--unit", "I-Btl", "--roll", "10"});
    REQUIRE(held.code == 0);
    CHECK(contains(held.out, "morale check due true -> false (15.0)"));
    // 15.0: "any battalion that suffered at least one stand suppressed or eliminated, in the
    // current play-turn": it has taken its test, so a second is no test, and no die is rolled
    // (a die given is one too many), nothing applied: no re-roll of a test that held.
    auto again = applied(file, {"morale", "--unit", "I-Btl", "--roll", "99"});
    CHECK(again.code == 64);
    auto none = applied(file, {"morale", "--unit", "I-Btl"});
    REQUIRE(none.code == 0);
    CHECK(contains(none.out, "No test: none due"));
    CHECK_FALSE(contains(none.out, "gone to ground"));
    CHECK_FALSE(contains(slurp(file), "gone_to_ground = true"));
    // The odds say the same: no test, whatever the die.
    auto odds = run_cli({"-q", "--json", "--game", file, "morale", "--unit", "I-Btl", "--odds"});
    REQUIRE(odds.code == 0);
    CHECK(contains(odds.out, R"("name":"No test: none due")"));
    CHECK_FALSE(contains(odds.out, "Breaks"));
    // The next player's turn: I-Btl suffered nothing in it, so no test either.
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    auto next_turn = applied(file, {"morale", "--unit", "I-Btl"});
    REQUIRE(next_turn.code == 0);
    CHECK(contains(next_turn.out, "No test: none due"));
    // Without a game, the counts given are the referee's: the test is made.
    auto bare = run_cli({"-q", "morale", "--stands", "4", "--suppressed", "1", "--roll", "99"});
    REQUIRE(bare.code == 0);
    CHECK(contains(bare.out, "Breaks"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("great battles game: an isolated battalion's stand lost at night is gone from the next day's count "
          "(16.2.2, 15.1)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-isolated-night");
    const std::string file = day_one(dir);
    for (int step = 0; step < 40 && !contains(slurp(file), "phase = \"night\""); ++step) {
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    }
    REQUIRE(contains(slurp(file), "phase = \"night\""));
    // II-Btl (3 stands, not paratroopers) is isolated: no roll, an extra stand lost (Drop Zone
    // rules, Air Supply).
    auto lost = applied(file, {"replace", "--unit", "II-Btl", "--situation", "isolated"});
    REQUIRE(lost.code == 0);
    CHECK(contains(lost.out, "II-Btl: stands at start of day 3 -> 2 (16.2.2, Air Supply)"));
    CHECK(contains(lost.out, "II-Btl starts the next day with 2 stands"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // dawn of day 2
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // day 2, turn 1
    // 15.1: "the number of stands the battalion started the day with" (2), and the casualty
    // points "accumulated over the day's fighting" (none yet on day 2).
    auto status = run_cli({"game", "status", file});
    CHECK(contains(status.out, "2 stands at the start of the day, 0 eliminated, 0 suppressed, 0 casualty points"));
    // Nothing suffered on day 2: no test (15.0).
    auto morale = run_cli({"-q", "--game", file, "morale", "--unit", "II-Btl"});
    REQUIRE(morale.code == 0);
    CHECK(contains(morale.out, "No test"));
    // Lost again, it rolls for 1 eliminated stand the next night (3 in the scenario, 2 now).
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("great battles game: a barrage on a partly suppressed battalion suppresses only its fresh stands (11.3.1)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-suppress-again");
    const std::string file = day_one(dir);
    REQUIRE(applied(file, {"suppress", "--unit", "I-Btl", "--roll", "1,9,9,9"}).code == 0);
    // 4 stands, 1 suppressed: "A suppressed stand that is again suppressed is not eliminated.
    // Extra suppression has no additional effect" (11.3.1). The 3 fresh stands roll, 8 or less
    // in the open (11.3.3); the suppressed one rolls nothing.
    auto again = applied(file, {"suppress", "--unit", "I-Btl", "--roll", "3,3,9"});
    REQUIRE(again.code == 0);
    CHECK(contains(again.out, "stand 4 (infantry, open, suppressed): already suppressed"));
    CHECK(contains(again.out, "I-Btl: suppressed 1 -> 3 (11.3.3)"));
    CHECK(contains(again.out, "I-Btl: suppressed today 1 -> 3 (15.1)"));
    // Exact odds agree: all three fresh stands suppressed is 0.8^3 = 64/125 (it read 4 dice).
    REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    auto odds = run_cli({"-q", "--json", "--game", file, "suppress", "--unit", "I-Btl", "--odds"});
    REQUIRE(odds.code == 0);
    CHECK(contains(odds.out, R"("fraction":"64/125")"));
    // Every stand suppressed: the barrage changes nothing, and says no morale test of it.
    REQUIRE(applied(file, {"suppress", "--unit", "I-Btl", "--roll", "1,1,1"}).code == 0);
    auto all = applied(file, {"suppress", "--unit", "I-Btl"});
    REQUIRE(all.code == 0);
    CHECK(contains(all.out, "nothing to apply"));
    CHECK_FALSE(contains(all.out, "tests morale"));
    // An air attack can still destroy a suppressed stand (12.2.1): it leaves the suppressed,
    // counted once as eliminated (15.1). Air support waits for turn 3 (12.2.3, 8.2).
    REQUIRE(run_cli({"-q", "game", "next", file, "--skip-due"}).code == 0);
    for (int step = 0; step < 3; ++step) {
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    }
    auto air = applied(file, {"suppress", "--unit", "I-Btl", "--air", "fighter-bomber", "--roll", "1"});
    REQUIRE(air.code == 0);
    CHECK(contains(air.out, "I-Btl: suppressed 4 -> 3"));
    CHECK(contains(air.out, "I-Btl: eliminated 0 -> 1 (12.2)"));
    CHECK(contains(air.out, "I-Btl: suppressed today 4 -> 3"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("great battles game: direct fire and infiltration losses are applied to the battalion (14.4.7, Drop Zone "
          "rules)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-fire-apply");
    const std::string file = day_one(dir);
    // 14.4.7: a hit (1 on 5) destroyed (1 on 3) is a stand eliminated; 15.0: the battalion tests.
    auto fire = applied(file, {"fire", "--unit", "I-Btl", "--to-hit", "5", "--to-destroy", "3", "--roll", "1,1"});
    REQUIRE(fire.code == 0);
    CHECK(contains(fire.out, "I-Btl: eliminated 0 -> 1 (14.4.7)"));
    CHECK(contains(fire.out, "I-Btl: morale check due false -> true (15.0)"));
    // a hit not destroyed suppresses (14.4.7, 14.4.10)
    auto hit = applied(file, {"fire", "--unit", "I-Btl", "--to-hit", "5", "--to-destroy", "3", "--roll", "1,9"});
    REQUIRE(hit.code == 0);
    CHECK(contains(hit.out, "I-Btl: suppressed 0 -> 1 (14.4.7, 14.4.10)"));
    // Drop Zone rules: morale 10 gets through on 7 or less, suppressed; higher, eliminated.
    auto through = applied(file, {"infiltrate", "--unit", "2-Para", "--roll", "7"});
    REQUIRE(through.code == 0);
    CHECK(contains(through.out, "2-Para: suppressed 0 -> 1"));
    auto caught = applied(file, {"infiltrate", "--unit", "2-Para", "--roll", "8"});
    REQUIRE(caught.code == 0);
    CHECK(contains(caught.out, "2-Para: eliminated 0 -> 1"));
    CHECK_FALSE(contains(caught.out, "nothing to apply"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("great battles game: the month set by hand sets the day's length (16.0)", "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-month");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    // 16.0: "In scenarios representing action in November, December or January, the day ends
    // after 8 turns"; "May, June and July have days that last 10 turns".
    auto dec = run_cli({"-q", "game", "set", file, "clock", "month=dec", "--reason", "winter"});
    REQUIRE(dec.code == 0);
    CHECK(contains(slurp(file), "turns_in_day = 8"));
    auto next = run_cli({"game", "next", file});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out, "Day 1, turn 1 of 8"));
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "month=jun", "--reason", "summer"}).code == 0);
    CHECK(contains(slurp(file), "turns_in_day = 10"));
    // A scenario's own count, given with the month, is the referee's.
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "month=sep", "turns_in_day=7", "--reason", "scenario"}).code ==
            0);
    CHECK(contains(slurp(file), "turns_in_day = 7"));
    auto bad = run_cli({"-q", "game", "set", file, "clock", "month=smarch", "--reason", "x"});
    CHECK(bad.code == 64);
    CHECK(contains(bad.err, "names no month the length of day reads (16.0)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}
