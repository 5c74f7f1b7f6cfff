// 'umpire roll' with the dice notation players type elsewhere (issue 29): what a referee
// and a script read of explosions, rerolls, sums of pools, Fudge dice, marks and labels.
#include "../helpers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire;
using test::contains;
using test::run_cli;

TEST_CASE("roll: a label names its roll, in the text and as the JSON result's note", "[cli][roll]")
{
    auto words = run_cli({"--seed", "4", "roll", "d100", "2d6", "#", "morale", "check"});
    REQUIRE(words.code == 0);
    CHECK(contains(words.out, "(2d6 # morale check)"));
    CHECK(contains(words.out, "note: morale check"));
    CHECK(contains(words.out, "(d100)\n"));  // the roll before the '#' only

    auto json = run_cli({"--seed", "4", "--json", "roll", "2d6 # morale", "1d6+1d8"});
    REQUIRE(json.code == 0);
    const auto doc = nlohmann::json::parse(json.out);
    CHECK(doc["results"][0]["label"] == "2d6 # morale");
    CHECK(doc["results"][0]["note"] == "morale");
    CHECK(doc["results"][1].count("note") == 0);
    // a sum shows each pool's rolls together, each die a roll record of its own (2d6 alone
    // is one record, as it always was)
    CHECK(doc["results"][1]["dice"].size() == 2);
    CHECK(doc["results"][1]["dice"][0].get<std::string>().starts_with("d6: "));
    REQUIRE(doc["rolls"].size() == 3);
    CHECK(doc["rolls"][0]["die"] == "2d6");
    CHECK(doc["rolls"][2]["die"] == "d8");
    const int total = std::stoi(doc["results"][1]["code"].get<std::string>());
    CHECK(total == doc["rolls"][1]["value"].get<int>() + doc["rolls"][2]["value"].get<int>());

    // hit dice take a label too
    auto hits = run_cli({"--seed", "1", "-q", "roll", "3white", "#", "flak"});
    REQUIRE(hits.code == 0);
    CHECK(contains(hits.out, "(3white # flak)"));
    CHECK(contains(hits.out, "note: flak"));
    // the colour hint only where the word is no dice at all: after a fault named in dice it
    // read as the fix ("a modifier must be ... ; or N and a hit die colour")
    for (const std::string dice : {"d00", "1d6+1000001", "2d6r<=6", "0x2d6", "(2d6)"}) {
        auto bad = run_cli({"roll", dice});
        CHECK(bad.code == 64);
        CHECK_FALSE(contains(bad.err, "hit die colour"));
    }
    for (const std::string word : {"3whte", "abc", "3"}) {
        CHECK(contains(run_cli({"roll", word}).err, "; or N and a hit die colour (3white)"));
    }

    auto alone = run_cli({"roll", "#", "morale"});
    CHECK(alone.code == 64);
    CHECK(contains(alone.err, "'#morale' labels no expression; write it after one (2d6 # morale)"));
    auto empty = run_cli({"roll", "2d6#"});
    CHECK(empty.code == 64);
    CHECK(contains(empty.err, "'#' with no label after it"));
}

TEST_CASE("roll: the odds of expressions alike are each their own", "[cli][roll][odds]")
{
    // 2d6 twice and once more with a note: walked once for the first two (Context::adjudicate),
    // each under its own name, the noted one walked for itself. 2d6: 7 in 6/36, 2 in 1/36.
    auto r = run_cli({"--json", "roll", "--odds", "2d6", "2d6", "2d6 # morale", "3x1d4"});
    REQUIRE(r.code == 0);
    const auto odds = nlohmann::json::parse(r.out)["odds"];
    const auto chance = [&](const std::string& dimension, int value) {
        for (const auto& line : odds.at(dimension)) {
            if (line["value"] == std::to_string(value)) {
                return line["fraction"].get<std::string>();
            }
        }
        return std::string("none");
    };
    for (const std::string name : {"2d6", "2d6 #2", "2d6 #3 # morale"}) {
        CHECK(chance(name, 7) == "1/6");
        CHECK(chance(name, 2) == "1/36");
        CHECK(chance(name, 13) == "none");
    }
    for (const std::string name : {"d4", "d4 #2", "d4 #3"}) {  // 3x1d4 reads as three d4
        CHECK(chance(name, 4) == "1/4");
    }
    // the total of 6d6 and 3d4: 6 in 1/(6^6 x 4^3), 48 likewise
    CHECK(chance("result", 9) == "1/2985984");
    CHECK(chance("result", 48) == "1/2985984");
}

TEST_CASE("roll: a label's note is fixed in the odds of any of several rolls, not only the first", "[cli][roll][odds]")
{
    // The note is the same in every branch: a fixed field, printed under the inputs, for the
    // second roll as for a lone one (the odds of several rolls lost it).
    auto r = run_cli({"--json", "roll", "--odds", "1d4", "1d6 # morale"});
    REQUIRE(r.code == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json.at("fixed").value("1d6 # morale.note", "") == "morale");
    auto text = run_cli({"roll", "--odds", "1d4", "1d6 # morale"});
    CHECK(contains(text.out, "1d6 # morale note: morale"));
}

TEST_CASE("roll: the odds of 1000d10 are exact, each total a count of 10^1000", "[cli][roll][odds]")
{
    // A d10's mean is 11/2 and its variance (10^2 - 1)/12 = 33/4: 1000 of them 5500 and
    // 8250. A total of 1001 is one die at 2 and the rest at 1: 1000 ways, 1/10^997 in
    // lowest terms; 1002 is C(1000, 2) + 1000 = 500,500 ways; 9,001 totals, symmetric.
    auto r = run_cli({"--json", "roll", "--odds", "1000d10"});
    REQUIRE(r.code == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json.at("branches") == 9001);
    for (const std::string name : {"result", "1000d10"}) {
        const auto& lines = json.at("odds").at(name);
        REQUIRE(lines.size() == 9001);
        CHECK(lines[1].at("value") == "1001");
        CHECK(lines[1].at("fraction") == "1/1" + std::string(997, '0'));
        CHECK(lines[2].at("fraction") == "1001/2" + std::string(997, '0'));  // 500500 / 10^1000
        CHECK(lines[8999].at("fraction") == lines[1].at("fraction"));
        CHECK(json.at("expected").at(name).at("fraction") == "5500/1");
        CHECK(json.at("expected").at(name).at("variance") == "8250/1");
    }
    auto text = run_cli({"roll", "--odds", "1000d10"});
    CHECK(contains(text.out, "expected 5500.00, sd 90.83"));  // the square root of 8250
    CHECK(contains(text.out, "  5500   "));
}

TEST_CASE("roll: explosions and rerolls say their limit, under the roll and its odds", "[cli][roll]")
{
    auto r = run_cli({"--seed", "9", "roll", "3d6!", "2d6r1"});
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "note: a die explodes at most 20 times"));
    CHECK(contains(r.out, "note: a die is rerolled at most 20 times"));
    auto odds = run_cli({"roll", "2d6!", "--odds"});
    REQUIRE(odds.code == 0);
    CHECK(contains(odds.out, "note: a die explodes at most 20 times"));
    CHECK(contains(odds.out, "  8  "));
    CHECK(contains(odds.out, "5/54"));  // 3+5, 4+4, 5+3, or 1 and 6-then-1 either way
    auto strict = run_cli({"roll", "2d6ro<3"});
    CHECK(contains(strict.out, "< and > are strict"));
    // the same seed, the same dice, for every new form
    const std::vector<std::string> args{"--seed",    "11",  "--json",    "roll",  "3d6!",  "2d6r1",    "2d6ro<3",
                                        "1d6-1d4+2", "4dF", "d20cs>=19", "3d6!!", "3d6!p", "3x1d4+1d6"};
    CHECK(run_cli(args).out == run_cli(args).out);
}

TEST_CASE("roll: -n rolls the new forms as a plain roll does", "[cli][roll]")
{
    auto r = run_cli({"--seed", "3", "--json", "roll", "-n", "2000", "4dF", "2d6-1d4", "d6!"});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    REQUIRE(doc["totals"].size() == 2000);
    bool exploded = false;
    for (const auto& row : doc["totals"]) {
        CHECK(row[0].get<int>() >= -4);
        CHECK(row[0].get<int>() <= 4);
        CHECK(row[1].get<int>() >= -2);
        CHECK(row[1].get<int>() <= 11);
        CHECK(row[2].get<int>() != 6);  // a 6 always explodes
        exploded = exploded || row[2].get<int>() > 6;
    }
    CHECK(exploded);  // 1 in 6 of 2000 rolls
}

TEST_CASE("roll: what the notation leaves out, or the engine cannot count, is refused in words", "[cli][roll]")
{
    auto keep = run_cli({"roll", "4d6r1kh3"});
    CHECK(keep.code == 64);
    CHECK(contains(keep.err, "a keep, drop or count of successes reads plain dice"));
    auto big = run_cli({"roll", "300d6!", "--odds"});
    CHECK(big.code == 64);
    CHECK(contains(big.err, "300d6! has too many totals to count exactly"));
    // Several rolls' odds count their total: the total of a hundred 1000d10 is 100000d10
    // (900,001 totals of 100,000 digits), refused before the first is counted, as one
    // roll that large is. Before, it counted for minutes and printed gigabytes.
    auto hundred = run_cli({"roll", "100x1000d10", "--odds"});
    CHECK(hundred.code == 64);
    CHECK(contains(hundred.err, "--odds: the total of 100 rolls has too many totals to count exactly"));
    CHECK(contains(hundred.err, "1000d10 alone is within it): give fewer rolls, dice or sides"));
    CHECK(hundred.out.empty());
    auto two = run_cli({"roll", "1000d10", "3white", "1000d10", "--odds"});
    CHECK(two.code == 64);
    CHECK(contains(two.err, "the total of 3 rolls has too many totals"));
    // a plain roll shows every die: past 200000 at their most, refused before any is rolled
    auto many = run_cli({"--seed", "1", "roll", "100x1000d1000r<=999"});
    CHECK(many.code == 64);
    CHECK(contains(many.err, "up to 2100000 dice rolled and shown in one call"));
    CHECK(run_cli({"--seed", "1", "roll", "9x1000d6!"}).code == 0);              // 189,000 at their most: within
    CHECK(run_cli({"--seed", "1", "roll", "10x1000d6!"}).code == 64);            // 210,000
    CHECK(run_cli({"--seed", "1", "roll", "-n", "1", "10x1000d6!"}).code == 0);  // -n shows no die
    auto faces = run_cli({"roll", "d6!>=5"});
    CHECK(faces.code == 64);
    CHECK(contains(faces.err, "explodes on its highest face only: d6! (or d6!6) explodes on 6; '!>=5' names 5 to 6"));
}

TEST_CASE("roll: a lone + or - between two words joins them into one expression, as players type it", "[cli][roll]")
{
    // 'umpire roll 1d20 + 5' unquoted is three words: the '+' was refused, "a sign with
    // nothing after it". It is 1d20+5, a d20 and five added (umpire(1) DICE).
    const auto joined = run_cli({"--seed", "8", "--json", "roll", "1d20", "+", "5"});
    REQUIRE(joined.code == 0);
    const auto alone = run_cli({"--seed", "8", "--json", "roll", "1d20+5"});
    REQUIRE(alone.code == 0);
    CHECK(joined.out == alone.out);
    const auto doc = nlohmann::json::parse(joined.out);
    REQUIRE(doc["rolls"].size() == 1);
    // one roll record, the d20 and its five: 6 to 25
    CHECK(doc["rolls"][0]["die"] == "d20+5");
    const int total = std::stoi(doc["result"]["code"].get<std::string>());
    CHECK(total == doc["rolls"][0]["value"].get<int>());
    CHECK(total >= 6);
    CHECK(total <= 25);
    CHECK(doc["inputs"]["expressions"] == nlohmann::json::array({"1d20+5"}));
    // a minus, pools either side, a chain, and the words after still their own rolls
    CHECK(run_cli({"--seed", "8", "roll", "2d6", "-", "1d4", "3d6"}).out ==
          run_cli({"--seed", "8", "roll", "2d6-1d4", "3d6"}).out);
    CHECK(run_cli({"--seed", "8", "roll", "1d20", "+", "1d4", "+", "2"}).out ==
          run_cli({"--seed", "8", "roll", "1d20+1d4+2"}).out);
    // a label after the expression names the whole of it
    const auto labelled = run_cli({"--seed", "8", "roll", "1d20", "+", "5", "#", "attack"});
    REQUIRE(labelled.code == 0);
    CHECK(contains(labelled.out, "(1d20+5 # attack)"));
    // the words of a label are the label's as typed, signs and all (they read 'morale+5')
    const auto label_words = run_cli({"--seed", "8", "roll", "2d6", "#", "morale", "+", "5"});
    REQUIRE(label_words.code == 0);
    CHECK(contains(label_words.out, "morale + 5"));
    CHECK_FALSE(contains(label_words.out, "morale+5"));
    // a word with a sign of its own after a lone sign is not joined into '1d20--5'
    const auto doubled = run_cli({"roll", "1d20", "-", "-5"});
    CHECK(doubled.code == 64);
    CHECK_FALSE(contains(doubled.err, "1d20--5"));
    // a sign with nothing on one side is still refused, and says so
    const auto trailing = run_cli({"roll", "1d20", "+"});
    CHECK(trailing.code == 64);
    CHECK(contains(trailing.err, "'+': a sign with nothing after it"));
    // roll --help shows it
    CHECK(contains(run_cli({"roll", "--help"}).out, "umpire roll 1d20 + 5"));
}

TEST_CASE("roll: a refused expression is echoed as typed, with what to write instead", "[cli][roll]")
{
    // 4d6L read back "unexpected 'l'"
    const auto upper = run_cli({"roll", "4d6L"});
    CHECK(upper.code == 64);
    CHECK(contains(upper.err, "'4d6L': unexpected 'L'"));
    // 10d10>7: both readings written out (umpire(1) DICE)
    const auto more = run_cli({"roll", "10d10>7"});
    CHECK(more.code == 64);
    CHECK(contains(more.err, "roll: '10d10>7': write 10d10>=8 for more than 7, or 10d10>=7 for 7 or more"));
    // 2d20kh: the count is missing, not out of range
    const auto kh = run_cli({"roll", "2d20kh"});
    CHECK(kh.code == 64);
    CHECK(contains(kh.err, "roll: '2d20kh': kh needs the number of dice kept after it, 1 to 2"));
    // 1d8!8 is 1d8!: the same roll from the same seed
    const auto bang = run_cli({"--seed", "5", "--json", "roll", "1d8!8"});
    REQUIRE(bang.code == 0);
    const auto plain = run_cli({"--seed", "5", "--json", "roll", "1d8!"});
    const auto a = nlohmann::json::parse(bang.out);
    const auto b = nlohmann::json::parse(plain.out);
    CHECK(a["result"]["code"] == b["result"]["code"]);
    REQUIRE(a["rolls"].size() == b["rolls"].size());
    for (size_t i = 0; i < a["rolls"].size(); ++i) {
        CHECK(a["rolls"][i]["value"] == b["rolls"][i]["value"]);
    }
}
