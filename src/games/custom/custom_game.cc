// A game umpire knows only from the referee's tables and scenario (issue 25): a scenario
// whose game is none of umpire's five makes a game file of this kind. Each unit keeps a
// status, "ready" at the start and then what the legend of the table resolve read says a
// result gives the attackers or the defenders ([legend.DE] defender = "eliminated",
// umpire-tables(5)); the clock counts game-turns. The rules are the referee's: umpire keeps
// the board, the tables say the rest.
#include "games/custom/custom_game.h"

#include "util/error.h"
#include "util/text.h"

namespace umpire::core {

std::vector<Change> legend_changes(const GameState& g, const Resolution& r, const Table& table)
{
    std::vector<Change> out;
    const LegendEntry* entry = table.find_code(r.result.code);
    if (entry == nullptr) {
        return out;
    }
    const std::string rule = entry->source.empty() ? table.source : entry->source;
    for (const auto& [key, status] :
         {std::pair{"attackers", entry->attacker}, std::pair{"defenders", entry->defender}}) {
        if (status.empty()) {
            continue;
        }
        for (const auto& unit : field_list(r.inputs, key)) {
            out.push_back(change_to(g, unit, "status", status, rule));
        }
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    return out;
}

GameRules custom_game_rules()
{
    GameRules rules;
    rules.game = "custom";
    rules.title = "your own game";  // any game that is none of umpire's five
    rules.start = [](const Scenario& s, const TableOf&) {
        GameState g;
        g.game = "custom";
        g.scenario = s.id;
        g.clock = {{"turn", "1"}};
        for (const auto& u : s.units) {
            g.units.push_back({u.name, u.side, {{"status", "ready"}}});
        }
        return g;
    };
    // A resolution applied works its changes out from the table it read (legend_changes).
    rules.changes = [](const GameState&, const Resolution&) { return std::vector<Change>{}; };
    rules.check = [](const GameState& g) {
        StateCheck c(g);
        c.keys("", {"turn"});
        c.number("", "turn", 1, k_max_clock);
        for (const auto& u : g.units) {
            c.keys(u.name, {"status"});
            if (!status_word(g.value(u.name, "status"))) {
                c.problem(u.name, "status",
                          "'" + g.value(u.name, "status") +
                              "' is no status: one word of letters, digits and '-', as ready or eliminated");
            }
        }
        return c.problems;
    };
    rules.sequence = {
        {"game-turn",
         "the game-turn",
         "your rules",
         "each game-turn",
         {"the game-turn counts on by one"},
         {"the turn's movement and combat, as your rules order them, each combat resolved from your table"}},
    };
    rules.step = [](const GameState&) { return std::string("game-turn"); };
    rules.next = [](const GameState& g, const TableOf&, Dice& dice, std::vector<Change>& changes, const StatusList&) {
        Resolution r;
        r.command = "game next";
        r.title = "Next game-turn";
        const int turn = g.number("", "turn") + 1;
        changes.push_back(change_to(g, "", "turn", std::to_string(turn), ""));
        r.steps.push_back("game-turn " + std::to_string(turn));
        r.result.code = std::to_string(turn);
        r.result.name = "Game-turn " + std::to_string(turn);
        r.rolls = dice.record();
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        r.result.code = g.value("", "turn");
        r.result.name = "Game-turn " + g.value("", "turn");
        for (const auto& u : g.units) {
            Outcome board;
            board.code = u.name;
            board.name = u.side;
            board.effects = {g.value(u.name, "status")};
            r.results.push_back(std::move(board));
        }
    };
    rules.clock_text = [](const GameState& g) { return "turn " + g.value("", "turn"); };
    rules.words = [](const Change& c) -> std::string {
        return c.key == "status" && !c.unit.empty() ? c.unit + " is " + c.to : "";
    };
    return rules;
}

}  // namespace umpire::core
