#include "core/game.h"

#include "games/black-sea/black_sea.h"
#include "games/constantinople/constantinople.h"
#include "games/custom/custom_game.h"
#include "games/great-battles/great_battles.h"
#include "games/novorossiysk/novorossiysk.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>

namespace umpire::core {

const GameUnit* GameState::find_unit(std::string_view name) const { return m_names.find(units, name); }

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

bool GameState::holds(std::string_view unit, std::string_view key) const
{
    const StatusList* list = &clock;
    if (!unit.empty()) {
        const GameUnit* u = find_unit(unit);
        if (u == nullptr) {
            return false;
        }
        list = &u->status;
    }
    return std::any_of(list->begin(), list->end(), [&](const auto& kv) { return kv.first == key; });
}

int GameState::number(std::string_view unit, std::string_view key) const
{
    auto n = parse_int(value(unit, key), -1000000, 1000000);
    return n ? static_cast<int>(*n) : 0;
}

namespace {

StatusList& list_of(GameState& game, const Change& change)
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
    return *list;
}

std::string& slot(GameState& game, const Change& change)
{
    StatusList* list = &list_of(game, change);
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
    if (change.to_absent) {
        std::erase_if(list_of(game, change), [&](const auto& kv) { return kv.first == change.key; });
        return;
    }
    v = change.to;
}

void apply_marked(GameState& game, std::vector<Change>& changes)
{
    for (auto& c : changes) {
        c.from_absent = !game.holds(c.unit, c.key);
        apply_change(game, c);
    }
}

Change reversed(const Change& change)
{
    return Change{change.unit, change.key, change.to, change.from, change.rule, change.to_absent, change.from_absent};
}

void revert_change(GameState& game, const Change& change) { apply_change(game, reversed(change)); }

Change key_removed(const GameState& game, std::string_view unit, std::string_view key, std::string rule)
{
    Change c = change_to(game, unit, key, "", std::move(rule));
    c.to_absent = true;
    return c;
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

std::vector<std::string> field_list(const Fields& fields, std::string_view key)
{
    for (const auto& f : fields) {
        if (const auto* list = std::get_if<std::vector<std::string>>(&f.value); list != nullptr && f.key == key) {
            return *list;
        }
    }
    return {};
}

Change change_to(const GameState& game, std::string_view unit, std::string_view key, std::string to, std::string rule)
{
    return Change{std::string(unit), std::string(key), game.value(unit, key), std::move(to), std::move(rule)};
}

void StateCheck::problem(std::string_view unit, std::string_view key, std::string message)
{
    // A hand-edited file may hold anything: what it holds is quoted with its control
    // characters written out (a U+202E in a value went out raw; hunt32).
    problems.push_back({visible(unit), visible(key), visible(message)});
}

void StateCheck::keys(std::string_view unit, const std::vector<std::string_view>& keys)
{
    const GameUnit* u = unit.empty() ? nullptr : m_game.find_unit(unit);
    const StatusList& list = u == nullptr ? m_game.clock : u->status;
    for (const auto& [key, value] : list) {
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            std::vector<std::string> allowed(keys.begin(), keys.end());
            problem(unit, key, "the game keeps no '" + key + "' here; it keeps " + join(allowed, ", "));
        }
    }
}

bool StateCheck::has(std::string_view unit, std::string_view key) const
{
    const GameUnit* u = unit.empty() ? nullptr : m_game.find_unit(unit);
    const StatusList& list = u == nullptr ? m_game.clock : u->status;
    return std::any_of(list.begin(), list.end(), [&](const auto& kv) { return kv.first == key; });
}

std::optional<long long> StateCheck::number(std::string_view unit, std::string_view key, long long lo, long long hi)
{
    if (!has(unit, key)) {
        return std::nullopt;
    }
    const std::string text = m_game.value(unit, key);
    auto n = parse_int(text, lo, hi);
    if (!n) {
        problem(unit, key, "'" + text + "' is not a whole number " + std::to_string(lo) + " to " + std::to_string(hi));
        return std::nullopt;
    }
    return *n;
}

void StateCheck::flag(std::string_view unit, std::string_view key) { one_of(unit, key, {"true", "false"}); }

void StateCheck::one_of(std::string_view unit, std::string_view key, const std::vector<std::string_view>& allowed)
{
    if (!has(unit, key)) {
        return;
    }
    const std::string text = m_game.value(unit, key);
    if (std::find(allowed.begin(), allowed.end(), text) == allowed.end()) {
        std::vector<std::string> words;
        for (auto a : allowed) {
            words.push_back(a.empty() ? "\"\" (none)" : std::string(a));
        }
        problem(unit, key, "'" + text + "'; allowed " + join(words, ", "));
    }
}

const GameRules* find_game_rules(std::string_view game)
{
    static const std::array<GameRules, 6> rules{constantinople_game_rules(),    great_battles_game_rules(),
                                                russian_portfolio_game_rules(), black_sea_game_rules(),
                                                novorossiysk_game_rules(),      custom_game_rules()};
    for (const auto& r : rules) {
        if (r.game == game) {
            return &r;
        }
    }
    return nullptr;
}

std::vector<StateProblem> state_problems(const GameState& game, const TableOf* table)
{
    const GameRules* rules = find_game_rules(game.game);
    if (rules == nullptr) {
        return {{"", "", "'" + visible(game.game) + "' is no game umpire keeps a file for"}};
    }
    std::vector<StateProblem> out = rules->check ? rules->check(game) : std::vector<StateProblem>{};
    if (table != nullptr && rules->check_tables) {
        for (const auto& p : rules->check_tables(game, *table)) {
            out.push_back({visible(p.unit), visible(p.key), visible(p.message)});  // as StateCheck::problem
        }
    }
    return out;
}

std::string problem_place(const StateProblem& p)
{
    const std::string who = p.unit.empty() ? std::string("the clock") : p.unit;
    return p.key.empty() ? who : who + "'s " + p.key;
}

const PlayStep& current_step(const GameRules& rules, const GameState& game)
{
    const std::string id = rules.step(game);
    for (const auto& s : rules.sequence) {
        if (s.id == id) {
            return s;
        }
    }
    // A game's step function names only its own steps (tested for every game and clock).
    throw Error(ExitCode::internal, rules.game + ": no step '" + id + "' in its sequence of play");
}

std::vector<std::string> game_ids()
{
    return {"constantinople", "great-battles", "russian-portfolio", "black-sea", "novorossiysk"};
}

}  // namespace umpire::core
