#pragma once
// The Russian Portfolio adjudicators (rules file 002, catalogue R1-R9).

#include "core/dice.h"
#include "core/game.h"
#include "core/lookup.h"
#include "core/resolution.h"
#include "core/table.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// A column shift with its reason ("river, X.B.2", -1).
struct ColumnShift {
    std::string reason;
    int columns = 0;
};

// A land unit as X.B counts it: "4:army", "6:armor:lake", "3:corps:dispersed".
struct LandUnit {
    long long factors = 0;
    std::string kind;           // army, front, corps, infantry, armor, mechanized, cavalry
    bool dispersed = false;     // a defender: no terrain bonus (XIII.B.2)
    bool across_water = false;  // an attacker across an unfrozen lake hexside, the Kerch Straits or
                                // the Leningrad-Kronshtadt hexside (X.B.4)
    bool strait = false;        // across_water by the Kerch Straits or Leningrad-Kronshtadt, which
                                // are no lake: VI.B.1 does not freeze them (":strait")
};
// The kinds a LandUnit may name; the first four are infantry-type (X.B.7, X.B.10).
const std::vector<std::string>& land_unit_kinds();
bool infantry_type(const LandUnit& unit);
// A message starting with the quoted spec on failure.
Expected<LandUnit> parse_land_unit(std::string_view spec);

// A side's total factors with the working that reached them.
struct FactorTotal {
    long long factors = 0;
    std::vector<std::string> steps;
};
// X.B.4: factors across water halved, the fraction of their total rounded down; armor,
// mechanized and cavalry may not attack across (a usage Error). With FROZEN (VI.B.1: Snow,
// north(east) of the Arctic Weather Line) a lake hexside is clear: no halving, no refusal.
FactorTotal attack_factors(const std::vector<LandUnit>& attackers, bool frozen = false);
// X.B.3, X.B.5-11 with XIII.B.2: the defenders' factors and every terrain bonus, from
// TERRAIN (russian-portfolio.terrain-defense) and the hex's KEYS (its rows). SOVIET says
// whose units defend when it is known (swamp and the Stalin Line are Soviet bonuses). With
// FROZEN (VI.B.1) a swamp hex is clear: no swamp bonus.
FactorTotal defense_factors(const Table& terrain, const std::vector<LandUnit>& defenders,
                            const std::vector<std::string>& keys, std::optional<bool> soviet, bool frozen = false);

// XIII.D.6 when a defender cannot retreat a full 4 hexes. The text converts D4/DX/DE
// below 2 hexes and rolls again at "only 3"; it is silent on exactly 2.
enum class TwoHexReading { rolls, retreats };

struct CrtRequest {
    Ratio factors;                                   // total attack and defense factors (XIII.B.1-2)
    std::vector<LandUnit> attackers;                 // when given, the attack total is X.B.4's
    std::vector<LandUnit> defenders;                 // when given, the defense total is X.B's
    std::vector<std::string> terrain;                // the defenders' hex, rows of terrain-defense
    std::optional<bool> defender_soviet;             // known from the attacker's side
    std::optional<int> retreat;                      // hexes the defender can retreat (XIII.D.6)
    TwoHexReading two_hexes = TwoHexReading::rolls;  // XIII.D.6's silence on exactly 2
    std::vector<ColumnShift> shifts;                 // rivers, winter offensive... (XIII.B.5)
    bool dispersed = false;                          // read one column higher (VII.B)
    // Some defenders Dispersed and some not: one odds for the whole group (XIII.A.6), one die,
    // read one column higher "individually, against Dispersed defending units" (XIII.C):
    // result is the UnDispersed units', dispersed_code the Dispersed units'.
    bool some_dispersed = false;
    bool surrounded = false;                        // Surrounded / "No Retreat!" (XIII.C)
    std::string surrounded_reading = "rules-text";  // a column of russian-portfolio.no-retreat
    bool armor = false;                             // attacking armor/mech: breakdown (XIII.C)
    bool russian = false;                           // the attacker is Russian (breakdown 2 to 2+n)
    int reserve_phase = 0;                          // n of the breakdown rule
    // VI.B.1: the attack is north(east) of the Arctic Weather Line in Snow: swamp, lake and river
    // are frozen, clear (the caller drops the river shift; lakes and swamp are read here).
    bool frozen = false;
    // Snow, but the hex not said to be north of the line: a swamp, lake or river there may be
    // frozen, and the answer says so.
    bool snow_unplaced = false;
    bool river_given = false;  // some or all attackers across a river (X.B.2): may be frozen, as above
};

// The tables crt reads.
struct CrtTables {
    const Table& crt;
    const Table& no_retreat;
    const Table& procedures;
    const Table& terrain;            // russian-portfolio.terrain-defense
    const Table& retreat_shortfall;  // russian-portfolio.retreat-shortfall
};

// XIII.B-C: odds rounded down, reduced to 10:1, shifted, refused below 1:4, read one
// column higher against Dispersed defenders, converted when surrounded, and XIII.D.6's
// retreat limits with their second die.
Resolution resolve_crt(const CrtTables& tables, const CrtRequest& request, Dice& dice);

struct OverrunRequest {
    std::string result;  // the CRT result: DX or DE
    int attacking_armor = 0;
    int defending_armor = 0;
    int defending_infantry = 0;
    bool infantry_dispersed = false;
    std::string weather;
    std::string terrain;
    bool fuel_shortage = false;
    // The hex is north(east) of the Arctic Weather Line: in Snow its swamp freezes and is
    // clear terrain for all purposes (VI.B.1).
    bool north_of_arctic_line = false;
};

// Armor Overrun: DX -> DE, DE -> BR, or refused with every reason. No dice.
Resolution resolve_overrun(const Table& overrun, const Table& terrain, const OverrunRequest& request);

// VI.A: the weather of MONTH ("nov41") from TABLE (russian-portfolio.weather); with
// START_1JUN41 the 1Jun41 invasion's die (XVI.C.1.c) from that table instead.
Resolution resolve_weather(const Table& table, std::string_view month, Dice& dice);
Resolution resolve_weather_1jun41(const Table& table, Dice& dice);
// XVI.C.1.c: the weather CODE a game's 1Jun41 start rolled for its first game-turn, read back
// from TABLE (russian-portfolio.weather-1jun41): once rolled, it is the turn's weather.
Resolution resolve_weather_rolled(const Table& table, const std::string& code);

// "22Jun41" or "Jun41" as the weather table's month key, "jun41"; "" when TEXT names no
// month that way.
std::string month_key(std::string_view text);

// Whether a game-turn may go from month FROM to TO ("jun41" keys): the same month or the
// next. A turn is weeks: the start dates 1Jun41, 22Jun41 and 10Jul41, and VI.B.3's "3
// consecutive Snow weather turns" (the Turn Record Track itself is lost).
bool month_steps_ok(std::string_view from, std::string_view to);

// The game file's clock: game-turn, month, and so the weather (VI.A). The Turn Record
// Track (how many turns a month) is on the lost Charts & Tables sheet: the referee gives
// the month when his track moves it on, or his track in the scenario (turn_record_track).
GameRules russian_portfolio_game_rules();

// Why a combat of game G cannot be answered in a weather given by hand, in words after "the
// game (FILE) ": its 1Jun41 start's die is due and uncast (XVI.C.1.c), so game-turn 1's
// weather is the die's, and a hand's weather would answer in one the game never keeps. ""
// once G keeps a weather (the die cast, passed by game next, or set by the referee).
std::string weather_die_due(const GameState& g);

// IX.B.3, Siberian roulette: the Axis names 1-6, the Soviet player casts the die.
Resolution resolve_siberian(int axis_number, Dice& dice);

}  // namespace umpire::core
