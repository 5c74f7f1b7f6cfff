// umpire flak and umpire landing: Great Battles of WWII air landings, steps 1 and 3 (Drop
// Zone rules); step 2 is umpire drift.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct FlakOptions {
    std::string aa;
    std::string altitude;
    bool glider = false;
    int stands = 1;
    DiceOptions dice;
};

struct LandingOptions {
    std::string terrain;
    int modifier = 0;
    int stands = 1;
    DiceOptions dice;
};

void glider_or_altitude(const std::string& altitude, bool glider, const std::string& rule)
{
    if (glider && !altitude.empty()) {
        throw usage_error("--glider and --altitude " + altitude +
                          " cannot be given together: the glider's altitude is the rules' (" + rule +
                          "); give --glider alone, or --altitude high|medium|low for parachute troops");
    }
    if (!glider && altitude.empty()) {
        throw usage_error("give --altitude high|medium|low (parachute troops), or --glider (" + rule + ")");
    }
}

void setup_flak(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<FlakOptions>();
    auto* sub = app.add_subcommand("flak", "Great Battles: air landing flak, a d10 per stand by AA class and drop "
                                           "altitude (Drop Zone rules, step 1)");
    sub->add_option("--aa", opt->aa, "The AA the scenario defines: light, medium or heavy")
        ->required()
        ->transform(one_of({"light", "medium", "heavy"}))
        ->type_name("light|medium|heavy");
    ctx.choose(
        sub->add_option("--altitude", opt->altitude, "The drop altitude: high, medium or low")->type_name("ALTITUDE"),
        {"high", "medium", "low"});
    sub->add_flag("--glider", opt->glider, "Glider troops: always as dropped from high altitude (step 1)");
    sub->add_option("--stands", opt->stands, "Stands in the battalion, a d10 each (default 1)")->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The flak chart is lost from the rules text: great-battles.flak is PROVISIONAL,\n"
                "every cell a placeholder; replace it with the printed chart (--tables).\n"
                "Dice, in order: a d10 per stand.\n"
                "Examples:\n  umpire flak --aa heavy --altitude low --stands 4\n"
                "  umpire flak --aa light --glider --stands 3 --odds");
    sub->callback([opt, &ctx] {
        glider_or_altitude(opt->altitude, opt->glider,
                           "Drop Zone rules, Air Landings, step 1: \"Glider troops are always considered to be "
                           "dropped from a high altitude\"");
        const core::Table& table = ctx.table("great-battles.flak");
        core::Fields inputs{{"aa", opt->aa},
                            {"altitude", opt->glider ? std::string("high") : opt->altitude},
                            {"glider", opt->glider},
                            {"stands", static_cast<long long>(opt->stands)}};
        ctx.adjudicate(opt->dice, inputs, "flak", [&](core::Dice& dice) {
            return core::resolve_flak(table, opt->aa, opt->altitude, opt->glider, opt->stands, dice);
        });
    });
}

void setup_landing(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<LandingOptions>();
    auto* sub = app.add_subcommand("landing", "Great Battles: the landing roll, a d10 per stand plus modifiers by "
                                              "terrain (Drop Zone rules, step 3)");
    sub->add_option("--terrain", opt->terrain, "The terrain landed on: a column of great-battles.landing")
        ->required()
        ->type_name("TERRAIN");
    sub->add_option("--mod", opt->modifier,
                    "The Landing Chart's modifiers, summed, " + std::to_string(-core::k_max_d10_modifier) + " to " +
                        std::to_string(core::k_max_d10_modifier))
        ->type_name("N");
    sub->add_option("--stands", opt->stands, "Stands landing on that terrain, a d10 each (default 1)")->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The Landing Chart is lost from the rules text: great-battles.landing is PROVISIONAL,\n"
                "its terrain types (open, rough, woods, built-up) and cells placeholders. Stands\n"
                "landing in oceans, major rivers or off the table were destroyed in step 2.\n"
                "Dice, in order: a d10 per stand.\n"
                "Examples:\n  umpire landing --terrain woods --stands 3\n"
                "  umpire landing --terrain open --mod -1 --odds");
    sub->callback([opt, &ctx] {
        const core::Table& table = ctx.table("great-battles.landing");
        core::Fields inputs{{"terrain", opt->terrain},
                            {"modifier", static_cast<long long>(opt->modifier)},
                            {"stands", static_cast<long long>(opt->stands)}};
        ctx.adjudicate(opt->dice, inputs, "landing", [&](core::Dice& dice) {
            return core::resolve_landing(table, opt->terrain, opt->modifier, opt->stands, dice);
        });
    });
}

}  // namespace umpire::cli
