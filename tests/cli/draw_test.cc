// --draw, --paper, --ascii and table sheet (issue 28): what is refused before anything is
// done, the order of a reference sheet, and the pictures' descriptions. What the pictures
// show is read back from PNG and PDF by tests/draw/pictures.py.
#include "../helpers.h"
#include "core/odds.h"
#include "format/picture.h"
#include "format/text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using umpire::test::contains;
using umpire::test::run_cli;
using namespace umpire;

TEST_CASE("draw: a picture's format is named by its file's ending, svg or pdf, else refused", "[cli][draw]")
{
    const test::TempDir dir("draw-format");
    auto bad = run_cli({"--draw", dir / "odds.png", "melee", "--attacker", "4", "--defender", "5", "--odds"});
    CHECK(bad.code == 64);
    CHECK(contains(bad.err, "--draw"));
    CHECK(contains(bad.err, ".svg or .pdf"));
    CHECK(bad.out.empty());
    auto none = run_cli({"--draw", dir / "odds", "melee", "--attacker", "4", "--defender", "5", "--odds"});
    CHECK(none.code == 64);
    auto paper = run_cli({"--draw", dir / "x.pdf", "--paper", "a5", "table", "show", "black-sea.asw"});
    CHECK(paper.code == 64);
    CHECK(contains(paper.err, "a4, letter"));
    CHECK(std::filesystem::is_empty(dir.path));
    // Upper case is the same ending.
    auto upper = run_cli({"--draw", dir / "ODDS.SVG", "melee", "--attacker", "4", "--defender", "5", "--odds"});
    CHECK(upper.code == 0);
    CHECK(std::filesystem::exists(dir / "ODDS.SVG"));
}

TEST_CASE("draw: a command with nothing to draw refuses --draw before it does anything", "[cli][draw]")
{
    const test::TempDir dir("draw-nothing");
    const std::string game = dir / "game.toml";
    for (const std::vector<std::string>& request : {std::vector<std::string>{"game", "new", "constantinople", game},
                                                    {"table", "list"},
                                                    {"completion", "bash"},
                                                    {"seed", "commit"},
                                                    {"luck", dir / "log"}}) {
        std::vector<std::string> args{"--draw", dir / "x.svg"};
        args.insert(args.end(), request.begin(), request.end());
        auto r = run_cli(args);
        INFO(request[0]);
        CHECK(r.code == 64);
        CHECK(contains(r.err, "draws no picture"));
    }
    CHECK(!std::filesystem::exists(game));  // the game was not made, then refused
    CHECK(!std::filesystem::exists(dir / "x.svg"));
    auto inside = run_cli({"compare", "crt --attack 6 --defense 3 --draw x.svg", "crt --attack 9 --defense 3"});
    CHECK(inside.code == 64);
    CHECK(contains(inside.err, "--draw has no place in a comparison"));
}

TEST_CASE("draw: plan melee draws each split's results on each enemy", "[cli][draw]")
{
    const test::TempDir dir("draw-plan");
    auto r = run_cli({"--draw", dir / "plan.svg", "plan", "melee", "--ship", "8", "--enemy", "5", "--enemy", "3"});
    REQUIRE(r.code == 0);
    std::ifstream svg(dir / "plan.svg");
    const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
    // 15.24's split 2 on the 5 (at -3) and 6 on the 3 (at +3): 15.41 at +3 is I 1/6, D 1/2, L 1/3.
    CHECK(contains(text, "6 on enemy 2 at +3: Lose one"));
    CHECK(contains(text, "33.33%  1/3"));
    CHECK(contains(text, "2 on enemy 1 at -3"));
}

TEST_CASE("draw: a picture that cannot be written is exit 74, and a roll drawn first leaves nothing behind",
          "[cli][draw]")
{
    const test::TempDir dir("draw-unwritable");
    const std::string log = dir / "audit.log";
    auto r = run_cli({"--log", log, "--draw", dir / "missing/odds.svg", "melee", "--attacker", "4", "--defender", "5"});
    CHECK(r.code == 74);
    CHECK(contains(r.err, "missing/odds.svg"));
    CHECK(r.out.empty());                  // the roll is not printed
    CHECK(!std::filesystem::exists(log));  // nor logged
    auto ok = run_cli({"--log", log, "--draw", dir / "odds.svg", "melee", "--attacker", "4", "--defender", "5"});
    CHECK(ok.code == 0);
    CHECK(contains(ok.out, "result:"));
    CHECK(std::filesystem::exists(log));
    std::ifstream svg(dir / "odds.svg");
    const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
    CHECK(text.starts_with("<?xml"));
    CHECK(contains(text, "this roll"));
}

// A table of GAME citing SOURCE, in DIR as GAME/NAME.toml.
void write_cited(const std::string& dir, const std::string& name, const std::string& source)
{
    std::filesystem::create_directories(dir + "/ordertest");
    std::ofstream(dir + "/ordertest/" + name + ".toml")
        << "id = \"ordertest." << name << "\"\ntitle = \"Chart " << name << "\"\ngame = \"Order test\"\nsource = \""
        << source << "\"\ndice = \"1d6\"\n[rows]\nkind = \"die\"\n[[row]]\ndie = \"1..\"\nresult = \"A\"\n"
        << "[legend.A]\nname = \"All\"\neffects = [\"all\"]\n";
}

TEST_CASE("table sheet: a game's charts in the order its rules cite them, those citing none last", "[cli][draw]")
{
    const test::TempDir dir("sheet-order");
    const std::string tables = dir / "tables";
    // Roman and Arabic section numbers, and cases numbered as 15.41 (section 15.4, case 1).
    write_cited(tables, "a", "Order Test, no section");
    write_cited(tables, "b", "Order Test 15.5");
    write_cited(tables, "c", "Order Test 15.41");
    write_cited(tables, "d", "Order Test XIII.C");
    write_cited(tables, "e", "Order Test IX.B.2");
    write_cited(tables, "f", "Order Test (2.1), terrain");
    write_cited(tables, "g", "Order Test XIV.A");
    // Section 0.1 comes before every other, not after them as no section (hunt48 F8).
    write_cited(tables, "h", "Order Test 0.1");
    auto r = run_cli({"--json", "--tables", tables, "table", "sheet", "ordertest"});
    REQUIRE(r.code == 0);
    std::vector<std::string> ids;
    const auto sheet = nlohmann::json::parse(r.out);
    for (const auto& t : sheet["tables"]) {
        ids.push_back(t["id"]);
    }
    CHECK(ids == std::vector<std::string>{"ordertest.h", "ordertest.f", "ordertest.e", "ordertest.d", "ordertest.g",
                                          "ordertest.c", "ordertest.b", "ordertest.a"});
    auto text = run_cli({"--tables", tables, "table", "sheet", "ordertest"});
    CHECK(text.out.find("Chart f") < text.out.find("Chart e"));
    CHECK(text.out.find("Chart b") < text.out.find("Chart a"));
    auto unknown = run_cli({"table", "sheet", "constantinopel"});
    CHECK(unknown.code == 64);
    CHECK(contains(unknown.err, "constantinople"));
}

TEST_CASE("picture: a chart's description holds every cell, the mark, the legend and the provisional note",
          "[format][draw]")
{
    const core::Table& t = test::table("russian-portfolio.crt");
    format::JsonWriter w;
    format::table_picture(w, t, 2, 4);
    const auto item = nlohmann::json::parse(std::move(w).str());
    CHECK(item["columns"].size() == t.columns.size());
    REQUIRE(item["rows"].size() == t.rows.size());
    for (size_t r = 0; r < t.rows.size(); ++r) {
        CHECK(item["rows"][r]["key"] == t.rows[r].key);
        CHECK(item["rows"][r]["cells"].get<std::vector<std::string>>() == t.rows[r].cells);
    }
    CHECK(item["mark"] == nlohmann::json::array({2, 4}));
    CHECK(item["provisional"] == t.notes[0]);  // the note naming the lost chart (XIII.C)
    CHECK(item["legend"].size() == t.legend.size());
    // A column alone marks nothing; a row alone marks a chart without columns.
    format::JsonWriter column;
    format::table_picture(column, t, std::nullopt, 4);
    CHECK(!nlohmann::json::parse(std::move(column).str()).contains("mark"));
    format::JsonWriter single;
    format::table_picture(single, test::table("black-sea.asw"), 1, std::nullopt);
    CHECK(nlohmann::json::parse(std::move(single).str())["mark"] == nlohmann::json::array({1, 0}));
}

TEST_CASE("picture: the roll just made is marked by what it reports, on each dimension", "[format][draw]")
{
    core::OddsReport report;
    report.branches = 2;
    const core::Fraction half{core::Rational(1, 2)};
    report.dimensions.push_back({"result", {{"A", "Ahead", half, ""}, {"B", "Behind", half, ""}}});
    report.dimensions.push_back({"result.hits", {{"0", "", half, ""}, {"1", "", half, ""}}, true});
    core::Resolution rolled;
    rolled.result.code = "B";
    rolled.result.fields.push_back({"hits", 0LL});
    const auto marks = core::reported(rolled);
    CHECK(marks == std::vector<std::pair<std::string, std::string>>{{"result", "B"}, {"result.hits", "0"}});
    format::JsonWriter w;
    format::odds_picture(w, report, marks);
    const auto item = nlohmann::json::parse(std::move(w).str());
    const auto& dims = item["dimensions"];
    CHECK(dims[0]["lines"][0]["marked"] == false);
    CHECK(dims[0]["lines"][1]["marked"] == true);
    CHECK(dims[1]["lines"][0]["marked"] == true);
    CHECK(dims[0]["lines"][1]["bars"][0]["text"] == "50.00%  1/2");
    CHECK(format::too_large_to_draw({&report}).empty());
    report.dimensions[1].lines.resize(format::k_max_picture_lines);
    CHECK(contains(format::too_large_to_draw({&report}), "too many bars"));
}

TEST_CASE("bars: Unicode eighths on a UTF-8 terminal, '#' elsewhere, never nothing for a chance", "[format][draw]")
{
    format::Style unicode;
    unicode.unicode = true;
    const format::Style ascii;
    CHECK(format::bar(0.5, 10, ascii) == "#####     ");
    CHECK(format::bar(0.0001, 4, ascii) == "#   ");
    CHECK(format::bar(0, 4, ascii) == "    ");
    CHECK(format::bar(1, 2, unicode) == "\u2588\u2588");
    // 0.3 of 4 cells is 9.6 eighths: one full block and 2/8 (rounded), then two blanks.
    CHECK(format::bar(0.3, 4, unicode) == "\u2588\u258E  ");
    CHECK(format::bar(0.0001, 3, unicode) == "\u258F  ");
}

TEST_CASE("draw: a picture into a FIFO is written into it, a link is written through", "[cli][draw]")
{
    // A FIFO (a viewer reading a pipe) took a file renamed over it; a link, likewise.
    const test::TempDir dir("draw-fifo");
    const std::string fifo = dir / "pipe.svg";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string read;
    std::thread reader([&] {
        std::ifstream in(fifo, std::ios::binary);
        read.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    });
    auto r = run_cli({"--draw", fifo, "melee", "--attacker", "4", "--defender", "5", "--odds"});
    // Should umpire never have opened the FIFO, the reader waits on it: a writer come and
    // gone lets it see the end (with no reader left, this open fails, harmlessly).
    if (const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); fd >= 0) {
        ::close(fd);
    }
    reader.join();
    CHECK(r.code == 0);
    CHECK(std::filesystem::is_fifo(fifo));
    CHECK(contains(read, "<svg"));
    std::filesystem::create_symlink("real.svg", dir.path / "link.svg");
    REQUIRE(run_cli({"--draw", dir / "link.svg", "melee", "--attacker", "4", "--defender", "5", "--odds"}).code == 0);
    CHECK(std::filesystem::is_symlink(dir.path / "link.svg"));
    CHECK(contains(test::slurp(dir / "real.svg"), "<svg"));
}
