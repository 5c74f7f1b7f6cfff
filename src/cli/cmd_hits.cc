// umpire hits: Novorossiysk 1943 block combat with coloured hit dice (N3-N7).
#include "cli/commands.h"
#include "core/novorossiysk.h"
#include "util/error.h"

#include <tuple>

namespace umpire::cli {

struct HitsOptions {
    std::vector<std::string> attacker;
    std::vector<std::string> defender;
    std::string surprise;
    std::string time;
    bool moved_in = false;
    bool airfield = false;
    std::string weather;
    std::string phase;
    std::string terrain;
    bool artillery = false;
    bool artillery_on_mountain = false;
    DiceOptions dice;
};

void run_hits(const HitsOptions& opt, Context& ctx)
{
    const core::Table& hit_dice = ctx.table("novorossiysk.hit-dice");
    const core::Table& procedures = ctx.table("novorossiysk.procedures");
    core::HitsRequest q;
    // A block is a spec, or with --game a block's name: its side showing, refused in the
    // Dead Pool, and named so --apply can step it down or remove it.
    const core::GameState* game = ctx.game_path().empty() ? nullptr : ctx.game();
    for (auto [flag, specs, side] :
         {std::tuple{"--attacker", &opt.attacker, &q.attacker}, std::tuple{"--defender", &opt.defender, &q.defender}}) {
        for (const auto& spec : *specs) {
            const std::string text = game ? core::block_in_game(spec, *game) : spec;
            auto b = core::parse_block(text, hit_dice);
            if (!b) {
                throw usage_error(std::string(flag) + " " + b.error());
            }
            core::Block block = *b;
            if (text != spec) {
                block.label = game->find_unit(spec)->name;
            }
            side->push_back(std::move(block));
        }
    }
    if (opt.airfield && !opt.defender.empty()) {
        throw usage_error("--airfield: the Air Field answers with its free dice; give no --defender");
    }
    if (!opt.time.empty() && !opt.surprise.empty()) {
        throw usage_error("--surprise names the side; --time works it out from the blocks: give one");
    }
    q.time = opt.time;
    q.moved_in = opt.moved_in;
    q.attacker_surprise = opt.surprise == "attacker";
    q.defender_surprise = opt.surprise == "defender";
    q.airfield = opt.airfield;
    if (!opt.time.empty() && !opt.phase.empty() && (opt.time == "night") != (opt.phase == "night")) {
        throw usage_error("--time " + opt.time + " and --phase " + opt.phase + " disagree");
    }
    q.weather = opt.weather;
    q.phase = opt.phase;
    q.terrain = opt.terrain;
    q.artillery = opt.artillery || opt.artillery_on_mountain;
    q.artillery_on_mountain = opt.artillery_on_mountain;
    core::Fields inputs{{"attacker", opt.attacker}, {"defender", opt.defender}};
    if (!opt.phase.empty()) {
        inputs.push_back({"phase", opt.phase});
    }
    if (!opt.terrain.empty()) {
        inputs.push_back({"terrain", opt.terrain});
    }
    if (q.artillery) {
        inputs.push_back({"artillery", true});
    }
    ctx.adjudicate(opt.dice, inputs, "hits",
                   [&](core::Dice& dice) { return core::resolve_hits(hit_dice, procedures, q, dice); });
}

void setup_hits(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<HitsOptions>();
    auto* sub = app.add_subcommand("hits", "Novorossiysk: two pools of coloured hit dice rolled at once, hits "
                                           "cancel, the residue lands in casualty order");
    sub->add_option("--attacker", opt->attacker,
                    "One attacking block: [KIND:]DICE[:reduced], or a block's name with --game (repeatable)")
        ->required()
        ->allow_extra_args(false)
        ->type_name("BLOCK");
    sub->add_option("--defender", opt->defender, "One defending block (repeatable)")
        ->allow_extra_args(false)
        ->type_name("BLOCK");
    sub->add_option("--surprise", opt->surprise, "The side with Surprise: its dice rise one level, never past black")
        ->check(one_of({"attacker", "defender"}))
        ->type_name("attacker|defender");
    sub->add_option("--time", opt->time,
                    "Work Surprise out for the attacker: day (moved in, 2 to 1) or night "
                    "(fewer than the enemy, more than one)")
        ->check(one_of({"day", "night"}))
        ->type_name("day|night");
    sub->add_flag("--moved-in", opt->moved_in, "The attackers moved into combat this phase (Surprise needs it)");
    sub->add_flag("--airfield", opt->airfield, "Air units strike the enemy Air Field: 3 free white dice answer first");
    sub->add_option("--weather", opt->weather,
                    "The phase's weather: clear, downpour, mountain-fog, coast-fog, dense-fog, poor-flying")
        ->check(one_of(core::k_weather_codes))
        ->type_name("WEATHER");
    sub->add_option("--phase", opt->phase,
                    "morning, afternoon or night: at night, unless clear, no air to air or "
                    "Air Field combat")
        ->check(one_of(core::k_phases))
        ->type_name("PHASE");
    sub->add_option("--terrain", opt->terrain,
                    "The defenders' hex under a weather: inland (default), mountain, "
                    "coast (bordering the sea) or sea")
        ->check(one_of(core::k_hits_terrains))
        ->type_name("TERRAIN");
    sub->add_flag("--artillery", opt->artillery, "The attackers are artillery (Mountain fog lowers fire at mountains)");
    sub->add_flag("--artillery-on-mountain", opt->artillery_on_mountain,
                  "Artillery placed on mountainous terrain (it cannot fire in Mountain fog)");
    add_dice_options(*sub, opt->dice);
    sub->footer("Weather (--weather, --phase): Dense fog refuses all combat; at night unless clear, no\n"
                "air to air and no Air Field attack, and bombs scatter; the air-to-air result lowers\n"
                "air to air dice a level; Mountain fog: no bombing of mountains, no land-based\n"
                "anti-air, artillery at mountains a level lower, none from them; Coast fog: no\n"
                "bombing of sea or coastal hexes, no anti-air from ships. Never below white.\n"
                "BLOCK: KIND bomber, fighter, para, small, large (default) or ship; DICE colours joined\n"
                "by +, a count before each: bomber:2red+white, large:black:reduced. Small blocks roll\n"
                "white. The hit dice's faces are lost from the rules text: PROVISIONAL.\n"
                "Dice, in order: the attacker's dice block by block, then the defender's.\n"
                "With --game, name blocks: a stepped-down block rolls its lesser side, a block in the\n"
                "Dead Pool is refused, and --apply steps blocks down or moves them to the Dead Pool.\n"
                "Examples:\n  umpire hits --attacker fighter:2red --attacker bomber:red --defender fighter:black\n"
                "  umpire hits --attacker small --attacker small --attacker small --defender large:red \\\n"
                "      --time day --moved-in\n  umpire --game novo.toml --apply hits --attacker Sov-Rifle-1 --defender "
                "Ger-Grenadier-1\n  umpire hits --attacker fighter:2red --defender fighter:black --weather "
                "poor-flying\n  umpire hits --airfield --attacker bomber:2yellow --attacker fighter:red");
    sub->callback([opt, &ctx] { run_hits(*opt, ctx); });
}

}  // namespace umpire::cli
