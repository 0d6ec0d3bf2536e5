// match_folder.h: the folder a match command (`warlight match`, `warlight
// berlin match`) writes its one game into, for every game.
//
// Without --out it is a new folder (files.h MakeNewFolder: the default
// name, or name-2, name-3, ... when taken), so that two games started in
// the same second with the same seed never share one. Until the game is
// written, an exit signal (Ctrl-C) removes the files the game has begun
// (its bots' stderr files) and the folder when the match made it, and says
// so: an interrupted match leaves nothing behind.
//
//   absl::StatusOr<std::string> dir = OpenMatchFolder(
//       "warlight match", out, DefaultGameDir(seed), {"stderr_player1.txt"});
//   ... play, write the files into *dir ...
//   CloseMatchFolder();  // the game is whole: a signal now removes nothing
#ifndef WL_TOOLS_COMMON_MATCH_FOLDER_H_
#define WL_TOOLS_COMMON_MATCH_FOLDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace wl::tools {

// The name of the folder a game is written to when --out is not given:
// games/<local time to the second>-seed<S>; the folder made is a new one
// (-2, -3, ... when that name is taken).
std::string DefaultGameDir(int64_t seed);

// The game's folder: `out` as given (created when missing), or, when "",
// a new folder named `default_dir`. `files` (names in the folder) are
// removed by an exit signal before CloseMatchFolder, and so is the folder
// when this made it. `command` ("warlight match") begins the line the
// signal prints. Unavailable "cannot create DIR: why" when it cannot be made.
absl::StatusOr<std::string> OpenMatchFolder(
    const std::string& command, const std::string& out,
    const std::string& default_dir, const std::vector<std::string>& files);

// The game is written: an exit signal now leaves the folder as it is.
void CloseMatchFolder();

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_MATCH_FOLDER_H_
