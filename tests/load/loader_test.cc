// Loader errors compared word for word, file:line:col included.
#include "../helpers.h"
#include "load/catalog.h"
#include "load/loader.h"
#include "util/error.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace umpire;

namespace {

const std::string k_head = R"(id = "t.x"
title = "T"
game = "G"
source = "G 1.1"
dice = "1d6"
)";

const std::string k_legend = R"(
[legend.a]
name = "A"
[legend.b]
name = "B"
)";

std::string load_error(const std::string& text)
{
    try {
        load::parse_table(text, "t.toml");
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::data);
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("loader: a well-formed die table loads", "[load]")
{
    auto t = load::parse_table(k_head + R"(
[rows]
kind = "die"
[[row]]
die = "1-3"
result = "a"
[[row]]
die = "4-6"
result = "b"
)" + k_legend,
                               "t.toml");
    CHECK(t.rows.size() == 2);
    CHECK(t.rows[1].lo == 4);
    CHECK(t.rows[1].hi == 6);
    CHECK(t.legend.front().code == "a");
}

TEST_CASE("loader: an unknown key is named with its place and a suggestion", "[load]")
{
    CHECK(load_error(k_head + "titel = \"x\"\n") ==
          "t.toml:6:1: unknown key 'titel' in the table; allowed: id, title, game, source, dice, modifier, "
          "provisional, notes, cells, rows, columns, row, legend, constants, mod, shift, roll_again_limit (did you "
          "mean 'title'?)");
}

TEST_CASE("loader: overlapping die rows are refused", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-3"
result = "a"
[[row]]
die = "3-6"
result = "b"
)" + k_legend) == "t.toml:12:7: row 3-6 overlaps or comes before row 1-3; numbered rows run from low to high");
}

TEST_CASE("loader: a gap between die rows is refused", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-3"
result = "a"
[[row]]
die = "5-6"
result = "b"
)" + k_legend) == "t.toml:12:7: rows leave a gap between 1-3 and 5-6");
}

TEST_CASE("loader: die rows are spelled as table import reads a printed chart", "[load]")
{
    auto table = [](const std::string& low, const std::string& high) {
        return k_head + "[rows]\nkind = \"die\"\n[[row]]\ndie = \"" + low + "\"\nresult = \"a\"\n[[row]]\ndie = \"" +
               high + "\"\nresult = \"b\"\n" + k_legend;
    };
    // An en dash or a minus sign as printed, and N+ for N or more: the spellings of table import.
    const std::vector<std::pair<std::string, int>> spellings{
        {"4\u20136", 6}, {"4\u22126", 6}, {"4-6", 6}, {"4+", core::k_open_high}, {"4..", core::k_open_high}};
    for (const auto& [high, hi] : spellings) {
        CAPTURE(high);
        const core::Table t = load::parse_table(table("1-3", high), "t.toml");
        REQUIRE(t.rows.size() == 2);
        CHECK(t.rows[1].lo == 4);
        CHECK(t.rows[1].hi == hi);
    }
    // A '+' before a value is no die value: "+4" was read as 4.
    for (const std::string high : {"+4", "+4-6", "4-+6", "..+6", "+4..", "+4+"}) {
        CAPTURE(high);
        CHECK(load_error(table("1-3", high)) ==
              "t.toml:12:7: '" + high + "' is not a die range; write N, N-M (or N\u2013M), ..N, N.. or N+");
    }
    CHECK(load_error(table("1-3", "6\u20134")) == "t.toml:12:7: '6\u20134' runs backwards; write the low value first");
    // A value written right but past umpire's bound is too large, not misspelt (hunt48 F7).
    CHECK(load_error(table("1-3", "1000002")) ==
          "t.toml:12:7: '1000002': 1000002 is too large for a die value; allowed -1000000 to 1000000");
    CHECK(load_error(table("1-3", "5-99999999999999999999")) ==
          "t.toml:12:7: '5-99999999999999999999': 99999999999999999999 is too large for a die value; allowed "
          "-1000000 to 1000000");
    CHECK(load_error(table("-1000001..", "4+")) ==
          "t.toml:9:7: '-1000001..': -1000001 is too small for a die value; allowed -1000000 to 1000000");
}

TEST_CASE("loader: a UTF-8 byte-order mark is read past, a UTF-16 file is told to be saved as UTF-8", "[load]")
{
    // TOML 1.0 documents are UTF-8; Windows editors put a byte-order mark first, as table
    // import already reads past (hunt48 F7).
    const std::string bom = "\xEF\xBB\xBF";
    const std::string rows = "[rows]\nkind = \"die\"\n[[row]]\ndie = \"1-3\"\nresult = \"a\"\n[[row]]\ndie = "
                             "\"4-6\"\nresult = \"b\"\n" +
                             k_legend;
    const core::Table t = load::parse_table(bom + k_head + rows, "t.toml");
    CHECK(t.id == "t.x");
    CHECK(t.rows.size() == 2);
    // Places are the document's: the BOM is no column of line 1.
    CHECK(load_error(bom + "id = 7\n") == load_error("id = 7\n"));
    const core::Scenario s = load::parse_scenario(
        bom + "id = \"s\"\ntitle = \"S\"\ngame = \"G\"\nsource = \"G\"\nsides = [\"a\", \"b\"]\n", "s.toml");
    CHECK(s.title == "S");
    // UTF-16, little- or big-endian: "U+0000 is not allowed" said nothing of the encoding.
    const std::string little("\xFF\xFEi\0d\0", 6);
    CHECK(load_error(little) == "t.toml: the file is UTF-16 (it starts with the bytes FF FE); TOML is UTF-8: save it "
                                "as UTF-8");
    const std::string big("\xFE\xFF\0i\0d", 6);
    CHECK(load_error(big) == "t.toml: the file is UTF-16 (it starts with the bytes FE FF); TOML is UTF-8: save it "
                             "as UTF-8");
}

TEST_CASE("loader: rows must cover every value of the dice", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-5"
result = "a"
)" + k_legend) == "t.toml:8:1: rows end at 1-5 but d6 can roll 6");
}

TEST_CASE("loader: a die value outside the dice is refused", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-6"
result = "a"
[[row]]
die = 7
result = "b"
)" + k_legend) == "t.toml:12:7: row 7 is outside d6's 1 to 6");
}

TEST_CASE("loader: a result code missing from the legend is refused", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-6"
result = "c"
)" + k_legend) == "t.toml:10:10: result code 'c' is not in the legend; codes: a, b");
}

TEST_CASE("loader: an empty result code is refused where it is written, as table import refuses an empty cell",
          "[load]")
{
    // A blank on a printed chart reads as a typo, and "" in JSON as no result reported.
    const std::string empty_code = R"(
[legend.a]
name = "A"
[legend.""]
name = "No effect"
)";
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-6"
result = "a"
)" + empty_code) == "t.toml:14:9: [legend.\"\"]: an empty code; a code is what the chart prints in its cells");
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-6"
result = ""
)" + k_legend) == "t.toml:10:10: an empty cell; every cell holds what the chart prints there");
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "differential"
keys = [0, 1]
[[row]]
die = "1-6"
cells = ["a", ""]
)" + k_legend) == "t.toml:13:15: an empty cell; every cell holds what the chart prints there");
}

TEST_CASE("loader: differential columns must run low to high", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "differential"
keys = [0, 2, 1]
[[row]]
die = "1-6"
cells = ["a", "a", "a"]
)" + k_legend) == "t.toml:10:15: column +1 is out of order; differential columns run from low to high");
    // One given twice says so (it was "out of order", hunt48 F7).
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "differential"
keys = [0, 2, 2]
[[row]]
die = "1-6"
cells = ["a", "a", "a"]
)" + k_legend) == "t.toml:10:15: column +2 appears twice");
}

TEST_CASE("loader: a row or column key twice, in any case, is refused at the second", "[load]")
{
    // Keys are matched without regard to case (--column x finds X), so two that differ
    // only in case are one key written twice. Found by a hash of the keys met: a table
    // of 20,000 rows compared each with every one before it (1.4 s a call).
    const std::string head = R"(id = "t.x"
title = "T"
game = "G"
source = "G 1.1"
[rows]
kind = "label"
[columns]
kind = "label"
)";
    CHECK(load_error(head + R"(keys = ["x", "X"]
[[row]]
key = "r"
cells = ["a", "a"]
)" + k_legend) == "t.toml:9:14: column 'X' appears twice");
    CHECK(load_error(head + R"(keys = ["x", "y"]
[[row]]
key = "Gate"
cells = ["a", "b"]
[[row]]
key = "gate"
cells = ["b", "a"]
)" + k_legend) == "t.toml:14:7: row 'gate' appears twice");
    // and many distinct keys load, each found again by its own
    std::string rows;
    for (int i = 0; i < 2000; ++i) {
        rows += "[[row]]\nkey = \"r" + std::to_string(i) + "\"\ncells = [\"a\", \"b\"]\n";
    }
    const core::Table t = load::parse_table(head + "keys = [\"x\", \"y\"]\n" + rows + k_legend, "t.toml");
    REQUIRE(t.rows.size() == 2000);
    CHECK(t.rows[1999].key == "r1999");
}

TEST_CASE("loader: a row with the wrong number of cells is refused", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "label"
keys = ["x", "y"]
[[row]]
die = "1-6"
cells = ["a"]
)" + k_legend) == "t.toml:13:9: row 1-6 must have 2 cells, one per column");
}

TEST_CASE("loader: a range cell outside the die is refused", "[load]")
{
    CHECK(load_error(k_head + R"(cells = "range"
[rows]
kind = "label"
[columns]
kind = "label"
keys = ["1"]
[[row]]
key = "A"
cells = ["1-7"]
)") == "t.toml:14:10: range '1-7' runs outside d6's 1 to 6");
}

TEST_CASE("loader: a provisional table must say which chart it stands in for", "[load]")
{
    CHECK(load_error(k_head + "provisional = true\n") ==
          "t.toml:6:15: a provisional table needs 'notes' naming the chart it stands in for");
}

TEST_CASE("loader: a value of the wrong kind is named", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "dice"
)") == "t.toml:7:8: 'kind' is 'dice'; allowed: die, range, label (did you mean 'die'?)");
}

TEST_CASE("loader: TOML syntax errors keep toml++'s place", "[load]")
{
    std::string message = load_error("id = \n");
    CHECK(message.rfind("t.toml:1:", 0) == 0);
}

TEST_CASE("loader: the id must match the file name", "[load]")
{
    try {
        load::parse_table(k_head, "dir/t/y.toml", "t.y");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "dir/t/y.toml:1:6: id 't.x' does not match the file name, which makes it 't.y'");
    }
}

TEST_CASE("loader: scenario units are validated", "[load][scenario]")
{
    const std::string head = R"(id = "s"
title = "S"
game = "G"
source = "G"
sides = ["a", "b"]
)";
    auto s = load::parse_scenario(head + R"([[unit]]
name = "Ship"
side = "a"
type = "galley"
front = { melee = 8, ram = 0, ram_defense = "D" }
back = { melee = 2, ram = 0, ram_defense = "D" }
)",
                                  "s.toml");
    REQUIRE(s.find_unit("ship") != nullptr);
    CHECK(s.find_unit("SHIP")->front.melee == 8);
    try {
        load::parse_scenario(head + R"([[unit]]
name = "Ship"
side = "c"
)",
                             "s.toml");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "s.toml:8:8: side 'c' is not one of the scenario's sides: a, b");
    }
    // A scenario with no sides says what to add (an empty list said nothing, hunt48 F7).
    try {
        load::parse_scenario(R"(id = "s"
title = "S"
game = "G"
source = "G"
[[unit]]
name = "Ship"
side = "red"
)",
                             "s.toml");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "s.toml:7:8: side 'red' is not one of the scenario's sides, which has none: "
                                       "add 'sides = [...]' at the top, naming each");
    }
    try {
        load::parse_scenario(head + R"([[unit]]
name = "Ship"
side = "a"
type = "galley"
front = { melee = 8, ram = 0, ram_defense = "E" }
back = { melee = 2, ram = 0, ram_defense = "D" }
)",
                             "s.toml");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "s.toml:10:45: 'ram_defense' is 'E'; allowed A, B, C, D");
    }
    // A name no command could give (--attacker takes 256 characters at most) is refused.
    CHECK_THROWS_WITH(load::parse_scenario(head + "[[unit]]\nname = \"" + std::string(257, 'x') +
                                               "\"\nside = \"a\"\ntype = \"galley\"\n",
                                           "s.toml"),
                      "s.toml:7:8: unit name of 257 characters: at most 256, or no command could name it");
    CHECK_NOTHROW(load::parse_scenario(
        head + "[[unit]]\nname = \"" + std::string(256, 'x') + "\"\nside = \"a\"\ntype = \"galley\"\n", "s.toml"));
    // 'clock' is game set's word for the game's clock: such a unit could never be set.
    CHECK_THROWS_WITH(
        load::parse_scenario(head + "[[unit]]\nname = \"Clock\"\nside = \"a\"\ntype = \"galley\"\n", "s.toml"),
        "s.toml:7:8: unit name 'Clock': 'clock' names the game's clock to game set; call the unit otherwise");
    // A counter's factors, AF-DF-MF, cite The Russian Portfolio's III in that game only: a
    // game of the referee's own has no section III (hunt48 F7).
    CHECK_THROWS_WITH(
        load::parse_scenario(head + "[[unit]]\nname = \"Inf\"\nside = \"a\"\ntype = \"infantry\"\nfactors = \"4-4\"\n",
                             "s.toml"),
        "s.toml:10:11: 'factors' is '4-4'; write the counter's attack, defense and movement factors as "
        "printed, e.g. \"4-4-3\" (each 0 to 99)");
    const std::string rp = R"(id = "s"
title = "S"
game = "The Russian Portfolio"
source = "G"
sides = ["axis", "russian"]
)";
    CHECK_THROWS_WITH(
        load::parse_scenario(rp + "[[unit]]\nname = \"Inf\"\nside = \"axis\"\ntype = \"army\"\nfactors = \"4-100-3\"\n",
                             "s.toml"),
        Catch::EndsWith("e.g. \"4-4-3\" (each 0 to 99, III)"));
    // A character that shows as nothing: "T<U+200B>ank" would read as "Tank" beside it.
    for (const std::string hidden : {"\u200b", "\u00ad", "\ufeff", "\u2060", "\u2028"}) {
        CAPTURE(hidden);
        CHECK_THROWS_WITH(
            load::parse_scenario(head + "[[unit]]\nname = \"T" + hidden + "ank\"\nside = \"a\"\ntype = \"galley\"\n",
                                 "s.toml"),
            Catch::Contains("shows as nothing: two units would look the same"));
    }
}

TEST_CASE("loader: a scenario names its game and each side once", "[load][scenario]")
{
    auto scenario = [&](const std::string& game, const std::string& sides, const std::string& name) {
        return load::parse_scenario("id = \"s\"\ntitle = \"S\"\ngame = \"" + game +
                                        "\"\nsource = \"G\"\nsides = " + sides + "\n[[unit]]\nname = \"" + name +
                                        "\"\nside = \"a\"\ntype = \"galley\"\n",
                                    "s.toml");
    };
    CHECK_NOTHROW(scenario("G", R"(["a", "b"])", "Ship"));
    // A scenario for no game at all says nothing of whose rules it follows.
    CHECK_THROWS_WITH(scenario("", R"(["a", "b"])", "Ship"), Catch::StartsWith("s.toml:3:8: 'game' is empty"));
    CHECK_THROWS_WITH(scenario("  ", R"(["a", "b"])", "Ship"), Catch::StartsWith("s.toml:3:8: 'game' is empty"));
    // A side named twice, in any case, is refused where it is named the second time.
    CHECK_THROWS_WITH(scenario("G", R"(["a", "a"])", "Ship"), "s.toml:5:15: side 'a' appears twice in 'sides'");
    CHECK_THROWS_WITH(scenario("G", R"(["a", "b", "A"])", "Ship"), "s.toml:5:20: side 'A' appears twice in 'sides'");
    // A name of spaces shows as nothing, as a zero-width one does.
    CHECK_THROWS_WITH(scenario("G", R"(["a", "b"])", "   "),
                      "s.toml:7:8: unit name '   ' is only spaces, which shows as nothing");
    CHECK_NOTHROW(scenario("G", R"(["a", "b"])", "Two Ships"));
    // One of umpire's games by its id, as the command line names it, or by its title in
    // any case, is that game under its title; any other name is the referee's own game.
    CHECK(scenario("russian-portfolio", R"(["a", "b"])", "Ship").game == "The Russian Portfolio");
    CHECK(scenario("Black-Sea", R"(["a", "b"])", "Ship").game == "Great War at Sea: The Turkish Black Sea Fleet");
    CHECK(scenario("great war at sea: the turkish black sea fleet", R"(["a", "b"])", "Ship").game ==
          "Great War at Sea: The Turkish Black Sea Fleet");
    CHECK(scenario("novorossiysk", R"(["a", "b"])", "Ship").game == "Novorossiysk 1943");
    CHECK(scenario("great-battles", R"(["a", "b"])", "Ship").game == "Great Battles of WWII");
    CHECK(scenario("Border War", R"(["a", "b"])", "Ship").game == "Border War");
    CHECK(scenario("custom", R"(["a", "b"])", "Ship").game == "custom");
}

TEST_CASE("loader: a ship held back to a Game-Turn is Constantinople's (19.1)", "[load][scenario]")
{
    auto scenario = [&](const std::string& game, const std::string& arrives) {
        return load::parse_scenario("id = \"s\"\ntitle = \"S\"\ngame = \"" + game +
                                        "\"\nsource = \"G\"\nsides = [\"a\", \"b\"]\n[[unit]]\nname = \"Ship\"\nside "
                                        "= \"a\"\ntype = \"galley\"\narrives = " +
                                        arrives + "\n",
                                    "s.toml");
    };
    CHECK(scenario("Constantinople", "4").find_unit("Ship")->arrives == 4);
    CHECK_THROWS_WITH(scenario("Constantinople", "0"), Catch::StartsWith("s.toml:10:11: 'arrives' is 0"));
    CHECK_THROWS_WITH(scenario("Constantinople", "100001"), Catch::StartsWith("s.toml:10:11: 'arrives' is 100001"));
    // another game's file would never hold the unit back: refused, not passed over
    CHECK_THROWS_WITH(scenario("G", "4"), "s.toml:10:11: 'arrives' holds a ship back until a Game-Turn in a "
                                          "Constantinople game (19.1); this scenario's game is 'G'");
    // the shipped Campaign Game: the Genoese 8-0-D galley, "starting with Game-Turn Four"; the
    // 7-0-D one in the Golden Horn from the start
    load::Catalog catalog;
    CHECK(catalog.scenario("constantinople").find_unit("Genoa")->arrives == 4);
    CHECK(catalog.scenario("constantinople").find_unit("Genoa-2")->arrives == 0);
}

TEST_CASE("loader: every shipped table and scenario loads", "[load]")
{
    // The embedded catalog parses and validates each; a bad file throws here.
    load::Catalog catalog;
    auto list = catalog.list();
    CHECK(list.size() >= 10);
    for (const auto& info : list) {
        CHECK(info.origin == "embedded");
    }
    // The counter sheet (rules 001, "Counters"): Ottoman fronts 5 galleys, 3 triremes, 5
    // biremes, 5 + 3 fustae, their backs the same; Byzantine 7 galleys. 28 in all: two fustae
    // more were shipped, read from a row of the sheet as ten.
    const core::Scenario& constantinople = catalog.scenario("constantinople");
    CHECK(constantinople.units.size() == 28);
    CHECK(std::count_if(constantinople.units.begin(), constantinople.units.end(),
                        [](const core::Unit& u) { return u.type == "fustae"; }) == 8);
}

TEST_CASE("loader: odds columns round down to the nearest column (Russian Portfolio XIII.B)", "[load][ratio]")
{
    // The column set and the worked examples of XIII.B; the cells are placeholders.
    auto t = load::parse_table(k_head + R"([rows]
kind = "die"
[columns]
kind = "ratio"
keys = ["1:4", "1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "7:1", "10:1"]
above = "clamp"
[[row]]
die = "1-6"
cells = ["a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a"]
)" + k_legend,
                               "t.toml");
    auto column = [&](long long a, long long d) {
        auto pick = core::find_column(t, core::Ratio{a, d});
        return pick ? t.columns[pick->index] : pick.error();
    };
    CHECK(column(5, 1) == "5:1");
    CHECK(column(5, 3) == "3:2");
    CHECK(column(2, 5) == "1:3");
    CHECK(column(6, 1) == "5:1");
    CHECK(column(1, 1) == "1:1");
    CHECK(column(25, 2) == "10:1");
    CHECK(column(1, 5) == "1 to 5 is below the lowest column, 1:4, of table t.x");
    CHECK(*core::find_column(t, std::string_view("5:3")) == 4);
}

TEST_CASE("loader: odds columns must be A:D and rise", "[load][ratio]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "ratio"
keys = ["1:2", "1:3"]
)") == "t.toml:10:16: column 1:3 is out of order; odds columns run from low to high");
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "ratio"
keys = ["1:2", "1:1", "2:2"]
)") == "t.toml:10:23: column 2:2 appears twice (as odds)");
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[columns]
kind = "ratio"
keys = ["3-2"]
)") == "t.toml:10:9: '3-2' is not odds; write A:D, e.g. 3:2");
}

TEST_CASE("loader: named modifiers need open-ended rows and a description", "[load][mod]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-6"
result = "a"
[[mod]]
name = "x"
value = 1
description = "d"
)" + k_legend) == "t.toml:8:1: a table with modifiers must open its first row (\"..N\") and its last (\"N..\") so "
                  "every total is read");
    CHECK(load_error(k_head + R"([[mod]]
name = "x"
value = 1
)") == "t.toml:6:1: [[mod]] lacks the required key 'description'");
    CHECK(load_error(k_head + R"([[mod]]
name = "3"
value = 1
description = "d"
)") == "t.toml:7:8: modifier name '3' must be a word, not a number, with no '='");
    CHECK(load_error(k_head + R"([[mod]]
name = "x"
value = 1
description = "d"
one_of = "g"
at_most_one_of = "g"
)") == "t.toml:11:18: modifier 'x' has one_of and at_most_one_of; give one group");
}

TEST_CASE("loader: characters toml++ 3.3 cannot classify never reach it", "[load][fuzz]")
{
    // tests/fuzz found toml++ 3.3 reaching __builtin_unreachable on these (upstream
    // issues 190 and 295) three times; load/toml_guard.cc hands toml++ a text without them.
    // Outside strings and comments TOML allows only ASCII; after a backslash no such escape.
    CHECK(load_error("\xcc\xaa") == "t.toml:1:1: U+032A outside a string or comment: TOML allows only ASCII there");
    CHECK(load_error("a = \"\"\"\\\xd0\x96\"\"\"\n").rfind("t.toml:1:9: U+0416 after a backslash", 0) == 0);
    // A quote straight after a value opens no string for toml++: it reads on through the
    // characters as part of the value (fuzz_loader, regressions/loader/crash-3b350dc...).
    CHECK(load_error("s =0\"\"\"=\xc2\xa7\"\"\"\n") ==
          "t.toml:1:9: U+00A7 outside a string or comment: TOML allows only ASCII there");
    CHECK(load_error("s = \"a\"\"\xc2\xa7\"\n").rfind("t.toml:1:9: U+00A7 outside a string", 0) == 0);
    // Where this guard reads a string and toml++ reads a malformed value, the character is
    // an escape by then: toml++ refuses the value, no lookup asked (regressions/loader/
    // crash-83b8f1e...: 's- =0"="=U+00A7"""').
    CHECK(load_error("s- =0\"=\"=\xc2\xa7\"\"\"\n").rfind("t.toml:1:", 0) == 0);
    // In string values, keys and comments every character stays readable, with the same
    // text: section sign, half, Cyrillic, an em dash and U+3001 in "...", '...', """...""",
    // '''...''' (with a backslash, a quote and the two extra quotes TOML allows before the
    // closing three), after a line-ending backslash, in quoted keys and in a comment.
    auto t = load::parse_table(k_head + R"(# § ½ Ж — 、
notes = ["15.41 § ½ Ж — 、", '§ literal', """multi-line § ½""", '''a\b"c Ж''''', """x\
    §"""]
[rows]
kind = "die"
[[row]]
die = "1-6"
result = "a"
[legend.a]
name = "½ Ж §"
[legend."½"]
name = "Half"
[legend.'Ж']
name = "Zhe"
[legend."、"]
name = "Comma"
)",
                               "t.toml");
    REQUIRE(t.notes.size() == 5);
    CHECK(t.notes[0] == "15.41 § ½ Ж — 、");
    CHECK(t.notes[1] == "§ literal");
    CHECK(t.notes[2] == "multi-line § ½");
    CHECK(t.notes[3] == "a\\b\"c Ж''");
    CHECK(t.notes[4] == "x§");
    for (const char* code : {"½", "Ж", "、"}) {
        CAPTURE(code);
        CHECK(t.find_code(code) != nullptr);
    }
}

TEST_CASE("loader: cells are typed when the table is loaded, so lookups parse nothing", "[load]")
{
    // A number table: each cell's number, empty where the cell is a legend code.
    core::Table numbers = load::parse_table(k_head + R"(cells = "number"
[rows]
kind = "die"
[[row]]
die = "1-3"
result = "-7"
[[row]]
die = "4-6"
result = "a"
)" + k_legend,
                                            "t.toml");
    REQUIRE(numbers.rows.size() == 2);
    CHECK(numbers.rows[0].numbers == std::vector<std::optional<int>>{-7});
    CHECK(numbers.rows[1].numbers == std::vector<std::optional<int>>{std::nullopt});
    CHECK(numbers.rows[0].ranges.empty());
    // A range table (15.42's form): each cell's range and roll-again mark.
    core::Table ranges = load::parse_table(k_head + R"(cells = "range"
[rows]
kind = "die"
[[row]]
die = "1-6"
result = "2-4*"
[legend."*"]
name = "Roll again"
)",
                                           "t.toml");
    REQUIRE(ranges.rows[0].ranges.size() == 1);
    CHECK(ranges.rows[0].ranges[0].range == core::DieRange{2, 4});
    CHECK(ranges.rows[0].ranges[0].roll_again);
    CHECK(ranges.rows[0].numbers.empty());
}

TEST_CASE("loader: a row running past the die is refused unless modifiers can reach it", "[load]")
{
    CHECK(load_error(k_head + R"([rows]
kind = "die"
[[row]]
die = "1-5"
result = "a"
[[row]]
die = "6-7"
result = "b"
)" + k_legend) == "t.toml:12:7: row 6-7 runs past d6's 1 to 6; a table without modifiers reads only the die's own "
                  "totals");
}

namespace {

std::string catalog_error(const std::string& dir, const char* id)
{
    try {
        load::Catalog catalog({dir});
        catalog.table(id);
    } catch (const Error& e) {
        CHECK(e.code() == ExitCode::data);
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("catalog: a directory, FIFO or broken link named like a table is an error, not skipped", "[load]")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("umpire-catalog-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "constantinople");
    const fs::path storm = dir / "constantinople" / "storm.toml";
    fs::create_directory_symlink("/nonexistent-umpire", storm);
    CHECK(catalog_error(dir.string(), "constantinople.storm") ==
          storm.string() + ": a broken link; a table or scenario must be a regular file");
    fs::remove(storm);
    fs::create_symlink(storm.filename(), storm);  // a link to itself: a loop, as broken as one to nothing
    CHECK(catalog_error(dir.string(), "constantinople.storm") ==
          storm.string() + ": a broken link; a table or scenario must be a regular file");
    fs::remove(storm);
    fs::create_directory(storm);
    CHECK(catalog_error(dir.string(), "constantinople.storm") ==
          storm.string() + ": a directory; a table or scenario must be a regular file");
    fs::remove(storm);
    REQUIRE(::mkfifo(storm.c_str(), 0600) == 0);
    CHECK(catalog_error(dir.string(), "constantinople.storm") ==
          storm.string() + ": a FIFO; a table or scenario must be a regular file");
    // A FIFO as a scenario is refused at once instead of read until it blocks.
    try {
        load::Catalog catalog;
        catalog.scenario(storm.string());
        FAIL("no error");
    } catch (const Error& e) {
        // named by its flag ({scenario}, rendered as --scenario), as the scenario's other errors
        CHECK(std::string(e.what()) ==
              "{scenario}: " + storm.string() + ": a FIFO; a table or scenario must be a regular file");
    }
    // A symlink loop elsewhere in the directory is no internal error.
    fs::remove(storm);
    fs::create_symlink("selfloop", dir / "selfloop");
    load::Catalog catalog({dir.string()});
    CHECK_NOTHROW(catalog.list());
    fs::remove_all(dir);
}

TEST_CASE("catalog: a folder of a tables directory that cannot be read is named itself, not its parent", "[load]")
{
    // A game's folder at mode 000 was reported as the tables directory holding it (hunt48 F7).
    // Root reads any folder: the walk runs in a child as nobody (uid 65534) then.
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("umpire-unreadable-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "skirmish");
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                             fs::perms::others_exec);
    fs::permissions(dir / "skirmish", fs::perms::none);
    int out[2];
    REQUIRE(::pipe(out) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(out[0]);
        std::string said = "no error";
        if (::geteuid() != 0 || (::setgid(65534) == 0 && ::setuid(65534) == 0)) {
            try {
                load::Catalog({dir.string()}).list();
            } catch (const Error& e) {
                said = e.what();
            }
        } else {
            said = "could not become nobody";
        }
        const ssize_t wrote = ::write(out[1], said.data(), said.size());
        ::_exit(wrote == static_cast<ssize_t>(said.size()) ? 0 : 1);
    }
    ::close(out[1]);
    std::string said;
    char buf[512];
    for (ssize_t n = 0; (n = ::read(out[0], buf, sizeof buf)) > 0;) {
        said.append(buf, static_cast<size_t>(n));
    }
    ::close(out[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    fs::permissions(dir / "skirmish", fs::perms::owner_all);
    fs::remove_all(dir);
    CHECK(said == "tables directory '" + dir.string() + "': cannot read '" + (dir / "skirmish").string() +
                      "': Permission denied");
}

TEST_CASE("loader: a shift, modifier or result code no command could name is refused", "[load]")
{
    // A value after a flag is 256 characters at most (umpire(1)): a longer name passed table
    // check and could never be selected (hunt48 F8).
    const std::string code(257, 'c');
    CHECK(load_error(k_head + "[rows]\nkind = \"die\"\n[[row]]\ndie = \"1-6\"\nresult = \"" + code + "\"\n[legend." +
                     code + "]\nname = \"A\"\n") ==
          "t.toml:11:9: legend code of 257 characters: at most 256, or no command could name it");
    const std::string open = "[rows]\nkind = \"die\"\n[[row]]\ndie = \"..3\"\nresult = \"a\"\n[[row]]\ndie = "
                             "\"4..\"\nresult = \"a\"\n";
    auto with_mod = [&](size_t length) {
        return k_head + open + "[[mod]]\nname = \"" + std::string(length, 'm') +
               "\"\nvalue = 1\ndescription = \"M\"\n" + "[legend.a]\nname = \"A\"\n";
    };
    CHECK(load_error(with_mod(257)) ==
          "t.toml:15:8: modifier name of 257 characters: at most 256, or no command could name it");
    CHECK(load_error(with_mod(256)) == "(no error)");
}

TEST_CASE("loader: a legend entry's severity is one of four words", "[load][issue14]")
{
    const std::string rows = R"([rows]
kind = "die"
[[row]]
die = "1-6"
result = "a"
)";
    auto t = load::parse_table(k_head + rows + "[legend.a]\nname = \"Sunk\"\nseverity = \"severe\"\n", "t.toml");
    REQUIRE(t.find_code("a") != nullptr);
    CHECK(t.find_code("a")->severity == "severe");
    CHECK(load_error(k_head + rows + "[legend.a]\nname = \"Sunk\"\nseverity = \"bad\"\n") ==
          "t.toml:13:12: [legend.a] severity 'bad' is not one of none, light, heavy, severe");
    // the shipped melee chart (15.41): no effect, Ineffective, Damaged, Lose one
    const auto& melee = test::table("constantinople.melee");
    CHECK(melee.find_code("-")->severity == "none");
    CHECK(melee.find_code("I")->severity == "light");
    CHECK(melee.find_code("D")->severity == "heavy");
    CHECK(melee.find_code("L")->severity == "severe");
}

TEST_CASE("loader: a weather state file's zones and weather are the game's (N1)", "[load]")
{
    auto error_of = [](const std::string& text) -> std::string {
        try {
            load::parse_state(text, "w.toml");
        } catch (const Error& e) {
            CHECK(e.code() == ExitCode::data);
            return e.what();
        }
        return "(no error)";
    };
    const std::string head = "game = \"novorossiysk\"\nday = 1\nphase = \"morning\"\nstarted = true\n";
    CHECK(error_of(head + "dense_fog_used = [\"west\", \"all\"]\nlast = [\"west=clear\", \"dense-fog\"]\n") ==
          "(no error)");
    CHECK(error_of(head + "dense_fog_used = [\"west\", \"north\"]\n") ==
          "w.toml:5:27: 'dense_fog_used' holds 'north'; allowed all, west, central, east");
    CHECK(error_of(head + "last = [\"west=sunny\"]\n") ==
          "w.toml:5:9: 'last' holds 'west=sunny'; a phase's weather is ZONE=CODE or CODE (zones west, central, east; "
          "codes clear, downpour, mountain-fog, coast-fog, dense-fog, poor-flying)");
    CHECK(error_of(head + "last = [\"north=clear\"]\n").starts_with("w.toml:5:9: 'last' holds 'north=clear'"));
}

TEST_CASE("loader: a dotted key or table name past 64 parts is refused before toml++ recurses through it",
          "[load][fuzz]")
{
    // toml++ 3.3 walks what it parsed by recursion, a call per level: x.a.a... of 250,000
    // parts (half a megabyte, under the file limit) overflowed the stack, SIGSEGV, in every
    // reader of TOML (tables, scenarios, game and state files).
    const auto parts = [](size_t n) {
        std::string key = "x";
        for (size_t i = 1; i < n; ++i) {
            key += ".a";
        }
        return key;
    };
    CHECK(load_error(parts(250000) + " = 1\n") ==
          "t.toml:1:128: a dotted key or table name of more than 64 parts: umpire reads keys nested at most 64 deep");
    CHECK(load_error("[" + parts(65) + "]\n").rfind("t.toml:1:129: a dotted key or table name of more than 64", 0) ==
          0);
    // Quoted parts, blanks around the dots, and a chain hidden after a multi-line string's
    // two extra quotes in an inline table are counted alike.
    CHECK(load_error("x = {s = '''q'''', " + parts(70) + " = 1}\n").rfind("t.toml:1:", 0) == 0);
    std::string quoted = "\"q\"";
    for (int i = 0; i < 64; ++i) {
        quoted += " . 'q'";
    }
    CHECK(load_error(quoted + " = 1\n").find("more than 64 parts") != std::string::npos);
    // 64 parts are read (and refused only as a key no table has); floats, dates and dots
    // in strings and comments are no chain.
    CHECK(load_error(k_head + parts(64) + " = 1\n").find("more than 64 parts") == std::string::npos);
    CHECK(load_error(k_head + "notes = [\"" + std::string(100, '.') + "\"] # " + std::string(100, '.') +
                     "\nf = [1.5, 2.5, 3.5]\n")
              .find("more than 64 parts") == std::string::npos);
}
