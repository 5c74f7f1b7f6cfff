#pragma once
// Great Battles of WWII adjudicators (rules file 004, catalogue B1-B16). Pure functions
// of (request, tables, dice) returning a Resolution; every number comes from a table.

#include "core/dice.h"
#include "core/game.h"
#include "core/lookup.h"
#include "core/odds.h"
#include "core/resolution.h"
#include "core/scenario.h"
#include "core/table.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

inline const DiceSpec k_d10{1, 10, 0};
inline const DiceSpec k_d100{1, 100, 0};
// The largest modifier either way on a d10 roll (rally, close combat) and on a d100 roll
// (morale): past these the roll no longer decides anything (documented in umpire(1)).
inline constexpr int k_max_d10_modifier = 20;
inline constexpr int k_max_d100_modifier = 200;
// The battalion as umpire reads the rules: 2.0 says "Usually a battalion is made up of two,
// three or four companies", no hard most; 4.0's "one command stand, one heavy weapons stand
// and up to two other stands attached" and the morale chart's eight rows (15.1) make eight
// umpire's bound. Every count of one battalion's stands is held to it (check_battalion_stands):
// a rally's suppressed stands (14.7.1), a night's eliminated (16.2.3), a flak step's stands
// ("for each stand in a battalion", Drop Zone Air Landings), a game's battalion.
inline constexpr int k_max_battalion_stands = 8;
// A side of a close combat, which may be several battalions (14.8.5, Multi Battalion Close
// Combat): the text sets no most, so this is umpire's bound, not a rule. A side named by
// its battalion in a game is one battalion, held to k_max_battalion_stands.
inline constexpr int k_max_close_combat_stands = 100;
// The most suppressions a battalion's day may count (15.1: a stand rallied and suppressed
// again counts again): far past any day's, a stand suppressed again at every action.
inline constexpr int k_max_suppressions_in_day = 10000;

// Refuses VALUE as a count of one battalion's stands past LO to k_max_battalion_stands,
// naming FIELD ("{suppressed}") and umpire's reading of the battalion (2.0, 4.0, 15.1).
void check_battalion_stands(int value, int lo, const std::string& field);

// A stand's kind as the rules distinguish them (2.0, 11.3.2, 12.2.2).
struct StandType {
    std::string_view name;
    std::string_view meaning;
    bool unaffected_by_barrage;  // heavy weapons and command stands, 11.3.2
    bool vehicle;                // rockets destroy vehicles on 3-4, 12.2.2
};
const std::vector<StandType>& stand_types();
const StandType* find_stand_type(std::string_view name);

struct Stand {
    std::string cover = "open";  // a row of great-battles.suppression
    std::string type = "infantry";
    // Already suppressed (the game's count): suppressed again it changes nothing, "extra
    // suppression has no additional effect" (11.3.1), so under a barrage it rolls nothing;
    // air-ground support may still destroy it (12.2).
    bool suppressed = false;
};

// "soft", "hard:armour": a stand under the template as COVER[:TYPE], the cover a row of
// SUPPRESSION (great-battles.suppression). A message starting with the quoted spec otherwise.
Expected<Stand> parse_stand(std::string_view spec, const Table& suppression);

enum class Attack { artillery, fighter_bomber, rocket };

struct SuppressRequest {
    std::vector<Stand> stands;
    bool activated = true;
    // The game says the battalion has Gone to Ground: it cannot be activated for the rest of
    // the day (15.2.1, 9.4), so it is read as non-activated (9.3, 11.3.3) and the working says why.
    bool gone_to_ground = false;
    Attack attack = Attack::artillery;
    // The battalion's stands left, when a game keeps them: the effects say whether it tests
    // morale (15.0) or has no stand left.
    std::optional<int> stands_left;
};

// 11.3.3 and 12.2: one d10 per stand, each against its cover's number. The result's
// "suppressed" counts stands newly suppressed, "destroyed" every stand destroyed and
// "destroyed_suppressed" those of them that were already suppressed.
Resolution resolve_suppress(const Table& table, const SuppressRequest& request, Dice& dice);

struct MoraleRequest {
    int stands = 0;      // at the start of the day, support stands included (15.1)
    int eliminated = 0;  // stands eliminated so far today
    int suppressed = 0;  // stands suppressed: each suppression of the day's fighting (15.1)
    // The count is of stands suppressed now (the "current" casualty reading): at most the
    // stands left. Otherwise it is every suppression of the day, and a stand rallied and
    // suppressed again counts twice (15.1 "accumulated over the day's fighting").
    bool suppressed_now = false;
    int modifier = 0;               // added to the d100 roll (15.2: "modified roll")
    bool won_close_combat = false;  // 14.8.4, 15.0: no test
    bool blocked = false;           // 15.2.2: cannot retreat 3" without closing on the enemy
    // The game's word on whether a test is due (its morale_check_due, 15.0), when a game keeps
    // it: a battalion that suffered nothing this play-turn, or already tested, tests nothing.
    std::optional<bool> check_due;
};

// 15.0-15.2: casualty points, the chart's number, d100 equal or under holds.
Resolution resolve_morale(const Table& chart, const Table& procedures, const MoraleRequest& request, Dice& dice);

// The scenario the Great Battles commands name units from when no other scenario is given.
inline constexpr const char* k_great_battles_scenario = "great-battles-example";

// The rally number of troop QUALITY from TABLE, great-battles.rally-numbers (14.7.3); a
// message naming the qualities otherwise.
Expected<int> rally_number(const Table& table, std::string_view quality);
// A unit's own rally number, else its quality's from TABLE.
Expected<int> unit_rally_number(const Table& table, const Unit& unit);

struct RallyRequest {
    int rally_number = 0;
    int suppressed = 0;
    int modifier = 0;
    const Table* rally_table = nullptr;  // where rally_number was read (14.7.3), if it was
};

// 14.7: a d10 per suppressed stand, each equal or under the rally number plus modifiers
// removes a suppression; all at once (14.7.2).
Resolution resolve_rally(const RallyRequest& request, Dice& dice);

struct CloseCombatSide {
    std::string name;
    int modifier = 0;    // from the Close Combat Chart (lost): cover, support, armour
    int stands = 0;      // stands in the battalion
    int suppressed = 0;  // of which suppressed
    int rally_number = 0;
    bool blocked = false;                // cannot retreat without closing on enemy within 12" (14.8.3)
    const Table* rally_table = nullptr;  // where rally_number was read (14.7.3), if it was
};

struct CloseCombatRequest {
    CloseCombatSide attacker;
    CloseCombatSide defender;
};

// 14.8: both sides d10 + modifiers, the lower loses; each of the loser's stands rolls
// against its rally number: above it, suppressed; already suppressed, eliminated.
Resolution resolve_close_combat(const CloseCombatRequest& request, Dice& dice);
// resolve_close_combat's exact odds without walking every pair of dice with every count of
// the loser's stands: who lost and the loser's counts decide all but the two totals, so
// each loser's stands are walked alone and one resolution made per count. WHOLE is
// resolve_close_combat as run, for the sample.
OddsReport close_combat_odds(const CloseCombatRequest& request, const Adjudicator& whole);

// Drop Zone rules: a d10 equal or under morale minus three gets through, suppressed.
Resolution resolve_infiltration(const Table& procedures, int morale, Dice& dice);

// 16.2: a d10 per eliminated stand, equal or under the chart's number returns it.
// An isolated battalion rolls nothing and loses an extra stand, paratroopers excepted (Drop
// Zone, Air Supply: "considered isolated ... so they cannot roll for replacements. Being
// paratroopers, they do not lose an extra stand in this situation, however").
Resolution resolve_replacement(const Table& chart, std::string_view supply, std::string_view situation, int eliminated,
                               bool paratroopers, Dice& dice);

struct FireRequest {
    int to_hit = 0;                  // from the fire chart at the range (lost): given by the referee
    int to_destroy = 0;              // likewise, by target type and range
    int shots = 1;                   // firing stands, one d10 each
    bool outside_front_arc = false;  // 14.4.1
    bool heavy_weapons = false;      // 14.4.12
    bool opportunity = false;        // 14.5.4
    // The target battalion's stands left, when a game keeps them: the effects say whether it
    // tests morale (15.0) or has no stand left.
    std::optional<int> stands_left;
};

// 14.4.6-14.4.7: to hit, then to destroy per hit; a hit that does not destroy suppresses.
Resolution resolve_fire(const Table& procedures, const FireRequest& request, Dice& dice);

// Air Landings, step 2: two d10 per stand, the coloured die north-south and the white
// east-west, times 2 (high), 1 (medium) or 1/2 (low); gliders always as low. PART, when
// given, is one part alone: 0 the headline (no die), I stand I's drift as the result. The
// stands drift apart, so exact odds walk each once (core::apart_odds), not 100^stands.
Resolution resolve_drift(const Table& procedures, std::string_view altitude, bool glider, int stands, Dice& dice,
                         std::optional<int> part = std::nullopt);

// 8.2: the attacker's die on TURN (2 or 3) says whether sighting rises now or at the
// defender's turn.
Resolution resolve_sighting(const Table& table, int turn, Dice& dice);

// Air Landings, step 1 (Drop Zone rules): a d10 per stand on TABLE (great-battles.flak)
// under the AA class (light, medium, heavy) and drop altitude; gliders read as high.
Resolution resolve_flak(const Table& table, std::string_view aa, std::string_view altitude, bool glider, int stands,
                        Dice& dice);
// Air Landings, step 3: a d10 per stand plus MODIFIER on TABLE (great-battles.landing)
// under the terrain landed on.
Resolution resolve_landing(const Table& table, std::string_view terrain, int modifier, int stands, Dice& dice);

// 5.1.3: a C Ops interpenetrated by an enemy stand is overrun and destroyed: its side
// loses the procedures table's cops_overrun_activation_points, the division's stands are
// isolated in the coming night phase, the C Ops reappears by road on a friendly board
// edge at the start of the next day. AVAILABLE, when given, is the side's Activation
// Points before. No dice.
Resolution resolve_cops_overrun(const Table& procedures, std::string_view side, std::string_view division,
                                std::optional<int> available);

// The Drop Zone rules' Activation Deck: an ordinary deck with the hearts removed, black
// cards (clubs, spades) one Activation Point each, diamonds none (the points are the
// procedures table's deck_points_*). Cards are "AS", "10C", "QD".
struct DeckHand {
    std::string side;
    std::vector<std::string> cards;  // in the order drawn
};
struct DeckState {
    std::vector<std::string> deck;  // the cards to draw from, kept in deck order (no secret order)
    std::vector<DeckHand> hands;
};
// The 39 cards in deck order: clubs, spades, diamonds, each ace to king.
DeckState full_deck();
// "ks", "10C", "Ad": the card in canonical form, or a message (hearts are not in the deck).
Expected<std::string> parse_card(std::string_view text);
// A side's name in the deck: lower-case letters, digits and '-', 1 to 32 characters.
Expected<std::string> parse_deck_side(std::string_view text);
int card_points(const Table& procedures, std::string_view card);

struct DeckDraw {
    std::string side;
    int count = 1;
    std::vector<std::string> given;  // cards drawn by hand, instead of at random
    std::optional<int> need;         // Activation Points wanted in hand after the draw
    bool name_cards = true;          // false for exact odds: only the colours are drawn
};
// Draws COUNT cards at random from BEFORE's deck into the side's hand: each card's colour
// by what is left (one pick), then which card of that colour (a second). AFTER is the new
// state.
Resolution resolve_deck_draw(const Table& procedures, const DeckState& before, const DeckDraw& request, Dice& dice,
                             DeckState& after);
// Plays POINTS Activation Points of black cards from the side's hand; they return to the
// deck, which is shuffled (so it keeps no order at all). No dice.
Resolution resolve_deck_play(const Table& procedures, const DeckState& before, std::string_view side, int points,
                             DeckState& after);
// The deck and the hands, with their points. No dice.
Resolution resolve_deck_show(const Table& procedures, const DeckState& state);

// 16.0: the turns of a day in MONTH ("jun", "June", "6Jun44", "1 June 1944") as LENGTH
// (great-battles.day-length) reads them; a message quoting MONTH when it names no month.
Expected<std::string> day_length(const Table& length, std::string_view month);

// The stands UNIT has left today in game G (15.1): those it started the day with, less those
// eliminated since.
int stands_left(const GameState& g, std::string_view unit);
// Refuses a command on UNIT, a battalion of game G (the file WHERE), when it has no stand left
// today: nothing of it is left to fire at, suppress, move or fight. FIELD names the flag that
// named it ("unit", "attacker_unit").
void require_stand_left(const GameState& g, std::string_view unit, std::string_view where,
                        std::string_view field = "unit");
// Whether UNIT and ENEMY, battalions of game G, have fought a close combat in the player's turn
// G's clock is at (14.8: at the end of each player's turn; the loser retreats 3", 14.8.3).
bool fought_close_combat_this_turn(const GameState& g, std::string_view unit, std::string_view enemy);
// What game G keeps of UNIT's close combats in the player's turn its clock is at (14.8): the
// enemy battalions it fought (closed_with) and whether it won one of them (won_close_combat,
// kept when a close combat is applied): "Battalions which won a close combat never have to test
// morale" (14.8.4, 15.0), the loser "will have to test" (14.8.3). WHEN is that player's turn
// in words: "day 1, turn 3, first-player".
struct CloseCombatRecord {
    std::vector<std::string> fought;
    bool won = false;
    std::string when;
};
CloseCombatRecord close_combat_this_turn(const GameState& g, std::string_view unit);
// What a resolution's effects say of a battalion that has lost every stand: it leaves the
// table, and nothing of it retreats or tests morale (14.4.7, 15.0), as the game applies.
inline constexpr const char* k_no_stand_left_effect =
    "the battalion has no stand left: every stand is eliminated and leaves the table (14.4.7), so none "
    "retreats or tests morale (15.0)";

// Great Battles in a game file: the day, the turn and the day's length (16.0), and each
// battalion's stands at the start of the day, stands suppressed and eliminated, and gone
// to ground; what suppress, rally and morale change (11.3, 14.7, 15.2.1); the next turn.
GameRules great_battles_game_rules();

}  // namespace umpire::core
