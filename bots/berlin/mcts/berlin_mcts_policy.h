// berlin_mcts_policy.h: a fast, allocation-free Berlin turn policy on the
// rules core's State, and the evaluation of a State, for the MCTS bot's
// search (berlin_mcts_search.h): the policy's settings and its "focus"
// turns are candidate turns for every player besides the greedy planner's
// (with them the search won 82% of 200 games against the greedy bot,
// without them 74.5%); the evaluation scores its playouts.
//
// The policy, for player p (berlin §5: soldiers cross one path a turn,
// the largest army wins with largest - second, ties keep the owner):
//   1. hold: on each of p's valued nodes (points or spawn > 0), keep
//      `defend` times the enemy soldiers that could walk in next turn;
//   2. take: every node p does not own next to p's spare soldiers is a
//      target, worth its points and spawn (a plain node `plain_worth`, an
//      enemy's node `enemy_bonus` more), needing 1 more than what may be
//      there: its garrison, plus `reinforce` times its owner's soldiers next
//      to it, plus `contest` times any other enemy soldiers next to it; the
//      best worth per soldier first, each sent only when its neighbours can
//      pay for it all (with `all_in`, everything they have);
//   3. advance: the spare soldiers left go one step toward the nearest
//      valued node p does not own or enemy node (or all stay, beside one
//      they could not take yet).
//
//   berlin_mcts::MapInfo info(map);                 // once per game
//   berlin_mcts::MoveList moves;
//   berlin_mcts::PlanTurn(info, state, player, berlin_mcts::PolicyParams(),
//                         moves);                   // node ids, valid
//   double v[wl::berlin::kMaxPlayers];
//   berlin_mcts::Evaluate(info, state, turns_left, v);  // shares, sum 1
#ifndef BERLIN_MCTS_POLICY_H_
#define BERLIN_MCTS_POLICY_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "berlin_mcts_greedy.h"
#include "sdk/berlin/map.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/state.h"

namespace berlin_mcts {

using wl::berlin::kFree;
using wl::berlin::kMaxNodes;
using wl::berlin::kMaxPlayers;

// What the policy and the evaluation read of a map, precomputed; the
// paths are the greedy planner's (berlin_greedy::MapInfo, directed-aware).
class MapInfo {
 public:
  explicit MapInfo(const wl::berlin::Map& map)
      : map_(&map), greedy_(map), size_(map.size()) {
    for (int i = 0; i < size_; ++i) {
      ids_[i] = map.node(i).id;
      points_[i] = static_cast<double>(map.Points(i));
      spawn_[i] = static_cast<double>(map.SoldiersPerTurn(i));
    }
  }

  const wl::berlin::Map& map() const { return *map_; }
  // The greedy planner's view of the map (paths both ways, distances).
  const berlin_greedy::MapInfo& greedy() const { return greedy_; }
  int size() const { return size_; }
  int64_t Id(int i) const { return ids_[i]; }
  double Points(int i) const { return points_[i]; }
  double Spawn(int i) const { return spawn_[i]; }
  // Worth holding (berlin §5.7, §6): it scores or spawns.
  bool Valued(int i) const { return points_[i] > 0 || spawn_[i] > 0; }
  // Bit j: a move i -> j is possible (berlin §5.3 check 3).
  uint64_t Out(int i) const { return greedy_.Out(i); }
  // Bit j: a move j -> i is possible.
  uint64_t Into(int i) const { return greedy_.In(i); }

 private:
  const wl::berlin::Map* map_;
  berlin_greedy::MapInfo greedy_;
  int size_;
  int64_t ids_[kMaxNodes];
  double points_[kMaxNodes];
  double spawn_[kMaxNodes];
};

// One player's turn as the rules core reads it (node ids), fixed capacity.
struct MoveList {
  static constexpr int kCapacity = 4 * kMaxNodes;
  wl::berlin::Move moves[kCapacity];
  int size = 0;
  void Clear() { size = 0; }
  void Add(int64_t from, int64_t to, int64_t n) {
    if (size < kCapacity) moves[size++] = wl::berlin::Move{from, to, n};
  }
};

struct PolicyParams {
  double defend = 1.0;       // share of the threat kept on valued nodes
  double reinforce = 1.0;    // share of a target owner's neighbours counted
  double contest = 1.0;      // share of other enemies' neighbours counted
  double plain_worth = 0.3;  // a node that neither scores nor spawns
  double enemy_bonus = 0.5;  // taking it from an enemy, on top of its worth
  bool all_in = false;       // a target gets all its neighbours' spares
};

// The policy's settings: 0 the default, 1 aggressive, 2 defensive, 3
// expansion, 4 all-in, 5 reckless (holds nothing back).
constexpr int kPolicyVariants = 6;
inline PolicyParams PolicyVariant(int i) {
  PolicyParams p;
  switch (i) {
    case 1:
      p.defend = 0.5;
      p.reinforce = 0.5;
      p.enemy_bonus = 1.5;
      break;
    case 2:
      p.defend = 1.5;
      p.reinforce = 1.5;
      p.enemy_bonus = 0.0;
      break;
    case 3:
      p.plain_worth = 0.6;
      p.enemy_bonus = 0.0;
      p.contest = 0.5;
      break;
    case 4:
      p.all_in = true;
      p.enemy_bonus = 1.0;
      break;
    case 5:
      p.defend = 0.0;
      p.reinforce = 0.0;
      p.contest = 0.0;
      p.enemy_bonus = 1.0;
      break;
    default:
      break;
  }
  return p;
}

namespace policy_internal {

// Per-turn facts for one player: spare soldiers, what may come where.
struct Facts {
  int32_t spare[kMaxNodes];
  int32_t own_near[kMaxNodes];    // p's soldiers that could walk in
  int32_t enemy_near[kMaxNodes];  // other players' soldiers that could
  int32_t owner_near[kMaxNodes];  // the node owner's soldiers that could
};

inline void Gather(const MapInfo& info, const wl::berlin::State& s, int p,
                   Facts& f) {
  const int n = info.size();
  for (int i = 0; i < n; ++i) {
    f.spare[i] = s.owner[i] == p ? std::max(0, s.soldiers[p][i]) : 0;
    f.own_near[i] = f.enemy_near[i] = f.owner_near[i] = 0;
  }
  for (int i = 0; i < n; ++i) {
    const int q = s.owner[i];
    if (q == kFree) continue;
    const int32_t a = s.soldiers[q][i];
    if (a <= 0) continue;
    for (uint64_t m = info.Out(i); m; m &= m - 1) {
      const int j = __builtin_ctzll(m);
      if (q == p) {
        f.own_near[j] += a;
      } else if (q == s.owner[j]) {
        f.owner_near[j] += a;
      } else {
        f.enemy_near[j] += a;
      }
    }
  }
}

// Step 1: keep ceil(defend * threat) on valued nodes.
// An own node's threat is enemy_near: Gather counts p's own soldiers in
// own_near, so owner_near is empty there.
inline void Hold(const MapInfo& info, const PolicyParams& w, Facts& f) {
  for (int i = 0; i < info.size(); ++i) {
    if (f.spare[i] == 0 || !info.Valued(i)) continue;
    const int32_t keep =
        static_cast<int32_t>(std::ceil(w.defend * f.enemy_near[i]));
    f.spare[i] = std::max(0, f.spare[i] - keep);
  }
}

// The soldiers target j needs, and its worth per soldier (0: no target).
inline int32_t Need(const wl::berlin::State& s, int j, const PolicyParams& w,
                    const Facts& f) {
  const double garrison = s.Soldiers(j) > 0 ? s.Soldiers(j) : 0;
  return 1 + static_cast<int32_t>(std::ceil(garrison +
                                            w.reinforce * f.owner_near[j] +
                                            w.contest * f.enemy_near[j]));
}

inline double Worth(const MapInfo& info, const wl::berlin::State& s, int j,
                    const PolicyParams& w) {
  double worth =
      info.Valued(j) ? info.Points(j) + info.Spawn(j) : w.plain_worth;
  if (s.owner[j] != kFree) worth += w.enemy_bonus;
  return worth;
}

// Sends `need` (all of it with `all_in`) from p's spares next to j, the
// largest first; nothing when they cannot pay it all.
inline bool Take(const MapInfo& info, int j, int32_t need, bool all_in,
                 Facts& f, MoveList& out) {
  int32_t have = 0;
  uint64_t from = info.Into(j);
  for (uint64_t m = from; m; m &= m - 1) have += f.spare[__builtin_ctzll(m)];
  if (have < need) return false;
  int32_t left = all_in ? have : need;
  while (left > 0) {
    int best = -1;
    for (uint64_t m = from; m; m &= m - 1) {
      const int i = __builtin_ctzll(m);
      if (f.spare[i] > 0 && (best < 0 || f.spare[i] > f.spare[best])) best = i;
    }
    const int32_t n = std::min(left, f.spare[best]);
    out.Add(info.Id(best), info.Id(j), n);
    f.spare[best] -= n;
    left -= n;
    from &= ~(uint64_t{1} << best);
  }
  return true;
}

// Step 2: the targets by worth per soldier, best first.
inline void TakeTargets(const MapInfo& info, const wl::berlin::State& s, int p,
                        const PolicyParams& w, Facts& f, MoveList& out) {
  int targets[kMaxNodes];
  double score[kMaxNodes];
  int32_t need[kMaxNodes];
  int count = 0;
  for (int j = 0; j < info.size(); ++j) {
    if (s.owner[j] == p || f.own_near[j] == 0) continue;
    const double worth = Worth(info, s, j, w);
    if (worth <= 0) continue;
    need[j] = Need(s, j, w, f);
    score[j] = worth / need[j];
    int k = count++;
    for (; k > 0 && score[targets[k - 1]] < score[j]; --k) {
      targets[k] = targets[k - 1];
    }
    targets[k] = j;
  }
  for (int k = 0; k < count; ++k) {
    Take(info, targets[k], need[targets[k]], w.all_in, f, out);
  }
}

// Step 3: the spares left go one step toward the nearest valued node p
// does not own or enemy node, or stay beside one.
inline void Advance(const MapInfo& info, const wl::berlin::State& s, int p,
                    Facts& f, MoveList& out) {
  const int n = info.size();
  int dist[kMaxNodes];
  int queue[kMaxNodes];
  int head = 0, tail = 0;
  for (int j = 0; j < n; ++j) {
    dist[j] = -1;
    if (s.owner[j] != p && (info.Valued(j) || s.owner[j] != kFree)) {
      dist[j] = 0;
      queue[tail++] = j;
    }
  }
  while (head < tail) {  // backwards along the paths: i -> j
    const int j = queue[head++];
    for (uint64_t m = info.Into(j); m; m &= m - 1) {
      const int i = __builtin_ctzll(m);
      if (dist[i] < 0) {
        dist[i] = dist[j] + 1;
        queue[tail++] = i;
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    if (f.spare[i] == 0 || dist[i] <= 1) continue;
    int best = -1;
    for (uint64_t m = info.Out(i); m; m &= m - 1) {
      const int j = __builtin_ctzll(m);
      if (dist[j] < 0 || dist[j] >= dist[i]) continue;
      if (best < 0 || (s.owner[j] == p && s.owner[best] != p)) best = j;
    }
    if (best < 0) continue;
    out.Add(info.Id(i), info.Id(best), f.spare[i]);
    f.spare[i] = 0;
  }
}

}  // namespace policy_internal

// Player p's turn on `s` by the policy with settings `w`, appended to
// `out` as aggregated moves the rules core accepts (berlin §5.3: from p's
// own soldiers, along paths, each source's total within its soldiers).
inline void PlanTurn(const MapInfo& info, const wl::berlin::State& s, int p,
                     const PolicyParams& w, MoveList& out) {
  policy_internal::Facts f;
  policy_internal::Gather(info, s, p, f);
  policy_internal::Hold(info, w, f);
  policy_internal::TakeTargets(info, s, p, w, f, out);
  policy_internal::Advance(info, s, p, f, out);
}

// Up to `most` enemy nodes that p's soldiers next to them outnumber, best
// worth per garrison soldier first, into out[]; returns how many.
inline int FocusTargets(const MapInfo& info, const wl::berlin::State& s, int p,
                        int most, int* out) {
  policy_internal::Facts f;
  policy_internal::Gather(info, s, p, f);
  const PolicyParams w;
  double score[kMaxNodes];
  int count = 0;
  for (int j = 0; j < info.size(); ++j) {
    if (s.owner[j] == p || s.owner[j] == kFree) continue;
    const int32_t garrison = std::max(0, s.Soldiers(j));
    if (f.own_near[j] <= garrison) continue;
    score[j] = policy_internal::Worth(info, s, j, w) / (garrison + 1);
    int k = count++;
    for (; k > 0 && score[out[k - 1]] < score[j]; --k) out[k] = out[k - 1];
    out[k] = j;
  }
  return std::min(count, most);
}

// Every soldier of p next to `target` on it, then the policy for the rest.
inline void PlanFocused(const MapInfo& info, const wl::berlin::State& s, int p,
                        int target, const PolicyParams& w, MoveList& out) {
  policy_internal::Facts f;
  policy_internal::Gather(info, s, p, f);
  policy_internal::Take(info, target, 1 + std::max(0, s.Soldiers(target)),
                        /*all_in=*/true, f, out);
  policy_internal::Hold(info, w, f);
  policy_internal::TakeTargets(info, s, p, w, f, out);
  policy_internal::Advance(info, s, p, f, out);
}

// The evaluation's weights: a player's strength is its points, plus
// `soldier` per soldier, plus `income` per soldier spawned a turn for each
// of the turns left (at most `horizon` of them).
struct EvalParams {
  double soldier = 0.15;
  double income = 0.1;
  int horizon = 10;
};

// Each player's share of the total strength, in value[0..num_players):
// shares sum to 1 (equal shares when nobody has any). At the end of the
// game (berlin §6) the winners share 1 and the others get 0.
inline void Evaluate(const MapInfo& info, const wl::berlin::State& s, bool over,
                     int turns_left, const EvalParams& e, double* value) {
  const int players = s.num_players;
  if (over) {
    const uint32_t winners = wl::berlin::Winners(info.map(), s);
    const int count = __builtin_popcount(winners);
    for (int p = 0; p < players; ++p) {
      value[p] = count && (winners >> p & 1) ? 1.0 / count : 0.0;
      if (!count) value[p] = 1.0 / players;
    }
    return;
  }
  double strength[kMaxPlayers] = {};
  const double turns = std::min(turns_left, e.horizon);
  for (int i = 0; i < info.size(); ++i) {
    const int q = s.owner[i];
    if (q == kFree) continue;
    strength[q] += info.Points(i) + e.income * turns * info.Spawn(i) +
                   e.soldier * std::max(0, s.soldiers[q][i]);
  }
  double total = 0;
  for (int p = 0; p < players; ++p) {
    strength[p] = std::max(0.0, strength[p]);
    total += strength[p];
  }
  for (int p = 0; p < players; ++p) {
    value[p] = total > 0 ? strength[p] / total : 1.0 / players;
  }
}

}  // namespace berlin_mcts

#endif  // BERLIN_MCTS_POLICY_H_
