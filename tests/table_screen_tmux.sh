#!/usr/bin/env bash
# The Table screen in a real terminal (tmux): a fight started from a saved encounter in the UI
# (the surprise question answered), its file written and read back, and quit with the exit
# status 0. The walk through a fight runs in the in-process Ui harness
# (tests/it/ui/table_walk.rs, tests/it/ui/table_by_the_book.rs).
# Usage: tests/table_screen_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
BIN=${1:?usage: table_screen_tmux.sh PATH/TO/lairsmith}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "table screen: tmux is not installed" >&2; exit 2; }
WORK=$(mktemp -d)
SOCK="lairsmith-table-$$"
t() { tmux -L "$SOCK" "$@"; }
trap 't kill-server 2>/dev/null || true; remove_settled "$WORK"' EXIT
fail() { echo "table screen FAILED: $*" >&2; t capture-pane -p -t s >&2 || true; exit 1; }
wait_for() {
  for _ in $(seq 100); do
    if t capture-pane -p -t s 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}
keys() { t send-keys -t s "$@"; sleep 0.3; }
L() { "$BIN" --data-dir "$WORK/data" "$@"; }
launch() {
  # The new session before the old one goes: a server whose only session is killed ends, and a
  # session started meanwhile meets "server exited unexpectedly".
  t new-session -d -s next -c "$WORK" -x 130 -y 40 "'$BIN' --data-dir '$WORK/data'; echo EXIT=\$?; sleep 30"
  t kill-session -t s 2>/dev/null || true
  t rename-session -t next s
  wait_for "F5 Table"
}
mkdir -p "$WORK/data/encounters"
L party new Heroes --party "Ana=4,Bo=4,Cy=4" >/dev/null
cat > "$WORK/data/encounters/mill-ford.yaml" <<'YAML'
kind: encounter
schema_version: 1
name: Mill Ford
party: heroes
groups:
- monster: ashen-keener
  count: 1
- monster: kilnwing-darter
  count: 2
YAML

# 1. Started in the UI: the Table screen lists the encounter; Enter starts a fight from it.
launch
keys F5
wait_for "Start a new fight from a saved encounter"
keys Down Enter
wait_for "Who is surprised"
keys Enter
wait_for "3 need initiative"
[ -f "$WORK/data/fights/mill-ford.yaml" ] || fail "the UI's fight has no file"
L fight show mill-ford --format yaml >/dev/null || fail "the UI's fight does not read back"
# The players' d20s, asked by n; Ctrl-R (a real terminal's control key) lets lairsmith roll.
keys n
wait_for "The players' d20s"
keys 14 C-r
wait_for "round 1"
L fight log mill-ford | grep -qF "d20 14 (the player's roll)" || fail "the player's d20 is not in the log"

# 2. Quit: the terminal is the shell's again and the fight is on disk. The rest of the walk
#    (three rounds, resume, the end, a challenge) runs in the Ui harness:
#    tests/it/ui/table_walk.rs.
keys q
wait_for "EXIT=0"
echo "table screen: ok"
