// game_files.h: the files around games: a folder's map pool, and the folder
// a finished game is written to (the files `warlight match` writes).
//
//   absl::StatusOr<std::vector<std::string>> maps =
//       wl::tools::ListMapFiles("../shared/maps/real");
//   if (!maps.ok()) { std::cerr << maps.status().message() << "\n"; }
//
//   GameRecord record = PlayGame(map, seed, p1, p2);
//   absl::Status s = wl::tools::WriteGameFolder(
//       "games/x", record, map_json,
//       ResultJson(record, seed, map_name, bot1, bot2, command));
#ifndef WL_TOOLS_WL_GAME_FILES_H_
#define WL_TOOLS_WL_GAME_FILES_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "wl/engine.h"

namespace wl::tools {

// The *.json files of a folder, sorted, each checked to be a valid map.
// Fails (one-line message) when the folder cannot be read, holds no *.json
// file, or one of them is not a valid map.
absl::StatusOr<std::vector<std::string>> ListMapFiles(const std::string& dir);

// Creates `dir` if needed and writes dump_player1.txt, dump_player2.txt,
// replay.txt, map.json, result.json and (when the replay was recorded)
// replay.html into it, each whole (temporary file, then rename). Fails with
// the first file that cannot be written.
absl::Status WriteGameFolder(const std::string& dir, const GameRecord& record,
                             const std::string& map_json,
                             const std::string& result_json);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_GAME_FILES_H_
