// colorfight_view.h: `warlight colorfight view` and the replay page of a
// Colorfight II game folder on disk (the page itself:
// colorfight_replay_page.h).
//
//   absl::Status s = wl::tools::WriteColorfightReplayHtml("games/cf-1");
//   // -> games/cf-1/replay.html from games/cf-1/replay.cfr
//
// On the command line: `warlight colorfight view GAME_DIR... [--out DIR]`
// (re)writes each folder's replay.html, one line per folder. A folder is
// one our server or arena wrote (colorfight_files.h) or a recorded game
// (../shared/colorfight/conformance/gNN): what is read is its replay.cfr
// (colorfight §9). A .cfr file may be given instead of a folder (a replay
// downloaded from the official site, under any name): its page is written
// beside it, X.cfr -> X.html. Read-only folders: --out DIR writes
// DIR/<name>.html.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_VIEW_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_VIEW_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace wl::tools {

// The page for a game folder or a .cfr file; errors name the folder or
// file ("DIR is neither a folder nor a file", "DIR/replay.cfr is not gzip
// (colorfight §9)").
absl::StatusOr<std::string> ColorfightReplayHtmlForDir(
    const std::string& game_dir);

// Writes <game_dir>/replay.html whole (temporary file, then rename).
absl::Status WriteColorfightReplayHtml(const std::string& game_dir);

// `warlight colorfight view GAME_DIR... [--out DIR]`; argv holds the
// arguments after "view". Prints each page written; returns 0, 2 on bad
// flags or a folder that cannot be read or shown (one line on stderr
// each; the other folders are still written), 1 if a page cannot be
// written.
int ColorfightViewMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_VIEW_H_
