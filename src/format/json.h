#pragma once
// JSON output: one object per resolution, with the fields DESIGN.md fixes (command,
// source, inputs, rolls, result, seed, provisional). A small writer of our own: output
// only, no DOM, no allocation beyond the string it fills.

#include "core/odds.h"
#include "core/resolution.h"
#include "core/table.h"
#include "load/catalog.h"

#include <string>
#include <string_view>

namespace umpire::format {

class JsonWriter {
public:
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(long long v);
    JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(double v);
    JsonWriter& value(bool v);
    JsonWriter& null();
    JsonWriter& any(const core::Value& v);
    JsonWriter& value(const std::string& v) { return value(std::string_view(v)); }
    const std::string& str() const { return m_out; }

private:
    void separate();
    std::string m_out;
    bool m_need_comma = false;
};

void append_escaped(std::string& out, std::string_view text);

std::string to_json(const core::Resolution& r);
std::string to_json(const core::OddsReport& report);
std::string to_json(const core::Table& table);
std::string to_json(const std::vector<load::TableInfo>& tables);
// {"error": {"code": 64, "message": "..."}}
std::string error_json(int code, std::string_view message);

} // namespace umpire::format
