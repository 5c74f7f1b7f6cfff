// batch's memo: the tracing source that learns the paths through a request's dice.
#include "cli/batch_memo.h"

#include <catch2/catch.hpp>

using namespace umpire;

TEST_CASE("batch memo: a tracing source replays the faces given, then the engine's, recording all", "[cli][batch]")
{
    core::RandomSource engine(5);
    core::RandomSource reference(5);
    cli::TracingSource tracing(engine);
    tracing.begin({{6, 4}, {6, 1}});
    core::Dice dice(tracing);
    CHECK(dice.roll(core::DiceSpec{2, 6, 0}, "two") == 5);  // the two faces replayed
    const int next = dice.roll(core::DiceSpec{1, 10, 0}, "then");
    CHECK(next == reference.face(10));  // the engine's first face: nothing was drawn for the replay
    CHECK(tracing.replay_matched());
    REQUIRE(tracing.trace().size() == 3);
    CHECK(tracing.trace()[2].sides == 10);
    CHECK(tracing.trace()[2].value == next);

    // A replayed face asked for by a different die, or not asked for at all, is a mismatch.
    tracing.begin({{6, 4}});
    core::Dice other(tracing);
    other.roll(core::DiceSpec{1, 8, 0}, "d8");
    CHECK_FALSE(tracing.replay_matched());
    tracing.begin({{6, 4}, {6, 2}});
    core::Dice shorter(tracing);
    shorter.roll_d6("one");
    CHECK_FALSE(tracing.replay_matched());
}
