#!/usr/bin/env bash
# The shell as a referee uses it: two short evenings played from a script, each checked
# against the rules and against the file 'game rebuild' makes from the journal; then the
# prompt driven through a pseudo-terminal (tmux send-keys / capture-pane), reading the
# screen a person would read. Usage: run.sh UMPIRE TESTS_SHELL_DIR
set -uo pipefail
umpire=$1
here=$2
work=$(mktemp -d)
socket="umpire-shell-test-$$"
long="umpire-progress-test-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null; tmux -L "$long" kill-server 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
has() { grep -qF -- "$2" "$1" || fail "$1 lacks: $2"; }

# --- A Constantinople evening: wind, initiative, a ram, melees, Impulses, a storm.
"$umpire" -q game new constantinople siege.toml >/dev/null || fail "game new constantinople"
"$umpire" -q shell --no-history --game siege.toml <"$here/constantinople-evening.txt" >evening.out 2>&1
has evening.out "result: NE  North-easterly"                        # 14.23's example, rolls 9 and 7
has evening.out "Galley-3 is pinned to Crete (15.15)"               # ram 4 against D pins on 1-2
has evening.out "Venice is Damaged (15.34)"                         # 8 against 7 is +1; a 6 is D
has evening.out "Imperial-1 is Ineffective in Impulse 1-3 (15.33)"   # 7 against 6, a 3 is I
has evening.out "it may not attack, it may defend (15.33)"          # so it may not attack in Impulse 3
has evening.out "not a Storm: 14.29 holds"                          # a storm needs a Storm wind
has evening.out "result: 2-1  Naval Phase 2, Impulse 1, wind N storm"  # five Impulses, then 2d6 of 2
has evening.out "no other movement that Game-Turn (14.29): no ram"   # no ram in a Storm
has evening.out "Crete is eliminated: take it off the board (14.29)" # pinned ships sink in a Storm
has evening.out "Galley-4 is eliminated: take it off the board (14.29)" # a six at sea
# each Impulse is its movement, then the Mutual Combat Segment (13.1): next steps through both
has evening.out "result: 1-3-combat  Naval Phase 1, Impulse 3, the Mutual Combat Segment"
has evening.out "to do: combat is simultaneous: each melee reads the ships as the segment began (15.25)"
has evening.out "combat  2. the Mutual Combat Segment (13.1, 15.2), five Impulses a Naval Phase (13.1)  (now)"
grep -q 'name = "Venice"' siege.toml || fail "siege.toml has no Venice"
awk '/name = "Venice"/{f=1} f&&/damaged/{print; exit}' siege.toml | grep -q "true" || fail "Venice not Damaged"
grep -q '^naval_phase = 2' siege.toml || fail "not Naval Phase 2"
"$umpire" -q game rebuild siege.toml >rebuild.out 2>&1 || fail "rebuild exit"
has rebuild.out "identical"

# --- A Great Battles turn: a barrage, a rally, close combat, morale at the end of the turn.
"$umpire" -q game new great-battles day.toml >/dev/null || fail "game new great-battles"
"$umpire" -q shell --no-history --game day.toml <"$here/great-battles-evening.txt" >day.out 2>&1
has day.out "I-Btl has 2 suppressed stands (11.3.3)"   # open on 8 or less, soft 6, hard 4
has day.out "I-Btl has 1 suppressed stand (14.7)"      # rally number 8: 3 rallies, 9 does not
has day.out "I-Btl has lost 1 stand today (14.8.2)"    # the loser's suppressed stand fails: gone
has day.out "I-Btl has 2 suppressed stands (14.8.2)"
# 15.1 "accumulated over the day's fighting": the barrage's 2 and close combat's 1, though one rallied
has day.out "casualty points: 1 eliminated x 2 + 3 suppressed x 1 = 5 (15.1)"
# read the other way (--casualty-reading current): the stands suppressed now
has day.out "casualty points: 1 eliminated x 2 + 2 suppressed x 1 = 4 (15.1)"
has day.out "I-Btl has gone to ground (15.2.1)"
has day.out "result: 1-1-2  Day 1, turn 1 of 9, the second player's turn"   # 7.2: each player in turn
# the day's last turn over, the night (16.1): suppression removed (16.1.1), Gone to Ground
# ended (15.2.1), the stands left counted for the next day (15.1), and no fighting
has day.out "result: 1-night  The night after day 1"
has day.out "I-Btl's suppressed stands recover, their markers removed (16.1.1)"
has day.out "I-Btl is no longer gone to ground (15.2.1)"
has day.out "I-Btl starts the next day with 3 stands (15.1)"
has day.out "3 stands for the next day (15.1), replacements rolled not yet"
has day.out "all combat and movement ceases (16.1)"
has day.out "I-Btl starts the day with 4 stands (16.2.3)"        # a 1 returns the stand (16.2.3)
# "Play then proceeds to the Dawn Phase of the next day" (16.3): no fighting until turn 1 (7.1, 8.0)
has day.out "'game next' brings the dawn of day 2"
has day.out "result: 2-dawn  The dawn phase of day 2"
has day.out "to do: roll the day's weather (8.0)"
has day.out "result: 2-1-1  Day 2, turn 1 of 9, the first player's turn"
"$umpire" -q game rebuild day.toml >rebuild2.out 2>&1 || fail "rebuild exit (great battles)"
has rebuild2.out "identical"

# --- Short names for the long commands, at the prompt: cc is close-combat, help cr command-roll's.
printf 'cc --attacker-stands 3 --attacker-quality average --defender-stands 3 --defender-quality average --roll 9,2,3,10,10\nhelp cr\n' |
    "$umpire" -q shell --no-history >alias.out 2>&1
has alias.out "result: attacker  Attacker wins"
has alias.out "Usage: umpire command-roll"

# --- 'why' keeps the last result's working through a typo in between.
printf 'melee --attacker 4 --defender 4 --roll 3\nmele\nwhy\n' | "$umpire" -q shell --no-history >why.out 2>why.err
has why.out "d6    3    given   attack on defender"
has why.err "did you mean 'melee'?"

# --- A word a command cannot take is said of the command, with the shell's help (fix53).
printf 'wind foo\n' | "$umpire" -q shell --no-history >extra.out 2>extra.err
has extra.err "wind: unexpected word 'foo' (wind takes no words, only flags; see help wind)"

# --- A piped line is read whole: libedit ended it at a NUL byte, and the melee before the NUL
# was applied without its --odds (hunt32). A '#' line is a comment, as in batch.
"$umpire" -q game new constantinople nul.toml >/dev/null
before=$(wc -l < nul.toml.journal)
printf '# the evening\nmelee --attacker Venice --defender Fustae-1\000 --odds\n' |
    "$umpire" -q --game nul.toml shell --no-history >nul.out 2>nul.err
code=$?
[[ $code == 64 ]] || fail "a NUL in a piped shell line: exit $code, not 64"
[[ $(wc -l < nul.toml.journal) == "$before" ]] || fail "a NUL in a piped shell line: the line was applied"
has nul.err "has a control character (\\x00"
grep -q "unknown command '#'" nul.err && fail "a '#' line in the shell is no comment"

# --- A provisional chart is warned of once a shell, not at every line, as batch does; the
# shell's -q quiets it (DESIGN.md principle 8). Its answers go to a file, not a terminal.
# (5 to 3 on a 4: 3:2 row 4, a placeholder; row 3 is VII.B's published S, not provisional)
printf 'crt --attack 5 --defense 3 --roll 4\ncrt --attack 6 --defense 3 --roll 2\ncrt --attack 5 --defense 3 --roll 4\n' >prov.txt
"$umpire" shell --no-history <prov.txt >prov.out 2>prov.err
[ "$(grep -c 'provisional data, not the published chart: table russian-portfolio.crt' prov.err)" = 1 ] ||
    fail "a shell's provisional warnings: $(grep -c 'provisional data' prov.err), not 1"
[ "$(grep -c 'PROVISIONAL' prov.out)" -ge 3 ] || fail "a shell's answers do not each say PROVISIONAL"
"$umpire" -q shell --no-history <prov.txt >prov.out 2>prov.err
grep -q 'provisional data' prov.err && fail "umpire -q shell still warns of provisional data"

# --- hunt51: in a game's shell --odds is a question, answered and never applied (it was refused
# as "--apply with --odds", an --apply the referee never typed); a usage error points to the
# shell's help, not 'umpire --help'; a set of what the game has already says nothing was set.
"$umpire" -q game new constantinople asked.toml >/dev/null || fail "game new constantinople"
printf 'melee --attacker Galley-1 --defender Venice --odds\nmelee --attacker\nset Venice damaged=false --reason "as it is"\n' |
    "$umpire" -q shell --no-history --game asked.toml >asked.out 2>&1
has asked.out "exact odds over"
grep -q "apply" asked.out && fail "the shell's --odds line spoke of --apply: $(grep apply asked.out)"
has asked.out "Type 'help' or 'help COMMAND' for usage."
grep -q "umpire --help" asked.out && fail "the shell's usage hint named umpire --help"
has asked.out "Venice is so already: nothing set or journalled"
[ "$(wc -l <asked.toml.journal)" -eq 1 ] || fail "a set of what the game has was journalled: $(wc -l <asked.toml.journal) lines"

# --- Text past ASCII is kept, in the user's UTF-8 locale and in C (libedit dropped it).
for locale in C.UTF-8 C; do
    printf 'roll 2d6 #h\303\251llo\342\206\222\n' | LANG=$locale LC_ALL= "$umpire" -q shell --no-history >utf8.out 2>&1
    has utf8.out $'note: h\303\251llo\342\206\222'
done

# --- The prompt through a terminal.
command -v tmux >/dev/null || { fail "tmux is not installed (the README's test command installs it)"; exit 1; }
"$umpire" -q game new constantinople live.toml >/dev/null
pane() { tmux -L "$socket" capture-pane -t "$1" -p -S -200; }  # SESSION: the screen it shows
wait_on() { # SESSION TEXT: until its screen shows TEXT, 30 s at most (a sanitized build beside ctest -j2)
    for _ in $(seq 300); do pane "$1" | grep -qF -- "$2" && return 0; sleep 0.1; done
    fail "$1 never showed: $2"; pane "$1" | tail -15
}
type_line() { # SESSION KEYS...: keys that begin a line, sent once the last line is a bare prompt
    # (the game's name ... >). Keys typed before it is up, while a command still runs or after
    # Ctrl-C, may be flushed with the old line or echoed into the middle of the new prompt.
    local game; case $1 in shell) game=live ;; gb) game=gb ;; esac
    for _ in $(seq 300); do
        [[ "$(pane "$1" | sed '/^$/d' | tail -1)" == "$game "*">" ]] && { tmux -L "$socket" send-keys -t "$@"; return; }
        sleep 0.1
    done
    fail "$1 never came back to a bare prompt for: ${*:2}"; pane "$1" | tail -15
}
# A session that outlives the others keeps the tmux server up: a server with no session left
# exits, and a session started while it shuts down is lost with it.
tmux -L "$socket" new-session -d -s keep "sleep 3600"
# The shell is the pane's process itself (exec), alone in its process group: libedit passes a
# Ctrl-C on with kill(0, SIGINT), which would otherwise reach the sh -c running it too. A pane
# whose process ends stays on screen (remain-on-exit), so a shell that died shows how.
tmux -L "$socket" set-option -wg remain-on-exit on
tmux -L "$socket" new-session -d -s shell -x 150 -y 50 \
    "cd '$work' && XDG_STATE_HOME='$work/state' exec '$umpire' -q shell --game live.toml"
wait_on shell "live ph 1 imp 1 wind N 8>"
type_line shell "mel" Tab
wait_on shell "live ph 1 imp 1 wind N 8> melee"
tmux -L "$socket" send-keys -t shell " --attacker Galley-1 --attacker Galley-2 --defender Gen" Tab
wait_on shell "--defender Genoa-2"   # Genoa arrives from Game-Turn Four (19.1): not offered
tmux -L "$socket" send-keys -t shell " --roll 6" Enter
wait_on shell "Genoa-2 is Damaged (15.34)"
pane shell | grep -qF "working:" && fail "the shell showed the working unasked"
type_line shell "why" Enter
wait_on shell "applied to live.toml: Genoa-2: damaged false -> true (15.34)"
wait_on shell "d6    6    given   attack on Genoa-2"
type_line shell "mele --attacker 3 --defender 4" Enter
wait_on shell "did you mean 'melee'?"
type_line shell "next" Enter
wait_on shell "live ph 1 imp 2 wind N 8>"
type_line shell "status" Enter
wait_on shell "- Genoa-2: Damaged"
# 'why' after a status still explains the last resolution (status has no working)
pane shell | grep -qF "Impulse 2 of five (13.1)" && fail "the shell showed next's working unasked"
type_line shell "why" Enter
wait_on shell "Impulse 2 of five (13.1)"
pane shell | grep -qF "nothing resolved yet" && fail "why after status said nothing was resolved"
# Ctrl-C cancels the line being typed; the shell goes on
type_line shell "melee --attacker Galley-1"
wait_on shell "melee --attacker Galley-1"
tmux -L "$socket" send-keys -t shell C-c
wait_on shell "melee --attacker Galley-1^C"
type_line shell "status" Enter
wait_on shell "result: 1-2  Naval Phase 1, Impulse 2"
type_line shell "undo" Enter
wait_on shell "result: undone  Undone: umpire --game live.toml game next"
wait_on shell "live ph 1 imp 1 combat wind N 8>"   # back in Impulse 1, its combat begun (13.1)
type_line shell "ask wind --roll 9,7" Enter
wait_on shell "result: NE  North-easterly"
# A plan from the game as it stands, in the next Impulse: Genoa-2 is Damaged, its melee halved
# under the chart's reading (in Impulse 1 it still fights as it began the segment, 15.25);
# plan's own subcommand and its options complete.
type_line shell "next" Enter
wait_on shell "live ph 1 imp 2 wind N 8>"
type_line shell "plan m" Tab
wait_on shell "> plan melee"
tmux -L "$socket" send-keys -t shell " --ship Gen" Tab   # a key may not open with --
wait_on shell "--ship Genoa-2"
tmux -L "$socket" send-keys -t shell " --enemy Galley-1 --enemy Galley-3 --damaged-reading chart --obj" Tab
wait_on shell "--objective"
tmux -L "$socket" send-keys -t shell " any-loss --top 1" Enter
wait_on shell "Plan: Genoa-2, melee strength 3, against 2 adjacent enemies"
grep -q '^wind = "N"' live.toml || fail "ask applied the wind"
# TAB offers only the ships that can act: Imperial-2 lost on a reef (15.53) is offered no more
type_line shell "reef 2028 --ship Imperial-2 --roll 1" Enter
wait_on shell "Imperial-2 is eliminated: take it off the board (15.53)"
type_line shell "ask melee --attacker Imp" Tab
wait_on shell "ask melee --attacker Imperial-1"
tmux -L "$socket" send-keys -t shell Enter
wait_on shell "--defender is required"
type_line shell C-d
for _ in $(seq 30); do [ -s state/umpire/history ] && break; sleep 0.1; done
grep -q "undo" state/umpire/history || fail "no history kept in \$XDG_STATE_HOME/umpire/history"

# The prompt shows the step of the sequence of play: a Great Battles day begins at dawn (7.0,
# 8.0). Another process moving the game on while the prompt waits is said before the next line.
"$umpire" -q game new great-battles gb.toml >/dev/null
tmux -L "$socket" new-session -d -s gb -x 150 -y 50 \
    "cd '$work' && exec '$umpire' -q shell --no-history --game gb.toml"
wait_on gb "gb dawn 1>"
type_line gb "next" Enter
wait_on gb "gb day 1 turn 1 1st>"
"$umpire" -q game next gb.toml >/dev/null || fail "game next from outside the shell"
type_line gb "status" Enter
wait_on gb "gb.toml changed while the prompt waited (another shell or command): now gb day 1 turn 1 2nd"
wait_on gb "gb day 1 turn 1 2nd>"
# TAB at the first word offers this game's commands and the general ones, not another game's;
# one no command of those begins with still completes (storm is Constantinople's).
type_line gb "su" Tab
wait_on gb "2nd> suppress"
tmux -L "$socket" send-keys -t gb C-c
type_line gb "s" Tab Tab
wait_on gb "sighting"
pane gb | grep -qF "scatter" && fail "gb: TAB offered Novorossiysk's scatter in a Great Battles game"
tmux -L "$socket" send-keys -t gb C-c
type_line gb "sto" Tab
wait_on gb "2nd> storm"
tmux -L "$socket" send-keys -t gb C-c
# After a command TAB TAB lists the command's own options, not the global ones mixed in (fix53)
type_line gb "replace --unit I-Btl --" Tab Tab
wait_on gb "--situation"
pane gb | sed -n '/replace --unit I-Btl --/,$p' | grep -qE -- "--(apply|json|version|paper)\b" &&
    fail "gb: TAB after replace listed global options"
tmux -L "$socket" send-keys -t gb C-c
type_line gb C-d

# Ctrl-C while a command runs stops it and the prompt comes back (it ran to its end before,
# its answer held whole in memory: 1.9 GB for roll -n 300000000); an answer past a megabyte
# streams to the screen as it does outside the shell.
tmux -L "$socket" new-session -d -s stop -x 150 -y 20 "cd '$work' && exec '$umpire' -q shell --no-history"
wait_on stop "umpire>"
tmux -L "$socket" send-keys -t stop "roll -n 300000000 2d6" Enter
# Held whole, nothing reached the screen until the end (and three seconds of rolls were some
# hundreds of MB, some 20 s to roll them all); streamed, the totals show within seconds.
for _ in $(seq 100); do pane stop | grep -qxE '[0-9]+' && break; sleep 0.1; done
pane stop | grep -qxE '[0-9]+' || fail "the shell showed nothing of a long answer while it ran: held in memory"
tmux -L "$socket" send-keys -t stop C-c
wait_on stop "umpire: error: roll -n, repetitions: stopped by Ctrl-C after"
for _ in $(seq 100); do [[ "$(pane stop | sed '/^$/d' | tail -1)" == "umpire>" ]] && break; sleep 0.1; done
tmux -L "$socket" send-keys -t stop "roll 2d6 --seed 1" Enter
wait_on stop "result: 9"
# A window resized while the shell runs: each answer is laid out for the width it has now
# (it kept the width it started with, and long lines broke mid-word at the new edge).
tmux -L "$socket" resize-window -t stop -x 60
tmux -L "$socket" send-keys -t stop "melee --attacker 4 --defender 5 --roll 6" Enter
wait_on stop "Damaged"
sleep 0.3
wide=$(pane stop | awk 'length > 60' | head -3)
[ -z "$wide" ] || fail "answers past the resized window's 60 columns: $wide"
pane stop | grep -q "ram defense is permanently halved, but not its$" || fail "no answer wrapped at 60 columns"
tmux -L "$socket" send-keys -t stop C-d

# A narrow window (40 columns): the shell's help and an error each wrap at a word, the error's
# continuations under its message (both were printed for 80 columns and split mid-word,
# "red/o", "repla/y", hunt41).
tmux -L "$socket" new-session -d -s narrow -x 40 -y 60 "cd '$work' && exec '$umpire' -q shell --no-history"
wait_on narrow "umpire>"
tmux -L "$socket" send-keys -t narrow "help" Enter
wait_on narrow "TAB completes"
tmux -L "$socket" send-keys -t narrow "ram --strength 9 --defense A" Enter
wait_on narrow "(15.42)"
sleep 0.3
wide=$(pane narrow | awk 'length > 40' | head -3)
[ -z "$wide" ] || fail "help or an error past the window's 40 columns: $wide"
pane narrow | grep -qx "             redo makes it again" || fail "help's undo line not wrapped under its text"
pane narrow | grep -qx "  set UNIT KEY=VALUE --reason TEXT" || fail "a long help word not on a line of its own"
pane narrow | grep -q "^umpire: error: --strength 9: a ram" || fail "the error's first line not as wrapped"
pane narrow | grep -qE "^               [a-z]" || fail "the error's next lines not under its message"
# the shell's own errors wrap so too ("... lists the shell's words and i/ts commands", hunt51)
tmux -L "$socket" send-keys -t narrow "meele --attacker 3" Enter
wait_on narrow "did you mean"
sleep 0.3
wide=$(pane narrow | awk 'length > 40' | head -3)
[ -z "$wide" ] || fail "the shell's unknown-command error past the window's 40 columns: $wide"
pane narrow | grep -qx "               words and its commands" || fail "the unknown-command error not wrapped at a word"
tmux -L "$socket" send-keys -t narrow C-d

# TAB TAB lists every candidate on the screen, whatever the width and however the line
# wraps: libedit redrew a wrapped line from as many rows up as its cursor had been down it,
# over the list's last rows, or all of it (hunt57: at 30 columns Galley-2 and Galley-4, the
# list's last row, were lost, and with a long line at 100 columns nothing showed). Each
# expected word is the scenario's or the tables folder's, not umpire's.
listed() { # COLUMNS GAME LINE WORD...: in a shell of its own COLUMNS wide (on the game file
    # GAME, or none for -), LINE typed and TAB TAB: every WORD shown on its screen
    local columns=$1 game=$2 line=$3; shift 3
    local on=""; [ "$game" = - ] || on="--game $game"
    tmux -L "$socket" new-session -d -s tabs -x "$columns" -y 60 "cd '$work' && exec '$umpire' -q shell --no-history $on"
    wait_on tabs ">"
    tmux -L "$socket" send-keys -t tabs "$line" Tab Tab
    sleep 0.5
    local screen; screen=$(pane tabs)
    for word in "$@"; do
        grep -qw -- "$word" <<<"$screen" || fail "$columns columns: TAB TAB after '$line' did not show $word: $screen"
    done
    wide=$(awk -v n="$columns" 'length > n' <<<"$screen" | head -3)
    [ -z "$wide" ] || fail "a TAB list past the window's $columns columns: $wide"
    tmux -L "$socket" kill-session -t tabs
}
galleys=$(grep -o 'name = "Galley-[0-9]*"' "$here/../../scenarios/constantinople.toml" | cut -d'"' -f2)
[ "$(wc -w <<<"$galleys")" -ge 5 ] || fail "the scenario's galleys not found: $galleys"
tables=$(for f in "$here"/../../tables/constantinople/*.toml; do echo "constantinople.$(basename "$f" .toml)"; done)
listed 30 - "melee --attacker Gal" $galleys
listed 30 - "table show con" $tables
listed 30 - "table show constantinople.r" constantinople.ram constantinople.reefs
# a game's long prompt in 30 columns: the prompt alone nearly fills a row
listed 30 live.toml "melee --attacker Gal" $galleys
# a long line in a wide window: it wraps once, and the list shows below it
listed 100 - "melee --damaged-reading case --attacker 4 --attacker 4 --attacker 4 --attacker 4 --boom --defender Gal" \
    $galleys

# --- table edit in a real terminal editor (issue 25): vim.tiny, installed by the README's
# test command. A provisional table opens with a ? in each cell; the saved copy is checked
# and installed, and a fault is shown with its place and the offer to edit again.
command -v vim.tiny >/dev/null || fail "vim.tiny is not installed (the README's test command installs vim-tiny)"
edit_save() { # a vim substitution /FROM/TO/ over the whole file, then write and quit
    tmux -L "$socket" send-keys -t edit ":%s$1" Enter
    tmux -L "$socket" send-keys -t edit ':wq' Enter
}
edit_session() { # table edit of the Russian Portfolio CRT in vim.tiny, its exit status shown after
    tmux -L "$socket" new-session -d -s edit -x 150 -y 50 \
        "cd '$work' && XDG_CONFIG_HOME='$work/config' EDITOR='vim.tiny -u NONE -N' '$umpire' table edit russian-portfolio.crt; echo EXIT \$?; sleep 600"
}
edit_session
wait_on edit "umpire table edit: umpire's table stands in"
edit_save '/"?"/"S"/g'
wait_on edit "EXIT 0"
wait_on edit "Installed $work/config/umpire/tables/russian-portfolio/crt.toml"
[ "$("$umpire" --brief --tables "$work/config/umpire/tables" crt --attack 1 --defense 4 --roll 1 2>/dev/null | cut -d' ' -f1)" = S ] ||
    fail "the edited chart is not what crt reads"
tmux -L "$socket" kill-session -t edit
# A code the legend lacks: told file:line:col, asked to edit again; no keeps the good table.
cp "$work/config/umpire/tables/russian-portfolio/crt.toml" good-crt.toml
edit_session
wait_on edit "The referee's chart, entered with 'umpire table edit'"
edit_save '/"S"/"ZZ"/'
wait_on edit "'ZZ' is not in the legend"
wait_on edit "Edit again? [Y/n]"
tmux -L "$socket" send-keys -t edit n Enter
wait_on edit "EXIT 65"
cmp -s good-crt.toml "$work/config/umpire/tables/russian-portfolio/crt.toml" || fail "a refused edit changed the table"
tmux -L "$socket" kill-session -t edit

# --- Progress of a long run: on a terminal a line on standard error after the first second,
# erased at the end; never into a file. (--odds shares the same Progress:
# tests/core/odds_merge_test.cc.) The run is sized to take about four seconds on this build,
# timed on a million rolls: a fixed count that is long enough in a release build takes
# minutes under AddressSanitizer.
started=$(date +%s%N)
"$umpire" -q --seed 1 roll -n 1000000 2d6 >/dev/null
took_ms=$(( ($(date +%s%N) - started) / 1000000 + 1 ))
repetitions=$(( 1000000 * (4000 / took_ms + 1) ))
tmux -L "$long" new-session -d -s long -x 150 -y 20 \
    "cd '$work' && '$umpire' -q --seed 1 roll -n $repetitions 2d6 > /dev/null && echo DONE; sleep 600"
for _ in $(seq 100); do
    tmux -L "$long" capture-pane -t long -p | grep -qF "umpire: roll -n, repetitions: " && break
    sleep 0.1
done
tmux -L "$long" capture-pane -t long -p | grep -qF "umpire: roll -n, repetitions: " ||
    fail "no progress line on the terminal during a long roll -n"
for _ in $(seq 3000); do tmux -L "$long" capture-pane -t long -p | grep -qF DONE && break; sleep 0.1; done
tmux -L "$long" capture-pane -t long -p | grep -qF DONE || fail "roll -n never finished"
tmux -L "$long" capture-pane -t long -p | grep -qF "repetitions:" && fail "the progress line was not erased"
"$umpire" -q --seed 1 roll -n "$repetitions" 2d6 > /dev/null 2> progress.err
# only the seed line (umpire(1) --seed: always reported, -q or not), no progress
[ "$(cat progress.err)" = "umpire: seed 1" ] ||
    fail "progress written to standard error that is not a terminal: $(head -c 200 progress.err)"

# --- Colour (issue 14, no-color.org): on a terminal the result's head is coloured by its
# severity unless NO_COLOR is set and not empty, TERM is dumb or --color=never; the
# severity is always written too ([severe]), so colour is never the only cue.
melee=(--brief melee --attacker 5 --defender 3 --roll 6)
cat > colour.sh <<EOF
u='$umpire'
echo "A:"; env -u NO_COLOR TERM=xterm "\$u" ${melee[*]}
echo "B:"; NO_COLOR= TERM=xterm "\$u" ${melee[*]}
echo "C:"; NO_COLOR=1 TERM=xterm "\$u" ${melee[*]}
echo "D:"; env -u NO_COLOR TERM=dumb "\$u" ${melee[*]}
echo "E:"; env -u NO_COLOR TERM=xterm "\$u" --color=never ${melee[*]}
echo "F:"; NO_COLOR=1 TERM=dumb "\$u" --color=always ${melee[*]}
echo END
sleep 600
EOF
tmux -L "$socket" new-session -d -s colour -x 150 -y 30 "cd '$work' && bash colour.sh"
for _ in $(seq 100); do tmux -L "$socket" capture-pane -t colour -p | grep -qx END && break; sleep 0.1; done
painted=$(tmux -L "$socket" capture-pane -t colour -p -e)
after() { printf '%s\n' "$painted" | grep -A1 -x "$1" | tail -1; }
esc=$'\033['
for case in A: B: F:; do
    line=$(after "$case")
    [[ "$line" == *"$esc"* ]] || fail "colour $case: no colour on a terminal: $line"
    [[ "$line" == *"[severe]"* ]] || fail "colour $case: the severity is not written out: $line"
done
for case in C: D: E:; do
    line=$(after "$case")
    [[ "$line" == *"$esc"* ]] && fail "colour $case: escape codes where none belong: $(printf '%q' "$line")"
    [[ "$line" == "L  Lose one  [severe]  (attack on defender)" ]] || fail "colour $case: $line"
done
piped=$("$umpire" "${melee[@]}")
[[ "$piped" == *"$esc"* ]] && fail "colour in a pipe without --color=always"
piped=$("$umpire" --color=always "${melee[@]}")
[[ "$piped" == *"$esc"* ]] || fail "--color=always gave no colour in a pipe"

# History: each line is added to the file as it stands on disk and the file replaced whole,
# so another shell's lines stay (a shell wrote its own list over the file, and a kill while
# libedit rewrote it in place cut it short: hunt41); the file is the referee's alone (0600).
echo "roll 1d6 # old line" | XDG_STATE_HOME="$work/hist" "$umpire" -q shell >hist.out 2>&1
[ "$(stat -c %a hist/umpire/history)" = 600 ] || fail "new history mode $(stat -c %a hist/umpire/history), not 600"
{
    echo "roll 1d6 # first"
    sleep 1
    printf 'other\\040shell\n' >>hist/umpire/history
    echo "roll 1d6 # second"
} | XDG_STATE_HOME="$work/hist" "$umpire" -q shell >hist.out 2>&1
for kept in 'roll\0401d6\040#\040old\040line' 'other\040shell' 'roll\0401d6\040#\040first' 'roll\0401d6\040#\040second'; do
    grep -qxF -- "$kept" hist/umpire/history || fail "history lacks $kept: $(cat hist/umpire/history)"
done
[ "$(head -1 hist/umpire/history)" = "_HiStOrY_V2_" ] || fail "history's first line is not libedit's"
[ "$(stat -c %a hist/umpire/history)" = 600 ] || fail "history mode $(stat -c %a hist/umpire/history), not kept"
ls hist/umpire | grep -qv '^history$' && fail "history left a file beside it: $(ls hist/umpire)"

# The shell's own words among the suggestions ('nxt' is next, not crt) and in help (help
# next is game's options: --skip-due); exit with words is refused, not taken (hunt41).
printf 'nxt\nstauts\nhelp next\nhelp why\nexit 3\nroll 1d6 # still here\n' |
    "$umpire" -q shell --no-history >words.out 2>words.err
has words.err "unknown command 'nxt' (did you mean 'next'?)"
has words.err "unknown command 'stauts' (did you mean 'status'?)"
has words.out "--skip-due"
has words.out "'ask COMMAND' only asks"
has words.err "exit takes no words (3 given)"
has words.out "still here"
# A game a crash left one change behind its journal is brought up, and said, at the start.
"$umpire" -q game new constantinople behind.toml >/dev/null
cp behind.toml behind.before
"$umpire" -q game next behind.toml >/dev/null
cp behind.before behind.toml
printf '' | "$umpire" -q shell --no-history --game behind.toml >behind.out 2>behind.err
has behind.err "behind.toml: rolled forward to its journal's line 2"
cmp -s behind.toml behind.before && fail "the shell did not write the rolled-forward game"
# In a directory it cannot write (a game on read-only media, asked only) the shell still
# starts: the game read as it stands, the mend in memory. Root writes anywhere: as nobody.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups \
    test -x "$umpire"; then
    mkdir ro
    "$umpire" -q game new constantinople ro/g.toml >/dev/null
    cp ro/g.toml ro.before
    "$umpire" -q game next ro/g.toml >/dev/null
    cp ro.before ro/g.toml
    rm -f ro/g.toml.lock
    chmod 755 "$work" ro && chmod 644 ro/*
    # its own tables directory one it may look for: the build's stand-in can sit in a directory
    # of root's (fish's config made there by the completion test), which nobody cannot search
    printf 'status\n' | HOME="$work" XDG_CONFIG_HOME="$work/no-config" setpriv --reuid=65534 --regid=65534 --clear-groups \
        "$umpire" -q shell --no-history --game ro/g.toml >ro.out 2>ro.err ||
        fail "a shell on a game it cannot write did not start: $(cat ro.err)"
    has ro.err "rolled forward to its journal's line 2"
    has ro.err "(in memory: this command writes nothing)"
    has ro.out "Naval Phase 1, Impulse 1"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "shell: two evenings and the prompt, all as the rules say"
