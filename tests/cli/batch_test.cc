// batch, --log, replay and seed commitment, in process.
#include "../helpers.h"
#include "load/log.h"
#include "util/sha256.h"
#include "util/text.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace umpire;

namespace {

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

test::CliResult run_with_input(const std::vector<std::string>& args, const std::string& input)
{
    std::istringstream in(input);
    cli::Environment env;
    env.in = &in;
    return test::run_cli(args, env);
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

} // namespace

TEST_CASE("words: quotes and escapes split like a shell", "[util][batch]")
{
    CHECK(*split_words("melee --attacker 4  --defender 'Genoa:leader'") ==
          std::vector<std::string>{"melee", "--attacker", "4", "--defender", "Genoa:leader"});
    CHECK(*split_words(R"(a "b c" d\ e)") == std::vector<std::string>{"a", "b c", "d e"});
    CHECK(split_words("a 'b").error() == "unclosed ' quote");
}

TEST_CASE("batch: one JSON line per request, bad lines reported and the batch goes on", "[cli][batch]")
{
    auto r = run_with_input({"--seed", "7", "batch"},
                            "melee --attacker 4 --defender 3 --roll 4\n\n# a comment\n"
                            "ram --strength 9 --defense B\numpire wind --roll 9,7\n");
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(contains(lines[0], R"("command":"melee")"));
    CHECK(lines[1] == R"({"line":4,"request":"ram --strength 9 --defense B","error":{"code":64,"message":")"
                      R"(--strength: no column '9' on table constantinople.ram; columns are 1, 2, 3, 4"}})");
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
    CHECK(contains(r.out, log + ":1: result was pinned, now sunk"));
    std::filesystem::remove(log);
}

TEST_CASE("seed: a commitment verifies with its seed and nonce, and not with another seed", "[cli][seed]")
{
    std::string commitment = sha256_hex("umpire-seed:42:00ff");
    CHECK(test::run_cli({"seed", "verify", "--seed", "42", "--nonce", "00ff", "--commitment", commitment}).code == 0);
    auto wrong = test::run_cli({"seed", "verify", "--seed", "43", "--nonce", "00ff", "--commitment", commitment});
    CHECK(wrong.code == 65);
    CHECK(contains(wrong.out, "do NOT match"));
    auto made = test::run_cli({"--json", "seed", "commit"});
    CHECK(made.code == 0);
    CHECK(contains(made.out, R"("commitment":")"));
}
