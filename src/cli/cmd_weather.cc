// umpire weather: the weather of every game, one command.
#include "cli/commands.h"
#include "games/black-sea/black_sea.h"
#include "games/constantinople/constantinople.h"
#include "games/novorossiysk/novorossiysk.h"
#include "games/russian-portfolio/russian_portfolio.h"
#include "load/loader.h"
#include "load/state.h"
#include "util/error.h"
#include "util/text.h"

#include <array>

namespace umpire::cli {

struct WeatherOptions {
    std::string game;
    // Novorossiysk
    bool zones = false;
    std::string state;
    std::optional<int> day;
    std::string phase;
    std::vector<std::string> dense_fog_used;
    bool flooded = false;
    // The Russian Portfolio
    std::string month;
    bool start_1jun41 = false;
    // Great War at Sea
    std::string weather;
    DiceOptions dice;
};

namespace {

void novorossiysk(const WeatherOptions& opt, Context& ctx)
{
    if (!ctx.game_path().empty() && opt.state.empty()) {
        // The game file keeps the time counter: the weather is its next phase's, as 'game
        // next' rolls it, written back with --apply.
        if (opt.zones || opt.day || !opt.phase.empty() || !opt.dense_fog_used.empty() || opt.flooded) {
            throw usage_error("--game " + ctx.game_path() +
                              " keeps the day, phase, zones, Dense Fog and floods: give "
                              "--zones, --day, --phase, --dense-fog-used and --flooded only without it");
        }
        resolve_game_next(ctx, opt.dice, {}, "weather");
        return;
    }
    const core::Table& table = ctx.table("novorossiysk.weather");
    core::WeatherState state;
    std::optional<load::StateLock> lock;
    if (!opt.state.empty()) {
        if (opt.day || !opt.phase.empty() || !opt.dense_fog_used.empty() || opt.flooded) {
            throw usage_error("--state keeps the day, phase, Dense Fog and floods; give --day, --phase, "
                              "--dense-fog-used and --flooded only without it");
        }
        // Read, resolve and write under one lock; in a replay, nothing written.
        std::string before = ctx.read_state_before(opt.state, lock);
        state = core::next_phase(before.empty() ? core::WeatherState{} : load::parse_state(before, opt.state));
        ctx.log_state_before(std::move(before));
    } else {
        state.started = true;
        state.day = opt.day.value_or(1);
        state.phase = opt.phase.empty() ? "morning" : opt.phase;
        for (const auto& zone : opt.dense_fog_used) {
            if (zone != "all" && std::find(core::k_weather_zones.begin(), core::k_weather_zones.end(), zone) ==
                                     core::k_weather_zones.end()) {
                throw usage_error("--dense-fog-used " + zone + ": allowed all, " + join(core::k_weather_zones, ", ") +
                                  suggestion(zone, core::k_weather_zones));
            }
            if (zone != "all" && !opt.zones) {
                // one weather for the whole map: a zone's fog was passed over (hunt42)
                throw usage_error("--dense-fog-used " + zone +
                                  ": a zone's Dense Fog is read with --zones; without "
                                  "it the map has one weather: give --dense-fog-used all");
            }
            state.dense_fog_used.push_back(zone);
        }
        if (opt.flooded) {
            if (state.day == 1) {
                throw usage_error("--flooded: yesterday's Downpour floods the rivers, and Day 1 has no yesterday "
                                  "(Weather, Time Counter)");
            }
            state.flood_days.push_back(state.day);
        }
    }
    core::WeatherState after;
    core::Fields inputs{{"game", std::string("novorossiysk")}, {"zones", opt.zones}};
    if (!opt.state.empty()) {
        inputs.push_back({"state", opt.state});
    }
    // Without a state file, what stands in for it: the fog used and the flood (Weather).
    if (!opt.dense_fog_used.empty()) {
        inputs.push_back({"dense_fog_used", opt.dense_fog_used});
    }
    if (opt.flooded) {
        inputs.push_back({"flooded", true});
    }
    // The state is saved before the answer is printed: a failed save prints no answer.
    ctx.adjudicate(
        opt.dice, inputs, "weather",
        [&](core::Dice& dice) { return core::resolve_novorossiysk_weather(table, state, opt.zones, dice, after); },
        opt.state.empty() ? std::function<void()>() : [&] {
            if (!ctx.replay_state && !ctx.read_only) {
                load::write_state(opt.state, after);
                ctx.state_written = opt.state;
            }
        });
}

void russian_portfolio(const WeatherOptions& given, Context& ctx)
{
    WeatherOptions opt = given;
    if (!ctx.game_path().empty() && ctx.game()->game == "russian-portfolio" && ctx.game()->value("", "turn") == "1" &&
        !ctx.game()->value("", "weather").empty() && to_lower(ctx.scenario("russian-portfolio").start) == "1jun41") {
        // XVI.C.1.c: the 1Jun41 start's die, once cast, is game-turn 1's weather. It was read
        // again by month as Good, and --apply overwrote the rolled Mud (hunt47).
        if (!opt.month.empty() && core::month_key(opt.month) != ctx.game()->value("", "month")) {
            throw usage_error("--month " + opt.month + ": the game in " + ctx.game_path() + " is in " +
                              ctx.game()->value("", "month") + "; 'game next --month' moves it on");
        }
        if (!opt.dice.rolls.empty()) {
            throw usage_error("--roll: game-turn 1's weather in " + ctx.game_path() + " is kept already (" +
                              ctx.game()->value("", "weather") +
                              ", XVI.C.1.c), and the die is cast once; 'game undo' takes back the line that set it");
        }
        const core::Table& table = ctx.table("russian-portfolio.weather-1jun41");
        const std::string kept = ctx.game()->value("", "weather");
        ctx.adjudicate(opt.dice, {{"game", std::string("russian-portfolio")}}, "weather",
                       [&](core::Dice&) { return core::resolve_weather_rolled(table, kept); });
        return;
    }
    if (!ctx.game_path().empty() && !opt.start_1jun41) {
        // The game's month (VI.A); --apply writes its weather to the clock.
        const std::string month = ctx.game()->value("", "month");
        // A 1Jun41 start leaves its first weather to the die (XVI.C.1.c).
        opt.start_1jun41 = ctx.game()->value("", "weather").empty() && opt.month.empty();
        if (!opt.month.empty() && core::month_key(opt.month) != month) {
            throw usage_error("--month " + opt.month + ": the game in " + ctx.game_path() + " is in " + month +
                              "; 'game next --month' moves it on");
        }
        opt.month = opt.start_1jun41 ? "" : month;
    }
    if (opt.start_1jun41 == !opt.month.empty()) {
        throw usage_error("--game russian-portfolio: give --month (jun41 to mar42) or --start-1jun41");
    }
    if (opt.start_1jun41) {
        const core::Table& table = ctx.table("russian-portfolio.weather-1jun41");
        ctx.adjudicate(opt.dice, {{"game", std::string("russian-portfolio")}}, "weather",
                       [&](core::Dice& dice) { return core::resolve_weather_1jun41(table, dice); });
        return;
    }
    const core::Table& table = ctx.table("russian-portfolio.weather");
    ctx.name_field("row", "--month");
    ctx.adjudicate(opt.dice, {{"game", std::string("russian-portfolio")}}, "weather",
                   [&](core::Dice& dice) { return core::resolve_weather(table, opt.month, dice); });
}

void black_sea(const WeatherOptions& given, Context& ctx)
{
    WeatherOptions opt = given;
    std::string light;  // the game's turn's: Coastal Contact holds on daylight turns
    if (!ctx.game_path().empty()) {
        light = ctx.game()->value("", "light");
        // The game's clock keeps the turn's weather ('game next --weather' changes it): a
        // --weather that contradicts it answered another weather's limits, and --apply then
        // said the game "finds it so already".
        const std::string kept = ctx.game()->value("", "weather");
        if (!opt.weather.empty() && spelled_in(core::k_black_sea_weathers, opt.weather) != kept) {
            contradicts_game("--weather", opt.weather, kept, "this turn", ctx,
                             "'game next --weather' gives a turn's weather");
        }
        opt.weather = kept;
    }
    if (opt.weather.empty()) {
        throw usage_error("--game black-sea: give --weather " + join(core::k_black_sea_weathers, "|") +
                          "; the weather itself is rolled by the Great War at Sea rules");
    }
    const core::Table& table = ctx.table("black-sea.weather-limits");
    ctx.name_field("row", "--weather");
    ctx.adjudicate(opt.dice, {{"game", std::string("black-sea")}}, "weather",
                   [&](core::Dice& dice) { return core::resolve_weather_limits(table, opt.weather, dice, light); });
}

void constantinople(const WeatherOptions& opt, Context& ctx)
{
    const core::Table& direction = ctx.table("constantinople.wind-direction");
    const core::Table& velocity = ctx.table("constantinople.wind-velocity");
    ctx.adjudicate(opt.dice, {{"game", std::string("constantinople")}}, "weather", [&](core::Dice& dice) {
        core::Resolution r = core::resolve_wind(direction, velocity, dice);
        r.notes.push_back("Constantinople's weather is its wind: the same as 'umpire wind'");
        return r;
    });
}

void great_battles(const WeatherOptions&, Context&)
{
    throw usage_error("--game great-battles: the rules text gives no weather chart (8.0 only says to roll "
                      "for it); no weather can be resolved");
}

// Every game's weather: its flags (which no other game takes) and how it is resolved.
struct WeatherGame {
    const char* game;
    const char* flags;  // "--weather is": for the message when another game's flag is given
    bool (*uses_flags)(const WeatherOptions&);
    void (*resolve)(const WeatherOptions&, Context&);
};
const std::array<WeatherGame, 5> k_weather_games{{
    {"novorossiysk", "--zones, --state, --day, --phase, --dense-fog-used and --flooded are",
     [](const WeatherOptions& o) {
         return o.zones || !o.state.empty() || o.day || !o.phase.empty() || !o.dense_fog_used.empty() || o.flooded;
     },
     novorossiysk},
    {"russian-portfolio", "--month and --start-1jun41 are",
     [](const WeatherOptions& o) { return !o.month.empty() || o.start_1jun41; }, russian_portfolio},
    {"black-sea", "--weather is", [](const WeatherOptions& o) { return !o.weather.empty(); }, black_sea},
    {"constantinople", "", [](const WeatherOptions&) { return false; }, constantinople},
    {"great-battles", "", [](const WeatherOptions&) { return false; }, great_battles},
}};

std::vector<std::string> weather_game_names()
{
    std::vector<std::string> names;
    for (const auto& g : k_weather_games) {
        names.emplace_back(g.game);
    }
    return names;
}

}  // namespace

void run_weather(const WeatherOptions& given, Context& ctx)
{
    WeatherOptions opt = given;
    if (opt.game.empty()) {
        if (ctx.game_path().empty()) {
            throw usage_error("weather: name the game with --game GAME (" + join(weather_game_names(), ", ") +
                              "), or give a game file before the command (umpire --game FILE weather)");
        }
        opt.game = ctx.game()->game;
    } else if (!ctx.game_path().empty() && ctx.game()->game != opt.game) {
        throw usage_error("weather --game " + opt.game + ": the game file " + ctx.game_path() + " is a " +
                          ctx.game()->game + " game");
    }
    const WeatherGame* chosen = nullptr;
    for (const auto& g : k_weather_games) {
        if (opt.game == g.game) {
            chosen = &g;
        } else if (g.uses_flags(opt)) {
            throw usage_error(std::string(g.flags) + " for --game " + g.game);
        }
    }
    if (chosen == nullptr) {
        throw usage_error("--game " + opt.game + ": no such game; allowed: " + join(weather_game_names(), ", "));
    }
    chosen->resolve(opt, ctx);
}

void setup_weather(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<WeatherOptions>();
    auto* sub = app.add_subcommand("weather", "The weather of any game: Novorossiysk each phase (2D6), the "
                                              "Russian Portfolio by month, Great War at Sea limits, "
                                              "Constantinople's wind");
    ctx.choose(sub->add_option("--game", opt->game,
                               "novorossiysk, russian-portfolio, black-sea, constantinople; with a game file before "
                               "the command (umpire --game FILE weather), its game and clock")
                   ->type_name("GAME"),
               weather_game_names());
    sub->add_flag("--zones", opt->zones, "Novorossiysk: roll West, Central and East separately (optional rule)");
    sub->add_option("--state", opt->state,
                    "Novorossiysk: a game-state file; each call moves the time counter one phase on, rolls, "
                    "and rewrites the file atomically (created if missing)")
        ->type_name("FILE");
    sub->add_option("--day", opt->day, "Novorossiysk without --state: the day, 1 to 9")->type_name("N");
    ctx.choose(sub->add_option("--phase", opt->phase, "Novorossiysk without --state: morning, afternoon or night")
                   ->type_name("PHASE"),
               core::k_phases);
    sub->add_option("--dense-fog-used", opt->dense_fog_used,
                    "Novorossiysk without --state: Dense Fog has occurred (all, or a zone; repeatable)")
        ->allow_extra_args(false)
        ->type_name("all|ZONE");
    sub->add_flag("--flooded", opt->flooded, "Novorossiysk without --state: yesterday was Downpour");
    ctx.offer_rows(sub->add_option("--month", opt->month,
                                   "Russian Portfolio: jun41 .. mar42, or any later month: Snow to the end of the "
                                   "game (VI.A, XVI.A)")
                       ->type_name("MONTH"),
                   "russian-portfolio.weather");
    sub->add_flag("--start-1jun41", opt->start_1jun41, "Russian Portfolio: the 1Jun41 invasion's die (XVI.C.1.c)");
    // Every weather the text names, fair and mist as well: Coastal Contact is "squall or
    // better", Smoke on the Horizon "mist or better" (the help listed squall, storm, gale).
    ctx.offer(sub->add_option("--weather", opt->weather,
                              "Great War at Sea: " + join(core::k_black_sea_weathers, ", ") + " (any case)")
                  ->type_name("WEATHER"),
              core::k_black_sea_weathers);
    add_dice_options(*sub, opt->dice);
    sub->footer("The Novorossiysk 2D6 chart is lost: umpire's rows are PROVISIONAL; the results and\n"
                "effects are the text's. Dense Fog happens once per game (or zone); a repeat reads Clear.\n"
                "A Downpour floods the rivers for the whole next day, even when rolled at night.\n"
                "Dice, in order: one 2d6 (or West, Central, East with --zones).\n"
                "With a game file (umpire --game FILE weather): the game's own weather, from its clock;\n"
                "Novorossiysk rolls the next phase as 'game next' does, written back with --apply.\n"
                "Examples:\n  umpire weather --game novorossiysk --state game.toml\n"
                "  umpire --game barbarossa.toml weather\n"
                "  umpire weather --game novorossiysk --zones --day 3 --phase night --dense-fog-used west\n"
                "  umpire weather --game russian-portfolio --month nov41\n"
                "  umpire weather --game russian-portfolio --start-1jun41\n"
                "  umpire weather --game black-sea --weather storm\n"
                "  umpire weather --game constantinople          # the same as umpire wind");
    sub->callback([opt, &ctx] { run_weather(*opt, ctx); });
}

}  // namespace umpire::cli
