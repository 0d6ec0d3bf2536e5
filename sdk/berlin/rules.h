// rules.h: the Berlin rules core, exactly as the official engine resolves a
// turn (berlin §5), ends a game and scores it (berlin §6).
//
// The input of a turn is, per asked player in the engine's iteration order
// (berlin §1.2), that player's aggregated moves in validation order (berlin
// §5.2-5.3: `from`/`to` already through to_i, counts summed by raw key).
// ResolveTurn validates them with the running totals, moves
// all accepted armies at once, fights, updates ownership and spawns; it
// never allocates. Optional sinks see what the replay records (berlin §5.8).
//
//   wl::berlin::Move moves0[] = {{1, 2, 3}};
//   wl::berlin::PlayerMoves turn[] = {{0, moves0, 1}, {1, nullptr, 0}};
//   wl::berlin::ResolveTurn(map, state, turn, 2);
//   if (wl::berlin::GameOver(map, state)) {
//     uint32_t winners = wl::berlin::Winners(map, state);  // bit p: winner
//   }
#ifndef WL_BERLIN_RULES_H_
#define WL_BERLIN_RULES_H_

#include <cmath>
#include <cstdint>

#include "map.h"
#include "state.h"

namespace wl::berlin {

// One aggregated move (berlin §5.2 item 6): node ids as the bot wrote them
// (after to_i) and the summed count.
struct Move {
  int64_t from = 0;
  int64_t to = 0;
  int64_t number_of_soldiers = 0;
};

// One player's aggregated moves, in validation order.
struct PlayerMoves {
  int player = 0;
  const Move* moves = nullptr;
  int count = 0;
};

// An accepted move, by node index (berlin §5.8 `moves`).
struct AcceptedMove {
  int player;
  int from;
  int to;
  int32_t number_of_soldiers;
};

// A spawn (berlin §5.7 / §5.8 `spawns`).
struct Spawn {
  int node;
  int player;
  int32_t number_of_soldiers;
};

struct NoSink {
  template <typename T>
  void operator()(const T&) const {}
};

// The numbers the rules core holds (berlin §11: Ruby's integers have no
// limit; here army counters are int32 and point sums int64). Maps (the
// referee's loader, tools/berlin/berlin_map.h) and requests (ParseRequest,
// request.h) outside them are refused with a one-line error:
// * turns: current_turn and maximum_number_of_turns in 0..kMaxTurns;
// * armies: every soldier that can ever be on the board, the sum of
//   |counters| now plus, for each spawn still to come, |soldiers_per_turn|
//   summed over the nodes, at most kMaxArmies = 2^30. Fights and spawns
//   never make more, so every counter and every sum of counters stays
//   within it, and a bot may add two such sums (a threat and a garrison, a
//   count and one) in int32;
// * points: |points| of each type, and summed over the nodes, at most
//   kMaxPoints = 10^18 (int64 sums and scores).
// Official maps count at most a few thousand soldiers and 300 turns.
inline constexpr int64_t kMaxTurns = 1000000;
inline constexpr int64_t kMaxArmies = int64_t{1} << 30;
inline constexpr int64_t kMaxPoints = 1000000000000000000;

// Whether a game on `map` whose counters add up to `soldiers` (in absolute
// value) stays within kMaxArmies over `spawns` more spawns.
inline bool ArmiesFit(const Map& map, double soldiers, double spawns) {
  double per_turn = 0;
  for (int i = 0; i < map.size(); ++i) {
    per_turn += std::fabs(static_cast<double>(map.SoldiersPerTurn(i)));
  }
  return soldiers + per_turn * spawns <= static_cast<double>(kMaxArmies);
}

// Whether the nodes' |points| add up to at most kMaxPoints.
inline bool PointsFit(const Map& map) {
  double points = 0;
  for (int i = 0; i < map.size(); ++i) {
    points += std::fabs(static_cast<double>(map.Points(i)));
  }
  return points <= static_cast<double>(kMaxPoints);
}

namespace internal {

// berlin §5.3: checks 1-5 in order, against start-of-turn counters `start`
// and the running total `used`. Returns the move by index, or from = -1.
inline AcceptedMove Validate(const Map& map, const State& start, int player,
                             const Move& m,
                             int64_t (&used)[kMaxPlayers][kMaxNodes]) {
  AcceptedMove a{player, map.IndexOf(m.from), map.IndexOf(m.to), 0};
  const AcceptedMove rejected{player, -1, -1, 0};
  if (a.from < 0 || a.to < 0) return rejected;       // check 1
  if (m.number_of_soldiers <= 0) return rejected;    // check 2
  if (!map.Adjacent(a.from, a.to)) return rejected;  // check 3
  const int64_t have = start.soldiers[player][a.from];
  if (have < m.number_of_soldiers) return rejected;          // check 4
  if (have < used[player][a.from] + m.number_of_soldiers) {  // check 5
    return rejected;
  }
  used[player][a.from] += m.number_of_soldiers;
  a.number_of_soldiers = static_cast<int32_t>(m.number_of_soldiers);
  return a;
}

// berlin §5.5-5.6 at one node: largest minus second, ties kill all; the
// owner changes only if exactly one counter stays positive.
inline void Fight(State& s, int node) {
  int32_t first = 0, second = 0;
  int first_player = -1;
  for (int p = 0; p < s.num_players; ++p) {
    const int32_t c = s.soldiers[p][node];
    if (c <= 0) continue;
    if (c > first) {
      second = first;
      first = c;
      first_player = p;
    } else if (c > second) {
      second = c;
    }
  }
  if (first_player < 0) return;  // no positive army: nothing happens
  for (int p = 0; p < s.num_players; ++p) {
    if (s.soldiers[p][node] > 0) s.soldiers[p][node] = 0;
  }
  if (first == second) return;  // tie: every positive army dies, owner stays
  s.soldiers[first_player][node] = first - second;
  s.owner[node] = static_cast<int8_t>(first_player);
}

}  // namespace internal

// berlin §5.7: every owned node whose type spawns adds soldiers_per_turn to
// its owner's counter, in map order.
template <typename SpawnSink = NoSink>
void SpawnAll(const Map& map, State& s, SpawnSink&& on_spawn = {}) {
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] == kFree) continue;
    const int64_t n = map.SoldiersPerTurn(i);
    if (n == 0) continue;
    s.soldiers[s.owner[i]][i] += static_cast<int32_t>(n);
    on_spawn(Spawn{i, s.owner[i], static_cast<int32_t>(n)});
  }
}

// Plays one turn (berlin §5.3-5.7) on `s`: validation in player order, then
// movement, then combat and ownership per node in map order (`on_post` sees
// the state the replay records as states_post), then spawns; turn += 1.
template <typename MoveSink = NoSink, typename PostSink = NoSink,
          typename SpawnSink = NoSink>
void ResolveTurn(const Map& map, State& s, const PlayerMoves* players,
                 int num_players, MoveSink&& on_move = {},
                 PostSink&& on_post = {}, SpawnSink&& on_spawn = {}) {
  const State start = s;
  int64_t used[kMaxPlayers][kMaxNodes] = {};
  for (int k = 0; k < num_players; ++k) {
    const PlayerMoves& pm = players[k];
    for (int j = 0; j < pm.count; ++j) {
      const AcceptedMove a =
          internal::Validate(map, start, pm.player, pm.moves[j], used);
      if (a.from < 0) continue;
      s.soldiers[a.player][a.from] -= a.number_of_soldiers;  // berlin §5.4
      s.soldiers[a.player][a.to] += a.number_of_soldiers;
      on_move(a);
    }
  }
  for (int i = 0; i < s.num_nodes; ++i) internal::Fight(s, i);
  on_post(static_cast<const State&>(s));
  SpawnAll(map, s, on_spawn);
  ++s.turn;
}

// berlin §1.4 / §6: the game is over when the turn limit is reached or
// fewer than two players own a node.
inline bool GameOver(const Map& map, const State& s) {
  return s.turn >= map.maximum_number_of_turns || s.AliveCount() < 2;
}

// berlin §6: the sum of the type points of the nodes `player` owns.
inline int64_t Points(const Map& map, const State& s, int player) {
  int64_t points = 0;
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] == player) points += map.Points(i);
  }
  return points;
}

// berlin §6: points / (points of all owned nodes); 0.0 with 0 points.
inline double Score(const Map& map, const State& s, int player) {
  const int64_t points = Points(map, s, player);
  if (points == 0) return 0.0;
  int64_t total = 0;
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] != kFree) total += map.Points(i);
  }
  return static_cast<double>(points) / static_cast<double>(total);
}

// berlin §6: bit p set iff player p owns a node and has the maximum points
// among such players; 0 if nobody owns anything. Ties give co-winners.
inline uint32_t Winners(const Map& map, const State& s) {
  bool any = false;
  int64_t best = 0;
  int64_t points[kMaxPlayers] = {};
  bool alive[kMaxPlayers] = {};
  for (int p = 0; p < s.num_players; ++p) {
    alive[p] = s.Alive(p);
    if (!alive[p]) continue;
    points[p] = Points(map, s, p);
    if (!any || points[p] > best) best = points[p];
    any = true;
  }
  uint32_t winners = 0;
  for (int p = 0; p < s.num_players; ++p) {
    if (alive[p] && points[p] == best) winners |= uint32_t{1} << p;
  }
  return winners;
}

}  // namespace wl::berlin

#endif  // WL_BERLIN_RULES_H_
