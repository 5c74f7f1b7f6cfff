// Help where people look for it (issue 29, part 2): 'umpire help [COMMAND...]' as git and
// cargo take it, 'umpire' alone on a terminal, and help wrapped to the terminal's width.
#include "../helpers.h"
#include "cli/run.h"

#include <catch2/catch.hpp>

#include <sstream>

using umpire::test::contains;
using umpire::test::run_cli;
using namespace umpire;

TEST_CASE("help: 'umpire help COMMAND...' is the command's --help", "[cli][help]")
{
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{}, {"melee"}, {"table", "show"}, {"plan", "crt"}, {"game", "new"}}) {
        std::vector<std::string> asked{"help"};
        asked.insert(asked.end(), command.begin(), command.end());
        std::vector<std::string> flagged = command;
        flagged.emplace_back("--help");
        const auto a = run_cli(asked);
        const auto b = run_cli(flagged);
        INFO(asked.size());
        CHECK(a.code == 0);
        CHECK(a.out == b.out);
        CHECK(contains(a.out, "Usage: umpire"));
    }
    // Global options before it are kept.
    CHECK(run_cli({"--json", "help", "melee"}).code == 0);
    const auto unknown = run_cli({"help", "melle"});
    CHECK(unknown.code == 64);
    CHECK(contains(unknown.err, "did you mean 'melee'"));
}

TEST_CASE("help: 'umpire' alone prints a short usage on a terminal, a script still gets exit 64", "[cli][help]")
{
    cli::Environment terminal;
    terminal.out_is_tty = true;
    terminal.columns = 70;
    const auto shown = run_cli({}, terminal);
    CHECK(shown.code == 0);
    CHECK(contains(shown.out, "usage: umpire [GLOBAL OPTIONS] COMMAND"));
    for (const char* name : {"roll", "melee", "crt", "suppress", "hits", "always-possible", "air-deployment"}) {
        CHECK(contains(shown.out, name));
    }
    CHECK(contains(shown.out, "umpire help COMMAND"));
    std::istringstream lines(shown.out);
    for (std::string line; std::getline(lines, line);) {
        CHECK(line.size() <= 70);
    }
    CHECK(run_cli({}).code == 64);  // not a terminal: a script that forgot its command
}

TEST_CASE("help: --help is wrapped to the terminal, or to 80 columns off one", "[cli][help]")
{
    for (size_t columns : {size_t{0}, size_t{60}, size_t{120}}) {
        cli::Environment env;
        env.columns = columns;
        env.out_is_tty = columns > 0;
        for (const std::vector<std::string>& request :
             {std::vector<std::string>{"--help"}, {"melee", "--help"}, {"table", "import", "--help"}}) {
            const auto r = run_cli(request, env);
            REQUIRE(r.code == 0);
            std::istringstream lines(r.out);
            std::string before;
            for (std::string line; std::getline(lines, line); before = line) {
                // past the width: an example (or its line after a backslash), kept whole to be
                // copied, or one word longer than a line
                const size_t lead = line.find_first_not_of(' ');
                const bool example =
                    (lead != std::string::npos && line.compare(lead, 7, "umpire ") == 0) || before.ends_with('\\');
                const bool one_word = lead != std::string::npos && line.find(' ', lead) == std::string::npos;
                INFO(line);
                CHECK((line.size() <= (columns == 0 ? 80 : columns) || example || one_word));
            }
        }
    }
    // The words are all there, in order: wrapping loses none and joins none (a line of an
    // option's description once lost the space after its first word, "Anattacking").
    cli::Environment narrow;
    narrow.columns = 50;
    narrow.out_is_tty = true;
    cli::Environment unwrapped;
    unwrapped.columns = 100000;
    unwrapped.out_is_tty = true;
    const auto wide = run_cli({"melee", "--help"}, unwrapped);
    CHECK(contains(wide.out, "An attacking ship"));
    CHECK(contains(run_cli({"melee", "--help"}).out, "An attacking ship"));
    const auto wrapped = run_cli({"melee", "--help"}, narrow);
    std::istringstream a(wide.out);
    std::istringstream b(wrapped.out);
    std::vector<std::string> wa{std::istream_iterator<std::string>(a), {}};
    std::vector<std::string> wb{std::istream_iterator<std::string>(b), {}};
    CHECK(wa == wb);
    // and so for every command's help, at 80 columns and at 40
    const auto words_of = [](const std::string& text) {
        std::istringstream in(text);
        return std::vector<std::string>{std::istream_iterator<std::string>(in), {}};
    };
    cli::Environment forty;
    forty.columns = 40;
    forty.out_is_tty = true;
    // A sentence the wrapper breaks goes on on the next line: no stray word or two is left
    // before the author's own line break ("at night unless\nclear, no\nair to air..." was
    // hits' at 80 columns; 68 such lines in all at 80, 77 at 40). Each line at the margin
    // that ends mid-sentence, shorter than half the width, is one, unless the next line's
    // first word could not have gone on it.
    const auto fragments = [](const std::string& help, size_t width) {
        std::vector<std::string> lines;
        std::istringstream in(help);
        for (std::string line; std::getline(in, line);) {
            lines.push_back(line);
        }
        std::vector<std::string> found;
        for (size_t i = 0; i + 1 < lines.size(); ++i) {
            const std::string& a = lines[i];
            const std::string& b = lines[i + 1];
            if (a.empty() || b.empty() || a[0] == ' ' || b[0] == ' ' || a.ends_with('.') || a.ends_with(':') ||
                b.starts_with("umpire ") || b.starts_with("Usage:")) {
                continue;
            }
            const size_t word = std::min(b.find(' '), b.size());
            if (a.size() < width / 2 && a.size() + 1 + word <= width) {
                found.push_back(a + " / " + b);
            }
        }
        return found;
    };
    // Where the wrapper must not break: "Usage:" opens its own line (a description that
    // wrapped ran into it: "...sheet.pdf) Usage: umpire table sheet"), and an example that
    // goes on past a backslash is kept whole, its next line a new example, prose or blank
    // (close-combat's last option went alone onto a line of its own, cut from the command).
    const auto layout_faults = [](const std::string& help) {
        std::vector<std::string> lines;
        std::istringstream in(help);
        for (std::string line; std::getline(in, line);) {
            lines.push_back(line);
        }
        std::vector<std::string> found;
        for (size_t i = 0; i < lines.size(); ++i) {
            if (lines[i].find("Usage:") != std::string::npos && !lines[i].starts_with("Usage:")) {
                found.push_back("usage mid-line: " + lines[i]);
            }
            if (i + 2 < lines.size() && lines[i].ends_with('\\') && !lines[i + 1].ends_with('\\')) {
                const size_t lead = lines[i + 2].find_first_not_of(' ');
                if (lead != std::string::npos && lead > 2) {
                    found.push_back("an example cut: " + lines[i + 1] + " / " + lines[i + 2]);
                }
            }
        }
        return found;
    };
    for (const std::vector<std::string>& request :
         {std::vector<std::string>{"table", "sheet", "--help"}, {"close-combat", "--help"}, {"melee", "--help"}}) {
        INFO(request[0]);
        CHECK(layout_faults(run_cli(request).out) == std::vector<std::string>{});
    }
    // Each example as written (an indented line under "Examples:") is a line of its own at
    // 80 columns when it fits: batch's printf example, wrapped, was joined to the next one
    // ("... | umpire --seed 7 batch echo '{...}' | umpire batch"), which runs as neither.
    const auto examples_not_whole = [](const std::string& written, const std::string& shown) {
        std::vector<std::string> shown_lines;
        std::istringstream out(shown);
        for (std::string line; std::getline(out, line);) {
            shown_lines.push_back(line);
        }
        std::vector<std::string> found;
        bool examples = false;
        std::istringstream in(written);
        for (std::string line; std::getline(in, line);) {
            if (!line.empty() && line[0] != ' ') {
                examples = line == "Examples:";
            } else if (examples && !line.empty() && line.size() <= 80 &&
                       std::find(shown_lines.begin(), shown_lines.end(), line) == shown_lines.end()) {
                found.push_back(line);
            }
        }
        return found;
    };
    // Each option written at the start of a line starts a line as shown: ram's
    // --battle-speed-last-segment (as long as the name column, one blank before its
    // description) was taken for prose and the options after it joined into a paragraph
    // ("... so it cannot ram --run N Hexes from the target ... --boom The ram would ...").
    const auto options_joined = [](const std::string& written, const std::string& shown) {
        std::vector<std::string> starts;
        std::istringstream out(shown);
        for (std::string line; std::getline(out, line);) {
            if (const size_t lead = line.find_first_not_of(' '); lead != std::string::npos) {
                starts.push_back(line.substr(lead, line.find(' ', lead) - lead));
            }
        }
        std::vector<std::string> found;
        std::istringstream in(written);
        for (std::string line; std::getline(in, line);) {
            const size_t lead = line.find_first_not_of(' ');
            if (lead != std::string::npos && lead > 0 && line[lead] == '-') {
                const std::string name = line.substr(lead, line.find(' ', lead) - lead);
                if (std::find(starts.begin(), starts.end(), name) == starts.end()) {
                    found.push_back(name);
                }
            }
        }
        return found;
    };
    for (const auto& command : cli::completion_model(cli::Environment{}).commands) {
        INFO(command.name);
        CHECK(options_joined(run_cli({command.name, "--help"}, unwrapped).out, run_cli({command.name, "--help"}).out) ==
              std::vector<std::string>{});
        CHECK(options_joined(run_cli({command.name, "--help"}, unwrapped).out,
                             run_cli({command.name, "--help"}, forty).out) == std::vector<std::string>{});
        CHECK(examples_not_whole(run_cli({command.name, "--help"}, unwrapped).out,
                                 run_cli({command.name, "--help"}).out) == std::vector<std::string>{});
        CHECK(layout_faults(run_cli({command.name, "--help"}).out) == std::vector<std::string>{});
        CHECK(layout_faults(run_cli({command.name, "--help"}, forty).out) == std::vector<std::string>{});
        const auto whole = words_of(run_cli({command.name, "--help"}, unwrapped).out);
        CHECK(whole.size() > 5);
        const std::string eighty = run_cli({command.name, "--help"}).out;
        const std::string narrowest = run_cli({command.name, "--help"}, forty).out;
        CHECK(words_of(eighty) == whole);
        CHECK(words_of(narrowest) == whole);
        CHECK(fragments(eighty, 80) == std::vector<std::string>{});
        CHECK(fragments(narrowest, 40) == std::vector<std::string>{});
    }
}

TEST_CASE("help: every example is one line, to be copied into batch or the shell", "[cli][help]")
{
    // umpire(1) 'help': an example command is kept on one line, to be copied; batch and the
    // shell refuse a line ending in a backslash, so an example split with one ran in bash
    // only (close-combat, melee, hits, overrun and batch's own were).
    cli::Environment unwrapped;
    unwrapped.columns = 100000;
    unwrapped.out_is_tty = true;
    const auto split_examples = [](const std::string& help) {
        std::vector<std::string> found;
        bool examples = false;
        std::istringstream in(help);
        for (std::string line; std::getline(in, line);) {
            if (!line.empty() && line[0] != ' ') {
                examples = line.starts_with("Examples:");
            } else if (examples && line.find_last_not_of(' ') != std::string::npos &&
                       line[line.find_last_not_of(' ')] == '\\') {
                found.push_back(line);
            }
        }
        return found;
    };
    std::vector<std::vector<std::string>> requests{{"--help"}};
    for (const auto& command : cli::completion_model(cli::Environment{}).commands) {
        requests.push_back({command.name, "--help"});
        for (const auto& sub : command.subcommands) {
            requests.push_back({command.name, sub, "--help"});
        }
    }
    size_t with_examples = 0;
    for (const auto& request : requests) {
        INFO(request.front() + (request.size() > 2 ? " " + request[1] : ""));
        const auto r = run_cli(request, unwrapped);
        REQUIRE(r.code == 0);
        with_examples += contains(r.out, "Examples:") ? 1 : 0;
        CHECK(split_examples(r.out) == std::vector<std::string>{});
    }
    CHECK(with_examples > 50);
}
