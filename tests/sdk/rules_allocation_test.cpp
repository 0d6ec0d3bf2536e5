// The rules core resolves rounds without touching the heap: operator new is
// counted while random rounds are played.
#include <atomic>
#include <cstdlib>
#include <new>

#include "gtest/gtest.h"
#include "random_play.h"
#include "rules.h"
#include "test_maps.h"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// GCC cannot see that these replace the operator new above.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
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

TEST(RulesAllocationTest, TheCounterCounts) {
  // The counter works: a vector allocates.
  const long before = g_allocations.load();
  std::vector<int> v(10);
  EXPECT_GT(g_allocations.load(), before);
}

}  // namespace
}  // namespace wl
