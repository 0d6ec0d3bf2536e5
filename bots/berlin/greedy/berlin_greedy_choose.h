// berlin_greedy_choose.h: the greedy Berlin bot's turn: several plans of
// the planner (berlin_greedy_plan.h), from cautious to reckless, each played
// against a set of likely enemy answers, and the plan whose worst and mean
// outcome is best is sent.
//
// The planner alone assumes that every enemy soldier next to a node goes
// there, which freezes it whenever one enemy stack touches several of its
// nodes (it can only be in one place). So the plans differ in the share of
// adjacent enemy soldiers assumed coming (ChooseSettings::threats), and
// each is scored against the same answers, in which the enemies
//   * stay;
//   * play the planner themselves, cautious (threat 1) or reckless (0);
//   * send one stack, whole, along one path into or next to our nodes;
//   * send every stack next to one of our valuable nodes onto it;
//   * play the official gem's random example (berlin §9.1), a few samples.
// An outcome is the position after the moves and the combats (berlin
// §5.4-5.6, rules.h's Fight), valued as nodes (NodeValue; `risk` of it lost
// when another player has more soldiers next to the node than its owner on
// it) and soldiers, ours minus the best-off enemy's; owning nothing loses.
// Score = worst * min + (1 - worst) * mean over the answers; the best plan
// wins, ties to the more cautious. Deterministic for a seed (the random
// answers). About 50-80 us a turn on the official maps (a plan: 1 us).
//
//   berlin_greedy::MapInfo info(map);
//   berlin_greedy::Chooser chooser;  // keep it: it reuses its buffers
//   std::vector<berlin_greedy::Order> orders;
//   chooser.Choose(info, state, player, berlin_greedy::TurnsLeft(map, state),
//                  berlin_greedy::ChooseSettings{}, orders);
#ifndef BERLIN_GREEDY_CHOOSE_H_
#define BERLIN_GREEDY_CHOOSE_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "berlin_greedy_plan.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/state.h"

namespace berlin_greedy {

struct ChooseSettings {
  static constexpr int kMaxPlans = 8;
  Weights weights;  // the planner's, but for `threat` and `hold_margin`
  // The plans tried: (threat, hold_margin) each.
  double threats[kMaxPlans] = {1.0, 0.7, 0.4, 0.2, 0.0};
  int holds[kMaxPlans] = {1, 1, 1, 1, 1};
  int num_plans = 5;
  double worst = 0.5;       // weight of the worst answer's outcome
  double soldier = 0.2;     // one soldier left after the turn (scaled by
                            // min(turns left - 1, horizon) / horizon)
  double risk = 0.5;        // share of a node's value lost when it can be
                            // taken next turn
  int random_answers = 16;  // answers where the enemies play at random
  int max_answers = 80;     // enemy answers tried, at most
};

class Chooser {
 public:
  void Choose(const MapInfo& info, const wl::berlin::State& s, int player,
              int turns_left, const ChooseSettings& c, std::vector<Order>& out,
              uint64_t seed = 0) {
    info_ = &info;
    s_ = &s;
    player_ = player;
    c_ = &c;
    turns_left_ = std::max(1, turns_left);
    StoreValues();
    CollectAnswers(seed);
    double best_score = 0;
    int best = -1;
    for (int k = 0; k < c.num_plans; ++k) {
      Weights w = c.weights;
      w.threat = c.threats[k];
      w.hold_margin = c.holds[k];
      planner_.Plan(info, s, player, turns_left_, w, plans_[k], seed);
      const double score = Score(plans_[k]);
      if (best < 0 || score > best_score + 1e-9) {
        best = k;
        best_score = score;
      }
    }
    out = plans_[best];
  }

 private:
  struct EnemyOrder {
    int player;
    Order order;
  };

  // Each answer is answers_[begin_[a]..begin_[a + 1]).
  void CollectAnswers(uint64_t seed) {
    rng_.SetSeed(seed);
    answers_.clear();
    begin_.assign(2, 0);  // answer 0: everybody stays
    for (double threat : {1.0, 0.0}) {
      Weights w = c_->weights;
      w.threat = threat;
      for (int q = 0; q < s_->num_players; ++q) {
        if (q == player_ || !s_->Alive(q)) continue;
        planner_.Plan(*info_, *s_, q, turns_left_, w, scratch_, seed);
        for (const Order& o : scratch_) answers_.push_back({q, o});
      }
      begin_.push_back(answers_.size());
    }
    CollectStackMoves();
    CollectConvergences();
    for (int k = 0; k < c_->random_answers; ++k) CollectRandom();
  }

  // Every enemy plays the official gem's example AI (berlin §9.1): from each
  // node with soldiers, its neighbours in random order, each sent a uniform
  // share of what is left.
  void CollectRandom() {
    if (static_cast<int>(begin_.size()) > c_->max_answers) return;
    const int n = info_->size();
    for (int u = 0; u < n; ++u) {
      const int q = s_->owner[u];
      if (q == wl::berlin::kFree || q == player_) continue;
      int32_t left = s_->soldiers[q][u];
      int next[kMaxNodes];
      int count = 0;
      for (uint64_t m = info_->Out(u); m; m &= m - 1) {
        next[count++] = MapInfo::Low(m);
      }
      for (int k = count - 1; k > 0; --k) {
        std::swap(next[k], next[rng_.Below(k + 1)]);
      }
      for (int k = 0; k < count && left > 0; ++k) {
        const int32_t sent = static_cast<int32_t>(rng_.Below(left + 1));
        if (sent > 0) answers_.push_back({q, Order{u, next[k], sent}});
        left -= sent;
      }
    }
    begin_.push_back(answers_.size());
  }

  // Every enemy soldier next to one of our valuable nodes goes there.
  void CollectConvergences() {
    const int n = info_->size();
    for (int v = 0; v < n; ++v) {
      if (s_->owner[v] != player_ || value_[v] <= 0) continue;
      const size_t before = answers_.size();
      for (uint64_t m = info_->In(v); m; m &= m - 1) {
        const int u = MapInfo::Low(m);
        const int q = s_->owner[u];
        if (q == wl::berlin::kFree || q == player_) continue;
        if (s_->soldiers[q][u] > 0) {
          answers_.push_back({q, Order{u, v, s_->soldiers[q][u]}});
        }
      }
      if (answers_.size() - before < 2) {
        answers_.resize(before);  // none, or one stack: already there
        continue;
      }
      if (static_cast<int>(begin_.size()) > c_->max_answers) return;
      begin_.push_back(answers_.size());
    }
  }

  // One enemy stack, whole, to one neighbour near our nodes.
  void CollectStackMoves() {
    const int n = info_->size();
    for (int u = 0; u < n; ++u) {
      const int q = s_->owner[u];
      if (q == wl::berlin::kFree || q == player_) continue;
      const int32_t c = s_->soldiers[q][u];
      if (c <= 0) continue;
      for (uint64_t m = info_->Out(u); m; m &= m - 1) {
        const int v = MapInfo::Low(m);
        if (!NearUs(v)) continue;
        if (static_cast<int>(begin_.size()) > c_->max_answers) return;  // full
        answers_.push_back({q, Order{u, v, c}});
        begin_.push_back(answers_.size());
      }
    }
  }

  // v is ours or one step from ours.
  bool NearUs(int v) const {
    if (s_->owner[v] == player_) return true;
    for (uint64_t m = info_->In(v); m; m &= m - 1) {
      if (s_->owner[MapInfo::Low(m)] == player_) return true;
    }
    return false;
  }

  void StoreValues() {
    for (int v = 0; v < info_->size(); ++v) {
      value_[v] = NodeValue(info_->map(), v, turns_left_, c_->weights);
    }
    const Weights& w = c_->weights;
    soldier_ =
        w.horizon <= 0
            ? 0.0
            : c_->soldier * std::min(turns_left_ - 1, w.horizon) / w.horizon;
  }

  double Score(const std::vector<Order>& plan) {
    wl::berlin::State ours = *s_;
    for (const Order& o : plan) Apply(ours, player_, o);
    double worst = 0, sum = 0;
    const int answers = static_cast<int>(begin_.size()) - 1;
    for (int a = 0; a < answers; ++a) {
      wl::berlin::State t = ours;
      for (size_t k = begin_[a]; k < begin_[a + 1]; ++k) {
        Apply(t, answers_[k].player, answers_[k].order);
      }
      for (int v = 0; v < t.num_nodes; ++v) wl::berlin::internal::Fight(t, v);
      const double e = Evaluate(t);
      worst = a == 0 ? e : std::min(worst, e);
      sum += e;
    }
    return c_->worst * worst + (1 - c_->worst) * sum / answers;
  }

  // berlin §5.4: the orders are legal, so they all move.
  static void Apply(wl::berlin::State& t, int p, const Order& o) {
    t.soldiers[p][o.from] -= o.soldiers;
    t.soldiers[p][o.to] += o.soldiers;
  }

  // Our nodes' values and soldiers minus the best-off enemy's; a node that
  // another player can take next turn (it has more soldiers next to it than
  // the owner has on it) counts (1 - risk) of its value. Losing every node
  // loses the game (berlin §6).
  double Evaluate(const wl::berlin::State& t) const {
    int32_t reach[wl::berlin::kMaxPlayers][kMaxNodes];
    std::memset(reach, 0, sizeof(reach));
    for (int u = 0; u < t.num_nodes; ++u) {
      const int o = t.owner[u];
      if (o == wl::berlin::kFree || t.soldiers[o][u] <= 0) continue;
      for (uint64_t m = info_->Out(u); m; m &= m - 1) {
        reach[o][MapInfo::Low(m)] += t.soldiers[o][u];
      }
    }
    double total[wl::berlin::kMaxPlayers] = {};
    bool alive = false;
    for (int v = 0; v < t.num_nodes; ++v) {
      const int o = t.owner[v];
      if (o == wl::berlin::kFree) continue;
      alive = alive || o == player_;
      const int32_t garrison = std::max(0, t.soldiers[o][v]);
      bool risk = false;
      for (int q = 0; q < t.num_players; ++q) {
        risk = risk || (q != o && reach[q][v] > garrison);
      }
      total[o] += value_[v] * (risk ? 1 - c_->risk : 1) + soldier_ * garrison;
    }
    if (!alive) return -1e6;
    double best_enemy = -1e18;
    for (int q = 0; q < t.num_players; ++q) {
      if (q != player_) best_enemy = std::max(best_enemy, total[q]);
    }
    return total[player_] - best_enemy;
  }

  const MapInfo* info_ = nullptr;
  const wl::berlin::State* s_ = nullptr;
  int player_ = 0;
  int turns_left_ = 1;
  const ChooseSettings* c_ = nullptr;
  Planner planner_;
  std::vector<Order> plans_[ChooseSettings::kMaxPlans];
  std::vector<Order> scratch_;
  std::vector<EnemyOrder> answers_;
  std::vector<size_t> begin_;
  double value_[kMaxNodes];
  double soldier_ = 0;
  wl::FastRandom rng_;
};

}  // namespace berlin_greedy

#endif  // BERLIN_GREEDY_CHOOSE_H_
