// berlin_view.h: `warlight berlin view` and the replay page of a Berlin game
// folder on disk (the page itself: berlin_replay_page.h).
//
//   absl::Status s = wl::tools::WriteBerlinReplayHtml("games/berlin-1");
//   // -> games/berlin-1/replay.html; open it in any browser
//
// On the command line: `warlight berlin view GAME_DIR... [--map FILE]
// [--out DIR]` (re)writes each folder's replay.html, one line per folder.
//
// A folder holds game.json in the official shape (berlin §8): what our
// referee writes, or a recorded game (../shared/berlin/conformance/gNNN,
// whose meta.json says which AI played which player id: the page names
// the players from it). A game.json without "map" (the September 2013
// serializer, fixtures/official-replay) takes it from --map FILE, else
// from GAME_DIR/map.json; FILE is the `/maps/:id.json` shape
// {"map":{id, name, representation}}, a bare representation (a .map file,
// berlin §4.1) or a built-in map's name (berlin_map.h: "deployed-2").
// A game.json file may be given instead of a folder (the official
// `/games/:id.json` as downloaded, under any name: 2261.json): its page is
// written beside it, 2261.json -> 2261.html (its map from game.map or
// --map). Read-only folders: --out DIR writes DIR/<name>.html.
#ifndef WL_TOOLS_BERLIN_BERLIN_VIEW_H_
#define WL_TOOLS_BERLIN_BERLIN_VIEW_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace wl::tools {

// The page for a game folder. map_file: the map for a game.json without
// one ("": GAME_DIR/map.json). Errors name the folder or file.
absl::StatusOr<std::string> BerlinReplayHtmlForDir(
    const std::string& game_dir, const std::string& map_file = "");

// Writes <game_dir>/replay.html whole (temporary file, then rename).
absl::Status WriteBerlinReplayHtml(const std::string& game_dir,
                                   const std::string& map_file = "");

// `warlight berlin view GAME_DIR... [--map FILE] [--out DIR]`; argv holds
// the arguments after "view". Prints each page written; returns 0, 2 on bad
// flags or a folder that cannot be read or shown (one line on stderr each),
// 1 if a page cannot be written.
int BerlinViewMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_VIEW_H_
