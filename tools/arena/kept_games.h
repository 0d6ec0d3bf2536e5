// kept_games.h: the game folders `warlight arena --keep-replays` keeps, each
// with the files the game writes (PlayedGame::WriteFiles; Warlight's as
// `warlight match` writes them: dumps, replay.txt, replay.html, map.json,
// result.json) plus each bot's stderr (stderr_player1.txt, ...).
//
// A folder is written under a temporary name and renamed when whole, before
// the game's result line is appended; its name carries the run's name, so
// runs sharing --out never overwrite each other's folders:
//
//   KeptGames kept("games/arena-1a2b3c4d", run);
//   kept.ClearUnrecorded(pending);            // on (re)start
//   std::string tmp = kept.StartGame(game);   // stderr files go here
//   ... play ...
//   kept.Finish(game, keep, *played, "warlight arena");
#ifndef WL_TOOLS_ARENA_KEPT_GAMES_H_
#define WL_TOOLS_ARENA_KEPT_GAMES_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "arena/schedule.h"
#include "common/game.h"

namespace wl::tools {

class KeptGames {
 public:
  // `dir` "" keeps nothing (every call is then a no-op).
  KeptGames(std::string dir, std::string run)
      : dir_(std::move(dir)), run_(std::move(run)) {}

  // "game<index>-seed<seed>-<run>".
  std::string FolderName(const ArenaGame& game) const;
  // The folder of a kept game (dir/FolderName).
  std::string FolderOf(const ArenaGame& game) const;

  // Removes the folders, whole or temporary, that this run left for games
  // not in the results (a run killed by kill -9 or Ctrl-C): they are
  // played again.
  void ClearUnrecorded(const std::vector<ArenaGame>& pending) const;

  // Creates the game's temporary folder and returns it ("" when keeping
  // nothing); the bots' stderr files are written into it while they play.
  absl::StatusOr<std::string> StartGame(const ArenaGame& game) const;

  // Writes the game's files (result.json naming `command`) into its
  // temporary folder and renames it to FolderOf(game) when `keep`; removes
  // the temporary folder otherwise.
  absl::Status Finish(const ArenaGame& game, bool keep,
                      const PlayedGame& played,
                      const std::string& command) const;

 private:
  std::string TempOf(const ArenaGame& game) const;
  std::string dir_, run_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_KEPT_GAMES_H_
