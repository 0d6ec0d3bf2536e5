// berlin_mcts_search.h: the search behind Berlin's MCTS bot: decoupled UCT
// over whole-turn candidates for every player at once (Berlin's turns are
// simultaneous, berlin §5), on the exact state (nothing is hidden), with
// short playouts cut off by an evaluation. The bandit part is the search
// library shared with the Warlight mcts (sdk/search/decoupled_uct.h); the
// greedy bot's chooser and planner (bots/berlin/greedy) make most moves.
//
// One decision (one turn):
//   1. Sides: every player alive (berlin §5.1), us first.
//   2. Candidate turns for each side, from its own viewpoint: first the
//      greedy bot's own turn (berlin_greedy_choose.h: what a greedy
//      opponent will play); the counter turn (the planner, threats left
//      out, on the position the other sides' first turns lead to); the
//      planner's named settings; the fast policy's settings
//      (berlin_mcts_policy.h); "focus" turns (every soldier next to one of
//      the best enemy targets on it, the policy for the rest); doing
//      nothing. Identical turns are merged.
//   3. Iterations: each side picks a candidate by UCB1 on its own
//      statistics (the others play their first one `predicted_share` of
//      the time: the model of a greedy opponent); the turn is resolved by
//      the rules core (wl::berlin::ResolveTurn); then `playout_turns`
//      turns where every player plays the planner assuming a random share
//      of the threats; then every player's share of the evaluation (or of
//      the result if the game ended), each side updated with its own.
//   4. The answer: our most visited candidate (the greedy turn when some
//      candidate got fewer than two visits).
// The search allocates nothing once its first iterations have grown the
// buffers (the State is copied; tests/sdk/rules_allocation_test.cpp).
//
//   berlin_mcts::Search search(config);
//   search.Prepare(info, state, me, max_turns, seed);  // state.turn: played
//   berlin_mcts::SearchStats stats = search.Run(deadline);
//   const std::vector<wl::berlin::Move>& moves = search.Best();  // node ids
#ifndef BERLIN_MCTS_SEARCH_H_
#define BERLIN_MCTS_SEARCH_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <vector>

#include "berlin_mcts_greedy.h"
#include "berlin_mcts_policy.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/state.h"
#include "sdk/common/fast_random.h"
#include "sdk/search/decoupled_uct.h"

namespace berlin_mcts {

// Measured in process against the greedy bot (200 games each: both seats,
// the five official maps with a 2-player setup, 1000 iterations a turn):
// playouts of 3, 6, 8 and 10 turns won 73%, 79%, 81% and 80% (without the
// predicted share), predicted_share 0.2 and 0.4 81.5%, without the counter
// turns 67.5%.
struct SearchConfig {
  int iterations = 0;            // > 0: stop after that many (deadline too)
  double exploration = 0.5;      // UCB1's constant (values are in [0, 1])
  int playout_turns = 6;         // planner turns after the searched one
  double full_threat = 0.5;      // playouts: share of turns at threat 1
  double predicted_share = 0.3;  // the others play their first turn
  int focus_turns = 2;           // "focus" candidates per side
  EvalParams eval;
};

struct SearchStats {
  int sides = 0;
  int candidates = 0;  // ours
  int iterations = 0;
  int64_t turns_simulated = 0;  // the searched turn plus playout turns
  int chosen = 0;
  double elapsed_ms = 0;
};

// The greedy planner's named settings (berlin_greedy_plan.h).
inline constexpr berlin_greedy::Weights kGreedySettings[] = {
    berlin_greedy::kBalanced, berlin_greedy::kCautious,
    berlin_greedy::kAggressive, berlin_greedy::kExpand};
// The playouts' shares of the enemies' adjacent soldiers assumed coming
// (the greedy chooser's, berlin_greedy_choose.h).
inline constexpr double kPlayoutThreats[] = {1.0, 0.7, 0.4, 0.2, 0.0};

class Search {
 public:
  using Clock = std::chrono::steady_clock;
  using Turn = std::vector<wl::berlin::Move>;

  explicit Search(const SearchConfig& config = SearchConfig())
      : config_(config) {}

  // Builds every side's candidates for the turn after `state` (state.turn
  // turns played, `max_turns` in the game). `seed` seeds the playouts and
  // the greedy chooser (BerlinGreedyBot's seed plus current_turn makes our
  // first candidate its turn). `info` must outlive the search.
  void Prepare(const MapInfo& info, const wl::berlin::State& state, int me,
               int max_turns, uint64_t seed) {
    info_ = &info;
    root_ = state;
    max_turns_ = max_turns;
    rng_.SetSeed(seed);
    greedy_seed_ = seed;
    sides_ = 0;
    player_[sides_++] = me;
    for (int p = 0; p < state.num_players; ++p) {
      if (p != me && state.Alive(p)) player_[sides_++] = p;
    }
    for (int k = 0; k < sides_; ++k) AddGreedyTurn(k);
    std::vector<int> arms;
    for (int k = 0; k < sides_; ++k) {
      AddCandidates(k);
      arms.push_back(static_cast<int>(candidates_[k].size()));
    }
    uct_.Reset(arms);
  }

  // Iterates until `deadline`, or config.iterations when that is set.
  SearchStats Run(Clock::time_point deadline) {
    const Clock::time_point start = Clock::now();
    SearchStats stats;
    stats.sides = sides_;
    stats.candidates = static_cast<int>(candidates_[0].size());
    const int limit = config_.iterations > 0 ? config_.iterations : 1 << 30;
    if (stats.candidates > 1) {
      stats.iterations = wl::search::IterateUntil(
          deadline, limit, [&](int) { stats.turns_simulated += Iterate(); });
    }
    chosen_ = uct_.Choose(0, /*min_visits=*/2, /*fallback=*/0);
    stats.chosen = chosen_;
    stats.elapsed_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return stats;
  }

  // Our chosen turn (node ids, in the order to send).
  const Turn& Best() const { return candidates_[0][chosen_]; }
  int Sides() const { return sides_; }
  int PlayerOf(int side) const { return player_[side]; }
  const std::vector<Turn>& Candidates(int side) const {
    return candidates_[side];
  }
  const wl::search::DecoupledUct& Stats() const { return uct_; }

  // One iteration (exposed for the benchmark): the turns simulated.
  int Iterate() {
    int picks[kMaxPlayers];
    uct_.Select(config_.exploration, picks);
    for (int k = 1; k < sides_; ++k) {
      if (rng_.NextDouble() < config_.predicted_share) picks[k] = 0;
    }
    wl::berlin::State s = root_;
    wl::berlin::PlayerMoves turn[kMaxPlayers];
    for (int k = 0; k < sides_; ++k) {
      const Turn& t = candidates_[k][picks[k]];
      turn[k] = {player_[k], t.data(), static_cast<int>(t.size())};
    }
    wl::berlin::ResolveTurn(info_->map(), s, turn, sides_);
    int turns = 1;
    for (; turns <= config_.playout_turns && !Over(s); ++turns) PlayoutTurn(s);
    double value[kMaxPlayers];
    Evaluate(*info_, s, Over(s), max_turns_ - s.turn, config_.eval, value);
    double values[kMaxPlayers];
    for (int k = 0; k < sides_; ++k) values[k] = value[player_[k]];
    uct_.Update(picks, values);
    return turns;
  }

 private:
  // berlin §1.4: the turn limit reached or fewer than two players alive.
  bool Over(const wl::berlin::State& s) const {
    return s.turn >= max_turns_ || s.AliveCount() < 2;
  }

  // Every alive player plays the planner, the share of threats it
  // assumes drawn at random (the greedy chooser's range).
  void PlayoutTurn(wl::berlin::State& s) {
    wl::berlin::PlayerMoves turn[kMaxPlayers];
    int count = 0;
    for (int p = 0; p < s.num_players; ++p) {
      if (!s.Alive(p)) continue;
      berlin_greedy::Weights w = berlin_greedy::kBalanced;
      if (rng_.NextDouble() >= config_.full_threat) {
        w.threat = kPlayoutThreats[rng_.Below(std::size(kPlayoutThreats))];
      }
      MoveList& moves = scratch_[p];
      moves.Clear();
      PlanGreedy(s, p, w, moves);
      turn[count++] = {p, moves.moves, moves.size};
    }
    wl::berlin::ResolveTurn(info_->map(), s, turn, count);
  }

  // The planner's turn for p on s (node ids) with settings w.
  void PlanGreedy(const wl::berlin::State& s, int p,
                  const berlin_greedy::Weights& w, MoveList& out) {
    planner_.Plan(info_->greedy(), s, p, std::max(1, max_turns_ - s.turn), w,
                  orders_);
    AppendOrders(orders_, out);
  }

  void AppendOrders(const std::vector<berlin_greedy::Order>& orders,
                    MoveList& out) const {
    for (const berlin_greedy::Order& o : orders) {
      out.Add(info_->Id(o.from), info_->Id(o.to), o.soldiers);
    }
  }

  // Step 2, first candidate of side k: the greedy bot's turn.
  void AddGreedyTurn(int k) {
    candidates_[k].clear();
    chooser_.Choose(info_->greedy(), root_, player_[k],
                    std::max(1, max_turns_ - root_.turn),
                    berlin_greedy::ChooseSettings(), orders_, greedy_seed_);
    MoveList moves;
    AppendOrders(orders_, moves);
    Add(k, moves);
  }

  // Step 2, the others (every side's first candidate is there).
  void AddCandidates(int k) {
    const int p = player_[k];
    MoveList moves;
    berlin_greedy::Weights counter = berlin_greedy::kBalanced;
    counter.threat = 0;
    PlanGreedy(Predicted(k), p, counter, moves);
    Add(k, moves);
    for (const berlin_greedy::Weights& w : kGreedySettings) {
      moves.Clear();
      PlanGreedy(root_, p, w, moves);
      Add(k, moves);
    }
    for (int v = 0; v < kPolicyVariants; ++v) {
      moves.Clear();
      PlanTurn(*info_, root_, p, PolicyVariant(v), moves);
      Add(k, moves);
    }
    int targets[kMaxNodes];
    const int count =
        FocusTargets(*info_, root_, p, config_.focus_turns, targets);
    for (int i = 0; i < count; ++i) {
      moves.Clear();
      PlanFocused(*info_, root_, p, targets[i], PolicyParams(), moves);
      Add(k, moves);
    }
    moves.Clear();
    Add(k, moves);  // doing nothing
  }

  // Side k's picture of the turn if every other side plays its first
  // candidate: their moves made and fought (berlin §5.4-5.6), no spawn. Side
  // k's counters only drop there, so a plan made on it is valid at the root.
  wl::berlin::State Predicted(int k) const {
    wl::berlin::PlayerMoves turn[kMaxPlayers];
    int count = 0;
    for (int j = 0; j < sides_; ++j) {
      if (j == k) continue;
      const Turn& t = candidates_[j][0];
      turn[count++] = {player_[j], t.data(), static_cast<int>(t.size())};
    }
    wl::berlin::State s = root_;
    wl::berlin::State predicted = root_;
    wl::berlin::ResolveTurn(
        info_->map(), s, turn, count, wl::berlin::NoSink(),
        [&](const wl::berlin::State& post) { predicted = post; });
    return predicted;
  }

  // Adds `moves` to side k's candidates unless an identical turn is there.
  void Add(int k, const MoveList& moves) {
    Turn t(moves.moves, moves.moves + moves.size);
    for (const Turn& c : candidates_[k]) {
      if (SameTurn(c, t)) return;
    }
    candidates_[k].push_back(std::move(t));
  }

  static bool SameTurn(const Turn& a, const Turn& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].from != b[i].from || a[i].to != b[i].to ||
          a[i].number_of_soldiers != b[i].number_of_soldiers) {
        return false;
      }
    }
    return true;
  }

  SearchConfig config_;
  const MapInfo* info_ = nullptr;
  wl::berlin::State root_;
  int max_turns_ = 0;
  int sides_ = 0;
  int player_[kMaxPlayers] = {};
  std::vector<Turn> candidates_[kMaxPlayers];
  wl::search::DecoupledUct uct_;
  int chosen_ = 0;
  wl::FastRandom rng_{1};     // the playouts' settings
  uint64_t greedy_seed_ = 0;  // the greedy chooser's (its random answers)
  MoveList scratch_[kMaxPlayers];
  berlin_greedy::Planner planner_;
  berlin_greedy::Chooser chooser_;
  std::vector<berlin_greedy::Order> orders_;
};

}  // namespace berlin_mcts

#endif  // BERLIN_MCTS_SEARCH_H_
