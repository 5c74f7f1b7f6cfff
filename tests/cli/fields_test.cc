// Core and load name request fields; cli/fields.cc maps them to flags.
#include "../helpers.h"
#include "cli/fields.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace umpire;

namespace {

std::string read_source(const std::filesystem::path& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The files of LAYER; for core, each game's rules too (src/games/GAME, all but its cmd_*.cc).
std::vector<std::filesystem::path> sources_of(const char* layer)
{
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/src/" + layer)) {
        out.push_back(entry.path());
    }
    if (std::string_view(layer) == "core") {
        for (const auto& entry :
             std::filesystem::recursive_directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/src/games")) {
            if (entry.is_regular_file() && !entry.path().filename().string().starts_with("cmd_")) {
                out.push_back(entry.path());
            }
        }
    }
    REQUIRE(!out.empty());
    return out;
}

}  // namespace

TEST_CASE("fields: no file of core or load names a command-line flag", "[cli][fields]")
{
    // A flag is two dashes and a lower-case word ("--split"); "--depth" is C++.
    const std::regex flag(R"((^|[^A-Za-z0-9_-])--[a-z][a-z-]*[a-z])");
    for (const char* layer : {"core", "load"}) {
        for (const auto& path : sources_of(layer)) {
            std::istringstream lines(read_source(path));
            int number = 0;
            for (std::string line; std::getline(lines, line);) {
                ++number;
                std::smatch m;
                const bool names_flag = std::regex_search(line, m, flag) && line.find("--depth") == std::string::npos;
                INFO(path.filename().string() << ":" << number << ": " << line);
                CHECK_FALSE(names_flag);
            }
        }
    }
}

TEST_CASE("fields: every {field} core and load name has a flag in the table", "[cli][fields]")
{
    const auto known = cli::known_fields();
    // A field in a string literal: "{split}: ..." or "{" + side.name + "_stands}".
    const std::regex literal(R"("(?:[^"\\]|\\.)*")");
    const std::regex field(R"(\{([a-z_]+)(\}|"))");
    std::set<std::string> seen;
    for (const char* layer : {"core", "load"}) {
        for (const auto& path : sources_of(layer)) {
            const std::string text = read_source(path);
            for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) {
                const std::string lit = it->str();
                for (std::sregex_iterator f(lit.begin(), lit.end(), field); f != end; ++f) {
                    seen.insert((*f)[1]);
                }
            }
        }
    }
    // Close combat builds "{attacker_stands}" from the side's name, and "{attacker_unit}" for
    // require_stand_left.
    seen.insert({"attacker_stands", "defender_stands", "attacker_suppressed", "defender_suppressed",
                 "attacker_rally_number", "defender_rally_number", "attacker_unit", "defender_unit"});
    REQUIRE(seen.size() > 40);
    for (const auto& name : seen) {
        INFO(name);
        CHECK(std::find(known.begin(), known.end(), name) != known.end());
    }
}

TEST_CASE("fields: a field renders as the spelling typed, unknown words stay", "[cli][fields]")
{
    CHECK(cli::render_fields("{split}: the points add up to 9", {}) == "--split: the points add up to 9");
    CHECK(cli::render_fields("{target} 'X': no ship", {"ram", "--rammer", "A", "--target", "X"}) ==
          "--target 'X': no ship");
    CHECK(cli::render_fields("{target} 'X': no ship", {"ram", "--strength", "2", "--defense=X"}) ==
          "--defense 'X': no ship");
    CHECK(cli::render_fields("{row}: no row 'jul40'", {}, {{"row", "--month"}}) == "--month: no row 'jul40'");
    CHECK(cli::render_fields("no ship '{nosuch}' in {", {}) == "no ship '{nosuch}' in {");
}

TEST_CASE("fields: an error names the flag the command takes, not the lookup's", "[cli][fields]")
{
    auto month = test::run_cli({"weather", "--game", "russian-portfolio", "--month", "jul40"});
    CHECK(month.code == 64);
    CHECK(month.err.rfind("umpire: error: --month 'jul40': allowed jun41", 0) == 0);
    auto limits = test::run_cli({"weather", "--game", "black-sea", "--weather", "hurricane"});
    CHECK(limits.err.rfind("umpire: error: --weather 'hurricane': allowed fair, mist, squall, storm, gale", 0) == 0);
    auto quality = test::run_cli({"command-roll", "--quality", "veteran"});
    CHECK(quality.err.rfind("umpire: error: --quality: no column 'veteran'", 0) == 0);
    auto stands = test::run_cli({"close-combat", "--attacker-stands", "101", "--attacker-rally-number", "8",
                                 "--defender-stands", "2", "--defender-rally-number", "8"});
    CHECK(stands.err == "umpire: error: --attacker-stands is 101; allowed 1 to 100\n");
}
