// colorfight_mcts_turns.h: the whole-turn candidates of the Colorfight II
// MCTS bot: the greedy bot's planner (colorfight_greedy_plan.h, reused as
// the move generator) in named settings, each with an energy reserve, and
// a fixed-size command list to hold a turn without allocating.
//
//   colorfight_mcts::TurnMaker maker;
//   colorfight_mcts::TurnPlan plan;
//   maker.Make(state, uid, colorfight_mcts::kSettings[2], plan);
//   wl::colorfight::CommandList list = plan.List();   // for rules.h Update
//
// A setting is the planner's Weights (expansion-heavy, economy-heavy,
// defence-heavy, aggressive, ...) plus the share of the energy kept back:
// the planner's attacks, in its order (best value per energy first), are
// kept while they fit in the rest. Energy kept raises the home's attack
// cost (colorfight §7: it counts the owner's energy after spending).
#ifndef COLORFIGHT_MCTS_TURNS_H_
#define COLORFIGHT_MCTS_TURNS_H_

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

// The greedy bot's planner: by bare name with bots/colorfight/greedy on
// the include path (the bot's build, cmake/WlBots.cmake), else (tests and
// benchmarks, which include bots by path) through the sibling folder.
#if __has_include("colorfight_greedy_plan.h")
#include "colorfight_greedy_plan.h"
#else
#define COLORFIGHT_MCTS_GREEDY_HEADER "../greedy/colorfight_greedy_plan.h"
#include COLORFIGHT_MCTS_GREEDY_HEADER
#undef COLORFIGHT_MCTS_GREEDY_HEADER
#endif
#include "sdk/colorfight/command.h"
#include "sdk/colorfight/rules.h"
#include "sdk/colorfight/state.h"

namespace colorfight_mcts {

using wl::colorfight::Command;
using wl::colorfight::State;
using wl::colorfight::UserState;

// One candidate setting.
struct Setting {
  colorfight_greedy::Weights weights;
  double reserve = 0;  // share of the energy kept back from attacks
};

// The planner's Weights with a few knobs changed.
inline colorfight_greedy::Weights Tuned(double build_margin,
                                        double home_reserve, double rival_loss,
                                        double reinforce_share,
                                        int home_upgrade_first) {
  colorfight_greedy::Weights w;
  w.build_margin = build_margin;
  w.home_reserve = home_reserve;
  w.rival_loss = rival_loss;
  w.reinforce_share = reinforce_share;
  w.home_upgrade_turns[0] = home_upgrade_first;
  w.home_upgrade_turns[1] = home_upgrade_first + 50;
  return w;
}

// The candidates' settings; the first is the greedy bot's own (the model
// of a greedy player, and our fallback).
inline const Setting kSettings[] = {
    {colorfight_greedy::Weights{}, 0},
    {Tuned(3.0, 1.2, 1.0, 0.25, 1000), 0},  // expansion: few buildings
    {Tuned(1.0, 1.2, 1.0, 0.25, 120), 0},   // economy: build, upgrade early
    {Tuned(1.3, 2.0, 1.0, 0.5, 150), 0.3},  // defence
    {Tuned(1.3, 1.2, 2.5, 0.1, 150), 0},    // aggressive
    {colorfight_greedy::Weights{}, 0.25},   // greedy, a quarter kept
    {colorfight_greedy::Weights{}, 0.6},    // greedy, most kept
};
inline constexpr int kSettingCount = static_cast<int>(std::size(kSettings));

// One turn's commands, fixed capacity (the rest is dropped).
struct TurnPlan {
  static constexpr int kCapacity = 192;
  Command commands[kCapacity];
  int count = 0;

  wl::colorfight::CommandList List() const { return {commands, count}; }
  bool operator==(const TurnPlan& o) const {
    if (count != o.count) return false;
    for (int i = 0; i < count; ++i) {
      const Command& a = commands[i];
      const Command& b = o.commands[i];
      if (a.kind != b.kind || a.building != b.building || a.x != b.x ||
          a.y != b.y || a.energy != b.energy) {
        return false;
      }
    }
    return true;
  }
};

// Makes turns: the planner, then the reserve. Its buffers grow once.
class TurnMaker {
 public:
  void Make(const State& s, int uid, const Setting& setting, TurnPlan& out) {
    planner_.Plan(s, uid, setting.weights, &commands_);
    out.count = 0;
    const UserState* u = s.FindUser(uid);
    int64_t left = u ? u->energy : 0;
    if (setting.reserve > 0 && u != nullptr) {
      left -=
          static_cast<int64_t>(setting.reserve * std::max<int64_t>(0, left));
    }
    for (const Command& c : commands_) {
      if (out.count == TurnPlan::kCapacity) break;
      if (c.kind == wl::colorfight::CommandKind::kAttack) {
        if (c.energy > left) continue;
        left -= c.energy;
      } else {
        left -= HomeUpgradeEnergy(s, c);
      }
      out.commands[out.count++] = c;
    }
  }

  // The planner's frontier rate in the last Make (gold a turn per energy).
  double frontier_rate() const { return planner_.frontier_rate(); }

  // The energy an upgrade of a home takes (colorfight §6.2), else 0.
  static int64_t HomeUpgradeEnergy(const State& s, const Command& c) {
    if (c.kind != wl::colorfight::CommandKind::kUpgrade ||
        !wl::colorfight::OnMap(c.x, c.y)) {
      return 0;
    }
    const wl::colorfight::Cell& cell = s.cells[wl::colorfight::CellIndex(
        static_cast<int>(c.x), static_cast<int>(c.y))];
    if (cell.building != wl::colorfight::Building::kHome) return 0;
    return colorfight_greedy::kHomeUpgrade[cell.level - 1];
  }

 private:
  colorfight_greedy::Planner planner_;
  std::vector<Command> commands_;
};

}  // namespace colorfight_mcts

#endif  // COLORFIGHT_MCTS_TURNS_H_
