#include "viewer/page_files.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "common/cli.h"
#include "common/files.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {

namespace fs = std::filesystem;

std::string PagePath(const std::string& game_dir, const std::string& out_dir) {
  std::error_code ec;
  if (fs::is_regular_file(game_dir, ec)) {  // a single-file recording
    fs::path page = fs::path(game_dir).replace_extension(".html");
    if (out_dir.empty()) return page.string();
    return (fs::path(out_dir) / page.filename()).string();
  }
  if (out_dir.empty()) return (fs::path(game_dir) / "replay.html").string();
  fs::path name = fs::path(game_dir).lexically_normal().filename();
  if (name.empty()) {
    name = fs::path(game_dir).lexically_normal().parent_path().filename();
  }
  if (name.empty() || name == "." || name == "..") name = "game";
  return (fs::path(out_dir) / name).string() + ".html";
}

absl::StatusOr<std::string> ReadPageSource(const std::string& path,
                                           uintmax_t max_bytes) {
  return ReadFileToString(path, static_cast<size_t>(max_bytes));
}

absl::Status WritePageInFolder(const std::string& game_dir,
                               const absl::StatusOr<std::string>& page) {
  if (!page.ok()) return page.status();
  return WriteFileAtomically(PagePath(game_dir, ""), *page);
}

void DeclareOutFlag(Flags& flags, std::string* out_dir) {
  flags.String("out", out_dir, "DIR",
               "write each page as DIR/<GAME_DIR's name>.html instead (for "
               "read-only folders)");
}

int WritePages(const Flags& flags, const std::string& command,
               const std::vector<std::string>& dirs, const std::string& out_dir,
               const PageOfFolder& page_of) {
  std::error_code ec;
  if (!out_dir.empty() && !fs::is_directory(out_dir, ec) &&
      !fs::create_directories(out_dir, ec)) {
    return flags.Fail("cannot create --out " + cli::EscapeForTerminal(out_dir));
  }
  int status = 0;
  for (const std::string& dir : dirs) {
    absl::StatusOr<std::string> page = page_of(dir);
    absl::Status written = page.status();
    const std::string out = PagePath(dir, out_dir);
    if (page.ok()) written = WriteFileAtomically(out, *page);
    if (!written.ok()) {  // names and quotes recorded text: escaped
      std::cerr << command << ": "
                << cli::EscapeForTerminal(std::string(written.message()), 400)
                << "\n";
      status = std::max(status, page.ok() ? 1 : 2);
      continue;
    }
    std::cout << cli::EscapeForTerminal(out) << "\n";
  }
  return status;
}

}  // namespace wl::tools
