#!/usr/bin/env bash
# The Table screen in a real terminal (tmux), as a GM runs a fight: a fight started from a saved
# encounter in the UI; then a seeded fight run for three rounds with a power rolled (a refresh
# power marked used, and its refresh roll at the start of the monster's next turn), a "save
# ends" condition and persistent damage, a staggered monster, a dead mook and an undo; quit and
# resumed; ended with the XP written to the party file once and the treasure shown.
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
# The next turn; when it asks for the players' d20s (a character's saving throw), lairsmith
# rolls them.
next_turn() {
  keys n
  if t capture-pane -p -t s | grep -qF "The players' d20s"; then keys C-r; fi
}
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

# 2. A seeded fight, its order known: Ashen Keener 23, Ana 17, Kilnwing Darter 1 and 2 13,
#    Bo 12, Cy 9.
L fight start mill-ford --seed 5 --pc Ana=17/40 --pc Bo=12/30 --pc Cy=9/30 >/dev/null
keys o
wait_for "mill-ford-2"
keys Home Down Enter
wait_for "Mill Ford · before round 1 · n begins"
keys n
wait_for "round 1 · Ashen Keener's turn"
keys r
keys "2 ana 18" Enter
wait_for "Keening Wail against Ana"
wait_for "USED"
# The riders the roll offers are asked for at once (P16); none taken here.
wait_for "Apply what the roll offers"
keys Escape
keys c
keys "dazed" Enter
wait_for "dazed (save ends)"
keys d
keys 25 Enter
wait_for "19/44"
wait_for "staggered"
keys Home Down Down d
keys 3 Enter
wait_for "a mook drops"
wait_for "dead"
# Persistent damage on Bo, taken at the start of his turn.
keys Home Down Down Down Down c
keys "persistent 5 fire" Enter
wait_for "persistent 5 fire damage (save ends)"
# The rest of round 1 (the dead darter takes no turn), then round 2 to its Cy, then round 3.
next_turn
wait_for "round 1 · Ana's turn"
L fight log mill-ford-2 | grep -qF "Ashen Keener saves against dazed" \
  || fail "no saving throw at the end of the keener's turn"
next_turn; next_turn
wait_for "round 1 · Bo's turn"
wait_for "25/30"
next_turn; next_turn
wait_for "round 2 · Ashen Keener's turn"
L fight log mill-ford-2 | grep -qF "refresh Keening Wail" || fail "no refresh roll for Keening Wail"
next_turn; next_turn; next_turn; next_turn
wait_for "round 2 · Cy's turn"
next_turn
wait_for "round 3 · Ashen Keener's turn"
keys u
wait_for "undone: the next turn"
wait_for "round 2 · Cy's turn"

# 3. Quit and resume: the fight is as it was left.
keys q
wait_for "EXIT=0"
launch
keys F5
wait_for "mill-ford-2"
keys Home Down Enter
wait_for "round 2 · Cy's turn"
wait_for "dead"

# 4. The end: the XP, asked before it is written, written once; the treasure.
keys E C-u
keys "all steady" Enter
wait_for "Write the XP"
keys y
wait_for "Cy: 3,750 XP"
wait_for "Steady progression"
grep -q "xp: 3841" "$WORK/data/parties/heroes.yaml" || fail "the XP is not in the party file"
keys u
wait_for "its end cannot be undone"
keys L C-u
keys "ford-log.md" Enter
for _ in $(seq 50); do [ -s "$WORK/ford-log.md" ] && break; sleep 0.1; done
grep -qF "the fight ends" "$WORK/ford-log.md" || fail "L did not export the log"
L fight end mill-ford-2 --all --write >/dev/null 2>&1 && fail "the XP could be written twice"
L fight log mill-ford-2 --format md | grep -qF "the fight ends" || fail "the log has no end"
keys q
wait_for "EXIT=0"

# 5. An extended challenge (A3): a skill's first check at its DC, then Hard; a group check Easy.
cat > "$WORK/data/encounters/bridge.yaml" <<'YAML'
kind: encounter
schema_version: 1
name: Bridge
party: heroes
groups:
- monster: ashen-keener
  count: 1
- challenge:
    name: Rope Bridge
    level: 4
    successes: 4
    skills:
    - {skill: athletics, dc: easy}
YAML
L fight start bridge --seed 2 --pc Ana=10/30 --pc Bo=9/30 --pc Cy=8/30 >/dev/null
launch
keys F5
wait_for "bridge"
keys Home Enter
wait_for "Rope Bridge · 0/4 successes"
keys C
keys "athletics +" Enter
wait_for "Rope Bridge · 1/4 successes, 0/3 failures"
keys C
keys "athletics -" Enter
wait_for "1/4 successes, 1/3 failures"
wait_for "(used: Hard)"
keys q
wait_for "EXIT=0"
echo "table screen: ok"
