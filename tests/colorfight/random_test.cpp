// The random Colorfight bot (bots/colorfight/random): seeded, and its
// commands are well-formed: attacks on cells next to its own with energy
// it has, builds and upgrades on its own cells.
#include <set>
#include <string>
#include <vector>

#include "colorfight/cf_bot_games.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/command.h"

namespace wl::colorfight {
namespace {

using testing::StartedGame;
using testing::ViewOf;

TEST(ColorfightRandomBotTest, TheSameSeedGivesTheSameCommands) {
  const State s = StartedGame(5, 2);
  const Game view = ViewOf(s, 1);
  std::set<std::vector<std::string>> lists;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    ColorfightRandomBot a(seed), b(seed);
    for (int turn = 0; turn < 3; ++turn) {
      const std::vector<std::string> got = a.OnTurn(view);
      EXPECT_EQ(got, b.OnTurn(view)) << "seed " << seed;
      lists.insert(got);
    }
  }
  EXPECT_GT(lists.size(), 4u);  // seeds and turns differ
}

TEST(ColorfightRandomBotTest, CommandsAreWellFormed) {
  State s = StartedGame(9, 4);
  for (int k = 0; k < kCells; k += 7) {
    if (s.cells[k].owner == 0) s.cells[k].owner = 1;  // a scattered empire
  }
  const Game view = ViewOf(s, 1);
  const int64_t energy = view.me()->energy;
  int attacks = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    ColorfightRandomBot bot(seed);
    int64_t spent = 0;
    for (const std::string& text : bot.OnTurn(view)) {
      const ParsedCommand p = ParseCommand(text);
      ASSERT_NE(p.command.kind, CommandKind::kInvalid) << text;
      ASSERT_TRUE(OnMap(p.command.x, p.command.y)) << text;
      const Position at{int(p.command.x), int(p.command.y)};
      const MapCell& cell = view.game_map()[at];
      if (p.command.kind != CommandKind::kAttack) {
        EXPECT_EQ(cell.owner, 1) << text;
        continue;
      }
      ++attacks;
      EXPECT_NE(cell.owner, 1) << text;
      EXPECT_GE(p.command.energy, 0) << text;
      spent += p.command.energy;
      bool next_to_mine = false;
      for (const Position& q : at.SurroundingCardinals())
        next_to_mine |= view.game_map()[q].owner == 1;
      EXPECT_TRUE(next_to_mine) << text;
    }
    EXPECT_LE(spent, energy) << "seed " << seed;
  }
  EXPECT_GT(attacks, 20);
}

}  // namespace
}  // namespace wl::colorfight
