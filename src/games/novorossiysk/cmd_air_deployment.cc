// umpire air-deployment: Novorossiysk 1943's Air Unit Deployment.
#include "cli/commands.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"

namespace umpire::cli {

struct AirDeploymentOptions {
    int air_units = 0;
    std::vector<int> air_spaces;
    DiceOptions dice;
};

void setup_air_deployment(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<AirDeploymentOptions>();
    auto* sub = app.add_subcommand("air-deployment", "Novorossiysk: Air Unit Deployment, the Blank Blocks to add "
                                                     "and the limit of seven Air Units an Air Space");
    sub->add_option("--air-units", opt->air_units, "The side's Air Units on its Air Field")->required()->type_name("N");
    sub->add_option("--air-space", opt->air_spaces,
                    "Blocks placed in one Air Space, both sides' and blanks included (repeatable, or N,N)")
        ->delimiter(',')
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("As many Blank Blocks as Air Units, less one: five Air Units place nine blocks.\n"
                "An Air Space can receive at most seven Air Units. No dice.\n"
                "Examples:\n  umpire air-deployment --air-units 5\n"
                "  umpire air-deployment --air-units 3 --air-space 7,8");
    sub->callback([opt, &ctx] {
        const core::Table& procedures = ctx.table("novorossiysk.procedures");
        core::Fields inputs{{"air_units", static_cast<long long>(opt->air_units)}};
        if (!opt->air_spaces.empty()) {  // what within_limits is read from (hunt42)
            std::vector<std::string> spaces;
            for (const int n : opt->air_spaces) {
                spaces.push_back(std::to_string(n));
            }
            inputs.push_back({"air_space", spaces});
        }
        ctx.adjudicate(opt->dice, inputs, "air-deployment", [&](core::Dice&) {
            return core::resolve_air_deployment(procedures, opt->air_units, opt->air_spaces);
        });
    });
}

}  // namespace umpire::cli
