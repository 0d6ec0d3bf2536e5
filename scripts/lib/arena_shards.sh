# shellcheck shell=bash
# What scripts/slurm_arena.sh and scripts/parallel_arena.sh share: their
# common flags, the shard's command and the merge's command. Sourced, never
# run. A script sets `prog` (its name in messages), `value_flags` and
# `bool_flags` (its own flags, e.g. (--jobs) and (--wait)), then calls
#
#   shards_parse "$@"     # sets shards, out, build, game, dry_run, arena_args and
#                         # opt_<flag> for each of its own flags (--sbatch-args
#                         # sets opt_sbatch_args; a bool flag sets it to 1)
#   shards_setup          # checks them; makes out absolute; sets warlight
#                         # and arena (the subcommand: "arena", "berlin arena"...)
#   shards_command K      # the shell command of shard K (K: a shell word)
#   shards_merge_command  # the shell command of the merge
#
# The layout of --out DIR: shard-K.jsonl (shard K's results, appended game
# by game: a re-run resumes), shard-K.log (its output), table.txt and
# table.json (the merged table, each written whole), merge.log.

shards_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The script's header comment: its --help.
shards_usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}
shards_usage_error() { echo "$prog: $*" >&2; exit 2; }
shards_error() { echo "$prog: $*" >&2; exit 1; }

# One word quoted for sh when it needs it (POSIX: single quotes, ' as '\'').
sh_quote() {
  if [[ "$1" =~ ^[A-Za-z0-9_./%=:,@+-]+$ ]]; then
    printf '%s' "$1"
  else
    printf "'%s'" "${1//\'/\'\\\'\'}"
  fi
}
sh_quote_all() {
  local word sep=""
  for word in "$@"; do printf '%s%s' "$sep" "$(sh_quote "$word")"; sep=" "; done
}

# Sets opt_<name> of one of the script's own flags; false if not one.
shards_own_flag() {  # FLAG VALUE_OR_EMPTY HAS_VALUE
  local name=${1#--}
  name=opt_${name//-/_}
  if [[ " ${value_flags[*]} " == *" $1 "* ]]; then
    [[ "$3" == 1 ]] || shards_usage_error "$1 needs a value (see --help)"
    printf -v "$name" '%s' "$2"
  elif [[ " ${bool_flags[*]} " == *" $1 "* ]]; then
    printf -v "$name" 1
  else
    return 1
  fi
}

shards_parse() {
  shards=4 out=results build=${WL_BUILD_DIR:-$shards_root/build} game=warlight dry_run=0
  arena_args=()
  local flag value has_value
  while (($#)); do
    flag=$1 value="" has_value=0
    if [[ "$flag" == --*=* ]]; then
      value=${flag#*=} flag=${flag%%=*} has_value=1
    elif (($# >= 2)) && [[ " --shards --out --build --game ${value_flags[*]} " == *" $flag "* ]]; then
      value=$2 has_value=1
      shift
    fi
    shift
    case "$flag" in
      -h | --help) shards_usage; exit 0 ;;
      --) arena_args=("$@"); return 0 ;;
      --dry-run) dry_run=1 ;;
      --shards | --out | --build | --game)
        ((has_value)) || shards_usage_error "$flag needs a value (see --help)"
        printf -v "${flag#--}" '%s' "$value" ;;
      *) shards_own_flag "$flag" "$value" "$has_value" ||
           shards_usage_error "unknown option '$flag' (the arena's own go after --; see --help)" ;;
    esac
  done
}

shards_setup() {
  [[ "$shards" =~ ^[1-9][0-9]{0,3}$ ]] ||
    shards_usage_error "--shards needs a number from 1 to 9999, not '$shards'"
  ((${#arena_args[@]})) ||
    shards_usage_error "no arena arguments: give them after --, e.g. -- mybot greedy --games 400"
  local arg
  for arg in "${arena_args[@]}"; do
    case "$arg" in
      --shard | --shard=* | --results | --results=*)
        shards_usage_error "$arg is set by $prog for each shard: leave it out" ;;
    esac
  done
  case "$game" in
    warlight) arena=arena ;;
    berlin | colorfight) arena="$game arena" ;;
    *) shards_usage_error "--game is warlight, berlin or colorfight, not '$game'" ;;
  esac
  [[ "$build" == /* ]] || build=$PWD/$build
  warlight=$build/warlight
  [[ -x "$warlight" ]] ||
    shards_usage_error "no $warlight: build it (scripts/setup.sh warlight) or give --build DIR"
  [[ "$out" == /* ]] || out=$PWD/$out
  ((dry_run)) || mkdir -p "$out" || shards_usage_error "cannot make --out $out"
}

# The value of the arena's own flag FLAG (--jobs, --sprt), or nothing.
shards_arena_flag() {
  local i
  for ((i = 0; i < ${#arena_args[@]}; i++)); do
    case "${arena_args[i]}" in
      "$1") printf '%s' "${arena_args[i + 1]:-}" ;;
      "$1"=*) printf '%s' "${arena_args[i]#*=}" ;;
    esac
  done
}

# Shard K's command; K is pasted as is ($SLURM_ARRAY_TASK_ID, {}).
shards_command() {
  printf 'exec %s %s %s --shard %s/%s --results %s/shard-%s.jsonl' \
    "$(sh_quote "$warlight")" "$arena" "$(sh_quote_all "${arena_args[@]}")" \
    "$1" "$shards" "$(sh_quote "$out")" "$1"
}

# The merge's command, run in --out: table.json and table.txt, each written
# whole (temporary file, then rename), then the table printed.
shards_merge_command() {
  local files=() k sprt merge
  for ((k = 1; k <= shards; k++)); do files+=("shard-$k.jsonl"); done
  sprt=$(shards_arena_flag --sprt)
  merge="$(sh_quote "$warlight") $arena merge${sprt:+ --sprt $(sh_quote "$sprt")}"
  printf 'cd %s && %s --json %s > table.json.tmp && mv -f table.json.tmp table.json' \
    "$(sh_quote "$out")" "$merge" "${files[*]}"
  printf ' && %s %s > table.txt.tmp && mv -f table.txt.tmp table.txt && cat table.txt' \
    "$merge" "${files[*]}"
}
