// umpire melee: Constantinople 15.2-15.4, CRT 15.41.
#include "cli/commands.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

namespace umpire::cli {

struct MeleeOptions {
    std::vector<std::string> attackers;
    std::string defender;
    bool boom = false;
    bool exchange = false;
    std::vector<int> split;
    std::optional<int> split_plan;  // the split plan melee lists as N
    std::string objective;          // how plan melee ranks them; expected when not given
    std::string reading = "case";
    DiceOptions dice;
};

std::string ship_in_game(Context& ctx, std::string_view flag, const std::string& spec, bool attacker)
{
    const core::GameState* g = ctx.game();
    if (g == nullptr || g->game != "constantinople") {
        return spec;
    }
    try {
        return core::ship_spec_in_game(spec, *g, attacker);
    } catch (const Error& e) {
        throw usage_error(std::string(flag) + " " + e.what());
    }
}

void run_melee(const MeleeOptions& opt, Context& ctx)
{
    core::MeleeRequest q;
    auto scenario = [&ctx]() -> const core::Scenario& { return ctx.scenario("constantinople"); };
    for (const auto& spec : opt.attackers) {
        q.attackers.push_back(flag_value("--attacker", core::parse_ship(ship_in_game(ctx, "--attacker", spec, true),
                                                                        core::ShipValue::melee, scenario)));
    }
    q.defender = flag_value("--defender", core::parse_ship(ship_in_game(ctx, "--defender", opt.defender, false),
                                                           core::ShipValue::melee, scenario));
    // With --exchange the defender attacks back (15.21): it must be free to attack (15.24, 15.33).
    // It may still defend, so what is refused is the exchange.
    if (const core::GameState* g = ctx.game(); opt.exchange && g != nullptr && g->game == "constantinople") {
        if (const core::GameUnit* d = g->find_unit(q.defender.name)) {
            if (const std::string why = core::attack_refused(*g, d->name); !why.empty()) {
                throw usage_error("--exchange: " + why + "; without --exchange it defends");
            }
        }
    }
    if (const core::GameState* g = ctx.game(); g != nullptr && g->game == "constantinople") {
        if (const core::GameUnit* d = g->find_unit(q.defender.name)) {
            if (const std::string why = core::defended_already(*g, d->name); !why.empty()) {
                throw usage_error("--defender " + why);
            }
        }
        for (const auto& a : q.attackers) {
            // With an exchange the defender's attack back makes each attacker a defender in
            // this segment: one struck already would take a second melee's die (15.23, 15.24).
            if (opt.exchange && g->find_unit(a.name) != nullptr) {
                if (const std::string why = core::defended_already(*g, a.name); !why.empty()) {
                    throw usage_error("--attacker " + why + " (with --exchange, " + q.defender.name +
                                      " attacks it back)");
                }
            }
            if (g->find_unit(a.name) != nullptr && g->find_unit(q.defender.name) != nullptr) {
                if (const std::string why = core::melee_forbidden(*g, a.name, q.defender.name); !why.empty()) {
                    throw usage_error("--attacker " + a.name + " against --defender " + q.defender.name + ": " + why);
                }
            }
        }
        if (const core::GameUnit* d = g->find_unit(q.defender.name)) {
            std::vector<std::string> attackers;
            for (const auto& a : q.attackers) {
                if (const core::GameUnit* u = g->find_unit(a.name)) {
                    attackers.push_back(u->name);
                }
            }
            if (const std::string why = core::melee_all_or_none(*g, attackers, d->name, opt.exchange); !why.empty()) {
                throw usage_error(why);
            }
        }
    }
    q.boom = opt.boom;
    q.exchange = opt.exchange;
    q.split = opt.split;
    if (!opt.split_plan && !opt.objective.empty()) {
        throw usage_error("--objective goes with --split-plan (how plan melee ranks the splits)");
    }
    const std::string objective = opt.objective.empty() ? "expected" : opt.objective;
    if (opt.split_plan) {
        if (!opt.split.empty()) {
            throw usage_error("--split-plan and --split: give the defender's split one way");
        }
        if (!opt.exchange || opt.attackers.size() < 2) {
            throw usage_error("--split-plan " + std::to_string(*opt.split_plan) +
                              ": a split is the defender's points against several attackers, with --exchange "
                              "(15.24)");
        }
        q.split = planned_split(ctx, opt.defender, opt.attackers, opt.boom, opt.reading, objective, *opt.split_plan);
    }
    q.reading = core::parse_damaged_reading(opt.reading);
    const core::Table& crt = ctx.table("constantinople.melee");
    core::Fields inputs{{"attackers", opt.attackers},
                        {"defender", opt.defender},
                        {"boom", opt.boom},
                        {"exchange", opt.exchange},
                        {"damaged_reading", opt.reading}};
    if (opt.split_plan) {
        inputs.push_back({"split_plan", static_cast<long long>(*opt.split_plan)});
        inputs.push_back({"objective", objective});
    }
    if (!q.split.empty()) {
        std::vector<std::string> points;
        for (int p : q.split) {
            points.push_back(std::to_string(p));
        }
        inputs.push_back({"split", join(points, ",")});  // the defender's points, in --attacker order
    }
    // With --exchange, each attack its own die and nothing read from two of them (15.25):
    // --odds walks each attack alone, 6 branches each, not 6 to the power of the attacks
    // (the branches it reports are still the whole tree's, as the man page says).
    std::vector<core::OddsPart> attacks;
    for (size_t i = 0; q.exchange && i <= q.attackers.size(); ++i) {
        attacks.push_back({[&, i](core::Dice& dice) { return core::resolve_melee(crt, q, dice, i); }, "", ""});
    }
    ctx.adjudicate(opt.dice, inputs, "melee", [&](core::Dice& dice) { return core::resolve_melee(crt, q, dice); }, {},
                   {attacks, core::PartsAre::apart, {}});
}

void setup_melee(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<MeleeOptions>();
    auto* sub = app.add_subcommand("melee", "Constantinople naval melee (15.2-15.4, CRT 15.41)");
    sub->add_option("--attacker", opt->attackers,
                    "An attacking ship: melee strength or name, with :back :damaged (1 to 4)")
        ->required()
        ->allow_extra_args(false)
        ->type_name("SHIP");
    sub->add_option("--defender", opt->defender,
                    "The defending ship: melee strength or name, with :back :damaged :leader")
        ->required()
        ->type_name("SHIP");
    sub->add_flag("--boom", opt->boom, "Attacked across a Boom hexside: +1 defensive (15.63)");
    sub->add_flag("--exchange", opt->exchange, "The defender attacks back simultaneously (15.21, 15.25)");
    sub->add_option("--split", opt->split,
                    "With --exchange and several attackers: the defender's points against each "
                    "attacker, in --attacker order (15.24)")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->type_name("N,N,...");
    sub->add_option("--split-plan", opt->split_plan,
                    "With --exchange and several attackers: the split 'plan melee --ship DEFENDER --enemy "
                    "ATTACKER...' lists as N")
        ->type_name("N");
    sub->add_option("--objective", opt->objective,
                    "With --split-plan: how plan melee ranks the splits: expected (default), any-loss, strongest")
        ->transform(one_of({"expected", "any-loss", "strongest"}))
        ->type_name("expected|any-loss|strongest");
    sub->add_option("--damaged-reading", opt->reading,
                    "case: 15.34, Damaged leaves melee alone (default); chart: the 15.41 legend, "
                    "melee halved")
        ->transform(one_of({"case", "chart"}))
        ->type_name("case|chart");
    add_dice_options(*sub, opt->dice);
    sub->footer(
        "SHIP is a melee strength (8) or a ship of the scenario (Genoa, Galley-3), followed by\n"
        "flags: :back (the counter's back), :damaged (15.34), :leader (Diedo or Trevisano, 15.26).\n"
        "Dice, in order: the attack on the defender, then with --exchange each counterattack.\n"
        "Examples:\n"
        "  umpire melee --attacker 4 --attacker 4 --defender 5          # 15.23: +3\n"
        "  umpire melee --attacker 5 --attacker 3 --attacker 2 --defender 8 --exchange --split 2,1,5  # 15.24's "
        "example\n"
        "  umpire melee --attacker 5 --attacker 3 --attacker 2 --defender 8 --exchange --split-plan 1  # the "
        "split 'plan melee' lists first\n"
        "  umpire melee --attacker Galley-1 --defender Genoa:leader --boom --odds");
    sub->callback([opt, &ctx] { run_melee(*opt, ctx); });
}

}  // namespace umpire::cli
