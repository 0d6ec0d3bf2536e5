// colorfight_mcts_search.h: the search behind the Colorfight II MCTS bot:
// decoupled UCT over whole-turn candidates for every user alive at once
// (an update resolves every user's list together, colorfight §6), on the
// exact rules State (nothing is hidden: the frame shows it all), with
// short playouts cut off by a gold projection. The bandit part is the
// search library shared with the Warlight and Berlin mcts bots
// (sdk/search/decoupled_uct.h); the turns come from the greedy bot's
// planner in named settings (colorfight_mcts_turns.h).
//
// One decision (one turn):
//   1. Sides: every user alive with a cell, us first.
//   2. Candidates for each side, from its own viewpoint: the planner in
//      each named setting (greedy's own first: the model of a greedy player),
//      identical turns merged. A candidate is a setting played on: in the
//      playouts its side keeps it `keep_setting` of the turns.
//   3. Iterations: each side picks a candidate by UCB1 on its own
//      statistics (the others play their first one `predicted_share` of
//      the time); one Update (rules.h); `playout_turns` updates where
//      every user plays the planner (the sides mostly in their
//      candidate's setting, else greedy's own); then each
//      side's value: its projected final gold (gold + net gold income times
//      the turns left, plus energy as the planner values it) as a share of its
//      own and the best other side's (colorfight §8: most gold wins), centred
//      on its share at the root and scaled (one turn moves it little).
//   4. The answer: our most visited candidate (greedy's turn when some
//      candidate got fewer than two visits).
// Nothing allocates in an iteration (the State is a value, the plans are
// fixed-size members).
//
//   colorfight_mcts::Search search(config);
//   search.Prepare(state, my_uid, seed);
//   colorfight_mcts::SearchStats stats = search.Run(deadline);
//   const colorfight_mcts::TurnPlan& turn = search.Best();
#ifndef COLORFIGHT_MCTS_SEARCH_H_
#define COLORFIGHT_MCTS_SEARCH_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <vector>

#include "colorfight_mcts_turns.h"
#include "sdk/colorfight/py_random.h"
#include "sdk/colorfight/rules.h"
#include "sdk/colorfight/state.h"
#include "sdk/search/decoupled_uct.h"

namespace colorfight_mcts {

using wl::colorfight::kMaxUsers;

// The evaluation's constants (Projection below).
struct EvalParams {
  double energy_cap = 6;       // the planner's energy_weight_cap
  double stock_share = 0.5;    // energy kept, per energy, of a yield's worth
  double default_rate = 0.02;  // gold a turn per energy, without a frontier
};

// Measured with `warlight colorfight arena mcts greedy --games 200` (500
// turns, WL_COLORFIGHT_MCTS_ITERATIONS=40): 195 won, 5 lost (97.5%), no
// rejected command. With the energy valued at 0.5 gold (not as the planner
// values it) the search stopped building wells mid-game and lost to greedy.
struct SearchConfig {
  int iterations = 0;            // > 0: stop after that many (deadline too)
  double exploration = 0.4;      // UCB1's constant (values are in [0, 1])
  int playout_turns = 8;         // planner turns after the searched one
  double predicted_share = 0.3;  // the others play their first candidate
  double keep_setting = 0.8;     // playouts: a side keeps its candidate's
                                 // setting (else greedy's own)
  double value_scale = 10;       // values: 0.5 + scale * (share - root's)
  EvalParams eval;
};

struct SearchStats {
  int sides = 0;
  int candidates = 0;  // ours
  int iterations = 0;
  int64_t updates = 0;  // the searched update plus playout updates
  int chosen = 0;
  double elapsed_ms = 0;
};

// A user's projected final gold (colorfight §6.7: income minus tax every
// update left), energy valued as the greedy planner values it: one energy
// a turn buys cells worth `rate` gold a turn per energy (its frontier rate,
// colorfight_greedy_plan.h), so it is worth min(cap, rate * turns / 2)
// gold a turn; energy kept, `stock_share` of that per energy.
inline double Projection(const UserState& u, int turns, double rate,
                         const EvalParams& e) {
  const double energy_worth = std::min(e.energy_cap, rate * turns / 2);
  const double energy = static_cast<double>(std::max<int64_t>(0, u.energy));
  return static_cast<double>(u.gold) +
         turns * static_cast<double>(u.gold_source - u.tax_amount) +
         energy_worth *
             (turns * static_cast<double>(u.energy_source - u.tax_amount) +
              e.stock_share * energy);
}

// Every user's value: its projection as a share of its own and the best
// other one's, in [0, 1] (index: State::users; rate: each one's frontier
// rate).
inline void Evaluate(const State& s, const double* rate, const EvalParams& e,
                     double value[kMaxUsers]) {
  const int turns = std::max(0, s.max_turn - s.turn);
  double projection[kMaxUsers];
  for (int i = 0; i < s.num_users; ++i) {
    projection[i] = std::max(1.0, Projection(s.users[i], turns, rate[i], e));
  }
  for (int i = 0; i < s.num_users; ++i) {
    double best_other = 1;
    for (int j = 0; j < s.num_users; ++j) {
      if (j != i) best_other = std::max(best_other, projection[j]);
    }
    value[i] = projection[i] / (projection[i] + best_other);
  }
}

class Search {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Search(const SearchConfig& config = SearchConfig())
      : config_(config) {}

  // Builds every side's candidates for the update after `state`, for
  // user `me` (a uid). `seed` seeds the playouts.
  void Prepare(const State& state, int me, uint64_t seed) {
    root_ = state;
    rng_.Seed(seed);
    sides_ = 0;
    const UserState* mine = root_.FindUser(me);
    if (mine != nullptr) uid_[sides_++] = me;
    for (int i = 0; i < root_.num_users; ++i) {
      const UserState& u = root_.users[i];
      if (u.uid != me && !u.dead && u.cell_number > 0) uid_[sides_++] = u.uid;
    }
    std::vector<int> arms;
    for (int k = 0; k < sides_; ++k) {
      AddCandidates(k);
      arms.push_back(static_cast<int>(candidates_[k].size()));
    }
    uct_.Reset(arms);
    chosen_ = 0;
    for (int i = 0; i < kMaxUsers; ++i) rate_[i] = config_.eval.default_rate;
    for (int k = 0; k < sides_; ++k) {
      const double r = frontier_rate_[k];
      if (r > 0) rate_[root_.index_of_uid[uid_[k]]] = r;
    }
    Evaluate(root_, rate_, config_.eval, root_value_);
  }

  // Iterates until `deadline`, or config.iterations when that is set.
  SearchStats Run(Clock::time_point deadline) {
    const Clock::time_point start = Clock::now();
    SearchStats stats;
    stats.sides = sides_;
    stats.candidates = sides_ > 0 ? static_cast<int>(candidates_[0].size()) : 0;
    const int limit = config_.iterations > 0 ? config_.iterations : 1 << 30;
    if (stats.candidates > 1) {
      stats.iterations = wl::search::IterateUntil(
          deadline, limit, [&](int) { stats.updates += Iterate(); });
      chosen_ = uct_.Choose(0, /*min_visits=*/2, /*fallback=*/0);
    }
    stats.chosen = chosen_;
    stats.elapsed_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return stats;
  }

  // Our chosen turn (empty when we are not placed).
  const TurnPlan& Best() const {
    static const TurnPlan kNone;
    return sides_ > 0 ? candidates_[0][chosen_] : kNone;
  }
  int Sides() const { return sides_; }
  int UidOf(int side) const { return uid_[side]; }
  const std::vector<TurnPlan>& Candidates(int side) const {
    return candidates_[side];
  }
  const wl::search::DecoupledUct& Stats() const { return uct_; }

  // One iteration (exposed for the benchmark): the updates simulated.
  int Iterate() {
    int picks[kMaxUsers];
    uct_.Select(config_.exploration, picks);
    for (int k = 1; k < sides_; ++k) {
      if (rng_.Random() < config_.predicted_share) picks[k] = 0;
    }
    State& s = scratch_state_;
    s = root_;
    wl::colorfight::CommandList lists[kMaxUsers] = {};
    for (int k = 0; k < sides_; ++k) {
      lists[root_.index_of_uid[uid_[k]]] = candidates_[k][picks[k]].List();
    }
    wl::colorfight::Update(s, lists);
    int updates = 1;
    for (; updates <= config_.playout_turns && !s.Ended(); ++updates) {
      PlayoutTurn(s, picks);
    }
    double value[kMaxUsers];
    Evaluate(s, rate_, config_.eval, value);
    double values[kMaxUsers];
    for (int k = 0; k < sides_; ++k) {
      const int i = root_.index_of_uid[uid_[k]];
      values[k] = std::clamp(
          0.5 + config_.value_scale * (value[i] - root_value_[i]), 0.0, 1.0);
    }
    uct_.Update(picks, values);
    return updates;
  }

 private:
  // Every user plays the planner: a side mostly in the setting of its
  // pick, everyone else in greedy's own.
  void PlayoutTurn(State& s, const int* picks) {
    const Setting* setting[kMaxUsers] = {};
    for (int k = 0; k < sides_; ++k) {
      if (rng_.Random() < config_.keep_setting) {
        setting[root_.index_of_uid[uid_[k]]] =
            &kSettings[settings_[k][picks[k]]];
      }
    }
    wl::colorfight::CommandList lists[kMaxUsers] = {};
    for (int i = 0; i < s.num_users; ++i) {
      const Setting& p = setting[i] ? *setting[i] : kSettings[0];
      maker_.Make(s, s.users[i].uid, p, playout_[i]);
      lists[i] = playout_[i].List();
    }
    wl::colorfight::Update(s, lists);
  }

  // Step 2 for side k.
  void AddCandidates(int k) {
    candidates_[k].clear();
    settings_[k].clear();
    for (int i = 0; i < kSettingCount; ++i) {
      maker_.Make(root_, uid_[k], kSettings[i], plan_);
      if (i == 0) frontier_rate_[k] = maker_.frontier_rate();
      if (std::find(candidates_[k].begin(), candidates_[k].end(), plan_) ==
          candidates_[k].end()) {
        candidates_[k].push_back(plan_);
        settings_[k].push_back(i);
      }
    }
  }

  SearchConfig config_;
  State root_ = State::Empty(0);
  State scratch_state_ = State::Empty(0);
  int sides_ = 0;
  int uid_[kMaxUsers] = {};
  std::vector<TurnPlan> candidates_[kMaxUsers];
  std::vector<int> settings_[kMaxUsers];  // the candidates' settings
  double root_value_[kMaxUsers] = {};     // Evaluate at the root
  double frontier_rate_[kMaxUsers] = {};  // by side, at the root
  double rate_[kMaxUsers] = {};           // by user index, for Evaluate
  wl::search::DecoupledUct uct_;
  int chosen_ = 0;
  wl::colorfight::PyRandom rng_{1};
  TurnMaker maker_;
  TurnPlan plan_;
  TurnPlan playout_[kMaxUsers];
};

}  // namespace colorfight_mcts

#endif  // COLORFIGHT_MCTS_SEARCH_H_
