// umpire deck: the Activation Deck of the Great Battles Drop Zone rules.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "load/loader.h"
#include "load/state.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct DeckOptions {
    std::string action;
    std::string state;
    std::string side;
    int count = 1;
    std::vector<std::string> cards;
    std::optional<int> need;
    std::optional<int> points;
    DiceOptions dice;
};

void run_deck(const DeckOptions& opt, Context& ctx)
{
    const core::Table& procedures = ctx.table("great-battles.procedures");
    if (!opt.dice.rolls.empty()) {
        throw usage_error("deck takes no --roll: give the cards drawn by hand with --card");
    }
    const bool draw = opt.action == "draw";
    const bool play = opt.action == "play";
    if (!draw && (!opt.cards.empty() || opt.need || opt.dice.odds)) {
        throw usage_error("--card, --need and --odds go with 'deck draw'");
    }
    if (!play && opt.points) {
        throw usage_error("--points goes with 'deck play'");
    }
    if (opt.action != "show" && opt.side.empty()) {
        throw usage_error("deck " + opt.action + " needs --side: whose hand");
    }
    if (play && !opt.points) {
        throw usage_error("deck play needs --points: the Activation Points to pay (9.0 Activation Costs)");
    }
    if (play && opt.state.empty()) {
        throw usage_error("deck play needs --state: the hand it plays from is kept there");
    }
    std::string side;
    if (!opt.side.empty()) {
        side = find_side("{side}", opt.side, core::k_great_battles_scenario, ctx);
    }
    std::vector<std::string> cards;
    for (const auto& c : opt.cards) {
        cards.push_back(flag_value("{card}", core::parse_card(c)));
    }
    if (!cards.empty() && opt.count != 1 && static_cast<size_t>(opt.count) != cards.size()) {
        throw usage_error("--count " + std::to_string(opt.count) + " and " + std::to_string(cards.size()) +
                          " --card values: give one or the other");
    }
    // Read, resolve and write under one lock; in a replay, the logged text and no write.
    core::DeckState before = core::full_deck();
    std::optional<load::StateLock> lock;
    if (!opt.state.empty()) {
        std::string text = ctx.read_state_before(opt.state, lock);
        if (!text.empty()) {
            before = load::parse_deck_state(text, opt.state);
        }
        ctx.log_state_before(std::move(text));
    }
    core::Fields inputs{{"action", opt.action}};
    if (!opt.state.empty()) {
        inputs.push_back({"state", opt.state});
    }
    if (!side.empty()) {
        inputs.push_back({"side", side});
    }
    core::DeckState after;
    std::function<void()> save;  // only when there is a file to save (--log is checked first)
    if (!opt.state.empty()) {
        save = [&] {
            if (!ctx.replay_state && !ctx.read_only) {
                load::write_state_text(opt.state, load::deck_state_text(after));
                ctx.state_written = opt.state;
            }
        };
    }
    if (draw) {
        core::DeckDraw q;
        q.side = side;
        q.count = cards.empty() ? opt.count : static_cast<int>(cards.size());
        q.given = cards;
        q.need = opt.need;
        q.name_cards = !opt.dice.odds;
        inputs.push_back({"count", static_cast<long long>(q.count)});
        if (!cards.empty()) {
            inputs.push_back({"cards", cards});
        }
        if (opt.need) {
            inputs.push_back({"need", static_cast<long long>(*opt.need)});
        }
        ctx.adjudicate(
            opt.dice, inputs, "deck",
            [&](core::Dice& dice) { return core::resolve_deck_draw(procedures, before, q, dice, after); }, save);
        return;
    }
    if (play) {
        inputs.push_back({"points", static_cast<long long>(*opt.points)});
        ctx.adjudicate(
            opt.dice, inputs, "deck",
            [&](core::Dice&) { return core::resolve_deck_play(procedures, before, side, *opt.points, after); }, save);
        return;
    }
    ctx.adjudicate(opt.dice, inputs, "deck", [&](core::Dice&) { return core::resolve_deck_show(procedures, before); });
}

void setup_deck(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<DeckOptions>();
    auto* sub = app.add_subcommand("deck", "Great Battles: the Drop Zone Activation Deck, hearts removed, black cards "
                                           "one Activation Point: draw, play, show");
    sub->add_option("ACTION", opt->action, "draw, play or show")
        ->required()
        ->transform(one_of({"draw", "play", "show"}));
    sub->add_option("--state", opt->state,
                    "The deck file: the cards left and each side's hand, kept between calls (missing: a full deck)")
        ->type_name("FILE");
    sub->add_option("--side", opt->side, "Whose hand: a name such as allied or german")->type_name("SIDE");
    sub->add_option("--count", opt->count, "draw: cards to draw (default 1)")->type_name("N");
    sub->add_option("--card", opt->cards, "draw: a card drawn by hand, e.g. KS, 10C, QD (repeatable, or C,C)")
        ->delimiter(',')
        ->type_name("CARD");
    sub->add_option("--need", opt->need, "draw: Activation Points wanted in hand after the draw: reports 'enough'")
        ->type_name("N");
    sub->add_option("--points", opt->points, "play: Activation Points to pay with black cards")->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The deck is 39 cards: clubs and spades one Activation Point each, diamonds none.\n"
                "Each draw is at random from what is left (seeded, logged and replayable); played\n"
                "black cards return to the deck, which is shuffled. Diamonds are never played and\n"
                "stay in the hand. --odds on a draw: the exact chance of each number of points,\n"
                "and of 'enough' with --need (hypergeometric), from the deck as the file has it.\n"
                "Examples:\n"
                "  umpire deck draw --state deck.toml --side allied --count 5\n"
                "  umpire deck play --state deck.toml --side allied --points 2\n"
                "  umpire deck draw --state deck.toml --side german --count 3 --need 2 --odds\n"
                "  umpire deck show --state deck.toml");
    sub->callback([opt, &ctx] { run_deck(*opt, ctx); });
}

}  // namespace umpire::cli
