#!/usr/bin/env bash
# The printable HTML in a real browser: exports a shipped monster's sheet and an encounter
# sheet with several long stat blocks, prints each to PDF with headless Chromium on Letter
# (Chromium's default) and on A4, extracts the text with pdftotext, and checks that every
# number of each stat block (HP, the four defences, initiative, XP, each attack bonus) is on
# the one page that also holds the block's name and its last line: a block split across
# pages would leave its top on one page and its footer on the next.
# Usage: tests/print_chromium.sh PATH/TO/lairsmith
set -euo pipefail
BIN=${1:?usage: print_chromium.sh PATH/TO/lairsmith}
CHROME=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROME" ] || { echo "print: chromium is not installed" >&2; exit 2; }
command -v pdftotext >/dev/null || { echo "print: pdftotext is not installed" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DATA="$WORK/data"
ls_() { "$BIN" --data-dir "$DATA" "$@"; }
fail() { echo "print FAILED: $*" >&2; exit 1; }

# 1,000 as the sheets print XP.
thousands() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
signed() { if [ "$1" -ge 0 ]; then echo "+$1"; else echo "$1"; fi; }

# print HTML PDF [A4]: renders one file; with A4 the page size is forced to A4.
print() {
  local html=$1 pdf=$2
  if [ "${3:-}" = A4 ]; then
    sed 's|</head>|<style>@page { size: A4; }</style></head>|' "$html" >"$html.a4.html"
    html="$html.a4.html"
  fi
  timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --user-data-dir="$WORK/chrome" --print-to-pdf="$pdf" "file://$html" >/dev/null 2>&1 \
    || fail "chromium could not print $html"
  [ -s "$pdf" ] || fail "chromium wrote no PDF for $html"
}

# check_block TEXT ID: the block of monster ID is whole on one page of TEXT (pages split by
# form feeds) with every number.
check_block() {
  local text=$1 id=$2 yaml page name
  yaml=$(ls_ show "$id" --format yaml)
  name=$(echo "$yaml" | sed -n 's/^name: //p' | head -1)
  local want=(
    "$name"
    "HP $(echo "$yaml" | sed -n 's/^hp: //p');"
    "AC $(echo "$yaml" | sed -n 's/^  ac: //p'),"
    "Fortitude $(echo "$yaml" | sed -n 's/^  fortitude: //p'),"
    "Reflex $(echo "$yaml" | sed -n 's/^  reflex: //p'),"
    "Will $(echo "$yaml" | sed -n 's/^  will: //p')"
    "Initiative $(signed "$(echo "$yaml" | sed -n 's/^initiative: //p')")"
    "XP $(thousands "$(echo "$yaml" | sed -n 's/^xp: //p')")"
  )
  local bonus
  for bonus in $(echo "$yaml" | sed -n 's/^ *bonus: \(-\{0,1\}[0-9]\{1,\}\)$/\1/p'); do
    want+=("$(signed "$bonus") vs")
  done
  [ "${#want[@]}" -gt 8 ] || fail "$id has no attack bonus to look for"
  # The footer "lairsmith show ID" is the block's last line: the page that holds it.
  local pages
  pages=$(awk -v RS='\f' -v id="lairsmith show $id" 'index($0, id) { print NR }' "$text")
  [ "$(echo "$pages" | grep -c .)" = 1 ] || fail "$id's last line is on pages [$pages] of $text, not one"
  page=$(awk -v RS='\f' -v n="$pages" 'NR == n' "$text")
  local w
  for w in "${want[@]}"; do
    # A block split across pages leaves its top (name, HP, defences) on the page before.
    grep -qF -- "$w" <<<"$page" || fail "$id: \`$w\` is not on page $pages of $text with the block's last line:
$page"
  done
  echo "  $id: ${#want[@]} checks on page $pages"
}

ls_ show hedgemaw --format html >"$WORK/monster.html"
monsters=(aphelion-maw hedgemaw gloamblade-stalker brinecoil-strangler cinderspine-wyrm ashen-keener daybreak-arbiter)
ls_ encounter new "Print Test" --party 4x20 >/dev/null
for m in "${monsters[@]}"; do
  ls_ encounter add print-test "$m" >/dev/null
done
ls_ encounter export print-test --format html --treasure steady >"$WORK/encounter.html"

for size in Letter A4; do
  print "$WORK/monster.html" "$WORK/monster-$size.pdf" "$size"
  pdftotext -layout "$WORK/monster-$size.pdf" "$WORK/monster-$size.txt"
  echo "monster sheet, $size:"
  check_block "$WORK/monster-$size.txt" hedgemaw
  print "$WORK/encounter.html" "$WORK/encounter-$size.pdf" "$size"
  pdftotext -layout "$WORK/encounter-$size.pdf" "$WORK/encounter-$size.txt"
  n=$(awk -v RS='\f' 'END { print NR }' "$WORK/encounter-$size.txt")
  echo "encounter sheet, $size: $n pages"
  [ "$n" -gt 2 ] || fail "the encounter sheet should take several pages, not $n"
  first=$(awk -v RS='\f' 'NR == 1' "$WORK/encounter-$size.txt")
  for w in "Budget" "Encounter XP" "Budget arithmetic"; do
    grep -qF -- "$w" <<<"$first" || fail "\`$w\` is not on the first page:
$first"
  done
  for m in "${monsters[@]}"; do
    check_block "$WORK/encounter-$size.txt" "$m"
  done
done

# The sheet for running a fight on paper (`--for table`): a typical encounter of four kinds of
# monster, two of each, fits two pages on either paper size, with every creature's card, no
# stat block split and none of the budget arithmetic.
table_monsters=(hedgemaw gloamblade-stalker brinecoil-strangler ashen-keener)
ls_ encounter new "Table Test" --party 5x8 >/dev/null
for m in "${table_monsters[@]}"; do
  ls_ encounter add table-test "$m" --count 2 >/dev/null
done
ls_ encounter add table-test challenge:8:4 --name "Douse the Signal Pyre" >/dev/null
ls_ encounter export table-test --format html --for table >"$WORK/table.html"
for size in Letter A4; do
  print "$WORK/table.html" "$WORK/table-$size.pdf" "$size"
  pdftotext -layout "$WORK/table-$size.pdf" "$WORK/table-$size.txt"
  n=$(awk -v RS='\f' 'END { print NR }' "$WORK/table-$size.txt")
  [ "$n" -le 2 ] || fail "the table sheet takes $n pages on $size, not two or fewer"
  echo "table sheet, $size: $n pages"
  for m in "${table_monsters[@]}"; do
    name=$(ls_ show "$m" --format yaml | sed -n 's/^name: //p' | head -1)
    for i in 1 2; do
      grep -qF -- "$name $i" "$WORK/table-$size.txt" || fail "the creature \`$name $i\` is not on the table sheet ($size)"
    done
    check_block "$WORK/table-$size.txt" "$m"
  done
  grep -qF "Initiative" "$WORK/table-$size.txt" || fail "the table sheet has no initiative ladder ($size)"
  # The challenge's card: its name on a line of its own, a box for each of its 4 successes and
  # 3 failures.
  ! grep -qF "Douse the Signal Pyre4" "$WORK/table-$size.txt" || fail "the challenge's name runs into its line ($size)"
  grep -qF "4 successes before 3 failures" "$WORK/table-$size.txt" || fail "the challenge's line is missing ($size)"
  grep -qF "Successes ☐☐☐☐ · Failures ☐☐☐" "$WORK/table-$size.txt" || fail "the challenge's boxes are not 4 and 3 ($size)"
  # Each power's name stays whole on one line of its header: a header squeezed beside its usage
  # broke a name into a word a line.
  for m in "${table_monsters[@]}"; do
    while IFS= read -r power; do
      grep -qF -- "$power" "$WORK/table-$size.txt" || fail "$m's power \`$power\` is broken over lines on the table sheet ($size)"
    done < <(ls_ show "$m" --format yaml | sed -n 's/^- name: //p; s/^  name: //p' | sort -u)
  done
  ! grep -qiF "budget" "$WORK/table-$size.txt" || fail "the table sheet shows the budget arithmetic ($size)"
done
echo "print: ok"
