#include "orders.h"

#include <random>

#include "gtest/gtest.h"
#include "protocol.h"

namespace wl {
namespace {

TEST(OrdersTest, FormatsExactlyAsTheEngineReads) {
  std::vector<Move> moves = {Move::Place(3, 5), Move::AttackTransfer(3, 7, 4)};
  EXPECT_EQ(FormatMoves(Player::kPlayer1, moves),
            "player1 place_armies 3 5, player1 attack/transfer 3 7 4");
  EXPECT_EQ(FormatMoves(Player::kPlayer2, {}), "No moves");
  EXPECT_EQ(FormatPick(42), "42");
}

// Formatting a turn and reading it back as the engine's opponent_moves text
// gives the same moves.
TEST(OrdersTest, FormatThenParseRoundTrips) {
  std::mt19937 rng(11);
  for (int round = 0; round < 500; ++round) {
    Player me = rng() % 2 ? Player::kPlayer1 : Player::kPlayer2;
    std::vector<Move> moves;
    int n = rng() % 8;
    for (int i = 0; i < n; ++i) {
      if (rng() % 2) {
        moves.push_back(Move::Place(1 + rng() % 127, 1 + rng() % 1000, me));
      } else {
        moves.push_back(Move::AttackTransfer(1 + rng() % 127, 1 + rng() % 127,
                                             1 + rng() % 100000, me));
      }
    }
    std::string line = FormatMoves(me, moves);
    if (moves.empty()) {
      EXPECT_EQ(line, "No moves");
      continue;
    }
    std::string as_update = "opponent_moves ";
    for (char c : line) as_update += c == ',' ? ' ' : c;
    Message m = Parse(as_update);
    ASSERT_TRUE(std::holds_alternative<msg::OpponentMoves>(m))
        << line << " -> " << std::get<msg::Error>(m).reason;
    EXPECT_EQ(std::get<msg::OpponentMoves>(m).moves, moves) << line;
  }
}

}  // namespace
}  // namespace wl
