// One whole game between two native bots through real processes (the
// harness's pipes, time banks, dumps and replay), on the official example
// map: the wall time a user waits for `warlight match`.
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "wl/bot_process.h"
#include "wl/engine.h"
#include "wl/map_json.h"

namespace {

void BM_GameThroughProcesses(benchmark::State& state) {
  namespace fs = std::filesystem;
  const std::string map_path = wl::bench::MapPath("example");
  absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(map_path);
  if (!map.ok()) {
    state.SkipWithError("maps/wl2 is missing: process bench skipped");
    return;
  }
  const std::string bot =
      (fs::path(WL_BINARY_DIR) / "bots" / "starter").string();
  int64_t seed = 1, rounds = 0;
  for (auto _ : state) {
    auto p1 = wl::tools::BotProcess::Start(bot);
    auto p2 = wl::tools::BotProcess::Start(bot);
    if (!p1.ok() || !p2.ok()) {
      state.SkipWithError("cannot start build/bots/starter");
      return;
    }
    wl::tools::GameRecord record =
        wl::tools::PlayGame(*map, seed++, **p1, **p2);
    rounds += record.rounds;
    benchmark::DoNotOptimize(record.replay.data());
  }
  state.counters["rounds/game"] = benchmark::Counter(
      static_cast<double>(rounds), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_GameThroughProcesses)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
