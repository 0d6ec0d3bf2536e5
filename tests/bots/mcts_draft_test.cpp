// Tests of the MCTS bot's searched draft (bots/mcts/mcts_draft.h): legal
// picks over many seeded drafts, determinism, positions with a clearly
// right answer (one the greedy pick score gets wrong), and the limits (one
// candidate, a deadline already past, the simulation count).
#include "bots/mcts/mcts_draft.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "bots/greedy/greedy_bot.h"
#include "bots/mcts/mcts_config.h"
#include "bots/mcts/mcts_policy.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "map.h"
#include "protocol.h"
#include "rules.h"
#include "test_maps.h"
#include "view.h"

namespace wl {
namespace {

using Clock = std::chrono::steady_clock;

mcts::Config Fixed(int iterations, uint64_t seed = 1) {
  mcts::Config c;
  c.seed = seed;
  c.iterations = iterations;
  return c;
}

Clock::time_point Far() { return Clock::now() + std::chrono::hours(1); }

void ApplyLine(View& view, const std::string& line) {
  EXPECT_EQ(view.Apply(Parse(line)), "") << line;
}

void AskPick(View& view, const std::vector<int>& remaining) {
  ApplyLine(view, "pick_starting_region 10000" + JoinIds(remaining));
}

bool Contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// A draft on a random test map, set up as the engine sets it up.
struct RandomDraft {
  RandomDraft(uint32_t map_seed, int regions, uint64_t setup_seed)
      : game(testing::RandomTestMap(map_seed, regions)), info(game) {
    FastRandom rng(setup_seed);
    setup = SetUp(game, rng);
  }
  // `me`'s View at a pick request listing `remaining`.
  View At(Player me, const std::vector<int>& remaining) const {
    View view = ViewOfDraft(game.GetMap(), me, setup.wastelands,
                            setup.candidates, setup.pick_amount);
    AskPick(view, remaining);
    return view;
  }
  // Player1's View at the first pick.
  View First() const { return At(Player::kPlayer1, setup.candidates); }

  Game game;
  mcts::MapInfo info;
  wl::Setup setup;
};

// A hand-made map: super regions of given bonuses and regions, and links.
struct Spec {
  std::vector<std::pair<int, int>> supers;   // id, bonus
  std::vector<std::pair<int, int>> regions;  // id, super region
  std::vector<std::pair<int, int>> links;
};
Map MakeMap(const Spec& spec) {
  Map map;
  for (auto [id, bonus] : spec.supers) {
    EXPECT_EQ(map.AddSuperRegion(id, bonus), "");
  }
  for (auto [id, super_region] : spec.regions) {
    EXPECT_EQ(map.AddRegion(id, super_region), "");
  }
  for (auto [a, b] : spec.links) EXPECT_EQ(map.AddLink(a, b), "");
  EXPECT_EQ(map.Validate(), "");
  return map;
}

// Four super regions on a ring of ten regions: {1} with a bonus of 5 (its
// owner's income rises at once) and three worthless ones of three regions.
// One candidate in each.
Map BigBonusMap() {
  return MakeMap({{{1, 5}, {2, 0}, {3, 0}, {4, 0}},
                  {{1, 1},
                   {2, 2},
                   {3, 2},
                   {4, 2},
                   {5, 3},
                   {6, 3},
                   {7, 3},
                   {8, 4},
                   {9, 4},
                   {10, 4}},
                  {{1, 2},
                   {2, 3},
                   {3, 4},
                   {4, 5},
                   {5, 6},
                   {6, 7},
                   {7, 8},
                   {8, 9},
                   {9, 10},
                   {10, 1}}});
}

// A bonus of 12 for five compact regions with one entrance (super region
// 1), against a bonus of 2 for a region alone with two entrances (super
// region 3), apart, between worthless super regions 2 and 4. The greedy
// pick score (bonus per army to complete, less per entrance) prefers the
// 2: 2 / 2 / 1.1 = 0.91 against 12 / 14 / 1.05 = 0.82. But the 12 is
// complete by round 3 or so and then worth six times as much: whoever
// starts there is far ahead.
Map BigBonusFarAwayMap() {
  return MakeMap({{{1, 12}, {2, 0}, {3, 2}, {4, 0}},
                  {{1, 1},
                   {2, 1},
                   {3, 1},
                   {4, 1},
                   {5, 1},
                   {6, 2},
                   {7, 2},
                   {8, 2},
                   {9, 3},
                   {10, 4},
                   {11, 4},
                   {12, 4}},
                  {{1, 2},
                   {1, 3},
                   {2, 3},
                   {2, 4},
                   {3, 4},
                   {3, 5},
                   {4, 5},
                   {5, 6},
                   {6, 7},
                   {7, 8},
                   {8, 9},
                   {9, 10},
                   {10, 11},
                   {11, 12}}});
}

// --- legality over many seeded drafts ---

TEST(MctsDraftTest, EveryPickIsAPickableCandidateOverManySeededDrafts) {
  // Whole drafts, both players searched, in the engine's pick order on
  // random maps with the engine's setup (wastelands, candidates, pick
  // count): each answer is among the remaining candidates, and the stats
  // say what was searched.
  int searched = 0;
  for (uint32_t seed = 0; seed < 40; ++seed) {
    const RandomDraft d(900 + seed, 16 + seed % 5 * 10, seed);
    const wl::Setup& setup = d.setup;
    ASSERT_GE(setup.pick_amount, 1);
    View views[2] = {d.At(Player::kPlayer1, setup.candidates),
                     d.At(Player::kPlayer2, setup.candidates)};
    const int iterations = 8 + static_cast<int>(seed % 4) * 8;
    mcts::DraftSearch drafts[2] = {
        mcts::DraftSearch(Fixed(iterations, seed)),
        mcts::DraftSearch(Fixed(iterations, seed + 100))};
    std::vector<int> picks[2];
    std::vector<int> remaining = setup.candidates;
    for (int i = 0; i < 2 * setup.pick_amount; ++i) {
      const int p = PlayerIndex(DraftPicker(i));
      AskPick(views[p], remaining);
      const int pick = drafts[p].Pick(views[p], d.info, picks[p], Far(),
                                      seed * 1000 + static_cast<uint64_t>(i));
      ASSERT_TRUE(Contains(remaining, pick))
          << "seed " << seed << " pick " << i << ": " << pick;
      const mcts::DraftStats& stats = drafts[p].LastStats();
      EXPECT_EQ(stats.candidates, static_cast<int>(remaining.size()));
      if (remaining.size() > 1) {
        EXPECT_EQ(stats.simulations, iterations);
        ++searched;
      } else {
        EXPECT_EQ(stats.simulations, 0);
      }
      picks[p].push_back(pick);
      remaining.erase(std::find(remaining.begin(), remaining.end(), pick));
    }
    EXPECT_EQ(picks[0].size(), picks[1].size());
  }
  EXPECT_GT(searched, 100);
}

TEST(MctsDraftTest, PicksAPickableCandidateWithAnyRoundsOrExploration) {
  // The knobs at their edges: no rounds after the draft (the evaluation of
  // the start state), many rounds, no exploration.
  const RandomDraft d(77, 40, 5);
  const View view = d.First();
  for (int rounds : {0, 1, 20}) {
    for (double exploration : {0.0, 0.5, 3.0}) {
      mcts::Config c = Fixed(30);
      c.draft_rounds = rounds;
      c.exploration = exploration;
      mcts::DraftSearch draft(c);
      const int pick = draft.Pick(view, d.info, {}, Far(), 3);
      EXPECT_TRUE(Contains(d.setup.candidates, pick)) << pick;
      EXPECT_EQ(draft.LastStats().simulations, 30);
    }
  }
}

// --- determinism ---

TEST(MctsDraftTest, IsDeterministicWithASeedAndFixedIterations) {
  for (uint32_t seed = 0; seed < 6; ++seed) {
    const RandomDraft d(500 + seed, 50, seed);
    const mcts::MapInfo& info = d.info;
    // Player2's first pick: player1 took the first candidate.
    const View view =
        d.At(Player::kPlayer2, std::vector<int>(d.setup.candidates.begin() + 1,
                                                d.setup.candidates.end()));
    mcts::DraftSearch a(Fixed(120, 9)), b(Fixed(120, 9));
    const int pick = a.Pick(view, info, {}, Far(), 40 + seed);
    EXPECT_EQ(b.Pick(view, info, {}, Far(), 40 + seed), pick);
    ASSERT_EQ(a.Arms(), b.Arms());
    for (size_t i = 0; i < a.Arms().size(); ++i) {
      EXPECT_EQ(a.Visits(i), b.Visits(i));
      EXPECT_DOUBLE_EQ(a.Mean(i), b.Mean(i));
    }
    // The same object again: nothing carries over from the last Pick.
    EXPECT_EQ(a.Pick(view, info, {}, Far(), 40 + seed), pick);
    for (size_t i = 0; i < a.Arms().size(); ++i) {
      EXPECT_EQ(a.Visits(i), b.Visits(i));
    }
  }
}

// --- positions with a clearly right answer ---

TEST(MctsDraftTest, PicksTheCandidateWhoseBonusPaysAtOnce) {
  Map map = BigBonusMap();
  Game game(map);
  mcts::MapInfo info(game);
  // Player1's first pick; player2's first pick (player1 took a worthless
  // one); player2's second pick (it took a worthless one first).
  struct Case {
    Player me;
    std::vector<int> remaining, my_picks;
  };
  for (const Case& c : {Case{Player::kPlayer1, {1, 3, 6, 9}, {}},
                        Case{Player::kPlayer2, {1, 6, 9}, {}},
                        Case{Player::kPlayer2, {9, 1}, {6}}}) {
    View view = ViewOfDraft(map, c.me, {}, {3, 1, 6, 9}, 2);
    AskPick(view, c.remaining);
    mcts::DraftSearch draft(Fixed(300, 2));
    EXPECT_EQ(draft.Pick(view, info, c.my_picks, Far(), 11), 1);
    // The search's own verdict, not just the greedy order of its arms:
    // the bonus has the best mean by a margin.
    const std::vector<int>& arms = draft.Arms();
    const size_t at = std::find(arms.begin(), arms.end(), 1) - arms.begin();
    ASSERT_LT(at, arms.size());
    for (size_t i = 0; i < arms.size(); ++i) {
      if (i == at) continue;
      EXPECT_GT(draft.Mean(at), draft.Mean(i) + 0.05) << arms[i];
    }
  }
}

TEST(MctsDraftTest, PicksTheBigBonusTheGreedyScoreUndervalues) {
  Map map = BigBonusFarAwayMap();
  Game game(map);
  mcts::MapInfo info(game);
  const std::vector<int> candidates = {1, 7, 9, 11};
  View view = ViewOfDraft(map, Player::kPlayer1, {}, candidates, 2);
  AskPick(view, candidates);
  // The greedy pick score is fooled: the quick +2.
  GreedyBot greedy(1);
  ASSERT_EQ(greedy.PickStartingRegion(view), 9);
  // The search is not, with any seed.
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    mcts::DraftSearch draft(Fixed(200, seed));
    EXPECT_EQ(draft.Pick(view, info, {}, Far(), seed), 1) << seed;
  }
  // Nor as player2 once player1 took a worthless candidate.
  View second = ViewOfDraft(map, Player::kPlayer2, {}, candidates, 2);
  AskPick(second, {1, 9, 11});
  ASSERT_EQ(greedy.PickStartingRegion(second), 9);
  mcts::DraftSearch draft(Fixed(200, 1));
  EXPECT_EQ(draft.Pick(second, info, {}, Far(), 1), 1);
}

// --- limits ---

TEST(MctsDraftTest, ASingleCandidateIsReturnedAtOnce) {
  Map map = BigBonusMap();
  Game game(map);
  mcts::MapInfo info(game);
  View view = ViewOfDraft(map, Player::kPlayer1, {}, {3, 1, 6, 9}, 2);
  AskPick(view, {6});
  mcts::DraftSearch draft(Fixed(1000));
  EXPECT_EQ(draft.Pick(view, info, {3}, Far(), 1), 6);
  EXPECT_EQ(draft.LastStats().candidates, 1);
  EXPECT_EQ(draft.LastStats().simulations, 0);
  EXPECT_LT(draft.LastStats().elapsed_ms, 50.0);
}

TEST(MctsDraftTest, ADeadlineAlreadyPastStillGivesAPickableCandidate) {
  // No simulation at all: the greedy bot's pick.
  for (uint32_t seed = 0; seed < 10; ++seed) {
    const RandomDraft d(300 + seed, 40, seed);
    const mcts::MapInfo& info = d.info;
    const wl::Setup& setup = d.setup;
    const View view = d.First();
    for (int iterations : {0, 100}) {
      mcts::DraftSearch draft(Fixed(iterations, seed));
      const int pick =
          draft.Pick(view, info, {}, Clock::now() - std::chrono::seconds(1), 1);
      EXPECT_TRUE(Contains(setup.candidates, pick)) << pick;
      EXPECT_EQ(
          pick,
          GreedyBot(seed, mcts::CandidateWeights()).PickStartingRegion(view));
      EXPECT_EQ(draft.LastStats().simulations, 0);
    }
  }
}

TEST(MctsDraftTest, ReportsTheSimulationsItRan) {
  const RandomDraft d(8, 40, 8);
  const mcts::MapInfo& info = d.info;
  const wl::Setup& setup = d.setup;
  const View view = d.First();
  ASSERT_GT(setup.candidates.size(), 1u);
  mcts::DraftSearch draft(Fixed(64));
  draft.Pick(view, info, {}, Far(), 1);
  const mcts::DraftStats& stats = draft.LastStats();
  EXPECT_EQ(stats.simulations, 64);
  EXPECT_EQ(stats.candidates, static_cast<int>(setup.candidates.size()));
  EXPECT_GT(stats.elapsed_ms, 0.0);
  int visits = 0;
  for (size_t i = 0; i < draft.Arms().size(); ++i) {
    EXPECT_GE(draft.Visits(i), 1);  // every arm tried once first
    visits += draft.Visits(i);
  }
  EXPECT_EQ(visits, 64);
}

TEST(MctsDraftTest, OnTheClockItStopsAtTheDeadline) {
  const RandomDraft d(12, 60, 12);
  const mcts::MapInfo& info = d.info;
  const wl::Setup& setup = d.setup;
  const View view = d.First();
  mcts::DraftSearch draft(Fixed(0));
  const int pick = draft.Pick(view, info, {},
                              Clock::now() + std::chrono::milliseconds(30), 1);
  EXPECT_TRUE(Contains(setup.candidates, pick));
  EXPECT_GT(draft.LastStats().simulations, 0);
  EXPECT_LT(draft.LastStats().elapsed_ms, 30.0 + 25.0);
}

}  // namespace
}  // namespace wl
