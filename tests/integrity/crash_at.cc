// crash_at STEP ARGS...: runs umpire ARGS and kills itself with SIGKILL when a game file's
// write reaches STEP ("prepared", "journaled" or "committed"; cli::write_step_hook). It puts
// kill -9 exactly where random kills only sometimes land (tests/integrity/kill9.py).
#include <csignal>
#include <cstdio>
#include <cstring>

#include "cli/game_store.h"
#include "cli/run.h"

namespace {
const char* crash_step = nullptr;

void crash(const char* step)
{
    if (std::strcmp(step, crash_step) == 0) {
        std::raise(SIGKILL);
    }
}
}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fputs("usage: crash_at prepared|journaled|committed UMPIRE-ARGS...\n", stderr);
        return 64;
    }
    crash_step = argv[1];
    umpire::cli::write_step_hook = crash;
    argv[1] = argv[0];
    return umpire::cli::run(argc - 1, argv + 1);
}
