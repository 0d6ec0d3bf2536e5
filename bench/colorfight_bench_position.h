// colorfight_bench_position.h: the Colorfight II benchmarks' position
// (colorfight_rules_bench.cpp, colorfight_frame_bench.cpp,
// colorfight_mcts_bench.cpp): a full 8-player map generated from a seed
// (map_gen.h, colorfight §4.2), every user placed as the server does
// (§5.1), then `turns` updates where everyone plays the greedy bot's
// planner; and the command lists they would send next (a typical load).
//
//   const ColorfightBenchPosition& p = ColorfightBenchPosition::Get();
//   wl::colorfight::State s = p.state;
//   wl::colorfight::Update(s, p.lists);
#ifndef WL_BENCH_COLORFIGHT_BENCH_POSITION_H_
#define WL_BENCH_COLORFIGHT_BENCH_POSITION_H_

#include <vector>

#include "bots/colorfight/greedy/colorfight_greedy_plan.h"
#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/rules.h"

struct ColorfightBenchPosition {
  static constexpr int kPlayers = 8;
  static constexpr int kTurns = 80;

  wl::colorfight::State state = wl::colorfight::State::Empty(500);
  std::vector<wl::colorfight::Command> commands[kPlayers];
  wl::colorfight::CommandList lists[wl::colorfight::kMaxUsers] = {};

  ColorfightBenchPosition() {
    wl::colorfight::PyRandom rng(2024);
    const wl::colorfight::GeneratedMap map =
        wl::colorfight::GenerateMap(rng, kPlayers);
    state = wl::colorfight::NewGameState(map, 500);
    for (int i = 0; i < kPlayers; ++i) {
      wl::colorfight::PlaceUser(state, i + 1, map.starts[i]);
    }
    for (int t = 0; t <= kTurns; ++t) {
      colorfight_greedy::Planner planner;
      for (int i = 0; i < kPlayers; ++i) {
        planner.Plan(state, i + 1, colorfight_greedy::Weights{}, &commands[i]);
        lists[i] = {commands[i].data(), static_cast<int>(commands[i].size())};
      }
      if (t < kTurns) wl::colorfight::Update(state, lists);
    }
  }

  static const ColorfightBenchPosition& Get() {
    static const ColorfightBenchPosition position;
    return position;
  }
};

#endif  // WL_BENCH_COLORFIGHT_BENCH_POSITION_H_
