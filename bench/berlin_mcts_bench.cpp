// Berlin's MCTS bot (bots/berlin/mcts) on the largest official map,
// deployed-4 ("3 Way Star", 30 nodes, 3 players, built into the tools), at
// turn 8 of a game the greedy bot plays for all three players.
//
// BM_BerlinMctsIterations: search iterations per second (each: the
// searched turn for the three sides, then the default 6 playout turns of
// the greedy planner for everyone, then the evaluation) and turns
// simulated per second. BM_BerlinMctsPrepare: one decision's preparation
// (the greedy chooser's turn and every other candidate for each side).
//
//   build/bench/wl_bench --benchmark_filter=BerlinMcts
#include <cstdint>
#include <memory>
#include <vector>

#include "benchmark/benchmark.h"
#include "berlin/berlin_map.h"
#include "bots/berlin/mcts/berlin_mcts_search.h"
#include "sdk/berlin/rules.h"

namespace {

using wl::berlin::State;

struct Position {
  wl::tools::BerlinMapFile file = *wl::tools::LoadBerlinMap("deployed-4");
  State state;
  std::unique_ptr<berlin_mcts::MapInfo> info;

  Position() {
    state = *file.Setup(3);
    info = std::make_unique<berlin_mcts::MapInfo>(file.map);
    berlin_greedy::Chooser chooser;
    std::vector<berlin_greedy::Order> orders[3];
    std::vector<wl::berlin::Move> moves[3];
    for (int turn = 0; turn < 8; ++turn) {
      wl::berlin::PlayerMoves answers[3];
      for (int p = 0; p < 3; ++p) {
        chooser.Choose(info->greedy(), state, p,
                       berlin_greedy::TurnsLeft(file.map, state),
                       berlin_greedy::ChooseSettings(), orders[p], 7);
        berlin_greedy::ToMoves(file.map, orders[p], moves[p]);
        answers[p] = {p, moves[p].data(), static_cast<int>(moves[p].size())};
      }
      wl::berlin::ResolveTurn(file.map, state, answers, 3);
    }
  }
};

const Position& Turn8() {
  static const Position position;
  return position;
}

void BM_BerlinMctsIterations(benchmark::State& state) {
  const Position& pos = Turn8();
  berlin_mcts::Search search;
  search.Prepare(*pos.info, pos.state, /*me=*/0,
                 pos.file.map.maximum_number_of_turns, 7);
  int64_t iterations = 0, turns = 0;
  for (auto _ : state) {
    turns += search.Iterate();
    ++iterations;
  }
  state.counters["iterations/s"] = benchmark::Counter(
      static_cast<double>(iterations), benchmark::Counter::kIsRate);
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns),
                                                 benchmark::Counter::kIsRate);
  state.counters["sides"] = search.Sides();
  state.counters["candidates"] =
      static_cast<double>(search.Candidates(0).size());
}
BENCHMARK(BM_BerlinMctsIterations);

void BM_BerlinMctsPrepare(benchmark::State& state) {
  const Position& pos = Turn8();
  berlin_mcts::Search search;
  for (auto _ : state) {
    search.Prepare(*pos.info, pos.state, 0,
                   pos.file.map.maximum_number_of_turns, 7);
    benchmark::DoNotOptimize(search.Candidates(0).size());
  }
}
BENCHMARK(BM_BerlinMctsPrepare)->Unit(benchmark::kMicrosecond);

}  // namespace
