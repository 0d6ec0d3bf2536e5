// Tests of attack_odds.h: the exact take probabilities against Monte Carlo
// runs of the rules core's own combat (WL1's ResolveFullLuckCombat, WL2's
// ResolveCombat), Dingle's worked examples (dingle §8), and the fewest
// attackers for a probability.
#include "attack_odds.h"

#include <chrono>
#include <cmath>

#include "combat.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "rule_set.h"

namespace wl {
namespace {

// The share of `trials` attacks of `a` on `d` that conquer, with the dice
// rolled as rules.h rolls them (A draws < 0.6, then D draws < 0.7).
double MonteCarlo(RuleSet rules, int a, int d, int trials, FastRandom& rng) {
  int taken = 0;
  for (int i = 0; i < trials; ++i) {
    const int attack_hits = CountBelow(rng, a, 0.6);
    const int defend_hits = CountBelow(rng, d, 0.7);
    const Losses l = rules == RuleSet::kWl1
                         ? ResolveFullLuckCombat(a, d, attack_hits, defend_hits)
                         : ResolveCombat(a, d, attack_hits, defend_hits);
    taken += l.conquered;
  }
  return static_cast<double>(taken) / trials;
}

TEST(AttackOddsTest, MatchesMonteCarloOfTheCoresCombat) {
  FastRandom rng(2024);
  constexpr int kTrials = 40000;
  for (RuleSet rules : {RuleSet::kWl1, RuleSet::kWl2}) {
    for (int d : {1, 2, 3, 5, 6, 10, 25}) {
      for (int a : {1, 2, d, d + 1, 2 * d, 2 * d + 3, 3 * d + 4}) {
        const double p = TakeProbability(rules, a, d);
        const double seen = MonteCarlo(rules, a, d, kTrials, rng);
        // Five standard errors (and a floor for p near 0 or 1).
        const double tolerance =
            5 * std::sqrt(p * (1 - p) / kTrials) + 1.0 / kTrials;
        EXPECT_NEAR(seen, p, tolerance)
            << RuleSetName(rules) << " " << a << " vs " << d;
      }
    }
  }
}

TEST(AttackOddsTest, Wl1HasTheBinomialValuesAndNoSureTake) {
  // 3 vs 2: at least 2 of 3 hits at 0.6; the 2 defenders cannot kill 3.
  EXPECT_NEAR(TakeProbability(RuleSet::kWl1, 3, 2), 0.648, 1e-12);
  EXPECT_NEAR(TakeProbability(RuleSet::kWl1, 4, 2), 0.8208, 1e-12);
  EXPECT_NEAR(TakeProbability(RuleSet::kWl1, 5, 2), 0.91296, 1e-12);
  // 1 vs 1: the attacker hits (0.6) and the defender misses (0.3).
  EXPECT_NEAR(TakeProbability(RuleSet::kWl1, 1, 1), 0.18, 1e-12);
  for (int d = 1; d <= 4; ++d) {  // beyond, 1 - P(fail) rounds to 1.0
    EXPECT_LT(TakeProbability(RuleSet::kWl1, 5 * d, d), 1.0) << d;
  }
  EXPECT_EQ(ArmiesToTake(RuleSet::kWl1, 2, 0.8), 4);
  EXPECT_EQ(ArmiesToTake(RuleSet::kWl1, 2, 0.9), 5);
  EXPECT_EQ(ArmiesToTake(RuleSet::kWl1, 2, 1.0),  // read as 1 - 1e-9
            ArmiesToTake(RuleSet::kWl1, 2, 1 - 1e-9));
}

TEST(AttackOddsTest, DingleHasTheSpecsExamples) {
  // dingle §8: 3 vs 2 conquers iff R(1.8) = 2 (p 0.8); 2 vs 2 iff
  // R(1.2) = 2 (0.2) and R(1.4) = 1 (0.6); 1 vs 1: 0.6 x 0.3; 5 vs 3 always.
  EXPECT_NEAR(TakeProbability(RuleSet::kDingle, 3, 2), 0.8, 1e-9);
  EXPECT_NEAR(TakeProbability(RuleSet::kDingle, 2, 2), 0.12, 1e-9);
  EXPECT_NEAR(TakeProbability(RuleSet::kDingle, 1, 1), 0.18, 1e-9);
  EXPECT_EQ(TakeProbability(RuleSet::kDingle, 5, 3), 1.0);
  // Sure takes exist: floor(0.6 A) >= D and ceil(0.7 D) < A.
  EXPECT_EQ(ArmiesToTake(RuleSet::kDingle, 2, 1.0), 4);
  EXPECT_EQ(ArmiesToTake(RuleSet::kDingle, 6, 1.0), 10);
}

TEST(AttackOddsTest, Wl2SureTakesAreArmiesToTakeSurely) {
  for (int d = 0; d < 200; ++d) {
    EXPECT_EQ(ArmiesToTake(RuleSet::kWl2, d, 1.0), ArmiesToTakeSurely(d)) << d;
  }
}

TEST(AttackOddsTest, FewestArmiesIsTheFirstCountThatReachesTheProbability) {
  for (RuleSet rules : {RuleSet::kWl1, RuleSet::kDingle, RuleSet::kWl2}) {
    for (double p : {0.5, 0.8, 0.95}) {
      const TakeTable table(rules, p);
      for (int d = 1; d < 300; d += (d < 40 ? 1 : 37)) {
        const int a = table.Armies(d);
        EXPECT_GE(TakeProbability(rules, a, d), p) << a << " vs " << d;
        EXPECT_LT(TakeProbability(rules, a - 1, d), p) << a << " vs " << d;
        EXPECT_EQ(a, ArmiesToTake(rules, d, p)) << d;
      }
    }
  }
}

TEST(AttackOddsTest, NeverFallsAsAttackersGrowAndHandlesHugeCounts) {
  for (RuleSet rules : {RuleSet::kWl1, RuleSet::kDingle, RuleSet::kWl2}) {
    for (int d : {1, 4, 30, 900}) {
      double last = 0;
      for (int a = 1; a < 3 * d + 10; ++a) {
        const double p = TakeProbability(rules, a, d);
        EXPECT_GE(p, last - 1e-12) << a << " vs " << d;
        EXPECT_TRUE(p >= 0 && p <= 1);
        last = p;
      }
      EXPECT_GT(last, 0.99) << RuleSetName(rules) << " " << d;
    }
  }
  EXPECT_EQ(TakeProbability(RuleSet::kWl1, 0, 3), 0);
  EXPECT_EQ(TakeProbability(RuleSet::kWl1, 3, 0), 1);
}

TEST(AttackOddsTest, Wl1KillsAtMostIsTheBinomialQuantile) {
  for (double p : {0.5, 0.9, 0.98, 0.999}) {
    for (int n = 1; n <= 400; ++n) {
      const int k = Wl1KillsAtMost(n, p);
      ASSERT_TRUE(k >= 0 && k <= n) << n;
      // P(kills > k) <= 1 - p, and k is the least such.
      EXPECT_LE(odds_internal::BinomialAtLeast(n, 0.6, k + 1), 1 - p) << n;
      if (k > 0) {
        EXPECT_GT(odds_internal::BinomialAtLeast(n, 0.6, k), 1 - p) << n;
      }
    }
  }
  // 10 dice: all 10 hit with p 0.006, 9 or more with p 0.046.
  EXPECT_EQ(Wl1KillsAtMost(10, 0.98), 9);
  EXPECT_EQ(Wl1KillsAtMost(10, 0.99), 9);
  EXPECT_EQ(Wl1KillsAtMost(10, 0.995), 10);
  EXPECT_EQ(Wl1KillsAtMost(10, 1.0), 10);
  EXPECT_EQ(Wl1KillsAtMost(0, 0.98), 0);
  // Monte Carlo of WL1's dice (rules.h): the bound holds 98% of the time.
  FastRandom rng(5);
  int over = 0;
  const int trials = 20000;
  for (int t = 0; t < trials; ++t) {
    int hits = 0;
    for (int i = 0; i < 30; ++i) hits += rng.NextDouble() < 0.6;
    over += hits > Wl1KillsAtMost(30, 0.98);
  }
  EXPECT_LE(over, trials * 0.02 * 1.2);
  EXPECT_GE(over, trials * 0.002);
}

TEST(AttackOddsTest, HugeArmiesAreFast) {
  const auto start = std::chrono::steady_clock::now();
  for (RuleSet rules : {RuleSet::kWl1, RuleSet::kDingle, RuleSet::kWl2}) {
    const TakeTable table(rules, 0.8);
    for (int d : {300, 1000, 5000, 100000, 100000000}) {
      const int a = table.Armies(d);
      EXPECT_GE(TakeProbability(rules, a, d), 0.8) << d;
      EXPECT_LT(TakeProbability(rules, a - 1, d), 0.8) << d;
      EXPECT_LT(a, 2 * d) << d;
    }
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

}  // namespace
}  // namespace wl
