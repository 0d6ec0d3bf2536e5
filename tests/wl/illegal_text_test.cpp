// Tests for tools/wl/illegal_text.h: the engines' texts of illegal moves.
#include "wl/illegal_text.h"

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

Move Attack(int from, int to) {
  Move m;
  m.kind = MoveKind::kAttackTransfer;
  m.from = from;
  m.to = to;
  m.armies = 3;
  return m;
}

// wl1 §6.3 steps 6 and 7, as the spec's example replay line writes them
// ("player1 illegal_move 19 attack only has 1 army", wl1 §13).
TEST(IllegalTextTest, Wl1OnlyOneArmyResultsNameTheSource) {
  EXPECT_EQ(IllegalText(Illegal::kMoveAttackOnlyOne, Attack(19, 20)),
            "19 attack only has 1 army");
  EXPECT_EQ(IllegalText(Illegal::kMoveTransferOnlyOne, Attack(7, 8)),
            "7 transfer only has 1 army");
}

// WL2 texts keep their exact spacing (spec section 6).
TEST(IllegalTextTest, Wl2TextsKeepTheirSpacing) {
  EXPECT_EQ(IllegalText(Illegal::kMoveNoArmiesLeft, Attack(4, 5)),
            "4 attack/transfer has used all available armies");
  EXPECT_EQ(IllegalText(Illegal::kNone, Attack(4, 5)), "");
}

}  // namespace
}  // namespace wl::tools
