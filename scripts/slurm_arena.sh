#!/usr/bin/env bash
# Plays an arena on a Slurm cluster: a job array of N shards (shard K runs
# `warlight arena ARGS --shard K/N`), then a merge job that starts once all of
# them succeeded (--dependency=afterok) and writes the final table.
#
#   scripts/slurm_arena.sh [options] -- ARENA ARGS...
#   scripts/slurm_arena.sh --shards 16 --out results -- mybot greedy \
#       --games 4000 --seed 7 --jobs 4
#   scripts/slurm_arena.sh --dry-run -- mybot greedy --games 400
#
# Options:
#   --shards N          shards, one array task each (default: 4)
#   --out DIR           results folder, shared by the nodes (default: results)
#   --build DIR         the build folder with warlight and the bots, the same
#                       path on every node (default: $WL_BUILD_DIR or build/)
#   --game G            warlight (default), berlin or colorfight: whose
#                       arena (`warlight G arena`; its merge likewise)
#   --sbatch-args "..." more sbatch options for both jobs, split on spaces
#                       (e.g. "--partition=long --time=2:00:00 --account=me")
#   --wait              wait for the merge and print the table (see below)
#   --timeout SECONDS   with --wait: stop waiting after SECONDS, exit 1 (the
#                       jobs are left as they are; scancel them if need be)
#   --dry-run           print the sbatch lines (a shell snippet), submit none
#   --help              print this help
#
# The arena's arguments pass through unchanged, after --, except --shard
# and --results, which this script sets. Paths in them are relative to
# where the script runs: the jobs run there (--chdir). An arena --jobs J
# makes each shard ask for J CPUs (--cpus-per-task=J); --sprt goes to the
# merge too.
#
# In --out DIR: shard-K.jsonl (shard K's results: a shard resubmitted
# after a failure resumes where it stopped), shard-K.log, and, written by
# the merge job, table.txt, table.json and merge.log.
#
# Without --wait the script prints the two job ids and where the table
# will be, and returns. With --wait it follows the jobs through `scontrol
# show job` (per-task state and exit code, with or without accounting):
# when a shard fails, it names it (task, state, exit code, log), cancels
# the merge at once (a cluster without DependencyParameters=
# kill_invalid_depend would leave it pending forever, "DependencyNever
# Satisfied"), waits for the other shards and exits 1. Without --wait,
# watch for that yourself (squeue -j MERGE_JOB; scancel it).
#
# Exit status: 0 submitted (or, with --wait, merged); 1 a shard or the
# merge failed, or --timeout passed; 2 bad arguments or no sbatch.
set -euo pipefail
prog=slurm_arena
value_flags=(--sbatch-args --timeout)
bool_flags=(--wait)
opt_sbatch_args="" opt_timeout=0 opt_wait=0
# shellcheck source=scripts/lib/arena_shards.sh disable=SC2034
source "$(dirname "${BASH_SOURCE[0]}")/lib/arena_shards.sh"

shards_parse "$@"
shards_setup
[[ "$opt_timeout" =~ ^[0-9]+$ ]] ||
  shards_usage_error "--timeout needs a number of seconds, not '$opt_timeout'"
read -ra sbatch_extra <<< "$opt_sbatch_args"
cpus=$(shards_arena_flag --jobs)
cpus=${cpus:-1}
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || shards_usage_error "arena --jobs needs a number, not '$cpus'"

shard_sbatch=(sbatch --parsable --job-name=arena-shards "--array=1-$shards"
              "--cpus-per-task=$cpus" "--chdir=$PWD" "--output=$out/shard-%a.log"
              "${sbatch_extra[@]}" --wrap "$(shards_command '$SLURM_ARRAY_TASK_ID')")
merge_sbatch=(sbatch --parsable --job-name=arena-merge "--chdir=$PWD"
              "--output=$out/merge.log" "${sbatch_extra[@]}"
              --wrap "$(shards_merge_command)")

if ((dry_run)); then
  echo "shards=\$($(sh_quote_all "${shard_sbatch[@]}"))"
  echo "$(sh_quote_all "${merge_sbatch[@]:0:2}") --dependency=afterok:\${shards%%;*}" \
       "$(sh_quote_all "${merge_sbatch[@]:2}")"
  exit 0
fi
command -v sbatch > /dev/null ||
  shards_usage_error "no sbatch on the PATH: run it where Slurm jobs are submitted"

# sbatch --parsable prints "ID" or "ID;CLUSTER".
array_job=$("${shard_sbatch[@]}") || shards_error "sbatch of the shards failed"
array_job=${array_job%%;*}
merge_job=$("${merge_sbatch[@]:0:2}" "--dependency=afterok:$array_job" \
              "${merge_sbatch[@]:2}") || {
  scancel "$array_job" || true
  shards_error "sbatch of the merge failed (shards job $array_job cancelled)"
}
merge_job=${merge_job%%;*}
echo "$prog: shards: job array $array_job (tasks 1-$shards), results in $out/shard-K.jsonl"
echo "$prog: merge: job $merge_job after them: $out/table.txt and table.json"
((opt_wait)) || exit 0

# --wait: the state of each job, from `scontrol -o show job` (one line per
# job record; pending array tasks share one record, e.g. ArrayTaskId=3-4).
# Prints "TASKS STATE EXIT_CODE REASON" per record. Status 3 when Slurm no
# longer knows the job (purged MinJobAge after it ended), 1 when the
# controller does not answer (then scontrol blocks ~9 s: hence timeout).
job_states() {
  local text
  if ! text=$(timeout 30 scontrol -o show job "$1" 2>&1); then
    [[ "$text" == *"Invalid job id"* ]] && return 3
    return 1
  fi
  awk '{
    task = "-"; state = "?"; code = "?"; reason = "-"
    for (i = 1; i <= NF; i++) {
      eq = index($i, "="); key = substr($i, 1, eq - 1); val = substr($i, eq + 1)
      if (key == "ArrayTaskId") task = val
      else if (key == "JobState") state = val
      else if (key == "ExitCode") code = val
      else if (key == "Reason") reason = val
    }
    print task, state, code, reason
  }' <<< "$text"
}
# The task ids of an ArrayTaskId such as 7, 3-4 or 1-3,5%2.
expand_tasks() {
  local part
  for part in ${1//,/ }; do
    part=${part%%%*}
    if [[ "$part" =~ ^([0-9]+)-([0-9]+)$ ]]; then
      seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
    elif [[ "$part" =~ ^[0-9]+$ ]]; then
      echo "$part"
    fi
  done
}
# 0 finished well, 1 still to come, 2 ended otherwise.
state_class() {
  case "$1" in
    COMPLETED) return 0 ;;
    PENDING | RUNNING | COMPLETING | CONFIGURING | REQUEUED | REQUEUE_* | \
      RESIZING | SUSPENDED | STOPPED | SIGNALING | STAGE_OUT) return 1 ;;
    *) return 2 ;;
  esac
}

declare -A ended=()  # task -> "STATE exit code X" once it ended
failed=()
start=$SECONDS
timed_out() { ((opt_timeout > 0 && SECONDS - start >= opt_timeout)); }
pause() {  # often at first (short runs), then every 5 s
  local waited=$((SECONDS - start))
  if ((waited < 5)); then sleep 0.2; elif ((waited < 30)); then sleep 1; else sleep 5; fi
}

# Records the tasks that ended; names each failed one, cancelling the merge
# at the first.
watch_shards() {
  local tasks task state code reason class
  while read -r tasks state code reason; do
    class=0
    state_class "$state" || class=$?
    ((class == 1)) && continue
    for task in $(expand_tasks "$tasks"); do
      [[ -z "${ended[$task]:-}" ]] || continue
      ended[$task]="$state, exit code ${code%%:*}"
      ((class == 2)) || continue
      [[ "$code" == *:0 ]] || ended[$task]+=", signal ${code#*:}"
      echo "$prog: shard $task failed: ${ended[$task]} ($reason); log: $out/shard-$task.log" >&2
      ((${#failed[@]})) || scancel "$merge_job" 2> /dev/null || true
      failed+=("$task")
    done
  done
}

while ((${#ended[@]} < shards)); do
  rc=0
  states=$(job_states "$array_job") || rc=$?
  ((rc != 3)) || shards_error "Slurm no longer knows job $array_job (purged MinJobAge after it ended?): ${#ended[@]} of $shards shards seen ending; see $out/shard-K.log"
  ((rc != 0)) || watch_shards <<< "$states"
  ((${#ended[@]} < shards)) || break
  timed_out && shards_error "--timeout ${opt_timeout}s passed: ${#ended[@]} of $shards shards ended; jobs $array_job and $merge_job left as they are"
  pause
done
if ((${#failed[@]})); then
  mapfile -t failed < <(printf '%s\n' "${failed[@]}" | sort -n)
  shards_error "shard(s) ${failed[*]} of $shards failed; merge job $merge_job cancelled; see $out/shard-K.log, then run the same command again: the shards resume"
fi

while :; do
  state="" code="" reason="" rc=0
  states=$(job_states "$merge_job") || rc=$?
  ((rc != 3)) || shards_error "Slurm no longer knows the merge (job $merge_job); see $out/merge.log"
  ((rc != 0)) || read -r _ state code reason <<< "$states"
  class=1
  if [[ -n "$state" ]]; then state_class "$state" && class=0 || class=$?; fi
  ((class == 0)) && { cat "$out/table.txt"; exit 0; }
  ((class == 2)) && shards_error "the merge (job $merge_job) ended $state, exit code ${code%%:*} ($reason); see $out/merge.log"
  timed_out && shards_error "--timeout ${opt_timeout}s passed: the merge (job $merge_job) has not ended"
  pause
done
