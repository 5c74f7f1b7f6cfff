// Long random evenings on every shipped game (issue 23): applied resolutions, undo and next
// in any order, each followed by the board's limits checked here from the rules text (not
// by the game's own check), the file read back as umpire reads it, and now and then a
// rebuild that must be byte for byte. A refusal (exit 64) must leave both files as they were.
#include "../helpers.h"
#include "core/game.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace umpire;
using test::run_cli;
using test::slurp;

namespace {

namespace fs = std::filesystem;

// Steps per game: fewer under the sanitizers, where a call is some 40 times slower.
#if defined(__SANITIZE_ADDRESS__)
constexpr int k_steps = 40;
#else
constexpr int k_steps = 250;
#endif

using Rng = std::mt19937;

template <class T> const T& pick(Rng& rng, const std::vector<T>& from)
{
    return from[std::uniform_int_distribution<size_t>(0, from.size() - 1)(rng)];
}

int between(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// The rules' limits on a board, each from the text.
void check_board(const core::GameState& g, const std::string& after)
{
    INFO("after " << after);
    for (const auto& u : g.units) {
        INFO("unit " << u.name);
        if (g.game == "great-battles") {
            const int stands = g.number(u.name, "stands_at_start_of_day");
            const int eliminated = g.number(u.name, "eliminated");
            const int suppressed = g.number(u.name, "suppressed");
            CHECK(eliminated >= 0);
            CHECK(eliminated <= stands);  // no more eliminated than the battalion has (14.8.2, 12.2)
            CHECK(suppressed >= 0);
            CHECK(suppressed <= stands - eliminated);                   // 11.3.1: extra suppression has no effect
            CHECK(g.number(u.name, "suppressed_today") >= suppressed);  // 15.1: the day's tally
            if (g.value("", "phase") == "night") {
                CHECK(suppressed == 0);                                 // 16.1.1: every marker removed
                CHECK(g.value(u.name, "gone_to_ground") == "false");    // 15.2.1: for the rest of that day
                CHECK(g.value(u.name, "morale_check_due") == "false");  // 15.0: tested before the turn ended
            }
        } else if (g.game == "constantinople") {
            if (g.value(u.name, "face") == "back") {
                CHECK(u.side == "ottoman");  // only an Ottoman ship flips (15.35)
            }
            const std::string partner = g.value(u.name, "pinned_to");
            if (!partner.empty()) {
                CHECK(g.value(u.name, "sunk") == "false");       // a wreck is pinned to no one
                CHECK(g.value(partner, "pinned_to") == u.name);  // a ram engages both (15.15)
                CHECK(g.value(partner, "pinned_as") != g.value(u.name, "pinned_as"));
            }
        } else if (g.game == "custom") {
            // Border War's results: AE and AR the attackers', DR and DE the defenders' (7.6).
            const std::string status = g.value(u.name, "status");
            CHECK((status == "ready" || status == "retreated" || status == "eliminated"));
        } else if (g.game == "novorossiysk") {
            if (g.value(u.name, "step") == "reduced") {
                CHECK_FALSE(g.value(u.name, "block_reduced").empty());  // a lesser side it has (Large Blocks)
            }
        }
    }
}

using Request = std::function<std::vector<std::string>(Rng&, const core::GameState&, const std::string&)>;

std::vector<std::string> applied(const std::string& file, std::vector<std::string> command)
{
    std::vector<std::string> args{"--game", file, "--apply"};
    args.insert(args.end(), command.begin(), command.end());
    return args;
}

const std::vector<std::string> k_battalions{"2-Para", "I-Btl", "II-Btl"};
const std::vector<std::string> k_byzantine{"Genoa", "Genoa-2", "Venice", "Imperial-1", "Imperial-2", "Crete"};
const std::vector<std::string> k_ottoman{"Galley-1",  "Galley-2", "Galley-3", "Trireme-1",
                                         "Trireme-2", "Bireme-1", "Bireme-2"};
const std::vector<std::string> k_blocks_soviet{"Sov-Rifle-1", "Sov-Naval-Inf", "Sov-Company-1"};
const std::vector<std::string> k_blocks_axis{"Ger-Grenadier-1", "Ger-Pioneer-1", "Ger-Company-1"};

std::vector<std::string> great_battles(Rng& rng, const core::GameState& g, const std::string& file)
{
    // A referee at dawn or at night moves on to the turns: fire is refused there (16.1, 16.3).
    const std::string phase = g.value("", "phase");
    if (phase == "dawn" || (phase == "night" && between(rng, 0, 1) == 0)) {
        return {"game", "next", file};
    }
    const std::string unit = pick(rng, k_battalions);
    switch (between(rng, 0, 4)) {
    case 0:
    case 1: {
        std::vector<std::string> c{"suppress", "--unit", unit};
        const int left = g.number(unit, "stands_at_start_of_day") - g.number(unit, "eliminated");
        const int n = between(rng, 1, std::max(1, left));
        for (int i = 0; i < n; ++i) {
            c.insert(c.end(), {"--stand", pick(rng, std::vector<std::string>{"open", "soft", "hard", "open:armour"})});
        }
        if (n == 1 && between(rng, 0, 2) == 0) {
            c.insert(c.end(), {"--air", pick(rng, std::vector<std::string>{"fighter-bomber", "rocket"})});
        }
        return applied(file, c);
    }
    case 2:
        return applied(file, {"rally", "--unit", unit});
    case 3: {
        const std::string german = pick(rng, std::vector<std::string>{"I-Btl", "II-Btl"});
        return between(rng, 0, 1) == 0
                   ? applied(file, {"close-combat", "--attacker-unit", german, "--defender-unit", "2-Para"})
                   : applied(file, {"close-combat", "--attacker-unit", "2-Para", "--defender-unit", german});
    }
    default:
        return applied(file, {"morale", "--unit", unit});
    }
}

std::vector<std::string> constantinople(Rng& rng, const core::GameState&, const std::string& file)
{
    const bool byzantine_attacks = between(rng, 0, 1) == 0;
    const auto& attackers = byzantine_attacks ? k_byzantine : k_ottoman;
    const auto& defenders = byzantine_attacks ? k_ottoman : k_byzantine;
    switch (between(rng, 0, 5)) {
    case 0:
    case 1: {
        std::vector<std::string> c{"melee", "--attacker", pick(rng, attackers), "--defender", pick(rng, defenders)};
        if (between(rng, 0, 2) == 0) {
            c.push_back("--exchange");
        }
        return applied(file, c);
    }
    case 2:
        return applied(file, {"ram", "--rammer", pick(rng, attackers), "--target", pick(rng, defenders)});
    case 3:
        return applied(file, {"storm", "--ship", pick(rng, attackers)});
    case 4:
        return applied(file, {"free", "--ship", pick(rng, attackers)});
    default:
        return applied(file, {"wind"});
    }
}

std::vector<std::string> novorossiysk(Rng& rng, const core::GameState&, const std::string& file)
{
    const bool soviet = between(rng, 0, 1) == 0;
    return applied(file, {"hits", "--attacker", pick(rng, soviet ? k_blocks_soviet : k_blocks_axis), "--defender",
                          pick(rng, soviet ? k_blocks_axis : k_blocks_soviet)});
}

std::vector<std::string> russian_portfolio(Rng&, const core::GameState&, const std::string& file)
{
    return applied(file, {"weather"});
}

// Border War, the example game of the referee's own (examples/border-war): one to three
// attackers of a side against one or two of the other, a shift or the leader now and then.
const std::string k_example = std::string(UMPIRE_SOURCE_DIR) + "/examples/border-war";
const std::vector<std::string> k_red{"1-Inf", "2-Inf", "1-Tank"};
const std::vector<std::string> k_blue{"3-Pz", "4-Gren"};

std::vector<std::string> border_war(Rng& rng, const core::GameState&, const std::string& file)
{
    const bool red = between(rng, 0, 1) == 0;
    if (between(rng, 0, 3) == 0) {  // a counter back from the dead pool: the referee's own rule
        return {"game", "set", file, pick(rng, red ? k_red : k_blue), "status=ready", "--reason", "replacement"};
    }
    std::vector<std::string> attackers = red ? k_red : k_blue;
    std::vector<std::string> defenders = red ? k_blue : k_red;
    std::shuffle(attackers.begin(), attackers.end(), rng);
    std::shuffle(defenders.begin(), defenders.end(), rng);
    std::vector<std::string> c{"resolve", "border-war.crt"};
    for (int i = between(rng, 1, static_cast<int>(attackers.size())); i > 0; --i) {
        c.insert(c.end(), {"--attacker", attackers[static_cast<size_t>(i - 1)]});
    }
    c.insert(c.end(), {"--defender", defenders.front()});
    if (between(rng, 0, 9) == 0) {
        c.insert(c.end(), {"--defender", pick(rng, defenders)});  // perhaps named twice: refused
    }
    if (between(rng, 0, 3) == 0) {
        c.insert(c.end(), {"--shift", pick(rng, std::vector<std::string>{"river", "surprise"})});
    }
    if (between(rng, 0, 3) == 0) {
        c.insert(c.end(), {"--mod", "leader"});
    }
    return applied(file, c);
}

struct Game {
    std::string id;
    Request request;
    std::vector<std::vector<std::string>> next_options;  // what 'game next' may be told
    std::string start = id;                              // what 'game new' is given
};

}  // namespace

TEST_CASE("game property: long random evenings on every game keep the board within the rules, and rebuild",
          "[cli][game][property]")
{
    const std::vector<Game> games{
        {"great-battles", great_battles, {{}, {"--skip-due"}}},
        {"constantinople", constantinople, {{}}},
        {"novorossiysk", novorossiysk, {{}}},
        {"russian-portfolio", russian_portfolio, {{}, {"--month", "jul41"}, {"--month", "oct41"}}},
        {"black-sea",
         [](Rng&, const core::GameState&, const std::string& file) -> std::vector<std::string> {
             return {"game", "status", file};
         },
         {{}, {"--light", "night"}, {"--light", "day", "--weather", "squall"}, {"--weather", "gale"}}},
        {"border-war", border_war, {{}}, k_example + "/scenario.toml"},
    };
    const fs::path dir = fs::temp_directory_path() / ("umpire-property-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    // The referee's tables: Border War's chart typed in, as its README does.
    cli::Environment env;
    env.user_tables = (dir / "tables").string();
    REQUIRE(
        run_cli({"--tables", k_example + "/tables", "table", "import", "border-war.crt", k_example + "/crt.csv"}, env)
            .code == 0);
    for (const auto& game : games) {
        DYNAMIC_SECTION(game.id)
        {
            Rng rng(20261124);
            const std::string file = (dir / (game.id + ".toml")).string();
            REQUIRE(run_cli({"game", "new", game.start, file}, env).code == 0);
            int applied_ok = 0;
            int refused = 0;
            for (int step = 0; step < k_steps; ++step) {
                const core::GameState before = load::parse_game(slurp(file), file);
                std::vector<std::string> args;
                const int kind = between(rng, 0, 9);
                if (kind == 0) {
                    args = {"game", "undo", file};
                } else if (kind == 1) {
                    args = {"game", "next", file};
                    const auto& extra = pick(rng, game.next_options);
                    args.insert(args.end(), extra.begin(), extra.end());
                } else {
                    args = game.request(rng, before, file);
                }
                args.insert(args.begin(), {"--seed", std::to_string(rng())});
                std::string said;
                for (const auto& a : args) {
                    said += a + " ";
                }
                const std::string text = slurp(file);
                const std::string journal = slurp(file + ".journal");
                auto r = run_cli(args, env);
                INFO("step " << step << ": " << said << "\n" << r.err);
                REQUIRE((r.code == 0 || r.code == 64));
                if (r.code == 64) {
                    ++refused;
                    CHECK(slurp(file) == text);
                    CHECK(slurp(file + ".journal") == journal);
                } else {
                    ++applied_ok;
                }
                core::GameState after;
                REQUIRE_NOTHROW(after = load::parse_game(slurp(file), file));
                check_board(after, said);
                if (step % 50 == 49 || step == k_steps - 1) {
                    auto rebuild = run_cli({"game", "rebuild", file}, env);
                    INFO(rebuild.out << rebuild.err);
                    CHECK(rebuild.code == 0);
                    CHECK(rebuild.out.find("identical") != std::string::npos);
                }
            }
            // Something happened: a run of refusals only would test nothing.
            CHECK(applied_ok > k_steps / 4);
            WARN(game.id << ": " << applied_ok << " calls done, " << refused << " refused");
        }
    }
    fs::remove_all(dir);
}
