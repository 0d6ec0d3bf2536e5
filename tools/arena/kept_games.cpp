#include "arena/kept_games.h"

#include <filesystem>
#include <system_error>

#include "absl/status/statusor.h"
#include "common/files.h"

namespace wl::tools {

namespace fs = std::filesystem;

std::string KeptGames::FolderName(const ArenaGame& game) const {
  return "game" + std::to_string(game.index) + "-seed" +
         std::to_string(game.seed) + "-" + run_;
}

std::string KeptGames::FolderOf(const ArenaGame& game) const {
  return (fs::path(dir_) / FolderName(game)).string();
}

std::string KeptGames::TempOf(const ArenaGame& game) const {
  return UnfinishedFolderOf(FolderOf(game));  // common/files.h's rule
}

void KeptGames::ClearUnrecorded(const std::vector<ArenaGame>& pending) const {
  if (dir_.empty()) return;
  for (const ArenaGame& game : pending) {
    std::error_code ec;
    fs::remove_all(TempOf(game), ec);
    fs::remove_all(FolderOf(game), ec);
  }
}

absl::StatusOr<std::string> KeptGames::StartGame(const ArenaGame& game) const {
  if (dir_.empty()) return std::string();
  const std::string temp = TempOf(game);
  std::error_code ec;
  fs::remove_all(temp, ec);
  fs::create_directories(temp, ec);
  if (ec || !fs::is_directory(temp)) {
    return absl::UnavailableError("cannot create " + temp + ": " +
                                  ec.message());
  }
  return temp;
}

absl::Status KeptGames::Finish(const ArenaGame& game, bool keep,
                               const PlayedGame& played,
                               const std::string& command) const {
  if (dir_.empty()) return absl::OkStatus();
  const std::string temp = TempOf(game);
  std::error_code ec;
  if (!keep) {
    fs::remove_all(temp, ec);
    return absl::OkStatus();
  }
  absl::Status written = played.WriteFiles(temp, command);
  if (!written.ok()) return written;
  return FinishFolder(temp, FolderOf(game));
}

}  // namespace wl::tools
