// starter_bot.h: the three decisions of the starter bot. Fork this bot and
// edit this file: it is the only one you need to change.
//
// The engine asks three things (see the sdk's bot.h):
//   PickStartingRegion  during the draft, once per pick;
//   PlaceArmies         every round: where to put this round's income;
//   AttackTransfer      every round: which armies move where.
// The View (sdk view.h) tells you everything you know: the map, who owns
// what, armies, income, what you remember of regions in the fog, and the
// opponent's visible moves. The runner makes sure you never send a
// malformed line, but it is your job to send good moves.
//
// Debug output: print to std::cerr, or to std::cout, which the runner points
// at stderr while the game runs: stdout carries only the runner's answers
// (the engine reads them). `warlight match` keeps each bot's stderr in the
// game folder (stderr_player1.txt, stderr_player2.txt). Avoid printf and
// puts: C stdio writes to the real stdout and would garble the answers.
//
// What this bot does, and where to start improving it:
//   - picks the candidate in the smallest super region (cheapest bonus);
//   - places all its income on the region that borders most land it does
//     not own;
//   - attacks a region only with enough armies to take it whatever the dice
//     say (wl::ArmiesToTakeSurely), and moves idle inland armies one step
//     toward the nearest border.
// Ideas: value bonuses by bonus / regions to take; defend the borders of
// bonuses you hold; attack the opponent where it hurts its income.
//
// Numbers worth tuning: declare them in DeclareParams (tunable.h) and
// `warlight tune` can search for better values by self-play; `starter
// --list-params` lists them and `--param extra_attackers=2` sets one.
#ifndef STARTER_BOT_H_
#define STARTER_BOT_H_

#include <algorithm>
#include <tuple>
#include <vector>

#include "bot.h"
#include "combat.h"
#include "tunable.h"
#include "view.h"

class StarterBot : public wl::Bot, public wl::Tunable {
 public:
  // Each tunable number: its name, its field (whose value is the default),
  // the least and most it may be, and a step that should make a difference.
  void DeclareParams(wl::ParamSet& params) override {
    params.Add("extra_attackers", &extra_attackers_, 0, 10, 1);
  }

  int PickStartingRegion(const wl::View& view) override {
    const wl::Map& map = view.GetMap();
    int best = view.PickableRegions().front();
    auto cost = [&](int region) {
      const wl::Map::SuperRegion& s =
          map.GetSuperRegion(map.SuperRegionOf(region));
      // Fewer regions first, then the higher bonus, then the lower id.
      return std::make_tuple(s.regions.size(), -s.bonus, region);
    };
    for (int region : view.PickableRegions()) {
      if (cost(region) < cost(best)) best = region;
    }
    return best;
  }

  std::vector<wl::Move> PlaceArmies(const wl::View& view) override {
    if (view.Owned().Empty() || view.Income() <= 0) return {};
    // The owned region that borders the most regions we do not own.
    int best = view.Owned().First();
    int best_count = -1;
    for (int region : view.Owned()) {
      int count = (view.GetMap().NeighborSet(region) - view.Owned()).Count();
      if (count > best_count) {
        best = region;
        best_count = count;
      }
    }
    return {wl::Move::Place(best, view.Income())};
  }

  std::vector<wl::Move> AttackTransfer(const wl::View& view) override {
    const wl::Map& map = view.GetMap();
    std::vector<wl::Move> moves;
    std::vector<int> distance = DistanceToBorder(view);
    for (int region : view.Owned()) {
      int available = view.Armies(region) - 1;
      // Attack neighbours we are sure to take, cheapest first.
      std::vector<int> targets;
      for (int n : map.Neighbors(region)) {
        if (!view.Owned().Contains(n)) targets.push_back(n);
      }
      std::sort(targets.begin(), targets.end(),
                [&](int a, int b) { return view.Armies(a) < view.Armies(b); });
      for (int target : targets) {
        int needed =
            wl::ArmiesToTakeSurely(view.Armies(target)) + extra_attackers_;
        if (available >= needed) {
          moves.push_back(wl::Move::AttackTransfer(region, target, needed));
          available -= needed;
        }
      }
      // An inland region sends its idle armies one step toward the border.
      if (targets.empty() && available > 0) {
        int step = -1;
        for (int n : map.Neighbors(region)) {
          if (distance[n] < distance[region] &&
              (step < 0 || distance[n] < distance[step])) {
            step = n;
          }
        }
        if (step > 0) {
          moves.push_back(wl::Move::AttackTransfer(region, step, available));
        }
      }
    }
    return moves;
  }

 private:
  // Armies sent beyond the sure take, to hold the region once taken.
  int extra_attackers_ = 0;

  // Steps from each owned region to the nearest owned region that borders
  // land we do not own (a breadth-first search from the border).
  static std::vector<int> DistanceToBorder(const wl::View& view) {
    const wl::Map& map = view.GetMap();
    const int kFar = 1 << 20;
    std::vector<int> distance(wl::kRegionSlots, kFar);
    std::vector<int> queue;
    for (int region : view.Owned()) {
      if (!(map.NeighborSet(region) - view.Owned()).Empty()) {
        distance[region] = 0;
        queue.push_back(region);
      }
    }
    for (size_t i = 0; i < queue.size(); ++i) {
      for (int n : map.Neighbors(queue[i])) {
        if (view.Owned().Contains(n) && distance[n] == kFar) {
          distance[n] = distance[queue[i]] + 1;
          queue.push_back(n);
        }
      }
    }
    return distance;
  }
};

#endif  // STARTER_BOT_H_
