// umpire pbem, two players each with a home of their own, through the command line
// (issue 27): an exchange end to end, and each way a side could cheat, refused by name.
#include "../helpers.h"
#include "util/sha256.h"
#include "util/sign.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sys/stat.h>

using namespace umpire;
using umpire::test::contains;
using umpire::test::run_cli;
using umpire::test::TempDir;

namespace {

// One player: a data home of its own (keys, secrets) and a transcript.
struct Side {
    std::string home;
    std::string transcript;
    test::CliResult run(std::vector<std::string> args, const std::string& mail = "") const
    {
        ::setenv("XDG_DATA_HOME", home.c_str(), 1);
        std::istringstream in(mail);
        cli::Environment env;
        env.in = &in;
        auto r = run_cli(args, env);
        ::unsetenv("XDG_DATA_HOME");
        return r;
    }
};

struct Game {
    TempDir dir{"pbem"};
    Side alice{dir / "alice", dir / "alice.pbem"};
    Side bob{dir / "bob", dir / "bob.pbem"};
    Game()
    {
        const auto a = alice.run({"pbem", "key", "--as", "alice"});
        const auto b = bob.run({"pbem", "key", "--as", "bob"});
        REQUIRE(a.code == 0);
        REQUIRE(b.code == 0);
        REQUIRE(alice.run({"pbem", "trust", "-"}, b.out).code == 0);
        REQUIRE(bob.run({"pbem", "trust", "-"}, a.out).code == 0);
    }
    test::CliResult offer(const std::vector<std::string>& requests) const
    {
        std::vector<std::string> args{"pbem", "offer", "--as", "alice", "--transcript", alice.transcript};
        args.insert(args.end(), requests.begin(), requests.end());
        return alice.run(args);
    }
    test::CliResult answer(const std::string& mail) const
    {
        return bob.run({"pbem", "answer", "--as", "bob", "--transcript", bob.transcript}, mail);
    }
    test::CliResult reveal(const std::string& mail) const
    {
        return alice.run({"pbem", "reveal", "--as", "alice", "--transcript", alice.transcript}, mail);
    }
    test::CliResult settle(const std::string& mail) const
    {
        return bob.run({"pbem", "settle", "--transcript", bob.transcript}, mail);
    }
};

std::string read(const std::string& path)
{
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// TEXT with FROM replaced by TO once.
std::string changed(std::string text, const std::string& from, const std::string& to)
{
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("pbem: two players settle a phase's dice in one exchange, and both transcripts verify", "[cli][pbem]")
{
    Game g;
    const auto offer = g.offer({"melee --attacker 4 --defender 5", "wind", "roll 3d6"});
    REQUIRE(offer.code == 0);
    CHECK(offer.out.starts_with("--- umpire offer ---\nfrom: alice\nprevious: -\ngame: -\ncommitment: "));
    const auto answer = g.answer("Bob, my phase:\n" + offer.out + "-- Alice\n");
    REQUIRE(answer.code == 0);
    const auto reveal = g.reveal(answer.out);
    REQUIRE(reveal.code == 0);
    CHECK(contains(reveal.out, "== request 1: melee --attacker 4 --defender 5  (seed "));
    CHECK(contains(reveal.out, "== send to the other side:\n--- umpire reveal ---\n"));
    const auto settle = g.settle(reveal.out);
    REQUIRE(settle.code == 0);
    // both sides see the same resolutions, and keep the same transcript
    CHECK(settle.out == reveal.out.substr(0, reveal.out.find("== send to the other side:")));
    CHECK(read(g.alice.transcript) == read(g.bob.transcript));
    for (const Side* side : {&g.alice, &g.bob}) {
        const auto v = side->run({"pbem", "verify", side->transcript});
        CHECK(v.code == 0);
        CHECK(contains(v.out, "message 3: reveal by alice: holds\n  request 1 (seed "));
        CHECK(contains(v.out, "the transcript holds: 1 exchange(s) settled\n"));
    }
    // the seed printed is the request's own: the same command at that seed says the same
    const size_t at = settle.out.find("(seed ") + 6;
    const std::string seed = settle.out.substr(at, settle.out.find(')', at) - at);
    const auto again = run_cli({"--seed", seed, "melee", "--attacker", "4", "--defender", "5"});
    CHECK(contains(settle.out, again.out));
    // each step asked again (an e-mail lost, a call killed after its write) says the same
    // again, and changes nothing
    const std::string before = read(g.alice.transcript);
    CHECK(g.reveal(answer.out).out == reveal.out);
    CHECK(g.settle(reveal.out).out == settle.out);
    CHECK(g.answer(offer.out).code == 65);  // settled since: no longer the offer at this point
    CHECK(read(g.alice.transcript) == before);
    // a second exchange follows the first, the sides' roles as they like
    const auto next = g.offer({"wind"});
    REQUIRE(next.code == 0);
    CHECK(!contains(next.out, "previous: -"));
    CHECK(g.offer({"wind"}).out == next.out);  // the same offer asked again
    // the key of one's own is kept from others' eyes
    struct stat st {};
    REQUIRE(::stat((g.alice.home + "/umpire/pbem/keys/alice.key").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    // and under --json, each message is an object with its text
    const auto json = g.answer(next.out);
    CHECK(json.code == 0);
    const auto j = g.reveal(json.out);
    CHECK(j.code == 0);
    const auto settled = g.bob.run({"--json", "pbem", "settle", "--transcript", g.bob.transcript}, j.out);
    CHECK(settled.code == 0);
    CHECK(settled.out.starts_with("{\"schema_version\":1,\"command\":\"pbem settle\",\"message\":\"--- umpire reveal"));
    CHECK(contains(g.bob.run({"--json", "pbem", "verify", g.bob.transcript}).out, "\"holds\":true"));
}

TEST_CASE("pbem: in a batch each answer carries its request line once, beside key's own key_line", "[cli][pbem][batch]")
{
    // umpire(1) JSON OUTPUT: "In a batch every answer also carries line, the request line it
    // answers"; pbem key's line to send is key_line, so the object names no member twice
    // (hunt45 #1). The schema check of these answers is tests/json/validate.py's.
    Game g;
    const std::string bob_key = g.dir / "bob-key.txt";
    std::ofstream(bob_key) << g.bob.run({"pbem", "key", "--as", "bob"}).out;
    const std::string transcript = g.dir / "batch.pbem";
    const auto r = g.alice.run({"--json", "batch"}, "pbem key --as alice\npbem trust " + bob_key +
                                                        "\npbem offer --as alice --transcript " + transcript +
                                                        " wind\npbem verify " + transcript + "\n");
    CHECK(r.code == 0);
    std::istringstream answers(r.out);
    std::string answer;
    const std::vector<std::string> commands{"pbem key", "pbem trust", "pbem offer", "pbem verify"};
    for (size_t n = 1; n <= commands.size(); ++n) {
        REQUIRE(std::getline(answers, answer));
        const auto doc = nlohmann::json::parse(answer);
        CHECK(doc["command"] == commands[n - 1]);
        CHECK(doc["line"] == n);
        // one "line" member: nlohmann keeps the last of two, the raw text shows both
        size_t members = 0;
        for (size_t at = answer.find("\"line\":"); at != std::string::npos; at = answer.find("\"line\":", at + 1)) {
            ++members;
        }
        CHECK(members == 1);
    }
    CHECK(!std::getline(answers, answer));
    const auto key = nlohmann::json::parse(r.out.substr(0, r.out.find('\n')));
    CHECK(key["key_line"] == "umpire-key alice " + key["key"].get<std::string>());
}

TEST_CASE("pbem: each way a side could cheat is refused and named", "[cli][pbem]")
{
    Game g;
    const auto offer = g.offer({"melee --attacker 4 --defender 5"});
    REQUIRE(offer.code == 0);

    SECTION("a request changed on its way to the answerer")
    {
        const auto r = g.answer(changed(offer.out, "--attacker 4", "--attacker 6"));
        CHECK(r.code == 65);
        CHECK(r.err == "umpire: error: the offer by alice does not hold: the signature is not alice's: the message "
                       "was changed, or made by someone else\n");
    }
    SECTION("a second offer at the same point, to keep the better rolls")
    {
        REQUIRE(g.answer(offer.out).code == 0);
        // alice's transcript holds her first offer; a second is made by hand elsewhere
        std::filesystem::remove(g.alice.transcript);
        const auto second = g.offer({"melee --attacker 6 --defender 5"});
        REQUIRE(second.code == 0);
        const auto r = g.answer(second.out);
        CHECK(r.code == 65);
        CHECK(r.err == "umpire: error: pbem answer: you answered another offer of alice at this point of the game "
                       "already; a second offer at one point would let the asker keep the rolls it likes\n");
        // the same offer again is answered again as it was (a lost e-mail)
        const auto first_again = g.answer(offer.out);
        CHECK(first_again.code == 0);
    }
    SECTION("a result stated falsely in the reveal, signed by the asker")
    {
        const auto answer = g.answer(offer.out);
        REQUIRE(answer.code == 0);
        const auto reveal = g.reveal(answer.out);
        REQUIRE(reveal.code == 0);
        // alice rewrites her result and signs it again with her own key
        const std::string sent = reveal.out.substr(reveal.out.find("--- umpire reveal ---"));
        const size_t at = sent.find("result: 1 ") + 10;
        const std::string code = sent.substr(at, sent.find('\n', at) - at);
        const std::string lie = code == "D" ? "L" : "D";
        std::string body = changed(sent.substr(0, sent.find("signature: ")), "result: 1 " + code, "result: 1 " + lie);
        const std::string key = read(g.alice.home + "/umpire/pbem/keys/alice.key").substr(0, 128);
        const std::string forged = body + "signature: " + sign(body, key) + "\n--- end ---\n";
        const auto r = g.settle(forged);
        CHECK(r.code == 65);
        CHECK(r.err ==
              "umpire: error: pbem settle: request 1: its dice give '" + code + "', the reveal states '" + lie + "'\n");
        // nothing of it reaches bob's transcript: the honest reveal still settles
        CHECK(g.settle(reveal.out).code == 0);
    }
    SECTION("a transcript edited afterwards fails verification, message by message")
    {
        const auto answer = g.answer(offer.out);
        REQUIRE(g.settle(g.reveal(answer.out).out).code == 0);
        const std::string path = g.bob.transcript;
        const std::string text = read(path);
        std::ofstream(path) << changed(text, "--defender 5", "--defender 1");
        const auto v = g.bob.run({"pbem", "verify", path});
        CHECK(v.code == 65);
        CHECK(contains(v.out, "message 1: offer by alice: DOES NOT HOLD: the signature is not alice's"));
        CHECK(contains(v.out, "message 2: answer by bob: DOES NOT HOLD: it answers an offer that is not the one "
                              "before it"));
        CHECK(contains(v.out, "the transcript does NOT hold: 0 exchange(s) settled\n"));
        // and the next offer will not build on it
        const auto r = g.bob.run({"pbem", "offer", "--as", "bob", "--transcript", path, "wind"});
        CHECK(r.code == 65);
        CHECK(contains(r.err, "message 1 (offer by alice) does not hold: the signature is not alice's"));
    }
    SECTION("a key's public half lost (a call killed between its two files) is made again")
    {
        const std::string pub = g.alice.home + "/umpire/pbem/keys/alice.pub";
        const std::string before = read(pub);
        std::filesystem::remove(pub);
        const auto again = g.alice.run({"pbem", "key", "--as", "alice"});
        CHECK(again.code == 0);
        CHECK(read(pub) == before);
        CHECK(again.out == "umpire-key alice " + before);
    }
    SECTION("key and trust under --json: the line to send, and each player's key known or new")
    {
        const auto key = g.alice.run({"--json", "pbem", "key", "--as", "alice"});
        REQUIRE(key.code == 0);
        const auto doc = nlohmann::json::parse(key.out);
        const std::string pub = read(g.alice.home + "/umpire/pbem/keys/alice.pub").substr(0, 64);
        CHECK(doc["command"] == "pbem key");
        CHECK(doc["player"] == "alice");
        CHECK(doc["key"] == pub);
        CHECK(doc["key_line"] == "umpire-key alice " + pub);
        CHECK(doc["line"] == doc["key_line"]);  // its name before key_line, kept outside a batch
        // bob knows alice's key already (Game trusted it); carol's is new to him
        const std::string carol = new_key_pair().public_key;
        const auto trust = g.bob.run({"--json", "pbem", "trust", "-"},
                                     doc["key_line"].get<std::string>() + "\numpire-key carol " + carol + "\n");
        REQUIRE(trust.code == 0);
        const auto players = nlohmann::json::parse(trust.out)["players"];
        REQUIRE(players.size() == 2);
        CHECK(players[0] == nlohmann::json({{"player", "alice"}, {"key", pub}, {"known", true}}));
        CHECK(players[1] == nlohmann::json({{"player", "carol"}, {"key", carol}, {"known", false}}));
        CHECK(read(g.bob.home + "/umpire/pbem/keys/carol.pub") == carol + "\n");
    }
    SECTION("a key that changes for a known player")
    {
        const auto r = g.alice.run({"pbem", "trust", "-"}, "umpire-key bob " + random_hex(32) + "\n");
        CHECK(r.code == 65);
        CHECK(contains(r.err, "pbem trust: player bob already has another key here"));
    }
    SECTION("a player with no key, and requests that would choose dice")
    {
        CHECK(g.alice.run({"pbem", "offer", "--as", "carol", "--transcript", g.alice.transcript, "wind"}).err ==
              "umpire: error: --as carol: no key of yours by that name in " + g.alice.home +
                  "/umpire/pbem/keys; make one with: umpire pbem key --as carol\n");
        CHECK(g.offer({"wind --roll 6,6"}).err ==
              "umpire: error: request 1 'wind --roll 6,6': --roll is not offered: the "
              "exchange draws every die, and neither side chooses one\n");
        CHECK(g.offer({"wind --seed=4"}).err == "umpire: error: request 1 'wind --seed=4': --seed is not offered: the "
                                                "exchange draws every die, and neither side chooses one\n");
        CHECK(g.offer({"wind --log x"}).err == "umpire: error: request 1 'wind --log x': --log is not offered: an "
                                               "exchange's requests read and write no file of either side\n");
        // a flag naming a file: the other side's settle (and anyone's verify) wrote a --draw
        // picture over the file it named; a --tables chart is the asker's alone
        const std::string no_file = " is not offered: it names a file, and an exchange's requests read and "
                                    "write no file of either side\n";
        CHECK(g.offer({"wind --draw thesis.pdf"}).err ==
              "umpire: error: request 1 'wind --draw thesis.pdf': --draw" + no_file);
        CHECK(g.offer({"wind --draw=x.svg"}).err == "umpire: error: request 1 'wind --draw=x.svg': --draw" + no_file);
        CHECK(contains(g.offer({"ram --strength 1 --defense D --tables /tmp"}).err, "--tables" + no_file));
        CHECK(contains(g.offer({"wind --scenario constantinople"}).err, "--scenario" + no_file));
        CHECK(contains(g.offer({"deck draw --state s.toml"}).err, "--state" + no_file));
        CHECK_FALSE(std::filesystem::exists("thesis.pdf"));
        CHECK(g.offer({"wind --odds"}).err == "umpire: error: request 1 'wind --odds': --odds is not offered: an "
                                              "exchange settles dice, and odds roll none\n");
        CHECK(g.offer({"batch"}).err ==
              "umpire: error: request 1 'batch': name a command that rolls (melee, ram, crt, rally...)\n");
        CHECK(g.offer({"melee --attacker 40"}).code == 64);
        // alice's first offer is not settled: no second until it is
        CHECK(contains(g.offer({"wind"}).err, "is not settled yet (its last message is an offer)"));
    }
    SECTION("an answer to one's own offer, and a reveal without its secret")
    {
        CHECK(g.alice.run({"pbem", "answer", "--as", "alice", "--transcript", g.alice.transcript}, offer.out).err ==
              "umpire: error: pbem answer: the offer is your own (alice); the other side answers it\n");
        const auto answer = g.answer(offer.out);
        for (const auto& entry : std::filesystem::directory_iterator(g.alice.home + "/umpire/pbem/secrets")) {
            std::filesystem::remove(entry.path());
        }
        CHECK(g.reveal(answer.out).code == 66);
    }
}

TEST_CASE("pbem: an exchange on a game file applies the same results to both sides' games", "[cli][pbem]")
{
    Game g;
    const std::string a_game = g.dir / "alice.toml";
    const std::string b_game = g.dir / "bob.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", a_game}).code == 0);
    REQUIRE(run_cli({"game", "new", "constantinople", b_game}).code == 0);
    const std::string melee = "melee --attacker Galley-1 --attacker Galley-2 --defender Imperial-1";
    const auto offer =
        g.alice.run({"--game", a_game, "pbem", "offer", "--as", "alice", "--transcript", g.alice.transcript, melee});
    REQUIRE(offer.code == 0);
    CHECK(contains(offer.out, "\ngame: " + sha256_hex(read(a_game)) + "\n"));
    const std::vector<std::string> answer_args{"pbem", "answer", "--as", "bob", "--transcript", g.bob.transcript};
    // the answerer must run the requests against the same game
    CHECK(g.bob.run(answer_args, offer.out).err ==
          "umpire: error: pbem answer: the offer's requests read and change a game file: answer with --game FILE\n");
    REQUIRE(run_cli({"game", "set", b_game, "Imperial-1", "damaged=true", "--reason", "test"}).code == 0);
    std::vector<std::string> with_game{"--game", b_game};
    with_game.insert(with_game.end(), answer_args.begin(), answer_args.end());
    CHECK(contains(g.bob.run(with_game, offer.out).err, ": not the game the offer was made on"));
    REQUIRE(run_cli({"game", "undo", b_game}).code == 0);
    REQUIRE(read(a_game) == read(b_game));
    const auto answer = g.bob.run(with_game, offer.out);
    REQUIRE(answer.code == 0);
    // revealed and settled only applied to the game, on both sides alike
    const std::vector<std::string> reveal_args{"pbem", "reveal", "--as", "alice", "--transcript", g.alice.transcript};
    std::vector<std::string> reveal_game{"--game", a_game};
    reveal_game.insert(reveal_game.end(), reveal_args.begin(), reveal_args.end());
    CHECK(contains(g.alice.run(reveal_game, answer.out).err, "reveal with --game FILE --apply"));
    reveal_game.insert(reveal_game.begin() + 2, "--apply");
    const auto reveal = g.alice.run(reveal_game, answer.out);
    REQUIRE(reveal.code == 0);
    const auto settle =
        g.bob.run({"--game", b_game, "--apply", "pbem", "settle", "--transcript", g.bob.transcript}, reveal.out);
    REQUIRE(settle.code == 0);
    CHECK(read(a_game) == read(b_game));
    const auto status = run_cli({"game", "status", a_game});
    CHECK(status.code == 0);
    // asked again, nothing is applied twice
    const std::string applied = read(a_game);
    const auto again = g.alice.run(reveal_game, answer.out);
    CHECK(again.code == 0);
    CHECK(contains(again.out, "(applied to the game already)"));
    CHECK(read(a_game) == applied);
    // verify checks the messages; the rolls the game's journal keeps
    const auto v = g.bob.run({"pbem", "verify", g.bob.transcript});
    CHECK(v.code == 0);
    CHECK(contains(v.out, "it read a game file: not run again here (its journal keeps it)"));
    CHECK(run_cli({"replay", b_game + ".journal"}).code == 0);
    // the journal checked against the exchanges: each roll in it settled by one
    const auto journal = g.bob.run({"pbem", "verify", g.bob.transcript, "--journal", b_game + ".journal"});
    CHECK(journal.code == 0);
    // (line 2 set a status by hand, line 3 undid it: bookkeeping, no dice)
    CHECK(contains(journal.out, "journal line 2 (game set "));
    CHECK(contains(journal.out, "): rolled no dice: the referee's bookkeeping, outside any exchange\n"));
    CHECK(contains(journal.out, "journal line 4 (" + melee + "): settled by exchange 1, request 1 (alice's offer)\n"));
    // a roll made on the side, outside any exchange, is named (against another ship: Imperial-1's
    // attackers of this Combat Segment are the exchange's one melee, 15.23)
    REQUIRE(run_cli({"--game", b_game, "--apply", "melee", "--attacker", "Galley-3", "--defender", "Venice"}).code ==
            0);
    const auto outside = g.bob.run({"pbem", "verify", g.bob.transcript, "--journal", b_game + ".journal"});
    CHECK(outside.code == 65);
    CHECK(contains(outside.out, "journal line 5 (melee --attacker Galley-3 --defender Venice): DOES NOT HOLD: rolled "
                                "dice outside any exchange (seed "));
    CHECK(contains(g.bob.run({"--json", "pbem", "verify", g.bob.transcript, "--journal", b_game + ".journal"}).out,
                   "\"journal\":[{\"line\":1,"));
    // a settled line whose result is rewritten afterwards: its dice say otherwise
    const std::string a_journal = read(a_game + ".journal");
    const size_t at = a_journal.find("\"label\":\"attack on Imperial-1\",\"code\":\"", a_journal.find('\n'));
    REQUIRE(at != std::string::npos);
    const size_t code = at + std::string("\"label\":\"attack on Imperial-1\",\"code\":\"").size();
    std::string forged = a_journal;
    const size_t code_end = forged.find('"', code);
    // another code than the dice gave (the exchange's seed is new each run)
    forged.replace(code, code_end - code, forged.substr(code, code_end - code) == "L" ? "-" : "L");
    std::ofstream(a_game + ".journal") << forged;
    const auto rewritten = g.alice.run({"pbem", "verify", g.alice.transcript, "--journal", a_game + ".journal"});
    CHECK(rewritten.code == 65);
    CHECK(contains(rewritten.out, "journal: DOES NOT HOLD: umpire replay " + a_game + ".journal: "));
}

TEST_CASE("pbem: a transcript or key that is no file is not found (66), as replay says of a log", "[cli][pbem]")
{
    // A FIFO was 64 (bad usage) here, 66 for replay and luck: the same kind of wrong file.
    TempDir dir("pbem-fifo");
    const std::string fifo = dir / "mail";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const auto v = run_cli({"pbem", "verify", fifo});
    CHECK(v.code == 66);
    CHECK(contains(v.err, fifo + ": a FIFO, not a regular file"));
    const auto d = run_cli({"pbem", "verify", dir.path.string()});
    CHECK(d.code == 66);
    CHECK(contains(d.err, ": a directory, not a regular file"));
    CHECK(run_cli({"replay", fifo}).code == 66);
}

TEST_CASE("pbem: trust refuses two keys for one player, or a key no secret has, and trusts nothing then", "[cli][pbem]")
{
    Game g;
    const std::string bobs = g.bob.run({"pbem", "key", "--as", "bob"}).out;  // bob's line, again
    REQUIRE(contains(bobs, "umpire-key bob "));
    // a new player, carol: her real key, then a forged one in the same mail (before: both
    // "key trusted", the forged one kept)
    TempDir carol_home("pbem-carol");
    Side carol{carol_home / "home", carol_home / "t"};
    const std::string real = carol.run({"pbem", "key", "--as", "carol"}).out;
    const std::string forged = "umpire-key carol " + g.bob.run({"pbem", "key", "--as", "bob"}).out.substr(15, 64);
    const auto two = g.alice.run({"pbem", "trust", "-"}, real + forged + "\n");
    CHECK(two.code == 65);
    CHECK(contains(two.err, "two different keys for player carol; nothing trusted"));
    CHECK_FALSE(std::filesystem::exists(g.alice.home + "/umpire/pbem/keys/carol.pub"));
    // the same key twice is one key
    const auto twice = g.alice.run({"pbem", "trust", "-"}, real + real);
    CHECK(twice.code == 0);
    CHECK(twice.out == "player carol: key trusted\n");
    // 64 zeros is no Ed25519 key (a point of small order): nothing written
    const auto zeros = g.alice.run({"pbem", "trust", "-"}, "umpire-key dave " + std::string(64, '0') + "\n");
    CHECK(zeros.code == 65);
    CHECK(contains(zeros.err, "player dave's KEY is not an Ed25519 public key"));
    CHECK_FALSE(std::filesystem::exists(g.alice.home + "/umpire/pbem/keys/dave.pub"));
}

TEST_CASE("pbem: verify of a transcript with no message, or a message umpire cannot read, does not hold", "[cli][pbem]")
{
    Game g;
    const auto offer = g.offer({"wind"});
    REQUIRE(offer.code == 0);
    REQUIRE(g.settle(g.reveal(g.answer(offer.out).out).out).code == 0);
    const std::string text = read(g.bob.transcript);
    TempDir dir("pbem-verify");
    auto verify = [&](const std::string& content) {
        std::ofstream(dir / "t.pbem", std::ios::binary) << content;
        return g.bob.run({"pbem", "verify", dir / "t.pbem"});
    };
    REQUIRE(verify(text).code == 0);
    // empty, or its line ends turned to CR: "holds: 0 exchange(s) settled", exit 0 before
    const auto empty = verify("");
    CHECK(empty.code == 65);
    CHECK(contains(empty.err, "no umpire message in it"));
    std::string cr = text;
    std::replace(cr.begin(), cr.end(), '\n', '\r');
    CHECK(verify(cr).code == 65);
    CHECK(contains(verify(cr).err, "its lines end in CR alone"));
    // a byte-order mark before the first message is passed over, not the first message
    CHECK(verify("\xEF\xBB\xBF" + text).code == 0);
    // a first line changed: named at its line, not the next message blamed
    const auto marker = verify(changed(text, "--- umpire offer ---", "--- umpire offer v2 ---"));
    CHECK(marker.code == 65);
    CHECK(contains(marker.err, "t.pbem:1: '--- umpire offer v2 ---' is no message umpire knows"));
}

TEST_CASE("pbem: a reveal or settle killed while applying, asked again, applies no request twice", "[cli][pbem]")
{
    // hunt36: killed after request 1's journal line and before the game file was renamed, a
    // reveal asked again found the file still the offer's, and applied request 1 a second time
    // on the game its journal made (I-Btl suppressed twice on one side, once on the other).
    Game g;
    const std::string a_game = g.dir / "alice.toml";
    const std::string b_game = g.dir / "bob.toml";
    REQUIRE(run_cli({"game", "new", "constantinople", a_game}).code == 0);
    std::filesystem::copy_file(a_game, b_game);
    std::filesystem::copy_file(a_game + ".journal", b_game + ".journal");
    // a check, which changes nothing in the game (it names no ship), then two melees, each of
    // which changes it whatever its die (who attacked in the segment, 15.24)
    const std::vector<std::string> requests{"check bombard", "melee --attacker Galley-1 --defender Venice",
                                            "melee --attacker Galley-2 --defender Imperial-1"};
    std::vector<std::string> offer_args{"--game", a_game,  "pbem",         "offer",
                                        "--as",   "alice", "--transcript", g.alice.transcript};
    offer_args.insert(offer_args.end(), requests.begin(), requests.end());
    const auto offer = g.alice.run(offer_args);
    REQUIRE(offer.code == 0);
    const auto answer =
        g.bob.run({"--game", b_game, "pbem", "answer", "--as", "bob", "--transcript", g.bob.transcript}, offer.out);
    REQUIRE(answer.code == 0);
    const std::vector<std::string> reveal_args{"-q",     "--game", a_game,  "--apply",      "pbem",
                                               "reveal", "--as",   "alice", "--transcript", g.alice.transcript};
    // the whole reveal once, kept; then each point a kill could leave, made by hand from it
    const std::string game_before = read(a_game);
    const std::string journal_before = read(a_game + ".journal");
    const std::string transcript_before = read(g.alice.transcript);
    const std::string secret_dir = g.alice.home + "/umpire/pbem/secrets";
    std::map<std::string, std::string> secrets;
    for (const auto& f : std::filesystem::directory_iterator(secret_dir)) {
        secrets[f.path().string()] = read(f.path().string());
    }
    REQUIRE(secrets.size() == 1);
    const auto whole = g.alice.run(reveal_args, answer.out);
    REQUIRE(whole.code == 0);
    const std::string game_after = read(a_game);
    const std::string journal_after = read(a_game + ".journal");
    const std::string transcript_after = read(g.alice.transcript);
    const size_t lines_before = std::count(journal_before.begin(), journal_before.end(), '\n');
    REQUIRE(std::count(journal_after.begin(), journal_after.end(), '\n') == lines_before + 2);
    const std::string request_2_line = journal_after.substr(
        journal_before.size(), journal_after.find('\n', journal_before.size()) + 1 - journal_before.size());
    const auto killed = [&](const std::string& game, const std::string& journal) {
        std::ofstream(a_game, std::ios::trunc) << game;
        std::ofstream(a_game + ".journal", std::ios::trunc) << journal;
        std::ofstream(g.alice.transcript, std::ios::trunc) << transcript_before;
        for (const auto& [path, text] : secrets) {
            std::ofstream(path, std::ios::trunc) << text;
        }
    };
    // (1) request 2 journalled, the file not yet renamed: request 1 (no line: it changed
    // nothing) is run again on the game as it stood, writing nothing; request 3 is applied
    killed(game_before, journal_before + request_2_line);
    const auto resumed = g.alice.run(reveal_args, answer.out);
    REQUIRE(resumed.code == 0);
    CHECK(contains(resumed.out,
                   "(applied to the game already: its journal's line " + std::to_string(lines_before + 1) + ")"));
    CHECK(read(a_game) == game_after);
    const std::string journal_resumed = read(a_game + ".journal");
    CHECK(std::count(journal_resumed.begin(), journal_resumed.end(), '\n') == lines_before + 2);
    CHECK(read(g.alice.transcript) == transcript_after);
    CHECK(std::filesystem::is_empty(secret_dir));  // public now
    // (2) both journalled and the game written, the transcript not: nothing applied again,
    // and the reveal is the same message
    killed(game_after, journal_after);
    const auto finished = g.alice.run(reveal_args, answer.out);
    REQUIRE(finished.code == 0);
    CHECK(read(a_game) == game_after);
    CHECK(read(a_game + ".journal") == journal_after);
    CHECK(read(g.alice.transcript) == transcript_after);
    CHECK(contains(finished.out,
                   "(applied to the game already: its journal's line " + std::to_string(lines_before + 2) + ")"));
    // (3) stopped after request 2, then the referee's other business, done and undone: the
    // game stands where the step stopped, and the step goes on (hunt37)
    killed(game_before, journal_before + request_2_line);
    const std::vector<std::string> business{"-q",       "--game",     a_game,  "--apply", "melee", "--attacker",
                                            "Galley-3", "--defender", "Crete", "--roll",  "1"};
    REQUIRE(run_cli(business).code == 0);
    REQUIRE(run_cli({"-q", "game", "undo", a_game}).code == 0);
    const auto after_business = g.alice.run(reveal_args, answer.out);
    REQUIRE(after_business.code == 0);
    CHECK(contains(after_business.out,
                   "(applied to the game already: its journal's line " + std::to_string(lines_before + 1) + ")"));
    CHECK(read(g.alice.transcript) == transcript_after);
    // (4) the business left standing: refused, saying which lines are the exchange's
    killed(game_before, journal_before + request_2_line);
    REQUIRE(run_cli(business).code == 0);
    const auto moved_on = g.alice.run(reveal_args, answer.out);
    CHECK(moved_on.code == 64);
    CHECK(contains(moved_on.err, "but its journal's line " + std::to_string(lines_before + 1) +
                                     " holds request 2 of this exchange, applied by a reveal that stopped before its "
                                     "end: 'umpire game undo' what was done after them"));
    REQUIRE(run_cli({"-q", "game", "undo", a_game}).code == 0);
    REQUIRE(g.alice.run(reveal_args, answer.out).code == 0);
    CHECK(read(g.alice.transcript) == transcript_after);
    // the whole reveal's files again, for bob's side to match (an undo leaves keys it emptied)
    std::ofstream(a_game, std::ios::trunc) << game_after;
    std::ofstream(a_game + ".journal", std::ios::trunc) << journal_after;
    // bob settles on his game: both games the same file
    const auto reveal_mail = g.alice.run(reveal_args, answer.out);
    REQUIRE(reveal_mail.code == 0);
    const auto settled = g.bob.run(
        {"-q", "--game", b_game, "--apply", "pbem", "settle", "--transcript", g.bob.transcript}, reveal_mail.out);
    REQUIRE(settled.code == 0);
    CHECK(read(a_game) == read(b_game));

    // Request 2 undone and made again by hand at its seed: the roll in force once, it holds.
    const auto journal = nlohmann::json::parse(request_2_line);
    const std::string seed = std::to_string(journal["seed"].get<std::uint32_t>());
    REQUIRE(run_cli({"-q", "game", "undo", b_game}).code == 0);  // request 3
    REQUIRE(run_cli({"-q", "game", "undo", b_game}).code == 0);  // request 2
    const std::vector<std::string> by_hand{"-q",    "--game",     b_game,     "--apply",    "--seed", seed,
                                           "melee", "--attacker", "Galley-1", "--defender", "Venice"};
    REQUIRE(run_cli(by_hand).code == 0);
    const auto once = g.bob.run({"pbem", "verify", g.bob.transcript, "--journal", b_game + ".journal"});
    CHECK(contains(once.out, "journal line " + std::to_string(lines_before + 5) + " (" + requests[1] +
                                 "): settled by exchange 1, request 2 (alice's offer)\n"));
    CHECK_FALSE(contains(once.out, "a roll used twice"));
    // Made again in the next Impulse (where Galley-1 may attack again, 15.24): the same roll in
    // force twice, the "keep the better roll" pbem is there to stop. verify names it.
    REQUIRE(run_cli({"-q", "game", "next", b_game}).code == 0);
    REQUIRE(run_cli(by_hand).code == 0);
    const auto twice = g.bob.run({"pbem", "verify", g.bob.transcript, "--journal", b_game + ".journal"});
    CHECK(twice.code == 65);
    CHECK(contains(twice.out, "journal line " + std::to_string(lines_before + 7) + " (" + requests[1] +
                                  "): DOES NOT HOLD: the roll settled by exchange 1, request 2 (alice's offer) "
                                  "again: journal line " +
                                  std::to_string(lines_before + 5) + " holds it, not undone (a roll used twice)"));
}
