// umpire shell: the referee's prompt, on Debian's libedit (line editing, history,
// completion). Each line is a command as on the command line, without "umpire"; with a
// game, results are applied to it as they are resolved ("ask" first to only ask).
#include "cli/commands.h"
#include "cli/game_store.h"
#include "cli/run.h"
#include "load/state.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include <editline/readline.h>
#include <histedit.h>
#include <signal.h>
#include <unistd.h>

namespace umpire::cli {

namespace {

struct ShellOptions {
    bool no_history = false;
};

// What the completion callback (a C function) needs.
struct Completion {
    Environment env;
    std::string game;
    std::string prompt;  // the prompt shown, for the rows the line takes
    std::vector<std::string> matches;
    size_t next = 0;
};
Completion* g_completion = nullptr;

// Ctrl-C at the prompt cancels the line typed, as in a shell, instead of ending the
// evening (exit 130). libedit hands the signal on to this handler and its readline()
// returns null; the flag tells that from Ctrl-D.
volatile std::sig_atomic_t g_interrupted = 0;

void on_interrupt(int)
{
    g_interrupted = 1;
    g_stop_requested = 1;  // a command running: its long run stops (Progress::update)
}

// A line's answer, held to hide its working (without_working) until it passes LIMIT bytes:
// then what is held and all that follows go straight to OUT, so 'roll -n 300000000' streams
// as it does outside the shell instead of growing in memory.
class SpillBuffer : public std::streambuf {
public:
    SpillBuffer(std::ostream& out, size_t limit)
        : m_out(out)
        , m_limit(limit)
    {
    }
    bool spilled() const { return m_spilled; }
    const std::string& held() const { return m_held; }

protected:
    int_type overflow(int_type c) override
    {
        if (c != traits_type::eof()) {
            const char ch = traits_type::to_char_type(c);
            xsputn(&ch, 1);
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        if (m_spilled) {
            m_out.write(s, n);
            return n;
        }
        m_held.append(s, static_cast<size_t>(n));
        if (m_held.size() > m_limit) {
            m_out.write(m_held.data(), static_cast<std::streamsize>(m_held.size()));
            std::string().swap(m_held);
            m_spilled = true;
        }
        return n;
    }
    int sync() override
    {
        if (m_spilled) {
            m_out.flush();
        }
        return 0;
    }

private:
    std::ostream& m_out;
    size_t m_limit;
    std::string m_held;
    bool m_spilled = false;
};

// Columns TEXT takes on the terminal as libedit draws it: a character a column (UTF-8's
// continuation bytes none), a control character two (^X).
size_t screen_width(std::string_view text)
{
    size_t n = 0;
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        n += (b & 0xC0) == 0x80 ? 0 : b < 0x20 || b == 0x7F ? 2 : 1;
    }
    return n;
}

// WORDS in columns for a window COLUMNS wide, down each column and then across as libedit
// lays them out, two spaces between columns and none past the last: every word shown.
std::string in_columns(const std::vector<std::string>& words, size_t columns)
{
    size_t widest = 0;
    for (const auto& w : words) {
        widest = std::max(widest, screen_width(w));
    }
    // a row stops short of the last column: a terminal that wraps there would add a row
    const size_t across = std::max<size_t>(1, (columns + 1) / (widest + 2));
    const size_t rows = (words.size() + across - 1) / across;
    std::string out;
    for (size_t row = 0; row < rows; ++row) {
        std::string line;
        for (size_t col = 0; col < across && row + col * rows < words.size(); ++col) {
            const std::string& w = words[row + col * rows];
            if (col > 0) {
                line += std::string(widest + 2 - screen_width(words[row + (col - 1) * rows]), ' ');
            }
            line += w;
        }
        out += line + "\n";
    }
    return out;
}

// How many characters sorted WORDS all begin with: the first and the last agree the least.
size_t agreed(const std::vector<std::string>& words)
{
    const std::string& first = words.front();
    const std::string& last = words.back();
    return static_cast<size_t>(std::mismatch(first.begin(), first.end(), last.begin(), last.end()).first -
                               first.begin());
}

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

// The candidates listed below the line, and the line drawn again under them. libedit's own
// list (the second TAB) was followed by a redraw that went up as many rows as its cursor had
// been down the line, over the list: a line that wrapped lost the list's last rows, or all of
// it (hunt57). Its redraw from the top, asked for here, draws the line where the cursor is.
// ADDED, what the candidates agree on past the word typed, goes into the line first.
void list_below(const std::vector<std::string>& matches, const std::string& added)
{
    int rows = 0;
    int columns = 0;
    rl_get_screen_size(&rows, &columns);
    const size_t width = columns > 0 ? static_cast<size_t>(columns) : 80;
    const std::string_view line(rl_line_buffer, static_cast<size_t>(rl_end));
    const size_t prompt = screen_width(g_completion->prompt);
    // the cursor's row of the line's rows, and the last: the list begins below the last
    const size_t at = (prompt + screen_width(line.substr(0, static_cast<size_t>(rl_point)))) / width;
    const size_t last = (prompt + screen_width(line)) / width;
    FILE* out = rl_outstream != nullptr ? rl_outstream : stdout;
    if (!added.empty()) {
        rl_insert_text(added.c_str());
    }
    const std::string shown = std::string(last - at + 1, '\n') + in_columns(matches, width);
    std::fwrite(shown.data(), 1, shown.size(), out);
    std::fflush(out);
    rl_forced_update_display();
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
    const std::vector<std::string>& matches = g_completion->matches;
    // The second TAB in a row ('?') lists the candidates (completions() gives them sorted, each
    // beginning with TEXT): listed here, and libedit told of none, so that it lists nothing itself.
    if (rl_completion_type == '?' && matches.size() > 1) {
        const size_t typed = std::strlen(text);
        list_below(matches, matches.front().substr(typed, agreed(matches) - typed));
        return nullptr;
    }
    return rl_completion_matches(text, next_match);
}

// The history file: $XDG_STATE_HOME/umpire/history, else ~/.local/state/umpire/history.
std::string history_path()
{
    const std::string dir = xdg_dir("XDG_STATE_HOME", ".local/state");
    if (dir.empty()) {
        return "";
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    return ec ? "" : dir + "/history";
}

// The most lines the history file keeps, the newest.
constexpr int k_history_lines = 1000;

// LINE added to the history file as it is on disk now, so another shell's lines stay (each
// shell wrote its own list over the file), and the file replaced whole (libedit rewrote it
// in place: a kill mid-write left it cut short, hunt41). History is a convenience: a file
// that cannot be read or written is passed over.
void save_history(const std::string& path, const std::string& line)
{
    History* h = history_init();
    if (h == nullptr) {
        return;
    }
    HistEvent ev;
    history(h, &ev, H_SETSIZE, k_history_lines);
    history(h, &ev, H_LOAD, path.c_str());  // -1 when there is none yet
    history(h, &ev, H_ENTER, line.c_str());
    // libedit writes to a FILE with a descriptor (it sets the file's mode): a temporary one,
    // read back and written the way a game file is.
    std::string text;
    if (FILE* f = std::tmpfile(); f != nullptr) {
        if (history(h, &ev, H_SAVE_FP, f) >= 0 && std::fflush(f) == 0) {
            std::rewind(f);
            char buffer[4096];
            for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;) {
                text.append(buffer, n);
            }
        }
        std::fclose(f);
    }
    history_end(h);
    if (!text.empty()) {
        try {
            load::write_state_text(path, text, 0600);
        } catch (const Error&) {
            // another shell writing it at the same instant, or a full disk: the line is
            // still in this shell's own history
        }
    }
}

// "siege imp 3 wind NE 8> ": the game and its clock.
std::string prompt(const std::string& game_path, Context& ctx)
{
    if (game_path.empty()) {
        return "umpire> ";
    }
    try {
        require_game(game_path);
        load::StateLock lock(game_path, true);
        const core::GameState g = open_game(game_path, game_starter(ctx), ctx.table_of(), false).state;
        return std::filesystem::path(game_path).stem().string() + " " + core::find_game_rules(g.game)->clock_text(g) +
               "> ";
    } catch (const Error& e) {
        return "umpire (" + game_path + " unreadable)> ";
    }
}

// TEXT as the shell shows it: the result and what to do on the board; the working (the
// inputs, steps, dice, notes and seed) goes to WORKING, for 'why'. Text without a result
// line (odds, tables, help, JSON) is shown whole.
std::string without_working(const std::string& text, std::string& working)
{
    working.clear();
    if (text.find("\nresult: ") == std::string::npos && !text.starts_with("result: ")) {
        return text;
    }
    std::string shown;
    bool hiding = false;
    for (const auto& line : split(text, '\n')) {
        if (line.empty()) {
            continue;
        }
        const bool top = line[0] != ' ';
        if (top) {
            hiding = line.starts_with("working:") || line.starts_with("dice:") || line.starts_with("note: ") ||
                     line.starts_with("seed: ");
        }
        (hiding ? working : shown) += line + "\n";
    }
    return shown;
}

// The shell's help, each paragraph and each word's line wrapped to WIDTH (0: not wrapped),
// a description's lines under its start: help at 40 columns split words ("red/o").
std::string shell_help(size_t width)
{
    format::Style style;
    style.width = width;
    std::string out = format::wrapped("",
                                      "Type a command as on the command line, without 'umpire': melee --attacker "
                                      "Galley-1 --defender Venice.",
                                      style) +
                      format::wrapped("", "With a game, each result is applied to it; 'ask COMMAND' only asks.", style);
    static const std::pair<const char*, const char*> k_words[] = {
        {"why", "the working of the last result: inputs, steps, dice, notes, seed"},
        {"working on|off", "show the working under every result (off at the start)"},
        {"status", "the board: units, statuses, the clock, the step and what it asks"},
        {"sequence", "the game's sequence of play, the step it is at marked 'now'"},
        {"next", "the next step: an Impulse's combat, a player's turn, the night, the dawn"},
        {"undo", "revert the last change; redo makes it again"},
        {"set UNIT KEY=VALUE --reason TEXT", "mark a unit by hand (journalled)"},
        {"help [CMD]", "this, or a command's options (help next: game's)"},
        {"cc, cr, co, ap, ad", "close-combat, command-roll, cops-overrun, always-possible, air-deployment"},
        {"exit", "leave (or Ctrl-D)"},
    };
    for (const auto& [word, what] : k_words) {
        const std::string head(word);
        if (head.size() < 11) {
            out += format::wrapped("  " + format::pad(head, 11), what, style);
        } else if (width == 0 || head.size() + 4 + 20 < width) {
            out += format::wrapped("  " + head + "  ", what, style);
        } else {  // a long word on its own line, its description under the others'
            out += "  " + head + "\n" + format::wrapped(std::string(13, ' '), what, style);
        }
    }
    return out + format::wrapped("", "TAB completes commands, options, choices, unit names and table ids.", style);
}

}  // namespace

void run_shell(const ShellOptions& opt, Context& ctx)
{
    const std::string game = ctx.game_path();
    if (!game.empty()) {
        require_game(game);
        // A missing or broken game is an error before the prompt; one a crash left behind its
        // journal is mended now, and said before the prompt, not with the first line typed.
        std::vector<std::string> notes;
        try {
            load::StateLock lock(game);  // a writer's: the mend is written
            notes = open_game(game, game_starter(ctx), ctx.table_of(), true).notes;
        } catch (const Error& e) {
            if (e.code() != ExitCode::io) {
                throw;
            }
            // a directory it cannot write (a game on read-only media, asked only): read as it
            // stands, any mend in memory, as a reader does
            load::StateLock lock(game, true);
            notes = open_game(game, game_starter(ctx), ctx.table_of(), false).notes;
        }
        for (const auto& note : notes) {
            ctx.err() << wrapped_lines("umpire: note: ", note, ctx.env().err_columns);
        }
    }
    // libedit reads characters through the locale's: in the C locale it drops every byte
    // past ASCII ("#héllo" read as "#hllo"). The user's, for its character type only.
    // A locale of single bytes (C, POSIX) would still drop them: umpire's text is UTF-8.
    if (std::setlocale(LC_CTYPE, "") == nullptr || MB_CUR_MAX == 1) {
        std::setlocale(LC_CTYPE, "C.UTF-8");
    }
    // A line's command reads no standard input: it is the shell's lines ('table import -'
    // or 'pbem trust -' would take the lines typed after them as their file).
    Environment command_env = ctx.env();
    command_env.in = nullptr;
    command_env.shell = true;
    // the shell's own errors and notes, wrapped at a word as the commands' are
    const auto say = [&](const std::string& prefix, const std::string& text) {
        ctx.err() << wrapped_lines(prefix, text, command_env.err_columns);
    };
    Completion completion{ctx.env(), game, "", {}, 0};
    g_completion = &completion;
    rl_readline_name = "umpire";
    rl_attempted_completion_function = complete;
    const std::string history = opt.no_history ? "" : history_path();
    if (!history.empty()) {
        read_history(history.c_str());
    }
    const bool interactive = isatty(STDIN_FILENO) != 0;
    std::ostream& out = ctx.out();
    std::ostream& err = ctx.err();
    // A provisional table is warned of once for the whole shell (when its answers go to
    // no terminal: text on one says PROVISIONAL), not at every line; the shell's -q quiets it.
    WarnedOnce warned{nullptr, ctx.options.quiet ? std::optional<bool>(true) : std::nullopt, {}};
    bool show_working = false;
    std::string working;  // the last result's, for 'why'
    int worst = 0;        // the worst line's exit code: a shell fed from a file exits with it
    struct sigaction interrupt {};
    struct sigaction before {};
    interrupt.sa_handler = on_interrupt;
    sigemptyset(&interrupt.sa_mask);
    sigaction(SIGINT, &interrupt, &before);
    while (true) {
        out.flush();
        g_interrupted = 0;
        const std::string shown_prompt = prompt(game, ctx);
        // From a terminal, libedit's line; from a file or a pipe, the line as it is: libedit
        // ends a line at its first NUL byte, and 'melee ...<NUL> --odds' lost its --odds and
        // was applied (hunt32). Kept whole, the NUL is refused as batch refuses it.
        std::optional<std::string> read;
        if (interactive) {
            completion.prompt = shown_prompt;
            if (char* raw = readline(shown_prompt.c_str()); raw != nullptr) {
                read = raw;
                std::free(raw);
            } else if (g_interrupted != 0) {
                out << "^C\n";  // the line cancelled; a fresh prompt
                continue;
            }
        } else if (std::string piped; std::getline(std::cin, piped)) {
            read = std::move(piped);
        }
        if (!read) {
            out << "\n";
            break;
        }
        // the window may have been resized since the last line: help, answers and errors wrap to it
        if (command_env.out_is_tty) {
            if (const size_t columns = terminal_columns(); columns > 0) {
                command_env.columns = columns;
            }
        }
        if (command_env.err_is_tty) {
            if (const size_t columns = terminal_columns(STDERR_FILENO); columns > 0) {
                command_env.err_columns = columns;
            }
        }
        // Another shell or command may have changed the game while the prompt waited: say so
        // before the line runs against the game as it is now (each command reads the file).
        if (!game.empty()) {
            if (const std::string now = prompt(game, ctx); now != shown_prompt) {
                say("umpire: note: ", game + " changed while the prompt waited (another shell or command): now " +
                                          now.substr(0, now.size() - 2));
            }
        }
        const std::string line = std::move(*read);
        auto words = split_words(line);
        if (!words) {
            say("umpire: error: ", words.error());
            worst = std::max(worst, 64);
            continue;
        }
        if (words->empty() || words->front().starts_with("#")) {
            continue;  // a comment, as a batch line's (a script of the evening fed to the shell)
        }
        add_history(line.c_str());
        if (!history.empty()) {
            save_history(history, line);
        }
        std::vector<std::string> args = *words;
        for (const auto& [alias, command] : k_shell_aliases) {
            if (args.front() == alias) {
                args.front() = command;
            } else if ((args.front() == "ask" || args.front() == "help") && args.size() > 1 && args[1] == alias) {
                args[1] = command;
            }
        }
        const std::string first = args.front();
        if (first == "exit" || first == "quit") {
            if (args.size() == 1) {
                break;
            }
            say("umpire: error: ",
                first + " takes no words (" + visible(args[1]) + " given): type it alone, or Ctrl-D");
            worst = std::max(worst, 64);
            continue;
        }
        // A word neither the shell's nor a command's: suggested among both ('nxt' is next,
        // not crt), before the command line's own error, which knows only its commands.
        const auto shell_word = [](const std::string& w) {
            return std::find(k_shell_words.begin(), k_shell_words.end(), w) != k_shell_words.end();
        };
        const std::string named = (first == "ask" || first == "help") && args.size() > 1 ? args[1] : first;
        if (!named.starts_with("-") && !shell_word(named) && command_group(named).empty()) {
            std::vector<std::string> names(k_shell_words.begin(), k_shell_words.end());
            for (const auto& [alias, command] : k_shell_aliases) {
                names.emplace_back(alias);
            }
            for (const auto& c : completions({}, "", ctx.env(), "")) {
                if (!contains(names, c)) {
                    names.push_back(c);
                }
            }
            say("umpire: error: ", "unknown command '" + visible(named) + "'" + suggestion(named, names) +
                                       "; 'help' lists the shell's words and its commands");
            worst = std::max(worst, 64);
            continue;
        }
        if (first == "why") {
            out << (working.empty() ? "no working to show: nothing resolved yet\n" : working);
            continue;
        }
        if (first == "working") {
            if (args.size() != 2 || (args[1] != "on" && args[1] != "off")) {
                say("umpire: error: ", "working on|off: show the working under every result, or not");
                worst = std::max(worst, 64);
            } else {
                show_working = args[1] == "on";
            }
            continue;
        }
        if (first == "help") {
            if (args.size() == 1) {
                out << shell_help(command_env.out_is_tty ? command_env.columns : 0);
                continue;
            }
            // The shell's game words are game's actions, whose options are game's; its other
            // words are this help's.
            const std::string& word = args[1];
            if (word == "status" || word == "sequence" || word == "next" || word == "undo" || word == "redo" ||
                word == "set") {
                args = {"game", "--help"};
            } else if (shell_word(word)) {
                out << shell_help(command_env.out_is_tty ? command_env.columns : 0);
                continue;
            } else {
                args = {word, "--help"};
            }
        } else if (first == "status" || first == "sequence" || first == "next" || first == "undo" || first == "redo" ||
                   first == "set") {
            args.insert(args.begin(), "game");
        }
        bool apply = !game.empty();
        if (args.front() == "ask") {
            args.erase(args.begin());
            apply = false;
        }
        // --odds is a question: it rolls no die, so nothing is applied (it was refused as
        // "--apply with --odds", an --apply the referee never typed: hunt51)
        if (const auto end = std::find(args.begin(), args.end(), "--"); std::find(args.begin(), end, "--odds") != end) {
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
        if (const std::string why = refused_inside("shell", full, ctx.env().in_is_tty); !why.empty()) {
            say("umpire: error: ", why);
            worst = std::max(worst, 64);
            continue;
        }
        SpillBuffer held(out, 1 << 20);
        std::ostream result(&held);
        g_stop_requested = 0;
        worst = std::max(
            worst, run_prepared(full, result, err, command_env, [&](Context& line) { line.warn_once(&warned); }).code);
        result.flush();
        g_stop_requested = 0;
        g_interrupted = 0;
        if (!held.spilled()) {
            // 'why' keeps the last result's working: a typo or refusal in between leaves it.
            std::string hidden;
            const std::string shown = without_working(held.held(), hidden);
            if (!hidden.empty()) {  // status, help and odds have none: the last result's stays
                working = std::move(hidden);
            }
            out << (show_working ? held.held() : shown);
        }
        out.flush();
        err.flush();
    }
    sigaction(SIGINT, &before, nullptr);
    g_completion = nullptr;
    // At a terminal the referee saw each error as it came; lines fed from a file or a pipe
    // are a script's, and it reads the worst line's code, as batch gives it.
    if (!ctx.env().in_is_tty) {
        ctx.exit_code = worst;
    }
}

void setup_shell(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ShellOptions>();
    auto* sub = app.add_subcommand("shell", "An interactive prompt: line editing, history, TAB completion; with "
                                            "--game, results applied as resolved");
    sub->add_flag("--no-history", opt->no_history, "Neither read nor write the history file");
    sub->footer("History: $XDG_STATE_HOME/umpire/history (~/.local/state/umpire/history).\n"
                "In the shell: any command without 'umpire'; 'ask CMD' resolves without applying;\n"
                "status, sequence, next, undo, redo, set, help [CMD], exit (or Ctrl-D; Ctrl-C cancels\n"
                "the line); 'why' shows the last result's working (inputs, steps, dice, notes, seed),\n"
                "'working on' shows it every time.\n"
                "Examples:\n  umpire shell --game siege.toml\n  umpire --game day.toml shell");
    sub->callback([opt, &ctx] {
        if (ctx.options.json) {  // DESIGN.md: under --json every answer is JSON; this one cannot be
            throw usage_error("--json: shell is a prompt for a person (batch answers a script in JSON), not JSON");
        }
        run_shell(*opt, ctx);
    });
}

}  // namespace umpire::cli
