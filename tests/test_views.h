// test_views.h: positions for tests: mid-game states of random play, and
// the View a player has of a state, built through engine lines as the
// runner would build it.
//
//   wl::State s = wl::testing::MidGame(game, /*seed=*/3, /*rounds=*/5);
//   wl::View view = wl::testing::ViewOf(map, s, wl::Player::kPlayer1, 10000);
#ifndef WL_TESTS_TEST_VIEWS_H_
#define WL_TESTS_TEST_VIEWS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "java_random.h"
#include "map.h"
#include "player.h"
#include "protocol.h"
#include "random_play.h"
#include "rules.h"
#include "state.h"
#include "view.h"

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

// A View of `s` as `me` sees it at round `round`, through engine lines.
inline View ViewOf(const Map& map, const State& s, Player me, int64_t bank) {
  View view;
  auto apply = [&](const std::string& line) {
    EXPECT_EQ(view.Apply(Parse(line)), "") << line;
  };
  apply(std::string("settings your_bot ") + std::string(PlayerName(me)));
  apply(std::string("settings opponent_bot ") +
        std::string(PlayerName(Opponent(me))));
  std::string line = "setup_map super_regions";
  for (const auto& sr : map.SuperRegions()) {
    line += " " + std::to_string(sr.id) + " " + std::to_string(sr.bonus);
  }
  apply(line);
  line = "setup_map regions";
  for (int r : map.RegionIds()) {
    line +=
        " " + std::to_string(r) + " " + std::to_string(map.SuperRegionOf(r));
  }
  apply(line);
  line = "setup_map neighbors";
  for (int r : map.RegionIds()) {
    std::string list;
    for (int n : map.Neighbors(r)) {
      if (n > r) list += (list.empty() ? "" : ",") + std::to_string(n);
    }
    if (!list.empty()) line += " " + std::to_string(r) + " " + list;
  }
  apply(line);
  Game game(map);
  apply("settings starting_armies " + std::to_string(game.Income(s, me)));
  std::vector<int> order;
  game.VisibleOrder(s, me, order);
  line = "update_map";
  for (int r : order) {
    line += " " + std::to_string(r) + " " +
            std::string(PlayerName(s.Owner(r))) + " " +
            std::to_string(s.armies[r]);
  }
  apply(line);
  apply("opponent_moves");
  apply("go place_armies " + std::to_string(bank));
  return view;
}

}  // namespace wl::testing

#endif  // WL_TESTS_TEST_VIEWS_H_
