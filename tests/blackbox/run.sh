#!/usr/bin/env bash
# Black-box runs of the built binary: fixed --seed and --roll, output compared with the
# expected files beside this script (each checked by hand against the rules text).
# Usage: run.sh UMPIRE_BINARY EXPECTED_DIR
set -u
umpire=$1
dir=$2
failed=0
passed=0

# expect NAME CODE ARGS...: stdout must equal NAME.out (when it exists), exit code CODE.
expect() {
    local name=$1 code=$2
    shift 2
    local out err rc
    out=$(mktemp) err=$(mktemp)
    (cd / && NO_COLOR=1 "$umpire" "$@" >"$out" 2>"$err")
    rc=$?
    if [ "$rc" != "$code" ]; then
        echo "FAIL $name: exit $rc, expected $code"; cat "$err"; failed=$((failed + 1))
    elif [ -f "$dir/$name.out" ] && ! diff -u "$dir/$name.out" "$out"; then
        echo "FAIL $name: stdout differs (above)"; failed=$((failed + 1))
    elif [ -f "$dir/$name.err" ] && ! diff -u "$dir/$name.err" "$err"; then
        echo "FAIL $name: stderr differs (above)"; failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
    rm -f "$out" "$err"
}

# 14.23: rolls of nine and seven give a north-easterly wind of eight.
expect wind_14_23 0 --seed 1 --json wind --roll 9 --roll 7
# 15.23: two ships of 4 against a 5 is +3; die 4 under +3 is D.
expect melee_15_23 0 --seed 1 melee --attacker 4 --attacker 4 --defender 5 --roll 4
# 15.42: strength 4 against A pins on 1-5 and rolls again; worked by hand in the file.
expect ram_odds 0 --seed 1 ram --strength 4 --defense A --odds
# A 7 on a d6 is refused, naming the die.
expect ram_bad_roll 64 ram --strength 3 --defense B --roll 7
# Seed replay: Boost mt19937 with seed 42 rolls 3, 5 first (tests/core/dice_test.cc).
expect roll_seed_42 0 --seed 42 --json roll 2d6
# The installed binary carries its tables: it runs from / with nothing beside it.
expect table_list 0 table list

# expect_full NAME ARGS...: with standard output on /dev/full the run exits 74 and says
# so, whatever the command (issue 10: these exited 0). STDIN is the batch's input.
expect_full() {
    local name=$1 err rc
    shift
    err=$(mktemp)
    (cd / && printf 'wind\nmelee --attacker 4 --defender 3\n' | "$umpire" "$@" >/dev/full 2>"$err")
    rc=$?
    if [ "$rc" != 74 ] || ! grep -q "^umpire: error: cannot write standard output: " "$err"; then
        echo "FAIL $name: exit $rc on /dev/full, expected 74 with a message"; cat "$err"; failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
    rm -f "$err"
}
if [ -w /dev/full ]; then
    expect_full full_table_list table list
    expect_full full_json_wind --json wind
    expect_full full_roll_n roll -n 100000000 2d6
    expect_full full_batch batch
fi

# expect_fsize NAME ARGS...: past a file-size limit (ulimit -f 1, 1024 bytes) a write fails
# with EFBIG: exit 74 with the message, not death by SIGXFSZ (exit 153; hunt32). The
# standard output is a file, as is a --log or a game file of the run.
expect_fsize() {
    local name=$1 err rc work
    shift
    err=$(mktemp) work=$(mktemp -d)
    (cd "$work" && ulimit -f 1 && printf 'wind\nmelee --attacker 4 --defender 3\n' | "$umpire" "$@" >out 2>"$err")
    rc=$?
    if [ "$rc" != 74 ] || ! grep -q "^umpire: error: .*too large" "$err"; then
        echo "FAIL $name: exit $rc past a file-size limit, expected 74 with a message"; cat "$err"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
    rm -rf "$err" "$work"
}
expect_fsize fsize_roll_n roll -n 100000 2d6
expect_fsize fsize_log --log big.log roll -n 1000 2d6

# expect_pipe NAME ARGS...: a reader that goes away (| head -c 1) makes umpire exit 74 with
# its message, as EXIT STATUS says, not die of SIGPIPE (exit 141 from the shell).
expect_pipe() {
    local name=$1 err rc
    shift
    err=$(mktemp)
    rc=$( (cd / && printf 'wind\nmelee --attacker 4 --defender 3\n%.0s' $(seq 20000) |
        "$umpire" "$@" 2>"$err"; echo $? >"$err.rc") | head -c 1 >/dev/null; cat "$err.rc")
    if [ "$rc" != 74 ] || ! grep -q "^umpire: error: cannot write standard output: Broken pipe" "$err"; then
        echo "FAIL $name: exit $rc into a closed pipe, expected 74 with a message"; cat "$err"; failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
    rm -f "$err" "$err.rc"
}
expect_pipe pipe_roll_n roll -n 100000000 2d6
expect_pipe pipe_batch --seed 1 batch
expect_pipe pipe_odds roll --odds 1000d10

# A standard output closed by the caller (>&-) is a failed write, exit 74, not the next file
# umpire opens: the game's lock or journal took the answer before, exit 0. A game made or
# changed says so, so a script does not run it again.
closed_dir=$(mktemp -d)
"$umpire" game new constantinople "$closed_dir/g.toml" >&- 2>"$closed_dir/new.err"; new_rc=$?
"$umpire" --game "$closed_dir/g.toml" --apply --seed 3 wind >&- 2>"$closed_dir/wind.err"; wind_rc=$?
if [ "$new_rc" = 74 ] && [ "$wind_rc" = 74 ] && [ ! -s "$closed_dir/g.toml.lock" ] &&
        grep -q "Bad file descriptor; but the change was made: $closed_dir/g.toml" "$closed_dir/new.err" &&
        grep -q "Bad file descriptor; but the change was made" "$closed_dir/wind.err" &&
        [ "$(grep -c . "$closed_dir/g.toml.journal")" = 2 ]; then
    passed=$((passed + 1))
else
    echo "FAIL closed_stdout: exits $new_rc and $wind_rc, expected 74 and 74"; cat "$closed_dir"/*.err
    cat "$closed_dir/g.toml.lock"; failed=$((failed + 1))
fi
rm -rf "$closed_dir"

# A closed standard input is a read that failed (74), not an internal error (70) nor an
# empty chart (65): batch, table import - and pbem trust - each say they cannot read it.
closed_in=""
"$umpire" batch <&- 2>/dev/null; closed_in+=" $?"
"$umpire" table import constantinople.ram - <&- 2>/dev/null; closed_in+=" $?"
"$umpire" pbem trust - <&- 2>/dev/null; closed_in+=" $?"
if [[ "$closed_in" == " 74 74 74" ]]; then
    passed=$((passed + 1))
else
    echo "FAIL closed_stdin: exits$closed_in, expected 74 74 74"; failed=$((failed + 1))
fi

# A shell fed from a pipe: a line's command reads no standard input (the shell's lines are),
# so neither table edit's editor nor table import - takes the lines after it, and a shell or
# batch typed at the prompt is refused; the line after them still runs.
shell_out=$(printf 'shell\nbatch\ntable edit constantinople.ram\ntable import constantinople.ram -\nwind --roll 9,7\n' |
    EDITOR=cat "$umpire" shell --no-history 2>&1)
if grep -q "you are in the shell already" <<<"$shell_out" &&
        grep -q "batch reads standard input line by line" <<<"$shell_out" &&
        grep -q "this shell's input is no terminal" <<<"$shell_out" &&
        grep -q "table import -: no standard input to read" <<<"$shell_out" && grep -q "^result: NE" <<<"$shell_out"; then
    passed=$((passed + 1))
else
    echo "FAIL shell_input: a piped shell's lines were taken or run nested"; echo "$shell_out"; failed=$((failed + 1))
fi

# A shell fed from a pipe exits with its worst line's code, as batch does (it exited 0).
printf 'wind --roll 9,7\nbogus\n' | "$umpire" shell --no-history >/dev/null 2>&1; piped_bad=$?
printf 'wind --roll 9,7\n' | "$umpire" shell --no-history >/dev/null 2>&1; piped_good=$?
if [[ "$piped_bad $piped_good" == "64 0" ]]; then
    passed=$((passed + 1))
else
    echo "FAIL shell_exit: a piped shell exits $piped_bad and $piped_good, expected 64 and 0"; failed=$((failed + 1))
fi

# Twelve concurrent calls on one --state file: each waits for the lock, so twelve phases
# pass (day 1 morning to day 4 night) and no temporary file is left behind.
state_dir=$(mktemp -d)
for _ in $(seq 12); do
    "$umpire" -q weather --game novorossiysk --state "$state_dir/g.toml" >/dev/null &
done
wait
if grep -q '^day = 4$' "$state_dir/g.toml" && grep -q '^phase = "night"$' "$state_dir/g.toml" &&
        [ -z "$(find "$state_dir" -name '*.tmp*')" ]; then
    passed=$((passed + 1))
else
    echo "FAIL state_lock: twelve concurrent calls did not pass twelve phases"; cat "$state_dir/g.toml"
    ls "$state_dir"; failed=$((failed + 1))
fi
rm -rf "$state_dir"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
