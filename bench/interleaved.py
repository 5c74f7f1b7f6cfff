#!/usr/bin/env python3
"""Runs commands in turn, in a new random order each round, and prints each one's median
wall time and its ratio to the last command's.

usage: interleaved.py ROUNDS NAME=ENV,...::COMMAND ARGS... [-- NAME...::COMMAND ...]

Each command is NAME, then optional VAR=VALUE settings after the name (comma-separated),
then '::' and the command line, split on blanks: 'mine,XDG_CONFIG_HOME=/x::umpire melee'.
The last command is the baseline. For a gap of a few percent between calls of about a
millisecond, hyperfine's one block of runs after another is not enough: the machine's
state drifts between blocks by as much (two runs of bench/run.sh on 2026-11-26 put the same
umpire call at 0.90x and 1.11x rolldice). Taken in turn, every command sees the same drift.
"""

import os
import random
import statistics
import sys
import time


def main():
    rounds = int(sys.argv[1])
    commands = []
    for spec in " ".join(sys.argv[2:]).split(" -- "):
        head, line = spec.split("::", 1)
        name, *settings = head.split(",")
        env = dict(os.environ)
        env.update(s.split("=", 1) for s in settings)
        argv = line.split()
        commands.append((name, argv, env))
    devnull = os.open(os.devnull, os.O_WRONLY)
    times = {name: [] for name, _, _ in commands}
    for _ in range(rounds):
        order = list(commands)
        random.shuffle(order)
        for name, argv, env in order:
            start = time.perf_counter()
            pid = os.posix_spawnp(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
            _, status = os.waitpid(pid, 0)
            times[name].append(time.perf_counter() - start)
            if status != 0:
                sys.exit(f"interleaved: {' '.join(argv)} failed ({status})")
    base = statistics.median(times[commands[-1][0]])
    for name, _, _ in commands:
        median = statistics.median(times[name])
        print(f"{name}: {median * 1000:.3f} ms ({median / base:.2f}x)", end="   ")
    print()


if __name__ == "__main__":
    main()
