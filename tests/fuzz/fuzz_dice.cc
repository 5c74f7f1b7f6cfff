// Fuzz target: the dice-expression parser. Any text gives a spec within the documented
// limits or a message; a spec's label parses back to the same spec, and for small specs
// the distribution's ways add up to sides^count. The same text as a roll expression
// (core/pool.h): its label reads back to the same label, and it rolls within its bounds.
#include "core/dice.h"
#include "core/pool.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace umpire;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto term = core::parse_roll_term(text)) {
        auto again = core::parse_roll_term(term->label());
        if (!again || again->label() != term->label() || again->pools.size() != term->pools.size()) {
            std::abort();
        }
        long long dice = 0;
        for (const auto& pool : term->pools) {
            dice += pool.dice.count;
        }
        if (dice <= 50) {
            core::RandomSource source(static_cast<std::uint32_t>(size));
            core::Dice roller(source);
            core::Shown shown;
            const int value = core::roll_term(*term, roller, "fuzz", &shown);
            const long long most = dice * 1000LL * (core::k_max_rerolls + 1) + core::k_max_modifier * 2LL;
            if (value > most || value < -most) {
                std::abort();
            }
        }
    } else if (term.error().empty()) {
        std::abort();
    }
    auto spec = core::parse_dice(text);
    if (!spec) {
        if (spec.error().empty()) {
            std::abort();  // every refusal says why
        }
        return 0;
    }
    if (spec->count < 1 || spec->count > core::k_max_dice_count || spec->sides < 2 ||
        spec->sides > core::k_max_die_sides || spec->modifier < -core::k_max_modifier ||
        spec->modifier > core::k_max_modifier) {
        std::abort();
    }
    auto again = core::parse_dice(spec->label());
    if (!again || !(*again == *spec)) {
        std::abort();
    }
    if (spec->count * spec->sides <= 2000) {
        std::uint64_t total = 0;
        for (const auto& w : core::distribution(*spec)) {
            if (w.total < spec->min() || w.total > spec->max()) {
                std::abort();
            }
            total += w.ways;
        }
        if (core::outcome_count(*spec) != 0 && total != core::outcome_count(*spec)) {
            std::abort();
        }
    }
    return 0;
}
