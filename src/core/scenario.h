#pragma once
// A scenario: the counters of a game, so a referee can name a ship instead of typing
// its numbers, and the game's starting state. Plain data; load/scenario_loader fills it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// One face of a naval counter as printed: melee, ram strength, ram defense, movement.
struct CounterFace {
    int melee = 0;
    int ram = 0;
    char ram_defense = 'A';
    std::string movement;
};

struct Unit {
    std::string name;
    std::string side;  // "byzantine", "ottoman"
    std::string type;  // "galley", "trireme"...
    CounterFace front;
    CounterFace back;
    std::string note;
};

struct StartingWind {
    std::string from;  // a compass code of table 14.31
    int velocity = 0;
    std::string source;
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

    // Case-insensitive; nullptr when absent.
    const Unit* find_unit(std::string_view name) const;
    std::vector<std::string> unit_names() const;
};

} // namespace umpire::core
