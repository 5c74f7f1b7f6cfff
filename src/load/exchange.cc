#include "load/exchange.h"

#include "util/error.h"
#include "util/sha256.h"
#include "util/sign.h"
#include "util/text.h"

#include <algorithm>
#include <set>

namespace umpire::load {

namespace {

constexpr std::string_view k_end = "--- end ---";

// The fields of each kind, in the order they are written (requests and results repeat).
std::vector<std::string_view> fields_of(MessageKind kind)
{
    switch (kind) {
    case MessageKind::offer:
        return {"from", "previous", "game", "commitment", "request"};
    case MessageKind::answer:
        return {"from", "offer", "value"};
    case MessageKind::reveal:
        return {"from", "answer", "secret", "result"};
    }
    return {};
}

bool printable(std::string_view text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c <= 0x7e; });
}

}  // namespace

const char* kind_name(MessageKind kind)
{
    switch (kind) {
    case MessageKind::offer:
        return "offer";
    case MessageKind::answer:
        return "answer";
    case MessageKind::reveal:
        return "reveal";
    }
    return "";
}

bool valid_player(std::string_view name)
{
    return !name.empty() && name.size() <= 32 &&
           name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") == std::string_view::npos;
}

std::string Message::body() const
{
    std::string out = "--- umpire " + std::string(kind_name(kind)) + " ---\nfrom: " + from + "\n";
    switch (kind) {
    case MessageKind::offer:
        out += "previous: " + previous + "\ngame: " + game + "\ncommitment: " + commitment + "\n";
        for (const auto& r : requests) {
            out += "request: " + r + "\n";
        }
        break;
    case MessageKind::answer:
        out += "offer: " + offer + "\nvalue: " + value + "\n";
        break;
    case MessageKind::reveal:
        out += "answer: " + answer + "\nsecret: " + secret + "\n";
        for (size_t i = 0; i < results.size(); ++i) {
            out += "result: " + std::to_string(i + 1) + " " + results[i] + "\n";
        }
        break;
    }
    return out;
}

std::string Message::text() const { return body() + "signature: " + signature + "\n" + std::string(k_end) + "\n"; }

std::string Message::hash() const { return sha256_hex(text()); }

std::vector<Message> parse_messages(std::string_view text, const std::string& source)
{
    std::vector<Message> out;
    std::optional<Message> open;
    size_t seen = 0;  // how many of fields_of(open->kind) the open message has had, in order
    size_t line_number = 0;
    size_t opened_at = 0;
    const auto fail = [&](const std::string& what) {
        throw data_error(source + ":" + std::to_string(line_number) + ": " + what);
    };
    size_t at = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;  // a byte-order mark (a mail saved by Notepad)
    if (text.find('\r') != std::string_view::npos && text.find('\n') == std::string_view::npos) {
        throw data_error(source + ": its lines end in CR alone; save it with LF or CR LF line ends");
    }
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++line_number;
        // An e-mail's quoting ("> ", ">> ") and line ends ("\r") are not the message's.
        while (line.starts_with('>')) {
            line.remove_prefix(line.starts_with("> ") ? 2 : 1);
        }
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
            line.remove_suffix(1);
        }
        if (!open) {
            for (const MessageKind kind : {MessageKind::offer, MessageKind::answer, MessageKind::reveal}) {
                if (line == "--- umpire " + std::string(kind_name(kind)) + " ---") {
                    open = Message{};
                    open->kind = kind;
                    seen = 0;
                    opened_at = line_number;
                }
            }
            if (line.starts_with("--- umpire ") && !open) {
                // a message's first line, changed or of a kind umpire does not know: passed
                // over, its message would be lost without a word and the next one blamed
                fail("'" + visible(line.substr(0, 60)) +
                     "' is no message umpire knows (--- umpire offer ---, answer or reveal)");
            }
            continue;  // a line outside a message: the e-mail around it
        }
        if (line.size() > k_max_message_line) {
            fail("a line of " + std::to_string(line.size()) + " characters; at most " +
                 std::to_string(k_max_message_line));
        }
        if (!printable(line)) {
            fail("a control character in a message");
        }
        const std::vector<std::string_view> fields = fields_of(open->kind);
        const size_t colon = line.find(": ");
        const std::string key(colon == std::string_view::npos ? line : line.substr(0, colon));
        const std::string value(colon == std::string_view::npos ? "" : line.substr(colon + 2));
        const auto next_field = [&]() -> std::string {
            return seen < fields.size() ? "'" + std::string(fields[seen]) + "'" : std::string("its signature");
        };
        if (key == "signature") {
            if (seen != fields.size()) {
                fail("the " + std::string(kind_name(open->kind)) + " has no " + next_field() +
                     " line before its signature");
            }
            if (!is_hex(value, 128)) {
                fail("the signature is 128 lowercase hexadecimal digits");
            }
            open->signature = value;
            continue;
        }
        if (line == k_end) {
            if (open->signature.empty()) {
                fail("the " + std::string(kind_name(open->kind)) + " begun at line " + std::to_string(opened_at) +
                     " ends without its signature");
            }
            out.push_back(std::move(*open));
            open.reset();
            continue;
        }
        if (!open->signature.empty()) {
            fail("'" + key + "' after the signature; only the end line '" + std::string(k_end) + "' follows it");
        }
        // Each field in order; a request or result may repeat.
        const bool repeats = seen > 0 && key == fields[seen - 1] && (key == "request" || key == "result");
        if (!repeats) {
            if (seen >= fields.size() || key != fields[seen]) {
                fail("'" + key + "' where the " + std::string(kind_name(open->kind)) + " has " + next_field());
            }
            ++seen;
        }
        const auto hex_field = [&](size_t digits) {
            if (!is_hex(value, digits)) {
                fail(key + " '" + value + "': " + std::to_string(digits) + " lowercase hexadecimal digits expected");
            }
            return value;
        };
        if (key == "from") {
            if (!valid_player(value)) {
                fail("from '" + value + "': a player's name is 1 to 32 of a-z, 0-9, - and _");
            }
            open->from = value;
        } else if (key == "previous") {
            open->previous = value == "-" ? value : hex_field(64);
        } else if (key == "game") {
            open->game = value == "-" ? value : hex_field(64);
        } else if (key == "commitment") {
            open->commitment = hex_field(64);
        } else if (key == "request") {
            if (value.empty()) {
                fail("an empty request");
            }
            if (open->requests.size() == k_max_exchange_requests) {
                fail("more than " + std::to_string(k_max_exchange_requests) + " requests in one offer");
            }
            open->requests.push_back(value);
        } else if (key == "offer") {
            open->offer = hex_field(64);
        } else if (key == "value") {
            open->value = hex_field(64);
        } else if (key == "answer") {
            open->answer = hex_field(64);
        } else if (key == "secret") {
            open->secret = hex_field(64);
        } else if (key == "result") {
            const std::string number = std::to_string(open->results.size() + 1);
            if (!value.starts_with(number + " ") || value.size() == number.size() + 1) {
                fail("result '" + value + "': 'result: " + number + " CODE' expected, the results numbered from 1");
            }
            open->results.push_back(value.substr(number.size() + 1));
        }
    }
    if (open) {
        ++line_number;
        fail("the " + std::string(kind_name(open->kind)) + " begun at line " + std::to_string(opened_at) +
             " has no end line '" + std::string(k_end) + "'");
    }
    return out;
}

std::string commitment_of(const std::string& secret) { return sha256_hex("umpire-exchange-commitment:" + secret); }

std::uint32_t request_seed(const std::string& secret, const std::string& value, const std::string& offer_hash,
                           size_t index)
{
    const std::string digest =
        sha256_hex("umpire-exchange-roll:" + secret + ":" + value + ":" + offer_hash + ":" + std::to_string(index));
    return static_cast<std::uint32_t>(std::stoul(digest.substr(0, 8), nullptr, 16));
}

bool TranscriptCheck::holds() const
{
    return std::all_of(messages.begin(), messages.end(), [](const CheckedMessage& m) { return m.problem.empty(); });
}

TranscriptCheck check_transcript(const std::vector<Message>& messages, const std::map<std::string, std::string>& keys)
{
    TranscriptCheck out;
    std::string last_reveal = "-";
    const Message* offer = nullptr;
    const Message* answer = nullptr;
    bool offer_holds = false;
    bool answer_holds = false;
    std::set<std::string> secrets;
    std::set<std::string> values;
    std::set<std::string> commitments;
    std::set<std::string> points;  // the chain points an offer was made at
    for (const Message& m : messages) {
        CheckedMessage checked{&m, ""};
        std::string& problem = checked.problem;
        const auto key = keys.find(m.from);
        if (key == keys.end()) {
            problem = "no key of player '" + m.from + "' is known here (umpire pbem trust)";
        } else if (!signature_holds(m.body(), m.signature, key->second)) {
            problem = "the signature is not " + m.from + "'s: the message was changed, or made by someone else";
        }
        switch (m.kind) {
        case MessageKind::offer:
            if (problem.empty() && m.previous != last_reveal) {
                problem = "it follows " + (m.previous == "-" ? std::string("no exchange") : "exchange " + m.previous) +
                          ", but the chain's last settled exchange is " +
                          (last_reveal == "-" ? std::string("none") : last_reveal);
            }
            if (problem.empty() && !points.insert(m.previous).second) {
                problem = "a second offer at one point of the chain: an asker who offers twice could keep the "
                          "rolls it likes";
            }
            if (problem.empty() && !commitments.insert(m.commitment).second) {
                problem = "its commitment was used before: a secret is fresh for every exchange";
            }
            offer = &m;
            answer = nullptr;
            offer_holds = problem.empty();
            answer_holds = false;
            break;
        case MessageKind::answer:
            if (offer == nullptr || m.offer != offer->hash()) {
                problem = "it answers an offer that is not the one before it (" + m.offer + ")";
            } else if (problem.empty() && m.from == offer->from) {
                problem = "it is made by " + m.from + ", who made the offer: the other side answers";
            } else if (problem.empty() && !values.insert(m.value).second) {
                problem = "its value was used before: an answer's value is fresh for every exchange";
            }
            answer = offer != nullptr && m.offer == offer->hash() ? &m : nullptr;
            answer_holds = problem.empty() && offer_holds;
            break;
        case MessageKind::reveal:
            if (answer == nullptr || m.answer != answer->hash()) {
                problem = "it reveals for an answer that is not the one before it (" + m.answer + ")";
            } else if (problem.empty() && m.from != offer->from) {
                problem = "it is made by " + m.from + ", not by " + offer->from + ", who made the offer";
            } else if (problem.empty() && commitment_of(m.secret) != offer->commitment) {
                problem = "its secret does not match the offer's commitment: the asker changed it";
            } else if (problem.empty() && !secrets.insert(m.secret).second) {
                problem = "its secret was used before";
            } else if (problem.empty() && m.results.size() != offer->requests.size()) {
                problem = "it states " + std::to_string(m.results.size()) + " results for the offer's " +
                          std::to_string(offer->requests.size()) + " requests";
            }
            if (problem.empty() && answer_holds) {
                out.settled.push_back({offer, answer, &m});
                last_reveal = m.hash();
            }
            offer = nullptr;
            answer = nullptr;
            break;
        }
        out.messages.push_back(std::move(checked));
    }
    return out;
}

}  // namespace umpire::load
