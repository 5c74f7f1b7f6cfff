#pragma once
// What command files share. Each command is one file with its options struct, setup_x
// and run_x (STYLE.md 11); its setup_x is declared and listed in run.cc's k_commands.

#include "cli/context.h"
#include "load/log.h"

#include <fstream>

namespace umpire::cli {

// Great Battles: shared by rally and close-combat (cmd_rally.cc).
// The rally number from exactly one of --PREFIXrally-number, --PREFIXquality, --PREFIXunit,
// with the table it was read from (null when given or the unit's own).
struct RallyNumber {
    int value = 0;
    const core::Table* table = nullptr;
};
RallyNumber resolve_rally_number(const std::string& prefix, const std::optional<int>& number,
                                 const std::string& quality, const std::string& unit, Context& ctx);

// Great Battles: shared by flak and drift (cmd_air_landing.cc). Refuses --altitude and
// --glider both given, or neither: glider troops are read as from the altitude the Drop Zone
// rules give them for this step, so an altitude beside --glider would be overridden. RULE
// quotes that rule, with its step.
void glider_or_altitude(const std::string& altitude, bool glider, const std::string& rule);

// A ship spec with the --game's statuses for that ship (Damaged, its back showing),
// refusing a sunk ship, an Ineffective attacker and a flag the game contradicts, each
// refusal naming FLAG (cmd_melee.cc).
std::string ship_in_game(Context& ctx, std::string_view flag, const std::string& spec, bool attacker);

// The next step of the --game's sequence of play (its GameRules::next), resolved as
// COMMAND and applied with --apply (cmd_game.cc; 'weather' on a Novorossiysk game too).
void resolve_game_next(Context& ctx, const DiceOptions& dice, const core::StatusList& given, std::string_view command);

// The exact odds of WORDS (a command and its options, as typed after 'umpire'), run in
// process with --odds and compare's share of CTX's global options (--tables, --scenario,
// --game); an Error prefixed with WHICH when it is refused (cmd_compare.cc; plan crt too).
core::OddsReport request_odds(const std::vector<std::string>& words, Context& ctx, const std::string& which);
// --draw of compare and plan: REQUESTS' REPORTS as bars side by side, TITLE at each page's foot.
void draw_compared(Context& ctx, const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports,
                   const std::string& title);

// Why a logged request may not be run again, "" when it may. replay re-resolves in
// memory and writes nothing: only a command that resolves (never batch, replay or seed,
// nor roll -n, which a log never holds), and a game-state line only from the state the
// log kept with it (cmd_replay.cc; luck too).
std::string replay_refusal(const std::vector<std::string>& argv, bool has_state_before);
// "game new", "game undo" or "game rebuild" when ARGV is one: a line a true log holds that
// replay and luck pass over, since running it would create or rewrite the game's files;
// "" otherwise (cmd_replay.cc).
std::string game_file_action(const std::vector<std::string>& argv);

// The game a journal's lines were resolved against, for lines that do not keep it: a game
// journal's line keeps its changes, not the state before it. The journal is played in
// memory from its 'game new', line by line; no file is read or written (cmd_replay.cc; luck
// too). A log that is no journal has no game here, and its lines keep their own.
class JournalPlayback {
public:
    explicit JournalPlayback(Context& ctx)
        : m_ctx(ctx)
    {
    }
    // The game's text before ENTRY: the line's own state_before, else the journal's game so
    // far; none when neither is known.
    std::optional<std::string> state_before(const load::LogEntry& entry) const;
    // ENTRY's changes played on the game so far ('game new' starts it). A change that does
    // not apply ends the playback: later lines have no known state. So does a game past the
    // board's limits, which open_game and rebuild refuse: why is returned ("its changes
    // leave ...", limits_broken), "" otherwise.
    std::string played(const load::LogEntry& entry);

private:
    Context& m_ctx;
    std::optional<core::GameState> m_game;
};

// FILE opened to be read as an audit log by COMMAND: a not-found Error naming COMMAND when
// it is no regular file or cannot be read (cmd_replay.cc; luck too).
std::ifstream open_log(const std::string& file, const std::string& command);

// plan melee, a subcommand of plan (cmd_plan_melee.cc).
void setup_plan_melee(CLI::App& plan, Context& ctx);
// The split 'plan melee --ship SHIP --enemy ENEMY...' lists as NUMBER (from 1) under
// OBJECTIVE: the points SHIP puts on each enemy, in ENEMIES' order (melee --split-plan).
std::vector<int> planned_split(Context& ctx, const std::string& ship, const std::vector<std::string>& enemies,
                               bool boom, const std::string& reading, const std::string& objective, int number);

// Every check's full id, and the last part of each where no other check ends so
// (cmd_check.cc): what 'check' takes, for completion.
std::vector<std::string> check_names(Context& ctx);

// What 'explain' takes, for completion: every result code of the tables' legends that a
// shell can take as a word (a letter or digit first: not '-' or '*'), and every procedure
// ID of the rules' catalogue (cmd_explain.cc).
std::vector<std::string> explain_words(Context& ctx);

}  // namespace umpire::cli
