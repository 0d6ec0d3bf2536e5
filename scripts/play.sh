#!/usr/bin/env bash
# Plays one game under the official rules and prints where its replay.html
# is. Sets up first if needed, then builds only what the game needs: the
# warlight tool and the repository bots named.
#
#   scripts/play.sh                          # starter vs starter, generated map
#   scripts/play.sh mybot starter --seed 7   # any two bots, any match options
#   scripts/play.sh ./mybot greedy --map maps/x.json
#   scripts/play.sh "python3 bot.py" greedy --out games/try1
#
# A bot is a repository bot (the name of any folder under bots/ with a
# main.cpp: starter, random, greedy, mcts or your own) or a shell command.
# Paths (bot commands, --map, --out) are relative to where you run it; the
# game folder is games/<time>-seed<S>/ there unless --out says otherwise.
# Options are those of `build/warlight match --help`. WL_BUILD_DIR (default
# build/ of the repository) moves the build folder. The first run sets up
# and builds for minutes: it says so in one line. Builds show one updating
# "building: N%" line; their output goes to BUILD/play-build.log, whose last
# lines are printed if the build fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WL_BUILD_DIR:-$root/build}
if [[ "$build" != /* ]]; then build="$PWD/$build"; fi

case "${1:-}" in
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac

bots=()
while (($#)) && [[ "$1" != -* ]] && ((${#bots[@]} < 2)); do
  bots+=("$1")
  shift
done
while ((${#bots[@]} < 2)); do bots+=(starter); done

# What the game needs: the tool, and each repository bot named.
targets=(warlight)
for bot in "${bots[@]}"; do
  if [[ "$bot" =~ ^[A-Za-z0-9_.-]+$ && -f "$root/bots/$bot/main.cpp" &&
        " ${targets[*]} " != *" bot_$bot "* ]]; then
    targets+=("bot_$bot")
  fi
done
# Reads build output and shows its progress as one updating line on stderr.
progress() {
  local line shown=""
  while IFS= read -r line; do
    if [[ "$line" =~ ^\[\ *([0-9]+)%\]\ (Building|Linking) &&
          "${BASH_REMATCH[1]}" != "$shown" ]]; then
      shown=${BASH_REMATCH[1]}
      printf '\rplay.sh: building: %s%%' "$shown" >&2
    fi
  done
  if [[ -n "$shown" ]]; then echo >&2; fi
}

# Runs "$@" (a build) with its output in $log and its progress shown; on
# failure, prints the output's last lines and the log's path, and exits 1.
log=$build/play-build.log
build_quietly() {
  mkdir -p "$build"
  if ! "$@" 2>&1 | tee "$log" | progress; then
    tail -n 25 "$log" >&2
    echo "play.sh: the build failed; its whole output: $log" >&2
    exit 1
  fi
}

if grep -qs '^WL_BUILD_TOOLS:BOOL=ON$' "$build/CMakeCache.txt"; then
  if [[ ! -x "$build/warlight" ]]; then  # configured, but never built the tool
    echo "play.sh: first build of warlight (several minutes; output in $log)" >&2
  fi
  # A bot folder added since the last configure has no target yet: configure
  # again once before giving up.
  build_quietly bash -c 'cmake --build "$1" -j "$(nproc)" --target "${@:2}" ||
    { cmake "$1" && cmake --build "$1" -j "$(nproc)" --target "${@:2}"; }' \
    build "$build" "${targets[@]}"
else  # no build yet, or a minimal one: set up with the tools
  echo "play.sh: first build of ${targets[*]} (set-up, then several minutes;" \
       "output in $log)" >&2
  build_quietly env WL_MINIMAL=0 WL_BUILD_DIR="$build" \
    "$root/scripts/setup.sh" "${targets[@]}"
fi

line=$("$build/warlight" match "${bots[0]}" "${bots[1]}" "$@")
echo "$line"
case " $* " in
  *" --json "*) exit 0 ;;
esac
# The game folder ends the result line ("...; games/<time>-seed<S>").
dir=${line##*; }
if [[ -f "$dir/replay.html" ]]; then
  echo "replay: $(cd "$dir" && pwd)/replay.html (open it in a browser;" \
       "replay.txt, dumps, result.json and the bots' stderr beside it)"
else
  echo "play.sh: no replay.html in '$dir' (see the line above)" >&2
  exit 1
fi
