#!/usr/bin/env bash
# README's play-by-e-mail walkthrough, run line by line (issue 27): each "NAME$ COMMAND"
# line in NAME's folder, in that player's shell (one bash per player, kept between its
# lines, so an export holds), with the umpire under test first on PATH. Fails on any
# command that fails; then both transcripts must be the same and verify.
# Usage: walkthrough.sh README UMPIRE
set -euo pipefail
readme=$1
umpire=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/alice" "$work/bob"
ln -s "$umpire" "$work/bin/umpire"
lines=$(sed -n '/<!-- pbem walkthrough -->/,/<!-- end pbem walkthrough -->/p' "$readme" | grep -E '^[a-z]+\$ ')
[ -n "$lines" ] || { echo "walkthrough: no 'NAME\$ COMMAND' lines in $readme" >&2; exit 1; }
count=0
while IFS= read -r line; do
    who=${line%%\$ *}
    command=${line#*\$ }
    command=${command#"${command%%[! ]*}"}  # the prompt's padding
    # each player's shell state (its exports) kept in its own file between lines
    state="$work/$who.env"
    touch "$state"
    if ! (cd "$work/$who" && PATH="$work/bin:$PATH" bash -c "set -eo pipefail; source '$state'; $command
          export -p > '$state'" >"$work/out" 2>&1); then
        echo "walkthrough: FAILED: $who\$ $command" >&2
        cat "$work/out" >&2
        exit 1
    fi
    count=$((count + 1))
done <<< "$lines"
cmp "$work/alice/game.pbem" "$work/bob/game.pbem"
grep -q "the transcript holds: 1 exchange(s) settled" "$work/out"
echo "walkthrough: $count lines run; both transcripts the same and verified"
