// verify_report.h: the report every `verify` command prints (`warlight
// verify`, `warlight berlin verify`): one line per recorded game folder,
// then a count, and the exit status. A game supplies how one folder is
// checked:
//
//   return wl::tools::VerifyReport(dirs, [&](const std::string& dir) {
//     return VerifyGameDir(dir, maps_dir);  // "" identical, else the diff
//   });
//   // stdout: "g1: identical", "g2: differs: dump_player1.txt:3: ...",
//   //         "g3: error: cannot read g3/meta.json", "1 of 3 games identical"
//
// and the pieces the games' checks share: BadFile (a recording that is not
// what it should be), TextLines (a recorded file's lines) and
// DifferenceExcerpt (where two texts part, for the "differs" line).
#ifndef WL_TOOLS_COMMON_VERIFY_REPORT_H_
#define WL_TOOLS_COMMON_VERIFY_REPORT_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace wl::tools {

// One folder checked: "" when the game is reproduced, else its first
// difference; an error status when the folder cannot be read.
using VerifyFolder =
    std::function<absl::StatusOr<std::string>(const std::string& dir)>;

// Checks each folder in order and prints "DIR: identical", "DIR: differs:
// DIFF" or "DIR: error: MESSAGE" (names and texts escaped for the terminal,
// each line flushed), then "N of M games identical". Returns 0 when all
// are identical, 2 if a folder could not be read, else 1.
int VerifyReport(const std::vector<std::string>& dirs,
                 const VerifyFolder& verify);

// InvalidArgument "FILE: WHAT": a recorded file that is not what it should
// be.
absl::Status BadFile(const std::string& file, const std::string& what);

// The lines of `text`, without their '\n' (a final '\n' ends the last line,
// it does not start an empty one).
std::vector<std::string> TextLines(const std::string& text);

// Around the first difference of two texts: "at byte B: recorded "...",
// regenerated "..."", each cut to 100 bytes from 40 before B ("..." where
// cut, " <end>" when a text ends at B).
std::string DifferenceExcerpt(const std::string& recorded,
                              const std::string& regenerated);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_VERIFY_REPORT_H_
