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
#ifndef WL_TOOLS_COMMON_VERIFY_REPORT_H_
#define WL_TOOLS_COMMON_VERIFY_REPORT_H_

#include <functional>
#include <string>
#include <vector>

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

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_VERIFY_REPORT_H_
