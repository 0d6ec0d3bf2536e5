// colorfight_random_bot.h: the random Colorfight II bot, a baseline that
// sends legal-looking commands (colorfight §6.2) at random: for each of my
// cells, in the frame's order, each neighbour I do not own in the client's
// order (N, S, W, E) is attacked with probability 1/4 with a random share
// of the energy I have left (0 included); then, with probability 1/10
// each, a random building on a random empty cell of mine and an upgrade of
// a random building of mine. It checks nothing else (gold, tech level):
// the server refuses what does not hold. Seeded: the same seed and frames
// give the same commands on every platform (wl::FastRandom,
// SplitMix64).
//
//   ColorfightRandomBot bot(/*seed=*/7);
//   std::vector<std::string> commands = bot.OnTurn(game);
#ifndef COLORFIGHT_RANDOM_BOT_H_
#define COLORFIGHT_RANDOM_BOT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sdk/colorfight/bot.h"
#include "sdk/common/fast_random.h"

class ColorfightRandomBot : public wl::colorfight::Bot {
 public:
  explicit ColorfightRandomBot(uint64_t seed = 1) : rng_(seed) {}

  std::vector<std::string> OnTurn(const wl::colorfight::Game& game) override {
    std::vector<std::string> out;
    const wl::colorfight::User* me = game.me();
    if (me == nullptr) return out;
    int64_t energy = me->energy;
    std::vector<wl::colorfight::Position> empty, built;
    for (const wl::colorfight::Position& p : me->cells) {
      const wl::colorfight::MapCell& cell = game.game_map()[p];
      (cell.IsEmpty() ? empty : built).push_back(p);
      for (const wl::colorfight::Position& q : p.SurroundingCardinals()) {
        if (game.game_map()[q].owner == game.uid() || Below(4) != 0) continue;
        if (energy <= 0) break;
        const int64_t e = static_cast<int64_t>(Below(uint64_t(energy) + 1));
        out.push_back(wl::colorfight::Attack(q, e));
        energy -= e;
      }
    }
    if (!empty.empty() && Below(10) == 0) {
      static constexpr char kLetters[] = {'e', 'g', 'f'};
      out.push_back(wl::colorfight::Build(empty[Below(empty.size())],
                                          kLetters[Below(3)]));
    }
    if (!built.empty() && Below(10) == 0)
      out.push_back(wl::colorfight::Upgrade(built[Below(built.size())]));
    return out;
  }

 private:
  uint64_t Below(uint64_t n) { return rng_.Below(n); }

  wl::FastRandom rng_;
};

#endif  // COLORFIGHT_RANDOM_BOT_H_
