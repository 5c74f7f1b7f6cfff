#include "cli/game_store.h"

#include "cli/context.h"
#include "load/catalog.h"
#include "load/loader.h"
#include "load/state.h"
#include "util/error.h"
#include "util/sha256.h"
#include "util/text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sys/stat.h>

namespace umpire::cli {

// Beside the file itself, through any link to it: the game's names share one journal.
std::string journal_path(const std::string& game_path) { return load::write_target(game_path) + ".journal"; }

namespace {

// GAME or SCENARIO: a game id (its shipped scenario) or a scenario by name or file.
std::pair<const core::GameRules*, const core::Scenario*> game_of(const std::string& what, Context& ctx)
{
    if (contains(core::game_ids(), what)) {
        const core::GameRules* rules = core::find_game_rules(what);
        static const core::Scenario none;  // a game whose file keeps only its clock
        return {rules, rules->scenario.empty() ? &none : &ctx.catalog().scenario(rules->scenario)};
    }
    const core::Scenario* found = nullptr;
    try {
        found = &ctx.catalog().scenario(what);
    } catch (const Error& e) {
        if (e.code() != ExitCode::no_input) {
            throw;
        }
        throw Error(ExitCode::no_input, "game new: '" + what + "' is neither a game (" + join(core::game_ids(), ", ") +
                                            ") nor a scenario (" + join(ctx.catalog().scenario_names(), ", ") +
                                            ", or a .toml file)" + suggestion(what, core::game_ids()));
    }
    const core::Scenario& s = *found;
    for (const auto& id : core::game_ids()) {
        const core::GameRules* rules = core::find_game_rules(id);
        if (iequals(rules->title, s.game)) {  // as the referee types it: "constantinople" is Constantinople
            return {rules, &s};
        }
    }
    // A game none of umpire's: the referee's own, kept from his scenario and tables.
    return {core::find_game_rules("custom"), &s};
}

bool exists(const std::string& path)
{
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::symlink_status(path, ec));
}

// The word after 'game new' in the first journal line's request, "" when it is not one.
std::string made_from(const load::LogEntry& first)
{
    const std::vector<std::string>& made = first.argv;
    for (size_t i = 0; i + 2 < made.size(); ++i) {
        if (made[i] == "game" && made[i + 1] == "new") {
            return made[i + 2];
        }
    }
    return "";
}

// The first line (from 1) where A and B differ, with each side's text of it.
struct TextDifference {
    size_t line = 0;
    std::string a;
    std::string b;
};
TextDifference first_difference(const std::string& a, const std::string& b)
{
    const auto la = split(a, '\n');
    const auto lb = split(b, '\n');
    for (size_t i = 0; i < std::max(la.size(), lb.size()); ++i) {
        const std::string x = i < la.size() ? la[i] : "";
        const std::string y = i < lb.size() ? lb[i] : "";
        if (x != y) {
            return {i + 1, x, y};
        }
    }
    return {};
}

// LINE quoted for a message, its control characters written out (visible(): \x1b, and
// C1 and bidirectional ones as \u202e): a hand-edited file may hold anything, and none of
// it may reach a terminal as an escape sequence or turn the line (U+202E went out raw;
// hunt32).
std::string quoted_line(const std::string& line)
{
    return line.empty() ? "nothing" : "'" + visible(excerpt(line)) + "'";
}

// What is said of a journal, JPATH, with no whole line while its game file is there (emptied,
// or truncated to 0 bytes): no command of umpire's can make the game again without its record
// (recover neither), so the advice is what the referee can do.
std::string empty_journal(const std::string& jpath)
{
    return jpath +
           ": empty: a journal begins with the 'game new' that made the game, and without its lines "
           "nothing (game recover neither) can show what the game is; " +
           journal_lost_advice();
}

}  // namespace

std::string journal_lost_advice()
{
    return "put back a copy of the journal, or move the game file and its journal aside and start again with "
           "'umpire game new'";
}

namespace {

std::vector<load::LogEntry> parse_journal(const std::string& text, const std::string& file)
{
    std::vector<load::LogEntry> out;
    size_t number = 0;
    for (size_t at = 0; at < text.size();) {
        size_t nl = text.find('\n', at);
        if (nl == std::string::npos) {
            nl = text.size();
        }
        ++number;
        const std::string_view line(text.data() + at, nl - at);
        at = nl + 1;
        auto e = load::parse_log_line(line);
        if (!e) {
            throw data_error(file + ":" + std::to_string(number) + ": " + e.error());
        }
        out.push_back(std::move(*e));
    }
    return out;
}

}  // namespace

core::GameState start_game(const std::string& what, Context& ctx)
{
    auto [rules, scenario] = game_of(what, ctx);
    core::GameState g = rules->start(*scenario, ctx.table_of());
    if (scenario_file(what)) {
        // The referee's own scenario: kept by its absolute path, so that every command on the
        // game (--attacker NAME...) finds its units from any directory.
        g.scenario = absolute_path(what);
    }
    return g;
}

bool scenario_file(const std::string& what)
{
    return core::find_game_rules(what) == nullptr && (what.find('/') != std::string::npos || what.ends_with(".toml"));
}

std::string absolute_path(const std::string& path)
{
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(path, ec);
    return ec ? path : absolute.lexically_normal().string();
}

GameStarter game_starter(Context& ctx)
{
    return [&ctx](const std::string& what) { return start_game(what, ctx); };
}

std::vector<load::LogEntry> read_journal(const std::string& game_path)
{
    const std::string path = journal_path(game_path);
    if (!exists(path)) {
        return {};
    }
    std::string text = load::read_file(path);
    text.resize(load::check_chain(text).whole);  // a torn last line is no line of the journal
    return parse_journal(text, path);
}

std::string limits_broken(const core::GameState& game, const core::TableOf& table)
{
    const std::vector<core::StateProblem> problems = core::state_problems(game, &table);
    if (problems.empty()) {
        return "";
    }
    const core::StateProblem& p = problems.front();
    return "its changes leave " + core::problem_place(p) + " so: " + p.message +
           "; umpire writes no such change (the line was edited, or written by hand)";
}

namespace {

// The game WHAT (a journal's first line's 'game new WHAT') starts as, made again by START.
core::GameState journal_start(const std::string& what, const std::string& journal_file, const GameStarter& start)
{
    try {
        return start(what);
    } catch (const Error& e) {
        if (e.code() != ExitCode::no_input || !scenario_file(what)) {
            throw;
        }
        // Said as game new's mistake ("game new: ... is neither a game nor a scenario") to
        // a referee who typed undo or rebuild.
        throw Error(ExitCode::no_input, journal_file + ":1: the game was made from the scenario file " + what +
                                            ", which cannot be read now (moved or removed?): replaying the journal "
                                            "starts from it; put it back at that path");
    }
}

}  // namespace

std::string start_changed(const std::string& path, const GameStarter& start)
{
    const std::string jpath = journal_path(path);
    std::ifstream in(jpath, std::ios::binary);
    std::string first;
    if (!in || !std::getline(in, first)) {
        return "";  // no journal, or an empty one: every read of the game says so
    }
    const auto line = load::parse_log_line(first);
    const std::string what = line ? made_from(*line) : "";
    if (what.empty() || line->after.empty()) {
        return "";  // not the game's first line: the chain and the replay say what it is
    }
    if (sha256_hex(load::game_text(journal_start(what, jpath, start))) == line->after) {
        return "";
    }
    return jpath + ":1: the game's start has changed since 'game new' made it: " +
           (scenario_file(what) ? "its scenario file " + what + " (or a table it reads) was edited"
                                : "the game's own scenario or a table it reads is not the one it began with") +
           ", so a resolution would read units and values the game was not made from, and undo and rebuild "
           "refuse the game; put the scenario (and tables) back as they were";
}

JournalGame replay_journal(const std::vector<load::LogEntry>& journal, const std::string& journal_file,
                           const GameStarter& start, const core::TableOf& table, bool stop)
{
    if (journal.empty()) {
        throw data_error(empty_journal(journal_file));
    }
    const std::string what = made_from(journal.front());
    if (what.empty()) {
        throw data_error(journal_file + ":1: not the 'game new' that made the game; a journal begins with it");
    }
    JournalGame out;
    out.state = journal_start(what, journal_file, start);
    std::string before = load::game_text(out.state);
    for (size_t i = 0; i < journal.size(); ++i) {
        const std::string at = journal_file + ":" + std::to_string(i + 1) + ": ";
        core::GameState next = out.state;
        std::string failure;
        for (const auto& c : journal[i].changes) {
            try {
                core::apply_change(next, c);
            } catch (const Error& e) {
                failure = "its change " + quoted_line(core::change_text(c)) +
                          " does not follow from the lines before it: " + e.what() +
                          " (a line was removed, reordered or edited)";
                break;
            }
        }
        if (failure.empty()) {
            failure = limits_broken(next, table);
        }
        const std::string text = load::game_text(next);
        if (failure.empty() && !journal[i].after.empty() && sha256_hex(text) != journal[i].after) {
            failure = "the game its changes leave is not the one it recorded (after): " +
                      (i == 0 ? std::string("the game's start has changed since (its scenario or tables?)")
                              : std::string("the line's changes were edited"));
        }
        if (!failure.empty()) {
            if (!stop || i == 0) {
                throw data_error(at + failure);
            }
            out.failure = at + failure;
            break;
        }
        out.text_before_last = std::move(before);
        out.state = std::move(next);
        before = text;
        out.lines = i + 1;
    }
    out.text = std::move(before);
    return out;
}

void require_game(const std::string& path)
{
    load::write_target(journal_path(path));  // neither a directory nor a device, said as such
    if (!exists(path) && !exists(journal_path(path))) {
        throw Error(ExitCode::no_input,
                    "{game} " + path + ": no such game file; 'umpire game new GAME " + path + "' makes one");
    }
}

std::string crlf_problem(std::string_view journal, const std::string& jpath)
{
    if (journal.find("\r\n") == std::string_view::npos) {
        return "";
    }
    std::string lf;
    lf.reserve(journal.size());
    for (size_t i = 0; i < journal.size(); ++i) {
        if (!(journal[i] == '\r' && i + 1 < journal.size() && journal[i + 1] == '\n')) {
            lf += journal[i];
        }
    }
    if (load::check_chain(lf).broken_at != 0) {
        return "";
    }
    return "; with LF line ends the chain holds: put them back (dos2unix " + jpath +
           ") rather than recover, which would cut the journal here";
}

namespace {

Error unmade_game(const std::string& path)
{
    return not_found_error("{game} " + path + ": no game: the file is missing and its journal " + journal_path(path) +
                           " empty, as a 'game new' interrupted before its first line leaves them; 'umpire game "
                           "new GAME " +
                           path + "' makes it");
}

std::string mend_last_newline(const std::string& jpath, std::string& journal, load::Chain& chain,
                              const std::string* file_text, bool write)
{
    if (chain.whole >= journal.size() || chain.broken_at != 0 || file_text == nullptr) {
        return "";
    }
    const std::string_view tail = std::string_view(journal).substr(chain.whole);
    const auto last = load::parse_log_line(tail);
    if (!last || last->prev != chain.last || last->after.empty() || sha256_hex(*file_text) != last->after) {
        return "";
    }
    if (write) {
        load::end_last_line(jpath);
    }
    chain.last = sha256_hex(tail);
    journal += '\n';
    chain.whole = journal.size();
    ++chain.lines;
    return jpath + ":" + std::to_string(chain.lines) +
           ": its last line lacked only its newline (the line is whole, and the file is what it left)" +
           (write ? "; the newline is put back" : "; read as whole");
}

// The file made to follow its journal's LINES lines: written by a writer, said either way.
void rolled_forward(const std::string& path, const std::string& text, size_t lines, bool had_file, bool write,
                    std::vector<std::string>& notes)
{
    if (write) {
        load::write_state_text(path, text);
    }
    notes.push_back(path +
                    (had_file ? ": rolled forward to its journal's line " + std::to_string(lines) +
                                    " (the change was journalled, the file not yet written: a crash or kill)"
                              : ": missing; made again from its journal (" + std::to_string(lines) + " lines)") +
                    (write ? "" : " (in memory: this command writes nothing)"));
}

// Whether GAME with LINE's changes taken back is the game whose text has the SHA-256
// BEFORE: a key the line made is taken back to "" (as undo leaves it) or away (as it was
// before), either way. False for anything else, which the journal's replay then judges.
bool undone_to(const core::GameState& game, const load::LogEntry& line, const std::string& before)
{
    core::GameState back = game;
    try {
        for (auto c = line.changes.rbegin(); c != line.changes.rend(); ++c) {
            core::revert_change(back, *c);
        }
    } catch (const Error&) {
        return false;
    }
    if (sha256_hex(load::game_text(back)) == before) {
        return true;
    }
    // the keys taken back to "" removed, as they were before the line made them
    const auto made = [&](const std::string& unit, const std::string& key) {
        return std::any_of(line.changes.begin(), line.changes.end(),
                           [&](const core::Change& c) { return c.unit == unit && c.key == key && c.from.empty(); });
    };
    std::erase_if(back.clock, [&](const auto& kv) { return kv.second.empty() && made("", kv.first); });
    for (auto& u : back.units) {
        std::erase_if(u.status, [&](const auto& kv) { return kv.second.empty() && made(u.name, kv.first); });
    }
    return sha256_hex(load::game_text(back)) == before;
}

}  // namespace

ChainedJournal read_chained_journal(const std::string& path, const std::string* file_text, bool write)
{
    const std::string jpath = journal_path(path);
    ChainedJournal out;
    out.text = load::read_file(jpath);
    if (out.text.empty() && file_text == nullptr) {
        throw unmade_game(path);
    }
    out.chain = load::check_chain(out.text);
    out.mended = mend_last_newline(jpath, out.text, out.chain, file_text, write);
    return out;
}

OpenedGame open_game(const std::string& path, const GameStarter& start, const core::TableOf& table, bool write)
{
    require_game(path);
    const std::string jpath = journal_path(path);
    const bool have_file = exists(path);
    if (!exists(jpath)) {
        throw Error(ExitCode::no_input, "{game} " + path + ": its journal " + jpath +
                                            " is missing; the journal is the game's record, and without it the "
                                            "file cannot be shown to be what its changes made: put it back beside "
                                            "the file");
    }
    OpenedGame out;
    // The file first, then the journal: a writer journals before it writes the file, so a
    // file read first is never ahead of the journal read after it.
    std::string text = have_file ? load::read_file(path) : "";
    ChainedJournal read = read_chained_journal(path, have_file ? &text : nullptr, write);
    std::string& journal = read.text;
    const load::Chain& chain = read.chain;
    if (!read.mended.empty()) {
        out.notes.push_back(std::move(read.mended));
    }
    if (chain.whole < journal.size()) {
        // A writer was killed, or the disk filled, in the middle of its line. Its change never
        // reached the game file (the file is written after the line is whole): it is no part
        // of the game.
        const std::string cut = std::to_string(journal.size() - chain.whole);
        if (write) {
            load::truncate_log(jpath, chain.whole);
            out.notes.push_back(jpath + ": a torn last line (" + cut +
                                " bytes, a write interrupted) was cut off; its change was never made");
        } else {
            out.notes.push_back(jpath + ": a torn last line (" + cut +
                                " bytes, a write interrupted) is no part of the game");
        }
        journal.resize(chain.whole);
    }
    // A killed writer's PATH.umpire-tmp, never the game: removed, and said as every mend is
    // (umpire(1), GAME FILES; the shell said nothing, fix53).
    if (write && load::discard_state_text(path)) {
        out.notes.push_back(path + load::k_prepared_suffix +
                            ": left over from a write that was killed; removed (it is never the game)");
    }
    const std::string recover = "; 'umpire game recover " + path + "' mends it (umpire(1), GAME FILES)";
    // Recover keeps the lines before the first that does not hold; before line 1 there are
    // none (a byte-order mark excepted, which it removes): status sent the referee to a
    // recover that refused (hunt58).
    const auto mends = [&](size_t line) {
        return line > 1 || journal.starts_with(load::k_byte_order_mark)
                   ? recover
                   : "; it is the 'game new' that made the game, and recover keeps only the lines before the "
                     "damage: " +
                         journal_lost_advice();
    };
    if (chain.broken_at != 0) {
        const std::string crlf = crlf_problem(journal, jpath);
        throw data_error(jpath + ":" + std::to_string(chain.broken_at) + ": " + chain.why +
                         (crlf.empty() ? mends(chain.broken_at) : crlf));
    }
    if (chain.lines == 0) {
        throw data_error(empty_journal(jpath));
    }
    // The last line says which game file it left: most opens end here.
    const size_t last_start = journal.rfind('\n', journal.size() - 2) + 1;  // npos + 1 == 0
    auto last = load::parse_log_line(std::string_view(journal).substr(last_start, journal.size() - 1 - last_start));
    if (!last) {
        throw data_error(jpath + ":" + std::to_string(chain.lines) + ": " + last.error() + mends(chain.lines));
    }
    // The line before the last, when there is one: what the game was before the last change.
    std::optional<load::LogEntry> prev;
    if (chain.lines >= 2) {
        const size_t prev_start = journal.rfind('\n', last_start - 2) + 1;  // npos + 1 == 0
        if (auto parsed =
                load::parse_log_line(std::string_view(journal).substr(prev_start, last_start - 1 - prev_start))) {
            prev = std::move(*parsed);
        }
    }
    if (have_file && !last->after.empty() && sha256_hex(text) == last->after) {
        out.state = load::parse_game(text, path, &table);
        // The line's own changes, which no later line's link covers, against the file.
        for (const auto& c : last->changes) {
            if (const std::string now = out.state.value(c.unit, c.key); now != c.to) {
                throw data_error(jpath + ":" + std::to_string(chain.lines) + ": its change " +
                                 quoted_line(core::change_text(c)) + " is not what the file it left holds (" +
                                 quoted_line(now) + "): the line was edited" + recover);
            }
        }
        // And what each changed from: taken back, they leave the game the line before recorded
        // (its "after"), or the line was edited, and the next change would chain onto the edit
        // (hunt54: "from":"9-9" taken by status and by writers; rebuild and undo then refused).
        if (prev && !prev->after.empty() && !last->changes.empty() && !undone_to(out.state, *last, prev->after)) {
            try {
                (void)replay_journal(parse_journal(journal, jpath), jpath, start, table);
            } catch (const Error& e) {
                if (e.code() == ExitCode::data) {
                    throw data_error(std::string(e.what()) + recover);
                }
                // a scenario moved since cannot be replayed: the file and its last line agree,
                // which is what this open checked before
            }
        }
        out.text = std::move(text);
        return out;
    }
    // The crash window, from the file itself: it is what the line before the last left, and
    // the last line's changes on it leave what that line recorded. Neither the scenario nor
    // the tables are read, so a scenario edited since the game began does not stop the mend.
    if (have_file && chain.lines >= 2 && !last->after.empty()) {
        if (prev && !prev->after.empty() && sha256_hex(text) == prev->after) {
            core::GameState next = load::parse_game(text, path, &table);
            bool follows = true;
            for (const auto& c : last->changes) {
                try {
                    core::apply_change(next, c);
                } catch (const Error&) {
                    follows = false;  // the replay below says where and why
                    break;
                }
            }
            if (std::string made = load::game_text(next); follows && sha256_hex(made) == last->after) {
                // The mended game is held to the board's limits as any game umpire writes
                // (DESIGN.md 12): a line that breaks them is refused, and nothing is written.
                if (const std::string broken = limits_broken(next, table); !broken.empty()) {
                    throw data_error(jpath + ":" + std::to_string(chain.lines) + ": the line does not apply: " +
                                     broken + "; the file is what the line before it left" + recover);
                }
                rolled_forward(path, made, chain.lines, true, write, out.notes);
                out.state = std::move(next);
                out.text = std::move(made);
                return out;
            }
        }
    }
    const JournalGame made = replay_journal(parse_journal(journal, jpath), jpath, start, table);
    if (have_file && text == made.text) {
        out.state = made.state;  // a journal written before lines carried "after"
        out.text = std::move(text);
        return out;
    }
    if (!have_file || text == made.text_before_last) {
        // The crash window: the last change was journalled and its file not yet written
        // (or the file was removed). The journal is the record: the file follows it.
        rolled_forward(path, made.text, chain.lines, have_file, write, out.notes);
        out.state = made.state;
        out.text = made.text;
        return out;
    }
    const TextDifference d = first_difference(text, made.text);
    throw data_error(path + ":" + std::to_string(d.line) +
                     ": the file disagrees with its journal (edited by hand?): " + quoted_line(d.a) + " here, " +
                     quoted_line(d.b) + " after the journal's line " + std::to_string(chain.lines) +
                     "; 'umpire game recover " + path + "' puts back what the journal makes, 'umpire game recover " +
                     path + " --keep-edits' journals these edits as changes of their own");
}

void (*write_step_hook)(const char* step) = nullptr;

void write_game(const std::string& path, const core::GameState& game,
                const std::function<std::string(const std::string& after)>& make_line)
{
    const auto step = [](const char* name) {
        if (write_step_hook != nullptr) {
            write_step_hook(name);
        }
    };
    // A game file or journal with no write permission (chmod a-w: a finished game kept) is
    // not changed. The file is replaced by a rename, which its own mode does not stop, and
    // root passes every access check: the mode is what the referee set.
    for (const std::string& p : {path, journal_path(path)}) {
        if (struct stat st{}; ::stat(p.c_str(), &st) == 0 && (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0) {
            throw io_error("{game} " + p + ": read-only (no write permission): the game is not changed; 'chmod u+w " +
                           p + "' lets it be");
        }
    }
    const std::string text = load::game_text(game);
    const std::string line = make_line(sha256_hex(text));
    load::prepare_state_text(path, text);
    step("prepared");
    std::uint64_t before = 0;
    try {
        before = load::append_log_line(journal_path(path), line, true);
    } catch (const Error&) {
        load::discard_state_text(path);
        throw;
    }
    step("journaled");
    try {
        load::commit_state_text(path);
    } catch (const Error& e) {
        load::truncate_log(journal_path(path), before);
        throw;
    }
    step("committed");
}

bool is_redo(const load::LogEntry& e) { return e.command == "game redo"; }

UndoStacks undo_stacks(const std::vector<load::LogEntry>& journal)
{
    UndoStacks s;
    for (size_t i = 0; i < journal.size(); ++i) {
        if (journal[i].undoes) {
            if (!s.done.empty()) {
                s.redoable.push_back(s.done.back());
                s.done.pop_back();
            }
        } else if (!journal[i].changes.empty()) {
            if (is_redo(journal[i]) && !s.redoable.empty()) {
                s.redoable.pop_back();
            } else {
                s.redoable.clear();
            }
            s.done.push_back(i);
        }
    }
    return s;
}

}  // namespace umpire::cli
