// umpire pbem: play by e-mail, dice that neither side can bias or foresee (issue 27).
// The messages and their checks are load/exchange.h's; this file keeps the players'
// keys and secrets, each side's transcript, and runs the requests.
#include "cli/commands.h"
#include "cli/game_store.h"
#include "cli/run.h"
#include "format/json.h"
#include "load/catalog.h"
#include "load/exchange.h"
#include "load/state.h"
#include "util/error.h"
#include "util/sha256.h"
#include "util/sign.h"
#include "util/text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace umpire::cli {

struct PbemOptions {
    std::string action;
    std::vector<std::string> args;  // offer: the requests; trust, answer, reveal, settle, verify: a file
    std::string as;                 // --as: the player this side is
    std::string transcript;         // --transcript: this side's record of the game's exchanges
    std::string journal;            // verify --journal: a game's journal, each roll in it checked
};

namespace {

namespace fs = std::filesystem;
using load::Message;
using load::MessageKind;

// $XDG_DATA_HOME/umpire/pbem: keys/NAME.key (the player's own, mode 0600), keys/NAME.pub
// (every player's public key), secrets/COMMITMENT (an offer's secret until its reveal).
std::string data_dir()
{
    const std::string base = xdg_dir("XDG_DATA_HOME", ".local/share");
    if (base.empty()) {
        throw usage_error("pbem: no place for keys: set HOME or XDG_DATA_HOME");
    }
    return base + "/pbem";
}

// DIR made with its parents, none readable by others.
void make_private_dir(const std::string& dir)
{
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || ::chmod(dir.c_str(), 0700) != 0) {
        throw io_error(dir + ": cannot make the folder: " + (ec ? ec.message() : std::string("chmod failed")));
    }
}

// The most a mail, key or transcript file may hold: a game's exchanges are a few
// kilobytes each.
constexpr std::uintmax_t k_max_pbem_bytes = 16 << 20;

// PATH's text: a regular file of at most k_max_pbem_bytes.
std::string read_file(const std::string& path)
{
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        throw not_found_error(visible(path) + ": cannot be read");
    }
    if (!fs::is_regular_file(status)) {
        // 66 as replay and luck say of a log that is no file: the file named is not there to read
        throw not_found_error(visible(path) + ": " + load::file_kind(status) +
                              ", not a regular file: a mail, key or transcript is a file");
    }
    if (const std::uintmax_t size = fs::file_size(path, ec); !ec && size > k_max_pbem_bytes) {
        throw data_error(visible(path) + ": more than " + std::to_string(k_max_pbem_bytes) +
                         " bytes; a mail, key or transcript is far less");
    }
    return load::read_file(path);
}

// Standard input's text, for pbem ACTION; a batch's standard input is its lines.
std::string read_input(Context& ctx, const std::string& action)
{
    if (ctx.env().in == nullptr || ctx.in_batch()) {
        throw usage_error("pbem " + action + ": no standard input to read the mail from" +
                          (ctx.in_batch() ? " in a batch: give the mail's file" : ""));
    }
    return load::read_input(*ctx.env().in, k_max_pbem_bytes,
                            "standard input: more than " + std::to_string(k_max_pbem_bytes) +
                                " bytes; a mail, key or transcript is far less");
}

// A key or secret file's one line, without its line end.
std::string trim(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
        text.pop_back();
    }
    return text;
}

// TEXT written to PATH by a temporary file renamed over it, with MODE: made with it (a
// secret key is never another's to read on its way in), then set whatever the umask.
void write_file(const std::string& path, const std::string& text, mode_t mode)
{
    load::write_state_text(path, text, mode);
    if (::chmod(path.c_str(), mode) != 0) {
        throw io_error(path + ": cannot set its permissions");
    }
}

std::string player_of(const std::string& name, const std::string& flag)
{
    if (name.empty()) {
        throw usage_error(flag + ": name the player this side is (1 to 32 of a-z, 0-9, - and _)");
    }
    if (!load::valid_player(name)) {
        throw usage_error(flag + " '" + visible(name.substr(0, 64)) +
                          "': a player's name is 1 to 32 of a-z, 0-9, - and _");
    }
    return name;
}

std::string own_secret_key(const std::string& name)
{
    const std::string path = data_dir() + "/keys/" + name + ".key";
    if (!fs::exists(path)) {
        throw not_found_error("--as " + name + ": no key of yours by that name in " + data_dir() +
                              "/keys; make one with: umpire pbem key --as " + name);
    }
    const std::string key = trim(read_file(path));
    if (!is_hex(key, 128)) {
        throw data_error(path + ": not a key (128 hexadecimal digits)");
    }
    return key;
}

// Every player's public key known here, by name.
std::map<std::string, std::string> known_keys()
{
    std::map<std::string, std::string> out;
    const std::string dir = data_dir() + "/keys";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const fs::path p = entry.path();
        if (p.extension() == ".pub" && load::valid_player(p.stem().string())) {
            const std::string key = trim(read_file(p.string()));
            if (is_hex(key, 64)) {
                out[p.stem().string()] = key;
            }
        }
    }
    return out;
}

// Why a request of WORDS may not be offered, "" when it may: it is one line of printable
// text, and rolls no die of the asker's choosing nor reads or writes a file of either side.
std::string request_refusal(const std::vector<std::string>& words)
{
    // Every flag of umpire and of its commands whose value names a file or a directory
    // (--draw, --tables, --scenario, weather's --state...), from the options' own types:
    // a --draw in an offer had the other side's settle write a picture over a file of the
    // asker's choosing, and a --tables read a chart only the asker has.
    static const std::set<std::string> k_file_flags = [] {
        std::set<std::string> flags;
        const CompletionModel model = completion_model(Environment{});
        auto add = [&](const CompletionOption& o) {
            if (o.file) {
                flags.insert(o.names.begin(), o.names.end());
            }
        };
        std::for_each(model.globals.begin(), model.globals.end(), add);
        for (const auto& command : model.commands) {
            std::for_each(command.options.begin(), command.options.end(), add);
        }
        return flags;
    }();
    for (const auto& w : words) {
        if (std::any_of(w.begin(), w.end(), [](char c) { return c < 0x20 || c > 0x7e; })) {
            return "a request is one line of printable text";
        }
        for (const char* flag : {"--roll", "--seed", "--position", "--log", "--apply", "--game", "--odds"}) {
            if (w == flag || w.starts_with(std::string(flag) + "=")) {
                return std::string(flag) + " is not offered: " +
                       (std::string(flag) == "--log" || std::string(flag) == "--apply" || std::string(flag) == "--game"
                            ? "an exchange's requests read and write no file of either side"
                        : std::string(flag) == "--odds" ? "an exchange settles dice, and odds roll none"
                                                        : "the exchange draws every die, and neither side chooses one");
            }
        }
        if (const std::string flag = w.substr(0, w.find('=')); k_file_flags.count(flag) != 0) {
            return flag + " is not offered: it names a file, and an exchange's requests read and write no file of "
                          "either side";
        }
    }
    return "";
}

// The words of REQUEST, refused as an offer says why.
std::vector<std::string> request_words(const std::string& request, const std::string& which)
{
    auto split = split_words(request);
    if (!split) {
        throw usage_error(which + ": " + split.error());
    }
    std::vector<std::string> words = *split;
    if (words.empty()) {
        throw usage_error(which + ": an empty request");
    }
    if (const std::string why = request_refusal(words); !why.empty()) {
        throw usage_error(which + " '" + visible(request.substr(0, 200)) + "': " + why);
    }
    return words;
}

struct Ran {
    std::uint32_t seed = 0;
    std::string code;  // the result's code
    std::string out;   // what the request printed
};

// REQUEST run at SEED in process, as 'umpire --seed SEED REQUEST' would print it (JSON
// under --json); its tables and scenario are the caller's. With STATE, on that text of the
// game instead of its file, which is neither read nor written.
Ran run_request(Context& ctx, const std::string& request, std::uint32_t seed, const std::string& which,
                bool game = false, bool apply = false, const std::string* state = nullptr)
{
    const std::vector<std::string> words = request_words(request, which);
    std::vector<std::string> args{"--seed", std::to_string(seed), "--color", "never"};
    if (game) {
        args.insert(args.end(), {"--game", ctx.options.game});
    }
    if (apply) {
        args.emplace_back("--apply");
    }
    if (ctx.options.json) {
        args.emplace_back("--json");
    }
    for (const auto& dir : ctx.options.tables) {
        args.insert(args.end(), {"--tables", dir});
    }
    args.insert(args.end(), words.begin(), words.end());
    std::string command;
    try {
        command = command_of(args);
    } catch (const Error& e) {
        throw Error(e.code(), which + ": " + e.what());
    }
    static const std::set<std::string> k_not_requests{"",     "batch", "shell", "game",  "seed",       "replay",
                                                      "pbem", "plan",  "luck",  "table", "completion", "compare"};
    if (k_not_requests.count(command) != 0) {
        throw usage_error(which + " '" + visible(request.substr(0, 200)) +
                          "': name a command that rolls (melee, ram, crt, rally...)");
    }
    std::ostringstream out;
    std::ostringstream err;
    Runner runner(out, err, ctx.env(), command);
    RunResult result = runner.run(args, [state](Context& c) {
        if (state != nullptr) {  // the game's text as it stood, the file neither read nor written
            c.replay_state = *state;
            c.read_only = true;
        }
    });
    if (result.code != 0) {
        throw Error(static_cast<ExitCode>(result.code),
                    which + " '" + visible(request.substr(0, 200)) + "': " + result.error);
    }
    if (!result.resolution) {
        throw usage_error(which + " '" + visible(request.substr(0, 200)) + "': it gives no resolution to settle");
    }
    return {seed, result.resolution->result.code, out.str()};
}

// The messages of the mail in ARGS (a file, or standard input when none or "-").
std::vector<Message> mail_messages(const PbemOptions& opt, Context& ctx)
{
    if (opt.args.size() > 1) {
        throw usage_error("pbem " + opt.action + ": give one file of mail (or none: standard input)");
    }
    if (opt.args.empty() || opt.args[0] == "-") {
        return load::parse_messages(read_input(ctx, opt.action), "standard input");
    }
    return load::parse_messages(read_file(opt.args[0]), opt.args[0]);
}

// The last message of KIND in MAIL, or a usage Error.
const Message& last_of(const std::vector<Message>& mail, MessageKind kind, const std::string& action)
{
    for (auto it = mail.rbegin(); it != mail.rend(); ++it) {
        if (it->kind == kind) {
            return *it;
        }
    }
    throw usage_error("pbem " + action + ": the mail holds no " + load::kind_name(kind) +
                      " (a block from '--- umpire " + load::kind_name(kind) + " ---' to '--- end ---')");
}

// This side's transcript, held locked for the call.
struct Transcript {
    std::string path;
    load::StateLock lock;
    std::string text;
    std::vector<Message> messages;

    explicit Transcript(const std::string& file)
        : path(file)
        , lock(file)
        , text(fs::exists(file) ? read_file(file) : "")
        , messages(load::parse_messages(text, file))
    {
    }

    // Checked with ADDED after it: the first problem, with the message it is in.
    void require_holds(const std::vector<const Message*>& added) const
    {
        std::vector<Message> all = messages;
        for (const Message* m : added) {
            all.push_back(*m);
        }
        const load::TranscriptCheck check = load::check_transcript(all, known_keys());
        for (size_t i = 0; i < check.messages.size(); ++i) {
            if (!check.messages[i].problem.empty()) {
                const Message& m = *check.messages[i].message;
                throw data_error(i < messages.size()
                                     ? path + ": message " + std::to_string(i + 1) + " (" + load::kind_name(m.kind) +
                                           " by " + m.from + ") does not hold: " + check.messages[i].problem +
                                           " (umpire pbem verify " + path + ")"
                                     : std::string("the ") + load::kind_name(m.kind) + " by " + m.from +
                                           " does not hold: " + check.messages[i].problem);
            }
        }
    }
    const Message* last() const { return messages.empty() ? nullptr : &messages.back(); }
    void append(const std::vector<const Message*>& added)
    {
        std::string more = text;
        for (const Message* m : added) {
            more += m->text();
        }
        load::write_state_text(path, more);
        text = more;
    }
};

std::string required_transcript(const PbemOptions& opt)
{
    if (opt.transcript.empty()) {
        throw usage_error("pbem " + opt.action + ": --transcript FILE: this side's record of the game's exchanges");
    }
    return opt.transcript;
}

void print_message(Context& ctx, const std::string& action, const Message& m, const std::vector<Ran>& ran = {})
{
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("pbem " + action).key("message").value(m.text());
        if (!ran.empty()) {
            w.key("results").begin_array();
            for (size_t i = 0; i < ran.size(); ++i) {
                w.begin_object().key("request").value(static_cast<long long>(i + 1));
                w.key("seed").value(static_cast<long long>(ran[i].seed)).key("code").value(ran[i].code).end_object();
            }
            w.end_array();
        }
        w.end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    ctx.out() << m.text();
}

// SHA-256 of the --game file's text, "-" without --game.
std::string game_hash(Context& ctx) { return ctx.options.game.empty() ? "-" : sha256_hex(read_file(ctx.options.game)); }

// Why OFFER cannot be run against this side's game (ACTION's --game and --apply), "" when
// it can: an offer naming a game is run against the same game, applied in order on both
// sides (or tried, with TRY, against it as it is).
std::string game_refusal(Context& ctx, const Message& offer, const std::string& action, bool try_only)
{
    if (offer.game == "-") {
        return ctx.options.game.empty() ? ""
                                        : "--game: the offer's requests read no game file; " + action + " without it";
    }
    if (ctx.options.game.empty() || (!try_only && !ctx.options.apply)) {
        return "the offer's requests read and change a game file: " + action + " with --game FILE" +
               (try_only ? "" : " --apply");
    }
    if (game_hash(ctx) != offer.game) {
        return "--game " + visible(ctx.options.game) + ": not the game the offer was made on (its text differs: " +
               "the two sides' games must be the same file, as the last exchange left it)";
    }
    return "";
}

// Each request of OFFER tried against this side's game as it is, at a seed of no account:
// a request that cannot run is refused before it is offered or answered.
void try_requests(Context& ctx, const Message& offer, const std::vector<std::string>& requests,
                  const std::string& action)
{
    if (const std::string why = game_refusal(ctx, offer, action, true); !why.empty()) {
        throw usage_error("pbem " + action + ": " + why);
    }
    for (size_t i = 0; i < requests.size(); ++i) {
        run_request(ctx, requests[i], 0, "request " + std::to_string(i + 1), offer.game != "-");
    }
}

// A game journal's line as the request of an exchange was written: its command without the
// options the exchange adds (--seed, --game, --color, --apply).
std::vector<std::string> journalled_request(const load::LogEntry& entry)
{
    std::vector<std::string> words;
    const std::vector<std::string> argv = without_replay_options(entry.argv);
    for (size_t i = 0; i < argv.size(); ++i) {
        if ((argv[i] == "--game" || argv[i] == "--color") && i + 1 < argv.size()) {
            ++i;
        } else if (argv[i] != "--apply") {
            words.push_back(argv[i]);
        }
    }
    return words;
}

// The requests of OFFER the --game file's journal ends with, each at its own seed from SECRET
// and VALUE, in order, the game before them the offer's: a reveal or settle killed after
// applying them (and before its transcript was written), asked again. The lines read are
// those whose changes stand: what the referee did and undid in between is passed over. None
// is applied twice: each is given as its journal line has it, and a request before the last
// of them that left no line (it changed nothing) is run again, writing nothing, on the game
// as it stood for it. [] when the journal ends with none of them.
std::vector<Ran> applied_already(Context& ctx, const Message& offer, const std::string& secret,
                                 const std::string& value)
{
    const std::vector<load::LogEntry> lines = read_journal(ctx.options.game);
    const std::vector<size_t> standing = undo_stacks(lines).done;
    const std::string hash = offer.hash();
    std::map<std::uint32_t, size_t> request_of;  // a settled roll's seed: which request it is
    for (size_t i = 0; i < offer.requests.size(); ++i) {
        request_of[load::request_seed(secret, value, hash, i)] = i;
    }
    // back over the standing lines while each is one of them, their requests falling
    std::map<size_t, size_t> line_of;  // request -> its journal line (an index of LINES)
    for (auto it = standing.rbegin(); it != standing.rend() && *it > 0; ++it) {  // line 1 is 'game new'
        const load::LogEntry& line = lines[*it];
        const auto found = request_of.find(line.seed);
        if (found == request_of.end() || (!line_of.empty() && found->second >= line_of.begin()->first)) {
            break;
        }
        const auto words = split_words(offer.requests[found->second]);
        if (!words || journalled_request(line) != *words) {
            break;
        }
        line_of[found->second] = *it;
    }
    if (line_of.empty() || lines[line_of.begin()->second - 1].after != offer.game) {
        return {};
    }
    {
        // killed between the last line and its file: the file is brought up to its journal now,
        // as the next request's open would (there may be none)
        load::StateLock lock(ctx.options.game);
        open_game(ctx.options.game, game_starter(ctx), ctx.table_of(), true);
    }
    std::vector<Ran> out;
    size_t upto = line_of.begin()->second;  // the game as it stood for the next request: LINES before UPTO
    for (size_t i = 0; i <= line_of.rbegin()->first; ++i) {
        const std::uint32_t seed = load::request_seed(secret, value, hash, i);
        if (const auto line = line_of.find(i); line != line_of.end()) {
            const std::string& code = lines[line->second].result_code;
            out.push_back({seed, code,
                           "result: " + code + "  (applied to the game already: its journal's line " +
                               std::to_string(line->second + 1) + ")\n"});
            upto = line->second + 1;
            continue;
        }
        const std::vector<load::LogEntry> then(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(upto));
        const std::string state =
            replay_journal(then, journal_path(ctx.options.game), game_starter(ctx), ctx.table_of()).text;
        out.push_back(
            run_request(ctx, offer.requests[i], seed, "request " + std::to_string(i + 1), true, false, &state));
    }
    return out;
}

// Why a game is not the offer's when the reason is a step of this exchange that stopped:
// "; its journal's line N holds request K ..." and the way on, "" when none of its lines
// stands in the journal.
std::string stopped_here(Context& ctx, const Message& offer, const std::string& secret, const std::string& value,
                         const std::string& action)
{
    if (offer.game == "-" || ctx.options.game.empty()) {
        return "";
    }
    std::map<std::uint32_t, size_t> request_of;  // a settled roll's seed: which request it is
    for (size_t i = 0; i < offer.requests.size(); ++i) {
        request_of[load::request_seed(secret, value, offer.hash(), i)] = i;
    }
    const std::vector<load::LogEntry> lines = read_journal(ctx.options.game);
    std::vector<std::string> held;
    for (const size_t at : undo_stacks(lines).done) {
        if (const auto found = request_of.find(lines[at].seed); found != request_of.end()) {
            held.push_back("line " + std::to_string(at + 1) + " holds request " + std::to_string(found->second + 1));
        }
    }
    if (held.empty()) {
        return "";
    }
    return "; but its journal's " + join(held, ", ") + " of this exchange, applied by a " + action +
           " that stopped before its end: 'umpire game undo' what was done after them, and " + action +
           " again goes on from them (or undo them too, and it begins again)";
}

// Each request of OFFER run with its dice from the reveal's SECRET and the answer's VALUE;
// an offer naming a game, applied to it in order (ACTION's --game --apply), from the first
// its journal does not end with already (applied_already).
std::vector<Ran> settle(Context& ctx, const Message& offer, const std::string& secret, const std::string& value,
                        const std::string& action)
{
    const bool game = offer.game != "-";
    std::vector<Ran> out;
    if (game && ctx.options.apply && !ctx.options.game.empty()) {
        out = applied_already(ctx, offer, secret, value);
    }
    if (const std::string why = out.empty() ? game_refusal(ctx, offer, action, false) : ""; !why.empty()) {
        throw usage_error("pbem " + action + ": " + why + stopped_here(ctx, offer, secret, value, action));
    }
    const std::string hash = offer.hash();
    for (size_t i = out.size(); i < offer.requests.size(); ++i) {
        try {
            out.push_back(run_request(ctx, offer.requests[i], load::request_seed(secret, value, hash, i),
                                      "request " + std::to_string(i + 1), game, game));
        } catch (const Error& e) {
            if (!game || i == 0) {
                throw;
            }
            throw Error(e.code(), std::string(e.what()) + "; requests 1 to " + std::to_string(i) +
                                      " were applied to the game before it: 'umpire game undo' them, then " + action +
                                      " again");
        }
    }
    return out;
}

// The results a reveal states, each with its seed, without running anything: an
// exchange applied to a game is never applied twice.
std::vector<Ran> stated(const Message& offer, const Message& reveal, const std::string& value)
{
    std::vector<Ran> out;
    for (size_t i = 0; i < reveal.results.size(); ++i) {
        out.push_back({load::request_seed(reveal.secret, value, offer.hash(), i), reveal.results[i],
                       "result: " + reveal.results[i] + "  (applied to the game already)\n"});
    }
    return out;
}

// Each request of OFFER again, for a step asked again: run anew, or for a game's exchange
// as the reveal states it.
std::vector<Ran> run_again(Context& ctx, const Message& offer, const Message& reveal, const std::string& value,
                           const std::string& action)
{
    return offer.game == "-" ? settle(ctx, offer, reveal.secret, value, action) : stated(offer, reveal, value);
}

void print_resolutions(Context& ctx, const Message& offer, const std::vector<Ran>& ran)
{
    if (ctx.options.json) {
        return;  // in the message's object
    }
    for (size_t i = 0; i < ran.size(); ++i) {
        ctx.out() << "== request " << i + 1 << ": " << offer.requests[i] << "  (seed " << ran[i].seed << ")\n"
                  << ran[i].out;
    }
}

void key(const PbemOptions& opt, Context& ctx)
{
    const std::string name = player_of(opt.as, "--as");
    const std::string dir = data_dir() + "/keys";
    make_private_dir(dir);
    const std::string secret = dir + "/" + name + ".key";
    if (!fs::exists(secret)) {
        write_file(secret, new_key_pair().secret_key + "\n", 0600);
    }
    // The public key is the secret key's own (its second half): written again whenever it
    // is missing or differs, so a call killed between the two files mends on the next.
    const std::string public_key = public_key_of(own_secret_key(name));
    const std::string public_file = dir + "/" + name + ".pub";
    if (!fs::exists(public_file) || trim(read_file(public_file)) != public_key) {
        write_file(public_file, public_key + "\n", 0644);
    }
    const std::string line = "umpire-key " + name + " " + public_key;
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("pbem key").key("player").value(name);
        w.key("key").value(public_key).key("key_line").value(line);
        if (!ctx.in_batch()) {
            // the line to send as it was named before key_line; a batch's "line" is its
            // request line's number, which one object cannot name twice (hunt45 #1)
            w.key("line").value(line);
        }
        w.end_object();
        ctx.out() << w.str() << "\n";
        return;
    }
    ctx.out() << line << "\n";
}

void trust(const PbemOptions& opt, Context& ctx)
{
    if (opt.args.size() != 1) {
        throw usage_error("pbem trust: give the file holding the other player's 'umpire-key NAME KEY' line ('-': "
                          "standard input)");
    }
    std::string text;
    if (opt.args[0] == "-") {
        text = read_input(ctx, "trust");
    } else {
        text = read_file(opt.args[0]);
    }
    const std::string dir = data_dir() + "/keys";
    make_private_dir(dir);
    const auto known = known_keys();
    format::JsonWriter w;  // under --json: one document naming each player's key and whether it was new
    w.begin_document().key("command").value("pbem trust").key("players").begin_array();
    const auto said = [&](const std::string& player, const std::string& key, bool known) {
        if (ctx.options.json) {
            w.begin_object().key("player").value(player).key("key").value(key).key("known").value(known);
            w.end_object();
        } else {
            ctx.out() << "player " << player << (known ? ": this key is known already\n" : ": key trusted\n");
        }
    };
    // Every line is checked before any key is written: a mail with bob's key and then a
    // forged one for bob trusted both, the last kept.
    std::vector<std::pair<std::string, std::string>> keys;  // name, key, in the file's order
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string tag;
        std::string name;
        std::string key;
        std::string more;
        if (!(words >> tag) || tag != "umpire-key") {
            continue;
        }
        if (!(words >> name >> key) || (words >> more) || !load::valid_player(name) || !is_hex(key, 64)) {
            throw data_error(opt.args[0] + ": 'umpire-key NAME KEY' expected, NAME 1 to 32 of a-z, 0-9, - and _, "
                                           "KEY 64 lowercase hexadecimal digits");
        }
        const auto same = std::find_if(keys.begin(), keys.end(), [&](const auto& k) { return k.first == name; });
        if (same != keys.end()) {
            if (same->second != key) {
                throw data_error(opt.args[0] + ": two different keys for player " + name +
                                 "; nothing trusted: a player has one key, so one of them is not " + name + "'s");
            }
            continue;
        }
        if (auto it = known.find(name); it != known.end() && it->second != key) {
            throw data_error("pbem trust: player " + name + " already has another key here (" + it->second +
                             "); a changed key is refused: if " + name + " really made a new one, remove " + dir + "/" +
                             name + ".pub by hand");
        }
        if (!public_key_valid(key)) {
            throw data_error(opt.args[0] + ": player " + name +
                             "'s KEY is not an Ed25519 public key (no secret key has it); nothing trusted");
        }
        keys.emplace_back(name, key);
    }
    if (keys.empty()) {
        throw data_error(opt.args[0] + ": no 'umpire-key NAME KEY' line");
    }
    for (const auto& [name, key] : keys) {
        const bool is_known = known.count(name) != 0;
        if (!is_known) {
            write_file(dir + "/" + name + ".pub", key + "\n", 0644);
        }
        said(name, key, is_known);
    }
    if (ctx.options.json) {
        w.end_array().end_object();
        ctx.out() << w.str() << "\n";
    }
}

void offer(const PbemOptions& opt, Context& ctx)
{
    const std::string name = player_of(opt.as, "--as");
    const std::string secret_key = own_secret_key(name);
    if (opt.args.empty()) {
        throw usage_error("pbem offer: give the phase's requests, each quoted: 'melee --attacker 4 --defender 5'");
    }
    if (opt.args.size() > load::k_max_exchange_requests) {
        throw usage_error("pbem offer: " + std::to_string(opt.args.size()) + " requests; at most " +
                          std::to_string(load::k_max_exchange_requests) + " in one exchange");
    }
    Message m;
    m.kind = MessageKind::offer;
    m.from = name;
    m.game = game_hash(ctx);
    m.requests = opt.args;
    try_requests(ctx, m, opt.args, "offer");
    Transcript t(required_transcript(opt));
    t.require_holds({});
    // The same offer asked again (its e-mail lost, or the call killed after writing it):
    // printed again as it was, never made anew.
    if (const Message* last = t.last();
        last != nullptr && last->kind == MessageKind::offer && last->from == name && last->requests == opt.args) {
        print_message(ctx, "offer", *last);
        return;
    }
    if (const Message* last = t.last(); last != nullptr && last->kind != MessageKind::reveal) {
        throw usage_error("pbem offer: the exchange in " + t.path + " is not settled yet (its last message is " +
                          (last->kind == MessageKind::offer ? "an offer" : "an answer") +
                          "); reveal or settle it first");
    }
    m.previous = t.last() == nullptr ? "-" : t.last()->hash();
    const std::string secret = random_hex(32);
    m.commitment = load::commitment_of(secret);
    m.signature = sign(m.body(), secret_key);
    const std::string secrets = data_dir() + "/secrets";
    make_private_dir(secrets);
    t.require_holds({&m});
    write_file(secrets + "/" + m.commitment, secret + "\n", 0600);
    try {
        t.append({&m});
    } catch (...) {
        // No offer was made (a full disk): its secret would be kept for ever, and each
        // offer made again would add one (hunt32). A kill between the two writes still
        // leaves one, for an offer that never was.
        std::error_code ec;
        fs::remove(secrets + "/" + m.commitment, ec);
        throw;
    }
    print_message(ctx, "offer", m);
}

void answer(const PbemOptions& opt, Context& ctx)
{
    const std::string name = player_of(opt.as, "--as");
    const std::string secret_key = own_secret_key(name);
    const std::vector<Message> mail = mail_messages(opt, ctx);
    const Message& offered = last_of(mail, MessageKind::offer, "answer");
    Transcript t(required_transcript(opt));
    t.require_holds({});
    if (offered.from == name) {
        throw usage_error("pbem answer: the offer is your own (" + name + "); the other side answers it");
    }
    // The offer answered before at this point: the same one is answered again as before;
    // another is refused, or the asker could keep whichever rolls it likes.
    if (t.messages.size() >= 2 && t.messages[t.messages.size() - 2].kind == MessageKind::offer &&
        t.messages.back().kind == MessageKind::answer) {
        const Message& before = t.messages[t.messages.size() - 2];
        if (before.hash() == offered.hash()) {
            print_message(ctx, "answer", t.messages.back());
            return;
        }
        throw data_error("pbem answer: you answered another offer of " + before.from +
                         " at this point of the game already; a second offer at one point would let the asker keep "
                         "the rolls it likes");
    }
    if (const Message* last = t.last(); last != nullptr && last->kind != MessageKind::reveal) {
        throw usage_error("pbem answer: the exchange in " + t.path + " is not settled yet; settle it first");
    }
    try_requests(ctx, offered, offered.requests, "answer");  // they run here too
    Message m;
    m.kind = MessageKind::answer;
    m.from = name;
    m.offer = offered.hash();
    m.value = random_hex(32);
    m.signature = sign(m.body(), secret_key);
    t.require_holds({&offered, &m});
    t.append({&offered, &m});
    print_message(ctx, "answer", m);
}

void reveal(const PbemOptions& opt, Context& ctx)
{
    const std::string name = player_of(opt.as, "--as");
    const std::string secret_key = own_secret_key(name);
    const std::vector<Message> mail = mail_messages(opt, ctx);
    const Message& answered = last_of(mail, MessageKind::answer, "reveal");
    Transcript t(required_transcript(opt));
    t.require_holds({});
    // Revealed already for this answer: printed again from the transcript.
    if (t.messages.size() >= 3 && t.messages.back().kind == MessageKind::reveal &&
        t.messages.back().answer == answered.hash() && t.messages.back().from == name) {
        const Message& offer_made = t.messages[t.messages.size() - 3];
        // a reveal killed after its transcript was written left the secret, public now
        std::error_code ignored;
        fs::remove(data_dir() + "/secrets/" + offer_made.commitment, ignored);
        const std::vector<Ran> ran = run_again(ctx, offer_made, t.messages.back(), answered.value, "reveal");
        print_resolutions(ctx, offer_made, ran);
        if (!ctx.options.json) {
            ctx.out() << "== send to the other side:\n";
        }
        print_message(ctx, "reveal", t.messages.back(), ran);
        return;
    }
    const Message* offered = t.last();
    if (offered == nullptr || offered->kind != MessageKind::offer || offered->from != name) {
        throw usage_error("pbem reveal: the last message of " + t.path + " is no offer of yours to reveal for");
    }
    const std::string secret_file = data_dir() + "/secrets/" + offered->commitment;
    if (!fs::exists(secret_file)) {
        throw not_found_error("pbem reveal: the secret of your offer is not in " + data_dir() +
                              "/secrets: the offer was made elsewhere, or its secret removed");
    }
    const std::string secret = trim(read_file(secret_file));
    if (load::commitment_of(secret) != offered->commitment) {
        throw data_error(secret_file + ": this secret does not match the offer's commitment");
    }
    const std::vector<Ran> ran = settle(ctx, *offered, secret, answered.value, "reveal");
    Message m;
    m.kind = MessageKind::reveal;
    m.from = name;
    m.answer = answered.hash();
    m.secret = secret;
    for (const auto& r : ran) {
        m.results.push_back(r.code);
    }
    m.signature = sign(m.body(), secret_key);
    t.require_holds({&answered, &m});
    t.append({&answered, &m});
    fs::remove(secret_file);  // public now
    print_resolutions(ctx, *offered, ran);
    if (!ctx.options.json) {
        ctx.out() << "== send to the other side:\n";
    }
    print_message(ctx, "reveal", m, ran);
}

void settle_reveal(const PbemOptions& opt, Context& ctx)
{
    const std::vector<Message> mail = mail_messages(opt, ctx);
    const Message& revealed = last_of(mail, MessageKind::reveal, "settle");
    Transcript t(required_transcript(opt));
    t.require_holds({});
    const bool again = t.messages.size() >= 3 && t.messages.back().hash() == revealed.hash();
    if (again) {  // settled before: its resolutions printed again
        const Message& offered = t.messages[t.messages.size() - 3];
        const std::vector<Ran> ran =
            run_again(ctx, offered, revealed, t.messages[t.messages.size() - 2].value, "settle");
        print_resolutions(ctx, offered, ran);
        if (ctx.options.json) {
            print_message(ctx, "settle", revealed, ran);
        }
        return;
    }
    if (t.messages.size() < 2 || t.messages.back().kind != MessageKind::answer) {
        throw usage_error("pbem settle: the last message of " + t.path + " is no answer of yours to settle");
    }
    t.require_holds({&revealed});
    const Message& offered = t.messages[t.messages.size() - 2];
    const std::vector<Ran> ran = settle(ctx, offered, revealed.secret, t.messages.back().value, "settle");
    for (size_t i = 0; i < ran.size(); ++i) {
        if (ran[i].code != revealed.results[i]) {
            throw data_error("pbem settle: request " + std::to_string(i + 1) + ": its dice give '" + ran[i].code +
                             "', the reveal states '" + revealed.results[i] + "'");
        }
    }
    t.append({&revealed});
    print_resolutions(ctx, offered, ran);
    if (ctx.options.json) {
        print_message(ctx, "settle", revealed, ran);
    }
}

// One line of a game's journal against the exchanges: each line that rolled dice must be
// a settled request of an exchange on the game, at its seed (the transcript's signatures
// are then the line's authorship); a line that rolled none is the referee's bookkeeping.
struct JournalVerdict {
    size_t line = 0;
    std::string what;     // the line's command
    std::string verdict;  // "settled by exchange K, request I", or why not
    bool holds = true;
};

std::vector<JournalVerdict> check_journal(Context& ctx, const std::string& path, const load::TranscriptCheck& check)
{
    // every settled request on a game, by its seed
    std::map<std::uint32_t, std::pair<std::vector<std::string>, std::string>> settled;
    for (size_t k = 0; k < check.settled.size(); ++k) {
        const auto& s = check.settled[k];
        if (s.offer->game == "-") {
            continue;
        }
        for (size_t i = 0; i < s.offer->requests.size(); ++i) {
            const std::uint32_t seed = load::request_seed(s.reveal->secret, s.answer->value, s.offer->hash(), i);
            auto words = split_words(s.offer->requests[i]);
            settled[seed] = {words ? *words : std::vector<std::string>{},
                             "settled by exchange " + std::to_string(k + 1) + ", request " + std::to_string(i + 1) +
                                 " (" + s.offer->from + "'s offer)"};
        }
    }
    std::vector<JournalVerdict> out;
    const std::string text = read_file(path);
    if (const load::Chain chain = load::check_chain(text); chain.broken_at != 0) {
        out.push_back({chain.broken_at, "", "the journal's chain breaks here: " + chain.why, false});
    }
    std::map<std::uint32_t, size_t> used;  // each settled roll in force: the line that holds it
    size_t number = 0;
    size_t at = 0;
    while (at < text.size()) {
        const size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line(text.data() + at, end - at);
        at = end + 1;
        ++number;
        if (line.empty()) {
            continue;
        }
        auto entry = load::parse_log_line(line);
        if (!entry) {
            out.push_back({number, "", "not a journal line: " + entry.error(), false});
            continue;
        }
        const std::vector<std::string> words = journalled_request(*entry);
        JournalVerdict v{number, join(words, " "), "", true};
        const auto found = settled.find(entry->seed);
        if (entry->undoes) {  // the line it undid (counted from 0) holds its roll no more: it may be made again
            std::erase_if(used, [&](const auto& u) { return u.second == static_cast<size_t>(*entry->undoes) + 1; });
        }
        if (entry->dice_given > 0) {
            v = {number, v.what, "dice given by hand: an exchange gives none", false};
        } else if (entry->dice_rolled == 0) {
            v.verdict = "rolled no dice: the referee's bookkeeping, outside any exchange";
        } else if (found == settled.end() || found->second.first != words) {
            v = {number, v.what, "rolled dice outside any exchange (seed " + std::to_string(entry->seed) + ")", false};
        } else if (const auto before = used.find(entry->seed); before != used.end()) {
            // one settled request is one roll: the same roll in force twice is a roll re-used
            v = {number, v.what,
                 "the roll " + found->second.second + " again: journal line " + std::to_string(before->second) +
                     " holds it, not undone (a roll used twice)",
                 false};
        } else {
            v.verdict = found->second.second;
            used[entry->seed] = number;
        }
        out.push_back(std::move(v));
    }
    // and every line's roll run again at its seed, as replay does: a line whose result or
    // changes are not what its dice give is named there
    std::ostringstream replayed;
    std::ostringstream err;
    Runner runner(replayed, err, ctx.env(), "replay");
    const RunResult result = runner.run({"replay", path}, {});
    if (result.code != 0) {
        out.push_back({0, "replay",
                       "umpire replay " + visible(path) + ": " +
                           (result.error.empty() ? "a line's result differs from what its dice give" : result.error),
                       false});
    }
    return out;
}

void verify(const PbemOptions& opt, Context& ctx)
{
    if (opt.args.size() != 1) {
        throw usage_error("pbem verify: give the transcript (or a file of the game's messages) to check");
    }
    const std::string path = opt.args[0];
    const std::vector<Message> messages = load::parse_messages(read_file(path), path);
    if (messages.empty()) {
        // an empty, truncated or mangled transcript "held: 0 exchange(s) settled", exit 0
        throw data_error(path + ": no umpire message in it (a line '--- umpire offer ---' begins one): nothing to "
                                "verify");
    }
    const load::TranscriptCheck check = load::check_transcript(messages, known_keys());
    // every settled exchange's dice, run again, against the results its reveal states
    std::map<const Message*, std::vector<std::string>> roll_problems;
    std::map<const Message*, std::vector<Ran>> rolls;
    bool holds = check.holds();
    for (const auto& s : check.settled) {
        for (size_t i = 0; i < s.offer->requests.size(); ++i) {
            std::string problem;
            Ran ran;
            if (s.offer->game != "-") {
                // run against a game as it was at the offer: the game's journal keeps each
                // request with its seed (umpire replay FILE.journal checks them)
                ran = stated(*s.offer, *s.reveal, s.answer->value)[i];
                ran.out = "game";
                roll_problems[s.reveal].push_back("");
                rolls[s.reveal].push_back(ran);
                continue;
            }
            try {
                ran = run_request(ctx, s.offer->requests[i],
                                  load::request_seed(s.reveal->secret, s.answer->value, s.offer->hash(), i),
                                  "request " + std::to_string(i + 1));
                if (ran.code != s.reveal->results[i]) {
                    problem = "its dice give '" + ran.code + "', the reveal states '" + s.reveal->results[i] + "'";
                }
            } catch (const Error& e) {
                problem = e.what();
            }
            holds = holds && problem.empty();
            roll_problems[s.reveal].push_back(problem);
            rolls[s.reveal].push_back(ran);
        }
    }
    std::vector<JournalVerdict> journal;
    if (!opt.journal.empty()) {
        journal = check_journal(ctx, opt.journal, check);
        holds = holds && std::all_of(journal.begin(), journal.end(), [](const JournalVerdict& v) { return v.holds; });
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("pbem verify").key("holds").value(holds);
        w.key("messages").begin_array();
        for (size_t i = 0; i < check.messages.size(); ++i) {
            const auto& c = check.messages[i];
            w.begin_object().key("message").value(static_cast<long long>(i + 1));
            w.key("kind").value(load::kind_name(c.message->kind)).key("from").value(c.message->from);
            w.key("holds").value(c.problem.empty());
            if (!c.problem.empty()) {
                w.key("problem").value(c.problem);
            }
            if (auto it = roll_problems.find(c.message); it != roll_problems.end()) {
                w.key("requests").begin_array();
                for (size_t r = 0; r < it->second.size(); ++r) {
                    w.begin_object().key("request").value(static_cast<long long>(r + 1));
                    w.key("seed").value(static_cast<long long>(rolls[c.message][r].seed));
                    w.key("holds").value(it->second[r].empty());
                    if (rolls[c.message][r].out == "game") {
                        w.key("note").value("it read a game file: not run again here (its journal keeps it)");
                    }
                    if (!it->second[r].empty()) {
                        w.key("problem").value(it->second[r]);
                    }
                    w.end_object();
                }
                w.end_array();
            }
            w.end_object();
        }
        w.end_array();
        if (!opt.journal.empty()) {
            w.key("journal").begin_array();
            for (const auto& v : journal) {
                w.begin_object().key("line").value(static_cast<long long>(v.line)).key("request").value(v.what);
                w.key("holds").value(v.holds).key(v.holds ? "note" : "problem").value(v.verdict).end_object();
            }
            w.end_array();
        }
        w.end_object();
        ctx.out() << w.str() << "\n";
    } else {
        for (size_t i = 0; i < check.messages.size(); ++i) {
            const auto& c = check.messages[i];
            ctx.out() << "message " << i + 1 << ": " << load::kind_name(c.message->kind) << " by " << c.message->from
                      << ": " << (c.problem.empty() ? "holds" : "DOES NOT HOLD: " + c.problem) << "\n";
            if (auto it = roll_problems.find(c.message); it != roll_problems.end()) {
                for (size_t r = 0; r < it->second.size(); ++r) {
                    const Ran& ran = rolls[c.message][r];
                    ctx.out() << "  request " << r + 1 << " (seed " << ran.seed << "): "
                              << (!it->second[r].empty() ? "DOES NOT HOLD: " + it->second[r]
                                  : ran.out == "game"
                                      ? "states " + ran.code +
                                            "; it read a game file: not run again here (its journal keeps it)"
                                      : "holds, " + ran.code)
                              << "\n";
                }
            }
        }
        for (const auto& v : journal) {
            ctx.out() << (v.line == 0 ? std::string("journal") : "journal line " + std::to_string(v.line))
                      << (v.what.empty() || v.line == 0 ? "" : " (" + visible(v.what) + ")") << ": "
                      << (v.holds ? "" : "DOES NOT HOLD: ") << v.verdict << "\n";
        }
        ctx.out() << (holds ? "the transcript holds: " : "the transcript does NOT hold: ") << check.settled.size()
                  << " exchange(s) settled" << (journal.empty() ? "" : ", and the journal with it") << "\n";
    }
    ctx.exit_code = holds ? 0 : static_cast<int>(ExitCode::data);
}

}  // namespace

void run_pbem(const PbemOptions& opt, Context& ctx)
{
    if (!opt.as.empty() && (opt.action == "trust" || opt.action == "settle" || opt.action == "verify")) {
        throw usage_error("--as is for key, offer, answer and reveal");
    }
    if (!opt.transcript.empty() && (opt.action == "key" || opt.action == "trust" || opt.action == "verify")) {
        throw usage_error("--transcript is for offer, answer, reveal and settle (verify takes the file itself)");
    }
    if (!opt.journal.empty() && opt.action != "verify") {
        throw usage_error("--journal is for verify");
    }
    if (!opt.args.empty() && opt.action == "key") {
        throw usage_error("pbem key takes no file or request: umpire pbem key --as NAME");
    }
    if (opt.action == "key") {
        key(opt, ctx);
    } else if (opt.action == "trust") {
        trust(opt, ctx);
    } else if (opt.action == "offer") {
        offer(opt, ctx);
    } else if (opt.action == "answer") {
        answer(opt, ctx);
    } else if (opt.action == "reveal") {
        reveal(opt, ctx);
    } else if (opt.action == "settle") {
        settle_reveal(opt, ctx);
    } else {
        verify(opt, ctx);
    }
}

void setup_pbem(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<PbemOptions>();
    auto* sub = app.add_subcommand("pbem", "Play by e-mail: dice neither side can bias or foresee, checked offline");
    sub->add_option("ACTION", opt->action, "key, trust, offer, answer, reveal, settle or verify")
        ->required()
        ->transform(one_of({"key", "trust", "offer", "answer", "reveal", "settle", "verify"}));
    sub->add_option("ARGS", opt->args,
                    "offer: the requests, each quoted; trust, answer, reveal, settle: the mail received "
                    "(a file; none or '-': standard input); verify: the transcript")
        ->type_name("REQUEST|FILE");
    sub->add_option("--as", opt->as, "key, offer, answer, reveal: the player this side is")->type_name("NAME");
    sub->add_option("--transcript", opt->transcript,
                    "offer, answer, reveal, settle: this side's record of the game's exchanges (made if missing)")
        ->type_name("FILE");
    sub->add_option("--journal", opt->journal,
                    "verify: a game's journal, each line that rolled dice checked against the exchanges")
        ->type_name("FILE");
    sub->footer("One exchange settles a phase's dice: the asking side offers its requests with a\n"
                "commitment to a fresh secret; the other side answers with a fresh value of its own;\n"
                "the asking side reveals the secret, and each request's dice come from both and the\n"
                "request, so neither side chose them and anyone can check them. Each message is\n"
                "plain text to paste into an e-mail, signed with its sender's Ed25519 key (kept in\n"
                "$XDG_DATA_HOME/umpire/pbem/keys, libsodium's); 'key' prints the line to send to the\n"
                "other player, who 'trust's it. On a game file (umpire --game FILE pbem offer ...) the\n"
                "offer records the game's hash; reveal and settle with --game FILE --apply apply the\n"
                "results to both sides' games alike. See umpire(1), PLAY BY E-MAIL.\n"
                "Examples:\n"
                "  umpire pbem key --as alice\n"
                "  umpire pbem trust bob-key.txt\n"
                "  umpire pbem offer --as alice --transcript game.pbem 'melee --attacker 4 --defender 5' wind\n"
                "  umpire pbem answer --as bob --transcript game.pbem offer.txt\n"
                "  umpire pbem reveal --as alice --transcript game.pbem answer.txt\n"
                "  umpire pbem settle --transcript game.pbem reveal.txt\n"
                "  umpire --game siege.toml --apply pbem settle --transcript game.pbem reveal.txt\n"
                "  umpire pbem verify game.pbem\n"
                "  umpire pbem verify game.pbem --journal siege.toml.journal");
    sub->callback([opt, &ctx] { run_pbem(*opt, ctx); });
}

}  // namespace umpire::cli
