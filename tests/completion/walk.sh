#!/usr/bin/env bash
# Shell completion against each command's own options (issue 29): every option every
# command's --help lists (and every global one) is offered by bash and fish when its
# first letters are typed, and an option whose --help names its values (--color
# auto|always|never) is offered exactly those values. zsh, which cannot be driven without
# a terminal here, must name each option and each value in its script.
# Usage: walk.sh UMPIRE
set -u
umpire=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$umpire" completion bash >"$work/umpire.bash" || fail "completion bash"
"$umpire" completion fish >"$work/umpire.fish" || fail "completion fish"
"$umpire" completion zsh >"$work/_umpire" || fail "completion zsh"

# The questions, one per line: "COMMAND|OPTION|VALUES" (COMMAND empty for a global option,
# VALUES the values --help names, space-separated and sorted, or empty).
options_of() { # the options a --help text lists: NAME<TAB>TYPE
    sed -n -E 's/^  (-[a-zA-Z], ?)?(--[a-z][a-z0-9-]*)( ([^ ]+))?.*/\2\t\4/p'
}
values_of() { # TYPE's values when it names them: a|b|c
    if [[ "$1" =~ ^[a-z0-9-]+(\|[a-z0-9-]+)+$ ]]; then tr '|' '\n' <<<"$1" | sort | tr '\n' ' ' | sed 's/ $//'; fi
}
: >"$work/questions"
while IFS=$'\t' read -r option type; do
    [ "$option" = --help ] || [ "$option" = --version ] && continue
    echo "|$option|$(values_of "$type")" >>"$work/questions"
done < <("$umpire" --help | options_of)
commands=$("$umpire" bogus 2>&1 | sed -n 's/.*commands: \([^;]*\).*/\1/p' | tr -d ,)
[ -n "$commands" ] || fail "no command list from umpire"
for command in $commands; do
    while IFS=$'\t' read -r option type; do
        [ "$option" = --help ] && continue
        echo "$command|$option|$(values_of "$type")" >>"$work/questions"
    done < <("$umpire" "$command" --help | options_of)
done
asked=$(wc -l <"$work/questions")
[ "$asked" -gt 100 ] || fail "only $asked options read from the commands' help"
valued=$(awk -F'|' '$3 != ""' "$work/questions" | wc -l)

# --- bash: one shell, the completion loaded once, _umpire called as bash calls it.
cat >"$work/ask.bash" <<'SCRIPT'
[ -f /usr/share/bash-completion/bash_completion ] && source /usr/share/bash-completion/bash_completion
source "$1"
offers() { # LINE: what TAB after LINE offers, sorted, on one line
    local line=$1
    read -r -a COMP_WORDS <<<"$line"
    [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE=$line
    COMP_POINT=${#line}
    COMPREPLY=()
    _umpire umpire "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
while IFS='|' read -r command option values; do
    prefix="umpire${command:+ $command} "
    got=$(offers "$prefix${option:0:4}")
    [[ " $got " == *" $option "* ]] || echo "FAIL: bash: '$prefix${option:0:4}<TAB>' does not offer $option (offers: $got)"
    if [ -n "$values" ]; then
        got=$(offers "$prefix$option ")
        [ "$got" = "$values" ] || echo "FAIL: bash: '$prefix$option <TAB>' offers '$got', its --help names '$values'"
    fi
done <"$2"
SCRIPT
while read -r line; do fail "${line#FAIL: }"; done < <(bash "$work/ask.bash" "$work/umpire.bash" "$work/questions" | grep '^FAIL')

# --- fish: complete -C, in one fish.
if command -v fish >/dev/null; then
    cat >"$work/ask.fish" <<'SCRIPT'
source $argv[1]
for question in (cat $argv[2])
    set parts (string split '|' -- $question)
    set prefix "umpire "
    if test -n "$parts[1]"
        set prefix "umpire $parts[1] "
    end
    set option $parts[2]
    set got (complete -C "$prefix"(string sub -l 4 -- $option) | string replace -r '\t.*' '')
    if not contains -- $option $got
        echo "FAIL: fish: '$prefix"(string sub -l 4 -- $option)"<TAB>' does not offer $option"
    end
    if test -n "$parts[3]"
        set got (complete -C "$prefix$option " | string replace -r '\t.*' '' | sort | string join ' ')
        if test "$got" != "$parts[3]"
            echo "FAIL: fish: '$prefix$option <TAB>' offers '$got', its --help names '$parts[3]'"
        end
    end
end
SCRIPT
    while read -r line; do fail "${line#FAIL: }"; done < <(fish --no-config "$work/ask.fish" "$work/umpire.fish" "$work/questions" | grep '^FAIL')
else
    fail "fish is not installed (the README's test command installs it)"
fi

# --- zsh: each command's line of _arguments names each of its options, and an option with
# named values offers exactly those; a global option is in the globals' list.
while IFS='|' read -r command option values; do
    if [ -z "$command" ]; then
        line=$(grep -- "^ *'[*]$option[=[]" "$work/_umpire")  # a line of globals=(...)
    else
        line=$(grep -- "^ *$command) _arguments" "$work/_umpire")
    fi
    spec=$(grep -o -- "'[*]\?$option\(=\)\?\[[^]]*\][^']*'" <<<"$line" | head -1)
    if [ -z "$spec" ]; then
        fail "zsh: $option${command:+ of $command} is not in its arguments"
        continue
    fi
    if [ -n "$values" ]; then
        got=$(sed -n 's/.*:value:(\(.*\))'"'"'$/\1/p' <<<"$spec" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
        [ "$got" = "$values" ] || fail "zsh: $option${command:+ of $command} offers '$got', its --help names '$values'"
    fi
done <"$work/questions"

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s) over $asked options"
    exit 1
fi
echo "completion walk: $asked options of every command ($valued with named values) offered by bash, fish and zsh as their --help lists them"
