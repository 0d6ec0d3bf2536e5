// engine_lines.h: the lines the official engine sends for a map and a
// position (spec section 3), and the View a bot would have built from them.
// For harnesses, and for tests and benchmarks of a bot in a given position.
//
//   wl::Game game(map);
//   wl::State s = ...;                         // any position
//   wl::View view = wl::ViewOfPosition(game, s, wl::Player::kPlayer1);
//   std::vector<wl::Move> placements = my_bot.PlaceArmies(view);
//
//   wl::View draft = wl::ViewOfDraft(map, me, wastelands, candidates, 4);
//   for (const std::string& line : wl::SetupMapLines(map)) Send(line);
#ifndef WL_ENGINE_LINES_H_
#define WL_ENGINE_LINES_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "map.h"
#include "player.h"
#include "protocol.h"
#include "rules.h"
#include "state.h"
#include "view.h"

namespace wl {

// " 1 2 3": each id after a space (the engine's list format).
inline std::string JoinIds(const std::vector<int>& ids) {
  std::string out;
  for (int id : ids) {
    out += ' ';
    out += std::to_string(id);
  }
  return out;
}

// The three setup_map lines of `map` (spec section 3, lines 6 to 8): super
// regions and regions by id, then each link once, under its lower id, in
// adjacency order.
inline std::vector<std::string> SetupMapLines(const Map& map) {
  std::string supers = "setup_map super_regions";
  for (const Map::SuperRegion& s : map.SuperRegions()) {
    supers += ' ' + std::to_string(s.id) + ' ' + std::to_string(s.bonus);
  }
  std::string regions = "setup_map regions";
  for (int r : map.RegionIds()) {
    regions +=
        ' ' + std::to_string(r) + ' ' + std::to_string(map.SuperRegionOf(r));
  }
  std::string neighbors = "setup_map neighbors";
  for (int r : map.RegionIds()) {
    std::string list;
    for (int n : map.Neighbors(r)) {
      if (n <= r) continue;
      if (!list.empty()) list += ',';
      list += std::to_string(n);
    }
    if (!list.empty()) neighbors += ' ' + std::to_string(r) + ' ' + list;
  }
  return {supers, regions, neighbors};
}

// `p`'s update_map line for `s` (spec section 3 line 15, section 7: the
// visible regions in the engine's order). `order` is scratch space.
inline std::string UpdateMapLine(const Game& game, const State& s, Player p,
                                 std::vector<int>& order) {
  std::string line = "update_map";
  game.VisibleOrder(s, p, order);
  for (int r : order) {
    line += ' ' + std::to_string(r) + ' ' +
            std::string(PlayerName(s.Owner(r))) + ' ' +
            std::to_string(s.armies[r]);
  }
  return line;
}

// The View `me` has at the start of a draft on `map`, before its first pick
// request: the settings, the map, the wastelands, the candidates and the
// pick count (spec section 3, lines 1 to 11). Then apply
// "pick_starting_region <bank> <ids>" for each request.
inline View ViewOfDraft(const Map& map, Player me,
                        const std::vector<int>& wastelands,
                        const std::vector<int>& candidates, int pick_amount) {
  View view;
  std::vector<std::string> lines = {
      "settings your_bot " + std::string(PlayerName(me)),
      "settings opponent_bot " + std::string(PlayerName(Opponent(me))),
      "settings max_rounds " + std::to_string(Game(map).MaxRounds())};
  for (std::string& line : SetupMapLines(map)) lines.push_back(std::move(line));
  lines.push_back("setup_map wastelands" + JoinIds(wastelands));
  lines.push_back("settings starting_regions" + JoinIds(candidates));
  lines.push_back("settings starting_pick_amount " +
                  std::to_string(pick_amount));
  for (const std::string& line : lines) view.Apply(Parse(line));
  return view;
}

// The View `me` has of position `s` when asked to place armies with
// `bank_ms` in its bank, built from the engine's lines as the runner
// builds it: the settings, the map, this round's income, the update_map,
// no opponent moves. Memory of earlier rounds is empty: what is not
// visible is as the setup left it.
inline View ViewOfPosition(const Game& game, const State& s, Player me,
                           int64_t bank_ms = 10000) {
  View view;
  std::vector<std::string> lines = {
      "settings your_bot " + std::string(PlayerName(me)),
      "settings opponent_bot " + std::string(PlayerName(Opponent(me))),
      "settings max_rounds " + std::to_string(game.MaxRounds())};
  for (std::string& line : SetupMapLines(game.GetMap())) {
    lines.push_back(std::move(line));
  }
  std::vector<int> order;
  lines.push_back("settings starting_armies " +
                  std::to_string(game.Income(s, me)));
  lines.push_back(UpdateMapLine(game, s, me, order));
  lines.push_back("opponent_moves");
  lines.push_back("go place_armies " + std::to_string(bank_ms));
  for (const std::string& line : lines) view.Apply(Parse(line));
  return view;
}

}  // namespace wl

#endif  // WL_ENGINE_LINES_H_
