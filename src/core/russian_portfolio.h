#pragma once
// The Russian Portfolio adjudicators (rules file 002, catalogue R1-R9).

#include "core/dice.h"
#include "core/lookup.h"
#include "core/resolution.h"
#include "core/table.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// A column shift with its reason ("river, X.B.2", -1).
struct ColumnShift {
    std::string reason;
    int columns = 0;
};

struct CrtRequest {
    Ratio factors;                                  // total attack and defense factors (XIII.B.1-2)
    std::vector<ColumnShift> shifts;                // rivers, winter offensive... (XIII.B.5)
    bool dispersed = false;                         // read one column higher (VII.B)
    bool surrounded = false;                        // Surrounded / "No Retreat!" (XIII.C)
    std::string surrounded_reading = "rules-text";  // a column of russian-portfolio.no-retreat
    bool armor = false;                             // attacking armor/mech: breakdown (XIII.C)
    bool russian = false;                           // the attacker is Russian (breakdown 2 to 2+n)
    int reserve_phase = 0;                          // n of the breakdown rule
};

// XIII.B-C: odds rounded down, reduced to 10:1, shifted, refused below 1:4, read one
// column higher against Dispersed defenders, converted when surrounded.
Resolution resolve_crt(const Table& crt, const Table& no_retreat, const Table& procedures, const CrtRequest& request,
                       Dice& dice);

struct OverrunRequest {
    std::string result;  // the CRT result: DX or DE
    int attacking_armor = 0;
    int defending_armor = 0;
    int defending_infantry = 0;
    bool infantry_dispersed = false;
    std::string weather;
    std::string terrain;
    bool fuel_shortage = false;
};

// Armor Overrun: DX -> DE, DE -> BR, or refused with every reason. No dice.
Resolution resolve_overrun(const Table& overrun, const Table& terrain, const OverrunRequest& request);

// VI.A: the weather of MONTH ("nov41") from TABLE (russian-portfolio.weather); with
// START_1JUN41 the 1Jun41 invasion's die (XVI.C.1.c) from that table instead.
Resolution resolve_weather(const Table& table, std::string_view month, Dice& dice);
Resolution resolve_weather_1jun41(const Table& table, Dice& dice);

// IX.B.3, Siberian roulette: the Axis names 1-6, the Soviet player casts the die.
Resolution resolve_siberian(int axis_number, Dice& dice);

}  // namespace umpire::core
