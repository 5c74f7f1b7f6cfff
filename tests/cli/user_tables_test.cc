// The referee's own tables directory ($XDG_CONFIG_HOME/umpire/tables): read on every call
// between the embedded tables and --tables, said in every answer read from it, and a
// provisional stand-in replaced by it is the referee's chart (issue 25).
#include "../helpers.h"
#include "load/embedded.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// The shipped Russian Portfolio CRT with one cell changed: 1:4 on a 1 reads S, where
// umpire's stand-in has AE. What a referee who owns the printed chart would type in.
std::string referees_crt()
{
    std::string text = load::read_file(std::string(UMPIRE_SOURCE_DIR) + "/tables/russian-portfolio/crt.toml");
    const std::string row = "cells = [\"AE\", \"AE\", \"AE\", \"AD\"";
    const size_t at = text.find(row);
    REQUIRE(at != std::string::npos);
    text.replace(at, row.size(), "cells = [\"S\", \"AE\", \"AE\", \"AD\"");
    return text;
}

}  // namespace

TEST_CASE("cli: the referee's tables directory replaces a shipped table, and every answer says whose chart it read",
          "[cli][tables]")
{
    const test::TempDir dir("user-tables");
    cli::Environment env;
    env.user_tables = dir / "config/umpire/tables";
    // No such directory yet: no error, umpire's tables.
    auto before = run_cli({"--json", "crt", "--attack", "1", "--defense", "4", "--roll", "1"}, env);
    REQUIRE(before.code == 0);
    CHECK(nlohmann::json::parse(before.out)["result"]["code"] == "AE");
    CHECK(contains(before.err, "provisional data"));

    std::filesystem::create_directories(env.user_tables + "/russian-portfolio");
    const std::string mine = env.user_tables + "/russian-portfolio/crt.toml";
    std::ofstream(mine) << referees_crt();
    auto after = run_cli({"--json", "crt", "--attack", "1", "--defense", "4", "--roll", "1"}, env);
    REQUIRE(after.code == 0);
    const auto j = nlohmann::json::parse(after.out);
    CHECK(j["result"]["code"] == "S");  // his cell, not the stand-in's
    // His copy of a chart the text lost is his chart: no provisional warning, and it says whose.
    CHECK_FALSE(contains(after.err, "provisional"));
    CHECK(j.value("provisional", false) == false);
    CHECK(contains(j["notes"].dump(),
                   "chart russian-portfolio.crt: yours, " + mine + " (in place of umpire's provisional stand-in)"));
    auto text = run_cli({"crt", "--attack", "1", "--defense", "4", "--roll", "1"}, env);
    CHECK(contains(text.out, "note: chart russian-portfolio.crt: yours, " + mine));
    CHECK_FALSE(contains(text.out, "PROVISIONAL"));

    // table list says where each table comes from.
    auto list = run_cli({"--json", "table", "list"}, env);
    bool seen = false;
    const auto tables = nlohmann::json::parse(list.out);
    for (const auto& t : tables["tables"]) {
        if (t["id"] == "russian-portfolio.crt") {
            seen = true;
            CHECK(t["whose"] == "yours");
            CHECK(t["origin"] == mine);
            CHECK(t["replaces_provisional"] == true);
            CHECK(t["provisional"] == false);
        } else if (t["id"] == "constantinople.melee") {
            CHECK(t["whose"] == "embedded");
        }
    }
    CHECK(seen);
    CHECK(contains(run_cli({"table", "list"}, env).out, "yours"));

    // --tables still wins over his directory.
    const std::string other = dir / "other";
    std::filesystem::create_directories(other + "/russian-portfolio");
    std::ofstream(other + "/russian-portfolio/crt.toml")
        << load::read_file(std::string(UMPIRE_SOURCE_DIR) + "/tables/russian-portfolio/crt.toml");
    auto option = run_cli({"--json", "--tables", other, "crt", "--attack", "1", "--defense", "4", "--roll", "1"}, env);
    REQUIRE(option.code == 0);
    CHECK(nlohmann::json::parse(option.out)["result"]["code"] == "AE");
    CHECK(contains(option.out, "from --tables or $UMPIRE_TABLES"));

    // The audit log fingerprints his table: changed after the roll, replay finds it.
    const std::string log = dir / "audit.log";
    REQUIRE(run_cli({"--log", log, "crt", "--attack", "1", "--defense", "4", "--roll", "1"}, env).code == 0);
    CHECK(run_cli({"replay", log}, env).code == 0);
    std::ofstream(mine, std::ios::app) << "\n# a note added\n";
    auto replay = run_cli({"replay", log}, env);
    CHECK(replay.code == 65);
    CHECK(contains(replay.err, "russian-portfolio.crt"));
}

TEST_CASE("cli: a bad table in the referee's directory is refused where it is used, never passed over", "[cli][tables]")
{
    const test::TempDir dir("user-tables-bad");
    cli::Environment env;
    env.user_tables = dir / "tables";
    std::filesystem::create_directories(env.user_tables + "/russian-portfolio");
    std::ofstream(env.user_tables + "/russian-portfolio/crt.toml") << "id = \"russian-portfolio.crt\"\ntitle = 3\n";
    auto bad = run_cli({"crt", "--attack", "5", "--defense", "3", "--roll", "3"}, env);
    CHECK(bad.code == 65);
    CHECK(contains(bad.err, env.user_tables + "/russian-portfolio/crt.toml:2:"));
    // Loading stays lazy: a command that reads other tables does not read it.
    CHECK(run_cli({"melee", "--attacker", "5", "--defender", "3", "--roll", "4"}, env).code == 0);
    // A file where the directory should be is an error, not umpire's tables in silence.
    const test::TempDir other("user-tables-file");
    cli::Environment file_env;
    file_env.user_tables = other / "tables";
    std::ofstream(file_env.user_tables) << "not a directory\n";
    auto file = run_cli({"melee", "--attacker", "5", "--defender", "3", "--roll", "4"}, file_env);
    CHECK(file.code == 65);
    CHECK(contains(file.err, "your tables directory " + file_env.user_tables + " is not a directory"));
    // So is a link to nothing; a file where a folder above it should be (a home whose
    // .config is a file) is no tables directory at all, as a missing one is.
    std::filesystem::remove(file_env.user_tables);
    std::filesystem::create_symlink(other / "nowhere", file_env.user_tables);
    auto dangling = run_cli({"melee", "--attacker", "5", "--defender", "3", "--roll", "4"}, file_env);
    CHECK(dangling.code == 65);
    CHECK(contains(dangling.err, "your tables directory " + file_env.user_tables + " is not a directory"));
    file_env.user_tables = file_env.user_tables + "/below";
    std::filesystem::remove(other / "tables");
    std::ofstream(other / "tables") << "a file\n";
    CHECK(run_cli({"melee", "--attacker", "5", "--defender", "3", "--roll", "4"}, file_env).code == 0);
    // A table that is a device (a link to /dev/null) is refused, not read as empty.
    std::filesystem::create_directories(env.user_tables + "/constantinople");
    std::filesystem::create_symlink("/dev/null", env.user_tables + "/constantinople/melee.toml");
    auto device = run_cli({"melee", "--attacker", "5", "--defender", "3", "--roll", "4"}, env);
    CHECK(device.code == 65);
    CHECK(contains(device.err, "/constantinople/melee.toml: a device; a table or scenario must be a regular file"));
}

TEST_CASE("cli: the referee's tables directory is $XDG_CONFIG_HOME/umpire/tables, else ~/.config/umpire/tables",
          "[cli][tables]")
{
    const char* old_xdg = std::getenv("XDG_CONFIG_HOME");
    const char* old_home = std::getenv("HOME");
    const std::string saved_xdg = old_xdg ? old_xdg : "";
    const std::string saved_home = old_home ? old_home : "";
    ::setenv("XDG_CONFIG_HOME", "/srv/cfg", 1);
    ::setenv("HOME", "/home/ref", 1);
    CHECK(cli::user_tables_dir() == "/srv/cfg/umpire/tables");
    ::setenv("XDG_CONFIG_HOME", "relative/cfg", 1);  // the XDG spec: a relative path is ignored
    CHECK(cli::user_tables_dir() == "/home/ref/.config/umpire/tables");
    ::unsetenv("XDG_CONFIG_HOME");
    CHECK(cli::user_tables_dir() == "/home/ref/.config/umpire/tables");
    ::unsetenv("HOME");
    CHECK(cli::user_tables_dir().empty());
    if (old_xdg != nullptr) {
        ::setenv("XDG_CONFIG_HOME", saved_xdg.c_str(), 1);
    }
    if (old_home != nullptr) {
        ::setenv("HOME", saved_home.c_str(), 1);
    }
}

TEST_CASE("cli: a table of yours read through the cache answers as the TOML does, and a changed file is read anew",
          "[cli][tables][cache]")
{
    const test::TempDir dir("user-tables-cache");
    cli::Environment env;
    env.user_tables = dir / "tables";
    env.cache = dir / "cache/umpire";
    std::filesystem::create_directories(env.user_tables + "/constantinople");
    const std::string mine = env.user_tables + "/constantinople/melee.toml";
    const auto& shipped = *std::find_if(load::embedded_tables().begin(), load::embedded_tables().end(),
                                        [](const auto& f) { return f.id == "constantinople.melee"; });
    std::ofstream(mine) << shipped.text;
    const std::vector<std::string> melee = {"--json", "melee", "--attacker", "4", "--defender", "5", "--odds"};
    cli::Environment no_cache = env;
    no_cache.cache.clear();
    const auto parsed = run_cli(melee, no_cache);
    REQUIRE(parsed.code == 0);
    CHECK_FALSE(std::filesystem::exists(env.cache));
    CHECK(run_cli(melee, env).out == parsed.out);  // parsed, and the copy kept
    REQUIRE(std::filesystem::exists(env.cache + "/tables"));
    CHECK(run_cli(melee, env).out == parsed.out);  // the copy read
    // 4 against 5 is 15.41's -1 column, where a 6 reads D; in the file changed to read L
    std::string text(shipped.text);
    const std::string row6 = "cells = [\"-\", \"I\", \"D\", \"D\", \"D\", \"L\", \"L\", \"L\"]";
    const auto at = text.find(row6);
    REQUIRE(at != std::string::npos);
    const auto roll = std::vector<std::string>{"melee", "--attacker", "4", "--defender", "5", "--roll", "6"};
    const std::string before = run_cli(roll, env).out;
    CHECK(contains(before, "result: D  Damaged"));
    text.replace(at, row6.size(), "cells = [\"-\", \"I\", \"L\", \"D\", \"D\", \"L\", \"L\", \"L\"]");
    std::ofstream(mine, std::ios::trunc) << text;
    const std::string after = run_cli(roll, env).out;
    CHECK(contains(after, "result: L  "));
    CHECK(after == run_cli(roll, no_cache).out);
    // a cache that cannot be made: the same answers, nothing on stderr
    cli::Environment blocked = env;
    std::ofstream(dir / "plain-file") << "x";
    blocked.cache = dir / "plain-file/umpire";
    const auto r = run_cli(roll, blocked);
    CHECK(r.out == after);
    CHECK(r.err.empty());

    const char* old_cache = std::getenv("XDG_CACHE_HOME");
    const std::string saved_cache = old_cache ? old_cache : "";
    ::setenv("XDG_CACHE_HOME", "/srv/cache", 1);
    CHECK(cli::xdg_dir("XDG_CACHE_HOME", ".cache") == "/srv/cache/umpire");
    ::setenv("XDG_CACHE_HOME", "relative", 1);
    const char* home = std::getenv("HOME");
    CHECK(cli::xdg_dir("XDG_CACHE_HOME", ".cache") ==
          (home != nullptr && *home != '\0' ? std::string(home) + "/.cache/umpire" : ""));
    ::unsetenv("XDG_CACHE_HOME");
    if (old_cache != nullptr) {
        ::setenv("XDG_CACHE_HOME", saved_cache.c_str(), 1);
    }
}
