#!/usr/bin/env python3
"""bench/run.sh: a referee's evening of batch requests, about 2,000 distinct lines.

bench/mix.txt is the short list of one request of each kind; this writes the long one that
issue 26 asks the batch benchmark to cycle through: the same kinds with the numbers an
evening varies (strengths, stands, columns, dice), drawn with a fixed seed so every run
measures the same lines. Usage: mix.py [COUNT] > requests. Every line is a request umpire
answers (bench/run.sh counts the lines that fail and says so).
"""
import random
import sys


def lines(r):
    # Constantinople (15.2 melee, 15.1 ram, 14.2 wind, 14.29 storm, 15.53 reefs, 15.73).
    yield "melee " + " ".join(f"--attacker {r.randint(1, 8)}" for _ in range(r.randint(1, 3))) + \
        f" --defender {r.randint(1, 8)}" + r.choice(["", "", " --boom"])
    yield f"ram --strength {r.randint(1, 4)} --defense {r.choice('ABCD')}" + r.choice(["", "", ":damaged"])
    yield r.choice(["wind", "initiative", "check storm", "check bombard", "check free-rammer",
                    "check free-rammed", f"check portage --mod {r.randint(0, 3)}"])
    yield f"reef {r.choice(['2028', '2234'])} --side {r.choice(['ottoman', 'byzantine'])}"
    # Great Battles (11.3 suppression, 14.7 rally, 14.8 close combat, 15.2 morale).
    covers = ["open", "soft", "hard", "bunker", "hard:armour", "open:hw", "soft:at"]
    yield "suppress " + " ".join(f"--stand {r.choice(covers)}" for _ in range(r.randint(1, 4))) + \
        r.choice(["", "", " --non-activated"])
    yield f"rally --quality {r.choice(['raw', 'inexperienced', 'average', 'experienced', 'veterans'])}" \
        f" --suppressed {r.randint(1, 4)}"
    a, d = r.randint(1, 6), r.randint(1, 6)
    yield f"close-combat --attacker-stands {a} --attacker-suppressed {r.randint(0, a - 1)}" \
        f" --attacker-quality {r.choice(['raw', 'average', 'veterans'])} --defender-stands {d}" \
        f" --defender-suppressed {r.randint(0, d - 1)} --defender-quality {r.choice(['raw', 'average', 'experienced'])}" \
        f" --defender-mod {r.randint(0, 3)}"
    s = r.randint(2, 8)
    yield f"morale --stands {s} --eliminated {r.randint(0, s // 2)} --suppressed {r.randint(0, s // 2)}"
    yield f"sighting --turn {r.choice([2, 3])}"
    # Russian Portfolio (X CRT, XIII overrun, VI weather).
    defense = r.randint(1, 12)  # odds of at least 1 to 4 (XIII.B.4)
    yield f"crt --attack {r.randint((defense + 3) // 4 + 1, 40)} --defense {defense}" + \
        r.choice(["", "", " --dispersed", " --armor --side axis", " --armor --side russian"])
    yield f"overrun --result {r.choice(['DE', 'DX'])} --attacking-armor {r.randint(1, 12)}" \
        f" --defending-infantry {r.randint(1, 6)} --weather {r.choice(['good', 'mud', 'hard-frost', 'snow'])}" \
        f" --terrain {r.choice(['clear', 'hills', 'swamp', 'mountains'])}"
    yield f"weather --game russian-portfolio --month {r.choice(['jun41', 'jul41', 'aug41', 'sep41', 'oct41', 'nov41', 'dec41'])}"
    # Novorossiysk (hits by coloured dice, scatter, weather).
    colours = ["white", "red", "black"]
    def block(kind, count):  # Small Blocks always hit with white dice
        return f"{kind}:{count}{'white' if kind == 'small' else r.choice(colours)}"
    # the text's combats: air to air, air units attacking surface units, ground combat
    # (surface units only return fire at air units)
    attackers, defenders = r.choice([(["fighter", "bomber"], ["fighter", "bomber"]),
                                     (["fighter", "bomber"], ["small", "large"]),
                                     (["small", "large"], ["small", "large"])])
    yield "hits " + " ".join(f"--attacker {block(r.choice(attackers), r.randint(1, 3))}"
                             for _ in range(r.randint(1, 2))) + f" --defender {block(r.choice(defenders), '')}"
    yield f"scatter --paratroops {r.randint(1, 4)}"
    yield f"weather --game novorossiysk --day {r.randint(1, 9)} --phase {r.choice(['morning', 'afternoon', 'night'])}"
    # Great War at Sea (always possible) and plain rolls.
    best = r.randint(3, 5)
    yield f"always-possible --needed {r.randint(best + 1, 9)} --best {best}"
    yield f"roll {r.randint(1, 4)}d{r.choice([4, 6, 8, 10, 12, 20])}" + r.choice(["", f"+{r.randint(1, 3)}", " d100"])
    yield f"table lookup constantinople.melee --column {r.randint(1, 6)}"


def main():
    want = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    r = random.Random(20261126)
    seen = []
    known = set()
    while len(seen) < want:
        for line in lines(r):
            if line not in known and len(seen) < want:
                known.add(line)
                seen.append(line)
    r.shuffle(seen)
    sys.stdout.write("".join(line + "\n" for line in seen))


main()
