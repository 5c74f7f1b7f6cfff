// Novorossiysk 1943's weather and its time counter (N1, N2).
#include "games/novorossiysk/novorossiysk.h"

#include "core/lookup.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

WeatherState next_phase(const WeatherState& state)
{
    WeatherState next = state;
    if (!state.started) {
        next.started = true;
        return next;
    }
    auto it = std::find(k_phases.begin(), k_phases.end(), state.phase);
    if (it == k_phases.end() || it + 1 == k_phases.end()) {
        if (state.day >= k_novorossiysk_days) {
            throw usage_error("the game ended with the night phase of Day " + std::to_string(k_novorossiysk_days) +
                              " (Time Counter)");
        }
        next.day = state.day + 1;
        next.phase = k_phases.front();
    } else {
        next.phase = *(it + 1);
    }
    return next;
}

namespace {

// Night Phase: "unless the weather is clear then Air Combat can take place as per normal.
// Otherwise no Air to Air Combat takes place and no attacks can be made against the enemy
// 'Air Field'", bombers attack only revealed units and their bombs scatter. What the night
// makes of the phase's weather, said with its effects; Dense Fog already stops all combat.
void at_night(Outcome& o)
{
    if (o.code == "clear") {
        o.effects.push_back("night, Clear: Air Combat takes place as per normal (Night Phase)");
        return;
    }
    if (o.code == "dense-fog") {
        return;
    }
    if (o.code == "poor-flying") {
        // No air to air combat at night: there is none to lower.
        o.effects.clear();
    }
    o.effects.push_back("night, not Clear: no Air to Air Combat and no attacks against the enemy Air Field; ground "
                        "units may still fire at Bombers above them (Night Phase)");
    o.effects.push_back("night, not Clear: Bombers attack only ground units revealed by combat or bordering friendly "
                        "units, and their bombs may scatter: 4+ none, else a second die picks the hex (Night Phase)");
}

}  // namespace

Resolution resolve_novorossiysk_weather(const Table& table, const WeatherState& state, bool zones, Dice& dice,
                                        WeatherState& after)
{
    if (state.day < 1 || state.day > k_novorossiysk_days) {
        throw usage_error("{day} " + std::to_string(state.day) + ": the game has days 1 to " +
                          std::to_string(k_novorossiysk_days));
    }
    if (!contains(k_phases, state.phase)) {
        throw usage_error("{phase} " + state.phase + ": allowed " + join(k_phases, ", ") +
                          suggestion(state.phase, k_phases));
    }
    after = state;
    after.started = true;
    after.last.clear();
    Resolution r;
    r.command = "weather";
    r.title = "Weather, Novorossiysk 1943";
    r.source = table.source;
    note_table(r, table);
    r.inputs.push_back({"day", static_cast<long long>(state.day)});
    r.inputs.push_back({"phase", state.phase});
    const bool flooded =
        std::find(state.flood_days.begin(), state.flood_days.end(), state.day) != state.flood_days.end();
    r.steps.push_back("Day " + std::to_string(state.day) + ", " + state.phase +
                      (flooded ? ": rivers in flood after yesterday's Downpour" : ""));

    const std::vector<std::string> areas = zones ? k_weather_zones : std::vector<std::string>{"all"};
    for (const auto& zone : areas) {
        int roll = dice.roll(*table.dice, "weather" + (zones ? ", " + zone : std::string()));
        std::string code = table.rows.at(*find_row(table, roll)).cells[0];
        std::string why;
        if (code == "coast-fog" && zone == "east") {
            code = "clear";
            why = " (the East never has Coast Fog: Clear)";
        }
        if (code == "dense-fog") {
            // Once per game, or once per zone with zones; "all" covers every zone.
            if (contains(after.dense_fog_used, zone) || contains(after.dense_fog_used, "all")) {
                code = "clear";
                why = " (Dense Fog has already occurred" + std::string(zones ? " in this zone" : "") + ": Clear)";
            } else {
                after.dense_fog_used.push_back(zone);
            }
        }
        if (code == "downpour" && state.day < k_novorossiysk_days &&
            std::find(after.flood_days.begin(), after.flood_days.end(), state.day + 1) == after.flood_days.end()) {
            after.flood_days.push_back(state.day + 1);
        }
        Outcome o;
        o.label = zones ? zone : "";
        o.code = code;
        describe(o, table, "");
        if (state.phase == "night") {
            at_night(o);
        }
        if (code == "downpour" && state.day >= k_novorossiysk_days) {
            // Day Nine: no next day for its rivers to flood (the night is the game's final phase)
            std::erase_if(o.effects, [](const std::string& e) { return e.find("the next day") != std::string::npos; });
            o.effects.push_back("Day Nine: no next day follows, so no river floods (Time Counter)");
        }
        r.steps.push_back((zones ? zone + ": " : std::string()) + roll_text(dice.record().back()) + " -> " + o.name +
                          why);
        after.last.push_back(zones ? zone + "=" + code : code);
        if (zones) {
            r.results.push_back(o);
        } else {
            r.result = o;
        }
    }
    if (zones) {
        bool same = std::all_of(r.results.begin(), r.results.end(),
                                [&](const Outcome& o) { return o.code == r.results.front().code; });
        r.result.code = same ? r.results.front().code : "mixed";
        r.result.name = same ? r.results.front().name : "Differs by zone";
    }
    r.result.fields.push_back({"day", static_cast<long long>(state.day)});
    r.result.fields.push_back({"phase", state.phase});
    r.result.fields.push_back({"rivers_flooded", flooded});
    if (flooded) {
        r.result.effects.push_back("rivers are in flood today (yesterday's Downpour): Naval Infantry and units "
                                   "near Engineers cannot cross rivers");
    }
    r.result.source = table.source;
    r.rolls = dice.record();
    return r;
}

}  // namespace umpire::core
