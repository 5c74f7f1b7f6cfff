#include "core/russian_portfolio.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <utility>

namespace umpire::core {

namespace {

std::string odds_text(Ratio r) { return std::to_string(r.attack) + " to " + std::to_string(r.defense); }

}  // namespace

Resolution resolve_crt(const Table& crt, const Table& no_retreat, const Table& procedures, const CrtRequest& q,
                       Dice& dice)
{
    if (q.factors.attack < 1 || q.factors.defense < 1) {
        throw usage_error("{attack} and {defense} must be at least 1");
    }
    Resolution r;
    r.command = "crt";
    r.title = "Combat";
    r.source = crt.source;
    note_table(r, crt);

    // Basic odds: the column nearest but no greater; -1 stands for "below 1:4".
    const int last = static_cast<int>(crt.columns.size()) - 1;
    int column = -1;
    auto pick = find_column(crt, q.factors);
    if (pick) {
        column = static_cast<int>(pick->index);
        r.steps.push_back(odds_text(q.factors) + " -> " + crt.columns[pick->index] +
                          (pick->clamped ? " (above " + crt.columns.back() + ", reduced to it, XIII.B.4)"
                                         : " (nearest column no greater, XIII.B.3)"));
    } else {
        r.steps.push_back(odds_text(q.factors) + " is below " + crt.columns.front() + " (XIII.B.3)");
    }
    int shift = 0;
    for (const auto& s : q.shifts) {
        shift += s.columns;
        r.steps.push_back("shift " + signed_number(s.columns) + ": " + s.reason);
    }
    int final_column = column + shift;
    if (final_column < 0) {
        throw usage_error("final odds below " + crt.columns.front() + " are not allowed (XIII.B.4): " +
                          odds_text(q.factors) + (shift ? " shifted " + signed_number(shift) : ""));
    }
    if (final_column > last) {
        r.steps.push_back("shifted past " + crt.columns.back() + ": read at " + crt.columns.back());
        final_column = last;
    }
    r.result.fields.push_back({"odds", crt.columns[static_cast<size_t>(final_column)]});
    int read_column = final_column;
    if (q.dispersed) {
        read_column = std::min(last, final_column + procedures.constant("dispersed_shift"));
        note_table(r, procedures);
        r.steps.push_back("Dispersed defender: read one column higher, under " +
                          crt.columns[static_cast<size_t>(read_column)] + " (VII.B)");
    }
    r.result.fields.push_back({"column", crt.columns[static_cast<size_t>(read_column)]});

    int roll = dice.roll(*crt.dice, "combat under " + crt.columns[static_cast<size_t>(read_column)]);
    size_t row = *find_row(crt, roll);
    std::string code = crt.rows[row].cells[static_cast<size_t>(read_column)];
    r.steps.push_back(roll_text(dice.record().back()) + " under " + crt.columns[static_cast<size_t>(read_column)] +
                      " -> " + code);
    if (q.surrounded) {
        auto converted = find_row(no_retreat, code);
        if (converted) {
            auto c = find_column(no_retreat, q.surrounded_reading);
            std::string to = no_retreat.rows[*converted].cells[c ? *c : 0];
            r.steps.push_back("Surrounded/No Retreat!: " + code + " -> " + to + " (XIII.C" +
                              (q.surrounded_reading == "chart-sheet" ? ", chart sheet reading" : "") + ")");
            r.result.fields.push_back({"converted_from", code});
            code = to;
        } else {
            r.steps.push_back("Surrounded/No Retreat!: " + code + " is unchanged (XIII.C)");
        }
        note_table(r, no_retreat);
    }
    r.result.code = code;
    describe(r.result, crt, "");
    if (q.armor) {
        int from = procedures.constant(q.russian ? "breakdown_from_russian" : "breakdown_from_axis");
        note_table(r, procedures);
        int to = from + q.reserve_phase;
        bool breaks = roll >= from && roll <= to;
        r.result.fields.push_back({"armor_breakdown", breaks});
        r.steps.push_back("armor breakdown on " + std::to_string(from) + "-" + std::to_string(to) + " (XIII.C, n = " +
                          std::to_string(q.reserve_phase) + "): " + (breaks ? "breaks down" : "no breakdown"));
        if (breaks) {
            r.result.effects.push_back("the attacking armor/mech units are Dispersed by breakdown (XIII.C)");
        }
    }
    r.result.source = crt.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_overrun(const Table& overrun, const Table& terrain, const OverrunRequest& q)
{
    if (q.result != "DX" && q.result != "DE") {
        throw usage_error("{result} " + q.result +
                          ": Armor Overrun is possible only on DX and DE "
                          "results (XIII.C)");
    }
    for (auto [value, flag] :
         {std::pair{q.attacking_armor, "{attacking_armor}"}, std::pair{q.defending_armor, "{defending_armor}"},
          std::pair{q.defending_infantry, "{defending_infantry}"}}) {
        if (value < 0 || value > 1000) {
            throw usage_error(std::string(flag) + " is " + std::to_string(value) + "; allowed 0 to 1000");
        }
    }
    Resolution r;
    r.command = "overrun";
    r.title = "Armor Overrun";
    r.source = "Russian Portfolio XIII.C, X.B, XIV.D";
    note_table(r, overrun);
    std::vector<std::string> reasons;

    auto weather_row = find_row(overrun, q.weather);
    if (!weather_row) {
        throw usage_error("{weather}: " + weather_row.error() + "; allowed: " + join(overrun.row_keys(), ", "));
    }
    if (overrun.rows[*weather_row].cells[0] != "allowed") {
        reasons.push_back("weather " + q.weather + ": overruns only in " + [&] {
            std::vector<std::string> ok;
            for (const auto& row : overrun.rows) {
                if (row.cells[0] == "allowed") {
                    ok.push_back(row.key);
                }
            }
            return join(ok, " or ");
        }() + " weather");
    }
    note_table(r, terrain);
    auto terrain_row = find_row(terrain, q.terrain);
    if (!terrain_row) {
        throw usage_error("{terrain}: " + terrain_row.error() + "; allowed: " + join(terrain.row_keys(), ", "));
    }
    const std::string& terrain_code = terrain.rows[*terrain_row].cells[0];
    if (terrain_code == "never") {
        reasons.push_back("terrain " + q.terrain + ": can never be Armor Overrun (X.B)");
    } else if (terrain_code != "allowed") {
        reasons.push_back("terrain " + q.terrain + ": overruns go only into clear terrain");
    }
    if (q.fuel_shortage) {
        reasons.push_back("fuel shortage: the armor cannot execute Armor Overruns (XIV.D)");
    }
    int net = q.attacking_armor - q.defending_armor;
    int ratio = overrun.constant(q.infantry_dispersed ? "armor_to_dispersed_infantry" : "armor_to_infantry");
    int needed = ratio * q.defending_infantry;
    r.steps.push_back("pure armor " + std::to_string(q.attacking_armor) + " - defending pure armor " +
                      std::to_string(q.defending_armor) + " = " + std::to_string(net) + "; needs " +
                      std::to_string(ratio) + " x " + std::to_string(q.defending_infantry) +
                      (q.infantry_dispersed ? " Dispersed" : "") + " infantry = " + std::to_string(needed));
    if (q.attacking_armor < 1) {
        reasons.push_back("no attacking pure armor");
    } else if (net < needed || net < 1) {
        reasons.push_back(
            "armor " + std::to_string(net) + " net is less than " + std::to_string(needed) +
            (q.infantry_dispersed ? " (equal to the Dispersed infantry)" : " (twice the defending infantry)"));
    }
    r.result.fields.push_back({"reasons", reasons});
    if (!reasons.empty()) {
        r.result.code = "refused";
        r.result.name = "No overrun";
        r.result.effects = {"the " + q.result + " result stands"};
        for (const auto& why : reasons) {
            r.steps.push_back("refused: " + why);
        }
    } else {
        r.result.code = q.result == "DX" ? "DE" : "BR";
        r.result.name = q.result == "DX" ? "Defenders eliminated" : "Breakthrough!";
        r.result.effects = {q.result == "DX" ? "the overrun turns DX into DE: the defenders are eliminated (XIII.C)"
                                             : "the overrun turns DE into a Breakthrough: after tactical advance "
                                               "the attackers may attack once more (XIII.C, XIII.F)"};
        r.steps.push_back("overrun: " + q.result + " -> " + r.result.code);
    }
    r.result.fields.push_back({"converted_from", q.result});
    r.result.source = r.source;
    return r;
}

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

namespace {

// "apr42" as (year, month 1-12); empty when TEXT is not a month of that form.
std::optional<std::pair<int, int>> month_of(std::string_view text)
{
    static constexpr std::array<std::string_view, 12> k_months{"jan", "feb", "mar", "apr", "may", "jun",
                                                               "jul", "aug", "sep", "oct", "nov", "dec"};
    if (text.size() != 5) {
        return std::nullopt;
    }
    const auto name = std::find(k_months.begin(), k_months.end(), text.substr(0, 3));
    auto year = parse_int(text.substr(3), 0, 99);
    if (name == k_months.end() || !year || !std::isdigit(static_cast<unsigned char>(text[3]))) {
        return std::nullopt;
    }
    return std::pair{static_cast<int>(*year), static_cast<int>(name - k_months.begin()) + 1};
}

}  // namespace

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
    Resolution r = resolve_lookup(table, {std::nullopt, past_end ? last : key, 0}, dice);
    r.command = "weather";
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

}  // namespace umpire::core
