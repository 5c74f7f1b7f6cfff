#include "load/loader.h"

#include "load/grid.h"
#include "load/toml_guard.h"

#include "core/game.h"
#include "games/constantinople/constantinople.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "util/error.h"
#include "util/text.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <unordered_set>

namespace umpire::load {

namespace {

// Reads one TOML document, prefixing every complaint with its place.
class Reader {
public:
    explicit Reader(std::string_view source)
        : m_source(visible(source))  // a path from a folder listed can hold any byte
    {
    }

    toml::table parse(std::string_view text)
    {
        // A byte-order mark, as Windows editors save UTF-8, is no character of the document
        // (table import reads one alike); a UTF-16 one says the file is not UTF-8 at all,
        // which TOML 1.0 requires (hunt48 F7).
        if (text.starts_with("\xEF\xBB\xBF")) {
            text.remove_prefix(3);
        } else if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
            throw data_error(m_source + ": the file is UTF-16 (it starts with the bytes " +
                             (text.starts_with("\xFF") ? "FF FE" : "FE FF") + "); TOML is UTF-8: save it as UTF-8");
        }
        m_text = text;
        const auto guarded = toml_guard(text);
        if (!guarded.refused.empty()) {
            throw data_error(m_source + ":" + guarded.refused);
        }
        try {
            return toml::parse(guarded.text, m_source);
        } catch (const toml::parse_error& e) {
            throw Error(ExitCode::data, place(e.source()) + std::string(e.description()), excerpt(e.source()));
        }
    }

    std::string place(const toml::source_region& region) const
    {
        return m_source + ":" + std::to_string(region.begin.line) + ":" + std::to_string(region.begin.column) + ": ";
    }

    [[noreturn]] void fail(const toml::source_region& region, const std::string& message) const
    {
        throw Error(ExitCode::data, place(region) + message, excerpt(region));
    }

    // The line REGION starts on, and a caret under its column (as ninja's lexer shows a
    // parse error). Tabs are kept in the caret's indent so it lines up; control
    // characters in the line (C0, DEL, C1 and bidirectional ones: find_control's) are shown
    // as '?', a column each. A U+202E shown as it is turned the rest of the terminal's line.
    std::string excerpt(const toml::source_region& region) const
    {
        size_t line_start = 0;
        for (auto line = region.begin.line; line > 1; line -= 1) {
            line_start = m_text.find('\n', line_start);
            if (line_start == std::string_view::npos) {
                return "";
            }
            ++line_start;
        }
        std::string_view line = m_text.substr(line_start);
        line = line.substr(0, std::min(line.find('\n'), size_t{200}));
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        std::string shown;
        std::string indent;
        size_t column = 1;
        for (size_t at = 0; at < line.size();) {
            const char c = line[at];
            if (c != '\t' && find_control(line.substr(at, 3)) == 0) {
                shown += '?';
                at += control_at(line.substr(at)).size;
                indent += column < region.begin.column ? " " : "";
                ++column;
                continue;
            }
            shown += c;
            ++at;
            if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) {
                continue;  // a UTF-8 continuation byte: same column
            }
            if (column < region.begin.column) {
                indent += c == '\t' ? '\t' : ' ';
            }
            ++column;
        }
        return "  " + shown + "\n  " + indent + "^";
    }

    // Every key of TABLE must be one of ALLOWED.
    void check_keys(const toml::table& table, const std::vector<std::string>& allowed, const std::string& where) const
    {
        for (auto&& [key, node] : table) {
            std::string k(key.str());
            check_text(key.source(), k, "a key");
            if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
                fail(key.source(), "unknown key '" + k + "' in " + where + "; allowed: " + join(allowed, ", ") +
                                       suggestion(k, allowed));
            }
        }
    }

    const toml::node* required(const toml::table& table, std::string_view key, const std::string& where) const
    {
        const toml::node* node = table.get(key);
        if (node == nullptr) {
            fail(table.source(), where + " lacks the required key '" + std::string(key) + "'");
        }
        return node;
    }

    std::string string(const toml::node& node, std::string_view key) const
    {
        if (!node.is_string()) {
            fail(node.source(), "'" + std::string(key) + "' must be a string");
        }
        const std::string& text = node.as_string()->get();
        check_text(node.source(), text, "'" + std::string(key) + "'");
        return text;
    }

    // Text umpire prints comes from these files: a control character (an escape that
    // would drive the referee's terminal) is refused where it stands.
    void check_text(const toml::source_region& region, std::string_view text, const std::string& what) const
    {
        if (const size_t at = find_control(text); at != std::string_view::npos) {
            fail(region, what + " holds the control character " + code_point_text(control_at(text.substr(at)).code) +
                             "; table and scenario text may not");
        }
    }

    // WHAT, a name a command selects by a flag's value, fits in one (k_max_name_length).
    void check_name_length(const toml::source_region& region, std::string_view text, const std::string& what) const
    {
        if (text.size() > k_max_name_length) {
            fail(region, what + " of " + std::to_string(text.size()) + " characters: at most " +
                             std::to_string(k_max_name_length) + ", or no command could name it");
        }
    }

    std::string string(const toml::table& table, std::string_view key, const std::string& where, bool is_required) const
    {
        const toml::node* node = is_required ? required(table, key, where) : table.get(key);
        return node == nullptr ? "" : string(*node, key);
    }

    long long integer(const toml::node& node, std::string_view key, long long lo, long long hi) const
    {
        if (!node.is_integer()) {
            fail(node.source(), "'" + std::string(key) + "' must be a whole number");
        }
        long long v = node.as_integer()->get();
        if (v < lo || v > hi) {
            fail(node.source(), "'" + std::string(key) + "' is " + std::to_string(v) + "; allowed " +
                                    std::to_string(lo) + " to " + std::to_string(hi));
        }
        return v;
    }

    bool boolean(const toml::table& table, std::string_view key) const
    {
        const toml::node* node = table.get(key);
        if (node == nullptr) {
            return false;
        }
        if (!node->is_boolean()) {
            fail(node->source(), "'" + std::string(key) + "' must be true or false");
        }
        return node->as_boolean()->get();
    }

    std::vector<std::string> strings(const toml::table& table, std::string_view key) const
    {
        std::vector<std::string> out;
        const toml::node* node = table.get(key);
        if (node == nullptr) {
            return out;
        }
        const toml::array* array = node->as_array();
        if (array == nullptr) {
            fail(node->source(), "'" + std::string(key) + "' must be an array of strings");
        }
        for (const auto& item : *array) {
            out.push_back(string(item, key));
        }
        return out;
    }

    const toml::table& table(const toml::node& node, std::string_view key) const
    {
        if (!node.is_table()) {
            fail(node.source(), "'" + std::string(key) + "' must be a table");
        }
        return *node.as_table();
    }

    // One of CHOICES, or an error listing them.
    std::string choice(const toml::table& table, std::string_view key, const std::string& where,
                       const std::vector<std::string>& choices, const std::string& fallback) const
    {
        const toml::node* node = fallback.empty() ? required(table, key, where) : table.get(key);
        if (node == nullptr) {
            return fallback;
        }
        std::string v = string(*node, key);
        if (std::find(choices.begin(), choices.end(), v) == choices.end()) {
            fail(node->source(),
                 "'" + std::string(key) + "' is '" + v + "'; allowed: " + join(choices, ", ") + suggestion(v, choices));
        }
        return v;
    }

private:
    std::string m_source;
    std::string_view m_text;  // the document being read, for excerpt()
};

void check_id(const Reader& reader, const toml::table& doc, const std::string& id, std::string_view expected_id)
{
    if (!expected_id.empty() && id != expected_id) {
        reader.fail(doc.get("id")->source(), "id '" + id +
                                                 "' does not match the file name, "
                                                 "which makes it '" +
                                                 visible(expected_id) + "'");
    }
}

// Checks one cell against the table's cell kind and legend, and keeps it typed in ROW.
void check_cell(const Reader& reader, const core::Table& t, const toml::node& node, const std::string& text,
                core::TableRow& row)
{
    if (text.empty()) {
        reader.fail(node.source(), std::string(k_empty_cell));
    }
    switch (t.cell_kind) {
    case core::CellKind::code:
        if (t.find_code(text) == nullptr) {
            std::vector<std::string> codes;
            for (const auto& e : t.legend) {
                codes.push_back(e.code);
            }
            reader.fail(node.source(), "result code '" + text + "' is not in the legend; codes: " + join(codes, ", ") +
                                           suggestion(text, codes));
        }
        break;
    case core::CellKind::number: {
        auto n = parse_int(text, -1000000, 1000000);
        if (!n && t.find_code(text) == nullptr) {
            reader.fail(node.source(), "cell '" + text +
                                           "' is neither a number nor a code in "
                                           "the legend");
        }
        row.numbers.push_back(n ? std::optional<int>(static_cast<int>(*n)) : std::nullopt);
        break;
    }
    case core::CellKind::range: {
        auto cell = core::parse_range_cell(text);
        if (!cell) {
            reader.fail(node.source(), cell.error());
        }
        if (cell->range && t.dice && (cell->range->lo < t.dice->min() || cell->range->hi > t.dice->max())) {
            reader.fail(node.source(), "range '" + text + "' runs outside " + t.dice->label() + "'s " +
                                           std::to_string(t.dice->min()) + " to " + std::to_string(t.dice->max()));
        }
        std::string marker = !cell->range ? "-" : cell->roll_again ? "*" : "";
        if (!marker.empty() && t.find_code(marker) == nullptr) {
            reader.fail(node.source(), "'" + marker + "' is used but not explained in the legend");
        }
        row.ranges.push_back(*cell);
        break;
    }
    }
}

void read_legend(const Reader& reader, const toml::table& doc, core::Table& t)
{
    const toml::node* node = doc.get("legend");
    if (node == nullptr) {
        return;
    }
    for (auto&& [key, value] : reader.table(*node, "legend")) {
        reader.check_text(key.source(), key.str(), "a legend code");
        reader.check_name_length(key.source(), key.str(), "legend code");
        if (key.str().empty()) {
            reader.fail(key.source(), "[legend.\"\"]: an empty code; a code is what the chart prints in its cells");
        }
        std::string where = "[legend." + std::string(key.str()) + "]";
        const toml::table& entry = reader.table(value, where);
        reader.check_keys(
            entry, {"name", "effects", "source", "by_side", "severity", "attacker", "defender", "roll_again"}, where);
        core::LegendEntry e;
        e.code = key.str();
        e.name = reader.string(entry, "name", where, true);
        e.effects = reader.strings(entry, "effects");
        e.source = reader.string(entry, "source", where, false);
        e.severity = reader.string(entry, "severity", where, false);
        e.roll_again = reader.boolean(entry, "roll_again");
        for (auto [field, into] : {std::pair{"attacker", &e.attacker}, std::pair{"defender", &e.defender}}) {
            *into = reader.string(entry, field, where, false);
            if (entry.get(field) != nullptr && !core::status_word(*into)) {
                reader.fail(entry.get(field)->source(),
                            where + " " + field + " '" + *into + "': the status this result gives the " + field +
                                "'s units, one word of letters, digits and '-' (e.g. eliminated, retreated)");
            }
        }
        if (!e.severity.empty() && std::find(std::begin(core::k_severities), std::end(core::k_severities),
                                             e.severity) == std::end(core::k_severities)) {
            reader.fail(entry.get("severity")->source(),
                        where + " severity '" + e.severity + "' is not one of none, light, heavy, severe");
        }
        if (const toml::node* sides = entry.get("by_side")) {
            for (auto&& [side, effects] : reader.table(*sides, "by_side")) {
                const toml::array* array = effects.as_array();
                if (array == nullptr) {
                    reader.fail(effects.source(),
                                "by_side." + std::string(side.str()) + " must be an array of strings");
                }
                core::SideEffects s{std::string(side.str()), {}};
                for (const auto& item : *array) {
                    s.effects.push_back(reader.string(item, side.str()));
                }
                e.by_side.push_back(std::move(s));
            }
        }
        t.legend.push_back(std::move(e));
    }
}

void read_modifiers(const Reader& reader, const toml::table& doc, core::Table& t)
{
    const toml::node* node = doc.get("mod");
    if (node == nullptr) {
        return;
    }
    const toml::array* array = node->as_array();
    if (array == nullptr || !array->is_array_of_tables()) {
        reader.fail(node->source(), "'mod' must be [[mod]] tables");
    }
    for (const auto& item : *array) {
        const toml::table& m = *item.as_table();
        reader.check_keys(
            m, {"name", "value", "per", "min", "max", "description", "source", "one_of", "at_most_one_of"}, "[[mod]]");
        core::CheckModifier mod;
        const toml::node* name = reader.required(m, "name", "[[mod]]");
        mod.name = reader.string(*name, "name");
        reader.check_name_length(name->source(), mod.name, "modifier name");
        if (mod.name.empty() || mod.name.find('=') != std::string::npos || parse_int(mod.name, -1000000, 1000000)) {
            reader.fail(name->source(), "modifier name '" + mod.name + "' must be a word, not a number, with no '='");
        }
        if (t.find_modifier(mod.name) != nullptr) {
            reader.fail(name->source(), "modifier '" + mod.name + "' appears twice");
        }
        mod.value = static_cast<int>(reader.integer(*reader.required(m, "value", "[[mod]]"), "value", -100, 100));
        mod.description = reader.string(m, "description", "[[mod]]", true);
        mod.source = reader.string(m, "source", "[[mod]]", false);
        mod.one_of = reader.string(m, "one_of", "[[mod]]", false);
        mod.at_most_one_of = reader.string(m, "at_most_one_of", "[[mod]]", false);
        if (!mod.one_of.empty() && !mod.at_most_one_of.empty()) {
            reader.fail(m.get("at_most_one_of")->source(),
                        "modifier '" + mod.name + "' has one_of and at_most_one_of; give one group");
        }
        if (const toml::node* per = m.get("per")) {
            mod.per = static_cast<int>(reader.integer(*per, "per", 1, 1000));
            mod.max = 1000;
        }
        if (const toml::node* lo = m.get("min")) {
            mod.min = static_cast<int>(reader.integer(*lo, "min", -1000, 1000));
        }
        if (const toml::node* hi = m.get("max")) {
            mod.max = static_cast<int>(reader.integer(*hi, "max", mod.min, 1000));
        }
        if (mod.per == 0 && (m.get("min") != nullptr || m.get("max") != nullptr)) {
            reader.fail(item.source(), "'min' and 'max' bound a count: give 'per' too (1 counts singly)");
        }
        t.modifiers.push_back(std::move(mod));
    }
}

// [[shift]]: a CRT's named column shifts, each a word, the columns it moves (-20 to 20, not
// 0), when it applies and its rule.
void read_shifts(const Reader& reader, const toml::table& doc, core::Table& t)
{
    const toml::node* node = doc.get("shift");
    if (node == nullptr) {
        return;
    }
    const toml::array* array = node->as_array();
    if (array == nullptr || !array->is_array_of_tables()) {
        reader.fail(node->source(), "'shift' must be [[shift]] tables");
    }
    for (const auto& item : *array) {
        const toml::table& m = *item.as_table();
        reader.check_keys(m, {"name", "columns", "kind", "description", "source"}, "[[shift]]");
        core::ShiftRule shift;
        const toml::node* name = reader.required(m, "name", "[[shift]]");
        shift.name = reader.string(*name, "name");
        reader.check_name_length(name->source(), shift.name, "shift name");
        if (shift.name.empty() || shift.name.find('=') != std::string::npos ||
            parse_int(shift.name, -1000000, 1000000)) {
            reader.fail(name->source(), "shift name '" + shift.name + "' must be a word, not a number, with no '='");
        }
        if (t.find_shift(shift.name) != nullptr) {
            reader.fail(name->source(), "shift '" + shift.name + "' appears twice");
        }
        const toml::node* columns = reader.required(m, "columns", "[[shift]]");
        shift.columns = static_cast<int>(reader.integer(*columns, "columns", -20, 20));
        if (shift.columns == 0) {
            reader.fail(columns->source(), "'columns' is 0; a shift moves the odds -20 to 20 columns, not 0");
        }
        if (const toml::node* kind = m.get("kind")) {
            const std::string k = reader.string(*kind, "kind");
            if (k != "odds" && k != "read") {
                reader.fail(kind->source(), "shift kind '" + k +
                                                "' is not one of odds (moves the odds, before the edges are "
                                                "checked) or read (the column read, once the odds are final)");
            }
            shift.read = k == "read";
        }
        shift.description = reader.string(m, "description", "[[shift]]", true);
        shift.source = reader.string(m, "source", "[[shift]]", false);
        t.shifts.push_back(std::move(shift));
    }
}

void read_columns(const Reader& reader, const toml::table& doc, core::Table& t)
{
    const toml::node* node = doc.get("columns");
    if (node == nullptr) {
        return;
    }
    const toml::table& cols = reader.table(*node, "columns");
    reader.check_keys(cols, {"kind", "title", "keys", "below", "above"}, "[columns]");
    std::string kind = reader.choice(cols, "kind", "[columns]", {"differential", "ratio", "label"}, "");
    t.column_kind = kind == "differential" ? core::ColumnKind::differential
                    : kind == "ratio"      ? core::ColumnKind::ratio
                                           : core::ColumnKind::label;
    t.column_title = reader.string(cols, "title", "[columns]", false);
    const toml::node* keys = reader.required(cols, "keys", "[columns]");
    const toml::array* array = keys->as_array();
    if (array == nullptr || array->empty()) {
        reader.fail(keys->source(), "'keys' must be a non-empty array");
    }
    std::unordered_set<std::string> names;  // label keys met, lower-cased: a duplicate found by a hash
    for (const auto& item : *array) {
        if (t.column_kind == core::ColumnKind::differential) {
            int v = static_cast<int>(reader.integer(item, "keys", -1000000, 1000000));
            if (!t.column_values.empty() && v <= t.column_values.back()) {
                reader.fail(item.source(),
                            "column " + signed_number(v) +
                                (std::find(t.column_values.begin(), t.column_values.end(), v) != t.column_values.end()
                                     ? " appears twice"
                                     : " is out of order; differential columns run from low to high"));
            }
            t.column_values.push_back(v);
            t.columns.push_back(signed_number(v));
        } else if (t.column_kind == core::ColumnKind::ratio) {
            std::string k = reader.string(item, "keys");
            auto ratio = core::parse_ratio(k);
            if (!ratio) {
                reader.fail(item.source(), ratio.error());
            }
            if (!t.column_ratios.empty()) {
                const auto& prev = t.column_ratios.back();
                if (ratio->attack * prev.defense <= prev.attack * ratio->defense) {
                    const bool again = std::any_of(t.column_ratios.begin(), t.column_ratios.end(), [&](const auto& r) {
                        return ratio->attack * r.defense == r.attack * ratio->defense;
                    });
                    reader.fail(item.source(), "column " + k +
                                                   (again ? " appears twice (as odds)"
                                                          : " is out of order; odds columns run from low to high"));
                }
            }
            t.column_ratios.push_back(*ratio);
            t.columns.push_back(k);
        } else {
            std::string k = reader.string(item, "keys");
            if (!names.insert(to_lower(k)).second) {
                reader.fail(item.source(), "column '" + k + "' appears twice");
            }
            t.columns.push_back(k);
        }
    }
    if (t.column_kind == core::ColumnKind::label) {
        for (const char* edge : {"below", "above"}) {
            if (const toml::node* n = cols.get(edge)) {
                reader.fail(n->source(), "'" + std::string(edge) + "' applies only to differential and ratio columns");
            }
        }
        return;
    }
    t.clamp_below = reader.choice(cols, "below", "[columns]", {"clamp", "error"}, "error") == "clamp";
    t.clamp_above = reader.choice(cols, "above", "[columns]", {"clamp", "error"}, "error") == "clamp";
}

void read_rows(const Reader& reader, const toml::table& doc, core::Table& t)
{
    const toml::table& rows = reader.table(*reader.required(doc, "rows", "the table"), "rows");
    reader.check_keys(rows, {"kind", "title"}, "[rows]");
    std::string kind = reader.choice(rows, "kind", "[rows]", {"die", "range", "label"}, "");
    t.row_kind = kind == "die" ? core::RowKind::die : kind == "range" ? core::RowKind::range : core::RowKind::label;
    const bool die = t.row_kind == core::RowKind::die;
    const bool numbered = t.row_kind != core::RowKind::label;  // rows keyed by numbers
    t.row_title = reader.string(rows, "title", "[rows]", false);
    if (die && !t.dice) {
        reader.fail(rows.source(), "die rows need the table's 'dice', e.g. dice = \"1d6\"");
    }

    const toml::node* node = reader.required(doc, "row", "the table");
    const toml::array* array = node->as_array();
    if (array == nullptr || !array->is_array_of_tables() || array->empty()) {
        reader.fail(node->source(), "'row' must be one or more [[row]] tables");
    }
    const bool has_columns = t.column_kind != core::ColumnKind::none;
    const std::string key_name = die ? "die" : numbered ? "range" : "key";
    // Label keys met, lower-cased: a duplicate is found by a hash, not by comparing each
    // row with every row before it (20,000 rows, within the 1 MiB a file may be, took
    // 1.4 s to check, and as long on every call that read the table).
    std::unordered_set<std::string> keys_met;
    for (const auto& item : *array) {
        const toml::table& r = *item.as_table();
        reader.check_keys(r, {key_name, has_columns ? "cells" : "result"}, "[[row]]");
        core::TableRow row;
        const toml::node* key = reader.required(r, key_name, "[[row]]");
        if (numbered) {
            core::DieRange range;
            if (key->is_integer()) {
                int v = static_cast<int>(reader.integer(*key, key_name, -1000000, 1000000));
                range = {v, v};
            } else {
                auto parsed = core::parse_die_range(reader.string(*key, key_name));
                if (!parsed) {
                    reader.fail(key->source(), parsed.error());
                }
                range = *parsed;
            }
            row.lo = range.lo;
            row.hi = range.hi;
            row.key = core::die_range_text(range);
            if (die) {
                if (const std::string problem = core::die_row_problem(t, range); !problem.empty()) {
                    reader.fail(key->source(), problem);
                }
            }
            if (!t.rows.empty()) {
                const auto& prev = t.rows.back();
                if (range.lo <= prev.hi) {
                    reader.fail(key->source(), "row " + row.key + " overlaps or comes before row " + prev.key +
                                                   "; numbered rows run from low to high");
                }
                if (prev.hi == core::k_open_high || range.lo > prev.hi + 1) {
                    reader.fail(key->source(), "rows leave a gap between " + prev.key + " and " + row.key);
                }
            }
        } else {
            row.key = reader.string(*key, "key");
            if (!keys_met.insert(to_lower(row.key)).second) {
                reader.fail(key->source(), "row '" + row.key + "' appears twice");
            }
        }
        if (has_columns) {
            const toml::node* cells = reader.required(r, "cells", "[[row]]");
            const toml::array* list = cells->as_array();
            if (list == nullptr || list->size() != t.columns.size()) {
                reader.fail(cells->source(), "row " + row.key + " must have " + std::to_string(t.columns.size()) +
                                                 " cells, one per column");
            }
            for (const auto& c : *list) {
                row.cells.push_back(reader.string(c, "cells"));
                check_cell(reader, t, c, row.cells.back(), row);
            }
        } else {
            const toml::node* result = reader.required(r, "result", "[[row]]");
            row.cells.push_back(reader.string(*result, "result"));
            check_cell(reader, t, *result, row.cells.back(), row);
        }
        t.rows.push_back(std::move(row));
    }
    if (die) {
        const auto& first = t.rows.front();
        const auto& last = t.rows.back();
        if (first.lo > t.dice->min()) {
            reader.fail(node->source(), "rows start at " + first.key + " but " + t.dice->label() + " can roll " +
                                            std::to_string(t.dice->min()));
        }
        if (last.hi < t.dice->max()) {
            reader.fail(node->source(), "rows end at " + last.key + " but " + t.dice->label() + " can roll " +
                                            std::to_string(t.dice->max()));
        }
        const bool modified = !t.modifier.empty() || !t.modifiers.empty();
        if (modified && (first.lo != core::k_open_low || last.hi != core::k_open_high)) {
            reader.fail(node->source(), "a table with modifiers must open its first row "
                                        "(\"..N\") and its last (\"N..\") so every total is read");
        }
    }
}

}  // namespace

std::string toml_string(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

core::Table parse_table(std::string_view text, std::string_view source_name, std::string_view expected_id)
{
    Reader reader(source_name);
    toml::table doc = reader.parse(text);
    reader.check_keys(doc,
                      {"id", "title", "game", "source", "dice", "modifier", "provisional", "notes", "cells", "rows",
                       "columns", "row", "legend", "constants", "mod", "shift", "roll_again_limit"},
                      "the table");
    core::Table t;
    t.origin = visible(source_name);  // printed: a path from a folder listed can hold any byte
    t.id = reader.string(doc, "id", "the table", true);
    check_id(reader, doc, t.id, expected_id);
    t.title = reader.string(doc, "title", "the table", true);
    t.game = reader.string(doc, "game", "the table", true);
    t.source = reader.string(doc, "source", "the table", true);
    if (const toml::node* dice = doc.get("dice")) {
        auto spec = core::parse_dice(reader.string(*dice, "dice"));
        if (!spec) {
            reader.fail(dice->source(), spec.error());
        }
        t.dice = *spec;
    }
    t.modifier = reader.string(doc, "modifier", "the table", false);
    t.provisional = reader.boolean(doc, "provisional");
    t.notes = reader.strings(doc, "notes");
    if (t.provisional && t.notes.empty()) {
        reader.fail(doc.get("provisional")->source(),
                    "a provisional table needs 'notes' naming the chart it stands in for");
    }
    std::string cells = reader.choice(doc, "cells", "the table", {"code", "number", "range"}, "code");
    t.cell_kind = cells == "code"     ? core::CellKind::code
                  : cells == "number" ? core::CellKind::number
                                      : core::CellKind::range;
    if (const toml::node* node = doc.get("constants")) {
        for (auto&& [key, value] : reader.table(*node, "constants")) {
            t.constants.emplace_back(std::string(key.str()),
                                     static_cast<int>(reader.integer(value, key.str(), -1000000, 1000000)));
        }
    }
    read_legend(reader, doc, t);
    // A result that says "roll again" rolls again how many times at most: the table says,
    // as its rules do (a chart that could roll forever has no exact odds).
    const bool again = std::any_of(t.legend.begin(), t.legend.end(), [](const auto& e) { return e.roll_again; });
    if (const toml::node* limit = doc.get("roll_again_limit")) {
        if (!again) {
            reader.fail(limit->source(), "roll_again_limit, but no [legend.CODE] has roll_again = true");
        }
        t.roll_again_limit = static_cast<int>(reader.integer(*limit, "roll_again_limit", 1, 5));
    } else if (again) {
        reader.fail(doc.get("legend")->source(),
                    "a result rolls again (roll_again = true): say how many times at most with roll_again_limit = N "
                    "(1 to 5), as the table's rules do");
    }
    read_modifiers(reader, doc, t);
    read_columns(reader, doc, t);
    read_shifts(reader, doc, t);
    if (!t.shifts.empty() && t.column_kind != core::ColumnKind::ratio &&
        t.column_kind != core::ColumnKind::differential) {
        reader.fail(doc.get("shift")->source(), "[[shift]] moves odds or differential columns; this table has none");
    }
    // A table of constants only (numbers procedures read, each cited) has no rows.
    const bool constants_only = !t.constants.empty() && doc.get("rows") == nullptr && doc.get("row") == nullptr &&
                                doc.get("columns") == nullptr;
    if (!constants_only) {
        read_rows(reader, doc, t);
    }
    // Legend in the order codes first appear in the cells (toml++ sorts keys), so a chart
    // reads as printed; codes no cell uses come last.
    auto first_use = [&t](const core::LegendEntry& e) {
        size_t n = 0;
        for (const auto& row : t.rows) {
            for (const auto& cell : row.cells) {
                if (cell == e.code || (e.code == "*" && cell.ends_with("*"))) {
                    return n;
                }
                ++n;
            }
        }
        return n;
    };
    std::stable_sort(t.legend.begin(), t.legend.end(),
                     [&](const auto& a, const auto& b) { return first_use(a) < first_use(b); });
    return t;
}

namespace {

core::CounterFace read_face(const Reader& reader, const toml::node& node, const std::string& where)
{
    const toml::table& face = reader.table(node, where);
    reader.check_keys(face, {"melee", "ram", "ram_defense", "movement"}, where);
    core::CounterFace f;
    f.melee = static_cast<int>(reader.integer(*reader.required(face, "melee", where), "melee", 0, 99));
    f.ram = static_cast<int>(reader.integer(*reader.required(face, "ram", where), "ram", 0, 99));
    const toml::node* defense = reader.required(face, "ram_defense", where);
    std::string letter = reader.string(*defense, "ram_defense");
    if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'D') {
        reader.fail(defense->source(), "'ram_defense' is '" + letter + "'; allowed A, B, C, D");
    }
    f.ram_defense = letter[0];
    f.movement = reader.string(face, "movement", where, false);
    return f;
}

}  // namespace

core::Scenario parse_scenario(std::string_view text, std::string_view source_name, std::string_view expected_id)
{
    Reader reader(source_name);
    toml::table doc = reader.parse(text);
    reader.check_keys(
        doc, {"id", "title", "game", "source", "sides", "wind", "unit", "start", "supply", "turn_record_track"},
        "the scenario");
    core::Scenario s;
    s.origin = visible(source_name);
    s.id = reader.string(doc, "id", "the scenario", true);
    check_id(reader, doc, s.id, expected_id);
    s.title = reader.string(doc, "title", "the scenario", true);
    s.game = reader.string(doc, "game", "the scenario", true);
    if (trimmed(s.game).empty()) {
        reader.fail(doc.get("game")->source(),
                    "'game' is empty; name the game the scenario is for: one of umpire's "
                    "as its rules title it (\"Constantinople\") or your own (\"Border War\")");
    }
    // One of umpire's games named by its id, as the command line names it ("russian-portfolio"),
    // or by its title in another case, is that game: its title, as the rules print it.
    for (const auto& id : core::game_ids()) {
        const core::GameRules* rules = core::find_game_rules(id);
        if (iequals(trimmed(s.game), id) || iequals(trimmed(s.game), rules->title)) {
            s.game = rules->title;
        }
    }
    s.source = reader.string(doc, "source", "the scenario", true);
    s.sides = reader.strings(doc, "sides");
    for (size_t i = 0; i < s.sides.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (iequals(s.sides[i], s.sides[j])) {
                reader.fail(doc.get("sides")->as_array()->get(i)->source(),
                            "side '" + s.sides[i] + "' appears twice in 'sides'");
            }
        }
    }
    s.start = reader.string(doc, "start", "the scenario", false);
    if (const toml::node* node = doc.get("turn_record_track")) {
        // each game-turn's month, as jun41; a turn moves it on by one month at most
        s.track = reader.strings(doc, "turn_record_track");
        for (size_t i = 0; i < s.track.size(); ++i) {
            const std::string month = core::month_key(s.track[i]);
            if (month.empty()) {
                reader.fail(node->source(), "turn_record_track: '" + s.track[i] +
                                                "' is no month: as jun41, oct41, mar42 (Russian Portfolio V)");
            }
            s.track[i] = month;
            if (i > 0 && !core::month_steps_ok(s.track[i - 1], month)) {
                reader.fail(node->source(), "turn_record_track: game-turn " + std::to_string(i + 1) + "'s " + month +
                                                " after " + s.track[i - 1] +
                                                ": a turn keeps the month or moves it on by one");
            }
        }
    }
    if (const toml::node* node = doc.get("supply")) {
        for (auto&& [side, quality] : reader.table(*node, "supply")) {
            std::string name(side.str());
            if (std::find(s.sides.begin(), s.sides.end(), name) == s.sides.end()) {
                reader.fail(side.source(), "supply for '" + name +
                                               "', which is not one of the "
                                               "scenario's sides: " +
                                               join(s.sides, ", "));
            }
            s.supply.emplace_back(name, reader.string(quality, name));
        }
    }
    if (const toml::node* node = doc.get("wind")) {
        const toml::table& wind = reader.table(*node, "wind");
        reader.check_keys(wind, {"from", "velocity", "source"}, "[wind]");
        core::StartingWind w;
        const toml::node* from = reader.required(wind, "from", "[wind]");
        w.from = reader.string(*from, "from");
        if (core::compass_opposite(w.from).empty()) {
            reader.fail(from->source(), "'from' is '" + w.from + "'; allowed N, NE, SE, S, SW, NW");
        }
        w.velocity = static_cast<int>(reader.integer(*reader.required(wind, "velocity", "[wind]"), "velocity", 0, 99));
        w.source = reader.string(wind, "source", "[wind]", false);
        s.wind = w;
    }
    if (const toml::node* node = doc.get("unit")) {
        const toml::array* array = node->as_array();
        if (array == nullptr || !array->is_array_of_tables()) {
            reader.fail(node->source(), "'unit' must be [[unit]] tables");
        }
        for (const auto& item : *array) {
            const toml::table& u = *item.as_table();
            reader.check_keys(u,
                              {"name", "side", "type", "front", "back", "note", "quality", "rally", "morale", "stands",
                               "block", "block_reduced", "factors", "dispersed", "arrives"},
                              "[[unit]]");
            core::Unit unit;
            const toml::node* name = reader.required(u, "name", "[[unit]]");
            unit.name = reader.string(*name, "name");
            if (unit.name.empty() || unit.name.find(':') != std::string::npos ||
                parse_int(unit.name, -1000000, 1000000)) {
                reader.fail(name->source(),
                            "unit name '" + unit.name + "' must be non-empty, not a number, and hold no ':'");
            }
            if (iequals(unit.name, "clock")) {  // game set FILE clock KEY=VALUE sets the clock
                reader.fail(name->source(),
                            "unit name '" + unit.name +
                                "': 'clock' names the game's clock to game set; call the unit otherwise");
            }
            if (const std::string_view hidden = invisible_in(unit.name); !hidden.empty()) {
                reader.fail(name->source(), "unit name '" + visible(unit.name) + "' holds " + std::string(hidden) +
                                                ", which shows as nothing: two units would look the same");
            }
            if (!unit.name.empty() && trimmed(unit.name).empty()) {
                reader.fail(name->source(), "unit name '" + unit.name + "' is only spaces, which shows as nothing");
            }
            reader.check_name_length(name->source(), unit.name, "unit name");
            if (s.find_unit(unit.name) != nullptr) {
                reader.fail(name->source(), "unit '" + unit.name + "' appears twice");
            }
            const toml::node* side = reader.required(u, "side", "[[unit]]");
            unit.side = reader.string(*side, "side");
            if (std::find(s.sides.begin(), s.sides.end(), unit.side) == s.sides.end()) {
                reader.fail(side->source(), "side '" + unit.side + "' is not one of the scenario's sides" +
                                                (s.sides.empty() ? std::string(", which has none: add 'sides = [...]' "
                                                                               "at the top, naming each")
                                                                 : ": " + join(s.sides, ", ")));
            }
            unit.type = reader.string(u, "type", "[[unit]]", true);
            if (u.get("front") != nullptr || u.get("back") != nullptr) {
                unit.front = read_face(reader, *reader.required(u, "front", "[[unit]]"), "front");
                unit.back = read_face(reader, *reader.required(u, "back", "[[unit]]"), "back");
                unit.counter = true;
            }
            unit.note = reader.string(u, "note", "[[unit]]", false);
            unit.quality = reader.string(u, "quality", "[[unit]]", false);
            if (const toml::node* n = u.get("rally")) {
                unit.rally = static_cast<int>(reader.integer(*n, "rally", 1, 10));
            }
            if (const toml::node* n = u.get("morale")) {
                unit.morale = static_cast<int>(reader.integer(*n, "morale", 1, 10));
            }
            if (const toml::node* n = u.get("stands")) {
                unit.stands = static_cast<int>(reader.integer(*n, "stands", 1, 100));  // as every command takes
            }
            unit.block = reader.string(u, "block", "[[unit]]", false);
            unit.block_reduced = reader.string(u, "block_reduced", "[[unit]]", false);
            if (const toml::node* f = u.get("factors")) {
                // A land counter's factors: AF-DF-MF as printed (The Russian Portfolio, III; the
                // referee's own game alike), the kind as the type, so crt and resolve take the
                // unit by name.
                const std::string text = reader.string(*f, "factors");
                const auto parts = split(text, '-');
                core::LandFactors lf;
                std::vector<int*> into{&lf.attack, &lf.defense, &lf.movement};
                for (size_t i = 0; i < parts.size() && parts.size() == into.size(); ++i) {
                    const auto n = parse_int(parts[i], 0, 99);  // two digits on a counter
                    *into[i] = n ? static_cast<int>(*n) : -1;
                }
                if (parts.size() != into.size() || lf.attack < 0 || lf.defense < 0 || lf.movement < 0) {
                    reader.fail(f->source(),
                                "'factors' is '" + text +
                                    "'; write the counter's attack, defense and movement factors "
                                    "as printed, e.g. \"4-4-3\" (each 0 to 99" +
                                    std::string(iequals(s.game, "The Russian Portfolio") ? ", III)" : ")"));
                }
                // The Russian Portfolio's kinds (X.B, XIII.C); another game's are its own.
                const auto& kinds = core::land_unit_kinds();
                if (iequals(s.game, "The Russian Portfolio") &&
                    std::find(kinds.begin(), kinds.end(), unit.type) == kinds.end()) {
                    reader.fail(u.get("type")->source(), "a unit with factors is a land unit: its type '" + unit.type +
                                                             "' must be one of " + join(kinds, ", ") +
                                                             " (X.B, XIII.C)");
                }
                unit.factors = lf;
            }
            unit.dispersed = reader.boolean(u, "dispersed");
            if (unit.dispersed && !unit.factors) {
                reader.fail(u.get("dispersed")->source(),
                            "'dispersed' marks a Russian Portfolio counter that starts Dispersed (XVI.C.1.b); give "
                            "its 'factors' too");
            }
            if (const toml::node* n = u.get("arrives")) {
                // Read by a Constantinople game file only (19.1); another game would not hold to it.
                if (!iequals(s.game, "Constantinople")) {
                    reader.fail(n->source(), "'arrives' holds a ship back until a Game-Turn in a Constantinople game "
                                             "(19.1); this scenario's game is '" +
                                                 s.game + "'");
                }
                unit.arrives = static_cast<int>(reader.integer(*n, "arrives", 1, core::k_max_clock));
            }
            s.units.push_back(std::move(unit));
        }
    }
    return s;
}

core::WeatherState parse_state(std::string_view text, std::string_view source_name)
{
    Reader reader(source_name);
    toml::table doc = reader.parse(text);
    reader.check_keys(doc, {"game", "day", "phase", "started", "dense_fog_used", "flood_days", "last"},
                      "the game state");
    core::WeatherState state;
    const toml::node* game = reader.required(doc, "game", "the game state");
    if (reader.string(*game, "game") != "novorossiysk") {
        reader.fail(game->source(),
                    "'game' is '" + reader.string(*game, "game") + "'; umpire keeps state for novorossiysk only");
    }
    state.day = static_cast<int>(
        reader.integer(*reader.required(doc, "day", "the game state"), "day", 1, core::k_novorossiysk_days));
    const toml::node* phase = reader.required(doc, "phase", "the game state");
    state.phase = reader.string(*phase, "phase");
    if (std::find(core::k_phases.begin(), core::k_phases.end(), state.phase) == core::k_phases.end()) {
        reader.fail(phase->source(), "'phase' is '" + state.phase + "'; allowed " + join(core::k_phases, ", "));
    }
    state.started = reader.boolean(doc, "started");
    state.dense_fog_used = reader.strings(doc, "dense_fog_used");
    state.last = reader.strings(doc, "last");
    // Each value in range (DESIGN.md 12): a zone that had Dense Fog, or "all"; the last phase's
    // weather as "ZONE=CODE" or "CODE", N1's weather codes.
    auto at = [&](const char* key, size_t i) { return doc.get(key)->as_array()->get(i)->source(); };
    for (size_t i = 0; i < state.dense_fog_used.size(); ++i) {
        const std::string& zone = state.dense_fog_used[i];
        if (zone != "all" && !contains(core::k_weather_zones, zone)) {
            reader.fail(at("dense_fog_used", i),
                        "'dense_fog_used' holds '" + zone + "'; allowed all, " + join(core::k_weather_zones, ", "));
        }
    }
    for (size_t i = 0; i < state.last.size(); ++i) {
        const std::string& last = state.last[i];
        const size_t eq = last.find('=');
        const std::string code = eq == std::string::npos ? last : last.substr(eq + 1);
        const bool zone_ok = eq == std::string::npos || contains(core::k_weather_zones, last.substr(0, eq));
        if (!zone_ok || !contains(core::k_weather_codes, code)) {
            reader.fail(at("last", i), "'last' holds '" + last + "'; a phase's weather is ZONE=CODE or CODE (zones " +
                                           join(core::k_weather_zones, ", ") + "; codes " +
                                           join(core::k_weather_codes, ", ") + ")");
        }
    }
    if (const toml::node* days = doc.get("flood_days")) {
        const toml::array* array = days->as_array();
        if (array == nullptr) {
            reader.fail(days->source(), "'flood_days' must be an array of days");
        }
        for (const auto& d : *array) {
            state.flood_days.push_back(
                static_cast<int>(reader.integer(d, "flood_days", 1, core::k_novorossiysk_days + 1)));
        }
    }
    return state;
}

core::DeckState parse_deck_state(std::string_view text, std::string_view source_name)
{
    Reader reader(source_name);
    toml::table doc = reader.parse(text);
    reader.check_keys(doc, {"game", "deck", "hand"}, "the activation deck");
    const toml::node* game = reader.required(doc, "game", "the activation deck");
    if (reader.string(*game, "game") != "great-battles") {
        reader.fail(game->source(), "'game' is '" + reader.string(*game, "game") +
                                        "'; an activation deck file is for great-battles (Drop Zone rules)");
    }
    core::DeckState state;
    std::vector<std::string> seen;
    auto card = [&](const toml::node& node, std::string_view key) {
        auto c = core::parse_card(reader.string(node, key));
        if (!c) {
            reader.fail(node.source(), c.error());
        }
        if (std::find(seen.begin(), seen.end(), *c) != seen.end()) {
            reader.fail(node.source(), "card " + *c + " appears twice in the deck file");
        }
        seen.push_back(*c);
        return *c;
    };
    if (const toml::node* deck = doc.get("deck")) {
        const toml::array* array = deck->as_array();
        if (array == nullptr) {
            reader.fail(deck->source(), "'deck' must be an array of cards");
        }
        for (const auto& item : *array) {
            state.deck.push_back(card(item, "deck"));
        }
    }
    if (const toml::node* hands = doc.get("hand")) {
        const toml::array* array = hands->as_array();
        if (array == nullptr) {
            reader.fail(hands->source(), "'hand' must be an array of tables ([[hand]])");
        }
        for (const auto& item : *array) {
            const toml::table& t = reader.table(item, "hand");
            reader.check_keys(t, {"side", "cards"}, "a hand");
            const toml::node* side = reader.required(t, "side", "a hand");
            auto name = core::parse_deck_side(reader.string(*side, "side"));
            if (!name) {
                reader.fail(side->source(), name.error());
            }
            for (const auto& h : state.hands) {
                if (h.side == *name) {
                    reader.fail(side->source(), "side '" + *name + "' has two hands");
                }
            }
            core::DeckHand hand{*name, {}};
            if (const toml::node* cards = t.get("cards")) {
                const toml::array* list = cards->as_array();
                if (list == nullptr) {
                    reader.fail(cards->source(), "'cards' must be an array of cards");
                }
                for (const auto& c : *list) {
                    hand.cards.push_back(card(c, "cards"));
                }
            }
            state.hands.push_back(std::move(hand));
        }
    }
    if (seen.size() != core::full_deck().deck.size()) {
        throw data_error(std::string(source_name) + ": the deck file holds " + std::to_string(seen.size()) +
                         " cards; the Activation Deck has " + std::to_string(core::full_deck().deck.size()) +
                         " (a deck without hearts), each in the deck or in one hand");
    }
    return state;
}

namespace {

// A status table's keys and values as text, in the file's order of keys (sorted).
core::StatusList status_of(const Reader& reader, const toml::table& t, const std::vector<std::string>& skip)
{
    core::StatusList out;
    for (const auto& [key, node] : t) {
        const std::string k(key.str());
        if (std::find(skip.begin(), skip.end(), k) != skip.end()) {
            continue;
        }
        if (const auto* b = node.as_boolean()) {
            out.emplace_back(k, b->get() ? "true" : "false");
        } else if (const auto* n = node.as_integer()) {
            out.emplace_back(k, std::to_string(n->get()));
        } else if (const auto* str = node.as_string()) {
            out.emplace_back(k, str->get());
        } else {
            reader.fail(node.source(), "'" + k + "' must be a number, true or false, or text");
        }
    }
    return out;
}

}  // namespace

core::GameState parse_game(std::string_view text, std::string_view source_name, const core::TableOf* table)
{
    Reader reader(source_name);
    toml::table doc = reader.parse(text);
    reader.check_keys(doc, {"umpire_game", "game", "scenario", "clock", "unit"}, "the game file");
    core::GameState g;
    const toml::node* version = reader.required(doc, "umpire_game", "the game file");
    reader.integer(*version, "umpire_game", 1, 1);
    g.game = reader.string(*reader.required(doc, "game", "the game file"), "game");
    if (core::find_game_rules(g.game) == nullptr) {
        reader.fail(doc.get("game")->source(),
                    "'game' is '" + g.game + "'; umpire keeps game files for " + join(core::game_ids(), ", "));
    }
    g.scenario = reader.string(*reader.required(doc, "scenario", "the game file"), "scenario");
    if (const toml::node* clock = doc.get("clock")) {
        g.clock = status_of(reader, reader.table(*clock, "clock"), {});
    }
    if (const toml::node* units = doc.get("unit")) {
        const toml::array* array = units->as_array();
        if (array == nullptr) {
            reader.fail(units->source(), "'unit' must be an array of tables ([[unit]])");
        }
        for (const auto& item : *array) {
            const toml::table& t = reader.table(item, "unit");
            core::GameUnit u;
            u.name = reader.string(*reader.required(t, "name", "a unit"), "name");
            if (g.find_unit(u.name) != nullptr) {
                reader.fail(item.source(), "unit '" + u.name + "' appears twice");
            }
            u.side = reader.string(t, "side", "a unit", false);
            u.status = status_of(reader, t, {"name", "side"});
            g.units.push_back(std::move(u));
        }
    }
    // Every value in range for its key and the unit (DESIGN.md 12): the first that is not,
    // at its line.
    if (auto problems = core::state_problems(g, table); !problems.empty()) {
        const core::StateProblem& p = problems.front();
        const toml::node* at = &doc;
        if (p.unit.empty()) {
            if (const toml::node* clock = doc.get("clock")) {
                at = clock;
            }
        } else if (const toml::array* units = doc.get("unit") ? doc.get("unit")->as_array() : nullptr) {
            for (const auto& item : *units) {
                const toml::table* t = item.as_table();
                if (t != nullptr && t->get("name") != nullptr && t->get("name")->value<std::string>() == p.unit) {
                    at = &item;
                }
            }
        }
        if (const toml::table* t = at->as_table(); t != nullptr && !p.key.empty() && t->get(p.key) != nullptr) {
            at = t->get(p.key);
        }
        reader.fail(at->source(), (p.unit.empty() ? std::string("the clock") : "unit '" + p.unit + "'") +
                                      (p.key.empty() ? "" : ": '" + p.key + "'") + ": " + p.message);
    }
    return g;
}

std::string table_id_in(std::string_view text)
{
    Reader reader("");
    try {
        const toml::table doc = reader.parse(text);
        if (const auto id = doc["id"].value<std::string>()) {
            return *id;
        }
    } catch (const Error&) {
        // no TOML: no id to read
    }
    return "";
}

Error error_at_key(std::string_view text, std::string_view source_name, std::string_view key,
                   const std::string& message)
{
    Reader reader(source_name);
    try {
        const toml::table doc = reader.parse(text);
        if (const toml::node* node = doc.at_path(key).node()) {
            return Error(ExitCode::data, reader.place(node->source()) + message, reader.excerpt(node->source()));
        }
    } catch (const Error&) {
        // Text that is no TOML has no key to point at: the file is named alone.
    }
    return data_error(std::string(source_name) + ": " + message);
}

}  // namespace umpire::load
