// umpire batch: one request per standard-input line, one JSON line out per request.
// A line seen before is answered from the memo (cli/batch_memo.h) when its dice fall as
// they fell before; tests/cli/batch_test.cc checks memo answers against standalone runs.
#include "cli/batch_memo.h"
#include "cli/commands.h"
#include "cli/run.h"
#include "format/json.h"
#include "load/log.h"
#include "util/error.h"
#include "util/text.h"

#include <cstring>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <unordered_map>

namespace umpire::cli {

// Longest request line read (documented in umpire(1)).
inline constexpr size_t k_max_batch_line = 65536;

namespace {

std::string error_line(size_t number, std::string_view request, int code, std::string_view message)
{
    format::JsonWriter w;
    w.begin_document().key("request").value(request);
    w.key("error").begin_object().key("code").value(code).key("message").value(message).end_object();
    w.end_object();
    std::string out;
    format::append_with_line(out, w.str(), number);
    return out + "\n";
}

// Lines from a stream, read in chunks as they arrive. A line is never held past the
// limit (the rest of an overlong line is skipped), and before a read that could wait for
// the writer, WAITING is called so answers already made reach a script that is waiting
// for them before it writes more.
class LineReader {
public:
    enum class Got { line, too_long, end };

    LineReader(std::istream& in, std::function<void()> waiting)
        : m_buf(*in.rdbuf())
        , m_waiting(std::move(waiting))
    {
    }

    // The next line, without its newline (or a trailing carriage return).
    Got next(std::string_view& line)
    {
        m_line.clear();
        bool too_long = false;
        for (;;) {
            if (m_at == m_chunk.size() && !refill()) {
                if (m_line.empty() && !m_partial) {
                    return Got::end;
                }
                break;  // a last line without a newline
            }
            const char* begin = m_chunk.data() + m_at;
            const size_t left = m_chunk.size() - m_at;
            const auto* nl = static_cast<const char*>(std::memchr(begin, '\n', left));
            const size_t take = nl != nullptr ? static_cast<size_t>(nl - begin) : left;
            m_partial = nl == nullptr;
            if (!too_long && m_line.empty() && nl != nullptr) {
                line = std::string_view(begin, take);  // the whole line is in the chunk
                m_at += take + 1;
                return trimmed(line);
            }
            if (!too_long) {
                m_line.append(begin, std::min(take, k_max_batch_line + 1 - m_line.size()));
                too_long = m_line.size() > k_max_batch_line;
            }
            m_at += take + (nl != nullptr ? 1 : 0);
            if (nl != nullptr) {
                break;
            }
        }
        m_partial = false;
        line = m_line;
        return too_long ? Got::too_long : trimmed(line);
    }

private:
    static Got trimmed(std::string_view& line)
    {
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        return Got::line;
    }

    bool refill()
    {
        try {
            return refill_from_buffer();
        } catch (const std::ios_base::failure& e) {
            // standard input closed (<&-) or failing: libstdc++ throws from its buffer
            throw io_error("standard input: cannot read the batch's lines: " + e.code().message());
        }
    }

    bool refill_from_buffer()
    {
        std::streamsize ready = m_buf.in_avail();
        if (ready <= 0) {
            m_waiting();
            if (m_buf.sgetc() == std::char_traits<char>::eof()) {
                return false;
            }
            ready = std::max<std::streamsize>(m_buf.in_avail(), 1);
        }
        m_chunk.resize(static_cast<size_t>(std::min<std::streamsize>(ready, 1 << 16)));
        m_chunk.resize(static_cast<size_t>(m_buf.sgetn(m_chunk.data(), static_cast<std::streamsize>(m_chunk.size()))));
        m_at = 0;
        return !m_chunk.empty();
    }

    std::streambuf& m_buf;
    std::function<void()> m_waiting;
    std::string m_chunk;
    size_t m_at = 0;
    bool m_partial = false;  // the chunk ended inside a line
    std::string m_line;      // a line that spans chunks
};

// A parser per command, kept for the whole batch, each writing to its own streams.
struct LineRunner {
    LineRunner(const Environment& env, const std::string& command)
        : runner(out, err, env, command)
    {
    }
    std::ostringstream out;
    std::ostringstream err;
    Runner runner;
    size_t uses = 0;
};

// A line with a --seed of its own: its memo key (the line with the seed's digits left
// out, after a newline no line holds) and the seed. Such a line is a function of that
// key, the tables and the faces its own seed's engine shows, so it is answered from the
// memo under any seed. nullopt unless the line is plainly so: no quotes, backslashes or
// JSON, "--seed" once, as a word, with digits (the parser still reads the line, and a
// seed it reads otherwise is not drawn through the memo), no "--position".
struct OwnSeed {
    std::string key;
    std::uint32_t seed = 0;
    std::uint64_t position = 0;  // where its engine starts: 0, as no line naming one is taken
};

std::optional<OwnSeed> own_seed(std::string_view line)
{
    const size_t word = line.find("--seed");
    if (word == std::string_view::npos || line.find("--seed", word + 1) != std::string_view::npos ||
        line.find("--position") != std::string_view::npos) {
        return std::nullopt;
    }
    const auto blank = [&](size_t at) { return at < line.size() && (line[at] == ' ' || line[at] == '\t'); };
    for (const char c : line) {
        if (c == '\'' || c == '"' || c == '\\' || c == '{') {
            return std::nullopt;
        }
    }
    size_t digits = word + std::strlen("--seed");
    if (word > 0 && !blank(word - 1)) {
        return std::nullopt;
    }
    if (digits < line.size() && line[digits] == '=') {
        ++digits;
    } else if (blank(digits)) {
        while (blank(digits)) {
            ++digits;
        }
    } else {
        return std::nullopt;
    }
    size_t end = digits;
    while (end < line.size() && line[end] >= '0' && line[end] <= '9') {
        ++end;
    }
    const auto seed = parse_int(line.substr(digits, end - digits), 0, 4294967295LL);
    if (!seed || (end < line.size() && !blank(end))) {
        return std::nullopt;
    }
    return OwnSeed{"\n" + std::string(line.substr(0, digits)) + std::string(line.substr(end)),
                   static_cast<std::uint32_t>(*seed)};
}

// Requests one parser serves before it is built anew. CLI11 2.1's App::clear() leaves
// the list of options parsed (parse_order_) to grow by a pointer per option per request,
// about 40 bytes a line; a fresh parser every few thousand lines keeps memory flat at a
// cost too small to measure.
inline constexpr size_t k_runner_uses = 4096;

}  // namespace

void run_batch(Context& ctx)
{
    if (ctx.env().in == nullptr) {
        throw usage_error("batch: no standard input to read");
    }
    if (ctx.options.brief) {
        // accepted and ignored, it printed JSON lines all the same (hunt56); a line's own
        // --brief is refused as --json's excludes it
        throw usage_error("--brief: batch answers each line with one JSON line, never a brief line; run it "
                          "without --brief");
    }
    load::Catalog& catalog = ctx.catalog();
    const std::uint32_t seed = ctx.options.seed.value_or(core::fresh_seed());
    core::RandomSource stream(seed, ctx.options.position);
    TracingSource tracing(stream);
    // A batch with --log writes a log line per request, so every line runs in full.
    const bool use_memo = ctx.options.log.empty();
    Memo memo;
    std::vector<Face> faces;
    std::vector<Face> own_faces;
    std::map<std::string, std::unique_ptr<LineRunner>, std::less<>> runners;
    std::vector<std::string> common{"--json", "-q"};
    if (!ctx.options.log.empty()) {
        common.insert(common.end(), {"--log", ctx.options.log});
    }
    // What the batch was given for every line: its scenario and game, and --apply (its
    // tables are the catalog the lines share). They were dropped: 'umpire --game g.toml
    // --apply batch' applied nothing and said so nowhere. A line that names one of them
    // itself has its own instead.
    std::vector<std::vector<std::string>> given;
    if (!ctx.options.scenario.empty()) {
        given.push_back({"--scenario", ctx.options.scenario});
    }
    if (!ctx.options.game.empty()) {
        given.push_back({"--game", ctx.options.game});
    }
    if (ctx.options.apply) {
        given.push_back({"--apply"});
    }
    // DESIGN.md principle 8: provisional data warns on standard error, here once per
    // provisional table for the whole batch (its lines run quiet, their stderr unread).
    WarnedOnce warned{&ctx.err(), ctx.options.quiet, {}};
    std::string answers;  // written out in large pieces, and whenever input may wait
    auto flush = [&] {
        ctx.out().write(answers.data(), static_cast<std::streamsize>(answers.size()));
        answers.clear();
        ctx.flush_out();
    };
    LineReader reader(*ctx.env().in, flush);
    int worst = 0;
    size_t number = 0;
    std::string_view line;
    // A line that is not answered: an error line in its place, and the exit code.
    auto refuse = [&](std::string_view shown, int code, std::string_view message) {
        answers += error_line(number, shown, code, message);
        worst = std::max(worst, code);
    };
    // Each answer says which request line it answers.
    auto answer_lines = [&](std::string_view printed) {
        for (std::string_view rest = printed; !rest.empty();) {
            const size_t end = std::min(rest.find('\n'), rest.size() - 1) + 1;
            format::append_with_line(answers, rest.substr(0, end), number);
            rest.remove_prefix(end);
        }
    };
    for (LineReader::Got got; (got = reader.next(line)) != LineReader::Got::end;) {
        ++number;
        if (answers.size() >= (size_t{1} << 16)) {
            flush();
        }
        if (got == LineReader::Got::too_long) {
            refuse(line.substr(0, 80), 64, "line longer than " + std::to_string(k_max_batch_line) + " bytes");
            continue;
        }
        if (number == 1 && line.starts_with("\xEF\xBB\xBF")) {
            line.remove_prefix(3);  // a byte-order mark an editor left (table import takes one too)
        }
        const std::uint64_t position = stream.position();
        std::optional<OwnSeed> own;
        std::optional<core::RandomSource> own_engine;
        if (use_memo) {
            const Repeatable* answer = nullptr;
            try {
                answer = memo.walk(line, stream, faces);
                // A line not kept as it is, with its own seed: kept without the seed, its dice
                // drawn from that seed's engine, not the stream.
                if (answer == nullptr && faces.empty() && (own = own_seed(line))) {
                    own_engine.emplace(own->seed, own->position);
                    answer = memo.walk(own->key, *own_engine, own_faces);
                }
            } catch (const Error& e) {  // the stream at its last position: this line's answer
                refuse(line, static_cast<int>(e.code()), e.what());
                continue;
            }
            if (answer != nullptr) {
                if (answer->stream_fields) {
                    answer->json.fill(answers, own ? own->seed : seed, own ? own->position : position, number);
                } else {
                    format::append_with_line(answers, answer->json.head, number);
                }
                continue;
            }
        }
        const bool json_request =
            line.find_first_not_of(" \t") != std::string_view::npos && line[line.find_first_not_of(" \t")] == '{';
        auto words = json_request ? load::parse_json_request(line) : split_words(line);
        if (!words) {
            refuse(line, 64, words.error());
            continue;
        }
        std::vector<std::string> request = std::move(*words);
        if (!request.empty() && request.front() == "umpire") {
            request.erase(request.begin());
        }
        if (json_request && request.empty()) {
            refuse(line, 64, "JSON request: \"args\" is empty; give the command and its options");
            continue;
        }
        if (request.empty() || request.front().rfind("#", 0) == 0) {
            continue;  // blank lines and comments are not requests
        }
        // 'help roll' is 'roll --help' (as outside a batch), refused below as it is
        request = with_help_spelled_out(request);
        if (std::any_of(request.begin(), request.end(), [](const std::string& w) {
                return w == "-h" || w == "--help" || w == "--help-all" || w == "--version";
            })) {
            // the command asked of (past a global option's value: '--seed 3 help melee' is
            // melee's), with its action ('help table show')
            std::string asked;
            try {
                asked = command_of(request);
            } catch (const Error&) {
            }
            if (const auto at = std::find(request.begin(), request.end(), asked);
                !asked.empty() && at + 1 != request.end() && !(at + 1)->starts_with("-")) {
                asked += " " + *(at + 1);
            }
            const bool version = std::find(request.begin(), request.end(), "--version") != request.end();
            refuse(line, 64,
                   "help and version are not answers a batch can give in JSON; run 'umpire " +
                       (version ? std::string("--version") : (asked.empty() ? std::string() : asked + " ") + "--help") +
                       "' outside the batch");
            continue;
        }
        // -q on the line quiets its own warning (PROVISIONAL DATA), as on the batch; a later
        // line without it that reads the same table is warned of it then.
        const auto end = std::find(request.begin(), request.end(), "--");
        warned.quiet = ctx.options.quiet || std::any_of(request.begin(), end, [](const std::string& w) {
                           return w == "-q" || w == "--quiet";
                       });
        std::vector<std::string> args = common;
        for (const auto& option : given) {
            const std::string& name = option.front();
            if (std::none_of(request.begin(), request.end(), [&](const std::string& w) {
                    return w == name || (w.starts_with(name) && w[name.size()] == '=');
                })) {
                args.insert(args.end(), option.begin(), option.end());
            }
        }
        args.insert(args.end(), request.begin(), request.end());
        std::string command;
        try {
            command = command_of(args);
        } catch (const Error& e) {
            refuse(line, static_cast<int>(e.code()), e.what());
            continue;
        }
        if (const std::string why = refused_inside("batch", args, false); !why.empty()) {
            refuse(line, 64, why);
            continue;
        }
        auto at = runners.find(command);
        if (at == runners.end()) {
            at = runners.emplace(command, std::make_unique<LineRunner>(ctx.env(), command)).first;
        } else if (++at->second->uses >= k_runner_uses) {
            at->second = std::make_unique<LineRunner>(ctx.env(), command);
        }
        LineRunner& line_runner = *at->second;
        line_runner.out.str("");
        line_runner.err.str("");
        tracing.begin(faces);
        std::optional<TracingSource> own_tracing;
        if (own) {
            own_tracing.emplace(*own_engine);
            own_tracing->begin(own_faces);
        }
        std::optional<Repeatable> learnt;
        bool drew_own = false;
        const RunResult result = line_runner.runner.run(
            args,
            [&](Context& line_ctx) {
                line_ctx.share(&catalog, &tracing, seed, position);
                line_ctx.warn_once(&warned);
                if (own) {
                    line_ctx.share_own(&*own_tracing, own->seed, own->position);
                }
            },
            [&](const Context& line_ctx) {
                learnt = line_ctx.repeatable();
                drew_own = line_ctx.drew_own();
            });
        if (result.code != 0 && result.error.empty()) {
            // an answer whose exit code says something (seed verify: no match): printed
            // as it is, and the code kept for the batch's
            worst = std::max(worst, result.code);
            answer_lines(line_runner.out.view());
        } else if (result.code != 0) {
            refuse(line, result.code, result.error);
        } else if (!tracing.replay_matched() || (drew_own && !own_tracing->replay_matched())) {
            refuse(line, static_cast<int>(ExitCode::internal),
                   "internal error: the request drew different dice on a second run");
        } else {
            answer_lines(line_runner.out.view());
            // Context::repeatable() is set only when the line printed one JSON answer and nothing else.
            // A line with its own seed is kept under its key when its dice were that seed's
            // engine's, or when its answer names no seed (odds).
            if (use_memo && learnt && own && (drew_own || !learnt->stream_fields)) {
                memo.learn(own->key, drew_own ? own_tracing->trace() : std::vector<Face>{}, std::move(*learnt));
            } else if (use_memo && learnt && !own) {
                memo.learn(line, tracing.trace(), std::move(*learnt));
            }
        }
    }
    flush();
    ctx.exit_code = worst;
}

void setup_batch(CLI::App& app, Context& ctx)
{
    auto* sub = app.add_subcommand("batch", "One request per standard-input line, one JSON line out per request");
    sub->footer(
        "Each line is a command as typed after 'umpire' (a leading 'umpire' is allowed; blank\n"
        "lines and # comments are skipped). Lines without their own --seed draw from one stream\n"
        "seeded by the batch's --seed, so a seeded batch replays whole; each output line gives\n"
        "its seed and position. A bad line yields {\"line\": N, \"request\": ..., \"error\": {...}}\n"
        "and the batch goes on; the exit code is the worst line's. A provisional table is warned\n"
        "of on stderr once for the whole batch, not once per line. Tables are read once, and\n"
        "a line seen before is answered from memory when its dice fall as they fell before.\n"
        "Answers are written as soon as no more input is waiting, so a script may talk to a\n"
        "running batch one line at a time. A line starting with { is a JSON request,\n"
        "{\"args\": [\"melee\", \"--attacker\", \"4\", ...]}, for scripts that would rather not\n"
        "quote. Lines are limited to 65536 bytes.\n"
        "Examples:\n  printf 'melee --attacker 4 --defender 3\\nram --strength 2 --defense B\\n' | umpire --seed 7 "
        "batch\n"
        "  echo '{\"args\": [\"wind\", \"--odds\"]}' | umpire batch\n"
        "  umpire --log game.jsonl batch < requests.txt");
    sub->callback([&ctx] { run_batch(ctx); });
}

}  // namespace umpire::cli
