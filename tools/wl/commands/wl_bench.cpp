#include "wl/commands/wl_bench.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "bots/mcts/mcts_bot.h"
#include "wl/builtin_bots.h"
#include "wl/engine.h"
#include "wl/in_process_seat.h"
#include "wl/mapgen.h"
#include "wl/verify.h"  // WinnerName

namespace wl::tools {
namespace {

// The bots, in the order their pairs are played.
constexpr const char* kBots[] = {"starter", "random", "greedy", "mcts"};

// MCTS iterations per search: enough to search, few enough to be quick.
constexpr int kMctsIterations = 256;
constexpr int kQuickMctsIterations = 8;

struct BenchMap {
  uint64_t seed;
  int regions;
};
constexpr BenchMap kMaps[] = {{1, 24}, {2, 48}, {3, 0}, {4, 90}};
constexpr BenchMap kQuickMaps[] = {{1, 24}};

// An in-process seat whose answers all count as instant: the banks stay
// full whatever the machine, so the bots are always asked the same lines.
class InstantSeat : public Seat {
 public:
  explicit InstantSeat(std::unique_ptr<Bot> bot) : seat_(std::move(bot)) {}
  void Send(const std::string& line) override { seat_.Send(line); }
  Reply Ask(const std::string& line, int64_t) override {
    Reply reply = seat_.Ask(line, std::numeric_limits<int64_t>::max());
    reply.elapsed_ms = 0;
    return reply;
  }
  void Kill() override { seat_.Kill(); }

 private:
  InProcessSeat seat_;
};

// The named bot with this seed; mcts at a fixed number of iterations, with
// a time safety net (mcts_config.h) that a bank kept full never reaches.
std::unique_ptr<Bot> MakeBenchBot(const std::string& name, uint64_t seed,
                                  bool quick) {
  if (name != "mcts") return MakeBuiltInBot(name, seed);
  mcts::Config config;
  config.seed = seed;
  config.iterations = quick ? kQuickMctsIterations : kMctsIterations;
  config.max_move_ms = std::numeric_limits<int>::max();
  config.reserve_ms = 0;
  config.bank_share = 1;
  return std::make_unique<MctsBot>(config);
}

absl::StatusOr<BenchOutcome> PlayBenchGame(const BenchMap& where, int64_t seed,
                                           const std::string& bot1,
                                           const std::string& bot2,
                                           bool quick) {
  MapgenOptions options;
  options.seed = where.seed;
  options.regions = where.regions;
  absl::StatusOr<GeneratedMap> map = GenerateMap(options);
  if (!map.ok()) return map.status();
  std::unique_ptr<Bot> bots[2] = {MakeBenchBot(bot1, 2 * seed + 1, quick),
                                  MakeBenchBot(bot2, 2 * seed + 2, quick)};
  for (int i = 0; i < 2; ++i) {
    if (!bots[i]) {
      return absl::NotFoundError("no built-in bot " +
                                 std::string(i == 0 ? bot1 : bot2));
    }
  }
  InstantSeat player1(std::move(bots[0])), player2(std::move(bots[1]));
  GameRecord record = PlayGame(map->map, seed, player1, player2);
  return BenchOutcome{std::move(record.replay), WinnerName(record.outcome),
                      record.rounds};
}

}  // namespace

std::vector<BenchGame> WlBenchGames(bool quick) {
  std::vector<BenchGame> games;
  const BenchMap* maps_begin =
      quick ? std::begin(kQuickMaps) : std::begin(kMaps);
  const BenchMap* maps_end = quick ? std::end(kQuickMaps) : std::end(kMaps);
  int64_t seed = 0;
  for (const BenchMap* map = maps_begin; map != maps_end; ++map) {
    for (const std::string bot1 : kBots) {
      for (const std::string bot2 : kBots) {
        ++seed;
        const std::string name = bot1 + "-" + bot2 + "/map" +
                                 std::to_string(map->seed) + "-" +
                                 std::to_string(map->regions);
        games.push_back({name, [where = *map, seed, bot1, bot2, quick] {
                           return PlayBenchGame(where, seed, bot1, bot2, quick);
                         }});
      }
    }
  }
  return games;
}

int WlBenchMain(int argc, char** argv) {
  return BenchMain(
      argc, argv, "bench",
      "Plays the Warlight bench: every ordered pair of the bots starter, "
      "random, greedy and mcts (fixed iterations) on generated maps of fixed "
      "seeds, in process, under the official rules.",
      WlBenchGames);
}

}  // namespace wl::tools
