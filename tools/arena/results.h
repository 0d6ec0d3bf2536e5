// results.h: the arena's results file: one JSON line per finished game,
// after a first line holding the settings the games were played with.
//
//   ArenaResult r = ...;                  // from a finished game
//   std::string line = ResultToJsonLine(r);  // appended to --results
//   absl::StatusOr<ResultsFile> file = LoadResultsFile("results.jsonl");
//   if (file.ok()) {
//     for (const std::string& w : file->warnings) std::cerr << w << "\n";
//     // file->settings (if the settings line was there), file->results
//   }
//
// Reading is forgiving and says what it skipped: each line that is not a
// result is one warning "FILE:LINE: why"; a last line without newline is
// kept when it is a whole result and dropped (with a warning) when it was
// cut short. Numbers are written plainly (0.5, never 5E-1; -0 as 0). A
// results file holds the games of one number of players (settings.h).
#ifndef WL_TOOLS_ARENA_RESULTS_H_
#define WL_TOOLS_ARENA_RESULTS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/settings.h"
#include "boost/json.hpp"
#include "common/json.h"  // PlainJson, Fixed

namespace wl::tools {

// What the results file keeps of a finished game (one JSON line). Every
// per-seat vector holds one value per seat (players()).
//
// A 2-player line is written as results files always were ("pair", then
// per-seat arrays of 2; "failed_answers" only when one is not 0); its
// ranks and winners are read from "winner", and its scores too unless the
// line holds "scores" (ArenaResult::scored). A line of N > 2
// players names its "lineup" and keeps "scores" (a non-finite score as the
// string "Infinity", "-Infinity" or "NaN", berlin §11), "ranks" and
// "winners".
struct ArenaResult {
  explicit ArenaResult(int players = 2);
  int players() const { return static_cast<int>(bots.size()); }

  std::string key;  // the game's unique id (see ArenaGame::key)
  // The bots as scheduled: the pair (lineup[0] is "the first bot") or the
  // lineup of N bots.
  std::vector<std::string> lineup;
  std::vector<std::string> bots;  // by seat
  int64_t seed = 0;
  std::string map;     // "" for a generated map
  std::string winner;  // "player1", "player2", ... or "draw"
  int rounds = 0;
  // Per seat (SeatOutcome). illegal_moves = rejected_moves + failed_moves
  // (engine.h).
  std::vector<double> scores;
  std::vector<int> ranks;
  std::vector<bool> winners;
  std::vector<int> timeouts;
  std::vector<int> failed_answers;
  std::vector<int> illegal_moves;
  std::vector<int> rejected_moves;
  std::vector<int> failed_moves;
  std::vector<int> parse_errors;
  std::vector<int64_t> time_used_ms;
  std::vector<bool> crashed;
  std::vector<int> crash_round;
  std::vector<std::string> crash;  // "signal 11", "exit status 1", or ""
  // 2 players: `scores` are the game's own measure (Game::
  // ScoresTwoPlayerGames), written as "scores" and read back; otherwise
  // they follow from the winner.
  bool scored = false;
};

std::string ResultToJsonLine(const ArenaResult& r);
// Parses one results line; false when it is not a complete result, with
// the reason in *why when why is given.
bool ParseResultLine(const std::string& line, ArenaResult* r,
                     std::string* why = nullptr);

// A results file as read.
struct ResultsFile {
  std::optional<ArenaSettings> settings;  // from the settings line
  std::vector<ArenaResult> results;       // a key seen twice counts once
  std::vector<std::string> warnings;      // "FILE:LINE: why"
  // Bytes of the file that end with a whole line or a whole last result:
  // what a resumed run keeps (a cut last line is beyond it).
  size_t kept_bytes = 0;
  bool ends_without_newline = false;  // the kept part lacks its last "\n"
};

// The most bytes a results file may hold: 1 GiB (some millions of games;
// every other input file of the tools is capped at 128 MiB, files.h).
constexpr size_t kMaxResultsFileBytes = size_t{1} << 30;

// Reads `path`. Fails (one line) when it is a folder, not a regular file,
// larger than kMaxResultsFileBytes or cannot be read. A file that does not
// exist reads as empty.
absl::StatusOr<ResultsFile> LoadResultsFile(const std::string& path);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_RESULTS_H_
