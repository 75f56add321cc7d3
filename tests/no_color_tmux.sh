#!/usr/bin/env bash
# NO_COLOR in a real terminal (tmux): with no colours, every cursor is still seen, drawn in
# reverse video (SGR 7) on the row it is on: the Bestiary's list, the Forge's option list and
# its Details form. Usage: tests/no_color_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
BIN=${1:?usage: no_color_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "no colour: tmux is not installed" >&2; exit 2; }
DATA=$(mktemp -d)
SOCK="lairsmith-nocolor-$$"
t() { tmux -L "$SOCK" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; remove_settled "$DATA"; }
trap cleanup EXIT

fail() {
  echo "no colour FAILED: $*" >&2
  echo "---- screen (with escapes) ----" >&2
  t capture-pane -e -p -t w | cat -v >&2 || true
  exit 1
}
screen() { t capture-pane -p -t w; }
styled() { t capture-pane -e -p -t w; }
wait_for() {
  for _ in $(seq 100); do
    if screen 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}
keys() { for k in "$@"; do t send-keys -t w "$k"; sleep 0.08; done; }
# The row holding TEXT is drawn with reverse video somewhere before TEXT, and no colour is set
# anywhere on the screen (no SGR 30-37, 38, 40-47, 48, 90-97 or 100-107).
reversed_row() {
  local rows
  rows=$(styled | grep -F -- "$1" || true)
  [[ -n "$rows" ]] || fail "no row shows: $1"
  printf '%s\n' "$rows" | grep -qE $'\e\\[([0-9]+;)*7(;[0-9]+)*m[^\e]*'"$2" \
    || fail "the cursor on \"$1\" is not in reverse video"
}
no_colour() {
  if styled | grep -qE $'\e\\[([0-9]+;)*(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9]+)*m'; then
    fail "a colour is set under NO_COLOR ($1)"
  fi
}

t -f /dev/null new-session -d -s w -x 80 -y 24 \
  "NO_COLOR=1 LAIRSMITH_DATA_DIR='$DATA' '$BIN'; echo \"EXIT:\$?\"; sleep 30"
t set-option -s escape-time 0
wait_for "monsters loaded"

# The Bestiary's first row is the cursor.
first=$(screen | sed -n '4,30p' | grep -oE '[A-Z][a-z]+( [A-Z][a-z]+)*' | head -1)
[[ -n "$first" ]] || fail "no monster row on the Bestiary"
keys Home
reversed_row "$first" "$first"
no_colour "Bestiary"

# The Forge's option list: the Rank step, its cursor on Standard.
keys n 5 Enter
wait_for "Rank (step 2"
reversed_row "Standard" "Standard"
no_colour "Forge list"

# The Details form: its cursor on Str after two rows down.
for _ in 1 2 3 4 5 6 7; do keys ']'; done
wait_for "Details (step"
keys Home Down Down
reversed_row "Str " "Str"
no_colour "Details"

keys Escape
echo "no colour: every cursor is seen without colour"
