#!/usr/bin/env bash
# The CLI at scale (issue 14): each command on 10,000 and 100,000 generated monsters beside the
# same command on the 44 shipped monsters alone (the baseline, measured in the same run), with a
# warm index; peak memory of each; and the index's size beside the bestiary's YAML.
# Usage: benches/scale.sh [RUNS]   (default 5; about 5 minutes on 2 cores today)
# Needs hyperfine and GNU time (/usr/bin/time); builds the release binary and make-bestiary if
# they are missing. LAIRSMITH_BIN=path measures another build (say, a saved "before" binary).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
case $RUNS in '' | *[!0-9]* | 0) echo "usage: benches/scale.sh [RUNS] (RUNS a whole number from 1)" >&2; exit 2 ;; esac
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
  "$BIN" --data-dir "$d" encounter new "Scale bench" --party 4x8 >/dev/null
  ENC[$n]=$d/encounters/scale-bench.yaml
  [ -f "${ENC[$n]}" ] || { echo "encounter new did not write ${ENC[$n]}" >&2; exit 1; }
  for id in $ids; do "$BIN" --data-dir "$d" encounter add "${ENC[$n]}" "$id" >/dev/null; done
  [ "$(grep -c '^- monster:' "${ENC[$n]}")" = 10 ] || { echo "the encounter of $n does not hold 10 monsters" >&2; exit 1; }
done

# Orcus has no "brute" role: its heavy hitter is the wrecker.
NAMES=("show ID" "relevel ID --level 5" "encounter check FILE" "list ash"
  "list --level 3..7 --role wrecker" "encounter generate --party 4x8 --seed 7")
TARGETS=("100k ≤ 3×" "100k ≤ 3×" "100k ≤ 3×" "10k ≤ 8×, 100k ≤ 40×" "10k ≤ 8×, 100k ≤ 40×"
  "100k ≤ 5× the 10k time")
commands() { # the six commands on data directory $1
  local d=$WORK/d$1
  printf '%s\n' "$BIN --data-dir $d show ${SHOW[$1]}" \
    "$BIN --data-dir $d relevel ${SHOW[$1]} --level 5" \
    "$BIN --data-dir $d encounter check ${ENC[$1]}" \
    "$BIN --data-dir $d list ash" \
    "$BIN --data-dir $d list --level 3..7 --role wrecker" \
    "$BIN --data-dir $d encounter generate --party 4x8 --seed 7"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A TIME RSS
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
  hyperfine -N -w 2 -r "$RUNS" --style none --export-json "$WORK/t$n.json" "${args[@]}" >/dev/null
  # serde_json's pretty layout: one "median": line per command, in the order given.
  i=0
  while read -r m; do TIME[$n,$i]=$m; i=$((i + 1)); done < <(awk -F': *' '/"median":/ {sub(/,$/, "", $2); print $2}' "$WORK/t$n.json")
  [ "$i" = "${#cmds[@]}" ] || { echo "hyperfine's JSON held $i medians, not ${#cmds[@]}" >&2; exit 1; }
done

ms() { awk -v s="$1" 'BEGIN { m = s * 1000; printf(m < 100 ? "%.1f ms" : "%.0f ms", m) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f×", a / b }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
le() { awk -v a="$1" -v b="$2" -v lim="$3" 'BEGIN { print (a / b <= lim ? "yes" : "no") }'; }

echo "scale.sh: $(date -u +%F), $(nproc) cores, $RUNS runs + 2 warm-ups per command (hyperfine -N, medians; peak RSS the median of 3), binary $BIN ($(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo
echo "| command | 44 shipped | 10,000 | ratio | 100,000 | ratio | target | time met | peak RSS 44 / 10k / 100k | RSS ≤ 150 MB |"
echo "|---|---:|---:|---:|---:|---:|---|---|---:|---|"
for i in "${!NAMES[@]}"; do
  b=${TIME[44,$i]} t10=${TIME[10000,$i]} t100=${TIME[100000,$i]}
  case $i in
    0 | 1 | 2) met=$(le "$t100" "$b" 3) ;;
    3 | 4) [ "$(le "$t10" "$b" 8)" = yes ] && [ "$(le "$t100" "$b" 40)" = yes ] && met=yes || met=no ;;
    5) met="$(le "$t100" "$t10" 5) ($(ratio "$t100" "$t10"))" ;;
  esac
  rss_met=$(awk -v k="${RSS[100000,$i]}" 'BEGIN { print (k <= 150 * 1024 ? "yes" : "no") }')
  echo "| \`${NAMES[$i]}\` | $(ms "$b") | $(ms "$t10") | $(ratio "$t10" "$b") | $(ms "$t100") | $(ratio "$t100" "$b") | ${TARGETS[$i]} | $met | $(mb "${RSS[44,$i]}") / $(mb "${RSS[10000,$i]}") / $(mb "${RSS[100000,$i]}") MB | $rss_met |"
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
