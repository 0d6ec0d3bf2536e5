// The OpenSpiel-style random-simulation test of the rules core: thousands
// of seeded games of random legal and illegal orders, with invariants
// checked after every move and every round against independent
// recomputations from the map.
#include <map>
#include <set>
#include <vector>

#include "gtest/gtest.h"
#include "random_play.h"
#include "rules.h"
#include "shared_data.h"
#include "test_maps.h"
#include "wl/map_json.h"

namespace wl {
namespace {

// Records every double drawn from a JavaRandom.
struct RecordingRandom {
  JavaRandom inner;
  std::vector<double>* draws;
  double NextDouble() {
    draws->push_back(inner.NextDouble());
    return draws->back();
  }
};

// Replays recorded doubles; CountBelow is its own method, so the rules take
// the "fast generator" path (CountBelow) rather than one draw per die.
struct ScriptedFastPath {
  const std::vector<double>* draws;
  size_t next = 0;
  double NextDouble() { return (*draws)[next++]; }
  int CountBelow(int n, double p) {
    int hits = 0;
    for (int i = 0; i < n; ++i) hits += NextDouble() < p;
    return hits;
  }
};

// Income recomputed from the map's super-region lists.
int SlowIncome(const Map& map, const State& s, Player p) {
  int income = 5;
  for (const Map::SuperRegion& sr : map.SuperRegions()) {
    bool all = true;
    for (int r : sr.regions) all = all && s.Owner(r) == p;
    if (all) income += sr.bonus;
  }
  return income;
}

// Owned regions and their neighbours, from the adjacency lists.
RegionSet SlowVisible(const Map& map, const State& s, Player p) {
  RegionSet v;
  for (int r : map.RegionIds()) {
    if (s.Owner(r) != p) continue;
    v.Insert(r);
    for (int n : map.Neighbors(r)) v.Insert(n);
  }
  return v;
}

struct Stats {
  int64_t games = 0, rounds = 0, moves = 0, illegal = 0, conquests = 0;
};

// Plays one random game with invariant checks; returns false on the first
// violated invariant (after recording a failure).
void PlayCheckedGame(const Game& game, uint64_t seed, double illegal_rate,
                     Stats& stats) {
  const Map& map = game.GetMap();
  FastRandom rng(seed);
  State s = RandomStart(game, rng);
  RoundQueues q;
  std::vector<int> order;
  for (int round = 1;; ++round) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed << " round " << round);
    int income[2];
    for (int i = 0; i < 2; ++i) {
      income[i] = game.Income(s, PlayerOfIndex(i));
      ASSERT_EQ(income[i], SlowIncome(map, s, PlayerOfIndex(i)));
      RegionSet visible = game.VisibleSet(s, PlayerOfIndex(i));
      ASSERT_EQ(visible, SlowVisible(map, s, PlayerOfIndex(i)));
      game.VisibleOrder(s, PlayerOfIndex(i), order);
      ASSERT_EQ(static_cast<int>(order.size()), visible.Count());
      RegionSet listed;
      for (int r : order) listed.Insert(r);
      ASSERT_EQ(listed, visible);
      int owned = s.Owned(PlayerOfIndex(i)).Count();
      for (int k = 0; k + 1 < owned; ++k) ASSERT_LT(order[k], order[k + 1]);
    }
    // Placements: queued against income, executed; totals must add up.
    for (int i = 0; i < 2; ++i) {
      q.place[i].Clear();
      q.attack[i].Clear();
      RandomPlacements(game, s, PlayerOfIndex(i), rng, q.place[i],
                       illegal_rate);
    }
    int64_t before[2] = {0, 0};
    for (int r : map.RegionIds()) {
      if (s.Owner(r) != Player::kNeutral)
        before[PlayerIndex(s.Owner(r))] += s.armies[r];
    }
    int placed[2] = {0, 0};
    ExecutePlacements(s, q.place[0], q.place[1],
                      [&](const QueuedMove& e, const State&) {
                        ++stats.moves;
                        if (e.illegal != Illegal::kNone) {
                          ++stats.illegal;
                        } else {
                          placed[PlayerIndex(e.move.player)] += e.move.armies;
                        }
                      });
    for (int i = 0; i < 2; ++i) {
      ASSERT_LE(placed[i], income[i]);
      int64_t after = 0;
      for (int r : s.Owned(PlayerOfIndex(i))) after += s.armies[r];
      ASSERT_EQ(after, before[i] + placed[i]);
    }
    // Attacks: checked move by move.
    for (int i = 0; i < 2; ++i) {
      RandomAttacks(game, s, PlayerOfIndex(i), rng, q.attack[i], illegal_rate);
    }
    const State after_placement = s;
    int32_t moved_out[kRegionSlots] = {};
    RegionSet conquered;
    std::set<std::pair<int, int>> pairs;
    State previous = s;
    std::vector<double> draws;
    RecordingRandom recording{
        JavaRandom(static_cast<int64_t>(seed) * 31 + round), &draws};
    ExecuteAttacks(
        s, q.attack[0], q.attack[1], recording,
        [&](const QueuedMove& e, const State& now) {
          ++stats.moves;
          const Move& m = e.move;
          for (int r : map.RegionIds()) ASSERT_GE(now.armies[r], 1) << r;
          ASSERT_TRUE((now.owned[0] & now.owned[1]).Empty());
          ASSERT_TRUE((now.owned[0] | now.owned[1]).IsSubsetOf(map.Regions()));
          if (e.illegal != Illegal::kNone) {
            ++stats.illegal;
            ASSERT_EQ(now, previous) << "an illegal move changed the state";
            return;
          }
          ASSERT_FALSE(conquered.Contains(m.from))
              << "a region conquered this round sent armies";
          ASSERT_TRUE(pairs.insert({m.from, m.to}).second)
              << "a from->to pair ran twice";
          ASSERT_GE(m.armies, 1);
          moved_out[m.from] += m.armies;
          ASSERT_LE(moved_out[m.from], after_placement.armies[m.from] - 1)
              << "armies moved beyond the post-placement budget";
          ASSERT_EQ(previous.Owner(m.from), m.player);
          if (previous.Owner(m.to) == m.player) {  // transfer
            ASSERT_EQ(now.armies[m.from], previous.armies[m.from] - m.armies);
            ASSERT_EQ(now.armies[m.to], previous.armies[m.to] + m.armies);
          } else if (now.Owner(m.to) == m.player) {  // conquest
            ++stats.conquests;
            conquered.Insert(m.to);
            ASSERT_EQ(now.armies[m.from], previous.armies[m.from] - m.armies);
            ASSERT_LE(now.armies[m.to], m.armies);
          } else {  // a failed attack
            ASSERT_LE(now.armies[m.from], previous.armies[m.from]);
            ASSERT_LT(now.armies[m.to], previous.armies[m.to] + 1);
            ASSERT_EQ(now.Owner(m.to), previous.Owner(m.to));
          }
          previous = now;
        });
    // The same round on the fast path (CountBelow) with the same numbers
    // must agree exactly: the core does not depend on the generator.
    State replayed = after_placement;
    ScriptedFastPath scripted{&draws};
    ExecuteAttacks(replayed, q.attack[0], q.attack[1], scripted);
    ASSERT_EQ(replayed, s);
    ASSERT_EQ(scripted.next, draws.size());

    ++stats.rounds;
    Outcome outcome = RoundOutcome(s, round, game.MaxRounds());
    if (s.owned[0].Empty()) {
      ASSERT_EQ(outcome, Outcome::kPlayer2Won);
    } else if (s.owned[1].Empty()) {
      ASSERT_EQ(outcome, Outcome::kPlayer1Won);
    } else if (round >= game.MaxRounds()) {
      ASSERT_EQ(outcome, Outcome::kDraw);
    } else {
      ASSERT_EQ(outcome, Outcome::kOngoing);
    }
    if (outcome != Outcome::kOngoing) break;
  }
  ++stats.games;
}

TEST(RulesSimulationTest, TenThousandRandomGamesKeepEveryInvariant) {
  std::vector<Game> games;
  for (uint32_t i = 0; i < 8; ++i) {
    games.emplace_back(testing::RandomTestMap(100 + i, 6 + 5 * i));
  }
  if (testing::HaveShared()) {
    absl::StatusOr<Map> example = tools::LoadMapFile(
        (testing::SharedDir() / "maps" / "example.json").string());
    ASSERT_TRUE(example.ok());
    games.emplace_back(*example);
  }
  Stats stats;
  for (uint64_t seed = 1; seed <= 10000; ++seed) {
    const Game& game = games[seed % games.size()];
    PlayCheckedGame(game, seed, seed % 2 ? 0.15 : 0.0, stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(stats.games, 10000);
  // The games exercised what they should.
  EXPECT_GT(stats.illegal, 10000);
  EXPECT_GT(stats.conquests, 10000);
  std::cout << "[ stats ] " << stats.games << " games, " << stats.rounds
            << " rounds, " << stats.moves << " moves (" << stats.illegal
            << " illegal), " << stats.conquests << " conquests\n";
}

}  // namespace
}  // namespace wl
