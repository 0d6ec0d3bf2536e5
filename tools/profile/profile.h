// profile.h: `warlight profile BOT`: how fast a bot answers under a game's
// rules, and how much of its time it leaves unused. It knows no game: it
// plays through a GameAdapter (common/game.h), which times every request the
// profiled seat is asked (SeatSetup::timing).
//
//   warlight profile mybot --games 10 --maps ../shared/maps/real
//   warlight profile "python3 mybot.py" --games 4 --json --out prof/
//
// The bot always runs as a process (GameSetup::force_processes), so the
// numbers are the real ones, against --opponent (default `random`), one
// game at a time, seats alternating. The report gives, per request kind
// (the game's, Warlight: pick, place, attack) and overall, the answer times
// (count, mean, median, p90, p99, max), the time-outs, the lowest bank left
// after an answer, the median share of the bank used per request, the
// games where the rules killed the bot, and the time used out of the most
// the rules allowed (GameAdapter::TimeAvailableMs). Text by default, JSON with
// --json.
//
// The pure parts are testable without processes:
//
//   wl::tools::ProfiledGame played;
//   played.requests = ...;                      // SeatSetup::timing's
//   wl::tools::ProfileReport report =
//       wl::tools::BuildProfileReport(game, "mybot", "random", {played});
//   std::cout << wl::tools::ProfileTable(report);
#ifndef WL_TOOLS_PROFILE_PROFILE_H_
#define WL_TOOLS_PROFILE_PROFILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/process.h"

namespace wl::tools {

// The nearest-rank percentile: the smallest value v of the sample such
// that at least `percent`% of the sample is <= v (so always a value of the
// sample; percent 50 of an even-sized sample is the lower middle one).
// 0 for an empty sample; percent is clamped to [0, 100].
double Percentile(std::vector<double> values, double percent);

// The figures of a set of requests.
struct RequestStats {
  std::string kind;  // the game's kind ("pick", "place", ...) or "all"
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
  int seat = 0;     // 0: the bot was player1, 1: player2
  std::string map;  // the map file, or GameAdapter::DefaultMap ("generated")
  std::string outcome;  // "win", "draw" or "loss", for the bot
  int rounds = 0;
  std::vector<TimedRequest> requests;
  bool killed = false;            // the rules killed it (too many time-outs)
  int skipped_requests = 0;       // requests answered empty after the kill
  int64_t time_available_ms = 0;  // set by BuildProfileReport
  std::string dir;                // the game folder, "" when not kept
};

struct ProfileReport {
  std::string bot, opponent;
  std::vector<GameSetting> settings;  // the game's (GameAdapter::Settings)
  bool official = true;               // GameAdapter::OfficialRules
  std::vector<ProfiledGame> games;
  // The game's request kinds (GameAdapter::RequestKinds), then any other kind
  // as first seen, then "all".
  std::vector<RequestStats> kinds;
  int timeouts = 0;
  int games_killed = 0;
  int skipped_requests = 0;
  int64_t time_used_ms = 0;       // sum of elapsed as the rules count it
  int64_t time_available_ms = 0;  // sum of TimeAvailableMs over the games
  int64_t lowest_bank_left_ms = 0;
  int wins = 0, draws = 0, losses = 0;
};

ProfileReport BuildProfileReport(const GameAdapter& game,
                                 const std::string& bot,
                                 const std::string& opponent,
                                 std::vector<ProfiledGame> games);

// The report as a readable table, and as one JSON object (with a line per
// game under "game_list"; the game's settings and "official" under
// "time_rules").
std::string ProfileTable(const ProfileReport& report);
std::string ProfileJson(const ProfileReport& report);

// `warlight profile BOT [flags]`; argv holds the arguments after "profile".
// The game declares its own flags (Warlight: --timebank, --time-per-move,
// --regions). Returns 0, 2 on a bad flag (one line on stderr), 1 when a
// game cannot be played or a file cannot be written.
int ProfileMain(GameAdapter& game, int argc, char** argv,
                const std::string& name = "profile");

// `warlight GAME profile` for a game G (common/game.h) that is made with
// no arguments: "berlin profile", "colorfight profile".
template <typename G>
int ProfileCommand(int argc, char** argv) {
  G game;
  KillProcessGroupsOnExitSignals();  // its bots die with the command
  return ProfileMain(game, argc, argv, game.Name() + " profile");
}

}  // namespace wl::tools

#endif  // WL_TOOLS_PROFILE_PROFILE_H_
