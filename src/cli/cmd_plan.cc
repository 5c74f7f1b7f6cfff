// umpire plan crt --attack N --defense N [crt options]: before a Russian Portfolio attack,
// the column it is read on now (after every shift the options make), how many more attack
// factors reach the next column and the one after, and the exact results at each (issue
// 15, first part). Each column's odds are crt's own --odds for that attack. plan resolve
// TABLE does the same for any combat table resolve reads (issue 25).
#include "cli/commands.h"
#include "cli/draw.h"
#include "cli/run.h"
#include "core/lookup.h"
#include "format/json.h"
#include "format/text.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace umpire::cli {

namespace {

// Most attack factors plan adds to --attacker units looking for a column (past 10:1 there
// is none); to an --attack N, as many as a strength may have (core::k_max_strength): a
// column no legal attack reaches is the last.
inline constexpr long long k_max_plan_attack = 100000;

struct Column {
    long long added = 0;              // attack factors added to the attack given
    std::optional<long long> attack;  // the total, when given as --attack
    std::string column;
    std::string request;
    core::OddsReport odds;
};

// What the plan adds to: the value of --attack (at ATTACK_AT in the words), or else the
// --attacker units, beside which an added unit of N factors goes; COMMAND the words before
// (crt, or resolve TABLE).
struct CrtAttack {
    std::vector<std::string> command;
    std::vector<std::string> args;
    std::optional<size_t> attack_at;
    long long attack = 0;
};

// crt ARGS with ADDED more attack factors: its odds and the column it is read on. With
// --attacker units the factors are one more unit, N:infantry, not across water (a unit's
// kind changes nothing in the attack but across water, X.B.4).
Column crt_at(const CrtAttack& a, long long added, Context& ctx)
{
    std::vector<std::string> request = a.args;
    Column c;
    c.added = added;
    if (a.attack_at) {
        c.attack = a.attack + added;
        request[*a.attack_at] = std::to_string(*c.attack);
    } else if (added > 0) {
        request.insert(request.end(), {"--attacker", std::to_string(added) + ":infantry"});
    }
    request.insert(request.begin(), a.command.begin(), a.command.end());
    c.request = join(request, " ");
    c.odds = request_odds(request, ctx, "plan " + a.command.front());
    for (const auto& f : c.odds.sample.result.fields) {
        if (f.key == "column") {
            c.column = std::get<std::string>(f.value);
        }
    }
    return c;
}

// The most factors a plan adds to A: to an --attack N, as many as a strength may have
// (core::k_max_strength); to --attacker units, k_max_plan_attack more.
long long most_added(const CrtAttack& a) { return a.attack_at ? core::k_max_strength - a.attack : k_max_plan_attack; }

// The fewest factors more than FROM's that read on another column, nullopt when none up to
// the most an attack may have (k_max_plan_attack more for units). The column never falls as
// the attack grows (XIII.B.3), so the search doubles the step until the column moves, then
// halves back to where it first does.
std::optional<Column> next_column(const CrtAttack& a, const Column& from, Context& ctx)
{
    const long long most = most_added(a);
    long long same = from.added;  // the most factors known to read on FROM's column
    long long step = 1;
    std::optional<Column> moved;
    while (!moved) {
        if (same >= most) {
            return std::nullopt;
        }
        Column c = crt_at(a, std::min(most, same + step), ctx);
        if (c.column != from.column) {
            moved = std::move(c);
        } else {
            same = c.added;
            step *= 2;
        }
    }
    while (moved->added - same > 1) {
        Column c = crt_at(a, same + (moved->added - same) / 2, ctx);
        if (c.column != from.column) {
            moved = std::move(c);
        } else {
            same = c.added;
        }
    }
    return moved;
}

// A's column as it stands. An attack refused below the lowest odds (XIII.B.4) is refused
// still, with the fewest more factors that make it allowed: what the player planning asks.
Column first_column(const CrtAttack& a, bool crt, Context& ctx)
{
    try {
        return crt_at(a, 0, ctx);
    } catch (const Error& e) {
        const std::string what = e.what();
        if (!crt || e.code() != ExitCode::usage || what.find("final odds below") == std::string::npos) {
            throw;
        }
        const auto allowed = [&](long long added) -> std::optional<Column> {
            try {
                return crt_at(a, added, ctx);
            } catch (const Error&) {
                return std::nullopt;
            }
        };
        const long long most = most_added(a);
        long long refused = 0;  // the most factors known to be refused
        long long step = 1;
        std::optional<Column> reached;
        while (!reached && refused < most) {
            const long long n = std::min(most, refused + step);
            reached = allowed(n);
            if (!reached) {
                refused = n;
                step *= 2;
            }
        }
        while (reached && reached->added - refused > 1) {
            const long long n = refused + (reached->added - refused) / 2;
            if (auto c = allowed(n)) {
                reached = std::move(c);
            } else {
                refused = n;
            }
        }
        if (!reached) {
            throw usage_error(what + "; no attack reaches 1:4 with up to " + std::to_string(most) + " more factors (" +
                              (a.attack_at ? "a strength is at most " + std::to_string(core::k_max_strength)
                                           : std::string("the most a plan adds to units")) +
                              ")");
        }
        throw usage_error(what + "; " + std::to_string(reached->added) + " more attack factor" +
                          (reached->added == 1 ? " reaches " : "s reach ") + reached->column + ": " + reached->request);
    }
}

}  // namespace

// plan COMMAND ARGS: crt's, or resolve's with COMMAND {"resolve", TABLE}.
void run_plan_columns(std::vector<std::string> command, std::vector<std::string> args, Context& ctx)
{
    CrtAttack a;
    a.command = std::move(command);
    const std::string plan = "plan " + a.command.front();
    const bool crt = a.command.front() == "crt";
    bool units = false;
    // --brief is umpire's (ctx.options.brief), read after the command too: the plan's
    // lines alone, never a word of each request compared (hunt48 F8).
    std::erase(args, std::string("--brief"));
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].starts_with("--attack=")) {
            const std::string value = args[i].substr(9);
            args[i] = "--attack";
            args.insert(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, value);
        }
        units = units || args[i] == "--attacker" || args[i].starts_with("--attacker=");
        if (args[i] == "--odds" || args[i] == "--roll" || args[i].starts_with("--roll=")) {
            throw usage_error(plan + ": " + args[i] + " has no place in a plan (each column's odds are exact)");
        }
        if (args[i] == "--attack" && i + 1 < args.size()) {
            auto n = parse_int(args[i + 1], 1, core::k_max_strength);
            if (!n) {
                throw usage_error(plan + ": --attack: " + n.error());
            }
            a.attack = *n;
            a.attack_at = i + 1;
        }
    }
    if (!a.attack_at && !units) {
        throw usage_error(crt ? "plan crt: give --attack N or --attacker units (and --defense N or --defender units, "
                                "and any crt option: --river, --dispersed...)"
                              : plan + " " + a.command.back() +
                                    ": give --attack N (and --defense N, and any --shift or --mod)");
    }
    if (!crt && units && !a.attack_at) {
        // resolve's --attacker names counters, whose factors it adds up: the plan adds to that
        // total, the counters' --attacker words replaced by --attack TOTAL.
        std::vector<std::string> request = args;
        request.insert(request.begin(), a.command.begin(), a.command.end());
        const core::OddsReport now = request_odds(request, ctx, plan);
        std::vector<std::string> kept;
        for (size_t i = 0; i < args.size(); ++i) {
            if (args[i] == "--attacker") {
                ++i;
            } else if (!args[i].starts_with("--attacker=")) {
                kept.push_back(args[i]);
            }
        }
        for (const auto& [key, value] : now.sample.inputs) {
            if (const auto* n = std::get_if<long long>(&value); key == "attack" && n != nullptr) {
                a.attack = *n;
            }
        }
        kept.insert(kept.end(), {"--attack", std::to_string(a.attack)});
        a.attack_at = kept.size() - 1;
        args = std::move(kept);
    }
    a.args = std::move(args);
    // More factors until the column moves twice; past 10:1 (XIII.B.4), or a table's last
    // column, it moves no more.
    std::vector<Column> columns{first_column(a, crt, ctx)};
    while (columns.size() < 3) {
        std::optional<Column> next = next_column(a, columns.back(), ctx);
        if (!next) {
            break;
        }
        columns.push_back(std::move(*next));
    }
    std::vector<std::string> requests;
    std::vector<core::OddsReport> reports;
    for (const auto& c : columns) {
        requests.push_back(c.request);
        reports.push_back(c.odds);
    }
    if (!ctx.options.draw.empty()) {
        draw_compared(ctx, requests, reports, plan);
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value(plan);
        if (!crt) {
            w.key("table").value(a.command.back());
        }
        w.key("columns").begin_array();
        for (const auto& c : columns) {
            w.begin_object().key("attack");
            if (c.attack) {
                w.value(*c.attack);
            } else {
                w.null();
            }
            w.key("added").value(c.added).key("column").value(c.column).end_object();
        }
        w.end_array();
        format::write_requests(w, requests, reports);
        w.end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    const core::OddsReport& now = columns.front().odds;
    std::string out = crt ? "Plan: a Russian Portfolio attack (XIII.B-C)\n"
                          : "Plan: an attack on " + a.command.back() + " (" + now.sample.title +
                                (now.sample.source.empty() ? "" : ", " + now.sample.source) + ")\n";
    out += "  now: " + (a.attack_at ? "attack " + std::to_string(a.attack) : std::string("the attack")) +
           " is read on " + columns.front().column + "\n";
    for (const auto& step : ctx.options.brief ? std::vector<std::string>{} : now.sample.steps) {
        if (!now.sample.rolls.empty() && step.starts_with(now.sample.rolls.front().die + " ")) {
            break;  // the ratio and each shift, not the die
        }
        out += "    " + step + "\n";
    }
    for (size_t i = 1; i < columns.size(); ++i) {
        const long long added = columns[i].added;
        out += "  +" + std::to_string(added) + " attack factor" + (added == 1 ? "" : "s") + " (" +
               (columns[i].attack ? std::to_string(*columns[i].attack)
                                  : "one more unit of " + std::to_string(added) + ", not across water") +
               (added == 1 ? ") reaches " : ") reach ") + columns[i].column + "\n";
    }
    if (columns.size() < 3) {
        out += "  " + columns.back().column + " is the last column these options reach" +
               (crt ? ": above 10:1 odds are read as 10:1 (XIII.B.4)\n" : "\n");
    }
    ctx.out() << out << (ctx.options.brief ? "" : format::compare_text(requests, reports, ctx.style()));
}

void setup_crt(CLI::App& app, Context& ctx);
void setup_resolve(CLI::App& app, Context& ctx);

void setup_plan(CLI::App& app, Context& ctx)
{
    auto* sub = app.add_subcommand("plan", "Before a roll: the splits of a ship's strength ranked (plan melee); the "
                                           "column now and what more strength reaches (plan crt, plan resolve)");
    sub->require_subcommand(1);
    sub->footer("Examples:\n"
                "  umpire plan melee --ship 8 --enemy 5 --enemy 3 --enemy 2\n"
                "  umpire plan crt --attack 5 --defense 3\n"
                "  umpire plan resolve homebrew.crt --attack 12 --defense 5 --shift river\n"
                "'umpire plan melee --help', 'umpire plan crt --help' and 'umpire plan resolve --help' say more.");
    setup_plan_melee(*sub, ctx);
    // plan crt takes crt's own options, checked by crt's own parser; it plans instead of
    // resolving, from the words after "crt" as given.
    setup_crt(*sub, ctx);
    CLI::App* crt = sub->get_subcommand("crt");
    crt->description("Plan a Russian Portfolio attack: the column now, the attack that reaches the next two, and "
                     "the odds at each");
    crt->footer("Runs crt --odds at the attack given, finds the fewest more attack factors that move the\n"
                "column, and again from there (up to 10:1), and lays the three side by side as compare\n"
                "does. Takes crt's options but --roll and --odds. With --attacker units, the factors added\n"
                "are one more unit, not across water.\n"
                "Examples:\n"
                "  umpire plan crt --attack 5 --defense 3\n"
                "  umpire plan crt --attack 8 --defense 3 --river all --side axis\n"
                "  umpire plan crt --attacker 6:army --attacker 4:infantry:lake --defender 3:front --terrain hills");
    crt->callback([&ctx] {
        const auto at = std::find(ctx.argv.begin(), ctx.argv.end(), "crt");
        run_plan_columns({"crt"}, {at == ctx.argv.end() ? at : at + 1, ctx.argv.end()}, ctx);
    });
    // plan resolve TABLE: the same for any combat table resolve reads, with resolve's options.
    setup_resolve(*sub, ctx);
    CLI::App* resolve = sub->get_subcommand("resolve");
    resolve->description("Plan an attack on any combat table (resolve's): the column now, the attack that reaches "
                         "the next two, and the odds at each");
    resolve->footer("Runs resolve TABLE --odds at the attack given, finds the fewest more attack points that\n"
                    "move the column, and again from there, and lays the three side by side as compare does.\n"
                    "Takes resolve's options but --roll and --odds; with --attacker counters, it adds to\n"
                    "their total.\n"
                    "Examples:\n"
                    "  umpire plan resolve russian-portfolio.crt --attack 5 --defense 3 --shift river\n"
                    "  umpire plan resolve constantinople.melee --attack 3 --defense 5");
    resolve->callback([&ctx, resolve] {
        const std::string table = resolve->get_option("TABLE")->as<std::string>();
        auto at = std::find(ctx.argv.begin(), ctx.argv.end(), "resolve");
        std::vector<std::string> args{at == ctx.argv.end() ? at : at + 1, ctx.argv.end()};
        if (auto t = std::find(args.begin(), args.end(), table); t != args.end()) {
            args.erase(t);  // TABLE goes before the options
        }
        run_plan_columns({"resolve", table}, std::move(args), ctx);
    });
}

}  // namespace umpire::cli
