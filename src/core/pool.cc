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

}  // namespace

std::string PoolSpec::label() const
{
    DiceSpec bare = dice;
    bare.modifier = 0;
    std::string out = bare.label();
    switch (read) {
    case Read::total:
        return dice.label();
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

Expected<RollTerm> parse_roll_term(std::string_view text)
{
    const std::string quoted = "'" + std::string(text) + "'";
    const std::string lower = to_lower(text);
    std::string_view rest = lower;
    RollTerm term;
    // "3x2d6": a repeat count first
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
    // NdS runs to the first character after the sides; a keep, drop or target may follow.
    size_t end = rest.find('d');
    if (end != std::string_view::npos) {
        ++end;
        if (end < rest.size() && rest[end] == '%') {
            ++end;
        }
        while (end < rest.size() && is_digit(rest[end])) {
            ++end;
        }
    }
    const std::string_view tail = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    static constexpr std::string_view k_ops[] = {"kh", "kl", "dh", "dl", ">=", "<="};
    const auto op = std::find_if(std::begin(k_ops), std::end(k_ops), [&](auto o) { return tail.starts_with(o); });
    if (op == std::end(k_ops)) {
        auto dice = parse_dice(rest);
        if (!dice) {
            return fail<RollTerm>(dice.error() +
                                  "; a pool may keep or drop dice (4d6kh3, 4d6dl1), count successes (5d6>=5, "
                                  "6d6<=2), or repeat (3x2d6)");
        }
        term.pool.dice = *dice;
        return term;
    }
    auto dice = parse_dice(rest.substr(0, end));
    if (!dice) {
        return fail<RollTerm>(dice.error());
    }
    std::string_view after = tail.substr(2);
    size_t n_digits = 0;
    while (n_digits < after.size() && is_digit(after[n_digits])) {
        ++n_digits;
    }
    const std::string op_text(*op);
    const bool target = op_text == ">=" || op_text == "<=";
    const int count = dice->count;
    const int low = 1;
    const int high = target ? dice->sides : op_text[0] == 'k' ? count : count - 1;
    if (!target && count < 2) {
        return fail<RollTerm>(quoted + ": keep or drop needs two dice or more");
    }
    auto n = parse_int(after.substr(0, n_digits), low, high);
    if (n_digits == 0 || !n) {
        const std::string what = target ? "the target face after " + op_text
                                        : std::string(op_text[0] == 'k' ? "the dice kept" : "the dice dropped");
        return fail<RollTerm>(quoted + ": " + what + " must be " + std::to_string(low) + " to " + std::to_string(high));
    }
    after.remove_prefix(n_digits);
    if (!after.empty()) {
        if (target) {
            return fail<RollTerm>(quoted + ": nothing may follow a count of successes");
        }
        // a modifier to the kept total: "4d6kh3+2"
        auto with = parse_dice(std::string(rest.substr(0, end)) + std::string(after));
        if (!with && (after.front() == '+' || after.front() == '-')) {
            // a modifier out of range: parse_dice's message, about the whole term
            const std::string why = with.error();
            return fail<RollTerm>(quoted + why.substr(why.find(':')));
        }
        if (!with) {
            return fail<RollTerm>(quoted + ": unexpected '" + std::string(after) +
                                  "'; only +N or -N may follow a keep or drop");
        }
        dice = with;
    }
    term.pool.dice = *dice;
    const int k = static_cast<int>(*n);
    using Read = PoolSpec::Read;
    if (op_text == "kh" || op_text == "dl") {
        term.pool.read = Read::keep_highest;
        term.pool.n = op_text == "kh" ? k : count - k;
    } else if (op_text == "kl" || op_text == "dh") {
        term.pool.read = Read::keep_lowest;
        term.pool.n = op_text == "kl" ? k : count - k;
    } else {
        term.pool.read = op_text == ">=" ? Read::at_least : Read::at_most;
        term.pool.n = k;
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

}  // namespace umpire::core
