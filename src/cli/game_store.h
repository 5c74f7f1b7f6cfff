#pragma once
// The game file and its journal on disk (DESIGN.md 9 and 12). FILE.journal sits beside FILE
// and is the record: every change is journalled before the game file is written, each line
// chained to the one before (load::append_log_line) and carrying the SHA-256 of the game
// file it leaves ("after"). Every open checks the chain and that the file is what the
// journal's last line says it left; a file one change behind it (a crash between the two
// writes) is rolled forward, a missing file is made again, and anything else is a data
// error naming the file's line or the journal's.

#include "core/game.h"
#include "load/log.h"
#include "load/state.h"
#include "util/error.h"

#include <functional>
#include <string>
#include <vector>

namespace umpire::cli {

class Context;

std::string journal_path(const std::string& game_path);
// Throws the not-found Error open_game throws when there is neither a game file at PATH
// nor its journal: called before a game's lock is taken, so a mistyped name leaves no
// lock file behind it.
void require_game(const std::string& path);

// The starting state of a game from the word 'game new' was given (GAME or SCENARIO).
using GameStarter = std::function<core::GameState(const std::string& what)>;
GameStarter game_starter(Context& ctx);
core::GameState start_game(const std::string& what, Context& ctx);
// Whether WHAT, as 'game new' takes it, is a scenario file of the referee's (not a game id or
// a shipped scenario's name).
bool scenario_file(const std::string& what);
// PATH from the root, as a game file and its journal keep a scenario file.
std::string absolute_path(const std::string& path);

// A game as an open found it.
struct OpenedGame {
    core::GameState state;
    std::string text;                // the game file's text the state is read from
    std::vector<std::string> notes;  // what the open had to mend: a torn line cut, a roll forward
};

// Opens the game at PATH with its journal, under the caller's StateLock (exclusive when
// WRITE). A missing file or journal is a no-input Error (66); a broken chain, a journal line
// that does not apply, or a file that differs from what its journal makes (edited by hand) is
// a data Error (65) naming the line, with the way to recover. A torn last journal line (a
// write interrupted) and a file one change behind its journal are mended, on disk when WRITE
// (in memory otherwise), and said in NOTES. The file's values are checked as it is read.
// TABLE is the game's tables, for what only they tell of a value (core::state_problems). A
// state the mend or the replay makes is held to the board's limits as a state read from the
// file is: a journal line whose changes break them is a data Error naming the line.
OpenedGame open_game(const std::string& path, const GameStarter& start, const core::TableOf& table, bool write);

// JOURNAL's last line when it lacks only its newline (an editor or a tool that strips the
// last one): it parses, follows the line before, and left FILE_TEXT (its "after" is the
// file's SHA-256), so its change is made and it is no torn write (a writer writes the file
// after the whole line). The newline is put back, in JOURNAL and CHAIN, and on disk at
// JPATH when WRITE; the note says so. "" (and nothing changed) for any other journal.
// When JOURNAL's chain breaks only because its lines end in CR LF (a copy through a DOS
// tool): what to say of it, "; with LF line ends the chain holds ...". "" otherwise.
std::string crlf_problem(std::string_view journal, const std::string& jpath);

// PATH's journal as every reader of it takes it (open_game, rebuild, recover): its text and
// chain. FILE_TEXT is the game file's text, null when there is none. A missing file with an
// empty journal ('game new' killed before its first line) is no game: exit 66. A last line
// that lacks only its newline (an editor or a tool that strips it) and that parses, follows
// the line before and left FILE_TEXT (its "after") is no torn write, as a writer writes the
// file after the whole line: it is made whole, on disk too when WRITE, and MENDED says so.
struct ChainedJournal {
    std::string text;
    load::Chain chain;
    std::string mended;  // the note when the last line's newline was put back, "" when not
};
ChainedJournal read_chained_journal(const std::string& path, const std::string* file_text, bool write);

// Every whole line of PATH's journal, in order ([] when there is none); a line that is not a
// journal line is a data Error naming it.
std::vector<load::LogEntry> read_journal(const std::string& game_path);

// The journal's lines whose changes stand (DONE, the last on top), and those undone that
// 'game redo' may make again (REDOABLE, the last undone on top): a new change other than a
// redo empties it, as in an editor.
struct UndoStacks {
    std::vector<size_t> done;
    std::vector<size_t> redoable;
};
UndoStacks undo_stacks(const std::vector<load::LogEntry>& journal);
// A redo by what the line's resolution says it is, not by the words typed: 'game set ...
// --reason redo', or a game file named redo, had kept what undo took back redoable.
bool is_redo(const load::LogEntry& e);

// What a journal makes: the game after its last line, and its text before that line.
struct JournalGame {
    core::GameState state;
    std::string text;
    std::string text_before_last;
    size_t lines = 0;     // the lines played
    std::string failure;  // with STOP: why line LINES + 1 was not, "" when all were
};
// Plays JOURNAL's changes from the start its first line ('game new') names. A line whose
// changes do not apply, leave a game past the board's limits (limits_broken), or leave a
// game other than the one it records, is a data Error naming it (JOURNAL_FILE:LINE); with
// STOP, the game as the lines before it left it, and the failure said. A first line that
// makes no game is an Error either way.
JournalGame replay_journal(const std::vector<load::LogEntry>& journal, const std::string& journal_file,
                           const GameStarter& start, const core::TableOf& table, bool stop = false);

// What a referee can do with a journal none of which holds from its first line (empty, or its
// 'game new' line damaged), which recover cannot mend: "put back a copy of the journal, or ...".
std::string journal_lost_advice();

// Why the game at PATH is no longer the one its journal began: the start its journal's first
// line records (its "after") is not what START makes of that line's scenario now (a scenario
// file or a table edited since 'game new'), as undo and rebuild find when they replay it.
// Every change applied checks it first (hunt58: a unit's factors edited mid-game were read,
// and the change could then never be undone). "" when the start is the same, and for a
// journal that has no such first line (the reads of the game say what is wrong with it).
// Only the first line is read.
std::string start_changed(const std::string& path, const GameStarter& start);

// Why GAME, as a journal line's changes leave it, is no game umpire would write: "its changes
// leave 2-Para's suppressed so: 9 suppressed stands, but ... (11.3.1)", the first value that
// breaks the board's limits (core::state_problems, the check every read and write makes);
// "" when all hold. Every path that makes a state from a journal runs it: the roll-forward,
// replay_journal (rebuild, recover, undo) and replay's playback.
std::string limits_broken(const core::GameState& game, const core::TableOf& table);

// Writes GAME to PATH with its journal line, write-ahead (DESIGN.md 12): PATH.umpire-tmp written and
// flushed; the line appended and flushed (the commit); PATH.umpire-tmp renamed over PATH. A failure
// before the commit leaves nothing; one after it cuts the line off again, so the file and the
// journal never disagree. MAKE_LINE is given the SHA-256 of the game's new text.
// Called, when set, after each step of write_game with its name: "prepared" (PATH.umpire-tmp
// flushed), "journaled" (the line flushed) and "committed" (PATH.umpire-tmp renamed); and of game
// recover: "recover: edited kept", "recover: file written", "recover: cut kept". Null in umpire
// itself; tests/integrity/crash_at.cc sets it to kill the process at one step, and a test
// to stop there.
extern void (*write_step_hook)(const char* step);

void write_game(const std::string& path, const core::GameState& game,
                const std::function<std::string(const std::string& after)>& make_line);

}  // namespace umpire::cli
