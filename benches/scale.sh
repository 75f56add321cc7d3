#!/usr/bin/env bash
# The CLI at scale (issue 14): each command on 10,000 and 100,000 generated monsters beside the
# same command on the 44 shipped monsters alone (the baseline, measured in the same run), with a
# warm index; peak memory of each, reading the index and after an edit (which rewrites it); and
# the index's size beside the bestiary's YAML.
# Beside them, the floor of a listing that must look at every file: `find DIR -name '*.yaml'
# -printf '%s %T@ %i %C@\n'` (one stat per file, on one core), timed the same way.
# Usage: benches/scale.sh [RUNS] [list]   (default 5 runs; about 5 minutes on 2 cores; with
# `list`, only the two list commands and the floor, about a minute)
# Needs hyperfine and GNU time (/usr/bin/time); builds the release binary and make-bestiary if
# they are missing. LAIRSMITH_BIN=path measures another build (say, a saved "before" binary).
# The machine's load average is printed before and after: on a shared machine, read the
# ratios, which are measured within one run, rather than the times.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
ONLY=${2:-}
case $RUNS in '' | *[!0-9]* | 0) echo "usage: benches/scale.sh [RUNS] [list] (RUNS a whole number from 1)" >&2; exit 2 ;; esac
case $ONLY in '' | list) ;; *) echo "usage: benches/scale.sh [RUNS] [list]" >&2; exit 2 ;; esac
for tool in hyperfine /usr/bin/time; do
  if ! command -v "$tool" >/dev/null; then
    echo "benches/scale.sh: $tool is not installed, so nothing was measured (install hyperfine and GNU time to run it)."
    exit 0
  fi
done
BIN=${LAIRSMITH_BIN:-target/release/lairsmith}
MAKE=target/release/examples/make-bestiary
if [ ! -x "$BIN" ] || [ ! -x "$MAKE" ]; then
  cargo build --release --quiet --bin lairsmith --example make-bestiary
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
note() { echo "scale.sh: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }
LOAD_BEFORE=$(load)

# The floor: every file's size, modification time, inode and change time, one stat each.
cat >"$WORK/floor" <<'SH'
#!/bin/sh
exec find "$1" -name '*.yaml' -printf '%s %T@ %i %C@\n'
SH
chmod +x "$WORK/floor"

# One data directory per size: the baseline has no bestiary of its own.
mkdir -p "$WORK/d44"
for n in 10000 100000; do
  note "writing $n monsters"
  "$MAKE" "$n" "$WORK/d$n/bestiary" >/dev/null
done

# A monster of the directory's own (the baseline's is shipped), and an encounter of ten.
declare -A SHOW ENC
for n in 44 10000 100000; do
  d=$WORK/d$n
  note "warming the index of $n monsters"
  "$BIN" --data-dir "$d" list >/dev/null
  if [ "$n" = 44 ]; then
    ids=$("$BIN" --data-dir "$d" list --ids | awk 'NR % 4 == 1' | head -10)
    SHOW[$n]=hedgemaw
  else
    # Spread over the directory (file names are ids) rather than its first ten.
    ids=$(ls "$d/bestiary" | awk -v step=$((n / 10)) 'NR % step == 1 { sub(/\.yaml$/, ""); print }')
    SHOW[$n]=$(ls "$d/bestiary" | sed -n "$((n / 2))p" | sed 's/\.yaml$//')
  fi
  [ -z "$ONLY" ] || continue
  "$BIN" --data-dir "$d" encounter new "Scale bench" --party 4x8 >/dev/null
  ENC[$n]=$d/encounters/scale-bench.yaml
  [ -f "${ENC[$n]}" ] || { echo "encounter new did not write ${ENC[$n]}" >&2; exit 1; }
  for id in $ids; do "$BIN" --data-dir "$d" encounter add "${ENC[$n]}" "$id" >/dev/null; done
  [ "$(grep -c '^- monster:' "${ENC[$n]}")" = 10 ] || { echo "the encounter of $n does not hold 10 monsters" >&2; exit 1; }
done

# Orcus has no "brute" role: its heavy hitter is the wrecker.
if [ -z "$ONLY" ]; then
  NAMES=("show ID" "relevel ID --level 5" "encounter check FILE" "list ash"
    "list --level 3..7 --role wrecker" "encounter generate --party 4x8 --seed 7")
  TARGETS=("100k ≤ 3×" "100k ≤ 3×" "100k ≤ 3×" "10k ≤ 8×, 100k ≤ 40×" "10k ≤ 8×, 100k ≤ 40×"
    "100k ≤ 5× the 10k time")
  KINDS=(show show show list list generate)
else
  NAMES=("list ash" "list --level 3..7 --role wrecker")
  TARGETS=("10k ≤ 8×, 100k ≤ 40×" "10k ≤ 8×, 100k ≤ 40×")
  KINDS=(list list)
fi
commands() { # the commands on data directory $1
  local d=$WORK/d$1
  if [ -z "$ONLY" ]; then
    printf '%s\n' "$BIN --data-dir $d show ${SHOW[$1]}" \
      "$BIN --data-dir $d relevel ${SHOW[$1]} --level 5" \
      "$BIN --data-dir $d encounter check ${ENC[$1]}"
  fi
  printf '%s\n' "$BIN --data-dir $d list ash" \
    "$BIN --data-dir $d list --level 3..7 --role wrecker"
  [ -n "$ONLY" ] || printf '%s\n' "$BIN --data-dir $d encounter generate --party 4x8 --seed 7"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A TIME RSS EDIT_RSS CPU FLOOR
for n in 44 10000 100000; do
  mapfile -t cmds < <(commands "$n")
  note "peak memory, $n monsters"
  for i in "${!cmds[@]}"; do
    for _ in 1 2 3; do
      # shellcheck disable=SC2086 # the command is split on spaces, as hyperfine -N splits it
      /usr/bin/time -f %M -o "$WORK/rss" ${cmds[$i]} >/dev/null 2>"$WORK/err" || {
        echo "failed ($n monsters): ${cmds[$i]}" >&2
        cat "$WORK/err" >&2
        exit 1
      }
      tail -1 "$WORK/rss"
    done | median >"$WORK/rss.med"
    RSS[$n,$i]=$(cat "$WORK/rss.med")
  done
  note "timing, $n monsters ($RUNS runs each)"
  args=()
  for i in "${!cmds[@]}"; do args+=(-n "${NAMES[$i]}" "${cmds[$i]}"); done
  # The floor last, as its own command (the baseline has no directory of its own to list).
  [ "$n" = 44 ] || args+=(-n floor "$WORK/floor $WORK/d$n/bestiary")
  hyperfine -N -w 2 -r "$RUNS" --style none --export-json "$WORK/t$n.json" "${args[@]}" >/dev/null
  # serde_json's pretty layout: one "median", "user" and "system" line per command, in order.
  i=0
  while read -r m; do TIME[$n,$i]=$m; i=$((i + 1)); done < <(awk -F': *' '/"median":/ {sub(/,$/, "", $2); print $2}' "$WORK/t$n.json")
  want=${#cmds[@]}
  [ "$n" = 44 ] || want=$((want + 1))
  [ "$i" = "$want" ] || { echo "hyperfine's JSON held $i medians, not $want" >&2; exit 1; }
  i=0
  while read -r u; do CPU[$n,$i]=$u; i=$((i + 1)); done < <(awk -F': *' '/"user":/ {sub(/,$/, "", $2); u = $2} /"system":/ {sub(/,$/, "", $2); print u + $2}' "$WORK/t$n.json")
  [ "$n" = 44 ] || FLOOR[$n]=${TIME[$n,${#cmds[@]}]}
  # The peak after an edit: one monster file touched before each run, so that the run reads it
  # again and writes the whole index anew, as the first listing after any change does (a run
  # that only reads the index holds less). After the timing, so that no timed run rewrites.
  [ "$n" = 44 ] && continue
  edited=$WORK/d$n/bestiary/$(ls "$WORK/d$n/bestiary" | sed -n 1p)
  note "peak memory after an edit, $n monsters"
  for i in "${!cmds[@]}"; do
    for _ in 1 2 3; do
      touch "$edited"
      # shellcheck disable=SC2086 # as above
      /usr/bin/time -f %M -o "$WORK/rss" ${cmds[$i]} >/dev/null 2>"$WORK/err" || {
        echo "failed ($n monsters, after an edit): ${cmds[$i]}" >&2
        cat "$WORK/err" >&2
        exit 1
      }
      tail -1 "$WORK/rss"
    done | median >"$WORK/rss.med"
    EDIT_RSS[$n,$i]=$(cat "$WORK/rss.med")
  done
done
LOAD_AFTER=$(load)

ms() { awk -v s="$1" 'BEGIN { m = s * 1000; printf(m < 100 ? "%.1f ms" : "%.0f ms", m) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f×", a / b }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
le() { awk -v a="$1" -v b="$2" -v lim="$3" 'BEGIN { print (a / b <= lim ? "yes" : "no") }'; }

echo "scale.sh: $(date -u +%F), $(nproc) cores, load average $LOAD_BEFORE before and $LOAD_AFTER after, $RUNS runs + 2 warm-ups per command (hyperfine -N, medians; peak RSS the median of 3), binary $BIN ($(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo
echo "| command | 44 shipped | 10,000 | ratio | 100,000 | ratio | target | time met | peak RSS 44 / 10k / 100k | after an edit 10k / 100k | RSS ≤ 150 MB |"
echo "|---|---:|---:|---:|---:|---:|---|---|---:|---:|---|"
for i in "${!NAMES[@]}"; do
  b=${TIME[44,$i]} t10=${TIME[10000,$i]} t100=${TIME[100000,$i]}
  case ${KINDS[$i]} in
    show) met=$(le "$t100" "$b" 3) ;;
    list) [ "$(le "$t10" "$b" 8)" = yes ] && [ "$(le "$t100" "$b" 40)" = yes ] && met=yes || met=no ;;
    generate) met="$(le "$t100" "$t10" 5) ($(ratio "$t100" "$t10"))" ;;
  esac
  # The promise holds for both runs at 100,000: reading the index, and rewriting it.
  rss_met=$(awk -v k="${RSS[100000,$i]}" -v e="${EDIT_RSS[100000,$i]}" 'BEGIN { print (k <= 150 * 1024 && e <= 150 * 1024 ? "yes" : "no") }')
  echo "| \`${NAMES[$i]}\` | $(ms "$b") | $(ms "$t10") | $(ratio "$t10" "$b") | $(ms "$t100") | $(ratio "$t100" "$b") | ${TARGETS[$i]} | $met | $(mb "${RSS[44,$i]}") / $(mb "${RSS[10000,$i]}") / $(mb "${RSS[100000,$i]}") MB | $(mb "${EDIT_RSS[10000,$i]}") / $(mb "${EDIT_RSS[100000,$i]}") MB | $rss_met |"
done
echo
echo "The floor: \`find DIR -name '*.yaml' -printf '%s %T@ %i %C@\\n'\` (one stat per file, one core), in the same run."
echo
echo "| command | monsters | wall | × 44 shipped | × floor | CPU (user + system) | CPU × floor's CPU |"
echo "|---|---:|---:|---:|---:|---:|---:|"
# The floor beside the first list command's baseline.
for i in "${!NAMES[@]}"; do [ "${KINDS[$i]}" = list ] && { FIRST_LIST=$i; break; }; done
for n in 10000 100000; do
  f=${FLOOR[$n]} fc=${CPU[$n,${#NAMES[@]}]}
  echo "| floor | $n | $(ms "$f") | $(ratio "$f" "${TIME[44,$FIRST_LIST]}") (× \`${NAMES[$FIRST_LIST]}\` on 44) | 1.0× | $(ms "$fc") | 1.0× |"
  for i in "${!NAMES[@]}"; do
    [ "${KINDS[$i]}" = list ] || continue
    echo "| \`${NAMES[$i]}\` | $n | $(ms "${TIME[$n,$i]}") | $(ratio "${TIME[$n,$i]}" "${TIME[44,$i]}") | $(ratio "${TIME[$n,$i]}" "$f") | $(ms "${CPU[$n,$i]}") | $(ratio "${CPU[$n,$i]}" "$fc") |"
  done
done
echo
echo "| monsters | bestiary YAML (du -sb) | index (cache/, du -sb) | index / YAML | target ≤ 25 % | index files |"
echo "|---:|---:|---:|---:|---|---|"
for n in 10000 100000; do
  yaml=$(du -sb "$WORK/d$n/bestiary" | cut -f1)
  index=$(du -sb "$WORK/d$n/cache" | cut -f1)
  files=$(cd "$WORK/d$n/cache" && ls | tr '\n' ' ')
  pct=$(awk -v i="$index" -v y="$yaml" 'BEGIN { printf "%.1f", 100 * i / y }')
  echo "| $n | $(mb $((yaml / 1024))) MB | $(mb $((index / 1024))) MB | $pct % | $(awk -v p="$pct" 'BEGIN { print (p <= 25 ? "yes" : "no") }') | ${files% } |"
done
