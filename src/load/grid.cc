#include "load/grid.h"

#include "load/loader.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <optional>

namespace umpire::load {

namespace {

[[noreturn]] void fail_at(std::string_view source, size_t line, size_t column, const std::string& message)
{
    throw data_error(std::string(source) + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message);
}

// The length of the UTF-8 sequence at TEXT[AT], 0 when it is not one.
size_t utf8_length(std::string_view text, size_t at)
{
    const auto c = static_cast<unsigned char>(text[at]);
    const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || at + n > text.size()) {
        return 0;
    }
    for (size_t i = 1; i < n; ++i) {
        if ((static_cast<unsigned char>(text[at + i]) >> 6) != 2) {
            return 0;
        }
    }
    return n;
}

// LINE split at commas (a cell may be "quoted", "" a quote in it) or at runs of spaces and tabs.
std::vector<GridCell> split_line(std::string_view line, size_t number, bool csv, std::string_view source)
{
    std::vector<GridCell> cells;
    size_t i = 0;
    if (!csv) {
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
                ++i;
            }
            const size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t') {
                ++i;
            }
            if (i > start) {
                cells.push_back({std::string(line.substr(start, i - start)), number, start + 1});
            }
        }
        return cells;
    }
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
            ++i;
        }
        GridCell cell{"", number, i + 1};
        if (i < line.size() && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                    cell.text += '"';
                    i += 2;
                } else if (line[i] == '"') {
                    ++i;
                    closed = true;
                    break;
                } else {
                    cell.text += line[i++];
                }
            }
            if (!closed) {
                fail_at(source, number, cell.column, "a quoted cell that is never closed");
            }
            while (i < line.size() && line[i] != ',') {
                ++i;
            }
        } else {
            const size_t end = std::min(line.find(',', i), line.size());
            cell.text = std::string(line.substr(i, end - i));
            i = end;
        }
        while (!cell.text.empty() && (cell.text.back() == ' ' || cell.text.back() == '\t')) {
            cell.text.pop_back();
        }
        if (cell.text.empty()) {
            fail_at(source, number, cell.column, std::string(k_empty_cell));
        }
        cells.push_back(std::move(cell));
        if (i >= line.size()) {
            break;
        }
        ++i;  // the comma
    }
    return cells;
}

// "2–4" (an en dash, as charts print it) written as "2-4" (core::parse_die_range reads both).
std::string plain_dashes(std::string text)
{
    for (const std::string dash : {"\u2013", "\u2212"}) {
        for (size_t at = text.find(dash); at != std::string::npos; at = text.find(dash, at)) {
            text.replace(at, dash.size(), "-");
        }
    }
    return text;
}

std::string ordinal(size_t n)
{
    return std::to_string(n) + (n % 100 >= 11 && n % 100 <= 13 ? "th"
                                : n % 10 == 1                  ? "st"
                                : n % 10 == 2                  ? "nd"
                                : n % 10 == 3                  ? "rd"
                                                               : "th");
}

// Whether the typed column key TYPED names the table's column AT.
bool same_column(const core::Table& t, size_t at, const std::string& typed)
{
    if (t.column_kind == core::ColumnKind::ratio) {
        const auto r = core::parse_ratio(typed);
        return r && *r == t.column_ratios[at];
    }
    if (t.column_kind == core::ColumnKind::differential) {
        const auto n = parse_int(typed, -1000000, 1000000);
        return n && *n == t.column_values[at];
    }
    return typed == t.columns[at];
}

// TEXT without its [[row]] tables; AT is where the first one began.
std::string without_rows(std::string_view text, size_t& at)
{
    std::string out;
    bool in_row = false;
    at = std::string::npos;
    for (const auto& line : split(text, '\n')) {
        std::string_view trimmed(line);
        while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\t')) {
            trimmed.remove_prefix(1);
        }
        if (trimmed.starts_with("[")) {
            in_row = trimmed.starts_with("[[row]]");
            if (in_row && at == std::string::npos) {
                at = out.size();
            }
        }
        if (!in_row) {
            out += line + "\n";
        }
    }
    while (out.size() > 1 && out.ends_with("\n\n")) {
        out.pop_back();
    }
    return out;
}

}  // namespace

std::vector<std::vector<GridCell>> parse_grid(std::string_view text, std::string_view source)
{
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3);  // a byte-order mark, as spreadsheets write one
    }
    std::vector<std::vector<GridCell>> rows;
    std::optional<bool> csv;
    size_t number = 0;
    for (size_t start = 0; start < text.size();) {
        size_t end = text.find('\n', start);
        end = end == std::string_view::npos ? text.size() : end;
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        if (line.ends_with('\r')) {
            line.remove_suffix(1);
        }
        for (size_t i = 0; i < line.size();) {
            const auto c = static_cast<unsigned char>(line[i]);
            if (c == 0) {
                fail_at(source, number, i + 1, "a NUL byte: this is a binary file, not a chart typed as text");
            }
            if (c != '\t' && find_control(line.substr(i, 3)) == 0) {
                fail_at(source, number, i + 1,
                        "the control character " + code_point_text(control_at(line.substr(i)).code) +
                            "; a chart is text, cells separated by commas, spaces or tabs");
            }
            const size_t n = utf8_length(line, i);
            if (n == 0) {
                fail_at(source, number, i + 1, "not UTF-8 text (a binary file, or another encoding)");
            }
            i += n;
        }
        const size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] == '#') {
            continue;
        }
        if (!csv) {
            csv = line.find(',') != std::string_view::npos;
        }
        rows.push_back(split_line(line, number, *csv, source));
    }
    if (rows.empty()) {
        throw data_error(std::string(source) + ": no chart in it: a header row of columns, then a row per result");
    }
    return rows;
}

std::string import_grid(const core::Table& t, std::string_view table_text,
                        const std::vector<std::vector<GridCell>>& grid, std::string_view source)
{
    const bool has_columns = t.column_kind != core::ColumnKind::none;
    const size_t width = has_columns ? t.columns.size() : 1;
    std::vector<std::string> row_keys;
    for (const auto& r : t.rows) {
        row_keys.push_back(r.key);
    }
    // A row key as the table's rows take it: a die range, or one of its labels.
    auto key_problem = [&](const std::string& key) -> std::string {
        if (t.row_kind == core::RowKind::label) {
            return contains(row_keys, key) ? ""
                                           : "'" + key + "' is no row of " + t.id + suggestion(key, row_keys) +
                                                 "; rows: " + join(row_keys, ", ");
        }
        const auto range = core::parse_die_range(key);
        return range ? "" : "'" + key + "': " + range.error();
    };
    size_t first = 0;
    const auto& head = grid.front();
    if (has_columns) {
        // The header: the columns, after a corner cell over the row keys when there is one (one
        // cell too many, or a first cell that is no column of the table's kind: "die").
        const std::string& corner = head.front().text;
        const bool column_like = t.column_kind == core::ColumnKind::ratio ? static_cast<bool>(core::parse_ratio(corner))
                                 : t.column_kind == core::ColumnKind::differential
                                     ? static_cast<bool>(parse_int(corner, -1000000, 1000000))
                                     : contains(t.columns, corner);
        const size_t skip = head.size() == width + 1 || !column_like ? 1 : 0;
        if (head.size() - skip != width) {
            fail_at(source, head.front().line, head.front().column,
                    "the header names " + std::to_string(head.size() - skip) + " columns, but " + t.id + " has " +
                        std::to_string(width) + ": " + join(t.columns, " "));
        }
        for (size_t c = 0; c < width; ++c) {
            const GridCell& cell = head[c + skip];
            if (same_column(t, c, cell.text)) {
                continue;
            }
            for (size_t other = 0; other < c; ++other) {
                if (same_column(t, other, cell.text) || head[other + skip].text == cell.text) {
                    fail_at(source, cell.line, cell.column,
                            "column '" + cell.text + "' again (it is the " + ordinal(other + 1) + " already)");
                }
            }
            fail_at(source, cell.line, cell.column,
                    "the " + ordinal(c + 1) + " column is '" + cell.text + "', but " + t.id + "'s " + ordinal(c + 1) +
                        " is '" + t.columns[c] + "'; its columns, in order: " + join(t.columns, " "));
        }
        first = 1;
    } else if (!key_problem(head.front().text).empty()) {
        first = 1;  // a single-result table: a header line over the keys and results
    }
    if (first >= grid.size()) {
        throw data_error(std::string(source) + ": a header but no rows");
    }
    std::vector<std::string> blocks;
    std::optional<core::DieRange> last;
    std::vector<std::string> seen;
    for (size_t i = first; i < grid.size(); ++i) {
        const auto& row = grid[i];
        const GridCell& key = row.front();
        if (row.size() != width + 1) {
            fail_at(source, key.line, row.back().column,
                    std::to_string(row.size()) + " cells, but a row is its " +
                        (t.row_kind == core::RowKind::label ? "label" : "die result") + " and " +
                        std::to_string(width) + (has_columns ? " cells, one per column" : " result"));
        }
        if (const std::string problem = key_problem(key.text); !problem.empty()) {
            fail_at(source, key.line, key.column, problem);
        }
        std::string key_text = t.row_kind == core::RowKind::label ? key.text : plain_dashes(key.text);
        if (t.row_kind != core::RowKind::label && key_text.ends_with("+")) {
            key_text.back() = '.';  // "6+" as printed: 6.. in the table
            key_text += '.';
        }
        if (t.row_kind == core::RowKind::label) {
            if (contains(seen, key_text)) {
                fail_at(source, key.line, key.column, "row '" + key_text + "' again");
            }
            seen.push_back(key_text);
        } else {
            const core::DieRange range = *core::parse_die_range(key_text);
            if (t.row_kind == core::RowKind::die) {
                if (const std::string problem = core::die_row_problem(t, range); !problem.empty()) {
                    fail_at(source, key.line, key.column, problem);
                }
            }
            if (last && range.lo <= last->hi) {
                fail_at(source, key.line, key.column,
                        "row " + key_text + " overlaps or comes before " + die_range_text(*last) +
                            "; rows run from low to high, each result once");
            }
            if (last && last->hi != core::k_open_high && range.lo != last->hi + 1) {
                fail_at(source, key.line, key.column,
                        "a gap: no row for " + std::to_string(last->hi + 1) +
                            (range.lo - 1 > last->hi + 1 ? " to " + std::to_string(range.lo - 1) : "") + " between " +
                            die_range_text(*last) + " and " + key_text);
            }
            if (!last && t.dice && range.lo != core::k_open_low && range.lo > t.dice->min()) {
                fail_at(source, key.line, key.column,
                        "the first row is " + key_text + ", but " + t.dice->label() + " can roll " +
                            std::to_string(t.dice->min()));
            }
            last = range;
        }
        std::string block = "[[row]]\n" +
                            std::string(t.row_kind == core::RowKind::die     ? "die"
                                        : t.row_kind == core::RowKind::range ? "range"
                                                                             : "key") +
                            " = " + toml_string(key_text) + "\n";
        std::vector<std::string> cells;
        for (size_t c = 1; c < row.size(); ++c) {
            const GridCell& cell = row[c];
            const bool code = std::any_of(t.legend.begin(), t.legend.end(),
                                          [&](const core::LegendEntry& e) { return e.code == cell.text; });
            bool fits = code;
            if (t.cell_kind == core::CellKind::number) {
                fits = fits || static_cast<bool>(parse_int(cell.text, -1000000, 1000000));
            } else if (t.cell_kind == core::CellKind::range) {
                fits = static_cast<bool>(core::parse_range_cell(plain_dashes(cell.text)));
            }
            if (!fits) {
                std::vector<std::string> codes;
                for (const auto& e : t.legend) {
                    codes.push_back(e.code);
                }
                fail_at(source, cell.line, cell.column,
                        "'" + cell.text + "' is no result of " + t.id + suggestion(cell.text, codes) +
                            (t.cell_kind == core::CellKind::code ? "" : " (a number, or a code)") +
                            "; its codes: " + join(codes, " "));
            }
            cells.push_back(toml_string(t.cell_kind == core::CellKind::range ? plain_dashes(cell.text) : cell.text));
        }
        block += has_columns ? "cells = [" + join(cells, ", ") + "]\n" : "result = " + cells.front() + "\n";
        blocks.push_back(std::move(block));
    }
    const bool modified = !t.modifier.empty() || !t.modifiers.empty();
    if (t.row_kind == core::RowKind::die && modified && last) {
        // Modifiers move a total past the die's own: the loader's rule, said at the grid's row.
        const GridCell& opening = grid[first].front();
        if (core::parse_die_range(opening.text)->lo != core::k_open_low) {
            fail_at(source, opening.line, opening.column,
                    "the first row is " + opening.text + ", but " + t.id +
                        " has modifiers: open it (\"..N\") so every total below is read");
        }
        if (last->hi != core::k_open_high) {
            const GridCell& key = grid.back().front();
            fail_at(source, key.line, key.column,
                    "the last row is " + die_range_text(*last) + ", but " + t.id +
                        " has modifiers: open it (\"N..\", or \"N+\" as printed) so every total above is read");
        }
    }
    if (t.row_kind == core::RowKind::die && last && t.dice && last->hi != core::k_open_high &&
        last->hi < t.dice->max()) {
        const GridCell& key = grid.back().front();
        fail_at(source, key.line, key.column,
                "the last row is " + die_range_text(*last) + ", but " + t.dice->label() + " can roll " +
                    std::to_string(t.dice->max()));
    }
    if (t.row_kind == core::RowKind::label && seen.size() != row_keys.size()) {
        std::vector<std::string> missing;
        for (const auto& k : row_keys) {
            if (!contains(seen, k)) {
                missing.push_back(k);
            }
        }
        throw data_error(std::string(source) + ": no row for " + join(missing, ", ") + " of " + t.id +
                         " (each row the procedures read)");
    }
    // The comments heading the template speak of its cells (umpire's stand-in, or an earlier
    // import): the new file is headed by its own.
    while (table_text.starts_with("#")) {
        const size_t nl = table_text.find('\n');
        table_text.remove_prefix(nl == std::string_view::npos ? table_text.size() : nl + 1);
    }
    size_t at = 0;
    std::string out = without_rows(table_text, at);
    if (at == std::string::npos) {
        at = out.size();
    }
    std::string rows = "\n";
    for (const auto& b : blocks) {
        rows += b + "\n";
    }
    out.insert(at, rows);
    // The referee's chart: typed from the printed one, not umpire's stand-in.
    const std::string flag = "provisional = true";
    if (const size_t p = out.find("\n" + flag); p != std::string::npos) {
        out.replace(p + 1, flag.size(), "provisional = false");
    }
    return "# The referee's chart: rows typed from the printed one with 'umpire table import' (from " +
           std::string(source) + ").\n" + out;
}

}  // namespace umpire::load
