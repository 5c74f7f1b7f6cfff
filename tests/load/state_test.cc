// Files written whole (load/state.h): a state file's temporary is made with the mode asked
// and never written through what was left in its place; a picture's write leaves no file
// beside it, even when the call is killed while it writes.
#include "../helpers.h"
#include "load/state.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace umpire;
using test::slurp;
namespace fs = std::filesystem;

namespace {

void spit(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

mode_t mode_of(const fs::path& path)
{
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_mode & 0777;
}

mode_t current_umask()
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mask;
}

std::vector<std::string> names_in(const fs::path& dir)
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("state: a file's temporary takes the mode asked and writes through nothing left there", "[load][state]")
{
    const test::TempDir scratch("state-test");
    const fs::path key = scratch.path / "me.key";
    const fs::path victim = scratch.path / "victim";
    spit(victim, "not yours\n");
    // a link where the temporary goes (another user's trap, or a stale one): removed, not followed
    fs::create_symlink(victim, scratch.path / "me.key.umpire-tmp");
    load::write_state_text(key.string(), "secret\n", 0600);
    CHECK(slurp(key) == "secret\n");
    CHECK(slurp(victim) == "not yours\n");
    CHECK(mode_of(key) == (0600 & ~current_umask()));
    CHECK(names_in(scratch.path) == std::vector<std::string>{"me.key", "victim"});

    // a killed writer's temporary, readable by all: a new one is made, with the mode asked
    spit(scratch.path / "me.key.umpire-tmp", "old\n");
    ::chmod((scratch.path / "me.key.umpire-tmp").c_str(), 0644);
    load::write_state_text(key.string(), "again\n", 0600);
    CHECK(slurp(key) == "again\n");
    CHECK(mode_of(key) == (0600 & ~current_umask()));

    // a game file keeps the mode it always had
    const fs::path game = scratch.path / "game.toml";
    load::write_state_text(game.string(), "turn = 1\n");
    CHECK(mode_of(game) == (0644 & ~current_umask()));
}

TEST_CASE("state: a picture is replaced whole and leaves no file beside it, even killed while written",
          "[load][state][integrity]")
{
    const test::TempDir scratch("state-test");
    const fs::path picture = scratch.path / "odds.svg";
    load::replace_file(picture.string(), "first");
    CHECK(slurp(picture) == "first");
    CHECK(mode_of(picture) == (0644 & ~current_umask()));
    CHECK(names_in(scratch.path) == std::vector<std::string>{"odds.svg"});

    // killed at moments through a write of 16 MB: the old picture or the new one, whole,
    // and nothing else in the folder
    const std::string big(16u << 20, 'x');
    int whole_new = 0;
    for (int delay_ms = 0; delay_ms < 12; ++delay_ms) {
        load::replace_file(picture.string(), "first");
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            load::replace_file(picture.string(), big);
            ::_exit(0);
        }
        ::usleep(static_cast<useconds_t>(delay_ms * 1000));
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        // load/state.h: "only one killed between its last two steps" leaves its named file,
        // PATH.tmp-PID-0, whole (a sanitizer's slow run landed a kill there): that one and no other
        const std::string named = "odds.svg.tmp-" + std::to_string(child) + "-0";
        if (fs::exists(scratch.path / named)) {
            CHECK(slurp(scratch.path / named) == big);
            fs::remove(scratch.path / named);
        }
        CHECK(names_in(scratch.path) == std::vector<std::string>{"odds.svg"});
        const std::string now = slurp(picture);
        CHECK((now == "first" || now == big));
        whole_new += now == big ? 1 : 0;
    }
    INFO("kills after the write was done: " << whole_new);
    CHECK(whole_new < 12);  // at least one kill landed before the write was done
}
