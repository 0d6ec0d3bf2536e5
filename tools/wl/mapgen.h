// mapgen.h: the built-in map generator of the `warlight` tool, making maps
// shaped like the 450 real competition maps (../shared/maps/real).
//
// A map is a planar neighbour graph: regions are points scattered in a
// rectangle with variable spacing (big and small regions), linked by a
// greedy planar triangulation that is then thinned to the real maps' degree
// distribution; super regions are connected clusters of 2 to 7 neighbouring
// regions (mostly 3 to 6) with bonuses drawn from the real maps' bonus given
// size (size minus 0 to 2, sometimes 3; zero only for two regions). The
// same seed gives the same map on every platform: all randomness comes from
// wl::FastRandom through integer-exact helpers, and positions use only
// correctly rounded arithmetic.
//
//   wl::tools::MapgenOptions options;
//   options.seed = 42;
//   options.regions = 0;  // 0: drawn like the real maps (19..90)
//   absl::StatusOr<wl::tools::GeneratedMap> g =
//       wl::tools::GenerateMap(options);
//   if (!g.ok()) { std::cerr << g.status().message() << "\n"; }
//   std::string json = wl::tools::GeneratedMapToJson(*g);
//
// On the command line: `warlight mapgen --seed 42 --regions 60 --out m.json`.
// Maps are for the WL2 rule set: `--rules wl1` or `dingle` is refused (they
// play their fixed earth maps, game_files.h's EarthMapJson).
#ifndef WL_TOOLS_WL_MAPGEN_H_
#define WL_TOOLS_WL_MAPGEN_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "map.h"

namespace wl::tools {

// Fewest and most regions GenerateMap accepts for MapgenOptions::regions.
// The real maps have 19 to 90; down to 10 and up to the sdk's largest
// region id still give valid maps of the same texture.
constexpr int kMapgenMinRegions = 10;
constexpr int kMapgenMaxRegions = kMaxRegionId;

struct MapgenOptions {
  uint64_t seed = 1;
  // Number of regions, kMapgenMinRegions..kMapgenMaxRegions; 0 draws it
  // from the real maps' distribution (19..90, median about 56).
  int regions = 0;
};

struct GeneratedMap {
  Map map;
  // Where each region sits, by region id (index 0 unused), in [0,1]x[0,1]
  // (y grows downwards, as on a screen), rounded to 1e-4: for a viewer.
  std::vector<std::pair<double, double>> positions;
};

// A map for these options, identical for the same options everywhere. Fails
// (InvalidArgument) only when options.regions is out of range.
absl::StatusOr<GeneratedMap> GenerateMap(const MapgenOptions& options);

// The map in the official JSON format (spec section 2), one element per
// line: {"SuperRegions":[{"id":1,"bonus":3},...],"Regions":[{"id":1,
// "superRegion":1,"neighbors":[4,2],"x":0.1234,"y":0.5},...]}. Like the
// real map files, each region lists its higher-id neighbours, in adjacency
// order, so ParseMapJson gives back exactly g.map (same member and
// adjacency orders); "x" and "y" are extra keys the engine ignores.
std::string GeneratedMapToJson(const GeneratedMap& g);

// `warlight mapgen [--seed S] [--regions N] [--out FILE]`: writes a
// generated map's JSON to FILE (whole: temporary file, then rename) or to
// stdout. argv holds the arguments after "mapgen". Returns the exit status:
// 0, or 2 on a bad flag (one line on stderr), 1 if FILE cannot be written.
int MapgenMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_MAPGEN_H_
