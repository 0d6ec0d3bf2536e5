// WL1's rules core on WL1's own map and start (wl1 §2, §4, §6, §7): whole
// random games from the WL1 draft (Wl1Candidates, both fallback lists,
// AssignWl1Starts) to the end, with JavaRandom (the engine's G1/G2) and
// the fast generator. items/s = games per CPU second; rounds/s counts their
// rounds (a draw counts 100). The counterpart of BM_DingleRandomGame
// (rules_dingle_bench.cpp) for the table of random-play rates per rule set.
// A file of its own for the reason rules_dingle_bench.cpp gives.
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "random_play.h"
#include "rules.h"
#include "wl/game_files.h"
#include "wl/map_json.h"

namespace {

const wl::Game& Wl1Earth() {
  static const wl::Game game(
      *wl::tools::ParseMapJson(wl::tools::EarthMapJson(wl::RuleSet::kWl1)),
      wl::RuleSet::kWl1);
  return game;
}

// The WL1 draft with both players' lists being their fallback lists (what
// a rejected pick gets, wl1 §4.4): the engine's draws, no bot.
template <typename Rng>
wl::State Wl1Start(const wl::Game& game, Rng& g1, wl::JavaRandom& g2) {
  const std::vector<int> candidates = wl::Wl1Candidates(game, g1);
  const std::vector<int> list1 = wl::Wl1Fallback(candidates, g2);
  const std::vector<int> list2 = wl::Wl1Fallback(candidates, g2);
  wl::State s = game.InitialState();
  wl::AssignWl1Starts(list1, list2, s, g1);
  return s;
}

template <typename Rng>
void BM_Wl1RandomGame(benchmark::State& state) {
  const wl::Game& game = Wl1Earth();
  Rng rng(11);
  wl::JavaRandom g2(11);
  wl::RoundQueues q;
  int64_t rounds = 0;
  for (auto _ : state) {
    wl::State s = Wl1Start(game, rng, g2);
    for (int round = 1;; ++round) {
      ++rounds;
      if (wl::PlayRandomRound(game, s, round, rng, q) !=
          wl::Outcome::kOngoing) {
        break;
      }
    }
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["rounds/s"] = benchmark::Counter(static_cast<double>(rounds),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK_TEMPLATE(BM_Wl1RandomGame, wl::FastRandom);
BENCHMARK_TEMPLATE(BM_Wl1RandomGame, wl::JavaRandom);

}  // namespace
