# shellcheck shell=bash
# The checks slurm_arena_test.sh and parallel_arena_test.sh share. Sourced
# after the test defines fail() and sets build (absolute) and tmp:
#
#   shards_test_bad_flags SCRIPT [MORE...]  # bad flags: one line, exit 2
#   shards_test_prepare            # the one-machine arena: tmp/one.{jsonl,txt,json};
#                                  # tmp/bad/shard-3.jsonl of other settings
#   SCRIPT ... --out tmp/good -- "${shards_test_args[@]}"   (and tmp/bad)
#   shards_test_check_good OUTPUT  # the same games, winners and tables
#   shards_test_check_bad ERRORS   # shard 3 named, exit code 2, no table

# Three built-in bots on generated maps (three pairs: the merged table must
# list them in the arena's order), 6 games a pair, one at a time per shard.
shards_test_args=(random greedy starter --games 6 --seed 5 --jobs 1)

shards_test_bad_flags() {  # SCRIPT [MORE BAD FLAGS...]
  local script=$1 bad err
  shift
  for bad in "--shards 0 -- a b" "--nope -- a b" "--out" "--build $build" \
      "--build $build -- a --results x" "$@"; do
    if err=$(bash "$script" $bad 2>&1); then fail "'$bad' was accepted"; fi
    [[ $(wc -l <<< "$err") == 1 ]] || fail "'$bad': not one line: $err"
  done
}

shards_test_prepare() {
  "$build/warlight" arena "${shards_test_args[@]}" --results "$tmp/one.jsonl" \
    > "$tmp/one.txt" 2> /dev/null
  "$build/warlight" arena merge --json "$tmp/one.jsonl" > "$tmp/one.json"
  mkdir -p "$tmp/bad"
  "$build/warlight" arena random greedy --games 2 --regions 12 \
    --results "$tmp/bad/shard-3.jsonl" > /dev/null 2>&1
}

# The result lines, sorted, without the time the bots used (it varies).
shards_test_games() {
  grep -h '"key"' "$@" | sed 's/"time_used_ms":\[[0-9,]*\],//' | sort
}

shards_test_check_good() {  # OUTPUT: what the script printed
  local d=$tmp/good k
  shards_test_games "$tmp/one.jsonl" > "$tmp/one.games"
  shards_test_games "$d/"shard-*.jsonl > "$tmp/good.games"
  [[ $(wc -l < "$tmp/one.games") == 18 ]] || fail "one machine: not 18 games"
  diff "$tmp/one.games" "$tmp/good.games" > "$tmp/diff" ||
    fail "the games differ: $(cat "$tmp/diff")"
  for k in 1 2 3 4; do
    [[ -s "$d/shard-$k.jsonl" ]] || fail "shard $k played nothing"
  done
  diff "$tmp/one.txt" "$d/table.txt" > "$tmp/diff" || fail "the tables differ: $(cat "$tmp/diff")"
  diff "$tmp/one.json" "$d/table.json" > "$tmp/diff" ||
    fail "the JSON tables differ: $(cat "$tmp/diff")"
  grep -q "^random vs greedy  *6 " "$1" || fail "no table printed: $(cat "$1")"
}

shards_test_check_bad() {  # ERRORS: what the script said on stderr
  grep -q "shard 3 failed: .*exit code 2[ ;,]" "$1" || fail "shard 3 not named: $(cat "$1")"
  grep -q "shard(s) 3 of 4 failed" "$1" || fail "no final word: $(cat "$1")"
  grep -q "other settings" "$tmp/bad/shard-3.log" ||
    fail "shard 3's log: $(cat "$tmp/bad/shard-3.log")"
  [[ ! -e "$tmp/bad/table.txt" ]] || fail "the failed run has a table"
}
