// Novorossiysk 1943's air: Air Unit Deployment, paratroop scatter and night bombing.
#include "games/novorossiysk/novorossiysk.h"

#include "core/lookup.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

Resolution resolve_air_deployment(const Table& procedures, int air_units, int denied,
                                  const std::vector<int>& air_spaces)
{
    check_count(air_units, 0, k_max_air_units, "{air_units}");
    check_count(denied, 0, k_max_air_units, "{air_units_denied}");
    const int limit = procedures.constant("air_space_limit");
    const int less = procedures.constant("blank_blocks_less");
    Resolution r;
    r.command = "air-deployment";
    r.title = "Air Unit Deployment";
    r.source = "Novorossiysk 1943, Air Unit Deployment";
    note_table(r, procedures);
    const int blanks = std::max(0, air_units - less);
    // Hitting The Enemy Air Field: "For every hit scored the enemy cannot deploy the same
    // number of Air Units next phase. (This does not include Blank Blocks)": the Air Units
    // placed are fewer, the Blank Blocks as many as the Air Field's units less one.
    const int deployed = std::max(0, air_units - denied);
    if (denied > 0) {
        r.steps.push_back(std::to_string(denied) +
                          " hit(s) on the Air Field last phase: " + std::to_string(air_units - deployed) + " of its " +
                          std::to_string(air_units) + " Air Units cannot deploy, " + std::to_string(deployed) +
                          " can; Blank Blocks are not included (Hitting The Enemy Air Field)");
    }
    r.steps.push_back(std::to_string(air_units) + " Air Units: add " + std::to_string(blanks) +
                      " Blank Blocks (as many less one), " + std::to_string(deployed + blanks) +
                      " blocks to place in turn with the enemy");
    r.result.code = std::to_string(blanks);
    r.result.name = std::to_string(blanks) + (blanks == 1 ? " Blank Block" : " Blank Blocks");
    r.result.source = r.source;
    r.result.fields.push_back({"blank_blocks", static_cast<long long>(blanks)});
    r.result.fields.push_back({"blocks", static_cast<long long>(deployed + blanks)});
    if (denied > 0) {
        r.result.fields.push_back({"air_units_denied", static_cast<long long>(denied)});
        r.result.fields.push_back({"air_units_deployed", static_cast<long long>(deployed)});
    }
    r.result.effects.push_back("players place their blocks alternately in the Air Spaces, then reveal them and "
                               "remove every Blank Block");
    bool over = false;
    for (size_t i = 0; i < air_spaces.size(); ++i) {
        check_count(air_spaces[i], 0, 100, "{air_space}");
        Outcome o;
        o.label = "air space " + std::to_string(i + 1);
        o.source = r.source;
        o.fields.push_back({"blocks", static_cast<long long>(air_spaces[i])});
        if (air_spaces[i] > limit) {
            over = true;
            o.code = "over";
            o.name = "Over the limit";
            o.effects.push_back(std::to_string(air_spaces[i]) + " blocks: an Air Space can receive at most " +
                                std::to_string(limit) + " Air Units");
        } else {
            o.code = "within";
            o.name = "Within the limit";
            o.effects.push_back(std::to_string(air_spaces[i]) + " of at most " + std::to_string(limit));
        }
        r.steps.push_back(o.label + ": " + o.effects.back());
        r.results.push_back(std::move(o));
    }
    if (!air_spaces.empty()) {
        r.result.fields.push_back({"within_limits", !over});
        r.notes.push_back("counted as blocks placed, both sides' and blanks included: an Air Space's seven small "
                          "hexes hold them all until the reveal");
    }
    return r;
}

Resolution resolve_paratroop_scatter(const Table& scatter, const Table& procedures, int blocks,
                                     const std::vector<int>& occupied, Dice& dice)
{
    if (blocks < 1 || blocks > 20) {
        throw usage_error("{paratroops} is " + std::to_string(blocks) + "; allowed 1 to 20");
    }
    const int capacity = procedures.constant("units_per_small_hex");
    std::vector<int> units(occupied);
    units.resize(7, 0);  // hexes 1-6, then the centre
    for (int u : units) {
        if (u < 0 || u > capacity) {
            throw usage_error("{occupied}: a small hex holds 0 to " + std::to_string(capacity) + " units");
        }
    }
    Resolution r;
    r.command = "scatter";
    r.title = "Paratroop scatter";
    r.source = scatter.source;
    note_table(r, scatter);
    note_table(r, procedures);
    int destroyed = 0;
    for (int i = 0; i < blocks; ++i) {
        std::string label = "paratroop block " + std::to_string(i + 1);
        int roll = dice.roll(*scatter.dice, label);
        const int hex = scatter.rows.at(*find_row(scatter, roll)).numbers.at(0).value();
        // Full: the next numbered hex along, then the centre; no room, destroyed.
        int placed = -1;
        for (int step = 0; step < 6 && placed < 0; ++step) {
            int h = (hex - 1 + step) % 6;
            if (units[static_cast<size_t>(h)] < capacity) {
                placed = h;
            }
        }
        if (placed < 0 && units[6] < capacity) {
            placed = 6;
        }
        Outcome o;
        o.label = label;
        if (placed < 0) {
            o.code = "destroyed";
            o.name = "Destroyed: no room to land";
            ++destroyed;
        } else {
            ++units[static_cast<size_t>(placed)];
            o.code = placed == 6 ? "centre" : std::to_string(placed + 1);
            o.name = placed == 6 ? "Lands in the centre hex" : "Lands in hex " + o.code;
            if (placed != hex - 1) {
                o.effects = {"hex " + std::to_string(hex) + " was full: moved along"};
            }
        }
        r.steps.push_back(label + ": d6 " + std::to_string(roll) + " -> " + o.name);
        r.results.push_back(o);
    }
    r.result.code = destroyed == 0 ? "landed" : destroyed == blocks ? "destroyed" : "some-destroyed";
    r.result.name = std::to_string(blocks - destroyed) + " landed, " + std::to_string(destroyed) + " destroyed";
    r.result.effects = {"a block landing in an enemy-controlled small hex is destroyed",
                        "with no enemy in a bordering hex, a block may move one small hex for free (not across a "
                        "river, not into an urban hex, not into combat)"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_night_bombing(const Table& scatter, const Table& procedures, Dice& dice)
{
    Resolution r;
    r.command = "scatter";
    r.title = "Night bombing scatter";
    r.source = scatter.game + ", Night Phase";
    const int from = procedures.constant("night_bomb_no_scatter_from");
    note_table(r, procedures);
    int roll = dice.roll_d6("night bombing: " + std::to_string(from) + "+ no scatter");
    if (roll >= from) {
        r.result.code = "on-target";
        r.result.name = "No scatter";
        r.result.effects = {"the bombs fall in the bomber's own small hex"};
        r.steps.push_back("d6 " + std::to_string(roll) + ": no scatter");
    } else {
        note_table(r, scatter);
        int second = dice.roll(*scatter.dice, "night bombing: where the bombs scatter");
        std::string hex = scatter.rows.at(*find_row(scatter, second)).cells[0];
        r.result.code = hex;
        r.result.name = "Scatter to hex " + hex;
        r.result.effects = {"hits fall in that numbered hex round the bomber, friendly troops included; from an "
                            "outer hex they may fall in the neighbouring Air Space"};
        r.steps.push_back("d6 " + std::to_string(roll) + ": scatter; d6 " + std::to_string(second) + " -> hex " + hex);
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

// Weather (N1-N2).

}  // namespace umpire::core
