#!/usr/bin/env bash
# Plays one game under the official rules and says where its replay is.
# Sets up and builds first if needed.
#
#   scripts/play.sh                          # starter vs starter, generated map
#   scripts/play.sh mybot starter --seed 7   # any two bots, any match options
#   scripts/play.sh "python3 bot.py" greedy --map maps/x.json
#
# A bot is a built-in name (starter, random, greedy, mcts: any folder under
# bots/) or a shell command. Options are those of `build/warlight match --help`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -x build/warlight ]]; then
  scripts/setup.sh
else
  cmake --build build -j "$(nproc)" >/dev/null
fi

bots=()
while (($#)) && [[ "$1" != -* ]] && ((${#bots[@]} < 2)); do
  bots+=("$1")
  shift
done
while ((${#bots[@]} < 2)); do bots+=(starter); done

line=$(build/warlight match "${bots[0]}" "${bots[1]}" "$@")
echo "$line"
case " $* " in
  *" --json "*) ;;
  *) echo "replay: ${line##*; }/replay.txt (dumps, result.json and the bots' stderr beside it)" ;;
esac
