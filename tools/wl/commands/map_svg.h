// map_svg.h: the Warlight map as the replay page's board: one
// <svg id="map" data-r="RADIUS"> with the super regions as tinted blobs
// with their bonus, the links, and per region a
// <g class="rg" id="rID" data-id data-owner data-armies> (a circle, the
// armies' <text class="a"> that the page's script fills, the id), plus the
// overlay that marks the current move (#spot, #arrow, #tag). Its style is
// tools/wl/web/replay.css.
//
//   std::string svg = MapSvg(map, LayoutMap(map, std::nullopt), {3, 7});
#ifndef WL_TOOLS_WL_COMMANDS_MAP_SVG_H_
#define WL_TOOLS_WL_COMMANDS_MAP_SVG_H_

#include <string>
#include <vector>

#include "map.h"
#include "wl/commands/map_layout.h"

namespace wl::tools {

// The board for `map` drawn at `layout`; `wastelands` (region ids) are
// ringed.
std::string MapSvg(const Map& map, const MapLayout& layout,
                   const std::vector<int>& wastelands);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_MAP_SVG_H_
