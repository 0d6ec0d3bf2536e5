#include "common/match_folder.h"

#include <ctime>
#include <filesystem>
#include <system_error>

#include "common/files.h"
#include "common/process.h"

namespace wl::tools {

namespace fs = std::filesystem;

std::string DefaultGameDir(int64_t seed) {
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return "games/" + std::string(stamp) + "-seed" + std::to_string(seed);
}

absl::StatusOr<std::string> OpenMatchFolder(
    const std::string& command, const std::string& out,
    const std::string& default_dir, const std::vector<std::string>& files) {
  std::string dir = out;
  bool made = out.empty();
  if (made) {
    absl::StatusOr<std::string> fresh = MakeNewFolder(default_dir);
    if (!fresh.ok()) return fresh.status();
    dir = *fresh;
  } else {
    std::error_code ec;
    made = !fs::exists(dir, ec);
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir, ec)) {
      return absl::UnavailableError("cannot create " + dir + ": " +
                                    ec.message());
    }
  }
  ExitSignalFarewell farewell;
  for (const std::string& file : files) {
    farewell.remove.push_back((fs::path(dir) / file).string());
  }
  if (made) farewell.remove.push_back(dir);
  farewell.before =
      "\n" + command + ": interrupted; the game is not kept (" +
      (made ? "removed " + dir : "removed its unfinished files from " + dir) +
      ")\n";
  SetExitSignalFarewell(farewell);
  return dir;
}

void CloseMatchFolder() { ClearExitSignalFarewell(); }

}  // namespace wl::tools
