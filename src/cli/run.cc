#include "cli/run.h"

#include "cli/commands.h"
#include "cli/draw.h"
#include "cli/terminal_guard.h"
#include "format/json.h"
#include "format/text.h"
#include "games/constantinople/constantinople.h"
#include "games/great-battles/great_battles.h"
#include "load/catalog.h"
#include "load/loader.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <csignal>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <sstream>

namespace umpire::cli {

// Each command file's setup (STYLE.md 11).
void setup_roll(CLI::App& app, Context& ctx);
void setup_batch(CLI::App& app, Context& ctx);
void setup_replay(CLI::App& app, Context& ctx);
void setup_seed(CLI::App& app, Context& ctx);
void setup_pbem(CLI::App& app, Context& ctx);
void setup_game(CLI::App& app, Context& ctx);
void setup_shell(CLI::App& app, Context& ctx);
void setup_completion(CLI::App& app, Context& ctx);
void setup_compare(CLI::App& app, Context& ctx);
void setup_plan(CLI::App& app, Context& ctx);
void setup_luck(CLI::App& app, Context& ctx);
void setup_table(CLI::App& app, Context& ctx);
void setup_wind(CLI::App& app, Context& ctx);
void setup_melee(CLI::App& app, Context& ctx);
void setup_ram(CLI::App& app, Context& ctx);
void setup_check(CLI::App& app, Context& ctx);
void setup_explain(CLI::App& app, Context& ctx);
void setup_reef(CLI::App& app, Context& ctx);
void setup_initiative(CLI::App& app, Context& ctx);
void setup_suppress(CLI::App& app, Context& ctx);
void setup_morale(CLI::App& app, Context& ctx);
void setup_rally(CLI::App& app, Context& ctx);
void setup_close_combat(CLI::App& app, Context& ctx);
void setup_command_roll(CLI::App& app, Context& ctx);
void setup_replace(CLI::App& app, Context& ctx);
void setup_infiltrate(CLI::App& app, Context& ctx);
void setup_sighting(CLI::App& app, Context& ctx);
void setup_fire(CLI::App& app, Context& ctx);
void setup_drift(CLI::App& app, Context& ctx);
void setup_deck(CLI::App& app, Context& ctx);
void setup_cops_overrun(CLI::App& app, Context& ctx);
void setup_flak(CLI::App& app, Context& ctx);
void setup_landing(CLI::App& app, Context& ctx);
void setup_crt(CLI::App& app, Context& ctx);
void setup_overrun(CLI::App& app, Context& ctx);
void setup_sail(CLI::App& app, Context& ctx);
void setup_storm(CLI::App& app, Context& ctx);
void setup_free(CLI::App& app, Context& ctx);
void setup_portage(CLI::App& app, Context& ctx);
void setup_siberian(CLI::App& app, Context& ctx);
void setup_always_possible(CLI::App& app, Context& ctx);
void setup_weather(CLI::App& app, Context& ctx);
void setup_hits(CLI::App& app, Context& ctx);
void setup_scatter(CLI::App& app, Context& ctx);
void setup_air_deployment(CLI::App& app, Context& ctx);
void setup_resolve(CLI::App& app, Context& ctx);

namespace {

struct Command {
    const char* name;
    const char* game;  // the --help group: the rule set it serves, or "General"
    void (*setup)(CLI::App&, Context&);
};
// Every command, in the order --help lists them, grouped by game.
constexpr std::array<Command, 46> k_commands{{
    {"roll", "General", setup_roll},
    {"table", "General", setup_table},
    {"check", "General", setup_check},
    {"explain", "General", setup_explain},
    {"resolve", "General", setup_resolve},
    {"weather", "General", setup_weather},
    {"batch", "General", setup_batch},
    {"replay", "General", setup_replay},
    {"seed", "General", setup_seed},
    {"pbem", "General", setup_pbem},
    {"game", "General", setup_game},
    {"shell", "General", setup_shell},
    {"completion", "General", setup_completion},
    {"compare", "General", setup_compare},
    {"plan", "General", setup_plan},
    {"luck", "General", setup_luck},
    {"wind", "Constantinople", setup_wind},
    {"melee", "Constantinople", setup_melee},
    {"ram", "Constantinople", setup_ram},
    {"reef", "Constantinople", setup_reef},
    {"initiative", "Constantinople", setup_initiative},
    {"sail", "Constantinople", setup_sail},
    {"storm", "Constantinople", setup_storm},
    {"free", "Constantinople", setup_free},
    {"portage", "Constantinople", setup_portage},
    {"suppress", "Great Battles of WWII", setup_suppress},
    {"morale", "Great Battles of WWII", setup_morale},
    {"rally", "Great Battles of WWII", setup_rally},
    {"close-combat", "Great Battles of WWII", setup_close_combat},
    {"command-roll", "Great Battles of WWII", setup_command_roll},
    {"replace", "Great Battles of WWII", setup_replace},
    {"infiltrate", "Great Battles of WWII", setup_infiltrate},
    {"sighting", "Great Battles of WWII", setup_sighting},
    {"fire", "Great Battles of WWII", setup_fire},
    {"flak", "Great Battles of WWII", setup_flak},
    {"drift", "Great Battles of WWII", setup_drift},
    {"landing", "Great Battles of WWII", setup_landing},
    {"deck", "Great Battles of WWII", setup_deck},
    {"cops-overrun", "Great Battles of WWII", setup_cops_overrun},
    {"crt", "The Russian Portfolio", setup_crt},
    {"overrun", "The Russian Portfolio", setup_overrun},
    {"siberian", "The Russian Portfolio", setup_siberian},
    {"always-possible", "Great War at Sea: The Turkish Black Sea Fleet", setup_always_possible},
    {"hits", "Novorossiysk 1943", setup_hits},
    {"scatter", "Novorossiysk 1943", setup_scatter},
    {"air-deployment", "Novorossiysk 1943", setup_air_deployment},
}};

}  // namespace

std::string_view command_group(std::string_view command)
{
    for (const auto& c : k_commands) {
        if (command == c.name) {
            return c.game;
        }
    }
    return "";
}

namespace {

// Every global option: what it is called, whether it takes a value, whether replay sets
// it itself (so a logged one is dropped), its help, and where it is kept.
struct GlobalOption {
    const char* names;  // CLI11's form: "-q,--quiet"
    const char* value;  // the value's name; nullptr for a flag
    bool replay_sets;
    const char* help;
    CLI::Option* (*add)(CLI::App&, Context&, const GlobalOption&);
};
constexpr std::array<GlobalOption, 14> k_global_options{{
    {"--json", nullptr, true, "One JSON object per resolution on stdout",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_flag(o.names, ctx.options.json, o.help);
     }},
    {"--seed", "N", true, "Seed the dice (0 to 4294967295); the seed used is always reported",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option_function<std::string>(
             o.names,
             [&ctx](const std::string& text) {
                 auto n = parse_decimal(text, 0, 4294967295LL);
                 if (!n) {
                     throw usage_error("--seed: " + n.error());
                 }
                 ctx.options.seed = static_cast<std::uint32_t>(*n);
             },
             o.help);
     }},
    {"--position", "N", true,
     "Start N engine draws (0 to 9223372036854775807) into the seed's stream (replays a logged resolution)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option_function<std::string>(
             o.names,
             [&ctx](const std::string& text) {
                 auto n = parse_decimal(text, 0, static_cast<long long>(core::k_last_position));
                 if (!n) {
                     throw usage_error("--position: " + n.error());
                 }
                 ctx.options.position = static_cast<std::uint64_t>(*n);
             },
             o.help);
     }},
    {"--log", "FILE", true,
     "Append one JSON line per resolution to FILE: time, request, dice, seed and position, table fingerprints, "
     "result",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option(o.names, ctx.options.log, o.help);
     }},
    // replay and luck read a logged line with their own tables (a line's --tables is a path
    // of then); a table the line read is checked by its SHA-256
    {"--tables", "DIR", true,
     "A directory of table files overriding by id (repeatable; later wins; also $UMPIRE_TABLES)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         // refused on a batch line at once, not only when the line reads a table: a roll
         // line passed over it without a word
         return app.add_option(o.names, ctx.options.tables, o.help)
             ->allow_extra_args(false)
             ->each([&ctx](const std::string&) {
                 if (ctx.in_batch()) {
                     ctx.refuse_line_tables();
                 }
             });
     }},
    {"--scenario", "NAME|FILE", false, "A shipped scenario by name, or a scenario .toml file, for naming units",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         // Loaded when given, so a missing or broken scenario is an error even when no
         // unit is named. CLI11 runs option callbacks in the order options were added:
         // --tables is in by now.
         return app.add_option_function<std::string>(
             o.names,
             [&ctx](const std::string& name) {
                 ctx.options.scenario = name;
                 ctx.catalog().scenario(name);
             },
             o.help);
     }},
    {"--game", "FILE", false,
     "A game file (umpire game new): units, their statuses and the clock feed each resolution (also $UMPIRE_GAME)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option(o.names, ctx.options.game, o.help);
     }},
    {"--apply", nullptr, false, "Write the resolution's changes to the --game file and its journal, as the rules say",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_flag(o.names, ctx.options.apply, o.help);
     }},
    {"-q,--quiet", nullptr, true, "No warnings on stderr (provisional data)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_flag(o.names, ctx.options.quiet, o.help);
     }},
    {"--color", "auto|always|never", true,
     "Colour the result by its severity: auto (default) when stdout is a terminal, NO_COLOR is unset or empty and "
     "TERM is not dumb; always; never. The severity is also written out: [severe]",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option(o.names, ctx.options.color, o.help)->transform(one_of({"auto", "always", "never"}));
     }},
    {"--brief", nullptr, true, "The headline result on one line (with --odds: each outcome's chance on one line)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_flag(o.names, ctx.options.brief, o.help)->excludes("--json");
     }},
    {"--draw", "FILE", true,
     "Also draw the answer as a picture in FILE, SVG or PDF by its name's ending: the chart (table show, table "
     "sheet), or bar charts of the odds (--odds, compare, plan crt/resolve; a roll is marked on its odds)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option_function<std::string>(
             o.names,
             [&ctx](const std::string& file) {
                 picture_format(file);
                 ctx.options.draw = file;
             },
             o.help);
     }},
    {"--paper", "a4|letter", false, "The paper a PDF picture (--draw) is laid out on: a4 (default) or letter",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_option(o.names, ctx.options.paper, o.help)->transform(one_of({"a4", "letter"}));
     }},
    {"--ascii", nullptr, false, "Bars of --odds drawn in '#', not Unicode blocks (as they are anyway off a terminal)",
     [](CLI::App& app, Context& ctx, const GlobalOption& o) {
         return app.add_flag(o.names, ctx.options.ascii, o.help);
     }},
}};

// Every option of APP and its subcommands that takes a value refuses an empty one (an
// empty --log or --state was silently ignored); one whose value is a number ("N", or
// "N,N,..." for --roll) gets DECIMAL.
void check_values(CLI::App& app, const CLI::Validator& decimal)
{
    static const CLI::Validator non_empty(
        [](std::string& text) -> std::string { return text.empty() ? "an empty value is not allowed" : ""; }, "",
        "non-empty");
    // Every value is printable text of a sane length (issue 23): what is typed reaches the
    // terminal in answers and errors, and a file's name its journal. A path may be as long
    // as the system allows; a name, a side, a number or a dice expression, 256 characters.
    static const auto printable = [](size_t limit) {
        return CLI::Validator(
            [limit](std::string& text) -> std::string {
                if (const size_t at = find_control(text); at != std::string::npos) {
                    const std::string_view control =
                        std::string_view(text).substr(at, control_at(std::string_view(text).substr(at)).size);
                    return "'" + visible(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'") +
                           " has a control character (" + visible(control) + ", character " + std::to_string(at + 1) +
                           "); only printable text is allowed";
                }
                if (const size_t at = find_not_utf8(text); at != std::string::npos) {
                    return "'" + visible(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'") +
                           " is not UTF-8 text (" + visible(text.substr(at, 1)) + ", byte " + std::to_string(at + 1) +
                           "); only printable text is allowed";
                }
                if (text.size() > limit) {
                    return "a value of " + std::to_string(text.size()) + " characters; at most " +
                           std::to_string(limit) + " allowed";
                }
                // CLI11 takes the word after an option as its value whatever it is: 'melee
                // --attacker --defender 5' made --defender the attacker. A value is never one.
                if (text.size() > 2 && text.starts_with("--") && std::isalpha(static_cast<unsigned char>(text[2]))) {
                    return "'" + visible(text) + "' is an option, not a value: give the value before it" +
                           (text.find('.') != std::string::npos || text.find('/') != std::string::npos
                                ? " (a file so named: ./" + visible(text) + ")"
                                : "");
                }
                return "";
            },
            "", "printable");
    };
    static const CLI::Validator name_text = printable(load::k_max_name_length);
    static const CLI::Validator path_text = printable(4096);  // PATH_MAX
    for (CLI::Option* option : app.get_options()) {
        const std::string& type = option->get_type_name();
        if ((type == "N" || type == "N,N,...") && app.get_parent() != nullptr) {
            option->transform(decimal);  // --seed and --position check their own, wider ranges
        } else if (!type.empty()) {
            option->check(non_empty);
        }
        if (!type.empty()) {
            // a transform runs before every check and transform added earlier: this one first
            const bool path = type.find("FILE") != std::string::npos || type == "DIR" || option->get_positional();
            option->transform(path ? path_text : name_text);
        }
    }
    for (CLI::App* sub : app.get_subcommands({})) {
        check_values(*sub, decimal);
    }
}

// Every long option name APP and its subcommands know, with their dashes.
void long_names(const CLI::App& app, std::vector<std::string>& out)
{
    for (const CLI::Option* option : app.get_options()) {
        for (const auto& name : option->get_lnames()) {
            out.push_back("--" + name);
        }
    }
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        long_names(*sub, out);
    }
}

// APP and every subcommand below it.
void apps_of(const CLI::App& app, std::vector<const CLI::App*>& out)
{
    out.push_back(&app);
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        apps_of(*sub, out);
    }
}

// The long option NAME (without its dashes) of one of APPS, or null.
const CLI::Option* long_option(const std::vector<const CLI::App*>& apps, std::string_view name)
{
    for (const CLI::App* app : apps) {
        for (const CLI::Option* option : app->get_options()) {
            const auto& names = option->get_lnames();
            if (std::find(names.begin(), names.end(), name) != names.end()) {
                return option;
            }
        }
    }
    return nullptr;
}

// An option ARGS name that no command set up knows is refused with the nearest one
// ("--atacker": CLI11 said only that --attacker was required). Every call pays the
// check, so the list of names for the suggestion is made only for an unknown one.
void check_option_names(const CLI::App& app, const std::vector<std::string>& args)
{
    std::vector<const CLI::App*> apps;
    // The names typed of each option that takes one value, in order: CLI11 said of one given
    // twice "At Most 1 required but received 2", and of --rammer with --strength (one option's
    // two names) the same, naming only --strength.
    std::vector<std::pair<const CLI::Option*, std::vector<std::string>>> once;
    const auto end = std::find(args.begin(), args.end(), "--");  // past it, words are no options
    for (size_t i = 0; i < static_cast<size_t>(end - args.begin()); ++i) {
        const std::string& arg = args[i];
        if (!arg.starts_with("--") || arg == "--") {
            continue;
        }
        const std::string_view name = std::string_view(arg).substr(0, arg.find('='));
        if (apps.empty()) {
            apps_of(app, apps);
        }
        const CLI::Option* option = long_option(apps, name.substr(2));
        if (option != nullptr && option->get_delimiter() != '\0') {
            // A list (--roll 6,3): CLI11 drops an empty item ("9,,7", "9,"), which an empty
            // value of any other option is not.
            const char comma = option->get_delimiter();
            const std::string_view list = name.size() < arg.size() ? std::string_view(arg).substr(name.size() + 1)
                                          : i + 1 < args.size()    ? std::string_view(args[i + 1])
                                                                   : std::string_view();
            const std::string doubled{comma, comma};
            if (list.find(doubled) != std::string_view::npos ||
                (!list.empty() && (list.front() == comma || list.back() == comma))) {
                throw usage_error(std::string(name) + " '" + std::string(list) +
                                  "': an empty item in the list; give one value between each two commas");
            }
        }
        if (option == nullptr) {
            std::vector<std::string> known;
            long_names(app, known);
            for (const auto& o : k_global_options) {  // those a request names are all that are set up
                const std::string_view names = o.names;
                known.emplace_back(names.substr(names.rfind(',') + 1));
            }
            // visible(): the name is as typed, and reaches the terminal (an SGR escape or
            // U+202E in it passed the guard, which lets umpire's own colour through; hunt32)
            throw usage_error("unknown option '" + visible(name) + "'" + suggestion(name, known) +
                              "; --help after the command lists its options");
        }
        if (option->get_type_size_max() >= 1 && option->get_items_expected_max() == 1 &&
            option->get_multi_option_policy() == CLI::MultiOptionPolicy::Throw) {
            auto it = std::find_if(once.begin(), once.end(), [&](const auto& o) { return o.first == option; });
            if (it == once.end()) {
                once.emplace_back(option, std::vector<std::string>{});
                it = once.end() - 1;
            }
            it->second.emplace_back(name);
        }
    }
    for (const auto& [option, names] : once) {
        if (names.size() < 2) {
            continue;
        }
        std::vector<std::string> distinct;
        for (const auto& n : names) {
            if (!contains(distinct, n)) {
                distinct.push_back(n);
            }
        }
        const std::string times = std::to_string(names.size()) + " times";
        throw usage_error(distinct.size() == 1
                              ? distinct.front() + " is given " + times + "; it takes one value: give it once"
                              : join(distinct, " and ") + " are names of one option, given " + times +
                                    "; it takes one value: give one of them, once");
    }
}

// The global option ARG names ("--seed", "--seed=3", "-q"), or null.
const GlobalOption* find_global(std::string_view arg, bool* with_value)
{
    if (!arg.starts_with('-')) {
        return nullptr;
    }
    for (const auto& o : k_global_options) {
        for (std::string_view names = o.names; !names.empty();) {
            const size_t comma = names.find(',');
            const std::string_view name = names.substr(0, comma);
            names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
            if (names_option(arg, name) && (arg == name || o.value != nullptr)) {
                *with_value = arg != name;
                return &o;
            }
        }
    }
    return nullptr;
}

constexpr const char* k_footer = R"(Examples:
  umpire roll 2d6 d100 3d6+2
  umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4
  umpire melee --attacker Galley-1 --defender Genoa:leader --odds
  umpire ram --strength 3 --defense B --seed 7
  umpire wind --roll 9 --roll 7
  umpire table show constantinople.melee --column 3 --roll 4
  umpire --draw sheet.pdf table sheet russian-portfolio      # a reference sheet to print
  umpire --json check storm
  umpire suppress --stand open --stand soft --stand hard:armour
  umpire morale --stands 4 --eliminated 1 --suppressed 2
  umpire crt --attack 5 --defense 3 --dispersed
  umpire overrun --result DE --attacking-armor 8 --defending-infantry 3 --weather good --terrain clear

Exit codes: 0 resolved, 64 bad usage or input out of range, 65 bad table or
scenario data, 66 a named file or table not found, 69 a program umpire runs is
missing (the editor, umpire-draw), 70 internal error, 74 a read or write failed.
See umpire(1).)";

// The line a usage error ends with, outside the shell.
constexpr std::string_view k_usage_hint = "Run 'umpire --help' or 'umpire COMMAND --help' for usage.";

// Whether ARGS ask for --json, before the command or after it (CLI11 takes a global option
// there too, so 'roll d6 --json' answers in JSON), so that an error is written as JSON too.
bool wants_json(const std::vector<std::string>& args)
{
    const auto end = std::find(args.begin(), args.end(), "--");  // past it, words are no options
    return std::find(args.begin(), end, "--json") != end;
}

}  // namespace

// TEXT's lines, the first after PREFIX, their words wrapped whole to a terminal's COLUMNS
// (0: each line as it is), continuations under the first's text: at 40 columns a terminal
// broke an error mid-word ("repla/y"). An error is "umpire: error: MESSAGE", its hint bare.
std::string wrapped_lines(const std::string& prefix, const std::string& text, size_t columns)
{
    format::Style style;
    style.width = columns;
    std::string out;
    for (const auto& line : split(visible_lines(text), '\n')) {  // whatever a message quotes
        out += format::wrapped(out.empty() ? prefix : "", line, style);
    }
    return out;
}

namespace {

// The only top-level catch (STYLE.md rule 1): runs BODY and maps what escapes to an exit
// code and a message, which it prints and returns.
template <class Body>
RunResult guarded(std::ostream& err, const Context* ctx, const Environment& env, Body body,
                  std::ostream* json_out = nullptr)
{
    const size_t columns = env.err_columns;
    RunResult result;
    std::string hint;
    try {
        body();
        return result;
    } catch (const CLI::ParseError& e) {
        // CLI11 quotes words as typed ("The following argument was not expected: ..."): an
        // escape or a U+202E in one is written out, line by line (hunt32)
        std::string message;
        for (const auto& line : split(e.what(), '\n')) {
            message += (message.empty() ? "" : "\n") + visible(line);
        }
        result = {static_cast<int>(ExitCode::usage), message, std::nullopt, std::nullopt};
        hint = env.shell ? "Type 'help' or 'help COMMAND' for usage.\n" : std::string(k_usage_hint) + "\n";
    } catch (const Error& e) {
        result = {static_cast<int>(e.code()), ctx != nullptr ? ctx->render(e.what()) : std::string(e.what()),
                  std::nullopt, std::nullopt};
        hint = e.detail().empty() ? "" : e.detail() + "\n";
        if (ctx != nullptr && !ctx->game_written.empty()) {
            // the answer was lost after the change was made: a script that ran it again
            // would apply it twice
            result.error += "; but the change was made: " + ctx->game_written +
                            " and its journal hold it, so do not run the command again ('umpire game status " +
                            ctx->game_written + "' shows the game)";
        }
        if (ctx != nullptr && !ctx->state_written.empty()) {
            result.error += "; but the state was saved: " + ctx->state_written + " holds this answer (" +
                            ctx->state_answer + "), so do not run the command again";
        }
    } catch (const std::ios_base::failure& e) {
        // a stream's read or write that failed underneath (a closed descriptor, EIO)
        result = {static_cast<int>(ExitCode::io), std::string("a read or write failed: ") + e.code().message(),
                  std::nullopt, std::nullopt};
    } catch (const std::exception& e) {
        result = {static_cast<int>(ExitCode::internal), std::string("internal error: ") + e.what(), std::nullopt,
                  std::nullopt};
    }
    err << wrapped_lines("umpire: error: ", result.error, columns);
    if (!hint.empty()) {
        err << wrapped_lines("", hint.substr(0, hint.size() - (hint.ends_with('\n') ? 1 : 0)), columns);
    }
    if (json_out != nullptr) {
        // DESIGN.md: under --json an error is a JSON object too, on standard output where
        // a script reads answers, as a failing batch line is.
        *json_out << format::error_json(result.code, result.error) << "\n";
    }
    return result;
}

}  // namespace

// The command ARGS name, "" when none does (help, version, or no command). An unknown
// command gets its own message and a suggestion; CLI11 would only say that a subcommand
// is required.
std::vector<std::string> without_replay_options(const std::vector<std::string>& argv, bool drop_apply)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < argv.size(); ++i) {
        bool with_value = false;
        const GlobalOption* o = find_global(argv[i], &with_value);
        if (o != nullptr && (o->replay_sets || (drop_apply && std::string_view(o->names) == "--apply"))) {
            i += o->value != nullptr && !with_value ? 1 : 0;
            continue;
        }
        out.push_back(argv[i]);
    }
    return out;
}

std::string logged_tables(const std::vector<std::string>& argv)
{
    std::string out;
    for (size_t i = 0; i < argv.size() && argv[i] != "--"; ++i) {
        if (!names_option(argv[i], "--tables")) {
            continue;
        }
        const bool joined = argv[i].size() > 8;  // "--tables=DIR"
        if (!joined && i + 1 >= argv.size()) {
            break;
        }
        out += (out.empty() ? "" : ", ") + visible(joined ? argv[i].substr(9) : argv[++i]);
    }
    return out;
}

namespace {

// The values OPTION of COMMAND may take, where they are few and known: what it offers
// (Context::offer, in OFFERS: a one_of under a name, a table's rows), its choices
// ("auto|always|never"), unit names, the GAME file's, else the shipped scenario's, or the
// shifts and modifiers of resolve's TABLE.
std::vector<std::string> value_choices(const CLI::Option& option, Context& offers, const std::string& command,
                                       const Environment& env, const std::string& game, const std::string& table = "")
{
    if (auto offered = offers.offered(option); !offered.empty()) {
        return offered;
    }
    // the type's name, without what CLI11 adds for a validator (":{auto,always,never}")
    const std::string full = option.get_type_name();
    const std::string type = full.substr(0, full.find(':'));
    if (type.find('|') != std::string::npos && type.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos) {
        return split(type, '|');
    }
    if (command == "resolve" && !table.empty() && (option.check_name("--shift") || option.check_name("--mod"))) {
        std::ostringstream sink;
        Context ctx(sink, sink, env);
        std::vector<std::string> names;
        try {
            const core::Table& t = ctx.table(table);
            if (option.check_name("--shift")) {
                for (const auto& s : t.shifts) {
                    names.push_back(s.name);
                }
            } else {
                for (const auto& m : t.modifiers) {
                    names.push_back(m.name);
                }
            }
        } catch (const Error&) {
        }
        return names;
    }
    // crt's UNIT is FACTORS:KIND or a Russian Portfolio counter of the game's
    const bool counter = type == "UNIT" && (command == "crt" || command == "resolve") && !game.empty();
    if (type != "SHIP" && type != "N|SHIP" && type != "A-D|SHIP" && type != "NAME" && !counter) {
        return {};
    }
    const bool attacking = counter && option.check_name("--attacker");
    std::ostringstream sink;
    Context ctx(sink, sink, env);
    ctx.options.game = game;
    // ram --defense: a defense letter (15.42) or a ship whose letter it is
    std::vector<std::string> names;
    if (type == "A-D|SHIP") {
        names = {"A", "B", "C", "D"};
    }
    try {
        if (const core::GameState* g = ctx.game()) {
            // the units that can act: no sunk ship nor one not yet arrived (19.1), no block in
            // the Dead Pool, no counter eliminated; an attacking counter neither Spent nor
            // Dispersed (XIII.A.2)
            for (const auto& u : g->units) {
                const std::string status = g->value(u.name, "status");
                if (g->value(u.name, "sunk") != "true" && core::not_arrived(*g, u.name).empty() &&
                    g->value(u.name, "dead_pool") != "true" && status != "eliminated" &&
                    (!attacking || status == "ready")) {
                    names.push_back(u.name);
                }
            }
            return names;
        }
        if (counter) {
            return {};
        }
        // a SHIP is Constantinople's (melee, ram, storm, plan melee...); a NAME, Great Battles'
        const bool naval = type.find("SHIP") != std::string::npos || command == "sail";
        const auto units = ctx.scenario(naval ? "constantinople" : core::k_great_battles_scenario).unit_names();
        names.insert(names.end(), units.begin(), units.end());
        return names;
    } catch (const Error&) {
        return {};
    }
}

// The words COMMAND takes in place of its arguments: its actions, table or check ids,
// games and scenarios.
std::vector<std::string> command_words(const std::string& command, const Environment& env)
{
    std::ostringstream sink;
    Context ctx(sink, sink, env);
    std::vector<std::string> words;
    try {
        if (command == "table") {
            words = {};  // its actions (show, lookup ...) are its subcommands; the ids follow them
        } else if (command == "pbem") {
            words = {"key", "trust", "offer", "answer", "reveal", "settle", "verify"};
        } else if (command == "resolve") {
            words = ctx.catalog().ids();  // any table: resolve refuses those it cannot read
        } else if (command == "check") {
            words = check_names(ctx);
            words.emplace_back("list");
        } else if (command == "explain") {
            words = explain_words(ctx);
        } else if (command == "game") {
            words = {"new", "status", "sequence", "next", "undo", "redo", "rebuild", "recover", "set"};
            const auto games = core::game_ids();
            const auto scenarios = ctx.catalog().scenario_names();
            words.insert(words.end(), games.begin(), games.end());
            words.insert(words.end(), scenarios.begin(), scenarios.end());
        } else if (command == "deck") {
            words = {"draw", "play", "show"};
        } else if (command == "seed") {
            words = {"commit", "verify", "contribute", "combine"};
        } else if (command == "completion") {
            words = {"bash", "zsh", "fish"};
        }
    } catch (const Error&) {
    }
    return words;
}

// The names of APP's subcommands (plan's crt and melee, seed's commit...).
std::vector<std::string> subcommand_names(const CLI::App& app)
{
    std::vector<std::string> out;
    for (const CLI::App* inner : app.get_subcommands([](const CLI::App*) { return true; })) {
        out.push_back(inner->get_name());
    }
    return out;
}

// Whether OPTION takes a value (a flag, such as --boom, takes none).
bool takes_value(const CLI::Option& option) { return option.get_expected_max() != 0; }

bool takes_file(const CLI::Option& option)
{
    const std::string type = option.get_type_name();
    return type.find("FILE") != std::string::npos || type.find("DIR") != std::string::npos;
}

CompletionOption completion_option(const CLI::Option& o, Context& offers, const std::string& command,
                                   const Environment& env)
{
    CompletionOption out;
    for (const auto& name : o.get_lnames()) {
        out.names.push_back("--" + name);
    }
    for (const auto& name : o.get_snames()) {
        out.names.push_back("-" + name);
    }
    out.help = o.get_description();
    out.takes_value = takes_value(o);
    out.file = out.takes_value && takes_file(o);
    out.directory = out.file && o.get_type_name() == "DIR";
    if (out.takes_value) {
        out.choices = value_choices(o, offers, command, env, "");
    }
    return out;
}

}  // namespace

std::vector<std::string> completions(const std::vector<std::string>& before, std::string_view prefix,
                                     const Environment& env, const std::string& game)
{
    std::vector<std::string> words;
    if (before.empty()) {
        // With a game file, its own game's commands and the general ones: another game's come
        // only when nothing of those begins so (libedit sorts what it lists, so "first" is "only").
        std::string title;
        if (!game.empty()) {
            std::ostringstream sink;
            Context ctx(sink, sink, env);
            ctx.options.game = game;
            try {
                if (const core::GameState* g = ctx.game()) {
                    title = core::find_game_rules(g->game)->title;
                }
            } catch (const Error&) {
                title.clear();  // an unreadable file: every command
            }
        }
        for (const std::string_view w : k_shell_words) {
            if (w != "quit") {  // exit's other name, not offered twice
                words.emplace_back(w);
            }
        }
        const size_t shell_words = words.size();
        for (const auto& c : k_commands) {
            if (title.empty() || c.game == title || std::string_view(c.game) == "General") {
                words.emplace_back(c.name);
            }
        }
        // the short names of those commands: 'cr' completed to crt, another game's command
        for (const auto& [alias, command] : k_shell_aliases) {
            if (contains(words, std::string(command))) {
                words.emplace_back(alias);
            }
        }
        if (!title.empty() && std::none_of(words.begin() + static_cast<std::ptrdiff_t>(shell_words), words.end(),
                                           [&](const std::string& w) { return w.starts_with(prefix); })) {
            for (const auto& c : k_commands) {
                words.emplace_back(c.name);
            }
        }
    } else if (before.size() == 1 && before.front() == "help") {
        for (const auto& c : k_commands) {  // help COMMAND
            words.emplace_back(c.name);
        }
    } else {
        std::ostringstream sink;
        Runner runner(sink, sink, env, "");
        const size_t at = before.front() == "ask" && before.size() > 1 ? 1 : 0;
        std::string command = before[at];
        for (const auto& [alias, full] : k_shell_aliases) {
            command = command == alias ? std::string(full) : command;  // cc --attacker-<TAB>
        }
        const CLI::App* sub = nullptr;
        try {
            sub = runner.app().get_subcommand(command);
        } catch (const CLI::Error&) {
            return {};
        }
        const bool top = at + 1 == before.size() || !contains(subcommand_names(*sub), before[at + 1]);
        std::string inner = command;
        if (!top) {
            inner = before[at + 1];
            sub = sub->get_subcommand(inner);  // plan melee: its own options
        }
        // resolve's TABLE: its first word that is no option, after the command's words
        std::string table;
        for (size_t i = at + (top ? 1 : 2); inner == "resolve" && i < before.size() && table.empty(); ++i) {
            if (!before[i].starts_with("-") && (i == 0 || !before[i - 1].starts_with("--"))) {
                table = before[i];
            }
        }
        const std::string last = before.back();
        const CLI::Option* option = nullptr;
        if (last.rfind("--", 0) == 0) {
            // the command's own first: weather --game is its game, not the global game file
            for (const CLI::App* app : {sub, &runner.app()}) {
                for (const CLI::Option* o : app->get_options()) {
                    for (const auto& name : o->get_lnames()) {
                        if ("--" + name == last && takes_value(*o) && option == nullptr) {
                            option = o;
                        }
                    }
                }
            }
        }
        if (!prefix.empty() && prefix[0] == '-') {
            // After a command its own options (and its --help): the global ones (--apply,
            // --json, --version...) mixed in hid them (fix53). They come only when none of the
            // command's begins so ('melee --js' is --json), as another game's commands do.
            for (const CLI::App* app : {sub, &runner.app()}) {
                if (app != sub && std::any_of(words.begin(), words.end(),
                                              [&](const std::string& w) { return w.starts_with(prefix); })) {
                    break;
                }
                for (const CLI::Option* o : app->get_options()) {
                    for (const auto& name : o->get_lnames()) {
                        words.push_back("--" + name);
                    }
                }
            }
        } else if (option != nullptr) {
            words = value_choices(*option, runner.context(), inner, env, game, table);
        } else if (command == "table" && !top) {
            // table ACTION ID: the ids right after the action (sheet: a game, their first part)
            if (before.size() == at + 2 && inner != "list" && inner != "check") {
                Context ctx(sink, sink, env);
                try {
                    for (const auto& id : ctx.catalog().ids()) {
                        words.push_back(inner == "sheet" ? id.substr(0, id.find('.')) : id);
                    }
                } catch (const Error&) {
                    words.clear();
                }
            }
        } else if (table.empty()) {
            words = command_words(inner, env);
            if (top) {
                const auto subs = subcommand_names(*sub);
                words.insert(words.end(), subs.begin(), subs.end());
            }
        }
    }
    std::vector<std::string> out;
    for (auto& w : words) {
        if (w.rfind(prefix, 0) == 0 && std::find(out.begin(), out.end(), w) == out.end()) {
            out.push_back(std::move(w));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

CompletionModel completion_model(const Environment& env)
{
    std::ostringstream sink;
    Runner runner(sink, sink, env, "");
    CompletionModel model;
    for (const CLI::Option* o : runner.app().get_options()) {
        if (!o->get_lnames().empty()) {
            model.globals.push_back(completion_option(*o, runner.context(), "", env));
        }
    }
    for (const auto& c : k_commands) {
        const CLI::App* sub = runner.app().get_subcommand(std::string(c.name));
        CompletionCommand command;
        command.name = c.name;
        command.help = sub->get_description();
        std::vector<const CLI::App*> apps{sub};
        for (const CLI::App* inner : sub->get_subcommands([](const CLI::App*) { return true; })) {
            apps.push_back(inner);
        }
        for (const CLI::App* app : apps) {
            for (const CLI::Option* o : app->get_options()) {
                if (o->get_lnames().empty()) {
                    // a positional FILE, or game's FILE after its action
                    const bool file =
                        takes_file(*o) || o->get_name().find("FILE") != std::string::npos || command.name == "game";
                    command.files = command.files || file;
                    if (file && app != sub && !contains(command.file_subcommands, app->get_name())) {
                        command.file_subcommands.push_back(app->get_name());
                    }
                    continue;
                }
                auto option = completion_option(*o, runner.context(), command.name, env);
                const bool known = std::any_of(command.options.begin(), command.options.end(),
                                               [&](const CompletionOption& k) { return k.names == option.names; });
                if (!known && option.names.front() != "--help") {
                    command.options.push_back(std::move(option));
                }
            }
        }
        command.words = command_words(command.name, env);
        if (command.name == "table") {
            // the scripts offer a command's words wherever its positionals go: table's actions
            // and, after one, its ids (the shell's completions() tells the two places apart)
            std::ostringstream quiet;
            Context ctx(quiet, quiet, env);
            try {
                command.words = ctx.catalog().ids();
            } catch (const Error&) {
                command.words.clear();
            }
        }
        command.subcommands = subcommand_names(*sub);
        for (const auto& inner : command.subcommands) {
            if (!contains(command.words, inner)) {
                command.words.push_back(inner);  // plan's crt and melee
            }
        }
        model.commands.push_back(std::move(command));
    }
    return model;
}

namespace {

// Where in ARGS the command is, ARGS.size() when none is; command_of's.
size_t command_position(const std::vector<std::string>& args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        bool with_value = false;
        if (const GlobalOption* o = find_global(arg, &with_value); o != nullptr && o->value != nullptr && !with_value) {
            ++i;  // the option's value
            continue;
        }
        if (arg.empty() || arg[0] == '-') {
            continue;
        }
        if (std::none_of(k_commands.begin(), k_commands.end(), [&](const Command& c) { return arg == c.name; })) {
            bool valued = false;
            if (i > 0 && args[i - 1].starts_with("--") && find_global(args[i - 1], &valued) == nullptr) {
                // 'umpire --roll 9 wind': a command's option before the command took no value
                throw usage_error(visible(args[i - 1]) +
                                  ": not a global option; a command's options go after it (umpire "
                                  "COMMAND " +
                                  visible(args[i - 1]) + " ...), the global ones before it (umpire --help lists them)");
            }
            std::vector<std::string> names;
            for (const auto& command : k_commands) {
                names.emplace_back(command.name);
            }
            // with the usage hint a parse error ends with ('table foo' has it; hunt56): the
            // shell answers its own unknown words, so this is never typed at its prompt
            throw Error(ExitCode::usage,
                        "unknown command '" + visible(arg) + "'" + suggestion(arg, names) +
                            "; commands: " + join(names, ", "),
                        std::string(k_usage_hint));
        }
        return i;
    }
    return args.size();
}

// 'table nosuch', 'plan nosuch': the word after a command that has subcommands of its own
// (APP's) is named when it is none of them, as game's and seed's actions are; CLI11 would
// only say that a subcommand is required. Typed in another case it is spelled in ARGS as
// its list writes it ('table LIST' is 'table list', as 'game Status' is; hunt52).
void check_subcommand_word(CLI::App& app, std::vector<std::string>& args)
{
    const size_t at = command_position(args);
    if (at + 1 >= args.size() || args[at + 1].starts_with("-")) {
        return;  // no word after the command, or an option: CLI11's to judge
    }
    const CLI::App* sub = app.get_subcommand(args[at]);
    const auto names = subcommand_names(*sub);
    std::string& word = args[at + 1];
    if (!names.empty() && !contains(names, word)) {
        if (std::string named = spelled_in(names, word); !named.empty()) {
            word = std::move(named);
            return;
        }
        // a ParseError, as CLI11's own about a command's words are, so it ends with the same
        // usage hint ('game foo' had it, 'table foo' not: fix53)
        throw CLI::ValidationError(args[at] + ": '" + visible(word) + "' is not one of " + join(names, ", ") +
                                   suggestion(word, names));
    }
}

// What COMMAND (APP, its words PATH) takes besides its flags, for a word it cannot take:
// "wind takes no words, only flags", "seed takes one word, ACTION, and flags"; then where
// its help is, as the request was typed (SHELL: at the shell's prompt).
std::string words_taken(const CLI::App& app, const std::string& path, bool shell)
{
    std::vector<std::string> names;
    for (const CLI::Option* o : app.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
        names.push_back(o->get_name());
    }
    static constexpr std::array<std::string_view, 4> k_counts{"no words", "one word", "two words", "three words"};
    const std::string count =
        names.size() < k_counts.size() ? std::string(k_counts[names.size()]) : std::to_string(names.size()) + " words";
    const std::string takes = names.empty() ? path + " takes no words, only flags"
                                            : path + " takes " + count + ", " + join(names, " ") + ", and flags";
    return takes + "; see " + (shell ? "help " + path : "umpire " + path + " --help");
}

// CLI11 names a positional by its placeholder ("ACTION: 'foo' is not one of new, ...",
// "ACTION is required") and a missing subcommand by no command ("A subcommand is
// required"): said of the command instead (hunt49), as 'table foo' is, with what it takes.
// APP is the parsed application, E what its parse threw; anything else is thrown as it was.
// A word a command cannot take (CLI11: "The following argument was not expected: foo", of
// no command) is said of the command, with what it takes (fix53), before a required option
// found missing ('melee 4 5': the words were meant for the flags). SHELL: asked at the
// shell's prompt, whose help is 'help COMMAND'.
[[noreturn]] void rethrow_of_command(const CLI::App& app, const CLI::ParseError& e, bool shell)
{
    const CLI::App* at = &app;
    std::string path;
    while (!at->get_subcommands().empty()) {
        at = at->get_subcommands().front();
        path += (path.empty() ? "" : " ") + at->get_name();
    }
    const std::string what = e.what();
    if (!path.empty() && (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr ||
                          dynamic_cast<const CLI::RequiredError*>(&e) != nullptr)) {
        std::vector<std::string> words;
        for (const auto& word : app.remaining(true)) {
            words.push_back("'" + visible(word) + "'");
        }
        if (!words.empty()) {
            throw CLI::ValidationError(path + ": unexpected word" + (words.size() > 1 ? "s " : " ") +
                                       join(words, ", ") + " (" + words_taken(*at, path, shell) + ")");
        }
    }
    if (!path.empty()) {
        if (const auto names = subcommand_names(*at); what == "A subcommand is required" && !names.empty()) {
            throw CLI::ValidationError(path + ": a subcommand is required: " + join(names, ", "));
        }
        for (const CLI::Option* o : at->get_options([](const CLI::Option* o) { return o->get_positional(); })) {
            const std::string name = o->get_name();
            if (what.starts_with(name + ": ")) {
                throw CLI::ValidationError(path + what.substr(name.size()));
            }
            if (what == name + " is required") {
                throw CLI::ValidationError(path + ": " + name + " is required: " + o->get_description());
            }
        }
    }
    throw;
}

}  // namespace

std::string command_of(const std::vector<std::string>& args)
{
    const size_t at = command_position(args);
    return at < args.size() ? args[at] : "";
}

std::string refused_inside(std::string_view where, const std::vector<std::string>& args, bool in_is_tty)
{
    std::string command;
    try {
        command = command_of(args);
    } catch (const Error&) {
        return "";
    }
    const std::string outside = " outside the " + std::string(where);
    if (command == "batch" || command == "shell" || (command == "replay" && where == "batch")) {
        return where == "shell" && command == "shell"
                   ? "you are in the shell already"
                   : command +
                         (command == "replay" ? " reads a log of its own" : " reads standard input line by line") +
                         ": run 'umpire " + command + "'" + outside;
    }
    if (command == "completion") {
        return "completion prints a script for your shell, not an answer: run 'umpire completion'" + outside;
    }
    const auto at = std::find(args.begin(), args.end(), command);
    const auto action = std::find_if(at + 1, args.end(), [](const std::string& w) { return !w.starts_with("-"); });
    if (command == "table" && action != args.end() && *action == "edit" && (where == "batch" || !in_is_tty)) {
        return "table edit opens an editor on the terminal, and this " + std::string(where) +
               "'s input is no terminal: run 'umpire table edit'" + outside;
    }
    // A batch reads its tables once, for all its lines (and answers a line again from
    // memory): a copy installed or removed by one line would not be what the lines after it
    // read, so their answers would differ from the same requests run alone (hunt56).
    if (command == "table" && action != args.end() && (*action == "import" || *action == "reset") && where == "batch") {
        return "table " + *action +
               " changes your tables, and a batch reads its tables once, when it starts: run "
               "'umpire table " +
               *action + "'" + outside + ", before it";
    }
    return "";
}

// --draw is refused up front by a command that draws nothing, before it does anything: a
// game changed, then an error, would be worse than either. Pictures are of charts (table
// show, table sheet) and of odds (any adjudication, rolled or --odds; compare; plan crt
// and plan resolve).
void check_draws(const std::vector<std::string>& args, const std::string& command)
{
    static constexpr std::string_view k_draws_nothing[] = {"batch", "replay", "seed",       "pbem",   "game",
                                                           "shell", "luck",   "completion", "explain"};
    // Of these, the subcommands that draw.
    static constexpr std::pair<std::string_view, std::string_view> k_draws_in[] = {
        {"table", "show"}, {"table", "sheet"},  {"table", "lookup"},
        {"plan", "crt"},   {"plan", "resolve"}, {"plan", "melee"}};
    std::string sub;
    for (auto at = std::find(args.begin(), args.end(), command); at != args.end() && ++at != args.end();) {
        if (!at->starts_with('-')) {
            sub = *at;
            break;
        }
    }
    const bool has_subs =
        std::any_of(std::begin(k_draws_in), std::end(k_draws_in), [&](const auto& d) { return d.first == command; });
    const bool draws = has_subs ? std::any_of(std::begin(k_draws_in), std::end(k_draws_in),
                                              [&](const auto& d) { return d.first == command && d.second == sub; })
                                : std::find(std::begin(k_draws_nothing), std::end(k_draws_nothing), command) ==
                                      std::end(k_draws_nothing);
    if (!draws) {
        throw usage_error("--draw: 'umpire " + command + (has_subs && !sub.empty() ? " " + sub : "") +
                          "' draws no picture; pictures are of charts (table show, table sheet) and of odds (a "
                          "roll or --odds of any adjudication, table lookup, compare, plan)");
    }
}

// Help TEXT with every line longer than WIDTH wrapped (clig.dev): an option's or command's
// description continues under itself, an indented line two columns in, prose at the margin; an example command
// ("  umpire ...") is left whole, to be copied. Prose is written a sentence or a clause a
// line, some lines past 80 columns: the words a line leaves over go on at the start of
// the next line of the same sentence, so a narrow terminal reads full lines, not a
// stray word or two before each of the author's line breaks.
// Help is wrapped to the terminal, or to 80 columns when it is not one.
constexpr size_t k_help_column = 30;  // CLI11's column for descriptions (its default)
size_t help_width(const Environment& env) { return env.columns > 0 ? std::max<size_t>(env.columns, 40) : 80; }

std::string wrapped_help(const std::string& text, size_t width)
{
    std::string out;
    std::vector<std::string> lines = split(text, '\n');
    bool examples = false;  // past an "Examples:" line: each line is a command of its own
    for (size_t n = 0; n < lines.size(); ++n) {
        const std::string& line = lines[n];
        const size_t lead = line.find_first_not_of(' ');
        // An example command is kept whole, to be copied as it is, and so is each line that
        // goes on from one ended with a backslash; neither is ever joined to the next.
        const bool continued = n > 0 && lines[n - 1].ends_with('\\');
        if (lead == 0) {
            examples = line == "Examples:";  // and prose at the margin ends them
        }
        if (line.size() <= width || lead == std::string::npos || line.compare(lead, 7, "umpire ") == 0 || continued ||
            (examples && lead > 0)) {
            out += line + "\n";
            continue;
        }
        // Prose goes on at its own margin; an option's description at the description's
        // column, after the first run of two or more blanks past the names. The words are
        // all taken from where they begin, never from inside one.
        size_t indent = lead;
        // An option's names as long as CLI11's name column (30) leave one blank before
        // the description, which then starts at the column itself.
        const bool option = lead > 0 && line[lead] == '-';
        if (const size_t gap = line.find("  ", lead); gap != std::string::npos) {
            const size_t start = line.find_first_not_of(' ', gap);
            if (start != std::string::npos && start < width * 2 / 3) {
                indent = start;
            }
        } else if (option && line.size() > k_help_column && line[k_help_column - 1] == ' ' &&
                   line[k_help_column] != ' ' && k_help_column < width * 2 / 3) {
            indent = k_help_column;
        }
        std::string current = line.substr(0, indent);
        bool first = true;
        for (const auto& word : split(line.substr(indent), ' ')) {
            if (word.empty()) {
                continue;
            }
            if (!first && current.size() + 1 + word.size() > width) {
                out += current + "\n";
                current = std::string(indent, ' ');
                first = true;
            }
            current += (first ? "" : " ") + word;
            first = false;
        }
        // What is left over goes on with the next line when that line continues the same
        // sentence: the same margin, prose, and this line not ended at a full stop or colon.
        // An option's line is never prose, and no option goes on from one.
        if (n + 1 < lines.size() && indent == lead && !option && !examples && !current.ends_with('.') &&
            !current.ends_with(':')) {
            const std::string& next = lines[n + 1];
            const size_t next_lead = next.find_first_not_of(' ');
            // never into a heading: "Usage: ...", "Options:" start a part of their own
            const bool heading = next.ends_with(':') && next.find(' ', lead) == std::string::npos;  // "Options:"
            if (next_lead == lead && next.compare(lead, 6, "Usage:") != 0 && !heading &&
                next.compare(lead, 7, "umpire ") != 0 && next.compare(lead, 2, "- ") != 0 &&
                (lead == 0 || next[lead] != '-')) {  // an option's line, indented
                lines[n + 1] = current + " " + next.substr(lead);
                continue;
            }
        }
        out += current + "\n";
    }
    if (!text.ends_with('\n') && !out.empty()) {
        out.pop_back();
    }
    return out;
}

// Whether ARGS, a whole request, may use the global option O: names it, or asks for help.
bool names_global(const std::vector<std::string>& args, const GlobalOption& o)
{
    for (const std::string& arg : args) {
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "--version") {
            return true;
        }
        if (arg.starts_with('-') && !arg.starts_with("--") && arg.size() > 2) {
            return true;  // a bundle of short flags ("-qh") or a short one with its value
        }
        for (std::string_view names = o.names; !names.empty();) {
            const size_t comma = names.find(',');
            if (names_option(arg, names.substr(0, comma))) {
                return true;
            }
            names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
        }
    }
    return false;
}

Runner::Runner(std::ostream& out, std::ostream& err, const Environment& env, std::string_view command,
               const std::vector<std::string>* only_for)
    : m_ctx(out, err, env)
    , m_app("umpire: a referee for tabletop wargames. It looks up combat results tables "
            "and rules checks written as TOML, rolls the dice (or takes yours), and cites "
            "the rule.",
            "umpire")
{
    Context& ctx = m_ctx;
    m_app.require_subcommand(1);
    m_app.fallthrough();
    m_app.footer(k_footer);
    m_app.set_version_flag("--version", std::string("umpire ") + UMPIRE_VERSION);
    const auto needed = [&](const GlobalOption& o) {
        return only_for == nullptr || command.empty() || names_global(*only_for, o);
    };
    for (const auto& o : k_global_options) {
        // --brief excludes --json by name, so it needs --json set up
        const bool json_for_brief = std::string_view(o.names) == "--json" &&
                                    std::any_of(k_global_options.begin(), k_global_options.end(), [&](const auto& b) {
                                        return std::string_view(b.names) == "--brief" && needed(b);
                                    });
        if (!needed(o) && !json_for_brief) {
            continue;
        }
        CLI::Option* option = o.add(m_app, ctx, o);
        if (o.value != nullptr) {
            option->type_name(o.value);
        }
    }
    // Every number a command takes is decimal: CLI11 alone would read "010" as octal 8,
    // take "0x3" and read "" as 0. Options named N get the check; each command checks
    // the range its rule allows.
    const CLI::Validator decimal(
        [](std::string& text) -> std::string {
            // a sign of plus is taken: a modifier is written +1 as the rules print it (15.1, 7.21)
            auto n = parse_int(text, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
            const std::string_view digits =
                std::string_view(text).substr(!text.empty() && (text.front() == '+' || text.front() == '-') ? 1 : 0);
            if (!n && !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos) {
                // a whole number past any the rules take (past 64 bits too: it said "allowed
                // -2147483648 to 2147483647"): the command's own range is in its --help
                return "'" + text +
                       "' is out of range: far past any number this option takes (its range: the option's --help, or "
                       "umpire(1), NUMBERS)";
            }
            if (!n) {
                return n.error();
            }
            text = std::to_string(*n);
            return "";
        },
        "", "decimal");
    for (const auto& c : k_commands) {
        if (command.empty() || command == c.name) {
            c.setup(m_app, ctx);
            m_app.get_subcommand(c.name)->group(c.game);
        }
    }
    check_values(m_app, decimal);
    // A game file named (--game, $UMPIRE_GAME) and not there refuses the command before it
    // runs, whatever it answers (table show as much as melee). Not: game (its own callback
    // does, but for 'game new', which makes the file), batch (a line may make it), replay
    // and luck (they read no file), completion (a script for the shell).
    m_app.parse_complete_callback([this] {
        static constexpr std::array<std::string_view, 5> k_exempt{"game", "batch", "replay", "luck", "completion"};
        const auto parsed = m_app.get_subcommands();
        if (!parsed.empty()) {
            m_ctx.command_name = parsed.front()->get_name();
            m_ctx.command_game = command_group(m_ctx.command_name);
        }
        if (parsed.empty() ||
            std::find(k_exempt.begin(), k_exempt.end(), parsed.front()->get_name()) == k_exempt.end()) {
            m_ctx.require_named_game();
            m_ctx.require_command_of_game();
        }
    });
}

RunResult Runner::run(const std::vector<std::string>& args, const std::function<void(Context&)>& prepare,
                      const std::function<void(const Context&)>& finished)
{
    m_ctx.begin_request();
    m_ctx.argv = args;
    if (prepare) {
        prepare(m_ctx);
    }
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    RunResult result = guarded(
        m_ctx.err(), &m_ctx, m_ctx.env(),
        [&] {
            m_app.clear();  // a parse that failed half-way leaves results behind
            check_option_names(m_app, args);
            std::vector<std::string> spelled = args;
            check_subcommand_word(m_app, spelled);
            if (spelled != args) {  // the log and journal show the word as the list writes it
                reversed.assign(spelled.rbegin(), spelled.rend());
                m_ctx.argv = spelled;
            }
            if (std::any_of(args.begin(), args.end(),
                            [](const std::string& a) { return a == "--draw" || a.starts_with("--draw="); })) {
                if (const std::string command = command_of(args); !command.empty()) {
                    check_draws(args, command);
                }
            }
            try {
                try {
                    m_app.parse(reversed);
                } catch (const CLI::ValidationError& e) {
                    rethrow_of_command(m_app, e, m_ctx.env().shell);
                } catch (const CLI::RequiredError& e) {
                    rethrow_of_command(m_app, e, m_ctx.env().shell);
                } catch (const CLI::ExtrasError& e) {
                    rethrow_of_command(m_app, e, m_ctx.env().shell);
                }
                // What is still buffered, written while the request's context can say what
                // it changed: a full disk or a closed pipe often shows only here.
                m_ctx.flush_out();
            } catch (const CLI::CallForHelp&) {
                m_ctx.out() << wrapped_help(m_app.help(), help_width(m_ctx.env()));
            } catch (const CLI::CallForAllHelp&) {
                m_ctx.out() << wrapped_help(m_app.help("", CLI::AppFormatMode::All), help_width(m_ctx.env()));
            } catch (const CLI::CallForVersion&) {
                m_ctx.out() << m_app.version() << "\n";
            }
        },
        wants_json(args) ? &m_ctx.out() : nullptr);
    if (result.code != 0) {
        return result;
    }
    if (finished) {
        finished(m_ctx);
    }
    result.code = m_ctx.exit_code;
    result.resolution = m_ctx.take_last_resolution();
    result.odds = m_ctx.take_last_odds();
    return result;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const Environment& env)
{
    return run_prepared(args, out, err, env, {}).code;
}

// The request as it is run: 'umpire help [COMMAND...]' as 'umpire [COMMAND...] --help', as
// git and cargo take it.
std::vector<std::string> with_help_spelled_out(const std::vector<std::string>& args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        bool with_value = false;
        if (const GlobalOption* o = find_global(args[i], &with_value); o != nullptr) {
            i += o->value != nullptr && !with_value ? 1 : 0;
            continue;
        }
        if (args[i] != "help") {
            return args;
        }
        std::vector<std::string> spelled(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i));
        spelled.insert(spelled.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
        spelled.emplace_back("--help");
        return spelled;
    }
    return args;
}

// 'umpire' alone on a terminal: how to call it and the commands, by game.
std::string short_usage(const Environment& env)
{
    std::string out = "umpire: a referee for tabletop wargames\n\nusage: umpire [GLOBAL OPTIONS] COMMAND [ARGS...]\n";
    std::string group;
    std::string line;
    for (const auto& c : k_commands) {
        if (c.game != group) {
            out += line.empty() ? "" : line + "\n";
            group = c.game;
            out += "\n" + group + ":\n";
            line = " ";
        }
        line += std::string(" ") + c.name;
    }
    out += line + "\n\n'umpire help COMMAND' says what a command takes, with examples; 'umpire help' lists the "
                  "global options too; man umpire has it all.\n";
    return wrapped_help(out, help_width(env));
}

RunResult run_prepared(const std::vector<std::string>& typed, std::ostream& out, std::ostream& err,
                       const Environment& env, const std::function<void(Context&)>& prepare)
{
    if (typed.empty() && env.out_is_tty) {
        out << short_usage(env);
        return {};
    }
    const std::vector<std::string> args = with_help_spelled_out(typed);
    std::string command;
    if (RunResult failed = guarded(
            err, nullptr, env, [&] { command = command_of(args); }, wants_json(args) ? &out : nullptr);
        failed.code != 0) {
        return failed;
    }
    Runner runner(out, err, env, command, &args);
    return runner.run(args, prepare);
}

std::string xdg_dir(const char* variable, std::string_view fallback)
{
    // XDG Base Directory: the variable when it is an absolute path (a relative one is
    // ignored, as the specification says), else the fallback under $HOME.
    if (const char* base = std::getenv(variable); base != nullptr && base[0] == '/') {
        return std::string(base) + "/umpire";
    }
    if (const char* home = std::getenv("HOME"); home != nullptr && home[0] != '\0') {
        return std::string(home) + "/" + std::string(fallback) + "/umpire";
    }
    return "";
}

std::string user_tables_dir()
{
    const std::string config = xdg_dir("XDG_CONFIG_HOME", ".config");
    return config.empty() ? config : config + "/tables";
}

size_t terminal_columns(int fd)
{
    struct winsize size {};
    return ioctl(fd, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

int run(int argc, char** argv)
{
    // A reader that goes away (| head -1) makes a write fail with EPIPE, exit 74 with its
    // message (umpire(1), EXIT STATUS), not a SIGPIPE that kills umpire midway; a game
    // change already made is then said to be made. Programs umpire runs get it back.
    ::signal(SIGPIPE, SIG_IGN);
    // Past a file-size limit (ulimit -f) a write fails with EFBIG, exit 74 with its message,
    // as on a full disk, not a SIGXFSZ that kills umpire midway (exit 153; hunt32).
    ::signal(SIGXFSZ, SIG_IGN);
    // A standard stream closed by the caller (>&-) would be the next file umpire opens: a
    // game's lock or journal would receive the answer. Each closed one is held by /dev/null,
    // opened the other way (as gnulib's stdopen does), so that using it still fails: a write
    // to a closed standard output is exit 74, as the pipe that went away is.
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            const int held = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
            if (held != fd) {
                return 74;  // no descriptor to hold it with: nothing safe to do
            }
        }
    }
    std::vector<std::string> args(argv + 1, argv + argc);
    Environment env;
    if (const char* tables = std::getenv("UMPIRE_TABLES")) {
        env.tables = tables;
    }
    if (const char* game = std::getenv("UMPIRE_GAME")) {
        env.game = game;
    }
    env.user_tables = user_tables_dir();
    env.cache = xdg_dir("XDG_CACHE_HOME", ".cache");
    for (const char* name : {"VISUAL", "EDITOR"}) {
        if (const char* editor = std::getenv(name); editor != nullptr && editor[0] != '\0' && env.editor.empty()) {
            env.editor = editor;
        }
    }
    env.in_is_tty = isatty(STDIN_FILENO) != 0;
    // no-color.org: NO_COLOR disables colour when it is set and not empty
    const char* no_color = std::getenv("NO_COLOR");
    env.no_color = no_color != nullptr && *no_color != '\0';
    const char* term = std::getenv("TERM");
    env.dumb_terminal = term != nullptr && std::string_view(term) == "dumb";
    env.out_is_tty = isatty(STDOUT_FILENO) != 0;
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        if (const char* locale = std::getenv(name); locale != nullptr && *locale != '\0') {
            const std::string lower = to_lower(locale);
            env.utf8 = lower.find("utf-8") != std::string::npos || lower.find("utf8") != std::string::npos;
            break;
        }
    }
    env.err_is_tty = isatty(STDERR_FILENO) != 0;
    if (env.out_is_tty) {
        env.columns = terminal_columns();
    }
    if (env.err_is_tty) {
        env.err_columns = terminal_columns(STDERR_FILENO);
    }
    env.in = &std::cin;
    std::ios::sync_with_stdio(false);
    const TerminalGuard out_guard(std::cout);
    const TerminalGuard err_guard(std::cerr);
    int code = run(args, std::cout, std::cerr, env);
    // What was printed but still buffered: a full disk or a closed pipe shows only now.
    errno = 0;
    std::cout.flush();
    if (!std::cout && code == 0) {
        std::cerr << "umpire: error: cannot write standard output: " << std::strerror(errno != 0 ? errno : EIO) << "\n";
        return static_cast<int>(ExitCode::io);
    }
    return code;
}

}  // namespace umpire::cli
