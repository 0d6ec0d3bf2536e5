// mcts_draft.h: the MCTS bot's starting-region pick, searched on its own
// (the pick order is known and short: spec section 4).
//
// Flat UCB1 over our pick among the remaining candidates. One simulation:
//   1. our pick is the arm;
//   2. the rest of the draft, for both players in the engine's order
//      (wl::DraftPicker), by a randomised greedy pick: the best remaining
//      candidate by the greedy bot's pick score (GreedyBot) with
//      probability kDraftGreedyShare, else one of the best kDraftTopChoices
//      at random;
//   3. the start state as the engine makes it: every region neutral with
//      2 armies, wastelands with 6, each pick its picker's with 2;
//   4. `config.draft_rounds` rounds of fast-policy play for both
//      (mcts_policy.h, sampled combat), then the evaluation, or the result
//      if the game ended.
// The answer is the most visited arm (then the best mean). Arms are in the
// greedy bot's order, so with no simulation at all (a deadline already
// past) the answer is the greedy bot's pick. Nothing is allocated once the
// simulations start; the State is copied. Whether to search the draft at
// all (config.draft_search) is the caller's choice.
//
//   mcts::DraftSearch draft(config);
//   int region = draft.Pick(view, info, my_picks, deadline, seed);
//   const mcts::DraftStats& stats = draft.LastStats();
#ifndef MCTS_DRAFT_H_
#define MCTS_DRAFT_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <tuple>
#include <vector>

#include "java_random.h"
#include "mcts_config.h"
#include "mcts_greedy.h"
#include "mcts_policy.h"
#include "player.h"
#include "rules.h"
#include "sdk/search/decoupled_uct.h"
#include "state.h"
#include "view.h"

namespace mcts {

// The randomised greedy pick that completes a simulated draft: the best
// remaining candidate with this probability, else a uniform one among the
// best kDraftTopChoices.
constexpr double kDraftGreedyShare = 0.6;
constexpr int kDraftTopChoices = 3;

// What the last Pick did.
struct DraftStats {
  int candidates = 0;
  int simulations = 0;
  double elapsed_ms = 0;
};

class DraftSearch {
 public:
  using Clock = std::chrono::steady_clock;

  explicit DraftSearch(const Config& config)
      : config_(config), rng_(config.seed) {}
  // The knobs of the next Pick (the bot's, once tuned after construction).
  void SetConfig(const Config& config) { config_ = config; }

  // Our pick among view.PickableRegions() (-1 if that is empty).
  // `my_picks`: the regions we picked earlier in this draft (our own
  // answers, in order); the other candidates no longer pickable are the
  // opponent's. Stops at `deadline`, or after config.iterations simulations
  // when that is > 0 (the deadline still applies). `info` is the map's
  // (mcts::MapInfo of a wl::Game of view.GetMap()).
  int Pick(const wl::View& view, const MapInfo& info,
           const std::vector<int>& my_picks, Clock::time_point deadline,
           uint64_t seed) {
    const Clock::time_point start = Clock::now();
    stats_ = DraftStats();
    arms_.clear();
    bandit_.Reset({0});
    const std::vector<int>& pickable = view.PickableRegions();
    stats_.candidates = static_cast<int>(pickable.size());
    int answer = pickable.empty() ? -1 : pickable.front();
    if (pickable.size() > 1) {
      Prepare(view, info, my_picks, seed);
      const int limit = config_.iterations > 0 ? config_.iterations : 1 << 30;
      stats_.simulations = wl::search::IterateUntil(deadline, limit, [&](int) {
        const int arm = bandit_.Select(0, config_.exploration);
        const double value = Simulate(arm);
        bandit_.Update(&arm, &value);
      });
      answer = arms_[bandit_.MostVisited(0)];
    }
    stats_.elapsed_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return answer;
  }

  const DraftStats& LastStats() const { return stats_; }

  // The last Pick's arms (the candidates in the greedy bot's order, best
  // first; empty when there was nothing to search), and each one's visits
  // and mean value.
  const std::vector<int>& Arms() const { return arms_; }
  int Visits(int i) const { return bandit_.Stat(0, i).visits; }
  double Mean(int i) const { return bandit_.Stat(0, i).Mean(); }

 private:
  // Everything the simulations share: the arms in the greedy bot's order,
  // the start state before the remaining picks, who makes them.
  void Prepare(const wl::View& view, const MapInfo& info,
               const std::vector<int>& my_picks, uint64_t seed) {
    info_ = &info;
    rng_.SetSeed(seed);
    me_ = view.Me() == wl::Player::kNeutral ? wl::Player::kPlayer1 : view.Me();
    const wl::Game& game = info.game();
    max_rounds_ = view.MaxRounds() > 0 ? view.MaxRounds() : game.MaxRounds();
    const std::vector<int>& pickable = view.PickableRegions();
    const std::vector<int>& candidates = view.StartingRegions();

    // The greedy bot's order: best pick score first (its score is static
    // during the draft), ties in the engine's order; each candidate once.
    auto contains = [](const std::vector<int>& v, int x) {
      return std::find(v.begin(), v.end(), x) != v.end();
    };
    // (std::sort on (score, engine position): std::stable_sort's buffer
    // trips AddressSanitizer's alloc-dealloc check in GCC 12's libstdc++.)
    const GreedyBot greedy(config_.seed, CandidateWeights());
    std::vector<std::tuple<double, size_t, int>> scored;
    for (int c : pickable) {
      if (!contains(arms_, c)) {
        scored.emplace_back(-greedy.PickScore(view, c), arms_.size(), c);
        arms_.push_back(c);
      }
    }
    std::sort(scored.begin(), scored.end());
    for (size_t i = 0; i < scored.size(); ++i) {
      arms_[i] = std::get<2>(scored[i]);
    }
    bandit_.Reset({static_cast<int>(arms_.size())});

    base_ = game.InitialState();
    for (int r : view.Wastelands()) base_.armies[r] = 6;
    for (int c : candidates) {
      if (contains(pickable, c)) continue;
      base_.SetOwner(c, contains(my_picks, c) ? me_ : wl::Opponent(me_));
      base_.armies[c] = 2;
    }

    // Our pick is number `first_pick_`; the draft has `picks_` in all
    // (2 * starting_pick_amount, or every candidate pair if unknown). The
    // picks after ours go in the engine's order (wl::DraftPicker), taken
    // relative to ours: we are the one picking now, whatever the counts
    // say (in a real draft they agree).
    const int count = static_cast<int>(candidates.size());
    first_pick_ = std::max(0, count - static_cast<int>(pickable.size()));
    const int amount = view.StartingPickAmount();
    picks_ = amount > 0 ? 2 * std::min(amount, count) : count - count % 2;
    picks_ = std::max(first_pick_ + 1, std::min(picks_, count));
  }

  // One simulation of arm `arm`; its value for us in [0, 1].
  double Simulate(int arm) {
    wl::State s = base_;
    s.SetOwner(arms_[arm], me_);
    int pool[wl::kRegionSlots];
    int pool_size = 0;
    for (int i = 0; i < static_cast<int>(arms_.size()); ++i) {
      if (i != arm) pool[pool_size++] = arms_[i];
    }
    for (int i = first_pick_ + 1; i < picks_ && pool_size > 0; ++i) {
      int k = 0;
      if (rng_.NextDouble() >= kDraftGreedyShare) {
        k = wl::RandomIndex(rng_, std::min(kDraftTopChoices, pool_size));
      }
      s.SetOwner(pool[k], wl::DraftPicker(i) == wl::DraftPicker(first_pick_)
                              ? me_
                              : wl::Opponent(me_));
      std::copy(pool + k + 1, pool + pool_size, pool + k);
      --pool_size;
    }
    wl::Outcome outcome = wl::Outcome::kOngoing;
    for (int round = 1;
         round <= config_.draft_rounds && outcome == wl::Outcome::kOngoing;
         ++round) {
      PlayoutRound(*info_, s, rng_, place_, attack_);
      outcome = wl::RoundOutcome(s, round, max_rounds_);
    }
    return outcome == wl::Outcome::kOngoing
               ? Evaluate(*info_, s, me_, config_.eval_scale, config_.eval)
               : ResultFor(outcome, me_);
  }

  Config config_;
  wl::FastRandom rng_;
  DraftStats stats_;
  const MapInfo* info_ = nullptr;
  wl::Player me_ = wl::Player::kPlayer1;
  int max_rounds_ = 60;
  int first_pick_ = 0, picks_ = 0;
  std::vector<int> arms_;
  wl::search::DecoupledUct bandit_;  // one side: our pick among arms_
  wl::State base_;
  wl::MoveQueue place_[2], attack_[2];
};

}  // namespace mcts

#endif  // MCTS_DRAFT_H_
