// umpire table list | show ID | lookup ID: the tables themselves; import ID FILE | diff ID |
// reset ID | check FILE|DIR: the referee's own copies of them (issue 25).
#include "cli/commands.h"
#include "cli/draw.h"
#include "format/json.h"
#include "format/picture.h"
#include "format/text.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "load/grid.h"
#include "load/loader.h"
#include "load/state.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <istream>
#include <ostream>
#include <sys/wait.h>
#include <unistd.h>

namespace umpire::cli {

struct TableOptions {
    std::string id;
    std::optional<std::string> column;
    std::optional<std::string> row;
    std::vector<std::string> mods;
    DiceOptions dice;
    std::string file;  // import's chart, check's file or directory
};

namespace {

// Where the referee's copy of table ID lives: his tables directory, the id's dots as folders
// (russian-portfolio.crt in russian-portfolio/crt.toml, as umpire-tables(5) names them).
std::string user_table_path(const std::string& id, const Context& ctx)
{
    const std::string& dir = ctx.env().user_tables;
    if (dir.empty()) {
        throw usage_error("you have no tables directory: umpire keeps yours in $XDG_CONFIG_HOME/umpire/tables, "
                          "else $HOME/.config/umpire/tables, and neither is set");
    }
    std::string relative = id;
    std::replace(relative.begin(), relative.end(), '.', '/');
    return dir + "/" + relative + ".toml";
}

// Who reads the referee's copy of table ID once installed: "every call", or, when this call
// reads ID from a directory of --tables or $UMPIRE_TABLES (which comes before his), the
// calls without it, said on standard error too: an import the same command line then did
// not read (hunt48).
std::string readers_of_yours(const std::string& id, Context& ctx)
{
    const load::TableInfo info = ctx.catalog().info(id);
    if (info.whose != load::k_tables_option) {
        return "every call now reads it";
    }
    ctx.err() << "umpire: warning: " << id << " is read from " << info.origin
              << " (--tables or $UMPIRE_TABLES), which comes before yours: calls given that directory do not "
                 "read the copy installed\n";
    return "calls without --tables or $UMPIRE_TABLES now read it";
}

// TEXT as the referee's table at DEST: its folders made, written beside it and renamed over
// it under a lock (load::write_state_text), so two installs at once leave one whole table.
void install(const std::string& dest, const std::string& text)
{
    const auto folder = std::filesystem::path(dest).parent_path();
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
        throw io_error("cannot make " + folder.string() + ": " + ec.message());
    }
    const load::StateLock lock(dest);
    load::write_state_text(dest, text);
}

// TEXT, an edit of the table at DEST that did not hold, kept beside it as DEST.rejected (or
// DEST.rejected.2 and on: an earlier one is never written over), its folders made; the
// name it is kept under.
std::string keep_rejected(const std::string& dest, const std::string& text)
{
    const auto folder = std::filesystem::path(dest).parent_path();
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
        throw io_error("cannot make " + folder.string() + ": " + ec.message());
    }
    const std::string kept = load::aside(dest + ".rejected");
    load::write_own_file(kept, text);
    return kept;
}

// Standard input, refused past the size of any table file.
std::string read_input(Context& ctx)
{
    if (ctx.env().in == nullptr || ctx.in_batch()) {
        throw usage_error(std::string("table import -: no standard input to read") +
                          (ctx.in_batch() ? " in a batch (its input is the batch's lines)" : "") +
                          ": give the chart's file");
    }
    return load::read_input(*ctx.env().in, load::k_max_table_bytes,
                            "standard input: more than " + std::to_string(load::k_max_table_bytes) +
                                " bytes; a chart is at most that");
}

// The cells of the die result or label KEY under each column: TABLE's row for it.
const core::TableRow* row_for(const core::Table& table, const std::string& key)
{
    const auto at = core::find_row(table, key);
    return at ? &table.rows[*at] : nullptr;
}

// Each die result (or label) and column where MINE reads otherwise than SHIPPED.
struct CellDifference {
    std::string row;
    std::string column;
    std::string shipped;
    std::string yours;
};

std::vector<CellDifference> differences(const core::Table& shipped, const core::Table& mine)
{
    std::vector<std::string> keys;
    if (shipped.row_kind == core::RowKind::die && shipped.dice) {
        for (int v = shipped.dice->min(); v <= shipped.dice->max(); ++v) {
            keys.push_back(std::to_string(v));
        }
    } else {
        for (const auto& r : shipped.rows) {
            keys.push_back(r.key);
        }
    }
    std::vector<CellDifference> out;
    for (const auto& key : keys) {
        const core::TableRow* a = row_for(shipped, key);
        const core::TableRow* b = row_for(mine, key);
        for (size_t c = 0; a != nullptr && c < a->cells.size(); ++c) {
            const std::string theirs = b != nullptr && c < b->cells.size() ? b->cells[c] : "(none)";
            if (theirs != a->cells[c]) {
                out.push_back({key, shipped.columns.empty() ? "" : shipped.columns[c], a->cells[c], theirs});
            }
        }
    }
    return out;
}

void say(Context& ctx, const std::string& command, const std::string& id, const std::string& file,
         const std::string& text, const std::vector<CellDifference>& cells, long long rows = -1,
         std::optional<bool> installed = std::nullopt)
{
    if (!ctx.options.json) {
        ctx.out() << text;
        return;
    }
    format::JsonWriter w;
    w.begin_document().key("command").value(command).key("id").value(id).key("file").value(file);
    if (rows >= 0) {
        w.key("rows").value(rows);
    }
    if (installed) {
        w.key("installed").value(*installed);
    }
    w.key("differences").begin_array();
    for (const auto& d : cells) {
        w.begin_object().key("row").value(d.row).key("column").value(d.column).key("shipped").value(d.shipped);
        w.key("yours").value(d.yours).end_object();
    }
    w.end_array().end_object();
    ctx.out() << w.str() << "\n";
}

std::string cell_lines(const std::vector<CellDifference>& cells)
{
    std::string out;
    for (const auto& d : cells) {
        out += "  " + d.row + (d.column.empty() ? "" : " under " + d.column) + ": " + d.shipped + " (umpire's) -> " +
               d.yours + " (yours)\n";
    }
    return out;
}

}  // namespace

void run_table_import(const TableOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.id);
    const bool from_input = opt.file == "-";
    const std::string source = from_input ? "standard input" : opt.file;
    const std::string text = from_input ? read_input(ctx) : load::read_data_file(opt.file);
    const std::string dest = user_table_path(opt.id, ctx);
    const auto grid = load::parse_grid(text, source);
    const std::string toml = load::import_grid(table, ctx.catalog().text(opt.id), grid, source);
    // Nothing is installed that would not load: the new file is read as every call will read it.
    const core::Table mine = load::parse_table(toml, dest, opt.id);
    install(dest, toml);
    const auto shipped = load::shipped_table(opt.id);
    const auto cells = shipped ? differences(*shipped, mine) : std::vector<CellDifference>{};
    std::string readers = readers_of_yours(opt.id, ctx);
    readers.front() = static_cast<char>(std::toupper(static_cast<unsigned char>(readers.front())));
    say(ctx, "table import", opt.id, dest,
        "Imported " + std::to_string(mine.rows.size()) + " rows into " + opt.id + ": " + dest + "\n" +
            (shipped ? std::to_string(cells.size()) + " cell" + (cells.size() == 1 ? " differs" : "s differ") +
                           " from umpire's" + (shipped->provisional ? " provisional stand-in" : "") + "\n"
                     : std::string()) +
            readers + " (umpire table reset " + opt.id + " removes it).\n",
        cells, static_cast<long long>(mine.rows.size()));
}

namespace {

// What heads a provisional table opened to be filled in; gone from the file installed.
constexpr std::string_view k_fill_header =
    "# umpire table edit: umpire's table stands in for a chart the rules text lost. Put each\n"
    "# cell of the printed chart in place of a ? (the codes are below); change the die rows\n"
    "# if the chart groups them otherwise. Saved, it is checked, and installed only when all\n"
    "# of it holds.\n";

// A table whose cells are umpire's stand-ins as the referee fills it in: every cell "?", so
// that the first one left is refused at its line and column (codes in the header comment).
std::string cells_to_fill(const core::Table& table, std::string_view text)
{
    std::vector<std::string> codes;
    for (const auto& e : table.legend) {
        codes.push_back(e.code);
    }
    std::string out = std::string(k_fill_header) + "# codes: " + join(codes, " ") + "\n";
    bool leading = true;
    for (const auto& line : split(text, '\n')) {
        if (leading && line.starts_with("#")) {
            continue;  // the stand-in's own comments
        }
        leading = false;
        const std::string_view l(line);
        const bool cells = l.starts_with("cells = [");
        if (!cells && !l.starts_with("result = ")) {
            out += line + "\n";
            continue;
        }
        const auto count = static_cast<size_t>(std::count(line.begin(), line.end(), '"')) / 2;
        out += cells ? "cells = [" + join(std::vector<std::string>(count, "\"?\""), ", ") + "]\n" : "result = \"?\"\n";
    }
    while (out.ends_with("\n\n")) {
        out.pop_back();
    }
    return out;
}

// A scratch directory for the copy being edited, removed however the edit ends.
struct ScratchDir {
    std::string path;
    ScratchDir()
    {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp != nullptr && tmp[0] == '/' ? tmp : "/tmp") + "/umpire-edit-XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr) {
            throw io_error("cannot make a scratch directory " + pattern + ": " + std::strerror(errno));
        }
        path = pattern;
    }
    ~ScratchDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
};

// Runs EDITOR (words for the shell, as $VISUAL and $EDITOR are: "vim -u NONE") on FILE and
// waits for it, as crontab -e and git do; umpire lets Ctrl-C through to the editor meanwhile.
void run_editor(const std::string& editor, const std::string& file)
{
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    struct sigaction old_int {};
    struct sigaction old_quit {};
    ::sigaction(SIGINT, &ignore, &old_int);
    ::sigaction(SIGQUIT, &ignore, &old_quit);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::sigaction(SIGINT, &old_int, nullptr);
        ::sigaction(SIGQUIT, &old_quit, nullptr);
        ::signal(SIGPIPE, SIG_DFL);  // umpire ignores it (run); the editor need not
        ::signal(SIGXFSZ, SIG_DFL);
        // exec: the editor is the shell's child no more but itself, so a signal that kills it
        // is seen as one (a shell would report 128 + N).
        const std::string command = "exec " + editor + " \"$1\"";
        ::execl("/bin/sh", "sh", "-c", command.c_str(), "sh", file.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    const bool waited = pid > 0 && ::waitpid(pid, &status, 0) == pid;
    const int error = errno;
    ::sigaction(SIGINT, &old_int, nullptr);
    ::sigaction(SIGQUIT, &old_quit, nullptr);
    if (!waited) {
        throw Error(ExitCode::unavailable, "cannot run the editor '" + editor + "': " + std::strerror(error));
    }
    if (WIFSIGNALED(status)) {
        throw Error(ExitCode::unavailable, "the editor '" + editor + "' was killed (signal " +
                                               std::to_string(WTERMSIG(status)) + "): nothing installed");
    }
    if (WEXITSTATUS(status) == 127) {
        throw Error(ExitCode::unavailable,
                    "the editor '" + editor + "' was not found: set $VISUAL or $EDITOR to one installed");
    }
    if (WEXITSTATUS(status) != 0) {
        throw Error(ExitCode::unavailable, "the editor '" + editor + "' exited with status " +
                                               std::to_string(WEXITSTATUS(status)) + ": nothing installed");
    }
}

// Whether the referee, asked on the terminal, edits again (Enter or y: yes).
bool again(Context& ctx)
{
    if (!ctx.env().in_is_tty || ctx.env().in == nullptr) {
        return false;
    }
    ctx.err() << "Edit again? [Y/n] " << std::flush;
    std::string answer;
    if (!std::getline(*ctx.env().in, answer)) {
        return false;
    }
    answer = to_lower(answer);
    return answer.empty() || answer == "y" || answer == "yes";
}

}  // namespace

void run_table_edit(const TableOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.id);
    const load::TableInfo info = ctx.catalog().info(opt.id);
    const std::string dest = user_table_path(opt.id, ctx);
    const auto shipped = load::shipped_table(opt.id);
    const std::string start = info.whose == load::k_embedded && table.provisional
                                  ? cells_to_fill(table, ctx.catalog().text(opt.id))
                                  : ctx.catalog().text(opt.id);
    std::string editor = ctx.env().editor;
    if (editor.empty()) {
        editor = std::filesystem::exists("/usr/bin/sensible-editor") ? "sensible-editor" : "vi";
    }
    const ScratchDir scratch;
    const std::string copy = scratch.path + "/" + opt.id.substr(opt.id.rfind('.') + 1) + ".toml";
    load::write_state_text(copy, start);
    std::string text;
    while (true) {
        run_editor(editor, copy);
        text = load::read_data_file(copy);
        if (text == start) {
            say(ctx, "table edit", opt.id, info.origin,
                "No changes: nothing installed; " + opt.id + " is read as before (" + info.origin + ")\n", {}, -1,
                false);
            return;
        }
        // TEXT read as the table from the file NAME: an Error when it does not hold.
        const auto check = [&](const std::string& name) {
            const core::Table mine = load::parse_table(text, name, opt.id);
            if (shipped) {
                load::check_fits(*shipped, mine, name, text);
            }
        };
        const auto say_fault = [&](const Error& e) {
            ctx.err() << "umpire: error: " << visible_lines(e.what()) << "\n"
                      << e.detail() << (e.detail().empty() || e.detail().ends_with('\n') ? "" : "\n");
        };
        try {
            check(copy);
            break;
        } catch (const Error& e) {
            if (e.code() != ExitCode::data && e.code() != ExitCode::no_input) {
                throw;
            }
            // Asked, the referee sees the fault in the copy he may edit again. Else, or once he
            // edits no more, the scratch copy goes with its directory: his edit is kept beside
            // his table, and (not asked) its fault is said of that file.
            const bool asked = ctx.env().in_is_tty && ctx.env().in != nullptr;
            if (asked) {
                say_fault(e);
                if (again(ctx)) {
                    continue;
                }
            }
            const std::string nothing =
                "table edit " + opt.id + ": nothing installed; " + opt.id + " is read as before";
            std::string kept;
            try {
                kept = keep_rejected(dest, text);
            } catch (const Error& k) {
                if (!asked) {
                    say_fault(e);
                }
                throw data_error(nothing + "; your edit is lost: " + k.what());
            }
            if (!asked) {
                try {
                    check(kept);
                    say_fault(e);
                } catch (const Error& k) {
                    say_fault(k);
                }
            }
            throw data_error(nothing + "; your edit is kept in " + kept);
        }
    }
    if (text.starts_with(k_fill_header)) {
        const size_t codes = text.find('\n', k_fill_header.size());
        text = "# The referee's chart, entered with 'umpire table edit'.\n" +
               text.substr(codes == std::string::npos ? text.size() : codes + 1);
    }
    install(dest, text);
    const auto cells =
        shipped ? differences(*shipped, load::parse_table(text, dest, opt.id)) : std::vector<CellDifference>{};
    say(ctx, "table edit", opt.id, dest,
        "Installed " + dest + ": " + readers_of_yours(opt.id, ctx) + " for " + opt.id + " (umpire table reset " +
            opt.id + " removes it)\n",
        cells, -1, true);
}

void run_table_diff(const TableOptions& opt, Context& ctx)
{
    const core::Table& mine = ctx.table(opt.id);
    const load::TableInfo info = ctx.catalog().info(opt.id);
    const auto shipped = load::shipped_table(opt.id);
    if (info.whose == load::k_embedded || !shipped) {
        say(ctx, "table diff", opt.id, info.origin,
            opt.id + (shipped ? " is umpire's own: no table of yours replaces it\n"
                              : " is yours alone (" + info.origin + "): umpire ships no table of that id\n"),
            {});
        return;
    }
    const auto cells = differences(*shipped, mine);
    say(ctx, "table diff", opt.id, info.origin,
        opt.id + ": " + info.origin + " against umpire's" + (shipped->provisional ? " provisional stand-in" : "") +
            ": " + std::to_string(cells.size()) + " cell" + (cells.size() == 1 ? " differs" : "s differ") + "\n" +
            cell_lines(cells),
        cells);
}

void run_table_reset(const TableOptions& opt, Context& ctx)
{
    const std::string path = user_table_path(opt.id, ctx);
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
        const auto ids = ctx.catalog().ids();
        const bool given = std::binary_search(ids.begin(), ids.end(), opt.id) &&
                           ctx.catalog().info(opt.id).whose == load::k_tables_option;
        throw not_found_error("table reset " + opt.id + ": you have no table of that id (" + path + ")" +
                              (given ? "; this call reads it from " + ctx.catalog().info(opt.id).origin +
                                           " (--tables or $UMPIRE_TABLES), which umpire does not change"
                                     : std::string()));
    }
    if (!load::shipped_table(opt.id)) {
        // It deleted the referee's only copy of a chart of his own game, typed in by hand:
        // there is no umpire's to read again.
        throw usage_error("table reset " + opt.id + ": umpire ships no table of that id, so " + path +
                          " is your only copy and there is nothing to go back to; remove it yourself to delete it");
    }
    {
        load::StateLock lock(path);
        if (!std::filesystem::remove(path, ec) || ec) {
            throw io_error("cannot remove " + path + ": " + ec.message());
        }
    }
    std::filesystem::remove(path + ".lock", ec);
    say(ctx, "table reset", opt.id, path, "Removed " + path + ": " + opt.id + " is umpire's own again\n", {});
}

namespace {

// Whether FILE sits in a game's folder (DIR/GAME/NAME.toml): a table umpire reads (its own,
// yours, --tables') or another file beside it is of the game the folder is named for.
bool in_game_folder(const std::string& file, Context& ctx)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path path = fs::absolute(file, ec).lexically_normal();
    const std::string game = path.parent_path().filename().string() + ".";
    if (game == ".") {
        return false;
    }
    const auto ids = ctx.catalog().ids();
    if (std::any_of(ids.begin(), ids.end(), [&](const std::string& id) { return id.starts_with(game); })) {
        return true;
    }
    for (fs::directory_iterator it(path.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".toml" && it->path().filename() != path.filename()) {
            try {
                if (load::table_id_in(load::read_data_file(it->path().string())).starts_with(game)) {
                    return true;
                }
            } catch (const Error&) {
                // a file beside it that cannot be read says nothing of the folder
            }
        }
    }
    return false;
}

}  // namespace

void run_table_check(const TableOptions& opt, Context& ctx)
{
    struct Checked {
        std::string file;
        std::string id;
        std::string error;  // "" when it loads and fits
    };
    std::vector<Checked> checked;
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(opt.file, ec))) {
        throw not_found_error("table check: no file or directory '" + opt.file + "'");
    }
    if (std::filesystem::is_directory(opt.file, ec)) {
        // As every call would read the directory: each file by the id its path gives it.
        load::Catalog dir({opt.file});
        for (const auto& id : dir.ids()) {
            try {
                const load::TableInfo info = dir.info(id);
                if (info.whose != load::k_embedded) {
                    checked.push_back({info.origin, id, ""});
                }
            } catch (const Error& e) {
                // the file read, not the directory; two files of one id: the message names both
                std::string file = opt.file;
                try {
                    file = dir.file_of(id);
                } catch (const Error&) {
                }
                checked.push_back({file, id, e.what()});
            }
        }
    } else {
        std::string text;
        try {
            text = load::read_data_file(opt.file);
            const core::Table t = load::parse_table(text, opt.file);
            // A tables directory reads the file's path below it as its id (DIR/GAME/NAME.toml,
            // DIR/GAME.NAME.toml): an id no directory could give it, its game folder's
            // included, is refused at its line, as a directory's file is (hunt48 F7).
            if (const std::string expected = load::id_for_file(opt.file, t.id, in_game_folder(opt.file, ctx));
                expected != t.id) {
                load::parse_table(text, opt.file, expected);
            }
            if (const auto shipped = load::shipped_table(t.id)) {
                load::check_fits(*shipped, t, opt.file, text);
            }
            checked.push_back({opt.file, t.id, ""});
        } catch (const Error& e) {
            checked.push_back({opt.file, load::table_id_in(text), e.what()});  // its id, when it names one
        }
    }
    const auto bad = std::count_if(checked.begin(), checked.end(), [](const Checked& c) { return !c.error.empty(); });
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("table check").key("checked").begin_array();
        for (const auto& c : checked) {
            w.begin_object().key("file").value(c.file).key("id").value(c.id).key("error").value(c.error).end_object();
        }
        ctx.out() << w.end_array().end_object().str() << "\n";
        for (const auto& c : checked) {
            if (!c.error.empty()) {  // errors go to standard error under --json too (EXIT STATUS)
                ctx.err() << "umpire: error: " << visible_lines(c.error) << "\n";
            }
        }
    } else {
        for (const auto& c : checked) {
            if (c.error.empty()) {
                ctx.out() << "ok  " << c.file << " (" << c.id << ")\n";
            } else {
                ctx.err() << "umpire: error: " << visible_lines(c.error) << "\n";
            }
        }
        ctx.out() << checked.size() - static_cast<size_t>(bad) << " of " << checked.size() << " table"
                  << (checked.size() == 1 ? "" : "s") << " valid; nothing installed\n";
    }
    if (bad > 0) {
        ctx.exit_code = static_cast<int>(ExitCode::data);
    }
}

void run_table_list(Context& ctx)
{
    auto tables = ctx.catalog().list();
    ctx.out() << (ctx.options.json ? format::to_json("table list", "tables", tables) + "\n"
                                   : format::list_tables(tables));
}

// The cell --column and --row (or --roll) name on TABLE, each absent when not given.
std::pair<std::optional<size_t>, std::optional<size_t>> marked_cell(const TableOptions& opt, const core::Table& table)
{
    std::optional<size_t> mark_row;
    std::optional<size_t> mark_column;
    if (opt.dice.rolls.size() > 1) {
        throw usage_error("--roll: table show marks one cell; give one --roll");
    }
    std::optional<std::string> row = opt.row;
    if (!opt.dice.rolls.empty()) {
        if (row) {
            throw usage_error("--roll and --row both name the row; give one");
        }
        if (table.row_kind != core::RowKind::die) {
            throw usage_error("--roll: table " + table.id + " has no die rows; use --row");
        }
        int roll = opt.dice.rolls.front();
        if (roll < table.dice->min() || roll > table.dice->max()) {
            throw usage_error("--roll " + std::to_string(roll) + " is impossible for " + table.dice->label() +
                              "; allowed " + std::to_string(table.dice->min()) + " to " +
                              std::to_string(table.dice->max()));
        }
        row = std::to_string(roll);
    }
    if (row) {
        auto found = core::find_row(table, *row);
        if (!found) {
            throw usage_error("--row: " + found.error());
        }
        mark_row = *found;
    }
    if (opt.column) {
        auto found = core::find_column(table, *opt.column);
        if (!found) {
            throw usage_error("--column: " + found.error());
        }
        mark_column = *found;
    }
    if (mark_row && !mark_column && table.column_kind != core::ColumnKind::none) {
        mark_row.reset();  // a row alone marks nothing on a grid
    }
    return {mark_row, mark_column};
}

void run_table_show(const TableOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.id);
    // not a structured binding: clang 14 captures none in the lambda below
    const auto marked = marked_cell(opt, table);
    const std::optional<size_t> mark_row = marked.first;
    const std::optional<size_t> mark_column = marked.second;
    if (!ctx.options.draw.empty()) {
        draw(ctx, table.title, [&](format::JsonWriter& w) { format::table_picture(w, table, mark_row, mark_column); });
    }
    if (ctx.options.json) {
        const std::optional<int> roll =
            opt.dice.rolls.empty() ? std::nullopt : std::optional<int>(opt.dice.rolls.front());
        ctx.out() << format::to_json(table, mark_row, mark_column, roll) << "\n";
        return;
    }
    if (table.provisional && !ctx.options.quiet) {
        ctx.err() << "umpire: warning: table " << table.id << " is provisional, not the published chart\n";
    }
    ctx.out() << format::draw_table(table, mark_row, mark_column, ctx.style());
}

// Where SOURCE cites its section ("Constantinople 15.41", "Russian Portfolio XIII.C"), as
// a key that sorts in the rules' order: the first part as a number (Roman or Arabic), each
// part after it as the rules number subsections (15.41 before 15.5: its first digit is
// 4), a letter as itself; 0.1 is a section too, sorted first. Empty when it cites none.
std::vector<std::string> section_key(const std::string& source)
{
    static constexpr std::pair<char, int> k_roman[] = {{'I', 1},   {'V', 5},   {'X', 10},  {'L', 50},
                                                       {'C', 100}, {'D', 500}, {'M', 1000}};
    const auto roman = [](const std::string& word) {
        int total = 0;
        for (size_t i = 0; i < word.size(); ++i) {
            int value = 0;
            int next = 0;
            for (const auto& [c, v] : k_roman) {
                value = word[i] == c ? v : value;
                next = i + 1 < word.size() && word[i + 1] == c ? v : next;
            }
            if (value == 0) {
                return 0;
            }
            total += value < next ? -value : value;
        }
        return total;
    };
    std::string words = source;
    for (char& c : words) {
        c = (c == ',' || c == '(' || c == ')' || c == ';') ? ' ' : c;
    }
    for (const auto& word : split(words, ' ')) {
        const auto parts = split(word, '.');
        if (parts.size() < 2 || parts[0].empty() || parts[0].size() > 6) {
            continue;
        }
        const bool arabic = std::all_of(parts[0].begin(), parts[0].end(), [](char c) { return c >= '0' && c <= '9'; });
        const int first = arabic ? std::stoi(parts[0]) : roman(parts[0]);
        if (!arabic && first == 0) {
            continue;  // no Roman numeral; an Arabic 0 is a section (0.1, an introduction's)
        }
        char padded[16];
        std::snprintf(padded, sizeof padded, "%06d", first);
        std::vector<std::string> key{padded};
        key.insert(key.end(), parts.begin() + 1, parts.end());
        return key;
    }
    return {};
}

void run_table_sheet(const TableOptions& opt, Context& ctx)
{
    // The game's tables, in the order its rules cite them (those citing no section last).
    std::vector<std::string> games;
    std::vector<std::pair<std::vector<std::string>, const core::Table*>> sheet;
    for (const auto& info : ctx.catalog().list()) {
        const std::string game = info.id.substr(0, info.id.find('.'));
        if (!contains(games, game)) {
            games.push_back(game);
        }
        if (game == opt.id) {
            const core::Table& table = ctx.table(info.id);
            sheet.emplace_back(section_key(table.source), &table);
        }
    }
    if (sheet.empty()) {
        throw usage_error("table sheet: no game '" + opt.id + "'" + suggestion(opt.id, games) +
                          "; games: " + join(games, ", "));
    }
    std::stable_sort(sheet.begin(), sheet.end(), [](const auto& a, const auto& b) {
        if (a.first.empty() != b.first.empty()) {
            return b.first.empty();
        }
        return a.first < b.first;
    });
    if (!ctx.options.draw.empty()) {
        draw(ctx, sheet.front().second->game.empty() ? opt.id : sheet.front().second->game, [&](format::JsonWriter& w) {
            for (const auto& [key, table] : sheet) {
                format::table_picture(w, *table, std::nullopt, std::nullopt);
            }
        });
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("table sheet").key("game").value(opt.id).key("tables").begin_array();
        for (const auto& [key, table] : sheet) {
            w.begin_object().key("id").value(table->id).key("title").value(table->title);
            w.key("source").value(table->source).key("provisional").value(table->provisional).end_object();
        }
        w.end_array().end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    std::string out;
    for (const auto& [key, table] : sheet) {
        out += (out.empty() ? "" : "\n\n") + format::draw_table(*table, std::nullopt, std::nullopt, ctx.style());
    }
    ctx.out() << out;
}

void run_table_lookup(const TableOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.id);
    core::LookupRequest q{opt.column, opt.row, 0};
    core::add_modifiers(q, opt.mods);
    hold_read_to_game(table, q, ctx);  // as check does
    core::Fields inputs;
    // The Russian Portfolio's weather by month is read as the weather command reads it: a
    // month after the table's last is the game running on in Snow (VI.A, XVI.A), and was
    // refused here while 'weather --month' took it.
    const bool by_month = table.id == "russian-portfolio.weather" && opt.row && !opt.column && q.modifier == 0 &&
                          q.named.empty() && q.bare.empty();
    ctx.adjudicate(opt.dice, inputs, "table lookup", [&](core::Dice& dice) {
        core::Resolution r =
            by_month ? core::resolve_weather(table, *opt.row, dice) : core::resolve_lookup(table, q, dice);
        r.command = "table lookup";
        answer_read_in_game(table, r, ctx);  // a limit the game's clock sets (a Black Sea gale)
        return r;
    });
}

void setup_table(CLI::App& app, Context& ctx)
{
    auto* sub = app.add_subcommand("table", "List, show and look up tables; check, import, edit, diff and reset yours");
    sub->require_subcommand(1);
    sub->footer("Your own tables live in $XDG_CONFIG_HOME/umpire/tables (else ~/.config/umpire/tables)\n"
                "and every call reads them in place of umpire's; import, diff and reset keep them.\n"
                "Examples:\n  umpire table list\n  umpire table show constantinople.melee --column 3 --roll 4\n"
                "  umpire --draw melee.pdf table show constantinople.melee --column 3 --roll 4   # to print\n"
                "  umpire --draw sheet.pdf table sheet constantinople   # every chart of the game\n"
                "  umpire table lookup constantinople.melee --column -5 --roll 6\n"
                "  umpire table lookup constantinople.reefs --row 2028 --column number\n"
                "  umpire table import russian-portfolio.crt printed-crt.csv   # the chart as printed\n"
                "  umpire table diff russian-portfolio.crt\n"
                "  umpire table check ~/my-tables");

    auto* list = sub->add_subcommand("list", "Every table, where it came from, provisional or not");
    list->callback([&ctx] { run_table_list(ctx); });

    auto show_opt = ctx.make_options<TableOptions>();
    auto* show = sub->add_subcommand("show", "Draw a table as the printed chart, marking a cell");
    show->add_option("ID", show_opt->id, "Table id (see table list)")->required();
    show->add_option("--column", show_opt->column, "Column to mark (a differential or label)");
    show->add_option("--row", show_opt->row, "Row to mark (a label, or a die total)");
    show->add_option("--roll", show_opt->dice.rolls, "Die total whose row to mark")
        ->allow_extra_args(false)
        ->type_name("N");
    show->callback([show_opt, &ctx] { run_table_show(*show_opt, ctx); });

    auto sheet_opt = ctx.make_options<TableOptions>();
    auto* sheet = sub->add_subcommand("sheet", "Every chart of a game, in the order its rules use them: a reference "
                                               "sheet to print (with --draw sheet.pdf)");
    sheet->add_option("GAME", sheet_opt->id, "The game: the first part of its tables' ids (russian-portfolio)")
        ->required();
    sheet->footer("Examples:\n  umpire --draw crt-sheet.pdf table sheet russian-portfolio\n"
                  "  umpire --draw sheet.pdf --paper letter table sheet constantinople\n"
                  "  umpire table sheet black-sea | lpr   # as text");
    sheet->callback([sheet_opt, &ctx] { run_table_sheet(*sheet_opt, ctx); });

    auto look_opt = ctx.make_options<TableOptions>();
    auto* lookup = sub->add_subcommand("lookup", "Read one cell, rolling the table's dice if needed");
    lookup->add_option("ID", look_opt->id, "Table id (see table list)")->required();
    lookup->add_option("--column", look_opt->column, "Column: a differential (clamped as the table says) or label");
    lookup->add_option("--row", look_opt->row, "Row: a label, or a die total to read without rolling");
    lookup->add_option("--mod", look_opt->mods, "N added to the roll, or NAME[=COUNT] of the table's modifiers")
        ->allow_extra_args(false)
        ->type_name("N|NAME[=COUNT]");
    add_dice_options(*lookup, look_opt->dice);
    lookup->callback([look_opt, &ctx] { run_table_lookup(*look_opt, ctx); });

    auto import_opt = ctx.make_options<TableOptions>();
    auto* importing = sub->add_subcommand("import", "Type in a printed chart: the grid as CSV or columns, into your "
                                                    "copy of the table");
    importing->add_option("ID", import_opt->id, "Table id (see table list)")->required();
    importing->add_option("FILE", import_opt->file, "The grid, or - for standard input")->required()->type_name("FILE");
    importing->footer("The first row names the columns as the table has them, in order (a first cell over the\n"
                      "row keys may be there or not); each row after it is a die result (3, 2-4, ..2, 6..) or\n"
                      "a label, then one result code per column. Commas, or spaces and tabs, between cells;\n"
                      "lines starting with # are passed over. Every cell is checked against the table's\n"
                      "legend and every die result against its dice; nothing is installed unless all of it\n"
                      "holds. The legend, notes and citations are the table's own.\n"
                      "  umpire table import russian-portfolio.crt crt.csv\n"
                      "  umpire table import russian-portfolio.crt - < crt.txt      # columns, from standard input");
    importing->callback([import_opt, &ctx] { run_table_import(*import_opt, ctx); });

    auto edit_opt = ctx.make_options<TableOptions>();
    auto* edit = sub->add_subcommand("edit", "Edit your copy of a table in $VISUAL or $EDITOR; checked before "
                                             "it is installed");
    edit->add_option("ID", edit_opt->id, "Table id (see table list)")->required();
    edit->footer("Your copy of the table (or umpire's; for a provisional one, its structure with a \"?\" in\n"
                 "each cell to fill) opens in $VISUAL, else $EDITOR, else sensible-editor. Saved, it is\n"
                 "checked as every call will read it; on a fault you are told FILE:line:col and asked to\n"
                 "edit again, as crontab -e does. Nothing invalid is ever installed.\n"
                 "  EDITOR=nano umpire table edit russian-portfolio.crt");
    edit->callback([edit_opt, &ctx] { run_table_edit(*edit_opt, ctx); });

    auto diff_opt = ctx.make_options<TableOptions>();
    auto* diff = sub->add_subcommand("diff", "The cells where your table reads otherwise than umpire's");
    diff->add_option("ID", diff_opt->id, "Table id (see table list)")->required();
    diff->callback([diff_opt, &ctx] { run_table_diff(*diff_opt, ctx); });

    auto reset_opt = ctx.make_options<TableOptions>();
    auto* reset = sub->add_subcommand("reset", "Remove your copy of a table: umpire's is read again");
    reset->add_option("ID", reset_opt->id, "Table id (see table list)")->required();
    reset->callback([reset_opt, &ctx] { run_table_reset(*reset_opt, ctx); });

    auto check_opt = ctx.make_options<TableOptions>();
    auto* check = sub->add_subcommand(
        "check", "Validate a table file or a directory of them (the first fault of each file); install nothing");
    check->add_option("FILE", check_opt->file, "A table file, or a tables directory")->required()->type_name("FILE");
    check->callback([check_opt, &ctx] { run_table_check(*check_opt, ctx); });
}

}  // namespace umpire::cli
