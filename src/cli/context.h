#pragma once
// What every command receives: the global options, the catalog of tables and
// scenarios, the output streams, and the shared steps of an adjudication (dice from
// --roll and --seed, --odds, rendering). Only cli/ includes CLI11.

#include "cli/batch_memo.h"
#include "core/game.h"
#include "core/lookup.h"
#include "core/odds.h"
#include "core/resolution.h"
#include "format/json.h"
#include "format/text.h"
#include "load/catalog.h"
#include "load/state.h"
#include "util/error.h"
#include "util/expected.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace umpire::cli {

// What the process environment contributes; tests pass their own.
struct Environment {
    std::istream* in = nullptr;  // standard input, for batch
    std::string tables;          // $UMPIRE_TABLES, colon-separated directories
    std::string user_tables;     // the referee's own tables: $XDG_CONFIG_HOME/umpire/tables
    std::string cache;           // parsed copies of table files: $XDG_CACHE_HOME/umpire; "" for none
    std::string editor;          // $VISUAL, else $EDITOR: table edit's editor
    bool in_is_tty = false;      // standard input is a terminal: table edit may ask to edit again
    std::string game;            // $UMPIRE_GAME, the game file when --game is not given
    bool no_color = false;
    bool out_is_tty = false;
    bool err_is_tty = false;     // progress lines go to standard error only when it is a terminal
    bool dumb_terminal = false;  // TERM=dumb: no escape codes unless --color=always asks
    // Whether a progress line (rewritten in place with escape codes) may be drawn.
    bool shows_progress() const { return err_is_tty && !dumb_terminal; }
    size_t columns = 0;      // the terminal's width when standard output is one, else 0
    size_t err_columns = 0;  // the same of standard error: an error's words wrap whole to it
    bool utf8 = false;       // the locale's characters are UTF-8 (LC_ALL, else LC_CTYPE, else LANG)
    bool shell = false;      // a line typed at umpire shell: a usage hint names the shell's help
};

// Provisional data warned of once in a whole batch or shell run, not once per line (a
// batch may be a million lines): the notes warned of so far, and where the warning goes.
struct WarnedOnce {
    std::ostream* err = nullptr;  // the run's standard error (batch's lines write to a capture)
    std::optional<bool> quiet;    // the run's -q in place of the line's (batch gives each line -q)
    std::vector<std::string> notes;
};

struct GlobalOptions {
    bool json = false;
    std::optional<std::uint32_t> seed;
    std::uint64_t position = 0;  // --position: engine draws to skip, to replay a log line
    std::string log;             // --log FILE: the audit log
    std::vector<std::string> tables;
    std::string scenario;
    bool quiet = false;
    std::string game;            // --game FILE: the game file units and statuses come from
    bool apply = false;          // --apply: write the resolution's changes to the game
    std::string color = "auto";  // --color: auto (a terminal, NO_COLOR unset or empty, TERM not dumb), always, never
    bool brief = false;          // --brief: the headline result on one line
    std::string draw;            // --draw FILE: the answer drawn as a picture too (cli/draw.h)
    std::string paper = "a4";    // --paper: a PDF picture's pages
    bool ascii = false;          // --ascii: odds' bars in '#' on a terminal too
};

// Progress of a long run on standard error: nothing in its first second, then one line
// rewritten in place (at most five times a second), erased when the run ends. Only when
// standard error is a terminal: never in a pipe, a file or a test's capture.
// Set (by the shell's Ctrl-C) while a command runs: a long run stops at its next
// Progress::update with an error, and the shell's prompt comes back.
extern volatile std::sig_atomic_t g_stop_requested;

class Progress {
public:
    Progress(std::ostream& err, bool terminal, std::string what);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;
    // DONE of TOTAL (0: not known) so far; cheap enough to call every few thousand steps.
    void update(std::uint64_t done, std::uint64_t total = 0);
    // Still at work, how far not known.
    void tick();

private:
    void draw(const std::function<std::string()>& numbers);
    std::ostream& m_err;
    bool m_terminal;
    std::string m_what;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_shown;
    bool m_drawn = false;
};

// --roll and --odds, shared by every adjudicating command.
struct DiceOptions {
    std::vector<int> rolls;
    bool odds = false;
};

// How --odds without dice given may work a resolution's odds out other than by walking
// every branch of its adjudicator:
// - PARTS, its independent parts: each walked alone, parts alike once, and put together
//   as HOW says, their headlines summed (roll's expressions, core::sum_odds) or apart
//   (melee's attacks, core::apart_odds);
// - or OWN, the game's own exact reckoning from WHOLE (the adjudicator as run, for the
//   sample): nullopt when it has none for this request, and the branches are walked.
struct OddsBy {
    std::vector<core::OddsPart> parts;
    core::PartsAre how = core::PartsAre::summed;
    std::function<std::optional<core::OddsReport>(const core::Adjudicator& whole)> own;
};

class Context {
public:
    Context(std::ostream& out, std::ostream& err, Environment env)
        : m_out(out)
        , m_err(err)
        , m_env(std::move(env))
    {
    }

    // --tables given on a line that shares the batch's catalog: refused (a usage Error).
    [[noreturn]] void refuse_line_tables() const;
    // Batch: lines share one catalog, and without a --seed of their own draw from one
    // STREAM (seeded STREAM_SEED, POSITION engine draws in when this line starts), so a
    // batch with a seed replays whole. A null STREAM: lines roll their own seed (replay).
    void share(load::Catalog* catalog, core::DiceSource* stream, std::uint32_t stream_seed, std::uint64_t position)
    {
        m_shared_catalog = catalog;
        m_stream = stream;
        m_stream_seed = stream_seed;
        m_stream_position = position;
    }
    // Batch: a line with its own --seed OWN_SEED (at OWN_POSITION) draws from OWN, the
    // engine so seeded as batch traces it for its memo. A line whose seed or position
    // turns out to be another draws from an engine of its own, as outside a batch.
    void share_own(core::DiceSource* own, std::uint32_t own_seed, std::uint64_t own_position)
    {
        m_own = own;
        m_own_seed = own_seed;
        m_own_position = own_position;
    }
    // What a batch line printed, for batch's memo (cli/batch_memo.h). Absent when the
    // line depends on more than its text, the tables and its dice (a --state file, a
    // --seed of its own not drawn through share_own(), a --log to write) or printed other
    // than one JSON answer.
    std::optional<Repeatable> repeatable() const;
    // Batch and shell: each provisional note warned of once for the whole run, in ONCE.
    void warn_once(WarnedOnce* once) { m_warned_once = once; }
    // Whether the line's dice came from share_own()'s engine.
    bool drew_own() const { return m_from_own; }
    // A line of a batch, drawing from the batch's stream unless it has its own --seed.
    bool in_batch() const { return m_stream != nullptr; }
    // The command reads or writes files beyond the tables (weather --state): its lines
    // are never repeated from batch's memo.
    void mark_stateful() { m_stateful = true; }
    // A --state file's text before this call (weather, deck), read under LOCK, which the
    // caller holds until the answer is saved; in a replay the text the log kept, nothing
    // read. A file that cannot be locked or read is named by its flag.
    std::string read_state_before(const std::string& path, std::optional<load::StateLock>& lock);
    // The options struct a command's flags are bound to. A Runner serving request after
    // request resets it to T's defaults before each (begin_request()).
    template <class T> std::shared_ptr<T> make_options()
    {
        auto opt = std::make_shared<T>();
        m_resets.push_back([opt] { *opt = T{}; });
        return opt;
    }
    // The values OPTION offers to TAB (the shell, 'umpire completion') where its type does
    // not spell them (a one_of under a name, --situation SITUATION), or where they are a
    // table's, read only when completion asks (rally's --quality: the rally numbers' rows).
    // Set up with the option, kept across requests. Returns OPTION, for chaining.
    using OptionValues = std::function<std::vector<std::string>(Context&)>;
    CLI::Option* offer(CLI::Option* option, OptionValues values);
    CLI::Option* offer(CLI::Option* option, std::vector<std::string> values);
    // OPTION takes one of CHOICES (one_of checks it), and offers them.
    CLI::Option* choose(CLI::Option* option, std::vector<std::string> choices);
    // OPTION offers the row keys (or the columns) of table ID.
    CLI::Option* offer_rows(CLI::Option* option, std::string id);
    CLI::Option* offer_columns(CLI::Option* option, std::string id);
    // What OPTION offers by offer(): {} when nothing, or when its table cannot be read.
    std::vector<std::string> offered(const CLI::Option& option);
    // Core's {FIELD} in a message names FLAG in this request (a command whose flag for a
    // field differs from cli/fields.cc's table: `weather --month` is the lookup's row).
    void name_field(std::string field, std::string flag)
    {
        m_field_flags.emplace_back(std::move(field), std::move(flag));
    }
    // Core's {FIELD} holds what the game gave (--game FILE), with no flag typed: a message names
    // it as "the game (FILE) " + WORDS ("is in phase": "the game (n.toml) is in phase night:
    // ..."), not as a flag the user never gave.
    void name_field_from_game(std::string field, std::string_view words)
    {
        name_field(std::move(field), "the game (" + game_path() + ") " + std::string(words));
    }
    // MESSAGE with its {field}s as the flags this request typed (cli/fields.h).
    std::string render(std::string_view message) const;
    // Forgets the last request: options back to their defaults, nothing emitted.
    void begin_request();
    // The request as typed, for the audit log.
    std::vector<std::string> argv;
    // What run() returns when no error escapes (batch reports its worst line).
    int exit_code = 0;
    const Environment& env() const { return m_env; }

    GlobalOptions options;

    load::Catalog& catalog();
    const core::Table& table(std::string_view id);
    // table() as the games' rules take it.
    core::TableOf table_of()
    {
        return [this](std::string_view id) -> const core::Table& { return table(id); };
    }
    // The --scenario given, else the --game's scenario, else FALLBACK (the game's
    // shipped scenario).
    const core::Scenario& scenario(std::string_view fallback);
    // The --game (or $UMPIRE_GAME) file's state, read once; nullptr without one. With
    // --apply it is read under the file's lock, held to the end of the request.
    const core::GameState* game();
    // The game as a command read it itself ('game recover' from the journal), used instead of
    // reading the file; the command holds the file's lock.
    void use_game(core::GameState state) { m_game = std::move(state); }
    // The game file's path, "" without one.
    std::string game_path() const;
    // What --apply writes instead of the game's own reading of the resolution (game next
    // and undo work their changes out themselves).
    std::function<std::vector<core::Change>(const core::Resolution&)> game_changes;
    std::optional<long long> game_undoes;  // the journal line an undo undoes
    // Undo, redo, set and recover: changes by the referee's hand, which may touch a game that
    // has ended by rule (GameRules::over); --apply and game next may not.
    bool by_hand = false;

    // Runs ADJUDICATE with dice from --roll then the seeded engine, or over every branch
    // with --odds, and writes the result. INPUTS are recorded in the output.
    // COMMIT, when given, runs once the resolution is made and before anything is printed
    // or logged: a failed save (weather --state) prints no answer. Give it only when there
    // is a file to save: --log is checked before it runs.
    // BY says how --odds without dice given may work the odds out other than by walking
    // every branch of ADJUDICATE (OddsBy).
    void adjudicate(const DiceOptions& dice, const core::Fields& inputs, const std::string& command,
                    const core::Adjudicator& adjudicate, const std::function<void()>& commit = {},
                    const OddsBy& by = {});
    // What the audit log keeps with this request's resolution so that replay can
    // re-resolve it without reading or writing a file: the game-state file's text before
    // the call ("" for a new game).
    void log_state_before(std::string text) { m_state_before = std::move(text); }
    // Replay: the state file's text as logged, used instead of the file; nothing is written.
    std::optional<std::string> replay_state;
    // Replay and luck: no file is read for state or written, whatever the request asks (a
    // log line is data, and may have been written by anyone).
    bool read_only = false;
    // Compare, plan and luck: the odds are kept for the caller (take_last_odds) and not
    // printed; the text of a large answer (1000d10: 33 MB) was most of its time.
    bool odds_unprinted = false;
    // The command this request runs and the rules it serves (its --help group, "General"
    // for a command of every game): a game file of other rules is refused.
    std::string command_name;
    std::string_view command_game;
    // The game file this request changed and journalled ("" when none): an error after it
    // (standard output closed or full) must say the change is made, so it is not made twice.
    std::string game_written;
    // The same for a --state file this request saved (weather, deck), with the answer saved
    // in words ("afternoon: ..."): an error after it must say what was saved.
    std::string state_written;
    std::string state_answer;
    // The notes that say whose chart each table R read is, where it is not umpire's own.
    void note_charts(core::Resolution& r);
    // An error (exit 66) when a game file is named and not there (game_path()).
    void require_named_game() const;
    // A command of one game (command_game) with a game file of another: a usage Error.
    void require_command_of_game();
    void emit(core::Resolution r);
    // The last resolution emitted, handed over (RunResult::resolution).
    std::optional<core::Resolution> take_last_resolution() { return std::exchange(m_last, std::nullopt); }
    void emit(core::OddsReport report);
    // --draw: REPORT's bar charts, the values MARKS names (a roll just made) marked, its ROLLS named.
    void draw_odds(const core::OddsReport& report, const std::vector<std::pair<std::string, std::string>>& marks = {},
                   const std::vector<core::RollRecord>& rolls = {});
    // The last odds report emitted, handed over (RunResult::odds: compare reads it).
    std::optional<core::OddsReport> take_last_odds() { return std::exchange(m_last_odds, std::nullopt); }

    std::ostream& out() { return m_out; }
    // Flushes standard output; an io Error (exit 74) when the write failed (a full disk,
    // a closed pipe), so a long run stops instead of writing into nothing.
    void flush_out();
    std::ostream& err() { return m_err; }
    format::Style style() const;

private:
    void warn_provisional(const core::Resolution& r);
    // The working and notes may name a reading's flag as a {field}, as messages do.
    void render_fields_in(core::Resolution& r) const;
    void write_log(const core::Resolution& r);
    // --apply: the resolution's changes written to the game and its journal, and noted.
    void apply_to_game(core::Resolution& r);
    // --log checked appendable before a file is written; NOT_DONE ends the refusal.
    void require_log_before_write(const std::string& not_done) const;
    std::ostream& m_out;
    std::ostream& m_err;
    Environment m_env;
    std::unique_ptr<load::Catalog> m_catalog;
    load::Catalog* m_shared_catalog = nullptr;
    core::DiceSource* m_stream = nullptr;
    std::uint32_t m_stream_seed = 0;
    std::uint64_t m_stream_position = 0;
    bool m_stateful = false;
    bool m_from_stream = false;  // the last adjudication drew from the batch's stream
    core::DiceSource* m_own = nullptr;
    std::uint32_t m_own_seed = 0;
    std::uint64_t m_own_position = 0;
    bool m_from_own = false;              // or from share_own()'s
    WarnedOnce* m_warned_once = nullptr;  // warn_once()
    int m_emitted = 0;
    std::optional<Repeatable> m_repeatable;
    std::vector<std::function<void()>> m_resets;
    std::vector<std::pair<std::string, std::string>> m_field_flags;     // name_field()
    std::vector<std::pair<const CLI::Option*, OptionValues>> m_offers;  // offer()
    std::optional<core::Resolution> m_last;                             // what the request emitted last
    std::optional<core::OddsReport> m_last_odds;                        // take_last_odds()
    std::optional<std::string> m_state_before;                          // log_state_before()
    std::optional<core::GameState> m_game;                              // game()
    std::optional<load::StateLock> m_game_lock;
};

void add_dice_options(CLI::App& app, DiceOptions& options);

// A CLI11 check that the value is one of CHOICES, naming them and the nearest one when
// it is not ("'al' is not one of none, some, all (did you mean 'all'?)").
CLI::Validator one_of(std::vector<std::string> choices);

// The value of a pure parser, or a usage Error: FLAG (or a {field}, cli/fields.h), a space,
// and the parser's message.
template <class T> T flag_value(std::string_view flag, const Expected<T>& parsed)
{
    if (!parsed) {
        throw usage_error(std::string(flag) + " " + parsed.error());
    }
    return *parsed;
}

// A unit of the --scenario given, else of FALLBACK; a usage Error naming FLAG when absent.
const core::Unit& find_unit(std::string_view flag, std::string_view name, std::string_view fallback, Context& ctx);

// A side as FLAG names it, in lower case (a word, core::parse_deck_side); where a scenario is
// in play (--scenario, or the --game's), one of its sides, else a usage Error naming FLAG.
std::string find_side(std::string_view flag, std::string_view side, std::string_view fallback, Context& ctx);

// A count the game file keeps (IN_GAME, UNIT's WHAT: "suppressed stands"): GIVEN when FLAG
// agrees with it, the game's when FLAG is left off; a usage Error, in words, when FLAG
// contradicts the game.
int count_in_game(std::string_view flag, const std::optional<int>& given, int in_game, std::string_view unit,
                  std::string_view what, const Context& ctx);
// The usage Error for FLAG's GIVEN value where the game file keeps another: it has KEPT (in
// words: "gale", "the wind from SE") WHEN ("this turn"), and FLAG left off uses it. HINT, when
// given, says where the game's value comes from.
[[noreturn]] void contradicts_game(std::string_view flag, std::string_view given, std::string_view kept,
                                   std::string_view when, const Context& ctx, std::string_view hint = "");
// A read of TABLE with REQUEST (check, table lookup) held to the --game's clock where its
// rules decide it (GameRules::read: a day's modifier on a night turn): a usage Error naming
// the game file when they do not agree. Nothing without a game.
void hold_read_to_game(const core::Table& table, const core::LookupRequest& request, Context& ctx);
// ANSWER, a read of TABLE (table lookup), with what the --game's clock adds to it
// (GameRules::answer: a limit the clock sets on the cell). Nothing without a game.
void answer_read_in_game(const core::Table& table, core::Resolution& answer, Context& ctx);
}  // namespace umpire::cli
