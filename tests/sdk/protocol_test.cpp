#include "protocol.h"

#include <random>
#include <string>

#include "gtest/gtest.h"

namespace wl {
namespace {

template <typename T>
const T& As(const Message& m) {
  const T* p = std::get_if<T>(&m);
  if (!p) {
    const auto* err = std::get_if<msg::Error>(&m);
    ADD_FAILURE() << "unexpected message kind "
                  << (err ? err->reason : std::to_string(m.index()));
    static const T kEmpty{};
    return kEmpty;
  }
  return *p;
}

TEST(ProtocolTest, ParsesEverySetting) {
  EXPECT_EQ(As<msg::Timebank>(Parse("settings timebank 10000")).ms, 10000);
  EXPECT_EQ(As<msg::TimePerMove>(Parse("settings time_per_move 500")).ms, 500);
  EXPECT_EQ(As<msg::MaxRounds>(Parse("settings max_rounds 160")).rounds, 160);
  EXPECT_EQ(As<msg::YourBot>(Parse("settings your_bot player1")).name,
            "player1");
  EXPECT_EQ(As<msg::OpponentBot>(Parse("settings opponent_bot player2")).name,
            "player2");
  EXPECT_EQ(As<msg::StartingRegions>(Parse("settings starting_regions 4 8 13"))
                .regions,
            (std::vector<int>{4, 8, 13}));
  EXPECT_EQ(
      As<msg::StartingPickAmount>(Parse("settings starting_pick_amount 6"))
          .amount,
      6);
  EXPECT_EQ(As<msg::StartingArmies>(Parse("settings starting_armies 7")).armies,
            7);
}

TEST(ProtocolTest, ParsesTheRuleSetExtension) {
  EXPECT_EQ(As<msg::RuleSetting>(Parse("settings rule_set dingle")).rules,
            RuleSet::kDingle);
  EXPECT_EQ(As<msg::RuleSetting>(Parse("settings rule_set wl1")).rules,
            RuleSet::kWl1);
  EXPECT_EQ(As<msg::RuleSetting>(Parse("settings rule_set wl2\r")).rules,
            RuleSet::kWl2);
  for (const char* bad :
       {"settings rule_set", "settings rule_set Dingle",
        "settings rule_set dingle 2", "settings rule_set wl3"}) {
    EXPECT_TRUE(std::holds_alternative<msg::Error>(Parse(bad))) << bad;
  }
}

TEST(ProtocolTest, ParsesSetupMapLines) {
  auto supers = As<msg::SuperRegions>(Parse("setup_map super_regions 1 5 2 0"));
  EXPECT_EQ(supers.items, (std::vector<std::pair<int, int>>{{1, 5}, {2, 0}}));
  auto regions = As<msg::Regions>(Parse("setup_map regions 1 1 2 1 3 2"));
  EXPECT_EQ(regions.items,
            (std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {3, 2}}));
  auto nbs = As<msg::Neighbors>(Parse("setup_map neighbors 1 3,2,6 2 3"));
  ASSERT_EQ(nbs.items.size(), 2u);
  EXPECT_EQ(nbs.items[0].first, 1);
  EXPECT_EQ(nbs.items[0].second, (std::vector<int>{3, 2, 6}));  // not sorted
  EXPECT_EQ(nbs.items[1].second, (std::vector<int>{3}));
  EXPECT_EQ(As<msg::Wastelands>(Parse("setup_map wastelands 3 6")).regions,
            (std::vector<int>{3, 6}));
  EXPECT_TRUE(
      As<msg::Wastelands>(Parse("setup_map wastelands")).regions.empty());
  EXPECT_EQ(As<msg::OpponentStartingRegions>(
                Parse("setup_map opponent_starting_regions 4 8 64"))
                .regions,
            (std::vector<int>{4, 8, 64}));
}

TEST(ProtocolTest, ParsesRequestsAndUpdates) {
  auto pick =
      As<msg::PickStartingRegion>(Parse("pick_starting_region 9500 13 14 21"));
  EXPECT_EQ(pick.time_ms, 9500);
  EXPECT_EQ(pick.regions, (std::vector<int>{13, 14, 21}));
  EXPECT_EQ(As<msg::GoPlaceArmies>(Parse("go place_armies 10000")).time_ms,
            10000);
  EXPECT_EQ(As<msg::GoAttackTransfer>(Parse("go attack/transfer 8000")).time_ms,
            8000);
  auto update = As<msg::UpdateMap>(
      Parse("update_map 13 player1 6 29 player2 2 11 neutral 2"));
  ASSERT_EQ(update.entries.size(), 3u);
  EXPECT_EQ(update.entries[1].region, 29);
  EXPECT_EQ(update.entries[1].owner, Player::kPlayer2);
  EXPECT_EQ(update.entries[2].owner, Player::kNeutral);
  EXPECT_EQ(update.entries[0].armies, 6);
  EXPECT_TRUE(As<msg::UpdateMap>(Parse("update_map")).entries.empty());
  auto moves =
      As<msg::OpponentMoves>(Parse("opponent_moves player1 place_armies 34 3 "
                                   "player1 attack/transfer 37 27 1"));
  ASSERT_EQ(moves.moves.size(), 2u);
  EXPECT_EQ(moves.moves[0], Move::Place(34, 3, Player::kPlayer1));
  EXPECT_EQ(moves.moves[1], Move::AttackTransfer(37, 27, 1, Player::kPlayer1));
  EXPECT_TRUE(As<msg::OpponentMoves>(Parse("opponent_moves")).moves.empty());
}

TEST(ProtocolTest, ToleratesCrLfTrailingSpacesAndBlankLines) {
  EXPECT_EQ(As<msg::GoPlaceArmies>(Parse("go place_armies 10000\r")).time_ms,
            10000);
  EXPECT_EQ(
      As<msg::Wastelands>(Parse("setup_map wastelands 3 6  \r\n")).regions,
      (std::vector<int>{3, 6}));
  EXPECT_TRUE(std::holds_alternative<msg::Blank>(Parse("")));
  EXPECT_TRUE(std::holds_alternative<msg::Blank>(Parse("  \r")));
}

TEST(ProtocolTest, BadLinesBecomeErrorsWithReasons) {
  for (const char* line :
       {"hello", "settings", "settings timebank", "settings timebank x",
        "settings max_rounds -5", "go place_armies", "go fly 100",
        "update_map 1 player3 2", "update_map 1 player1", "update_map x",
        "setup_map neighbors 1", "setup_map neighbors 1 2,,3",
        "setup_map neighbors 1 2,", "setup_map regions 1",
        "opponent_moves player1 dance 1 2",
        "opponent_moves neutral place_armies 1 2",
        "update_map 99999999999999999999 player1 2",
        "pick_starting_region 100 1 -2", "go attack/transfer 10 extra"}) {
    Message m = Parse(line);
    const auto* err = std::get_if<msg::Error>(&m);
    ASSERT_NE(err, nullptr) << line;
    EXPECT_FALSE(err->reason.empty()) << line;
  }
}

TEST(ProtocolTest, RandomBytesNeverCrash) {
  std::mt19937 rng(7);
  const std::string pieces[] = {
      "settings ", "setup_map ", "update_map ", "opponent_moves ",
      "go ",       "player1 ",   "1 ",          "-3 ",
      ",",         "neighbors ", "\r",          "99999999999 "};
  for (int i = 0; i < 20000; ++i) {
    std::string line;
    int n = rng() % 12;
    for (int j = 0; j < n; ++j) {
      if (rng() % 2) {
        line += pieces[rng() % std::size(pieces)];
      } else {
        line += static_cast<char>(rng() % 256);
      }
    }
    Message m = Parse(line);  // must not crash, throw or hang
    EXPECT_LT(m.index(), std::variant_size_v<Message>);
  }
}

}  // namespace
}  // namespace wl
