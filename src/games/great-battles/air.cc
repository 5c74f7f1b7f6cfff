// Great Battles' air landings (Drop Zone rules): drift, flak and the landing.
#include "games/great-battles/great_battles.h"
#include "games/great-battles/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace umpire::core {

using namespace great_battles_internal;

Resolution resolve_drift(const Table& procedures, std::string_view altitude, bool glider, int stands, Dice& dice,
                         std::optional<int> part)
{
    // Step 2, "Roll two d10 for every stand": the text groups the stands in no battalion, so
    // a referee may drift a drop's stands at once; 50 is umpire's bound (umpire(1) NUMBERS).
    check_count(stands, 1, 50, "{stands}");
    const std::string level = glider ? "low" : std::string(altitude);
    if (level != "high" && level != "medium" && level != "low") {
        throw usage_error("{altitude} " + std::string(altitude) + ": allowed high, medium, low");
    }
    const int halves = procedures.constant("drift_halves_" + level);
    auto scaled = [halves](int roll) {
        int h = roll * halves;
        return std::to_string(h / 2) + (h % 2 ? ".5" : "");
    };
    Resolution r;
    r.command = "drift";
    r.title = "Air landing drift";
    r.source = "Great Battles of WWII, Drop Zone rules (Air Landings, step 2)";
    note_table(r, procedures);
    r.steps.push_back((glider ? std::string("glider: always as from low altitude") : "from " + level + " altitude") +
                      ": each d10 times " + (halves % 2 ? "1/2" : std::to_string(halves / 2)));
    const int last = part.value_or(stands);
    for (int i = std::max(part.value_or(1), 1); i <= last; ++i) {  // part 0, the headline, rolls nothing
        std::string label = "stand " + std::to_string(i);
        int ns = dice.roll(k_d10, label + ": coloured die, north-south");
        int ew = dice.roll(k_d10, label + ": white die, east-west");
        Outcome o = outcome(label, "drift", scaled(ns) + " north-south, " + scaled(ew) + " east-west", {}, r.source);
        o.fields = {{"north_south", scaled(ns)}, {"east_west", scaled(ew)}};
        r.steps.push_back(label + ": " + std::to_string(ns) + " and " + std::to_string(ew) + " -> " + o.name);
        if (part) {  // one stand alone: its drift is the result
            r.result = std::move(o);
            r.rolls = dice.record();
            return r;
        }
        r.results.push_back(o);
    }
    r.result.code = "drift";
    r.result.name = std::to_string(stands) + " stand(s) drift";
    r.result.effects = {
        "the text does not say how north is told from south, or east from west: settle it before the drop",
        "stands landing in oceans, major rivers or off the table are destroyed",
        "flak (step 1) comes before the drift, the landing roll (step 3) after it; both charts are lost"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

namespace {

// A d10 per stand (plus MODIFIER) read under COLUMN of TABLE: destroyed, suppressed or
// none. result.code counts the destroyed, so it is true of every branch it sums. Each
// stand's die is a part of its own (Dice::tally): exact odds count the stands alike as one
// multinomial instead of walking ten faces per stand (a battalion of seven was refused).
Resolution per_stand(const Table& table, const std::string& column, int modifier, int stands, Resolution r, Dice& dice)
{
    check_count(stands, 1, 50, "{stands}");
    check_count(modifier, -k_max_d10_modifier, k_max_d10_modifier, "{mod}");
    note_table(r, table);
    const size_t c = *find_column(table, column);
    // 0 unharmed (any other code of the table), 1 suppressed, 2 destroyed
    auto t = dice.tally<Part>(
        static_cast<size_t>(stands), 3,
        [&](Dice& d, size_t i) {
            const std::string label = "stand " + std::to_string(i + 1);
            const int roll = d.roll(*table.dice, label);
            const int total = roll + modifier;
            Outcome o;
            o.label = label;
            auto row = find_row(table, total);
            if (!row) {
                throw usage_error("table " + table.id + ": " + row.error());
            }
            o.code = table.rows.at(*row).cells.at(c);
            describe(o, table, "");
            o.source = table.source;
            Part p;
            p.category = o.code == "destroyed" ? 2 : o.code == "suppressed" ? 1 : 0;
            p.steps.push_back(label + ": " + roll_text(d.record().back()) +
                              (modifier ? " " + signed_number(modifier) + " = " + std::to_string(total) : "") +
                              " under " + column + " -> " + o.name + " (" + table.source + ")");
            p.results.push_back(std::move(o));
            return p;
        },
        // every stand's die is read alike: under one column, with one modifier
        [&](size_t) { return table.id + "/" + column + "/" + std::to_string(modifier); });
    add_parts(r, t.parts);
    const int destroyed = t.counts[2];
    const int suppressed = t.counts[1];
    r.result.code = std::to_string(destroyed);
    r.result.name = std::to_string(destroyed) + " destroyed";
    r.result.fields.push_back({"suppressed", static_cast<long long>(suppressed)});
    r.result.fields.push_back({"unharmed", static_cast<long long>(stands - destroyed - suppressed)});
    r.result.source = table.source;
    r.rolls = dice.record();
    return r;
}

}  // namespace

Resolution resolve_flak(const Table& table, std::string_view aa, std::string_view altitude, bool glider, int stands,
                        Dice& dice)
{
    if (aa != "light" && aa != "medium" && aa != "heavy") {
        throw usage_error("{aa} " + std::string(aa) + ": allowed light, medium, heavy (as the scenario defines)");
    }
    const std::string level = glider ? "high" : std::string(altitude);
    if (level != "high" && level != "medium" && level != "low") {
        throw usage_error("{altitude} " + std::string(altitude) + ": allowed high, medium, low");
    }
    Resolution r;
    r.command = "flak";
    r.title = "Flak";
    r.source = table.source;
    // Step 1: "For each stand in a battalion roll a d10": one battalion's stands (hunt49; they
    // were 1 to 50, a drop's).
    check_battalion_stands(stands, 1, "{stands}");
    r.steps.push_back(std::string(aa) + " AA against stands dropped from " + level + " altitude" +
                      (glider ? " (glider troops: always as from high altitude, step 1)" : ""));
    return per_stand(table, std::string(aa) + "-" + level, 0, stands, std::move(r), dice);
}

Resolution resolve_landing(const Table& table, std::string_view terrain, int modifier, int stands, Dice& dice)
{
    auto column = find_column(table, terrain);
    if (!column) {
        throw usage_error("{terrain} " + std::string(terrain) + ": allowed " + join(table.columns, ", ") +
                          suggestion(terrain, table.columns));
    }
    Resolution r;
    r.command = "landing";
    r.title = "Landing";
    r.source = table.source;
    return per_stand(table, std::string(terrain), modifier, stands, std::move(r), dice);
}

}  // namespace umpire::core
