// The search library both games' mcts bots share (sdk/search/
// decoupled_uct.h): UCB1's order and convergence, the final choice, the
// N-side decoupled statistics and the iterate-until-deadline loop.
#include "sdk/search/decoupled_uct.h"

#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace wl::search {
namespace {

TEST(DecoupledUctTest, UcbTriesEveryArmOnceInOrderFirst) {
  std::vector<ArmStat> arms(4);
  for (int n = 0; n < 4; ++n) {
    const int i = SelectUcb(arms, n + 1, 0.5);
    EXPECT_EQ(i, n);
    arms[i].Add(n == 2 ? 1.0 : 0.0);
  }
  // Then exploitation with every arm at one visit: the best mean.
  EXPECT_EQ(SelectUcb(arms, 5, 0.5), 2);
}

TEST(DecoupledUctTest, UcbConvergesToTheBestArmOfAFixedBandit) {
  const double p[] = {0.3, 0.7, 0.5, 0.6};
  std::vector<ArmStat> arms(4);
  std::mt19937_64 rng(7);
  std::bernoulli_distribution coin[] = {
      std::bernoulli_distribution(p[0]), std::bernoulli_distribution(p[1]),
      std::bernoulli_distribution(p[2]), std::bernoulli_distribution(p[3])};
  const int n = 5000;
  for (int t = 0; t < n; ++t) {
    const int i = SelectUcb(arms, t + 1, 0.5);
    arms[i].Add(coin[i](rng) ? 1.0 : 0.0);
  }
  EXPECT_EQ(MostVisited(arms), 1);
  EXPECT_GT(arms[1].visits, n / 2);
  EXPECT_NEAR(arms[1].Mean(), 0.7, 0.05);
}

TEST(DecoupledUctTest, MostVisitedThenBestMeanThenFirst) {
  std::vector<ArmStat> arms(3);
  arms[0].Add(0.1);
  arms[1].Add(0.9);
  arms[2].Add(0.9);
  EXPECT_EQ(MostVisited(arms), 1);  // tie on visits and mean: the first
  arms[0].Add(0.1);
  EXPECT_EQ(MostVisited(arms), 0);  // more visits beat a better mean
}

TEST(DecoupledUctTest, EachSideSelectsAndLearnsOnItsOwnStatistics) {
  DecoupledUct uct;
  uct.Reset({3, 2, 0, 4});
  ASSERT_EQ(uct.Sides(), 4);
  EXPECT_EQ(uct.Arms(0), 3);
  EXPECT_EQ(uct.Arms(2), 0);
  int picks[4] = {};
  uct.Select(0.5, picks);
  EXPECT_EQ(picks[0], 0);
  EXPECT_EQ(picks[1], 0);
  EXPECT_EQ(picks[2], -1);  // a side without arms is never picked for
  EXPECT_EQ(picks[3], 0);
  const double values[4] = {0.25, 0.75, 0.5, 1.0};
  uct.Update(picks, values);
  EXPECT_EQ(uct.Iterations(), 1);
  EXPECT_EQ(uct.Stat(0, 0).visits, 1);
  EXPECT_DOUBLE_EQ(uct.Stat(0, 0).Mean(), 0.25);
  EXPECT_DOUBLE_EQ(uct.Stat(1, 0).Mean(), 0.75);
  EXPECT_DOUBLE_EQ(uct.Stat(3, 0).Mean(), 1.0);
  uct.Select(0.5, picks);  // every side's next unvisited arm
  EXPECT_EQ(picks[0], 1);
  EXPECT_EQ(picks[1], 1);
  EXPECT_EQ(picks[3], 1);
  uct.Reset({2});
  EXPECT_EQ(uct.Sides(), 1);
  EXPECT_EQ(uct.Iterations(), 0);
  EXPECT_EQ(uct.Stat(0, 0).visits, 0);
}

// A simultaneous game: side 0 gains what side 1 loses. Side 0's arm 2
// dominates, side 1's arm 0 does; the rest of the matrix is noise-free.
TEST(DecoupledUctTest, TwoSidesFindTheirDominantArms) {
  const double value[3][3] = {
      {0.5, 0.8, 0.9}, {0.4, 0.6, 0.7}, {0.6, 0.85, 0.95}};
  DecoupledUct uct;
  uct.Reset({3, 3});
  int picks[2] = {};
  for (int t = 0; t < 4000; ++t) {
    uct.Select(0.5, picks);
    const double v = value[picks[0]][picks[1]];
    const double values[2] = {v, 1 - v};
    uct.Update(picks, values);
  }
  EXPECT_EQ(uct.MostVisited(0), 2);
  EXPECT_EQ(uct.MostVisited(1), 0);
  EXPECT_GT(uct.Stat(0, 2).visits, 2000);
  EXPECT_GT(uct.Stat(1, 0).visits, 2000);
}

// Matching pennies with three sides: side 0 wants to match side 1, side 1
// to differ; side 2 (a bystander with one arm) always gets 0.5. No pure
// choice is stable, so both sides keep playing both arms.
TEST(DecoupledUctTest, ThreeSidesMixInMatchingPennies) {
  DecoupledUct uct;
  uct.Reset({2, 2, 1});
  int picks[3] = {};
  for (int t = 0; t < 6000; ++t) {
    uct.Select(0.5, picks);
    const double v = picks[0] == picks[1] ? 1.0 : 0.0;
    const double values[3] = {v, 1 - v, 0.5};
    uct.Update(picks, values);
  }
  for (int side = 0; side < 2; ++side) {
    for (int arm = 0; arm < 2; ++arm) {
      EXPECT_GT(uct.Stat(side, arm).visits, 6000 / 5) << side << " " << arm;
    }
  }
  EXPECT_EQ(uct.Stat(2, 0).visits, 6000);
  EXPECT_DOUBLE_EQ(uct.Stat(2, 0).Mean(), 0.5);
}

TEST(DecoupledUctTest, ChooseFallsBackWhenAnArmIsBarelyVisited) {
  DecoupledUct uct;
  uct.Reset({3});
  const int arms[3] = {0, 1, 1};
  for (int arm : arms) {
    const double v = arm == 1 ? 1.0 : 0.0;
    uct.Update(&arm, &v);
  }
  EXPECT_EQ(uct.Choose(0, /*min_visits=*/1, /*fallback=*/0), 0);  // arm 2
  const int two = 2;
  const double v = 0.0;
  uct.Update(&two, &v);
  EXPECT_EQ(uct.Choose(0, 1, 0), 1);
  EXPECT_EQ(uct.Choose(0, 2, 2), 2);  // arms 0 and 2: one visit each
}

TEST(DecoupledUctTest, IterateUntilStopsAtTheLimitOrTheDeadline) {
  using Clock = std::chrono::steady_clock;
  std::vector<int> seen;
  const int n = IterateUntil(Clock::now() + std::chrono::hours(1), 5,
                             [&](int i) { seen.push_back(i); });
  EXPECT_EQ(n, 5);
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4}));
  int calls = 0;
  EXPECT_EQ(IterateUntil(Clock::now() - std::chrono::seconds(1), 5,
                         [&](int) { ++calls; }),
            0);
  EXPECT_EQ(calls, 0);
  // A deadline 20 ms away stops an unlimited loop (generously after).
  const Clock::time_point start = Clock::now();
  const int done =
      IterateUntil(start + std::chrono::milliseconds(20), 1 << 30, [](int) {});
  EXPECT_GT(done, 0);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
}

}  // namespace
}  // namespace wl::search
