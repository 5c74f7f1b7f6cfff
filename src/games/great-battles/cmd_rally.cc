// umpire rally: Great Battles of WWII 14.7.
#include "cli/commands.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

namespace umpire::cli {

struct RallyOptions {
    std::optional<int> rally_number;
    std::string quality;
    std::string unit;
    std::optional<int> suppressed;
    int modifier = 0;
    DiceOptions dice;
};

RallyNumber resolve_rally_number(const std::string& prefix, const std::optional<int>& number,
                                 const std::string& quality, const std::string& unit, Context& ctx)
{
    int given = (number ? 1 : 0) + (quality.empty() ? 0 : 1) + (unit.empty() ? 0 : 1);
    if (given != 1) {
        throw usage_error("give exactly one of --" + prefix + "rally-number, --" + prefix + "quality, --" + prefix +
                          "unit");
    }
    if (number) {
        return {*number, nullptr};
    }
    const core::Table& table = ctx.table("great-battles.rally-numbers");
    if (!quality.empty()) {
        auto n = core::rally_number(table, quality);
        if (!n) {
            throw usage_error("--" + prefix + "quality: " + n.error());
        }
        return {*n, &table};
    }
    const std::string flag = "--" + prefix + "unit";
    const core::Unit& found = find_unit(flag, unit, core::k_great_battles_scenario, ctx);
    auto n = core::unit_rally_number(table, found);
    if (!n) {
        throw usage_error(flag + ": " + n.error());
    }
    return {*n, found.rally > 0 ? nullptr : &table};
}

void run_rally(const RallyOptions& opt, Context& ctx)
{
    core::RallyRequest q;
    const RallyNumber rally = resolve_rally_number("", opt.rally_number, opt.quality, opt.unit, ctx);
    q.rally_number = rally.value;
    q.rally_table = rally.table;
    q.modifier = opt.modifier;
    const core::GameState* game = opt.unit.empty() ? nullptr : ctx.game();
    const std::string name =
        opt.unit.empty() ? "" : find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx).name;
    if (game != nullptr && game->find_unit(name) != nullptr) {
        core::require_stand_left(*game, name, ctx.game_path());
        // The game keeps the battalion's suppressed stands: the count to roll for.
        q.suppressed = count_in_game("--suppressed", opt.suppressed, game->number(name, "suppressed"), name,
                                     "suppressed stands", ctx);
        if (q.suppressed == 0) {
            throw usage_error("--unit " + name + ": the game (" + ctx.game_path() +
                              ") has no suppressed stand of it to rally (14.7)");
        }
    } else if (opt.suppressed) {
        q.suppressed = *opt.suppressed;
    } else {
        throw usage_error("--suppressed is required: the battalion's suppressed stands (or --game FILE with --unit, "
                          "whose game counts them)");
    }
    core::Fields inputs{{"rally_number", static_cast<long long>(q.rally_number)},
                        {"suppressed", static_cast<long long>(q.suppressed)},
                        {"modifier", static_cast<long long>(q.modifier)}};
    if (!opt.unit.empty()) {
        inputs.push_back({"unit", find_unit("--unit", opt.unit, core::k_great_battles_scenario, ctx).name});
    }
    ctx.adjudicate(opt.dice, inputs, "rally", [&](core::Dice& dice) { return core::resolve_rally(q, dice); });
}

void setup_rally(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<RallyOptions>();
    auto* sub = app.add_subcommand("rally", "Great Battles: rally, a d10 per suppressed stand against "
                                            "the rally number (14.7)");
    sub->add_option("--rally-number", opt->rally_number, "The battalion's rally number, 1 to 10")->type_name("N");
    ctx.offer_rows(sub->add_option("--quality", opt->quality,
                                   "Or its quality: raw 6, inexperienced 7, average 8, experienced 9, veterans 10 "
                                   "(14.7.3)")
                       ->type_name("QUALITY"),
                   "great-battles.rally-numbers");
    sub->add_option("--unit", opt->unit, "Or a battalion of the scenario")->type_name("NAME");
    sub->add_option("--suppressed", opt->suppressed,
                    "Suppressed stands, one d10 each (with --game and --unit, the game's count)")
        ->type_name("N");
    sub->add_option("--mod", opt->modifier,
                    "Rally modifiers, e.g. a command stand's (4.1.1), " + std::to_string(-core::k_max_d10_modifier) +
                        " to " + std::to_string(core::k_max_d10_modifier))
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire rally --quality average --suppressed 3\n"
                "  umpire rally --unit 2-Para --suppressed 2 --odds\n"
                "  umpire --game day.toml --apply rally --unit I-Btl   # the game's suppressed stands");
    sub->callback([opt, &ctx] { run_rally(*opt, ctx); });
}

}  // namespace umpire::cli
