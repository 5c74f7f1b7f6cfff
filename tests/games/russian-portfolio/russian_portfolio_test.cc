// The Russian Portfolio adjudicators against the rules text (file 002).
#include "../../helpers.h"
#include "games/russian-portfolio/russian_portfolio.h"
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
    const CrtTables tables{table("russian-portfolio.crt"), table("russian-portfolio.no-retreat"),
                           table("russian-portfolio.procedures"), table("russian-portfolio.terrain-defense"),
                           table("russian-portfolio.retreat-shortfall")};
    return resolve_crt(tables, q, s.dice);
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
}

TEST_CASE("crt: an answer that reads only VII.B's two printed cells is not provisional", "[core][crt]")
{
    // XIII.B.3: "5 to 3 would most match 3:2"; VII.B: "a die roll of '3' at 3:2 odds would
    // instead be read under the 2:1 column -- as a D1 result, instead of an S".
    const auto s = crt(odds(5, 3), {3});
    CHECK(s.result.code == "S");
    CHECK_FALSE(s.provisional);
    CHECK(s.provisional_notes.empty());
    auto q = odds(5, 3);
    q.dispersed = true;
    const auto d1 = crt(q, {3});
    CHECK(d1.result.code == "D1");
    CHECK_FALSE(d1.provisional);
    // VII.B reads 2:1 as the column one higher than 3:2: no column between them, so every
    // odds from 3:2 up to 2:1 (7 to 4) reads 3:2, and 2:1 shifted one left (X.B.2) is 3:2.
    CHECK_FALSE(crt(odds(7, 4), {3}).provisional);
    auto river = odds(2, 1);
    river.shifts = {{"river", -1}};
    const auto shifted = crt(river, {3});
    CHECK(field<std::string>(shifted.result, "column") == "3:2");
    CHECK_FALSE(shifted.provisional);
    // The table is still read (the audit log's list of tables).
    CHECK(s.tables == std::vector<std::string>{"russian-portfolio.crt"});
    // Any other cell of 3:2 or 2:1 is umpire's placeholder; so is every cell of 5:1, a column
    // the text gives (XIII.B.3).
    CHECK(crt(odds(5, 3), {4}).provisional);
    CHECK(crt(odds(2, 1), {1}).provisional);
    CHECK(crt(odds(5, 1), {3}).provisional);
    // 7 to 4 holds 3:2 only because 2:1 is next; 8 to 3 under 2:1 rests on there being no
    // column between 2:1 and 8 to 3, which the text does not say.
    CHECK(crt(odds(8, 3), {3}).provisional);
}

TEST_CASE("crt: above 10:1 is reduced to 10:1 before shifts (XIII.B.4)", "[core][crt]")
{
    auto q = odds(30, 1);
    q.shifts = {{"river", -1}};
    CHECK(field<std::string>(crt(q, {1}).result, "odds") == "7:1");
}

TEST_CASE("crt: final odds below 1:4 are refused (XIII.B.4)", "[core][crt]")
{
    CHECK_THROWS_WITH(crt(odds(1, 5), {}),
                      "final odds below 1:4 are not allowed (XIII.B.4): 1 to 5 (1:5, 1 column below 1:4)");
    auto q = odds(1, 4);
    q.shifts = {{"river", -1}};
    CHECK_THROWS_WITH(crt(q, {}), "final odds below 1:4 are not allowed (XIII.B.4): 1 to 4 shifted -1");
    // Below 1:4 but shifted up by a winter offensive reaches 1:4 (final odds count).
    auto w = odds(1, 5);
    w.shifts = {{"winter", 1}};
    CHECK(field<std::string>(crt(w, {1}).result, "odds") == "1:4");
    // Odds below 1:4 go on down the ladder, a column each (XIII.B.3's nearest but no
    // greater): 2 to 9 is 1:5, one shift from 1:4; 1 to 20 is 1:20, sixteen columns below,
    // and one shift leaves it at 1:19, refused. (Every odds below 1:4 was one column below.)
    auto near = odds(2, 9);
    near.shifts = {{"winter", 1}};
    CHECK(field<std::string>(crt(near, {1}).result, "odds") == "1:4");
    auto far = odds(1, 20);
    far.shifts = {{"winter", 1}};
    CHECK_THROWS_WITH(crt(far, {}), "final odds below 1:4 are not allowed (XIII.B.4): 1 to 20 (1:20, 16 columns below "
                                    "1:4) shifted +1");
    auto six = odds(1, 6);
    six.shifts = {{"winter", 1}, {"winter", 1}};
    CHECK(field<std::string>(crt(six, {1}).result, "odds") == "1:4");
    six.shifts = {{"winter", 1}};
    CHECK_THROWS(crt(six, {}));
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

namespace {

// The odds and die of a CRT cell holding CODE: the provisional grid may change, the
// conversions of XIII.D.6 may not.
std::pair<CrtRequest, int> cell_with(const std::string& code)
{
    const auto& t = table("russian-portfolio.crt");
    for (size_t c = 0; c < t.columns.size(); ++c) {
        for (const auto& row : t.rows) {
            if (row.cells.at(c) == code) {
                auto ratio = parse_ratio(t.columns[c]);
                REQUIRE(ratio);
                return {odds(ratio->attack, ratio->defense), row.lo};
            }
        }
    }
    FAIL("no " << code << " in the CRT");
    return {};
}

}  // namespace

TEST_CASE("crt: XIII.D.6, a defender that cannot retreat 2 hexes: D4 and DX become DE, DE becomes BR", "[core][crt]")
{
    for (const char* code : {"D4", "DX"}) {
        auto [q, die] = cell_with(code);
        q.retreat = 1;
        auto r = crt(q, {die});
        CHECK(r.result.code == "DE");
        CHECK(field<std::string>(r.result, "converted_from") == code);
        q.retreat = 0;
        CHECK(crt(q, {die}).result.code == "DE");
        q.retreat = 4;  // a full retreat: unchanged, no second die
        CHECK(crt(q, {die}).result.code == code);
    }
    auto [q, die] = cell_with("DE");
    q.retreat = 1;
    CHECK(crt(q, {die}).result.code == "BR");
    q.retreat = 3;  // DE is converted only below 2 hexes, and rolls nothing
    CHECK(crt(q, {die}).result.code == "DE");
    // D1 is not one of the results XIII.D.6 converts: a defender that can retreat 1 hex makes
    // D1's "Retreat 1-2" hexes. One that can retreat none is read as XIII.C's Surrounded
    // defender, "D1 to -" (umpire's reading, said in the answer; cmd_crt_test.cc).
    auto [d1, d1_die] = cell_with("D1");
    d1.retreat = 1;
    CHECK(crt(d1, {d1_die}).result.code == "D1");
    d1.retreat = 0;
    CHECK(crt(d1, {d1_die}).result.code == "-");
}

TEST_CASE("crt: XIII.D.6, only 3 hexes on D4 or DX: the die is cast again, 4-6 eliminates", "[core][crt]")
{
    for (const char* code : {"D4", "DX"}) {
        auto [q, die] = cell_with(code);
        q.retreat = 3;
        for (int again = 1; again <= 6; ++again) {
            auto r = crt(q, {die, again});
            REQUIRE(r.rolls.size() == 2);
            CHECK(field<std::string>(r.result, "retreat_roll") == (again >= 4 ? "eliminated" : "survives"));
            CHECK(r.result.code == (again >= 4 ? "DE" : code));
        }
        // Exactly 2 hexes: the text is silent; by default read as 3 (a roll), or no roll.
        q.retreat = 2;
        CHECK(crt(q, {die, 4}).result.code == "DE");
        q.two_hexes = TwoHexReading::retreats;
        CHECK(crt(q, {die}).result.code == code);
    }
    auto [q, die] = cell_with("D4");
    q.retreat = 3;
    q.surrounded = true;
    CHECK_THROWS_WITH(crt(q, {die}), Catch::Contains("give one"));
}

TEST_CASE("crt: X.B's defense, each bonus from the text", "[core][crt]")
{
    const auto& terrain = table("russian-portfolio.terrain-defense");
    auto unit = [](long long f, const char* kind, bool dispersed = false) {
        LandUnit u;
        u.factors = f;
        u.kind = kind;
        u.dispersed = dispersed;
        return u;
    };
    auto total = [&](std::vector<LandUnit> units, std::vector<std::string> keys, std::optional<bool> soviet = {}) {
        return defense_factors(terrain, units, keys, soviet).factors;
    };
    // X.B.5: an infantry army or front +2 in a major city, an infantry corps +1, armor none.
    CHECK(total({unit(4, "army")}, {"major-city"}) == 6);
    CHECK(total({unit(4, "front")}, {"major-city"}) == 6);
    CHECK(total({unit(2, "corps")}, {"major-city"}) == 3);
    CHECK(total({unit(5, "armor")}, {"major-city"}) == 5);
    // an infantry-type unit of no size X.B.5 names gets none, and the working says so
    const auto unsized = defense_factors(terrain, {unit(3, "infantry")}, {"major-city"}, {});
    CHECK(unsized.factors == 3);
    CHECK(std::find(unsized.steps.begin(), unsized.steps.end(),
                    "major-city: no bonus for the infantry, an infantry-type unit that is no army, front or corps "
                    "(X.B.5 names only those)") != unsized.steps.end());
    // X.B.6: a victory city adds 1 of its own to its major city bonuses; Leningrad and Moscow 2.
    CHECK(total({unit(4, "army")}, {"victory-city"}) == 4 + 2 + 1);
    CHECK(total({unit(4, "armor")}, {"leningrad-moscow"}) == 4 + 2);
    // X.B.7, X.B.8: one infantry-type unit, at most 1 for the hex; cumulative with others.
    CHECK(total({unit(3, "army"), unit(2, "corps")}, {"city"}) == 6);
    CHECK(total({unit(3, "infantry"), unit(2, "corps")}, {"city", "fortress"}) == 7);
    // X.B.9: a Soviet army or front only.
    CHECK(total({unit(3, "army")}, {"swamp"}, true) == 4);
    CHECK(total({unit(3, "army")}, {"swamp"}, false) == 3);
    CHECK(total({unit(3, "corps")}, {"swamp"}, true) == 3);
    CHECK_THROWS_WITH(total({unit(3, "army")}, {"swamp"}), Catch::Contains("{side}"));
    // X.B.10: each infantry-type unit +1 in hills. X.B.11: mountains as major cities.
    // (XII: at most 2 units a hex, at most 1 above corps level, a front alone.)
    CHECK(total({unit(3, "army"), unit(2, "corps")}, {"hills"}) == 5 + 2);
    CHECK(total({unit(2, "corps"), unit(4, "armor")}, {"hills"}) == 6 + 1);
    CHECK(total({unit(3, "front")}, {"mountains"}) == 5);
    // X.B.3: the Stalin Line, each Russian army +1, each front +2.
    CHECK(total({unit(3, "army"), unit(2, "corps")}, {"stalin-line"}, true) == 5 + 1);
    CHECK(total({unit(5, "front")}, {"stalin-line"}, true) == 5 + 2);
    // XIII.B.2: bonuses go to unDispersed defenders.
    CHECK(total({unit(4, "army", true)}, {"major-city"}) == 4);
    CHECK_THROWS(total({unit(4, "army")}, {"major-city", "victory-city"}));
}

TEST_CASE("crt: a defending hex's stack is held to XII's limits, not given a bonus a unit over them", "[core][crt]")
{
    // XII: "There may not be more than 2 units in a hex. Not more than 1 may be larger than
    // corps level. There may be only 1 unit in a hex if it is a Russian front. Not more than 1
    // armor-type unit of any level may be on a frozen or unfrozen swamp or mountain hex".
    const auto& terrain = table("russian-portfolio.terrain-defense");
    auto unit = [](long long f, const char* kind) {
        LandUnit u;
        u.factors = f;
        u.kind = kind;
        return u;
    };
    auto stack = [&](std::vector<LandUnit> units, std::vector<std::string> keys) {
        return defense_factors(terrain, units, keys, true).factors;
    };
    CHECK_THROWS_WITH(stack({unit(3, "front"), unit(3, "army"), unit(2, "corps")}, {"hills"}),
                      Catch::Contains("not more than 2 may be in a hex (XII"));
    CHECK_THROWS_WITH(stack({unit(3, "army"), unit(3, "army")}, {"major-city"}),
                      Catch::Contains("not more than 1 unit larger than corps level"));
    CHECK_THROWS_WITH(stack({unit(3, "front"), unit(2, "corps")}, {"hills"}),
                      Catch::Contains("a Russian front must be alone"));
    CHECK_THROWS_WITH(stack({unit(3, "armor"), unit(2, "mechanized")}, {"mountains"}),
                      Catch::Contains("not more than 1 may be"));
    CHECK(stack({unit(3, "armor"), unit(2, "mechanized")}, {"hills"}) == 5);  // no limit of armor in hills
    CHECK(stack({unit(3, "army"), unit(2, "corps")}, {"major-city"}) == 3 + 2 + 2 + 1);
}

TEST_CASE("crt: X.B.4, attack factors across water halved, the total's fraction dropped", "[core][crt]")
{
    auto unit = [](long long f, const char* kind, bool across) {
        LandUnit u;
        u.factors = f;
        u.kind = kind;
        u.across_water = across;
        return u;
    };
    CHECK(attack_factors({unit(3, "army", true), unit(2, "infantry", true)}).factors == 2);  // 5/2 = 2.5 -> 2
    CHECK(attack_factors({unit(3, "army", true), unit(4, "armor", false)}).factors == 5);
    CHECK_THROWS_WITH(attack_factors({unit(4, "cavalry", true)}), Catch::Contains("X.B.4"));
    CHECK_THROWS_WITH(attack_factors({unit(4, "mechanized", true)}), Catch::Contains("may not attack across"));
    // The totals feed the odds: 6 + 5/2 against 3 + 1 (hills) is 8 to 4, 2:1.
    CrtRequest q;
    q.attackers = {unit(6, "army", false), unit(5, "infantry", true)};
    LandUnit d;
    d.factors = 3;
    d.kind = "front";
    q.defenders = {d};
    q.terrain = {"hills"};
    CHECK(field<std::string>(crt(q, {3}).result, "odds") == "2:1");
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
    // The text's own refusals (X.B.5, XIV.D) decide; the lost chart's weathers are not read.
    REQUIRE(reasons.size() == 2);
    CHECK(reasons[0] == "terrain major-city: can never be Armor Overrun (X.B)");
    CHECK(reasons[1] == "fuel shortage: the armor cannot execute Armor Overruns (XIV.D)");
    // Where they do not, the chart's conditions are named: the stand-in's.
    auto weather = good_overrun();
    weather.weather = "mud";
    weather.defending_infantry = 4;
    auto both = overrun(weather);
    CHECK(field<std::vector<std::string>>(both.result, "reasons") ==
          std::vector<std::string>{"weather mud: overruns only in good or snow weather",
                                   "armor 6 net is less than 8 (twice the defending infantry)"});
    CHECK(both.provisional);
    for (const char* never : {"fortress", "hills", "swamp", "mountains", "victory-city"}) {
        auto t = good_overrun();
        t.terrain = never;
        CHECK(overrun(t).result.code == "refused");
    }
    // The game has no forest (X.B lists none): refused as no terrain of it, not read as a
    // rule the text does not print.
    auto forest = good_overrun();
    forest.terrain = "forest";
    CHECK_THROWS_WITH(overrun(forest), Catch::Contains("allowed: clear, city, major-city, victory-city, "
                                                       "leningrad-moscow, fortress, hills, swamp, mountains"));
}

TEST_CASE("overrun: swamp north of the Arctic Weather Line in Snow is frozen, clear terrain (VI.B.1)",
          "[core][overrun]")
{
    auto q = good_overrun();
    q.weather = "snow";
    q.terrain = "swamp";
    // Not said to be north of the line: unfrozen swamp, and the refusal says how to give it.
    auto refused = overrun(q);
    CHECK(refused.result.code == "refused");
    CHECK(field<std::vector<std::string>>(refused.result, "reasons").at(0) ==
          "terrain swamp: can never be Armor Overrun (X.B) unless frozen: in Snow, swamp north(east) of the Arctic "
          "Weather Line is clear terrain for all purposes (VI.B.1)");
    CHECK(refused.notes.at(0) == "swamp north(east) of the Arctic Weather Line in Snow is frozen and clear (VI.B.1): "
                                 "give {north_of_arctic_line} if the hex is there");
    q.north_of_arctic_line = true;
    CHECK(overrun(q).result.code == "BR");
    // Only Snow freezes it.
    q.weather = "good";
    auto good = overrun(q);
    CHECK(good.result.code == "refused");
    CHECK(field<std::vector<std::string>>(good.result, "reasons").at(0) ==
          "terrain swamp: can never be Armor Overrun (X.B)");
}

TEST_CASE("overrun: a refusal the text makes reads no lost chart and is not provisional", "[core][overrun]")
{
    // X.B.10: hills "cannot suffer Armor Overrun" (as X.B.5, X.B.8, X.B.9, X.B.11); XIV.D: a
    // fuel shortage means the unit "cannot execute Armor Overruns". The overrun chart's
    // weathers and ratios, lost, decide nothing then.
    auto hills = good_overrun();
    hills.attacking_armor = 8;
    hills.defending_infantry = 2;
    hills.terrain = "hills";
    auto fuel = good_overrun();
    fuel.attacking_armor = 8;
    fuel.defending_infantry = 2;
    fuel.fuel_shortage = true;
    for (const auto& q : {hills, fuel}) {
        const auto r = overrun(q);
        CHECK(r.result.code == "refused");
        CHECK_FALSE(r.provisional);
        CHECK(r.provisional_notes.empty());
        CHECK(r.tables == std::vector<std::string>{"russian-portfolio.overrun-terrain"});
    }
    // An overrun made, or refused by the chart's conditions, reads the lost chart.
    CHECK(overrun(good_overrun()).provisional);
    auto mud = good_overrun();
    mud.weather = "mud";
    CHECK(overrun(mud).provisional);
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

TEST_CASE("Siberian roulette: an invasion applied to a game ends it, and no more play is taken (IX.B.3)",
          "[cli][siberian][game]")
{
    // "If the number cast is the one selected by the Axis Player, the Japanese have invaded the
    // weakened Russian Far Eastern Military District, and the Axis Player immediately wins the
    // game!" The game file kept nothing, and game next and crt --apply went on.
    const test::TempDir dir("rp-siberian");
    const std::string rp = dir / "rp.toml";
    REQUIRE(test::run_cli({"game", "new", "russian-portfolio", rp}).code == 0);
    const auto apply = test::applied_to(rp);
    // a safe cast keeps only the game-turn it was cast in, and play goes on
    CHECK(apply({"siberian", "--axis-number", "4", "--roll", "3"}).code == 0);
    CHECK(test::run_cli({"-q", "game", "next", rp}).code == 0);
    const auto invaded = apply({"siberian", "--axis-number", "4", "--roll", "4"});
    REQUIRE(invaded.code == 0);
    CHECK(test::contains(invaded.out, "the game ends: the Axis player wins; no next game-turn"));
    CHECK(test::contains(test::slurp(rp), "winner = \"axis\""));
    const auto status = test::run_cli({"game", "status", rp});
    CHECK(test::contains(status.out, "the game has ended: the Axis player won in game-turn 2"));
    CHECK(test::contains(status.out, "(IX.B.3)"));
    // no next turn, no result applied, no second cast: each refused before a die is rolled
    const std::string before = test::slurp(rp);
    const auto next = test::run_cli({"game", "next", rp});
    CHECK(next.code == 64);
    CHECK(test::contains(next.err, "game next: refused, nothing applied to " + rp + ": the game has ended"));
    CHECK(test::contains(next.err, "immediately wins the game!' (IX.B.3)"));
    CHECK(apply({"crt", "--attacker", "6:army", "--defense", "2", "--roll", "3"}).code == 64);
    CHECK(apply({"siberian", "--axis-number", "4", "--roll", "4"}).code == 64);
    CHECK(test::slurp(rp) == before);
    // a resolution not applied is still answered: the referee may look things up
    CHECK(test::run_cli({"-q", "--game", rp, "crt", "--attacker", "6:army", "--defense", "2", "--roll", "3"}).code ==
          0);
    // the cast made in error is taken back by undo, and play goes on
    REQUIRE(test::run_cli({"-q", "game", "undo", rp}).code == 0);
    CHECK_FALSE(test::contains(test::slurp(rp), "winner = \"axis\""));
    CHECK(test::run_cli({"-q", "game", "next", rp}).code == 0);
}

TEST_CASE("Siberian roulette: cast once a game-turn, the game keeps the turn, and a second cast applied in it is "
          "refused (IX.B.3)",
          "[cli][siberian][game]")
{
    // IX.B.3: "In each turn that any Russian Siberian Reserves are in the game before their
    // 'safe' turn, the Axis Player picks a number (from 1 to 6), and the Soviet Player must cast
    // the die. (This should be done at the end of the Soviet R/RP.)" One cast a turn: a second
    // applied cast in game-turn 1 was taken, a second chance at the Axis win.
    const test::TempDir dir("rp-siberian-once");
    const std::string rp = dir / "rp.toml";
    REQUIRE(test::run_cli({"game", "new", "russian-portfolio", rp}).code == 0);
    const auto apply = test::applied_to(rp);
    REQUIRE(apply({"siberian", "--axis-number", "4", "--roll", "3"}).code == 0);
    CHECK(test::contains(test::slurp(rp), "siberian_cast = 1"));
    const std::string before = test::slurp(rp);
    const auto again = apply({"siberian", "--axis-number", "4", "--roll", "4"});
    CHECK(again.code == 64);
    CHECK(test::contains(again.err, "has cast Siberian roulette in game-turn 1 already"));
    CHECK(test::contains(again.err, "the Soviet Player must cast the die', IX.B.3)"));
    CHECK(test::slurp(rp) == before);  // no winner from a second cast
    // asked without --apply it answers, saying the game has cast it this turn
    const auto asked = test::run_cli({"--game", rp, "siberian", "--axis-number", "4", "--roll", "3"});
    CHECK(asked.code == 0);
    CHECK(test::contains(asked.out, "has cast Siberian roulette in game-turn 1 already"));
    // the next game-turn casts again; undo takes the cast back, and its turn with it
    REQUIRE(test::run_cli({"-q", "game", "next", rp}).code == 0);
    REQUIRE(apply({"siberian", "--axis-number", "4", "--roll", "3"}).code == 0);
    CHECK(test::contains(test::slurp(rp), "siberian_cast = 2"));
    REQUIRE(test::run_cli({"-q", "game", "undo", rp}).code == 0);
    CHECK(test::contains(test::slurp(rp), "siberian_cast = 1"));
    CHECK(apply({"siberian", "--axis-number", "4", "--roll", "3"}).code == 0);
    CHECK(test::contains(test::run_cli({"game", "rebuild", rp}).out, "identical"));
}

TEST_CASE("weather: Finn units' operational movement is unaffected by any weather, Mud too (VI.B.2)", "[core][russian]")
{
    for (const char* id : {"russian-portfolio.weather", "russian-portfolio.weather-1jun41"}) {
        const auto* mud = table(id).find_code("mud");
        REQUIRE(mud != nullptr);
        CHECK(mud->effects.front() ==
              "operational movement factors halved, fractions rounded down; Finns unaffected (VI.B.2)");
    }
    CHECK(table("russian-portfolio.weather").find_code("snow")->effects.front().find("Finns unaffected") !=
          std::string::npos);
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

TEST_CASE("crt --odds: the odds and the column the die is read under are said, as in the plain answer (XIII.B.3)",
          "[cli][crt]")
{
    // 7 to 2 rounds down to 3:1: every branch reads that column, so it is no odds but the
    // request's, listed under the inputs as the plain answer lists it under its result.
    auto text = test::run_cli({"crt", "--attack", "7", "--defense", "2", "--odds"});
    REQUIRE(text.code == 0);
    CHECK(test::contains(text.out, "  river: none\n  odds: 3:1\n  column: 3:1\nexact odds over 6 branches"));
    auto plain = test::run_cli({"crt", "--attack", "7", "--defense", "2", "--roll", "3"});
    CHECK(test::contains(plain.out, "  odds: 3:1\n  column: 3:1\n"));
    // A Dispersed defender: the odds, and one column higher the column read (VII.B).
    auto dispersed = test::run_cli({"--json", "crt", "--attack", "6", "--defense", "4", "--dispersed", "--odds"});
    REQUIRE(dispersed.code == 0);
    CHECK(test::contains(dispersed.out, R"("fixed":{"result.odds":"3:2","result.column":"2:1"},"branches":6)"));
    // The picture of the odds says it too, and the dice of the roll it marks.
    const test::TempDir dir("crt-odds-draw");
    auto drawn = test::run_cli({"--draw", dir / "roll.svg", "crt", "--attack", "6", "--defense", "3", "--roll", "3"});
    REQUIRE(drawn.code == 0);
    const std::string svg = test::slurp(dir / "roll.svg");
    CHECK(test::contains(svg, "column: 2:1"));
    CHECK(test::contains(svg, "the roll just made marked: d6 3 (given)"));
}

TEST_CASE("messages: overrun's terrain refusal lists the rows once, and says why the Stalin Line is none (X.B)",
          "[cli][overrun][messages]")
{
    const std::vector<std::string> overrun{
        "overrun", "--result",  "DE",   "--attacking-armor", "4", "--defending-infantry",
        "2",       "--weather", "good", "--terrain"};
    auto with = [&](const char* terrain) {
        auto args = overrun;
        args.push_back(terrain);
        return test::run_cli(args);
    };
    const auto forest = with("forest");
    CHECK(forest.code == 64);
    const std::string listed = "clear, city, major-city, victory-city, leningrad-moscow, fortress, hills, swamp, "
                               "mountains";
    CHECK(test::contains(forest.err, listed));
    CHECK(forest.err.find(listed) == forest.err.rfind(listed));  // once, not twice
    // "each Russian army receives 1 additional combat factor defending behind the Stalin Line"
    // (X.B.3): a hexside crt takes, not a hex's terrain
    const auto stalin = with("stalin-line");
    CHECK(stalin.code == 64);
    CHECK(test::contains(stalin.err, "the Stalin Line is a hexside"));
    CHECK(test::contains(stalin.err, "(X.B.3)"));
    // Leningrad and Moscow are victory cities, "In addition to its major city bonuses" (X.B.6),
    // and "Units in a major city cannot suffer Armor Overrun" (X.B.5): refused by the rule,
    // as crt --terrain takes the hex
    const auto capital = with("leningrad-moscow");
    CHECK(capital.code == 0);
    CHECK(test::contains(capital.out, "result: refused"));
    CHECK(test::contains(capital.out, "terrain leningrad-moscow: can never be Armor Overrun (X.B)"));
}

TEST_CASE("messages: the weather's months are every month the game reads, and table lookup reads them alike "
          "(VI.A, XVI.A)",
          "[cli][russian][messages]")
{
    // "December through the end of the game is Snow" (VI.A), and the game runs on past Mar42
    // (XVI.A): weather --month apr42 read Snow while its refusal of may41 listed jun41 to mar42
    // only, and table lookup refused apr42 outright.
    const auto before = test::run_cli({"weather", "--game", "russian-portfolio", "--month", "may41"});
    CHECK(before.code == 64);
    CHECK(test::contains(before.err, "--month 'may41': allowed jun41, jul41"));
    CHECK(test::contains(before.err, "or any month after mar42"));
    CHECK(test::contains(before.err, "may41 is before the game begins"));
    CHECK_FALSE(test::contains(before.err, "did you mean 'mar42'"));
    const auto lookup = test::run_cli({"table", "lookup", "russian-portfolio.weather", "--row", "apr42"});
    CHECK(lookup.code == 0);
    CHECK(test::contains(lookup.out, "result: snow"));
    const auto odd = test::run_cli({"table", "lookup", "russian-portfolio.weather", "--row", "june"});
    CHECK(odd.code == 64);
    CHECK(test::contains(odd.err, "--row 'june': allowed jun41"));
}

TEST_CASE("messages: limits the texts do not set are called umpire's, and the lake's halving says its factors",
          "[cli][messages]")
{
    // Black Sea ASW "for every three escorts" and Always Possible set no most, nor does the
    // Russian Portfolio's overrun (XIII.C) for armor factors.
    const auto escorts = test::run_cli({"check", "asw", "--roll", "3", "--mod", "escorts=101"});
    CHECK(escorts.code == 64);
    CHECK(test::contains(escorts.err, "--mod escorts=101: allowed 1 to 100"));
    CHECK(test::contains(escorts.err, "at most 100: umpire's limit, the text sets none"));
    const auto dice = test::run_cli({"always-possible", "--needed", "30", "--best", "5"});
    CHECK(dice.code == 64);
    CHECK(test::contains(dice.err, "at most 20 (umpire's limit: the text's Always Possible sets none)"));
    const auto armor = test::run_cli({"overrun", "--result", "DE", "--attacking-armor", "1001", "--defending-infantry",
                                      "2", "--weather", "good", "--terrain", "clear"});
    CHECK(armor.code == 64);
    CHECK(test::contains(armor.err, "allowed 0 to 1000 (umpire's limit: the text sets none)"));
    // X.B.4: one factor across a lake halves to 0: said as the two sides' factors
    const auto lake = test::run_cli({"crt", "--attacker", "1:army:lake", "--defense", "2", "--roll", "3"});
    CHECK(lake.code == 64);
    CHECK(test::contains(lake.err, "at least 1 factor each (attack 0, defense 2)"));
    // one step is a step
    const auto sequence = test::run_cli({"game", "sequence", "russian-portfolio"});
    CHECK(test::contains(sequence.out, "1 step, followed by itself"));
    CHECK_FALSE(test::contains(sequence.out, "1 steps"));
}

TEST_CASE("sea movement: a unit lost at sea is eliminated, as VIII.B says, not sunk", "[cli][russian]")
{
    // "a special 'submarine' die roll of '1' by the opposing player eliminates the unit
    // instead. An odd number eliminates a unit attempting to sail through a sea under enemy
    // control."
    for (const char* id : {"sea-friendly", "sea-enemy"}) {
        const auto r = test::run_cli({"check", id, "--roll", "1"});
        INFO(id);
        CHECK(test::contains(r.out, "result: eliminated  Eliminated"));
        CHECK_FALSE(test::contains(r.out, "Sunk"));
    }
}
