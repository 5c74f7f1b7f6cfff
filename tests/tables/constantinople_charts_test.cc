// Every cell of tables 14.31, 14.32, 15.41 and 15.42 checked against the rules text:
// once against a transcription made by hand here, and once against the chart lines
// read from the rules file itself (../shared/rules/001_*.txt) when it is beside the repo.
#include "../helpers.h"
#include "core/table.h"
#include "util/text.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

using namespace umpire;

namespace {

const core::Table& table(const char* id) { return test::embedded().table(id); }

std::vector<std::string> column(const core::Table& t, size_t c)
{
    std::vector<std::string> out;
    for (const auto& row : t.rows) {
        out.push_back(row.cells.at(c));
    }
    return out;
}

// Die roll -> cell, for every value the table's dice can roll.
std::map<int, std::string> by_roll(const core::Table& t, size_t c)
{
    std::map<int, std::string> out;
    for (int roll = t.dice->min(); roll <= t.dice->max(); ++roll) {
        out[roll] = t.rows.at(*core::find_row(t, roll)).cells.at(c);
    }
    return out;
}

// The lines of the rules text's chart that starts at the line holding HEADING.
std::vector<std::vector<std::string>> chart_lines(const std::string& heading, size_t count,
                                                  const std::string& first_cell)
{
    std::filesystem::path dir(UMPIRE_RULES_DIR);
    std::vector<std::vector<std::string>> rows;
    if (!std::filesystem::exists(dir)) {
        return rows;
    }
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().filename().string().rfind("001_", 0) != 0) {
            continue;
        }
        std::ifstream in(entry.path());
        std::string line;
        bool in_chart = false;
        while (std::getline(in, line)) {
            if (line.find(heading) != std::string::npos) {
                in_chart = true;
            }
            if (in_chart && line.rfind(first_cell + "\t", 0) == 0) {
                rows.push_back(split(line, '\t'));
                while (rows.size() < count && std::getline(in, line)) {
                    rows.push_back(split(line, '\t'));
                }
                return rows;
            }
        }
    }
    return rows;
}

}  // namespace

TEST_CASE("tables: 15.41 naval melee CRT, every cell as printed", "[tables][constantinople]")
{
    const auto& t = table("constantinople.melee");
    CHECK(t.source == "Constantinople 15.41");
    CHECK_FALSE(t.provisional);
    CHECK(*t.dice == core::DiceSpec{1, 6, 0});
    CHECK(t.column_values == std::vector<int>{-3, -2, -1, 0, 1, 2, 3, 4});
    CHECK(t.clamp_below);
    CHECK(t.clamp_above);
    // Transcribed from the chart in rules file 001, "[15.41] NAVAL MELEE COMBAT RESULTS TABLE".
    const std::vector<std::vector<std::string>> printed{
        {"-", "-", "-", "-", "-", "-", "I", "I"}, {"-", "-", "-", "-", "-", "I", "D", "D"},
        {"-", "-", "-", "-", "I", "I", "D", "D"}, {"-", "-", "-", "I", "I", "D", "D", "L"},
        {"-", "-", "I", "D", "D", "D", "L", "L"}, {"-", "I", "D", "D", "D", "L", "L", "L"},
    };
    REQUIRE(t.rows.size() == 6);
    for (int die = 1; die <= 6; ++die) {
        INFO("die " << die);
        CHECK(t.rows[*core::find_row(t, die)].cells == printed[static_cast<size_t>(die - 1)]);
    }
    for (const char* code : {"-", "I", "D", "L"}) {
        CHECK(t.find_code(code) != nullptr);
    }

    auto text = chart_lines("[15.41] NAVAL MELEE COMBAT RESULTS TABLE", 6, "1");
    if (text.empty()) {
        WARN("rules file 001 not found beside the repo; checked the transcription only");
        return;
    }
    for (size_t r = 0; r < 6; ++r) {
        std::vector<std::string> cells(text[r].begin() + 1, text[r].end());
        CHECK(text[r][0] == std::to_string(r + 1));
        CHECK(cells == t.rows[r].cells);
    }
}

TEST_CASE("tables: 15.42 ramming table, every cell as printed", "[tables][constantinople]")
{
    const auto& t = table("constantinople.ram");
    CHECK(t.columns == std::vector<std::string>{"1", "2", "3", "4"});
    CHECK(t.row_keys() == std::vector<std::string>{"A", "B", "C", "D"});
    const std::map<std::string, std::vector<std::string>> printed{
        {"A", {"1-2", "1-3*", "1-4*", "1-5*"}},
        {"B", {"1", "1-2", "1-3*", "1-4*"}},
        {"C", {"1", "1", "1-2", "1-3*"}},
        {"D", {"-", "1", "1-2", "1-2"}},
    };
    for (const auto& [letter, cells] : printed) {
        INFO("ram defense " << letter);
        CHECK(t.rows[*core::find_row(t, letter)].cells == cells);
    }
    // "* = Roll again; if a 5 or 6 is rolled, the defending ship is sunk";
    // "If a 6 is rolled at any time, the Ramming ship is considered Damaged" (15.42).
    CHECK(t.constant("roll_again_sinks_from") == 5);
    CHECK(t.constant("rammer_damaged_on") == 6);

    auto text = chart_lines("[15.42] RAMMING TABLE", 4, "A");
    if (text.empty()) {
        WARN("rules file 001 not found beside the repo; checked the transcription only");
        return;
    }
    for (const auto& line : text) {
        REQUIRE(line.size() == 5);
        std::vector<std::string> cells(line.begin() + 1, line.end());
        CHECK(cells == printed.at(line[0]));
    }
}

TEST_CASE("tables: 14.31 wind direction, every roll as printed", "[tables][constantinople]")
{
    const auto& t = table("constantinople.wind-direction");
    CHECK(*t.dice == core::DiceSpec{2, 6, 0});
    const std::map<int, std::string> printed{{2, "SE"}, {3, "SW"}, {4, "S"},   {5, "NW"}, {6, "NW"}, {7, "N"},
                                             {8, "N"},  {9, "NE"}, {10, "NE"}, {11, "S"}, {12, "SW"}};
    CHECK(by_roll(t, 0) == printed);

    auto text = chart_lines("[14.31] WIND DIRECTION", 11, "2");
    if (text.empty()) {
        WARN("rules file 001 not found beside the repo; checked the transcription only");
        return;
    }
    for (const auto& line : text) {
        CHECK(by_roll(t, 0).at(std::stoi(line[0])) == line[1]);
    }
}

TEST_CASE("tables: 14.32 wind velocity, every roll as printed", "[tables][constantinople]")
{
    const auto& t = table("constantinople.wind-velocity");
    const std::map<int, std::string> printed{{2, "storm"}, {3, "9"},  {4, "2"},  {5, "10"},    {6, "7"},  {7, "8"},
                                             {8, "6"},     {9, "12"}, {10, "4"}, {11, "calm"}, {12, "11"}};
    CHECK(by_roll(t, 0) == printed);
    CHECK(t.find_code("storm")->name == "Storm");
    CHECK(t.find_code("calm")->name == "No Wind");

    auto text = chart_lines("[14.32] WIND VELOCITY", 11, "2");
    if (text.empty()) {
        WARN("rules file 001 not found beside the repo; checked the transcription only");
        return;
    }
    for (const auto& line : text) {
        const std::string cell = by_roll(t, 0).at(std::stoi(line[0]));
        const auto* entry = t.find_code(cell);
        CHECK((entry ? entry->name : cell) == line[1]);
    }
}

TEST_CASE("tables: the small naval checks read as the rules text says", "[tables][constantinople]")
{
    // 14.29: a six eliminates, 1 through 5 back to port.
    CHECK(
        by_roll(table("constantinople.storm"), 0) ==
        std::map<int, std::string>{{1, "port"}, {2, "port"}, {3, "port"}, {4, "port"}, {5, "port"}, {6, "eliminated"}});
    // 15.73: 2 or 12 sunk, 11 damaged.
    auto bombard = by_roll(table("constantinople.bombard"), 0);
    CHECK(bombard.at(2) == "sunk");
    CHECK(bombard.at(12) == "sunk");
    CHECK(bombard.at(11) == "damaged");
    for (int roll = 3; roll <= 10; ++roll) {
        CHECK(bombard.at(roll) == "none");
    }
    // 15.16: the rammed ship frees itself on a 1; the rammer on 1, 2 or 3.
    CHECK(by_roll(table("constantinople.free-rammed"), 0) ==
          std::map<int, std::string>{
              {1, "free"}, {2, "engaged"}, {3, "engaged"}, {4, "engaged"}, {5, "engaged"}, {6, "engaged"}});
    CHECK(by_roll(table("constantinople.free-rammer"), 0) ==
          std::map<int, std::string>{
              {1, "free"}, {2, "free"}, {3, "free"}, {4, "engaged"}, {5, "engaged"}, {6, "engaged"}});
    // 17.22: die plus capability, five or more.
    const auto& portage = table("constantinople.portage");
    CHECK(portage.rows.at(*core::find_row(portage, 4)).cells[0] == "fails");
    CHECK(portage.rows.at(*core::find_row(portage, 5)).cells[0] == "portage");
    CHECK(portage.rows.at(*core::find_row(portage, -3)).cells[0] == "fails");
    CHECK(portage.rows.at(*core::find_row(portage, 14)).cells[0] == "portage");
}

TEST_CASE("tables: the reef hex list as printed under Additions to the Game-Map", "[tables][constantinople]")
{
    const auto& t = table("constantinople.reefs");
    const std::map<std::string, std::string> lists{
        {"2", "3334"},
        {"3", "2234 2133 2132 2131 1119 1018 0124 0114 0113"},
        {"4", "3335 3235 3136 3036 2937 2837 2435 2335 2233 2029 1926 1724 1723 1622 1522 1521 1420 1320 1219 0918 "
              "0818 0718 0617 0517 0315"},
        {"5", "2737 2636 2536 2028 2027 2026 0316"},
    };
    size_t count = 0;
    for (const auto& [number, hexes] : lists) {
        for (const auto& hex : split(hexes, ' ')) {
            INFO("hex " << hex);
            auto row = core::find_row(t, hex);
            REQUIRE(row);
            CHECK(t.rows[*row].cells[0] == number);
            // 15.53's exception: the hexes of 14.29; of those only 2234 is numbered.
            CHECK(t.rows[*row].cells[1] == (hex == "2234" ? "exempt" : "roll"));
            ++count;
        }
    }
    CHECK(t.rows.size() == count);
}
