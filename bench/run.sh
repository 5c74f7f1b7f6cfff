#!/usr/bin/env bash
# umpire's benchmarks, each measured side by side with Debian's rolldice in one run,
# printed as figures and ratios (issue 5 / DESIGN.md performance budget). Not a test:
# nothing here fails on a slow machine. Usage: bench/run.sh [path/to/umpire]
# Needs hyperfine, rolldice, python3 and GNU time: apt-get install hyperfine rolldice time
set -euo pipefail
umpire=$(realpath "${1:-build/umpire}")
rolldice=$(command -v rolldice || echo /usr/games/rolldice)
for tool in hyperfine python3 /usr/bin/time "$rolldice" "$umpire"; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install hyperfine rolldice time)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mean() {  # mean seconds of command N in a hyperfine JSON export
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['mean'])" "$1" "$2"
}
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }

echo "== one adjudication call against rolldice 2d6 (target: no slower)"
hyperfine -N --warmup 50 --runs 1000 --export-json "$work/call.json" \
    "$umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4" "$rolldice 2d6" \
    "$umpire melee --attacker Galley-1 --defender Genoa:leader --roll 4" >/dev/null
call=$(mean "$work/call.json" 0); base=$(mean "$work/call.json" 1); named=$(mean "$work/call.json" 2)
echo "umpire melee: $(ratio "$call" 0.001) ms   rolldice 2d6: $(ratio "$base" 0.001) ms   umpire/rolldice: $(ratio "$call" "$base")"
echo "with ships named from the scenario: $(ratio "$named" 0.001) ms   umpire/rolldice: $(ratio "$named" "$base")"
echo "taken in turn, 2,000 rounds (bench/interleaved.py; median, the ratio to rolldice):"
python3 "$(dirname "$(realpath "$0")")/interleaved.py" 2000 \
    "melee::$umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4" -- "rolldice::$rolldice 2d6"

echo "== dice notation (issue 29): one roll of the forms players type elsewhere, and their exact odds"
hyperfine -N --warmup 50 --runs 500 --export-json "$work/notation.json" \
    "$umpire --seed 1 roll 2d6" "$umpire --seed 1 roll 3d6! 2d6r1 1d6+1d8-2 4dF" "$rolldice 2d6" \
    "$umpire roll 3d6! 1d6+1d8 4dF --odds" "$umpire roll 50d6! --odds" >/dev/null
echo "roll 2d6: $(ratio "$(mean "$work/notation.json" 0)" 0.001) ms   the new forms: $(ratio "$(mean "$work/notation.json" 1)" 0.001) ms   rolldice 2d6: $(ratio "$(mean "$work/notation.json" 2)" 0.001) ms   umpire/rolldice: $(ratio "$(mean "$work/notation.json" 1)" "$(mean "$work/notation.json" 2)")"
echo "their odds: $(ratio "$(mean "$work/notation.json" 3)" 0.001) ms   50d6! exploding 20 deep: $(ratio "$(mean "$work/notation.json" 4)" 0.001) ms"

echo "== pictures (issue 28): drawing is umpire-draw's, a program of its own; the plain call above never loads it"
hyperfine -N --warmup 3 --runs 30 --export-json "$work/draw.json" \
    "$umpire -q --draw $work/sheet.pdf table sheet russian-portfolio" \
    "$umpire -q --draw $work/crt.svg table show russian-portfolio.crt" \
    "$umpire -q --draw $work/odds.svg crt --attack 6 --defense 3 --odds" >/dev/null
echo "a game's reference sheet (PDF, $(python3 -c "import re,sys; print(len(re.findall(rb'/Type\s*/Page[^s]', open(sys.argv[1],'rb').read())))" "$work/sheet.pdf") pages): $(ratio "$(mean "$work/draw.json" 0)" 0.001) ms   one chart (SVG): $(ratio "$(mean "$work/draw.json" 1)" 0.001) ms   odds (SVG): $(ratio "$(mean "$work/draw.json" 2)" 0.001) ms"
ldd "$umpire" >/dev/null 2>&1 && echo "umpire links: $(ldd "$umpire" | grep -c -E 'cairo|pango') of Cairo and Pango" || echo "umpire is static: no Cairo or Pango in it"

echo "== one call with 20 tables of the referee's own, the melee table among them (issue 25; target: no slower than rolldice)"
mkdir -p "$work/config/umpire/tables"
src=$(dirname "$(realpath "$0")")/../tables
(cd "$src" && find . -name '*.toml' | sort | head -n 19; echo ./constantinople/melee.toml) | sort -u |
    while read -r t; do mkdir -p "$work/config/umpire/tables/$(dirname "$t")"; cp "$src/$t" "$work/config/umpire/tables/$t"; done
XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" hyperfine -N --warmup 50 --runs 1000 --export-json "$work/user.json" \
    "$umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4" "$rolldice 2d6" >/dev/null
mine=$(mean "$work/user.json" 0); base2=$(mean "$work/user.json" 1)
echo "umpire melee, melee.toml yours: $(ratio "$mine" 0.001) ms   rolldice 2d6: $(ratio "$base2" 0.001) ms   umpire/rolldice: $(ratio "$mine" "$base2")   ($(find "$work/config/umpire/tables" -name '*.toml' | wc -l) tables of yours)"
# The same three taken in turn, in a new random order each round: hyperfine's blocks of
# runs drift apart by as much as the gap measured (bench/interleaved.py).
echo "taken in turn, 3,000 rounds (median; the ratio to rolldice):"
XDG_CACHE_HOME="$work/cache" python3 "$(dirname "$(realpath "$0")")/interleaved.py" 3000 \
    "yours,XDG_CONFIG_HOME=$work/config::$umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4" -- \
    "none,XDG_CONFIG_HOME=$work/no-config::$umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4" -- \
    "rolldice::$rolldice 2d6"

echo "== 10,000,000 2d6 in one process (target: umpire at least 2x rolldice's throughput)"
strings=$(printf '10000x2d6 %.0s' $(seq 1000))
hyperfine --warmup 1 --runs 5 --export-json "$work/bulk.json" \
    "$umpire -q --seed 1 roll -n 10000000 2d6 > /dev/null" "$rolldice $strings > /dev/null" >/dev/null
u=$(mean "$work/bulk.json" 0); r=$(mean "$work/bulk.json" 1)
echo "umpire: $(python3 -c "print(f'{10e6/$u/1e6:.1f}')") M rolls/s   rolldice: $(python3 -c "print(f'{10e6/$r/1e6:.1f}')") M rolls/s   umpire/rolldice throughput: $(ratio "$r" "$u")"

echo "== umpire batch (target: 1 M resolutions a second)"
here=$(dirname "$(realpath "$0")")
yes "melee --attacker 4 --attacker 4 --defender 5" | head -n 200000 > "$work/same" || true  # yes ends on SIGPIPE
grep -v '^#' "$here/mix.txt" > "$work/requests"
cycle() {  # REQUESTS OUT: 200,000 lines going round REQUESTS' lines in turn
    python3 -c "import sys; r=open(sys.argv[1]).read().split(chr(10))[:-1]; open(sys.argv[2],'w').write(''.join(r[i % len(r)] + chr(10) for i in range(200000)))" "$1" "$2"
}
cycle "$work/requests" "$work/mix"
python3 "$here/mix.py" 2000 > "$work/evening-lines"
cycle "$work/evening-lines" "$work/evening"
failed=$("$umpire" --seed 1 --json batch < "$work/evening-lines" | grep -c '"error"' || true)
seq 20000 | sed 's/^/melee --attacker 4 --attacker 4 --defender 5 --seed /' > "$work/new"
hyperfine --warmup 1 --runs 5 --export-json "$work/batch.json" \
    "$umpire --seed 1 batch < $work/same > /dev/null" \
    "$umpire --seed 1 batch < $work/mix > /dev/null" \
    "$umpire --seed 1 batch < $work/new > /dev/null" \
    "$umpire --seed 1 batch < $work/evening > /dev/null" >/dev/null
rate() { python3 -c "import sys; print(f'{int(sys.argv[1]) / float(sys.argv[2]):,.0f}')" "$1" "$(mean "$work/batch.json" "$2")"; }
echo "200,000 melee lines, the same request: $(rate 200000 0) resolutions/s"
echo "200,000 lines cycling through the $(wc -l < "$work/requests") requests of bench/mix.txt: $(rate 200000 1) resolutions/s"
echo "20,000 lines each with its own --seed (every line resolved in full): $(rate 20000 2) resolutions/s"
echo "200,000 lines cycling through an evening of $(wc -l < "$work/evening-lines") distinct requests (bench/mix.py; $failed refused): $(rate 200000 3) resolutions/s"

echo "== --odds against a plain call (target: within 5x)"
hyperfine -N --warmup 20 --runs 300 --export-json "$work/odds.json" \
    "$umpire melee --attacker 4 --attacker 4 --defender 5 --odds" \
    "$umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4" \
    "$umpire ram --strength 4 --defense A --odds" \
    "$umpire wind --odds" >/dev/null
plain=$(mean "$work/odds.json" 1)
echo "melee --odds / plain: $(ratio "$(mean "$work/odds.json" 0)" "$plain")   ram --odds / plain: $(ratio "$(mean "$work/odds.json" 2)" "$plain")   wind --odds (121 branches) / plain: $(ratio "$(mean "$work/odds.json" 3)" "$plain")"

echo "== exact odds at size, each against the same plain call (target: within 10x)"
stands=""; for c in open soft hard bunker open:armour soft hard open soft hard open:hw open; do stands="$stands --stand $c"; done
pools="--attacker large:6white+6yellow+6red+6black --defender large:6white+6yellow+6red+6black"
targets=(
    "suppress, 12 stands of mixed cover|suppress$stands"
    "rally, 8 suppressed stands|rally --quality average --suppressed 8"
    "replace, 8 eliminated stands|replace --supply average --situation line --eliminated 8"
    "fire, 12 shots|fire --to-hit 6 --to-destroy 3 --shots 12"
    "close-combat, 8 stands a side|close-combat --attacker-stands 8 --attacker-rally-number 8 --defender-stands 8 --defender-rally-number 7 --defender-suppressed 3"
    "hits, 24 dice a side in four colours|hits $pools"
    "roll 20d10|roll 20d10"
    "morale|morale --stands 6 --eliminated 1 --suppressed 2"
    "resolve russian-portfolio.crt, 12 to 5, river|resolve russian-portfolio.crt --attack 12 --defense 5 --shift river"
    "resolve constantinople.melee, 6 to 4|resolve constantinople.melee --attack 6 --defense 4"
)
for id in $("$umpire" --json check list | python3 -c "import json,sys; print(' '.join(t['id'] for t in json.load(sys.stdin)['checks']))"); do
    targets+=("check $id|check $id")
done
for target in "${targets[@]}"; do
    name=${target%%|*}; args=${target#*|}
    hyperfine -N --warmup 5 --runs 40 --export-json "$work/size.json" \
        "$umpire -q $args --odds" "$umpire -q --seed 1 $args" >/dev/null 2>&1 ||
        { echo "$name: FAILED to run"; continue; }
    o=$(mean "$work/size.json" 0); p=$(mean "$work/size.json" 1)
    printf '%-46s --odds %7.2f ms   plain %5.2f ms   ratio %s\n' "$name" \
        "$(python3 -c "print($o*1000)")" "$(python3 -c "print($p*1000)")" "$(ratio "$o" "$p")"
done

echo "== exact odds past the rules' sizes, each against its own plain call (issue 26; target: within 10x and 64 MB)"
h5=""; for i in 1 2 3 4 5; do h5="$h5 --attacker large:20red --defender large:20red"; done
h20=""; for i in $(seq 20); do h20="$h20 --attacker large:20red+20black --defender large:20white+20yellow"; done
s500=""; for i in $(seq 500); do s500="$s500 --stand open"; done
big=(
    "roll 100d6kh3|roll 100d6kh3"
    "roll 4d6kh3 x 100|roll 100x4d6kh3"
    "roll 100d10 x 3|roll 100d10 100d10 100d10"
    "roll 1000d10|roll 1000d10"
    "hits, 5 v 5 blocks of 20 dice|hits$h5"
    "hits, 20 v 20 blocks of 40 dice|hits$h20"
    "suppress, 500 stands|suppress$s500"
    "close-combat, 100 a side|close-combat --attacker-stands 100 --attacker-rally-number 8 --defender-stands 100 --defender-rally-number 7"
    "melee, 4 attackers, --exchange|melee --attacker 4 --attacker 4 --attacker 3 --attacker 5 --defender 5 --exchange --split 1,1,1,2"
)
for target in "${big[@]}"; do
    name=${target%%|*}; args=${target#*|}
    if ! hyperfine -N --warmup 1 --runs 5 --export-json "$work/big.json" \
        "$umpire -q $args --odds" "$umpire -q --seed 1 $args" >/dev/null 2>&1; then
        echo "$name: $("$umpire" -q $args --odds 2>&1 >/dev/null | head -c 160)"
        continue
    fi
    o=$(mean "$work/big.json" 0); p=$(mean "$work/big.json" 1)
    kib=$(/usr/bin/time -f %M "$umpire" -q $args --odds 2>&1 >/dev/null | tail -1)
    printf '%-34s --odds %8.1f ms   plain %5.2f ms   ratio %8s   peak %6.1f MiB\n' "$name" \
        "$(python3 -c "print($o*1000)")" "$(python3 -c "print($p*1000)")" "$(ratio "$o" "$p")" \
        "$(python3 -c "print($kib/1024)")"
done
echo "-- the roll targets against Python's fractions, written for the benchmark (bench/odds_reference.py)"
python3 "$(dirname "$(realpath "$0")")/odds_reference.py" "$umpire"

echo "== planning and luck (figures; each runs many --odds in process)"
for i in $(seq 200); do echo "melee --attacker Genoa --defender Galley-$(( i % 5 + 1 )) --seed $i"; done > "$work/evening"
"$umpire" -q --log "$work/evening.log" batch < "$work/evening" > /dev/null
hyperfine -N --warmup 3 --runs 20 --export-json "$work/plan.json" \
    "$umpire plan melee --ship 8 --enemy 5 --enemy 3 --enemy 2" \
    "$umpire plan melee --ship 20 --enemy 2 --enemy 2 --enemy 2 --enemy 2 --top 0" \
    "$umpire -q plan crt --attacker 6:army --attacker 4:infantry:lake --defender 3:front --terrain hills" \
    "$umpire luck $work/evening.log" >/dev/null 2>&1
printf 'plan melee, 15.24 (15 splits): %.1f ms   20 points on four ships (all splits): %.1f ms\n' \
    "$(python3 -c "print($(mean "$work/plan.json" 0)*1000)")" "$(python3 -c "print($(mean "$work/plan.json" 1)*1000)")"
printf 'plan crt with units: %.1f ms   luck, a 200-line log: %.1f ms\n' \
    "$(python3 -c "print($(mean "$work/plan.json" 2)*1000)")" "$(python3 -c "print($(mean "$work/plan.json" 3)*1000)")"

echo "== a game file (figures): every use checks the journal's chain and the file's SHA-256"
"$umpire" -q game new great-battles "$work/g.toml" >/dev/null
"$umpire" -q game new great-battles "$work/long.toml" >/dev/null
"$umpire" -q game next "$work/long.toml" >/dev/null  # from dawn to the first player's turn (7.1, 7.2)
for i in $(seq 1000); do
    echo "--game $work/long.toml --apply suppress --unit I-Btl --stand open --roll 1"
    echo "game undo $work/long.toml"
done > "$work/long.batch"
while read -r line; do "$umpire" -q $line >/dev/null; done < "$work/long.batch"
hyperfine -N --warmup 5 --runs 50 --export-json "$work/game.json" \
    "$umpire game status $work/g.toml" "$umpire game status $work/long.toml" \
    "$umpire -q --game $work/long.toml melee --attacker 4 --defender 5 --roll 4" >/dev/null 2>&1
printf 'game status, a new game: %.1f ms   after 2,000 journal lines (%s KiB): %.1f ms   a resolution reading it: %.1f ms\n' \
    "$(python3 -c "print($(mean "$work/game.json" 0)*1000)")" "$(( $(stat -c %s "$work/long.toml.journal") / 1024 ))" \
    "$(python3 -c "print($(mean "$work/game.json" 1)*1000)")" "$(python3 -c "print($(mean "$work/game.json" 2)*1000)")"

echo "== a game of your own far past any rules' size: 10,000 counters (figures)"
example=$(dirname "$(realpath "$0")")/../examples/border-war
python3 - "$work/big.toml" <<'PY'
import sys
units = "".join(f'[[unit]]\nname = "U{i}"\nside = "{"red" if i % 2 else "blue"}"\ntype = "infantry"\nfactors = "9-9-9"\n\n'
                for i in range(10000))
open(sys.argv[1], "w").write('id = "big"\ntitle = "Big"\ngame = "Border War"\nsource = "bench"\nsides = ["red", "blue"]\n\n' + units)
PY
export XDG_CONFIG_HOME="$work/big-config"
"$umpire" -q --tables "$example/tables" table import border-war.crt "$example/crt.csv" >/dev/null
attackers=$(seq 1 2 3999 | sed 's/^/--attacker U/' | tr '\n' ' ')
hyperfine -N --warmup 2 --runs 10 --export-json "$work/big.json" \
    --prepare "rm -f $work/bg.toml $work/bg.toml.journal" "$umpire -q game new $work/big.toml $work/bg.toml" >/dev/null 2>&1
rm -f "$work/bg.toml" "$work/bg.toml.journal"
"$umpire" -q game new "$work/big.toml" "$work/bg.toml" >/dev/null
hyperfine -N --warmup 2 --runs 10 --export-json "$work/big2.json" "$umpire game status $work/bg.toml" \
    "$umpire -q --game $work/bg.toml resolve border-war.crt $attackers --defender U2 --roll 6" >/dev/null 2>&1
unset XDG_CONFIG_HOME
printf 'game new: %.1f ms   game status: %.1f ms   resolve naming 2,000 attackers: %.1f ms\n' \
    "$(python3 -c "print($(mean "$work/big.json" 0)*1000)")" "$(python3 -c "print($(mean "$work/big2.json" 0)*1000)")" \
    "$(python3 -c "print($(mean "$work/big2.json" 1)*1000)")"

echo "== peak memory of a call (target: within 2x rolldice)"
mu=$(/usr/bin/time -f %M "$umpire" melee --attacker 4 --attacker 4 --defender 5 --roll 4 2>&1 >/dev/null | tail -1)
mr=$(/usr/bin/time -f %M "$rolldice" 2d6 2>&1 >/dev/null | tail -1)
echo "umpire: ${mu} KiB   rolldice: ${mr} KiB   umpire/rolldice: $(ratio "$mu" "$mr")"
