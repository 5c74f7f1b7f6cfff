#pragma once
// Dice: expressions ("2d6+1"), the Dice an adjudicator draws from, and the sources
// behind it (a seeded engine, or the enumeration that exact odds walk).
// Adjudicators take a Dice& and never know whether a value was typed in, rolled, or
// enumerated (DESIGN.md principles 4, 5 and 7).

#include "core/mt19937.h"
#include "util/expected.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::core {

// Limits that stop a typo from exhausting the machine; documented in umpire(1).
inline constexpr int k_max_dice_count = 1000;
inline constexpr int k_max_die_sides = 1000;
inline constexpr int k_max_modifier = 1000000;

// COUNT dice of SIDES faces each, plus MODIFIER: "2d6", "d100", "3d6+2".
struct DiceSpec {
    int count = 1;
    int sides = 6;
    int modifier = 0;

    int min() const { return count + modifier; }
    int max() const { return count * sides + modifier; }
    // "d6", "2d6", "d100", "3d6+2": the form the rules texts and the JSON output use.
    std::string label() const;
    bool operator==(const DiceSpec&) const = default;
};

// Parses "NdS" with optional +K/-K terms; "d%" means d100; case-insensitive.
// Returns a bare message on failure; the caller names the place.
Expected<DiceSpec> parse_dice(std::string_view text);

// One die (or group of dice read as one total) as the procedure used it.
struct RollRecord {
    std::string die;         // DiceSpec::label()
    int value = 0;           // the total read against the table
    bool given = false;      // given by the referee (rolled by hand) rather than rolled
    std::string purpose;     // what the procedure rolled it for
    std::vector<int> faces;  // each die's face, when rolled
};

// "d6 4" or "2d6 9 (given)": a die as the working shows it.
std::string roll_text(const RollRecord& roll);

// What a source produces for one draw.
struct Draw {
    int value = 0;
    std::vector<int> faces;
};

class Dice;
struct RollTerm;

// Where values come from when none was given.
class DiceSource {
public:
    virtual ~DiceSource() = default;
    virtual Draw draw(const DiceSpec& spec) = 0;
    // One of WEIGHTS.size() categories, each with probability weight / sum (a card of a
    // colour from what is left in a deck): value is the category, 1-based. By default a
    // die of sum faces read against the weights in order; exact odds override it to walk
    // the categories with their weights.
    virtual Draw pick(const std::vector<std::uint64_t>& weights);
    // COUNT independent parts, each drawing its own dice and falling in one of CATEGORIES
    // (PART returns it): how many fell in each. A source that can enumerate each part once
    // and combine them (exact odds) returns the counts; by default nothing, and the parts
    // are run one after another, drawing from this source as any dice do. KEY, when
    // given, names what part I depends on (Dice::tally).
    virtual std::optional<std::vector<int>> tally(size_t count, size_t categories,
                                                  const std::function<size_t(Dice&, size_t)>& part,
                                                  const std::function<std::string(size_t)>& key);
    // The sum of the KEEP highest faces (lowest, unless HIGHEST) of COUNT dice of SIDES,
    // when the source draws it whole: exact odds do, by order statistics. By default
    // nothing, and the dice are rolled one by one.
    virtual std::optional<int> kept(int count, int sides, int keep, bool highest);
    // How many of COUNT dice of SIDES show one of the SUCCEEDING faces, when the source
    // draws it whole (exact odds: a binomial count); by default nothing, as kept().
    virtual std::optional<int> successes(int count, int sides, int succeeding);
    // The total of a dice expression (core/pool.h: sums, rerolls, explosions, Fudge dice)
    // when the source draws it whole, as kept().
    virtual std::optional<int> whole(const RollTerm& term);
    // True when nobody reads the working (steps) of the resolution drawing from here: an
    // odds walk's branches after its first, whose working stands for them all.
    virtual bool unread() const { return false; }
};

// The source for a read that rolls nothing (a weather by month, a speed by weather): a
// draw from it is an internal error, never a silent roll.
class NoDice : public DiceSource {
public:
    Draw draw(const DiceSpec& spec) override;
};

// The last position of a seed's stream a request can name (the position option): a draw past it
// would be an answer no one could replay, so the stream stops there (a usage Error).
inline constexpr std::uint64_t k_last_position = 9223372036854775807ULL;

// mt19937 (Boost's numbers, core/mt19937.h) with Boost's uniform_int_distribution, which
// gives the same values on every standard library for the same seed.
class RandomSource : public DiceSource {
public:
    // Starts SEED's stream POSITION engine draws in, so a logged resolution replays.
    explicit RandomSource(std::uint32_t seed, std::uint64_t position = 0)
        : m_engine{Mt19937(seed), 0}
    {
        m_engine.engine.discard(position);
        m_engine.calls = position;
    }
    Draw draw(const DiceSpec& spec) override;
    int face(int sides);
    // Engine draws made since the seed: where the next resolution starts.
    std::uint64_t position() const { return m_engine.calls; }

private:
    [[noreturn]] static void past_last_position();
    // mt19937 counting its calls (uniform_int_distribution may call it more than once).
    struct CountingEngine {
        using result_type = Mt19937::result_type;
        Mt19937 engine;
        std::uint64_t calls;
        static result_type min() { return Mt19937::min(); }
        static result_type max() { return Mt19937::max(); }
        result_type operator()()
        {
            if (calls >= k_last_position) {
                past_last_position();
            }
            ++calls;
            return engine();
        }
    };
    CountingEngine m_engine;
};

// SPEC's dice, each face from FACE(sides), totalled with the modifier: how a DiceSource
// that hands out single faces makes a Draw.
template <class FaceFn> Draw draw_faces(const DiceSpec& spec, FaceFn face)
{
    Draw out;
    out.value = spec.modifier;
    out.faces.reserve(static_cast<size_t>(spec.count));
    for (int i = 0; i < spec.count; ++i) {
        int f = face(spec.sides);
        out.faces.push_back(f);
        out.value += f;
    }
    return out;
}

// A fresh seed from the operating system, for runs given no seed.
std::uint32_t fresh_seed();

// The dice a procedure rolls: values given (rolled by hand) are used first, in order, and
// checked against the die they are used for; the rest come from the source.
class Dice {
public:
    explicit Dice(DiceSource& source, std::vector<int> given = {})
        : m_source(source)
        , m_given(given.begin(), given.end())
        , m_given_count(given.size())
    {
    }

    // Rolls SPEC for PURPOSE and records it. Throws a usage Error when a given value is
    // impossible for SPEC.
    int roll(const DiceSpec& spec, std::string_view purpose);
    int roll_d6(std::string_view purpose) { return roll(DiceSpec{1, 6, 0}, purpose); }
    // Picks a category by WEIGHTS (DiceSource::pick) for PURPOSE and records it as die
    // "pick"; returns the category, 0-based. A given value is the category, 1-based, and
    // must have weight. Throws a usage Error when every weight is 0 or their sum passes
    // k_max_die_sides.
    size_t pick(const std::vector<std::uint64_t>& weights, std::string_view purpose);

    // COUNT independent parts: PART(dice, i) draws part I's dice and returns what it adds
    // (a P with .category, below CATEGORIES, and whatever working the caller keeps). The
    // counts of each category; and, when the parts were run one by one (a plain
    // resolution), each part's P in order. Exact odds enumerate each part once and combine
    // the counts (a convolution) instead of every sequence of their dice, so PART must
    // depend on nothing another part does, and leave all its effects in its P: when the
    // parts were combined, PARTS is empty. KEY(i), when given, is a text naming everything
    // part I depends on (its kind of stand, its target number): parts with the same key,
    // in this tally or any other of the same odds walk, are walked once.
    template <class P> struct Tally {
        std::vector<int> counts;
        std::vector<P> parts;
    };
    template <class P, class Fn>
    Tally<P> tally(size_t count, size_t categories, const Fn& part, const std::function<std::string(size_t)>& key = {});

    // DiceSource::kept, when no given value is left (they are used in order, die by die).
    std::optional<int> kept(int count, int sides, int keep, bool highest)
    {
        return m_given.empty() ? m_source.kept(count, sides, keep, highest) : std::nullopt;
    }
    // DiceSource::successes, the same way.
    std::optional<int> successes(int count, int sides, int succeeding)
    {
        return m_given.empty() ? m_source.successes(count, sides, succeeding) : std::nullopt;
    }

    // DiceSource::whole, the same way.
    std::optional<int> whole(const RollTerm& term) { return m_given.empty() ? m_source.whole(term) : std::nullopt; }

    // False when nobody reads this resolution's working (DiceSource::unread): an
    // adjudicator may then skip composing its steps and its outcomes' effects (an odds
    // walk reads only codes, names, severities and fields), most of a branch's time in an
    // odds walk (close-combat, 100 a side: 9,100 branches).
    bool explains() const { return !m_source.unread(); }

    const std::vector<RollRecord>& record() const { return m_record; }
    // Throws a usage Error when given values were left unused.
    void check_all_given_used(std::string_view command) const;

private:
    // The next given value (checked by INVALID, a message when it cannot be used) or else
    // FROM_SOURCE's draw, recorded as DIE for PURPOSE.
    // A template, not std::function: it runs once per die on the odds walk.
    template <class Invalid, class FromSource>
    int record(std::string die, std::string_view purpose, const Invalid& invalid, const FromSource& from_source);

    DiceSource& m_source;
    std::deque<int> m_given;
    size_t m_given_count;
    std::vector<RollRecord> m_record;
};

template <class P, class Fn>
Dice::Tally<P> Dice::tally(size_t count, size_t categories, const Fn& part,
                           const std::function<std::string(size_t)>& key)
{
    auto category_of = [categories](const P& p) {
        if (p.category >= categories) {
            throw std::logic_error("a part's category past the tally's");
        }
        return p.category;
    };
    Tally<P> out;
    if (m_given.empty()) {
        // Given dice are used in order, so only a tally that has none left can be combined.
        auto merged = m_source.tally(
            count, categories, [&](Dice& dice, size_t i) { return category_of(part(dice, i)); }, key);
        if (merged) {
            out.counts = std::move(*merged);
            return out;
        }
    }
    out.counts.assign(categories, 0);
    for (size_t i = 0; i < count; ++i) {
        P p = part(*this, i);
        ++out.counts[category_of(p)];
        out.parts.push_back(std::move(p));
    }
    return out;
}

// The distribution of a DiceSpec's total: each possible total with its number of ways,
// out of sides^count. Used by exact odds.
struct Ways {
    int total;
    std::uint64_t ways;
};
std::vector<Ways> distribution(const DiceSpec& spec);
std::uint64_t outcome_count(const DiceSpec& spec);  // sides^count, or 0 past 2^62

}  // namespace umpire::core
