// umpire ram: Constantinople 15.1, table 15.42.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::cli {

struct RamOptions {
    std::string rammer;
    std::string target;
    std::string reading = "case";
    std::string movement;
    bool battle_speed_last_segment = false;
    std::optional<int> run;
    bool boom = false;
    DiceOptions dice;
};

namespace {

// Whether SPEC, as typed, carries :leader (any case): the game adds its own when it has a
// leader aboard (core::ship_spec_in_game).
bool leader_typed(const std::string& spec)
{
    const auto parts = split(spec, ':');
    return std::any_of(parts.begin() + 1, parts.end(), [](const std::string& f) { return to_lower(f) == "leader"; });
}

}  // namespace

void run_ram(const RamOptions& opt, Context& ctx)
{
    core::RamRequest q;
    auto scenario = [&ctx]() -> const core::Scenario& { return ctx.scenario("constantinople"); };
    // With a game, a named ship carries its statuses: a Damaged target's ram defense is
    // halved without being told (15.34).
    q.rammer = flag_value(
        "{rammer}", core::parse_ship(ship_in_game(ctx, "{rammer}", opt.rammer, false), core::ShipValue::ram, scenario));
    q.target = flag_value("{target}", core::parse_ship(ship_in_game(ctx, "{target}", opt.target, false),
                                                       core::ShipValue::ram_defense, scenario));
    // A ship engaged by a ram is dead in the water (15.15, 14.27): it cannot ram. The game
    // keeps one ram partner a ship, so one already engaged is not rammed again until freed.
    if (const core::GameState* game = ctx.game(); game != nullptr && game->game == "constantinople") {
        if (const std::string why = core::movement_forbidden(*game, "no ram"); !why.empty()) {
            throw usage_error("ram: " + why);
        }
        for (const auto& [field, ship] : {std::pair{"{rammer}", q.rammer.name}, std::pair{"{target}", q.target.name}}) {
            if (const std::string partner = ship.empty() ? "" : game->value(ship, "pinned_to"); !partner.empty()) {
                // The rules do not forbid ramming a pinned ship (15.11-15.15); the game file does.
                throw usage_error(
                    std::string(field) + " " + ship + " is engaged with " + partner +
                    (std::string(field) == "{rammer}"
                         ? " in the game (15.15): dead in the water, it cannot ram (14.27)"
                         : ": the rules do not forbid a second ram on a pinned ship, but this is umpire's limit: the "
                           "game keeps one ram partner a ship; free the two first (free, 15.16), or resolve this "
                           "ram without --game and record it by hand"));
            }
        }
        if (const auto* rammer = game->find_unit(q.rammer.name); rammer != nullptr) {
            if (const std::string why = core::ram_forbidden(*game, rammer->name); !why.empty()) {
                throw usage_error("{rammer} " + why);
            }
        }
    }
    q.reading = core::parse_damaged_reading(opt.reading);
    q.movement = opt.movement == "battle"     ? core::RamMovement::battle
                 : opt.movement == "cruising" ? core::RamMovement::cruising
                 : opt.movement == "sail"     ? core::RamMovement::sail
                                              : core::RamMovement::unstated;
    q.battle_speed_last_segment = opt.battle_speed_last_segment;
    q.run = opt.run;
    q.boom = opt.boom;
    // 15.26: "Leaders have no effect on Naval Combat", but for +1 defensive melee. A :leader
    // typed on a ram is a slip and refused; one the game has aboard (game set SHIP leader=...)
    // is only where he is, and the ram is resolved without him.
    for (const auto& [field, spec] : {std::pair{"{rammer}", &opt.rammer}, std::pair{"{target}", &opt.target}}) {
        if (leader_typed(*spec)) {
            throw usage_error(std::string(field) + " '" + *spec +
                              "': a leader has no effect on ramming (15.26); leave :leader off");
        }
    }
    std::vector<std::string> notes;
    for (const core::Ship* ship : {&q.rammer, &q.target}) {
        if (ship->leader) {
            notes.push_back(ctx.game()->value(ship->name, "leader") + " aboard " + ship->name +
                            " in the game has no effect on ramming (15.26)");
        }
    }
    const core::Table& table = ctx.table("constantinople.ram");
    core::Fields inputs{{"rammer", opt.rammer}, {"target", opt.target}, {"damaged_reading", opt.reading}};
    if (!opt.movement.empty()) {
        inputs.push_back({"movement", opt.movement});
    }
    if (opt.run) {
        inputs.push_back({"run", static_cast<long long>(*opt.run)});
    }
    ctx.adjudicate(opt.dice, inputs, "ram", [&](core::Dice& dice) {
        core::Resolution r = core::resolve_ram(table, q, dice);
        r.notes.insert(r.notes.end(), notes.begin(), notes.end());
        return r;
    });
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
        ->transform(one_of({"case", "chart"}))
        ->type_name("case|chart");
    sub->add_option("--movement", opt->movement,
                    "How the rammer moves this segment: battle (Battle Speed, needed to ram), cruising "
                    "(refused, 15.11) or sail (refused, 14.28)")
        ->transform(one_of({"battle", "cruising", "sail"}))
        ->type_name("battle|cruising|sail");
    sub->add_flag("--battle-speed-last-segment", opt->battle_speed_last_segment,
                  "The rammer used Battle Speed last Movement Segment: it may not again (14.17), so it cannot ram");
    sub->add_option("--run", opt->run, "Hexes from the target where the attempt started: at least 3 (15.11)")
        ->type_name("N");
    sub->add_flag("--boom", opt->boom, "The ram would cross a Boom hexside: refused (15.62)");
    add_dice_options(*sub, opt->dice);
    sub->footer("Refused before any die: a ram through a Boom hexside (15.62), under sail (14.28), at\n"
                "Cruising Speed or a second Battle Speed segment in a row (15.11, 14.17), from fewer\n"
                "than three hexes (15.11); a sail ship (ram strength 0) never rams (14.28).\n"
                "A Damaged target's ram defense is halved (15.34): D reads as B, C and B as A.\n"
                "Dice, in order: the pin roll, then (on a '*' cell that pinned) the roll again.\n"
                "Any 6 damages the rammer. A '-' cell cannot pin: no die is rolled.\n"
                "Examples:\n"
                "  umpire ram --strength 3 --defense B\n"
                "  umpire ram --rammer Galley-2 --target Genoa --roll 1\n"
                "  umpire ram --strength 4 --defense A:damaged --odds");
    sub->callback([opt, &ctx] { run_ram(*opt, ctx); });
}

}  // namespace umpire::cli
