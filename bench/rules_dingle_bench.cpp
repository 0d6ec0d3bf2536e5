// The Dingle rules core's hot paths (sdk dingle.h, random_play.h): random
// rounds and whole random games under Dingle's rules on Dingle's earth map
// (maps/dingle_earth.json, built into the tools), with RandomAgent-shaped
// orders, each with the Java clone (Dingle's stream) and the fast
// generator: the counterpart of Dingle's own engine playing RandomAgent vs
// RandomAgent (dingle §16: 204k-238k rounds/s of one thread's CPU time,
// whole games). items/s and rounds/s are per CPU second, as there.
//
// A file of its own, named to link after rules_bench.cpp: in that file's
// translation unit these cases changed GCC's inlining of the WL2 random
// rounds (about 5% slower), and linked first, their copies of the shared
// inline functions were the ones kept (about 3% slower); as it is, the
// WL2 cases run as fast as before Dingle (within 2%).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "dingle.h"
#include "random_play.h"
#include "wl/game_files.h"
#include "wl/map_json.h"

namespace {

const wl::Game& DingleEarth() {
  static const wl::Game game(
      *wl::tools::ParseMapJson(wl::tools::EarthMapJson(wl::RuleSet::kDingle)),
      wl::RuleSet::kDingle);
  return game;
}

// Whole games from the setup (new starting regions every game), both
// players' phases to the end; rounds/s counts a game at the limit as 100
// rounds and an eliminated one as the rounds it reached, as dingle §16 does.
template <typename Rng>
void BM_DingleRandomGame(benchmark::State& state) {
  const wl::Game& game = DingleEarth();
  Rng rng(11);
  wl::DingleOrders orders;
  int64_t rounds = 0;
  for (auto _ : state) {
    wl::dingle::Setup setup = wl::dingle::SetUp(game, rng);
    wl::dingle::Position& pos = setup.position;
    while (!pos.Over()) {
      wl::PlayRandomDinglePhase(game, pos, rng, orders);
    }
    rounds += std::min(pos.round, pos.max_rounds);
    benchmark::DoNotOptimize(pos);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["rounds/s"] = benchmark::Counter(static_cast<double>(rounds),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK_TEMPLATE(BM_DingleRandomGame, wl::FastRandom);
BENCHMARK_TEMPLATE(BM_DingleRandomGame, wl::JavaRandom);

// One round (player 1's and player 2's place and move phases) from the
// positions at the start of rounds 1..100 of random games; items/s =
// rounds per second.
template <typename Rng>
void BM_DingleRandomRound(benchmark::State& state) {
  const wl::Game& game = DingleEarth();
  std::vector<wl::dingle::Position> positions;
  wl::FastRandom make(2024);
  wl::DingleOrders orders;
  while (positions.size() < 512) {
    wl::dingle::Setup setup = wl::dingle::SetUp(game, make);
    do {
      positions.push_back(setup.position);
    } while (!wl::PlayRandomDingleRound(game, setup.position, make, orders));
  }
  Rng rng(7);
  size_t i = 0;
  for (auto _ : state) {
    wl::dingle::Position pos = positions[i];
    benchmark::DoNotOptimize(wl::PlayRandomDingleRound(game, pos, rng, orders));
    benchmark::DoNotOptimize(pos);
    i = (i + 1) % positions.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_TEMPLATE(BM_DingleRandomRound, wl::FastRandom);
BENCHMARK_TEMPLATE(BM_DingleRandomRound, wl::JavaRandom);

}  // namespace
