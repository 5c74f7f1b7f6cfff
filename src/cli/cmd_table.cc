// umpire table list | show ID | lookup ID: the tables themselves.
#include "cli/commands.h"
#include "format/json.h"
#include "util/error.h"

#include <ostream>

namespace umpire::cli {

struct TableOptions {
    std::string id;
    std::optional<std::string> column;
    std::optional<std::string> row;
    std::vector<std::string> mods;
    DiceOptions dice;
};

void run_table_list(Context& ctx)
{
    auto tables = ctx.catalog().list();
    ctx.out() << (ctx.options.json ? format::to_json("table list", "tables", tables) + "\n"
                                   : format::list_tables(tables));
}

void run_table_show(const TableOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.id);
    if (ctx.options.json) {
        ctx.out() << format::to_json(table) << "\n";
        return;
    }
    // Mark the cell when enough is given to find it; --roll names a die row.
    std::optional<size_t> mark_row;
    std::optional<size_t> mark_column;
    if (opt.dice.rolls.size() > 1) {
        throw usage_error("--roll: table show marks one cell; give one --roll");
    }
    std::optional<std::string> row = opt.row;
    if (!opt.dice.rolls.empty()) {
        if (row) {
            throw usage_error("--roll and --row both name the row; give one");
        }
        if (table.row_kind != core::RowKind::die) {
            throw usage_error("--roll: table " + table.id + " has no die rows; use --row");
        }
        int roll = opt.dice.rolls.front();
        if (roll < table.dice->min() || roll > table.dice->max()) {
            throw usage_error("--roll " + std::to_string(roll) + " is impossible for " + table.dice->label() +
                              "; allowed " + std::to_string(table.dice->min()) + " to " +
                              std::to_string(table.dice->max()));
        }
        row = std::to_string(roll);
    }
    if (row) {
        auto found = core::find_row(table, *row);
        if (!found) {
            throw usage_error("--row: " + found.error());
        }
        mark_row = *found;
    }
    if (opt.column) {
        auto found = core::find_column(table, *opt.column);
        if (!found) {
            throw usage_error("--column: " + found.error());
        }
        mark_column = *found;
    }
    if (mark_row && !mark_column && table.column_kind != core::ColumnKind::none) {
        mark_row.reset();  // a row alone marks nothing on a grid
    }
    if (table.provisional && !ctx.options.quiet) {
        ctx.err() << "umpire: warning: table " << table.id << " is provisional, not the published chart\n";
    }
    ctx.out() << format::draw_table(table, mark_row, mark_column, ctx.style());
}

void run_table_lookup(const TableOptions& opt, Context& ctx)
{
    const core::Table& table = ctx.table(opt.id);
    core::LookupRequest q{opt.column, opt.row, 0};
    core::add_modifiers(q, opt.mods);
    core::Fields inputs;
    ctx.adjudicate(opt.dice, inputs, "table lookup", [&](core::Dice& dice) {
        core::Resolution r = core::resolve_lookup(table, q, dice);
        r.command = "table lookup";
        return r;
    });
}

void setup_table(CLI::App& app, Context& ctx)
{
    auto* sub = app.add_subcommand("table", "List, show and look up tables");
    sub->require_subcommand(1);
    sub->footer("Examples:\n  umpire table list\n  umpire table show constantinople.melee --column 3 --roll 4\n"
                "  umpire table lookup constantinople.melee --column -5 --roll 6\n"
                "  umpire table lookup constantinople.reefs --row 2028 --column number");

    auto* list = sub->add_subcommand("list", "Every table, where it came from, provisional or not");
    list->callback([&ctx] { run_table_list(ctx); });

    auto show_opt = ctx.make_options<TableOptions>();
    auto* show = sub->add_subcommand("show", "Draw a table as the printed chart, marking a cell");
    show->add_option("ID", show_opt->id, "Table id (see table list)")->required();
    show->add_option("--column", show_opt->column, "Column to mark (a differential or label)");
    show->add_option("--row", show_opt->row, "Row to mark (a label, or a die total)");
    show->add_option("--roll", show_opt->dice.rolls, "Die total whose row to mark")
        ->allow_extra_args(false)
        ->type_name("N");
    show->callback([show_opt, &ctx] { run_table_show(*show_opt, ctx); });

    auto look_opt = ctx.make_options<TableOptions>();
    auto* lookup = sub->add_subcommand("lookup", "Read one cell, rolling the table's dice if needed");
    lookup->add_option("ID", look_opt->id, "Table id (see table list)")->required();
    lookup->add_option("--column", look_opt->column, "Column: a differential (clamped as the table says) or label");
    lookup->add_option("--row", look_opt->row, "Row: a label, or a die total to read without rolling");
    lookup->add_option("--mod", look_opt->mods, "N added to the roll, or NAME[=COUNT] of the table's modifiers")
        ->allow_extra_args(false)
        ->type_name("N|NAME[=COUNT]");
    add_dice_options(*lookup, look_opt->dice);
    lookup->callback([look_opt, &ctx] { run_table_lookup(*look_opt, ctx); });
}

}  // namespace umpire::cli
