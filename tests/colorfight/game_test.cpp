// Tests of the bot's view of a frame (sdk/colorfight/game.h), shaped like
// the official Python client (colorfight §12).
#include "sdk/colorfight/game.h"

#include <string>
#include <vector>

#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/command.h"

namespace wl::colorfight {
namespace {

std::vector<Position> P(std::initializer_list<Position> list) { return list; }

TEST(ColorfightPositionTest, NeighboursAreInTheClientsOrderAndOnTheMap) {
  EXPECT_EQ((Position{5, 5}.SurroundingCardinals()),
            P({{5, 4}, {5, 6}, {4, 5}, {6, 5}}));  // N, S, W, E
  EXPECT_EQ((Position{0, 0}.SurroundingCardinals()), P({{0, 1}, {1, 0}}));
  EXPECT_EQ((Position{29, 29}.SurroundingCardinals()), P({{29, 28}, {28, 29}}));
  EXPECT_EQ((Position{29, 0}.SurroundingCardinals()), P({{29, 1}, {28, 0}}));
  EXPECT_EQ((Position{3, 4}.Info()), "(3, 4)");
  EXPECT_TRUE((Position{29, 0}.IsValid()));
  EXPECT_FALSE((Position{30, 0}.IsValid()));
  EXPECT_FALSE((Position{0, -1}.IsValid()));
  EXPECT_EQ((Position{1, 2} + Position{3, 4}), (Position{4, 6}));
  EXPECT_EQ((Position{1, 2} - Position{3, 4}), (Position{-2, -2}));
  EXPECT_EQ((Position{1, 2}.DirectionalOffset(Direction::West())),
            (Position{0, 2}));
}

// colorfight §12: the building classes' derived values.
TEST(ColorfightBuildingViewTest, ValuesFollowTheClientsConstants) {
  const BuildingView empty{Building::kNone, 1};
  EXPECT_EQ(empty.Name(), "empty");
  EXPECT_EQ(empty.MaxLevel(), 0);
  EXPECT_FALSE(empty.CanUpgrade());
  EXPECT_EQ(empty.UpgradeGold(), std::nullopt);
  EXPECT_EQ(empty.DestroyGold(), 0);

  const BuildingView home1{Building::kHome, 1}, home2{Building::kHome, 2};
  const BuildingView home3{Building::kHome, 3};
  EXPECT_EQ(home1.Name(), "home");
  EXPECT_EQ(home1.Cost(), (std::pair<int64_t, int64_t>{1000, 0}));
  EXPECT_EQ(home1.UpgradeGold(), 1000);
  EXPECT_EQ(home1.UpgradeEnergy(), 1000);
  EXPECT_EQ(home2.UpgradeGold(), 2000);
  EXPECT_EQ(home2.UpgradeEnergy(), 2000);
  EXPECT_FALSE(home3.CanUpgrade());
  EXPECT_EQ(home3.UpgradeEnergy(), std::nullopt);

  const BuildingView mine1{Building::kMine, 1}, mine3{Building::kMine, 3};
  EXPECT_EQ(mine1.Name(), "gold_mine");
  EXPECT_EQ(mine1.Cost(), (std::pair<int64_t, int64_t>{200, 0}));
  EXPECT_EQ(mine1.UpgradeGold(), 400);
  EXPECT_EQ(mine1.UpgradeEnergy(), 0);
  EXPECT_EQ((BuildingView{Building::kFort, 2}.UpgradeGold()), 600);
  EXPECT_EQ(mine1.DestroyGold(), 100);
  EXPECT_EQ(mine3.DestroyGold(), 600);
  EXPECT_EQ(mine3.DestroyForcefield(), 0);
  const BuildingView well2{Building::kWell, 2};
  EXPECT_EQ(well2.Name(), "energy_well");
  EXPECT_EQ(well2.DestroyForcefield(), 300);
  EXPECT_EQ(well2.DestroyGold(), 0);
  EXPECT_EQ((BuildingView{Building::kFort, 1}.Name()), "fortress");
}

// The builders only format (§12), and the engine reads them back (§6.2).
TEST(ColorfightCommandBuilderTest, FormatsTheOfficialStrings) {
  EXPECT_EQ(Attack({3, 4}, 120), "a 3 4 120");
  EXPECT_EQ(Build({1, 2}, kBldGoldMine), "b 1 2 g");
  EXPECT_EQ(Upgrade({7, 8}), "u 7 8");
  const ParsedCommand p = ParseCommand(Attack({29, 0}, 7));
  EXPECT_EQ(p.command.kind, CommandKind::kAttack);
  EXPECT_EQ(p.command.x, 29);
  EXPECT_EQ(p.command.energy, 7);
  EXPECT_EQ(ParseCommand(Build({1, 2}, kBldFortress)).command.building, 'f');
}

// A hand-made frame: cells by position, letters to kinds (an unknown
// letter is Empty), users by int uid, error keys as ints, me().
TEST(ColorfightGameViewTest, BuildsTheViewOfAFrame) {
  Frame f;
  f.turn = 7;
  f.info.max_turn = 300;
  f.cells.resize(kCells);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      f.Cell(x, y).natural_cost = 100 * x + y;
      f.Cell(x, y).natural_gold = 1;
      f.Cell(x, y).natural_energy = 1;
    }
  }
  f.Cell(3, 4) = {250, 5, 'g', 2, 9, 1, 2, 3, 1, 240};
  f.Cell(5, 6).building = 'x';
  FrameUser u;
  u.uid = 2;
  u.username = "bob";
  u.energy = -5;
  u.gold = 77;
  u.tech_level = 1;
  u.building_number = {{"home", 1}, {"gold_mine", 1}};
  u.cell_number = 1;
  u.cells = {{3, 4}};
  f.users = {u};
  f.error = {{2, {"a 1 1 1 failed, Do not have enough energy to attack."}}};
  const Game game(f, 2);
  EXPECT_EQ(game.turn(), 7);
  EXPECT_EQ(game.max_turn(), 300);
  const MapCell& c = game.game_map()[Position{3, 4}];
  EXPECT_EQ(c.position, (Position{3, 4}));
  EXPECT_EQ(c.attack_cost, 250);
  EXPECT_EQ(c.force_field, 5);
  EXPECT_EQ(c.building.Name(), "gold_mine");
  EXPECT_EQ(c.building.level, 2);
  EXPECT_EQ(c.gold, 9);
  EXPECT_EQ(c.energy, 1);
  EXPECT_EQ(c.owner, 2);
  EXPECT_EQ(c.natural_cost, 240);
  EXPECT_TRUE((game.game_map()[Position{5, 6}].IsEmpty()));
  EXPECT_EQ((game.game_map()[Position{7, 1}].natural_cost), 701);
  EXPECT_EQ(game.game_map().Cells()[1].position, (Position{1, 0}));  // rows
  ASSERT_NE(game.me(), nullptr);
  EXPECT_EQ(game.me()->username, "bob");
  EXPECT_EQ(game.me()->energy, -5);
  EXPECT_EQ(game.me()->building_number.at("gold_mine"), 1);
  EXPECT_EQ(game.me()->cells, P({{3, 4}}));
  EXPECT_EQ(game.error().at(2).size(), 1u);
  EXPECT_EQ(Game(f, 1).me(), nullptr);
  EXPECT_EQ(Game(f, 0).me(), nullptr);
}

// Every recorded frame of g00 (colorfight §13) gives the view of its text.
TEST(ColorfightGameViewTest, ShowsRecordedFramesByHeader) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<std::string> frames =
      testing::ReadGzLines(testing::ColorfightSharedDir() / "conformance" /
                           "g00" / "frames.jsonl.gz");
  ASSERT_EQ(frames.size(), 201u);
  for (int turn : {0, 1, 100, 200}) {
    Frame f;
    std::string error;
    ASSERT_TRUE(ParseFrame(frames[turn], &f, &error)) << error;
    const Game game(f, 1);
    EXPECT_EQ(game.turn(), turn);
    EXPECT_EQ(game.info().game_id, "1565000101000");
    ASSERT_NE(game.me(), nullptr);
    EXPECT_EQ(game.me()->username, "greedy1");
    EXPECT_EQ(game.users().size(), f.users.size());
    EXPECT_EQ(game.error().size(), f.error.size());
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        const FrameCell& fc = f.Cell(x, y);
        const MapCell& c = game.game_map()[Position{x, y}];
        ASSERT_EQ(c.owner, fc.owner);
        ASSERT_EQ(c.attack_cost, fc.attack_cost);
        ASSERT_EQ(c.building.level, fc.level);
        ASSERT_EQ(c.building.IsEmpty(), fc.building == ' ');
        ASSERT_EQ(c.building.IsHome(), fc.building == 'h');
      }
    }
    int64_t cells = 0;
    for (const auto& [uid, user] : game.users()) {
      EXPECT_EQ(uid, user.uid);
      EXPECT_EQ(static_cast<int>(user.cells.size()), user.cell_number);
      for (const Position& p : user.cells) {
        EXPECT_EQ(game.game_map()[p].owner, uid);
      }
      cells += user.cell_number;
    }
    EXPECT_GT(cells, 0);
    // state(): the rules core's view of the same frame.
    EXPECT_EQ(game.state().turn, turn);
    EXPECT_EQ(game.state().num_users, static_cast<int>(f.users.size()));
  }
}

}  // namespace
}  // namespace wl::colorfight
