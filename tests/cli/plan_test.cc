// umpire plan crt (issue 15): the thresholds it reports against a brute force over every
// attack, each column's odds against crt's own --odds.
#include "../helpers.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace umpire;
using test::contains;

namespace {

// The column crt reads ATTACK against DEFENSE on, with EXTRA options, run on its own.
std::string column_alone(int attack, int defense, const std::vector<std::string>& extra = {})
{
    std::vector<std::string> args{
        "--json", "-q", "crt", "--attack", std::to_string(attack), "--defense", std::to_string(defense), "--roll", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = test::run_cli(args);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out)["result"]["column"];
}

}  // namespace

TEST_CASE("plan crt: the next two columns are the first attacks a brute force finds moving the column", "[cli][plan]")
{
    // XIII.B.3: 5 to 3 is 3:2 (the nearest column no greater); 6 to 3 is 2:1, 9 to 3 is 3:1.
    auto text = test::run_cli({"plan", "crt", "--attack", "5", "--defense", "3"});
    REQUIRE(text.code == 0);
    CHECK(text.out.find("  now: attack 5 is read on 3:2\n") != std::string::npos);
    CHECK(text.out.find("  +1 attack factor (6) reaches 2:1\n") != std::string::npos);
    CHECK(text.out.find("  +4 attack factors (9) reach 3:1\n") != std::string::npos);
    // --brief: those lines alone; it was copied into each request laid side by side (hunt48 F8).
    auto brief = test::run_cli({"plan", "crt", "--attack", "5", "--defense", "3", "--brief"});
    REQUIRE(brief.code == 0);
    CHECK(brief.out == "Plan: a Russian Portfolio attack (XIII.B-C)\n  now: attack 5 is read on 3:2\n"
                       "  +1 attack factor (6) reaches 2:1\n  +4 attack factors (9) reach 3:1\n");

    const std::vector<std::vector<std::string>> cases{{}, {"--dispersed"}, {"--river", "all", "--side", "axis"}};
    const std::vector<int> defenses{2, 3, 7};
    for (const auto& extra : cases) {
        for (int defense : defenses) {
            for (int attack : {1, 4, 5, 11, 18, 20}) {
                std::vector<std::string> args{
                    "--json", "plan", "crt", "--attack", std::to_string(attack), "--defense", std::to_string(defense)};
                args.insert(args.end(), extra.begin(), extra.end());
                auto r = test::run_cli(args);
                INFO(attack << " against " << defense << " " << (extra.empty() ? "" : extra.front()));
                if (r.code != 0) {
                    // below 1:4 crt refuses the attack, and so does the plan
                    CHECK(r.code == 64);
                    CHECK(r.err.find("1:4") != std::string::npos);
                    continue;
                }
                const auto doc = nlohmann::json::parse(r.out);
                const auto& columns = doc["columns"];
                REQUIRE(columns.size() >= 1);
                CHECK(columns[0]["column"] == column_alone(attack, defense, extra));
                // brute force: every attack upward, the first two where the column moves
                std::vector<std::pair<int, std::string>> moves;
                std::string last = column_alone(attack, defense, extra);
                for (int a = attack + 1; a <= 11 * defense + 1 && moves.size() < 2; ++a) {
                    const std::string c = column_alone(a, defense, extra);
                    if (c != last) {
                        moves.emplace_back(a, c);
                        last = c;
                    }
                }
                REQUIRE(columns.size() == moves.size() + 1);
                for (size_t i = 0; i < moves.size(); ++i) {
                    CHECK(columns[i + 1]["attack"] == moves[i].first);
                    CHECK(columns[i + 1]["added"] == moves[i].first - attack);
                    CHECK(columns[i + 1]["column"] == moves[i].second);
                }
                // each column's odds are crt's own --odds at that attack
                for (size_t i = 0; i < columns.size(); ++i) {
                    std::vector<std::string> alone{"--json",
                                                   "-q",
                                                   "crt",
                                                   "--attack",
                                                   std::to_string(columns[i]["attack"].get<int>()),
                                                   "--defense",
                                                   std::to_string(defense),
                                                   "--odds"};
                    alone.insert(alone.end(), extra.begin(), extra.end());
                    const auto own = nlohmann::json::parse(test::run_cli(alone).out);
                    CHECK(own["odds"] == doc["requests"][i]["odds"]);
                }
            }
        }
    }
}

TEST_CASE("plan crt: with --attacker units the factors added are one more unit, brute-forced", "[cli][plan]")
{
    // 6 army and 4 infantry across a lake (halved, X.B.4: 8) against a front of 3 in hills
    // (+1, X.B.10: 4): 2:1 now.
    const std::vector<std::string> given{"--attacker", "6:army",  "--attacker", "4:infantry:lake",
                                         "--defender", "3:front", "--terrain",  "hills"};
    std::vector<std::string> args{"--json", "plan", "crt"};
    args.insert(args.end(), given.begin(), given.end());
    auto r = test::run_cli(args);
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    const auto& columns = doc["columns"];
    auto column_with = [&](int more) {
        std::vector<std::string> alone{"--json", "-q", "crt", "--roll", "1"};
        alone.insert(alone.end(), given.begin(), given.end());
        if (more > 0) {
            alone.insert(alone.end(), {"--attacker", std::to_string(more) + ":cavalry"});
        }
        auto own = test::run_cli(alone);
        REQUIRE(own.code == 0);
        return nlohmann::json::parse(own.out)["result"]["column"].get<std::string>();
    };
    CHECK(columns[0]["column"] == "2:1");
    CHECK(columns[0]["attack"].is_null());
    std::vector<std::pair<int, std::string>> moves;
    std::string last = column_with(0);
    for (int more = 1; more <= 60 && moves.size() < 2; ++more) {
        const std::string c = column_with(more);
        if (c != last) {
            moves.emplace_back(more, c);
            last = c;
        }
    }
    REQUIRE(columns.size() == moves.size() + 1);
    for (size_t i = 0; i < moves.size(); ++i) {
        CHECK(columns[i + 1]["added"] == moves[i].first);
        CHECK(columns[i + 1]["column"] == moves[i].second);
    }
    // by hand: 12 to 4 is 3:1, 16 to 4 is 4:1 (XIII.B.3)
    CHECK(columns[1]["added"] == 4);
    CHECK(columns[2]["added"] == 8);
}

TEST_CASE("plan crt: past 10:1 nothing moves, found at once whatever the defense is given as", "[cli][plan]")
{
    for (const std::vector<std::string> defense :
         {std::vector<std::string>{"--defense", "2"}, std::vector<std::string>{"--defender", "2:infantry"}}) {
        std::vector<std::string> args{"plan", "crt", "--attack", "50"};
        args.insert(args.end(), defense.begin(), defense.end());
        auto r = test::run_cli(args);
        REQUIRE(r.code == 0);
        CHECK(r.out.find("10:1 is the last column these options reach") != std::string::npos);
    }
}

TEST_CASE("plan crt: what it refuses", "[cli][plan]")
{
    CHECK(test::run_cli({"plan", "crt", "--defense", "3"}).code == 64);
    auto units = test::run_cli({"plan", "crt", "--defense", "3"});
    CHECK(units.code == 64);
    CHECK(units.err.find("--attack N or --attacker units") != std::string::npos);
    auto roll = test::run_cli({"plan", "crt", "--attack", "5", "--defense", "3", "--roll", "3"});
    CHECK(roll.code == 64);
    CHECK(roll.err.find("--roll has no place") != std::string::npos);
    auto typo = test::run_cli({"plan", "crt", "--attack", "5", "--defnse", "3"});
    CHECK(typo.code == 64);
    CHECK(typo.err.find("did you mean '--defense'") != std::string::npos);
    CHECK(test::run_cli({"plan"}).code == 64);
    // Below 1:4 (XIII.B.4) the refusal names the fewest more factors that make the attack
    // allowed, as far as a strength goes (1000000): 125000 to 500000 is 1:4. It stopped at
    // 100000 more, then said nothing (hunt49).
    auto far = test::run_cli({"plan", "crt", "--attack", "1", "--defense", "500000"});
    CHECK(far.code == 64);
    CHECK(far.err.find("124999 more attack factors reach 1:4: crt --attack 125000 --defense 500000") !=
          std::string::npos);
    // Units take at most 100000 more: said, not left out.
    auto units_far = test::run_cli({"plan", "crt", "--attacker", "1:infantry", "--defense", "1000000"});
    CHECK(units_far.code == 64);
    CHECK(units_far.err.find("no attack reaches 1:4 with up to 100000 more factors") != std::string::npos);
}

TEST_CASE("plan crt and compare read the tables, scenario and game their own global options name", "[cli][plan]")
{
    // A referee's CRT in a --tables directory: 3:2 on a 1 made BR instead of AD. The plan
    // and a comparison must read it, as crt itself does.
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-plan-tables-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "russian-portfolio");
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/tables/russian-portfolio/crt.toml");
    std::stringstream text;
    text << in.rdbuf();
    std::string toml = text.str();
    const std::string row = R"(cells = ["AE", "AE", "AE", "AD", "AD", "S",)";
    REQUIRE(toml.find(row) != std::string::npos);
    toml.replace(toml.find(row), row.size(), R"(cells = ["AE", "AE", "AE", "AD", "BR", "S",)");
    std::ofstream(dir / "russian-portfolio" / "crt.toml") << toml;
    auto has_br = [](const std::string& out, size_t request) {
        const auto doc = nlohmann::json::parse(out);  // kept: a loop over a temporary's member would dangle
        for (const auto& line : doc["requests"][request]["odds"]["result"]) {
            if (line["value"] == "BR") {
                return line["fraction"].get<std::string>();
            }
        }
        return std::string("(none)");
    };
    auto plan = test::run_cli({"--json", "--tables", dir.string(), "plan", "crt", "--attack", "5", "--defense", "3"});
    REQUIRE(plan.code == 0);
    CHECK(has_br(plan.out, 0) == "1/6");
    auto compare = test::run_cli({"--json", "--tables", dir.string(), "compare", "crt --attack 5 --defense 3", "wind"});
    REQUIRE(compare.code == 0);
    CHECK(has_br(compare.out, 0) == "1/6");
    auto shipped = test::run_cli({"--json", "plan", "crt", "--attack", "5", "--defense", "3"});
    CHECK(has_br(shipped.out, 0) == "(none)");
    std::filesystem::remove_all(dir);
}

TEST_CASE("plan resolve: any combat table's next two columns, as plan crt finds them", "[cli][plan][resolve]")
{
    // XIII.B.3 and X.B.2: 5 to 3 is 3:2, left to 1:1 across a river; 6 to 3 is 2:1, read at
    // 3:2; 9 to 3 is 3:1, read at 2:1.
    auto text = test::run_cli(
        {"plan", "resolve", "russian-portfolio.crt", "--attack", "5", "--defense", "3", "--shift", "river"});
    REQUIRE(text.code == 0);
    CHECK(contains(text.out, "Plan: an attack on russian-portfolio.crt (Combat Results Table"));
    CHECK(contains(text.out, "  now: attack 5 is read on 1:1\n"));
    CHECK(contains(text.out, "    shift river: -1 (every attacker is across a river, X.B.2)\n"));
    CHECK(contains(text.out, "  +1 attack factor (6) reaches 3:2\n"));
    CHECK(contains(text.out, "  +4 attack factors (9) reach 2:1\n"));
    CHECK(!contains(text.out, "d6 "));  // the shifts, not the die
    // The same columns and attacks as plan crt, over odds, a river and a Dispersed defender.
    for (int defense : {2, 3, 7}) {
        for (int attack : {2, 5, 11, 20}) {
            for (const auto& [mine, crts] : std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>>{
                     {{}, {}},
                     {{"--shift", "river"}, {"--river", "all"}},
                     {{"--shift", "dispersed"}, {"--dispersed"}}}) {
                std::vector<std::string> a{"--json",    "plan",
                                           "resolve",   "russian-portfolio.crt",
                                           "--attack",  std::to_string(attack),
                                           "--defense", std::to_string(defense)};
                a.insert(a.end(), mine.begin(), mine.end());
                std::vector<std::string> b{
                    "--json", "plan", "crt", "--attack", std::to_string(attack), "--defense", std::to_string(defense)};
                b.insert(b.end(), crts.begin(), crts.end());
                const auto ra = test::run_cli(a);
                const auto rb = test::run_cli(b);
                INFO(attack << " to " << defense << " " << (mine.empty() ? "" : mine.back()));
                REQUIRE(ra.code == rb.code);
                if (ra.code != 0) {
                    continue;
                }
                const auto ja = nlohmann::json::parse(ra.out);
                const auto jb = nlohmann::json::parse(rb.out);
                CHECK(ja["command"] == "plan resolve");
                CHECK(ja["table"] == "russian-portfolio.crt");
                CHECK(ja["columns"] == jb["columns"]);
            }
        }
    }
    // A differential table (15.41): 3 - 5 = -2, then -1 at 4 and 0 at 5.
    auto melee = test::run_cli({"plan", "resolve", "constantinople.melee", "--attack", "3", "--defense", "5"});
    REQUIRE(melee.code == 0);
    CHECK(contains(melee.out, "  now: attack 3 is read on -2\n"));
    CHECK(contains(melee.out, "  +1 attack factor (4) reaches -1\n"));
    CHECK(contains(melee.out, "  +2 attack factors (5) reach 0\n"));
    // As far as a legal attack goes (1000000), not 100000 factors more: a plan said -3 was
    // the last column these options reach where attack 399998 reads -2 (hunt48 F3).
    auto far = test::run_cli({"plan", "resolve", "constantinople.melee", "--attack", "1", "--defense", "400000"});
    REQUIRE(far.code == 0);
    CHECK(contains(far.out, "  +399997 attack factors (399998) reach -2\n"));
    CHECK(contains(far.out, "  +399998 attack factors (399999) reach -1\n"));
    CHECK_FALSE(contains(far.out, "last column"));
    auto none = test::run_cli({"plan", "resolve", "russian-portfolio.crt", "--defense", "3"});
    CHECK(none.code == 64);
    CHECK(contains(none.err, "plan resolve russian-portfolio.crt: give --attack N"));
    CHECK(contains(
        test::run_cli({"plan", "resolve", "russian-portfolio.crt", "--attack", "3", "--defense", "1", "--odds"}).err,
        "plan resolve: --odds has no place in a plan"));
}
