// umpire compare 'REQUEST' 'REQUEST'...: the exact odds of two or more alternatives side
// by side (issue 15). Each request is any adjudicating command as typed after 'umpire';
// it is run with --odds by the same parser and procedure as on its own, and its report
// laid beside the others'.
#include "cli/commands.h"
#include "cli/draw.h"
#include "cli/run.h"
#include "format/json.h"
#include "format/picture.h"
#include "format/text.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <ostream>
#include <sstream>

namespace umpire::cli {

struct CompareOptions {
    std::vector<std::string> requests;
};

// Most requests one comparison takes (documented in umpire(1)): the columns of a table a
// person reads.
inline constexpr size_t k_max_compared = 8;

core::OddsReport request_odds(const std::vector<std::string>& words, Context& ctx, const std::string& which)
{
    // What the requests share from the caller's global options: the tables, scenario and
    // game they read. Nothing is applied, logged or printed by them.
    std::vector<std::string> args{"-q"};
    for (const auto& dir : ctx.options.tables) {
        args.insert(args.end(), {"--tables", dir});
    }
    if (!ctx.options.scenario.empty()) {
        args.insert(args.end(), {"--scenario", ctx.options.scenario});
    }
    if (!ctx.options.game.empty()) {
        args.insert(args.end(), {"--game", ctx.options.game});
    }
    args.insert(args.end(), words.begin(), words.end());
    args.emplace_back("--odds");
    std::string command;
    try {
        command = command_of(args);
    } catch (const Error& e) {
        throw Error(e.code(), which + ": " + e.what());
    }
    if (command.empty() || command == "compare" || command == "plan" || command == "batch" || command == "shell") {
        throw usage_error(which + ": name an adjudicating command (melee, ram, crt, rally...)");
    }
    std::ostringstream out;
    std::ostringstream err;
    Runner runner(out, err, ctx.env(), command);
    RunResult result = runner.run(args, [](Context& c) { c.odds_unprinted = true; });
    if (result.code != 0) {
        throw Error(static_cast<ExitCode>(result.code), which + ": " + result.error);
    }
    if (!result.odds) {
        throw usage_error(which + ": " + command + " gives no odds to compare");
    }
    return std::move(*result.odds);
}

void run_compare(const CompareOptions& opt, Context& ctx)
{
    if (opt.requests.size() < 2 || opt.requests.size() > k_max_compared) {
        throw usage_error("compare: give 2 to " + std::to_string(k_max_compared) + " requests, each one quoted; got " +
                          std::to_string(opt.requests.size()));
    }
    std::vector<core::OddsReport> reports;
    for (size_t i = 0; i < opt.requests.size(); ++i) {
        const std::string letter(1, static_cast<char>('A' + i));
        const std::string& request = opt.requests[i];
        const std::string which = "compare: request " + letter + " ('" + request + "')";
        auto split = split_words(request);
        if (!split) {
            throw usage_error(which + ": " + split.error());
        }
        std::vector<std::string> words = *split;
        if (!words.empty() && words.front() == "umpire") {
            words.erase(words.begin());
        }
        for (const auto& w : words) {
            if (w == "--apply" || w == "--log" || w == "--json" || w == "--brief" || w == "--odds" || w == "--draw" ||
                w.starts_with("--log=") || w.starts_with("--draw=")) {
                throw usage_error(which + ": " + w + " has no place in a comparison (compare adds --odds itself)");
            }
        }
        reports.push_back(request_odds(words, ctx, which));
    }
    if (!ctx.options.draw.empty()) {
        draw_compared(ctx, opt.requests, reports, "compare");
    }
    ctx.out() << (ctx.options.json ? format::compare_json(opt.requests, reports) + "\n"
                                   : format::compare_text(opt.requests, reports, ctx.style()));
}

void draw_compared(Context& ctx, const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports,
                   const std::string& title)
{
    std::vector<const core::OddsReport*> all;
    for (const auto& report : reports) {
        all.push_back(&report);
    }
    if (const std::string why = format::too_large_to_draw(all); !why.empty()) {
        throw usage_error("--draw: " + why + "; --json gives every chance");
    }
    draw(ctx, title, [&](format::JsonWriter& w) { format::compare_picture(w, requests, reports); });
}

void setup_compare(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CompareOptions>();
    auto* sub = app.add_subcommand("compare", "The exact odds of two or more requests side by side");
    sub->add_option("REQUEST", opt->requests, "A command as typed after 'umpire', quoted: 2 to 8 of them")->required();
    sub->footer("Each request runs with --odds, by the same procedure as on its own; the table shows each\n"
                "value of each dimension and its chance under each request (A, B, ...), and the expected\n"
                "value of a count or total. --tables, --scenario and --game apply to every request.\n"
                "Examples:\n"
                "  umpire compare 'melee --attacker 4 --defender 5' 'melee --attacker 4 --attacker 3 --defender 5'\n"
                "  umpire compare 'crt --attack 6 --defense 3' 'crt --attack 9 --defense 3'\n"
                "  umpire --draw odds.svg compare 'crt --attack 6 --defense 3' 'crt --attack 9 --defense 3'\n"
                "  umpire --json compare 'rally --quality average --suppressed 4' 'rally --quality veterans "
                "--suppressed 4'");
    sub->callback([opt, &ctx] { run_compare(*opt, ctx); });
}

}  // namespace umpire::cli
