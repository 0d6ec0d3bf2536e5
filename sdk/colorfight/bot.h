// bot.h: what a Colorfight II bot writes: one callback per turn that
// returns the turn's command list (colorfight §6.2, built with game.h's
// Attack/Build/Upgrade). The same bot plays over the network (run.h: the
// client SDK, against our server or any official-compatible one) and in
// process in the arena.
//
// clang-format off
//   class MyBot : public wl::colorfight::Bot {
//    public:
//     explicit MyBot(uint64_t seed = 1) {}
//     std::vector<std::string> OnTurn(const wl::colorfight::Game& game) override {
//       ...
//     }
//   };
//   int main(int argc, char** argv) { return wl::colorfight::Run<MyBot>(argc, argv); }
// clang-format on
//
// One Bot object plays one game: a new game (new game_id) gets a new one,
// so members may keep memory across turns.
#ifndef WL_COLORFIGHT_BOT_H_
#define WL_COLORFIGHT_BOT_H_

#include <string>
#include <vector>

#include "game.h"

namespace wl::colorfight {

class Bot {
 public:
  virtual ~Bot() = default;
  // The commands for this turn (game.turn() >= 1; game.me() is set).
  virtual std::vector<std::string> OnTurn(const Game& game) = 0;
};

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_BOT_H_
