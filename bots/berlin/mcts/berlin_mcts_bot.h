// berlin_mcts_bot.h: Berlin's MCTS bot: each turn, a search over the rules
// core (berlin_mcts_search.h: decoupled UCT over whole-turn candidates for
// every player alive, short playouts, an evaluation) within a time budget.
//
//   int main(int argc, char** argv) {           // main.cpp, with its flags
//     return wl::berlin::Serve<BerlinMctsBot>(argc, argv);
//   }
//   BerlinMctsBot bot(/*seed=*/7);              // in process (arena, tests)
//   berlin_mcts::Options options;
//   options.search.iterations = 2000;           // reproducible: no clock
//   BerlinMctsBot fixed(options);
//
// Time: the search stops at `time_share` of the turn's time_limit_per_turn
// (berlin §2.4: milliseconds) after OnTurn starts, at `max_turn_ms` if
// that is set and sooner, and always `safety_ms` before the Game's
// deadline (when the server answers whatever was added). The default cap,
// 500 ms, keeps it inside a referee's 1000 ms limit even where the map
// says 5000 (every official map does, berlin §2.4) and the referee
// enforces less (warlight berlin arena --turn-limit-ms). The moves are
// added only after the search, so a bot cut off by the deadline answers
// nothing; the budget keeps it well inside.
#ifndef BERLIN_MCTS_BOT_H_
#define BERLIN_MCTS_BOT_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>

#include "berlin_mcts_search.h"
#include "sdk/berlin/bot.h"

namespace berlin_mcts {

struct Options {
  uint64_t seed = 1;
  SearchConfig search;
  double time_share = 0.6;   // of time_limit_per_turn
  double max_turn_ms = 500;  // > 0: at most this long a turn
  double safety_ms = 30;     // before the Game's deadline
};

// The search's deadline for a turn that started at `start`.
inline std::chrono::steady_clock::time_point SearchDeadline(
    const wl::berlin::Game& game, const Options& o,
    std::chrono::steady_clock::time_point start) {
  double ms = o.time_share * game.time_limit_per_turn();
  if (o.max_turn_ms > 0) ms = std::min(ms, o.max_turn_ms);
  ms = std::min(ms, game.MsLeft() - o.safety_ms);
  const auto budget = std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::duration<double, std::milli>(std::max(0.0, ms)));
  return start + budget;
}

}  // namespace berlin_mcts

class BerlinMctsBot : public wl::berlin::Bot {
 public:
  explicit BerlinMctsBot(const berlin_mcts::Options& options)
      : options_(options), search_(options.search) {}
  explicit BerlinMctsBot(uint64_t seed = 1)
      : BerlinMctsBot([seed] {
          berlin_mcts::Options o;
          o.seed = seed;
          return o;
        }()) {}

  void OnTurn(wl::berlin::Game& game) override {
    const auto start = std::chrono::steady_clock::now();
    if (!map_) {  // berlin §3.2: the same map in every request of a game
      map_ = std::make_unique<wl::berlin::Map>(game.map());
      map_->maximum_number_of_turns = game.maximum_number_of_turns();
      info_ = std::make_unique<berlin_mcts::MapInfo>(*map_);
    }
    // berlin §3.1: current_turn counts from 1; the State counts turns
    // played.
    wl::berlin::State root = game.state();
    root.turn = static_cast<int32_t>(game.current_turn() - 1);
    search_.Prepare(*info_, root, game.player_id(),
                    game.maximum_number_of_turns(),
                    options_.seed + static_cast<uint64_t>(game.current_turn()));
    stats_ = search_.Run(berlin_mcts::SearchDeadline(game, options_, start));
    for (const wl::berlin::Move& m : search_.Best()) {
      game.AddMove(game.IndexOf(m.from), game.IndexOf(m.to),
                   static_cast<int>(m.number_of_soldiers));
    }
  }

  // What the latest search did (for tests, benchmarks and logs).
  const berlin_mcts::SearchStats& LastStats() const { return stats_; }

 private:
  berlin_mcts::Options options_;
  berlin_mcts::Search search_;
  std::unique_ptr<wl::berlin::Map> map_;
  std::unique_ptr<berlin_mcts::MapInfo> info_;
  berlin_mcts::SearchStats stats_;
};

#endif  // BERLIN_MCTS_BOT_H_
