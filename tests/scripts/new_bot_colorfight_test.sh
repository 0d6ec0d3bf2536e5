#!/usr/bin/env bash
# Tests scripts/new_bot.sh --game colorfight, in a temporary copy of the
# source tree (the real one is never touched) holding the two starters
# alone: bad or taken names are refused with one line and exit 2, writing
# nothing; a fork gets its class, file and guard renamed; it configures
# into the in-process registry, builds as build/bots/colorfight/fork, and
# its binary prints its help and says in one line (exit 1) that no server
# is there; its test compiles.
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

# 5. Its test compiles (wl_tests builds and runs it in a real build).
g++ -std=c++17 -fsyntax-only -I. -Itests -Itools -Ibuild/generated \
  tests/colorfight/fork_bot_test.cpp 2> "$tmp/test.log" ||
  fail "tests/colorfight/fork_bot_test.cpp does not compile: $(head -n 20 "$tmp/test.log")"
note "the fork's test compiles"
