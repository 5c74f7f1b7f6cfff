// The game file and its journal as a record nothing can tear (issue 23, DESIGN.md 12):
// replay writes nothing, every kind of hand edit is caught and named, a crash's leftovers
// are mended, and 'game recover' puts the two back in agreement. The kill -9 and full-disk
// runs are tests/integrity/.
#include "../helpers.h"
#include "cli/game_store.h"
#include "load/log.h"
#include "util/sha256.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

using namespace umpire;
using test::contains;
using test::run_cli;
using test::slurp;
using test::TempDir;

namespace {

namespace fs = std::filesystem;

void spit(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary | std::ios::trunc) << text; }

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

std::string joined(const std::vector<std::string>& lines)
{
    std::string out;
    for (const auto& l : lines) {
        out += l + "\n";
    }
    return out;
}

// Every file in DIR with its bytes.
std::map<std::string, std::string> files_in(const fs::path& dir)
{
    std::map<std::string, std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        out[e.path().filename().string()] = slurp(e.path());
    }
    return out;
}

// A Great Battles game with four lines after 'game new': a next from the dawn phase to the
// first turn (7.1), two suppressions and a next.
std::string great_battles_game(const TempDir& dir)
{
    const std::string file = dir / "g.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"})
                .code == 0);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "II-Btl", "--stand", "open", "--roll", "2"})
                .code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file, "--skip-due"}).code == 0);  // their morale checks passed (15.0)
    return file;
}

// What a kill between a change's journal line and its file's rename leaves, for a change
// umpire would never make: FILE's UNIT's KEY = FROM (as the file writes it) made TO in a
// journal line appended to FILE.journal (chained, its "after" the edited file's SHA-256),
// the file left as it was, one change behind; with WRITE_FILE the file written too, as if
// umpire had made the change.
void journal_without_file(const std::string& file, const std::string& unit, const std::string& key,
                          const std::string& from, const std::string& to, bool write_file = false)
{
    std::string text = slurp(file);
    const size_t block = text.find("name = \"" + unit + "\"\n");
    REQUIRE(block != std::string::npos);
    const std::string was = "\n" + key + " = " + from + "\n";
    const size_t at = text.find(was, block);
    REQUIRE(at != std::string::npos);
    const auto bare = [](std::string v) { return v.starts_with('"') ? v.substr(1, v.size() - 2) : v; };
    text.replace(at, was.size(), "\n" + key + " = " + to + "\n");
    load::append_log_line(file + ".journal",
                          load::journal_line("2026-01-01T00:00:00Z", {"game", "set", file, unit, key + "=" + bare(to)},
                                             0, 0, {}, {{unit, key, bare(from), bare(to), "by hand: forged"}},
                                             std::nullopt, sha256_hex(text), "{\"command\":\"game set\"}"));
    if (write_file) {
        spit(file, text);
    }
}

}  // namespace

TEST_CASE("game journal: replay of a journal of every game resolves in memory and writes nothing", "[cli][game]")
{
    const TempDir dir("journal-replay");
    // Each game's evening: applied resolutions, the clock moved on, an undo. Replay once
    // applied each line again to the file and appended to the journal it was reading, forever.
    const std::vector<std::pair<std::string, std::vector<std::vector<std::string>>>> evenings{
        {"constantinople",  // movement (the ram) before combat in an Impulse (13.1)
         {{"--apply", "ram", "--rammer", "Galley-3", "--target", "Venice", "--roll", "2"},
          {"--apply", "melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Imperial-1", "--roll",
           "5"},
          {"game", "next"},
          {"game", "undo"},
          {"game", "next"}}},
        {"great-battles",  // the dawn phase, then the day's fighting (7.1)
         {{"game", "next"},
          {"--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--stand", "soft", "--roll", "1,2"},
          {"game", "next", "--skip-due"},
          {"--apply", "suppress", "--unit", "II-Btl", "--stand", "open", "--roll", "3"},
          {"game", "undo"}}},
        {"russian-portfolio", {{"game", "next", "--month", "jul41"}, {"--apply", "weather"}, {"game", "next"}}},
        {"black-sea", {{"game", "next", "--light", "night"}, {"game", "next"}, {"game", "undo"}}},
        {"novorossiysk",
         {{"--apply", "weather", "--roll", "7"},
          {"--apply", "hits", "--attacker", "Ger-Company-1", "--defender", "Sov-Rifle-1"},
          {"game", "next"}}},
    };
    for (const auto& [game, steps] : evenings) {
        CAPTURE(game);
        const std::string file = dir / (game + ".toml");
        REQUIRE(run_cli({"game", "new", game, file}).code == 0);
        size_t undone = 0;
        for (auto step : steps) {
            if (step.front() == "game") {
                step.insert(step.begin() + 2, file);
            } else {
                step.insert(step.begin(), {"-q", "--game", file});
            }
            auto r = run_cli(step);
            CAPTURE(step, r.err);
            REQUIRE(r.code == 0);
            undone += step[1] == "undo" ? 1 : 0;
        }
        // every journal line but 'game new' and the undos is a resolution replay runs again
        const size_t resolved = lines_of(slurp(file + ".journal")).size() - 1 - undone;
        CHECK(resolved >= 2);
        const auto before = files_in(dir.path);
        auto replay = run_cli({"replay", file + ".journal"});
        CAPTURE(replay.out, replay.err);
        CHECK(replay.code == 0);
        // game new and undo are passed over; every other line is re-resolved against the game
        // the lines before it left
        CHECK(contains(replay.out, std::to_string(resolved) + " resolution(s) replayed, 0 differ"));
        CHECK(files_in(dir.path) == before);
    }
}

TEST_CASE("game file: a value edited by hand is named by its line, and nothing is written until recovered",
          "[cli][game]")
{
    const TempDir dir("hand-edit");
    const std::string file = great_battles_game(dir);
    const std::string journal = slurp(file + ".journal");
    const std::string made = slurp(file);
    // I-Btl (the second unit) has 1 suppressed stand: 11.3.3, open ground on a 1.
    const size_t at = made.find("\nsuppressed = 1\n");
    REQUIRE(at != std::string::npos);
    REQUIRE(made.find("name = \"I-Btl\"") < at);
    const long line = std::count(made.begin(), made.begin() + static_cast<long>(at), '\n') + 2;
    std::string edited = made;
    edited.replace(at, 16, "\nsuppressed = 2\n");
    // The day's tally with it: never fewer suppressed today than now (15.1; the game's check).
    const size_t today = edited.find("\nsuppressed_today = 1\n", at);
    REQUIRE(today != std::string::npos);
    edited.replace(today, 22, "\nsuppressed_today = 2\n");
    spit(file, edited);

    const std::string named = file + ":" + std::to_string(line) +
                              ": the file disagrees with its journal (edited by hand?): 'suppressed = 2' here, "
                              "'suppressed = 1' after the journal's line 5";
    auto status = run_cli({"game", "status", file});
    CHECK(status.code == 65);
    CHECK(contains(status.err, named));
    CHECK(contains(status.err, "'umpire game recover " + file + "'"));
    auto apply = run_cli({"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"});
    CHECK(apply.code == 65);
    CHECK(slurp(file + ".journal") == journal);  // refused for writing: nothing journalled
    CHECK(slurp(file) == edited);
    auto rebuild = run_cli({"game", "rebuild", file});
    CHECK(rebuild.code == 65);
    CHECK(slurp(file + ".rebuilt") == made);

    // recover: the journal's game back in place, the edited file kept beside it
    auto recover = run_cli({"game", "recover", file});
    CHECK(recover.code == 0);
    CHECK(contains(recover.out, "recovered"));
    CHECK(slurp(file) == made);
    CHECK(slurp(file + ".edited") == edited);
    CHECK(slurp(file + ".journal") == journal);
    CHECK(run_cli({"game", "recover", file}).out.find("intact") != std::string::npos);

    // --keep-edits: the edit journalled as a change of its own, by hand
    spit(file, edited);
    auto kept = run_cli({"--json", "game", "recover", file, "--keep-edits"});
    CHECK(kept.code == 0);
    CHECK(contains(kept.out, R"("applied":[{"unit":"I-Btl","key":"suppressed","from":"1","to":"2","rule":"by hand"},)"
                             R"({"unit":"I-Btl","key":"suppressed_today","from":"1","to":"2","rule":"by hand"}])"));
    const auto journal_lines = lines_of(slurp(file + ".journal"));
    REQUIRE(journal_lines.size() == 6);
    CHECK(contains(journal_lines.back(), R"("argv":["--json","game","recover",")"));
    CHECK(run_cli({"game", "status", file}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    CHECK(contains(run_cli({"game", "undo", file}).out, "I-Btl: suppressed 2 -> 1"));
    CHECK(slurp(file) == made);

    // a unit's side changed is no status: --keep-edits refuses, and says what it can keep
    std::string side = made;
    side.replace(side.find("side = \"german\""), 15, "side = \"soviet\"");
    spit(file, side);
    auto refused = run_cli({"game", "recover", file, "--keep-edits"});
    CHECK(refused.code == 64);
    CHECK(contains(refused.err, "only units' statuses and the clock can be kept"));
    CHECK(run_cli({"game", "recover", file}).code == 0);
    CHECK(slurp(file) == made);
    CHECK(run_cli({"game", "status", file, "--keep-edits"}).code == 64);  // recover's option only

    // values past the board's limits are not kept: a data error at the value's line and column
    // (I-Btl has 4 stands, great-battles-example; 11.3.1: no more suppressed than stands)
    for (const auto& [value, message] : std::vector<std::pair<std::string, std::string>>{
             {"-5", "'suppressed': '-5' is not a whole number 0 to 8"},  // a battalion's stands (2.0, 4.0)
             {"6", "'suppressed': 6 suppressed stands, but the battalion has 4 (4 at the start of the day, "
                   "0 eliminated)"}}) {
        std::string impossible = made;
        impossible.replace(at, 16, "\nsuppressed = " + value + "\n");
        spit(file, impossible);
        const std::string journal_now = slurp(file + ".journal");
        auto bad = run_cli({"game", "recover", file, "--keep-edits"});
        CHECK(bad.code == 65);
        CHECK(contains(bad.err, file + ":" + std::to_string(line) + ":14: unit 'I-Btl': " + message));
        CHECK(slurp(file + ".journal") == journal_now);
        CHECK(slurp(file) == impossible);
        CHECK(run_cli({"game", "recover", file}).code == 0);
    }
}

TEST_CASE("game journal: a line removed, two swapped, a change or a time edited: the line is named", "[cli][game]")
{
    const TempDir dir("journal-edit");
    const std::string file = great_battles_game(dir);
    const std::string good = slurp(file + ".journal");
    const std::string game = slurp(file);
    const auto lines = lines_of(good);
    REQUIRE(lines.size() == 5);  // game new, next (dawn to turn 1), two suppressions, next

    struct Damage {
        const char* what;
        std::vector<std::string> journal;
        const char* named;  // the line and what is said of it
    };
    auto edited = [&](size_t i, const std::string& from, const std::string& to) {
        auto out = lines;
        const size_t at = out[i].find(from);
        REQUIRE(at != std::string::npos);
        out[i].replace(at, from.size(), to);
        return out;
    };
    std::vector<Damage> damages{
        {"a line removed", {lines[0], lines[1], lines[3], lines[4]}, ".journal:3: prev: the chain is broken here"},
        {"two lines swapped",
         {lines[0], lines[1], lines[3], lines[2], lines[4]},
         ".journal:3: prev: the chain is broken here"},
        {"a change's to edited", edited(2, R"("to":"1")", R"("to":"3")"), ".journal:4: prev: the chain is broken here"},
        {"a line's time edited", edited(2, R"("time":"2)", R"("time":"1)"),
         ".journal:4: prev: the chain is broken here"},
        {"a line inserted",
         {lines[0], lines[1], lines[2], lines[2], lines[3], lines[4]},
         ".journal:4: prev: the chain is broken here"},
    };
    for (const auto& d : damages) {
        CAPTURE(d.what);
        spit(file + ".journal", joined(d.journal));
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"game", "status", file}, std::vector<std::string>{"game", "rebuild", file},
              std::vector<std::string>{"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open"},
              std::vector<std::string>{"game", "undo", file}, std::vector<std::string>{"game", "next", file}}) {
            CAPTURE(args);
            auto r = run_cli(args);
            CHECK(r.code == 65);
            CHECK(contains(r.err, file + d.named));
        }
        CHECK(slurp(file + ".journal") == joined(d.journal));  // nothing appended
        CHECK(slurp(file) == game);
    }
    // The last line's change edited: no line follows to break the chain, but the file does not
    // hold what the line says it changed to, and rebuild finds the game it leaves is not the
    // one it recorded.
    {
        auto last = edited(4, R"("to":"second-player")", R"("to":"night")");
        spit(file + ".journal", joined(last));
        auto status = run_cli({"game", "status", file});
        CHECK(status.code == 65);
        CHECK(contains(status.err, file + ".journal:5: "));
        auto rebuild = run_cli({"game", "rebuild", file});
        CHECK(rebuild.code == 65);
        CHECK(contains(rebuild.err, file + ".journal:5: the game its changes leave is not the one it recorded"));
    }
    // The last line's "from" edited: the file holds its "to", but the line's changes taken
    // back do not leave the game the line before recorded. Undo wrote the edited value (II-Btl's
    // check due again) with exit 0; then status and every writer took it, and the next change
    // chained onto the edit, which rebuild and undo refused for good (hunt54). Every use
    // refuses it now, naming the line, and writes nothing.
    {
        auto from = edited(4, R"("from":"true","to":"false")", R"("from":"false","to":"false")");
        spit(file + ".journal", joined(from));
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"game", "undo", file}, std::vector<std::string>{"game", "status", file},
              std::vector<std::string>{"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open"},
              std::vector<std::string>{"game", "next", file, "--skip-due"}}) {
            CAPTURE(args);
            auto r = run_cli(args);
            CHECK(r.code == 65);
            CHECK(contains(r.err, file + ".journal:5: its change"));
            CHECK(contains(r.err, "game recover"));
        }
        CHECK(slurp(file + ".journal") == joined(from));
        CHECK(slurp(file) == game);
    }
    // recover keeps the lines before the damage and sets the rest aside
    spit(file + ".journal", joined({lines[0], lines[1], lines[2], lines[4]}));
    auto recover = run_cli({"game", "recover", file});
    CHECK(recover.code == 0);
    CHECK(contains(recover.out, "the journal cut after line 3"));
    CHECK(slurp(file + ".journal") == joined({lines[0], lines[1], lines[2]}));
    CHECK(slurp(file + ".journal.cut") == joined({lines[4]}));
    CHECK(slurp(file + ".edited") == game);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    CHECK(run_cli({"game", "status", file}).code == 0);

    // a game made read-only (chmod a-w, a finished game kept) is read, and not changed
    {
        const std::string kept = slurp(file);
        const std::string kept_journal = slurp(file + ".journal");
        for (const std::string& which : {file, file + ".journal"}) {
            CAPTURE(which);
            fs::permissions(which, fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                            fs::perm_options::remove);
            CHECK(run_cli({"game", "status", file}).code == 0);
            auto next = run_cli({"game", "next", file, "--skip-due"});
            CHECK(next.code == 74);
            CHECK(contains(next.err, which + ": read-only"));
            CHECK(slurp(file) == kept);
            CHECK(slurp(file + ".journal") == kept_journal);
            fs::permissions(which, fs::perms::owner_write, fs::perm_options::add);
        }
    }

    // no journal at all: 66, for the file is no record without it
    fs::remove(file + ".journal");
    auto missing = run_cli({"game", "status", file});
    CHECK(missing.code == 66);
    CHECK(contains(missing.err, "its journal " + file + ".journal is missing"));
    CHECK(run_cli({"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open"}).code == 66);
}

TEST_CASE("game new: a Great Battles scenario's start is read for its month, or refused (16.0)", "[cli][game]")
{
    const TempDir dir("gb-start");
    const std::string shipped = slurp(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/great-battles-example.toml");
    REQUIRE(shipped.find("\nstart = ") != std::string::npos);
    const auto with_start = [&](const std::string& start) {
        std::string text = shipped;
        const size_t at = text.find("\nstart = ") + 1;
        text.replace(at, text.find('\n', at) - at, "start = \"" + start + "\"");
        const std::string scenario = dir / ("s" + std::to_string(std::hash<std::string>{}(start)) + ".toml");
        spit(scenario, text);
        return scenario;
    };
    // 16.0: May to July, 10 turns a day. A date or a month's full name was read as no month,
    // and so as 9 turns, silently.
    for (const std::string start : {"jun", "June", "6Jun44", "1 June 1944", "22Jun41"}) {
        CAPTURE(start);
        const std::string file = dir / "g.toml";
        fs::remove(file);
        fs::remove(file + ".journal");
        REQUIRE(run_cli({"game", "new", with_start(start), file}).code == 0);
        CHECK(contains(slurp(file), "turns_in_day = 10"));
    }
    auto none = run_cli({"game", "new", with_start("D-Day"), dir / "none.toml"});
    CHECK(none.code == 65);
    CHECK(contains(none.err, "start 'D-Day' names no month the length of day reads (16.0)"));
    CHECK(!fs::exists(dir / "none.toml"));
}

TEST_CASE("game file: what a crash leaves is mended: a torn line, a file one change behind, a missing file",
          "[cli][game]")
{
    const TempDir dir("crash");
    const std::string file = great_battles_game(dir);
    const std::string journal = slurp(file + ".journal");
    const std::string game = slurp(file);

    // A torn last line (a writer killed inside its write): no part of the game; a reader says
    // so and writes nothing, a writer cuts it off first.
    spit(file + ".journal", journal + R"({"prev":"0123)");
    auto status = run_cli({"game", "status", file});
    CHECK(status.code == 0);
    CHECK(contains(status.err, "a torn last line (13 bytes, a write interrupted) is no part of the game"));
    CHECK(slurp(file + ".journal") == journal + R"({"prev":"0123)");
    auto apply = run_cli({"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "9"});
    CHECK(apply.code == 0);
    CHECK(contains(apply.err, "was cut off; its change was never made"));
    CHECK(slurp(file + ".journal") == journal);  // a 9 suppresses nothing: no line
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));

    // A last line that lacks only its newline (an editor that strips it) is whole: its change
    // is in the file. It was cut as torn, and the game then refused as edited by hand.
    REQUIRE(journal.back() == '\n');
    const std::string stripped = journal.substr(0, journal.size() - 1);
    for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{
             {"game", "status", file},
             {"game", "rebuild", file},
             {"game", "recover", file},
             {"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "9"}}) {
        INFO(call[1]);
        spit(file + ".journal", stripped);
        auto r = run_cli(call);
        CHECK(r.code == 0);
        CHECK(contains(r.err + r.out, "its last line lacked only its newline"));
        // a reader writes nothing; a writer puts the newline back and cuts nothing
        CHECK(slurp(file + ".journal") == (call[1] == "status" ? stripped : journal));
    }
    // Lines converted to CR LF: the chain breaks at line 2, and recover would keep line 1
    // only; every reader says what happened instead, and recover refuses.
    std::string crlf;
    for (const char c : journal) {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    spit(file + ".journal", crlf);
    for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{
             {"game", "status", file}, {"game", "rebuild", file}, {"game", "recover", file}}) {
        INFO(call[1]);
        auto r = run_cli(call);
        CHECK(r.code == 65);
        CHECK(contains(r.err, "its lines end in CR LF"));
        CHECK(slurp(file + ".journal") == crlf);
        CHECK(slurp(file) == game);
    }
    spit(file + ".journal", journal);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));

    // Killed between the journal line and the rename: the file is one change behind and a
    // FILE.umpire-tmp may be left. A reader sees the journal's game; a writer rolls the file forward.
    const std::string before = slurp(file);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"})
                .code == 0);
    const std::string after = slurp(file);
    REQUIRE(after != before);
    spit(file, before);
    spit(file + ".umpire-tmp", "half a game");
    auto read = run_cli({"game", "status", file});
    CHECK(read.code == 0);
    CHECK(contains(read.err, "rolled forward to its journal's line 6"));
    CHECK(contains(read.err, "(in memory: this command writes nothing)"));
    CHECK(contains(read.out, "2 suppressed"));
    CHECK(slurp(file) == before);
    auto write = run_cli({"--game", file, "--apply", "suppress", "--unit", "II-Btl", "--stand", "open", "--roll", "9"});
    CHECK(write.code == 0);
    CHECK(contains(write.err, "rolled forward to its journal's line 6"));
    CHECK(slurp(file) == after);
    CHECK(!fs::exists(file + ".umpire-tmp"));

    // A file of the referee's named FILE.tmp (notes, or a game of its own) is not umpire's
    // to remove: every write of FILE removed it, its temporary file having that name.
    spit(file + ".tmp", "the referee's notes");
    REQUIRE(run_cli({"-q", "game", "set", file, "I-Btl", "suppressed=0", "--reason", "rallied by hand"}).code == 0);
    CHECK(slurp(file + ".tmp") == "the referee's notes");
    auto taken = run_cli({"game", "new", "great-battles", file + ".umpire-tmp"});
    CHECK(taken.code == 64);
    CHECK(contains(taken.err, "is the one umpire gives a game file while it writes it"));

    // The same window in a game made from a scenario file edited since (a unit renamed):
    // the file and the last line mend it, without the scenario. It was mended by replaying
    // the journal from the scenario, which refused ("the game's start has changed"), and
    // recover refused too: nothing could open the game.
    {
        const std::string scenario = dir / "mine.toml";
        spit(scenario, slurp(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/great-battles-example.toml"));
        const std::string own = dir / "own.toml";
        REQUIRE(run_cli({"game", "new", scenario, own}).code == 0);
        REQUIRE(run_cli({"-q", "game", "next", own}).code == 0);
        const std::string behind = slurp(own);
        REQUIRE(
            run_cli({"-q", "--game", own, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"})
                .code == 0);
        const std::string ahead = slurp(own);
        spit(own, behind);
        std::string edited = slurp(scenario);
        REQUIRE(edited.find("\"II-Btl\"") != std::string::npos);
        edited.replace(edited.find("\"II-Btl\""), 8, "\"II-Bat\"");
        spit(scenario, edited);
        REQUIRE(run_cli({"game", "rebuild", own}).code == 65);  // the start has changed, as it has
        auto seen = run_cli({"game", "status", own});
        CHECK(seen.code == 0);
        CHECK(contains(seen.err, "rolled forward to its journal's line 3"));
        CHECK(slurp(own) == behind);
        // A writer mends the file too; the change it was asked for is refused, as the game's
        // start has changed (hunt58: it was applied, and could then never be undone).
        const std::string journal = slurp(own + ".journal");
        auto mended =
            run_cli({"--game", own, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "9"});
        CHECK(mended.code == 65);
        CHECK(contains(mended.err, "rolled forward to its journal's line 3"));
        CHECK(contains(mended.err, "the game's start has changed since 'game new' made it: its scenario file " +
                                       scenario + " (or a table it reads) was edited"));
        CHECK(slurp(own) == ahead);
        CHECK(slurp(own + ".journal") == journal);
        // The renamed unit is the game's still; its factors come from the scenario, which
        // lost it: said as that, not as a name mistyped.
        auto lost = run_cli({"--game", own, "suppress", "--unit", "II-Btl", "--stand", "open", "--roll", "9"});
        CHECK(lost.code == 65);
        CHECK(contains(lost.err, "II-Btl is in the game (" + own + ") but not in its scenario"));
        // The scenario file moved away: undo and rebuild replay from it, and say so (it was
        // "game new: '...' is neither a game nor a scenario", a command not typed).
        fs::rename(scenario, dir / "moved.toml");
        for (const std::string action : {"undo", "rebuild"}) {
            CAPTURE(action);
            auto moved = run_cli({"game", action, own});
            CHECK(moved.code == 66);
            CHECK(contains(moved.err, "the game was made from the scenario file " + scenario +
                                          ", which cannot be read now (moved or removed?)"));
        }
        CHECK(slurp(own) == ahead);
    }

    // A 'game new' killed before its journal's first line: an empty journal, perhaps a
    // FILE.umpire-tmp, and no file. It is no game: every command says so (66, not a journal to
    // recover that recover could not), and game new makes it.
    {
        const std::string unmade = dir / "unmade.toml";
        spit(unmade + ".journal", "");
        spit(unmade + ".umpire-tmp", "half a game");
        for (const std::string action : {"status", "rebuild", "recover", "next"}) {
            CAPTURE(action);
            auto r = run_cli({"game", action, unmade});
            CHECK(r.code == 66);
            CHECK(contains(r.err, "no game: the file is missing and its journal " + unmade + ".journal empty"));
        }
        REQUIRE(run_cli({"game", "new", "great-battles", unmade}).code == 0);
        CHECK(!fs::exists(unmade + ".umpire-tmp"));
        CHECK(contains(run_cli({"game", "rebuild", unmade}).out, "identical"));
    }

    // The file gone: made again from the journal.
    fs::remove(file);
    CHECK(run_cli({"game", "status", file}).code == 0);
    CHECK(!fs::exists(file));
    auto next = run_cli({"game", "next", file, "--skip-due"});
    CHECK(next.code == 0);
    CHECK(contains(next.err, "missing; made again from its journal"));
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
    (void)game;
}

TEST_CASE("game file: a killed write's FILE.umpire-tmp is removed and said on standard error, by a command and by "
          "the shell",
          "[cli][game]")
{
    // umpire(1), GAME FILES: "What a crash can leave is mended at once and said on standard
    // error: ... a left-over FILE.umpire-tmp is removed". It was removed without a word (fix53).
    const TempDir dir("leftover");
    const std::string file = great_battles_game(dir);
    const std::string said = file + ".umpire-tmp: left over from a write that was killed; removed";
    spit(file + ".umpire-tmp", "half a game");
    // a reader leaves it (it writes nothing)
    auto read = run_cli({"game", "status", file});
    CHECK(read.code == 0);
    CHECK_FALSE(contains(read.err, said));
    CHECK(fs::exists(file + ".umpire-tmp"));
    auto write = run_cli({"game", "set", file, "I-Btl", "suppressed=1", "--reason", "test"});
    CHECK(write.code == 0);
    CHECK(contains(write.err, "umpire: " + said));
    CHECK(!fs::exists(file + ".umpire-tmp"));
    // the shell mends the game before its prompt, and says so there
    spit(file + ".umpire-tmp", "half a game");
    std::istringstream lines("status\n");
    cli::Environment env;
    env.in = &lines;
    auto shell = run_cli({"--game", file, "shell", "--no-history"}, env);
    CHECK(shell.code == 0);
    CHECK(contains(shell.err, "umpire: note: " + said));
    CHECK(!fs::exists(file + ".umpire-tmp"));
    // nothing left over, nothing said
    CHECK_FALSE(contains(run_cli({"game", "set", file, "I-Btl", "suppressed=0", "--reason", "test"}).err, "left over"));
}

TEST_CASE("game file: a journal line past the board's limits is refused by every path that plays it, and cut by "
          "recover",
          "[cli][game]")
{
    // DESIGN.md 12: "an applied change is checked against the unit's own limits before anything is
    // written". The roll-forward applied a last line's changes unchecked and wrote them (status
    // then showed them, a refused command wrote them and status refused its own file), while
    // rebuild called the game identical and replay found nothing.
    const TempDir dir("journal-limits");
    // 2-Para has 4 stands (the scenario): at most 4 suppressed (11.3.1), never fewer than 0,
    // its stands COVER[:TYPE] with a cover of the suppression chart (11.3.3), and a battalion
    // is at most 8 stands (2.0, 4.0).
    struct Forged {
        std::string key, from, to, said;
    };
    for (const Forged& f : {Forged{"suppressed", "0", "5",
                                   "2-Para's suppressed so: 5 suppressed stands, but the "
                                   "battalion has 4"},
                            Forged{"suppressed", "0", "9", "2-Para's suppressed so: '9' is not a whole number 0 to 8"},
                            Forged{"suppressed", "0", "-3", "2-Para's suppressed so: '-3' is not a whole number"},
                            Forged{"stand", "\"open\"", "\"lava\"", "2-Para's stand so: "},
                            Forged{"stands_at_start_of_day", "4", "400", "2-Para's stands_at_start_of_day so: "}}) {
        CAPTURE(f.key, f.to);
        const std::string file = dir / "limits.toml";
        for (const std::string& p : {file, file + ".journal", file + ".journal.cut", file + ".edited"}) {
            fs::remove(p);
        }
        REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
        REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
        const std::string game = slurp(file);
        const std::string good = slurp(file + ".journal");
        journal_without_file(file, "2-Para", f.key, f.from, f.to);
        const std::string journal = slurp(file + ".journal");
        const std::string line3 = file + ".journal:3: ";

        // Read or written, the game is refused at the line, and nothing is written.
        for (const std::vector<std::string>& call :
             std::vector<std::vector<std::string>>{{"game", "status", file},
                                                   {"game", "set", file, "I-Btl", "stand=soft", "--reason", "dug in"},
                                                   {"game", "next", file},
                                                   {"game", "undo", file},
                                                   {"game", "rebuild", file}}) {
            CAPTURE(call[1]);
            auto r = run_cli(call);
            CHECK(r.code == 65);
            CHECK(contains(r.err, line3));
            CHECK(contains(r.err, f.said));
            CHECK(slurp(file) == game);
            CHECK(slurp(file + ".journal") == journal);
        }
        auto replay = run_cli({"replay", file + ".journal"});
        CHECK(replay.code == 65);
        CHECK(contains(replay.err, line3 + "its changes leave " + f.said));

        // recover cuts the line off, kept aside, and the game is as it was before it.
        auto recovered = run_cli({"game", "recover", file});
        CHECK(recovered.code == 0);
        CHECK(contains(recovered.out, "the journal cut after line 2"));
        CHECK(slurp(file + ".journal") == good);
        CHECK(good + slurp(file + ".journal.cut") == journal);
        CHECK(slurp(file) == game);
        CHECK(run_cli({"game", "status", file}).code == 0);
    }
}

TEST_CASE("game file: a Great Battles stand whose cover the suppression chart does not name is refused when read",
          "[cli][game]")
{
    // A stand is COVER[:TYPE], the cover a row of the suppression chart: open, soft, hard,
    // bunker (11.3.3). game set refused 'lava', but the reader checked only COVER:TYPE's
    // form: a bare word, or "", was read, journalled by recover --keep-edits, and turned up
    // later as a --stand the referee had not typed.
    const TempDir dir("stand-read");
    const std::string file = dir / "stand.toml";
    for (const std::string& bad : {"lava", ""}) {
        CAPTURE(bad);
        for (const std::string& p : {file, file + ".journal"}) {
            fs::remove(p);
        }
        REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
        const std::string said = "unit '2-Para': 'stand': '" + bad + "': no cover '" + bad + "'";
        const std::string allowed = "allowed: open, soft, hard, bunker (11.3.3)";

        auto set = run_cli({"game", "set", file, "2-Para", "stand=" + bad, "--reason", "x"});
        CHECK(set.code == 64);
        CHECK(contains(set.err, allowed));

        // Edited by hand: recover --keep-edits checks the edit as any change, and keeps nothing.
        const std::string game = slurp(file);
        const std::string journal = slurp(file + ".journal");
        std::string edited = game;
        const std::string open = "stand = \"open\"";
        edited.replace(edited.find(open), open.size(), "stand = \"" + bad + "\"");
        spit(file, edited);
        auto kept = run_cli({"game", "recover", file, "--keep-edits"});
        CHECK(kept.code == 65);
        CHECK(contains(kept.err, file + ":"));
        CHECK(contains(kept.err, said));
        CHECK(contains(kept.err, allowed));
        CHECK(slurp(file + ".journal") == journal);
        spit(file, game);

        // A file and journal line that agree on it: the value is refused where it is read.
        journal_without_file(file, "2-Para", "stand", "\"open\"", "\"" + bad + "\"", true);
        for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{
                 {"game", "status", file}, {"--game", file, "suppress", "--unit", "2-Para", "--roll", "1,1,1,1"}}) {
            CAPTURE(call[1]);
            auto r = run_cli(call);
            CHECK(r.code == 65);
            CHECK(contains(r.err, said));
            CHECK_FALSE(contains(r.err, "--stand"));
        }
    }
}

TEST_CASE("game journal: a line ending in CR LF is refused wherever it is, the only line or the last", "[cli][game]")
{
    // umpire(1), GAME FILES: "A journal whose lines were converted to CR LF is refused with that
    // said". A journal of one line (a game just made) was read, and the next line chained to
    // its CR: a later dos2unix, as the message advises, then broke the chain.
    const TempDir dir("journal-crlf");
    const std::string file = dir / "crlf.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    const std::string one = slurp(file + ".journal");
    REQUIRE(lines_of(one).size() == 1);
    const auto refused_everywhere = [&](const std::string& journal, size_t line) {
        spit(file + ".journal", journal);
        const std::string game = slurp(file);
        for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{{"game", "status", file},
                                                                                          {"game", "next", file},
                                                                                          {"game", "rebuild", file},
                                                                                          {"game", "recover", file}}) {
            CAPTURE(call[1], line);
            auto r = run_cli(call);
            CHECK(r.code == 65);
            CHECK(contains(r.err, file + ".journal:" + std::to_string(line) + ": its lines end in CR LF"));
            CHECK(contains(r.err, "dos2unix " + file + ".journal"));
            CHECK(slurp(file + ".journal") == journal);
            CHECK(slurp(file) == game);
        }
    };
    std::string crlf = one;
    crlf.insert(crlf.size() - 1, "\r");
    refused_everywhere(crlf, 1);

    // A last line that gained a CR (an editor), the lines before it as umpire wrote them.
    spit(file + ".journal", one);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    const std::string two = slurp(file + ".journal");
    std::string last_cr = two;
    last_cr.insert(last_cr.size() - 1, "\r");
    refused_everywhere(last_cr, 2);

    spit(file + ".journal", two);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

TEST_CASE("game journal: a line nested deeper than umpire's limit is refused by every reader, and cut by recover",
          "[cli][game]")
{
    // hunt58: a journal line whose resolution was nested 100,000 deep crashed status, rebuild,
    // undo, recover, replay and luck (SIGSEGV): the value was written out again a level at a
    // time. Past umpire's limit of 256 (as for TOML) the line is not read: data, named by its
    // line, as any line that is not a journal line is; recover cuts it off. The depths here
    // stay small, so the sanitized build's smaller stack runs this as the plain one does.
    const TempDir dir("journal-deep");
    const std::string file = dir / "deep.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    const std::string made = slurp(file);
    const std::string first = slurp(file + ".journal");
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    const std::string game = slurp(file);
    const std::string two = slurp(file + ".journal");
    // The last line's resolution replaced by arrays nested DEPTH deep: the line's own object
    // is one level more. Its link to the line before and the file it left ("after") still hold.
    const auto nested = [&](size_t depth) {
        std::string line = lines_of(two).back();
        const size_t at = line.find("\"resolution\":");
        REQUIRE(at != std::string::npos);
        line = line.substr(0, at) + "\"resolution\":" + std::string(depth, '[') + std::string(depth, ']') + "}";
        return first + line + "\n";
    };
    spit(file + ".journal", nested(255));  // the line 256 deep: read
    CHECK(run_cli({"game", "status", file}).code == 0);

    const std::string deep = nested(300);
    spit(file + ".journal", deep);
    const std::string line2 = file + ".journal:2: ";
    const std::string said = "arrays and objects nested deeper than 256";
    for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{
             {"game", "status", file}, {"game", "rebuild", file}, {"game", "undo", file}, {"game", "next", file}}) {
        CAPTURE(call[1]);
        auto r = run_cli(call);
        CHECK(r.code == 65);
        CHECK(contains(r.err, line2 + said));
        CHECK(slurp(file) == game);
        CHECK(slurp(file + ".journal") == deep);
    }
    auto replay = run_cli({"replay", file + ".journal"});
    CHECK(replay.code == 65);
    CHECK(contains(replay.err, line2));
    CHECK(contains(replay.err, said));
    auto luck = run_cli({"luck", file + ".journal"});
    CHECK(contains(luck.out + luck.err, said));

    // recover cuts the line off, kept aside, and the game is what the first line made.
    auto recovered = run_cli({"game", "recover", file});
    CHECK(recovered.code == 0);
    CHECK(contains(recovered.out, "the journal cut after line 1"));
    CHECK(slurp(file + ".journal") == first);
    CHECK(first + slurp(file + ".journal.cut") == deep);
    CHECK(slurp(file) == made);
    CHECK(run_cli({"game", "status", file}).code == 0);
}

TEST_CASE("game recover: mends what status sends it, a byte-order mark before line 1, and an empty journal is said "
          "as nothing recovers it",
          "[cli][game]")
{
    // hunt58: status said "'umpire game recover FILE' mends it" of a journal an editor saved with
    // a byte-order mark, or one emptied, and recover refused both ("not the 'game new' that made
    // the game"). umpire(1), GAME FILES: recover "mends a file or journal that disagree".
    const TempDir dir("journal-bom");
    const std::string file = dir / "bom.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    const std::string game = slurp(file);
    const std::string two = slurp(file + ".journal");
    const std::string jpath = file + ".journal";

    spit(jpath, "\xEF\xBB\xBF" + two);
    auto status = run_cli({"game", "status", file});
    CHECK(status.code == 65);
    CHECK(contains(status.err, jpath + ":1: it begins with a byte-order mark (U+FEFF)"));
    CHECK(contains(status.err, "'umpire game recover " + file + "' mends it"));
    auto rebuild = run_cli({"game", "rebuild", file});
    CHECK(rebuild.code == 65);
    CHECK(contains(rebuild.err, "'umpire game recover " + file + "' removes it"));
    auto recovered = run_cli({"game", "recover", file});
    CHECK(recovered.code == 0);
    CHECK(contains(recovered.out, "byte-order mark (U+FEFF) before line 1 removed"));
    CHECK(slurp(jpath) == two);  // every line kept, as umpire wrote it
    CHECK(slurp(file) == game);
    CHECK(run_cli({"game", "status", file}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));

    // An empty journal: nothing makes the game again from it, and recover is not offered.
    spit(jpath, "");
    for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{
             {"game", "status", file}, {"game", "recover", file}, {"game", "rebuild", file}, {"game", "undo", file}}) {
        CAPTURE(call[1]);
        auto r = run_cli(call);
        CHECK(r.code == 65);
        CHECK(contains(r.err, jpath + ": empty"));
        CHECK(contains(r.err, "put back a copy of the journal"));
        CHECK(!contains(r.err, "mends it"));
        CHECK(slurp(file) == game);
        CHECK(slurp(jpath).empty());
    }
    // A first line, the 'game new', that is no journal line: recover keeps the lines before the
    // damage, none, and is not offered either.
    const std::string broken = "not a journal line\n" + lines_of(two).back() + "\n";
    spit(jpath, broken);
    for (const std::vector<std::string>& call :
         std::vector<std::vector<std::string>>{{"game", "status", file}, {"game", "recover", file}}) {
        CAPTURE(call[1]);
        auto r = run_cli(call);
        CHECK(r.code == 65);
        CHECK(contains(r.err, jpath + ":1: "));
        CHECK(contains(r.err, "put back a copy of the journal"));
        CHECK(!contains(r.err, "mends it"));
        CHECK(slurp(jpath) == broken);
    }
}

TEST_CASE("game journal: replay finds a line whose changes are not what its own dice give", "[cli][game]")
{
    // umpire(1): replay is the check for what the chain cannot see. A journal line's changes are
    // what it did to the game; its resolution (dice and result) is what replay resolves again.
    // Changes edited to 2 suppressed stands, where the line's roll of 1 in the open suppresses
    // one (11.3.3), replayed as "0 differ": only the resolution was compared (hunt58).
    const TempDir dir("journal-forged");
    const std::string file = dir / "forged.toml";
    REQUIRE(run_cli({"game", "new", "great-battles", file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"})
                .code == 0);
    const std::string jpath = file + ".journal";
    CHECK(contains(run_cli({"replay", jpath}).out, "0 differ"));

    std::vector<std::string> lines = lines_of(slurp(jpath));
    REQUIRE(lines.size() == 3);
    auto line = nlohmann::ordered_json::parse(lines.back());
    bool forged = false;
    for (auto& c : line["changes"]) {
        if (c["unit"] == "I-Btl" && (c["key"] == "suppressed" || c["key"] == "suppressed_today")) {
            REQUIRE(c["to"] == "1");  // 11.3.3: a 1 in the open, one stand
            c["to"] = "2";
            forged = true;
        }
    }
    REQUIRE(forged);
    lines.back() = line.dump();
    spit(jpath, joined(lines));
    auto replay = run_cli({"replay", jpath});
    CHECK(replay.code == 65);
    CHECK(contains(replay.err, jpath + ":3: "));
    CHECK(contains(replay.err, "the line made 'I-Btl: suppressed 0 -> 2"));
    CHECK(contains(replay.err, "its resolution now makes 'I-Btl: suppressed 0 -> 1"));
}

TEST_CASE("game file: a scenario edited since game new is named, and no change is applied from it", "[cli][game]")
{
    // DESIGN.md 12: the journal is the game's record, replayed from the start its first line
    // recorded. A scenario file edited mid-game was read by --apply (new units, new factors),
    // its change journalled, and undo and rebuild then refused the game for good (hunt58).
    const TempDir dir("scenario-edited");
    const std::string scenario = dir / "mine.toml";
    const std::string original = slurp(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/great-battles-example.toml");
    spit(scenario, original);
    const std::string file = dir / "mine-game.toml";
    REQUIRE(run_cli({"game", "new", scenario, file}).code == 0);
    REQUIRE(run_cli({"-q", "game", "next", file}).code == 0);
    const std::string game = slurp(file);
    const std::string journal = slurp(file + ".journal");

    std::string edited = original;
    REQUIRE(edited.find("\"II-Btl\"") != std::string::npos);
    edited.replace(edited.find("\"II-Btl\""), 8, "\"II-Bat\"");
    spit(scenario, edited);
    const std::string said =
        file + ".journal:1: the game's start has changed since 'game new' made it: its scenario file " + scenario;
    for (const std::vector<std::string>& call : std::vector<std::vector<std::string>>{
             {"--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"},
             {"--game", file, "--apply", "suppress", "--unit", "II-Bat", "--stand", "open", "--roll", "1"},
             {"game", "next", file},
             {"game", "undo", file}}) {
        CAPTURE(call);
        auto r = run_cli(call);
        CHECK(r.code == 65);
        CHECK(contains(r.err, said));
        CHECK(contains(r.err, "put the scenario (and tables) back as they were"));
        CHECK(slurp(file) == game);
        CHECK(slurp(file + ".journal") == journal);
    }
    CHECK(run_cli({"game", "status", file}).code == 0);  // a read changes nothing

    // Put back, the game goes on, and its change can be undone.
    spit(scenario, original);
    REQUIRE(run_cli({"-q", "--game", file, "--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--roll", "1"})
                .code == 0);
    CHECK(run_cli({"-q", "game", "undo", file}).code == 0);
    CHECK(contains(run_cli({"game", "rebuild", file}).out, "identical"));
}

namespace {

// Thrown by the step hook where a kill -9 would land: nothing of umpire's catches it, so the
// files stay as the kill would leave them.
struct Killed {};
const char* kill_at = nullptr;
bool killed = false;
void kill_here(const char* step)
{
    if (kill_at != nullptr && std::string_view(step) == kill_at) {
        killed = true;
        throw Killed{};
    }
}

}  // namespace

TEST_CASE("game recover: killed at any step, it leaves what the next run finishes, with one copy of each",
          "[cli][game]")
{
    // umpire(1), GAME FILES: "What a crash can leave is mended at once". recover cut the journal
    // before it wrote the file: killed between the two, the file looked edited by hand, and the
    // next run kept umpire's own file as FILE.edited; killed after keeping the cut lines, the
    // next run kept them again as .cut.2 (hunt44).
    const TempDir dir("recover-kill");
    const std::string file = great_battles_game(dir);
    auto lines = lines_of(slurp(file + ".journal"));
    REQUIRE(lines.size() == 5);
    lines[1].replace(lines[1].find("\"time\":\"") + 8, 4, "1999");  // the chain breaks at line 3
    const std::string broken = joined(lines);
    const std::string game = slurp(file);
    const std::string kept = joined({lines[0], lines[1]});
    for (const char* step : {"recover: edited kept", "recover: file written", "recover: cut kept"}) {
        CAPTURE(step);
        for (const auto& [name, text] : files_in(dir.path)) {
            fs::remove(dir.path / name);
        }
        spit(file, game);
        spit(file + ".journal", broken);
        kill_at = step;
        killed = false;
        cli::write_step_hook = kill_here;
        CHECK_THROWS_AS(run_cli({"game", "recover", file}), Killed);
        cli::write_step_hook = nullptr;
        CHECK(killed);
        // Between the two runs: the journal still breaks where it did, or the game is whole;
        // never a file that disagrees with its journal.
        auto between = run_cli({"game", "status", file});
        CHECK_FALSE(contains(between.err, "edited by hand"));
        if (between.code != 0) {
            CHECK(contains(between.err, file + ".journal:3: prev: the chain is broken here"));
        }
        auto again = run_cli({"game", "recover", file});
        CHECK(again.code == 0);
        CHECK(run_cli({"game", "status", file}).code == 0);
        CHECK(slurp(file + ".journal") == kept);
        // The file as it was, and the lines cut, each kept once; nothing half-written beside them.
        std::vector<std::string> names;
        for (const auto& [name, text] : files_in(dir.path)) {
            names.push_back(name);
        }
        CHECK(names == std::vector<std::string>{"g.toml", "g.toml.edited", "g.toml.journal", "g.toml.journal.cut",
                                                "g.toml.lock"});
        CHECK(slurp(file + ".edited") == game);
        CHECK(kept + slurp(file + ".journal.cut") == broken);
    }
}
