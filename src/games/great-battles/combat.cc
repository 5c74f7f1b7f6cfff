// Great Battles' d10 checks of the fight: rally (15.1), close combat (12), infiltration,
// replacement and fire.
#include "games/great-battles/great_battles.h"
#include "games/great-battles/internal.h"

#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace umpire::core {

using namespace great_battles_internal;

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
    check_battalion_stands(q.suppressed, 1, "{suppressed}");  // a battalion's rally (14.7.1)
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

namespace {

void check_close_combat(const CloseCombatRequest& q)
{
    for (const CloseCombatSide* side : {&q.attacker, &q.defender}) {
        // The field's name composed only for a refusal: an odds walk passes here per branch.
        const auto check = [&](int value, int lo, int hi, const char* field) {
            if (value < lo || value > hi) {
                check_count(value, lo, hi, "{" + side->name + field + "}");
            }
        };
        check(side->stands, 1, k_max_close_combat_stands, "_stands");
        check(side->suppressed, 0, side->stands, "_suppressed");
        check(side->rally_number, 1, 10, "_rally_number");
        check(side->modifier, -k_max_d10_modifier, k_max_d10_modifier, "_mod");
    }
}

Resolution close_combat_head(const CloseCombatRequest& q)
{
    Resolution r;
    r.command = "close-combat";
    r.title = "Close combat";
    r.source = "Great Battles of WWII 14.8";
    for (const CloseCombatSide* side : {&q.attacker, &q.defender}) {
        if (side->rally_table != nullptr) {
            note_table(r, *side->rally_table);
        }
    }
    return r;
}

// Both sides' d10s, A and D, read (14.8.2): the totals, and the winner. Returns the
// loser, or nullptr on a tie (the result then whole).
const CloseCombatSide* close_combat_totals(const CloseCombatRequest& q, int a, int d, bool explain, Resolution& r)
{
    int a_total = a + q.attacker.modifier;
    int d_total = d + q.defender.modifier;
    // "d10 8 +2 = 10", or "d10 8" with no modifier ("8 0 = 8" read as a sum of 80).
    const auto total_text = [](int roll, int modifier, int total) {
        return "d10 " + std::to_string(roll) +
               (modifier == 0 ? "" : " " + signed_number(modifier) + " = " + std::to_string(total));
    };
    if (explain) {
        r.steps.push_back("attacker " + total_text(a, q.attacker.modifier, a_total) + ", defender " +
                          total_text(d, q.defender.modifier, d_total) + " (14.8.2: the lower loses)");
    }
    r.result.fields = {{"attacker_total", static_cast<long long>(a_total)},
                       {"defender_total", static_cast<long long>(d_total)}};
    if (a_total == d_total) {
        r.result.code = "tie";
        r.result.name = "Tie";
        r.result.effects = {"14.8.2 names no loser on equal rolls: both sides roll again"};
        r.result.source = r.source;
        return nullptr;
    }
    const bool attacker_wins = a_total > d_total;
    r.result.code = attacker_wins ? "attacker" : "defender";
    r.result.name = attacker_wins ? "Attacker wins" : "Defender wins";
    return attacker_wins ? &q.defender : &q.attacker;
}

// Each of LOSER's stands tests alone: category 0 holds, 1 suppressed, 2 eliminated.
Dice::Tally<Part> loser_tally(const CloseCombatSide& loser, const std::string& source, Dice& dice)
{
    return dice.tally<Part>(
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
                                        {}, source));
            p.steps.push_back(label + ": " + roll_text(d.record().back()) + " -> " + code + " (14.8.2)");
            return p;
        },
        [&](size_t i) {
            // All a stand's test depends on: suppressed already or not, and the rally number.
            const bool already = static_cast<int>(i) >= loser.stands - loser.suppressed;
            return "close-combat loser stand: " + std::string(already ? "suppressed" : "unsuppressed") + ", rally " +
                   std::to_string(loser.rally_number);
        });
}

// 14.8.3: the stand a blocked loser has eliminated instead of retreating, in the per-stand
// results, so that they agree with the summary: an unsuppressed stand that held (the first),
// else a suppressed one (newly suppressed first, then one suppressed before that held).
void mark_eliminated_instead(const CloseCombatSide& loser, bool unsuppressed, Resolution& r)
{
    const auto is_stand = [&](const Outcome& o) { return o.label.rfind(loser.name + " stand ", 0) == 0; };
    const auto was_suppressed = [](const Outcome& o) { return o.label.find("(suppressed)") != std::string::npos; };
    Outcome* pick = nullptr;
    for (auto& o : r.results) {
        if (pick != nullptr || !is_stand(o)) {
            continue;
        }
        if (unsuppressed ? (o.code == "holds" && !was_suppressed(o)) : o.code == "suppressed") {
            pick = &o;
        }
    }
    for (auto& o : r.results) {
        if (pick == nullptr && !unsuppressed && is_stand(o) && o.code == "holds" && was_suppressed(o)) {
            pick = &o;
        }
    }
    if (pick == nullptr) {
        return;
    }
    pick->code = "eliminated";
    pick->name = "Eliminated";
    pick->severity = "severe";
    pick->effects = {std::string("eliminated instead of retreating: the loser cannot retreat, ") +
                     (unsuppressed ? "an unsuppressed stand first" : "no unsuppressed stand left") + " (14.8.3)"};
}

// What the loser's SUPPRESSED and ELIMINATED stands make of the result (14.8.3-14.8.5);
// EXPLAIN: its effects too.
void close_combat_settle(const CloseCombatSide& loser, int suppressed, int eliminated, bool explain, Resolution& r)
{
    // 14.8.3: a loser that cannot retreat has a stand eliminated instead, unsuppressed
    // stands first: one more after its stands' tests, while it has a stand left. The
    // count of eliminated includes it; which kind it was, the game needs to know.
    // A stand newly suppressed and then eliminated instead counts once, as eliminated: two
    // stands, both eliminated, were "1 suppressed, 2 eliminated" (hunt30). Such a stand was
    // unsuppressed when the combat began, which is what the game reads of the field.
    int blocked_unsuppressed = 0;
    int blocked_was_unsuppressed = 0;
    // A blocked loser whose tests left it a stand has one eliminated instead; one whose every
    // stand its tests eliminated has none left to lose (14.8.3).
    const bool instead = loser.blocked && eliminated < loser.stands;
    if (instead) {
        const int unsuppressed = loser.stands - loser.suppressed - suppressed;
        blocked_unsuppressed = unsuppressed > 0 ? 1 : 0;
        blocked_was_unsuppressed = unsuppressed > 0 || suppressed > 0 ? 1 : 0;
        if (unsuppressed <= 0 && suppressed > 0) {
            suppressed -= 1;  // mark_eliminated_instead picks a newly suppressed stand first
        }
        eliminated += 1;
        if (explain) {
            r.steps.push_back(loser.name + " cannot retreat: " +
                              (blocked_unsuppressed       ? std::string("an unsuppressed stand")
                               : blocked_was_unsuppressed ? std::string("a stand suppressed in this combat")
                                                          : std::string("a stand suppressed before it")) +
                              " eliminated instead (14.8.3)" +
                              (!blocked_unsuppressed && blocked_was_unsuppressed
                                   ? ": counted eliminated, not suppressed (loser eliminated unsuppressed: it was "
                                     "unsuppressed when the combat began)"
                                   : ""));
            mark_eliminated_instead(loser, blocked_unsuppressed > 0, r);
        }
    }
    r.result.fields.push_back({"loser_suppressed", static_cast<long long>(suppressed)});
    r.result.fields.push_back({"loser_eliminated", static_cast<long long>(eliminated)});
    if (loser.blocked) {
        r.result.fields.push_back({"loser_eliminated_unsuppressed", static_cast<long long>(blocked_was_unsuppressed)});
    }
    r.result.source = r.source;
    if (!explain) {
        return;  // nobody reads the effects of an odds walk's later branches
    }
    // Every stand of the loser eliminated: nothing of it is left to retreat or to test (15.0),
    // as the game applies (morale check due false, "15.0, no stand left").
    const bool none_left = eliminated >= loser.stands;
    if (instead) {
        r.result.effects.push_back("the loser cannot retreat without closing on enemy within 12\": it "
                                   "retreats a fraction of an inch and has a stand eliminated instead, "
                                   "unsuppressed stands first (14.8.3)");
    } else if (!none_left) {
        r.result.effects.push_back("the loser retreats 3\" in a straight line within 45 degrees of the "
                                   "enemy's front, ending facing the enemy; its anti-tank guns limber "
                                   "and heavy weapons disassemble (14.8.3)");
    }
    if (none_left) {
        r.result.effects.push_back(std::string("the loser: ") + k_no_stand_left_effect);
    } else if (suppressed + eliminated > 0) {
        r.result.effects.push_back("the loser tests morale in the coming Morale Phase (14.8.3)");
    }
    r.result.effects.push_back("the winner may advance 1\" and never tests morale this Morale Phase (14.8.4)");
    r.result.effects.push_back("an anti-tank gun not attached to an infantry battalion is eliminated in "
                               "close combat (14.8.5)");
}

}  // namespace

Resolution resolve_close_combat(const CloseCombatRequest& q, Dice& dice)
{
    check_close_combat(q);
    Resolution r = close_combat_head(q);
    int a = dice.roll(k_d10, "close combat: attacker");
    int d = dice.roll(k_d10, "close combat: defender");
    const CloseCombatSide* loser = close_combat_totals(q, a, d, dice.explains(), r);
    if (loser != nullptr) {
        auto t = loser_tally(*loser, r.source, dice);
        add_parts(r, t.parts);
        close_combat_settle(*loser, t.counts[1], t.counts[2], dice.explains(), r);
    }
    r.rolls = dice.record();
    return r;
}

OddsReport close_combat_odds(const CloseCombatRequest& q, const Adjudicator& whole)
{
    check_close_combat(q);
    // Only who lost and the loser's counts decide all but the two totals (14.8.2): each
    // loser's stands walked alone, one resolution per count, the totals each a d10's.
    OddsCache shared;
    struct Count {
        int suppressed;
        int eliminated;
        Rational p;
    };
    const auto counts_of = [&](const CloseCombatSide& loser) {
        const OddsReport odds = compute_odds(
            [&](Dice& dice) {
                Resolution r;
                r.command = "close-combat";
                const auto t = loser_tally(loser, r.source, dice);
                r.result.code = std::to_string(t.counts[1]) + " " + std::to_string(t.counts[2]);
                return r;
            },
            {}, OddsWalk::merged, {}, &shared);
        std::vector<Count> counts;
        for (const auto& line : odds.dimensions.at(0).lines) {
            const auto space = line.value.find(' ');
            counts.push_back({static_cast<int>(*parse_int(line.value.substr(0, space), 0, k_max_close_combat_stands)),
                              static_cast<int>(*parse_int(line.value.substr(space + 1), 0, k_max_close_combat_stands)),
                              line.probability.q()});
        }
        return counts;
    };
    const std::vector<Count> attacker_loses = counts_of(q.attacker);
    const std::vector<Count> defender_loses = counts_of(q.defender);
    // Each pair of d10s in the order the whole walk takes them: who loses, and how often.
    std::map<const CloseCombatSide*, int> pairs;
    std::vector<std::pair<int, int>> first;  // each outcome's first pair, in the order met
    std::uint64_t branches = 0;
    for (int a = 1; a <= 10; ++a) {
        for (int d = 1; d <= 10; ++d) {
            Resolution scratch;
            const CloseCombatSide* loser = close_combat_totals(q, a, d, false, scratch);
            if (pairs[loser]++ == 0) {
                first.emplace_back(a, d);
            }
            branches += loser == nullptr ? 1 : (loser == &q.attacker ? attacker_loses : defender_loses).size();
        }
    }
    const auto outcomes = [&](const auto& add) {
        for (const auto& [a, d] : first) {
            Resolution r = close_combat_head(q);
            const CloseCombatSide* loser = close_combat_totals(q, a, d, false, r);
            const Rational p(pairs[loser], 100);
            if (loser == nullptr) {
                add(r, p);
                continue;
            }
            for (const auto& c : loser == &q.attacker ? attacker_loses : defender_loses) {
                Resolution settled = r;
                close_combat_settle(*loser, c.suppressed, c.eliminated, false, settled);
                add(settled, p * c.p);
            }
        }
    };
    OddsReport report = weighted_odds(outcomes, first_branch(whole, &shared), branches);
    // Each total is its own d10's, one in ten for each face, the first fields of the result.
    size_t at = 1;
    for (const auto& [name, modifier] : {std::pair{"result.attacker_total", q.attacker.modifier},
                                         std::pair{"result.defender_total", q.defender.modifier}}) {
        std::vector<OddsLine> lines;
        for (int face = 1; face <= 10; ++face) {
            lines.push_back({std::to_string(face + modifier), "", {Rational(1, 10)}, ""});
        }
        at += put_marginal(report, name, std::move(lines), at) ? 1 : 0;
    }
    return report;
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
    // The stand's battalion in a game: one stand suppressed, or one eliminated.
    r.result.fields.push_back({"suppressed", through ? 1LL : 0LL});
    r.result.fields.push_back({"destroyed", through ? 0LL : 1LL});
    r.result.code = through ? "through" : "eliminated";
    r.result.name = through ? "Through, suppressed" : "Eliminated";
    r.result.effects = {through ? "the stand completes its move and is marked suppressed" : "the stand is eliminated"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_replacement(const Table& chart, std::string_view supply, std::string_view situation, int eliminated,
                               bool paratroopers, Dice& dice)
{
    Resolution r;
    r.command = "replace";
    r.title = "Replacement rolls";
    r.source = chart.source;
    if (situation == "isolated") {
        // Drop Zone, Air Supply: "They are also considered isolated during the Replacement
        // segment of the Night Phase, so they cannot roll for replacements. Being
        // paratroopers, they do not lose an extra stand in this situation, however."
        check_battalion_stands(eliminated, 0, "{eliminated}");  // the battalion's (16.2.3)
        // The supply quality is still one of the chart's rows (16.2.1: "the quality of the
        // supply system", given in the scenario notes), but with no roll it reads no cell.
        row_of(chart, supply, "{supply}");
        const std::string why = chart.game + " 16.2.2; Drop Zone rules, Air Supply";
        r.steps.push_back("isolated (16.2.2): no replacement rolls (Drop Zone rules, Air Supply)");
        r.steps.push_back("supply " + std::string(supply) +
                          ": not read, the chart is cross-indexed for a roll (16.2.1) and an isolated battalion "
                          "makes none");
        r.result.code = "none";
        r.result.name = "0 of " + std::to_string(eliminated) + " returned: isolated, no rolls";
        r.result.fields = {{"returned", 0LL}, {"extra_lost", paratroopers ? 0LL : 1LL}};
        r.result.effects = {"an isolated battalion cannot roll for replacements (Drop Zone rules, Air Supply)"};
        r.result.effects.push_back(paratroopers
                                       ? "paratroopers lose no extra stand for it (Drop Zone rules, Air Supply)"
                                       : "it loses an extra stand, as paratroopers do not (Drop Zone rules, "
                                         "Air Supply)");
        r.result.source = why;
        // The text says this of paratroopers only, and says it whole: theirs is the text's
        // answer. What the lost chart's isolated column gives anyone else is umpire's
        // inference from it, so that answer is provisional.
        if (!paratroopers) {
            r.provisional = true;
            r.provisional_notes.push_back(
                "isolated: no rolls and, paratroopers excepted, an extra stand lost are umpire's reading of the Drop "
                "Zone rules' Air Supply, standing in for the isolated column of the Replacement Chart (16.2), lost "
                "from the rules text");
        }
        r.rolls = dice.record();
        return r;
    }
    check_battalion_stands(eliminated, 1, "{eliminated}");  // "every eliminated stand in the battalion" (16.2.3)
    note_table(r, chart);
    if (paratroopers) {
        // The Drop Zone rules set paratroopers apart only when isolated (Air Supply: "they do
        // not lose an extra stand in this situation"); a paratroop battalion that can trace
        // its path to its C Ops rolls as any other (16.2.3).
        r.notes.push_back("paratroopers: in " + std::string(situation) +
                          " they roll as any battalion (16.2.3); the Drop Zone rules' Air Supply sets them apart "
                          "only when isolated, when they lose no extra stand");
    }
    int target = number_cell(chart, supply, situation, "{supply}", "{situation}");
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
    // "Roll a d10 for each firing stand" (14.4.6), and "Each stand within a battalion may fire
    // at its own target" (14.4.1): the stands firing at one target may be of several
    // battalions, so the text sets no most; 50 is umpire's bound (umpire(1) NUMBERS).
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
    if (hits > 0 && q.stands_left && destroyed >= *q.stands_left) {
        r.result.effects = {k_no_stand_left_effect};
    } else if (hits > 0) {
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

}  // namespace umpire::core
