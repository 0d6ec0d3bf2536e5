// standings.h: the arena's table for games of more than 2 players: per bot
// the seats it played, its mean score (the game's own, Berlin §6: a share
// of the points; Colorfight §8: the final gold) with a 95% interval, its
// win share (a game won alone counts 1, one of k co-winners 1/k), how
// often it finished 1st, 2nd, ... and its mean rank (place); its faults
// follow as in the 2-player table (FaultsByBot, table.h).
// table.h's ResultsTable and TableJson call these for N-player results.
//
//   std::vector<BotStanding> bots = Standings(results);  // best mean first
//   std::cout << StandingsTable(results);
//   boost::json::object o = StandingsJson(results);  // {"players":3,...}
#ifndef WL_TOOLS_ARENA_STANDINGS_H_
#define WL_TOOLS_ARENA_STANDINGS_H_

#include <string>
#include <vector>

#include "arena/results.h"
#include "arena/stats.h"
#include "boost/json.hpp"

namespace wl::tools {

struct BotStanding {
  std::string bot;
  int games = 0;  // seats played (a bot seated twice in a game counts twice)
  double score_sum = 0;
  double score_squares = 0;  // sum of squared scores, for the interval
  double win_share_sum = 0;  // 1/k for each game won with k co-winners
  std::vector<int> ranks;    // ranks[r - 1]: the seats finished r-th

  double mean_score() const;  // 0 without games
  // mean +- kZ95 standard errors (the sample's spread over games); the
  // mean itself with fewer than 2 games.
  Interval mean_score_interval() const;
  double win_share() const;  // win_share_sum / games; 0 without games
  // The mean of the places (1 = first) over the seats with one; 0 without.
  double mean_rank() const;
};

// Every bot met in `results` (each of one number of players, N), by mean
// score, best first (ties in order of appearance); ranks has N counts.
std::vector<BotStanding> Standings(const std::vector<ArenaResult>& results);

// The table as text (bot names escaped for the terminal) and as JSON:
// {"players": N, "games": G, "bots": [{"bot", "games", "mean_score",
// "mean_score_low", "mean_score_high", "win_share", "mean_rank",
// "ranks": [...], "timeouts", "failed_answers", "crashes", "crash_lines",
// "parse_errors", "rejected_moves", "failed_moves"}, ...]}.
std::string StandingsTable(const std::vector<ArenaResult>& results);
// The table without the faults that follow it.
std::string StandingsText(const std::vector<ArenaResult>& results);
boost::json::object StandingsJson(const std::vector<ArenaResult>& results);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_STANDINGS_H_
