// umpire completion bash|zsh|fish: a completion script for the shell, made from the
// command table (completion_model in run.cc): commands, options, their choices, table and
// check ids, the shipped scenarios' unit names. The build writes all three and
// 'cmake --install' puts them where each shell looks (README, umpire(1)).
#include "cli/commands.h"
#include "cli/run.h"
#include "util/error.h"
#include "util/text.h"

#include <ostream>

namespace umpire::cli {

struct CompletionOptions {
    std::string shell;
};

namespace {

// HELP's first sentence, on one line, without the characters the shells' quoting or
// zsh's [description] would read: for the description beside a completion.
std::string description(const std::string& help)
{
    std::string out;
    for (char c : help) {
        if (c == '\n' || c == '\t') {
            c = ' ';
        }
        if (std::string_view("'\"[]:\\$`()").find(c) != std::string_view::npos) {
            continue;
        }
        out += c;
    }
    const size_t stop = out.find(". ");
    if (stop != std::string::npos) {
        out.resize(stop);
    }
    if (out.size() > 70) {
        out.resize(out.rfind(' ', 67));
        out += "...";
    }
    return out;
}

std::string joined(const std::vector<std::string>& words) { return join(words, " "); }

std::string bash(const CompletionModel& m)
{
    std::string out = "# bash completion for umpire                                   -*- shell-script -*-\n"
                      "# Made by 'umpire completion bash' from umpire's command table: do not edit.\n"
                      "_umpire()\n{\n"
                      "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                      "    local command='' sub='' i words=''\n"
                      "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
                      "        case ${COMP_WORDS[i]} in\n";
    std::vector<std::string> valued;
    for (const auto& g : m.globals) {
        if (g.takes_value) {
            valued.insert(valued.end(), g.names.begin(), g.names.end());
        }
    }
    out += "            " + join(valued, "|") + ") ((i++)) ;;\n";
    // the command, then its subcommand (table show), if one is given yet
    out += "            -*) ;;\n"
           "            *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else sub=${COMP_WORDS[i]}; break; "
           "fi ;;\n        esac\n    done\n";
    // an option's value: its choices, files, or nothing to offer
    out += "    case \"$command $prev\" in\n";
    auto value_case = [&](const std::string& pattern, const CompletionOption& o) {
        std::vector<std::string> patterns;
        for (const auto& n : o.names) {
            patterns.push_back(pattern + "\" " + n + "\"");
        }
        out += "        " + join(patterns, "|") + ")\n";
        if (o.directory) {
            out += "            COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null; return ;;\n";
        } else if (o.file) {
            out += "            COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null; return ;;\n";
        } else if (!o.choices.empty()) {
            out += "            COMPREPLY=($(compgen -W '" + joined(o.choices) + "' -- \"$cur\")); return ;;\n";
        } else {
            out += "            COMPREPLY=(); return ;;\n";
        }
    };
    for (const auto& c : m.commands) {
        for (const auto& o : c.options) {
            if (o.takes_value) {
                value_case(c.name, o);
            }
        }
    }
    for (const auto& g : m.globals) {
        if (g.takes_value) {
            value_case("*", g);
        }
    }
    std::vector<std::string> commands;
    std::vector<std::string> globals;
    for (const auto& c : m.commands) {
        commands.push_back(c.name);
    }
    for (const auto& g : m.globals) {
        globals.insert(globals.end(), g.names.begin(), g.names.end());
    }
    out += "    esac\n";
    out += "    if [[ -z $command ]]; then\n"
           "        COMPREPLY=($(compgen -W '" +
           joined(commands) + " " + joined(globals) +
           "' -- \"$cur\"))\n"
           "        return\n    fi\n"
           "    case $command in\n";
    for (const auto& c : m.commands) {
        std::vector<std::string> options;
        for (const auto& o : c.options) {
            options.insert(options.end(), o.names.begin(), o.names.end());
        }
        out += "        " + c.name + ")\n";
        out += "            if [[ $cur == -* ]]; then words='" + joined(options) + " " + joined(globals) + "'\n";
        if (!c.subcommands.empty()) {
            // its subcommands until one is given, then the words it takes (table show: ids),
            // and files after a subcommand that takes one (table import)
            std::vector<std::string> after;
            for (const auto& w : c.words) {
                if (!contains(c.subcommands, w)) {
                    after.push_back(w);
                }
            }
            out += "            elif [[ -z $sub ]]; then words='" + joined(c.subcommands) + "'\n";
            out += "            else words='" + joined(after) + "'";
            if (!c.file_subcommands.empty()) {
                out += "; case $sub in " + join(c.file_subcommands, "|") +
                       ") COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null ;; esac";
            }
        } else {
            out += "            else words='" + joined(c.words) + "'";
            if (c.files) {
                out += "; COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null";
            }
        }
        out += "; fi ;;\n";
    }
    out += "    esac\n"
           "    COMPREPLY+=($(compgen -W \"$words\" -- \"$cur\"))\n"
           "}\n"
           "complete -F _umpire umpire\n";
    return out;
}

std::string fish(const CompletionModel& m)
{
    std::vector<std::string> commands;
    for (const auto& c : m.commands) {
        commands.push_back(c.name);
    }
    std::string out = "# fish completion for umpire\n"
                      "# Made by 'umpire completion fish' from umpire's command table: do not edit.\n"
                      "complete -c umpire -f\n"
                      "set -l umpire_commands " +
                      joined(commands) + "\n";
    auto option_line = [&](const std::string& condition, const CompletionOption& o) {
        std::string line = "complete -c umpire" + condition;
        for (const auto& n : o.names) {
            line += n.starts_with("--") ? " -l " + n.substr(2) : " -s " + n.substr(1);
        }
        if (o.file) {
            line += " -r -F";
        } else if (o.takes_value) {
            line += " -x";
            if (!o.choices.empty()) {
                line += " -a '" + joined(o.choices) + "'";
            }
        }
        return line + " -d '" + description(o.help) + "'\n";
    };
    for (const auto& g : m.globals) {
        out += option_line("", g);
    }
    for (const auto& c : m.commands) {
        out += "complete -c umpire -n \"not __fish_seen_subcommand_from $umpire_commands\" -a " + c.name + " -d '" +
               description(c.help) + "'\n";
    }
    for (const auto& c : m.commands) {
        const std::string condition = " -n '__fish_seen_subcommand_from " + c.name + "'";
        for (const auto& o : c.options) {
            out += option_line(condition, o);
        }
        if (!c.words.empty()) {
            out += "complete -c umpire" + condition + " -a '" + joined(c.words) + "'\n";
        }
        if (c.files) {
            out += "complete -c umpire" + condition + " -F\n";
        }
    }
    return out;
}

std::string zsh(const CompletionModel& m)
{
    auto spec = [](const CompletionOption& o) {
        std::vector<std::string> out;
        for (const auto& n : o.names) {
            std::string s =
                "'*" + n + (o.takes_value ? (n.starts_with("--") ? "=" : "+") : "") + "[" + description(o.help) + "]";
            if (o.takes_value) {
                s += ":value:";
                if (o.file) {
                    s += "_files";
                } else if (!o.choices.empty()) {
                    s += "(" + joined(o.choices) + ")";
                }
            }
            out.push_back(s + "'");
        }
        return join(out, " ");
    };
    std::string out = "#compdef umpire\n"
                      "# zsh completion for umpire\n"
                      "# Made by 'umpire completion zsh' from umpire's command table: do not edit.\n"
                      "_umpire() {\n"
                      "    local curcontext=$curcontext state line ret=1\n"
                      "    local -a globals commands\n"
                      "    globals=(";
    for (const auto& g : m.globals) {
        out += "\n        " + spec(g);
    }
    out += "\n    )\n    commands=(";
    for (const auto& c : m.commands) {
        out += "\n        '" + c.name + ":" + description(c.help) + "'";
    }
    out += "\n    )\n"
           "    _arguments -C $globals '1:command:->command' '*::argument:->argument' && ret=0\n"
           "    case $state in\n"
           "        command) _describe -t commands 'umpire command' commands && ret=0 ;;\n"
           "        argument)\n"
           "            curcontext=${curcontext%:*:*}:umpire-$words[1]:\n"
           "            case $words[1] in\n";
    for (const auto& c : m.commands) {
        out += "                " + c.name + ") _arguments $globals";
        for (const auto& o : c.options) {
            out += " " + spec(o);
        }
        if (!c.words.empty() || c.files) {
            out += " '*:argument:" + std::string(c.files && c.words.empty() ? "_files" : "(" + joined(c.words) + ")") +
                   "'";
        }
        out += " && ret=0 ;;\n";
    }
    out += "            esac ;;\n"
           "    esac\n"
           "    return ret\n"
           "}\n"
           "_umpire \"$@\"\n";
    return out;
}

}  // namespace

void run_completion(const CompletionOptions& opt, Context& ctx)
{
    const CompletionModel model = completion_model(ctx.env());
    ctx.out() << (opt.shell == "bash" ? bash(model) : opt.shell == "zsh" ? zsh(model) : fish(model));
}

void setup_completion(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CompletionOptions>();
    auto* sub = app.add_subcommand("completion", "A completion script for bash, zsh or fish, from the command table");
    sub->add_option("SHELL", opt->shell, "bash, zsh or fish")->required()->transform(one_of({"bash", "zsh", "fish"}));
    sub->footer("The build makes all three and 'cmake --install' (or the Debian package) puts them where\n"
                "each shell looks. To load one by hand:\n"
                "  source <(umpire completion bash)\n"
                "  umpire completion zsh > ~/.zfunc/_umpire      # a directory in $fpath\n"
                "  umpire completion fish > ~/.config/fish/completions/umpire.fish\n"
                "Completes commands, options, their choices, table and check ids, and the shipped\n"
                "scenarios' unit names.");
    sub->callback([opt, &ctx] {
        if (ctx.options.json) {  // DESIGN.md: under --json every answer is JSON; this one cannot be
            throw usage_error("--json: completion prints a shell script, not JSON");
        }
        run_completion(*opt, ctx);
    });
}

}  // namespace umpire::cli
