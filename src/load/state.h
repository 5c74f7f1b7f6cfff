#pragma once
// The referee's game-state file: read it (a missing file is a new game) and write it
// atomically, so an interrupted write never loses the previous state.

#include "core/game.h"
#include "games/great-battles/great_battles.h"
#include "games/novorossiysk/novorossiysk.h"

#include <string>
#include <sys/types.h>

namespace umpire::load {

core::WeatherState read_state(const std::string& path);
// The state file's text as it is, "" when there is none yet (a new game).
std::string read_state_text(const std::string& path);

// Writes PATH.tmp beside PATH, flushes it to disk, then renames it over PATH. Call it
// holding the StateLock, so no two writers share the temporary file and a killed
// writer's leftover is simply overwritten by the next.
void write_state(const std::string& path, const core::WeatherState& state);
// The same for any state file's TEXT. PATH.tmp is made with MODE (less the umask), or
// with the mode of the file it replaces, so a secret is never readable by others on its
// way in and a file the referee hid stays hidden; whatever was at PATH.tmp (a killed
// writer's file, a link) is removed, never written through.
void write_state_text(const std::string& path, const std::string& text, mode_t mode = 0644);
// TEXT as the file PATH, whole or not at all: written to a file of a fresh name beside it,
// flushed to the disk and renamed over it, so two writers at once leave one whole file and
// a failed write (a full disk) leaves what was there. No lock, and no file left beside it,
// even by a call killed while it writes (only one killed between its last two steps). A
// device or a FIFO at PATH (/dev/stdout) is written to as it is; a link, through.
void replace_file(const std::string& path, const std::string& text);
// write_state_text in two halves, for a write that is journalled between them (the game
// file, DESIGN.md 12): PATH.umpire-tmp written and flushed to disk (on failure it is removed
// and PATH is untouched); then renamed over PATH, the directory flushed too. discard removes
// a prepared PATH.umpire-tmp that will not be committed (a killed writer's), and says
// whether there was one to remove. The name is
// umpire's own: PATH.tmp was, and a file of the referee's by that name (notes, or another
// game "siege.toml.tmp") was removed by every write of PATH.
inline constexpr char k_prepared_suffix[] = ".umpire-tmp";
void prepare_state_text(const std::string& path, const std::string& text, mode_t mode = 0644);
// TEXT as the file PATH, a name umpire gives a file beside the referee's (FILE.rebuilt),
// written as write_state_text writes: a link put at PATH is replaced, never written through
// (a planted FILE.rebuilt -> victim had game rebuild overwrite the victim, hunt54).
void write_own_file(const std::string& path, const std::string& text);
void commit_state_text(const std::string& path);
bool discard_state_text(const std::string& path);

// A name to keep something aside under (a cut journal, a hand-edited game file, a rejected
// table edit) where nothing is yet: BASE, else BASE.2, BASE.3 and on, so a second keeping
// never writes over the first's.
std::string aside(const std::string& base);
// TEXT kept under BASE or the first free name after it (aside), written whole
// (write_state_text, whose leftover a killed call's next run removes); or, when one of
// those names holds TEXT already, that name, and nothing written: a keeping killed after its
// copy was made and run again (game recover) makes no second copy.
std::string keep_aside(const std::string& base, const std::string& text);

// The file a write to PATH goes to, through every symbolic link (so a link stays a link,
// and all the names of one game share its file, lock and journal). An I/O Error, before
// anything is written, when what is there is no regular file (a directory, a device such
// as /dev/null, a FIFO): a file renamed over it would take its place.
std::string write_target(const std::string& path);

// An exclusive lock on a state file for one read, resolve and write: two referees'
// calls on one file wait for each other instead of rolling the same phase twice. It is
// flock(2) on PATH.lock, which is left beside the file; the kernel releases it when the
// process ends, however it ends.
class StateLock {
public:
    // SHARED: a reader's lock, held beside other readers' but never beside a writer's. A
    // reader that cannot make the lock file (a read-only directory) reads without one.
    explicit StateLock(const std::string& path, bool shared = false);
    ~StateLock();
    StateLock(const StateLock&) = delete;
    StateLock& operator=(const StateLock&) = delete;

private:
    std::string m_lock;
    int m_fd = -1;  // -1 also when this process held the lock already (nested) or could not make it
};

std::string state_text(const core::WeatherState& state);
// A game file: the game, its scenario, the clock and every unit's status, keys sorted
// so the same state is always the same bytes (game rebuild compares them).
std::string game_text(const core::GameState& game);

// An Activation Deck file: the cards left and each side's hand.
std::string deck_state_text(const core::DeckState& state);

}  // namespace umpire::load
