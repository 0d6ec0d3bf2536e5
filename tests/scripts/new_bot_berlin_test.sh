#!/usr/bin/env bash
# Tests scripts/new_bot.sh --game berlin, in a temporary copy of the source
# tree (the real one is never touched) holding the two starters alone:
# bad or taken names and a bad --game are refused with one line and exit 2,
# writing nothing; a fork gets its class, file and guard renamed, and a
# Warlight bot of the same name can live next to it; the fork builds as
# build/bots/berlin/fork, is in the in-process registry, serves a turn over
# HTTP and exits 0 on SIGTERM; its test is a binary of its own
# (bot_berlin_fork_test, which new_bot.sh says how to build and run) that
# builds without the suite and passes; a
# `cp -r bots/berlin/starter bots/berlin/dup` copy stops the configure.
#
#   tests/scripts/new_bot_berlin_test.sh BUILD_DIR   (from the source root)
set -euo pipefail

root=$PWD
fail() { echo "new_bot_berlin_test: FAIL: $*" >&2; exit 1; }
note() { echo "new_bot_berlin_test: $*"; }

# 1. A copy of the source tree with the two starters as its only bots.
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [[ -n "$pid" ]]; then kill -KILL "$pid" 2> /dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
source "$root/tests/scripts/new_bot_lib.sh"  # copy_source, refuse, configure
copy=$tmp/src
copy_source "$root" "$copy"
mkdir "$copy/bots/berlin"
cp -r "$root/bots/berlin/starter" "$copy/bots/berlin/"
cd "$copy"

# 2. Bad or taken names, a bad --game: one line, exit 2, nothing made.
for bad in "" Fork 9lives my-bot my__bot bot_ "a b" starter; do
  refuse --game berlin "$bad"
done
refuse --game berlin fork extra
refuse --game berlin
refuse --game
refuse --game chess fork
refuse --game=go fork
[[ ! -e bots/berlin/fork && ! -e tests/berlin/fork_bot_test.cpp ]] ||
  fail "a refused new_bot.sh wrote something"
note "bad names and games refused, nothing written"

# 3. The fork: renamed, and the Warlight path next to it.
scripts/new_bot.sh --game berlin fork > "$tmp/made"
grep -q "tests/berlin/fork_bot_test.cpp" "$tmp/made" ||
  fail "new_bot.sh did not say what it made"
grep -qx "  scripts/setup.sh bot_berlin_fork bot_berlin_fork_test .*" "$tmp/made" &&
  grep -qx "  build/tests/bot_berlin_fork_test .*" "$tmp/made" ||
  fail "new_bot.sh did not print how to build and run its test: $(cat "$tmp/made")"
refuse --game berlin fork
for file in bots/berlin/fork/main.cpp bots/berlin/fork/berlin_fork_bot.h \
            tests/berlin/fork_bot_test.cpp; do
  [[ -f $file ]] || fail "new_bot.sh did not make $file"
done
grep -q "^class BerlinForkBot : public wl::berlin::Bot {" \
  bots/berlin/fork/berlin_fork_bot.h || fail "no class BerlinForkBot"
grep -q "^#define BERLIN_FORK_BOT_H_" bots/berlin/fork/berlin_fork_bot.h ||
  fail "no guard BERLIN_FORK_BOT_H_"
grep -q "Serve<BerlinForkBot>" bots/berlin/fork/main.cpp ||
  fail "main.cpp does not serve BerlinForkBot"
if grep -n -e BerlinStarterBot -e BERLIN_STARTER_BOT_H_ -e berlin_starter_bot \
     bots/berlin/fork/* tests/berlin/fork_bot_test.cpp; then
  fail "the fork still names the starter's class, guard or file"
fi
scripts/new_bot.sh other --game=berlin > /dev/null
[[ -f bots/berlin/other/berlin_other_bot.h ]] || fail "--game=berlin after NAME"
rm -rf bots/berlin/other tests/berlin/other_bot_test.cpp
scripts/new_bot.sh fork > /dev/null  # Warlight's fork: ForkBot, bots/fork
grep -q "^class ForkBot : public wl::Bot" bots/fork/fork_bot.h ||
  fail "the Warlight path no longer makes bots/fork"
note "bots/berlin/fork made with BerlinForkBot, BERLIN_FORK_BOT_H_"

# 4. It builds, is registered for in-process play, and serves.
configure ON OFF || fail "configure: $(tail -n 5 "$tmp/configure.log")"
cmake --build build -j2 --target bot_berlin_fork bot_fork > "$tmp/build.log" ||
  fail "the forks do not build: $(tail -n 20 "$tmp/build.log")"
grep -q '{"fork", "BerlinForkBot",' build/bot_registry/berlin/table.cpp ||
  fail "the fork is not in the Berlin registry"

build/bots/berlin/fork --port 0 2> "$tmp/serve.err" &
pid=$!
for _ in $(seq 100); do
  grep -q "^listening on " "$tmp/serve.err" && break
  sleep 0.1
done
port=$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' \
  "$tmp/serve.err")
[[ -n "$port" ]] || fail "the fork did not say where it listens: $(cat "$tmp/serve.err")"
# A city with 5 soldiers next to a free city: the starter's way is to take
# it with exactly 1.
body='{"action":"turn","infos":{"game_id":"g","current_turn":1,"maximum_number_of_turns":10,"time_limit_per_turn":1000,"directed":false,"number_of_players":2,"player_id":0},"map":{"types":[{"name":"city","points":1,"soldiers_per_turn":1}],"nodes":[{"id":1,"type":"city"},{"id":2,"type":"city"}],"paths":[{"from":1,"to":2}]},"state":[{"node_id":1,"player_id":0,"number_of_soldiers":5},{"node_id":2,"player_id":null,"number_of_soldiers":0}]}'
PORT=$port BODY=$body timeout 20 bash -c '
  exec 3<> "/dev/tcp/127.0.0.1/$PORT"
  printf "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s" \
    "${#BODY}" "$BODY" >&3
  cat <&3' > "$tmp/answer" || fail "no answer from the fork"
head -n 1 "$tmp/answer" | grep -q "^HTTP/1.1 200" ||
  fail "the fork did not answer 200: $(cat "$tmp/answer")"
grep -q -F '[{"from":1,"to":2,"number_of_soldiers":1}]' "$tmp/answer" ||
  fail "unexpected moves: $(cat "$tmp/answer")"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
((status == 0)) || fail "the fork exited $status after SIGTERM"
note "the fork builds, is registered, answers a turn and stops on SIGTERM"

# 5. Its test builds alone, as its own binary, and passes.
configure ON ON || fail "configure: $(tail -n 5 "$tmp/configure.log")"
cmake --build build -j2 --target bot_berlin_fork_test > "$tmp/build.log" ||
  fail "the fork's test does not build: $(tail -n 20 "$tmp/build.log")"
grep -q -e "wl_tools" -e "wl_tests" "$tmp/build.log" &&
  fail "building the fork's test built the suite"
build/tests/bot_berlin_fork_test > "$tmp/test.log" ||
  fail "the fork's test failed: $(cat "$tmp/test.log")"
grep -q "PASSED.*2 tests" "$tmp/test.log" || fail "the fork's test did not run"
note "the fork's test passes"

# 6. A copy made by cp -r stops the configure, naming both files.
cp -r bots/berlin/starter bots/berlin/dup
if configure ON OFF; then fail "a cp -r copy of the Berlin starter configured"; fi
grep -q -F "bots/berlin/dup/berlin_starter_bot.h and bots/berlin/starter/berlin_starter_bot.h" \
  <(tr -s ' \n' ' ' < "$tmp/configure.log") ||
  fail "the configure error does not name both copies: $(cat "$tmp/configure.log")"
rm -rf bots/berlin/dup
note "cp -r bots/berlin/starter bots/berlin/dup: the configure stops"
