#include "core/lookup.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

Resolution resolve_combat(const Table& t, const CombatRequest& q, Dice& dice)
{
    if (t.column_kind == ColumnKind::none) {
        throw usage_error("table " + t.id + " has no columns to read from strengths; read it with table lookup");
    }
    const auto last = static_cast<long long>(t.columns.size()) - 1;
    std::vector<std::string> steps;
    Fields inputs;
    long long position = 0;
    std::string raw;  // the column before shifts
    if (q.column) {
        if (q.attack || q.defense) {
            throw usage_error("{column} names the column; {attack} and {defense} find it: give one or the other");
        }
        const auto found = find_column(t, *q.column);
        if (!found) {
            throw usage_error("{column}: " + found.error());
        }
        position = static_cast<long long>(*found);
        raw = t.columns[*found];
        steps.push_back("column " + raw + ", named");
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
            if (v && (*v < 0 || *v > 1000000)) {
                throw usage_error(std::string(field) + " is " + std::to_string(*v) + "; allowed 0 to 1000000");
            }
        }
        const long long a = *q.attack;
        inputs.push_back({"attack", a});
        position = -1;
        if (t.column_kind == ColumnKind::ratio) {
            if (!q.defense) {
                throw usage_error("{defense}: table " + t.id + "'s columns are odds: give {defense} N too");
            }
            const long long d = *q.defense;
            inputs.push_back({"defense", d});
            for (size_t i = 0; i < t.column_ratios.size(); ++i) {
                // a:d at or above the column's A:D, in whole numbers (each at most 10^6)
                if (d == 0 || a * t.column_ratios[i].defense >= t.column_ratios[i].attack * d) {
                    position = static_cast<long long>(i);
                }
            }
            raw = std::to_string(a) + " to " + std::to_string(d);
        } else {
            const long long value = a - q.defense.value_or(0);
            if (q.defense) {
                inputs.push_back({"defense", *q.defense});
            }
            for (size_t i = 0; i < t.column_values.size(); ++i) {
                if (t.column_values[i] <= value) {
                    position = static_cast<long long>(i);
                }
            }
            raw = q.defense ? std::to_string(a) + " - " + std::to_string(*q.defense) + " = " + signed_number(value)
                            : "strength " + std::to_string(a);
        }
        const bool above =
            position == last &&
            (t.column_kind == ColumnKind::ratio
                 ? (*q.defense == 0 || a * t.column_ratios.back().defense > t.column_ratios.back().attack * *q.defense)
                 : a - q.defense.value_or(0) > t.column_values.back());
        if (position < 0) {
            steps.push_back(raw + ": below the first column, " + t.columns.front());
        } else if (above && t.clamp_above) {
            steps.push_back(raw + ": past the last column, read at " + t.columns.back() +
                            " before any shift (the table reads no further)");
        } else {
            steps.push_back(raw + " -> " + t.columns[static_cast<size_t>(position)] +
                            " (the nearest column at or below, in the defender's favour)");
        }
        raw = position < 0 ? "below " + t.columns.front() : t.columns[static_cast<size_t>(position)];
        if (above && !t.clamp_above) {
            position = last + 1;  // refused below unless a shift brings it back
            raw = "past " + t.columns.back();
        }
    }
    long long moved = 0;
    std::vector<std::string> shift_names;
    for (const auto& [name, count] : q.shifts) {
        if (name.empty() ? count == 0 || count < -20 || count > 20 : count < 1 || count > 20) {
            throw usage_error("{shift} " + (name.empty() ? signed_number(count) : name + "=" + std::to_string(count)) +
                              (name.empty() ? ": a shift of -20 to 20 columns, not 0" : ": a count from 1 to 20"));
        }
        if (name.empty()) {
            moved += count;
            shift_names.push_back(signed_number(count));
            steps.push_back("shift " + signed_number(count) + " column" + (count == 1 || count == -1 ? "" : "s") +
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
        moved += static_cast<long long>(rule->columns) * count;
        shift_names.push_back(rule->name + (count > 1 ? "=" + std::to_string(count) : ""));
        steps.push_back("shift " + rule->name + (count > 1 ? " x" + std::to_string(count) : "") + ": " +
                        signed_number(static_cast<long long>(rule->columns) * count) + " (" + rule->description +
                        (rule->source.empty() ? "" : ", " + rule->source) + ")");
    }
    if (!shift_names.empty()) {
        inputs.push_back({"shifts", shift_names});
    }
    position += moved;
    if (position < 0) {
        if (!t.clamp_below) {
            throw usage_error("below " + t.id + "'s first column, " + t.columns.front() +
                              (moved != 0 ? ", after the shifts" : "") + ": not allowed");
        }
        steps.push_back("below the first column: read at " + t.columns.front() + " (the table reads no further)");
        position = 0;
    } else if (position > last) {
        if (!t.clamp_above) {
            throw usage_error("past " + t.id + "'s last column, " + t.columns.back() +
                              (moved != 0 ? ", after the shifts" : "") + ": not allowed");
        }
        steps.push_back("past the last column: read at " + t.columns.back() + " (the table reads no further)");
        position = last;
    }
    const std::string column = t.columns[static_cast<size_t>(position)];
    if (moved != 0) {
        steps.push_back(signed_number(moved) + " column" + (moved == 1 || moved == -1 ? "" : "s") + ": " + raw +
                        " -> " + column);
    }
    LookupRequest lq = q.lookup;
    lq.column = column;
    Resolution r = resolve_lookup(t, lq, dice);
    r.command = "resolve";
    r.steps.insert(r.steps.begin(), steps.begin(), steps.end());
    r.inputs.insert(r.inputs.begin() + 1, inputs.begin(), inputs.end());  // after the table's id
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

void note_table(Resolution& resolution, const Table& table)
{
    if (std::find(resolution.tables.begin(), resolution.tables.end(), table.id) == resolution.tables.end()) {
        resolution.tables.push_back(table.id);
    }
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
        if (auto n = parse_int(value, -1000000, 1000000)) {
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
        if (eq != std::string::npos) {
            auto n = parse_int(value.substr(eq + 1), -1000, 1000);
            if (!n) {
                throw usage_error("{mod} " + value + ": " + n.error());
            }
            count = static_cast<int>(*n);
        }
        if (name.empty()) {
            throw usage_error("{mod} '" + value + "': write N, NAME or NAME=COUNT");
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
                          (pick->clamped ? " (" + signed_number(*n) + " read as " + table.columns[column] + ")" : "");
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
            column_text = " under " + table.columns[column] + " (" + *q.column +
                          (pick->clamped ? ", past the last column" : ", rounded down") + ")";
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
                    throw usage_error("{mod} " + name + ": check " + table.id + " has no such modifier" +
                                      suggestion(name, names) +
                                      (names.empty() ? "; it takes none" : "; it takes " + join(names, ", ")));
                }
                if (count < m->min || count > m->max) {
                    throw usage_error("{mod} " + name + "=" + std::to_string(count) + ": allowed " +
                                      (m->per == 0 ? std::string("as a flag ({mod} ") + m->name + ")"
                                                   : std::to_string(m->min) + " to " + std::to_string(m->max)));
                }
                int applied = m->applied(count);
                modifier += applied;
                parts.push_back(signed_number(applied) + " " + m->name +
                                (m->per != 0 ? " (" + std::to_string(count) + ")" : "") + ": " + m->description);
                r.inputs.push_back({"mod " + m->name, static_cast<long long>(count)});
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
                row_text += " " + signed_number(modifier) + " = " + std::to_string(total);
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
