// Each Berlin rule (berlin §5-7) on small hand-made maps.
#include "sdk/berlin/rules.h"

#include <type_traits>
#include <vector>

#include "gtest/gtest.h"

namespace wl::berlin {
namespace {

// A line 1 - 2 - 3 - 4 of cities (+1 soldier, 1 point), node 4 a plain node
// (0 soldiers, 0 points), plus 5 linked to 1 and 2 (a triangle 1-2-5).
Map LineMap(bool directed = false) {
  Map map;
  map.directed = directed;
  const int city = map.AddType("city", 1, 1);
  const int node = map.AddType("node", 0, 0);
  map.AddNode(1, city);
  map.AddNode(2, city);
  map.AddNode(3, city);
  map.AddNode(4, node);
  map.AddNode(5, node);
  map.AddPath(1, 2);
  map.AddPath(2, 3);
  map.AddPath(3, 4);
  map.AddPath(1, 5);
  map.AddPath(2, 5);
  map.AddPath(4, 99);  // unknown node: links nothing
  return map;
}

struct Recorded {
  std::vector<AcceptedMove> moves;
  std::vector<Spawn> spawns;
  State post{};
};

Recorded Play(const Map& map, State& s,
              const std::vector<std::vector<Move>>& by_player,
              std::vector<int> order = {}) {
  if (order.empty()) {
    for (size_t p = 0; p < by_player.size(); ++p) order.push_back(int(p));
  }
  std::vector<PlayerMoves> turn;
  for (int p : order) {
    turn.push_back({p, by_player[p].data(), int(by_player[p].size())});
  }
  Recorded r;
  ResolveTurn(
      map, s, turn.data(), int(turn.size()),
      [&](const AcceptedMove& m) { r.moves.push_back(m); },
      [&](const State& post) { r.post = post; },
      [&](const Spawn& sp) { r.spawns.push_back(sp); });
  return r;
}

TEST(BerlinMap, AdjacencyUndirectedAndDirected) {
  const Map map = LineMap();
  EXPECT_TRUE(map.Adjacent(0, 1));
  EXPECT_TRUE(map.Adjacent(1, 0));
  EXPECT_FALSE(map.Adjacent(0, 2));
  EXPECT_FALSE(map.Adjacent(0, 0));
  EXPECT_EQ(map.IndexOf(99), -1);
  const Map directed = LineMap(true);
  EXPECT_TRUE(directed.Adjacent(0, 1));
  EXPECT_FALSE(directed.Adjacent(1, 0));
}

TEST(BerlinMap, DuplicateTypeNameKeepsFirstPositionWithLaterValues) {
  Map map;
  map.AddType("a", 1, 1);
  map.AddType("b", 2, 2);
  EXPECT_EQ(map.AddType("a", 5, -3), 0);
  EXPECT_EQ(map.types[0].points, 5);
  EXPECT_EQ(map.types[0].soldiers_per_turn, -3);
  EXPECT_THROW(map.AddNode(1, 7), std::out_of_range);
}

TEST(BerlinState, IsASmallPlainValue) {
  EXPECT_TRUE(std::is_trivially_copyable_v<State>);
  State s = State::Empty(5, 2);
  EXPECT_EQ(s.owner[0], kFree);
  EXPECT_EQ(s.AliveCount(), 0);
  s.Place(0, 0, 0);
  EXPECT_TRUE(s.Alive(0));  // alive even with 0 soldiers (berlin §5.1)
  EXPECT_EQ(s.Soldiers(0), 0);
}

TEST(BerlinRules, RunningTotalDropsTheSecondMoveWholly) {
  const Map map = LineMap();
  State s = State::Empty(map.size(), 2);
  s.Place(1, 0, 5);
  s.Place(3, 1, 1);
  // berlin §5.3: 2->1:3 accepted, 2->3:3 dropped (3+3 > 5).
  const Recorded r = Play(map, s, {{{2, 1, 3}, {2, 3, 3}}, {}});
  ASSERT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(r.moves[0].from, 1);
  EXPECT_EQ(r.moves[0].to, 0);
  EXPECT_EQ(r.post.soldiers[0][1], 2);
  EXPECT_EQ(r.post.soldiers[0][0], 3);
  EXPECT_EQ(r.post.owner[0], 0);  // captured free node, no fight
  EXPECT_EQ(r.post.owner[1], 0);  // leaving never loses the node
}

TEST(BerlinRules, ChecksInOrder) {
  const Map map = LineMap(true);
  State s = State::Empty(map.size(), 2);
  s.Place(0, 0, 5);
  s.Place(2, 1, 5);
  const Recorded r = Play(map, s,
                          {{{1, 99, 1},    // check 1: unknown node
                            {1, 2, 0},     // check 2: n > 0
                            {1, 2, -1},    // check 2
                            {1, 3, 1},     // check 3: not adjacent
                            {1, 1, 1},     // check 3: no self-loop
                            {3, 2, 1},     // check 4: not its soldiers
                            {1, 2, 6},     // check 4
                            {1, 5, 2}},    // accepted
                           {{3, 2, 1}}});  // check 3: directed 2->3 only
  ASSERT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(r.moves[0].player, 0);
  EXPECT_EQ(r.moves[0].to, 4);
  EXPECT_EQ(r.moves[0].number_of_soldiers, 2);
}

TEST(BerlinRules, ValidationUsesStartOfTurnArmies) {
  const Map map = LineMap();
  State s = State::Empty(map.size(), 2);
  s.Place(0, 0, 2);
  s.Place(1, 0, 0);
  // 1->2 brings 2 soldiers to node 2, but 2->3 cannot use them this turn.
  const Recorded r = Play(map, s, {{{1, 2, 2}, {2, 3, 1}}, {}});
  ASSERT_EQ(r.moves.size(), 1u);
}

TEST(BerlinRules, SwappingArmiesPassThroughEachOther) {
  const Map map = LineMap();
  State s = State::Empty(map.size(), 2);
  s.Place(0, 0, 4);
  s.Place(1, 1, 3);
  const Recorded r = Play(map, s, {{{1, 2, 4}}, {{2, 1, 3}}});
  EXPECT_EQ(r.post.owner[0], 1);
  EXPECT_EQ(r.post.soldiers[1][0], 3);
  EXPECT_EQ(r.post.owner[1], 0);
  EXPECT_EQ(r.post.soldiers[0][1], 4);
}

TEST(BerlinRules, CombatLargestMinusSecondNoDefenderBonus) {
  Map map = LineMap();
  State s = State::Empty(map.size(), 3);
  s.Place(1, 0, 3);   // node 2: defender with 3
  s.Place(0, 1, 10);  // node 1
  s.Place(2, 2, 5);   // node 3
  const Recorded r = Play(map, s, {{}, {{1, 2, 10}}, {{3, 2, 5}}});
  EXPECT_EQ(r.post.owner[1], 1);
  EXPECT_EQ(r.post.soldiers[1][1], 5);  // 10 / 5 / 3 leaves 5
  EXPECT_EQ(r.post.soldiers[0][1], 0);
  EXPECT_EQ(r.post.soldiers[2][1], 0);
}

TEST(BerlinRules, TieKillsAllAndOwnerStays) {
  const Map map = LineMap();
  State s = State::Empty(map.size(), 2);
  s.Place(1, 0, 4);
  s.Place(0, 1, 4);
  const Recorded r = Play(map, s, {{}, {{1, 2, 4}}});
  EXPECT_EQ(r.post.owner[1], 0);
  EXPECT_EQ(r.post.soldiers[0][1], 0);
  EXPECT_EQ(r.post.soldiers[1][1], 0);
  EXPECT_EQ(r.post.owner[0], 1);  // node 1 left empty, still player 1's
  // A tie on a free node leaves it free.
  State f = State::Empty(map.size(), 2);
  f.Place(0, 0, 2);
  f.Place(1, 1, 2);
  const Recorded r2 = Play(map, f, {{{1, 5, 2}}, {{2, 5, 2}}});
  EXPECT_EQ(r2.post.owner[4], kFree);
}

TEST(BerlinRules, SpawnsOnOwnedSpawningNodesInMapOrder) {
  const Map map = LineMap();
  State s = State::Empty(map.size(), 2);
  s.Place(2, 1, 0);  // a city with 0 soldiers still spawns
  s.Place(3, 1, 1);  // a plain node does not
  s.Place(0, 0, 1);
  const Recorded r = Play(map, s, {{{1, 2, 1}}, {}});  // captures 2, spawns
  ASSERT_EQ(r.spawns.size(), 3u);
  EXPECT_EQ(r.spawns[0].node, 0);
  EXPECT_EQ(r.spawns[1].node, 1);
  EXPECT_EQ(r.spawns[1].player, 0);
  EXPECT_EQ(r.spawns[2].node, 2);
  EXPECT_EQ(s.soldiers[0][1], 2);
  EXPECT_EQ(s.soldiers[0][0], 1);
  EXPECT_EQ(s.turn, 1);
}

TEST(BerlinRules, HiddenNegativeCounters) {
  Map map;
  const int bad = map.AddType("bad", -1, -2);
  const int city = map.AddType("city", 1, 1);
  map.AddNode(1, bad);
  map.AddNode(2, city);
  map.AddNode(3, city);
  map.AddPath(1, 2);
  map.AddPath(1, 3);
  State s = State::Empty(map.size(), 2);
  s.Place(0, 0, 1);
  s.Place(1, 0, 5);
  s.Place(2, 1, 5);
  Play(map, s, {{}, {}});
  EXPECT_EQ(s.soldiers[0][0], -1);  // shown as -1 in state
  EXPECT_EQ(s.Soldiers(0), -1);
  // Player 1 walks in with 1: the negative counter neither fights nor
  // blocks; player 0's debt stays hidden.
  const Recorded r = Play(map, s, {{}, {{3, 1, 1}}});
  EXPECT_EQ(r.post.owner[0], 1);
  EXPECT_EQ(r.post.soldiers[0][0], -1);
  EXPECT_EQ(r.post.soldiers[1][0], 1);
  EXPECT_EQ(s.soldiers[1][0], -1);  // spawn -2 for the new owner
  // Player 0 moves 3 back in: arrives with 3 - 1 = 2 and retakes it.
  const Recorded r2 = Play(map, s, {{{2, 1, 3}}, {}});
  EXPECT_EQ(r2.post.owner[0], 0);
  EXPECT_EQ(r2.post.soldiers[0][0], 2);
  EXPECT_EQ(r2.post.soldiers[1][0], -1);
}

TEST(BerlinRules, MovesFollowPlayerIterationOrder) {
  const Map map = LineMap();
  State s = State::Empty(map.size(), 2);
  s.Place(0, 0, 1);
  s.Place(2, 1, 1);
  const Recorded r = Play(map, s, {{{1, 2, 1}}, {{3, 2, 1}}}, {1, 0});
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.moves[0].player, 1);
  EXPECT_EQ(r.moves[1].player, 0);
}

TEST(BerlinRules, EndScoreAndCoWinners) {
  Map map = LineMap();
  map.maximum_number_of_turns = 1;
  State s = State::Empty(map.size(), 3);
  s.Place(0, 0, 1);
  s.Place(1, 1, 1);
  s.Place(3, 2, 1);  // a 0-point node: alive, not a winner
  EXPECT_FALSE(GameOver(map, s));
  EXPECT_EQ(Winners(map, s), 0b011u);
  EXPECT_DOUBLE_EQ(Score(map, s, 0), 0.5);
  EXPECT_EQ(Score(map, s, 2), 0.0);
  s.turn = 1;
  EXPECT_TRUE(GameOver(map, s));
  State one = State::Empty(map.size(), 2);
  one.Place(0, 0, 1);
  EXPECT_TRUE(GameOver(map, one));
  EXPECT_EQ(Winners(map, one), 0b01u);
  EXPECT_EQ(Winners(map, State::Empty(map.size(), 2)), 0u);
}

}  // namespace
}  // namespace wl::berlin
