// arena.h: `warlight arena BOT BOT [BOT...]`: many games between every pair
// of bots, each seed in both seats, with statistics that say how sure the
// answer is; and `warlight arena merge FILE...` to combine result files.
//
//   warlight arena greedy starter --games 200 --maps ../shared/maps/real
//                  --results results.jsonl --jobs 2 --sprt 0,10
//
// Built-in bots play in process; shell commands play through processes
// exactly as in `warlight match`. Every finished game is one JSON line in
// --results (resumable: a re-run skips the games already there), --shard
// K/N splits the schedule deterministically across machines.
#ifndef WL_TOOLS_ARENA_ARENA_H_
#define WL_TOOLS_ARENA_ARENA_H_

#include <cstdint>
#include <string>
#include <vector>

#include "arena/stats.h"

namespace wl::tools {

// One scheduled game.
struct ArenaGame {
  int index = 0;         // in the whole schedule (shards split on it)
  int pair = 0;          // index into the pair list
  std::string bots[2];   // player1's and player2's BOT arguments
  bool swapped = false;  // true when the pair's second bot is player1
  int64_t seed = 0;      // the game's seed (the same for both seats)
  std::string map;       // a map file, or "" for a generated map
  std::string key;       // unique id of the game, for resuming
};

// What the results file keeps of a finished game (one JSON line).
struct ArenaResult {
  std::string key;
  std::string bots[2];  // by seat
  int64_t seed = 0;
  std::string map;
  std::string winner;  // "player1", "player2" or "draw"
  int rounds = 0;
  int timeouts[2] = {0, 0};
  int illegal_moves[2] = {0, 0};
  int parse_errors[2] = {0, 0};
  int64_t time_used_ms[2] = {0, 0};
};

// The schedule: for each pair (i < j) of bots, games_per_pair games, each
// seed played in both seats; maps taken in turn from `maps` (or generated
// from the seed when empty). Deterministic in its arguments.
std::vector<ArenaGame> Schedule(const std::vector<std::string>& bots,
                                int games_per_pair, int64_t seed,
                                const std::vector<std::string>& maps);

std::string ResultToJsonLine(const ArenaResult& r);
// Parses one results line; false when it is not a complete result.
bool ParseResultLine(const std::string& line, ArenaResult* r);

// The score of bots[0] against bots[1] of a pair over the given results.
Score PairScore(const std::vector<ArenaResult>& results, const std::string& a,
                const std::string& b);

// The table of every pair met in `results`, as text.
std::string ResultsTable(const std::vector<ArenaResult>& results,
                         double sprt_elo0, double sprt_elo1, bool sprt);

int ArenaMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_ARENA_H_
