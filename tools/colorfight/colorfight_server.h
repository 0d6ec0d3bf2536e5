// colorfight_server.h: `warlight colorfight server`, a local Colorfight II
// server that the official Python client and our sdk's client play on
// unmodified (colorfight §2; the network side is cf_server.h, the rooms
// room.h).
//
//   warlight colorfight server --port 5000 --room duel:duel --lockstep
//     --games-dir games
//
// Prints "listening on http://HOST:PORT/ ..." (with the rooms and the
// admin password) on stderr once it accepts connections and serves until
// SIGINT or SIGTERM (exit 0); a bad flag is one line and exit status 2, a
// port it cannot bind 1.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_SERVER_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_SERVER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "colorfight/cf_server.h"

namespace wl::tools {

// argv: the arguments after "server".
int ColorfightServerMain(int argc, char** argv);

// --games-dir's folder of a finished game: DIR/<room>-<game_id>/ (or
// <room>-<game_id>-2, -3, ... when a folder of that name exists: one is
// never overwritten; common/files.h MakeNewFolder) with
// replay.cfr, result.json and replay.html (colorfight_files.h), `seed` and
// `command` in result.json. A game without a replay (its room's
// replay_enable "never") gets result.json alone. Sets *folder. The folder
// is written whole (common/files.h WriteFolderWhole: DIR/.tmp-<name>, then
// renamed); ColorfightServerMain's start with --games-dir removes the .tmp-
// folders a killed run left, one line each on stderr.
absl::Status WriteColorfightFinishedGame(const std::string& dir, int64_t seed,
                                         const std::string& command,
                                         const ColorfightFinishedGame& game,
                                         std::string* folder);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_SERVER_H_
