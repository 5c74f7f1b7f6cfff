// umpire compare (issue 15): requests side by side, each exactly as its own --odds.
#include "../helpers.h"
#include "cli/context.h"
#include "cli/run.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace umpire;

TEST_CASE("compare: two rams side by side, each as 15.42 gives it", "[cli][compare]")
{
    // 15.42: strength 4 against A pins on 1-5 and rolls again, a 5 or 6 sinking: sunk
    // 5/6 x 1/3 = 5/18, pinned 5/6 x 2/3 = 5/9, failed 1/6. Strength 3 against B pins on
    // 1-3 and rolls again: sunk 1/2 x 1/3 = 1/6, pinned 1/3, failed 1/2.
    auto r = test::run_cli({"--json", "compare", "ram --strength 4 --defense A", "ram --strength 3 --defense B"});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc["schema_version"] == 1);
    CHECK(doc["command"] == "compare");
    REQUIRE(doc["requests"].size() == 2);
    auto fraction = [&](size_t request, const std::string& value) {
        for (const auto& line : doc["requests"][request]["odds"]["result"]) {
            if (line["value"] == value) {
                return line["fraction"].get<std::string>();
            }
        }
        return std::string("(none)");
    };
    CHECK(fraction(0, "sunk") == "5/18");
    CHECK(fraction(0, "pinned") == "5/9");
    CHECK(fraction(0, "failed") == "1/6");
    CHECK(fraction(1, "sunk") == "1/6");
    CHECK(fraction(1, "pinned") == "1/3");
    CHECK(fraction(1, "failed") == "1/2");
    CHECK(doc["requests"][1]["request"] == "ram --strength 3 --defense B");

    // each column is exactly the request's own --odds
    for (size_t i = 0; i < 2; ++i) {
        const std::string request = doc["requests"][i]["request"];
        auto alone = test::run_cli(
            {"--json", "ram", "--strength", i == 0 ? "4" : "3", "--defense", i == 0 ? "A" : "B", "--odds"});
        const auto own = nlohmann::json::parse(alone.out);
        CHECK(own["odds"] == doc["requests"][i]["odds"]);
        CHECK(own["expected"] == doc["requests"][i]["expected"]);
    }

    auto text = test::run_cli({"compare", "ram --strength 4 --defense A", "ram --strength 3 --defense B"});
    CHECK(text.code == 0);
    CHECK(text.out.find("  A  ram --strength 4 --defense A  (Constantinople 15.42)\n") != std::string::npos);
    CHECK(text.out.find("  sunk    Sunk         27.78%   16.67%\n") != std::string::npos);
    CHECK(text.out.find("  failed  Ram failed   16.67%   50.00%\n") != std::string::npos);
}

TEST_CASE("compare: a count gets its expected value, and a value one request never reaches reads '-'", "[cli][compare]")
{
    // 2d6: P(2) = 1/36, expected 7; 3d6: P(18) = 1/216, expected 10.5.
    auto r = test::run_cli({"compare", "roll 2d6", "roll 3d6"});
    REQUIRE(r.code == 0);
    // 2d6 never makes 18; 3d6 never makes 2
    CHECK(r.out.find("result            A        B\n  2           2.78%        -\n") != std::string::npos);
    CHECK(r.out.find("  18              -    0.46%\n") != std::string::npos);
    CHECK(r.out.find("  expected     7.00    10.50\n") != std::string::npos);
}

TEST_CASE("compare: what it refuses, naming the request", "[cli][compare]")
{
    auto one = test::run_cli({"compare", "wind"});
    CHECK(one.code == 64);
    CHECK(one.err.find("give 2 to 8 requests") != std::string::npos);
    auto bad = test::run_cli({"compare", "wind", "ram --strength 9 --defense B"});
    CHECK(bad.code == 64);
    CHECK(bad.err.find("compare: request B ('ram --strength 9 --defense B'): --strength") != std::string::npos);
    auto apply = test::run_cli({"compare", "wind", "wind --apply"});
    CHECK(apply.code == 64);
    CHECK(apply.err.find("--apply has no place in a comparison") != std::string::npos);
    auto nested = test::run_cli({"compare", "wind", "compare wind wind"});
    CHECK(nested.code == 64);
    auto unknown = test::run_cli({"compare", "wind", "bogus"});
    CHECK(unknown.code == 64);
    CHECK(unknown.err.find("request B") != std::string::npos);
}

TEST_CASE("compare: with --game each request reads the ships as they stand", "[cli][compare]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-compare-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "siege.toml").string();
    REQUIRE(test::game_with_imperial_damaged(file));  // its ram defense D is halved to B (15.34)
    auto sunk = [](const std::string& out, size_t request) {
        const auto doc = nlohmann::json::parse(out);
        for (const auto& line : doc["requests"][request]["odds"]["result"]) {
            if (line["value"] == "sunk") {
                return line["fraction"].get<std::string>();
            }
        }
        return std::string("0");
    };
    auto game = test::run_cli({"--json", "--game", file, "compare", "ram --rammer Galley-1 --target Imperial-1",
                               "ram --rammer Galley-1 --target Venice"});
    REQUIRE(game.code == 0);
    // 15.42, ram 4 against B: pin on 1-4, then 5-6 sinks: 4/6 x 2/6 = 2/9; Venice (D) cannot sink
    CHECK(sunk(game.out, 0) == "2/9");
    CHECK(sunk(game.out, 1) == "0");
    // without the game Imperial-1 is whole: D, pin on 1-2, never sunk
    auto plain = test::run_cli(
        {"--json", "compare", "ram --rammer Galley-1 --target Imperial-1", "ram --rammer Galley-1 --target Venice"});
    REQUIRE(plain.code == 0);
    CHECK(sunk(plain.out, 0) == "0");
    std::filesystem::remove_all(dir);
}

TEST_CASE("compare: a request's odds are kept for the comparison, not printed and thrown away", "[cli][compare]")
{
    // compare, plan and luck read each request's report; its text (33 MB for 1000d10) was
    // written to a stream nobody read, most of such a request's time.
    const std::vector<std::string> args{"-q", "ram", "--strength", "4", "--defense", "A", "--odds"};
    std::ostringstream out;
    std::ostringstream err;
    const auto kept = cli::run_prepared(args, out, err, {}, [](cli::Context& c) { c.odds_unprinted = true; });
    CHECK(kept.code == 0);
    CHECK(out.str().empty());
    REQUIRE(kept.odds);
    REQUIRE(!kept.odds->dimensions.empty());
    CHECK(kept.odds->dimensions.front().lines.size() == 3);  // sunk, pinned, failed (15.42)
    // the same request printed as ever
    const auto printed = cli::run_prepared(args, out, err, {}, {});
    CHECK(printed.code == 0);
    CHECK(out.str().find("5/18") != std::string::npos);
    REQUIRE(printed.odds);
    CHECK(printed.odds->dimensions.front().lines == kept.odds->dimensions.front().lines);
}

TEST_CASE("compare: values reached by only some requests are merged in order, each request's chance beside",
          "[cli][compare]")
{
    // 1d4+4 reaches 5 to 8, a quarter each; 1d6 reaches 1 to 6, a sixth each. The rows
    // are every value of either, ascending, whichever request reached it first.
    auto r = test::run_cli({"compare", "roll 1d4+4", "roll 1d6"});
    REQUIRE(r.code == 0);
    std::vector<std::string> rows;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        rows.push_back(line);
    }
    const std::vector<std::string> expected{"result            A        B", "  1               -   16.67%",
                                            "  2               -   16.67%", "  3               -   16.67%",
                                            "  4               -   16.67%", "  5          25.00%   16.67%",
                                            "  6          25.00%   16.67%", "  7          25.00%        -",
                                            "  8          25.00%        -", "  expected     6.50     3.50"};
    REQUIRE(rows.size() > 3 + expected.size());
    CHECK(std::vector<std::string>(rows.begin() + 3, rows.begin() + 3 + static_cast<long>(expected.size())) ==
          expected);
}
