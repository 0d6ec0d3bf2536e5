#include "arena/stats.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace wl::tools {
namespace {

// A record as non-negative counts of outcomes with the scores a_i (ascending,
// from 0 to 1) they give the first player: games (0, 1/2, 1) for a Score,
// pairs (0, 1/4, 1/2, 3/4, 1) per game for a Pentanomial.
template <size_t N>
struct Outcomes {
  std::array<double, N> counts;
  std::array<double, N> scores;
  double total;
};

template <size_t N>
Outcomes<N> FromCounts(const std::array<int, N>& counts) {
  Outcomes<N> o;
  o.total = 0.0;
  for (size_t i = 0; i < N; ++i) {
    o.counts[i] = static_cast<double>(std::max(counts[i], 0));
    o.scores[i] = static_cast<double>(i) / static_cast<double>(N - 1);
    o.total += o.counts[i];
  }
  return o;
}

Outcomes<3> ToTrinomial(const Score& s) {
  return FromCounts<3>({s.losses, s.draws, s.wins});
}

// The mean score and the variance of the score over the outcomes, 0.5 and 0
// when there are none.
struct Moments {
  double mean;
  double variance;
};

template <size_t N>
Moments MomentsOf(const Outcomes<N>& o) {
  if (o.total <= 0.0) return {0.5, 0.0};
  double mean = 0.0;
  for (size_t i = 0; i < N; ++i) mean += o.counts[i] / o.total * o.scores[i];
  double variance = 0.0;
  for (size_t i = 0; i < N; ++i) {
    const double deviation = o.scores[i] - mean;
    variance += o.counts[i] / o.total * deviation * deviation;
  }
  return {mean, variance};
}

// The expected score of logistic Elo `elo`: 1 / (1 + 10^(-elo / 400)).
double ScoreFromElo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

// The distribution on the scores a (a_0 = 0, a_{N-1} = 1) with mean s that
// maximises the likelihood of the empirical distribution p (all p_i > 0,
// 0 < s < 1): p_i / (1 + x (a_i - s)) where x solves the secular equation
// f(x) = sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0 on (-1 / (1 - s), 1 / s)
// (support_MLE_multinomial.pdf, Proposition 1.1; fishtest
// LLRcalc.MLE_expected). f falls strictly from +inf to -inf on that
// interval, so bisection finds the one root.
template <size_t N>
std::array<double, N> MleWithMean(const std::array<double, N>& p,
                                  const std::array<double, N>& a, double s) {
  std::array<double, N> b;
  for (size_t i = 0; i < N; ++i) b[i] = a[i] - s;
  auto f = [&](double x) {
    double sum = 0.0;
    for (size_t i = 0; i < N; ++i) sum += p[i] * b[i] / (1.0 + x * b[i]);
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
  std::array<double, N> mle;
  for (size_t i = 0; i < N; ++i) mle[i] = p[i] / (1.0 + x * b[i]);
  return mle;
}

// EloDifference for games (N = 3) or pairs (N = 5): the normal interval of
// the mean score, or the Wilson interval of total trials when every outcome
// was the same.
template <size_t N>
EloEstimate EloOf(const Outcomes<N>& o) {
  if (o.total <= 0.0) return {0.0, -MaxElo(), MaxElo()};
  const Moments m = MomentsOf(o);
  const double elo = EloFromScore(m.mean);
  if (m.variance <= 0.0) {
    const Interval w =
        WilsonInterval(m.mean * o.total, static_cast<int>(o.total));
    return {elo, EloFromScore(w.low), EloFromScore(w.high)};
  }
  const double margin = kZ95 * std::sqrt(m.variance / o.total);
  return {elo, EloFromScore(m.mean - margin), EloFromScore(m.mean + margin)};
}

// SprtTest for games (N = 3) or pairs (N = 5), the generalized LLR.
template <size_t N>
Sprt SprtOf(const Outcomes<N>& o, double elo0, double elo1, double alpha,
            double beta) {
  Sprt result;
  result.llr = 0.0;
  result.lower_bound = std::log(beta / (1.0 - alpha));
  result.upper_bound = std::log((1.0 - beta) / alpha);
  result.decision = SprtDecision::kContinue;

  const double s0 = ScoreFromElo(elo0);
  const double s1 = ScoreFromElo(elo1);
  const auto inside = [](double x) { return x > 0.0 && x < 1.0; };
  if (o.total <= 0.0 || elo0 == elo1 || !inside(s0) || !inside(s1)) {
    return result;
  }

  // fishtest LLRcalc.regularize: a count of 0 becomes 1e-3, so the
  // empirical distribution has every outcome and the MLEs exist.
  constexpr double kRegularizedZero = 1e-3;
  std::array<double, N> counts = o.counts;
  double n = 0.0;
  for (double& c : counts) {
    if (c == 0.0) c = kRegularizedZero;
    n += c;
  }
  std::array<double, N> p;
  for (size_t i = 0; i < N; ++i) p[i] = counts[i] / n;

  const std::array<double, N> p0 = MleWithMean(p, o.scores, s0);
  const std::array<double, N> p1 = MleWithMean(p, o.scores, s1);
  double llr = 0.0;
  for (size_t i = 0; i < N; ++i) llr += counts[i] * std::log(p1[i] / p0[i]);
  result.llr = llr;
  if (llr >= result.upper_bound) {
    result.decision = SprtDecision::kAcceptH1;
  } else if (llr <= result.lower_bound) {
    result.decision = SprtDecision::kAcceptH0;
  }
  return result;
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

EloEstimate EloDifference(const Score& s) { return EloOf(ToTrinomial(s)); }

Sprt SprtTest(const Score& s, double elo0, double elo1, double alpha,
              double beta) {
  return SprtOf(ToTrinomial(s), elo0, elo1, alpha, beta);
}

bool Pentanomial::AddPair(double first_game, double second_game) {
  const auto half_points = [](double score) {
    if (score == 0.0) return 0;
    if (score == 0.5) return 1;
    if (score == 1.0) return 2;
    return -1;
  };
  const int first = half_points(first_game);
  const int second = half_points(second_game);
  if (first < 0 || second < 0) return false;
  ++counts[first + second];
  return true;
}

int Pentanomial::pairs() const {
  int n = 0;
  for (int c : counts) n += std::max(c, 0);
  return n;
}

double Pentanomial::points() const {
  double sum = 0.0;
  for (int k = 0; k < 5; ++k) sum += 0.5 * k * std::max(counts[k], 0);
  return sum;
}

double Pentanomial::rate() const { return MomentsOf(FromCounts(counts)).mean; }

double Pentanomial::variance() const {
  return MomentsOf(FromCounts(counts)).variance;
}

EloEstimate EloDifference(const Pentanomial& p) {
  return EloOf(FromCounts(p.counts));
}

Sprt SprtTest(const Pentanomial& p, double elo0, double elo1, double alpha,
              double beta) {
  return SprtOf(FromCounts(p.counts), elo0, elo1, alpha, beta);
}

}  // namespace wl::tools
