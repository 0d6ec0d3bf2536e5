// bench_maps.h: where the benchmarks find their maps: ../shared/maps next to
// the source tree, or $WL_SHARED/maps. Without them, cases skip.
//
//   std::string path = wl::bench::MapPath("example");  // or "largest"
//   if (path.empty()) state.SkipWithError("../shared/maps is absent");
#ifndef WL_BENCH_BENCH_MAPS_H_
#define WL_BENCH_BENCH_MAPS_H_

#include <cstdlib>
#include <filesystem>
#include <string>

#include "wl/map_json.h"

namespace wl::bench {

inline std::filesystem::path MapsDir() {
  if (const char* env = std::getenv("WL_SHARED")) {
    return std::filesystem::path(env) / "maps";
  }
  return std::filesystem::path(WL_SHARED_DIR) / "maps";
}

// "example": the official example map (64 regions); "largest": the real
// map with the most regions (90). "" when the maps are absent.
inline std::string MapPath(const std::string& which) {
  namespace fs = std::filesystem;
  if (which == "example") {
    fs::path path = MapsDir() / "example.json";
    return fs::exists(path) ? path.string() : "";
  }
  std::string largest;
  int most = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(MapsDir() / "real", ec)) {
    absl::StatusOr<Map> m = tools::LoadMapFile(e.path().string());
    if (m.ok() && m->RegionCount() > most) {
      most = m->RegionCount();
      largest = e.path().string();
    }
  }
  return largest;
}

}  // namespace wl::bench

#endif  // WL_BENCH_BENCH_MAPS_H_
