// A printed chart typed in (table import), compared (diff), removed (reset) and validated
// (check), into the referee's own tables directory (issue 25, part 2).
#include "../helpers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// A file's bytes as they are (load::read_file, the reader umpire itself uses).
std::string slurp(const std::string& path) { return load::read_file(path); }

const std::string k_header = "die,1:4,1:3,1:2,1:1,3:2,2:1,3:1,4:1,5:1,7:1,10:1\n";
// umpire's stand-in, row by row, but 1:4 on a 1 reads S.
const std::string k_rows = "1,S,AE,AE,AD,AD,S,S,D1,X,D4,DX\n"
                           "2,AE,AE,AD,AD,S,S,D1,X,D4,DX,DE\n"
                           "3,AE,AD,AD,S,S,D1,X,D4,DX,DE,DE\n"
                           "4,AD,AD,S,S,D1,X,D4,DX,DE,DE,BR\n"
                           "5,AD,S,S,D1,X,D4,DX,DE,DE,BR,BR\n"
                           "6,S,S,D1,X,D4,DX,DE,DE,BR,BR,BR\n";

struct Referee {
    test::TempDir dir{"table-import"};
    cli::Environment env;
    std::string mine;
    Referee()
    {
        env.user_tables = dir / "config/umpire/tables";
        mine = env.user_tables + "/russian-portfolio/crt.toml";
    }
    std::string write(const std::string& name, const std::string& text) const
    {
        const std::string path = dir / name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    test::CliResult import(const std::string& text) const
    {
        return run_cli({"table", "import", "russian-portfolio.crt", write("chart.csv", text)}, env);
    }
    std::string crt(int attack, int defense, int die) const
    {
        auto r = run_cli({"--json", "crt", "--attack", std::to_string(attack), "--defense", std::to_string(defense),
                          "--roll", std::to_string(die)},
                         env);
        return r.code == 0 ? nlohmann::json::parse(r.out)["result"]["code"].get<std::string>() : "refused: " + r.err;
    }
};

// A referee's own check of a game umpire does not ship: a d6, 1-3 breaks, 4-6 holds.
const std::string k_house_morale =
    "id = \"skirmish.morale\"\ntitle = \"Morale\"\ngame = \"Skirmish\"\nsource = \"house\"\ndice = \"1d6\"\n"
    "[rows]\nkind = \"die\"\n[[row]]\ndie = \"1-3\"\nresult = \"breaks\"\n[[row]]\n"
    "die = \"4-6\"\nresult = \"holds\"\n[legend.breaks]\nname = \"Breaks\"\n"
    "[legend.holds]\nname = \"Holds\"\n";

}  // namespace

TEST_CASE("cli: table import installs the printed chart, diff shows it, reset removes it", "[cli][tables]")
{
    const Referee ref;
    auto imported = ref.import(k_header + k_rows);
    INFO(imported.err);
    REQUIRE(imported.code == 0);
    CHECK(contains(imported.out, "Imported 6 rows into russian-portfolio.crt: " + ref.mine));
    CHECK(contains(imported.out, "1 cell differs from umpire's provisional stand-in"));
    CHECK(ref.crt(1, 4, 1) == "S");  // the cell typed
    CHECK(ref.crt(5, 3, 3) == "S");  // VII.B's published cells are as umpire has them
    CHECK(ref.crt(2, 1, 3) == "D1");
    // It keeps the table's legend, notes and citations; it is no longer provisional.
    const std::string text = slurp(ref.mine);
    CHECK(contains(text, "[legend.AE]"));
    CHECK(contains(text, "source = \"Russian Portfolio XIII.C\""));
    CHECK(contains(text, "provisional = false"));
    CHECK_FALSE(contains(text, "# PROVISIONAL"));

    auto diff = run_cli({"table", "diff", "russian-portfolio.crt"}, ref.env);
    CHECK(contains(diff.out, "1 cell differs"));
    CHECK(contains(diff.out, "1 under 1:4: AE (umpire's) -> S (yours)"));
    auto json = run_cli({"--json", "table", "diff", "russian-portfolio.crt"}, ref.env);
    const auto j = nlohmann::json::parse(json.out);
    REQUIRE(j["differences"].size() == 1);
    CHECK(j["differences"][0]["column"] == "1:4");

    auto reset = run_cli({"table", "reset", "russian-portfolio.crt"}, ref.env);
    CHECK(reset.code == 0);
    CHECK_FALSE(std::filesystem::exists(ref.mine));
    CHECK(ref.crt(1, 4, 1) == "AE");
    CHECK(run_cli({"table", "reset", "russian-portfolio.crt"}, ref.env).code == 66);
    CHECK(contains(run_cli({"table", "diff", "russian-portfolio.crt"}, ref.env).out, "is umpire's own"));
    // a chart of the referee's own game: reset deleted his only copy ("gone")
    const std::string own = ref.env.user_tables + "/skirmish/events.toml";
    std::filesystem::create_directories(ref.env.user_tables + "/skirmish");
    std::ofstream(own) << "id = \"skirmish.events\"\n";  // reset reads nothing of it
    const auto kept = run_cli({"table", "reset", "skirmish.events"}, ref.env);
    CHECK(kept.code == 64);
    CHECK(contains(kept.err, "umpire ships no table of that id, so " + own + " is your only copy"));
    CHECK(std::filesystem::exists(own));
}

TEST_CASE("cli: table import under a --tables copy of the table says that copy is read, not the one installed",
          "[cli][tables]")
{
    // "Every call now reads it" while the very command line that imported it read the
    // --tables copy, which comes before the referee's directory (hunt48 F6).
    const Referee ref;
    const std::string given = ref.dir / "given";
    std::filesystem::create_directories(given + "/russian-portfolio");
    std::ofstream(given + "/russian-portfolio/crt.toml")
        << slurp(std::string(UMPIRE_SOURCE_DIR) + "/tables/russian-portfolio/crt.toml");
    auto r = run_cli(
        {"--tables", given, "table", "import", "russian-portfolio.crt", ref.write("chart.csv", k_header + k_rows)},
        ref.env);
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "Calls without --tables or $UMPIRE_TABLES now read it (umpire table reset"));
    CHECK(contains(r.err, "umpire: warning: russian-portfolio.crt is read from " + given +
                              "/russian-portfolio/crt.toml (--tables or $UMPIRE_TABLES), which comes before yours"));
    CHECK(ref.crt(1, 4, 1) == "S");  // the import, read without --tables
    // Without --tables the import says every call reads it, and no warning.
    auto plain = ref.import(k_header + k_rows);
    CHECK(contains(plain.out, "Every call now reads it"));
    CHECK_FALSE(contains(plain.err, "warning"));
}

TEST_CASE("cli: two files of one table id in a tables directory are refused, naming both", "[cli][tables]")
{
    // DIR/GAME/NAME.toml and DIR/GAME.NAME.toml: the second was never read, even by table
    // check, and an edit to it changed nothing
    test::TempDir dir("two-files");
    const std::string morale = k_house_morale;
    std::filesystem::create_directories(dir / "skirmish");
    std::ofstream(dir / "skirmish/morale.toml") << morale;
    REQUIRE(run_cli({"--tables", dir.path.string(), "check", "skirmish.morale", "--roll", "4"}).code == 0);
    std::ofstream(dir / "skirmish.morale.toml") << "this is = = not toml\n";
    const std::string both =
        dir / "skirmish.morale.toml" + " and " + dir / "skirmish/morale.toml" + " both hold table skirmish.morale";
    const auto call = run_cli({"--tables", dir.path.string(), "check", "skirmish.morale", "--roll", "4"});
    CHECK(call.code == 65);
    CHECK(contains(call.err, both));
    const auto check = run_cli({"table", "check", dir.path.string()});
    CHECK(check.code == 65);
    CHECK(contains(check.err, both));
    // a folder split at another dot of a longer id is read too, as table list names it
    std::filesystem::remove_all(dir.path);
    std::filesystem::create_directories(dir / "skirmish");
    std::string deep = morale;
    deep.replace(deep.find("skirmish.morale"), 15, "skirmish.night.morale");
    std::ofstream(dir / "skirmish/night.morale.toml") << deep;
    CHECK(run_cli({"--tables", dir.path.string(), "check", "skirmish.night.morale", "--roll", "4"}).code == 0);
}

TEST_CASE("cli: table check FILE refuses an id that the file's name could never be read as", "[cli][tables]")
{
    test::TempDir dir("check-file-id");
    const std::string morale = k_house_morale;
    auto check = [&](const std::string& name) {
        std::filesystem::create_directories(std::filesystem::path(dir / name).parent_path());
        std::ofstream(dir / name) << morale;
        return run_cli({"table", "check", dir / name});
    };
    // The id's last part, or the whole id: as DIR/GAME/NAME.toml and DIR/GAME.NAME.toml are read.
    CHECK(check("skirmish/morale.toml").code == 0);
    CHECK(check("morale.toml").code == 0);
    CHECK(check("skirmish.morale.toml").code == 0);
    // Any other name: no tables directory could read the file as skirmish.morale.
    const auto other = check("skirmish/nerve.toml");
    CHECK(other.code == 65);
    CHECK(contains(other.err, dir / "skirmish/nerve.toml" +
                                  ":1:6: id 'skirmish.morale' does not match the file name, which makes it "
                                  "'skirmish.nerve'"));
    CHECK(contains(other.out, "0 of 1 table valid"));
    CHECK(contains(check("skirmish.nerve.toml").err, "which makes it 'skirmish.nerve'"));
    CHECK(contains(check("xmorale.toml").err, "which makes it 'skirmish.xmorale'"));
    // In a game's folder (its other tables are skirmish's) the folder names the game, as
    // table check DIR and every call read it: other.morale there was passed (hunt48 F7).
    std::string other_game = morale;
    other_game.replace(other_game.find("skirmish.morale"), 15, "other.morale");
    std::ofstream(dir / "skirmish/morale.toml") << other_game;
    const auto moved = run_cli({"table", "check", dir / "skirmish/morale.toml"});
    CHECK(moved.code == 65);
    CHECK(contains(moved.err, ":1:6: id 'other.morale' does not match the file name, which makes it "
                              "'skirmish.morale'"));
    CHECK(run_cli({"table", "check", dir.path.string()}).code == 65);
}

TEST_CASE("cli: table check reports the first fault of each file, as its help says", "[cli][tables]")
{
    // An unknown key, a code not in the legend and a gap: the loader stops at the first.
    test::TempDir dir("check-first-fault");
    std::filesystem::create_directories(dir / "bad");
    std::ofstream(dir / "bad/t.toml") << "id = \"bad.t\"\ntitle = \"T\"\ngame = \"Bad\"\nsource = \"Bad 1.1\"\n"
                                         "dice = \"1d6\"\ncolour = \"red\"\n[rows]\nkind = \"die\"\n[[row]]\n"
                                         "die = \"1-2\"\nresult = \"zz\"\n[[row]]\ndie = \"4-6\"\nresult = \"b\"\n"
                                         "[legend.b]\nname = \"B\"\n";
    const auto check = run_cli({"table", "check", dir.path.string()});
    CHECK(check.code == 65);
    CHECK(contains(check.err, "unknown key 'colour'"));
    CHECK_FALSE(contains(check.err, "'zz'"));
    CHECK_FALSE(contains(check.err, "gap"));
    // umpire(1) said "each fault"; what is said is the first of each file.
    CHECK(contains(run_cli({"table", "check", "--help"}).out, "the first fault of each file"));
}

TEST_CASE("cli: table check under --json answers with its report of faults, as umpire(1) says, not an error object",
          "[cli][tables]")
{
    // umpire(1) EXIT STATUS said every error under --json is an {"error": ...} object; table
    // check with a bad file exits 65 with its report instead, as seed verify, replay, game
    // rebuild and pbem verify do with theirs. The report is the answer, and the page says so.
    test::TempDir dir("check-json");
    std::filesystem::create_directories(dir / "bad");
    std::ofstream(dir / "bad/t.toml") << "id = \"bad.t\"\nbogus = 1\n";
    const auto r = run_cli({"--json", "table", "check", dir.path.string()});
    CHECK(r.code == 65);
    const auto answer = nlohmann::json::parse(r.out);
    CHECK(answer["command"] == "table check");
    CHECK_FALSE(answer.contains("error"));
    REQUIRE(answer["checked"].size() == 1);
    CHECK(contains(answer["checked"][0]["error"].get<std::string>(), "t.toml:2:1: unknown key 'bogus'"));
    CHECK(contains(r.err, "umpire: error: "));
    // A check that cannot run at all is an error object: a directory that is not there.
    const auto missing = run_cli({"--json", "table", "check", dir / "none"});
    CHECK(missing.code == 66);
    CHECK(nlohmann::json::parse(missing.out).contains("error"));
    // The man page says both, where the error object is described and under table check.
    std::string page = slurp(std::string(UMPIRE_SOURCE_DIR) + "/man/umpire.1");
    std::string flat;
    for (char c : page) {
        flat += c == '\n' ? ' ' : c;
    }
    const size_t exit_status = flat.find(".SH EXIT STATUS");
    REQUIRE(exit_status != std::string::npos);
    const std::string section = flat.substr(exit_status, flat.find(".SH EXAMPLES") - exit_status);
    CHECK(contains(section, "and no \\fBerror\\fR object"));
    CHECK(contains(section, "\\fBtable check\\fR (a file with a fault"));
    CHECK(contains(flat, "the report is the answer, not an \\fBerror\\fR object (EXIT STATUS)"));
}

TEST_CASE("cli: table check --json names each file read, and a faulty file's id where it names one", "[cli][tables]")
{
    // The schema's table_check: checked[] is "each file read" (hunt45 #6: a directory's files
    // were each reported as the directory).
    test::TempDir dir("check-json-files");
    std::filesystem::create_directories(dir / "bad");
    std::ofstream(dir / "bad/t.toml") << "id = \"bad.t\"\nbogus = 1\n";
    std::ofstream(dir / "skirmish.morale.toml") << k_house_morale;  // a good file
    const auto r = run_cli({"--json", "table", "check", dir.path.string()});
    const auto checked = nlohmann::json::parse(r.out)["checked"];
    std::map<std::string, std::string> file_of;
    for (const auto& c : checked) {
        file_of[c["id"].get<std::string>()] = c["file"].get<std::string>();
    }
    CHECK(file_of["bad.t"] == dir / "bad/t.toml");
    CHECK(file_of["skirmish.morale"] == dir / "skirmish.morale.toml");
    // a single file with a fault past its id: the id it names
    const auto one = run_cli({"--json", "table", "check", dir / "bad/t.toml"});
    CHECK(one.code == 65);
    const auto only = nlohmann::json::parse(one.out)["checked"][0];
    CHECK(only["file"] == dir / "bad/t.toml");
    CHECK(only["id"] == "bad.t");
    // text that is no TOML names no id
    std::ofstream(dir / "bad/v.toml") << "id = \n";
    CHECK(nlohmann::json::parse(run_cli({"--json", "table", "check", dir / "bad/v.toml"}).out)["checked"][0]["id"] ==
          "");
}

TEST_CASE("cli: table import reads the grid as typed: spaces and tabs, a BOM, CRLF, grouped and dashed die rows",
          "[cli][tables]")
{
    Referee ref;
    // No corner cell, tabs and spaces, CRLF, a byte-order mark, rows grouped as a chart prints
    // them (1-2, an en dash in 4–6), standard input.
    const std::string grid = "\xEF\xBB\xBF"
                             "1:4\t1:3 1:2 1:1 3:2 2:1 3:1 4:1 5:1 7:1 10:1\r\n"
                             "# a comment line\r\n"
                             "1-2\tAE AE AE AD AD S S D1 X D4 DX\r\n"
                             "3   AE AD AD S S D1 X D4 DX DE DE\r\n"
                             "4\u20136 AD S S D1 X D4 DX DE DE BR BR\r\n";
    std::istringstream in(grid);
    ref.env.in = &in;
    auto r = run_cli({"table", "import", "russian-portfolio.crt", "-"}, ref.env);
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(contains(r.out, "Imported 3 rows"));
    CHECK(ref.crt(1, 4, 2) == "AE");
    CHECK(ref.crt(1, 3, 6) == "S");  // 4-6 under 1:3
    CHECK(ref.crt(3, 2, 3) == "S");  // 3:2 on a 3, VII.B
    // "5+" as a chart prints its last row: 5 and over, written 5.. in the table.
    auto plus = ref.import(k_header + "1-2,AE,AE,AE,AD,AD,S,S,D1,X,D4,DX\n3-4,AE,AD,AD,S,S,D1,X,D4,DX,DE,DE\n" +
                           "5+,S,S,D1,X,D4,DX,DE,DE,BR,BR,BR\n");
    INFO(plus.err);
    REQUIRE(plus.code == 0);
    CHECK(contains(slurp(ref.mine), "die = \"5..\""));
    CHECK(ref.crt(1, 4, 6) == "S");
    CHECK(ref.crt(1, 4, 5) == "S");
    CHECK(ref.crt(1, 4, 4) == "AE");
    auto bad = ref.import(k_header + "1-4,AE,AE,AE,AD,AD,S,S,D1,X,D4,DX\n+5+,S,S,D1,X,D4,DX,DE,DE,BR,BR,BR\n");
    CHECK(bad.code == 65);
    CHECK(contains(bad.err, "'+5+' is not a die range"));
}

TEST_CASE("cli: table import refuses a grid that does not fit, naming the place, and keeps the good table",
          "[cli][tables]")
{
    const Referee ref;
    REQUIRE(ref.import(k_header + k_rows).code == 0);
    const std::string good = slurp(ref.mine);
    const std::string rows_2_6 = k_rows.substr(k_rows.find('\n') + 1);
    struct Bad {
        const char* what;
        std::string grid;
        std::string says;
    };
    const std::vector<Bad> bad{
        {"a ragged row", k_header + "1,S,AE,AE\n" + rows_2_6,
         "chart.csv:2:8: 4 cells, but a row is its die result and 11"},
        {"an unknown code", k_header + "1,S,AE,AE,AD,AD,S,S,D1,X,D4,DZ\n" + rows_2_6,
         "chart.csv:2:29: 'DZ' is no result of russian-portfolio.crt"},
        {"an empty cell", k_header + "1,S,,AE,AD,AD,S,S,D1,X,D4,DX\n" + rows_2_6, "chart.csv:2:5: an empty cell"},
        {"a gap", k_header + "1,S,AE,AE,AD,AD,S,S,D1,X,D4,DX\n" + rows_2_6.substr(rows_2_6.find('\n') + 1),
         "a gap: no row for 2 between 1 and 3"},
        {"an overlap", k_header + "1-2,S,AE,AE,AD,AD,S,S,D1,X,D4,DX\n" + rows_2_6,
         "row 2 overlaps or comes before 1-2"},
        {"columns out of order", "die,1:3,1:4,1:2,1:1,3:2,2:1,3:1,4:1,5:1,7:1,10:1\n" + k_rows,
         "chart.csv:1:5: the 1st column is '1:3', but russian-portfolio.crt's 1st is '1:4'"},
        {"a column twice", "die,1:4,1:4,1:2,1:1,3:2,2:1,3:1,4:1,5:1,7:1,10:1\n" + k_rows,
         "chart.csv:1:9: column '1:4' again (it is the 1st already)"},
        {"a column missing", "die,1:3,1:2,1:1,3:2,2:1,3:1,4:1,5:1,7:1,10:1\n" + k_rows,
         "chart.csv:1:1: the header names 10 columns, but russian-portfolio.crt has 11: 1:4 1:3"},
        {"the die short", k_header + k_rows.substr(0, k_rows.rfind("6,")), "the last row is 5, but d6 can roll 6"},
        // past the die: the grid's own place, not the line of the TOML it would have become
        {"a row past the die", k_header + k_rows + "7,S,S,S,S,S,S,S,S,S,S,S\n",
         "chart.csv:8:1: row 7 is outside d6's 1 to 6"},
        {"a first row below the die", k_header + "0-1,S,AE,AE,AD,AD,S,S,D1,X,D4,DX\n" + rows_2_6,
         "chart.csv:2:1: row 0-1 runs past d6's 1 to 6; a table without modifiers reads only the die's own totals"},
        {"a binary file",
         std::string("die,1:4\n\x7f"
                     "ELF\0\0",
                     14),
         "chart.csv:2:1: the control character"},
        {"a NUL byte", k_header + std::string("1,S\0", 4), "a NUL byte: this is a binary file"},
        {"Latin-1 text", k_header + "1,S\xe9\n", "not UTF-8 text"},
        {"nothing", "\n# only a comment\n", "no chart in it"},
    };
    for (const auto& b : bad) {
        auto r = ref.import(b.grid);
        INFO(b.what << ": " << r.err);
        CHECK(r.code == 65);
        CHECK(contains(r.err, b.says));
        CHECK(slurp(ref.mine) == good);  // the previous good table stays
    }
    // A file past the size of any table is refused before it is read.
    const std::string big = ref.dir / "big.csv";
    {
        std::ofstream out(big, std::ios::binary);
        const std::string line(1023, 'x');
        for (int i = 0; i < 2048; ++i) {
            out << line << "\n";
        }
    }
    auto huge = run_cli({"table", "import", "russian-portfolio.crt", big}, ref.env);
    CHECK(huge.code == 65);
    CHECK(contains(huge.err, "may be at most 1048576 bytes"));
    CHECK(slurp(ref.mine) == good);
    // An unknown table, and a home without a tables directory, are refused in words.
    CHECK(run_cli({"table", "import", "russian-portfolio.crtt", big}, ref.env).code == 66);
    auto homeless = run_cli({"table", "import", "russian-portfolio.crt", ref.dir / "chart.csv"}, cli::Environment{});
    CHECK(homeless.code == 64);
    CHECK(contains(homeless.err, "you have no tables directory"));
}

TEST_CASE("cli: table import into a table with modifiers wants its first and last rows open, said at the grid's row",
          "[cli][tables]")
{
    // Border War's CRT (examples/border-war) adds --mod to the die: every total is read only
    // when the first row is "..N" and the last "N.." (umpire-tables(5), the loader's rule).
    const Referee ref;
    const std::string tables = std::string(UMPIRE_SOURCE_DIR) + "/examples/border-war/tables";
    const std::string header = "die, 1:2, 1:1, 2:1, 3:1, 4:1\n";
    const std::string middle = "2-3, AR, AR, NE, DR, DR\n4, NE, DR, DR, EX, DE\n5, NE, EX, EX, DE, DE\n";
    const auto import = [&](const std::string& first, const std::string& last) {
        return run_cli(
            {"--tables", tables, "table", "import", "border-war.crt",
             ref.write("bw.csv", header + first + ", AE, AR, AR, NE, DR\n" + middle + last + ", DR, EX, DE, DE, DE\n")},
            ref.env);
    };
    auto closed_first = import("1", "6+");
    CHECK(closed_first.code == 65);
    CHECK(contains(closed_first.err, "bw.csv:2:1: the first row is 1, but border-war.crt has modifiers: open it"));
    auto closed_last = import("..1", "6-7");
    CHECK(closed_last.code == 65);
    CHECK(contains(closed_last.err, "bw.csv:6:1: the last row is 6-7, but border-war.crt has modifiers: open it"));
    CHECK(!std::filesystem::exists(ref.env.user_tables + "/border-war/crt.toml"));
    auto open = import("..1", "6+");
    CHECK(open.code == 0);
    CHECK(std::filesystem::exists(ref.env.user_tables + "/border-war/crt.toml"));
}

TEST_CASE("cli: a table of the referee's that lacks what a command reads is refused, never read wrong", "[cli][tables]")
{
    const Referee ref;
    // A CRT without its 1:4 column, put in by hand: crt refuses it, naming what is missing.
    std::string text = slurp(std::string(UMPIRE_SOURCE_DIR) + "/tables/russian-portfolio/crt.toml");
    const std::string keys = "keys = [\"1:4\", ";
    REQUIRE(contains(text, keys));
    text.replace(text.find(keys), keys.size(), "keys = [");
    for (size_t at = text.find("cells = [\""); at != std::string::npos; at = text.find("cells = [\"", at + 1)) {
        const size_t comma = text.find(", ", at);
        text.erase(at + 9, comma + 2 - (at + 9));
    }
    std::filesystem::create_directories(ref.env.user_tables + "/russian-portfolio");
    std::ofstream(ref.mine) << text;
    auto crt = run_cli({"crt", "--attack", "5", "--defense", "3", "--roll", "3"}, ref.env);
    CHECK(crt.code == 65);
    // At the keys it is missing from, with the line and a caret, as every fault of a table file.
    CHECK(contains(crt.err, ref.mine + ":26:8: russian-portfolio.crt lacks column 1:4"));
    CHECK(contains(crt.err, "\n  keys = [\"1:3\", "));
    CHECK(contains(crt.err, "\n         ^\n"));
    // table check says the same of the file and of the directory, and installs nothing.
    auto file = run_cli({"table", "check", ref.mine}, ref.env);
    CHECK(file.code == 65);
    CHECK(contains(file.err, ref.mine + ":26:8: russian-portfolio.crt lacks column 1:4"));
    ref.write("good.toml", slurp(std::string(UMPIRE_SOURCE_DIR) + "/tables/constantinople/melee.toml"));
    const std::string dir = ref.dir / "mine";
    std::filesystem::create_directories(dir + "/constantinople");
    std::filesystem::copy_file(ref.dir / "good.toml", dir + "/constantinople/melee.toml");
    std::filesystem::create_directories(dir + "/russian-portfolio");
    std::filesystem::copy_file(ref.mine, dir + "/russian-portfolio/crt.toml");
    auto both = run_cli({"--json", "table", "check", dir}, ref.env);
    CHECK(both.code == 65);
    const auto j = nlohmann::json::parse(both.out);
    REQUIRE(j["checked"].size() == 2);
    CHECK(j["checked"][0]["id"] == "constantinople.melee");
    CHECK(j["checked"][0]["error"] == "");
    CHECK(contains(j["checked"][1]["error"].get<std::string>(), "lacks column 1:4"));
    // the fault on standard error too, as every error under --json (it went to stdout only)
    CHECK(contains(both.err, "umpire: error: "));
    CHECK(contains(both.err, "lacks column 1:4"));
    auto ok = run_cli({"table", "check", dir + "/constantinople/melee.toml"}, ref.env);
    CHECK(ok.code == 0);
    CHECK(contains(ok.out, "1 of 1 table valid; nothing installed"));
}

TEST_CASE("cli: table edit installs what the editor saved only when it holds, a failed editor installs nothing",
          "[cli][tables]")
{
    Referee ref;
    // Editors as scripts: each a shell command run on the copy, as $VISUAL and $EDITOR are.
    const std::string fill = ref.write("fill.sh", "sed -i 's/\"?\"/\"S\"/g' \"$1\"\n");
    ref.env.editor = "sh " + fill;
    // A provisional table opens as its structure, a "?" in each cell to fill (issue 25).
    auto filled = run_cli({"table", "edit", "russian-portfolio.crt"}, ref.env);
    INFO(filled.err);
    REQUIRE(filled.code == 0);
    CHECK(contains(filled.out, "Installed " + ref.mine));
    CHECK(ref.crt(1, 4, 1) == "S");
    CHECK(ref.crt(10, 1, 6) == "S");  // every cell as the referee typed it
    const std::string good = slurp(ref.mine);
    CHECK(contains(good, "[legend.BR]"));

    // Editors that fail, are killed or are missing: exit 69, nothing installed.
    const std::vector<std::pair<std::string, std::string>> failing{
        {"false", "exited with status 1: nothing installed"},
        {"sh " + ref.write("die.sh", "echo garbage > \"$1\"; kill -9 $$\n"), "was killed (signal 9)"},
        {"no-such-editor-here", "was not found: set $VISUAL or $EDITOR"},
    };
    for (const auto& [editor, says] : failing) {
        ref.env.editor = editor;
        auto r = run_cli({"table", "edit", "russian-portfolio.crt"}, ref.env);
        INFO(editor << ": " << r.err);
        CHECK(r.code == 69);
        CHECK(contains(r.err, says));
        CHECK(slurp(ref.mine) == good);
    }
    // Saved unchanged: nothing to install.
    ref.env.editor = "true";
    CHECK(contains(run_cli({"table", "edit", "russian-portfolio.crt"}, ref.env).out, "No changes: nothing installed"));
    // Under --json the answer is JSON too (it was the plain line): nothing installed, the
    // table read being the referee's copy.
    auto unchanged = run_cli({"--json", "table", "edit", "russian-portfolio.crt"}, ref.env);
    REQUIRE(unchanged.code == 0);
    const auto same = nlohmann::json::parse(unchanged.out);
    CHECK(same["command"] == "table edit");
    CHECK(same["installed"] == false);
    CHECK(same["file"] == ref.mine);
    CHECK(same["differences"].empty());
    // Installed: the cells that differ from umpire's stand-in, as table diff says them.
    ref.env.editor = "sh " + ref.write("one.sh", "sed -i '0,/\"S\"/s//\"AE\"/' \"$1\"\n");
    auto changed = run_cli({"--json", "table", "edit", "russian-portfolio.crt"}, ref.env);
    INFO(changed.err);
    REQUIRE(changed.code == 0);
    const auto installed = nlohmann::json::parse(changed.out);
    CHECK(installed["installed"] == true);
    const auto diff = nlohmann::json::parse(run_cli({"--json", "table", "diff", "russian-portfolio.crt"}, ref.env).out);
    CHECK(installed["differences"] == diff["differences"]);
    CHECK(!installed["differences"].empty());
    std::ofstream(ref.mine, std::ios::binary | std::ios::trunc) << good;  // as before this check

    // A fault: told where, and asked to edit again on a terminal. The second edit puts it right.
    const std::string counter = ref.dir / "edits";
    ref.env.editor =
        "sh " + ref.write("twice.sh", "if [ -e '" + counter + "' ]; then sed -i 's/\"ZZ\"/\"AE\"/' \"$1\"; " +
                                          "else touch '" + counter + "'; sed -i '0,/\"S\"/s//\"ZZ\"/' \"$1\"; fi\n");
    std::istringstream yes("y\n");
    ref.env.in = &yes;
    ref.env.in_is_tty = true;
    auto twice = run_cli({"table", "edit", "russian-portfolio.crt"}, ref.env);
    INFO(twice.err);
    CHECK(twice.code == 0);
    CHECK(contains(twice.err, "'ZZ'"));
    CHECK(contains(twice.err, "Edit again? [Y/n]"));
    CHECK(ref.crt(1, 4, 1) == "AE");
    // Answered no, or not on a terminal: refused, the good table kept.
    const std::string kept = slurp(ref.mine);
    ref.env.editor = "sh " + ref.write("bad.sh", "sed -i 's/\"AE\"/\"ZZ\"/' \"$1\"\n");
    std::istringstream no("n\n");
    ref.env.in = &no;
    auto refused = run_cli({"table", "edit", "russian-portfolio.crt"}, ref.env);
    CHECK(refused.code == 65);
    CHECK(contains(refused.err, "nothing installed"));
    ref.env.in_is_tty = false;
    CHECK(run_cli({"table", "edit", "russian-portfolio.crt"}, ref.env).code == 65);
    CHECK(slurp(ref.mine) == kept);
}

TEST_CASE("cli: table edit keeps an edit that does not hold beside the referee's table and names it", "[cli][tables]")
{
    Referee ref;
    // The scratch copy's directory, under a TMPDIR of the test's own: gone once the edit ends.
    const test::TempDir scratch("table-edit-scratch");
    const char* tmpdir = std::getenv("TMPDIR");
    const std::string was = tmpdir == nullptr ? "" : tmpdir;
    ::setenv("TMPDIR", scratch.path.c_str(), 1);
    ref.env.editor = "sh " + ref.write("bad.sh", "sed -i 's/^title = .*/title = 5/' \"$1\"\n");
    auto first = run_cli({"table", "edit", "constantinople.melee"}, ref.env);
    auto second = run_cli({"table", "edit", "constantinople.melee"}, ref.env);
    if (tmpdir == nullptr) {
        ::unsetenv("TMPDIR");
    } else {
        ::setenv("TMPDIR", was.c_str(), 1);
    }
    const std::string kept = ref.env.user_tables + "/constantinople/melee.toml.rejected";
    INFO(first.err);
    CHECK(first.code == 65);
    // The fault is said of the file kept, not of the scratch copy that is gone.
    CHECK(contains(first.err, kept + ":4:9: 'title' must be a string"));
    CHECK_FALSE(contains(first.err, scratch.path.string()));
    CHECK(contains(first.err,
                   "nothing installed; constantinople.melee is read as before; your edit is kept in " + kept + "\n"));
    CHECK(contains(slurp(kept), "title = 5\n"));
    CHECK_FALSE(std::filesystem::exists(ref.env.user_tables + "/constantinople/melee.toml"));
    CHECK(std::filesystem::is_empty(scratch.path));
    // A second edit that does not hold is kept beside the first, never over it.
    CHECK(second.code == 65);
    CHECK(contains(second.err, "your edit is kept in " + kept + ".2\n"));
    CHECK(std::filesystem::exists(kept + ".2"));
    // The kept edit is no table: every call reads umpire's.
    CHECK(run_cli({"table", "check", ref.env.user_tables}, ref.env).code == 0);
}

TEST_CASE("cli: table check --json gives the id a call reads each file by, as the man page says", "[cli][tables]")
{
    // A file that is no TOML (hunt56 #6): in a directory the id its path gives, which every
    // call reads it by (and refuses it by); checked alone, the id its TOML names, "" for none.
    test::TempDir dir("check-json-id");
    std::filesystem::create_directories(dir / "constantinople");
    // (an unclosed header: "[[[" trips an assertion in toml++ 3.3's parse_key, in builds with
    // assertions on, as the sanitizer's is; release reads it as the error it is)
    std::ofstream(dir / "constantinople/ram.toml") << "id = \"constantinople.ram\"\ntitle = 3\n[unclosed\n";
    const auto in_dir = run_cli({"--json", "table", "check", dir.path.string()});
    CHECK(in_dir.code == 65);
    const auto checked = nlohmann::json::parse(in_dir.out)["checked"];
    REQUIRE(checked.size() == 1);
    CHECK(checked[0]["id"] == "constantinople.ram");
    CHECK_FALSE(checked[0]["error"].get<std::string>().empty());
    const auto alone = run_cli({"--json", "table", "check", dir / "constantinople/ram.toml"});
    CHECK(alone.code == 65);
    CHECK(nlohmann::json::parse(alone.out)["checked"][0]["id"] == "");
}
