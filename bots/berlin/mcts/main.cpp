// Berlin's MCTS bot as an HTTP server (berlin §2): `mcts [--port N]
// [--host H] [--seed N] [--iterations N] [--max-turn-ms MS]
// [--time-share F]`. Its decisions live in berlin_mcts_bot.h; its search
// flags are declared here and read with the others by
// wl::berlin::ServeSeeded.
#include <cstdint>
#include <memory>

#include "berlin_mcts_bot.h"
#include "sdk/berlin/server.h"

int main(int argc, char** argv) {
  berlin_mcts::Options options;
  int64_t iterations = options.search.iterations;
  return wl::berlin::ServeSeeded(
      [&](uint64_t seed) -> std::unique_ptr<wl::berlin::Bot> {
        berlin_mcts::Options o = options;
        o.seed = seed;
        o.search.iterations = static_cast<int>(iterations);
        return std::make_unique<BerlinMctsBot>(o);
      },
      argc, argv,
      [&](wl::cli::Flags& flags) {
        wl::cli::DeclareSearchFlags(flags, &iterations, &options.max_turn_ms,
                                    &options.time_share, "time_limit_per_turn");
      });
}
