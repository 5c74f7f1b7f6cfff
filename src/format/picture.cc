#include "format/picture.h"

#include "format/text.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::format {

namespace {

// A line's label as a person reads it: "D  Damaged", "3", or "(not reported)".
std::string label(const std::string& value, const std::string& name)
{
    const bool named = !name.empty() && name != value;
    return value.empty() ? name : named ? value + "  " + name : value;
}

// "50.00%  1/2": the percentage and the exact fraction a bar is labelled with.
std::string bar_text(const core::Fraction& p) { return percent(p) + "  " + p.text(); }

// Inputs TEXT ("  key: value" lines, inputs_text) on one line: "attackers: 4, 4; defender: 5".
std::string inputs_line(const std::string& text)
{
    std::string out;
    for (const auto& line : split(text, '\n')) {
        const size_t at = line.find_first_not_of(' ');
        if (at != std::string::npos) {
            out += (out.empty() ? "" : "; ") + line.substr(at);
        }
    }
    return out;
}

// ": d6 3, d6 5 (given)": the dice of the roll just made, as the working names each.
std::string rolls_caption(const std::vector<core::RollRecord>& rolls)
{
    std::vector<std::string> each;
    for (const auto& roll : rolls) {
        each.push_back(core::roll_text(roll));
    }
    return each.empty() ? "" : ": " + join(each, ", ");
}

void strings(JsonWriter& w, std::string_view key, const std::vector<std::string>& values)
{
    w.key(key).begin_array();
    for (const auto& v : values) {
        w.value(v);
    }
    w.end_array();
}

std::string provisional_note(const std::vector<const core::OddsReport*>& reports)
{
    std::vector<std::string> notes;
    for (const auto* report : reports) {
        for (const auto& note : report->sample.provisional_notes) {
            if (!contains(notes, note)) {
                notes.push_back(note);
            }
        }
    }
    return join(notes, " ");
}

}  // namespace

std::string picture_description(std::string_view format, std::string_view paper, std::string_view title,
                                const std::function<void(JsonWriter&)>& items)
{
    JsonWriter w;
    w.begin_object().key("draw_version").value(1).key("format").value(format).key("paper").value(paper);
    w.key("title").value(title).key("items").begin_array();
    items(w);
    w.end_array().end_object();
    return std::move(w).str();
}

void table_picture(JsonWriter& w, const core::Table& t, std::optional<size_t> mark_row,
                   std::optional<size_t> mark_column)
{
    w.begin_object().key("kind").value("table").key("title").value(t.title);
    std::string heading = t.source + "   id: " + t.id + "   from: " + t.origin;
    if (t.dice) {
        heading += "   dice: " + t.dice->label() + (t.modifier.empty() ? "" : " + " + t.modifier);
    }
    w.key("heading").value(heading);
    w.key("provisional")
        .value(t.provisional ? (t.notes.empty() ? std::string("not the published chart") : t.notes[0]) : std::string());
    w.key("row_title").value(!t.row_title.empty() ? t.row_title : t.row_kind == core::RowKind::die ? "Die" : "");
    w.key("column_title").value(t.column_title);
    strings(w, "columns", t.columns);
    w.key("rows").begin_array();
    for (const auto& row : t.rows) {
        w.begin_object().key("key").value(row.key);
        strings(w, "cells", row.cells);
        w.end_object();
    }
    w.end_array();
    if (mark_row || mark_column) {
        // A table without columns has one: a row alone marks its cell.
        const size_t column = mark_column.value_or(0);
        if (mark_row && (mark_column || t.columns.empty())) {
            w.key("mark").begin_array().value(static_cast<long long>(*mark_row));
            w.value(static_cast<long long>(column)).end_array();
        }
    }
    w.key("legend").begin_array();
    for (const auto& e : t.legend) {
        w.begin_object().key("code").value(e.code);
        w.key("name").value(e.source.empty() ? e.name : e.name + "  (" + e.source + ")");
        strings(w, "lines", legend_lines(t, e));
        w.end_object();
    }
    w.end_array();
    std::vector<std::string> notes;
    for (const auto& [head, lines] : rule_lines(t)) {
        if (!head.empty()) {
            notes.push_back(head + ":");
        }
        for (const auto& line : lines) {
            // the text chart's columns are blanks, which a proportional font does not line up
            std::string spaced;
            for (size_t i = 0; i < line.size(); ++i) {
                const bool run = line[i] == ' ' && i + 1 < line.size() && line[i + 1] == ' ';
                if (run) {
                    while (i + 1 < line.size() && line[i + 1] == ' ') {
                        ++i;
                    }
                    spaced += "   ";
                } else {
                    spaced += line[i];
                }
            }
            notes.push_back(spaced);
        }
    }
    for (size_t i = t.provisional ? 1 : 0; i < t.notes.size(); ++i) {
        notes.push_back("note: " + t.notes[i]);
    }
    strings(w, "notes", notes);
    w.end_object();
}

void odds_picture(JsonWriter& w, const core::OddsReport& report,
                  const std::vector<std::pair<std::string, std::string>>& marked,
                  const std::vector<core::RollRecord>& rolls)
{
    const core::Resolution& r = report.sample;
    w.begin_object().key("kind").value("odds").key("title").value(r.title +
                                                                  (r.source.empty() ? "" : " (" + r.source + ")"));
    w.key("heading").value(inputs_line(inputs_text(report)));
    // A plan's charts are several walks: no one number of branches.
    w.key("caption").value(report.branches == 0
                               ? std::string()
                               : "exact odds over " + core::branches_text(report.branches) + " of the roll tree" +
                                     (marked.empty() ? "" : "; the roll just made marked") + rolls_caption(rolls));
    w.key("provisional").value(provisional_note({&report}));
    strings(w, "series", {});
    w.key("dimensions").begin_array();
    for (const auto& dim : report.dimensions) {
        w.begin_object().key("name").value(dim.name).key("note").value(expected_text(dim));
        // The value the roll reported here, or "" (not reported) when it reported none.
        std::optional<std::string> rolled;
        if (!marked.empty()) {
            rolled = "";
            for (const auto& [name, value] : marked) {
                if (name == dim.name) {
                    rolled = value;
                }
            }
        }
        w.key("lines").begin_array();
        for (const auto& line : dim.lines) {
            w.begin_object().key("label").value(label(line.value, line.name));
            w.key("marked").value(rolled && *rolled == line.value);
            w.key("bars").begin_array().begin_object().key("p").value(line.probability.value());
            w.key("text").value(bar_text(line.probability)).end_object().end_array();
            w.end_object();
        }
        w.end_array().end_object();
    }
    w.end_array();
    strings(w, "notes", r.notes);
    w.end_object();
}

void compare_picture(JsonWriter& w, const std::vector<std::string>& requests,
                     const std::vector<core::OddsReport>& reports)
{
    std::vector<const core::OddsReport*> all;
    std::vector<std::string> series;
    for (size_t i = 0; i < reports.size(); ++i) {
        all.push_back(&reports[i]);
        series.push_back(std::string(1, static_cast<char>('A' + i)) + "  " + requests[i] + "  (" +
                         reports[i].sample.source + (reports[i].sample.provisional ? ", PROVISIONAL" : "") + ")");
    }
    w.begin_object().key("kind").value("odds").key("title").value("Compare: exact odds of each request");
    w.key("heading").value("").key("caption").value("").key("provisional").value(provisional_note(all));
    strings(w, "series", series);
    w.key("dimensions").begin_array();
    for (const auto& c : compared(reports)) {
        std::string note;
        for (size_t i = 0; i < c.dims.size() && c.numeric; ++i) {
            if (c.dims[i] != nullptr && c.dims[i]->expected) {
                char e[32];
                std::snprintf(e, sizeof e, "%.2f", c.dims[i]->expected->value());
                note += std::string(note.empty() ? "expected " : ", ") + static_cast<char>('A' + i) + " " + e;
            }
        }
        w.begin_object().key("name").value(c.name).key("note").value(note).key("lines").begin_array();
        for (size_t v = 0; v < c.values.size(); ++v) {
            const auto& [value, name] = c.values[v];
            w.begin_object().key("label").value(label(value, name)).key("marked").value(false);
            w.key("bars").begin_array();
            for (const core::OddsLine* line : c.lines[v]) {
                w.begin_object().key("p").value(line == nullptr ? 0.0 : line->probability.value());
                w.key("text").value(line == nullptr ? std::string("never") : bar_text(line->probability)).end_object();
            }
            w.end_array().end_object();
        }
        w.end_array().end_object();
    }
    w.end_array();
    strings(w, "notes", {});
    w.end_object();
}

std::string too_large_to_draw(const std::vector<const core::OddsReport*>& reports)
{
    size_t lines = 0;
    for (const auto* report : reports) {
        for (const auto& dim : report->dimensions) {
            lines += dim.lines.size();
        }
    }
    if (lines > k_max_picture_lines) {
        return std::to_string(lines) + " outcomes are too many bars to draw (at most " +
               std::to_string(k_max_picture_lines) + ")";
    }
    for (const auto* report : reports) {
        for (const auto& dim : report->dimensions) {
            for (const auto& line : dim.lines) {
                const std::string fraction = line.probability.text();
                if (fraction.size() > k_max_picture_fraction) {
                    return "a chance of '" + dim.name + "' is a fraction of " + std::to_string(fraction.size()) +
                           " characters, too long to print on a bar (at most " +
                           std::to_string(k_max_picture_fraction) + ")";
                }
            }
        }
    }
    return "";
}

}  // namespace umpire::format
