#include "colorfight/colorfight_view.h"

#include <filesystem>
#include <optional>
#include <vector>

#include "colorfight/colorfight_replay_page.h"
#include "common/cli.h"
#include "viewer/page_files.h"

namespace wl::tools {

namespace fs = std::filesystem;

absl::StatusOr<std::string> ColorfightReplayHtmlForDir(
    const std::string& game_dir) {
  std::error_code ec;
  if (!fs::is_directory(game_dir, ec)) {
    return absl::NotFoundError(game_dir + " is not a folder");
  }
  const std::string path = (fs::path(game_dir) / "replay.cfr").string();
  absl::StatusOr<std::string> cfr =
      ReadPageSource(path, kMaxColorfightReplayBytes);
  if (!cfr.ok()) return cfr.status();
  return ColorfightReplayHtmlOfCfr(*cfr, path);
}

absl::Status WriteColorfightReplayHtml(const std::string& game_dir) {
  return WritePageInFolder(game_dir, ColorfightReplayHtmlForDir(game_dir));
}

int ColorfightViewMain(int argc, char** argv) {
  std::string out_dir;
  Flags flags("colorfight view", "GAME_DIR...",
              "Writes GAME_DIR/replay.html from GAME_DIR/replay.cfr (the\n"
              "replay the server records, colorfight §9): the game as one\n"
              "self-contained page (no network) to open in any browser: the\n"
              "grid turn by turn, the users' gold and energy, the ranking by\n"
              "gold. Space plays or pauses, left and right step one turn;\n"
              "replay.html?round=T opens on turn T.");
  DeclareOutFlag(flags, &out_dir);
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) return flags.Fail("needs at least one GAME_DIR");
  return WritePages(flags, "warlight colorfight view", dirs, out_dir,
                    ColorfightReplayHtmlForDir);
}

}  // namespace wl::tools
