// mcts_policy.h: a fast, allocation-free turn policy on wl::State, and the
// evaluation of a state. The search uses the policy for the opponent's
// candidate turns, for extra candidate turns of its own, and to play both
// sides of its playouts.
//
// The policy is the greedy planner's idea (greedy_plan.h) cut down to what
// a State knows and to fixed-size arrays: take neutrals with exactly
// wl::ArmiesToTakeSurely armies (MapInfo::TakeArmies: the game's rules),
// opponent regions with enough to win in expectation, complete the cheapest
// bonuses first, hold the front in proportion to the threat, move idle armies
// toward the front, and order expansions first, transfers next, attacks on the
// opponent last.
//
//   mcts::MapInfo info(game);                       // once per game
//   wl::MoveQueue place, attack;
//   mcts::PlanTurn(info, state, wl::Player::kPlayer1, mcts::PolicyParams(),
//                  place, attack);                  // both legal at queue time
//   double v = mcts::Evaluate(info, state, wl::Player::kPlayer1, 6.0);
//   mcts::PlayoutRound(info, state, rng, place2, attack2);  // both sides
//   // Dingle (dingle §4): one player's turn on a dingle::Position.
//   mcts::DingleTurn(info, position, mcts::PolicyParams(), rng,
//                    wl::CombatMode::kOfficial, scratch);
#ifndef MCTS_POLICY_H_
#define MCTS_POLICY_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "attack_odds.h"
#include "combat.h"
#include "dingle.h"
#include "java_random.h"
#include "map.h"
#include "mcts_config.h"
#include "orders.h"
#include "player.h"
#include "region_set.h"
#include "rule_set.h"
#include "rules.h"
#include "state.h"

namespace mcts {

// Super regions a map may have that the policy handles (every region in a
// super region of its own at most).
constexpr int kMaxSupers = wl::kRegionSlots;

namespace policy_internal {

constexpr int kTableSize = 512;

// Defenders that hold against `attackers` in expectation.
inline int HoldAgainstNow(int attackers) {
  if (attackers <= 0) return 1;
  return static_cast<int>(wl::JavaRound(attackers * 0.6)) + 1;
}

struct Tables {
  int16_t take_surely[kTableSize];
  int16_t take_expected[kTableSize];
  int16_t hold_against[kTableSize];
  Tables() {
    for (int d = 0; d < kTableSize; ++d) {
      hold_against[d] = static_cast<int16_t>(HoldAgainstNow(d));
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
  if (attackers >= 0 && attackers < policy_internal::kTableSize) {
    return policy_internal::GetTables().hold_against[attackers];
  }
  return policy_internal::HoldAgainstNow(attackers);
}

// What the policy and the evaluation precompute from the map, once.
class MapInfo {
 public:
  // The game must outlive the MapInfo.
  explicit MapInfo(const wl::Game& game)
      : game_(game), take_(wl::BotTakeTable(game.Rules())) {
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
  // The fewest attackers the policy sends on `d` defenders under the
  // game's rules: the sure take (WL2: TakeSurely; Dingle: dingle §8), or
  // WL1's take with probability wl::kDiceTakeProbability (the built-in
  // bots' table, attack_odds.h).
  int TakeArmies(int d) const { return take_.Armies(d); }

 private:
  const wl::Game& game_;
  const wl::TakeTable& take_;
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

// PlanTurn's steps are free functions on its locals. Each step takes the
// TurnInput by value and keeps its running totals in locals: no store to
// the per-region arrays can alias them, so they stay in registers even
// when the compiler keeps a step out of line (GCC 12 does for the larger
// ones). A TurnPlan object holding them all made playouts 8-10% slower than
// the single-function original; this layout about 2-3%. Nothing is
// allocated.

// What one turn reads: the position, the settings and who holds what.
struct TurnInput {
  const MapInfo& info;
  const wl::Game& game;
  const wl::State& s;
  const PolicyParams& w;
  wl::RegionSet mine, enemy;
  int enemy_income;
  int deploy;  // what the opponent may place where we attack
};

// Per region, indexed by id, meaningful for our regions only (not
// initialised elsewhere): the armies and what must stay; the front
// (regions touching the opponent) and the frontier (regions next to ours).
struct RegionPlan {
  int total[wl::kRegionSlots];   // armies, placements included
  int used[wl::kRegionSlots];    // armies leaving
  int hold[wl::kRegionSlots];    // armies that must stay (>= 1)
  int threat[wl::kRegionSlots];  // what can attack it
  int placed[wl::kRegionSlots];  // this turn's placements
  wl::RegionSet front, frontier;
};

// Per super region: armies to take what is not ours, and who holds it;
// per region not ours, the armies to take it.
struct SuperPlan {
  int remaining[kMaxSupers];
  bool mine_whole[kMaxSupers], enemy_whole[kMaxSupers];
  int cost[wl::kRegionSlots];  // CostOf each region not ours, by id
};

struct Order {
  int16_t from, to;
  int32_t armies;
  uint8_t kind;  // kExpand, kTransfer or kAttack
};

// The orders planned so far (kMaxQueuedMoves at most; more are dropped).
struct OrderList {
  Order items[wl::kMaxQueuedMoves];
  int count = 0;
  void Add(int from, int to, int armies, uint8_t kind) {
    if (count < wl::kMaxQueuedMoves) {
      items[count++] = Order{static_cast<int16_t>(from),
                             static_cast<int16_t>(to), armies, kind};
    }
  }
};

// The best action found so far in one step of the allocation.
struct Choice {
  double ratio = 0;  // value per army of income; only better than 0 counts
  int target = -1, source = -1, need = 0, cost = 0;
  bool defend = false;
};

// Where the best action too dear for the income would start.
struct Saving {
  int at = -1;
  double ratio = -1;
};

// Our armies, what threatens each region and what must stay to hold it,
// the front and the frontier.
inline void AssessRegions(TurnInput in, RegionPlan& p) {
  for (int r : in.mine) {
    p.total[r] = in.s.armies[r];
    p.used[r] = 0;
    p.placed[r] = 0;
    const wl::RegionSet around = in.game.Neighbors(r);
    const wl::RegionSet hostile = around & in.enemy;
    int t = 0;
    for (int n : hostile) t += in.s.armies[n] - 1;
    p.frontier |= around;
    if (!hostile.Empty()) {
      t += static_cast<int>(in.w.threat_share * in.enemy_income);
      p.front.Insert(r);
      p.hold[r] = HoldAgainst(t);
    } else {
      p.hold[r] = 1;
    }
    p.threat[r] = t;
  }
  p.frontier -= in.mine;
}

// The armies it takes to conquer `t` this turn.
inline int CostOf(const TurnInput& in, int t) {
  const int a = in.s.armies[t];
  if (in.enemy.Contains(t)) {
    return std::max(in.info.TakeArmies(a), TakeExpected(a + in.deploy));
  }
  return in.info.TakeArmies(a);
}

// Per super region: what is left to take, and who holds it; per region
// not ours, what taking it costs.
inline void AssessSupers(TurnInput in, SuperPlan& sp) {
  const int supers = in.info.SuperCount();
  for (int i = 0; i < supers; ++i) {
    const wl::RegionSet m = in.info.Members(i);
    int cost = 0;
    for (int r : m - in.mine) {
      sp.cost[r] = CostOf(in, r);
      cost += sp.cost[r];
    }
    sp.remaining[i] = cost;
    sp.mine_whole[i] = m.IsSubsetOf(in.mine);
    sp.enemy_whole[i] = m.IsSubsetOf(in.enemy);
  }
}

// Our neighbour of `t` with the most armies to spare (the first of
// several), and that slack: against the opponent a region may send all
// but 1, elsewhere all but what holds it. -1 when none.
inline int RichestSource(const TurnInput& in, const RegionPlan& p, int t,
                         bool hostile, int& slack) {
  int source = -1;
  slack = -(1 << 30);
  for (int n : in.game.NeighborsInOrder(t)) {
    if (!in.mine.Contains(n)) continue;
    const int sl = p.total[n] - p.used[n] - (hostile ? 1 : p.hold[n]);
    if (sl > slack) {
      slack = sl;
      source = n;
    }
  }
  return source;
}

// What taking `t` for `cost` armies is worth: the land (the opponent's
// counts twice, times the attack weight), progress toward its bonus, more
// when this completes it, and an opponent bonus broken.
inline double TakeValue(const TurnInput& in, const SuperPlan& sp, int t,
                        bool hostile, int cost) {
  const PolicyParams& w = in.w;
  const int si = in.info.SuperOf(t);
  const int bonus = in.info.Bonus(si);
  double value = hostile ? w.attack * 2 * w.land : w.land;
  if (bonus > 0) {
    value += w.bonus * bonus * cost / std::max(1, sp.remaining[si]);
    if (sp.remaining[si] <= cost) value += w.complete * bonus;
    if (hostile && sp.enemy_whole[si]) {
      value += w.attack * w.break_bonus * bonus;
    }
  }
  return value;
}

// What taking each frontier region weighs (the armies of income it needs
// from its richest source, value per army; its cost is SuperPlan's), kept
// between the allocation's steps: a step changes the inputs of a few
// regions only (the neighbours of the region it placed on or sent from,
// the super region it took from), which it marks `stale`. Every frontier
// region starts stale.
struct TakeCache {
  double ratio[wl::kRegionSlots];
  int need[wl::kRegionSlots], source[wl::kRegionSlots];
  wl::RegionSet stale;
};

// Taking `t` from its richest source, armies in place at half the price of
// income, into the cache.
inline void WeighTake(const TurnInput& in, const RegionPlan& p,
                      const SuperPlan& sp, int t, TakeCache& c) {
  const bool hostile = in.enemy.Contains(t);
  const int cost = sp.cost[t];  // the frontier is not ours: AssessSupers
  int slack = 0;
  c.source[t] = RichestSource(in, p, t, hostile, slack);
  const int need = std::max(0, cost - std::max(slack, 0)) +
                   std::max(0, -slack) * (hostile ? 0 : 1);
  c.ratio[t] = TakeValue(in, sp, t, hostile, cost) /
               std::max(0.25, need + 0.5 * (cost - need));
  c.need[t] = need;
}

// Every frontier region not `targeted`, weighed afresh where stale: the
// best one affordable with `left` into `best`; where the best unaffordable
// one would start into `save`.
inline void ConsiderTakes(const TurnInput& in, const RegionPlan& p,
                          const SuperPlan& sp, wl::RegionSet targeted, int left,
                          TakeCache& c, Saving& save, Choice& best) {
  for (int t : p.frontier - targeted) {
    if (c.stale.Contains(t)) WeighTake(in, p, sp, t, c);
    const double ratio = c.ratio[t];
    if (c.need[t] > left) {
      if (ratio > save.ratio) {
        save.ratio = ratio;
        save.at = c.source[t];
      }
      continue;
    }
    if (ratio > best.ratio) {
      best = Choice{ratio, t, c.source[t], c.need[t], sp.cost[t], false};
    }
  }
  c.stale = wl::RegionSet();
}

// Every front region short of what holds it, not `defended`: placing the
// deficit (at most `left`) is worth the region, more if it guards a bonus
// we hold.
inline void ConsiderDefences(const TurnInput& in, const RegionPlan& p,
                             const SuperPlan& sp, wl::RegionSet defended,
                             int left, Choice& best) {
  for (int r : p.front - defended) {
    const int deficit = p.hold[r] - (p.total[r] - p.used[r]);
    if (deficit <= 0) continue;
    const int si = in.info.SuperOf(r);
    const double value =
        in.w.defend *
        (1 + (sp.mine_whole[si] ? in.w.held_bonus * in.info.Bonus(si) : 0));
    const double ratio = value / deficit;
    if (ratio > best.ratio) {
      best.ratio = ratio;
      best.target = r;
      best.need = std::min(deficit, left);
      best.defend = true;
    }
  }
}

// Places `armies` (none when <= 0) of the income `left` on `r`.
inline void PlaceOn(RegionPlan& p, int r, int armies, int& left) {
  if (armies <= 0) return;
  p.placed[r] += armies;
  p.total[r] += armies;
  left -= armies;
}

// The greedy allocation: the best value per army of income, repeatedly
// (24 actions at most), each step weighing afresh only what the last one
// changed (TakeCache). Spends `left`; the regions it attacks or expands
// to go into `targeted`.
inline void Allocate(TurnInput in, RegionPlan& p, SuperPlan& sp,
                     OrderList& orders, wl::RegionSet& targeted_out,
                     Saving& save_out, int& left_out) {
  // Locals, not the callers' variables: they stay in registers.
  int left = left_out;
  Saving save = save_out;
  wl::RegionSet targeted = targeted_out, defended;
  TakeCache cache;
  cache.stale = p.frontier;
  for (int step = 0; step < 24; ++step) {
    Choice best;
    ConsiderTakes(in, p, sp, targeted, left, cache, save, best);
    if (left > 0) ConsiderDefences(in, p, sp, defended, left, best);
    if (best.target < 0) break;
    if (best.defend) {
      PlaceOn(p, best.target, best.need, left);
      defended.Insert(best.target);
      cache.stale = in.game.Neighbors(best.target);
      continue;
    }
    PlaceOn(p, best.source, best.need, left);
    p.used[best.source] += best.cost;
    orders.Add(best.source, best.target, best.cost,
               in.enemy.Contains(best.target) ? kAttack : kExpand);
    targeted.Insert(best.target);
    const int si = in.info.SuperOf(best.target);
    sp.remaining[si] -= best.cost;
    cache.stale = in.game.Neighbors(best.source) | in.info.Members(si);
  }
  left_out = left;
  save_out = save;
  targeted_out = targeted;
}

// Income that bought nothing: saved at `save_at` (where the best
// unaffordable action starts), else on the most threatened front region,
// else on the region with most land around it.
inline void SaveLeftover(TurnInput in, RegionPlan& p, int save_at, int& left) {
  if (left <= 0) return;
  int where = save_at;
  if (where < 0) {
    for (int r : p.front) {
      if (where < 0 || p.threat[r] > p.threat[where]) where = r;
    }
  }
  if (where < 0) {
    int most = -1;
    for (int r : in.mine) {
      const int c = (in.game.Neighbors(r) - in.mine).Count();
      if (c > most) {
        most = c;
        where = r;
      }
    }
  }
  PlaceOn(p, where, left, left);
}

// Attacks take along the spare armies of their source when no other
// opponent region (not `targeted`) touches it.
inline void TopUpAttacks(TurnInput in, RegionPlan& p, wl::RegionSet targeted,
                         OrderList& orders) {
  for (int i = 0; i < orders.count; ++i) {
    Order& o = orders.items[i];
    if (o.kind != kAttack) continue;
    if (!((in.game.Neighbors(o.from) & in.enemy) - targeted).Empty()) continue;
    const int extra = std::max(0, p.total[o.from] - p.used[o.from] - 1);
    o.armies += extra;
    p.used[o.from] += extra;
  }
}

// All-in: the spare armies of each front region attack its weakest
// opponent neighbour not yet `targeted`, when they take it in expectation.
inline void AllIn(TurnInput in, RegionPlan& p, wl::RegionSet& targeted,
                  OrderList& orders) {
  const wl::State& s = in.s;
  for (int r : p.front) {
    const int spare = p.total[r] - p.used[r] - 1;
    int weakest = -1;
    for (int n : in.game.NeighborsInOrder(r)) {
      if (in.enemy.Contains(n) && !targeted.Contains(n) &&
          (weakest < 0 || s.armies[n] < s.armies[weakest])) {
        weakest = n;
      }
    }
    if (weakest < 0 || spare < TakeExpected(s.armies[weakest] + in.deploy)) {
      continue;
    }
    p.used[r] += spare;
    targeted.Insert(weakest);
    orders.Add(r, weakest, spare, kAttack);
  }
}

// Where idle armies walk: the front, or else our border regions.
inline wl::RegionSet WalkGoal(const TurnInput& in, const RegionPlan& p) {
  wl::RegionSet goal = p.front;
  if (goal.Empty()) {
    for (int r : in.mine) {
      if (!(in.game.Neighbors(r) - in.mine).Empty()) goal.Insert(r);
    }
  }
  return goal;
}

// Breadth-first distance of our regions to `goal` through our own land
// (kFar when cut off).
inline void DistancesTo(const TurnInput& in, wl::RegionSet goal,
                        int* distance) {
  int queue[wl::kRegionSlots];
  int head = 0, tail = 0;
  for (int r : in.mine) distance[r] = kFar;
  for (int r : goal) {
    distance[r] = 0;
    queue[tail++] = r;
  }
  wl::RegionSet unreached = in.mine - goal;
  while (head < tail) {
    const int r = queue[head++];
    const wl::RegionSet next = in.game.Neighbors(r) & unreached;
    unreached -= next;
    for (int n : next) {
      distance[n] = distance[r] + 1;
      queue[tail++] = n;
    }
  }
}

// Idle armies walk one step toward the front (or the border when the
// opponent touches nothing of ours), through our own land; toward the most
// threatened of several closer neighbours. Income saved at `save_at`
// stays there.
inline void WalkToFront(TurnInput in, RegionPlan& p, int save_at,
                        OrderList& orders) {
  const wl::RegionSet goal = WalkGoal(in, p);
  if (goal.Empty()) return;
  int distance[wl::kRegionSlots];
  DistancesTo(in, goal, distance);
  for (int r : in.mine - goal - p.front) {
    if (distance[r] == kFar) continue;
    const int spare = p.total[r] - p.used[r] - 1;
    if (spare <= 0 || (save_at == r && p.placed[r] > 0)) continue;
    int next = -1;
    for (int n : in.game.NeighborsInOrder(r)) {
      if (!in.mine.Contains(n) || distance[n] != distance[r] - 1) continue;
      if (next < 0 || p.threat[n] > p.threat[next]) next = n;
    }
    if (next < 0) continue;
    p.used[r] += spare;
    orders.Add(r, next, spare, kTransfer);
  }
}

// The placements by region, then the orders: those from a front region
// that may fall or be drained before they run first; then expansions,
// transfers, and attacks on the opponent.
inline void Emit(TurnInput in, wl::Player me, const RegionPlan& p,
                 const OrderList& orders, wl::MoveQueue& place,
                 wl::MoveQueue& attack) {
  for (int r : in.mine) {
    if (p.placed[r] > 0) {
      place.Push(wl::QueuedMove{wl::Move::Place(r, p.placed[r], me)});
    }
  }
  auto risky = [&](int r) {
    return p.front.Contains(r) && p.total[r] - p.used[r] < p.hold[r];
  };
  for (int pass = 0; pass < 4; ++pass) {
    for (int i = 0; i < orders.count; ++i) {
      const Order& o = orders.items[i];
      if (o.armies < 1 || (pass == 0) != risky(o.from)) continue;
      if (pass > 0 && o.kind != pass - 1) continue;
      attack.Push(
          wl::QueuedMove{wl::Move::AttackTransfer(o.from, o.to, o.armies, me)});
    }
  }
}

}  // namespace policy_internal

// Appends player `me`'s turn on `s` to `place` (its whole income) and
// `attack` (expansions, transfers, then attacks on the opponent). Both are
// legal at queue time by construction; at most armies - 1 leave a region.
// Allocation-free.
inline void PlanTurn(const MapInfo& info, const wl::State& s, wl::Player me,
                     const PolicyParams& w, wl::MoveQueue& place,
                     wl::MoveQueue& attack) {
  namespace pi = policy_internal;
  const wl::Game& game = info.game();
  const wl::Player them = wl::Opponent(me);
  const wl::RegionSet mine = s.Owned(me);
  const wl::RegionSet enemy = s.Owned(them);
  if (mine.Empty()) return;
  int left = game.Income(s, me);
  const int enemy_income = enemy.Empty() ? 0 : game.Income(s, them);
  const pi::TurnInput in{info,
                         game,
                         s,
                         w,
                         mine,
                         enemy,
                         enemy_income,
                         static_cast<int>(w.deploy_share * enemy_income + 0.5)};
  pi::RegionPlan p;
  pi::AssessRegions(in, p);
  pi::SuperPlan sp;
  pi::AssessSupers(in, sp);
  pi::OrderList orders;
  wl::RegionSet targeted;
  pi::Saving save;
  pi::Allocate(in, p, sp, orders, targeted, save, left);
  pi::SaveLeftover(in, p, save.at, left);
  pi::TopUpAttacks(in, p, targeted, orders);
  if (w.all_in) pi::AllIn(in, p, targeted, orders);
  pi::WalkToFront(in, p, save.at, orders);
  pi::Emit(in, me, p, orders, place, attack);
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
  wl::ExecuteAttacks(s, attack[0], attack[1], rng, wl::IgnoreEvents(),
                     wl::CombatMode::kOfficial, info.game().Rules());
}

// Setting `w` under Dingle's sequential turns (dingle §4): the opponent
// places only in its own turn, so nothing arrives where we attack.
inline PolicyParams ForDingle(PolicyParams w) {
  w.deploy_share = 0;
  return w;
}

// Room for one turn of DingleTurn (nothing is allocated in a search).
struct DingleScratch {
  wl::MoveQueue place, attack;
  wl::Move orders[wl::kMaxQueuedMoves];
};

// One turn of the fast policy with setting `w` under Dingle's rules
// (dingle §4): the player to move in `pos` places and moves on the rules
// core (dingle::Place, dingle::AttackTransfer), combat drawn from `rng`
// (kOfficial) or Dingle's mostLikely (kExpected). Precondition: `pos` is in
// its placement phase and not over.
template <typename Rng>
void DingleTurn(const MapInfo& info, wl::dingle::Position& pos,
                const PolicyParams& w, Rng& rng, wl::CombatMode combat,
                DingleScratch& scratch) {
  scratch.place.Clear();
  scratch.attack.Clear();
  PlanTurn(info, pos.state, pos.turn, ForDingle(w), scratch.place,
           scratch.attack);
  const wl::Game& game = info.game();
  int n = 0;
  for (int i = 0; i < scratch.place.size; ++i) {
    scratch.orders[n++] = scratch.place.items[i].move;
  }
  wl::dingle::Place(game, pos, scratch.orders, n);
  n = 0;
  for (int i = 0; i < scratch.attack.size; ++i) {
    scratch.orders[n++] = scratch.attack.items[i].move;
  }
  wl::dingle::AttackTransfer(game, pos, scratch.orders, n, rng,
                             wl::dingle::NoEvents(), combat);
}

// The value of a finished game for `me`: 1 won, 0 lost, 1/2 a draw.
inline double ResultFor(wl::Outcome outcome, wl::Player me) {
  if (outcome == wl::Outcome::kDraw) return 0.5;
  return (outcome == wl::Outcome::kPlayer1Won) == (me == wl::Player::kPlayer1)
             ? 1.0
             : 0.0;
}

// How good `s` is for `me`, in [0, 1]: 1 and 0 when a side has no region;
// otherwise the income difference, armies, regions, held bonuses that the
// other side touches, and the progress toward bonuses not yet held (weighed
// by `w`), squashed by a logistic of the given scale.
inline double Evaluate(const MapInfo& info, const wl::State& s, wl::Player me,
                       double scale, const EvalWeights& w = EvalWeights()) {
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
  d += w.armies * armies;
  d += w.regions * (mine.Count() - enemy.Count());
  for (int i = 0; i < info.SuperCount(); ++i) {
    const wl::RegionSet m = info.Members(i);
    if (m.IsSubsetOf(mine)) {
      if (!(m & near_enemy).Empty()) d -= w.exposed_bonus * info.Bonus(i);
    } else if (m.IsSubsetOf(enemy)) {
      if (!(m & near_mine).Empty()) d += w.exposed_bonus * info.Bonus(i);
    } else if (w.progress > 0) {
      const int ahead = (m & mine).Count() - (m & enemy).Count();
      d += w.progress * info.Bonus(i) * ahead / m.Count();
    }
  }
  return 1.0 / (1.0 + std::exp(-d / scale));
}

}  // namespace mcts

#endif  // MCTS_POLICY_H_
