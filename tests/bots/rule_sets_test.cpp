// Tests of what the greedy and MCTS bots do differently per rule set: the
// armies an attack needs (WL1's 100% luck has no sure take, wl1 §7;
// Dingle's sure take is larger than WL2's, dingle §8) and WL1's six
// preferred starting regions (wl1 §4).
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "attack_odds.h"
#include "bots/greedy/greedy_bot.h"
#include "bots/mcts/mcts_bot.h"
#include "combat.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "protocol.h"
#include "rules.h"
#include "view.h"
#include "wl/map_json.h"

namespace wl {
namespace {

TEST(RuleSetsTest, GreedyTakeArmiesFollowTheRuleSet) {
  for (int d = 0; d < 400; ++d) {
    EXPECT_EQ(greedy::TakeArmies(RuleSet::kWl2, d), ArmiesToTakeSurely(d));
    EXPECT_EQ(greedy::TakeArmies(RuleSet::kDingle, d),
              ArmiesToTake(RuleSet::kDingle, d, 1.0));
    EXPECT_EQ(TakeProbability(RuleSet::kDingle,
                              greedy::TakeArmies(RuleSet::kDingle, d), d),
              1.0);
    const int wl1 = greedy::TakeArmies(RuleSet::kWl1, d);
    EXPECT_GE(TakeProbability(RuleSet::kWl1, wl1, d),
              greedy::kWl1TakeProbability);
    EXPECT_LT(TakeProbability(RuleSet::kWl1, wl1 - 1, d),
              greedy::kWl1TakeProbability);
  }
  EXPECT_EQ(greedy::TakeArmies(RuleSet::kWl1, 2), 7);
  EXPECT_EQ(greedy::TakeArmies(RuleSet::kDingle, 2), 4);
}

// The View of `me` at WL1's starting-region request on the WL1 earth map,
// its candidates drawn as the engine draws them from `seed`.
View Wl1PickView(const Map& map, Player me, int64_t seed) {
  View view;
  std::vector<std::string> lines = {
      "settings your_bot " + std::string(PlayerName(me)),
      "settings opponent_bot " + std::string(PlayerName(Opponent(me)))};
  for (std::string& l : SetupMapLines(map)) lines.push_back(l);
  JavaRandom g1(seed);
  lines.push_back("pick_starting_regions 2000" +
                  JoinIds(Wl1Candidates(Game(map, RuleSet::kWl1), g1)));
  for (const std::string& l : lines) EXPECT_EQ(view.Apply(Parse(l)), "") << l;
  return view;
}

// Six distinct candidates, and the first three in three super regions (the
// default list, PickScore alone, often has both candidates of the best
// super region first).
void ExpectSpreadList(const View& view, const std::vector<int>& list,
                      const char* who) {
  const std::vector<int>& open = view.PickableRegions();
  ASSERT_EQ(list.size(), 6u) << who;
  EXPECT_EQ(std::set<int>(list.begin(), list.end()).size(), 6u) << who;
  std::set<int> supers;
  for (size_t i = 0; i < list.size(); ++i) {
    EXPECT_NE(std::find(open.begin(), open.end(), list[i]), open.end()) << who;
    if (i < 3) supers.insert(view.GetMap().SuperRegionOf(list[i]));
  }
  EXPECT_EQ(supers.size(), 3u) << who;
}

TEST(RuleSetsTest, Wl1PickListsAreSixSpreadCandidates) {
  absl::StatusOr<Map> map =
      tools::LoadMapFile(std::string(WL_SOURCE_DIR) + "/maps/wl1_earth.json");
  ASSERT_TRUE(map.ok());
  int default_together = 0;
  for (int64_t seed = 1; seed <= 40; ++seed) {
    for (Player me : {Player::kPlayer1, Player::kPlayer2}) {
      const View view = Wl1PickView(*map, me, seed);
      ASSERT_EQ(view.Rules(), RuleSet::kWl1);
      GreedyBot greedy(seed);
      ExpectSpreadList(view, greedy.PickStartingRegions(view), "greedy");
      mcts::Config config;
      config.seed = seed;
      MctsBot bot(config);
      ExpectSpreadList(view, bot.PickStartingRegions(view), "mcts");
      const std::vector<int> plain = greedy.Bot::PickStartingRegions(view);
      std::set<int> supers;
      for (int i = 0; i < 3; ++i) {
        supers.insert(map->SuperRegionOf(plain[i]));
      }
      default_together += supers.size() < 3;
    }
  }
  // The override changes something: the default list repeats a super
  // region among its first three in most draws.
  EXPECT_GT(default_together, 40);
}

}  // namespace
}  // namespace wl
