// The Russian Portfolio's combat: counters and their factors (III, X.B), the CRT (XIII.B-C)
// read through resolve's column code, retreat limits (XIII.D.6) and Armor Overrun.
#include "games/russian-portfolio/russian_portfolio.h"

#include "core/lookup.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <numeric>
#include <optional>
#include <utility>

namespace umpire::core {

namespace {

std::string odds_text(Ratio r) { return std::to_string(r.attack) + " to " + std::to_string(r.defense); }

// What the rules text attests of the lost CRT's columns: the minimum 1:4 and the maximum
// 10:1 (XIII.B.4), and the columns of its worked examples, 5:1, 3:2 and 1:3 (XIII.B.3) and
// 2:1 (VII.B). The shipped table's other columns (1:2, 1:1, 3:1, 4:1, 7:1) are umpire's, and
// whether the printed chart had more (6:1, 8:1, 9:1) is not known: odds that rest on them
// are provisional.
constexpr std::array<std::string_view, 6> k_attested_columns{"1:4", "1:3", "3:2", "2:1", "5:1", "10:1"};

// Odds the text rounds down to a column, so that no column lies between: from COLUMN up to
// UPTO (itself included or not). VII.B reads "a die roll of '3' at 3:2 odds ... under the
// 2:1 column" as "1 odds column higher": 2:1 is the column after 3:2, so every odds from
// 3:2 up to 2:1 reads 3:2 (XIII.B.3's "5 to 3 would most match 3:2" among them); XIII.B.3's
// "2 attacking 5 would most match 1:3": none between 1:3 and 2:5.
struct AttestedSpan {
    std::string_view column;
    Ratio upto;
    bool upto_included;
};
constexpr std::array<AttestedSpan, 2> k_attested_spans{{{"3:2", {2, 1}, false}, {"1:3", {2, 5}, true}}};

// The cells of the lost CRT the text prints: VII.B's "a die roll of '3' at 3:2 odds would
// instead be read under the 2:1 column -- as a D1 result, instead of an S".
struct PublishedCell {
    std::string_view column;
    int die;
    std::string_view code;
};
constexpr std::array<PublishedCell, 2> k_published_cells{{{"3:2", 3, "S"}, {"2:1", 3, "D1"}}};

bool attested_column(std::string_view column)
{
    return std::find(k_attested_columns.begin(), k_attested_columns.end(), column) != k_attested_columns.end();
}

// Whether FACTORS round down to COLUMN as the text says: exactly its ratio, or odds within
// one of k_attested_spans.
bool attested_rounding(Ratio factors, std::string_view column)
{
    const auto ratio = parse_ratio(column);
    if (!ratio) {
        return false;
    }
    // a:b against c:d as a*d against c*b; factors are at most 1000000, so no product overflows
    const auto compare = [](Ratio x, Ratio y) { return x.attack * y.defense - y.attack * x.defense; };
    if (compare(factors, *ratio) == 0) {
        return true;
    }
    return std::any_of(k_attested_spans.begin(), k_attested_spans.end(), [&](const AttestedSpan& s) {
        const long long past = compare(factors, s.upto);
        return s.column == column && compare(factors, *ratio) > 0 && (past < 0 || (past == 0 && s.upto_included));
    });
}

// Whether the cell at COLUMN and DIE holding CODE is one the text prints (a referee's chart
// that holds another code there is not the text's).
bool published_cell(std::string_view column, int die, std::string_view code)
{
    return std::any_of(k_published_cells.begin(), k_published_cells.end(),
                       [&](const PublishedCell& c) { return c.column == column && c.die == die && c.code == code; });
}

constexpr long long k_max_factors = 1000000;

std::string factors_text(long long n) { return std::to_string(n) + (n == 1 ? " factor" : " factors"); }

// The case of X.B each terrain bonus comes from.
std::string terrain_case(std::string_view key)
{
    static const std::array<std::pair<std::string_view, std::string_view>, 9> cases{{
        {"stalin-line", "X.B.3"},
        {"major-city", "X.B.5"},
        {"victory-city", "X.B.6, X.B.5"},
        {"leningrad-moscow", "X.B.6, X.B.5"},
        {"city", "X.B.7"},
        {"fortress", "X.B.8"},
        {"swamp", "X.B.9"},
        {"hills", "X.B.10"},
        {"mountains", "X.B.11"},
    }};
    for (const auto& [k, c] : cases) {
        if (k == key) {
            return std::string(c);
        }
    }
    return "X.B";
}

// The terrain-defense column a defender reads, "" for none (armor, mechanized, cavalry).
std::string terrain_column(const LandUnit& u)
{
    if (u.kind == "army" || u.kind == "front" || u.kind == "corps") {
        return u.kind;
    }
    return u.kind == "infantry" ? "other" : "";
}

}  // namespace

const std::vector<std::string>& land_unit_kinds()
{
    static const std::vector<std::string> kinds{"army", "front", "corps", "infantry", "armor", "mechanized", "cavalry"};
    return kinds;
}

bool infantry_type(const LandUnit& unit)
{
    return unit.kind == "army" || unit.kind == "front" || unit.kind == "corps" || unit.kind == "infantry";
}

Expected<LandUnit> parse_land_unit(std::string_view spec)
{
    const std::string where = "'" + std::string(spec) + "': ";
    std::vector<std::string> parts = split(spec, ':');
    LandUnit u;
    auto n = parse_int(parts[0], 0, k_max_factors);
    if (!n) {
        return fail<LandUnit>(where + "factors: " + n.error() + "; write FACTORS:KIND[:FLAG], e.g. 4:army");
    }
    u.factors = *n;
    if (parts.size() < 2) {
        return fail<LandUnit>(where + "name the unit's kind: " + join(land_unit_kinds(), ", "));
    }
    u.kind = to_lower(parts[1]);
    const auto& kinds = land_unit_kinds();
    if (std::find(kinds.begin(), kinds.end(), u.kind) == kinds.end()) {
        return fail<LandUnit>(where + "unknown kind '" + parts[1] + "'" + suggestion(parts[1], kinds) +
                              "; allowed: " + join(kinds, ", "));
    }
    const std::vector<std::string> flags{"dispersed", "lake", "strait"};
    for (size_t i = 2; i < parts.size(); ++i) {
        const std::string f = to_lower(parts[i]);
        if (f == "dispersed") {
            u.dispersed = true;
        } else if (f == "lake" || f == "strait") {
            if (u.across_water) {
                return fail<LandUnit>(where + "give one of :lake and :strait (X.B.4)");
            }
            u.across_water = true;
            u.strait = f == "strait";
        } else {
            return fail<LandUnit>(where + "unknown flag ':" + parts[i] + "'" + suggestion(parts[i], flags) +
                                  "; allowed :dispersed (a defender), :lake (an attacker across an unfrozen lake "
                                  "hexside), :strait (across the Kerch Straits or Leningrad-Kronshtadt; X.B.4)");
        }
    }
    return u;
}

FactorTotal attack_factors(const std::vector<LandUnit>& attackers, bool frozen)
{
    FactorTotal out;
    long long full = 0;
    long long across = 0;
    long long on_ice = 0;
    for (const auto& u : attackers) {
        if (u.dispersed) {
            throw usage_error("{attacker} " + std::to_string(u.factors) + ":" + u.kind +
                              ":dispersed: a unit must be UnDispersed to attack (XIII.A.2)");
        }
        // VI.B.1: in Snow north(east) of the Arctic Weather Line lake hexsides "freeze over and
        // are treated as clear ... for all purposes"; X.B.4 is for "Unfrozen Lake Hex-sides".
        // The Kerch Straits and Leningrad-Kronshtadt are no lake: VI.B.1 leaves them.
        if (u.across_water && !u.strait && frozen) {
            on_ice += u.factors;
            full += u.factors;
            continue;
        }
        if (u.across_water && !infantry_type(u)) {
            throw usage_error("{attacker} " + std::to_string(u.factors) + ":" + u.kind +
                              (u.strait ? ":strait: " : ":lake: ") + u.kind +
                              " units may not attack across unfrozen lake hexsides, the Kerch Straits or "
                              "Leningrad-Kronshtadt (X.B.4)");
        }
        (u.across_water ? across : full) += u.factors;
    }
    out.factors = full + across / 2;
    if (on_ice > 0) {
        out.steps.push_back("attack: " + factors_text(on_ice) +
                            " across a lake hexside, frozen in Snow north(east) of the Arctic Weather Line: clear, "
                            "not halved (VI.B.1, X.B.4 halves only across unfrozen lakes)");
    }
    if (across > 0) {
        out.steps.push_back("attack: " + factors_text(across) + " across water halved to " + factors_text(across / 2) +
                            ", the fraction of the total rounded down (X.B.4)" +
                            (full > 0 ? ", plus " + factors_text(full) : ""));
    }
    out.steps.push_back("attack: " + factors_text(out.factors));
    return out;
}

FactorTotal defense_factors(const Table& terrain, const std::vector<LandUnit>& defenders,
                            const std::vector<std::string>& keys, std::optional<bool> soviet, bool frozen)
{
    FactorTotal out;
    for (const auto& u : defenders) {
        out.factors += u.factors;
    }
    // The units' total, then each bonus, then the sum: with no bonus the one line says it.
    const long long units = out.factors;
    out.steps.push_back("defense: units " + factors_text(out.factors));
    const size_t units_step = out.steps.size() - 1;
    for (size_t k = 0; k < keys.size(); ++k) {
        for (size_t j = 0; j < k; ++j) {
            if (keys[j] == keys[k]) {
                throw usage_error("{terrain} " + keys[k] + " is given twice");
            }
        }
    }
    auto has = [&](std::string_view key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); };
    // XII: "There may not be more than 2 units in a hex. Not more than 1 may be larger than
    // corps level. There may be only 1 unit in a hex if it is a Russian front. Not more than 1
    // armor-type unit ... on a frozen or unfrozen swamp or mountain hex". With terrain the
    // defenders are its one hex; without, they may stand in several (XIII.A.5). The kind
    // tells the level only of armies and fronts; each bonus was added for an illegal stack.
    if (!keys.empty()) {
        const auto count = [&](auto pred) { return std::count_if(defenders.begin(), defenders.end(), pred); };
        const auto above_corps = count([](const LandUnit& u) { return u.kind == "army" || u.kind == "front"; });
        const auto fronts = count([](const LandUnit& u) { return u.kind == "front"; });
        const auto armor = count([](const LandUnit& u) { return u.kind == "armor" || u.kind == "mechanized"; });
        std::string why;
        if (defenders.size() > 2) {
            why = std::to_string(defenders.size()) + " units, and not more than 2 may be in a hex";
        } else if (above_corps > 1) {
            why = "2 armies or fronts, and not more than 1 unit larger than corps level may be in a hex";
        } else if (fronts > 0 && defenders.size() > 1) {
            why = "a front with another unit, and a Russian front must be alone in its hex";
        } else if (armor > 1 && (has("swamp") || has("mountains"))) {
            why = "2 armor-type units in swamp or mountains, where not more than 1 may be";
        }
        if (!why.empty()) {
            throw usage_error("{defender}: the units in the {terrain} hex are " + why +
                              " (XII; a unit over the limit is eliminated): attack the units that stand there, or "
                              "leave {terrain} off for defenders in more than one hex (XIII.A.5)");
        }
    }
    if ((has("victory-city") || has("leningrad-moscow")) && has("major-city")) {
        throw usage_error("{terrain}: a victory city has its major city bonuses already (X.B.6); give "
                          "victory-city (or leningrad-moscow) without major-city");
    }
    if (has("victory-city") && has("leningrad-moscow")) {
        throw usage_error("{terrain}: leningrad-moscow is the victory city of Leningrad or Moscow (X.B.6); give one");
    }
    for (const auto& key : keys) {
        auto row = find_row(terrain, key);
        if (!row) {
            throw usage_error("{terrain}: " + row.error());
        }
        // VI.B.1: in Snow north(east) of the Arctic Weather Line swamp hexes "freeze over and
        // are treated as clear terrain hexes ... for all purposes".
        if (key == "swamp" && frozen) {
            out.steps.push_back("swamp: frozen in Snow north(east) of the Arctic Weather Line, clear terrain: no "
                                "bonus (VI.B.1)");
            continue;
        }
        const TableRow& cells = terrain.rows[*row];
        auto column_value = [&](const std::string& column) {
            auto c = find_column(terrain, column);
            return c ? static_cast<long long>(cells.numbers.at(*c).value_or(0)) : 0LL;
        };
        const bool soviet_only = key == "swamp" || key == "stalin-line";  // X.B.9, X.B.3
        const bool one_unit = key == "city" || key == "fortress";         // X.B.7, X.B.8
        if (soviet_only && !soviet) {
            bool matters = false;
            for (const auto& u : defenders) {
                matters = matters || (!u.dispersed && column_value(terrain_column(u)) > 0);
            }
            if (matters) {
                throw usage_error("{terrain} " + key + " is a bonus for Soviet units only (" + terrain_case(key) +
                                  "): give {side} so umpire knows who defends");
            }
        }
        long long bonus = 0;
        std::string who;
        for (const auto& u : defenders) {
            const std::string column = terrain_column(u);
            const long long b = column.empty() ? 0 : column_value(column);
            if (b == 0) {
                if (column.empty() &&
                    column_value("army") + column_value("front") + column_value("corps") + column_value("other") > 0) {
                    // said, not silent (hunt55 B5): X.B's bonuses are infantry-type units',
                    // and III defines those as "not Mechanized"; armor and cavalry are none
                    out.steps.push_back(key + ": no bonus for the " + u.kind + ", which is no infantry-type unit (" +
                                        terrain_case(key) +
                                        " gives its bonus to infantry-type units only; III: 'Fronts, Shock, Rifle, "
                                        "Infantry, Motorized Infantry, Mountain Infantry -- not Mechanized')");
                } else if (column == "other" && column_value("army") + column_value("corps") > 0) {
                    // said, not silent: the case names armies, fronts and corps only
                    out.steps.push_back(key + ": no bonus for the " + u.kind +
                                        ", an infantry-type unit that is no "
                                        "army, front or corps (" +
                                        terrain_case(key) + " names only those)");
                }
                continue;
            }
            if (u.dispersed) {
                out.steps.push_back(key + ": the Dispersed " + u.kind + " gets no bonus (XIII.B.2)");
                continue;
            }
            if (soviet_only && !*soviet) {
                out.steps.push_back(key + ": no bonus, the defending " + u.kind + " is not Soviet (" +
                                    terrain_case(key) + ")");
                continue;
            }
            if (one_unit) {
                bonus = std::max(bonus, b);
                who = "one infantry-type unit, at most 1 for the hex";
                continue;
            }
            bonus += b;
            who += (who.empty() ? "" : ", ") + u.kind + " +" + std::to_string(b);
        }
        const long long intrinsic = column_value("hex");
        if (intrinsic > 0) {
            who += (who.empty() ? "" : ", ") + std::string("the hex's own +") + std::to_string(intrinsic);
            bonus += intrinsic;
        }
        if (bonus > 0) {
            out.factors += bonus;
            out.steps.push_back(key + ": +" + std::to_string(bonus) + " (" + who + "; " + terrain_case(key) + ")");
        }
    }
    if (out.factors == units) {
        out.steps[units_step] = "defense: " + factors_text(out.factors);
    } else {
        out.steps.push_back("defense: " + factors_text(out.factors));
    }
    return out;
}

namespace {

// XIII.D.6 on CODE (D4, DX or DE) for a defender that can retreat only q.retreat hexes:
// the code it becomes, with the second die when it needs one.
// CAST is the group's die once cast: XIII.D.6 casts one for "a (group of) unit(s)", so the
// Dispersed defenders' reading (XIII.C) reads the same die, not a second one.
std::string retreat_limit(const Table& shortfall, const CrtRequest& q, const std::string& code, Resolution& r,
                          Dice& dice, std::optional<RollRecord>& cast)
{
    const std::string hexes = std::to_string(*q.retreat) + (*q.retreat == 1 ? " hex" : " hexes");
    if (*q.retreat < 2) {
        const std::string to = code == "DE" ? "BR" : "DE";
        r.steps.push_back("the defender can retreat only " + hexes + ", not 2: " + code + " -> " + to + " (XIII.D.6)");
        r.result.fields.push_back({"converted_from", code});
        return to;
    }
    if (code == "DE") {
        r.steps.push_back("DE eliminates the defender whatever its retreat (XIII.D.6 converts DE only below 2 hexes)");
        return code;
    }
    if (*q.retreat == 2 && q.two_hexes == TwoHexReading::retreats) {
        r.steps.push_back("the defender retreats the 2 hexes it can: no roll (read as a full retreat; XIII.D.6 "
                          "rolls only at 3)");
        return code;
    }
    note_table(r, shortfall);
    const bool again = cast.has_value();
    if (!again) {
        dice.roll(*shortfall.dice, "XIII.D.6: a retreat of only " + hexes + ", 4-6 eliminates");
        cast = dice.record().back();
    }
    const int roll = cast->value;
    auto row = find_row(shortfall, roll);
    const std::string outcome = row ? shortfall.rows[*row].cells.at(0) : "";
    r.steps.push_back("the defender can retreat only " + hexes + (*q.retreat == 2 ? " (read as 3, XIII.D.6)" : "") +
                      ": " + roll_text(*cast) + (again ? ", the group's one die (XIII.D.6)" : "") + " -> " + outcome +
                      " (" + shortfall.source + ")");
    r.result.fields.push_back({"retreat_roll", outcome});
    if (outcome == "eliminated") {
        r.result.fields.push_back({"converted_from", code});
        return "DE";
    }
    return code;
}

}  // namespace

Resolution resolve_crt(const CrtTables& tables, const CrtRequest& q, Dice& dice)
{
    const Table& crt = tables.crt;
    const Table& no_retreat = tables.no_retreat;
    const Table& procedures = tables.procedures;
    Resolution r;
    r.command = "crt";
    r.title = "Combat";
    r.source = crt.source;
    note_table_id(r, crt);  // provisional once a cell the text does not print is read, below
    Ratio factors = q.factors;
    if (!q.attackers.empty()) {
        FactorTotal a = attack_factors(q.attackers, q.frozen);
        factors.attack = a.factors;
        r.steps.insert(r.steps.end(), a.steps.begin(), a.steps.end());
    }
    if (!q.defenders.empty()) {
        FactorTotal d = defense_factors(tables.terrain, q.defenders, q.terrain, q.defender_soviet, q.frozen);
        note_table(r, tables.terrain);
        factors.defense = d.factors;
        r.steps.insert(r.steps.end(), d.steps.begin(), d.steps.end());
    }
    if (q.snow_unplaced) {
        const bool swamp = std::find(q.terrain.begin(), q.terrain.end(), "swamp") != q.terrain.end();
        const bool lake = std::any_of(q.attackers.begin(), q.attackers.end(),
                                      [](const LandUnit& u) { return u.across_water && !u.strait; });
        if (swamp || lake || q.river_given) {
            r.notes.push_back(std::string("in Snow, ") + (swamp ? "swamp, " : "") + (lake ? "lake, " : "") +
                              (q.river_given ? "river, " : "") +
                              "north(east) of the Arctic Weather Line, is frozen and clear (VI.B.1): give "
                              "{north_of_arctic_line} if the hex is there");
        }
    }
    if (factors.attack < 1 || factors.defense < 1) {
        throw usage_error((q.attackers.empty() ? std::string("{attack}") : std::string("{attacker}")) + " and " +
                          (q.defenders.empty() ? std::string("{defense}") : std::string("{defender}")) +
                          " must come to at least 1 factor each (attack " + std::to_string(factors.attack) +
                          ", defense " + std::to_string(factors.defense) + ")" +
                          (factors.attack < 1 && std::any_of(q.attackers.begin(), q.attackers.end(),
                                                             [](const LandUnit& u) { return u.across_water; })
                               ? ": the attack across water was halved, its fraction dropped, to 0 (X.B.4)"
                               : ""));
    }
    if (factors.attack > k_max_factors || factors.defense > k_max_factors) {
        // Named as the referee gave them: units' factors summed are not an {attack} he typed
        // (hunt48 F7).
        const bool attack = factors.attack > k_max_factors;
        const std::string field = attack ? (q.attackers.empty() ? "{attack}" : "{attacker} units' attack factors")
                                         : (q.defenders.empty() ? "{defense}" : "{defender} units' defense factors");
        throw usage_error(field + " come to " + std::to_string(attack ? factors.attack : factors.defense) +
                          "; allowed at most " + std::to_string(k_max_factors) + " factors (" + odds_text(factors) +
                          ")");
    }
    if (q.retreat && q.surrounded) {
        throw usage_error("{retreat} and {surrounded}: a Surrounded or No Retreat! defender converts as XIII.C "
                          "says; give one");
    }
    if (q.retreat) {
        check_count(*q.retreat, 0, 4, "{retreat}");
    }

    // Basic odds: the column nearest but no greater, reduced to 10:1 (XIII.B.3-4); then the
    // shifts; below 1:4 refused, past 10:1 read at it: the same column resolve reads.
    const int last = static_cast<int>(crt.columns.size()) - 1;
    int shift = 0;
    for (const auto& s : q.shifts) {
        shift += s.columns;
    }
    const CombatColumn pick =
        combat_column(crt, factors.attack, factors.defense, shift, q.dispersed ? crt.shift_columns("dispersed") : 0);
    if (pick.basic < 0) {
        r.steps.push_back(odds_text(factors) + " is " +
                          (pick.below.empty() ? "below " + crt.columns.front() : pick.below) + " (XIII.B.3)");
    } else {
        const auto basic = static_cast<size_t>(std::min<long long>(pick.basic, last));
        r.steps.push_back(odds_text(factors) + " -> " + crt.columns[basic] +
                          (pick.reduced ? " (above " + crt.columns.back() + ", reduced to it, XIII.B.4)"
                                        : " (nearest column no greater, XIII.B.3)"));
    }
    for (const auto& s : q.shifts) {
        r.steps.push_back("shift " + signed_number(s.columns) + ": " + s.reason);
    }
    if (!pick.column) {  // as the table says: the shipped one refuses below 1:4 only
        throw usage_error(
            "final odds " + (pick.shifted < 0 ? "below " + crt.columns.front() : "past " + crt.columns.back()) +
            " are not allowed (XIII.B.4): " + odds_text(factors) + (pick.below.empty() ? "" : " (" + pick.below + ")") +
            (shift ? " shifted " + signed_number(shift) : ""));
    }
    if (pick.at_edge) {
        const std::string& edge = pick.shifted < 0 ? crt.columns.front() : crt.columns.back();
        r.steps.push_back(std::string(pick.shifted < 0 ? "shifted below " : "shifted past ") + edge + ": read at " +
                          edge);
    }
    const int final_column = static_cast<int>(*pick.column);
    r.result.fields.push_back({"odds", crt.columns[static_cast<size_t>(final_column)]});
    const int read_column = static_cast<int>(pick.read);
    if (q.dispersed && read_column == final_column && crt.shift_columns("dispersed") > 0) {
        // XIII.B.4 makes the last column the maximum; VII.B does not say what is past it.
        r.steps.push_back("Dispersed defender: one column higher would be past " + crt.columns.back() +
                          ", the highest column (XIII.B.4): read at " + crt.columns.back() +
                          " (VII.B says nothing past it)");
    } else if (q.dispersed) {
        r.steps.push_back("Dispersed defender: read one column higher, under " +
                          crt.columns[static_cast<size_t>(read_column)] + " (VII.B)");
    }
    r.result.fields.push_back({"column", crt.columns[static_cast<size_t>(read_column)]});
    // The shipped chart stands in for a lost one: its columns are umpire's but for those the
    // text gives, so odds read on another column, or rounded where the text does not say
    // there is no column between, are said to be provisional (a referee's own chart, not
    // marked provisional, is taken as printed).
    if (crt.provisional && pick.basic >= 0) {
        const auto basic = static_cast<size_t>(std::min<long long>(pick.basic, last));
        std::vector<std::string> why;
        if (!pick.reduced && !attested_rounding(factors, crt.columns[basic])) {
            why.push_back(odds_text(factors) + " -> " + crt.columns[basic] +
                          " holds only if the printed chart has no column between them");
        }
        for (const size_t c : {basic, static_cast<size_t>(final_column), static_cast<size_t>(read_column)}) {
            const std::string said = crt.columns[c] + " is not a column the text gives";
            if (!attested_column(crt.columns[c]) && std::find(why.begin(), why.end(), said) == why.end()) {
                why.push_back(said);
            }
        }
        if (!why.empty()) {
            r.steps.push_back("PROVISIONAL odds: " + join(why, "; ") +
                              " (the text gives only 1:4, 1:3, 3:2, 2:1, 5:1 and 10:1, XIII.B.3-4, VII.B)");
            const std::string note = "the CRT's columns are lost with it: only 1:4, 1:3, 3:2, 2:1, 5:1 and 10:1 are "
                                     "the text's (XIII.B.3-4, VII.B); the odds column read is umpire's";
            if (std::find(r.provisional_notes.begin(), r.provisional_notes.end(), note) == r.provisional_notes.end()) {
                r.provisional_notes.push_back(note);
            }
            r.provisional = true;
        }
    }

    // Against a group of Dispersed and UnDispersed units the one die is read twice: under
    // the odds for the UnDispersed, one column higher for the Dispersed (XIII.C, VII.B).
    std::optional<size_t> dispersed_column;
    if (q.some_dispersed) {
        dispersed_column =
            combat_column(crt, factors.attack, factors.defense, shift, crt.shift_columns("dispersed")).read;
    }
    int roll = dice.roll(*crt.dice, "combat under " + crt.columns[static_cast<size_t>(read_column)] +
                                        (dispersed_column ? " (Dispersed units: " + crt.columns[*dispersed_column] + ")"
                                                          : std::string()));
    size_t row = *find_row(crt, roll);
    const auto combat_roll = dice.record().back();
    std::optional<RollRecord> shortfall_die;  // XIII.D.6's second die, one for the group
    // The result as it stands for the units read under COLUMN: converted when Surrounded,
    // then by a short retreat (its own die), the steps and fields put in INTO.
    const auto reading = [&](size_t column, Resolution& into) {
        std::string code = crt.rows[row].cells[column];
        into.steps.push_back(roll_text(combat_roll) + " under " + crt.columns[column] + " -> " + code);
        if (!published_cell(crt.columns[column], roll, code)) {
            note_table(into, crt);
        }
        if (q.surrounded) {
            auto converted = find_row(no_retreat, code);
            if (converted) {
                auto c = find_column(no_retreat, q.surrounded_reading);
                std::string to = no_retreat.rows[*converted].cells[c ? *c : 0];
                into.steps.push_back("Surrounded/No Retreat!: " + code + " -> " + to + " (XIII.C" +
                                     (q.surrounded_reading == "chart-sheet" ? ", chart sheet reading" : "") + ")");
                // The chart sheet is lost (V: "See the Charts and Tables sheet"): a reading said to
                // be its own cannot be checked against the text, so it is provisional (DESIGN 8).
                if (q.surrounded_reading != "rules-text" && to != code) {
                    into.provisional = true;
                    const std::string note = "the " + q.surrounded_reading + " reading of a Surrounded/No Retreat! " +
                                             code + " (" + to +
                                             ") is not in the rules text, whose Charts and Tables sheet is lost; "
                                             "XIII.C reads " +
                                             no_retreat.rows[*converted].cells[0];
                    into.steps.push_back("PROVISIONAL: " + note);
                    into.provisional_notes.push_back(note);
                }
                into.result.fields.push_back({"converted_from", code});
                code = to;
            } else {
                into.steps.push_back("Surrounded/No Retreat!: " + code + " is unchanged (XIII.C)");
            }
            note_table(into, no_retreat);
        }
        // D1 is "Defenders Retreat 1-2/3-4 hexes" (XIII.C), and XIII.D.6 is silent on a defender
        // that can retreat none: umpire reads it as XIII.C's Surrounded defender, whose D1 is
        // converted as a Surrounded one is (the same board, the same answer; hunt47).
        if (q.retreat && *q.retreat == 0 && code == "D1") {
            auto converted = find_row(no_retreat, code);
            auto c = find_column(no_retreat, q.surrounded_reading);
            if (converted) {
                const std::string to = no_retreat.rows[*converted].cells[c ? *c : 0];
                into.steps.push_back("the defender can retreat no hex, and D1 is a retreat of 1 or more: read as "
                                     "for a Surrounded defender, D1 -> " +
                                     to + " (XIII.C; XIII.D.6 is silent on D1, umpire's reading)");
                into.notes.push_back("D1 at 0 hexes of retreat is read as a Surrounded D1 (XIII.C): XIII.D.6 "
                                     "converts only D4, DX and DE");
                into.result.fields.push_back({"converted_from", code});
                note_table(into, no_retreat);
                code = to;
            }
        }
        if (q.retreat && *q.retreat < 4 && (code == "D4" || code == "DX" || code == "DE")) {
            code = retreat_limit(tables.retreat_shortfall, q, code, into, dice, shortfall_die);
        }
        return code;
    };
    // A Surrounded or No Retreat! defender does not retreat (XIII.B.6, XIII.C): S's "May be
    // Retreated as for D1, if Defender chooses" is no choice it has.
    const auto held = [&](Outcome& o) {
        if (!q.surrounded && !(q.retreat && *q.retreat == 0)) {
            return;
        }
        const auto before = o.effects.size();
        std::erase_if(o.effects, [](const std::string& e) { return e.find("retreat as for D1") != std::string::npos; });
        if (o.effects.size() != before) {
            o.effects.push_back(
                q.surrounded ? "a Surrounded or No Retreat! defender does not retreat, as S would let it (XIII.C)"
                             : "the defender can retreat no hex: it does not retreat, as S would let it "
                               "(XIII.C)");
        }
    };
    std::string code = reading(static_cast<size_t>(read_column), r);
    r.result.code = code;
    describe(r.result, crt, "");
    held(r.result);
    if (dispersed_column) {
        Resolution apart;  // the Dispersed units' reading: its steps and tables join r's
        Outcome undispersed = r.result;
        undispersed.label = "UnDispersed defenders";
        Outcome dispersed;
        dispersed.label = "Dispersed defenders";
        dispersed.code = reading(*dispersed_column, apart);
        describe(dispersed, crt, "");
        held(dispersed);
        dispersed.fields = apart.result.fields;
        dispersed.fields.push_back({"column", crt.columns[*dispersed_column]});
        for (const auto& step : apart.steps) {
            r.steps.push_back("Dispersed units, read one column higher (XIII.C): " + step);
        }
        for (const auto& id : apart.tables) {
            if (std::find(r.tables.begin(), r.tables.end(), id) == r.tables.end()) {
                r.tables.push_back(id);
            }
        }
        r.provisional = r.provisional || apart.provisional;
        for (const auto& note : apart.notes) {
            if (std::find(r.notes.begin(), r.notes.end(), note) == r.notes.end()) {
                r.notes.push_back(note);
            }
        }
        for (const auto& note : apart.provisional_notes) {
            if (std::find(r.provisional_notes.begin(), r.provisional_notes.end(), note) == r.provisional_notes.end()) {
                r.provisional_notes.push_back(note);
            }
        }
        r.result.effects.push_back("the Dispersed defenders: " + dispersed.code + " (" + dispersed.name +
                                   "), read under " + crt.columns[*dispersed_column] + " (XIII.C)");
        r.results = {std::move(undispersed), std::move(dispersed)};
    }
    if (q.armor) {
        int from = procedures.constant(q.russian ? "breakdown_from_russian" : "breakdown_from_axis");
        note_table(r, procedures);
        int to = from + q.reserve_phase;
        bool breaks = roll >= from && roll <= to;
        r.result.fields.push_back({"armor_breakdown", breaks});
        r.steps.push_back("armor breakdown on " + std::to_string(from) + "-" + std::to_string(to) + " (XIII.C, n = " +
                          std::to_string(q.reserve_phase) + "): " + (breaks ? "breaks down" : "no breakdown"));
        if (q.reserve_phase == 0) {
            // "where 'n' = Reserve Movement Phase no.": the text gives no n outside a Reserve Phase.
            r.notes.push_back("n = 0 outside a Reserve Phase is umpire's reading: XIII.C's n is the Reserve Movement "
                              "Phase number");
        }
        if (breaks) {
            r.result.effects.push_back("the attacking armor/mech units are Dispersed by breakdown (XIII.C)");
        }
    }
    r.result.source = crt.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_overrun(const Table& overrun, const Table& terrain, const OverrunRequest& q)
{
    if (q.result != "DX" && q.result != "DE") {
        throw usage_error("{result} " + q.result +
                          ": Armor Overrun is possible only on DX and DE "
                          "results (XIII.C)");
    }
    for (auto [value, flag] :
         {std::pair{q.attacking_armor, "{attacking_armor}"}, std::pair{q.defending_armor, "{defending_armor}"},
          std::pair{q.defending_infantry, "{defending_infantry}"}}) {
        if (value < 0 || value > 1000) {
            throw usage_error(std::string(flag) + " is " + std::to_string(value) +
                              "; allowed 0 to 1000 (umpire's limit: the text sets none)");
        }
    }
    Resolution r;
    r.command = "overrun";
    r.title = "Armor Overrun";
    r.source = "Russian Portfolio XIII.C, X.B, XIV.D";
    std::vector<std::string> reasons;

    // The weather is one the chart has a row for; what the row says is read below, only
    // when the text's own conditions leave the overrun to the chart.
    auto weather_row = find_row(overrun, q.weather);
    if (!weather_row) {
        throw usage_error("{weather}: " + weather_row.error());
    }
    note_table(r, terrain);
    auto terrain_row = find_row(terrain, q.terrain);
    if (!terrain_row) {
        // The error lists the rows already. The Stalin Line is a hexside, which crt takes
        // among the defense bonuses: not the terrain of the hex an overrun goes into.
        throw usage_error("{terrain}: " + terrain_row.error() +
                          (q.terrain == "stalin-line"
                               ? std::string("; the Stalin Line is a hexside, a defense bonus for units 'defending "
                                             "behind' it (X.B.3) that crt reads, not the hex's terrain, and X.B "
                                             "says nothing of it for Armor Overrun: give the hex's own terrain")
                               : std::string()));
    }
    std::string terrain_code = terrain.rows[*terrain_row].cells[0];
    // VI.B.1: "In Snow weather months, swamp ... north(east) of the Arctic Weather Line freeze
    // over and are treated as clear terrain ... for all purposes"; X.B.11 speaks of
    // "unfrozen swamp".
    const bool can_freeze = q.terrain == "swamp" && q.weather == "snow";
    if (can_freeze && q.north_of_arctic_line) {
        const auto clear = find_row(terrain, "clear");
        if (!clear) {
            throw usage_error("{terrain}: table " + terrain.id + " has no row 'clear' for frozen swamp (VI.B.1)");
        }
        terrain_code = terrain.rows[*clear].cells[0];
        r.steps.push_back("swamp north of the Arctic Weather Line in Snow is frozen: clear terrain for all purposes "
                          "(VI.B.1)");
    } else if (q.north_of_arctic_line) {
        r.steps.push_back("north of the Arctic Weather Line: only swamp, in Snow, freezes to clear terrain (VI.B.1); "
                          "no change here");
    }
    if (terrain_code == "never") {
        reasons.push_back("terrain " + q.terrain + ": can never be Armor Overrun (X.B)" +
                          (can_freeze ? std::string(" unless frozen: in Snow, swamp north(east) of the Arctic Weather "
                                                    "Line is clear terrain for all purposes (VI.B.1)")
                                      : ""));
        if (can_freeze) {
            r.notes.push_back("swamp north(east) of the Arctic Weather Line in Snow is frozen and clear (VI.B.1): give "
                              "{north_of_arctic_line} if the hex is there");
        }
    } else if (terrain_code != "allowed") {
        reasons.push_back("terrain " + q.terrain + ": overruns go only into clear terrain");
    }
    if (q.fuel_shortage) {
        reasons.push_back("fuel shortage: the armor cannot execute Armor Overruns (XIV.D)");
    }
    if (!reasons.empty()) {
        // Refused by the text itself (X.B, XIV.D): the lost chart's weathers and armor ratios
        // are not read, so the answer is not provisional.
        r.steps.push_back("the overrun chart's weather and armor conditions (lost, umpire's provisional stand-in) "
                          "are not read: " +
                          std::string(q.fuel_shortage && terrain_code != "allowed" ? "X.B and XIV.D refuse"
                                      : q.fuel_shortage                            ? "XIV.D refuses"
                                                                                   : "X.B refuses") +
                          " the overrun whatever they are");
    } else {
        note_table(r, overrun);
        if (overrun.rows[*weather_row].cells[0] != "allowed") {
            reasons.push_back("weather " + q.weather + ": overruns only in " + [&] {
                std::vector<std::string> ok;
                for (const auto& row : overrun.rows) {
                    if (row.cells[0] == "allowed") {
                        ok.push_back(row.key);
                    }
                }
                return join(ok, " or ");
            }() + " weather");
        }
        const int net = q.attacking_armor - q.defending_armor;
        const int ratio = overrun.constant(q.infantry_dispersed ? "armor_to_dispersed_infantry" : "armor_to_infantry");
        const int needed = ratio * q.defending_infantry;
        r.steps.push_back("pure armor " + std::to_string(q.attacking_armor) + " - defending pure armor " +
                          std::to_string(q.defending_armor) + " = " + std::to_string(net) + "; needs " +
                          std::to_string(ratio) + " x " + std::to_string(q.defending_infantry) +
                          (q.infantry_dispersed ? " Dispersed" : "") + " infantry = " + std::to_string(needed));
        if (q.attacking_armor < 1) {
            reasons.push_back("no attacking pure armor");
        } else if (net < needed || net < 1) {
            reasons.push_back(
                "armor " + std::to_string(net) + " net is less than " + std::to_string(needed) +
                (q.infantry_dispersed ? " (equal to the Dispersed infantry)" : " (twice the defending infantry)"));
        }
    }
    r.result.fields.push_back({"reasons", reasons});
    if (!reasons.empty()) {
        r.result.code = "refused";
        r.result.name = "No overrun";
        r.result.effects = {"the " + q.result + " result stands"};
        for (const auto& why : reasons) {
            r.steps.push_back("refused: " + why);
        }
    } else {
        r.result.code = q.result == "DX" ? "DE" : "BR";
        r.result.name = q.result == "DX" ? "Defenders eliminated" : "Breakthrough!";
        r.result.effects = {q.result == "DX" ? "the overrun turns DX into DE: the defenders are eliminated (umpire's "
                                               "reading, PROVISIONAL: XIII.C says only 'Armor Overrun possible' on a "
                                               "DX, and the overrun chart is lost)"
                                             : "the overrun turns DE into a Breakthrough: after tactical advance "
                                               "the attackers may attack once more (XIII.C, XIII.F)"};
        r.steps.push_back("overrun: " + q.result + " -> " + r.result.code);
        r.result.fields.push_back({"converted_from", q.result});  // only when converted: a refusal converts nothing
    }
    r.result.source = r.source;
    return r;
}

}  // namespace umpire::core
