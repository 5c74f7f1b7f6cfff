// umpire seed commit | verify: seed commitment for contested games.
#include "cli/commands.h"
#include "format/json.h"
#include "util/error.h"
#include "util/sha256.h"
#include "util/text.h"

#include <cstdio>
#include <ostream>
#include <random>

namespace umpire::cli {

struct SeedOptions {
    std::string action;
    std::optional<std::uint32_t> seed;
    std::string nonce;
    std::string commitment;
};

namespace {

// The text hashed: the nonce keeps a 32-bit seed from being found by trying them all.
std::string committed_text(std::uint32_t seed, const std::string& nonce)
{
    return "umpire-seed:" + std::to_string(seed) + ":" + nonce;
}

std::string fresh_nonce()
{
    std::random_device device;
    std::string out;
    char buf[9];
    for (int i = 0; i < 4; ++i) {
        std::snprintf(buf, sizeof buf, "%08x", device());
        out += buf;
    }
    return out;
}

}  // namespace

void run_seed(const SeedOptions& opt, Context& ctx)
{
    if (opt.action == "commit") {
        if (opt.seed || !opt.nonce.empty() || !opt.commitment.empty()) {
            throw usage_error("seed commit draws its own seed and nonce; it takes no --seed, --nonce or --commitment");
        }
        std::uint32_t seed = core::fresh_seed();
        std::string nonce = fresh_nonce();
        std::string commitment = sha256_hex(committed_text(seed, nonce));
        if (ctx.options.json) {
            format::JsonWriter w;
            w.begin_object().key("command").value("seed commit").key("commitment").value(commitment);
            w.key("seed").value(static_cast<long long>(seed)).key("nonce").value(nonce).end_object();
            ctx.out() << w.str() << "\n";
        } else {
            ctx.out() << "publish before play:  " << commitment << "\n"
                      << "keep secret until after play:  seed " << seed << "  nonce " << nonce << "\n"
                      << "play with:  umpire --seed " << seed << " ...\n"
                      << "after play, anyone checks:  umpire seed verify --seed " << seed << " --nonce " << nonce
                      << " --commitment " << commitment << "\n";
        }
        return;
    }
    if (!opt.seed || opt.nonce.empty() || opt.commitment.empty()) {
        throw usage_error("seed verify needs --seed, --nonce and --commitment");
    }
    bool ok = sha256_hex(committed_text(*opt.seed, opt.nonce)) == to_lower(opt.commitment);
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_object().key("command").value("seed verify").key("matches").value(ok).end_object();
        ctx.out() << w.str() << "\n";
    } else {
        ctx.out() << (ok ? "the seed and nonce match the commitment\n"
                         : "the seed and nonce do NOT match the commitment\n");
    }
    ctx.exit_code = ok ? 0 : static_cast<int>(ExitCode::data);
}

void setup_seed(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<SeedOptions>();
    auto* sub = app.add_subcommand("seed", "Seed commitment for contested games: commit before play, verify after");
    sub->add_option("ACTION", opt->action, "commit or verify")->required()->check(one_of({"commit", "verify"}));
    sub->add_option("--seed", opt->seed, "verify: the revealed seed")->type_name("N");
    sub->add_option("--nonce", opt->nonce, "verify: the revealed nonce")->type_name("HEX");
    sub->add_option("--commitment", opt->commitment, "verify: the published commitment")->type_name("HEX");
    sub->footer("The commitment is SHA-256 of the seed with a 128-bit nonce, so the published hash\n"
                "gives the seed away to no one. Verify exits 0 on a match, 65 otherwise.\n"
                "Examples:\n  umpire seed commit\n  umpire seed verify --seed 123 --nonce 0f... --commitment 9a...");
    sub->callback([opt, &ctx] { run_seed(*opt, ctx); });
}

}  // namespace umpire::cli
