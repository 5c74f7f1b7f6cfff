// Constantinople's game file (src/games/constantinople/game.cc) on the command line: what
// the game keeps of the board and the rules it holds a resolution to.
#include "../../helpers.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include <string>
#include <vector>

using namespace umpire;
using test::applied_to;
using test::contains;
using test::run_cli;
using test::slurp;

TEST_CASE("game: a Byzantine ship's crew ashore shows its back in the game and melees with it (13.2, 16.0, 15.35)",
          "[games][constantinople][game]")
{
    const test::TempDir dir("c-crew-ashore");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // 13.2: a Byzantine counter's reverse side "represents a reduced crew level when the sailors
    // are removed for land duty (see Section 16.0)"; 16.0: "the galley is flipped over".
    auto ashore = run_cli({"game", "set", file, "Venice", "face=back", "--reason", "crew ashore 16.0"});
    REQUIRE(ashore.code == 0);
    CHECK(contains(run_cli({"game", "status", file}).out, "Venice: crew ashore (back, 16.0)"));
    // The counter sheet: Venice 7-0-D front, 2-0-D back; Galley-1 4-4-C. Galley-1 4 against
    // Venice's back 2 is +2, and a 6 there is L (15.41); a Byzantine ship that loses one is
    // eliminated (15.35). Against the front, 7, it would be -3 and a 6 no effect.
    auto melee = game({"melee", "--attacker", "Galley-1", "--defender", "Venice:back", "--roll", "6"});
    REQUIRE(melee.code == 0);
    CHECK(contains(melee.out, "differential +2"));
    CHECK(contains(melee.out, "Venice: sunk false -> true (15.35)"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // A Byzantine ship on its front named :back contradicts the game: the refusal says how its
    // crew goes ashore, not that 15.35 forbids a back.
    auto other = run_cli({"--game", file, "melee", "--attacker", "Galley-2", "--defender", "Imperial-1:back"});
    CHECK(other.code == 64);
    CHECK(contains(other.err, "game set Imperial-1 face=back when its crew goes ashore, 16.0"));
    // A flag umpire does not know is named as typed, not with the game's own added to it
    // ("'Imperial-2:front:back'", hunt52).
    REQUIRE(run_cli({"game", "set", file, "Imperial-2", "face=back", "--reason", "16.0"}).code == 0);
    auto unknown = run_cli({"--game", file, "melee", "--attacker", "Galley-2", "--defender", "Imperial-2:front"});
    CHECK(unknown.code == 64);
    CHECK(contains(unknown.err, "'Imperial-2:front': unknown flag ':front'"));
}

TEST_CASE("game: a ship that has met enemies in melee this Combat Segment attacks all of them or none (15.24)",
          "[games][constantinople][game]")
{
    // 15.21, 15.22: only adjacent ships melee, so every ship a melee names is adjacent to its
    // enemies in it. 15.24: "If a Friendly ship is adjacent to more than one Enemy ship it must
    // either attack all of them or none of them".
    const test::TempDir dir("c-all-or-none");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Galley-1 and Galley-2 (4 + 4) against Crete (5): +3, a 6 is L (15.41), Crete eliminated
    // (15.35) but fighting on in this segment (15.25).
    REQUIRE(game({"melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Crete", "--roll", "6"})
                .code == 0);
    const std::string before = slurp(file);
    auto third = game({"melee", "--attacker", "Crete", "--defender", "Galley-3", "--roll", "6"});
    CHECK(third.code == 64);
    CHECK(contains(third.err, "--attacker Crete attacks Galley-3 alone"));
    CHECK(contains(third.err, "this attack leaves out Galley-1, Galley-2"));
    auto one = game({"melee", "--attacker", "Crete", "--defender", "Galley-1", "--roll", "6"});
    CHECK(one.code == 64);
    CHECK(contains(one.err, "this attack leaves out Galley-2"));
    CHECK(slurp(file) == before);  // refusals write nothing
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));

    // The other order: Crete attacks Galley-3 first, then Galley-1 and Galley-2 attacking it show
    // that Crete was adjacent to them, and Galley-3, attacked by Crete, may not attack Venice alone.
    std::filesystem::remove(file);
    std::filesystem::remove(file + ".journal");
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    REQUIRE(game({"melee", "--attacker", "Crete", "--defender", "Galley-3", "--roll", "1"}).code == 0);
    auto after = game({"melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Crete"});
    CHECK(after.code == 64);
    CHECK(contains(after.err, "--defender Crete has made its attack of this Combat Segment (Impulse 1-1) against "
                              "Galley-3 only, and Galley-1, Galley-2 attacking it"));
    auto venice = game({"melee", "--attacker", "Galley-3", "--defender", "Venice", "--roll", "6"});
    CHECK(venice.code == 64);
    CHECK(contains(venice.err, "this attack leaves out Crete"));
    // Galley-3 attacking Crete back is its one enemy: allowed, full strength (15.24).
    CHECK(game({"melee", "--attacker", "Galley-3", "--defender", "Crete", "--roll", "1"}).code == 0);
    CHECK(contains(slurp(file), "melee_foes = \"1-1:Crete\""));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    CHECK(run_cli({"game", "undo", file}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("game: a Combat Segment's melee foes go when it ends, and undo brings them back (13.1, 15.24)",
          "[games][constantinople][game]")
{
    // 15.24's all or none is of the ships a ship is adjacent to in one Combat Segment; 13.1
    // repeats the sequence, movement then combat, each Impulse: when the segment ends, who
    // fought whom in it is no part of the board (they stayed in the file, tagged, fix53).
    const test::TempDir dir("c-foes-go");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const std::string fresh = slurp(file);
    const auto game = applied_to(file);
    REQUIRE(game({"melee", "--attacker", "Galley-1", "--defender", "Crete", "--roll", "1"}).code == 0);
    const std::string fought = slurp(file);
    CHECK(contains(fought, "melee_foes = \"1-1:Crete\""));
    CHECK(contains(fought, "melee_foes = \"1-1:Galley-1\""));
    // the melee began Impulse 1's Mutual Combat Segment; next ends it: Impulse 2
    auto next = run_cli({"game", "next", file});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out, "Naval Phase 1, Impulse 2"));
    CHECK_FALSE(contains(slurp(file), "melee_foes"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // journalled as any change: undo puts them back as they were
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK(slurp(file) == fought);
    // and undoing the melee leaves the file as the game began, no key left behind
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK(slurp(file) == fresh);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("game: portage reads the game's Game-Turn and refuses a sunk ship (17.1, 4.0)",
          "[games][constantinople][game]")
{
    const test::TempDir dir("c-portage");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    // 17.1: "Game-Turn Twenty" opens the Portage; a new game is in Naval Phase 1, Game-Turn 1
    // (a Naval Phase a Game-Turn, 4.0), so a --turn 20 contradicts it.
    auto twenty =
        run_cli({"--game", file, "portage", "--turn", "20", "--ship", "Trireme-1", "--capability", "0", "--roll", "5"});
    CHECK(twenty.code == 64);
    CHECK(contains(twenty.err, "--turn 20: the game is in Naval Phase 1, Game-Turn 1"));
    // Left off, the game's Game-Turn 1 is taken, and 17.1 refuses it: neither requirement is met.
    auto taken = run_cli({"--game", file, "portage", "--ship", "Trireme-1", "--capability", "0", "--roll", "5"});
    CHECK(taken.code == 64);
    CHECK(contains(taken.err, "17.1"));
    CHECK(run_cli({"--game", file, "portage", "--turn", "1", "--ship", "Trireme-1", "--capability", "0"}).code == 64);
    // Without a game the Game-Turn must be given.
    CHECK(contains(run_cli({"portage", "--ship", "Trireme-1", "--capability", "0"}).err, "--turn: give the Game-Turn"));
    // A sunk ship is portaged nowhere, as storm, reef, melee and ram refuse it.
    REQUIRE(run_cli({"game", "set", file, "Trireme-1", "sunk=true", "--reason", "lost"}).code == 0);
    auto sunk = run_cli({"--game", file, "portage", "--ship", "Trireme-1", "--capability", "0", "--roll", "5"});
    CHECK(sunk.code == 64);
    CHECK(contains(sunk.err, "--ship 'Trireme-1': Trireme-1 is sunk in the game"));
}

TEST_CASE("game: :leader is held to the two leaders the rules name, and to the game's (15.26, 16.0)",
          "[games][constantinople][game]")
{
    // 15.26: a Byzantine ship "commanded by either Diedo or Trevisano" adds one defensively;
    // 16.0: "The two naval Leaders, Diedo and Trevisano". Three ships with :leader are one too many.
    auto three = run_cli({"plan", "melee", "--ship", "8", "--enemy", "Venice:leader", "--enemy", "Genoa-2:leader",
                          "--enemy", "Crete:leader"});
    CHECK(three.code == 64);
    CHECK(contains(three.err, ":leader on 3 ships (Venice, Genoa-2, Crete)"));
    CHECK(contains(three.err, "Diedo and Trevisano (15.26, 16.0)"));
    // three attackers' leaders are --attacker's alone: --defender is not named (hunt52)
    auto attackers = run_cli({"melee", "--attacker", "4:leader", "--attacker", "3:leader", "--attacker", "2:leader",
                              "--defender", "5", "--roll", "1"});
    CHECK(attackers.code == 64);
    CHECK(contains(attackers.err, "--attacker: :leader on 3 ships"));
    CHECK(!contains(attackers.err, "--defender"));
    auto melee = run_cli({"melee", "--attacker", "Imperial-1:leader", "--attacker", "Imperial-2:leader", "--defender",
                          "Galley-1", "--roll", "1"});
    CHECK(melee.code == 0);  // two are the rules' two
    auto sides = run_cli({"melee", "--attacker", "4:leader", "--defender", "5:leader", "--roll", "1"});
    CHECK(sides.code == 64);
    CHECK(contains(sides.err, "Byzantine ships only (15.26)"));

    const test::TempDir dir("c-leader");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    REQUIRE(run_cli({"game", "set", file, "Venice", "leader=Diedo", "--reason", "15.26"}).code == 0);
    auto elsewhere =
        run_cli({"--game", file, "melee", "--attacker", "Galley-1", "--defender", "Imperial-1:leader", "--roll", "1"});
    CHECK(elsewhere.code == 64);
    CHECK(contains(elsewhere.err, "--defender 'Imperial-1:leader': the game has no leader aboard Imperial-1; Diedo "
                                  "is aboard Venice"));
    // Aboard Venice he is read from the game, and :leader typed agrees with it.
    CHECK(run_cli({"--game", file, "melee", "--attacker", "Galley-1", "--defender", "Venice:leader", "--roll", "1"})
              .code == 0);
    // The second leader's name in any case is his, as the rules print it (hunt52: refused)
    REQUIRE(run_cli({"game", "set", file, "Crete", "leader=trevisano", "--reason", "15.26"}).code == 0);
    CHECK(contains(test::slurp(file), "leader = \"Trevisano\""));
}

TEST_CASE("game: a second ram on a pinned ship is refused as umpire's limit, not as a rule (15.11-15.15)",
          "[games][constantinople][game]")
{
    // 15.11-15.15 set what a ram needs and nothing forbids ramming a ship already pinned; 15.13
    // leaves its other side free. The game file keeps one ram partner a ship, and says so.
    const test::TempDir dir("c-second-ram");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Galley-1 (ram 4) against Venice (D): a 1 pins (15.42).
    REQUIRE(game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "1"}).code == 0);
    auto second = game({"ram", "--rammer", "Galley-2", "--target", "Venice", "--roll", "1"});
    CHECK(second.code == 64);
    CHECK(contains(second.err, "--target Venice is engaged with Galley-1: the rules do not forbid a second ram"));
    CHECK(contains(second.err, "umpire's limit"));
    CHECK_FALSE(contains(second.err, "(15.15): free"));
}

TEST_CASE("game: an Ineffective ship's exchange is refused under --exchange, and a second leader names both ships "
          "(15.33, 15.26)",
          "[games][constantinople][game]")
{
    const test::TempDir dir("c-messages");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Venice 7 against Galley-1 4: +3, a 1 is I (15.41): Galley-1 Ineffective in the next Impulse.
    REQUIRE(game({"melee", "--attacker", "Venice", "--defender", "Galley-1", "--roll", "1"}).code == 0);
    // Pending from the moment it is applied, in the same Combat Segment (the man page's "what is
    // pending (Ineffective ships ...)"; it showed only after next, fix53): 15.33's "next
    // Movement Segment" and "next Mutual Combat Segment" are Impulse 1-2's.
    auto pending = run_cli({"game", "status", file});
    CHECK(contains(pending.out, "Galley-1: Ineffective next Impulse (1-2)"));
    CHECK(contains(pending.out,
                   "Galley-1 is Ineffective in the next Impulse, 1-2: half movement, no melee attack then; it may "
                   "defend (15.33)"));
    REQUIRE(run_cli({"game", "next", file}).code == 0);
    // in Impulse 1-2 itself it is this Impulse's
    auto now = run_cli({"game", "status", file});
    CHECK(contains(now.out, "Galley-1: Ineffective this Impulse"));
    CHECK(contains(now.out, "Galley-1 is Ineffective: half movement, no melee attack (15.33)"));
    // 15.33: "It may not attack/melee in the next Mutual Combat Segment, it may defend": the
    // defence stands, the attack back (--exchange) does not.
    auto exchange = game({"melee", "--attacker", "Crete", "--defender", "Galley-1", "--exchange", "--roll", "1,1"});
    CHECK(exchange.code == 64);
    CHECK(contains(exchange.err, "--exchange: Galley-1 is Ineffective this Impulse"));
    CHECK_FALSE(contains(exchange.err, "--defender"));
    CHECK(game({"melee", "--attacker", "Crete", "--defender", "Galley-1", "--roll", "1"}).code == 0);

    // 15.26: Diedo commands one ship. Genoa-2 comes before Venice in the file; the refusal names
    // the ship he is aboard and the ship being set, whichever order.
    REQUIRE(run_cli({"game", "set", file, "Venice", "leader=Diedo", "--reason", "15.26"}).code == 0);
    auto second = run_cli({"game", "set", file, "Genoa-2", "leader=Diedo", "--reason", "15.26"});
    CHECK(second.code == 64);
    CHECK(contains(second.err, "Diedo is aboard Genoa-2 and Venice both"));
    CHECK_FALSE(contains(second.err, "aboard Genoa-2 already"));
}

TEST_CASE("game: next --end-phase ends the Naval Phase before its fifth Impulse, by mutual agreement (4.0 E, 13.1)",
          "[games][constantinople][game]")
{
    // "Players may, by mutual agreement, use fewer than five Impulses, but never more" (4.0 E);
    // "or the Players stop by mutual agreement" (13.1). Only stepping through empty Impulses
    // or a game set of the clock did it (hunt50).
    const test::TempDir dir("c-end-phase");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Impulse 1-1's movement: Galley-1 (ram 4) against Venice (D) fails on a 4 (15.42: 1-2 pins)
    REQUIRE(game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "4"}).code == 0);
    // its combat: Venice 7 against Galley-2 4, +3, a 1 is I (15.41): Ineffective in Impulse 1-2
    REQUIRE(game({"melee", "--attacker", "Venice", "--defender", "Galley-2", "--roll", "1"}).code == 0);
    const std::string before = slurp(file);
    // the wind of 14.23's example: 9 and 7, NE at 8
    auto end = run_cli({"game", "next", file, "--end-phase", "--roll", "9,7"});
    REQUIRE(end.code == 0);
    CHECK(contains(end.out, "Naval Phase 2, Impulse 1, wind NE 8"));
    CHECK(contains(end.out, "the players end Naval Phase 1 after Impulse 1, by mutual agreement"));
    const std::string after = slurp(file);
    CHECK(contains(after, "naval_phase = 2\n"));
    CHECK(contains(after, "impulse = 1\n"));
    CHECK(contains(after, "phase_ended_in = \"1-1\"\n"));
    // 15.33's next Movement and Mutual Combat Segments are now the next phase's first
    CHECK(contains(run_cli({"game", "status", file}).out, "Galley-2: Ineffective this Impulse"));
    // 14.17: no Battle Speed two Movement Segments in a row; the last played was 1-1's
    auto again = game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "4"});
    CHECK(again.code == 64);
    CHECK(contains(again.err, "rammed in Impulse 1-1"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // undo takes the whole step back, the file byte for byte
    REQUIRE(run_cli({"game", "undo", file}).code == 0);
    CHECK(slurp(file) == before);

    // From an Impulse's movement its Mutual Combat Segment is not fought; a phase run to its
    // fifth Impulse then takes the key away.
    const std::string other = dir / "other.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", other}).code == 0);
    auto early = run_cli({"game", "next", other, "--end-phase", "--roll", "9,7"});
    REQUIRE(early.code == 0);
    CHECK(contains(early.out, "its Mutual Combat Segment not fought"));
    CHECK(contains(slurp(other), "phase_ended_in = \"1-1\"\n"));
    for (int i = 0; i < 9; ++i) {
        REQUIRE(run_cli({"game", "next", other}).code == 0);
    }
    auto fifth = run_cli({"game", "next", other, "--roll", "9,7"});
    REQUIRE(fifth.code == 0);
    CHECK(contains(fifth.out, "Naval Phase 3, Impulse 1"));
    CHECK_FALSE(contains(slurp(other), "phase_ended_in"));
    // at the fifth Impulse's combat the phase ends anyway: --end-phase is the plain step
    for (int i = 0; i < 9; ++i) {
        REQUIRE(run_cli({"game", "next", other}).code == 0);
    }
    auto plain = run_cli({"game", "next", other, "--end-phase", "--roll", "9,7"});
    REQUIRE(plain.code == 0);
    CHECK(contains(plain.out, "five Impulses done: Naval Phase 4"));
    CHECK_FALSE(contains(slurp(other), "phase_ended_in"));

    // a value no end of a phase leaves is refused when read, and the flag in another game
    auto set = run_cli({"game", "set", other, "clock", "phase_ended_in=3-9", "--reason", "test"});
    CHECK(set.code == 64);
    CHECK(contains(set.err, "'3-9' is not an Impulse of the phase before the game's"));
    const std::string battles = dir / "gb.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", battles}).code == 0);
    auto gb = run_cli({"game", "next", battles, "--end-phase"});
    CHECK(gb.code == 64);
    CHECK(contains(gb.err, "--end-phase"));
}

TEST_CASE("game: a leader the game has aboard neither stops a ram nor is blamed on a flag (15.26, 15.42)",
          "[games][constantinople][game]")
{
    // 15.26: "Leaders have no effect on Naval Combat, with the following exception ... adds one
    // to the ship's Melee Strength for defensive purposes only." Nothing in 15.1-15.15 keeps a
    // ship with a leader aboard from being rammed (hunt57: "--target: a leader has no effect").
    const test::TempDir dir("c-leader-ram");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    REQUIRE(run_cli({"-q", "game", "set", file, "Venice", "leader=Diedo", "--reason", "15.26"}).code == 0);
    REQUIRE(run_cli({"-q", "game", "set", file, "Crete", "leader=Trevisano", "--reason", "15.26"}).code == 0);
    // Galley-1, ram strength 4, against Venice's ram defense D: 1-2 pins (15.42)
    auto ram = game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "1"});
    CHECK(ram.code == 0);
    CHECK(contains(ram.out, "pinned"));
    CHECK(contains(slurp(file), "pinned_to = \"Galley-1\""));
    CHECK_FALSE(contains(ram.err, "--target"));
    // A :leader typed on a ram still does nothing, and is refused as a slip, on either ship
    auto typed = run_cli({"--game", file, "ram", "--rammer", "Galley-2", "--target", "Crete:leader", "--roll", "1"});
    CHECK(typed.code == 64);
    CHECK(contains(typed.err, "--target 'Crete:leader': a leader has no effect on ramming (15.26)"));
    auto rammer = run_cli({"ram", "--rammer", "Venice:leader", "--target", "Galley-1", "--roll", "1"});
    CHECK(rammer.code == 64);
    CHECK(contains(rammer.err, "--rammer 'Venice:leader': a leader has no effect on ramming (15.26)"));
    // Two Byzantine ships are not enemies (15.24): the game's leaders aboard both are not a
    // ':leader on --attacker and --defender both' nobody typed
    auto friends = run_cli({"--game", file, "melee", "--attacker", "Crete", "--defender", "Venice", "--roll", "1"});
    CHECK(friends.code == 64);
    CHECK(contains(friends.err, "are both byzantine ships"));
    CHECK_FALSE(contains(friends.err, ":leader"));
}

TEST_CASE("game: storm refuses :pinned on a ship the game has unpinned (14.29, 15.15)", "[games][constantinople][game]")
{
    // 14.29: only "Ships that are pinned from Ramming are automatically sunk"; a ship at sea
    // rolls a die and only a 6 eliminates it. :pinned on a ship the game has engaged with no one
    // sank it with no die (hunt57); it is refused as :damaged and :back are.
    const test::TempDir dir("c-storm-pinned");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Galley-1 (ram 4) pins Venice (D) on a 1 (15.42), then a Storm is the wind
    REQUIRE(game({"ram", "--rammer", "Galley-1", "--target", "Venice", "--roll", "1"}).code == 0);
    REQUIRE(run_cli({"-q", "game", "set", file, "clock", "velocity=storm", "--reason", "2 on 14.32"}).code == 0);
    const std::string before = slurp(file);
    auto unpinned = game({"storm", "--ship", "Galley-5:pinned"});
    CHECK(unpinned.code == 64);
    CHECK(contains(unpinned.err, "--ship 'Galley-5:pinned': the game has Galley-5 pinned to no ship"));
    // under --pinned-reading rammed the rammer is not pinned from Ramming: :pinned contradicts it
    auto rammer = game({"storm", "--ship", "Galley-1:pinned", "--pinned-reading", "rammed"});
    CHECK(rammer.code == 64);
    CHECK(contains(rammer.err, "as the rammer, and --pinned-reading rammed sinks only the rammed ship"));
    CHECK(slurp(file) == before);
    // :pinned that agrees with the game is taken: Venice is sunk without a die
    auto agrees = game({"storm", "--ship", "Venice:pinned"});
    CHECK(agrees.code == 0);
    CHECK(contains(agrees.out, "pinned from Ramming, sunk without a roll (14.29)"));
}

TEST_CASE("game: an Ineffective ship's Impulse ended at its movement may not attack in the next combat fought (15.33)",
          "[games][constantinople][game]")
{
    // 15.33: an Ineffective ship "is halved in movement ... for the next Movement Segment. It may
    // not attack/melee in the next Mutual Combat Segment". Ended by --end-phase at the movement
    // step of the Impulse it is Ineffective in, that Impulse's movement is played and its combat
    // never is: the next Mutual Combat Segment is the next phase's first, its movement whole.
    const test::TempDir dir("c-ineffective-end");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const auto game = applied_to(file);
    // Venice 7 against Galley-2 4, +3: a 1 is I (15.41), Ineffective in Impulse 1-2
    REQUIRE(game({"melee", "--attacker", "Venice", "--defender", "Galley-2", "--roll", "1"}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // 1-2, its movement
    CHECK(contains(run_cli({"game", "status", file}).out, "Galley-2: Ineffective this Impulse"));
    const std::string before = slurp(file);
    auto end = run_cli({"game", "next", file, "--end-phase", "--roll", "9,7"});
    REQUIRE(end.code == 0);
    CHECK(contains(end.out, "its Mutual Combat Segment not fought"));
    const std::string ended = slurp(file);
    // Impulse 2-1: its movement whole, no attack in its Mutual Combat Segment
    auto status = run_cli({"game", "status", file});
    CHECK(contains(status.out, "Galley-2: Ineffective in this Impulse's combat"));
    CHECK_FALSE(contains(status.out, "Galley-2 is Ineffective: half movement"));
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);  // 2-1, its combat
    auto attack = run_cli({"--game", file, "melee", "--attacker", "Galley-2", "--defender", "Venice", "--roll", "6"});
    CHECK(attack.code == 64);
    CHECK(contains(attack.err, "Galley-2 is Ineffective this Impulse: it may not attack, it may defend (15.33)"));
    // it may defend
    CHECK(run_cli({"--game", file, "melee", "--attacker", "Venice", "--defender", "Galley-2", "--roll", "2"}).code ==
          0);
    // the next Impulse it attacks again
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    CHECK(run_cli({"--game", file, "melee", "--attacker", "Galley-2", "--defender", "Venice", "--roll", "2"}).code ==
          0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    // undo and redo of the end of the phase, byte for byte (three game next after it)
    for (int i = 0; i < 3; ++i) {
        REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    }
    CHECK(slurp(file) == ended);
    REQUIRE(run_cli({"-q", "game", "undo", file}).code == 0);
    CHECK(slurp(file) == before);
    REQUIRE(run_cli({"-q", "game", "redo", file}).code == 0);
    CHECK(slurp(file) == ended);
    // a value the rules keep for no Impulse is refused when read
    auto set = run_cli({"game", "set", file, "Galley-2", "ineffective=2-1:movement", "--reason", "test"});
    CHECK(set.code == 64);
    CHECK(contains(set.err, "PHASE-IMPULSE:combat"));
}

TEST_CASE("game: portage names the game, not --turn, for the Game-Turn it gave (17.1.1)",
          "[games][constantinople][game]")
{
    // "the Ottoman Player may never attempt Portage before Game-Turn Six" (17.1.1); with --game
    // the Game-Turn is the game's (one Naval Phase a Game-Turn, 4.0) and --turn was not typed.
    const test::TempDir dir("c-portage-turn");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    auto early = run_cli(
        {"--game", file, "portage", "--ship", "Trireme-1", "--capability", "3", "--assaults", "3,3", "--roll", "6"});
    CHECK(early.code == 64);
    CHECK(contains(early.err, "umpire: error: the game (" + file +
                                  ") is in Game-Turn 1: the Ottoman Player may never attempt Portage before "
                                  "Game-Turn Six (17.1.1)"));
    CHECK_FALSE(contains(early.err, "--turn"));
    // typed, it is named as typed
    auto typed = run_cli({"portage", "--turn", "3", "--ship", "Trireme-1", "--capability", "3", "--assaults", "3,3"});
    CHECK(typed.code == 64);
    CHECK(contains(typed.err, "--turn 3: the Ottoman Player may never attempt Portage"));
}

TEST_CASE("game: in a Storm the movement step asks only what may be done (14.29)", "[games][constantinople][game]")
{
    // 14.29: in a Storm "all ships ... may not move that Game-Turn ... There is no other movement
    // that Game-Turn": no ram, no breaking free, no sailing; and storm only in a Storm.
    const test::TempDir dir("c-storm-asks");
    const std::string file = dir / "siege.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    auto calm = run_cli({"game", "status", file});
    CHECK(contains(calm.out, "rams take place during movement: ram (13.1, 15.1)"));
    CHECK(contains(calm.out, "free --ship (15.16)"));
    CHECK_FALSE(contains(calm.out, "storm (14.29)"));
    // the fifth Impulse's combat, then the next phase's wind: 7 is N, 2 a Storm (14.31, 14.32)
    for (int i = 0; i < 9; ++i) {
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    }
    auto next = run_cli({"game", "next", file, "--roll", "7,2"});
    REQUIRE(next.code == 0);
    CHECK(contains(next.out, "Naval Phase 2, Impulse 1, wind N storm"));
    CHECK_FALSE(contains(next.out, "straight into the wind"));
    for (const auto& out : {next.out, run_cli({"game", "status", file}).out}) {
        CHECK(contains(out, "to do: in a Storm no ship moves that Game-Turn: storm (14.29)"));
        CHECK_FALSE(contains(out, "ram (13.1, 15.1)"));
        CHECK_FALSE(contains(out, "free --ship"));
        CHECK_FALSE(contains(out, "straight into the wind"));
    }
}

TEST_CASE("game: set holds the wind's velocity to the Wind Velocity Table's (14.32)", "[cli][game]")
{
    // 14.32 gives Storm, 9, 2, 10, 7, 8, 6, 12, 4, No Wind and 11, and nothing else: 0, 1, 3,
    // 5, 13 and 99 were taken by the check's 0 to 99 (hunt58), and status showed "wind N 99".
    const test::TempDir dir("velocity");
    const std::string file = dir / "c.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", file}).code == 0);
    const std::string made = slurp(file);
    for (const char* refused : {"0", "1", "3", "5", "13", "99"}) {
        CAPTURE(refused);
        auto r = run_cli({"game", "set", file, "clock", std::string("velocity=") + refused, "--reason", "x"});
        CHECK(r.code == 64);
        CHECK(contains(r.err, "is no velocity the Wind Velocity Table gives: 2, 4, 6, 7, 8, 9, 10, 11, 12, storm, "
                              "calm (calm is its No Wind) (14.32)"));
        CHECK(slurp(file) == made);
    }
    for (const char* given : {"2", "4", "6", "7", "9", "10", "11", "12", "storm", "calm", "8"}) {
        CAPTURE(given);
        CHECK(run_cli({"-q", "game", "set", file, "clock", std::string("velocity=") + given, "--reason", "x"}).code ==
              0);
    }
}
