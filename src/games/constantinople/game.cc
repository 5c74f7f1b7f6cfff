// Constantinople's game file: its Impulses and Naval Phases (13.1), what each resolution
// changes on the board, the board's limits, and its sequence of play.
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

constexpr int k_impulses = 5;  // 13.1: five Impulses to a Naval Phase

// "2-3": naval phase 2, Impulse 3, as the game file keeps an Impulse.
std::string impulse_label(int phase, int impulse) { return std::to_string(phase) + "-" + std::to_string(impulse); }

std::string next_impulse_label(const GameState& g)
{
    const int phase = g.number("", "naval_phase");
    const int impulse = g.number("", "impulse");
    return impulse < k_impulses ? impulse_label(phase, impulse + 1) : impulse_label(phase + 1, 1);
}

// The Impulse before the game's, or "" in the first: the fifth of the phase before, or the
// one the players ended that phase after (clock key phase_ended_in, 13.1).
std::string previous_impulse_label(const GameState& g)
{
    const int phase = g.number("", "naval_phase");
    const int impulse = g.number("", "impulse");
    if (impulse > 1) {
        return impulse_label(phase, impulse - 1);
    }
    const std::string ended = g.value("", "phase_ended_in");
    return phase == 1 ? "" : !ended.empty() ? ended : impulse_label(phase - 1, k_impulses);
}

// A ship named in an input ("Genoa:damaged" names Genoa).
std::string input(const Resolution& r, std::string_view key) { return split(field_text(r.inputs, key), ':').front(); }

// SHIP sinks (RULE): and a ship engaged with it by a ram is engaged no more. The texts say
// nothing of a ram partner that sinks; 15.15 engages two ships, so with one gone the other is
// free (a referee's reading, written in the man page).
void sink(const GameState& g, const std::string& ship, const std::string& rule, std::vector<Change>& out)
{
    out.push_back(change_to(g, ship, "sunk", "true", rule));
    const std::string partner = g.value(ship, "pinned_to");
    for (const std::string& n : {ship, partner}) {
        if (!n.empty() && g.find_unit(n) != nullptr) {
            out.push_back(change_to(g, n, "pinned_to", "", rule));
            out.push_back(change_to(g, n, "pinned_as", "", rule));
        }
    }
}

// "2-3": the Impulse the game is in.
std::string now_label(const GameState& g)
{
    return impulse_label(g.number("", "naval_phase"), g.number("", "impulse"));
}

// A ship's Ineffective (15.33), its key "PHASE-IMPULSE" or "PHASE-IMPULSE:combat": "halved in
// movement (rounding down) for the next Movement Segment. It may not attack/melee in the next
// Mutual Combat Segment". Plain, both are that Impulse's; with ":combat" only its Mutual Combat
// Segment is, the half movement spent in the Impulse whose combat a phase ended before
// (game next's end_phase at a movement step).
struct Ineffective {
    std::string impulse;  // "" when the ship is not Ineffective
    bool combat_only = false;
};

Ineffective ineffective_of(const GameState& g, const std::string& ship)
{
    const auto parts = split(g.value(ship, "ineffective"), ':');
    return {parts.front(), parts.size() == 2 && parts[1] == "combat"};
}

// Whether SHIP is in the game's Combat Segment: afloat, or struck in it, when it fights on as
// it began the segment (15.25).
bool in_segment(const GameState& g, const std::string& ship)
{
    return g.value(ship, "sunk") != "true" || split(g.value(ship, "before_combat"), ':').front() == now_label(g);
}

// The enemies SHIP has met in melee in the game's Combat Segment, attacking them or attacked
// by them (its melee_foes, "PHASE-IMPULSE:NAME,NAME"), each adjacent to it (15.21, 15.22).
std::vector<std::string> foes_now(const GameState& g, const std::string& ship)
{
    const auto parts = split(g.value(ship, "melee_foes"), ':');
    if (parts.size() != 2 || parts[0] != now_label(g)) {
        return {};
    }
    return split(parts[1], ',');
}

// SHIP's melee_foes with NEW added to those of this segment.
std::string foes_with(const GameState& g, const std::string& ship, const std::vector<std::string>& added)
{
    std::vector<std::string> foes = foes_now(g, ship);
    for (const auto& n : added) {
        if (std::find(foes.begin(), foes.end(), n) == foes.end()) {
            foes.push_back(n);
        }
    }
    return now_label(g) + ":" + join(foes, ",");
}

// Each ship's melee_foes taken away where they are not of the Combat Segment of Impulse KEEP
// ("" keeps none): a segment's foes are only for its 15.24 all or none, so when it ends they go
// (journalled, as any change, for undo to bring back).
void foes_forgotten(const GameState& g, const std::string& keep, std::vector<Change>& out)
{
    for (const auto& u : g.units) {
        const std::string foes = g.value(u.name, "melee_foes");
        if (!foes.empty() && (keep.empty() || split(foes, ':').front() != keep)) {
            out.push_back(key_removed(g, u.name, "melee_foes", "15.24"));
        }
    }
}

// Which step after the Wind Determination Segment (4.0 A) the game's Impulse has begun, in
// words, or "": the Mutual Combat Segment (4.0 E), or a ship's ram, try to break free or
// Storm die in movement, or its loss on a reef (4.0 C-D, 15.13, 15.16, 14.29, 15.53).
// Initiative and a reef passed leave nothing in the game file to tell.
std::string step_after_wind(const GameState& g)
{
    const std::string now = now_label(g);
    if (g.value("", "combat_in") == now) {
        return "the Mutual Combat Segment has begun (4.0 E)";
    }
    for (const auto& u : g.units) {
        if (split(g.value(u.name, "ram_in"), ':').front() == now) {
            return "the Movement Segment has begun: " + u.name + " has rammed (4.0 C, 15.13)";
        }
        if (g.value(u.name, "free_tried_in") == now) {
            return "the Movement Segment has begun: " + u.name + " has tried to break free (15.16)";
        }
        if (g.value(u.name, "reef_in") == now) {
            return "the Movement Segment has begun: " + u.name + " was lost on a reef (15.53)";
        }
        if (g.value(u.name, "storm_in") == g.value("", "naval_phase")) {
            return "the Storm's dice are rolled: " + u.name + "'s fate is read (14.29)";
        }
    }
    return "";
}

// A melee result on ship T (15.33-15.35). A sunk ship takes no more results. Combat is
// simultaneous (15.25: "a ship Damaged by Player A's die-roll may still fight at its
// normal strength in the same Combat Segment"): the first result a ship takes in a Combat
// Segment keeps what it was before, so later melees of the segment read that.
void melee_changes(const GameState& g, const Outcome& o, std::vector<Change>& out)
{
    const GameUnit* ship = g.find_unit(field_text(o.fields, "target"));
    if (ship == nullptr || g.value(ship->name, "sunk") == "true") {
        return;
    }
    const std::string& t = ship->name;
    const std::string now = now_label(g);
    if (!g.value(t, "before_combat").starts_with(now + ":") && o.code != "-") {
        out.push_back(
            change_to(g, t, "before_combat", now + ":" + g.value(t, "face") + ":" + g.value(t, "damaged"), "15.25"));
    }
    if (o.code == "I") {
        out.push_back(change_to(g, t, "ineffective", next_impulse_label(g), "15.33"));
    } else if (o.code == "D") {
        out.push_back(change_to(g, t, "damaged", "true", "15.34"));
    } else if (o.code == "L") {
        if (ship->side == "ottoman" && g.value(t, "face") == "front") {
            out.push_back(change_to(g, t, "face", "back", "15.35"));
        } else {
            sink(g, t, "15.35", out);
        }
    }
}

std::vector<Change> constantinople_changes(const GameState& g, const Resolution& r)
{
    std::vector<Change> out;
    if (r.command == "melee") {
        // The Mutual Combat Segment has begun (15.21): each attacker has made its attack
        // for it (15.24: all adjacent enemies or none, at once).
        const std::string now = now_label(g);
        out.push_back(change_to(g, "", "combat_in", now, "15.21"));
        for (const auto& spec : field_list(r.inputs, "attackers")) {
            if (const GameUnit* a = g.find_unit(split(spec, ':').front())) {
                out.push_back(change_to(g, a->name, "attacked_in", now, "15.24"));
            }
        }
        if (const GameUnit* d = g.find_unit(split(field_text(r.inputs, "defender"), ':').front())) {
            // every attacker of a ship is in its one melee, their strengths summed (15.23)
            out.push_back(change_to(g, d->name, "defended_in", now, "15.23"));
            // with an exchange the defender attacks back at the same time (15.21): its attack too
            if (field_text(r.inputs, "exchange") == "true") {
                out.push_back(change_to(g, d->name, "attacked_in", now, "15.24"));
            }
        }
        // With an exchange each attacker is the target of the defender's attack back: that is
        // its one melee as a defender in this segment, as the defender's is (15.23, 15.24).
        if (field_text(r.inputs, "exchange") == "true") {
            for (const auto& spec : field_list(r.inputs, "attackers")) {
                if (const GameUnit* a = g.find_unit(split(spec, ':').front())) {
                    out.push_back(change_to(g, a->name, "defended_in", now, "15.23"));
                }
            }
        }
        // Each ship of the melee is adjacent to the enemies in it (15.21, 15.22): kept for 15.24's
        // all or none in this segment.
        std::vector<std::string> attackers;
        for (const auto& spec : field_list(r.inputs, "attackers")) {
            if (const GameUnit* a = g.find_unit(split(spec, ':').front())) {
                attackers.push_back(a->name);
            }
        }
        if (const GameUnit* d = g.find_unit(split(field_text(r.inputs, "defender"), ':').front());
            d != nullptr && !attackers.empty()) {
            out.push_back(change_to(g, d->name, "melee_foes", foes_with(g, d->name, attackers), "15.24"));
            for (const auto& a : attackers) {
                out.push_back(change_to(g, a, "melee_foes", foes_with(g, a, {d->name}), "15.24"));
            }
        }
        if (r.results.empty()) {
            melee_changes(g, r.result, out);
        }
        for (const auto& o : r.results) {
            melee_changes(g, o, out);
        }
    } else if (r.command == "ram") {
        const GameUnit* rammer = g.find_unit(input(r, "rammer"));
        const GameUnit* target = g.find_unit(input(r, "target"));
        if (rammer != nullptr && target != nullptr && (r.result.code == "pinned" || r.result.code == "sunk")) {
            if (r.result.code == "sunk") {
                sink(g, target->name, "15.42", out);
            } else {
                out.push_back(change_to(g, rammer->name, "pinned_to", target->name, "15.15"));
                out.push_back(change_to(g, rammer->name, "pinned_as", "rammer", "15.15"));
                out.push_back(change_to(g, target->name, "pinned_to", rammer->name, "15.15"));
                out.push_back(change_to(g, target->name, "pinned_as", "rammed", "15.15"));
            }
        }
        // The rammer used Battle Speed this Movement Segment (15.11, 14.17), and a ram that
        // did not pin ended it (15.14).
        if (rammer != nullptr) {
            const bool held = r.result.code == "pinned" || r.result.code == "sunk";
            // A failed ram keeps its target: the two may not melee each other this Impulse (15.14, 15.22).
            const std::string failed = target != nullptr ? ":failed:" + target->name : ":failed";
            out.push_back(
                change_to(g, rammer->name, "ram_in", now_label(g) + (held ? "" : failed), held ? "15.11" : "15.14"));
        }
        if (rammer != nullptr && field_text(r.result.fields, "rammer_damaged") == "true" &&
            g.value(rammer->name, "damaged") != "true") {
            out.push_back(change_to(g, rammer->name, "damaged", "true", "15.42"));
        }
    } else if (r.command == "storm") {
        for (const auto& o : r.results) {
            const GameUnit* ship = g.find_unit(o.label);
            if (ship != nullptr) {
                // its die for this Storm is rolled, or its fate read (14.29: a die for each ship)
                out.push_back(change_to(g, ship->name, "storm_in", g.value("", "naval_phase"), "14.29"));
            }
            if (ship != nullptr && (o.code == "sunk" || o.code == "eliminated") &&
                g.value(ship->name, "sunk") != "true") {
                sink(g, ship->name, "14.29", out);
            }
        }
    } else if (r.command == "free") {
        const GameUnit* ship = g.find_unit(field_text(r.result.fields, "ship"));
        if (ship != nullptr) {
            // one roll at the beginning of a Movement Segment (15.16), freed or not
            out.push_back(change_to(g, ship->name, "free_tried_in", now_label(g), "15.16"));
        }
        if (ship != nullptr && r.result.code == "free") {
            const std::string other = g.value(ship->name, "pinned_to");
            for (const std::string& n : {ship->name, other}) {
                if (!n.empty() && g.find_unit(n) != nullptr) {
                    out.push_back(change_to(g, n, "pinned_to", "", "15.16"));
                    out.push_back(change_to(g, n, "pinned_as", "", "15.16"));
                }
            }
            if (field_text(r.result.fields, "role") == "rammed") {
                out.push_back(change_to(g, ship->name, "damaged", "true", "15.16"));
            }
        }
    } else if (r.command == "wind") {
        // 14.23: the wind is determined "at the beginning of each Naval Phase (*not* each
        // Impulse within the Naval Phase) ... for that entire Naval Phase". game next rolls it
        // for each new phase; the first phase's may be rolled once, at its Impulse 1, in place
        // of 13.1's starting N at 8.
        const std::string phase = g.value("", "naval_phase");
        if (g.value("", "wind_rolled_for") == phase) {
            throw usage_error("the wind of Naval Phase " + phase + " is rolled already (" + g.value("", "wind") + " " +
                              g.value("", "velocity") +
                              "): it holds for that entire Naval Phase (14.23); game next rolls the next phase's "
                              "after its fifth Impulse");
        }
        if (g.value("", "impulse") != "1") {
            throw usage_error("the wind is determined at the beginning of each Naval Phase, not in Impulse " +
                              g.value("", "impulse") + " (14.23); game next rolls the next phase's after the fifth");
        }
        if (const std::string begun = step_after_wind(g); !begun.empty()) {
            throw usage_error("the wind of Naval Phase " + phase +
                              " is rolled in the Wind Determination Segment, "
                              "before Initiative and Movement (4.0 A-C, 14.23), and in Impulse " +
                              now_label(g) + " " + begun + "; undo what came after to roll the wind first");
        }
        out.push_back(change_to(g, "", "wind", r.result.code, "14.23"));
        out.push_back(change_to(g, "", "velocity", field_text(r.result.fields, "velocity"), "14.23"));
        out.push_back(change_to(g, "", "wind_rolled_for", phase, "14.23"));
    } else if (r.command == "reef" && r.result.code == "lost") {
        const GameUnit* ship = g.find_unit(field_text(r.inputs, "ship"));
        if (ship != nullptr && g.value(ship->name, "sunk") != "true") {
            sink(g, ship->name, "15.53", out);
            // a reef is met in movement (15.53): the wind of the Naval Phase is rolled before (4.0)
            out.push_back(change_to(g, ship->name, "reef_in", now_label(g), "15.53"));
        }
    }
    std::erase_if(out, [](const Change& c) { return c.from == c.to; });
    // One change a key: two ships engaged with each other that both sink free each other twice.
    std::vector<Change> once;
    for (auto& c : out) {
        if (std::none_of(once.begin(), once.end(),
                         [&](const Change& o) { return o.unit == c.unit && o.key == c.key; })) {
            once.push_back(std::move(c));
        }
    }
    return once;
}

}  // namespace

std::string movement_forbidden(const GameState& g, std::string_view what)
{
    if (g.game != "constantinople") {
        return "";
    }
    if (g.value("", "velocity") == "storm") {
        return "the wind of Naval Phase " + g.value("", "naval_phase") +
               " is a Storm: there is no other movement that Game-Turn (14.29): " + std::string(what) +
               " until the next Naval Phase's wind";
    }
    if (const std::string now = now_label(g); g.value("", "combat_in") == now) {
        // game next begins the segment, or the first melee applied in it does (15.21)
        const bool melee = std::any_of(g.units.begin(), g.units.end(), [&](const GameUnit& u) {
            return g.value(u.name, "attacked_in") == now || g.value(u.name, "defended_in") == now;
        });
        return "the Mutual Combat Segment of Impulse " + now + " has begun (" +
               (melee ? "a melee is applied" : "game next began it") +
               "): movement comes before it in each Impulse (13.1): " + std::string(what) +
               " until game next begins the next Impulse";
    }
    return "";
}

namespace {

// The clock and every ship's counter (13.1, 14.23, 15.15, 15.33-15.35).
std::vector<StateProblem> constantinople_check(const GameState& g)
{
    StateCheck c(g);
    c.keys("", {"naval_phase", "impulse", "wind", "velocity", "wind_rolled_for", "combat_in", "phase_ended_in"});
    // the Impulse the players ended the phase before after (13.1): PHASE-IMPULSE of that phase
    if (const std::string ended = g.value("", "phase_ended_in"); !ended.empty()) {
        const auto at = split(ended, '-');
        const int phase = g.number("", "naval_phase");
        const auto ended_phase = at.size() == 2 ? parse_int(at[0], 1, k_max_clock) : fail<long long>("");
        if (at.size() != 2 || !ended_phase || *ended_phase != phase - 1 || !parse_int(at[1], 1, k_impulses)) {
            c.problem("", "phase_ended_in",
                      "'" + ended + "' is not an Impulse of the phase before the game's: " + std::to_string(phase - 1) +
                          "-1 to " + std::to_string(phase - 1) + "-" + std::to_string(k_impulses) +
                          ", or no key (13.1)");
        }
    }
    if (const auto phase = c.number("", "naval_phase", 1, k_max_clock);
        phase && !g.value("", "wind_rolled_for").empty()) {
        c.number("", "wind_rolled_for", 1, *phase);
    }
    c.number("", "impulse", 1, k_impulses);
    std::vector<std::string_view> points(compass_points().begin(), compass_points().end());
    c.one_of("", "wind", points);
    if (const std::string v = g.value("", "velocity"); v != "calm" && v != "storm") {
        c.number("", "velocity", 0, 99);
    }
    for (const auto& u : g.units) {
        const std::string& n = u.name;
        c.keys(n, {"face", "damaged", "ineffective", "pinned_to", "pinned_as", "sunk", "attacked_in", "before_combat",
                   "leader", "defended_in", "ram_in", "free_tried_in", "storm_in", "reef_in", "arrives", "melee_foes"});
        if (!g.value(n, "arrives").empty()) {
            c.number(n, "arrives", 1, k_max_clock);  // 19.1
        }
        if (const auto phase = g.number("", "naval_phase"); !g.value(n, "storm_in").empty() && phase >= 1) {
            c.number(n, "storm_in", 1, phase);
        }
        // 15.26: Diedo or Trevisano aboard a Byzantine ship, each aboard one ship at most
        c.one_of(n, "leader", {"", "Diedo", "Trevisano"});
        if (const std::string leader = g.value(n, "leader"); !leader.empty()) {
            if (u.side != "byzantine") {
                c.problem(n, "leader", leader + " commands Byzantine ships only (15.26)");
            }
            for (const auto& other : g.units) {
                // the file's order is not which ship was set: name both
                if (&other < &u && g.value(other.name, "leader") == leader) {
                    c.problem(n, "leader",
                              leader + " is aboard " + other.name + " and " + n +
                                  " both: a leader commands one ship (15.26)");
                }
            }
        }
        // Impulses a ship did something in: PHASE-IMPULSE, with what else the key keeps.
        struct Stamp {
            const char* key;
            const char* shape;  // as the problem says it
        };
        for (const Stamp& k : {Stamp{"attacked_in", "an Impulse, PHASE-IMPULSE (15.24)"},
                               Stamp{"defended_in", "an Impulse, PHASE-IMPULSE (15.23)"},
                               Stamp{"free_tried_in", "an Impulse, PHASE-IMPULSE (15.16)"},
                               Stamp{"reef_in", "an Impulse, PHASE-IMPULSE (15.53)"},
                               Stamp{"ram_in", "PHASE-IMPULSE, or PHASE-IMPULSE:failed[:TARGET] (15.11, 15.14)"},
                               Stamp{"before_combat", "PHASE-IMPULSE:front|back:true|false (15.25)"},
                               Stamp{"melee_foes", "PHASE-IMPULSE:SHIP[,SHIP...], ships of the game (15.24)"}}) {
            const std::string_view key = k.key;
            const std::string v = g.value(n, key);
            const auto parts = split(v, ':');
            const auto at = split(parts.front(), '-');
            const bool impulse = at.size() == 2 && parse_int(at[0], 1, k_max_clock) && parse_int(at[1], 1, k_impulses);
            const bool shape =
                key == "before_combat" ? parts.size() == 3 && (parts[1] == "front" || parts[1] == "back") &&
                                             (parts[2] == "true" || parts[2] == "false")
                : key == "ram_in"
                    ? parts.size() == 1 || ((parts.size() == 2 || parts.size() == 3) && parts[1] == "failed" &&
                                            (parts.size() == 2 || !parts[2].empty()))
                : key == "melee_foes"
                    ? parts.size() == 2 && std::ranges::all_of(split(parts[1], ','),
                                                               [&](const std::string& foe) {
                                                                   const GameUnit* f = g.find_unit(foe);
                                                                   return f != nullptr && f->name == foe && foe != n;
                                                               })
                    : parts.size() == 1;
            if (!v.empty() && !(impulse && shape)) {
                c.problem(n, key, "'" + v + "' is not " + k.shape);
            }
        }
        // Both fleets' counters have a back: an Ottoman ship's reduced strength (13.2, 15.35), a
        // Byzantine ship's crew ashore (13.2, 16.0), which only game set shows; an L still sinks it.
        c.one_of(n, "face", {"front", "back"});
        c.flag(n, "damaged");
        c.flag(n, "sunk");
        if (const std::string at = g.value(n, "ineffective"); !at.empty()) {
            const auto kept = split(at, ':');
            const auto parts = split(kept.front(), '-');
            if (parts.size() != 2 || !parse_int(parts[0], 1, k_max_clock) || !parse_int(parts[1], 1, k_impulses) ||
                kept.size() > 2 || (kept.size() == 2 && kept[1] != "combat")) {
                c.problem(n, "ineffective",
                          "'" + at +
                              "' is not an Impulse: PHASE-IMPULSE, as 3-2, or PHASE-IMPULSE:combat for its Mutual "
                              "Combat Segment only, or \"\" (15.33)");
            }
        }
        const std::string partner = g.value(n, "pinned_to");
        const std::string role = g.value(n, "pinned_as");
        if (partner.empty()) {
            if (!role.empty()) {
                c.problem(n, "pinned_as", "'" + role + "', but the ship is pinned to none (pinned_to \"\")");
            }
            continue;
        }
        const GameUnit* other = g.find_unit(partner);
        if (other == nullptr || other->name == n) {
            c.problem(n, "pinned_to", "'" + partner + "' is no other ship of the game (15.15)");
        } else if (g.value(n, "sunk") == "true") {
            c.problem(n, "pinned_to", "a sunk ship is engaged with no one (15.15)");
        } else if (g.value(other->name, "pinned_to") != n) {
            c.problem(n, "pinned_to",
                      "'" + partner + "', but " + other->name + " is pinned to '" + g.value(other->name, "pinned_to") +
                          "': a ram engages both ships (15.15)");
        } else if (!((role == "rammer" && g.value(other->name, "pinned_as") == "rammed") ||
                     (role == "rammed" && g.value(other->name, "pinned_as") == "rammer"))) {
            c.problem(n, "pinned_as",
                      "'" + role + "' against " + other->name + "'s '" + g.value(other->name, "pinned_as") +
                          "': one ship is the rammer, the other rammed (15.15)");
        }
    }
    return c.problems;
}

}  // namespace

int game_turn(const GameState& g) { return g.number("", "naval_phase"); }

std::string not_arrived(const GameState& g, const std::string& ship)
{
    const std::string from = g.value(ship, "arrives");
    if (from.empty() || game_turn(g) >= g.number(ship, "arrives")) {
        return "";
    }
    return ship + " may not arrive before Game-Turn " + from + " (19.1), and the game is in Naval Phase " +
           std::to_string(game_turn(g)) + " (one a Game-Turn, 4.0): it is not in play yet";
}

std::string ram_forbidden(const GameState& g, const std::string& rammer)
{
    const std::string at = split(g.value(rammer, "ram_in"), ':').front();
    if (at.empty()) {
        return "";
    }
    if (at == now_label(g)) {
        const auto parts = split(g.value(rammer, "ram_in"), ':');  // its target is not said here
        return rammer + " has rammed in this Impulse already (" +
               (parts.size() > 2 ? parts[0] + ":" + parts[1] : g.value(rammer, "ram_in")) +
               "): a ram that fails ends the rammer's Movement Segment (15.14), one that pins leaves it dead in the "
               "water (15.15); undo that ram to make another";
    }
    if (at == previous_impulse_label(g)) {
        return rammer + " rammed in Impulse " + at +
               ", at Battle Speed (15.11): an oar-driven vessel may not use Battle Speed two Movement Segments in "
               "a row, and has a Cruising Speed of one in the Segment after (14.17), so it cannot ram in Impulse " +
               now_label(g);
    }
    return "";
}

std::string defended_already(const GameState& g, const std::string& defender)
{
    if (g.value(defender, "defended_in") != now_label(g)) {
        return "";
    }
    return defender + " has been attacked in this Combat Segment already (Impulse " + now_label(g) +
           "): all the ships attacking one enemy are one melee, their strengths summed against its one die "
           "(15.23), at most four (15.24); undo that melee and make it with every attacker";
}

std::string melee_all_or_none(const GameState& g, const std::vector<std::string>& attackers,
                              const std::string& defender, bool exchange)
{
    const std::string now = now_label(g);
    auto missing = [&](const std::vector<std::string>& among, const std::vector<std::string>& in) {
        std::vector<std::string> out;
        for (const auto& n : among) {
            if (std::find(in.begin(), in.end(), n) == in.end() && in_segment(g, n)) {
                out.push_back(n);
            }
        }
        return out;
    };
    // An attacker that has met other enemies in this segment attacks the defender alone.
    for (const auto& a : attackers) {
        if (const auto left = missing(foes_now(g, a), {defender}); !left.empty()) {
            return "{attacker} " + a + " attacks " + defender + " alone, but " + join(left, ", ") +
                   " met it in melee in this Combat Segment (Impulse " + now +
                   "), so it is adjacent to them too (15.21, 15.22): a ship adjacent to more than one enemy "
                   "attacks all of them or none (15.24), and this attack leaves out " +
                   join(left, ", ") + "; to attack them all, undo the melee against " + a +
                   " and make it again with {exchange}, " + a +
                   " splitting its strength among its attackers (15.24), or " + a + " attacks none";
        }
    }
    // A defender that has made its attack already, attacked by ships that attack left out.
    if (!exchange && split(g.value(defender, "attacked_in"), ':').front() == now &&
        split(g.value(defender, "melee_foes"), ':').front() == now) {
        if (const auto left = missing(attackers, foes_now(g, defender)); !left.empty()) {
            return "{defender} " + defender + " has made its attack of this Combat Segment (Impulse " + now +
                   ") against " + join(foes_now(g, defender), ", ") + " only, and " + join(left, ", ") +
                   " attacking it shows it adjacent to them too (15.21, 15.22): a ship adjacent to more than one "
                   "enemy attacks all of them or none (15.24); undo " +
                   defender + "'s attack and make it with every enemy it touches";
        }
    }
    return "";
}

std::string free_tried(const GameState& g, const std::string& ship)
{
    if (g.value(ship, "free_tried_in") != now_label(g)) {
        return "";
    }
    return ship + " has tried to break free in this Impulse already: the Player rolls once, at the beginning of "
                  "a Movement Segment (15.16); it may try again in the next Impulse";
}

std::string storm_rolled(const GameState& g, const std::string& ship)
{
    if (g.value(ship, "storm_in").empty() || g.value(ship, "storm_in") != g.value("", "naval_phase")) {
        return "";
    }
    return ship + "'s fate in the Storm of Naval Phase " + g.value("", "naval_phase") +
           " is read already: a die for each ship unit, once, and no other movement that Game-Turn (14.29)";
}

bool failed_ram(const GameState& game, const std::string& rammer, const std::string& target)
{
    const auto parts = split(game.value(rammer, "ram_in"), ':');
    return parts.size() >= 2 && parts[0] == now_label(game) && parts[1] == "failed" &&
           (target.empty() || (parts.size() == 3 && parts[2] == target));
}

std::string melee_forbidden(const GameState& game, const std::string& attacker, const std::string& defender)
{
    for (const auto& [rammer, target] : {std::pair{attacker, defender}, std::pair{defender, attacker}}) {
        if (failed_ram(game, rammer, target)) {
            return rammer + " failed to ram " + target + " in Impulse " + now_label(game) +
                   ": it ended its Movement Segment beside " + target +
                   " with its bow toward it, so it may not engage in boarding and melee (15.14), and a melee "
                   "between the two needs both side-on (15.22), whichever attacks; undo that ram to melee instead";
        }
    }
    return "";
}

std::string attack_refused(const GameState& game, const std::string& n)
{
    const std::string now = now_label(game);
    if (ineffective_of(game, n).impulse == now) {
        return n + " is Ineffective this Impulse: it may not attack, it may defend (15.33)";
    }
    if (failed_ram(game, n)) {
        return n + " failed to ram in Impulse " + now +
               ": its Movement Segment ended beside the target, faced the wrong way, and it may not "
               "engage in boarding and melee (15.14, 15.22); undo that ram to melee instead";
    }
    if (split(game.value(n, "attacked_in"), ':').front() == now) {
        return n + " has attacked in this Combat Segment already (Impulse " + now +
               "): a ship attacks once a segment, every adjacent enemy at once, splitting its "
               "strength (15.24); undo that melee to make it again";
    }
    return "";
}

std::string ship_spec_in_game(std::string_view spec, const GameState& game, bool attacker)
{
    std::vector<std::string> parts = split(spec, ':');
    const GameUnit* ship = game.find_unit(parts.front());
    if (ship == nullptr) {
        return std::string(spec);
    }
    // A flag umpire does not know is named by the ship's parse as it was typed, before the
    // game adds its own ("'Venice:front:back': unknown flag ':front'", hunt52).
    if (!std::all_of(parts.begin() + 1, parts.end(), [](const std::string& f) { return known_ship_flag(f); })) {
        return std::string(spec);
    }
    const std::string& n = ship->name;
    const std::string now = now_label(game);
    // Struck already in this Combat Segment: it fights as it was when the segment began
    // (15.25), even if the result sank it.
    std::string face = game.value(n, "face");
    std::string damaged = game.value(n, "damaged");
    bool sunk = game.value(n, "sunk") == "true";
    if (const auto before = split(game.value(n, "before_combat"), ':'); before.size() == 3 && before[0] == now) {
        face = before[1];
        damaged = before[2];
        sunk = false;
    }
    if (sunk) {
        throw usage_error("'" + std::string(spec) + "': " + n + " is sunk in the game");
    }
    if (const std::string why = not_arrived(game, n); !why.empty()) {
        throw usage_error("'" + std::string(spec) + "': " + why);
    }
    if (const std::string why = attacker ? attack_refused(game, n) : ""; !why.empty()) {
        throw usage_error("'" + std::string(spec) + "': " + why);
    }
    std::string out(spec);
    auto has = [&](const char* flag) {
        for (size_t i = 1; i < parts.size(); ++i) {
            if (to_lower(parts[i]) == flag) {
                return true;
            }
        }
        return false;
    };
    // The statuses come from the game; a flag that says otherwise contradicts it.
    if (has("back") && face != "back") {
        throw usage_error("'" + std::string(spec) + "': the game has " + n + " on its front side: leave :back off (" +
                          (ship->side == "ottoman" ? "it flips when it loses one, 15.35"
                                                   : "game set " + n + " face=back when its crew goes ashore, 16.0") +
                          ")");
    }
    if (has("damaged") && damaged != "true") {
        throw usage_error("'" + std::string(spec) + "': the game has " + n +
                          " undamaged: leave :damaged off (a D result marks it, 15.34)");
    }
    if (has("leader") && game.value(n, "leader").empty()) {
        std::string where;
        for (const auto& u : game.units) {
            if (!game.value(u.name, "leader").empty()) {
                where += (where.empty() ? "; " : ", ") + game.value(u.name, "leader") + " is aboard " + u.name;
            }
        }
        throw usage_error("'" + std::string(spec) + "': the game has no leader aboard " + n + where +
                          ": leave :leader off, or game set " + n + " leader=Diedo or leader=Trevisano (15.26)");
    }
    if (face == "back" && !has("back")) {
        out += ":back";
    }
    if (damaged == "true" && !has("damaged")) {
        out += ":damaged";
    }
    if (!game.value(n, "leader").empty() && !has("leader")) {
        out += ":leader";  // 15.26: the game knows who is aboard
    }
    return out;
}

GameRules constantinople_game_rules()
{
    GameRules rules;
    rules.game = "constantinople";
    rules.title = "Constantinople";
    rules.scenario = "constantinople";
    rules.start = [](const Scenario& s, const TableOf&) {
        GameState g;
        g.game = "constantinople";
        g.scenario = s.id;
        g.clock = {{"naval_phase", "1"},
                   {"impulse", "1"},
                   {"wind", s.wind ? s.wind->from : "N"},
                   {"velocity", std::to_string(s.wind ? s.wind->velocity : 8)}};
        for (const auto& u : s.units) {
            if (u.counter) {
                g.units.push_back({u.name,
                                   u.side,
                                   {{"face", "front"},
                                    {"damaged", "false"},
                                    {"ineffective", ""},
                                    {"pinned_to", ""},
                                    {"pinned_as", ""},
                                    {"sunk", "false"}}});
                if (u.arrives > 1) {
                    g.units.back().status.emplace_back("arrives", std::to_string(u.arrives));  // 19.1
                }
            }
        }
        return g;
    };
    rules.changes = constantinople_changes;
    rules.check = constantinople_check;
    // What the movement step asks: a Storm's die for each ship in place of the movement, the
    // rams and the tries to break free that it stops ("no other movement that Game-Turn", 14.29).
    static const std::string ask_initiative =
        "each player rolls a die, the high die moves first this Impulse: initiative (13.1)";
    static const std::string ask_move = "the first player moves his vessels, then the second; rams take place during "
                                        "movement: ram (13.1, 15.1)";
    static const std::string ask_free = "pinned pairs may try to break free: free {ship} (15.16)";
    static const std::string ask_storm = "in a Storm no ship moves that Game-Turn: storm (14.29)";
    // The wind's velocity is one the Wind Velocity Table gives (14.32), kept as game next keeps
    // it: its numbers, storm, or calm for No Wind. The check's 0 to 99 took 0, 5 and 99 (hunt58).
    rules.check_tables = [](const GameState& g, const TableOf& table) {
        const Table& velocity = table("constantinople.wind-velocity");
        const std::string now = g.value("", "velocity");
        if (now.empty()) {
            return std::vector<StateProblem>{};  // no key: the check says so
        }
        std::vector<int> numbers;
        std::vector<std::string> words;
        for (size_t row = 0; row < velocity.rows.size(); ++row) {
            if (cell(velocity, row, 0) == now) {
                return std::vector<StateProblem>{};
            }
            if (const std::optional<int>& n = velocity.rows[row].numbers.at(0)) {
                numbers.push_back(*n);
            } else {
                words.push_back(cell(velocity, row, 0));
            }
        }
        std::sort(numbers.begin(), numbers.end());
        std::vector<std::string> given;
        for (const int n : numbers) {
            given.push_back(std::to_string(n));
        }
        given.insert(given.end(), words.begin(), words.end());
        return std::vector<StateProblem>{{"", "velocity",
                                          "'" + now + "' is no velocity the Wind Velocity Table gives: " +
                                              join(given, ", ") + " (calm is its No Wind) (14.32)"}};
    };
    rules.sequence = {
        {"movement",
         "Initiative and Naval Movement",
         "13.1",
         "five Impulses a Naval Phase (13.1)",
         {"at Impulse 1 of a new Naval Phase the wind is rolled for the whole phase: direction and velocity (13.1, "
          "14.23)"},
         {ask_initiative, ask_move, ask_free, ask_storm}},
        {"combat",
         "the Mutual Combat Segment",
         "13.1, 15.2",
         "five Impulses a Naval Phase (13.1)",
         {"movement is over: no ram, reef or breaking free until the next Impulse (13.1)"},
         {"every melee the players declare: melee, a ship attacking once, every adjacent enemy at once (15.24)",
          "combat is simultaneous: each melee reads the ships as the segment began (15.25)",
          "the players may end the Naval Phase after any Impulse, by mutual agreement: game next {end_phase} "
          "(4.0 E, 13.1)"}},
    };
    // A Storm's Game-Turn has no movement but the Storm's (14.29), and storm is refused in any
    // other wind: the step asks only what the game lets the referee do.
    rules.asks = [](const GameState& g, const PlayStep& step) {
        if (step.id != "movement") {
            return step.asks;
        }
        return g.value("", "velocity") == "storm" ? std::vector<std::string>{ask_initiative, ask_storm}
                                                  : std::vector<std::string>{ask_initiative, ask_move, ask_free};
    };
    rules.step = [](const GameState& g) {
        return std::string(g.value("", "combat_in") == now_label(g) ? "combat" : "movement");
    };
    rules.next_keys = {"end_phase"};
    rules.next = [](const GameState& g, const TableOf& table, Dice& dice, std::vector<Change>& changes,
                    const StatusList& given) {
        Resolution r;
        r.command = "game next";
        r.title = "Next Impulse";
        r.source = "Constantinople 13.1, 14.23";
        const int phase = g.number("", "naval_phase");
        const int impulse = g.number("", "impulse");
        const std::string now = now_label(g);
        const bool in_combat = g.value("", "combat_in") == now;
        // "Players may, by mutual agreement, use fewer than five Impulses, but never more"
        // (4.0 E, 13.1): the phase ends here, whichever segment of its Impulse this is.
        const bool end_early =
            std::any_of(given.begin(), given.end(), [](const auto& kv) { return kv.first == "end_phase"; }) &&
            !(in_combat && impulse == k_impulses);
        if (end_early) {
            foes_forgotten(g, "", changes);  // no Combat Segment of this phase is left (15.24)
            // An I result is for the next Movement and Mutual Combat Segments (15.33): the
            // next phase's first, now that this phase has no more. Ended at a movement step, the
            // Impulse's Mutual Combat Segment is not fought: a ship Ineffective in it has spent its
            // half movement, and may not attack in the next segment fought, the next phase's first.
            const std::string skipped = next_impulse_label(g);
            const std::string first = impulse_label(phase + 1, 1);
            for (const auto& u : g.units) {
                const Ineffective in = ineffective_of(g, u.name);
                if (impulse < k_impulses && in.impulse == skipped) {
                    changes.push_back(
                        change_to(g, u.name, "ineffective", first + (in.combat_only ? ":combat" : ""), "15.33"));
                } else if (!in_combat && in.impulse == now) {
                    changes.push_back(change_to(g, u.name, "ineffective", first + ":combat", "15.33"));
                }
            }
            changes.push_back(change_to(g, "", "phase_ended_in", now, "13.1"));
            r.title = "Naval Phase ended";
            r.steps.push_back("the players end Naval Phase " + std::to_string(phase) + " after Impulse " +
                              std::to_string(impulse) + (in_combat ? "" : ", its Mutual Combat Segment not fought") +
                              ", by mutual agreement: fewer than five Impulses (4.0 E, 13.1)");
        } else if (!in_combat) {
            // "After both Players have completed Naval Movement there is a mutual Combat
            // Phase" (13.1): the Impulse's movement is over; a melee begins it too.
            changes.push_back(change_to(g, "", "combat_in", now, "13.1"));
            foes_forgotten(g, now, changes);  // none of this segment yet; a file's stale ones go
            r.title = "Mutual Combat Segment";
            r.source = "Constantinople 13.1, 15.25";
            r.result.code = now + "-combat";
            r.result.name = "Naval Phase " + std::to_string(phase) + ", Impulse " + std::to_string(impulse) +
                            ", the Mutual Combat Segment";
        } else if (impulse < k_impulses) {
            foes_forgotten(g, "", changes);  // the Combat Segment is over (13.1, 15.24)
            changes.push_back(change_to(g, "", "impulse", std::to_string(impulse + 1), "13.1"));
            r.result.code = impulse_label(phase, impulse + 1);
            r.result.name = "Naval Phase " + std::to_string(phase) + ", Impulse " + std::to_string(impulse + 1);
            r.steps.push_back("Impulse " + std::to_string(impulse + 1) + " of five (13.1)");
        } else {
            foes_forgotten(g, "", changes);  // the Combat Segment is over (13.1, 15.24)
            if (g.holds("", "phase_ended_in")) {
                changes.push_back(key_removed(g, "", "phase_ended_in", "13.1"));  // this phase ran its five
            }
        }
        if (end_early || (in_combat && impulse == k_impulses)) {
            changes.push_back(change_to(g, "", "naval_phase", std::to_string(phase + 1), "13.1"));
            changes.push_back(change_to(g, "", "impulse", "1", "13.1"));
            Resolution wind =
                resolve_wind(table("constantinople.wind-direction"), table("constantinople.wind-velocity"), dice);
            r.tables = wind.tables;
            r.steps.push_back((end_early ? "Naval Phase " : "five Impulses done: Naval Phase ") +
                              std::to_string(phase + 1) +
                              "; the wind is rolled for the whole Naval Phase (13.1, 14.23)");
            r.steps.insert(r.steps.end(), wind.steps.begin(), wind.steps.end());
            changes.push_back(change_to(g, "", "wind", wind.result.code, "14.23"));
            changes.push_back(change_to(g, "", "velocity", field_text(wind.result.fields, "velocity"), "14.23"));
            changes.push_back(change_to(g, "", "wind_rolled_for", std::to_string(phase + 1), "14.23"));
            r.result.code = impulse_label(phase + 1, 1);
            r.result.name = "Naval Phase " + std::to_string(phase + 1) + ", Impulse 1, wind " + wind.result.code + " " +
                            field_text(wind.result.fields, "velocity");
            r.result.effects = wind.result.effects;
        }
        r.result.source = r.source;
        r.rolls = dice.record();
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        const std::string now = now_label(g);
        // An I result is for the next Movement and Mutual Combat Segments (15.33): pending from
        // the moment it is applied, not only once the next Impulse has come (fix53).
        const std::string coming = next_impulse_label(g);
        r.result.code = now;
        r.result.name = "Naval Phase " + g.value("", "naval_phase") + ", Impulse " + g.value("", "impulse") +
                        ", wind " + g.value("", "wind") + " " + g.value("", "velocity");
        for (const std::string side : {"byzantine", "ottoman"}) {
            std::vector<std::string> lines;
            for (const auto& u : g.units) {
                if (u.side != side) {
                    continue;
                }
                std::vector<std::string> marks;
                if (g.value(u.name, "sunk") == "true") {
                    marks.push_back("sunk");
                } else if (!not_arrived(g, u.name).empty()) {
                    marks.push_back("not yet arrived: from Game-Turn " + g.value(u.name, "arrives") + " (19.1)");
                } else {
                    if (g.value(u.name, "face") == "back") {
                        marks.push_back(u.side == "ottoman" ? "reduced (back)" : "crew ashore (back, 16.0)");
                    }
                    if (g.value(u.name, "damaged") == "true") {
                        marks.push_back("Damaged");
                    }
                    if (const Ineffective in = ineffective_of(g, u.name); in.impulse == now) {
                        marks.push_back(in.combat_only ? "Ineffective in this Impulse's combat"
                                                       : "Ineffective this Impulse");
                    } else if (in.impulse == coming) {
                        marks.push_back(
                            (in.combat_only ? "Ineffective in next Impulse's combat (" : "Ineffective next Impulse (") +
                            coming + ")");
                    }
                    if (!g.value(u.name, "pinned_to").empty()) {
                        marks.push_back("pinned to " + g.value(u.name, "pinned_to"));
                    }
                    if (const std::string leader = g.value(u.name, "leader"); !leader.empty()) {
                        marks.push_back(leader + " aboard (15.26)");
                    }
                }
                if (!marks.empty()) {
                    lines.push_back(u.name + ": " + join(marks, ", "));
                }
            }
            Outcome board;
            board.code = side;
            board.name = lines.empty() ? std::string("every ship ready") : std::to_string(lines.size()) + " marked";
            board.effects = lines;
            r.results.push_back(std::move(board));
        }
        for (const auto& u : g.units) {
            // a ship Ineffective in an Impulse whose combat its phase ended before: its half
            // movement is spent, its attack waits for this segment (15.33)
            const Ineffective in = ineffective_of(g, u.name);
            const std::string what = in.combat_only ? "no melee attack in its Mutual Combat Segment (its half movement "
                                                      "spent in the Impulse the last phase ended in)"
                                                    : "half movement, no melee attack";
            if (in.impulse == now && g.value(u.name, "sunk") != "true") {
                r.result.effects.push_back(u.name + " is Ineffective: " + what + " (15.33)");
            } else if (in.impulse == coming && g.value(u.name, "sunk") != "true") {
                r.result.effects.push_back(u.name + " is Ineffective in the next Impulse, " + coming + ": " + what +
                                           " then; it may defend (15.33)");
            }
            const std::string pin = g.value(u.name, "pinned_to");
            if (!pin.empty() && u.name < pin) {
                r.result.effects.push_back(u.name + " and " + pin +
                                           " are pinned together; either may try to break "
                                           "free (15.15, 15.16)");
            }
        }
    };
    // A leader's name in any case, as the rules print it (leader=trevisano was refused, hunt52).
    rules.spelling = [](std::string_view unit, std::string_view key, std::string_view value) {
        const std::string named = !unit.empty() && key == "leader" ? spelled_in({"Diedo", "Trevisano"}, value) : "";
        return named.empty() ? std::string(value) : named;
    };
    rules.clock_text = [](const GameState& g) {
        // "combat" once the Impulse's Mutual Combat Segment has begun (movement is over, 13.1)
        return "ph " + g.value("", "naval_phase") + " imp " + g.value("", "impulse") +
               (g.value("", "combat_in") == now_label(g) ? " combat" : "") + " wind " + g.value("", "wind") + " " +
               g.value("", "velocity");
    };
    rules.words = [](const Change& c) -> std::string {
        const std::string& u = c.unit;
        if (c.key == "damaged") {
            return u + (c.to == "true" ? " is Damaged" : " is no longer Damaged");
        }
        if (c.key == "face") {
            // an Ottoman ship's back is reduced (15.35), a Byzantine's its crew ashore (13.2, 16.0)
            return u + (c.to == "back" ? " shows its back side" : " shows its front side");
        }
        if (c.key == "sunk") {
            return u + (c.to == "true" ? " is eliminated: take it off the board" : " is back on the board");
        }
        if (c.key == "ineffective") {
            const auto to = split(c.to, ':');
            return c.to.empty()     ? ""
                   : to.size() == 2 ? u + " is Ineffective in Impulse " + to[0] +
                                          "'s Mutual Combat Segment: it may not attack then (15.33)"
                                    : u + " is Ineffective in Impulse " + c.to;
        }
        if (c.key == "pinned_to") {
            return c.to.empty() ? u + " is no longer pinned" : u + " is pinned to " + c.to;
        }
        return "";  // the clock, and counts kept for later rules: the result says them
    };
    return rules;
}

}  // namespace umpire::core
