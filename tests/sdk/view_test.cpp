#include "view.h"

#include <sstream>

#include "gtest/gtest.h"
#include "protocol.h"
#include "runner.h"

namespace wl {
namespace {

// A 4-region line map 1-2-3-4 in two super regions.
void SetUpLineMap(View& view) {
  for (const char* line :
       {"settings your_bot player1", "settings opponent_bot player2",
        "setup_map super_regions 1 2 2 1", "setup_map regions 1 1 2 1 3 2 4 2",
        "setup_map neighbors 1 2 2 3 3 4", "setup_map wastelands 3",
        "settings starting_regions 1 4", "settings starting_pick_amount 1",
        "pick_starting_region 10000 1 4",
        "setup_map opponent_starting_regions 4"}) {
    ASSERT_EQ(view.Apply(Parse(line)), "") << line;
  }
}

TEST(ViewTest, SetupKnowledgeSeedsTheFogMemory) {
  View view;
  SetUpLineMap(view);
  EXPECT_EQ(view.Me(), Player::kPlayer1);
  EXPECT_EQ(view.GetMap().RegionCount(), 4);
  EXPECT_EQ(view.Remembered(2).armies, 2);
  EXPECT_EQ(view.Remembered(2).seen_round, 0);
  EXPECT_EQ(view.Remembered(3).armies, 6);  // wasteland
  EXPECT_EQ(view.Remembered(4).owner, Player::kPlayer2);
  EXPECT_EQ(view.PickableRegions(), (std::vector<int>{1, 4}));
}

TEST(ViewTest, FogMemoryKeepsLastSightingsAndRounds) {
  View view;
  SetUpLineMap(view);
  ASSERT_EQ(view.Apply(Parse("settings starting_armies 5")), "");
  ASSERT_EQ(view.Apply(Parse("update_map 1 player1 2 2 neutral 2")), "");
  ASSERT_EQ(view.Apply(Parse("opponent_moves")), "");
  EXPECT_EQ(view.Round(), 1);
  EXPECT_EQ(view.Income(), 5);
  EXPECT_EQ(view.MyStartingRegions(), (std::vector<int>{1}));
  EXPECT_TRUE(view.Owned().Contains(1));
  EXPECT_EQ(view.Owned().Count(), 1);
  EXPECT_EQ(view.Remembered(2).seen_round, 1);
  EXPECT_EQ(view.Remembered(3).seen_round, 0);  // never seen, setup knowledge

  // Round 1: we take 2; we now see 3 (owned by the opponent, 9 armies).
  ASSERT_EQ(view.Apply(Parse("update_map 1 player1 1 2 player1 5 3 player2 9")),
            "");
  ASSERT_EQ(view.Apply(Parse("opponent_moves player2 place_armies 3 5 player2 "
                             "attack/transfer 4 3 2")),
            "");
  EXPECT_EQ(view.Round(), 2);
  EXPECT_EQ(view.Owner(3), Player::kPlayer2);
  EXPECT_EQ(view.Armies(3), 9);
  ASSERT_EQ(view.OpponentMoves(1).size(), 2u);
  EXPECT_EQ(view.OpponentMoves(1)[1],
            Move::AttackTransfer(4, 3, 2, Player::kPlayer2));
  EXPECT_TRUE(view.OpponentVisible().Contains(3));

  // Round 2: we lose 2 and no longer see 3: memory keeps round-2 knowledge.
  ASSERT_EQ(view.Apply(Parse("update_map 1 player1 3 2 player2 4")), "");
  EXPECT_EQ(view.Round(), 3);
  EXPECT_FALSE(view.Visible().Contains(3));
  EXPECT_EQ(view.Owner(3), Player::kPlayer2);
  EXPECT_EQ(view.Armies(3), 9);
  EXPECT_EQ(view.Remembered(3).seen_round, 2);
  EXPECT_EQ(view.Remembered(2).seen_round, 3);
  EXPECT_EQ(view.VisibleOrder(), (std::vector<int>{1, 2}));
}

TEST(ViewTest, OwnPlacementsRaiseArmiesOfOwnedRegionsOnly) {
  View view;
  SetUpLineMap(view);
  ASSERT_EQ(view.Apply(Parse("update_map 1 player1 2 2 neutral 2")), "");
  view.ApplyOwnPlacements({Move::Place(1, 3), Move::Place(2, 4)});
  EXPECT_EQ(view.Armies(1), 5);
  EXPECT_EQ(view.Armies(2), 2);
}

TEST(ViewTest, RejectsUpdatesNamingUnknownRegionsAndStaysUnchanged) {
  View view;
  SetUpLineMap(view);
  EXPECT_NE(view.Apply(Parse("update_map 1 player1 2 99 neutral 2")), "");
  EXPECT_EQ(view.Round(), 0);
  EXPECT_NE(view.Apply(Parse("setup_map regions 5 7")), "");  // no super 7
  EXPECT_NE(view.Apply(Parse("setup_map neighbors 1 9")), "");
  EXPECT_EQ(view.GetMap().RegionCount(), 4);
}

// The start of a game under Dingle's rules as the harness sends it
// (tools/wl/dingle_engine.h), on a 4-region map whose adjacency lists are
// not WL2's order: 1: 2,4; 4: 3,1 (links sent one by one, in the order that
// builds those lists).
View DingleView(const char* me) {
  View view;
  for (const std::string& line : std::vector<std::string>{
           "settings rule_set dingle", "settings timebank 60000",
           "settings time_per_move 0", "settings max_rounds 100",
           "settings your_bot " + std::string(me),
           "settings opponent_bot " + std::string(me == std::string("player1")
                                                      ? "player2"
                                                      : "player1"),
           "setup_map super_regions 1 2 2 1",
           "setup_map regions 1 1 2 1 3 2 4 2",
           "setup_map neighbors 1 2 3 4 1 4 2 3",
           "settings starting_regions 1 2 3 4",
           "settings starting_pick_amount 1",
           "setup_map opponent_starting_regions 4"}) {
    EXPECT_EQ(view.Apply(Parse(line)), "") << line;
  }
  return view;
}

TEST(ViewTest, DingleRuleSetLineSelectsDingle) {
  View wl2;
  SetUpLineMap(wl2);
  EXPECT_EQ(wl2.Rules(), RuleSet::kWl2);
  View view = DingleView("player1");
  EXPECT_EQ(view.Rules(), RuleSet::kDingle);
  EXPECT_EQ(view.Timebank(), 60000);
  // Links sent one by one keep Dingle's adjacency order.
  EXPECT_EQ(view.GetMap().Neighbors(1), (std::vector<int>{2, 4}));
  EXPECT_EQ(view.GetMap().Neighbors(4), (std::vector<int>{3, 1}));
}

TEST(ViewTest, DingleSeesEveryRegionAndPlayer2SeesThisRoundsMoves) {
  View view = DingleView("player2");
  ASSERT_EQ(view.Apply(Parse("settings starting_armies 5")), "");
  ASSERT_EQ(view.Apply(Parse("update_map 1 player1 3 2 player1 2 3 neutral "
                             "2 4 player2 2")),
            "");
  ASSERT_EQ(view.Apply(Parse("opponent_moves player1 place_armies 1 3 "
                             "player1 attack/transfer 1 2 2")),
            "");
  EXPECT_EQ(view.Round(), 1);
  EXPECT_EQ(view.Visible().Count(), 4);
  EXPECT_EQ(view.OpponentVisible().Count(), 2);
  EXPECT_TRUE(view.OpponentVisible().Contains(2));
  EXPECT_EQ(view.MyStartingRegions(), (std::vector<int>{4}));
  // Player1 moved first in round 1: its moves are round 1's.
  ASSERT_EQ(view.OpponentMoves(1).size(), 2u);
  EXPECT_EQ(view.OpponentMoves(1)[1],
            Move::AttackTransfer(1, 2, 2, Player::kPlayer1));
  EXPECT_TRUE(view.OpponentMoves(0).empty());

  View p1 = DingleView("player1");
  ASSERT_EQ(p1.Apply(Parse("update_map 1 player1 2 2 neutral 2 3 neutral 2 "
                           "4 player2 2")),
            "");
  ASSERT_EQ(p1.Apply(Parse("opponent_moves")), "");
  ASSERT_EQ(p1.Apply(Parse("update_map 1 player1 2 2 neutral 2 3 player2 1 "
                           "4 player2 2")),
            "");
  ASSERT_EQ(p1.Apply(Parse("opponent_moves player2 attack/transfer 4 3 1")),
            "");
  EXPECT_EQ(p1.Round(), 2);
  ASSERT_EQ(p1.OpponentMoves(1).size(), 1u);  // player2's round 1
}

// The runner cuts attacks/transfers to Dingle's up-front budget, which
// rejects an order whole rather than clamping it (dingle §7).
TEST(ViewTest, RunnerFitsMovesToDinglesBudget) {
  View view = DingleView("player1");
  ASSERT_EQ(view.Apply(Parse("update_map 1 player1 6 2 player1 2 3 neutral "
                             "2 4 player2 2")),
            "");
  std::ostringstream log;
  const std::vector<Move> sent = {
      Move::AttackTransfer(1, 4, 4), Move::AttackTransfer(1, 2, 3),
      Move::AttackTransfer(1, 4, 1), Move::AttackTransfer(2, 3, 1),
      Move::AttackTransfer(2, 1, 1)};
  std::vector<Move> kept =
      SanitiseMoves(view, MoveKind::kAttackTransfer, sent, log);
  EXPECT_EQ(kept, (std::vector<Move>{
                      Move::AttackTransfer(1, 4, 4, Player::kPlayer1),
                      Move::AttackTransfer(1, 2, 1, Player::kPlayer1),
                      Move::AttackTransfer(2, 3, 1, Player::kPlayer1)}));
  // Under WL2 nothing is cut: the engine clamps at execution.
  View wl2 = view;
  ASSERT_EQ(wl2.Apply(Parse("settings rule_set wl2")), "");
  EXPECT_EQ(SanitiseMoves(wl2, MoveKind::kAttackTransfer, sent, log).size(),
            5u);
}

}  // namespace
}  // namespace wl
