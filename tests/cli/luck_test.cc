// umpire luck (issue 15): an evening's log, each group's total and the whole evening's
// test against a brute force over every combination of results, each resolution's
// chances taken from its own --odds and its order from the rules (15.41, 15.42).
#include "../helpers.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <boost/multiprecision/cpp_int.hpp>

#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <unistd.h>

using namespace umpire;
using core::Rational;

namespace {

// The order of results: 15.41's No effect, Ineffective, Damaged, Lose one; a ram that fails
// or cannot pin is nothing, a pin is light, a sinking the worst (15.42); a total its number.
long long score(const std::string& command, const std::string& value)
{
    if (command == "melee") {
        static const std::map<std::string, long long> order{{"-", 0}, {"I", 1}, {"D", 2}, {"L", 3}};
        return order.at(value);
    }
    if (command == "ram") {
        static const std::map<std::string, long long> order{{"failed", 0}, {"immune", 0}, {"pinned", 1}, {"sunk", 3}};
        return order.at(value);
    }
    return std::stoll(value);
}

Rational fraction(const std::string& text)
{
    const size_t slash = text.find('/');
    return Rational(std::stoll(text.substr(0, slash)), std::stoll(text.substr(slash + 1)));
}

struct Logged {
    std::string command;
    std::vector<std::string> request;
    std::string side;
    std::string table;
    bool given = false;
    std::map<long long, Rational> chances;  // from the request's own --odds
    long long actual = 0;
};

Rational mid(const Logged& l, long long s)
{
    Rational below{0};
    for (const auto& [k, p] : l.chances) {
        below += k < s ? p : Rational(0);
    }
    return below + l.chances.at(s) / 2;
}

void each_combination(const std::vector<const Logged*>& ls,
                      const std::function<void(const std::vector<long long>&, Rational)>& f)
{
    std::vector<long long> scores(ls.size());
    std::function<void(size_t, Rational)> walk = [&](size_t i, Rational p) {
        if (i == ls.size()) {
            f(scores, p);
            return;
        }
        for (const auto& [s, q] : ls[i]->chances) {
            scores[i] = s;
            walk(i + 1, p * q);
        }
    };
    walk(0, Rational(1));
}

}  // namespace

TEST_CASE("luck: each total's place and the evening's test against a brute force", "[cli][luck]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-luck-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string log = (dir / "evening.log").string();
    // Genoa is Byzantine, the galleys Ottoman (the scenario); a ram by numbers names no side.
    std::vector<Logged> lines{
        {"melee",
         {"melee", "--attacker", "Genoa", "--defender", "Galley-3", "--roll", "6"},
         "byzantine",
         "constantinople.melee",
         true},
        {"melee",
         {"melee", "--attacker", "Genoa", "--defender", "Galley-3", "--seed", "6"},
         "byzantine",
         "constantinople.melee",
         false},
        {"melee",
         {"melee", "--attacker", "Genoa", "--defender", "Galley-4", "--seed", "2"},
         "byzantine",
         "constantinople.melee",
         false},
        {"melee",
         {"melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Genoa", "--seed", "5"},
         "ottoman",
         "constantinople.melee",
         false},
        {"ram", {"ram", "--strength", "4", "--defense", "A", "--seed", "9"}, "", "constantinople.ram", false},
        {"ram", {"ram", "--strength", "2", "--defense", "B", "--seed", "4"}, "", "constantinople.ram", false},
        {"roll", {"roll", "2d6", "--seed", "8"}, "", "roll", false},
        {"roll", {"roll", "2d6", "--seed", "12"}, "", "roll", false},
    };
    for (auto& l : lines) {
        std::vector<std::string> args{"-q", "--log", log};
        args.insert(args.end(), l.request.begin(), l.request.end());
        REQUIRE(test::run_cli(args).code == 0);
        // its chances, as its own --odds gives them, without the seed or the die given
        std::vector<std::string> odds{"--json", "-q"};
        for (size_t i = 0; i < l.request.size(); ++i) {
            if (l.request[i] == "--roll" || l.request[i] == "--seed") {
                ++i;
            } else {
                odds.push_back(l.request[i]);
            }
        }
        odds.emplace_back("--odds");
        auto r = test::run_cli(odds);
        REQUIRE(r.code == 0);
        const auto doc = nlohmann::json::parse(r.out);
        for (const auto& line : doc["odds"]["result"]) {
            l.chances[score(l.command, line["value"])] += fraction(line["fraction"]);
            if (l.command == "melee") {
                // the odds say each result's severity, as the 15.41 legend orders them
                static const std::array<const char*, 4> names{"none", "light", "heavy", "severe"};
                CHECK(line["severity"] == names.at(static_cast<size_t>(score("melee", line["value"]))));
            }
        }
    }
    REQUIRE(test::run_cli({"-q", "--log", log, "wind", "--seed", "7"}).code == 0);  // no order: not ranked
    // the result each line had, from the log itself
    std::ifstream in(log);
    std::string text;
    for (auto& l : lines) {
        REQUIRE(std::getline(in, text));
        const auto entry = nlohmann::json::parse(text);
        l.actual = score(l.command, entry["resolution"]["result"]["code"]);
    }

    auto r = test::run_cli({"--json", "luck", log});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc["lines"] == 9);
    CHECK(doc["ranked"] == 8);
    REQUIRE(doc["not_ranked"].size() == 1);
    CHECK(doc["not_ranked"][0]["line"] == 9);
    CHECK(doc["not_ranked"][0]["command"] == "wind");
    CHECK(doc["chain"].empty());

    size_t checked = 0;
    for (const auto& g : doc["groups"]) {
        const bool given = g["dice"] == "given";
        std::vector<const Logged*> members;
        for (const auto& l : lines) {
            const bool same_table = g["procedure"].is_null() ? l.command != "roll" : g["procedure"] == l.command;
            if (l.given == given && l.side == g["side"] && same_table) {
                members.push_back(&l);
            }
        }
        INFO(g.dump());
        REQUIRE(members.size() == g["results"]);
        long long actual = 0;
        for (const auto* l : members) {
            actual += l->actual;
        }
        Rational below{0};
        Rational equal{0};
        Rational above{0};
        each_combination(members, [&](const std::vector<long long>& scores, Rational p) {
            long long total = 0;
            for (long long s : scores) {
                total += s;
            }
            (total < actual ? below : total == actual ? equal : above) += p;
        });
        CHECK(g["total"] == actual);
        CHECK(fraction(g["below"]["fraction"]) == below);
        CHECK(fraction(g["equal"]["fraction"]) == equal);
        CHECK(fraction(g["above"]["fraction"]) == above);
        CHECK(g["percentile"].get<double>() == Approx(100 * Rational(below + equal / 2).convert_to<double>()));
        ++checked;
    }
    // byzantine melee rolled; ottoman melee; the rams; the rolls; the given melee (a side's
    // total over one table is that table's line, not repeated)
    CHECK(checked == 5);

    // The evening as a whole: the sum of mid-percentiles of the rolled results, its exact
    // mean and variance over every combination.
    std::vector<const Logged*> rolled;
    Rational sum{0};
    for (const auto& l : lines) {
        if (!l.given && l.chances.size() > 1) {
            rolled.push_back(&l);
            sum += mid(l, l.actual);
        }
    }
    Rational mean{0};
    Rational square{0};
    each_combination(rolled, [&](const std::vector<long long>& scores, Rational p) {
        Rational s{0};
        for (size_t i = 0; i < rolled.size(); ++i) {
            s += mid(*rolled[i], scores[i]);
        }
        mean += p * s;
        square += p * s * s;
    });
    const auto& overall = doc["overall"]["rolled"];
    CHECK(overall["varied"] == rolled.size());
    CHECK(fraction(overall["sum"]["fraction"]) == sum);
    CHECK(fraction(overall["mean"]["fraction"]) == mean);
    CHECK(fraction(overall["variance"]["fraction"]) == square - mean * mean);
    const double z = Rational(sum - mean).convert_to<double>() / std::sqrt((square - mean * mean).convert_to<double>());
    CHECK(overall["z"].get<double>() == Approx(z));
    CHECK(doc["overall"]["given"]["results"] == 1);

    // The text says the same, the dice typed in by hand apart.
    auto t = test::run_cli({"luck", log});
    REQUIRE(t.code == 0);
    CHECK(t.out.find("Dice rolled by umpire (7 results)") != std::string::npos);
    CHECK(t.out.find("Dice typed in by hand (1 result)") != std::string::npos);
    CHECK(t.out.find("line 9 (wind): its results have no order") != std::string::npos);

    // A line edited by hand is read, and the broken chain said.
    std::ifstream again(log);
    std::string all((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
    // line 7's seed, whole: a line given no seed has a random one, which may begin with 8
    const std::string marker = "\"seed\":8,";
    REQUIRE(all.find(marker) != std::string::npos);
    all.replace(all.find(marker), marker.size(), "\"seed\":9,");
    std::ofstream(log) << all;
    auto forged = test::run_cli({"luck", log});
    CHECK(forged.out.find("warning: line 8: prev: the chain is broken here") != std::string::npos);

    const std::string junk = (dir / "notes.txt").string();
    std::ofstream(junk) << "hello\n{\"a\": 1}\n";
    auto wrong = test::run_cli({"luck", junk});
    CHECK(wrong.code == 65);
    CHECK(wrong.err.find("holds no umpire log line") != std::string::npos);
    const std::string empty = (dir / "empty.log").string();
    std::ofstream(empty).flush();
    auto nothing = test::run_cli({"luck", empty});
    CHECK(nothing.code == 0);
    CHECK(nothing.out.find("no result to rank: the log is empty") != std::string::npos);
    // umpire(1) luck: an empty file is a log with no result yet, exit 0, "lines": 0 (hunt56 #5)
    auto nothing_json = test::run_cli({"--json", "luck", empty});
    CHECK(nothing_json.code == 0);
    CHECK(nlohmann::json::parse(nothing_json.out)["lines"] == 0);

    auto missing = test::run_cli({"luck", (dir / "none.log").string()});
    CHECK(missing.code == 66);
    CHECK(missing.err.find("no such file") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("luck: a side is read from the units a request names, a procedure is its command or check", "[cli][luck]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-luck-sides-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string log = (dir / "evening.log").string();
    // I-Btl is German in the shipped Great Battles scenario; crt names its side itself.
    for (const std::vector<std::string> request :
         {std::vector<std::string>{"rally", "--unit", "I-Btl", "--suppressed", "3", "--seed", "2"},
          std::vector<std::string>{"crt", "--attack", "6", "--defense", "3", "--side", "axis", "--seed", "3"},
          std::vector<std::string>{"check", "black-sea.asw", "--mod", "escorts=3", "--seed", "4"}}) {
        std::vector<std::string> args{"-q", "--log", log};
        args.insert(args.end(), request.begin(), request.end());
        REQUIRE(test::run_cli(args).code == 0);
    }
    auto r = test::run_cli({"--json", "luck", log});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    std::map<std::string, std::string> side_of;
    for (const auto& g : doc["groups"]) {
        side_of[g["procedure"].get<std::string>()] = g["side"];
    }
    CHECK(side_of.at("rally (rallied)") == "german");  // a rally's result is counted by the stands rallied
    CHECK(side_of.at("crt") == "axis");
    CHECK(side_of.at("check black-sea.asw").empty());  // names no unit
    std::filesystem::remove_all(dir);
}

TEST_CASE("luck: melee --exchange's counterattacks are the defender's side's dice, each placed", "[cli][luck]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-luck-exchange-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string log = (dir / "evening.log").string();
    // Two Ottoman galleys attack Genoa (Byzantine), which splits 6 and 2 against them (15.24).
    const std::vector<std::string> request{"melee",      "--attacker", "Galley-1",   "--attacker", "Galley-2",
                                           "--defender", "Genoa",      "--exchange", "--split",    "6,2"};
    std::vector<std::string> logged{"-q", "--log", log, "--seed", "4"};
    logged.insert(logged.end(), request.begin(), request.end());
    REQUIRE(test::run_cli(logged).code == 0);
    std::vector<std::string> odds{"--json", "-q"};
    odds.insert(odds.end(), request.begin(), request.end());
    odds.emplace_back("--odds");
    const auto report = nlohmann::json::parse(test::run_cli(odds).out);
    std::ifstream in(log);
    std::string text;
    REQUIRE(std::getline(in, text));
    const auto entry = nlohmann::json::parse(text);

    // each counterattack's chances (its own dimension of the odds) and the code it had
    std::vector<Logged> counters;
    for (const auto& result : entry["resolution"]["results"]) {
        if (result["label"] == entry["resolution"]["result"]["label"]) {
            continue;  // the galleys' attack on Genoa: the Ottoman side's roll
        }
        Logged l;
        l.command = "melee";
        l.actual = score("melee", result["code"]);
        for (const auto& line : report["odds"][result["label"].get<std::string>()]) {
            l.chances[score("melee", line["value"])] += fraction(line["fraction"]);
        }
        counters.push_back(l);
    }
    REQUIRE(counters.size() == 2);
    std::vector<const Logged*> members{&counters[0], &counters[1]};
    long long actual = counters[0].actual + counters[1].actual;
    Rational below{0};
    Rational equal{0};
    each_combination(members, [&](const std::vector<long long>& scores, Rational p) {
        const long long total = scores[0] + scores[1];
        if (total < actual) {
            below += p;
        } else if (total == actual) {
            equal += p;
        }
    });

    auto r = test::run_cli({"--json", "luck", log});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    bool seen = false;
    for (const auto& g : doc["groups"]) {
        if (g["side"] == "byzantine") {
            seen = true;
            CHECK(g["procedure"] == "melee");
            CHECK(g["results"] == 2);
            CHECK(g["total"] == actual);
            CHECK(fraction(g["below"]["fraction"]) == below);
            CHECK(fraction(g["equal"]["fraction"]) == equal);
        } else {
            CHECK(g["side"] == "ottoman");
            CHECK(g["results"] == 1);
        }
    }
    CHECK(seen);
    std::filesystem::remove_all(dir);
}

TEST_CASE("luck: a game's journal and a log of --apply lines are ranked, their odds asked without --apply",
          "[cli][luck]")
{
    const test::TempDir dir("luck-applied");
    const std::string file = dir / "siege.toml";
    const std::string log = dir / "evening.log";
    REQUIRE(test::run_cli({"game", "new", "constantinople", file}).code == 0);
    // Venice 7 against Galley-1 4: +3 (15.23); Imperial-1 6 against Galley-2 4: +2. Each line's
    // odds are the six faces of one die on the 15.41 row; the lines were refused before.
    REQUIRE(test::run_cli({"-q", "--log", log, "--game", file, "--apply", "melee", "--attacker", "Venice", "--defender",
                           "Galley-1", "--roll", "6"})
                .code == 0);
    REQUIRE(test::run_cli({"-q", "--log", log, "--game", file, "--apply", "melee", "--attacker", "Imperial-1",
                           "--defender", "Galley-2", "--seed", "3"})
                .code == 0);
    for (const std::string& read : {log, file + ".journal"}) {
        auto r = test::run_cli({"--json", "luck", read});
        REQUIRE(r.code == 0);
        const auto doc = nlohmann::json::parse(r.out);
        CHECK(doc["ranked"] == 2);
        for (const auto& n : doc["not_ranked"]) {
            CHECK(n["command"] != "melee");
        }
    }
}
