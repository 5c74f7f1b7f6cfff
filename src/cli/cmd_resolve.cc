// umpire resolve: any combat results table read from the two sides' strengths, its column
// shifts and die modifiers named by the table (issue 25: any CRT game without code).
#include "cli/commands.h"
#include "core/lookup.h"
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
    DiceOptions dice;
};

void run_resolve(const ResolveOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.table);
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
    ctx.adjudicate(opt.dice, {}, "resolve", [&](core::Dice& dice) { return core::resolve_combat(table, q, dice); });
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
    sub->add_option("--mod", opt->mods, "N added to the die, or NAME[=COUNT] of the table's modifiers (repeatable)")
        ->type_name("N|NAME[=COUNT]");
    add_dice_options(*sub, opt->dice);
    sub->footer("The column: odds tables read attack:defense under the nearest column at or below (in the\n"
                "defender's favour); differential tables attack minus defense (the attack alone: a\n"
                "strength); label tables take --column. Past the last column a table that clamps there\n"
                "reads the last before any shift; then the shifts; below the first column after them a\n"
                "table that clamps reads the first, else the attack is refused (umpire-tables(5):\n"
                "[columns] below/above, [[shift]]).\n"
                "Examples:\n"
                "  umpire resolve russian-portfolio.crt --attack 12 --defense 5 --roll 4\n"
                "  umpire resolve russian-portfolio.crt --attack 12 --defense 5 --shift -1 --odds\n"
                "  umpire resolve constantinople.melee --attack 6 --defense 4 --roll 5\n"
                "  umpire resolve my-game.crt --attack 9 --defense 3 --shift river --mod leader --roll 4");
    sub->callback([opt, &ctx] { run_resolve(*opt, ctx); });
}

}  // namespace umpire::cli
