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
  const bool folder = fs::is_directory(game_dir, ec);
  if (!folder && !fs::exists(game_dir, ec)) {
    return absl::NotFoundError(game_dir + " is neither a folder nor a file");
  }
  // A folder's replay.cfr, or a .cfr file itself (a downloaded replay).
  const std::string path =
      folder ? (fs::path(game_dir) / "replay.cfr").string() : game_dir;
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
  Flags flags("colorfight view", "GAME_DIR|FILE.cfr...",
              "Writes GAME_DIR/replay.html from GAME_DIR/replay.cfr (the\n"
              "replay the server records, colorfight §9), or FILE.html\n"
              "beside a .cfr file (a replay downloaded from the official\n"
              "site, as it is): the game as one\n"
              "self-contained page (no network) to open in any browser: the\n"
              "grid turn by turn, the users' gold and energy, the ranking by\n"
              "gold. Space plays or pauses, left and right step one turn;\n"
              "replay.html?round=T opens on turn T.");
  DeclareOutFlag(flags, &out_dir);
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty())
    return flags.Fail("needs at least one GAME_DIR or .cfr file");
  return WritePages(flags, "warlight colorfight view", dirs, out_dir,
                    ColorfightReplayHtmlForDir);
}

}  // namespace wl::tools
