#!/usr/bin/env python3
"""Runs the walkthrough of an example game's README as a test (issue 25, part 6).

Usage: walkthrough.py README UMPIRE SOURCE_DIR

Each line of a ```console block that begins with "$ " is a command; they run in order in
one bash, from SOURCE_DIR, with the umpire under test first on PATH and a scratch HOME and
TMPDIR. The lines under a command are what it must print (stdout and stderr together):
each run of them must appear as consecutive lines of its output, each shown line a part of
the printed one, the runs in order; "..." between runs marks what the README leaves out.
Every command must exit 0 (the README shows a failure with '; echo "exit $?"').
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def steps_of(readme):
    steps = []
    in_block = False
    for number, line in enumerate(open(readme, encoding="utf-8").read().split("\n"), 1):
        if line.startswith("```"):
            in_block = line.strip() == "```console"
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            steps.append({"line": number, "command": line[2:], "expected": []})
        elif steps:
            steps[-1]["expected"].append(line.rstrip())
    return steps


def runs_of(expected):
    runs = [[]]
    for line in expected:
        if line == "...":
            runs.append([])
        elif line:
            runs[-1].append(line)
    return [r for r in runs if r]


def find_run(output, run, start):
    for at in range(start, len(output) - len(run) + 1):
        if all(want in output[at + i] for i, want in enumerate(run)):
            return at + len(run)
    return None


def main():
    readme, umpire, source = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    steps = steps_of(readme)
    if len(steps) < 10:
        print(f"{readme}: only {len(steps)} commands found in its console blocks")
        return 1
    scratch = tempfile.mkdtemp(prefix="umpire-walkthrough-")
    try:
        env = {k: v for k, v in os.environ.items()
               if k not in ("UMPIRE_TABLES", "UMPIRE_GAME", "XDG_CONFIG_HOME", "VISUAL", "EDITOR")}
        env.update(PATH=os.path.dirname(umpire) + ":" + env.get("PATH", "/usr/bin:/bin"),
                   HOME=scratch, TMPDIR=scratch, COLUMNS="100", NO_COLOR="1")
        script = ["exec 2>&1", "cd " + "'" + source + "'"]
        for i, step in enumerate(steps):
            script += [f"printf '\\n@@step {i}\\n'", step["command"], f"printf '\\n@@rc {i} %d\\n' $?"]
        done = subprocess.run(["bash", "-c", "\n".join(script)], env=env, capture_output=True, text=True,
                              timeout=300)
        outputs = {}
        for m in re.finditer(r"@@step (\d+)\n(.*?)\n@@rc \1 (\d+)\n", done.stdout, re.S):
            outputs[int(m.group(1))] = (m.group(2).split("\n"), int(m.group(3)))
        failures = 0
        for i, step in enumerate(steps):
            where = f"{readme}:{step['line']}: $ {step['command']}"
            if i not in outputs:
                print(f"{where}\n  did not finish; the shell printed:\n{done.stdout[-2000:]}")
                return 1
            output, rc = outputs[i]
            if rc != 0:
                print(f"{where}\n  exit {rc}:\n  " + "\n  ".join(output))
                failures += 1
                continue
            at = 0
            for run in runs_of(step["expected"]):
                found = find_run(output, run, at)
                if found is None:
                    print(f"{where}\n  these lines are not printed, in order:\n    " + "\n    ".join(run) +
                          "\n  it printed:\n    " + "\n    ".join(output))
                    failures += 1
                    break
                at = found
        print(f"{len(steps)} commands of {readme} run, {failures} not as the README shows")
        return 1 if failures else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
