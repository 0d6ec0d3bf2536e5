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
# In /tmp whatever TMPDIR says: munged wants every folder above its socket
# searchable by all, and a socket path is at most 107 bytes.
tmp=$(mktemp -d /tmp/wlslurm.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "slurm_arena_test: FAIL: $*" >&2; exit 1; }

# Part 1: the --dry-run snippet, run with a stand-in sbatch (it runs the
# shard's --wrap as task 2 and records the merge's dependency) and a
# stand-in warlight (it records its arguments): quoting survives.
mkdir -p "$tmp/bin" "$tmp/fake"
cat > "$tmp/bin/sbatch" << 'EOF2'
#!/usr/bin/env bash
array=0
while (($#)); do
  case "$1" in
    --array=*) array=1 ;;
    --dependency=*) echo "${1#--dependency=}" >> "$FAKE_LOG" ;;
    --wrap) ((array)) && SLURM_ARRAY_TASK_ID=2 sh -c "$2" ;;
  esac
  shift
done
echo "7;cluster"
EOF2
printf '#!/bin/sh\nprintf "<%%s>" "$@" >> "$FAKE_LOG"; echo >> "$FAKE_LOG"\n' > "$tmp/fake/warlight"
chmod +x "$tmp/bin/sbatch" "$tmp/fake/warlight"
export FAKE_LOG=$tmp/fake.log
(cd "$tmp" && bash "$script" --build fake --shards 3 --out res --sbatch-args "--partition=p1" \
   --dry-run -- random "my bot's" --games 2) > "$tmp/dry.sh" || fail "the dry run failed"
grep -q -- "--array=1-3 .*--partition=p1" "$tmp/dry.sh" || fail "dry run: $(cat "$tmp/dry.sh")"
(cd "$tmp" && PATH="$tmp/bin:$PATH" bash dry.sh > /dev/null) || fail "the dry run's snippet failed"
want="<arena><random><my bot's><--games><2><--shard><2/3><--results><$tmp/res/shard-2.jsonl>"
[[ $(cat "$FAKE_LOG") == "$want"$'\n'"afterok:7" ]] ||
  fail "the snippet ran: $(cat "$FAKE_LOG"); wanted $want and afterok:7"
[[ ! -e "$tmp/res" ]] || fail "the dry run made the results folder"
source "$src/tests/scripts/arena_shards_lib.sh"
build=$tmp/fake shards_test_bad_flags "$script" "--wait=x --nope -- a b" "--timeout -- a b" \
  "--timeout x --build $tmp/fake -- a b"

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
  echo "slurm_arena_test: part 1 passed; part 2 skipped (no ${missing[*]};" \
       "scripts/setup.sh installs slurm-wlm and munge)"
  exit 0
fi
source "$src/tests/scripts/slurm_cluster.sh"
chmod 0755 "$tmp"
trap 'cluster_stop > /dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
cluster_start "$tmp/cluster" || fail "the cluster did not start: $cluster_error"
export SLURM_CONF=$cluster_conf

# The same arena on one machine, then on the cluster, twice at once: "good",
# and "bad" whose shard 3 meets results of other settings (--regions 12).
shards_test_prepare
deadline=60
start=$SECONDS
runs=()
for run in good bad; do
  (cd "$tmp" && rc=0 && timeout $((deadline + 10)) bash "$script" --build "$build" --wait \
     --timeout "$deadline" --out "$run" -- "${shards_test_args[@]}" > "$run.out" 2> "$run.err" ||
     rc=$?
   echo "$rc" > "$run.status") &
  runs+=($!)
done
wait "${runs[@]}"  # not a bare wait: the daemons are children too
took=$((SECONDS - start))
((took <= deadline)) || fail "the runs took ${took}s, over the ${deadline}s deadline"

[[ $(< "$tmp/good.status") == 0 ]] ||
  fail "good run: exit $(< "$tmp/good.status"): $(cat "$tmp/good.err" "$tmp/good/"*.log)"
shards_test_check_good "$tmp/good.out"
[[ $(< "$tmp/bad.status") == 1 ]] || fail "bad run: exit $(< "$tmp/bad.status"), not 1"
shards_test_check_bad "$tmp/bad.err"
grep -q "shard 3 failed: FAILED, exit code 2 " "$tmp/bad.err" ||
  fail "no task state: $(cat "$tmp/bad.err")"
merge_job=$(sed -n 's/.*merge: job \([0-9]*\) .*/\1/p' "$tmp/bad.out")
[[ $(cluster_job_state "$merge_job") == CANCELLED ]] ||
  fail "merge job $merge_job: $(cluster_job_state "$merge_job"), not cancelled"

cluster_stop || fail "$cluster_error"
echo "slurm_arena_test: passed (cluster up in ${cluster_start_seconds}s, runs ${took}s)"
