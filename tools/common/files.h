// files.h: writing results so that nothing is ever half-written, and
// reading input files so that no file can exhaust memory.
//
// WriteFileAtomically writes to a temporary file in the same folder, flushes
// it to disk and renames it over the target: readers see the old file or
// the whole new one, never a part, even if the process is killed.
//
//   absl::Status s = wl::tools::WriteFileAtomically("games/x/result.json",
//   text);
//
// Every file a user gives a tool (a map, a recording's meta.json, a dump,
// a replay, a .cfr, ...) is read by ReadFileToString or ReadGzipFile, the
// one rule for all games: only a regular file (not a folder, a FIFO or a
// device such as /dev/zero, which never end), of at most kMaxInputBytes
// (128 MiB; a gzip file: inflating to at most that). Anything else is a
// one-line error naming the file, before more than the cap is taken.
//
//   absl::StatusOr<std::string> map = wl::tools::ReadFileToString(path);
//   if (!map.ok()) { std::cerr << map.status().message() << "\n"; }
//
// A game folder is written whole the same way, for every game (the arena's
// kept games, the Colorfight server's --games-dir): its files go into
// <parent>/.tmp-<name>, which is renamed to the folder once whole. A
// process killed in between (kill -9) leaves only a .tmp- folder, never a
// half folder under the real name; the next start removes and reports
// what the killed run left (the arena: its unrecorded games, which it plays
// again; the server: RemoveUnfinishedFolders, one line each).
//
//   absl::Status s = wl::tools::WriteFolderWhole(
//       "games/public-17", [&](const std::string& temp) {
//         return WriteFileAtomically(temp + "/result.json", text);
//       });
//
// A folder a command names by itself (the default game folder of a match,
// profile's per-game folders, the Colorfight server's) is never one that
// exists: MakeNewFolder takes `dir`, or dir-2, dir-3, ... when taken, with
// mkdir(2), so that two games started in the same second (or two processes
// at once) never share one:
//
//   absl::StatusOr<std::string> dir = MakeNewFolder("games/x-seed7");
//   // "games/x-seed7", or "games/x-seed7-2" when that exists
#ifndef WL_TOOLS_COMMON_FILES_H_
#define WL_TOOLS_COMMON_FILES_H_

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace wl::tools {

// The most bytes an input file may hold, or a gzip file inflate to: 128
// MiB, 14 times the longest official Warlight recording (8.9 MB replay).
constexpr size_t kMaxInputBytes = size_t{128} << 20;

absl::Status WriteFileAtomically(const std::string& path,
                                 const std::string& content);

// The whole of the regular file `path`. NotFound "cannot read PATH" when
// it cannot be opened; InvalidArgument "PATH is not a regular file" or
// "PATH holds N bytes, more than the M allowed" (checked before reading,
// and again while reading a file that grows).
absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes = kMaxInputBytes);

// The text of a gzip file (or of a plain file, as zlib reads those too):
// errors as ReadFileToString's, or DataLoss when it is not valid gzip or
// inflates to more than max_bytes. Memory stays within max_bytes whatever
// the file holds: a gzip bomb is refused as soon as its output passes it.
absl::StatusOr<std::string> ReadGzipFile(const std::string& path,
                                         size_t max_bytes = kMaxInputBytes);

// Creates a new, empty folder: `dir` itself when it does not exist, else
// the first of dir-2, dir-3, ... that does not; its parents too. Atomic
// (mkdir(2) fails on an existing name): concurrent callers get different
// folders, and nothing that exists is ever taken or overwritten. Returns
// the folder; Unavailable "cannot create DIR: why" when it cannot be made.
absl::StatusOr<std::string> MakeNewFolder(const std::string& dir);

// Where a folder is written before it is whole: <parent>/.tmp-<name>.
std::string UnfinishedFolderOf(const std::string& dir);

// Renames the whole folder `temp` to `dir`, replacing an older `dir`.
absl::Status FinishFolder(const std::string& temp, const std::string& dir);

// Writes the folder `dir` whole: `write` fills UnfinishedFolderOf(dir)
// (created empty, its parents too), then FinishFolder. On an error the
// temporary folder is removed.
absl::Status WriteFolderWhole(
    const std::string& dir,
    const std::function<absl::Status(const std::string& temp)>& write);

// Removes every folder .tmp-* directly in `parent` (left by a writer that
// was killed) and returns their paths, sorted, to be reported; with each,
// its target <parent>/<name> when that is an empty folder (a name taken by
// MakeNewFolder for it). A missing `parent` holds none.
std::vector<std::string> RemoveUnfinishedFolders(const std::string& parent);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_FILES_H_
