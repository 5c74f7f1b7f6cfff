// Novorossiysk 1943 block combat (rules file 000, N3-N9).
#include "../../helpers.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"

#include <catch2/catch.hpp>

#include <optional>
#include <random>

using namespace umpire;
using namespace umpire::core;

namespace {

using test::table;

// A face of COLOUR that scores (or not), read from the provisional dice, not assumed.
int face(const std::string& colour, bool hit)
{
    const auto& t = table("novorossiysk.hit-dice");
    const auto& cells = t.rows.at(*find_row(t, colour)).cells;
    for (size_t i = 0; i < cells.size(); ++i) {
        if ((cells[i] == "hit") == hit) {
            return static_cast<int>(i) + 1;
        }
    }
    throw std::logic_error("no such face");
}

Block block(const std::string& spec)
{
    auto b = parse_block(spec, table("novorossiysk.hit-dice"));
    REQUIRE(b);
    return *b;
}

Resolution hits(HitsRequest q, std::vector<int> rolls)
{
    test::Scripted s(std::move(rolls));
    return resolve_hits(table("novorossiysk.hit-dice"), table("novorossiysk.procedures"), q, s.dice);
}

// A combat of blocks (as BLOCK specs) under WEATHER ("" for none).
HitsRequest combat_of(const std::vector<std::string>& attackers, const std::vector<std::string>& defenders,
                      const std::string& weather)
{
    HitsRequest q;
    for (const auto& s : attackers) {
        q.attacker.push_back(block(s));
    }
    for (const auto& s : defenders) {
        q.defender.push_back(block(s));
    }
    q.weather = weather;
    return q;
}

}  // namespace

TEST_CASE("hit dice: White < Yellow < Red < Black, White mostly blank, provisional", "[core][blocks]")
{
    const auto& t = table("novorossiysk.hit-dice");
    CHECK(t.provisional);
    CHECK(t.row_keys() == std::vector<std::string>{"white", "yellow", "red", "black"});
    auto hits_on = [&](const char* colour) {
        const auto& cells = t.rows.at(*find_row(t, colour)).cells;
        return std::count(cells.begin(), cells.end(), "hit");
    };
    CHECK(hits_on("white") < 3);  // "White dice are mostly blank sides"
    CHECK(hits_on("white") <= hits_on("yellow"));
    CHECK(hits_on("yellow") <= hits_on("red"));
    CHECK(hits_on("red") <= hits_on("black"));
}

TEST_CASE("hit dice: Surprise raises one level, never past Black", "[core][blocks]")
{
    const auto& t = table("novorossiysk.hit-dice");
    CHECK(raised(t, "white") == "yellow");
    CHECK(raised(t, "yellow") == "red");
    CHECK(raised(t, "red") == "black");
    CHECK(raised(t, "black") == "black");
}

TEST_CASE("surprise: daylight needs moving in at two to one, night fewer than the enemy but more than one",
          "[core][blocks]")
{
    CHECK(surprise(true, 4, 2, true, 2));
    CHECK_FALSE(surprise(true, 3, 2, true, 2));
    CHECK_FALSE(surprise(true, 4, 2, false, 2));  // pinned from a previous phase
    CHECK(surprise(false, 2, 3, true, 2));
    CHECK_FALSE(surprise(false, 1, 3, true, 2));  // more than one friendly unit
    CHECK_FALSE(surprise(false, 3, 3, true, 2));
}

TEST_CASE("blocks: small blocks roll white, paratroopers carry no dice", "[core][blocks]")
{
    CHECK(block("small").dice == std::vector<std::string>{"white"});
    const auto& t = table("novorossiysk.hit-dice");
    CHECK(parse_block("small:red", t).error() == "'small:red': Small Blocks always hit with white dice");
    CHECK(parse_block("para:red", t).error() ==
          "'para:red': paratroopers cannot fight back in the air; give them no dice");
    CHECK(block("bomber:2red+white").dice == std::vector<std::string>{"red", "red", "white"});
    CHECK(parse_block("large:purple", t).error().find("no hit die 'purple'") != std::string::npos);
}

TEST_CASE("hits: both pools at once, hits cancel, the residue lands", "[core][blocks]")
{
    HitsRequest q;
    q.attacker = {block("fighter:2red"), block("bomber:red")};
    q.defender = {block("fighter:black"), block("bomber:white")};
    // Attacker: hit, hit, blank = 2; defender: hit, blank = 1; one lands on the defender.
    auto r =
        hits(q, {face("red", true), face("red", true), face("red", false), face("black", true), face("white", false)});
    CHECK(r.result.code == "defender-hit");
    REQUIRE(r.results.size() == 1);
    CHECK(r.results[0].label == "defender bomber:white");  // bombers before fighters
    CHECK(r.results[0].code == "removed");
}

TEST_CASE("hits: Surprise says a black die stays black (Surprise: never beyond Black)", "[core][blocks]")
{
    HitsRequest q;
    q.attacker = {block("large:black")};
    q.defender = {block("large:white")};
    q.attacker_surprise = true;
    auto r = hits(q, {face("black", true), face("white", false)});
    CHECK(std::find(r.steps.begin(), r.steps.end(),
                    "attacker: 1 hit(s) (Surprise: black dice stay black, never past "
                    "black)") != r.steps.end());
    q.attacker = {block("large:black+red")};
    auto mixed = hits(q, {face("black", true), face("black", false), face("white", false)});
    CHECK(std::find(mixed.steps.begin(), mixed.steps.end(),
                    "attacker: 1 hit(s) (Surprise: dice raised one level; 1 black stay black, never past black)") !=
          mixed.steps.end());
}

TEST_CASE("hits: equal hits cancel to nothing", "[core][blocks]")
{
    HitsRequest q;
    q.attacker = {block("large:red")};
    q.defender = {block("large:red")};
    CHECK(hits(q, {face("red", true), face("red", true)}).result.code == "even");
}

TEST_CASE("hits: small blocks go first, a large block steps down, then goes", "[core][blocks]")
{
    HitsRequest q;
    q.attacker = {block("large:black+black+black")};
    q.defender = {block("large:red"), block("small")};
    auto r = hits(
        q, {face("black", true), face("black", true), face("black", true), face("red", false), face("white", false)});
    REQUIRE(r.results.size() == 2);
    CHECK(r.results[0].label == "defender small");
    CHECK(r.results[0].code == "removed");
    CHECK(r.results[1].code == "removed");  // two hits: stepped down, then removed
    HitsRequest one;
    one.attacker = {block("large:black")};
    one.defender = {block("large:red")};
    CHECK(hits(one, {face("black", true), face("red", false)}).results.at(0).code == "stepped-down");
}

TEST_CASE("hits: the Air Field throws three free white dice first", "[core][blocks]")
{
    HitsRequest q;
    q.airfield = true;
    q.attacker = {block("bomber:yellow"), block("fighter:red")};
    // One white hit kills the bomber (bombers first); the fighter survives and rolls.
    auto r = hits(q, {face("white", true), face("white", false), face("white", false), face("red", true)});
    CHECK(r.result.code == "airfield-hit");
    CHECK(r.rolls.size() == 4);
    CHECK(r.results.at(0).label == "attacker bomber:yellow");
    CHECK(table("novorossiysk.procedures").constant("airfield_free_white_dice") == 3);
}

TEST_CASE("scatter: two units a hex, overflow to the next numbered hex, then the centre, then destroyed",
          "[core][blocks]")
{
    const auto& scatter = table("novorossiysk.scatter");
    const auto& procedures = table("novorossiysk.procedures");
    test::Scripted s({6, 6, 6});
    auto r = resolve_paratroop_scatter(scatter, procedures, 3, {0, 0, 0, 0, 0, 1}, s.dice);
    CHECK(r.results[0].code == "6");
    CHECK(r.results[1].code == "1");  // 6 is full: the next hex along
    CHECK(r.results[2].code == "1");
    test::Scripted full({3});
    auto none = resolve_paratroop_scatter(scatter, procedures, 1, {2, 2, 2, 2, 2, 2, 2}, full.dice);
    CHECK(none.results[0].code == "destroyed");
    test::Scripted centre({3});
    CHECK(resolve_paratroop_scatter(scatter, procedures, 1, {2, 2, 2, 2, 2, 2, 0}, centre.dice).results[0].code ==
          "centre");
}

TEST_CASE("night bombing: 4+ no scatter, else a second die picks the hex", "[core][blocks]")
{
    const auto& scatter = table("novorossiysk.scatter");
    const auto& procedures = table("novorossiysk.procedures");
    test::Scripted a({4});
    CHECK(resolve_night_bombing(scatter, procedures, a.dice).result.code == "on-target");
    test::Scripted b({3, 5});
    CHECK(resolve_night_bombing(scatter, procedures, b.dice).result.code == "5");
}

TEST_CASE("hits: a paratroop block hit in the air is out for good, a side of air and surface units is no one combat",
          "[core][blocks]")
{
    // Paratroopers: "If hit in air they are automatically removed from the game for good."
    HitsRequest q;
    q.attacker = {block("fighter:2red")};
    q.defender = {block("bomber:white"), block("para")};
    auto r = hits(q, {face("red", true), face("red", true), face("white", false)});
    REQUIRE(r.results.size() == 2);
    // paratroops, who "CANNOT fight back while in the air", before the bombers (umpire(1))
    CHECK(r.results[0].label == "defender para");
    CHECK(r.results[0].code == "removed");
    CHECK(r.results[0].name == "Removed from the game for good");
    CHECK(r.results[1].label == "defender bomber:white");
    CHECK(r.results[1].name == "Removed to the Dead Pool");
    // One hit takes the paratroop block, whichever is named first; the bomber flies on
    // (the hit was the bomber's, against the order umpire(1) gives: hunt42).
    HitsRequest one;
    one.attacker = {block("fighter:red")};
    one.defender = {block("bomber:white"), block("fighter:white"), block("para")};
    auto first = hits(one, {face("red", true), face("white", false), face("white", false)});
    REQUIRE(first.results.size() == 1);
    CHECK(first.results[0].label == "defender para");
    // Ground and Ship Attack: "If the ground unit is a small block it has no possibility of
    // returning fire." A paratroop block named beside it made the attack look like air to
    // air, and the small block fired.
    HitsRequest mixed;
    mixed.attacker = {block("bomber:red")};
    mixed.defender = {block("small"), block("para")};
    CHECK_THROWS_WITH(hits(mixed, {face("red", false), face("white", true)}),
                      Catch::Contains("para is an air unit and small a surface unit: they do not fight in one combat"));
}

TEST_CASE("hits: a small block attacked by air units cannot return fire (Ground and Ship Attack)", "[core][blocks]")
{
    HitsRequest q;
    q.attacker = {block("bomber:red")};
    q.defender = {block("small")};
    // One die only, the bomber's: a second die would be the small block's white die,
    // and NoMoreDice fails the test if it is asked for.
    Resolution r = hits(q, {6});
    CHECK(r.rolls.size() == 1);
    CHECK(std::find(r.steps.begin(), r.steps.end(),
                    "defender small: a small block cannot return fire against air units (Ground and Ship Attack)") !=
          r.steps.end());
    CHECK(test::field<long long>(r.result, "defender_hits") == 0);
    // Block against block, a small block throws its white die as before.
    HitsRequest ground;
    ground.attacker = {block("large:red")};
    ground.defender = {block("small")};
    CHECK(hits(ground, {6, 1}).rolls.size() == 2);
}

TEST_CASE("hits: a stepped-down block or ship has lost its anti-air dice and cannot return fire (Large Blocks)",
          "[core][blocks]")
{
    // Large Blocks: "At full strength a unit can use the other hit dice if needed (either
    // anti-armour if square, or anti-air if a triangle). When 'stepped down' this extra
    // ability is always lost." A reduced block threw its dice at air units (hunt42).
    for (const std::string reduced : {"large:red:reduced", "ship:black:reduced"}) {
        INFO(reduced);
        HitsRequest q;
        q.attacker = {block("bomber:red")};
        q.defender = {block(reduced)};
        Resolution r = hits(q, {face("red", true)});  // the bomber's die alone: no second
        CHECK(r.rolls.size() == 1);
        CHECK(test::field<long long>(r.result, "defender_hits") == 0);
        CHECK(r.result.code == "defender-hit");
    }
    // At full strength it returns fire (with its triangle's dice); against a surface
    // attacker a reduced block fires.
    HitsRequest full;
    full.attacker = {block("bomber:red")};
    full.defender = {block("large:red:aa=red")};
    CHECK(hits(full, {face("red", false), face("red", true)}).result.code == "attacker-hit");
    HitsRequest ground;
    ground.attacker = {block("large:red")};
    ground.defender = {block("large:yellow:reduced")};
    CHECK(hits(ground, {face("red", false), face("yellow", true)}).result.code == "attacker-hit");
}

TEST_CASE("hits: a block returns fire at air units with its coloured triangle's dice only, none without one",
          "[core][blocks]")
{
    // Ground and Ship Attack: "Any ground unit or ship that shares the same small hex can
    // return fire if it has Surface to Air attacks (a coloured triangle on its decal)";
    // Large Blocks: "At full strength a unit can use the other hit dice if needed (either
    // anti-armour if square, or anti-air if a triangle)". Every full block returned fire at
    // air units with all its pips, triangle or none (hunt42).
    HitsRequest bare;
    bare.attacker = {block("bomber:red")};
    bare.defender = {block("large:2red")};
    Resolution none = hits(bare, {face("red", true)});  // the bomber's die alone: no second
    CHECK(none.rolls.size() == 1);
    CHECK(test::field<long long>(none.result, "defender_hits") == 0);
    CHECK(std::find(none.steps.begin(), none.steps.end(),
                    "defender large:2red: no coloured triangle (aa=) given, so no Surface to Air attacks: it cannot "
                    "return fire against air units (Ground and Ship Attack)") != none.steps.end());
    // With a triangle it throws the triangle's dice, not its pips: one yellow die, not two red.
    HitsRequest triangle;
    triangle.attacker = {block("bomber:red")};
    triangle.defender = {block("large:2red:aa=yellow")};
    Resolution fired = hits(triangle, {face("red", false), face("yellow", true)});
    REQUIRE(fired.rolls.size() == 2);
    CHECK_THAT(fired.rolls[1].purpose, Catch::Contains("defender large:2red:aa=yellow: yellow die"));
    CHECK(fired.result.code == "attacker-hit");
    // A ship alike, and a triangle of two dice as a decal of two would show them.
    HitsRequest ship;
    ship.attacker = {block("fighter:red")};
    ship.defender = {block("ship:black:aa=2red")};
    CHECK(hits(ship, {1, face("red", false), face("red", false)}).rolls.size() == 3);
    // Against a surface attacker the triangle is not thrown: the pips are.
    HitsRequest ground;
    ground.attacker = {block("large:red")};
    ground.defender = {block("large:2red:aa=yellow")};
    Resolution pips = hits(ground, {1, face("red", false), face("red", false)});
    REQUIRE(pips.rolls.size() == 3);
    CHECK_THAT(pips.rolls[2].purpose, Catch::Contains("red die"));
    // The mark is a full large block's or ship's: "When 'stepped down' this extra ability is
    // always lost"; "If the ground unit is a small block it has no possibility of returning fire".
    const auto& t = table("novorossiysk.hit-dice");
    CHECK(parse_block("large:red:aa=red:reduced", t).error() ==
          "'large:red:aa=red:reduced': a stepped-down block has no anti-air dice: 'When stepped down this extra "
          "ability is always lost' (Large Blocks); leave aa= off");
    CHECK(parse_block("small:aa=red", t).error() ==
          "'small:aa=red': aa= is the coloured triangle of a large block or ship, its Surface to Air attacks; a "
          "small block has none (Ground and Ship Attack)");
    CHECK_THAT(parse_block("fighter:red:aa=red", t).error(), Catch::Contains("an air unit has none"));
    CHECK_THAT(parse_block("large:red:aa=", t).error(), Catch::Contains("'aa=' with no dice"));
    CHECK_THAT(parse_block("large:red:aa=red:aa=red", t).error(), Catch::Contains("'aa=' given twice"));
    CHECK_THAT(parse_block("large:red:aa=pink", t).error(), Catch::Contains("no hit die 'pink'"));
    CHECK(block("LARGE:2red:AA=Red").anti_air == std::vector<std::string>{"red"});
}

TEST_CASE("blocks: a lesser side has no more dice than the full side and none stronger (Large Blocks)",
          "[core][blocks][novorossiysk]")
{
    // Large Blocks: "turning the Block over to show the lesser coloured dice uppermost";
    // Decals: "stepped down to reveal the lesser colour uppermost"; the Hit Dice Sliding Scale
    // orders White, Yellow, Red, Black.
    const auto& t = table("novorossiysk.hit-dice");
    const auto lesser = [&](const char* full, const char* reduced) {
        return not_lesser(block(full), block(std::string("large:") + reduced + ":reduced"), t);
    };
    CHECK(lesser("large:2red", "red").empty());
    CHECK(lesser("large:black+red", "red").empty());
    CHECK(lesser("large:black+red", "2red").empty());  // die for die: red under black, red under red
    CHECK(lesser("large:red+yellow", "yellow").empty());
    CHECK(lesser("large:2red", "black") ==
          "black is stronger than its full side's red: a block steps down 'to show the lesser coloured dice' (Large "
          "Blocks); allowed: fewer dice or weaker ones, none stronger die for die, strongest first");
    CHECK(lesser("large:red+yellow", "2red").starts_with("red is stronger than its full side's yellow"));
    CHECK(lesser("large:black", "2white").starts_with("2 dice, more than its full side's 1"));
    CHECK(lesser("large:2red", "2red").starts_with("the same dice as its full side"));
}

TEST_CASE("hits: paratroopers attack nothing, an Air Field strike meets no units to outnumber", "[core][blocks]")
{
    // Paratroopers: "the Paratroop Units CANNOT fight back while in the air ... If they
    // survive Air Combat they commence their Air Drop".
    HitsRequest ground;
    ground.attacker = {block("para")};
    ground.defender = {block("large:red")};
    CHECK_THROWS_WITH(hits(ground, {}), Catch::Contains("paratroopers make no Ground Attack"));
    HitsRequest airfield;
    airfield.airfield = true;
    airfield.attacker = {block("para"), block("bomber:red")};
    CHECK_THROWS_WITH(hits(airfield, {}), Catch::Contains("para is a paratroop block: paratroopers strike nothing"));
    // 'Surprise': "if the Units in combat outnumber the enemy two to one": the Air Field has
    // no units; one fighter was "1 against 0" and threw black for red.
    HitsRequest strike;
    strike.airfield = true;
    strike.attacker = {block("fighter:red")};
    strike.time = "day";
    strike.moved_in = true;
    Resolution r = hits(strike, {face("white", false), face("white", false), face("white", false), 1});
    REQUIRE(r.rolls.size() == 4);
    CHECK(r.rolls[3].purpose.find("red die") != std::string::npos);
    CHECK(std::find(r.steps.begin(), r.steps.end(),
                    "Surprise: none (an Air Field strike meets no enemy units to outnumber)") != r.steps.end());
    strike.time.clear();
    strike.attacker_surprise = true;
    CHECK_THROWS_WITH(hits(strike, {}), Catch::Contains("an Air Field strike has no enemy units to outnumber"));
}

TEST_CASE("blocks: a colour written twice is one count of at most 20, a step-down given twice refused",
          "[core][blocks]")
{
    const auto& dice = table("novorossiysk.hit-dice");
    // "large:20red+20red" threw 40 red dice, past 1 to 20 of a colour.
    CHECK_FALSE(parse_block("large:20red+20red", dice));
    CHECK(parse_block("large:20red+20red", dice).error() ==
          "'large:20red+20red': a block has 1 to 20 dice of a colour; red adds up to 40");
    CHECK_FALSE(parse_block("large:19red+black+2red", dice));
    const auto merged = parse_block("large:10red+black+10red", dice);
    REQUIRE(merged);
    CHECK(std::count(merged->dice.begin(), merged->dice.end(), "red") == 20);
    CHECK_FALSE(parse_block("large:red:reduced:reduced", dice));
    CHECK(parse_block("large:red:reduced:reduced", dice).error().find("':reduced' given twice") != std::string::npos);
}

TEST_CASE("hits: surface units never attack air units, they return fire when attacked (Ground and Ship Attack)",
          "[core][blocks]")
{
    // Ground and Ship Attack: "Any Air Unit that survives Air Combat can then attack surface
    // units. Any ground unit or ship that shares the same small hex can return fire ... If
    // the ground unit is a small block it has no possibility of returning fire." Night
    // Phase: "Ground units can still fire at those Bombers above them." Named the other way
    // round, the small block fired at a fighter, the land unit fired in Mountain fog and the
    // return fire had Surprise: refused, with the order to name.
    const auto refused = [](std::vector<std::string> a, std::vector<std::string> d, std::string weather) {
        CHECK_THROWS_WITH(hits(combat_of(a, d, weather), {6, 6, 6, 6}),
                          Catch::Contains("an air unit: surface units never attack air units") &&
                              Catch::Contains("Name the air units as {attacker}"));
    };
    refused({"small"}, {"fighter:red"}, "");
    refused({"large:red"}, {"bomber:red"}, "mountain-fog");
    refused({"ship:red"}, {"bomber:red"}, "coast-fog");
    refused({"large:red", "small"}, {"fighter:red"}, "");
    refused({"large:red"}, {"para"}, "");
    HitsRequest surprised;
    surprised.attacker = {block("large:red"), block("small")};
    surprised.defender = {block("fighter:red")};
    surprised.time = "day";
    surprised.moved_in = true;
    CHECK_THROWS_WITH(hits(surprised, {1, 1, 1}), Catch::Contains("surface units never attack air units"));
    // The same combat named the text's way: the bomber attacks, the land unit returns fire.
    HitsRequest right;
    right.attacker = {block("bomber:red")};
    right.defender = {block("large:red:aa=red")};
    CHECK(hits(right, {face("red", false), face("red", false)}).rolls.size() == 2);
}

TEST_CASE("hits under the weather: each limit of the Weather section and the Night Phase", "[core][blocks][weather]")
{
    const auto q_of = combat_of;
    const int miss_white = face("white", false);
    // Dense fog: all combat is disallowed.
    CHECK_THROWS_WITH(hits(q_of({"large:red"}, {"large:red"}, "dense-fog"), {}), Catch::Contains("disallowed"));
    // The air-to-air result: all air to air combat lowered one level, never below White.
    auto poor = q_of({"fighter:red"}, {"fighter:white"}, "poor-flying");
    auto r = hits(poor, {miss_white, miss_white});
    REQUIRE(r.rolls.size() == 2);
    CHECK_THAT(r.rolls[0].purpose, Catch::Contains("yellow die"));
    CHECK_THAT(r.rolls[1].purpose, Catch::Contains("white die"));
    // ... but not ground combat.
    auto ground = hits(q_of({"large:red"}, {"large:red"}, "poor-flying"), {1, 1});
    CHECK_THAT(ground.rolls[0].purpose, Catch::Contains("red die"));
    // Night, unless clear: no air to air combat, no Air Field attack.
    auto night = q_of({"fighter:red"}, {"fighter:red"}, "mountain-fog");
    night.phase = "night";
    CHECK_THROWS_WITH(hits(night, {}), Catch::Contains("no Air to Air Combat"));
    night.weather = "clear";
    CHECK(hits(night, {1, 1}).rolls.size() == 2);
    auto airfield = q_of({"bomber:red"}, {}, "coast-fog");
    airfield.airfield = true;
    airfield.phase = "night";
    CHECK_THROWS_WITH(hits(airfield, {}), Catch::Contains("Air Field"));
    // Mountain fog: no bombing of mountains; no land-based anti-air; artillery at a
    // mountain a level lower; artillery on a mountain silent.
    auto bomb = q_of({"bomber:red"}, {"large:red"}, "mountain-fog");
    bomb.terrain = "mountain";
    CHECK_THROWS_WITH(hits(bomb, {}), Catch::Contains("mountainous terrain"));
    bomb.terrain = "inland";
    CHECK(hits(bomb, {1}).rolls.size() == 1);  // the land unit below throws nothing back
    bomb.defender = {block("large:red:aa=red")};
    auto fogged = hits(bomb, {1});  // not even with its triangle
    CHECK(fogged.rolls.size() == 1);
    CHECK(std::find(fogged.steps.begin(), fogged.steps.end(),
                    "defender large:red:aa=red: no anti-air combat from land based units in Mountain fog "
                    "(Weather)") != fogged.steps.end());
    bomb.defender = {block("ship:red:aa=red")};
    bomb.terrain = "sea";
    CHECK(hits(bomb, {1, 1}).rolls.size() == 2);  // a ship is sea based: it fires
    auto guns = q_of({"large:red"}, {"large:black"}, "mountain-fog");
    guns.artillery = true;
    guns.terrain = "mountain";
    auto fired = hits(guns, {1, 1});
    CHECK_THAT(fired.rolls[0].purpose, Catch::Contains("yellow die"));
    CHECK_THAT(fired.rolls[1].purpose, Catch::Contains("black die"));
    guns.artillery_on_mountain = true;
    CHECK_THROWS_WITH(hits(guns, {}), Catch::Contains("cannot fire"));
    // Coast fog: no bombing of sea or coastal hexes; no anti-air from ships.
    auto coast = q_of({"bomber:red"}, {"ship:red"}, "coast-fog");
    coast.terrain = "coast";
    CHECK_THROWS_WITH(hits(coast, {}), Catch::Contains("borders a sea hex"));
    // A ship is sea based: its hex is sea or coast, whatever the default, so Coast fog
    // refuses bombing it with no terrain given, and inland or mountain is no ship's hex.
    coast.terrain = "";
    CHECK_THROWS_WITH(hits(coast, {1}), Catch::Contains("borders a sea hex"));
    coast.defender = {block("ship:red"), block("large:red")};
    CHECK_THROWS_WITH(hits(coast, {1}), Catch::Contains("borders a sea hex"));
    for (const char* inland : {"inland", "mountain"}) {
        coast.terrain = inland;
        CHECK_THROWS_WITH(hits(coast, {1}), Catch::Contains("ship:red is a ship, sea based"));
        auto clear = q_of({"bomber:red"}, {"ship:red"}, "clear");
        clear.terrain = inland;
        CHECK_THROWS_WITH(hits(clear, {1, 1}), Catch::Contains("ship:red is a ship, sea based"));
    }
    // Artillery is a ground unit: a ship or an air unit is not "placed on Mountainous terrain".
    auto naval = q_of({"ship:red"}, {"large:red"}, "mountain-fog");
    naval.artillery = true;
    CHECK_THROWS_WITH(hits(naval, {1, 1}), Catch::Contains("ship:red is a ship, sea based, not an artillery unit"));
    naval.artillery_on_mountain = true;
    CHECK_THROWS_WITH(hits(naval, {1, 1}), Catch::Contains("{artillery_on_mountain}: {attacker} ship:red"));
    // ...and with no weather given (hunt37: only a weather's combat was checked)
    for (const char* attacker : {"ship:red", "fighter:red"}) {
        auto plain = q_of({"large:red", attacker}, {"large:red"}, "");
        plain.artillery = true;
        CHECK_THROWS_WITH(hits(plain, {1, 1, 1}), Catch::Contains(std::string(attacker) + " is a"));
    }
    // In clear weather a ship is bombed at sea and returns fire.
    auto at_sea = q_of({"bomber:red"}, {"ship:red:aa=red"}, "clear");
    CHECK(hits(at_sea, {1, 1}).rolls.size() == 2);
    // Coast fog leaves inland hexes clear: a land unit there is bombed and fires back.
    CHECK(hits(q_of({"bomber:red"}, {"large:red:aa=red"}, "coast-fog"), {1, 1}).rolls.size() == 2);
}

TEST_CASE("hits at night unless clear: bombers attack the ground, fighters do not (Night Phase)",
          "[core][blocks][weather][novorossiysk]")
{
    // Night Phase: "Night time lessens the effectiveness of Air Operations, unless the weather
    // is clear then Air Combat can take place as per normal. Otherwise no Air to Air Combat
    // takes place ... Ground units can still fire at those Bombers above them. Bombers can ONLY
    // attack those ground units 'revealed'": no more is provided, so a fighter's ground attack
    // is refused (umpire's reading); it was taken with the bombers' note (hunt42).
    for (const std::string weather : {"downpour", "mountain-fog", "coast-fog", "poor-flying"}) {
        INFO(weather);
        for (const auto& attackers :
             std::vector<std::vector<std::string>>{{"fighter:red"}, {"bomber:red", "fighter:red"}}) {
            auto q = combat_of(attackers, {"large:red"}, weather);
            q.phase = "night";
            CHECK_THROWS_WITH(hits(q, {1, 1}), Catch::Contains("{phase} night: {attacker} fighter:red is a fighter") &&
                                                   Catch::Contains("Night Phase provides only for Bombers"));
        }
        auto bomber = combat_of({"bomber:red"}, {"large:red"}, weather);
        bomber.phase = "night";
        const Resolution r = hits(bomber, {1});
        CHECK(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& note) {
            return note.starts_with("night: bombers may attack only ground units revealed");
        }));
    }
    // "unless the weather is clear then Air Combat can take place as per normal"; by day too
    auto clear = combat_of({"fighter:red"}, {"large:red"}, "clear");
    clear.phase = "night";
    CHECK(hits(clear, {face("red", true)}).result.code == "defender-hit");
    auto day = combat_of({"fighter:red"}, {"large:red"}, "downpour");
    day.phase = "afternoon";
    CHECK(hits(day, {face("red", true)}).result.code == "defender-hit");
}

TEST_CASE("air deployment: Blank Blocks as many as Air Units less one, seven to an Air Space", "[core][blocks]")
{
    const auto& procedures = table("novorossiysk.procedures");
    auto r = resolve_air_deployment(procedures, 5, 0, {7, 8});
    CHECK(r.result.code == "4");  // the text's example: five Air Units, four Blank Blocks
    CHECK(test::field<long long>(r.result, "blocks") == 9);
    REQUIRE(r.results.size() == 2);
    CHECK(r.results[0].code == "within");
    CHECK(r.results[1].code == "over");
    CHECK(resolve_air_deployment(procedures, 0, 0, {}).result.code == "0");
}

TEST_CASE("air deployment: each hit on the Air Field is one Air Unit fewer, Blank Blocks not included",
          "[core][blocks][novorossiysk]")
{
    // Hitting The Enemy Air Field: "For every hit scored the enemy cannot deploy the same
    // number of Air Units next phase. (This does not include Blank Blocks)"; Air Unit
    // Deployment: "five Air Units and therefore adds four Blank Blocks".
    const auto& procedures = table("novorossiysk.procedures");
    auto r = resolve_air_deployment(procedures, 5, 2, {});
    CHECK(r.result.code == "4");  // the blanks stay as many as the Air Field's units less one
    CHECK(test::field<long long>(r.result, "air_units_deployed") == 3);
    CHECK(test::field<long long>(r.result, "blocks") == 7);
    auto all = resolve_air_deployment(procedures, 2, 3, {});
    CHECK(test::field<long long>(all.result, "air_units_deployed") == 0);
    CHECK_THROWS_WITH(resolve_air_deployment(procedures, 5, -1, {}), Catch::Contains("{air_units_denied}"));
}

TEST_CASE("hits odds: each pool alone and their difference give the whole walk's report, line for line and in order",
          "[core][blocks][odds]")
{
    // hits_odds walks each pool alone and makes one resolution per difference of hits;
    // compute_odds walks both pools together. Every line, its name and fraction, the
    // order of dimensions and lines, the branches and the sample must be the same.
    const Table& hit_dice = table("novorossiysk.hit-dice");
    const Table& procedures = table("novorossiysk.procedures");
    const std::vector<std::string> colours = {"white", "yellow", "red", "black"};
    // a side is air units or surface units, never both (one combat at a time)
    const std::vector<std::vector<std::string>> domains = {{"fighter", "bomber", "para"}, {"large", "small", "ship"}};
    std::mt19937 rng(2026);
    const auto pick = [&](const std::vector<std::string>& from) {
        return from[std::uniform_int_distribution<size_t>(0, from.size() - 1)(rng)];
    };
    const auto between = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    int compared = 0;
    for (int n = 0; n < 60; ++n) {
        HitsRequest q;
        for (auto* side : {&q.attacker, &q.defender}) {
            const auto& kinds = domains[static_cast<size_t>(between(0, 1))];
            for (int b = between(1, 4); b > 0; --b) {
                const std::string kind = pick(kinds);
                std::string spec = kind;
                if (kind != "small" && kind != "para") {
                    spec += ":" + std::to_string(between(1, 6)) + pick(colours);
                    if (between(0, 2) == 0) {
                        spec += "+" + std::to_string(between(1, 3)) + pick(colours);
                    }
                    if ((kind == "large" || kind == "ship") && between(0, 3) == 0) {
                        spec += ":reduced";
                    } else if ((kind == "large" || kind == "ship") && between(0, 1) == 0) {
                        spec += ":aa=" + std::to_string(between(1, 2)) + pick(colours);  // its triangle
                    }
                }
                side->push_back(block(spec));
            }
        }
        switch (between(0, 4)) {
        case 0:
            q.attacker_surprise = true;
            break;
        case 1:
            q.defender_surprise = true;
            break;
        case 2:
            q.time = pick({"day", "night"});
            q.moved_in = between(0, 1) == 1;
            break;
        default:
            break;
        }
        if (between(0, 2) == 0) {
            q.weather = pick({"clear", "downpour", "poor-flying", "mountain-fog", "coast-fog"});
            q.terrain = pick({"", "mountain", "sea", "coast"});
        }
        std::optional<PreparedHits> prepared;
        try {
            prepared = prepare_hits(hit_dice, procedures, q);
        } catch (const Error&) {
            continue;  // a combat the weather or the blocks refuse
        }
        const Adjudicator whole = [&](Dice& dice) { return roll_hits(hit_dice, *prepared, dice); };
        OddsReport walked = compute_odds(whole, {});
        name_residue(walked);  // hits_odds names what the residue pools; the walk does not know it
        auto own = hits_odds(hit_dice, *prepared, whole);
        REQUIRE(own);
        INFO("request " << n << ": " << walked.sample.inputs.size() << " inputs, " << walked.branches << " branches");
        CHECK(own->branches == walked.branches);
        CHECK(test::odds_as_printed(*own, {&hit_dice}) == test::odds_as_printed(walked, {&hit_dice}));
        ++compared;
    }
    CHECK(compared >= 30);
}

TEST_CASE("hits odds: the residue's lines say they pool a hit on the attacker with one on the defender (Air to Air "
          "Combat)",
          "[cli][novorossiysk][odds]")
{
    // Air to Air Combat: "For every hit scored the enemy negates it with their own hit. The
    // residue is what actually is scored ... One hit lands and the Soviet player removes an Air
    // Unit": the residue lands on the side that scored fewer, and as umpire reports it, a count
    // with no side, so 'one hit on the attacker' and 'one on the defender' are one line of its
    // odds (hunt53 B6). One red die a side: hits cancel unless exactly one side scores, and
    // then it is one hit on the one or the other (the result's code says which).
    auto odds = test::run_cli({"-q", "hits", "--attacker", "fighter:red", "--defender", "fighter:red", "--odds"});
    REQUIRE(odds.code == 0);
    CHECK(test::contains(odds.out, "hits cancel, none land"));
    CHECK(test::contains(odds.out, "land on the attacker or the defender (the result says which)"));
    CHECK(test::contains(odds.out, "defender-hit"));
    CHECK(test::contains(odds.out, "attacker-hit"));
    auto json =
        test::run_cli({"-q", "--json", "hits", "--attacker", "fighter:red", "--defender", "fighter:red", "--odds"});
    REQUIRE(json.code == 0);
    CHECK(test::contains(json.out,
                         R"x("value":"1","name":"land on the attacker or the defender (the result says which)")x"));
}

TEST_CASE("hits: Air to Air Combat has no Surprise, which is for units that move into attack ('Surprise', Air to Air "
          "Combat)",
          "[cli][novorossiysk]")
{
    // 'Surprise' "is only achieved if the Units in attack move into attack that phase. If they
    // are in combat from a previous phase (Units are 'pinned' if they border an enemy Unit) they
    // do not receive 'Surprise'". In Air to Air Combat "Both players roll their dice
    // simultaneously" and the players "do not move the blocks" (hunt53 A4).
    const std::vector<std::string> air{"-q",         "hits",        "--attacker", "fighter:red",
                                       "--attacker", "fighter:red", "--defender", "fighter:red"};
    auto moved = air;
    moved.insert(moved.end(), {"--time", "day", "--moved-in", "--roll", "1,1,1"});
    auto refused = test::run_cli(moved);
    CHECK(refused.code == 64);
    CHECK(test::contains(refused.err, "--moved-in: both sides are air units, in Air to Air Combat"));
    auto surprise = air;
    surprise.insert(surprise.end(), {"--surprise", "attacker"});
    CHECK(test::contains(test::run_cli(surprise).err, "--surprise: both sides are air units"));
    // Ground units that move into attack two to one by day still have it.
    auto ground = test::run_cli({"-q", "hits", "--attacker", "small", "--attacker", "small", "--defender", "small",
                                 "--time", "day", "--moved-in", "--roll", "1,1,1"});
    REQUIRE(ground.code == 0);
    CHECK(test::contains(ground.out, "Surprise for the attacker: yes"));
    // A game's daylight phase reads no Surprise in the air, and says why.
    const test::TempDir dir("novo-air-surprise");
    const std::string file = dir / "n.toml";
    REQUIRE(test::run_cli({"-q", "game", "new", "novorossiysk", file}).code == 0);
    REQUIRE(test::run_cli({"-q", "game", "next", file, "--roll", "7"}).code == 0);  // Day 1 morning, clear
    auto game = test::run_cli({"-q", "--game", file, "hits", "--attacker", "Sov-Fighter-1", "--attacker",
                               "Sov-Bomber-1", "--defender", "Ger-Fighter-1", "--roll", "1,1,1,1,1"});
    REQUIRE(game.code == 0);
    CHECK(test::contains(game.out, "Surprise: none (Air to Air Combat"));
}
