#!/usr/bin/env python3
"""Every option that changes an answer is named in its "inputs" (hunt45 #2).

Usage: inputs.py UMPIRE

umpire(1), JSON OUTPUT: a resolution carries "inputs", what was asked; a script reading
two answers (or compare's requests) tells them apart by it. So for each command of the
five games, each of its options that bears on the result is given on top of a request
that runs without it, once rolled at a fixed seed and once with --odds (where the command
has odds): whenever the answer (all but its inputs) differs, its inputs must differ too.
Options that only name a file or a unit of a game (--game, --state, --unit) are left to
the game tests; an option that changes nothing at the seed and in the odds is listed
as such, not failed.

Prints each case, exits 1 listing each failure.
"""
import json
import os
import subprocess
import sys
import tempfile

UMPIRE = os.path.abspath(sys.argv[1])
WORK = tempfile.mkdtemp(prefix="umpire-inputs-")

# (command and the options it needs, [an option with its value, given on top]).
CASES = [
    (["always-possible", "--needed", "6", "--best", "5"], [["--best", "4"], ["--needed", "7"]]),
    (["free", "--as", "rammed"], [["--as", "rammer"]]),
    (["melee", "--attacker", "4", "--attacker", "4", "--defender", "5"],
     [["--boom"], ["--attacker", "3"], ["--defender", "6"]]),
    (["melee", "--attacker", "4", "--attacker", "4", "--defender", "5:damaged"], [["--damaged-reading", "chart"]]),
    (["melee", "--attacker", "5", "--attacker", "3", "--attacker", "2", "--defender", "8", "--exchange", "--split",
      "2,1,5"], [["--split", "3,2,3"]]),
    (["melee", "--attacker", "5", "--attacker", "3", "--attacker", "2", "--defender", "8", "--exchange",
      "--split-plan", "1"], [["--split-plan", "2"], ["--objective", "strongest"]]),
    (["portage", "--turn", "20", "--ship", "Trireme-1", "--capability", "2"], [["--capability", "1"]]),
    (["portage", "--turn", "8", "--assaults", "3,4", "--ship", "Trireme-1", "--capability", "2"],
     [["--assaults", "4,4"]]),
    (["ram", "--strength", "3", "--defense", "A:damaged"], [["--damaged-reading", "chart"]]),
    (["ram", "--strength", "3", "--defense", "B"],
     [["--defense", "A:damaged"], ["--movement", "battle"],
      ["--run", "3"]]),
    (["reef", "2028", "--side", "ottoman"], [["--side", "byzantine"]]),
    (["reef", "2028", "--side", "byzantine"], [["--in-harbor"]]),
    (["sail", "--wind", "N", "--facing", "NE"],
     [["--stationary"], ["--boom"], ["--pinned"], ["--remaining", "1"], ["--wind", "S"]]),
    (["storm", "--ship", "Galley-1", "--ship", "Galley-2:pinned"], [["--pinned-reading", "both"]]),
    (["flak", "--aa", "heavy", "--altitude", "low", "--stands", "4"], [["--aa", "light"], ["--stands", "2"]]),
    (["flak", "--aa", "heavy", "--altitude", "low", "--stands", "4"], [["--altitude", "high"]]),
    (["flak", "--aa", "heavy", "--glider", "--stands", "4"], []),
    (["landing", "--terrain", "woods", "--stands", "3"], [["--mod", "-1"], ["--terrain", "open"]]),
    (["drift", "--altitude", "high", "--stands", "3"], [["--altitude", "low"]]),
    (["drift", "--glider", "--stands", "3"], []),
    (["close-combat", "--attacker-stands", "3", "--attacker-quality", "average", "--defender-stands", "4",
      "--defender-quality", "raw"],
     [["--attacker-mod", "2"], ["--defender-mod", "2"], ["--attacker-stands", "5"], ["--defender-stands", "2"],
      ["--attacker-suppressed", "1"], ["--defender-suppressed", "2"], ["--attacker-quality", "veterans"],
      ["--defender-quality", "veterans"], ["--attacker-blocked"], ["--defender-blocked"]]),
    (["close-combat", "--attacker-stands", "3", "--attacker-rally-number", "6", "--defender-stands", "4",
      "--defender-rally-number", "6"],
     [["--attacker-rally-number", "3"], ["--defender-rally-number", "3"]]),
    (["command-roll", "--quality", "average"], [["--quality", "raw"], ["--mod", "-10"]]),
    (["cops-overrun", "--side", "german", "--division", "9th-SS", "--activation-points", "14"],
     [["--activation-points", "2"], ["--side", "allied"]]),
    (["fire", "--to-hit", "6", "--to-destroy", "3", "--shots", "2"],
     [["--heavy-weapons"], ["--opportunity"], ["--outside-front-arc"], ["--shots", "3"], ["--to-hit", "3"],
      ["--to-destroy", "1"]]),
    (["infiltrate", "--morale", "10"], [["--morale", "8"]]),
    (["morale", "--stands", "4", "--eliminated", "1", "--suppressed", "2"],
     [["--won-close-combat"], ["--blocked"], ["--mod", "20"], ["--eliminated", "2"], ["--suppressed", "0"]]),
    (["rally", "--quality", "average", "--suppressed", "3"],
     [["--quality", "raw"], ["--mod", "2"], ["--suppressed", "1"]]),
    (["rally", "--rally-number", "6", "--suppressed", "3"], [["--rally-number", "3"]]),
    (["replace", "--supply", "average", "--situation", "line", "--eliminated", "2"],
     [["--supply", "good"], ["--situation", "isolated"], ["--eliminated", "1"], ["--paratroopers"]]),
    (["replace", "--side", "british", "--situation", "reserve", "--eliminated", "1"], [["--side", "german"]]),
    (["sighting", "--turn", "2"], [["--turn", "3"]]),
    (["suppress", "--stand", "open", "--stand", "soft"], [["--non-activated"], ["--stand", "hard:armour"]]),
    (["suppress", "--stand", "bunker"], [["--air", "rocket"]]),
    (["air-deployment", "--air-units", "5"], [["--air-units-denied", "2"], ["--air-space", "7,8"],
                                              ["--air-units", "3"]]),
    # Air to Air Combat has no Surprise (hunt53 A4): --time, --moved-in, --surprise on ground blocks
    (["hits", "--attacker", "fighter:2red", "--defender", "fighter:black"],
     [["--weather", "downpour"], ["--weather", "clear", "--phase", "night"]]),
    (["hits", "--attacker", "bomber:2yellow", "--airfield"], []),
    (["hits", "--attacker", "small", "--attacker", "small", "--defender", "large:red"],
     [["--artillery"], ["--time", "night"], ["--surprise", "attacker"], ["--time", "day", "--moved-in"]]),
    (["hits", "--attacker", "small", "--attacker", "small", "--defender", "large:red", "--weather", "mountain-fog"],
     [["--terrain", "mountain"], ["--artillery"]]),
    (["scatter", "--paratroops", "3"], [["--occupied", "2=1"]]),
    (["scatter", "--night-bomb"], []),
    (["crt", "--attack", "5", "--defense", "3"],
     [["--dispersed"], ["--surrounded"], ["--armor", "--side", "axis"], ["--armor", "--side", "russian"],
      ["--retreat", "0"], ["--river", "all"], ["--river", "all", "--amphibious"], ["--winter-offensive"],
      ["--side", "axis"], ["--armor", "--side", "axis", "--reserve-phase", "1"],
      ["--surrounded", "--surrounded-reading", "chart-sheet"], ["--retreat", "0", "--retreat-reading", "retreats"]]),
    (["crt", "--attacker", "6:army", "--defender", "3:front"], [["--terrain", "hills"]]),
    (["crt", "--attack", "5", "--defense", "3", "--river", "all"], [["--amphibious"]]),
    (["overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3", "--weather", "good",
      "--terrain", "clear"],
     [["--defending-armor", "1"], ["--dispersed"], ["--weather", "mud"], ["--terrain", "swamp"], ["--fuel-shortage"],
      ["--north-of-arctic-line"], ["--result", "DX"]]),
    (["siberian", "--axis-number", "4"], [["--axis-number", "6"]]),
    (["weather", "--game", "novorossiysk", "--day", "3", "--phase", "morning"],
     [["--zones"], ["--day", "4"], ["--phase", "night"], ["--dense-fog-used", "all"], ["--flooded"]]),
    (["weather", "--game", "russian-portfolio", "--month", "oct41"], [["--month", "jan42"]]),
    (["weather", "--game", "russian-portfolio", "--start-1jun41"], []),
    (["check", "bombard"], []),
    (["check", "portage"], [["--mod", "2"]]),
    (["resolve", "russian-portfolio.crt", "--attack", "5", "--defense", "3"],
     [["--shift", "1"], ["--attack", "9"]]),
    (["initiative"], []),
    (["wind"], []),
]


def answer(args):
    r = subprocess.run([UMPIRE, "--json", "-q", "--seed", "11"] + args, capture_output=True, text=True, cwd=WORK,
                       env={**os.environ, "NO_COLOR": "1", "UMPIRE_GAME": "", "UMPIRE_TABLES": ""})
    if r.returncode != 0:
        return None, r.stdout.strip() or r.stderr.strip()
    doc = json.loads(r.stdout.splitlines()[0])
    inputs = doc.pop("inputs", None)
    for key in ("seed", "position", "line"):
        doc.pop(key, None)
    return (inputs, doc), ""


def given(base, extra):
    """BASE with EXTRA on top; an option of one value that BASE has already takes EXTRA's."""
    r = subprocess.run([UMPIRE, "-q", "--seed", "11"] + base + extra, capture_output=True, text=True, cwd=WORK)
    if "given 2 times" not in r.stderr and (r.returncode == 0 or extra[0] not in base):
        return base + extra
    out = list(base)
    out[out.index(extra[0]) + 1] = extra[1]
    return out + extra[2:]


failures = []
unchanged = []
checked = 0
for base, variants in CASES:
    for extra in variants:
        changed = given(base, extra)
        differs = False
        for odds in ([], ["--odds"]):
            before, why_before = answer(base + odds)
            after, why_after = answer(changed + odds)
            if before is None or after is None:
                if odds:
                    continue  # a command (or this request) without odds
                failures.append(f"{' '.join(changed)}: did not run: {why_before or why_after}"[:300])
                continue
            checked += 1
            if before[1] == after[1]:
                continue
            differs = True
            if before[0] == after[0]:
                failures.append(f"{' '.join(changed + odds)}: the answer changes, its inputs do not: "
                                f"{json.dumps(before[0])}")
        if not differs:
            unchanged.append(' '.join(changed))

print(f"inputs: {checked} pairs of answers compared")
for u in sorted(set(unchanged)):
    print("  changes nothing here (not failed):", u)
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
