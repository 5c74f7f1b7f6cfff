// umpire explain CODE|PROCEDURE: a player checking a rule (DESIGN.md). A result code is
// explained by every table whose legend has it, as the legend holds it; a procedure of the
// rules' catalogue (shared/rules/README.md: C4, R2, B9...) by its sections, the commands
// that resolve it and the tables they read. Nothing is said here that the tables or the
// catalogue do not say: the effects are the legend's (format::legend_lines, as table show
// prints them), whether a chart is provisional is its table's word (core::note_table).
#include "cli/commands.h"
#include "cli/run.h"
#include "format/json.h"
#include "format/text.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <ostream>

namespace umpire::cli {

struct ExplainOptions {
    std::string what;
    std::string table;  // --table ID: that table's legend only
};

namespace {

// A procedure of the rules' catalogue (shared/rules/README.md, "Catalogue of procedures"):
// its ID, its name and the sections it cites, as the catalogue writes them (a rules text
// that numbers no section, Novorossiysk's and the Black Sea's, by its headings); the umpire
// commands that resolve it; the tables they read. Its game is its tables' (else its
// commands' group in the command table; GAME only where neither names one).
struct Procedure {
    std::string_view id;
    std::string_view name;
    std::string_view sections;
    std::vector<std::string_view> commands;
    std::vector<std::string_view> tables;
    std::string_view game = "";
};

const std::vector<Procedure>& procedures()
{
    static const std::vector<Procedure> k_procedures{
        // Constantinople naval (rules file 001)
        {"C1", "wind direction, 2D6", "14.23, table 14.31", {"wind"}, {"constantinople.wind-direction"}},
        {"C2", "wind velocity, 2D6", "table 14.32", {"wind"}, {"constantinople.wind-velocity"}},
        {"C3", "initiative each impulse", "13.1", {"initiative"}, {}},
        {"C4", "naval melee", "15.2-15.4, CRT 15.41", {"melee", "plan melee"}, {"constantinople.melee"}},
        {"C5", "ramming", "15.1, table 15.42", {"ram"}, {"constantinople.ram"}},
        {"C6", "breaking free", "15.16", {"free"}, {"constantinople.free-rammed", "constantinople.free-rammer"}},
        {"C7", "storm", "14.29", {"storm"}, {"constantinople.storm"}},
        {"C8", "reefs and shoals", "15.53", {"reef"}, {"constantinople.reefs"}},
        {"C9", "bombardment of ships", "15.73", {"check bombard"}, {"constantinople.bombard"}},
        {"C10", "portage", "17.22", {"portage"}, {"constantinople.portage"}},
        {"C11", "drift and points of sailing", "14.24-14.26", {"sail"}, {}},
        // Novorossiysk 1943 (rules file 000)
        {"N1", "weather per phase, 2D6", "Weather", {"weather --game novorossiysk"}, {"novorossiysk.weather"}},
        {"N2",
         "time track",
         "Time Counter",
         {"weather --game novorossiysk --state FILE", "game next"},
         {},
         "Novorossiysk 1943"},
        {"N3", "hit dice", "Hit Dice Sliding Scale, Small Blocks", {"hits"}, {"novorossiysk.hit-dice"}},
        {"N4", "surprise", "'Surprise'", {"hits --surprise"}, {"novorossiysk.procedures", "novorossiysk.hit-dice"}},
        {"N5", "air-to-air", "Air to Air Combat", {"hits"}, {"novorossiysk.hit-dice"}},
        {"N6",
         "airfield attack",
         "Hitting The Enemy Air Field",
         {"hits --airfield"},
         {"novorossiysk.procedures", "novorossiysk.hit-dice"}},
        {"N7", "ground/ship attack", "Ground and Ship Attack", {"hits"}, {"novorossiysk.hit-dice"}},
        {"N8",
         "paratroop scatter",
         "Paratroopers",
         {"scatter --paratroops"},
         {"novorossiysk.scatter", "novorossiysk.procedures"}},
        {"N9",
         "night bombing",
         "Night Phase",
         {"scatter --night-bomb"},
         {"novorossiysk.scatter", "novorossiysk.procedures"}},
        // The Russian Portfolio (rules file 002)
        {"R1",
         "weather by month",
         "VI.A, XVI.C.1.c",
         {"weather --game russian-portfolio"},
         {"russian-portfolio.weather", "russian-portfolio.weather-1jun41"}},
        {"R2", "combat odds", "XIII.B", {"crt", "plan crt"}, {"russian-portfolio.crt"}},
        {"R3", "results", "XIII.C", {"crt --surrounded"}, {"russian-portfolio.crt", "russian-portfolio.no-retreat"}},
        {"R4",
         "armor breakdown",
         "XIII.C",
         {"crt --armor --reserve-phase"},
         {"russian-portfolio.crt", "russian-portfolio.procedures"}},
        {"R5",
         "retreat",
         "XIII.D",
         {"crt --retreat"},
         {"russian-portfolio.no-retreat", "russian-portfolio.retreat-shortfall"}},
        {"R6",
         "armor overrun",
         "X.B, XIII.C",
         {"overrun"},
         {"russian-portfolio.overrun", "russian-portfolio.overrun-terrain"}},
        {"R7",
         "sea movement",
         "VIII.B",
         {"check sea-friendly", "check sea-enemy"},
         {"russian-portfolio.sea-friendly", "russian-portfolio.sea-enemy"}},
        {"R8", "Siberian roulette", "IX.B.3", {"siberian"}, {}},
        {"R9",
         "terrain defense bonuses",
         "X.B",
         {"table show russian-portfolio.terrain-defense"},
         {"russian-portfolio.terrain-defense"}},
        // Great War at Sea: The Turkish Black Sea Fleet (rules file 003)
        {"G1",
         "gunnery at range three",
         "Gunnery Range (7.6)",
         {"check gunnery-range-three"},
         {"black-sea.gunnery-range-three"}},
        {"G2",
         "submarine firing position",
         "Submarines (15.0)",
         {"check sub-firing-position"},
         {"black-sea.sub-firing-position"}},
        {"G3",
         "ASW",
         "Submarines (15.0)",
         {"check asw", "check asw-timing"},
         {"black-sea.asw", "black-sea.asw-timing"}},
        {"G5", "sub vs sub", "Submarines (15.0)", {"check sub-vs-sub"}, {"black-sea.sub-vs-sub"}},
        {"G6",
         "minesweeping by other ships",
         "Mine Warfare (13.0)",
         {"check minesweeping"},
         {"black-sea.minesweeping"}},
        {"G7", "\"Always Possible\"", "Always Possible", {"always-possible"}, {"black-sea.procedures"}},
        {"G8",
         "automatic disengagement",
         "Automatic Disengagement",
         {"check disengagement"},
         {"black-sea.disengagement"}},
        {"G9",
         "closer speed differential",
         "Closer Speed Differential",
         {"check closer-speed"},
         {"black-sea.closer-speed"}},
        {"G10", "long-range confirm", "Long-Range Gunnery", {"check long-range"}, {"black-sea.long-range"}},
        {"G11",
         "night confirm",
         "Night Combat",
         {"check night-confirm", "check night-friendly-fire"},
         {"black-sea.night-confirm", "black-sea.night-friendly-fire"}},
        {"G12",
         "primary guns vs light ships",
         "Primary Guns vs. Light Ships",
         {"check primary-vs-light"},
         {"black-sea.primary-vs-light"}},
        {"G13", "screening", "Screening", {"check screening"}, {"black-sea.screening"}},
        {"G14", "sharp shooters", "Sharp Shooters (7.5)", {"check sharp-shooter"}, {"black-sea.sharp-shooter"}},
        {"G15",
         "operational movement",
         "Extended Operational Movement, Fuel Use",
         {"table show black-sea.operational-movement", "table show black-sea.fuel"},
         {"black-sea.operational-movement", "black-sea.fuel"}},
        {"G16",
         "weather limits",
         "Weather Effects on Operations",
         {"weather --game black-sea"},
         {"black-sea.weather-limits"}},
        {"G17",
         "victory points",
         "Victory Points (VPs)",
         {"table show black-sea.victory-points"},
         {"black-sea.victory-points"}},
        // Great Battles of WWII (rules file 004)
        {"B1", "artillery suppression", "11.3.3", {"suppress"}, {"great-battles.suppression"}},
        {"B2", "air-ground support", "12.2", {"suppress --air"}, {"great-battles.suppression"}},
        {"B3", "barrage delay", "11.2", {"check barrage-delay"}, {"great-battles.barrage-delay"}},
        {"B4", "dawn sighting", "8.2", {"sighting"}, {"great-battles.sighting"}},
        {"B5", "command roll", "13.0", {"command-roll"}, {"great-battles.command"}},
        {"B6", "direct fire", "14.4", {"fire"}, {"great-battles.procedures"}},
        {"B7", "rally", "14.7", {"rally"}, {"great-battles.rally-numbers"}},
        {"B8", "close combat", "14.8", {"close-combat"}, {"great-battles.rally-numbers"}},
        {"B9", "morale", "15", {"morale"}, {"great-battles.morale", "great-battles.procedures"}},
        {"B10", "replacement", "16.2", {"replace"}, {"great-battles.replacement"}},
        {"B11", "infiltration (drop zones)", "Drop Zone rules", {"infiltrate"}, {"great-battles.procedures"}},
        {"B12",
         "air landings",
         "Drop Zone rules (Air Landings)",
         {"flak", "drift", "landing"},
         {"great-battles.flak", "great-battles.procedures", "great-battles.landing"}},
        {"B13", "activation deck", "Drop Zone rules", {"deck"}, {"great-battles.procedures"}},
        {"B14", "day length by month", "16.0", {"game next"}, {"great-battles.day-length"}},
        {"B16", "C Ops overrun", "5.1.3", {"cops-overrun"}, {"great-battles.procedures"}},
    };
    return k_procedures;
}

std::vector<std::string> procedure_ids()
{
    std::vector<std::string> ids;
    for (const auto& p : procedures()) {
        ids.emplace_back(p.id);
    }
    return ids;
}

// The game P serves: its first table's, else its first command's group that is a game's.
std::string game_of(const Procedure& p, Context& ctx)
{
    if (!p.tables.empty()) {
        return ctx.table(p.tables.front()).game;
    }
    for (const auto command : p.commands) {
        const std::string_view group = command_group(command.substr(0, command.find(' ')));
        if (group != "General") {
            return std::string(group);
        }
    }
    return std::string(p.game);
}

// The game the global --scenario or --game names ("" when neither is given): explain then
// speaks of that game's tables only.
std::string narrowed_game(Context& ctx)
{
    if (!ctx.options.scenario.empty()) {
        return ctx.scenario("").game;
    }
    if (const core::GameState* g = ctx.game()) {
        if (!g->scenario.empty()) {
            return ctx.scenario("").game;
        }
        if (const core::GameRules* rules = core::find_game_rules(g->game)) {
            return rules->title;
        }
    }
    return "";
}

// A table whose legend has the code explained.
struct Found {
    const core::Table* table = nullptr;
    const core::LegendEntry* entry = nullptr;
    load::TableInfo info;
};

std::string whose_text(const load::TableInfo& info)
{
    return info.whose == load::k_embedded ? "" : "  [" + info.whose + ": " + info.origin + "]";
}

void explain_procedure(const std::string& asked, const Procedure& p, const std::string& game, Context& ctx)
{
    core::Resolution marks;  // the provisional mark and note each table gives, as every answer has them
    std::vector<load::TableInfo> infos;
    for (const auto table : p.tables) {
        core::note_table(marks, ctx.table(table));
        infos.push_back(ctx.catalog().info(table));
    }
    std::vector<std::string> commands;
    for (const auto command : p.commands) {
        commands.push_back("umpire " + std::string(command));
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("explain").key("query").value(asked);
        w.key("kind").value("procedure").key("procedure").begin_object();
        w.key("id").value(p.id).key("name").value(p.name).key("game").value(game).key("sections").value(p.sections);
        format::write_strings(w, "commands", commands);
        w.key("tables").begin_array();
        for (const auto& info : infos) {
            format::write_table_info(w, info);
        }
        w.end_array();
        w.key("provisional").value(marks.provisional);
        format::write_strings(w, "provisional_notes", marks.provisional_notes);
        w.end_object().end_object();
        ctx.out() << std::move(w).str() << "\n";
        return;
    }
    std::string out = std::string(p.id) + ": " + std::string(p.name) + " (" + game + ")\n";
    out += "  sections     " + std::string(p.sections) + "\n";
    out += "  resolved by  " + join(commands, "; ") + "\n";
    for (size_t i = 0; i < infos.size(); ++i) {
        const core::Table& t = ctx.table(infos[i].id);
        out += std::string(i == 0 ? "  tables       " : "               ") + t.id + "  " + t.title + " (" + t.source +
               ")" + (t.provisional ? " [PROVISIONAL]" : "") + whose_text(infos[i]) + "\n";
    }
    if (infos.empty()) {
        out += "  tables       none\n";
    }
    out += "  provisional  " + std::string(marks.provisional ? "yes" : "no") + "\n";
    for (const auto& note : marks.provisional_notes) {
        out += "note: " + note + "\n";
    }
    ctx.out() << out;
}

void explain_codes(const std::string& asked, const std::vector<Found>& found, bool any_case, Context& ctx)
{
    std::vector<std::string> games;  // in the order of the tables' ids
    for (const auto& f : found) {
        if (!contains(games, f.table->game)) {
            games.push_back(f.table->game);
        }
    }
    if (ctx.options.json) {
        format::JsonWriter w;
        w.begin_document().key("command").value("explain").key("query").value(asked).key("kind").value("code");
        w.key("any_case").value(any_case).key("codes").begin_array();
        for (const auto& game : games) {
            for (const auto& f : found) {
                if (f.table->game != game) {
                    continue;
                }
                w.begin_object().key("game").value(game).key("code").value(f.entry->code);
                w.key("name").value(f.entry->name);
                if (!f.entry->severity.empty()) {
                    w.key("severity").value(f.entry->severity);
                }
                format::write_strings(w, "effects", format::legend_lines(*f.table, *f.entry));
                w.key("source").value(f.entry->source.empty() ? f.table->source : f.entry->source);
                w.key("table");
                format::write_table_info(w, f.info);
                w.key("table_source").value(f.table->source).end_object();
            }
        }
        w.end_array().end_object();
        ctx.out() << std::move(w).str() << "\n";
        return;
    }
    const std::string count = std::to_string(found.size()) + (found.size() == 1 ? " table" : " tables") + " in " +
                              std::to_string(games.size()) + (games.size() == 1 ? " game" : " games");
    std::string out = any_case ? "'" + asked + "' is the code of no table as written; in any case: " + count + "\n"
                               : asked + ": the code of " + count + "\n";
    for (const auto& game : games) {
        out += "\n" + game + "\n";
        for (const auto& f : found) {
            if (f.table->game != game) {
                continue;
            }
            const core::Table& t = *f.table;
            out += "  " + t.id + "  " + t.title + " (" + t.source + ")" + (t.provisional ? " [PROVISIONAL]" : "") +
                   whose_text(f.info) + "\n";
            out += "    " + f.entry->code + "  " + f.entry->name +
                   (f.entry->source.empty() ? "" : " (" + f.entry->source + ")") + "\n";
            const std::string indent(6 + display_width(f.entry->code), ' ');
            for (const auto& line : format::legend_lines(t, *f.entry)) {
                out += indent + "- " + line + "\n";
            }
        }
    }
    ctx.out() << out;
}

void run_explain(const ExplainOptions& opt, Context& ctx)
{
    const std::string game = narrowed_game(ctx);
    const std::string where = !opt.table.empty() ? "table " + opt.table
                              : !game.empty()
                                  ? game + "'s tables (" +
                                        (ctx.options.scenario.empty() ? "the game " + ctx.game_path()
                                                                      : "--scenario " + ctx.options.scenario) +
                                        ")"
                                  : "umpire's tables and yours";
    std::vector<std::string> ids;
    if (!opt.table.empty()) {
        try {
            ids.push_back(ctx.table(opt.table).id);
        } catch (const Error& e) {
            // not found (66, with the nearest id) or a bad file (65): said of the flag
            throw Error(e.code(), "--table: " + std::string(e.what()), e.detail());
        }
    } else {
        for (const auto& id : ctx.catalog().ids()) {
            if (game.empty() || ctx.table(id).game == game) {
                ids.push_back(id);
            }
        }
    }
    std::vector<Found> exact;
    std::vector<Found> any_case;
    std::vector<std::string> codes;  // every code in the tables explained from, for a refusal
    for (const auto& id : ids) {
        const core::Table& t = ctx.table(id);
        for (const auto& e : t.legend) {
            if (e.code == opt.what) {
                exact.push_back({&t, &e, ctx.catalog().info(id)});
            } else if (iequals(e.code, opt.what)) {
                any_case.push_back({&t, &e, ctx.catalog().info(id)});
            }
            if (!contains(codes, e.code)) {
                codes.push_back(e.code);
            }
        }
    }
    if (!exact.empty()) {
        explain_codes(opt.what, exact, false, ctx);
        return;
    }
    const auto ids_of_procedures = procedure_ids();
    if (const std::string id = spelled_in(ids_of_procedures, opt.what); !id.empty()) {
        const Procedure& p =
            *std::find_if(procedures().begin(), procedures().end(), [&](const Procedure& c) { return c.id == id; });
        if (!opt.table.empty()) {
            throw usage_error("--table: " + id + " is a procedure of the rules' catalogue, not a result code; " +
                              "--table narrows a code to one table's legend: give the procedure alone");
        }
        const std::string its_game = game_of(p, ctx);
        if (!game.empty() && its_game != game) {
            throw usage_error(id + " is a procedure of " + its_game + ", and explain is asked of " + where +
                              ": explain it without them");
        }
        explain_procedure(opt.what, p, its_game, ctx);
        return;
    }
    if (!any_case.empty()) {
        explain_codes(opt.what, any_case, true, ctx);
        return;
    }
    std::vector<std::string> names = codes;
    names.insert(names.end(), ids_of_procedures.begin(), ids_of_procedures.end());
    std::sort(codes.begin(), codes.end());
    throw usage_error("explain: '" + visible(opt.what) + "' is no result code of " + where + " in any case" +
                      suggestion(opt.what, names) + (codes.empty() ? "; they have none" : "; the codes: ") +
                      join(codes, " ") + "; or a procedure of the rules' catalogue: " + join(ids_of_procedures, " "));
}

}  // namespace

std::vector<std::string> explain_words(Context& ctx)
{
    std::vector<std::string> words = procedure_ids();
    for (const auto& id : ctx.catalog().ids()) {
        for (const auto& e : ctx.table(id).legend) {
            if (!e.code.empty() && std::isalnum(static_cast<unsigned char>(e.code.front())) != 0 &&
                !contains(words, e.code)) {
                words.push_back(e.code);
            }
        }
    }
    return words;
}

void setup_explain(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<ExplainOptions>();
    auto* sub = app.add_subcommand("explain", "What a result code means in every table whose legend has it, or what a "
                                              "procedure of the rules' catalogue (C4, R2, B9...) is and which command "
                                              "resolves it");
    sub->add_option("CODE", opt->what,
                    "A result code as the tables print it (D, DE, -, sunk), or a procedure ID of the rules' catalogue")
        ->required();
    ctx.offer(sub->add_option("--table", opt->table,
                              "Only this table's legend (the global --game or --scenario "
                              "narrows to the game's tables)")
                  ->type_name("ID"),
              [](Context& c) { return c.catalog().ids(); });
    sub->footer("A code is looked for as written first, then as a procedure ID, then in any case, and the answer\n"
                "says so. Several games share codes: each table is listed under its game.\n"
                "Examples:\n"
                "  umpire explain D                                # Constantinople 15.34, Damaged\n"
                "  umpire explain -- -                             # the dash, in each game that prints it\n"
                "  umpire explain S --table russian-portfolio.crt  # one table's legend\n"
                "  umpire --scenario russian-portfolio explain de  # in any case: DE\n"
                "  umpire explain C4                               # naval melee: sections, command, chart\n"
                "  umpire --json explain B9");
    sub->callback([opt, &ctx] { run_explain(*opt, ctx); });
}

}  // namespace umpire::cli
