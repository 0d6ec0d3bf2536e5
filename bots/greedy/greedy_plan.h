// greedy_plan.h: the greedy bot's round planner.
//
// A round is planned whole at "go place_armies": where the income goes and
// which attacks and transfers follow. The plan is a greedy allocation:
//
//   1. Every candidate action gets a value (in "income-like" units) and a
//      cost in armies:
//        Expand(t)   take the neutral region t, with exactly
//                    wl::ArmiesToTakeSurely(armies) from one region (3 take
//                    a 2-army neutral whatever the dice; a 6-army wasteland
//                    needs 11). Its value is the progress it makes toward
//                    its super region's bonus (bonus / armies still needed
//                    to complete it, so cheap bonuses come first), plus a
//                    boost when the bonus can be completed this round.
//        Attack(e)   take the opponent's region e, from one or more of our
//                    regions, with enough armies to win in expectation even
//                    if it places part of its income there. Its value is
//                    the land, the opponent's bonus it breaks, and the
//                    threat it removes from our regions.
//        Defend(r)   place armies on our region r so that it holds against
//                    the armies that can attack it (its visible neighbours'
//                    armies plus the share threat_income of the
//                    opponent's income), in
//                    proportion to what losing r would cost (a region, or a
//                    bonus we hold).
//   2. Repeatedly take the action with the best value per army of income
//      it needs (armies already in place count at a discount), until the
//      income is spent or nothing is worth doing. Costs are recomputed after
//      each choice, since armies and income are shared.
//   3. Income that cannot buy anything now is saved where the best action
//      that was too expensive would start from.
//   4. Idle armies walk toward the front (our regions touching the opponent,
//      or else the border nearest to where it is believed to be) along
//      shortest paths through our own land.
//   5. Orders are emitted in a deliberate order: orders from regions the
//      opponent might take with lucky dice first (so that they run before
//      it can), then expansions (with the transfers into front regions
//      among them, early enough to help hold them), the other transfers,
//      and attacks on the opponent last (by then its armies may have left
//      to attack us).
//
// A region touching the opponent keeps what it needs to hold, and at least
// the share sure_front of what no single attack can take or drain first:
// expansions only use armies beyond that, and a region too weak attacks
// from nowhere (its orders could fail if it fell first). This keeps the
// bot's orders legal, and few fail at execution when the opponent moves
// first.
//
// Every order respects the engine's rules by construction: moves only from
// our regions, at most armies - 1 leave a region in total (placements
// included), each from->to pair at most once, placements at most the
// income.
//
//   greedy::Beliefs beliefs = greedy::InferBeliefs(view);
//   greedy::Plan plan = greedy::Planner(view, beliefs, view.Income()).Make();
//   // plan.placements, then plan.moves
#ifndef GREEDY_PLAN_H_
#define GREEDY_PLAN_H_

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "attack_odds.h"
#include "combat.h"
#include "greedy_beliefs.h"
#include "map.h"
#include "orders.h"
#include "region_set.h"
#include "rule_set.h"
#include "tunable.h"
#include "view.h"

namespace greedy {

// The fewest armies the planner sends to take `defenders`: WL2's and
// Dingle's sure takes, WL1's take with wl::kDiceTakeProbability (the
// built-in bots' table, attack_odds.h).
inline int TakeArmies(wl::RuleSet rules, int defenders) {
  return wl::BotTakeTable(rules).Armies(defenders);
}

// The knobs of the planner. The defaults were tuned by `warlight tune
// greedy` (SPSA self-play, 20,000 iterations of 2 game pairs on the real
// maps; issue 17) and sure_front chosen by games against the former
// defaults (which mcts::CandidateWeights keeps). The opponent's income is
// now assumed mostly elsewhere (threat_income 0.25, was 1), land for itself
// is worth little and breaking bonuses more.
struct Weights {
  double land = 0.015;           // one region, for itself (land, vision)
  double bonus = 1.57;           // per army of progress, times bonus / cost
  double complete = 2.08;        // extra per bonus point completed this round
  double contested = 0.76;       // bonus progress where the opponent is near
  double deny = 0.84;            // per bonus point we keep the opponent from
  double defend = 1.3;           // per region value held
  double held_bonus = 0.66;      // a region of a bonus we hold: per point
  double break_bonus = 3.72;     // per point of an opponent bonus we break
  double relief = 0.98;          // share of the threatened value we relieve
  double hunt = 0.56;            // toward the opponent when we cannot see it
  double free_army_cost = 1.02;  // cost of an army already in place
  double enemy_deploy = 0.19;    // share of its income it may add where we hit
  double threat_income = 0.25;   // share of its income assumed at each front
  // A front region that sends orders keeps this share of the armies with
  // which no single attack (every attacker hitting, the opponent's whole
  // income behind it) can take or drain it first. 1 makes its first order
  // sure to run (as wl::KeepSureOrders counts); less uses more of its
  // armies and lets a few orders fail at execution (0.8 failed about as
  // few as the old weights, which kept what holds against the whole
  // income). 0.6 by games against the sparring partners (issue 29, 400 games
  // against calincru-v4: 0.5 66.8%, 0.6 65.0%, 0.7 59.0%, 0.8 48%; 200
  // against Ekdahl's bot: 0.6 37.2%, 0.8 37.0%).
  double sure_front = 0.6;
  // The draft (greedy_bot.h): per entrance into the super region, and for
  // a cheap bonus next door.
  double pick_entrance = 0.035;
  double pick_next = 1.15;
  // Per round before round 3 in which the start's bonus can be complete,
  // this share more for the start (greedy_bot.h, RoundsToComplete): the
  // strong 2015 bots start where a bonus pays from round 2. 400 games
  // against calincru-v4: 0 65.0%, 0.25 71.0%, 0.5 70.5%, 1 68.2%.
  double pick_fast = 0.25;
};

// The weights as tunable parameters (tunable.h: `warlight tune`, `greedy
// --param land=0.5`), named as the fields. Each may range from 0 (off) to
// about 3 times its default (shares up to 1); the step, about 15% of the
// default, is the change expected to matter.
inline void DeclareWeights(wl::ParamSet& params, Weights& w) {
  //          name               field             min  max   step
  params.Add("land", &w.land, 0.0, 1.2, 0.06);
  params.Add("bonus", &w.bonus, 0.0, 7.5, 0.35);
  params.Add("complete", &w.complete, 0.0, 6.0, 0.3);
  params.Add("contested", &w.contested, 0.0, 2.4, 0.12);
  params.Add("deny", &w.deny, 0.0, 3.0, 0.15);
  params.Add("defend", &w.defend, 0.0, 3.0, 0.15);
  params.Add("held_bonus", &w.held_bonus, 0.0, 6.0, 0.3);
  params.Add("break_bonus", &w.break_bonus, 0.0, 6.0, 0.3);
  params.Add("relief", &w.relief, 0.0, 1.0, 0.05);
  params.Add("hunt", &w.hunt, 0.0, 1.8, 0.1);
  params.Add("free_army_cost", &w.free_army_cost, 0.0, 1.5, 0.08);
  params.Add("enemy_deploy", &w.enemy_deploy, 0.0, 1.0, 0.04);
  params.Add("threat_income", &w.threat_income, 0.0, 1.0, 0.05);
  params.Add("sure_front", &w.sure_front, 0.0, 1.0, 0.05);
  params.Add("pick_entrance", &w.pick_entrance, 0.0, 0.15, 0.01);
  params.Add("pick_next", &w.pick_next, 0.0, 1.8, 0.1);
  params.Add("pick_fast", &w.pick_fast, 0.0, 1.5, 0.05);
}

struct Plan {
  std::vector<wl::Move> placements;
  std::vector<wl::Move> moves;  // attacks and transfers, in execution order
};

// Armies that hold a region against `attackers` in expectation (the
// official formulas with each hit count at its expectation): the smallest D
// that `attackers` do not take.
// Constant time: `attackers` kill about 0.6 * attackers, so the search
// starts just below that and walks to the answer (taking is monotone in D).
inline int ArmiesToHold(int attackers) {
  if (attackers <= 0) return 1;
  int d = std::max(1, static_cast<int>(attackers * 0.6) - 4);
  while (wl::ExpectedCombat(attackers, d).conquered) ++d;
  while (d > 1 && !wl::ExpectedCombat(attackers, d - 1).conquered) --d;
  return d;
}

// Armies that hold a region against `attackers` whatever the dice: more
// than the most defenders they can kill (every attacker rolling a hit).
inline int ArmiesToHoldSurely(int attackers) {
  if (attackers <= 0) return 1;
  return wl::DefendersKilled(attackers, attackers) + 1;
}
// The same under `rules`: WL1's attackers each kill one defender at most
// (wl1 §7); Dingle's kill at most ceil(0.6 A) (dingle §8).
inline int ArmiesToHoldSurely(wl::RuleSet rules, int attackers) {
  if (attackers <= 0) return 1;
  switch (wl::TraitsOf(rules).luck) {
    case wl::Luck::kDice:
      return attackers + 1;
    case wl::Luck::kRounded:
      return static_cast<int>(std::ceil(attackers * 0.6)) + 1;
    case wl::Luck::kMixed:
      break;
  }
  return ArmiesToHoldSurely(attackers);
}

// The fewest attackers that take `defenders` in expectation. Constant time
// (starts just below defenders / 0.6; taking is monotone in A).
inline int ArmiesToTakeExpected(int defenders) {
  int a = std::max(1, static_cast<int>(defenders / 0.6) - 4);
  while (!wl::ExpectedCombat(a, defenders).conquered) ++a;
  while (a > 1 && wl::ExpectedCombat(a - 1, defenders).conquered) --a;
  return a;
}

class Planner {
 public:
  // `income` is what is still to be placed: view.Income() in the placement
  // phase, 0 in the attack phase (the View then includes our placements).
  // The View and the beliefs must outlive the planner.
  Planner(const wl::View& view, const Beliefs& beliefs, int income,
          const Weights& weights = Weights())
      : map_(view.GetMap()),
        b_(beliefs),
        w_(weights),
        rules_(view.Rules()),
        left_(income) {
    for (int r : b_.mine) total_[r] = view.Armies(r);
    for (const auto& s : map_.SuperRegions()) {
      super_index_[s.id] = static_cast<int>(&s - map_.SuperRegions().data());
    }
    ComputeDistanceToEnemy();
    ComputeThreats(std::max(beliefs.enemy_income, view.Income()));
  }

  Plan Make() {
    ChooseActions();
    SaveLeftover();
    TopUpEnemyAttacks();
    PlanTransfers();
    return Emit();
  }

 private:
  enum class Kind { kExpand, kAttack, kDefend, kTransfer };
  // One attack or transfer decided so far.
  struct Order {
    int from, to, armies;
    Kind kind;  // kExpand, kAttack or kTransfer
  };
  // A candidate action as evaluated in the current allocation.
  struct Candidate {
    Kind kind;
    int target = 0;
    double value = 0;
    double cost = 0;  // income + discounted armies in place
    int need = 0;     // income to place
    int required = 0;
    int source = 0;                            // where the income goes
    std::vector<std::pair<int, int>> sources;  // (region, armies) to send
    bool affordable = false;
    double Ratio() const { return value / std::max(cost, 0.25); }
  };

  const wl::Map::SuperRegion& SuperOf(int r) const {
    return map_.SuperRegions()[super_index_[map_.SuperRegionOf(r)]];
  }
  int SuperIndex(int r) const { return super_index_[map_.SuperRegionOf(r)]; }

  // Armies of `r` not yet committed, beyond what must stay to hold it
  // (negative when it cannot hold). Income placed on r raises it.
  int Slack(int r) const { return total_[r] - used_[r] - keep_[r]; }
  int FreeForExpansion(int r) const { return std::max(0, Slack(r)); }
  // Attacks on the opponent may use the defenders too: they are the
  // defense.
  int FreeForAttack(int r) const { return AttackBudget(r, 0); }
  // What `r` can send against the opponent if `extra` income is placed on
  // it. A weak region sends nothing: one that cannot hold, plus one army
  // still free to leave after the defenders it would lose, may fall or be
  // drained before its orders run, and they would then be illegal ("was
  // taken this round", "has used all available armies"); its armies stay
  // home and defend, which kills attackers at least as well. A second
  // order from a region must leave enough to hold it, for the same reason.
  int AttackBudget(int r, int extra) const {
    const int total = total_[r] + extra;
    if (front_.Contains(r) && total <= keep_[r]) return 0;
    return std::max(0, total - used_[r] - Stay(r));
  }
  int Stay(int r) const { return orders_from_[r] > 0 ? keep_[r] : 1; }

  // What it takes to conquer `r` this round: TakeArmies of its armies; an
  // opponent's region may also get part of its income first, except under
  // Dingle, where it places only in its own turn (dingle §4).
  int TakeCost(int r) const {
    const int take = TakeArmies(rules_, b_.armies[r]);
    if (b_.enemy.Contains(r) && !wl::TraitsOf(rules_).sequential_turns) {
      const int deploy =
          static_cast<int>(std::lround(w_.enemy_deploy * b_.enemy_income));
      return std::max(take, ArmiesToTakeExpected(b_.armies[r] + deploy));
    }
    return take;
  }

  // Breadth-first distance from every region to the nearest region believed
  // to be the opponent's (over the whole map).
  void ComputeDistanceToEnemy() {
    std::fill(std::begin(enemy_distance_), std::end(enemy_distance_), kFar);
    std::vector<int> queue;
    for (int r : b_.enemy) {
      enemy_distance_[r] = 0;
      queue.push_back(r);
    }
    for (size_t i = 0; i < queue.size(); ++i) {
      for (int n : map_.Neighbors(queue[i])) {
        if (enemy_distance_[n] == kFar) {
          enemy_distance_[n] = enemy_distance_[queue[i]] + 1;
          queue.push_back(n);
        }
      }
    }
  }

  // The threat on each of our regions: what its visible opponent
  // neighbours could send, plus the share threat_income of its income
  // placed next to it (1: all of it, at every front region).
  // `their_bound`: the most the opponent may place (as for sure orders).
  void ComputeThreats(int their_bound) {
    for (int r : b_.mine) {
      int threat = 0, strongest = -1;
      for (int n : map_.Neighbors(r)) {
        if (b_.enemy_visible.Contains(n)) {
          strongest = std::max(strongest, b_.armies[n] - 1);
          threat += b_.armies[n] - 1;
        }
      }
      hold_[r] = keep_[r] = 1;
      if (strongest >= 0) {
        threat +=
            static_cast<int>(std::lround(w_.threat_income * b_.enemy_income));
        front_.Insert(r);
        hold_[r] = ArmiesToHold(threat);
        const int sure =
            ArmiesToHoldSurely(rules_, strongest + their_bound) + 1;
        keep_[r] = std::max(
            hold_[r], static_cast<int>(std::lround(w_.sure_front * sure)));
      }
      threat_[r] = threat;
      const int s = SuperIndex(r);
      double value = 1;
      if (b_.my_bonus[s]) value += w_.held_bonus * SuperOf(r).bonus;
      hold_value_[r] = w_.defend * value;
    }
  }

  // The regions of super region `s` still to take after this round's
  // committed attacks, and the armies they cost.
  wl::RegionSet Remaining(const wl::Map::SuperRegion& s) const {
    return s.members - b_.mine - targeted_;
  }
  int RemainingCost(const wl::Map::SuperRegion& s) const {
    int cost = 0;
    for (int r : Remaining(s)) cost += TakeCost(r);
    return cost;
  }

  // The value of progress toward super region s by taking region t now.
  double ProgressValue(int t) const {
    const wl::Map::SuperRegion& s = SuperOf(t);
    if (s.bonus == 0) return 0;
    const int cost_all = RemainingCost(s);
    double per_army = static_cast<double>(s.bonus) / std::max(1, cost_all);
    bool near_enemy = !(s.members & b_.enemy).Empty();
    for (int r : s.members) {
      if (enemy_distance_[r] <= 1) near_enemy = true;
    }
    if (near_enemy) per_army *= w_.contested;
    double value = w_.bonus * per_army * TakeCost(t);
    // Completing the bonus this round: every remaining region can be
    // attacked now and we can pay for all of them.
    int completion_need = 0;
    bool completable = true;
    for (int r : Remaining(s)) {
      int best_need = -1;
      for (int n : map_.Neighbors(r)) {
        if (!b_.mine.Contains(n)) continue;
        int need = NeedFrom(n, r);
        if (best_need < 0 || need < best_need) best_need = need;
      }
      if (best_need < 0) {
        completable = false;
        break;
      }
      completion_need += best_need;
    }
    if (completable && completion_need <= left_) {
      value += w_.complete * s.bonus * TakeCost(t) / std::max(1, cost_all);
    }
    return value;
  }

  // The income to place on `source` for it to take `target` alone.
  int NeedFrom(int source, int target) const {
    if (b_.enemy.Contains(target)) {
      int need = std::max(0, TakeCost(target) - FreeForAttack(source));
      if (front_.Contains(source)) {
        need = std::max(need, keep_[source] + 1 - total_[source]);
      }
      return need;
    }
    return std::max(0, TakeCost(target) - Slack(source));
  }

  Candidate EvaluateExpand(int t) const {
    Candidate c;
    c.kind = Kind::kExpand;
    c.target = t;
    c.required = TakeCost(t);
    // The neighbour with the most slack; income tops it up if needed.
    int best = -1;
    for (int n : map_.Neighbors(t)) {
      if (!b_.mine.Contains(n)) continue;
      if (best < 0 || Slack(n) > Slack(best)) best = n;
    }
    c.source = best;
    c.need = std::max(0, c.required - Slack(best));
    c.sources = {{best, c.required}};
    c.cost = c.need + w_.free_army_cost * (c.required - c.need);
    c.affordable = c.need <= left_;
    c.value = w_.land + ProgressValue(t);
    // Toward the opponent when it is out of sight: land near it matters.
    if (b_.enemy_visible.Empty() && enemy_distance_[t] < kFar) {
      c.value += w_.hunt / (1 + enemy_distance_[t]);
    }
    // The last region the opponent needs for a bonus: deny it.
    const wl::Map::SuperRegion& s = SuperOf(t);
    wl::RegionSet others = s.members;
    others.Erase(t);
    if (!others.Empty() && others.IsSubsetOf(b_.enemy)) {
      c.value += w_.deny * s.bonus;
    }
    return c;
  }

  Candidate EvaluateAttack(int e) const {
    Candidate c;
    c.kind = Kind::kAttack;
    c.target = e;
    c.required = TakeCost(e);
    // Use as few sources as possible: the count that needs the least
    // income (the first such count).
    const std::vector<int> sources = AttackSources(e);
    int best_k = 1, best_need = 1 << 30;
    for (size_t k = 1; k <= sources.size(); ++k) {
      int need = IncomeForSources(sources, c.required, static_cast<int>(k));
      if (need < best_need) {
        best_need = need;
        best_k = static_cast<int>(k);
      }
    }
    c.need = best_need;
    c.source = sources.front();
    SplitAttack(sources, best_k, c);
    c.cost = c.need + w_.free_army_cost * (c.required - c.need);
    c.affordable = c.need <= left_;
    c.value = AttackValue(e);
    return c;
  }

  // Our neighbours of e, most free armies first. Ties (weak regions have
  // none free) go to the region with most armies, then to the lower id.
  std::vector<int> AttackSources(int e) const {
    std::vector<int> sources;
    for (int n : map_.Neighbors(e)) {
      if (b_.mine.Contains(n)) sources.push_back(n);
    }
    std::sort(sources.begin(), sources.end(), [&](int x, int y) {
      auto key = [&](int r) {
        return std::make_tuple(-FreeForAttack(r), used_[r] - total_[r], r);
      };
      return key(x) < key(y);
    });
    return sources;
  }

  // The income to place on the first of `sources` so that its first k send
  // enough: `required` plus one extra army per extra source (each attack is
  // a separate fight). A weak first source must first be made strong enough
  // to hold.
  int IncomeForSources(const std::vector<int>& sources, int required,
                       int k) const {
    const int primary = sources.front();
    int others = 0;
    for (int i = 1; i < k; ++i) others += FreeForAttack(sources[i]);
    const int want = required + k - 1 - others;
    const int stay = Stay(primary);
    int x = std::max(0, want - (total_[primary] - used_[primary] - stay));
    if (front_.Contains(primary)) {
      x = std::max(x, keep_[primary] + 1 - total_[primary]);
    }
    return x;
  }

  // Splits the attack's armies over its first k sources (c.need placed on
  // the first), at least 1 left for each source still to come, into
  // c.sources.
  void SplitAttack(const std::vector<int>& sources, int k, Candidate& c) const {
    int to_send = c.required + k - 1;
    for (int i = 0; i < k && to_send > 0; ++i) {
      int r = sources[i];
      int armies = AttackBudget(r, i == 0 ? c.need : 0);
      armies = std::min(armies, to_send - (k - 1 - i));  // 1 for each
      if (armies <= 0) continue;
      c.sources.push_back({r, armies});
      to_send -= armies;
    }
  }

  // The land, twice (we gain it and the opponent loses it), a little for
  // the armies we kill, its bonus if we break one, our progress toward
  // ours, and the threat we remove from our regions next to it.
  double AttackValue(int e) const {
    double value = 2 * w_.land + w_.land * 0.1 * b_.armies[e];
    if (b_.enemy_bonus[SuperIndex(e)])
      value += w_.break_bonus * SuperOf(e).bonus;
    value += ProgressValue(e);
    for (int n : map_.Neighbors(e)) {
      if (b_.mine.Contains(n)) value += w_.relief * hold_value_[n];
    }
    return value;
  }

  Candidate EvaluateDefend(int r) const {
    Candidate c;
    c.kind = Kind::kDefend;
    c.target = r;
    c.source = r;
    const int staying = total_[r] - used_[r];
    const int deficit = hold_[r] - staying;
    c.required = deficit;
    c.need = std::min(deficit, left_);
    c.cost = deficit;
    c.affordable = deficit > 0 && left_ > 0;
    c.value = hold_value_[r];
    return c;
  }

  void Place(int r, int armies) {
    if (armies <= 0) return;
    placed_[r] += armies;
    total_[r] += armies;
    left_ -= armies;
  }

  void Commit(const Candidate& c) {
    if (c.kind == Kind::kDefend) {
      Place(c.target, c.need);
      defended_.Insert(c.target);
      return;
    }
    Place(c.source, c.need);
    for (auto [from, armies] : c.sources) {
      used_[from] += armies;
      ++orders_from_[from];
      orders_.push_back(Order{from, c.target, armies, c.kind});
    }
    targeted_.Insert(c.target);
  }

  // Steps 1 and 2: the greedy allocation.
  void ChooseActions() {
    for (;;) {
      Candidate best;
      bool found = false;
      best_unaffordable_ = Candidate();
      bool have_unaffordable = false;
      auto consider = [&](const Candidate& c) {
        if (c.value <= 0) return;
        if (!c.affordable) {
          if (c.kind != Kind::kDefend &&
              (!have_unaffordable || c.Ratio() > best_unaffordable_.Ratio())) {
            best_unaffordable_ = c;
            have_unaffordable = true;
          }
          return;
        }
        if (!found || c.Ratio() > best.Ratio()) {
          best = c;
          found = true;
        }
      };
      wl::RegionSet frontier;
      for (int r : b_.mine) frontier |= map_.NeighborSet(r);
      frontier -= b_.mine;
      frontier -= targeted_;
      for (int t : frontier) {
        if (b_.enemy.Contains(t)) {
          consider(EvaluateAttack(t));
        } else {
          consider(EvaluateExpand(t));
        }
      }
      for (int r : front_) {
        if (!defended_.Contains(r) && hold_[r] > total_[r] - used_[r]) {
          consider(EvaluateDefend(r));
        }
      }
      has_unaffordable_ = have_unaffordable;
      if (!found) return;
      Commit(best);
    }
  }

  // Step 3: income that bought nothing is saved for the best action that was
  // too expensive (it will be cheaper next round), or else strengthens the
  // most threatened front region, or the region with most land around it.
  void SaveLeftover() {
    if (left_ <= 0 || b_.mine.Empty()) return;
    int where = -1;
    if (has_unaffordable_) {
      where = best_unaffordable_.source;
    } else {
      for (int r : front_) {
        if (where < 0 || threat_[r] > threat_[where]) where = r;
      }
    }
    if (where < 0) {
      int best_count = -1;
      for (int r : b_.mine) {
        int count = (map_.NeighborSet(r) - b_.mine).Count();
        if (count > best_count) {
          best_count = count;
          where = r;
        }
      }
    }
    saving_.Insert(where);
    Place(where, left_);
  }

  // An attack on the opponent takes along the spare armies of its source
  // (beyond what holds the source) when no other opponent region touches
  // the source.
  void TopUpEnemyAttacks() {
    for (Order& o : orders_) {
      if (o.kind != Kind::kAttack) continue;
      bool others = false;
      for (int n : map_.Neighbors(o.from)) {
        if (b_.enemy_visible.Contains(n) && !targeted_.Contains(n)) {
          others = true;
        }
      }
      if (others) continue;
      int extra = FreeForAttack(o.from);
      o.armies += extra;
      used_[o.from] += extra;
    }
  }

  // Step 4: idle armies walk one step toward the front.
  void PlanTransfers() {
    wl::RegionSet goal = front_;
    if (goal.Empty()) {
      // No opponent in sight: the border regions nearest to where it is
      // believed to be (or every border region if we know nothing).
      int nearest = kFar;
      for (int r : b_.mine) {
        if ((map_.NeighborSet(r) - b_.mine).Empty()) continue;
        nearest = std::min(nearest, enemy_distance_[r]);
      }
      for (int r : b_.mine) {
        if ((map_.NeighborSet(r) - b_.mine).Empty()) continue;
        if (enemy_distance_[r] <= nearest + 1) goal.Insert(r);
      }
    }
    if (goal.Empty()) return;
    int distance[wl::kRegionSlots];
    std::fill(std::begin(distance), std::end(distance), kFar);
    std::vector<int> queue;
    for (int r : goal) {
      distance[r] = 0;
      queue.push_back(r);
    }
    for (size_t i = 0; i < queue.size(); ++i) {
      for (int n : map_.Neighbors(queue[i])) {
        if (b_.mine.Contains(n) && distance[n] == kFar) {
          distance[n] = distance[queue[i]] + 1;
          queue.push_back(n);
        }
      }
    }
    for (int r : b_.mine) {
      if (goal.Contains(r) || front_.Contains(r) || saving_.Contains(r)) {
        continue;
      }
      if (distance[r] == kFar) continue;
      const int spare = FreeForExpansion(r);
      if (spare <= 0) continue;
      // The next step: a neighbour one step closer; among several, the
      // one under the greatest threat, then the first in map order.
      int step = -1;
      for (int n : map_.Neighbors(r)) {
        if (!b_.mine.Contains(n) || distance[n] != distance[r] - 1) continue;
        if (step < 0 || threat_[n] > threat_[step]) step = n;
      }
      if (step < 0) continue;
      used_[r] += spare;
      orders_.push_back(Order{r, step, spare, Kind::kTransfer});
    }
  }

  // Step 5: placements, then the moves in their execution order.
  Plan Emit() const {
    Plan plan;
    for (int r : b_.mine) {
      if (placed_[r] > 0) {
        plan.placements.push_back(wl::Move::Place(r, placed_[r]));
      }
    }
    auto rank = [&](const Order& o) {
      // A region the opponent might take, or drain, with lucky dice: its
      // orders go first, or they could fail ("was taken this round", "has
      // used all available armies") once it is gone.
      if (front_.Contains(o.from) &&
          total_[o.from] <= ArmiesToHoldSurely(rules_, threat_[o.from])) {
        return 0;
      }
      switch (o.kind) {
        case Kind::kExpand:
          return threat_[o.from] > 0 ? 1 : 3;
        case Kind::kTransfer:
          return front_.Contains(o.to) ? 2 : 4;
        case Kind::kAttack:
        case Kind::kDefend:
          return 5;
      }
      return 6;
    };
    // Attacks on one target stay together, in the order they were chosen,
    // the biggest last (it is the one that should conquer); otherwise the
    // order of choice.
    std::vector<std::tuple<int, int, int, size_t>> keys;
    for (size_t i = 0; i < orders_.size(); ++i) {
      const Order& o = orders_[i];
      int group = 0, armies = 0;
      if (o.kind == Kind::kAttack) {
        while (orders_[group].to != o.to) ++group;
        armies = o.armies;
      }
      keys.emplace_back(rank(o), group, armies, i);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<Order> sorted;
    for (const auto& key : keys) sorted.push_back(orders_[std::get<3>(key)]);
    for (const Order& o : sorted) {
      plan.moves.push_back(wl::Move::AttackTransfer(o.from, o.to, o.armies));
    }
    return plan;
  }

  static constexpr int kFar = 1 << 20;

  const wl::Map& map_;
  const Beliefs& b_;
  const Weights w_;
  const wl::RuleSet rules_;
  int left_;
  int super_index_[wl::kMaxSuperRegionId + 1] = {};
  int total_[wl::kRegionSlots] = {};        // our armies, placements included
  int used_[wl::kRegionSlots] = {};         // armies leaving
  int placed_[wl::kRegionSlots] = {};       // this round's placements
  int orders_from_[wl::kRegionSlots] = {};  // attacks planned from here
  int threat_[wl::kRegionSlots] = {};
  int hold_[wl::kRegionSlots] = {};  // armies that hold it (>= 1)
  // Armies that must stay when orders leave (>= hold_): with sure_front,
  // enough that no single attack can take or drain it first.
  int keep_[wl::kRegionSlots] = {};
  double hold_value_[wl::kRegionSlots] = {};
  int enemy_distance_[wl::kRegionSlots] = {};
  wl::RegionSet front_;     // our regions touching a visible opponent region
  wl::RegionSet targeted_;  // regions attacked this round
  wl::RegionSet defended_;
  wl::RegionSet saving_;  // regions where leftover income was saved
  std::vector<Order> orders_;
  Candidate best_unaffordable_;
  bool has_unaffordable_ = false;
};

}  // namespace greedy

#endif  // GREEDY_PLAN_H_
