// The standard deviation beside the mean in --odds (issue 29, part 5): the variance exact,
// E[X^2] - E[X]^2 over the branches that report the count, and its square root.
#include "../helpers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using umpire::test::contains;
using umpire::test::run_cli;

namespace {

nlohmann::json expected_of(const std::vector<std::string>& request)
{
    std::vector<std::string> args{"--json"};
    args.insert(args.end(), request.begin(), request.end());
    args.emplace_back("--odds");
    const auto r = run_cli(args);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out)["expected"];
}

}  // namespace

TEST_CASE("odds: a total's variance and standard deviation, exact, beside its mean", "[cli][odds][spread]")
{
    // A die of S sides has variance (S^2 - 1)/12; independent dice add theirs.
    struct Case {
        std::vector<std::string> request;
        const char* dimension;
        const char* variance;
    };
    const Case cases[] = {
        {{"roll", "2d6"}, "result", "35/6"},           // 2 x 35/12
        {{"roll", "3d6"}, "result", "35/4"},           // 3 x 35/12
        {{"roll", "d20"}, "result", "133/4"},          // 399/12
        {{"roll", "d100"}, "result", "3333/4"},        // 9999/12
        {{"roll", "2d6+5"}, "result", "35/6"},         // a modifier moves the mean, not the spread
        {{"roll", "2d6", "d20"}, "result", "469/12"},  // the sum of two: 70/12 + 399/12
        // 14.7: four stands rallying on 8 or less of a d10: binomial, 4 x 0.8 x 0.2 = 16/25
        {{"rally", "--quality", "average", "--suppressed", "4"}, "result.rallied", "16/25"},
    };
    for (const auto& c : cases) {
        INFO(c.request.front() + " " + c.request.back());
        const auto e = expected_of(c.request)[c.dimension];
        CHECK(e["variance"] == c.variance);
        long long n = 0;
        long long d = 1;
        std::sscanf(c.variance, "%lld/%lld", &n, &d);
        CHECK(e["sd"].get<double>() == Approx(std::sqrt(static_cast<double>(n) / static_cast<double>(d))));
    }
    // The text says it beside the mean.
    const auto text = run_cli({"roll", "2d6", "--odds"});
    CHECK(contains(text.out, "result  expected 7.00, sd 2.42\n"));
}
