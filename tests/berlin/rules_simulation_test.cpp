// Random Berlin games (berlin §5-6), many seeds, 2 to 4 players, directed
// and undirected maps, negative spawns: every turn the rules core must agree
// with a naive restatement of the spec (combat as repeated subtraction of
// the smallest positive army, berlin §5.5) and keep its invariants.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "sdk/berlin/rules.h"

namespace wl::berlin {
namespace {

Map RandomMap(std::mt19937& rng) {
  Map map;
  map.directed = rng() % 3 == 0;
  map.maximum_number_of_turns = 10 + int(rng() % 50);
  map.AddType("city", 1, 1);
  map.AddType("node", 0, 0);
  const bool negative = rng() % 4 == 0;
  if (negative) map.AddType("bog", -1, -2);
  const int n = 4 + int(rng() % 37);
  for (int i = 0; i < n; ++i) {
    map.AddNode(100 + i, int(rng() % map.types.size()));
  }
  for (int i = 1; i < n; ++i) {  // a spanning tree, both ways
    const int j = int(rng() % i);
    map.AddPath(100 + i, 100 + j);
    if (map.directed) map.AddPath(100 + j, 100 + i);
  }
  for (int e = int(rng() % (n + 1)); e > 0; --e) {
    map.AddPath(100 + int(rng() % n), 100 + int(rng() % n));
  }
  return map;
}

// Random answers, some of them invalid on purpose.
std::vector<Move> RandomMoves(const Map& map, const State& s, int p,
                              std::mt19937& rng) {
  std::vector<Move> moves;
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] != p || rng() % 5 == 0) continue;
    for (int k = int(rng() % 3); k > 0; --k) {
      int to = int(rng() % s.num_nodes);
      const uint64_t nb = map.Neighbours(i);
      if (nb != 0 && rng() % 8 != 0) {
        do to = int(rng() % s.num_nodes);
        while (!(nb >> to & 1));
      }
      const int64_t have = std::max<int64_t>(s.soldiers[p][i], 0);
      const int64_t n = int64_t(rng() % (have + 3)) - 1;
      moves.push_back({map.node(i).id, rng() % 50 ? map.node(to).id : 7, n});
    }
  }
  std::shuffle(moves.begin(), moves.end(), rng);
  return moves;
}

// berlin §5.3-5.7, restated naively.
State NaiveTurn(const Map& map, const State& start,
                const std::vector<std::vector<Move>>& moves,
                const std::vector<int>& order) {
  State s = start;
  std::vector<std::vector<int64_t>> used(kMaxPlayers,
                                         std::vector<int64_t>(kMaxNodes));
  for (int p : order) {
    for (const Move& m : moves[p]) {
      const int a = map.IndexOf(m.from), b = map.IndexOf(m.to);
      if (a < 0 || b < 0 || m.number_of_soldiers <= 0) continue;
      if (!map.Adjacent(a, b)) continue;
      const int64_t have = start.soldiers[p][a];
      if (have < m.number_of_soldiers) continue;
      if (have < used[p][a] + m.number_of_soldiers) continue;
      used[p][a] += m.number_of_soldiers;
      s.soldiers[p][a] -= int32_t(m.number_of_soldiers);
      s.soldiers[p][b] += int32_t(m.number_of_soldiers);
    }
  }
  for (int i = 0; i < s.num_nodes; ++i) {
    auto positive = [&] {
      std::vector<int> who;
      for (int p = 0; p < s.num_players; ++p) {
        if (s.soldiers[p][i] > 0) who.push_back(p);
      }
      return who;
    };
    for (auto who = positive(); who.size() >= 2; who = positive()) {
      int32_t least = s.soldiers[who[0]][i];
      for (int p : who) least = std::min(least, s.soldiers[p][i]);
      for (int p : who) s.soldiers[p][i] -= least;
    }
    if (positive().size() == 1) s.owner[i] = int8_t(positive()[0]);
  }
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] != kFree) {
      s.soldiers[s.owner[i]][i] += int32_t(map.SoldiersPerTurn(i));
    }
  }
  ++s.turn;
  return s;
}

void CheckInvariants(const Map& map, const State& before, const State& post,
                     const std::vector<AcceptedMove>& accepted) {
  for (int i = 0; i < post.num_nodes; ++i) {
    int positive = 0;
    for (int p = 0; p < post.num_players; ++p) {
      if (post.soldiers[p][i] > 0) {
        ++positive;
        EXPECT_EQ(post.owner[i], p) << "a positive army owns its node";
      } else if (post.owner[i] != p) {
        EXPECT_LE(post.soldiers[p][i], 0);
      }
    }
    EXPECT_LE(positive, 1);
    if (before.owner[i] != kFree) {
      EXPECT_NE(post.owner[i], kFree) << "owned nodes stay owned";
    }
  }
  int64_t used[kMaxPlayers][kMaxNodes] = {};
  for (const AcceptedMove& m : accepted) {
    EXPECT_GT(m.number_of_soldiers, 0);
    EXPECT_TRUE(map.Adjacent(m.from, m.to));
    used[m.player][m.from] += m.number_of_soldiers;
    EXPECT_LE(used[m.player][m.from], before.soldiers[m.player][m.from]);
  }
}

struct Coverage {
  long accepted = 0;
  long eliminations = 0;
  long negative_counters = 0;
};

void PlayGame(uint32_t seed, Coverage& seen) {
  std::mt19937 rng(seed);
  const Map map = RandomMap(rng);
  const int players = 2 + int(rng() % 3);
  State s = State::Empty(map.size(), players);
  std::vector<int> order(players);
  for (int p = 0; p < players; ++p) order[p] = p;
  std::shuffle(order.begin(), order.end(), rng);
  for (int p = 0; p < players; ++p) {
    int node = int(rng() % map.size());
    while (s.owner[node] != kFree) node = (node + 1) % map.size();
    s.Place(node, p, 5);
  }
  while (!GameOver(map, s)) {
    std::vector<std::vector<Move>> moves(players);
    std::vector<PlayerMoves> turn;
    for (int p : order) {
      if (!s.Alive(p)) continue;  // berlin §5.1: only alive players
      moves[p] = RandomMoves(map, s, p, rng);
      turn.push_back({p, moves[p].data(), int(moves[p].size())});
    }
    const State naive = NaiveTurn(map, s, moves, order);
    std::vector<AcceptedMove> accepted;
    State post{};
    const State before = s;
    ResolveTurn(
        map, s, turn.data(), int(turn.size()),
        [&](const AcceptedMove& m) { accepted.push_back(m); },
        [&](const State& st) { post = st; });
    ASSERT_EQ(s, naive) << "seed " << seed << " turn " << s.turn;
    CheckInvariants(map, before, post, accepted);
    seen.accepted += long(accepted.size());
    for (int i = 0; i < s.num_nodes; ++i) {
      for (int p = 0; p < players; ++p) {
        seen.negative_counters += s.soldiers[p][i] < 0 ? 1 : 0;
      }
    }
    for (int p = 0; p < players; ++p) {
      if (!before.Alive(p)) {
        EXPECT_FALSE(s.Alive(p)) << "nobody comes back";
      }
    }
  }
  seen.eliminations += s.AliveCount() < 2 ? 1 : 0;
  const uint32_t winners = Winners(map, s);
  for (int p = 0; p < players; ++p) {
    if (winners >> p & 1) {
      EXPECT_TRUE(s.Alive(p));
    }
  }
  EXPECT_EQ(winners == 0, s.AliveCount() == 0);
}

TEST(BerlinRulesSimulation, ThousandsOfRandomGamesAgreeWithTheSpec) {
  Coverage seen;
  for (uint32_t seed = 1; seed <= 2000; ++seed) {
    PlayGame(seed, seen);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The games did exercise what they check.
  EXPECT_GT(seen.accepted, 10000);
  EXPECT_GT(seen.eliminations, 50);
  EXPECT_GT(seen.negative_counters, 100);
  std::printf("%ld accepted moves, %ld games ended by elimination\n",
              seen.accepted, seen.eliminations);
}

}  // namespace
}  // namespace wl::berlin
