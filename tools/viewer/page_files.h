// page_files.h: writing replay pages of game folders to disk, the same for
// every game's `view` command (`warlight view`, `warlight berlin view`). A
// game supplies how a folder becomes a page:
//
//   DeclareOutFlag(flags, &out_dir);
//   ... flags.Parse(argc, argv, &dirs) ...
//   return wl::tools::WritePages(flags, "warlight view", dirs, out_dir,
//                                [&](const std::string& dir) {
//                                  return ReplayHtml(dir, maps_dir);
//                                });
//   // stdout: "games/g1/replay.html" per page written (or "OUT/g1.html");
//   // stderr: "warlight view: MESSAGE" per folder that failed
//
// Pages are written whole (common/files.h WriteFileAtomically).
#ifndef WL_TOOLS_VIEWER_PAGE_FILES_H_
#define WL_TOOLS_VIEWER_PAGE_FILES_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace wl::tools {

class Flags;

// Where a folder's page goes: GAME_DIR/replay.html, or with an out_dir
// OUT/<GAME_DIR's name>.html ("game.html" when the path names none). A
// regular file given instead of a folder (a game's single-file recording:
// a Colorfight .cfr, a Berlin game.json) has its page beside it,
// X.cfr -> X.html, or with an out_dir OUT/X.html.
std::string PagePath(const std::string& game_dir, const std::string& out_dir);

// A file a page is made from: common/files.h's ReadFileToString, refused
// beyond max_bytes (checked before reading): "cannot read PATH", "PATH is
// not a regular file", "PATH holds N bytes, more than the M allowed".
absl::StatusOr<std::string> ReadPageSource(const std::string& path,
                                           uintmax_t max_bytes);

// Writes a folder's page as GAME_DIR/replay.html, whole; the page's error
// when it could not be made.
absl::Status WritePageInFolder(const std::string& game_dir,
                               const absl::StatusOr<std::string>& page);

// Declares --out DIR (pages as DIR/<GAME_DIR's name>.html) into *out_dir.
void DeclareOutFlag(Flags& flags, std::string* out_dir);

// A folder's page; errors name the folder or file.
using PageOfFolder =
    std::function<absl::StatusOr<std::string>(const std::string& game_dir)>;

// Creates out_dir when given and absent (else flags.Fail: 2), then writes
// each folder's page at PagePath and prints its path. A folder that fails
// is one line "<command>: MESSAGE" on stderr (escaped, at most 400
// characters) and the others are still written. Returns 0, 2 if a page
// could not be made, else 1 if one could not be written.
int WritePages(const Flags& flags, const std::string& command,
               const std::vector<std::string>& dirs, const std::string& out_dir,
               const PageOfFolder& page_of);

}  // namespace wl::tools

#endif  // WL_TOOLS_VIEWER_PAGE_FILES_H_
