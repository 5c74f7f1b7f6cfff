// umpire shell: the referee's prompt, on Debian's libedit (line editing, history,
// completion). Each line is a command as on the command line, without "umpire"; with a
// game, results are applied to it as they are resolved ("ask" first to only ask).
#include "cli/commands.h"
#include "cli/game_store.h"
#include "cli/run.h"
#include "util/error.h"
#include "util/text.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <editline/readline.h>

namespace umpire::cli {

namespace {

struct ShellOptions {
    bool no_history = false;
};

// What the completion callback (a C function) needs.
struct Completion {
    Environment env;
    std::string game;
    std::vector<std::string> matches;
    size_t next = 0;
};
Completion* g_completion = nullptr;

char* next_match(const char*, int state)
{
    if (state == 0) {
        g_completion->next = 0;
    }
    if (g_completion->next < g_completion->matches.size()) {
        return strdup(g_completion->matches[g_completion->next++].c_str());
    }
    return nullptr;
}

char** complete(const char* text, int start, int)
{
    rl_attempted_completion_over = 1;  // never file names
    auto before = split_words(std::string_view(rl_line_buffer, static_cast<size_t>(start)));
    try {
        g_completion->matches =
            completions(before ? *before : std::vector<std::string>{}, text, g_completion->env, g_completion->game);
    } catch (const std::exception&) {
        g_completion->matches.clear();
    }
    return rl_completion_matches(text, next_match);
}

// The history file: $XDG_STATE_HOME/umpire/history, else ~/.local/state/umpire/history.
std::string history_path()
{
    std::string dir;
    if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && *state != '\0') {
        dir = state;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        dir = std::string(home) + "/.local/state";
    } else {
        return "";
    }
    std::error_code ec;
    std::filesystem::create_directories(dir + "/umpire", ec);
    return ec ? "" : dir + "/umpire/history";
}

// "siege imp 3 wind NE 8> ": the game and its clock.
std::string prompt(const std::string& game_path)
{
    if (game_path.empty()) {
        return "umpire> ";
    }
    try {
        core::GameState g = read_game(game_path);
        std::string name = std::filesystem::path(game_path).stem().string();
        if (g.game == "constantinople") {
            return name + " ph " + g.value("", "naval_phase") + " imp " + g.value("", "impulse") + " wind " +
                   g.value("", "wind") + " " + g.value("", "velocity") + "> ";
        }
        return name + " day " + g.value("", "day") + " turn " + g.value("", "turn") + "> ";
    } catch (const Error& e) {
        return "umpire (" + game_path + " unreadable)> ";
    }
}

const char* k_shell_help = "Type a command as on the command line, without 'umpire': melee --attacker Galley-1 "
                           "--defender Genoa.\n"
                           "With a game, each result is applied to it; 'ask COMMAND' only asks.\n"
                           "  status     the board: units, statuses, the clock, what is pending\n"
                           "  next       the next step of the sequence of play (Impulse, turn)\n"
                           "  undo       revert the last change\n"
                           "  help [CMD] this, or a command's options\n"
                           "  exit       leave (or Ctrl-D)\n"
                           "TAB completes commands, options, choices, unit names and table ids.\n";

}  // namespace

void run_shell(const ShellOptions& opt, Context& ctx)
{
    const std::string game = ctx.game_path();
    if (!game.empty()) {
        read_game(game);  // a missing or broken game is an error before the prompt
    }
    Completion completion{ctx.env(), game, {}, 0};
    g_completion = &completion;
    rl_readline_name = "umpire";
    rl_attempted_completion_function = complete;
    const std::string history = opt.no_history ? "" : history_path();
    if (!history.empty()) {
        read_history(history.c_str());
    }
    std::ostream& out = ctx.out();
    std::ostream& err = ctx.err();
    while (true) {
        out.flush();
        char* raw = readline(prompt(game).c_str());
        if (raw == nullptr) {
            out << "\n";
            break;
        }
        std::string line = raw;
        std::free(raw);
        auto words = split_words(line);
        if (!words) {
            err << "umpire: error: " << words.error() << "\n";
            continue;
        }
        if (words->empty()) {
            continue;
        }
        add_history(line.c_str());
        if (!history.empty()) {
            write_history(history.c_str());
        }
        std::vector<std::string> args = *words;
        const std::string first = args.front();
        if (first == "exit" || first == "quit") {
            break;
        }
        if (first == "help") {
            if (args.size() == 1) {
                out << k_shell_help;
                continue;
            }
            args = {args[1], "--help"};
        } else if (first == "status" || first == "next" || first == "undo") {
            args.insert(args.begin(), "game");
        }
        bool apply = !game.empty();
        if (args.front() == "ask") {
            args.erase(args.begin());
            apply = false;
        }
        if (args.empty()) {
            continue;
        }
        std::vector<std::string> full;
        if (!game.empty()) {
            full = {"--game", game};
            if (apply && args.front() != "game") {
                full.push_back("--apply");
            }
        }
        full.insert(full.end(), args.begin(), args.end());
        run(full, out, err, ctx.env());
        out.flush();
        err.flush();
    }
    g_completion = nullptr;
}

void setup_shell(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ShellOptions>();
    auto* sub = app.add_subcommand("shell", "An interactive prompt: line editing, history, TAB completion; with "
                                            "--game, results applied as resolved");
    sub->add_flag("--no-history", opt->no_history, "Neither read nor write the history file");
    sub->footer("History: $XDG_STATE_HOME/umpire/history (~/.local/state/umpire/history).\n"
                "In the shell: any command without 'umpire'; 'ask CMD' resolves without applying;\n"
                "status, next, undo, help [CMD], exit (or Ctrl-D).\n"
                "Examples:\n  umpire shell --game siege.toml\n  umpire --game day.toml shell");
    sub->callback([opt, &ctx] { run_shell(*opt, ctx); });
}

}  // namespace umpire::cli
