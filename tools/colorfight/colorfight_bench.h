// colorfight_bench.h: Colorfight II's bench games, which `warlight
// colorfight bench` plays and hashes into its signature (bench/bench.h
// says what it is for).
//
//   std::vector<BenchGame> games = wl::tools::ColorfightBenchGames(false);
//
// Every ordered pair of the Colorfight bots (starter, random, greedy, mcts)
// on maps made from the games' seeds, in process, two players, 150 turns;
// mcts searches a fixed number of iterations, so the games do not depend
// on the machine.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_BENCH_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_BENCH_H_

#include <vector>

#include "bench/bench.h"

namespace wl::tools {

// The bench games; `quick`: fewer and shorter, mcts with fewer iterations.
std::vector<BenchGame> ColorfightBenchGames(bool quick);

// `warlight colorfight bench [--quick] [--verbose] [--json]`.
int ColorfightBenchMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_BENCH_H_
