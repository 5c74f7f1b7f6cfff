// umpire drift: Great Battles of WWII air landings, step 2 (Drop Zone rules).
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct DriftOptions {
    std::string altitude;
    bool glider = false;
    int stands = 1;
    DiceOptions dice;
};

void run_drift(const DriftOptions& opt, Context& ctx)
{
    const core::Table& procedures = ctx.table("great-battles.procedures");
    core::Fields inputs{{"altitude", opt.glider ? std::string("low") : opt.altitude},
                        {"glider", opt.glider},
                        {"stands", static_cast<long long>(opt.stands)}};
    // Each stand's two dice alone, nothing read from two stands: --odds walks the headline
    // and each stand, a hundred branches each, not 100 to the power of the stands.
    std::vector<core::OddsPart> parts;
    for (int i = 0; i <= opt.stands && opt.stands <= 50; ++i) {
        parts.push_back({[&, i](core::Dice& dice) {
                             return core::resolve_drift(procedures, opt.altitude, opt.glider, opt.stands, dice, i);
                         },
                         "", ""});
    }
    ctx.adjudicate(
        opt.dice, inputs, "drift",
        [&](core::Dice& dice) { return core::resolve_drift(procedures, opt.altitude, opt.glider, opt.stands, dice); },
        {}, {parts, core::PartsAre::apart, {}});
}

void setup_drift(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<DriftOptions>();
    auto* sub = app.add_subcommand("drift", "Great Battles: air landing drift, two d10 per stand scaled by "
                                            "altitude (Drop Zone rules)");
    ctx.choose(
        sub->add_option("--altitude", opt->altitude, "high (x2), medium (x1) or low (x1/2)")->type_name("ALTITUDE"),
        {"high", "medium", "low"});
    sub->add_flag("--glider", opt->glider, "Glider troops: always drift as from low altitude");
    sub->add_option("--stands", opt->stands, "Stands dropping, two d10 each (default 1)")->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("Dice, in order: per stand the coloured (north-south) then the white (east-west) d10.\n"
                "Examples:\n  umpire drift --altitude high --stands 3\n  umpire drift --glider --roll 7,4");
    sub->callback([opt, &ctx] {
        // Drop Zone rules, step 2: glider troops always drift as from low altitude, so an
        // altitude with --glider would be ignored; refused as flak refuses it.
        glider_or_altitude(opt->altitude, opt->glider,
                           "Drop Zone rules, Air Landings, step 2: \"Glider troops always roll for drift as if they "
                           "had been dropped from a low altitude\"");
        run_drift(*opt, ctx);
    });
}

}  // namespace umpire::cli
