// attack_odds.h: how likely an attack is to take its target under each rule
// set's combat, and the fewest attackers that take it with a chosen
// probability. For bots: WL1's 100% luck (wl1 §7) has no sure take, so an
// attack needs more armies than WL2's ArmiesToTakeSurely; Dingle's
// probabilistic rounding (dingle §8) has sure takes, but not WL2's.
//
//   double p = wl::TakeProbability(wl::RuleSet::kWl1, 5, 2);   // 0.91296
//   int a = wl::ArmiesToTake(wl::RuleSet::kWl1, 2, 0.8);       // 4
//   wl::TakeTable table(wl::RuleSet::kWl1, 0.8);   // once; then O(1):
//   int b = table.Armies(2);                                   // 4
//   int k = wl::Wl1KillsAtMost(10, 0.98);  // 9: 10 attackers kill <= 9
//                                          // defenders with p >= 0.98
//
// Every combat of the family has the same shape: the attackers kill
// `def` defenders and the defenders kill `att` attackers, two independent
// draws, and the attack takes the target iff def >= D and att < A (when
// every attacker dies the last defender survives). So
//   P(take) = P(def >= D) * P(att < A),
// exactly, with def and att as each rule set draws them:
//   WL2 (spec section 6): def = round(0.504 A + 0.16 h), h ~ Bin(A, 0.6);
//                         att = round(0.588 D + 0.16 g), g ~ Bin(D, 0.7);
//   WL1 (wl1 §7):         def ~ Bin(A, 0.6), att ~ Bin(D, 0.7);
//   Dingle (dingle §8):   def = R(A * 0.6), att = R(D * 0.7), R rounding up
//                         with probability the fraction (IEEE doubles).
// P(take) never falls as A grows, so the fewest attackers is well defined
// (and found by bisection). Binomial tails are exact sums up to 2000 dice,
// normal approximations beyond (bots only meet such armies in hostile
// input; nothing here is slower than a few microseconds there).
#ifndef WL_ATTACK_ODDS_H_
#define WL_ATTACK_ODDS_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "combat.h"
#include "rule_set.h"

namespace wl {

namespace odds_internal {

// Above this many dice a binomial tail is its normal approximation (error
// below 1e-3 there); exact sums would cost O(n) each.
constexpr int kExactDice = 2000;

// P(X >= k) for X ~ Bin(n, p), 0 < p < 1: every pmf term by the ratio
// recurrence in the log domain (q^n underflows for large n), summed on
// both sides of k; the smaller side gives the answer (no cancellation).
inline double BinomialAtLeast(int n, double p, int k) {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (n > kExactDice) {  // normal approximation, continuity corrected
    const double mean = n * p, sd = std::sqrt(n * p * (1 - p));
    return 0.5 * std::erfc((k - 0.5 - mean) / (sd * std::sqrt(2.0)));
  }
  const double step = std::log(p / (1 - p));
  double log_pmf = n * std::log(1 - p);  // P(X = 0)
  double below = 0, above = 0;           // P(X < k), P(X >= k)
  for (int i = 0; i <= n; ++i) {
    (i < k ? below : above) += std::exp(log_pmf);
    log_pmf += std::log(static_cast<double>(n - i) / (i + 1)) + step;
  }
  return std::clamp(above <= below ? above : 1 - below, 0.0, 1.0);
}

// P(R(x) >= k) for Dingle's probabilistic rounding R (dingle §8).
inline double RoundedAtLeast(double x, int64_t k) {
  const double f = std::floor(x);
  if (f >= k) return 1;
  if (f + 1 < k) return 0;
  return x - f;  // R(x) = f + 1 with probability x - f
}

// The fewest hits h of n dice for which kills(h) >= k, or n + 1 if none
// (kills is non-decreasing in h).
template <typename Kills>
int FewestHits(int n, int64_t k, Kills kills) {
  int lo = 0, hi = n + 1;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (kills(mid) >= k) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

}  // namespace odds_internal

// The probability that `attackers` take `defenders` in one attack under
// `rules` (see the top of this file). 0 for no attackers; 1 for no
// defenders (a region always has one, but the formula is total).
inline double TakeProbability(RuleSet rules, int attackers, int defenders) {
  using namespace odds_internal;
  if (attackers <= 0) return 0;
  if (defenders <= 0) return 1;
  switch (TraitsOf(rules).luck) {
    case Luck::kDice:
      return BinomialAtLeast(attackers, 0.6, defenders) *
             (1 - BinomialAtLeast(defenders, 0.7, attackers));
    case Luck::kRounded:
      return RoundedAtLeast(attackers * 0.6, defenders) *
             (1 - RoundedAtLeast(defenders * 0.7, attackers));
    case Luck::kMixed:
      break;
  }
  const int h = FewestHits(attackers, defenders, [&](int hits) {
    return DefendersKilled(attackers, hits);
  });
  const int g = FewestHits(defenders, attackers, [&](int hits) {
    return AttackersKilled(defenders, hits);
  });
  return BinomialAtLeast(attackers, 0.6, h) *
         (1 - BinomialAtLeast(defenders, 0.7, g));
}

// The fewest attackers that take `defenders` with probability at least
// `probability` under `rules`, searching upward from `from` (a known lower
// bound: 1, or the answer for fewer defenders). WL1 never takes surely: a
// probability of 1 or more is read as 1 - 1e-9 there; WL2's sure take is
// ArmiesToTakeSurely.
inline int ArmiesToTake(RuleSet rules, int defenders, double probability,
                        int from = 1) {
  const Luck luck = TraitsOf(rules).luck;
  if (luck == Luck::kDice) probability = std::min(probability, 1 - 1e-9);
  if (probability <= 0) return std::max(from, 1);
  // A sum of binomial terms rounds to 1.0 short of certainty: WL2's sure
  // take is decided exactly (Dingle's probability is exact already).
  if (luck == Luck::kMixed && probability >= 1) {
    return std::max(from, static_cast<int>(ArmiesToTakeSurely(defenders)));
  }
  // Taking needs def >= D, so A >= D (WL1, Dingle) or about D / 0.6.
  int lo = std::max({from, 1, luck == Luck::kMixed ? 0 : defenders});
  if (TakeProbability(rules, lo, defenders) >= probability) return lo;
  // lo fails: double the step until hi takes, then halve [lo, hi].
  int64_t step = 1, hi = lo + 1;
  while (TakeProbability(rules, static_cast<int>(hi), defenders) <
         probability) {
    lo = static_cast<int>(hi);
    step *= 2;
    hi = std::min<int64_t>(hi + step, INT32_MAX);
  }
  while (hi - lo > 1) {
    const int mid = static_cast<int>(lo + (hi - lo) / 2);
    if (TakeProbability(rules, mid, defenders) >= probability) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return static_cast<int>(hi);
}

// WL1's kills (wl1 §7): the fewest defenders k that `attackers` attacking
// armies kill at most, with probability at least `probability`: the
// quantile of Bin(attackers, 0.6) (every attacker when probability >= 1).
inline int Wl1KillsAtMost(int attackers, double probability) {
  if (attackers <= 0) return 0;
  if (probability >= 1) return attackers;
  // P(kills > k) = P(Bin >= k + 1) falls as k grows: bisect [0, attackers].
  int lo = 0, hi = attackers;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (odds_internal::BinomialAtLeast(attackers, 0.6, mid + 1) <=
        1 - probability) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

// ArmiesToTake for one rule set and probability, tabled for the defender
// counts a search meets (built once, in about a millisecond; larger counts
// are computed when asked). Trivially cheap to read; not to build per call.
class TakeTable {
 public:
  static constexpr int kTabled = 256;

  TakeTable(RuleSet rules, double probability)
      : rules_(rules), probability_(probability), armies_(kTabled) {
    int from = 1;
    for (int d = 0; d < kTabled; ++d) {
      from = ArmiesToTake(rules, d, probability, from);
      armies_[d] = from;
    }
  }

  int Armies(int defenders) const {
    defenders = std::max(defenders, 0);
    if (defenders < kTabled) return armies_[defenders];
    return ArmiesToTake(rules_, defenders, probability_, armies_.back());
  }
  RuleSet Rules() const { return rules_; }
  double Probability() const { return probability_; }

 private:
  RuleSet rules_;
  double probability_;
  std::vector<int> armies_;
};

// WL1's 100% luck (wl1 §7) never takes a region surely: the built-in bots
// (greedy and mcts) send the fewest armies that take it with this
// probability (7 on 2 armies, where WL2's sure take is 3). Tuned in WL1
// self-play, greedy against greedy, 800 games each: 0.9 beat 0.8 by 493 to
// 307, 0.98 beat 0.9 by 452 to 343, and 0.99 lost to 0.98 by 301 to 435
// (64 drawn).
constexpr double kDiceTakeProbability = 0.98;

// The probability the built-in bots take with under `rules`: a sure take
// where the luck has one (WL2's, Dingle's: dingle §8, 4 on 2), else
// kDiceTakeProbability.
inline double BotTakeProbability(RuleSet rules) {
  return TraitsOf(rules).luck == Luck::kDice ? kDiceTakeProbability : 1.0;
}

// The built-in bots' take under `rules`, tabled once per rule set.
inline const TakeTable& BotTakeTable(RuleSet rules) {
  static const std::vector<TakeTable> kTables = [] {
    std::vector<TakeTable> tables;
    for (RuleSet r : kRuleSets) tables.emplace_back(r, BotTakeProbability(r));
    return tables;
  }();
  return kTables[static_cast<size_t>(rules)];
}

}  // namespace wl

#endif  // WL_ATTACK_ODDS_H_
