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

// Appends player `me`'s turn on `s` to `place` (its whole income) and
// `attack` (expansions, transfers, then attacks on the opponent). Both are
// legal at queue time by construction; at most armies - 1 leave a region.
// Allocation-free.
inline void PlanTurn(const MapInfo& info, const wl::State& s, wl::Player me,
                     const PolicyParams& w, wl::MoveQueue& place,
                     wl::MoveQueue& attack) {
  using wl::kRegionSlots;
  using wl::RegionSet;
  const wl::Game& game = info.game();
  const wl::Map& map = game.GetMap();
  const wl::Player them = wl::Opponent(me);
  const RegionSet mine = s.Owned(me);
  const RegionSet enemy = s.Owned(them);
  if (mine.Empty()) return;
  int left = game.Income(s, me);
  const int enemy_income = enemy.Empty() ? 0 : game.Income(s, them);
  const int deploy = static_cast<int>(w.deploy_share * enemy_income + 0.5);

  int total[kRegionSlots], used[kRegionSlots], hold[kRegionSlots];
  int threat[kRegionSlots], placed[kRegionSlots];
  RegionSet front, frontier;
  for (int r : mine) {
    total[r] = s.armies[r];
    used[r] = 0;
    placed[r] = 0;
    int t = 0;
    bool touches = false;
    for (int n : map.Neighbors(r)) {
      if (enemy.Contains(n)) {
        touches = true;
        t += s.armies[n] - 1;
      }
    }
    frontier |= game.Neighbors(r);
    if (touches) {
      t += static_cast<int>(w.threat_share * enemy_income);
      front.Insert(r);
      hold[r] = HoldAgainst(t);
    } else {
      hold[r] = 1;
    }
    threat[r] = t;
  }
  frontier -= mine;

  auto cost_of = [&](int t) {
    const int a = s.armies[t];
    if (enemy.Contains(t))
      return std::max(TakeSurely(a), TakeExpected(a + deploy));
    return TakeSurely(a);
  };

  // Per super region: what is left to take, and who holds it.
  const int supers = info.SuperCount();
  int remaining[kMaxSupers];
  bool mine_whole[kMaxSupers], enemy_whole[kMaxSupers];
  for (int i = 0; i < supers; ++i) {
    const RegionSet m = info.Members(i);
    int cost = 0;
    for (int r : m - mine) cost += cost_of(r);
    remaining[i] = cost;
    mine_whole[i] = m.IsSubsetOf(mine);
    enemy_whole[i] = m.IsSubsetOf(enemy);
  }

  struct Order {
    int16_t from, to;
    int32_t armies;
    uint8_t kind;  // 0 expand, 1 transfer, 2 attack
  };
  Order orders[wl::kMaxQueuedMoves];
  int order_count = 0;
  auto add_order = [&](int from, int to, int armies, uint8_t kind) {
    if (order_count < wl::kMaxQueuedMoves) {
      orders[order_count++] = Order{static_cast<int16_t>(from),
                                    static_cast<int16_t>(to), armies, kind};
    }
  };
  auto place_on = [&](int r, int armies) {
    if (armies <= 0) return;
    placed[r] += armies;
    total[r] += armies;
    left -= armies;
  };

  // The greedy allocation: the best value per army of income, repeatedly.
  RegionSet targeted, defended;
  int save_at = -1;
  double save_ratio = -1;
  for (int step = 0; step < 24; ++step) {
    double best_ratio = 0;
    int best_target = -1, best_source = -1, best_need = 0, best_cost = 0;
    bool best_defend = false;
    for (int t : frontier - targeted) {
      const bool hostile = enemy.Contains(t);
      const int cost = cost_of(t);
      int source = -1, slack = -(1 << 30);
      for (int n : map.Neighbors(t)) {
        if (!mine.Contains(n)) continue;
        const int sl = total[n] - used[n] - (hostile ? 1 : hold[n]);
        if (sl > slack) {
          slack = sl;
          source = n;
        }
      }
      const int need = std::max(0, cost - std::max(slack, 0)) +
                       std::max(0, -slack) * (hostile ? 0 : 1);
      const int si = info.SuperOf(t);
      const int bonus = info.Bonus(si);
      double value = hostile ? w.attack * 2 * w.land : w.land;
      if (bonus > 0) {
        value += w.bonus * bonus * cost / std::max(1, remaining[si]);
        if (remaining[si] <= cost) value += w.complete * bonus;
        if (hostile && enemy_whole[si])
          value += w.attack * w.break_bonus * bonus;
      }
      const double ratio = value / std::max(0.25, need + 0.5 * (cost - need));
      if (need > left) {
        if (ratio > save_ratio) {
          save_ratio = ratio;
          save_at = source;
        }
        continue;
      }
      if (ratio > best_ratio) {
        best_ratio = ratio;
        best_target = t;
        best_source = source;
        best_need = need;
        best_cost = cost;
        best_defend = false;
      }
    }
    if (left > 0) {
      for (int r : front - defended) {
        const int deficit = hold[r] - (total[r] - used[r]);
        if (deficit <= 0) continue;
        const int si = info.SuperOf(r);
        const double value =
            w.defend *
            (1 + (mine_whole[si] ? w.held_bonus * info.Bonus(si) : 0));
        const double ratio = value / deficit;
        if (ratio > best_ratio) {
          best_ratio = ratio;
          best_target = r;
          best_need = std::min(deficit, left);
          best_defend = true;
        }
      }
    }
    if (best_target < 0) break;
    if (best_defend) {
      place_on(best_target, best_need);
      defended.Insert(best_target);
      continue;
    }
    place_on(best_source, best_need);
    used[best_source] += best_cost;
    add_order(best_source, best_target, best_cost,
              enemy.Contains(best_target) ? 2 : 0);
    targeted.Insert(best_target);
    remaining[info.SuperOf(best_target)] -= best_cost;
  }

  // Income that bought nothing: saved where the best unaffordable action
  // starts, else on the most threatened front region, else on the region
  // with most land around it.
  if (left > 0) {
    int where = save_at;
    if (where < 0) {
      for (int r : front) {
        if (where < 0 || threat[r] > threat[where]) where = r;
      }
    }
    if (where < 0) {
      int most = -1;
      for (int r : mine) {
        const int c = (game.Neighbors(r) - mine).Count();
        if (c > most) {
          most = c;
          where = r;
        }
      }
    }
    place_on(where, left);
  }

  // Attacks take along the spare armies of their source when no other
  // opponent region touches it; all-in sends spare front armies at the
  // weakest opponent neighbour.
  for (int i = 0; i < order_count; ++i) {
    Order& o = orders[i];
    if (o.kind != 2) continue;
    bool others = false;
    for (int n : map.Neighbors(o.from)) {
      if (enemy.Contains(n) && !targeted.Contains(n)) others = true;
    }
    if (others) continue;
    const int extra = std::max(0, total[o.from] - used[o.from] - 1);
    o.armies += extra;
    used[o.from] += extra;
  }
  if (w.all_in) {
    for (int r : front) {
      const int spare = total[r] - used[r] - 1;
      int weakest = -1;
      for (int n : map.Neighbors(r)) {
        if (enemy.Contains(n) && !targeted.Contains(n) &&
            (weakest < 0 || s.armies[n] < s.armies[weakest])) {
          weakest = n;
        }
      }
      if (weakest < 0 || spare < TakeExpected(s.armies[weakest] + deploy)) {
        continue;
      }
      used[r] += spare;
      targeted.Insert(weakest);
      add_order(r, weakest, spare, 2);
    }
  }

  // Idle armies walk one step toward the front (or the border when the
  // opponent touches nothing of ours), through our own land.
  RegionSet goal = front;
  if (goal.Empty()) {
    for (int r : mine) {
      if (!(game.Neighbors(r) - mine).Empty()) goal.Insert(r);
    }
  }
  if (!goal.Empty()) {
    int distance[kRegionSlots];
    int queue[kRegionSlots];
    int head = 0, tail = 0;
    for (int r : mine) distance[r] = 1 << 20;
    for (int r : goal) {
      distance[r] = 0;
      queue[tail++] = r;
    }
    while (head < tail) {
      const int r = queue[head++];
      for (int n : map.Neighbors(r)) {
        if (mine.Contains(n) && distance[n] == 1 << 20) {
          distance[n] = distance[r] + 1;
          queue[tail++] = n;
        }
      }
    }
    for (int r : mine - goal - front) {
      if (distance[r] == 1 << 20) continue;
      const int spare = total[r] - used[r] - 1;
      if (spare <= 0 || (save_at == r && placed[r] > 0)) continue;
      int next = -1;
      for (int n : map.Neighbors(r)) {
        if (!mine.Contains(n) || distance[n] != distance[r] - 1) continue;
        if (next < 0 || threat[n] > threat[next]) next = n;
      }
      if (next < 0) continue;
      used[r] += spare;
      add_order(r, next, spare, 1);
    }
  }

  for (int r : mine) {
    if (placed[r] > 0) {
      place.Push(wl::QueuedMove{wl::Move::Place(r, placed[r], me)});
    }
  }
  // Orders from a front region that may fall or be drained before they run
  // go first; then expansions, transfers, and attacks on the opponent.
  auto risky = [&](int r) {
    return front.Contains(r) && total[r] - used[r] < hold[r];
  };
  for (int pass = 0; pass < 4; ++pass) {
    for (int i = 0; i < order_count; ++i) {
      const Order& o = orders[i];
      if (o.armies < 1 || (pass == 0) != risky(o.from)) continue;
      if (pass > 0 && o.kind != pass - 1) continue;
      attack.Push(
          wl::QueuedMove{wl::Move::AttackTransfer(o.from, o.to, o.armies, me)});
    }
  }
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
