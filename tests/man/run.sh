#!/usr/bin/env bash
# The man pages (issue 14): man(1) renders them without a warning; umpire(1) names every
# command and every option of every command, and its SYNOPSIS every global option.
# Usage: run.sh UMPIRE MAN_DIR
set -u  # no pipefail: a grep -q that stops reading early must not fail its writer
umpire=$1
dir=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if command -v man >/dev/null; then
    for page in umpire.1 umpire-tables.5; do
        warnings=$(MANWIDTH=80 man --warnings -l "$dir/$page" 2>&1 >/dev/null)
        [ -z "$warnings" ] || fail "man --warnings -l $page: $warnings"
    done
else
    fail "man is not installed (the README's test command installs man-db)"
fi

page="$dir/umpire.1"
synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$page")
in_page() { grep -qF -- "$(printf '%s' "$1" | sed 's/-/\\-/g')" "$page"; }
globals=$("$umpire" --help | grep -oE '^  (-[a-z], ?)?--[a-z-]+' | grep -oE -- '--[a-z-]+')
for option in $globals; do
    printf '%s' "$synopsis" | grep -qF -- "$(printf '%s' "$option" | sed 's/-/\\-/g')" ||
        fail "SYNOPSIS lacks the global option $option"
done
commands=$("$umpire" bogus 2>&1 | sed -n 's/.*commands: \([^;]*\).*/\1/p' | tr -d ,)
[ -n "$commands" ] || fail "no command list from umpire"
for command in $commands; do
    escaped=${command//-/\\\\-}
    grep -qE "^\.(B|BI|BR) \"?$escaped( |\"|$)" "$page" || fail "no entry for the command $command"
    for option in $("$umpire" "$command" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
        in_page "$option" || fail "$command $option is not in umpire(1)"
    done
done

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "man: no warnings; every command, option and global option documented"
