#include "wl/game_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "common/files.h"
#include "wl/map_json.h"
#include "viewer/viewer.h"

namespace wl::tools {

namespace fs = std::filesystem;

absl::StatusOr<std::vector<std::string>> ListMapFiles(const std::string& dir) {
  std::vector<std::string> maps;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() == ".json") maps.push_back(e.path().string());
  }
  if (ec) return absl::NotFoundError("cannot read the maps folder " + dir);
  if (maps.empty()) return absl::NotFoundError("no *.json map in " + dir);
  std::sort(maps.begin(), maps.end());
  for (const std::string& m : maps) {
    absl::StatusOr<Map> map = LoadMapFile(m);
    if (!map.ok()) return map.status();
  }
  return maps;
}

absl::Status WriteGameFolder(const std::string& dir, const GameRecord& record,
                             const std::string& map_json,
                             const std::string& result_json) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    return absl::UnavailableError("cannot create " + dir + ": " + ec.message());
  }
  const fs::path folder(dir);
  for (auto [name, text] : {std::pair<const char*, const std::string*>{
                                "dump_player1.txt", &record.dump[0]},
                            {"dump_player2.txt", &record.dump[1]},
                            {"replay.txt", &record.replay},
                            {"map.json", &map_json},
                            {"result.json", &result_json}}) {
    absl::Status written = WriteFileAtomically((folder / name).string(), *text);
    if (!written.ok()) return written;
  }
  // The page to watch it in a browser (needs the recorded replay).
  if (record.replay.empty()) return absl::OkStatus();
  absl::StatusOr<std::string> page = ReplayHtmlFromFiles(
      {record.replay, map_json, result_json, {record.dump[0], record.dump[1]}});
  if (!page.ok()) return page.status();
  return WriteFileAtomically((folder / "replay.html").string(), *page);
}

}  // namespace wl::tools
