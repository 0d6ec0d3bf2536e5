// map_json.h: the official JSON map format (spec section 2), read strictly.
//
//   absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile("maps/x.json");
//   if (!map.ok()) { std::cerr << map.status().message() << "\n"; }
//
// Regions are created in file order (super-region member order), then linked
// in file order (adjacency insertion order), as the official engine does.
// Unlike the engine, a malformed map is rejected with a one-line reason: not
// JSON, missing or mistyped keys, numbers that do not fit an int (however
// large), duplicate ids, ids with gaps, unknown neighbours or super regions,
// a bonus outside 0..kMaxBonus (map.h), an empty super region, a
// disconnected map.
#ifndef WL_TOOLS_WL_MAP_JSON_H_
#define WL_TOOLS_WL_MAP_JSON_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/files.h"
#include "map.h"

namespace wl::tools {

absl::StatusOr<Map> ParseMapJson(std::string_view text);
absl::StatusOr<Map> LoadMapFile(const std::string& path);

// Reads the file at `path` and parses its text with `parse` (a function of
// std::string_view returning absl::StatusOr<T>); errors name the file.
// LoadMapFile is LoadMapFileWith(path, ParseMapJson).
template <typename Parse>
auto LoadMapFileWith(const std::string& path, Parse parse)
    -> decltype(parse(std::string_view())) {
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (absl::IsNotFound(text.status())) {
    return absl::NotFoundError("cannot open map " + path);
  }
  if (!text.ok()) return text.status();  // not a regular file, too large
  auto map = parse(*text);
  if (!map.ok()) {
    return absl::InvalidArgumentError(path + ": " +
                                      std::string(map.status().message()));
  }
  return map;
}

// The map in the official JSON format, regions in id order, each listing its
// whole adjacency list. Reading it back gives the same regions, bonuses and
// links; member and adjacency orders become those of the id-ordered file.
std::string MapToJson(const Map& map);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_MAP_JSON_H_
