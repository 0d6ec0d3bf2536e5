// bot.h: the interface a bot implements; the runner calls it.
//
// Each method answers one engine request and may take as long as the time
// bank allows (view.Timebank() ms at the moment of the request). The runner
// checks the answer before writing it (see runner.h), so a bot that returns
// an unknown region or too many moves gets a clean line, not a parse error.
//
//   class MyBot : public wl::Bot {
//    public:
//     int PickStartingRegion(const wl::View& view) override {
//       return view.PickableRegions().front();
//     }
//     std::vector<wl::Move> PlaceArmies(const wl::View& view) override {...}
//     std::vector<wl::Move> AttackTransfer(const wl::View& view) override {...}
//   };
//
// WL1 (TraitsOf(view.Rules()).draft_as_list) asks for the whole draft at once:
// PickStartingRegions returns the candidates in order of preference. Its
// default asks PickStartingRegion once per preference, so every bot plays
// WL1 with its own order; override it to do better (WL1 gives each player
// 3 regions, equal preferences go to a coin: wl1 §4.5).
#ifndef WL_BOT_H_
#define WL_BOT_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "orders.h"
#include "protocol.h"
#include "view.h"

namespace wl {

class Bot {
 public:
  virtual ~Bot() = default;
  // "pick_starting_region": one of view.PickableRegions().
  virtual int PickStartingRegion(const View& view) = 0;
  // "go place_armies": placements (Move::Place) of up to view.Income().
  virtual std::vector<Move> PlaceArmies(const View& view) = 0;
  // "go attack/transfer": Move::AttackTransfer moves. The View already
  // includes this round's own placements.
  virtual std::vector<Move> AttackTransfer(const View& view) = 0;

  // WL1 "pick_starting_regions" (wl1 §4.2): view.PickableRegions() in order
  // of preference, best first; the runner sends the first
  // kPreferredRegionCount valid ones (and completes a short list).
  //
  // The default asks PickStartingRegion kPreferredRegionCount times, on a
  // copy of the View whose PickableRegions() loses each answer in turn and
  // whose Timebank() is what is left of the request's time when it asks
  // (a bot that spends a share of its bank per pick stays in time). An
  // answer that is not pickable ends the list there.
  virtual std::vector<int> PickStartingRegions(const View& view) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<int> open = view.PickableRegions();
    std::vector<int> order;
    View asked = view;
    while (!open.empty() &&
           static_cast<int>(order.size()) < kPreferredRegionCount) {
      const int64_t spent =
          std::chrono::duration_cast<std::chrono::milliseconds>(
              std::chrono::steady_clock::now() - start)
              .count();
      asked.Apply(msg::PickStartingRegion{
          std::max<int64_t>(view.Timebank() - spent, 0), open});
      const int pick = PickStartingRegion(asked);
      auto it = std::find(open.begin(), open.end(), pick);
      if (it == open.end()) break;
      order.push_back(pick);
      open.erase(it);
    }
    return order;
  }
};

}  // namespace wl

#endif  // WL_BOT_H_
