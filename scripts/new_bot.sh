#!/usr/bin/env bash
# Makes a new bot from the starter, ready to edit, test and benchmark.
#
#   scripts/new_bot.sh NAME        (NAME: lower case letters, digits, _)
#
# Creates bots/NAME/main.cpp and bots/NAME/NAME_bot.h, the starter with its
# class, file and include guard renamed (NAME=my_bot: class MyBotBot,
# my_bot_bot.h, MY_BOT_BOT_H_), so that it never clashes with the starter
# in one program; tests/bots/NAME_bot_test.cpp, a test that the bot answers
# every request of a recorded session legally (part of wl_tests); and
# bench/NAME_bot_bench.cpp, a benchmark of its attack decision (part of
# wl_bench). The arena plays it in process with no other edit. A bad or
# taken NAME is one line on stderr and exit status 2; nothing is written.
set -euo pipefail

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }
fail() { echo "new_bot: $*" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  "") fail "give the new bot's NAME (see --help)" ;;
esac
(($# == 1)) || fail "one NAME only (see --help)"
name=$1
[[ "$name" =~ ^[a-z][a-z0-9_]{0,39}$ && "$name" != *_ && "$name" != *__* ]] ||
  fail "bad NAME '$name': use 1 to 40 lower case letters, digits and single _, starting with a letter, e.g. my_bot"

# my_bot -> MyBotBot, MY_BOT_BOT_H_, my_bot_bot.h
class=""
IFS=_ read -ra words <<< "$name"
for word in "${words[@]}"; do class+="${word^}"; done
class+=Bot
guard="${name^^}_BOT_H_"
header="${name}_bot.h"

starter="$root/bots/starter"
[[ -f "$starter/starter_bot.h" ]] || fail "bots/starter/starter_bot.h is missing"
for path in "bots/$name" "tests/bots/${name}_bot_test.cpp" \
            "bench/${name}_bot_bench.cpp"; do
  [[ ! -e "$root/$path" ]] || fail "$path already exists: pick another NAME"
done
if grep -rqsw --include='*.h' -e "$class" -e "$guard" "$root/bots"; then
  fail "class $class or guard $guard is already used under bots/: pick another NAME"
fi

# The starter's text, renamed.
rename() {
  sed -e "s/StarterBot/$class/g" -e "s/STARTER_BOT_H_/$guard/g" \
      -e "s/starter_bot\.h/$header/g" -e "s/The starter bot/The $name bot/g" \
      -e "s/the starter bot/the $name bot/g" "$1"
}

mkdir "$root/bots/$name"
rename "$starter/starter_bot.h" > "$root/bots/$name/$header"
{
  echo "// The $name bot's entry point. You should not need to change this file:"
  echo "// your decisions live in $header."
  printf '#include "%s"\n' "$header" runner.h | LC_ALL=C sort
  printf '\nint main() {\n  %s bot;\n  return wl::Run(bot);\n}\n' "$class"
} > "$root/bots/$name/main.cpp"
sed -e "s/@NAME@/$name/g" -e "s/@CLASS@/$class/g" -e "s/@HEADER@/$header/g" \
  > "$root/tests/bots/${name}_bot_test.cpp" <<'EOF'
// Tests of the @NAME@ bot (bots/@NAME@/@HEADER@), made by scripts/new_bot.sh.
// Add yours: build a View from engine lines, ask the bot, check the answer.
#include "bots/@NAME@/@HEADER@"

#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "runner.h"

namespace {

// Plays the recorded engine session scripts/data/session_small.txt through
// the runner: one answer per request, and nothing the runner had to drop
// or fix (it logs "wl: ..." for each move the engine would refuse).
TEST(@CLASS@Test, AnswersEveryRequestOfASessionLegally) {
  std::ifstream file(WL_SOURCE_DIR "/scripts/data/session_small.txt");
  ASSERT_TRUE(file) << "scripts/data/session_small.txt is missing";
  std::stringstream session;
  session << file.rdbuf();
  int requests = 0;
  for (std::string line; std::getline(session, line);) {
    const bool pick = line.rfind("pick_starting_region", 0) == 0;
    if (pick || line.rfind("go ", 0) == 0) ++requests;
  }
  session.clear();
  session.seekg(0);
  @CLASS@ bot;
  std::ostringstream out, log;
  EXPECT_EQ(wl::Run(bot, session, out, log), 0);
  int answers = 0;
  for (char c : out.str()) answers += c == '\n';
  EXPECT_GT(requests, 0);
  EXPECT_EQ(answers, requests) << out.str();
  EXPECT_EQ(log.str().find("wl:"), std::string::npos) << log.str();
}

}  // namespace
EOF
sed -e "s/@NAME@/$name/g" -e "s/@CLASS@/$class/g" -e "s/@HEADER@/$header/g" \
  > "$root/bench/${name}_bot_bench.cpp" <<'EOF'
// The @NAME@ bot's attack decision on a fixed position (made by
// scripts/new_bot.sh): `scripts/bench.sh --benchmark_filter=@CLASS@`, change
// the bot, run it again, and `scripts/bench.sh --compare` the two results.
#include "benchmark/benchmark.h"
#include "bots/@NAME@/@HEADER@"
#include "protocol.h"
#include "view.h"

namespace {

wl::View MidGameView() {
  wl::View view;
  for (const char* line :
       {"settings your_bot player1", "settings opponent_bot player2",
        "setup_map super_regions 1 2 2 3", "setup_map regions 1 1 2 1 3 2 4 2",
        "setup_map neighbors 1 2 2 3 3 4", "settings starting_armies 5",
        "update_map 1 player1 7 2 player1 1 3 neutral 2",
        "go place_armies 9000"}) {
    view.Apply(wl::Parse(line));
  }
  return view;
}

void BM_@CLASS@AttackTransfer(benchmark::State& state) {
  const wl::View view = MidGameView();
  @CLASS@ bot;
  for (auto _ : state) benchmark::DoNotOptimize(bot.AttackTransfer(view));
}
BENCHMARK(BM_@CLASS@AttackTransfer);

}  // namespace
EOF

cat <<EOF
new_bot: made the $name bot (class $class) from the starter:
  bots/$name/$header  (its three decisions: edit this file)
  bots/$name/main.cpp
  tests/bots/${name}_bot_test.cpp  (runs in wl_tests)
  bench/${name}_bot_bench.cpp  (runs in wl_bench)
next:
  cmake --build build      # builds build/bots/$name, the tests and the benchmarks
  build/tests/wl_tests --gtest_filter='${class}Test.*'
  build/warlight match $name starter               # one game and its replay
  build/warlight arena $name starter --games 100   # in process: is it better?
  scripts/bench.sh --benchmark_filter=$class
EOF
