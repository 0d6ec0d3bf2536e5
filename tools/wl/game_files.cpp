#include "wl/game_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "boost/json.hpp"
#include "common/files.h"
#include "wl/map_json.h"
#include "wl/mapgen.h"
#include "wl/verify.h"

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

absl::StatusOr<GameMap> LoadGameMap(const std::string& file, uint64_t seed,
                                    int64_t regions) {
  GameMap game_map;
  if (!file.empty()) {
    absl::StatusOr<Map> loaded = LoadMapFile(file);
    if (!loaded.ok()) return loaded.status();
    game_map.map = *std::move(loaded);
    game_map.json = ReadFileToString(file).value_or(MapToJson(game_map.map));
    return game_map;
  }
  MapgenOptions options;
  options.seed = seed;
  options.regions = static_cast<int>(regions);
  absl::StatusOr<GeneratedMap> generated = GenerateMap(options);
  if (!generated.ok()) return generated.status();
  game_map.json = GeneratedMapToJson(*generated);
  game_map.map = std::move(generated->map);
  return game_map;
}

std::string ResultJson(const GameRecord& record, int64_t seed,
                       const std::string& map_name, const std::string& bot1,
                       const std::string& bot2, const std::string& command) {
  boost::json::array players;
  const std::string bots[2] = {bot1, bot2};
  for (int i = 0; i < 2; ++i) {
    const SeatStats& s = record.stats[i];
    players.push_back(
        boost::json::object{{"name", i == 0 ? "player1" : "player2"},
                            {"bot", bots[i]},
                            {"timeouts", s.timeouts},
                            {"killed", s.killed},
                            {"illegal_moves", s.illegal_moves},
                            {"rejected_moves", s.rejected_moves},
                            {"failed_moves", s.failed_moves},
                            {"parse_errors", s.parse_errors},
                            {"time_used_ms", s.time_used_ms},
                            {"crashed", s.crashed},
                            {"crash_round", s.crash_round},
                            {"crash", s.crash}});
  }
  boost::json::object result{{"seed", seed},
                             {"map", map_name},
                             {"winner", WinnerName(record.outcome)},
                             {"rounds", record.rounds},
                             {"players", players},
                             {"command", command}};
  return boost::json::serialize(result) + "\n";
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
  return absl::OkStatus();
}

}  // namespace wl::tools
