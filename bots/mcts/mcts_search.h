// mcts_search.h: the search behind the MCTS bot: decoupled UCT over whole
// turns at the root, on determinised states, with short playouts cut off by
// an evaluation.
//
// One decision (one round):
//   1. Candidate turns for us, from the View: the greedy planner with
//      several weight settings, and the fast policy (mcts_policy.h) with
//      several settings on the most likely hidden state, each cut to the
//      orders sure to run (sure_orders.h). Identical turns are merged. Our
//      regions are exact in every sample, so each turn is one fixed list of
//      orders.
//   2. Determinisation: `samples` full states from what we see, what we
//      remember of the fog and what we believe of the opponent
//      (greedy_beliefs.h): its believed regions, with its fogged armies
//      raised by up to `fog_noise` (more the longer unseen) in all samples
//      but the first.
//   3. The opponent's candidate turns: the fast policy's settings, planned
//      on each sample.
//   4. Iterations: a sample in turn; our turn and its turn each chosen by
//      UCB1 on that side's own statistics (decoupled UCT: a simultaneous
//      move; sdk/search/decoupled_uct.h, shared with Berlin's mcts); the round
//      resolved by the rules core in the official order (combat at its exact
//      expectation when `expected_first`, never under WL1's 100% luck); then
//      `playout_rounds` (WL1: `wl1_playout_rounds`) rounds of fast-policy play
//      for both with sampled combat; the evaluation, or the result if the game
//      ended. Both sides' statistics are updated (theirs with 1 - value).
//   5. The answer: our most visited turn.
//
// Under Dingle's rules (sequential_turns, no fog; dingle §4) nothing is
// hidden and turns are sequential: we place and move, then the opponent
// does, knowing our result. So the search is a two-level tree on the one
// exact state: our turn by UCB1 at the root, run on Dingle's rules core
// (dingle::Place and dingle::AttackTransfer: orders validated up front,
// combat at Dingle's mostLikely when `expected_first`); then the
// opponent's reply, a fast policy setting chosen by UCB1 on its own
// statistics under that turn of ours and planned on the state our turn
// left; then `playout_rounds` rounds of sequential fast-policy turns with
// sampled combat (DingleTurn), and the evaluation at our next turn, or the
// result.
//
// Nothing is allocated once the iterations start; the State is copied.
//
//   mcts::Search search(config);
//   search.Prepare(view, info, seed);
//   mcts::SearchStats stats = search.Run(deadline);
//   const mcts::Turn& turn = search.Best();
#ifndef MCTS_SEARCH_H_
#define MCTS_SEARCH_H_

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <vector>

#include "dingle.h"
#include "java_random.h"
#include "mcts_config.h"
#include "mcts_greedy.h"
#include "mcts_policy.h"
#include "orders.h"
#include "rules.h"
#include "sdk/search/decoupled_uct.h"
#include "state.h"
#include "sure_orders.h"
#include "view.h"

namespace mcts {

using wl::search::ArmStat;
using wl::search::SelectUcb;

// One whole turn: the orders as sent, and queued for the rules core.
struct Turn {
  std::vector<wl::Move> placements, moves;
  wl::MoveQueue place, attack;
};

// What one search did.
struct SearchStats {
  int candidates = 0;
  int opponent_turns = 0;
  int samples = 0;
  int iterations = 0;
  int64_t rounds_simulated = 0;  // the searched round plus playout rounds
  int chosen = 0;
  double elapsed_ms = 0;
};

// The orders of `moves` that are sure to run (wl::KeepSureOrders) against
// an opponent income of mcts::SureIncomeBound, those from regions touching
// the opponent first (wl::FrontFirst), as `config` asks; `moves` as they
// are without config.sure_orders. `placements`: ours this round, not yet
// in the View.
inline std::vector<wl::Move> SureMoves(const wl::View& view,
                                       int believed_income,
                                       const Config& config,
                                       const std::vector<wl::Move>& placements,
                                       std::vector<wl::Move> moves) {
  if (!config.sure_orders) return moves;
  if (config.front_first) moves = wl::FrontFirst(view, moves);
  const int bound = SureIncomeBound(believed_income, view.Income(), config);
  return wl::KeepSureOrders(view, bound, placements, moves);
}

// Turns `t`, a turn of `who` on `s`, into its whole income placed on its
// region that borders most of the other side's armies, with its moves kept
// where they still fit (the opponent's answer to a threat, their_stack).
// Unchanged when no region of `who` borders the other side.
inline void StackDefence(const wl::Game& game, const wl::State& s,
                         wl::Player who, Turn& t) {
  int on = -1, most = 0;
  for (int r : s.Owned(who)) {
    int threat = 0;
    for (int n : game.Neighbors(r)) {
      if (s.Owner(n) == wl::Opponent(who)) threat += s.armies[n];
    }
    if (threat > most) {
      most = threat;
      on = r;
    }
  }
  if (on < 0) return;
  int left = game.Income(s, who);
  int spare[wl::kRegionSlots] = {};
  for (int r : s.Owned(who)) spare[r] = s.armies[r] - 1;
  spare[on] += left;
  const wl::MoveQueue attack = t.attack;
  t.place.Clear();
  t.attack.Clear();
  t.place.Push(wl::QueuePlacement(s, who, wl::Move::Place(on, left), left));
  for (int i = 0; i < attack.size; ++i) {
    const wl::QueuedMove& q = attack.items[i];
    if (q.move.armies > spare[q.move.from]) continue;
    spare[q.move.from] -= q.move.armies;
    t.attack.Push(q);
  }
}

// The greedy planner's settings that give our candidate turns: 0 the
// default, 1 aggressive, 2 defensive, 3 expansion, 4 careful attacks, 5
// land grab, 6 turtle, 7 hunter.
constexpr int kGreedyVariants = 8;
inline greedy::Weights GreedyVariant(int i) {
  greedy::Weights w = CandidateWeights();
  switch (i) {
    case 1:
      w.break_bonus = 4.0;
      w.relief = 0.6;
      w.enemy_deploy = 0.1;
      w.defend = 0.5;
      w.land = 0.6;
      break;
    case 2:
      w.defend = 2.0;
      w.held_bonus = 3.0;
      w.enemy_deploy = 0.5;
      break;
    case 3:
      w.bonus = 4.0;
      w.complete = 3.0;
      w.contested = 1.0;
      w.defend = 0.6;
      break;
    case 4:
      w.enemy_deploy = 0.6;
      w.break_bonus = 3.0;
      w.hunt = 1.2;
      break;
    case 5:
      w.land = 1.0;
      w.bonus = 1.5;
      w.contested = 1.0;
      break;
    case 6:
      w.defend = 3.0;
      w.held_bonus = 4.0;
      w.enemy_deploy = 1.0;
      w.break_bonus = 1.0;
      break;
    case 7:
      w.relief = 1.0;
      w.break_bonus = 5.0;
      w.enemy_deploy = 0.0;
      w.land = 0.8;
      break;
    default:
      break;
  }
  return w;
}

class Search {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Search(const Config& config) : config_(config), rng_(config.seed) {}
  // The knobs of the next Prepare (the bot's, once tuned after construction).
  void SetConfig(const Config& config) { config_ = config; }

  // Builds the candidate turns, the samples and the opponent's turns for
  // the round the View is at. `info` must outlive the search.
  void Prepare(const wl::View& view, const MapInfo& info, uint64_t seed) {
    info_ = &info;
    me_ = view.Me();
    them_ = view.Them();
    round_ = view.Round();
    max_rounds_ =
        view.MaxRounds() > 0 ? view.MaxRounds() : info.game().MaxRounds();
    rng_.SetSeed(seed);
    const wl::RuleSetTraits rules = wl::TraitsOf(view.Rules());
    sequential_ = rules.sequential_turns;
    // 100% luck (WL1): its own playout length, and never expected combat.
    const bool dice = rules.luck == wl::Luck::kDice;
    playout_rounds_ =
        dice ? config_.wl1_playout_rounds : config_.playout_rounds;
    first_combat_ = config_.expected_first && !dice ? wl::CombatMode::kExpected
                                                    : wl::CombatMode::kOfficial;
    const greedy::Beliefs beliefs = greedy::InferBeliefs(view);
    believed_income_ = beliefs.enemy_income;
    // Samples first: the fast policy's candidates are planned on sample 0.
    DrawSamples(view, beliefs);
    turns_.clear();
    const int income = view.Income();
    const greedy::Plan base = AddGreedyTurns(view, beliefs, income);
    if (config_.tactical_turns) AddTacticalTurns(view, base, income);
    AddPolicyTurns(view, income);
    if (turns_.empty()) AddTurn(view, {}, {});
    const int mine = static_cast<int>(turns_.size());
    if (sequential_) {
      PrepareReplies();
      uct_.Reset({mine});
    } else {
      PlanTheirTurns();
      uct_.Reset({mine, their_count_});
    }
  }

  // Iterates until `deadline`, or `config.iterations` iterations when that
  // is set (the deadline still applies, as a safety net).
  SearchStats Run(Clock::time_point deadline) {
    const Clock::time_point start = Clock::now();
    SearchStats stats;
    stats.candidates = static_cast<int>(turns_.size());
    stats.opponent_turns = their_count_;
    stats.samples = static_cast<int>(samples_.size());
    const int limit = config_.iterations > 0 ? config_.iterations : 1 << 30;
    wl::MoveQueue place[2], attack[2];
    // A single candidate needs no search.
    if (turns_.size() > 1) {
      stats.iterations = wl::search::IterateUntil(deadline, limit, [&](int n) {
        stats.rounds_simulated += Iterate(n, place, attack);
      });
    }
    stats.chosen = Choose();
    chosen_ = stats.chosen;
    stats.elapsed_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return stats;
  }

  const Turn& Best() const { return turns_[chosen_]; }
  const std::vector<Turn>& Turns() const { return turns_; }
  const std::vector<wl::State>& Samples() const { return samples_; }
  // Visits and mean value of our turn i, and of the opponent's turn j.
  int Visits(int i) const { return uct_.Stat(0, i).visits; }
  double Mean(int i) const { return uct_.Stat(0, i).Mean(); }
  int TheirVisits(int j) const { return uct_.Stat(1, j).visits; }
  double TheirMean(int j) const { return uct_.Stat(1, j).Mean(); }

  // One iteration (exposed for the benchmark): returns the rounds
  // simulated. `place` and `attack` are scratch queues.
  int Iterate(int n, wl::MoveQueue place[2], wl::MoveQueue attack[2]) {
    if (sequential_) return IterateSequential();
    const int k = n % static_cast<int>(samples_.size());
    int picks[2];
    uct_.Select(config_.exploration, picks);
    const Turn& ours = turns_[picks[0]];
    const Turn& their = their_turns_[k * their_count_ + picks[1]];
    wl::State s = samples_[k];
    const bool first = me_ == wl::Player::kPlayer1;
    wl::ExecutePlacements(s, first ? ours.place : their.place,
                          first ? their.place : ours.place);
    wl::ExecuteAttacks(s, first ? ours.attack : their.attack,
                       first ? their.attack : ours.attack, rng_,
                       wl::IgnoreEvents(), first_combat_,
                       info_->game().Rules());
    int rounds = 1;
    wl::Outcome outcome = wl::RoundOutcome(s, round_, max_rounds_);
    for (int r = 1; r <= playout_rounds_ && outcome == wl::Outcome::kOngoing;
         ++r) {
      PlayoutRound(*info_, s, rng_, place, attack);
      ++rounds;
      outcome = wl::RoundOutcome(s, round_ + r, max_rounds_);
    }
    const double value =
        outcome == wl::Outcome::kOngoing
            ? Evaluate(*info_, s, me_, config_.eval_scale, config_.eval)
            : ResultFor(outcome, me_);
    const double values[2] = {value, 1 - value};
    uct_.Update(picks, values);
    return rounds;
  }

 private:
  // Step 2: `samples` determinised states (at least 1), the first without
  // noise.
  void DrawSamples(const wl::View& view, const greedy::Beliefs& beliefs) {
    samples_.clear();
    // Dingle hides nothing: one exact state.
    const int sample_count = sequential_ ? 1 : std::max(1, config_.samples);
    for (int k = 0; k < sample_count; ++k) {
      samples_.push_back(Determinise(view, beliefs, k > 0));
    }
  }

  // Our candidate turns from the greedy planner's settings. Returns the
  // default setting's plan (empty when no setting is played).
  greedy::Plan AddGreedyTurns(const wl::View& view,
                              const greedy::Beliefs& beliefs, int income) {
    greedy::Plan base;
    for (int i = 0; i < std::min(config_.my_greedy_variants, kGreedyVariants);
         ++i) {
      greedy::Plan plan =
          greedy::Planner(view, beliefs, income, GreedyVariant(i)).Make();
      if (i == 0) base = plan;
      AddTurn(view, std::move(plan.placements), std::move(plan.moves));
    }
    return base;
  }

  // Our candidate turns from the fast policy's settings, planned on sample
  // 0, their placements cut to `income`: the View's income is the engine's
  // word (the rules core's agrees in a real game: our regions are known
  // exactly).
  void AddPolicyTurns(const wl::View& view, int income) {
    for (int i = 0; i < config_.my_policy_variants; ++i) {
      wl::MoveQueue place, attack;
      const PolicyParams w = PolicyVariant(i);
      PlanTurn(*info_, samples_[0], me_, sequential_ ? ForDingle(w) : w, place,
               attack);
      std::vector<wl::Move> placements, moves;
      int left = income;
      for (int k = 0; k < place.size && left > 0; ++k) {
        wl::Move m = place.items[k].move;
        m.player = wl::Player::kNeutral;
        m.armies = std::min(m.armies, left);
        left -= m.armies;
        placements.push_back(m);
      }
      for (int k = 0; k < attack.size; ++k) {
        wl::Move m = attack.items[k].move;
        m.player = wl::Player::kNeutral;
        moves.push_back(m);
      }
      AddTurn(view, std::move(placements), std::move(moves));
    }
  }

  // Step 3: the opponent's candidate turns, the fast policy's settings
  // planned on each sample, and with `their_stack` its defence of the
  // region we threaten most.
  void PlanTheirTurns() {
    const int variants =
        std::max(1, std::min(config_.their_variants, kPolicyVariants));
    their_count_ = variants + (config_.their_stack ? 1 : 0);
    their_turns_.resize(samples_.size() * their_count_);
    for (size_t k = 0; k < samples_.size(); ++k) {
      for (int j = 0; j < their_count_; ++j) {
        Turn& t = their_turns_[k * their_count_ + j];
        t.place.Clear();
        t.attack.Clear();
        PlanTurn(*info_, samples_[k], them_, PolicyVariant(j % variants),
                 t.place, t.attack);
        if (j >= variants) StackDefence(info_->game(), samples_[k], them_, t);
      }
    }
  }

  // Dingle: the root position (our turn, about to place) and the
  // statistics of the opponent's replies under each of our turns.
  void PrepareReplies() {
    their_count_ =
        std::max(1, std::min(config_.their_variants, kPolicyVariants));
    root_ = wl::dingle::Position();
    root_.state = samples_[0];
    root_.round = round_;
    root_.max_rounds = max_rounds_;
    root_.turn = me_;
    reply_stats_.assign(turns_.size() * their_count_, ArmStat());
  }

  // One iteration under Dingle's rules (see the top of this file).
  int IterateSequential() {
    const wl::Game& game = info_->game();
    const int mine = uct_.Select(0, config_.exploration);
    const Turn& ours = turns_[mine];
    wl::dingle::Position pos = root_;
    wl::dingle::Place(game, pos, ours.placements);
    wl::dingle::AttackTransfer(game, pos, ours.moves, rng_,
                               wl::dingle::NoEvents(), first_combat_);
    ArmStat* reply = nullptr;
    if (!pos.Over()) {
      ArmStat* replies = &reply_stats_[mine * their_count_];
      const int theirs =
          SelectUcb(replies, their_count_, uct_.Stat(0, mine).visits + 1,
                    config_.exploration);
      DingleTurn(*info_, pos, PolicyVariant(theirs), rng_,
                 wl::CombatMode::kOfficial, scratch_);
      reply = &replies[theirs];
    }
    for (int t = 0; t < 2 * playout_rounds_ && !pos.Over(); ++t) {
      const int v =
          rng_.NextDouble() < 0.5 ? 0 : wl::RandomIndex(rng_, kPolicyVariants);
      DingleTurn(*info_, pos, PolicyVariant(v), rng_, wl::CombatMode::kOfficial,
                 scratch_);
    }
    const double value = pos.Over()
                             ? (pos.winner == me_ ? 1.0 : 0.0)
                             : Evaluate(*info_, pos.state, me_,
                                        config_.eval_scale, config_.eval);
    uct_.Update(&mine, &value);
    if (reply) reply->Add(1 - value);
    return 1 + std::max(0, pos.round - round_);
  }

  // Adds a candidate turn, its moves cut to those sure to run when
  // `config.sure_orders` (so the search weighs the orders it would send),
  // unless an identical turn is there already.
  void AddTurn(const wl::View& view, std::vector<wl::Move> placements,
               std::vector<wl::Move> moves) {
    moves = SureMoves(view, believed_income_, config_, placements,
                      std::move(moves));
    for (const Turn& t : turns_) {
      if (t.placements == placements && t.moves == moves) return;
    }
    Turn t;
    t.placements = std::move(placements);
    t.moves = std::move(moves);
    const wl::State& s = samples_[0];
    int left = info_->game().Income(s, me_);
    for (const wl::Move& m : t.placements) {
      t.place.Push(wl::QueuePlacement(s, me_, m, left));
    }
    for (const wl::Move& m : t.moves) {
      t.attack.Push(wl::QueueAttackTransfer(info_->game(), s, me_, m));
    }
    turns_.push_back(std::move(t));
  }

  // Turns the greedy planner does not make, derived from its default plan
  // `base`: the whole income stacked on the most threatened front region;
  // and, for each of the two weakest opponent regions we touch, an all-in
  // attack from our strongest neighbour of it with the whole income behind
  // it. The rest of `base`'s moves are kept where they still fit.
  void AddTacticalTurns(const wl::View& view, const greedy::Plan& base,
                        int income) {
    const wl::Map& map = view.GetMap();
    const wl::RegionSet mine = view.Owned();
    const wl::RegionSet enemy = view.OpponentVisible();
    if (mine.Empty() || enemy.Empty() || income <= 0) return;
    int stack_on = -1, most = 0;
    for (int r : mine) {
      int threat = 0;
      for (int n : map.Neighbors(r)) {
        if (enemy.Contains(n)) threat += view.Armies(n);
      }
      if (threat > most) {
        most = threat;
        stack_on = r;
      }
    }
    if (stack_on >= 0) {
      DerivedTurn(view, base, stack_on, income, wl::Move());
    }
    int targets[2] = {-1, -1};
    for (int e : enemy) {
      if (targets[0] < 0 || view.Armies(e) < view.Armies(targets[0])) {
        targets[1] = targets[0];
        targets[0] = e;
      } else if (targets[1] < 0 || view.Armies(e) < view.Armies(targets[1])) {
        targets[1] = e;
      }
    }
    for (int e : targets) {
      if (e < 0) continue;
      int from = -1;
      for (int n : map.Neighbors(e)) {
        if (mine.Contains(n) &&
            (from < 0 || view.Armies(n) > view.Armies(from))) {
          from = n;
        }
      }
      if (from < 0) continue;
      const int armies = view.Armies(from) + income - 1;
      if (armies < info_->TakeArmies(view.Armies(e))) continue;
      DerivedTurn(view, base, from, income,
                  wl::Move::AttackTransfer(from, e, armies));
    }
  }

  // The whole income on `on`; `base`'s moves that still have their armies
  // (none from `on` when `last` is an order), then `last` if it is one.
  void DerivedTurn(const wl::View& view, const greedy::Plan& base, int on,
                   int income, const wl::Move& last) {
    int spare[wl::kRegionSlots] = {};
    for (int r : view.Owned()) spare[r] = view.Armies(r) - 1;
    spare[on] += income;
    const bool has_last = last.kind == wl::MoveKind::kAttackTransfer;
    std::vector<wl::Move> moves;
    for (const wl::Move& m : base.moves) {
      if (has_last && m.from == last.from) continue;
      if (m.armies > spare[m.from]) continue;
      spare[m.from] -= m.armies;
      moves.push_back(m);
    }
    if (has_last) moves.push_back(last);
    AddTurn(view, {wl::Move::Place(on, income)}, std::move(moves));
  }

  // A full state from the View: our regions and the visible ones exact;
  // the fog as believed, with the opponent's fogged armies raised at
  // random when `noisy`.
  wl::State Determinise(const wl::View& view, const greedy::Beliefs& b,
                        bool noisy) {
    wl::State s;
    for (int r : view.GetMap().RegionIds()) {
      wl::Player owner = wl::Player::kNeutral;
      int armies = b.armies[r];
      if (b.mine.Contains(r)) {
        owner = me_;
        armies = view.Armies(r);
      } else if (view.Visible().Contains(r)) {
        owner = view.Owner(r);
        armies = view.Armies(r);
      } else if (b.enemy.Contains(r)) {
        owner = them_;
        if (noisy && config_.fog_noise > 0) {
          const int unseen = round_ - view.Remembered(r).seen_round;
          const int most = std::min(config_.fog_noise, std::max(1, unseen));
          armies += wl::RandomIndex(rng_, most + 1);
        }
      }
      s.SetOwner(r, owner);
      s.armies[r] = std::max(1, armies);
    }
    return s;
  }

  // The most visited of our turns (then the best mean); the default
  // greedy turn when the search did not visit every turn at least twice.
  int Choose() const { return uct_.Choose(0, /*min_visits=*/2, 0); }

  Config config_;
  wl::FastRandom rng_;
  const MapInfo* info_ = nullptr;
  wl::Player me_ = wl::Player::kPlayer1, them_ = wl::Player::kPlayer2;
  int round_ = 1, max_rounds_ = 60;
  int believed_income_ = 5;  // the opponent's, as greedy_beliefs.h has it
  std::vector<wl::State> samples_;
  std::vector<Turn> turns_;
  std::vector<Turn> their_turns_;
  int their_count_ = 1;
  // Side 0: our turns_; side 1: the opponent's turns (their_count_ per
  // sample), absent under Dingle (sequential_).
  wl::search::DecoupledUct uct_;
  int chosen_ = 0;
  // Dingle (sequential_): the exact position and the replies' statistics,
  // their_count_ per turn of ours.
  bool sequential_ = false;
  // config.playout_rounds, or config.wl1_playout_rounds under WL1.
  int playout_rounds_ = 3;
  // The searched turn's combat: config.expected_first, except under WL1.
  wl::CombatMode first_combat_ = wl::CombatMode::kExpected;
  wl::dingle::Position root_;
  std::vector<ArmStat> reply_stats_;
  DingleScratch scratch_;
};

}  // namespace mcts

#endif  // MCTS_SEARCH_H_
