#!/usr/bin/env bash
# scripts/play.sh from another folder: paths are relative to where it runs
# (a bot command ./mybot, --map maps/x.json), only the tool and the named
# repository bots are built, a minimal build is set up again with the
# tools, and the path of replay.html is printed. A first build says so in
# one line and shows its progress as one updating line, not the build's
# output, whose last lines and log file it shows when the build fails.
# Part 1 is hermetic (stand-in cmake, dpkg-query and warlight); part 2 plays
# a real game with the build folder given, when it holds warlight.
#
#   bash tests/scripts/play_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
src=$(pwd)
real_build=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "play_test: FAIL: $*" >&2; exit 1; }

# Part 1: stand-ins. The fake warlight checks that --map is readable from
# its working folder and writes a game folder as match does.
mkdir -p "$tmp/bin" "$tmp/fake/bots" "$tmp/user/maps"
cat > "$tmp/bin/cmake" <<EOF
#!/usr/bin/env bash
echo "cmake \$*" >> "$tmp/cmake.log"
[[ "\$1" == --build ]] || exit 0
printf '[ 10%%] Building one\n[ 60%%] Building two\n%s' "\${FAKE_BUILD_OUT:-}"
exit "\${FAKE_BUILD_STATUS:-0}"
EOF
printf '#!/bin/sh\nprintf "install ok installed"\n' > "$tmp/bin/dpkg-query"
cat > "$tmp/fake/warlight" <<'FAKE'
#!/usr/bin/env bash
echo "$PWD: $*" >> "$FAKE_LOG"
while (($#)); do
  [[ "$1" == --map ]] && { [[ -r "$2" ]] || { echo "no map $2" >&2; exit 2; }; }
  shift
done
mkdir -p games/g1 && echo '<html>' > games/g1/replay.html
echo "player1 (starter) won after 3 rounds; seed 7; games/g1"
FAKE
chmod +x "$tmp/bin/"* "$tmp/fake/warlight"
echo '{}' > "$tmp/user/maps/x.json"
export FAKE_LOG=$tmp/warlight.log
play() {
  (cd "$tmp/user" && PATH="$tmp/bin:$PATH" WL_BUILD_DIR=$tmp/fake \
     bash "$src/scripts/play.sh" "$@")
}

echo 'WL_BUILD_TOOLS:BOOL=ON' > "$tmp/fake/CMakeCache.txt"
play greedy ./mybot --map maps/x.json --seed 7 > "$tmp/out" 2>&1 || fail "$(cat "$tmp/out")"
grep -qx "cmake --build $tmp/fake -j [0-9]* --target warlight bot_greedy" "$tmp/cmake.log" ||
  fail "did not build just warlight and greedy: $(cat "$tmp/cmake.log")"
grep -qx "$tmp/user: match greedy ./mybot --map maps/x.json --seed 7" "$FAKE_LOG" ||
  fail "warlight did not run where play.sh was run: $(cat "$FAKE_LOG")"
grep -qx "replay: $tmp/user/games/g1/replay.html .*" "$tmp/out" ||
  fail "no replay.html path: $(cat "$tmp/out")"

# After a minimal set-up, play.sh sets up again with the tools.
: > "$tmp/cmake.log"
echo 'WL_BUILD_TOOLS:BOOL=OFF' > "$tmp/fake/CMakeCache.txt"
play > "$tmp/out" 2>&1 || fail "$(cat "$tmp/out")"
grep -q -- "-DWL_BUILD_TOOLS=ON" "$tmp/cmake.log" ||
  fail "a minimal build was not set up with the tools: $(cat "$tmp/cmake.log")"
grep -q -- "--target warlight bot_starter\$" "$tmp/cmake.log" ||
  fail "the set-up built more than the game needs: $(cat "$tmp/cmake.log")"
grep -q "^play.sh: first build of warlight bot_starter .*minutes" "$tmp/out" ||
  fail "a first build did not say it takes a while: $(cat "$tmp/out")"
grep -q $'play.sh: building: 10%\rplay.sh: building: 60%' "$tmp/out" ||
  fail "no progress line: $(cat "$tmp/out")"
if grep -q "Building one" "$tmp/out"; then fail "the build's output was shown"; fi

# A failed first build: the output's last lines and the log's path, exit 1.
echo 'WL_BUILD_TOOLS:BOOL=OFF' > "$tmp/fake/CMakeCache.txt"
if FAKE_BUILD_OUT=$'error: it broke\n' FAKE_BUILD_STATUS=2 play > "$tmp/out" 2>&1; then
  fail "play.sh went on after a failed build"
fi
grep -q "^error: it broke" "$tmp/out" && grep -q "play-build.log" "$tmp/out" &&
  grep -q "error: it broke" "$tmp/fake/play-build.log" ||
  fail "a failed build did not show its tail and log: $(cat "$tmp/out")"

# Configured with the tools, warlight never built (a fork's set-up builds
# the bot and its test alone): its first build is announced too.
echo 'WL_BUILD_TOOLS:BOOL=ON' > "$tmp/fake/CMakeCache.txt"
chmod -x "$tmp/fake/warlight"
play > "$tmp/out" 2>&1 || true
grep -q "^play.sh: first build of warlight (several minutes" "$tmp/out" ||
  fail "the first build of warlight was not announced: $(cat "$tmp/out")"
chmod +x "$tmp/fake/warlight"
play > "$tmp/out" 2>&1 || fail "$(cat "$tmp/out")"
if grep -q "first build" "$tmp/out"; then fail "a rebuild was announced as a first build"; fi

# Part 2: a real game, from another folder, a command bot and a relative map.
if [[ -z "$real_build" || ! -x "$real_build/warlight" || ! -x "$real_build/bots/random" ]]; then
  echo "play_test: part 1 passed; part 2 skipped (no built warlight in '$real_build')"
  exit 0
fi
real_build=$(cd "$real_build" && pwd)
mkdir -p "$tmp/real/maps"
printf '#!/bin/sh\nexec "%s/bots/random" "$@"\n' "$real_build" > "$tmp/real/mybot"
chmod +x "$tmp/real/mybot"
"$real_build/warlight" mapgen --seed 5 --regions 20 --out "$tmp/real/maps/x.json"
(cd "$tmp/real" && WL_BUILD_DIR=$real_build bash "$src/scripts/play.sh" ./mybot random \
   --map maps/x.json --seed 11) > "$tmp/out" 2>&1 || fail "real game: $(cat "$tmp/out")"
html=$(sed -n 's/^replay: \(.*replay\.html\) .*/\1/p' "$tmp/out")
[[ "$html" == "$tmp/real/games/"* && -s "$html" ]] || fail "replay.html: $(cat "$tmp/out")"
grep -q '"map": *"maps/x.json"' "$(dirname "$html")/result.json" ||
  fail "the game did not use maps/x.json: $(cat "$(dirname "$html")/result.json")"
echo "play_test: passed"
