#include "core/pool.h"

#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace umpire::core {

namespace {

// One die of a pool: the tally's category is its face less one.
struct FacePart {
    size_t category = 0;
    int face = 0;
};

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// What an expression may hold, for a refusal of what it cannot.
constexpr const char* k_forms = "a pool may keep or drop dice (4d6kh3, 4d6dl1), count successes (5d6>=5, 6d6<=2), "
                                "repeat (3x2d6), explode (3d6!, 3d6!!, 3d6!p), reroll (2d6r1, 2d6ro<3), mark "
                                "criticals (d20cs>=19cf1), add pools (1d6+1d8-2) or be Fudge dice (4dF)";

}  // namespace

std::string Compare::text() const
{
    static constexpr const char* k_ops[] = {"", "<", "<=", ">", ">="};
    return k_ops[static_cast<int>(op)] + std::to_string(value);
}

bool Compare::matches(int face) const
{
    switch (op) {
    case Op::eq:
        return face == value;
    case Op::lt:
        return face < value;
    case Op::le:
        return face <= value;
    case Op::gt:
        return face > value;
    case Op::ge:
        return face >= value;
    }
    return false;
}

bool PoolSpec::plain() const
{
    return !fudge && explode == Explode::none && reroll == Reroll::none && !critical_success && !critical_failure;
}

std::string PoolSpec::label() const
{
    std::string out = (dice.count == 1 ? "" : std::to_string(dice.count)) + "d" +
                      (fudge ? std::string("F") : std::to_string(dice.sides));
    if (reroll != Reroll::none) {
        out += (reroll == Reroll::once ? "ro" : "r") + reroll_if.text();
    }
    static constexpr const char* k_explode[] = {"", "!", "!!", "!p"};
    out += k_explode[static_cast<int>(explode)];
    if (critical_success) {
        out += "cs" + critical_success->text();
    }
    if (critical_failure) {
        out += "cf" + critical_failure->text();
    }
    switch (read) {
    case Read::total:
        break;
    case Read::keep_highest:
        out += "kh" + std::to_string(n);
        break;
    case Read::keep_lowest:
        out += "kl" + std::to_string(n);
        break;
    case Read::at_least:
        return out + ">=" + std::to_string(n);
    case Read::at_most:
        return out + "<=" + std::to_string(n);
    }
    return out + (dice.modifier != 0 ? signed_number(dice.modifier) : "");
}

std::string RollTerm::label() const
{
    std::string out;
    for (const auto& pool : pools) {
        out += (pool.sign < 0 ? "-" : out.empty() ? "" : "+") + pool.label();
    }
    return out + (modifier != 0 ? signed_number(modifier) : "");
}

namespace {

// The number at the front of REST, taken off it: its digits ("" when none).
std::string take_digits(std::string_view& rest)
{
    size_t n = 0;
    while (n < rest.size() && is_digit(rest[n])) {
        ++n;
    }
    std::string digits(rest.substr(0, n));
    rest.remove_prefix(n);
    return digits;
}

// "1", "=1", "<3", "<=2", ">5", ">=5" at the front of REST, for WHAT (a reroll, a mark)
// of a die of SIDES: the faces it names, one at least.
Expected<Compare> take_compare(std::string_view& rest, const std::string& quoted, const std::string& what, int sides)
{
    Compare c;
    std::string_view op_text;  // as typed, for a message
    static constexpr std::pair<std::string_view, Compare::Op> k_ops[] = {{"<=", Compare::Op::le},
                                                                         {">=", Compare::Op::ge},
                                                                         {"<", Compare::Op::lt},
                                                                         {">", Compare::Op::gt},
                                                                         {"=", Compare::Op::eq}};
    for (const auto& [text, op] : k_ops) {
        if (rest.starts_with(text)) {
            c.op = op;
            op_text = text;
            rest.remove_prefix(text.size());
            break;
        }
    }
    const std::string digits = take_digits(rest);
    auto n = parse_int(digits, 0, k_max_die_sides + 1);
    if (digits.empty()) {
        return fail<Compare>(quoted + ": " + what + " needs a face after it (1, =1, <3, <=2, >5, >=5)");
    }
    if (!n) {
        return fail<Compare>(quoted + ": " + what + std::string(op_text) + digits.substr(0, 12) +
                             (digits.size() > 12 ? "..." : "") + " is past any face (a die has at most " +
                             std::to_string(k_max_die_sides) + ")");
    }
    c.value = static_cast<int>(*n);
    int matching = 0;
    for (int face = 1; face <= sides; ++face) {
        matching += c.matches(face) ? 1 : 0;
    }
    if (matching == 0) {
        return fail<Compare>(quoted + ": " + what + c.text() + " names no face of a d" + std::to_string(sides));
    }
    return c;
}

// FACES of a die that C names, as a person says them: "6", "5 to 8".
std::string faces_named(const Compare& c, int sides)
{
    int low = 0;
    int high = 0;
    for (int face = 1; face <= sides; ++face) {
        if (c.matches(face)) {
            low = low == 0 ? face : low;
            high = face;
        }
    }
    return low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high);
}

// One pool of a sum: "NdS" (S a number, % or F) and its reads. TEXT is read in lower
// case; TYPED is the same characters as the user typed them, for a message.
Expected<PoolSpec> parse_pool(std::string_view text, std::string_view typed, const std::string& quoted)
{
    // The part of TYPED that PIECE (a part of TEXT) is.
    const auto as_typed = [&](std::string_view piece) {
        return std::string(typed.substr(static_cast<size_t>(piece.data() - text.data()), piece.size()));
    };
    std::string_view rest = text;
    PoolSpec pool;
    const std::string count = take_digits(rest);
    if (rest.empty() || rest.front() != 'd') {
        return fail<PoolSpec>(quoted + ": '" + std::string(typed) + "' is neither dice (NdS, e.g. 2d6) nor a number; " +
                              k_forms);
    }
    rest.remove_prefix(1);
    if (!count.empty()) {
        auto n = parse_int(count, 1, k_max_dice_count);
        if (!n) {
            return fail<PoolSpec>(quoted + ": dice count must be 1 to " + std::to_string(k_max_dice_count));
        }
        pool.dice.count = static_cast<int>(*n);
    }
    if (rest.starts_with("%")) {
        rest.remove_prefix(1);
        pool.dice.sides = 100;
    } else if (rest.starts_with("f")) {
        rest.remove_prefix(1);
        pool.fudge = true;
        pool.dice.sides = 3;
    } else {
        const std::string sides = take_digits(rest);
        if (sides == "00") {
            // dice-box's tens die alone, or a pair of d10s read apart: a percentile roll is d%
            return fail<PoolSpec>(quoted + ": a percentile roll is d% (or d100), 1 to 100, its tens and units "
                                           "read together; umpire has no tens die alone (d00)");
        }
        auto n = parse_int(sides, 2, k_max_die_sides);
        if (sides.empty() || !n) {
            return fail<PoolSpec>(quoted + ": a die must have 2 to " + std::to_string(k_max_die_sides) +
                                  " sides (or be d% or dF)");
        }
        pool.dice.sides = static_cast<int>(*n);
    }
    const int sides = pool.dice.sides;
    using Read = PoolSpec::Read;
    while (!rest.empty()) {
        const std::string_view at = rest;
        auto twice = [&](bool already, const char* what) {
            return already ? fail<PoolSpec>(quoted + ": " + what + " twice in '" + std::string(typed) + "'")
                           : Expected<PoolSpec>(pool);
        };
        if (pool.read != Read::total) {
            return fail<PoolSpec>(quoted + ": unexpected '" + as_typed(at) +
                                  "'; only +N or -N (or + or - more dice) may follow a keep, drop or count of "
                                  "successes");
        }
        if (rest.starts_with("!")) {
            if (auto t = twice(pool.explode != PoolSpec::Explode::none, "an explosion"); !t) {
                return t;
            }
            rest.remove_prefix(1);
            pool.explode = PoolSpec::Explode::each;
            if (rest.starts_with("!")) {
                rest.remove_prefix(1);
                pool.explode = PoolSpec::Explode::compound;
            } else if (rest.starts_with("p")) {
                rest.remove_prefix(1);
                pool.explode = PoolSpec::Explode::penetrate;
            }
            // "!8" on a d8 (or "!=8", "!>7") names the highest face: it is "!" written out.
            if (!rest.empty() &&
                (is_digit(rest.front()) || rest.front() == '<' || rest.front() == '>' || rest.front() == '=')) {
                const std::string_view face_at = rest;
                const std::string bang = as_typed(at.substr(0, static_cast<size_t>(face_at.data() - at.data())));
                auto c = take_compare(rest, quoted, bang, sides);
                if (!c) {
                    return fail<PoolSpec>(c.error());
                }
                if (pool.fudge) {
                    return fail<PoolSpec>(quoted + ": Fudge dice (dF) are only totalled: no keep, successes, "
                                                   "rerolls, explosions or marks");
                }
                if (faces_named(*c, sides) != std::to_string(sides)) {
                    const std::string dice =
                        as_typed(text.substr(0, static_cast<size_t>(at.data() - text.data()))) + bang;
                    return fail<PoolSpec>(quoted + ": a die explodes on its highest face only: " + dice + " (or " +
                                          dice + std::to_string(sides) + ") explodes on " + std::to_string(sides) +
                                          "; '" + bang + c->text() + "' names " + faces_named(*c, sides));
                }
            }
        } else if (rest.starts_with("r")) {
            if (auto t = twice(pool.reroll != PoolSpec::Reroll::none, "a reroll"); !t) {
                return t;
            }
            rest.remove_prefix(1);
            pool.reroll = PoolSpec::Reroll::until;
            if (rest.starts_with("o")) {
                rest.remove_prefix(1);
                pool.reroll = PoolSpec::Reroll::once;
            }
            auto c = take_compare(rest, quoted, pool.reroll == PoolSpec::Reroll::once ? "ro" : "r", sides);
            if (!c) {
                return fail<PoolSpec>(c.error());
            }
            pool.reroll_if = *c;
            int matching = 0;
            for (int face = 1; face <= sides; ++face) {
                matching += c->matches(face) ? 1 : 0;
            }
            if (pool.reroll == PoolSpec::Reroll::until && matching == sides) {
                return fail<PoolSpec>(quoted + ": r" + c->text() + " rerolls every face of a d" +
                                      std::to_string(sides) + " for ever; ro" + c->text() + " rerolls once");
            }
        } else if (rest.starts_with("cs") || rest.starts_with("cf")) {
            const bool success = rest[1] == 's';
            auto& mark = success ? pool.critical_success : pool.critical_failure;
            if (auto t = twice(mark.has_value(), success ? "a critical success mark" : "a critical failure mark"); !t) {
                return t;
            }
            rest.remove_prefix(2);
            auto c = take_compare(rest, quoted, success ? "cs" : "cf", sides);
            if (!c) {
                return fail<PoolSpec>(c.error());
            }
            mark = *c;
        } else if (rest.starts_with("kh") || rest.starts_with("kl") || rest.starts_with("dh") ||
                   rest.starts_with("dl") || rest.starts_with(">=") || rest.starts_with("<=")) {
            const std::string op(rest.substr(0, 2));
            rest.remove_prefix(2);
            const bool target = op == ">=" || op == "<=";
            const int dice = pool.dice.count;
            if (!target && dice < 2) {
                return fail<PoolSpec>(quoted + ": keep or drop needs two dice or more");
            }
            const int high = target ? sides : op[0] == 'k' ? dice : dice - 1;
            const std::string digits = take_digits(rest);
            auto n = parse_int(digits, 1, high);
            if (digits.empty()) {
                // Roll20 reads a bare kh as kh1; umpire asks, as a count is what the reader
                // of the roll needs to see (2d20kh1, advantage).
                const std::string dice_typed = as_typed(text.substr(0, static_cast<size_t>(at.data() - text.data())));
                const std::string typed_op = as_typed(at.substr(0, 2));
                const std::string what = target ? "the target face after it, 1 to " + std::to_string(high) + " (" +
                                                      dice_typed + typed_op + std::to_string(std::min(high, 5)) + ")"
                                         : op[0] == 'k'
                                             ? "the number of dice kept after it, 1 to " + std::to_string(high) + " (" +
                                                   dice_typed + typed_op + "1 keeps one)"
                                             : "the number of dice dropped after it, 1 to " + std::to_string(high) +
                                                   " (" + dice_typed + typed_op + "1 drops one)";
                return fail<PoolSpec>(quoted + ": " + typed_op + " needs " + what);
            }
            if (!n) {
                const std::string what = target ? "the target face after " + op
                                                : std::string(op[0] == 'k' ? "the dice kept" : "the dice dropped");
                return fail<PoolSpec>(quoted + ": " + what + " must be 1 to " + std::to_string(high));
            }
            const int k = static_cast<int>(*n);
            if (op == "kh" || op == "dl") {
                pool.read = Read::keep_highest;
                pool.n = op == "kh" ? k : dice - k;
            } else if (op == "kl" || op == "dh") {
                pool.read = Read::keep_lowest;
                pool.n = op == "kl" ? k : dice - k;
            } else {
                pool.read = op == ">=" ? Read::at_least : Read::at_most;
                pool.n = k;
            }
        } else if ((rest.front() == '>' || rest.front() == '<') && rest.size() > 1 && is_digit(rest[1])) {
            // "10d10>7": Roll20 counts 7 or more, umpire's > is strict elsewhere (r>5). Which is
            // meant cannot be told, so the count is refused with both readings written out.
            // Fudge dice count no successes at all: '4dF>1' suggested '4dF>=2', itself refused.
            if (pool.fudge) {
                return fail<PoolSpec>(quoted + ": Fudge dice (dF) are only totalled: no keep, successes, "
                                               "rerolls, explosions or marks");
            }
            const bool more = rest.front() == '>';
            rest.remove_prefix(1);
            const std::string digits = take_digits(rest);
            const auto n = parse_int(digits, 0, k_max_die_sides + 1);
            const std::string dice = as_typed(text.substr(0, static_cast<size_t>(at.data() - text.data())));
            const std::string op = more ? ">=" : "<=";
            std::vector<std::string> ways;
            if (n) {
                const long long strict = more ? *n + 1 : *n - 1;
                if (strict >= 1 && strict <= sides) {
                    ways.push_back("write " + dice + op + std::to_string(strict) + " for " +
                                   (more ? "more than " : "less than ") + digits);
                }
                if (*n >= 1 && *n <= sides) {
                    ways.push_back(dice + op + digits + " for " + digits + (more ? " or more" : " or less"));
                }
            }
            if (ways.empty()) {
                return fail<PoolSpec>(quoted + ": a count of successes is written with " + op +
                                      " and a face of the die, 1 to " + std::to_string(sides) + " (5d6>=5, 6d6<=2)");
            }
            if (!ways.front().starts_with("write ")) {
                ways.front() = "write " + ways.front();
            }
            return fail<PoolSpec>(quoted + ": " + join(ways, ", or ") +
                                  " (a bare > or < is read one way by some dice apps, the other by others)");
        } else {
            return fail<PoolSpec>(quoted + ": unexpected '" + as_typed(at) + "'; " + k_forms);
        }
    }
    if (pool.fudge && (pool.read != Read::total || pool.explode != PoolSpec::Explode::none ||
                       pool.reroll != PoolSpec::Reroll::none || pool.critical_success || pool.critical_failure)) {
        return fail<PoolSpec>(quoted + ": Fudge dice (dF) are only totalled: no keep, successes, rerolls, "
                                       "explosions or marks");
    }
    if (pool.read != Read::total && !pool.plain()) {
        return fail<PoolSpec>(quoted + ": a keep, drop or count of successes reads plain dice; rerolls, explosions "
                                       "and marks go on a total (4d6!, 2d6r1, d20cs>=19)");
    }
    return pool;
}

}  // namespace

// Any expression: pools and numbers added and taken away. Every expression umpire read
// before sums, rerolls and explosions is read as it was: a lone pool, its own modifier.
Expected<RollTerm> parse_roll_term(std::string_view text)
{
    const std::string quoted = "'" + std::string(text) + "'";
    std::string typed;  // without its spaces, as typed: for messages
    for (char c : text) {
        if (c != ' ' && c != '\t') {
            typed += c;
        }
    }
    const std::string lower = to_lower(typed);
    std::string_view rest = lower;
    RollTerm term;
    size_t digits = 0;
    while (digits < rest.size() && is_digit(rest[digits])) {
        ++digits;
    }
    if (digits > 0 && digits < rest.size() && rest[digits] == 'x') {
        auto n = parse_int(rest.substr(0, digits), 1, k_max_repeat);
        if (!n) {
            return fail<RollTerm>(quoted + ": the repeat before 'x' must be 1 to " + std::to_string(k_max_repeat));
        }
        term.repeat = static_cast<int>(*n);
        rest.remove_prefix(digits + 1);
    }
    long long constant = 0;
    long long dice = 0;
    while (!rest.empty()) {
        int sign = 1;
        if (rest.front() == '+' || rest.front() == '-') {  // each part but the first starts at its sign
            sign = rest.front() == '-' ? -1 : 1;
            rest.remove_prefix(1);
        }
        const size_t end = rest.find_first_of("+-");
        const std::string_view part = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
        if (part.empty()) {
            return fail<RollTerm>(quoted + ": a sign with nothing after it");
        }
        if (std::all_of(part.begin(), part.end(), is_digit)) {
            auto n = parse_int(part, 0, k_max_modifier);
            if (!n) {
                return fail<RollTerm>(quoted + ": a modifier must be a number from 0 to " +
                                      std::to_string(k_max_modifier));
            }
            constant += sign * *n;
            if (constant > k_max_modifier || constant < -k_max_modifier) {
                return fail<RollTerm>(quoted + ": the modifiers add up past " + std::to_string(k_max_modifier));
            }
            continue;
        }
        auto pool = parse_pool(
            part, std::string_view(typed).substr(static_cast<size_t>(part.data() - lower.data()), part.size()), quoted);
        if (!pool) {
            return fail<RollTerm>(pool.error());
        }
        dice += pool->dice.count;
        term.pools.push_back(*pool);
        term.pools.back().sign = sign;
        if (term.pools.size() > static_cast<size_t>(k_max_pools)) {
            return fail<RollTerm>(quoted + ": more than " + std::to_string(k_max_pools) + " pools in one expression");
        }
        if (dice > k_max_dice_count) {
            return fail<RollTerm>(quoted + ": more than " + std::to_string(k_max_dice_count) +
                                  " dice in one expression");
        }
    }
    if (term.pools.empty()) {
        return fail<RollTerm>(quoted + " rolls no dice; write NdS, e.g. 2d6, d100 or 3d6+2");
    }
    term.modifier = static_cast<int>(constant);
    // A lone pool of plain dice added: its modifier its own, as umpire always read it.
    PoolSpec& first = term.pools.front();
    if (term.pools.size() == 1 && first.sign == 1 && first.plain() && first.read != PoolSpec::Read::at_least &&
        first.read != PoolSpec::Read::at_most) {
        first.dice.modifier = term.modifier;
        term.modifier = 0;
    }
    return term;
}

int roll_pool(const PoolSpec& pool, Dice& dice, const std::string& purpose, std::vector<int>* faces,
              std::vector<bool>* counted)
{
    using Read = PoolSpec::Read;
    if (pool.read == Read::total) {
        return dice.roll(pool.dice, purpose);
    }
    const int sides = pool.dice.sides;
    const DiceSpec one{1, sides, 0};
    const bool high = pool.read == Read::keep_highest || pool.read == Read::at_least;
    const bool successes = pool.read == Read::at_least || pool.read == Read::at_most;
    // Exact odds draw a kept total whole, by order statistics (DiceSource::kept), and a
    // count of successes as the binomial count it is.
    if (!successes) {
        if (auto value = dice.kept(pool.dice.count, sides, pool.n, high)) {
            return *value + pool.dice.modifier;
        }
    } else if (auto count = dice.successes(pool.dice.count, sides, high ? sides - pool.n + 1 : pool.n)) {
        return *count;
    }
    // Keep and drop read how many dice show each face; successes only how many succeed
    // (two categories: N + 1 counts on the odds walk, not every mix of faces).
    auto t = dice.tally<FacePart>(
        static_cast<size_t>(pool.dice.count), successes ? 2 : static_cast<size_t>(sides),
        [&](Dice& d, size_t i) {
            const int face = d.roll(one, purpose + ": die " + std::to_string(i + 1));
            const bool success = high ? face >= pool.n : face <= pool.n;
            return FacePart{successes ? size_t{success} : static_cast<size_t>(face - 1), face};
        },
        [&](size_t) { return successes ? one.label() + (high ? ">=" : "<=") + std::to_string(pool.n) : one.label(); });
    if (successes) {
        if (faces != nullptr && !t.parts.empty()) {
            faces->clear();
            if (counted != nullptr) {
                counted->clear();
            }
            for (const auto& p : t.parts) {
                faces->push_back(p.face);
                if (counted != nullptr) {
                    counted->push_back(p.category == 1);
                }
            }
        }
        return t.counts[1];
    }
    // Read from how many dice show each face: the same on a plain roll and on the odds walk.
    int value = 0;
    int left = pool.n;
    for (int k = 0; k < sides; ++k) {
        const int face = high ? sides - k : k + 1;
        const int showing = t.counts[static_cast<size_t>(face - 1)];
        const int kept = std::min(showing, left);
        value += kept * face;
        left -= kept;
    }
    value += pool.dice.modifier;
    if (faces != nullptr && !t.parts.empty()) {
        faces->clear();
        for (const auto& p : t.parts) {
            faces->push_back(p.face);
        }
        if (counted != nullptr) {
            // the kept dice: the highest (or lowest) faces, the first rolled among equals
            counted->assign(faces->size(), false);
            std::vector<size_t> order(faces->size());
            std::iota(order.begin(), order.end(), size_t{0});
            std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
                return high ? (*faces)[a] > (*faces)[b] : (*faces)[a] < (*faces)[b];
            });
            for (int i = 0; i < pool.n; ++i) {
                (*counted)[order[static_cast<size_t>(i)]] = true;
            }
        }
    }
    return value;
}

namespace {

// Each die of a plain pool as shown: those not counted in brackets ("6 5 4 (1)").
void show_pool(const std::vector<int>& faces, const std::vector<bool>& counted, Shown& shown)
{
    for (size_t f = 0; f < faces.size(); ++f) {
        const auto face = std::to_string(faces[f]);
        shown.dice.push_back(counted[f] ? face : "(" + face + ")");
    }
}

// One die of a total POOL, rerolled and exploded as it says, for PURPOSE.
int roll_die(const PoolSpec& pool, Dice& dice, const std::string& purpose, Shown* shown)
{
    if (pool.fudge) {
        const int face = dice.roll(DiceSpec{1, 3, -2}, purpose);  // dF is a d3 less 2: -1, 0, +1
        if (shown != nullptr) {
            shown->dice.push_back(face < 0 ? "-" : face > 0 ? "+" : "0");
        }
        return face;
    }
    const DiceSpec one{1, pool.dice.sides, 0};
    int face = dice.roll(one, purpose);
    // rerolls: the die's own roll, not its explosions
    for (int times = 1; pool.reroll != PoolSpec::Reroll::none && pool.reroll_if.matches(face) &&
                        times <= (pool.reroll == PoolSpec::Reroll::once ? 1 : k_max_rerolls);
         ++times) {
        if (shown != nullptr) {
            shown->dice.push_back(std::to_string(face) + "r");
        }
        face = dice.roll(one, purpose + ", reroll " + std::to_string(times));
    }
    const bool critical_success = pool.critical_success && pool.critical_success->matches(face);
    const bool critical_failure = pool.critical_failure && pool.critical_failure->matches(face);
    int total = face;
    std::vector<std::string> chain{std::to_string(face)};
    int last = face;
    for (int times = 1; pool.explode != PoolSpec::Explode::none && last == pool.dice.sides && times <= k_max_rerolls;
         ++times) {
        chain.back() += "!";
        last = dice.roll(one, purpose + ", explosion " + std::to_string(times));
        const int added = pool.explode == PoolSpec::Explode::penetrate ? last - 1 : last;
        total += added;
        chain.push_back(std::to_string(added));
    }
    if (shown != nullptr) {
        if (pool.explode == PoolSpec::Explode::compound) {
            chain = {std::to_string(total) + (chain.size() > 1 ? "!!" : "")};
        }
        chain.front() += critical_success ? "**" : "";
        chain.front() += critical_failure ? "__" : "";
        shown->dice.insert(shown->dice.end(), chain.begin(), chain.end());
        shown->critical_successes += critical_success ? 1 : 0;
        shown->critical_failures += critical_failure ? 1 : 0;
    }
    return total;
}

// One pool of a sum, its sign not applied.
int roll_part(const PoolSpec& pool, Dice& dice, const std::string& purpose, Shown* shown)
{
    if (pool.read != PoolSpec::Read::total) {
        std::vector<int> faces;
        std::vector<bool> counted;
        const int value = roll_pool(pool, dice, purpose, &faces, &counted);
        if (shown != nullptr) {
            show_pool(faces, counted, *shown);
        }
        return value;
    }
    int value = 0;
    for (int i = 0; i < pool.dice.count; ++i) {
        value += roll_die(pool, dice, purpose + ": die " + std::to_string(i + 1), shown);
    }
    return value;
}

}  // namespace

int roll_term(const RollTerm& term, Dice& dice, const std::string& purpose, Shown* shown)
{
    if (term.single()) {
        std::vector<int> faces;
        std::vector<bool> counted;
        const int value = roll_pool(term.pools.front(), dice, purpose, &faces, &counted);
        if (shown != nullptr) {
            show_pool(faces, counted, *shown);
        }
        return value;
    }
    // Exact odds draw the whole term's total at once: one branch per total.
    if (auto value = dice.whole(term)) {
        return *value;
    }
    int value = term.modifier;
    for (const auto& pool : term.pools) {
        if (term.pools.size() == 1) {
            value += pool.sign * roll_part(pool, dice, purpose, shown);
            continue;
        }
        // several pools: each pool's rolls together, "2d6: 2 3", "-d4: 3"
        Shown part;
        value += pool.sign * roll_part(pool, dice, purpose + ": " + pool.label(), shown != nullptr ? &part : nullptr);
        if (shown != nullptr) {
            shown->dice.push_back((pool.sign < 0 ? "-" : "") + pool.label() + ": " + join(part.dice, " "));
            shown->critical_successes += part.critical_successes;
            shown->critical_failures += part.critical_failures;
        }
    }
    return value;
}

std::vector<std::string> term_notes(const RollTerm& term)
{
    const auto any = [&](auto has) { return std::any_of(term.pools.begin(), term.pools.end(), has); };
    std::vector<std::string> out;
    const std::string most = std::to_string(k_max_rerolls);
    if (any([](const PoolSpec& p) { return p.explode != PoolSpec::Explode::none; })) {
        out.push_back("a die explodes at most " + most +
                      " times (umpire's limit): the dice are rolled so, and the odds are exact for it");
    }
    if (any([](const PoolSpec& p) { return p.reroll == PoolSpec::Reroll::until; })) {
        out.push_back("a die is rerolled at most " + most + " times, the last roll standing (umpire's limit)");
    }
    if (any([](const PoolSpec& p) {
            return p.reroll != PoolSpec::Reroll::none && p.explode != PoolSpec::Explode::none;
        })) {
        out.push_back("a reroll is of a die's first roll, not of its explosions");
    }
    const auto strict = [](const std::optional<Compare>& c) {
        return c && (c->op == Compare::Op::lt || c->op == Compare::Op::gt);
    };
    if (any([&](const PoolSpec& p) {
            return strict(p.reroll != PoolSpec::Reroll::none ? std::optional(p.reroll_if) : std::nullopt) ||
                   strict(p.critical_success) || strict(p.critical_failure);
        })) {
        out.push_back("< and > are strict (r<3 rerolls 1 and 2, as rpg-dice-roller and Foundry read it; Roll20 "
                      "reads <3 as <=3)");
    }
    return out;
}

}  // namespace umpire::core
