// colorfight_greedy_bot.h: the greedy Colorfight II bot. Each turn it asks
// the one-turn planner (colorfight_greedy_plan.h: home defence, home
// upgrades on time, mines and wells that pay back before max_turn,
// reinforcements, then the cells worth most gold per energy, bid so that
// no rival's bid can tie them) for its command list, on the rules State of
// the frame. Deterministic: the seed is not used. Its weights are tunable
// in process (`warlight colorfight tune greedy`, sdk/common/param_set.h).
//
//   int main(int argc, char** argv) {
//     return wl::colorfight::Run<ColorfightGreedyBot>(argc, argv);
//   }
//   ColorfightGreedyBot bot(/*seed=*/7);  // in process (the arena, tests)
#ifndef COLORFIGHT_GREEDY_BOT_H_
#define COLORFIGHT_GREEDY_BOT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "colorfight_greedy_plan.h"
#include "sdk/colorfight/bot.h"
#include "sdk/common/param_set.h"

class ColorfightGreedyBot : public wl::colorfight::Bot, public wl::Tunable {
 public:
  explicit ColorfightGreedyBot(uint64_t /*seed*/ = 1,
                               const colorfight_greedy::Weights& weights = {})
      : weights_(weights) {}

  void DeclareParams(wl::ParamSet& params) override {
    colorfight_greedy::Weights& w = weights_;
    params.Add("energy_weight_cap", &w.energy_weight_cap, 1.0, 20.0, 0.5);
    params.Add("contested_share", &w.contested_share, 0.0, 1.0, 0.05);
    params.Add("contested_share_duel", &w.contested_share_duel, 0.0, 1.0, 0.05);
    params.Add("rival_loss", &w.rival_loss, 0.0, 3.0, 0.1);
    params.Add("border_risk", &w.border_risk, 0.0, 1.0, 0.05);
    params.Add("build_margin", &w.build_margin, 0.5, 3.0, 0.1);
    params.Add("building_risk", &w.building_risk, 0.0, 1.0, 0.05);
    params.Add("home_reserve", &w.home_reserve, 0.0, 3.0, 0.1);
    params.Add("reinforce_share", &w.reinforce_share, 0.0, 1.0, 0.05);
  }

  std::vector<std::string> OnTurn(const wl::colorfight::Game& game) override {
    planner_.Plan(game.state(), game.uid(), weights_, &commands_);
    std::vector<std::string> out;
    out.reserve(commands_.size());
    for (const wl::colorfight::Command& c : commands_) out.push_back(Text(c));
    return out;
  }

  // A typed command as the client's builders write it (game.h).
  static std::string Text(const wl::colorfight::Command& c) {
    const wl::colorfight::Position p{static_cast<int>(c.x),
                                     static_cast<int>(c.y)};
    switch (c.kind) {
      case wl::colorfight::CommandKind::kAttack:
        return wl::colorfight::Attack(p, c.energy);
      case wl::colorfight::CommandKind::kBuild:
        return wl::colorfight::Build(p, c.building);
      default:
        return wl::colorfight::Upgrade(p);
    }
  }

 private:
  colorfight_greedy::Weights weights_;
  colorfight_greedy::Planner planner_;
  std::vector<wl::colorfight::Command> commands_;
};

#endif  // COLORFIGHT_GREEDY_BOT_H_
