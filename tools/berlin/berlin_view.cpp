#include "berlin/berlin_view.h"

#include <filesystem>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "berlin/berlin_map.h"
#include "berlin/berlin_replay_page.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "viewer/page_files.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// A file's JSON, refused beyond kMaxBerlinGameJsonBytes (checked before
// reading); errors name the file.
absl::StatusOr<json::value> ReadJson(const fs::path& path) {
  absl::StatusOr<std::string> text =
      ReadPageSource(path.string(), kMaxBerlinGameJsonBytes);
  if (!text.ok()) return text.status();
  json::error_code parse_error;
  json::value value = json::parse(*text, parse_error);
  if (parse_error) {
    return absl::InvalidArgumentError(absl::StrCat(
        path.string(), " is not JSON (", parse_error.message(), ")"));
  }
  return value;
}

// game.map from a map file or a built-in map's name (berlin_map.h).
absl::StatusOr<json::value> MapFromFile(const std::string& path) {
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(path);
  if (!map.ok()) return map.status();
  return json::object{{"id", map->id},
                      {"name", map->name},
                      {"representation", map->representation}};
}

// A recording's meta.json (conformance/README.md) says which AI played
// which id: each AI entry of the game gets its "player_id". Any other
// meta.json (or none) leaves the game as it is.
void PlayerIdsFromMeta(const fs::path& dir, json::object* game) {
  std::error_code ec;
  if (!fs::exists(dir / "meta.json", ec)) return;
  absl::StatusOr<json::value> meta = ReadJson(dir / "meta.json");
  const json::object* m = meta.ok() ? meta->if_object() : nullptr;
  const json::value* players = m ? m->if_contains("players") : nullptr;
  json::value* ais = game->if_contains("artificial_intelligences");
  if (!players || !players->is_array() || !ais || !ais->is_array()) return;
  for (json::value& ai : ais->get_array()) {
    json::object* a = ai.if_object();
    if (!a || a->contains("player_id") || !a->contains("id")) continue;
    for (const json::value& p : players->get_array()) {
      const json::object* o = p.if_object();
      if (o && o->contains("ai_id") && o->contains("player_id") &&
          o->at("ai_id") == a->at("id")) {
        (*a)["player_id"] = o->at("player_id");
      }
    }
  }
}

}  // namespace

absl::StatusOr<std::string> BerlinReplayHtmlForDir(
    const std::string& game_dir, const std::string& map_file) {
  const fs::path dir(game_dir);
  std::error_code ec;
  const bool folder = fs::is_directory(dir, ec);
  if (!folder && !fs::exists(dir, ec)) {
    return absl::NotFoundError(game_dir + " is neither a folder nor a file");
  }
  // A folder's game.json, or a game.json file itself (a downloaded
  // `/games/:id.json`, under any name).
  absl::StatusOr<json::value> root = ReadJson(folder ? dir / "game.json" : dir);
  if (!root.ok()) return root.status();
  json::object* top = root->if_object();
  json::value* game = top ? top->if_contains("game") : nullptr;
  if (game && game->is_object() && !game->get_object().contains("map")) {
    const fs::path path = !map_file.empty() ? fs::path(map_file)
                          : folder          ? dir / "map.json"
                                            : fs::path();
    if (!map_file.empty() || (folder && fs::exists(path, ec))) {
      absl::StatusOr<json::value> map = MapFromFile(path.string());
      if (!map.ok()) return map.status();
      game->get_object()["map"] = *std::move(map);
    }
  }
  if (folder && game && game->is_object()) {
    PlayerIdsFromMeta(dir, &game->get_object());
  }
  absl::StatusOr<std::string> page = BerlinReplayHtml(json::serialize(*root));
  if (!page.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(game_dir, ": ", page.status().message()));
  }
  return page;
}

absl::Status WriteBerlinReplayHtml(const std::string& game_dir,
                                   const std::string& map_file) {
  return WritePageInFolder(game_dir,
                           BerlinReplayHtmlForDir(game_dir, map_file));
}

int BerlinViewMain(int argc, char** argv) {
  std::string map_file, out_dir;
  Flags flags("berlin view", "GAME_DIR|FILE.json...",
              "Writes GAME_DIR/replay.html from GAME_DIR/game.json (the\n"
              "official replay shape), or FILE.html beside a game.json file\n"
              "(an official /games/:id.json as downloaded, under any name):\n"
              "the game as one self-contained page\n"
              "(no network) to open in any browser. Each turn shows\n"
              "states_pre, the moves, states_post and the spawns; space\n"
              "plays or pauses, left and right step, up and down go one\n"
              "turn. replay.html?round=T&step=K opens on turn T, step K\n"
              "(0 states_pre, 1 moves, 2 states_post, 3 spawns).\n"
              "A recording's meta.json names the players' AIs.");
  flags.String("map", &map_file, "FILE",
               "the map for a game.json without one (the 2013 replays): "
               "{\"map\":{...}} or a .map representation (default: "
               "GAME_DIR/map.json)");
  DeclareOutFlag(flags, &out_dir);
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) {
    return flags.Fail("needs at least one GAME_DIR or game.json file");
  }
  return WritePages(flags, "warlight berlin view", dirs, out_dir,
                    [&](const std::string& dir) {
                      return BerlinReplayHtmlForDir(dir, map_file);
                    });
}

}  // namespace wl::tools
