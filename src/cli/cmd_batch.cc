// umpire batch: one request per standard-input line, one JSON line out per request.
#include "cli/commands.h"
#include "cli/run.h"
#include "format/json.h"
#include "util/error.h"
#include "util/text.h"

#include <istream>
#include <ostream>
#include <sstream>

namespace umpire::cli {

// Longest request line read (documented in umpire(1)).
inline constexpr size_t k_max_batch_line = 65536;

namespace {

// The message of a failed line: the first line of its stderr, without the prefix.
std::string first_error(const std::string& err)
{
    std::string line = err.substr(0, err.find('\n'));
    const std::string prefix = "umpire: error: ";
    return line.rfind(prefix, 0) == 0 ? line.substr(prefix.size()) : line;
}

std::string error_line(size_t number, std::string_view request, int code, std::string_view message)
{
    format::JsonWriter w;
    w.begin_object().key("line").value(static_cast<long long>(number)).key("request").value(request);
    w.key("error").begin_object().key("code").value(code).key("message").value(message).end_object();
    w.end_object();
    return w.str() + "\n";
}

} // namespace

void run_batch(Context& ctx)
{
    if (ctx.env().in == nullptr) {
        throw usage_error("batch: no standard input to read");
    }
    std::istream& in = *ctx.env().in;
    load::Catalog& catalog = ctx.catalog();
    const std::uint32_t seed = ctx.options.seed.value_or(core::fresh_seed());
    core::RandomSource stream(seed, ctx.options.position);
    std::vector<std::string> common{"--json", "-q"};
    if (!ctx.options.log.empty()) {
        common.insert(common.end(), {"--log", ctx.options.log});
    }
    int worst = 0;
    std::string line;
    size_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.size() > k_max_batch_line) {
            ctx.out() << error_line(number, line.substr(0, 80), 64,
                                    "line longer than " + std::to_string(k_max_batch_line) + " bytes");
            worst = std::max(worst, 64);
            continue;
        }
        auto words = split_words(line);
        if (!words) {
            ctx.out() << error_line(number, line, 64, words.error());
            worst = std::max(worst, 64);
            continue;
        }
        std::vector<std::string> request = *words;
        if (!request.empty() && request.front() == "umpire") {
            request.erase(request.begin());
        }
        if (request.empty() || request.front().rfind("#", 0) == 0) {
            continue;  // blank lines and comments are not requests
        }
        if (std::find(request.begin(), request.end(), "batch") != request.end() ||
            std::find(request.begin(), request.end(), "replay") != request.end()) {
            ctx.out() << error_line(number, line, 64, "batch and replay cannot run inside a batch");
            worst = std::max(worst, 64);
            continue;
        }
        std::vector<std::string> args = common;
        args.insert(args.end(), request.begin(), request.end());
        std::ostringstream out;
        std::ostringstream err;
        int code = run_prepared(args, out, err, ctx.env(), [&](Context& line_ctx) {
            line_ctx.share(&catalog, &stream, seed);
        });
        if (code == 0) {
            ctx.out() << out.str();
        } else {
            ctx.out() << error_line(number, line, code, first_error(err.str()));
        }
        worst = std::max(worst, code);
    }
    ctx.exit_code = worst;
}

void setup_batch(CLI::App& app, Context& ctx)
{
    auto* sub = app.add_subcommand("batch", "One request per standard-input line, one JSON line out per request");
    sub->footer("Each line is a command as typed after 'umpire' (a leading 'umpire' is allowed; blank\n"
                "lines and # comments are skipped). Lines without their own --seed draw from one stream\n"
                "seeded by the batch's --seed, so a seeded batch replays whole; each output line gives\n"
                "its seed and position. A bad line yields {\"line\": N, \"request\": ..., \"error\": {...}}\n"
                "and the batch goes on; the exit code is the worst line's. Tables are read once.\n"
                "Lines are limited to 65536 bytes.\n"
                "Examples:\n  printf 'melee --attacker 4 --defender 3\\nram --strength 2 --defense B\\n' | umpire --seed 7 batch\n"
                "  umpire --log game.jsonl batch < requests.txt");
    sub->callback([&ctx] { run_batch(ctx); });
}

} // namespace umpire::cli
