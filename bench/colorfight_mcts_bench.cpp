// Colorfight II's MCTS bot (bots/colorfight/mcts) on the benchmarks'
// 8-player position (colorfight_bench_position.h, turn 80 of a greedy
// game), searching for user 1.
//
// BM_ColorfightMctsIterations: search iterations per second (each: the
// searched update with one candidate per side, then the default playout
// updates of the greedy planner for all eight users, then the evaluation)
// and updates simulated per second. BM_ColorfightMctsPrepare: one
// decision's preparation (every candidate of every side).
//
//   build/bench/wl_bench --benchmark_filter=ColorfightMcts
#include <cstdint>

#include "bench/colorfight_bench_position.h"
#include "benchmark/benchmark.h"
#include "bots/colorfight/mcts/colorfight_mcts_search.h"

namespace {

void BM_ColorfightMctsIterations(benchmark::State& state) {
  const ColorfightBenchPosition& p = ColorfightBenchPosition::Get();
  colorfight_mcts::Search search;
  search.Prepare(p.state, /*me=*/1, /*seed=*/7);
  int64_t iterations = 0, updates = 0;
  for (auto _ : state) {
    updates += search.Iterate();
    ++iterations;
  }
  state.counters["iterations/s"] = benchmark::Counter(
      static_cast<double>(iterations), benchmark::Counter::kIsRate);
  state.counters["updates/s"] = benchmark::Counter(static_cast<double>(updates),
                                                   benchmark::Counter::kIsRate);
  state.counters["sides"] = search.Sides();
  state.counters["candidates"] =
      static_cast<double>(search.Candidates(0).size());
}
BENCHMARK(BM_ColorfightMctsIterations)->Unit(benchmark::kMicrosecond);

void BM_ColorfightMctsPrepare(benchmark::State& state) {
  const ColorfightBenchPosition& p = ColorfightBenchPosition::Get();
  colorfight_mcts::Search search;
  for (auto _ : state) {
    search.Prepare(p.state, 1, 7);
    benchmark::DoNotOptimize(search.Candidates(0).size());
  }
}
BENCHMARK(BM_ColorfightMctsPrepare)->Unit(benchmark::kMicrosecond);

}  // namespace
