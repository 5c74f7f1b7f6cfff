// Novorossiysk weather (rules file 000, N1-N2): once-only Dense Fog, floods, zones, the
// time counter; and the game-state file.
#include "../../helpers.h"
#include "games/novorossiysk/novorossiysk.h"
#include "load/state.h"
#include "util/error.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace umpire;
using namespace umpire::core;

namespace {

const Table& weather() { return test::embedded().table("novorossiysk.weather"); }

// The 2d6 total the (provisional) chart gives CODE on, found in the table, not assumed.
int roll_for(const std::string& code)
{
    for (const auto& row : weather().rows) {
        if (row.cells[0] == code) {
            return row.lo;
        }
    }
    throw std::logic_error("no row for " + code);
}

Resolution roll(const WeatherState& state, bool zones, std::vector<int> rolls, WeatherState& after)
{
    test::Scripted s(std::move(rolls));
    return resolve_novorossiysk_weather(weather(), state, zones, s.dice, after);
}

WeatherState at(int day, const std::string& phase)
{
    WeatherState s;
    s.day = day;
    s.phase = phase;
    s.started = true;
    return s;
}

}  // namespace

TEST_CASE("weather: the results are the text's six, on a provisional chart", "[core][weather]")
{
    CHECK(weather().provisional);
    for (const char* code : {"downpour", "mountain-fog", "coast-fog", "dense-fog", "poor-flying", "clear"}) {
        CHECK(weather().find_code(code) != nullptr);
    }
}

TEST_CASE("weather: at night, unless Clear, no air to air combat and bombs scatter (Night Phase)", "[core][weather]")
{
    WeatherState after;
    auto poor = roll(at(3, "night"), false, {roll_for("poor-flying")}, after);
    CHECK(poor.result.code == "poor-flying");
    // Nothing to lower at night: there is no air to air combat.
    CHECK(poor.result.effects.size() == 2);
    CHECK(poor.result.effects.front().rfind("night, not Clear: no Air to Air Combat", 0) == 0);
    CHECK(poor.result.effects.back().find("scatter") != std::string::npos);
    auto clear = roll(at(3, "night"), false, {roll_for("clear")}, after);
    CHECK(clear.result.effects.back() == "night, Clear: Air Combat takes place as per normal (Night Phase)");
    // By day the weather's own effects only.
    auto day = roll(at(3, "afternoon"), false, {roll_for("poor-flying")}, after);
    CHECK(day.result.effects ==
          std::vector<std::string>{"all air to air combat is lowered one level, to White at least"});
}

TEST_CASE("weather: Dense Fog once per game, a repeat reads Clear", "[core][weather]")
{
    WeatherState after;
    auto first = roll(at(1, "morning"), false, {roll_for("dense-fog")}, after);
    CHECK(first.result.code == "dense-fog");
    CHECK(after.dense_fog_used == std::vector<std::string>{"all"});
    WeatherState again;
    CHECK(roll(next_phase(after), false, {roll_for("dense-fog")}, again).result.code == "clear");
}

TEST_CASE("weather: with zones, Dense Fog once per zone and no Coast Fog in the East", "[core][weather]")
{
    WeatherState after;
    int fog = roll_for("dense-fog");
    int coast = roll_for("coast-fog");
    auto r = roll(at(1, "morning"), true, {fog, coast, coast}, after);
    REQUIRE(r.results.size() == 3);
    CHECK(r.results[0].code == "dense-fog");
    CHECK(r.results[1].code == "coast-fog");
    CHECK(r.results[2].code == "clear");  // the East
    CHECK(r.result.code == "mixed");
    WeatherState later;
    auto second = roll(next_phase(after), true, {fog, fog, fog}, later);
    CHECK(second.results[0].code == "clear");      // the West had its fog
    CHECK(second.results[1].code == "dense-fog");  // the Centre had not
    CHECK(second.results[2].code == "dense-fog");
}

TEST_CASE("weather: a Downpour on Day Nine promises no flood, there being no next day", "[core][weather]")
{
    // "When the Time Counter block reaches the night phase of Day Nine it is the final phase
    // of the game": its Downpour said "the next day ALL rivers are swollen"
    WeatherState after;
    const auto r = roll(at(9, "night"), false, {roll_for("downpour")}, after);
    CHECK(after.flood_days.empty());
    CHECK_THAT(r.result.effects,
               Catch::VectorContains(std::string("Day Nine: no next day follows, so no river floods (Time Counter)")));
    for (const auto& e : r.result.effects) {
        CHECK(e.find("the next day") == std::string::npos);
    }
    const auto eight = roll(at(8, "night"), false, {roll_for("downpour")}, after);
    CHECK(std::any_of(eight.result.effects.begin(), eight.result.effects.end(),
                      [](const std::string& e) { return e.find("the next day ALL rivers") != std::string::npos; }));
}

TEST_CASE("weather: a Downpour floods the rivers the whole next day, even at night", "[core][weather]")
{
    WeatherState after;
    roll(at(4, "night"), false, {roll_for("downpour")}, after);
    CHECK(after.flood_days == std::vector<int>{5});
    WeatherState next = next_phase(after);
    CHECK(next.day == 5);
    CHECK(next.phase == "morning");
    WeatherState later;
    auto r = roll(next, false, {roll_for("clear")}, later);
    bool flooded = false;
    for (const auto& f : r.result.fields) {
        if (f.key == "rivers_flooded") {
            flooded = std::get<bool>(f.value);
        }
    }
    CHECK(flooded);
}

TEST_CASE("weather: the time counter runs 9 days of morning, afternoon and night", "[core][weather]")
{
    WeatherState s;
    int phases = 0;
    while (true) {
        try {
            s = next_phase(s);
        } catch (const Error& e) {
            CHECK(std::string(e.what()) == "the game ended with the night phase of Day 9 (Time Counter)");
            break;
        }
        ++phases;
    }
    CHECK(phases == 27);
    CHECK(s.day == 9);
    CHECK(s.phase == "night");
}

TEST_CASE("state: written atomically and read back", "[load][state]")
{
    auto path = std::filesystem::temp_directory_path() / ("umpire-state-" + std::to_string(::getpid()) + ".toml");
    WeatherState s = at(3, "afternoon");
    s.dense_fog_used = {"west"};
    s.flood_days = {4};
    s.last = {"west=clear"};
    load::write_state(path.string(), s);
    auto back = load::read_state(path.string());
    CHECK(back.day == 3);
    CHECK(back.phase == "afternoon");
    CHECK(back.started);
    CHECK(back.dense_fog_used == s.dense_fog_used);
    CHECK(back.flood_days == s.flood_days);
    CHECK(back.last == s.last);
    // No temporary file is left beside it.
    size_t files = 0;
    for (const auto& e : std::filesystem::directory_iterator(path.parent_path())) {
        files += e.path().filename().string().rfind(path.filename().string() + ".tmp", 0) == 0 ? 1 : 0;
    }
    CHECK(files == 0);
    std::filesystem::remove(path);
    CHECK_FALSE(load::read_state(path.string()).started);  // a missing file is a new game
}

TEST_CASE("state: a damaged file is a data error with its place", "[load][state]")
{
    auto path = std::filesystem::temp_directory_path() / ("umpire-bad-" + std::to_string(::getpid()) + ".toml");
    std::ofstream(path) << "game = \"novorossiysk\"\nday = 12\nphase = \"morning\"\n";
    try {
        load::read_state(path.string());
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::data);
        CHECK(std::string(e.what()) == path.string() + ":2:7: 'day' is 12; allowed 1 to 9");
    }
    std::filesystem::remove(path);
}

TEST_CASE("cli: Novorossiysk inputs a request gives and does not use are refused or reported", "[cli][blocks]")
{
    // hunt42: --moved-in without --time, --occupied with a night bomb, both passed over.
    auto moved = test::run_cli({"hits", "--attacker", "small", "--defender", "small", "--moved-in"});
    CHECK(moved.code == 64);
    CHECK(test::contains(moved.err, "--moved-in counts toward Surprise, which is worked out with --time day|night"));
    auto outright =
        test::run_cli({"hits", "--attacker", "small", "--defender", "small", "--moved-in", "--surprise", "attacker"});
    CHECK(outright.code == 64);
    CHECK(test::contains(outright.err, "--surprise gives it outright: leave --moved-in off"));
    CHECK(test::run_cli({"hits", "--attacker", "small", "--defender", "small", "--moved-in", "--time", "day"}).code ==
          0);
    auto bomb = test::run_cli({"scatter", "--night-bomb", "--occupied", "1=1"});
    CHECK(bomb.code == 64);
    CHECK(test::contains(bomb.err, "--occupied is for --paratroops"));
    // The Air Spaces within_limits is read from are in the inputs, as every value given is.
    auto deployed = test::run_cli({"--json", "air-deployment", "--air-units", "5", "--air-space", "7,8"});
    REQUIRE(deployed.code == 0);
    CHECK(test::contains(deployed.out, R"("inputs":{"air_units":5,"air_space":["7","8"]})"));
    // With a game, a word that is neither a block's name nor a BLOCK says the game has no
    // such block, and suggests the nearest.
    const test::TempDir dir("novo-names");
    const std::string file = dir / "g.toml";
    REQUIRE(test::run_cli({"game", "new", "novorossiysk", file}).code == 0);
    auto named = test::run_cli({"--game", file, "hits", "--attacker", "Sov-Rifle", "--defender", "Ger-Pioneer-1"});
    CHECK(named.code == 64);
    CHECK(test::contains(named.err, "no block of " + file + " is named so (did you mean 'Sov-Rifle-1'?)"));
}

TEST_CASE("cli: rivers flood the day after a Downpour, never Day 1 (Weather)", "[cli][weather]")
{
    // hunt42: --flooded on Day 1, and a game set flood_days=1, were taken; Day 1 has no yesterday.
    auto first = test::run_cli({"weather", "--game", "novorossiysk", "--day", "1", "--flooded", "--roll", "7"});
    CHECK(first.code == 64);
    CHECK(test::contains(first.err, "--flooded: yesterday's Downpour floods the rivers, and Day 1 has no yesterday"));
    auto second = test::run_cli({"weather", "--game", "novorossiysk", "--day", "2", "--flooded", "--roll", "7"});
    CHECK(second.code == 0);
    CHECK(test::contains(second.out, "rivers in flood after yesterday's Downpour"));
    const test::TempDir dir("novo-floods");
    const std::string file = dir / "g.toml";
    REQUIRE(test::run_cli({"game", "new", "novorossiysk", file}).code == 0);
    for (const std::string day : {"1", "10"}) {
        auto set = test::run_cli({"game", "set", file, "clock", "flood_days=" + day, "--reason", "test"});
        CHECK(set.code != 0);
        CHECK(test::contains(set.err, "a day 2 to 9, the day after a Downpour"));
    }
    CHECK(test::run_cli({"game", "set", file, "clock", "flood_days=9", "--reason", "test"}).code == 0);
}

TEST_CASE("cli: a zone's Dense Fog is given with --zones, the map's with all", "[cli][weather]")
{
    // hunt42: without --zones, --dense-fog-used west was passed over and Dense Fog fell again.
    auto zone = test::run_cli({"weather", "--game", "novorossiysk", "--roll", "2", "--dense-fog-used", "west"});
    CHECK(zone.code == 64);
    CHECK(test::contains(zone.err, "a zone's Dense Fog is read with --zones"));
    CHECK(test::run_cli({"weather", "--game", "novorossiysk", "--roll", "2", "--dense-fog-used", "all"}).code == 0);
    CHECK(test::run_cli({"weather", "--game", "novorossiysk", "--zones", "--roll", "2,2,2", "--dense-fog-used", "west"})
              .code == 0);
}
