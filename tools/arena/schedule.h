// schedule.h: which games an arena plays: every pair of bots, each seed in
// both seats, maps drawn from the pool by the arena's seed.
//
//   std::vector<ArenaGame> games = Schedule({"mybot", "greedy"}, 100, 7, maps);
//   for (const ArenaGame& g : games) { /* g.bots[0] is player1 */ }
#ifndef WL_TOOLS_ARENA_SCHEDULE_H_
#define WL_TOOLS_ARENA_SCHEDULE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace wl::tools {

// One scheduled game.
struct ArenaGame {
  int index = 0;             // in the whole schedule (shards split on it)
  int pair = 0;              // index into the pair list
  std::string pair_bots[2];  // the pair as scheduled (bots i < j)
  std::string bots[2];       // player1's and player2's BOT arguments
  bool swapped = false;      // true when the pair's second bot is player1
  int64_t seed = 0;          // the game's seed (the same for both seats)
  std::string map;           // a map file, or "" for a generated map
  // Unique id of the game, for resuming: a JSON array of the pair, seed,
  // map and seat order (bot names may hold any character).
  std::string key;
};

// The seeds played per pair for --games N: each seed is played in both
// seats, so an odd N plays N + 1 games.
int64_t GamesPlayedPerPair(int64_t games_per_pair);

// The seed a bot gets in a game (--seed N of a repository bot run as a
// process, the seed of its in-process instance): the same both ways, and
// different for the two seats.
uint64_t BotSeed(const ArenaGame& game, int seat);

// The schedule: for each pair (i < j) of bots, GamesPlayedPerPair games,
// each seed in both seats. The k-th seed of a pair plays map
// order[k % maps.size()], where order is the pool shuffled by the arena seed
// (every map is used before any is used twice), or a map generated from
// the game's seed when `maps` is empty. Deterministic in its arguments; the
// first K seeds do not depend on games_per_pair (a run can be extended).
std::vector<ArenaGame> Schedule(const std::vector<std::string>& bots,
                                int games_per_pair, int64_t seed,
                                const std::vector<std::string>& maps);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_SCHEDULE_H_
