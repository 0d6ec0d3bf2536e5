// Unit tests of java_random.h: JavaRandom against values printed by
// OpenJDK's java.util.Random (spec section 10), the engine's index choice,
// and FastRandom's sanity (it is not the official stream).
#include "java_random.h"

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace wl {
namespace {

// Hands out scripted doubles; no CountBelow, like JavaRandom.
class ScriptedRandom {
 public:
  explicit ScriptedRandom(std::vector<double> script)
      : script_(std::move(script)) {}
  double NextDouble() {
    if (next_ >= script_.size()) {
      ADD_FAILURE() << "draw beyond the script";
      return 0.5;
    }
    return script_[next_++];
  }
  size_t draws() const { return next_; }

 private:
  std::vector<double> script_;
  size_t next_ = 0;
};

TEST(JavaRandomTest, Seed12345GivesTheSpecVectors) {
  JavaRandom rng(12345);
  EXPECT_EQ(rng.NextDouble(), 0.3618031071604718);
  EXPECT_EQ(rng.NextDouble(), 0.932993485288541);
  EXPECT_EQ(rng.NextDouble(), 0.8330913489710237);
  EXPECT_EQ(rng.NextDouble(), 0.32647575623792624);
  EXPECT_EQ(rng.NextDouble(), 0.2355237906476252);
}

TEST(JavaRandomTest, NextThirtyTwoBitsMatchesJavaNextInt) {
  // new Random(42).nextInt(), three times (OpenJDK).
  JavaRandom rng(42);
  EXPECT_EQ(rng.Next(32), -1170105035);
  EXPECT_EQ(rng.Next(32), 234785527);
  EXPECT_EQ(rng.Next(32), -1360544799);
}

// Java's nextLong with a negative high word. NextU64 once shifted a
// negative int64_t (undefined in C++17; UBSan aborted here for seeds 12345
// and 7); the values must match Java's two's-complement wrap-around.
TEST(JavaRandomTest, NextU64MatchesJavaNextLong) {
  EXPECT_EQ(static_cast<int64_t>(JavaRandom(12345).NextU64()),
            int64_t{6674089274190705457});
  // Seed 7: the first and second have a negative low word.
  JavaRandom rng(7);
  EXPECT_EQ(static_cast<int64_t>(rng.NextU64()), int64_t{-4967725919621401576});
  EXPECT_EQ(static_cast<int64_t>(rng.NextU64()), int64_t{-4627004027837150407});
  EXPECT_EQ(static_cast<int64_t>(rng.NextU64()), int64_t{6425179856112732765});
}

TEST(JavaRandomTest, NegativeSeedMatchesJava) {
  JavaRandom rng(-1);
  EXPECT_EQ(rng.NextDouble(), 0.26894263088050496);
  EXPECT_EQ(rng.Next(32), 52699159);
}

TEST(JavaRandomTest, OnlyTheLow48BitsOfTheSeedMatter) {
  // new Random(Long.MIN_VALUE) and new Random(0) agree (OpenJDK).
  JavaRandom low(0);
  JavaRandom high(INT64_MIN);
  EXPECT_EQ(low.NextDouble(), 0.730967787376657);
  EXPECT_EQ(high.NextDouble(), 0.730967787376657);
  EXPECT_EQ(static_cast<int64_t>(low.NextU64()), int64_t{4437113781045784766});
}

TEST(JavaRandomTest, SetSeedRestartsTheStream) {
  JavaRandom rng(5);
  for (int i = 0; i < 7; ++i) rng.NextDouble();
  rng.SetSeed(12345);
  EXPECT_EQ(rng.NextDouble(), 0.3618031071604718);
}

TEST(JavaRandomTest, NextDoubleIsInTheUnitInterval) {
  JavaRandom rng(1);
  for (int i = 0; i < 100000; ++i) {
    double r = rng.NextDouble();
    ASSERT_GE(r, 0.0);
    ASSERT_LT(r, 1.0);
  }
}

TEST(JavaRandomTest, IndexChoiceIsByTruncation) {
  ScriptedRandom rng({0.99, 0.75, 0.0, 0.9999999999999999, 0.5});
  EXPECT_EQ(RandomIndex(rng, 10), 9);  // 9.9, not rounded to 10
  EXPECT_EQ(RandomIndex(rng, 2), 1);   // 1.5, not 2
  EXPECT_EQ(RandomIndex(rng, 7), 0);
  EXPECT_EQ(RandomIndex(rng, 3), 2);  // Java: (int)(0.9999999999999999 * 3)
  EXPECT_EQ(RandomIndex(rng, 1), 0);
  EXPECT_EQ(rng.draws(), 5u);  // one draw per choice
}

TEST(JavaRandomTest, IndexChoiceOnSeed12345) {
  // (int)(0.3618 * 20) = 7, (int)(0.9330 * 20) = 18, (int)(0.8331 * 5) = 4.
  JavaRandom rng(12345);
  EXPECT_EQ(RandomIndex(rng, 20), 7);
  EXPECT_EQ(RandomIndex(rng, 20), 18);
  EXPECT_EQ(RandomIndex(rng, 5), 4);
}

TEST(JavaRandomTest, CountBelowOnJavaRandomDrawsOneDoublePerTrialInOrder) {
  JavaRandom counted(77), manual(77);
  for (int n : {0, 1, 5, 13}) {
    int expected = 0;
    for (int i = 0; i < n; ++i) expected += manual.NextDouble() < 0.6;
    EXPECT_EQ(CountBelow(counted, n, 0.6), expected) << n;
  }
  // Exactly as many draws were made: the streams are still in step.
  EXPECT_EQ(counted.NextDouble(), manual.NextDouble());
}

TEST(JavaRandomTest, CountBelowThresholdIsStrict) {
  ScriptedRandom rng({0.6, std::nextafter(0.6, 0.0), 0.0, 0.7});
  EXPECT_EQ(CountBelow(rng, 4, 0.6), 2);
  EXPECT_EQ(rng.draws(), 4u);
}

TEST(JavaRandomTest, OnlyFastRandomHasItsOwnCountBelow) {
  EXPECT_TRUE(HasCountBelow<FastRandom>::value);
  EXPECT_FALSE(HasCountBelow<JavaRandom>::value);
  EXPECT_FALSE(HasCountBelow<ScriptedRandom>::value);
}

TEST(JavaRandomTest, FastRandomIsDeterministicPerSeed) {
  FastRandom a(3), b(3), c(4);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.NextU64();
    EXPECT_EQ(x, b.NextU64());
    differs |= x != c.NextU64();
  }
  EXPECT_TRUE(differs);
  a.SetSeed(3);
  FastRandom fresh(3);
  EXPECT_EQ(a.NextU64(), fresh.NextU64());
}

TEST(JavaRandomTest, FastRandomNextDoubleIsUniformOnTheUnitInterval) {
  FastRandom rng(11);
  constexpr int kDraws = 200000;
  int buckets[10] = {};
  double sum = 0;
  for (int i = 0; i < kDraws; ++i) {
    double r = rng.NextDouble();
    ASSERT_GE(r, 0.0);
    ASSERT_LT(r, 1.0);
    sum += r;
    ++buckets[static_cast<int>(r * 10)];
  }
  EXPECT_NEAR(sum / kDraws, 0.5, 0.005);
  for (int b : buckets) EXPECT_NEAR(b, kDraws / 10, kDraws / 100);
}

TEST(JavaRandomTest, FastRandomCountBelowEdgeProbabilities) {
  FastRandom rng(5);
  for (int n = 0; n <= 9; ++n) {
    EXPECT_EQ(CountBelow(rng, n, 0.0), 0) << n;
    EXPECT_EQ(CountBelow(rng, n, 1.0), n) << n;
  }
}

TEST(JavaRandomTest, FastRandomCountBelowIsBinomial) {
  // Each count's frequency is within 0.006 of the binomial probability, for
  // odd and even n and both combat thresholds.
  constexpr int kTrials = 200000;
  for (int n : {1, 2, 5, 8}) {
    for (double p : {0.6, 0.7}) {
      FastRandom rng(1000 + n);
      std::vector<int> seen(n + 1, 0);
      for (int t = 0; t < kTrials; ++t) {
        int k = CountBelow(rng, n, p);
        ASSERT_GE(k, 0);
        ASSERT_LE(k, n);
        ++seen[k];
      }
      double choose = 1;  // C(n, k)
      for (int k = 0; k <= n; ++k) {
        double expected = choose * std::pow(p, k) * std::pow(1 - p, n - k);
        EXPECT_NEAR(static_cast<double>(seen[k]) / kTrials, expected, 0.006)
            << "n=" << n << " p=" << p << " k=" << k;
        choose = choose * (n - k) / (k + 1);
      }
    }
  }
}

TEST(JavaRandomTest, FastRandomCountBelowTakesOneWordPerTwoTrials) {
  FastRandom counted(9), manual(9);
  CountBelow(counted, 5, 0.6);
  for (int i = 0; i < 3; ++i) manual.NextU64();
  EXPECT_EQ(counted.NextU64(), manual.NextU64());
}

// The Dingle spec's vectors (dingle §10), OpenJDK: new Random(1), mixing
// nextInt(bound), nextInt() (next(32), signed) and nextDouble().
TEST(JavaRandomTest, Seed1GivesTheDingleSpecVectors) {
  JavaRandom rng(1);
  EXPECT_EQ(rng.NextInt(42), 39);
  EXPECT_EQ(rng.NextInt(38), 18);
  EXPECT_EQ(rng.NextInt(), 1761283695);
  EXPECT_EQ(rng.NextDouble(), 0.4074398012118764);
  EXPECT_EQ(rng.NextInt(6), 4);
  EXPECT_EQ(rng.NextDouble(), 0.3327170559595112);
}

TEST(JavaRandomTest, NextIntIsNext32) {
  JavaRandom a(42), b(42);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(a.NextInt(), b.Next(32));
}

TEST(JavaRandomTest, FastRandomNextIntStaysBelowTheBoundAndCoversIt) {
  FastRandom rng(5);
  for (int bound : {1, 2, 3, 7, 42}) {
    std::vector<int> seen(bound, 0);
    for (int i = 0; i < 100 * bound; ++i) {
      const int r = rng.NextInt(bound);
      ASSERT_GE(r, 0);
      ASSERT_LT(r, bound);
      ++seen[r];
    }
    for (int k = 0; k < bound; ++k) EXPECT_GT(seen[k], 50) << bound << " " << k;
  }
  bool negative = false, positive = false;
  for (int i = 0; i < 64; ++i) (rng.NextInt() < 0 ? negative : positive) = true;
  EXPECT_TRUE(negative && positive);
}

}  // namespace
}  // namespace wl
