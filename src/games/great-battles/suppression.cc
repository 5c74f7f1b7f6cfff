// Great Battles' stands under fire: stand types, suppression (11), morale (14) and the
// rally numbers of a battalion's quality.
#include "games/great-battles/great_battles.h"
#include "games/great-battles/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace umpire::core {

using namespace great_battles_internal;

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
    if (q.gone_to_ground) {
        r.steps.push_back("the battalion has Gone to Ground: it cannot be activated for the rest of the day "
                          "(15.2.1, 9.4), so its stands are read as non-activated (9.3, 11.3.3)");
    }
    int fb_to = table.constant("fighter_bomber_destroys_to");
    int rocket_to = table.constant("rocket_destroys_to");
    int rocket_vehicle_to = table.constant("rocket_destroys_vehicle_or_bunker_to");
    // Each stand under the template alone: 0 unaffected, 1 suppressed, 2 destroyed, 3 destroyed
    // when it was already suppressed.
    auto t = dice.tally<Part>(
        q.stands.size(), 4,
        [&](Dice& d, size_t i) {
            const Stand& s = q.stands[i];
            const StandType* type = find_stand_type(s.type);
            const std::string label = "stand " + std::to_string(i + 1) + " (" + s.type + ", " + s.cover +
                                      (s.suppressed ? ", suppressed" : "") + ")";
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
            // 11.3.1: "Extra suppression has no additional effect", and a barrage never destroys.
            const std::string again = "already suppressed: suppressed again it is not eliminated, extra suppression "
                                      "has no additional effect (11.3.1)";
            if (s.suppressed && q.attack == Attack::artillery) {
                p.results.push_back(outcome(label, "unaffected", "Unaffected", {again}, table.game + " 11.3.1"));
                p.results.back().severity = "none";
                p.steps.push_back(label + ": " + again + ", no roll");
                return p;
            }
            int target = number_cell(table, s.cover, column, "{stand}");
            // The die's purpose says everything it can do, as the working line will.
            std::string purpose = "suppressed on " + std::to_string(target) + " or less";
            if (q.attack == Attack::fighter_bomber) {
                purpose = "1-" + std::to_string(fb_to) + " destroys (12.2.1), else " + purpose;
            } else if (q.attack == Attack::rocket) {
                purpose = "1-" +
                          std::to_string((type->vehicle || s.cover == "bunker") ? rocket_vehicle_to : rocket_to) +
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
            if (s.suppressed && code == "suppressed") {
                code = "unaffected";
                why += ", " + again;
            }
            p.steps.push_back(label + ": " + roll_text(d.record().back()) + " " + why + " -> " + code);
            if (code == "destroyed") {
                p.category = s.suppressed ? 3 : 2;
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
                p.results.push_back(outcome(label, code, "Unaffected",
                                            s.suppressed ? std::vector<std::string>{again} : std::vector<std::string>{},
                                            table.source));
                p.results.back().severity = "none";
            }
            return p;
        },
        // what a stand's die depends on: its type, cover and suppression, under this attack and
        // column (so an odds walk counts stands alike once, as a multinomial)
        [&](size_t i) {
            return table.id + "/" + column + "/" + std::to_string(static_cast<int>(q.attack)) + "/" + q.stands[i].type +
                   "/" + q.stands[i].cover + (q.stands[i].suppressed ? "/suppressed" : "");
        });
    add_parts(r, t.parts);
    const int unaffected = t.counts[0];
    const int suppressed = t.counts[1];
    const int destroyed = t.counts[2] + t.counts[3];
    r.result.code = destroyed > 0 ? "destroyed" : suppressed > 0 ? "suppressed" : "unaffected";
    r.result.severity = destroyed > 0 ? "severe" : suppressed > 0 ? "heavy" : "none";
    r.result.name = std::to_string(suppressed) + " suppressed, " + std::to_string(destroyed) + " destroyed, " +
                    std::to_string(unaffected) + " unaffected";
    r.result.fields = {{"suppressed", static_cast<long long>(suppressed)},
                       {"destroyed", static_cast<long long>(destroyed)},
                       {"unaffected", static_cast<long long>(unaffected)}};
    if (t.counts[3] > 0) {
        r.result.fields.push_back({"destroyed_suppressed", static_cast<long long>(t.counts[3])});
    }
    if (q.attack == Attack::artillery) {
        r.result.effects.push_back("artillery never destroys stands (11.3.3)");
    } else {
        r.notes.push_back("air-ground support only in full daylight, sighting 12\" (12.2.3)");
    }
    if (destroyed > 0 && q.stands_left && destroyed >= *q.stands_left) {
        r.result.effects.push_back(k_no_stand_left_effect);
    } else if (suppressed + destroyed > 0) {
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
    note_table(r, procedures);
    int points = q.eliminated * procedures.constant("casualty_points_eliminated") +
                 q.suppressed * procedures.constant("casualty_points_suppressed");
    r.steps.push_back("casualty points: " + std::to_string(q.eliminated) + " eliminated x " +
                      std::to_string(procedures.constant("casualty_points_eliminated")) + " + " +
                      std::to_string(q.suppressed) + " suppressed x " +
                      std::to_string(procedures.constant("casualty_points_suppressed")) + " = " +
                      std::to_string(points) + " (15.1)");
    r.result.fields.push_back({"casualty_points", static_cast<long long>(points)});
    // A battalion that does not test: "holds" (the contract's codes), tested false.
    const auto no_test = [&](std::string name, std::string why, const std::string& section) {
        r.result.code = "holds";
        r.result.name = std::move(name);
        r.result.effects = {std::move(why)};
        r.result.fields.push_back({"tested", false});
        r.result.source = chart.game + " " + section;
        r.rolls = dice.record();
        return r;
    };
    if (q.won_close_combat) {
        return no_test("No test", "a battalion that just won a close combat never tests morale (14.8.4, 15.0)",
                       "14.8.4");
    }
    // 15.0 and 15.2 test a battalion that is still there: with every stand it started the
    // day with eliminated, it has nothing to hold, retreat or Go to Ground.
    if (q.eliminated >= q.stands) {
        return no_test("No test: no stand left",
                       "every stand the battalion started the day with is eliminated: it has none left to hold, "
                       "retreat or Go to Ground, so it tests no morale (15.0, 15.2)",
                       "15.0");
    }
    // 15.0: one test a play-turn, for a battalion that "suffered at least one stand suppressed
    // or eliminated, in the current play-turn". The game knows: none suffered since its last
    // test (or the turn began), no test, and no die to re-roll a test already taken.
    if (q.check_due && !*q.check_due) {
        return no_test("No test: none due",
                       "no test is due this play-turn: the battalion suffered no stand suppressed or eliminated "
                       "since the turn began or since its last test, and 15.0 tests a battalion once for what it "
                       "suffered in the current play-turn",
                       "15.0");
    }
    // 15.0: only a battalion with at least one stand suppressed or eliminated in the
    // play-turn tests. The counts are the day's, so none today means none this turn; a
    // count of stands suppressed now ("current") cannot tell a stand rallied since.
    if (q.eliminated == 0 && q.suppressed == 0 && !q.suppressed_now) {
        return no_test("No test",
                       "no stand suppressed or eliminated today, so none this play-turn: only a battalion that "
                       "suffered one tests morale (15.0)",
                       "15.0");
    }
    // Suppressions are the day's, so casualty points may pass what the chart reads for the
    // stands (2 a stand): said with the counts that make them, not as a missing cell.
    if (const auto row = find_row(chart, std::to_string(q.stands)); row) {
        const auto column = find_column(chart, std::to_string(points));
        if (!column || !chart.rows[*row].numbers.at(*column)) {
            std::string most = "none";  // the last column the row has a number under
            for (size_t c = 0; c < chart.rows[*row].numbers.size() && c < chart.columns.size(); ++c) {
                if (chart.rows[*row].numbers[c]) {
                    most = chart.columns[c];
                }
            }
            throw usage_error(
                "{eliminated} " + std::to_string(q.eliminated) + " and {suppressed} " + std::to_string(q.suppressed) +
                " make " + std::to_string(points) + " casualty points (15.1); table " + chart.id + " reads at most " +
                most + " for " + std::to_string(q.stands) + " stands" +
                (chart.provisional ? " (umpire's provisional stand-in for 15.1's lost chart)" : "") +
                ": read the published chart by hand, or give a chart of your own (umpire table edit " + chart.id + ")");
        }
    }
    // The chart is read here, after the battalions that test no morale (14.8.4, 15.0): theirs
    // is the text's answer, not the lost chart's, and is no provisional one.
    note_table(r, chart);
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
            r.result.fields.push_back({"stand_eliminated", 1LL});
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

}  // namespace umpire::core
