// verify.h: `warlight verify`: regenerates recorded official games and
// compares them with the recordings, line by line.
//
// A recorded game directory (the format of ../shared/conformance) holds
// meta.json (seed, map, winner), dump_player1.txt, dump_player2.txt,
// replay.txt.gz and optionally engine_stderr.txt. The game is replayed in
// process from the seed, the map and the answers recorded in the dumps, and
// every output is compared: both dumps with the time-bank numbers masked
// (and only those), the engine's stderr, the replay byte for byte, and the
// winner.
//
// WL1 recordings (../shared/wl1/conformance: meta.json's map "wl1-earth",
// gzipped dumps, "rounds") are replayed in lock-step with their dumps (the
// engine reads the recorded text up to the next line break wherever it
// would read a bot's line), compared unmasked, with the rounds too and
// without the Java stack traces of their engine_stderr.txt. Which kind a
// directory holds: RecordingRules.
//
//   absl::StatusOr<std::string> diff = wl::tools::VerifyGameDir("g000");
//   // "" when identical, else the first difference with file and line
#ifndef WL_TOOLS_WL_VERIFY_H_
#define WL_TOOLS_WL_VERIFY_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "common/files.h"
#include "rules.h"

namespace wl::tools {

// The most bytes a replay.txt.gz may inflate to (a gzip bomb must not
// exhaust memory): the cap of every input file (common/files.h, which
// reads gzip files too).
constexpr size_t kMaxReplayBytes = kMaxInputBytes;

// What a recording's meta.json says. The seed must be an integer that fits
// a Java long (what the engine seeds its generator with).
struct RecordingMeta {
  RuleSet rules = RuleSet::kWl2;  // kWl1 for the map "wl1-earth"
  int64_t seed = 0;
  std::optional<int> rounds;  // "rounds", when given (WL1's)
  std::string map_path;       // <maps_dir>/<"map">
  std::string winner;         // "player1", "player2" or "draw"
  std::string players[2];     // the bots' labels ("player1", "player2"), or ""
};
// The map is looked up as <maps_dir>/<"map">; an empty maps_dir means
// <dir>/../../maps (where ../shared keeps them). WL1's "wl1-earth" is
// <dir>/../../map.json (../shared/wl1/map.json), or with a maps_dir
// <maps_dir>/wl1_earth.json (the project's maps/); VerifyGameDir plays the
// built-in earth map (game_files.h) when that file is not there.
absl::StatusOr<RecordingMeta> ReadRecordingMeta(
    const std::string& dir, const std::string& maps_dir = "");

// A recorded game, read from its directory.
struct RecordedGame {
  RuleSet rules = RuleSet::kWl2;
  int64_t seed = 0;
  std::optional<int> rounds;
  std::string map_path;  // <maps_dir>/<meta.json "map">
  std::string winner;    // "player1", "player2" or "draw"
  std::string dump[2];   // dump_playerN.txt, or WL1's dump_playerN.txt.gz
  std::string replay;
  std::optional<std::string> engine_stderr;
};
absl::StatusOr<RecordedGame> LoadRecordedGame(const std::string& dir,
                                              const std::string& maps_dir = "");

// Compares a regenerated game with a recording: both dumps with the time
// banks masked (WL1: unmasked), the replay byte for byte, the engine's
// stderr when both are given (the recording's without Java stack traces),
// the winner, and the rounds when both are known. Returns "" or the first
// difference.
std::string CompareWithRecording(const RecordedGame& recorded,
                                 const std::string dump[2],
                                 const std::string& replay,
                                 const std::string* engine_stderr,
                                 const std::string& winner,
                                 std::optional<int> rounds = std::nullopt);

// Which engine recorded the game in `dir`, by its files: trace.jsonl is
// Dingle's; otherwise meta.json says (the map "wl1-earth" is WL1's, any
// other WL2's). VerifyGameDir verifies each kind its own way.
absl::StatusOr<RuleSet> RecordingRules(const std::string& dir);

// "player1", "player2" or "draw", as meta.json and result.json say.
std::string WinnerName(Outcome outcome);

// The map is looked up as ReadRecordingMeta says. Returns "" when the
// game is reproduced exactly, otherwise one line naming the first
// difference; an error status when the directory cannot be read.
absl::StatusOr<std::string> VerifyGameDir(const std::string& dir,
                                          const std::string& maps_dir = "");

// Replaces the time-bank numbers of "pick_starting_region T",
// "go place_armies T", "go attack/transfer T" and "Response timed out (Tms)"
// with "T", wherever they are in a line (the engine glues some lines).
std::string MaskTimebanks(const std::string& text);

// `warlight verify DIR... [--maps DIR]`: one line per game, flushed as it is
// printed, recorded text escaped for the terminal; exit status 1 if any game
// differs, 2 on a usage error or an unreadable or malformed directory.
int VerifyMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_VERIFY_H_
