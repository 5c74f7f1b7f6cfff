// batch, --log, replay and seed commitment, in process.
#include "../helpers.h"
#include "load/log.h"
#include "util/sha256.h"
#include "util/text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/resource.h>

using namespace umpire;
using test::contains;

namespace {

test::CliResult run_with_input(const std::vector<std::string>& args, const std::string& input)
{
    std::istringstream in(input);
    cli::Environment env;
    env.in = &in;
    return test::run_cli(args, env);
}

// A batch answer as the same request answers alone: without the "line" it answers.
std::string without_line(const std::string& answer, size_t line)
{
    const std::string number = ",\"line\":" + std::to_string(line);
    const std::string open = "{\"schema_version\":1";
    REQUIRE(answer.rfind(open + number, 0) == 0);
    return open + answer.substr(open.size() + number.size());
}

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> out;
    for (auto& line : split(text, '\n')) {
        if (!line.empty()) {
            out.push_back(line);
        }
    }
    return out;
}

std::string temp_path(const std::string& name)
{
    return (std::filesystem::temp_directory_path() / ("umpire-" + std::to_string(::getpid()) + "-" + name)).string();
}

}  // namespace

TEST_CASE("words: quotes and escapes split like a shell", "[util][batch]")
{
    CHECK(*split_words("melee --attacker 4  --defender 'Genoa:leader'") ==
          std::vector<std::string>{"melee", "--attacker", "4", "--defender", "Genoa:leader"});
    CHECK(*split_words(R"(a "b c" d\ e)") == std::vector<std::string>{"a", "b c", "d e"});
    CHECK(split_words("a 'b").error() == "unclosed ' quote");
    // a backslash ending the line escapes nothing: a shell would read on, a batch line is one
    // request, so it is refused (it was a word of one backslash: "is neither dice nor a number")
    CHECK_FALSE(split_words(R"(roll 2d6 \)"));
    CHECK(split_words(R"(roll 2d6 \)").error().find("a backslash ends the line") != std::string::npos);
    CHECK_FALSE(split_words(R"(a \\\)"));
    CHECK(*split_words(R"(a b\\)") == std::vector<std::string>{"a", R"(b\)"});
    CHECK(*split_words(R"(a 'b\')") == std::vector<std::string>{"a", R"(b\)"});
    // a # after the first word is a word: roll's label ("roll 2d6 # morale" in a batch or the
    // shell), not a comment as a shell would read it
    CHECK(*split_words("roll 2d6 # morale check") == std::vector<std::string>{"roll", "2d6", "#", "morale", "check"});
}

TEST_CASE("batch: one JSON line per request, bad lines reported and the batch goes on", "[cli][batch]")
{
    auto r = run_with_input({"--seed", "7", "batch"}, "melee --attacker 4 --defender 3 --roll 4\n\n# a comment\n"
                                                      "ram --strength 9 --defense B\numpire wind --roll 9,7\n");
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(contains(lines[0], R"("command":"melee")"));
    CHECK(lines[1] ==
          R"({"schema_version":1,"line":4,"request":"ram --strength 9 --defense B","error":{"code":64,"message":")"
          "--strength 9: a ram strength is 1 to 4, the columns of table constantinople.ram (15.42)\"}}");
    CHECK(contains(lines[2], R"("code":"NE")"));
    CHECK(r.code == 64);  // the worst line
}

TEST_CASE("batch: lines share one seeded stream, so a seeded batch replays whole", "[cli][batch]")
{
    const std::string input = "roll d6\nroll d6\nroll d6\n";
    auto a = run_with_input({"--seed", "11", "batch"}, input);
    auto b = run_with_input({"--seed", "11", "batch"}, input);
    CHECK(a.code == 0);
    CHECK(a.out == b.out);
    auto lines = lines_of(a.out);
    REQUIRE(lines.size() == 3);
    CHECK(contains(lines[0], R"("seed":11,"position":0)"));
    CHECK(contains(lines[1], R"("seed":11,"position":1)"));
    // The stream is not restarted per line: three d6 from seed 11, in turn.
    core::RandomSource stream(11);
    for (const auto& line : lines) {
        CHECK(contains(line, R"("value":)" + std::to_string(stream.face(6))));
    }
}

TEST_CASE("log: one whole JSON line per resolution, replayable", "[cli][log]")
{
    std::string log = temp_path("game.jsonl");
    std::filesystem::remove(log);
    CHECK(test::run_cli({"--log", log, "--seed", "3", "melee", "--attacker", "4", "--defender", "3"}).code == 0);
    CHECK(run_with_input({"--log", log, "--seed", "5", "batch"}, "ram --strength 4 --defense A\nwind\n").code == 0);
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto lines = lines_of(text);
    REQUIRE(lines.size() == 3);
    auto entry = load::parse_log_line(lines[0]);
    REQUIRE(entry);
    CHECK(entry->seed == 3);
    CHECK(entry->tables.size() == 1);
    CHECK(entry->tables[0].first == "constantinople.melee");
    CHECK(entry->tables[0].second.size() == 64);
    auto replay = test::run_cli({"replay", log});
    CHECK(replay.code == 0);
    CHECK(contains(replay.out, "3 resolution(s) replayed, 0 differ"));
    std::filesystem::remove(log);
}

TEST_CASE("replay: a changed table or result is reported with its line", "[cli][log]")
{
    std::string log = temp_path("changed.jsonl");
    std::filesystem::remove(log);
    REQUIRE(test::run_cli({"--log", log, "ram", "--strength", "4", "--defense", "A", "--roll", "5,5"}).code == 0);
    std::ifstream in(log);
    std::string line;
    std::getline(in, line);
    in.close();
    auto at = line.find(R"("code":"sunk")");
    REQUIRE(at != std::string::npos);
    line.replace(at, 13, R"("code":"pinned")");
    std::ofstream(log) << line << "\n";
    auto r = test::run_cli({"replay", log});
    CHECK(r.code == 65);
    CHECK(contains(r.err, log + ":1: result.code: logged pinned, now sunk"));
    std::filesystem::remove(log);
}

TEST_CASE("seed: a commitment verifies with its seed and nonce, and not with another seed", "[cli][seed]")
{
    const std::string nonce = "00ff00ff00ff00ff00ff00ff00ff00ff";
    std::string commitment = sha256_hex("umpire-seed:42:" + nonce);
    CHECK(test::run_cli({"seed", "verify", "--seed", "42", "--nonce", nonce, "--commitment", commitment}).code == 0);
    // Case does not matter in either hex value.
    std::string upper_commitment = commitment;
    std::transform(upper_commitment.begin(), upper_commitment.end(), upper_commitment.begin(), ::toupper);
    CHECK(test::run_cli({"seed", "verify", "--seed", "42", "--nonce", "00FF00FF00FF00FF00FF00FF00FF00FF",
                         "--commitment", upper_commitment})
              .code == 0);
    auto wrong = test::run_cli({"seed", "verify", "--seed", "43", "--nonce", nonce, "--commitment", commitment});
    CHECK(wrong.code == 65);
    CHECK(contains(wrong.out, "do NOT match"));
    auto made = test::run_cli({"--json", "seed", "commit"});
    CHECK(made.code == 0);
    CHECK(contains(made.out, R"("commitment":")"));
    // commit draws seeds to 4294967295; verify took them only to 2147483647 (exit 64 for
    // half of all commitments)
    const std::string high = sha256_hex("umpire-seed:4294967295:" + nonce);
    CHECK(test::run_cli({"seed", "verify", "--seed", "4294967295", "--nonce", nonce, "--commitment", high}).code == 0);
    auto past = test::run_cli({"seed", "verify", "--seed", "4294967296", "--nonce", nonce, "--commitment", high});
    CHECK(past.code == 64);
    CHECK(contains(past.err, "--seed: "));
    CHECK(contains(past.err, "4294967295"));
    CHECK(test::run_cli({"seed", "verify", "--seed", "-1", "--nonce", nonce, "--commitment", high}).code == 64);
}

namespace {

// A field of a JSON answer line by key: the text after "KEY": up to the next , or }.
std::string json_number(const std::string& line, const std::string& key)
{
    auto at = line.rfind("\"" + key + "\":");
    REQUIRE(at != std::string::npos);
    at += key.size() + 3;
    return line.substr(at, line.find_first_of(",}", at) - at);
}

// A stream that hands out its text a few bytes at a time, recording at each wait how
// many answer lines the batch had written by then.
class Trickle : public std::streambuf {
public:
    Trickle(std::string text, size_t step, const std::ostringstream& out)
        : m_text(std::move(text))
        , m_step(step)
        , m_out(out)
    {
    }
    std::vector<std::pair<size_t, size_t>> waits;  // (bytes handed out, answer lines written)

protected:
    int_type underflow() override
    {
        if (m_at >= m_text.size()) {
            return traits_type::eof();
        }
        const std::string written = m_out.str();
        waits.emplace_back(m_at, static_cast<size_t>(std::count(written.begin(), written.end(), '\n')));
        const size_t n = std::min(m_step, m_text.size() - m_at);
        setg(m_text.data() + m_at, m_text.data() + m_at, m_text.data() + m_at + n);
        m_at += n;
        return traits_type::to_int_type(*gptr());
    }

private:
    std::string m_text;
    size_t m_step;
    size_t m_at = 0;
    const std::ostringstream& m_out;
};

}  // namespace

TEST_CASE("batch: a line seen before answers exactly as the line run on its own at its seed and position",
          "[cli][batch]")
{
    // Repeats make batch answer from its memo (issue 5's speed); each answer must be what
    // a standalone run of the line gives at the seed and position the answer reports.
    const std::vector<std::string> requests{
        "melee --attacker 4 --attacker 4 --defender 5",
        "melee --attacker 5 --attacker 3 --defender 8 --exchange --split 2,6",
        "ram --strength 2 --defense B",
        "wind --roll 9",
        "roll 2d6 d4",
        "suppress --stand open --stand soft:armour",
        "crt --attack 5 --defense 3",
        "hits --attacker fighter:2red --defender fighter:white",
        "melee --attacker 8 --defender 2 --odds",
    };
    std::string input;
    for (int i = 0; i < 60; ++i) {
        for (const auto& r : requests) {
            input += r + "\n";
        }
    }
    auto batch = run_with_input({"--seed", "99", "batch"}, input);
    REQUIRE(batch.code == 0);
    auto lines = lines_of(batch.out);
    REQUIRE(lines.size() == 60 * requests.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string& request = requests[i % requests.size()];
        std::vector<std::string> args{"--json", "-q"};
        if (!contains(request, "--odds")) {
            CHECK(json_number(lines[i], "seed") == "99");
            args.insert(args.end(), {"--seed", "99", "--position", json_number(lines[i], "position")});
        }
        const auto words = split_words(request);
        REQUIRE(words);
        args.insert(args.end(), words->begin(), words->end());
        auto alone = test::run_cli(args);
        REQUIRE(alone.code == 0);
        INFO("line " << i + 1 << ": " << request);
        CHECK(without_line(lines[i], i + 1) + "\n" == alone.out);
    }
    // The stream is not rewound by the memo: positions rise line after line.
    CHECK(std::stoull(json_number(lines[lines.size() - 2], "position")) >
          std::stoull(json_number(lines[0], "position")));
}

TEST_CASE("batch: lines with their own seed answer from memory exactly as each line run alone", "[cli][batch]")
{
    // A line with its own --seed is answered from the memo under its text without the
    // seed's digits, its dice drawn from an engine of that seed: each answer must be what
    // the line gives on its own. Seeds repeat dice paths (melee's two d6), are written
    // with leading zeros and as --seed=N; lines the memo must leave alone run in full.
    const std::vector<std::string> requests{
        "melee --attacker 4 --attacker 4 --defender 5 --seed {}",
        "roll 2d6 d4 --seed={}",
        "close-combat --attacker-stands 3 --defender-stands 4 --seed 0{}",
        "--seed {} hits --attacker fighter:2red --defender fighter:white",
        "melee --attacker 8 --defender 2 --odds --seed {}",
        "ram --strength 2 --defense B --seed {} --position 3",
        "roll -n 3 2d6 --seed {}",
        "wind --seed {} --seed 5",
    };
    std::string input;
    std::vector<std::string> sent;
    for (int i = 0; i < 90; ++i) {
        for (const auto& r : requests) {
            const std::string line = r.substr(0, r.find("{}")) + std::to_string(i % 45) + r.substr(r.find("{}") + 2);
            input += line + "\n";
            sent.push_back(line);
        }
    }
    auto batch = run_with_input({"--seed", "99", "batch"}, input);
    auto lines = lines_of(batch.out);
    REQUIRE(lines.size() == sent.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        std::vector<std::string> args{"--json", "-q"};
        const auto words = split_words(sent[i]);
        REQUIRE(words);
        args.insert(args.end(), words->begin(), words->end());
        auto alone = test::run_cli(args);
        INFO("line " << i + 1 << ": " << sent[i]);
        if (alone.code != 0) {
            CHECK(contains(lines[i], "\"error\""));  // two seeds: refused, as alone
            continue;
        }
        CHECK(without_line(lines[i], i + 1) + "\n" == alone.out);
    }
}

TEST_CASE("batch: lines that depend on a file are not answered from memory", "[cli][batch]")
{
    std::string state = temp_path("weather-state.toml");
    std::filesystem::remove(state);
    const std::string line = "weather --game novorossiysk --state " + state + "\n";
    auto r = run_with_input({"--seed", "4", "batch"}, line + line + line);
    REQUIRE(r.code == 0);
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    // Each line moves the time counter on (11.0): the same text, three different phases.
    CHECK(contains(lines[0], R"("phase":"morning")"));
    CHECK(contains(lines[1], R"("phase":"afternoon")"));
    CHECK(contains(lines[2], R"("phase":"night")"));
    std::filesystem::remove(state);

    auto own = run_with_input({"--seed", "4", "batch"}, "roll d100 --seed 8\nroll d100 --seed 8\n");
    auto own_lines = lines_of(own.out);
    REQUIRE(own_lines.size() == 2);
    CHECK(without_line(own_lines[0], 1) == without_line(own_lines[1], 2));
    CHECK(contains(own_lines[0], R"("seed":8,"position":0)"));
}

TEST_CASE("batch: --tables belongs to the batch, not to a line", "[cli][batch]")
{
    auto r = run_with_input({"batch"}, "--tables /tmp melee --attacker 4 --defender 3\n");
    CHECK(r.code == 64);
    CHECK(contains(
        r.out, "--tables on a batch line: the batch reads its tables once; give --tables to 'umpire batch' instead"));
    // a line that reads no table was answered, its --tables passed over without a word
    auto roll = run_with_input({"--seed", "1", "batch"}, "--tables /nonexistent roll 2d6\nroll 2d6 --tables /tmp\n");
    CHECK(roll.code == 64);
    const auto lines = lines_of(roll.out);
    REQUIRE(lines.size() == 2);
    for (const auto& line : lines) {
        CHECK(contains(line, "--tables on a batch line"));
    }
}

TEST_CASE("odds: --apply with --odds is refused, not passed over (nothing is rolled to apply)", "[cli][game]")
{
    const test::TempDir dir("odds-apply");
    const std::string game = dir / "g.toml";
    REQUIRE(test::run_cli({"game", "new", "constantinople", game}).code == 0);
    const std::string before = test::slurp(game);
    auto r =
        test::run_cli({"--game", game, "--apply", "melee", "--attacker", "Galley-1", "--defender", "Venice", "--odds"});
    CHECK(r.code == 64);
    CHECK(contains(r.err, "--apply with --odds: the odds roll no die, so there is nothing to apply"));
    CHECK(test::slurp(game) == before);
    // --odds alone on the game still answers
    CHECK(test::run_cli({"--game", game, "melee", "--attacker", "Galley-1", "--defender", "Venice", "--odds"}).code ==
          0);
    // 'game next' writes as --apply does, but no --apply was typed: the refusal says what was.
    const std::string novo = dir / "n.toml";
    REQUIRE(test::run_cli({"game", "new", "novorossiysk", novo}).code == 0);
    const std::string novo_before = test::slurp(novo);
    auto next = test::run_cli({"--game", novo, "game", "next", "--odds"});
    CHECK(next.code == 64);
    CHECK_FALSE(contains(next.err, "--apply"));
    CHECK(contains(next.err, "game next --odds: 'game next' moves the game on and writes its step, and --odds "
                             "writes nothing; the odds of the weather the next step rolls"));
    CHECK(contains(next.err, "umpire --game " + novo + " weather --odds"));
    CHECK(test::slurp(novo) == novo_before);
    CHECK(test::run_cli({"--game", novo, "weather", "--odds"}).code == 0);
    // Constantinople's next step may roll the wind (14.23): its odds are wind's; the Black
    // Sea's rolls nothing, and its refusal says of no roll.
    const std::string siege = dir / "siege.toml";
    REQUIRE(test::run_cli({"game", "new", "constantinople", siege}).code == 0);
    CHECK(contains(test::run_cli({"--game", siege, "game", "next", "--odds"}).err,
                   "the odds of the wind the next step rolls, the game left as it is: umpire --game " + siege +
                       " wind --odds"));
    const std::string sea = dir / "sea.toml";
    REQUIRE(test::run_cli({"game", "new", "black-sea", sea}).code == 0);
    const auto black_sea = test::run_cli({"--game", sea, "game", "next", "--odds"});
    CHECK(black_sea.code == 64);
    CHECK_FALSE(contains(black_sea.err, "roll"));
}

TEST_CASE("batch: the batch's --game, --apply and --scenario go to every line, a line's own wins", "[cli][batch]")
{
    const test::TempDir dir("batch-game");
    const std::string game = dir / "g.toml";
    const std::string other = dir / "other.toml";
    for (const std::string& file : {game, other}) {
        REQUIRE(test::run_cli({"game", "new", "great-battles-example", file}).code == 0);
        REQUIRE(test::run_cli({"-q", "game", "next", file}).code == 0);
    }
    const auto journal_lines = [](const std::string& file) {
        const std::string text = test::slurp(file + ".journal");
        return std::count(text.begin(), text.end(), '\n');
    };
    // They were dropped: nothing applied, exit 0, no word of it; 'game status' asked for a file.
    auto r = run_with_input({"--game", game, "--apply", "batch"},
                            "suppress --unit I-Btl --stand open --roll 1\ngame status\n"
                            "suppress --unit II-Btl --stand open --roll 1 --game " +
                                other + "\n");
    CHECK(r.code == 0);
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(contains(lines[0], "\"applied\""));
    CHECK(contains(lines[1], R"("command":"game status")"));
    CHECK(journal_lines(game) == 3);   // new, next, the suppression
    CHECK(journal_lines(other) == 3);  // the line's own game
    CHECK(contains(test::slurp(other), "II-Btl"));
    // A scenario file named for the batch names the lines' units.
    const std::string scenario = dir / "mine.toml";
    std::string text = test::slurp(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/great-battles-example.toml");
    text.replace(text.find("\"I-Btl\""), 7, "\"Alpha\"");
    std::ofstream(scenario) << text;
    auto named = run_with_input({"--scenario", scenario, "batch"}, "suppress --unit Alpha --stand open --roll 1\n");
    CHECK(named.code == 0);
    CHECK(contains(named.out, R"("unit":"Alpha")"));
}

TEST_CASE("batch: an overlong line is an error line and is never held whole", "[cli][batch]")
{
    const std::string roll = "melee --attacker 4 --defender 3 --roll ";
    std::string input = roll + "2\n" + std::string(200000, 'x') + "\n" + roll + "5\r\n" + roll + "3";
    auto r = run_with_input({"batch"}, input);
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 4);
    CHECK(contains(lines[0], R"("value":2)"));
    CHECK(contains(lines[1], R"({"schema_version":1,"line":2,"request":"xxxxxxxx)"));
    CHECK(contains(lines[1], "line longer than 65536 bytes"));
    CHECK(contains(lines[2], R"("value":5)"));  // a CRLF line
    CHECK(contains(lines[3], R"("value":3)"));  // the last line needs no newline
    CHECK(r.code == 64);
}

TEST_CASE("batch: lines split across reads are whole, and answers are written before input is awaited", "[cli][batch]")
{
    std::string input;
    for (int i = 1; i <= 6; ++i) {
        input += "initiative --roll 3," + std::to_string(i) + "\n";
    }
    std::ostringstream out;
    std::ostringstream err;
    Trickle trickle(input, 5, out);  // lines of 22 bytes arrive 5 bytes at a time
    std::istream in(&trickle);
    cli::Environment env;
    env.in = &in;
    REQUIRE(cli::run({"batch"}, out, err, env) == 0);
    auto lines = lines_of(out.str());
    REQUIRE(lines.size() == 6);
    for (int i = 1; i <= 6; ++i) {
        CHECK(contains(lines[static_cast<size_t>(i - 1)],
                       R"("value":)" + std::to_string(i) + R"(,"given":true,"purpose":"initiative: Ottoman player")"));
    }
    // Whenever batch waited for more input, every line it had read whole was answered.
    REQUIRE(trickle.waits.size() > 6);
    for (const auto& [handed, answered] : trickle.waits) {
        INFO("after " << handed << " bytes");
        CHECK(answered == handed / 22);
    }
}

TEST_CASE("batch: a command's parser serves line after line without carrying options over", "[cli][batch]")
{
    // Own --seed: every line runs the full path through the command's kept parser. Each
    // line leaves out flags the line before gave; each answer must equal a standalone run.
    const std::vector<std::string> requests{
        "melee --attacker 4 --defender 3 --boom --exchange --seed 1",
        "melee --attacker 4 --defender 3 --seed 1",
        "melee --attacker 5 --attacker 2 --defender 4 --damaged-reading chart --seed 2",
        "melee --attacker 5 --defender 4:damaged --seed 2",
        "crt --attack 5 --defense 3 --dispersed --river all --seed 3",
        "crt --attack 5 --defense 3 --seed 3",
        "suppress --stand open --stand hard --seed 4",
        "suppress --stand open --seed 4",
        "check storm --seed 5 --roll 7",
        "check bombard --seed 5",
        "table lookup constantinople.melee --column 3 --seed 6",
        "table lookup constantinople.melee --column -3 --roll 6 --seed 6",
        "roll 2d6 d100 --seed 7",
        "roll d6 --seed 7",
        "melee --attacker 4 --defender 3 --bogus --seed 1",
        "melee --attacker 4 --defender 3 --seed 1",
    };
    std::string input;
    for (const auto& r : requests) {
        input += r + "\n";
    }
    auto batch = run_with_input({"batch"}, input);
    auto lines = lines_of(batch.out);
    REQUIRE(lines.size() == requests.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        INFO("line " << i + 1 << ": " << requests[i]);
        std::vector<std::string> args{"--json", "-q"};
        const auto words = split_words(requests[i]);
        REQUIRE(words);
        args.insert(args.end(), words->begin(), words->end());
        auto alone = test::run_cli(args);
        if (alone.code == 0) {
            CHECK(without_line(lines[i], i + 1) + "\n" == alone.out);
        } else {
            CHECK(contains(lines[i], R"("error":{"code":)" + std::to_string(alone.code)));
        }
    }
    CHECK(contains(lines[14], "--bogus"));
    CHECK(batch.code == 64);
}

TEST_CASE("batch: a JSON request line is read as the words of a command line", "[cli][batch]")
{
    auto r =
        run_with_input({"--seed", "3", "batch"},
                       "melee --attacker Genoa:leader --defender 'Galley-1' --roll 4\n"
                       R"({"args": ["melee", "--attacker", "Genoa:leader", "--defender", "Galley-1", "--roll", "4"]})"
                       "\n"
                       R"(  {"args": ["ram", "--strength", 4]})"
                       "\n"
                       R"({"argv": ["wind"]})"
                       "\n"
                       R"({"args": ["wind", "--roll", "9,7"])"
                       "\n"
                       R"({"args": ["wind", "--roll", "9,7"]})"
                       "\n");
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 6);
    CHECK(contains(lines[0], R"("command":"melee")"));
    // The same request either way, answered at the next place in the stream.
    const auto line_1 = without_line(lines[0], 1);
    const auto line_2 = without_line(lines[1], 2);
    CHECK(line_2.substr(0, line_2.find(R"("seed":)")) == line_1.substr(0, line_1.find(R"("seed":)")));
    CHECK(contains(lines[2], R"("line":3,)"));
    CHECK(contains(lines[2], R"(JSON request: \"args\" must hold only strings; found 4)"));
    CHECK(contains(lines[3], R"(JSON request: an object with \"args\", an array of strings, is expected)"));
    CHECK(contains(lines[4], R"(JSON request: not valid JSON)"));
    CHECK(contains(lines[5], R"("code":"NE")"));  // 14.23's example: 9 then 7
    CHECK(r.code == 64);
    // A key given twice kept its last value and ran it; it is refused, as an unknown key is.
    auto twice = run_with_input({"--seed", "3", "batch"}, R"({"args": ["roll", "2d6"], "args": ["wind"]})"
                                                          "\n");
    CHECK(contains(twice.out, R"(JSON request: \"args\" is given twice)"));
    CHECK(!contains(twice.out, R"("command":"wind")"));
    CHECK(twice.code == 64);
    // Another key given twice is unknown, not "args" given twice (hunt54); a nested value that
    // is no string is named, not echoed whole (64 KiB of brackets were).
    auto unknown = run_with_input({"batch"}, R"({"a": 1, "a": 1, "args": ["roll", "2d6"]})"
                                             "\n");
    CHECK(contains(unknown.out, R"(JSON request: unknown key \"a\"; only \"args\" is read)"));
    const std::string deep = std::string(20000, '[') + std::string(20000, ']');
    auto nested = run_with_input({"batch"}, R"({"args": )" + deep + "}\n");
    // past umpire's limit it is not read at all (hunt58: a journal line so deep crashed)
    CHECK(contains(nested.out, "JSON request: arrays and objects nested deeper than 256"));
    // the line itself is the answer's "request", as every refused line's is
    CHECK(nlohmann::json::parse(nested.out)["error"]["message"].get<std::string>().size() < 400);
    auto array = run_with_input({"batch"}, R"({"args": [["roll", "2d6"]]})"
                                           "\n");
    CHECK(contains(array.out, R"(must hold only strings; found an array)"));
}

TEST_CASE("batch: --help on a line is an error line, not lines of help text", "[cli][batch]")
{
    auto r = run_with_input({"batch"}, "melee --help\nwind --roll 9,7\n");
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] ==
          R"({"schema_version":1,"line":1,"request":"melee --help","error":{"code":64,"message":"help and version are )"
          R"(not answers a batch can give in JSON; run 'umpire melee --help' outside the batch"}})");
    CHECK(contains(lines[1], R"("code":"NE")"));
}

TEST_CASE("batch: help on a line is refused as --help is, naming what to run outside", "[cli][batch]")
{
    // umpire(1): help is a command ('umpire help roll' is 'umpire roll --help'); in a batch
    // it was "unknown command 'help' (did you mean 'shell'?)" (hunt45).
    auto r = run_with_input({"batch"}, "help\nhelp roll\n--seed 3 help melee\nwind --roll 9,7\n--version\n");
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 5);
    // the version is 'umpire --version', not --help (hunt49)
    CHECK(contains(lines[4], "run 'umpire --version' outside the batch"));
    const std::string refused = "help and version are not answers a batch can give in JSON; run 'umpire ";
    CHECK(contains(lines[0], refused + "--help' outside the batch"));
    CHECK(contains(lines[1], refused + "roll --help' outside the batch"));
    CHECK(contains(lines[2], refused + "melee --help' outside the batch"));
    CHECK(contains(lines[1], R"("request":"help roll")"));
    CHECK(contains(lines[3], R"("code":"NE")"));
    CHECK(r.code == 64);
}

TEST_CASE("batch: -q on a line quiets that line's provisional warning", "[cli][batch]")
{
    // umpire(1) batch: -q on the batch leaves the warning out, and on a line that line's;
    // a later line without it that reads the same table is warned then. (The Great Battles
    // morale chart is lost from its rules text: PROVISIONAL DATA.)
    const std::string morale = "morale --stands 4 --eliminated 1 --roll 1\n";
    const std::string warning = "umpire: warning: provisional data, not the published chart: ";
    const auto quiet = run_with_input({"--seed", "3", "batch"}, "-q " + morale);
    CHECK(quiet.code == 0);
    CHECK_FALSE(contains(quiet.err, warning));
    const auto then =
        run_with_input({"--seed", "3", "batch"}, "-q " + morale + "morale --stands 5 --eliminated 1 --roll 1\n");
    CHECK(lines_of(then.err).size() == 1);
    CHECK(contains(then.err, warning));
    CHECK_FALSE(contains(run_with_input({"-q", "--seed", "3", "batch"}, morale + morale).err, warning));
}

TEST_CASE("batch: a line that would read the batch's own input, take the terminal or print no answer is refused",
          "[cli][batch]")
{
    // table edit ran the editor on the batch's standard input (it ate the lines after it);
    // completion printed its script into the JSON stream; a request merely holding the word
    // "batch" (a label) was refused with batch itself.
    auto r = run_with_input({"--seed", "1", "batch"}, "batch\nshell\ncompletion bash\ntable edit constantinople.ram\n"
                                                      "table import constantinople.ram -\nreplay log.jsonl\n"
                                                      "roll 1d6 # batch\nwind --roll 9,7\n");
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 8);
    const std::vector<std::string> says{
        "batch reads standard input line by line: run 'umpire batch' outside the batch",
        "shell reads standard input line by line: run 'umpire shell' outside the batch",
        "completion prints a script for your shell, not an answer: run 'umpire completion' outside the batch",
        "table edit opens an editor on the terminal, and this batch's input is no terminal",
        "table import changes your tables, and a batch reads its tables once",
        "replay reads a log of its own: run 'umpire replay' outside the batch",
    };
    for (size_t i = 0; i < says.size(); ++i) {
        INFO(lines[i]);
        const auto doc = nlohmann::json::parse(lines[i]);
        CHECK(doc["error"]["code"] == 64);
        CHECK(contains(doc["error"]["message"].get<std::string>(), says[i]));
    }
    CHECK(nlohmann::json::parse(lines[6])["command"] == "roll");
    CHECK(contains(lines[7], R"("code":"NE")"));
    CHECK(r.code == 64);
}

TEST_CASE("batch: table import and table reset are refused, the batch's tables being read once", "[cli][batch][hunt56]")
{
    // umpire(1) batch: "Tables are read once", and a batch's answers are those of the same
    // requests run alone. An import on a line left later lines reading umpire's stand-in
    // (BR under 10:1 on a 6) where the imported chart, run alone, read DE (hunt56 #2).
    test::TempDir dir{"batch-import"};
    const std::string csv = dir / "crt.csv";
    std::ofstream(csv) << "die,1:4,1:3,1:2,1:1,3:2,2:1,3:1,4:1,5:1,7:1,10:1\n"
                          "1,AE,AE,AE,AD,AD,S,S,D1,X,D4,DX\n"
                          "2,AE,AE,AD,AD,S,S,D1,X,D4,DX,DE\n"
                          "3,AE,AD,AD,S,S,D1,X,D4,DX,DE,DE\n"
                          "4,AD,AD,S,S,D1,X,D4,DX,DE,DE,BR\n"
                          "5,AD,S,S,D1,X,D4,DX,DE,DE,BR,BR\n"
                          "6,S,S,D1,X,D4,DX,DE,DE,BR,BR,DE\n";
    std::istringstream in("table import russian-portfolio.crt " + csv +
                          "\ntable reset russian-portfolio.crt\ncrt --attack 10 --defense 1 --roll 6\n");
    cli::Environment env;
    env.in = &in;
    env.user_tables = dir / "tables";
    const auto r = test::run_cli({"-q", "--seed", "1", "batch"}, env);
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    for (size_t i = 0; i < 2; ++i) {
        INFO(lines[i]);
        const auto doc = nlohmann::json::parse(lines[i]);
        CHECK(doc["error"]["code"] == 64);
        const std::string message = doc["error"]["message"].get<std::string>();
        CHECK(contains(message, i == 0 ? "table import changes your tables" : "table reset changes your tables"));
        CHECK(contains(message, "outside the batch, before it"));
    }
    // nothing installed: the line after reads umpire's table, as the same request alone does
    CHECK_FALSE(std::filesystem::exists(dir / "tables/russian-portfolio/crt.toml"));
    cli::Environment alone_env;
    alone_env.user_tables = env.user_tables;
    const auto alone = test::run_cli(
        {"-q", "--json", "--seed", "1", "crt", "--attack", "10", "--defense", "1", "--roll", "6"}, alone_env);
    CHECK(without_line(lines[2], 3) == alone.out.substr(0, alone.out.size() - 1));
    CHECK(r.code == 64);
}

TEST_CASE("roll -n: with --json one object holds the totals, in a batch it needs its own seed", "[cli][batch]")
{
    auto one = test::run_cli({"--json", "--seed", "42", "roll", "-n", "4", "d6"});
    REQUIRE(one.code == 0);
    // Seed 42's first d6 faces, pinned in tests/core/dice_test.cc: 3, 5, 6, 2.
    CHECK(
        one.out ==
        R"({"schema_version":1,"command":"roll","expressions":["d6"],"count":4,"seed":42,"position":0,"totals":[3,5,6,2]})"
        "\n");
    auto two = test::run_cli({"--json", "--seed", "42", "roll", "-n", "2", "d6", "d6+1"});
    CHECK(contains(two.out, R"("totals":[[3,6],[6,3]]})"));

    auto batch = run_with_input({"--seed", "1", "batch"}, "roll -n 3 d6\nroll -n 4 d6 --seed 42\n");
    auto lines = lines_of(batch.out);
    REQUIRE(lines.size() == 2);
    CHECK(contains(lines[0], "roll -n in a batch draws a stream of its own: give the line its own --seed"));
    CHECK(contains(lines[1], R"("totals":[3,5,6,2]})"));
}

TEST_CASE("batch: --position on a line needs the line's own --seed", "[cli][batch]")
{
    auto r = run_with_input({"--seed", "42", "batch"}, "roll d6 --position 3\nroll d6 --position 3 --seed 42\n");
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(contains(lines[0], "--position on a batch line needs the line's own --seed"));
    // Seed 42's fourth d6 face (pinned in tests/core/dice_test.cc: 3, 5, 6, 2, ...).
    CHECK(contains(lines[1], R"("value":2,)"));
    CHECK(contains(lines[1], R"("seed":42,"position":3)"));
}

namespace {

// The table ids the audit log fingerprints for one call of ARGS.
std::vector<std::string> logged_tables(std::vector<std::string> args)
{
    std::string log = temp_path("tables.jsonl");
    std::filesystem::remove(log);
    args.insert(args.begin(), {"--log", log, "--seed", "1"});
    auto r = test::run_cli(args);
    REQUIRE(r.code == 0);
    std::ifstream in(log);
    std::string line;
    std::getline(in, line);
    std::filesystem::remove(log);
    auto entry = load::parse_log_line(line);
    REQUIRE(entry);
    std::vector<std::string> ids;
    for (const auto& [id, hash] : entry->tables) {
        ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST_CASE("log: a resolution fingerprints exactly the tables it read", "[cli][log]")
{
    using V = std::vector<std::string>;
    // A check is found among every table, but reads only its own (14.29).
    CHECK(logged_tables({"check", "storm"}) == V{"constantinople.storm"});
    CHECK(logged_tables({"melee", "--attacker", "4", "--defender", "3"}) == V{"constantinople.melee"});
    CHECK(logged_tables({"wind"}) == V{"constantinople.wind-direction", "constantinople.wind-velocity"});
    // Morale reads its chart and the casualty-point weights (15.1).
    CHECK(logged_tables({"morale", "--stands", "4", "--eliminated", "1"}) ==
          V{"great-battles.morale", "great-battles.procedures"});
    // A rally number given is no table read; one read by quality is (14.7.3).
    CHECK(logged_tables({"rally", "--rally-number", "8", "--suppressed", "1"}).empty());
    CHECK(logged_tables({"rally", "--quality", "average", "--suppressed", "1"}) == V{"great-battles.rally-numbers"});
    CHECK(logged_tables({"close-combat", "--attacker-stands", "2", "--attacker-rally-number", "8", "--defender-stands",
                         "2", "--defender-quality", "raw"}) == V{"great-battles.rally-numbers"});
    // The CRT's shifts are its own [[shift]]s, the river's (X.B.2), the winter offensive's
    // (VI.B.3) and the Dispersed column's (VII.B); procedures (breakdown, XIII.C) and the No
    // Retreat table only when the request needs them.
    CHECK(logged_tables({"crt", "--attack", "5", "--defense", "3"}) == V{"russian-portfolio.crt"});
    CHECK(logged_tables({"crt", "--attack", "5", "--defense", "3", "--dispersed"}) == V{"russian-portfolio.crt"});
    CHECK(logged_tables({"crt", "--attack", "5", "--defense", "3", "--river", "all"}) == V{"russian-portfolio.crt"});
    CHECK(logged_tables({"crt", "--attack", "5", "--defense", "3", "--armor", "--side", "axis"}) ==
          V{"russian-portfolio.crt", "russian-portfolio.procedures"});
    CHECK(logged_tables({"overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3",
                         "--weather", "good", "--terrain", "clear"}) ==
          V{"russian-portfolio.overrun", "russian-portfolio.overrun-terrain"});
    // Surprise worked out from the time of day reads the day ratio (N4).
    CHECK(logged_tables({"hits", "--attacker", "small", "--defender", "large:red"}) == V{"novorossiysk.hit-dice"});
    CHECK(logged_tables({"hits", "--attacker", "small", "--defender", "large:red", "--time", "day", "--moved-in"}) ==
          V{"novorossiysk.hit-dice", "novorossiysk.procedures"});
    CHECK(logged_tables({"always-possible", "--needed", "6", "--best", "5"}) == V{"black-sea.procedures"});
    CHECK(logged_tables({"infiltrate", "--morale", "10"}) == V{"great-battles.procedures"});
    CHECK(logged_tables({"drift", "--altitude", "high", "--stands", "1"}) == V{"great-battles.procedures"});
}

TEST_CASE("replay: overriding a table the line did not read changes nothing", "[cli][log]")
{
    std::string log = temp_path("unrelated.jsonl");
    std::filesystem::remove(log);
    REQUIRE(test::run_cli({"--log", log, "check", "storm"}).code == 0);
    // black-sea.fuel, changed: a referee's own copy with a different source line.
    auto dir = std::filesystem::path(temp_path("override"));
    std::filesystem::create_directories(dir / "black-sea");
    std::ifstream shipped(std::string(UMPIRE_SOURCE_DIR) + "/tables/black-sea/fuel.toml");
    std::stringstream text;
    text << shipped.rdbuf() << "\n# the referee's copy\n";
    std::ofstream(dir / "black-sea" / "fuel.toml") << text.str();
    auto r = test::run_cli({"--tables", dir.string(), "replay", log});
    CHECK(r.out == "1 resolution(s) replayed, 0 differ\n");
    CHECK(r.code == 0);
    // The table the line did read, changed, is reported.
    std::filesystem::create_directories(dir / "constantinople");
    std::ifstream storm(std::string(UMPIRE_SOURCE_DIR) + "/tables/constantinople/storm.toml");
    std::stringstream storm_text;
    storm_text << storm.rdbuf() << "\n# the referee's copy\n";
    std::ofstream(dir / "constantinople" / "storm.toml") << storm_text.str();
    auto changed = test::run_cli({"--tables", dir.string(), "replay", log});
    CHECK(contains(changed.err, "table changed: constantinople.storm"));
    CHECK(changed.code == 65);
    std::filesystem::remove_all(dir);
    std::filesystem::remove(log);
}

TEST_CASE("replay: a line logged with --tables replays with replay's own tables, checked by their SHA-256",
          "[cli][log]")
{
    // The referee's own chart given with --tables: every such line was "now fails: --tables
    // on a batch line" in replay and luck, his game's journal too (hunt48 F1).
    const test::TempDir dir("replay-tables");
    std::filesystem::create_directories(dir / "tables/constantinople");
    std::ifstream storm(std::string(UMPIRE_SOURCE_DIR) + "/tables/constantinople/storm.toml");
    std::stringstream text;
    text << storm.rdbuf();
    std::string mine = text.str();
    const std::string title = "title = \"";
    REQUIRE(mine.find(title) != std::string::npos);
    mine.insert(mine.find(title) + title.size(), "The referee's ");
    std::ofstream(dir / "tables/constantinople/storm.toml") << mine;
    const std::string log = dir / "game.jsonl";
    const std::string tables = dir / "tables";
    REQUIRE(test::run_cli({"-q", "--tables", tables, "--log", log, "--seed", "5", "check", "storm"}).code == 0);
    auto same = test::run_cli({"--tables", tables, "replay", log});
    CHECK(same.out == "1 resolution(s) replayed, 0 differ\n");
    CHECK(same.code == 0);
    CHECK(test::run_cli({"--tables", tables, "--json", "luck", log}).out.find("\"not_ranked\":[]") !=
          std::string::npos);
    // Without them, umpire's table is another: said, with the directory the line read.
    auto other = test::run_cli({"replay", log});
    CHECK(other.code == 65);
    CHECK(contains(other.err, "table changed: constantinople.storm (the line read tables from --tables " + tables +
                                  ": give replay the same --tables)"));
}

TEST_CASE("replay: runs only resolutions, in memory, and never touches a state file", "[cli][log]")
{
    const std::string state = temp_path("replay-state.toml");
    const std::string log = temp_path("replay-state.jsonl");
    std::filesystem::remove(state);
    std::filesystem::remove(log);
    for (const char* seed : {"3", "4"}) {
        REQUIRE(
            test::run_cli({"-q", "--log", log, "--seed", seed, "weather", "--game", "novorossiysk", "--state", state})
                .code == 0);
    }
    std::ifstream before_in(state);
    std::stringstream before;
    before << before_in.rdbuf();
    // Both lines re-resolve from the state the log kept with them; the game does not move on.
    auto replay = test::run_cli({"replay", log});
    CHECK(replay.out == "2 resolution(s) replayed, 0 differ\n");
    CHECK(replay.code == 0);
    std::ifstream after_in(state);
    std::stringstream after;
    after << after_in.rdbuf();
    CHECK(after.str() == before.str());

    // Forged lines: a replay of the log itself (it recursed until it crashed), a roll -n
    // of a billion, a --state line without its state, batch: each refused, nothing run.
    std::ifstream first_in(log);
    std::string first;
    std::getline(first_in, first);
    first_in.close();
    auto forged = [&](const std::string& argv) {
        std::string line = first;
        const auto at = line.find("\"argv\":");
        const auto end = line.find(']', at);
        return line.substr(0, at) + "\"argv\":" + argv + line.substr(end + 1) + "\n";
    };
    const std::string evil = temp_path("evil.jsonl");
    const std::string elsewhere = temp_path("elsewhere.toml");
    std::ofstream(evil) << forged("[\"replay\",\"" + evil + "\"]") << forged(R"(["roll","-n","1000000000","2d6"])")
                        << forged(R"(["batch"])");
    auto r = test::run_cli({"replay", evil});
    CHECK(r.code == 65);
    CHECK(r.err.find(evil + ":1: not replayed: 'replay' is not a resolution") != std::string::npos);
    CHECK(r.err.find(evil + ":2: not replayed: roll -n prints totals") != std::string::npos);
    CHECK(r.err.find(evil + ":3: not replayed: 'batch' is not a resolution") != std::string::npos);
    std::string no_state = first;
    const auto sb = no_state.find(",\"state_before\":");
    REQUIRE(sb != std::string::npos);
    no_state.erase(sb, no_state.find(",\"resolution\"") - sb);
    std::ofstream(evil) << no_state << "\n";
    auto stateless = test::run_cli({"replay", evil});
    CHECK(stateless.err.find("not replayed: a --state line without the state before it") != std::string::npos);
    CHECK(!std::filesystem::exists(elsewhere));

    // Forged lines that would write a file or wait for a person: game new at a path of the
    // forger's choosing (replay made the game and its journal there), game rebuild, the
    // shell, and the commands that run others. None is run; luck passes them over too.
    std::ofstream(evil) << forged("[\"game\",\"new\",\"constantinople\",\"" + elsewhere + "\"]")
                        << forged("[\"game\",\"rebuild\",\"" + elsewhere + "\"]") << forged(R"(["shell"])")
                        << forged(R"(["completion","bash"])") << forged(R"(["compare","wind","wind"])")
                        << forged(R"(["plan","crt","--attack","5","--defense","3"])")
                        << forged("[\"luck\",\"" + evil + "\"]");
    auto writes = test::run_cli({"replay", evil});
    CHECK(writes.code == 65);
    CHECK(writes.out.find("2 passed over (game new, undo, redo, set, rebuild and recover write files)") !=
          std::string::npos);
    for (const char* what : {":3: not replayed: 'shell'", ":4: not replayed: 'completion'",
                             ":5: not replayed: 'compare'", ":6: not replayed: 'plan'", ":7: not replayed: 'luck'"}) {
        CHECK(writes.err.find(evil + what) != std::string::npos);
    }
    auto luck = test::run_cli({"luck", evil});
    CHECK(luck.code == 0);
    CHECK(luck.out.find("line 1 (game): game new rolls nothing and is not run again") != std::string::npos);
    CHECK(!std::filesystem::exists(elsewhere));
    CHECK(!std::filesystem::exists(elsewhere + ".journal"));

    // Forged lines that remove or install the referee's tables, start $EDITOR, or make and
    // trust keys (replay ran them all): only table lookup, of table's actions, resolves.
    const test::TempDir mine("replay-mine");
    cli::Environment env;
    env.user_tables = mine / "tables";
    std::filesystem::create_directories(mine.path / "tables/constantinople");
    const std::string storm = mine / "tables/constantinople/storm.toml";
    std::filesystem::copy_file(std::string(UMPIRE_SOURCE_DIR) + "/tables/constantinople/storm.toml", storm);
    std::ofstream(evil) << forged(R"(["table","reset","constantinople.storm"])")
                        << forged(R"(["table","import","constantinople.storm",")" + storm + R"("])")
                        << forged(R"(["table","edit","constantinople.storm"])")
                        << forged(R"(["pbem","key","--as","mallory"])") << forged(R"(["pbem","trust","bob.pub"])")
                        << forged(R"(["table","lookup","constantinople.melee","--column","4","--roll","3"])");
    auto theirs = test::run_cli({"replay", evil}, env);
    CHECK(theirs.code == 65);
    for (const char* what : {":1: not replayed: 'table reset' is not a resolution",
                             ":2: not replayed: 'table import' is not", ":3: not replayed: 'table edit' is not",
                             ":4: not replayed: 'pbem' is not", ":5: not replayed: 'pbem' is not"}) {
        CHECK(theirs.err.find(evil + what) != std::string::npos);
    }
    CHECK(theirs.err.find(":6: not replayed") == std::string::npos);  // a lookup resolves: replayed
    CHECK(std::filesystem::exists(storm));
    CHECK(std::filesystem::is_empty(mine.path / "tables/constantinople") == false);
    for (const auto& f : {state, log, evil, state + ".lock"}) {
        std::filesystem::remove(f);
    }
}

TEST_CASE("replay: a true game log replays clean, its game new, undo and rebuild passed over", "[cli][log]")
{
    const std::string game = temp_path("replay-game.toml");
    const std::string log = temp_path("replay-game.jsonl");
    for (const auto& f : {game, game + ".journal", game + ".lock", log}) {
        std::filesystem::remove(f);
    }
    REQUIRE(test::run_cli({"-q", "--log", log, "game", "new", "constantinople", game}).code == 0);
    REQUIRE(test::run_cli({"-q", "--log", log, "game", "next", game}).code == 0);
    REQUIRE(test::run_cli({"-q", "--log", log, "game", "undo", game}).code == 0);
    REQUIRE(test::run_cli({"-q", "--log", log, "--game", game, "--seed", "4", "melee", "--attacker", "Galley-1",
                           "--defender", "Venice"})
                .code == 0);
    REQUIRE(test::run_cli({"-q", "--log", log, "game", "rebuild", game}).code == 0);
    // game sequence only reads, as status does; game recover of a whole game may rewrite it
    REQUIRE(test::run_cli({"-q", "--log", log, "game", "sequence", game}).code == 0);
    REQUIRE(test::run_cli({"-q", "--log", log, "game", "recover", game}).code == 0);
    auto r = test::run_cli({"replay", log});
    CHECK(r.out ==
          "3 resolution(s) replayed, 0 differ, 4 passed over (game new, undo, redo, set, rebuild and recover write "
          "files)\n");
    CHECK(r.code == 0);
    for (const auto& f : {game, game + ".journal", game + ".lock", log}) {
        std::filesystem::remove(f);
    }
}

TEST_CASE("weather: the state is saved before the answer, a failed save prints none", "[cli][weather]")
{
    auto r = test::run_cli({"weather", "--game", "novorossiysk", "--state", "/nonexistent-umpire/dir/g.toml"});
    CHECK(r.code == 74);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("umpire: error: --state /nonexistent-umpire/dir/g.toml: cannot ", 0) == 0);
}

TEST_CASE("weather and deck: a log that cannot take the line saves no state, or says the state was saved",
          "[cli][weather]")
{
    const test::TempDir dir("state-log");
    const std::string state = dir / "w.toml";
    // A log that cannot be opened is found before the state is saved: nothing changes.
    REQUIRE(test::run_cli({"-q", "--seed", "1", "weather", "--game", "novorossiysk", "--state", state}).code == 0);
    const std::string morning = test::slurp(state);
    auto unopened = test::run_cli(
        {"-q", "--log", dir / "no/such/dir/log.jsonl", "weather", "--game", "novorossiysk", "--state", state});
    CHECK(unopened.code == 74);
    CHECK(contains(unopened.err, "; nothing saved"));
    CHECK(test::slurp(state) == morning);
    const std::string deck = dir / "deck.toml";
    REQUIRE(test::run_cli({"-q", "deck", "draw", "--side", "german", "--state", deck}).code == 0);
    const std::string cards = test::slurp(deck);
    CHECK(test::run_cli(
              {"-q", "--log", dir / "no/such/dir/log.jsonl", "deck", "draw", "--side", "german", "--state", deck})
              .code == 74);
    CHECK(test::slurp(deck) == cards);
    // A log that fails on the write itself (a full disk; here the file-size limit, EFBIG,
    // with SIGXFSZ ignored) fails after the state is saved: the error says what was saved,
    // so the weather is not rolled again. It had been exit 74 with no answer anywhere.
    const std::string log = dir / "log.jsonl";
    REQUIRE(test::run_cli({"-q", "--log", log, "roll", "d6"}).code == 0);
    struct rlimit old {};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit = old;
    limit.rlim_cur = std::filesystem::file_size(log);
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &limit) == 0);
    auto full = test::run_cli({"-q", "--log", log, "weather", "--game", "novorossiysk", "--state", state});
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, old_handler);
    CHECK(full.code == 74);
    CHECK(contains(full.err, "; but the state was saved: " + state + " holds this answer ("));
    CHECK(contains(full.err, "so do not run the command again"));
    CHECK(test::slurp(state) != morning);
}

namespace {

std::vector<std::string> file_lines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

void write_lines(const std::string& path, const std::vector<std::string>& lines)
{
    std::ofstream out(path, std::ios::trunc);
    for (const auto& line : lines) {
        out << line << "\n";
    }
}

}  // namespace

TEST_CASE("log: each line chains to the one before, a removed, reordered or edited line breaks it", "[cli][log]")
{
    const std::string log = temp_path("chain.jsonl");
    std::filesystem::remove(log);
    for (const char* seed : {"1", "2", "3"}) {
        REQUIRE(test::run_cli({"--log", log, "--seed", seed, "melee", "--attacker", "4", "--defender", "3"}).code == 0);
    }
    const auto lines = file_lines(log);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].rfind("{\"prev\":\"" + load::chain_start() + "\",", 0) == 0);
    CHECK(lines[1].rfind("{\"prev\":\"" + sha256_hex(lines[0]) + "\",", 0) == 0);
    CHECK(test::run_cli({"replay", log}).code == 0);

    write_lines(log, {lines[0], lines[2]});  // line 2 removed
    auto removed = test::run_cli({"replay", log});
    CHECK(removed.code == 65);
    CHECK(contains(removed.err, log + ":2: prev: the chain is broken here: this line does not follow line 1"));

    write_lines(log, {lines[1], lines[0], lines[2]});  // reordered
    auto reordered = test::run_cli({"replay", log});
    CHECK(contains(reordered.err, log + ":1: prev: the chain is broken here"));
    CHECK(contains(reordered.err, log + ":2: prev: the chain is broken here"));

    // An edited time on line 1 is caught by line 2's link; edited inputs by re-resolution.
    std::string edited = lines[0];
    edited.replace(edited.find("\"time\":\"") + 8, 4, "1999");
    write_lines(log, {edited, lines[1], lines[2]});
    CHECK(contains(test::run_cli({"replay", log}).err, log + ":2: prev: the chain is broken here"));
    std::string inputs = lines[2];
    inputs.replace(inputs.find("\"defender\":\"3\""), 14, "\"defender\":\"2\"");
    write_lines(log, {lines[0], lines[1], inputs});
    CHECK(contains(test::run_cli({"replay", log}).err, log + ":3: inputs.defender: logged 2, now 3"));
    std::filesystem::remove(log);
}

TEST_CASE("replay: a log whose line ends were converted to CR LF is said so once, not a broken chain on every line",
          "[cli][log]")
{
    const std::string log = temp_path("crlf.jsonl");
    std::filesystem::remove(log);
    for (const char* seed : {"1", "2", "3"}) {
        REQUIRE(test::run_cli({"--log", log, "--seed", seed, "roll", "2d6"}).code == 0);
    }
    auto lines = file_lines(log);
    for (auto& line : lines) {
        line += "\r";
    }
    write_lines(log, lines);
    // The game journal's reader says it in the same words (crlf_lines). It is no difference:
    // every line reproduces, and replay is "Exit 0 when all match" (hunt56 #4: 1 differ, 65).
    auto r = test::run_cli({"replay", log});
    CHECK(r.code == 0);
    CHECK(r.err == log +
                       ":1: its lines end in CR LF (a copy through a DOS tool?): read as the LF lines umpire wrote, "
                       "which the chain links; put them back (dos2unix " +
                       log + ")\n");
    CHECK(r.out == "3 resolution(s) replayed, 0 differ\n");
    const auto json = test::run_cli({"--json", "replay", log});
    CHECK(json.code == 0);
    const auto doc = nlohmann::json::parse(json.out);
    CHECK(doc["differences"].empty());
    REQUIRE(doc["warnings"].size() == 1);
    CHECK(doc["warnings"][0]["line"] == 1);
    CHECK(contains(doc["warnings"][0]["warning"].get<std::string>(), "its lines end in CR LF"));
    auto luck = test::run_cli({"luck", log});
    CHECK(contains(luck.out, "warning: line 1: its lines end in CR LF"));
    CHECK_FALSE(contains(luck.out, "the chain is broken"));

    // A line edited as well still breaks the chain where it is.
    lines[0].replace(lines[0].find("\"time\":\"") + 8, 4, "1999");
    write_lines(log, lines);
    auto edited = test::run_cli({"replay", log});
    CHECK(edited.code == 65);
    CHECK(contains(edited.out, "1 differ"));
    CHECK(contains(edited.err, log + ":1: its lines end in CR LF"));
    CHECK(contains(edited.err, log + ":2: prev: the chain is broken here"));
    CHECK_FALSE(contains(edited.err, log + ":3: prev"));
    std::filesystem::remove(log);
}

TEST_CASE("replay: a logged seed or position out of range is reported as logged, not wrapped", "[cli][log]")
{
    const std::string log = temp_path("negative.jsonl");
    std::filesystem::remove(log);
    REQUIRE(test::run_cli({"--log", log, "--seed", "1", "roll", "2d6"}).code == 0);
    const std::string line = file_lines(log).front();
    std::string negative = line;
    const size_t at = negative.find("\"position\":") + 11;
    negative.replace(at, negative.find(',', at) - at, "-1");
    write_lines(log, {negative});
    auto r = test::run_cli({"replay", log});
    CHECK(r.code == 65);
    CHECK(contains(r.err, log + ":1: torn or not a log line (not an umpire log line: \"position\" is -1, not a "
                                "position in the dice stream (0 or more))"));
    CHECK_FALSE(contains(r.err, "18446744073709551615"));
    std::string seed = line;
    const size_t from = seed.find("\"seed\":") + 7;
    seed.replace(from, seed.find(',', from) - from, "-1");
    write_lines(log, {seed});
    CHECK(contains(test::run_cli({"replay", log}).err, "\"seed\" is -1, not a seed (0 to 4294967295)"));
    std::filesystem::remove(log);
}

TEST_CASE("log: a FIFO or a directory given as --log is refused before the answer, not written into", "[cli][log]")
{
    // A FIFO took the line and kept nothing: exit 0, the audit lost without a word.
    const test::TempDir dir("log-fifo");
    const std::string fifo = dir / "log";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto r = test::run_cli({"--log", fifo, "wind", "--roll", "9,7"});
    CHECK(r.code == 74);
    CHECK(r.out.empty());
    CHECK(contains(r.err, fifo + ": a FIFO, not a regular file: a log is a file of chained lines"));
    auto d = test::run_cli({"--log", dir.path.string(), "wind", "--roll", "9,7"});
    CHECK(d.code == 74);
    CHECK(d.out.empty());
}

TEST_CASE("log: a torn last line stands alone and spoils no other line", "[cli][log]")
{
    const std::string log = temp_path("torn.jsonl");
    std::filesystem::remove(log);
    REQUIRE(test::run_cli({"--log", log, "--seed", "1", "wind"}).code == 0);
    const std::string whole = file_lines(log).front();
    // A writer killed mid-line leaves half a line and no newline.
    std::ofstream(log, std::ios::app) << whole.substr(0, whole.size() / 2);
    REQUIRE(test::run_cli({"--log", log, "--seed", "2", "wind"}).code == 0);
    const auto lines = file_lines(log);
    REQUIRE(lines.size() == 3);
    CHECK(lines[1] == whole.substr(0, whole.size() / 2));
    CHECK(lines[2].rfind("{\"prev\":\"" + sha256_hex(lines[1]) + "\",", 0) == 0);
    auto r = test::run_cli({"replay", log});
    CHECK(contains(r.err, log + ":2: torn or not a log line"));
    CHECK(!contains(r.err, log + ":3:"));  // the line after it is whole, chained and replays
    CHECK(r.out == "2 resolution(s) replayed, 1 differ\n");
    std::filesystem::remove(log);
}

TEST_CASE("replay: a directory or a line that is not a log line is named, not a library exception", "[cli][log]")
{
    auto dir = test::run_cli({"replay", std::filesystem::temp_directory_path().string()});
    CHECK(dir.code == 66);
    const std::string log = temp_path("notlog.jsonl");
    std::ofstream(log) << "{\"a\":1}\n";
    auto r = test::run_cli({"replay", log});
    CHECK(r.err == log + ":1: torn or not a log line (not an umpire log line: no \"argv\")\n");
    std::filesystem::remove(log);
}

TEST_CASE("seed: a malformed nonce or commitment is a usage error", "[cli][seed]")
{
    auto short_nonce =
        test::run_cli({"seed", "verify", "--seed", "1", "--nonce", "00ff", "--commitment", std::string(64, 'a')});
    CHECK(short_nonce.code == 64);
    CHECK(short_nonce.err == "umpire: error: --nonce '00ff': 32 hexadecimal digits expected (either case)\n");
    auto bad_commitment =
        test::run_cli({"seed", "verify", "--seed", "1", "--nonce", std::string(32, '0'), "--commitment", "xyz"});
    CHECK(bad_commitment.code == 64);
}

TEST_CASE("seed: every player contributes, the seed comes from all nonces, checked against their commitments",
          "[cli][seed]")
{
    const std::string a = "0123456789abcdef0123456789abcdef";
    const std::string b = "fedcba9876543210fedcba9876543210";
    const std::string ca = sha256_hex("umpire-contribution:" + a);
    const std::string cb = sha256_hex("umpire-contribution:" + b);
    // The seed: SHA-256 of the sorted nonces, its first 32 bits, whatever the order given.
    const std::string digest = sha256_hex("umpire-seed-from:" + a + ":" + b);
    const std::string seed = std::to_string(std::stoul(digest.substr(0, 8), nullptr, 16));
    auto ab =
        test::run_cli({"--json", "seed", "combine", "--contribution", a + ":" + ca, "--contribution", b + ":" + cb});
    CHECK(ab.code == 0);
    CHECK(ab.out == "{\"schema_version\":1,\"command\":\"seed combine\",\"seed\":" + seed + ",\"players\":2}\n");
    auto ba =
        test::run_cli({"--json", "seed", "combine", "--contribution", b + ":" + cb, "--contribution", a + ":" + ca});
    CHECK(ba.out == ab.out);
    // A player who reveals a nonce other than the one committed to is caught.
    auto changed = test::run_cli({"seed", "combine", "--contribution", a + ":" + cb, "--contribution", b + ":" + cb});
    CHECK(changed.code == 65);
    CHECK(contains(changed.err, "does not match its published commitment"));
    // One player alone is no shared seed.
    CHECK(test::run_cli({"seed", "combine", "--contribution", a + ":" + ca}).code == 64);
    auto made = test::run_cli({"--json", "seed", "contribute"});
    CHECK(made.code == 0);
    CHECK(contains(made.out, R"("commitment":")"));
}

TEST_CASE("batch: a stream at its last position refuses each line that would draw past it, and goes on", "[cli][batch]")
{
    std::istringstream in("roll d6\nroll 3d6\nroll d6\n");
    cli::Environment env;
    env.in = &in;
    auto r = test::run_cli({"--seed", "1", "--position", "9223372036854775806", "batch"}, env);
    CHECK(r.code == 64);
    const auto lines = split(r.out, '\n');
    REQUIRE(lines.size() >= 3);
    CHECK(test::contains(lines[0], "\"position\":9223372036854775806"));
    for (size_t i : {1, 2}) {  // the second from the memo's walk, outside the line's run
        CHECK(test::contains(lines[i], "\"error\":{\"code\":64"));
        CHECK(test::contains(lines[i], "has reached position 9223372036854775807"));
    }
    CHECK_FALSE(test::contains(r.out, "9223372036854775808"));
}

TEST_CASE("batch: a provisional table is warned of on stderr once a batch, not once a line", "[cli][batch]")
{
    // DESIGN.md principle 8: provisional output carries "provisional": true and a one-line
    // warning on stderr. A batch wrote none; it writes one per provisional table, not one
    // per line (a batch may be a million lines). The Russian Portfolio CRT grid and the
    // Great Battles morale chart are lost from their rules texts (umpire(1) PROVISIONAL DATA).
    // (a 4 at 3:2: a placeholder cell; VII.B prints only the 3, S)
    const std::string crt = "crt --attack 5 --defense 3 --roll 4\n";
    const std::string morale = "morale --stands 4 --eliminated 1 --roll 1\n";
    const std::string input = crt + crt + "crt --attack 6 --defense 3 --roll 2\n" + morale + crt + morale;
    const auto warnings = [](const std::string& err) {
        std::vector<std::string> found;
        for (const auto& line : lines_of(err)) {
            if (line.starts_with("umpire: warning: provisional data, not the published chart: ")) {
                found.push_back(line);
            }
        }
        return found;
    };
    const auto r = run_with_input({"--seed", "3", "batch"}, input);
    CHECK(r.code == 0);
    const auto answers = lines_of(r.out);
    REQUIRE(answers.size() == 6);
    for (const auto& answer : answers) {
        CHECK(contains(answer, R"("provisional":true)"));
    }
    const auto warned = warnings(r.err);
    REQUIRE(warned.size() == 2);
    CHECK(contains(warned[0], "table russian-portfolio.crt is provisional"));
    CHECK_FALSE(contains(warned[0], "great-battles"));
    CHECK(contains(warned[1], "great-battles"));
    CHECK_FALSE(contains(warned[1], "russian-portfolio.crt"));
    // each warning is the one a single call writes for that table
    const auto alone = test::run_cli({"--json", "crt", "--attack", "5", "--defense", "3", "--roll", "4"});
    CHECK(warnings(alone.err) == std::vector<std::string>{warned[0]});
    // -q quiets it, as for a single call
    const auto quiet = run_with_input({"-q", "--seed", "3", "batch"}, input);
    CHECK(quiet.code == 0);
    CHECK(quiet.out == r.out);
    CHECK(warnings(quiet.err).empty());
    // a batch reading no provisional table warns of none
    CHECK(warnings(run_with_input({"batch"}, "ram --strength 2 --defense B --roll 3\n").err).empty());
}
