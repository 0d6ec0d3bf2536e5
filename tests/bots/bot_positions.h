// bot_positions.h: tactical positions for bot tests: a View fed engine
// lines (we are player1), one round played as the runner plays it, and
// sums over the orders.
//
//   wl::View view = wl::testing::Position({"setup_map ...", "update_map ..."});
//   wl::testing::Round round = wl::testing::PlayRound(bot, view);
//   EXPECT_EQ(wl::testing::Sum(round.placements), 5);
#ifndef WL_TESTS_BOTS_BOT_POSITIONS_H_
#define WL_TESTS_BOTS_BOT_POSITIONS_H_

#include <string>
#include <vector>

#include "bot.h"
#include "gtest/gtest.h"
#include "orders.h"
#include "protocol.h"
#include "view.h"

namespace wl::testing {

// A View fed the given engine lines, after the two seat settings (we are
// player1).
inline View Position(const std::vector<std::string>& lines) {
  View view;
  for (const std::string& line :
       {std::string("settings your_bot player1"),
        std::string("settings opponent_bot player2")}) {
    EXPECT_EQ(view.Apply(Parse(line)), "") << line;
  }
  for (const std::string& line : lines) {
    EXPECT_EQ(view.Apply(Parse(line)), "") << line;
  }
  return view;
}

// The armies of all the orders.
inline int Sum(const std::vector<Move>& moves) {
  int sum = 0;
  for (const Move& m : moves) sum += m.armies;
  return sum;
}

// The armies placed on `region`.
inline int PlacedOn(const std::vector<Move>& placements, int region) {
  int sum = 0;
  for (const Move& m : placements) {
    if (m.from == region) sum += m.armies;
  }
  return sum;
}

// One round as the runner plays it: placements, then attacks/transfers
// with the placements applied to the View.
struct Round {
  std::vector<Move> placements, moves;
};
inline Round PlayRound(Bot& bot, View& view) {
  Round round;
  round.placements = bot.PlaceArmies(view);
  view.ApplyOwnPlacements(round.placements);
  round.moves = bot.AttackTransfer(view);
  return round;
}

}  // namespace wl::testing

#endif  // WL_TESTS_BOTS_BOT_POSITIONS_H_
