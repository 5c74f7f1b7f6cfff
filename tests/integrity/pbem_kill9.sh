#!/usr/bin/env bash
# Play by e-mail under kill -9 (issue 27): every step of N exchanges (offer, answer,
# reveal, settle) is killed once at a random moment, then run again whole, as a player
# would after a crash. Each step asked again must finish with what was written or write
# it now: at the end both transcripts are the same file and verify, every exchange settled.
# Usage: pbem_kill9.sh UMPIRE [N]
set -uo pipefail
umpire=$(realpath "$1")
n=${2:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir -p a b
run() {  # SIDE ARGS...: the side's umpire, in its folder, with its own keys
    local side=$1
    shift
    (cd "$side" && XDG_DATA_HOME="$PWD/data" "$umpire" "$@")
}
run a pbem key --as alice >ak && run b pbem key --as bob >bk || exit 1
run a pbem trust ../bk >/dev/null && run b pbem trust ../ak >/dev/null || exit 1
kills=0
step() {  # SIDE OUT ARGS...: killed once at a random moment, then run to its end
    local side=$1 out=$2
    shift 2
    local delay
    delay=$(awk -v r="$RANDOM" 'BEGIN { printf "%.4f", 0.0005 + r / 32767 * 0.040 }')
    { (cd "$side" && XDG_DATA_HOME="$PWD/data" exec timeout -s KILL "$delay" "$umpire" "$@") >/dev/null 2>&1; } 2>/dev/null
    [ $? -eq 137 ] && kills=$((kills + 1))
    if ! run "$side" "$@" >"$out" 2>"$work/err"; then
        echo "pbem_kill9: FAILED after a kill: $side: $*" >&2
        cat "$work/err" >&2
        exit 1
    fi
}
for _ in $(seq "$n"); do
    step a offer.txt pbem offer --as alice --transcript t.pbem "roll 2d6" wind
    step b answer.txt pbem answer --as bob --transcript t.pbem ../offer.txt
    step a reveal.txt pbem reveal --as alice --transcript t.pbem ../answer.txt
    step b settled.txt pbem settle --transcript t.pbem ../reveal.txt
done
cmp a/t.pbem b/t.pbem || { echo "pbem_kill9: the two transcripts differ" >&2; exit 1; }
run a pbem verify t.pbem >verify.txt || { cat verify.txt >&2; exit 1; }
grep -q "the transcript holds: $n exchange(s) settled" verify.txt || { tail -1 verify.txt >&2; exit 1; }
echo "pbem_kill9: $n exchanges, $kills of $((4 * n)) steps killed, both transcripts the same and verified"
