#include "arena/stats.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace wl::tools {
namespace {

// A record as non-negative counts of losses, draws and wins, in the order of
// their scores a = (0, 1/2, 1).
struct Trinomial {
  std::array<double, 3> counts;
  double games;
};

Trinomial ToTrinomial(const Score& s) {
  Trinomial t;
  t.counts = {static_cast<double>(std::max(s.losses, 0)),
              static_cast<double>(std::max(s.draws, 0)),
              static_cast<double>(std::max(s.wins, 0))};
  t.games = t.counts[0] + t.counts[1] + t.counts[2];
  return t;
}

constexpr std::array<double, 3> kOutcomeScores = {0.0, 0.5, 1.0};

// The expected score of logistic Elo `elo`: 1 / (1 + 10^(-elo / 400)).
double ScoreFromElo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

// The trinomial with mean s that maximises the likelihood of the empirical
// distribution p (all p_i > 0, 0 < s < 1): p_i / (1 + x (a_i - s)) where x
// solves the secular equation f(x) = sum_i p_i (a_i - s) / (1 + x (a_i - s))
// = 0 on (-1 / (1 - s), 1 / s) (support_MLE_multinomial.pdf, Proposition
// 1.1; fishtest LLRcalc.MLE_expected). f falls strictly from +inf to -inf on
// that interval, so bisection finds the one root.
std::array<double, 3> MleWithMean(const std::array<double, 3>& p, double s) {
  std::array<double, 3> b;
  for (int i = 0; i < 3; ++i) b[i] = kOutcomeScores[i] - s;
  auto f = [&](double x) {
    double sum = 0.0;
    for (int i = 0; i < 3; ++i) sum += p[i] * b[i] / (1.0 + x * b[i]);
    return sum;
  };
  double lo = -1.0 / (1.0 - s);
  double hi = 1.0 / s;
  for (int iteration = 0; iteration < 400; ++iteration) {
    const double mid = lo + 0.5 * (hi - lo);
    if (mid <= lo || mid >= hi) break;  // the interval is one ulp wide
    if (f(mid) > 0.0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const double x = lo + 0.5 * (hi - lo);
  std::array<double, 3> mle;
  for (int i = 0; i < 3; ++i) mle[i] = p[i] / (1.0 + x * b[i]);
  return mle;
}

}  // namespace

double Score::rate() const {
  const int n = games();
  return n > 0 ? points() / n : 0.5;
}

Interval WilsonInterval(double successes, int n, double z) {
  if (n <= 0) return {0.0, 1.0};
  z = std::fabs(z);
  const double trials = n;
  const double p = std::clamp(successes, 0.0, trials) / trials;
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / trials;
  const double center = (p + z2 / (2.0 * trials)) / denominator;
  const double half =
      z / denominator *
      std::sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials));
  return {std::clamp(center - half, 0.0, 1.0),
          std::clamp(center + half, 0.0, 1.0)};
}

double EloFromScore(double score) {
  if (std::isnan(score)) return score;
  // Work on the lower half, where 1 - score is exact for the upper one, so
  // that EloFromScore(1 - x) == -EloFromScore(x) holds exactly.
  if (score > 0.5) return -EloFromScore(1.0 - std::min(score, 1.0));
  score = std::max(score, kEloScoreClamp);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double MaxElo() { return EloFromScore(1.0); }

EloEstimate EloDifference(const Score& s) {
  const Trinomial t = ToTrinomial(s);
  if (t.games <= 0.0) return {0.0, -MaxElo(), MaxElo()};
  double mu = 0.0;
  for (int i = 0; i < 3; ++i) mu += t.counts[i] / t.games * kOutcomeScores[i];
  double var = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double deviation = kOutcomeScores[i] - mu;
    var += t.counts[i] / t.games * deviation * deviation;
  }
  const double elo = EloFromScore(mu);
  if (var <= 0.0) {
    // Every game had the same result: fall back on the Wilson interval.
    const Interval w = WilsonInterval(t.counts[1] * 0.5 + t.counts[2],
                                      static_cast<int>(t.games));
    return {elo, EloFromScore(w.low), EloFromScore(w.high)};
  }
  const double margin = kZ95 * std::sqrt(var / t.games);
  return {elo, EloFromScore(mu - margin), EloFromScore(mu + margin)};
}

Sprt SprtTest(const Score& s, double elo0, double elo1, double alpha,
              double beta) {
  Sprt result;
  result.llr = 0.0;
  result.lower_bound = std::log(beta / (1.0 - alpha));
  result.upper_bound = std::log((1.0 - beta) / alpha);
  result.decision = SprtDecision::kContinue;

  const Trinomial t = ToTrinomial(s);
  const double s0 = ScoreFromElo(elo0);
  const double s1 = ScoreFromElo(elo1);
  const auto inside = [](double x) { return x > 0.0 && x < 1.0; };
  if (t.games <= 0.0 || elo0 == elo1 || !inside(s0) || !inside(s1)) {
    return result;
  }

  // fishtest LLRcalc.regularize: a count of 0 becomes 1e-3, so the
  // empirical distribution has every outcome and the MLEs exist.
  constexpr double kRegularizedZero = 1e-3;
  std::array<double, 3> counts = t.counts;
  double n = 0.0;
  for (double& c : counts) {
    if (c == 0.0) c = kRegularizedZero;
    n += c;
  }
  std::array<double, 3> p;
  for (int i = 0; i < 3; ++i) p[i] = counts[i] / n;

  const std::array<double, 3> p0 = MleWithMean(p, s0);
  const std::array<double, 3> p1 = MleWithMean(p, s1);
  double llr = 0.0;
  for (int i = 0; i < 3; ++i) llr += counts[i] * std::log(p1[i] / p0[i]);
  result.llr = llr;
  if (llr >= result.upper_bound) {
    result.decision = SprtDecision::kAcceptH1;
  } else if (llr <= result.lower_bound) {
    result.decision = SprtDecision::kAcceptH0;
  }
  return result;
}

}  // namespace wl::tools
