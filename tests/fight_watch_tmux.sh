#!/usr/bin/env bash
# The players' view in a real terminal (tmux): `fight watch` follows the fight file as the GM
# changes it from the command line in another terminal, shows a foe only as unhurt, hurt,
# staggered or down, never a hidden creature, and quits on q with the terminal given back.
# Usage: tests/fight_watch_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
BIN=${1:?usage: fight_watch_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "fight watch: tmux is not installed" >&2; exit 2; }
WORK=$(mktemp -d)
SOCK="lairsmith-watch-$$"
t() { tmux -L "$SOCK" "$@"; }
trap 't kill-server 2>/dev/null || true; remove_settled "$WORK"' EXIT
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
L fight next ford >/dev/null
L fight damage ford hedgemaw 100 >/dev/null
wait_for "Round 1"
wait_for "Hedgemaw: staggered"
t capture-pane -p -t s | grep -qE "[0-9]+/154" && fail "a foe's hit points show"
L fight reveal ford gloamsworn-skirmisher >/dev/null
wait_for "Sneak: unhurt"
L fight damage ford hedgemaw 100 >/dev/null
wait_for "Hedgemaw: down"
t send-keys -t s q
wait_for "EXIT=0"
echo "fight watch: ok"
