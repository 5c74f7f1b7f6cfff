// umpire game: the referee's game file (new, status, next, undo, rebuild).
#include "cli/commands.h"
#include "cli/game_store.h"
#include "format/json.h"
#include "load/catalog.h"
#include "util/error.h"
#include "util/text.h"

#include <filesystem>

namespace umpire::cli {

struct GameOptions {
    std::string action;
    std::vector<std::string> args;
    core::StatusList given;  // game next: --month, --light, --weather
    DiceOptions dice;
};

namespace {

// GAME or SCENARIO: a game id (its shipped scenario) or a scenario by name or file.
std::pair<const core::GameRules*, const core::Scenario*> game_of(const std::string& what, Context& ctx)
{
    if (const core::GameRules* rules = core::find_game_rules(what)) {
        static const core::Scenario none;  // a game whose file keeps only its clock
        return {rules, rules->scenario.empty() ? &none : &ctx.catalog().scenario(rules->scenario)};
    }
    const core::Scenario* found = nullptr;
    try {
        found = &ctx.catalog().scenario(what);
    } catch (const Error& e) {
        if (e.code() != ExitCode::no_input) {
            throw;
        }
        throw Error(ExitCode::no_input, "game new: '" + what + "' is neither a game (" + join(core::game_ids(), ", ") +
                                            ") nor a scenario (" + join(ctx.catalog().scenario_names(), ", ") +
                                            ", or a .toml file)" + suggestion(what, core::game_ids()));
    }
    const core::Scenario& s = *found;
    for (const auto& id : core::game_ids()) {
        const core::GameRules* rules = core::find_game_rules(id);
        if (rules->title == s.game) {
            return {rules, &s};
        }
    }
    throw usage_error("scenario " + s.id + " is a " + s.game + " scenario; umpire keeps game files for " +
                      join(core::game_ids(), ", "));
}

core::GameState start(const std::string& what, Context& ctx)
{
    auto [rules, scenario] = game_of(what, ctx);
    return rules->start(*scenario, ctx.table_of());
}

std::string file_of(const GameOptions& opt, Context& ctx, size_t at)
{
    if (opt.args.size() > at + 1) {
        throw usage_error("game " + opt.action + ": too many arguments");
    }
    if (opt.args.size() == at + 1) {
        ctx.options.game = opt.args[at];
    }
    if (ctx.game_path().empty()) {
        throw usage_error("game " + opt.action + ": name the game file (or give --game FILE, or set $UMPIRE_GAME)");
    }
    return ctx.game_path();
}

void run_new(const GameOptions& opt, Context& ctx)
{
    if (opt.args.size() != 2) {
        throw usage_error("game new GAME|SCENARIO FILE: e.g. 'game new constantinople siege.toml'; games: " +
                          join(core::game_ids(), ", "));
    }
    const std::string& path = opt.args[1];
    std::error_code ec;
    if (std::filesystem::exists(path, ec) || std::filesystem::exists(journal_path(path), ec)) {
        throw usage_error("game new: " + path + " (or its journal) already exists; umpire never overwrites a game");
    }
    core::GameState g = start(opt.args[0], ctx);
    core::Resolution r;
    r.command = "game new";
    r.title = "New game";
    r.source = g.game;
    r.inputs = {{"game", g.game}};
    if (!g.scenario.empty()) {
        r.inputs.push_back({"scenario", g.scenario});
    }
    r.inputs.push_back({"file", path});
    r.result.code = "new";
    r.result.name =
        "A new " + g.game + " game in " + path + (g.scenario.empty() ? "" : ", from scenario " + g.scenario);
    r.result.fields.push_back({"units", static_cast<long long>(g.units.size())});
    {
        load::StateLock lock(path);
        write_game(path, g, load::journal_line(utc_now(), ctx.argv, 0, 0, {}, {}, std::nullopt, format::to_json(r)));
    }
    ctx.emit(std::move(r));
}

void run_status(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    const core::GameState& g = *ctx.game();
    core::Resolution r;
    r.command = "game status";
    r.title = "The game in " + path;
    r.source = g.game + (g.scenario.empty() ? "" : ", scenario " + g.scenario);
    core::find_game_rules(g.game)->status(g, ctx.table_of(), r);
    ctx.emit(std::move(r));
}

void run_next(const GameOptions& opt, Context& ctx)
{
    file_of(opt, ctx, 0);
    ctx.options.apply = true;
    resolve_game_next(ctx, opt.dice, opt.given, "game next");
}

}  // namespace

void resolve_game_next(Context& ctx, const DiceOptions& dice_options, const core::StatusList& given,
                       std::string_view command)
{
    const core::GameState g = *ctx.game();
    const core::GameRules* rules = core::find_game_rules(g.game);
    for (const auto& [key, value] : given) {
        if (!contains(rules->next_keys, key)) {
            throw usage_error(
                std::string(command) + " --" + key + ": " + g.game + "'s next step takes " +
                (rules->next_keys.empty() ? std::string("no option") : "--" + join(rules->next_keys, ", --")));
        }
    }
    std::vector<core::Change> changes;
    ctx.game_changes = [&changes](const core::Resolution&) { return changes; };
    ctx.adjudicate(dice_options, {{"file", ctx.game_path()}}, std::string(command), [&](core::Dice& dice) {
        changes.clear();
        core::Resolution r = rules->next(g, ctx.table_of(), dice, changes, given);
        r.command = std::string(command);
        return r;
    });
}

namespace {

void run_undo(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    ctx.options.apply = true;
    ctx.game();
    std::vector<load::LogEntry> journal = read_journal(path);
    std::vector<size_t> done;  // lines whose changes stand
    for (size_t i = 0; i < journal.size(); ++i) {
        if (journal[i].undoes) {
            if (!done.empty()) {
                done.pop_back();
            }
        } else if (!journal[i].changes.empty()) {
            done.push_back(i);
        }
    }
    if (done.empty()) {
        throw usage_error("game undo: nothing to undo in " + journal_path(path));
    }
    const load::LogEntry& last = journal[done.back()];
    std::vector<core::Change> back;
    for (auto it = last.changes.rbegin(); it != last.changes.rend(); ++it) {
        back.push_back({it->unit, it->key, it->to, it->from, it->rule});
    }
    ctx.game_changes = [back](const core::Resolution&) { return back; };
    ctx.game_undoes = static_cast<long long>(done.back());
    ctx.adjudicate(opt.dice, {{"file", path}, {"undone", join(last.argv, " ")}}, "game undo", [&](core::Dice&) {
        core::Resolution r;
        r.command = "game undo";
        r.title = "Undo";
        r.source = journal_path(path) + " line " + std::to_string(done.back() + 1);
        r.result.code = "undone";
        r.result.name = "Undone: umpire " + join(last.argv, " ");
        for (const auto& c : back) {
            r.steps.push_back(core::change_text(c));
        }
        return r;
    });
}

void run_rebuild(const GameOptions& opt, Context& ctx)
{
    const std::string path = file_of(opt, ctx, 0);
    load::StateLock lock(path);
    std::vector<load::LogEntry> journal = read_journal(path);
    // The first line is the 'game new' that made the game: its GAME|SCENARIO word.
    std::string what;
    if (!journal.empty()) {
        const std::vector<std::string>& made = journal.front().argv;
        for (size_t i = 0; i + 2 < made.size(); ++i) {
            if (made[i] == "game" && made[i + 1] == "new") {
                what = made[i + 2];
                break;
            }
        }
    }
    if (what.empty()) {
        throw data_error(journal_path(path) + ": its first line is not the 'game new' that made the game");
    }
    core::GameState g = start(what, ctx);
    size_t applied = 0;
    for (const auto& e : journal) {
        for (const auto& c : e.changes) {
            core::apply_change(g, c);
            ++applied;
        }
    }
    const std::string text = load::game_text(g);
    core::Resolution r;
    r.command = "game rebuild";
    r.title = "Rebuild";
    r.source = journal_path(path);
    r.inputs = {{"file", path}};
    r.result.fields.push_back({"journal_lines", static_cast<long long>(journal.size())});
    r.result.fields.push_back({"changes", static_cast<long long>(applied)});
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        load::write_state_text(path, text);
        r.result.code = "recreated";
        r.result.name = path + " recreated from its scenario and journal";
    } else if (load::read_file(path) == text) {
        r.result.code = "identical";
        r.result.name = path + " is exactly what its scenario and journal make";
    } else {
        load::write_state_text(path + ".rebuilt", text);
        r.result.code = "differs";
        r.result.name = path + " differs from what its journal makes (edited by hand?): the rebuilt game is in " +
                        path + ".rebuilt";
        ctx.exit_code = static_cast<int>(ExitCode::data);
    }
    ctx.emit(std::move(r));
}

}  // namespace

void setup_game(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<GameOptions>();
    auto* sub = app.add_subcommand("game", "The referee's game file: new, status, next, undo, rebuild");
    sub->add_option("ACTION", opt->action, "new, status, next, undo or rebuild")
        ->required()
        ->check(one_of({"new", "status", "next", "undo", "rebuild"}));
    sub->add_option("ARGS", opt->args, "new: GAME|SCENARIO FILE; the others: FILE (or --game)");
    // What the referee says of the next step where the text leaves it to him, kept in the
    // order given.
    struct Given {
        const char* key;
        const char* type;
        const char* help;
    };
    for (const Given& g :
         {Given{"month", "MONTH", "game next, Russian Portfolio: the next game-turn's month (oct41...)"},
          Given{"light", "LIGHT", "game next, Black Sea: the next turn's light: day, twilight, night"},
          Given{"weather", "WEATHER",
                "game next, Black Sea: the weather from the next turn: fair, mist, squall, storm, "
                "gale"}}) {
        const std::string key = g.key;
        sub->add_option_function<std::string>(
               "--" + key, [opt, key](const std::string& v) { opt->given.emplace_back(key, v); }, g.help)
            ->type_name(g.type);
    }
    add_dice_options(*sub, opt->dice);
    sub->footer("A game file (TOML) keeps every unit's status and the game's clock; FILE.journal keeps\n"
                "every change, with its rule, seed and dice. Resolve with --game FILE --apply to write\n"
                "the result back; 'game undo' reverts the last change; 'game rebuild' remakes the\n"
                "file from its scenario and journal and says whether it is the same, byte for byte.\n"
                "Games: constantinople (naval phase, Impulse, wind; ships' sides, Damaged, Ineffective,\n"
                "pinned, sunk), great-battles (day, turn; stands, suppressed, eliminated, gone to ground),\n"
                "russian-portfolio (game-turn, month, weather), black-sea (day, turn, light, weather),\n"
                "novorossiysk (day, phase, weather, floods; blocks' steps and the Dead Pool).\n"
                "Examples:\n"
                "  umpire game new constantinople siege.toml\n"
                "  umpire --game siege.toml --apply melee --attacker Galley-1 --defender Genoa\n"
                "  umpire game status siege.toml\n"
                "  umpire game next siege.toml          # the next Impulse; the wind after the fifth\n"
                "  umpire game next barbarossa.toml --month oct41   # Russian Portfolio: the month moves on\n"
                "  umpire game undo siege.toml\n"
                "  umpire game rebuild siege.toml");
    sub->callback([opt, &ctx] {
        if (opt->action != "next" && (!opt->dice.rolls.empty() || opt->dice.odds || !opt->given.empty())) {
            throw usage_error("--roll, --odds, --month, --light and --weather go with 'game next' only");
        }
        if (opt->action == "new") {
            run_new(*opt, ctx);
        } else if (opt->action == "status") {
            run_status(*opt, ctx);
        } else if (opt->action == "next") {
            run_next(*opt, ctx);
        } else if (opt->action == "undo") {
            run_undo(*opt, ctx);
        } else {
            run_rebuild(*opt, ctx);
        }
    });
}

}  // namespace umpire::cli
