// umpire sail: Constantinople points of sailing, turning and drift (14.24-14.26, 15.65).
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct SailOptions {
    std::string wind;
    std::string facing;
    std::string turn;
    std::optional<int> remaining;
    std::string hex;
    bool stationary = false;
    bool boom = false;
    bool pinned = false;
    DiceOptions dice;
};

void run_sail(const SailOptions& opt, Context& ctx)
{
    core::SailRequest q;
    core::Fields inputs;
    if (const core::GameState* game = ctx.game_path().empty() ? nullptr : ctx.game();
        game != nullptr && game->game == "constantinople") {
        // The game keeps the Naval Phase's wind (14.23), calm as no wind (14.32): a ship
        // sails in it, not in the scenario's starting wind, and a --wind that contradicts it
        // is refused, as hits --weather is.
        // 14.29: in a Storm "there is no other movement that Game-Turn": no sailing, no drift.
        if (game->value("", "velocity") == "storm") {
            throw usage_error("sail: " + core::movement_forbidden(*game, "no ship sails or drifts") +
                              " (storm says what becomes of the ships at sea)");
        }
        const std::string kept = game->value("", "velocity") == "calm" ? "none" : game->value("", "wind");
        const std::string given = opt.wind.empty() ? kept
                                  : opt.wind == "none" || opt.wind == "calm"
                                      ? std::string("none")
                                      : flag_value("{wind}", core::parse_wind(opt.wind));
        if (given != kept) {
            contradicts_game("--wind", opt.wind,
                             kept == "none" ? std::string("no wind (calm, 14.32)") : "the wind from " + kept,
                             "this Naval Phase", ctx);
        }
        q.wind = kept == "none" ? "" : kept;
        inputs.push_back({"wind", kept + " (the game's)"});
    } else if (opt.wind.empty()) {
        // The game's wind until one is given: the scenario's start (13.1, 14.23).
        const core::Scenario& s = ctx.scenario("constantinople");
        if (!s.wind) {
            throw usage_error("give --wind: --scenario " + s.id + " sets no starting wind");
        }
        q.wind = s.wind->from;
        inputs.push_back({"wind", q.wind + " (" + s.id + "'s start, " + s.wind->source + ")"});
    } else if (opt.wind == "none" || opt.wind == "calm") {
        inputs.push_back({"wind", std::string("none")});
    } else {
        q.wind = flag_value("{wind}", core::parse_wind(opt.wind));
        inputs.push_back({"wind", q.wind});
    }
    if (!opt.hex.empty()) {
        if (!core::is_hex(opt.hex)) {
            throw usage_error("--hex '" + opt.hex +
                              "': a hex number is four digits, column then row, each 01 to 99 "
                              "(1539)");
        }
        q.hex = opt.hex;
        inputs.push_back({"hex", opt.hex});
    }
    q.facing = flag_value("{facing}", core::parse_facing(opt.facing, q.hex));
    inputs.push_back({"facing", opt.facing});
    if (!opt.turn.empty()) {
        q.turn = flag_value("{turn}", core::parse_facing(opt.turn, q.hex));
        inputs.push_back({"turn", opt.turn});
    }
    q.remaining = opt.remaining;
    if (opt.remaining) {
        inputs.push_back({"remaining", static_cast<long long>(*opt.remaining)});
    }
    q.stationary = opt.stationary;
    q.boom = opt.boom;
    q.pinned = opt.pinned;
    if (opt.stationary && opt.remaining) {
        throw usage_error("--stationary and --remaining: a ship that does not move spends no Movement Points");
    }
    inputs.push_back({"stationary", opt.stationary});
    inputs.push_back({"boom", opt.boom});
    inputs.push_back({"pinned", opt.pinned});
    ctx.adjudicate(opt.dice, inputs, "sail", [&](core::Dice&) { return core::resolve_sail(q); });
}

void setup_sail(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<SailOptions>();
    auto* sub = app.add_subcommand("sail", "Constantinople: points of sailing, turns and drift for a facing and the "
                                           "wind (14.24-14.26, 15.65)");
    sub->add_option("--wind", opt->wind,
                    "Where the wind blows from: N, NE, SE, S, SW, NW, or none (default: the game's, or the "
                    "scenario's start, N)")
        ->type_name("POINT|none");
    sub->add_option("--facing", opt->facing, "The ship's facing: a compass point, or the hex its bow points at")
        ->required()
        ->type_name("POINT|HEX");
    sub->add_option("--turn", opt->turn, "A facing to turn to: allowed, at what cost, or refused (14.25, 14.26)")
        ->type_name("POINT|HEX");
    sub->add_option("--remaining", opt->remaining,
                    "Movement Points left this Impulse: on the wind with 1 left it must turn 120 degrees (14.24)")
        ->type_name("N");
    sub->add_option("--hex", opt->hex, "The ship's hex number, to name facings and the drift hex by number")
        ->type_name("HEX");
    sub->add_flag("--stationary", opt->stationary,
                  "The ship does not move this Impulse: one hexside turn, drift (14.26)");
    sub->add_flag("--boom", opt->boom, "The ship is adjacent to the Boom: it does not drift (15.65)");
    sub->add_flag("--pinned", opt->pinned, "The ship has been Rammed and pinned: it may not turn (14.26)");
    add_dice_options(*sub, opt->dice);
    sub->footer("Running Free (wind from the stern): one MP a hex. Sailing on the Wind (wind on the\n"
                "bow, one hexside off it): two MP a hex. Never directly into the wind (14.24).\n"
                "Moving, per hex entered: one hexside free, two for one MP, never past the hexside\n"
                "into the wind (14.25). Not moving: one hexside, then drift one hex downwind; north\n"
                "to south with no wind (14.26); none beside the Boom (15.65). No dice.\n"
                "Hex numbers follow 14.25's example: from 1539, 1638 is N, 1639 NE, 1439 S, 1538 NW.\n"
                "Examples:\n"
                "  umpire sail --wind N --facing NE\n"
                "  umpire sail --wind N --hex 1539 --facing 1639 --turn 1538   # 14.25: refused\n"
                "  umpire sail --wind N --hex 1539 --facing 1639 --turn 1439   # 14.25: allowed\n"
                "  umpire sail --wind NE --facing N --remaining 1\n"
                "  umpire sail --wind none --hex 2130 --facing N --stationary");
    sub->callback([opt, &ctx] { run_sail(*opt, ctx); });
}

}  // namespace umpire::cli
