#include "core/black_sea.h"

#include "core/lookup.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::core {

Resolution resolve_always_possible(const Table& procedures, int needed, int best, Dice& dice)
{
    if (needed <= best) {
        throw usage_error("{needed} " + std::to_string(needed) + " is within reach of {best} " + std::to_string(best) +
                          ": roll normally; Always Possible is for a roll that "
                          "cannot succeed");
    }
    const long long count = static_cast<long long>(needed) - best + 1;
    if (count > k_max_always_possible_dice) {
        throw usage_error("{needed} " + std::to_string(needed) + " and {best} " + std::to_string(best) + " ask for " +
                          std::to_string(count) + " dice; at most " + std::to_string(k_max_always_possible_dice));
    }
    const int face = procedures.constant("always_possible_face");
    Resolution r;
    r.command = "always-possible";
    r.title = "Always Possible";
    r.source = procedures.source;
    note_table(r, procedures);
    r.steps.push_back("needed " + std::to_string(needed) + ", best possible " + std::to_string(best) + ": " +
                      std::to_string(needed - best) + " + 1 = " + std::to_string(count) + " dice, all must be " +
                      std::to_string(face));
    bool all = true;
    for (int i = 0; i < count; ++i) {
        int roll = dice.roll_d6("Always Possible: die " + std::to_string(i + 1) + " of " + std::to_string(count));
        all = all && roll == face;
    }
    r.result.code = all ? "success" : "failure";
    r.result.name = all ? "Succeeds" : "Fails";
    r.result.fields.push_back({"dice", static_cast<long long>(count)});
    r.result.effects = {all ? "every die is a six: the attempt succeeds" : "not every die is a six: the attempt fails"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_weather_limits(const Table& table, std::string_view weather, Dice& dice)
{
    Resolution r = resolve_lookup(table, {std::nullopt, to_lower(weather), 0}, dice);
    r.command = "weather";
    r.result.name = "at most " + r.result.code + (r.result.code == "1" ? " sea zone" : " sea zones") + " a turn";
    r.result.effects = table.notes;
    return r;
}

}  // namespace umpire::core
