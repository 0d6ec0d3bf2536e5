// colorfight_files.h: the folder of a Colorfight II game our server or arena
// played, and its result (colorfight §8: users ranked by gold).
//
//   // final_frame: the turn-max_turn frame; cfr: the replay's bytes as
//   // GET /gameroom/<room>/replay serves them (colorfight §9, gzip).
//   wl::tools::ColorfightResult result =
//       wl::tools::ColorfightResultOf(final_frame, seed, "warlight ...");
//   absl::Status s = wl::tools::WriteColorfightGameFolder("games/cf-1", cfr,
//                                                         result);
//
// The folder holds, each written whole (temporary file, then rename):
//  * replay.cfr: the replay bytes as given (gzip of the log JSON, §9), the
//    file the official site's viewer and `warlight colorfight view` read;
//  * result.json: {"game_id", "seed", "max_turn", "players",
//    "ranking_by_gold": [{"uid", "username", "gold", "energy",
//    "cell_number", "dead", "rank"}, ...], "command"}: the ranking in §8
//    order (gold descending, stable in registration order; dead users
//    included), rank 1 for the most gold and tied users sharing a rank;
//    meta.json of a recorded game (conformance/README.md) holds the same
//    ranking without "rank";
//  * replay.html: the replay page (colorfight_replay_page.h), made from
//    replay.cfr.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_FILES_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_FILES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "boost/json/fwd.hpp"
#include "sdk/colorfight/frame.h"

namespace wl::tools {

// One user of the final ranking (colorfight §8).
struct ColorfightRankedUser {
  int64_t uid = 0;
  std::string username;
  int64_t gold = 0;
  int64_t energy = 0;
  int64_t cell_number = 0;
  bool dead = false;
  int rank = 0;  // 1 + the number of users with more gold
};

struct ColorfightResult {
  std::string game_id;  // info.game_id: a string of digits
  int64_t seed = 0;
  int64_t max_turn = 0;
  int players = 0;  // users in the final frame
  std::vector<ColorfightRankedUser> ranking_by_gold;
  std::string command;  // how the game was run; "" writes none
};

// colorfight §8: `users` (in registration order, as a frame lists them)
// sorted by gold descending, stable; ranks as ColorfightRankedUser says.
std::vector<ColorfightRankedUser> ColorfightRanking(
    const std::vector<colorfight::FrameUser>& users);

// The result of a game from its final frame (game_id and max_turn from its
// info, players and ranking from its users).
ColorfightResult ColorfightResultOf(const colorfight::Frame& final_frame,
                                    int64_t seed, const std::string& command);

// A ranking as result.json's "ranking_by_gold" (and the replay page's
// data) has it: [{"uid", "username", "gold", "energy", "cell_number",
// "dead", "rank"}, ...].
boost::json::array ColorfightRankingJson(
    const std::vector<ColorfightRankedUser>& ranking);

// result.json's text (see above), ending in a newline.
std::string ColorfightResultJson(const ColorfightResult& result);

// Creates `dir` if needed and writes replay.cfr, result.json and
// replay.html. Fails with the first file that cannot be written, or with
// the page's error (replay.cfr not gzip, its log not §9's shape) after the
// other two are written.
absl::Status WriteColorfightGameFolder(const std::string& dir,
                                       const std::string& replay_cfr,
                                       const ColorfightResult& result);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_FILES_H_
