// umpire seed commit | verify: seed commitment for contested games.
#include "cli/commands.h"
#include "format/json.h"
#include "util/error.h"
#include "util/sha256.h"
#include "util/text.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <random>

namespace umpire::cli {

struct SeedOptions {
    std::string action;
    std::optional<std::uint32_t> seed;
    std::string nonce;
    std::string commitment;
    std::vector<std::string> contributions;  // combine: NONCE:COMMITMENT, one per player
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

// TEXT as lower-case hex of exactly DIGITS digits, or a usage Error naming FLAG.
std::string hex_value(const std::string& flag, const std::string& text, size_t digits)
{
    const std::string lower = to_lower(text);
    if (lower.size() != digits || lower.find_first_not_of("0123456789abcdef") != std::string::npos) {
        throw usage_error(flag + " '" + text + "': " + std::to_string(digits) +
                          " hexadecimal digits expected (either case)");
    }
    return lower;
}

// A player's contribution to a shared seed: the hash published before play.
std::string contribution_commitment(const std::string& nonce) { return sha256_hex("umpire-contribution:" + nonce); }

// The seed every player's revealed nonce makes together: SHA-256 of them all, sorted so
// the order they are given in does not matter; its first 32 bits.
std::uint32_t combined_seed(std::vector<std::string> nonces)
{
    std::sort(nonces.begin(), nonces.end());
    const std::string digest = sha256_hex("umpire-seed-from:" + join(nonces, ":"));
    return static_cast<std::uint32_t>(std::stoul(digest.substr(0, 8), nullptr, 16));
}

void contribute(Context& ctx)
{
    const std::string nonce = fresh_nonce();
    const std::string commitment = contribution_commitment(nonce);
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("seed contribute").key("commitment").value(commitment);
        w.key("nonce").value(nonce).end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    ctx.out() << "1. publish now:  " << commitment << "\n"
              << "2. when every player has published, reveal:  " << nonce << "\n"
              << "3. anyone then derives the seed:  umpire seed combine --contribution NONCE:COMMITMENT "
                 "(one per player)\n";
}

void combine(const SeedOptions& opt, Context& ctx)
{
    if (opt.contributions.size() < 2) {
        throw usage_error("--contribution: give one NONCE:COMMITMENT per player, at least two");
    }
    std::vector<std::string> nonces;
    for (const auto& c : opt.contributions) {
        const size_t colon = c.find(':');
        if (colon == std::string::npos) {
            throw usage_error("--contribution '" + c + "': write NONCE:COMMITMENT");
        }
        const std::string nonce = hex_value("--contribution", c.substr(0, colon), 32);
        const std::string commitment = hex_value("--contribution", c.substr(colon + 1), 64);
        if (contribution_commitment(nonce) != commitment) {
            throw data_error("--contribution " + c.substr(0, colon) +
                             ": this nonce does not match its published commitment; the player changed it");
        }
        if (std::find(nonces.begin(), nonces.end(), nonce) != nonces.end()) {
            throw usage_error("--contribution " + nonce + ": given twice");
        }
        nonces.push_back(nonce);
    }
    const std::uint32_t seed = combined_seed(nonces);
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("seed combine").key("seed").value(static_cast<long long>(seed));
        w.key("players").value(static_cast<long long>(nonces.size())).end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    ctx.out() << "every contribution matches its commitment; the seed of " << nonces.size() << " players:  " << seed
              << "\nplay with:  umpire --seed " << seed << " ...\n";
}

}  // namespace

void run_seed(const SeedOptions& opt, Context& ctx)
{
    if (opt.action != "combine" && !opt.contributions.empty()) {
        throw usage_error("--contribution is for 'seed combine'");
    }
    if (opt.action == "contribute" || opt.action == "combine") {
        if (opt.seed || !opt.nonce.empty() || !opt.commitment.empty()) {
            throw usage_error("seed " + opt.action + " takes no --seed, --nonce or --commitment");
        }
        if (opt.action == "contribute") {
            contribute(ctx);
        } else {
            combine(opt, ctx);
        }
        return;
    }
    if (opt.action == "commit") {
        if (opt.seed || !opt.nonce.empty() || !opt.commitment.empty()) {
            throw usage_error("seed commit draws its own seed and nonce; it takes no --seed, --nonce or --commitment");
        }
        std::uint32_t seed = core::fresh_seed();
        std::string nonce = fresh_nonce();
        std::string commitment = sha256_hex(committed_text(seed, nonce));
        if (ctx.options.json) {
            format::JsonWriter w;
            w.begin_document().key("command").value("seed commit").key("commitment").value(commitment);
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
    const std::string nonce = hex_value("--nonce", opt.nonce, 32);
    const std::string commitment = hex_value("--commitment", opt.commitment, 64);
    bool ok = sha256_hex(committed_text(*opt.seed, nonce)) == commitment;
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("seed verify").key("matches").value(ok).end_object();
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
    sub->add_option("ACTION", opt->action, "commit, verify, contribute or combine")
        ->required()
        ->transform(one_of({"commit", "verify", "contribute", "combine"}));
    sub->add_option("--contribution", opt->contributions,
                    "combine: a player's revealed nonce and published commitment (repeatable, one per player)")
        ->allow_extra_args(false)
        ->type_name("NONCE:COMMITMENT");
    // The seed as commit draws it, 0 to 4294967295: past the int range the other N options
    // are held to (check_values), so its own check, as the global --seed's.
    sub->add_option_function<std::string>(
           "--seed",
           [opt](const std::string& text) {
               auto n = parse_decimal(text, 0, 4294967295LL);
               if (!n) {
                   throw usage_error("--seed: " + n.error());
               }
               opt->seed = static_cast<std::uint32_t>(*n);
           },
           "verify: the revealed seed, 0 to 4294967295")
        ->type_name("SEED");
    sub->add_option("--nonce", opt->nonce, "verify: the revealed nonce")->type_name("HEX");
    sub->add_option("--commitment", opt->commitment, "verify: the published commitment")->type_name("HEX");
    sub->footer("commit/verify: one party draws the seed and publishes SHA-256 of it with a 128-bit\n"
                "nonce; that party knows the seed, so it can preview every roll. contribute/combine:\n"
                "every player runs 'seed contribute' and publishes the commitment; once all have,\n"
                "each reveals the nonce, and 'seed combine' checks every nonce against its commitment\n"
                "and derives the seed from them all (SHA-256 of the sorted nonces, first 32 bits): no\n"
                "one can know or steer it while one player is honest. Nonces are 32 hex digits,\n"
                "commitments 64, in either case. verify exits 0 on a match, 65 otherwise; combine\n"
                "exits 65 when a nonce does not match its commitment.\n"
                "Examples:\n  umpire seed commit\n  umpire seed verify --seed 123 --nonce 0f... --commitment 9a...\n"
                "  umpire seed contribute\n"
                "  umpire seed combine --contribution NONCE1:COMMIT1 --contribution NONCE2:COMMIT2");
    sub->callback([opt, &ctx] { run_seed(*opt, ctx); });
}

}  // namespace umpire::cli
