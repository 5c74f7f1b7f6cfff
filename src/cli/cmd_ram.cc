// umpire ram: Constantinople 15.1, table 15.42.
#include "cli/commands.h"
#include "core/constantinople.h"
#include "util/error.h"

namespace umpire::cli {

struct RamOptions {
    std::string rammer;
    std::string target;
    std::string reading = "case";
    DiceOptions dice;
};

void run_ram(const RamOptions& opt, Context& ctx)
{
    core::RamRequest q;
    auto scenario = [&ctx]() -> const core::Scenario& { return ctx.scenario("constantinople"); };
    q.rammer = flag_value("{rammer}", core::parse_ship(opt.rammer, core::ShipValue::ram, scenario));
    q.target = flag_value("{target}", core::parse_ship(opt.target, core::ShipValue::ram_defense, scenario));
    q.reading = core::parse_damaged_reading(opt.reading);
    if (q.target.leader) {
        throw usage_error("{target}: a leader has no effect on ramming (15.26)");
    }
    const core::Table& table = ctx.table("constantinople.ram");
    core::Fields inputs{{"rammer", opt.rammer}, {"target", opt.target}, {"damaged_reading", opt.reading}};
    ctx.adjudicate(opt.dice, inputs, "ram", [&](core::Dice& dice) { return core::resolve_ram(table, q, dice); });
}

void setup_ram(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<RamOptions>();
    auto* sub = app.add_subcommand("ram", "Constantinople ramming (15.1, Ramming Table 15.42)");
    sub->add_option("--strength,--rammer", opt->rammer,
                    "The rammer: ram strength 1-4, or a ship's name, with :back :damaged")
        ->required()
        ->type_name("N|SHIP");
    sub->add_option("--defense,--target", opt->target,
                    "The target: ram defense A-D, or a ship's name, with :back :damaged")
        ->required()
        ->type_name("A-D|SHIP");
    sub->add_option("--damaged-reading", opt->reading,
                    "case: 15.34, a Damaged rammer keeps its ram strength (default); chart: the "
                    "15.42 note, halved (never below 1)")
        ->check(one_of({"case", "chart"}))
        ->type_name("case|chart");
    add_dice_options(*sub, opt->dice);
    sub->footer("A Damaged target's ram defense is halved (15.34): D reads as B, C and B as A.\n"
                "Dice, in order: the pin roll, then (on a '*' cell that pinned) the roll again.\n"
                "Any 6 damages the rammer. A '-' cell cannot pin: no die is rolled.\n"
                "Examples:\n"
                "  umpire ram --strength 3 --defense B\n"
                "  umpire ram --rammer Galley-2 --target Genoa --roll 1\n"
                "  umpire ram --strength 4 --defense A:damaged --odds");
    sub->callback([opt, &ctx] { run_ram(*opt, ctx); });
}

}  // namespace umpire::cli
