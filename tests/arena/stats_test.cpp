// The arena statistics against values worked out by hand; the arithmetic is
// in the comments. z = kZ95 = 1.959963984540054, z^2 = 3.8414588206941254.
#include "arena/stats.h"

#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

Score Make(int wins, int draws, int losses) {
  Score s;
  s.wins = wins;
  s.draws = draws;
  s.losses = losses;
  return s;
}

// The logistic expected score of an Elo difference, for the tests' own
// arithmetic.
double S(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

TEST(StatsScore, CountsPointsAndRate) {
  const Score s = Make(60, 20, 20);
  EXPECT_EQ(s.games(), 100);
  EXPECT_DOUBLE_EQ(s.points(), 70.0);  // 60 + 20 / 2
  EXPECT_DOUBLE_EQ(s.rate(), 0.7);     // 70 / 100
  EXPECT_DOUBLE_EQ(Make(0, 1, 0).rate(), 0.5);
  EXPECT_EQ(Score().games(), 0);
  EXPECT_DOUBLE_EQ(Score().rate(), 0.5);  // no games: neutral
}

// Wilson: d = 1 + z^2/n, center = (p + z^2/2n) / d,
// half = z / d * sqrt(p(1-p)/n + z^2/4n^2).
TEST(StatsWilson, SevenOutOfTen) {
  // z^2/n = 0.38414588, d = 1.38414588; center = (0.7 + 0.19207294) / d
  // = 0.64449344; radicand = 0.021 + 0.00960365 = 0.03060365, sqrt =
  // 0.17493898; half = 1.95996398 * 0.17493898 / 1.38414588 = 0.24771529.
  const Interval i = WilsonInterval(7, 10);
  EXPECT_NEAR(i.low, 0.39677815, 1e-8);   // 0.64449344 - 0.24771529
  EXPECT_NEAR(i.high, 0.89220873, 1e-8);  // 0.64449344 + 0.24771529
}

TEST(StatsWilson, NoneOutOfTen) {
  // p = 0: center = 0.19207294 / 1.38414588 = 0.13876640; half = 1.95996398
  // * sqrt(0.00960365) / 1.38414588 = 1.95996398 * 0.09799820 / 1.38414588
  // = 0.13876640 = center, so the interval starts at exactly 0.
  const Interval i = WilsonInterval(0, 10);
  EXPECT_NEAR(i.low, 0.0, 1e-12);
  EXPECT_GE(i.low, 0.0);
  EXPECT_NEAR(i.high, 0.27753280, 1e-8);  // 2 * 0.13876640
}

TEST(StatsWilson, TenOutOfTen) {
  // The mirror image of 0/10: [1 - 0.27753280, 1].
  const Interval i = WilsonInterval(10, 10);
  EXPECT_NEAR(i.low, 0.72246720, 1e-8);
  EXPECT_NEAR(i.high, 1.0, 1e-12);
  EXPECT_LE(i.high, 1.0);
}

TEST(StatsWilson, FiftyOutOfHundred) {
  // z^2/n = 0.03841459, d = 1.03841459; center = (0.5 + 0.01920729) / d
  // = 0.5 exactly; radicand = 0.0025 + 0.00009604 = 0.00259604, sqrt =
  // 0.05095131; half = 1.95996398 * 0.05095131 / 1.03841459 = 0.09616847.
  const Interval i = WilsonInterval(50, 100);
  EXPECT_NEAR(i.low, 0.40383153, 1e-8);
  EXPECT_NEAR(i.high, 0.59616847, 1e-8);
}

TEST(StatsWilson, HalfPointsAndBadInput) {
  // A score of 70 points in 100 games (draws half): p = 0.7, n = 100:
  // d = 1.03841459, center = (0.7 + 0.01920729) / d = 0.69260130,
  // radicand = 0.0021 + 0.00009604 = 0.00219604, sqrt = 0.04686189,
  // half = 1.95996398 * 0.04686189 / 1.03841459 = 0.08844985.
  const Interval i = WilsonInterval(Make(60, 20, 20).points(), 100);
  EXPECT_NEAR(i.low, 0.60415145, 1e-8);
  EXPECT_NEAR(i.high, 0.78105115, 1e-8);
  // No trials: nothing known.
  const Interval none = WilsonInterval(0, 0);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_EQ(none.high, 1.0);
  // Successes are clamped to [0, n]; z's sign does not matter.
  const Interval over = WilsonInterval(12, 10);
  EXPECT_NEAR(over.low, 0.72246720, 1e-8);
  const Interval negative_z = WilsonInterval(7, 10, -kZ95);
  EXPECT_NEAR(negative_z.low, 0.39677815, 1e-8);
  // A wider z gives a wider interval: z = 2.5758293 (99%).
  const Interval wide = WilsonInterval(7, 10, 2.5758293035489);
  EXPECT_LT(wide.low, 0.39677815);
  EXPECT_GT(wide.high, 0.89220873);
}

TEST(StatsElo, FromScore) {
  EXPECT_DOUBLE_EQ(EloFromScore(0.5), 0.0);  // -400 log10(1) = 0
  // 0.75: -400 log10(1/0.75 - 1) = -400 log10(1/3) = 400 * 0.47712125
  // = 190.8485.
  EXPECT_NEAR(EloFromScore(0.75), 190.8485, 1e-4);
  EXPECT_NEAR(EloFromScore(0.25), -190.8485, 1e-4);
  // 0.7: -400 log10(0.42857143) = -400 * -0.36797679 = 147.1907.
  EXPECT_NEAR(EloFromScore(0.7), 147.1907, 1e-4);
}

TEST(StatsElo, ClampedAtTheEnds) {
  // Clamped to [0.001, 0.999]: 400 log10(0.999 / 0.001) = 400 log10(999)
  // = 400 * 2.99956549 = 1199.8262.
  EXPECT_NEAR(MaxElo(), 1199.8262, 1e-4);
  EXPECT_DOUBLE_EQ(EloFromScore(1.0), MaxElo());
  EXPECT_DOUBLE_EQ(EloFromScore(0.9995), MaxElo());
  EXPECT_DOUBLE_EQ(EloFromScore(2.0), MaxElo());
  EXPECT_DOUBLE_EQ(EloFromScore(0.0), -MaxElo());
  EXPECT_DOUBLE_EQ(EloFromScore(-1.0), -MaxElo());
  EXPECT_TRUE(std::isfinite(EloFromScore(1.0)));
  EXPECT_TRUE(std::isnan(EloFromScore(std::nan(""))));
  // Still strictly increasing inside the clamp.
  EXPECT_LT(EloFromScore(0.998), EloFromScore(0.9985));
}

TEST(StatsEloDifference, SixtyTwentyTwenty) {
  // w = 0.6, d = 0.2, l = 0.2, n = 100; mu = 0.6 + 0.2 / 2 = 0.7;
  // var = 0.6 * 0.3^2 + 0.2 * 0.2^2 + 0.2 * 0.7^2 = 0.054 + 0.008 + 0.098
  // = 0.16; se = sqrt(0.16 / 100) = 0.04; z * se = 0.07839856.
  // low: mu - 0.07839856 = 0.62160144, 1/0.62160144 - 1 = 0.60874788,
  //   -400 log10(0.60874788) = -400 * -0.21556254 = 86.2250.
  // high: 0.77839856, 1/0.77839856 - 1 = 0.28468891,
  //   -400 log10(0.28468891) = -400 * -0.54562944 = 218.2518.
  const EloEstimate e = EloDifference(Make(60, 20, 20));
  EXPECT_NEAR(e.elo, 147.1907, 1e-4);
  EXPECT_NEAR(e.low, 86.2250, 1e-4);
  EXPECT_NEAR(e.high, 218.2518, 1e-4);
}

TEST(StatsEloDifference, MirrorAndSymmetry) {
  const EloEstimate e = EloDifference(Make(20, 20, 60));
  EXPECT_NEAR(e.elo, -147.1907, 1e-4);
  EXPECT_NEAR(e.low, -218.2518, 1e-4);
  EXPECT_NEAR(e.high, -86.2250, 1e-4);
  // W/D/L = 3/4/3: mu = 0.5, var = 0.3 * 0.25 * 2 = 0.15, se = sqrt(0.015)
  // = 0.12247449, z * se = 0.24004558; Elo(0.74004558): 1/0.74004558 - 1
  // = 0.35126811, -400 log10(0.35126811) = 181.7445.
  const EloEstimate even = EloDifference(Make(3, 4, 3));
  EXPECT_DOUBLE_EQ(even.elo, 0.0);
  EXPECT_NEAR(even.high, 181.7445, 1e-4);
  EXPECT_NEAR(even.low, -181.7445, 1e-4);
}

TEST(StatsEloDifference, EdgeCases) {
  // No games: nothing known.
  const EloEstimate none = EloDifference(Score());
  EXPECT_EQ(none.elo, 0.0);
  EXPECT_DOUBLE_EQ(none.low, -MaxElo());
  EXPECT_DOUBLE_EQ(none.high, MaxElo());
  // All wins: zero variance, so the Wilson interval of 10/10, [0.72246720,
  // 1]: 1/0.72246720 - 1 = 0.38414588, -400 log10(0.38414588) = 166.2015.
  const EloEstimate wins = EloDifference(Make(10, 0, 0));
  EXPECT_DOUBLE_EQ(wins.elo, MaxElo());
  EXPECT_NEAR(wins.low, 166.2015, 1e-4);
  EXPECT_DOUBLE_EQ(wins.high, MaxElo());
  const EloEstimate losses = EloDifference(Make(0, 0, 10));
  EXPECT_DOUBLE_EQ(losses.elo, -MaxElo());
  EXPECT_DOUBLE_EQ(losses.low, -MaxElo());
  EXPECT_NEAR(losses.high, -166.2015, 1e-4);
  // All draws: 5 points of 10, Wilson [0.5 - h, 0.5 + h] with d = 1.38414588,
  // h = 1.95996398 * sqrt(0.025 + 0.00960365) / d = 1.95996398 * 0.18602056
  // / 1.38414588 = 0.26340691; Elo(0.76340691): 1/0.76340691 - 1 =
  // 0.30991741, -400 log10(0.30991741) = 203.5016.
  const EloEstimate draws = EloDifference(Make(0, 10, 0));
  EXPECT_DOUBLE_EQ(draws.elo, 0.0);
  EXPECT_NEAR(draws.low, -203.5016, 1e-4);
  EXPECT_NEAR(draws.high, 203.5016, 1e-4);
  // Negative counts count as zero.
  const EloEstimate negative = EloDifference(Make(60, 20, 20 - 1000));
  EXPECT_NEAR(negative.elo, EloFromScore(70.0 / 80.0), 1e-9);
}

TEST(StatsSprt, Bounds) {
  // log(0.05 / 0.95) = -log(19) = -2.94443898; log(0.95 / 0.05) = log(19).
  const Sprt t = SprtTest(Make(5, 5, 5), 0, 10);
  EXPECT_NEAR(t.lower_bound, -2.94443898, 1e-8);
  EXPECT_NEAR(t.upper_bound, 2.94443898, 1e-8);
  // alpha = 0.05, beta = 0.1: log(0.1 / 0.95) = -2.25129180,
  // log(0.9 / 0.05) = log(18) = 2.89037176.
  const Sprt u = SprtTest(Make(5, 5, 5), 0, 10, 0.05, 0.1);
  EXPECT_NEAR(u.lower_bound, -2.25129180, 1e-8);
  EXPECT_NEAR(u.upper_bound, 2.89037176, 1e-8);
}

// The worked example: W/D/L = 60/20/20, so p = (l, d, w) = (0.2, 0.2, 0.6)
// on a = (0, 1/2, 1); H0: elo0 = 0 (s0 = 0.5), H1: elo1 = 400 log10(3)
// (s1 = 0.75). The MLE with mean s is p_i / (1 + x (a_i - s)), x the root of
// sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0 in (-1/(1-s), 1/s).
//
// s0 = 0.5: a - s = (-1/2, 0, 1/2); the draw term vanishes:
//   0.6 * 0.5 / (1 + x/2) = 0.2 * 0.5 / (1 - x/2)  =>  0.6 (1 - x/2)
//   = 0.2 (1 + x/2)  =>  x = 1, p0 = (0.2 / 0.5, 0.2, 0.6 / 1.5)
//   = (0.4, 0.2, 0.4), mean 0.2 + 0.4 = 0.5.
// s1 = 0.75: a - s = (-3/4, -1/4, 1/4); with u = x/4, times 4:
//   -0.6 / (1 - 3u) - 0.2 / (1 - u) + 0.6 / (1 + u) = 0; times the
//   denominators: -0.6 (1 - u^2) - 0.2 (1 - 2u - 3u^2) + 0.6 (1 - 4u + 3u^2)
//   = -0.2 - 2u + 3u^2 = 0  =>  15u^2 - 10u - 1 = 0, u = (5 +- 2 sqrt(10))
//   / 15; in (-1, 1/3): u = (5 - 6.32455532) / 15 = -0.08830369.
//   p1 = (0.2 / (1 - 3u), 0.2 / (1 - u), 0.6 / (1 + u))
//      = (0.2 / 1.26491106, 0.2 / 1.08830369, 0.6 / 0.91169631)
//      = (0.15811388, 0.18377223, 0.65811388): sum 1, mean
//      0.09188612 + 0.65811388 = 0.75.
// LLR = 20 log(0.15811388 / 0.4) + 20 log(0.18377223 / 0.2)
//       + 60 log(0.65811388 / 0.4)
//     = 20 (-0.92814900) + 20 (-0.08462023) + 60 (0.49791344)
//     = -18.56298 - 1.69240 + 29.87481 = 9.61942 > 2.944: accept H1.
TEST(StatsSprt, WorkedExample) {
  const double elo1 = 400.0 * std::log10(3.0);
  const Sprt t = SprtTest(Make(60, 20, 20), 0.0, elo1);
  EXPECT_NEAR(t.llr, 9.61942, 1e-5);
  EXPECT_EQ(t.decision, SprtDecision::kAcceptH1);
  // Swapping the hypotheses negates the LLR: now H0 (elo 190.85) wins.
  const Sprt swapped = SprtTest(Make(60, 20, 20), elo1, 0.0);
  EXPECT_NEAR(swapped.llr, -9.61942, 1e-5);
  EXPECT_EQ(swapped.decision, SprtDecision::kAcceptH0);
  // The mirror record against the mirror hypotheses gives the same LLR.
  const Sprt mirror = SprtTest(Make(20, 20, 60), 0.0, -elo1);
  EXPECT_NEAR(mirror.llr, 9.61942, 1e-5);
}

// For a small elo1 - elo0 the exact LLR is close to the normal
// approximation N (s1 - s0) (2 mu - s0 - s1) / (2 var) (fishtest LLR_alt2).
TEST(StatsSprt, CloseToTheNormalApproximation) {
  // W/D/L = 300/400/300, [0, 5]: mu = 0.5, var = 0.6 * 0.25 = 0.15,
  // s0 = 0.5, s1 = S(5) = 0.50719508; N (s1 - s0)(2 mu - s0 - s1) / 2 var
  // = 1000 * 0.00719508 * -0.00719508 / 0.3 = -0.17256; the exact LLR is
  // -0.17257.
  const Sprt even = SprtTest(Make(300, 400, 300), 0, 5);
  EXPECT_NEAR(even.llr, -0.17257, 2e-5);
  EXPECT_EQ(even.decision, SprtDecision::kContinue);
  // And a sweep: within 2% of the approximation.
  for (int wins = 280; wins <= 340; wins += 10) {
    const Score s = Make(wins, 400, 600 - wins);
    const double n = s.games(), mu = s.rate();
    const double var =
        (s.wins * (1 - mu) * (1 - mu) + s.draws * (0.5 - mu) * (0.5 - mu) +
         s.losses * mu * mu) /
        n;
    const double s0 = S(0), s1 = S(5);
    const double approx = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var);
    EXPECT_NEAR(SprtTest(s, 0, 5).llr, approx, 0.02 * std::fabs(approx) + 1e-3)
        << "wins " << wins;
  }
}

// A record of only wins: counts of 0 become 1e-3 (fishtest's regularize),
// and the LLR tends to wins * log(s1 / s0) as that 1e-3 goes to 0:
// s1 = S(10) = 0.51438718, log(0.51438718 / 0.5) = 0.02836816 per win.
// 2.94443898 / 0.02836816 = 103.8: the 104th win accepts H1.
TEST(StatsSprt, StraightWinsAcceptH1) {
  const Sprt one = SprtTest(Make(1, 0, 0), 0, 10);
  EXPECT_NEAR(one.llr, 0.02836816, 1e-5);
  EXPECT_EQ(one.decision, SprtDecision::kContinue);
  const Sprt before = SprtTest(Make(103, 0, 0), 0, 10);
  EXPECT_NEAR(before.llr, 103 * 0.02836816, 1e-4);  // 2.92192
  EXPECT_EQ(before.decision, SprtDecision::kContinue);
  const Sprt after = SprtTest(Make(104, 0, 0), 0, 10);
  EXPECT_NEAR(after.llr, 104 * 0.02836816, 1e-4);  // 2.95029
  EXPECT_EQ(after.decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(SprtTest(Make(1000, 0, 0), 0, 10).decision,
            SprtDecision::kAcceptH1);
}

// Only losses: per loss log((1 - s1) / (1 - s0)) = log(0.48561282 / 0.5)
// = -0.02919646; 2.94443898 / 0.02919646 = 100.85: the 101st loss accepts H0.
TEST(StatsSprt, StraightLossesAcceptH0) {
  const Sprt before = SprtTest(Make(0, 0, 100), 0, 10);
  EXPECT_NEAR(before.llr, -100 * 0.02919646, 1e-4);  // -2.91965
  EXPECT_EQ(before.decision, SprtDecision::kContinue);
  const Sprt after = SprtTest(Make(0, 0, 101), 0, 10);
  EXPECT_NEAR(after.llr, -101 * 0.02919646, 1e-4);  // -2.94884
  EXPECT_EQ(after.decision, SprtDecision::kAcceptH0);
  EXPECT_EQ(SprtTest(Make(0, 0, 1000), 0, 10).decision,
            SprtDecision::kAcceptH0);
  // Even play, many games: H0 (elo 0) is the better fit.
  EXPECT_EQ(SprtTest(Make(2000, 2000, 2000), 0, 10).decision,
            SprtDecision::kAcceptH0);
}

TEST(StatsSprt, DegenerateInputsContinue) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const Sprt& t :
       {SprtTest(Score(), 0, 10), SprtTest(Make(50, 0, 0), 5, 5),
        SprtTest(Make(50, 0, 0), 0, inf), SprtTest(Make(50, 0, 0), -inf, 0),
        SprtTest(Make(50, 0, 0), 0, std::nan("")),
        SprtTest(Make(50, 0, 0), 0, 1e6)}) {
    EXPECT_EQ(t.llr, 0.0);
    EXPECT_EQ(t.decision, SprtDecision::kContinue);
  }
  // All draws has zero variance but a finite LLR: s0 = 0.5 fits exactly.
  const Sprt draws = SprtTest(Make(0, 30, 0), 0, 10);
  EXPECT_TRUE(std::isfinite(draws.llr));
  EXPECT_LT(draws.llr, 0.0);
}

}  // namespace
}  // namespace wl::tools
