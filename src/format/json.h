#pragma once
// JSON output: one object per resolution, with the fields DESIGN.md fixes (command,
// source, inputs, rolls, result, seed, provisional). A small writer of our own: output
// only, no DOM, no allocation beyond the string it fills.

#include "core/odds.h"
#include "core/resolution.h"
#include "core/table.h"
#include "load/catalog.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace umpire::format {

// Every JSON document umpire prints opens with its schema's version (man/umpire.schema.json,
// one shape per command). A change to any shape that could break a script raises it.
inline constexpr int k_schema_version = 1;
inline constexpr std::string_view k_document_open = "{\"schema_version\":1";

class JsonWriter {
public:
    // A document's outer object, opened with its schema_version.
    JsonWriter& begin_document();
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(long long v);
    JsonWriter& value(std::uint64_t v);
    JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(double v);
    JsonWriter& value(bool v);
    JsonWriter& null();
    // The SIZE characters written from AT (a whole value, as str() had them), written again
    // as the next value.
    JsonWriter& repeat(size_t at, size_t size);
    JsonWriter& any(const core::Value& v);
    JsonWriter& value(const std::string& v) { return value(std::string_view(v)); }
    const std::string& str() const& { return m_out; }
    std::string str() && { return std::move(m_out); }
    // Room for N more characters at once: a large answer (1000d10's 18,002 fractions of
    // 1,000 digits) grows without copies along the way.
    void reserve(size_t n) { m_out.reserve(m_out.size() + n); }

private:
    void separate();
    std::string m_out;
    bool m_need_comma = false;
};

void append_escaped(std::string& out, std::string_view text);
void append_number(std::string& out, long long n);
void append_number(std::string& out, std::uint64_t n);

std::string to_json(const core::Resolution& r);

// A resolution's JSON in the pieces around its seed and position: head SEED middle
// POSITION tail. to_json() is fill() of it; batch keeps templates to print a resolution
// it has seen at a new place in its stream.
struct JsonTemplate {
    std::string head;
    std::string middle;
    std::string tail;
    std::string fill(std::optional<std::uint32_t> seed, std::uint64_t position) const;
    // LINE, when not 0, as append_with_line() puts it.
    void fill(std::string& out, std::optional<std::uint32_t> seed, std::uint64_t position,
              std::uint64_t line = 0) const;
};

// DOCUMENT (one printed JSON object, from begin_document) with "line": LINE after its
// schema_version: a batch answer says which request line it answers.
void append_with_line(std::string& out, std::string_view document, std::uint64_t line);
JsonTemplate to_json_template(const core::Resolution& r);
std::string to_json(const core::OddsReport& report);
// umpire compare: {"schema_version": 1, "command": "compare", "requests": [{"request",
// then each report's odds as --odds prints them}]}.
std::string compare_json(const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports);
// "requests": [...] as compare_json() writes it, in the object W is writing (plan crt).
void write_requests(JsonWriter& w, const std::vector<std::string>& requests,
                    const std::vector<core::OddsReport>& reports);
// KEY: {"probability": 0.333, "fraction": "1/3"}, in the object W is writing.
void write_chance(JsonWriter& w, std::string_view key, const core::Fraction& chance);
// KEY: {"value": 1.5, "fraction": "3/2"}: an exact number that is not a chance (an expected count).
void write_exact(JsonWriter& w, std::string_view key, const core::Fraction& number);
// table show: the table whole; with the cell table show marks (MARK_ROW, and MARK_COLUMN
// unless the table has one column; as draw_table marks it) also "marked": {"column",
// "row", "cell"}, and "roll", the die total given, when ROLL is.
std::string to_json(const core::Table& table, std::optional<size_t> mark_row = std::nullopt,
                    std::optional<size_t> mark_column = std::nullopt, std::optional<int> roll = std::nullopt);
// {"schema_version": 1, "command": "table list" or "check list", KEY: [...]}
std::string to_json(std::string_view command, std::string_view key, const std::vector<load::TableInfo>& tables);
// One table of those lists, as an object (the schema's table_info), written as W's next value.
void write_table_info(JsonWriter& w, const load::TableInfo& table);
// KEY: [the strings of LIST], in the object W is writing.
void write_strings(JsonWriter& w, std::string_view key, const std::vector<std::string>& list);
// {"schema_version": 1, "error": {"code": 64, "message": "..."}}
std::string error_json(int code, std::string_view message);

}  // namespace umpire::format
