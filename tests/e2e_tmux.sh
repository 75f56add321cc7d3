#!/usr/bin/env bash
# End-to-end: drives the real lairsmith binary in a tmux pseudo-terminal, as a GM would:
# forge a level 7 elite wrecker with two tags and a custom power, save it, find it by fuzzy
# search, re-level it to 9, export it to Markdown, build and save a hard encounter for four
# level-6 characters, export its sheet, and quit. Usage: tests/e2e_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
BIN=${1:?usage: e2e_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "e2e: tmux is not installed" >&2; exit 2; }
DATA=$(mktemp -d)
SOCK="lairsmith-e2e-$$"
LOG="$DATA/screen.log"
t() { tmux -L "$SOCK" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; remove_settled "$DATA"; }
trap cleanup EXIT

fail() {
  echo "e2e FAILED: $*" >&2
  echo "---- screen ----" >&2
  t capture-pane -p -t e2e >&2 || true
  exit 1
}

# Waits until the screen shows $1 (10 s at most).
wait_for() {
  for _ in $(seq 100); do
    if t capture-pane -p -t e2e 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}

keys() {
  for k in "$@"; do
    t send-keys -t e2e "$k"
    sleep 0.08
  done
}

typed() { t send-keys -t e2e -l "$1"; sleep 0.15; }

# An "editor" that adds an override to the file it is given, as a GM would by hand.
EDITOR_SCRIPT="$DATA/editor.sh"
cat > "$EDITOR_SCRIPT" <<'SH'
#!/bin/sh
printf 'overrides:\n  hp:\n    value: 300\n    reason: tougher for the finale\n' >> "$1"
SH
chmod +x "$EDITOR_SCRIPT"

t -f /dev/null new-session -d -s e2e -x 100 -y 30 \
  "LAIRSMITH_DATA_DIR='$DATA' EDITOR='$EDITOR_SCRIPT' '$BIN'; echo \"EXIT:\$?\"; sleep 30"
t set-option -s escape-time 0

wait_for "monsters loaded"
wait_for "F1 Bestiary"

# Forge: level 7, elite, wrecker, two tags, a name, a custom power; save.
keys n
wait_for "Level (step 1 of"
typed 7; keys Enter
wait_for "Rank (step 2 of"
keys j Enter
wait_for "Role (step 3 of"
keys End k Enter                  # the last role row is Leader; one up is Wrecker
wait_for "Size (step 4 of"
keys Enter Enter Enter
wait_for "Tags (step 7 of"
for _ in $(seq 10); do keys j; done
keys Space j Space Enter          # fire, giant
wait_for "Templates (step 8 of"
keys Enter                        # no template
wait_for "Details (step 9 of"
keys Enter C-u; typed "Cinder Ogre"; keys Enter
wait_for "Cinder Ogre"
keys ']'
wait_for "Powers (step 10 of"
keys n
wait_for "Editing New Power"
keys Enter C-u; typed "Molten Fist"; keys Enter
keys Escape
sleep 0.2
keys C-s
wait_for "Saved Cinder Ogre"
[ -f "$DATA/bestiary/cinder-ogre.yaml" ] || fail "the monster file was not written"
grep -q "name: Molten Fist" "$DATA/bestiary/cinder-ogre.yaml" || fail "the custom power was not saved"
grep -q "rank: elite" "$DATA/bestiary/cinder-ogre.yaml" || fail "rank not saved"

# Bestiary: fuzzy search, re-level to 9, export Markdown.
keys F1
wait_for "Search "
keys /; typed "cindog"; keys Enter
wait_for "Level 7 Elite Wrecker"
keys r
wait_for "Re-level Cinder Ogre"
keys C-u; typed 9; keys Enter
wait_for "┌ Re-level your monster"
keys o
wait_for "Level 9 Elite Wrecker"
grep -q "^level: 9" "$DATA/bestiary/cinder-ogre.yaml" || fail "re-level was not saved"
keys m
wait_for "Export Markdown"
keys C-u; typed "$DATA/cinder-ogre.md"; keys Enter
wait_for "Exported to"
grep -q "Level 9 Elite Wrecker" "$DATA/cinder-ogre.md" || fail "the Markdown export is wrong"

# $EDITOR: the file is edited outside, reloaded, and its lint result shown.
keys o
wait_for "0 lint error(s), 1 warning(s)"
wait_for "hp is overridden: 300 instead of 162"
grep -q "reason: tougher for the finale" "$DATA/bestiary/cinder-ogre.yaml" || fail "the editor's change is gone"

# Encounter: four level-6 characters, a hard fight, saved, exported.
keys F3
wait_for "New Encounter"
keys P C-u; typed "4x6"; keys Enter
wait_for "budget 1,000 XP"
keys a; typed "voidglass"; keys Enter Escape
sleep 0.2
keys a; typed "gloamblade"; keys Enter Enter Enter Escape
wait_for "hard · encounter level"
keys w
wait_for "How the difficulty is worked out"
keys C-s
wait_for "Name the encounter"
typed "Glass and Shadow"; keys Enter
wait_for "Saved the encounter"
[ -f "$DATA/encounters/glass-and-shadow.yaml" ] || fail "the encounter was not written"
keys m
wait_for "encounter sheet"
keys C-u; typed "$DATA/sheet.md"; keys Enter
wait_for "Exported to"
grep -q "## Roster" "$DATA/sheet.md" || fail "the sheet has no roster"

# Quit; the terminal is restored (the shell's line shows up).
keys q
wait_for "EXIT:0"
echo "e2e ok: forge, search, re-level, export, encounter, quit"
