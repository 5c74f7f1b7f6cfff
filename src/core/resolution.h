#pragma once
// What an adjudicator returns: inputs, the working, every die, the result. Plain data;
// the formatters render it as text or JSON (DESIGN.md principle 6).

#include "core/dice.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace umpire::core {

using Value = std::variant<std::monostate, bool, long long, std::string, std::vector<std::string>>;

struct Field {
    std::string key;
    Value value;
};
using Fields = std::vector<Field>;

// One result: the table's code where the rules print one, else the code fixed in
// DESIGN.md, with its name, effects and further fields (velocity, rammer_damaged...).
struct Outcome {
    std::string label;  // what this result is about, when a command resolves several things
    std::string code;
    std::string name;
    std::vector<std::string> effects;
    Fields fields;
    std::string source;  // the rule section behind the effects
    // How much happened to what the result is about, read at a glance: "none" (no
    // effect), "light" (passing: Ineffective, pinned), "heavy" (lasting: Damaged,
    // suppressed), "severe" (lost: eliminated, sunk, destroyed); empty where a result has
    // no such scale (a wind, a weather).
    std::string severity;
};

// The severities, least first (Outcome::severity).
inline constexpr const char* k_severities[] = {"none", "light", "heavy", "severe"};

// One change to a game: a unit's status ("" for the clock) from one value to another,
// with the rule that makes it. A key the game did not hold reads "" (FROM_ABSENT says it was
// not there, so that undoing the change takes it away again); TO_ABSENT takes the key away.
struct Change {
    std::string unit;
    std::string key;
    std::string from;
    std::string to;
    std::string rule;
    bool from_absent = false;
    bool to_absent = false;
    bool operator==(const Change&) const = default;
};

struct Resolution {
    std::string command;  // "melee", "ram", "wind", "check constantinople.storm"...
    std::string title;    // "Naval melee"
    std::string source;   // "Constantinople 15.41"
    Fields inputs;
    std::vector<std::string> steps;  // the working, one line each, citing the rule
    std::vector<RollRecord> rolls;
    Outcome result;
    std::vector<Outcome> results;    // when several things were resolved at once
    std::vector<std::string> notes;  // readings chosen, options in force
    std::vector<Change> applied;     // the changes written to the game file, in order
    // The ids of the tables this resolution read, in the order first read (note_table()):
    // what the audit log fingerprints and replay checks.
    std::vector<std::string> tables;
    bool provisional = false;
    std::vector<std::string> provisional_notes;
    std::optional<std::uint32_t> seed;
    std::uint64_t position = 0;  // engine draws into the seed's stream before this resolution
};

// What one independent part of a resolution adds (a stand's d10, a block's die; see
// Dice::tally): the category it fell in, and its working and outcome, which a plain
// resolution shows and exact odds, combining the parts, leave out.
struct Part {
    size_t category = 0;
    std::vector<std::string> steps;
    std::vector<Outcome> results;
};

// Adds PARTS' working and outcomes to R, in order.
inline void add_parts(Resolution& r, const std::vector<Part>& parts)
{
    for (const auto& p : parts) {
        r.steps.insert(r.steps.end(), p.steps.begin(), p.steps.end());
        r.results.insert(r.results.end(), p.results.begin(), p.results.end());
    }
}

}  // namespace umpire::core
