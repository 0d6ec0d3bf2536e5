#!/usr/bin/env bash
# scripts/parallel_arena.sh with GNU parallel on this machine: a 4-shard
# arena of built-in bots on generated maps gives exactly the games and
# winners of the same arena played unsharded (in any order) and the same
# table, text and JSON. A second arena, whose shard 3 finds a results file
# of other settings, exits 1 naming shard 3 and its exit code, merging
# nothing. A Colorfight II arena (--game colorfight) merges to its
# one-machine table too. Part 1 (no parallel needed): the --dry-run commands and bad
# flags. Part 2 skips with a message when parallel or the build is absent.
# The ssh form (--sshloginfile) is not run here.
#
#   bash tests/scripts/parallel_arena_test.sh BUILD_DIR   (from the source root)
set -euo pipefail
src=$(pwd)
build=$(cd "${1:-build}" 2> /dev/null && pwd) || build=${1:-build}
script=$src/scripts/parallel_arena.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wlparallel.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "parallel_arena_test: FAIL: $*" >&2; exit 1; }
source "$src/tests/scripts/arena_shards_lib.sh"

# Part 1: what would run, with a stand-in warlight.
mkdir -p "$tmp/fake"
printf '#!/bin/sh\nexit 0\n' > "$tmp/fake/warlight"
chmod +x "$tmp/fake/warlight"
(cd "$tmp" && bash "$script" --build fake --shards 3 --jobs 2 --sshloginfile /dev/null \
   --dry-run -- random "my bot" --games 2) > "$tmp/dry" || fail "the dry run failed"
for want in "--jobs 2 --sshloginfile /dev/null" "--return '$tmp/results/shard-{}.jsonl'" \
    "arena random '\\''my bot'\\'' --games 2 --shard \$1/3" "shard ::: 1 2 3" \
    "arena merge --json shard-1.jsonl shard-2.jsonl shard-3.jsonl"; do
  grep -qF -- "$want" "$tmp/dry" || fail "the dry run lacks $want: $(cat "$tmp/dry")"
done
[[ ! -e "$tmp/results" ]] || fail "the dry run made the results folder"
build=$tmp/fake shards_test_bad_flags "$script" "--jobs 0 -- a b" \
  "--sshloginfile $tmp/none --build $tmp/fake -- a b"

# Part 2: the shards run by parallel, two at a time.
missing=()
command -v parallel > /dev/null || missing+=(parallel)
for p in warlight bots/random bots/greedy bots/starter bots/colorfight/greedy \
    bots/colorfight/random bots/colorfight/starter; do
  [[ -x "$build/$p" ]] || missing+=("$build/$p")
done
if ((${#missing[@]})); then
  echo "parallel_arena_test: part 1 passed; part 2 skipped (no ${missing[*]};" \
       "scripts/setup.sh installs parallel)"
  exit 0
fi
shards_test_prepare
for run in good bad; do
  rc=0
  (cd "$tmp" && timeout 60 bash "$script" --build "$build" --jobs 2 --out "$run" \
     -- "${shards_test_args[@]}") > "$tmp/$run.out" 2> "$tmp/$run.err" || rc=$?
  echo "$rc" > "$tmp/$run.status"
done
[[ $(< "$tmp/good.status") == 0 ]] ||
  fail "good run: exit $(< "$tmp/good.status"): $(cat "$tmp/good.err" "$tmp/good/"*.log)"
shards_test_check_good "$tmp/good.out"
[[ $(< "$tmp/bad.status") == 1 ]] || fail "bad run: exit $(< "$tmp/bad.status"), not 1"
shards_test_check_bad "$tmp/bad.err"

# --game colorfight: another game's arena and merge, the same table.
cf_args=(greedy random starter --games 2 --max-turn 60 --seed 3 --jobs 1)
"$build/warlight" colorfight arena "${cf_args[@]}" > "$tmp/cf_one.txt" 2> /dev/null
(cd "$tmp" && timeout 60 bash "$script" --build "$build" --game colorfight --jobs 2 \
   --out cf -- "${cf_args[@]}") > "$tmp/cf.out" 2> "$tmp/cf.err" ||
  fail "colorfight run: $(cat "$tmp/cf.err")"
diff "$tmp/cf_one.txt" "$tmp/cf/table.txt" > "$tmp/diff" ||
  fail "the colorfight tables differ: $(cat "$tmp/diff")"
echo "parallel_arena_test: passed"
