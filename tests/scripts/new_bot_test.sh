#!/usr/bin/env bash
# Tests scripts/new_bot.sh and the bot registry (cmake/WlBots.cmake):
#   - each bot of BUILD_DIR is compiled with only the bot folders it includes;
#   - in a temporary copy of the source tree (the real one is never touched):
#     new_bot.sh refuses bad or taken names, and makes a fork with its class,
#     file and guard renamed and the starter's main.cpp; the fork builds and
#     answers --list-params; it prints next steps that work from where it
#     ran (another folder too); its test and benchmark are small binaries
#     of their own (bot_fork_test, bot_fork_bench) that build alone and
#     pass, the benchmark timing its three decisions, and a printf in the
#     bot fails its test;
#     adding a bot folder compiles that bot alone; a `cp -r bots/starter
#     bots/dup` copy stops the configure with a clear message; a folder
#     without a bot class plays as a process only, and the configure says
#     so; the fork plays in process in `warlight arena fork
#     starter`; a bot class the arena cannot make is a clear build error.
#
#   tests/scripts/new_bot_test.sh BUILD_DIR      (from the source root)
#
# The copy holds the starter alone and builds only what each check needs; its
# `warlight` links BUILD_DIR's objects with the copy's bot registry, the part
# under test. WL_LONG_TESTS=1 builds warlight in the copy from scratch
# instead (many minutes).
set -euo pipefail

build=$(cd "${1:?usage: new_bot_test.sh BUILD_DIR}" && pwd)
root=$PWD
fail() { echo "new_bot_test: FAIL: $*" >&2; exit 1; }
note() { echo "new_bot_test: $*"; }

# 1. Include paths: a bot gets its own folder and the bot folders whose
#    headers it includes, nothing else (mcts includes greedy's headers).
compile_command() {
  grep -F "\"command\"" "$build/compile_commands.json" |
    grep -F -- "$root/bots/$1/main.cpp" || fail "no compile command for bots/$1"
}
starter_cc=$(compile_command starter)
mcts_cc=$(compile_command mcts)
[[ "$starter_cc" == *"-I$root/bots/starter "* ]] || fail "starter lacks its folder"
[[ "$mcts_cc" == *"-I$root/bots/greedy "* ]] || fail "mcts lacks bots/greedy"
for other in greedy mcts random; do
  [[ "$starter_cc" != *"$root/bots/$other"* ]] ||
    fail "bots/starter is compiled with bots/$other on its include path"
done
[[ "$mcts_cc" != *"$root/bots/random"* ]] || fail "mcts has bots/random"
note "include paths: each bot has only the folders it includes"

# 2. A copy of the source tree with the starter as its only bot.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$root/tests/scripts/new_bot_lib.sh"  # copy_source, refuse, configure
copy=$tmp/src
copy_source "$root" "$copy"
cd "$copy"

# 3. new_bot.sh: bad or taken names are one line and exit 2, nothing made.
for bad in "" Fork 9lives my-bot my__bot bot_ "a b" starter; do refuse "$bad"; done
refuse fork extra
[[ ! -e bots/fork && ! -e tests/bots/fork_bot_test.cpp ]] ||
  fail "a refused new_bot.sh wrote something"
scripts/new_bot.sh fork > "$tmp/made"
grep -q "tests/bots/fork_bot_test.cpp" "$tmp/made" || fail "new_bot.sh did not say what it made"
grep -qx "  scripts/setup.sh bot_fork bot_fork_test .*" "$tmp/made" &&
  grep -qx "  build/tests/bot_fork_test .*" "$tmp/made" &&
  grep -q "scripts/bench.sh --bench bot_fork_bench" "$tmp/made" ||
  fail "new_bot.sh did not print how to build and run the fork's test: $(cat "$tmp/made")"
refuse fork
for file in bots/fork/main.cpp bots/fork/fork_bot.h \
            tests/bots/fork_bot_test.cpp bench/fork_bot_bench.cpp; do
  [[ -f $file ]] || fail "new_bot.sh did not make $file"
done
grep -Eq "^class ForkBot : public wl::Bot( \{|, )" bots/fork/fork_bot.h || fail "no class ForkBot"
grep -q "^#define FORK_BOT_H_" bots/fork/fork_bot.h || fail "no guard FORK_BOT_H_"
if grep -n -e StarterBot -e STARTER_BOT_H_ -e starter_bot bots/fork/* \
     tests/bots/fork_bot_test.cpp bench/fork_bot_bench.cpp; then
  fail "the fork still names the starter's class, guard or file"
fi
note "new_bot.sh: bad names refused; bots/fork made with ForkBot, FORK_BOT_H_"

# 4. The fork builds with the bots alone, and answers a recorded session.
configure OFF OFF || fail "configure: $(tail -n 5 "$tmp/configure.log")"
cmake --build build -j2 --target bot_starter bot_fork > "$tmp/build.log" ||
  fail "the fork does not build: $(tail -n 20 "$tmp/build.log")"
session=scripts/data/session_small.txt
answers=$(build/bots/fork < $session 2> /dev/null | wc -l)
requests=$(grep -c -E '^(go |pick_starting_region)' $session)
((answers == requests)) || fail "the fork answered $answers of $requests requests"
# Its main is the starter's: --list-params lists the starter's parameters.
build/bots/fork --list-params < /dev/null > "$tmp/params.log" 2>&1 ||
  fail "the fork's --list-params failed: $(tail -n 5 "$tmp/params.log")"
[[ -s "$tmp/params.log" ]] &&
  build/bots/starter --list-params < /dev/null | cmp -s - "$tmp/params.log" ||
  fail "the fork's --list-params differs from the starter's: $(head -n 5 "$tmp/params.log")"
note "the fork builds, answers all $requests requests of $session and --list-params"

# 5. Adding a bot folder compiles that bot alone; removing one, nothing.
#    (With WL_BUILD_TOOLS=OFF, the whole build is the bots.)
compiled() {
  cmake --build build -j2 > "$tmp/build.log" 2>&1 ||
    fail "build failed: $(tail -n 20 "$tmp/build.log")"
  grep "Building CXX object" "$tmp/build.log" || true
}
compiled > /dev/null
scripts/new_bot.sh extra > /dev/null
objects=$(compiled)
[[ $(grep -c . <<< "$objects") -eq 1 && "$objects" == *bot_extra.dir* ]] ||
  fail "adding bots/extra compiled more than bots/extra/main.cpp: $objects"
rm -rf bots/extra tests/bots/extra_bot_test.cpp bench/extra_bot_bench.cpp
objects=$(compiled)
[[ -z "$objects" ]] || fail "removing bots/extra compiled: $objects"
note "adding a bot folder compiled that bot alone, removing one nothing"

# 6. A copy made by cp -r stops the configure, naming both folders and the fix.
cp -r bots/starter bots/dup
if configure OFF OFF; then fail "a cp -r copy of the starter configured"; fi
for needed in "bots/dup/starter_bot.h and bots/starter/starter_bot.h" \
              "bot class StarterBot" "scripts/new_bot.sh"; do
  grep -q -F "$needed" <(tr -s ' \n' ' ' < "$tmp/configure.log") ||
    fail "the configure error does not say '$needed': $(cat "$tmp/configure.log")"
done
rm -rf bots/dup
note "cp -r bots/starter bots/dup: the configure stops with a clear message"

# 7. A bot folder without a wl::Bot class in its headers plays as a process
#    only, and the configure says so.
mkdir bots/plain
printf 'int main() { return 0; }\n' > bots/plain/main.cpp
configure OFF OFF || fail "configure with bots/plain: $(tail -n 5 "$tmp/configure.log")"
grep -q "bots/plain: .*plays as a process only" "$tmp/configure.log" ||
  fail "the configure does not say bots/plain plays as a process only"
rm -rf bots/plain
note "bots/plain, without a bot class: the configure says it plays as a process"

# 8. The fork's test and benchmark are binaries of their own, built alone:
#    the test passes, the benchmark times the three decisions; a printf in
#    the bot fails the test. new_bot.sh run from another folder prints
#    paths that work there.
configure ON ON || fail "configure: $(tail -n 5 "$tmp/configure.log")"
cmake --build build -j2 --target bot_fork_test bot_fork_bench > "$tmp/build.log" ||
  fail "the fork's test and benchmark do not build: $(tail -n 20 "$tmp/build.log")"
grep -q -e "wl_tools" -e "wl_tests" -e "wl_bench" "$tmp/build.log" &&
  fail "building the fork's test built the suite: $(grep -m 3 -e wl_t -e wl_b "$tmp/build.log")"
build/tests/bot_fork_test > "$tmp/test.log" || fail "the fork's test failed: $(cat "$tmp/test.log")"
grep -q "PASSED.*1 test" "$tmp/test.log" || fail "the fork's test did not run"
ctest --test-dir build -N -R '^ForkBotTest[.]' | grep -q "Total Tests: 1" ||
  fail "the fork's test is not registered with CTest"
build/bench/bot_fork_bench --benchmark_min_time=0.01 > "$tmp/bench.log" 2>&1 ||
  fail "the fork's benchmark failed: $(tail -n 5 "$tmp/bench.log")"
for decision in Pick Place AttackTransfer; do
  grep -q "^BM_ForkBot$decision " "$tmp/bench.log" ||
    fail "the benchmark does not time $decision: $(cat "$tmp/bench.log")"
done
cp bots/fork/fork_bot.h "$tmp/fork_bot.h"
sed -i -e 's|^#include <vector>$|&\n#include <cstdio>|' \
  -e 's|AttackTransfer(const wl::View& view) override {|&\n    std::printf("x\\n");|' \
  bots/fork/fork_bot.h
grep -q 'printf("x' bots/fork/fork_bot.h || fail "could not add a printf to the fork"
cmake --build build -j2 --target bot_fork_test > "$tmp/build.log" ||
  fail "the fork with a printf does not build: $(tail -n 20 "$tmp/build.log")"
if build/tests/bot_fork_test > "$tmp/test.log"; then
  fail "the test of a fork that printf's passed"
fi
grep -q "real stdout with C stdio" "$tmp/test.log" ||
  fail "the failure does not say why: $(cat "$tmp/test.log")"
cp "$tmp/fork_bot.h" bots/fork/fork_bot.h
note "the fork's test and benchmark build alone and pass; a printf fails the test"

mkdir "$tmp/away"
(cd "$tmp/away" && ../src/scripts/new_bot.sh away > "$tmp/away.out") ||
  fail "new_bot.sh from another folder failed"
grep -qx "  ../src/scripts/setup.sh bot_away bot_away_test .*" "$tmp/away.out" ||
  fail "the build command does not work from another folder: $(cat "$tmp/away.out")"
for file in $(sed -n 's/^  \([^ ]*\.\(h\|cpp\)\)  (.*/\1/p' "$tmp/away.out"); do
  [[ "$file" == ../src/* && -f "$tmp/away/$file" ]] ||
    fail "new_bot.sh printed $file, which is not there from where it ran"
done
configure ON ON || fail "configure: $(tail -n 5 "$tmp/configure.log")"
cmake --build build -j2 --target bot_away_test > "$tmp/build.log" ||
  fail "bot_away_test does not build: $(tail -n 20 "$tmp/build.log")"
run=$(sed -n 's/^  \([^ ]*bot_away_test\) .*/\1/p' "$tmp/away.out")
(cd "$tmp/away" && "$run" > "$tmp/test.log") ||
  fail "the printed '$run' does not run from where new_bot.sh ran: $(cat "$tmp/test.log")"
rm -rf bots/away tests/bots/away_bot_test.cpp bench/away_bot_bench.cpp
note "from another folder, new_bot.sh prints paths that work there"

if [[ "${WL_LONG_TESTS:-}" == 1 ]]; then
  cmake --build build -j2 --target warlight > "$tmp/build.log" ||
    fail "warlight does not build with the fork: $(tail -n 20 "$tmp/build.log")"
  warlight=build/warlight
else
  warlight=""
fi

# 9. The fork plays in process: the arena finds it with no edit to tools/,
#    and its process binary does not exist. The fork plays as the starter
#    does, so its two games against it, one seed in both seats, are one game
#    seen from both seats: it wins one or draws both. A bot that cannot
#    start loses both.
if [[ -z "$warlight" ]]; then
  configure ON OFF || fail "configure: $(tail -n 5 "$tmp/configure.log")"
  cmake --build build -j2 --target wl_bot_registry > "$tmp/build.log" ||
    fail "the bot registry does not build: $(tail -n 20 "$tmp/build.log")"
  link=$build/tools/CMakeFiles/warlight.dir/link.txt
  grep -q " libwl_bot_registry.a " "$link" ||
    fail "$link does not link libwl_bot_registry.a: is $build up to date?"
  (cd "$build/tools" && sed -e "s| libwl_bot_registry.a | $copy/build/tools/libwl_bot_registry.a |" \
     -e "s| -o [^ ]*warlight | -o $copy/build/warlight |" "$link" | bash) ||
    fail "linking warlight with the copy's registry failed"
  warlight=build/warlight
fi
rm -f build/bots/fork
"$warlight" arena fork starter --games 2 --json > "$tmp/arena.json" \
  2> "$tmp/arena.log" ||
  fail "warlight arena fork starter failed: $(tail -n 5 "$tmp/arena.log")"
wins=$(grep -o '"wins":[0-9]*' "$tmp/arena.json" | cut -d: -f2)
draws=$(grep -o '"draws":[0-9]*' "$tmp/arena.json" | cut -d: -f2)
grep -q '"bot":"fork"' "$tmp/arena.json" && ((wins + draws >= 1)) ||
  fail "the fork did not play: $(cat "$tmp/arena.json")"
note "warlight arena fork starter: the fork played in process ($wins wins, $draws draws of 2)"

# 10. A bot class the arena cannot make stops the build of its factory with
#     a message that names the folder and the convention.
mkdir bots/odd
cat > bots/odd/odd_bot.h <<'BOT'
#ifndef ODD_BOT_H_
#define ODD_BOT_H_
#include <string>
#include <vector>

#include "bot.h"

class OddBot : public wl::Bot {
 public:
  explicit OddBot(const std::string& name) : name_(name) {}
  int PickStartingRegion(const wl::View&) override { return 0; }
  std::vector<wl::Move> PlaceArmies(const wl::View&) override { return {}; }
  std::vector<wl::Move> AttackTransfer(const wl::View&) override { return {}; }

 private:
  std::string name_;
};

#endif  // ODD_BOT_H_
BOT
printf '#include "odd_bot.h"\n#include "runner.h"\n\nint main() {\n  OddBot bot("odd");\n  return wl::Run(bot);\n}\n' \
  > bots/odd/main.cpp
configure ON OFF || fail "configure with bots/odd: $(tail -n 5 "$tmp/configure.log")"
if cmake --build build --target wl_bot_factory_odd > "$tmp/build.log" 2>&1; then
  fail "the factory of a bot without a seed or default constructor compiled"
fi
grep -q "bots/odd: the arena plays OddBot in process" "$tmp/build.log" &&
  grep -q "needs a constructor from a uint64_t seed" "$tmp/build.log" ||
  fail "no clear message for bots/odd: $(grep -m 3 error "$tmp/build.log")"
note "bots/odd, a class without a seed or default constructor: a clear build error"
