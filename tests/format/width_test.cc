// Text laid out by what a terminal shows, not by bytes (issue 29, part 3): padding, bars and
// wrapping count display columns, so a referee's accented, CJK or emoji text keeps the
// columns straight.
#include "../helpers.h"
#include "format/text.h"
#include "util/text.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using umpire::test::run_cli;
using namespace umpire;

namespace {

// Columns by hand, for the scripts the tests use: CJK ideographs, kana and fullwidth forms
// and the emoji here two, a combining mark none, anything else one. Independent of the code
// under test (libunistring).
size_t columns_by_hand(const std::string& s)
{
    size_t columns = 0;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        char32_t cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
        for (size_t k = 1; k < n; ++k) {
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        }
        if ((cp >= 0x3000 && cp <= 0x9FFF) || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0x1F300 && cp <= 0x1FAFF)) {
            columns += 2;
        } else if (!(cp >= 0x0300 && cp <= 0x036F)) {
            columns += 1;
        }
        i += n;
    }
    return columns;
}

}  // namespace

TEST_CASE("width: a character's columns, not its bytes", "[format][width]")
{
    CHECK(display_width("melee") == 5);
    CHECK(display_width("après") == 5);            // é: two bytes, one column
    CHECK(display_width("e\u0301") == 1);          // e and a combining acute: one column
    CHECK(display_width("撃沈") == 4);             // two ideographs, two columns each
    CHECK(display_width("\U0001F4A5 Boom") == 7);  // an emoji, two columns
    CHECK(display_width("\xff\xfe") == 2);         // not UTF-8: a column a byte
    CHECK(format::pad("撃沈", 6) == "撃沈  ");
    CHECK(format::pad("après", 7, true) == "  après");
}

TEST_CASE("width: --odds bars and a chart's cells line up under accented, CJK and emoji names", "[format][width]")
{
    const test::TempDir dir("widths");
    std::filesystem::create_directories(dir / "uwtest");
    std::ofstream(dir / "uwtest/sink.toml") << R"toml(id = "uwtest.sink"
title = "Sinking — naufrage"
game = "Width test"
source = "Width test 1.1"
dice = "1d6"
[rows]
kind = "die"
title = "Dé"
[[row]]
die = "1-2"
result = "A"
[[row]]
die = "3-4"
result = "SÉ"
[[row]]
die = "5"
result = "撃"
[[row]]
die = "6"
result = "B"
[legend.A]
name = "Sunk après attaque — tard"
effects = ["sunk"]
[legend."SÉ"]
name = "撃沈 (sunk)"
effects = ["sunk"]
[legend."撃"]
name = "💥 Boom"
effects = ["boom"]
[legend.B]
name = "Afloat"
effects = ["afloat"]
)toml";
    const auto odds = run_cli({"--tables", dir.path.string(), "table", "lookup", "uwtest.sink", "--odds"});
    REQUIRE(odds.code == 0);
    std::istringstream lines(odds.out);
    std::vector<size_t> bar_at;
    std::vector<size_t> percent_at;
    for (std::string line; std::getline(lines, line);) {
        if (line.find('#') != std::string::npos && line.find("at least") == std::string::npos) {
            bar_at.push_back(columns_by_hand(line.substr(0, line.find('#'))));
            percent_at.push_back(columns_by_hand(line.substr(0, line.find('%'))));
        }
    }
    REQUIRE(bar_at.size() == 4);  // A, SÉ, 撃, B
    for (size_t i = 1; i < bar_at.size(); ++i) {
        CHECK(bar_at[i] == bar_at[0]);
        CHECK(percent_at[i] == percent_at[0]);
    }
    // The chart: each result cell in the same column, whatever its script.
    const auto chart = run_cli({"--tables", dir.path.string(), "table", "show", "uwtest.sink"});
    std::istringstream rows(chart.out);
    std::vector<size_t> cell_at;
    for (std::string line; std::getline(rows, line);) {
        for (const char* code : {" A ", " SÉ", " 撃", " B "}) {
            if (line.starts_with("1-2") || line.starts_with("3-4") || line.starts_with("5 ") ||
                line.starts_with("6 ")) {
                if (const size_t at = line.find(code); at != std::string::npos) {
                    cell_at.push_back(columns_by_hand(line.substr(0, at)));
                }
            }
        }
    }
    REQUIRE(cell_at.size() == 4);
    for (size_t i = 1; i < cell_at.size(); ++i) {
        CHECK(cell_at[i] == cell_at[0]);
    }
}

TEST_CASE("width: an answer wraps a CJK unit name at the terminal's columns", "[format][width]")
{
    core::Resolution r;
    r.title = "Melee";
    r.inputs.push_back({"defender", std::string("戦艦大和 護衛艦隊 駆逐艦雪風 駆逐艦浜風 駆逐艦磯風 軽巡洋艦矢矧")});
    r.result.code = "-";
    r.result.effects.push_back("the defender 戦艦大和 keeps its place, and nothing else happens to it this Impulse");
    format::Style style;
    style.width = 40;  // the room left beside "  defender: " is more than 20 columns: it wraps
    std::istringstream lines(format::to_text(r, style));
    size_t wrapped = 0;
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        CHECK(columns_by_hand(line) <= 40);
        if (line.starts_with("  defender: ")) {
            // 12 + 8 + 1 + 8 + 1 + 10 columns: the room used to the last column, not wrapped
            // early as counting bytes (three an ideograph) did
            CHECK(columns_by_hand(line) == 40);
        }
        wrapped += line.starts_with("    ") ? 1 : 0;
    }
    CHECK(wrapped > 0);
}
