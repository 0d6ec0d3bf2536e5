// map_layout.h: where the replay page (replay_page.h) draws each region of
// a Warlight map: given positions (map.json's optional "x","y") fitted into
// a box, or, without them, a deterministic stress layout of the graph.
//
//   MapLayout layout = LayoutMap(map, std::nullopt);
//   auto [x, y] = layout.centers[region_id];   // in a width x height box
//
// Hand-written, not a library's: Debian's graph layout libraries (graphviz,
// OGDF) are heavy C/C++ dependencies for about 150 lines, and the page must
// stay one self-contained file, so the layout is computed here, once.
#ifndef WL_TOOLS_WL_COMMANDS_MAP_LAYOUT_H_
#define WL_TOOLS_WL_COMMANDS_MAP_LAYOUT_H_

#include <optional>
#include <utility>
#include <vector>

#include "map.h"

namespace wl::tools {

// Where the page draws each region: centres in a width x height box (the
// SVG viewBox), by region id (index 0 unused), and the circle radius.
struct MapLayout {
  double width = 0, height = 0, radius = 0;
  std::vector<std::pair<double, double>> centers;
};

// Fits `positions` (by region id, any scale; e.g. map.json's "x","y") into
// the box (wild values such as 1e308 are clamped to 5 times the spread of
// the others, non-finite ones ignored), or, when it is nullopt, computes a
// deterministic layout from the graph: stress majorization on path lengths
// where links inside a super region are shorter than links between them.
// Either way, regions closer than 2.4 radii are then pushed apart. The same
// map always gives the same layout.
MapLayout LayoutMap(
    const Map& map,
    const std::optional<std::vector<std::pair<double, double>>>& positions);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_MAP_LAYOUT_H_
