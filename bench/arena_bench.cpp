// Whole games as the in-process arena plays them (WlGame::Play: map file
// read, engine lines, answer reader, dumps; no replay, as when the arena
// keeps none) between built-in bots on the official example map: items/s =
// games per second on one core.
#include <cstdlib>
#include <filesystem>

#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "wl/commands/wl_game.h"

namespace {

void BM_ArenaGame(benchmark::State& state, const char* bot1, const char* bot2) {
  const std::string map_path = wl::bench::MapPath("example");
  if (!std::filesystem::exists(map_path)) {
    state.SkipWithError("maps/wl2 is missing: arena bench skipped");
    return;
  }
  const wl::tools::WlGame game;
  int64_t seed = 1, rounds = 0;
  for (auto _ : state) {
    wl::tools::GameSetup setup;
    setup.seed = seed;
    setup.map = map_path;
    setup.seats.resize(2);
    setup.seats[0].bot = bot1;
    setup.seats[0].seed = static_cast<uint64_t>(seed);
    setup.seats[1].bot = bot2;
    setup.seats[1].seed = static_cast<uint64_t>(seed + 1);
    ++seed;
    absl::StatusOr<std::unique_ptr<wl::tools::PlayedGame>> played =
        game.Play(setup);
    if (!played.ok()) {
      state.SkipWithError(std::string(played.status().message()).c_str());
      return;
    }
    rounds += (*played)->rounds;
    benchmark::DoNotOptimize(played->get());
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
