// `warlight bench` (tools/wl/commands/wl_bench.h): its signature is pinned
// here. A commit that changes how a game plays (rules, engine, replay text,
// a bot's decisions, the bench's games) changes it: such a commit says so in
// its message and updates the constants below. A commit meant to keep
// behaviour (a refactor, a speed-up) must leave them as they are.
#include "wl/commands/wl_bench.h"

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "gtest/gtest.h"
#include "shell.h"
#include "wl/builtin_bots.h"

namespace wl::tools {
namespace {

constexpr char kSignature[] = "dae8b424d903fd54";
constexpr char kQuickSignature[] = "50c624bc02992971";

std::string SignatureOf(bool quick) {
  absl::StatusOr<BenchReport> report = RunBench(WlBenchGames(quick));
  EXPECT_TRUE(report.ok()) << report.status();
  return report.ok() ? report->signature : "";
}

TEST(WlBenchTest, QuickSignatureIsPinned) {
  EXPECT_EQ(SignatureOf(/*quick=*/true), kQuickSignature);
}

TEST(WlBenchTest, SignatureIsPinned) {
  EXPECT_EQ(SignatureOf(/*quick=*/false), kSignature);
}

TEST(WlBenchTest, EveryPairOfTheRepositoryBotsPlays) {
  std::set<std::string> pairs;
  for (const BenchGame& game : WlBenchGames(/*quick=*/true)) {
    pairs.insert(game.name.substr(0, game.name.find('/')));
  }
  const std::vector<std::string> bots = {"starter", "random", "greedy", "mcts"};
  for (const std::string& a : bots) {
    EXPECT_TRUE(IsBuiltInBot(a)) << a;
    for (const std::string& b : bots) {
      EXPECT_EQ(pairs.count(a + "-" + b), 1u) << a << "-" << b;
    }
  }
  const std::vector<BenchGame> full = WlBenchGames(/*quick=*/false);
  std::set<std::string> names;
  for (const BenchGame& game : full) names.insert(game.name);
  EXPECT_EQ(names.size(), full.size()) << "bench game names are unique";
  EXPECT_GT(full.size(), pairs.size());
}

TEST(WlBenchTest, CommandPrintsTheSignature) {
  const std::string warlight =
      (std::filesystem::path(WL_BINARY_DIR) / "warlight").string();
  testing::CommandRun run =
      testing::PipeCommand(testing::ShellQuote(warlight) + " bench --quick");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find(std::string("signature: ") + kQuickSignature + "\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("games/s:"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace wl::tools
