// berlin_bench.h: Berlin's bench games, which `warlight berlin bench` plays
// and hashes into its signature (bench/bench.h says what it is for).
//
//   std::vector<BenchGame> games = wl::tools::BerlinBenchGames(false);
//
// Every ordered pair of the Berlin bots (starter, random, greedy, mcts) on
// two of the official maps, in process, two players; mcts searches a fixed
// number of iterations, so the games do not depend on the machine.
#ifndef WL_TOOLS_BERLIN_BERLIN_BENCH_H_
#define WL_TOOLS_BERLIN_BERLIN_BENCH_H_

#include <vector>

#include "bench/bench.h"

namespace wl::tools {

// The bench games; `quick`: fewer, and mcts with fewer iterations.
std::vector<BenchGame> BerlinBenchGames(bool quick);

// `warlight berlin bench [--quick] [--verbose] [--json]`.
int BerlinBenchMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_BENCH_H_
