#!/usr/bin/env bash
# The players' view in a real terminal (tmux): `fight watch` follows the fight file as the GM
# changes it from the command line in another terminal, shows a foe only as unhurt, hurt,
# staggered or down, never a hidden creature, and quits on q with the terminal given back. Then a
# fight file that takes minutes to read (tests/slow_read.sh): q and SIGTERM still end the view
# within a few seconds with the terminal given back, and changes made during the read pile up
# no reads.
# Usage: tests/fight_watch_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
# shellcheck source=tests/slow_read.sh
source "$(dirname "${BASH_SOURCE[0]}")/slow_read.sh"
BIN=${1:?usage: fight_watch_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "fight watch: tmux is not installed" >&2; exit 2; }
WORK=$(mktemp -d)
SOCK="lairsmith-watch-$$"
t() { tmux -L "$SOCK" "$@"; }
trap 'let_go; t kill-server 2>/dev/null || true; remove_settled "$WORK"' EXIT
fail() { echo "fight watch FAILED: $*" >&2; t capture-pane -p -t s >&2 || true; exit 1; }
wait_for() {
  for _ in $(seq 100); do
    if t capture-pane -p -t s 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}
L() { "$BIN" --data-dir "$WORK/data" "$@"; }
mkdir -p "$WORK/data/encounters"
cat > "$WORK/data/encounters/ford.yaml" <<'YAML'
kind: encounter
schema_version: 1
name: Ford
party:
  members:
  - {name: Ana, level: 3}
groups:
- monster: hedgemaw
  count: 1
- monster: gloamsworn-skirmisher
  count: 1
  label: Sneak
YAML
L fight start ford --seed 3 --pc Ana=10/30 >/dev/null
L fight hide ford gloamsworn-skirmisher >/dev/null
t new-session -d -s s -x 100 -y 24 "'$BIN' --data-dir '$WORK/data' fight watch ford; echo EXIT=\$?; sleep 30"
wait_for "Before the first round"
wait_for "Hedgemaw: unhurt"
wait_for "Ana: 30/30 HP"
t capture-pane -p -t s | grep -q "Sneak" && fail "a hidden creature shows"
# The hidden Sneak acts first: to the players the fight has not begun (a round with no one's
# turn would say that someone hidden acts).
L fight next ford >/dev/null
L fight damage ford hedgemaw 100 >/dev/null
wait_for "Hedgemaw: staggered"
t capture-pane -p -t s | grep -qF "Before the first round" || fail "a hidden turn shows as a round begun"
t capture-pane -p -t s | grep -qE "Round|▶" && fail "a hidden turn shows"
t capture-pane -p -t s | grep -qE "[0-9]+/154" && fail "a foe's hit points show"
L fight reveal ford gloamsworn-skirmisher >/dev/null
wait_for "Round 1"
wait_for "▶ Sneak: unhurt"
L fight damage ford hedgemaw 100 >/dev/null
wait_for "Hedgemaw: down"
t send-keys -t s q
wait_for "EXIT=0"

# The slow read. The view runs in a shell, which says how it ended and how it left the terminal.
if can_slow_reads; then
  # The new session first: killing the server's only session ends the server, and a session
  # started while it ends meets "server exited unexpectedly".
  t new-session -d -s s2 -x 100 -y 24 "bash --norc --noprofile"
  t kill-session -t s
  t rename-session -t s2 s
  t send-keys -t s "PS1='$ '" Enter
  for how in q TERM; do
    t send-keys -t s "clear; '$BIN' --data-dir '$WORK/data' fight watch ford; echo \"EXIT=\$? \$(stty -a | grep -o -- '-\\?icanon' | head -1) \$(stty -a | grep -o -- ' -\\?echo ' | head -1)\"" Enter
    wait_for "Hedgemaw: down"
    pid=$(pgrep -f -- "^$BIN --data-dir $WORK/data fight watch ford" | head -1)
    [ -n "$pid" ] || fail "no fight watch process"
    threads=$(ls "/proc/$pid/task" | wc -l)
    slow_reads "$pid" "$WORK/data/fights/ford.yaml" || fail "strace did not attach"
    # Changed: the view reads the file, which now takes minutes; three more changes during it.
    L fight next ford >/dev/null
    sleep 1
    for _ in 1 2 3; do
      L fight next ford >/dev/null
      sleep 0.5
    done
    now=$(ls "/proc/$pid/task" | wc -l)
    # One read on a thread of its own, however many changes came during it.
    [ "$now" = $((threads + 1)) ] || fail "wanted one reading thread: $threads threads before, $now during the slow read"
    start=$(date +%s)
    case $how in
      q) t send-keys -t s q; want=0 ;;
      TERM) kill -TERM "$pid"; want=143 ;;
    esac
    # Within 5 s the terminal is given back and lairsmith's main thread has ended; the thread
    # still in the read is held by strace, which keeps the process from being reaped until it
    # lets go.
    for _ in $(seq 50); do
      [ "$(t display -p -t s '#{alternate_on}')" = 0 ] && main_thread_ended "$pid" && break
      sleep 0.1
    done
    [ "$(t display -p -t s '#{alternate_on}')" = 0 ] || fail "$how did not end the view within 5 s of a slow read"
    main_thread_ended "$pid" || fail "$how: the terminal was given back but lairsmith did not end"
    let_go
    wait_for "EXIT="
    line=$(t capture-pane -p -t s | grep -F "EXIT=" | tail -1)
    echo "$line" | grep -qF "EXIT=$want" || fail "$how: wanted exit $want, got: $line"
    echo "$line" | grep -q " icanon" || fail "$how: the terminal was left in raw mode: $line"
    echo "$line" | grep -q " echo" || fail "$how: echo was left off: $line"
    [ "$(t display -p -t s '#{cursor_flag}')" = 1 ] || fail "$how: the cursor is hidden"
    echo "fight watch: $how ended a slow read in $(( $(date +%s) - start )) s"
  done
fi
echo "fight watch: ok"
