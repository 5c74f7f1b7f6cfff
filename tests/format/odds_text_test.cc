// How odds are printed: percents as printf rounds them, chances too small for a double,
// and parts alike printed once and copied (issue 26).
#include "../helpers.h"
#include "format/json.h"
#include "format/text.h"
#include "util/text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <random>

using namespace umpire;

namespace {

std::string printf_percent(double probability)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * probability);
    return buf;
}

// The ways of each total of N dice of SIDES, a die at a time.
std::vector<core::Integer> totals(int n, int sides)
{
    std::vector<core::Integer> ways{1};
    for (int d = 0; d < n; ++d) {
        std::vector<core::Integer> next(ways.size() + static_cast<size_t>(sides) - 1);
        for (size_t i = 0; i < ways.size(); ++i) {
            for (int f = 0; f < sides; ++f) {
                next[i + static_cast<size_t>(f)] += ways[i];
            }
        }
        ways = std::move(next);
    }
    return ways;
}

}  // namespace

TEST_CASE("odds text: a percent is printf's %.2f, halves included", "[format][odds]")
{
    std::mt19937_64 rng(26);
    std::uniform_real_distribution<double> any(0, 1);
    for (int i = 0; i < 200000; ++i) {
        const double p = any(rng);
        if (100.0 * p >= 0.005) {
            REQUIRE(format::percent(p) == printf_percent(p));
        }
    }
    // Hundredths of a percent and the halves between them, where rounding is decided: each
    // k/20000 and its neighbours a few units in the last place away.
    for (int k = 1; k <= 20000; ++k) {
        double p = k / 20000.0;
        for (int step = 0; step < 3; ++step) {
            p = std::nextafter(p, 0.0);
        }
        for (int step = 0; step < 7; ++step, p = std::nextafter(p, 1.0)) {
            INFO("probability " << p);
            REQUIRE(format::percent(p) == (100.0 * p < 0.005 ? "<0.01%" : printf_percent(p)));
        }
    }
    CHECK(format::percent(1.0) == "100.00%");
    CHECK(format::percent(0.0) == "0.00%");
    CHECK(format::percent(0.125) == printf_percent(0.125));  // 12.50%
    CHECK(format::percent(0.00004) == "<0.01%");
}

TEST_CASE("odds text: a chance too small for a double still prints as possible", "[format][odds]")
{
    // 1/10^400 is 0 as a double; it is possible, so "<0.01%", never "0.00%".
    const core::Fraction tiny{core::ratio(1, boost::multiprecision::pow(core::Integer(10), 400))};
    REQUIRE(tiny.value() == 0);
    CHECK(format::percent(tiny) == "<0.01%");
    CHECK(format::percent(core::Fraction{0}) == "0.00%");

    // 400d10 by the whole command: its lowest total (every die a 1) is 1/10^400, and at
    // least its highest too; each prints as possible, with a bar.
    const auto r = test::run_cli({"roll", "400d10", "--odds"});
    REQUIRE(r.code == 0);
    const size_t lowest = r.out.find("\n  400 ");
    REQUIRE(lowest != std::string::npos);
    const std::string first = r.out.substr(lowest + 1, r.out.find('\n', lowest + 1) - lowest - 1);
    CHECK(first.find("<0.01%  at least 100.00%") != std::string::npos);
    CHECK(first.find('#') != std::string::npos);
    const size_t highest = r.out.find("\n  4000 ");
    REQUIRE(highest != std::string::npos);
    const std::string last = r.out.substr(highest + 1, r.out.find('\n', highest + 1) - highest - 1);
    CHECK(last.find("<0.01%  at least  <0.01%") != std::string::npos);
    CHECK(r.out.find(" 0.00%") == std::string::npos);
}

TEST_CASE("odds text and JSON: parts alike print the same lines, each right", "[format][odds]")
{
    // Three 3d6 and a 4d6: each line of each is checked against the ways counted here, in
    // JSON, and in the text, where the second 3d6 (the same lines as the one before it) is
    // named, not printed again, and the third, after the 4d6, is printed in full.
    const auto text = test::run_cli({"roll", "3d6", "3d6", "4d6", "3d6", "--odds"});
    const auto json = test::run_cli({"roll", "3d6", "3d6", "4d6", "3d6", "--odds", "--json"});
    REQUIRE(text.code == 0);
    REQUIRE(json.code == 0);
    const auto three = totals(3, 6);
    const auto four = totals(4, 6);
    const auto doc = nlohmann::json::parse(json.out);
    for (const auto& [name, ways, dice] :
         {std::tuple{"3d6", three, 3}, {"3d6 #2", three, 3}, {"4d6", four, 4}, {"3d6 #3", three, 3}}) {
        INFO(name);
        const auto& lines = doc["odds"][name];
        REQUIRE(lines.size() == ways.size());
        const core::Integer all = boost::multiprecision::pow(core::Integer(6), static_cast<unsigned>(dice));
        for (size_t i = 0; i < ways.size(); ++i) {
            const core::Fraction chance{core::ratio(ways[i], all)};
            CHECK(lines[i]["value"] == std::to_string(dice + static_cast<int>(i)));
            CHECK(lines[i]["fraction"] == chance.text());
            // the same line in the text, under this part's heading (the second 3d6's: the first's)
            const std::string printed = std::string(name) == "3d6 #2" ? "3d6" : name;
            const size_t head = text.out.find("\n" + printed + "  expected");
            REQUIRE(head != std::string::npos);
            const size_t at = text.out.find("\n  " + std::to_string(dice + static_cast<int>(i)) + " ", head);
            REQUIRE(at != std::string::npos);
            const std::string row = text.out.substr(at + 1, text.out.find('\n', at + 1) - at - 1);
            CHECK(row.ends_with("  " + chance.text()));
            CHECK(row.find(format::percent(chance)) != std::string::npos);
        }
    }
    CHECK(text.out.find("\n3d6 #2  the same as 3d6\n4d6  expected") != std::string::npos);
    CHECK(text.out.find("\n3d6 #2  expected") == std::string::npos);
    CHECK(text.out.find("\n3d6 #3  expected") != std::string::npos);
    CHECK(doc["odds"]["3d6"] == doc["odds"]["3d6 #3"]);
    CHECK(doc["expected"]["3d6 #2"]["fraction"] == "21/2");
    CHECK(doc["expected"]["4d6"]["fraction"] == "14/1");
}

TEST_CASE("text: an excerpt is the text whole when short, else its first bytes to a whole character and its size",
          "[util][text]")
{
    CHECK(excerpt("abc", 3) == "abc");
    CHECK(excerpt("abcd", 3) == "abc... (4 bytes)");
    CHECK(excerpt(std::string(500, 'x')).size() == 200 + std::string("... (500 bytes)").size());
    // "\u00e9" is two bytes: a cut inside it goes back to its first
    CHECK(excerpt("a\u00e9b", 2) == "a... (4 bytes)");
    CHECK(excerpt("a\u00e9b", 3) == "a\u00e9... (4 bytes)");
    CHECK(excerpt("\u6f22\u6f22", 4) == "\u6f22... (6 bytes)");
}

TEST_CASE("text: a run of printable ASCII ends where a byte by byte look says", "[util][text]")
{
    std::mt19937_64 rng(1126);
    const std::string bytes = std::string("ab \"\\~\x7f\x1f\n\t") + "\xc2\x9b\xff" + std::string(1, '\0');
    for (int n = 0; n < 20000; ++n) {
        std::string text(rng() % 40, 'x');
        for (auto& c : text) {
            c = rng() % 3 == 0 ? bytes[rng() % bytes.size()] : static_cast<char>('A' + rng() % 26);
        }
        const std::string_view stops = n % 2 == 0 ? std::string_view("\"\\") : std::string_view();
        const size_t from = text.empty() ? 0 : rng() % (text.size() + 1);
        size_t expected = from;
        while (expected < text.size() && static_cast<unsigned char>(text[expected]) >= 0x20 &&
               static_cast<unsigned char>(text[expected]) <= 0x7e && stops.find(text[expected]) == std::string::npos) {
            ++expected;
        }
        INFO("text of " << text.size() << " bytes, from " << from);
        REQUIRE(printable_run(text, from, stops) == expected);
    }
}

TEST_CASE("odds text: fractions past 40 characters are left to JSON, and the text says so", "[format][odds]")
{
    // Nd10's chances run to about 2N digits: somewhere from 15d10 to 22d10 a table's longest
    // fraction passes 40 characters. Each table prints its fractions exactly when all of
    // them (as JSON gives them) are 40 characters or fewer; a note says when one did not.
    const std::string note =
        "note: exact fractions of more than 40 characters are not printed here; --json gives every one";
    bool printed = false;
    bool left_out = false;
    for (int n = 15; n <= 22; ++n) {
        const std::string expr = std::to_string(n) + "d10";
        INFO(expr);
        const auto text = test::run_cli({"roll", "3d6", expr, "--odds"});
        const auto json = test::run_cli({"roll", "3d6", expr, "--odds", "--json"});
        REQUIRE(text.code == 0);
        REQUIRE(json.code == 0);
        const auto doc = nlohmann::json::parse(json.out);
        size_t longest = 0;
        for (const auto& line : doc["odds"][expr]) {
            longest = std::max(longest, line["fraction"].get<std::string>().size());
        }
        const bool readable = longest <= 40;
        (readable ? printed : left_out) = true;
        // 3d6's rows end in their fractions whatever the other table does
        CHECK(text.out.find("  18  ") != std::string::npos);
        CHECK(text.out.find("0.46%  at least   0.46%  1/216\n") != std::string::npos);
        // the lowest total of N dice, every die a 1: 1/10^N
        const std::string lowest = "1/1" + std::string(static_cast<size_t>(n), '0');
        const size_t head = text.out.find("\n" + expr + "  expected");
        REQUIRE(head != std::string::npos);
        const size_t row = text.out.find("\n  " + std::to_string(n) + " ", head);
        REQUIRE(row != std::string::npos);
        const std::string first = text.out.substr(row + 1, text.out.find('\n', row + 1) - row - 1);
        CHECK(first.ends_with(readable ? "  " + lowest : "%"));
        // no fraction of this table anywhere in the text when it is left out
        const std::string middle = doc["odds"][expr][static_cast<size_t>(4 * n)]["fraction"];
        CHECK((text.out.find(middle) != std::string::npos) == readable);
        // the total of 3d6 and Nd10 has longer fractions still: the note is there whenever
        // Nd10's were left out
        if (!readable) {
            CHECK(text.out.find(note) != std::string::npos);
        }
    }
    CHECK(printed);
    CHECK(left_out);
    // A table of short fractions alone has no note.
    const auto small = test::run_cli({"roll", "3d6", "--odds"});
    CHECK(small.out.find("not printed") == std::string::npos);
}
