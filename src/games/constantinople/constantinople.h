#pragma once
// Constantinople (rules file 001, catalogue C1-C10). Pure functions
// of (request, tables, dice) returning a Resolution; every number comes from a table.

#include "core/dice.h"
#include "core/game.h"
#include "core/lookup.h"
#include "core/odds.h"
#include "core/resolution.h"
#include "core/scenario.h"
#include "core/table.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// The rules text contradicts itself on what Damaged does (catalogue C4):
// - rules_case, 15.34 (the default): ram defense halved; melee and ram strength unaffected;
// - chart, the 15.41 legend and 15.42 note: ram and melee strengths halved as well.
enum class DamagedReading { rules_case, chart };

// A ship as one adjudication sees it: its printed values for the face it shows.
struct Ship {
    std::string name;  // the scenario's name for it; "" when typed as a number
    std::string side;  // "byzantine", "ottoman", or "" when unknown
    int melee = 0;
    int ram = 0;
    char ram_defense = 0;  // 'A'..'D', 0 when not given
    bool damaged = false;  // 15.34
    bool leader = false;   // Diedo or Trevisano aboard, 15.26
    bool back = false;     // named with :back, its reduced side (15.35); NAME stays the ship's own
};

// What a bare token of a ship spec means: a melee strength, a ram strength (15.42
// columns 1-4) or a ram defense letter (A-D).
enum class ShipValue { melee, ram, ram_defense };

// A ship typed as a number or named, with ":flag" suffixes (back, damaged, leader):
// "8", "Genoa", "Galley-1:back:damaged". SCENARIO is asked for only when a name is given.
// A message starting with the quoted spec otherwise ("'Genoa:x': unknown flag...").
Expected<Ship> parse_ship(std::string_view spec, ShipValue value, const std::function<const Scenario&()>& scenario);

// "chart" reads Damaged as the 15.41 legend does; anything else as 15.34 does.
DamagedReading parse_damaged_reading(std::string_view text);

// Halving as 15.33 does for movement: rounding down. Melee never drops below 0.
int halved(int value);
// A ram defense letter halved (15.34): A=1 .. D=4, halved rounding down, never below A.
char halved_ram_defense(char letter);

// The opposite point of the hex compass used by table 14.31 (N, NE, SE, S, SW, NW).
std::string_view compass_opposite(std::string_view from);

// The six points of the hex compass, clockwise from N (table 14.31's codes).
const std::vector<std::string>& compass_points();

// Hex numbers as the map prints them, column then row ("1539"). The geometry is the one
// 14.25's example fixes: from 1539, 1638 is north, 1639 north-east, 1439 south, 1538
// north-west. The neighbour of HEX toward POINT, "" past the map's numbering.
std::string hex_neighbour(std::string_view hex, std::string_view point);
// Whether HEX is a hex number: four digits, its column and its row each 01 to 99 (1539;
// 0113 is a reef hex of column 01).
bool is_hex(std::string_view hex);
// A facing typed as a compass point, or as the number of the neighbouring hex the bow
// points at (which needs HEX): the compass point, or a message.
Expected<std::string> parse_facing(std::string_view text, std::string_view hex);
// A wind typed as the compass point it blows from (14.31), or a message; "none" is the caller's.
Expected<std::string> parse_wind(std::string_view text);

struct SailRequest {
    std::string wind;                 // the point the wind blows from; "" when there is none
    std::string facing;               // a compass point
    std::optional<std::string> turn;  // the facing wanted after turning
    std::optional<int> remaining;     // Movement Points left this Impulse
    std::string hex;                  // the ship's hex number, "" when not given
    bool stationary = false;          // the ship does not move this Impulse (14.26)
    bool boom = false;                // adjacent to the Boom: no drift (15.65)
    bool pinned = false;              // rammed and pinned: no turning (14.26, 15.15)
};

// 14.24-14.26 and 15.65: the point of sailing for a facing and the wind, the turns
// 14.25 allows from it, a turn asked for, and the hex a ship that does not move drifts
// to. No dice.
Resolution resolve_sail(const SailRequest& request);

// 14.23, 14.31, 14.32: direction then velocity, two dice each.
Resolution resolve_wind(const Table& direction, const Table& velocity, Dice& dice);

struct MeleeRequest {
    std::vector<Ship> attackers;  // 1 to 4 (15.24)
    Ship defender;
    bool boom = false;       // attacked across a Boom hexside, 15.63
    bool exchange = false;   // the defender attacks back at the same time, 15.21, 15.25
    std::vector<int> split;  // the defender's points against each attacker, 15.24
    DamagedReading reading = DamagedReading::rules_case;
};

// 15.2-15.4 with CRT 15.41. Throws a usage Error for a request the rules forbid.
// ATTACK, when given, rolls one attack alone, its outcome the result: 0 the attack on the
// defender, I (1 to the attackers) the defender's attack back on attacker I. Each attack
// has its own die and its result applies after both sides have attacked (15.25), so
// exact odds walk them apart (core::apart_odds).
Resolution resolve_melee(const Table& crt, const MeleeRequest& request, Dice& dice,
                         std::optional<size_t> attack = std::nullopt);

// The splits 15.24 allows a ship (Q.defender) adjacent to the enemies in Q.attackers,
// read with Q.boom and Q.reading: its strength, each enemy's defense, and every split of
// all its points among them, in the order of the enemies (none when the -3 floor puts
// them out of reach: it attacks none of them).
struct MeleeSplits {
    int strength = 0;
    std::vector<int> defenses;
    std::vector<std::vector<int>> splits;
};
MeleeSplits legal_splits(const MeleeRequest& request);

// The fewest points 15.24 lets Q.defender give each of Q.attackers when it attacks them
// all: 1, and enough for the lowest voluntary differential, -3. Empty when it has fewer
// points than enemies (then the strongest take 0 and the rest 1, and a split always exists).
std::vector<int> least_split(const MeleeRequest& request);
// Why Q.defender has no split 15.24 allows against Q.attackers, or "": its least split
// needs more points than it has, so it attacks none of them (and attacks no one back).
std::string no_legal_split(const MeleeRequest& request);

// How the rammer moves in this Movement Segment (14.16, 14.28, 15.11).
enum class RamMovement { unstated, battle, cruising, sail };

struct RamRequest {
    Ship rammer;
    Ship target;
    DamagedReading reading = DamagedReading::rules_case;
    RamMovement movement = RamMovement::unstated;
    bool battle_speed_last_segment = false;  // 14.17: never two segments in a row
    std::optional<int> run;                  // hexes from the target at the start
    bool boom = false;                       // through a Boom hexside, 15.62
};

// The checks of 14.17, 14.28, 15.11 and 15.62 a ram attempt must pass: a usage message
// citing the case, or "" when the attempt may go ahead.
std::string ram_refusal(const RamRequest& request);

// 15.1 with table 15.42; refuses what ram_refusal() refuses.
Resolution resolve_ram(const Table& table, const RamRequest& request, Dice& dice);

// 15.53: roll higher than the hex's number or the ship is lost; Byzantine ships need not
// roll in the hexes of 14.29.
// IN_HARBOR: the referee's reading of the map that HEX is in the Harbor of Eleutheris, which
// 14.29 lists only as "hexes 1823, 1924, etc." (a Byzantine ship there does not roll, 15.53).
Resolution resolve_reef(const Table& reefs, std::string_view hex, std::string_view side, Dice& dice,
                        bool in_harbor = false);
// Why HEX is no numbered reef hex of REEFS (15.53's list): not a hex number, or one the
// list does not hold (no roll needed there); "" when it is one. A bare message: the caller
// names the command.
std::string reef_hex_problem(const Table& reefs, std::string_view hex);

// A ship when a Storm blows (14.29): a scenario's ship or a side ("ottoman"), with
// :pinned (rammed and pinned), :anchor (at anchor, a coastal hex with a 0 movement rate)
// or :horn (in the Golden Horn).
struct StormShip {
    std::string name;
    std::string side;
    bool pinned = false;
    bool sheltered = false;  // at anchor or in the Golden Horn: no roll, no movement
    std::string shelter;     // "at anchor" or "in the Golden Horn"
};
Expected<StormShip> parse_storm_ship(std::string_view spec, const std::function<const Scenario&()>& scenario);

// 14.29: pinned ships sink without a roll; sheltered ships do not roll and may not move;
// each ship at sea rolls, 6 eliminated, else back to its side's port.
Resolution resolve_storm(const Table& storm, const std::vector<StormShip>& ships, Dice& dice);
// resolve_storm's exact odds without walking every ship's die with every other's: each
// ship walked alone (ships alike once), the ships lost their losses added. WHOLE is
// resolve_storm as run, for the sample.
OddsReport storm_odds(const Table& storm, const std::vector<StormShip>& ships, const Adjudicator& whole);

// A ship named for the Great Portage: a scenario's ship or a type.
struct PortageShip {
    std::string label;
    std::string type;  // trireme, bireme, fustae, galley
    std::string side;  // "" when typed as a type
};
Expected<PortageShip> parse_portage_ship(std::string_view spec, const std::function<const Scenario&()>& scenario);

struct PortageRequest {
    int turn = 0;               // the Game-Turn
    std::vector<int> assaults;  // ship units in each successive Naval Combat Segment at the Boom, latest last
    std::vector<PortageShip> ships;
    int capability = 0;  // the Assault Capability Number of the Game-Turn (7.21)
};

// 17.1-17.22: refused unless 17.1 is met (two successive segments at the Boom with three
// ships or more, not before Game-Turn Six; or from Game-Turn Twenty) and every ship may
// be portaged (17.21); then die + capability, five or more (TABLE, constantinople.portage).
Resolution resolve_portage(const Table& table, const PortageRequest& request, Dice& dice);

// 13.1: each player rolls a die, the high roll moves first. The text names no tie-break.
Resolution resolve_initiative(Dice& dice);

// 15.16: a pinned ship tries to break free; ROLE is "rammed" (a 1 frees it, Damaged) or
// "rammer" (1-3 frees it), read from the two tables. SHIP names it, "" when unnamed.
Resolution resolve_free(const Table& rammed, const Table& rammer, std::string_view role, std::string_view ship,
                        Dice& dice);

// The naval game in a game file: the clock (naval phase, impulse of five, the wind) and
// each ship's side showing, Damaged, Ineffective, pinned and sunk; what melee, ram, storm
// and wind change (15.15, 15.33-15.35, 15.42, 14.29, 14.23); the next Impulse (13.1).
GameRules constantinople_game_rules();

// Why GAME allows no movement now, or "": a Storm wind this Naval Phase leaves "no other
// movement that Game-Turn" (14.29); and once an Impulse's Mutual Combat Segment has begun
// (a melee applied), its movement is over (13.1). So no ram (15.1 happens in movement), no
// breaking free (15.16, at the start of a Movement Segment) and no ship entering a reef
// hex (15.53). WHAT says what is refused ("no ram").
std::string movement_forbidden(const GameState& game, std::string_view what);

// A ship spec with the game's statuses: "Genoa" becomes "Genoa:damaged" when the game
// has it Damaged, ":back" when its back shows; struck in this Combat Segment, as it was
// when the segment began (15.25). Refuses a sunk ship, one not yet arrived (19.1), and as
// an ATTACKER an Ineffective
// one (15.33) or one that has attacked in this segment (15.24).
std::string ship_spec_in_game(std::string_view spec, const GameState& game, bool attacker);
// Why SHIP, a ship of GAME, may not attack in this Combat Segment, or "": Ineffective (15.33),
// a failed rammer (15.14), or it has attacked already (15.24).
std::string attack_refused(const GameState& game, const std::string& ship);
// Why the game refuses a ship's action, or "" when it does not: RAMMER has rammed in this
// Impulse (15.14, 15.15) or the one before, at Battle Speed (14.17, 15.11); DEFENDER has
// been attacked in this Combat Segment (15.23: its attackers are one melee); SHIP has tried
// to break free in this Impulse (15.16); SHIP's fate in this Naval Phase's Storm is read
// (14.29).
std::string ram_forbidden(const GameState& game, const std::string& rammer);
// RAMMER failed to ram in this Impulse (15.14), TARGET's ram when TARGET is given. An older
// game file that did not keep the target counts for none.
bool failed_ram(const GameState& game, const std::string& rammer, const std::string& target = "");
// Why ATTACKER may not melee DEFENDER in this Combat Segment, or "": one failed to ram the
// other in this Impulse (15.14: the failed rammer may not engage in melee; 15.22: both ships
// side-on), in either direction.
std::string melee_forbidden(const GameState& game, const std::string& attacker, const std::string& defender);
std::string defended_already(const GameState& game, const std::string& defender);
// Why a melee of ATTACKERS on DEFENDER (the game's ship names; EXCHANGE: it attacks back)
// breaks 15.24's all or none in this Combat Segment, or "". The game knows two ships adjacent
// once they have met in melee (15.21, 15.22), and no others: an attacker that has met other
// enemies may not attack the defender alone; a defender that has attacked already may not be
// attacked by an enemy its attack left out.
std::string melee_all_or_none(const GameState& game, const std::vector<std::string>& attackers,
                              const std::string& defender, bool exchange);
std::string free_tried(const GameState& game, const std::string& ship);
// SHIP may not be in play before the Game-Turn its unit key "arrives" names: the Genoese
// 8-0-D galley "starting with Game-Turn Four. It may not arrive before then" (19.1). One
// Naval Phase a Game-Turn (4.0, 13.1), so the game's naval_phase is the Game-Turn.
std::string not_arrived(const GameState& game, const std::string& ship);
// The Game-Turn GAME is in: its Naval Phase, one a Game-Turn (4.0, 13.1).
int game_turn(const GameState& game);
std::string storm_rolled(const GameState& game, const std::string& ship);

}  // namespace umpire::core
