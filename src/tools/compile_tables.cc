// Build step: parses every embedded table and scenario (tables/**/*.toml and
// scenarios/*.toml, as cmake/embed.cmake embeds them) with the same loader the program
// uses, and writes C++ that builds each directly, so a call does not parse TOML for a
// shipped table or scenario. A file that does not load stops the build with its
// file:line:col message. tests/load/compiled_tables_test.cc checks each compiled one
// equals the parsed one.
// Usage: umpire_compile_tables OUTPUT.cpp
#include "load/embedded.h"
#include "load/loader.h"
#include "util/error.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

using namespace umpire;

namespace {

std::string lit(std::string_view text)
{
    const std::string delimiter = "umpire_ct";
    if (text.find(")" + delimiter + "\"") != std::string_view::npos) {
        throw Error(ExitCode::internal, "a table string holds the raw-string delimiter )" + delimiter + "\"");
    }
    return "R\"" + delimiter + "(" + std::string(text) + ")" + delimiter + "\"";
}

std::string strings(const std::vector<std::string>& list)
{
    std::string out = "std::vector<std::string>{";
    for (const auto& s : list) {
        out += lit(s) + ", ";
    }
    return out + "}";
}

std::string number(int n)
{
    if (n == core::k_open_low) {
        return "core::k_open_low";
    }
    if (n == core::k_open_high) {
        return "core::k_open_high";
    }
    return std::to_string(n);
}

std::string bool_text(bool b) { return b ? "true" : "false"; }

void write_table(std::ostream& out, const core::Table& t, size_t index)
{
    out << "core::Table table_" << index << "()\n{\n    core::Table t;\n";
    out << "    t.id = " << lit(t.id) << ";\n";
    out << "    t.title = " << lit(t.title) << ";\n";
    out << "    t.game = " << lit(t.game) << ";\n";
    out << "    t.source = " << lit(t.source) << ";\n";
    out << "    t.origin = " << lit(t.origin) << ";\n";
    if (t.dice) {
        out << "    t.dice = core::DiceSpec{.count = " << t.dice->count << ", .sides = " << t.dice->sides
            << ", .modifier = " << t.dice->modifier << "};\n";
    }
    out << "    t.modifier = " << lit(t.modifier) << ";\n";
    out << "    t.provisional = " << bool_text(t.provisional) << ";\n";
    out << "    t.notes = " << strings(t.notes) << ";\n";
    out << "    t.row_kind = static_cast<core::RowKind>(" << static_cast<int>(t.row_kind) << ");\n";
    out << "    t.row_title = " << lit(t.row_title) << ";\n";
    out << "    t.column_kind = static_cast<core::ColumnKind>(" << static_cast<int>(t.column_kind) << ");\n";
    out << "    t.column_title = " << lit(t.column_title) << ";\n";
    out << "    t.columns = " << strings(t.columns) << ";\n";
    out << "    t.column_values = {";
    for (int v : t.column_values) {
        out << number(v) << ", ";
    }
    out << "};\n    t.column_ratios = {";
    for (const auto& r : t.column_ratios) {
        out << "core::Ratio{.attack = " << r.attack << ", .defense = " << r.defense << "}, ";
    }
    out << "};\n";
    out << "    t.clamp_below = " << bool_text(t.clamp_below) << ";\n";
    out << "    t.clamp_above = " << bool_text(t.clamp_above) << ";\n";
    out << "    t.roll_again_limit = " << t.roll_again_limit << ";\n";
    out << "    t.cell_kind = static_cast<core::CellKind>(" << static_cast<int>(t.cell_kind) << ");\n";
    for (const auto& r : t.rows) {
        out << "    t.rows.push_back(core::TableRow{.key = " << lit(r.key) << ", .lo = " << number(r.lo)
            << ", .hi = " << number(r.hi) << ", .cells = " << strings(r.cells) << ", .numbers = {";
        for (const auto& n : r.numbers) {
            out << (n ? number(*n) : std::string("std::nullopt")) << ", ";
        }
        out << "}, .ranges = {";
        for (const auto& c : r.ranges) {
            out << "core::RangeCell{.range = ";
            if (c.range) {
                out << "core::DieRange{.lo = " << number(c.range->lo) << ", .hi = " << number(c.range->hi) << "}";
            } else {
                out << "std::nullopt";
            }
            out << ", .roll_again = " << bool_text(c.roll_again) << "}, ";
        }
        out << "}});\n";
    }
    for (const auto& e : t.legend) {
        out << "    t.legend.push_back(core::LegendEntry{.code = " << lit(e.code) << ", .name = " << lit(e.name)
            << ", .effects = " << strings(e.effects) << ", .by_side = {";
        for (const auto& side : e.by_side) {
            out << "core::SideEffects{.side = " << lit(side.side) << ", .effects = " << strings(side.effects) << "}, ";
        }
        out << "}, .source = " << lit(e.source) << ", .severity = " << lit(e.severity)
            << ", .attacker = " << lit(e.attacker) << ", .defender = " << lit(e.defender)
            << ", .roll_again = " << bool_text(e.roll_again) << "});\n";
    }
    for (const auto& [name, value] : t.constants) {
        out << "    t.constants.emplace_back(" << lit(name) << ", " << value << ");\n";
    }
    for (const auto& m : t.modifiers) {
        out << "    t.modifiers.push_back(core::CheckModifier{.name = " << lit(m.name) << ", .value = " << m.value
            << ", .per = " << m.per << ", .min = " << m.min << ", .max = " << m.max
            << ", .description = " << lit(m.description) << ", .source = " << lit(m.source)
            << ", .one_of = " << lit(m.one_of) << ", .at_most_one_of = " << lit(m.at_most_one_of) << "});\n";
    }
    for (const auto& sh : t.shifts) {
        out << "    t.shifts.push_back(core::ShiftRule{.name = " << lit(sh.name) << ", .columns = " << sh.columns
            << ", .description = " << lit(sh.description) << ", .source = " << lit(sh.source)
            << ", .read = " << (sh.read ? "true" : "false") << "});\n";
    }
    out << "    return t;\n}\n\n";
}

std::string face(const core::CounterFace& f)
{
    return "core::CounterFace{.melee = " + std::to_string(f.melee) + ", .ram = " + std::to_string(f.ram) +
           ", .ram_defense = " + std::to_string(static_cast<int>(f.ram_defense)) + ", .movement = " + lit(f.movement) +
           "}";
}

void write_scenario(std::ostream& out, const core::Scenario& s, size_t index)
{
    out << "core::Scenario scenario_" << index << "()\n{\n    core::Scenario s;\n";
    out << "    s.id = " << lit(s.id) << ";\n";
    out << "    s.title = " << lit(s.title) << ";\n";
    out << "    s.game = " << lit(s.game) << ";\n";
    out << "    s.source = " << lit(s.source) << ";\n";
    out << "    s.origin = " << lit(s.origin) << ";\n";
    out << "    s.sides = " << strings(s.sides) << ";\n";
    for (const auto& u : s.units) {
        out << "    s.units.push_back(core::Unit{.name = " << lit(u.name) << ", .side = " << lit(u.side)
            << ", .type = " << lit(u.type) << ", .counter = " << bool_text(u.counter) << ", .front = " << face(u.front)
            << ", .back = " << face(u.back) << ", .note = " << lit(u.note) << ", .quality = " << lit(u.quality)
            << ", .rally = " << u.rally << ", .morale = " << u.morale << ", .stands = " << u.stands
            << ", .block = " << lit(u.block) << ", .block_reduced = " << lit(u.block_reduced) << ", .factors = "
            << (u.factors ? "core::LandFactors{" + std::to_string(u.factors->attack) + ", " +
                                std::to_string(u.factors->defense) + ", " + std::to_string(u.factors->movement) + "}"
                          : std::string("std::nullopt"))
            << ", .dispersed = " << bool_text(u.dispersed) << ", .arrives = " << u.arrives << "});\n";
    }
    if (s.wind) {
        out << "    s.wind = core::StartingWind{.from = " << lit(s.wind->from) << ", .velocity = " << s.wind->velocity
            << ", .source = " << lit(s.wind->source) << "};\n";
    }
    out << "    s.start = " << lit(s.start) << ";\n";
    for (const auto& month : s.track) {
        out << "    s.track.push_back(" << lit(month) << ");\n";
    }
    for (const auto& [side, quality] : s.supply) {
        out << "    s.supply.emplace_back(" << lit(side) << ", " << lit(quality) << ");\n";
    }
    out << "    return s;\n}\n\n";
}

// compiled_NAME(id) choosing among FILES' builders NAME_0, NAME_1...
void write_chooser(std::ostream& out, const char* type, const char* name, const std::vector<load::EmbeddedFile>& files)
{
    out << "std::optional<core::" << type << "> compiled_" << name << "(std::string_view id)\n{\n";
    for (size_t i = 0; i < files.size(); ++i) {
        out << "    if (id == " << lit(files[i].id) << ") {\n        return " << name << "_" << i << "();\n    }\n";
    }
    out << "    return std::nullopt;\n}\n\n";
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: umpire_compile_tables OUTPUT.cpp\n";
        return 64;
    }
    std::ostringstream out;
    out << "// Generated by src/tools/compile_tables.cc from the embedded tables. Do not edit.\n"
           "#include \"load/embedded.h\"\n\n"
           "namespace umpire::load {\n\nnamespace {\n\n";
    const auto& tables = load::embedded_tables();
    const auto& scenarios = load::embedded_scenarios();
    try {
        for (size_t i = 0; i < tables.size(); ++i) {
            write_table(out, load::parse_table(tables[i].text, tables[i].path, tables[i].id), i);
        }
        for (size_t i = 0; i < scenarios.size(); ++i) {
            write_scenario(out, load::parse_scenario(scenarios[i].text, scenarios[i].path, scenarios[i].id), i);
        }
    } catch (const Error& e) {
        std::cerr << "umpire_compile_tables: " << e.what() << "\n";
        return static_cast<int>(e.code());
    }
    out << "} // namespace\n\n";
    write_chooser(out, "Table", "table", tables);
    write_chooser(out, "Scenario", "scenario", scenarios);
    out << "} // namespace umpire::load\n";
    std::ofstream file(argv[1], std::ios::binary | std::ios::trunc);
    file << out.str();
    if (!file.flush()) {
        std::cerr << "umpire_compile_tables: cannot write " << argv[1] << "\n";
        return 73;
    }
    return 0;
}
