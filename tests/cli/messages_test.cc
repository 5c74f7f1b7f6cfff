// Issue 10: messages that misled, and typos that got no suggestion.
#include "../helpers.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace umpire;

namespace {

std::string first_error(const std::vector<std::string>& args)
{
    auto r = test::run_cli(args);
    CHECK(r.code != 0);
    return r.err.substr(0, r.err.find('\n'));
}

}  // namespace

TEST_CASE("messages: table show keeps a long code apart from its name", "[cli][messages]")
{
    auto r = test::run_cli({"table", "show", "black-sea.asw"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("survivesSurvives") == std::string::npos);
    CHECK(r.out.find("\n  survives  Survives\n            - the escorts miss the submarine\n") != std::string::npos);
}

TEST_CASE("messages: a die's purpose says what the roll can do, as the working does", "[cli][messages]")
{
    auto r = test::run_cli({"suppress", "--stand", "open:armour", "--air", "rocket", "--roll", "3"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("stand 1 (armour, open): 1-4 destroys (12.2.2), else suppressed on 8 or less") !=
          std::string::npos);
    CHECK(r.out.find("3-4 destroys a vehicle or bunker (12.2.2) -> destroyed") != std::string::npos);
}

TEST_CASE("messages: close combat shows a roll with no modifier as the roll", "[cli][messages]")
{
    auto r =
        test::run_cli({"close-combat", "--attacker-stands", "2", "--attacker-rally-number", "8", "--defender-stands",
                       "2", "--defender-rally-number", "8", "--defender-mod", "2", "--roll", "8,3"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("attacker d10 8, defender d10 3 +2 = 5 (14.8.2: the lower loses)") != std::string::npos);
}

TEST_CASE("messages: errors say what is allowed, not where a file came from", "[cli][messages]")
{
    CHECK(first_error({"melee", "--attacker", "x", "--defender", "3"}).find("; give a number, or one of: Genoa, ") !=
          std::string::npos);
    CHECK(first_error({"check", "asw", "--mod", "2"}) ==
          "umpire: error: --mod 2: table black-sea.asw takes no number; its modifiers are named: escorts, "
          "escorts-before-1918 (NAME, or NAME=COUNT)");
    std::istringstream in("--help\n");
    cli::Environment env;
    env.in = &in;
    auto batch = test::run_cli({"batch"}, env);
    CHECK(batch.out.find("run 'umpire --help' outside the batch") != std::string::npos);
}

TEST_CASE("messages: a typo gets the nearest name", "[cli][messages]")
{
    CHECK(first_error({"melee", "--atacker", "4", "--defender", "3"}) ==
          "umpire: error: unknown option '--atacker' (did you mean '--attacker'?); 'umpire COMMAND --help' lists a "
          "command's options");
    CHECK(first_error({"melee", "--attacker", "4", "--defender", "3", "--rol", "9"}).find("(did you mean '--roll'?)") !=
          std::string::npos);
    CHECK(first_error({"crt", "--attack", "5", "--defense", "3", "--river", "al"}) ==
          "umpire: error: --river: 'al' is not one of none, some, all (did you mean 'all'?)");
    CHECK(first_error({"weather", "--game", "novo"}).find("(did you mean 'novorossiysk'?)") != std::string::npos);
    CHECK(first_error({"check", "strom"}) ==
          "umpire: error: no check 'strom' (did you mean 'storm'?); 'umpire check list' shows them all");
    CHECK(first_error({"table", "lookup", "great-battles.day-length", "--row", "november"}) ==
          "umpire: error: --row: no row 'november' on table great-battles.day-length (did you mean 'nov'?)");
    CHECK(first_error({"hits", "--attacker", "figher:red", "--defender", "small"})
              .find("no hit die 'figher' (did you mean 'fighter'?)") != std::string::npos);
}

TEST_CASE("messages: --scenario is checked when given, even when no unit is named", "[cli][messages]")
{
    auto missing = test::run_cli({"--scenario", "nosuch", "wind", "--roll", "7,7"});
    CHECK(missing.code == 66);
    CHECK(missing.err.rfind("umpire: error: --scenario: no scenario 'nosuch'", 0) == 0);
    auto garbage_file =
        std::filesystem::temp_directory_path() / ("umpire-garbage-" + std::to_string(::getpid()) + ".toml");
    std::ofstream(garbage_file) << "garbage = = \n";
    auto garbage = test::run_cli({"--scenario", garbage_file.string(), "wind", "--roll", "7,7"});
    CHECK(garbage.code == 65);
    std::filesystem::remove(garbage_file);
}
