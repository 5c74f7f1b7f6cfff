#!/usr/bin/env python3
"""An exact computation of roll --odds written for the benchmark (issue 26), independent
of umpire: Python's fractions, each distribution counted its own plain way. Prints, per
expression set, whether umpire's fractions equal these and how long each took.
Usage: odds_reference.py UMPIRE"""
import json
import subprocess
import sys
import time
from fractions import Fraction
from math import comb


def total(count, sides):
    """Ways of each total of COUNT dice of SIDES, a die at a time."""
    ways = {0: 1}
    for _ in range(count):
        nxt = {}
        for t, w in ways.items():
            for f in range(1, sides + 1):
                nxt[t + f] = nxt.get(t + f, 0) + w
        ways = nxt
    return {t: Fraction(w, sides ** count) for t, w in ways.items()}


def keep_highest(count, sides, keep):
    """The highest KEEP of COUNT dice: by the number of dice above each face (order
    statistics counted by the largest kept face and how many show it), a plain recursion."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def dist(n, k, top):
        # n dice, all showing top or less; keep the k highest: {sum: ways}
        if k == 0 or n == 0:
            return {0: top ** n}
        if top == 1:
            return {min(n, k): 1}
        out = {}
        for c in range(0, n + 1):  # c dice show exactly top
            kept = min(c, k)
            rest = dist(n - c, k - kept, top - 1)
            for s, w in rest.items():
                out[s + kept * top] = out.get(s + kept * top, 0) + comb(n, c) * w
        return out

    return {s: Fraction(w, sides ** count) for s, w in dist(count, keep, sides).items()}


def convolve(a, b):
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return out


def reference(parts):
    dist = {0: Fraction(1)}
    for p in parts:
        dist = convolve(dist, p)
    return dist


CASES = [
    ("100d6kh3", ["100d6kh3"], lambda: keep_highest(100, 6, 3)),
    ("4d6kh3 x 100", ["100x4d6kh3"], lambda: reference([keep_highest(4, 6, 3)] * 100)),
    ("100d10 x 3", ["100d10", "100d10", "100d10"], lambda: reference([total(100, 10)] * 3)),
    ("1000d10", ["1000d10"], lambda: total(1000, 10)),
]

umpire = sys.argv[1]
for name, expressions, compute in CASES:
    start = time.perf_counter()
    want = compute()
    python_s = time.perf_counter() - start
    start = time.perf_counter()
    run = subprocess.run([umpire, "-q", "--json", "roll", *expressions, "--odds"], capture_output=True, text=True)
    umpire_s = time.perf_counter() - start
    if run.returncode != 0:
        print(f"{name:14} umpire refused ({run.stderr.strip()}); Python fractions {python_s * 1000:.0f} ms")
        continue
    got = {int(line["value"]): Fraction(line["fraction"]) for line in json.loads(run.stdout)["odds"]["result"]}
    same = "the same fractions" if got == want else "DIFFERENT fractions"
    print(f"{name:14} {same}: umpire {umpire_s * 1000:.0f} ms, Python fractions {python_s * 1000:.0f} ms")
