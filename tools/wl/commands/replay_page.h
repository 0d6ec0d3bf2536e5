// replay_page.h: the Warlight 2 replay page: one self-contained HTML file
// (the shell of tools/viewer/page.h with the map of map_svg.h and the
// script and style of tools/wl/web/) built from the texts of a game folder.
//
//   ReplayFiles files;
//   files.replay = ...;     // replay.txt
//   files.map_json = ...;   // map.json
//   absl::StatusOr<std::string> html = ReplayHtmlFromFiles(files);
//
// Each rule set's replays (README "The three rule sets"): WL2's (spec
// section 11: the candidates line, round 0 with the draft); WL1's (wl1
// §13.2: no candidates, no round 0, the players' views fogged from the first
// map: the page's round 0 is the map after the draft; WL1's dumps glue the
// engine's messages to the next line); Dingle's (the WL format written by
// dingle_engine.h, every view unfogged: the page says so). The rule set
// comes from ReplayFiles::rules or result.json; a WL2 page is byte for byte
// the one it was before rule sets (tools/wl/web/rules.js is added only to
// the others).
//
// replay.txt holds three histories (spec section 11); map.json is official
// JSON, with optional per-region "x","y" positions (any scale, as generated
// maps carry; without them the regions are placed by map_layout.h);
// result.json and the two dumps add the bots, the result and the parse
// errors. What the page's data holds: tools/wl/web/replay.js.
//
// Hostile input is refused with one line, in bounded time and memory: a
// round past the map's last round or with more than 1000 moves, a region
// with more armies than a game can reach (kMaxBonus, map.h). The folder
// reading (and its size bound, kMaxReplayBytes) is view.h's.
//
// The page shows the map as a graph (super regions as tinted blobs with
// their bonus, wastelands ringed), regions coloured by owner with their
// armies; a round slider, play/pause and stepping by replay event; the three
// views (full, player1's fog, player2's fog); the round's moves with illegal
// moves and parse errors marked; a chart of regions, armies and income; and
// the result. Keys and URL parameters: tools/viewer/web/shell.js
// (replay.html?round=12&step=3&view=1; view 0 full, 1 and 2 the players'
// views, or full/player1/player2; step 0 is the start of the round, step k
// the state after its k-th event in that view, -1 its end).
//
// What is shown is also in the DOM, for tests: #round (the round number),
// #view (full|player1|player2), #step ("k/n"), #event (the current event
// line), and one <g class="rg" data-id data-owner data-armies> per region
// (owner neutral|player1|player2|unknown; armies "" when unknown), whose
// <text class="a"> shows the armies.
#ifndef WL_TOOLS_WL_COMMANDS_REPLAY_PAGE_H_
#define WL_TOOLS_WL_COMMANDS_REPLAY_PAGE_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "rule_set.h"

namespace wl::tools {

// The texts a page is built from; optional ones may be empty.
struct ReplayFiles {
  std::string replay;    // replay.txt
  std::string map_json;  // map.json
  std::string result;    // result.json (optional)
  std::string dump[2];   // dump_player1.txt, dump_player2.txt (optional)
  // The rule set, when known otherwise (a recording's meta.json); else
  // result.json's "rules", else WL1 for a replay without round 0, else WL2.
  std::optional<RuleSet> rules;
};

// The page for these files, or InvalidArgument naming the file, line and
// what is wrong.
absl::StatusOr<std::string> ReplayHtmlFromFiles(const ReplayFiles& files);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_REPLAY_PAGE_H_
