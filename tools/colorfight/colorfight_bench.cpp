#include "colorfight/colorfight_bench.h"

#include <memory>
#include <string>

#include "bots/colorfight/mcts/colorfight_mcts_bot.h"
#include "colorfight/builtin_bots.h"
#include "colorfight/colorfight_game.h"

namespace wl::tools {
namespace {

constexpr int kMctsIterations = 8;
constexpr int kQuickMctsIterations = 2;
constexpr int kTurns = 150;
constexpr int kQuickTurns = 40;

// The built-in bots; mcts at a fixed number of iterations (and none of
// the environment's overrides).
std::unique_ptr<colorfight::Bot> MakeBenchBot(const std::string& name,
                                              uint64_t seed, bool quick) {
  if (name != "mcts") return MakeBuiltInColorfightBot(name, seed);
  colorfight_mcts::Options options;
  options.seed = seed;
  options.search.iterations = quick ? kQuickMctsIterations : kMctsIterations;
  options.max_turn_ms = 0;  // no clock: the iterations decide
  return std::make_unique<ColorfightMctsBot>(options);
}

ColorfightGame* NewBenchGame(bool quick) {
  auto* game = new ColorfightGame(
      [quick](const std::string& n, uint64_t s) {
        return MakeBenchBot(n, s, quick);
      },
      [](const std::string& n) { return BuiltInColorfightBots().Contains(n); });
  game->set_max_turn(quick ? kQuickTurns : kTurns);
  return game;
}

}  // namespace

std::vector<BenchGame> ColorfightBenchGames(bool quick) {
  static const ColorfightGame* const kGame = NewBenchGame(false);
  static const ColorfightGame* const kQuickGame = NewBenchGame(true);
  if (quick) {
    return PairBenchGames(*kQuickGame, {"starter", "random", "mcts"}, {""});
  }
  return PairBenchGames(*kGame, {"starter", "random", "greedy", "mcts"},
                        {"", ""});
}

int ColorfightBenchMain(int argc, char** argv) {
  return BenchMain(argc, argv, "colorfight bench",
                   "Plays the Colorfight II bench: every ordered pair of the "
                   "bots starter, random, greedy and mcts (fixed iterations) "
                   "on maps made from the seeds, two players, 150 turns, in "
                   "process.",
                   ColorfightBenchGames);
}

}  // namespace wl::tools
