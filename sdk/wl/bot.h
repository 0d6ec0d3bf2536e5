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
#ifndef WL_BOT_H_
#define WL_BOT_H_

#include <vector>

#include "orders.h"
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
};

}  // namespace wl

#endif  // WL_BOT_H_
