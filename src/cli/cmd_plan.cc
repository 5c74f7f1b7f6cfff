// umpire plan crt --attack N --defense N [crt options]: before a Russian Portfolio attack,
// the column it is read on now (after every shift the options make), how many more attack
// factors reach the next column and the one after, and the exact results at each (issue
// 15, first part). Each column's odds are crt's own --odds for that attack.
#include "cli/commands.h"
#include "cli/run.h"
#include "format/json.h"
#include "format/text.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace umpire::cli {

namespace {

// Most attack factors plan adds looking for a column (past 10:1 there is none).
inline constexpr long long k_max_plan_attack = 100000;

struct Column {
    long long attack = 0;
    std::string column;
    std::string request;
    core::OddsReport odds;
};

// crt ARGS with --attack ATTACK: its odds and the column it is read on.
Column crt_at(const std::vector<std::string>& args, size_t attack_at, long long attack, Context& ctx)
{
    std::vector<std::string> request = args;
    request[attack_at] = std::to_string(attack);
    request.insert(request.begin(), "crt");
    Column c;
    c.attack = attack;
    c.request = join(request, " ");
    c.odds = request_odds(request, ctx, "plan crt");
    for (const auto& f : c.odds.sample.result.fields) {
        if (f.key == "column") {
            c.column = std::get<std::string>(f.value);
        }
    }
    return c;
}

}  // namespace

void run_plan_crt(std::vector<std::string> args, Context& ctx)
{
    size_t attack_at = 0;
    long long attack = -1;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--attacker" || args[i].starts_with("--attacker=")) {
            throw usage_error("plan crt: give the attack as a total, --attack N (units with --attacker are not "
                              "planned yet)");
        }
        if (args[i] == "--odds" || args[i] == "--roll" || args[i].starts_with("--roll=")) {
            throw usage_error("plan crt: " + args[i] + " has no place in a plan (each column's odds are exact)");
        }
        if (args[i] == "--attack" && i + 1 < args.size()) {
            auto n = parse_int(args[i + 1], 1, k_max_plan_attack);
            if (!n) {
                throw usage_error("plan crt: --attack: " + n.error());
            }
            attack = *n;
            attack_at = i + 1;
        }
    }
    if (attack < 0) {
        throw usage_error("plan crt: give --attack N (and --defense N, and any crt option: --river, --dispersed...)");
    }
    std::vector<Column> columns{crt_at(args, attack_at, attack, ctx)};
    // More factors, one at a time, until the column moves twice, or the odds pass 10:1,
    // above which every attack is read as 10:1 (XIII.B.4) and shifts move it no more.
    long long last = k_max_plan_attack;
    for (const auto& f : columns.front().odds.sample.inputs) {
        if (const auto* defense = std::get_if<long long>(&f.value); f.key == "defense" && defense != nullptr) {
            last = std::min(last, 10 * *defense);
        }
    }
    for (long long more = attack + 1; more <= last && columns.size() < 3; ++more) {
        Column next = crt_at(args, attack_at, more, ctx);
        if (next.column != columns.back().column) {
            columns.push_back(std::move(next));
        }
    }
    std::vector<std::string> requests;
    std::vector<core::OddsReport> reports;
    for (const auto& c : columns) {
        requests.push_back(c.request);
        reports.push_back(c.odds);
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("plan crt").key("columns").begin_array();
        for (const auto& c : columns) {
            w.begin_object().key("attack").value(c.attack).key("added").value(c.attack - attack);
            w.key("column").value(c.column).end_object();
        }
        w.end_array();
        format::write_requests(w, requests, reports);
        w.end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    std::string out = "Plan: a Russian Portfolio attack (XIII.B-C)\n";
    out += "  now: attack " + std::to_string(attack) + " is read on " + columns.front().column + "\n";
    for (const auto& step : columns.front().odds.sample.steps) {
        if (!step.starts_with("d6 ")) {
            out += "    " + step + "\n";  // the ratio and each shift, not the die
        }
    }
    for (size_t i = 1; i < columns.size(); ++i) {
        const long long added = columns[i].attack - attack;
        out += "  +" + std::to_string(added) + " attack factor" + (added == 1 ? " (" : "s (") +
               std::to_string(columns[i].attack) + (added == 1 ? ") reaches " : ") reach ") + columns[i].column + "\n";
    }
    if (columns.size() < 3) {
        out += "  " + columns.back().column + " is the last column these options reach: above 10:1 odds are read as " +
               "10:1 (XIII.B.4)\n";
    }
    ctx.out() << out << format::compare_text(requests, reports);
}

void setup_crt(CLI::App& app, Context& ctx);

void setup_plan(CLI::App& app, Context& ctx)
{
    auto* sub = app.add_subcommand("plan", "Before a roll: the splits of a ship's strength ranked (plan melee); the "
                                           "column now and what more strength reaches (plan crt)");
    sub->require_subcommand(1);
    setup_plan_melee(*sub, ctx);
    // plan crt takes crt's own options, checked by crt's own parser; it plans instead of
    // resolving, from the words after "crt" as given.
    setup_crt(*sub, ctx);
    CLI::App* crt = sub->get_subcommand("crt");
    crt->description("Plan a Russian Portfolio attack: the column now, the attack that reaches the next two, and "
                     "the odds at each");
    crt->footer("Runs crt --odds at the attack given, then at each attack one factor more until the column\n"
                "moves twice (or reaches 10:1), and lays them side by side as compare does. Takes crt's\n"
                "options, but --attack as a total (not --attacker units), and no --roll or --odds.\n"
                "Examples:\n"
                "  umpire plan crt --attack 5 --defense 3\n"
                "  umpire plan crt --attack 8 --defense 3 --river all --side axis");
    crt->callback([&ctx] {
        const auto at = std::find(ctx.argv.begin(), ctx.argv.end(), "crt");
        run_plan_crt({at == ctx.argv.end() ? at : at + 1, ctx.argv.end()}, ctx);
    });
}

}  // namespace umpire::cli
