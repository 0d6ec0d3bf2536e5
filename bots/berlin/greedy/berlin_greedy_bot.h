// berlin_greedy_bot.h: the greedy Berlin bot. Each turn it makes a few
// plans with the one-turn planner (berlin_greedy_plan.h: hold valuable
// nodes against what can reach them, take spawn nodes and points with
// soldiers that out-number whatever can arrive, walk idle soldiers to the
// front), from cautious to reckless, and sends the one that does best
// against likely enemy answers (berlin_greedy_choose.h). Deterministic: the
// seed only matters with Weights::noise > 0. Its weights are tunable in
// process (`warlight berlin tune greedy`, sdk/common/param_set.h).
//
//   int main(int argc, char** argv) {
//     return wl::berlin::Serve<BerlinGreedyBot>(argc, argv);
//   }
//   BerlinGreedyBot bot(/*seed=*/7);  // in process (the arena, the tests)
#ifndef BERLIN_GREEDY_BOT_H_
#define BERLIN_GREEDY_BOT_H_

#include <cstdint>
#include <vector>

#include "berlin_greedy_choose.h"
#include "berlin_greedy_plan.h"
#include "sdk/berlin/bot.h"
#include "sdk/common/param_set.h"

class BerlinGreedyBot : public wl::berlin::Bot, public wl::Tunable {
 public:
  explicit BerlinGreedyBot(uint64_t seed = 1,
                           const berlin_greedy::ChooseSettings& settings = {})
      : seed_(seed), settings_(settings) {}

  void DeclareParams(wl::ParamSet& params) override {
    berlin_greedy::Weights& w = settings_.weights;
    params.Add("spawn", &w.spawn, 0.0, 2.0, 0.05);
    params.Add("swing", &w.swing, 1.0, 5.0, 0.25);
    params.Add("kill", &w.kill, 0.0, 0.5, 0.02);
    params.Add("cost", &w.cost, 0.0, 1.0, 0.05);
    params.Add("decay", &w.decay, 0.1, 1.0, 0.05);
    params.Add("worst", &settings_.worst, 0.0, 1.0, 0.1);
    params.Add("soldier", &settings_.soldier, 0.0, 1.0, 0.05);
    params.Add("risk", &settings_.risk, 0.0, 1.0, 0.1);
  }

  void OnTurn(wl::berlin::Game& game) override {
    const berlin_greedy::MapInfo info(game.map());
    // berlin §3.1: current_turn counts from 1; this turn is still to play.
    const int turns_left = static_cast<int>(game.maximum_number_of_turns() -
                                            game.current_turn() + 1);
    chooser_.Choose(info, game.state(), game.player_id(), turns_left, settings_,
                    orders_,
                    seed_ + static_cast<uint64_t>(game.current_turn()));
    for (const berlin_greedy::Order& o : orders_) {
      game.AddMove(o.from, o.to, o.soldiers);  // legal by construction
    }
  }

 private:
  uint64_t seed_;
  berlin_greedy::ChooseSettings settings_;
  berlin_greedy::Chooser chooser_;
  std::vector<berlin_greedy::Order> orders_;
};

#endif  // BERLIN_GREEDY_BOT_H_
