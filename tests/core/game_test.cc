// The game file's model: what each game's resolutions change, by the rules text.
#include "../helpers.h"
#include "core/game.h"
#include "games/black-sea/black_sea.h"
#include "games/constantinople/constantinople.h"
#include "games/great-battles/great_battles.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::core;

namespace {

GameState two_ships()
{
    GameState g;
    g.game = "constantinople";
    g.clock = {{"naval_phase", "1"}, {"impulse", "5"}, {"wind", "N"}, {"velocity", "8"}};
    const StatusList fresh{
        {"face", "front"}, {"damaged", "false"}, {"ineffective", ""}, {"pinned_to", ""}, {"sunk", "false"}};
    g.units = {{"Genoa", "byzantine", fresh}, {"Galley-1", "ottoman", fresh}};
    return g;
}

Outcome hit(const std::string& target, const std::string& code)
{
    Outcome o;
    o.code = code;
    o.fields = {{"target", target}};
    return o;
}

}  // namespace

TEST_CASE("game: melee results change ships as 15.33-15.35 say", "[core][game]")
{
    const GameRules* rules = find_game_rules("constantinople");
    REQUIRE(rules != nullptr);
    GameState g = two_ships();
    Resolution r;
    r.command = "melee";
    r.results = {hit("Genoa", "D"), hit("Galley-1", "I")};
    // the statuses the results change; the Combat Segment's bookkeeping (15.21, 15.25) aside
    auto results_of = [&](const GameState& game) {
        auto all = rules->changes(game, r);
        std::erase_if(all, [](const Change& c) { return c.key == "combat_in" || c.key == "before_combat"; });
        return all;
    };
    auto changes = results_of(g);
    REQUIRE(changes.size() == 2);
    CHECK(changes[0] == Change{"Genoa", "damaged", "false", "true", "15.34"});
    // Ineffective for the next Impulse: after the fifth, the next Naval Phase's first (15.33, 13.1).
    CHECK(changes[1] == Change{"Galley-1", "ineffective", "", "2-1", "15.33"});
    // L: a Byzantine ship is eliminated; an Ottoman one flips, and goes when already flipped.
    r.results = {hit("Genoa", "L"), hit("Galley-1", "L")};
    changes = results_of(g);
    CHECK(changes[0] == Change{"Genoa", "sunk", "false", "true", "15.35"});
    CHECK(changes[1] == Change{"Galley-1", "face", "front", "back", "15.35"});
    apply_change(g, changes[1]);
    CHECK(results_of(g)[1] == Change{"Galley-1", "sunk", "false", "true", "15.35"});
    // A change applied twice is refused: the game no longer holds its "from".
    CHECK_THROWS(apply_change(g, changes[1]));
}

TEST_CASE("game: a ship's statuses feed the next resolution, sunk and Ineffective ships are refused", "[core][game]")
{
    GameState g = two_ships();
    apply_change(g, Change{"Genoa", "damaged", "false", "true", "15.34"});
    apply_change(g, Change{"Galley-1", "face", "front", "back", "15.35"});
    CHECK(ship_spec_in_game("Genoa", g, false) == "Genoa:damaged");
    CHECK(ship_spec_in_game("Galley-1", g, true) == "Galley-1:back");
    CHECK(ship_spec_in_game("7", g, true) == "7");
    apply_change(g, Change{"Galley-1", "ineffective", "", "1-5", "15.33"});
    CHECK_THROWS_WITH(ship_spec_in_game("Galley-1", g, true), Catch::Contains("(15.33)"));
    CHECK(ship_spec_in_game("Galley-1", g, false) == "Galley-1:back");  // it may defend
    apply_change(g, Change{"Genoa", "sunk", "false", "true", "15.35"});
    CHECK_THROWS_WITH(ship_spec_in_game("Genoa", g, false), Catch::Contains("sunk"));
}

TEST_CASE("game: the next Impulse, and after the fifth a new Naval Phase with its wind (13.1, 14.23)", "[core][game]")
{
    const GameRules* rules = find_game_rules("constantinople");
    GameState g = two_ships();
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    std::vector<Change> changes;
    // Impulse 5's movement is over: its Mutual Combat Segment (13.1), no dice.
    test::Scripted no_dice({});
    CHECK(rules->next(g, tables, no_dice.dice, changes, {}).result.code == "1-5-combat");
    REQUIRE(changes.size() == 1);
    CHECK(changes[0] == Change{"", "combat_in", "", "1-5", "13.1"});
    apply_change(g, changes[0]);
    CHECK(rules->step(g) == "combat");
    changes.clear();
    test::Scripted s({9, 7});  // 14.23's example: NE at 8
    auto r = rules->next(g, tables, s.dice, changes, {});
    CHECK(r.result.code == "2-1");
    for (const auto& c : changes) {
        apply_change(g, c);
    }
    CHECK(g.value("", "naval_phase") == "2");
    CHECK(g.value("", "impulse") == "1");
    CHECK(g.value("", "wind") == "NE");
    CHECK(g.value("", "velocity") == "8");
    changes.clear();
    test::Scripted none({});
    CHECK(rules->step(g) == "movement");
    rules->next(g, tables, none.dice, changes, {});  // Impulse 1's Combat Segment, then Impulse 2: no dice
    REQUIRE(changes.size() == 1);
    apply_change(g, changes[0]);
    changes.clear();
    rules->next(g, tables, none.dice, changes, {});
    REQUIRE(changes.size() == 1);
    CHECK(changes[0] == Change{"", "impulse", "1", "2", "13.1"});
}

TEST_CASE("game: Great Battles suppression, rally and morale change the battalion (11.3.3, 14.7, 15)", "[core][game]")
{
    const GameRules* rules = find_game_rules("great-battles");
    REQUIRE(rules != nullptr);
    GameState g;
    g.game = "great-battles";
    g.clock = {{"day", "1"}, {"turn", "9"}, {"turns_in_day", "9"}, {"phase", "second-player"}};
    g.units = {{"I-Btl",
                "german",
                {{"stands_at_start_of_day", "4"},
                 {"suppressed", "0"},
                 {"eliminated", "0"},
                 {"gone_to_ground", "false"},
                 {"morale_check_due", "false"}}}};
    Resolution r;
    r.command = "suppress";
    r.inputs = {{"unit", std::string("I-Btl")}};
    r.result.fields = {{"suppressed", 2LL}, {"destroyed", 1LL}};
    for (const auto& c : rules->changes(g, r)) {
        apply_change(g, c);
    }
    CHECK(g.number("I-Btl", "suppressed") == 2);
    CHECK(g.number("I-Btl", "eliminated") == 1);
    CHECK(g.value("I-Btl", "morale_check_due") == "true");  // 15.0
    r.command = "morale";
    r.result.code = "breaks";
    for (const auto& c : rules->changes(g, r)) {
        apply_change(g, c);
    }
    CHECK(g.value("I-Btl", "gone_to_ground") == "true");  // 15.2.1
    CHECK(g.value("I-Btl", "morale_check_due") == "false");
    // The second player's turn of the day's last turn ends: the night (16.1). Suppression
    // markers come off (16.1.1), Gone to Ground ends with the day (15.2.1), and the next
    // day counts the stands left (15.1).
    test::Scripted s({});
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    auto next = [&](const StatusList& given = {}) {
        std::vector<Change> changes;
        Resolution step = rules->next(g, tables, s.dice, changes, given);
        for (const auto& c : changes) {
            apply_change(g, c);
        }
        return step;
    };
    CHECK(next().result.name == "The night after day 1");
    CHECK(g.value("", "day") == "1");
    CHECK(g.value("", "phase") == "night");
    CHECK(g.number("I-Btl", "suppressed") == 0);
    CHECK(g.value("I-Btl", "gone_to_ground") == "false");
    CHECK(g.number("I-Btl", "stands_at_start_of_day") == 3);
    CHECK(g.number("I-Btl", "eliminated") == 0);
    CHECK(rules->check(g).empty());
    // The night's replacement rolls (16.2) may change the board; the day's fighting may not.
    Resolution barrage = r;
    barrage.command = "suppress";
    CHECK_THROWS_WITH(rules->changes(g, barrage), Catch::Contains("all combat and movement ceases (16.1)"));
    // "Play then proceeds to the Dawn Phase of the next day" (16.3): weather, deployment,
    // artillery, the first player, activations (7.1, 8.0, 9.1); no fighting yet.
    CHECK(next().result.name == "The dawn phase of day 2");
    CHECK(g.value("", "day") == "2");
    CHECK(g.value("", "phase") == "dawn");
    CHECK(rules->step(g) == "dawn");
    CHECK_THROWS_WITH(rules->changes(g, barrage), Catch::Contains("dawn phase of day 2 (7.1, 8.0)"));
    CHECK(next().result.name == "Day 2, turn 1 of 9, the first player's turn");
    CHECK(g.value("", "phase") == "first-player");
    CHECK(rules->step(g) == "first-player");
}

TEST_CASE("game: a Great Battles player's turn does not end past a morale check due, unless passed (15.0)",
          "[core][game]")
{
    const GameRules* rules = find_game_rules("great-battles");
    GameState g;
    g.game = "great-battles";
    // a file without a phase: the first player's turn
    g.clock = {{"day", "1"}, {"turn", "3"}, {"turns_in_day", "9"}};
    g.units = {{"I-Btl", "german", {{"stands_at_start_of_day", "4"}, {"morale_check_due", "true"}}}};
    test::Scripted s({});
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    std::vector<Change> changes;
    CHECK_THROWS_WITH(rules->next(g, tables, s.dice, changes, {}),
                      Catch::Contains("I-Btl is due a morale check (15.0") && Catch::Contains("{skip_due}"));
    CHECK(changes.empty());
    const Resolution step = rules->next(g, tables, s.dice, changes, {{"skip_due", "true"}});
    CHECK(step.result.name == "Day 1, turn 3 of 9, the second player's turn");
    // the pass is a change of its own, with its rule, so the journal keeps it
    REQUIRE(changes.size() == 2);
    CHECK(changes[0].unit == "I-Btl");
    CHECK(changes[0].key == "morale_check_due");
    CHECK(changes[0].to == "false");
    CHECK(changes[0].rule == "15.0, passed by the referee");
    CHECK(changes[1].key == "phase");
    CHECK(changes[1].to == "second-player");
}

TEST_CASE("game: a ram pins both ships, breaking free frees both, the rammed ship Damaged (15.15, 15.16)",
          "[core][game]")
{
    const GameRules* rules = find_game_rules("constantinople");
    GameState g = two_ships();
    Resolution ram;
    ram.command = "ram";
    ram.inputs = {{"rammer", std::string("Galley-1")}, {"target", std::string("Genoa")}};
    ram.result.code = "pinned";
    ram.result.fields = {{"rammer_damaged", false}};
    for (const auto& c : rules->changes(g, ram)) {
        apply_change(g, c);
    }
    CHECK(g.value("Genoa", "pinned_to") == "Galley-1");
    CHECK(g.value("Genoa", "pinned_as") == "rammed");
    CHECK(g.value("Galley-1", "pinned_as") == "rammer");
    test::Scripted s({1});
    Resolution free = resolve_free(test::table("constantinople.free-rammed"), test::table("constantinople.free-rammer"),
                                   "rammed", "Genoa", s.dice);
    CHECK(free.result.code == "free");
    for (const auto& c : rules->changes(g, free)) {
        apply_change(g, c);
    }
    CHECK(g.value("Genoa", "pinned_to").empty());
    CHECK(g.value("Galley-1", "pinned_to").empty());
    CHECK(g.value("Genoa", "damaged") == "true");  // "breaks free but is considered Damaged"
    test::Scripted three({3});
    CHECK(resolve_free(test::table("constantinople.free-rammed"), test::table("constantinople.free-rammer"), "rammer",
                       "", three.dice)
              .result.code == "free");  // the rammer: 1, 2 or 3
}

TEST_CASE("game: Novorossiysk's time counter moves a phase on and rolls its weather (N1, N2)", "[core][game]")
{
    const GameRules* rules = find_game_rules("novorossiysk");
    REQUIRE(rules != nullptr);
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    GameState g = rules->start(Scenario{}, tables);
    // The weather table's Dense Fog row, found in the (provisional) table, not assumed.
    const Table& weather = test::table("novorossiysk.weather");
    int fog = 0;
    for (const auto& row : weather.rows) {
        if (row.cells.at(0) == "dense-fog") {
            fog = row.lo;
        }
    }
    REQUIRE(fog != 0);
    auto step = [&](int roll) {
        std::vector<Change> changes;
        test::Scripted s({roll});
        Resolution r = rules->next(g, tables, s.dice, changes, {});
        for (const auto& c : changes) {
            apply_change(g, c);
        }
        return r;
    };
    step(fog);  // Day 1 morning: Dense Fog, once per game
    CHECK(g.value("", "dense_fog_used") == "all");
    CHECK(g.value("", "phase") == "morning");
    step(fog);  // again: it has occurred, so the phase is clear
    CHECK(g.value("", "weather") == "clear");
    CHECK(g.value("", "phase") == "afternoon");
    step(7);
    step(7);  // night, then the next day's morning
    CHECK(g.value("", "day") == "2");
    CHECK(g.value("", "phase") == "morning");
}

TEST_CASE("game: the Russian Portfolio clock reads the weather from the month (VI.A)", "[core][game]")
{
    const GameRules* rules = find_game_rules("russian-portfolio");
    REQUIRE(rules != nullptr);
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    Scenario s;
    s.id = "historical";
    s.start = "22Jun41";
    GameState g = rules->start(s, tables);
    CHECK(g.value("", "month") == "jun41");
    CHECK(g.value("", "weather") == "good");  // June is not Mud, Hard Frost or Snow
    test::Scripted none({});
    std::vector<Change> changes;
    // The month stays until the referee's Turn Record Track moves it on.
    rules->next(g, tables, none.dice, changes, {});
    CHECK(changes == std::vector<Change>{{"", "turn", "1", "2", "V"}});
    changes.clear();
    // A game-turn is weeks: the month moves on by one at most, never four at once.
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"month", "Oct41"}}),
                      Catch::Contains("so the month moves on by one at most"));
    auto advance = [&](const char* month) {
        changes.clear();
        rules->next(g, tables, none.dice, changes, {{"month", month}});
        for (const auto& c : changes) {
            apply_change(g, c);
        }
    };
    for (const char* month : {"jul41", "aug41", "sep41"}) {
        advance(month);
    }
    CHECK(g.value("", "weather") == "good");
    changes.clear();
    rules->next(g, tables, none.dice, changes, {{"month", "Oct41"}});
    CHECK(changes == std::vector<Change>{{"", "turn", "4", "5", "V"},
                                         {"", "month", "sep41", "oct41", "V"},
                                         {"", "weather", "good", "mud", "VI.A"}});  // "October is Mud"
    for (const auto& c : changes) {
        apply_change(g, c);
    }
    changes.clear();
    rules->next(g, tables, none.dice, changes, {{"month", "nov41"}});
    CHECK(changes.back() == Change{"", "weather", "mud", "hard-frost", "VI.A"});  // "November is Hard Frost"
    // "December through the end of the game is Snow", even past Mar42 (XVI.A).
    for (const char* month : {"nov41", "dec41", "jan42", "feb42", "mar42", "apr42", "may42"}) {
        advance(month);
    }
    CHECK(g.value("", "weather") == "snow");
    CHECK(g.value("", "month") == "may42");
    changes.clear();
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"month", "sep41"}}),
                      Catch::Contains("does not go back"));
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"month", "mud"}}),
                      Catch::Contains("a month as jun41"));
    // A 1Jun41 start leaves its first weather to the die (XVI.C.1.c).
    s.start = "1Jun41";
    CHECK(rules->start(s, tables).value("", "weather").empty());
}

TEST_CASE("game: the Black Sea clock, a new day at the first daylight turn after a night", "[core][game]")
{
    const GameRules* rules = find_game_rules("black-sea");
    REQUIRE(rules != nullptr);
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    GameState g = rules->start(Scenario{}, tables);
    test::Scripted none({});
    auto next = [&](const StatusList& given) {
        std::vector<Change> changes;
        Resolution r = rules->next(g, tables, none.dice, changes, given);
        for (const auto& c : changes) {
            apply_change(g, c);
        }
        return r;
    };
    next({{"light", "twilight"}});
    next({{"light", "night"}, {"weather", "storm"}});
    CHECK(g.value("", "day") == "1");
    next({});  // still night
    CHECK(g.value("", "day") == "1");
    Resolution r = next({{"light", "day"}});  // 0600: the first daylight turn after a night
    CHECK(g.value("", "day") == "2");
    CHECK(g.value("", "turn") == "5");
    CHECK(r.result.name == "Day 2, turn 5, day, storm");
    Resolution status;
    rules->status(g, tables, status);
    // Storm: two sea zones a turn, and no cargo work in port (Weather Effects on Operations).
    CHECK_THAT(status.result.effects, Catch::VectorContains(std::string("at most 2 sea zones a turn (Weather Effects "
                                                                        "on Operations)")));
    std::vector<Change> changes;
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"weather", "hurricane"}}),
                      Catch::Contains("allowed fair, mist, squall, storm, gale"));
    // Storm: no Coastal Contact note ("daylight in squall or better")
    CHECK_THAT(status.result.effects, !Catch::VectorContains(std::string(
                                          "fleets in enemy coastal or island zones are spotted (Coastal Contact, "
                                          "daylight in squall or better)")));
    // "A game day is six operational turns": day 2 has had one; five more, then a seventh
    // is refused unless it is day 3's first daylight turn (eight daylight turns in a row
    // had run one day on)
    CHECK(g.value("", "day_turn") == "1");
    for (int i = 0; i < 4; ++i) {
        next({{"light", "day"}});
    }
    CHECK(g.value("", "day") == "2");
    CHECK(g.value("", "day_turn") == "5");
    // its sixth and last turn with no night yet must be the night: a day turn there was taken,
    // and then every light of the seventh refused (hunt37)
    for (const char* light : {"day", "twilight"}) {
        changes.clear();
        CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"light", light}}),
                          Catch::Contains("this is day 2's turn 6, its last") &&
                              Catch::Contains("the day has had no night turn") && Catch::Contains("{light} night"));
    }
    next({{"light", "night"}});
    CHECK(g.value("", "day_turn") == "6");
    changes.clear();
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"light", "night"}}),
                      Catch::Contains("day 2 has had its 6 turns") &&
                          Catch::Contains("the next is the first daylight turn (0600) of day 3"));
    // a day of six with its night: the seventh is the next day's first
    GameState fresh = rules->start(Scenario{}, tables);
    std::swap(g, fresh);
    for (const char* light : {"day", "day", "twilight", "night", "night"}) {
        next({{"light", light}});
    }
    CHECK(g.value("", "day_turn") == "6");
    changes.clear();
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"light", "twilight"}}),
                      Catch::Contains("the next is the first daylight turn (0600) of day 2"));
    next({{"light", "day"}});
    CHECK(g.value("", "day") == "2");
    CHECK(g.value("", "day_turn") == "1");
}

TEST_CASE("game: a Black Sea day after the first has its six turns before the next daylight turn (Game Days)",
          "[core][game]")
{
    // Game Days: "A game day is six operational turns. The first turn of each game day is the
    // first daylight turn (0600) following a night turn." Day, night, day ran a day of two.
    const GameRules* rules = find_game_rules("black-sea");
    REQUIRE(rules != nullptr);
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    GameState g = rules->start(Scenario{}, tables);
    test::Scripted none({});
    auto next = [&](const char* light) {
        std::vector<Change> changes;
        Resolution r = rules->next(g, tables, none.dice, changes, {{"light", light}});
        for (const auto& c : changes) {
            apply_change(g, c);
        }
        return r;
    };
    // Day 1 may be short: Starting Turn lets a side decide "what time of day (daylight,
    // nighttime) the scenario actually starts".
    next("night");
    CHECK(next("day").result.code == "2-3");
    CHECK(g.value("", "day_turn") == "1");
    next("night");  // day 2's turn 2
    std::vector<Change> changes;
    CHECK_THROWS_WITH(rules->next(g, tables, none.dice, changes, {{"light", "day"}}),
                      Catch::Contains("day 2 has had 2 of its 6 turns") &&
                          Catch::Contains("this is day 2's turn 3, give {light} twilight or night"));
    CHECK(changes.empty());
    CHECK(g.value("", "day") == "2");
    // Its six turns had, the daylight turn is day 3's first.
    for (const char* light : {"night", "twilight", "night", "night"}) {
        next(light);
    }
    CHECK(g.value("", "day_turn") == "6");
    CHECK(next("day").result.code == "3-9");
}

TEST_CASE("game: Novorossiysk blocks step down, then go to the Dead Pool (Large Blocks)", "[core][game]")
{
    const GameRules* rules = find_game_rules("novorossiysk");
    REQUIRE(rules != nullptr);
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    Scenario s;
    s.id = "test";
    Unit rifle;
    rifle.name = "Rifle";
    rifle.side = "soviet";
    rifle.block = "2red";  // a large block by default
    rifle.block_reduced = "red";
    Unit fighter;
    fighter.name = "Fighter";
    fighter.side = "axis";
    fighter.block = "fighter:black";
    s.units = {rifle, fighter};
    GameState g = rules->start(s, tables);
    CHECK(block_in_game("Rifle", g) == "large:2red");
    CHECK(block_in_game("large:black", g) == "large:black");  // not a block of the game: a spec
    Resolution r;
    r.command = "hits";
    Outcome stepped;
    stepped.label = "defender Rifle";
    stepped.code = "stepped-down";
    Outcome removed;
    removed.label = "attacker Fighter";
    removed.code = "removed";
    r.results = {stepped, removed};
    auto changes = rules->changes(g, r);
    REQUIRE(changes.size() == 2);
    CHECK(changes[0] == Change{"Rifle", "step", "full", "reduced", "Large Blocks"});
    CHECK(changes[1] == Change{"Fighter", "dead_pool", "false", "true", "Large Blocks; Player Sheet, Dead Pool"});
    for (const auto& c : changes) {
        apply_change(g, c);
    }
    // "turning the Block over to show the lesser coloured dice uppermost"
    CHECK(block_in_game("Rifle", g) == "large:red:reduced");
    CHECK_THROWS_WITH(block_in_game("Fighter", g), Catch::Contains("Dead Pool"));
    // A large block without its lesser side, or an air unit with one, is refused at the start.
    s.units[0].block_reduced.clear();
    CHECK_THROWS_WITH(rules->start(s, tables), Catch::Contains("block_reduced"));
    s.units[0].block_reduced = "red";
    s.units[1].block_reduced = "white";
    CHECK_THROWS_WITH(rules->start(s, tables), Catch::Contains("one step"));
    // "turning the Block over to show the lesser coloured dice": a lesser side stronger than
    // the full one is refused at the start too (hunt42).
    s.units[1].block_reduced.clear();
    s.units[0].block_reduced = "black";
    CHECK_THROWS_WITH(rules->start(s, tables),
                      Catch::Contains("Rifle: block_reduced 'black': black is stronger than its full side's red"));
}

// The sequence of play is data (issue 24): each game's steps in the rules' order, and game
// next walks them. From each shipped scenario's start, next after next visits the steps in
// the order the data gives them, the last followed by the first, and never a step the data
// lacks. Great Battles: dawn, first player, second player... night (7.0, 7.1, 7.2, 16.0);
// Constantinople: movement, then the Mutual Combat Segment, each Impulse (13.1).
TEST_CASE("game: game next walks each game's sequence of play in its order (7.0, 13.1, Time Counter)", "[core][game]")
{
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    for (const auto& id : game_ids()) {
        INFO(id);
        const GameRules* rules = find_game_rules(id);
        REQUIRE(rules != nullptr);
        REQUIRE(!rules->sequence.empty());
        const Scenario scenario = rules->scenario.empty() ? Scenario{} : test::embedded().scenario(rules->scenario);
        GameState g = rules->start(scenario, tables);
        auto index = [&](const GameState& game) {
            const std::string step = rules->step(game);
            for (size_t i = 0; i < rules->sequence.size(); ++i) {
                if (rules->sequence[i].id == step) {
                    return i;
                }
            }
            FAIL("step '" << step << "' is not in " << id << "'s sequence of play");
            return size_t{0};
        };
        RandomSource source(7);
        std::vector<std::string> seen;
        for (int n = 0; n < 60; ++n) {
            const size_t at = index(g);
            seen.push_back(rules->sequence[at].id);
            Dice dice(source);
            std::vector<Change> changes;
            try {
                rules->next(g, tables, dice, changes, {{"skip_due", "true"}});
            } catch (const Error& e) {
                // Novorossiysk's nine days: "the night phase of Day Nine ... is the final phase";
                // the Black Sea's turns all given daylight: "A game day is six operational turns"
                CHECK((id == "novorossiysk" || id == "black-sea"));
                CHECK_THAT(e.what(),
                           Catch::Contains(id == "black-sea" ? "A game day is six operational turns" : "Day 9"));
                break;
            }
            for (const auto& c : changes) {
                apply_change(g, c);
            }
            CHECK(rules->check(g).empty());
            const size_t then = index(g);
            // the next step in the list (the first after the last), or the first of the
            // repeated steps AT belongs to (those in a row with its own 'repeats'): the
            // second player's turn, then the next turn's first player's (7.2)
            size_t group = at;
            while (group > 0 && !rules->sequence[at].repeats.empty() &&
                   rules->sequence[group - 1].repeats == rules->sequence[at].repeats) {
                --group;
            }
            const size_t expected = (at + 1) % rules->sequence.size();
            if (then != expected) {
                CHECK(then == group);
                CHECK(!rules->sequence[at].repeats.empty());
            }
        }
        for (const auto& step : rules->sequence) {
            CHECK(std::count(seen.begin(), seen.end(), step.id) > 0);  // every step is reached
        }
    }
}

TEST_CASE("game: Great Battles' day in steps: dawn, 2 x turns, night, the next dawn (7.0, 16.3)", "[core][game]")
{
    const GameRules* rules = find_game_rules("great-battles");
    auto tables = [](std::string_view id) -> const Table& { return test::table(std::string(id).c_str()); };
    Scenario s;
    GameState g = rules->start(s, tables);
    // Each day consists of a dawn phase, a number of day turns for both sides, then the night (7.0).
    CHECK(rules->step(g) == "dawn");
    const int turns = g.number("", "turns_in_day");
    REQUIRE(turns > 0);
    std::vector<std::string> walked;
    test::Scripted none({});
    for (int n = 0; n < 2 * turns + 3; ++n) {
        std::vector<Change> changes;
        rules->next(g, tables, none.dice, changes, {});
        for (const auto& c : changes) {
            apply_change(g, c);
        }
        walked.push_back(rules->step(g) + " " + g.value("", "day") + "." + g.value("", "turn"));
    }
    CHECK(walked.front() == "first-player 1.1");
    CHECK(walked[1] == "second-player 1.1");
    CHECK(walked[2] == "first-player 1.2");
    CHECK(walked[static_cast<size_t>(2 * turns) - 1] == "second-player 1." + std::to_string(turns));
    CHECK(walked[static_cast<size_t>(2 * turns)] == "night 1." + std::to_string(turns));
    CHECK(walked[static_cast<size_t>(2 * turns) + 1] == "dawn 2.1");
    CHECK(walked[static_cast<size_t>(2 * turns) + 2] == "first-player 2.1");
}
