// game_files.h: the files around Warlight games: a folder's map pool, a
// game's map (from a file or generated from the seed), result.json, and
// the harness's files of a finished game (what `warlight match` writes but
// the replay page, which wl/commands/ adds: the harness knows no viewer).
//
//   absl::StatusOr<std::vector<std::string>> maps =
//       wl::tools::ListMapFiles("../shared/maps/real");
//   if (!maps.ok()) { std::cerr << maps.status().message() << "\n"; }
//
//   absl::StatusOr<GameMap> map = wl::tools::LoadGameMap("", seed, 0);
//   GameRecord record = PlayGame(map->map, seed, p1, p2);
//   absl::Status s = wl::tools::WriteGameFolder(
//       "games/x", record, map->json,
//       ResultJson(record, seed, map_name, bot1, bot2, command));
#ifndef WL_TOOLS_WL_GAME_FILES_H_
#define WL_TOOLS_WL_GAME_FILES_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "map.h"
#include "rule_set.h"
#include "wl/engine.h"

namespace wl::tools {

// The *.json files of a folder, sorted, each checked to be a valid map.
// Fails (one-line message) when the folder cannot be read, holds no *.json
// file, or one of them is not a valid map.
absl::StatusOr<std::vector<std::string>> ListMapFiles(const std::string& dir);

// A game's map and its JSON for map.json.
struct GameMap {
  Map map;
  std::string json;  // a file's own text (its order kept), or generated
  // Dingle's maps (LoadRulesMap): the region names of its messages, by id.
  std::vector<std::string> names;
};

// The map of `file` (official JSON), or with `file` "" the map generated
// from `seed` with `regions` regions (0: like the real maps; mapgen.h).
// `file` may also name a built-in earth map (EarthMapName). Fails with a
// one-line message.
absl::StatusOr<GameMap> LoadGameMap(const std::string& file, uint64_t seed,
                                    int64_t regions);

// The fixed earth maps that WL1 and Dingle play, built into the tool from
// maps/wl1_earth.json and maps/dingle_earth.json (tools/wl/earth_maps.cmake),
// so that they are found from any directory. WL2 has none: "" for kWl2.
//   "wl1-earth", "dingle-earth": the names result files and --map use.
std::string EarthMapName(RuleSet rules);
// The file's text as built in; "" for kWl2.
std::string_view EarthMapJson(RuleSet rules);

// The map a game under `rules` plays: for WL2 as LoadGameMap; for WL1 and
// Dingle `file` "" (or the rule set's EarthMapName) is the built-in earth
// map, any other file is read as LoadGameMap reads it, except that a
// Dingle map keeps every adjacency list exactly as written (dingle §2,
// dingle_engine.h's LoadDingleMap) and its region names.
absl::StatusOr<GameMap> LoadRulesMap(RuleSet rules, const std::string& file,
                                     uint64_t seed, int64_t regions);

// result.json of a finished game (one line). `map_name` is what it says of
// the map, `command` the tool that played it ("warlight match ..."),
// `rules` the rule set ("rules": "wl2", ...; `warlight view` reads it) and
// `starts` Dingle's starts ("default", "warlords", "manual"; written only
// when not "").
std::string ResultJson(const GameRecord& record, int64_t seed,
                       const std::string& map_name, const std::string& bot1,
                       const std::string& bot2, const std::string& command,
                       RuleSet rules = RuleSet::kWl2,
                       const std::string& starts = "");

// Creates `dir` if needed and writes dump_player1.txt, dump_player2.txt,
// replay.txt, map.json, result.json and, for Dingle's games, trace.jsonl
// (GameRecord::trace) into it, each whole (temporary file, then rename).
// Fails with the first file that cannot be written.
absl::Status WriteGameFolder(const std::string& dir, const GameRecord& record,
                             const std::string& map_json,
                             const std::string& result_json);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_GAME_FILES_H_
