// mcts_bandit.h: the statistics of one arm of a bandit and UCB1 over them,
// shared by the round search (mcts_search.h) and the draft (mcts_draft.h).
//
//   std::vector<mcts::ArmStat> arms(n);
//   int i = mcts::SelectUcb(arms, iteration + 1, exploration);
//   arms[i].Add(value);                    // value in [0, 1]
//   int answer = mcts::MostVisited(arms);  // then the best mean
#ifndef MCTS_BANDIT_H_
#define MCTS_BANDIT_H_

#include <cmath>
#include <vector>

namespace mcts {

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
// arms first, in order. `total`: the iterations so far, this one included.
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

// The most visited arm, then the best mean, then the first.
inline int MostVisited(const std::vector<ArmStat>& arms) {
  int best = 0;
  for (size_t i = 1; i < arms.size(); ++i) {
    const ArmStat& a = arms[i];
    const ArmStat& b = arms[best];
    if (a.visits > b.visits || (a.visits == b.visits && a.Mean() > b.Mean())) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace mcts

#endif  // MCTS_BANDIT_H_
