#!/usr/bin/env bash
# scripts/slurm_arena.sh on a real Slurm: a throwaway single-node cluster
# (its own munge key and socket, state folders, ports and slurm.conf, no
# accounting, no cgroups; as root or as an ordinary user) plays a 4-shard
# arena of built-in bots on generated maps. The merged results are exactly
# those of the same arena on one machine (the same games and winners, in
# any order) and the table is the same, text and JSON. A second arena,
# whose shard 3 finds a results file of other settings, makes the script
# exit 1 naming shard 3 and its exit code, with its merge cancelled. Every
# daemon started is stopped by its PID and nothing is left running.
# Part 1 (no cluster): the --dry-run snippet and bad flags. Part 2 skips
# with a message when the Slurm or munge programs or the build are absent.
#
#   bash tests/scripts/slurm_arena_test.sh BUILD_DIR   (from the source root)
set -euo pipefail
src=$(pwd)
build=$(cd "${1:-build}" 2> /dev/null && pwd) || build=${1:-build}
script=$src/scripts/slurm_arena.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wlslurm.XXXXXX")
fail() { echo "slurm_arena_test: FAIL: $*" >&2; exit 1; }

# Part 1: the dry run names the array, the dependency and the pieces.
if [[ -x "$build/warlight" ]]; then
  dry=$(cd "$tmp" && bash "$script" --build "$build" --shards 3 --out res \
          --sbatch-args "--partition=p1" --dry-run -- random "my bot" --games 2)
  for want in "--array=1-3" "--dependency=afterok:\${shards%%;*}" "--partition=p1" \
      "arena random '\\''my bot'\\'' --games 2 --shard \$SLURM_ARRAY_TASK_ID/3" \
      "--results $tmp/res/shard-\$SLURM_ARRAY_TASK_ID.jsonl" \
      "arena merge --json shard-1.jsonl shard-2.jsonl shard-3.jsonl"; do
    [[ "$dry" == *"$want"* ]] || fail "the dry run lacks $want: $dry"
  done
  [[ ! -e "$tmp/res" ]] || fail "the dry run made the results folder"
fi
for bad in "--shards 0 -- a b" "--wait=x --nope -- a b" "--timeout" "--build $build"; do
  if err=$(bash "$script" $bad 2>&1); then fail "'$bad' was accepted"; fi
  [[ $(wc -l <<< "$err") == 1 ]] || fail "'$bad': not one line: $err"
done

# Part 2: a real cluster.
missing=()
for p in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/slurmstepd /usr/sbin/munged; do
  [[ -x "$p" ]] || missing+=("$p")
done
for p in mungekey sbatch squeue sinfo scontrol scancel; do
  command -v "$p" > /dev/null || missing+=("$p")
done
for p in warlight bots/random bots/greedy; do
  [[ -x "$build/$p" ]] || missing+=("$build/$p")
done
if ((${#missing[@]})); then
  rm -rf "$tmp"
  echo "slurm_arena_test: part 1 passed; part 2 skipped (no ${missing[*]};" \
       "scripts/setup.sh installs slurm-wlm and munge)"
  exit 0
fi
source "$src/tests/scripts/slurm_cluster.sh"
chmod 0755 "$tmp"  # munged wants every folder above its socket searchable
trap 'cluster_stop > /dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
cluster_start "$tmp/cluster" || fail "the cluster did not start: $cluster_error"
export SLURM_CONF=$cluster_conf

# The same arena on one machine, then on the cluster, twice at once: "good",
# and "bad" whose shard 3 meets results of other settings (--regions 12).
args=(random greedy --games 16 --seed 5 --jobs 1)
"$build/warlight" arena "${args[@]}" --results "$tmp/one.jsonl" > "$tmp/one.txt" 2> /dev/null
"$build/warlight" arena merge --json "$tmp/one.jsonl" > "$tmp/one.json"
mkdir -p "$tmp/bad"
"$build/warlight" arena random greedy --games 2 --regions 12 \
  --results "$tmp/bad/shard-3.jsonl" > /dev/null 2>&1
deadline=60
start=$SECONDS
runs=()
for run in good bad; do
  (cd "$tmp" && rc=0 && timeout $((deadline + 10)) bash "$script" --build "$build" \
     --wait --timeout "$deadline" --out "$run" -- "${args[@]}" > "$run.out" 2> "$run.err" ||
     rc=$?
   echo "$rc" > "$run.status") &
  runs+=($!)
done
wait "${runs[@]}"  # not a bare wait: the daemons are children too
took=$((SECONDS - start))
((took <= deadline)) || fail "the runs took ${took}s, over the ${deadline}s deadline"

# The good run: the same games and winners, the same table.
[[ $(< "$tmp/good.status") == 0 ]] ||
  fail "good run: exit $(< "$tmp/good.status"): $(cat "$tmp/good.err" "$tmp/good/"*.log)"
games() { grep -h '"key"' "$@" | sed 's/"time_used_ms":\[[0-9,]*\],//' | sort; }
games "$tmp/one.jsonl" > "$tmp/one.games"
games "$tmp/good/"shard-*.jsonl > "$tmp/good.games"
[[ $(wc -l < "$tmp/one.games") == 16 ]] || fail "one machine: not 16 games"
diff "$tmp/one.games" "$tmp/good.games" > "$tmp/diff" || fail "the games differ: $(cat "$tmp/diff")"
for k in 1 2 3 4; do
  [[ -s "$tmp/good/shard-$k.jsonl" ]] || fail "shard $k played nothing"
done
diff "$tmp/one.txt" "$tmp/good/table.txt" > "$tmp/diff" || fail "the tables differ: $(cat "$tmp/diff")"
diff "$tmp/one.json" "$tmp/good/table.json" > "$tmp/diff" ||
  fail "the JSON tables differ: $(cat "$tmp/diff")"
grep -q "^random vs greedy  *16 " "$tmp/good.out" || fail "no table printed: $(cat "$tmp/good.out")"

# The bad run: exit 1 naming shard 3 and its exit code (2), merge cancelled.
[[ $(< "$tmp/bad.status") == 1 ]] || fail "bad run: exit $(< "$tmp/bad.status"), not 1"
grep -q "shard 3 failed: FAILED, exit code 2 " "$tmp/bad.err" ||
  fail "shard 3 not named: $(cat "$tmp/bad.err")"
grep -q "shard(s) 3 of 4 failed; merge job [0-9]* cancelled" "$tmp/bad.err" ||
  fail "no final word: $(cat "$tmp/bad.err")"
grep -q "other settings" "$tmp/bad/shard-3.log" || fail "shard 3's log: $(cat "$tmp/bad/shard-3.log")"
merge_job=$(sed -n 's/.*merge: job \([0-9]*\) .*/\1/p' "$tmp/bad.out")
[[ $(cluster_job_state "$merge_job") == CANCELLED ]] ||
  fail "merge job $merge_job: $(cluster_job_state "$merge_job"), not cancelled"
[[ ! -e "$tmp/bad/table.txt" ]] || fail "the bad run has a table"

cluster_stop || fail "$cluster_error"
echo "slurm_arena_test: passed (cluster up in ${cluster_start_seconds}s, runs ${took}s)"
