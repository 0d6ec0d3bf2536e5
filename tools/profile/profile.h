// profile.h: `warlight profile BOT`: how fast a bot answers under the
// official time rules, and how much of its time bank it leaves unused.
//
//   warlight profile mybot --games 10 --maps ../shared/maps/real
//   warlight profile "python3 mybot.py" --games 4 --json --out prof/
//
// The bot always runs as a process (a built-in name is its binary in
// build/bots/), so the numbers are the real ones, against the built-in
// `random` bot (also a process; --opponent changes it), one game at a time,
// seats alternating. Each request the bot is asked goes through a
// TimingSeat, which records its kind (pick, place, attack), the bank it was
// given and the reply. The report gives, per kind and overall, the answer
// times (count, mean, median, p90, p99, max), the time-outs, the lowest
// bank left after an answer, the median share of the bank used per
// request, the games where the third time-out killed the bot, and the time
// used out of the most the rules allowed. Text by default, JSON with --json.
//
// The pure parts are testable without processes:
//
//   wl::tools::TimingSeat seat(inner);          // any Seat
//   GameRecord record = PlayGame(map, seed, seat, other);
//   wl::tools::ProfiledGame game;
//   game.requests = seat.requests();
//   ...
//   wl::tools::ProfileReport report =
//       wl::tools::BuildProfileReport("mybot", "random", time, {game});
//   std::cout << wl::tools::ProfileTable(report);
#ifndef WL_TOOLS_PROFILE_PROFILE_H_
#define WL_TOOLS_PROFILE_PROFILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "common/game.h"
#include "wl/engine.h"
#include "wl/timing_seat.h"

namespace wl::tools {

// The nearest-rank percentile: the smallest value v of the sample such
// that at least `percent`% of the sample is <= v (so always a value of the
// sample; percent 50 of an even-sized sample is the lower middle one).
// 0 for an empty sample; percent is clamped to [0, 100].
double Percentile(std::vector<double> values, double percent);

// The figures of a set of requests.
struct RequestStats {
  std::string kind;  // "pick", "place", "attack" or "all"
  int count = 0;
  int timeouts = 0;
  // Of answer_ms.
  double mean_ms = 0, median_ms = 0, p90_ms = 0, p99_ms = 0, max_ms = 0;
  int64_t lowest_bank_ms = 0;       // the lowest bank given with a request
  int64_t lowest_bank_left_ms = 0;  // bank minus elapsed (0 on a time-out)
  double median_bank_share = 0;     // median of elapsed_ms / bank_ms
};

RequestStats SummarizeRequests(const std::string& kind,
                               const std::vector<TimedRequest>& requests);

// One game, from the profiled bot's side.
struct ProfiledGame {
  int index = 0;  // 1, 2, ... in the order played
  int64_t seed = 0;
  int seat = 0;         // 0: the bot was player1, 1: player2
  std::string map;      // the map file, or "generated"
  std::string outcome;  // "win", "draw" or "loss", for the bot
  int rounds = 0;
  std::vector<TimedRequest> requests;
  bool killed = false;       // the third time-out killed it
  int skipped_requests = 0;  // requests answered empty after the kill
  std::string dir;           // the game folder, "" when not kept
};

struct ProfileReport {
  std::string bot, opponent;
  TimeRules time;
  std::vector<ProfiledGame> games;
  std::vector<RequestStats> kinds;  // pick, place, attack, then all
  int timeouts = 0;
  int games_killed = 0;
  int skipped_requests = 0;
  int64_t time_used_ms = 0;       // sum of elapsed as the engine counts it
  int64_t time_available_ms = 0;  // sum of TimeAvailableMs over the games
  int64_t lowest_bank_left_ms = 0;
  int wins = 0, draws = 0, losses = 0;
};

ProfileReport BuildProfileReport(const std::string& bot,
                                 const std::string& opponent,
                                 const TimeRules& time,
                                 const std::vector<ProfiledGame>& games);

// The report as a readable table, and as one JSON object (with a line per
// game under "game_list").
std::string ProfileTable(const ProfileReport& report);
std::string ProfileJson(const ProfileReport& report);

// `warlight profile BOT [flags]`; argv holds the arguments after "profile".
// Returns 0, 2 on a bad flag (one line on stderr), 1 when a game cannot be
// played or a file cannot be written.
int ProfileMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_PROFILE_PROFILE_H_
