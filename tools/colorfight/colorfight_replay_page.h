// colorfight_replay_page.h: the Colorfight II replay page: one
// self-contained HTML file (the shell of tools/viewer/page.h with the
// script, style and markup of tools/colorfight/web/) built from a replay's
// log (colorfight §9: the JSON inside a .cfr), and the reading of that log.
//
//   absl::StatusOr<std::string> log = wl::tools::GunzipColorfightReplay(cfr);
//   absl::StatusOr<std::string> html = wl::tools::ColorfightReplayHtml(*log);
//   if (html.ok()) WriteFileAtomically(dir + "/replay.html", *html);
//
// The page decodes the log in its script exactly as §9 "Decoding" says
// (a grid from log[0].game_map.data; each later entry overwrites the first
// len(D[y][x]) values of each cell; values indexed by log[0]'s headers) and
// shows one step per turn (round 0: the restart frame): the grid with
// cells coloured by owner, buildings with their level (home, well, mine,
// fort), homes ringed and force fields shaded; the side panel lists the
// users of the turn (gold, energy, cells, tech level, dead), charts gold
// and energy per user per turn, and gives the final ranking by gold (§8).
// Controls, keys and ?round=T: tools/viewer/web/shell.js.
//
// What the page holds, for tests: <script id="replay-data"> with the log
// verbatim under "log" and the ranking (ColorfightRankedUser fields) under
// "ranking"; once drawn one <rect class="cell" data-x data-y data-owner
// data-building> per cell of <svg id="map">, in row-major order (y outer),
// data-owner the uid (0 unowned), data-building the letter and level
// ("h2", "" for none); body gets data-error if the script failed.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_REPLAY_PAGE_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_REPLAY_PAGE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "boost/json.hpp"

namespace wl::tools {

// The largest .cfr read (the recorded 500-turn games take 0.5 MB).
inline constexpr size_t kMaxColorfightReplayBytes = size_t{64} << 20;
// The largest log a .cfr may inflate to (the recorded ones: 3 MB).
inline constexpr size_t kMaxColorfightLogBytes = size_t{256} << 20;
// The most log entries a page shows (turns + 1).
inline constexpr size_t kMaxColorfightPageEntries = 100001;

// The log JSON of a .cfr's bytes (gzip, §9), or DataLoss naming what is
// wrong: empty (the server serves nothing at turn 0, §9), not gzip, cut
// short, or more than kMaxColorfightLogBytes inflated.
absl::StatusOr<std::string> GunzipColorfightReplay(std::string_view cfr);

// The log parsed and checked against §9's shape, or InvalidArgument naming
// the first fault ("replay log[12].game_map.data[3][7]: ..."): not JSON,
// not a non-empty array, log[0] without info (width, height, max_turn),
// game_map.headers naming owner, building and the other §3.2 headers, or
// data not height rows of width full cells; an entry t >= 1 whose "turn" is
// not t, whose users are not uid-keyed objects with the fields the page
// reads (uid, username, gold, energy, dead, tech_level, cell_number), or
// whose data cells are longer than the headers; a value of the wrong type
// for its header.
absl::StatusOr<boost::json::array> ParseColorfightReplayLog(
    std::string_view log_json);

// game_map.data after entry t of a checked log (§9 Decoding): data[y][x]
// with every header's value.
boost::json::array DecodeColorfightGrid(const boost::json::array& log,
                                        size_t t);

// The page for a log's JSON text; the errors of ParseColorfightReplayLog.
absl::StatusOr<std::string> ColorfightReplayHtml(const std::string& log_json);

// The page for a .cfr's bytes; errors start with `name` (the file's path):
// "games/x/replay.cfr is not gzip (colorfight §9)", "games/x/replay.cfr:
// replay log[3]: ...".
absl::StatusOr<std::string> ColorfightReplayHtmlOfCfr(std::string_view cfr,
                                                      const std::string& name);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_REPLAY_PAGE_H_
