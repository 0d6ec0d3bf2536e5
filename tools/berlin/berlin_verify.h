// berlin_verify.h: `warlight berlin verify`: plays recorded Berlin games
// again with the referee and compares everything it sends and records.
//
// A recorded game folder (the format of ../shared/berlin/conformance, and
// of the folders `warlight berlin match` writes) holds meta.json (game_id,
// players in iteration order, number_of_turns, results), game.json (the
// official shape: game.map and game.replay) and exchanges.jsonl.gz or
// exchanges.jsonl (every request and answer). The referee plays the map of
// game.map.representation with the players and game_id of meta.json,
// against seats that give each request the recorded answer of the same
// player, action and infos.current_turn (a recorded time-out is one);
// then every request string is compared in order, the replay byte for byte
// with game.replay (written compactly in its key order, as Rails does), and
// number_of_turns and results with meta.json. meta.json's "turn_limit_ms",
// when there, is the limit the referee played with (berlin_files.h).
//
//   absl::StatusOr<std::string> diff = VerifyBerlinGameDir("g000");
//   // "" when identical, else "exchange seq 17 (player 1, turn 3): state
//   // differs at byte 120: recorded "...", regenerated "..."".
#ifndef WL_TOOLS_BERLIN_BERLIN_VERIFY_H_
#define WL_TOOLS_BERLIN_BERLIN_VERIFY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "berlin/referee.h"
#include "boost/json.hpp"

namespace wl::tools {

// A recorded game, read from its folder.
struct RecordedBerlinGame {
  BerlinMapFile map;                  // game.json's game.map
  std::string game_id;                // meta.json
  std::vector<BerlinPlayer> players;  // meta.json, iteration order, no seats
  std::vector<BerlinExchange> exchanges;  // answers as recorded
  boost::json::value replay;              // game.json's game.replay
  int number_of_turns = 0;                // meta.json
  boost::json::array results;             // meta.json
  // meta.json's "turn_limit_ms" (a match played with --turn-limit-ms), 0
  // when absent: the map's time_limit_per_turn.
  int64_t turn_limit_ms = 0;
};

// Reads the three files; errors are one line naming the file.
absl::StatusOr<RecordedBerlinGame> LoadRecordedBerlinGame(
    const std::string& dir);

// Plays the recorded game again (the referee with seats answering from the
// recording).
BerlinRecord ReplayRecordedBerlinGame(const RecordedBerlinGame& recorded);

// "" when `played` reproduces the recording, else its first difference.
std::string CompareBerlinGame(const RecordedBerlinGame& recorded,
                              const BerlinRecord& played);

// Load, play and compare; an error status when the folder cannot be read.
absl::StatusOr<std::string> VerifyBerlinGameDir(const std::string& dir);

// `warlight berlin verify DIR...`: one line per game ("DIR: identical" or
// "DIR: differs: ..."), then a count (common/verify_report.h); exit status
// 1 if any differs, 2 on a usage error or an unreadable folder.
int BerlinVerifyMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_VERIFY_H_
