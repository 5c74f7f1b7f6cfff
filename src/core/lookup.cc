#include "core/lookup.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <limits>

namespace umpire::core {

namespace {

// Moves C's basic column MOVED columns and reads it at an edge where the table clamps there;
// then READ more for the column read.
void settle(CombatColumn& c, const Table& t, long long moved, long long read)
{
    const auto last = static_cast<long long>(t.columns.size()) - 1;
    c.moved = moved;
    c.shifted = c.basic + moved;
    if (c.shifted < 0 ? t.clamp_below : c.shifted > last ? t.clamp_above : true) {
        c.at_edge = c.shifted < 0 || c.shifted > last;
        c.column = static_cast<size_t>(std::clamp(c.shifted, 0LL, last));
        c.read = static_cast<size_t>(std::clamp(static_cast<long long>(*c.column) + read, 0LL, last));
    }
}

}  // namespace

CombatColumn combat_column(const Table& t, long long a, std::optional<long long> d, long long moved, long long read)
{
    CombatColumn c;
    const auto last = static_cast<long long>(t.columns.size()) - 1;
    c.basic = -1;
    bool above = false;
    if (t.column_kind == ColumnKind::ratio) {
        const long long defense = d.value_or(0);
        for (size_t i = 0; i < t.column_ratios.size(); ++i) {
            // a:d at or above the column's A:D, in whole numbers (each at most 10^6)
            if (defense == 0 || a * t.column_ratios[i].defense >= t.column_ratios[i].attack * defense) {
                c.basic = static_cast<long long>(i);
            }
        }
        above = defense == 0 || a * t.column_ratios.back().defense > t.column_ratios.back().attack * defense;
        c.raw = std::to_string(a) + " to " + std::to_string(defense);
        const Ratio& first = t.column_ratios.front();
        if (c.basic < 0 && !t.clamp_below && first.attack == 1 && defense > 0) {
            // 1 to 20 is 1:20, sixteen columns below 1:4: one shift up is 1:19, still refused
            const long long n = a > 0 ? (defense + a - 1) / a : 1000000 + first.defense;
            c.basic = -(n - first.defense);
            c.below = "1:" + std::to_string(n) + ", " + std::to_string(n - first.defense) + " column" +
                      (n - first.defense == 1 ? "" : "s") + " below " + t.columns.front();
        }
    } else {
        const long long value = a - d.value_or(0);
        for (size_t i = 0; i < t.column_values.size(); ++i) {
            if (t.column_values[i] <= value) {
                c.basic = static_cast<long long>(i);
            }
        }
        above = value > t.column_values.back();
        c.raw = d ? std::to_string(a) + " - " + std::to_string(*d) + " = " + signed_number(value)
                  : "strength " + std::to_string(a);
    }
    if (above) {
        c.reduced = t.clamp_above;
        c.basic = t.clamp_above ? last : last + 1;
    }
    settle(c, t, moved, read);
    return c;
}

Resolution resolve_combat(const Table& t, const CombatRequest& q, Dice& dice)
{
    if (t.column_kind == ColumnKind::none) {
        throw usage_error("table " + t.id + " has no columns to read from strengths; read it with table lookup");
    }
    std::vector<std::string> steps;
    Fields inputs;
    long long moved = 0;  // odds shifts
    long long read = 0;   // read shifts, once the odds are final
    std::vector<std::string> shift_names;
    std::vector<std::string> shift_steps;
    std::vector<std::string> read_steps;
    long long given = 0;  // the columns given as numbers, in all
    for (size_t i = 0; i < q.shifts.size(); ++i) {
        const std::string& name = q.shifts[i].first;
        const int count = q.shifts[i].second;
        if (name.empty() ? count == 0 || count < -20 || count > 20 : count < 1 || count > 20) {
            throw usage_error("{shift} " + (name.empty() ? signed_number(count) : name + "=" + std::to_string(count)) +
                              (name.empty() ? ": a shift of -20 to 20 columns, not 0" : ": a count from 1 to 20"));
        }
        // A shift named again is refused, not added up (a river counted twice), as a modifier
        // is; numbers add up, held to the range one may have.
        if (!name.empty() && std::any_of(q.shifts.begin(), q.shifts.begin() + static_cast<long>(i),
                                         [&](const auto& before) { return iequals(before.first, name); })) {
            throw usage_error("{shift} " + name + ": given twice; give each shift once, with its whole count (" + name +
                              "=COUNT)");
        }
        if (name.empty()) {
            given += count;
            if (given < -20 || given > 20) {
                throw usage_error("{shift}: the numbers add up to " + signed_number(given) +
                                  " columns; allowed -20 to 20 in all");
            }
            moved += count;
            shift_names.push_back(signed_number(count));
            shift_steps.push_back("shift " + signed_number(count) + " column" + (count == 1 || count == -1 ? "" : "s") +
                                  ", given");
            continue;
        }
        const ShiftRule* rule = t.find_shift(name);
        if (rule == nullptr) {
            std::vector<std::string> names;
            for (const auto& each : t.shifts) {
                names.push_back(each.name);
            }
            throw usage_error(
                "{shift} " + name + ": table " + t.id + " has no such shift" + suggestion(name, names) +
                (names.empty() ? "; give a number of columns (-1, +2)" : "; it has " + join(names, ", ")));
        }
        (rule->read ? read : moved) += static_cast<long long>(rule->columns) * count;
        shift_names.push_back(rule->name + (count > 1 ? "=" + std::to_string(count) : ""));
        (rule->read ? read_steps : shift_steps)
            .push_back(std::string(rule->read ? "read " : "shift ") + rule->name +
                       (count > 1 ? " x" + std::to_string(count) : "") + ": " +
                       signed_number(static_cast<long long>(rule->columns) * count) + " (" + rule->description +
                       (rule->source.empty() ? "" : ", " + rule->source) + ")");
    }
    CombatColumn c;
    std::string raw;  // the column before shifts
    if (q.column) {
        if (q.attack || q.defense) {
            throw usage_error("{column} names the column; {attack} and {defense} find it: give one or the other");
        }
        const auto found = find_column(t, *q.column);
        if (!found) {
            throw usage_error("{column}: " + found.error());
        }
        raw = t.columns[*found];
        steps.push_back("column " + raw + ", named");
        c.basic = static_cast<long long>(*found);
        settle(c, t, moved, read);
    } else {
        if (t.column_kind == ColumnKind::label) {
            throw usage_error("{column}: table " + t.id +
                              "'s columns are named, not found from strengths: " + join(t.columns, ", "));
        }
        if (!q.attack) {
            throw usage_error("{attack}: table " + t.id + " is read from strengths: give {attack} N" +
                              (t.column_kind == ColumnKind::ratio ? " and {defense} N (odds, attack:defense)"
                                                                  : " (and {defense} N: their difference)"));
        }
        for (const auto& [field, v] : {std::pair{"{attack}", q.attack}, std::pair{"{defense}", q.defense}}) {
            if (v && (*v < 0 || *v > k_max_strength)) {
                throw usage_error(std::string(field) + " is " + std::to_string(*v) + "; allowed 0 to " +
                                  std::to_string(k_max_strength));
            }
        }
        if (t.column_kind == ColumnKind::ratio && !q.defense) {
            throw usage_error("{defense}: table " + t.id + "'s columns are odds: give {defense} N too");
        }
        if (t.column_kind == ColumnKind::ratio && *q.attack == 0) {
            // 0 to 0 was read as "no defense", past the last column: a DE from no attack at all
            throw usage_error("{attack} is 0: table " + t.id +
                              "'s columns are odds, attack to defense, and an attack of nothing has none; allowed 1 "
                              "to 1000000");
        }
        inputs.push_back({"attack", *q.attack});
        if (q.defense) {
            inputs.push_back({"defense", *q.defense});
        }
        c = combat_column(t, *q.attack, q.defense, moved, read);
        const auto last = static_cast<long long>(t.columns.size()) - 1;
        if (c.basic < 0) {
            steps.push_back(c.raw + ": " +
                            (c.below.empty() ? "below the first column, " + t.columns.front() : c.below));
            raw = c.below.empty() ? "below " + t.columns.front() : c.below.substr(0, c.below.find(','));
        } else if (c.reduced) {
            steps.push_back(c.raw + ": past the last column, read at " + t.columns.back() +
                            " before any shift (the table reads no further)");
            raw = t.columns.back();
        } else if (c.basic > last) {
            steps.push_back(c.raw + " -> " + t.columns.back() +
                            " (the nearest column at or below, in the defender's favour)");
            raw = "past " + t.columns.back();
        } else {
            raw = t.columns[static_cast<size_t>(c.basic)];
            steps.push_back(c.raw + " -> " + raw + " (the nearest column at or below, in the defender's favour)");
        }
    }
    steps.insert(steps.end(), shift_steps.begin(), shift_steps.end());
    if (!shift_names.empty()) {
        inputs.push_back({"shifts", shift_names});
    }
    if (!c.column) {
        const bool below = c.shifted < 0;
        throw usage_error((below ? "below " + t.id + "'s first column, " + t.columns.front()
                                 : "past " + t.id + "'s last column, " + t.columns.back()) +
                          (moved != 0 ? ", after the shifts" : "") + ": not allowed");
    }
    if (c.at_edge) {
        steps.push_back(c.shifted < 0
                            ? "below the first column: read at " + t.columns.front() + " (the table reads no further)"
                            : "past the last column: read at " + t.columns.back() + " (the table reads no further)");
    }
    std::string column = t.columns[*c.column];
    if (moved != 0) {
        steps.push_back(signed_number(moved) + " column" + (moved == 1 || moved == -1 ? "" : "s") + ": " + raw +
                        " -> " + column);
    }
    Fields odds;
    if (read != 0) {  // the final odds, and the column the result is read under
        odds.push_back({"odds", column});
        steps.insert(steps.end(), read_steps.begin(), read_steps.end());
        steps.push_back("read under " + t.columns[c.read] +
                        (static_cast<long long>(c.read) - static_cast<long long>(*c.column) != read
                             ? " (the table reads no further)"
                             : ""));
        column = t.columns[c.read];
    }
    LookupRequest lq = q.lookup;
    lq.column = column;
    Resolution r = resolve_lookup(t, lq, dice);
    // A result that says roll again: once more on the same column, the die modified as before,
    // up to the table's limit; past it the last result read stands.
    for (int again = 0;; ++again) {
        const LegendEntry* e = t.find_code(r.result.code);
        if (e == nullptr || !e->roll_again) {
            break;
        }
        const std::string said = r.result.code + " (" + (e->source.empty() ? t.source : e->source) + ")";
        if (lq.row) {
            r.steps.push_back(said + ": roll again, but the row was given, not rolled: " + r.result.code + " stands");
            break;
        }
        if (again == t.roll_again_limit) {
            r.steps.push_back(said + ": roll again, but the table rolls again " + std::to_string(t.roll_again_limit) +
                              " time" + (t.roll_again_limit == 1 ? "" : "s") + " at most: " + r.result.code +
                              " stands");
            break;
        }
        Resolution next = resolve_lookup(t, lq, dice);
        r.steps.push_back(said + ": roll again");
        r.steps.push_back(next.steps.back());
        r.result = std::move(next.result);
        r.rolls = std::move(next.rolls);
    }
    r.command = "resolve";
    r.steps.insert(r.steps.begin(), steps.begin(), steps.end());
    r.inputs.insert(r.inputs.begin() + 1, inputs.begin(), inputs.end());  // after the table's id
    r.result.fields.insert(r.result.fields.end(), odds.begin(), odds.end());
    r.result.fields.push_back({"column", column});
    return r;
}

void describe(Outcome& outcome, const Table& table, std::string_view side)
{
    const LegendEntry* entry = table.find_code(outcome.code);
    if (entry == nullptr) {
        return;
    }
    outcome.name = entry->name;
    outcome.effects = entry->effects;
    outcome.source = entry->source;
    outcome.severity = entry->severity;
    for (const auto& by_side : entry->by_side) {
        if (side.empty()) {
            for (const auto& effect : by_side.effects) {
                outcome.effects.push_back(by_side.side + " ship: " + effect);
            }
        } else if (iequals(by_side.side, side)) {
            outcome.effects.insert(outcome.effects.end(), by_side.effects.begin(), by_side.effects.end());
        }
    }
}

void note_table_id(Resolution& resolution, const Table& table)
{
    if (std::find(resolution.tables.begin(), resolution.tables.end(), table.id) == resolution.tables.end()) {
        resolution.tables.push_back(table.id);
    }
}

void note_table(Resolution& resolution, const Table& table)
{
    note_table_id(resolution, table);
    if (!table.provisional) {
        return;
    }
    resolution.provisional = true;
    std::string note = "table " + table.id + " is provisional";
    if (!table.notes.empty()) {
        note += ": " + table.notes.front();
    }
    for (const auto& existing : resolution.provisional_notes) {
        if (existing == note) {
            return;
        }
    }
    resolution.provisional_notes.push_back(note);
}

void add_modifiers(LookupRequest& q, const std::vector<std::string>& values)
{
    long long sum = q.modifier;
    for (const auto& value : values) {
        // A number: a sign or a digit first (a modifier's name starts with a letter).
        const size_t digit = !value.empty() && (value[0] == '+' || value[0] == '-') ? 1 : 0;
        if (digit < value.size() && value[digit] >= '0' && value[digit] <= '9') {
            auto n = parse_int(value, -1000000, 1000000);
            if (!n) {
                throw usage_error("{mod} " + n.error() + " (a number, or NAME or NAME=COUNT)");
            }
            sum += *n;
            if (sum < -1000000 || sum > 1000000) {
                throw usage_error("{mod}: the numbers add up to " + std::to_string(sum) +
                                  "; allowed -1000000 to 1000000 in all");
            }
            continue;
        }
        size_t eq = value.find('=');
        std::string name = value.substr(0, eq);
        int count = 1;
        if (eq == std::string::npos) {
            q.bare.push_back(name);
        } else {
            // The count is held to its modifier's own range where the check is read, which says
            // that range ("escorts=1001: allowed 1 to 100"); here only a count no modifier can
            // take (the loader holds every range within -1000 to 1000) is refused.
            const std::string typed = value.substr(eq + 1);
            auto n = parse_int(typed, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max());
            if (n && (*n < -1000000 || *n > 1000000)) {
                throw usage_error("{mod} " + value + ": '" + typed +
                                  "' is far past any modifier's count (each one's range: table show)");
            }
            if (!n) {
                throw usage_error("{mod} " + value + ": " + n.error());
            }
            count = static_cast<int>(*n);
        }
        if (name.empty()) {
            throw usage_error("{mod} '" + value + "': write N, NAME or NAME=COUNT");
        }
        // A name given again is refused, not added up: a doubled escorts=2 taken as four
        // escorts (+1) could sink a submarine (Black Sea ASW), and a doubled flag was said
        // back as "single-primary=2", which no one typed.
        if (std::any_of(q.named.begin(), q.named.end(), [&](const auto& m) { return iequals(m.first, name); })) {
            throw usage_error("{mod} " + value + ": " + name + " is given twice; give each modifier once" +
                              (eq == std::string::npos ? std::string() : ", with its whole count"));
        }
        q.named.emplace_back(name, count);
    }
    q.modifier = static_cast<int>(sum);
}

Resolution resolve_lookup(const Table& table, const LookupRequest& q, Dice& dice)
{
    if (q.modifier != 0 && table.modifier.empty()) {
        if (!table.modifiers.empty()) {
            std::vector<std::string> names;
            for (const auto& m : table.modifiers) {
                names.push_back(m.name);
            }
            throw usage_error("{mod} " + std::to_string(q.modifier) + ": table " + table.id +
                              " takes no number; its modifiers are named: " + join(names, ", ") +
                              " (NAME, or NAME=COUNT)");
        }
        throw usage_error("{mod}: table " + table.id + " takes no modifier");
    }
    if (q.row && (q.modifier != 0 || !q.named.empty())) {
        // A modifier moves a die's total; a row given is read as given. It was dropped
        // without a word: the die typed as the row, the leader's +1 lost.
        throw usage_error(table.row_kind == RowKind::die
                              ? "{mod} with {row}: {row} names the row read, which no modifier moves; give the "
                                "die rolled as {roll} N and the modifiers are added to it"
                              : "{mod} with {row}: table " + table.id +
                                    " is read by the row named, which no "
                                    "modifier moves");
    }
    Resolution r;
    r.command = "lookup";
    r.title = table.title;
    r.source = table.source;
    note_table(r, table);
    r.inputs.push_back({"table", table.id});

    size_t column = 0;
    std::string column_text;
    if (table.column_kind != ColumnKind::none) {
        if (!q.column) {
            throw usage_error("{column}: table " + table.id + " needs a column: " + join(table.columns, ", ") +
                              (table.column_kind == ColumnKind::differential ? " (a differential)"
                               : table.column_kind == ColumnKind::ratio      ? " (attack:defense factors)"
                                                                             : ""));
        }
        r.inputs.push_back({"column", *q.column});
        if (table.column_kind == ColumnKind::differential) {
            auto n = parse_int(*q.column, -1000000, 1000000);
            if (!n) {
                throw usage_error("{column}: " + n.error());
            }
            auto pick = find_column(table, static_cast<int>(*n));
            if (!pick) {
                throw usage_error("{column}: " + pick.error());
            }
            column = pick->index;
            column_text = " under " + table.columns[column] +
                          (table.column_values[column] != *n
                               ? " (" + signed_number(*n) + " read as " + table.columns[column] + ")"
                               : "");
        } else if (table.column_kind == ColumnKind::ratio) {
            auto factors = parse_ratio(*q.column);
            if (!factors) {
                throw usage_error("{column}: " + factors.error());
            }
            auto pick = find_column(table, *factors);
            if (!pick) {
                throw usage_error("{column}: " + pick.error());
            }
            column = pick->index;
            column_text =
                " under " + table.columns[column] +
                (*q.column == table.columns[column]
                     ? ""
                     : " (" + *q.column + (pick->clamped ? ", past the last column" : ", rounded down") + ")");
        } else {
            auto found = find_column(table, *q.column);
            if (!found) {
                throw usage_error("{column}: " + found.error());
            }
            column = *found;
            column_text = " under " + table.columns[column];
        }
    } else if (q.column) {
        throw usage_error("{column}: table " + table.id + " has no columns");
    }

    size_t row = 0;
    std::string row_text;
    if (table.row_kind == RowKind::label) {
        if (!q.row) {
            throw usage_error("{row}: table " + table.id + " needs a row: " + join(table.row_keys(), ", "));
        }
        auto found = find_row(table, *q.row);
        if (!found) {
            throw usage_error("{row}: " + found.error());
        }
        row = *found;
        row_text = "row " + table.rows[row].key;
        r.inputs.push_back({"row", *q.row});
    } else {
        int total = 0;
        if (table.row_kind == RowKind::range && !q.row) {
            throw usage_error("{row}: table " + table.id + " is read by a number; give {row} N");
        }
        if (q.row) {
            auto n = parse_int(*q.row, -1000000, 1000000);
            if (!n) {
                throw usage_error("{row}: " + n.error());
            }
            total = static_cast<int>(*n);
            r.inputs.push_back({"row", *q.row});
            row_text = "row " + std::to_string(total);
        } else {
            int modifier = q.modifier;
            std::vector<std::string> parts;
            // a term of the sum, signed even when 0: "d6 3 0 = 3" read as a 30
            const auto term = [](int value) { return value < 0 ? std::to_string(value) : "+" + std::to_string(value); };
            if (q.modifier != 0) {
                parts.push_back(signed_number(q.modifier) + " " + table.modifier);
            }
            for (const auto& [name, count] : q.named) {
                const CheckModifier* m = table.find_modifier(name);
                if (m == nullptr) {
                    std::vector<std::string> names;
                    for (const auto& each : table.modifiers) {
                        names.push_back(each.name);
                    }
                    throw usage_error(
                        "{mod} " + name + ": check " + table.id + " has no such modifier" + suggestion(name, names) +
                        (!names.empty()           ? "; it takes " + join(names, ", ")
                         : table.modifier.empty() ? std::string("; it takes none")
                                                  : "; it takes a number only, {mod} N (" + table.modifier + ")"));
                }
                // A counted modifier always takes its count: a bare name was one escort, but a
                // bare initiative was refused ("add OR subtract one" is the player's choice).
                if (m->per != 0 && std::find(q.bare.begin(), q.bare.end(), name) != q.bare.end()) {
                    throw usage_error(
                        "{mod} " + name + ": give its count, " +
                        (m->min < 0 ? name + "=1 or " + name + "=" + std::to_string(m->min)
                                    : name + "=N (" + std::to_string(m->min) + " to " + std::to_string(m->max) + ")") +
                        ": " + m->description);
                }
                if (count < m->min || count > m->max) {
                    // the description says where the range is umpire's own (escorts: at most 100)
                    throw usage_error(
                        "{mod} " + name + "=" + std::to_string(count) + ": allowed " +
                        (m->per == 0 ? std::string("as a flag ({mod} ") + m->name + ")"
                                     : std::to_string(m->min) + " to " + std::to_string(m->max)) +
                        (m->description.empty() ? std::string() : " (" + name + ": " + m->description + ")"));
                }
                int applied = m->applied(count);
                modifier += applied;
                parts.push_back(term(applied) + " " + m->name +
                                (m->per != 0 ? " (" + std::to_string(count) + ")" : "") + ": " + m->description);
                r.inputs.push_back({"mod " + m->name, static_cast<long long>(count)});
            }
            // Each group of modifiers of which exactly one ([[mod]] one_of) or at most one
            // (at_most_one_of) is given.
            for (const auto& m : table.modifiers) {
                const bool exactly = !m.one_of.empty();
                const std::string& group = exactly ? m.one_of : m.at_most_one_of;
                const auto in_group = [&](const CheckModifier& o) {
                    return exactly ? o.one_of == group : o.at_most_one_of == group;
                };
                if (group.empty() || &m != &*std::find_if(table.modifiers.begin(), table.modifiers.end(), in_group)) {
                    continue;
                }
                std::vector<std::string> names;
                size_t given = 0;
                for (const auto& o : table.modifiers) {
                    if (in_group(o)) {
                        names.push_back(o.name + (o.per != 0 ? "=N" : ""));
                        given += static_cast<size_t>(std::count_if(q.named.begin(), q.named.end(), [&](const auto& n) {
                            return table.find_modifier(n.first) == &o;
                        }));
                    }
                }
                if (exactly && given != 1) {
                    throw usage_error("{mod}: check " + table.id + " takes one of " + join(names, " or ") +
                                      (given == 0 ? ": give the one that applies (" + group + ")" : ", never both"));
                }
                if (!exactly && given > 1) {
                    throw usage_error("{mod}: check " + table.id + " takes at most one of " + join(names, " or ") +
                                      " (" + group + "), never both");
                }
            }
            int roll = dice.roll(*table.dice, table.title);
            total = roll + modifier;
            row_text = roll_text(dice.record().back());
            if (!table.modifier.empty()) {
                r.inputs.push_back({"modifier", static_cast<long long>(q.modifier)});
            }
            if (!parts.empty()) {
                for (const auto& part : parts) {
                    r.steps.push_back("modifier " + part);
                }
                row_text += " " + term(modifier) + " = " + std::to_string(total);
            }
        }
        auto found = find_row(table, total);
        if (!found) {
            throw usage_error("{row}: " + found.error());
        }
        row = *found;
        r.result.fields.push_back({"total", static_cast<long long>(total)});
    }
    r.result.code = table.rows[row].cells[column];
    describe(r.result, table, "");
    r.steps.push_back(row_text + column_text + " -> " + r.result.code + " (" + table.source + ")");
    r.rolls = dice.record();
    return r;
}

void check_count(int value, int lo, int hi, const std::string& field)
{
    if (value < lo || value > hi) {
        throw usage_error(field + " is " + std::to_string(value) + "; allowed " + std::to_string(lo) + " to " +
                          std::to_string(hi));
    }
}

}  // namespace umpire::core
