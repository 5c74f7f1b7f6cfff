#!/usr/bin/env python3
"""Checks umpire's JSON against man/umpire.schema.json (issue 14: the JSON contract).

Usage: validate.py SCHEMA UMPIRE CAPTURE_DIR

1. Every JSON document the C++ suite made umpire print (tests/helpers.h keeps them in
   CAPTURE_DIR, one .jsonl per test process).
2. The requests below, run through the binary: every command's JSON, --odds, roll -n,
   table and check lists, seed, replay, game, errors and batch answers.
Each must match exactly one shape of the schema; every shape must be seen, and every
command umpire lists must have printed a document (shell and completion print none).
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

schema_path, umpire, capture_dir = sys.argv[1:4]
with open(schema_path) as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
shapes = {name: jsonschema.Draft202012Validator({**schema, "oneOf": None, "$ref": "#/$defs/" + name})
          for name in [ref["$ref"].split("/")[-1] for ref in schema["oneOf"]]}
for name in shapes:
    sub = dict(schema)
    del sub["oneOf"]
    sub["$ref"] = "#/$defs/" + name
    shapes[name] = jsonschema.Draft202012Validator(sub)

failures = []
seen_shapes = set()
seen_commands = set()
checked = 0


def unique_keys(pairs):
    """An object whose members each have their own name: a name twice is not interoperable
    JSON (RFC 8259, 4), and most parsers keep only the last (hunt42: two "weather" inputs)."""
    names = [k for k, _ in pairs]
    twice = sorted({k for k in names if names.count(k) > 1})
    if twice:
        raise ValueError("a member named twice: " + ", ".join(twice))
    return dict(pairs)


def check(text, where):
    global checked
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        checked += 1
        try:
            doc = json.loads(line, object_pairs_hook=unique_keys)
        except ValueError as e:
            failures.append(f"{where}:{number}: not JSON ({e}): {line[:200]}")
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: e.path)
        if errors:
            # say which shape it was meant to be, and why it is not that
            best = min(shapes.items(), key=lambda kv: len(list(kv[1].iter_errors(doc))))
            why = "; ".join(f"{'/'.join(map(str, e.path))}: {e.message[:160]}" for e in best[1].iter_errors(doc))
            failures.append(f"{where}:{number}: matches no shape (nearest {best[0]}: {why}): {line[:200]}")
            continue
        for name, v in shapes.items():
            if v.is_valid(doc):
                seen_shapes.add(name)
        if isinstance(doc, dict) and isinstance(doc.get("command"), str):
            seen_commands.add(doc["command"].split(" ")[0])


# 1. What the C++ suite printed.
captured = sorted(glob.glob(os.path.join(capture_dir, "*.jsonl")))
unique = set()
for path in captured:
    with open(path, encoding="utf-8", errors="replace") as f:
        unique.update(line for line in f.read().splitlines() if line.strip())
check("\n".join(sorted(unique)), "suite")
suite_documents = checked

# 2. Every command and shape through the binary.
work = tempfile.mkdtemp()
game = os.path.join(work, "siege.toml")
deck = os.path.join(work, "deck.toml")
log = os.path.join(work, "log.jsonl")
requests = [
    ["roll", "2d6", "d100", "3d6+2"], ["roll", "--odds", "2d6"], ["roll", "-n", "5", "2d6"], ["roll", "3white"],
    ["roll", "4d6kh3", "3x2d6", "5d6>=5", "4d6dl1"], ["compare", "ram --strength 4 --defense A", "wind"], ["plan", "crt", "--attack", "5", "--defense", "3"], ["plan", "melee", "--ship", "8", "--enemy", "5", "--enemy", "3", "--enemy", "2"], ["plan", "melee", "--ship", "Galley-1", "--enemy", "Genoa:leader", "--enemy", "Venice"], ["roll", "--odds", "4d6kh3"], ["roll", "--odds", "5d6>=5"],
    ["table", "list"], ["table", "show", "constantinople.melee"],
    ["table", "lookup", "constantinople.melee", "--column", "3", "--roll", "4"],
    ["check", "list"], ["check", "storm"], ["check", "bombard", "--odds"], ["explain", "S"], ["explain", "B9"],
    ["weather", "--game", "russian-portfolio", "--month", "oct41"], ["weather", "--game", "novorossiysk", "--odds"],
    ["seed", "commit"], ["seed", "contribute"],
    ["wind"], ["wind", "--odds"], ["melee", "--attacker", "4", "--defender", "5"],
    ["melee", "--attacker", "4", "--defender", "5", "--odds"],
    ["ram", "--strength", "3", "--defense", "B"], ["reef", "2028", "--side", "ottoman"], ["initiative"],
    ["sail", "--wind", "N", "--facing", "NE"], ["storm", "--ship", "Galley-1", "--ship", "Genoa:horn"],
    ["free", "--as", "rammed", "--odds"],
    ["portage", "--turn", "8", "--assaults", "3,4", "--ship", "Trireme-1", "--capability", "2"],
    ["suppress", "--stand", "open", "--stand", "soft", "--stand", "hard:armour", "--stand", "open:hw"],
    ["morale", "--stands", "4", "--eliminated", "1", "--suppressed", "2"],
    ["rally", "--quality", "average", "--suppressed", "3"],
    ["rally", "--quality", "average", "--suppressed", "3", "--odds"],
    ["close-combat", "--attacker-stands", "3", "--attacker-quality", "average", "--defender-stands", "4",
     "--defender-suppressed", "1", "--defender-quality", "raw", "--defender-mod", "2"],
    ["command-roll", "--quality", "average"],
    ["replace", "--supply", "average", "--situation", "line", "--eliminated", "2"], ["infiltrate", "--morale", "10"],
    ["sighting", "--turn", "2"], ["fire", "--to-hit", "6", "--to-destroy", "3", "--shots", "2", "--heavy-weapons"],
    ["flak", "--aa", "heavy", "--altitude", "low", "--stands", "4"], ["drift", "--altitude", "high", "--stands", "2"],
    ["landing", "--terrain", "woods", "--stands", "3"],
    ["deck", "draw", "--state", deck, "--side", "german", "--count", "2"], ["deck", "show", "--state", deck],
    ["cops-overrun", "--side", "german", "--division", "9th-SS", "--activation-points", "14"],
    ["crt", "--attack", "5", "--defense", "3", "--roll", "3"], ["crt", "--attack", "5", "--defense", "3", "--odds"],
    ["overrun", "--result", "DE", "--attacking-armor", "8", "--defending-infantry", "3", "--weather", "good",
     "--terrain", "clear"],
    ["siberian", "--axis-number", "4"], ["always-possible", "--needed", "6", "--best", "5"],
    ["hits", "--attacker", "3white", "--defender", "2white"],
    ["scatter", "--paratroops", "3", "--occupied", "2=1"], ["air-deployment", "--air-units", "5"],
    ["game", "new", "constantinople", game], ["game", "status", game], ["game", "next", game],
    ["--game", game, "--apply", "melee", "--attacker", "Galley-1", "--defender", "Genoa-2", "--roll", "6"],
    ["game", "undo", game], ["game", "rebuild", game],
]
for args in requests:
    r = subprocess.run([umpire, "--json", "--seed", "7"] + args, capture_output=True, text=True, cwd=work,
                       env={**os.environ, "NO_COLOR": "1"})
    if not r.stdout.strip():
        failures.append(f"umpire --json {' '.join(args)}: printed no JSON (exit {r.returncode}: {r.stderr.strip()[:200]})")
    check(r.stdout, "umpire --json " + " ".join(args))
    if r.returncode != 0:
        failures.append(f"umpire --json {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()[:200]}")
# Refusals are documents too.
for args, code in ((["ram", "--strength", "9", "--defense", "B"], 64), (["nosuchcommand"], 64),
                   (["seed", "verify", "--seed", "1", "--nonce", "0" * 32, "--commitment", "0" * 64], 65)):
    r = subprocess.run([umpire, "--json"] + args, capture_output=True, text=True, cwd=work)
    if r.returncode != code:
        failures.append(f"umpire --json {' '.join(args)}: exit {r.returncode}, expected {code}")
    check(r.stdout, "umpire --json " + " ".join(args))

# A log and its replay; a batch (each answer carries its line); seed combine.
subprocess.run([umpire, "--seed", "3", "--log", log, "wind"], capture_output=True, cwd=work, check=True)
r = subprocess.run([umpire, "--json", "replay", log], capture_output=True, text=True, cwd=work)
check(r.stdout, "umpire --json replay")
subprocess.run([umpire, "--seed", "4", "--log", log, "melee", "--attacker", "Genoa", "--defender", "Galley-1"],
               capture_output=True, cwd=work, check=True)
subprocess.run([umpire, "--log", log, "melee", "--attacker", "4", "--defender", "5", "--roll", "3"], capture_output=True, cwd=work, check=True)
r = subprocess.run([umpire, "--json", "luck", log], capture_output=True, text=True, cwd=work)
check(r.stdout, "umpire --json luck")
batch = "\n".join(" ".join(a) for a in requests[:40] if "--state" not in a) + "\n"
r = subprocess.run([umpire, "--seed", "5", "batch"], input=batch, capture_output=True, text=True, cwd=work)
check(r.stdout, "umpire batch")
for number, line in enumerate(r.stdout.splitlines(), 1):
    if json.loads(line).get("line") is None:
        failures.append(f"umpire batch: answer {number} has no line: {line[:120]}")
nonces = []
for _ in range(2):
    c = json.loads(subprocess.run([umpire, "--json", "seed", "contribute"], capture_output=True, text=True).stdout)
    nonces += ["--contribution", c["nonce"] + ":" + c["commitment"]]
r = subprocess.run([umpire, "--json", "seed", "combine"] + nonces, capture_output=True, text=True)
check(r.stdout, "umpire --json seed combine")
# pbem key and trust, each side with a home of its own (the keys live under XDG_DATA_HOME).
homes = {side: {**os.environ, "XDG_DATA_HOME": os.path.join(work, side)} for side in ("alice", "bob")}
r = subprocess.run([umpire, "--json", "pbem", "key", "--as", "alice"], capture_output=True, text=True,
                   env=homes["alice"])
check(r.stdout, "umpire --json pbem key")
line = json.loads(r.stdout)["key_line"] + "\n"
for round in ("new", "known"):
    r = subprocess.run([umpire, "--json", "pbem", "trust", "-"], input=line, capture_output=True, text=True,
                       env=homes["bob"])
    check(r.stdout, "umpire --json pbem trust")
    if [p["known"] for p in json.loads(r.stdout)["players"]] != [round == "known"]:
        failures.append(f"umpire --json pbem trust ({round} key): {r.stdout.strip()[:200]}")
# pbem in a batch: each answer carries its request line, as every batch answer does (hunt45 #1).
bob_key = os.path.join(work, "bob-key.txt")
with open(bob_key, "w") as f:
    f.write(subprocess.run([umpire, "pbem", "key", "--as", "bob"], capture_output=True, text=True,
                           env=homes["bob"]).stdout)
transcript = os.path.join(work, "batch.pbem")
r = subprocess.run([umpire, "--json", "batch"], capture_output=True, text=True, env=homes["alice"],
                   input=f"pbem key --as alice\npbem trust {bob_key}\n"
                         f"pbem offer --as alice --transcript {transcript} wind\npbem verify {transcript}\n")
check(r.stdout, "umpire --json batch (pbem)")
if [json.loads(a).get("line") for a in r.stdout.splitlines()] != [1, 2, 3, 4]:
    failures.append(f"umpire batch (pbem): answers without their request line: {r.stdout[:300]}")

# Coverage: every shape seen, every command heard from.
listed = subprocess.run([umpire, "nosuchcommand"], capture_output=True, text=True).stderr
commands = listed.split("commands: ", 1)[1].splitlines()[0].split(";")[0].strip().split(", ")
for name in shapes:
    if name not in seen_shapes:
        failures.append(f"no document of shape {name} was checked")
for command in commands:
    if command not in seen_commands and command not in ("shell", "batch", "completion"):
        failures.append(f"no JSON document from '{command}' was checked")

print(f"json_schema: {suite_documents} distinct documents from the suite ({len(captured)} files), "
      f"{checked - suite_documents} from the binary; shapes seen: {len(seen_shapes)} of {len(shapes)}")
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
