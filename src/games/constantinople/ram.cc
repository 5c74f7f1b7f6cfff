// Constantinople's ramming (15.1, 15.42).
#include "games/constantinople/constantinople.h"
#include "games/constantinople/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <numeric>

namespace umpire::core {

using namespace constantinople_internal;

namespace {

struct RamCode {
    std::string_view code;
    std::string_view name;
    std::string_view effect;
    std::string_view severity;
};
// The codes DESIGN.md fixes for `ram`, with their effects (15.14, 15.15, 15.42).
constexpr std::array<RamCode, 4> k_ram_codes{{
    {"sunk", "Sunk", "the rammed ship is sunk (15.42 '*', roll again)", "severe"},
    {"pinned", "Pinned",
     "both ships are engaged and dead in the water; the rammed ship's Movement Capability is "
     "zero (15.15, 14.22); either may try to break free (15.16)",
     "light"},
    {"failed", "Ram failed", "the rammer's Movement Segment ends beside the target; it may not melee it (15.14)",
     "none"},
    {"immune", "Cannot be pinned", "the defending ship may not be pinned ('-' on table 15.42); no roll is made",
     "none"},
}};

void set_ram_code(Outcome& out, std::string_view code)
{
    for (const auto& c : k_ram_codes) {
        if (c.code == code) {
            out.code = c.code;
            out.name = c.name;
            out.effects = {std::string(c.effect)};
            out.severity = c.severity;
        }
    }
}

}  // namespace

std::string ram_refusal(const RamRequest& q)
{
    if (q.boom) {
        return "{boom}: ships may not Ram through a Boom hexside (15.62)";
    }
    if (q.movement == RamMovement::sail) {
        return "{movement} sail: sail ships, and oar ships using sail movement, cannot Ram (14.28)";
    }
    if (q.movement == RamMovement::cruising) {
        return "{movement} cruising: a vessel must be using Battle Speed to Ram (15.11, 14.16)";
    }
    if (q.battle_speed_last_segment) {
        return "{battle_speed_last_segment}: an oar-driven vessel may not use Battle Speed two Movement Segments "
               "in a row (14.17), and it must be at Battle Speed to Ram (15.11)";
    }
    if (q.run) {
        check_count(*q.run, 0, 99, "{run}");
    }
    if (q.run && *q.run < 3) {
        return "{run} " + std::to_string(*q.run) +
               ": a Ram attempt must start at least three hexes from the target (15.11)";
    }
    return "";
}

Resolution resolve_ram(const Table& table, const RamRequest& q, Dice& dice)
{
    if (std::string refusal = ram_refusal(q); !refusal.empty()) {
        throw usage_error(refusal);
    }
    Resolution r;
    r.command = "ram";
    r.title = "Ramming";
    r.source = table.source;
    note_table(r, table);
    const std::string rammer = ship_label(q.rammer, "rammer");
    const std::string target = ship_label(q.target, "target");

    if (!q.rammer.name.empty() && q.rammer.ram == 0) {
        throw usage_error("{rammer} " + q.rammer.name +
                          " has ram strength 0: only oar-driven "
                          "vessels may ram (15.1, 14.28)");
    }
    // A bare strength of 0 is a sail ship's: refused as a named one is (14.28).
    if (q.rammer.name.empty() && q.rammer.ram == 0) {
        throw usage_error("{strength} 0: a ship of ram strength 0 is a sail ship, and sail ships cannot Ram (15.1, "
                          "14.28); allowed " +
                          table.columns.front() + " to " + table.columns.back() + " (15.42)");
    }
    // A bare strength is a column of table 15.42, checked before any halving.
    if (q.rammer.name.empty() && !find_column(table, std::to_string(q.rammer.ram))) {
        throw usage_error("{strength} " + std::to_string(q.rammer.ram) + ": a ram strength is " +
                          table.columns.front() + " to " + table.columns.back() + ", the columns of table " + table.id +
                          " (15.42)");
    }
    if (!q.rammer.side.empty() && q.rammer.side == q.target.side) {
        throw usage_error("{rammer} " + q.rammer.name + " and {target} " + q.target.name + " are both " +
                          q.rammer.side + " ships");
    }
    int strength = q.rammer.ram;
    if (q.rammer.damaged && q.reading == DamagedReading::chart) {
        strength = std::max(1, halved(strength));
        r.steps.push_back(rammer + " is Damaged: ram strength " + std::to_string(q.rammer.ram) + " halved to " +
                          std::to_string(strength) + ", never below 1 (15.42 note, {damaged_reading} chart)");
    } else if (q.rammer.damaged) {
        r.notes.push_back("a Damaged rammer keeps its Ramming Capability (15.34; "
                          "{damaged_reading} chart halves it)");
    }
    char defense = q.target.ram_defense;
    if (q.target.damaged) {
        defense = halved_ram_defense(defense);
        r.steps.push_back(target + " is Damaged: ram defense " + std::string(1, q.target.ram_defense) + " halved to " +
                          std::string(1, defense) + " (15.34; A=1 to D=4, halved rounding down, never below A)");
    }
    size_t column = value_or_usage(find_column(table, std::to_string(strength)), "{strength}: ");
    size_t row = value_or_usage(find_row(table, std::string(1, defense)), "{defense}: ");
    const RangeCell& range = table.rows.at(row).ranges.at(column);
    r.steps.push_back("ram strength " + std::to_string(strength) + " against ram defense " + std::string(1, defense) +
                      ": " + cell(table, row, column) + " (" + table.source + ")");

    const int damage_on = table.constant("rammer_damaged_on");
    const int sinks_from = table.constant("roll_again_sinks_from");
    bool rammer_damaged = false;
    if (!range.range) {
        set_ram_code(r.result, "immune");
    } else {
        int roll = dice.roll(*table.dice, "ram: pin on " + die_range_text(*range.range));
        rammer_damaged = roll == damage_on;
        bool pinned = roll >= range.range->lo && roll <= range.range->hi;
        r.steps.push_back("ram: " + roll_text(dice.record().back()) + (pinned ? " pins" : " does not pin"));
        if (pinned && range.roll_again) {
            int again = dice.roll(*table.dice, "ram: roll again, " + std::to_string(sinks_from) + "+ sinks");
            rammer_damaged = rammer_damaged || again == damage_on;
            bool sunk = again >= sinks_from;
            r.steps.push_back("roll again: " + roll_text(dice.record().back()) + (sunk ? " sinks" : " does not sink"));
            set_ram_code(r.result, sunk ? "sunk" : "pinned");
        } else {
            set_ram_code(r.result, pinned ? "pinned" : "failed");
        }
    }
    r.result.source = table.source;
    r.result.fields.push_back({"rammer_damaged", rammer_damaged});
    if (rammer_damaged) {
        r.result.effects.push_back(rammer + " rolled a " + std::to_string(damage_on) + " and is Damaged (15.42 note)");
    }
    r.rolls = dice.record();
    return r;
}

}  // namespace umpire::core
