// Great Battles' Activation Deck (Drop Zone rules): drawing, playing and showing hands.
#include "games/great-battles/great_battles.h"
#include "games/great-battles/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace umpire::core {

using namespace great_battles_internal;

namespace {

constexpr std::array<std::string_view, 13> k_ranks{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
constexpr std::array<char, 3> k_suits{'C', 'S', 'D'};

char card_suit(std::string_view card) { return card.empty() ? '?' : card.back(); }

std::string suit_name(char suit) { return suit == 'C' ? "clubs" : suit == 'S' ? "spades" : "diamonds"; }

// A card's place in deck order.
size_t card_order(std::string_view card)
{
    const char suit = card_suit(card);
    const std::string_view rank = card.substr(0, card.size() - 1);
    size_t s = static_cast<size_t>(std::find(k_suits.begin(), k_suits.end(), suit) - k_suits.begin());
    size_t r = static_cast<size_t>(std::find(k_ranks.begin(), k_ranks.end(), rank) - k_ranks.begin());
    return s * k_ranks.size() + r;
}

void sort_deck(std::vector<std::string>& cards)
{
    std::sort(cards.begin(), cards.end(),
              [](const std::string& a, const std::string& b) { return card_order(a) < card_order(b); });
}

int hand_points(const Table& procedures, const std::vector<std::string>& cards)
{
    int points = 0;
    for (const auto& c : cards) {
        points += card_points(procedures, c);
    }
    return points;
}

DeckHand& hand_of(DeckState& state, std::string_view side)
{
    for (auto& h : state.hands) {
        if (h.side == side) {
            return h;
        }
    }
    state.hands.push_back({std::string(side), {}});
    return state.hands.back();
}

std::string cards_text(const std::vector<std::string>& cards)
{
    return cards.empty() ? std::string("none") : join(cards, " ");
}

void deck_fields(const Table& procedures, const DeckState& state, std::string_view side, Outcome& out)
{
    for (const auto& h : state.hands) {
        if (h.side == side) {
            out.fields.push_back({"hand", h.cards});
            out.fields.push_back({"hand_points", static_cast<long long>(hand_points(procedures, h.cards))});
        }
    }
    out.fields.push_back({"deck_left", static_cast<long long>(state.deck.size())});
}

}  // namespace

DeckState full_deck()
{
    DeckState state;
    for (char suit : k_suits) {
        for (auto rank : k_ranks) {
            state.deck.push_back(std::string(rank) + suit);
        }
    }
    return state;
}

Expected<std::string> parse_card(std::string_view text)
{
    std::string card;
    for (char c : text) {
        card += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    const std::string where = "'" + std::string(text) + "': ";
    if (card.size() < 2) {
        return fail<std::string>(where + "a card is a rank and a suit: AS, 10C, QD");
    }
    const char suit = card.back();
    const std::string rank = card.substr(0, card.size() - 1);
    if (suit == 'H') {
        return fail<std::string>(where + "the hearts are removed from the Activation Deck (Drop Zone rules)");
    }
    if (std::find(k_suits.begin(), k_suits.end(), suit) == k_suits.end()) {
        return fail<std::string>(where + "the suit is C, S or D (clubs, spades, diamonds)");
    }
    if (std::find(k_ranks.begin(), k_ranks.end(), rank) == k_ranks.end()) {
        return fail<std::string>(where + "the rank is A, 2 to 10, J, Q or K");
    }
    return card;
}

Expected<std::string> parse_deck_side(std::string_view text)
{
    const bool ok = !text.empty() && text.size() <= 32 && std::islower(static_cast<unsigned char>(text[0])) &&
                    std::all_of(text.begin(), text.end(), [](char c) {
                        return std::islower(static_cast<unsigned char>(c)) ||
                               std::isdigit(static_cast<unsigned char>(c)) || c == '-';
                    });
    if (!ok) {
        return fail<std::string>("'" + std::string(text) +
                                 "': a side is 1 to 32 lower-case letters, digits and '-', starting with a letter "
                                 "(allied, german)");
    }
    return std::string(text);
}

int card_points(const Table& procedures, std::string_view card)
{
    // Exact odds draw colours only: "black" reads as a spade, "diamond" as a diamond.
    const char suit = card == "black" ? 'S' : card == "diamond" ? 'D' : card_suit(card);
    return procedures.constant("deck_points_" + suit_name(suit));
}

Resolution resolve_deck_draw(const Table& procedures, const DeckState& before, const DeckDraw& q, Dice& dice,
                             DeckState& after)
{
    after = before;
    const int left = static_cast<int>(before.deck.size());
    if (!q.given.empty() && static_cast<int>(q.given.size()) != q.count) {
        throw usage_error("{card}: " + std::to_string(q.given.size()) + " cards given for {count} " +
                          std::to_string(q.count));
    }
    check_count(q.count, 1, std::max(1, left), "{count}");
    if (left == 0) {
        throw usage_error("{count}: the deck is empty; every card is in a hand");
    }
    if (q.need) {
        check_count(*q.need, 0, 39, "{need}");
    }
    Resolution r;
    r.command = "deck draw";
    r.title = "Activation Deck: draw";
    r.source = "Great Battles of WWII, Drop Zone rules: Activation Points";
    note_table(r, procedures);
    std::vector<std::string>& deck = after.deck;
    std::vector<std::string> drawn;
    int points = 0;
    for (int i = 0; i < q.count; ++i) {
        std::string card;
        const std::string n = "card " + std::to_string(i + 1);
        if (!q.given.empty()) {
            card = q.given[static_cast<size_t>(i)];
            auto at = std::find(deck.begin(), deck.end(), card);
            if (at == deck.end()) {
                throw usage_error("{card} " + card + " is not in the deck (it is in a hand, or given twice)");
            }
            deck.erase(at);
        } else {
            std::vector<std::string> black;
            std::vector<std::string> diamonds;
            for (const auto& c : deck) {
                (card_suit(c) == 'D' ? diamonds : black).push_back(c);
            }
            const size_t colour = dice.pick({black.size(), diamonds.size()},
                                            n + ": black or diamond, by what is left (" + std::to_string(black.size()) +
                                                " black, " + std::to_string(diamonds.size()) + " diamonds)");
            const std::vector<std::string>& pool = colour == 0 ? black : diamonds;
            if (q.name_cards) {
                const size_t which = dice.pick(std::vector<std::uint64_t>(pool.size(), 1),
                                               n + ": which of the " + std::to_string(pool.size()) +
                                                   (colour == 0 ? " black cards" : " diamonds"));
                card = pool[which];
                deck.erase(std::find(deck.begin(), deck.end(), card));
            } else {
                card = colour == 0 ? "black" : "diamond";
                deck.erase(std::find(deck.begin(), deck.end(), pool.front()));
            }
        }
        const int p = card_points(procedures, card);
        points += p;
        drawn.push_back(card);
        r.steps.push_back(n + ": " + card + ", " + std::to_string(p) +
                          (p == 1 ? " Activation Point" : " Activation Points"));
    }
    DeckHand& hand = hand_of(after, q.side);
    hand.cards.insert(hand.cards.end(), drawn.begin(), drawn.end());
    const int held = hand_points(procedures, hand.cards);
    r.result.code = std::to_string(points);
    r.result.name = std::to_string(points) + (points == 1 ? " Activation Point drawn" : " Activation Points drawn");
    r.result.source = r.source;
    r.result.fields.push_back({"side", q.side});
    r.result.fields.push_back({"cards", drawn});
    deck_fields(procedures, after, q.side, r.result);
    r.steps.push_back(q.side + " holds " + cards_text(hand.cards) + ": " + std::to_string(held) +
                      " Activation Points; " + std::to_string(after.deck.size()) + " cards left in the deck");
    if (q.need) {
        const bool enough = held >= *q.need;
        r.result.fields.push_back({"enough", enough});
        r.steps.push_back(std::to_string(*q.need) + " Activation Points wanted: " + (enough ? "enough" : "not enough"));
    }
    r.rolls = dice.record();
    return r;
}

Resolution resolve_deck_play(const Table& procedures, const DeckState& before, std::string_view side, int points,
                             DeckState& after)
{
    after = before;
    check_count(points, 1, 39, "{points}");
    DeckHand& hand = hand_of(after, side);
    Resolution r;
    r.command = "deck play";
    r.title = "Activation Deck: play";
    r.source = "Great Battles of WWII, Drop Zone rules: Activation Points";
    note_table(r, procedures);
    std::vector<std::string> played;
    int paid = 0;
    for (auto it = hand.cards.begin(); it != hand.cards.end() && paid < points;) {
        const int p = card_points(procedures, *it);
        if (p > 0 && paid + p <= points) {
            paid += p;
            played.push_back(*it);
            it = hand.cards.erase(it);
        } else {
            ++it;
        }
    }
    if (paid < points) {
        const DeckState& b = before;
        std::vector<std::string> held;
        for (const auto& h : b.hands) {
            if (h.side == side) {
                held = h.cards;
            }
        }
        throw usage_error("{points} " + std::to_string(points) + ": " + std::string(side) + " holds " +
                          std::to_string(hand_points(procedures, held)) + " Activation Points (" + cards_text(held) +
                          ")");
    }
    after.deck.insert(after.deck.end(), played.begin(), played.end());
    sort_deck(after.deck);
    r.steps.push_back(std::string(side) + " plays " + cards_text(played) + " for " + std::to_string(paid) +
                      " Activation Points; they return to the deck, which is shuffled (Drop Zone rules)");
    r.result.code = "played";
    r.result.name = std::to_string(paid) + " Activation Points played";
    r.result.source = r.source;
    r.result.fields.push_back({"side", std::string(side)});
    r.result.fields.push_back({"cards", played});
    deck_fields(procedures, after, side, r.result);
    r.notes.push_back("diamonds are worth no Activation Points and are never played: they stay in the hand (the "
                      "text returns only played black cards to the deck)");
    return r;
}

Resolution resolve_deck_show(const Table& procedures, const DeckState& state)
{
    Resolution r;
    r.command = "deck show";
    r.title = "Activation Deck";
    r.source = "Great Battles of WWII, Drop Zone rules: Activation Points";
    note_table(r, procedures);
    int black = 0;
    for (const auto& c : state.deck) {
        black += card_suit(c) == 'D' ? 0 : 1;
    }
    r.result.code = std::to_string(state.deck.size());
    r.result.name = std::to_string(state.deck.size()) + " cards in the deck";
    r.result.source = r.source;
    r.result.fields.push_back({"deck_black", static_cast<long long>(black)});
    r.result.fields.push_back({"deck_diamonds", static_cast<long long>(static_cast<int>(state.deck.size()) - black)});
    r.steps.push_back("the deck: " + std::to_string(black) + " black cards (1 Activation Point each), " +
                      std::to_string(state.deck.size() - static_cast<size_t>(black)) + " diamonds (none)");
    for (const auto& h : state.hands) {
        Outcome o;
        o.label = h.side;
        o.code = std::to_string(hand_points(procedures, h.cards));
        o.name = o.code + (o.code == "1" ? " Activation Point in hand" : " Activation Points in hand");
        o.fields.push_back({"hand", h.cards});
        r.results.push_back(std::move(o));
        r.steps.push_back(h.side + " holds " + cards_text(h.cards));
    }
    return r;
}

}  // namespace umpire::core
