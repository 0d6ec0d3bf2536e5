#!/usr/bin/env bash
# scripts/function_sizes.sh: its exit statuses and list on a small made-up
# tree, then the real check: no function longer than 60 lines in sdk/,
# bots/, tools/ of this build. Skipped without clang-tidy.
#
#   bash tests/scripts/function_sizes_test.sh BUILD_DIR   (from the source root)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
build=$(cd "${1:?usage: function_sizes_test.sh BUILD_DIR}" && pwd)
script="$root/scripts/function_sizes.sh"

if ! command -v clang-tidy >/dev/null; then
  echo "function_sizes_test: skipped, clang-tidy is not installed"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "function_sizes_test: $*" >&2
  exit 1
}

# Runs the script; sets status and output (stdout and stderr).
run() {
  status=0
  output=$("$@" 2>&1) || status=$?
}

# Missing pieces: exit 2 and a clear line.
run bash "$script"
[[ $status == 2 && "$output" == *usage* ]] || fail "no argument: $status $output"
run bash "$script" "$tmp"
[[ $status == 2 && "$output" == *compile_commands.json*missing* ]] ||
  fail "no compile_commands.json: $status $output"
echo '[]' >"$tmp/compile_commands.json"
run env CLANG_TIDY=/nonexistent/clang-tidy bash "$script" "$tmp"
[[ $status == 2 && "$output" == *"clang-tidy is missing"* ]] ||
  fail "no clang-tidy: $status $output"

# A made-up tree: the script's copy in tree/scripts measures tree/tools/
# and tree/bots/ only, each long function once.
tree="$tmp/tree"
mkdir -p "$tree/scripts" "$tree/tools" "$tree/bots/b" "$tree/other"
cp "$script" "$tree/scripts/"
body() {  # a function NAME of N statement lines
  echo "int $1(int x) {"
  for ((i = 0; i < $2; ++i)); do echo "  x += $i;"; done
  echo "  return x;"
  echo "}"
}
{ body Short 50; } >"$tree/tools/short.cpp"
{ echo '#include "../bots/b/long.h"'; body LongTool 70; } >"$tree/tools/long.cpp"
{ echo "#pragma once"; echo "inline"; body LongHeader 65; } >"$tree/bots/b/long.h"
{ echo '#include "../bots/b/long.h"'; body LongElsewhere 80; } \
  >"$tree/other/test.cpp"
entries=()
for f in tools/short.cpp tools/long.cpp other/test.cpp; do
  entries+=("{\"directory\": \"$tree\", \"command\": \"c++ -c $tree/$f\",
  \"file\": \"$tree/$f\"}")
done
(IFS=,; echo "[${entries[*]}]") | sed 's/}{/},\n{/g' >"$tmp/compile_commands.json"

run bash "$tree/scripts/function_sizes.sh" "$tmp"
expected="  bots/b/long.h:3: LongHeader: 67 lines
  tools/long.cpp:2: LongTool: 72 lines"
[[ $status == 1 && "$output" == *"2 function(s) longer than 60"* &&
  "$output" == *"$expected" ]] || fail "made-up tree: $status
$output"
[[ "$output" != *LongElsewhere* && "$output" != *Short* ]] ||
  fail "made-up tree lists too much: $output"

echo "[{\"directory\": \"$tree\", \"command\": \"c++ -c $tree/tools/short.cpp\",
  \"file\": \"$tree/tools/short.cpp\"}]" >"$tmp/compile_commands.json"
run bash "$tree/scripts/function_sizes.sh" "$tmp"
[[ $status == 0 && "$output" == *"no function longer than 60"* ]] ||
  fail "short functions only: $status $output"

# With depfiles: a file outside sdk/, bots/, tools/ is checked only when
# it includes a header no other checked file includes.
mkdir -p "$tmp/deps"
{ body Short 50; } >"$tree/tools/short.cpp"
{ echo "#pragma once"; echo "inline"; body OnlyHere 61; } >"$tree/bots/b/only.h"
{ echo '#include "../bots/b/only.h"'; body Fine 10; } >"$tree/other/new.cpp"
echo '#include "absent.h"' >"$tree/other/old.cpp"  # fails if checked
entries=()
for f in tools/short.cpp tools/long.cpp other/new.cpp other/old.cpp; do
  entries+=("{\"directory\": \"$tree\", \"command\": \"c++ -c $tree/$f\",
  \"file\": \"$tree/$f\"}")
done
(IFS=,; echo "[${entries[*]}]") >"$tmp/compile_commands.json"
printf 'a.o: \\\n %s %s\n' "$tree/tools/long.cpp" "$tree/bots/b/long.h" \
  >"$tmp/deps/long.cpp.o.d"
printf 'b.o: %s \\\n %s \\\n %s\n' "$tree/other/new.cpp" \
  "$tree/bots/b/long.h" "$tree/bots/b/only.h" >"$tmp/deps/new.cpp.o.d"
printf 'c.o: %s %s\n' "$tree/other/old.cpp" "$tree/bots/b/long.h" \
  >"$tmp/deps/old.cpp.o.d"
run bash "$tree/scripts/function_sizes.sh" "$tmp"
expected="  bots/b/long.h:3: LongHeader: 67 lines
  bots/b/only.h:3: OnlyHere: 63 lines
  tools/long.cpp:2: LongTool: 72 lines"
[[ $status == 1 && "$output" == *"$expected" ]] ||
  fail "depfiles: $status
$output"
rm -r "$tmp/deps"

# A file clang-tidy cannot parse: its functions would go unmeasured.
echo '#include "absent.h"' >"$tree/tools/short.cpp"
run bash "$tree/scripts/function_sizes.sh" "$tmp"
[[ $status == 2 && "$output" == *"could not parse"* ]] ||
  fail "unparsable file: $status $output"

# The real tree.
run bash "$script" "$build"
echo "$output"
[[ $status == 0 ]] || fail "functions longer than 60 lines (above)"
