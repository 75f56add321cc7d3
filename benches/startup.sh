#!/usr/bin/env bash
# Process start to first drawn frame, measured from outside the process in a tmux pseudo-terminal,
# and resident memory once loaded. Compares a 10,000-monster data directory with an empty one
# (the baseline, measured in the same run). Usage: benches/startup.sh [RUNS]
# Needs tmux and a release build (cargo build --release --example make-bestiary and the binary).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10}
BIN=target/release/lairsmith
[ -x "$BIN" ] && [ -x target/release/examples/make-bestiary ] || cargo build --release --quiet --bin lairsmith --example make-bestiary
WORK=$(mktemp -d)
trap 'tmux -L lsbench kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/empty" "$WORK/big"
target/release/examples/make-bestiary 10000 "$WORK/big/bestiary" >/dev/null
t() { tmux -L lsbench "$@"; }

# Milliseconds from launch until the pane shows $2 (and, separately, $3).
measure() {
  local data=$1 first=$2 full=$3 linger=${4:-0}
  t kill-server 2>/dev/null || true
  local start end_first end_full
  start=$(date +%s%N)
  t -f /dev/null new-session -d -s b -x 120 -y 40 "$BIN --data-dir '$data'; sleep 5"
  end_first=""; end_full=""
  for _ in $(seq 5000); do
    local screen
    screen=$(t capture-pane -p -t b 2>/dev/null || true)
    if [ -z "$end_first" ] && grep -qF -- "$first" <<<"$screen"; then end_first=$(date +%s%N); fi
    if [ -n "$end_first" ] && grep -qF -- "$full" <<<"$screen"; then end_full=$(date +%s%N); break; fi
  done
  local pid rss
  pid=$(pgrep -n -x lairsmith || true)
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  # Let background work (writing the bestiary index) finish before the next run.
  sleep "$linger"
  t kill-server 2>/dev/null || true
  echo "$(( (end_first - start) / 1000000 )) $(( (end_full - start) / 1000000 )) $rss"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -a ef ff er bf bfull br cf cfull cr
for _ in $(seq "$RUNS"); do
  read -r f full rss < <(measure "$WORK/empty" "F1 Bestiary" "44 monsters loaded")
  ef+=("$f"); ff+=("$full"); er+=("$rss")
  # Without the index: the first start after the files were written (or the index deleted).
  rm -rf "$WORK/big/cache"
  read -r f full rss < <(measure "$WORK/big" "F1 Bestiary" "10044 of 10044" 2)
  cf+=("$f"); cfull+=("$full"); cr+=("$rss")
  [ -s "$WORK/big/cache/bestiary-index.jsonl" ] || { echo "the first start wrote no index" >&2; exit 1; }
  # With the index the first start wrote.
  read -r f full rss < <(measure "$WORK/big" "F1 Bestiary" "10044 of 10044")
  bf+=("$f"); bfull+=("$full"); br+=("$rss")
done
c_first=$(printf '%s\n' "${cf[@]}" | median); c_full=$(printf '%s\n' "${cfull[@]}" | median)
c_rss=$(printf '%s\n' "${cr[@]}" | median)
e_first=$(printf '%s\n' "${ef[@]}" | median); e_rss=$(printf '%s\n' "${er[@]}" | median)
b_first=$(printf '%s\n' "${bf[@]}" | median); b_full=$(printf '%s\n' "${bfull[@]}" | median)
b_rss=$(printf '%s\n' "${br[@]}" | median)
echo "runs: $RUNS (medians; each run starts the binary in a fresh tmux server)"
echo "baseline, 44 shipped monsters: first frame ${e_first} ms, RSS $((e_rss / 1024)) MB"
echo "10,000 monsters, no index yet: first frame ${c_first} ms, all listed ${c_full} ms ($(awk "BEGIN {printf \"%.2f\", $c_full/$e_first}")x baseline), RSS $((c_rss / 1024)) MB"
echo "10,000 monsters, with the index: first frame ${b_first} ms ($(awk "BEGIN {printf \"%.2f\", $b_first/$e_first}")x baseline), all listed ${b_full} ms ($(awk "BEGIN {printf \"%.2f\", $b_full/$e_first}")x), RSS $((b_rss / 1024)) MB ($(awk "BEGIN {printf \"%.1f\", $b_rss/$e_rss}")x)"
