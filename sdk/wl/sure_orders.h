// sure_orders.h: which of our attack/transfer orders are sure to run, so
// that a bot never sends one the opponent can make fail at execution ("was
// taken this round", "has used all available armies").
//
//   // In the placement phase, with the placements about to be sent:
//   std::vector<wl::Move> moves =
//       wl::KeepSureOrders(view, their_income, placements, planned_moves);
//   // In the attack phase the View already holds our placements: pass {}.
//
// Why it is exact (spec section 6, "Execution order" and the execution
// checks): while our earlier moves are legal, the opponent makes at most k
// legal moves before our k-th (moves go in pairs, a coin deciding who
// leads each pair). A move from R fails at execution only when R was taken,
// or when R's old-map armies are down to 1. Those start at R's armies after
// placement and fall only by what our earlier moves from R take (at most
// what they ask) and by the defenders R loses to attacks. Each attack on R
// comes from a different opponent neighbour (a from->to pair runs once a
// round) that the opponent held at placement (a region conquered this round
// has old-map armies 1, and transfers do not raise old-map armies), with at
// most its armies plus what the opponent placed there, less one. So a move
// from R is sure to run when
//   armies(R) + placed(R) - asked before from R - WorstLoss(R, k) >= 2,
// and then R cannot have been taken either. The one thing a bot cannot know
// is the opponent's income this round: `their_income` must bound it.
//
// Under the View's rule set: WL1 (wl1 §7) has no rounding and 100% luck:
// `total` attackers kill at most `total` defenders, but all of them hit
// only with probability 0.6^total. Nothing is sure under WL1 (neither are
// its attacks: greedy's and mcts's take with probability 0.98), so its
// worst loss is the kDiceSureProbability quantile of Bin(total, 0.6)
// (Wl1KillsAtMost). The bound of every attacker hitting kept so many
// orders home that mcts won about 7 points fewer games against greedy
// (61% and 65.5% instead of 68.5% and 72.5%, 200 games each; no order
// failed at execution either way). The clamp min(old, current) - 1 (wl1
// §6.3) keeps a move whose region holds 2 after that loss legal. (WL1
// leaves a conquered region's old-map armies alone, so a region the
// opponent conquers this round may attack R in a later move: a chain of
// two of its moves, which this bound does not count.) Dingle's turns are
// sequential (dingle §4, §7): no opponent move runs between ours, and an
// order is kept when its region can afford it, armies - 1 in all, since a
// larger one is rejected whole.
#ifndef WL_SURE_ORDERS_H_
#define WL_SURE_ORDERS_H_

#include <algorithm>
#include <functional>
#include <vector>

#include "attack_odds.h"
#include "combat.h"
#include "map.h"
#include "orders.h"
#include "region_set.h"
#include "rule_set.h"
#include "view.h"

namespace wl {

// The probability with which WL1's worst loss (WorstLoss) is not exceeded.
constexpr double kDiceSureProbability = 0.98;

// The most defenders our region `region` can lose to at most `attacks`
// attacks from the opponent's neighbours of it (as the View shows them),
// with `their_income` armies placed behind them.
inline int WorstLoss(const View& view, int region, int attacks,
                     int their_income) {
  int attackers[kRegionSlots];
  int count = 0;
  for (int n : view.GetMap().Neighbors(region)) {
    if (view.OpponentVisible().Contains(n))
      attackers[count++] = view.Armies(n) - 1;
  }
  const int used = std::min(attacks, count);
  if (used <= 0) return 0;
  std::partial_sort(attackers, attackers + used, attackers + count,
                    std::greater<int>());
  int total = std::max(0, their_income);
  for (int i = 0; i < used; ++i) total += std::max(0, attackers[i]);
  // WL1 (wl1 §7): each attacker kills one defender with probability 0.6.
  if (TraitsOf(view.Rules()).luck == Luck::kDice) {
    return Wl1KillsAtMost(total, kDiceSureProbability);
  }
  // One attack of `total` kills at most DefendersKilled(total, total) (every
  // attacker hits); splitting it rounds up at most once more per attack.
  return DefendersKilled(total, total) + used - 1;
}

// The moves of `moves` that are sure to run, in their order, when
// `placements` are ours this round and the opponent places at most
// `their_income`. Drops moves that are not legal at queue time (not from
// our region, not to a neighbour, fewer than 1 army), repeated from->to
// pairs, and every move whose source the opponent could take or drain
// first.
inline std::vector<Move> KeepSureOrders(const View& view, int their_income,
                                        const std::vector<Move>& placements,
                                        const std::vector<Move>& moves) {
  const Map& map = view.GetMap();
  const RegionSet owned = view.Owned();
  int left[kRegionSlots] = {};  // old-map armies, before any loss
  for (int r : owned) left[r] = view.Armies(r);
  for (const Move& p : placements) {
    if (p.kind == MoveKind::kPlace && owned.Contains(p.region()) &&
        p.armies > 0) {
      left[p.region()] += p.armies;
    }
  }
  const bool sequential = TraitsOf(view.Rules()).sequential_turns;
  std::vector<Move> kept;
  for (const Move& m : moves) {
    if (m.kind != MoveKind::kAttackTransfer || !owned.Contains(m.from) ||
        !map.AreNeighbors(m.from, m.to) || m.armies < 1) {
      continue;
    }
    bool repeated = false;
    for (const Move& k : kept) {
      repeated |= k.from == m.from && k.to == m.to;
    }
    if (repeated) continue;
    const int position = static_cast<int>(kept.size()) + 1;
    if (sequential) {
      // dingle §7: no opponent move runs before ours, but an order that
      // would leave its region empty is rejected whole.
      if (left[m.from] - m.armies < 1) continue;
    } else if (left[m.from] - WorstLoss(view, m.from, position, their_income) <
               2) {
      continue;
    }
    left[m.from] -= m.armies;
    kept.push_back(m);
  }
  return kept;
}

// `moves` with those from our regions that touch the opponent first (in
// their order), then the others (in theirs). Such a move then runs among
// the first, before most of what the opponent sends (an order is sure at
// position k against at most k opponent moves: WorstLoss), and it keeps
// the most armies of its source to use.
inline std::vector<Move> FrontFirst(const View& view,
                                    const std::vector<Move>& moves) {
  std::vector<Move> ordered;
  const RegionSet enemy = view.OpponentVisible();
  auto touches = [&](const Move& m) {
    for (int n : view.GetMap().Neighbors(m.from)) {
      if (enemy.Contains(n)) return true;
    }
    return false;
  };
  for (const Move& m : moves) {
    if (touches(m)) ordered.push_back(m);
  }
  for (const Move& m : moves) {
    if (!touches(m)) ordered.push_back(m);
  }
  return ordered;
}

}  // namespace wl

#endif  // WL_SURE_ORDERS_H_
