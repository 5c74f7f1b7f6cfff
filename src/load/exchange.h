#pragma once
// Play by e-mail: the messages of an exchange, as plain text a player pastes into an
// e-mail or a chat, and the checks anyone can make of them offline (issue 27; the
// argument is in umpire(1), PLAY BY E-MAIL).
//
// One exchange settles the dice of a phase's requests at once:
//   offer   the asking side fixes its requests and commits to a fresh secret:
//           SHA-256 of it. It names the exchange before it (previous), so a game's
//           exchanges are one chain and an asker cannot offer two at one point.
//   answer  the other side, having seen the offer, gives a fresh value of its own and
//           names the offer by its hash: the requests can no longer change.
//   reveal  the asking side reveals its secret, names the answer by its hash, and
//           states each request's result. Request I's dice come from the secret, the
//           value, the offer's hash and I (request_seed), so anyone recomputes them.
// Each message is signed by its sender's Ed25519 key (util/sign.h).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::load {

enum class MessageKind { offer, answer, reveal };

struct Message {
    MessageKind kind = MessageKind::offer;
    std::string from;  // the sender's player name
    // offer
    std::string previous;  // the hash of the chain's last reveal, or "-" for a game's first
    std::string game;      // SHA-256 of the game file the requests read and change, or "-"
    std::string commitment;
    std::vector<std::string> requests;  // each a command as typed after 'umpire'
    // answer
    std::string offer;  // the hash of the offer answered
    std::string value;
    // reveal
    std::string answer;  // the hash of the answer
    std::string secret;
    std::vector<std::string> results;  // request I's result code, as the asker read it
    std::string signature;

    // The text signed: the message's lines before its signature.
    std::string body() const;
    // The whole message as sent, its signature and end line included.
    std::string text() const;
    // SHA-256 of text(): how the next message names this one.
    std::string hash() const;
};

const char* kind_name(MessageKind kind);

// The most requests an offer holds, and the longest line of a message.
inline constexpr size_t k_max_exchange_requests = 1000;
inline constexpr size_t k_max_message_line = 4096;

// A player's name: 1 to 32 of a-z, 0-9, '-' and '_'.
bool valid_player(std::string_view name);

// Every message in TEXT (an e-mail pasted whole: lines outside a message are passed
// over, and "> " quoting is taken off), in order. A message that is malformed (an unknown
// or missing field, a value of the wrong shape, no end line) is a data Error naming
// SOURCE, the line and what is wrong.
std::vector<Message> parse_messages(std::string_view text, const std::string& source);

// SHA-256 of the secret, as the offer states it.
std::string commitment_of(const std::string& secret);

// The seed of request INDEX (from 0) of an exchange: the first 32 bits of SHA-256 of the
// secret, the value, the offer's hash and the index.
std::uint32_t request_seed(const std::string& secret, const std::string& value, const std::string& offer_hash,
                           size_t index);

// One message checked: what it is, who made it, and whether it holds (PROBLEM empty).
struct CheckedMessage {
    const Message* message = nullptr;
    std::string problem;
};

// An exchange whose dice are settled: its offer, answer and reveal, all holding.
struct SettledExchange {
    const Message* offer = nullptr;
    const Message* answer = nullptr;
    const Message* reveal = nullptr;
};

struct TranscriptCheck {
    std::vector<CheckedMessage> messages;  // every message, in order
    std::vector<SettledExchange> settled;
    bool holds() const;
};

// Checks MESSAGES as one game's chain, in order: each signature by its sender's key in
// KEYS (player name -> public key hex), each answer naming the offer before it and made
// by another player, each reveal naming its answer, made by the offer's sender, its
// secret matching the commitment, each offer naming the last reveal (or "-" first), no
// secret or value used twice, no second offer at one point of the chain. The rolls are
// the caller's to recompute (it runs the requests).
TranscriptCheck check_transcript(const std::vector<Message>& messages, const std::map<std::string, std::string>& keys);

}  // namespace umpire::load
