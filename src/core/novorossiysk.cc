#include "core/novorossiysk.h"

#include "core/lookup.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>

namespace umpire::core {

const std::vector<BlockKind>& block_kinds()
{
    static const std::vector<BlockKind> k_block_kinds{
        {"bomber", true, 1, 0}, {"para", true, 1, 0},   {"fighter", true, 1, 1},
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
    auto parts = split(text, ':');
    Block block;
    size_t next = 0;
    if (find_block_kind(parts[0]) != nullptr) {
        block.kind = to_lower(parts[0]);
        next = 1;
    }
    const BlockKind* kind = find_block_kind(block.kind);
    for (size_t i = next; i < parts.size(); ++i) {
        if (iequals(parts[i], "reduced")) {
            block.reduced = true;
            continue;
        }
        if (!block.dice.empty()) {
            return fail<Block>(quoted + ": write [KIND:]DICE[:reduced], e.g. bomber:2red+white");
        }
        for (const auto& term : split(parts[i], '+')) {
            size_t digits = 0;
            while (digits < term.size() && std::isdigit(static_cast<unsigned char>(term[digits]))) {
                ++digits;
            }
            int count = 1;
            if (digits > 0) {
                auto n = parse_int(term.substr(0, digits), 1, 20);
                if (!n) {
                    return fail<Block>(quoted + ": a block has 1 to 20 dice of a colour");
                }
                count = static_cast<int>(*n);
            }
            std::string colour = to_lower(term.substr(digits));
            if (!find_row(hit_dice, colour)) {
                std::vector<std::string> words = hit_dice.row_keys();
                for (const auto& k : kind_names()) {
                    words.push_back(k);
                }
                return fail<Block>(quoted + ": no hit die '" + colour + "'" + suggestion(colour, words) +
                                   "; colours: " + join(hit_dice.row_keys(), ", ") +
                                   "; kinds: " + join(kind_names(), ", "));
            }
            block.dice.insert(block.dice.end(), static_cast<size_t>(count), colour);
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
    block.label = std::string(text);
    return block;
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
    const std::string terrain = q.terrain.empty() ? "inland" : q.terrain;
    if (std::find(k_hits_terrains.begin(), k_hits_terrains.end(), terrain) == k_hits_terrains.end()) {
        throw usage_error("{terrain} " + terrain + ": allowed " + join(k_hits_terrains, ", "));
    }
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
        if (bombardment) {
            for (auto& b : q.defender) {
                if (b.kind != "ship" && !b.dice.empty()) {
                    b.dice.clear();
                    r.steps.push_back("defender " + b.label +
                                      ": no anti-air combat from land based units in Mountain fog (Weather)");
                }
            }
        }
    }
    if (q.weather == "coast-fog") {
        if (bombardment && (terrain == "sea" || terrain == "coast")) {
            throw usage_error("{weather} coast-fog: no aerial bombardment is allowed against any sea hex or any hex "
                              "that borders a sea hex (Weather)");
        }
        if (bombardment) {
            for (auto& b : q.defender) {
                if (b.kind == "ship" && !b.dice.empty()) {
                    b.dice.clear();
                    r.steps.push_back("defender " + b.label +
                                      ": no anti-air combat from sea based units in Coast fog (Weather)");
                }
            }
        }
    }
    if (q.weather == "downpour") {
        r.notes.push_back("Downpour: no effect on combat; every river floods the next day (Weather)");
    }
}

int roll_pool(const Table& hit_dice, const std::vector<Block>& side, bool raise, const std::string& who, Dice& dice,
              Resolution& r)
{
    // Every die of the pool alone, in order, block by block: 1 a hit, 0 a blank.
    std::vector<std::pair<const Block*, std::string>> pool;
    for (const auto& block : side) {
        for (const auto& colour : block.dice) {
            pool.emplace_back(&block, raise ? raised(hit_dice, colour) : colour);
        }
    }
    auto t = dice.tally<Part>(
        pool.size(), 2,
        [&](Dice& d, size_t i) {
            Part p;
            p.category =
                static_cast<size_t>(roll_hit_dice(hit_dice, pool[i].second, 1, d, who + " " + pool[i].first->label));
            return p;
        },
        [&](size_t i) { return hit_dice.id + " " + pool[i].second; });
    const int hits = t.counts[1];
    r.steps.push_back(who + ": " + std::to_string(hits) + " hit(s)" +
                      (raise ? " (Surprise: dice raised one level)" : ""));
    return hits;
}

// Applies HITS to SIDE in casualty order; returns which blocks were removed.
std::vector<bool> apply_hits(int hits, const std::vector<Block>& side, const std::string& who, Resolution& r)
{
    std::vector<bool> removed(side.size(), false);
    std::vector<size_t> order(side.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return find_block_kind(side[a].kind)->order < find_block_kind(side[b].kind)->order;
    });
    for (size_t i : order) {
        if (hits == 0) {
            break;
        }
        const Block& b = side[i];
        const BlockKind* kind = find_block_kind(b.kind);
        int steps = b.reduced ? 1 : kind->steps;
        int taken = std::min(hits, steps);
        hits -= taken;
        Outcome o;
        o.label = who + " " + b.label;
        if (taken == steps) {
            o.code = "removed";
            o.name = "Removed to the Dead Pool";
            removed[i] = true;
        } else {
            o.code = "stepped-down";
            o.name = "Stepped down";
            o.effects = {"turned to its lesser colour; its extra anti-armour or anti-air dice are lost"};
        }
        r.results.push_back(o);
    }
    if (hits > 0) {
        r.steps.push_back(who + ": " + std::to_string(hits) + " hit(s) beyond the blocks given");
    }
    return removed;
}

long long count(const std::vector<bool>& flags) { return std::count(flags.begin(), flags.end(), true); }

}  // namespace

Resolution resolve_hits(const Table& hit_dice, const Table& procedures, const HitsRequest& request, Dice& dice)
{
    HitsRequest q = request;
    if (q.attacker.empty() || (q.defender.empty() && !q.airfield)) {
        throw usage_error("{attacker} and {defender}: give each side's blocks (or {airfield} for the attacker alone)");
    }
    Resolution r;
    r.command = "hits";
    r.title = q.airfield ? "Air Field strike" : "Hit dice";
    r.source = hit_dice.source;
    note_table(r, hit_dice);
    if (!q.time.empty()) {
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
    // The weather before Surprise: Surprise raises the dice the weather leaves.
    apply_weather(hit_dice, q, r);
    if (q.airfield) {
        for (const auto& b : q.attacker) {
            if (!find_block_kind(b.kind)->air) {
                throw usage_error("{airfield}: only air units attack the Air Field; " + b.label + " is not one");
            }
        }
        int free = procedures.constant("airfield_free_white_dice");
        note_table(r, procedures);
        const std::string& white = hit_dice.rows.front().key;
        int hits = roll_hit_dice(hit_dice, white, free, dice, "Air Field's free dice");
        r.steps.push_back("the Air Field throws " + std::to_string(free) + " free " + white +
                          " dice unopposed: " + std::to_string(hits) + " hit(s)");
        std::vector<bool> removed = apply_hits(hits, q.attacker, "attacker", r);
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
    // Ground and Ship Attack: air units attacking surface units; a small block "has no
    // possibility of returning fire", so it throws no dice (it can still be hit).
    const auto is_air = [](const Block& b) { return find_block_kind(b.kind)->air; };
    const bool ground_attack = std::all_of(q.attacker.begin(), q.attacker.end(), is_air) &&
                               std::none_of(q.defender.begin(), q.defender.end(), is_air);
    std::vector<Block> firing = q.defender;
    if (ground_attack) {
        for (auto& b : firing) {
            if (b.kind == "small") {
                b.dice.clear();
                r.steps.push_back("defender " + b.label +
                                  ": a small block cannot return fire against air units (Ground and Ship Attack)");
            }
        }
    }
    int a = roll_pool(hit_dice, q.attacker, q.attacker_surprise, "attacker", dice, r);
    int d = roll_pool(hit_dice, firing, q.defender_surprise, "defender", dice, r);
    int net = a - d;
    r.steps.push_back("hits cancel: " + std::to_string(a) + " - " + std::to_string(d) + " = " + signed_number(net));
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
        long long lost = count(apply_hits(net > 0 ? net : -net, on_defender ? q.defender : q.attacker,
                                          on_defender ? "defender" : "attacker", r));
        r.result.fields.push_back({"blocks_lost", lost});
        r.result.effects = {"casualties: bombers before fighters, small blocks first; a large block steps down, "
                            "then goes to the Dead Pool"};
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_air_deployment(const Table& procedures, int air_units, const std::vector<int>& air_spaces)
{
    check_count(air_units, 0, 100, "{air_units}");
    const int limit = procedures.constant("air_space_limit");
    const int less = procedures.constant("blank_blocks_less");
    Resolution r;
    r.command = "air-deployment";
    r.title = "Air Unit Deployment";
    r.source = "Novorossiysk 1943, Air Unit Deployment";
    note_table(r, procedures);
    const int blanks = std::max(0, air_units - less);
    r.steps.push_back(std::to_string(air_units) + " Air Units: add " + std::to_string(blanks) +
                      " Blank Blocks (as many less one), " + std::to_string(air_units + blanks) +
                      " blocks to place in turn with the enemy");
    r.result.code = std::to_string(blanks);
    r.result.name = std::to_string(blanks) + (blanks == 1 ? " Blank Block" : " Blank Blocks");
    r.result.source = r.source;
    r.result.fields.push_back({"blank_blocks", static_cast<long long>(blanks)});
    r.result.fields.push_back({"blocks", static_cast<long long>(air_units + blanks)});
    r.result.effects.push_back("players place their blocks alternately in the Air Spaces, then reveal them and "
                               "remove every Blank Block");
    bool over = false;
    for (size_t i = 0; i < air_spaces.size(); ++i) {
        check_count(air_spaces[i], 0, 100, "{air_space}");
        Outcome o;
        o.label = "air space " + std::to_string(i + 1);
        o.source = r.source;
        o.fields.push_back({"blocks", static_cast<long long>(air_spaces[i])});
        if (air_spaces[i] > limit) {
            over = true;
            o.code = "over";
            o.name = "Over the limit";
            o.effects.push_back(std::to_string(air_spaces[i]) + " blocks: an Air Space can receive at most " +
                                std::to_string(limit) + " Air Units");
        } else {
            o.code = "within";
            o.name = "Within the limit";
            o.effects.push_back(std::to_string(air_spaces[i]) + " of at most " + std::to_string(limit));
        }
        r.steps.push_back(o.label + ": " + o.effects.back());
        r.results.push_back(std::move(o));
    }
    if (!air_spaces.empty()) {
        r.result.fields.push_back({"within_limits", !over});
        r.notes.push_back("counted as blocks placed, both sides' and blanks included: an Air Space's seven small "
                          "hexes hold them all until the reveal");
    }
    return r;
}

Resolution resolve_paratroop_scatter(const Table& scatter, const Table& procedures, int blocks,
                                     const std::vector<int>& occupied, Dice& dice)
{
    if (blocks < 1 || blocks > 20) {
        throw usage_error("{paratroops} is " + std::to_string(blocks) + "; allowed 1 to 20");
    }
    const int capacity = procedures.constant("units_per_small_hex");
    std::vector<int> units(occupied);
    units.resize(7, 0);  // hexes 1-6, then the centre
    for (int u : units) {
        if (u < 0 || u > capacity) {
            throw usage_error("{occupied}: a small hex holds 0 to " + std::to_string(capacity) + " units");
        }
    }
    Resolution r;
    r.command = "scatter";
    r.title = "Paratroop scatter";
    r.source = scatter.source;
    note_table(r, scatter);
    note_table(r, procedures);
    int destroyed = 0;
    for (int i = 0; i < blocks; ++i) {
        std::string label = "paratroop block " + std::to_string(i + 1);
        int roll = dice.roll(*scatter.dice, label);
        const int hex = scatter.rows.at(*find_row(scatter, roll)).numbers.at(0).value();
        // Full: the next numbered hex along, then the centre; no room, destroyed.
        int placed = -1;
        for (int step = 0; step < 6 && placed < 0; ++step) {
            int h = (hex - 1 + step) % 6;
            if (units[static_cast<size_t>(h)] < capacity) {
                placed = h;
            }
        }
        if (placed < 0 && units[6] < capacity) {
            placed = 6;
        }
        Outcome o;
        o.label = label;
        if (placed < 0) {
            o.code = "destroyed";
            o.name = "Destroyed: no room to land";
            ++destroyed;
        } else {
            ++units[static_cast<size_t>(placed)];
            o.code = placed == 6 ? "centre" : std::to_string(placed + 1);
            o.name = placed == 6 ? "Lands in the centre hex" : "Lands in hex " + o.code;
            if (placed != hex - 1) {
                o.effects = {"hex " + std::to_string(hex) + " was full: moved along"};
            }
        }
        r.steps.push_back(label + ": d6 " + std::to_string(roll) + " -> " + o.name);
        r.results.push_back(o);
    }
    r.result.code = destroyed == 0 ? "landed" : destroyed == blocks ? "destroyed" : "some-destroyed";
    r.result.name = std::to_string(blocks - destroyed) + " landed, " + std::to_string(destroyed) + " destroyed";
    r.result.effects = {"a block landing in an enemy-controlled small hex is destroyed",
                        "with no enemy in a bordering hex, a block may move one small hex for free (not across a "
                        "river, not into an urban hex, not into combat)"};
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

Resolution resolve_night_bombing(const Table& scatter, const Table& procedures, Dice& dice)
{
    Resolution r;
    r.command = "scatter";
    r.title = "Night bombing scatter";
    r.source = scatter.game + ", Night Phase";
    const int from = procedures.constant("night_bomb_no_scatter_from");
    note_table(r, procedures);
    int roll = dice.roll_d6("night bombing: " + std::to_string(from) + "+ no scatter");
    if (roll >= from) {
        r.result.code = "on-target";
        r.result.name = "No scatter";
        r.result.effects = {"the bombs fall in the bomber's own small hex"};
        r.steps.push_back("d6 " + std::to_string(roll) + ": no scatter");
    } else {
        note_table(r, scatter);
        int second = dice.roll(*scatter.dice, "night bombing: where the bombs scatter");
        std::string hex = scatter.rows.at(*find_row(scatter, second)).cells[0];
        r.result.code = hex;
        r.result.name = "Scatter to hex " + hex;
        r.result.effects = {"hits fall in that numbered hex round the bomber, friendly troops included; from an "
                            "outer hex they may fall in the neighbouring Air Space"};
        r.steps.push_back("d6 " + std::to_string(roll) + ": scatter; d6 " + std::to_string(second) + " -> hex " + hex);
    }
    r.result.source = r.source;
    r.rolls = dice.record();
    return r;
}

// Weather (N1-N2).
WeatherState next_phase(const WeatherState& state)
{
    WeatherState next = state;
    if (!state.started) {
        next.started = true;
        return next;
    }
    auto it = std::find(k_phases.begin(), k_phases.end(), state.phase);
    if (it == k_phases.end() || it + 1 == k_phases.end()) {
        if (state.day >= k_novorossiysk_days) {
            throw usage_error("the game ended with the night phase of Day " + std::to_string(k_novorossiysk_days) +
                              " (Time Counter)");
        }
        next.day = state.day + 1;
        next.phase = k_phases.front();
    } else {
        next.phase = *(it + 1);
    }
    return next;
}

Resolution resolve_novorossiysk_weather(const Table& table, const WeatherState& state, bool zones, Dice& dice,
                                        WeatherState& after)
{
    if (state.day < 1 || state.day > k_novorossiysk_days) {
        throw usage_error("{day} " + std::to_string(state.day) + ": the game has days 1 to " +
                          std::to_string(k_novorossiysk_days));
    }
    if (!contains(k_phases, state.phase)) {
        throw usage_error("{phase} " + state.phase + ": allowed " + join(k_phases, ", ") +
                          suggestion(state.phase, k_phases));
    }
    after = state;
    after.started = true;
    after.last.clear();
    Resolution r;
    r.command = "weather";
    r.title = "Weather, Novorossiysk 1943";
    r.source = table.source;
    note_table(r, table);
    r.inputs.push_back({"day", static_cast<long long>(state.day)});
    r.inputs.push_back({"phase", state.phase});
    const bool flooded =
        std::find(state.flood_days.begin(), state.flood_days.end(), state.day) != state.flood_days.end();
    r.steps.push_back("Day " + std::to_string(state.day) + ", " + state.phase +
                      (flooded ? ": rivers in flood after yesterday's Downpour" : ""));

    const std::vector<std::string> areas = zones ? k_weather_zones : std::vector<std::string>{"all"};
    for (const auto& zone : areas) {
        int roll = dice.roll(*table.dice, "weather" + (zones ? ", " + zone : std::string()));
        std::string code = table.rows.at(*find_row(table, roll)).cells[0];
        std::string why;
        if (code == "coast-fog" && zone == "east") {
            code = "clear";
            why = " (the East never has Coast Fog: Clear)";
        }
        if (code == "dense-fog") {
            // Once per game, or once per zone with zones; "all" covers every zone.
            if (contains(after.dense_fog_used, zone) || contains(after.dense_fog_used, "all")) {
                code = "clear";
                why = " (Dense Fog has already occurred" + std::string(zones ? " in this zone" : "") + ": Clear)";
            } else {
                after.dense_fog_used.push_back(zone);
            }
        }
        if (code == "downpour" && state.day < k_novorossiysk_days &&
            std::find(after.flood_days.begin(), after.flood_days.end(), state.day + 1) == after.flood_days.end()) {
            after.flood_days.push_back(state.day + 1);
        }
        Outcome o;
        o.label = zones ? zone : "";
        o.code = code;
        describe(o, table, "");
        r.steps.push_back((zones ? zone + ": " : std::string()) + roll_text(dice.record().back()) + " -> " + o.name +
                          why);
        after.last.push_back(zones ? zone + "=" + code : code);
        if (zones) {
            r.results.push_back(o);
        } else {
            r.result = o;
        }
    }
    if (zones) {
        bool same = std::all_of(r.results.begin(), r.results.end(),
                                [&](const Outcome& o) { return o.code == r.results.front().code; });
        r.result.code = same ? r.results.front().code : "mixed";
        r.result.name = same ? r.results.front().name : "Differs by zone";
    }
    r.result.fields.push_back({"day", static_cast<long long>(state.day)});
    r.result.fields.push_back({"phase", state.phase});
    r.result.fields.push_back({"rivers_flooded", flooded});
    if (flooded) {
        r.result.effects.push_back("rivers are in flood today (yesterday's Downpour): Naval Infantry and units "
                                   "near Engineers cannot cross rivers");
    }
    r.result.source = table.source;
    r.rolls = dice.record();
    return r;
}

namespace {

WeatherState weather_of(const GameState& g)
{
    WeatherState w;
    w.day = g.number("", "day");
    w.phase = g.value("", "phase");
    w.started = g.value("", "started") == "true";
    for (const auto& z : split(g.value("", "dense_fog_used"), ',')) {
        if (!z.empty()) {
            w.dense_fog_used.push_back(z);
        }
    }
    for (const auto& d : split(g.value("", "flood_days"), ',')) {
        if (auto n = parse_int(d, 1, k_novorossiysk_days + 1)) {
            w.flood_days.push_back(static_cast<int>(*n));
        }
    }
    return w;
}

std::string numbers_text(const std::vector<int>& numbers)
{
    std::vector<std::string> parts;
    for (int n : numbers) {
        parts.push_back(std::to_string(n));
    }
    return join(parts, ",");
}

// The sides of GAME's units, in the order first met.
std::vector<std::string> sides_of(const GameState& game)
{
    std::vector<std::string> sides;
    for (const auto& u : game.units) {
        if (!contains(sides, u.side)) {
            sides.push_back(u.side);
        }
    }
    return sides;
}

}  // namespace

std::string block_in_game(std::string_view spec, const GameState& game)
{
    const GameUnit* unit = game.find_unit(spec);
    if (unit == nullptr || game.value(unit->name, "block").empty()) {
        return std::string(spec);
    }
    if (game.value(unit->name, "dead_pool") == "true") {
        throw usage_error(unit->name + " is in the Dead Pool: it cannot fight (Player Sheet)");
    }
    if (game.value(unit->name, "step") != "reduced") {
        return game.value(unit->name, "block");
    }
    const std::string full = game.value(unit->name, "block");
    return full.substr(0, full.find(':')) + ":" + game.value(unit->name, "block_reduced") + ":reduced";
}

namespace {

// The weather's clock (N1, N2) and every block's step (Large Blocks, Dead Pool).
std::vector<StateProblem> novorossiysk_check(const GameState& g)
{
    StateCheck c(g);
    c.keys("", {"day", "phase", "started", "dense_fog_used", "flood_days", "weather", "zones"});
    c.number("", "day", 1, k_novorossiysk_days);
    c.one_of("", "phase", {k_phases.begin(), k_phases.end()});
    c.flag("", "started");
    c.flag("", "zones");
    const std::string zones = join(k_weather_zones, ", ");
    for (const auto& z : split(g.value("", "dense_fog_used"), ',')) {
        if (!z.empty() && z != "all" && !contains(k_weather_zones, z)) {
            c.problem("", "dense_fog_used", "holds '" + z + "'; allowed all, " + zones + " (Weather)");
        }
    }
    for (const auto& d : split(g.value("", "flood_days"), ',')) {
        if (!d.empty() && !parse_int(d, 1, k_novorossiysk_days + 1)) {
            c.problem("", "flood_days",
                      "holds '" + d + "'; a day 1 to " + std::to_string(k_novorossiysk_days + 1) + " (Weather)");
        }
    }
    for (const auto& w : split(g.value("", "weather"), ',')) {
        const auto eq = w.find('=');
        const std::string code = eq == std::string::npos ? w : w.substr(eq + 1);
        if (!w.empty() && ((eq != std::string::npos && !contains(k_weather_zones, w.substr(0, eq))) ||
                           !contains(k_weather_codes, code))) {
            c.problem("", "weather",
                      "holds '" + w + "'; a phase's weather is ZONE=CODE or CODE (zones " + zones + "; codes " +
                          join(k_weather_codes, ", ") + ") (Weather)");
        }
    }
    for (const auto& u : g.units) {
        const std::string& n = u.name;
        c.keys(n, {"block", "block_reduced", "step", "dead_pool"});
        if (g.value(n, "block").empty()) {
            c.problem(n, "block", "no block: the dice of its full side, as large:2B2R (Player Sheet)");
        }
        c.one_of(n, "step", {"full", "reduced"});
        if (g.value(n, "step") == "reduced" && g.value(n, "block_reduced").empty()) {
            c.problem(n, "step", "'reduced', but the block has one step: no lesser side (Large Blocks)");
        }
        c.flag(n, "dead_pool");
    }
    return c.problems;
}

}  // namespace

GameRules novorossiysk_game_rules()
{
    GameRules rules;
    rules.game = "novorossiysk";
    rules.title = "Novorossiysk 1943";
    rules.scenario = "novorossiysk-example";
    rules.check_tables = [](const GameState& g, const TableOf& table) {
        std::vector<StateProblem> out;
        const Table& hit_dice = table("novorossiysk.hit-dice");
        for (const auto& u : g.units) {
            const std::string block = g.value(u.name, "block");
            auto full = parse_block(block, hit_dice);
            if (!full) {
                out.push_back({u.name, "block", full.error() + " (Player Sheet)"});
                continue;
            }
            if (const std::string lesser = g.value(u.name, "block_reduced"); !lesser.empty()) {
                if (auto reduced = parse_block(full->kind + ":" + lesser + ":reduced", hit_dice); !reduced) {
                    out.push_back({u.name, "block_reduced", reduced.error() + " (Large Blocks)"});
                }
            }
        }
        return out;
    };
    rules.start = [](const Scenario& s, const TableOf& table) {
        GameState g;
        g.game = "novorossiysk";
        g.scenario = s.id;
        g.clock = {{"day", "1"},       {"phase", "morning"}, {"started", "false"}, {"dense_fog_used", ""},
                   {"flood_days", ""}, {"weather", ""},      {"zones", "false"}};
        const Table& hit_dice = table("novorossiysk.hit-dice");
        for (const auto& u : s.units) {
            if (u.block.empty()) {
                continue;
            }
            auto full = parse_block(u.block, hit_dice);
            if (!full || full->reduced) {
                throw data_error(
                    "scenario " + s.id + ", " + u.name + ": block " +
                    (full ? "'" + u.block + "': give the full side; block_reduced its lesser side" : full.error()));
            }
            const bool steps = find_block_kind(full->kind)->steps > 1;
            if (steps != !u.block_reduced.empty()) {
                throw data_error("scenario " + s.id + ", " + u.name +
                                 (steps ? ": a " + full->kind +
                                              " block steps down: give block_reduced, the dice of "
                                              "its lesser side (Large Blocks)"
                                        : ": a " + full->kind + " block has one step: no block_reduced"));
            }
            if (steps) {
                auto lesser = parse_block(full->kind + ":" + u.block_reduced + ":reduced", hit_dice);
                if (!lesser) {
                    throw data_error("scenario " + s.id + ", " + u.name + ": block_reduced " + lesser.error());
                }
            }
            // The kind always written, so the lesser side can be named after it.
            const std::string block = find_block_kind(split(u.block, ':')[0]) ? u.block : "large:" + u.block;
            g.units.push_back(
                {u.name,
                 u.side,
                 {{"block", block}, {"block_reduced", u.block_reduced}, {"step", "full"}, {"dead_pool", "false"}}});
        }
        return g;
    };
    rules.changes = [](const GameState& g, const Resolution& r) {
        std::vector<Change> out;
        if (r.command != "hits") {
            return out;
        }
        // Each block named from the game: stepped down, or removed to the Dead Pool.
        for (const auto& o : r.results) {
            const auto space = o.label.find(' ');
            const std::string name = space == std::string::npos ? "" : o.label.substr(space + 1);
            if (g.find_unit(name) == nullptr) {
                continue;
            }
            const std::string unit = g.find_unit(name)->name;
            if (g.value(unit, "dead_pool") == "true") {
                continue;  // a block in the Dead Pool takes no more hits
            }
            if (o.code == "stepped-down") {
                out.push_back(change_to(g, unit, "step", "reduced", "Large Blocks"));
            } else if (o.code == "removed") {
                out.push_back(change_to(g, unit, "dead_pool", "true", "Large Blocks; Player Sheet, Dead Pool"));
            }
        }
        std::erase_if(out, [](const Change& c) { return c.from == c.to; });
        return out;
    };
    rules.check = novorossiysk_check;
    // The Time Counter: three phases a day, nine days (Time Counter); the Sequence section is
    // "purely cosmetic" (the text's own word), so the steps are the counter's.
    const std::vector<std::string> each = {
        "the Time Counter moves one place to the right before the phase (Time Counter)",
        "the phase's weather, 2D6 at its start: Dense Fog once a game, Downpour floods the next day's rivers "
        "(Weather)"};
    rules.sequence = {
        {"morning",
         "the morning phase (grey)",
         "Time Counter",
         "each of the nine days",
         each,
         {"air and artillery as the weather allows: hits reads the clock's weather (Weather)"}},
        {"afternoon",
         "the afternoon phase (yellow)",
         "Time Counter",
         "each of the nine days",
         each,
         {"air and artillery as the weather allows: hits reads the clock's weather (Weather)"}},
        {"night",
         "the night phase (black)",
         "Time Counter",
         "each of the nine days",
         each,
         {"the night phase of Day Nine is the game's last (Time Counter)",
          "restrictions on air combat and artillery bombardment; the element of surprise switches (Time Counter)",
          "the end-reckoning of replacements for the next day (Time Counter)"}},
    };
    rules.step = [](const GameState& g) { return g.value("", "phase"); };
    rules.next = [](const GameState& g, const TableOf& table, Dice& dice, std::vector<Change>& changes,
                    const StatusList&) {
        const WeatherState state = next_phase(weather_of(g));
        WeatherState after;
        Resolution r = resolve_novorossiysk_weather(table("novorossiysk.weather"), state,
                                                    g.value("", "zones") == "true", dice, after);
        r.command = "game next";
        changes.push_back(change_to(g, "", "day", std::to_string(after.day), "Time Counter"));
        changes.push_back(change_to(g, "", "phase", after.phase, "Time Counter"));
        changes.push_back(change_to(g, "", "started", "true", "Time Counter"));
        changes.push_back(change_to(g, "", "dense_fog_used", join(after.dense_fog_used, ","), "Weather"));
        changes.push_back(change_to(g, "", "flood_days", numbers_text(after.flood_days), "Weather"));
        changes.push_back(change_to(g, "", "weather", join(after.last, ","), "Weather"));
        std::erase_if(changes, [](const Change& c) { return c.from == c.to; });
        return r;
    };
    rules.status = [](const GameState& g, const TableOf&, Resolution& r) {
        r.result.code = g.value("", "day") + "-" + g.value("", "phase");
        r.result.name = "Day " + g.value("", "day") + ", " + g.value("", "phase") +
                        (g.value("", "started") == "true" ? ", weather " + g.value("", "weather")
                                                          : ", the first phase's weather not yet rolled");
        if (!g.value("", "dense_fog_used").empty()) {
            r.result.effects.push_back("Dense Fog has occurred (" + g.value("", "dense_fog_used") +
                                       "): once per game, or per zone (Weather)");
        }
        if (!g.value("", "flood_days").empty()) {
            r.result.effects.push_back("rivers in flood on day(s) " + g.value("", "flood_days") +
                                       " (Weather, Downpour)");
        }
        for (const auto& side : sides_of(g)) {
            std::vector<std::string> lines;
            std::vector<std::string> dead;
            for (const auto& u : g.units) {
                if (u.side != side) {
                    continue;
                }
                if (g.value(u.name, "dead_pool") == "true") {
                    dead.push_back(u.name);
                } else {
                    const bool reduced = g.value(u.name, "step") == "reduced";
                    std::string block = block_in_game(u.name, g);
                    lines.push_back(u.name + ": " + (reduced ? block.substr(0, block.rfind(':')) : block) +
                                    (reduced ? " (stepped down)" : ""));
                }
            }
            if (!dead.empty()) {
                lines.push_back("Dead Pool: " + join(dead, ", "));
            }
            Outcome board;
            board.code = side;
            board.name = std::to_string(lines.size() - (dead.empty() ? 0 : 1)) + " on the board, " +
                         std::to_string(dead.size()) + " in the Dead Pool";
            board.effects = lines;
            r.results.push_back(std::move(board));
        }
    };
    rules.clock_text = [](const GameState& g) {
        return "day " + g.value("", "day") + " " + g.value("", "phase") +
               (g.value("", "weather").empty() ? "" : " " + g.value("", "weather"));
    };
    rules.words = [](const Change& c) -> std::string {
        if (c.key == "step") {
            return c.unit + (c.to == "reduced" ? " steps down: turn it to its lesser side" : " is at full strength");
        }
        if (c.key == "dead_pool") {
            return c.unit + (c.to == "true" ? " goes to the Dead Pool" : " is back from the Dead Pool");
        }
        return "";
    };
    return rules;
}

}  // namespace umpire::core
