// Play by e-mail's messages and the checks of a transcript (load/exchange.h, issue 27):
// each attack a forged, changed or replayed message, with the exact refusal.
#include "load/exchange.h"
#include "util/error.h"
#include "util/sign.h"

#include <catch2/catch.hpp>

#include <set>

using namespace umpire;
using namespace umpire::load;

namespace {

struct Players {
    KeyPair alice = new_key_pair();
    KeyPair bob = new_key_pair();
    std::map<std::string, std::string> keys{{"alice", alice.public_key}, {"bob", bob.public_key}};

    const KeyPair& of(const std::string& name) const { return name == "alice" ? alice : bob; }
    Message signed_by(Message m, const std::string& signer) const
    {
        m.signature = sign(m.body(), of(signer).secret_key);
        return m;
    }
};

struct Exchange {
    std::string secret = random_hex(32);
    Message offer;
    Message answer;
    Message reveal;
};

// A whole exchange of ASKER's, after PREVIOUS ("-" for a game's first).
Exchange make_exchange(const Players& p, const std::string& previous, const std::string& asker = "alice",
                       const std::string& other = "bob")
{
    Exchange x;
    x.offer.kind = MessageKind::offer;
    x.offer.from = asker;
    x.offer.previous = previous;
    x.offer.game = "-";
    x.offer.commitment = commitment_of(x.secret);
    x.offer.requests = {"melee --attacker 4 --defender 5", "wind"};
    x.offer = p.signed_by(x.offer, asker);
    x.answer.kind = MessageKind::answer;
    x.answer.from = other;
    x.answer.offer = x.offer.hash();
    x.answer.value = random_hex(32);
    x.answer = p.signed_by(x.answer, other);
    x.reveal.kind = MessageKind::reveal;
    x.reveal.from = asker;
    x.reveal.answer = x.answer.hash();
    x.reveal.secret = x.secret;
    x.reveal.results = {"D", "N"};
    x.reveal = p.signed_by(x.reveal, asker);
    return x;
}

// The problems of MESSAGES, one per message ("" where it holds).
std::vector<std::string> problems(const std::vector<Message>& messages, const std::map<std::string, std::string>& keys)
{
    std::vector<std::string> out;
    for (const auto& m : check_transcript(messages, keys).messages) {
        out.push_back(m.problem);
    }
    return out;
}

}  // namespace

TEST_CASE("exchange: messages read back as written, from an e-mail quoted and with CRLF", "[load][pbem]")
{
    Players p;
    const Exchange x = make_exchange(p, "-");
    std::string mail = "Hi Bob, my moves:\r\n\r\n";
    for (const Message* m : {&x.offer, &x.answer, &x.reveal}) {
        std::string quoted;
        for (char c : m->text()) {
            quoted += c;
            if (c == '\n') {
                quoted.insert(quoted.size() - 1, "\r");
            }
        }
        mail += quoted;
    }
    std::string reply;  // the same, quoted once more by a mail program
    size_t at = 0;
    while (at < mail.size()) {
        const size_t end = mail.find('\n', at);
        reply += "> " + mail.substr(at, end - at + 1);
        at = end + 1;
    }
    for (const std::string& text : {mail, reply}) {
        const auto read = parse_messages(text, "mail");
        REQUIRE(read.size() == 3);
        CHECK(read[0].text() == x.offer.text());
        CHECK(read[1].text() == x.answer.text());
        CHECK(read[2].text() == x.reveal.text());
        CHECK(read[0].requests == x.offer.requests);
        CHECK(read[2].results == x.reveal.results);
    }
}

TEST_CASE("exchange: a malformed message is refused with its line and what is wrong", "[load][pbem]")
{
    Players p;
    const std::string offer = make_exchange(p, "-").offer.text();
    const auto refusal = [](const std::string& text) {
        try {
            parse_messages(text, "mail");
        } catch (const Error& e) {
            CHECK(e.code() == ExitCode::data);
            return std::string(e.what());
        }
        return std::string("read");
    };
    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string t = offer;
        t.replace(t.find(from), from.size(), to);
        return t;
    };
    CHECK(refusal(offer.substr(0, offer.size() - 12)) ==
          "mail:9: the offer begun at line 1 has no end line '--- end ---'");
    CHECK(refusal(replaced("previous: -", "previous: 12")) ==
          "mail:3: previous '12': 64 lowercase hexadecimal digits expected");
    CHECK(refusal(replaced("from: alice", "from: Alice!")) ==
          "mail:2: from 'Alice!': a player's name is 1 to 32 of a-z, 0-9, - and _");
    CHECK(refusal(replaced("previous: -\n", "")) == "mail:3: 'game' where the offer has 'previous'");
    CHECK(refusal(replaced("game: -", "game: 12")) == "mail:4: game '12': 64 lowercase hexadecimal digits expected");
    CHECK(refusal(replaced("request: wind\n", "request: wind\nsecret: 00\n")) ==
          "mail:8: 'secret' where the offer has its signature");
    CHECK(refusal(replaced("request: wind", "request: wi\x1bnd")) == "mail:7: a control character in a message");
    CHECK(refusal(replaced("--- end ---", "request: more\n--- end ---")) ==
          "mail:9: 'request' after the signature; only the end line '--- end ---' follows it");
    // an offer with no request cannot be signed
    std::string bare = replaced("request: melee --attacker 4 --defender 5\nrequest: wind\n", "");
    CHECK(refusal(bare) == "mail:6: the offer has no 'request' line before its signature");
    CHECK(refusal("--- umpire offer ---\n" + std::string(5000, 'x') + "\n") ==
          "mail:2: a line of 5000 characters; at most 4096");
    CHECK(parse_messages("no message here\n--- end ---\n", "mail").empty());
}

TEST_CASE("exchange: a chain of exchanges holds, and each attack on it is named", "[load][pbem]")
{
    Players p;
    const Exchange one = make_exchange(p, "-");
    const Exchange two = make_exchange(p, one.reveal.hash(), "bob", "alice");
    const std::vector<Message> chain{one.offer, one.answer, one.reveal, two.offer, two.answer, two.reveal};
    const TranscriptCheck good = check_transcript(chain, p.keys);
    CHECK(good.holds());
    CHECK(good.settled.size() == 2);

    SECTION("a request changed after the answer")
    {
        std::vector<Message> changed = chain;
        changed[0].requests[0] = "melee --attacker 6 --defender 5";
        const auto got = problems(changed, p.keys);
        CHECK(got[0] == "the signature is not alice's: the message was changed, or made by someone else");
        CHECK(got[1] == "it answers an offer that is not the one before it (" + one.offer.hash() + ")");
    }
    SECTION("a message signed by another player than it names")
    {
        std::vector<Message> forged = chain;
        forged[1] = p.signed_by(forged[1], "alice");  // alice answering for bob
        CHECK(problems(forged, p.keys)[1] ==
              "the signature is not bob's: the message was changed, or made by someone else");
    }
    SECTION("the asker answering its own offer")
    {
        std::vector<Message> own = chain;
        own[1].from = "alice";
        own[1] = p.signed_by(own[1], "alice");
        CHECK(problems(own, p.keys)[1] == "it is made by alice, who made the offer: the other side answers");
    }
    SECTION("a reveal by the other side")
    {
        std::vector<Message> other = chain;
        other[2].from = "bob";
        other[2] = p.signed_by(other[2], "bob");
        CHECK(problems(other, p.keys)[2] == "it is made by bob, not by alice, who made the offer");
    }
    SECTION("a secret that does not match the commitment")
    {
        std::vector<Message> changed = chain;
        changed[2].secret = random_hex(32);
        changed[2] = p.signed_by(changed[2], "alice");
        CHECK(problems(changed, p.keys)[2] == "its secret does not match the offer's commitment: the asker changed it");
    }
    SECTION("a player whose key is not known")
    {
        const auto got = problems(chain, {{"alice", p.alice.public_key}});
        CHECK(got[1] == "no key of player 'bob' is known here (umpire pbem trust)");
        CHECK(got[0].empty());
    }
    SECTION("a second offer at one point of the chain")
    {
        const Exchange again = make_exchange(p, "-");
        const auto got = problems({one.offer, one.answer, again.offer}, p.keys);
        CHECK(got[2] == "a second offer at one point of the chain: an asker who offers twice could keep the rolls "
                        "it likes");
    }
    SECTION("an offer that does not follow the last exchange")
    {
        const Exchange stray = make_exchange(p, one.offer.hash());
        CHECK(problems({one.offer, one.answer, one.reveal, stray.offer}, p.keys)[3] ==
              "it follows exchange " + one.offer.hash() + ", but the chain's last settled exchange is " +
                  one.reveal.hash());
    }
    SECTION("a secret or value used twice")
    {
        Exchange reused = make_exchange(p, one.reveal.hash(), "alice", "bob");
        reused.offer.commitment = one.offer.commitment;
        reused.offer = p.signed_by(reused.offer, "alice");
        CHECK(problems({one.offer, one.answer, one.reveal, reused.offer}, p.keys)[3] ==
              "its commitment was used before: a secret is fresh for every exchange");
        Exchange value = make_exchange(p, one.reveal.hash(), "alice", "bob");
        value.answer.value = one.answer.value;
        value.answer = p.signed_by(value.answer, "bob");
        CHECK(problems({one.offer, one.answer, one.reveal, value.offer, value.answer}, p.keys)[4] ==
              "its value was used before: an answer's value is fresh for every exchange");
    }
    SECTION("a reveal stating fewer results than requests")
    {
        std::vector<Message> short_reveal = chain;
        short_reveal[2].results.pop_back();
        short_reveal[2] = p.signed_by(short_reveal[2], "alice");
        CHECK(problems(short_reveal, p.keys)[2] == "it states 1 results for the offer's 2 requests");
    }
    SECTION("a message replayed from another exchange")
    {
        CHECK(problems({one.offer, one.answer, one.reveal, two.offer, one.answer}, p.keys)[4] ==
              "it answers an offer that is not the one before it (" + one.offer.hash() + ")");
    }
}

TEST_CASE("exchange: the asker, knowing its secret, cannot foresee a roll before the answer", "[load][pbem]")
{
    // Every seed depends on the answer's value, chosen after the offer: with the secret and
    // the offer fixed, 2,000 values give 2,000 seeds for each request, spread over the 32
    // bits (each half of the range about half of them). Seeds are 32 bits, so two of 2,000
    // values may meet by chance (the birthday bound: 2,000 x 1,999 / 2 / 2^32 = 0.00047
    // pairs expected per request; CI once drew one). Three meetings in one request would
    // have a chance near 2e-11, and a seed that ignored the value would meet 1,999 times.
    const std::string secret = random_hex(32);
    const std::string offer = random_hex(32);
    for (size_t request = 0; request < 3; ++request) {
        std::set<std::uint32_t> seeds;
        size_t high = 0;
        for (int i = 0; i < 2000; ++i) {
            const std::uint32_t s = request_seed(secret, random_hex(32), offer, request);
            seeds.insert(s);
            high += s >= 0x80000000u ? 1 : 0;
        }
        CHECK(seeds.size() >= 1998);
        CHECK(high > 850);
        CHECK(high < 1150);
    }
    // and the answerer, without the secret, no better: the same value under two secrets
    const std::string value = random_hex(32);
    CHECK(request_seed(random_hex(32), value, offer, 0) != request_seed(random_hex(32), value, offer, 0));
    // each request its own dice
    CHECK(request_seed(secret, value, offer, 0) != request_seed(secret, value, offer, 1));
}

TEST_CASE("sign: a signature holds for its message and key only", "[util][pbem]")
{
    const KeyPair a = new_key_pair();
    const KeyPair b = new_key_pair();
    const std::string sig = sign("move", a.secret_key);
    CHECK(signature_holds("move", sig, a.public_key));
    CHECK_FALSE(signature_holds("movE", sig, a.public_key));
    CHECK_FALSE(signature_holds("move", sig, b.public_key));
    CHECK_FALSE(signature_holds("move", "00", a.public_key));
    CHECK_FALSE(signature_holds("move", sig, "zz"));
    CHECK(public_key_of(a.secret_key) == a.public_key);
    CHECK(public_key_of("nonsense").empty());
    CHECK(is_hex(random_hex(32), 64));
    CHECK(random_hex(32) != random_hex(32));
    CHECK_THROWS_AS(sign("move", "nonsense"), Error);
}
