#include "core/dice.h"

#include "util/error.h"
#include "util/text.h"

#include <boost/random/uniform_int_distribution.hpp>

#include <algorithm>
#include <cctype>
#include <random>

namespace umpire::core {

void RandomSource::past_last_position()
{
    throw usage_error("the seed's stream has reached position " + std::to_string(k_last_position) +
                      ", its last: a die drawn there would leave it past any position a request can be started "
                      "from, so it could not be replayed: start another seed");
}

std::string DiceSpec::label() const
{
    std::string out = count == 1 ? "" : std::to_string(count);
    out += "d" + std::to_string(sides);
    if (modifier != 0) {
        out += signed_number(modifier);
    }
    return out;
}

Expected<DiceSpec> parse_dice(std::string_view text)
{
    const std::string lower = to_lower(text);
    std::string_view rest = lower;
    const std::string quoted = "'" + std::string(text) + "'";
    auto take_number = [&rest]() {
        size_t n = 0;
        while (n < rest.size() && std::isdigit(static_cast<unsigned char>(rest[n]))) {
            ++n;
        }
        std::string digits(rest.substr(0, n));
        rest.remove_prefix(n);
        return digits;
    };
    DiceSpec spec;
    std::string count = take_number();
    if (rest.empty() || rest.front() != 'd') {
        return fail<DiceSpec>(quoted + " is not a dice expression; write NdS, e.g. 2d6, d100 or 3d6+2");
    }
    rest.remove_prefix(1);
    if (!count.empty()) {
        auto n = parse_int(count, 1, k_max_dice_count);
        if (!n) {
            return fail<DiceSpec>(quoted + ": dice count must be 1 to " + std::to_string(k_max_dice_count));
        }
        spec.count = static_cast<int>(*n);
    }
    if (!rest.empty() && rest.front() == '%') {
        rest.remove_prefix(1);
        spec.sides = 100;
    } else {
        std::string sides = take_number();
        auto n = parse_int(sides, 2, k_max_die_sides);
        if (sides.empty() || !n) {
            return fail<DiceSpec>(quoted + ": a die must have 2 to " + std::to_string(k_max_die_sides) + " sides");
        }
        spec.sides = static_cast<int>(*n);
    }
    long long modifier = 0;
    while (!rest.empty()) {
        char sign = rest.front();
        if (sign != '+' && sign != '-') {
            // echoed as typed (the parse reads it lowered: "2D6X" read back 'x')
            return fail<DiceSpec>(quoted + ": unexpected '" +
                                  std::string(text.substr(static_cast<size_t>(rest.data() - lower.data()))) +
                                  "'; only +N or -N may follow the dice");
        }
        rest.remove_prefix(1);
        std::string digits = take_number();
        auto n = parse_int(digits, 0, k_max_modifier);
        if (digits.empty() || !n) {
            return fail<DiceSpec>(quoted + ": a modifier must be a number from 0 to " + std::to_string(k_max_modifier));
        }
        modifier += sign == '+' ? *n : -*n;
        if (modifier > k_max_modifier || modifier < -k_max_modifier) {
            return fail<DiceSpec>(quoted + ": the modifiers add up past " + std::to_string(k_max_modifier));
        }
    }
    spec.modifier = static_cast<int>(modifier);
    return spec;
}

std::string roll_text(const RollRecord& roll)
{
    return roll.die + " " + std::to_string(roll.value) + (roll.given ? " (given)" : "");
}

int RandomSource::face(int sides)
{
    boost::random::uniform_int_distribution<int> die(1, sides);
    return die(m_engine);
}

Draw RandomSource::draw(const DiceSpec& spec)
{
    return draw_faces(spec, [this](int sides) { return face(sides); });
}

Draw DiceSource::pick(const std::vector<std::uint64_t>& weights)
{
    std::uint64_t sum = 0;
    for (auto w : weights) {
        sum += w;
    }
    Draw face = draw(DiceSpec{1, static_cast<int>(sum), 0});
    std::uint64_t at = static_cast<std::uint64_t>(face.value);
    for (size_t i = 0; i < weights.size(); ++i) {
        if (at <= weights[i]) {
            return {static_cast<int>(i + 1), face.faces};
        }
        at -= weights[i];
    }
    return {static_cast<int>(weights.size()), face.faces};
}

Draw NoDice::draw(const DiceSpec& spec)
{
    throw Error(ExitCode::internal, "a read that rolls no die drew " + spec.label());
}

std::optional<std::vector<int>> DiceSource::tally(size_t, size_t, const std::function<size_t(Dice&, size_t)>&,
                                                  const std::function<std::string(size_t)>&)
{
    return std::nullopt;
}

std::optional<int> DiceSource::kept(int, int, int, bool) { return std::nullopt; }
std::optional<int> DiceSource::successes(int, int, int) { return std::nullopt; }
std::optional<int> DiceSource::whole(const RollTerm&) { return std::nullopt; }

template <class Invalid, class FromSource>
int Dice::record(std::string die, std::string_view purpose, const Invalid& invalid, const FromSource& from_source)
{
    RollRecord rec;
    rec.die = std::move(die);
    rec.purpose = purpose;
    if (!m_given.empty()) {
        int value = m_given.front();
        m_given.pop_front();
        if (std::string why = invalid(value); !why.empty()) {
            // "the 1st value": "({roll} value 1)" read as if the value were 1
            const size_t position = m_given_count - m_given.size();
            const size_t tens = position % 100;
            const char* suffix = tens >= 11 && tens <= 13 ? "th"
                                 : position % 10 == 1     ? "st"
                                 : position % 10 == 2     ? "nd"
                                 : position % 10 == 3     ? "rd"
                                                          : "th";
            throw usage_error("{roll} " + std::to_string(value) + " (the " + std::to_string(position) + suffix +
                              " value of {roll}) " + why);
        }
        rec.value = value;
        rec.given = true;
    } else {
        Draw d = from_source();
        rec.value = d.value;
        rec.faces = std::move(d.faces);
    }
    m_record.push_back(std::move(rec));
    return m_record.back().value;
}

size_t Dice::pick(const std::vector<std::uint64_t>& weights, std::string_view purpose)
{
    std::uint64_t sum = 0;
    for (auto w : weights) {
        sum += w;
    }
    if (sum == 0 || sum > static_cast<std::uint64_t>(k_max_die_sides)) {
        throw usage_error("nothing to pick from for " + std::string(purpose));
    }
    auto invalid = [&](int value) {
        const bool ok =
            value >= 1 && static_cast<size_t>(value) <= weights.size() && weights[static_cast<size_t>(value - 1)] > 0;
        return ok ? std::string() : "is impossible for the pick made for " + std::string(purpose);
    };
    return static_cast<size_t>(record("pick", purpose, invalid, [&] { return m_source.pick(weights); }) - 1);
}

std::uint32_t fresh_seed()
{
    std::random_device device;
    return device();
}

int Dice::roll(const DiceSpec& spec, std::string_view purpose)
{
    const std::string die = spec.label();
    auto invalid = [&](int value) {
        return value < spec.min() || value > spec.max()
                   ? "is impossible for the " + die + " rolled for " + std::string(purpose) + "; allowed " +
                         std::to_string(spec.min()) + " to " + std::to_string(spec.max())
                   : std::string();
    };
    return record(die, purpose, invalid, [&] { return m_source.draw(spec); });
}

void Dice::check_all_given_used(std::string_view command) const
{
    if (m_given.empty()) {
        return;
    }
    size_t used = m_given_count - m_given.size();
    // A roll of several dice (2d6) takes one value, its total: say so, as the count reads as dice.
    std::vector<std::string> totals;
    for (const auto& r : m_record) {
        const bool several =
            !r.die.empty() && std::isdigit(static_cast<unsigned char>(r.die[0])) != 0 && !r.die.starts_with("1d");
        if (several && std::find(totals.begin(), totals.end(), r.die) == totals.end()) {
            totals.push_back(r.die);
        }
    }
    const std::string each = join(totals, " or ");
    if (used == 0) {  // "used only 0 die roll(s)" (hunt52)
        throw usage_error("{roll}: " + std::to_string(m_given_count) + " value(s) given but " + std::string(command) +
                          " rolled no die this time; remove {roll}");
    }
    throw usage_error("{roll}: " + std::to_string(m_given_count) + " value(s) given but " + std::string(command) +
                      " used only " + std::to_string(used) + " die roll(s) this time" +
                      (each.empty() ? "" : " (a roll of " + each + " is one value, its total)") +
                      "; remove the extra {roll}");
}

std::uint64_t outcome_count(const DiceSpec& spec)
{
    std::uint64_t n = 1;
    for (int i = 0; i < spec.count; ++i) {
        if (n > (std::uint64_t{1} << 62) / static_cast<std::uint64_t>(spec.sides)) {
            return 0;
        }
        n *= static_cast<std::uint64_t>(spec.sides);
    }
    return n;
}

std::vector<Ways> distribution(const DiceSpec& spec)
{
    // Convolution of COUNT uniform dice; ways[k] counts the totals k + count.
    std::vector<std::uint64_t> ways{1};
    for (int i = 0; i < spec.count; ++i) {
        std::vector<std::uint64_t> next(ways.size() + static_cast<size_t>(spec.sides) - 1, 0);
        for (size_t k = 0; k < ways.size(); ++k) {
            for (int f = 0; f < spec.sides; ++f) {
                next[k + static_cast<size_t>(f)] += ways[k];
            }
        }
        ways = std::move(next);
    }
    std::vector<Ways> out;
    out.reserve(ways.size());
    for (size_t k = 0; k < ways.size(); ++k) {
        out.push_back({static_cast<int>(k) + spec.count + spec.modifier, ways[k]});
    }
    return out;
}

}  // namespace umpire::core
