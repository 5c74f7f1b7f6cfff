// Issue 10: messages that misled, and typos that got no suggestion.
#include "../helpers.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace umpire;
using test::contains;
using test::run_cli;

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

TEST_CASE("messages: an option of one value given twice is named as typed, with what to do", "[cli][messages]")
{
    // CLI11 said "At Most 1 required but received 2", and of ram's --rammer with --strength
    // (two names of one option) named only --strength, which was typed once.
    auto seed = test::run_cli({"--seed", "4", "--seed=5", "wind"});
    CHECK(seed.code == 64);
    CHECK(contains(seed.err, "--seed is given 2 times; it takes one value: give it once"));
    auto ram = test::run_cli({"ram", "--rammer", "3", "--strength", "4", "--defense", "A"});
    CHECK(ram.code == 64);
    CHECK(contains(ram.err, "--rammer and --strength are names of one option, given 2 times"));
    CHECK(!contains(ram.err, "At Most"));
    // options that take many (--roll, --attacker) are no concern of it
    CHECK(test::run_cli({"wind", "--roll", "9", "--roll", "7"}).code == 0);
    CHECK(test::run_cli({"melee", "--attacker", "4", "--attacker", "3", "--defender", "5", "--roll", "4"}).code == 0);
}

TEST_CASE("messages: a fixed choice is taken in any case, as a table's rows are", "[cli][messages]")
{
    // --quality AVERAGE was taken (a table's row) where --aa Heavy was refused (a fixed list)
    const auto lower =
        test::run_cli({"--json", "--seed", "1", "flak", "--aa", "heavy", "--altitude", "low", "--roll", "5"});
    const auto mixed =
        test::run_cli({"--json", "--seed", "1", "flak", "--aa", "Heavy", "--altitude", "LOW", "--roll", "5"});
    REQUIRE(lower.code == 0);
    CHECK(mixed.code == 0);
    CHECK(mixed.out == lower.out);  // the value as the choice is written: "heavy", "low"
    auto overrun = test::run_cli({"--json", "overrun", "--result", "De", "--attacking-armor", "8",
                                  "--defending-infantry", "3", "--weather", "good", "--terrain", "clear"});
    CHECK(overrun.code == 0);
    CHECK(test::contains(overrun.out, R"("result":"DE")"));
    CHECK(
        test::run_cli({"weather", "--game", "Novorossiysk", "--day", "1", "--phase", "Morning", "--roll", "9"}).code ==
        0);
    CHECK(test::run_cli({"free", "--as", "Rammed", "--roll", "1"}).code == 0);
    // a word that is none of them is still refused, with the nearest
    auto typo = test::run_cli({"flak", "--aa", "Hevy", "--altitude", "low"});
    CHECK(typo.code == 64);
    CHECK(test::contains(typo.err, "did you mean 'heavy'"));
}

TEST_CASE("messages: $UMPIRE_GAME and $UMPIRE_TABLES are held to printable text, as typed values are",
          "[cli][messages]")
{
    // an escape or a bidirectional control in them reached standard error raw (exit 66)
    cli::Environment game;
    game.game = "/tmp/\x1b[31mX";
    auto g = test::run_cli({"wind", "--roll", "9,7"}, game);
    CHECK(g.code == 64);
    CHECK(g.err == "umpire: error: $UMPIRE_GAME: '/tmp/\\x1b[31mX' has a control character (character 6); only "
                   "printable text is allowed\n");
    cli::Environment tables;
    tables.tables = "/tmp/\xe2\x80\xae"
                    "X";
    auto t = test::run_cli({"wind", "--roll", "9,7"}, tables);
    CHECK(t.code == 64);
    CHECK(test::contains(t.err, "$UMPIRE_TABLES: '/tmp/\\u202eX' has a control character"));
    CHECK(t.err.find('\xe2') == std::string::npos);
}

TEST_CASE("messages: the flag that was wrong is named, as it was typed", "[cli][messages]")
{
    struct Case {
        std::vector<std::string> args;
        std::string said;
    };
    for (const Case& c : std::vector<Case>{
             // CLI11 took the next option as the value: "--defender is required"
             {{"melee", "--attacker", "--defender", "5"},
              "--attacker: '--defender' is an option, not a value: give the value before it"},
             {{"storm", "--ship", "--roll", "3"}, "--ship: '--roll' is an option, not a value"},
             // "unknown command '9'"
             {{"--roll", "9", "wind"}, "--roll: not a global option; a command's options go after it"},
             // "cannot read '...'", no flag
             {{"--scenario", "/nonexistent/x.toml", "wind", "--roll", "9,7"},
              "--scenario: cannot read '/nonexistent/x.toml'"},
             // 0 was taken for the option left off: "give the attacker's stands"
             {{"close-combat", "--attacker-stands", "0", "--defender-stands", "2", "--attacker-quality", "average",
               "--defender-quality", "average"},
              "--attacker-stands 0: a side in close combat has a stand at least (14.8); allowed 1 to 100"},
         }) {
        INFO(c.args.front() << " " << c.args.at(1));
        const auto r = test::run_cli(c.args);
        CHECK(r.code != 0);
        CHECK(test::contains(r.err, "umpire: error: " + c.said));
    }
    // a negative number is still a value
    CHECK(test::run_cli({"morale", "--stands", "4", "--suppressed", "2", "--mod", "-10", "--roll", "5"}).code == 0);
}

TEST_CASE("messages: a typo gets the nearest name", "[cli][messages]")
{
    CHECK(first_error({"melee", "--atacker", "4", "--defender", "3"}) ==
          "umpire: error: unknown option '--atacker' (did you mean '--attacker'?); --help after the command lists "
          "its options");
    CHECK(first_error({"melee", "--attacker", "4", "--defender", "3", "--rol", "9"}).find("(did you mean '--roll'?)") !=
          std::string::npos);
    CHECK(first_error({"crt", "--attack", "5", "--defense", "3", "--river", "al"}) ==
          "umpire: error: --river: 'al' is not one of none, some, all (did you mean 'all'?)");
    CHECK(first_error({"weather", "--game", "novo"}).find("(did you mean 'novorossiysk'?)") != std::string::npos);
    CHECK(first_error({"check", "strom"}) ==
          "umpire: error: no check 'strom' (did you mean 'storm'?); 'umpire check list' shows them all");
    // The rows are listed, as they are when --row is left off (hunt48 F7): the months of
    // Great Battles 16.0.
    CHECK(first_error({"table", "lookup", "great-battles.day-length", "--row", "november"}) ==
          "umpire: error: --row: no row 'november' on table great-battles.day-length (did you mean 'nov'?); allowed: "
          "jan, feb, mar, apr, may, jun, jul, aug, sep, oct, nov, dec");
    CHECK(first_error({"table", "lookup", "great-battles.day-length", "--row", "swamp"}) ==
          "umpire: error: --row: no row 'swamp' on table great-battles.day-length; allowed: jan, feb, mar, apr, may, "
          "jun, jul, aug, sep, oct, nov, dec");
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

TEST_CASE("messages: a number out of range is said so, naming the flag and what it takes", "[cli][messages]")
{
    // 0 and -1 were taken for a flag left off ("give the attack as --attack N ..."), a
    // --mod past the range for a modifier's name, and a number past int's range was
    // "allowed -2147483648 to 2147483647", which no option takes.
    for (const char* attack : {"0", "-1", "1000001"}) {
        auto r = run_cli({"crt", "--attack", attack, "--defense", "3", "--roll", "3"});
        CHECK(r.code == 64);
        CHECK(contains(r.err, std::string("--attack ") + attack +
                                  ": --attack and --defense are total factors from 1 "
                                  "to 1000000 (XIII.B)"));
    }
    CHECK(contains(run_cli({"crt", "--defense", "3"}).err, "give the attack as --attack N"));
    for (const char* blocks : {"0", "-1"}) {
        auto r = run_cli({"scatter", "--paratroops", blocks, "--roll", "1"});
        CHECK(r.code == 64);
        CHECK(contains(r.err, std::string("--paratroops is ") + blocks + "; allowed 1 to 20"));
    }
    auto far = run_cli({"crt", "--attack", "99999999999", "--defense", "3"});
    CHECK(far.code == 64);
    CHECK(contains(far.err, "--attack: '99999999999' is out of range: far past any number this option takes"));
    CHECK_FALSE(contains(far.err, "2147483647"));
    auto mod = run_cli({"check", "portage", "--mod", "1000001"});
    CHECK(mod.code == 64);
    CHECK(contains(mod.err, "--mod '1000001' is out of range; allowed -1000000 to 1000000"));
    CHECK_FALSE(contains(mod.err, "no such modifier"));
}

TEST_CASE("messages: a --mod given twice is refused, naming it as typed (Black Sea ASW, Gunnery Range (7.6))",
          "[cli][messages]")
{
    // ASW: "adding one to the result for every three escorts": escorts=2 typed twice was
    // taken as four escorts, +1, and a die of 5 sank the submarine. A doubled flag was said
    // back as "single-primary=2", and a doubled initiative as "initiative=2", neither typed.
    auto twice = run_cli({"check", "asw", "--mod", "escorts=2", "--mod", "escorts=2", "--roll", "5"});
    CHECK(twice.code == 64);
    CHECK(
        contains(twice.err, "--mod escorts=2: escorts is given twice; give each modifier once, with its whole count"));
    auto flag =
        run_cli({"check", "gunnery-range-three", "--roll", "6", "--mod", "single-primary", "--mod", "single-primary"});
    CHECK(flag.code == 64);
    CHECK(contains(flag.err, "--mod single-primary: single-primary is given twice; give each modifier once"));
    CHECK_FALSE(contains(flag.err, "=2"));
    auto choice = run_cli({"check", "disengagement", "--roll", "4", "--mod", "initiative=1", "--mod", "initiative=1"});
    CHECK(choice.code == 64);
    CHECK(contains(choice.err, "--mod initiative=1: initiative is given twice"));
    CHECK_FALSE(contains(choice.err, "initiative=2"));
}

TEST_CASE("messages: a --mod count past its range says the modifier's own range (Black Sea ASW)", "[cli][messages]")
{
    // escorts takes 1 to 100 (black-sea.asw): 1001 was "allowed -1000 to 1000", 500 "allowed
    // 1 to 100".
    for (const char* escorts : {"escorts=1001", "escorts=500", "escorts=-5"}) {
        auto r = run_cli({"check", "asw", "--roll", "3", "--mod", escorts});
        CHECK(r.code == 64);
        CHECK(contains(r.err, std::string("--mod ") + escorts + ": allowed 1 to 100"));
        CHECK_FALSE(contains(r.err, "-1000 to 1000"));
    }
    auto far = run_cli({"check", "asw", "--roll", "3", "--mod", "escorts=99999999999"});
    CHECK(far.code == 64);
    CHECK(contains(far.err, "--mod escorts=99999999999: '99999999999' is far past any modifier's count"));
}

TEST_CASE("messages: a counted --mod always takes its count, a flag goes bare (Black Sea ASW, Automatic "
          "Disengagement)",
          "[cli][messages]")
{
    // "for every three escorts": a bare escorts was taken as one escort, while a bare
    // initiative ("may choose to add OR subtract one") was refused. Both need their count.
    auto escorts = run_cli({"check", "asw", "--roll", "4", "--mod", "escorts"});
    CHECK(escorts.code == 64);
    CHECK(contains(escorts.err, "--mod escorts: give its count, escorts=N (1 to 100)"));
    auto initiative = run_cli({"check", "disengagement", "--roll", "4", "--mod", "initiative"});
    CHECK(initiative.code == 64);
    CHECK(contains(initiative.err, "--mod initiative: give its count, initiative=1 or initiative=-1"));
    CHECK(run_cli({"check", "asw", "--roll", "4", "--mod", "escorts=1"}).code == 0);
    CHECK(run_cli({"check", "gunnery-range-three", "--roll", "6", "--mod", "single-primary"}).code == 0);
}

TEST_CASE("messages: an empty item of a list is refused, as an empty value is", "[cli][messages]")
{
    // CLI11 dropped it: wind --roll 9,,7 rolled 9 and 7 and said nothing.
    for (const char* list : {"9,,7", "9,7,", ",9", ","}) {
        auto r = run_cli({"wind", "--roll", list});
        CHECK(r.code == 64);
        CHECK(contains(r.err, std::string("--roll '") + list + "': an empty item in the list"));
    }
    auto joined = run_cli({"wind", "--roll=9,,7"});
    CHECK(joined.code == 64);
    CHECK(contains(joined.err, "--roll '9,,7': an empty item"));
    CHECK(run_cli({"wind", "--roll", "9,7"}).code == 0);
}

TEST_CASE("messages: a hex given twice, a path that is not there, a file for a directory", "[cli][messages]")
{
    // scatter --occupied 2=2 --occupied 2=0: the last won, silently; now refused, and the
    // hexes given are in the answer's inputs
    auto twice = run_cli({"-q", "scatter", "--paratroops", "3", "--occupied", "2=2", "--occupied", "2=0"});
    CHECK(twice.code == 64);
    CHECK(contains(twice.err, "--occupied 2=0: hex 2 is given twice"));
    auto once = run_cli({"-q", "--json", "scatter", "--paratroops", "1", "--occupied", "2=1", "--roll", "1"});
    CHECK(contains(once.out, R"("occupied":["2=1"])"));
    // table check of nothing was exit 65, 'cannot read', as if a table were bad
    auto none = run_cli({"table", "check", "/nonexistent-umpire-table"});
    CHECK(none.code == 66);
    CHECK(contains(none.err, "no file or directory '/nonexistent-umpire-table'"));
    // --tables naming a file said the directory 'does not exist'
    const test::TempDir dir("messages-tables");
    std::ofstream(dir / "file") << "x\n";
    auto file = run_cli({"--tables", dir / "file", "melee", "--attacker", "4", "--defender", "3"});
    CHECK(file.code == 66);
    CHECK(contains(file.err, "is a file, not a directory"));
}

TEST_CASE("messages: --json after the command makes an error JSON too, as it makes the answer", "[cli][messages]")
{
    auto answer = run_cli({"roll", "d6", "--json"});
    REQUIRE(answer.code == 0);
    CHECK(answer.out.starts_with("{"));
    auto error = run_cli({"roll", "d6", "--bogus", "--json"});
    CHECK(error.code == 64);
    CHECK(contains(error.out, R"("error":{"code":64)"));
}

TEST_CASE("messages: drift refuses --glider with --altitude, as flak does (Drop Zone rules, step 2)", "[cli][messages]")
{
    // Glider troops always drift as from low altitude: a high altitude given with them
    // was read as low without a word.
    // It said "give --altitude high|medium|low, or --glider (read as low)", as for neither
    // given: now it says the two exclude each other, and the rule that makes it so.
    CHECK(first_error({"drift", "--glider", "--altitude", "high", "--roll", "7,3"}) ==
          "umpire: error: --glider and --altitude high cannot be given together: the glider's altitude is the "
          "rules' (Drop Zone rules, Air Landings, step 2: \"Glider troops always roll for drift as if they had been "
          "dropped from a low altitude\"); give --glider alone, or --altitude high|medium|low for parachute troops");
    CHECK(first_error({"flak", "--aa", "heavy", "--glider", "--altitude", "low"}) ==
          "umpire: error: --glider and --altitude low cannot be given together: the glider's altitude is the "
          "rules' (Drop Zone rules, Air Landings, step 1: \"Glider troops are always considered to be dropped from a "
          "high altitude\"); give --glider alone, or --altitude high|medium|low for parachute troops");
    CHECK(first_error({"drift", "--roll", "7,3"}) ==
          "umpire: error: give --altitude high|medium|low (parachute troops), or --glider (Drop Zone rules, Air "
          "Landings, step 2: \"Glider troops always roll for drift as if they had been dropped from a low "
          "altitude\")");
    CHECK(test::run_cli({"drift", "--glider", "--roll", "7,4"}).code == 0);
    CHECK(test::run_cli({"flak", "--aa", "heavy", "--glider", "--roll", "5"}).code == 0);
}

TEST_CASE("messages: Novorossiysk Surprise is the attacker's, --surprise defender is refused", "[cli][messages]")
{
    // Surprise: "the Units in attack move into attack" by day, "the attacking Units" at night.
    CHECK(first_error({"hits", "--attacker", "small", "--defender", "small", "--surprise", "defender"}) ==
          "umpire: error: --surprise defender: Surprise is the attacker's only (by day Units that move into attack, at "
          "night the attacking Units); give --surprise attacker, or --time day|night to work it out");
}

TEST_CASE("messages: a check's modifiers are named as its table gives them (11.2.3)", "[cli][messages]")
{
    // The header advertised the on-call +30 penalty, yet on-call was "no such modifier; it
    // takes none": it is now the table's named modifier.
    auto on_call = test::run_cli({"check", "barrage-delay", "--mod", "on-call", "--roll", "40"});
    CHECK(on_call.code == 0);
    CHECK(contains(on_call.out, "+30 on-call"));
    // A table that takes only a number says so, not that it takes none.
    CHECK(first_error({"check", "portage", "--mod", "strong", "--roll", "3"}) ==
          "umpire: error: --mod strong: check constantinople.portage has no such modifier; it takes a number only, "
          "--mod N (Assault Capability Number (7.21))");
}

TEST_CASE("messages: a command or option as typed reaches the terminal with its escapes written out", "[cli][messages]")
{
    // The terminal guard lets umpire's own colour (ESC [ ... m) through, so an SGR escape
    // in an unknown command hid the text after it, and U+202E turned the line (hunt32).
    // Each is written out where the word is quoted.
    const std::string hidden = "\x1b[8mhidden\x1b[0m";
    const std::string turned = "a\xe2\x80\xae"
                               "b";
    auto command = run_cli({hidden});
    CHECK(command.code == 64);
    CHECK(contains(command.err, "unknown command '\\x1b[8mhidden\\x1b[0m'"));
    CHECK_FALSE(contains(command.err, "\x1b"));
    auto option = run_cli({"roll", "--x" + turned, "2d6"});
    CHECK(option.code == 64);
    CHECK_FALSE(contains(option.err, "\xe2\x80\xae"));
    CHECK((contains(option.err, "U+202E") || contains(option.err, "\\u202e")));
    auto before = run_cli({"--x" + hidden, "wind"});
    CHECK(before.code == 64);
    CHECK_FALSE(contains(before.err, "\x1b"));
    auto cli11 = run_cli({"game", "new", "constantinople", "--", "-" + hidden});
    CHECK(cli11.code == 64);
    CHECK_FALSE(contains(cli11.err, "\x1b"));
}

TEST_CASE("messages: a word no command's action is named, for every command with actions", "[cli][messages]")
{
    // 'game nosuch' and 'seed nosuch' named the word; 'table nosuch' and 'plan nosuch' said
    // only "A subcommand is required" (hunt45). Every command is given a word it cannot take
    // where its action or first argument goes: the refusal names the word.
    const auto listed = run_cli({"nosuchcommand"}).err;
    const size_t at = listed.find("commands: ");
    REQUIRE(at != std::string::npos);
    const std::string names = listed.substr(at + 10, listed.find_first_of(";\n", at) - at - 10);
    size_t checked = 0;
    for (size_t from = 0; from < names.size();) {
        const size_t comma = std::min(names.find(", ", from), names.size());
        const std::string command = names.substr(from, comma - from);
        from = comma + 2;
        auto r = run_cli({command, "zzqx"});
        if (r.code == 0) {
            continue;  // a command whose words are free (roll's label)
        }
        ++checked;
        INFO(command << ": " << r.err);
        CHECK_FALSE(contains(r.err, "A subcommand is required"));
        // a command whose first word is an action, a table or a check: the word is named
        static const std::vector<std::string> k_actions{"table", "plan",       "game",  "seed",   "deck",
                                                        "pbem",  "completion", "check", "resolve"};
        if (std::find(k_actions.begin(), k_actions.end(), command) != k_actions.end()) {
            CHECK(contains(r.err, "'zzqx'"));
        }
    }
    CHECK(checked > 30);
    CHECK(first_error({"table", "nosuch"}) ==
          "umpire: error: table: 'nosuch' is not one of list, show, sheet, lookup, import, edit, diff, reset, check");
    CHECK(contains(first_error({"plan", "mele"}), "plan: 'mele' is not one of melee, crt, resolve (did you mean"));
    // a real action still runs, and an option before it is CLI11's as before
    CHECK(run_cli({"table", "list"}).code == 0);
}

TEST_CASE("messages: a command's word wrong or missing is said of the command, not of CLI11's placeholder",
          "[cli][messages]")
{
    // 'game foo' said "ACTION: 'foo' is not one of ...", 'game' "ACTION is required" and
    // 'table' "A subcommand is required": CLI11's placeholder, no command (hunt49).
    CHECK(first_error({"game", "foo"}) == "umpire: error: game: 'foo' is not one of new, status, sequence, next, "
                                          "undo, redo, rebuild, recover, set");
    CHECK(first_error({"pbem", "foo"}) ==
          "umpire: error: pbem: 'foo' is not one of key, trust, offer, answer, reveal, settle, verify");
    CHECK(first_error({"seed", "foo"}) ==
          "umpire: error: seed: 'foo' is not one of commit, verify, contribute, combine");
    CHECK(first_error({"deck", "drwa"}) ==
          "umpire: error: deck: 'drwa' is not one of draw, play, show (did you mean 'draw'?)");
    CHECK(first_error({"completion", "tcsh"})
              .starts_with("umpire: error: completion: 'tcsh' is not one of bash, zsh, "
                           "fish"));
    CHECK(first_error({"game"}) == "umpire: error: game: ACTION is required: new, status, sequence, next, undo, "
                                   "redo, rebuild, recover or set");
    CHECK(first_error({"table", "show"}).starts_with("umpire: error: table show: ID is required: "));
    CHECK(
        first_error({"table"}) ==
        "umpire: error: table: a subcommand is required: list, show, sheet, lookup, import, edit, diff, reset, check");
    // the class: every command with a word it cannot take, and every command that needs a
    // word (the others read standard input, bare) with none, is named first
    const auto listed = run_cli({"nosuchcommand"}).err;
    const size_t at = listed.find("commands: ");
    REQUIRE(at != std::string::npos);
    const std::string names = listed.substr(at + 10, listed.find_first_of(";\n", at) - at - 10);
    static const std::vector<std::string> k_worded{"table", "plan",       "game",    "seed",    "deck",
                                                   "pbem",  "completion", "check",   "resolve", "roll",
                                                   "luck",  "replay",     "compare", "reef",    "explain"};
    for (size_t from = 0; from < names.size();) {
        const size_t comma = std::min(names.find(", ", from), names.size());
        const std::string command = names.substr(from, comma - from);
        from = comma + 2;
        std::vector<std::vector<std::string>> calls{{command, "zzqx"}};
        if (std::find(k_worded.begin(), k_worded.end(), command) != k_worded.end()) {
            calls.push_back({command});
        }
        for (const auto& args : calls) {
            const auto r = run_cli(args);
            INFO(args.front() << " (" << args.size() << " words): " << r.err);
            const std::string head = r.err.substr(0, r.err.find_first_of(" :", 15));
            // not a placeholder ("umpire: error: ACTION"), nor CLI11's "A subcommand"
            CHECK_FALSE(head == "umpire: error: A");
            CHECK_FALSE((head.size() > 16 && std::all_of(head.begin() + 15, head.end(), [](char c) {
                             return std::isupper(static_cast<unsigned char>(c)) != 0;
                         })));
        }
    }
}

TEST_CASE("messages: a word a command cannot take is said of the command, with what it takes", "[cli][messages]")
{
    // CLI11 said "The following argument was not expected: foo", of no command (fix53).
    CHECK(first_error({"wind", "foo"}) ==
          "umpire: error: wind: unexpected word 'foo' (wind takes no words, only flags; see umpire wind --help)");
    CHECK(first_error({"melee", "foo", "--attacker", "4", "--defender", "4"}) ==
          "umpire: error: melee: unexpected word 'foo' (melee takes no words, only flags; see umpire melee --help)");
    CHECK(first_error({"crt", "5", "--attack", "5", "--defense", "3"}) ==
          "umpire: error: crt: unexpected word '5' (crt takes no words, only flags; see umpire crt --help)");
    CHECK(first_error({"wind", "foo", "bar"}) == "umpire: error: wind: unexpected words 'foo', 'bar' (wind takes no "
                                                 "words, only flags; see umpire wind --help)");
    CHECK(
        first_error({"seed", "verify", "foo"}) ==
        "umpire: error: seed: unexpected word 'foo' (seed takes one word, ACTION, and flags; see umpire seed --help)");
    CHECK(first_error({"check", "list", "foo"}) ==
          "umpire: error: check: unexpected word 'foo' (check takes one word, ID, and flags; see umpire check --help)");
    CHECK(first_error({"table", "show", "constantinople.melee", "foo"}) ==
          "umpire: error: table show: unexpected word 'foo' (table show takes one word, ID, and flags; see umpire "
          "table show --help)");
    // the usage hint and exit 64 as for any word of a command's that is wrong ('game foo')
    auto r = run_cli({"initiative", "foo"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "\nRun 'umpire --help' or 'umpire COMMAND --help' for usage.\n"));
    // under --json the error object says it too
    r = run_cli({"--json", "batch", "foo"});
    CHECK(r.code == 64);
    CHECK(contains(r.out, "\"message\":\"batch: unexpected word 'foo' (batch takes no words, only flags; see umpire "
                          "batch --help)\""));
    // at the shell's prompt its help is 'help COMMAND'
    cli::Environment shell;
    shell.shell = true;
    r = run_cli({"wind", "foo"}, shell);
    CHECK(contains(r.err, "wind: unexpected word 'foo' (wind takes no words, only flags; see help wind)"));
    // a word is said before a required option missing: it was meant for one
    CHECK(first_error({"melee", "4", "5"}) == "umpire: error: melee: unexpected words '4', '5' (melee takes no words, "
                                              "only flags; see umpire melee --help)");
    // the class: every command that takes no word, given one
    const auto listed = run_cli({"nosuchcommand"}).err;
    const size_t at = listed.find("commands: ");
    REQUIRE(at != std::string::npos);
    const std::string names = listed.substr(at + 10, listed.find_first_of(";\n", at) - at - 10);
    static const std::vector<std::string> k_worded{"table", "plan",       "game",    "seed",    "deck",
                                                   "pbem",  "completion", "check",   "resolve", "roll",
                                                   "luck",  "replay",     "compare", "reef",    "explain"};
    for (size_t from = 0; from < names.size();) {
        const size_t comma = std::min(names.find(", ", from), names.size());
        const std::string command = names.substr(from, comma - from);
        from = comma + 2;
        if (std::find(k_worded.begin(), k_worded.end(), command) == k_worded.end()) {
            INFO(command);
            CHECK(first_error({command, "zzqx"}) == "umpire: error: " + command + ": unexpected word 'zzqx' (" +
                                                        command + " takes no words, only flags; see umpire " + command +
                                                        " --help)");
        }
    }
}

TEST_CASE("messages: a word no subcommand of table or plan names ends with the usage hint, as game's does",
          "[cli][messages]")
{
    // 'game foo' ended with the usage hint, 'table foo' and 'plan foo' not (fix53)
    for (const std::string command : {"table", "plan", "game"}) {
        auto r = run_cli({command, "foo"});
        INFO(command);
        CHECK(r.code == 64);
        CHECK(r.err.starts_with("umpire: error: " + command + ": 'foo' is not one of "));
        CHECK(r.err.ends_with("\nRun 'umpire --help' or 'umpire COMMAND --help' for usage.\n"));
    }
}

TEST_CASE("messages: roll -n says the position it began at beside the seed, so the run replays", "[cli][messages]")
{
    // roll -n's JSON has position; its text said only "umpire: seed 3" (hunt45).
    const auto r = run_cli({"--seed", "3", "--position", "7", "roll", "-n", "2", "1d6"});
    CHECK(r.code == 0);
    CHECK(r.err == "umpire: seed 3 (position 7)\n");
    // replayed from there, the same totals
    CHECK(run_cli({"--seed", "3", "--position", "7", "roll", "-n", "2", "1d6"}).out == r.out);
    CHECK(run_cli({"--seed", "3", "roll", "-n", "1", "1d6"}).err == "umpire: seed 3\n");
}

TEST_CASE("messages: the seed used is reported under -q and --brief too", "[cli][messages][hunt56]")
{
    // umpire(1) --seed: "the seed used is always reported"; -q: "No warnings on standard
    // error (provisional data)", and the seed line is no warning (hunt56 #1).
    const auto quiet = run_cli({"-q", "--seed", "3", "--position", "7", "roll", "-n", "2", "1d6"});
    CHECK(quiet.code == 0);
    CHECK(quiet.err == "umpire: seed 3 (position 7)\n");
    // --brief's one line has no room for it: standard error carries it, as roll -n's does,
    // and a seed drawn afresh replays the same headline.
    const auto brief = run_cli({"--brief", "roll", "3d6"});
    CHECK(brief.code == 0);
    REQUIRE(brief.err.rfind("umpire: seed ", 0) == 0);
    const std::string seed = brief.err.substr(13, brief.err.size() - 14);
    CHECK(run_cli({"--brief", "--seed", seed, "roll", "3d6"}).out == brief.out);
    CHECK(run_cli({"-q", "--brief", "--seed", "5", "wind"}).err == "umpire: seed 5\n");
    // given dice need no seed (15.41: a 6 given is L), so none is said
    CHECK(run_cli({"--brief", "melee", "--attacker", "5", "--defender", "3", "--roll", "6"}).err.empty());
}

TEST_CASE("messages: game next refusing another game's flag says what this game's next step takes", "[cli][messages]")
{
    // Every game's next step takes --skip-due: Great Battles' "takes no option" was wrong
    // (hunt56); the Russian Portfolio's takes its --month too.
    const test::TempDir dir("next-takes");
    const std::string battles = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles-example", battles}).code == 0);
    const auto gb = run_cli({"game", "next", battles, "--month", "jun41"});
    CHECK(gb.code == 64);
    CHECK(contains(gb.err, "game next --month: great-battles's next step takes --skip-due only"));
    CHECK_FALSE(contains(gb.err, "no option"));
    const std::string portfolio = dir / "rp.toml";
    REQUIRE(run_cli({"game", "new", "russian-portfolio", portfolio}).code == 0);
    const auto rp = run_cli({"game", "next", portfolio, "--light", "night"});
    CHECK(rp.code == 64);
    CHECK(contains(rp.err, "game next --light: russian-portfolio's next step takes --month, --skip-due"));
}

TEST_CASE("messages: batch refuses --brief, as its lines do, since every answer is a JSON line", "[cli][messages]")
{
    // It was accepted and ignored (hunt56 #8): the full JSON came out all the same.
    std::istringstream in("wind\n");
    cli::Environment env;
    env.in = &in;
    const auto r = run_cli({"--brief", "batch"}, env);
    CHECK(r.code == 64);
    CHECK(contains(r.err, "--brief: batch answers each line with one JSON line"));
    CHECK(r.out.empty());
}

TEST_CASE("messages: roll -n refuses hit dice before anything is said of their provisional faces", "[cli][messages]")
{
    // hunt56 saw the provisional warning of the hit dice printed before the refusal; the
    // refusal comes first and alone.
    const auto r = run_cli({"roll", "-n", "2", "3white"});
    CHECK(r.code == 64);
    CHECK(r.err == "umpire: error: -n/--count rolls number dice only, not hit dice\n");
    CHECK(r.out.empty());
}
