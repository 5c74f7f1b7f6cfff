// The Russian Portfolio's Siberian roulette and weather by month (VI.A).
#include "games/russian-portfolio/internal.h"
#include "games/russian-portfolio/russian_portfolio.h"

#include "core/lookup.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <utility>

namespace umpire::core {

using namespace russian_portfolio_internal;

Resolution resolve_siberian(int axis_number, Dice& dice)
{
    if (axis_number < 1 || axis_number > 6) {
        throw usage_error("{axis_number} is " + std::to_string(axis_number) +
                          "; the Axis player "
                          "picks a number from 1 to 6 (IX.B.3)");
    }
    Resolution r;
    r.command = "siberian";
    r.title = "Siberian roulette";
    r.source = "Russian Portfolio IX.B.3";
    int roll = dice.roll_d6("Siberian roulette: the Soviet player casts");
    bool match = roll == axis_number;
    r.steps.push_back("Axis picks " + std::to_string(axis_number) + "; the die shows " + std::to_string(roll));
    r.result.code = match ? "invaded" : "safe";
    r.result.name = match ? "Japan invades" : "Safe this turn";
    r.result.effects = {match ? "the Japanese invade the Far Eastern Military District: the Axis player wins "
                                "the game at once (IX.B.3)"
                              : "the Siberian Reserves stay; roll again each turn before their safe turn"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_weather(const Table& table, std::string_view month, Dice& dice)
{
    const std::string key = to_lower(month);
    // XVI.A: from Mar42 the game runs on until a player stops it, and VI.A makes
    // "December through the end of the game" Snow: a month past the table's last reads
    // as its last (Mar42, Snow).
    const std::string& last = table.rows.back().key;
    const auto asked = month_of(key);
    const auto final_month = month_of(last);
    const bool past_end = !find_row(table, key) && asked && final_month && *asked > *final_month;
    if (!find_row(table, key) && !past_end) {
        // The table's rows and every month after them (the rows alone were listed, though
        // apr42 and later are read); a month before the first is no "did you mean" of mar42.
        const std::vector<std::string> rows = table.row_keys();
        throw usage_error("{row} '" + std::string(month) + "': allowed " + join(rows, ", ") + ", or any month after " +
                          last + ", read as " + last +
                          " (XVI.A: the game runs on until a player stops it; VI.A: 'December through the end of "
                          "the game is Snow')" +
                          (asked ? "; " + key + " is before the game begins (XVI.C)" : suggestion(key, rows)));
    }
    Resolution r = resolve_lookup(table, {std::nullopt, past_end ? last : key, 0}, dice);
    r.command = "weather";
    // VI.A: "October is Mud; November is Hard Frost; December through the end of the game is
    // Snow." It names no month before October: the table's reading of those is umpire's, and
    // the answer says so rather than cite VI.A for it (hunt47).
    if (asked && *asked < std::pair{41, 10}) {
        const std::string reading = key + " read as " + r.result.name +
                                    ": umpire's reading, VI.A names no weather before October 1941 (a 1Jun41 start "
                                    "rolls its own, XVI.C.1.c)";
        r.steps.push_back(reading);
        r.notes.push_back(reading);
        r.result.source = "umpire's reading (VI.A is silent before October)";
    }
    if (past_end) {
        r.inputs.back().value = key;
        r.steps.insert(r.steps.begin(), key + ": after " + last +
                                            " the game runs on until a player stops it (XVI.A); December through "
                                            "the end of the game is Snow (VI.A), read as " +
                                            last);
    }
    return r;
}

Resolution resolve_weather_1jun41(const Table& table, Dice& dice)
{
    Resolution r = resolve_lookup(table, {}, dice);
    r.command = "weather";
    return r;
}

Resolution resolve_weather_rolled(const Table& table, const std::string& code)
{
    Resolution r;
    r.command = "weather";
    r.title = table.title;
    r.source = table.source;
    note_table(r, table);
    r.inputs.push_back({"table", table.id});
    r.result.code = code;
    describe(r.result, table, "");
    r.result.source = table.source;
    // The game keeps the die's result, or a weather set by hand (game set), which the journal
    // tells apart: said as the game's, never as a roll it may not have been (hunt49).
    r.steps.push_back("game-turn 1 of a 1Jun41 start: the game's weather is " + r.result.name +
                      " (XVI.C.1.c: its die is cast once, not again; the game's journal says whether it was "
                      "rolled or set)");
    return r;
}

bool month_steps_ok(std::string_view from, std::string_view to)
{
    const auto a = month_of(from);
    const auto b = month_of(to);
    if (!a || !b) {
        return false;
    }
    const int step = (b->first * 12 + b->second) - (a->first * 12 + a->second);
    return step == 0 || step == 1;
}

std::string month_key(std::string_view text)
{
    std::string key = to_lower(text);
    size_t digits = 0;
    while (digits < key.size() && std::isdigit(static_cast<unsigned char>(key[digits]))) {
        ++digits;
    }
    key.erase(0, digits);
    return month_of(key) ? key : "";
}

}  // namespace umpire::core
