#pragma once
// Dice pools as wargamers write them, for 'umpire roll': "4d6kh3" keeps the highest three,
// "4d6dl1" drops the lowest one, "5d6>=5" counts the dice showing 5 or more, "6d6<=2"
// those showing 2 or less, and "3x2d6" rolls 2d6 three times. Each die is rolled on its
// own and shown, and exact odds walk a pool by how many
// dice show each face (a Dice::tally), not by every order they could fall in.

#include "core/dice.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// Most repeats "Nx" takes (documented in umpire(1)).
inline constexpr int k_max_repeat = 100;
// Most pools one expression adds ("1d6+1d8+..."), and the most times a die explodes or
// is rerolled: the rule umpire rolls by, so exact odds are exact for it (umpire(1)).
inline constexpr int k_max_pools = 20;
inline constexpr int k_max_rerolls = 20;

// The faces a reroll or a critical mark applies to: "1" or "=1", "<3" (strictly below:
// rpg-dice-roller's and Foundry's reading), "<=2", ">5", ">=5".
struct Compare {
    enum class Op { eq, lt, le, gt, ge };
    Op op = Op::eq;
    int value = 0;
    bool matches(int face) const;
    std::string text() const;  // "1", "<3", "<=2"...
};

struct PoolSpec {
    enum class Read { total, keep_highest, keep_lowest, at_least, at_most };
    // How a die of a total is rolled: "!" a highest face rolls another die and adds it,
    // "!!" the same shown as one die (compounding), "!p" each die after the first less
    // one (penetrating); each at most k_max_rerolls times.
    enum class Explode { none, each, compound, penetrate };
    // "r" rerolls a die while it matches (at most k_max_rerolls times), "ro" once.
    enum class Reroll { none, until, once };
    DiceSpec dice;            // its modifier is added to a kept total
    Read read = Read::total;  // total: the dice as DiceSpec reads them
    int n = 0;                // the dice kept, or the target face
    bool fudge = false;       // "dF": faces -1, 0, +1 (a d3 less 2)
    Explode explode = Explode::none;
    Reroll reroll = Reroll::none;
    Compare reroll_if;
    std::optional<Compare> critical_success;  // "cs>=19": marked, the total unchanged
    std::optional<Compare> critical_failure;  // "cf1"
    int sign = 1;                             // -1: taken away ("2d6-1d4")
    // "4d6kh3", "4d6kh3", "5d6>=5", "3d6!", "2d6r<=2", "4dF": drops are written as the keeps
    // they are ("4d6dl1" is 4d6kh3). Without its sign.
    std::string label() const;
    // Read die by die as umpire read pools before sums, rerolls and explosions: roll_pool.
    bool plain() const;
};

struct RollTerm {
    int repeat = 1;               // "3x2d6": three separate rolls
    std::vector<PoolSpec> pools;  // added or taken away by their sign; never empty
    int modifier = 0;             // the constants, when not a lone pool's own modifier
    // A lone plain pool read as before: its own modifier, its dice one roll record.
    bool single() const
    {
        return pools.size() == 1 && pools.front().plain() && pools.front().sign == 1 && modifier == 0;
    }
    std::string label() const;  // "1d6+1d8+2"
};

// "[Rx]TERM[+|-TERM...]", each TERM a whole number or "NdS" (S a number, % or F) with its
// reads: kh|kl|dh|dl K, >=T, <=T, !, !!, !p, r CMP, ro CMP, cs CMP, cf CMP;
// case-insensitive, spaces ignored. A bare message on failure.
Expected<RollTerm> parse_roll_term(std::string_view text);

// POOL rolled for PURPOSE (each die "PURPOSE: die I" when read one by one): the total,
// the kept total, or the count of successes. On a plain roll, FACES gets each die's face
// in the order rolled and COUNTED whether it was kept (or succeeded); on an exact-odds
// walk both stay empty.
int roll_pool(const PoolSpec& pool, Dice& dice, const std::string& purpose, std::vector<int>* faces = nullptr,
              std::vector<bool>* counted = nullptr);

// What a roll of a term showed: each roll as a player reads it ("6!", "6!", "2" exploded, "1r", "4"
// rerolled, "(1)" not kept, "20**" a critical success, "1__" a failure; several pools
// each as "2d6: 2 3"), and its critical marks.
struct Shown {
    std::vector<std::string> dice;
    int critical_successes = 0;
    int critical_failures = 0;
};

// TERM rolled for PURPOSE: its total (a count of successes counts as its number). A lone
// plain pool is roll_pool; anything else is drawn whole by exact odds (Dice::whole) or
// rolled die by die, SHOWN (when given) getting each die.
int roll_term(const RollTerm& term, Dice& dice, const std::string& purpose, Shown* shown = nullptr);

// What a referee should know of how TERM is rolled: the depth of its explosions and
// rerolls, the reading of < and >.
std::vector<std::string> term_notes(const RollTerm& term);

}  // namespace umpire::core
