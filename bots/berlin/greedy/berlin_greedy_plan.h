// berlin_greedy_plan.h: the greedy Berlin bot's planner, usable by any bot
// as a move generator (a search's candidate moves, a playout policy).
//
// It plans one player's moves for one turn on the rules core's (Map, State)
// (sdk/berlin/rules.h). Moves are simultaneous, so what the enemies will do
// is unknown; the planner assumes the worst that can reach a node next turn:
// the threat at a node is, over each other player q, q's garrison there plus
// every soldier q has on a node with a path into it (berlin §5.4: soldiers
// cross one path per turn), the adjacent part scaled by Weights::threat.
// Combat keeps the unique largest army (berlin §5.5) and a tie leaves the
// owner (berlin §5.6), so:
//
//   1. Tasks. Hold(v): keep threat + hold_margin soldiers on our node v
//      (staying ones first, then from our neighbours). Take(v): bring
//      threat + 1 onto a node we do not own (free, or an enemy's: then its
//      garrison and its owner's neighbours count), from our neighbours.
//      Each is worth the node's value (points at the end, spawns while they
//      matter; Weights), times `swing` when an enemy would otherwise have it,
//      plus `kill` per enemy soldier on it; priority = value / (1 + cost *
//      soldiers needed). Tasks run in priority order while soldiers last; a
//      task that cannot be met takes nothing.
//   2. Approach. Valuable nodes two or more steps away get the nearest free
//      soldiers (threat + 1, at least 1) one step along a cheapest route.
//   3. Advance. Soldiers left over stay on our threatened valuable nodes and
//      otherwise walk toward the nearest front (enemy nodes, valuable
//      nodes we do not own, our threatened valuable nodes).
//   Steps onto a node we do not own are made only when the soldiers
//   arriving out-number its threat: never into a tie we can avoid; onto a
//   node with a negative spawn only when some outlive it. Walks follow
//   MapInfo::Route, which goes round nodes whose type costs points or
//   soldiers (a node stays owned once entered, berlin §5.6); nodes that
//   cost are never a task's target.
//
// Every order is legal (berlin §5.3): from a node the player owns, along a
// path (directed-aware), more than 0 soldiers, the orders from a node
// summing to at most its soldiers; one order per (from, to). Deterministic:
// `seed` only matters with Weights::noise > 0. About 1 us a plan on the
// official maps; no allocation once `out` has grown: a Planner holds its
// scratch (~17 KB; reuse one), a MapInfo the map's distances and routes
// (~13 KB; build it once per map, it points to the Map). The bot itself
// picks one of several plans against likely answers: berlin_greedy_choose.h.
//
//   berlin_greedy::MapInfo info(map);
//   berlin_greedy::Planner planner;
//   std::vector<berlin_greedy::Order> orders;
//   planner.Plan(info, state, /*player=*/0, berlin_greedy::TurnsLeft(map,
//                state), berlin_greedy::kBalanced, orders);
//   std::vector<wl::berlin::Move> moves;
//   berlin_greedy::ToMoves(map, orders, moves);  // node ids, for ResolveTurn
#ifndef BERLIN_GREEDY_PLAN_H_
#define BERLIN_GREEDY_PLAN_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sdk/berlin/map.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/state.h"
#include "sdk/common/fast_random.h"

namespace berlin_greedy {

using wl::berlin::kMaxNodes;
using wl::berlin::kMaxPlayers;

// What the planner values. Node value = points * points + spawn *
// soldiers_per_turn * min(turns_left - 1, horizon) (berlin §5.7, §6).
struct Weights {
  double points = 1.0;  // one point held at the end
  double spawn = 0.2;   // one soldier spawned, while it can still be used
  int horizon = 8;      // spawns counted at most this many turns ahead
  double swing = 2.0;   // factor when an enemy has (or would take) the node
  double threat = 1.0;  // share of enemies' adjacent soldiers assumed coming
  int hold_margin = 1;  // hold with threat + this (0: a tie keeps the node)
  double kill = 0.05;   // per enemy soldier on a node we take
  double cost = 0.1;    // priority = value / (1 + cost * soldiers needed)
  double decay = 0.7;   // Approach: value * decay^(distance - 1)
  double noise = 0.0;   // priorities times 1 + noise * U(-1, 1), from seed
};

// Named settings, e.g. a search's candidate moves (one plan per setting).
inline constexpr Weights kBalanced{};
inline constexpr Weights kCautious{1.0, 0.2, 8, 3.0, 1.0, 1, 0.05, 0.2, 0.5};
inline constexpr Weights kAggressive{1.0, 0.2, 8, 2.0, 0.5, 0, 0.2, 0.05, 0.8};
inline constexpr Weights kExpand{1.0, 0.5, 12, 1.5, 0.7, 0, 0.0, 0.02, 0.9};

// Uniform in [-1, 1), from the seeded wl::FastRandom: the same numbers
// everywhere.
inline double Uniform(wl::FastRandom& rng) {
  return rng.NextDouble() * 2.0 - 1.0;
}

// One order by node index (wl::berlin::Map order).
struct Order {
  int from = 0;
  int to = 0;
  int32_t soldiers = 0;
};

// Turns still to play, this one included, for a rules-core State (turn =
// turns played; a bot's Request carries current_turn instead).
inline int TurnsLeft(const wl::berlin::Map& map, const wl::berlin::State& s) {
  return std::max(1, map.maximum_number_of_turns - s.turn);
}

// What owning node v is worth with `turns_left` turns to play (this one
// included): its points at the end, its spawns while they can still be
// used (berlin §5.7, §6).
inline double NodeValue(const wl::berlin::Map& map, int v, int turns_left,
                        const Weights& w) {
  const wl::berlin::NodeType& t = map.type_of(v);
  const int spawns = std::max(0, std::min(turns_left - 1, w.horizon));
  return w.points * static_cast<double>(t.points) +
         w.spawn * static_cast<double>(t.soldiers_per_turn) * spawns;
}

// Appends `orders` as the rules core's moves (node ids), e.g. for a
// wl::berlin::PlayerMoves; clears `out` first.
inline void ToMoves(const wl::berlin::Map& map,
                    const std::vector<Order>& orders,
                    std::vector<wl::berlin::Move>& out) {
  out.clear();
  for (const Order& o : orders) {
    out.push_back({map.node(o.from).id, map.node(o.to).id, o.soldiers});
  }
}

// A map's paths both ways, its shortest distances (berlin §7: along the
// allowed directions) and its routes: the cheapest ways when entering a
// node whose type loses points or soldiers (berlin §5.7, §6: once owned it
// stays owned, and costs, until someone takes it) counts kDetour more steps.
class MapInfo {
 public:
  static constexpr uint8_t kFar = 255;
  static constexpr uint16_t kFarRoute = 0xFFFF;
  static constexpr int kDetour = 4;

  explicit MapInfo(const wl::berlin::Map& map) : map_(&map) {
    const int n = map.size();
    std::memset(in_, 0, sizeof(in_));
    bad_ = 0;
    for (int u = 0; u < n; ++u) {
      out_[u] = map.Neighbours(u) & ~Bit(u);  // a self-loop leads nowhere
      for (uint64_t m = out_[u]; m; m &= m - 1) in_[Low(m)] |= Bit(u);
      if (map.Points(u) < 0 || map.SoldiersPerTurn(u) < 0) bad_ |= Bit(u);
    }
    for (int from = 0; from < n; ++from) {
      Bfs(from);
      Routes(from);
    }
  }

  const wl::berlin::Map& map() const { return *map_; }
  int size() const { return map_->size(); }
  uint64_t Out(int u) const { return out_[u]; }  // u -> v paths
  uint64_t In(int v) const { return in_[v]; }    // u -> v paths
  int Distance(int from, int to) const { return dist_[from][to]; }
  int Route(int from, int to) const { return route_[from][to]; }
  int EnterCost(int v) const { return (bad_ & Bit(v)) ? 1 + kDetour : 1; }

  static uint64_t Bit(int i) { return uint64_t{1} << i; }
  static int Low(uint64_t m) { return __builtin_ctzll(m); }

 private:
  void Bfs(int from) {
    std::memset(dist_[from], kFar, sizeof(dist_[from]));
    int queue[kMaxNodes];
    int head = 0, tail = 0;
    dist_[from][from] = 0;
    queue[tail++] = from;
    while (head < tail) {
      const int u = queue[head++];
      for (uint64_t m = out_[u]; m; m &= m - 1) {
        const int v = Low(m);
        if (dist_[from][v] != kFar) continue;
        dist_[from][v] = static_cast<uint8_t>(dist_[from][u] + 1);
        queue[tail++] = v;
      }
    }
  }

  // Dijkstra on at most 64 nodes; the distances when nothing costs more.
  void Routes(int from) {
    uint16_t* d = route_[from];
    for (int v = 0; v < size(); ++v) {
      d[v] = dist_[from][v] == kFar ? kFarRoute : dist_[from][v];
    }
    if (bad_ == 0) return;
    for (int v = 0; v < size(); ++v) d[v] = kFarRoute;
    d[from] = 0;
    for (uint64_t done = 0;;) {
      int u = -1;
      for (int v = 0; v < size(); ++v) {
        if (!(done & Bit(v)) && d[v] != kFarRoute && (u < 0 || d[v] < d[u])) {
          u = v;
        }
      }
      if (u < 0) return;
      done |= Bit(u);
      for (uint64_t m = out_[u]; m; m &= m - 1) {
        const int v = Low(m);
        d[v] = std::min<int>(d[v], d[u] + EnterCost(v));
      }
    }
  }

  const wl::berlin::Map* map_;
  uint64_t out_[kMaxNodes];
  uint64_t in_[kMaxNodes];
  uint64_t bad_;  // nodes whose type has negative points or spawn
  uint8_t dist_[kMaxNodes][kMaxNodes];
  uint16_t route_[kMaxNodes][kMaxNodes];
};

class Planner {
 public:
  // Plans `player`'s moves on `s` with `turns_left` turns to play (this one
  // included) into `out` (cleared first), in node order.
  void Plan(const MapInfo& info, const wl::berlin::State& s, int player,
            int turns_left, const Weights& w, std::vector<Order>& out,
            uint64_t seed = 0) {
    info_ = &info;
    s_ = &s;
    player_ = player;
    turns_left_ = std::max(1, turns_left);
    w_ = w;
    rng_.SetSeed(seed);
    Init();
    RunTasks();
    Approach();
    Advance();
    Emit(out);
  }

  // After Plan: the threat assumed at node v, and its value.
  int32_t Threat(int v) const { return threat_[v]; }
  double Value(int v) const { return value_[v]; }

 private:
  struct Task {
    double priority;
    int node;
    int32_t target;  // our soldiers wanted on the node after the moves
  };

  int Size() const { return info_->size(); }
  bool Mine(int v) const { return s_->owner[v] == player_; }
  bool Enemy(int v) const {
    return s_->owner[v] != wl::berlin::kFree && !Mine(v);
  }
  int32_t Garrison(int v) const {
    return Enemy(v) ? std::max(0, s_->soldiers[s_->owner[v]][v]) : 0;
  }
  // Our soldiers may safely step onto v with n more: we own it, or we
  // out-number its threat there (a tie kills all, berlin §5.5); and if its
  // spawn is negative, some of them outlive the turn's spawn (berlin §5.7).
  bool SafeStep(int v, int32_t n) const {
    const int64_t spawn = info_->map().SoldiersPerTurn(v);
    if (spawn < 0 && at_[v] + n + spawn <= 0) return false;
    return Mine(v) || at_[v] + n > threat_[v];
  }

  void Init() {
    const int n = Size();
    for (int v = 0; v < n; ++v) {
      at_[v] = s_->soldiers[player_][v];  // hidden debts too (berlin §5.6)
      free_[v] = Mine(v) ? std::max(0, at_[v]) : 0;
      value_[v] = NodeValue(info_->map(), v, turns_left_, w_);
      if (free_[v] > 0) std::memset(send_[v], 0, sizeof(int32_t) * n);
    }
    ComputeThreats();
  }

  // berlin §5.4-5.5: the largest army any one other player can have on v
  // after its moves: its garrison, plus its adjacent soldiers (scaled).
  void ComputeThreats() {
    const int n = Size();
    int32_t adjacent[kMaxPlayers][kMaxNodes];
    std::memset(adjacent, 0, sizeof(adjacent));
    for (int u = 0; u < n; ++u) {
      const int q = s_->owner[u];
      if (q == wl::berlin::kFree || q == player_) continue;
      const int32_t c = s_->soldiers[q][u];
      if (c <= 0) continue;
      for (uint64_t m = info_->Out(u); m; m &= m - 1) {
        adjacent[q][MapInfo::Low(m)] += c;
      }
    }
    for (int v = 0; v < n; ++v) {
      int32_t worst = 0;
      for (int q = 0; q < s_->num_players; ++q) {
        if (q == player_) continue;
        const int32_t own = s_->owner[v] == q ? Garrison(v) : 0;
        const int32_t near =
            static_cast<int32_t>(std::ceil(w_.threat * adjacent[q][v] - 1e-9));
        worst = std::max(worst, own + near);
      }
      threat_[v] = worst;
    }
  }

  // Whether one of our nodes has a path into v.
  bool Reachable(int v) const {
    for (uint64_t m = info_->In(v); m; m &= m - 1) {
      if (Mine(MapInfo::Low(m))) return true;
    }
    return false;
  }

  void CollectTasks() {
    num_tasks_ = 0;
    for (int v = 0; v < Size(); ++v) {
      double value = value_[v];
      int32_t target = 0;
      if (Mine(v)) {
        if (value <= 0 || threat_[v] <= 0) continue;
        value *= w_.swing;  // berlin §6: an enemy would score it instead
        target = threat_[v] + w_.hold_margin;
      } else {
        if (!Reachable(v)) continue;
        // berlin §6: an enemy's node is worth `swing`, its loss as our
        // gain; a node that costs costs us, and its owner gains as much.
        value = value * (Enemy(v) ? w_.swing : 1.0) + w_.kill * Garrison(v);
        if (value <= 0) continue;
        target = threat_[v] + 1;  // berlin §5.5: strictly the largest
      }
      double priority = value / (1.0 + w_.cost * target);
      if (w_.noise > 0) priority *= 1.0 + w_.noise * Uniform(rng_);
      tasks_[num_tasks_++] = Task{priority, v, target};
    }
    SortTasks();
  }

  // Highest priority first, ties in node order (the order tasks are
  // collected in): std::sort, which needs no buffer, unlike
  // std::stable_sort (the search plans thousands of times a turn).
  void SortTasks() {
    std::sort(tasks_, tasks_ + num_tasks_, [](const Task& a, const Task& b) {
      return a.priority != b.priority ? a.priority > b.priority
                                      : a.node < b.node;
    });
  }

  void RunTasks() {
    CollectTasks();
    for (int i = 0; i < num_tasks_; ++i) {
      Secure(tasks_[i].node, tasks_[i].target);
    }
  }

  void Send(int from, int to, int32_t n) {
    free_[from] -= n;
    at_[from] -= n;
    at_[to] += n;
    send_[from][to] += n;
  }

  // Makes our soldiers on v after the moves at least `target`: keeps v's
  // own free soldiers there first, then brings free ones from our nodes
  // with a path into v, unthreatened and larger first. All or nothing.
  bool Secure(int v, int32_t target) {
    const int32_t kept = std::clamp(target - (at_[v] - free_[v]), 0, free_[v]);
    int32_t deficit = target - (at_[v] - free_[v] + kept);
    int sources[kMaxNodes];
    int count = 0;
    int32_t total = 0;
    for (uint64_t m = info_->In(v); m && deficit > 0; m &= m - 1) {
      const int u = MapInfo::Low(m);
      if (!Mine(u) || free_[u] <= 0) continue;
      sources[count++] = u;
      total += free_[u];
    }
    if (total < deficit) return false;
    free_[v] -= kept;
    std::sort(sources, sources + count, [&](int a, int b) {
      const bool ta = Exposed(a), tb = Exposed(b);
      if (ta != tb) return tb;
      if (free_[a] != free_[b]) return free_[a] > free_[b];
      return a < b;
    });
    for (int k = 0; k < count && deficit > 0; ++k) {
      const int32_t n = std::min(free_[sources[k]], deficit);
      Send(sources[k], v, n);
      deficit -= n;
    }
    return true;
  }

  // Our valuable node that an enemy can reach.
  bool Exposed(int v) const {
    return Mine(v) && threat_[v] > 0 && value_[v] > 0;
  }

  // The free soldiers of ours nearest to `t` by route (ties: more
  // soldiers, lower index), or -1.
  int NearestSource(int t) const {
    int best = -1;
    for (int u = 0; u < Size(); ++u) {
      if (free_[u] <= 0 || info_->Route(u, t) == MapInfo::kFarRoute) continue;
      if (best < 0 || info_->Route(u, t) < info_->Route(best, t) ||
          (info_->Route(u, t) == info_->Route(best, t) &&
           free_[u] > free_[best])) {
        best = u;
      }
    }
    return best;
  }

  // A first step from u on a cheapest route to t that n soldiers can take
  // safely (ours first, then lower threat, then index), or -1.
  int StepToward(int u, int t, int32_t n) const {
    int best = -1;
    for (uint64_t m = info_->Out(u); m; m &= m - 1) {
      const int w = MapInfo::Low(m);
      if (info_->Route(w, t) + info_->EnterCost(w) != info_->Route(u, t)) {
        continue;
      }
      if (!SafeStep(w, n)) continue;
      if (best < 0 || (Mine(w) && !Mine(best)) ||
          (Mine(w) == Mine(best) && threat_[w] < threat_[best])) {
        best = w;
      }
    }
    return best;
  }

  void Approach() {
    num_tasks_ = 0;
    for (int t = 0; t < Size(); ++t) {
      if (Mine(t) || value_[t] <= 0 || at_[t] > 0) continue;
      const int u = NearestSource(t);
      if (u < 0 || info_->Distance(u, t) < 2) continue;
      double priority = value_[t] * std::pow(w_.decay, info_->Route(u, t) - 1);
      if (w_.noise > 0) priority *= 1.0 + w_.noise * Uniform(rng_);
      tasks_[num_tasks_++] = Task{priority, t, std::max(1, threat_[t] + 1)};
    }
    SortTasks();
    for (int i = 0; i < num_tasks_; ++i) {
      const int t = tasks_[i].node;
      const int u = NearestSource(t);
      if (u < 0) continue;
      const int32_t n = std::min(free_[u], tasks_[i].target);
      const int w = StepToward(u, t, n);
      if (w >= 0) Send(u, w, n);
    }
  }

  // Where idle soldiers go: enemy nodes but those that would cost us,
  // valuable nodes not ours, and our exposed valuable nodes.
  bool Front(int v) const {
    return (Enemy(v) && value_[v] >= 0) || (!Mine(v) && value_[v] > 0) ||
           Exposed(v);
  }

  void Advance() {
    const int n = Size();
    int front[kMaxNodes];
    int fronts = 0;
    for (int v = 0; v < n; ++v) {
      if (Front(v)) front[fronts++] = v;
    }
    for (int u = 0; u < n; ++u) {
      if (free_[u] <= 0 || Exposed(u)) continue;  // stay and hold
      int best = -1;
      for (int k = 0; k < fronts; ++k) {
        const int t = front[k];
        if (t == u || info_->Route(u, t) == MapInfo::kFarRoute) continue;
        if (best < 0 || info_->Route(u, t) < info_->Route(u, best)) {
          best = t;
        }
      }
      if (best < 0) continue;
      const int w = StepToward(u, best, free_[u]);
      if (w >= 0) Send(u, w, free_[u]);
    }
  }

  void Emit(std::vector<Order>& out) const {
    out.clear();
    for (int u = 0; u < Size(); ++u) {
      if (!Mine(u) || s_->soldiers[player_][u] <= 0) continue;
      for (uint64_t m = info_->Out(u); m; m &= m - 1) {
        const int v = MapInfo::Low(m);
        if (send_[u][v] > 0) out.push_back(Order{u, v, send_[u][v]});
      }
    }
  }

  const MapInfo* info_ = nullptr;
  const wl::berlin::State* s_ = nullptr;
  int player_ = 0;
  int turns_left_ = 1;
  Weights w_;
  wl::FastRandom rng_;
  int32_t at_[kMaxNodes];    // our counter on each node after the moves
  int32_t free_[kMaxNodes];  // soldiers on our node not yet committed
  int32_t threat_[kMaxNodes];
  double value_[kMaxNodes];
  int32_t send_[kMaxNodes][kMaxNodes];  // rows of our nodes with soldiers
  Task tasks_[kMaxNodes];
  int num_tasks_ = 0;
};

}  // namespace berlin_greedy

#endif  // BERLIN_GREEDY_PLAN_H_
