#!/usr/bin/env bash
# Builds a bot's upload zip and proves it compiles and plays like on the
# competition server.
#
#   scripts/package_bot.sh BOT_DIR [-o OUT.zip]     (default: BOT_NAME.zip)
#
# The zip is flat: the bot's *.cpp and *.h, the headers of its subfolders
# and the sdk headers they include (sdk/wl's, and those of the search and
# common libraries, included as "sdk/search/x.h" and "sdk/common/x.h"),
# all at the root, since the server
# compiles the .cpp files at the root. A header from a subfolder
# (bots/x/util/geo.h, included as "util/geo.h") goes to the root as geo.h and
# the includes naming it are rewritten in the zip's copies ("geo.h"); the
# bot folder itself is not changed. Two files that would get the same name,
# or a bot file named like an sdk header (bots/x/view.h), are an error.
#
# The proof: unzip into an empty folder, compile with plain
# `g++ -std=c++17 -O2 -o bot *.cpp` (no include path, no library), and pipe
# a recorded engine session through the binary, checking that every request
# gets exactly one well-formed answer. OUT.zip is written only when all of
# that passed; a stale OUT.zip is removed first. Exit status: 0 done, 1 the
# proof failed, 2 bad arguments or a bot that cannot be packaged.
set -euo pipefail

die() { echo "package_bot: $*" >&2; exit 2; }
fail() { echo "package_bot: $*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

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
[[ -n "$bot_dir" ]] || die "needs BOT_DIR, the bot's folder (see --help)"
[[ -d "$bot_dir" ]] || die "no such folder: $bot_dir"
bot_dir=$(cd "$bot_dir" && pwd)
[[ -f "$bot_dir/main.cpp" ]] || die "$bot_dir has no main.cpp"
name=$(basename "$bot_dir")
[[ -n "$out" ]] || out="$name.zip"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
[[ -d "$(dirname "$out")" ]] || die "no such folder for the zip: $(dirname "$out")"
command -v zip >/dev/null || die "zip is not installed (apt-get install zip)"
command -v unzip >/dev/null || die "unzip is not installed (apt-get install unzip)"
command -v g++ >/dev/null || die "g++ is not installed"
rm -f "$out"  # never leave an older zip that could be taken for this one

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/stage"
mkdir -p "$stage"
shopt -s nullglob globstar

# A bot file named like an sdk header would replace it in the flat zip.
for f in "$bot_dir"/**/*.h "$bot_dir"/**/*.hpp; do
  for sdk in sdk/wl sdk/search sdk/common; do
    if [[ -f "$root/$sdk/$(basename "$f")" ]]; then
      die "${f#"$bot_dir"/} has the name of the sdk header $sdk/$(basename "$f");" \
          "the zip is flat, so rename it"
    fi
  done
done

# Where `#include "inc"` in `file` leads, as the repository build finds it:
# the including file's folder, the bot folder, sdk/wl, then the other bots'
# folders (a bot may reuse another's headers); "sdk/search/x.h" and
# "sdk/common/x.h" from the repository root. Prints the real path.
resolve() {
  local file=$1 inc=$2 dir
  if [[ "$inc" == sdk/search/* || "$inc" == sdk/common/* ]] && [[ -f "$root/$inc" ]]; then
    realpath "$root/$inc"; return 0
  fi
  for dir in "$(dirname "$file")" "$bot_dir" "$root/sdk/wl" "$root"/bots/*/; do
    if [[ -f "$dir/$inc" ]]; then realpath "$dir/$inc"; return 0; fi
  done
  return 1
}

# The zip's files: name at the root -> source; and per source, the includes
# to rewrite ("inc<TAB>name" lines).
declare -A source_of rewrites
queue=()
add() {
  local src=$1 zip_name
  zip_name=$(basename "$src")
  if [[ -n "${source_of[$zip_name]:-}" ]]; then
    [[ "${source_of[$zip_name]}" == "$src" ]] && return 0
    die "${source_of[$zip_name]#"$root"/} and ${src#"$root"/} would both be" \
        "$zip_name at the root of the flat zip; rename one"
  fi
  source_of[$zip_name]=$src
  queue+=("$src")
}
for f in "$bot_dir"/*.cpp "$bot_dir"/*.h "$bot_dir"/*.hpp; do add "$(realpath "$f")"; done
while ((${#queue[@]})); do
  file=${queue[0]}
  queue=("${queue[@]:1}")
  while read -r inc; do
    src=$(resolve "$file" "$inc") ||
      die "$(basename "$file") includes \"$inc\", found in neither the bot, sdk/wl, sdk/search, sdk/common nor another bot"
    add "$src"
    if [[ "$inc" != "$(basename "$src")" ]]; then
      rewrites[$file]+="$inc"$'\t'"$(basename "$src")"$'\n'
    fi
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file")
done

# The staged copies, with the includes of subfolder headers made flat.
for zip_name in "${!source_of[@]}"; do
  src=${source_of[$zip_name]}
  if [[ -z "${rewrites[$src]:-}" ]]; then
    cp "$src" "$stage/$zip_name"
    continue
  fi
  awk -v map="${rewrites[$src]}" '
    BEGIN { n = split(map, lines, "\n")
            for (i = 1; i <= n; i++) if (split(lines[i], kv, "\t") == 2) to[kv[1]] = kv[2] }
    /^[[:space:]]*#[[:space:]]*include[[:space:]]*"/ {
      start = index($0, "\"") + 1; len = index(substr($0, start), "\"") - 1
      inc = substr($0, start, len)
      if (inc in to) $0 = substr($0, 1, start - 1) to[inc] substr($0, start + len)
    }
    { print }' "$src" > "$stage/$zip_name"
  echo "package_bot: ${src#"$root"/}: includes of subfolder headers made flat" \
       "in the zip ($(printf '%s' "${rewrites[$src]}" | tr '\t\n' '> ' | sed 's/ $//'))"
done
if grep -l -E '#[[:space:]]*include[[:space:]]*[<"](boost|absl)/' "$stage"/* >/dev/null; then
  die "the bot includes Boost or abseil; the zip must build with the standard library alone"
fi

zip_file="$work/$name.zip"
(cd "$stage" && zip -q -X "$zip_file" ./*)
if unzip -Z1 "$zip_file" | grep / >/dev/null; then fail "the zip has a folder in it"; fi

# The proof, in an empty folder, as the server does it.
clean="$work/clean"
mkdir -p "$clean"
(cd "$clean" && unzip -q "$zip_file")
if ! (cd "$clean" && g++ -std=c++17 -O2 -o bot ./*.cpp 2> "$work/compile.log"); then
  cat "$work/compile.log" >&2
  fail "the zip does not compile with plain g++ -std=c++17 -O2 *.cpp; no zip written"
fi
echo "package_bot: clean-room compile passed ($(g++ -dumpfullversion 2>/dev/null ||
  g++ -dumpversion), -std=c++17 -O2)"

session="$root/scripts/data/session_small.txt"
if ! timeout 20 "$clean/bot" < "$session" > "$work/answers.txt" 2> "$work/bot_stderr.txt"; then
  fail "the bot failed or timed out on the recorded session (stderr:" \
       "$(tail -n 3 "$work/bot_stderr.txt")); no zip written"
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
  IFS= read -r answer <&3 || fail "no answer to request $n ($request); no zip written"
  [[ "$answer" =~ $pattern ]] ||
    fail "malformed answer to \"$request\": \"$answer\"; no zip written"
  if [[ "$request" == pick_starting_region* ]]; then
    [[ " ${request#pick_starting_region * } " == *" $answer "* ]] ||
      fail "pick $answer is not among the candidates of \"$request\"; no zip written"
  fi
done < "$session"
if IFS= read -r extra <&3; then fail "an answer without a request: \"$extra\"; no zip written"; fi
echo "package_bot: the session's $n requests got $n well-formed answers"

cp "$zip_file" "$out.tmp.$$" && mv -f "$out.tmp.$$" "$out"  # whole or nothing
echo "package_bot: wrote $out:"
unzip -Z1 "$out" | sort | sed 's/^/  /'
