// umpire game: the referee's game file (new, status, sequence, next, undo, redo, rebuild, recover, set).
#include "cli/commands.h"
#include "cli/game_store.h"
#include "format/json.h"
#include "games/black-sea/black_sea.h"
#include "load/catalog.h"
#include "load/loader.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <filesystem>
#include <limits>

namespace umpire::cli {

struct GameOptions {
    std::string action;
    std::vector<std::string> args;
    core::StatusList given;  // game next: --month, --light, --weather
    DiceOptions dice;
    bool keep_edits = false;  // game recover: the file's hand edits journalled, not undone
    std::string reason;       // game set: why the referee sets a status by hand
};

namespace {

std::string file_of(const GameOptions& opt, Context& ctx, size_t at)
{
    if (opt.args.size() > at + 1) {
        throw usage_error("game " + opt.action + ": too many arguments");
    }
    if (opt.args.size() == at + 1) {
        ctx.options.game = opt.args[at];
    }
    if (ctx.game_path().empty()) {
        throw usage_error("game " + opt.action + ": name the game file (or give --game FILE, or set $UMPIRE_GAME)");
    }
    return ctx.game_path();
}

void run_new(const GameOptions& opt, Context& ctx)
{
    if (opt.args.size() != 2) {
        throw usage_error("game new GAME|SCENARIO FILE: e.g. 'game new constantinople siege.toml'; games: " +
                          join(core::game_ids(), ", "));
    }
    const std::string& path = opt.args[1];
    if (path.ends_with(load::k_prepared_suffix)) {
        throw usage_error("game new: " + path + ": a name ending in " + std::string(load::k_prepared_suffix) +
                          " is the one umpire gives a game file while it writes it; choose another");
    }
    std::error_code ec;
    // A game there already is never written over. A 'game new' killed before the journal's
    // first line left an empty journal (and perhaps FILE.umpire-tmp) and no file: no game at all.
    const auto exists_already = [&] {
        const bool file = std::filesystem::exists(path, ec);
        const bool journal = std::filesystem::exists(journal_path(path), ec);
        return file || (journal && !(std::filesystem::is_regular_file(journal_path(path), ec) &&
                                     std::filesystem::is_empty(journal_path(path), ec)));
    };
    if (exists_already()) {
        throw usage_error("game new: " + path + " (or its journal) already exists; umpire never overwrites a game");
    }
    core::GameState g = [&] {
        try {
            return start_game(opt.args[0], ctx);
        } catch (const Error& e) {
            // The scenario is game new's first word here, not a --scenario given: named so.
            const std::string_view what = e.what();
            if (what.starts_with("{scenario}: ") && ctx.options.scenario.empty()) {
                throw Error(e.code(), "game new " + opt.args[0] + ": " + std::string(what.substr(12)), e.detail());
            }
            throw;
        }
    }();
    core::Resolution r;
    r.command = "game new";
    r.title = "New game";
    r.source = g.game;
    r.inputs = {{"game", g.game}};
    if (!g.scenario.empty()) {
        r.inputs.push_back({"scenario", g.scenario});
    }
    r.inputs.push_back({"file", path});
    r.result.code = "new";
    r.result.name = "A new " + (g.game == "custom" ? std::string("game of your own") : g.game + " game") + " in " +
                    path + (g.scenario.empty() ? "" : ", from scenario " + g.scenario);
    r.result.fields.push_back({"units", static_cast<long long>(g.units.size())});
    {
        load::StateLock lock(path);
        if (exists_already()) {
            throw usage_error("game new: " + path + " (or its journal) already exists; umpire never overwrites a game");
        }
        std::filesystem::remove(journal_path(path), ec);  // an interrupted game new's, empty
        load::discard_state_text(path);
        // The journal's first line remakes the game: a scenario file of the referee's is kept by
        // its absolute path, so that rebuild and recover work from any directory.
        std::vector<std::string> argv = ctx.argv;
        for (size_t i = 0; i + 2 < argv.size() && scenario_file(opt.args[0]); ++i) {
            if (argv[i] == "game" && argv[i + 1] == "new" && argv[i + 2] == opt.args[0]) {
                argv[i + 2] = absolute_path(opt.args[0]);
                break;
            }
        }
        try {
            write_game(path, g, [&](const std::string& after) {
                return load::journal_line(utc_now(), argv, 0, 0, {}, {}, std::nullopt, after, format::to_json(r));
            });
        } catch (const Error&) {
            // a journal this call created and could not write its first line to: nothing is left
            if (std::filesystem::is_empty(journal_path(path), ec)) {
                std::filesystem::remove(journal_path(path), ec);
            }
            throw;
        }
        ctx.game_written = path;  // an answer lost from here on must say the game was made
    }
    ctx.emit(std::move(r));
}

// The step of the sequence of play G is at: its name and section, and what the rules ask of
// the referee in it (game status, game next).
void say_step(const core::GameRules& rules, const core::GameState& g, core::Resolution& r)
{
    const core::PlayStep& step = core::current_step(rules, g);
    r.result.fields.push_back({"step", step.id});
    r.result.effects.push_back("now " + step.name + " (" + step.section + ")");
    for (const auto& ask : rules.asks ? rules.asks(g, step) : step.asks) {
        r.result.effects.push_back("to do: " + ask);
    }
}

void run_status(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    const core::GameState& g = *ctx.game();
    core::Resolution r;
    r.command = "game status";
    r.title = "The game in " + path;
    r.source = g.game + (g.scenario.empty() ? "" : ", scenario " + g.scenario);
    const core::GameRules& rules = *core::find_game_rules(g.game);
    rules.status(g, ctx.table_of(), r);
    if (const std::string why = rules.over ? rules.over(g) : ""; !why.empty()) {
        r.result.effects.insert(r.result.effects.begin(),
                                "the game has ended: " + why + "; game next and --apply are refused");
    }
    say_step(rules, g, r);
    ctx.emit(std::move(r));
}

// game sequence [FILE|GAME]: the game's sequence of play, each step with what game next
// does as it begins and what it asks of the referee; with a file, the step it is at.
void run_sequence(const GameOptions& opt, Context& ctx)
{
    if (opt.args.size() > 1) {
        throw usage_error("game sequence: too many arguments (one FILE or GAME)");
    }
    const core::GameRules* rules = nullptr;
    std::optional<core::GameState> g;
    if (opt.args.size() == 1 && core::find_game_rules(opt.args[0]) != nullptr) {
        rules = core::find_game_rules(opt.args[0]);
    } else {
        file_of(opt, ctx, 0);
        g = *ctx.game();
        rules = core::find_game_rules(g->game);
    }
    core::Resolution r;
    r.command = "game sequence";
    r.title = "Sequence of play";
    r.source = rules->title;
    const std::string now = g ? rules->step(*g) : std::string();
    r.result.code = g ? now : rules->game;
    r.result.name = g ? "now " + core::current_step(*rules, *g).name + ", the game in " + ctx.game_path()
                    : rules->sequence.size() == 1
                        ? std::string("1 step, followed by itself")
                        : std::to_string(rules->sequence.size()) + " steps, the last followed by the first";
    r.result.source = r.source;
    for (size_t i = 0; i < rules->sequence.size(); ++i) {
        const core::PlayStep& step = rules->sequence[i];
        core::Outcome o;
        o.label = step.id == now ? "now" : "";
        o.code = step.id;
        o.name = std::to_string(i + 1) + ". " + step.name + " (" + step.section + ")" +
                 (step.repeats.empty() ? "" : ", " + step.repeats);
        o.source = step.section;
        for (const auto& d : step.does) {
            o.effects.push_back("game next: " + d);
        }
        for (const auto& a : step.asks) {
            o.effects.push_back("to do: " + a);
        }
        r.results.push_back(std::move(o));
    }
    ctx.emit(std::move(r));
}

void run_next(const GameOptions& opt, Context& ctx)
{
    file_of(opt, ctx, 0);
    if (opt.dice.odds) {
        // 'game next' writes its step to the game as if --apply were given; the refusal said
        // "--apply with --odds" to a referee who had typed no --apply.
        // The games whose next step rolls: the odds of that roll are their own command's.
        const std::string game = ctx.game()->game;
        const std::string rolled = game == "novorossiysk" ? "weather" : game == "constantinople" ? "wind" : "";
        throw usage_error("game next --odds: 'game next' moves the game on and writes its step, and --odds writes "
                          "nothing" +
                          (rolled.empty() ? std::string()
                                          : "; the odds of the " + rolled +
                                                " the next step rolls, the game left as it is: umpire --game " +
                                                ctx.game_path() + " " + rolled + " --odds"));
    }
    ctx.options.apply = true;
    resolve_game_next(ctx, opt.dice, opt.given, "game next");
}

}  // namespace

void resolve_game_next(Context& ctx, const DiceOptions& dice_options, const core::StatusList& given,
                       std::string_view command)
{
    const core::GameState g = *ctx.game();
    const core::GameRules* rules = core::find_game_rules(g.game);
    for (const auto& [key, value] : given) {
        if (key != "skip_due" && !contains(rules->next_keys, key)) {
            // named as flags ({end_phase} is --end-phase, where "--end_phase" was said); every
            // game's next step takes {skip_due}, so none "takes no option" (hunt56)
            std::vector<std::string> taken = rules->next_keys;
            taken.emplace_back("skip_due");
            throw usage_error(std::string(command) + " {" + key + "}: " + g.game + "'s next step takes " +
                              (taken.size() == 1 ? "{skip_due} only" : "{" + join(taken, "}, {") + "}"));
        }
    }
    std::vector<core::Change> changes;
    ctx.game_changes = [&changes](const core::Resolution&) { return changes; };
    ctx.adjudicate(dice_options, {{"file", ctx.game_path()}}, std::string(command), [&](core::Dice& dice) {
        changes.clear();
        core::Resolution r = rules->next(g, ctx.table_of(), dice, changes, given);
        r.command = std::string(command);
        core::GameState after = g;
        for (const auto& c : changes) {
            core::apply_change(after, c);
        }
        say_step(*rules, after, r);
        return r;
    });
}

namespace {

// How undo, redo and set name what they did: the resolution's title, result code and name.
struct ByHand {
    std::string title;
    std::string code;
    std::string name;
};

// What undo, redo and set write: CHANGES, made by the referee's COMMAND ("game undo"), as a
// resolution of its own, with its SOURCE and the changes as steps.
void write_by_hand(const GameOptions& opt, Context& ctx, const std::string& command, const core::Fields& inputs,
                   const ByHand& what, const std::string& source, const std::vector<core::Change>& changes)
{
    ctx.game_changes = [changes](const core::Resolution&) { return changes; };
    ctx.by_hand = true;
    ctx.adjudicate(opt.dice, inputs, command, [&](core::Dice&) {
        core::Resolution r;
        r.command = command;
        r.title = what.title;
        r.source = source;
        r.result.code = what.code;
        r.result.name = what.name;
        for (const auto& c : changes) {
            r.steps.push_back(core::change_text(c));
        }
        return r;
    });
}

void run_redo(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    ctx.options.apply = true;
    ctx.game();
    const std::vector<load::LogEntry> journal = read_journal(path);
    const UndoStacks stacks = undo_stacks(journal);
    if (stacks.redoable.empty()) {
        throw usage_error("game redo: nothing to redo in " + journal_path(path) +
                          ": only what 'game undo' took back, before any new change");
    }
    const load::LogEntry& again = journal[stacks.redoable.back()];
    write_by_hand(opt, ctx, "game redo", {{"file", path}, {"redone", join(again.argv, " ")}},
                  ByHand{"Redo", "redone", "Redone: umpire " + join(again.argv, " ")},
                  journal_path(path) + " line " + std::to_string(stacks.redoable.back() + 1), again.changes);
}

void run_undo(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    ctx.options.apply = true;
    ctx.game();
    std::vector<load::LogEntry> journal = read_journal(path);
    // A game whose start has changed is said so, as every change to it is (apply_to_game).
    if (const std::string why = start_changed(path, game_starter(ctx)); !why.empty()) {
        throw data_error("game undo: refused, nothing undone in " + path + ": " + why);
    }
    // Undo writes a line's "from" values back; the chain covers every line but the last, whose
    // "from" only a replay can check (an edited one was written back as it stood).
    replay_journal(journal, journal_path(path), game_starter(ctx), ctx.table_of());
    const std::vector<size_t> done = undo_stacks(journal).done;  // lines whose changes stand
    if (done.empty()) {
        throw usage_error("game undo: nothing to undo in " + journal_path(path));
    }
    const load::LogEntry& last = journal[done.back()];
    std::vector<core::Change> back;
    for (auto it = last.changes.rbegin(); it != last.changes.rend(); ++it) {
        back.push_back(core::reversed(*it));  // a key the change made is taken away again
    }
    ctx.game_undoes = static_cast<long long>(done.back());
    write_by_hand(opt, ctx, "game undo", {{"file", path}, {"undone", join(last.argv, " ")}},
                  ByHand{"Undo", "undone", "Undone: umpire " + join(last.argv, " ")},
                  journal_path(path) + " line " + std::to_string(done.back() + 1), back);
}

// game set [FILE] UNIT|clock KEY=VALUE...: statuses set by the referee's hand (a leader
// aboard, a count put right), journalled as changes of their own with the reason, and held
// to the board's limits as any other change.
void run_set(const GameOptions& opt, Context& ctx)
{
    // FILE is the first word unless the second already holds a KEY=VALUE
    const bool file_given = opt.args.size() >= 3 && opt.args[1].find('=') == std::string::npos;
    if (file_given) {
        ctx.options.game = opt.args[0];
    }
    const std::vector<std::string> rest(opt.args.begin() + (file_given ? 1 : 0), opt.args.end());
    if (rest.size() < 2 || ctx.game_path().empty()) {
        throw usage_error("game set [FILE] UNIT KEY=VALUE...: e.g. 'game set siege.toml Genoa leader=Diedo --reason "
                          "\"Diedo goes aboard\"'; UNIT 'clock' for the clock (the file from --game when left off)");
    }
    if (opt.reason.empty()) {
        throw usage_error("game set needs --reason: the journal keeps why a status was set by hand");
    }
    ctx.options.apply = true;
    const core::GameState g = *ctx.game();
    const bool clock = rest[0] == "clock";
    const core::GameUnit* unit = clock ? nullptr : g.find_unit(rest[0]);
    if (!clock && unit == nullptr) {
        std::vector<std::string> names{"clock"};
        for (const auto& u : g.units) {
            names.push_back(u.name);
        }
        throw usage_error("game set: no unit '" + rest[0] + "' in " + ctx.game_path() + suggestion(rest[0], names) +
                          "; units: " + join(names, ", "));
    }
    const std::string who = clock ? "" : unit->name;
    std::vector<core::Change> changes;
    for (size_t i = 1; i < rest.size(); ++i) {
        const size_t eq = rest[i].find('=');
        if (eq == std::string::npos || eq == 0) {
            throw usage_error("game set: '" + rest[i] + "' is not KEY=VALUE (as damaged=true, leader=Diedo)");
        }
        const std::string key = rest[i].substr(0, eq);
        if (std::any_of(changes.begin(), changes.end(), [&](const core::Change& c) { return c.key == key; })) {
            throw usage_error("game set: " + key + " is given twice; give each KEY once");
        }
        // A number is kept as umpire writes numbers (010 is ten, +1 and -0 are 1 and 0), so
        // the file, its journal and what the file reads back as are the same text.
        std::string value = rest[i].substr(eq + 1);
        if (auto n = parse_int(value, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max())) {
            value = std::to_string(*n);
        }
        // A value chosen from a list, in any case, kept as the list writes it (weather=Gale).
        if (const core::GameRules* rules = core::find_game_rules(g.game); rules->spelling) {
            value = rules->spelling(who, key, value);
        }
        changes.push_back(core::change_to(g, who, key, value, "by hand: " + opt.reason));
    }
    // The game's rules see every value given, those the game has already too: a weather
    // given as the file holds it is still the referee's word against the month's (hunt52).
    const std::vector<core::Change> given = changes;
    std::erase_if(changes, [](const core::Change& c) { return c.from == c.to; });
    if (const core::GameRules* rules = core::find_game_rules(g.game); rules->follow) {
        core::GameState after = g;
        for (const auto& c : changes) {
            core::apply_change(after, c);
        }
        for (auto& c : rules->follow(after, given, ctx.table_of())) {
            changes.push_back(std::move(c));
        }
    }
    if (const core::GameRules* rules = core::find_game_rules(g.game); rules->check_tables) {
        core::GameState after = g;
        for (const auto& c : changes) {
            core::apply_change(after, c);
        }
        for (const auto& p : rules->check_tables(after, ctx.table_of())) {
            if (std::any_of(changes.begin(), changes.end(),
                            [&](const core::Change& c) { return c.unit == p.unit && c.key == p.key; })) {
                throw usage_error("game set " + p.key + "=" + after.value(p.unit, p.key) + ": " + p.message);
            }
        }
    }
    // Every value so already: said in the headline, as nothing is journalled (it said "set",
    // and the shell's next undo took back an earlier change: hunt51).
    const std::string whom = clock ? std::string("the clock") : who;
    write_by_hand(opt, ctx, "game set", {{"file", ctx.game_path()}, {"reason", opt.reason}},
                  changes.empty()
                      ? ByHand{"Set by hand", "unchanged", whom + " is so already: nothing set or journalled"}
                      : ByHand{"Set by hand", "set", whom + " set by hand"},
                  "the referee: " + opt.reason, changes);
}

// The journal's text as it stands, whole lines only, checked as a chain: a data Error
// naming the first line that does not follow the one before. TORN is the bytes of a torn
// last line past them (a write interrupted), 0 when none; MENDED the note when a last line
// lacking only its newline was made whole (read_chained_journal).
std::string chained_journal(const std::string& path, size_t& torn, std::string& mended)
{
    const std::string jpath = journal_path(path);
    std::error_code ec;
    if (!std::filesystem::exists(jpath, ec)) {
        throw not_found_error("{game} " + path + ": no journal " + jpath + " to make the game from");
    }
    const bool have_file = std::filesystem::exists(path, ec);
    const std::string file = have_file ? load::read_file(path) : "";
    ChainedJournal read = read_chained_journal(path, have_file ? &file : nullptr, true);
    std::string& text = read.text;
    const load::Chain& chain = read.chain;
    mended = std::move(read.mended);
    torn = text.size() - chain.whole;
    text.resize(chain.whole);
    if (chain.broken_at != 0) {
        const std::string crlf = crlf_problem(text, jpath);
        const std::string recover =
            "; 'umpire game recover " + path + "' " +
            (text.starts_with(load::k_byte_order_mark) ? "removes it" : "keeps the lines before it");
        throw data_error(jpath + ":" + std::to_string(chain.broken_at) + ": " + chain.why +
                         (crlf.empty() ? recover : crlf));
    }
    return text;
}

void run_rebuild(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    require_game(path);
    load::StateLock lock(path);
    size_t torn = 0;
    std::string mended;
    const std::string chained = chained_journal(path, torn, mended);
    if (torn > 0) {
        load::truncate_log(journal_path(path), chained.size());  // as any writer would: see open_game
    }
    load::discard_state_text(path);
    const std::vector<load::LogEntry> journal = read_journal(path);
    const JournalGame made = replay_journal(journal, journal_path(path), game_starter(ctx), ctx.table_of());
    size_t applied = 0;
    for (const auto& e : journal) {
        applied += e.changes.size();
    }
    const std::string& text = made.text;
    core::Resolution r;
    r.command = "game rebuild";
    r.title = "Rebuild";
    r.source = journal_path(path);
    r.inputs = {{"file", path}};
    r.result.fields.push_back({"journal_lines", static_cast<long long>(journal.size())});
    r.result.fields.push_back({"changes", static_cast<long long>(applied)});
    if (!mended.empty()) {
        r.notes.push_back(mended);
    }
    if (torn > 0) {
        r.notes.push_back(journal_path(path) + ": a torn last line (" + std::to_string(torn) +
                          " bytes, a write interrupted) was cut off; its change was never made");
    }
    std::error_code ec;
    const std::string file = std::filesystem::exists(path, ec) ? load::read_file(path) : "";
    if (!std::filesystem::exists(path, ec)) {
        load::write_state_text(path, text);
        r.result.code = "recreated";
        r.result.name = path + " recreated from its scenario and journal";
    } else if (file == text || file == made.text_before_last) {
        if (file != text) {
            // the crash window (open_game): the last change journalled, its file not yet written
            load::write_state_text(path, text);
            r.notes.push_back(path + " was rolled forward to the journal's last line first (the change was "
                                     "journalled, the file not yet written: a crash or kill)");
        }
        r.result.code = "identical";
        r.result.name = path + " is exactly what its scenario and journal make";
    } else {
        load::write_own_file(path + ".rebuilt", text);
        r.result.code = "differs";
        r.result.name = path + " differs from what its journal makes (edited by hand?): the rebuilt game is in " +
                        path + ".rebuilt; 'umpire game recover " + path + "' puts it in place";
        ctx.exit_code = static_cast<int>(ExitCode::data);
    }
    ctx.emit(std::move(r));
}

// Every status of EDITED that differs from MADE, as changes made by hand; a usage Error when
// the two games differ in more than statuses (units added, removed, renamed or changing side).
std::vector<core::Change> hand_edits(const core::GameState& made, const core::GameState& edited)
{
    const std::string only = "game recover --keep-edits: only units' statuses and the clock can be kept as "
                             "changes; ";
    if (made.game != edited.game || made.scenario != edited.scenario || made.units.size() != edited.units.size()) {
        throw usage_error(only + "the file's game, scenario or units differ from the journal's");
    }
    std::vector<core::Change> out;
    auto compare = [&](const std::string& unit, const core::StatusList& was, const core::StatusList& now) {
        for (const auto& [key, value] : now) {
            std::string from;
            for (const auto& [k, v] : was) {
                from = k == key ? v : from;
            }
            if (from != value) {
                out.push_back({unit, key, from, value, "by hand"});
            }
        }
        for (const auto& kept : was) {
            if (std::none_of(now.begin(), now.end(), [&](const auto& kv) { return kv.first == kept.first; })) {
                throw usage_error(only + (unit.empty() ? "the clock" : unit) + "'s " + kept.first +
                                  " was removed from the file");
            }
        }
    };
    compare("", made.clock, edited.clock);
    for (size_t i = 0; i < made.units.size(); ++i) {
        const core::GameUnit& a = made.units[i];
        const core::GameUnit& b = edited.units[i];
        if (a.name != b.name || a.side != b.side) {
            throw usage_error(only + "unit " + a.name + " is not where it was, or has changed side");
        }
        compare(a.name, a.status, b.status);
    }
    return out;
}

void run_recover(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    const std::string jpath = journal_path(path);
    require_game(path);
    load::StateLock lock(path);
    std::error_code ec;
    if (!std::filesystem::exists(jpath, ec)) {
        throw not_found_error("{game} " + path + ": no journal " + jpath +
                              "; the journal is the game's record, and nothing can be recovered without it");
    }
    core::Resolution r;
    r.command = "game recover";
    r.title = "Recover";
    r.source = jpath;
    r.inputs = {{"file", path}};
    if (opt.keep_edits) {
        r.inputs.push_back({"keep_edits", true});
    }
    load::discard_state_text(path);
    // A byte-order mark an editor put before line 1 (umpire writes none) breaks the chain
    // there (check_chain): removed, the lines kept as written, so the chain holds again.
    // Status sent the referee here, and recover refused the line (hunt58).
    if (const std::string was = load::read_file(jpath); was.starts_with(load::k_byte_order_mark)) {
        load::replace_file(jpath, was.substr(load::k_byte_order_mark.size()));
        r.steps.push_back(jpath + ": the byte-order mark (U+FEFF) before line 1 removed; umpire writes none");
    }
    const bool have_file = std::filesystem::exists(path, ec);
    const std::string file = have_file ? load::read_file(path) : "";
    // The journal: whole lines, chained, each applying to the game the lines before it left.
    ChainedJournal read = read_chained_journal(path, have_file ? &file : nullptr, true);
    std::string& text = read.text;
    const load::Chain& chain = read.chain;
    if (!read.mended.empty()) {
        r.steps.push_back(std::move(read.mended));
    }
    if (const std::string crlf = crlf_problem(text, jpath); chain.broken_at != 0 && !crlf.empty()) {
        throw data_error(jpath + ":" + std::to_string(chain.broken_at) + ": " + chain.why + crlf);
    }
    if (chain.whole < text.size()) {
        r.steps.push_back("a torn last line (" + std::to_string(text.size() - chain.whole) +
                          " bytes, a write interrupted) cut off; its change was never made");
    }
    size_t keep = chain.broken_at != 0 ? chain.broken_at - 1 : chain.lines;
    std::string why = chain.broken_at != 0 ? jpath + ":" + std::to_string(chain.broken_at) + ": " + chain.why : "";
    std::vector<load::LogEntry> journal;
    for (size_t at = 0, n = 0; n < keep; ++n) {
        const size_t nl = text.find('\n', at);
        auto e = load::parse_log_line(std::string_view(text).substr(at, nl - at));
        if (!e) {
            keep = n;
            why = jpath + ":" + std::to_string(n + 1) + ": " + e.error();
            break;
        }
        journal.push_back(std::move(*e));
        at = nl + 1;
    }
    if (keep == 0) {
        // nothing holds before the damage: recover cannot say "mends it" of its own refusal
        throw data_error((why.empty() ? jpath + ": empty; nothing to recover from"
                                      : why + "; recover keeps the lines before the first that does not hold, and "
                                              "this is line 1, the 'game new' that made the game") +
                         ": " + journal_lost_advice());
    }
    const JournalGame made = replay_journal(journal, jpath, game_starter(ctx), ctx.table_of(), true);
    if (made.lines < keep) {
        keep = made.lines;
        why = made.failure;
    }
    if (opt.keep_edits && (keep < chain.lines || !why.empty())) {
        throw usage_error("game recover --keep-edits: the journal itself is damaged (" + why +
                          "); recover it first, without --keep-edits");
    }
    // Past the first line that does not hold, every line is kept aside, not lost.
    size_t at = 0;
    for (size_t n = 0; n < keep; ++n) {
        at = text.find('\n', at) + 1;
    }
    const bool cut = at < text.size();
    const bool torn = chain.whole < text.size();
    std::vector<core::Change> changes;
    if (have_file && file != made.text && opt.keep_edits) {
        const core::TableOf tables = ctx.table_of();
        changes = hand_edits(made.state, load::parse_game(file, path, &tables));
    }
    if (!changes.empty()) {
        if (torn) {
            load::truncate_log(jpath, at);  // nothing else: --keep-edits refuses a damaged journal
        }
        ctx.options.apply = true;
        ctx.options.game = path;
        ctx.use_game(made.state);  // the game as its journal made it; the edits are applied to it
        ctx.log_state_before(made.text);
        ctx.game_changes = [changes](const core::Resolution&) { return changes; };
        ctx.by_hand = true;
        r.result.code = "kept";
        r.result.name = path + ": " + std::to_string(changes.size()) + " edit(s) journalled as changes by hand";
        r.result.fields.push_back({"edits_kept", static_cast<long long>(changes.size())});
        ctx.adjudicate(opt.dice, {}, "game recover", [&](core::Dice&) { return r; });
        return;
    }
    // In an order any kill leaves for the next run to finish: the file first (as it was, kept
    // aside), then the lines cut kept aside, then the journal cut. Until the cut the journal
    // still breaks where it did, and the next run makes the same file and cut again, finding
    // the copies already kept (keep_aside). The journal cut first left umpire's own file
    // looking edited by hand (hunt44).
    const auto step = [](const char* name) {
        if (write_step_hook != nullptr) {
            write_step_hook(name);
        }
    };
    std::string edited_step;
    if (have_file && file != made.text) {
        const std::string edited = load::keep_aside(path + ".edited", file);
        edited_step = path + " differed from its journal; as it was, it is kept in " + edited;
        step("recover: edited kept");
    }
    if (!have_file || file != made.text) {
        load::write_state_text(path, made.text);
        step("recover: file written");
    }
    if (cut) {
        const std::string kept = load::keep_aside(jpath + ".cut", text.substr(at));
        r.steps.push_back(why);
        r.steps.push_back("the journal cut after line " + std::to_string(keep) + "; the " +
                          std::to_string(chain.lines - keep) + " line(s) from there on are kept in " + kept);
        step("recover: cut kept");
    }
    if (cut || torn) {
        load::truncate_log(jpath, at);
    }
    if (!edited_step.empty()) {
        r.steps.push_back(std::move(edited_step));
    }
    if (!have_file || file != made.text) {
        r.result.code = "recovered";
        r.result.name = path + " is again what its journal makes (" + std::to_string(keep) + " lines)";
    } else if (r.steps.empty()) {
        r.result.code = "intact";
        r.result.name = path + " and its journal agree; nothing to recover";
    } else {
        r.result.code = "recovered";
        r.result.name = jpath + " mended; " + path + " is what it makes (" + std::to_string(keep) + " lines)";
    }
    r.result.fields.push_back({"journal_lines", static_cast<long long>(keep)});
    ctx.emit(std::move(r));
}

}  // namespace

void setup_game(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<GameOptions>();
    auto* sub = app.add_subcommand(
        "game", "The referee's game file: new, status, sequence, next, undo, redo, rebuild, recover, set");
    sub->add_option("ACTION", opt->action, "new, status, sequence, next, undo, redo, rebuild, recover or set")
        ->required()
        ->transform(one_of({"new", "status", "sequence", "next", "undo", "redo", "rebuild", "recover", "set"}));
    sub->add_option(
        "ARGS", opt->args,
        "new: GAME|SCENARIO FILE; set: [FILE] UNIT KEY=VALUE...; sequence: FILE or GAME; the others: FILE (or "
        "--game)");
    // What the referee says of the next step where the text leaves it to him, kept in the
    // order given, and what TAB offers for it.
    struct Given {
        const char* key;
        const char* type;
        const char* help;
        const std::vector<std::string>* values;  // nullptr: the months of the weather chart's rows
    };
    for (const Given& g :
         {Given{"month", "MONTH", "game next, Russian Portfolio: the next game-turn's month (oct41...)", nullptr},
          Given{"light", "LIGHT", "game next, Black Sea: the next turn's light: day, twilight, night",
                &core::k_black_sea_lights},
          Given{"weather", "WEATHER",
                "game next, Black Sea: the weather from the next turn: fair, mist, squall, storm, "
                "gale",
                &core::k_black_sea_weathers}}) {
        const std::string key = g.key;
        CLI::Option* option =
            sub->add_option_function<std::string>(
                   "--" + key, [opt, key](const std::string& v) { opt->given.emplace_back(key, v); }, g.help)
                ->type_name(g.type);
        if (g.values != nullptr) {
            ctx.offer(option, *g.values);
        } else {
            ctx.offer_rows(option, "russian-portfolio.weather");
        }
    }
    add_dice_options(*sub, opt->dice);
    sub->add_flag_callback(
        "--skip-due", [opt] { opt->given.emplace_back("skip_due", "true"); },
        "game next: pass what the rules make due before the step ends (a Great Battles morale check, 15.0); the "
        "journal keeps that it was passed");
    sub->add_flag_callback(
        "--end-phase", [opt] { opt->given.emplace_back("end_phase", "true"); },
        "game next, Constantinople: the players end the Naval Phase after this Impulse, by mutual agreement "
        "(fewer than five, 4.0 E, 13.1); the next phase's wind is rolled");
    sub->add_option("--reason", opt->reason, "game set: why, in the referee's words (the journal keeps it)")
        ->type_name("TEXT");
    sub->add_flag("--keep-edits", opt->keep_edits,
                  "game recover: journal the file's hand edits as changes of their own instead of undoing them");
    sub->footer("A game file (TOML) keeps every unit's status and the game's clock; FILE.journal keeps\n"
                "every change, with its rule, seed and dice, and is the record: a change is journalled\n"
                "before the file is written, and every use checks that the file is what the journal\n"
                "makes (a file left one change behind by a crash is brought up to it). Resolve with\n"
                "--game FILE --apply to write the result back; 'game undo' reverts the last change;\n"
                "'game rebuild' remakes the file from its scenario and journal and says whether it is\n"
                "the same, byte for byte; 'game recover' mends a file or journal that disagree: the\n"
                "file becomes what the journal makes (a hand-edited file kept as FILE.edited, a\n"
                "damaged journal's lines from the damage on kept in FILE.journal.cut), or with\n"
                "--keep-edits the file's hand edits are journalled as changes 'by hand'.\n"
                "Games: constantinople (naval phase, Impulse, wind; ships' sides, Damaged, Ineffective,\n"
                "pinned, sunk), great-battles (day, turn, dawn/turns/night; stands, suppressed, eliminated,\n"
                "gone to ground, stand: COVER[:TYPE]),\n"
                "russian-portfolio (game-turn, month, weather), black-sea (day, turn, light, weather),\n"
                "novorossiysk (day, phase, weather, floods; blocks' steps and the Dead Pool).\n"
                "Examples:\n"
                "  umpire game new constantinople siege.toml\n"
                "  umpire --game siege.toml --apply melee --attacker Galley-1 --defender Venice\n"
                "  umpire game status siege.toml\n"
                "  umpire game sequence siege.toml      # the steps of play, and the one the game is at\n"
                "  umpire game next siege.toml          # the next step: the Combat Segment, the next Impulse\n"
                "  umpire game next day.toml --skip-due # Great Battles: the turn ends, a morale check passed\n"
                "  umpire game next siege.toml --end-phase   # Constantinople: fewer than five Impulses (13.1)\n"
                "  umpire game next barbarossa.toml --month jul41   # Russian Portfolio: the month moves on\n"
                "  umpire game undo siege.toml\n"
                "  umpire game redo siege.toml            # what undo took back, made again\n"
                "  umpire game rebuild siege.toml\n"
                "  umpire game recover siege.toml --keep-edits   # a status corrected by hand, kept\n"
                "  umpire game set siege.toml Genoa leader=Diedo --reason 'Diedo goes aboard'   # 15.26");
    sub->callback([opt, &ctx] {
        if (opt->action != "next" && (!opt->dice.rolls.empty() || opt->dice.odds || !opt->given.empty())) {
            throw usage_error(
                "--roll, --odds, --month, --light, --weather, --skip-due and --end-phase go with 'game next' only");
        }
        if (opt->action != "recover" && opt->keep_edits) {
            throw usage_error("--keep-edits goes with 'game recover' only");
        }
        if (opt->action != "set" && !opt->reason.empty()) {
            throw usage_error("--reason goes with 'game set' only");
        }
        if (opt->action != "new") {  // new makes its own file; $UMPIRE_GAME may name another
            ctx.require_named_game();
        }
        if (opt->action == "new") {
            run_new(*opt, ctx);
        } else if (opt->action == "status") {
            run_status(*opt, ctx);
        } else if (opt->action == "sequence") {
            run_sequence(*opt, ctx);
        } else if (opt->action == "next") {
            run_next(*opt, ctx);
        } else if (opt->action == "undo") {
            run_undo(*opt, ctx);
        } else if (opt->action == "redo") {
            run_redo(*opt, ctx);
        } else if (opt->action == "recover") {
            run_recover(*opt, ctx);
        } else if (opt->action == "set") {
            run_set(*opt, ctx);
        } else {
            run_rebuild(*opt, ctx);
        }
    });
}

}  // namespace umpire::cli
