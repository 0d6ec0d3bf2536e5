#!/usr/bin/env bash
# Measures the reference bots against the sparring partners of
# ../shared/strength/sparring.md (built outside the project with its
# build_sparring.sh): every pair through `warlight arena` under the official
# rules and time, on the real maps, both seats, then prints one table.
#
#   scripts/strength.sh ~/sparring                  # 200 games a pair
#   scripts/strength.sh ~/sparring --games 40 --bots greedy
#
# Options:
#   --games N     games per pair (default: 200; mcts against greedy: 2N)
#   --bots LIST   our bots, comma-separated (default: mcts,greedy)
#   --maps DIR    map pool (default: ../shared/maps/real)
#   --out DIR     results folder (default: runs/strength)
#   --jobs J      games at once (default: 2; measure on an idle machine)
#   --seed S      the arena's seed (default: 9001)
#   --help        print this help
#
# SPARRING/bin/NAME are the partners (ekdahl, calincru-v4): those found are
# played. Each pair's results are OUT/BOT-vs-NAME.jsonl, so a re-run
# resumes where a kill stopped it; OUT/table.txt gathers each pair's table
# (written whole). Exit status: 0, 2 for bad arguments or no partner found,
# the arena's status when a pair fails.
set -euo pipefail
usage() { sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "strength: $*" >&2; exit 2; }

games=200 bots=mcts,greedy maps=../shared/maps/real out=runs/strength
jobs=2 seed=9001 sparring=
while (($#)); do
  case "$1" in
    --help) usage; exit 0 ;;
    --games|--bots|--maps|--out|--jobs|--seed)
      (($# >= 2)) || die "$1 needs a value"
      declare "${1#--}=$2"; shift 2 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [[ -z "$sparring" ]] || die "one SPARRING folder, not also $1"
       sparring=$1; shift ;;
  esac
done
[[ -n "$sparring" ]] || die "which SPARRING folder? (see --help)"
[[ "$games" =~ ^[1-9][0-9]*$ ]] || die "--games must be a positive integer"
[[ -d "$maps" ]] || die "no map folder $maps (--maps DIR)"
warlight=${WL_BUILD_DIR:-build}/warlight
[[ -x "$warlight" ]] || die "no $warlight: build it first (scripts/setup.sh)"
partners=()
for name in ekdahl calincru-v4; do
  if [[ -x "$sparring/bin/$name" ]]; then partners+=("$sparring/bin/$name"); fi
done
((${#partners[@]})) || die "no partner in $sparring/bin (ekdahl, calincru-v4)"

mkdir -p "$out"
tables=$(mktemp "$out/.table.XXXXXX")
trap 'rm -f "$tables"' EXIT
play() {  # play BOT OPPONENT NAME GAMES
  echo "strength: $1 vs $3, $4 games" >&2
  "$warlight" arena "$1" "$2" --games "$4" --maps "$maps" --jobs "$jobs" \
    --seed "$seed" --results "$out/$1-vs-$3.jsonl" | tee -a "$tables"
  echo >>"$tables"
}
IFS=, read -r -a ours <<<"$bots"
for bot in "${ours[@]}"; do
  for p in "${partners[@]}"; do play "$bot" "$p" "$(basename "$p")" "$games"; done
done
if [[ ",$bots," == *,mcts,* && ",$bots," == *,greedy,* ]]; then
  play mcts greedy greedy $((2 * games))
fi
mv "$tables" "$out/table.txt"
trap - EXIT
echo "strength: tables in $out/table.txt" >&2
