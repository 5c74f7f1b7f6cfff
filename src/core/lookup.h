#pragma once
// Generic table reading: a looked-up cell with its legend, as a Resolution. Serves
// `table lookup` and `check`; adjudicators use describe() and note_table().

#include "core/dice.h"
#include "core/resolution.h"
#include "core/table.h"

#include <optional>
#include <string>
#include <string_view>

namespace umpire::core {

struct LookupRequest {
    std::optional<std::string> column;  // required when the table has columns
    std::optional<std::string> row;     // label rows; for die rows, a total to read instead of rolling
    int modifier = 0;                   // added to the roll; only where the table names one
    // Named modifiers ([[modifier]] of the table) with their counts, 1 for a flag.
    std::vector<std::pair<std::string, int>> named = {};
    // The names given without =COUNT: a counted modifier (escorts, "adds OR subtracts one")
    // needs its count; only a flag goes bare.
    std::vector<std::string> bare = {};
};

// Modifier values into Q: a number adds to the roll ("2"); NAME or NAME=COUNT names one of a
// check's modifiers, each once. Throws a usage Error for a malformed value, a name given
// twice, or a sum of numbers past -1000000 to 1000000.
void add_modifiers(LookupRequest& q, const std::vector<std::string>& values);

// Reads TABLE: a die row is rolled (plus the modifier) unless REQUEST names the row.
// Throws a usage Error naming what is missing or wrong.
Resolution resolve_lookup(const Table& table, const LookupRequest& request, Dice& dice);

// A combat results table read from the two sides' strengths (umpire resolve, umpire-tables(5)):
// odds columns take attack:defense, differential columns attack minus defense (or the attack
// alone, a strength), label columns are named. Shifts move the column: a [[shift]] of the
// table by name (COUNT times), or N columns given by number ("" as the name).
struct CombatRequest {
    std::optional<long long> attack;
    std::optional<long long> defense;
    std::optional<std::string> column;  // a column named outright
    std::vector<std::pair<std::string, int>> shifts;
    LookupRequest lookup;  // the row (a die total given) and the die modifiers
};

// Where a combat table's strengths and shifts put its column: the one computation behind
// resolve, crt (XIII.B) and melee (15.41); each words its own steps and refusals.
struct CombatColumn {
    std::string raw;      // the strengths as read: "5 to 3", "4 - 6 = -2", "strength 7"
    long long basic = 0;  // before the shifts: -1 below the first column, columns.size() past the last
    // Below a first column of odds 1:K that refuses what is below it, the odds go on down
    // the same ladder (1:K+1, 1:K+2 ...), a column each: BASIC is minus how many, and BELOW
    // says it ("1:20, 16 columns below 1:4"), so a shift moves them up a column at a time.
    std::string below;
    bool reduced = false;          // past the last column and read at it before the shifts (the table clamps above)
    long long moved = 0;           // the shifts' sum
    long long shifted = 0;         // basic + moved, before the edges
    bool at_edge = false;          // shifted past an edge and read at it (the table clamps there)
    std::optional<size_t> column;  // the final odds; none when the table refuses past its edge
    size_t read = 0;               // the column read: COLUMN moved by the read shifts, to an edge at most
};

// ATTACK against DEFENSE (a difference or a strength alone for differential columns, when
// DEFENSE is none) under TABLE's odds or differential columns, moved MOVED columns by odds
// shifts, then READ columns by read shifts. Odds round in the defender's favour (the nearest
// column at or below; no defense is past the last); past the last the table's clamp reads
// the last before any shift (XIII.B.4), below the first after them; below a first column
// 1:K that refuses, the ladder goes on at 1:N, N the defense over the attack rounded up
// (XIII.B.3's "nearest but no greater"). Strengths are 0 to 1000000 (the caller's check).
CombatColumn combat_column(const Table& table, long long attack, std::optional<long long> defense, long long moved,
                           long long read = 0);

// The most a strength (an attack, a defense) may be on a combat table.
inline constexpr long long k_max_strength = 1000000;

// The column from the strengths, rounded in the defender's favour (the nearest column at or
// below); past the last column read at the last before any shift where the table clamps
// there (as XIII.B.4 reduces odds over 10:1), else refused after the shifts; then the shifts;
// below the first column after them, read at the first where the table clamps there, else
// refused (as XIII.B.4 refuses final odds under 1:4); then the die, as resolve_lookup.
Resolution resolve_combat(const Table& table, const CombatRequest& request, Dice& dice);

// Fills a result's name and effects from the table's legend, choosing the side's
// reading where the legend has one (all sides, labelled, when SIDE is empty).
void describe(Outcome& outcome, const Table& table, std::string_view side);

// Records that RESOLUTION read TABLE: its id (Resolution::tables, for the audit log) and,
// when TABLE is provisional, the mark and the table's note. Every adjudicator calls it
// for each table at the place it reads it: an answer reached without reading a provisional
// table (a refusal, no test taken) is no provisional answer.
void note_table(Resolution& resolution, const Table& table);
// Records TABLE's id only, without the provisional mark: for a provisional table read only
// where the rules text prints it (the published cells of a lost chart). The adjudicator
// calls note_table once it reads anything else of TABLE.
void note_table_id(Resolution& resolution, const Table& table);

// Throws a usage Error "FIELD is V; allowed LO to HI" when VALUE is out of range; FIELD
// is a request field as "{stands}".
void check_count(int value, int lo, int hi, const std::string& field);

}  // namespace umpire::core
