#!/usr/bin/env bash
# Process start to first drawn frame, measured from outside the process in a tmux pseudo-terminal,
# and resident memory once loaded. Compares a data directory of COUNT generated monsters with an
# empty one (the baseline, measured in the same run).
# Usage: benches/startup.sh [RUNS] [COUNT]   (defaults 10 and 10000)
# Needs tmux and a release build (cargo build --release --example make-bestiary and the binary;
# LAIRSMITH_BIN=path measures another build, say a saved "before" binary, in the same way);
# with hyperfine, also times the floor of listing the directory with one stat per file
# (`find DIR -name '*.yaml' -printf '%s %T@ %i %C@\n'`, one core). Prints the machine's load
# average before and after: on a shared machine, read the ratios rather than the times.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10}
COUNT=${2:-10000}
for v in "$RUNS" "$COUNT"; do
  case $v in '' | *[!0-9]* | 0) echo "usage: benches/startup.sh [RUNS] [COUNT] (whole numbers from 1)" >&2; exit 2 ;; esac
done
# The UI counts the shipped monsters too: "N of N" once all are listed.
TOTAL=$((COUNT + 44))
WORDS=$(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$COUNT")
# Resident memory is read again this long after everything is listed: what the UI holds while
# it shows the list, once loading's transient buffers are gone.
SETTLE=3
BIN=${LAIRSMITH_BIN:-target/release/lairsmith}
[ -x "$BIN" ] && [ -x target/release/examples/make-bestiary ] || cargo build --release --quiet --bin lairsmith --example make-bestiary
WORK=$(mktemp -d)
trap 'tmux -L lsbench kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/empty" "$WORK/big"
target/release/examples/make-bestiary "$COUNT" "$WORK/big/bestiary" >/dev/null
t() { tmux -L lsbench "$@"; }
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }
LOAD_BEFORE=$(load)

# The UI's resident memory in KB: the lairsmith started under the pane's shell, not any other
# lairsmith running on the machine.
rss_kb() {
  local shell pid
  shell=$(t display -p -t b '#{pane_pid}' 2>/dev/null || true)
  pid=$(pgrep -n -P "${shell:-0}" -x lairsmith || true)
  awk '/VmRSS/ {print $2}' "/proc/${pid:-0}/status" 2>/dev/null || echo 0
}

# Milliseconds from launch until the pane shows $2 (and, separately, $3), then the resident
# memory at that moment and $SETTLE seconds later. With $4, the UI runs on until the index it
# writes in the background is there, so the next start finds it whole.
measure() {
  local data=$1 first=$2 full=$3 cache=${4:-}
  t kill-server 2>/dev/null || true
  local start end_first end_full deadline
  start=$(date +%s%N)
  deadline=$((start + 120 * 1000000000))
  t -f /dev/null new-session -d -s b -x 120 -y 40 "$BIN --data-dir '$data'; sleep 5"
  end_first=""; end_full=""
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    local screen
    screen=$(t capture-pane -p -t b 2>/dev/null || true)
    if [ -z "$end_first" ] && grep -qF -- "$first" <<<"$screen"; then end_first=$(date +%s%N); fi
    if [ -n "$end_first" ] && grep -qF -- "$full" <<<"$screen"; then end_full=$(date +%s%N); break; fi
  done
  if [ -z "$end_full" ]; then
    echo "no \"$full\" on screen within 120 s (data directory $data)" >&2
    exit 1
  fi
  local rss settled
  rss=$(rss_kb)
  sleep "$SETTLE"
  settled=$(rss_kb)
  [ -z "$cache" ] || await_index "$cache"
  t kill-server 2>/dev/null || true
  echo "$(( (end_first - start) / 1000000 )) $(( (end_full - start) / 1000000 )) $rss $settled"
}

# Until the cache directory holds something and has not grown for a second (the index's name
# and encoding are the loader's business, so this looks only at the directory).
await_index() {
  local cache=$1 last=-1 same=0 size
  for _ in $(seq 240); do
    size=$(du -sb "$cache" 2>/dev/null | cut -f1 || true)
    if [ "${size:-0}" -gt 0 ] && [ -n "$(ls -A "$cache" 2>/dev/null)" ] && [ "$size" = "$last" ]; then
      same=$((same + 1))
      [ "$same" -lt 2 ] || return 0
    else
      same=0
    fi
    last=${size:-0}
    sleep 0.5
  done
  echo "the first start wrote no index in $cache within 120 s" >&2
  exit 1
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -a ef ff er es bf bfull br bs cf cfull cr cs
for _ in $(seq "$RUNS"); do
  read -r f full rss settled < <(measure "$WORK/empty" "F1 Bestiary" "44 monsters loaded")
  ef+=("$f"); ff+=("$full"); er+=("$rss"); es+=("$settled")
  # Without the index: the first start after the files were written (or the index deleted).
  rm -rf "$WORK/big/cache"
  read -r f full rss settled < <(measure "$WORK/big" "F1 Bestiary" "$TOTAL of $TOTAL" "$WORK/big/cache")
  cf+=("$f"); cfull+=("$full"); cr+=("$rss"); cs+=("$settled")
  # With the index the first start wrote.
  read -r f full rss settled < <(measure "$WORK/big" "F1 Bestiary" "$TOTAL of $TOTAL")
  bf+=("$f"); bfull+=("$full"); br+=("$rss"); bs+=("$settled")
done
med() { printf '%s\n' "$@" | median; }
c_first=$(med "${cf[@]}"); c_full=$(med "${cfull[@]}"); c_rss=$(med "${cr[@]}"); c_set=$(med "${cs[@]}")
e_first=$(med "${ef[@]}"); e_rss=$(med "${er[@]}"); e_set=$(med "${es[@]}")
b_first=$(med "${bf[@]}"); b_full=$(med "${bfull[@]}"); b_rss=$(med "${br[@]}"); b_set=$(med "${bs[@]}")
x() { awk "BEGIN {printf \"%.${3:-2}f\", $1/$2}"; }
LOAD_AFTER=$(load)
FLOOR=""
if command -v hyperfine >/dev/null; then
  printf '#!/bin/sh\nexec find "$1" -name %s -printf %s\n' "'*.yaml'" "'%s %T@ %i %C@\\n'" >"$WORK/floor"
  chmod +x "$WORK/floor"
  hyperfine -N -w 2 -r 10 --style none --export-json "$WORK/floor.json" "$WORK/floor $WORK/big/bestiary" >/dev/null
  FLOOR=$(awk -F': *' '/"median":/ {sub(/,$/, "", $2); printf "%.0f", $2 * 1000}' "$WORK/floor.json")
fi
met() { [ "$1" -le "$2" ] && echo met || echo missed; }
echo "runs: $RUNS (medians; each run starts the binary in a fresh tmux server; RSS when all are listed and ${SETTLE} s later); $(nproc) cores, load average $LOAD_BEFORE before and $LOAD_AFTER after"
echo "baseline, 44 shipped monsters: first frame ${e_first} ms, RSS $((e_rss / 1024)) MB, $((e_set / 1024)) MB ${SETTLE} s later"
echo "$WORDS monsters, no index yet: first frame ${c_first} ms, all listed ${c_full} ms ($(x "$c_full" "$e_first")x baseline; target at 10,000 ≤ 500 ms: $(met "$c_full" 500)), RSS $((c_rss / 1024)) MB, $((c_set / 1024)) MB ${SETTLE} s later"
echo "$WORDS monsters, with the index: first frame ${b_first} ms ($(x "$b_first" "$e_first")x baseline), all listed ${b_full} ms ($(x "$b_full" "$e_first")x), RSS $((b_rss / 1024)) MB ($(x "$b_rss" "$e_rss" 1)x), $((b_set / 1024)) MB ${SETTLE} s later ($(x "$b_set" "$e_set" 1)x)"
if [ -n "$FLOOR" ]; then
  echo "floor, $WORDS files: find with one stat per file ${FLOOR} ms (one core); no index, all listed: $(x "$c_full" "$FLOOR" 1)x the floor; with the index: $(x "$b_full" "$FLOOR" 1)x"
fi
