#include "arena/schedule.h"

#include <algorithm>
#include <filesystem>

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

// 2 players: [a, b, seed, map, swap], as results files have always said;
// N players: [[lineup...], seed, map, rotation].
std::string GameKey(const std::vector<std::string>& lineup, int64_t seed,
                    const std::string& map, int rotation) {
  const boost::json::value map_name(map.empty() ? "generated" : map);
  if (lineup.size() == 2) {
    return boost::json::serialize(
        boost::json::array{lineup[0], lineup[1], seed, map_name, rotation});
  }
  boost::json::array bots;
  for (const std::string& bot : lineup) bots.emplace_back(bot);
  return boost::json::serialize(
      boost::json::array{bots, seed, map_name, rotation});
}

// The next non-decreasing sequence of values below `n` after `c`, strictly
// increasing when `distinct`; false after the last.
bool NextLineup(std::vector<int>& c, int n, bool distinct) {
  const int k = static_cast<int>(c.size());
  for (int i = k - 1; i >= 0; --i) {
    const int top = distinct ? n - (k - i) : n - 1;
    if (c[i] >= top) continue;
    ++c[i];
    for (int j = i + 1; j < k; ++j) c[j] = c[j - 1] + (distinct ? 1 : 0);
    return true;
  }
  return false;
}

// C(n, k), capped at kCap.
constexpr int64_t kCap = int64_t{1} << 62;
int64_t Choose(int64_t n, int64_t k) {
  if (k < 0 || k > n) return 0;
  int64_t c = 1;
  for (int64_t i = 1; i <= k; ++i) {
    if (c > kCap / (n - k + i)) return kCap;
    c = c * (n - k + i) / i;  // exact: c * (n-k+i) is C(n-k+i, i) * i
  }
  return c;
}

}  // namespace

uint64_t BotSeed(const ArenaGame& game, int seat) {
  return Mix(static_cast<uint64_t>(game.seed) * 2 + seat) & 0x7FFFFFFF;
}

GameSetup SetupOf(const ArenaGame& game, bool force_processes,
                  const std::string& folder) {
  GameSetup setup;
  setup.seed = game.seed;
  setup.map = game.map;
  setup.force_processes = force_processes;
  setup.keep_files = !folder.empty();
  for (size_t seat = 0; seat < game.bots.size(); ++seat) {
    SeatSetup s;
    s.bot = game.bots[seat];
    s.seed = BotSeed(game, static_cast<int>(seat));
    if (!folder.empty()) {
      s.stderr_path = (std::filesystem::path(folder) /
                       ("stderr_player" + std::to_string(seat + 1) + ".txt"))
                          .string();
    }
    setup.seats.push_back(std::move(s));
  }
  return setup;
}

int64_t GamesPlayedPerLineup(int64_t games_per_lineup, int players) {
  return (games_per_lineup + players - 1) / players * players;
}

int64_t GamesPlayedPerPair(int64_t games_per_pair) {
  return GamesPlayedPerLineup(games_per_pair, 2);
}

int64_t LineupCount(int bots, int players) {
  if (bots >= players) return Choose(bots, players);
  return std::max<int64_t>(0, Choose(bots + players - 1, players) - bots);
}

std::vector<std::vector<int>> Lineups(int bots, int players) {
  std::vector<std::vector<int>> lineups;
  if (bots < 1 || players < 1) return lineups;
  const bool distinct = bots >= players;
  std::vector<int> c(players, 0);
  for (int i = 0; i < players; ++i) c[i] = distinct ? i : 0;
  do {
    if (c.front() != c.back() || players == 1) lineups.push_back(c);
  } while (NextLineup(c, bots, distinct));
  return lineups;
}

std::vector<ArenaGame> Schedule(const std::vector<std::string>& bots,
                                int games_per_lineup, int64_t seed,
                                const std::vector<std::string>& maps,
                                int players) {
  std::vector<ArenaGame> games;
  const int seeds = static_cast<int>(
      GamesPlayedPerLineup(games_per_lineup, players) / players);
  const std::vector<std::string> order = MapOrder(maps, seed);
  const std::vector<std::vector<int>> lineups =
      Lineups(static_cast<int>(bots.size()), players);
  for (size_t l = 0; l < lineups.size(); ++l) {
    std::vector<std::string> lineup;
    for (int b : lineups[l]) lineup.push_back(bots[b]);
    for (int k = 0; k < seeds; ++k) {
      const int64_t game_seed = static_cast<int64_t>(
          Mix(static_cast<uint64_t>(seed) * 1000003 + k) & 0x7FFFFFFF);
      const std::string map = order.empty() ? "" : order[k % order.size()];
      for (int rotation = 0; rotation < players; ++rotation) {
        ArenaGame g;
        g.index = static_cast<int>(games.size());
        g.lineup_index = static_cast<int>(l);
        g.lineup = lineup;
        g.rotation = rotation;
        g.swapped = rotation != 0;
        for (int s = 0; s < players; ++s)
          g.bots.push_back(lineup[(s + rotation) % players]);
        g.seed = game_seed;
        g.map = map;
        g.key = GameKey(lineup, game_seed, map, rotation);
        games.push_back(std::move(g));
      }
    }
  }
  return games;
}

}  // namespace wl::tools
