// bench_maps.h: where the benchmarks find their maps: maps/wl2/ of the
// source tree, which ships the two they use (maps/README.md).
//
//   std::string path = wl::bench::MapPath("example");  // or "largest"
//   if (path.empty()) state.SkipWithError("maps/wl2 is missing");
#ifndef WL_BENCH_BENCH_MAPS_H_
#define WL_BENCH_BENCH_MAPS_H_

#include <filesystem>
#include <string>

namespace wl::bench {

// "example": the official example map (64 regions); "largest": the real
// map with the most regions (90; no other real map has as many). "" when
// the file is missing.
inline std::string MapPath(const std::string& which) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(WL_SOURCE_DIR) / "maps" / "wl2";
  const fs::path path =
      dir /
      (which == "example" ? "example.json" : "550103d94b5ab22b98d5a28b.json");
  return fs::exists(path) ? path.string() : "";
}

}  // namespace wl::bench

#endif  // WL_BENCH_BENCH_MAPS_H_
