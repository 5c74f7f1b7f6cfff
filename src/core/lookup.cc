#include "core/lookup.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

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
