// colorfight_mcts_bot.h: Colorfight II's MCTS bot: each turn, a search over
// the rules core (colorfight_mcts_search.h: decoupled UCT over whole-turn
// planner candidates for every user alive, short playouts, a gold
// projection) within a time budget, then the chosen turn's commands.
//
//   // main.cpp: RunSeeded with --iterations, --max-turn-ms, --time-share
//   ColorfightMctsBot bot(/*seed=*/7);                // in process (arena)
//   colorfight_mcts::Options options;
//   options.search.iterations = 300;                  // reproducible: no clock
//   ColorfightMctsBot fixed(options);
//
// Time: the search stops at `time_share` of the room's round_time
// (colorfight §3.2 info, seconds; the official rooms say 1) after OnTurn
// starts, and at `max_turn_ms` (default 300) if that is sooner. The
// environment overrides the defaults of a bot made from a seed (the arena
// plays 500-turn games in process, where 300 ms a turn is slow), and the
// process's flags override both:
//   WL_COLORFIGHT_MCTS_MS=30          search at most 30 ms a turn
//   WL_COLORFIGHT_MCTS_ITERATIONS=200 stop after 200 iterations a turn
#ifndef COLORFIGHT_MCTS_BOT_H_
#define COLORFIGHT_MCTS_BOT_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "colorfight_mcts_search.h"
#include "sdk/colorfight/bot.h"
#include "sdk/colorfight/game.h"

namespace colorfight_mcts {

struct Options {
  uint64_t seed = 1;
  SearchConfig search;
  double time_share = 0.4;   // of round_time
  double max_turn_ms = 300;  // > 0: at most this long a turn

  // The defaults with the environment's overrides (see the top).
  static Options FromEnvironment(uint64_t seed) {
    Options o;
    o.seed = seed;
    if (const char* ms = std::getenv("WL_COLORFIGHT_MCTS_MS")) {
      const double v = std::strtod(ms, nullptr);
      if (v > 0) o.max_turn_ms = v;
    }
    if (const char* n = std::getenv("WL_COLORFIGHT_MCTS_ITERATIONS")) {
      const long v = std::strtol(n, nullptr, 10);
      if (v > 0 && v < (1L << 30)) o.search.iterations = static_cast<int>(v);
    }
    return o;
  }
};

// The search's deadline for a turn that started at `start`: round_time's
// share (when it is a number of seconds) or max_turn_ms, the sooner.
inline std::chrono::steady_clock::time_point SearchDeadline(
    const wl::colorfight::Game& game, const Options& o,
    std::chrono::steady_clock::time_point start) {
  double ms = o.max_turn_ms > 0 ? o.max_turn_ms : 1e9;
  char* end = nullptr;
  const std::string& text = game.info().round_time;
  const double seconds = std::strtod(text.c_str(), &end);
  if (end != text.c_str() && seconds > 0) {
    ms = std::min(ms, o.time_share * seconds * 1000);
  }
  return start + std::chrono::duration_cast<std::chrono::nanoseconds>(
                     std::chrono::duration<double, std::milli>(ms));
}

// The commands of a planned turn as the client writes them (§12).
inline std::vector<std::string> CommandTexts(const TurnPlan& plan) {
  std::vector<std::string> out;
  out.reserve(plan.count);
  for (int i = 0; i < plan.count; ++i) {
    const Command& c = plan.commands[i];
    const wl::colorfight::Position p{static_cast<int>(c.x),
                                     static_cast<int>(c.y)};
    switch (c.kind) {
      case wl::colorfight::CommandKind::kAttack:
        out.push_back(wl::colorfight::Attack(p, c.energy));
        break;
      case wl::colorfight::CommandKind::kBuild:
        out.push_back(wl::colorfight::Build(p, c.building));
        break;
      case wl::colorfight::CommandKind::kUpgrade:
        out.push_back(wl::colorfight::Upgrade(p));
        break;
      default:
        break;
    }
  }
  return out;
}

}  // namespace colorfight_mcts

class ColorfightMctsBot : public wl::colorfight::Bot {
 public:
  explicit ColorfightMctsBot(const colorfight_mcts::Options& options)
      : options_(options), search_(options.search) {}
  explicit ColorfightMctsBot(uint64_t seed = 1)
      : ColorfightMctsBot(colorfight_mcts::Options::FromEnvironment(seed)) {}

  std::vector<std::string> OnTurn(const wl::colorfight::Game& game) override {
    const auto start = std::chrono::steady_clock::now();
    if (game.me() == nullptr) return {};
    search_.Prepare(
        game.state(), game.uid(),
        options_.seed * 1000003u + static_cast<uint64_t>(game.turn()));
    stats_ =
        search_.Run(colorfight_mcts::SearchDeadline(game, options_, start));
    return colorfight_mcts::CommandTexts(search_.Best());
  }

  // What the latest search did (for tests, benchmarks and logs).
  const colorfight_mcts::SearchStats& LastStats() const { return stats_; }

 private:
  colorfight_mcts::Options options_;
  colorfight_mcts::Search search_;
  colorfight_mcts::SearchStats stats_;
};

#endif  // COLORFIGHT_MCTS_BOT_H_
