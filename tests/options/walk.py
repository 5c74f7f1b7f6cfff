#!/usr/bin/python3
"""Every option of every command, given values no rule allows (issue 23, part 5).

usage: walk.py UMPIRE [WORKDIR [STRIDE]]

STRIDE N makes every Nth call only (a sanitized build is some 40 times slower).

For each command, its options are read from 'umpire COMMAND --help' and each is given,
one at a time, in the command's own first example (or alone where the command has no
example that needs no file), a value from a list of bad ones: negative, huge, empty,
not a number, a fraction, control characters, an escape sequence, a newline, 100,000
characters. What is required of every answer:

  * the exit code is one of DESIGN.md's (0, 64, 65, 66, 74): never a crash (70, or a
    signal) and never a hang;
  * nothing written to stdout or stderr carries a control character taken from the
    value (an escape sequence would reach the referee's terminal);
  * a value with a control character, or longer than any name or path, is refused;
  * a refusal names the flag it refuses (or, where the walk dropped a flag the
    example needed, the flag it asks for).

Prints the number of calls and of each kind of answer; exits 1 listing each failure.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

UMPIRE = os.path.abspath(sys.argv[1])
WORK = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="umpire-walk-")
shutil.rmtree(WORK, ignore_errors=True)  # what the last walk left
os.makedirs(WORK, exist_ok=True)
STRIDE = int(sys.argv[3]) if len(sys.argv) > 3 else 1
TIMEOUT = 120  # seconds: a call that takes longer is a hang

LONG = "x" * 100_000
BAD = [
    "-1",
    "-5",
    "99999999999999999999",
    "2147483648",
    "",
    "x",
    "1.5",
    "1e3",
    " 3",
    "\x1b[31mred",
    "5\x01",
    "a\nb",
    "\x7f",
    "\u009b31m",  # C1 CSI, as UTF-8
    LONG,
]
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f]")
EXITS = {0, 64, 65, 66, 74}


def run(args):
    try:
        p = subprocess.run(
            [UMPIRE] + args,
            cwd=WORK,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=TIMEOUT,
            env=dict(os.environ, NO_COLOR="1", UMPIRE_GAME="", UMPIRE_TABLES="",
                     XDG_DATA_HOME=os.path.join(os.path.abspath(WORK), "data")),  # pbem keys: not the home's
        )
    except subprocess.TimeoutExpired:
        return "no answer in %d s" % TIMEOUT, "", ""
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def commands():
    code, out, _ = run(["--help"])
    assert code == 0, "umpire --help failed"
    names = []
    in_groups = False
    for line in out.splitlines():
        if line.endswith(":") and not line.startswith(" ") and line not in ("Options:", "Examples:"):
            in_groups = True
            continue
        if line == "Examples:":
            break
        m = re.match(r"^  ([a-z][a-z-]*)\s{2,}", line)
        if in_groups and m:
            names.append(m.group(1))
    return names


def options_and_examples(command):
    """The long options of COMMAND that take a value, the ones that take none, its
    positionals' names, and its examples, each a list of words."""
    code, out, _ = run(([command] if command else []) + ["--help"])
    assert code == 0, "umpire %s --help failed" % command
    options, flags, examples = [], [], []
    section = None
    lines = out.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line in ("Options:", "Positionals:") or line.startswith("Examples:"):
            section = line
            continue
        if section == "Options:":
            m = re.match(r"^  (?:(-\w),)?(--[a-z][a-z0-9-]*(?:,--[a-z][a-z0-9-]*)*)(?: (\S+)(.*))?$", line)
            if not m or m.group(2) == "--help":
                continue
            names = m.group(2).split(",")
            for n in names:
                ALIASES[n] = set(names) | ({m.group(1)} if m.group(1) else set())
            rest = m.group(4) or ""
            # a value's name is followed by two spaces, REQUIRED, "..." or the end of the
            # line; a word followed by one space begins the help ("--boom The ram...")
            takes = m.group(3) is not None and not m.group(3).startswith("Excludes") and (
                rest == "" or rest.startswith("  ") or re.match(r" (REQUIRED|\.\.\.|Excludes|Needs)", rest)
            )
            (options if takes else flags).extend(names)
        elif section and section.startswith("Examples:"):
            text = line.split("#")[0].strip()
            if text.endswith("\\"):
                # umpire(1): an example is kept on one line, to be copied (batch and the
                # shell refuse a line ending in a backslash)
                SPLIT_EXAMPLES.append("%s --help: an example split over lines: %s" % (command, line.strip()))
            while text.endswith("\\") and i < len(lines):
                text = text[:-1] + " " + lines[i].split("#")[0].strip()
                i += 1
            try:
                words = shlex.split(text)
            except ValueError:
                continue
            if words[:2] == ["umpire", command]:
                examples.append(words[2:])
    return options, flags, examples


def without(args, flag):
    """ARGS with every FLAG and its value removed."""
    out = []
    skip = False
    for a in args:
        if skip:
            skip = False
            if not a.startswith("--"):
                continue
        if a == flag:
            skip = True
            continue
        if a.startswith(flag + "="):
            continue
        out.append(a)
    return out


TRIED = [0]


def due():
    """Whether the next call is one the STRIDE makes."""
    TRIED[0] += 1
    return (TRIED[0] - 1) % STRIDE == 0


def fresh():
    d = tempfile.mkdtemp(dir=WORK)
    return d


SPLIT_EXAMPLES = []  # examples ending in a backslash, each a failure


def main():
    failures = SPLIT_EXAMPLES
    counts = {}
    calls = 0
    unchecked = 0
    global WORK
    root = WORK
    for command in commands():
        if command in ("shell", "batch"):
            continue  # they read standard input; tests/shell and batch_test drive them
        options, flags, examples = options_and_examples(command)
        # the base: the first example that resolves in an empty directory, so that a
        # refusal below is the bad value's
        base = None
        for example in examples:
            WORK = fresh()
            if run([command] + example)[0] == 0:
                base = example
                break
        checked = base is not None
        base = base or []
        valued = set(options)
        for flag in options:
            args_base = without(base, flag)
            for value in BAD:
                forms = [[flag + "=" + value]]
                if value.startswith("-"):
                    forms.append([flag, value])  # "-1" after the flag: a value, not an option
                else:
                    forms = [[flag, value]]
                for form in forms:
                    if not due():
                        continue
                    calls += 1
                    WORK = fresh() if "game" in command or "deck" in command or "seed" in command else root
                    code, out, err = run([command] + args_base + form)
                    check(failures, counts, [command] + args_base + form, aliases(flag, options), value, code, out,
                          err, checked)
        # positionals: each word of the base that is neither an option nor its value
        words = [command] + base
        for i, word in enumerate(words):
            if i == 0 or word.startswith("-") or (words[i - 1] in valued and not words[i - 1].startswith("-=")):
                continue
            for value in BAD:
                if value.startswith("-"):
                    continue
                args = words[:i] + [value] + words[i + 1 :]
                if not due():
                    continue
                calls += 1
                WORK = fresh() if "game" in command or "seed" in command else root
                code, out, err = run(args)
                check(failures, counts, args, None, value, code, out, err, checked)
        if not checked:
            unchecked += 1
            print("note: %s has no example that resolves alone; its refusals were not required to name a flag" % command)
    # the global options, before a command that resolves alone
    global_options, _, _ = options_and_examples(None)
    for flag in global_options:
        for value in BAD:
            forms = [[flag + "=" + value], [flag, value]] if value.startswith("-") else [[flag, value]]
            for form in forms:
                if not due():
                    continue
                calls += 1
                WORK = fresh()
                code, out, err = run(form + ["roll", "2d6"])
                check(failures, counts, form + ["roll", "2d6"], aliases(flag, global_options), value, code, out, err,
                      True)
    WORK = root
    print("%d calls; exits %s" % (calls, ", ".join("%s: %d" % kv for kv in sorted(counts.items(), key=str))))
    for f in failures:
        print("FAIL " + f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


def aliases(flag, options):
    """FLAG and its other names on the same --help line ("-n,--count", "--strength,--rammer")."""
    return {flag} | ALIASES.get(flag, set())


ALIASES = {}  # filled as each command's --help is read


def check(failures, counts, args, flags, value, code, out, err, checked):
    shown = "umpire " + " ".join(args)[:160].encode("unicode_escape").decode()
    counts[code] = counts.get(code, 0) + 1
    if code not in EXITS:
        failures.append("%s: exit %s\n%s" % (shown, code, err[-300:]))
        return
    if CONTROL.search(out) or CONTROL.search(err):
        failures.append("%s: a control character printed" % shown)
    hostile = CONTROL.search(value) or len(value) > 4096
    if hostile and code == 0:
        failures.append("%s: accepted" % shown)
    if code != 0 and flags is not None and checked:
        names = set(re.findall(r"--[a-z][a-z0-9-]*", err)) | set(re.findall(r"(?<![a-z-])-[a-z]\b", err))
        if not names & flags:
            failures.append("%s: the refusal names no flag: %s" % (shown, err.strip()[:200]))


if __name__ == "__main__":
    sys.exit(main())
