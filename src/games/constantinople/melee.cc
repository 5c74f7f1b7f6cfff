// Constantinople's melee (15.2-15.4): strengths, splits, the exchange, the CRT read
// through resolve's column code (15.41).
#include "games/constantinople/constantinople.h"
#include "games/constantinople/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <numeric>

namespace umpire::core {

using namespace constantinople_internal;

namespace {

int attack_strength(const Ship& ship, DamagedReading reading)
{
    return ship.damaged && reading == DamagedReading::chart ? halved(ship.melee) : ship.melee;
}

int defense_strength(const Ship& ship, bool boom, DamagedReading reading)
{
    return attack_strength(ship, reading) + (ship.leader ? 1 : 0) + (boom ? 1 : 0);
}

std::string defense_text(const Ship& ship, bool boom, DamagedReading reading)
{
    std::string text = std::to_string(attack_strength(ship, reading));
    if (ship.leader) {
        text += " +1 leader (15.26)";
    }
    if (boom) {
        text += " +1 Boom (15.63)";
    }
    return text;
}

// One attack: differential, column, die, result. Appends its working to R.
Outcome melee_attack(const Table& crt, Resolution& r, Dice& dice, const std::string& label, int attack,
                     const std::string& attack_text, const Ship& defender, const std::string& defender_name, bool boom,
                     DamagedReading reading)
{
    int defense = defense_strength(defender, boom, reading);
    int differential = attack - defense;
    // The column resolve reads too: the differential, clamped to the table's edges (15.41).
    const CombatColumn pick = combat_column(crt, attack, defense, 0);
    if (!pick.column) {
        throw usage_error("melee: differential " + signed_number(differential) + " is past the edge of table " +
                          crt.id + ", which does not clamp there");
    }
    const size_t column = *pick.column;
    std::string read_as = signed_number(crt.column_values[column]);
    const bool clamped = pick.reduced || pick.at_edge || crt.column_values[column] != differential;
    if (dice.explains()) {
        r.steps.push_back(label + ": " + attack_text + " against " + defender_name + " " +
                          defense_text(defender, boom, reading) + " = differential " + signed_number(differential) +
                          (clamped ? ", read as " + read_as + " (" + crt.source + ")" : "") + " (15.23)");
    }
    int roll = dice.roll(*crt.dice, label);
    size_t row = value_or_usage(find_row(crt, roll), "melee: ");
    Outcome out;
    out.label = label;
    out.code = cell(crt, row, column);
    describe(out, crt, defender.side);
    // The ship's own name, which the game file knows it by (not its label, "Galley-1 (back)").
    out.fields.push_back({"target", defender.name.empty() ? defender_name : defender.name});
    out.fields.push_back({"differential", static_cast<long long>(differential)});
    out.fields.push_back({"column", static_cast<long long>(crt.column_values[column])});
    if (dice.explains()) {
        r.steps.push_back(label + ": " + roll_text(dice.record().back()) + " under " + read_as + " -> " + out.code +
                          (out.name.empty() ? "" : " (" + out.name + ")"));
    }
    return out;
}

void refuse_attackers_twice(const MeleeRequest& q)
{
    std::vector<std::string> names;
    for (const auto& ship : q.attackers) {
        names.push_back(ship.name);
    }
    refuse_named_twice(names, "{attacker}", "; each ship melees once, up to four against one (15.24)");
}

// Refuses attackers of two sides: "four Friendly ships may attack an Enemy vessel" (15.24),
// the strengths of "all his attacking units" added (15.23). Ships typed as numbers have no side.
void refuse_attackers_of_two_sides(const MeleeRequest& q)
{
    for (size_t i = 0; i < q.attackers.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            const Ship& a = q.attackers[j];
            const Ship& b = q.attackers[i];
            if (!a.side.empty() && !b.side.empty() && a.side != b.side) {
                throw usage_error("{attacker} " + a.name + " is " + a.side + " and {attacker} " + b.name + " is " +
                                  b.side +
                                  ": the ships of one side of a melee are Friendly to each other, as many as four "
                                  "attacking one Enemy vessel (15.24), their strengths added (15.23)");
            }
        }
    }
}

// Refuses leaders the rules do not have: they name two naval leaders, Diedo and Trevisano
// (15.26, 16.0), each aboard one Byzantine ship, so never more than two ships with :leader
// in one melee, nor leaders on both sides of it (the attackers and the defender are enemies).
void refuse_leaders(const MeleeRequest& q)
{
    std::vector<std::string> aboard;
    for (const auto& ship : q.attackers) {
        if (ship.leader) {
            aboard.push_back(ship_label(ship, std::to_string(ship.melee)));
        }
    }
    const bool attackers = !aboard.empty();
    if (q.defender.leader) {
        aboard.push_back(ship_label(q.defender, std::to_string(q.defender.melee)));
    }
    if (aboard.size() > 2) {
        // the options that carry them: three attackers' leaders are {attacker}'s alone (hunt52)
        throw usage_error(std::string(q.defender.leader ? "{attacker} and {defender}" : "{attacker}") +
                          ": :leader on " + std::to_string(aboard.size()) + " ships (" + join(aboard, ", ") +
                          "): the rules name two naval leaders, Diedo and Trevisano (15.26, 16.0), each aboard one "
                          "ship; mark at most two");
    }
    if (attackers && q.defender.leader) {
        throw usage_error(":leader on {attacker} and {defender} both (" + join(aboard, ", ") +
                          "): Diedo and Trevisano command Byzantine ships only (15.26), and the two are enemies");
    }
}

// Why the defender's split Q.split of its STRENGTH breaks 15.24, or "".
std::string split_refusal(const MeleeRequest& q, int strength)
{
    size_t n = q.attackers.size();
    const std::string who = ship_label(q.defender, "the defender");
    if (q.split.size() != n) {
        return "{split}: " + who + " is adjacent to " + std::to_string(n) +
               " attackers and must attack all or none of them (15.24); give " + std::to_string(n) +
               " comma-separated points, one per {attacker}, adding up to " + std::to_string(strength);
    }
    for (int points : q.split) {
        if (points < 0 || points > strength) {
            return "{split}: " + std::to_string(points) + " point(s) given; each is 0 to " + who +
                   "'s melee strength " + std::to_string(strength) + " (15.24)";
        }
    }
    const long long sum = std::accumulate(q.split.begin(), q.split.end(), 0LL);
    if (sum != strength) {
        return "{split}: the points add up to " + std::to_string(sum) + " but " + who + " has melee strength " +
               std::to_string(strength) + "; a split uses all of it (15.24)";
    }
    bool forced = static_cast<int>(n) > strength;
    if (forced) {
        // More enemies than points: the strongest at 0, the rest at 1 (15.24).
        std::vector<int> strengths;
        for (const auto& ship : q.attackers) {
            strengths.push_back(defense_strength(ship, q.boom, q.reading));
        }
        for (size_t i = 0; i < n; ++i) {
            if (q.split[i] != 0 && q.split[i] != 1) {
                return "{split}: " + who +
                       " has fewer melee points than adjacent enemies, so it attacks the strongest at 0 and the rest "
                       "at 1 (15.24); " +
                       std::to_string(q.split[i]) + " is not allowed";
            }
            for (size_t j = 0; j < n; ++j) {
                if (q.split[i] == 0 && q.split[j] == 1 && strengths[j] > strengths[i]) {
                    return "{split}: the 0 must go to the strongest ship(s) (15.24); attacker " +
                           std::to_string(j + 1) + " is stronger than attacker " + std::to_string(i + 1);
                }
            }
        }
        return "";
    }
    for (size_t i = 0; i < n; ++i) {
        const std::string attacker = ship_label(q.attackers[i], "attacker " + std::to_string(i + 1));
        // "Attack all of them or none" (15.24): only a ship with fewer points than enemies
        // attacks one at 0 (umpire's reading of the case's "however").
        if (q.split[i] < 1) {
            return "{split}: 0 points against " + attacker + " leaves it unattacked; " + who +
                   " must attack all of its adjacent enemies or none (15.24), so with as many melee points as "
                   "enemies (" +
                   std::to_string(strength) + " for " + std::to_string(n) +
                   ") it gives each at least 1; only a ship with fewer points than enemies attacks the strongest "
                   "at 0";
        }
        int differential = q.split[i] - defense_strength(q.attackers[i], q.boom, q.reading);
        if (differential < -3) {
            return "{split}: " + std::to_string(q.split[i]) + " point(s) against " + attacker + " gives differential " +
                   signed_number(differential) + "; when splitting, the lowest voluntary differential is -3 (15.24)";
        }
    }
    return "";
}

}  // namespace

Resolution resolve_melee(const Table& crt, const MeleeRequest& q, Dice& dice, std::optional<size_t> attack)
{
    if (q.attackers.empty() || q.attackers.size() > 4) {
        throw usage_error("{attacker}: " + std::to_string(q.attackers.size()) +
                          " given; one to four ships may attack one ship (15.24)");
    }
    refuse_attackers_twice(q);
    refuse_attackers_of_two_sides(q);
    // Ships of one side first: a game's leaders aboard two Byzantine ships are no :leader typed
    // on both sides (hunt57), and the ships are not enemies whatever their leaders.
    for (const auto& ship : q.attackers) {
        if (!ship.side.empty() && !q.defender.side.empty() && ship.side == q.defender.side) {
            throw usage_error("{attacker} " + ship.name + " and {defender} " + q.defender.name + " are both " +
                              ship.side + " ships");
        }
    }
    refuse_leaders(q);
    if (!q.exchange && !q.split.empty()) {
        throw usage_error("{split} applies only with {exchange}, when the defender attacks back");
    }
    const int counter_strength = attack_strength(q.defender, q.reading);
    if (q.exchange && q.attackers.size() > 1) {
        if (std::string refusal = no_legal_split(q); !refusal.empty()) {
            throw usage_error(refusal);
        }
        if (std::string refusal = split_refusal(q, counter_strength); !refusal.empty()) {
            throw usage_error(refusal);
        }
    }
    if (q.exchange && q.attackers.size() == 1 && !q.split.empty() &&
        (q.split.size() != 1 || q.split[0] != counter_strength)) {
        throw usage_error("{split}: a ship adjacent to a sole enemy always uses its maximum "
                          "strength (15.24), here " +
                          std::to_string(counter_strength));
    }

    Resolution r;
    r.command = "melee";
    r.title = "Naval melee";
    r.source = crt.source;
    note_table(r, crt);
    if (q.reading == DamagedReading::chart) {
        r.notes.push_back("Damaged read as the 15.41 legend has it: melee strength halved, "
                          "rounding down ({damaged_reading} chart)");
    } else {
        r.notes.push_back("Damaged read as 15.34 has it: melee strength unaffected "
                          "({damaged_reading} case)");
    }

    int total = 0;
    std::vector<std::string> parts;
    for (size_t i = 0; i < q.attackers.size(); ++i) {
        const Ship& ship = q.attackers[i];
        int s = attack_strength(ship, q.reading);
        total += s;
        std::string part = ship.name.empty() ? std::to_string(s) : ship_label(ship, "") + " " + std::to_string(s);
        if (ship.damaged && q.reading == DamagedReading::chart) {
            part += " (Damaged, halved)";
        }
        parts.push_back(part);
    }
    std::string attack_text = join(parts, " + ");
    if (q.attackers.size() > 1) {
        attack_text += " = " + std::to_string(total);
    }
    if (attack && (*attack > (q.exchange ? q.attackers.size() : 0))) {
        throw Error(ExitCode::internal, "melee: attack " + std::to_string(*attack) + " of a melee with " +
                                            std::to_string(q.exchange ? q.attackers.size() + 1 : 1) + " attack(s)");
    }
    const auto rolled = [&](size_t i) { return !attack || *attack == i; };
    const std::string defender_name = ship_label(q.defender, "defender");
    if (rolled(0)) {
        r.result = melee_attack(crt, r, dice, "attack on " + defender_name, total, attack_text, q.defender,
                                defender_name, q.boom, q.reading);
    }

    if (q.exchange) {
        if (rolled(0)) {
            r.results.push_back(r.result);
        }
        for (size_t i = 0; i < q.attackers.size(); ++i) {
            if (!rolled(i + 1)) {
                continue;
            }
            int points = q.attackers.size() == 1 ? counter_strength : q.split[i];
            std::string target = ship_label(q.attackers[i], "attacker " + std::to_string(i + 1));
            std::string text = defender_name + " " + std::to_string(points);
            r.results.push_back(melee_attack(crt, r, dice, "attack on " + target, points, text, q.attackers[i], target,
                                             q.boom, q.reading));
        }
        if (attack && *attack > 0) {
            r.result = r.results.back();  // the one attack rolled
        }
        r.notes.push_back("melee is simultaneous: every result applies after both sides have "
                          "attacked, so a ship Damaged here fought at full strength (15.25)");
    }
    r.rolls = dice.record();
    return r;
}

MeleeSplits legal_splits(const MeleeRequest& q)
{
    if (q.attackers.empty() || q.attackers.size() > 4) {
        throw usage_error("{attacker}: " + std::to_string(q.attackers.size()) +
                          " given; a ship melees one to four adjacent enemies (15.24)");
    }
    refuse_attackers_twice(q);
    refuse_attackers_of_two_sides(q);
    refuse_leaders(q);
    MeleeSplits out;
    out.strength = attack_strength(q.defender, q.reading);
    for (const auto& ship : q.attackers) {
        out.defenses.push_back(defense_strength(ship, q.boom, q.reading));
    }
    if (q.attackers.size() == 1) {
        out.splits.push_back({out.strength});  // a sole enemy: always the maximum (15.24)
        return out;
    }
    // Every way of putting all the points on the enemies, each kept when 15.24 allows it.
    MeleeRequest trial = q;
    trial.split.assign(q.attackers.size(), 0);
    const std::function<void(size_t, int)> place = [&](size_t i, int left) {
        if (i + 1 == trial.split.size()) {
            trial.split[i] = left;
            if (split_refusal(trial, out.strength).empty()) {
                out.splits.push_back(trial.split);
            }
            return;
        }
        for (int points = 0; points <= left; ++points) {
            trial.split[i] = points;
            place(i + 1, left - points);
        }
    };
    place(0, out.strength);
    return out;
}

std::vector<int> least_split(const MeleeRequest& q)
{
    std::vector<int> least;
    if (q.attackers.size() > static_cast<size_t>(attack_strength(q.defender, q.reading))) {
        return least;
    }
    for (const auto& ship : q.attackers) {
        least.push_back(std::max(1, defense_strength(ship, q.boom, q.reading) - 3));
    }
    return least;
}

std::string no_legal_split(const MeleeRequest& q)
{
    const std::vector<int> least = least_split(q);
    const int strength = attack_strength(q.defender, q.reading);
    const int needed = std::accumulate(least.begin(), least.end(), 0);
    if (q.attackers.size() < 2 || needed <= strength) {
        return "";
    }
    std::vector<std::string> each;
    for (size_t i = 0; i < least.size(); ++i) {
        each.push_back(std::to_string(least[i]) + " on " +
                       ship_label(q.attackers[i], "attacker " + std::to_string(i + 1)));
    }
    const std::string who = ship_label(q.defender, "the defender");
    return "{exchange}: " + who + " has no legal attack back on its " + std::to_string(q.attackers.size()) +
           " attackers (15.24): attacking all of them, at least 1 point each and no differential below -3, takes " +
           std::to_string(needed) + " points (" + join(each, ", ") + "), more than its melee strength " +
           std::to_string(strength) + ", so it attacks none of them; resolve the melee without {exchange}";
}

}  // namespace umpire::core
