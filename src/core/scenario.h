#pragma once
// A scenario: the counters of a game, so a referee can name a ship instead of typing
// its numbers, and the game's starting state. Plain data; load/scenario_loader fills it.

#include "util/name_index.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::core {

// One face of a naval counter as printed: melee, ram strength, ram defense, movement.
struct CounterFace {
    int melee = 0;
    int ram = 0;
    char ram_defense = 'A';
    std::string movement;
    bool operator==(const CounterFace&) const = default;
};

// A land counter's printed factors (The Russian Portfolio, III): Attack, Defense, Movement,
// as "4-4-3".
struct LandFactors {
    int attack = 0;
    int defense = 0;
    int movement = 0;
    bool operator==(const LandFactors&) const = default;
};

struct Unit {
    std::string name;
    std::string side;      // "byzantine", "ottoman"
    std::string type;      // "galley", "trireme"...
    bool counter = false;  // a naval counter with front and back values
    CounterFace front;
    CounterFace back;
    std::string note;
    // Land units (Great Battles): troop quality (a row of great-battles.rally-numbers),
    // the scenario's rally number and morale where it sets them, stands at full strength.
    std::string quality;
    int rally = 0;
    int morale = 0;
    int stands = 0;
    // Novorossiysk: the block as 'hits' takes it, "large:2red+black" (KIND:DICE), and the
    // dice of its stepped-down side, "red" (large blocks and ships).
    std::string block;
    std::string block_reduced;
    // The Russian Portfolio: the counter's factors (TYPE is its kind, army to cavalry), and
    // whether it starts Dispersed ("D" on the counter, XVI.C.1.b).
    std::optional<LandFactors> factors;
    bool dispersed = false;
    // The first game-turn the unit may enter play, 0 from the start: Constantinople's
    // Genoese 8-0-D galley "starting with Game-Turn Four" (19.1).
    int arrives = 0;
    bool operator==(const Unit&) const = default;
};

struct StartingWind {
    std::string from;  // a compass code of table 14.31
    int velocity = 0;
    std::string source;
    bool operator==(const StartingWind&) const = default;
};

struct Scenario {
    std::string id;
    std::string title;
    std::string game;
    std::string source;
    std::string origin;
    std::vector<std::string> sides;
    std::vector<Unit> units;
    std::optional<StartingWind> wind;
    std::string start;  // the starting month or date, as the game names it ("22Jun41", "jun")
    // The Russian Portfolio's Turn Record Track as the referee has it (the text's is on the
    // lost Charts & Tables sheet): each game-turn's month, the first game-turn's first.
    std::vector<std::string> track;
    std::vector<std::pair<std::string, std::string>> supply;  // side -> supply quality

    // The supply quality of SIDE, "" when the scenario sets none.
    std::string supply_of(std::string_view side) const;

    // Case-insensitive; nullptr when absent.
    const Unit* find_unit(std::string_view name) const;
    std::vector<std::string> unit_names() const;

    // Every field: the build's compiled scenarios are checked against the parsed TOML.
    bool operator==(const Scenario&) const = default;

    NameIndex m_names;  // find_unit's shortcut (util/name_index.h); equal whatever it holds
};

}  // namespace umpire::core
