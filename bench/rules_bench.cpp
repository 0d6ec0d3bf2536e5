// The rules core's hot paths (sdk rules.h, random_play.h): state copy,
// income, visibility, one round of random orders from mid-game positions
// (WL2 rules, and WL1's on the same positions), and whole random games, each
// with the Java clone (the official stream) and the fast generator. The maps
// are shipped in maps/wl2/; without them the map cases are skipped with a
// message.
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "random_play.h"
#include "rules.h"
#include "wl/map_json.h"

namespace {

namespace fs = std::filesystem;

// The official example map (64 regions) and the largest real map (90).
const wl::Game* LoadGame(const std::string& which) {
  static std::unique_ptr<wl::Game> example, largest;
  std::unique_ptr<wl::Game>& slot = which == "example" ? example : largest;
  if (slot) return slot.get();
  const std::string path = wl::bench::MapPath(which);
  absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(path);
  if (!map.ok()) return nullptr;
  slot = std::make_unique<wl::Game>(*map);
  return slot.get();
}

// Positions from rounds 1..80 of random games: the states a search meets.
std::vector<wl::State> Positions(const wl::Game& game) {
  std::vector<wl::State> states;
  wl::FastRandom rng(2024);
  wl::RoundQueues q;
  while (states.size() < 512) {
    wl::State s = wl::RandomStart(game, rng);
    for (int round = 1; round <= 80; ++round) {
      states.push_back(s);
      if (wl::PlayRandomRound(game, s, round, rng, q) !=
          wl::Outcome::kOngoing) {
        break;
      }
    }
  }
  return states;
}

#define WL_GAME_OR_SKIP(state, which)                              \
  const wl::Game* game = LoadGame(which);                          \
  if (!game) {                                                     \
    state.SkipWithError("maps/wl2 is missing: map bench skipped"); \
    return;                                                        \
  }

void BM_StateCopy(benchmark::State& state) {
  WL_GAME_OR_SKIP(state, "example");
  std::vector<wl::State> from = Positions(*game);
  std::vector<wl::State> to(from.size());
  size_t i = 0;
  for (auto _ : state) {
    to[i] = from[i];
    benchmark::DoNotOptimize(to[i]);
    i = (i + 1) % from.size();
  }
  state.SetLabel(std::to_string(sizeof(wl::State)) + " bytes");
}
BENCHMARK(BM_StateCopy);

void BM_Income(benchmark::State& state) {
  WL_GAME_OR_SKIP(state, "example");
  std::vector<wl::State> states = Positions(*game);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(game->Income(states[i], wl::Player::kPlayer1));
    i = (i + 1) % states.size();
  }
}
BENCHMARK(BM_Income);

void BM_VisibleSet(benchmark::State& state) {
  WL_GAME_OR_SKIP(state, "example");
  std::vector<wl::State> states = Positions(*game);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(game->VisibleSet(states[i], wl::Player::kPlayer1));
    i = (i + 1) % states.size();
  }
}
BENCHMARK(BM_VisibleSet);

void BM_VisibleOrder(benchmark::State& state) {
  WL_GAME_OR_SKIP(state, "example");
  std::vector<wl::State> states = Positions(*game);
  std::vector<int> order;
  order.reserve(wl::kRegionSlots);
  size_t i = 0;
  for (auto _ : state) {
    game->VisibleOrder(states[i], wl::Player::kPlayer1, order);
    benchmark::DoNotOptimize(order.data());
    i = (i + 1) % states.size();
  }
}
BENCHMARK(BM_VisibleOrder);

// One round of random orders (generation, queueing, placement, attacks with
// combat, outcome) from a mid-game position; items/s = rounds per second.
template <typename Rng>
void BM_RandomRound(benchmark::State& state, const char* which) {
  WL_GAME_OR_SKIP(state, which);
  std::vector<wl::State> states = Positions(*game);
  Rng rng(7);
  wl::RoundQueues q;
  size_t i = 0;
  for (auto _ : state) {
    wl::State s = states[i];
    benchmark::DoNotOptimize(wl::PlayRandomRound(*game, s, 1, rng, q));
    benchmark::DoNotOptimize(s);
    i = (i + 1) % states.size();
  }
  state.SetItemsProcessed(state.iterations());
}
void BM_RandomRoundFast(benchmark::State& s, const char* map) {
  BM_RandomRound<wl::FastRandom>(s, map);
}
void BM_RandomRoundJava(benchmark::State& s, const char* map) {
  BM_RandomRound<wl::JavaRandom>(s, map);
}
BENCHMARK_CAPTURE(BM_RandomRoundFast, example, "example");
BENCHMARK_CAPTURE(BM_RandomRoundJava, example, "example");
BENCHMARK_CAPTURE(BM_RandomRoundFast, largest_real, "largest");
BENCHMARK_CAPTURE(BM_RandomRoundJava, largest_real, "largest");

// The same rounds under WL1's rules (wl1 §6, §7: 100% luck, its clamp),
// from the same positions: what the rule-set dispatch costs, if anything.
// (Not WL1's own map and start: those come with the WL1 earth map.)
void BM_RandomRoundWl1Java(benchmark::State& state, const char* which) {
  WL_GAME_OR_SKIP(state, which);
  const wl::Game wl1(game->GetMap(), wl::RuleSet::kWl1);
  std::vector<wl::State> states = Positions(*game);
  wl::JavaRandom rng(7);
  wl::RoundQueues q;
  size_t i = 0;
  for (auto _ : state) {
    wl::State s = states[i];
    benchmark::DoNotOptimize(wl::PlayRandomRound(wl1, s, 1, rng, q));
    benchmark::DoNotOptimize(s);
    i = (i + 1) % states.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_RandomRoundWl1Java, example, "example");

// Whole random games: setup, draft and every round to the end.
// items/s = games per second; the "rounds/s" counter counts their rounds.
template <typename Rng>
void BM_RandomGame(benchmark::State& state, const char* which) {
  WL_GAME_OR_SKIP(state, which);
  Rng rng(11);
  wl::RoundQueues q;
  int64_t rounds = 0;
  for (auto _ : state) {
    wl::State s = wl::RandomStart(*game, rng);
    for (int round = 1;; ++round) {
      ++rounds;
      if (wl::PlayRandomRound(*game, s, round, rng, q) !=
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
void BM_RandomGameFast(benchmark::State& s, const char* map) {
  BM_RandomGame<wl::FastRandom>(s, map);
}
void BM_RandomGameJava(benchmark::State& s, const char* map) {
  BM_RandomGame<wl::JavaRandom>(s, map);
}
BENCHMARK_CAPTURE(BM_RandomGameFast, example, "example");
BENCHMARK_CAPTURE(BM_RandomGameJava, example, "example");
BENCHMARK_CAPTURE(BM_RandomGameFast, largest_real, "largest");
BENCHMARK_CAPTURE(BM_RandomGameJava, largest_real, "largest");

}  // namespace
