#!/usr/bin/env bash
# Lists every function longer than 60 lines in sdk/, bots/ and tools/ (the
# quality bar of DEVELOPERS.md), measured by clang-tidy's
# readability-function-size check (LineThreshold 60: lines of the body,
# blank lines and comments included).
#
#   scripts/function_sizes.sh BUILD_DIR
#
# BUILD_DIR is a built CMake build folder (its generated headers are
# needed) with compile_commands.json, which CMakeLists.txt always writes.
# Every translation unit of the build is checked, tests and benchmarks too,
# so that every header of sdk/ and bots/ is seen through some file that
# includes it; only functions in files under sdk/, bots/ and tools/ are
# reported, once each, as
#   tools/arena/arena.cpp:120: ArenaMain: 85 lines
# Exit status: 0 when there is none, 1 when some are listed, 2 when
# clang-tidy or compile_commands.json is missing or a file cannot be parsed.
# WL_JOBS (default: the number of processors) clang-tidy processes run at
# once.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
threshold=60

die() {
  echo "function_sizes.sh: $*" >&2
  exit 2
}

(($# == 1)) || die "usage: scripts/function_sizes.sh BUILD_DIR"
[[ "$1" != -h && "$1" != --help ]] || {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
}
build=$(cd "$1" 2>/dev/null && pwd) || die "no build folder $1"
commands="$build/compile_commands.json"
[[ -f "$commands" ]] || die "$commands is missing: configure with" \
  "CMake (CMakeLists.txt sets CMAKE_EXPORT_COMPILE_COMMANDS) and build first"
home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt" \
  2>/dev/null || true)
if [[ -n "$home" && "$(cd "$home" 2>/dev/null && pwd -P)" != "$(pwd -P)" ]]; then
  die "$1 is a build of $home, not of $root: run that tree's" \
    "scripts/function_sizes.sh"
fi
tidy=${CLANG_TIDY:-clang-tidy}
command -v "$tidy" >/dev/null ||
  die "clang-tidy is missing (Debian: apt-get install clang-tidy)"

# The translation units (the "file" of each entry).
mapfile -t all < <(grep -o '"file": *"[^"]*"' "$commands" |
  sed 's/^"file": *"//; s/"$//' | grep -v '/_deps/' | sort -u)
((${#all[@]})) || die "$commands lists no file"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Which of them to check: every file of sdk/, bots/, tools/, and of the
# others (tests, benchmarks) only those that include a header of sdk/,
# bots/, tools/ that no file chosen before includes, as the compiler's
# depfiles (<build>/**/*.o.d) tell; a file without one is always checked.
# Parsing a test file costs as much as a tool's, and most add nothing.
select_files() {
  find "$build" -name '*.o.d' -not -path '*/_deps/*' -print0 |
    xargs -0 -r cat | awk -v root="$root/" '
      /^[^ ].*:/ { source = ""; sub(/^[^:]*:/, "") }
      {
        for (i = 1; i <= NF; ++i) {
          if ($i == "\\") continue
          if (source == "") { source = $i; continue }
          if (index($i, root) == 1 && $i ~ /\/(sdk|bots|tools)\//)
            print source " " $i
        }
      }' | sort -u >"$out/headers"
  printf '%s\n' "${all[@]}" | awk -v root="$root/" -v deps="$out/headers" '
    BEGIN {
      while ((getline line < deps) > 0) {
        split(line, pair, " ")
        n[pair[1]]++
        h[pair[1], n[pair[1]]] = pair[2]
      }
    }
    { files[NR] = $0 }
    function mine(f) { return index(f, root) == 1 &&
                       substr(f, length(root) + 1) ~ /^(sdk|bots|tools)\// }
    function take(f,   i) {
      print f
      for (i = 1; i <= n[f]; ++i) seen[h[f, i]] = 1
    }
    END {
      for (i = 1; i <= NR; ++i)
        if (mine(files[i]) || !(files[i] in n)) take(files[i])
      for (i = 1; i <= NR; ++i) {
        f = files[i]
        if (mine(f) || !(f in n)) continue
        for (j = 1; j <= n[f]; ++j) if (!(h[f, j] in seen)) { take(f); break }
      }
    }'
}
mapfile -t files < <(select_files)
((${#files[@]})) || die "no file chosen among the ${#all[@]} of $commands"

# One output file per clang-tidy process, so that parallel outputs never
# mix; a file's warning and its "N lines" note stay together (its stderr,
# "N warnings generated.", apart). Every header of the tree is measured:
# tools/../bots/x.h is in bots/ once the path is normalised (below).
# shellcheck disable=SC2016  # the inner script expands its own arguments
printf '%s\0' "${files[@]}" |
  xargs -0 -n 4 -P "${WL_JOBS:-$(nproc)}" bash -c '
    out=$1 build=$2 tidy=$3 root=$4 threshold=$5
    shift 5
    "$tidy" -p "$build" --quiet --checks="-*,readability-function-size" \
      --header-filter="^$root/" \
      --config="{CheckOptions: [{key: readability-function-size.LineThreshold, value: $threshold}]}" \
      "$@" >"$(mktemp "$out/tidy.XXXXXX")" 2>>"$out/stderr.$$" || true
  ' bash "$out" "$build" "$tidy" "$root" "$threshold"

if grep -h ': error: ' "$out"/tidy.* | sort -u | head -20 | grep . ||
  cat "$out"/stderr.* 2>/dev/null | grep -i '^error' | sort -u | head -20 |
  grep .; then
  die "clang-tidy could not parse some files (above): their functions" \
    "are not measured"
fi

# "FILE:L:C: warning: function 'NAME' exceeds ..." then
# "FILE:L:C: note: N lines including whitespace and comments (threshold T)".
mapfile -t long < <(cat "$out"/tidy.* | awk -v root="$root/" '
  / warning: function .* exceeds recommended size/ {
    split($0, parts, ": warning: ")
    key = parts[1]
    name = $0
    sub(/^[^\047]*\047/, "", name)
    sub(/\047.*$/, "", name)
    names[key] = name
  }
  / note: [0-9]+ lines including whitespace/ {
    split($0, parts, ": note: ")
    key = parts[1]
    if (!(key in names)) next
    path = key  # bots/mcts/../greedy/x.h is bots/greedy/x.h
    while (sub(/\/[^\/]+\/\.\.\//, "/", path)) {}
    if (index(path, root) != 1) next
    path = substr(path, length(root) + 1)
    if (path !~ /^(sdk|bots|tools)\//) next
    split(path, at, ":")
    split(parts[2], words, " ")
    print at[1] ":" at[2] ": " names[key] ": " words[1] " lines"
  }' | sort -t: -k1,1 -k2,2n -u)

if ((${#long[@]})); then
  echo "function_sizes.sh: ${#long[@]} function(s) longer than $threshold" \
    "lines in sdk/, bots/, tools/ (shorten them; DEVELOPERS.md):"
  printf '  %s\n' "${long[@]}"
  exit 1
fi
echo "function_sizes.sh: no function longer than $threshold lines in" \
  "sdk/, bots/, tools/ (${#files[@]} of ${#all[@]} files checked)"
