// The shared commands for every game: `warlight GAME profile`, `tune` and
// `bench` run for Berlin and Colorfight II as they do for Warlight 2 (the
// top-level commands), with --help, a real small run, the same output
// shapes and exit statuses, and a bench signature that is the same twice.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdint>
#include <filesystem>
#include <string>

#include "shell.h"

namespace wl::testing {
namespace {

namespace fs = std::filesystem;

struct GameCommands {
  const char* game;         // the word after "warlight"
  const char* tuned_bot;    // a built-in bot that declares parameters
  const char* tuned_param;  // one of its parameters
  const char* short_game;   // flags that keep a game short ("": it is)
};

constexpr GameCommands kGames[] = {
    {"berlin", "greedy", "spawn", ""},
    {"colorfight", "greedy", "border_risk", "--max-turn 40"},
};

std::string Warlight(const GameCommands& g) {
  return ShellQuote((fs::path(WL_BINARY_DIR) / "warlight").string()) + " " +
         g.game + " ";
}

std::string Short(const GameCommands& g) { return g.short_game; }

class GameCommandsTest : public ::testing::TestWithParam<GameCommands> {};

TEST_P(GameCommandsTest, EveryCommandHasHelp) {
  const fs::path dir = FreshTempDir(std::string("help_") + GetParam().game);
  for (const char* command : {"profile", "tune", "bench"}) {
    SCOPED_TRACE(command);
    const CommandRun run =
        RunCommand(Warlight(GetParam()) + command + " --help", dir);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find(std::string("warlight ") + GetParam().game + " " +
                           command),
              std::string::npos)
        << run.out;
  }
  const CommandRun usage = RunCommand(Warlight(GetParam()) + "--help", dir);
  for (const char* command : {"profile", "tune", "bench"}) {
    EXPECT_NE(usage.out.find(command), std::string::npos) << usage.out;
  }
}

TEST_P(GameCommandsTest, ProfileTimesEveryRequestOfTheBot) {
  const GameCommands& g = GetParam();
  const fs::path dir = FreshTempDir(std::string("profile_") + g.game);
  const CommandRun run = RunCommand(
      Warlight(g) + "profile random --games 2 --json " + Short(g), dir);
  ASSERT_EQ(run.status, 0) << run.err;
  const boost::json::value report = boost::json::parse(run.out);
  EXPECT_EQ(report.at("games").to_number<int64_t>(), 2);
  // Every request kind the bot was asked, "all" last; its turns were timed.
  int64_t turns = -1, all = -1;
  for (const boost::json::value& kind : report.at("requests").as_array()) {
    const std::string name(kind.at("kind").as_string());
    if (name == "turn") turns = kind.at("count").to_number<int64_t>();
    if (name == "all") all = kind.at("count").to_number<int64_t>();
  }
  EXPECT_GT(turns, 2) << run.out;
  EXPECT_GE(all, turns) << run.out;
  EXPECT_GT(report.at("time_available_ms").to_number<int64_t>(), 0);
}

TEST_P(GameCommandsTest, ProfileOfABotThatCannotStartExits2) {
  const GameCommands& g = GetParam();
  const fs::path dir = FreshTempDir(std::string("profile_bad_") + g.game);
  const CommandRun run = RunCommand(
      Warlight(g) + "profile /no/such/bot --games 1 " + Short(g), dir);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_FALSE(run.err.empty());
}

TEST_P(GameCommandsTest, TuneMovesADeclaredParameter) {
  const GameCommands& g = GetParam();
  const fs::path dir = FreshTempDir(std::string("tune_") + g.game);
  const CommandRun run = RunCommand(
      Warlight(g) + "tune " + g.tuned_bot + " --param " + g.tuned_param +
          " --iterations 2 --pairs-per-iteration 1 --confirm-games 2 "
          "--jobs 2 --out " +
          ShellQuote((dir / "out").string()) + " " + Short(g),
      dir);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find(g.tuned_param), std::string::npos) << run.out;
  EXPECT_TRUE(fs::exists(dir / "out" / "tune.json"));
  const CommandRun unknown =
      RunCommand(Warlight(g) + "tune " + g.tuned_bot +
                     " --param no_such_param " + "--iterations 1 " + Short(g),
                 dir);
  EXPECT_EQ(unknown.status, 2) << unknown.out;
}

TEST_P(GameCommandsTest, BenchSignatureIsTheSameTwice) {
  const GameCommands& g = GetParam();
  const fs::path dir = FreshTempDir(std::string("bench_") + g.game);
  std::string signatures[2];
  for (std::string& signature : signatures) {
    const CommandRun run =
        RunCommand(Warlight(g) + "bench --quick --json", dir);
    ASSERT_EQ(run.status, 0) << run.err;
    const boost::json::value report = boost::json::parse(run.out);
    signature = std::string(report.at("signature").as_string());
    EXPECT_GT(report.at("per_game").as_array().size(), 1u);
  }
  EXPECT_EQ(signatures[0].size(), 16u);
  EXPECT_EQ(signatures[0], signatures[1]);
}

INSTANTIATE_TEST_SUITE_P(Games, GameCommandsTest, ::testing::ValuesIn(kGames),
                         [](const auto& info) {
                           return std::string(info.param.game);
                         });

}  // namespace
}  // namespace wl::testing
