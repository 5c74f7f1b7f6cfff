// umpire overrun: The Russian Portfolio Armor Overrun (XIII.C, X.B, XIV.D).
#include "cli/commands.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>

namespace umpire::cli {

struct OverrunOptions {
    core::OverrunRequest request;
    DiceOptions dice;
};

void run_overrun(const OverrunOptions& opt, Context& ctx)
{
    const core::Table& overrun = ctx.table("russian-portfolio.overrun");
    const core::Table& terrain = ctx.table("russian-portfolio.overrun-terrain");
    core::OverrunRequest q = opt.request;
    // A Russian Portfolio game keeps the turn's weather (VI.A): the overrun is in it. A
    // --weather that contradicts it answered another weather's overrun.
    if (const core::GameState* game = ctx.game_path().empty() ? nullptr : ctx.game();
        game != nullptr && game->game == "russian-portfolio") {
        const std::string kept = game->value("", "weather");
        // Before a 1Jun41 start's die is cast, its weather is the die's (XVI.C.1.c): a hand's
        // weather is refused rather than taken and lost (umpire(1)).
        if (const std::string due = core::weather_die_due(*game); !due.empty()) {
            throw usage_error((q.weather.empty() ? std::string() : "--weather " + q.weather + ": ") + "the game (" +
                              ctx.game_path() + ") " + due);
        }
        if (!q.weather.empty() && to_lower(q.weather) != kept) {
            contradicts_game("--weather", q.weather, kept, "this game-turn (VI.A)", ctx);
        }
        if (q.weather.empty()) {
            q.weather = kept;
        }
    }
    if (q.weather.empty()) {
        throw usage_error("--weather: give the turn's weather, good, mud, hard-frost or snow (or a Russian "
                          "Portfolio --game, whose weather is used)");
    }
    core::Fields inputs{{"result", q.result},
                        {"attacking_armor", static_cast<long long>(q.attacking_armor)},
                        {"defending_armor", static_cast<long long>(q.defending_armor)},
                        {"defending_infantry", static_cast<long long>(q.defending_infantry)},
                        {"infantry_dispersed", q.infantry_dispersed},
                        {"weather", q.weather},
                        {"terrain", q.terrain},
                        {"fuel_shortage", q.fuel_shortage}};
    if (q.north_of_arctic_line) {
        inputs.push_back({"north_of_arctic_line", true});
    }
    ctx.adjudicate(opt.dice, inputs, "overrun",
                   [&](core::Dice&) { return core::resolve_overrun(overrun, terrain, q); });
}

void setup_overrun(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<OverrunOptions>();
    auto& q = opt->request;
    auto* sub = app.add_subcommand("overrun", "Russian Portfolio: Armor Overrun, DX to DE and DE to BR, or "
                                              "refused with the reasons");
    ctx.offer(sub->add_option("--result", q.result, "The CRT result: DX or DE"), {"DX", "DE"})
        ->required()
        ->transform(CLI::Validator(
            [](std::string& code) {
                // a result code in any case, as the CRT's rows are read ('De' is DE)
                std::transform(code.begin(), code.end(), code.begin(),
                               [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
                return std::string();
            },
            "", "upper case"))
        ->type_name("DX|DE");
    sub->add_option("--attacking-armor", q.attacking_armor, "Attacking pure armor factors")->required()->type_name("N");
    sub->add_option("--defending-armor", q.defending_armor, "Defending pure armor factors")->type_name("N");
    sub->add_option("--defending-infantry", q.defending_infantry, "Defending infantry factors")
        ->required()
        ->type_name("N");
    sub->add_flag("--dispersed", q.infantry_dispersed, "The defending infantry is Dispersed");
    ctx.offer_rows(
        sub->add_option("--weather", q.weather, "good, mud, hard-frost or snow; with --game, the game's by default")
            ->type_name("WEATHER"),
        "russian-portfolio.overrun");
    ctx.offer_rows(sub->add_option("--terrain", q.terrain,
                                   "clear, city, major-city, victory-city, leningrad-moscow, fortress, hills, swamp or "
                                   "mountains")
                       ->required()
                       ->type_name("TERRAIN"),
                   "russian-portfolio.overrun-terrain");
    sub->add_flag("--fuel-shortage", q.fuel_shortage, "The armor has a fuel shortage (XIV.D)");
    sub->add_flag("--north-of-arctic-line", q.north_of_arctic_line,
                  "The hex is north(east) of the Arctic Weather Line: in Snow its swamp is frozen, clear (VI.B.1)");
    add_dice_options(*sub, opt->dice);
    sub->footer(
        "The overrun chart is lost: the armor ratios and weathers are PROVISIONAL. A refusal\n"
        "by terrain (X.B) or fuel (XIV.D) is the text's own: the chart is not read.\n"
        "Examples:\n  umpire overrun --result DE --attacking-armor 8 --defending-infantry 3 --weather good --terrain "
        "clear\n"
        "  umpire --json overrun --result DX --attacking-armor 4 --defending-infantry 3 --weather mud "
        "--terrain hills --fuel-shortage");
    sub->callback([opt, &ctx] { run_overrun(*opt, ctx); });
}

}  // namespace umpire::cli
