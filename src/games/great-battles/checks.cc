// Great Battles' single checks: the COPS overrun (5.1.3) and sighting.
#include "games/great-battles/great_battles.h"
#include "games/great-battles/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace umpire::core {

using namespace great_battles_internal;

Resolution resolve_cops_overrun(const Table& procedures, std::string_view side, std::string_view division,
                                std::optional<int> available)
{
    if (available) {
        check_count(*available, 0, 1000, "{activation_points}");
    }
    Resolution r;
    r.command = "cops-overrun";
    r.title = "C Ops overrun";
    r.source = "Great Battles of WWII 5.1.3";
    note_table(r, procedures);
    const int lost = procedures.constant("cops_overrun_activation_points");
    const std::string whose = division.empty() ? std::string("the division") : std::string(division);
    r.result.code = "overrun";
    r.result.name = "C Ops overrun and destroyed";
    r.result.source = r.source;
    r.result.fields.push_back({"side", std::string(side)});
    if (!division.empty()) {
        r.result.fields.push_back({"division", std::string(division)});
    }
    r.result.fields.push_back({"activation_points_lost", static_cast<long long>(lost)});
    r.steps.push_back("the C Ops of " + whose + " is interpenetrated by an enemy stand: overrun and destroyed (5.1.3)");
    r.steps.push_back(std::string(side) + " loses " + std::to_string(lost) + " Activation Points (5.1.3)");
    if (available) {
        const int after = *available - lost;
        r.result.fields.push_back({"activation_points_after", static_cast<long long>(std::max(0, after))});
        r.steps.push_back(std::to_string(*available) + " Activation Points less " + std::to_string(lost) + ": " +
                          std::to_string(std::max(0, after)) + " left");
        if (after < 0) {
            r.notes.push_back("the side held only " + std::to_string(*available) +
                              ": 5.1.3 says 10 are lost and no more, so none remain and nothing is owed");
        }
    }
    r.result.effects = {
        std::string(side) + " loses " + std::to_string(lost) + " Activation Points",
        "every stand of " + whose +
            " is isolated in the coming night phase (replacement rolls read the isolated column, 16.2)",
        "the C Ops reappears by road on a friendly board edge at the beginning of the next day",
    };
    return r;
}

Resolution resolve_sighting(const Table& table, int turn, Dice& dice)
{
    const int first = table.constant("turn_1_inches");
    const int second = table.constant("turn_2_inches");
    const int later = table.constant("later_inches");
    if (turn == 1 || turn > 3) {
        throw usage_error("{turn} " + std::to_string(turn) + ": sighting is " +
                          std::to_string(turn == 1 ? first : later) +
                          "\" then, with no roll; the attacker rolls on turns 2 and 3 (8.2)");
    }
    check_count(turn, 1, 3, "{turn}");
    Resolution r = resolve_lookup(table, {}, dice);
    r.command = "sighting";
    int from = turn == 2 ? first : second;
    int to = turn == 2 ? second : later;
    r.inputs.push_back({"turn", static_cast<long long>(turn)});
    r.result.fields.push_back({"from_inches", static_cast<long long>(from)});
    r.result.fields.push_back({"to_inches", static_cast<long long>(to)});
    r.steps.push_back("turn " + std::to_string(turn) + ": sighting rises from " + std::to_string(from) + "\" to " +
                      std::to_string(to) + "\" (8.2)");
    return r;
}

}  // namespace umpire::core
