// berlin_replay_page.h: the Berlin replay page: one self-contained HTML file
// (the shell of tools/viewer/page.h with the script, style and markup of
// tools/berlin/web/) built from a game in the official replay shape
// (berlin §8: {"game":{..., "replay":{infos, turns}, "map":{id, name,
// representation}, "artificial_intelligences":[...]}}).
//
//   absl::StatusOr<std::string> html = wl::tools::BerlinReplayHtml(json);
//   if (html.ok()) WriteFileAtomically(dir + "/replay.html", *html);
//
// The page draws the map from the nodes' x/y (placed on a circle when a
// node has none): nodes coloured by owner with their soldier counts (which
// may be negative, berlin §5.6), types told apart (cities bigger, types
// with negative values dashed), paths as lines with arrow heads on one-way
// paths of a directed map (berlin §7). Each turn has four steps: states_pre,
// the moves as arrows with their counts coloured per player, states_post
// (nodes that changed owner ringed) and the spawns (berlin §5.8). Round 0 is
// the start: turn 1's states_pre, or the map's setup for a game of 0 turns
// (berlin §4.4). The side panel: per player nodes, soldiers and points at
// the current step, the turn's moves, charts of points and nodes per turn,
// and the result, scored by the rules core (berlin §6, sdk/berlin/rules.h).
// Controls, keys and ?round=R&step=K: tools/viewer/web/shell.js.
//
// Player names: the official shape does not say which AI played which id
// (berlin §8), so an entry of artificial_intelligences names a player only
// when it carries "player_id" (our referee writes it; `warlight berlin
// view` adds it from a recording's meta.json). Otherwise players are
// "player K" and the page lists the AIs apart.
//
// What the page holds, for tests: <script id="replay-data"> with the game
// object verbatim under "game" (tools/berlin/web/replay.js lists the other
// fields), and once drawn one <g class="nd" data-id data-owner data-soldiers>
// per node in <svg id="map">; body gets data-error if the script failed.
#ifndef WL_TOOLS_BERLIN_BERLIN_REPLAY_PAGE_H_
#define WL_TOOLS_BERLIN_BERLIN_REPLAY_PAGE_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"

namespace wl::tools {

// The largest game.json a page is made from (a 64-node map played for
// 10,000 turns fits).
inline constexpr size_t kMaxBerlinGameJsonBytes = size_t{256} << 20;
// The most turns a page shows.
inline constexpr int kMaxBerlinPageTurns = 100000;

// The page for a game.json text, or InvalidArgument naming what is wrong
// ("game.json: replay turn 3 states_post[2]: ..."): not JSON, no "map"
// (the September 2013 replays lack it: add it first), a turn missing, a
// state that does not list the map's nodes in order (berlin §3.3), a player
// or node id that does not exist, a count that is not an integer in int32.
absl::StatusOr<std::string> BerlinReplayHtml(const std::string& game_json);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_REPLAY_PAGE_H_
