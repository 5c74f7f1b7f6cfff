// umpire replay FILE: re-resolve every line of an audit log and report what no longer
// matches.
#include "cli/commands.h"
#include "cli/game_store.h"
#include "cli/run.h"
#include "format/json.h"
#include "load/log.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

namespace umpire::cli {

struct ReplayOptions {
    std::string file;
};

namespace {

bool has_option(const std::vector<std::string>& argv, std::initializer_list<std::string_view> names)
{
    return std::any_of(argv.begin(), argv.end(), [&](const std::string& a) {
        return std::any_of(names.begin(), names.end(), [&](std::string_view n) {
            // "-n5" too: a short option's value may follow it directly
            return names_option(a, n) || (n.size() == 2 && a.size() > 2 && a.starts_with(n));
        });
    });
}

// Where a journal line's CHANGES, what it did to the game, differ from APPLIED, what its
// resolution worked out again applies: "" when they agree. The chain and "after" cover the
// line as written, so a line whose changes were edited with its file and "after" to match
// passed everything but this (hunt58: 3 stands suppressed where the dice gave 2).
std::string changes_difference(const std::vector<core::Change>& changes, const std::vector<core::Change>& applied)
{
    const auto same = [](const core::Change& a, const core::Change& b) {
        return a.unit == b.unit && a.key == b.key && a.from == b.from && a.to == b.to && a.rule == b.rule;
    };
    for (size_t i = 0; i < std::max(changes.size(), applied.size()); ++i) {
        if (i < changes.size() && i < applied.size() && same(changes[i], applied[i])) {
            continue;
        }
        const auto said = [&](const std::vector<core::Change>& list) {
            return i < list.size() ? "'" + visible(core::change_text(list[i])) + "'" : std::string("nothing");
        };
        return "changes[" + std::to_string(i) + "]: the line made " + said(changes) + ", its resolution now makes " +
               said(applied) + " (the line's changes are not what its dice give)";
    }
    return "";
}

}  // namespace

std::string replay_refusal(const std::vector<std::string>& argv, bool has_state_before)
{
    std::string command;
    try {
        command = command_of(argv);
    } catch (const Error& e) {
        return e.what();
    }
    // Only the commands that resolve, named one by one: never one that runs others, writes
    // or removes files (table import, edit and reset; pbem key and trust), starts a program
    // or waits for a person. A log line is data, and may have been written by anyone.
    static constexpr std::array<std::string_view, 5> k_general_resolutions{"roll", "check", "resolve", "weather",
                                                                           "game"};
    const std::string_view group = command_group(command);
    const auto after = [&](std::string_view word) {
        const auto at = std::find(argv.begin(), argv.end(), word);
        return at != argv.end() && at + 1 < argv.end() ? *(at + 1) : std::string();
    };
    const bool resolves = !group.empty() && (group != "General" ||
                                             std::find(k_general_resolutions.begin(), k_general_resolutions.end(),
                                                       command) != k_general_resolutions.end() ||
                                             (command == "table" && after("table") == "lookup"));
    if (!resolves) {
        return "'" +
               (command.empty()      ? std::string("(no command)")
                : command == "table" ? "table " + after("table")
                                     : command) +
               "' is not a resolution; replay runs only the commands that resolve";
    }
    if (command == "game") {
        // game new, undo, redo, set, rebuild and recover create or rewrite the game's files (passed
        // over, see game_file_action); next, status and sequence run from the state the log kept
        // (state_before), as any --game line does.
        const auto at = std::find(argv.begin(), argv.end(), "game");
        const std::string action = at + 1 < argv.end() ? *(at + 1) : "";
        if (action != "next" && action != "status" && action != "sequence") {
            return "'game " + action + "' creates or rewrites a game's files; replay writes nothing";
        }
        if (!has_state_before) {
            return "a 'game " + action +
                   "' line without the state before it (state_before); replay neither reads "
                   "nor writes the file";
        }
    }
    if (command == "roll" && has_option(argv, {"-n", "--count"})) {
        return "roll -n prints totals, not a resolution, and is never logged";
    }
    if (has_option(argv, {"--state"}) && !has_state_before) {
        return "a --state line without the state before it (state_before); replay neither reads nor writes "
               "the file";
    }
    return "";
}

std::string game_file_action(const std::vector<std::string>& argv)
{
    std::string command;
    try {
        command = command_of(argv);
    } catch (const Error&) {
        return "";
    }
    const auto at = std::find(argv.begin(), argv.end(), "game");
    if (command != "game" || at == argv.end() || at + 1 == argv.end()) {
        return "";
    }
    const std::string& action = *(at + 1);
    return action == "new" || action == "undo" || action == "redo" || action == "set" || action == "rebuild" ||
                   action == "recover"
               ? "game " + action
               : "";
}

std::optional<std::string> JournalPlayback::state_before(const load::LogEntry& entry) const
{
    if (entry.state_before) {
        return entry.state_before;
    }
    if (m_game) {
        return load::game_text(*m_game);
    }
    return std::nullopt;
}

std::string JournalPlayback::played(const load::LogEntry& entry)
{
    try {
        if (game_file_action(entry.argv) == "game new") {
            const auto at = std::find(entry.argv.begin(), entry.argv.end(), "new");
            m_game = start_game(*(at + 1), m_ctx);  // game_file_action found "game new WHAT"
            return "";
        }
        if (m_game && !entry.changes.empty()) {
            for (const auto& c : entry.changes) {
                core::apply_change(*m_game, c);
            }
            if (std::string broken = limits_broken(*m_game, m_ctx.table_of()); !broken.empty()) {
                m_game.reset();
                return broken;
            }
        }
    } catch (const Error&) {
        m_game.reset();  // not a journal umpire wrote, or not from its start
    }
    return "";
}

std::ifstream open_log(const std::string& file, const std::string& command)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        throw not_found_error(command + ": '" + file + "' is not a log file" +
                              (std::filesystem::exists(file, ec) ? "" : ": no such file"));
    }
    std::ifstream in(file);
    if (!in) {
        throw not_found_error(command + ": cannot read '" + file + "'");
    }
    // A read that fails throws (exit 74) rather than ending the lines as the file's end
    // would: a log read short would be replayed as though it were whole.
    in.exceptions(std::ios::badbit);
    return in;
}

void run_replay(const ReplayOptions& opt, Context& ctx)
{
    std::ifstream in = open_log(opt.file, "replay");
    std::string line;
    size_t number = 0;
    size_t replayed = 0;
    size_t passed_over = 0;  // game new, undo, redo, set, rebuild and recover lines: they write files
    std::vector<std::pair<size_t, std::string>> differences;
    // What is said of the log but differs in no line: its CR LF line ends, read as the LF
    // lines umpire wrote (umpire(1), LOG: "rather than a broken chain"); exit 0 all the same.
    std::vector<std::pair<size_t, std::string>> warnings;
    load::LogChain chain;          // the chain link each line must carry
    JournalPlayback journal(ctx);  // a game journal's states, line by line
    while (std::getline(in, line)) {
        ++number;
        const std::string link = chain.next(line, number);
        if (chain.crlf_line == number) {
            warnings.emplace_back(number, load::LogChain::crlf_said(opt.file));
        }
        if (line.empty()) {
            differences.emplace_back(number, "an empty line; the log has none");
            continue;
        }
        auto entry = load::parse_log_line(line);
        if (!entry) {
            differences.emplace_back(number, "torn or not a log line (" + entry.error() + ")");
            continue;
        }
        if (std::string broken = load::chain_break(*entry, link, number); !broken.empty()) {
            differences.emplace_back(number, broken);
        }
        const std::optional<std::string> state_before = journal.state_before(*entry);
        if (std::string broken = journal.played(*entry); !broken.empty()) {
            differences.emplace_back(number, broken);  // as game status and rebuild refuse it
        }
        if (!game_file_action(entry->argv).empty()) {
            ++passed_over;
            continue;
        }
        if (std::string refused = replay_refusal(entry->argv, state_before.has_value()); !refused.empty()) {
            differences.emplace_back(number, "not replayed: " + refused);
            continue;
        }
        ++replayed;  // the lines run again, not those refused
        std::vector<std::string> args{
            "--json", "-q", "--seed", std::to_string(entry->seed), "--position", std::to_string(entry->position)};
        auto rest = without_replay_options(entry->argv);
        args.insert(args.end(), rest.begin(), rest.end());
        std::ostringstream out;
        std::ostringstream err;
        const RunResult now = run_prepared(args, out, err, ctx.env(), [&](Context& c) {
            c.share(&ctx.catalog(), nullptr, 0, 0);
            c.replay_state = state_before;  // the file is neither read nor written
            c.read_only = true;
        });
        std::string why;
        if (now.code != 0) {
            why = "now fails: " + now.error;
        } else if (!now.resolution) {
            why = "now resolves nothing";
        } else {
            why = load::resolution_difference(entry->resolution, format::to_json(*now.resolution));
            // A journal line (it says the file it left) is also what it changed: its changes
            // against those the resolution works out again, which its "applied" only repeats.
            if (!entry->after.empty()) {
                if (std::string changed = changes_difference(entry->changes, now.resolution->applied);
                    !changed.empty()) {
                    why += (why.empty() ? "" : "; ") + changed;
                }
            }
        }
        std::string tables;
        for (const auto& [id, hash] : entry->tables) {
            try {
                if (ctx.catalog().hash(id) != hash) {
                    tables += (tables.empty() ? "" : ", ") + id;
                }
            } catch (const Error&) {
                tables += (tables.empty() ? "" : ", ") + id + " (gone)";
            }
        }
        if (!tables.empty()) {
            why += (why.empty() ? "" : "; ") + std::string("table changed: ") + tables;
            if (const std::string dirs = logged_tables(entry->argv); !dirs.empty()) {
                why += " (the line read tables from --tables " + dirs + ": give replay the same --tables)";
            }
        }
        if (!why.empty()) {
            differences.emplace_back(number, why);
        }
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("replay").key("file").value(opt.file);
        w.key("replayed").value(static_cast<long long>(replayed));
        w.key("passed_over").value(static_cast<long long>(passed_over));
        w.key("differences").begin_array();
        for (const auto& [n, why] : differences) {
            w.begin_object().key("line").value(static_cast<long long>(n)).key("difference").value(why).end_object();
        }
        w.end_array().key("warnings").begin_array();
        for (const auto& [n, why] : warnings) {
            w.begin_object().key("line").value(static_cast<long long>(n)).key("warning").value(why).end_object();
        }
        w.end_array().end_object();
        ctx.out() << w.str() << "\n";
    } else {
        // Each difference on standard error as FILE:LINE: what, as a compiler reports; the
        // count on standard output. Warnings the same way, in line order with them (a line's
        // warning first), and not counted.
        std::vector<std::pair<size_t, std::string>> said = warnings;
        said.insert(said.end(), differences.begin(), differences.end());
        std::stable_sort(said.begin(), said.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [n, why] : said) {
            ctx.err() << opt.file << ":" << n << ": " << why << "\n";
        }
        ctx.out() << replayed << " resolution(s) replayed, " << differences.size() << " differ";
        if (passed_over > 0) {
            ctx.out() << ", " << passed_over
                      << " passed over (game new, undo, redo, set, rebuild and recover write files)";
        }
        ctx.out() << "\n";
    }
    ctx.exit_code = differences.empty() ? 0 : static_cast<int>(ExitCode::data);
}

void setup_replay(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ReplayOptions>();
    auto* sub = app.add_subcommand("replay", "Re-resolve every line of a --log file; report any that no longer "
                                             "match (changed table, different build)");
    sub->add_option("FILE", opt->file, "The audit log")->required();
    sub->footer("Each line is run again with its seed and position; its dice and result must match, and\n"
                "the tables it read must have the same SHA-256. Exit 0 when all match, 65 when any differ.\n"
                "Examples:\n  umpire --log game.jsonl melee --attacker 4 --defender 3\n  umpire replay game.jsonl");
    sub->callback([opt, &ctx] { run_replay(*opt, ctx); });
}

}  // namespace umpire::cli
