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

// A check rolls its table's dice once. A group of several dice ("Roll two dice; on a result
// of 12", Black Sea Sub versus Sub) takes its total, as every group does (--roll 12, the
// 2d6 of bombard and the wind), or each of its dice as the text rolls them (--roll 6 --roll
// 6): then OPTIONS' values become their total, and what is returned says so; "" otherwise.
std::string dice_one_by_one(const core::Table& table, DiceOptions& options)
{
    if (!table.dice || table.dice->count < 2 || options.rolls.size() < 2) {
        return "";
    }
    const core::DiceSpec& spec = *table.dice;
    const std::string each = "check " + table.id + " rolls " + spec.label() + " once: give its total (--roll N, " +
                             std::to_string(spec.min()) + " to " + std::to_string(spec.max()) + ") or each of its " +
                             std::to_string(spec.count) + " dice (1 to " + std::to_string(spec.sides) + " each)";
    if (options.rolls.size() != static_cast<size_t>(spec.count)) {
        throw usage_error("--roll: " + std::to_string(options.rolls.size()) + " values given; " + each);
    }
    int total = spec.modifier;
    std::vector<std::string> faces;
    for (int face : options.rolls) {
        if (face < 1 || face > spec.sides) {
            throw usage_error("--roll " + std::to_string(face) + ": not a face of a d" + std::to_string(spec.sides) +
                              "; " + each);
        }
        total += face;
        faces.push_back(std::to_string(face));
    }
    options.rolls = {total};
    return "the " + std::to_string(spec.count) + " dice of " + spec.label() +
           " given one by one: " + join(faces, " + ") + " = " + std::to_string(total);
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
    hold_read_to_game(table, q, ctx);  // a night turn's modifier, Night Combat by day (Black Sea)
    DiceOptions dice_options = opt.dice;
    const std::string one_by_one = dice_one_by_one(table, dice_options);
    ctx.adjudicate(dice_options, {}, "check " + table.id, [&](core::Dice& dice) {
        core::Resolution r = core::resolve_lookup(table, q, dice);
        r.command = "check";
        if (!one_by_one.empty()) {
            r.notes.push_back(one_by_one);
        }
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
