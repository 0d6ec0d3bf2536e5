#include "berlin/berlin_bench.h"

#include <memory>
#include <string>

#include "berlin/berlin_game.h"
#include "berlin/builtin_bots.h"
#include "bots/berlin/mcts/berlin_mcts_bot.h"

namespace wl::tools {
namespace {

// MCTS iterations per turn: enough to search, few enough to be quick.
constexpr int kMctsIterations = 64;
constexpr int kQuickMctsIterations = 4;

// The built-in bots; mcts at a fixed number of iterations.
std::unique_ptr<berlin::Bot> MakeBenchBot(const std::string& name,
                                          uint64_t seed, bool quick) {
  if (name != "mcts") return MakeBuiltInBerlinBot(name, seed);
  berlin_mcts::Options options;
  options.seed = seed;
  options.search.iterations = quick ? kQuickMctsIterations : kMctsIterations;
  options.max_turn_ms = 0;  // the iterations decide, within the turn limit
  return std::make_unique<BerlinMctsBot>(options);
}

const BerlinGame* NewBenchGame(bool quick) {
  return new BerlinGame(
      [quick](const std::string& n, uint64_t s) {
        return MakeBenchBot(n, s, quick);
      },
      [](const std::string& n) { return BuiltInBerlinBots().Contains(n); });
}

}  // namespace

std::vector<BenchGame> BerlinBenchGames(bool quick) {
  static const BerlinGame* const kGame = NewBenchGame(false);
  static const BerlinGame* const kQuickGame = NewBenchGame(true);
  if (quick) {
    return PairBenchGames(*kQuickGame, {"starter", "random", "mcts"},
                          {"server-public-1"});
  }
  return PairBenchGames(*kGame, {"starter", "random", "greedy", "mcts"},
                        {"server-public-1", "deployed-2"});
}

int BerlinBenchMain(int argc, char** argv) {
  return BenchMain(argc, argv, "berlin bench",
                   "Plays the Berlin bench: every ordered pair of the bots "
                   "starter, random, greedy and mcts (fixed iterations) on two "
                   "official maps, in process.",
                   BerlinBenchGames);
}

}  // namespace wl::tools
