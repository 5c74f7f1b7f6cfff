// umpire luck LOG: after the game, were the dice kind? Each logged resolution is run
// again with --odds, as replay runs it (the game's state of then, the tables of now), and
// its result placed in that exact distribution (core/luck.h): totals per side and procedure,
// per side, and a test of the whole evening. Dice typed in by hand are kept apart.
#include "cli/commands.h"
#include "cli/run.h"
#include "core/game.h"
#include "core/luck.h"
#include "format/json.h"
#include "format/text.h"
#include "load/loader.h"
#include "load/log.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

namespace umpire::cli {

struct LuckOptions {
    std::string file;
};

namespace {

using core::Rational;

struct Read {
    std::string procedure;  // its procedure: the command ("melee", "check storm"), and what was counted
    std::string side;       // "" when no side is named
    bool given = false;
    core::Ranked ranked;
};

struct Skipped {
    size_t line = 0;
    std::string command;
    std::string why;
};

// Where the units a logged line names are looked up: the game the line was logged against
// (its state kept with it), its --scenario, the shipped scenario of the game of TABLE (the
// first table it read), then every shipped scenario.
std::vector<const core::Scenario*> scenarios_of(const std::vector<std::string>& argv, const std::string& table,
                                                const std::optional<std::string>& state_before, Context& ctx)
{
    std::vector<std::string> ids;
    if (state_before) {
        try {
            ids.push_back(load::parse_game(*state_before, "the logged game").scenario);
        } catch (const Error&) {
        }
    }
    for (size_t i = 0; i + 1 < argv.size(); ++i) {
        if (argv[i] == "--scenario") {
            ids.push_back(argv[i + 1]);
        }
    }
    if (const core::GameRules* rules = core::find_game_rules(table.substr(0, table.find('.')))) {
        ids.push_back(rules->scenario);
    }
    const auto shipped = ctx.catalog().scenario_names();
    ids.insert(ids.end(), shipped.begin(), shipped.end());
    std::vector<const core::Scenario*> out;
    for (const auto& id : ids) {
        try {
            out.push_back(&ctx.catalog().scenario(id));
        } catch (const Error&) {
        }
    }
    return out;
}

const core::Unit* find_named(const std::vector<const core::Scenario*>& scenarios, const std::string& spec,
                             const core::Scenario** in = nullptr)
{
    const std::string name = spec.substr(0, spec.find(':'));
    for (const auto* s : scenarios) {
        if (const core::Unit* unit = s->find_unit(name)) {
            if (in != nullptr) {
                *in = s;
            }
            return unit;
        }
    }
    return nullptr;
}

// The side whose roll a result was. A result on a TARGET unit of a game of two sides was
// rolled by the other side (melee's attack and each counterattack); else --side, else the
// side of the first unit named by the options that name the acting unit.
std::string rolling_side(const std::vector<std::string>& argv, const std::string& target,
                         const std::vector<const core::Scenario*>& scenarios)
{
    const core::Scenario* in = nullptr;
    if (const core::Unit* unit = target.empty() ? nullptr : find_named(scenarios, target, &in)) {
        if (in->sides.size() == 2) {
            return in->sides[0] == unit->side ? in->sides[1] : in->sides[0];
        }
    }
    static constexpr std::array<std::string_view, 6> k_acting{"--side", "--attacker", "--rammer",
                                                              "--ship", "--unit",     "--division"};
    for (const auto flag : k_acting) {
        for (size_t i = 0; i < argv.size(); ++i) {
            std::string value;
            if (argv[i] == flag && i + 1 < argv.size()) {
                value = argv[i + 1];
            } else if (argv[i].starts_with(std::string(flag) + "=")) {
                value = argv[i].substr(flag.size() + 1);
            } else {
                continue;
            }
            if (flag == "--side") {
                return to_lower(value);
            }
            if (const core::Unit* unit = find_named(scenarios, value)) {
                return unit->side;
            }
            break;  // given as a number: the next kind of option may name a unit
        }
    }
    return "";
}

// ARGV without its dice given by hand (--roll N, --roll=N): the distribution is of the dice
// as they could have fallen.
std::vector<std::string> without_given_dice(const std::vector<std::string>& argv)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--roll") {
            ++i;
        } else if (!argv[i].starts_with("--roll=")) {
            out.push_back(argv[i]);
        }
    }
    return out;
}

std::string signed_fixed(double v, int places)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.*f", places, v);
    return buffer;
}

std::string fixed(double v, int places)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", places, v);
    return buffer;
}

// What the whole-log test's P says.
std::string verdict(double p)
{
    return p < 0.01 ? "very unusual (p < 0.01)" : p < 0.05 ? "unusual (p < 0.05)" : "not unusual (p >= 0.05)";
}

struct Group {
    bool given = false;
    std::string side;
    std::string procedure;  // "" for a side's total over its procedures
    std::vector<const Read*> reads;
};

}  // namespace

void run_luck(const LuckOptions& opt, Context& ctx)
{
    std::ifstream in = open_log(opt.file, "luck");
    std::vector<Read> reads;
    std::vector<Skipped> skipped;
    std::vector<std::string> broken;  // where the log's chain does not hold
    std::string line;
    size_t number = 0;
    size_t entries = 0;  // lines that are log lines
    load::LogChain chain;
    JournalPlayback journal(ctx);  // a game journal's states, line by line
    while (std::getline(in, line)) {
        ++number;
        const std::string expected_link = chain.next(line, number);
        if (chain.crlf_line == number) {
            broken.push_back("line " + std::to_string(number) + ": " + load::LogChain::crlf_said(opt.file));
        }
        auto entry = load::parse_log_line(line);
        if (!entry) {
            skipped.push_back({number, "", "not a log line (" + entry.error() + ")"});
            continue;
        }
        ++entries;
        if (std::string why = load::chain_break(*entry, expected_link, number); !why.empty()) {
            broken.push_back("line " + std::to_string(number) + ": " + why);
        }
        std::string command;
        try {
            command = command_of(entry->argv);
        } catch (const Error&) {
        }
        const std::optional<std::string> state_before = journal.state_before(*entry);
        journal.played(*entry);
        if (std::string action = game_file_action(entry->argv); !action.empty()) {
            skipped.push_back({number, command, action + " rolls nothing and is not run again (it writes files)"});
            continue;
        }
        if (std::string refused = replay_refusal(entry->argv, state_before.has_value()); !refused.empty()) {
            skipped.push_back({number, command, refused});
            continue;
        }
        if (entry->dice_rolled + entry->dice_given == 0) {
            skipped.push_back({number, command, "no dice: nothing to be lucky in"});
            continue;
        }
        std::vector<std::string> args{"-q"};
        // Odds of the resolution made: the game as it stood then (replay_state), without --apply,
        // which wrote it then and which --odds refuses.
        const auto rest = without_given_dice(without_replay_options(entry->argv, true));
        args.insert(args.end(), rest.begin(), rest.end());
        args.emplace_back("--odds");
        std::ostringstream out;
        std::ostringstream err;
        const RunResult now = run_prepared(args, out, err, ctx.env(), [&](Context& c) {
            c.share(&ctx.catalog(), nullptr, 0, 0);
            c.replay_state = state_before;  // the game as it stood then; the file is not read
            c.read_only = true;
            c.odds_unprinted = true;
        });
        if (now.code != 0 || !now.odds) {
            const std::string dirs = logged_tables(entry->argv);
            skipped.push_back({number, command,
                               "its odds cannot be had now: " + now.error +
                                   (dirs.empty() ? ""
                                                 : " (the line read tables from --tables " + dirs +
                                                       ": give luck the same --tables)")});
            continue;
        }
        const auto scenarios =
            scenarios_of(entry->argv, entry->tables.empty() ? "" : entry->tables.front().first, state_before, ctx);
        Read r;
        // what was rolled for: the command, and a check's id ("check storm")
        r.procedure = command;
        if (command == "check") {
            const auto at = std::find(entry->argv.begin(), entry->argv.end(), "check");
            r.procedure += at + 1 < entry->argv.end() ? " " + *(at + 1) : "";
        }
        r.given = entry->dice_given > 0;
        // The main result, then each other result it reports with its own dice (melee
        // --exchange: the defender's counterattacks, rolled by the other side).
        Read main = r;
        std::string why;
        main.ranked = core::rank_result(*now.odds, entry->result_code, entry->result_fields, why);
        if (!why.empty()) {
            skipped.push_back({number, command, why});
            continue;
        }
        if (main.ranked.dimension != "result") {
            main.procedure += " (" + main.ranked.dimension.substr(main.ranked.dimension.find('.') + 1) + ")";
        }
        main.side = rolling_side(entry->argv, entry->result_target, scenarios);
        reads.push_back(std::move(main));
        for (const auto& other : entry->other_results) {
            Read o = r;
            std::string other_why;
            o.ranked = core::rank_dimension(*now.odds, other.label, other.code, other_why);
            if (!other_why.empty()) {
                skipped.push_back({number, command, other.label + ": " + other_why});
                continue;
            }
            o.side = rolling_side(entry->argv, other.target, scenarios);
            reads.push_back(std::move(o));
        }
    }

    if (number > 0 && entries == 0) {
        throw data_error("luck: '" + opt.file + "' holds no umpire log line (" + skipped.front().why +
                         " at line 1); write one with --log FILE");
    }
    // Per side and procedure; then per side, over the procedures whose results are ranked by
    // severity (a count of one procedure and a severity of another do not add).
    std::vector<Group> groups;
    auto group_of = [&](bool given, const std::string& side, const std::string& procedure) -> Group& {
        for (auto& g : groups) {
            if (g.given == given && g.side == side && g.procedure == procedure) {
                return g;
            }
        }
        groups.push_back({given, side, procedure, {}});
        return groups.back();
    };
    for (const auto& r : reads) {
        group_of(r.given, r.side, r.procedure).reads.push_back(&r);
    }
    for (const auto& r : reads) {
        if (r.ranked.by_severity) {
            group_of(r.given, r.side, "").reads.push_back(&r);
        }
    }
    // a side's total over one procedure only is that procedure's line again
    std::erase_if(groups, [&](const Group& g) {
        if (!g.procedure.empty()) {
            return false;
        }
        const std::string& first = g.reads.front()->procedure;
        return std::all_of(g.reads.begin(), g.reads.end(), [&](const Read* r) { return r->procedure == first; });
    });
    std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
        return std::tie(a.given, a.side) < std::tie(b.given, b.side);
    });
    auto ranked_of = [](const std::vector<const Read*>& rs) {
        std::vector<core::Ranked> out;
        for (const auto* r : rs) {
            out.push_back(r->ranked);
        }
        return out;
    };

    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("luck").key("log").value(opt.file);
        w.key("lines").value(static_cast<long long>(number)).key("ranked").value(static_cast<long long>(reads.size()));
        w.key("groups").begin_array();
        for (const auto& g : groups) {
            const core::TotalPlace place = core::place_total(ranked_of(g.reads));
            w.begin_object().key("dice").value(g.given ? "given" : "rolled").key("side").value(g.side);
            if (g.procedure.empty()) {
                w.key("procedure").null();
            } else {
                w.key("procedure").value(g.procedure);
            }
            w.key("order").value(g.reads.front()->ranked.by_severity ? "severity" : "number");
            w.key("results").value(static_cast<long long>(g.reads.size())).key("total").value(place.total);
            format::write_exact(w, "expected", core::Fraction{place.expected});
            format::write_chance(w, "below", core::Fraction{place.below});
            format::write_chance(w, "equal", core::Fraction{place.equal});
            format::write_chance(w, "above", core::Fraction{place.above});
            w.key("percentile").value(place.percentile()).key("exact").value(place.exact).end_object();
        }
        w.end_array().key("overall").begin_object();
        for (const bool given : {false, true}) {
            std::vector<const Read*> rs;
            for (const auto& r : reads) {
                if (r.given == given) {
                    rs.push_back(&r);
                }
            }
            const core::Unusual u = core::unusual(ranked_of(rs));
            w.key(given ? "given" : "rolled").begin_object().key("results").value(static_cast<long long>(rs.size()));
            w.key("varied").value(static_cast<long long>(u.counted));
            format::write_exact(w, "sum", core::Fraction{u.sum});
            format::write_exact(w, "mean", core::Fraction{u.mean});
            format::write_exact(w, "variance", core::Fraction{u.variance});
            w.key("z").value(u.z).key("p").value(u.p).key("unusual").value(u.p < 0.05).end_object();
        }
        w.end_object().key("not_ranked").begin_array();
        for (const auto& s : skipped) {
            w.begin_object().key("line").value(static_cast<long long>(s.line)).key("command").value(s.command);
            w.key("why").value(s.why).end_object();
        }
        w.end_array().key("chain").begin_array();
        for (const auto& b : broken) {
            w.value(b);
        }
        w.end_array().end_object();
        ctx.out() << w.str() << "\n";
        return;
    }

    std::string out = "Luck: " + opt.file + ", " + std::to_string(number) + " line" + (number == 1 ? "" : "s") + ", " +
                      std::to_string(reads.size()) + " result" + (reads.size() == 1 ? "" : "s") + " ranked\n";
    out += "  each result scored by its severity (none 0, light 1, heavy 2, severe 3) or its number; a total's\n"
           "  percentile is where it fell among every total the dice could have given (50: as expected,\n"
           "  higher: more severe or larger than expected)\n";
    if (reads.empty()) {
        out += "\nno result to rank: " + std::string(number == 0 ? "the log is empty" : "see below") + "\n";
    }
    bool approximate = false;
    for (const bool given : {false, true}) {
        std::vector<const Read*> rs;
        for (const auto& r : reads) {
            if (r.given == given) {
                rs.push_back(&r);
            }
        }
        if (rs.empty()) {
            continue;
        }
        out += std::string("\n") + (given ? "Dice typed in by hand" : "Dice rolled by umpire") + " (" +
               std::to_string(rs.size()) + " result" + (rs.size() == 1 ? "" : "s") + ")\n";
        out += "  side        procedure                    results  total  expected  P(<=)    P(>=)   percentile\n";
        for (const auto& g : groups) {
            if (g.given != given) {
                continue;
            }
            const core::TotalPlace place = core::place_total(ranked_of(g.reads));
            std::string row = "  ";
            row += format::pad(g.side.empty() ? "-" : g.side, 12);
            row += format::pad(g.procedure.empty() ? "(all, by severity)" : g.procedure, 28) + " ";
            row += format::pad(std::to_string(g.reads.size()), 9);
            row += format::pad(std::to_string(place.total), 7);
            row += format::pad(fixed(place.expected.convert_to<double>(), 2), 10);
            row += format::pad(format::percent(core::Fraction{place.below + place.equal}), 9);
            row += format::pad(format::percent(core::Fraction{place.above + place.equal}), 9);
            row += (place.exact ? "" : "~") + fixed(place.percentile(), 1);
            out += row + "\n";
            approximate = approximate || !place.exact;
        }
        const core::Unusual u = core::unusual(ranked_of(rs));
        if (u.counted == 0) {
            out += "  as a whole: no result could have gone another way\n";
        } else {
            out += "  as a whole: " + std::to_string(u.counted) + " result" + (u.counted == 1 ? "" : "s") +
                   " that could have gone more than one way; their mid-percentiles sum to " +
                   fixed(u.sum.convert_to<double>(), 2) + " against " + fixed(u.mean.convert_to<double>(), 1) +
                   " expected, z = " + signed_fixed(u.z, 2) + ", p = " + fixed(u.p, 3) + ": " + verdict(u.p) + "\n";
        }
    }
    if (approximate) {
        out += "\n~: too many possible totals to count exactly; the normal curve with the exact mean and variance\n";
    }
    if (!skipped.empty()) {
        out += "\nNot ranked\n";
        for (const auto& s : skipped) {
            out += "  line " + std::to_string(s.line) + (s.command.empty() ? "" : " (" + s.command + ")") + ": " +
                   s.why + "\n";
        }
    }
    for (const auto& b : broken) {
        out += "warning: " + b + "; umpire replay " + opt.file + " says more\n";
    }
    ctx.out() << out;
}

void setup_luck(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<LuckOptions>();
    auto* sub = app.add_subcommand("luck", "After the game: where an audit log's results fell in their exact odds, "
                                           "per side and procedure, and whether the dice as a whole were unusual");
    sub->add_option("LOG", opt->file, "An audit log written with --log")->required()->type_name("FILE");
    sub->footer("Every logged resolution is run again with --odds as replay runs it (the game as it stood,\n"
                "the tables of now). Its result is scored by severity, or by its number where the result is\n"
                "a count or total; results with no order (a wind's direction) are listed as not ranked.\n"
                "The side is --side, else that of the first unit named by --attacker, --rammer, --ship,\n"
                "--unit or --division. A line with any die typed in (--roll) counts among the dice typed in\n"
                "by hand, scored as if all its dice had been rolled.\n"
                "Examples:\n"
                "  umpire luck evening.log\n"
                "  umpire --json luck evening.log");
    sub->callback([opt, &ctx] { run_luck(*opt, ctx); });
}

}  // namespace umpire::cli
