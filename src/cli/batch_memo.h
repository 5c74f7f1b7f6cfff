#pragma once
// batch's memo (issue 5): a request line is a pure function of its text, the tables and
// the faces its dice show. The first time a line is seen it runs the whole command-line
// path; what it printed is kept under the line's text, along the path of faces it drew.
// When the line comes again, batch draws faces from the stream along that path (the same
// engine calls the full path would make) and prints the kept answer with the new seed
// position. Everything the memo needs lives here; core and format know nothing of it.

#include "core/dice.h"
#include "format/json.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace umpire::cli {

// Most text the memo keeps (documented in umpire(1)); past it, lines not yet in the memo
// run the full path every time.
inline constexpr size_t k_max_memo_bytes = size_t{64} << 20;

// What a batch line printed, in a form batch can print again when the same line draws
// the same dice: the resolution's JSON around its seed and position, or (for --odds) the
// whole text.
struct Repeatable {
    format::JsonTemplate json;
    bool stream_fields = true;  // false: json.head is the whole answer
};

// One face as the engine gave it.
struct Face {
    int sides = 0;
    int value = 0;
};

// RandomSource's dice, handing out REPLAY's faces first (faces a batch line already drew
// while looking for its result in the memo) and recording every face handed out, so
// batch can learn the paths through a request's dice.
class TracingSource : public core::DiceSource {
public:
    explicit TracingSource(core::RandomSource& engine)
        : m_engine(engine)
    {
    }
    // Starts a line: REPLAY's faces come before the engine's.
    void begin(std::vector<Face> replay);
    core::Draw draw(const core::DiceSpec& spec) override;
    // Every face handed out since begin(), replayed ones included.
    const std::vector<Face>& trace() const { return m_trace; }
    // Whether every replayed face was asked for, with the sides it was drawn for: a
    // line that draws differently on a second run is not a function of its dice.
    bool replay_matched() const { return m_matched && m_next == m_replay.size(); }

private:
    int face(int sides);
    core::RandomSource& m_engine;
    std::vector<Face> m_replay;
    size_t m_next = 0;
    bool m_matched = true;
    std::vector<Face> m_trace;
};

// For each request line resolved, the faces its dice drew, as a tree whose paths end in
// the answer printed for them.
class Memo {
public:
    // The answer for LINE when the faces drawn now from ENGINE follow a path seen
    // before; else null, with FACES holding the faces drawn on the way, which the full
    // path must be given first so the stream stays where it would have been.
    const Repeatable* walk(std::string_view line, core::RandomSource& engine, std::vector<Face>& faces) const
    {
        faces.clear();
        auto root = m_roots.find(line);
        if (root == m_roots.end()) {
            return nullptr;
        }
        const Node* node = &m_nodes[root->second];
        for (;;) {
            if (node->answer != k_none) {
                return &m_answers[node->answer];
            }
            const int value = engine.face(node->sides);
            faces.push_back({node->sides, value});
            const std::uint32_t next = m_slots[node->children + static_cast<std::uint32_t>(value - 1)];
            if (next == k_none) {
                return nullptr;
            }
            node = &m_nodes[next];
        }
    }

    // Keeps ANSWER for LINE along the faces of TRACE, unless the memo is full. A trace
    // that disagrees with one kept (a different die at the same place) is not kept.
    void learn(std::string_view line, const std::vector<Face>& trace, Repeatable answer)
    {
        // What keeping it costs in memory, not only in text: the line's hash-map node, the
        // answer's strings and slot, each node, and a vector's spare capacity (up to as
        // much again), so the memo's memory stays within k_max_memo_bytes.
        const size_t bytes = k_root_overhead + line.size() + answer.json.head.capacity() +
                             answer.json.middle.capacity() + answer.json.tail.capacity() +
                             2 * (sizeof(Repeatable) + (trace.size() + 1) * sizeof(Node));
        if (m_bytes + bytes > k_max_memo_bytes) {
            return;
        }
        auto root = m_roots.find(line);
        std::uint32_t at = 0;
        if (root == m_roots.end()) {
            at = new_node();
            m_roots.emplace(std::string(line), at);
        } else {
            at = root->second;
        }
        for (const Face& face : trace) {
            if (m_nodes[at].answer != k_none || (m_nodes[at].sides != 0 && m_nodes[at].sides != face.sides) ||
                face.value < 1 || face.value > face.sides) {
                return;
            }
            if (m_nodes[at].sides == 0) {
                m_nodes[at].sides = face.sides;
                m_nodes[at].children = static_cast<std::uint32_t>(m_slots.size());
                m_slots.resize(m_slots.size() + static_cast<size_t>(face.sides), k_none);
                m_bytes += 2 * static_cast<size_t>(face.sides) * sizeof(std::uint32_t);
            }
            const size_t slot = m_nodes[at].children + static_cast<size_t>(face.value - 1);
            if (m_slots[slot] == k_none) {
                const std::uint32_t child = new_node();
                m_slots[slot] = child;
            }
            at = m_slots[slot];
        }
        if (m_nodes[at].sides != 0 || m_nodes[at].answer != k_none) {
            return;
        }
        m_nodes[at].answer = static_cast<std::uint32_t>(m_answers.size());
        m_answers.push_back(std::move(answer));
        m_bytes += bytes;
    }

private:
    static constexpr std::uint32_t k_none = 0xffffffffU;
    // An unordered_map node holding a std::string key and an index, with its bucket.
    static constexpr size_t k_root_overhead = 96;
    struct Node {
        int sides = 0;                  // the die drawn here; 0 before anything was learnt
        std::uint32_t children = 0;     // first of SIDES slots in m_slots, one per face
        std::uint32_t answer = k_none;  // the answer when the path ends here
    };
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };

    std::uint32_t new_node()
    {
        m_nodes.emplace_back();
        return static_cast<std::uint32_t>(m_nodes.size() - 1);
    }

    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_roots;
    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_slots;
    std::vector<Repeatable> m_answers;
    size_t m_bytes = 0;
};

}  // namespace umpire::cli
