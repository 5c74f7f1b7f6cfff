// The referee's own tables directory ($XDG_CONFIG_HOME/umpire/tables): read on every call
// between the embedded tables and --tables, said in every answer read from it, and a
// provisional stand-in replaced by it is the referee's chart (issue 25).
#include "../helpers.h"

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
