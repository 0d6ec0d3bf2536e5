// greedy_bot.h: a careful heuristic bot, in the manner of the good
// rule-based bots of the 2015 Warlight AI Challenge 2.
//
//   GreedyBot bot(/*seed=*/1);
//   return wl::Run(bot);
//
// How it thinks, and where to read on:
//   - The draft (PickStartingRegion): each candidate is worth its super
//     region's bonus per army needed to complete it (wastelands need 11
//     armies each), more when it can be complete in round 1 or 2, less
//     for many entrances to defend, more if a cheap bonus lies next door.
//     WL1's six preferences (PickStartingRegions) keep the starts apart,
//     one per super region first.
//   - The rule set (View::Rules()) sets the armies an attack needs
//     (greedy::TakeArmies: WL1's 100% luck has no sure take).
//   - Each round, greedy_beliefs.h rebuilds what it believes about the map
//     (fog memory, the opponent's bonuses and income), and greedy_plan.h
//     plans the whole round at "go place_armies": placements, attacks and
//     transfers. The answer to "go attack/transfer" is that plan, checked
//     again against the View (which then includes our placements).
//   - Orders are legal by construction, and checked once more before they
//     leave (FitToArmies): never more than armies - 1 out of a region, never
//     the same from->to pair twice.
//   - Deterministic: the seed only breaks exact ties in the draft.
//   - Tunable (tunable.h): its parameters are the planner's and the
//     draft's weights (greedy::DeclareWeights), e.g. `greedy --param
//     land=0.5`; `greedy --list-params` lists them.
#ifndef GREEDY_BOT_H_
#define GREEDY_BOT_H_

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "bot.h"
#include "combat.h"
#include "greedy_beliefs.h"
#include "greedy_plan.h"
#include "map.h"
#include "orders.h"
#include "region_set.h"
#include "sdk/common/fast_random.h"
#include "tunable.h"
#include "view.h"

class GreedyBot : public wl::Bot, public wl::Tunable {
 public:
  explicit GreedyBot(uint64_t seed = 1,
                     const greedy::Weights& weights = greedy::Weights())
      : seed_(seed), weights_(weights) {}

  void DeclareParams(wl::ParamSet& params) override {
    greedy::DeclareWeights(params, weights_);
  }

  int PickStartingRegion(const wl::View& view) override {
    const std::vector<int>& pickable = view.PickableRegions();
    int best = pickable.front();
    double best_score = -1e9;
    for (int c : pickable) {
      double score = PickScore(view, c);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  // WL1's six preferences at once (wl1 §4.2). Each player gets 3 regions
  // of its list (an equal preference goes to a coin, wl1 §4.5), so the
  // list spreads them: the best candidate by PickScore first, then
  // repeatedly the best by PickScore less kApart for each listed region in
  // its super region and half that for each listed neighbour. So the best
  // candidate of each super region comes before any second one, best
  // super regions first: starts apart expand on separate fronts and meet
  // the opponent later. The default (PickStartingRegion six times) ranks
  // by PickScore alone. Greedy against greedy in WL1, both seats, 800
  // games: this list against the default 350 won, 345 lost, 105 drawn (432
  // to 368 when attacks took with 0.8); the default against starts kept
  // together (kApart -0.3) 391 to 287.
  std::vector<int> PickStartingRegions(const wl::View& view) override {
    const wl::Map& map = view.GetMap();
    std::vector<int> open = view.PickableRegions();
    std::vector<int> order;
    while (!open.empty() &&
           static_cast<int>(order.size()) < wl::kPreferredRegionCount) {
      auto best = open.begin();
      double best_score = -1e9;
      for (auto it = open.begin(); it != open.end(); ++it) {
        double score = PickScore(view, *it);
        for (int listed : order) {
          if (map.SuperRegionOf(listed) == map.SuperRegionOf(*it)) {
            score -= kApart;
          } else if (map.AreNeighbors(listed, *it)) {
            score -= kApart / 2;
          }
        }
        if (score > best_score) {
          best_score = score;
          best = it;
        }
      }
      order.push_back(*best);
      open.erase(best);
    }
    return order;
  }

  std::vector<wl::Move> PlaceArmies(const wl::View& view) override {
    greedy::Beliefs beliefs = greedy::InferBeliefs(view);
    greedy::Plan plan =
        greedy::Planner(view, beliefs, view.Income(), weights_).Make();
    planned_round_ = view.Round();
    planned_moves_ = plan.moves;
    return plan.placements;
  }

  std::vector<wl::Move> AttackTransfer(const wl::View& view) override {
    std::vector<wl::Move> moves;
    if (planned_round_ == view.Round()) {
      moves = planned_moves_;
    } else {
      // No plan from this round's placement phase (a test asking directly,
      // or a missed request): plan now with nothing left to place.
      greedy::Beliefs beliefs = greedy::InferBeliefs(view);
      moves = greedy::Planner(view, beliefs, 0, weights_).Make().moves;
    }
    planned_round_ = -1;
    return FitToArmies(view, moves);
  }

  // Keeps `moves` within what the engine allows from this View: moves from
  // our regions to neighbours, at most armies - 1 out of each region in
  // total (later moves are trimmed, then dropped), each from->to pair once.
  static std::vector<wl::Move> FitToArmies(const wl::View& view,
                                           const std::vector<wl::Move>& moves) {
    std::vector<wl::Move> kept;
    int spare[wl::kRegionSlots] = {};
    for (int r : view.Owned()) spare[r] = view.Armies(r) - 1;
    for (const wl::Move& m : moves) {
      if (m.kind != wl::MoveKind::kAttackTransfer) continue;
      if (!view.Owned().Contains(m.from)) continue;
      if (!view.GetMap().AreNeighbors(m.from, m.to)) continue;
      bool repeated = false;
      for (const wl::Move& k : kept) {
        if (k.from == m.from && k.to == m.to) repeated = true;
      }
      int armies = std::min<int>(m.armies, spare[m.from]);
      if (repeated || armies < 1) continue;
      spare[m.from] -= armies;
      kept.push_back(wl::Move::AttackTransfer(m.from, m.to, armies));
    }
    return kept;
  }

  // How much we want to start in candidate c's super region (static during
  // the draft: only the map and the setup-time armies enter it).
  double PickScore(const wl::View& view, int c) const {
    const wl::Map& map = view.GetMap();
    const int super_id = map.SuperRegionOf(c);
    // A bonus complete in round 1 pays from round 2 (the strong 2015 bots
    // pick such starts first); one a round later, half as much more.
    const int rounds = RoundsToComplete(view, super_id, c, kFastRounds);
    double score = SuperValue(view, super_id, c) *
                   (1 + weights_.pick_fast * (kFastRounds - rounds));
    // A cheap bonus next door is the next step.
    double next = 0;
    for (const auto& s : map.SuperRegions()) {
      if (s.id == super_id) continue;
      bool adjacent = false;
      for (int r : s.regions) {
        for (int n : map.Neighbors(r)) {
          if (map.SuperRegionOf(n) == super_id) adjacent = true;
        }
      }
      if (adjacent) next = std::max(next, SuperValue(view, s.id, -1));
    }
    score += weights_.pick_next * next;
    // Exact ties: a fixed order that depends on the seed.
    uint64_t h = (seed_ + wl::kGoldenGamma) * (c + 1) * 0xBF58476D1CE4E5B9ull;
    score += static_cast<double>(h >> 40) * 1e-12;
    return score;
  }

 private:
  // A super region's bonus per army needed to complete it, given that we
  // own region `owned` of it (or none when -1), less for many entrances.
  double SuperValue(const wl::View& view, int super_id, int owned) const {
    const wl::Map& map = view.GetMap();
    const wl::Map::SuperRegion& s = map.GetSuperRegion(super_id);
    if (s.bonus == 0) return 0;
    int cost = 0;
    for (int r : s.regions) {
      if (r != owned) {
        cost += greedy::TakeArmies(view.Rules(), view.Remembered(r).armies);
      }
    }
    wl::RegionSet entrances;
    for (int r : s.regions) {
      entrances |= map.NeighborSet(r);
    }
    entrances -= s.members;
    return s.bonus / (cost + 2.0) /
           (1.0 + weights_.pick_entrance * entrances.Count());
  }

  // The round in which super region `super_id` can be complete at the
  // earliest from its region `start` alone, all of the starting income
  // (5, spec section 5) placed there each round; `horizon` if not sooner.
  // Each round takes the cheapest regions next to those held when it
  // began (armies that conquer move no further that round, section 6),
  // paid from the income and the spare armies, where the conquerors'
  // survivors add to the spare armies of the next round.
  int RoundsToComplete(const wl::View& view, int super_id, int start,
                       int horizon) const {
    const wl::Map& map = view.GetMap();
    const wl::RegionSet members = map.GetSuperRegion(super_id).members;
    wl::RegionSet held;
    held.Insert(start);
    int spare = view.Remembered(start).armies - 1;
    for (int round = 1; round < horizon; ++round) {
      wl::RegionSet next;
      for (int r : held) next |= map.NeighborSet(r);
      std::vector<std::pair<int, int>> costs;  // (armies to take, region)
      for (int r : (next & members) - held) {
        costs.push_back(
            {greedy::TakeArmies(view.Rules(), view.Remembered(r).armies), r});
      }
      std::sort(costs.begin(), costs.end());
      int budget = spare + kStartIncome;
      spare = 0;
      for (auto [cost, r] : costs) {
        if (cost > budget) break;
        budget -= cost;
        const wl::Losses fight =
            wl::ExpectedCombat(cost, view.Remembered(r).armies);
        spare += cost - fight.attackers_killed - 1;
        held.Insert(r);
      }
      spare += budget;
      if (members.IsSubsetOf(held)) return round;
    }
    return horizon;
  }

  // PickScore's speed bonus counts the rounds before this one.
  static constexpr int kFastRounds = 3;
  static constexpr int kStartIncome = 5;

  // What a listed region in the same super region costs a WL1 candidate:
  // more than any PickScore difference (a 4-region bonus of 2 scores about
  // 0.14), so the list goes through the super regions before repeating one.
  static constexpr double kApart = 0.3;

  uint64_t seed_;
  greedy::Weights weights_;
  int planned_round_ = -1;
  std::vector<wl::Move> planned_moves_;
};

#endif  // GREEDY_BOT_H_
