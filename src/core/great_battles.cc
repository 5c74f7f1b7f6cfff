#include "core/great_battles.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace umpire::core {

namespace {

int number_cell(const Table& table, std::string_view row, std::string_view column, const std::string& flag)
{
    auto r = find_row(table, row);
    if (!r) {
        throw usage_error(flag + ": " + r.error() + "; allowed: " + join(table.row_keys(), ", "));
    }
    size_t c = 0;
    if (table.column_kind != ColumnKind::none) {
        auto found = find_column(table, column);
        if (!found) {
            throw usage_error(flag + ": " + found.error());
        }
        c = *found;
    }
    const std::string& cell = table.rows[*r].cells[c];
    const std::optional<int>& n = table.rows[*r].numbers.at(c);
    if (!n) {
        throw usage_error(flag + ": table " + table.id + " has no number at " + std::string(row) +
                          (column.empty() ? "" : ", " + std::string(column)) + " ('" + cell + "')");
    }
    return static_cast<int>(*n);
}

Outcome outcome(std::string label, std::string code, std::string name, std::vector<std::string> effects,
                std::string source)
{
    Outcome o;
    o.label = std::move(label);
    o.code = std::move(code);
    o.name = std::move(name);
    o.effects = std::move(effects);
    o.source = std::move(source);
    return o;
}

}  // namespace

const std::vector<StandType>& stand_types()
{
    static const std::vector<StandType> k_stand_types{
        {"infantry", "an infantry company", false, false},
        {"armour", "an armour fighting vehicle company", false, true},
        {"at", "an anti-tank gun", false, false},
        {"fg", "a field gun", false, false},
        {"hw", "a heavy weapons stand (unaffected by barrages, 11.3.2)", true, false},
        {"hq", "a command stand (unaffected by barrages, 11.3.2)", true, false},
    };
    return k_stand_types;
}

const StandType* find_stand_type(std::string_view name)
{
    for (const auto& t : stand_types()) {
        if (iequals(t.name, name) || (iequals(name, "armor") && t.name == "armour")) {
            return &t;
        }
    }
    return nullptr;
}

Resolution resolve_suppress(const Table& table, const SuppressRequest& q, Dice& dice)
{
    if (q.stands.empty()) {
        throw usage_error("{stand}: give at least one stand under the template");
    }
    if (q.attack != Attack::artillery && q.stands.size() != 1) {
        throw usage_error("{stand}: air-ground support targets a single stand (12.1); " +
                          std::to_string(q.stands.size()) + " given");
    }
    Resolution r;
    r.command = "suppress";
    r.title = q.attack == Attack::artillery ? "Artillery suppression" : "Air-ground support";
    r.source = q.attack == Attack::artillery ? table.source : table.game + " 12.2";
    note_table(r, table);
    const std::string column = q.activated ? "activated" : "non-activated";
    int fb_to = table.constant("fighter_bomber_destroys_to");
    int rocket_to = table.constant("rocket_destroys_to");
    int rocket_vehicle_to = table.constant("rocket_destroys_vehicle_or_bunker_to");
    // Each stand under the template alone: 0 unaffected, 1 suppressed, 2 destroyed.
    auto t = dice.tally<Part>(q.stands.size(), 3, [&](Dice& d, size_t i) {
        const Stand& s = q.stands[i];
        const StandType* type = find_stand_type(s.type);
        const std::string label = "stand " + std::to_string(i + 1) + " (" + s.type + ", " + s.cover + ")";
        if (type == nullptr) {
            throw usage_error("{stand}: unknown stand type '" + s.type + "'");
        }
        Part p;
        if (type->unaffected_by_barrage) {
            p.results.push_back(outcome(label, "unaffected", "Unaffected",
                                        {"heavy weapons and command stands are unaffected (11.3.2)"},
                                        table.game + " 11.3.2"));
            p.steps.push_back(label + ": unaffected, no roll (11.3.2)");
            return p;
        }
        int target = number_cell(table, s.cover, column, "{stand}");
        // The die's purpose says everything it can do, as the working line will.
        std::string purpose = "suppressed on " + std::to_string(target) + " or less";
        if (q.attack == Attack::fighter_bomber) {
            purpose = "1-" + std::to_string(fb_to) + " destroys (12.2.1), else " + purpose;
        } else if (q.attack == Attack::rocket) {
            purpose = "1-" + std::to_string((type->vehicle || s.cover == "bunker") ? rocket_vehicle_to : rocket_to) +
                      " destroys (12.2.2), else " + purpose;
        }
        int roll = d.roll(k_d10, label + ": " + purpose);
        std::string code = roll <= target ? "suppressed" : "unaffected";
        std::string why = roll <= target ? "<= " + std::to_string(target) : "> " + std::to_string(target);
        if (q.attack == Attack::fighter_bomber && roll <= fb_to) {
            code = "destroyed";
            why = "1-" + std::to_string(fb_to) + " destroys (12.2.1)";
        }
        if (q.attack == Attack::rocket) {
            if (roll <= rocket_to) {
                code = "destroyed";
                why = "1-" + std::to_string(rocket_to) + " destroys any stand (12.2.2)";
            } else if ((type->vehicle || s.cover == "bunker") && roll <= rocket_vehicle_to) {
                code = "destroyed";
                why = std::to_string(rocket_to + 1) + "-" + std::to_string(rocket_vehicle_to) +
                      " destroys a vehicle or bunker (12.2.2)";
            }
        }
        p.steps.push_back(label + ": " + roll_text(d.record().back()) + " " + why + " -> " + code);
        if (code == "destroyed") {
            p.category = 2;
            p.results.push_back(
                outcome(label, code, "Destroyed", {"the stand is destroyed (12.2)"}, table.game + " 12.2"));
            p.results.back().severity = "severe";
        } else if (code == "suppressed") {
            p.category = 1;
            p.results.push_back(
                outcome(label, code, "Suppressed",
                        {"cannot fire, does not count in close combat, moves as in bad going; may change "
                         "formation and rally; a second suppression has no further effect (11.3.1)"},
                        table.source));
            p.results.back().severity = "heavy";
        } else {
            p.results.push_back(outcome(label, code, "Unaffected", {}, table.source));
            p.results.back().severity = "none";
        }
        return p;
    });
    add_parts(r, t.parts);
    const int unaffected = t.counts[0];
    const int suppressed = t.counts[1];
    const int destroyed = t.counts[2];
    r.result.code = destroyed > 0 ? "destroyed" : suppressed > 0 ? "suppressed" : "unaffected";
    r.result.severity = destroyed > 0 ? "severe" : suppressed > 0 ? "heavy" : "none";
    r.result.name = std::to_string(suppressed) + " suppressed, " + std::to_string(destroyed) + " destroyed, " +
                    std::to_string(unaffected) + " unaffected";
    r.result.fields = {{"suppressed", static_cast<long long>(suppressed)},
                       {"destroyed", static_cast<long long>(destroyed)},
                       {"unaffected", static_cast<long long>(unaffected)}};
    if (q.attack == Attack::artillery) {
        r.result.effects.push_back("artillery never destroys stands (11.3.3)");
    } else {
        r.notes.push_back("air-ground support only in full daylight, sighting 12\" (12.2.3)");
    }
    if (suppressed + destroyed > 0) {
        r.result.effects.push_back("the battalion tests morale at the end of the turn (15.0)");
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_morale(const Table& chart, const Table& procedures, const MoraleRequest& q, Dice& dice)
{
    const int max_stands = static_cast<int>(chart.rows.size());
    check_count(q.stands, 1, max_stands, "{stands}");
    check_count(q.modifier, -k_max_d100_modifier, k_max_d100_modifier, "{mod}");
    check_count(q.eliminated, 0, q.stands, "{eliminated}");
    // Each stand is suppressed at most once at a time (11.3.1), but may rally and be
    // suppressed again: the day's tally has no bound of its own but the game file's.
    check_count(q.suppressed, 0, q.suppressed_now ? q.stands - q.eliminated : k_max_suppressions_in_day,
                "{suppressed}");
    Resolution r;
    r.command = "morale";
    r.title = "Morale check";
    r.source = chart.source;
    note_table(r, chart);
    note_table(r, procedures);
    int points = q.eliminated * procedures.constant("casualty_points_eliminated") +
                 q.suppressed * procedures.constant("casualty_points_suppressed");
    r.steps.push_back("casualty points: " + std::to_string(q.eliminated) + " eliminated x " +
                      std::to_string(procedures.constant("casualty_points_eliminated")) + " + " +
                      std::to_string(q.suppressed) + " suppressed x " +
                      std::to_string(procedures.constant("casualty_points_suppressed")) + " = " +
                      std::to_string(points) + " (15.1)");
    r.result.fields.push_back({"casualty_points", static_cast<long long>(points)});
    if (q.won_close_combat) {
        r.result.code = "holds";
        r.result.name = "No test";
        r.result.effects = {"a battalion that just won a close combat never tests morale (14.8.4, 15.0)"};
        r.result.fields.push_back({"tested", false});
        r.result.source = chart.game + " 14.8.4";
        r.rolls = dice.record();
        return r;
    }
    int target = number_cell(chart, std::to_string(q.stands), std::to_string(points), "{stands}");
    r.result.fields.push_back({"target", static_cast<long long>(target)});
    r.steps.push_back(std::to_string(q.stands) + " stands at the start of the day, " + std::to_string(points) +
                      " casualty points -> hold on " + std::to_string(target) + " or less (" + chart.source + ")");
    int roll = dice.roll(k_d100, "morale: hold on " + std::to_string(target) + " or less");
    int total = roll + q.modifier;
    r.steps.push_back(roll_text(dice.record().back()) +
                      (q.modifier ? " " + signed_number(q.modifier) + " = " + std::to_string(total) : "") +
                      (total <= target ? " holds" : " breaks") + " (15.2)");
    r.result.fields.push_back({"tested", true});
    if (total <= target) {
        r.result.code = "holds";
        r.result.name = "Holds";
        r.result.severity = "none";
        r.result.effects = {"no effect: the battalion moves and fights as usual (15.2)"};
    } else {
        r.result.code = "breaks";
        r.result.name = "Breaks";
        r.result.severity = "heavy";
        if (q.blocked) {
            r.result.effects = {"it cannot retreat 3\" without closing on enemy within 12\": it stays "
                                "in place and has a stand eliminated instead, unsuppressed stands "
                                "first (15.2.2)"};
        } else {
            r.result.effects = {"the battalion retreats 3\" and Goes to Ground (15.2.1)"};
        }
        r.result.effects.push_back("a battalion Gone to Ground cannot be activated for the rest of "
                                   "the day (15.2.1, 9.4)");
    }
    r.result.source = chart.game + " 15.2";
    r.rolls = dice.record();
    return r;
}

Expected<Stand> parse_stand(std::string_view spec, const Table& suppression)
{
    const std::string where = "'" + std::string(spec) + "': ";
    auto parts = split(spec, ':');
    if (parts.size() > 2) {
        return fail<Stand>(where + "write COVER or COVER:TYPE, e.g. soft:armour");
    }
    Stand stand{to_lower(parts[0]), parts.size() == 2 ? to_lower(parts[1]) : "infantry"};
    if (!find_row(suppression, stand.cover)) {
        return fail<Stand>(where + "no cover '" + parts[0] + "'" + suggestion(parts[0], suppression.row_keys()) +
                           "; allowed: " + join(suppression.row_keys(), ", "));
    }
    if (find_stand_type(stand.type) == nullptr) {
        std::vector<std::string> types;
        for (const auto& t : stand_types()) {
            types.emplace_back(t.name);
        }
        return fail<Stand>(where + "no stand type '" + parts[1] + "'" + suggestion(parts[1], types) +
                           "; allowed: " + join(types, ", "));
    }
    return stand;
}

Expected<int> rally_number(const Table& table, std::string_view quality)
{
    auto row = find_row(table, quality);
    if (!row) {
        return fail<int>("no quality '" + std::string(quality) + "'" + suggestion(quality, table.row_keys()) +
                         "; allowed: " + join(table.row_keys(), ", "));
    }
    const std::optional<int>& n = table.rows[*row].numbers.at(0);
    if (!n) {
        return fail<int>("table " + table.id + " has no rally number for " + std::string(quality));
    }
    return static_cast<int>(*n);
}

Expected<int> unit_rally_number(const Table& table, const Unit& unit)
{
    if (unit.rally > 0) {
        return unit.rally;
    }
    if (!unit.quality.empty()) {
        return rally_number(table, unit.quality);
    }
    return fail<int>("unit " + unit.name + " has neither a rally number nor a quality");
}

namespace {

// How d10_each words one thing's roll: what is rolled for, what it does on the target or
// less (and its outcome), and otherwise.
struct D10Words {
    std::string thing;  // "suppressed stand": numbered from 1
    std::string verb;   // "rallies": the die's purpose, "rallies on 8 or less"
    std::string ok_code, ok_name, ok_effect;
    std::string fail_step, fail_code, fail_name, fail_effect;
    std::string source;
};

// A d10 for each of COUNT things, each alone succeeding on TARGET or less (rally 14.7,
// replacement 16.2.3): how many succeeded; each thing's working and outcome go to R.
int d10_each(Resolution& r, Dice& dice, int count, int target, const D10Words& w)
{
    auto t = dice.tally<Part>(
        static_cast<size_t>(count), 2,
        [&](Dice& d, size_t i) {
            std::string label = w.thing + " " + std::to_string(i + 1);
            int roll = d.roll(k_d10, label + ": " + w.verb + " on " + std::to_string(target) + " or less");
            bool ok = roll <= target;
            Part p;
            p.category = ok ? 1 : 0;
            const std::string& effect = ok ? w.ok_effect : w.fail_effect;
            p.results.push_back(outcome(label, ok ? w.ok_code : w.fail_code, ok ? w.ok_name : w.fail_name,
                                        effect.empty() ? std::vector<std::string>{} : std::vector<std::string>{effect},
                                        w.source));
            p.steps.push_back(label + ": " + roll_text(d.record().back()) + " " + (ok ? w.verb : w.fail_step));
            return p;
        },
        [&](size_t) { return w.thing + " " + w.verb + " on " + std::to_string(target); });
    add_parts(r, t.parts);
    return t.counts[1];
}

}  // namespace

Resolution resolve_rally(const RallyRequest& q, Dice& dice)
{
    check_count(q.rally_number, 1, 10, "{rally_number}");
    check_count(q.suppressed, 1, k_max_stands, "{suppressed}");
    check_count(q.modifier, -k_max_d10_modifier, k_max_d10_modifier, "{mod}");
    Resolution r;
    r.command = "rally";
    r.title = "Rally";
    r.source = "Great Battles of WWII 14.7";
    if (q.rally_table != nullptr) {
        note_table(r, *q.rally_table);
    }
    const int target = q.rally_number + q.modifier;
    r.steps.push_back("rally number " + std::to_string(q.rally_number) +
                      (q.modifier ? " " + signed_number(q.modifier) : "") +
                      ": each suppressed stand "
                      "rallies on " +
                      std::to_string(target) + " or less (14.7.1)");
    const int rallied =
        d10_each(r, dice, q.suppressed, target,
                 {"suppressed stand", "rallies", "rallied", "Rallied", "remove one suppression marker (14.7.1)",
                  "stays suppressed", "suppressed", "Still suppressed", "stays suppressed", r.source});
    r.result.code = rallied == q.suppressed ? "all" : rallied > 0 ? "some" : "none";
    r.result.name = std::to_string(rallied) + " of " + std::to_string(q.suppressed) + " rallied";
    r.result.fields = {{"rallied", static_cast<long long>(rallied)},
                       {"still_suppressed", static_cast<long long>(q.suppressed - rallied)}};
    r.result.effects = {"the rally costs the battalion one action; all rallies are simultaneous, so a "
                        "recovered stand does not help another this action (14.7.1, 14.7.2)"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_close_combat(const CloseCombatRequest& q, Dice& dice)
{
    for (const CloseCombatSide* side : {&q.attacker, &q.defender}) {
        const std::string field = "{" + side->name;
        check_count(side->stands, 1, k_max_stands, field + "_stands}");
        check_count(side->suppressed, 0, side->stands, field + "_suppressed}");
        check_count(side->rally_number, 1, 10, field + "_rally_number}");
        check_count(side->modifier, -k_max_d10_modifier, k_max_d10_modifier, field + "_mod}");
    }
    Resolution r;
    r.command = "close-combat";
    r.title = "Close combat";
    r.source = "Great Battles of WWII 14.8";
    for (const CloseCombatSide* side : {&q.attacker, &q.defender}) {
        if (side->rally_table != nullptr) {
            note_table(r, *side->rally_table);
        }
    }
    int a = dice.roll(k_d10, "close combat: attacker");
    int d = dice.roll(k_d10, "close combat: defender");
    int a_total = a + q.attacker.modifier;
    int d_total = d + q.defender.modifier;
    // "d10 8 +2 = 10", or "d10 8" with no modifier ("8 0 = 8" read as a sum of 80).
    const auto total_text = [](int roll, int modifier, int total) {
        return "d10 " + std::to_string(roll) +
               (modifier == 0 ? "" : " " + signed_number(modifier) + " = " + std::to_string(total));
    };
    r.steps.push_back("attacker " + total_text(a, q.attacker.modifier, a_total) + ", defender " +
                      total_text(d, q.defender.modifier, d_total) + " (14.8.2: the lower loses)");
    r.result.fields = {{"attacker_total", static_cast<long long>(a_total)},
                       {"defender_total", static_cast<long long>(d_total)}};
    if (a_total == d_total) {
        r.result.code = "tie";
        r.result.name = "Tie";
        r.result.effects = {"14.8.2 names no loser on equal rolls: both sides roll again"};
        r.result.source = r.source;
        r.rolls = dice.record();
        return r;
    }
    const bool attacker_wins = a_total > d_total;
    const CloseCombatSide& loser = attacker_wins ? q.defender : q.attacker;
    r.result.code = attacker_wins ? "attacker" : "defender";
    r.result.name = attacker_wins ? "Attacker wins" : "Defender wins";
    // Each of the loser's stands tests alone: 0 holds, 1 suppressed, 2 eliminated.
    auto t = dice.tally<Part>(
        static_cast<size_t>(loser.stands), 3,
        [&](Dice& d, size_t i) {
            const int n = static_cast<int>(i);
            bool already = n >= loser.stands - loser.suppressed;
            std::string label = loser.name + " stand " + std::to_string(n + 1) + (already ? " (suppressed)" : "");
            int roll = d.roll(k_d10, label + ": above " + std::to_string(loser.rally_number) + " fails");
            bool fails = roll > loser.rally_number;
            std::string code = !fails ? "holds" : already ? "eliminated" : "suppressed";
            Part p;
            p.category = !fails ? 0 : already ? 2 : 1;
            p.results.push_back(outcome(label, code,
                                        code == "holds"        ? "Holds"
                                        : code == "eliminated" ? "Eliminated"
                                                               : "Suppressed",
                                        {}, r.source));
            p.steps.push_back(label + ": " + roll_text(d.record().back()) + " -> " + code + " (14.8.2)");
            return p;
        },
        [&](size_t i) {
            // All a stand's test depends on: suppressed already or not, and the rally number.
            const bool already = static_cast<int>(i) >= loser.stands - loser.suppressed;
            return "close-combat loser stand: " + std::string(already ? "suppressed" : "unsuppressed") + ", rally " +
                   std::to_string(loser.rally_number);
        });
    add_parts(r, t.parts);
    const int suppressed = t.counts[1];
    const int eliminated = t.counts[2];
    r.result.fields.push_back({"loser_suppressed", static_cast<long long>(suppressed)});
    r.result.fields.push_back({"loser_eliminated", static_cast<long long>(eliminated)});
    if (loser.blocked) {
        r.result.effects.push_back("the loser cannot retreat without closing on enemy within 12\": it "
                                   "retreats a fraction of an inch and has a stand eliminated instead, "
                                   "unsuppressed stands first (14.8.3)");
    } else {
        r.result.effects.push_back("the loser retreats 3\" in a straight line within 45 degrees of the "
                                   "enemy's front, ending facing the enemy; its anti-tank guns limber "
                                   "and heavy weapons disassemble (14.8.3)");
    }
    if (suppressed + eliminated > 0 || loser.blocked) {
        r.result.effects.push_back("the loser tests morale in the coming Morale Phase (14.8.3)");
    }
    r.result.effects.push_back("the winner may advance 1\" and never tests morale this Morale Phase (14.8.4)");
    r.result.effects.push_back("an anti-tank gun not attached to an infantry battalion is eliminated in "
                               "close combat (14.8.5)");
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_infiltration(const Table& procedures, int morale, Dice& dice)
{
    check_count(morale, 1, 99, "{morale}");
    Resolution r;
    r.command = "infiltrate";
    r.title = "Infiltration through enemy lines";
    r.source = "Great Battles of WWII, Drop Zone rules (Air Landings)";
    note_table(r, procedures);
    int target = morale - procedures.constant("infiltration_morale_minus");
    r.result.fields.push_back({"target", static_cast<long long>(target)});
    int roll = dice.roll(k_d10, "infiltration: " + std::to_string(target) + " or less");
    bool through = roll <= target;
    r.steps.push_back("morale " + std::to_string(morale) + " - " +
                      std::to_string(procedures.constant("infiltration_morale_minus")) + " = " +
                      std::to_string(target) + ": " + roll_text(dice.record().back()) +
                      (through ? " gets through" : " fails"));
    r.result.code = through ? "through" : "eliminated";
    r.result.name = through ? "Through, suppressed" : "Eliminated";
    r.result.effects = {through ? "the stand completes its move and is marked suppressed" : "the stand is eliminated"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_replacement(const Table& chart, std::string_view supply, std::string_view situation, int eliminated,
                               Dice& dice)
{
    check_count(eliminated, 1, k_max_stands, "{eliminated}");
    Resolution r;
    r.command = "replace";
    r.title = "Replacement rolls";
    r.source = chart.source;
    note_table(r, chart);
    int target = number_cell(chart, supply, situation, "{supply}/{situation}");
    r.steps.push_back("supply " + std::string(supply) + ", " + std::string(situation) +
                      ": each eliminated stand returns on " + std::to_string(target) + " or less (" + chart.source +
                      ")");
    const int returned = d10_each(
        r, dice, eliminated, target,
        {"eliminated stand", "returns", "returned", "Returned", "", "stays lost", "lost", "Lost", "", chart.source});
    r.result.code = returned == eliminated ? "all" : returned > 0 ? "some" : "none";
    r.result.name = std::to_string(returned) + " of " + std::to_string(eliminated) + " returned";
    r.result.fields = {{"returned", static_cast<long long>(returned)}, {"target", static_cast<long long>(target)}};
    r.result.effects = {"returned stands rejoin their battalion (16.2.3)"};
    r.result.source = chart.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_fire(const Table& procedures, const FireRequest& q, Dice& dice)
{
    check_count(q.to_hit, 0, 10, "{to_hit}");
    check_count(q.to_destroy, 0, 10, "{to_destroy}");
    check_count(q.shots, 1, 50, "{shots}");
    Resolution r;
    r.command = "fire";
    r.title = "Direct fire";
    r.source = "Great Battles of WWII 14.4";
    int modifier = 0;
    auto add = [&](bool on, const char* constant, const char* why) {
        if (on) {
            int m = procedures.constant(constant);
            note_table(r, procedures);
            modifier += m;
            r.steps.push_back(signed_number(m) + " " + why);
        }
    };
    add(q.outside_front_arc, "fire_outside_front_arc", "firing outside the front 180 degrees (14.4.1)");
    add(q.heavy_weapons, "fire_heavy_weapons", "heavy weapons attached (14.4.12)");
    add(q.opportunity, "fire_opportunity", "opportunity fire (14.5.4)");
    const int target = q.to_hit + modifier;
    r.steps.push_back("hits on " + std::to_string(target) + " or less; each hit destroys on " +
                      std::to_string(q.to_destroy) + " or less, else suppresses (14.4.6, 14.4.7)");
    // Each shot alone: 0 misses, 1 hits and suppresses, 2 hits and destroys.
    auto t = dice.tally<Part>(
        static_cast<size_t>(q.shots), 3,
        [&](Dice& d, size_t i) {
            std::string label = "stand " + std::to_string(i + 1);
            Part p;
            int roll = d.roll(k_d10, label + ": to hit on " + std::to_string(target) + " or less");
            if (roll > target) {
                p.steps.push_back(label + ": " + roll_text(d.record().back()) + " misses");
                return p;
            }
            int effect = d.roll(k_d10, label + ": to destroy on " + std::to_string(q.to_destroy) + " or less");
            bool kills = effect <= q.to_destroy;
            p.category = kills ? 2 : 1;
            p.steps.push_back(label + ": hits; " + roll_text(d.record().back()) +
                              (kills ? " destroys" : " suppresses"));
            p.results.push_back(
                outcome(label, kills ? "destroyed" : "suppressed", kills ? "Destroyed" : "Suppressed", {}, r.source));
            return p;
        },
        [&](size_t) {
            return "fire: hit on " + std::to_string(target) + ", destroy on " + std::to_string(q.to_destroy);
        });
    add_parts(r, t.parts);
    const int destroyed = t.counts[2];
    const int hits = t.counts[1] + destroyed;
    r.result.code = destroyed > 0 ? "destroyed" : hits > 0 ? "suppressed" : "missed";
    r.result.name = std::to_string(hits) + " hit(s): " + std::to_string(destroyed) + " destroyed, " +
                    std::to_string(hits - destroyed) + " suppressed";
    r.result.fields = {{"hits", static_cast<long long>(hits)},
                       {"destroyed", static_cast<long long>(destroyed)},
                       {"suppressed", static_cast<long long>(hits - destroyed)}};
    if (hits > 0) {
        r.result.effects = {"the owner may take an infantry loss on any infantry, heavy weapon or command stand "
                            "of the battalion instead (14.4.11)",
                            "the battalion tests morale at the end of the turn (15.0)"};
    }
    if (q.opportunity) {
        r.result.effects.push_back("the firing battalion is marked Action Taken (14.5.5)");
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_drift(const Table& procedures, std::string_view altitude, bool glider, int stands, Dice& dice)
{
    check_count(stands, 1, 50, "{stands}");
    const std::string level = glider ? "low" : std::string(altitude);
    if (level != "high" && level != "medium" && level != "low") {
        throw usage_error("{altitude} " + std::string(altitude) + ": allowed high, medium, low");
    }
    const int halves = procedures.constant("drift_halves_" + level);
    auto scaled = [halves](int roll) {
        int h = roll * halves;
        return std::to_string(h / 2) + (h % 2 ? ".5" : "");
    };
    Resolution r;
    r.command = "drift";
    r.title = "Air landing drift";
    r.source = "Great Battles of WWII, Drop Zone rules (Air Landings, step 2)";
    note_table(r, procedures);
    r.steps.push_back((glider ? std::string("glider: always as from low altitude") : "from " + level + " altitude") +
                      ": each d10 times " + (halves % 2 ? "1/2" : std::to_string(halves / 2)));
    for (int i = 0; i < stands; ++i) {
        std::string label = "stand " + std::to_string(i + 1);
        int ns = dice.roll(k_d10, label + ": coloured die, north-south");
        int ew = dice.roll(k_d10, label + ": white die, east-west");
        Outcome o = outcome(label, "drift", scaled(ns) + " north-south, " + scaled(ew) + " east-west", {}, r.source);
        o.fields = {{"north_south", scaled(ns)}, {"east_west", scaled(ew)}};
        r.results.push_back(o);
        r.steps.push_back(label + ": " + std::to_string(ns) + " and " + std::to_string(ew) + " -> " + o.name);
    }
    r.result.code = "drift";
    r.result.name = std::to_string(stands) + " stand(s) drift";
    r.result.effects = {
        "the text does not say how north is told from south, or east from west: settle it before the drop",
        "stands landing in oceans, major rivers or off the table are destroyed",
        "flak (step 1) comes before the drift, the landing roll (step 3) after it; both charts are lost"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

namespace {

// A d10 per stand (plus MODIFIER) read under COLUMN of TABLE: destroyed, suppressed or
// none. result.code counts the destroyed, so it is true of every branch it sums.
Resolution per_stand(const Table& table, const std::string& column, int modifier, int stands, Resolution r, Dice& dice)
{
    check_count(stands, 1, 50, "{stands}");
    check_count(modifier, -k_max_d10_modifier, k_max_d10_modifier, "{mod}");
    note_table(r, table);
    const size_t c = *find_column(table, column);
    int destroyed = 0;
    int suppressed = 0;
    for (int i = 0; i < stands; ++i) {
        const std::string label = "stand " + std::to_string(i + 1);
        const int roll = dice.roll(*table.dice, label);
        const int total = roll + modifier;
        Outcome o;
        o.label = label;
        auto row = find_row(table, total);
        if (!row) {
            throw usage_error("table " + table.id + ": " + row.error());
        }
        o.code = table.rows.at(*row).cells.at(c);
        describe(o, table, "");
        o.source = table.source;
        destroyed += o.code == "destroyed" ? 1 : 0;
        suppressed += o.code == "suppressed" ? 1 : 0;
        r.steps.push_back(label + ": " + roll_text(dice.record().back()) +
                          (modifier ? " " + signed_number(modifier) + " = " + std::to_string(total) : "") + " under " +
                          column + " -> " + o.name + " (" + table.source + ")");
        r.results.push_back(std::move(o));
    }
    r.result.code = std::to_string(destroyed);
    r.result.name = std::to_string(destroyed) + " destroyed";
    r.result.fields.push_back({"suppressed", static_cast<long long>(suppressed)});
    r.result.fields.push_back({"unharmed", static_cast<long long>(stands - destroyed - suppressed)});
    r.result.source = table.source;
    r.rolls = dice.record();
    return r;
}

}  // namespace

Resolution resolve_flak(const Table& table, std::string_view aa, std::string_view altitude, bool glider, int stands,
                        Dice& dice)
{
    if (aa != "light" && aa != "medium" && aa != "heavy") {
        throw usage_error("{aa} " + std::string(aa) + ": allowed light, medium, heavy (as the scenario defines)");
    }
    const std::string level = glider ? "high" : std::string(altitude);
    if (level != "high" && level != "medium" && level != "low") {
        throw usage_error("{altitude} " + std::string(altitude) + ": allowed high, medium, low");
    }
    Resolution r;
    r.command = "flak";
    r.title = "Flak";
    r.source = table.source;
    r.steps.push_back(std::string(aa) + " AA against stands dropped from " + level + " altitude" +
                      (glider ? " (glider troops: always as from high altitude, step 1)" : ""));
    return per_stand(table, std::string(aa) + "-" + level, 0, stands, std::move(r), dice);
}

Resolution resolve_landing(const Table& table, std::string_view terrain, int modifier, int stands, Dice& dice)
{
    auto column = find_column(table, terrain);
    if (!column) {
        throw usage_error("{terrain} " + std::string(terrain) + ": allowed " + join(table.columns, ", ") +
                          suggestion(terrain, table.columns));
    }
    Resolution r;
    r.command = "landing";
    r.title = "Landing";
    r.source = table.source;
    return per_stand(table, std::string(terrain), modifier, stands, std::move(r), dice);
}

Resolution resolve_cops_overrun(const Table& procedures, std::string_view side, std::string_view division,
                                std::optional<int> available)
{
    if (available) {
        check_count(*available, 0, 1000, "{activation_points}");
    }
    Resolution r;
    r.command = "cops-overrun";
    r.title = "C Ops overrun";
    r.source = "Great Battles of WWII 5.1.3";
    note_table(r, procedures);
    const int lost = procedures.constant("cops_overrun_activation_points");
    const std::string whose = division.empty() ? std::string("the division") : std::string(division);
    r.result.code = "overrun";
    r.result.name = "C Ops overrun and destroyed";
    r.result.source = r.source;
    r.result.fields.push_back({"side", std::string(side)});
    if (!division.empty()) {
        r.result.fields.push_back({"division", std::string(division)});
    }
    r.result.fields.push_back({"activation_points_lost", static_cast<long long>(lost)});
    r.steps.push_back("the C Ops of " + whose + " is interpenetrated by an enemy stand: overrun and destroyed (5.1.3)");
    r.steps.push_back(std::string(side) + " loses " + std::to_string(lost) + " Activation Points (5.1.3)");
    if (available) {
        const int after = *available - lost;
        r.result.fields.push_back({"activation_points_after", static_cast<long long>(std::max(0, after))});
        r.steps.push_back(std::to_string(*available) + " Activation Points less " + std::to_string(lost) + ": " +
                          std::to_string(std::max(0, after)) + " left");
        if (after < 0) {
            r.notes.push_back("the side held only " + std::to_string(*available) +
                              ": 5.1.3 says 10 are lost and no more, so none remain and nothing is owed");
        }
    }
    r.result.effects = {
        std::string(side) + " loses " + std::to_string(lost) + " Activation Points",
        "every stand of " + whose +
            " is isolated in the coming night phase (replacement rolls read the isolated column, 16.2)",
        "the C Ops reappears by road on a friendly board edge at the beginning of the next day",
    };
    return r;
}

Resolution resolve_sighting(const Table& table, int turn, Dice& dice)
{
    const int first = table.constant("turn_1_inches");
    const int second = table.constant("turn_2_inches");
    const int later = table.constant("later_inches");
    if (turn == 1 || turn > 3) {
        throw usage_error("{turn} " + std::to_string(turn) + ": sighting is " +
                          std::to_string(turn == 1 ? first : later) +
                          "\" then, with no roll; the attacker rolls on turns 2 and 3 (8.2)");
    }
    check_count(turn, 1, 3, "{turn}");
    Resolution r = resolve_lookup(table, {}, dice);
    r.command = "sighting";
    int from = turn == 2 ? first : second;
    int to = turn == 2 ? second : later;
    r.inputs.push_back({"turn", static_cast<long long>(turn)});
    r.result.fields.push_back({"from_inches", static_cast<long long>(from)});
    r.result.fields.push_back({"to_inches", static_cast<long long>(to)});
    r.steps.push_back("turn " + std::to_string(turn) + ": sighting rises from " + std::to_string(from) + "\" to " +
                      std::to_string(to) + "\" (8.2)");
    return r;
}

namespace {

constexpr std::array<std::string_view, 13> k_ranks{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
constexpr std::array<char, 3> k_suits{'C', 'S', 'D'};

char card_suit(std::string_view card) { return card.empty() ? '?' : card.back(); }

std::string suit_name(char suit) { return suit == 'C' ? "clubs" : suit == 'S' ? "spades" : "diamonds"; }

// A card's place in deck order.
size_t card_order(std::string_view card)
{
    const char suit = card_suit(card);
    const std::string_view rank = card.substr(0, card.size() - 1);
    size_t s = static_cast<size_t>(std::find(k_suits.begin(), k_suits.end(), suit) - k_suits.begin());
    size_t r = static_cast<size_t>(std::find(k_ranks.begin(), k_ranks.end(), rank) - k_ranks.begin());
    return s * k_ranks.size() + r;
}

void sort_deck(std::vector<std::string>& cards)
{
    std::sort(cards.begin(), cards.end(),
              [](const std::string& a, const std::string& b) { return card_order(a) < card_order(b); });
}

int hand_points(const Table& procedures, const std::vector<std::string>& cards)
{
    int points = 0;
    for (const auto& c : cards) {
        points += card_points(procedures, c);
    }
    return points;
}

DeckHand& hand_of(DeckState& state, std::string_view side)
{
    for (auto& h : state.hands) {
        if (h.side == side) {
            return h;
        }
    }
    state.hands.push_back({std::string(side), {}});
    return state.hands.back();
}

std::string cards_text(const std::vector<std::string>& cards)
{
    return cards.empty() ? std::string("none") : join(cards, " ");
}

void deck_fields(const Table& procedures, const DeckState& state, std::string_view side, Outcome& out)
{
    for (const auto& h : state.hands) {
        if (h.side == side) {
            out.fields.push_back({"hand", h.cards});
            out.fields.push_back({"hand_points", static_cast<long long>(hand_points(procedures, h.cards))});
        }
    }
    out.fields.push_back({"deck_left", static_cast<long long>(state.deck.size())});
}

}  // namespace

DeckState full_deck()
{
    DeckState state;
    for (char suit : k_suits) {
        for (auto rank : k_ranks) {
            state.deck.push_back(std::string(rank) + suit);
        }
    }
    return state;
}

Expected<std::string> parse_card(std::string_view text)
{
    std::string card;
    for (char c : text) {
        card += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    const std::string where = "'" + std::string(text) + "': ";
    if (card.size() < 2) {
        return fail<std::string>(where + "a card is a rank and a suit: AS, 10C, QD");
    }
    const char suit = card.back();
    const std::string rank = card.substr(0, card.size() - 1);
    if (suit == 'H') {
        return fail<std::string>(where + "the hearts are removed from the Activation Deck (Drop Zone rules)");
    }
    if (std::find(k_suits.begin(), k_suits.end(), suit) == k_suits.end()) {
        return fail<std::string>(where + "the suit is C, S or D (clubs, spades, diamonds)");
    }
    if (std::find(k_ranks.begin(), k_ranks.end(), rank) == k_ranks.end()) {
        return fail<std::string>(where + "the rank is A, 2 to 10, J, Q or K");
    }
    return card;
}

Expected<std::string> parse_deck_side(std::string_view text)
{
    const bool ok = !text.empty() && text.size() <= 32 && std::islower(static_cast<unsigned char>(text[0])) &&
                    std::all_of(text.begin(), text.end(), [](char c) {
                        return std::islower(static_cast<unsigned char>(c)) ||
                               std::isdigit(static_cast<unsigned char>(c)) || c == '-';
                    });
    if (!ok) {
        return fail<std::string>("'" + std::string(text) +
                                 "': a side is 1 to 32 lower-case letters, digits and '-', starting with a letter "
                                 "(allied, german)");
    }
    return std::string(text);
}

int card_points(const Table& procedures, std::string_view card)
{
    // Exact odds draw colours only: "black" reads as a spade, "diamond" as a diamond.
    const char suit = card == "black" ? 'S' : card == "diamond" ? 'D' : card_suit(card);
    return procedures.constant("deck_points_" + suit_name(suit));
}

Resolution resolve_deck_draw(const Table& procedures, const DeckState& before, const DeckDraw& q, Dice& dice,
                             DeckState& after)
{
    after = before;
    const int left = static_cast<int>(before.deck.size());
    if (!q.given.empty() && static_cast<int>(q.given.size()) != q.count) {
        throw usage_error("{card}: " + std::to_string(q.given.size()) + " cards given for {count} " +
                          std::to_string(q.count));
    }
    check_count(q.count, 1, std::max(1, left), "{count}");
    if (left == 0) {
        throw usage_error("{count}: the deck is empty; every card is in a hand");
    }
    if (q.need) {
        check_count(*q.need, 0, 39, "{need}");
    }
    Resolution r;
    r.command = "deck draw";
    r.title = "Activation Deck: draw";
    r.source = "Great Battles of WWII, Drop Zone rules: Activation Points";
    note_table(r, procedures);
    std::vector<std::string>& deck = after.deck;
    std::vector<std::string> drawn;
    int points = 0;
    for (int i = 0; i < q.count; ++i) {
        std::string card;
        const std::string n = "card " + std::to_string(i + 1);
        if (!q.given.empty()) {
            card = q.given[static_cast<size_t>(i)];
            auto at = std::find(deck.begin(), deck.end(), card);
            if (at == deck.end()) {
                throw usage_error("{card} " + card + " is not in the deck (it is in a hand, or given twice)");
            }
            deck.erase(at);
        } else {
            std::vector<std::string> black;
            std::vector<std::string> diamonds;
            for (const auto& c : deck) {
                (card_suit(c) == 'D' ? diamonds : black).push_back(c);
            }
            const size_t colour = dice.pick({black.size(), diamonds.size()},
                                            n + ": black or diamond, by what is left (" + std::to_string(black.size()) +
                                                " black, " + std::to_string(diamonds.size()) + " diamonds)");
            const std::vector<std::string>& pool = colour == 0 ? black : diamonds;
            if (q.name_cards) {
                const size_t which = dice.pick(std::vector<std::uint64_t>(pool.size(), 1),
                                               n + ": which of the " + std::to_string(pool.size()) +
                                                   (colour == 0 ? " black cards" : " diamonds"));
                card = pool[which];
                deck.erase(std::find(deck.begin(), deck.end(), card));
            } else {
                card = colour == 0 ? "black" : "diamond";
                deck.erase(std::find(deck.begin(), deck.end(), pool.front()));
            }
        }
        const int p = card_points(procedures, card);
        points += p;
        drawn.push_back(card);
        r.steps.push_back(n + ": " + card + ", " + std::to_string(p) +
                          (p == 1 ? " Activation Point" : " Activation Points"));
    }
    DeckHand& hand = hand_of(after, q.side);
    hand.cards.insert(hand.cards.end(), drawn.begin(), drawn.end());
    const int held = hand_points(procedures, hand.cards);
    r.result.code = std::to_string(points);
    r.result.name = std::to_string(points) + (points == 1 ? " Activation Point drawn" : " Activation Points drawn");
    r.result.source = r.source;
    r.result.fields.push_back({"side", q.side});
    r.result.fields.push_back({"cards", drawn});
    deck_fields(procedures, after, q.side, r.result);
    r.steps.push_back(q.side + " holds " + cards_text(hand.cards) + ": " + std::to_string(held) +
                      " Activation Points; " + std::to_string(after.deck.size()) + " cards left in the deck");
    if (q.need) {
        const bool enough = held >= *q.need;
        r.result.fields.push_back({"enough", enough});
        r.steps.push_back(std::to_string(*q.need) + " Activation Points wanted: " + (enough ? "enough" : "not enough"));
    }
    r.rolls = dice.record();
    return r;
}

Resolution resolve_deck_play(const Table& procedures, const DeckState& before, std::string_view side, int points,
                             DeckState& after)
{
    after = before;
    check_count(points, 1, 39, "{points}");
    DeckHand& hand = hand_of(after, side);
    Resolution r;
    r.command = "deck play";
    r.title = "Activation Deck: play";
    r.source = "Great Battles of WWII, Drop Zone rules: Activation Points";
    note_table(r, procedures);
    std::vector<std::string> played;
    int paid = 0;
    for (auto it = hand.cards.begin(); it != hand.cards.end() && paid < points;) {
        const int p = card_points(procedures, *it);
        if (p > 0 && paid + p <= points) {
            paid += p;
            played.push_back(*it);
            it = hand.cards.erase(it);
        } else {
            ++it;
        }
    }
    if (paid < points) {
        const DeckState& b = before;
        std::vector<std::string> held;
        for (const auto& h : b.hands) {
            if (h.side == side) {
                held = h.cards;
            }
        }
        throw usage_error("{points} " + std::to_string(points) + ": " + std::string(side) + " holds " +
                          std::to_string(hand_points(procedures, held)) + " Activation Points (" + cards_text(held) +
                          ")");
    }
    after.deck.insert(after.deck.end(), played.begin(), played.end());
    sort_deck(after.deck);
    r.steps.push_back(std::string(side) + " plays " + cards_text(played) + " for " + std::to_string(paid) +
                      " Activation Points; they return to the deck, which is shuffled (Drop Zone rules)");
    r.result.code = "played";
    r.result.name = std::to_string(paid) + " Activation Points played";
    r.result.source = r.source;
    r.result.fields.push_back({"side", std::string(side)});
    r.result.fields.push_back({"cards", played});
    deck_fields(procedures, after, side, r.result);
    r.notes.push_back("diamonds are worth no Activation Points and are never played: they stay in the hand (the "
                      "text returns only played black cards to the deck)");
    return r;
}

Resolution resolve_deck_show(const Table& procedures, const DeckState& state)
{
    Resolution r;
    r.command = "deck show";
    r.title = "Activation Deck";
    r.source = "Great Battles of WWII, Drop Zone rules: Activation Points";
    note_table(r, procedures);
    int black = 0;
    for (const auto& c : state.deck) {
        black += card_suit(c) == 'D' ? 0 : 1;
    }
    r.result.code = std::to_string(state.deck.size());
    r.result.name = std::to_string(state.deck.size()) + " cards in the deck";
    r.result.source = r.source;
    r.result.fields.push_back({"deck_black", static_cast<long long>(black)});
    r.result.fields.push_back({"deck_diamonds", static_cast<long long>(static_cast<int>(state.deck.size()) - black)});
    r.steps.push_back("the deck: " + std::to_string(black) + " black cards (1 Activation Point each), " +
                      std::to_string(state.deck.size() - static_cast<size_t>(black)) + " diamonds (none)");
    for (const auto& h : state.hands) {
        Outcome o;
        o.label = h.side;
        o.code = std::to_string(hand_points(procedures, h.cards));
        o.name = o.code + (o.code == "1" ? " Activation Point in hand" : " Activation Points in hand");
        o.fields.push_back({"hand", h.cards});
        r.results.push_back(std::move(o));
        r.steps.push_back(h.side + " holds " + cards_text(h.cards));
    }
    return r;
}

namespace {

// The stands UNIT began the day with (15.1): every stand it has, suppressed, eliminated or not.
long long stands_today(const GameState& g, std::string_view unit) { return g.number(unit, "stands_at_start_of_day"); }

// The steps of a day (7.0): the dawn phase (7.1, 8.0), then each day turn the first player's
// turn and the second's (7.2: D1-D9 each, morale at D9, 15.0), after the day's last turn the
// night phase (16.0), then the next day's dawn (16.3). The clock's "phase"; a file that has
// none is at the first player's turn (files written before umpire kept it).
constexpr std::array<std::string_view, 4> k_phases{"dawn", "first-player", "second-player", "night"};

std::string phase_of(const GameState& g)
{
    const std::string p = g.value("", "phase");
    return p.empty() ? std::string("first-player") : p;
}

// The day's fighting is the day turns (7.0): at dawn the players allocate artillery, deploy,
// and activate (8.0, 9.1); at night "all combat and movement ceases" (16.1), and only the
// night's own rolls (replacement, 16.2) change the board.
void refuse_outside_turns(const GameState& g, const Resolution& r)
{
    const std::string phase = phase_of(g);
    if (phase == "dawn") {
        throw usage_error(r.command + ": it is the dawn phase of day " + g.value("", "day") +
                          " (7.1, 8.0): weather, deployment, sighting, the first player and activations; the "
                          "day's fighting starts with turn 1: 'game next'");
    }
    if (phase == "night" && r.command != "replace") {
        throw usage_error(r.command + ": it is the night after day " + g.value("", "day") +
                          ": the day's fighting is over, all combat and movement ceases (16.1); "
                          "'game next' brings the dawn of day " +
                          std::to_string(g.number("", "day") + 1));
    }
}

// 14.8: the loser's stands suppressed, those already suppressed eliminated; the loser
// tests morale, the winner does not (14.8.3, 14.8.4, 15.0).
std::vector<Change> close_combat_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    const bool attacker_won = r.result.code == "attacker";
    const GameUnit* loser = g.find_unit(field_text(r.inputs, attacker_won ? "defender_unit" : "attacker_unit"));
    const GameUnit* winner = g.find_unit(field_text(r.inputs, attacker_won ? "attacker_unit" : "defender_unit"));
    if (loser != nullptr) {
        const std::string& n = loser->name;
        const long long hit = field_number(r.result.fields, "loser_suppressed");
        const long long gone = field_number(r.result.fields, "loser_eliminated");
        // The battalion's own limits (14.8.2): no more eliminated than it has stands, no more
        // suppressed than it has left.
        const long long eliminated = std::min<long long>(g.number(n, "eliminated") + gone, stands_today(g, n));
        const long long suppressed =
            std::clamp<long long>(g.number(n, "suppressed") + hit - gone, 0, stands_today(g, n) - eliminated);
        out.push_back(change_to(g, n, "suppressed", std::to_string(suppressed), "14.8.2"));
        out.push_back(change_to(g, n, "eliminated", std::to_string(eliminated), "14.8.2"));
        out.push_back(change_to(g, n, "morale_check_due", "true", "14.8.3"));
    }
    if (winner != nullptr) {
        out.push_back(change_to(g, winner->name, "morale_check_due", "false", "14.8.4"));
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    return out;
}

std::vector<Change> unit_changes(const GameState& g, const Resolution& r);

// Every change a resolution makes, and the day's tally of stands suppressed: casualty
// points "accumulated over the day's fighting" count a stand suppressed even after it
// rallies (15.1; morale reads it either way).
std::vector<Change> great_battles_changes(const GameState& g, const Resolution& r)
{
    refuse_outside_turns(g, r);
    std::vector<Change> out = r.command == "close-combat" ? close_combat_changes(g, r) : unit_changes(g, r);
    const size_t made = out.size();
    for (size_t i = 0; i < made; ++i) {
        const Change& c = out[i];
        auto from = parse_int(c.from, 0, 1000000);
        auto to = parse_int(c.to, 0, 1000000);
        if (c.key == "suppressed" && from && to && *to > *from) {
            out.push_back(change_to(g, c.unit, "suppressed_today",
                                    std::to_string(g.number(c.unit, "suppressed_today") + (*to - *from)), "15.1"));
        }
    }
    return out;
}

std::vector<Change> unit_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    const GameUnit* unit = g.find_unit(field_text(r.inputs, "unit"));
    if (unit == nullptr) {
        return out;
    }
    const std::string& n = unit->name;
    const int suppressed = g.number(n, "suppressed");
    const int eliminated = g.number(n, "eliminated");
    if (r.command == "suppress") {
        const long long s = field_number(r.result.fields, "suppressed");
        const long long d = field_number(r.result.fields, "destroyed");
        // Destroyed stands leave the battalion (12.2); the suppressed may not outnumber the
        // stands left: a suppressed stand suppressed again is not eliminated, and "extra
        // suppression has no additional effect" (11.3.1).
        const long long gone = std::min<long long>(eliminated + d, stands_today(g, n));
        const long long left = stands_today(g, n) - gone;
        const long long now = std::min<long long>(suppressed + s, left);
        if (now != suppressed) {
            out.push_back(
                change_to(g, n, "suppressed", std::to_string(now), now < suppressed + s ? "11.3.3, 11.3.1" : "11.3.3"));
        }
        if (gone != eliminated) {
            out.push_back(change_to(g, n, "eliminated", std::to_string(gone), "12.2"));
        }
        if (now > suppressed || gone > eliminated) {
            out.push_back(change_to(g, n, "morale_check_due", "true", "15.0"));
        }
    } else if (r.command == "rally") {
        const long long rallied = field_number(r.result.fields, "rallied");
        if (rallied > 0) {
            out.push_back(change_to(g, n, "suppressed", std::to_string(std::max(0LL, suppressed - rallied)), "14.7"));
        }
    } else if (r.command == "replace") {
        const long long returned = field_number(r.result.fields, "returned");
        out.push_back(change_to(g, n, "replaced_on_day", g.value("", "day"), "16.2"));
        if (returned > 0) {
            out.push_back(change_to(g, n, "stands_at_start_of_day",
                                    std::to_string(g.number(n, "stands_at_start_of_day") + returned), "16.2.3"));
        }
    } else if (r.command == "morale") {
        out.push_back(change_to(g, n, "morale_check_due", "false", "15.0"));
        if (r.result.code == "breaks") {
            out.push_back(change_to(g, n, "gone_to_ground", "true", "15.2.1"));
        }
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    return out;
}

// The day's clock and every battalion against its own stands (11.3.1, 14.8.2, 15.1, 16.2).
std::vector<StateProblem> great_battles_check(const GameState& g)
{
    StateCheck c(g);
    c.keys("", {"day", "turn", "month", "turns_in_day", "phase"});
    c.one_of("", "phase", {k_phases.begin(), k_phases.end()});
    const auto day = c.number("", "day", 1, k_max_clock);
    const auto turns = c.number("", "turns_in_day", 1, 99);
    if (turns) {
        c.number("", "turn", 1, *turns);
    }
    for (const auto& u : g.units) {
        const std::string& n = u.name;
        c.keys(n, {"stands_at_start_of_day", "suppressed", "suppressed_today", "eliminated", "replaced_on_day",
                   "gone_to_ground", "morale_check_due", "stand"});
        const auto stands = c.number(n, "stands_at_start_of_day", 0, k_max_stands);
        if (!stands) {
            continue;
        }
        const auto eliminated = c.number(n, "eliminated", 0, *stands);
        const long long left = *stands - eliminated.value_or(0);
        if (auto s = c.number(n, "suppressed", 0, k_max_stands); s && *s > left) {
            c.problem(n, "suppressed",
                      std::to_string(*s) + " suppressed stands, but the battalion has " + std::to_string(left) + " (" +
                          std::to_string(*stands) + " at the start of the day, " +
                          std::to_string(eliminated.value_or(0)) +
                          " eliminated): a suppressed stand suppressed again is not eliminated, extra suppression "
                          "has no additional effect (11.3.1)");
        }
        // Every stand suppressed today, rallied or not (15.1): never fewer than those suppressed now.
        if (auto today = c.number(n, "suppressed_today", 0, k_max_suppressions_in_day);
            today && *today < g.number(n, "suppressed")) {
            c.problem(n, "suppressed_today",
                      std::to_string(*today) + " stands suppressed today, fewer than the " + g.value(n, "suppressed") +
                          " suppressed now (15.1)");
        }
        if (!g.value(n, "replaced_on_day").empty() && day) {
            c.number(n, "replaced_on_day", 1, *day);
        }
        c.flag(n, "gone_to_ground");
        c.flag(n, "morale_check_due");
        // How its stands stand, as the suppress command names a stand: COVER[:TYPE] (the covers are the
        // suppression table's rows, read when it is used; the types are 11.3.3's and 12.2's).
        if (const std::string stand = g.value(n, "stand"); !stand.empty()) {
            const auto parts = split(stand, ':');
            const bool word =
                !parts.empty() && !parts[0].empty() &&
                std::all_of(parts[0].begin(), parts[0].end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
            if (parts.size() > 2 || !word || (parts.size() == 2 && find_stand_type(parts[1]) == nullptr)) {
                std::vector<std::string> types;
                for (const auto& t : stand_types()) {
                    types.emplace_back(t.name);
                }
                c.problem(n, "stand",
                          "'" + stand +
                              "': COVER[:TYPE], a cover as the suppression chart names it (open, soft, "
                              "hard, bunker) and a type: " +
                              join(types, ", ") + " (11.3.3)");
            }
        }
    }
    return c.problems;
}

}  // namespace

GameRules great_battles_game_rules()
{
    GameRules rules;
    rules.game = "great-battles";
    rules.title = "Great Battles of WWII";
    rules.scenario = std::string(k_great_battles_scenario);
    rules.start = [](const Scenario& s, const TableOf& table) {
        GameState g;
        g.game = "great-battles";
        g.scenario = s.id;
        const Table& length = table("great-battles.day-length");
        std::string turns = "9";
        if (!s.start.empty()) {
            if (auto row = find_row(length, s.start)) {
                turns = length.rows[*row].cells.at(0);
            }
        }
        // Each day begins with its dawn phase (7.0), the first day too.
        g.clock = {{"day", "1"}, {"turn", "1"}, {"month", s.start}, {"turns_in_day", turns}, {"phase", "dawn"}};
        for (const auto& u : s.units) {
            if (u.stands > 0) {
                g.units.push_back({u.name,
                                   u.side,
                                   {{"stands_at_start_of_day", std::to_string(u.stands)},
                                    {"suppressed", "0"},
                                    {"suppressed_today", "0"},
                                    {"eliminated", "0"},
                                    {"replaced_on_day", ""},
                                    {"gone_to_ground", "false"},
                                    {"morale_check_due", "false"},
                                    {"stand", "open"}}});
            }
        }
        return g;
    };
    rules.changes = great_battles_changes;
    rules.check = great_battles_check;
    rules.check_tables = [](const GameState& g, const TableOf& table) {
        std::vector<StateProblem> out;
        for (const auto& u : g.units) {
            if (const std::string stand = g.value(u.name, "stand"); !stand.empty()) {
                if (auto parsed = parse_stand(stand, table("great-battles.suppression")); !parsed) {
                    out.push_back({u.name, "stand", parsed.error() + " (11.3.3)"});
                }
            }
        }
        return out;
    };
    rules.sequence = {
        {"dawn",
         "the dawn phase",
         "7.1, 8.0",
         "",
         {"day and turn 1 begin (16.3: play proceeds to the Dawn Phase of the next day)"},
         {"roll the day's weather (8.0)", "dawn deployment from the FUP, the attacker first (8.1)",
          "allocate the day's artillery: pre-planned, pre-registered, on call (11.0)",
          "the first player: the attacker may declare himself first, or pass (8.3)",
          "activations before the day's fighting, the first player first (9.1)"}},
        {"first-player",
         "the first player's turn",
         "7.2",
         "each of the day's turns (7.2)",
         {},
         {"the first player follows D1-D9: activations, actions, fire, movement, close combat (7.2)",
          "at its end both players test the morale of every battalion with a stand suppressed or eliminated "
          "(15.0): game next waits for it, or {skip_due}"}},
        {"second-player",
         "the second player's turn",
         "7.2",
         "each of the day's turns (7.2)",
         {},
         {"the second player follows D1-D9 as the first did (7.2)",
          "at its end the morale checks due (15.0): game next waits for them, or {skip_due}"}},
        {"night",
         "the night phase",
         "16.0",
         "after the day's last turn",
         {"every suppression marker comes off (16.1.1)", "Gone to Ground ends with the day (15.2.1)",
          "each battalion starts the next day with the stands it has left (15.1)"},
         {"all combat and movement ceases (16.1)",
          "the FUP may be brought forward to its C Ops along a road clear of the enemy (16.1.1)",
          "replacement rolls for the eliminated stands, a d10 each: replace {unit} (16.2)",
          "redeployment, the attacker first: any unit may go to the reserve (16.3.1)",
          "artillery rounds recovered as the scenario says (16.3)"}},
    };
    rules.step = phase_of;
    rules.next = [](const GameState& g, const TableOf&, Dice& dice, std::vector<Change>& changes,
                    const StatusList& given) {
        Resolution r;
        r.command = "game next";
        r.title = "Next step of the day";
        r.source = "Great Battles of WWII 7.0";
        const int day = g.number("", "day");
        const int turn = g.number("", "turn");
        const int turns = g.number("", "turns_in_day");
        const std::string phase = phase_of(g);
        const std::string day_turn =
            "Day " + std::to_string(day) + ", turn " + std::to_string(turn) + " of " + std::to_string(turns);
        // 15.0: "At the end of a player's turn, both players must test the morale of any
        // battalion that suffered at least one stand suppressed or eliminated": the turn does
        // not end past a check still due, unless the referee says to pass it (journalled).
        if (phase == "first-player" || phase == "second-player") {
            std::vector<std::string> due;
            for (const auto& u : g.units) {
                if (g.value(u.name, "morale_check_due") == "true") {
                    due.push_back(u.name);
                }
            }
            const bool skip = std::any_of(given.begin(), given.end(),
                                          [](const auto& kv) { return kv.first == "skip_due" && kv.second == "true"; });
            if (!due.empty() && !skip) {
                throw usage_error(
                    "the " + std::string(phase == "first-player" ? "first" : "second") +
                    " player's turn does not end yet: " + join(due, ", ") + (due.size() == 1 ? " is" : " are") +
                    " due a morale check (15.0: at the end of a player's turn, any battalion that suffered a stand "
                    "suppressed or eliminated tests morale); test it (morale, applied to the game), or pass it with "
                    "{skip_due}, which the journal keeps");
            }
            for (const auto& n : due) {
                r.notes.push_back("the referee passed " + n + "'s morale check (15.0)");
                changes.push_back(change_to(g, n, "morale_check_due", "false", "15.0, passed by the referee"));
            }
        }
        if (phase == "dawn") {
            changes.push_back(change_to(g, "", "phase", "first-player", "7.1"));
            r.result.code = std::to_string(day) + "-1-1";
            r.result.name =
                "Day " + std::to_string(day) + ", turn 1 of " + std::to_string(turns) + ", the first player's turn";
        } else if (phase == "first-player") {
            changes.push_back(change_to(g, "", "phase", "second-player", "7.2"));
            r.result.code = std::to_string(day) + "-" + std::to_string(turn) + "-2";
            r.result.name = day_turn + ", the second player's turn";
        } else if (phase == "second-player" && turn < turns) {
            changes.push_back(change_to(g, "", "turn", std::to_string(turn + 1), "7.2"));
            changes.push_back(change_to(g, "", "phase", "first-player", "7.2"));
            r.result.code = std::to_string(day) + "-" + std::to_string(turn + 1) + "-1";
            r.result.name = "Day " + std::to_string(day) + ", turn " + std::to_string(turn + 1) + " of " +
                            std::to_string(turns) + ", the first player's turn";
        } else if (phase == "second-player") {
            // The night phase (16.1): the day's fighting is over. Suppression markers come off
            // (16.1.1, N2); Gone to Ground held "for the rest of that day" (15.2.1); the next
            // day counts its stands afresh (15.1: the stands it started the day with, the
            // casualty points of that day's fighting).
            changes.push_back(change_to(g, "", "phase", "night", "16.1"));
            for (const auto& u : g.units) {
                const std::string& n = u.name;
                const int left = g.number(n, "stands_at_start_of_day") - g.number(n, "eliminated");
                changes.push_back(change_to(g, n, "suppressed", "0", "16.1.1"));
                changes.push_back(change_to(g, n, "gone_to_ground", "false", "15.2.1"));
                changes.push_back(change_to(g, n, "stands_at_start_of_day", std::to_string(left), "15.1"));
                changes.push_back(change_to(g, n, "eliminated", "0", "15.1"));
                changes.push_back(change_to(g, n, "suppressed_today", "0", "15.1"));
            }
            r.result.code = std::to_string(day) + "-night";
            r.result.name = "The night after day " + std::to_string(day);
            r.result.source = "Great Battles of WWII 16.1";
        } else {
            // "Play then proceeds to the Dawn Phase of the next day" (16.3).
            changes.push_back(change_to(g, "", "day", std::to_string(day + 1), "16.3"));
            changes.push_back(change_to(g, "", "turn", "1", "7.0"));
            changes.push_back(change_to(g, "", "phase", "dawn", "7.1"));
            r.result.code = std::to_string(day + 1) + "-dawn";
            r.result.name = "The dawn phase of day " + std::to_string(day + 1);
            r.result.source = "Great Battles of WWII 7.1, 8.0";
        }
        if (r.result.source.empty()) {
            r.result.source = r.source;
        }
        r.rolls = dice.record();
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        const std::string phase = phase_of(g);
        if (phase == "night") {
            r.result.code = g.value("", "day") + "-night";
            r.result.name = "The night after day " + g.value("", "day") + " (16.1)";
        } else if (phase == "dawn") {
            r.result.code = g.value("", "day") + "-dawn";
            r.result.name = "The dawn phase of day " + g.value("", "day") + " (7.1, 8.0)";
        } else {
            r.result.code = g.value("", "day") + "-" + g.value("", "turn") + (phase == "first-player" ? "-1" : "-2");
            r.result.name = "Day " + g.value("", "day") + ", turn " + g.value("", "turn") + " of " +
                            g.value("", "turns_in_day") + ", the " + (phase == "first-player" ? "first" : "second") +
                            " player's turn";
        }
        for (const auto& u : g.units) {
            const int s = g.number(u.name, "suppressed");
            const int e = g.number(u.name, "eliminated");
            const std::string tally = g.value(u.name, "suppressed_today");
            const int today = tally.empty() ? s : g.number(u.name, "suppressed_today");
            std::string line = u.name + " (" + u.side + "): " + g.value(u.name, "stands_at_start_of_day");
            if (phase == "dawn") {
                line += " stands for the day (15.1)";
            } else if (phase == "night") {
                line += " stands for the next day (15.1), replacements rolled " +
                        std::string(g.value(u.name, "replaced_on_day") == g.value("", "day") ? "(16.2)" : "not yet");
            } else {
                line += " stands at the start of the day, " + std::to_string(e) + " eliminated, " + std::to_string(s) +
                        " suppressed, " + std::to_string(2 * e + today) +
                        " casualty points (15.1: accumulated today; " + std::to_string(2 * e + s) +
                        " counting only stands suppressed now)";
            }
            if (const std::string stand = g.value(u.name, "stand"); !stand.empty() && stand != "open") {
                line += ", stands " + stand;
            }
            if (g.value(u.name, "gone_to_ground") == "true") {
                line += ", gone to ground (15.2.1)";
            }
            Outcome board;
            board.code = u.name;
            board.name = u.side;
            board.effects = {line.substr(line.find(": ") + 2)};
            r.results.push_back(std::move(board));
            if (g.value(u.name, "morale_check_due") == "true") {
                r.result.effects.push_back(u.name +
                                           " had a stand suppressed or eliminated this turn: it tests morale at the "
                                           "end of the player's turn (15.0)");
            }
        }
    };
    rules.clock_text = [](const GameState& g) {
        const std::string phase = phase_of(g);
        if (phase == "night" || phase == "dawn") {
            return phase + " " + g.value("", "day");
        }
        return "day " + g.value("", "day") + " turn " + g.value("", "turn") +
               (phase == "first-player" ? " 1st" : " 2nd");
    };
    rules.words = [](const Change& c) -> std::string {
        const std::string& u = c.unit;
        if (c.key == "suppressed" && c.rule == "16.1.1") {
            return u + "'s suppressed stands recover, their markers removed";
        }
        if (c.key == "suppressed") {
            return u + " has " + c.to + " suppressed stand" + (c.to == "1" ? "" : "s");
        }
        if (c.key == "eliminated" && c.rule == "15.1") {
            return "";  // the night: the day's count starts again, said by the stands it starts with
        }
        if (c.key == "eliminated") {
            return u + " has lost " + c.to + " stand" + (c.to == "1" ? "" : "s") + " today";
        }
        if (c.key == "stand") {
            return u + "'s stands now stand " + c.to + " (cover[:type], 11.3.3)";
        }
        if (c.key == "gone_to_ground") {
            return u + (c.to == "true" ? " has gone to ground" : " is no longer gone to ground");
        }
        if (c.key == "stands_at_start_of_day" && !u.empty()) {
            return u + " starts the " + (c.rule == "15.1" ? "next " : "") + "day with " + c.to + " stands";
        }
        return "";
    };
    return rules;
}

}  // namespace umpire::core
