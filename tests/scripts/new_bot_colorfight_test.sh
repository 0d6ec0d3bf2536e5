#!/usr/bin/env bash
# Tests scripts/new_bot.sh --game colorfight, in a temporary copy of the
# source tree (the real one is never touched) holding the two starters
# alone: bad or taken names are refused with one line and exit 2, writing
# nothing; a fork gets its class, file and guard renamed; it configures
# into the in-process registry, builds as build/bots/colorfight/fork, and
# its binary prints its help and says in one line (exit 1) that no server
# is there; its test is a binary of its own (bot_colorfight_fork_test,
# which new_bot.sh says how to build and run) that builds without the suite
# and passes, and fails for a bot whose commands the rules refuse.
#
#   tests/scripts/new_bot_colorfight_test.sh BUILD_DIR   (from the source root)
set -euo pipefail

root=$PWD
fail() { echo "new_bot_colorfight_test: FAIL: $*" >&2; exit 1; }
note() { echo "new_bot_colorfight_test: $*"; }

# 1. A copy of the source tree with the two starters as its only bots.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$root/tests/scripts/new_bot_lib.sh"  # copy_source, refuse, configure
copy=$tmp/src
copy_source "$root" "$copy"
mkdir "$copy/bots/colorfight"
cp -r "$root/bots/colorfight/starter" "$copy/bots/colorfight/"
cd "$copy"

# 2. Bad or taken names: one line, exit 2, nothing made.
for bad in "" Fork 9lives my-bot my__bot bot_ "a b" starter; do
  refuse --game colorfight "$bad"
done
refuse --game colorfight fork extra
refuse --game colorfight
[[ ! -e bots/colorfight/fork && ! -e tests/colorfight/fork_bot_test.cpp ]] ||
  fail "a refused new_bot.sh wrote something"
note "bad names refused, nothing written"

# 3. The fork, renamed.
scripts/new_bot.sh --game colorfight fork > "$tmp/made"
grep -q "tests/colorfight/fork_bot_test.cpp" "$tmp/made" ||
  fail "new_bot.sh did not say what it made"
grep -qx "  scripts/setup.sh bot_colorfight_fork bot_colorfight_fork_test .*" "$tmp/made" &&
  grep -qx "  build/tests/bot_colorfight_fork_test .*" "$tmp/made" ||
  fail "new_bot.sh did not print how to build and run its test: $(cat "$tmp/made")"
refuse --game colorfight fork
for file in bots/colorfight/fork/main.cpp \
            bots/colorfight/fork/colorfight_fork_bot.h \
            tests/colorfight/fork_bot_test.cpp; do
  [[ -f $file ]] || fail "new_bot.sh did not make $file"
done
grep -q "^class ColorfightForkBot : public wl::colorfight::Bot {" \
  bots/colorfight/fork/colorfight_fork_bot.h || fail "no class ColorfightForkBot"
grep -q "^#define COLORFIGHT_FORK_BOT_H_" \
  bots/colorfight/fork/colorfight_fork_bot.h || fail "no guard COLORFIGHT_FORK_BOT_H_"
grep -q "Run<ColorfightForkBot>" bots/colorfight/fork/main.cpp ||
  fail "main.cpp does not run ColorfightForkBot"
if grep -n -e ColorfightStarterBot -e COLORFIGHT_STARTER_BOT_H_ \
     -e colorfight_starter_bot bots/colorfight/fork/* \
     tests/colorfight/fork_bot_test.cpp; then
  fail "the fork still names the starter's class, guard or file"
fi
note "bots/colorfight/fork made with ColorfightForkBot, COLORFIGHT_FORK_BOT_H_"

# 4. It is registered, builds and runs.
configure ON OFF || fail "configure: $(tail -n 5 "$tmp/configure.log")"
grep -q '{"fork", "ColorfightForkBot",' build/bot_registry/colorfight/table.cpp ||
  fail "the fork is not in the Colorfight registry"
cmake --build build -j2 --target bot_colorfight_fork > "$tmp/build.log" ||
  fail "the fork does not build: $(tail -n 20 "$tmp/build.log")"
build/bots/colorfight/fork --help | grep -q -- "--url URL" ||
  fail "the fork's --help does not list --url"
status=0
timeout 20 build/bots/colorfight/fork --url ws://127.0.0.1:1/gameroom/public \
  > "$tmp/run.out" 2> "$tmp/run.err" || status=$?
((status == 1)) || fail "the fork exited $status without a server, not 1"
[[ $(wc -l < "$tmp/run.err") -eq 1 ]] && grep -q "connection refused" "$tmp/run.err" ||
  fail "the fork did not say in one line that no server is there: $(cat "$tmp/run.err")"
note "the fork is registered, builds, prints its help, fails in one line"

# 5. Its test builds alone, as its own binary, and passes; a bot that
#    attacks a cell it cannot reach fails it.
configure ON ON || fail "configure: $(tail -n 5 "$tmp/configure.log")"
cmake --build build -j2 --target bot_colorfight_fork_test > "$tmp/build.log" ||
  fail "the fork's test does not build: $(tail -n 20 "$tmp/build.log")"
grep -q -e "wl_tools" -e "wl_tests" "$tmp/build.log" &&
  fail "building the fork's test built the suite"
build/tests/bot_colorfight_fork_test > "$tmp/test.log" ||
  fail "the fork's test failed: $(cat "$tmp/test.log")"
grep -q "PASSED.*1 test" "$tmp/test.log" || fail "the fork's test did not run"
bot=bots/colorfight/fork/colorfight_fork_bot.h
cp "$bot" "$tmp/bot.h"
sed -i 's|^\( *\)return commands;$|\1commands.push_back("a 29 29 1");\n&|' "$bot"
grep -q '"a 29 29 1"' "$bot" || fail "could not make the fork attack a far cell"
cmake --build build -j2 --target bot_colorfight_fork_test > "$tmp/build.log" ||
  fail "the changed fork does not build: $(tail -n 20 "$tmp/build.log")"
if build/tests/bot_colorfight_fork_test > "$tmp/test.log"; then
  fail "the test of a fork whose attacks are refused passed"
fi
cp "$tmp/bot.h" "$bot"
note "the fork's test builds alone and passes; refused commands fail it"
