#include "cli/batch_memo.h"

namespace umpire::cli {

void TracingSource::begin(std::vector<Face> replay)
{
    m_replay = std::move(replay);
    m_next = 0;
    m_matched = true;
    m_trace.clear();
}

int TracingSource::face(int sides)
{
    Face f{sides, 0};
    if (m_next < m_replay.size()) {
        const Face& given = m_replay[m_next++];
        m_matched = m_matched && given.sides == sides;
        f.value = given.value;
    } else {
        f.value = m_engine.face(sides);
    }
    m_trace.push_back(f);
    return f.value;
}

core::Draw TracingSource::draw(const core::DiceSpec& spec)
{
    return core::draw_faces(spec, [this](int sides) { return face(sides); });
}

}  // namespace umpire::cli
