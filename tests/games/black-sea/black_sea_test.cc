// The Turkish Black Sea Fleet rolls (rules file 003) as named checks, and Always Possible.
#include "../../helpers.h"
#include "core/lookup.h"
#include "core/odds.h"
#include "games/black-sea/black_sea.h"
#include "util/error.h"
#include "util/text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace umpire;
using namespace umpire::core;

namespace {

using test::contains;
using test::table;

std::string check(const char* id, int roll, std::vector<std::pair<std::string, int>> mods = {})
{
    test::Scripted s({roll});
    LookupRequest q;
    q.named = std::move(mods);
    return resolve_lookup(table(id), q, s.dice).result.code;
}

}  // namespace

TEST_CASE("black sea: gunnery at range three ignores 3 or less, -2 single primary or CD, +1 Russian B 1917",
          "[core][black-sea]")
{
    CHECK(check("black-sea.gunnery-range-three", 3) == "ignored");
    CHECK(check("black-sea.gunnery-range-three", 4) == "hit");
    CHECK(check("black-sea.gunnery-range-three", 5, {{"single-primary", 1}}) == "ignored");
    CHECK(check("black-sea.gunnery-range-three", 6, {{"single-primary", 1}}) == "hit");
    CHECK(check("black-sea.gunnery-range-three", 3, {{"russian-b-1917", 1}}) == "hit");
}

TEST_CASE("black sea: submarine firing position on 4+, -1 if the target moved two zones", "[core][black-sea]")
{
    CHECK(check("black-sea.sub-firing-position", 3) == "too-distant");
    CHECK(check("black-sea.sub-firing-position", 4) == "attacks");
    CHECK(check("black-sea.sub-firing-position", 4, {{"moved-two-zones", 1}}) == "too-distant");
}

TEST_CASE("black sea: ASW sinks on 6+, +1 per three escorts (per four before 1918)", "[core][black-sea]")
{
    // No escorts, no roll: "If there are escorts ... in the target fleet, roll one die".
    CHECK_THROWS_WITH(check("black-sea.asw", 6), Catch::Contains("takes one of escorts=N or escorts-before-1918=N"));
    CHECK_THROWS_WITH(check("black-sea.asw", 6, {{"escorts", 0}}), Catch::Contains("escorts=0: allowed 1 to 100"));
    CHECK_THROWS_WITH(check("black-sea.asw", 6, {{"escorts", 3}, {"escorts-before-1918", 4}}),
                      Catch::Contains("never both"));
    CHECK(check("black-sea.asw", 5, {{"escorts", 1}}) == "survives");
    CHECK(check("black-sea.asw", 6, {{"escorts", 1}}) == "sunk");
    CHECK(check("black-sea.asw", 5, {{"escorts", 2}}) == "survives");  // 2 / 3 = 0
    CHECK(check("black-sea.asw", 5, {{"escorts", 3}}) == "sunk");
    CHECK(check("black-sea.asw", 4, {{"escorts", 7}}) == "sunk");                  // +2
    CHECK(check("black-sea.asw", 4, {{"escorts-before-1918", 7}}) == "survives");  // +1
    CHECK(check("black-sea.asw", 4, {{"escorts-before-1918", 8}}) == "sunk");      // +2
    // The second die: 4 or less after the attack, 5 or more before.
    CHECK(check("black-sea.asw-timing", 4, {{"escorts", 2}}) == "after");
    CHECK(check("black-sea.asw-timing", 5, {{"escorts", 2}}) == "before");
    CHECK(check("black-sea.asw-timing", 3, {{"escorts", 6}}) == "before");
}

TEST_CASE("black sea: sub versus sub destroys on 12", "[core][black-sea]")
{
    CHECK(check("black-sea.sub-vs-sub", 11) == "missed");
    CHECK(check("black-sea.sub-vs-sub", 12) == "destroyed");
}

TEST_CASE("black sea: minesweeping by other ships, 1 lost, 2-4 nothing, 5-6 removed", "[core][black-sea]")
{
    CHECK(check("black-sea.minesweeping", 1) == "sweeper-lost");
    for (int roll : {2, 3, 4}) {
        CHECK(check("black-sea.minesweeping", roll) == "none");
    }
    CHECK(check("black-sea.minesweeping", 5) == "swept");
    CHECK(check("black-sea.minesweeping", 6) == "swept");
}

TEST_CASE("black sea: disengagement on 5+, initiative and speed add or subtract one, -1 per hex inside",
          "[core][black-sea]")
{
    CHECK(check("black-sea.disengagement", 4) == "continues");
    CHECK(check("black-sea.disengagement", 5) == "concluded");
    CHECK(check("black-sea.disengagement", 4, {{"initiative", 1}}) == "concluded");
    CHECK(check("black-sea.disengagement", 5, {{"initiative", -1}}) == "continues");
    CHECK(check("black-sea.disengagement", 6, {{"hexes-inside", 2}}) == "continues");
    CHECK(check("black-sea.disengagement", 6, {{"speed-advantage", 1}, {"hexes-inside", 2}}) == "concluded");
    // "halve the resulting range modifier and round down, for night turns": 3 hexes -1, 2 -1,
    // 1 none (half the hexes, fractions dropped: umpire's reading, in the modifier's text)
    CHECK(check("black-sea.disengagement", 6, {{"hexes-inside-night", 3}}) == "concluded");
    CHECK(check("black-sea.disengagement", 5, {{"hexes-inside-night", 3}}) == "continues");
    CHECK(check("black-sea.disengagement", 5, {{"hexes-inside-night", 1}}) == "concluded");
    {
        // a term of 0 is written +0: "d6 5 0 = 5" read as a die of 50
        test::Scripted one({5});
        LookupRequest night;
        night.named = {{"hexes-inside-night", 1}};
        const auto r = resolve_lookup(table("black-sea.disengagement"), night, one.dice);
        CHECK(r.steps.back().starts_with("d6 5 (given) +0 = 5 -> concluded"));
        CHECK(r.steps[r.steps.size() - 2].starts_with("modifier +0 hexes-inside-night (1): "));
    }
    CHECK(check("black-sea.disengagement", 6, {{"hexes-inside-night", 4}}) == "continues");
    // At night the range modifier is halved instead: never both; neither is allowed.
    CHECK_THROWS_WITH(check("black-sea.disengagement", 5, {{"hexes-inside-night", 3}, {"hexes-inside", 2}}),
                      "{mod}: check black-sea.disengagement takes at most one of hexes-inside=N or "
                      "hexes-inside-night=N (range), never both");
    test::Scripted s({6});
    LookupRequest q;
    q.named = {{"initiative", 2}};
    CHECK_THROWS_WITH(resolve_lookup(table("black-sea.disengagement"), q, s.dice),
                      "{mod} initiative=2: allowed -1 to 1 (initiative: the player with initiative adds OR "
                      "subtracts one (1 or -1))");
    // "may choose to add OR subtract one": a bare name was read as +1, the player's choice
    // made for him. It needs its count.
    LookupRequest bare;
    add_modifiers(bare, {"initiative"});
    CHECK_THROWS_WITH(resolve_lookup(table("black-sea.disengagement"), bare, s.dice),
                      Catch::StartsWith("{mod} initiative: give its count, initiative=1 or initiative=-1"));
    // A count that cannot go below zero needs it too: a bare name was read as one hex.
    LookupRequest counted;
    add_modifiers(counted, {"hexes-inside"});
    CHECK_THROWS_WITH(resolve_lookup(table("black-sea.disengagement"), counted, s.dice),
                      Catch::StartsWith("{mod} hexes-inside: give its count, hexes-inside=N (0 to 100)"));
}

TEST_CASE("black sea: the confirmation rolls", "[core][black-sea]")
{
    CHECK(check("black-sea.closer-speed", 4) == "closer");
    CHECK(check("black-sea.closer-speed", 5) == "normal");
    CHECK(check("black-sea.long-range", 3) == "ignored");
    CHECK(check("black-sea.long-range", 4) == "confirmed");
    CHECK(check("black-sea.night-confirm", 4) == "ignored");
    CHECK(check("black-sea.night-confirm", 5) == "confirmed");
    CHECK(check("black-sea.night-friendly-fire", 5) == "none");
    CHECK(check("black-sea.night-friendly-fire", 6) == "friendly-hit");
    CHECK(check("black-sea.primary-vs-light", 4) == "confirmed");
    CHECK(check("black-sea.primary-vs-light", 4, {{"dd-or-tb", 1}}) == "ignored");
    CHECK(check("black-sea.screening", 4) == "ignored");
    CHECK(check("black-sea.screening", 5) == "confirmed");
    CHECK(check("black-sea.sharp-shooter", 4) == "miss");
    CHECK(check("black-sea.sharp-shooter", 5) == "hit");
}

TEST_CASE("black sea: an unknown modifier is named with the ones the check takes", "[core][black-sea]")
{
    test::Scripted s({3});
    LookupRequest q;
    q.named = {{"escort", 3}};
    CHECK_THROWS_WITH(resolve_lookup(table("black-sea.asw"), q, s.dice),
                      "{mod} escort: check black-sea.asw has no such modifier (did you mean 'escorts'?); it takes "
                      "escorts, escorts-before-1918");
}

TEST_CASE("always possible: the text's example rolls two dice, both sixes succeed", "[core][black-sea]")
{
    const auto& procedures = table("black-sea.procedures");
    test::Scripted a({6, 6});
    auto r = resolve_always_possible(procedures, 6, 5, a.dice);
    CHECK(r.result.code == "success");
    CHECK(r.rolls.size() == 2);
    test::Scripted b({6, 5});
    CHECK(resolve_always_possible(procedures, 6, 5, b.dice).result.code == "failure");
    test::Scripted c({});
    CHECK_THROWS_AS(resolve_always_possible(procedures, 5, 5, c.dice), Error);
}

TEST_CASE("black sea: movement, fuel, weather limits and victory points as printed", "[tables][black-sea]")
{
    auto cell = [](const char* id, const char* row, const char* column) {
        const auto& t = table(id);
        size_t c = column ? *find_column(t, std::string_view(column)) : 0;
        return t.rows.at(*find_row(t, row)).cells.at(c);
    };
    CHECK(cell("black-sea.operational-movement", "2+", "odd") == "3");
    CHECK(cell("black-sea.operational-movement", "2", "odd") == "2");
    CHECK(cell("black-sea.operational-movement", "2", "even") == "3");
    CHECK(cell("black-sea.operational-movement", "1", "even") == "2");
    CHECK(cell("black-sea.operational-movement", "1s", "odd") == "1");
    CHECK(cell("black-sea.operational-movement", "1s", "even") == "2");
    CHECK(cell("black-sea.operational-movement", "cd", "even") == "1");
    // "1s/Fast Transport or AMC: One sea zone on odd turns, two sea zones on even turns";
    // "CD type ship/Slow Transport, Collier, Oiler: One sea zone per turn": rows of their own
    for (const char* row : {"fast-transport", "amc"}) {
        CHECK(cell("black-sea.operational-movement", row, "odd") == "1");
        CHECK(cell("black-sea.operational-movement", row, "even") == "2");
    }
    for (const char* row : {"slow-transport", "collier", "oiler"}) {
        CHECK(cell("black-sea.operational-movement", row, "odd") == "1");
        CHECK(cell("black-sea.operational-movement", row, "even") == "1");
    }
    CHECK(cell("black-sea.fuel", "1", "per-turn") == "1");
    CHECK(cell("black-sea.fuel", "2", "per-turn") == "6");
    CHECK(cell("black-sea.fuel", "3", "per-zone") == "4");
    CHECK(cell("black-sea.fuel", "3", "per-turn") == "12");
    CHECK(table("black-sea.fuel").constant("fuel_points_per_box") == 24);
    CHECK(cell("black-sea.weather-limits", "squall", nullptr) == "3");
    CHECK(cell("black-sea.weather-limits", "storm", nullptr) == "2");
    CHECK(cell("black-sea.weather-limits", "gale", nullptr) == "1");
    CHECK(cell("black-sea.victory-points", "hull-box-bb-bc", nullptr) == "2");
    CHECK(cell("black-sea.victory-points", "hull-box-other", nullptr) == "1");
    CHECK(cell("black-sea.victory-points", "airplane-step", nullptr) == "1");
    CHECK(cell("black-sea.victory-points", "airship", nullptr) == "5");
    CHECK(cell("black-sea.victory-points", "submarine", nullptr) == "4");
}

TEST_CASE("black sea: each weather's limits say only what holds in it", "[core][black-sea]")
{
    // Every note was an effect in every weather: storm's port prohibitions in a squall, the
    // Coastal Contact rule ("squall or better") in a gale.
    auto effects = [](const char* weather) {
        NoDice none;
        Dice dice(none);
        return join(resolve_weather_limits(table("black-sea.weather-limits"), weather, dice).result.effects, " | ");
    };
    const std::string squall = effects("squall");
    CHECK(contains(squall, "Squall: no unloading in coastal zones."));
    CHECK_FALSE(contains(squall, "Storm:"));
    CHECK(contains(squall, "(Coastal Contact)"));
    for (const char* worse : {"storm", "gale"}) {
        const std::string said = effects(worse);
        CHECK(contains(said, "Squall: no unloading"));  // umpire's reading: it holds in worse
        CHECK(contains(said, "Storm: no cargo loading, unloading or coaling in port."));
        CHECK(contains(said, "umpire's reading"));
        CHECK_FALSE(contains(said, "Coastal Contact"));
    }
    CHECK(effects("fair") ==
          "Fleets in enemy coastal or island zones are spotted on daylight turns in squall or better "
          "(Coastal Contact).");
}

TEST_CASE("cobra: 16.3's victory levels by differential", "[tables][cobra]")
{
    const auto& t = table("cobra.victory");
    auto level = [&](int differential) { return t.rows.at(*find_row(t, differential)).cells[0]; };
    CHECK(level(31) == "allied-decisive");
    CHECK(level(500) == "allied-decisive");
    CHECK(level(30) == "allied-operational");
    CHECK(level(21) == "allied-operational");
    CHECK(level(20) == "allied-marginal");
    CHECK(level(11) == "allied-marginal");
    CHECK(level(10) == "draw");
    CHECK(level(0) == "draw");
    CHECK(level(-1) == "german-marginal");
    CHECK(level(-10) == "german-marginal");
    CHECK(level(-11) == "german-operational");
    CHECK(level(-20) == "german-operational");
    CHECK(level(-21) == "german-decisive");
}

TEST_CASE("always possible: odds of every die a six, up to the twenty dice umpire takes", "[core][black-sea][odds]")
{
    // Each die alone, a six or not: the walk counts the sixes, so twenty dice (6^20
    // sequences, past the walk's 1,000,000) are answered; all sixes is 1/6^N.
    const auto& procedures = table("black-sea.procedures");
    for (int dice : {2, 9, 20}) {
        const OddsReport odds =
            compute_odds([&](Dice& d) { return resolve_always_possible(procedures, 5 + dice - 1, 5, d); }, {});
        INFO(dice << " dice");
        REQUIRE(odds.dimensions.at(0).name == "result");
        Rational success = 0;
        for (const auto& line : odds.dimensions.at(0).lines) {
            if (line.value == "success") {
                success = line.probability.q();
            }
        }
        CHECK(success == Rational(1, boost::multiprecision::pow(Integer(6), static_cast<unsigned>(dice))));
        CHECK(odds.branches == static_cast<std::uint64_t>(dice + 1));
        CHECK(odds.dimensions.at(0).lines.at(0).value == "failure");  // met first, as before
    }
}

namespace {

// A new Black Sea game moved one turn on by game next, given LIGHT and WEATHER: what next
// said, and what game status then says.
struct Turn {
    Resolution next;
    Resolution status;
};

Turn turn_to(const char* light, const char* weather)
{
    const GameRules* rules = find_game_rules("black-sea");
    REQUIRE(rules != nullptr);
    const TableOf tables = [](std::string_view id) -> const Table& { return table(std::string(id).c_str()); };
    GameState g = rules->start(Scenario{}, tables);
    test::Scripted none({});
    std::vector<Change> changes;
    Turn t;
    t.next = rules->next(g, tables, none.dice, changes, {{"light", light}, {"weather", weather}});
    for (const auto& c : changes) {
        apply_change(g, c);
    }
    rules->status(g, tables, t.status);
    return t;
}

bool says(const Resolution& r, std::string_view what)
{
    return std::any_of(r.result.effects.begin(), r.result.effects.end(),
                       [&](const std::string& e) { return contains(e, what); });
}

}  // namespace

TEST_CASE("black sea: a twilight turn is no night turn outside winter scenarios (Night (11.4), Sighting Distances)",
          "[core][black-sea][game]")
{
    // "Sighting distances at night are one-half those (round up) during daylight", and "Treat
    // twilight turns as night turns in all winter scenarios", which are given as night: a turn
    // given as twilight was told to halve sighting distances.
    CHECK_FALSE(says(turn_to("twilight", "fair").status, "sighting distances halved"));
    CHECK(says(turn_to("night", "fair").status, "sighting distances halved"));
    // twilight is not a daylight turn either: no Coastal Contact ("on daylight turns")
    CHECK_FALSE(says(turn_to("twilight", "fair").status, "Coastal Contact"));
}

TEST_CASE("black sea: game status says the weather's limits as the weather command does (Weather Effects on "
          "Operations)",
          "[core][black-sea][game]")
{
    // "No unloading in coastal zones may take place in squall weather. No cargo loading,
    // unloading or coaling may take place in port in Storm weather. Ship maximum speeds in
    // squall weather are three sea zones per turn, two zones per turn in storm, and one zone
    // per turn in gale." A gale's status said only its speed; a storm's left out the squall's.
    const Turn gale = turn_to("day", "gale");
    CHECK(says(gale.status, "at most 1 sea zone a turn"));
    CHECK(says(gale.status, "no unloading in coastal zones"));
    CHECK(says(gale.status, "no cargo loading, unloading or coaling in port"));
    const Turn storm = turn_to("day", "storm");
    CHECK(says(storm.status, "at most 2 sea zones a turn"));
    CHECK(says(storm.status, "no unloading in coastal zones"));
    const Turn squall = turn_to("day", "squall");
    CHECK(says(squall.status, "at most 3 sea zones a turn"));
    CHECK_FALSE(says(squall.status, "no cargo loading"));
    // and both say them in the same words
    for (const char* weather : {"fair", "mist", "squall", "storm", "gale"}) {
        NoDice unused;
        Dice none(unused);
        const Resolution limits = resolve_weather_limits(table("black-sea.weather-limits"), weather, none, "day");
        const Resolution status = turn_to("day", weather).status;
        for (const auto& e : limits.result.effects) {
            INFO(weather << ": " << e);
            CHECK(says(status, e));
        }
    }
}

TEST_CASE("black sea: game next says the new turn's limits as game status does (Weather Effects on Operations, "
          "Coastal Contact)",
          "[core][black-sea][game]")
{
    // The Move Fleets Phase next announces is where the speed limit and Coastal Contact hold.
    CHECK(says(turn_to("day", "gale").next, "at most 1 sea zone a turn (Weather Effects on Operations)"));
    CHECK(says(turn_to("night", "fair").next, "sighting distances halved"));
    CHECK(says(turn_to("day", "squall").next, "spotted on daylight turns in squall or better (Coastal Contact)"));
    for (const char* light : {"day", "twilight", "night"}) {
        for (const char* weather : {"fair", "mist", "squall", "storm", "gale"}) {
            const Turn t = turn_to(light, weather);
            INFO(light << ", " << weather);
            CHECK(t.next.result.effects == t.status.result.effects);
        }
    }
}

TEST_CASE("black sea: with a game, disengagement's range modifier is the turn's light's (Automatic Disengagement)",
          "[cli][black-sea][game]")
{
    // "subtract one from the result for each hex inside the maximum sighting distance (halve
    // the resulting range modifier and round down, for night turns)". At a night turn of the
    // game, hexes-inside was taken at full and answered the day's reading.
    const test::TempDir dir("black-sea-light");
    const std::string sea = dir / "sea.toml";
    REQUIRE(test::run_cli({"game", "new", "black-sea", sea}).code == 0);  // day 1, a daylight turn
    const auto day_given_night =
        test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside-night=2", "--roll", "6"});
    CHECK(day_given_night.code == 64);
    CHECK(contains(day_given_night.err, "--mod hexes-inside-night=2: the game is at a daylight turn"));
    CHECK(contains(day_given_night.err, "give --mod hexes-inside=2"));
    CHECK(contains(day_given_night.err, sea));
    // by day, 6 - 2 = 4: the battle continues
    const auto by_day =
        test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside=2", "--roll", "6"});
    CHECK(by_day.code == 0);
    CHECK(contains(by_day.out, "result: continues"));

    REQUIRE(test::run_cli({"-q", "game", "next", sea, "--light", "night"}).code == 0);
    const auto night_given_day =
        test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside=2", "--roll", "6"});
    CHECK(night_given_day.code == 64);
    CHECK(contains(night_given_day.err, "--mod hexes-inside=2: the game is at a night turn"));
    CHECK(contains(night_given_day.err, "give --mod hexes-inside-night=2"));
    // the same read by table lookup, and under --odds, is refused alike
    CHECK(test::run_cli(
              {"--game", sea, "table", "lookup", "black-sea.disengagement", "--mod", "hexes-inside=2", "--roll", "6"})
              .code == 64);
    CHECK(test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside=2", "--odds"}).code == 64);
    // at night two hexes halve to -1: 6 - 1 = 5 concludes the battle
    const auto by_night =
        test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside-night=2", "--roll", "6"});
    CHECK(by_night.code == 0);
    CHECK(contains(by_night.out, "result: concluded"));

    // twilight is no night turn outside a winter scenario (Night (11.4)): the day's modifier
    REQUIRE(test::run_cli({"-q", "game", "next", sea, "--light", "twilight"}).code == 0);
    CHECK(test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside=2", "--roll", "6"}).code == 0);
    const auto twilight =
        test::run_cli({"--game", sea, "check", "disengagement", "--mod", "hexes-inside-night=2", "--roll", "6"});
    CHECK(twilight.code == 64);
    CHECK(contains(twilight.err, "a twilight turn, no night turn outside a winter scenario"));
}

TEST_CASE("black sea: with a game, the Night Combat rolls are refused on a turn that is not night (Night Combat)",
          "[cli][black-sea][game]")
{
    // "Night Combat: All gunnery and torpedo hits must be confirmed by a second result of 5 or 6
    // ... on a result of 6, a friendly ship has been hit instead": rolls of night turns. On a
    // daylight turn of the game night-confirm answered "confirmed" without a word.
    const test::TempDir dir("black-sea-night-combat");
    const std::string sea = dir / "sea.toml";
    REQUIRE(test::run_cli({"game", "new", "black-sea", sea}).code == 0);
    for (const char* id : {"night-confirm", "night-friendly-fire"}) {
        INFO(id);
        const auto by_day = test::run_cli({"--game", sea, "check", id, "--roll", "5"});
        CHECK(by_day.code == 64);
        CHECK(contains(by_day.err, "a roll of Night Combat (optional), on night turns only, and the game is at a "
                                   "daylight turn"));
        CHECK(test::run_cli({"--game", sea, "table", "lookup", std::string("black-sea.") + id, "--roll", "5"}).code ==
              64);
        // without a game the referee knows the turn's light: the check is rolled
        CHECK(test::run_cli({"check", id, "--roll", "5"}).code == 0);
    }
    REQUIRE(test::run_cli({"-q", "game", "next", sea, "--light", "twilight"}).code == 0);
    CHECK(test::run_cli({"--game", sea, "check", "night-confirm", "--roll", "5"}).code == 64);
    REQUIRE(test::run_cli({"-q", "game", "next", sea, "--light", "night"}).code == 0);
    const auto at_night = test::run_cli({"--game", sea, "check", "night-confirm", "--roll", "5"});
    CHECK(at_night.code == 0);
    CHECK(contains(at_night.out, "result: confirmed"));
    CHECK(test::run_cli({"--game", sea, "check", "night-friendly-fire", "--roll", "6"}).code == 0);
}

TEST_CASE("black sea: with a game, operational movement says the weather's maximum speed, and odd or even is the "
          "referee's (Extended Operational Movement, Weather Effects on Operations)",
          "[cli][black-sea][game]")
{
    // "2+: Three sea zones per turn" (Extended Operational Movement); "Ship maximum speeds in
    // squall weather are three sea zones per turn, two zones per turn in storm, and one zone
    // per turn in gale" (Weather Effects on Operations). A gale turn's lookup answered 3 with
    // no word of the gale (hunt55 B6).
    const test::TempDir dir("black-sea-movement");
    const std::string sea = dir / "sea.toml";
    REQUIRE(test::run_cli({"game", "new", "black-sea", sea}).code == 0);
    const std::vector<std::string> lookup{
        "--json", "-q", "--game",   sea,  "table", "lookup", "black-sea.operational-movement",
        "--row",  "2+", "--column", "odd"};
    const auto fair = test::run_cli(lookup);
    REQUIRE(fair.code == 0);
    CHECK(nlohmann::json::parse(fair.out)["result"]["code"] == "3");
    CHECK(nlohmann::json::parse(fair.out)["result"]["zones_this_turn"] == 3);
    REQUIRE(test::run_cli({"-q", "game", "next", sea, "--light", "day", "--weather", "gale"}).code == 0);
    const auto gale = test::run_cli(lookup);
    REQUIRE(gale.code == 0);
    CHECK(nlohmann::json::parse(gale.out)["result"]["code"] == "3");  // the table's cell
    CHECK(nlohmann::json::parse(gale.out)["result"]["zones_this_turn"] == 1);
    const auto said = test::run_cli(
        {"--game", sea, "table", "lookup", "black-sea.operational-movement", "--row", "2+", "--column", "odd"});
    CHECK(contains(said.out, "gale this turn: at most 1 sea zone a turn (Weather Effects on Operations), so 1 this "
                             "turn, not 3"));
    CHECK(contains(said.out, "the text does not say how odd turns are counted"));
    // storm: 2 zones, and a cd ship's 1 is under it
    REQUIRE(test::run_cli({"-q", "game", "next", sea, "--light", "day", "--weather", "storm"}).code == 0);
    CHECK(nlohmann::json::parse(test::run_cli(lookup).out)["result"]["zones_this_turn"] == 2);
    auto cd = lookup;
    cd[8] = "cd";
    CHECK(nlohmann::json::parse(test::run_cli(cd).out)["result"]["zones_this_turn"] == 1);
    // "odd turns" and "even turns": the text does not say how they are counted, so with no
    // --column the game's turn is not taken for it, and the refusal says why
    const auto no_column =
        test::run_cli({"--game", sea, "table", "lookup", "black-sea.operational-movement", "--row", "2"});
    CHECK(no_column.code == 64);
    CHECK(contains(no_column.err, "--column: the game is at turn 3"));
    CHECK(contains(no_column.err, "does not say how its 'odd turns' and 'even turns' are counted"));
    // without a game, the lookup is the table's alone
    const auto bare = test::run_cli(
        {"--json", "-q", "table", "lookup", "black-sea.operational-movement", "--row", "2+", "--column", "odd"});
    REQUIRE(bare.code == 0);
    CHECK_FALSE(nlohmann::json::parse(bare.out)["result"].contains("zones_this_turn"));
}
