// bot_bench_positions.h: real-sized positions for a bot's own benchmark
// (bench/NAME_bot_bench.cpp, which scripts/new_bot.sh makes), from the sdk
// and the standard library alone. The map is the largest of the real
// competition maps (90 regions), read from its engine lines
// maps/wl2/550103d94b5ab22b98d5a28b.txt; the positions are player1's View
// at its first pick of a draft set up as the engine does, and at round 10
// of a random game, asked to place armies, then to attack or transfer.
//
//   const wl::bench::BotPositions* p = wl::bench::RealSizedPositions();
//   if (!p) state.SkipWithError("maps/wl2 is missing");
//   bot.PickStartingRegion(p->pick);
//   bot.PlaceArmies(p->place);
//   bot.AttackTransfer(p->attack);
#ifndef WL_BENCH_BOT_BENCH_POSITIONS_H_
#define WL_BENCH_BOT_BENCH_POSITIONS_H_

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

#include "engine_lines.h"
#include "java_random.h"
#include "protocol.h"
#include "random_play.h"
#include "rules.h"
#include "view.h"

namespace wl::bench {

struct BotPositions {
  View pick;    // "pick_starting_region": the first pick of the draft
  View place;   // "go place_armies" at round 10
  View attack;  // "go attack/transfer" at round 10
};

// The map of maps/wl2/550103d94b5ab22b98d5a28b.txt (its setup_map lines),
// or nullptr when the file is missing.
inline std::unique_ptr<Game> RealSizedGame() {
  std::ifstream file(WL_SOURCE_DIR "/maps/wl2/550103d94b5ab22b98d5a28b.txt");
  if (!file) return nullptr;
  View view;
  for (std::string line; std::getline(file, line);) view.Apply(Parse(line));
  if (view.GetMap().RegionCount() == 0) return nullptr;
  return std::make_unique<Game>(view.GetMap());
}

// The positions (made once), or nullptr when the map file is missing.
inline const BotPositions* RealSizedPositions() {
  static const std::unique_ptr<BotPositions> positions = [] {
    std::unique_ptr<Game> game = RealSizedGame();
    if (!game) return std::unique_ptr<BotPositions>();
    auto p = std::make_unique<BotPositions>();
    JavaRandom draft_rng(1);
    const Setup setup = SetUp(*game, draft_rng);
    p->pick = ViewOfDraft(game->GetMap(), Player::kPlayer1, setup.wastelands,
                          setup.candidates, setup.pick_amount);
    p->pick.Apply(
        Parse("pick_starting_region 10000" + JoinIds(setup.candidates)));
    // The first seed whose random game is still on after 9 rounds.
    for (uint64_t seed = 1;; ++seed) {
      FastRandom rng(seed);
      State s = RandomStart(*game, rng);
      RoundQueues q;
      Outcome o = Outcome::kOngoing;
      for (int round = 1; round < 10 && o == Outcome::kOngoing; ++round) {
        o = PlayRandomRound(*game, s, round, rng, q);
      }
      if (o != Outcome::kOngoing) continue;
      p->place = ViewOfPosition(*game, s, Player::kPlayer1);
      p->attack = p->place;
      p->attack.Apply(Parse("go attack/transfer 10000"));
      return p;
    }
  }();
  return positions.get();
}

}  // namespace wl::bench

#endif  // WL_BENCH_BOT_BENCH_POSITIONS_H_
