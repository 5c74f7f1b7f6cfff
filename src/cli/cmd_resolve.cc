// umpire resolve: any combat results table read from the two sides' strengths, its column
// shifts and die modifiers named by the table (issue 25: any CRT game without code).
#include "cli/commands.h"
#include "core/game.h"
#include "core/lookup.h"
#include "games/custom/custom_game.h"
#include "util/error.h"
#include "util/text.h"

#include <limits>

namespace umpire::cli {

struct ResolveOptions {
    std::string table;
    std::optional<long long> attack;
    std::optional<long long> defense;
    std::optional<std::string> column;
    std::optional<std::string> row;
    std::vector<std::string> shifts;
    std::vector<std::string> mods;
    std::vector<std::string> attackers;
    std::vector<std::string> defenders;
    DiceOptions dice;
};

namespace {

// The units FLAG names, from the game's scenario (or --scenario): their attack factors
// (ATTACKING) or defense factors summed, with the working, each unit once and one side to
// a role; in a game, an eliminated unit refused.
struct Units {
    std::vector<std::string> names;
    std::string side;
    long long total = 0;
    std::string working;
};

Units take_units(const std::string& flag, const std::vector<std::string>& names, bool attacking, Context& ctx)
{
    Units out;
    if (ctx.options.scenario.empty() && ctx.game() == nullptr) {
        throw usage_error(flag + " " + names.front() +
                          ": units are a scenario's; give --game FILE (a game made from your scenario) or "
                          "--scenario FILE, or strengths with " +
                          (attacking ? "--attack N" : "--defense N"));
    }
    std::vector<std::string> parts;
    for (const auto& name : names) {
        const core::Unit& u = find_unit(flag, name, "", ctx);
        if (contains(out.names, u.name)) {
            throw usage_error(flag + " " + u.name + ": named twice");
        }
        if (!out.side.empty() && u.side != out.side) {
            throw usage_error(flag + " " + u.name + ": " + u.side + ", but " + out.names.front() + " is " + out.side +
                              ": one side " + (attacking ? "attacks" : "defends"));
        }
        if (!u.factors) {
            throw usage_error(flag + " " + u.name +
                              ": the scenario gives it no factors (factors = \"AF-DF-MF\", "
                              "umpire-tables(5), SCENARIOS); give strengths with " +
                              (attacking ? "--attack N" : "--defense N"));
        }
        if (const core::GameState* g = ctx.game(); g != nullptr && g->value(u.name, "status") == "eliminated") {
            throw usage_error(flag + " " + u.name + ": eliminated in the game (" + ctx.game_path() + ")");
        }
        const int factors = attacking ? u.factors->attack : u.factors->defense;
        out.names.push_back(u.name);
        out.side = u.side;
        out.total += factors;
        parts.push_back(u.name + " " + std::to_string(factors));
    }
    // A combat table's strengths are 0 to core::k_max_strength; the referee typed units, so
    // the sum is refused as theirs, not as an --attack he never gave (hunt48 F7).
    if (out.total > core::k_max_strength) {
        throw usage_error(flag + ": the " + std::to_string(out.names.size()) + " units' " +
                          (attacking ? "attack" : "defense") + " factors add up to " + std::to_string(out.total) +
                          "; allowed at most " + std::to_string(core::k_max_strength) +
                          " in all (a strength on a combat table)");
    }
    out.working = std::string(attacking ? "attack: " : "defense: ") + join(parts, " + ") +
                  (parts.size() > 1 ? " = " + std::to_string(out.total) : "");
    return out;
}

}  // namespace

void run_resolve(const ResolveOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.table);
    // One of umpire's games holds its rules in its own commands (the Russian winter
    // offensive's three Snow turns, VI.B.3, counters Spent or Dispersed); resolve reads the
    // chart alone, and with such a game's file it took the shift in any turn (hunt39).
    if (const core::GameState* g = ctx.game_path().empty() ? nullptr : ctx.game();
        g != nullptr && g->game != "custom" && iequals(table.game, core::find_game_rules(g->game)->title)) {
        throw usage_error("--game " + ctx.game_path() + " is a " + g->game +
                          " game, whose own commands hold its rules ('umpire --help' lists them under " + table.game +
                          "); resolve reads " + table.id +
                          " alone: use the game's command with --game, or resolve without --game to read the chart");
    }
    core::CombatRequest q;
    q.attack = opt.attack;
    q.defense = opt.defense;
    q.column = opt.column;
    for (const auto& s : opt.shifts) {
        // -1, +2: columns given; NAME or NAME=COUNT: the table's [[shift]]
        if (auto n = parse_int(s, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max())) {
            if (*n == 0 || *n < -20 || *n > 20) {
                throw usage_error("--shift " + s + ": a shift of -20 to 20 columns, not 0, or a shift of the table");
            }
            q.shifts.emplace_back("", static_cast<int>(*n));
            continue;
        }
        const size_t eq = s.find('=');
        int count = 1;
        if (eq != std::string::npos) {
            auto n = parse_int(s.substr(eq + 1), 1, 20);
            if (!n) {
                throw usage_error("--shift " + s + ": the count " + n.error());
            }
            count = static_cast<int>(*n);
        }
        if (s.substr(0, eq).empty()) {
            throw usage_error("--shift '" + s + "': write NAME, NAME=COUNT or a number of columns (-1, +2)");
        }
        q.shifts.emplace_back(s.substr(0, eq), count);
    }
    core::add_modifiers(q.lookup, opt.mods);
    q.lookup.row = opt.row;
    std::optional<Units> attackers;
    std::optional<Units> defenders;
    if (!opt.attackers.empty()) {
        if (opt.attack) {
            throw usage_error("--attack and --attacker: give the strength or the units, not both");
        }
        attackers = take_units("--attacker", opt.attackers, true, ctx);
        q.attack = attackers->total;
        if (table.column_kind == core::ColumnKind::ratio && attackers->total == 0) {
            throw usage_error("--attacker " + join(attackers->names, ", ") + ": attack factors add up to 0; table " +
                              table.id +
                              "'s columns are odds, attack to defense, and an attack of nothing has none: at "
                              "least 1 attack factor in all");
        }
    }
    if (!opt.defenders.empty()) {
        if (opt.defense) {
            throw usage_error("--defense and --defender: give the strength or the units, not both");
        }
        defenders = take_units("--defender", opt.defenders, false, ctx);
        q.defense = defenders->total;
    }
    if (attackers && defenders && contains(attackers->names, defenders->names.front())) {
        throw usage_error("--attacker and --defender " + defenders->names.front() +
                          ": a unit is on one side of an attack");
    }
    if (attackers && defenders && attackers->side == defenders->side) {
        throw usage_error("--attacker " + attackers->names.front() + " and --defender " + defenders->names.front() +
                          " are both " + attackers->side + ": a side does not attack its own units");
    }
    // --apply: the status the result's legend entry gives the units named (a game of yours).
    ctx.game_changes = [&](const core::Resolution& r) { return core::legend_changes(*ctx.game(), r, table); };
    ctx.adjudicate(opt.dice, {}, "resolve", [&](core::Dice& dice) {
        core::Resolution r = core::resolve_combat(table, q, dice);
        size_t at = 0;
        for (const auto* units : {&attackers, &defenders}) {
            if (*units) {
                r.inputs.push_back({units == &attackers ? "attackers" : "defenders", (*units)->names});
                r.steps.insert(r.steps.begin() + static_cast<std::ptrdiff_t>(at++), (*units)->working);
            }
        }
        return r;
    });
}

void setup_resolve(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ResolveOptions>();
    auto* sub = app.add_subcommand("resolve", "Any combat results table from attack and defense strengths: odds, "
                                              "differential or a named column, with its shifts");
    sub->add_option("TABLE", opt->table, "Table id (see table list; yours too)")->required();
    sub->add_option("--attack", opt->attack, "The attacker's strength")->type_name("N");
    sub->add_option("--defense", opt->defense, "The defender's strength (odds tables; a differential's other side)")
        ->type_name("N");
    sub->add_option("--column", opt->column, "The column named outright (label columns), instead of strengths")
        ->type_name("COLUMN");
    sub->add_option("--row", opt->row, "The row of a table read by label (or a die total to read without rolling)")
        ->type_name("ROW");
    sub->add_option("--shift", opt->shifts,
                    "A column shift: a [[shift]] of the table by name (NAME=COUNT for several), or -N/+N columns "
                    "(repeatable)")
        ->type_name("NAME[=COUNT]|N");
    sub->add_option("--attacker", opt->attackers,
                    "An attacking unit of the game's scenario (or --scenario's), by name: its attack factors count "
                    "(repeatable; instead of --attack)")
        ->type_name("UNIT");
    sub->add_option("--defender", opt->defenders,
                    "A defending unit, by name: its defense factors count (repeatable; instead of --defense)")
        ->type_name("UNIT");
    sub->add_option("--mod", opt->mods, "N added to the die, or NAME[=COUNT] of the table's modifiers (repeatable)")
        ->type_name("N|NAME[=COUNT]");
    add_dice_options(*sub, opt->dice);
    sub->footer("The column: odds tables read attack:defense under the nearest column at or below (in the\n"
                "defender's favour); differential tables attack minus defense (the attack alone: a\n"
                "strength); label tables take --column. Past the last column a table that clamps there\n"
                "reads the last before any shift; then the shifts; below the first column after them a\n"
                "table that clamps reads the first, else the attack is refused (umpire-tables(5):\n"
                "[columns] below/above, [[shift]]). A result whose legend says roll_again is rolled\n"
                "again on the same column, up to the table's roll_again_limit.\n"
                "Units: in a game made from your scenario, --attacker/--defender NAME add up the\n"
                "counters' factors, and --apply gives them the status the result's legend names\n"
                "([legend.CODE] attacker = \"...\", defender = \"...\"); game undo takes it back.\n"
                "Examples:\n"
                "  umpire resolve russian-portfolio.crt --attack 12 --defense 5 --roll 4\n"
                "  umpire resolve russian-portfolio.crt --attack 12 --defense 5 --shift -1 --odds\n"
                "  umpire resolve constantinople.melee --attack 6 --defense 4 --roll 5\n"
                "  umpire resolve my-game.crt --attack 9 --defense 3 --shift river --mod leader --roll 4\n"
                "  umpire --game g.toml resolve my-game.crt --attacker 1-Inf --defender 3-Pz --apply");
    sub->callback([opt, &ctx] { run_resolve(*opt, ctx); });
}

}  // namespace umpire::cli
