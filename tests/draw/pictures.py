#!/usr/bin/python3
"""Pictures looked at, not only checked (issue 28).

Each picture umpire draws (--draw) is rendered the way a person would see it: a PDF as it
is, an SVG through rsvg-convert (librsvg, as a browser or an image viewer draws it), then
to PNG files (pdftoppm, rsvg-convert) and to pixels and words with their places (pdftoppm,
pdftotext -bbox from poppler). What the picture shows is compared with what umpire's own
JSON says the table or the odds hold:

- a chart: every cell's text under its column's head and beside its row's key, on some
  page; every head and key there; nothing past the page's edge; the legend's words; the
  marked cell filled, its neighbours not; PROVISIONAL on a provisional one;
- odds: each outcome's label, percentage and fraction on one line, each bar as long as its
  chance against the likeliest (to a point), the roll just made in its own colour;
- bad input: an unknown format, an unwritable file, a command with nothing to draw, too
  many outcomes.

Usage: pictures.py UMPIRE WORKDIR
"""
import html
import json
import os
import re
import subprocess
import sys

UMPIRE = os.path.abspath(sys.argv[1])
WORK = os.path.abspath(sys.argv[2])
TABLES = os.path.join(WORK, "tables")
FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL: " + message)


def run(*args, code=0, env=None):
    full = dict(os.environ, **(env or {}))
    p = subprocess.run([UMPIRE, "--tables", TABLES] + list(args), capture_output=True, text=True, env=full)
    if p.returncode != code:
        fail(f"umpire {' '.join(args)}: exit {p.returncode}, wanted {code}: {p.stderr.strip()}")
    return p


def as_pdf(picture):
    """The picture as a PDF: itself, or an SVG as librsvg draws it (its text stays text)."""
    if picture.endswith(".pdf"):
        return picture
    out = picture + ".pdf"
    subprocess.run(["rsvg-convert", "-f", "pdf", "-o", out, picture], check=True)
    return out


def words_of(pdf):
    """Each page's size and words: (text, xMin, yMin, xMax, yMax), in points."""
    text = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', text, re.S):
        words = [(html.unescape(m.group(5)), float(m.group(1)), float(m.group(2)), float(m.group(3)),
                  float(m.group(4)))
                 for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                                      r'(.*?)</word>', page.group(3))]
        pages.append((float(page.group(1)), float(page.group(2)), words))
    return pages


def pixels_of(pdf, page):
    """Page PAGE (from 1) at 72 dots an inch: one pixel a point. (width, height, rgb bytes)."""
    stem = pdf + f".p{page}"
    subprocess.run(["pdftoppm", "-r", "72", "-f", str(page), "-l", str(page), "-singlefile", pdf, stem], check=True)
    with open(stem + ".ppm", "rb") as f:
        data = f.read()
    magic, width, height, depth, rest = data.split(maxsplit=4)
    assert magic == b"P6" and depth == b"255"
    return int(width), int(height), rest


def pixel(image, x, y):
    width, height, data = image
    x, y = int(round(x)), int(round(y))
    if not (0 <= x < width and 0 <= y < height):
        return None
    at = 3 * (y * width + x)
    return tuple(data[at:at + 3])


def png(picture):
    """The picture as PNG files, for a person to look at; each must be a PNG."""
    if picture.endswith(".svg"):
        outs = [picture + ".png"]
        subprocess.run(["rsvg-convert", "-f", "png", "-o", outs[0], picture], check=True)
    else:
        subprocess.run(["pdftoppm", "-r", "60", "-png", picture, picture], check=True)
        outs = sorted(f for f in (os.path.join(WORK, n) for n in os.listdir(WORK))
                      if f.startswith(os.path.abspath(picture) + "-") and f.endswith(".png"))
    for out in outs:
        with open(out, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                fail(f"{out}: not a PNG")
    if not outs:
        fail(f"{picture}: no PNG made")
    return outs


def centre(w):
    return ((w[1] + w[3]) / 2, (w[2] + w[4]) / 2)


def check_table(table_id, picture, args=(), mark=None):
    """PICTURE of TABLE_ID against its JSON: cells, heads, keys, legend, edges, mark."""
    t = json.loads(run("--json", "table", "show", table_id).stdout)
    png(picture)
    pdf = as_pdf(picture)
    pages = words_of(pdf)
    heads = t["columns"] or ["Result"]
    keys = [r["key"] for r in t["rows"]]
    row_title = "Die"  # the shipped charts and the test's have die rows titled so, or none
    seen = {}
    all_words = []
    for number, (width, height, words) in enumerate(pages, 1):
        all_words += [w[0] for w in words]
        # the PROVISIONAL stamp's large letters lie across the cells: not a cell's words
        words = [w for w in words if w[4] - w[2] < 16]
        for w in words:
            if w[1] < 0 or w[2] < 0 or w[3] > width + 0.5 or w[4] > height + 0.5:
                fail(f"{picture} page {number}: '{w[0]}' runs past the page's edge")
        # Each part of the chart starts at a head of its die column.
        starts = [w for w in words if w[0] in (row_title, "Dice", "Die")]
        for start in starts:
            sx, sy = centre(start)
            line = sorted((w for w in words if abs(centre(w)[1] - sy) < 2 and w[1] > start[3]), key=lambda w: w[1])
            part_heads = [w for w in line if w[0] in heads]
            below = sorted((w for w in words if abs(centre(w)[0] - sx) < 6 and centre(w)[1] > sy + 4),
                           key=lambda w: w[2])
            part_keys = []
            for w in below:
                if w[0] not in keys:
                    break
                part_keys.append(w)
            for r, key in enumerate(part_keys):
                ky = centre(key)[1]
                for c, head in enumerate(part_heads):
                    hx = centre(head)[0]
                    left = centre(part_heads[c - 1])[0] if c > 0 else start[3]
                    right = centre(part_heads[c + 1])[0] if c + 1 < len(part_heads) else width
                    found = [w for w in words if abs(centre(w)[1] - ky) < 4 and
                             (left + hx) / 2 < centre(w)[0] < (hx + right) / 2]
                    row = keys.index(key[0])
                    column = heads.index(head[0])
                    want = t["rows"][row]["cells"][column].split()[0]
                    if not found or found[0][0] != want:
                        fail(f"{picture} page {number}: row {key[0]} under {head[0]}: wanted '{want}', "
                             f"read {[w[0] for w in found]}")
                    seen[(row, column)] = (number, found[0] if found else None)
    if not any(w[0] in (row_title, "Dice") for w in pages[0][2]):
        fail(f"{picture}: the first page holds the chart's title but none of its grid")
    for row in range(len(keys)):
        for column in range(len(heads)):
            if (row, column) not in seen:
                fail(f"{picture}: the cell at row {keys[row]} under {heads[column]} is not drawn")
    text = " ".join(all_words)
    for code, entry in t.get("legend", {}).items():
        for effect in entry.get("effects", []):
            if " ".join(effect.split()) not in text:
                fail(f"{picture}: the legend's '{effect[:40]}...' of {code} is not there whole")
    if t["provisional"] and "PROVISIONAL" not in text:
        fail(f"{picture}: a provisional chart not marked PROVISIONAL")
    if mark is not None:
        row, column = keys.index(mark[0]), heads.index(mark[1])
        number, word = seen[(row, column)]
        image = pixels_of(pdf, number)
        colour = pixel(image, word[1] - 2, centre(word)[1])
        if colour is None or not (colour[0] > 230 and 190 < colour[1] < 240 and colour[2] < 120):
            fail(f"{picture}: the marked cell at {mark} is {colour}, not the mark's yellow")
        for other in ((row, column + 1), (row, column - 1), (row + 1, column)):
            if other in seen and seen[other][0] == number and seen[other][1]:
                w = seen[other][1]
                near = pixel(image, w[1] - 2, centre(w)[1])
                if near is None or (near[0] > 230 and 190 < near[1] < 240 and near[2] < 120):
                    fail(f"{picture}: the cell beside the mark at {other} is filled too")
    return pages


def write_wide_table():
    """A chart wider and longer than a page, with a legend far longer than a line."""
    folder = os.path.join(TABLES, "drawtest")
    os.makedirs(folder, exist_ok=True)
    columns = [f"col{c:02d}" for c in range(1, 31)]
    rows = []
    for total in range(2, 81):  # 2d40: 79 rows, more than a page holds
        cells = [str(total * 100 + c) if (total + c) % 7 else "XL" for c in range(1, 31)]
        rows.append(f'[[row]]\ndie = "{total}"\ncells = {json.dumps(cells)}\n')
    long_effect = " ".join(f"the attacker reads clause {n} of the long rule" for n in range(1, 60))
    with open(os.path.join(folder, "wide.toml"), "w") as f:
        f.write(f'''id = "drawtest.wide"
title = "A chart too wide and too long for a page"
game = "Draw test"
source = "Draw test 1.1"
dice = "2d40"
cells = "number"

[rows]
kind = "die"
title = "Die"

[columns]
kind = "label"
title = "Thirty columns"
keys = {json.dumps(columns)}

{"".join(rows)}
[legend.XL]
name = "Extra long"
effects = ["{long_effect}"]
source = "1.2"
''')


def write_label_table():
    """A chart of long row labels under a column title longer than its columns are wide."""
    folder = os.path.join(TABLES, "drawtest")
    os.makedirs(folder, exist_ok=True)
    labels = ["attacking across a river in the mud season where no bridge stands and the ford is unknown",
              "defending a town", "an attack by night against a fortified line held by veterans of two winters"]
    rows = "".join(f'[[row]]\nkey = "{label}"\ncells = ["R", "S"]\n' for label in labels)
    with open(os.path.join(folder, "labels.toml"), "w") as f:
        f.write(f'''id = "drawtest.labels"
title = "Long labels"
game = "Draw test"
source = "Draw test 2.1"
dice = "1d6"

[rows]
kind = "label"
title = "The situation of the attacking force as the rules describe it"

[columns]
kind = "label"
title = "A column title much longer than the two columns beneath it, which must wrap and never run off the page"
keys = ["a", "b"]

{rows}
[legend.R]
name = "Retreat"
effects = ["retreat"]
[legend.S]
name = "Stand"
effects = ["stand"]
''')
    return labels


def check_words(picture, texts):
    """Every word of TEXTS somewhere in PICTURE, in order, and none past a page's edge."""
    png(picture)
    pages = words_of(as_pdf(picture))
    words = []
    for number, (width, height, page) in enumerate(pages, 1):
        for w in page:
            if w[1] < 0 or w[3] > width + 0.5 or w[4] > height + 0.5:
                fail(f"{picture} page {number}: '{w[0]}' runs past the page's edge")
        words += [w[0] for w in page]
    drawn = " ".join(words)
    for t in texts:
        if " ".join(t.split()) not in drawn:
            fail(f"{picture}: '{t[:50]}' is not there whole (wrapped, never cut)")


def check_odds(picture, request, marked=None):
    """PICTURE of REQUEST's odds against its --odds --json."""
    odds = json.loads(run("--json", *request, "--odds").stdout)["odds"]
    png(picture)
    pdf = as_pdf(picture)
    (width, height, words), = words_of(pdf)
    image = pixels_of(pdf, 1)
    # Each dimension's bars lie under its name, at the left margin, down to the next one's.
    tops = [next((centre(w)[1] for w in words if w[0] == d and w[1] < 45), None) for d in odds]
    if None in tops:
        fail(f"{picture}: a dimension's name is missing: {list(odds)}")
        return
    for (dimension, lines), top, bottom in zip(odds.items(), tops, tops[1:] + [height]):
        most = max(line["probability"] for line in lines)
        lengths = []
        for line in lines:
            label = line["value"] or line["name"]
            candidates = [w for w in words if w[0] == label.split()[0] and w[1] < 45 and top < centre(w)[1] < bottom]
            fraction = [w for w in words if w[0] == line["fraction"]
                        and any(abs(centre(w)[1] - centre(c)[1]) < 3 for c in candidates)]
            if not fraction:
                fail(f"{picture}: {dimension} {label}: no fraction {line['fraction']} on its line")
                continue
            y = centre(fraction[0])[1]
            label_word = min(candidates, key=lambda c: abs(centre(c)[1] - y))
            percent = f"{100 * line['probability']:.2f}%"
            if not any(w[0] == percent and abs(centre(w)[1] - y) < 3 for w in words):
                fail(f"{picture}: {dimension} {label}: no {percent} on its line")
            # The bar: it ends 4 points before its percentage; its run of one colour leftwards.
            x = int(min(w[1] for w in words if w[0] == percent and abs(centre(w)[1] - y) < 3)) - 5
            bar_colour = pixel(image, x, y)
            end = x
            while x > label_word[3] and pixel(image, x - 1, y) == bar_colour:
                x -= 1
            start = x
            x = end + 1
            lengths.append((line, x - start, bar_colour))
        longest = max(length for _, length, _ in lengths) if lengths else 0
        for line, length, bar_colour in lengths:
            want = line["probability"] / most * longest
            if abs(length - want) > 2.5:
                fail(f"{picture}: {dimension} {line['value']}: a bar {length} points long, wanted {want:.1f}")
            is_marked = marked is not None and dimension == "result" and line["value"] == marked
            red = bar_colour is not None and bar_colour[0] > 150 and bar_colour[2] < 80 and bar_colour[1] < 80
            if is_marked != red:
                fail(f"{picture}: {dimension} {line['value']}: marked {red}, the roll was {marked}")
    if marked is not None and "roll" not in [w[0] for w in words]:
        fail(f"{picture}: the roll just made is not named")


def screen_of(command, name):
    """What a 90-column UTF-8 terminal (tmux) shows after COMMAND (a list) has run."""
    socket = f"umpire-{name}-{os.getpid()}"
    subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-s", name, "-x", "90", "-y", "30", "env", "-u",
                    "LC_ALL", "sh", "-c", " ".join(command + ["; echo END-OF-OUTPUT; sleep 30"])], check=True)
    screen = ""
    for _ in range(150):  # 15 s at most: a loaded machine
        screen = subprocess.run(["tmux", "-L", socket, "capture-pane", "-t", name, "-p"],
                                capture_output=True, text=True).stdout
        if "END-OF-OUTPUT" in screen:
            break
        subprocess.run(["sleep", "0.1"])
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
    return screen


def compare_bars():
    """compare on a terminal: a bar before each chance, the dimension's likeliest full."""
    screen = screen_of(["TERM=xterm-256color", "LANG=C.UTF-8", UMPIRE, "compare",
                        "'crt --attack 6 --defense 3'", "'crt --attack 9 --defense 3'"], "compare")
    rows = {line.split()[0]: line for line in screen.splitlines() if line.startswith("  ") and "%" in line}
    # umpire's provisional stand-in for XIII.C's lost chart: at 2:1 S on two faces (1/3), at 3:1 on one.
    if "S" not in rows or rows["S"].count(chr(0x2588)) != 6 + 3:
        fail(f"compare on a terminal: S wanted a full bar (1/3) and a half one (1/6):\n{screen}")
    if "DE" not in rows or rows["DE"].count(chr(0x2588)) != 3:
        fail(f"compare on a terminal: DE wanted no bar under A, half a bar under B:\n{screen}")


def terminal_bars():
    """--odds on a terminal, read off the screen (tmux): Unicode blocks within its width on a
    UTF-8 terminal, '#' under TERM=dumb and with --ascii; each bar as long as its chance."""
    eighths = {chr(0x2588): 8, **{chr(0x2590 - k): k for k in range(1, 8)}}
    cases = (("xterm-256color", [], "unicode"), ("dumb", [], "ascii"), ("xterm-256color", ["--ascii"], "ascii"))
    for number, (term, flags, kind) in enumerate(cases):
        screen = screen_of([f"TERM={term}", "LANG=C.UTF-8", UMPIRE] + flags +
                           ["melee", "--attacker", "4", "--attacker", "4", "--defender", "5", "--odds"], f"bars{number}")
        # 15.41: melee 4 and 4 against 5, differential +3: I 1/6, D 1/2, L 1/3.
        lengths = {}
        for line in screen.splitlines():
            if len(line) > 90:
                fail(f"TERM={term} {flags}: a line wider than the terminal: {line!r}")
            words = line.split()
            if len(words) > 1 and words[0] in ("I", "D", "L") and words[-1] in ("1/6", "1/2", "1/3"):
                bar = line[line.index(words[1]) + len(words[1]):]
                if kind == "unicode":
                    if "#" in bar:
                        fail(f"TERM={term}: '#' in a bar on a UTF-8 terminal: {line!r}")
                    lengths[words[0]] = sum(eighths.get(c, 0) for c in bar) / 8
                else:
                    if any(c in eighths for c in bar):
                        fail(f"TERM={term} {flags}: a Unicode block in an ASCII bar: {line!r}")
                    lengths[words[0]] = bar.count("#")
        if sorted(lengths) != ["D", "I", "L"]:
            fail(f"TERM={term} {flags}: the bars are not on the screen:\n{screen}")
            continue
        if kind == "unicode" and lengths["D"] <= 24:
            fail(f"TERM={term}: a 90-column terminal's bars no wider than a pipe's: {lengths}")
        for code, share in (("I", 1 / 3), ("L", 2 / 3)):
            cell = 1 / 8 if kind == "unicode" else 1
            if abs(lengths[code] - share * lengths["D"]) > cell:
                fail(f"TERM={term} {flags}: bar {code} {lengths[code]} against D {lengths['D']}, wanted {share:.3f} of it")


def main():
    os.makedirs(WORK, exist_ok=True)
    os.chdir(WORK)
    write_wide_table()
    env = {"XDG_CONFIG_HOME": os.path.join(WORK, "config"), "XDG_CACHE_HOME": os.path.join(WORK, "cache")}
    os.environ.update(env)

    # Charts: a provisional one with a cell marked, in both formats and on both papers.
    for name, paper in (("crt.pdf", "a4"), ("crt.svg", "a4"), ("crt-letter.pdf", "letter")):
        run("--draw", name, "--paper", paper, "table", "show", "russian-portfolio.crt", "--column", "3:2", "--row", "3")
        check_table("russian-portfolio.crt", name, mark=("3", "3:2"))
    # Too wide and too long: split, the die column and the heads again on each part.
    for name in ("wide.pdf", "wide.svg"):
        run("--draw", name, "table", "show", "drawtest.wide", "--column", "col29", "--roll", "77")
        pages = check_table("drawtest.wide", name, mark=("77", "col29"))
        if name.endswith(".pdf") and len(pages) < 4:
            fail(f"{name}: {len(pages)} pages for 79 rows of 30 columns, wanted 4 or more")
    # Labels, a row title and a column title too long for their places: wrapped, whole.
    labels = write_label_table()
    for name in ("labels.pdf", "labels.svg"):
        run("--draw", name, "table", "show", "drawtest.labels")
        check_words(name, labels + ["The situation of the attacking force as the rules describe it",
                                    "A column title much longer than the two columns beneath it, which must "
                                    "wrap and never run off the page"])
    # A shipped chart of label rows and one without columns.
    for table in ("constantinople.melee", "black-sea.asw"):
        run("--draw", table + ".pdf", "table", "show", table)
        check_table(table, table + ".pdf")
    # A game's reference sheet: every chart of it, in the order of the rules' sections.
    listing = json.loads(run("--json", "--draw", "sheet.pdf", "table", "sheet", "constantinople").stdout)
    ids = [t["id"] for t in listing["tables"]]
    if sorted(ids) != sorted(t["id"] for t in json.loads(run("--json", "table", "list").stdout)["tables"]
                             if t["id"].startswith("constantinople.")):
        fail(f"table sheet constantinople lists {ids}")
    titles = " ".join(" ".join(w[0] for w in words) for _, _, words in words_of("sheet.pdf"))
    for table in listing["tables"]:
        if " ".join(table["title"].split()) not in titles:
            fail(f"sheet.pdf: no chart titled '{table['title']}'")
    png("sheet.pdf")
    at = [titles.find(" ".join(t["title"].split())) for t in listing["tables"]]
    if at != sorted(at):
        fail("sheet.pdf: the charts are not in the order table sheet lists them")

    # Odds: --odds, a roll marked, compare.
    run("--draw", "melee.svg", "melee", "--attacker", "4", "--attacker", "4", "--defender", "5", "--odds")
    check_odds("melee.svg", ["melee", "--attacker", "4", "--attacker", "4", "--defender", "5"])
    run("--draw", "rally.pdf", "rally", "--quality", "average", "--suppressed", "4", "--odds")
    check_odds("rally.pdf", ["rally", "--quality", "average", "--suppressed", "4"])
    for seed in ("1", "2", "5"):
        rolled = json.loads(run("--json", "--seed", seed, "--draw", "roll.svg", "crt", "--attack", "6",
                                "--defense", "3").stdout)
        check_odds("roll.svg", ["crt", "--attack", "6", "--defense", "3"], marked=rolled["result"]["code"])
    run("-q", "--draw", "compare.svg", "compare", "crt --attack 6 --defense 3", "crt --attack 9 --defense 3")
    png("compare.svg")
    words = [w[0] for w in words_of(as_pdf("compare.svg"))[0][2]]
    for want in ("A", "B", "33.33%", "1/3", "16.67%", "1/6", "never"):
        if want not in words:
            fail(f"compare.svg: no '{want}'")

    terminal_bars()
    compare_bars()

    # Bad input: each refused, nothing written.
    p = run("--draw", "odds.png", "melee", "--attacker", "4", "--defender", "5", "--odds", code=64)
    if ".svg or .pdf" not in p.stderr:
        fail(f"--draw odds.png: {p.stderr.strip()}")
    p = run("--draw", "/nonexistent/dir/x.svg", "table", "show", "black-sea.asw", code=74)
    if os.path.exists("/nonexistent/dir/x.svg"):
        fail("a picture written where it could not be")
    os.makedirs("locked", exist_ok=True)
    os.chmod("locked", 0o500)
    if os.geteuid() != 0:  # root writes anywhere: the test means nothing then
        run("--draw", "locked/x.pdf", "table", "show", "black-sea.asw", code=74)
        if os.listdir("locked"):
            fail(f"an unwritable folder holds {os.listdir('locked')}")
    os.chmod("locked", 0o700)
    p = run("--draw", "x.svg", "game", "show", code=64)
    if "draws no picture" not in p.stderr:
        fail(f"--draw with game show: {p.stderr.strip()}")
    p = run("--draw", "big.svg", "roll", "1000d10", "--odds", code=64)
    if "too many" not in p.stderr or os.path.exists("big.svg"):
        fail(f"--draw of 9,001 totals: {p.stderr.strip()}")
    leftovers = [n for n in os.listdir(WORK) if re.search(r"\.(svg|pdf)\.[A-Za-z0-9]{6}$", n)]
    if leftovers:
        fail(f"files left beside the pictures: {leftovers}")

    if FAILURES:
        print(f"{len(FAILURES)} failures")
        sys.exit(1)
    print("pictures: all checks passed")


main()
