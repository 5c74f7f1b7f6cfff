// Constantinople's game file (src/games/constantinople/game.cc) on the command line: what
// the game keeps of the board and the rules it holds a resolution to.
#include "../../helpers.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace umpire;
using test::contains;
using test::run_cli;
using test::slurp;

namespace {

// A call on FILE's game that applies its result, quietly: umpire -q --game FILE --apply ARGS.
auto applied_to(const std::string& file)
{
    return [file](std::vector<std::string> args) {
        args.insert(args.begin(), {"-q", "--game", file, "--apply"});
        return run_cli(args);
    };
}

}  // namespace

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
}
