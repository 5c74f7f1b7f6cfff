// Great Battles of WWII in a game file, against the rules text (file 004): what the game's
// counts say of a morale test due, the night, suppression, fire and close combat, and the
// size of a battalion.
#include "../../helpers.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <utility>
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

TEST_CASE("great battles game: a battalion wiped out in close combat has no stand left to retreat, test or fight "
          "(14.4.7, 14.8.3, 15.0)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-wiped-out");
    const std::string file = day_one(dir);
    // II-Btl's 3 stands all suppressed (a 1 each in the open, 11.3.3); 2-Para wins 9 to 1, and
    // each suppressed stand failing experienced's 9 is eliminated (14.8.2): none is left.
    REQUIRE(applied(file, {"suppress", "--unit", "II-Btl", "--roll", "1,1,1"}).code == 0);
    auto lost = applied(
        file, {"close-combat", "--attacker-unit", "2-Para", "--defender-unit", "II-Btl", "--roll", "9,1,10,10,10"});
    REQUIRE(lost.code == 0);
    CHECK(contains(lost.out, "II-Btl: eliminated 0 -> 3"));
    CHECK(contains(lost.out, "morale check due true -> false (15.0, no stand left)"));
    // "Any eliminated stands are removed from the table" (14.4.7): nothing retreats 3" or tests
    // morale (14.8.3, 15.0), as the change applied says.
    CHECK(contains(lost.out, "has no stand left"));
    CHECK_FALSE(contains(lost.out, "retreats 3\""));
    CHECK_FALSE(contains(lost.out, "tests morale in the coming Morale Phase"));
    // Later commands naming it say it has no stand left, naming the flag that named it.
    auto defender = run_cli({"-q", "--game", file, "close-combat", "--attacker-unit", "2-Para", "--defender-unit",
                             "II-Btl", "--roll", "9,1"});
    CHECK(defender.code == 64);
    CHECK(contains(defender.err, "--defender-unit II-Btl has no stand left today"));
    auto attacker = run_cli({"-q", "--game", file, "close-combat", "--attacker-unit", "II-Btl", "--defender-unit",
                             "2-Para", "--roll", "9,1"});
    CHECK(attacker.code == 64);
    CHECK(contains(attacker.err, "--attacker-unit II-Btl has no stand left today"));
    // 13.0: a battalion's command roll gives its stands actions; it has none.
    auto command = run_cli({"-q", "--game", file, "command-roll", "--unit", "II-Btl", "--roll", "5"});
    CHECK(command.code == 64);
    CHECK(contains(command.err, "--unit II-Btl has no stand left today"));
    // and what may be done instead (hunt49)
    CHECK(contains(command.err, "the night's replacements (16.2.3) may bring stands back"));
    auto rally = run_cli({"-q", "--game", file, "rally", "--unit", "II-Btl"});
    CHECK(rally.code == 64);
    CHECK(contains(rally.err, "--unit II-Btl has no stand left today"));
    // Drop Zone rules: "Only when a stand is attempting to move towards its rendezvous point
    // can it move through enemy lines": a battalion with no stand has none to infiltrate, which
    // is said before its morale (II-Btl has none in the scenario) is asked for (hunt49).
    auto infiltrate = run_cli({"-q", "--game", file, "infiltrate", "--unit", "II-Btl", "--roll", "5"});
    CHECK(infiltrate.code == 64);
    CHECK(contains(infiltrate.err, "--unit II-Btl has no stand left today"));
    CHECK_FALSE(contains(infiltrate.err, "morale"));
    // Without a game the referee's counts are his: the battalion named is read from the scenario.
    CHECK(run_cli({"-q", "command-roll", "--unit", "II-Btl", "--roll", "5"}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("close combat: a loser with every stand eliminated retreats nothing and loses no stand instead "
          "(14.8.3, 15.0)",
          "[cli][great-battles]")
{
    // Defender loses 5 to 3; its one stand, suppressed, fails on 9 and is eliminated (14.8.2).
    // Blocked, it would have "a stand eliminated, instead" (14.8.3): it has none left to lose.
    auto blocked = run_cli({"-q", "close-combat", "--attacker-stands", "1", "--attacker-rally-number", "8",
                            "--defender-stands", "1", "--defender-suppressed", "1", "--defender-rally-number", "8",
                            "--defender-blocked", "--roll", "5,3,9"});
    REQUIRE(blocked.code == 0);
    CHECK_FALSE(contains(blocked.out, "eliminated instead"));
    CHECK(contains(blocked.out, "has no stand left"));
    CHECK(contains(blocked.out, "loser eliminated: 1"));
    // One stand of two eliminated: the loser retreats and tests morale (14.8.3).
    auto one =
        run_cli({"-q", "close-combat", "--attacker-stands", "1", "--attacker-rally-number", "8", "--defender-stands",
                 "2", "--defender-suppressed", "1", "--defender-rally-number", "8", "--roll", "5,3,1,9"});
    REQUIRE(one.code == 0);
    CHECK(contains(one.out, "retreats 3\""));
    CHECK(contains(one.out, "tests morale in the coming Morale Phase (14.8.3)"));
    CHECK_FALSE(contains(one.out, "has no stand left"));
}

TEST_CASE("great battles game: fire that destroys a battalion's last stand says it tests nothing (14.4.7, 15.0)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-fire-last");
    const std::string file = day_one(dir);
    // Three shots at II-Btl (3 stands), each hits on 1 and destroys on 1 (14.4.6, 14.4.7).
    auto fire = applied(file, {"fire", "--to-hit", "5", "--to-destroy", "5", "--shots", "3", "--unit", "II-Btl",
                               "--roll", "1,1,1,1,1,1"});
    REQUIRE(fire.code == 0);
    CHECK(contains(fire.out, "II-Btl: eliminated 0 -> 3"));
    CHECK(contains(fire.out, "has no stand left"));
    CHECK_FALSE(contains(fire.out, "tests morale at the end of the turn"));
    // A barrage on a battalion whose stands are all suppressed suppresses nothing more (11.3.1:
    // "Extra suppression has no additional effect"): no test is due for it (15.0).
    REQUIRE(applied(file, {"suppress", "--unit", "I-Btl", "--roll", "1,1,1,1"}).code == 0);
    REQUIRE(applied(file, {"morale", "--unit", "I-Btl", "--roll", "1"}).code == 0);
    auto again = applied(file, {"suppress", "--unit", "I-Btl"});
    REQUIRE(again.code == 0);
    CHECK_FALSE(contains(again.out, "tests morale"));
    CHECK_FALSE(contains(again.out, "morale check due false -> true"));
    CHECK(run_cli({"-q", "game", "next", file}).code == 0);  // nothing due
}

TEST_CASE("great battles game: a pair of battalions fights one close combat a player's turn (14.8, 14.8.3)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-close-combat-once");
    const std::string file = day_one(dir);
    // I-Btl due a test (a stand suppressed, 11.3.3, 15.0). A tie names no loser, "both roll
    // again" (14.8.2): it decides nothing, so it applies nothing (the winner's 14.8.4 was
    // applied to the defender, and its due test cleared).
    REQUIRE(applied(file, {"suppress", "--unit", "I-Btl", "--roll", "1,9,9,9"}).code == 0);
    auto tie =
        applied(file, {"close-combat", "--attacker-unit", "2-Para", "--defender-unit", "I-Btl", "--roll", "5,5"});
    REQUIRE(tie.code == 0);
    CHECK_FALSE(contains(tie.out, "morale check due"));
    CHECK(contains(slurp(file), "morale_check_due = true"));
    // The roll again is the combat: 2-Para wins 9 to 1, one of I-Btl's stands suppressed.
    auto first = applied(
        file, {"close-combat", "--attacker-unit", "2-Para", "--defender-unit", "I-Btl", "--roll", "9,1,9,1,1,1"});
    REQUIRE(first.code == 0);
    // The loser retreated 3", breaking contact (14.8.3): a second combat of the pair this turn
    // is refused, either way round, saying how to go on.
    for (const auto& [a, d] : {std::pair{"2-Para", "I-Btl"}, std::pair{"I-Btl", "2-Para"}}) {
        auto second =
            applied(file, {"close-combat", "--attacker-unit", a, "--defender-unit", d, "--roll", "9,1,9,9,1,1"});
        CHECK(second.code == 64);
        CHECK(contains(second.err, "14.8.3"));
        CHECK(contains(second.err, "next player's turn ('game next')"));
        CHECK(contains(second.err, "'game undo'"));
    }
    CHECK(contains(slurp(file), "suppressed = 2"));  // 1 from the barrage, 1 from the combat
    // Without --apply it is a question, not a change: answered.
    CHECK(run_cli({"-q", "--game", file, "close-combat", "--attacker-unit", "2-Para", "--defender-unit", "I-Btl",
                   "--roll", "9,1,9,9,1,1"})
              .code == 0);
    // Another enemy battalion is another combat.
    CHECK(
        applied(file, {"close-combat", "--attacker-unit", "2-Para", "--defender-unit", "II-Btl", "--roll", "9,1,1,1,1"})
            .code == 0);
    // game undo takes the first back, and the pair may fight; at the next player's turn, again.
    REQUIRE(run_cli({"game", "undo", file}).code == 0);  // the 2-Para, II-Btl combat
    REQUIRE(run_cli({"game", "undo", file}).code == 0);  // the 2-Para, I-Btl combat
    CHECK(applied(file,
                  {"close-combat", "--attacker-unit", "2-Para", "--defender-unit", "I-Btl", "--roll", "9,1,9,1,1,1"})
              .code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--skip-due"}).code == 0);
    CHECK(applied(file,
                  {"close-combat", "--attacker-unit", "I-Btl", "--defender-unit", "2-Para", "--roll", "9,1,1,1,1,1"})
              .code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("great battles: a battalion's stands are at most eight everywhere one battalion is counted (2.0, 4.0, "
          "14.8.5)",
          "[cli][great-battles]")
{
    // 2.0: "Usually a battalion is made up of two, three or four companies"; 4.0: "one command
    // stand, one heavy weapons stand and up to two other stands attached"; the morale chart's
    // eight rows (15.1): eight, umpire's reading (man NUMBERS says so).
    auto rally = run_cli({"-q", "rally", "--rally-number", "8", "--suppressed", "9"});
    CHECK(rally.code == 64);
    CHECK(contains(rally.err, "--suppressed is 9; allowed 1 to 8, a battalion's stands (2.0, 4.0"));
    CHECK(run_cli({"-q", "rally", "--rally-number", "8", "--suppressed", "8"}).code == 0);
    auto replace = run_cli({"-q", "replace", "--supply", "average", "--situation", "line", "--eliminated", "9"});
    CHECK(replace.code == 64);
    CHECK(contains(replace.err, "--eliminated is 9; allowed 1 to 8, a battalion's stands (2.0, 4.0"));
    CHECK(run_cli({"-q", "replace", "--supply", "average", "--situation", "line", "--eliminated", "8"}).code == 0);
    CHECK(run_cli({"-q", "replace", "--supply", "average", "--situation", "isolated", "--eliminated", "9"}).code == 64);
    CHECK(run_cli({"-q", "morale", "--stands", "9"}).code == 64);
    // Air Landings step 1: "For each stand in a battalion roll a d10": flak's stands are one
    // battalion's (they were 1 to 50, hunt49).
    auto flak = run_cli({"-q", "flak", "--aa", "light", "--altitude", "low", "--stands", "9"});
    CHECK(flak.code == 64);
    CHECK(contains(flak.err, "--stands is 9; allowed 1 to 8, a battalion's stands (2.0, 4.0"));
    CHECK(contains(flak.err, "\"usually\""));
    CHECK(run_cli({"-q", "flak", "--aa", "light", "--altitude", "low", "--stands", "8"}).code == 0);
    // Steps 2 and 3 roll "for every stand" and "per stand", and fire "for each firing stand"
    // (14.4.6) of any battalion (14.4.1): not one battalion's, so not held to eight.
    CHECK(run_cli({"-q", "drift", "--altitude", "low", "--stands", "9"}).code == 0);
    CHECK(run_cli({"-q", "landing", "--terrain", "open", "--stands", "9"}).code == 0);
    CHECK(run_cli({"-q", "fire", "--to-hit", "6", "--to-destroy", "3", "--shots", "9"}).code == 0);
    // A side of a close combat may be several battalions (14.8.5, Multi Battalion Close Combat).
    CHECK(run_cli({"-q", "close-combat", "--attacker-stands", "9", "--attacker-rally-number", "8", "--defender-stands",
                   "2", "--defender-rally-number", "8"})
              .code == 0);
}

TEST_CASE("close combat: a unit whose scenario gives it no stands is said so, not a flag left off",
          "[cli][great-battles]")
{
    const test::TempDir dir("gb-no-count");
    std::ofstream(dir / "s.toml") << "id = \"s\"\ntitle = \"S\"\ngame = \"Great Battles of WWII\"\nsource = \"2.0\"\n"
                                     "sides = [\"a\", \"b\"]\nstart = \"sep\"\n"
                                     "[[unit]]\nname = \"Uncounted\"\nside = \"a\"\ntype = \"infantry\"\n"
                                     "quality = \"average\"\n";
    auto r = run_cli({"-q", "--scenario", dir / "s.toml", "close-combat", "--attacker-unit", "Uncounted",
                      "--defender-stands", "2", "--defender-rally-number", "8"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "--attacker-unit Uncounted has no stand count in its scenario: give its stands with "
                          "--attacker-stands N"));
    auto none = run_cli({"-q", "close-combat", "--attacker-quality", "average", "--defender-stands", "2",
                         "--defender-rally-number", "8"});
    CHECK(none.code == 64);
    CHECK(contains(none.err, "the attacker's stands are not given: --attacker-stands N"));
}

TEST_CASE("replace: an isolated battalion that lost no stand still loses its extra stand, as the man page now says "
          "(16.2.2, 16.2.3, Air Supply)",
          "[cli][great-battles]")
{
    // Drop Zone rules, Air Supply: "They are also considered isolated during the Replacement
    // segment of the Night Phase, so they cannot roll for replacements. Being paratroopers, they
    // do not lose an extra stand in this situation, however": the extra stand goes with being
    // isolated, not with a stand eliminated. 16.2.3's "a d10 for every eliminated stand" is the
    // roll, and only line and reserve roll it: with none eliminated they are refused.
    auto isolated =
        run_cli({"-q", "--json", "replace", "--supply", "good", "--situation", "isolated", "--eliminated", "0"});
    REQUIRE(isolated.code == 0);
    CHECK(contains(isolated.out, R"("extra_lost":1)"));
    CHECK(run_cli({"-q", "replace", "--supply", "good", "--situation", "line", "--eliminated", "0"}).code == 64);
    // The man page said every battalion that lost no stand is refused (hunt53 A5).
    const std::string page = slurp(std::string(UMPIRE_SOURCE_DIR) + "/man/umpire.1");
    CHECK_FALSE(contains(page, "A battalion the game has lost no stand of is refused, saying so"));
    CHECK(contains(page, "extra stand, \\fB\\-\\-paratroopers\\fR excepted, whether or not it lost a stand that day"));
}

TEST_CASE("replace: a supply quality the chart has no row for names --supply once, with the rows once (16.2.1)",
          "[cli][great-battles]")
{
    auto great = run_cli({"-q", "replace", "--supply", "great", "--situation", "line", "--eliminated", "1"});
    CHECK(great.code == 64);
    CHECK(contains(great.err, "--supply: no row 'great'"));
    CHECK_FALSE(contains(great.err, "--situation"));
    const auto first = great.err.find("allowed: ");
    REQUIRE(first != std::string::npos);
    CHECK(great.err.find("allowed: ", first + 1) == std::string::npos);
}

TEST_CASE("replace: an isolated battalion's supply is still a quality of the chart, and paratroopers in line roll "
          "as any (16.2.1, 16.2.3, Air Supply)",
          "[cli][great-battles]")
{
    // 16.2.1: "Cross-index the quality of the supply system with the situation of the
    // battalion": great is no quality the chart has, isolated or not, though an isolated
    // battalion "cannot roll for replacements" (Air Supply) and so reads no cell.
    auto great = run_cli({"-q", "replace", "--supply", "great", "--situation", "isolated", "--eliminated", "1"});
    CHECK(great.code == 64);
    CHECK(contains(great.err, "--supply: no row 'great'"));
    auto good = run_cli({"-q", "replace", "--supply", "good", "--situation", "isolated", "--eliminated", "1"});
    REQUIRE(good.code == 0);
    CHECK(contains(good.out, "supply good: not read"));
    // Air Supply sets paratroopers apart only when isolated ("they do not lose an extra stand
    // in this situation"); in line they roll a d10 per eliminated stand as any battalion
    // (16.2.3), and the answer says the flag changed nothing.
    auto line = run_cli({"-q", "replace", "--supply", "good", "--situation", "line", "--eliminated", "1",
                         "--paratroopers", "--roll", "1"});
    REQUIRE(line.code == 0);
    CHECK(contains(line.out, "paratroopers: in line they roll as any battalion (16.2.3)"));
    auto plain =
        run_cli({"-q", "replace", "--supply", "good", "--situation", "line", "--eliminated", "1", "--roll", "1"});
    REQUIRE(plain.code == 0);
    CHECK_FALSE(contains(plain.out, "paratroopers"));
}

TEST_CASE("great battles game: game set refuses a day shorter than the turn the clock is at, in words (16.0)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-short-day");
    const std::string file = day_one(dir);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1, the second player
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 2
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 3
    REQUIRE(contains(slurp(file), "turn = 3"));
    auto shorter = run_cli({"game", "set", file, "clock", "month=jun", "turns_in_day=2", "--reason", "x"});
    CHECK(shorter.code == 64);
    CHECK(contains(shorter.err, "turn 3 is past turns_in_day 2"));
    CHECK_FALSE(contains(shorter.err, "is not a whole number"));
}

TEST_CASE("great battles game: counts the game gave a morale check are said as the game's, not as flags never "
          "typed (15.1)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-counts-said");
    const std::string file = day_one(dir);
    // 7 stands suppressed today (rallied and suppressed again) on a battalion of 3: more casualty
    // points than the chart reads, which is said with the counts that make them (15.1).
    REQUIRE(
        run_cli({"-q", "game", "set", file, "II-Btl", "suppressed_today=7", "morale_check_due=true", "--reason", "x"})
            .code == 0);
    auto game = run_cli({"-q", "--game", file, "morale", "--unit", "II-Btl"});
    CHECK(game.code == 64);
    CHECK(contains(game.err, "the game (" + file + ") has II-Btl's stands eliminated today at 0 and the game (" + file +
                                 ") has II-Btl's stands suppressed today at 7 make 7 casualty points (15.1)"));
    CHECK_FALSE(contains(game.err, "--eliminated"));
    // a flag typed (and agreeing with the game) is named as typed
    auto typed = run_cli({"-q", "--game", file, "morale", "--unit", "II-Btl", "--suppressed", "7"});
    CHECK(contains(typed.err, "and --suppressed 7 make 7 casualty points"));
}

TEST_CASE("sighting: with a game the roll is for the turn the game is at, and a --turn naming another is refused "
          "(8.2)",
          "[cli][game][great-battles]")
{
    const test::TempDir dir("gb-sighting-turn");
    const std::string file = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    // 8.2: "At the beginning of his turn, the attacker rolls a die to see if sighting is to
    // increase on his phase": the dawn phase is no turn (7.1), so no roll is due in it.
    auto dawn = run_cli({"-q", "--game", file, "sighting", "--turn", "2", "--roll", "4"});
    CHECK(dawn.code == 64);
    CHECK(contains(dawn.err, "the game (" + file + ") is at the dawn phase of day 1"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 1 (7.1)
    // "On the first turn of a new day, sighting is limited to 3"": no roll, and the game's turn
    // is said as the game's, not as a --turn never typed.
    auto first = run_cli({"-q", "--game", file, "sighting", "--roll", "4"});
    CHECK(first.code == 64);
    CHECK(contains(first.err, "the game (" + file + ") is at turn 1: sighting is 3\" then, with no roll"));
    CHECK_FALSE(contains(first.err, "--turn"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // the second player's turn 1
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // turn 2
    // Turn 2 is the turn sighting rises from 3" to 6" (8.2): a --turn 3 (6" to 12") asked of
    // it contradicts the game, naming the flag and the game's turn.
    auto other = run_cli({"-q", "--game", file, "sighting", "--turn", "3", "--roll", "4"});
    CHECK(other.code == 64);
    CHECK(contains(other.err, "--turn 3, but the game (" + file + ") has turn 2 of day 1"));
    CHECK(contains(other.err, "leave --turn off"));
    // Left off, the game's turn 2: "The second turn, sighting is 6"" and an even die raises it now.
    auto taken = run_cli({"-q", "--json", "--game", file, "sighting", "--roll", "4"});
    REQUIRE(taken.code == 0);
    CHECK(contains(taken.out, "\"from_inches\":3"));
    CHECK(contains(taken.out, "\"to_inches\":6"));
    CHECK(run_cli({"-q", "--game", file, "sighting", "--turn", "2", "--roll", "4"}).code == 0);
    // Without a game, --turn is the only way to say the turn.
    auto bare = run_cli({"-q", "sighting", "--roll", "4"});
    CHECK(bare.code == 64);
    CHECK(contains(bare.err, "--turn is required"));
}

TEST_CASE("great battles game: game set refuses a turn at dawn other than 1, which next would not keep (7.0, 7.1)",
          "[cli][game][great-battles]")
{
    // 7.0: "Each day consists of a dawn phase followed by a number of day turns": the dawn
    // phase comes before turn 1. Set at dawn, turn 7 was kept, and game next then said turn 1
    // while the file kept turn 7 (hunt58).
    const test::TempDir dir("gb-dawn-turn");
    const std::string file = dir / "dawn.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    const std::string made = slurp(file);
    REQUIRE(contains(made, "phase = \"dawn\""));
    auto seven = run_cli({"game", "set", file, "clock", "turn=7", "--reason", "x"});
    CHECK(seven.code == 64);
    CHECK(contains(seven.err, "turn 7 at dawn: the dawn phase comes before the day's turns"));
    CHECK(slurp(file) == made);
    // With the phase the turn is in, the same turn is the referee's to set (7.2).
    CHECK(run_cli({"-q", "game", "set", file, "clock", "turn=7", "phase=first-player", "--reason", "x"}).code == 0);
    CHECK(run_cli({"-q", "game", "set", file, "clock", "phase=dawn", "--reason", "x"}).code == 64);
}
