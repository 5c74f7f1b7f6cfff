#pragma once
// Shared test fixtures: scripted dice, the embedded tables, an in-process CLI.

#include "cli/run.h"
#include "core/dice.h"
#include "core/odds.h"
#include "core/resolution.h"
#include "core/table.h"
#include "format/json.h"
#include "format/text.h"
#include "load/catalog.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace umpire::test {

// The sanitized build (CI's second pass, UMPIRE_SANITIZE) runs each resolution some thirty
// to sixty times slower. Brute-force and statistical tests walk their smaller cases there;
// the Release pass walks every case, so what each proves stays proved.
#ifdef UMPIRE_SANITIZED
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif

// Whether HAYSTACK (a command's output) has NEEDLE in it.
inline bool contains(std::string_view haystack, std::string_view needle)
{
    return haystack.find(needle) != std::string_view::npos;
}

// Dice that must all be given: a source that fails the test if the procedure asks for
// more dice than the test scripted.
class NoMoreDice : public core::DiceSource {
public:
    core::Draw draw(const core::DiceSpec& spec) override
    {
        throw std::logic_error("the procedure rolled an unscripted " + spec.label());
    }
};

struct Scripted {
    NoMoreDice source;
    core::Dice dice;
    explicit Scripted(std::vector<int> given)
        : dice(source, std::move(given))
    {
    }
};

inline load::Catalog& embedded()
{
    static load::Catalog catalog;
    return catalog;
}

// An embedded table by id.
inline const core::Table& table(const char* id) { return embedded().table(id); }

// A field of an outcome by key, of the type the adjudicator gives it.
template <class T> T field(const core::Outcome& o, const std::string& key)
{
    for (const auto& f : o.fields) {
        if (f.key == key) {
            return std::get<T>(f.value);
        }
    }
    throw std::logic_error("no field " + key);
}

struct CliResult {
    int code;
    std::string out;
    std::string err;
};

inline CliResult run_cli(const std::vector<std::string>& args, cli::Environment env = {})
{
    std::ostringstream out;
    std::ostringstream err;
    int code = cli::run(args, out, err, env);
#ifdef UMPIRE_JSON_CAPTURE_DIR
    // Every JSON document the suite makes umpire print, kept for the json_schema test
    // (tests/json/validate.py) to check against man/umpire.schema.json.
    if (out.view().starts_with("{")) {
        std::ofstream capture(std::string(UMPIRE_JSON_CAPTURE_DIR) + "/" + std::to_string(::getpid()) + ".jsonl",
                              std::ios::app);
        capture << out.view();
        if (!out.view().ends_with("\n")) {
            capture << "\n";
        }
    }
#endif
    return {code, out.str(), err.str()};
}

// A call on FILE's game that applies its result, quietly: umpire -q --game FILE --apply ARGS.
inline auto applied_to(const std::string& file)
{
    return [file](std::vector<std::string> args) {
        args.insert(args.begin(), {"-q", "--game", file, "--apply"});
        return run_cli(args);
    };
}

// The bytes of the file at PATH, "" when there is none.
inline std::string slurp(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A scratch directory, umpire-NAME-PID under the system's temporary directory, emptied
// when made and removed when the test ends; DIR / "file" names a file in it.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / ("umpire-" + name + "-" + std::to_string(::getpid())))
    {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// A new Constantinople game at FILE in which Imperial-1 (6-0-D) has taken a melee D (Galley-1
// and Galley-2, 4 + 4 against 6, +2; a 5 there is D, 15.41, 15.34), and the next Impulse begun
// (its movement, then its combat, 13.1): what a test of a command reading a game file's
// statuses starts from. False when a step failed.
inline bool game_with_imperial_damaged(const std::string& file)
{
    return run_cli({"game", "new", "constantinople", file}).code == 0 &&
           run_cli({"--game", file, "--apply", "melee", "--attacker", "Galley-1", "--attacker", "Galley-2",
                    "--defender", "Imperial-1", "--roll", "5"})
                   .code == 0 &&
           run_cli({"game", "next", file}).code == 0;
}

// REPORT as --odds prints it, arranged by TABLES: its JSON, then its text; two ways of
// working out the same odds must print the same.
inline std::string odds_as_printed(core::OddsReport report, const std::vector<const core::Table*>& tables)
{
    core::arrange_odds(report, tables);
    return format::to_json(report) + "\n" + format::to_text(report, format::Style{});
}

}  // namespace umpire::test
