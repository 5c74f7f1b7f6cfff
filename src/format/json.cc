#include "format/json.h"

#include "util/error.h"
#include "util/text.h"

#include <cmath>

#include <charconv>
#include <cstdio>

namespace umpire::format {

void append_number(std::string& out, long long n)
{
    char buf[24];
    auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
    out.append(buf, end);
}

void append_number(std::string& out, std::uint64_t n)
{
    char buf[24];
    auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
    out.append(buf, end);
}

// The length of the well-formed UTF-8 sequence at TEXT[I] (RFC 3629: no overlong forms,
// no surrogates, nothing past U+10FFFF), 0 when there is none.
size_t utf8_sequence(std::string_view text, size_t i)
{
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    size_t n = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
        n = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        lo = b == 0xE0 ? 0xA0 : 0x80;
        hi = b == 0xED ? 0x9F : 0xBF;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        lo = b == 0xF0 ? 0x90 : 0x80;
        hi = b == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (i + n > text.size() || byte(i + 1) < lo || byte(i + 1) > hi) {
        return 0;
    }
    for (size_t k = 2; k < n; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) {
            return 0;
        }
    }
    return n;
}

void append_escaped(std::string& out, std::string_view text)
{
    out += '"';
    size_t plain = 0;  // start of the run of characters that need no escape
    // Runs of printable ASCII but '"' and '\\' pass whole; each other byte is looked at.
    constexpr std::string_view k_quoted = "\"\\";
    for (size_t i = printable_run(text, 0, k_quoted); i < text.size(); i = printable_run(text, i + 1, k_quoted)) {
        const char c = text[i];
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80) {
            // Every byte umpire writes as JSON is UTF-8: a byte that starts no
            // well-formed sequence (a request's \xff) is written as U+FFFD.
            if (const size_t n = utf8_sequence(text, i); n > 0) {
                i += n - 1;
                continue;
            }
            out.append(text.data() + plain, i - plain);
            plain = i + 1;
            out += "\\ufffd";
            continue;
        }
        out.append(text.data() + plain, i - plain);
        plain = i + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default: {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        }
        }
    }
    out.append(text.data() + plain, text.size() - plain);
    out += '"';
}

void JsonWriter::separate()
{
    if (m_need_comma) {
        m_out += ',';
    }
    m_need_comma = true;
}

JsonWriter& JsonWriter::begin_document()
{
    begin_object();
    m_out.append(k_document_open, 1);  // the brace is written
    m_need_comma = true;
    return *this;
}

void append_with_line(std::string& out, std::string_view document, std::uint64_t line)
{
    if (!document.starts_with(k_document_open)) {
        out += document;  // not a document of ours: nothing to number
        return;
    }
    out += k_document_open;
    out += ",\"line\":";
    append_number(out, line);
    out += document.substr(k_document_open.size());
}

JsonWriter& JsonWriter::begin_object()
{
    separate();
    m_out += '{';
    m_need_comma = false;
    return *this;
}

JsonWriter& JsonWriter::end_object()
{
    m_out += '}';
    m_need_comma = true;
    return *this;
}

JsonWriter& JsonWriter::begin_array()
{
    separate();
    m_out += '[';
    m_need_comma = false;
    return *this;
}

JsonWriter& JsonWriter::repeat(size_t at, size_t size)
{
    if (at + size > m_out.size()) {
        throw Error(ExitCode::internal, "json: a value repeated from past what is written");
    }
    separate();
    m_out.append(m_out, at, size);
    return *this;
}

JsonWriter& JsonWriter::end_array()
{
    m_out += ']';
    m_need_comma = true;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k)
{
    separate();
    append_escaped(m_out, k);
    m_out += ':';
    m_need_comma = false;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v)
{
    separate();
    append_escaped(m_out, v);
    return *this;
}

JsonWriter& JsonWriter::value(long long v)
{
    separate();
    append_number(m_out, v);
    return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t v)
{
    separate();
    append_number(m_out, v);
    return *this;
}

JsonWriter& JsonWriter::value(double v)
{
    separate();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    m_out += buf;
    return *this;
}

JsonWriter& JsonWriter::value(bool v)
{
    separate();
    m_out += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null()
{
    separate();
    m_out += "null";
    return *this;
}

JsonWriter& JsonWriter::any(const core::Value& v)
{
    if (const auto* b = std::get_if<bool>(&v)) {
        return value(*b);
    }
    if (const auto* n = std::get_if<long long>(&v)) {
        return value(*n);
    }
    if (const auto* s = std::get_if<std::string>(&v)) {
        return value(std::string_view(*s));
    }
    if (const auto* list = std::get_if<std::vector<std::string>>(&v)) {
        begin_array();
        for (const auto& item : *list) {
            value(std::string_view(item));
        }
        return end_array();
    }
    return null();
}

void write_strings(JsonWriter& w, std::string_view key, const std::vector<std::string>& list)
{
    w.key(key).begin_array();
    for (const auto& s : list) {
        w.value(std::string_view(s));
    }
    w.end_array();
}

namespace {

void write_fields(JsonWriter& w, const core::Fields& fields)
{
    for (const auto& f : fields) {
        w.key(f.key).any(f.value);
    }
}

void write_outcome(JsonWriter& w, const core::Outcome& o)
{
    w.begin_object();
    if (!o.label.empty()) {
        w.key("label").value(o.label);
    }
    w.key("code").value(o.code).key("name").value(o.name);
    if (!o.severity.empty()) {
        w.key("severity").value(o.severity);
    }
    write_strings(w, "effects", o.effects);
    if (!o.source.empty()) {
        w.key("source").value(o.source);
    }
    write_fields(w, o.fields);
    w.end_object();
}

void write_header(JsonWriter& w, const core::Resolution& r)
{
    w.key("command").value(r.command).key("source").value(r.source);
    w.key("inputs").begin_object();
    write_fields(w, r.inputs);
    w.end_object();
}

void write_provisional(JsonWriter& w, const core::Resolution& r)
{
    w.key("provisional").value(r.provisional);
    if (r.provisional) {
        write_strings(w, "provisional_notes", r.provisional_notes);
    }
}

}  // namespace

std::string JsonTemplate::fill(std::optional<std::uint32_t> seed, std::uint64_t position) const
{
    std::string out;
    fill(out, seed, position);
    return out;
}

void JsonTemplate::fill(std::string& out, std::optional<std::uint32_t> seed, std::uint64_t position,
                        std::uint64_t line) const
{
    if (line != 0) {
        append_with_line(out, head, line);
    } else {
        out += head;
    }
    if (seed) {
        append_number(out, static_cast<std::uint64_t>(*seed));
    } else {
        out += "null";
    }
    out += middle;
    append_number(out, position);
    out += tail;
}

std::string to_json(const core::Resolution& r) { return to_json_template(r).fill(r.seed, r.position); }

JsonTemplate to_json_template(const core::Resolution& r)
{
    JsonWriter w;
    w.begin_document();
    write_header(w, r);
    w.key("rolls").begin_array();
    for (const auto& roll : r.rolls) {
        w.begin_object()
            .key("die")
            .value(roll.die)
            .key("value")
            .value(roll.value)
            .key("given")
            .value(roll.given)
            .key("purpose")
            .value(roll.purpose);
        if (!roll.faces.empty() && roll.faces.size() > 1) {
            w.key("faces").begin_array();
            for (int f : roll.faces) {
                w.value(f);
            }
            w.end_array();
        }
        w.end_object();
    }
    w.end_array();
    w.key("result");
    write_outcome(w, r.result);
    if (!r.results.empty()) {
        w.key("results").begin_array();
        for (const auto& o : r.results) {
            write_outcome(w, o);
        }
        w.end_array();
    }
    write_strings(w, "steps", r.steps);
    write_strings(w, "notes", r.notes);
    if (!r.applied.empty()) {
        // --apply's changes to the game, each with the rule that makes it.
        w.key("applied").begin_array();
        for (const auto& c : r.applied) {
            w.begin_object();
            w.key("unit").value(std::string_view(c.unit)).key("key").value(std::string_view(c.key));
            w.key("from").value(std::string_view(c.from)).key("to").value(std::string_view(c.to));
            w.key("rule").value(std::string_view(c.rule));
            w.end_object();
        }
        w.end_array();
    }
    // The seed and position are left out: fill() writes them between the pieces.
    w.key("seed");
    const size_t seed_at = w.str().size();
    w.null();
    const size_t seed_end = w.str().size();
    w.key("position");
    const size_t position_at = w.str().size();
    w.value(0);
    const size_t position_end = w.str().size();
    write_provisional(w, r);
    w.end_object();
    const std::string& text = w.str();
    return {text.substr(0, seed_at), text.substr(seed_end, position_at - seed_end), text.substr(position_end)};
}

void write_odds_body(JsonWriter& w, const core::OddsReport& report);

std::string to_json(const core::OddsReport& report)
{
    const core::Resolution& r = report.sample;
    JsonWriter w;
    w.reserve(core::printed_size(report));
    w.begin_document();
    write_header(w, r);
    write_odds_body(w, report);
    write_provisional(w, r);
    w.end_object();
    return std::move(w).str();
}

std::string compare_json(const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports)
{
    JsonWriter w;
    w.begin_document().key("command").value("compare");
    write_requests(w, requests, reports);
    w.end_object();
    return w.str();
}

void write_chance(JsonWriter& w, std::string_view key, const core::Fraction& chance)
{
    w.key(key).begin_object().key("probability").value(chance.value());
    w.key("fraction").value(chance.text()).end_object();
}

void write_exact(JsonWriter& w, std::string_view key, const core::Fraction& number)
{
    w.key(key).begin_object().key("value").value(number.value());
    w.key("fraction").value(number.text()).end_object();
}

void write_requests(JsonWriter& w, const std::vector<std::string>& requests,
                    const std::vector<core::OddsReport>& reports)
{
    w.key("requests").begin_array();
    for (size_t i = 0; i < requests.size(); ++i) {
        const core::Resolution& r = reports[i].sample;
        w.begin_object().key("request").value(requests[i]);
        write_header(w, r);
        write_odds_body(w, reports[i]);
        write_provisional(w, r);
        w.end_object();
    }
    w.end_array();
}

// "fixed", "branches", "odds" and "expected" of REPORT, in the object W is writing.
void write_odds_body(JsonWriter& w, const core::OddsReport& report)
{
    // The fields every branch gives alike, by dimension name, as the odds' values are written.
    w.key("fixed").begin_object();
    for (const auto& [name, value] : core::fixed_fields(report)) {
        w.key(name).value(value);
    }
    w.end_object();
    // unsigned: a count past 64 bits is kept as 18446744073709551615 (umpire(1)), not -1
    w.key("branches").value(report.branches);
    w.key("odds").begin_object();
    // The same lines as the dimension before (parts alike: 4d6kh3 x 100) are copied.
    size_t array_at = 0;
    size_t array_size = 0;
    for (const auto& dim : report.dimensions) {
        w.key(dim.name);
        if (dim.same_as_previous) {
            w.repeat(array_at, array_size);
            continue;
        }
        array_at = w.str().size();
        w.begin_array();
        // A total's lines mirror one another (a sum of dice alike): a fraction written for
        // the line at the other end is copied (1000d10: 4,500 of 1,000 digits, not written).
        std::vector<std::pair<size_t, size_t>> written(dim.ways ? dim.lines.size() : 0);
        for (size_t i = 0; i < dim.lines.size(); ++i) {
            const auto& line = dim.lines[i];
            w.begin_object().key("value").value(line.value);
            if (!line.name.empty()) {
                w.key("name").value(line.name);
            }
            if (!line.severity.empty()) {
                w.key("severity").value(line.severity);
            }
            w.key("probability").value(line.probability.value());
            w.key("fraction");
            if (const auto mirror = core::mirrored(dim, i)) {
                w.repeat(written[*mirror].first, written[*mirror].second);
            } else {
                const size_t at = w.str().size();
                w.value(line.probability.text());
                if (!written.empty()) {
                    written[i] = {at, w.str().size() - at};
                }
            }
            w.end_object();
        }
        w.end_array();
        array_size = w.str().size() - array_at;
    }
    w.end_object();
    // The expected value of every count or total, exact and as a number.
    w.key("expected").begin_object();
    for (const auto& dim : report.dimensions) {
        if (dim.expected) {
            w.key(dim.name).begin_object();
            w.key("value").value(dim.expected->value()).key("fraction").value(dim.expected->text());
            if (dim.variance) {
                // the spread: the standard deviation as a number, its square exact
                w.key("sd").value(std::sqrt(dim.variance->value())).key("variance").value(dim.variance->text());
            }
            w.key("when_reported").value(dim.expected_when_reported);
            w.end_object();
        }
    }
    w.end_object();
}

std::string to_json(const core::Table& t, std::optional<size_t> mark_row, std::optional<size_t> mark_column,
                    std::optional<int> roll)
{
    JsonWriter w;
    w.begin_document().key("command").value("table show");
    w.key("id").value(t.id).key("title").value(t.title).key("game").value(t.game);
    w.key("source").value(t.source).key("origin").value(t.origin);
    w.key("dice");
    if (t.dice) {
        w.value(t.dice->label());
    } else {
        w.null();
    }
    w.key("provisional").value(t.provisional);
    write_strings(w, "notes", t.notes);
    write_strings(w, "columns", t.columns);
    w.key("rows").begin_array();
    for (const auto& row : t.rows) {
        w.begin_object().key("key").value(row.key);
        write_strings(w, "cells", row.cells);
        w.end_object();
    }
    w.end_array();
    w.key("legend").begin_object();
    for (const auto& e : t.legend) {
        w.key(e.code).begin_object().key("name").value(e.name);
        write_strings(w, "effects", e.effects);
        for (const auto& side : e.by_side) {
            write_strings(w, side.side, side.effects);
        }
        if (!e.severity.empty()) {
            w.key("severity").value(e.severity);
        }
        if (e.roll_again) {
            w.key("roll_again").value(true);
        }
        for (const auto& [role, status] : {std::pair{"attacker", &e.attacker}, std::pair{"defender", &e.defender}}) {
            if (!status->empty()) {
                w.key(role).value(*status);
            }
        }
        w.end_object();
    }
    w.end_object();
    w.key("shifts").begin_array();
    for (const auto& sh : t.shifts) {
        w.begin_object().key("name").value(sh.name).key("columns").value(sh.columns);
        w.key("kind").value(sh.read ? "read" : "odds").key("description").value(sh.description);
        w.key("source").value(sh.source).end_object();
    }
    w.end_array();
    w.key("modifiers").begin_array();
    for (const auto& m : t.modifiers) {
        w.begin_object().key("name").value(m.name).key("value").value(m.value);
        if (m.per != 0) {
            w.key("per").value(m.per).key("min").value(m.min).key("max").value(m.max);
        }
        w.key("description").value(m.description).key("source").value(m.source).end_object();
    }
    w.end_array();
    // The cell draw_table marks [ ]: a row and its column, or a row of a one-column table.
    const size_t width = t.columns.empty() ? 1 : t.columns.size();
    if (mark_row && *mark_row < t.rows.size() && (mark_column || width == 1)) {
        const size_t column = mark_column.value_or(0);
        w.key("marked").begin_object().key("column");
        if (t.columns.empty()) {
            w.null();
        } else {
            w.value(t.columns[column]);
        }
        w.key("row").value(t.rows[*mark_row].key).key("cell").value(t.rows[*mark_row].cells[column]);
        if (roll) {
            w.key("roll").value(*roll);
        }
        w.end_object();
    }
    w.end_object();
    return w.str();
}

std::string to_json(std::string_view command, std::string_view key, const std::vector<load::TableInfo>& tables)
{
    JsonWriter w;
    w.begin_document().key("command").value(command).key(key).begin_array();
    for (const auto& t : tables) {
        write_table_info(w, t);
    }
    w.end_array().end_object();
    return w.str();
}

void write_table_info(JsonWriter& w, const load::TableInfo& t)
{
    w.begin_object()
        .key("id")
        .value(t.id)
        .key("title")
        .value(t.title)
        .key("origin")
        .value(t.origin)
        .key("provisional")
        .value(t.provisional)
        .key("whose")
        .value(t.whose)
        .key("replaces_provisional")
        .value(t.replaces_provisional)
        .end_object();
}

std::string error_json(int code, std::string_view message)
{
    JsonWriter w;
    w.begin_document().key("error").begin_object();
    w.key("code").value(code).key("message").value(message);
    w.end_object().end_object();
    return w.str();
}

}  // namespace umpire::format
