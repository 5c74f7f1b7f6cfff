#pragma once
// Novorossiysk 1943 (rules file 000, N1-N9): the weather and its time counter, and the
// block-game combat: coloured hit dice, simultaneous pools that cancel, Surprise, the
// airfield strike, casualty order, scatter.

#include "core/dice.h"
#include "core/game.h"
#include "core/odds.h"
#include "core/resolution.h"
#include "core/table.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// A block kind and how it takes hits: air units and small blocks go at the first hit;
// a large block steps down, then goes (Large Blocks). ORDER: lower takes hits first
// (bombers before fighters, small blocks first).
struct BlockKind {
    std::string_view name;
    bool air;
    int steps;
    int order;
};
const std::vector<BlockKind>& block_kinds();
const BlockKind* find_block_kind(std::string_view name);

struct Block {
    std::string kind = "large";
    std::vector<std::string> dice;  // colours, a row of novorossiysk.hit-dice each
    // The dice of its coloured triangle, "Surface to Air attacks (a coloured triangle on its
    // decal)" (Ground and Ship Attack): the only dice it returns at air units. A full-strength
    // large block or ship only: "When 'stepped down' this extra ability is always lost"
    // (Large Blocks). Empty when none is given: no triangle, no return fire.
    std::vector<std::string> anti_air;
    bool reduced = false;  // a large block already stepped down
    std::string label;
};

// "bomber:2red+white", "small", "large:black+red:reduced", "large:2red:aa=red" (the
// triangle's dice after aa=): parses one block.
Expected<Block> parse_block(std::string_view text, const Table& hit_dice);

// Large Blocks: a block steps down "to show the lesser coloured dice". "" when REDUCED's
// dice are lesser than FULL's (no more dice, none stronger die for die, strongest first,
// and not the same dice), else why not, in words.
std::string not_lesser(const Block& full, const Block& reduced, const Table& hit_dice);

// "3white": COUNT coloured hit dice of a row of HIT_DICE (novorossiysk.hit-dice), as
// `roll` takes them. Empty when TEXT is not one; a message when its count is out of range.
struct HitDiceTerm {
    int count = 1;
    std::string colour;
};
std::optional<Expected<HitDiceTerm>> parse_hit_dice_term(std::string_view text, const Table& hit_dice);

// Rolls COUNT dice of COLOUR, as "roll 3white" does. Returns the hits.
int roll_hit_dice(const Table& hit_dice, std::string_view colour, int count, Dice& dice, const std::string& purpose,
                  std::vector<std::string>* faces = nullptr);

// The colour one level up, never past the strongest (Surprise).
std::string raised(const Table& hit_dice, std::string_view colour);

// N4: surprise for the attacker.
bool surprise(bool daylight, int attackers, int defenders, bool moved_in, int day_ratio);

struct HitsRequest {
    std::vector<Block> attacker;
    std::vector<Block> defender;
    bool attacker_surprise = false;
    bool defender_surprise = false;
    // "day" or "night": Surprise for the attacker is worked out from the blocks (N4), with
    // the procedures' day ratio, instead of given; "" when it is given.
    std::string time;
    bool moved_in = false;  // the attackers moved into combat this phase (N4)
    bool airfield = false;  // N6: the attacker's air units strike the defender's Air Field
    // The phase's weather (N1) as a code of k_weather_codes, "" when not given; the phase
    // (night limits air operations); the defenders' hex; artillery fire.
    std::string weather;
    std::string phase;
    std::string terrain;                 // "mountain", "sea", "coast" (bordering the sea), "" inland
    bool artillery = false;              // the attacking blocks are artillery
    bool artillery_on_mountain = false;  // placed on mountainous terrain
};
// Whether Q is Air to Air Combat: air units on both sides, which "roll their dice
// simultaneously" with no unit moving into attack, so no 'Surprise'.
bool air_to_air(const HitsRequest& q);

// The weather results of the rules text (N1), as novorossiysk.weather codes them.
inline const std::vector<std::string> k_weather_codes{"clear",     "downpour",  "mountain-fog",
                                                      "coast-fog", "dense-fog", "poor-flying"};
// The hexes hits knows for the weather's limits.
inline const std::vector<std::string> k_hits_terrains{"inland", "mountain", "coast", "sea"};

// N5-N7: both pools rolled at once, hits cancel, the residue lands in casualty order;
// with a weather, its limits first (refused combat, lowered dice, silenced anti-air).
Resolution resolve_hits(const Table& hit_dice, const Table& procedures, const HitsRequest& request, Dice& dice);

// resolve_hits in two: what comes before the dice (the request checked, blocks alike told
// apart, Surprise worked out, the weather's limits applied, and what the resolution says
// of them) made once, then the dice. An odds walk prepares once and rolls every branch.
// A block as it takes hits: its place on its side, the steps it has left, its outcome's
// label ("defender large:red #2").
struct Casualty {
    size_t block = 0;
    int steps = 0;
    std::string label;
    bool for_good = false;  // a paratroop block, hit in the air: out of the game, not to the Dead Pool
};

struct PreparedHits {
    HitsRequest request;         // as the dice see it: labels numbered, dice lowered by the weather
    Resolution head;             // the resolution before its dice: title, inputs, steps, notes, tables
    std::vector<Block> firing;   // the defenders as they fire (small blocks silent against air units)
    int airfield_free_dice = 0;  // N6: the Air Field's free dice
    // Each side's blocks in the order they take hits (casualties: bombers before fighters,
    // small blocks first), worked out once, not once per branch of an odds walk.
    std::vector<Casualty> attacker_casualties;
    std::vector<Casualty> defender_casualties;
};
PreparedHits prepare_hits(const Table& hit_dice, const Table& procedures, const HitsRequest& request);
Resolution roll_hits(const Table& hit_dice, const PreparedHits& prepared, Dice& dice);
// roll_hits' exact odds without walking both pools together: each pool walked alone, and
// one resolution for each difference of their hits, which decides all else (Hits
// cancel). WHOLE is roll_hits as run, for the sample. nullopt for an Air Field strike,
// whose free dice decide which blocks roll: its odds are walked whole.
std::optional<OddsReport> hits_odds(const Table& hit_dice, const PreparedHits& prepared, const Adjudicator& whole);
// REPORT's result.residue lines named for what they pool: the residue is the hits that land,
// a count without a side ("1" is one hit on the attacker or one on the defender; the result
// code says which), so its odds are not the odds of either side's loss. hits_odds does it.
void name_residue(OddsReport& report);

// Air Unit Deployment: a side with AIR_UNITS on its Air Field adds as many Blank Blocks
// less one; DENIED of its Air Units cannot deploy, its Air Field hit as often the phase
// before (Hitting The Enemy Air Field: "This does not include Blank Blocks", so the blanks
// stay as many); each Air Space in AIR_SPACES (blocks placed in it, both sides', blanks
// included) is checked against the limit of seven. No dice.
Resolution resolve_air_deployment(const Table& procedures, int air_units, int denied,
                                  const std::vector<int>& air_spaces);

// N8: paratroop blocks scatter; OCCUPIED counts units already in hexes 1-6 and the centre (7).
Resolution resolve_paratroop_scatter(const Table& scatter, const Table& procedures, int blocks,
                                     const std::vector<int>& occupied, Dice& dice);

// N9: a night bomber's bombs: 4+ stay in its hex, else scatter to a numbered hex.
Resolution resolve_night_bombing(const Table& scatter, const Table& procedures, Dice& dice);

// Weather that depends on the past (N1-N2): the time counter, Dense Fog once per game or
// zone, and the flood after a Downpour.
// The phases of a day, in order (N2), and the last day.
inline const std::vector<std::string> k_phases{"morning", "afternoon", "night"};
inline constexpr int k_novorossiysk_days = 9;
// The optional weather zones, west to east.
inline const std::vector<std::string> k_weather_zones{"west", "central", "east"};

// What a referee's game-state file keeps between calls.
struct WeatherState {
    int day = 1;
    std::string phase = "morning";
    bool started = false;                     // false until the first phase has been rolled
    std::vector<std::string> dense_fog_used;  // "all", or the zones that had it
    std::vector<int> flood_days;              // days whose rivers are in flood
    std::vector<std::string> last;            // the last phase's weather, "zone=code" or "code"
};

// The phase after STATE's (day 9 night has none: a usage Error).
WeatherState next_phase(const WeatherState& state);

// Rolls the weather of STATE's day and phase, for each zone when ZONES, and returns the
// resolution; AFTER is STATE with this phase's Dense Fog and Downpour recorded.
Resolution resolve_novorossiysk_weather(const Table& table, const WeatherState& state, bool zones, Dice& dice,
                                        WeatherState& after);

// Novorossiysk in a game file: the time counter (day and phase), Dense Fog used, the
// flood days and the last weather (what the weather's state file kept); the next phase
// rolls its weather (N1, N2).
GameRules novorossiysk_game_rules();

// The block NAME of GAME as 'hits' takes it: its full side, or its lesser side and
// ":reduced" once stepped down (Large Blocks). SPEC itself when GAME has no block of that
// name; a usage Error for a block in the Dead Pool.
std::string block_in_game(std::string_view spec, const GameState& game);
// GAME's phase on the Time Counter as a block's fired_in keeps it: "2-night".
std::string phase_label(const GameState& game);
// Hitting The Enemy Air Field: "For every hit scored the enemy cannot deploy the same number
// of Air Units next phase": the Air Units each side of GAME cannot deploy in its phase, (side,
// count), from the hits on its Air Field the phase before ('game next' brings them in).
std::vector<std::pair<std::string, int>> air_units_denied(const GameState& game);
// The most Air Units a side is ever held to, or denied: as many as air-deployment counts.
inline constexpr int k_max_air_units = 100;

}  // namespace umpire::core
