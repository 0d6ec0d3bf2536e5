// schedule.h: which games an arena plays: every pair of bots, each seed in
// both seats, maps drawn from the pool by the arena's seed; for games of N
// > 2 players, every lineup (combination) of N bots, each seed in every
// rotation of the seats.
//
//   std::vector<ArenaGame> games = Schedule({"mybot", "greedy"}, 100, 7, maps);
//   for (const ArenaGame& g : games) { /* g.bots[0] is player1 */ }
//   // 3 players, 4 bots: 4 lineups x 30 seeds x 3 rotations.
//   games = Schedule({"a", "b", "c", "d"}, 90, 7, maps, /*players=*/3);
#ifndef WL_TOOLS_ARENA_SCHEDULE_H_
#define WL_TOOLS_ARENA_SCHEDULE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "common/game.h"

namespace wl::tools {

// One scheduled game.
struct ArenaGame {
  int index = 0;         // in the whole schedule (shards split on it)
  int lineup_index = 0;  // index into the lineups (2 players: the pairs)
  // The bots as scheduled: 2 players, the pair (bots i < j, lineup[0] "the
  // first bot"); N players, a combination of N bots in the order given.
  std::vector<std::string> lineup;
  std::vector<std::string> bots;  // by seat: bots[0] is player1
  int rotation = 0;               // seat s plays lineup[(s + rotation) % N]
  bool swapped = false;           // rotation != 0: 2 players, the pair's second
                                  // bot is player1
  int64_t seed = 0;  // the game's seed (the same in every rotation)
  std::string map;   // a map (file or the game's name), or "" for a
                     // map the game makes from the seed
  // Unique id of the game, for resuming: a JSON array of the pair (or the
  // lineup, as one array), seed, map and rotation (bot names may hold any
  // character).
  std::string key;
};

// The games played per lineup for --games N: each seed is played in every
// rotation of the seats, so N is rounded up to a multiple of `players`.
int64_t GamesPlayedPerLineup(int64_t games_per_lineup, int players);
// GamesPlayedPerLineup for 2 players: an odd N plays N + 1 games.
int64_t GamesPlayedPerPair(int64_t games_per_pair);

// The lineups of `players` bots out of `bots` bots, as indices: every
// combination (i < j < ...) when there are enough bots, else every
// multiset (i <= j <= ...) of at least two different bots, so that bots
// repeat. In lexicographic order. LineupCount says how many without
// making them (capped at 2^62, for checks before a huge schedule).
std::vector<std::vector<int>> Lineups(int bots, int players);
int64_t LineupCount(int bots, int players);

// The seed a bot gets in a game (--seed N of a repository bot run as a
// process, the seed of its in-process instance): the same both ways, and
// different for the seats of a game.
uint64_t BotSeed(const ArenaGame& game, int seat);

// How a scheduled game is played: its seed and map, and per seat its bot
// and BotSeed; with `folder` (keep_files), each seat's stderr goes to
// folder/stderr_playerN.txt.
GameSetup SetupOf(const ArenaGame& game, bool force_processes,
                  const std::string& folder = "");

// The schedule: for each lineup, GamesPlayedPerLineup games, each seed in
// every rotation (2 players: for each pair i < j, each seed in both seats).
// The k-th seed of a lineup plays map order[k % maps.size()], where order
// is the pool shuffled by the arena seed (every map is used before any is
// used twice), or a map the game makes from the game's seed when `maps` is
// empty. Deterministic in its arguments; the first K seeds do not depend
// on games_per_lineup (a run can be extended).
std::vector<ArenaGame> Schedule(const std::vector<std::string>& bots,
                                int games_per_lineup, int64_t seed,
                                const std::vector<std::string>& maps,
                                int players = 2);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_SCHEDULE_H_
