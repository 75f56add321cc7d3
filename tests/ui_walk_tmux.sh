#!/usr/bin/env bash
# The UI rebuild, walked in a real terminal (tmux) at 120x40 and then 80x24: every point of the
# issue a key can show. Nothing lost without asking (undo in the Forge and the Encounter screen,
# G undoable, o and N asking, re-level offering overwrite or copy, the lint warning before a
# save, delete to the trash and back); every key honest (Esc twice in the search box, 1/2/3 on
# the Encounter screen, Home/End/g on the roster, Alt-3 on the Level step, ? on the current
# screen's section, the help bar keeping ? help and q quit); the Encounter screen (notes, a
# locked group keeping its count through G, the roster's level/rank/role, the picker's level
# window, saving the party); the Bestiary (search by id, the two markers, a duplicate's name,
# status messages expiring). Usage: tests/ui_walk_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
BIN=${1:?usage: ui_walk_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "ui walk: tmux is not installed" >&2; exit 2; }
DATA=$(mktemp -d)
SOCK="lairsmith-walk-$$"
t() { tmux -L "$SOCK" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; remove_settled "$DATA"; }
trap cleanup EXIT

fail() {
  echo "ui walk FAILED: $*" >&2
  echo "---- screen ----" >&2
  t capture-pane -p -t w >&2 || true
  exit 1
}
screen() { t capture-pane -p -t w; }
wait_for() {
  for _ in $(seq 100); do
    if screen 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}
wait_gone() {
  for _ in $(seq 150); do
    if ! screen 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "still showing: $1"
}
keys() { for k in "$@"; do t send-keys -t w "$k"; sleep 0.08; done; }
typed() { t send-keys -t w -l "$1"; sleep 0.15; }

mkdir -p "$DATA/bestiary"
# One monster of the user's with a lint warning: both marks show on its row.
"$BIN" --data-dir "$DATA" new --name "Marsh Lurker" --level 4 --role skulker --source natural \
  --type beast --save >/dev/null
printf 'overrides:\n  hp:\n    value: 90\n    reason: swampy\n' >> "$DATA/bestiary/marsh-lurker.yaml"

t -f /dev/null new-session -d -s w -x 120 -y 40 \
  "LAIRSMITH_DATA_DIR='$DATA' '$BIN'; echo \"EXIT:\$?\"; sleep 30"
t set-option -s escape-time 0
wait_for "monsters loaded"

# --- The Bestiary -------------------------------------------------------------------------
# The help bar always ends with ? help (? more when some keys do not fit) and q quit.
screen | tail -1 | grep -qE "\? (help|more)  q quit" || fail "the help bar lost ? help / q quit"
# The lint mark and the yours mark side by side.
screen | grep -qE '\*◆ Marsh Lurker' || fail "the lint and yours marks are not shown together"
# Search matches ids; Esc leaves the box keeping the search, a second Esc clears it.
keys /; typed "marsh-lurker"
wait_for "1 of 45"
keys Escape
wait_for "1 of 45"
keys Escape
wait_for "45 of 45"
wait_for "Search cleared."
# Status messages expire.
wait_gone "Search cleared."
# ? opens on the Bestiary's section; Esc closes it.
keys '?'
wait_for "Keys: ↑↓ PgUp PgDn scroll"
screen | sed -n 3p | grep -q "Bestiary" || fail "? did not open on the Bestiary's section"
screen | grep -q "Symbols in stat blocks" || keys End
keys Escape
wait_gone "Keys: ↑↓ PgUp PgDn scroll"
# A duplicate takes the first free number; delete goes to the trash and U brings it back.
keys /; typed "marsh"; keys Enter d
wait_for "Saved Marsh Lurker 2"
[ -f "$DATA/bestiary/marsh-lurker-2.yaml" ] || fail "the duplicate was not written as marsh-lurker-2"
keys / C-u; typed "marsh-lurker-2"; keys Enter x
wait_for "┌ Delete"
keys y
wait_for "to the trash; U puts it back"
[ -f "$DATA/bestiary/marsh-lurker-2.yaml" ] && fail "delete left the file"
keys U
wait_for "Restored"
[ -f "$DATA/bestiary/marsh-lurker-2.yaml" ] || fail "U did not restore the file"
# Re-levelling your own monster offers overwrite or a copy.
keys r C-u; typed 6; keys Enter
wait_for "┌ Re-level your monster"
keys c
wait_for "Saved Marsh Lurker 3"
grep -q "^level: 4" "$DATA/bestiary/marsh-lurker-2.yaml" || fail "save-as-copy changed the original"

# --- The Forge ----------------------------------------------------------------------------
keys Escape Escape n
wait_for "Level (step 1 of"
# Alt-3 on the Level step goes to the Encounter screen; it does not type a 3.
typed 5
keys M-3
wait_for "Unsaved changes"
keys Escape
wait_for "Level (step 1 of"
screen | grep -q "Level 5" || fail "the level was not typed"
# Undo and redo in the Forge.
typed 9
wait_for "Level 9 Wrecker"
keys u
wait_for "Level 5 Wrecker"
keys C-y
wait_for "Level 9 Wrecker"
# Leaving with unsaved work asks; n discards.
keys F1
wait_for "Unsaved changes"
keys n
wait_for "Search"

# --- The Encounter screen -----------------------------------------------------------------
keys F3
wait_for "New Encounter"
keys P C-u; typed "4x6"; keys Enter
wait_for "budget 1,000 XP"
# The picker offers party level -2 to +4 first; Tab shows every level.
keys a
wait_for "levels 4-10"
typed "aphelion"
wait_for "No monster matches"
keys Tab
wait_for "Aphelion Maw"
keys C-u; typed "gloamblade"; keys Enter Escape
# The roster says each group's level, rank and role.
wait_for "L6 standard skulker"
# + once, lock it, generate: the locked group keeps its monster and its count.
keys +
wait_for "2 × Gloamblade Stalker"
keys L G
wait_for "(seed "
screen | grep -q "2 × Gloamblade Stalker" || fail "G changed the locked group's count"
# G is undoable: u brings back the roster from before it, Ctrl-Y the generated one.
groups() { screen | grep -cE '[0-9]+ × .* · [0-9,?]+ XP' || true; }
generated=$(groups)
keys u
sleep 0.3
[ "$(groups)" = 1 ] || fail "u did not undo G (groups: $(groups))"
keys C-y
sleep 0.3
[ "$(groups)" = "$generated" ] || fail "Ctrl-Y did not redo G"
# Home, End and g move on the roster (no error, no hidden state).
keys End Home g
# Notes are editable.
keys n
wait_for "Notes"
typed "Ambush at the ford"; keys Enter
# 1, 2 and 3 switch screens from the Encounter screen too.
keys 1
wait_for "Search "
keys 3
wait_for "Notes Ambush at the ford"
# Save the party for other encounters.
keys S
wait_for "Save the party as"
typed "Tuesday Group"; keys Enter
wait_for "Saved the party"
[ -f "$DATA/parties/tuesday-group.yaml" ] || fail "the party was not saved"
# Level the saved party up: its file is shared, so it asks first, saying who else names it;
# then remove it (to the trash, after asking).
keys '>'
wait_for "Level up the saved party"
wait_for "no saved encounter or adventure"
grep -q "level: 6" "$DATA/parties/tuesday-group.yaml" || fail "the party's file changed before the answer"
keys n
wait_for "stays as it is"
grep -q "level: 6" "$DATA/parties/tuesday-group.yaml" || fail "n changed the party's file"
keys '>'
wait_for "Level up the saved party"
keys y
wait_for "levelled up and saved"
wait_for "Party 4 × level 7"
grep -q "level: 7" "$DATA/parties/tuesday-group.yaml" || fail "the party's file was not levelled up"
keys D
wait_for "Remove the party"
keys y
wait_for "Removed the party"
[ -f "$DATA/parties/tuesday-group.yaml" ] && fail "the party's file is still there"
ls "$DATA/trash/parties/"* >/dev/null 2>&1 || fail "the removed party is not in the trash"
wait_for "Party 4 × level 7"
# o and N ask first when the encounter is unsaved.
keys N
wait_for "Unsaved encounter"
keys Escape
keys o
wait_for "Unsaved encounter"
keys y
wait_for "Name the encounter"
typed "Ford Ambush"; keys Enter
wait_for "Saved the encounter"
# Saved, the open that asked goes on: the list of saved encounters.
wait_for "Open an encounter"
keys Escape
grep -q "Ambush at the ford" "$DATA/encounters/ford-ambush.yaml" || fail "the notes were not saved"
grep -q "count: 2" "$DATA/encounters/ford-ambush.yaml" || fail "the locked count was not saved"

# --- 80x24 ------------------------------------------------------------------------------
t resize-window -t w -x 80 -y 24
sleep 0.3
# The name gives way (with an ellipsis); the level, rank, role and XP stay whole.
screen | grep "× Gloamblade" | grep "…" | grep -q "L6 std skulker · 500 XP" \
  || fail "the roster at 80x24 does not keep the level, rank, role and XP"
keys F1
wait_for "Search "
wait_for "  q quit"
screen | grep -q "…" || fail "long names at 80x24 are not cut with an ellipsis"

keys q
wait_for "EXIT:0"
echo "ui walk ok"
