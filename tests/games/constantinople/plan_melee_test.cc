// umpire plan melee (issue 15): the splits it lists against 15.24 written out here, and
// every chance and ranking against a brute force over every die of the whole exchange
// (melee with --exchange and that split, each sequence of dice scripted).
#include "../../helpers.h"
#include "games/constantinople/constantinople.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace umpire;

namespace {

// 15.41's results, least severe first: No effect, Ineffective, Damaged, Lose one.
int severity(const std::string& code)
{
    static const std::map<std::string, int> order{{"-", 0}, {"I", 1}, {"D", 2}, {"L", 3}};
    return order.at(code);
}

// 15.24 as the text words it, for a ship of STRENGTH beside enemies of DEFENSES.
std::set<std::vector<int>> splits_by_the_text(int strength, const std::vector<int>& defenses)
{
    const size_t n = defenses.size();
    std::set<std::vector<int>> out;
    if (n == 1) {
        out.insert({strength});  // "when ... adjacent to a sole Enemy ship it always uses its maximum strength"
        return out;
    }
    std::vector<int> split(n, 0);
    // every vector of 0..strength, kept when it is a split the case allows
    std::function<void(size_t)> each = [&](size_t i) {
        if (i == n) {
            int sum = 0;
            for (int p : split) {
                sum += p;
            }
            if (sum != strength) {
                return;
            }
            bool ok = true;
            if (static_cast<int>(n) > strength) {
                // "must attack the strongest ship(s) at 0 and the rest at 1"
                for (size_t a = 0; a < n; ++a) {
                    ok = ok && (split[a] == 0 || split[a] == 1);
                    for (size_t b = 0; b < n; ++b) {
                        ok = ok && !(split[a] == 0 && split[b] == 1 && defenses[b] > defenses[a]);
                    }
                }
            } else {
                // all of them, none at a differential below -3
                for (size_t a = 0; a < n; ++a) {
                    ok = ok && split[a] >= 1 && split[a] - defenses[a] >= -3;
                }
            }
            if (ok) {
                out.insert(split);
            }
            return;
        }
        for (int p = 0; p <= strength; ++p) {
            split[i] = p;
            each(i + 1);
        }
    };
    each(0);
    return out;
}

// Counts over every sequence of the exchange's dice (6^(enemies + 1) of them).
struct Brute {
    long long total = 0;
    std::vector<std::map<std::string, long long>> codes;  // per enemy
    long long any_loss = 0;
    long long strongest_damaged = 0;
    std::array<long long, 4> expected{};  // results of each severity, summed over the sequences
};

Brute brute_force(int strength, const std::vector<int>& defenses, const std::vector<int>& split, bool boom)
{
    core::MeleeRequest q;
    for (int d : defenses) {
        q.attackers.push_back(core::Ship{"", "", d, 0, 0, false, false});
    }
    q.defender = core::Ship{"", "", strength, 0, 0, false, false};
    q.exchange = true;
    q.boom = boom;
    if (defenses.size() > 1) {
        q.split = split;
    }
    const int strongest = *std::max_element(defenses.begin(), defenses.end());
    Brute b;
    b.codes.resize(defenses.size());
    const size_t dice = defenses.size() + 1;
    std::vector<int> rolls(dice, 1);
    while (true) {
        test::Scripted s(rolls);
        core::Resolution r = core::resolve_melee(test::table("constantinople.melee"), q, s.dice);
        REQUIRE(r.results.size() == dice);
        ++b.total;
        bool loss = false;
        bool damaged = false;
        for (size_t e = 0; e < defenses.size(); ++e) {
            const std::string& code = r.results[e + 1].code;  // results[0] is the enemies' attack on the ship
            ++b.codes[e][code];
            ++b.expected[static_cast<size_t>(severity(code))];
            loss = loss || code == "L";
            damaged = damaged || (defenses[e] == strongest && severity(code) >= 2);
        }
        b.any_loss += loss ? 1 : 0;
        b.strongest_damaged += damaged ? 1 : 0;
        size_t i = 0;
        while (i < dice && rolls[i] == 6) {
            rolls[i++] = 1;
        }
        if (i == dice) {
            break;
        }
        ++rolls[i];
    }
    return b;
}

// "a/b" is exactly COUNT out of TOTAL.
bool same(const nlohmann::json& fraction, long long count, long long total)
{
    const std::string text = fraction.get<std::string>();
    const size_t slash = text.find('/');
    const long long a = std::stoll(text.substr(0, slash));
    const long long b = std::stoll(text.substr(slash + 1));
    return a * total == count * b;
}

void check_plan(int strength, const std::vector<int>& defenses, bool boom = false)
{
    // Their defense as melee reads it: the Boom adds one (15.63).
    std::vector<int> defended;
    for (int d : defenses) {
        defended.push_back(d + (boom ? 1 : 0));
    }
    const std::set<std::vector<int>> legal = splits_by_the_text(strength, defended);
    std::map<std::vector<int>, Brute> walked;  // a split's brute force, the same for every objective
    for (const std::string objective : {"expected", "any-loss", "strongest"}) {
        std::vector<std::string> args{"--json", "plan", "melee",       "--ship", std::to_string(strength),
                                      "--top",  "0",    "--objective", objective};
        for (int d : defenses) {
            args.insert(args.end(), {"--enemy", std::to_string(d)});
        }
        if (boom) {
            args.emplace_back("--boom");
        }
        auto r = test::run_cli(args);
        INFO(objective << " " << strength << (boom ? " boom" : ""));
        REQUIRE(r.code == 0);
        const auto doc = nlohmann::json::parse(r.out);
        const auto& splits = doc["splits"];
        CHECK(doc["legal_splits"] == legal.size());
        std::set<std::vector<int>> listed;
        // the key each split ranks by, from the brute force, best first when larger
        std::vector<std::tuple<double, double, double, double>> keys;
        for (const auto& s : splits) {
            const std::vector<int> points = s["points"].get<std::vector<int>>();
            listed.insert(points);
            if (!walked.count(points)) {
                walked[points] = brute_force(strength, defenses, points, boom);
            }
            const Brute& b = walked.at(points);
            INFO("split " << s["points"].dump());
            for (size_t e = 0; e < defenses.size(); ++e) {
                const auto& target = s["targets"][e];
                CHECK(target["differential"] == points[e] - defended[e]);
                long long listed_total = 0;
                for (const auto& line : target["odds"]) {
                    const long long count = b.codes[e].count(line["value"]) ? b.codes[e].at(line["value"]) : 0;
                    CHECK(same(line["fraction"], count, b.total));
                    listed_total += count;
                }
                CHECK(listed_total == b.total);  // every result reached is listed
            }
            CHECK(same(s["any_loss"]["fraction"], b.any_loss, b.total));
            CHECK(same(s["strongest_damaged"]["fraction"], b.strongest_damaged, b.total));
            CHECK(same(s["expected"]["severe"]["fraction"], b.expected[3], b.total));
            CHECK(same(s["expected"]["heavy"]["fraction"], b.expected[2], b.total));
            CHECK(same(s["expected"]["light"]["fraction"], b.expected[1], b.total));
            const double t = static_cast<double>(b.total);
            const double first = objective == std::string("any-loss")    ? static_cast<double>(b.any_loss) / t
                                 : objective == std::string("strongest") ? static_cast<double>(b.strongest_damaged) / t
                                                                         : 0.0;
            keys.emplace_back(first, static_cast<double>(b.expected[3]) / t, static_cast<double>(b.expected[2]) / t,
                              static_cast<double>(b.expected[1]) / t);
        }
        CHECK(listed == legal);
        // --top N keeps the first N of the whole ranking, ranks and all
        std::vector<std::string> top = args;
        top[6] = "3";
        REQUIRE(top[5] == "--top");
        auto some = test::run_cli(top);
        REQUIRE(some.code == 0);
        const auto best = nlohmann::json::parse(some.out);
        CHECK(best["legal_splits"] == legal.size());
        REQUIRE(best["splits"].size() == std::min<size_t>(3, legal.size()));
        for (size_t i = 0; i < best["splits"].size(); ++i) {
            CHECK(best["splits"][i]["points"] == splits[i]["points"]);
            CHECK(best["splits"][i]["rank"] == splits[i]["rank"]);
        }
        // best first; equal keys share a rank, and a rank is one more than the splits before it
        for (size_t i = 1; i < keys.size(); ++i) {
            CHECK(keys[i - 1] >= keys[i]);
            CHECK(splits[i]["rank"] == (keys[i - 1] == keys[i] ? splits[i - 1]["rank"].get<int>() : int(i) + 1));
        }
    }
}

}  // namespace

TEST_CASE("plan melee: 15.24's example is among the splits, with the text's differentials", "[cli][plan]")
{
    // A galley of 8 beside ships of 5, 3 and 2: two points on the 5 at -3, one on the 3 at
    // -2, five on the 2 at +3 (15.24). On 15.41's +3 column a 1 is I, 2-4 D, 5-6 L.
    auto r = test::run_cli({"plan", "melee", "--ship", "8", "--enemy", "5", "--enemy", "3", "--enemy", "2"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("\n1. 2, 1, 5  (differentials -3, -2, +3)\n") != std::string::npos);
    CHECK(r.out.find("     5 on enemy 3 at +3:  I 16.67%  D 50.00%  L 33.33%\n") != std::string::npos);
    CHECK(r.out.find("     1 on enemy 2 at -2:  - 83.33%  I 16.67%\n") != std::string::npos);
    // a >= 2, b >= 1, c >= 1 with 8 points: 4 more over 3 ships, C(6, 2) = 15 ways
    CHECK(r.out.find("  15 legal splits:") != std::string::npos);
    CHECK(r.out.find("5 more splits not shown: --top 0 shows all") != std::string::npos);
}

TEST_CASE("plan melee: every split and every chance against a brute force over the dice", "[cli][plan]")
{
    check_plan(8, {5, 3, 2});     // 15.24's example
    check_plan(2, {5, 3, 2});     // fewer points than enemies: the 5 at 0, the rest at 1
    check_plan(2, {5, 5, 2});     // two strongest: either takes the 0
    check_plan(6, {4, 4, 1, 1});  // four enemies, two tied strongest
    check_plan(7, {6, 2}, true);  // the Boom: each defense +1
    check_plan(5, {3});           // a sole enemy: all the strength
    check_plan(8, {12, 3});       // the -3 floor out of reach: no split
}

TEST_CASE("plan melee: ships read from the scenario and the game, refusals", "[cli][plan]")
{
    // Genoa (melee 8) beside Galley-1 (4) and Trireme-2's back (2).
    auto named = test::run_cli({"--json", "plan", "melee", "--ship", "Genoa", "--enemy", "Galley-1", "--enemy",
                                "Trireme-2:back", "--top", "0"});
    REQUIRE(named.code == 0);
    const auto doc = nlohmann::json::parse(named.out);
    CHECK(doc["ship"]["strength"] == 8);
    CHECK(doc["enemies"][0]["defense"] == 4);
    CHECK(doc["enemies"][1]["defense"] == 2);
    CHECK(doc["legal_splits"] == splits_by_the_text(8, {4, 2}).size());

    // A leader aboard adds one on defense only (15.26): Genoa defends at 9, so Galley-1's 4
    // cannot reach -3 on it and on Venice (7) both: it attacks neither.
    auto none = test::run_cli({"plan", "melee", "--ship", "Galley-1", "--enemy", "Genoa:leader", "--enemy", "Venice"});
    REQUIRE(none.code == 0);
    CHECK(none.out.find("the least it could give is 10 points (6 on Genoa, 4 on Venice), more than its 4; Galley-1 "
                        "attacks none of them") != std::string::npos);

    // With a game file each ship is read as it stands: Imperial-1 (6) Damaged by a melee D
    // (15.34), its melee halved under --damaged-reading chart (the 15.41 legend), whole under case.
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-plan-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "siege.toml").string();
    REQUIRE(test::game_with_imperial_damaged(file));
    for (const std::string reading : {"chart", "case"}) {
        auto game = test::run_cli({"--json", "--game", file, "plan", "melee", "--ship", "Imperial-1", "--enemy",
                                   "Galley-1", "--enemy", "Galley-3", "--damaged-reading", reading, "--top", "0"});
        REQUIRE(game.code == 0);
        const auto planned = nlohmann::json::parse(game.out);
        const int strength = reading == "chart" ? 3 : 6;
        CHECK(planned["ship"]["strength"] == strength);
        CHECK(planned["legal_splits"] == splits_by_the_text(strength, {4, 4}).size());
    }
    std::filesystem::remove_all(dir);

    auto five = test::run_cli({"plan", "melee", "--ship", "8", "--enemy", "1", "--enemy", "1", "--enemy", "1",
                               "--enemy", "1", "--enemy", "1"});
    CHECK(five.code == 64);
    CHECK(five.err.find("--enemy: 5 given; a ship melees at most four") != std::string::npos);
    auto friends = test::run_cli({"plan", "melee", "--ship", "Genoa", "--enemy", "Venice"});
    CHECK(friends.code == 64);
    CHECK(friends.err.find("both byzantine ships") != std::string::npos);
    auto top = test::run_cli({"plan", "melee", "--ship", "8", "--enemy", "5", "--top", "-2"});
    CHECK(top.code == 64);
    CHECK(top.err.find("--top -2: give how many splits to show") != std::string::npos);
    auto objective = test::run_cli({"plan", "melee", "--ship", "8", "--enemy", "5", "--objective", "best"});
    CHECK(objective.code == 64);
    CHECK(objective.err.find("--objective") != std::string::npos);
}

// The split a referee picks from the plan is applied by its number (issue 24): melee
// --split-plan N is melee --split with the points plan melee lists as N, the same dice.
// 15.24's example (8 against 5, 3 and 2, split 2,1,5) is the first split the plan lists.
TEST_CASE("melee --split-plan N applies the split plan melee lists as N (15.24)", "[cli][plan]")
{
    const std::vector<std::string> ships{"--attacker", "5", "--attacker", "3", "--attacker", "2", "--defender", "8"};
    auto plan = test::run_cli({"--json", "plan", "melee", "--ship", "8", "--enemy", "5", "--enemy", "3", "--enemy", "2",
                               "--objective", "strongest", "--top", "0"});
    REQUIRE(plan.code == 0);
    const auto splits = nlohmann::json::parse(plan.out)["splits"];
    REQUIRE(splits.size() == 15);
    for (size_t n = 1; n <= splits.size(); ++n) {
        CAPTURE(n);
        CHECK(splits[n - 1]["number"] == n);  // numbered in the order listed
        std::vector<std::string> points;
        for (const auto& p : splits[n - 1]["points"]) {
            points.push_back(std::to_string(p.get<int>()));
        }
        std::vector<std::string> by_points{"--json", "melee"};
        by_points.insert(by_points.end(), ships.begin(), ships.end());
        by_points.insert(by_points.end(),
                         {"--exchange", "--roll", "4,5,6,2", "--split", points[0] + "," + points[1] + "," + points[2]});
        std::vector<std::string> by_number{"--json", "melee"};
        by_number.insert(by_number.end(), ships.begin(), ships.end());
        by_number.insert(by_number.end(), {"--exchange", "--roll", "4,5,6,2", "--split-plan", std::to_string(n),
                                           "--objective", "strongest"});
        auto a = nlohmann::json::parse(test::run_cli(by_points).out);
        auto b = nlohmann::json::parse(test::run_cli(by_number).out);
        CHECK(a["results"] == b["results"]);
        CHECK(b["inputs"]["split"] == points[0] + "," + points[1] + "," + points[2]);
        CHECK(b["inputs"]["split_plan"] == n);
    }
    auto first = test::run_cli(
        {"--json", "plan", "melee", "--ship", "8", "--enemy", "5", "--enemy", "3", "--enemy", "2", "--top", "1"});
    CHECK(nlohmann::json::parse(first.out)["splits"][0]["points"] == nlohmann::json::array({2, 1, 5}));

    std::vector<std::string> base{"melee"};
    base.insert(base.end(), ships.begin(), ships.end());
    auto with = [&](std::vector<std::string> more) {
        auto args = base;
        args.insert(args.end(), more.begin(), more.end());
        return test::run_cli(args);
    };
    auto past = with({"--exchange", "--split-plan", "16"});
    CHECK(past.code == 64);
    CHECK_THAT(past.err, Catch::Contains("--split-plan 16: plan melee lists 15 legal splits of 8 points"));
    CHECK(with({"--exchange", "--split-plan", "0"}).code == 64);
    auto alone = with({"--split-plan", "1"});
    CHECK(alone.code == 64);
    CHECK_THAT(alone.err, Catch::Contains("with --exchange (15.24)"));
    CHECK(with({"--exchange", "--split-plan", "1", "--split", "2,1,5"}).code == 64);
    auto objective = with({"--exchange", "--split", "2,1,5", "--objective", "strongest"});
    CHECK(objective.code == 64);
    CHECK_THAT(objective.err, Catch::Contains("--objective goes with --split-plan"));
}

// A ship named twice is one ship, not two attackers (15.24); each refusal names the flag
// the request typed. It was an internal error under --odds (the two attacks' odds could
// not be told apart) and two attacks in a plain melee.
TEST_CASE("melee and plan melee: a ship named twice is refused, by the flag typed", "[cli][plan]")
{
    const std::vector<std::vector<std::string>> twice{
        {"melee", "--attacker", "Galley-1", "--attacker", "Galley-1:back", "--defender", "Genoa"},
        {"melee", "--attacker", "Galley-1", "--attacker", "Galley-1", "--defender", "Genoa", "--exchange", "--split",
         "4,4", "--odds"},
        {"melee", "--attacker", "Galley-1", "--attacker", "Galley-1", "--defender", "Genoa", "--exchange",
         "--split-plan", "1"},
    };
    for (const auto& args : twice) {
        auto r = test::run_cli(args);
        CHECK(r.code == 64);
        CHECK_THAT(r.err, Catch::Contains("--attacker Galley-1 is given twice; each ship melees once"));
    }
    auto plan = test::run_cli({"plan", "melee", "--ship", "Genoa", "--enemy", "Galley-1", "--enemy", "Galley-1"});
    CHECK(plan.code == 64);
    CHECK_THAT(plan.err, Catch::Contains("--enemy Galley-1 is given twice"));
    // Ships typed as numbers are not named: two ships of strength 3 are two ships.
    CHECK(test::run_cli({"melee", "--attacker", "3", "--attacker", "3", "--defender", "6", "--exchange", "--split",
                         "3,3", "--roll", "1,2,3"})
              .code == 0);

    // melee --split-plan reads the ships as plan melee does, and names melee's own flags.
    auto friends = test::run_cli({"melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Galley-3",
                                  "--exchange", "--split-plan", "1"});
    CHECK(friends.code == 64);
    CHECK_THAT(friends.err, Catch::Contains("--attacker Galley-1 and --defender Galley-3 are both ottoman ships"));
    auto five = test::run_cli({"melee", "--attacker", "1", "--attacker", "1", "--attacker", "1", "--attacker", "1",
                               "--attacker", "1", "--defender", "8", "--exchange", "--split-plan", "1"});
    CHECK(five.code == 64);
    CHECK_THAT(five.err, Catch::Contains("--attacker: 5 given"));
    CHECK(five.err.find("--enemy") == std::string::npos);
    auto unknown = test::run_cli({"melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Bogus",
                                  "--exchange", "--split-plan", "1"});
    CHECK(unknown.code == 64);
    CHECK_THAT(unknown.err, Catch::Contains("--defender 'Bogus'"));
}

// "As many as four Friendly ships may attack an Enemy vessel" (15.24), the attacker adding
// "the Melee strengths of all his attacking units" (15.23): an Ottoman and a Byzantine ship are
// never one melee's attackers, nor one ship's adjacent enemies, whatever the defender is typed as.
TEST_CASE("melee and plan melee: ships of both sides are never one side's, by the flag typed", "[cli][plan]")
{
    const std::vector<std::vector<std::string>> mixed{
        {"melee", "--attacker", "Galley-1", "--attacker", "Genoa-2", "--defender", "3", "--roll", "1"},
        {"melee", "--attacker", "Galley-1", "--attacker", "Genoa-2", "--defender", "3", "--exchange", "--split", "1,2",
         "--roll", "1,1,1"},
        {"melee", "--attacker", "Galley-1", "--attacker", "Genoa-2", "--defender", "3", "--exchange", "--split-plan",
         "1", "--roll", "1,1,1"},
        {"melee", "--attacker", "Galley-1", "--attacker", "Genoa-2", "--defender", "3", "--odds"},
    };
    for (const auto& args : mixed) {
        CAPTURE(args);
        auto r = test::run_cli(args);
        CHECK(r.code == 64);
        CHECK_THAT(r.err, Catch::Contains("--attacker Galley-1 is ottoman and --attacker Genoa-2 is byzantine"));
        CHECK_THAT(r.err, Catch::Contains("(15.24)"));
    }
    auto plan = test::run_cli({"plan", "melee", "--ship", "5", "--enemy", "Galley-1", "--enemy", "Genoa-2"});
    CHECK(plan.code == 64);
    CHECK_THAT(plan.err, Catch::Contains("--enemy Galley-1 is ottoman and --enemy Genoa-2 is byzantine"));

    // With a game file too; ships of one side, or typed as numbers, are still summed (15.23).
    test::TempDir dir("mixed-sides");
    const std::string file = dir / "siege.toml";
    REQUIRE(test::run_cli({"game", "new", "constantinople", file}).code == 0);
    auto game =
        test::run_cli({"--game", file, "melee", "--attacker", "Galley-1", "--attacker", "Venice", "--defender", "3"});
    CHECK(game.code == 64);
    CHECK_THAT(game.err, Catch::Contains("--attacker Galley-1 is ottoman and --attacker Venice is byzantine"));
    CHECK(test::run_cli({"melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "3", "--roll", "1"})
              .code == 0);
    CHECK(
        test::run_cli({"melee", "--attacker", "Galley-1", "--attacker", "7", "--defender", "3", "--roll", "1"}).code ==
        0);
}

// A 3 beside a 5, a 3 and a 2 must attack all of them or none, none below -3 (15.24): the 5
// needs 2 points and the others 1 each, 4 in all, more than its 3, so it attacks none of
// them and has no attack back for --exchange to resolve, whether asked for by --split, by
// --split-plan or by neither.
TEST_CASE("melee --exchange: a defender with no legal split has no attack back (15.24)", "[cli][plan]")
{
    const std::vector<std::string> melee{"melee",      "--attacker", "5",          "--attacker", "3",
                                         "--attacker", "2",          "--defender", "3",          "--exchange"};
    const std::string why = "--exchange: the defender has no legal attack back on its 3 attackers (15.24): attacking "
                            "all of them, at least 1 point each and no differential below -3, takes 4 points (2 on "
                            "attacker 1, 1 on attacker 2, 1 on attacker 3), more than its melee strength 3, so it "
                            "attacks none of them; resolve the melee without --exchange";
    for (const std::vector<std::string> more :
         {std::vector<std::string>{"--roll", "1"}, {"--split-plan", "1", "--roll", "1"}, {"--split", "1,1,1"}}) {
        auto args = melee;
        args.insert(args.end(), more.begin(), more.end());
        CAPTURE(args);
        auto r = test::run_cli(args);
        CHECK(r.code == 64);
        CHECK(r.err == "umpire: error: " + why + "\n");
    }
    // plan melee agrees: no legal split, the same 4 points.
    auto plan = test::run_cli({"plan", "melee", "--ship", "3", "--enemy", "5", "--enemy", "3", "--enemy", "2"});
    CHECK(plan.code == 0);
    CHECK_THAT(plan.out, Catch::Contains("the least it could give is 4 points (2 on enemy 1, 1 on enemy 2, 1 on enemy "
                                         "3), more than its 3"));
    // Without --exchange the three attack it as one (15.23): 10 against 3.
    auto one = melee;
    one.pop_back();
    one.insert(one.end(), {"--roll", "1"});
    CHECK(test::run_cli(one).code == 0);
}
