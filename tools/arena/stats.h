// stats.h: the statistics of `warlight arena`: how sure are we that bot A
// is stronger than bot B, and by how many Elo?
//
// Pure functions of a win/draw/loss record, no I/O, the same methods as the
// chess engine testers (cutechess-cli, fishtest):
//   - WilsonInterval: a 95% interval for a success rate (here the score,
//     where a draw is half a success); sound even at 0/n and n/n.
//   - EloFromScore / EloDifference: the logistic Elo difference implied by
//     the score, with a 95% interval from the trinomial (W/D/L) variance.
//   - SprtTest: Wald's sequential probability ratio test, H0: elo = elo0
//     against H1: elo = elo1, as fishtest's trinomial GSPRT in logistic Elo;
//     run games until it stops saying kContinue.
//   - Pentanomial, with EloDifference and SprtTest overloads: the same two
//     statistics for paired games. The arena plays each seed in both seats,
//     so the two games of a pair are not independent (the map and the seat
//     pull them together); fishtest and fastchess then count pairs by the
//     points the first bot took from them (0, 0.5, 1, 1.5, 2) and take the
//     variance between pairs, which counts that correlation. Show both: the
//     trinomial figures for a record of games, the pentanomial ones for
//     complete pairs.
//
//   wl::tools::Score s;
//   s.wins = 60; s.draws = 20; s.losses = 20;
//   wl::tools::Interval rate = wl::tools::WilsonInterval(s.points(),
//                                                        s.games());
//   wl::tools::EloEstimate elo = wl::tools::EloDifference(s);
//   // elo.elo == 147.19, elo.low == 86.23, elo.high == 218.25
//   wl::tools::Sprt sprt = wl::tools::SprtTest(s, /*elo0=*/0, /*elo1=*/10);
//   if (sprt.decision == wl::tools::SprtDecision::kAcceptH1) { ... }
//
//   wl::tools::Pentanomial pairs;
//   pairs.AddPair(1.0, 0.5);  // won the first game, drew the second: 1.5
//   pairs.AddPair(0.0, 1.0);  // lost one, won one: 1
//   wl::tools::EloEstimate paired = wl::tools::EloDifference(pairs);
//   wl::tools::Sprt paired_sprt = wl::tools::SprtTest(pairs, 0, 10);
#ifndef WL_TOOLS_ARENA_STATS_H_
#define WL_TOOLS_ARENA_STATS_H_

#include <array>

namespace wl::tools {

// The two-sided 95% quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;

// EloFromScore clamps the score to [kEloScoreClamp, 1 - kEloScoreClamp]
// (as fishtest's stat_util.elo does), so every Elo it returns is finite and
// within +-MaxElo() = 400 * log10(999) = 1199.83.
constexpr double kEloScoreClamp = 1e-3;

// A win/draw/loss record of one player against another. Counts are meant to
// be non-negative; the statistics below treat a negative count as zero.
struct Score {
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const { return wins + draws + losses; }
  // Wins plus half the draws.
  double points() const { return wins + 0.5 * draws; }
  // points() / games(); 0.5, the neutral score, when no game was played.
  double rate() const;
};

// A closed interval [low, high].
struct Interval {
  double low;
  double high;
};

// The Wilson score interval for `successes` out of `n` trials with normal
// quantile `z` (95% by default):
//   center = (p + z^2 / 2n) / (1 + z^2 / n),
//   half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2),
// with p = successes / n. For a score pass successes = points() (draws count
// half). successes is clamped to [0, n] and the interval to [0, 1]; n <= 0
// gives [0, 1] (nothing is known). A negative z counts as |z|.
Interval WilsonInterval(double successes, int n, double z = kZ95);

// The logistic Elo difference giving an expected score `score`:
//   elo = -400 * log10(1 / score - 1),
// the inverse of score = 1 / (1 + 10^(-elo / 400)). 0.5 gives 0. The score
// is first clamped to [kEloScoreClamp, 1 - kEloScoreClamp], so 0 and 1 (and
// anything beyond) give -+1199.83 instead of infinity. NaN gives NaN.
// Exactly antisymmetric: EloFromScore(1 - x) == -EloFromScore(x).
double EloFromScore(double score);

// The largest |EloFromScore(x)|: 400 * log10(999).
double MaxElo();

// An Elo difference with its 95% interval [low, high].
struct EloEstimate {
  double elo;
  double low;
  double high;
};

// The Elo difference of a record and its 95% interval, the trinomial method
// of cutechess-cli: with the W/D/L frequencies w, d, l of n games, the mean
// score mu = w + d / 2, the per-game variance
//   var = w (1 - mu)^2 + d (1/2 - mu)^2 + l (0 - mu)^2,
// and the normal approximation of the mean score, mu +- kZ95 sqrt(var / n),
// mapped through EloFromScore:
//   elo = EloFromScore(mu), low/high = EloFromScore(mu -+ kZ95 sqrt(var/n)).
// Edge cases:
//   - n = 0: {0, -MaxElo(), +MaxElo()}: nothing is known.
//   - every game the same result (all wins, all losses or all draws): the
//     variance is 0 and the trinomial interval would have zero width, so the
//     interval is the Wilson interval of the points mapped through
//     EloFromScore instead. All wins gives elo = MaxElo() (the clamp) with
//     low = EloFromScore(Wilson low) (10 wins: 166.20) and high = MaxElo();
//     all losses is the mirror image; all draws gives 0 with a symmetric
//     interval.
EloEstimate EloDifference(const Score& s);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// The state of a sequential probability ratio test.
struct Sprt {
  double llr;          // log-likelihood ratio of H1 against H0
  double lower_bound;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper_bound;  // log((1 - beta) / alpha): accept H1 at or above
  SprtDecision decision;
};

// Wald's SPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo, the
// expected score of e being s(e) = 1 / (1 + 10^(-e / 400))), with false
// positive rate alpha and false negative rate beta. Bounds:
//   lower = log(beta / (1 - alpha)), upper = log((1 - beta) / alpha),
// +-2.944 for alpha = beta = 0.05.
//
// The LLR is the exact generalized (multinomial maximum likelihood) LLR of
// fishtest's trinomial GSPRT, LLRcalc.LLR_logistic with statistic
// "expectation" (the constrained maximum likelihood estimate of M. Van den
// Bergh, hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf,
// Proposition 1.1):
//   1. counts n_L, n_D, n_W, each 0 replaced by 1e-3 (fishtest's
//      regularize), N = their sum, empirical p_i = n_i / N on the outcomes
//      a = (0, 1/2, 1);
//   2. for s in {s(elo0), s(elo1)}: the trinomial closest to the empirical
//      one (maximum likelihood) among those with mean s is
//      p_i(s) = p_i / (1 + x (a_i - s)), where x is the root of
//      sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0 in (-1 / (1 - s), 1 / s);
//   3. LLR = sum_i n_i log(p_i(s1) / p_i(s0)).
// For small elo1 - elo0 it agrees with the normal approximation
//   LLR ~ N (s1 - s0) (2 mu - s0 - s1) / (2 var)  (fishtest's LLR_alt2),
// but unlike it stays sane for short one-sided records: with only wins the
// LLR is about wins * log(s1 / s0) (0.0284 per win for [0, 10]), so about
// 104 straight wins accept H1 rather than one.
//
// Degenerate inputs give llr = 0 and kContinue: no games, elo0 == elo1,
// or non-finite Elo (or |Elo| so large that s(e) rounds to 0 or 1).
// alpha and beta are meant to lie in (0, 1) with alpha + beta < 1; outside
// that the bounds may be NaN and the decision stays kContinue.
Sprt SprtTest(const Score& s, double elo0, double elo1, double alpha = 0.05,
              double beta = 0.05);

// The results of game pairs: the same seed (map, picks, randomness) played
// twice with the seats swapped. counts[k] is the number of pairs in which the
// first bot took k / 2 points from the pair's two games:
//   counts[0]: 0    two losses,
//   counts[1]: 0.5  a loss and a draw,
//   counts[2]: 1    two draws, or a win and a loss,
//   counts[3]: 1.5  a win and a draw,
//   counts[4]: 2    two wins.
// Counts are meant to be non-negative; everything here, the member functions
// included, treats a negative count as zero.
struct Pentanomial {
  std::array<int, 5> counts{};

  // Counts one pair from the first bot's score in each of its two games
  // (each 0, 0.5 or 1, in either order). Any other score (NaN, 0.3, 2)
  // counts nothing and returns false.
  bool AddPair(double first_game, double second_game);

  int pairs() const;
  // The first bot's points over all the pairs' games: sum of k/2 counts[k].
  double points() const;
  // The mean score per game, points() / (2 pairs()): comparable with
  // Score::rate(); 0.5, the neutral score, when there is no pair.
  double rate() const;
  // The variance between pairs of a pair's score per game (its points / 2,
  // one of 0, 1/4, 1/2, 3/4, 1), over the pairs as they are (divided by
  // pairs(), not pairs() - 1, as fishtest's stat_util does):
  //   var = sum_k counts[k] / n (k / 4 - rate())^2, n = pairs().
  // The variance of the pair points themselves is 4 var. 0 with no pair.
  double variance() const;
};

// The Elo difference of paired games and its 95% interval, the pentanomial
// method of fishtest (stat_util.get_elo on a pentanomial): the same mean
// score per game mu = rate(), its standard error from the variance between
// pairs, sqrt(variance() / pairs()), and
//   elo = EloFromScore(mu),
//   low/high = EloFromScore(mu -+ kZ95 sqrt(variance() / pairs())).
// When the two games of a pair are independent this is the trinomial
// interval of the same games; when the seat or the map decides much of the
// result (a win and a loss in many pairs) it is narrower, as it should be.
// Edge cases, as EloDifference(Score) with a pair as the unit:
//   - no pair: {0, -MaxElo(), +MaxElo()}.
//   - every pair the same score (always the case with one pair): variance
//     0, so the interval is the Wilson interval of pairs() trials with
//     rate() pairs() successes, mapped through EloFromScore; for 5 pairs of
//     two wins: elo = MaxElo(), low = 45.79, high = MaxElo(); 5 pairs
//     scoring 1 give 0 +- 274.93. Never NaN or infinite.
EloEstimate EloDifference(const Pentanomial& p);

// Wald's SPRT as SprtTest(Score), on pairs: the exact generalized LLR of
// fishtest's pentanomial GSPRT (LLRcalc.LLR_logistic given five
// frequencies; fastchess's logistic model does the same). The outcomes are
// the pairs' scores per game a = (0, 1/4, 1/2, 3/4, 1), each count of 0 is
// replaced by 1e-3, and steps 2 and 3 of SprtTest(Score) run over these
// five outcomes instead of three; s0 = s(elo0) and s1 = s(elo1) are the
// expected scores per game, as there. For small elo1 - elo0 the LLR is close
// to the normal approximation
//   LLR ~ n (s1 - s0) (2 mu - s0 - s1) / (2 var),
// n = pairs(), mu = rate(), var = variance(). For the same games that is
// the trinomial figure when the two games of a pair are independent, and
// larger in size when they are correlated (smaller variance per game), so
// the test decides sooner. Pairs all of one score give a finite LLR (the
// 1e-3 counts): about pairs() log(s1 / s0) for pairs of two wins, so the
// 104th such pair accepts H1 for [0, 10].
// Degenerate inputs give llr = 0 and kContinue, as in SprtTest(Score): no
// pair, elo0 == elo1, non-finite or huge Elo.
Sprt SprtTest(const Pentanomial& p, double elo0, double elo1,
              double alpha = 0.05, double beta = 0.05);

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_STATS_H_
