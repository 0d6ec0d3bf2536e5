#include "wl/commands/view.h"

#include <filesystem>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "common/files.h"
#include "viewer/page_files.h"
#include "wl/dingle_verify.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// A file's text, refused beyond kMaxReplayBytes (checked before reading).
absl::StatusOr<std::string> ReadBounded(const fs::path& path) {
  return ReadPageSource(path.string(), kMaxReplayBytes);
}

// result.json's fields that the page shows, from an official recording's
// meta.json.
std::string ResultFromMeta(const RecordingMeta& meta) {
  json::array players;
  for (const std::string& label : meta.players) {
    json::object player;
    if (!label.empty()) player["bot"] = label;
    players.push_back(std::move(player));
  }
  return json::serialize(
      json::object{{"players", std::move(players)},
                   {"seed", meta.seed},
                   {"map", fs::path(meta.map_path).filename().string()},
                   {"winner", meta.winner}});
}

// The replay, map and result of a folder: replay.txt or replay.txt.gz;
// map.json, or the map that meta.json names; result.json, or meta.json.
absl::Status ReadReplayMapAndResult(const fs::path& dir,
                                    const std::string& maps_dir,
                                    ReplayFiles* files) {
  std::error_code ec;
  absl::StatusOr<std::string> replay =
      fs::exists(dir / "replay.txt", ec) ? ReadBounded(dir / "replay.txt")
      : fs::exists(dir / "replay.txt.gz", ec)
          ? ReadGzipFile((dir / "replay.txt.gz").string())
          : absl::NotFoundError(
                "cannot read replay.txt or replay.txt.gz: neither is there");
  if (!replay.ok()) return replay.status();
  files->replay = *std::move(replay);
  std::optional<RecordingMeta> meta;
  if (fs::exists(dir / "meta.json", ec)) {
    absl::StatusOr<RecordingMeta> read =
        ReadRecordingMeta(dir.string(), maps_dir);
    if (!read.ok()) return read.status();
    meta = *std::move(read);
  }
  fs::path map_path = dir / "map.json";
  if (!fs::exists(map_path, ec)) {
    if (!meta)
      return absl::NotFoundError(
          "cannot read map.json: not there, and no meta.json names a map");
    map_path = meta->map_path;
  }
  absl::StatusOr<std::string> map = ReadFileToString(map_path.string());
  if (!map.ok()) {
    return absl::NotFoundError(absl::StrCat(
        "cannot read the map ", map_path.string(),
        meta && map_path != dir / "map.json"
            ? " that meta.json names (--maps DIR says where the maps are)"
            : ""));
  }
  files->map_json = *std::move(map);
  if (fs::exists(dir / "result.json", ec)) {
    absl::StatusOr<std::string> result =
        ReadFileToString((dir / "result.json").string());
    if (!result.ok()) return result.status();
    files->result = *std::move(result);
  } else if (meta) {
    files->result = ResultFromMeta(*meta);
  }
  if (meta) files->rules = meta->rules;  // WL1's: the map "wl1-earth"
  return absl::OkStatus();
}

// result.json's fields that the page shows, for a Dingle recording played
// again.
std::string ResultFromDingleReplay(const DingleReplay& replay) {
  json::array players;
  for (const std::string& agent : replay.agents) {
    json::object player;
    if (!agent.empty()) player["bot"] = agent;
    players.push_back(std::move(player));
  }
  return json::serialize(
      json::object{{"players", std::move(players)},
                   {"seed", replay.seed},
                   {"map", "dingle-earth"},
                   {"rules", "dingle"},
                   {"starts", replay.starts},
                   {"winner", std::string(WinnerName(replay.record.outcome))}});
}

// A Dingle recording (trace.jsonl, no replay): its game played again from
// the seed and the recorded answers gives the replay, the dumps and the
// map (dingle_verify.h).
absl::Status ReadDingleRecording(const fs::path& dir,
                                 const std::string& maps_dir,
                                 ReplayFiles* files) {
  absl::StatusOr<DingleReplay> replay =
      ReplayDingleRecording(dir.string(), maps_dir);
  if (!replay.ok()) return replay.status();
  files->replay = replay->record.replay;
  files->map_json = replay->map_json;
  files->result = ResultFromDingleReplay(*replay);
  for (int p = 0; p < 2; ++p) files->dump[p] = replay->record.dump[p];
  files->rules = RuleSet::kDingle;
  return absl::OkStatus();
}

// The dumps of a folder, when there: dump_playerN.txt, or WL1's recorded
// dump_playerN.txt.gz.
absl::Status ReadDumps(const fs::path& dir, ReplayFiles* files) {
  std::error_code ec;
  for (int p = 0; p < 2; ++p) {
    const fs::path path = dir / absl::StrCat("dump_player", p + 1, ".txt");
    fs::path gz = path;
    gz += ".gz";
    absl::StatusOr<std::string> text = fs::exists(path, ec) ? ReadBounded(path)
                                       : fs::exists(gz, ec)
                                           ? ReadGzipFile(gz.string())
                                           : absl::StatusOr<std::string>("");
    if (!text.ok()) return text.status();
    files->dump[p] = *std::move(text);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> ReplayHtml(const std::string& game_dir,
                                       const std::string& maps_dir) {
  const fs::path dir(game_dir);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return absl::NotFoundError(game_dir + " is not a folder");
  }
  ReplayFiles files;
  const bool dingle_recording = !fs::exists(dir / "replay.txt", ec) &&
                                fs::exists(dir / "trace.jsonl", ec);
  absl::Status read = dingle_recording
                          ? ReadDingleRecording(dir, maps_dir, &files)
                          : ReadReplayMapAndResult(dir, maps_dir, &files);
  if (!read.ok()) {
    return absl::Status(read.code(),
                        absl::StrCat(game_dir, ": ", read.message()));
  }
  if (!dingle_recording) {
    if (absl::Status s = ReadDumps(dir, &files); !s.ok()) return s;
  }
  absl::StatusOr<std::string> page = ReplayHtmlFromFiles(files);
  if (!page.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(game_dir, ": ", page.status().message()));
  }
  return page;
}

absl::Status WriteReplayHtml(const std::string& game_dir) {
  return WritePageInFolder(game_dir, ReplayHtml(game_dir));
}

int ViewMain(int argc, char** argv) {
  std::string maps_dir, out_dir;
  Flags flags("view", "GAME_DIR...",
              "Writes GAME_DIR/replay.html: the game as one self-contained\n"
              "page (no network) to open in any browser. GAME_DIR is a\n"
              "folder that `warlight match` or the arena's kept games wrote\n"
              "(replay.txt, map.json, and result.json and the dumps when\n"
              "present) or an official recording as stored (replay.txt.gz,\n"
              "meta.json naming the map, the dumps; a Dingle recording's\n"
              "meta.json and trace.jsonl, whose game is played again from\n"
              "its seed and recorded answers). In the page: space\n"
              "plays or pauses, left and right step one event, up and down\n"
              "one round, v cycles the full view and the players' fogged\n"
              "views. replay.html?round=R&step=K&view=V opens on a given\n"
              "round, step and view.");
  flags.String("maps", &maps_dir, "DIR",
               "where the maps named in a meta.json are (default: "
               "GAME_DIR/../../maps)");
  DeclareOutFlag(flags, &out_dir);
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) return flags.Fail("needs at least one GAME_DIR");
  return WritePages(
      flags, "warlight view", dirs, out_dir,
      [&](const std::string& dir) { return ReplayHtml(dir, maps_dir); });
}

}  // namespace wl::tools
