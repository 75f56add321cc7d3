#!/usr/bin/env bash
# Every way in has a way out, in a real terminal (tmux):
# 1. Unsaved Forge work, a data directory that cannot take the recovery file, `kill -TERM`:
#    exit 143, the work in the state directory (or the temp directory, when the state and cache
#    directories cannot take it either), and stderr saying where and why; when no place takes
#    it, stderr says so, place by place. The places are pointed into the test's own directory
#    (HOME, XDG_STATE_HOME, XDG_CACHE_HOME, TMPDIR), so nothing is written to the real home.
# 2. The issue's settings file (`quit` on F24, Ctrl-C given to `reload`): the UI warns, and
#    Ctrl-C quits; with `quit` on F24 alone, Ctrl-C quits from the search box, and asks first
#    about unsaved work.
# Usage: tests/ways_out_tmux.sh PATH/TO/lairsmith
set -euo pipefail
# shellcheck source=tests/tmux_cleanup.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_cleanup.sh"
BIN=${1:?usage: ways_out_tmux.sh PATH/TO/lairsmith}
command -v tmux >/dev/null || { echo "ways out: tmux is not installed" >&2; exit 2; }
WORK=$(mktemp -d)
SOCK="lairsmith-ways-out-$$"
t() { tmux -L "$SOCK" "$@"; }
cleanup() {
  t kill-server 2>/dev/null || true
  chmod -R u+w "$WORK" 2>/dev/null || true
  remove_settled "$WORK"
}
trap cleanup EXIT

fail() {
  echo "ways out FAILED: $*" >&2
  t capture-pane -p -t s >&2 || true
  for f in "$WORK"/err-*; do [ -f "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; }; done
  exit 1
}

wait_for() {
  for _ in $(seq 150); do
    if t capture-pane -p -t s 2>/dev/null | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}

t new-session -d -s s -x 120 -y 40 "bash --norc --noprofile"
t send-keys -t s "PS1='$ '" Enter

# A data directory whose recovery file cannot be written. chmod stops everyone but root, and
# the tests may run as root: then `recovery` is made a regular file, so the directory cannot be
# created whoever runs lairsmith.
unwritable_data() {
  local data=$1
  mkdir -p "$data"
  if [ "$(id -u)" = 0 ]; then
    printf 'not a directory\n' > "$data/recovery"
  else
    chmod 0555 "$data"
  fi
}

# Runs the UI on $1 with the environment in $2, changes the Forge's new monster (unsaved work), and
# stops it with SIGTERM; stderr goes to $WORK/err-$3.
stopped_with_unsaved_work() {
  local data=$1 env=$2 name=$3
  t send-keys -t s "clear; env $env '$BIN' --data-dir '$data' 2>'$WORK/err-$name'; echo \"EXIT=\$?\"" Enter
  wait_for "monsters loaded"
  t send-keys -t s F2
  wait_for "Stat block (live)"
  t send-keys -t s Down
  sleep 0.2
  t send-keys -t s Down
  sleep 0.2
  t send-keys -t s Enter
  wait_for "unsaved"
  local pid
  pid=$(pgrep -f -- "^$BIN --data-dir $data\$" | head -1)
  [ -n "$pid" ] || fail "$name: no lairsmith process"
  kill -TERM "$pid"
  wait_for "EXIT="
  t capture-pane -p -t s | grep -qF "EXIT=143" || fail "$name: wanted exit 143"
}

places() { # the environment pointing every place into $WORK/$1
  echo "HOME='$WORK/$1/home' XDG_STATE_HOME='$WORK/$1/state' XDG_CACHE_HOME='$WORK/$1/cache' TMPDIR='$WORK/$1/tmp'"
}

# 1a. The data directory cannot take it: the state directory does.
DATA="$WORK/state-case/data"
unwritable_data "$DATA"
mkdir -p "$WORK/state-case/tmp"
stopped_with_unsaved_work "$DATA" "$(places state-case)" state
err=$(cat "$WORK/err-state")
dir="$WORK/state-case/state/lairsmith/recovery"
kept=$(ls "$dir"/*.yaml 2>/dev/null | head -1 || true)
[ -n "$kept" ] || fail "state: nothing in $dir"
grep -q "^name: New Monster" "$kept" || fail "state: $kept does not hold the unsaved monster: $(cat "$kept")"
echo "$err" | grep -qF "lairsmith: stopped by SIGTERM; your unsaved work (monster " \
  || fail "state: no message about the kept work: $err"
echo "$err" | grep -qF "is kept in $kept (it could not be kept in $DATA/recovery: " \
  || fail "state: the message does not say where the work went and why: $err"
[ "$(stat -c %a "$dir")" = 700 ] || fail "state: $dir is not private: $(stat -c %a "$dir")"
[ ! -e "$WORK/state-case/home" ] || fail "state: something was written to HOME"

# 1b. The state and cache directories cannot take it either: the temp directory does, in a
# private directory of this user's.
DATA="$WORK/tmp-case/data"
unwritable_data "$DATA"
mkdir -p "$WORK/tmp-case/state" "$WORK/tmp-case/cache" "$WORK/tmp-case/tmp"
printf 'x\n' > "$WORK/tmp-case/state/lairsmith"
printf 'x\n' > "$WORK/tmp-case/cache/lairsmith"
stopped_with_unsaved_work "$DATA" "$(places tmp-case)" tmp
err=$(cat "$WORK/err-tmp")
dir="$WORK/tmp-case/tmp/lairsmith-recovery-$(id -u)"
kept=$(ls "$dir"/*.yaml 2>/dev/null | head -1 || true)
[ -n "$kept" ] || fail "tmp: nothing in $dir: $err"
grep -q "^name: New Monster" "$kept" || fail "tmp: $kept does not hold the unsaved monster"
echo "$err" | grep -qF "is kept in $kept (it could not be kept in $DATA/recovery: " \
  || fail "tmp: the message does not say where the work went: $err"
echo "$err" | grep -qF "$WORK/tmp-case/state/lairsmith/recovery: cannot create it: " \
  || fail "tmp: the message does not say why the state directory refused: $err"
[ "$(stat -c %a "$dir")" = 700 ] || fail "tmp: $dir is not private"

# 1c. No place takes it: a link planted at the temp directory's name is not followed, and the
# message says the work could not be kept and why, place by place.
DATA="$WORK/none-case/data"
unwritable_data "$DATA"
mkdir -p "$WORK/none-case/state" "$WORK/none-case/cache" "$WORK/none-case/tmp" "$WORK/none-case/victim"
printf 'x\n' > "$WORK/none-case/state/lairsmith"
printf 'x\n' > "$WORK/none-case/cache/lairsmith"
ln -s "$WORK/none-case/victim" "$WORK/none-case/tmp/lairsmith-recovery-$(id -u)"
stopped_with_unsaved_work "$DATA" "$(places none-case)" none
err=$(cat "$WORK/err-none")
echo "$err" | grep -qF "could not be kept anywhere and is lost: $DATA/recovery: " \
  || fail "none: no message saying the work is lost: $err"
echo "$err" | grep -qF "lairsmith-recovery-$(id -u): it is a symbolic link" \
  || fail "none: the planted link was not named: $err"
[ -z "$(ls -A "$WORK/none-case/victim")" ] || fail "none: something was written through the link"

# 2a. The issue's settings file: the UI warns and Ctrl-C quits (it used to reload).
CONF="$WORK/issue.yaml"
printf 'keys: {quit: ["F24"], reload: ["Ctrl-c"]}\n' > "$CONF"
mkdir -p "$WORK/ctrl-c/data"
t send-keys -t s "clear; '$BIN' --data-dir '$WORK/ctrl-c/data' --config '$CONF'; echo \"EXIT=\$?\"" Enter
wait_for "reserved for quitting"
t send-keys -t s C-c
wait_for "EXIT=0"

# 2b. `quit` on F24 alone (a valid file): Ctrl-C quits from the search box while typing, and
# with unsaved work asks first.
printf 'keys: {quit: ["F24"]}\n' > "$CONF"
t send-keys -t s "clear; '$BIN' --data-dir '$WORK/ctrl-c/data' --config '$CONF'; echo \"EXIT=\$?\"" Enter
wait_for "monsters loaded"
t send-keys -t s /
sleep 0.3
t send-keys -t s g o b
sleep 0.3
t capture-pane -p -t s | grep -qF "Ctrl-C quit" || fail "the search box's bar does not show Ctrl-C quit"
t send-keys -t s C-c
wait_for "EXIT=0"
t send-keys -t s "clear; '$BIN' --data-dir '$WORK/ctrl-c/data' --config '$CONF'; echo \"EXIT=\$?\"" Enter
wait_for "monsters loaded"
t send-keys -t s F2
wait_for "Stat block (live)"
t send-keys -t s Down
sleep 0.2
t send-keys -t s Enter
wait_for "unsaved"
t send-keys -t s C-c
wait_for "Save them before"
t send-keys -t s n
wait_for "EXIT=0"
echo "ways out: ok"
