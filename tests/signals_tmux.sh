#!/usr/bin/env bash
# Signals: the UI is stopped by SIGTERM, SIGINT, SIGHUP and SIGQUIT in a real tmux terminal.
# Each time the terminal must be given back (no alternate screen, cursor shown, line editing
# and echo on), the exit status must be 128 + the signal, and a monster left unsaved in the
# Forge must be kept in <data>/recovery/. Also: a 100 KB paste into the search box is capped
# and the UI still answers; and while the Table screen reads a fight file that takes minutes to
# read (tests/slow_read.sh), the status line says so, Esc cancels the read, other keys work, and
# Ctrl-C quits within seconds with the terminal given back.
# Usage: tests/signals_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
# shellcheck source=tests/slow_read.sh
source "$(dirname "${BASH_SOURCE[0]}")/slow_read.sh"
BIN=${1:?usage: signals_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "signals: tmux is not installed" >&2; exit 2; }
WORK=$(mktemp -d)
SOCK="lairsmith-signals-$$"
t() { tmux -L "$SOCK" "$@"; }
cleanup() {
  let_go
  t kill-server 2>/dev/null || true
  tmux -L "$SOCK-hangup" kill-server 2>/dev/null || true
  remove_settled "$WORK"
}
trap cleanup EXIT

fail() {
  echo "signals FAILED: $*" >&2
  t capture-pane -p -t s >&2 || true
  exit 1
}

wait_for() {
  for _ in $(seq 150); do
    if t capture-pane -p -t s 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}

# Waits until the screen no longer shows $1: a key sent right after Escape could otherwise
# arrive with it and be read as Alt and that key.
wait_gone() {
  for _ in $(seq 150); do
    if ! t capture-pane -p -t s 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for this to go: $1"
}

t new-session -d -s s -x 120 -y 40 "bash --norc --noprofile"
t send-keys -t s "PS1='$ '" Enter

for sig in TERM INT HUP QUIT; do
  DATA="$WORK/$sig"
  mkdir -p "$DATA"
  t send-keys -t s "clear; '$BIN' --data-dir '$DATA'; echo \"EXIT=\$? \$(stty -a | grep -o -- '-\\?icanon' | head -1) \$(stty -a | grep -o -- ' -\\?echo ' | head -1)\"" Enter
  wait_for "monsters loaded"
  # Something unsaved in the Forge: move to the Rank step and choose elite.
  t send-keys -t s F2
  wait_for "Stat block (live)"
  t send-keys -t s Down
  sleep 0.2
  t send-keys -t s Down
  sleep 0.2
  t send-keys -t s Enter
  sleep 0.3
  pid=$(pgrep -f -- "--data-dir $DATA" | head -1)
  [ -n "$pid" ] || fail "no lairsmith process for $sig"
  kill -"$sig" "$pid"
  wait_for "EXIT="
  line=$(t capture-pane -p -t s | grep -F "EXIT=" | tail -1)
  case $sig in TERM) want=143;; INT) want=130;; HUP) want=129;; QUIT) want=131;; esac
  echo "$line" | grep -qF "EXIT=$want" || fail "SIG$sig: wanted exit $want, got: $line"
  echo "$line" | grep -q " icanon" || fail "SIG$sig: the terminal was left in raw mode: $line"
  echo "$line" | grep -q " echo" || fail "SIG$sig: echo was left off: $line"
  [ "$(t display -p -t s '#{alternate_on}')" = 0 ] || fail "SIG$sig: still on the alternate screen"
  [ "$(t display -p -t s '#{cursor_flag}')" = 1 ] || fail "SIG$sig: the cursor is hidden"
  ls "$DATA/recovery/"*.yaml >/dev/null 2>&1 || fail "SIG$sig: the unsaved monster was not kept"
  t capture-pane -p -t s | grep -qF "your unsaved work (monster \`New Monster\`) is kept in" || fail "SIG$sig: no message about the kept work"
done

# A 100 KB paste into the search box: capped, instant, and the UI still quits on q.
DATA="$WORK/paste"
mkdir -p "$DATA"
t send-keys -t s "clear; '$BIN' --data-dir '$DATA'; echo \"EXIT=\$?\"" Enter
wait_for "monsters loaded"
head -c 100000 /dev/zero | tr '\0' 'A' > "$WORK/paste.txt"
t load-buffer "$WORK/paste.txt"
t send-keys -t s /
sleep 0.3
t paste-buffer -p -t s
wait_for "0 of 44"
pid=$(pgrep -f -- "--data-dir $DATA" | head -1)
cpu=$(ps -o cputimes= -p "$pid" 2>/dev/null || ps -o times= -p "$pid")
[ "${cpu// /}" -lt 5 ] || fail "the paste cost ${cpu}s of CPU"
t send-keys -t s Escape
sleep 0.5
t send-keys -t s Escape
sleep 0.5
t send-keys -t s q
wait_for "EXIT=0"

# A fight file that takes minutes to read, on the Table screen: the UI still hears its keys.
if can_slow_reads; then
  DATA="$WORK/slow"
  mkdir -p "$DATA/encounters"
  printf '%s\n' "kind: encounter" "schema_version: 1" "name: Ford" "party:" "  members:" \
    "  - {name: Ana, level: 3}" "groups:" "- monster: hedgemaw" "  count: 1" > "$DATA/encounters/ford.yaml"
  "$BIN" --data-dir "$DATA" fight start ford --seed 3 >/dev/null
  t send-keys -t s "clear; '$BIN' --data-dir '$DATA'; echo \"EXIT=\$? \$(stty -a | grep -o -- '-\\?icanon' | head -1) \$(stty -a | grep -o -- ' -\\?echo ' | head -1)\"" Enter
  wait_for "monsters loaded"
  pid=$(pgrep -f -- "^$BIN --data-dir $DATA\$" | head -1)
  [ -n "$pid" ] || fail "slow read: no lairsmith process"
  slow_reads "$pid" "$DATA/fights/ford.yaml" || fail "slow read: strace did not attach"
  t send-keys -t s F5
  wait_for "Reading the saved fights... Esc cancels."
  t send-keys -t s Escape
  wait_for "Cancelled: reading the saved fights."
  wait_for "Reading the fights was cancelled"
  # Other keys work at once: the key reference opens and closes.
  t send-keys -t s "?"
  wait_for "Keys: "
  t send-keys -t s Escape
  wait_gone "Esc close  Ctrl-C quit"
  # Read again, and quit in the middle of it.
  t send-keys -t s o
  wait_for "Reading the saved fights... Esc cancels."
  t send-keys -t s C-c
  for _ in $(seq 50); do
    [ "$(t display -p -t s '#{alternate_on}')" = 0 ] && main_thread_ended "$pid" && break
    sleep 0.1
  done
  [ "$(t display -p -t s '#{alternate_on}')" = 0 ] || fail "slow read: Ctrl-C did not quit within 5 s"
  main_thread_ended "$pid" || fail "slow read: the terminal was given back but lairsmith did not end"
  let_go
  wait_for "EXIT="
  line=$(t capture-pane -p -t s | grep -F "EXIT=" | tail -1)
  echo "$line" | grep -qF "EXIT=0" || fail "slow read: wanted exit 0, got: $line"
  echo "$line" | grep -q " icanon" || fail "slow read: the terminal was left in raw mode: $line"
  echo "$line" | grep -q " echo" || fail "slow read: echo was left off: $line"
  [ "$(t display -p -t s '#{cursor_flag}')" = 1 ] || fail "slow read: the cursor is hidden"
fi

# The terminal itself goes away (its window closed: the tmux server killed) with unsaved work:
# lairsmith keeps the work and exits, instead of spinning on the end of its input.
DATA="$WORK/hangup"
mkdir -p "$DATA"
HSOCK="$SOCK-hangup"
tmux -L "$HSOCK" -f /dev/null new-session -d -s h -x 120 -y 40 "'$BIN' --data-dir '$DATA'"
hwait() {
  for _ in $(seq 100); do
    tmux -L "$HSOCK" capture-pane -p -t h 2>/dev/null | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  tmux -L "$HSOCK" capture-pane -p -t h >&2 || true
  fail "hang-up: timed out waiting for $1"
}
hwait "monsters loaded"
tmux -L "$HSOCK" send-keys -t h F2
hwait "Stat block (live)"
tmux -L "$HSOCK" send-keys -t h Down
sleep 0.2
tmux -L "$HSOCK" send-keys -t h Enter
hwait "unsaved"
# The tmux server's command line names the data directory too: match lairsmith's own.
pid=$(pgrep -f -- "^$BIN --data-dir $DATA" | head -1)
[ -n "$pid" ] || fail "no lairsmith process for the hang-up"
tmux -L "$HSOCK" kill-server
for _ in $(seq 100); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
  kill -9 "$pid"
  fail "lairsmith kept running after its terminal went away"
fi
ls "$DATA/recovery/"*.yaml >/dev/null 2>&1 || fail "hang-up: the unsaved monster was not kept"
echo "signals: ok"
