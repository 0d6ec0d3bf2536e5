// seat_outcome.h: what one seat of one game came to, for every game: the
// faults (time-outs, parse errors, rejected moves, crashes, failed
// answers), the moves that failed only at execution, the time used, and the
// seat's score, rank and winner flag. The engines fill it (Warlight's
// GameRecord, tools/wl/engine.h), a game's adapter completes it
// (common/game.h's PlayedGame::seats), the arena keeps it per game
// (arena/results.h) and sums it per bot (arena/table.h).
#ifndef WL_TOOLS_COMMON_SEAT_OUTCOME_H_
#define WL_TOOLS_COMMON_SEAT_OUTCOME_H_

#include <cstdint>
#include <string>

namespace wl::tools {

// What the shared tools keep of one seat's game (results, tables).
struct SeatOutcome {
  int timeouts = 0;
  int parse_errors = 0;
  int rejected_moves = 0;  // refused by the rules: the bot's own fault
  int failed_moves = 0;    // legal when given, failed when executed
  // Every illegal move of a Warlight replay.
  int illegal_moves() const { return rejected_moves + failed_moves; }
  int64_t time_used_ms = 0;
  bool killed = false;  // by the rules (too many time-outs)
  // Requests the rules answered empty for it after the kill (profile).
  int skipped_requests = 0;
  // The bot's process ended during the game: in which round, and why
  // ("signal 11", "exit status 1").
  bool crashed = false;
  int crash_round = 0;
  std::string crash;
  // Requests answered with an error (Berlin: an HTTP status that is not
  // 2xx, a refused or reset connection); time-outs are counted apart.
  int failed_answers = 0;
  // The seat's result. score: the game's own measure (Berlin §6: its share
  // of the points, maybe non-finite); 1, 0.5 or 0 from a winner string.
  // rank: 1..N, tied seats sharing the better one (1, 1, 3). winner: one
  // of the game's winners (co-winners each).
  double score = 0;
  int rank = 0;
  bool winner = false;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_SEAT_OUTCOME_H_
