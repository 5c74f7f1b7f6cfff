#pragma once
// Tables as plain structs, and pure lookups over them. The TOML form is described in
// umpire-tables(5); load/table_loader turns it into these after full validation, so a
// lookup here can rely on sorted, gap-free rows and known codes.

#include "core/dice.h"
#include "util/expected.h"

#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::core {

// die: rows by die result, rolled; range: rows by a number the referee gives (a VP
// differential); label: rows by name.
enum class RowKind { die, range, label };
enum class ColumnKind { none, differential, ratio, label };
enum class CellKind { code, number, range };

inline constexpr int k_open_low = INT_MIN;
inline constexpr int k_open_high = INT_MAX;

// "3", "1-4", "..4", "5..": parsed row keys and range cells.
struct DieRange {
    int lo = 0;
    int hi = 0;
    bool operator==(const DieRange&) const = default;
};
Expected<DieRange> parse_die_range(std::string_view text);
std::string die_range_text(DieRange range);

// A cell of a range table (the Ramming Table 15.42): "1-3*", "1", or "-" for none.
struct RangeCell {
    std::optional<DieRange> range;  // empty for "-"
    bool roll_again = false;        // the '*' mark
    bool operator==(const RangeCell&) const = default;
};
Expected<RangeCell> parse_range_cell(std::string_view text);

struct TableRow {
    std::string key;                 // as printed: "1", "2-4", "..4", "A"
    int lo = 0;                      // die rows only; k_open_low for "..N"
    int hi = 0;                      // die rows only; k_open_high for "N.."
    std::vector<std::string> cells;  // one per column (one in all when there are no columns)
    // The cells typed when the table is loaded, so a lookup parses nothing: for number
    // tables each cell's number (empty where the cell is a legend code), for range tables
    // each cell's range; empty for code tables.
    std::vector<std::optional<int>> numbers;
    std::vector<RangeCell> ranges;
    bool operator==(const TableRow&) const = default;
};

struct SideEffects {
    std::string side;
    std::vector<std::string> effects;
    bool operator==(const SideEffects&) const = default;
};

// An odds column, "3:2": attack to defense.
struct Ratio {
    long long attack = 1;
    long long defense = 1;
    bool operator==(const Ratio&) const = default;
};
// "3:2", "1:4": both sides whole numbers from 1 to 1000000.
Expected<Ratio> parse_ratio(std::string_view text);

// A named modifier of a check (umpire-tables(5) [[modifier]]): a flag adds VALUE; with
// PER, a count adds VALUE for every PER counted (fractions dropped), the count being
// MIN to MAX.
struct CheckModifier {
    std::string name;
    int value = 0;
    int per = 0;  // 0 for a flag
    int min = 0;
    int max = 1;
    std::string description;
    std::string source;
    // A group of which exactly one modifier is given ("" for none): the ASW roll's escorts,
    // counted by three or, before 1918, by four, one or the other (Black Sea Fleet 15.0).
    std::string one_of;
    // A group of which at most one modifier is given ("" for none): disengagement's range
    // by day, or at night halved instead (Black Sea Fleet, Automatic Disengagement).
    std::string at_most_one_of;

    // What COUNT (1 for a flag given) adds to the roll.
    int applied(int count) const { return per == 0 ? value * count : value * (count / per); }
    bool operator==(const CheckModifier&) const = default;
};

// A named column shift of a combat results table ([[shift]], umpire-tables(5)): the
// columns it moves the odds (-1 one to the left, in the defender's favour), when it applies
// and where the rules say so. "river", -1, "every attacker across a river", "X.B.2".
struct ShiftRule {
    std::string name;
    int columns = 0;
    std::string description;
    std::string source;
    // A "read" shift moves the column the result is read under once the odds are final and
    // allowed (VII.B: "read 1 odds column higher"), to the table's edge at most; an odds
    // shift moves the odds themselves (XIII.B.5).
    bool read = false;
    bool operator==(const ShiftRule&) const = default;
};

// A unit's status as a game file keeps it: a word of letters, digits and '-', 1 to 32 long.
bool status_word(std::string_view text);

struct LegendEntry {
    std::string code;
    std::string name;
    std::vector<std::string> effects;
    std::vector<SideEffects> by_side;  // where a result reads differently per side
    std::string source;
    std::string severity;  // none, light, heavy or severe (see Outcome); empty: not stated
    // The status the result gives the attacking and the defending units in a game file
    // when a resolution is applied: "eliminated", "retreated"; empty: none.
    std::string attacker;
    std::string defender;
    // The cell says "roll again": resolve rolls once more on the same column, and what that
    // roll reads is the result (up to the table's roll_again_limit rolls more).
    bool roll_again = false;
    bool operator==(const LegendEntry&) const = default;
};

struct Table {
    std::string id;
    std::string title;
    std::string game;
    std::string source;
    std::string origin;            // "embedded tables/x.toml" or a file path
    std::optional<DiceSpec> dice;  // required for die rows
    std::string modifier;          // what may be added to the roll, "" when nothing may
    bool provisional = false;
    std::vector<std::string> notes;

    RowKind row_kind = RowKind::die;
    std::string row_title;
    ColumnKind column_kind = ColumnKind::none;
    std::string column_title;
    std::vector<std::string> columns;  // keys as printed
    std::vector<int> column_values;    // differential columns: the numbers, ascending
    std::vector<Ratio> column_ratios;  // ratio columns: the odds, ascending
    bool clamp_below = false;
    bool clamp_above = false;
    CellKind cell_kind = CellKind::code;
    std::vector<TableRow> rows;
    std::vector<LegendEntry> legend;
    // Numbers the procedure reads that are not cells ("rammer_damaged_on = 6"), each
    // cited in the file. Order as written.
    std::vector<std::pair<std::string, int>> constants;
    std::vector<CheckModifier> modifiers;
    std::vector<ShiftRule> shifts;  // named column shifts, for resolve
    int roll_again_limit = 0;       // rolls again at most, when a result rolls again (1 to 5)

    const CheckModifier* find_modifier(std::string_view name) const;
    const ShiftRule* find_shift(std::string_view name) const;

    // Throws a data Error naming the table when NAME is missing.
    int constant(std::string_view name) const;
    // The columns of the [[shift]] NAME a command reads; a data Error when it has none.
    int shift_columns(std::string_view name) const;
    const LegendEntry* find_code(std::string_view code) const;
    // The legend entry for CODE; for number cells with no entry, nullptr.
    std::vector<std::string> row_keys() const;

    // Every field: the build's compiled tables are checked against the parsed TOML.
    bool operator==(const Table&) const = default;
};

// Why a die row RANGE cannot stand in TABLE (its dice and modifiers read), "" when it can:
// wholly outside the dice's totals, or, with nothing to add to the roll, past them ("6-7" on
// a d6 names totals that cannot happen). The loader and table import say the same.
std::string die_row_problem(const Table& table, DieRange range);

// The column a differential is read under, and whether it was clamped to an edge. One
// between two columns is read under the nearest at or below, as strengths are.
struct ColumnPick {
    size_t index = 0;
    bool clamped = false;
};

Expected<ColumnPick> find_column(const Table& table, int differential);
// The odds column for ATTACK against DEFENSE factors: rounded down to the nearest column
// (a ratio between columns reads under the lower one); past the ends as the table says.
Expected<ColumnPick> find_column(const Table& table, Ratio factors);
Expected<size_t> find_column(const Table& table, std::string_view key);
Expected<size_t> find_row(const Table& table, int roll);
Expected<size_t> find_row(const Table& table, std::string_view key);

}  // namespace umpire::core
