// files.h: writing results so that nothing is ever half-written.
//
// WriteFileAtomically writes to a temporary file in the same folder, flushes
// it to disk and renames it over the target: readers see the old file or
// the whole new one, never a part, even if the process is killed.
//
//   absl::Status s = wl::tools::WriteFileAtomically("games/x/result.json",
//   text);
#ifndef WL_TOOLS_COMMON_FILES_H_
#define WL_TOOLS_COMMON_FILES_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace wl::tools {

absl::Status WriteFileAtomically(const std::string& path,
                                 const std::string& content);

absl::StatusOr<std::string> ReadFileToString(const std::string& path);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_FILES_H_
