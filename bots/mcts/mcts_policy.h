// mcts_policy.h: a fast, allocation-free turn policy on wl::State, and the
// evaluation of a state. The search uses the policy for the opponent's
// candidate turns, for extra candidate turns of its own, and to play both
// sides of its playouts.
//
// The policy is the greedy planner's idea (greedy_plan.h) cut down to what
// a State knows and to fixed-size arrays: take neutrals with exactly
// wl::ArmiesToTakeSurely armies, opponent regions with enough to win in
// expectation, complete the cheapest bonuses first, hold the front in
// proportion to the threat, move idle armies toward the front, and order
// expansions first, transfers next, attacks on the opponent last.
//
//   mcts::MapInfo info(game);                       // once per game
//   wl::MoveQueue place, attack;
//   mcts::PlanTurn(info, state, wl::Player::kPlayer1, mcts::PolicyParams(),
//                  place, attack);                  // both legal at queue time
//   double v = mcts::Evaluate(info, state, wl::Player::kPlayer1, 6.0);
//   mcts::PlayoutRound(info, state, rng, place2, attack2);  // both sides
#ifndef MCTS_POLICY_H_
#define MCTS_POLICY_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "combat.h"
#include "java_random.h"
#include "map.h"
#include "orders.h"
#include "player.h"
#include "region_set.h"
#include "rules.h"
#include "state.h"

namespace mcts {

// Super regions a map may have that the policy handles (every region in a
// super region of its own at most).
constexpr int kMaxSupers = wl::kRegionSlots;

namespace policy_internal {

constexpr int kTableSize = 512;

struct Tables {
  int16_t take_surely[kTableSize];
  int16_t take_expected[kTableSize];
  Tables() {
    for (int d = 0; d < kTableSize; ++d) {
      take_surely[d] = static_cast<int16_t>(wl::ArmiesToTakeSurely(d));
      int a = 1;
      while (!wl::ExpectedCombat(a, d).conquered) ++a;
      take_expected[d] = static_cast<int16_t>(a);
    }
  }
};

inline const Tables& GetTables() {
  static const Tables tables;
  return tables;
}

}  // namespace policy_internal

// The fewest attackers that take `d` defenders whatever the dice.
inline int TakeSurely(int d) {
  d = std::max(d, 0);
  if (d < policy_internal::kTableSize) {
    return policy_internal::GetTables().take_surely[d];
  }
  return static_cast<int>(wl::ArmiesToTakeSurely(d));
}

// The fewest attackers that take `d` defenders in expectation.
inline int TakeExpected(int d) {
  d = std::max(d, 0);
  if (d < policy_internal::kTableSize) {
    return policy_internal::GetTables().take_expected[d];
  }
  return static_cast<int>(std::ceil(d / 0.6)) + 1;
}

// Defenders that hold against `attackers` in expectation.
inline int HoldAgainst(int attackers) {
  if (attackers <= 0) return 1;
  return static_cast<int>(wl::JavaRound(attackers * 0.6)) + 1;
}

// What the policy and the evaluation precompute from the map, once.
class MapInfo {
 public:
  // The game must outlive the MapInfo.
  explicit MapInfo(const wl::Game& game) : game_(game) {
    for (const wl::Map::SuperRegion& s : game.GetMap().SuperRegions()) {
      const int i = static_cast<int>(members_.size());
      members_.push_back(s.members);
      bonus_.push_back(s.bonus);
      for (int r : s.regions) super_of_[r] = i;
    }
  }
  const wl::Game& game() const { return game_; }
  int SuperCount() const { return static_cast<int>(members_.size()); }
  wl::RegionSet Members(int i) const { return members_[i]; }
  int Bonus(int i) const { return bonus_[i]; }
  // The index (not the id) of a region's super region.
  int SuperOf(int region) const { return super_of_[region]; }

 private:
  const wl::Game& game_;
  std::vector<wl::RegionSet> members_;
  std::vector<int> bonus_;
  int super_of_[wl::kRegionSlots] = {};
};

// The knobs of the fast policy; the search plays several settings as
// distinct candidate turns.
struct PolicyParams {
  double land = 0.4;           // one region, for itself
  double bonus = 2.5;          // per army of progress, times bonus / cost
  double complete = 2.0;       // per bonus point completed this turn
  double attack = 1.0;         // multiplies the value of opponent regions
  double break_bonus = 2.0;    // per point of an opponent bonus broken
  double defend = 1.0;         // per region held at the front
  double held_bonus = 2.0;     // per point of a held bonus the region guards
  double threat_share = 1.0;   // of its income assumed next to each front
  double deploy_share = 0.25;  // of its income assumed where we attack
  bool all_in = false;  // spare front armies attack the weakest neighbour
};

// The standard settings: 0 balanced, 1 aggressive, 2 defensive, 3
// expansion. Precondition: 0 <= i < kPolicyVariants.
constexpr int kPolicyVariants = 4;
inline PolicyParams PolicyVariant(int i) {
  PolicyParams p;
  switch (i) {
    case 1:
      p.attack = 1.8;
      p.break_bonus = 3.5;
      p.deploy_share = 0.1;
      p.threat_share = 0.5;
      p.all_in = true;
      break;
    case 2:
      p.defend = 2.0;
      p.held_bonus = 3.0;
      p.threat_share = 1.0;
      p.deploy_share = 0.5;
      p.attack = 0.7;
      break;
    case 3:
      p.bonus = 4.0;
      p.complete = 3.0;
      p.defend = 0.6;
      p.threat_share = 0.6;
      break;
    default:
      break;
  }
  return p;
}

namespace policy_internal {

// The kinds of order a turn plans, in the order they are sent (after the
// risky ones).
constexpr uint8_t kExpand = 0, kTransfer = 1, kAttack = 2;
constexpr int kFar = 1 << 20;  // a distance no walk reaches

// One turn of the fast policy as PlanTurn builds it, step by step. Every
// array is indexed by region and meaningful for our regions only; the plan
// lives on the stack and allocates nothing.
class TurnPlan {
 public:
  // Precondition: `me` owns a region.
  TurnPlan(const MapInfo& info, const wl::State& s, wl::Player me,
           const PolicyParams& w)
      : info_(info),
        game_(info.game()),
        map_(game_.GetMap()),
        s_(s),
        w_(w),
        me_(me),
        mine_(s.Owned(me)),
        enemy_(s.Owned(wl::Opponent(me))),
        left_(game_.Income(s, me)),
        enemy_income_(enemy_.Empty() ? 0 : game_.Income(s, wl::Opponent(me))),
        deploy_(static_cast<int>(w.deploy_share * enemy_income_ + 0.5)) {
    AssessRegions();
    AssessSupers();
  }

  // The greedy allocation: the best value per army of income, repeatedly
  // (24 actions at most).
  void Allocate() {
    for (int step = 0; step < 24; ++step) {
      Choice best;
      ConsiderTakes(best);
      if (left_ > 0) ConsiderDefences(best);
      if (best.target < 0) break;
      Commit(best);
    }
  }

  // Income that bought nothing: saved where the best unaffordable action
  // starts, else on the most threatened front region, else on the region
  // with most land around it.
  void SaveLeftover() {
    if (left_ <= 0) return;
    int where = save_at_;
    if (where < 0) {
      for (int r : front_) {
        if (where < 0 || threat_[r] > threat_[where]) where = r;
      }
    }
    if (where < 0) {
      int most = -1;
      for (int r : mine_) {
        const int c = (game_.Neighbors(r) - mine_).Count();
        if (c > most) {
          most = c;
          where = r;
        }
      }
    }
    PlaceOn(where, left_);
  }

  // Attacks take along the spare armies of their source when no other
  // opponent region touches it.
  void TopUpAttacks() {
    for (int i = 0; i < order_count_; ++i) {
      Order& o = orders_[i];
      if (o.kind != kAttack) continue;
      bool others = false;
      for (int n : map_.Neighbors(o.from)) {
        if (enemy_.Contains(n) && !targeted_.Contains(n)) others = true;
      }
      if (others) continue;
      const int extra = std::max(0, total_[o.from] - used_[o.from] - 1);
      o.armies += extra;
      used_[o.from] += extra;
    }
  }

  // All-in: the spare armies of each front region attack its weakest
  // opponent neighbour not yet attacked, when they take it in expectation.
  void AllIn() {
    for (int r : front_) {
      const int spare = total_[r] - used_[r] - 1;
      int weakest = -1;
      for (int n : map_.Neighbors(r)) {
        if (enemy_.Contains(n) && !targeted_.Contains(n) &&
            (weakest < 0 || s_.armies[n] < s_.armies[weakest])) {
          weakest = n;
        }
      }
      if (weakest < 0 || spare < TakeExpected(s_.armies[weakest] + deploy_)) {
        continue;
      }
      used_[r] += spare;
      targeted_.Insert(weakest);
      AddOrder(r, weakest, spare, kAttack);
    }
  }

  // Idle armies walk one step toward the front (or the border when the
  // opponent touches nothing of ours), through our own land; toward the
  // most threatened of several closer neighbours.
  void WalkToFront() {
    const wl::RegionSet goal = WalkGoal();
    if (goal.Empty()) return;
    int distance[wl::kRegionSlots];
    DistancesTo(goal, distance);
    for (int r : mine_ - goal - front_) {
      if (distance[r] == kFar) continue;
      const int spare = total_[r] - used_[r] - 1;
      if (spare <= 0 || (save_at_ == r && placed_[r] > 0)) continue;
      int next = -1;
      for (int n : map_.Neighbors(r)) {
        if (!mine_.Contains(n) || distance[n] != distance[r] - 1) continue;
        if (next < 0 || threat_[n] > threat_[next]) next = n;
      }
      if (next < 0) continue;
      used_[r] += spare;
      AddOrder(r, next, spare, kTransfer);
    }
  }

  // The placements by region, then the orders: those from a front region
  // that may fall or be drained before they run first; then expansions,
  // transfers, and attacks on the opponent.
  void Emit(wl::MoveQueue& place, wl::MoveQueue& attack) const {
    for (int r : mine_) {
      if (placed_[r] > 0) {
        place.Push(wl::QueuedMove{wl::Move::Place(r, placed_[r], me_)});
      }
    }
    for (int pass = 0; pass < 4; ++pass) {
      for (int i = 0; i < order_count_; ++i) {
        const Order& o = orders_[i];
        if (o.armies < 1 || (pass == 0) != Risky(o.from)) continue;
        if (pass > 0 && o.kind != pass - 1) continue;
        attack.Push(wl::QueuedMove{
            wl::Move::AttackTransfer(o.from, o.to, o.armies, me_)});
      }
    }
  }

 private:
  struct Order {
    int16_t from, to;
    int32_t armies;
    uint8_t kind;  // kExpand, kTransfer or kAttack
  };
  // The best action found so far in one step of the allocation.
  struct Choice {
    double ratio = 0;  // value per army of income; only better than 0 counts
    int target = -1, source = -1, need = 0, cost = 0;
    bool defend = false;
  };

  // Our armies, what threatens each region and what must stay to hold it,
  // the front (regions touching the opponent) and the frontier (regions
  // next to ours).
  void AssessRegions() {
    for (int r : mine_) {
      total_[r] = s_.armies[r];
      used_[r] = 0;
      placed_[r] = 0;
      int t = 0;
      bool touches = false;
      for (int n : map_.Neighbors(r)) {
        if (enemy_.Contains(n)) {
          touches = true;
          t += s_.armies[n] - 1;
        }
      }
      frontier_ |= game_.Neighbors(r);
      if (touches) {
        t += static_cast<int>(w_.threat_share * enemy_income_);
        front_.Insert(r);
        hold_[r] = HoldAgainst(t);
      } else {
        hold_[r] = 1;
      }
      threat_[r] = t;
    }
    frontier_ -= mine_;
  }

  // Per super region: what is left to take, and who holds it.
  void AssessSupers() {
    for (int i = 0; i < info_.SuperCount(); ++i) {
      const wl::RegionSet m = info_.Members(i);
      int cost = 0;
      for (int r : m - mine_) cost += CostOf(r);
      remaining_[i] = cost;
      mine_whole_[i] = m.IsSubsetOf(mine_);
      enemy_whole_[i] = m.IsSubsetOf(enemy_);
    }
  }

  // The armies it takes to conquer `t` this turn.
  int CostOf(int t) const {
    const int a = s_.armies[t];
    if (enemy_.Contains(t)) {
      return std::max(TakeSurely(a), TakeExpected(a + deploy_));
    }
    return TakeSurely(a);
  }

  // Our neighbour of `t` with the most armies to spare (the first of
  // several), and that slack: against the opponent a region may send all
  // but 1, elsewhere all but what holds it. -1 when none.
  int RichestSource(int t, bool hostile, int& slack) const {
    int source = -1;
    slack = -(1 << 30);
    for (int n : map_.Neighbors(t)) {
      if (!mine_.Contains(n)) continue;
      const int sl = total_[n] - used_[n] - (hostile ? 1 : hold_[n]);
      if (sl > slack) {
        slack = sl;
        source = n;
      }
    }
    return source;
  }

  // What taking `t` for `cost` armies is worth: the land (the opponent's
  // counts twice, times the attack weight), progress toward its bonus,
  // more when this completes it, and an opponent bonus broken.
  double TakeValue(int t, bool hostile, int cost) const {
    const int si = info_.SuperOf(t);
    const int bonus = info_.Bonus(si);
    double value = hostile ? w_.attack * 2 * w_.land : w_.land;
    if (bonus > 0) {
      value += w_.bonus * bonus * cost / std::max(1, remaining_[si]);
      if (remaining_[si] <= cost) value += w_.complete * bonus;
      if (hostile && enemy_whole_[si]) {
        value += w_.attack * w_.break_bonus * bonus;
      }
    }
    return value;
  }

  // Every frontier region not yet targeted, taken from its richest source
  // (armies in place at half the price of income): the best affordable one
  // into `best`; where the best unaffordable one would start is kept for
  // saving the leftover income.
  void ConsiderTakes(Choice& best) {
    for (int t : frontier_ - targeted_) {
      const bool hostile = enemy_.Contains(t);
      const int cost = CostOf(t);
      int slack = 0;
      const int source = RichestSource(t, hostile, slack);
      const int need = std::max(0, cost - std::max(slack, 0)) +
                       std::max(0, -slack) * (hostile ? 0 : 1);
      const double ratio = TakeValue(t, hostile, cost) /
                           std::max(0.25, need + 0.5 * (cost - need));
      if (need > left_) {
        if (ratio > save_ratio_) {
          save_ratio_ = ratio;
          save_at_ = source;
        }
        continue;
      }
      if (ratio > best.ratio)
        best = Choice{ratio, t, source, need, cost, false};
    }
  }

  // Every front region short of what holds it, not yet defended: placing
  // the deficit is worth the region, more if it guards a bonus we hold.
  void ConsiderDefences(Choice& best) const {
    for (int r : front_ - defended_) {
      const int deficit = hold_[r] - (total_[r] - used_[r]);
      if (deficit <= 0) continue;
      const int si = info_.SuperOf(r);
      const double value =
          w_.defend *
          (1 + (mine_whole_[si] ? w_.held_bonus * info_.Bonus(si) : 0));
      const double ratio = value / deficit;
      if (ratio > best.ratio) {
        best.ratio = ratio;
        best.target = r;
        best.need = std::min(deficit, left_);
        best.defend = true;
      }
    }
  }

  void Commit(const Choice& c) {
    if (c.defend) {
      PlaceOn(c.target, c.need);
      defended_.Insert(c.target);
      return;
    }
    PlaceOn(c.source, c.need);
    used_[c.source] += c.cost;
    AddOrder(c.source, c.target, c.cost,
             enemy_.Contains(c.target) ? kAttack : kExpand);
    targeted_.Insert(c.target);
    remaining_[info_.SuperOf(c.target)] -= c.cost;
  }

  // Where idle armies walk: the front, or else our border regions.
  wl::RegionSet WalkGoal() const {
    wl::RegionSet goal = front_;
    if (goal.Empty()) {
      for (int r : mine_) {
        if (!(game_.Neighbors(r) - mine_).Empty()) goal.Insert(r);
      }
    }
    return goal;
  }

  // Breadth-first distance of our regions to `goal` through our own land
  // (kFar when cut off).
  void DistancesTo(wl::RegionSet goal, int* distance) const {
    int queue[wl::kRegionSlots];
    int head = 0, tail = 0;
    for (int r : mine_) distance[r] = kFar;
    for (int r : goal) {
      distance[r] = 0;
      queue[tail++] = r;
    }
    while (head < tail) {
      const int r = queue[head++];
      for (int n : map_.Neighbors(r)) {
        if (mine_.Contains(n) && distance[n] == kFar) {
          distance[n] = distance[r] + 1;
          queue[tail++] = n;
        }
      }
    }
  }

  void AddOrder(int from, int to, int armies, uint8_t kind) {
    if (order_count_ < wl::kMaxQueuedMoves) {
      orders_[order_count_++] = Order{static_cast<int16_t>(from),
                                      static_cast<int16_t>(to), armies, kind};
    }
  }

  void PlaceOn(int r, int armies) {
    if (armies <= 0) return;
    placed_[r] += armies;
    total_[r] += armies;
    left_ -= armies;
  }

  // A front region that may fall or be drained before its orders run.
  bool Risky(int r) const {
    return front_.Contains(r) && total_[r] - used_[r] < hold_[r];
  }

  const MapInfo& info_;
  const wl::Game& game_;
  const wl::Map& map_;
  const wl::State& s_;
  const PolicyParams& w_;
  const wl::Player me_;
  const wl::RegionSet mine_, enemy_;
  int left_;  // income still to place
  const int enemy_income_;
  const int deploy_;  // what the opponent may place where we attack
  // Per region (ours only; not initialised elsewhere).
  int total_[wl::kRegionSlots];   // armies, placements included
  int used_[wl::kRegionSlots];    // armies leaving
  int hold_[wl::kRegionSlots];    // armies that must stay (>= 1)
  int threat_[wl::kRegionSlots];  // what can attack it
  int placed_[wl::kRegionSlots];  // this turn's placements
  wl::RegionSet front_, frontier_, targeted_, defended_;
  // Per super region.
  int remaining_[kMaxSupers];  // armies to take what is not ours
  bool mine_whole_[kMaxSupers], enemy_whole_[kMaxSupers];
  Order orders_[wl::kMaxQueuedMoves];
  int order_count_ = 0;
  // Where the best action too dear for the income would start.
  int save_at_ = -1;
  double save_ratio_ = -1;
};

}  // namespace policy_internal

// Appends player `me`'s turn on `s` to `place` (its whole income) and
// `attack` (expansions, transfers, then attacks on the opponent). Both are
// legal at queue time by construction; at most armies - 1 leave a region.
// Allocation-free.
inline void PlanTurn(const MapInfo& info, const wl::State& s, wl::Player me,
                     const PolicyParams& w, wl::MoveQueue& place,
                     wl::MoveQueue& attack) {
  if (s.Owned(me).Empty()) return;
  policy_internal::TurnPlan plan(info, s, me, w);
  plan.Allocate();
  plan.SaveLeftover();
  plan.TopUpAttacks();
  if (w.all_in) plan.AllIn();
  plan.WalkToFront();
  plan.Emit(place, attack);
}

// One round of fast-policy play for both players, as playouts play it:
// mostly the balanced setting, sometimes another; sampled combat.
// `place` and `attack` are scratch queues (two each).
template <typename Rng>
void PlayoutRound(const MapInfo& info, wl::State& s, Rng& rng,
                  wl::MoveQueue place[2], wl::MoveQueue attack[2]) {
  for (int i = 0; i < 2; ++i) {
    place[i].Clear();
    attack[i].Clear();
  }
  for (int i = 0; i < 2; ++i) {
    const int v =
        rng.NextDouble() < 0.5 ? 0 : wl::RandomIndex(rng, kPolicyVariants);
    PlanTurn(info, s, wl::PlayerOfIndex(i), PolicyVariant(v), place[i],
             attack[i]);
  }
  wl::ExecutePlacements(s, place[0], place[1]);
  wl::ExecuteAttacks(s, attack[0], attack[1], rng);
}

// The value of a finished game for `me`: 1 won, 0 lost, 1/2 a draw.
inline double ResultFor(wl::Outcome outcome, wl::Player me) {
  if (outcome == wl::Outcome::kDraw) return 0.5;
  return (outcome == wl::Outcome::kPlayer1Won) == (me == wl::Player::kPlayer1)
             ? 1.0
             : 0.0;
}

// How good `s` is for `me`, in [0, 1]: 1 and 0 when a side has no region;
// otherwise the income difference, armies, regions, and held bonuses that
// the other side touches, squashed by a logistic of the given scale.
inline double Evaluate(const MapInfo& info, const wl::State& s, wl::Player me,
                       double scale) {
  const wl::Player them = wl::Opponent(me);
  const wl::RegionSet mine = s.Owned(me), enemy = s.Owned(them);
  if (enemy.Empty()) return 1;
  if (mine.Empty()) return 0;
  const wl::Game& game = info.game();
  double d = game.Income(s, me) - game.Income(s, them);
  int armies = 0;
  wl::RegionSet near_mine, near_enemy;
  for (int r : mine) {
    armies += s.armies[r];
    near_mine |= game.Neighbors(r);
  }
  for (int r : enemy) {
    armies -= s.armies[r];
    near_enemy |= game.Neighbors(r);
  }
  d += 0.12 * armies;
  d += 0.2 * (mine.Count() - enemy.Count());
  for (int i = 0; i < info.SuperCount(); ++i) {
    const wl::RegionSet m = info.Members(i);
    if (m.IsSubsetOf(mine) && !(m & near_enemy).Empty()) {
      d -= 0.4 * info.Bonus(i);
    } else if (m.IsSubsetOf(enemy) && !(m & near_mine).Empty()) {
      d += 0.4 * info.Bonus(i);
    }
  }
  return 1.0 / (1.0 + std::exp(-d / scale));
}

}  // namespace mcts

#endif  // MCTS_POLICY_H_
