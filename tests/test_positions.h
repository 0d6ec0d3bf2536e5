// test_positions.h: mid-game positions of random play, for tests. The
// View a player has of one: wl::ViewOfPosition (sdk/wl/engine_lines.h).
//
//   wl::State s = wl::testing::MidGame(game, /*seed=*/3, /*rounds=*/5);
#ifndef WL_TESTS_TEST_POSITIONS_H_
#define WL_TESTS_TEST_POSITIONS_H_

#include <cstdint>

#include "java_random.h"
#include "random_play.h"
#include "rules.h"
#include "state.h"

namespace wl::testing {

// Mid-game positions: a round of random play from a random start.
inline State MidGame(const Game& game, uint64_t seed, int rounds) {
  FastRandom rng(seed);
  State s = RandomStart(game, rng);
  RoundQueues q;
  for (int r = 1; r <= rounds; ++r) {
    if (PlayRandomRound(game, s, r, rng, q) != Outcome::kOngoing) break;
  }
  return s;
}

}  // namespace wl::testing

#endif  // WL_TESTS_TEST_POSITIONS_H_
