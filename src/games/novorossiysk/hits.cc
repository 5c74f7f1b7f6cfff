// Novorossiysk 1943's blocks and hit dice: a block as named, the hit dice each side rolls
// with the weather's effects, and the casualty order (the combat rules).
#include "games/novorossiysk/novorossiysk.h"

#include "core/lookup.h"
#include "core/odds.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <limits>

namespace umpire::core {

const std::vector<BlockKind>& block_kinds()
{
    static const std::vector<BlockKind> k_block_kinds{
        // paratroops, who "CANNOT fight back while in the air", are hit before the bombers,
        // and "Bombers must ALWAYS be removed before fighters" (umpire(1), hits)
        {"bomber", true, 1, 0}, {"para", true, 1, -1},  {"fighter", true, 1, 1},
        {"small", false, 1, 0}, {"large", false, 2, 1}, {"ship", false, 2, 1},
    };
    return k_block_kinds;
}

const BlockKind* find_block_kind(std::string_view name)
{
    for (const auto& k : block_kinds()) {
        if (iequals(k.name, name)) {
            return &k;
        }
    }
    return nullptr;
}

namespace {

std::vector<std::string> kind_names()
{
    std::vector<std::string> names;
    for (const auto& k : block_kinds()) {
        names.emplace_back(k.name);
    }
    return names;
}

}  // namespace

Expected<Block> parse_block(std::string_view text, const Table& hit_dice)
{
    const std::string quoted = "'" + std::string(text) + "'";
    const std::string form = quoted + ": write [KIND:]DICE[:aa=DICE][:reduced], e.g. bomber:2red+white";
    auto parts = split(text, ':');
    Block block;
    size_t next = 0;
    if (find_block_kind(parts[0]) != nullptr) {
        block.kind = to_lower(parts[0]);
        next = 1;
    }
    const BlockKind* kind = find_block_kind(block.kind);
    // DICE: colours joined by +, each with a count; a colour written twice is one count.
    const auto add_dice = [&](std::string_view dice_text,
                              std::vector<std::string>& into) -> std::optional<std::string> {
        for (const auto& term : split(dice_text, '+')) {
            size_t digits = 0;
            while (digits < term.size() && std::isdigit(static_cast<unsigned char>(term[digits]))) {
                ++digits;
            }
            int count = 1;
            if (digits > 0) {
                auto n = parse_int(term.substr(0, digits), 1, 20);
                if (!n) {
                    return quoted + ": a block has 1 to 20 dice of a colour";
                }
                count = static_cast<int>(*n);
            }
            std::string colour = to_lower(term.substr(digits));
            // A colour written twice is one count (black+black+black is 3black), held to the
            // same 20: 20red+20red threw 40 red dice (hunt42).
            if (const auto had = std::count(into.begin(), into.end(), colour); had + count > 20) {
                return quoted + ": a block has 1 to 20 dice of a colour; " + colour + " adds up to " +
                       std::to_string(had + count);
            }
            if (!find_row(hit_dice, colour)) {
                std::vector<std::string> words = hit_dice.row_keys();
                for (const auto& k : kind_names()) {
                    words.push_back(k);
                }
                return quoted + ": no hit die '" + colour + "'" + suggestion(colour, words) +
                       "; colours: " + join(hit_dice.row_keys(), ", ") + "; kinds: " + join(kind_names(), ", ");
            }
            into.insert(into.end(), static_cast<size_t>(count), colour);
        }
        return std::nullopt;
    };
    bool triangle = false;
    for (size_t i = next; i < parts.size(); ++i) {
        if (iequals(parts[i], "reduced")) {
            if (block.reduced) {
                return fail<Block>(quoted + ": ':reduced' given twice; a block steps down once (Large Blocks)");
            }
            block.reduced = true;
            continue;
        }
        if (parts[i].size() >= 3 && iequals(parts[i].substr(0, 3), "aa=")) {
            // Ground and Ship Attack: "Surface to Air attacks (a coloured triangle on its decal)"
            if (triangle) {
                return fail<Block>(quoted + ": 'aa=' given twice; write the triangle's dice once, e.g. aa=red");
            }
            triangle = true;
            if (parts[i].size() == 3) {
                return fail<Block>(quoted + ": 'aa=' with no dice; write the colour of the triangle on the decal, "
                                            "e.g. aa=red");
            }
            if (auto error = add_dice(parts[i].substr(3), block.anti_air)) {
                return fail<Block>(*error);
            }
            continue;
        }
        if (!block.dice.empty()) {
            return fail<Block>(form);
        }
        if (auto error = add_dice(parts[i], block.dice)) {
            return fail<Block>(*error);
        }
    }
    if (block.kind == "small") {
        const std::string& weakest = hit_dice.rows.front().key;
        if (block.dice.empty()) {
            block.dice = {weakest};
        }
        for (const auto& d : block.dice) {
            if (d != weakest) {
                return fail<Block>(quoted + ": Small Blocks always hit with " + weakest + " dice");
            }
        }
    }
    if (block.kind == "para" && !block.dice.empty()) {
        return fail<Block>(quoted + ": paratroopers cannot fight back in the air; give them no dice");
    }
    if (block.reduced && kind->steps < 2) {
        return fail<Block>(quoted + ": only large blocks and ships step down");
    }
    if (triangle && (kind->air || kind->steps < 2)) {
        // Ground and Ship Attack: "Any ground unit or ship ... can return fire if it has Surface
        // to Air attacks (a coloured triangle on its decal). If the ground unit is a small block
        // it has no possibility of returning fire."
        return fail<Block>(quoted +
                           ": aa= is the coloured triangle of a large block or ship, its Surface to Air "
                           "attacks; " +
                           (kind->air ? "an air unit" : "a small block") + " has none (Ground and Ship Attack)");
    }
    if (triangle && block.reduced) {
        return fail<Block>(quoted + ": a stepped-down block has no anti-air dice: 'When stepped down this extra "
                                    "ability is always lost' (Large Blocks); leave aa= off");
    }
    block.label = std::string(text);
    return block;
}

std::string not_lesser(const Block& full, const Block& reduced, const Table& hit_dice)
{
    // Strongest first: matched so, each of the lesser side's dice has a die of the full side
    // at least as strong when any matching has.
    // a colour's place on the Hit Dice Sliding Scale, White first (parsed blocks name rows)
    const auto rank = [&](const std::string& colour) {
        const auto row = find_row(hit_dice, colour);
        return row ? *row : 0;
    };
    const auto strongest_first = [&](std::vector<std::string> dice) {
        std::stable_sort(dice.begin(), dice.end(),
                         [&](const std::string& a, const std::string& b) { return rank(a) > rank(b); });
        return dice;
    };
    const std::vector<std::string> f = strongest_first(full.dice);
    const std::vector<std::string> r = strongest_first(reduced.dice);
    const std::string why = ": a block steps down 'to show the lesser coloured dice' (Large Blocks); allowed: "
                            "fewer dice or weaker ones, none stronger die for die, strongest first";
    if (r.size() > f.size()) {
        return std::to_string(r.size()) + " dice, more than its full side's " + std::to_string(f.size()) + why;
    }
    for (size_t i = 0; i < r.size(); ++i) {
        if (rank(r[i]) > rank(f[i])) {
            return r[i] + " is stronger than its full side's " + f[i] + why;
        }
    }
    if (r == f) {
        return "the same dice as its full side" + why;
    }
    return "";
}

std::optional<Expected<HitDiceTerm>> parse_hit_dice_term(std::string_view text, const Table& hit_dice)
{
    size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
        ++digits;
    }
    std::string colour = to_lower(text.substr(digits));
    if (colour.empty() || colour.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos ||
        colour == "d" || !find_row(hit_dice, colour)) {
        return std::nullopt;
    }
    auto n = digits == 0 ? Expected<long long>(1) : parse_int(text.substr(0, digits), 1, k_max_dice_count);
    if (!n) {
        return fail<HitDiceTerm>("'" + std::string(text) + "': 1 to " + std::to_string(k_max_dice_count) + " dice");
    }
    return HitDiceTerm{static_cast<int>(*n), colour};
}

std::string raised(const Table& hit_dice, std::string_view colour)
{
    auto row = find_row(hit_dice, colour);
    if (!row || *row + 1 >= hit_dice.rows.size()) {
        return std::string(colour);
    }
    return hit_dice.rows[*row + 1].key;
}

int roll_hit_dice(const Table& hit_dice, std::string_view colour, int count, Dice& dice, const std::string& purpose,
                  std::vector<std::string>* faces)
{
    auto row = find_row(hit_dice, colour);
    if (!row) {
        throw usage_error("no hit die '" + std::string(colour) + "'" + suggestion(colour, hit_dice.row_keys()));
    }
    // Each die alone: 1 a hit, 0 a blank (FACES, when kept, from a plain roll only).
    auto t = dice.tally<Part>(
        static_cast<size_t>(count), 2,
        [&](Dice& d, size_t) {
            int face = d.roll(*hit_dice.dice, purpose + ": " + std::string(colour) + " die");
            Part p;
            p.category = hit_dice.rows[*row].cells.at(static_cast<size_t>(face - 1)) == "hit" ? 1 : 0;
            return p;
        },
        [&](size_t) { return hit_dice.id + " " + std::string(colour); });
    if (faces != nullptr) {
        for (const auto& p : t.parts) {
            faces->push_back(p.category == 1 ? "hit" : "blank");
        }
    }
    return t.counts[1];
}

bool air_to_air(const HitsRequest& q)
{
    const auto all_air = [](const std::vector<Block>& side) {
        return !side.empty() &&
               std::all_of(side.begin(), side.end(), [](const Block& b) { return find_block_kind(b.kind)->air; });
    };
    return all_air(q.attacker) && all_air(q.defender);
}

bool surprise(bool daylight, int attackers, int defenders, bool moved_in, int day_ratio)
{
    if (!moved_in) {
        return false;  // units already in combat from a previous phase never gain it
    }
    return daylight ? attackers >= day_ratio * defenders : attackers < defenders && attackers > 1;
}

namespace {

// Rolls SIDE's pool; SURPRISE raises every die one level.
// The colour one level down, never below the weakest (weather).
std::string lowered(const Table& hit_dice, std::string_view colour)
{
    auto row = find_row(hit_dice, colour);
    if (!row || *row == 0) {
        return std::string(colour);
    }
    return hit_dice.rows[*row - 1].key;
}

void lower_all(const Table& hit_dice, std::vector<Block>& side)
{
    for (auto& b : side) {
        for (auto& c : b.dice) {
            c = lowered(hit_dice, c);
        }
    }
}

// The phase's weather on this combat (Weather, Night Phase): throws a usage Error for a
// combat the weather disallows, lowers dice and silences anti-air fire in Q.
void apply_weather(const Table& hit_dice, HitsRequest& q, Resolution& r)
{
    if (!q.phase.empty() && q.weather.empty()) {
        throw usage_error("{phase}: give {weather} too: the night's limits hold unless the weather is clear");
    }
    // "Artillery Units placed on Mountainous terrain" (Mountain fog) are ground units: a ship
    // is sea based and no air unit is placed on terrain (with a weather or without).
    if (q.artillery) {
        const auto not_artillery = std::find_if(q.attacker.begin(), q.attacker.end(), [](const Block& b) {
            return b.kind == "ship" || find_block_kind(b.kind)->air;
        });
        if (not_artillery != q.attacker.end()) {
            throw usage_error(std::string(q.artillery_on_mountain ? "{artillery_on_mountain}" : "{artillery}") +
                              ": {attacker} " + not_artillery->label + " is " +
                              (not_artillery->kind == "ship" ? "a ship, sea based" : "an air unit") +
                              ", not an artillery unit on the ground");
        }
    }
    if (q.weather.empty()) {
        if (!q.terrain.empty()) {
            throw usage_error("{terrain} matters only under a weather: give {weather}");
        }
        if (q.artillery_on_mountain) {
            throw usage_error("{artillery_on_mountain} matters only under a weather: give {weather}");
        }
        return;
    }
    if (std::find(k_weather_codes.begin(), k_weather_codes.end(), q.weather) == k_weather_codes.end()) {
        throw usage_error("{weather} " + q.weather + ": allowed " + join(k_weather_codes, ", ") +
                          suggestion(q.weather, k_weather_codes));
    }
    if (!q.phase.empty() && std::find(k_phases.begin(), k_phases.end(), q.phase) == k_phases.end()) {
        throw usage_error("{phase} " + q.phase + ": allowed " + join(k_phases, ", "));
    }
    if (!q.terrain.empty() &&
        std::find(k_hits_terrains.begin(), k_hits_terrains.end(), q.terrain) == k_hits_terrains.end()) {
        throw usage_error("{terrain} " + q.terrain + ": allowed " + join(k_hits_terrains, ", "));
    }
    // A ship is sea based (Coast fog: "No anti-air combat from sea based ... units"): its
    // hex is a sea hex or, beside land units, one bordering the sea, never inland nor a
    // mountain. The inland default bombed a ship in Coast fog, which "No aerial
    // bombardment is allowed against any sea hex or any hex that borders a sea hex" forbids.
    const auto is_ship = [](const Block& b) { return b.kind == "ship"; };
    const auto ship = std::find_if(q.defender.begin(), q.defender.end(), is_ship);
    const bool ships_only = std::all_of(q.defender.begin(), q.defender.end(), is_ship);
    if (ship != q.defender.end() && (q.terrain == "inland" || q.terrain == "mountain")) {
        throw usage_error("{terrain} " + q.terrain + ": {defender} " + ship->label +
                          " is a ship, sea based: its hex is sea, or coast (bordering the sea) beside land units");
    }
    const std::string terrain = !q.terrain.empty()         ? q.terrain
                                : ship == q.defender.end() ? "inland"
                                : ships_only               ? "sea"
                                                           : "coast";
    const auto is_air = [](const Block& b) { return find_block_kind(b.kind)->air; };
    const bool attackers_air = std::all_of(q.attacker.begin(), q.attacker.end(), is_air);
    const bool air_to_air = !q.airfield && attackers_air && !q.defender.empty() &&
                            std::all_of(q.defender.begin(), q.defender.end(), is_air);
    const bool bombardment = !q.airfield && attackers_air && std::none_of(q.defender.begin(), q.defender.end(), is_air);
    r.inputs.push_back({"weather", q.weather});
    if (q.weather == "dense-fog") {
        throw usage_error("{weather} dense-fog: all combat is disallowed this phase (Weather, Dense fog)");
    }
    if (q.phase == "night" && q.weather != "clear") {
        if (air_to_air) {
            throw usage_error("{phase} night: no Air to Air Combat unless the weather is clear (Night Phase)");
        }
        if (q.airfield) {
            throw usage_error("{phase} night: no attacks on the enemy Air Field unless the weather is clear "
                              "(Night Phase)");
        }
        if (bombardment) {
            // Night Phase: "Otherwise no Air to Air Combat takes place ... Ground units can still
            // fire at those Bombers above them. Bombers can ONLY attack those ground units
            // 'revealed'": the text provides a night's attack on the ground for bombers alone.
            // umpire reads that fighters make none; a fighter's attack was taken, and given
            // the bombers' note (hunt42).
            const auto fighter =
                std::find_if(q.attacker.begin(), q.attacker.end(), [](const Block& b) { return b.kind == "fighter"; });
            if (fighter != q.attacker.end()) {
                throw usage_error("{phase} night: {attacker} " + fighter->label + " is a fighter: at night, unless " +
                                  "the weather is clear, the Night Phase provides only for Bombers attacking ground " +
                                  "units ('Ground units can still fire at those Bombers above them. Bombers can ONLY " +
                                  "attack those ground units revealed ...'), so umpire refuses a fighter's Ground " +
                                  "or Ship Attack then");
            }
            r.notes.push_back("night: bombers may attack only ground units revealed by combat or bordering friendly "
                              "units, and their bombs scatter: a D6 per bomber, 4+ no scatter (Night Phase, N9)");
        }
    }
    if (q.weather == "poor-flying" && air_to_air) {
        lower_all(hit_dice, q.attacker);
        lower_all(hit_dice, q.defender);
        r.steps.push_back("weather: all air to air combat is lowered one level, never below " +
                          hit_dice.rows.front().key + " (Weather)");
    }
    if (q.weather == "mountain-fog") {
        if (q.artillery_on_mountain) {
            throw usage_error("{artillery_on_mountain}: in Mountain fog, artillery units placed on mountainous terrain "
                              "cannot fire (Weather)");
        }
        if (bombardment && terrain == "mountain") {
            throw usage_error("{weather} mountain-fog: no aerial bombardment is allowed against mountainous terrain "
                              "(Weather)");
        }
        if (q.artillery && terrain == "mountain") {
            lower_all(hit_dice, q.attacker);
            r.steps.push_back("weather: artillery fire against a unit on a mountain is lowered one level, never "
                              "below " +
                              hit_dice.rows.front().key + " (Weather, Mountain fog)");
        }
        // "No anti-air combat from land based units is permitted": the land blocks' return
        // fire, decided with the rest of it (prepare_hits).
    }
    if (q.weather == "coast-fog") {
        if (bombardment && (terrain == "sea" || terrain == "coast")) {
            throw usage_error("{weather} coast-fog: no aerial bombardment is allowed against any sea hex or any hex "
                              "that borders a sea hex (Weather)");
        }
        // "No anti-air combat from sea based ... units" needs no silencing here: a ship's hex
        // is sea or coast, and bombing it is refused above.
    }
    if (q.weather == "downpour") {
        r.notes.push_back("Downpour: no effect on combat; every river floods the next day (Weather)");
    }
}

int roll_pool(const Table& hit_dice, const std::vector<Block>& side, bool raise, const std::string& who, Dice& dice,
              Resolution& r)
{
    // Every die of the pool alone, in order, block by block: 1 a hit, 0 a blank. The
    // pool is listed only when the tally asks for its dice: an odds walk asks once, and
    // passes here once per branch (10,201 for five blocks of 20 a side).
    size_t count = 0;
    for (const auto& block : side) {
        count += block.dice.size();
    }
    std::vector<std::pair<const Block*, std::string>> pool;
    const auto die = [&](size_t i) -> const std::pair<const Block*, std::string>& {
        if (pool.empty()) {
            for (const auto& block : side) {
                for (const auto& colour : block.dice) {
                    pool.emplace_back(&block, raise ? raised(hit_dice, colour) : colour);
                }
            }
        }
        return pool[i];
    };
    auto t = dice.tally<Part>(
        count, 2,
        [&](Dice& d, size_t i) {
            Part p;
            p.category =
                static_cast<size_t>(roll_hit_dice(hit_dice, die(i).second, 1, d, who + " " + die(i).first->label));
            return p;
        },
        [&](size_t i) { return hit_dice.id + " " + die(i).second; });
    const int hits = t.counts[1];
    if (dice.explains()) {
        // "For Large Blocks their Hit Level cannot go beyond Black" (Surprise): the top
        // colour's dice stay as they are, and the step says so.
        size_t at_top = 0;
        for (const auto& block : side) {
            at_top += static_cast<size_t>(std::count_if(block.dice.begin(), block.dice.end(),
                                                        [&](const auto& c) { return raised(hit_dice, c) == c; }));
        }
        std::string said;
        if (raise) {
            const std::string top = hit_dice.rows.empty() ? "" : hit_dice.rows.back().key;
            said = at_top == 0       ? " (Surprise: dice raised one level)"
                   : at_top == count ? " (Surprise: " + top + " dice stay " + top + ", never past " + top + ")"
                                     : " (Surprise: dice raised one level; " + std::to_string(at_top) + " " + top +
                                           " stay " + top + ", never past " + top + ")";
        }
        r.steps.push_back(who + ": " + std::to_string(hits) + " hit(s)" + said);
    }
    return hits;
}

// SIDE's blocks in the order they take hits, each outcome labelled for WHO.
std::vector<Casualty> casualty_order(const std::vector<Block>& side, const std::string& who)
{
    std::vector<const BlockKind*> kinds;
    std::vector<size_t> order(side.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
        kinds.push_back(find_block_kind(side[i].kind));
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return kinds[a]->order < kinds[b]->order; });
    std::vector<Casualty> out;
    for (size_t i : order) {
        out.push_back({i, side[i].reduced ? 1 : kinds[i]->steps, who + " " + side[i].label, side[i].kind == "para"});
    }
    return out;
}

// Applies HITS to the BLOCKS of a side in casualty order (ORDER); returns which blocks
// were removed.
std::vector<bool> apply_hits(int hits, const std::vector<Casualty>& order, size_t blocks, const std::string& who,
                             Resolution& r)
{
    std::vector<bool> removed(blocks, false);
    for (const Casualty& c : order) {
        if (hits == 0) {
            break;
        }
        int taken = std::min(hits, c.steps);
        hits -= taken;
        Outcome o;
        o.label = c.label;
        if (taken == c.steps) {
            o.code = "removed";
            o.name = c.for_good ? "Removed from the game for good" : "Removed to the Dead Pool";
            if (c.for_good) {
                o.effects = {"paratroopers hit in the air are removed from the game for good: never brought back from "
                             "the Dead Pool (Paratroopers)"};
            }
            removed[c.block] = true;
        } else {
            o.code = "stepped-down";
            o.name = "Stepped down";
            o.effects = {"turned to its lesser colour; its extra anti-armour or anti-air dice are lost"};
        }
        r.results.push_back(std::move(o));
    }
    if (hits > 0) {
        r.steps.push_back(who + ": " + std::to_string(hits) + " hit(s) beyond the blocks given");
    }
    return removed;
}

long long count(const std::vector<bool>& flags) { return std::count(flags.begin(), flags.end(), true); }

// The hits that land once both pools are rolled, A the attacker's hits and D the
// defender's (Hits cancel), written to R; EXPLAIN: the working too.
void settle_hits(const PreparedHits& prepared, int a, int d, bool explain, Resolution& r);

}  // namespace

PreparedHits prepare_hits(const Table& hit_dice, const Table& procedures, const HitsRequest& request)
{
    PreparedHits prepared{request, {}, {}, 0, {}, {}};
    HitsRequest& q = prepared.request;
    Resolution& r = prepared.head;
    if (q.attacker.empty() || (q.defender.empty() && !q.airfield)) {
        throw usage_error("{attacker} and {defender}: give each side's blocks (or {airfield} for the attacker alone)");
    }
    // Two blocks alike on one side are told apart by their place: "large:red #2".
    for (auto* side : {&q.attacker, &q.defender}) {
        std::vector<std::string*> labels;
        for (auto& b : *side) {
            labels.push_back(&b.label);
        }
        number_repeats(labels);
    }
    r.command = "hits";
    r.title = q.airfield ? "Air Field strike" : "Hit dice";
    r.source = hit_dice.source;
    note_table(r, hit_dice);
    if (q.airfield && (q.attacker_surprise || q.defender_surprise)) {
        throw usage_error("{surprise}: an Air Field strike has no enemy units to outnumber ('Surprise'); the Air "
                          "Field's free dice and the strike are thrown as they are (Hitting The Enemy Air Field)");
    }
    if (q.airfield && !q.time.empty()) {
        // 'Surprise': "if the Units in combat outnumber the enemy two to one": an Air Field
        // strike meets no units, and one fighter was "1 against 0" and raised its dice (hunt42).
        r.steps.push_back("Surprise: none (an Air Field strike meets no enemy units to outnumber)");
    } else if (air_to_air(q) && !q.time.empty()) {
        // 'Surprise' is for units that "move into attack that phase"; air units are placed, and
        // in Air to Air Combat "Both players roll their dice simultaneously" (hunt53 A4).
        r.steps.push_back("Surprise: none (Air to Air Combat: both players roll simultaneously, and no unit moves "
                          "into attack)");
    } else if (!q.time.empty()) {
        const int day_ratio = procedures.constant("surprise_day_ratio");
        note_table(r, procedures);
        q.attacker_surprise = surprise(q.time == "day", static_cast<int>(q.attacker.size()),
                                       static_cast<int>(q.defender.size()), q.moved_in, day_ratio);
        r.steps.push_back(std::string("Surprise for the attacker: ") + (q.attacker_surprise ? "yes" : "no") + " (" +
                          std::to_string(q.attacker.size()) + " against " + std::to_string(q.defender.size()) +
                          " units, " + q.time + (q.moved_in ? ", moved in" : ", did not move in") + ")");
    }
    r.inputs.push_back({"surprise", q.attacker_surprise   ? std::string("attacker")
                                    : q.defender_surprise ? std::string("defender")
                                                          : std::string("none")});
    // One combat at a time: air units fight air units in the Air Space (Air to Air Combat),
    // and those that survive attack the surface units below (Ground and Ship Attack). A
    // side of both would read one combat's rules for the other's blocks (a small block
    // firing at bombers because a paratroop block was named beside it).
    for (const auto* side : {&q.attacker, &q.defender}) {
        const auto air =
            std::find_if(side->begin(), side->end(), [](const Block& b) { return find_block_kind(b.kind)->air; });
        const auto surface =
            std::find_if(side->begin(), side->end(), [](const Block& b) { return !find_block_kind(b.kind)->air; });
        if (air != side->end() && surface != side->end()) {
            throw usage_error(std::string(side == &q.attacker ? "{attacker}" : "{defender}") + ": " + air->label +
                              " is an air unit and " + surface->label +
                              " a surface unit: they do not fight in one combat. Air to Air Combat first (air "
                              "units only), then the survivors' Ground and Ship Attack (surface units only)");
        }
    }
    // Ground and Ship Attack: "Any Air Unit that survives Air Combat can then attack surface
    // units. Any ground unit or ship that shares the same small hex can return fire"; Night
    // Phase: "Ground units can still fire at those Bombers above them". Surface units only
    // answer air units that attack them, so an air defender under a surface attacker is the
    // combat named the wrong way round: refused, not fought without the anti-air limits
    // (the small block that cannot return fire, the weather's silenced anti-air) and with
    // Surprise given to the return fire.
    if (!q.attacker.empty() && !find_block_kind(q.attacker.front().kind)->air) {
        const auto air_defender = std::find_if(q.defender.begin(), q.defender.end(),
                                               [](const Block& b) { return find_block_kind(b.kind)->air; });
        if (air_defender != q.defender.end()) {
            throw usage_error("{attacker} " + q.attacker.front().label + " is a surface unit and {defender} " +
                              air_defender->label +
                              " an air unit: surface units never attack air units, they only return fire when "
                              "air units attack them (Ground and Ship Attack). Name the air units as {attacker} "
                              "and the surface units as {defender}");
        }
    }
    // The weather before Surprise: Surprise raises the dice the weather leaves.
    apply_weather(hit_dice, q, r);
    prepared.attacker_casualties = casualty_order(q.attacker, "attacker");
    prepared.defender_casualties = casualty_order(q.defender, "defender");
    if (q.airfield) {
        for (const auto& b : q.attacker) {
            if (!find_block_kind(b.kind)->air) {
                throw usage_error("{airfield}: only air units attack the Air Field; " + b.label + " is not one");
            }
            if (b.kind == "para") {
                throw usage_error("{airfield}: " + b.label +
                                  " is a paratroop block: paratroopers strike nothing, they drop (Paratroopers)");
            }
        }
        prepared.airfield_free_dice = procedures.constant("airfield_free_white_dice");
        note_table(r, procedures);
        return prepared;
    }
    // Ground and Ship Attack: air units attacking surface units; a small block "has no
    // possibility of returning fire", so it throws no dice (it can still be hit).
    const auto is_air = [](const Block& b) { return find_block_kind(b.kind)->air; };
    const bool ground_attack = std::all_of(q.attacker.begin(), q.attacker.end(), is_air) &&
                               std::none_of(q.defender.begin(), q.defender.end(), is_air);
    // Paratroopers "CANNOT fight back while in the air. If they survive Air Combat they
    // commence their Air Drop": they attack nothing on the ground (hunt42).
    if (ground_attack) {
        for (const auto& b : q.attacker) {
            if (b.kind == "para") {
                throw usage_error("{attacker} " + b.label +
                                  ": paratroopers make no Ground Attack; surviving Air Combat they drop "
                                  "(Paratroopers: scatter)");
            }
        }
    }
    prepared.firing = q.defender;
    if (ground_attack) {
        // What each surface block returns at the air units: "Any ground unit or ship that
        // shares the same small hex can return fire if it has Surface to Air attacks (a
        // coloured triangle on its decal)" (Ground and Ship Attack), its triangle's dice and
        // not its pips; Large Blocks: "At full strength a unit can use the other hit dice if
        // needed (either anti-armour if square, or anti-air if a triangle). When 'stepped
        // down' this extra ability is always lost." Every full block returned fire with all
        // its pips, triangle or none (hunt42).
        for (auto& b : prepared.firing) {
            if (b.kind != "small" && b.dice.empty() && b.anti_air.empty()) {
                continue;  // nothing to throw: it returned fire earlier this phase (returned_fire_this_phase)
            }
            std::string none;  // why it throws nothing, "" when it throws its triangle's dice
            if (b.kind == "small") {
                none = "a small block cannot return fire against air units (Ground and Ship Attack)";
            } else if (b.reduced) {
                none = "stepped down, it has lost its anti-air dice and cannot return fire against air units (Large "
                       "Blocks, Ground and Ship Attack)";
            } else if (b.anti_air.empty()) {
                none = "no coloured triangle (aa=) given, so no Surface to Air attacks: it cannot return fire "
                       "against air units (Ground and Ship Attack)";
            } else if (q.weather == "mountain-fog" && b.kind != "ship") {
                none = "no anti-air combat from land based units in Mountain fog (Weather)";
            }
            b.dice = none.empty() ? b.anti_air : std::vector<std::string>{};
            if (!none.empty()) {
                r.steps.push_back("defender " + b.label + ": " + none);
            } else if (!b.dice.empty()) {
                r.steps.push_back("defender " + b.label + ": returns fire with its triangle's dice, " +
                                  join(b.dice, "+") + " (Ground and Ship Attack)");
            }
        }
    }
    return prepared;
}

Resolution roll_hits(const Table& hit_dice, const PreparedHits& prepared, Dice& dice)
{
    const HitsRequest& q = prepared.request;
    Resolution r = prepared.head;
    if (q.airfield) {
        const int free = prepared.airfield_free_dice;
        const std::string& white = hit_dice.rows.front().key;
        int hits = roll_hit_dice(hit_dice, white, free, dice, "Air Field's free dice");
        r.steps.push_back("the Air Field throws " + std::to_string(free) + " free " + white +
                          " dice unopposed: " + std::to_string(hits) + " hit(s)");
        std::vector<bool> removed = apply_hits(hits, prepared.attacker_casualties, q.attacker.size(), "attacker", r);
        long long lost = count(removed);
        std::vector<Block> survivors;
        for (size_t i = 0; i < q.attacker.size(); ++i) {
            if (!removed[i]) {
                survivors.push_back(q.attacker[i]);
            }
        }
        int strike =
            survivors.empty() ? 0 : roll_pool(hit_dice, survivors, q.attacker_surprise, "surviving air units", dice, r);
        r.result.code = strike > 0 ? "airfield-hit" : "no-effect";
        r.result.name = std::to_string(strike) + " hit(s) on the Air Field";
        r.result.fields = {{"attacker_lost", lost}, {"airfield_hits", static_cast<long long>(strike)}};
        r.result.effects = {"for every hit the enemy deploys one Air Unit fewer next phase (Blank Blocks excepted)",
                            "surviving Air Units return to their Air Field"};
        r.result.source = r.source;
        r.rolls = dice.record();
        return r;
    }
    int a = roll_pool(hit_dice, q.attacker, q.attacker_surprise, "attacker", dice, r);
    int d = roll_pool(hit_dice, prepared.firing, q.defender_surprise, "defender", dice, r);
    settle_hits(prepared, a, d, dice.explains(), r);
    r.rolls = dice.record();
    return r;
}

std::optional<OddsReport> hits_odds(const Table& hit_dice, const PreparedHits& prepared, const Adjudicator& whole)
{
    const HitsRequest& q = prepared.request;
    if (q.airfield) {
        return std::nullopt;  // the Air Field's dice decide which blocks roll: walked whole
    }
    OddsCache shared;  // each pool's tally counted once, for its walk and the sample
    const auto walk_pool = [&](const std::vector<Block>& side, bool raise, const std::string& who) {
        return compute_odds(
            [&](Dice& dice) {
                Resolution r;
                r.command = "hits";
                r.result.code = std::to_string(roll_pool(hit_dice, side, raise, who, dice, r));
                return r;
            },
            {}, OddsWalk::merged, {}, &shared);
    };
    const OddsReport attacker = walk_pool(q.attacker, q.attacker_surprise, "attacker");
    const OddsReport defender = walk_pool(prepared.firing, q.defender_surprise, "defender");
    // The difference's odds: the attacker's hits plus minus the defender's, a polynomial
    // product over both pools' denominators. AS and DS: each pool's hits in the order its
    // walk took them, which is the whole walk's.
    std::vector<long long> as;
    std::vector<long long> ds;
    const Polynomial a_ways = polynomial_of_lines(attacker.dimensions.at(0).lines, "a pool's hits", &as);
    const Polynomial minus_d = negated(polynomial_of_lines(defender.dimensions.at(0).lines, "a pool's hits", &ds));
    const std::vector<Integer> net_ways = multiply(a_ways.ways, minus_d.ways);
    const Integer den = a_ways.all * minus_d.all;
    const long long net_low = a_ways.low + minus_d.low;
    // Every result but the two pools' own hits is decided by their difference (Hits
    // cancel): one resolution per difference, in the order the whole walk first meets it
    // (the attacker's counts, then the defender's, depth first), made from that pair.
    const auto outcomes = [&](const auto& add) {
        std::vector<bool> met(net_ways.size(), false);
        for (const long long a : as) {
            for (const long long d : ds) {
                const auto at = static_cast<size_t>(a - d - net_low);
                if (met[at]) {
                    continue;
                }
                met[at] = true;
                Resolution r = prepared.head;
                settle_hits(prepared, static_cast<int>(a), static_cast<int>(d), false, r);
                add(r, ratio(net_ways[at], den));
            }
        }
    };
    std::uint64_t branches = 0;
    if (__builtin_mul_overflow(attacker.branches, defender.branches, &branches)) {
        branches = std::numeric_limits<std::uint64_t>::max();
    }
    OddsReport report = weighted_odds(outcomes, first_branch(whole, &shared), branches);
    // The pools' own hits are each pool's odds, not its difference's: the first fields.
    size_t at = 1;
    at += put_marginal(report, "result.attacker_hits", attacker.dimensions.at(0).lines, at) ? 1 : 0;
    put_marginal(report, "result.defender_hits", defender.dimensions.at(0).lines, at);
    name_residue(report);
    return report;
}

void name_residue(OddsReport& report)
{
    for (auto& dim : report.dimensions) {
        if (dim.name != "result.residue") {
            continue;
        }
        for (auto& line : dim.lines) {
            if (line.value == "0") {
                line.name = "hits cancel, none land";
            } else if (!line.value.empty()) {
                line.name = "land on the attacker or the defender (the result says which)";
            }
        }
    }
}

namespace {

void settle_hits(const PreparedHits& prepared, int a, int d, bool explain, Resolution& r)
{
    const HitsRequest& q = prepared.request;
    int net = a - d;
    if (explain) {
        r.steps.push_back("hits cancel: " + std::to_string(a) + " - " + std::to_string(d) + " = " + signed_number(net));
    }
    r.result.fields = {{"attacker_hits", static_cast<long long>(a)},
                       {"defender_hits", static_cast<long long>(d)},
                       {"residue", static_cast<long long>(net < 0 ? -net : net)}};
    if (net == 0) {
        r.result.code = "even";
        r.result.name = "Hits cancel";
        r.result.effects = {"no hit lands"};
    } else {
        bool on_defender = net > 0;
        r.result.code = on_defender ? "defender-hit" : "attacker-hit";
        r.result.name =
            std::to_string(net > 0 ? net : -net) + " hit(s) land on the " + (on_defender ? "defender" : "attacker");
        long long lost = count(
            apply_hits(net > 0 ? net : -net, on_defender ? prepared.defender_casualties : prepared.attacker_casualties,
                       on_defender ? q.defender.size() : q.attacker.size(), on_defender ? "defender" : "attacker", r));
        r.result.fields.push_back({"blocks_lost", lost});
        r.result.effects = {"casualties: bombers before fighters, small blocks first; a large block steps down, "
                            "then goes to the Dead Pool"};
    }
    r.result.source = r.source;
}

}  // namespace

Resolution resolve_hits(const Table& hit_dice, const Table& procedures, const HitsRequest& request, Dice& dice)
{
    return roll_hits(hit_dice, prepare_hits(hit_dice, procedures, request), dice);
}

}  // namespace umpire::core
