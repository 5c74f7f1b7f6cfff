// Fuzz target: the TOML loaders (tables, scenarios, the weather state file, game files and
// activation decks) and a journal's chain check. Any input
// must give a value or a umpire::Error (a clear data error); anything else escaping, or
// a crash, is a bug. A table that loads is then drawn, written as JSON and read through
// every column with --odds, so the lookups the loader promises are safe get exercised.
#include "core/lookup.h"
#include "core/odds.h"
#include "format/json.h"
#include "format/text.h"
#include "load/loader.h"
#include "load/log.h"
#include "load/state.h"
#include "util/error.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace umpire;

namespace {

void exercise(const core::Table& table)
{
    (void)format::draw_table(table, std::nullopt, std::nullopt, format::Style{});
    (void)format::to_json(table);
    std::vector<std::optional<std::string>> columns;
    if (table.columns.empty()) {
        columns.emplace_back();
    }
    for (const auto& c : table.columns) {
        columns.emplace_back(c);
    }
    for (const auto& column : columns) {
        std::vector<std::optional<std::string>> rows{std::nullopt};
        if (!table.dice) {
            rows.clear();
            for (const auto& r : table.rows) {
                rows.emplace_back(r.key);
            }
        }
        for (const auto& row : rows) {
            core::LookupRequest request;
            request.column = column;
            request.row = row;
            try {
                (void)core::compute_odds([&](core::Dice& dice) { return core::resolve_lookup(table, request, dice); },
                                         {});
            } catch (const Error&) {
                // a refusal with a message is an answer
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        exercise(load::parse_table(text, "fuzz.toml"));
    } catch (const Error&) {
    }
    try {
        (void)load::parse_scenario(text, "fuzz.toml");
    } catch (const Error&) {
    }
    try {
        (void)load::parse_state(text, "fuzz.toml");
    } catch (const Error&) {
    }
    // A game file: read with every value checked against its game's limits, then written.
    try {
        (void)load::game_text(load::parse_game(text, "fuzz.toml"));
    } catch (const Error&) {
    }
    try {
        (void)load::parse_deck_state(text, "fuzz.toml");
    } catch (const Error&) {
    }
    // A journal: its chain checked without reading JSON.
    (void)load::check_chain(text);
    return 0;
}
