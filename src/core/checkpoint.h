#pragma once
// A long count (exact odds of thousands of totals, a keep of nine d1000s) looks up now and
// then, at checkpoint(), so that the shell's Ctrl-C can stop it and a terminal can show
// that it is still at work. The command line sets a hook for the run (CheckpointHook);
// core never knows why it is called. Without a hook a checkpoint costs a load and a
// test; with one, the hook is called once every 64 checkpoints.

#include <cstdint>
#include <functional>

namespace umpire::core {

namespace detail {
inline thread_local const std::function<void()>* t_checkpoint_hook = nullptr;
inline thread_local std::uint32_t t_checkpoints = 0;
}  // namespace detail

// Where a long count may be stopped: the hook set, if any, may throw.
inline void checkpoint()
{
    if (detail::t_checkpoint_hook != nullptr && (++detail::t_checkpoints & 0x3F) == 0) {
        (*detail::t_checkpoint_hook)();
    }
}

// HOOK is called at checkpoints while this lives (on this thread); the one before it after.
class CheckpointHook {
public:
    explicit CheckpointHook(std::function<void()> hook)
        : m_hook(std::move(hook))
        , m_before(detail::t_checkpoint_hook)
    {
        detail::t_checkpoint_hook = &m_hook;
    }
    ~CheckpointHook() { detail::t_checkpoint_hook = m_before; }
    CheckpointHook(const CheckpointHook&) = delete;
    CheckpointHook& operator=(const CheckpointHook&) = delete;

private:
    std::function<void()> m_hook;
    const std::function<void()>* m_before;
};

}  // namespace umpire::core
