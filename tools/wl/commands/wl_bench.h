// wl_bench.h: Warlight 2's bench games, which `warlight bench` plays and
// hashes into its signature (bench/bench.h says what the signature is for).
//
//   std::vector<BenchGame> games = wl::tools::WlBenchGames(/*quick=*/false);
//   absl::StatusOr<BenchReport> report = wl::tools::RunBench(games);
//
// Every pair of the repository's bots (starter, random, greedy, mcts) plays
// on a few generated maps of fixed seeds, in process, under the official
// rules. The games are made not to depend on time: mcts searches a fixed
// number of iterations, and every answer counts as instant, so that the
// time banks never run low (the bench measures its own time).
#ifndef WL_TOOLS_WL_COMMANDS_WL_BENCH_H_
#define WL_TOOLS_WL_COMMANDS_WL_BENCH_H_

#include <vector>

#include "bench/bench.h"

namespace wl::tools {

// The bench games; `quick`: fewer and shorter ones (sanitizer builds).
std::vector<BenchGame> WlBenchGames(bool quick);

// `warlight bench [--quick] [--verbose] [--json]` (argv after "bench").
int WlBenchMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_WL_BENCH_H_
