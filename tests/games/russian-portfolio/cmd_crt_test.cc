// umpire crt against The Russian Portfolio's text: a unit's kind however it is given, the
// Arctic freeze (VI.B.1), the first turn's amphibious tanks (XVI.B.2) and a Surrounded or
// No Retreat! defender (XIII.C), as a referee found them (hunt47).
#include "../../helpers.h"
#include "core/table.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

nlohmann::json crt_json(std::vector<std::string> args)
{
    args.insert(args.begin(), {"--json", "-q", "crt"});
    auto r = run_cli(args);
    INFO(r.err);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out);
}

// The CRT column SHIFT columns right of COLUMN, as the shipped chart orders them.
std::string column_after(const std::string& column, int shift)
{
    const auto& columns = test::table("russian-portfolio.crt").columns;
    const auto at = std::find(columns.begin(), columns.end(), column);
    REQUIRE(at != columns.end());
    return *(at + shift);
}

}  // namespace

TEST_CASE("crt: armor or mechanized typed as FACTORS:KIND breaks down as a counter of that type does (XIII.C)",
          "[cli][russian-portfolio]")
{
    // XIII.C: "Armor/Mech 'Breakdown' from (Dispersed by) combat die roll of 1to1+n -- 2to2+n,
    // for Russians -- if attacking, where 'n' = Reserve Movement Phase no." 6:armor was read
    // with no breakdown at all.
    for (const std::string kind : {"armor", "mechanized"}) {
        INFO(kind);
        auto one = crt_json({"--attacker", "6:" + kind, "--defense", "2", "--side", "axis", "--roll", "1"});
        CHECK(one["result"]["armor_breakdown"] == true);
        auto two = crt_json({"--attacker", "6:" + kind, "--defense", "2", "--side", "axis", "--roll", "2"});
        CHECK(two["result"]["armor_breakdown"] == false);
    }
    // n = 1: Axis 1 to 2; Russians 2 to 3, with an army beside the armor.
    CHECK(crt_json({"--attacker", "6:armor", "--defense", "2", "--side", "axis", "--reserve-phase", "1", "--roll",
                    "2"})["result"]["armor_breakdown"] == true);
    const std::vector<std::string> russian{"--attacker", "6:armor", "--attacker", "4:army",          "--defense",
                                           "2",          "--side",  "russian",    "--reserve-phase", "1"};
    auto with = [&](const std::string& die) {
        auto args = russian;
        args.insert(args.end(), {"--roll", die});
        return crt_json(args)["result"]["armor_breakdown"];
    };
    CHECK(with("1") == false);
    CHECK(with("3") == true);
    CHECK(with("4") == false);
    // The breakdown's inputs are said, --odds's too, as its branches depend on them.
    auto odds = run_cli({"--json", "-q", "crt", "--attacker", "6:armor", "--defense", "2", "--side", "axis", "--odds"});
    REQUIRE(odds.code == 0);
    const auto doc = nlohmann::json::parse(odds.out);
    CHECK(doc["inputs"]["armor"] == true);
    CHECK(doc["inputs"]["side"] == "axis");
    CHECK(doc["inputs"]["reserve_phase"] == 0);
    CHECK(contains(odds.out, "armor_breakdown"));
    // Without the side the breakdown's range is unknown: refused, naming the unit.
    auto sideless = run_cli({"crt", "--attacker", "6:armor", "--defense", "2", "--roll", "1"});
    CHECK(sideless.code == 64);
    CHECK(contains(sideless.err, "--attacker 6:armor (armor) needs --side axis|russian"));
    // --armor against units whose kinds say none is armor would break down infantry.
    auto infantry = run_cli({"crt", "--attacker", "6:army", "--defense", "2", "--side", "axis", "--armor"});
    CHECK(infantry.code == 64);
    CHECK(contains(infantry.err, "--armor, but no --attacker unit is armor or mechanized"));
    // Cavalry is no Armor/Mech: no breakdown, and no reserve phase to give.
    CHECK_FALSE(
        crt_json({"--attacker", "6:cavalry", "--defense", "2", "--roll", "1"})["result"].contains("armor_breakdown"));
}

TEST_CASE("crt: in Snow north of the Arctic Weather Line river, lake and swamp are frozen, clear (VI.B.1)",
          "[cli][russian-portfolio]")
{
    // VI.B.1: "In Snow weather months, swamp, lake, and river hexes and hex-sides north(east) of
    // the Arctic Weather Line freeze over and are treated as clear terrain hexes and hex-sides.
    // This is true for all purposes". VI.B.3's winter offensive is such an attack: Snow turns,
    // Axis units north of the line. 4 to 2 is 2:1 (XIII.B.3); the offensive shifts one right.
    const std::string shifted = column_after("2:1", 1);
    auto river = crt_json({"--attack", "4", "--defense", "2", "--winter-offensive", "--river", "all", "--roll", "3"});
    CHECK(river["result"]["odds"] == shifted);  // no river's -1 (X.B.2)
    // X.B.4 halves only across "Unfrozen Lake Hex-sides": 8 factors, 4 to 1 with the shift.
    auto lake = crt_json({"--attacker", "4:army:lake", "--attacker", "4:army:lake", "--defense", "2",
                          "--winter-offensive", "--roll", "3"});
    CHECK(lake["result"]["odds"] == column_after("4:1", 1));
    // The Kerch Straits and Leningrad-Kronshtadt are no lake: VI.B.1 leaves them halved.
    auto strait = crt_json({"--attacker", "4:army:strait", "--attacker", "4:army:strait", "--defense", "2",
                            "--winter-offensive", "--roll", "3"});
    CHECK(strait["result"]["odds"] == shifted);
    // Armor may cross a frozen lake: it is a clear hexside (X.B.4 bars only unfrozen ones).
    CHECK(run_cli({"-q", "crt", "--attacker", "4:armor:lake", "--defense", "2", "--side", "axis",
                   "--north-of-arctic-line", "--weather", "snow", "--roll", "3"})
              .code == 0);
    // A Soviet army in swamp has +1 (X.B.9), but not on frozen swamp.
    const std::vector<std::string> swamp{"--attack",  "6",     "--defender", "3:army",
                                         "--terrain", "swamp", "--side",     "axis"};
    auto at = [&](std::vector<std::string> more) {
        auto args = swamp;
        args.insert(args.end(), more.begin(), more.end());
        args.insert(args.end(), {"--roll", "3"});
        return crt_json(args);
    };
    CHECK(at({})["result"]["odds"] == "3:2");  // 6 to 4 (XIII.B.3)
    CHECK(at({"--north-of-arctic-line", "--weather", "mud"})["result"]["odds"] == "3:2");
    CHECK(at({"--north-of-arctic-line", "--weather", "snow"})["result"]["odds"] == "2:1");  // 6 to 3: clear
    // Snow, the hex not placed: the answer says what may be frozen.
    auto unplaced = run_cli({"-q", "crt", "--attack", "8", "--defender", "3:army", "--terrain", "swamp", "--side",
                             "axis", "--weather", "snow", "--roll", "3"});
    CHECK(unplaced.code == 64);  // --weather here says only whether the hex north of the line is frozen
    CHECK(contains(unplaced.err, "it needs --north-of-arctic-line"));
    auto need = run_cli({"crt", "--attack", "8", "--defense", "2", "--north-of-arctic-line", "--roll", "3"});
    CHECK(need.code == 64);
    CHECK(contains(need.err, "give the turn's --weather"));
    auto mud =
        run_cli({"crt", "--attack", "8", "--defense", "2", "--winter-offensive", "--weather", "mud", "--roll", "3"});
    CHECK(mud.code == 64);
    CHECK(contains(mud.err, "--winter-offensive is for Snow weather turns (VI.B.3)"));
}

TEST_CASE("crt: German amphibious tanks drop the river penalty only in the Axis Initial Phase (XVI.B.2)",
          "[cli][russian-portfolio]")
{
    // XVI.B.2: "for any one German attack in the Axis Initial Phase of the first turn".
    auto reserve = run_cli({"crt", "--attack", "6", "--defense", "2", "--river", "all", "--amphibious", "--side",
                            "axis", "--armor", "--reserve-phase", "1", "--roll", "3"});
    CHECK(reserve.code == 64);
    CHECK(contains(reserve.err, "--amphibious drops the river penalty in the Axis Initial Phase of the first turn "
                                "only (XVI.B.2): --reserve-phase 1 is a Reserve Phase"));
    CHECK(run_cli({"-q", "crt", "--attack", "6", "--defense", "2", "--river", "all", "--amphibious", "--side", "axis",
                   "--armor", "--reserve-phase", "0", "--roll", "3"})
              .code == 0);
}

TEST_CASE("crt: a Surrounded D1 read from the lost chart sheet is provisional, and S does not retreat it (XIII.C)",
          "[cli][russian-portfolio]")
{
    // XIII.C prints "Surrounded/'No Retreat!': D1 to -"; the Charts and Tables sheet (V) is
    // lost, so its reading is not the text's. 4 to 2 is 2:1, whose 3 is D1 (VII.B).
    auto text = crt_json({"--attack", "4", "--defense", "2", "--surrounded", "--roll", "3"});
    CHECK(text["result"]["code"] == "-");
    CHECK(text["provisional"] == false);
    auto sheet = crt_json(
        {"--attack", "4", "--defense", "2", "--surrounded", "--surrounded-reading", "chart-sheet", "--roll", "3"});
    CHECK(sheet["result"]["code"] == "S");
    CHECK(sheet["provisional"] == true);
    CHECK(contains(sheet.dump(), "Charts and Tables sheet is lost"));
    // S lets a defender retreat as for D1 (XIII.C): not one held by No Retreat! orders.
    for (const auto& e : sheet["result"]["effects"]) {
        CHECK_FALSE(contains(e.get<std::string>(), "retreat as for D1"));
    }
    // 5 to 3 is 3:2, whose 3 is S (VII.B): the same for an S read from the chart.
    auto held = crt_json({"--attack", "5", "--defense", "3", "--surrounded", "--roll", "3"});
    REQUIRE(held["result"]["code"] == "S");
    CHECK(held["provisional"] == false);
    for (const auto& e : held["result"]["effects"]) {
        CHECK_FALSE(contains(e.get<std::string>(), "retreat as for D1"));
    }
    CHECK(contains(held.dump(), "does not retreat"));
    // Without --surrounded S keeps the defender's choice.
    CHECK(contains(crt_json({"--attack", "5", "--defense", "3", "--roll", "3"}).dump(), "retreat as for D1"));
}

TEST_CASE("crt: a defender that can retreat no hex reads D1 as a Surrounded one does (XIII.C, XIII.D.6)",
          "[cli][russian-portfolio]")
{
    // D1 is "Defenders Retreat 1-2/3-4 hexes" (XIII.C); XIII.D.6 converts only D4, DX and DE.
    // A defender with no hex to retreat is the Surrounded one of XIII.C: "D1 to -". 4 to 2 is
    // 2:1, whose 3 is D1 (VII.B).
    auto none = crt_json({"--attack", "4", "--defense", "2", "--retreat", "0", "--roll", "3"});
    CHECK(none["result"]["code"] == "-");
    CHECK(none["result"]["converted_from"] == "D1");
    CHECK(contains(none.dump(), "XIII.D.6 is silent on D1"));
    auto surrounded = crt_json({"--attack", "4", "--defense", "2", "--surrounded", "--roll", "3"});
    CHECK(surrounded["result"]["code"] == none["result"]["code"]);
    // One hex is a retreat D1 can make (1-2 hexes, Spent): it stands.
    CHECK(crt_json({"--attack", "4", "--defense", "2", "--retreat", "1", "--roll", "3"})["result"]["code"] == "D1");
}

TEST_CASE("crt: Dispersed and UnDispersed defenders short of retreat cast XIII.D.6's second die once, as a group",
          "[cli][russian-portfolio]")
{
    // XIII.D.6: "In the case of a (group of) unit(s) able to retreat only 3 hexes on a D4 or DX
    // result, the die is cast again". Against a mixed group the die was cast once a reading.
    // Find odds and a die where both the column and the one after read D4 or DX.
    const auto& crt = test::table("russian-portfolio.crt");
    auto retreating = [](const std::string& code) { return code == "D4" || code == "DX"; };
    std::string column;
    int die = 0;
    for (size_t c = 0; c + 1 < crt.columns.size() && column.empty(); ++c) {
        for (const auto& row : crt.rows) {
            if (retreating(row.cells.at(c)) && retreating(row.cells.at(c + 1)) && column.empty()) {
                column = crt.columns[c];
                die = row.lo;
            }
        }
    }
    REQUIRE_FALSE(column.empty());
    const auto ratio = core::parse_ratio(column);
    REQUIRE(ratio);
    const std::string half = std::to_string(ratio->defense);
    auto r = crt_json({"--attack", std::to_string(2 * ratio->attack), "--defender", half + ":army", "--defender",
                       half + ":corps:dispersed", "--retreat", "3", "--roll", std::to_string(die), "--roll", "4"});
    CHECK(r["rolls"].size() == 2);  // the combat die and one XIII.D.6 die, both given
    // 4-6 eliminates: both readings, on the one die.
    CHECK(r["results"][0]["code"] == "DE");
    CHECK(r["results"][1]["code"] == "DE");
}

TEST_CASE("crt: the Russian Portfolio's months before October say they are umpire's reading (VI.A)",
          "[cli][russian-portfolio]")
{
    // VI.A: "October is Mud; November is Hard Frost; December through the end of the game is
    // Snow." It names no month before October, yet Jul41's Good was cited to it.
    auto jul = run_cli({"--json", "-q", "weather", "--game", "russian-portfolio", "--month", "jul41"});
    REQUIRE(jul.code == 0);
    const auto doc = nlohmann::json::parse(jul.out);
    CHECK(contains(doc["result"]["source"].get<std::string>(), "umpire's reading"));
    CHECK(contains(jul.out, "VI.A names no weather before October 1941"));
    auto oct = run_cli({"--json", "-q", "weather", "--game", "russian-portfolio", "--month", "oct41"});
    REQUIRE(oct.code == 0);
    CHECK(nlohmann::json::parse(oct.out)["result"]["code"] == "mud");
    CHECK_FALSE(contains(oct.out, "umpire's reading"));
}

TEST_CASE("crt, plan and overrun messages name what was given and what the text allows", "[cli][russian-portfolio]")
{
    // X.B.4 halves 1 factor across a lake to 0: the message named --attack and --defense.
    auto zero = run_cli({"crt", "--attacker", "1:infantry:lake", "--defender", "3:front", "--roll", "3"});
    CHECK(zero.code == 64);
    CHECK(contains(zero.err, "--attacker and --defender must come to at least 1 factor each"));
    CHECK(contains(zero.err, "(X.B.4)"));
    // Units' factors past umpire's limit are refused as the units typed, never as an --attack
    // nobody gave (hunt48 F7): 1000000 and 1 attack factors (X.B) come to 1000001.
    auto many = run_cli({"crt", "--attacker", "1000000:infantry", "--attacker", "1:infantry", "--defense", "5"});
    CHECK(many.code == 64);
    CHECK(contains(many.err, "--attacker units' attack factors come to 1000001; allowed at most 1000000 factors"));
    CHECK_FALSE(contains(many.err, "--attack "));
    // 1 to 6 is below 1:4 (XIII.B.4); 2 to 6 is 1:3 (XIII.B.3): one factor more.
    auto plan = run_cli({"plan", "crt", "--attack", "1", "--defense", "6"});
    CHECK(plan.code == 64);
    CHECK(contains(plan.err, "1 more attack factor reaches 1:3"));
    // An overrun refused converts nothing (XIII.C): no converted_from.
    auto refused = run_cli({"--json", "-q", "overrun", "--result", "DX", "--attacking-armor", "4",
                            "--defending-infantry", "3", "--weather", "mud", "--terrain", "hills"});
    REQUIRE(refused.code == 0);
    const auto doc = nlohmann::json::parse(refused.out);
    CHECK(doc["result"]["code"] == "refused");
    CHECK_FALSE(doc["result"].contains("converted_from"));
}
