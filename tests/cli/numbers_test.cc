// Issue 10: numbers are decimal, whole and in range, or refused with 64; sums never wrap.
#include "../helpers.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

std::string error_of(const std::vector<std::string>& args)
{
    auto r = test::run_cli(args);
    CHECK(r.code == 64);
    return r.err.substr(0, r.err.find('\n'));
}

// Whether MESSAGE refuses a number for its '+'.
bool contains_plus(const std::string& message)
{
    return test::contains(message, "is not a whole decimal number: write it without the '+'");
}

}  // namespace

TEST_CASE("numbers: a leading zero is decimal, never octal", "[cli][numbers]")
{
    // 010 was read as octal 8: a legal d6 face. As ten it is impossible for a d6.
    CHECK(error_of({"melee", "--attacker", "4", "--defender", "3", "--roll", "010"}) ==
          "umpire: error: --roll 10 (the 1st value of --roll) is impossible for the d6 rolled for attack on defender; "
          "allowed 1 "
          "to 6");
    // crt --attack 010 is ten factors: 10 against 2 is 5:1.
    auto crt = test::run_cli({"--json", "-q", "crt", "--attack", "010", "--defense", "2", "--roll", "3"});
    CHECK(crt.code == 0);
    CHECK(crt.out.find(R"("odds":"5:1")") != std::string::npos);
    // 09 was refused as a bad octal number; it is nine.
    CHECK(error_of({"morale", "--stands", "09", "--eliminated", "1"}) ==
          "umpire: error: --stands is 9; allowed 1 to 8");
}

TEST_CASE("numbers: hex, empty and out-of-range values are refused, naming the flag", "[cli][numbers]")
{
    CHECK(error_of({"fire", "--to-hit", "0x3", "--to-destroy", "2"}) ==
          "umpire: error: --to-hit: '0x3' is not a whole number");
    CHECK(error_of({"fire", "--to-hit", "", "--to-destroy", "2"}) ==
          "umpire: error: --to-hit: '' is not a whole number");
    CHECK(error_of({"weather", "--game", "novorossiysk", "--day", ""}) ==
          "umpire: error: --day: '' is not a whole number");
    CHECK(error_of({"--position", "-1", "--seed", "1", "wind"}) ==
          "umpire: error: --position: '-1' is out of range; allowed 0 to 9223372036854775807");
    CHECK(error_of({"melee", "--attacker", "4", "--defender", "3", "--roll", "3000000000"}) ==
          "umpire: error: --roll: '3000000000' is out of range: far past any number this option takes (its "
          "range: the option's --help, or umpire(1), NUMBERS)");
    // past 64 bits too, not "allowed -2147483648 to 2147483647", which is no option's range
    for (const std::string big : {"9223372036854775808", "-99999999999999999999"}) {
        CHECK(error_of({"melee", "--attacker", "4", "--defender", "3", "--roll", big}) ==
              "umpire: error: --roll: '" + big +
                  "' is out of range: far past any number this option takes (its range: the option's --help, or "
                  "umpire(1), NUMBERS)");
    }
    CHECK(error_of({"--log", "", "wind"}) == "umpire: error: --log: an empty value is not allowed");
    CHECK(error_of({"weather", "--game", "novorossiysk", "--state", ""}) ==
          "umpire: error: --state: an empty value is not allowed");
}

TEST_CASE("numbers: a '+' before a seed or a position is refused, before a modifier taken", "[cli][numbers]")
{
    // umpire(1), NUMBERS: --seed +5 was taken as 5 (hunt45), a seed umpire never prints; a
    // modifier is written +1 as the rules print it (15.1's +2 heavy weapons, 7.21), and a
    // referee types it so: refusing it broke every --mod +1 (hunt49).
    const std::string no_plus = "' is not a whole decimal number: write it without the '+'";
    CHECK(error_of({"--seed", "+5", "wind"}) == "umpire: error: --seed: '+5" + no_plus);
    CHECK(error_of({"--seed", "5", "--position", "+1", "wind"}) == "umpire: error: --position: '+1" + no_plus);
    CHECK(contains_plus(error_of(
        {"seed", "verify", "--seed", "+5", "--nonce", std::string(32, '0'), "--commitment", std::string(64, '0')})));
    for (const std::vector<std::string>& signed_ok :
         {std::vector<std::string>{"rally", "--rally-number", "8", "--suppressed", "2", "--mod", "+1", "--roll", "3,3"},
          std::vector<std::string>{"table", "lookup", "constantinople.portage", "--mod", "+1", "--roll", "3"},
          std::vector<std::string>{"melee", "--attacker", "+4", "--defender", "3", "--roll", "+3"},
          std::vector<std::string>{"fire", "--to-hit", "+6", "--to-destroy", "2", "--roll", "3,1"}}) {
        const auto r = test::run_cli(signed_ok);
        INFO(r.err);
        CHECK(r.code == 0);
    }
    // the same value as without its sign
    CHECK(test::run_cli(
              {"--json", "--seed", "1", "table", "lookup", "constantinople.portage", "--mod", "+1", "--roll", "3"})
              .out == test::run_cli({"--json", "--seed", "1", "table", "lookup", "constantinople.portage", "--mod", "1",
                                     "--roll", "3"})
                          .out);
    // a number with no sign, and a negative one, as before
    CHECK(test::run_cli({"--seed", "5", "wind"}).code == 0);
    CHECK(error_of({"fire", "--to-hit", "-6", "--to-destroy", "2"}) ==
          "umpire: error: --to-hit is -6; allowed 0 to 10");
}

TEST_CASE("numbers: modifiers and splits have ranges, sums are checked, never wrapped", "[cli][numbers]")
{
    CHECK(error_of({"rally", "--rally-number", "8", "--suppressed", "1", "--mod", "2147483647"}) ==
          "umpire: error: --mod is 2147483647; allowed -20 to 20");
    CHECK(error_of({"close-combat", "--attacker-stands", "2", "--attacker-rally-number", "8", "--defender-stands", "2",
                    "--defender-rally-number", "8", "--defender-mod", "-2147483648"}) ==
          "umpire: error: --defender-mod is -2147483648; allowed -20 to 20");
    CHECK(error_of({"morale", "--stands", "4", "--eliminated", "1", "--mod", "2147483647"}) ==
          "umpire: error: --mod is 2147483647; allowed -200 to 200");
    // 2147483647 + 2147483647 + 10 wrapped to 8, the defender's strength, and passed.
    CHECK(error_of({"melee", "--attacker", "4", "--attacker", "3", "--attacker", "1", "--defender", "8", "--exchange",
                    "--split", "2147483647,2147483647,10"}) ==
          "umpire: error: --split: 2147483647 point(s) given; each is 0 to the defender's melee strength 8 (15.24)");
    // needed - best + 1 wrapped, and the command asked for billions of dice.
    CHECK(error_of({"always-possible", "--needed", "2147483647", "--best", "-2147483648"}) ==
          "umpire: error: --needed 2147483647 and --best -2147483648 ask for 4294967296 dice; at most 20 "
          "(umpire's limit: the text's Always Possible sets none)");
    CHECK(error_of({"always-possible", "--needed", "2147483647", "--best", "-2147483647"}) ==
          "umpire: error: --needed 2147483647 and --best -2147483647 ask for 4294967295 dice; at most 20 "
          "(umpire's limit: the text's Always Possible sets none)");
}

TEST_CASE("odds: a tree past the limit is refused from its first branch's estimate", "[cli][odds]")
{
    // drift --stands 7 drew 14 d10, 10^14 branches, and walked a million before refusing; its
    // stands are now walked apart, but with a die given the tree is walked whole. scatter's
    // blocks land one after another (a full hex moves the next), so they are walked whole.
    CHECK(error_of({"drift", "--altitude", "high", "--stands", "7", "--odds", "--roll", "1"}) ==
          "umpire: error: --odds: about 1e+13 branches to enumerate (13 dice drawn); at most 1000000: give some dice "
          "with --roll");
    CHECK(error_of({"scatter", "--paratroops", "12", "--odds"}) ==
          "umpire: error: --odds: about 2.18e+09 branches to enumerate (12 dice drawn); at most 1000000: give some "
          "dice with --roll");
}

TEST_CASE("numbers: suppress takes any number of stands, and refuses --odds past the engine's work at once",
          "[cli][numbers][odds]")
{
    // The rules set no limit on the stands under a template (11.3.3); the odds engine
    // does, by the work of counting them exactly (issue 26), said in words before it starts.
    auto suppress = [](int stands) {
        std::vector<std::string> args = {"suppress"};
        for (int i = 0; i < stands; ++i) {
            args.insert(args.end(), {"--stand", "open"});
        }
        return args;
    };
    auto plain = suppress(3000);
    plain.insert(plain.end(), {"--roll", "1"});
    CHECK(test::run_cli(plain).code == 0);  // the plain resolution: rolls the rest
    auto odds = suppress(3000);
    odds.push_back("--odds");
    const auto refused = test::run_cli(odds);
    CHECK(refused.code == 64);
    CHECK(test::contains(refused.err, "3000 dice or parts read together take too much work to count exactly"));
    auto fewer = suppress(300);
    fewer.push_back("--odds");
    CHECK(test::run_cli(fewer).code == 0);
    // Stands that differ are each reckoned with their own dice. Before, the first stand
    // stood for all: heavy weapons, which no barrage touches (11.3.2), so no dice, and
    // three covers 3000 times ran the odds for 53 seconds (about 1.4e10 word sums by the
    // reckoning of refuse_heavy_tally: up to 9,001 counts of numbers up to 20,000 bits).
    // 1500 times: 1.8e9, refused before the work.
    std::vector<std::string> mixed = {"suppress"};
    for (int i = 0; i < 1500; ++i) {
        mixed.insert(mixed.end(), {"--stand", "open:hw", "--stand", "soft:at", "--stand", "hard"});
    }
    mixed.push_back("--odds");
    const auto heavy = test::run_cli(mixed);
    CHECK(heavy.code == 64);
    CHECK(test::contains(heavy.err, "4500 dice or parts read together take too much work to count exactly"));
    CHECK(heavy.out.empty());
    // a hundred times: about 5e5, answered
    mixed.resize(1 + 6 * 100);
    mixed.push_back("--odds");
    CHECK(test::run_cli(mixed).code == 0);
}

TEST_CASE("numbers: a modifier's --help gives the range its command holds it to", "[cli][numbers]")
{
    // A value past 32 bits is refused pointing to the option's --help (hunt39): each
    // modifier's help says the range the command refuses past, in the same words.
    struct Case {
        std::vector<std::string> args;  // the command, with the modifier last but its value
        std::string flag;
    };
    const std::vector<Case> cases{
        {{"morale", "--stands", "4", "--eliminated", "1", "--roll", "1"}, "--mod"},
        {{"command-roll", "--quality", "raw", "--roll", "1"}, "--mod"},
        {{"rally", "--quality", "raw", "--suppressed", "1", "--roll", "1"}, "--mod"},
        {{"landing", "--terrain", "open", "--roll", "1"}, "--mod"},
        {{"close-combat", "--attacker-stands", "2", "--attacker-rally-number", "7", "--defender-stands", "2",
          "--defender-rally-number", "7", "--roll", "1,1,1,1"},
         "--attacker-mod"},
        {{"close-combat", "--attacker-stands", "2", "--attacker-rally-number", "7", "--defender-stands", "2",
          "--defender-rally-number", "7", "--roll", "1,1,1,1"},
         "--defender-mod"},
    };
    for (const auto& c : cases) {
        INFO(c.args[0] + " " + c.flag);
        std::vector<std::string> past = c.args;
        past.insert(past.end(), {c.flag, "100000"});
        const auto refused = test::run_cli(past);
        REQUIRE(refused.code == 64);
        const size_t at = refused.err.find("allowed ");
        REQUIRE(at != std::string::npos);
        const std::string range =
            refused.err.substr(at + 8, refused.err.find_first_of(" (\n", refused.err.find(" to ", at) + 4) - at - 8);
        CHECK(range.find(" to ") != std::string::npos);
        const auto help = test::run_cli({c.args[0], "--help"});
        // the flag's own line (wrapped lines joined)
        std::string text = help.out;
        for (size_t nl; (nl = text.find("\n                              ")) != std::string::npos;) {
            text.replace(nl, 31, " ");
        }
        const size_t line = text.find("  " + c.flag + " N");
        REQUIRE(line != std::string::npos);
        CHECK(test::contains(text.substr(line, text.find('\n', line) - line), range));
    }
}
