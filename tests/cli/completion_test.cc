// TAB completion of an option's values: an option whose values are a fixed set offers them,
// whether the set is spelt in its type (--color auto|always|never), checked by one_of under
// a name (--situation SITUATION), or read from a table (rally's --quality).
#include "../helpers.h"
#include "cli/run.h"
#include "util/text.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace umpire;
using test::contains;
using test::run_cli;

namespace {

// The examples a command's --help gives, each as its words without "umpire": those that
// name no file (a probe must not make or read one) and need no terminal or standard input.
std::vector<std::vector<std::string>> examples_of(const std::string& help)
{
    std::vector<std::vector<std::string>> out;
    std::string joined;
    for (const auto& raw : split(help, '\n')) {
        std::string line = raw;
        const size_t lead = line.find_first_not_of(' ');
        if (!joined.empty()) {
            joined += " " + (lead == std::string::npos ? std::string() : line.substr(lead));
        } else if (lead != std::string::npos && line.compare(lead, 7, "umpire ") == 0) {
            joined = line.substr(lead);
        }
        if (joined.empty()) {
            continue;
        }
        if (joined.ends_with("\\")) {
            joined.pop_back();  // a continuation: the next line is this example's too
            continue;
        }
        std::string text = joined.substr(0, joined.find('#'));
        joined.clear();
        auto words = split_words(text);
        if (!words || words->size() < 2) {
            continue;
        }
        bool fit = true;
        for (const auto& w : *words) {
            const size_t dot = w.rfind('.');
            const bool file = dot != std::string::npos && dot + 1 < w.size() &&
                              w.find_first_not_of("abcdefghijklmnopqrstuvwxyz", dot + 1) == std::string::npos &&
                              w.find('-') == std::string::npos;
            fit = fit && !file && w != "--game" && w != "--draw" && w != "--log" && w != "--apply" && w != "edit";
        }
        if (fit) {
            out.emplace_back(words->begin() + 1, words->end());
        }
    }
    return out;
}

// Whether the answer to ARGS refuses OPTION's value with the values it allows listed.
bool refused_with_a_list(const std::vector<std::string>& args, const std::string& option)
{
    const auto r = run_cli(args);
    return r.code != 0 && contains(r.err, option) &&
           (contains(r.err, "allowed: ") || contains(r.err, "is not one of ") || contains(r.err, "columns are "));
}

}  // namespace

TEST_CASE("completion: every option that refuses a value with the allowed ones listed offers them to TAB",
          "[cli][completion]")
{
    const std::string bogus = "zzbogus";
    std::vector<std::string> silent;  // COMMAND OPTION: a list in its refusal, nothing to TAB
    size_t probed = 0;
    for (const auto& command : cli::completion_model(cli::Environment{}).commands) {
        // shell and batch read standard input; completion prints a script
        if (command.name == "shell" || command.name == "batch" || command.name == "completion") {
            continue;
        }
        const auto examples = examples_of(run_cli({command.name, "--help"}).out);
        for (const auto& option : command.options) {
            if (!option.takes_value || option.file) {
                continue;
            }
            const std::string& name = option.names.front();
            std::vector<std::vector<std::string>> probes{{command.name, name, bogus}};
            for (auto example : examples) {
                auto at = std::find(example.begin(), example.end(), name);
                if (at != example.end() && at + 1 != example.end()) {
                    *(at + 1) = bogus;
                } else {
                    example.insert(example.end(), {name, bogus});
                }
                probes.push_back(std::move(example));
            }
            bool listed = false;
            for (const auto& probe : probes) {
                ++probed;
                listed = listed || refused_with_a_list(probe, name);
            }
            if (listed && cli::completions({command.name, name}, "", {}, "").empty()) {
                silent.push_back(command.name + " " + name);
            }
        }
    }
    CHECK(probed > 300);
    CHECK(silent == std::vector<std::string>{});
}

TEST_CASE("completion: an option's values read from a table or one_of are offered, in any game", "[cli][completion]")
{
    using V = std::vector<std::string>;
    CHECK(cli::completions({"rally", "--quality"}, "", {}, "") ==
          V{"average", "experienced", "inexperienced", "raw", "veterans"});
    CHECK(cli::completions({"close-combat", "--attacker-quality"}, "v", {}, "") == V{"veterans"});
    CHECK(cli::completions({"replace", "--situation"}, "", {}, "") == V{"isolated", "line", "reserve"});
    CHECK(cli::completions({"suppress", "--stand"}, "", {}, "") == V{"bunker", "hard", "open", "soft"});
    CHECK(cli::completions({"overrun", "--result"}, "", {}, "") == V{"DE", "DX"});
    CHECK(cli::completions({"game", "--light"}, "", {}, "") == V{"day", "night", "twilight"});
}

TEST_CASE("completion: the shell's short names complete as themselves and take their command's options",
          "[cli][completion]")
{
    // In a Great Battles game 'cr<TAB>' gave crt (the Russian Portfolio's), as no command of
    // the game begins 'cr', though cr is command-roll's short name; 'cc --<TAB>' gave nothing.
    test::TempDir dir("completion-aliases");
    const std::string game = dir / "day.toml";
    REQUIRE(run_cli({"game", "new", "great-battles-example", game}).code == 0);
    const auto first = cli::completions({}, "cr", {}, game);
    CHECK(contains(first, std::string("cr")));
    CHECK_FALSE(contains(first, std::string("crt")));
    const auto cc = cli::completions({"cc"}, "--attacker-q", {}, game);
    CHECK(cc == std::vector<std::string>{"--attacker-quality"});
    CHECK(cli::completions({"ask", "cc", "--attacker-quality"}, "v", {}, game) == std::vector<std::string>{"veterans"});
    // without a game every command is offered, the short names too
    CHECK(contains(cli::completions({}, "c", {}, ""), std::string("cc")));
}

TEST_CASE("completion: after a command TAB lists its own options, the global ones only when none of its own fit",
          "[cli][completion]")
{
    // 'replace --unit I-Btl --<TAB><TAB>' listed --apply, --game, --json, --version, --paper...
    // among replace's own (fix53).
    const auto own = cli::completions({"replace", "--unit", "I-Btl"}, "--", {}, "");
    CHECK(contains(own, std::string("--situation")));
    CHECK(contains(own, std::string("--eliminated")));
    CHECK(contains(own, std::string("--help")));
    for (const std::string global : {"--apply", "--game", "--json", "--version", "--paper", "--seed"}) {
        INFO(global);
        CHECK_FALSE(contains(own, global));
    }
    // a global option none of the command's begins with still completes, as typed after it
    CHECK(cli::completions({"melee", "--attacker", "4"}, "--js", {}, "") == std::vector<std::string>{"--json"});
    // and a global option's values still come after it
    CHECK(cli::completions({"melee", "--color"}, "", {}, "") == std::vector<std::string>{"always", "auto", "never"});
}
