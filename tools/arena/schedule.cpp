#include "arena/schedule.h"

#include <algorithm>

#include "boost/json.hpp"
#include "java_random.h"

namespace wl::tools {

namespace {

// SplitMix64 (the sdk's FastRandom): the per-game seeds, the bots' seeds
// and the map order from the arena seed.
uint64_t Mix(uint64_t x) { return FastRandom(x).NextU64(); }

// The pool in the order the arena seed draws it (Fisher-Yates).
std::vector<std::string> MapOrder(std::vector<std::string> maps, int64_t seed) {
  uint64_t state = Mix(static_cast<uint64_t>(seed) ^ 0x6D61707321ULL);
  for (size_t i = maps.size(); i > 1; --i) {
    state = Mix(state);
    std::swap(maps[i - 1], maps[state % i]);
  }
  return maps;
}

std::string GameKey(const std::string& a, const std::string& b, int64_t seed,
                    const std::string& map, int swap) {
  return boost::json::serialize(
      boost::json::array{a, b, seed, map.empty() ? "generated" : map, swap});
}

}  // namespace

uint64_t BotSeed(const ArenaGame& game, int seat) {
  return Mix(static_cast<uint64_t>(game.seed) * 2 + seat) & 0x7FFFFFFF;
}

int64_t GamesPlayedPerPair(int64_t games_per_pair) {
  return (games_per_pair + 1) / 2 * 2;
}

std::vector<ArenaGame> Schedule(const std::vector<std::string>& bots,
                                int games_per_pair, int64_t seed,
                                const std::vector<std::string>& maps) {
  std::vector<ArenaGame> games;
  const int seeds = static_cast<int>(GamesPlayedPerPair(games_per_pair) / 2);
  const std::vector<std::string> order = MapOrder(maps, seed);
  int pair = 0;
  for (size_t i = 0; i < bots.size(); ++i) {
    for (size_t j = i + 1; j < bots.size(); ++j, ++pair) {
      for (int k = 0; k < seeds; ++k) {
        const int64_t game_seed = static_cast<int64_t>(
            Mix(static_cast<uint64_t>(seed) * 1000003 + k) & 0x7FFFFFFF);
        const std::string map = order.empty() ? "" : order[k % order.size()];
        for (int swap = 0; swap < 2; ++swap) {
          ArenaGame g;
          g.index = static_cast<int>(games.size());
          g.pair = pair;
          g.pair_bots[0] = bots[i];
          g.pair_bots[1] = bots[j];
          g.swapped = swap == 1;
          g.bots[0] = swap ? bots[j] : bots[i];
          g.bots[1] = swap ? bots[i] : bots[j];
          g.seed = game_seed;
          g.map = map;
          g.key = GameKey(bots[i], bots[j], game_seed, map, swap);
          games.push_back(std::move(g));
        }
      }
    }
  }
  return games;
}

}  // namespace wl::tools
