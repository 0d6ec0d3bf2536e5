// random_bot.h: a bot that plays uniformly random legal orders.
//
// It picks a random candidate, places all its income on 1 to 3 random owned
// regions, and sends each owned region's spare armies, with probability
// 1/2, in a random number to a random neighbour. Deterministic given its
// seed. It is the weakest sensible opponent, and the test suite's fuzzer.
#ifndef RANDOM_BOT_H_
#define RANDOM_BOT_H_

#include <cstdint>
#include <vector>

#include "bot.h"
#include "java_random.h"
#include "view.h"

class RandomBot : public wl::Bot {
 public:
  explicit RandomBot(uint64_t seed = 1) : rng_(seed) {}

  int PickStartingRegion(const wl::View& view) override {
    const std::vector<int>& pickable = view.PickableRegions();
    if (pickable.empty()) return 0;  // the runner never asks then
    return pickable[Index(static_cast<int>(pickable.size()))];
  }

  std::vector<wl::Move> PlaceArmies(const wl::View& view) override {
    std::vector<wl::Move> moves;
    wl::RegionSet owned = view.Owned();
    int left = view.Income();
    if (owned.Empty() || left <= 0) return moves;
    const int pieces = 1 + Index(3);
    for (int i = 0; i < pieces && left > 0; ++i) {
      int armies = i + 1 == pieces ? left : 1 + Index(left);
      left -= armies;
      moves.push_back(wl::Move::Place(owned.Nth(Index(owned.Count())), armies));
    }
    return moves;
  }

  std::vector<wl::Move> AttackTransfer(const wl::View& view) override {
    std::vector<wl::Move> moves;
    for (int r : view.Owned()) {
      const int spare = view.Armies(r) - 1;
      if (spare < 1 || Index(2) == 0) continue;
      const std::vector<int>& nbs = view.GetMap().Neighbors(r);
      if (nbs.empty()) continue;  // only a broken map has such a region
      int to = nbs[Index(static_cast<int>(nbs.size()))];
      moves.push_back(wl::Move::AttackTransfer(r, to, 1 + Index(spare)));
    }
    return moves;
  }

 private:
  int Index(int n) { return wl::RandomIndex(rng_, n); }
  wl::FastRandom rng_;
};

#endif  // RANDOM_BOT_H_
