#include "cli/context.h"

#include "cli/draw.h"
#include "format/picture.h"

#include "cli/game_store.h"
#include "games/great-battles/great_battles.h"

#include "cli/fields.h"
#include "core/checkpoint.h"
#include "format/json.h"
#include "load/catalog.h"
#include "load/loader.h"
#include "load/log.h"
#include "load/state.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <map>
#include <ostream>

namespace umpire::cli {

namespace {

// An environment variable's value, held to what every typed value is held to (check_values):
// printable text, so that no message carries its escapes or bidirectional controls raw.
const std::string& printable_env(const std::string& value, const char* name)
{
    if (const size_t at = find_control(value); at != std::string::npos) {
        throw usage_error(std::string("$") + name + ": '" + visible(value) + "' has a control character (character " +
                          std::to_string(at + 1) + "); only printable text is allowed");
    }
    if (const size_t at = find_not_utf8(value); at != std::string::npos) {
        throw usage_error(std::string("$") + name + ": '" + visible(value) + "' is not UTF-8 text (byte " +
                          std::to_string(at + 1) + "); only printable text is allowed");
    }
    return value;
}

}  // namespace

void Context::refuse_line_tables() const
{
    throw usage_error("--tables on a batch line: the batch reads its tables once; give --tables to 'umpire batch' "
                      "instead");
}

load::Catalog& Context::catalog()
{
    if (m_shared_catalog != nullptr) {
        if (!options.tables.empty()) {
            refuse_line_tables();
        }
        return *m_shared_catalog;
    }
    if (!m_catalog) {
        std::vector<std::string> dirs;
        if (!m_env.tables.empty()) {
            for (const auto& dir : split(printable_env(m_env.tables, "UMPIRE_TABLES"), ':')) {
                if (!dir.empty()) {
                    dirs.push_back(dir);
                }
            }
        }
        dirs.insert(dirs.end(), options.tables.begin(), options.tables.end());
        m_catalog = std::make_unique<load::Catalog>(dirs, m_env.user_tables, m_env.cache);
    }
    return *m_catalog;
}

void Context::begin_request()
{
    options = GlobalOptions{};
    for (const auto& reset : m_resets) {
        reset();
    }
    argv.clear();
    exit_code = 0;
    m_stream = nullptr;
    m_shared_catalog = nullptr;
    m_stateful = false;
    m_from_stream = false;
    m_own = nullptr;
    m_from_own = false;
    m_warned_once = nullptr;
    m_emitted = 0;
    m_repeatable.reset();
    m_field_flags.clear();
    m_last.reset();
    m_last_odds.reset();
    m_state_before.reset();
    m_game.reset();
    m_game_lock.reset();
    game_changes = nullptr;
    game_undoes.reset();
    by_hand = false;
    replay_state.reset();
    read_only = false;
    odds_unprinted = false;
    game_written.clear();
    state_written.clear();
    state_answer.clear();
    command_name.clear();
    command_game = {};
}

const core::Table& Context::table(std::string_view id) { return catalog().table(id); }

CLI::Option* Context::offer(CLI::Option* option, OptionValues values)
{
    m_offers.emplace_back(option, std::move(values));
    return option;
}

CLI::Option* Context::offer(CLI::Option* option, std::vector<std::string> values)
{
    return offer(option, [values = std::move(values)](Context&) { return values; });
}

CLI::Option* Context::choose(CLI::Option* option, std::vector<std::string> choices)
{
    option->transform(one_of(choices));
    return offer(option, std::move(choices));
}

CLI::Option* Context::offer_rows(CLI::Option* option, std::string id)
{
    return offer(option, [id = std::move(id)](Context& ctx) { return ctx.table(id).row_keys(); });
}

CLI::Option* Context::offer_columns(CLI::Option* option, std::string id)
{
    return offer(option, [id = std::move(id)](Context& ctx) { return ctx.table(id).columns; });
}

std::vector<std::string> Context::offered(const CLI::Option& option)
{
    for (const auto& [o, values] : m_offers) {
        if (o == &option) {
            try {
                return values(*this);
            } catch (const Error&) {
                return {};  // a table that cannot be read: nothing to offer
            }
        }
    }
    return {};
}

const core::Scenario& Context::scenario(std::string_view fallback)
{
    if (options.scenario.empty() && game() != nullptr && !m_game->scenario.empty()) {
        return catalog().scenario(m_game->scenario);
    }
    return catalog().scenario(options.scenario.empty() ? fallback : options.scenario);
}

std::string Context::game_path() const
{
    return options.game.empty() ? printable_env(m_env.game, "UMPIRE_GAME") : options.game;
}

const core::GameState* Context::game()
{
    const std::string path = game_path();
    if (path.empty()) {
        return nullptr;
    }
    m_stateful = true;  // the answer depends on the file, not only on the line
    if (!m_game) {
        if (replay_state) {
            // Replay: the game as the log kept it, not as the file is now.
            const core::TableOf tables = table_of();
            m_game = load::parse_game(*replay_state, path, &tables);
        } else if (read_only) {
            throw usage_error("{game} " + path +
                              ": the line keeps no game as it stood (state_before, or a "
                              "journal's lines before it), and replay and luck neither read nor write the file");
        } else {
            // Held to the end of the request: shared to read, exclusive to --apply.
            if (!m_game_lock) {
                require_game(path);
                m_game_lock.emplace(path, !options.apply);
            }
            OpenedGame opened = open_game(path, game_starter(*this), table_of(), options.apply);
            for (const auto& note : opened.notes) {
                if (!options.quiet) {
                    m_err << "umpire: " << note << "\n";
                }
            }
            m_game = std::move(opened.state);
            const core::GameRules* rules = core::find_game_rules(m_game->game);
            if (!command_game.empty() && command_game != "General" && rules->title != command_game) {
                throw usage_error("{game} " + path + " is a game of " + rules->title + "; " + command_name +
                                  " is a command of " + std::string(command_game) +
                                  " (game status says what the file holds)");
            }
            // The log keeps the text, so replay resolves against the same statuses.
            log_state_before(std::move(opened.text));
        }
    }
    return &*m_game;
}

std::string Context::read_state_before(const std::string& path, std::optional<load::StateLock>& lock)
{
    mark_stateful();  // the answer depends on the file, not only on the line
    if (replay_state) {
        return *replay_state;
    }
    if (read_only) {
        throw usage_error("--state " + path + ": replay and luck read only the state a log line kept");
    }
    try {
        lock.emplace(path);
        return load::read_state_text(path);
    } catch (const Error& e) {
        throw Error(e.code(), "{state} " + std::string(e.what()));
    }
}

// The audit log before a file is written (a game by --apply, a state by --state): a log
// that cannot take the line would otherwise be found only after the write, the answer
// then unprinted and its dice spent. NOT_DONE says what the refusal left undone.
void Context::require_log_before_write(const std::string& not_done) const
{
    if (options.log.empty() || read_only || replay_state) {
        return;
    }
    try {
        load::require_appendable(options.log);
    } catch (const Error& e) {
        throw Error(e.code(), "{log} " + std::string(e.what()) + "; " + not_done);
    }
}

void Context::apply_to_game(core::Resolution& r)
{
    const std::string path = game_path();
    if (path.empty()) {
        throw usage_error("--apply needs a game: give --game FILE (or set $UMPIRE_GAME)");
    }
    game();
    // A game whose start has changed (its scenario edited) is not changed further: the
    // resolution read the new scenario, and undo could never take the change back.
    if (!replay_state && !read_only) {
        if (const std::string why = start_changed(path, game_starter(*this)); !why.empty()) {
            throw data_error("refused, nothing applied to " + path + ": " + why);
        }
    }
    core::GameState g = *m_game;
    const core::GameRules* rules = core::find_game_rules(g.game);
    std::vector<core::Change> changes = game_changes ? game_changes(r) : rules->changes(g, r);
    if (changes.empty()) {
        // A check (bombard's Damaged or sunk, 15.73) names no unit: its result may be a
        // status the game keeps, but the game cannot tell whose.
        // A game that keeps no units (the Black Sea's, its clock only) has none to mark by hand:
        // 'game set FILE UNIT' could only be refused.
        const std::string by_hand =
            g.units.empty() ? "; this game keeps no units, only its clock: the result is the referee's to record"
                            : "; mark the unit it changes by hand: game set " + path + " UNIT KEY=VALUE --reason WHY";
        r.notes.push_back(r.command == "check"
                              ? "nothing applied to " + path + ": a check names no unit, so its result (" +
                                    r.result.code + ") is not written to the game" + by_hand
                              : "nothing to apply to " + path +
                                    ": this result changes no status the game keeps, or finds it so already");
        return;
    }
    core::apply_marked(g, changes);  // a key made is marked, for undo to take away again
    // The board's own limits before anything is written (DESIGN.md 12).
    const core::TableOf tables = table_of();
    if (auto problems = core::state_problems(g, &tables); !problems.empty()) {
        const core::StateProblem& p = problems.front();
        throw usage_error("refused, nothing applied to " + path + ": it would leave " + core::problem_place(p) +
                          " so: " + p.message);
    }
    // The audit log, before the game: a log that cannot take the line would be found only
    // after the change was made ("but the change was made").
    require_log_before_write("nothing applied to " + path);
    // What the referee does on the board, in words, before the result's own effects.
    std::vector<std::string> words;
    for (const auto& c : changes) {
        if (std::string w = rules->words ? rules->words(c) : ""; !w.empty()) {
            words.push_back(w + (c.rule.empty() ? "" : " (" + c.rule + ")"));
        }
        r.notes.push_back("applied to " + path + ": " + core::change_text(c));
        r.applied.push_back(c);
    }
    r.result.effects.insert(r.result.effects.begin(), words.begin(), words.end());
    // Replay works the changes out again and compares them; it writes nothing. The journal
    // keeps the resolution as it is printed, applied changes and all, so replay compares like
    // with like.
    if (!replay_state && !read_only) {
        std::vector<std::pair<std::string, std::string>> tables;
        for (const auto& id : r.tables) {
            tables.emplace_back(id, catalog().hash(id));
        }
        render_fields_in(r);
        note_charts(r);  // the journal keeps the answer as emit prints it
        write_game(path, g, [&](const std::string& after) {
            return load::journal_line(utc_now(), argv, r.seed.value_or(0), r.position, tables, changes, game_undoes,
                                      after, format::to_json(r));
        });
        game_written = path;
    }
    m_game = std::move(g);
}

Progress::Progress(std::ostream& err, bool terminal, std::string what)
    : m_err(err)
    , m_terminal(terminal)
    , m_what(std::move(what))
    , m_start(std::chrono::steady_clock::now())
    , m_shown(m_start)
{
}

Progress::~Progress()
{
    if (m_drawn) {
        m_err << "\r\033[K" << std::flush;  // the line erased: the answer follows on a clean screen
    }
}

volatile std::sig_atomic_t g_stop_requested = 0;

void Progress::update(std::uint64_t done, std::uint64_t total)
{
    if (g_stop_requested != 0) {
        throw usage_error(m_what + ": stopped by Ctrl-C after " + std::to_string(done));
    }
    draw([&] {
        std::string line = ": " + std::to_string(done);
        if (total > 0) {
            line += " of " + std::to_string(total) + " (" + std::to_string(done * 100 / total) + "%)";
        }
        return line;
    });
}

void Progress::tick()
{
    if (g_stop_requested != 0) {
        throw usage_error(m_what + ": stopped by Ctrl-C");
    }
    draw([] { return std::string(); });
}

void Progress::draw(const std::function<std::string()>& numbers)
{
    if (!m_terminal) {
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - m_start < std::chrono::seconds(1) || now - m_shown < std::chrono::milliseconds(200)) {
        return;
    }
    m_shown = now;
    m_drawn = true;
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now - m_start).count();
    // "\r" only as the erase begins (cli/terminal_guard.h lets no other carriage return by)
    m_err << "\r\033[Kumpire: " << m_what << numbers() << ", " << seconds << " s\033[K" << std::flush;
}

format::Style Context::style() const
{
    const bool colour = options.color == "always" ||
                        (options.color == "auto" && m_env.out_is_tty && !m_env.no_color && !m_env.dumb_terminal);
    const bool unicode = !options.ascii && m_env.out_is_tty && !m_env.dumb_terminal && m_env.utf8;
    return {colour, m_env.columns, unicode};
}

void Context::warn_provisional(const core::Resolution& r)
{
    // Text on a terminal says PROVISIONAL itself: one warning on the screen, not two.
    const bool quiet = m_warned_once != nullptr && m_warned_once->quiet ? *m_warned_once->quiet : options.quiet;
    if (!r.provisional || quiet || (!options.json && m_env.out_is_tty)) {
        return;
    }
    std::vector<std::string> notes;
    for (const auto& note : r.provisional_notes.empty() ? std::vector<std::string>{""} : r.provisional_notes) {
        if (m_warned_once == nullptr || !contains(m_warned_once->notes, note)) {
            notes.push_back(note);
        }
    }
    if (notes.empty()) {
        return;  // warned of earlier in this batch or shell
    }
    std::ostream& err = m_warned_once != nullptr && m_warned_once->err != nullptr ? *m_warned_once->err : m_err;
    err << "umpire: warning: provisional data, not the published chart: " << join(notes, "; ") << "\n";
    if (m_warned_once != nullptr) {
        m_warned_once->notes.insert(m_warned_once->notes.end(), notes.begin(), notes.end());
    }
}

void Context::render_fields_in(core::Resolution& r) const
{
    std::vector<std::vector<std::string>*> all{&r.steps, &r.notes, &r.result.effects};
    for (auto& o : r.results) {
        all.push_back(&o.effects);
    }
    for (auto* lines : all) {
        for (auto& line : *lines) {
            if (line.find('{') != std::string::npos) {
                line = render(line);
            }
        }
    }
}

void Context::note_charts(core::Resolution& r)
{
    // Whose chart each answer was read from, where it is not umpire's own; once, whether the
    // game's journal (apply) or the answer (emit) comes first.
    for (const auto& id : r.tables) {
        const load::TableInfo t = catalog().info(id);
        if (t.whose == load::k_embedded) {
            continue;
        }
        std::string note = "chart " + id + ": " +
                           (t.whose == load::k_yours ? "yours, " : "from --tables or $UMPIRE_TABLES, ") + t.origin +
                           (t.replaces_provisional ? " (in place of umpire's provisional stand-in)" : "");
        if (std::find(r.notes.begin(), r.notes.end(), note) == r.notes.end()) {
            r.notes.push_back(std::move(note));
        }
    }
}

void Context::require_named_game() const
{
    // A game file named (--game, $UMPIRE_GAME) that is not there is an error for every
    // answer, not only for those that read the game: the referee meant a game that is not
    // where they said, and the answer would be given as if no game were kept.
    if (const std::string path = game_path(); !path.empty() && !replay_state && !read_only) {
        require_game(path);
    }
}

void Context::require_command_of_game()
{
    // A command of one game on a game file of another is refused whether or not it reads the
    // file: crt answered on a Great Battles game with bare numbers, morale was refused on a
    // Russian Portfolio one. game() says so, as for a command that reads it.
    if (!command_game.empty() && command_game != "General" && !game_path().empty() && !replay_state && !read_only) {
        game();
    }
}

void Context::emit(core::Resolution r)
{
    render_fields_in(r);
    if (!r.seed) {
        if (!options.seed) {
            options.seed = core::fresh_seed();
        }
        r.seed = options.seed;
        r.position = options.position;
    }
    note_charts(r);
    warn_provisional(r);
    if (!options.log.empty() && !read_only) {
        write_log(r);
    }
    ++m_emitted;
    if (options.brief) {
        m_out << format::to_brief(r, style());
        if (r.seed && format::rolled_dice(r)) {
            // The headline has no room for the seed, yet the seed used is always reported:
            // on standard error, as roll -n gives it, -q or not (it is no warning).
            m_err << "umpire: seed " << format::seed_text(*r.seed, r.position) << "\n";
        }
    } else if (!options.json) {
        m_out << format::to_text(r, style());
    } else {
        format::JsonTemplate json = format::to_json_template(r);
        json.tail += '\n';
        m_out << json.fill(r.seed, r.position);
        if (in_batch() && (m_from_stream || m_from_own)) {
            m_repeatable = Repeatable{std::move(json), true};
        }
    }
    m_last = std::move(r);
}

std::optional<Repeatable> Context::repeatable() const
{
    if (m_emitted != 1 || m_stateful || !options.log.empty()) {
        return std::nullopt;
    }
    return m_repeatable;
}

void Context::write_log(const core::Resolution& r)
{
    std::vector<std::pair<std::string, std::string>> tables;
    for (const auto& id : r.tables) {
        tables.emplace_back(id, catalog().hash(id));
    }
    const std::string line =
        load::log_line(utc_now(), argv, *r.seed, r.position, tables, format::to_json(r), m_state_before);
    try {
        load::append_log_line(options.log, line);
    } catch (const Error& e) {
        throw Error(e.code(), "{log} " + std::string(e.what()));  // the audit log is named by its flag
    }
}

void Context::draw_odds(const core::OddsReport& report, const std::vector<std::pair<std::string, std::string>>& marks,
                        const std::vector<core::RollRecord>& rolls)
{
    if (const std::string why = format::too_large_to_draw({&report}); !why.empty()) {
        throw usage_error("--draw: " + why + "; --odds --json gives every chance");
    }
    draw(*this, report.sample.title, [&](format::JsonWriter& w) { format::odds_picture(w, report, marks, rolls); });
}

void Context::emit(core::OddsReport report)
{
    render_fields_in(report.sample);
    if (!options.draw.empty()) {
        draw_odds(report);
    }
    warn_provisional(report.sample);
    ++m_emitted;
    if (odds_unprinted) {
        m_last_odds = std::move(report);
        return;
    }
    if (options.brief) {
        m_out << format::to_brief(report);
        m_last_odds = std::move(report);
        return;
    }
    if (!options.json) {
        m_out << format::to_text(report, style());
        m_last_odds = std::move(report);
        return;
    }
    std::string text = format::to_json(report);
    text += '\n';
    m_out << text;
    if (in_batch()) {
        m_repeatable = Repeatable{{std::move(text), "", ""}, false};
    }
    m_last_odds = std::move(report);
}

void Context::adjudicate(const DiceOptions& dice, const core::Fields& inputs, const std::string& command,
                         const core::Adjudicator& adjudicate, const std::function<void()>& commit, const OddsBy& by)
{
    // A game ended by rule takes no more play, before any die is rolled (Russian Portfolio
    // IX.B.3: "the Axis Player immediately wins the game!").
    if (options.apply && !by_hand && !game_path().empty() && (replay_state || !read_only)) {
        const core::GameRules* rules = core::find_game_rules(game()->game);
        if (const std::string why = rules != nullptr && rules->over ? rules->over(*game()) : ""; !why.empty()) {
            throw usage_error(command + ": refused, nothing applied to " + game_path() + ": the game has ended, " +
                              why + "; 'game undo' takes back the change that ended it, if it was made in error");
        }
    }
    const std::vector<core::OddsPart>& parts = by.parts;
    auto with_inputs = [&](const core::Adjudicator& run) {
        return [&](core::Dice& d) {
            core::Resolution r = run(d);
            r.inputs.insert(r.inputs.begin(), inputs.begin(), inputs.end());
            return r;
        };
    };
    // The odds with GIVEN dice fixed, as --odds prints them (and --draw draws them).
    const auto odds_given = [&](const std::vector<int>& given) {
        Progress progress(m_err, m_env.shows_progress(), "--odds, branches walked");
        // a count that walks no branches (1000d10's totals, a keep of nine d1000s) shows it
        // is at work, and stops at the shell's Ctrl-C, at core::checkpoint()
        Progress counting(m_err, m_env.shows_progress(), "--odds, counting exactly");
        const core::CheckpointHook hook([&] { counting.tick(); });
        const auto odds_of = [&](const core::Adjudicator& run) {
            return core::compute_odds(with_inputs(run), given, core::OddsWalk::merged,
                                      [&](std::uint64_t walked) { progress.update(walked); });
        };
        core::OddsReport report;
        std::optional<core::OddsReport> own;
        if (by.own && given.empty()) {
            own = by.own(with_inputs(adjudicate));
        }
        if (own) {
            report = std::move(*own);
        } else if (parts.size() > 1 && given.empty()) {
            std::vector<core::OddsReport> each;
            std::map<std::string, size_t> walked;  // a part's ALIKE: the first part walked of it
            for (const auto& part : parts) {
                const auto first = part.alike.empty() ? walked.end() : walked.find(part.alike);
                if (first != walked.end()) {
                    each.push_back(core::relabelled(each[first->second], parts[first->second].label, part.label));
                    continue;
                }
                if (!part.alike.empty()) {
                    walked[part.alike] = each.size();
                }
                each.push_back(odds_of(part.adjudicate));
            }
            report = by.how == core::PartsAre::summed ? core::sum_odds(std::move(each))
                                                      : core::apart_odds(with_inputs(adjudicate), std::move(each));
        } else {
            report = odds_of(adjudicate);
        }
        std::vector<const core::Table*> read;
        for (const auto& id : report.sample.tables) {
            read.push_back(&table(id));
        }
        core::arrange_odds(report, read);
        return report;
    };
    if (dice.odds) {
        if (options.apply) {
            // it printed the odds, applied nothing and said nothing of it
            throw usage_error("--apply with --odds: the odds roll no die, so there is nothing to apply; give "
                              "--apply or --odds, not both");
        }
        emit(odds_given(dice.rolls));
        return;
    }
    // A line of a batch without its own --seed draws from the batch's stream.
    if (in_batch() && !options.seed && options.position != 0) {
        throw usage_error("--position on a batch line needs the line's own --seed: without one the line "
                          "draws from the batch's stream, at the batch's position");
    }
    std::optional<core::RandomSource> local;
    core::DiceSource* source = m_stream;
    std::uint32_t seed = m_stream_seed;
    std::uint64_t position = m_stream_position;
    m_from_stream = true;
    if (options.seed || m_stream == nullptr) {
        if (!options.seed) {
            options.seed = core::fresh_seed();
        }
        if (m_own != nullptr && *options.seed == m_own_seed && options.position == m_own_position) {
            source = m_own;
            m_from_own = true;
        } else {
            local.emplace(*options.seed, options.position);
            source = &*local;
        }
        seed = *options.seed;
        position = options.position;
        m_from_stream = false;
    }
    core::Dice d(*source, dice.rolls);
    core::Resolution r = with_inputs(adjudicate)(d);
    d.check_all_given_used(command);
    if (!options.draw.empty()) {
        // The roll marked on the odds of every roll, drawn before anything is kept or
        // printed: a picture that cannot be written leaves no resolution behind.
        auto report = odds_given({});
        render_fields_in(report.sample);
        draw_odds(report, core::reported(r), r.rolls);
    }
    if (commit) {
        // The audit log first, as for --apply: a state saved and then a log that cannot take
        // the line was exit 74 with the answer unprinted, the weather or cards spent unseen.
        require_log_before_write("nothing saved");
        commit();
        if (!state_written.empty()) {
            state_answer = r.result.code + (r.result.name.empty() ? "" : " " + r.result.name);
        }
    }
    r.seed = seed;
    r.position = position;
    if (options.apply) {
        apply_to_game(r);
    }
    emit(std::move(r));
}

CLI::Validator one_of(std::vector<std::string> choices)
{
    return CLI::Validator(
        [choices](std::string& value) -> std::string {
            // Any case, as the choices read from a table's rows are taken (--quality AVERAGE):
            // 'Heavy' is heavy, 'De' is DE, when it names one choice only.
            if (std::string spelled = spelled_in(choices, value); !spelled.empty()) {
                value = std::move(spelled);
                return "";
            }
            return "'" + value + "' is not one of " + join(choices, ", ") + suggestion(value, choices);
        },
        "", "one of");
}

void add_dice_options(CLI::App& app, DiceOptions& options)
{
    app.add_option("--roll", options.rolls,
                   "A die rolled by hand, in the order the procedure asks (repeatable, "
                   "or N,N); the rest are rolled")
        ->allow_extra_args(false)
        ->delimiter(',')
        ->type_name("N");
    app.add_flag("--odds", options.odds, "Exact probability of every outcome instead of one resolution");
}

void Context::flush_out()
{
    m_out.flush();
    if (!m_out) {
        throw io_error(std::string("cannot write standard output: ") + std::strerror(errno != 0 ? errno : EIO));
    }
}

std::string Context::render(std::string_view message) const { return render_fields(message, argv, m_field_flags); }

const core::Unit& find_unit(std::string_view flag, std::string_view name, std::string_view fallback, Context& ctx)
{
    const core::Scenario& s = ctx.scenario(fallback);
    const core::Unit* unit = s.find_unit(name);
    if (unit == nullptr && ctx.game() != nullptr && ctx.game()->find_unit(name) != nullptr) {
        // The game has it and its scenario, read again for the units' factors, does not.
        throw data_error(std::string(flag) + ": " + std::string(name) + " is in the game (" + ctx.game_path() +
                         ") but not in its scenario " + s.id + ", whose units give the factors: the scenario was " +
                         "changed since 'game new'; put the unit back in it (units: " + join(s.unit_names(), ", ") +
                         ")");
    }
    if (unit == nullptr) {
        throw usage_error(std::string(flag) + ": no unit '" + std::string(name) + "' in scenario " + s.id +
                          suggestion(name, s.unit_names()) + "; units: " + join(s.unit_names(), ", "));
    }
    return *unit;
}

std::string find_side(std::string_view flag, std::string_view side, std::string_view fallback, Context& ctx)
{
    std::string name = flag_value(flag, core::parse_deck_side(to_lower(side)));  // "German" is german
    if (ctx.options.scenario.empty() && ctx.game() == nullptr) {
        return name;  // no scenario named: any side the referee's game has
    }
    const core::Scenario& s = ctx.scenario(fallback);
    if (!s.sides.empty() && !contains(s.sides, name)) {
        throw usage_error(std::string(flag) + " " + name + ": no such side in scenario " + s.id +
                          suggestion(name, s.sides) + "; sides: " + join(s.sides, ", "));
    }
    return name;
}

int count_in_game(std::string_view flag, const std::optional<int>& given, int in_game, std::string_view unit,
                  std::string_view what, const Context& ctx)
{
    if (given && *given != in_game) {
        throw usage_error(std::string(flag) + " " + std::to_string(*given) + ", but the game (" + ctx.game_path() +
                          ") has " + std::string(unit) + " with " + std::to_string(in_game) + " " + std::string(what) +
                          ": leave " + std::string(flag) +
                          " off to use the game's count, or set the game right first (game undo, game recover "
                          "--keep-edits)");
    }
    return in_game;
}

void contradicts_game(std::string_view flag, std::string_view given, std::string_view kept, std::string_view when,
                      const Context& ctx, std::string_view hint)
{
    throw usage_error(std::string(flag) + " " + std::string(given) + ", but the game (" + ctx.game_path() + ") has " +
                      std::string(kept) + " " + std::string(when) + ": leave " + std::string(flag) +
                      " off to use the game's" + (hint.empty() ? "" : " (" + std::string(hint) + ")"));
}

void hold_read_to_game(const core::Table& table, const core::LookupRequest& request, Context& ctx)
{
    // replay and luck without the game as it stood: a line from before check read the game
    if (ctx.game_path().empty() || (ctx.read_only && !ctx.replay_state)) {
        return;
    }
    const core::GameState& g = *ctx.game();
    const core::GameRules* rules = core::find_game_rules(g.game);
    if (rules == nullptr || !rules->read) {
        return;
    }
    if (const std::string why = rules->read(g, table, request); !why.empty()) {
        throw usage_error(why + " (the game in " + ctx.game_path() + ")");
    }
}

void answer_read_in_game(const core::Table& table, core::Resolution& answer, Context& ctx)
{
    // as hold_read_to_game: replay and luck without the game as it stood add nothing
    if (ctx.game_path().empty() || (ctx.read_only && !ctx.replay_state)) {
        return;
    }
    const core::GameState& g = *ctx.game();
    if (const core::GameRules* rules = core::find_game_rules(g.game); rules != nullptr && rules->answer) {
        rules->answer(g, ctx.table_of(), table, answer);
    }
}

}  // namespace umpire::cli
