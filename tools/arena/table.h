// table.h: the arena's final table, as text and as JSON: per pair the
// score and Elo with their 95% intervals, the Elo from complete pairs of
// games (pentanomial, stats.h) beside the one from games (trinomial), and
// the SPRT verdict (trinomial; the pentanomial LLR beside it), then per
// bot its own faults: time-outs, crashes, parse errors and moves the rules
// rejected, apart from the moves that failed only at execution ("was taken
// this round"), which every bot meets. Games of more than 2 players get
// the standings of standings.h instead of the pairs; 2-player results that
// keep the game's own scores (ArenaResult::scored: Colorfight's gold) get
// them after the pairs (JSON "standings").
//
//   std::cout << ResultsTable(results, /*elo0=*/0, /*elo1=*/10, /*sprt=*/true);
//   std::cout << TableJson(results, 0, 10, true);
#ifndef WL_TOOLS_ARENA_TABLE_H_
#define WL_TOOLS_ARENA_TABLE_H_

#include <string>
#include <vector>

#include "arena/results.h"
#include "arena/stats.h"
#include "boost/json.hpp"

namespace wl::tools {

// The score of a pair's first bot `a` against `b` over the given results.
Score PairScore(const std::vector<ArenaResult>& results, const std::string& a,
                const std::string& b);

// The pairs of games (one seed on one map, in both seats) of `a` against
// `b` that are complete, by a's points from each (0, 0.5, 1, 1.5 or 2).
Pentanomial PairPentanomial(const std::vector<ArenaResult>& results,
                            const std::string& a, const std::string& b);

// A bot's own figures over every game it played (every seat it held).
struct BotFaults {
  std::string bot;
  int games = 0;
  int timeouts = 0;
  int failed_answers = 0;  // SeatOutcome::failed_answers
  int crashes = 0;
  int parse_errors = 0;
  int rejected_moves = 0;  // by the rules when queued: the bot's fault
  int failed_moves = 0;    // at execution only: every bot meets them
  std::vector<std::string> crash_lines;  // "crashed in round 12: signal 11"
};
std::vector<BotFaults> FaultsByBot(const std::vector<ArenaResult>& results);

// The faults part of the tables: a line per bot (a "failed answers"
// column when a bot had one or the games have more than 2 players, so
// that Warlight's table stays as it was), then crash lines; and one bot's
// figures as JSON ("failed_answers" under the same condition).
bool ShowsFailedAnswers(const std::vector<ArenaResult>& results);
std::string FaultsTable(const std::vector<ArenaResult>& results);
boost::json::object FaultsJson(const BotFaults& faults, bool failed_answers);

// `results` in the order of the schedule that played them, whatever order
// they finished or were merged in: lineups in the order of the bots on the
// command line (read back from the lineups: a bot met after another in a
// lineup comes later), then seed, seats' rotation, map and key. The tables
// below use it, so that an arena and the merge of its shards print the
// same table.
std::vector<ArenaResult> InScheduleOrder(std::vector<ArenaResult> results);

// The tables of every pair and bot met in `results`, as text (bot names
// escaped for the terminal, never cut) and as one JSON object
// ({"pairs": [...], "bots": [...]}). Results of N > 2 players get the
// standings of standings.h instead; results of several numbers of players
// (files merged without settings lines) get a table for each, as JSON
// {"tables": [...]}.
std::string ResultsTable(const std::vector<ArenaResult>& results,
                         double sprt_elo0, double sprt_elo1, bool sprt);
std::string TableJson(const std::vector<ArenaResult>& results, double sprt_elo0,
                      double sprt_elo1, bool sprt);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_TABLE_H_
