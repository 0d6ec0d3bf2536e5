// viewer.h: the replay viewer: one self-contained HTML page per game
// (inline CSS, JS and SVG; no network), written next to the game's files.
//
//   absl::Status s = wl::tools::WriteReplayHtml("games/20250101-seed42");
//   // -> games/20250101-seed42/replay.html; open it in any browser
//
// On the command line: `warlight view GAME_DIR...` (re)writes the pages;
// `--out DIR` writes them elsewhere (DIR/<folder name>.html).
//
// The page is built from the game folder that `warlight match` and the
// arena's kept games write: replay.txt (required; its three histories, spec
// section 11), map.json (required; official JSON, with optional per-region
// "x","y" positions, any scale, as generated maps carry), result.json and
// the two dumps (optional; bots, result, parse errors). An official
// recording as stored (../shared/conformance/gNNN) works too: replay.txt.gz
// instead of replay.txt, and meta.json naming the map (looked up as
// `warlight verify` does, in maps_dir or GAME_DIR/../../maps) and giving
// the bots' labels, the seed and the winner. Without positions the regions
// are placed once, here, by a deterministic stress layout that pulls each
// super region together.
//
// Hostile input is refused with one line, in bounded time and memory: a
// replay over kMaxReplayBytes (verify.h), a round past the map's last
// round or with more than 1000 moves, a region with more armies than a game
// can reach (kMaxBonus, map.h).
//
// The page shows the map as a graph (super regions as tinted blobs with
// their bonus, wastelands ringed), regions coloured by owner with their
// armies; a round slider, play/pause and stepping by replay event; the three
// views (full, player1's fog, player2's fog); the round's moves with illegal
// moves and parse errors marked; a chart of regions, armies and income; and
// the result. Keys: space play/pause, left/right one step, up/down one round,
// home/end, `v` cycles the view, +/- speed. URL parameters select what is
// shown on load: replay.html?round=12&step=3&view=1 (view 0 full, 1 and 2
// the players' views, or full/player1/player2; step 0 is the start of the
// round, step k the state after its k-th event in that view, -1 its end).
//
// What is shown is also in the DOM, for tests: #round (the round number),
// #view (full|player1|player2), #step ("k/n"), #event (the current event
// line), and one <g class="rg" data-id data-owner data-armies> per region
// (owner neutral|player1|player2|unknown; armies "" when unknown), whose
// <text class="a"> shows the armies.
#ifndef WL_TOOLS_VIEWER_VIEWER_H_
#define WL_TOOLS_VIEWER_VIEWER_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "map.h"

namespace wl::tools {

// The texts a page is built from; optional ones may be empty.
struct ReplayFiles {
  std::string replay;    // replay.txt
  std::string map_json;  // map.json
  std::string result;    // result.json (optional)
  std::string dump[2];   // dump_player1.txt, dump_player2.txt (optional)
};

// The page for these files, or InvalidArgument naming the file, line and
// what is wrong.
absl::StatusOr<std::string> ReplayHtmlFromFiles(const ReplayFiles& files);

// The page for a game folder (either kind above). maps_dir: where the map
// that a meta.json names is; "" means GAME_DIR/../../maps.
absl::StatusOr<std::string> ReplayHtml(const std::string& game_dir,
                                       const std::string& maps_dir = "");

// Writes <game_dir>/replay.html whole (temporary file, then rename).
absl::Status WriteReplayHtml(const std::string& game_dir);

// Where the page draws each region: centres in a width x height box (the
// SVG viewBox), by region id (index 0 unused), and the circle radius.
struct MapLayout {
  double width = 0, height = 0, radius = 0;
  std::vector<std::pair<double, double>> centers;
};

// Fits `positions` (by region id, any scale; e.g. map.json's "x","y") into
// the box (wild values such as 1e308 are clamped to 5 times the spread of
// the others, non-finite ones ignored), or, when it is nullopt, computes a
// deterministic layout from the
// graph: stress majorization on path lengths where links inside a super
// region are shorter than links between them. Either way, regions closer
// than 2.4 radii are then pushed apart. The same map always gives the same
// layout.
MapLayout LayoutMap(
    const Map& map,
    const std::optional<std::vector<std::pair<double, double>>>& positions);

// `warlight view GAME_DIR... [--maps DIR] [--out DIR]`: (re)writes each
// folder's replay.html. argv holds the arguments after "view". Returns 0, 2
// on bad flags or a folder that cannot be read or parsed (one line on
// stderr, recorded text escaped), 1 if a page cannot be written.
int ViewMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_VIEWER_VIEWER_H_
