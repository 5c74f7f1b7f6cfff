// Constantinople's die checks: reefs (15.53), storms (14.29), portage (17.22),
// initiative (13.2) and breaking free of a ram (15.16).
#include "games/constantinople/constantinople.h"
#include "games/constantinople/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

namespace umpire::core {

using namespace constantinople_internal;

std::string reef_hex_problem(const Table& reefs, std::string_view hex)
{
    if (find_row(reefs, hex)) {
        return "";
    }
    if (!is_hex(hex)) {
        return "'" + std::string(hex) +
               "' is not a hex number: four digits, its column then its row, each 01 to 99 (2028)" +
               suggestion(hex, reefs.row_keys());
    }
    return "hex " + std::string(hex) + " is not a numbered reef hex (" + reefs.source +
           " list); no roll is needed there" + suggestion(hex, reefs.row_keys());
}

Resolution resolve_reef(const Table& reefs, std::string_view hex, std::string_view side, Dice& dice, bool in_harbor)
{
    Resolution r;
    r.command = "reef";
    r.title = "Reefs and shoals";
    r.source = reefs.source;
    note_table(r, reefs);
    r.inputs.push_back({"hex", std::string(hex)});
    r.inputs.push_back({"side", std::string(side)});
    if (const std::string problem = reef_hex_problem(reefs, hex); !problem.empty()) {
        throw usage_error(problem);
    }
    auto row = find_row(reefs, hex);
    const int number = reefs.rows.at(*row).numbers.at(0).value();
    r.result.fields.push_back({"number", static_cast<long long>(number)});
    const bool byzantine = iequals(side, "byzantine");
    if (in_harbor && !byzantine) {
        throw usage_error("{in_harbor}: only Byzantine ships enter the hexes of 14.29 without rolling (15.53 "
                          "exception); an Ottoman ship rolls");
    }
    if (byzantine && (cell(reefs, *row, 1) == "exempt" || in_harbor)) {
        r.result.code = "exempt";
        describe(r.result, reefs, "");
        r.steps.push_back("hex " + std::string(hex) +
                          (in_harbor ? " is in the Harbor of Eleutheris, as the referee reads the map (14.29: "
                                       "'hexes 1823, 1924, etc.')"
                                     : " is one of the hexes of 14.29") +
                          ": a Byzantine ship enters without rolling (15.53 exception)");
        if (in_harbor) {
            r.inputs.push_back({"in_harbor", true});
        }
    } else {
        if (byzantine) {
            // 14.29 names the harbour's hexes "1823, 1924, etc.": only the map says which
            // numbered hexes are in it.
            r.notes.push_back("14.29 lists the Harbor of Eleutheris as 'hexes 1823, 1924, etc.': if the map puts hex " +
                              std::string(hex) + " in it, a Byzantine ship does not roll ({in_harbor})");
        }
        int roll = dice.roll_d6("reef at hex " + std::string(hex) + ": roll higher than " + std::to_string(number));
        bool safe = roll > number;
        r.result.code = safe ? "safe" : "lost";
        r.result.name = safe ? "Safe" : "Lost";
        r.result.severity = safe ? "none" : "severe";  // a ship lost is severe wherever it is lost
        r.result.effects = {safe ? "the ship enters the hex safely (15.53)"
                                 : "the ship and any land unit aboard are eliminated (15.53)"};
        r.steps.push_back("hex " + std::string(hex) + " is numbered " + std::to_string(number) + ": " +
                          roll_text(dice.record().back()) + (safe ? " is higher" : " is not higher") + " (15.53)");
    }
    r.result.source = "Constantinople 15.53";
    r.rolls = dice.record();
    return r;
}

Expected<StormShip> parse_storm_ship(std::string_view spec, const std::function<const Scenario&()>& scenario)
{
    const std::string where = "'" + std::string(spec) + "': ";
    std::vector<std::string> parts = split(spec, ':');
    StormShip ship;
    const std::vector<std::string> flags{"pinned", "anchor", "horn"};
    for (size_t i = 1; i < parts.size(); ++i) {
        const std::string f = to_lower(parts[i]);
        if (const std::string twice = flag_given_twice(parts, i); !twice.empty()) {
            return fail<StormShip>(where + twice);
        }
        if (f == "pinned") {
            ship.pinned = true;
        } else if (f == "anchor" || f == "horn") {
            if (ship.sheltered) {
                return fail<StormShip>(where + "give :anchor or :horn, not both");
            }
            ship.sheltered = true;
            ship.shelter = f == "anchor" ? "at anchor" : "in the Golden Horn";
        } else {
            return fail<StormShip>(where + "unknown flag ':" + parts[i] + "'" + suggestion(parts[i], flags) +
                                   "; allowed :pinned, :anchor, :horn");
        }
    }
    const std::string token = to_lower(parts[0]);
    if (token == "byzantine" || token == "ottoman") {
        ship.side = token;
        return ship;
    }
    if (parts[0].empty()) {
        return fail<StormShip>(where + "give a ship's name or a side (byzantine, ottoman)");
    }
    const Scenario& s = scenario();
    const Unit* unit = s.find_unit(parts[0]);
    if (unit == nullptr || !unit->counter) {
        return fail<StormShip>(where + "no ship '" + parts[0] + "' in scenario " + s.id +
                               suggestion(parts[0], s.unit_names()) +
                               "; give a ship's name or a side (byzantine, "
                               "ottoman)");
    }
    ship.name = unit->name;
    ship.side = unit->side;
    return ship;
}

namespace {

// LOST ships of a Storm, as its headline says (14.29).
void storm_result(int lost, Resolution& r)
{
    r.result.code = std::to_string(lost);
    r.result.name = std::to_string(lost) + (lost == 1 ? " ship lost" : " ships lost");
    r.result.source = "Constantinople 14.29";
    r.result.effects.push_back("there is no other movement this Game-Turn (14.29)");
}

}  // namespace

Resolution resolve_storm(const Table& storm, const std::vector<StormShip>& ships, Dice& dice)
{
    if (ships.empty() || ships.size() > 100) {
        throw usage_error("{ship}: give 1 to 100 ships");
    }
    Resolution r;
    r.command = "storm";
    r.title = "Storm";
    r.source = storm.source;
    note_table(r, storm);
    std::vector<std::string> names;
    for (const auto& ship : ships) {
        names.push_back(ship.name);
    }
    refuse_named_twice(names, "{ship}", "");
    int lost = 0;
    for (size_t i = 0; i < ships.size(); ++i) {
        const StormShip& ship = ships[i];
        Outcome o;
        o.label = ship.name.empty() ? "ship " + std::to_string(i + 1) + " (" + ship.side + ")" : ship.name;
        o.source = "Constantinople 14.29";
        if (ship.pinned) {
            o.code = "sunk";
            o.name = "Sunk";
            o.severity = "severe";  // as the table's Eliminated at sea
            o.effects.push_back("ships pinned from Ramming are automatically sunk (14.29)");
            r.steps.push_back(o.label + ": pinned from Ramming, sunk without a roll (14.29)");
            ++lost;
        } else if (ship.sheltered) {
            o.code = "stays";
            o.name = "Stays";
            o.severity = "light";  // it keeps its place, but may not move (the table's port is heavy)
            o.effects.push_back("ships " + ship.shelter + " do not roll and may not move this Game-Turn (14.29)");
            r.steps.push_back(o.label + ": " + ship.shelter + ", no roll; it may not move this Game-Turn (14.29)");
        } else {
            int roll = dice.roll(*storm.dice, "storm: " + o.label + " at sea");
            auto row = find_row(storm, roll);
            o.code = cell(storm, value_or_usage(row, ""), 0);
            describe(o, storm, ship.side);
            r.steps.push_back(o.label + " at sea: " + roll_text(dice.record().back()) + " -> " + o.name + " (" +
                              storm.source + ")");
            lost += o.code == "eliminated" ? 1 : 0;
        }
        r.results.push_back(std::move(o));
    }
    storm_result(lost, r);
    r.rolls = dice.record();
    return r;
}

OddsReport storm_odds(const Table& storm, const std::vector<StormShip>& ships, const Adjudicator& whole)
{
    Resolution sample = first_branch(whole);  // refuses what resolve_storm refuses
    // Each ship alone, its outcome under its own label: ships alike (a side, not named,
    // rolling or not alike) walked once.
    OddsCache shared;
    std::vector<OddsReport> each;
    std::map<std::tuple<std::string, bool, bool, std::string>, size_t> alike;
    for (size_t i = 0; i < ships.size(); ++i) {
        const StormShip& ship = ships[i];
        const std::string label =
            ship.name.empty() ? "ship " + std::to_string(i + 1) + " (" + ship.side + ")" : ship.name;
        const auto key = std::make_tuple(ship.side, ship.pinned, ship.sheltered, ship.shelter);
        if (const auto it = alike.find(key); ship.name.empty() && it != alike.end()) {
            const OddsReport& first = each[it->second];
            const std::string walked_as = first.dimensions.at(1).name;
            each.push_back(relabelled(first, walked_as, label));
            continue;
        }
        if (ship.name.empty()) {
            alike[key] = each.size();
        }
        OddsReport one = compute_odds([&](Dice& dice) { return resolve_storm(storm, {ship}, dice); }, {},
                                      OddsWalk::merged, {}, &shared);
        if (one.dimensions.size() != 2) {
            throw Error(ExitCode::internal, "odds: a ship of a storm reports other than its loss and its outcome");
        }
        const std::string walked_as = one.dimensions.at(1).name;  // "ship 1 (ottoman)" alone
        each.push_back(relabelled(std::move(one), walked_as, label));
    }
    // The ships lost: each ship's loss (0 or 1) added, a polynomial product.
    std::vector<Rational> lost{1};
    std::uint64_t branches = 1;
    for (const auto& one : each) {
        std::vector<Rational> next(lost.size() + 1);
        for (const auto& line : one.dimensions.at(0).lines) {
            const size_t up = line.value == "1" ? 1 : 0;
            for (size_t k = 0; k < lost.size(); ++k) {
                next[k + up] += lost[k] * line.probability.q();
            }
        }
        lost = std::move(next);
        if (__builtin_mul_overflow(branches, one.branches, &branches)) {
            branches = std::numeric_limits<std::uint64_t>::max();
        }
    }
    OddsReport report = weighted_odds(
        [&](const auto& add) {
            for (size_t k = 0; k < lost.size(); ++k) {
                if (lost[k] != 0) {
                    Resolution r;
                    r.command = "storm";
                    storm_result(static_cast<int>(k), r);
                    add(r, lost[k]);
                }
            }
        },
        std::move(sample), branches);
    for (auto& one : each) {
        report.dimensions.push_back(std::move(one.dimensions.at(1)));
    }
    return report;
}

Expected<PortageShip> parse_portage_ship(std::string_view spec, const std::function<const Scenario&()>& scenario)
{
    // 17.21 asks only the ship's type: a reduced trireme is a trireme, so a ":flag" (":back")
    // says nothing the Portage reads. Refused, once the name before it is known good.
    if (const std::vector<std::string> parts = split(spec, ':'); parts.size() > 1) {
        auto ship = parse_portage_ship(parts[0], scenario);
        if (!ship) {
            return ship;
        }
        return fail<PortageShip>("'" + std::string(spec) + "': portage takes no ship flags (':" +
                                 join(std::vector<std::string>(parts.begin() + 1, parts.end()), "', ':") +
                                 "'): 17.21 allows any trireme, bireme or fustae whichever side of its counter shows; "
                                 "give " +
                                 parts[0]);
    }
    const std::string token = to_lower(spec);
    const std::vector<std::string> types{"trireme", "bireme", "fustae", "galley"};
    for (const auto& t : types) {
        if (token == t || (t == "fustae" && token == "fusta")) {
            return PortageShip{t, t, ""};
        }
    }
    if (spec.empty()) {
        return fail<PortageShip>("give a ship's name or a type: " + join(types, ", "));
    }
    const Scenario& s = scenario();
    const Unit* unit = s.find_unit(spec);
    if (unit == nullptr || !unit->counter) {
        std::vector<std::string> names = s.unit_names();
        names.insert(names.end(), types.begin(), types.end());
        return fail<PortageShip>("'" + std::string(spec) + "': no ship of that name in scenario " + s.id +
                                 suggestion(spec, names) + ", nor a type (" + join(types, ", ") + ")");
    }
    return PortageShip{unit->name, unit->type, unit->side};
}

Resolution resolve_portage(const Table& table, const PortageRequest& q, Dice& dice)
{
    check_count(q.turn, 1, 99, "{turn}");
    check_count(q.capability, -10, 10, "{capability}");
    for (int a : q.assaults) {
        check_count(a, 0, 100, "{assaults}");
    }
    if (q.ships.empty() || q.ships.size() > 100) {
        throw usage_error("{ship}: name 1 to 100 ships to portage");
    }
    Resolution r;
    r.command = "portage";
    r.title = "The Great Portage";
    r.source = "Constantinople 17.1-17.22";
    // 17.1: when the Ottomans may portage.
    // "Has spent at least two successive Naval Combat Segments" assaulting the Boom with three
    // or more ship units: any two in a row, once met met for good, not only the latest two.
    const size_t n = q.assaults.size();
    size_t met = n;  // the first segment of the first such pair
    for (size_t i = 0; i + 1 < n && met == n; ++i) {
        if (q.assaults[i] >= 3 && q.assaults[i + 1] >= 3) {
            met = i;
        }
    }
    const bool two_assaults = met < n;
    if (q.turn >= 20) {
        r.steps.push_back("Game-Turn " + std::to_string(q.turn) +
                          ": from Game-Turn Twenty the Ottomans may portage regardless (17.1.2)");
    } else if (!two_assaults) {
        throw usage_error("no Portage yet (17.1): the Ottomans need two successive Naval Combat Segments assaulting "
                          "the Boom with at least three ship units each (" +
                          (n == 0 ? std::string("{assaults} not given")
                                  : "{assaults} " +
                                        [&] {
                                            std::vector<std::string> t;
                                            for (int a : q.assaults) {
                                                t.push_back(std::to_string(a));
                                            }
                                            return join(t, ",");
                                        }()) +
                          "), or Game-Turn Twenty ({turn} " + std::to_string(q.turn) + ")");
    } else if (q.turn < 6) {
        throw usage_error("{turn} " + std::to_string(q.turn) +
                          ": the Ottoman Player may never attempt Portage before Game-Turn Six (17.1.1)");
    } else {
        r.steps.push_back("two successive Naval Combat Segments at the Boom with " + std::to_string(q.assaults[met]) +
                          " and " + std::to_string(q.assaults[met + 1]) + " ship units (segments " +
                          std::to_string(met + 1) + " and " + std::to_string(met + 2) + " of {assaults}), Game-Turn " +
                          std::to_string(q.turn) + " (17.1.1; once met, met for good)");
    }
    // 17.21: triremes, biremes and fustae, never galleys; only Ottoman ships.
    std::vector<std::string> names;
    for (const auto& ship : q.ships) {
        names.push_back(ship.side.empty() ? "" : ship.label);  // a type ("fustae") names no one ship
    }
    refuse_named_twice(names, "{ship}", "; each ship portages once (17.21)");
    std::vector<std::string> labels;
    for (const auto& ship : q.ships) {
        if (!ship.side.empty() && ship.side != "ottoman") {
            throw usage_error("{ship} " + ship.label + " is a " + ship.side +
                              " ship: only the Ottoman Player portages (17.1)");
        }
        if (ship.type == "galley") {
            throw usage_error("{ship} " + ship.label +
                              ": the Ottoman Player may not Portage any of his galleys (17.21)");
        }
        if (ship.type != "trireme" && ship.type != "bireme" && ship.type != "fustae") {
            throw usage_error("{ship} " + ship.label + " is a " + ship.type +
                              ": only triremes, biremes or fustae may be portaged (17.21)");
        }
        labels.push_back(ship.label);
    }
    r.steps.push_back("ships to portage: " + join(labels, ", ") + " (17.21)");
    LookupRequest lookup;
    lookup.modifier = q.capability;
    Resolution roll = resolve_lookup(table, lookup, dice);
    r.steps.insert(r.steps.end(), roll.steps.begin(), roll.steps.end());
    r.result = roll.result;
    r.result.fields.push_back({"ships", labels});
    r.tables = roll.tables;
    r.provisional = roll.provisional;
    r.provisional_notes = roll.provisional_notes;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_initiative(Dice& dice)
{
    Resolution r;
    r.command = "initiative";
    r.title = "Initiative";
    r.source = "Constantinople 13.1";
    int byzantine = dice.roll_d6("initiative: Byzantine player");
    int ottoman = dice.roll_d6("initiative: Ottoman player");
    r.steps.push_back("Byzantine " + std::to_string(byzantine) + ", Ottoman " + std::to_string(ottoman) +
                      " (13.1: the high die moves first)");
    if (byzantine == ottoman) {
        r.result.code = "tie";
        r.result.name = "Tie";
        r.result.effects = {"13.1 names no tie-break: both players roll again"};
    } else {
        bool b = byzantine > ottoman;
        r.result.code = b ? "byzantine" : "ottoman";
        r.result.name = b ? "Byzantine player moves first" : "Ottoman player moves first";
        r.result.effects = {"the high roller moves first this Impulse; a player may move twice "
                            "in a row (13.1)"};
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_free(const Table& rammed, const Table& rammer, std::string_view role, std::string_view ship,
                        Dice& dice)
{
    if (role != "rammed" && role != "rammer") {
        throw usage_error("{as} " + std::string(role) + ": allowed rammed, rammer (15.16)");
    }
    Resolution r = resolve_lookup(role == "rammed" ? rammed : rammer, LookupRequest{}, dice);
    r.command = "free";
    r.title = "Breaking free";
    r.inputs.clear();
    r.result.fields.push_back({"role", std::string(role)});
    if (!ship.empty()) {
        r.result.fields.push_back({"ship", std::string(ship)});
    }
    return r;
}

}  // namespace umpire::core
