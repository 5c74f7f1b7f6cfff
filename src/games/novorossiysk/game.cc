// Novorossiysk 1943's game file: the time counter, the blocks' steps, the board's limits
// and its sequence of play.
#include "games/novorossiysk/novorossiysk.h"

#include "core/lookup.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

namespace {

WeatherState weather_of(const GameState& g)
{
    WeatherState w;
    w.day = g.number("", "day");
    w.phase = g.value("", "phase");
    w.started = g.value("", "started") == "true";
    for (const auto& z : split(g.value("", "dense_fog_used"), ',')) {
        if (!z.empty()) {
            w.dense_fog_used.push_back(z);
        }
    }
    for (const auto& d : split(g.value("", "flood_days"), ',')) {
        if (auto n = parse_int(d, 1, k_novorossiysk_days + 1)) {
            w.flood_days.push_back(static_cast<int>(*n));
        }
    }
    return w;
}

std::string numbers_text(const std::vector<int>& numbers)
{
    std::vector<std::string> parts;
    for (int n : numbers) {
        parts.push_back(std::to_string(n));
    }
    return join(parts, ",");
}

// The sides of GAME's units, in the order first met.
std::vector<std::string> sides_of(const GameState& game)
{
    std::vector<std::string> sides;
    for (const auto& u : game.units) {
        if (!contains(sides, u.side)) {
            sides.push_back(u.side);
        }
    }
    return sides;
}

// "axis=2,soviet=1" as the clock keeps a count per side (the Air Field's hits): the pairs
// it holds, in order; an entry that is no SIDE=N is left to the check, which names it.
std::vector<std::pair<std::string, int>> side_counts(const std::string& text)
{
    std::vector<std::pair<std::string, int>> out;
    for (const auto& entry : split(text, ',')) {
        const size_t eq = entry.find('=');
        if (eq == std::string::npos) {
            continue;
        }
        if (auto n = parse_int(entry.substr(eq + 1), 0, k_max_clock)) {
            out.emplace_back(entry.substr(0, eq), static_cast<int>(*n));
        }
    }
    return out;
}

std::string side_counts_text(const std::vector<std::pair<std::string, int>>& counts)
{
    std::vector<std::string> parts;
    for (const auto& [side, n] : counts) {
        parts.push_back(side + "=" + std::to_string(n));
    }
    return join(parts, ",");
}

std::string air_units_text(int n) { return std::to_string(n) + (n == 1 ? " Air Unit" : " Air Units"); }

}  // namespace

std::vector<std::pair<std::string, int>> air_units_denied(const GameState& game)
{
    return side_counts(game.value("", "air_units_denied"));
}

std::string phase_label(const GameState& game) { return game.value("", "day") + "-" + game.value("", "phase"); }

std::string block_in_game(std::string_view spec, const GameState& game)
{
    const GameUnit* unit = game.find_unit(spec);
    if (unit == nullptr || game.value(unit->name, "block").empty()) {
        return std::string(spec);
    }
    if (game.value(unit->name, "for_good") == "true") {
        throw usage_error(unit->name + " was removed from the game for good: it cannot fight (Paratroopers)");
    }
    if (game.value(unit->name, "dead_pool") == "true") {
        throw usage_error(unit->name + " is in the Dead Pool: it cannot fight (Player Sheet)");
    }
    if (game.value(unit->name, "step") != "reduced") {
        return game.value(unit->name, "block");
    }
    const std::string full = game.value(unit->name, "block");
    return full.substr(0, full.find(':')) + ":" + game.value(unit->name, "block_reduced") + ":reduced";
}

namespace {

// The weather's clock (N1, N2) and every block's step (Large Blocks, Dead Pool).
std::vector<StateProblem> novorossiysk_check(const GameState& g)
{
    StateCheck c(g);
    c.keys("", {"day", "phase", "started", "dense_fog_used", "flood_days", "weather", "zones", "airfield_hits",
                "air_units_denied"});
    c.number("", "day", 1, k_novorossiysk_days);
    c.one_of("", "phase", {k_phases.begin(), k_phases.end()});
    c.flag("", "started");
    c.flag("", "zones");
    const std::string zones = join(k_weather_zones, ", ");
    for (const auto& z : split(g.value("", "dense_fog_used"), ',')) {
        if (!z.empty() && z != "all" && !contains(k_weather_zones, z)) {
            c.problem("", "dense_fog_used", "holds '" + z + "'; allowed all, " + zones + " (Weather)");
        }
    }
    for (const auto& d : split(g.value("", "flood_days"), ',')) {
        // the day after a Downpour: Day 2 to Day Nine (Day 1 has no yesterday, and a Downpour
        // on Day Nine floods no day of the game)
        if (!d.empty() && !parse_int(d, 2, k_novorossiysk_days)) {
            c.problem("", "flood_days",
                      "holds '" + d + "'; a day 2 to " + std::to_string(k_novorossiysk_days) +
                          ", the day after a Downpour (Weather)");
        }
    }
    for (const auto& w : split(g.value("", "weather"), ',')) {
        const auto eq = w.find('=');
        const std::string code = eq == std::string::npos ? w : w.substr(eq + 1);
        if (!w.empty() && ((eq != std::string::npos && !contains(k_weather_zones, w.substr(0, eq))) ||
                           !contains(k_weather_codes, code))) {
            c.problem("", "weather",
                      "holds '" + w + "'; a phase's weather is ZONE=CODE or CODE (zones " + zones + "; codes " +
                          join(k_weather_codes, ", ") + ") (Weather)");
        }
    }
    // Hitting The Enemy Air Field: "For every hit scored the enemy cannot deploy the same
    // number of Air Units next phase": the hits of this phase (airfield_hits) and those in
    // force in it (air_units_denied), a count per side of the game.
    const std::vector<std::string> sides = sides_of(g);
    for (const char* key : {"airfield_hits", "air_units_denied"}) {
        std::vector<std::string> seen;
        for (const auto& entry : split(g.value("", key), ',')) {
            if (entry.empty()) {
                continue;
            }
            const size_t eq = entry.find('=');
            const std::string side = entry.substr(0, eq);
            if (eq == std::string::npos || !contains(sides, side) || contains(seen, side) ||
                !parse_int(entry.substr(eq + 1), 1, k_max_air_units)) {
                c.problem("", key,
                          "holds '" + entry + "'; SIDE=N, each side of the game (" + join(sides, ", ") +
                              ") once, N 1 to " + std::to_string(k_max_air_units) +
                              " Air Units (Hitting The Enemy Air Field)");
            }
            seen.push_back(side);
        }
    }
    for (const auto& u : g.units) {
        const std::string& n = u.name;
        c.keys(n, {"block", "block_reduced", "step", "dead_pool", "for_good", "fired_in", "air_attack_in"});
        // the phase a ground block returned fire in, and the phase an air unit made its attack
        // on the surface or the Air Field in (phase_label's DAY-PHASE)
        for (const char* key : {"fired_in", "air_attack_in"}) {
            if (const auto when = split(g.value(n, key), '-');
                !g.value(n, key).empty() &&
                (when.size() != 2 || !parse_int(when[0], 1, k_novorossiysk_days) || !contains(k_phases, when[1]))) {
                c.problem(n, key, "'" + g.value(n, key) + "' is not a phase: DAY-PHASE, as 2-night");
            }
        }
        if (g.value(n, "block").empty()) {
            c.problem(n, "block", "no block: the dice of its full side, as large:2B2R (Player Sheet)");
        }
        c.one_of(n, "step", {"full", "reduced"});
        if (g.value(n, "step") == "reduced" && g.value(n, "block_reduced").empty()) {
            c.problem(n, "step", "'reduced', but the block has one step: no lesser side (Large Blocks)");
        }
        c.flag(n, "dead_pool");
        // Paratroopers: "If hit in air they are automatically removed from the game for good";
        // the Dead Pool's pieces are "either permanently lost or brought back into the game at
        // a high cost" (Player Sheet): a block lost for good stays out. "" before it is lost
        // (a file that never had the key, or one whose loss was undone).
        c.one_of(n, "for_good", {"true", "false", ""});
        if (g.value(n, "for_good") == "true" && g.value(n, "dead_pool") != "true") {
            c.problem(n, "dead_pool",
                      "'" + g.value(n, "dead_pool") +
                          "', but the block was removed from the game for good (for_good = true): it is never "
                          "brought back from the Dead Pool (Paratroopers)");
        }
    }
    return c.problems;
}

}  // namespace

GameRules novorossiysk_game_rules()
{
    GameRules rules;
    rules.game = "novorossiysk";
    rules.title = "Novorossiysk 1943";
    rules.scenario = "novorossiysk-example";
    rules.check_tables = [](const GameState& g, const TableOf& table) {
        std::vector<StateProblem> out;
        const Table& hit_dice = table("novorossiysk.hit-dice");
        for (const auto& u : g.units) {
            const std::string block = g.value(u.name, "block");
            auto full = parse_block(block, hit_dice);
            if (!full) {
                out.push_back({u.name, "block", full.error() + " (Player Sheet)"});
                continue;
            }
            if (const std::string lesser = g.value(u.name, "block_reduced"); !lesser.empty()) {
                if (auto reduced = parse_block(full->kind + ":" + lesser + ":reduced", hit_dice); !reduced) {
                    out.push_back({u.name, "block_reduced", reduced.error() + " (Large Blocks)"});
                } else if (const std::string why = not_lesser(*full, *reduced, hit_dice); !why.empty()) {
                    // a lesser side stronger than the full one (block_reduced=black on
                    // large:2red, hunt42): said of whichever of the two was set
                    out.push_back({u.name, "block_reduced", why});
                    out.push_back({u.name, "block", "its lesser side '" + lesser + "': " + why});
                }
            }
        }
        return out;
    };
    rules.start = [](const Scenario& s, const TableOf& table) {
        GameState g;
        g.game = "novorossiysk";
        g.scenario = s.id;
        // airfield_hits and air_units_denied come with their first change, as in a file written
        // before they were kept (rebuilt from its journal, it stays as it was).
        g.clock = {{"day", "1"},       {"phase", "morning"}, {"started", "false"}, {"dense_fog_used", ""},
                   {"flood_days", ""}, {"weather", ""},      {"zones", "false"}};
        const Table& hit_dice = table("novorossiysk.hit-dice");
        for (const auto& u : s.units) {
            if (u.block.empty()) {
                continue;
            }
            auto full = parse_block(u.block, hit_dice);
            if (!full || full->reduced) {
                throw data_error(
                    "scenario " + s.id + ", " + u.name + ": block " +
                    (full ? "'" + u.block + "': give the full side; block_reduced its lesser side" : full.error()));
            }
            const bool steps = find_block_kind(full->kind)->steps > 1;
            if (steps != !u.block_reduced.empty()) {
                throw data_error("scenario " + s.id + ", " + u.name +
                                 (steps ? ": a " + full->kind +
                                              " block steps down: give block_reduced, the dice of "
                                              "its lesser side (Large Blocks)"
                                        : ": a " + full->kind + " block has one step: no block_reduced"));
            }
            if (steps) {
                auto lesser = parse_block(full->kind + ":" + u.block_reduced + ":reduced", hit_dice);
                if (!lesser) {
                    throw data_error("scenario " + s.id + ", " + u.name + ": block_reduced " + lesser.error());
                }
                if (const std::string why = not_lesser(*full, *lesser, hit_dice); !why.empty()) {
                    throw data_error("scenario " + s.id + ", " + u.name + ": block_reduced '" + u.block_reduced +
                                     "': " + why);
                }
            }
            // The kind always written, so the lesser side can be named after it.
            const std::string block = find_block_kind(split(u.block, ':')[0]) ? u.block : "large:" + u.block;
            g.units.push_back(
                {u.name,
                 u.side,
                 {{"block", block}, {"block_reduced", u.block_reduced}, {"step", "full"}, {"dead_pool", "false"}}});
        }
        return g;
    };
    rules.changes = [](const GameState& g, const Resolution& r) {
        std::vector<Change> out;
        if (r.command != "hits") {
            return out;
        }
        // Each block named from the game: stepped down, or removed to the Dead Pool.
        for (const auto& o : r.results) {
            const auto space = o.label.find(' ');
            const std::string name = space == std::string::npos ? "" : o.label.substr(space + 1);
            if (g.find_unit(name) == nullptr) {
                continue;
            }
            const std::string unit = g.find_unit(name)->name;
            if (g.value(unit, "dead_pool") == "true") {
                continue;  // a block in the Dead Pool takes no more hits
            }
            if (o.code == "stepped-down") {
                out.push_back(change_to(g, unit, "step", "reduced", "Large Blocks"));
            } else if (o.code == "removed") {
                // a paratroop block hit in the air is out for good: off the board, and kept so
                const bool for_good = !o.effects.empty();
                out.push_back(change_to(g, unit, "dead_pool", "true",
                                        for_good ? "Paratroopers: hit in the air, removed from the game for good"
                                                 : "Large Blocks; Player Sheet, Dead Pool"));
                if (for_good) {
                    out.push_back(change_to(g, unit, "for_good", "true",
                                            "Paratroopers: hit in the air, removed from the game for good"));
                }
            }
        }
        // Ground and Ship Attack: "If a ground unit returns fire it cannot fire later that
        // phase": a ground block that threw its dice back at air units is marked for the phase.
        const auto kind_of = [&g](const std::string& spec) {
            const GameUnit* unit = g.find_unit(spec);
            const BlockKind* kind =
                find_block_kind(split(unit != nullptr ? g.value(unit->name, "block") : spec, ':').front());
            return kind != nullptr ? kind : find_block_kind("large");
        };
        const auto attackers = field_list(r.inputs, "attacker");
        if (!attackers.empty() &&
            std::all_of(attackers.begin(), attackers.end(), [&](const std::string& a) { return kind_of(a)->air; })) {
            for (const auto& spec : field_list(r.inputs, "defender")) {
                const GameUnit* unit = g.find_unit(spec);
                if (unit == nullptr || kind_of(spec)->air || kind_of(spec)->name == "ship") {
                    continue;
                }
                const std::string fired = "defender " + unit->name + ":";
                if (std::any_of(r.rolls.begin(), r.rolls.end(),
                                [&](const RollRecord& roll) { return roll.purpose.starts_with(fired); })) {
                    out.push_back(change_to(g, unit->name, "fired_in", phase_label(g), "Ground and Ship Attack"));
                }
            }
        }
        // An air unit is placed in one small hex a phase (Air Unit Deployment) and from it "can
        // then attack surface units" (Ground and Ship Attack), or strikes the enemy Air Field, after
        // which "surviving Air Units are returned to their Air Field" (Hitting The Enemy Air Field):
        // one attack on the surface or the Air Field a phase, kept so a second one is refused.
        const auto defenders = field_list(r.inputs, "defender");
        const bool airfield = field_text(r.inputs, "airfield") == "true";
        if (airfield ||
            std::any_of(defenders.begin(), defenders.end(), [&](const std::string& d) { return !kind_of(d)->air; })) {
            for (const auto& spec : attackers) {
                const GameUnit* unit = g.find_unit(spec);
                const bool lost = unit != nullptr && std::any_of(out.begin(), out.end(), [&](const Change& c) {
                                      return c.unit == unit->name && c.key == "dead_pool";
                                  });
                if (unit != nullptr && kind_of(spec)->air && !lost) {
                    out.push_back(change_to(g, unit->name, "air_attack_in", phase_label(g),
                                            airfield ? "Hitting The Enemy Air Field" : "Ground and Ship Attack"));
                }
            }
        }
        // Hitting The Enemy Air Field: "For every hit scored the enemy cannot deploy the same
        // number of Air Units next phase": kept for the next phase against the strikers' enemy,
        // the one other side, when the strikers are the game's blocks of one side.
        if (const long long struck = field_number(r.result.fields, "airfield_hits");
            r.result.code == "airfield-hit" && struck > 0) {
            std::vector<std::string> strikers;
            for (const auto& spec : attackers) {
                const GameUnit* unit = g.find_unit(spec);
                if (unit == nullptr) {
                    strikers.clear();
                    break;
                }
                if (!contains(strikers, unit->side)) {
                    strikers.push_back(unit->side);
                }
            }
            std::vector<std::string> enemies = sides_of(g);
            std::erase_if(enemies, [&](const std::string& side) { return contains(strikers, side); });
            if (strikers.size() == 1 && enemies.size() == 1) {
                auto counts = side_counts(g.value("", "airfield_hits"));
                const auto at = std::find_if(counts.begin(), counts.end(),
                                             [&](const auto& c) { return c.first == enemies.front(); });
                if (at == counts.end()) {
                    counts.emplace_back(enemies.front(), static_cast<int>(struck));
                } else {
                    at->second += static_cast<int>(struck);
                }
                out.push_back(
                    change_to(g, "", "airfield_hits", side_counts_text(counts), "Hitting The Enemy Air Field"));
            }
        }
        std::erase_if(out, [](const Change& c) { return c.from == c.to; });
        return out;
    };
    rules.check = novorossiysk_check;
    // The Time Counter: three phases a day, nine days (Time Counter); the Sequence section is
    // "purely cosmetic" (the text's own word), so the steps are the counter's.
    const std::vector<std::string> each = {
        "the Time Counter moves one place to the right before the phase (Time Counter)",
        "the phase's weather, 2D6 at its start: Dense Fog once a game, Downpour floods the next day's rivers, "
        "when there is one (Weather)",
        "the last phase's hits on an Air Field come into force: that side deploys as many Air Units fewer this "
        "phase, and no fewer after it (Hitting The Enemy Air Field)"};
    rules.sequence = {
        {"morning",
         "the morning phase (grey)",
         "Time Counter",
         "each of the nine days",
         each,
         {"air and artillery as the weather allows: hits reads the clock's weather (Weather)"}},
        {"afternoon",
         "the afternoon phase (yellow)",
         "Time Counter",
         "each of the nine days",
         each,
         {"air and artillery as the weather allows: hits reads the clock's weather (Weather)"}},
        {"night",
         "the night phase (black)",
         "Time Counter",
         "each of the nine days",
         each,
         {"restrictions on air combat and artillery bombardment; the element of surprise switches (Time Counter)",
          "the end-reckoning of replacements for the next day, Days One to Eight: the night of Day Nine is the "
          "game's final phase (Time Counter)"}},
    };
    rules.step = [](const GameState& g) { return g.value("", "phase"); };
    rules.next = [](const GameState& g, const TableOf& table, Dice& dice, std::vector<Change>& changes,
                    const StatusList&) {
        const WeatherState state = next_phase(weather_of(g));
        WeatherState after;
        Resolution r = resolve_novorossiysk_weather(table("novorossiysk.weather"), state,
                                                    g.value("", "zones") == "true", dice, after);
        r.command = "game next";
        changes.push_back(change_to(g, "", "day", std::to_string(after.day), "Time Counter"));
        changes.push_back(change_to(g, "", "phase", after.phase, "Time Counter"));
        changes.push_back(change_to(g, "", "started", "true", "Time Counter"));
        changes.push_back(change_to(g, "", "dense_fog_used", join(after.dense_fog_used, ","), "Weather"));
        changes.push_back(change_to(g, "", "flood_days", numbers_text(after.flood_days), "Weather"));
        changes.push_back(change_to(g, "", "weather", join(after.last, ","), "Weather"));
        // "the enemy cannot deploy the same number of Air Units next phase": the last phase's
        // hits are this phase's, and the phase before's are spent.
        changes.push_back(
            change_to(g, "", "air_units_denied", g.value("", "airfield_hits"), "Hitting The Enemy Air Field"));
        changes.push_back(change_to(g, "", "airfield_hits", "", "Hitting The Enemy Air Field"));
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        r.result.code = g.value("", "day") + "-" + g.value("", "phase");
        r.result.name = "Day " + g.value("", "day") + ", " + g.value("", "phase") +
                        (g.value("", "started") == "true" ? ", weather " + g.value("", "weather")
                                                          : ", the first phase's weather not yet rolled");
        if (!g.value("", "dense_fog_used").empty()) {
            r.result.effects.push_back("Dense Fog has occurred (" + g.value("", "dense_fog_used") +
                                       "): once per game, or per zone (Weather)");
        }
        if (!g.value("", "flood_days").empty()) {
            r.result.effects.push_back("rivers in flood on day(s) " + g.value("", "flood_days") +
                                       " (Weather, Downpour)");
        }
        for (const auto& [side, n] : air_units_denied(g)) {
            r.result.effects.push_back("this phase " + side + " cannot deploy " + air_units_text(n) +
                                       ", Blank Blocks aside (Hitting The Enemy Air Field)");
        }
        for (const auto& [side, n] : side_counts(g.value("", "airfield_hits"))) {
            r.result.effects.push_back("pending: " + side + "'s Air Field hit " + std::to_string(n) +
                                       " time(s) this phase: it cannot deploy " + air_units_text(n) +
                                       " next phase (Hitting The Enemy Air Field)");
        }
        for (const auto& side : sides_of(g)) {
            std::vector<std::string> lines;
            std::vector<std::string> dead;
            std::vector<std::string> lost;
            for (const auto& u : g.units) {
                if (u.side != side) {
                    continue;
                }
                if (g.value(u.name, "for_good") == "true") {
                    lost.push_back(u.name);
                } else if (g.value(u.name, "dead_pool") == "true") {
                    dead.push_back(u.name);
                } else {
                    const bool reduced = g.value(u.name, "step") == "reduced";
                    std::string block = block_in_game(u.name, g);
                    lines.push_back(u.name + ": " + (reduced ? block.substr(0, block.rfind(':')) : block) +
                                    (reduced ? " (stepped down)" : ""));
                }
            }
            const size_t on_board = lines.size();
            if (!dead.empty()) {
                lines.push_back("Dead Pool: " + join(dead, ", "));
            }
            if (!lost.empty()) {
                lines.push_back("removed from the game for good (Paratroopers): " + join(lost, ", "));
            }
            Outcome board;
            board.code = side;
            board.name = std::to_string(on_board) + " on the board, " + std::to_string(dead.size()) +
                         " in the Dead Pool" +
                         (lost.empty() ? "" : ", " + std::to_string(lost.size()) + " removed for good");
            board.effects = lines;
            r.results.push_back(std::move(board));
        }
    };
    rules.clock_text = [](const GameState& g) {
        return "day " + g.value("", "day") + " " + g.value("", "phase") +
               (g.value("", "weather").empty() ? "" : " " + g.value("", "weather"));
    };
    rules.words = [](const Change& c) -> std::string {
        if (c.key == "step") {
            return c.unit + (c.to == "reduced" ? " steps down: turn it to its lesser side" : " is at full strength");
        }
        if (c.key == "for_good") {
            return c.to == "true" ? c.unit + " is removed from the game for good: never brought back" : "";
        }
        if (c.key == "dead_pool") {
            return c.unit + (c.to == "true" ? " goes to the Dead Pool" : " is back from the Dead Pool");
        }
        if (c.key == "airfield_hits" || c.key == "air_units_denied") {
            std::vector<std::string> said;
            for (const auto& [side, n] : side_counts(c.to)) {
                said.push_back(side + " cannot deploy " + air_units_text(n));
            }
            if (said.empty()) {
                return c.key == "air_units_denied" ? "every side deploys its Air Units in full this phase" : "";
            }
            return join(said, ", ") + (c.key == "airfield_hits" ? " next phase" : " this phase");
        }
        return "";
    };
    return rules;
}

}  // namespace umpire::core
