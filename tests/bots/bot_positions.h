// bot_positions.h: tactical positions for bot tests: a View fed engine
// lines (we are player1), one round played as the runner plays it, sums
// over the orders, and the positions both the greedy and the MCTS suites
// test, each against its own expectations.
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

// --- Positions both bot suites test (each with its own expectations) ---

// A line 1-2-3-4; we hold 1, the opponent started on 4 (out of sight).
inline const std::vector<std::string> kLineMap = {
    "setup_map super_regions 1 1 2 1", "setup_map regions 1 1 2 1 3 2 4 2",
    "setup_map neighbors 1 2 2 3 3 4", "setup_map wastelands",
    "setup_map opponent_starting_regions 4"};

// kLineMap with 1 army on region 1, a 2-army neutral next to it, income 5.
inline std::vector<std::string> TwoArmyNeutral() {
  std::vector<std::string> lines = kLineMap;
  lines.insert(lines.end(),
               {"settings starting_armies 5",
                "update_map 1 player1 1 2 neutral 2", "opponent_moves"});
  return lines;
}

// We hold super region 1 = {1, 2} (bonus 2). The opponent has 6 armies on
// 3, next to 2, and placed 4 there last round; a neutral (5) tempts next to
// 1. Income 7.
inline std::vector<std::string> ThreatenedBonusBorder() {
  return {"setup_map super_regions 1 2 2 2 3 0",
          "setup_map regions 1 1 2 1 3 2 4 2 5 3",
          "setup_map neighbors 1 2,5 2 3 3 4",
          "setup_map wastelands",
          "setup_map opponent_starting_regions 4",
          "settings starting_armies 7",
          "update_map 1 player1 1 2 player1 2 3 player2 6 5 neutral 2",
          "opponent_moves player2 place_armies 3 4"};
}

// Super region 1 = {1, 2, 3} (bonus 3): we hold 1 and 2, and 3 is a 2-army
// neutral next to 2. Super region 2 (bonus 2) is also open. Income 5.
inline std::vector<std::string> FinishableBonus() {
  return {"setup_map super_regions 1 3 2 2 3 1",
          "setup_map regions 1 1 2 1 3 1 4 2 5 2 6 2 7 2 8 3",
          "setup_map neighbors 1 2,4 2 3 4 5 5 6 6 7 7 8",
          "setup_map wastelands",
          "setup_map opponent_starting_regions 8",
          "settings starting_armies 5",
          "update_map 1 player1 1 2 player1 1 3 neutral 2 4 neutral 2",
          "opponent_moves"};
}

}  // namespace wl::testing

#endif  // WL_TESTS_BOTS_BOT_POSITIONS_H_
