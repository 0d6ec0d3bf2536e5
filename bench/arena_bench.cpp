// Whole games as the in-process arena plays them (engine lines, answer
// reader, dumps and replay included) between built-in bots on the official
// example map: items/s = games per second on one core.
#include <cstdlib>
#include <filesystem>

#include "wl/builtin_bots.h"
#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "wl/engine.h"
#include "wl/in_process_seat.h"
#include "wl/map_json.h"

namespace {

void BM_ArenaGame(benchmark::State& state, const char* bot1, const char* bot2) {
  const std::string map_path = wl::bench::MapPath("example");
  absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(map_path);
  if (!map.ok()) {
    state.SkipWithError("../shared/maps is absent: arena bench skipped");
    return;
  }
  int64_t seed = 1, rounds = 0;
  for (auto _ : state) {
    wl::tools::InProcessSeat p1(wl::tools::MakeBuiltInBot(bot1, seed));
    wl::tools::InProcessSeat p2(wl::tools::MakeBuiltInBot(bot2, seed + 1));
    // As the arena plays when it keeps no replay.
    wl::tools::GameRecord record = wl::tools::PlayGame(
        *map, seed++, p1, p2, wl::tools::TimeRules(), /*record_replay=*/false);
    rounds += record.rounds;
    benchmark::DoNotOptimize(record.dump[0].data());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["rounds/game"] = benchmark::Counter(
      static_cast<double>(rounds), benchmark::Counter::kAvgIterations);
}
BENCHMARK_CAPTURE(BM_ArenaGame, random_vs_random, "random", "random")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ArenaGame, starter_vs_starter, "starter", "starter")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ArenaGame, greedy_vs_greedy, "greedy", "greedy")
    ->Unit(benchmark::kMillisecond);

}  // namespace
