// The Colorfight II rules core's hot paths (sdk/colorfight/rules.h) on a
// full 8-player map at turn 80 of a game the greedy bot plays for everyone
// (colorfight_bench_position.h).
//
// BM_ColorfightUpdate: one update (colorfight §6: the eight users' command
// lists, the resolution scan, force field, income) on a copy of the
// position; items/s = updates per second. BM_ColorfightStateCopy: the
// State copy a search makes per node. BM_ColorfightGreedyPlan: the greedy
// planner's turn for one user (the mcts bot's move generator).
//
//   build/bench/wl_bench --benchmark_filter=Colorfight
#include <cstdint>
#include <vector>

#include "bench/colorfight_bench_position.h"
#include "benchmark/benchmark.h"

namespace {

using wl::colorfight::State;

void BM_ColorfightUpdate(benchmark::State& state) {
  const ColorfightBenchPosition& p = ColorfightBenchPosition::Get();
  State s = p.state;
  int64_t commands = 0;
  for (const auto& c : p.commands) commands += static_cast<int64_t>(c.size());
  for (auto _ : state) {
    s = p.state;
    wl::colorfight::Update(s, p.lists);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["commands"] = static_cast<double>(commands);
}
BENCHMARK(BM_ColorfightUpdate);

void BM_ColorfightStateCopy(benchmark::State& state) {
  State a = ColorfightBenchPosition::Get().state;
  State b = a;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&a);
    b = a;
    benchmark::DoNotOptimize(&b);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(sizeof(State)));
}
BENCHMARK(BM_ColorfightStateCopy);

void BM_ColorfightGreedyPlan(benchmark::State& state) {
  const ColorfightBenchPosition& p = ColorfightBenchPosition::Get();
  colorfight_greedy::Planner planner;
  std::vector<wl::colorfight::Command> commands;
  int uid = 0;
  for (auto _ : state) {
    planner.Plan(p.state, uid + 1, colorfight_greedy::Weights{}, &commands);
    uid = (uid + 1) % ColorfightBenchPosition::kPlayers;
    benchmark::DoNotOptimize(commands.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ColorfightGreedyPlan);

}  // namespace
