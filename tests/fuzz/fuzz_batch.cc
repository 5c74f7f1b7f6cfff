// Fuzz target: umpire batch reading standard input, through every command's parser. Any
// input gives one answer or error line per request and an exit code of 0, 64, 65 or 66;
// 70 (an internal error: an exception that is not a umpire::Error) or a crash is a bug.
// Inputs naming files (--log, --state, --tables, --scenario, --game, the game command),
// asking for millions of rolls (-n) or for --odds are skipped: the fuzzer must not write
// files or spend its time enumerating (the loader target covers --odds over tables).
#include "cli/run.h"
#include "util/text.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

namespace {

// Whether a request would touch files, roll millions of times or enumerate a million
// branches: words as batch splits them, long options also in their --name=value form,
// short options also in clusters (-qn).
bool skipped(std::string_view input)
{
    for (const auto& line : umpire::split(input, '\n')) {
        auto words = umpire::split_words(line);
        if (!words) {
            continue;
        }
        for (const auto& w : *words) {
            if (w == "game") {
                return true;  // game new writes files
            }
            for (const char* name :
                 {"--log", "--state", "--tables", "--scenario", "--game", "--count", "--odds", "--help"}) {
                if (w.rfind(name, 0) == 0) {
                    return true;
                }
            }
            if (w.size() > 1 && w[0] == '-' && w[1] != '-' && w.find_first_of("nh") != std::string::npos) {
                return true;
            }
        }
    }
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string input(reinterpret_cast<const char*>(data), size);
    if (skipped(input)) {
        return 0;
    }
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    umpire::cli::Environment env;
    env.in = &in;
    const int code = umpire::cli::run({"--seed", "1", "batch"}, out, err, env);
    if (code == 70 || out.str().find("\"error\":{\"code\":70") != std::string::npos) {
        std::abort();
    }
    return 0;
}
