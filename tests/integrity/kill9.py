#!/usr/bin/env python3
"""kill -9 at random moments (issue 23): the game file always agrees with its journal.

Usage: kill9.py UMPIRE WORKDIR [KILLS [CRASH_AT]]

Plays a Great Battles game, a Constantinople game and Border War (a game of the referee's
own, examples/border-war) with --apply, game undo and game next, killing each process with SIGKILL after a random delay drawn over the time a whole
call takes, so kills land before, inside and after the write-ahead window (the journal line
appended, the file not yet renamed). After every kill `game rebuild` must say the file is
identical to what its journal makes (rolling it forward first where the kill left it one
change behind), and every 100 kills `replay` of the journal must find no difference. Prints
how the kills fell and ends with a line 'N passed, N failed'.

Random kills land in the window only by luck (some 4 in 100 on a release build, fewer on a
slow or sanitized one), so with CRASH_AT (tests/integrity/crash_at.cc) each step of the
write is also killed on purpose, 8 times a step: after PATH.umpire-tmp is flushed (the game and the
journal must be as before, PATH.umpire-tmp gone), after the journal line (rebuild rolls the file
forward to it) and after the rename (the change is there, nothing to mend).
"""
import os
import random
import signal
import subprocess
import sys
import time

umpire, work = sys.argv[1], sys.argv[2]
kills_wanted = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
crash_at = sys.argv[4] if len(sys.argv) > 4 else None
rng = random.Random(20261124)
os.makedirs(work, exist_ok=True)
os.chdir(work)
env = dict(os.environ)
env.pop("UMPIRE_GAME", None)
# A game of the referee's own too (issue 25): Border War, its chart typed into a tables
# directory of this run's own (examples/border-war).
example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "border-war")
env["XDG_CONFIG_HOME"] = os.path.join(os.getcwd(), "config")
subprocess.run([umpire, "-q", "--tables", os.path.join(example, "tables"), "table", "import", "border-war.crt",
                os.path.join(example, "crt.csv")], check=True, capture_output=True, env=env)

passed = 0
failed = 0


def fail(what):
    global failed
    failed += 1
    print("FAIL: " + what)


def run(args):
    return subprocess.run([umpire, *args], capture_output=True, text=True, env=env)


GAMES = {
    "gb.toml": ("great-battles", [
        ["--apply", "suppress", "--unit", "I-Btl", "--stand", "open", "--stand", "soft"],
        ["--apply", "suppress", "--unit", "II-Btl", "--stand", "open"],
        ["--apply", "rally", "--unit", "I-Btl", "--rally-number", "8"],
        ["--apply", "rally", "--unit", "II-Btl", "--rally-number", "6"],
        ["--apply", "morale", "--unit", "I-Btl", "--morale", "7"],
    ]),
    "siege.toml": ("constantinople", [
        ["--apply", "melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Genoa-2"],
        ["--apply", "melee", "--attacker", "Imperial-1", "--defender", "Galley-3"],
        ["--apply", "ram", "--rammer", "Galley-4", "--target", "Venice"],
    ]),
    "border.toml": (os.path.join(example, "scenario.toml"), [
        ["--apply", "resolve", "border-war.crt", "--attacker", "1-Inf", "--attacker", "2-Inf", "--defender", "3-Pz"],
        ["--apply", "resolve", "border-war.crt", "--attacker", "1-Tank", "--defender", "4-Gren"],
        ["--apply", "resolve", "border-war.crt", "--attacker", "3-Pz", "--defender", "2-Inf", "--shift", "surprise"],
        ["game", "set", "border.toml", "3-Pz", "status=ready", "--reason", "back from the dead pool"],
    ]),
}
for name, (game, _) in GAMES.items():
    for stale in (name, name + ".journal", name + ".lock", name + ".umpire-tmp"):
        if os.path.exists(stale):
            os.remove(stale)
    r = run(["game", "new", game, name])
    if r.returncode != 0:
        print("FAIL: game new " + game + ": " + r.stderr)
        sys.exit(1)


def request(name):
    """A random request on the game in NAME: an applied resolution, an undo or a next."""
    roll = rng.random()
    if roll < 0.15:
        return ["game", "undo", name]
    if roll < 0.25:
        return ["game", "next", name, "--skip-due"]
    return ["--game", name, *rng.choice(GAMES[name][1])]


# How long a whole call takes here: the kills are spread over it.
samples = []
for i in range(20):
    name = rng.choice(list(GAMES))
    start = time.monotonic()
    run(request(name))
    samples.append(time.monotonic() - start)
samples.sort()
span = samples[len(samples) // 2] * 1.3
print(f"a call takes about {samples[len(samples) // 2] * 1000:.1f} ms; kills spread over {span * 1000:.1f} ms")

fell = {"killed": 0, "finished first": 0, "rolled forward": 0, "torn line cut": 0}
kills = 0
while kills < kills_wanted:
    name = rng.choice(list(GAMES))
    args = request(name)
    journal_before = open(name + ".journal", "rb").read()
    p = subprocess.Popen([umpire, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    time.sleep(rng.uniform(0, span))
    p.send_signal(signal.SIGKILL)
    _, err = p.communicate()
    kills += 1
    if p.returncode == -signal.SIGKILL:
        fell["killed"] += 1
    else:
        fell["finished first"] += 1
        if p.returncode not in (0, 64):
            fail(f"{' '.join(args)}: exit {p.returncode}: {err.decode(errors='replace').strip()}")
    r = run(["game", "rebuild", name])
    if r.returncode != 0 or "identical" not in r.stdout:
        fail(f"kill {kills} ({' '.join(args)}): rebuild exit {r.returncode}: {r.stdout.strip()} {r.stderr.strip()}")
        break
    passed += 1
    if "rolled forward" in r.stdout:
        fell["rolled forward"] += 1
    if "torn last line" in r.stdout:
        fell["torn line cut"] += 1
    if os.path.exists(name + ".umpire-tmp"):
        fail(f"kill {kills}: {name}.umpire-tmp left after rebuild")
    journal_after = open(name + ".journal", "rb").read()
    if not journal_after.startswith(journal_before) and not journal_before.startswith(journal_after):
        fail(f"kill {kills}: the journal's earlier lines changed")
    if kills % 100 == 0:
        for game_file in GAMES:
            before = {f: open(f, "rb").read() for f in (game_file, game_file + ".journal")}
            r = run(["replay", game_file + ".journal"])
            if r.returncode != 0 or " 0 differ" not in r.stdout:
                fail(f"replay {game_file}.journal after {kills} kills: {r.stdout.strip()} {r.stderr.strip()[:500]}")
            else:
                passed += 1
            if any(open(f, "rb").read() != text for f, text in before.items()):
                fail(f"replay of {game_file}.journal changed a file")

lines = {name: sum(1 for _ in open(name + ".journal")) for name in GAMES}
print(f"{kills} kills: " + ", ".join(f"{n} {k}" for k, n in fell.items()) +
      "; journals: " + ", ".join(f"{n} {c} lines" for n, c in lines.items()))


def read(path):
    return open(path, "rb").read() if os.path.exists(path) else None


# Each step of the write, killed on purpose, on a request that always writes: 'game next'.
WRITING = {name: [["game", "next", name, "--skip-due"]] for name in GAMES}
if crash_at:
    for step in ("prepared", "journaled", "committed"):
        hit = 0
        for i in range(8):
            name = rng.choice(list(WRITING))
            args = rng.choice(WRITING[name])
            before, journal_before = read(name), read(name + ".journal")
            p = subprocess.run([crash_at, step, *args], capture_output=True, env=env)
            what = f"{step}: {' '.join(args)}"
            if p.returncode != -signal.SIGKILL:
                fail(f"{what}: not killed (exit {p.returncode}): {p.stderr.decode(errors='replace').strip()}")
                continue
            r = run(["game", "rebuild", name])
            if r.returncode != 0 or "identical" not in r.stdout:
                fail(f"{what}: rebuild exit {r.returncode}: {r.stdout.strip()} {r.stderr.strip()}")
                continue
            journal_after, after = read(name + ".journal"), read(name)
            grew = journal_after != journal_before and journal_after.startswith(journal_before)
            rolled = "rolled forward" in r.stdout
            if os.path.exists(name + ".umpire-tmp"):
                fail(f"{what}: {name}.umpire-tmp left after rebuild")
            elif step == "prepared" and (journal_after != journal_before or after != before or rolled):
                fail(f"{what}: the game or its journal changed, though the kill came before the journal line")
            elif step == "journaled" and not (grew and rolled and after != before):
                fail(f"{what}: rebuild did not roll the file forward to the journal's new line: {r.stdout.strip()}")
            elif step == "committed" and not (grew and not rolled and after != before):
                fail(f"{what}: the change is not in both the file and the journal: {r.stdout.strip()}")
            else:
                hit += 1
                passed += 1
        print(f"killed after '{step}': {hit} of 8 as expected")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
