// umpire plan melee --ship SHIP --enemy SHIP...: a ship adjacent to several enemies must
// attack all of them or none (Constantinople 15.24). Every split of its melee strength
// the case allows, each with the exact results against every enemy, ranked by what the
// referee asks for (issue 15). Which splits are legal is core::legal_splits (the same
// check melee --split makes); the odds against each enemy are melee's own --odds for that
// many points against that ship.
#include "cli/commands.h"
#include "format/json.h"
#include "format/text.h"
#include "games/constantinople/constantinople.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <map>
#include <ostream>

namespace umpire::cli {

struct PlanMeleeOptions {
    std::string ship;
    std::vector<std::string> enemies;
    bool boom = false;
    std::string reading = "case";
    std::string objective = "expected";
    int top = 10;
};

namespace {

using core::Fraction;
using core::Rational;

// The severities a melee result can have, least first (umpire-tables(5)).
constexpr std::array<std::string_view, 4> k_severities{"none", "light", "heavy", "severe"};

// The results of POINTS against one enemy, as melee --odds reports them.
struct Attack {
    int points = 0;
    long long differential = 0;
    long long column = 0;
    std::vector<core::OddsLine> lines;
    std::array<Rational, 4> by_severity;  // the chance of each severity
    core::Resolution sample;
};

struct Scored {
    std::vector<int> points;
    std::vector<const Attack*> attacks;
    Rational any_loss;                 // a severe result (L) on some enemy
    Rational strongest;                // heavy or worse (D, L) on one of the strongest
    std::array<Rational, 4> expected;  // how many results of each severity
    int rank = 0;
};

std::string objective_text(const std::string& objective, const std::vector<std::string>& names)
{
    if (objective == "any-loss") {
        return "the chance of a Lose one on any enemy";
    }
    if (objective == "strongest") {
        return "the chance of Damaged or worse on the strongest enemy (" + join(names, " or ") + ")";
    }
    return "expected results, most severe first: Lose ones, then Damaged, then Ineffective";
}

// Whether A ranks before B: the objective, then the expected results by severity.
bool before(const Scored& a, const Scored& b, const std::string& objective)
{
    if (objective == "any-loss" && a.any_loss != b.any_loss) {
        return a.any_loss > b.any_loss;
    }
    if (objective == "strongest" && a.strongest != b.strongest) {
        return a.strongest > b.strongest;
    }
    for (size_t s = k_severities.size() - 1; s > 0; --s) {
        if (a.expected[s] != b.expected[s]) {
            return a.expected[s] > b.expected[s];
        }
    }
    return false;
}

// "1/3", and 0 or 1 as themselves.
std::string exact_text(const Rational& q) { return q == 0 || q == 1 ? q.str() : Fraction{q}.text(); }

std::string chance_text(const Rational& q) { return format::percent(Fraction{q}) + " (" + exact_text(q) + ")"; }

// Every legal split of the ship's strength, ranked (best first; OPT.top of them, or all).
// ATTACKS holds each number of points against each enemy once; SCORED points into it.
struct Planned {
    const core::Table* crt = nullptr;
    std::map<std::string, size_t> severity_of;
    core::MeleeRequest q;
    core::MeleeSplits plan;
    std::vector<std::string> names;
    int strongest = 0;
    std::vector<std::string> strongest_names;
    std::map<std::pair<size_t, int>, Attack> attacks;
    std::vector<Scored> scored;
};

void make_plan(const PlanMeleeOptions& opt, Context& ctx, Planned& planned)
{
    const core::Table& crt = ctx.table("constantinople.melee");
    planned.crt = &crt;
    std::map<std::string, size_t>& severity_of = planned.severity_of;
    for (const auto& entry : crt.legend) {
        const auto at = std::find(k_severities.begin(), k_severities.end(), entry.severity);
        if (at == k_severities.end()) {
            throw usage_error("plan melee: table " + crt.id + " gives result '" + entry.code +
                              "' no severity (none, light, heavy or severe), and the plan ranks by it");
        }
        severity_of[entry.code] = static_cast<size_t>(at - k_severities.begin());
    }

    if (opt.top < 0) {
        throw usage_error("--top " + std::to_string(opt.top) +
                          ": give how many splits to show, 1 or more, or 0 for all");
    }
    if (opt.enemies.size() > 4) {
        throw usage_error("{attacker}: " + std::to_string(opt.enemies.size()) +
                          " given; a ship melees at most four adjacent enemies, through its port and starboard "
                          "hexsides or engaged (15.22, 15.24)");
    }
    core::MeleeRequest& q = planned.q;
    auto scenario = [&ctx]() -> const core::Scenario& { return ctx.scenario("constantinople"); };
    // The ship attacks (an Ineffective ship may not, 15.33); the enemies defend.
    q.defender = flag_value("{defender}", core::parse_ship(ship_in_game(ctx, "{defender}", opt.ship, true),
                                                           core::ShipValue::melee, scenario));
    for (const auto& spec : opt.enemies) {
        q.attackers.push_back(flag_value("{attacker}", core::parse_ship(ship_in_game(ctx, "{attacker}", spec, false),
                                                                        core::ShipValue::melee, scenario)));
        const core::Ship& enemy = q.attackers.back();
        if (!enemy.side.empty() && enemy.side == q.defender.side) {
            throw usage_error("{attacker} " + spec + " and {defender} " + opt.ship + " are both " + enemy.side +
                              " ships");
        }
    }
    q.boom = opt.boom;
    q.reading = core::parse_damaged_reading(opt.reading);
    planned.plan = core::legal_splits(q);
    const core::MeleeSplits& plan = planned.plan;

    std::vector<std::string>& names = planned.names;
    for (size_t i = 0; i < opt.enemies.size(); ++i) {
        names.push_back(q.attackers[i].name.empty() ? "enemy " + std::to_string(i + 1) : q.attackers[i].name);
    }
    if (plan.defenses.empty()) {
        return;
    }
    planned.strongest = *std::max_element(plan.defenses.begin(), plan.defenses.end());
    const int strongest = planned.strongest;
    std::vector<std::string>& strongest_names = planned.strongest_names;
    for (size_t i = 0; i < names.size(); ++i) {
        if (plan.defenses[i] == strongest) {
            strongest_names.push_back(names[i]);
        }
    }

    // melee --odds for every number of points a split puts on each enemy.
    std::map<std::pair<size_t, int>, Attack>& attacks = planned.attacks;
    auto attack = [&](size_t enemy, int points) -> const Attack& {
        auto [at, fresh] = attacks.try_emplace({enemy, points});
        Attack& a = at->second;
        if (!fresh) {
            return a;
        }
        std::vector<std::string> words{"melee",      "--attacker",       std::to_string(points),
                                       "--defender", opt.enemies[enemy], "--damaged-reading",
                                       opt.reading};
        if (opt.boom) {
            words.emplace_back("--boom");
        }
        core::OddsReport report = request_odds(words, ctx, "plan melee");
        a.points = points;
        a.sample = report.sample;
        for (const auto& f : report.sample.result.fields) {
            if (f.key == "differential") {
                a.differential = std::get<long long>(f.value);
            }
            if (f.key == "column") {
                a.column = std::get<long long>(f.value);
            }
        }
        for (const auto& dim : report.dimensions) {
            if (dim.name == "result") {
                a.lines = dim.lines;
            }
        }
        for (const auto& line : a.lines) {
            a.by_severity.at(severity_of.at(line.value)) += line.probability.q();
        }
        return a;
    };

    auto by_rank = [&](const Scored& a, const Scored& b) { return before(a, b, opt.objective); };
    std::vector<Scored>& scored = planned.scored;
    for (const auto& split : plan.splits) {
        Scored s;
        s.points = split;
        Rational no_loss{1};
        Rational none_on_strongest{1};
        for (size_t i = 0; i < split.size(); ++i) {
            const Attack& a = attack(i, split[i]);
            s.attacks.push_back(&a);
            no_loss *= 1 - a.by_severity[3];
            if (plan.defenses[i] == strongest) {
                none_on_strongest *= 1 - a.by_severity[2] - a.by_severity[3];
            }
            for (size_t k = 0; k < k_severities.size(); ++k) {
                s.expected[k] += a.by_severity[k];
            }
        }
        s.any_loss = 1 - no_loss;
        s.strongest = 1 - none_on_strongest;
        // Kept in order, after those it ties with; only the best --top are kept (a split
        // better than a kept one is kept too, so their ranks stay exact).
        if (opt.top == 0) {
            scored.push_back(std::move(s));
            continue;
        }
        const auto at = std::upper_bound(scored.begin(), scored.end(), s, by_rank);
        if (at - scored.begin() < opt.top) {
            scored.insert(at, std::move(s));
            if (scored.size() > static_cast<size_t>(opt.top)) {
                scored.pop_back();
            }
        }
    }
    if (opt.top == 0) {
        std::stable_sort(scored.begin(), scored.end(), by_rank);
    }
    for (size_t i = 0; i < scored.size(); ++i) {
        const bool tied = i > 0 && !before(scored[i - 1], scored[i], opt.objective);
        scored[i].rank = tied ? scored[i - 1].rank : static_cast<int>(i) + 1;
    }
}

}  // namespace

std::vector<int> planned_split(Context& ctx, const std::string& ship, const std::vector<std::string>& enemies,
                               bool boom, const std::string& reading, const std::string& objective, int number)
{
    PlanMeleeOptions opt{ship, enemies, boom, reading, objective, 0};
    Planned planned;
    make_plan(opt, ctx, planned);
    // No split at all (15.24: it attacks none of them): there is no attack back to choose.
    if (const std::string why = core::no_legal_split(planned.q); !why.empty()) {
        throw usage_error(why);
    }
    const int listed = static_cast<int>(planned.scored.size());
    if (number < 1 || number > listed) {
        throw usage_error("--split-plan " + std::to_string(number) + ": plan melee lists " + std::to_string(listed) +
                          " legal split" + (listed == 1 ? "" : "s") + " of " + std::to_string(planned.plan.strength) +
                          " points for these ships (15.24); give 1 to " + std::to_string(listed));
    }
    return planned.scored[static_cast<size_t>(number - 1)].points;
}

void run_plan_melee(const PlanMeleeOptions& opt, Context& ctx)
{
    // make_plan and core's melee name the enemies attackers and the ship the defender, as
    // melee --split-plan types them.
    ctx.name_field("attacker", "--enemy");
    ctx.name_field("defender", "--ship");
    Planned planned;
    make_plan(opt, ctx, planned);
    const core::Table& crt = *planned.crt;
    const auto& severity_of = planned.severity_of;
    const core::MeleeRequest& q = planned.q;
    const core::MeleeSplits& plan = planned.plan;
    const std::vector<std::string>& names = planned.names;
    const int strongest = planned.strongest;
    const std::vector<std::string>& strongest_names = planned.strongest_names;
    const std::vector<Scored>& scored = planned.scored;
    const size_t shown = scored.size();
    const size_t legal = plan.splits.size();
    const std::string ship_name = q.defender.name.empty() ? "the ship" : q.defender.name;
    // The table's provisional notes, once, from the first attack's working.
    const core::Resolution* sample = scored.empty() ? nullptr : &scored.front().attacks.front()->sample;

    if (!ctx.options.draw.empty()) {
        // --draw: each split shown a chart of its own, a bar for each result on each enemy.
        core::OddsReport drawn;
        drawn.sample.title = "Plan: " + ship_name + ", melee strength " + std::to_string(plan.strength);
        drawn.sample.source = "Constantinople 15.24, CRT 15.41";
        if (sample != nullptr) {
            drawn.sample.provisional_notes = sample->provisional_notes;
        }
        if (legal == 0) {
            drawn.sample.notes.push_back("no legal split (15.24): " + ship_name + " attacks none of them");
        }
        for (size_t i = 0; i < shown; ++i) {
            const Scored& s = scored[i];
            std::vector<std::string> points;
            for (int p : s.points) {
                points.push_back(std::to_string(p));
            }
            core::OddsDimension dim;
            dim.name = std::to_string(i + 1) + ". " + join(points, ", ");
            for (size_t e = 0; e < s.attacks.size(); ++e) {
                const Attack& a = *s.attacks[e];
                for (const auto& line : a.lines) {
                    dim.lines.push_back({line.value,
                                         std::to_string(a.points) + " on " + names[e] + " at " +
                                             signed_number(a.differential) + ": " + line.name,
                                         line.probability, line.severity});
                }
            }
            drawn.dimensions.push_back(std::move(dim));
        }
        ctx.draw_odds(drawn);
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("plan melee").key("source").value(crt.source);
        w.key("ship").begin_object().key("spec").value(opt.ship).key("strength").value(plan.strength).end_object();
        w.key("enemies").begin_array();
        for (size_t i = 0; i < opt.enemies.size(); ++i) {
            w.begin_object().key("spec").value(opt.enemies[i]).key("defense").value(plan.defenses[i]);
            w.key("strongest").value(plan.defenses[i] == strongest).end_object();
        }
        w.end_array().key("boom").value(opt.boom).key("damaged_reading").value(opt.reading);
        w.key("objective").value(opt.objective).key("legal_splits").value(static_cast<long long>(legal));
        w.key("splits").begin_array();
        for (size_t i = 0; i < shown; ++i) {
            const Scored& s = scored[i];
            w.begin_object().key("number").value(static_cast<long long>(i) + 1).key("rank").value(s.rank);
            w.key("points").begin_array();
            for (int p : s.points) {
                w.value(p);
            }
            w.end_array().key("targets").begin_array();
            for (size_t e = 0; e < s.attacks.size(); ++e) {
                const Attack& a = *s.attacks[e];
                w.begin_object().key("enemy").value(opt.enemies[e]).key("points").value(a.points);
                w.key("differential").value(a.differential).key("column").value(a.column);
                w.key("odds").begin_array();
                for (const auto& line : a.lines) {
                    w.begin_object().key("value").value(line.value).key("name").value(line.name);
                    w.key("severity").value(k_severities.at(severity_of.at(line.value)));
                    w.key("probability").value(line.probability.value()).key("fraction").value(line.probability.text());
                    w.end_object();
                }
                w.end_array().end_object();
            }
            w.end_array();
            format::write_chance(w, "any_loss", Fraction{s.any_loss});
            format::write_chance(w, "strongest_damaged", Fraction{s.strongest});
            w.key("expected").begin_object();
            for (size_t k = 1; k < k_severities.size(); ++k) {
                format::write_exact(w, k_severities[k], Fraction{s.expected[k]});
            }
            w.end_object().end_object();
        }
        w.end_array().key("provisional").value(sample != nullptr && sample->provisional);
        w.end_object();
        ctx.out() << w.str() << "\n";
        return;
    }

    std::string out = "Plan: " + ship_name + ", melee strength " + std::to_string(plan.strength) + ", against " +
                      std::to_string(names.size()) + " adjacent enem" + (names.size() == 1 ? "y" : "ies") +
                      " (Constantinople 15.24, CRT 15.41)\n";
    for (size_t i = 0; i < names.size(); ++i) {
        out += "  " + names[i] + ": defense " + std::to_string(plan.defenses[i]) +
               (plan.defenses[i] == strongest && names.size() > 1 ? "  (strongest)" : "") + "\n";
    }
    if (legal == 0) {
        // The fewest points each enemy may be given: 1, and no voluntary differential below -3.
        const std::vector<int> fewest = core::least_split(q);
        int least = 0;
        std::vector<std::string> each;
        for (size_t i = 0; i < fewest.size(); ++i) {
            least += fewest[i];
            each.push_back(std::to_string(fewest[i]) + " on " + names[i]);
        }
        out += "  no legal split: with no attack below -3 and every enemy attacked (15.24) the least it could "
               "give is " +
               std::to_string(least) + " points (" + join(each, ", ") + "), more than its " +
               std::to_string(plan.strength) + "; " + ship_name + " attacks none of them\n";
        ctx.out() << out;
        return;
    }
    if (names.size() == 1) {
        out += "  one enemy: the ship always uses its maximum strength (15.24), so there is one way\n";
    } else {
        out += "  " + std::to_string(legal) + " legal split" + (legal == 1 ? "" : "s") +
               ": all or none of the enemies, no voluntary differential below -3, all the points used (15.24)\n";
    }
    out += "  ranked by " + objective_text(opt.objective, strongest_names) + "\n";
    for (size_t i = 0; i < shown; ++i) {
        const Scored& s = scored[i];
        std::vector<std::string> points;
        std::vector<std::string> differentials;
        for (size_t e = 0; e < s.points.size(); ++e) {
            points.push_back(std::to_string(s.points[e]));
            differentials.push_back(signed_number(s.attacks[e]->differential));
        }
        // Numbered in order, so melee --split-plan N takes the split listed as N; a split
        // that ties with the one above says so.
        out += "\n" + std::to_string(i + 1) + ". " + join(points, ", ") + "  (differential" +
               (s.points.size() == 1 ? " " : "s ") + join(differentials, ", ") + ")" +
               (s.rank != static_cast<int>(i) + 1 ? "  ties with " + std::to_string(s.rank) : "") + "\n";
        out += "     a Lose one anywhere " + chance_text(s.any_loss) + "; Damaged or worse on the strongest " +
               chance_text(s.strongest) + "\n";
        out += "     expected: Lose one " + exact_text(s.expected[3]) + ", Damaged " + exact_text(s.expected[2]) +
               ", Ineffective " + exact_text(s.expected[1]) + "\n";
        for (size_t e = 0; e < s.attacks.size(); ++e) {
            const Attack& a = *s.attacks[e];
            std::string row =
                "     " + std::to_string(a.points) + " on " + names[e] + " at " + signed_number(a.differential);
            if (a.column != a.differential) {
                row += " (read " + signed_number(a.column) + ")";
            }
            row += ":";
            for (const auto& line : a.lines) {
                row += "  " + line.value + " " + format::percent(line.probability);
            }
            out += row + "\n";
        }
    }
    if (shown < legal) {
        out += "\n" + std::to_string(legal - shown) + " more split" + (legal - shown == 1 ? "" : "s") +
               " not shown: --top 0 shows all\n";
    }
    if (sample != nullptr && sample->provisional) {
        for (const auto& note : sample->provisional_notes) {
            out += "PROVISIONAL: " + note + "\n";
        }
    }
    ctx.out() << out;
}

void setup_plan_melee(CLI::App& plan, Context& ctx)
{
    auto opt = ctx.make_options<PlanMeleeOptions>();
    auto* sub = plan.add_subcommand("melee", "Plan a Constantinople melee: every split of a ship's strength among the "
                                             "enemies beside it (15.24), ranked");
    sub->add_option("--ship", opt->ship,
                    "The ship that splits its melee strength: a strength or name, with :back :damaged")
        ->required()
        ->type_name("SHIP");
    sub->add_option("--enemy", opt->enemies,
                    "An adjacent enemy it may melee (1 to 4): a strength or name, with :back :damaged :leader")
        ->required()
        ->allow_extra_args(false)
        ->type_name("SHIP");
    sub->add_flag("--boom", opt->boom, "Attacking across a Boom hexside: +1 to each enemy's defense (15.63)");
    sub->add_option("--damaged-reading", opt->reading,
                    "case: 15.34, Damaged leaves melee alone (default); chart: the 15.41 legend, melee halved")
        ->transform(one_of({"case", "chart"}))
        ->type_name("case|chart");
    sub->add_option("--objective", opt->objective,
                    "How splits are ranked: expected (Lose ones, then Damaged, then Ineffective expected; default), "
                    "any-loss (a Lose one on some enemy), strongest (Damaged or worse on the strongest enemy)")
        ->transform(one_of({"expected", "any-loss", "strongest"}))
        ->type_name("expected|any-loss|strongest");
    sub->add_option("--top", opt->top, "Show the N best splits (default 10; 0: all)")->type_name("N");
    sub->footer("Each split gives every enemy its points (in --enemy order), the differential against its\n"
                "defense (its leader and the Boom included) and melee's exact odds there. Ties are broken\n"
                "by the expected results, then kept in the order of the points; a split that ties with\n"
                "the one above says so. Each is numbered: melee --exchange --split-plan N applies the\n"
                "split listed as N (the same ships, --boom, --damaged-reading and --objective). With\n"
                "--game, ships named are read as they stand in the game (Damaged, reduced, sunk,\n"
                "Ineffective).\n"
                "Examples:\n"
                "  umpire plan melee --ship 8 --enemy 5 --enemy 3 --enemy 2      # 15.24's example is among them\n"
                "  umpire plan melee --ship 8 --enemy 5 --enemy 3 --enemy 2 --objective strongest --top 3\n"
                "  umpire --game evening.toml plan melee --ship Venice --enemy Galley-1 --enemy Galley-2");
    sub->callback([opt, &ctx] { run_plan_melee(*opt, ctx); });
}

}  // namespace umpire::cli
