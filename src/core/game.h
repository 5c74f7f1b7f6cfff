#pragma once
// A game in play: the state of the board a referee keeps between resolutions (the game
// file), and the changes a resolution makes to it. Plain data and pure functions; each
// game's module says what its resolutions change (Constantinople, Great Battles).

#include "core/dice.h"
#include "core/lookup.h"
#include "core/resolution.h"
#include "core/scenario.h"
#include "core/table.h"
#include "util/name_index.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::core {

// Keys and values as the game file writes them: a value is an integer, true or false, or
// text, kept as its text here.
using StatusList = std::vector<std::pair<std::string, std::string>>;

struct GameUnit {
    std::string name;
    std::string side;
    StatusList status;
};

struct GameState {
    std::string game;      // a game id: "constantinople", "great-battles"...
    std::string scenario;  // the scenario it was made from (an id or a file)
    StatusList clock;      // naval phase, impulse, wind; day, turn...
    std::vector<GameUnit> units;

    // The unit named NAME in any case, the first of that name; nullptr when none. Found
    // through an index of the names (util/name_index.h).
    const GameUnit* find_unit(std::string_view name) const;
    // A unit's status value, or the clock's when UNIT is empty; "" when there is none.
    std::string value(std::string_view unit, std::string_view key) const;
    // Whether UNIT (the clock when "") holds KEY at all, "" or not.
    bool holds(std::string_view unit, std::string_view key) const;
    int number(std::string_view unit, std::string_view key) const;  // 0 when not a number

    NameIndex m_names;  // find_unit's shortcut
};

// Applies CHANGE; a usage Error when the game no longer holds FROM (the file was edited,
// or a change is applied twice). A change TO_ABSENT takes its key away.
void apply_change(GameState& game, const Change& change);
// Applies CHANGES in order as apply_change does, each first marked FROM_ABSENT when GAME
// does not hold its key yet, so that the journal can say so and undo take the key away
// again (the file as it was, byte for byte).
void apply_marked(GameState& game, std::vector<Change>& changes);
// CHANGE backwards: to FROM from TO, a key it made taken away again, one it took away put back.
Change reversed(const Change& change);
// Undoes CHANGE (applies it backwards).
void revert_change(GameState& game, const Change& change);
// A change that takes UNIT's KEY away (RULE), from the value GAME holds.
Change key_removed(const GameState& game, std::string_view unit, std::string_view key, std::string rule);
// "Genoa: damaged false -> true (15.34)", "Galley-3: pinned to - -> Genoa (15.15)": a
// change as text says it, keys as words.
std::string change_text(const Change& change);

using TableOf = std::function<const Table&(std::string_view)>;

// A value a game may not hold: UNIT's KEY (UNIT "" for the clock; KEY "" for the unit as a
// whole) and what is wrong, in words that cite the rule ("6 suppressed stands, but the
// battalion has 4 (11.3.1)").
struct StateProblem {
    std::string unit;
    std::string key;
    std::string message;
};

// The most days, turns or Naval Phases a game file's clock may count: no game comes near it;
// past it a count is a typing slip or an attack, not a game.
inline constexpr int k_max_clock = 100000;

// What a game's check finds, a value at a time: each call looks at UNIT's KEY (UNIT "" for
// the clock) and adds a StateProblem when it does not hold. A missing key reads as its
// default (a file written before the key was kept); a key the game does not keep is a problem.
class StateCheck {
public:
    explicit StateCheck(const GameState& game)
        : m_game(game)
    {
    }
    // KEYS are every key UNIT (or the clock) may hold.
    void keys(std::string_view unit, const std::vector<std::string_view>& keys);
    // A whole number LO to HI; nullopt when it is absent, or not one (a problem).
    std::optional<long long> number(std::string_view unit, std::string_view key, long long lo, long long hi);
    // true or false.
    void flag(std::string_view unit, std::string_view key);
    // One of ALLOWED ("" among them when the key may be empty).
    void one_of(std::string_view unit, std::string_view key, const std::vector<std::string_view>& allowed);
    void problem(std::string_view unit, std::string_view key, std::string message);
    std::vector<StateProblem> problems;

private:
    bool has(std::string_view unit, std::string_view key) const;
    const GameState& m_game;
};

// One step of a game's sequence of play, in the rules' order: what 'game next' does by itself
// as the game comes to it, and what the rules ask of the referee in it.
struct PlayStep {
    std::string id;                 // as the clock says it: "dawn", "first-player", "combat"
    std::string name;               // "the dawn phase"
    std::string section;            // where the rules order it: "7.1, 8.0"
    std::string repeats;            // "" or how often it comes round: "each of the day's turns (7.2)"
    std::vector<std::string> does;  // what game next does as the step begins
    std::vector<std::string> asks;  // what the referee does in it; next refuses to pass a due one
};

// The games umpire keeps a file for, each with its starting state, what its resolutions
// change, the next step of its sequence of play and its board drawn as text.
struct GameRules {
    std::string game;
    std::string title;     // as scenarios name the game ("Constantinople")
    std::string scenario;  // the shipped scenario a new game of it starts from, "" for none
    std::function<GameState(const Scenario&, const TableOf&)> start;
    std::function<std::vector<Change>(const GameState&, const Resolution&)> changes;
    // The next step of the sequence of play. GIVEN holds what the referee says of it
    // ("month", "light", "weather": the keys NEXT_KEYS names), where the text leaves it to him.
    std::function<Resolution(const GameState&, const TableOf&, Dice&, std::vector<Change>&, const StatusList& given)>
        next;
    std::vector<std::string> next_keys;
    // The sequence of play as data: every step in the rules' order (the last followed by the
    // first again), and the step GAME's clock is at (one of SEQUENCE's ids). game next walks it;
    // a test walks every game through it.
    std::vector<PlayStep> sequence;
    std::function<std::string(const GameState&)> step;
    // What the rules ask of the referee in STEP as GAME stands: STEP's asks, less those the game
    // refuses there now (Constantinople's ram, free and sailing in a Storm, 14.29). game status
    // and game next say these. Null: STEP's asks.
    std::function<std::vector<std::string>(const GameState&, const PlayStep&)> asks;
    // Every value GAME holds against its key's range and the unit's own limits (no more
    // suppressed stands than stands, a step the block has, a flag true or false, no key the
    // game does not keep): [] when all hold. Every read of a game file runs it (a problem is
    // a data error at the value's line), and so does applying a change before anything is written.
    std::function<std::vector<StateProblem>(const GameState&)> check;
    // What only the game's tables can tell of a value (a cover the suppression chart names, a
    // block's dice): game set runs it on the game a change by hand would leave. Null when
    // check says it all.
    std::function<std::vector<StateProblem>(const GameState&, const TableOf&)> check_tables;
    // What a change by hand brings with it (a month's length of day, Great Battles 16.0):
    // changes to AFTER, the game as the hand's CHANGES leave it, that game set makes with them.
    // CHANGES holds every value given, those the game has already too (from == to), so a
    // rule may hold the hand's word against what the change brings. Null when a change by
    // hand brings nothing.
    std::function<std::vector<Change>(const GameState& after, const std::vector<Change>& changes, const TableOf&)>
        follow;
    std::function<void(const GameState&, const TableOf&, Resolution&)> status;
    // UNIT's (the clock's when "") KEY=VALUE as the game keeps it, where it is one of a list:
    // "Gale" is the Black Sea's gale, as game next takes it; VALUE as it is where no
    // list names it (check refuses it). game set runs it. Null: every value as typed.
    std::function<std::string(std::string_view unit, std::string_view key, std::string_view value)> spelling;
    // The clock in a few words, for the shell's prompt: "ph 1 imp 3 wind NE 8".
    std::function<std::string(const GameState&)> clock_text;
    // A change as the referee says it on the board: "Genoa is Damaged"; "" for one that
    // needs no words of its own (a count kept for a later rule).
    std::function<std::string(const Change&)> words;
    // What GAME's clock decides of a read of TABLE with REQUEST (check, table lookup): ""
    // when they agree, else why not, naming the modifier as {mod} and citing the rule (a
    // day's range modifier on a night turn). Both commands refuse it. Null: the clock
    // decides no table read.
    std::function<std::string(const GameState&, const Table&, const LookupRequest&)> read;
    // What GAME's clock adds to ANSWER, a read of TABLE (table lookup): a limit the clock sets
    // on what the cell gives (a Black Sea gale's one sea zone a turn), said in its working and
    // fields; the cell stays the table's. TABLEOF gives the other tables the limit is read
    // from. Null: the clock adds nothing to a read.
    std::function<void(const GameState&, const TableOf&, const Table&, Resolution&)> answer;
    // Why GAME has ended by rule ("the Axis player has won: ... (IX.B.3)"), "" while play goes
    // on. game next and a result applied to the game are refused once it has ended (game undo
    // takes the ending back, game set is the referee's hand); game status says it. Null: no
    // rule ends the game.
    std::function<std::string(const GameState&)> over;
};
const GameRules* find_game_rules(std::string_view game);
// Every value GAME holds that its rules refuse: their check, and with TABLE their
// check_tables too. [] when all hold. The one check of a state, whatever made it: the game
// file read, a change applied, a journal's line rolled forward or replayed (DESIGN.md 12).
std::vector<StateProblem> state_problems(const GameState& game, const TableOf* table = nullptr);
// Where PROBLEM is, as words: "2-Para's suppressed", "the clock's day", "2-Para".
std::string problem_place(const StateProblem& problem);
// The step of RULES' sequence GAME is at.
const PlayStep& current_step(const GameRules& rules, const GameState& game);
std::vector<std::string> game_ids();

// A resolution's field as the game reads it: text ("true"/"false" for a flag, digits for
// a number), "" when FIELDS has no KEY; and as a number, 0 when it is not one.
std::string field_text(const Fields& fields, std::string_view key);
long long field_number(const Fields& fields, std::string_view key);
// A resolution's list field (the units it names: "attackers"), [] when FIELDS has no KEY.
std::vector<std::string> field_list(const Fields& fields, std::string_view key);

// Builds a change of UNIT's KEY to TO from GAME's current value.
Change change_to(const GameState& game, std::string_view unit, std::string_view key, std::string to, std::string rule);

}  // namespace umpire::core
