// view.h: `warlight view` and the replay page of a game folder on disk.
//
//   absl::Status s = wl::tools::WriteReplayHtml("games/20250101-seed42");
//   // -> games/20250101-seed42/replay.html; open it in any browser
//
// On the command line: `warlight view GAME_DIR...` (re)writes the pages;
// `--out DIR` writes them elsewhere (DIR/<folder name>.html).
//
// A game folder is what `warlight match` and the arena's kept games write:
// replay.txt (required), map.json (required), result.json and the two
// dumps (optional). An official recording as stored
// (../shared/conformance/gNNN) works too: replay.txt.gz instead of
// replay.txt, and meta.json naming the map (looked up as `warlight verify`
// does, in maps_dir or GAME_DIR/../../maps) and giving the bots' labels,
// the seed and the winner. A replay or dump over kMaxReplayBytes (verify.h)
// is refused before it is read. The page itself: replay_page.h.
//
// Every rule set's folders: the rule set is result.json's "rules" (what
// match and the arena write), or a recording's (meta.json's map
// "wl1-earth": WL1, with its gzipped dumps, ../shared/wl1/conformance).
// Dingle's recordings (trace.jsonl, no replay) have no page: play the game
// again with `warlight match --rules dingle` to watch one.
#ifndef WL_TOOLS_WL_COMMANDS_VIEW_H_
#define WL_TOOLS_WL_COMMANDS_VIEW_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "wl/commands/replay_page.h"

namespace wl::tools {

// The page for a game folder (either kind above). maps_dir: where the map
// that a meta.json names is; "" means GAME_DIR/../../maps.
absl::StatusOr<std::string> ReplayHtml(const std::string& game_dir,
                                       const std::string& maps_dir = "");

// Writes <game_dir>/replay.html whole (temporary file, then rename).
absl::Status WriteReplayHtml(const std::string& game_dir);

// `warlight view GAME_DIR... [--maps DIR] [--out DIR]`: (re)writes each
// folder's replay.html. argv holds the arguments after "view". Returns 0, 2
// on bad flags or a folder that cannot be read or parsed (one line on
// stderr, recorded text escaped), 1 if a page cannot be written.
int ViewMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_VIEW_H_
