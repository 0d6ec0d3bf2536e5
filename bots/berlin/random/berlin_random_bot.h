// berlin_random_bot.h: the random Berlin bot, the official gem's README
// example (berlin §9.1):
//
//   game.map.controlled_nodes.each do |node|
//     node.adjacent_nodes.shuffle.each do |other|
//       game.add_move(node, other, rand(0..node.available_soldiers))
//     end
//   end
//
// For each node I control, in map order, its neighbours in a random order,
// each sent a random number of the soldiers still available there (0
// included: then no move). Seeded: the same seed and requests give the
// same moves, on every platform (wl::FastRandom, SplitMix64).
#ifndef BERLIN_RANDOM_BOT_H_
#define BERLIN_RANDOM_BOT_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "sdk/berlin/bot.h"
#include "sdk/common/fast_random.h"

class BerlinRandomBot : public wl::berlin::Bot {
 public:
  explicit BerlinRandomBot(uint64_t seed = 1) : rng_(seed) {}

  void OnTurn(wl::berlin::Game& game) override {
    for (int node : game.ControlledNodes()) {
      std::vector<int> others = game.AdjacentNodes(node);
      for (size_t i = others.size(); i > 1; --i) {  // Fisher-Yates
        std::swap(others[i - 1], others[rng_.Below(i)]);
      }
      for (int other : others) {
        const int available = game.AvailableSoldiers(node);
        if (available <= 0) break;
        const int n = static_cast<int>(rng_.Below(uint64_t(available) + 1));
        game.AddMove(node, other, n);  // n == 0: nothing (the engine drops it)
      }
    }
  }

 private:
  wl::FastRandom rng_;
};

#endif  // BERLIN_RANDOM_BOT_H_
