#!/usr/bin/env bash
# Builds a bot's upload zip and proves it compiles and plays like on the
# competition server.
#
#   scripts/package_bot.sh BOT_DIR [-o OUT.zip]     (default: BOT_NAME.zip)
#
# The zip holds the bot's own sources (*.cpp, *.h) and the sdk headers they
# include, all directly at the root (no folder): the server compiles what is
# at the root. The proof: unzip into an empty folder, compile with plain
# `g++ -std=c++17 -O2 -o bot *.cpp` (no include paths, no libraries), and
# pipe a recorded engine session through the binary, checking that every
# request gets exactly one well-formed answer. Any failure exits non-zero.
set -euo pipefail

die() { echo "package_bot: $*" >&2; exit 1; }
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }

root=$(cd "$(dirname "$0")/.." && pwd)
bot_dir="" out=""
while (($#)); do
  case "$1" in
    -o) (($# >= 2)) || die "-o needs a file name"; out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [[ -z "$bot_dir" ]] || die "one BOT_DIR only"; bot_dir=$1; shift ;;
  esac
done
[[ -n "$bot_dir" ]] || { usage >&2; exit 2; }
[[ -d "$bot_dir" ]] || die "no such folder: $bot_dir"
bot_dir=$(cd "$bot_dir" && pwd)
[[ -f "$bot_dir/main.cpp" ]] || die "$bot_dir has no main.cpp"
name=$(basename "$bot_dir")
[[ -n "$out" ]] || out="$name.zip"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
command -v zip >/dev/null || die "zip is not installed (apt-get install zip)"
command -v unzip >/dev/null || die "unzip is not installed (apt-get install unzip)"
command -v g++ >/dev/null || die "g++ is not installed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/stage"
mkdir -p "$stage"

# The bot's own sources, then every header they include by bare name,
# found in the bot folder first, then in sdk/wl, then in the other bots'
# folders (a bot may reuse another's headers), followed transitively.
shopt -s nullglob
queue=()
for f in "$bot_dir"/*.cpp "$bot_dir"/*.h; do
  cp "$f" "$stage/"
  queue+=("$f")
done
while ((${#queue[@]})); do
  file=${queue[0]}
  queue=("${queue[@]:1}")
  while read -r inc; do
    [[ -e "$stage/$inc" ]] && continue
    src=""
    for dir in "$bot_dir" "$root/sdk/wl" "$root"/bots/*/; do
      if [[ -f "$dir/$inc" ]]; then src="$dir/$inc"; break; fi
    done
    [[ -n "$src" ]] ||
      die "$(basename "$file") includes \"$inc\", found in neither the bot, sdk/wl nor another bot"
    cp "$src" "$stage/$inc"
    queue+=("$src")
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file")
done
if grep -l -E '#[[:space:]]*include[[:space:]]*[<"](boost|absl)/' "$stage"/* >/dev/null; then
  die "the bot includes Boost or abseil; the zip must build with the standard library alone"
fi

rm -f "$out"
(cd "$stage" && zip -q -X "$out" ./*)
echo "package_bot: wrote $out:"
unzip -Z1 "$out" | sed 's/^/  /'
if unzip -Z1 "$out" | grep -q /; then die "the zip has a folder in it"; fi

# The proof, in an empty folder, as the server does it.
clean="$work/clean"
mkdir -p "$clean"
(cd "$clean" && unzip -q "$out")
if ! (cd "$clean" && g++ -std=c++17 -O2 -o bot ./*.cpp 2> "$work/compile.log"); then
  cat "$work/compile.log" >&2
  die "the zip does not compile with plain g++ -std=c++17 -O2 *.cpp"
fi
echo "package_bot: clean-room compile passed"

session="$root/scripts/data/session_small.txt"
if ! timeout 20 "$clean/bot" < "$session" > "$work/answers.txt" 2> "$work/bot_stderr.txt"; then
  die "the bot failed or timed out on the recorded session (stderr: $(tail -n 3 "$work/bot_stderr.txt"))"
fi
me=$(sed -n 's/^settings your_bot \([^[:space:]]*\).*/\1/p' "$session")
place="$me place_armies [0-9]+ [0-9]+"
attack="$me attack/transfer [0-9]+ [0-9]+ [0-9]+"
n=0
exec 3< "$work/answers.txt"
while read -r request; do
  case "$request" in
    pick_starting_region*) pattern='^[0-9]+$' ;;
    "go place_armies"*) pattern="^(No moves|$place(, $place)*)\$" ;;
    "go attack/transfer"*) pattern="^(No moves|$attack(, $attack)*)\$" ;;
    *) continue ;;
  esac
  n=$((n + 1))
  IFS= read -r answer <&3 || die "no answer to request $n ($request)"
  [[ "$answer" =~ $pattern ]] || die "malformed answer to \"$request\": \"$answer\""
  if [[ "$request" == pick_starting_region* ]]; then
    [[ " ${request#pick_starting_region * } " == *" $answer "* ]] ||
      die "pick $answer is not among the candidates of \"$request\""
  fi
done < "$session"
if IFS= read -r extra <&3; then die "an answer without a request: \"$extra\""; fi
echo "package_bot: the session's $n requests got $n well-formed answers"
