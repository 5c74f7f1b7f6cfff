#!/usr/bin/env bash
# A full disk (issue 23): on a small tmpfs filled to the last page, --apply, game next, game
# undo and game new either finish (exit 0, the game still what its journal makes) or fail
# with exit 74 leaving the game file and its journal byte for byte as they were, and no
# FILE.umpire-tmp. Then pages are freed one at a time, so each step of the write-ahead (the
# temporary file, the journal line, the rename) is the one that meets the full disk.
# Usage: full_disk.sh UMPIRE. Needs root (mount); says so and fails without it.
set -uo pipefail
umpire=$1
work=$(mktemp -d)
disk="$work/disk"
mkdir -p "$disk"
trap 'cd / && umount "$disk" 2>/dev/null; rm -rf "$work"' EXIT
if ! mount -t tmpfs -o size=96k,nr_inodes=64 tmpfs "$disk" 2>"$work/mount.err"; then
    echo "FAIL: cannot mount a small tmpfs (root is needed): $(cat "$work/mount.err")"
    echo "0 passed, 1 failed"
    exit 1
fi
passed=0
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
ok() { passed=$((passed + 1)); }

cd "$disk" || exit 1
"$umpire" -q game new great-battles g.toml >/dev/null || { echo "FAIL: game new"; exit 1; }
# Fill the disk with one-page files, to be freed one at a time.
i=0
while head -c 4096 /dev/zero >"pad-$i" 2>/dev/null; do i=$((i + 1)); done
rm -f "pad-$i"
pads=$i
echo "disk filled with $pads pages: $(df -k --output=avail . | tail -1 | tr -d ' ') KiB free"

requests=(
    "--game g.toml --apply suppress --unit I-Btl --stand open --stand open --roll 1,1"
    "game next g.toml"
    "--game g.toml --apply suppress --unit II-Btl --stand open --roll 2"
    "game undo g.toml"
)
declare -A seen=()
declare -A steps=()
for ((freed = 0; freed <= pads; freed++)); do
    for request in "${requests[@]}"; do
        before_file=$(sha256sum g.toml | cut -c1-64)
        before_journal=$(sha256sum g.toml.journal | cut -c1-64)
        # shellcheck disable=SC2086
        "$umpire" -q $request >"$work/out" 2>"$work/err"
        code=$?
        seen[$code]=1
        if [ -e g.toml.umpire-tmp ]; then fail "$request with $freed page(s) free: g.toml.umpire-tmp left behind"; fi
        if [ "$code" = 74 ]; then
            [ "$(sha256sum g.toml | cut -c1-64)" = "$before_file" ] || fail "$request (exit 74) changed g.toml"
            [ "$(sha256sum g.toml.journal | cut -c1-64)" = "$before_journal" ] ||
                fail "$request (exit 74) changed g.toml.journal"
            grep -q "No space left on device" "$work/err" || fail "$request (exit 74) did not say the disk is full: $(cat "$work/err")"
            # which step met the full disk: the temporary file, the journal line, the lock file
            step=$(sed -e 's/^umpire: error: //' -e 's/: No space left on device$//' "$work/err" | head -1)
            steps[$step]=$((${steps[$step]:-0} + 1))
            ok
        elif [ "$code" = 0 ] || [ "$code" = 64 ]; then
            ok
        else
            fail "$request with $freed page(s) free: exit $code: $(cat "$work/err")"
        fi
        # Whatever happened, the game is what its journal makes, and reads cleanly.
        if ! "$umpire" -q game status g.toml >/dev/null 2>"$work/status.err"; then
            fail "after '$request' with $freed page(s) free, game status failed: $(cat "$work/status.err")"
        fi
        rebuild=$("$umpire" -q game rebuild g.toml 2>&1)
        case "$rebuild" in
            *identical*) ok ;;
            *) fail "after '$request' with $freed page(s) free: $rebuild" ;;
        esac
    done
    rm -f "pad-$freed"
done
# A new game on a full disk: refused whole, nothing left behind.
i=0
while head -c 4096 /dev/zero >"refill-$i" 2>/dev/null; do i=$((i + 1)); done
"$umpire" -q game new constantinople new.toml >/dev/null 2>"$work/err"
code=$?
if [ "$code" = 74 ]; then
    [ ! -e new.toml ] && [ ! -e new.toml.umpire-tmp ] && [ ! -e new.toml.journal ] ||
        fail "game new on a full disk left new.toml, its .umpire-tmp or its journal: $(ls new.toml* 2>&1)"
    rm -f refill-* g.toml g.toml.journal
    "$umpire" -q game new constantinople new.toml >/dev/null 2>"$work/err" ||
        fail "game new once the disk has room again: $(cat "$work/err")"
    ok
else
    fail "game new on a full disk: exit $code, not 74: $(cat "$work/err")"
fi
# A picture (--draw, issue 28) on a full disk: exit 74, no picture and nothing beside it;
# once there is room, the whole picture.
rm -f new.toml new.toml.journal new.toml.lock
i=0
while head -c 4096 /dev/zero >"refill-$i" 2>/dev/null; do i=$((i + 1)); done
"$umpire" -q --draw sheet.pdf table sheet constantinople >/dev/null 2>"$work/err"
code=$?
if [ "$code" = 74 ] && grep -q "No space left on device" "$work/err"; then
    leftovers=$(ls -A | grep -v '^refill-' | grep -v '^g\.toml' | grep -v '^new\.toml' || true)
    [ -z "$leftovers" ] && ok || fail "--draw on a full disk left: $leftovers"
else
    fail "--draw on a full disk: exit $code, not 74: $(cat "$work/err")"
fi
rm -f refill-*
if "$umpire" -q --draw sheet.pdf table sheet constantinople >/dev/null 2>"$work/err" && head -c 5 sheet.pdf | grep -q '%PDF-'; then
    ok
else
    fail "--draw once the disk has room: $(cat "$work/err")"
fi
# pbem offer whose transcript meets the full disk: exit 74, and its secret (kept elsewhere,
# with the player's keys) is not left behind for an offer that was never made (hunt32).
pbem_data="$work/pbem-data"
mkdir -p "$pbem_data"
XDG_DATA_HOME=$pbem_data "$umpire" -q pbem key --as alice >/dev/null 2>&1
while head -c 4096 /dev/zero >"refill-$i" 2>/dev/null; do i=$((i + 1)); done
XDG_DATA_HOME=$pbem_data "$umpire" -q pbem offer --as alice --transcript offer.pbem wind >/dev/null 2>"$work/err"
code=$?
secrets=$(find "$pbem_data" -path '*secrets/*' -type f | wc -l)
if [ "$code" = 74 ] && [ "$secrets" = 0 ]; then
    ok
else
    fail "pbem offer on a full disk: exit $code (74 expected), $secrets secret(s) left: $(cat "$work/err")"
fi
rm -f refill-* offer.pbem
for step in "${!steps[@]}"; do echo "exit 74 at '$step': ${steps[$step]} time(s)"; done
[ -n "${seen[74]:-}" ] || fail "no request met the full disk (exit 74 never seen)"
[ -n "${seen[0]:-}" ] || fail "no request finished once pages were freed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
