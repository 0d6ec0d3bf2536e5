#!/usr/bin/env bash
# Makes a new bot from the starter, ready to edit, test and benchmark.
#
#   scripts/new_bot.sh NAME                 (NAME: lower case letters, digits, _)
#   scripts/new_bot.sh --game berlin NAME   (a Berlin bot, an HTTP server)
#   scripts/new_bot.sh --game colorfight NAME   (a Colorfight II bot, a
#                                               WebSocket client)
#
# Warlight 2 (the default, --game warlight): creates bots/NAME/main.cpp and
# bots/NAME/NAME_bot.h, the starter with its class, file and include guard
# renamed (NAME=my_bot: class MyBotBot, my_bot_bot.h, MY_BOT_BOT_H_), so
# that it never clashes with the starter in one program;
# tests/bots/NAME_bot_test.cpp, a test that the bot answers every request of
# a recorded session legally and writes nothing to the real stdout (its own
# binary, build/tests/bot_NAME_test); and bench/NAME_bot_bench.cpp, a
# benchmark of its three decisions on real-sized positions (its own binary,
# build/bench/bot_NAME_bench). The arena plays it in process with no other
# edit.
#
# Berlin (--game berlin): creates bots/berlin/NAME/main.cpp and
# bots/berlin/NAME/berlin_NAME_bot.h from bots/berlin/starter (class
# BerlinMyBotBot, berlin_my_bot_bot.h, BERLIN_MY_BOT_BOT_H_), and
# tests/berlin/NAME_bot_test.cpp, a test that every move it sends is one
# the engine accepts and that it answers a turn through the server (its own
# binary, build/tests/bot_berlin_NAME_test). The build makes
# build/bots/berlin/NAME and the referee plays it in process with no other
# edit.
#
# Colorfight II (--game colorfight): creates bots/colorfight/NAME/main.cpp
# and bots/colorfight/NAME/colorfight_NAME_bot.h from bots/colorfight/starter
# (class ColorfightMyBotBot, colorfight_my_bot_bot.h,
# COLORFIGHT_MY_BOT_BOT_H_), and tests/colorfight/NAME_bot_test.cpp, a test
# that it plays whole games in process with commands that all parse and
# that the rules accept (its own binary, build/tests/bot_colorfight_NAME_test).
# The build makes build/bots/colorfight/NAME (it plays on a server: --url)
# and the arena plays it in process with no other edit.
#
# It ends with the next steps, as commands that work from the folder it ran
# in: first scripts/setup.sh with the bot's and its test's targets, which
# sets up if needed and builds those alone (-j$(nproc)).
#
# A bad or taken NAME is one line on stderr and exit status 2; nothing is
# written.
set -euo pipefail

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}
fail() { echo "new_bot: $*" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
game=warlight
names=()
while (($# > 0)); do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --game) (($# >= 2)) || fail "--game needs a value: warlight, berlin or colorfight"
            game=$2; shift 2 ;;
    --game=*) game=${1#--game=}; shift ;;
    *) names+=("$1"); shift ;;
  esac
done
case "$game" in
  warlight|berlin|colorfight) ;;
  *) fail "unknown --game '$game': warlight, berlin or colorfight" ;;
esac
((${#names[@]} > 0)) && [[ -n "${names[0]}" ]] ||
  fail "give the new bot's NAME (see --help)"
((${#names[@]} == 1)) || fail "one NAME only (see --help)"
name=${names[0]}
[[ "$name" =~ ^[a-z][a-z0-9_]{0,39}$ && "$name" != *_ && "$name" != *__* ]] ||
  fail "bad NAME '$name': use 1 to 40 lower case letters, digits and single _, starting with a letter, e.g. my_bot"

# The repository as seen from where new_bot.sh runs: "" at its root, else
# its path and a slash, so that the commands printed work from here.
at=$(realpath --relative-to="$PWD" "$root")
if [[ "$at" == . ]]; then at=""; else at="$(printf '%q' "$at")/"; fi

# my_bot -> MyBot
camel=""
IFS=_ read -ra words <<< "$name"
for word in "${words[@]}"; do camel+="${word^}"; done

# bots/berlin/NAME from bots/berlin/starter, and its test.
make_berlin() {
  local class="Berlin${camel}Bot" guard="BERLIN_${name^^}_BOT_H_"
  local header="berlin_${name}_bot.h" starter="$root/bots/berlin/starter"
  local test="tests/berlin/${name}_bot_test.cpp"
  [[ -f "$starter/berlin_starter_bot.h" ]] ||
    fail "bots/berlin/starter/berlin_starter_bot.h is missing"
  for path in "bots/berlin/$name" "$test"; do
    [[ ! -e "$root/$path" ]] || fail "$path already exists: pick another NAME"
  done
  if grep -rqsw --include='*.h' -e "$class" -e "$guard" "$root/bots"; then
    fail "class $class or guard $guard is already used under bots/: pick another NAME"
  fi
  local rename=(-e "s/BerlinStarterBot/$class/g"
                -e "s/BERLIN_STARTER_BOT_H_/$guard/g"
                -e "s/berlin_starter_bot\.h/$header/g"
                -e "s/he starter Berlin bot/he $name Berlin bot/g"
                -e "s/\`starter \[/\`$name [/g")
  mkdir -p "$root/bots/berlin/$name"
  sed "${rename[@]}" "$starter/berlin_starter_bot.h" \
    > "$root/bots/berlin/$name/$header"
  sed "${rename[@]}" "$starter/main.cpp" > "$root/bots/berlin/$name/main.cpp"
  sed -e "s/@NAME@/$name/g" -e "s/@CLASS@/$class/g" -e "s/@HEADER@/$header/g" \
    > "$root/$test" <<'EOF'
// Tests of the @NAME@ Berlin bot (bots/berlin/@NAME@/@HEADER@), made by
// scripts/new_bot.sh --game berlin. Add yours: build a Request (a map and
// a state), ask the bot, check its moves.
#include "bots/berlin/@NAME@/@HEADER@"

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "sdk/berlin/bot.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/server.h"
#include "sdk/berlin/wire.h"

namespace {

// A turn on a random map: a ring of 2 to 30 nodes with chords, cities and
// plain nodes, every node free or owned by one of two players.
wl::berlin::Request RandomTurn(std::mt19937_64& rng, int player) {
  auto uniform = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  wl::berlin::Request r;
  r.action = "turn";
  r.game_id = "test";
  r.current_turn = uniform(1, 100);
  r.player_id = player;
  const int city = r.map.AddType("city", 1, 1);
  const int node = r.map.AddType("node", 0, 0);
  const int n = uniform(2, 30);
  for (int i = 0; i < n; ++i) {
    r.map.AddNode(i + 1, uniform(0, 2) == 0 ? city : node);
  }
  for (int i = 0; i < n; ++i) r.paths.emplace_back(i + 1, (i + 1) % n + 1);
  for (int c = uniform(0, n); c > 0; --c) {
    r.paths.emplace_back(uniform(1, n), uniform(1, n));
  }
  for (const auto& [from, to] : r.paths) r.map.AddPath(from, to);
  r.state = wl::berlin::State::Empty(n, 2);
  for (int i = 0; i < n; ++i) {
    const int owner = uniform(-1, 1);
    if (owner >= 0) r.state.Place(i, owner, uniform(0, 20));
  }
  r.state.turn = static_cast<int32_t>(r.current_turn - 1);
  return r;
}

// berlin §5.3: the rules core accepts every move it sends.
TEST(@CLASS@Test, SendsOnlyMovesTheEngineAccepts) {
  std::mt19937_64 rng(1);
  for (int round = 0; round < 500; ++round) {
    const int player = round % 2;
    wl::berlin::Request request = RandomTurn(rng, player);
    const wl::berlin::Map map = request.map;
    wl::berlin::State state = request.state;
    wl::berlin::Game game(std::move(request), wl::berlin::Game::Clock::now() +
                                                  std::chrono::seconds(10));
    @CLASS@ bot;
    bot.OnTurn(game);
    const std::vector<wl::berlin::Move> moves = game.Moves();
    int accepted = 0;
    const wl::berlin::PlayerMoves mine{player, moves.data(),
                                       static_cast<int>(moves.size())};
    wl::berlin::ResolveTurn(
        map, state, &mine, 1,
        [&](const wl::berlin::AcceptedMove&) { ++accepted; });
    ASSERT_EQ(accepted, static_cast<int>(moves.size())) << "round " << round;
  }
}

// It answers a turn through the server's Endpoint (what its binary serves)
// with a JSON array of moves.
TEST(@CLASS@Test, AnswersATurnThroughTheServer) {
  std::mt19937_64 rng(2);
  const wl::berlin::Request r = RandomTurn(rng, 0);
  wl::berlin::InfosFields infos;
  infos.game_id = r.game_id;
  infos.current_turn = r.current_turn;
  infos.player_id = r.player_id;
  const wl::berlin::RequestFields fields{
      "turn", wl::berlin::InfosJson(infos),
      wl::berlin::MapJson(r.map, r.paths),
      wl::berlin::StateJson(r.map, r.state)};
  wl::berlin::Endpoint endpoint([] { return std::make_unique<@CLASS@>(); });
  const wl::berlin::HttpAnswer answer = endpoint.Handle(
      "/", "application/x-www-form-urlencoded", wl::berlin::FormBody(fields),
      wl::berlin::Endpoint::Clock::now());
  EXPECT_EQ(answer.status, 200);
  ASSERT_FALSE(answer.body.empty());
  EXPECT_EQ(answer.body.front(), '[') << answer.body;
  EXPECT_EQ(answer.body.back(), ']') << answer.body;
}

}  // namespace
EOF
  cat <<EOF
new_bot: made the $name Berlin bot (class $class) from bots/berlin/starter:
  ${at}bots/berlin/$name/$header  (its decisions: edit this file)
  ${at}bots/berlin/$name/main.cpp
  ${at}$test  (its test)
next:
  ${at}scripts/setup.sh bot_berlin_$name bot_berlin_${name}_test   # builds both
  ${at}build/tests/bot_berlin_${name}_test        # runs its test
  ${at}build/bots/berlin/$name --port 4567        # serves http://127.0.0.1:4567/
  ${at}scripts/setup.sh warlight   # the tool (minutes), then one game and its replay:
  ${at}build/warlight berlin match $name starter
EOF
}

# bots/colorfight/NAME from bots/colorfight/starter, and its test.
make_colorfight() {
  local class="Colorfight${camel}Bot" guard="COLORFIGHT_${name^^}_BOT_H_"
  local header="colorfight_${name}_bot.h" starter="$root/bots/colorfight/starter"
  local test="tests/colorfight/${name}_bot_test.cpp"
  [[ -f "$starter/colorfight_starter_bot.h" ]] ||
    fail "bots/colorfight/starter/colorfight_starter_bot.h is missing"
  for path in "bots/colorfight/$name" "$test"; do
    [[ ! -e "$root/$path" ]] || fail "$path already exists: pick another NAME"
  done
  if grep -rqsw --include='*.h' -e "$class" -e "$guard" "$root/bots"; then
    fail "class $class or guard $guard is already used under bots/: pick another NAME"
  fi
  local rename=(-e "s/ColorfightStarterBot/$class/g"
                -e "s/COLORFIGHT_STARTER_BOT_H_/$guard/g"
                -e "s/colorfight_starter_bot\.h/$header/g"
                -e "s/he starter Colorfight II bot/he $name Colorfight II bot/g"
                -e "s/\`starter \[/\`$name [/g")
  mkdir -p "$root/bots/colorfight/$name"
  sed "${rename[@]}" "$starter/colorfight_starter_bot.h" \
    > "$root/bots/colorfight/$name/$header"
  sed "${rename[@]}" "$starter/main.cpp" > "$root/bots/colorfight/$name/main.cpp"
  sed -e "s/@NAME@/$name/g" -e "s/@CLASS@/$class/g" -e "s/@HEADER@/$header/g" \
    > "$root/$test" <<'EOF'
// Tests of the @NAME@ Colorfight II bot (bots/colorfight/@NAME@/@HEADER@),
// made by scripts/new_bot.sh --game colorfight. Add yours: make a State
// (sdk/colorfight/map_gen.h, rules.h), show the bot its Game, check the
// commands.
#include "bots/colorfight/@NAME@/@HEADER@"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "sdk/colorfight/command.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/game.h"
#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/py_random.h"
#include "sdk/colorfight/rules.h"

namespace {

namespace cf = wl::colorfight;

// Counts the commands that parsed but that the rules refused (colorfight
// §6.2); the ones that did not parse are counted apart.
class Refusals : public cf::FailureSink {
 public:
  void Failed(int, int, cf::Failure failure) override {
    count += failure != cf::Failure::kInvalid;
  }
  int count = 0;
};

// One whole game of `players` copies of the bot, on the server's map of
// seed `players`, as `warlight colorfight arena` plays it in process: adds
// the commands that did not parse to *unparsed, the refused ones to
// *refused.
void PlayGame(int players, int max_turn, int* unparsed, int* refused) {
  cf::PyRandom rng(static_cast<uint64_t>(players));
  const cf::GeneratedMap map = cf::GenerateMap(rng, players);
  cf::State state = cf::NewGameState(map, max_turn);
  std::vector<std::unique_ptr<@CLASS@>> bots;
  std::vector<std::string> names;
  for (int k = 0; k < players; ++k) {
    cf::PlaceUser(state, k + 1, map.starts[k]);
    bots.push_back(
        std::make_unique<@CLASS@>(static_cast<uint64_t>(k + 1)));
    names.push_back("player" + std::to_string(k + 1));
  }
  Refusals refusals;
  std::vector<std::vector<cf::Command>> commands(players);
  std::vector<cf::CommandList> lists(players);
  cf::Update(state, nullptr);  // update 1: no commands yet (colorfight §1.7)
  while (!state.Ended()) {
    cf::Frame frame = cf::FrameOf(state, names);
    frame.info.max_turn = max_turn;
    frame.info.max_player = players;
    for (int k = 0; k < players; ++k) {
      commands[k].clear();
      if (!frame.users[k].dead) {
        for (const std::string& text :
             bots[k]->OnTurn(cf::Game(frame, k + 1))) {
          cf::ParsedCommand parsed = cf::ParseCommand(text);
          *unparsed += !parsed.error.empty();
          commands[k].push_back(parsed.command);
        }
      }
      lists[k] = {commands[k].data(), static_cast<int>(commands[k].size())};
    }
    cf::Update(state, lists.data(), &refusals);
  }
  *refused += refusals.count;
}

// Whole games of 2 and 4 copies of it (colorfight §6): every command it
// sends parses and the rules accept it, and it never throws.
TEST(@CLASS@Test, PlaysWholeGamesWithCommandsTheRulesAccept) {
  for (int players : {2, 4}) {
    int unparsed = 0, refused = 0;
    PlayGame(players, 300, &unparsed, &refused);
    EXPECT_EQ(unparsed, 0) << players << " players";
    EXPECT_EQ(refused, 0) << players << " players";
  }
}

}  // namespace
EOF
  cat <<EOF
new_bot: made the $name Colorfight II bot (class $class) from bots/colorfight/starter:
  ${at}bots/colorfight/$name/$header  (its decisions: edit this file)
  ${at}bots/colorfight/$name/main.cpp
  ${at}$test  (its test)
next:
  ${at}scripts/setup.sh bot_colorfight_$name bot_colorfight_${name}_test   # builds both
  ${at}build/tests/bot_colorfight_${name}_test    # runs its test
  ${at}scripts/setup.sh warlight   # the tool (minutes), for the arena and a server:
  ${at}build/warlight colorfight arena $name starter --games 20   # in process
  ${at}build/warlight colorfight server --port 5000 &             # a local server
  ${at}build/bots/colorfight/$name --url ws://127.0.0.1:5000/gameroom/public
EOF
}

if [[ "$game" == berlin ]]; then
  make_berlin
  exit 0
fi
if [[ "$game" == colorfight ]]; then
  make_colorfight
  exit 0
fi

# my_bot -> MyBotBot, MY_BOT_BOT_H_, my_bot_bot.h
class=${camel}Bot
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
# The starter's main.cpp renamed, its #include block sorted again (the
# header's new name sorts elsewhere).
main=$(rename "$starter/main.cpp")
{
  awk '/^#include /{exit} {print}' <<< "$main"
  grep '^#include ' <<< "$main" | LC_ALL=C sort
  awk 'f && !/^#include /{p=1} /^#include /{f=1} p' <<< "$main"
} > "$root/bots/$name/main.cpp"
sed -e "s/@NAME@/$name/g" -e "s/@CLASS@/$class/g" -e "s/@HEADER@/$header/g" \
  > "$root/tests/bots/${name}_bot_test.cpp" <<'EOF'
// Tests of the @NAME@ bot (bots/@NAME@/@HEADER@), made by scripts/new_bot.sh.
// Add yours: build a View from engine lines, ask the bot, check the answer.
#include "bots/@NAME@/@HEADER@"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "runner.h"

namespace {

// What the process wrote to its real stdout (descriptor 1) while `run`
// ran: C stdio (printf, puts) goes there, past the runner, and would garble
// the answers the engine reads.
template <typename Run>
std::string RealStdoutOf(Run run) {
  std::fflush(stdout);
  std::FILE* capture = std::tmpfile();
  const int saved = dup(1);
  dup2(fileno(capture), 1);
  run();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string text;
  std::rewind(capture);
  for (int c; (c = std::fgetc(capture)) != EOF;) text += static_cast<char>(c);
  std::fclose(capture);
  return text;
}

// Plays the recorded engine session scripts/data/session_small.txt through
// the runner: one answer per request, nothing the runner had to drop or fix
// (it logs "wl: ..." for each move the engine would refuse), and nothing on
// the real stdout but the answers (debug output goes to std::cerr or
// std::cout, never printf).
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
  int status = -1;
  const std::string printed =
      RealStdoutOf([&] { status = wl::Run(bot, session, out, log); });
  EXPECT_EQ(status, 0);
  EXPECT_EQ(printed, "") << "the bot wrote this to the real stdout with C "
                            "stdio (printf, puts): print to std::cerr";
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
// The @NAME@ bot's three decisions on real-sized positions (made by
// scripts/new_bot.sh): its first pick of a draft and a round-10 placement
// and attack/transfer on the largest real map, 90 regions
// (bot_bench_positions.h). Its own binary, build/bench/bot_@NAME@_bench:
// `scripts/bench.sh --bench bot_@NAME@_bench`, change the bot, run it again,
// and `scripts/bench.sh --compare` the two results.
#include "benchmark/benchmark.h"
#include "bot_bench_positions.h"
#include "bots/@NAME@/@HEADER@"

namespace {

using wl::bench::BotPositions;

// Times `decide(bot, positions)` (one decision) over and over.
template <typename Decide>
void TimeDecision(benchmark::State& state, Decide decide) {
  const BotPositions* positions = wl::bench::RealSizedPositions();
  if (!positions) {
    state.SkipWithError("maps/wl2/550103d94b5ab22b98d5a28b.txt is missing");
    return;
  }
  @CLASS@ bot;
  for (auto _ : state) benchmark::DoNotOptimize(decide(bot, *positions));
}

void BM_@CLASS@Pick(benchmark::State& state) {
  TimeDecision(state, [](@CLASS@& bot, const BotPositions& p) {
    return bot.PickStartingRegion(p.pick);
  });
}
BENCHMARK(BM_@CLASS@Pick);

void BM_@CLASS@Place(benchmark::State& state) {
  TimeDecision(state, [](@CLASS@& bot, const BotPositions& p) {
    return bot.PlaceArmies(p.place);
  });
}
BENCHMARK(BM_@CLASS@Place);

void BM_@CLASS@AttackTransfer(benchmark::State& state) {
  TimeDecision(state, [](@CLASS@& bot, const BotPositions& p) {
    return bot.AttackTransfer(p.attack);
  });
}
BENCHMARK(BM_@CLASS@AttackTransfer);

}  // namespace
EOF

cat <<EOF
new_bot: made the $name bot (class $class) from the starter:
  ${at}bots/$name/$header  (its three decisions: edit this file)
  ${at}bots/$name/main.cpp
  ${at}tests/bots/${name}_bot_test.cpp  (its test)
  ${at}bench/${name}_bot_bench.cpp  (its benchmark)
next:
  ${at}scripts/setup.sh bot_$name bot_${name}_test   # builds both
  ${at}build/tests/bot_${name}_test                # runs its test
  ${at}scripts/play.sh $name starter   # one game and its replay (builds the tool: minutes)
  ${at}build/warlight arena $name starter --games 100   # in process: is it better?
  ${at}scripts/bench.sh --bench bot_${name}_bench  # times its three decisions
EOF
