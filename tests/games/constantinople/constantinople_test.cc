// Constantinople naval adjudicators against the rules text (file 001) and its worked
// examples. Dice are scripted; a test fails if a procedure rolls a die it was not given.
#include "../../helpers.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

#include <catch2/catch.hpp>

#include <limits>
#include <random>

using namespace umpire;
using namespace umpire::core;

namespace {

using test::table;

Ship melee_ship(int melee) { return Ship{"", "", melee, 0, 0, false, false}; }

using test::field;

Resolution melee(std::vector<int> attackers, int defender, std::vector<int> rolls, bool boom = false)
{
    MeleeRequest q;
    for (int a : attackers) {
        q.attackers.push_back(melee_ship(a));
    }
    q.defender = melee_ship(defender);
    q.boom = boom;
    test::Scripted s(std::move(rolls));
    return resolve_melee(table("constantinople.melee"), q, s.dice);
}

Resolution ram(int strength, char defense, std::vector<int> rolls, bool target_damaged = false)
{
    RamRequest q;
    q.rammer.ram = strength;
    q.target.ram_defense = defense;
    q.target.damaged = target_damaged;
    test::Scripted s(std::move(rolls));
    return resolve_ram(table("constantinople.ram"), q, s.dice);
}

}  // namespace

TEST_CASE("wind: 14.23's example, rolls 9 and 7, is a north-easterly wind of 8", "[core][wind]")
{
    test::Scripted s({9, 7});
    auto r = resolve_wind(table("constantinople.wind-direction"), table("constantinople.wind-velocity"), s.dice);
    CHECK(r.result.code == "NE");
    CHECK(field<std::string>(r.result, "toward") == "SW");
    CHECK(field<long long>(r.result, "velocity") == 8);
    REQUIRE(r.rolls.size() == 2);
    CHECK(r.rolls[0].die == "2d6");
    CHECK(r.rolls[0].given);
}

TEST_CASE("wind: a velocity roll of 2 is a Storm with 14.29's consequences", "[core][wind]")
{
    test::Scripted s({7, 2});
    auto r = resolve_wind(table("constantinople.wind-direction"), table("constantinople.wind-velocity"), s.dice);
    CHECK(r.result.code == "N");
    CHECK(field<std::string>(r.result, "velocity") == "storm");
    bool cites_storm = false;
    for (const auto& e : r.result.effects) {
        cites_storm = cites_storm || e.find("(14.29)") != std::string::npos;
    }
    CHECK(cites_storm);
}

TEST_CASE("wind: in a Storm the direction limits no sailing, for no ship moves (14.29, 14.24)", "[core][wind]")
{
    // 14.29: in a Storm "all ships ... may not move that Game-Turn ... There is no other
    // movement that Game-Turn": 14.24's "no sail ship may move into a hex northward" is moot.
    test::Scripted s({7, 2});
    auto r = resolve_wind(table("constantinople.wind-direction"), table("constantinople.wind-velocity"), s.dice);
    REQUIRE(field<std::string>(r.result, "velocity") == "storm");
    CHECK(r.result.code == "N");
    CHECK_FALSE(r.result.effects.empty());
    for (const auto& e : r.result.effects) {
        CHECK(e.find("into the wind") == std::string::npos);
        CHECK(e.find("(14.29)") != std::string::npos);
    }
}

TEST_CASE("wind: a velocity roll of 11 is No Wind, drifting north to south (14.26)", "[core][wind]")
{
    test::Scripted s({4, 11});
    auto r = resolve_wind(table("constantinople.wind-direction"), table("constantinople.wind-velocity"), s.dice);
    CHECK(r.result.code == "S");
    CHECK(field<std::string>(r.result, "velocity") == "calm");
    CHECK(r.result.effects.back() == "ships that are not moving drift one hex from north to south (14.26)");
    // With no wind there is nothing to sail into: the direction's 14.24 effect is dropped,
    // and the result is named as the table names it.
    CHECK(r.result.name == "No Wind");
    CHECK(
        std::none_of(r.result.fields.begin(), r.result.fields.end(), [](const Field& f) { return f.key == "toward"; }));
    CHECK(r.result.effects.size() == 1);
    for (const auto& e : r.result.effects) {
        CHECK(e.find("into the wind") == std::string::npos);
    }
}

TEST_CASE("wind: every compass point has its opposite", "[core][wind]")
{
    CHECK(compass_opposite("N") == "S");
    CHECK(compass_opposite("NE") == "SW");
    CHECK(compass_opposite("SE") == "NW");
    CHECK(compass_opposite("S") == "N");
    CHECK(compass_opposite("SW") == "NE");
    CHECK(compass_opposite("NW") == "SE");
    CHECK(compass_opposite("E").empty());
}

TEST_CASE("melee: 15.23's example, two 4s against a 5, is +3, the 5 against a 4 is +1", "[core][melee]")
{
    auto r = melee({4, 4}, 5, {4});
    CHECK(field<long long>(r.result, "differential") == 3);
    CHECK(r.result.code == "D");  // CRT 15.41, die 4 under +3
    auto back = melee({5}, 4, {6});
    CHECK(field<long long>(back.result, "differential") == 1);
    CHECK(back.result.code == "D");  // die 6 under +1
}

TEST_CASE("melee: 15.24's example, split 2/1/5 against 5, 3 and 2 at -3, -2 and +3", "[core][melee]")
{
    MeleeRequest q;
    q.attackers = {melee_ship(5), melee_ship(3), melee_ship(2)};
    q.defender = melee_ship(8);
    q.exchange = true;
    q.split = {2, 1, 5};
    test::Scripted s({6, 6, 6, 6});
    auto r = resolve_melee(table("constantinople.melee"), q, s.dice);
    // The Ottomans attack the Byzantine at +2.
    CHECK(field<long long>(r.result, "differential") == 2);
    CHECK(r.result.code == "L");
    REQUIRE(r.results.size() == 4);
    CHECK(field<long long>(r.results[1], "differential") == -3);
    CHECK(field<long long>(r.results[2], "differential") == -2);
    CHECK(field<long long>(r.results[3], "differential") == 3);
    // Die 6 under -3, -2, +3: -, I, L (15.41).
    CHECK(r.results[1].code == "-");
    CHECK(r.results[2].code == "I");
    CHECK(r.results[3].code == "L");
    CHECK(s.dice.record().size() == 4);
}

TEST_CASE("melee: differentials past the chart are read at its edges (15.41)", "[core][melee]")
{
    auto high = melee({10}, 2, {1});
    CHECK(field<long long>(high.result, "differential") == 8);
    CHECK(field<long long>(high.result, "column") == 4);
    CHECK(high.result.code == "I");  // die 1 under +4
    auto low = melee({1}, 8, {6});
    CHECK(field<long long>(low.result, "column") == -3);
    CHECK(low.result.code == "-");  // die 6 under -3
}

TEST_CASE("melee: a leader (15.26) and the Boom (15.63) each add one to the defense", "[core][melee]")
{
    MeleeRequest q;
    q.attackers = {melee_ship(4)};
    q.defender = melee_ship(4);
    q.defender.leader = true;
    test::Scripted s({5});
    auto r = resolve_melee(table("constantinople.melee"), q, s.dice);
    CHECK(field<long long>(r.result, "differential") == -1);
    CHECK(r.result.code == "I");  // die 5 under -1
    auto boom = melee({4}, 4, {5}, true);
    CHECK(field<long long>(boom.result, "differential") == -1);
}

TEST_CASE("melee: Damaged halves melee only under the chart reading", "[core][melee]")
{
    MeleeRequest q;
    q.attackers = {melee_ship(7)};
    q.attackers[0].damaged = true;
    q.defender = melee_ship(4);
    test::Scripted a({3});
    CHECK(field<long long>(resolve_melee(table("constantinople.melee"), q, a.dice).result, "differential") == 3);
    q.reading = DamagedReading::chart;
    test::Scripted b({3});
    CHECK(field<long long>(resolve_melee(table("constantinople.melee"), q, b.dice).result, "differential") == -1);
}

TEST_CASE("melee: L reads per side (15.35)", "[core][melee]")
{
    MeleeRequest q;
    q.attackers = {melee_ship(8)};
    q.defender = Ship{"Galley-1", "ottoman", 4, 4, 'C', false, false};
    test::Scripted s({6});
    auto r = resolve_melee(table("constantinople.melee"), q, s.dice);
    CHECK(r.result.code == "L");
    CHECK(r.result.effects.front().find("loses one step") != std::string::npos);
    q.defender = Ship{"Genoa", "byzantine", 4, 0, 'D', false, false};
    test::Scripted t({6});
    auto b = resolve_melee(table("constantinople.melee"), q, t.dice);
    CHECK(b.result.effects == std::vector<std::string>{"the Byzantine ship is eliminated (15.35)"});
}

TEST_CASE("melee: the limits of 15.24 are usage errors", "[core][melee]")
{
    CHECK_THROWS_WITH(melee({1, 1, 1, 1, 1}, 3, {}),
                      "{attacker}: 5 given; one to four ships may attack one ship (15.24)");
    MeleeRequest q;
    q.attackers = {melee_ship(5), melee_ship(3), melee_ship(2)};
    q.defender = melee_ship(8);
    q.exchange = true;
    test::Scripted s({});
    q.split = {2, 1};
    CHECK_THROWS_WITH(resolve_melee(table("constantinople.melee"), q, s.dice),
                      "{split}: the defender is adjacent to 3 attackers and must attack all or none of them "
                      "(15.24); give 3 comma-separated points, one per {attacker}, adding up to 8");
    q.split = {2, 1, 4};
    CHECK_THROWS_WITH(
        resolve_melee(table("constantinople.melee"), q, s.dice),
        "{split}: the points add up to 7 but the defender has melee strength 8; a split uses all of it (15.24)");
    q.split = {1, 2, 5};
    CHECK_THROWS_WITH(resolve_melee(table("constantinople.melee"), q, s.dice),
                      "{split}: 1 point(s) against attacker 1 gives differential -4; when splitting, the "
                      "lowest voluntary differential is -3 (15.24)");
    // "Must either attack all of them or none" (15.24): a 0 leaves an enemy unattacked, though
    // its differential, -3 against a 3, is one the -3 floor allows; only a ship with fewer
    // points than enemies attacks the strongest at 0.
    q.split = {5, 0, 3};
    CHECK_THROWS_WITH(resolve_melee(table("constantinople.melee"), q, s.dice),
                      "{split}: 0 points against attacker 2 leaves it unattacked; the defender must attack all of its "
                      "adjacent enemies or none (15.24), so with as many melee points as enemies (8 for 3) it gives "
                      "each at least 1; only a ship with fewer points than enemies attacks the strongest at 0");
    // Fewer points than enemies: the strongest at 0, the rest at 1.
    q.defender = melee_ship(2);
    q.split = {1, 1, 0};
    CHECK_THROWS_WITH(
        resolve_melee(table("constantinople.melee"), q, s.dice),
        "{split}: the 0 must go to the strongest ship(s) (15.24); attacker 1 is stronger than attacker 3");
    q.split = {0, 1, 1};
    test::Scripted ok({1, 1, 1, 1});
    CHECK_NOTHROW(resolve_melee(table("constantinople.melee"), q, ok.dice));
}

TEST_CASE("ram: a '-' cell cannot pin and rolls no die", "[core][ram]")
{
    auto r = ram(1, 'D', {});
    CHECK(r.result.code == "immune");
    CHECK(r.rolls.empty());
    CHECK_FALSE(field<bool>(r.result, "rammer_damaged"));
}

TEST_CASE("ram: the die range of 15.42 pins, outside it the ram fails", "[core][ram]")
{
    CHECK(ram(2, 'B', {2}).result.code == "pinned");  // 1-2
    CHECK(ram(2, 'B', {3}).result.code == "failed");
    CHECK(ram(1, 'A', {2}).result.code == "pinned");  // 1-2, no star
    CHECK(ram(3, 'D', {3}).result.code == "failed");  // 1-2
}

TEST_CASE("ram: '*' rolls again and 5-6 sinks", "[core][ram]")
{
    CHECK(ram(4, 'A', {5, 4}).result.code == "pinned");
    CHECK(ram(4, 'A', {5, 5}).result.code == "sunk");
    CHECK(ram(3, 'B', {3, 6}).result.code == "sunk");
}

TEST_CASE("ram: a 6 rolled at any time damages the rammer", "[core][ram]")
{
    auto first = ram(4, 'A', {6});
    CHECK(first.result.code == "failed");
    CHECK(field<bool>(first.result, "rammer_damaged"));
    auto second = ram(4, 'A', {1, 6});
    CHECK(second.result.code == "sunk");
    CHECK(field<bool>(second.result, "rammer_damaged"));
    CHECK_FALSE(field<bool>(ram(4, 'A', {1, 5}).result, "rammer_damaged"));
}

TEST_CASE("ram: a Damaged target's ram defense is halved (15.34)", "[core][ram]")
{
    CHECK(halved_ram_defense('D') == 'B');
    CHECK(halved_ram_defense('C') == 'A');
    CHECK(halved_ram_defense('B') == 'A');
    CHECK(halved_ram_defense('A') == 'A');
    // Strength 1 against D cannot pin; against a Damaged D (read as B) a 1 pins.
    CHECK(ram(1, 'D', {1}, true).result.code == "pinned");
}

TEST_CASE("ram: a ship of ram strength 0 may not ram (15.1, 14.28)", "[core][ram]")
{
    RamRequest q;
    q.rammer = Ship{"Genoa", "byzantine", 8, 0, 'D', false, false};
    q.target = Ship{"Galley-1", "ottoman", 4, 4, 'C', false, false};
    test::Scripted s({});
    CHECK_THROWS_WITH(resolve_ram(table("constantinople.ram"), q, s.dice),
                      "{rammer} Genoa has ram strength 0: only oar-driven vessels may ram (15.1, 14.28)");
    // A bare strength of 0 is a sail ship's too: the same refusal, not a missing column.
    q.rammer = Ship{};
    CHECK_THROWS_WITH(resolve_ram(table("constantinople.ram"), q, s.dice),
                      "{strength} 0: a ship of ram strength 0 is a sail ship, and sail ships cannot Ram (15.1, "
                      "14.28); allowed 1 to 4 (15.42)");
}

// Table 15.42 has ram strengths 1 to 4 across and ram defenses A to D down: every refusal of
// a value typed says so, not a melee strength's range or the table's internals.
TEST_CASE("ram: a strength out of 1 to 4 or a defense out of A to D is refused with 15.42's range", "[cli][ram]")
{
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--strength", "-1", "--defense", "A"}, "--strength '-1': a ram strength is 1 to 4 (15.42), or a ship's name"},
        {{"--strength", "100", "--defense", "A"},
         "--strength '100': a ram strength is 1 to 4 (15.42), or a ship's name"},
        {{"--strength", "5", "--defense", "A"},
         "--strength 5: a ram strength is 1 to 4, the columns of table constantinople.ram (15.42)"},
        {{"--strength", "5:damaged", "--defense", "A", "--damaged-reading", "chart"},
         "--strength 5: a ram strength is 1 to 4, the columns of table constantinople.ram (15.42)"},
        {{"--strength", "3", "--defense", "AB"}, "give a ram defense A to D (15.42), or one of: Genoa"},
        {{"--strength", "X", "--defense", "A"}, "give a ram strength 1 to 4 (15.42), or one of: Genoa"},
        {{"--strength", "3", "--defense", "-1"}, "--defense '-1': ram defense is a letter A to D (15.42)"},
    };
    for (const auto& [args, message] : cases) {
        std::vector<std::string> words{"ram"};
        words.insert(words.end(), args.begin(), args.end());
        words.insert(words.end(), {"--roll", "1,1"});
        CAPTURE(words);
        auto r = test::run_cli(words);
        CHECK(r.code == 64);
        CHECK_THAT(r.err, Catch::Contains(message));
        CHECK_THAT(r.err, !Catch::Contains("0 to 99"));
    }
    CHECK(test::run_cli({"ram", "--strength", "4", "--defense", "D", "--roll", "1"}).code == 0);
}

TEST_CASE("ram: the preconditions of 14.17, 14.28, 15.11 and 15.62 refuse before any die", "[core][ram]")
{
    auto refusal = [](auto setup) {
        RamRequest q;
        q.rammer.ram = 3;
        q.target.ram_defense = 'B';
        setup(q);
        test::Scripted s({});
        try {
            resolve_ram(table("constantinople.ram"), q, s.dice);
        } catch (const Error& e) {
            CHECK(s.dice.record().empty());
            return std::string(e.what());
        }
        return std::string("no refusal");
    };
    CHECK_THAT(refusal([](RamRequest& q) { q.boom = true; }), Catch::Contains("(15.62)"));
    CHECK_THAT(refusal([](RamRequest& q) { q.movement = RamMovement::sail; }), Catch::Contains("(14.28)"));
    CHECK_THAT(refusal([](RamRequest& q) { q.movement = RamMovement::cruising; }), Catch::Contains("Battle Speed"));
    CHECK_THAT(refusal([](RamRequest& q) { q.battle_speed_last_segment = true; }), Catch::Contains("(14.17)"));
    CHECK_THAT(refusal([](RamRequest& q) { q.run = 2; }), Catch::Contains("at least three hexes"));
    // At Battle Speed from three hexes the attempt goes ahead: 3 against B pins on 1-3 (15.42).
    RamRequest q;
    q.rammer.ram = 3;
    q.target.ram_defense = 'B';
    q.movement = RamMovement::battle;
    q.run = 3;
    CHECK(ram_refusal(q).empty());
}

TEST_CASE("sail: 14.25's example, wind N, 1539 facing 1639 may turn to 1439 but not past 1638 to 1538", "[core][sail]")
{
    // The example's hexes fix the map's geometry: 1638 faces into a northerly wind.
    CHECK(hex_neighbour("1539", "N") == "1638");
    CHECK(hex_neighbour("1539", "NE") == "1639");
    CHECK(hex_neighbour("1539", "S") == "1439");
    CHECK(hex_neighbour("1539", "NW") == "1538");
    CHECK(*parse_facing("1639", "1539") == "NE");
    SailRequest q;
    q.wind = "N";
    q.hex = "1539";
    q.facing = *parse_facing("1639", q.hex);
    q.turn = *parse_facing("1538", q.hex);
    auto r = resolve_sail(q);
    CHECK(r.result.code == "on-the-wind");  // "facing toward hex 1639 (Sailing on the Wind)"
    CHECK(field<long long>(r.result, "mp_per_hex") == 2);
    REQUIRE(r.results.size() == 2);
    CHECK(r.results[0].label == "turn");
    CHECK(r.results[0].code == "refused");
    q.turn = *parse_facing("1439", q.hex);
    r = resolve_sail(q);
    CHECK(r.results[0].code == "one-mp");  // two hexsides for one Movement Point (14.25)
    CHECK(field<std::string>(r.results[0], "sailing_after") == "running-free");
}

TEST_CASE("sail: a hex number is its column and row, each 01 to 99, whatever its neighbours", "[core][sail]")
{
    // 0113 is one of the text's reef hexes: column 01 is on the map. 0101's north and south
    // neighbours are both past the numbering; it was refused as "not four digits" (hunt40),
    // while 0001 and 0200, no hexes, were taken.
    for (const std::string hex : {"0101", "0113", "0124", "1500", "1539", "9999"}) {
        INFO(hex);
        CHECK(is_hex(hex) == (hex != "1500"));
    }
    for (const std::string hex : {"0000", "0001", "0200", "0100", "101", "01010", "ab12", "-101", "+101"}) {
        INFO(hex);
        CHECK_FALSE(is_hex(hex));
        CHECK(hex_neighbour(hex, "S").empty());
    }
    CHECK(hex_neighbour("0101", "N").empty());  // row 00: past the numbering
    CHECK(hex_neighbour("0101", "SE") == "0102");
    SailRequest q;
    q.wind = "S";
    q.facing = "N";
    q.hex = "0101";
    CHECK(resolve_sail(q).result.code == "running-free");
    q.hex = "0200";
    CHECK_THROWS_WITH(resolve_sail(q), Catch::Contains("'0200': a hex number is four digits, column then row, each "
                                                       "01 to 99 (1539)"));
}

TEST_CASE("sail: the points of sailing of 14.24 for every facing", "[core][sail]")
{
    auto code = [](const char* wind, const char* facing) {
        SailRequest q;
        q.wind = wind;
        q.facing = facing;
        return resolve_sail(q).result.code;
    };
    CHECK(code("N", "N") == "into-the-wind");
    CHECK(code("N", "NE") == "on-the-wind");
    CHECK(code("N", "NW") == "on-the-wind");
    CHECK(code("N", "SE") == "running-free");
    CHECK(code("N", "S") == "running-free");
    CHECK(code("N", "SW") == "running-free");
    CHECK(code("SW", "SW") == "into-the-wind");
    CHECK(code("SW", "NW") == "on-the-wind");
    CHECK(code("SW", "NE") == "running-free");
}

TEST_CASE("sail: on the wind with one MP left it must turn 120 degrees (14.24), 180 never (14.25)", "[core][sail]")
{
    SailRequest q;
    q.wind = "N";
    q.facing = "NW";
    q.remaining = 1;
    auto r = resolve_sail(q);
    CHECK(field<std::string>(r.result, "forced_turn") == "S");  // to NE would pass N
    q.turn = "SE";
    q.remaining.reset();
    CHECK(resolve_sail(q).results.at(0).code == "refused");
    q.turn = "N";  // one hexside, free; then it faces the wind and may not move that way
    r = resolve_sail(q);
    CHECK(r.results.at(0).code == "free");
    CHECK(field<std::string>(r.results.at(0), "sailing_after") == "into-the-wind");
}

TEST_CASE("sail: a ship that does not move turns one hexside and drifts downwind, N to S when calm, "
          "not beside the Boom",
          "[core][sail]")
{
    SailRequest q;
    q.wind = "NE";
    q.facing = "S";
    q.hex = "1539";
    q.stationary = true;
    q.turn = "N";  // two hexsides: not while standing still (14.26)
    auto r = resolve_sail(q);
    CHECK(r.results.at(0).code == "refused");
    const Outcome& drift = r.results.at(1);
    CHECK(drift.label == "drift");
    CHECK(drift.code == "SW");  // from NE, toward SW (14.26)
    CHECK(field<std::string>(drift, "hex") == "1438");
    q.wind = "";  // no wind: north to south
    CHECK(resolve_sail(q).results.at(1).code == "S");
    q.boom = true;  // 15.65
    CHECK(resolve_sail(q).results.at(1).code == "none");
    q.boom = false;
    q.pinned = true;  // rammed and pinned: no turn at all (14.26)
    q.turn = "SE";
    CHECK(resolve_sail(q).results.at(0).code == "refused");
}

// 17.21 names types only ("only triremes, biremes or fustae"): which side of the counter shows
// is nothing to the Portage, so a flag is refused as one, not as a ship that does not exist.
TEST_CASE("portage: a ship with a flag is refused for the flag, naming the ship (17.21)", "[cli][portage]")
{
    auto back =
        test::run_cli({"portage", "--turn", "20", "--ship", "Trireme-1:back", "--capability", "1", "--roll", "4"});
    CHECK(back.code == 64);
    CHECK(back.err == "umpire: error: --ship 'Trireme-1:back': portage takes no ship flags (':back'): 17.21 allows "
                      "any trireme, bireme or fustae whichever side of its counter shows; give Trireme-1\n");
    auto type = test::run_cli({"portage", "--turn", "20", "--ship", "fustae:back:damaged", "--capability", "1"});
    CHECK(type.code == 64);
    CHECK_THAT(type.err, Catch::Contains("takes no ship flags (':back', ':damaged')"));
    // The name is checked first: an unknown one is still told so.
    auto unknown = test::run_cli({"portage", "--turn", "20", "--ship", "Trireme-9:back", "--capability", "1"});
    CHECK(unknown.code == 64);
    CHECK_THAT(unknown.err, Catch::Contains("'Trireme-9': no ship of that name"));
    CHECK(test::run_cli({"portage", "--turn", "20", "--ship", "Trireme-1", "--capability", "1", "--roll", "4"}).code ==
          0);
}

// A ship's flags are statuses it has or not (15.34 Damaged, 15.26 a leader aboard, 14.29 pinned
// or at anchor): one said twice is a slip, refused wherever ship flags are read.
TEST_CASE("ship flags: a flag given twice is refused, in every command that reads them", "[cli][ships]")
{
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"melee", "--attacker", "Genoa:back:back", "--defender", "4", "--roll", "1"},
         "--attacker 'Genoa:back:back': flag :back is given twice; give each flag once"},
        {{"melee", "--attacker", "4", "--defender", "Genoa:leader:Leader", "--roll", "1"},
         "--defender 'Genoa:leader:Leader': flag :leader is given twice"},
        {{"ram", "--rammer", "Galley-1:damaged:back:damaged", "--target", "B", "--roll", "1"},
         "--rammer 'Galley-1:damaged:back:damaged': flag :damaged is given twice"},
        {{"plan", "melee", "--ship", "8", "--enemy", "5:damaged:damaged"},
         "--enemy '5:damaged:damaged': flag :damaged is given twice"},
        {{"storm", "--ship", "ottoman:pinned:pinned"}, "--ship 'ottoman:pinned:pinned': flag :pinned is given twice"},
        {{"storm", "--ship", "Galley-1:anchor:anchor"}, "--ship 'Galley-1:anchor:anchor': flag :anchor is given twice"},
    };
    for (const auto& [args, message] : cases) {
        CAPTURE(args);
        auto r = test::run_cli(args);
        CHECK(r.code == 64);
        CHECK_THAT(r.err, Catch::Contains(message));
    }
    // An unknown flag is still told it is unknown, and flags each given once are taken.
    CHECK_THAT(test::run_cli({"storm", "--ship", "ottoman:x:x"}).err, Catch::Contains("unknown flag ':x'"));
    CHECK(test::run_cli({"melee", "--attacker", "Galley-1:back:damaged", "--defender", "Genoa:leader", "--roll", "1"})
              .code == 0);
}

TEST_CASE("storm: pinned ships sink without a roll, sheltered ones stay, each ship at sea rolls (14.29)",
          "[core][storm]")
{
    std::vector<StormShip> ships(4);
    ships[0].side = "ottoman";
    ships[1].side = "ottoman";
    ships[1].pinned = true;
    ships[2].side = "byzantine";
    ships[2].sheltered = true;
    ships[2].shelter = "in the Golden Horn";
    ships[3].side = "byzantine";
    test::Scripted s({6, 5});  // two ships at sea roll; the pinned and the sheltered do not
    auto r = resolve_storm(table("constantinople.storm"), ships, s.dice);
    REQUIRE(r.rolls.size() == 2);
    REQUIRE(r.results.size() == 4);
    CHECK(r.results[0].code == "eliminated");  // a six
    CHECK(r.results[1].code == "sunk");        // pinned from Ramming
    CHECK(r.results[2].code == "stays");       // may not move that Game-Turn
    // A ship lost is severe however it is lost (it had no severity when pinned, so no
    // [severe] and no colour, beside the Eliminated one at sea).
    CHECK(r.results[0].severity == "severe");
    CHECK(r.results[1].severity == "severe");
    CHECK(r.results[3].code == "port");  // 1-5
    CHECK_THAT(join(r.results[3].effects, " "), Catch::Contains("Harbor of Eleutheris"));
    CHECK(r.result.code == "2");  // lost: the eliminated and the sunk
}

TEST_CASE("portage: 17.1's conditions, 17.21's ships, then die + capability of five or more (17.22)", "[core][portage]")
{
    auto attempt = [](int turn, std::vector<int> assaults, std::string type, std::vector<int> rolls, int cap = 0) {
        PortageRequest q;
        q.turn = turn;
        q.assaults = std::move(assaults);
        q.ships = {PortageShip{type, type, ""}};
        q.capability = cap;
        test::Scripted s(std::move(rolls));
        return resolve_portage(table("constantinople.portage"), q, s.dice);
    };
    CHECK(attempt(6, {3, 3}, "trireme", {5}).result.code == "portage");
    CHECK(attempt(6, {3, 3}, "trireme", {4}).result.code == "fails");
    CHECK(attempt(6, {3, 3}, "bireme", {3}, 2).result.code == "portage");  // 3 + 2 = 5
    CHECK_THROWS_WITH(attempt(5, {3, 3}, "trireme", {5}), Catch::Contains("before Game-Turn Six"));
    CHECK_THROWS_WITH(attempt(12, {3, 2}, "trireme", {5}), Catch::Contains("two successive"));
    CHECK_THROWS_WITH(attempt(12, {3}, "trireme", {5}), Catch::Contains("two successive"));
    // 17.1.1 "has spent at least two successive Naval Combat Segments": once met, met for good,
    // whatever the segments since.
    CHECK(attempt(12, {4, 3, 1}, "trireme", {5}).result.code == "portage");
    CHECK(attempt(12, {0, 5, 3, 0, 2}, "trireme", {5}).result.code == "portage");
    CHECK_THROWS_WITH(attempt(12, {3, 1, 3, 1, 3}, "trireme", {5}), Catch::Contains("two successive"));
    CHECK(attempt(20, {}, "fustae", {5}).result.code == "portage");  // 17.1.2: automatically from Twenty
    CHECK_THROWS_WITH(attempt(20, {}, "galley", {5}), Catch::Contains("(17.21)"));
    // One ship named twice is one ship; two fustae typed by their type are two.
    PortageRequest q;
    q.turn = 20;
    q.ships = {PortageShip{"Fustae-1", "fustae", "ottoman"}, PortageShip{"Fustae-1", "fustae", "ottoman"}};
    test::Scripted twice({5});
    CHECK_THROWS_WITH(resolve_portage(table("constantinople.portage"), q, twice.dice),
                      "{ship} Fustae-1 is given twice; each ship portages once (17.21)");
    q.ships = {PortageShip{"fustae", "fustae", ""}, PortageShip{"fustae", "fustae", ""}};
    test::Scripted two({5});
    CHECK(resolve_portage(table("constantinople.portage"), q, two.dice).result.code == "portage");
}

TEST_CASE("reef: roll higher than the hex number or the ship is lost (15.53)", "[core][reef]")
{
    const auto& reefs = table("constantinople.reefs");
    test::Scripted a({5});
    const Resolution lost = resolve_reef(reefs, "2028", "ottoman", a.dice);
    CHECK(lost.result.code == "lost");
    CHECK(lost.result.severity == "severe");  // eliminated (15.53), as a storm's or a melee's loss
    test::Scripted b({6});
    CHECK(resolve_reef(reefs, "2028", "ottoman", b.dice).result.code == "safe");
    test::Scripted c({4});
    CHECK(resolve_reef(reefs, "2234", "ottoman", c.dice).result.code == "safe");
    test::Scripted d({});
    auto exempt = resolve_reef(reefs, "2234", "byzantine", d.dice);
    CHECK(exempt.result.code == "exempt");
    CHECK(exempt.rolls.empty());
    test::Scripted e({1});
    CHECK(resolve_reef(reefs, "3334", "byzantine", e.dice).result.code == "lost");
    CHECK_THROWS_WITH(resolve_reef(reefs, "9999", "ottoman", d.dice),
                      "hex 9999 is not a numbered reef hex (Constantinople 15.53 list); no roll is needed there");
    // 14.29's harbour is "hexes 1823, 1924, etc.": which numbered hexes are in it is the map's
    // to say. A Byzantine roll says so; the referee's reading exempts the ship (15.53).
    test::Scripted f({1});
    auto near = resolve_reef(reefs, "1926", "byzantine", f.dice);
    CHECK(near.result.code == "lost");
    REQUIRE(near.notes.size() == 1);
    CHECK(test::contains(near.notes.front(), "if the map puts hex 1926 in it, a Byzantine ship does not roll"));
    test::Scripted g({});
    auto harbour = resolve_reef(reefs, "1926", "byzantine", g.dice, true);
    CHECK(harbour.result.code == "exempt");
    CHECK(harbour.rolls.empty());
    CHECK_THROWS_WITH(resolve_reef(reefs, "1926", "ottoman", g.dice, true),
                      Catch::Contains("only Byzantine ships enter the hexes of 14.29 without rolling"));
    test::Scripted h({1});
    CHECK(resolve_reef(reefs, "1926", "ottoman", h.dice).notes.empty());  // an Ottoman ship rolls, whatever the map
}

TEST_CASE("initiative: the high die moves first, a tie is rolled again (13.1)", "[core][initiative]")
{
    test::Scripted a({5, 2});
    CHECK(resolve_initiative(a.dice).result.code == "byzantine");
    test::Scripted b({1, 2});
    CHECK(resolve_initiative(b.dice).result.code == "ottoman");
    test::Scripted c({3, 3});
    CHECK(resolve_initiative(c.dice).result.code == "tie");
}

TEST_CASE("storm odds: each ship alone gives the whole walk's report, line for line and in order (14.29)",
          "[core][storm][odds]")
{
    // storm_odds walks each ship alone (ships alike once) and adds up their losses;
    // compute_odds walks every ship's die with every other's.
    const Table& storm = table("constantinople.storm");
    std::mt19937 rng(1429);
    const auto between = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int n = 0; n < 30; ++n) {
        std::vector<StormShip> ships;
        for (int i = between(1, 6); i > 0; --i) {
            StormShip ship;
            ship.side = between(0, 1) == 0 ? "ottoman" : "byzantine";
            if (between(0, 3) == 0) {
                ship.name = "Galley-" + std::to_string(ships.size() + 1);  // named: its own label
            }
            switch (between(0, 5)) {
            case 0:
                ship.pinned = true;
                break;
            case 1:
                ship.sheltered = true;
                ship.shelter = between(0, 1) == 0 ? "at anchor" : "in the Golden Horn";
                break;
            default:
                break;
            }
            ships.push_back(ship);
        }
        const Adjudicator whole = [&](Dice& dice) { return resolve_storm(storm, ships, dice); };
        OddsReport walked = compute_odds(whole, {});
        OddsReport own = storm_odds(storm, ships, whole);
        INFO("request " << n << ": " << ships.size() << " ships");
        CHECK(own.branches == walked.branches);
        CHECK(test::odds_as_printed(own, {&storm}) == test::odds_as_printed(walked, {&storm}));
    }
    // A hundred ships (14.29 names no limit; umpire's is 100): 6^100 branches, past 64
    // bits, answered at once; the expected loss is a sixth of each ship at sea.
    std::vector<StormShip> fleet(100, StormShip{"", "ottoman", false, false, ""});
    OddsReport all = storm_odds(storm, fleet, [&](Dice& dice) { return resolve_storm(storm, fleet, dice); });
    arrange_odds(all, {&storm});
    CHECK(all.branches == std::numeric_limits<std::uint64_t>::max());
    CHECK(branches_text(all.branches) == "more than 18446744073709551615 branches");
    REQUIRE(all.dimensions.at(0).expected);
    CHECK(all.dimensions.at(0).expected->q() == Rational(100, 6));
    CHECK(all.dimensions.size() == 101);
    CHECK(all.dimensions.at(100).name == "ship 100 (ottoman)");
    CHECK_THROWS_WITH(storm_odds(storm, {}, [&](Dice& dice) { return resolve_storm(storm, {}, dice); }),
                      Catch::Contains("1 to 100 ships"));
}

TEST_CASE("sail: --wind takes the point the wind blows from or none, never a hex, and blames no --hex (14.31)",
          "[core][sail]")
{
    // 14.31's wind directions are compass points: N, NE, SE, S, SW, NW; 14.32's calm is no wind.
    auto hex = test::run_cli({"sail", "--hex", "1539", "--facing", "N", "--wind", "1638"});
    CHECK(hex.code == 64);
    CHECK(test::contains(hex.err,
                         "--wind '1638': the point the wind blows from, a compass point (N, NE, SE, S, SW, NW), "
                         "or none"));
    CHECK_FALSE(test::contains(hex.err, "--hex"));
    auto east = test::run_cli({"sail", "--facing", "N", "--wind", "E"});
    CHECK(east.code == 64);
    CHECK_FALSE(test::contains(east.err, "neighbouring hex"));
    CHECK(test::run_cli({"sail", "--facing", "N", "--wind", "none"}).code == 0);
    CHECK(test::run_cli({"sail", "--facing", "N", "--wind", "sw"}).code == 0);
}

TEST_CASE("sail, reef, wind: a drift off the map is a loss, 33 is no hex, and two dice give one total (14.27, "
          "14.23)",
          "[core][sail]")
{
    // 14.27: "A sail or oar vessel that leaves the map - for whatever reason - is treated exactly
    // as a sail vessel that has Run Aground", and Run Aground eliminates it. Column 01, row 01 has
    // no hex to its south in the map's numbering, and with the wind N a ship drifts south (14.26).
    auto corner = test::run_cli({"sail", "--hex", "0101", "--facing", "S", "--wind", "N"});
    REQUIRE(corner.code == 0);
    CHECK(test::contains(corner.out, "lost as Run Aground (14.27)"));
    CHECK(test::contains(corner.out, "off the map's numbering"));
    // A reef hex is a map hex, four digits (15.53's list: 2028 ...): 33 is none.
    auto reef = test::run_cli({"reef", "33", "--side", "ottoman"});
    CHECK(reef.code == 64);
    CHECK(test::contains(reef.err, "umpire: error: reef: '33' is not a hex number"));
    // the hex is the command's word: wrong, it is said first, whatever else is missing (fix53)
    reef = test::run_cli({"reef", "33"});
    CHECK(reef.code == 64);
    CHECK(test::contains(reef.err, "umpire: error: reef: '33' is not a hex number"));
    // a hex 15.53's list does not number needs no roll, with or without a side
    reef = test::run_cli({"reef", "0101"});
    CHECK(reef.code == 64);
    CHECK(test::contains(reef.err, "umpire: error: reef: hex 0101 is not a numbered reef hex"));
    // 14.23: "a Player rolls two dice" for the direction, "then rolls two more dice" for the
    // velocity: each pair is one value given, its total.
    auto wind = test::run_cli({"wind", "--roll", "3,4,7"});
    CHECK(wind.code == 64);
    CHECK(test::contains(wind.err, "used only 2 die roll(s) this time (a roll of 2d6 is one value, its total)"));
}
