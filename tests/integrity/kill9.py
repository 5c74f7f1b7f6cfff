#!/usr/bin/env python3
"""kill -9 at random moments (issue 23): the game file always agrees with its journal.

Usage: kill9.py UMPIRE WORKDIR [KILLS]

Plays a Great Battles game and a Constantinople game with --apply, game undo and game
next, killing each process with SIGKILL after a random delay drawn over the time a whole
call takes, so kills land before, inside and after the write-ahead window (the journal line
appended, the file not yet renamed). After every kill `game rebuild` must say the file is
identical to what its journal makes (rolling it forward first where the kill left it one
change behind), and every 100 kills `replay` of the journal must find no difference. Prints
how the kills fell and ends with a line 'N passed, N failed'.
"""
import os
import random
import signal
import subprocess
import sys
import time

umpire, work = sys.argv[1], sys.argv[2]
kills_wanted = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
rng = random.Random(20261124)
os.makedirs(work, exist_ok=True)
os.chdir(work)
env = dict(os.environ)
env.pop("UMPIRE_GAME", None)

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
        ["--apply", "melee", "--attacker", "Galley-1", "--attacker", "Galley-2", "--defender", "Genoa"],
        ["--apply", "melee", "--attacker", "Imperial-1", "--defender", "Galley-3"],
        ["--apply", "ram", "--rammer", "Galley-4", "--target", "Venice"],
    ]),
}
for name, (game, _) in GAMES.items():
    for stale in (name, name + ".journal", name + ".lock", name + ".tmp"):
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
        return ["game", "next", name]
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
    if os.path.exists(name + ".tmp"):
        fail(f"kill {kills}: {name}.tmp left after rebuild")
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
if fell["rolled forward"] == 0:
    fail("no kill landed between the journal line and the file's rename: the window was never tested")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
