// The rules core resolves rounds without touching the heap: operator new is
// counted while random rounds are played.
#include <atomic>
#include <cstdlib>
#include <new>

#include "berlin/berlin_map.h"
#include "bots/berlin/mcts/berlin_mcts_search.h"
#include "bots/mcts/mcts_search.h"
#include "colorfight/cf_random_game.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "random_play.h"
#include "rules.h"
#include "sdk/berlin/rules.h"
#include "test_maps.h"
#include "test_positions.h"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// The nothrow form too (std::stable_sort's and std::stable_partition's
// buffers): left to the library, it would allocate with the sanitizer's
// operator new and be freed by the operator delete below, which ASan
// reports as an alloc-dealloc mismatch in every test of the binary.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(size ? size : 1);
}
// GCC cannot see that these replace the operator new above.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace wl {
namespace {

TEST(RulesAllocationTest, ResolvingRoundsNeverAllocates) {
  Game game(testing::RandomTestMap(9, 40));
  FastRandom rng(3);
  RoundQueues queues;
  for (int g = 0; g < 50; ++g) {
    State s = RandomStart(game, rng);  // setup may allocate: not counted
    const long before = g_allocations.load();
    for (int round = 1; round <= 60; ++round) {
      if (PlayRandomRound(game, s, round, rng, queues, 0.1) !=
          Outcome::kOngoing) {
        break;
      }
      PlayRandomRound(game, s, round, rng, queues, 0.0, CombatMode::kExpected);
    }
    EXPECT_EQ(g_allocations.load(), before) << "game " << g;
  }
}

// WL1's rounds (100% luck, its clamp) on the same core: no allocation.
TEST(RulesAllocationTest, ResolvingWl1RoundsNeverAllocates) {
  Game game(testing::RandomTestMap(9, 40), RuleSet::kWl1);
  FastRandom rng(5);
  RoundQueues queues;
  for (int g = 0; g < 50; ++g) {
    State s = RandomStart(game, rng);
    const long before = g_allocations.load();
    for (int round = 1; round <= game.MaxRounds(); ++round) {
      if (PlayRandomRound(game, s, round, rng, queues, 0.1) !=
          Outcome::kOngoing) {
        break;
      }
    }
    EXPECT_EQ(g_allocations.load(), before) << "game " << g;
  }
}

// Dingle's turns (dingle §6-§9: placement, whole-list validation,
// execution, the end mid-list) with some illegal orders: no allocation.
TEST(RulesAllocationTest, ResolvingDingleTurnsNeverAllocates) {
  Game game(testing::RandomTestMap(9, 40), RuleSet::kDingle);
  FastRandom rng(7);
  DingleOrders orders;
  for (int g = 0; g < 50; ++g) {
    dingle::Setup setup = dingle::SetUp(game, rng);  // may allocate
    ASSERT_EQ(setup.error, "");
    dingle::Position pos = setup.position;
    const long before = g_allocations.load();
    while (!pos.Over()) PlayRandomDinglePhase(game, pos, rng, orders, 0.1);
    EXPECT_EQ(g_allocations.load(), before) << "game " << g;
  }
}

// Berlin's turns (berlin §5: validation with running totals, movement,
// combat, ownership, spawns) on a ring of cities, every owned node sending
// part of its soldiers both ways each turn: no allocation either.
TEST(RulesAllocationTest, ResolvingBerlinTurnsNeverAllocates) {
  berlin::Map map;
  const int city = map.AddType("city", 1, 1);
  constexpr int kNodes = 12;
  for (int i = 1; i <= kNodes; ++i) map.AddNode(i, city);
  for (int i = 1; i <= kNodes; ++i) map.AddPath(i, i % kNodes + 1);
  map.maximum_number_of_turns = 40;
  berlin::State s = berlin::State::Empty(map.size(), 2);
  s.Place(0, 0, 5);
  s.Place(kNodes / 2, 1, 5);
  berlin::Move moves[2][2 * kNodes];
  berlin::PlayerMoves turn[2];
  long resolved = 0;
  while (!berlin::GameOver(map, s)) {
    for (int p = 0; p < 2; ++p) {
      int n = 0;
      for (int i = 0; i < s.num_nodes; ++i) {
        if (s.owner[i] != p || s.soldiers[p][i] < 2) continue;
        const int64_t id = map.node(i).id;
        const int64_t half = s.soldiers[p][i] / 2;
        moves[p][n++] = {id, id % kNodes + 1, half};
        moves[p][n++] = {id, (id + kNodes - 2) % kNodes + 1, half / 2};
      }
      turn[p] = {p, moves[p], n};
    }
    const long before = g_allocations.load();
    berlin::ResolveTurn(map, s, turn, 2);
    EXPECT_EQ(g_allocations.load(), before) << "turn " << s.turn;
    ++resolved;
  }
  EXPECT_GT(resolved, 5);
}

// The Berlin mcts's iterations (candidate choice, ResolveTurn, greedy
// planner playouts, evaluation) on the largest official map, 3 players:
// nothing once Prepare is done (the planner's sort once asked for a
// buffer every plan).
TEST(RulesAllocationTest, BerlinMctsIterationsNeverAllocate) {
  absl::StatusOr<tools::BerlinMapFile> file =
      tools::LoadBerlinMap("deployed-4");
  ASSERT_TRUE(file.ok()) << file.status().message();
  absl::StatusOr<berlin::State> start = file->Setup(3);
  ASSERT_TRUE(start.ok()) << start.status().message();
  const berlin_mcts::MapInfo info(file->map);
  berlin_mcts::Search search;
  search.Prepare(info, *start, /*me=*/0, file->map.maximum_number_of_turns, 7);
  int turns = 0;
  // The first iterations grow the playout buffers to their size.
  for (int i = 0; i < 100; ++i) turns += search.Iterate();
  const long before = g_allocations.load();
  for (int i = 0; i < 300; ++i) turns += search.Iterate();
  EXPECT_EQ(g_allocations.load(), before);
  EXPECT_GT(turns, 300);
}

// The Warlight mcts's iterations (UCB choice, the round on the rules core,
// fast-policy playouts with the allocation's TakeCache, evaluation) on
// mid-game positions of a 90-region map: nothing once Prepare is done.
TEST(RulesAllocationTest, MctsIterationsNeverAllocate) {
  Game game(testing::RandomTestMap(5, 90));
  const mcts::MapInfo info(game);
  int64_t rounds = 0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const State s = testing::MidGame(game, seed, 6);
    const View view = ViewOfPosition(game, s, Player::kPlayer1);
    mcts::Search search{mcts::Config()};
    search.Prepare(view, info, seed);
    MoveQueue place[2], attack[2];
    const long before = g_allocations.load();
    for (int n = 0; n < 300; ++n) rounds += search.Iterate(n, place, attack);
    EXPECT_EQ(g_allocations.load(), before) << "position " << seed;
  }
  EXPECT_GT(rounds, 1500);
}

// Colorfight's updates (colorfight §6: commands with negative, huge and
// invalid entries, the resolution scan, home loss, force fields, income)
// in random 2-, 4- and 8-user games: no allocation.
TEST(RulesAllocationTest, ColorfightUpdatesNeverAllocate) {
  struct Counter : colorfight::FailureSink {
    long failures = 0;
    void Failed(int, int, colorfight::Failure) override { ++failures; }
  } counter;
  long updates = 0;
  for (int g = 0; g < 60; ++g) {
    testing::ColorfightRandomGame game(g, 2 << (g % 3), 80);
    while (!game.state().Ended()) {
      game.MakeCommands();  // the lists may grow: not counted
      const long before = g_allocations.load();
      colorfight::Update(game.state(), game.lists(), &counter);
      EXPECT_EQ(g_allocations.load(), before) << "game " << g;
      ++updates;
    }
  }
  EXPECT_EQ(updates, 60 * 80);
  EXPECT_GT(counter.failures, 1000);
}

TEST(RulesAllocationTest, TheCounterCounts) {
  // The counter works: a vector allocates.
  const long before = g_allocations.load();
  std::vector<int> v(10);
  EXPECT_GT(g_allocations.load(), before);
}

}  // namespace
}  // namespace wl
