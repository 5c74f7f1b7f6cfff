// The Russian Portfolio adjudicators against the rules text (file 002).
#include "../helpers.h"
#include "core/russian_portfolio.h"
#include "util/error.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::core;

namespace {

using test::table;

using test::field;

Resolution crt(CrtRequest q, std::vector<int> rolls)
{
    test::Scripted s(std::move(rolls));
    return resolve_crt(table("russian-portfolio.crt"), table("russian-portfolio.no-retreat"),
                       table("russian-portfolio.procedures"), q, s.dice);
}

CrtRequest odds(long long a, long long d)
{
    CrtRequest q;
    q.factors = {a, d};
    return q;
}

OverrunRequest good_overrun()
{
    OverrunRequest q;
    q.result = "DE";
    q.attacking_armor = 6;
    q.defending_infantry = 3;
    q.weather = "good";
    q.terrain = "clear";
    return q;
}

Resolution overrun(const OverrunRequest& q)
{
    return resolve_overrun(table("russian-portfolio.overrun"), table("russian-portfolio.overrun-terrain"), q);
}

}  // namespace

TEST_CASE("crt: XIII.B.3's examples, 5 to 1, 5 to 3 and 2 to 5", "[core][crt]")
{
    CHECK(field<std::string>(crt(odds(5, 1), {1}).result, "odds") == "5:1");
    CHECK(field<std::string>(crt(odds(5, 3), {1}).result, "odds") == "3:2");
    CHECK(field<std::string>(crt(odds(2, 5), {1}).result, "odds") == "1:3");
}

TEST_CASE("crt: VII.B's example, a 3 at 3:2 is S, and D1 against a Dispersed defender", "[core][crt]")
{
    CHECK(crt(odds(3, 2), {3}).result.code == "S");
    auto q = odds(3, 2);
    q.dispersed = true;
    auto r = crt(q, {3});
    CHECK(field<std::string>(r.result, "column") == "2:1");
    CHECK(r.result.code == "D1");
    CHECK(r.provisional);
}

TEST_CASE("crt: above 10:1 is reduced to 10:1 before shifts (XIII.B.4)", "[core][crt]")
{
    auto q = odds(30, 1);
    q.shifts = {{"river", -1}};
    CHECK(field<std::string>(crt(q, {1}).result, "odds") == "7:1");
}

TEST_CASE("crt: final odds below 1:4 are refused (XIII.B.4)", "[core][crt]")
{
    CHECK_THROWS_WITH(crt(odds(1, 5), {}), "final odds below 1:4 are not allowed (XIII.B.4): 1 to 5");
    auto q = odds(1, 4);
    q.shifts = {{"river", -1}};
    CHECK_THROWS_WITH(crt(q, {}), "final odds below 1:4 are not allowed (XIII.B.4): 1 to 4 shifted -1");
    // Below 1:4 but shifted up by a winter offensive reaches 1:4 (final odds count).
    auto w = odds(1, 5);
    w.shifts = {{"winter", 1}};
    CHECK(field<std::string>(crt(w, {1}).result, "odds") == "1:4");
}

TEST_CASE("crt: Surrounded/No Retreat! converts D1, D4, DX and DE (XIII.C)", "[core][crt]")
{
    const auto& t = table("russian-portfolio.no-retreat");
    auto cell = [&](const char* code, const char* reading) {
        return t.rows.at(*find_row(t, code)).cells.at(*find_column(t, reading));
    };
    CHECK(cell("D1", "rules-text") == "-");
    CHECK(cell("D4", "rules-text") == "DE");
    CHECK(cell("DX", "rules-text") == "DE");
    CHECK(cell("DE", "rules-text") == "BR");
    CHECK(cell("D1", "chart-sheet") == "S");
    // 3 at 2:1 reads D1 (VII.B); surrounded, that is no effect.
    auto q = odds(2, 1);
    q.surrounded = true;
    auto r = crt(q, {3});
    CHECK(r.result.code == "-");
    CHECK(field<std::string>(r.result, "converted_from") == "D1");
    q.surrounded_reading = "chart-sheet";
    CHECK(crt(q, {3}).result.code == "S");
}

TEST_CASE("crt: armor breaks down on 1 to 1+n, Russians 2 to 2+n (XIII.C)", "[core][crt]")
{
    auto q = odds(3, 1);
    q.armor = true;
    q.reserve_phase = 1;
    CHECK(field<bool>(crt(q, {2}).result, "armor_breakdown"));
    CHECK_FALSE(field<bool>(crt(q, {3}).result, "armor_breakdown"));
    q.russian = true;
    CHECK_FALSE(field<bool>(crt(q, {1}).result, "armor_breakdown"));
    CHECK(field<bool>(crt(q, {3}).result, "armor_breakdown"));
    CHECK_FALSE(field<bool>(crt(q, {4}).result, "armor_breakdown"));
}

TEST_CASE("crt: the provisional CRT keeps the two published cells and the XIII.C codes", "[tables][crt]")
{
    const auto& t = table("russian-portfolio.crt");
    CHECK(t.provisional);
    CHECK(t.columns ==
          std::vector<std::string>{"1:4", "1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "7:1", "10:1"});
    CHECK(t.rows.at(*find_row(t, 3)).cells.at(*find_column(t, std::string_view("3:2"))) == "S");
    CHECK(t.rows.at(*find_row(t, 3)).cells.at(*find_column(t, std::string_view("2:1"))) == "D1");
    for (const char* code : {"AE", "AD", "S", "X", "D1", "D4", "DX", "DE", "BR"}) {
        CHECK(t.find_code(code) != nullptr);
    }
}

TEST_CASE("overrun: DE becomes BR and DX becomes DE when every condition holds", "[core][overrun]")
{
    auto q = good_overrun();
    CHECK(overrun(q).result.code == "BR");
    q.result = "DX";
    CHECK(overrun(q).result.code == "DE");
    q.weather = "snow";
    CHECK(overrun(q).result.code == "DE");
}

TEST_CASE("overrun: armor less defending armor must be twice the infantry, or equal if Dispersed", "[core][overrun]")
{
    auto q = good_overrun();
    q.defending_armor = 1;  // 6 - 1 = 5 < 2 x 3
    CHECK(overrun(q).result.code == "refused");
    q.infantry_dispersed = true;  // 5 >= 3
    CHECK(overrun(q).result.code == "BR");
}

TEST_CASE("overrun: refused with every failed condition named", "[core][overrun]")
{
    auto q = good_overrun();
    q.weather = "mud";
    q.terrain = "major-city";
    q.fuel_shortage = true;
    auto r = overrun(q);
    CHECK(r.result.code == "refused");
    auto reasons = field<std::vector<std::string>>(r.result, "reasons");
    REQUIRE(reasons.size() == 3);
    CHECK(reasons[0] == "weather mud: overruns only in good or snow weather");
    CHECK(reasons[1] == "terrain major-city: can never be Armor Overrun (X.B)");
    CHECK(reasons[2] == "fuel shortage: the armor cannot execute Armor Overruns (XIV.D)");
    for (const char* never : {"fortress", "hills", "swamp", "mountains", "victory-city"}) {
        auto t = good_overrun();
        t.terrain = never;
        CHECK(overrun(t).result.code == "refused");
    }
    auto forest = good_overrun();
    forest.terrain = "forest";
    CHECK(field<std::vector<std::string>>(overrun(forest).result, "reasons").front() ==
          "terrain forest: overruns go only into clear terrain");
}

TEST_CASE("overrun: only DX and DE can be overrun", "[core][overrun]")
{
    auto q = good_overrun();
    q.result = "D4";
    CHECK_THROWS_WITH(overrun(q), "{result} D4: Armor Overrun is possible only on DX and DE results (XIII.C)");
}

TEST_CASE("Russian Portfolio small rolls read as the text says", "[tables][russian-portfolio]")
{
    auto by_roll = [](const char* id) {
        const auto& t = table(id);
        std::vector<std::string> out;
        for (int roll = 1; roll <= 6; ++roll) {
            out.push_back(t.rows.at(*find_row(t, roll)).cells[0]);
        }
        return out;
    };
    // XIII.D.6: able to retreat only 3 hexes, 4-6 eliminates.
    CHECK(by_roll("russian-portfolio.retreat-shortfall") ==
          std::vector<std::string>{"survives", "survives", "survives", "eliminated", "eliminated", "eliminated"});
    // VIII.B: a 1 eliminates in a friendly sea; an odd number in an enemy sea.
    CHECK(by_roll("russian-portfolio.sea-friendly") ==
          std::vector<std::string>{"eliminated", "arrives", "arrives", "arrives", "arrives", "arrives"});
    CHECK(by_roll("russian-portfolio.sea-enemy") ==
          std::vector<std::string>{"eliminated", "arrives", "eliminated", "arrives", "eliminated", "arrives"});
    // XVI.C.1.c: even Good, odd Mud.
    CHECK(by_roll("russian-portfolio.weather-1jun41") ==
          std::vector<std::string>{"mud", "good", "mud", "good", "mud", "good"});
    // VI.A: October Mud, November Hard Frost, December on Snow.
    const auto& w = table("russian-portfolio.weather");
    CHECK(w.rows.at(*find_row(w, "oct41")).cells[0] == "mud");
    CHECK(w.rows.at(*find_row(w, "nov41")).cells[0] == "hard-frost");
    for (const char* m : {"dec41", "jan42", "feb42", "mar42"}) {
        CHECK(w.rows.at(*find_row(w, m)).cells[0] == "snow");
    }
}

TEST_CASE("terrain defense bonuses as X.B prints them", "[tables][russian-portfolio]")
{
    const auto& t = table("russian-portfolio.terrain-defense");
    auto cell = [&](const char* terrain, const char* unit) {
        return t.rows.at(*find_row(t, terrain)).cells.at(*find_column(t, std::string_view(unit)));
    };
    CHECK(cell("major-city", "army") == "2");  // X.B.5
    CHECK(cell("major-city", "front") == "2");
    CHECK(cell("major-city", "corps") == "1");
    CHECK(cell("victory-city", "hex") == "1");  // X.B.6
    CHECK(cell("leningrad-moscow", "hex") == "2");
    CHECK(cell("city", "other") == "1");      // X.B.7
    CHECK(cell("fortress", "corps") == "1");  // X.B.8
    CHECK(cell("swamp", "army") == "1");      // X.B.9
    CHECK(cell("swamp", "corps") == "0");
    CHECK(cell("hills", "other") == "1");       // X.B.10
    CHECK(cell("mountains", "army") == "2");    // X.B.11: as major cities
    CHECK(cell("stalin-line", "army") == "1");  // X.B.3
    CHECK(cell("stalin-line", "front") == "2");
}

TEST_CASE("Siberian roulette: a match ends the game (IX.B.3)", "[core][siberian]")
{
    test::Scripted a({4});
    CHECK(resolve_siberian(4, a.dice).result.code == "invaded");
    test::Scripted b({3});
    CHECK(resolve_siberian(4, b.dice).result.code == "safe");
    test::Scripted c({});
    CHECK_THROWS_WITH(resolve_siberian(7, c.dice),
                      "{axis_number} is 7; the Axis player picks a number from 1 to 6 (IX.B.3)");
}

TEST_CASE("weather: past Mar42 the game runs on, and every month is Snow (VI.A, XVI.A)", "[core][russian]")
{
    test::Scripted none({});
    const auto& t = table("russian-portfolio.weather");
    for (const char* month : {"apr42", "jul42", "dec43"}) {
        Resolution r = resolve_weather(t, month, none.dice);
        CHECK(r.result.code == "snow");
        CHECK(r.steps.front().find("(XVI.A)") != std::string::npos);
    }
    CHECK(resolve_weather(t, "nov41", none.dice).result.code == "hard-frost");
    // Before the game, and what is not a month, are still refused.
    CHECK_THROWS(resolve_weather(t, "may41", none.dice));
    CHECK_THROWS(resolve_weather(t, "apr4x", none.dice));
}
