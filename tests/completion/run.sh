#!/usr/bin/env bash
# Shell completion (issue 14), as each shell completes a word. bash: the script loaded as
# bash-completion loads it, and _umpire called as bash calls a completion function
# (COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT), reading COMPREPLY. fish: its own
# 'complete -C'. zsh: the script must parse, define _umpire and name every command.
# Usage: run.sh UMPIRE
set -u  # no pipefail: a grep -q that stops reading early must not fail its writer
umpire=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$umpire" completion bash >"$work/umpire.bash" || fail "completion bash"
"$umpire" completion zsh >"$work/_umpire" || fail "completion zsh"
"$umpire" completion fish >"$work/umpire.fish" || fail "completion fish"
"$umpire" completion tcsh >/dev/null 2>&1
[ $? -eq 64 ] || fail "completion tcsh is not refused with 64"

# --- bash: what TAB offers after LINE (the word being completed is LINE's last, or a new
# empty one when LINE ends in a space).
cat >"$work/complete.bash" <<'SCRIPT'
[ -f /usr/share/bash-completion/bash_completion ] && source /usr/share/bash-completion/bash_completion
source "$1"
complete -p umpire >/dev/null || { echo "no completion registered for umpire"; exit 1; }
line=$2
read -r -a COMP_WORDS <<<"$line"
[[ "$line" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE=$line
COMP_POINT=${#line}
COMPREPLY=()
_umpire umpire "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}" | sort
SCRIPT
offers() { bash "$work/complete.bash" "$work/umpire.bash" "$1"; }
expect() { # LINE WORD: TAB after LINE offers WORD
    offers "$1" | grep -qx -- "$2" || fail "bash: '$1<TAB>' does not offer $2 (offers: $(offers "$1" | head -20 | tr '\n' ' '))"
}
expect_only() { # LINE WORDS: TAB after LINE offers exactly WORDS
    local got
    got=$(offers "$1" | tr '\n' ' ')
    [ "$got" = "$2 " ] || fail "bash: '$1<TAB>' offers '$got', expected '$2 '"
}
expect_only "umpire mel" "melee"
expect "umpire " "close-combat"
expect "umpire " "--json"
expect_only "umpire melee --att" "--attacker"
expect "umpire melee --" "--boom"
expect "umpire melee --" "--seed"               # a global option after the command
expect "umpire melee --attacker " "Genoa"       # the shipped scenario's ships (Constantinople)
expect_only "umpire melee --attacker Gen" "Genoa Genoa-2"
expect "umpire --seed 4 melee --boom --def" "--defender"   # a global's value and a flag are skipped
expect_only "umpire --color " "always auto never"
expect_only "umpire melee --damaged-reading " "case chart"
expect_only "umpire table show constantinople.me" "constantinople.melee"
expect_only "umpire check bomb" "bombard"       # a named check, by the last part of its id
expect "umpire check " "constantinople.storm"
expect_only "umpire game ne" "new next"
expect "umpire game new " "great-battles"
expect_only "umpire completion " "bash fish zsh"
expect_only "umpire seed co" "combine commit contribute"
expect "umpire rally --unit " "I-Btl"           # Great Battles: the shipped scenario's battalions
expect_only "umpire --json wind --odds --r" "--roll"
expect_only "umpire melee --roll " ""           # a number: nothing to offer
expect_only "umpire plan " "crt melee resolve"
expect_only "umpire plan melee --objective " "any-loss expected strongest"
expect "umpire plan melee --enemy " "Galley-1"   # plan melee's ships are the scenario's too
touch "$work/log.jsonl"
(cd "$work" && offers "umpire replay lo") | grep -qx "log.jsonl" || fail "bash: replay does not complete a file name"
(cd "$work" && offers "umpire --log lo") | grep -qx "log.jsonl" || fail "bash: --log does not complete a file name"
(cd "$work" && offers "umpire luck lo") | grep -qx "log.jsonl" || fail "bash: luck does not complete a file name"
# The slips issue 29 found: a subcommand offered again after one, files for a directory,
# ram's defense letters missing beside its ships.
expect_only "umpire table " "check diff edit import list lookup reset sheet show"
offers "umpire table show " | grep -qx -E "list|show|lookup" && fail "bash: 'table show <TAB>' offers a subcommand again"
expect "umpire table show " "constantinople.melee"
mkdir -p "$work/my-tables"
(cd "$work" && offers "umpire --tables ") | grep -qx "log.jsonl" && fail "bash: --tables offers a plain file"
(cd "$work" && offers "umpire --tables ") | grep -qx "my-tables" || fail "bash: --tables does not offer a directory"
(cd "$work" && offers "umpire table import russian-portfolio.crt lo") | grep -qx "log.jsonl" ||
    fail "bash: table import does not complete its file"
for letter in A B C D; do expect "umpire ram --defense " "$letter"; done
expect "umpire ram --defense " "Genoa"

# --- fish: its own completion of a command line.
if command -v fish >/dev/null; then
    fishes() { fish --no-config -c "source $work/umpire.fish; complete -C '$1'" | cut -f1 | sort; }
    fishes "umpire mel" | grep -qx melee || fail "fish: 'umpire mel' does not offer melee"
    fishes "umpire melee --att" | grep -qx -- --attacker || fail "fish: no --attacker"
    fishes "umpire melee --attacker " | grep -qx Genoa || fail "fish: no Genoa for --attacker"
    fishes "umpire --color " | tr '\n' ' ' | grep -qx "always auto never " || fail "fish: --color choices"
    fishes "umpire table show constantinople.me" | grep -qx constantinople.melee || fail "fish: no table id"
else
    fail "fish is not installed (the README's test command installs it)"
fi

# --- zsh: the script parses, defines the function, and names every command.
if command -v zsh >/dev/null; then
    zsh -n "$work/_umpire" || fail "zsh: _umpire does not parse"
    zsh -c "autoload -U compinit; compinit -u -D; source $work/_umpire 2>/dev/null; whence -w _umpire" |
        grep -q "function" || fail "zsh: _umpire is not defined"
    for c in $("$umpire" bogus 2>&1 | sed -n 's/.*commands: \([^;]*\).*/\1/p' | tr -d ,); do
        grep -q "^        '$c:" "$work/_umpire" || fail "zsh: command $c missing"
        grep -q "^                $c)" "$work/_umpire" || fail "zsh: no arguments for $c"
    done
else
    fail "zsh is not installed (the README's test command installs it)"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "completion: bash, fish and zsh complete as a person would see"
