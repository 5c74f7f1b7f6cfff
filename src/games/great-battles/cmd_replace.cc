// umpire replace: Great Battles of WWII 16.2.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct ReplaceOptions {
    std::string supply;
    std::string side;
    std::string situation;
    std::optional<int> eliminated;
    bool paratroopers = false;
    std::string unit;
    DiceOptions dice;
};

// With --game and --unit: the battalion's eliminated stands (its scenario strength less
// what it has now), once a night (16.1, 16.2), when 'game next' has reached the night.
int eliminated_in_game(const ReplaceOptions& opt, const core::Unit& unit, Context& ctx)
{
    const core::GameState& g = *ctx.game();
    if (g.find_unit(unit.name) == nullptr) {
        throw usage_error("--unit " + unit.name + ": the game in " + ctx.game_path() + " keeps no such battalion");
    }
    if (g.value("", "phase") != "night") {
        const core::GameRules& rules = *core::find_game_rules(g.game);
        throw usage_error(
            "--unit " + unit.name + ": replacement rolls are made in the Night Phase (16.1, 16.2); the game is at " +
            core::current_step(rules, g).name + " of day " + g.value("", "day") +
            (g.value("", "phase") == "dawn" ? ""
                                            : ", turn " + g.value("", "turn") + " of " + g.value("", "turns_in_day")) +
            ": 'game next' reaches the night after the day's last turn");
    }
    if (g.value(unit.name, "replaced_on_day") == g.value("", "day")) {
        throw usage_error("--unit " + unit.name + " has already rolled for replacements this night (16.2.3)");
    }
    const int now = g.number(unit.name, "stands_at_start_of_day") - g.number(unit.name, "eliminated");
    const int lost = unit.stands - now;
    if (opt.eliminated && *opt.eliminated != lost) {
        throw usage_error("--eliminated " + std::to_string(*opt.eliminated) + ": the game has " + unit.name + " at " +
                          std::to_string(now) + " of " + std::to_string(unit.stands) + " stands, " +
                          std::to_string(lost) + " eliminated");
    }
    // 16.2.3 rolls "a d10 for every eliminated stand": none lost, nothing to roll (isolated
    // still resolves: no rolls, and the extra stand lost).
    if (lost == 0 && opt.situation != "isolated") {
        throw usage_error("--unit " + unit.name + " has no eliminated stand in the game (" + ctx.game_path() + ": " +
                          std::to_string(now) + " of " + std::to_string(unit.stands) +
                          " stands): no replacement roll (16.2.3: a d10 for every eliminated stand)");
    }
    return lost;
}

void run_replace(const ReplaceOptions& opt, Context& ctx)
{
    const core::Unit* unit = nullptr;
    if (!opt.unit.empty()) {
        unit = &find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx);
        if (!opt.side.empty() && opt.side != unit->side) {
            throw usage_error("--side " + opt.side + ": " + unit->name + " is " + unit->side);
        }
    }
    const std::string side = unit != nullptr && opt.supply.empty() ? unit->side : opt.side;
    if (opt.supply.empty() == side.empty()) {
        throw usage_error("give exactly one of --supply and --side (or --unit, for its side)");
    }
    std::string supply = opt.supply;
    if (!side.empty()) {
        const core::Scenario& s = ctx.scenario(core::k_great_battles_scenario);
        supply = s.supply_of(side);
        if (supply.empty()) {
            throw usage_error("--side " + side + ": scenario " + s.id + " sets no supply for it; give --supply");
        }
    }
    int eliminated = 0;
    if (unit != nullptr && !ctx.game_path().empty()) {
        eliminated = eliminated_in_game(opt, *unit, ctx);
    } else if (opt.eliminated) {
        eliminated = *opt.eliminated;
    } else {
        throw usage_error("give --eliminated N (or --game FILE --unit NAME, which counts them)");
    }
    const core::Table& chart = ctx.table("great-battles.replacement");
    core::Fields inputs{
        {"supply", supply}, {"situation", opt.situation}, {"eliminated", static_cast<long long>(eliminated)}};
    if (opt.paratroopers) {
        inputs.push_back({"paratroopers", true});
    }
    if (unit != nullptr) {
        inputs.push_back({"unit", unit->name});
    }
    ctx.adjudicate(opt.dice, inputs, "replace", [&](core::Dice& dice) {
        return core::resolve_replacement(chart, supply, opt.situation, eliminated, opt.paratroopers, dice);
    });
}

void setup_replace(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ReplaceOptions>();
    auto* sub = app.add_subcommand("replace", "Great Battles: night replacement rolls, a d10 per "
                                              "eliminated stand (16.2)");
    ctx.offer_rows(
        sub->add_option("--supply", opt->supply, "Supply quality: good, average, poor")->type_name("QUALITY"),
        "great-battles.replacement");
    sub->add_option("--side", opt->side, "Or the side, whose supply the scenario sets")->type_name("SIDE");
    ctx.choose(
        sub->add_option("--situation", opt->situation, "reserve (the whole day, 5.3.2), line, or isolated (16.2.2)")
            ->required()
            ->type_name("SITUATION"),
        {"reserve", "line", "isolated"});
    sub->add_option("--eliminated", opt->eliminated, "Eliminated stands, one d10 each (a game counts them)")
        ->type_name("N");
    sub->add_flag("--paratroopers", opt->paratroopers,
                  "Isolated paratroopers lose no extra stand (Drop Zone rules, Air Supply)");
    sub->add_option("--unit", opt->unit,
                    "A battalion of the scenario, for its side; with --game its eliminated stands, and --apply "
                    "returns the stands that come back (16.2.3)")
        ->type_name("NAME");
    add_dice_options(*sub, opt->dice);
    sub->footer("The Replacement Chart of 16.2 is lost: umpire's table is PROVISIONAL. An isolated battalion\n"
                "rolls nothing and loses an extra stand, paratroopers excepted (Drop Zone rules, Air Supply).\n"
                "Examples:\n  umpire replace --supply average --situation line --eliminated 2\n"
                "  umpire replace --side british --situation reserve --eliminated 1\n"
                "  umpire --game day.toml --apply replace --unit I-Btl --situation line   # at night\n");
    sub->callback([opt, &ctx] { run_replace(*opt, ctx); });
}

}  // namespace umpire::cli
