// The arena statistics against values worked out by hand; the arithmetic is
// in the comments. z = kZ95 = 1.959963984540054, z^2 = 3.8414588206941254.
#include "arena/stats.h"

#include <array>
#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

Pentanomial Pairs(int p0, int p05, int p1, int p15, int p2) {
  Pentanomial p;
  p.counts = {p0, p05, p1, p15, p2};
  return p;
}

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

// Pentanomial: pairs scoring 0, 0.5, 1, 1.5, 2 points, i.e. a = (0, 1/4,
// 1/2, 3/4, 1) per game.
TEST(StatsPentanomial, AddPairCountsThePairsPoints) {
  Pentanomial p;
  EXPECT_TRUE(p.AddPair(0.0, 0.0));  // 0
  EXPECT_TRUE(p.AddPair(0.5, 0.0));  // 0.5
  EXPECT_TRUE(p.AddPair(0.0, 0.5));  // 0.5, either order
  EXPECT_TRUE(p.AddPair(1.0, 0.0));  // 1: a win and a loss
  EXPECT_TRUE(p.AddPair(0.5, 0.5));  // 1: two draws, the same bucket
  EXPECT_TRUE(p.AddPair(1.0, 0.5));  // 1.5
  EXPECT_TRUE(p.AddPair(1.0, 1.0));  // 2
  const std::array<int, 5> expected = {1, 2, 2, 1, 1};
  EXPECT_EQ(p.counts, expected);
  // Anything but 0, 0.5 or 1 counts nothing.
  EXPECT_FALSE(p.AddPair(0.3, 1.0));
  EXPECT_FALSE(p.AddPair(1.0, 2.0));
  EXPECT_FALSE(p.AddPair(-1.0, 0.0));
  EXPECT_FALSE(p.AddPair(std::nan(""), 0.0));
  EXPECT_EQ(p.counts, expected);
  EXPECT_EQ(p.pairs(), 7);
  // 0 + 0.5 + 0.5 + 1 + 1 + 1.5 + 2 = 6.5 points in 14 games.
  EXPECT_DOUBLE_EQ(p.points(), 6.5);
  EXPECT_DOUBLE_EQ(p.rate(), 6.5 / 14);
}

TEST(StatsPentanomial, MeanAndVariancePerPair) {
  // {1, 2, 4, 2, 1}, n = 10: mu = (2/4 + 4/2 + 2 * 3/4 + 1) / 10 = 5 / 10
  // = 0.5; var = (1/4 + 2/16 + 0 + 2/16 + 1/4) / 10 = 0.75 / 10 = 0.075.
  const Pentanomial even = Pairs(1, 2, 4, 2, 1);
  EXPECT_EQ(even.pairs(), 10);
  EXPECT_DOUBLE_EQ(even.points(), 10.0);  // 1 + 4 + 3 + 2
  EXPECT_DOUBLE_EQ(even.rate(), 0.5);
  EXPECT_NEAR(even.variance(), 0.075, 1e-15);
  // {0, 1, 5, 3, 1}: points 0.5 + 5 + 4.5 + 2 = 12 of 20, mu = 0.6;
  // deviations (-0.35, -0.1, 0.15, 0.4): var = (0.1225 + 5 * 0.01 + 3 *
  // 0.0225 + 0.16) / 10 = 0.4 / 10 = 0.04.
  const Pentanomial lopsided = Pairs(0, 1, 5, 3, 1);
  EXPECT_DOUBLE_EQ(lopsided.rate(), 0.6);
  EXPECT_NEAR(lopsided.variance(), 0.04, 1e-15);
  // No pair: neutral and no spread; negative counts count as zero.
  EXPECT_EQ(Pentanomial().pairs(), 0);
  EXPECT_DOUBLE_EQ(Pentanomial().rate(), 0.5);
  EXPECT_DOUBLE_EQ(Pentanomial().variance(), 0.0);
  const Pentanomial negative = Pairs(-5, 1, 5, 3, 1);
  EXPECT_EQ(negative.pairs(), 10);
  EXPECT_DOUBLE_EQ(negative.rate(), 0.6);
  EXPECT_NEAR(negative.variance(), 0.04, 1e-15);
}

// Independent games in each pair: the pentanomial interval is the trinomial
// one. {1, 2, 4, 2, 1} as LL, 2 LD, 2 DD + 2 WL, 2 WD, WW is W/D/L =
// 6/8/6 in 20 games: trinomial var = 12 * 0.25 / 20 = 0.15, se =
// sqrt(0.15 / 20) = sqrt(0.0075); pentanomial se = sqrt(0.075 / 10), the
// same. z * 0.08660254 = 0.16973786; Elo(0.66973786): 1/0.66973786 - 1 =
// 0.49311958, -400 log10(0.49311958) = 122.8184.
TEST(StatsPentanomialElo, IndependentPairsGiveTheTrinomialInterval) {
  const EloEstimate penta = EloDifference(Pairs(1, 2, 4, 2, 1));
  const EloEstimate tri = EloDifference(Make(6, 8, 6));
  EXPECT_DOUBLE_EQ(penta.elo, 0.0);
  EXPECT_NEAR(penta.low, -122.8184, 1e-4);
  EXPECT_NEAR(penta.high, 122.8184, 1e-4);
  EXPECT_NEAR(penta.low, tri.low, 1e-9);
  EXPECT_NEAR(penta.high, tri.high, 1e-9);
}

// Pairs the seat decides are narrower than the trinomial says.
// {0, 1, 5, 3, 1}: mu = 0.6, var = 0.04 (above), se = sqrt(0.004) =
// 0.06324555, z * se = 0.12395901. Elo(0.6) = -400 log10(2/3) = 70.4365;
// low: 1/0.47604099 - 1 = 1.10065934, -400 log10(1.10065934) = -16.6612;
// high: 1/0.72395901 - 1 = 0.38129106, -400 log10(0.38129106) = 167.4962.
// The same 20 games as a record, the pairs scoring 1 being a win and a loss:
// W = 5 + 3 + 2 = 10, D = 1 + 3 = 4, L = 1 + 5 = 6; var = (10 * 0.16 + 4 *
// 0.01 + 6 * 0.36) / 20 = 0.19, z sqrt(0.19 / 20) = 0.19103366, so
// [Elo(0.40896634), Elo(0.79103366)] = [-63.9699, 231.2474].
TEST(StatsPentanomialElo, CorrelatedPairsAreNarrower) {
  const EloEstimate penta = EloDifference(Pairs(0, 1, 5, 3, 1));
  EXPECT_NEAR(penta.elo, 70.4365, 1e-4);
  EXPECT_NEAR(penta.low, -16.6612, 1e-4);
  EXPECT_NEAR(penta.high, 167.4962, 1e-4);
  const EloEstimate tri = EloDifference(Make(10, 4, 6));
  EXPECT_DOUBLE_EQ(tri.elo, penta.elo);
  EXPECT_NEAR(tri.low, -63.9699, 1e-4);
  EXPECT_NEAR(tri.high, 231.2474, 1e-4);
  // The mirror record mirrors the interval.
  const EloEstimate mirror = EloDifference(Pairs(1, 3, 5, 1, 0));
  EXPECT_NEAR(mirror.elo, -70.4365, 1e-4);
  EXPECT_NEAR(mirror.low, -167.4962, 1e-4);
  EXPECT_NEAR(mirror.high, 16.6612, 1e-4);
}

// No pair, one pair, every pair alike: finite, and as wide as Wilson says.
// Wilson on n pairs, d = 1 + z^2 / n.
TEST(StatsPentanomialElo, EdgeCases) {
  const EloEstimate none = EloDifference(Pentanomial());
  EXPECT_EQ(none.elo, 0.0);
  EXPECT_DOUBLE_EQ(none.low, -MaxElo());
  EXPECT_DOUBLE_EQ(none.high, MaxElo());
  // 5 pairs of two wins: Wilson(5, 5), d = 1.76829176, center = (1 +
  // 0.38414588) / d = 0.78275877, half = z / d * sqrt(z^2 / 100) =
  // 1.95996398 * 0.19599640 / 1.76829176 = 0.21724123; low = 0.56551754,
  // 1/low - 1 = 0.76828847, -400 log10(0.76828847) = 45.7895.
  const EloEstimate wins = EloDifference(Pairs(0, 0, 0, 0, 5));
  EXPECT_DOUBLE_EQ(wins.elo, MaxElo());
  EXPECT_NEAR(wins.low, 45.7895, 1e-4);
  EXPECT_DOUBLE_EQ(wins.high, MaxElo());
  // 5 pairs of 1 point (each a win and a loss, or two draws): 2.5 of 5,
  // center 0.5, half = z / d * sqrt(0.05 + 0.03841459) = 1.95996398 *
  // 0.29734591 / 1.76829176 = 0.32957642; Elo(0.82957642): 1/x - 1 =
  // 0.20543631, -400 log10(0.20543631) = 274.9307.
  const EloEstimate ones = EloDifference(Pairs(0, 0, 5, 0, 0));
  EXPECT_DOUBLE_EQ(ones.elo, 0.0);
  EXPECT_NEAR(ones.low, -274.9307, 1e-4);
  EXPECT_NEAR(ones.high, 274.9307, 1e-4);
  // One pair, a win and a draw: 0.75 of 1 trial, d = 4.84145882, center =
  // (0.75 + 1.92072941) / d = 0.55163733, half = z / d * sqrt(0.1875 +
  // 0.96036470) = 1.95996398 * 1.07138448 / 4.84145882 = 0.43372774;
  // low 0.11790959: 1/x - 1 = 7.48107, -400 log10(7.48107) = -349.5856;
  // high 0.98536507: 1/x - 1 = 0.01485226, -400 log10(0.01485226) =
  // 731.2826. Elo(0.75) = 190.8485.
  const EloEstimate one = EloDifference(Pairs(0, 0, 0, 1, 0));
  EXPECT_NEAR(one.elo, 190.8485, 1e-4);
  EXPECT_NEAR(one.low, -349.5856, 1e-4);
  EXPECT_NEAR(one.high, 731.2826, 1e-4);
  for (const Pentanomial& p :
       {Pentanomial(), Pairs(0, 0, 0, 0, 1), Pairs(1, 0, 0, 0, 0),
        Pairs(0, 0, 1, 0, 0), Pairs(0, 0, 0, 0, 1000000)}) {
    const EloEstimate e = EloDifference(p);
    EXPECT_TRUE(std::isfinite(e.elo) && std::isfinite(e.low) &&
                std::isfinite(e.high));
    EXPECT_LE(e.low, e.elo);
    EXPECT_LE(e.elo, e.high);
  }
}

// The exact pentanomial LLR, by hand. {1, 2, 4, 2, 1}, p = (0.1, 0.2, 0.4,
// 0.2, 0.1) on a = (0, 1/4, 1/2, 3/4, 1); H0: elo 0 (s0 = 0.5), H1: elo
// 400 log10(3) (s1 = 0.75).
// s0: f(0) = sum_i p_i (a_i - s0) = mu - s0 = 0, so x0 = 0 and p0 = p.
// s1: b = a - 0.75 = (-3/4, -1/2, -1/4, 0, 1/4); the root of
//   -0.075 / (1 - 3x/4) - 0.1 / (1 - x/2) - 0.1 / (1 - x/4)
//   + 0.025 / (1 + x/4) = 0
// in (-4, 4/3), by bisection: x1 = -3.146439475, so 1 + x1 b =
// (3.35982961, 2.57321974, 1.78660987, 1, 0.21339013) and p1 = p / that =
// (0.02976341, 0.07772364, 0.22388771, 0.2, 0.46862523): sum 1, mean
// 0.01943091 + 0.11194386 + 0.15 + 0.46862523 = 0.75.
// LLR = sum n_i log(p1_i / p0_i) = -sum n_i log(1 + x1 b_i)
//   = -(1.21189026 + 2 * 0.94515793 + 4 * 0.58031990 + 0 - 1.54463319)
//   = -3.87885252 (the normal approximation says -4.1667).
TEST(StatsPentanomialSprt, WorkedExample) {
  const double elo1 = 400.0 * std::log10(3.0);
  const Sprt t = SprtTest(Pairs(1, 2, 4, 2, 1), 0.0, elo1);
  EXPECT_NEAR(t.llr, -3.87885252, 1e-6);
  EXPECT_EQ(t.decision, SprtDecision::kAcceptH0);  // <= -2.944
  EXPECT_NEAR(t.lower_bound, -2.94443898, 1e-8);
  EXPECT_NEAR(t.upper_bound, 2.94443898, 1e-8);
  // Swapped hypotheses negate it; the mirror pairs against the mirror
  // hypotheses give it again.
  EXPECT_NEAR(SprtTest(Pairs(1, 2, 4, 2, 1), elo1, 0.0).llr, 3.87885252, 1e-6);
  EXPECT_NEAR(SprtTest(Pairs(1, 2, 4, 2, 1), 0.0, -elo1).llr, -3.87885252,
              1e-6);
}

// Independent pairs, small elo1 - elo0: the pentanomial and the trinomial
// LLR agree, both near the normal approximation n (s1 - s0) (2 mu - s0 -
// s1) / (2 var), s1 = S(5) = 0.50719508: pairs 10 * 0.00719508 *
// -0.00719508 / (2 * 0.075) = -0.00345128, games 20 * 0.00719508 *
// -0.00719508 / (2 * 0.15), the same (exact: penta -0.00345069, tri
// -0.00345148).
TEST(StatsPentanomialSprt, IndependentPairsAgreeWithTheTrinomial) {
  const double penta = SprtTest(Pairs(1, 2, 4, 2, 1), 0, 5).llr;
  const double tri = SprtTest(Make(6, 8, 6), 0, 5).llr;
  EXPECT_NEAR(penta, -0.00345069, 1e-8);
  EXPECT_NEAR(tri, -0.00345148, 1e-8);
  EXPECT_NEAR(penta, tri, 1e-6);
}

// Correlated pairs move the LLR about twice as fast: {5, 10, 60, 15, 10},
// 100 pairs, points 5 + 60 + 22.5 + 20 = 107.5 of 200, mu = 0.5375;
// deviations (-0.5375, -0.2875, -0.0375, 0.2125, 0.4625): var = (5 *
// 0.28890625 + 10 * 0.08265625 + 60 * 0.00140625 + 15 * 0.04515625 + 10 *
// 0.21390625) / 100 = 5.171875 / 100 = 0.05171875. Approximation for
// [0, 5]: 100 * 0.00719508 * (1.075 - 1.00719508) / (2 * 0.05171875) =
// 0.47165 (exact 0.46040). As games, the 1-point pairs a win and a loss:
// W = 60 + 15 + 20 = 95, D = 10 + 15 = 25, L = 10 + 10 + 60 = 80, var =
// (95 * 0.21390625 + 25 * 0.00140625 + 80 * 0.28890625) / 200 = 0.21734375,
// approximation 200 * 0.00719508 * 0.06780492 / 0.4346875 = 0.22447
// (exact 0.22306).
TEST(StatsPentanomialSprt, CorrelatedPairsMoveFaster) {
  const Pentanomial p = Pairs(5, 10, 60, 15, 10);
  EXPECT_NEAR(p.variance(), 0.05171875, 1e-12);
  EXPECT_NEAR(SprtTest(p, 0, 5).llr, 0.46040, 1e-5);
  EXPECT_NEAR(SprtTest(Make(95, 25, 80), 0, 5).llr, 0.22306, 1e-5);
}

// Without zero counts nothing is regularized, so k copies of a pattern give
// k times its LLR: the decision flips where k * llr crosses log(19) =
// 2.94443898. {1, 1, 5, 3, 1} on [0, 10]: 0.08536143 a copy, 2.94443898 /
// 0.08536143 = 34.49: 34 copies continue (2.90229), 35 accept H1
// (2.98765). {1, 3, 5, 1, 1}: -0.11390796 a copy, 25.85: 25 copies
// continue (-2.84770), 26 accept H0 (-2.96161).
TEST(StatsPentanomialSprt, DecisionFlipsAtTheBounds) {
  const auto times = [](int k, std::array<int, 5> c) {
    return Pairs(k * c[0], k * c[1], k * c[2], k * c[3], k * c[4]);
  };
  EXPECT_NEAR(SprtTest(times(1, {1, 1, 5, 3, 1}), 0, 10).llr, 0.08536143, 1e-7);
  const Sprt up34 = SprtTest(times(34, {1, 1, 5, 3, 1}), 0, 10);
  EXPECT_NEAR(up34.llr, 2.90228868, 1e-6);
  EXPECT_EQ(up34.decision, SprtDecision::kContinue);
  const Sprt up35 = SprtTest(times(35, {1, 1, 5, 3, 1}), 0, 10);
  EXPECT_NEAR(up35.llr, 2.98765012, 1e-6);
  EXPECT_EQ(up35.decision, SprtDecision::kAcceptH1);
  const Sprt down25 = SprtTest(times(25, {1, 3, 5, 1, 1}), 0, 10);
  EXPECT_NEAR(down25.llr, -2.84769904, 1e-6);
  EXPECT_EQ(down25.decision, SprtDecision::kContinue);
  const Sprt down26 = SprtTest(times(26, {1, 3, 5, 1, 1}), 0, 10);
  EXPECT_NEAR(down26.llr, -2.96160700, 1e-6);
  EXPECT_EQ(down26.decision, SprtDecision::kAcceptH0);
}

// Pairs all of one score have zero variance, but the regularized zeros keep
// the LLR finite: with only pairs of two wins it tends to pairs * log(s1 /
// s0) = 0.02836816 a pair for [0, 10] (0.02842 with the 1e-3 counts), so the
// 104th pair accepts H1, as the 104th straight win does in SprtTest(Score).
// Only pairs of two losses: -0.02919646 a pair, the 101st accepts H0.
TEST(StatsPentanomialSprt, OneScoreOnlyStaysFinite) {
  const Sprt one = SprtTest(Pairs(0, 0, 0, 0, 1), 0, 10);
  EXPECT_NEAR(one.llr, 0.02842381, 1e-6);
  EXPECT_EQ(one.decision, SprtDecision::kContinue);
  const Sprt before = SprtTest(Pairs(0, 0, 0, 0, 103), 0, 10);
  EXPECT_NEAR(before.llr, 2.92197639, 1e-6);
  EXPECT_EQ(before.decision, SprtDecision::kContinue);
  const Sprt after = SprtTest(Pairs(0, 0, 0, 0, 104), 0, 10);
  EXPECT_NEAR(after.llr, 2.95034455, 1e-6);
  EXPECT_EQ(after.decision, SprtDecision::kAcceptH1);
  const Sprt losses = SprtTest(Pairs(101, 0, 0, 0, 0), 0, 10);
  EXPECT_NEAR(losses.llr, -2.94890241, 1e-6);
  EXPECT_EQ(losses.decision, SprtDecision::kAcceptH0);
  EXPECT_EQ(SprtTest(Pairs(100, 0, 0, 0, 0), 0, 10).decision,
            SprtDecision::kContinue);
  // All pairs scoring 1: s0 = 0.5 fits exactly, finite and negative.
  const Sprt ones = SprtTest(Pairs(0, 0, 50, 0, 0), 0, 10);
  EXPECT_TRUE(std::isfinite(ones.llr));
  EXPECT_LT(ones.llr, 0.0);
}

TEST(StatsPentanomialSprt, DegenerateInputsContinue) {
  const double inf = std::numeric_limits<double>::infinity();
  const Pentanomial p = Pairs(1, 2, 4, 2, 1);
  for (const Sprt& t :
       {SprtTest(Pentanomial(), 0, 10), SprtTest(Pairs(-3, 0, 0, 0, 0), 0, 10),
        SprtTest(p, 5, 5), SprtTest(p, 0, inf), SprtTest(p, -inf, 0),
        SprtTest(p, 0, std::nan("")), SprtTest(p, 0, 1e6)}) {
    EXPECT_EQ(t.llr, 0.0);
    EXPECT_EQ(t.decision, SprtDecision::kContinue);
  }
}

}  // namespace
}  // namespace wl::tools
