#!/usr/bin/env bash
# scripts/strength.sh with stand-in sparring partners (wrappers of the
# starter bot): bad arguments and a folder without partners are one line
# and exit 2; a run plays each of our bots against each partner found and
# mcts against greedy, writes each pair's results and the gathered table;
# a second run resumes (plays nothing more).
#
#   bash tests/scripts/strength_test.sh BUILD_DIR   (from the source root)
set -euo pipefail
src=$(pwd)
build=$(cd "${1:-build}" 2> /dev/null && pwd) || build=${1:-build}
script=$src/scripts/strength.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wlstrength.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "strength_test: FAIL: $*" >&2; exit 1; }

expect_2() {  # expect_2 WANTED ARGS...: exit 2 with WANTED on stderr
  local want=$1; shift
  local status=0
  WL_BUILD_DIR=$build bash "$script" "$@" > /dev/null 2> "$tmp/err" || status=$?
  [[ $status == 2 ]] || fail "$* exited $status, not 2"
  grep -qF -- "$want" "$tmp/err" || fail "$* said: $(cat "$tmp/err")"
  [[ $(wc -l < "$tmp/err") == 1 ]] || fail "$* said more than one line"
}
expect_2 "which SPARRING folder"
expect_2 "unknown option --gmes" "$tmp" --gmes 2
expect_2 "--games must be a positive integer" "$tmp" --games 0
expect_2 "no partner in $tmp/none/bin" "$tmp/none" --maps "$src/maps/wl2"

for p in warlight bots/starter bots/greedy; do
  if [[ ! -x "$build/$p" ]]; then
    echo "strength_test: skipped the games: no $build/$p"; exit 0
  fi
done
mkdir -p "$tmp/sparring/bin"
printf '#!/bin/sh\nexec %s/bots/starter "$@"\n' "$build" \
  > "$tmp/sparring/bin/calincru-v4"
chmod +x "$tmp/sparring/bin/calincru-v4"
run() {
  (cd "$tmp" && WL_BUILD_DIR=$build bash "$script" sparring --games 2 \
     --bots greedy,starter --maps "$src/maps/wl2" --out out) 2> "$tmp/log"
}
run > "$tmp/first" || fail "the run failed: $(cat "$tmp/log")"
for pair in greedy-vs-calincru-v4 starter-vs-calincru-v4; do
  [[ $(grep -c '"winner"' "$tmp/out/$pair.jsonl") == 2 ]] ||
    fail "$pair did not play 2 games"
done
[[ ! -e "$tmp/out/mcts-vs-greedy.jsonl" ]] || fail "mcts played, not asked"
grep -q "^greedy vs .*calincru-v4  *2 " "$tmp/out/table.txt" ||
  fail "the table lacks greedy's pair: $(cat "$tmp/out/table.txt")"
grep -q "^starter vs .*calincru-v4  *2 " "$tmp/out/table.txt" ||
  fail "the table lacks starter's pair"
grep -q "^greedy vs " "$tmp/first" || fail "stdout lacks the table"
run > /dev/null || fail "the second run failed: $(cat "$tmp/log")"
for pair in greedy-vs-calincru-v4 starter-vs-calincru-v4; do
  [[ $(grep -c '"winner"' "$tmp/out/$pair.jsonl") == 2 ]] ||
    fail "the second run played $pair again"
done
echo "strength_test: passed"
