// Colorfight II's MCTS bot as a client of a Colorfight server (run.h: the
// room, name and password flags), with its search flags: `mcts [--url URL]
// ... [--iterations N] [--max-turn-ms MS] [--time-share F]`. Its decisions
// live in colorfight_mcts_bot.h; WL_COLORFIGHT_MCTS_MS / _ITERATIONS from
// the environment set the defaults the flags override.
#include <cstdint>
#include <memory>

#include "colorfight_mcts_bot.h"
#include "sdk/colorfight/run.h"

int main(int argc, char** argv) {
  colorfight_mcts::Options options =
      colorfight_mcts::Options::FromEnvironment(1);
  int64_t iterations = options.search.iterations;
  return wl::colorfight::RunSeeded(
      [&](uint64_t seed) -> std::unique_ptr<wl::colorfight::Bot> {
        colorfight_mcts::Options o = options;
        o.seed = seed;
        o.search.iterations = static_cast<int>(iterations);
        return std::make_unique<ColorfightMctsBot>(o);
      },
      argc, argv,
      [&](wl::cli::Flags& flags) {
        wl::cli::DeclareSearchFlags(flags, &iterations, &options.max_turn_ms,
                                    &options.time_share,
                                    "the room's round_time");
      });
}
