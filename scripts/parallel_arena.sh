#!/usr/bin/env bash
# Plays an arena as N shards run by GNU parallel (shard K runs `warlight
# arena ARGS --shard K/N`), here or over ssh, then merges their results into
# the final table.
#
#   scripts/parallel_arena.sh [options] -- ARENA ARGS...
#   scripts/parallel_arena.sh --shards 8 --jobs 2 -- mybot greedy \
#       --games 4000 --seed 7 --jobs 1
#   scripts/parallel_arena.sh --shards 8 --sshloginfile hosts.txt -- \
#       mybot greedy --games 4000 --seed 7
#
# Options:
#   --shards N            shards (default: 4)
#   --out DIR             results folder (default: results)
#   --build DIR           the build folder with warlight and the bots
#                         (default: $WL_BUILD_DIR or build/)
#   --game G              warlight (default), berlin or colorfight: whose
#                         arena (`warlight G arena`; its merge likewise)
#   --jobs J              shards at once (per host with --sshloginfile;
#                         default: parallel's, one per CPU core); each
#                         shard plays the arena's own --jobs games at once
#   --sshloginfile FILE   run the shards on the hosts of FILE (parallel's
#                         format: one [user@]host a line, ":" for this
#                         one). Every host needs the same build at the same
#                         absolute path; each shard's results and log are
#                         copied back here (--return) and removed there
#   --dry-run             print the parallel and merge commands, run none
#   --help                print this help
#
# The arena's arguments pass through unchanged, after --, except --shard
# and --results, which this script sets. Paths in them are relative to
# where the script runs (on another host: to the ssh login's folder).
# --sprt goes to the merge too.
#
# In --out DIR: shard-K.jsonl (shard K's results: a re-run resumes where a
# shard stopped), shard-K.log, parallel.log (parallel's job log), and,
# once every shard succeeded, table.txt and table.json, each written whole.
# A failed shard is named (exit code, signal, log); the others still play;
# nothing is merged.
#
# Exit status: 0 merged; 1 a shard or the merge failed; 2 bad arguments or
# no parallel.
set -euo pipefail
prog=parallel_arena
value_flags=(--jobs --sshloginfile)
bool_flags=()
opt_jobs="" opt_sshloginfile=""
# shellcheck source=scripts/lib/arena_shards.sh disable=SC2034
source "$(dirname "${BASH_SOURCE[0]}")/lib/arena_shards.sh"

shards_parse "$@"
shards_setup
[[ -z "$opt_jobs" || "$opt_jobs" =~ ^[1-9][0-9]*$ ]] ||
  shards_usage_error "--jobs needs a number, not '$opt_jobs'"
if [[ -n "$opt_sshloginfile" && ! -r "$opt_sshloginfile" ]]; then
  shards_usage_error "cannot read --sshloginfile $opt_sshloginfile"
fi

# The shard number is sh's $1: no parallel replacement string in the
# command, whatever the arena arguments hold.
shard="mkdir -p $(sh_quote "$out") && $(shards_command '$1')"
shard+=" > $(sh_quote "$out")/shard-\$1.log 2>&1"
run=(parallel --joblog "$out/parallel.log" ${opt_jobs:+--jobs "$opt_jobs"})
if [[ -n "$opt_sshloginfile" ]]; then
  run+=(--sshloginfile "$opt_sshloginfile" --cleanup
        --return "$out/shard-{}.jsonl" --return "$out/shard-{}.log")
fi
mapfile -t numbers < <(seq 1 "$shards")
run+=(-q sh -c "$shard" shard ::: "${numbers[@]}")

if ((dry_run)); then
  sh_quote_all "${run[@]}"
  printf '\n%s\n' "$(shards_merge_command)"
  exit 0
fi
command -v parallel > /dev/null ||
  shards_usage_error "no parallel on the PATH: install GNU parallel"

rc=0
: > "$out/parallel.log"  # parallel writes it anew; there even if it cannot start
"${run[@]}" < /dev/null || rc=$?
failed=()
# parallel.log: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command
while IFS=$'\t' read -r seq host _ _ _ _ code signal _; do
  [[ "$seq" =~ ^[0-9]+$ ]] && ((code != 0 || signal != 0)) || continue
  why="exit code $code"
  ((signal == 0)) || why+=", signal $signal"
  [[ "$host" != : ]] || host=""
  echo "$prog: shard $seq failed${host:+ on $host}: $why; log: $out/shard-$seq.log" >&2
  failed+=("$seq")
done < "$out/parallel.log"
if ((${#failed[@]})); then
  shards_error "shard(s) ${failed[*]} of $shards failed; nothing merged; see $out/shard-K.log, then run the same command again: the shards resume"
fi
((rc == 0)) || shards_error "parallel failed (exit status $rc); see $out/parallel.log"
sh -c "$(shards_merge_command)" || shards_error "the merge failed"
