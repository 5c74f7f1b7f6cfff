// umpire check ID | list: the small rolls read from a one-column die table (storm,
// bombardment, breaking free, portage...).
#include "cli/commands.h"
#include "format/json.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <ostream>

namespace umpire::cli {

struct CheckOptions {
    std::string id;
    std::vector<std::string> mods;
    DiceOptions dice;
};

namespace {

bool is_check(const core::Table& t)
{
    return t.row_kind == core::RowKind::die && t.column_kind == core::ColumnKind::none && !t.rows.empty();
}

// A check by full id, or by the last part of it when only one table ends so. Only the
// tables whose id matches are read; all of them only to suggest a name for a typo.
const core::Table& find_check(const std::string& id, Context& ctx)
{
    std::vector<std::string> matches;
    for (const auto& c : ctx.catalog().ids()) {
        if ((c == id || c.ends_with("." + id)) && is_check(ctx.table(c))) {
            matches.push_back(c);
        }
    }
    if (matches.size() > 1) {
        throw usage_error("check '" + id + "' is ambiguous: " + join(matches, ", "));
    }
    if (matches.empty()) {
        std::vector<std::string> names;  // full ids, and the last parts people type
        for (const auto& info : ctx.catalog().list()) {
            if (is_check(ctx.table(info.id))) {
                names.push_back(info.id);
                names.push_back(info.id.substr(info.id.rfind('.') + 1));
            }
        }
        throw not_found_error("no check '" + id + "'" + suggestion(id, names) + "; 'umpire check list' shows them all");
    }
    return ctx.table(matches.front());
}

}  // namespace

std::vector<std::string> check_names(Context& ctx)
{
    std::vector<std::string> ids;
    for (const auto& info : ctx.catalog().list()) {
        if (is_check(ctx.table(info.id))) {
            ids.push_back(info.id);
        }
    }
    std::vector<std::string> names = ids;
    for (const auto& id : ids) {
        const std::string last = id.substr(id.rfind('.') + 1);
        if (std::count_if(ids.begin(), ids.end(), [&](const std::string& c) { return c.ends_with("." + last); }) == 1) {
            names.push_back(last);
        }
    }
    return names;
}

void run_check(const CheckOptions& opt, Context& ctx)
{
    if (opt.id == "list") {
        if (!opt.dice.rolls.empty() || opt.dice.odds || !opt.mods.empty()) {
            throw usage_error("check list takes no --roll, --odds or --mod");
        }
        std::vector<load::TableInfo> checks;
        for (const auto& info : ctx.catalog().list()) {
            if (is_check(ctx.table(info.id))) {
                checks.push_back(info);
            }
        }
        ctx.out() << (ctx.options.json ? format::to_json("check list", "checks", checks) + "\n"
                                       : format::list_tables(checks));
        return;
    }
    const core::Table& table = find_check(opt.id, ctx);
    core::LookupRequest q;
    core::add_modifiers(q, opt.mods);
    ctx.adjudicate(opt.dice, {}, "check " + table.id, [&](core::Dice& dice) {
        core::Resolution r = core::resolve_lookup(table, q, dice);
        r.command = "check";
        return r;
    });
}

void setup_check(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CheckOptions>();
    auto* sub = app.add_subcommand("check", "Roll a named check (storm, bombard, free-rammed, "
                                            "free-rammer, portage...); 'check list' lists them");
    sub->add_option("ID", opt->id, "Check id, or its last part when unique; or 'list'")->required();
    sub->add_option("--mod", opt->mods,
                    "A number added to the die where the check takes one (portage: the Assault "
                    "Capability Number), or one of the check's named modifiers, NAME or NAME=COUNT "
                    "(repeatable; 'umpire table show ID' lists them)")
        ->allow_extra_args(false)
        ->type_name("N|NAME[=COUNT]");
    add_dice_options(*sub, opt->dice);
    sub->footer("Examples:\n  umpire check list\n  umpire check storm          # 14.29, each ship at sea\n"
                "  umpire check bombard --odds # 15.73\n  umpire check portage --mod 2 --roll 3\n"
                "  umpire check free-rammer    # 15.16");
    sub->callback([opt, &ctx] { run_check(*opt, ctx); });
}

}  // namespace umpire::cli
