// The runner, Move, RegionSet and View facing region ids that are not on the
// map (issue 11, A1): every such id is dropped with a log line before any
// lookup, printed whole, and no access is out of bounds (this suite also
// runs under ASan and UBSan).
#include <climits>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "engine_lines.h"
#include "gtest/gtest.h"
#include "orders.h"
#include "protocol.h"
#include "region_set.h"
#include "runner.h"
#include "sdk/answer_check.h"
#include "test_maps.h"
#include "view.h"

namespace wl {
namespace {

// Ids no 80-region map has: negative, 0, just past the map, past the
// RegionSet, past int16_t and far past it.
const std::vector<int> kBadIds = {INT_MIN, -7936, -1,    0,         81,     127,
                                  128,     32767, 65537, 100000000, INT_MAX};

TEST(MoveTest, KeepsEveryRegionIdWhole) {
  for (int id : kBadIds) {
    EXPECT_EQ(Move::Place(id, 3).from, id);
    EXPECT_EQ(Move::AttackTransfer(id, id, 3).from, id);
    EXPECT_EQ(Move::AttackTransfer(1, id, 3).to, id);
  }
  EXPECT_EQ(FormatMoves(Player::kPlayer1, {Move::Place(100000000, 2),
                                           Move::AttackTransfer(65537, 1, 3)}),
            "player1 place_armies 100000000 2, "
            "player1 attack/transfer 65537 1 3");
}

TEST(RegionSetTest, IdsOutsideTheSlotsAreNeverMembersAndNeverWritten) {
  RegionSet full;
  for (int id = 0; id < kRegionSlots; ++id) full.Insert(id);
  for (int id :
       {INT_MIN, -64, -1, 128, 191, 192, 255, 32767, 100000000, INT_MAX}) {
    RegionSet empty, all = full;
    EXPECT_FALSE(empty.Contains(id)) << id;
    EXPECT_FALSE(full.Contains(id)) << id;
    empty.Insert(id);
    EXPECT_TRUE(empty.Empty()) << id;
    all.Erase(id);
    EXPECT_EQ(all, full) << id;
  }
  EXPECT_EQ(full.Count(), kRegionSlots);
  EXPECT_EQ(full.Nth(kRegionSlots - 1), kMaxRegionId);
  EXPECT_EQ(full.Nth(kRegionSlots), -1);
  EXPECT_EQ(full.Nth(-1), -1);
  EXPECT_EQ(RegionSet().Nth(0), -1);
}

// An 80-region map; player1 owns region 1 (5 armies) next to a neutral.
class OffTheMapTest : public ::testing::Test {
 protected:
  void SetUp() override {
    map_ = testing::RandomTestMap(/*seed=*/11, /*regions=*/80);
    ASSERT_EQ(map_.Validate(), "");
    ASSERT_FALSE(map_.Neighbors(1).empty());
    neighbour_ = map_.Neighbors(1).front();
    lines_ = {"settings your_bot player1", "settings opponent_bot player2"};
    for (const std::string& line : SetupMapLines(map_)) lines_.push_back(line);
    lines_.insert(
        lines_.end(),
        {"settings starting_regions 1 2 3", "settings starting_pick_amount 1",
         "pick_starting_region 10000 1 2 3", "settings starting_armies 5",
         "update_map 1 player1 5 " + std::to_string(neighbour_) + " neutral 2",
         "opponent_moves", "go place_armies 10000",
         "go attack/transfer 10000"});
  }

  Map map_;
  int neighbour_ = 0;
  std::vector<std::string> lines_;
};

// Answers every request with `id` in every position, next to one good move.
struct IdBot : Bot {
  int id = 0;
  int neighbour = 0;
  int PickStartingRegion(const View&) override { return id; }
  std::vector<Move> PlaceArmies(const View&) override {
    return {Move::Place(id, 1), Move::Place(1, 2)};
  }
  std::vector<Move> AttackTransfer(const View&) override {
    return {Move::AttackTransfer(id, neighbour, 1),
            Move::AttackTransfer(1, id, 1), Move::AttackTransfer(id, id, 1),
            Move::AttackTransfer(1, neighbour, 1)};
  }
};

TEST_F(OffTheMapTest, MovesNamingThemAreDroppedWithTheWholeIdLogged) {
  for (int id : kBadIds) {
    SCOPED_TRACE(id);
    IdBot bot;
    bot.id = id;
    bot.neighbour = neighbour_;
    std::string input;
    for (const std::string& line : lines_) input += line + "\n";
    std::istringstream in(input);
    std::ostringstream out, log;
    EXPECT_EQ(wl::Run(bot, in, out, log), 0);
    const std::string nb = std::to_string(neighbour_);
    EXPECT_EQ(out.str(),
              "1\nplayer1 place_armies 1 2\nplayer1 attack/transfer 1 " + nb +
                  " 1\n");
    const std::string text = std::to_string(id);
    const std::string logged = log.str();
    EXPECT_NE(logged.find("pick " + text + " is not pickable"),
              std::string::npos)
        << logged;
    for (const std::string& move :
         {"place_armies " + text, "attack/transfer " + text + " " + nb,
          "attack/transfer 1 " + text,
          "attack/transfer " + text + " " + text}) {
      EXPECT_NE(
          logged.find("\"player1 " + move + " 1\": region not on the map"),
          std::string::npos)
          << move << "\n"
          << logged;
    }
  }
}

TEST_F(OffTheMapTest, ViewIgnoresOwnPlacementsOffTheMapAndReadsThemAsUnknown) {
  View view;
  for (const std::string& line : lines_) {
    ASSERT_EQ(view.Apply(Parse(line)), "") << line;
  }
  for (int id : kBadIds) {
    view.ApplyOwnPlacements({Move::Place(id, 4, Player::kPlayer1)});
    EXPECT_EQ(view.Armies(1), 5) << id;
    if (id < 0 || id > kMaxRegionId) {
      EXPECT_EQ(view.Armies(id), 0) << id;
      EXPECT_EQ(view.Owner(id), Player::kNeutral) << id;
      EXPECT_EQ(view.Remembered(id).seen_round, -1) << id;
    }
  }
  view.ApplyOwnPlacements({Move::Place(1, 4, Player::kPlayer1)});
  EXPECT_EQ(view.Armies(1), 9);
}

// Army counts above kMaxMessageArmies cannot come from a real game; the
// line is refused, so that no sum a bot makes overflows an int.
TEST(ProtocolTest, ArmyCountsAboveTheCapAreRefused) {
  const std::string cap = std::to_string(kMaxMessageArmies);
  const std::string above = std::to_string(kMaxMessageArmies + 1);
  for (const std::string line :
       {"update_map 1 player1 ", "settings starting_armies ",
        "opponent_moves player2 place_armies 1 ",
        "opponent_moves player2 attack/transfer 1 2 "}) {
    EXPECT_FALSE(std::holds_alternative<msg::Error>(Parse(line + cap))) << line;
    EXPECT_TRUE(std::holds_alternative<msg::Error>(Parse(line + above)))
        << line;
  }
  View view;
  for (const char* line :
       {"settings your_bot player1", "setup_map super_regions 1 1",
        "setup_map regions 1 1 2 1", "setup_map neighbors 1 2"}) {
    ASSERT_EQ(view.Apply(Parse(line)), "") << line;
  }
  // Each placement is under the cap, their sum is not.
  EXPECT_NE(view.Apply(Parse("opponent_moves player2 place_armies 2 " + cap +
                             " player2 place_armies 2 1")),
            "");
  EXPECT_EQ(view.Apply(Parse("opponent_moves player2 place_armies 2 " + cap)),
            "");
}

}  // namespace
}  // namespace wl
