#include "colorfight/colorfight_files.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "colorfight/colorfight_replay_page.h"
#include "common/files.h"
#include "common/json.h"

namespace wl::tools {

namespace json = boost::json;

std::vector<ColorfightRankedUser> ColorfightRanking(
    const std::vector<colorfight::FrameUser>& users) {
  std::vector<ColorfightRankedUser> ranking;
  for (const colorfight::FrameUser& u : users) {
    ranking.push_back(ColorfightRankedUser{u.uid, u.username, u.gold, u.energy,
                                           u.cell_number, u.dead, 0});
  }
  // colorfight §8: gold descending, stable (ties keep registration order).
  std::stable_sort(
      ranking.begin(), ranking.end(),
      [](const ColorfightRankedUser& a, const ColorfightRankedUser& b) {
        return a.gold > b.gold;
      });
  for (size_t i = 0; i < ranking.size(); ++i) {
    const bool tied = i > 0 && ranking[i].gold == ranking[i - 1].gold;
    ranking[i].rank = tied ? ranking[i - 1].rank : static_cast<int>(i) + 1;
  }
  return ranking;
}

ColorfightResult ColorfightResultOf(const colorfight::Frame& final_frame,
                                    int64_t seed, const std::string& command) {
  ColorfightResult result;
  result.game_id = final_frame.info.game_id;
  result.seed = seed;
  result.max_turn = final_frame.info.max_turn;
  result.players = static_cast<int>(final_frame.users.size());
  result.ranking_by_gold = ColorfightRanking(final_frame.users);
  result.command = command;
  return result;
}

json::array ColorfightRankingJson(
    const std::vector<ColorfightRankedUser>& ranking) {
  json::array out;
  for (const ColorfightRankedUser& r : ranking) {
    out.push_back(json::object{{"uid", r.uid},
                               {"username", r.username},
                               {"gold", r.gold},
                               {"energy", r.energy},
                               {"cell_number", r.cell_number},
                               {"dead", r.dead},
                               {"rank", r.rank}});
  }
  return out;
}

std::string ColorfightResultJson(const ColorfightResult& result) {
  json::object out{
      {"game_id", result.game_id},
      {"seed", result.seed},
      {"max_turn", result.max_turn},
      {"players", result.players},
      {"ranking_by_gold", ColorfightRankingJson(result.ranking_by_gold)}};
  if (!result.command.empty()) out["command"] = result.command;
  return PlainJson(out) + "\n";
}

absl::Status WriteColorfightGameFolder(const std::string& dir,
                                       const std::string& replay_cfr,
                                       const ColorfightResult& result) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) {
    return absl::UnavailableError("cannot create " + dir + ": " + ec.message());
  }
  const fs::path folder(dir);
  const std::pair<const char*, const std::string> files[] = {
      {"replay.cfr", replay_cfr},
      {"result.json", ColorfightResultJson(result)}};
  for (const auto& [name, text] : files) {
    absl::Status written = WriteFileAtomically((folder / name).string(), text);
    if (!written.ok()) return written;
  }
  absl::StatusOr<std::string> html =
      ColorfightReplayHtmlOfCfr(replay_cfr, (folder / "replay.cfr").string());
  if (!html.ok()) return html.status();
  return WriteFileAtomically((folder / "replay.html").string(), *html);
}

}  // namespace wl::tools
