#pragma once
// Dice pools as wargamers write them, for 'umpire roll': "4d6kh3" keeps the highest three,
// "4d6dl1" drops the lowest one, "5d6>=5" counts the dice showing 5 or more, "6d6<=2"
// those showing 2 or less, and "3x2d6" rolls 2d6 three times. Each die is rolled on its
// own and shown, and exact odds walk a pool by how many
// dice show each face (a Dice::tally), not by every order they could fall in.

#include "core/dice.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// Most repeats "Nx" takes (documented in umpire(1)).
inline constexpr int k_max_repeat = 100;

struct PoolSpec {
    enum class Read { total, keep_highest, keep_lowest, at_least, at_most };
    DiceSpec dice;            // its modifier is added to a kept total
    Read read = Read::total;  // total: the dice as DiceSpec reads them
    int n = 0;                // the dice kept, or the target face
    // "4d6kh3", "4d6kl1", "5d6>=5": drops are written as the keeps they are ("4d6dl1" is 4d6kh3).
    std::string label() const;
};

struct RollTerm {
    int repeat = 1;  // "3x2d6": three separate rolls
    PoolSpec pool;
};

// "[Rx]NdS[kh|kl|dh|dl K | >=T | <=T][+M|-M...]", case-insensitive; a bare message on failure.
Expected<RollTerm> parse_roll_term(std::string_view text);

// POOL rolled for PURPOSE (each die "PURPOSE: die I" when read one by one): the total,
// the kept total, or the count of successes. On a plain roll, FACES gets each die's face
// in the order rolled and COUNTED whether it was kept (or succeeded); on an exact-odds
// walk both stay empty.
int roll_pool(const PoolSpec& pool, Dice& dice, const std::string& purpose, std::vector<int>* faces = nullptr,
              std::vector<bool>* counted = nullptr);

}  // namespace umpire::core
