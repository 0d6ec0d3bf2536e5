// decoupled_uct.h: the game-independent part of the searching bots (the
// Warlight mcts, bots/mcts; Berlin's, bots/berlin/mcts): UCB1 bandits and
// decoupled UCT for simultaneous moves, over fixed lists of candidates.
//
// Header-only, standard library only (it goes into the Warlight upload zip,
// which compiles with plain g++ -std=c++17 -O2 *.cpp). Nothing here knows a
// game: the caller owns the candidates (whole turns, picks, ...), simulates
// what the chosen arms lead to and says what each side got, as a value in
// [0, 1] from that side's point of view.
//
// Decoupled UCT (one node of simultaneous moves): every side has its own
// statistics over its own candidates; each iteration every side picks its
// arm by UCB1 on its own statistics, unaware of the others' picks, and is
// updated with its own value. Works for any number of sides.
//
//   wl::search::DecoupledUct uct;
//   uct.Reset({my_turns, their_turns});          // arms per side; allocates
//   int picks[2];
//   double values[2];
//   int n = wl::search::IterateUntil(deadline, limit, [&](int) {
//     uct.Select(exploration, picks);            // unvisited arms first
//     double v = Simulate(picks[0], picks[1]);   // the caller's game
//     values[0] = v;
//     values[1] = 1 - v;
//     uct.Update(picks, values);
//   });
//   int answer = uct.Choose(0, /*min_visits=*/2, /*fallback=*/0);
//
// Nothing allocates after Reset. A flat bandit is the one-side case, or the
// free functions SelectUcb / MostVisited over an array of ArmStat.
#ifndef WL_SEARCH_DECOUPLED_UCT_H_
#define WL_SEARCH_DECOUPLED_UCT_H_

#include <cmath>
#include <initializer_list>
#include <vector>

namespace wl::search {

// The statistics of one arm: visits and the sum of the values it got.
struct ArmStat {
  int visits = 0;
  double sum = 0;
  void Add(double v) {
    ++visits;
    sum += v;
  }
  double Mean() const { return visits ? sum / visits : 0; }
};

// UCB1 with the given exploration constant over arms[0..count); unvisited
// arms first, in order; ties to the first. `total`: the iterations so far,
// this one included.
inline int SelectUcb(const ArmStat* arms, int count, int total,
                     double exploration) {
  const double log_total = std::log(static_cast<double>(total));
  int best = 0;
  double best_score = -1;
  for (int i = 0; i < count; ++i) {
    const ArmStat& a = arms[i];
    if (a.visits == 0) return i;
    const double score =
        a.Mean() + exploration * std::sqrt(log_total / a.visits);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}
inline int SelectUcb(const std::vector<ArmStat>& arms, int total,
                     double exploration) {
  return SelectUcb(arms.data(), static_cast<int>(arms.size()), total,
                   exploration);
}

// The most visited of arms[0..count), then the best mean, then the first.
inline int MostVisited(const ArmStat* arms, int count) {
  int best = 0;
  for (int i = 1; i < count; ++i) {
    const ArmStat& a = arms[i];
    const ArmStat& b = arms[best];
    if (a.visits > b.visits || (a.visits == b.visits && a.Mean() > b.Mean())) {
      best = i;
    }
  }
  return best;
}
inline int MostVisited(const std::vector<ArmStat>& arms) {
  return MostVisited(arms.data(), static_cast<int>(arms.size()));
}

// Decoupled UCT over fixed candidate lists, one per side (see the top of
// this file).
class DecoupledUct {
 public:
  // `arms[s]`: side s's number of candidates (0 is allowed: that side is
  // never picked for, Select writes -1). Clears every statistic.
  void Reset(const std::vector<int>& arms) {
    offsets_.assign(1, 0);
    for (int count : arms) offsets_.push_back(offsets_.back() + count);
    stats_.assign(offsets_.back(), ArmStat());
    iterations_ = 0;
  }
  void Reset(std::initializer_list<int> arms) { Reset(std::vector<int>(arms)); }

  int Sides() const { return static_cast<int>(offsets_.size()) - 1; }
  int Arms(int side) const { return offsets_[side + 1] - offsets_[side]; }
  // The updates so far (Update calls with every side).
  int Iterations() const { return iterations_; }

  // Side `side`'s arm for the next iteration: UCB1 on its own statistics,
  // with the iterations so far, this one included, as the total.
  int Select(int side, double exploration) const {
    if (Arms(side) == 0) return -1;
    return SelectUcb(&stats_[offsets_[side]], Arms(side), iterations_ + 1,
                     exploration);
  }
  // Every side's arm: picks[0..Sides()).
  void Select(double exploration, int* picks) const {
    for (int s = 0; s < Sides(); ++s) picks[s] = Select(s, exploration);
  }

  // One iteration's result: side s's arm picks[s] gets values[s] (sides
  // with no arm, picks[s] < 0, are skipped).
  void Update(const int* picks, const double* values) {
    for (int s = 0; s < Sides(); ++s) {
      if (picks[s] >= 0) stats_[offsets_[s] + picks[s]].Add(values[s]);
    }
    ++iterations_;
  }

  const ArmStat& Stat(int side, int arm) const {
    return stats_[offsets_[side] + arm];
  }
  // Side `side`'s statistics, Arms(side) of them.
  const ArmStat* Stats(int side) const { return &stats_[offsets_[side]]; }

  // Side `side`'s most visited arm, then the best mean, then the first.
  int MostVisited(int side) const {
    return search::MostVisited(Stats(side), Arms(side));
  }
  // The most visited arm when every arm of the side was visited at least
  // `min_visits` times, else `fallback` (a search too short to trust).
  int Choose(int side, int min_visits, int fallback) const {
    for (int i = 0; i < Arms(side); ++i) {
      if (Stat(side, i).visits < min_visits) return fallback;
    }
    return MostVisited(side);
  }

 private:
  std::vector<int> offsets_{0};  // side s's arms: [offsets_[s], [s + 1])
  std::vector<ArmStat> stats_;
  int iterations_ = 0;
};

// Calls iterate(n) for n = 0, 1, ... while n < limit and the clock has not
// reached `deadline` (checked before each call). Returns the calls made.
template <typename TimePoint, typename Iterate>
int IterateUntil(TimePoint deadline, int limit, Iterate&& iterate) {
  using Clock = typename TimePoint::clock;
  int n = 0;
  for (; n < limit; ++n) {
    if (Clock::now() >= deadline) break;
    iterate(n);
  }
  return n;
}

}  // namespace wl::search

#endif  // WL_SEARCH_DECOUPLED_UCT_H_
