// mcts_bot.h: the MCTS bot: a search over the rules core (mcts_search.h)
// that picks each round's whole turn among candidate turns, within a time
// budget taken from the bank (mcts_config.h).
//
//   mcts::Config config;                 // or mcts::ParseArgs(argc, argv, ...)
//   MctsBot bot(config);
//   return wl::Run(bot);
//
//   - The rule set: the rules core of the search is the game's
//     (View::Rules()); under WL1 attacks take with probability
//     wl::kDiceTakeProbability, as no attack is sure (wl1 §7). Under
//     Dingle's rules (no fog, sequential turns, dingle §4) the search is
//     our turn against the opponent's reply on Dingle's rules core
//     (mcts_search.h), and every order passes Dingle's up-front
//     validation (dingle §7: at most armies - 1 out of a region, each pair
//     once).
//   - WL1's draft: the greedy bot's six preferences (PickStartingRegions).
//   - The draft: searched on its own (mcts_draft.h: flat UCB over our
//     pick, the rest of the draft and a few rounds simulated), within the
//     same time manager; the greedy bot's pick with --draft-search 0 or a
//     bank too low for a search.
//   - "go place_armies": one search for the round; its turn's placements.
//   - "go attack/transfer": the same turn's moves, fitted to the View
//     (which now includes our placements), so both requests cost one
//     search. With no plan for this round (a missed request), the greedy
//     planner answers at once.
//   - Every order is sure to run (wl::KeepSureOrders): none from a region
//     the opponent could take or drain before it runs, with its income
//     bounded by mcts::SureIncomeBound.
//   - Time: the clock starts when the request arrives; the search stops at
//     the budget the time manager allows; a bank too low for a search gets
//     the greedy turn, which takes about a millisecond.
//   - Tunable (tunable.h): its parameters are the strength knobs of its
//     Config and the evaluation's weights (mcts::DeclareConfigParams), set
//     after construction: each search takes the bot's Config as it is then.
#ifndef MCTS_BOT_H_
#define MCTS_BOT_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "bot.h"
#include "mcts_config.h"
#include "mcts_draft.h"
#include "mcts_greedy.h"
#include "mcts_policy.h"
#include "mcts_search.h"
#include "orders.h"
#include "rules.h"
#include "sdk/common/fast_random.h"
#include "tunable.h"
#include "view.h"

class MctsBot : public wl::Bot, public wl::Tunable {
 public:
  explicit MctsBot(const mcts::Config& config = mcts::Config())
      : config_(config),
        greedy_(config.seed, mcts::CandidateWeights()),
        draft_(config),
        search_(config) {}
  // The default configuration with this seed (how the arena makes it).
  explicit MctsBot(uint64_t seed)
      : MctsBot([seed] {
          mcts::Config config;
          config.seed = seed;
          return config;
        }()) {}

  void DeclareParams(wl::ParamSet& params) override {
    mcts::DeclareConfigParams(params, config_);
  }

  int PickStartingRegion(const wl::View& view) override {
    const auto start = mcts::Search::Clock::now();
    const int64_t budget = mcts::SearchBudgetMs(view.Timebank(), config_);
    const std::vector<int>& pickable = view.PickableRegions();
    // Our earlier picks in this draft: none before our first pick (at most
    // one pick precedes it), then our answers no longer pickable.
    const size_t made = view.StartingRegions().size() - pickable.size();
    if (made <= 1) my_picks_.clear();
    my_picks_.erase(std::remove_if(my_picks_.begin(), my_picks_.end(),
                                   [&](int r) {
                                     return std::find(pickable.begin(),
                                                      pickable.end(),
                                                      r) != pickable.end();
                                   }),
                    my_picks_.end());
    int pick;
    if (!config_.draft_search || budget < kMinSearchMs) {
      pick = greedy_.PickStartingRegion(view);
    } else {
      EnsureGame(view);
      draft_.SetConfig(config_);
      pick = draft_.Pick(view, *info_, my_picks_,
                         start + std::chrono::milliseconds(budget),
                         config_.seed * wl::kGoldenGamma + made);
    }
    my_picks_.push_back(pick);
    return pick;
  }

  // WL1's six preferences at once (wl1 §4.2): the greedy bot's list, which
  // keeps the starts apart. The draft search simulates WL2's
  // alternating picks, not WL1's merged lists, and six of them would take
  // half of the request's 2000 ms.
  std::vector<int> PickStartingRegions(const wl::View& view) override {
    return greedy_.PickStartingRegions(view);
  }

  std::vector<wl::Move> PlaceArmies(const wl::View& view) override {
    const auto start = mcts::Search::Clock::now();
    const int64_t budget = mcts::SearchBudgetMs(view.Timebank(), config_);
    planned_round_ = view.Round();
    if (budget < kMinSearchMs || view.Owned().Empty()) {
      greedy::Beliefs beliefs = greedy::InferBeliefs(view);
      greedy::Plan plan = greedy::Planner(view, beliefs, view.Income(),
                                          mcts::CandidateWeights())
                              .Make();
      planned_moves_ = mcts::SureMoves(view, beliefs.enemy_income, config_,
                                       plan.placements, plan.moves);
      stats_ = mcts::SearchStats();
      return plan.placements;
    }
    EnsureGame(view);
    search_.SetConfig(config_);
    search_.Prepare(view, *info_,
                    config_.seed * wl::kGoldenGamma + view.Round());
    stats_ = search_.Run(start + std::chrono::milliseconds(budget));
    const mcts::Turn& turn = search_.Best();
    planned_moves_ = turn.moves;
    return turn.placements;
  }

  std::vector<wl::Move> AttackTransfer(const wl::View& view) override {
    std::vector<wl::Move> moves;
    if (planned_round_ == view.Round()) {
      moves = std::move(planned_moves_);
    } else {
      greedy::Beliefs beliefs = greedy::InferBeliefs(view);
      moves = mcts::SureMoves(
          view, beliefs.enemy_income, config_, {},
          greedy::Planner(view, beliefs, 0, mcts::CandidateWeights())
              .Make()
              .moves);
    }
    planned_round_ = -1;
    planned_moves_.clear();
    return GreedyBot::FitToArmies(view, moves);
  }

  // What the latest search did (for tests, benchmarks and logs).
  const mcts::SearchStats& LastStats() const { return stats_; }

 private:
  // Below this budget a search is not worth preparing.
  static constexpr int64_t kMinSearchMs = 15;

  // The rules core of the game's map, built once.
  void EnsureGame(const wl::View& view) {
    if (!game_) {
      game_ = std::make_unique<wl::Game>(view.GetMap(), view.Rules());
      info_ = std::make_unique<mcts::MapInfo>(*game_);
    }
  }

  mcts::Config config_;
  GreedyBot greedy_;
  mcts::DraftSearch draft_;
  std::vector<int> my_picks_;
  mcts::Search search_;
  std::unique_ptr<wl::Game> game_;
  std::unique_ptr<mcts::MapInfo> info_;
  mcts::SearchStats stats_;
  int planned_round_ = -1;
  std::vector<wl::Move> planned_moves_;
};

#endif  // MCTS_BOT_H_
