#pragma once

#include <unistd.h>

#include "cli/context.h"

#include <array>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace umpire::cli {

// What running one request came to, as data: the plain command, batch and replay all
// read this, never the text the request printed.
struct RunResult {
    int code = 0;                                // the exit code
    std::string error;                           // the message printed after "umpire: error: ", if any
    std::optional<core::Resolution> resolution;  // the last resolution emitted, if any
    std::optional<core::OddsReport> odds;        // the last odds report emitted, if any
};

// The whole program: parses ARGS (without the program name), runs the command, and
// returns the exit code. Holds the only top-level catch (STYLE.md rule 1).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const Environment& env);

// TEXT's lines, the first after PREFIX, their words wrapped whole to a terminal's COLUMNS
// (0: each line as it is), continuations under the first's text; any control character
// a message quotes written out (util visible_lines). Every error and note umpire prints.
std::string wrapped_lines(const std::string& prefix, const std::string& text, size_t columns);

// As run(), calling PREPARE on the context before the command runs (replay shares its
// catalog with each logged line this way).
RunResult run_prepared(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                       const Environment& env, const std::function<void(Context&)>& prepare);

// The command-line parser with its context, set up for one command (all when COMMAND is
// ""), running request after request: batch keeps one per command, so a line costs a
// parse rather than building and destroying the parser. Each request starts from the
// defaults (Context::begin_request()). Given the one request ONLY_FOR it will run, it
// sets up just the global options that request names (each costs a call about a fiftieth
// of its time to build); every one when it asks for help or none.
class Runner {
public:
    Runner(std::ostream& out, std::ostream& err, const Environment& env, std::string_view command,
           const std::vector<std::string>* only_for = nullptr);
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;
    // As run_prepared(), and FINISHED after the command ran without an error (batch reads
    // what the line left for its memo).
    RunResult run(const std::vector<std::string>& args, const std::function<void(Context&)>& prepare,
                  const std::function<void(const Context&)>& finished = {});
    // The parser, for the shell's completion: every command, its options and their values.
    const CLI::App& app() const { return m_app; }
    // Its context, for what the commands' options offer to TAB (Context::offered).
    Context& context() { return m_ctx; }

private:
    Context m_ctx;
    CLI::App m_app;
};

// ARGV without the global options replay sets itself (--seed, --position, --log, --json,
// --quiet), with their values; with DROP_APPLY without --apply too (luck asks a logged
// line's odds, which write nothing and are refused with --apply).
std::vector<std::string> without_replay_options(const std::vector<std::string>& argv, bool drop_apply = false);
// The directories a logged line was given with --tables, as "A, B" (visible), "" for none:
// replay and luck read it with their own tables, so one the line read from them is gone
// unless they are given it too (said in their answers).
std::string logged_tables(const std::vector<std::string>& argv);

// The width of the terminal FD is (standard output unless said), 0 when it is none: read
// again for each of the shell's lines, as the window may have been resized since.
size_t terminal_columns(int fd = STDOUT_FILENO);

// The request as it is run: 'umpire help [COMMAND...]' as 'umpire [COMMAND...] --help', as
// git and cargo take it (a batch line too, which then refuses help as any --help).
std::vector<std::string> with_help_spelled_out(const std::vector<std::string>& args);
// The command ARGS name, "" when none does (help, version). Throws a usage Error, with a
// suggestion, for an unknown command.
std::string command_of(const std::vector<std::string>& args);
// Why ARGS cannot run as a line of WHERE ("batch" or "shell"), "" when it can: a command
// that reads the same standard input line by line (batch, shell), that takes the terminal
// (table edit's editor; in the shell only when its input is no terminal: IN_IS_TTY), or
// whose answer is no resolution (completion's script); in a batch, table import and table
// reset too (the batch's tables are read once). Unknown commands are left to run's
// own error.
std::string refused_inside(std::string_view where, const std::vector<std::string>& args, bool in_is_tty);
// The --help group of COMMAND: the title of the game whose rules it resolves, "General"
// for the rest, "" for no command of umpire's.
std::string_view command_group(std::string_view command);

// The shell's own words, beside the commands (cmd_shell.cc reads them; completion offers them).
inline constexpr std::array<std::string_view, 12> k_shell_words{"ask",  "help", "status", "sequence", "next", "undo",
                                                                "redo", "set",  "why",    "working",  "exit", "quit"};

// Short names for the long commands, typed at the shell's prompt only (scripts keep the
// full ones); completed there as the commands they stand for.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 5> k_shell_aliases{{
    {"cc", "close-combat"},
    {"cr", "command-roll"},
    {"co", "cops-overrun"},
    {"ap", "always-possible"},
    {"ad", "air-deployment"},
}};

// The words that may complete PREFIX after the words BEFORE on a shell line: commands
// and the shell's own words first, then a command's options, an option's choices, the
// game's or scenario's unit names, table ids.
std::vector<std::string> completions(const std::vector<std::string>& before, std::string_view prefix,
                                     const Environment& env, const std::string& game);

// What shell completion scripts are made of ('umpire completion', cmd_completion.cc): every
// command from the command table with its options, each option's values where they are
// few and known, and the words a command takes in place of its arguments.
struct CompletionOption {
    std::vector<std::string> names;  // "--count", "-n"
    std::string help;
    bool takes_value = false;
    bool file = false;                 // its value is a file or directory
    bool directory = false;            // only a directory (--tables DIR)
    std::vector<std::string> choices;  // its values, when known
};
struct CompletionCommand {
    std::string name;
    std::string help;
    std::vector<CompletionOption> options;      // its own and its subcommands' (table show's --column)
    std::vector<std::string> words;             // actions, table or check ids, games and scenarios
    std::vector<std::string> subcommands;       // table's list, show, ...: offered until one is given
    std::vector<std::string> file_subcommands;  // those of them that take a file (table import)
    bool files = false;                         // it takes file names too
};
struct CompletionModel {
    std::vector<CompletionOption> globals;
    std::vector<CompletionCommand> commands;
};
CompletionModel completion_model(const Environment& env);

// umpire's directory of the XDG base directory VARIABLE ("XDG_CACHE_HOME"): $VARIABLE/umpire
// when that is an absolute path, else ~/FALLBACK/umpire (".cache"); "" without a home.
std::string xdg_dir(const char* variable, std::string_view fallback);

// The referee's own tables directory from the environment: $XDG_CONFIG_HOME/umpire/tables
// (an absolute $XDG_CONFIG_HOME), else ~/.config/umpire/tables; "" without a home.
std::string user_tables_dir();

// From main(): reads the real environment and standard streams.
int run(int argc, char** argv);

}  // namespace umpire::cli
