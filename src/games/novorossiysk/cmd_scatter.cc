// umpire scatter: Novorossiysk 1943 paratroop scatter (N8) and night bombing (N9).
#include "cli/commands.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct ScatterOptions {
    std::optional<int> paratroops;  // unset: the flag left off (0 is refused, not taken for that)
    std::vector<std::string> occupied;
    bool night_bomb = false;
    DiceOptions dice;
};

void run_scatter(const ScatterOptions& opt, Context& ctx)
{
    const core::Table& scatter = ctx.table("novorossiysk.scatter");
    const core::Table& procedures = ctx.table("novorossiysk.procedures");
    if (opt.night_bomb == opt.paratroops.has_value()) {
        throw usage_error("give --paratroops N or --night-bomb, one of them");
    }
    if (opt.night_bomb && !opt.occupied.empty()) {
        throw usage_error("--occupied is for --paratroops (two units a hex, Paratroopers); a night bomb's hits fall "
                          "where its die says, on whoever is there (Night Phase)");
    }
    if (opt.night_bomb) {
        ctx.adjudicate(opt.dice, {{"night_bomb", true}}, "scatter",
                       [&](core::Dice& dice) { return core::resolve_night_bombing(scatter, procedures, dice); });
        return;
    }
    std::vector<int> occupied(7, 0);
    std::vector<bool> named(7, false);
    for (const auto& spec : opt.occupied) {
        size_t eq = spec.find('=');
        std::string hex = spec.substr(0, eq);
        int index = hex == "centre" || hex == "center" ? 7 : 0;
        if (index == 0) {
            auto n = parse_int(hex, 1, 6);
            if (!n) {
                throw usage_error("--occupied " + spec + ": a hex is 1 to 6 or centre");
            }
            index = static_cast<int>(*n);
        }
        auto units = eq == std::string::npos ? Expected<long long>(1) : parse_int(spec.substr(eq + 1), 0, 2);
        if (!units) {
            throw usage_error("--occupied " + spec + ": " + units.error());
        }
        if (named[static_cast<size_t>(index - 1)]) {
            throw usage_error("--occupied " + spec + ": hex " + hex + " is given twice; give each hex once");
        }
        named[static_cast<size_t>(index - 1)] = true;
        occupied[static_cast<size_t>(index - 1)] = static_cast<int>(*units);
    }
    core::Fields inputs{{"paratroops", static_cast<long long>(*opt.paratroops)}};
    if (!opt.occupied.empty()) {
        inputs.push_back({"occupied", opt.occupied});
    }
    ctx.adjudicate(opt.dice, inputs, "scatter", [&](core::Dice& dice) {
        return core::resolve_paratroop_scatter(scatter, procedures, *opt.paratroops, occupied, dice);
    });
}

void setup_scatter(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ScatterOptions>();
    auto* sub = app.add_subcommand("scatter", "Novorossiysk: where paratroop blocks land, or night bombs fall, "
                                              "in an Air Space's numbered small hexes");
    sub->add_option("--paratroops", opt->paratroops, "Paratroop blocks dropping into the Air Space")->type_name("N");
    sub->add_option("--occupied", opt->occupied, "Units already in a small hex, HEX=N (hex 1-6 or centre; repeatable)")
        ->allow_extra_args(false)
        ->type_name("HEX=N");
    sub->add_flag("--night-bomb", opt->night_bomb, "A night bomber: 4+ no scatter, else a second die");
    add_dice_options(*sub, opt->dice);
    sub->footer("Two units a small hex; overflow moves to the next numbered hex, then the centre; with no\n"
                "room the block is destroyed. The hex-numbering chart is lost: PROVISIONAL.\n"
                "Examples:\n  umpire scatter --paratroops 3 --occupied 2=1\n  umpire scatter --night-bomb --odds");
    sub->callback([opt, &ctx] { run_scatter(*opt, ctx); });
}

}  // namespace umpire::cli
