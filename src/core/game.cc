#include "core/game.h"

#include "core/black_sea.h"
#include "core/constantinople.h"
#include "core/great_battles.h"
#include "core/novorossiysk.h"
#include "core/russian_portfolio.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>

namespace umpire::core {

const GameUnit* GameState::find_unit(std::string_view name) const
{
    for (const auto& u : units) {
        if (iequals(u.name, name)) {
            return &u;
        }
    }
    return nullptr;
}

std::string GameState::value(std::string_view unit, std::string_view key) const
{
    const StatusList* list = &clock;
    if (!unit.empty()) {
        const GameUnit* u = find_unit(unit);
        if (u == nullptr) {
            return "";
        }
        list = &u->status;
    }
    for (const auto& [k, v] : *list) {
        if (k == key) {
            return v;
        }
    }
    return "";
}

int GameState::number(std::string_view unit, std::string_view key) const
{
    auto n = parse_int(value(unit, key), -1000000, 1000000);
    return n ? static_cast<int>(*n) : 0;
}

namespace {

std::string& slot(GameState& game, const Change& change)
{
    StatusList* list = &game.clock;
    if (!change.unit.empty()) {
        list = nullptr;
        for (auto& u : game.units) {
            if (u.name == change.unit) {
                list = &u.status;
            }
        }
        if (list == nullptr) {
            throw usage_error("the game has no unit '" + change.unit + "'");
        }
    }
    for (auto& [k, v] : *list) {
        if (k == change.key) {
            return v;
        }
    }
    list->emplace_back(change.key, "");
    return list->back().second;
}

}  // namespace

void apply_change(GameState& game, const Change& change)
{
    std::string& v = slot(game, change);
    if (v != change.from) {
        throw usage_error("the game file says " +
                          (change.unit.empty() ? std::string("the clock's") : change.unit + "'s") + " " + change.key +
                          " is '" + v + "', not '" + change.from +
                          "': it was edited since, or the change is already applied");
    }
    v = change.to;
}

void revert_change(GameState& game, const Change& change)
{
    apply_change(game, Change{change.unit, change.key, change.to, change.from, change.rule});
}

std::string change_text(const Change& c)
{
    std::string key = c.key;  // read as words: "pinned to", not the file's pinned_to
    std::replace(key.begin(), key.end(), '_', ' ');
    return (c.unit.empty() ? std::string("clock") : c.unit) + ": " + key + " " + (c.from.empty() ? "-" : c.from) +
           " -> " + (c.to.empty() ? "-" : c.to) + (c.rule.empty() ? "" : " (" + c.rule + ")");
}

std::string field_text(const Fields& fields, std::string_view key)
{
    for (const auto& f : fields) {
        if (f.key != key) {
            continue;
        }
        if (const auto* s = std::get_if<std::string>(&f.value)) {
            return *s;
        }
        if (const auto* n = std::get_if<long long>(&f.value)) {
            return std::to_string(*n);
        }
        if (const auto* b = std::get_if<bool>(&f.value)) {
            return *b ? "true" : "false";
        }
    }
    return "";
}

long long field_number(const Fields& fields, std::string_view key)
{
    auto n = parse_int(field_text(fields, key), -1000000000, 1000000000);
    return n ? *n : 0;
}

Change change_to(const GameState& game, std::string_view unit, std::string_view key, std::string to, std::string rule)
{
    return Change{std::string(unit), std::string(key), game.value(unit, key), std::move(to), std::move(rule)};
}

const GameRules* find_game_rules(std::string_view game)
{
    static const std::array<GameRules, 5> rules{constantinople_game_rules(), great_battles_game_rules(),
                                                russian_portfolio_game_rules(), black_sea_game_rules(),
                                                novorossiysk_game_rules()};
    for (const auto& r : rules) {
        if (r.game == game) {
            return &r;
        }
    }
    return nullptr;
}

std::vector<std::string> game_ids()
{
    return {"constantinople", "great-battles", "russian-portfolio", "black-sea", "novorossiysk"};
}

}  // namespace umpire::core
