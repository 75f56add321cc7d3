#!/usr/bin/env bash
# Trust, round three: every command at and past the documented limits (`lairsmith-core/src/limits.rs`), on the
# data directories of `lairsmith::fixtures::limit_cases` (examples/limit-cases), beside a baseline
# measured in the same run: `show` of a shipped monster for the monster commands, an adventure
# of three small encounters for the adventure commands. Each past-the-limit case must be refused
# (exit 1) as fast as the baseline; each at-the-limit case must answer within 1 s and 64 MB.
# Usage: benches/limits.sh [RUNS]   (default 5; about two minutes on 2 cores)
# Needs hyperfine and GNU time (/usr/bin/time). LAIRSMITH_BIN=path measures another build;
# LAIRSMITH_BEFORE=path also runs each past-the-limit case on that build (say, the one before
# the limits), each stopped after 60 s.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
case $RUNS in '' | *[!0-9]* | 0) echo "usage: benches/limits.sh [RUNS] (RUNS a whole number from 1)" >&2; exit 2 ;; esac
for tool in hyperfine /usr/bin/time; do
  if ! command -v "$tool" >/dev/null; then
    echo "benches/limits.sh: $tool is not installed, so nothing was measured (install hyperfine and GNU time to run it)."
    exit 0
  fi
done
BIN=${LAIRSMITH_BIN:-target/release/lairsmith}
CASES=target/release/examples/limit-cases
if [ ! -x "$BIN" ] || [ ! -x "$CASES" ]; then
  cargo build --release --quiet --bin lairsmith
  cargo build --release --quiet --example limit-cases
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$CASES" "$WORK/cases" > "$WORK/cases.tsv"

# Median wall time in ms of a command (hyperfine), the index removed before each run.
median_ms() { # dir words...
  local dir=$1; shift
  hyperfine --runs "$RUNS" --warmup 1 -N --ignore-failure --style none \
    --prepare "rm -rf $dir/cache" --export-json "$WORK/h.json" \
    "$BIN --data-dir $dir $*" >/dev/null 2>&1
  python3 -c 'import json,sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["median"]*1000))' "$WORK/h.json"
}
# Median peak RSS in MB of three runs, and the exit status.
peak_mb() { # bin dir words...
  local bin=$1 dir=$2; shift 2
  for _ in 1 2 3; do
    rm -rf "$dir/cache"
    /usr/bin/time -f '%M' -o "$WORK/t" timeout 60 "$bin" --data-dir "$dir" "$@" >/dev/null 2>&1 || true
    tail -1 "$WORK/t"
  done | sort -n | sed -n 2p | awk '{printf "%.0f", $1/1024}'
}
status_of() { # dir words...
  local dir=$1; shift
  "$BIN" --data-dir "$dir" "$@" >/dev/null 2>&1 && echo 0 || echo $?
}

declare -A BASE
printf '| Case | What | Exit | Median | × baseline | Peak RSS |\n|---|---|---|---|---|---|\n'
while IFS=$'\t' read -r name dir kind what words; do
  # shellcheck disable=SC2086
  ms=$(median_ms "$dir" $words)
  # shellcheck disable=SC2086
  mb=$(peak_mb "$BIN" "$dir" $words)
  # shellcheck disable=SC2086
  rc=$(status_of "$dir" $words)
  case $name in
    baseline-*) BASE[$name]=$ms; ratio="1.0" ;;
    adventure-*) ratio=$(python3 -c "print('%.1f' % ($ms / ${BASE[baseline-adventure]}))") ;;
    *) ratio=$(python3 -c "print('%.1f' % ($ms / ${BASE[baseline-show]}))") ;;
  esac
  printf '| %s (%s) | %s | %s | %s ms | %s× | %s MB |\n' "$name" "$kind" "$what" "$rc" "$ms" "$ratio" "$mb"
done < "$WORK/cases.tsv"

if [ -n "${LAIRSMITH_BEFORE:-}" ]; then
  printf '\nThe same past-the-limit cases on %s (one run each, stopped after 60 s):\n\n' "$LAIRSMITH_BEFORE"
  printf '| Case | Wall | Peak RSS | Exit |\n|---|---|---|---|\n'
  while IFS=$'\t' read -r name dir kind what words; do
    [ "$kind" = past ] || continue
    rm -rf "$dir/cache"
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %M' -o "$WORK/t" timeout 60 "$LAIRSMITH_BEFORE" --data-dir "$dir" $words >/dev/null 2>&1 && rc=0 || rc=$?
    read -r secs kb < <(tail -1 "$WORK/t")
    printf '| %s | %s s | %s MB | %s |\n' "$name" "$secs" "$((kb / 1024))" "$rc"
  done < "$WORK/cases.tsv"
fi
