// One rule for every seed flag (common/cli.h SeedFlag): --seed of every
// command of every game is an integer from 0 to 2^63-1; a negative seed or
// one past that is one line and exit status 2 (before, `match --seed -2`
// was refused while `arena --seed -1` and `match --seed -1` played on). A
// Warlight bot's --seed (sdk/wl/bot_args.h) refuses a negative seed too,
// where strtoull read "-1" as 2^64-1. Runs the built `warlight`.
#include <string>
#include <vector>

#include "bot_args.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

// Every command that takes --seed, with what it needs besides.
const std::vector<std::string>& SeededCommands() {
  static const std::vector<std::string> commands = {
      "match cat cat",
      "arena random greedy",
      "profile random",
      "tune greedy",
      "mapgen",
      "berlin match random random",
      "berlin arena random greedy",
      "colorfight arena random greedy",
      "colorfight server"};
  return commands;
}

testing::CommandRun RunWarlight(const std::string& args) {
  const std::filesystem::path dir = testing::FreshTempDir("seed_flags");
  testing::CommandRun run = testing::RunCommand(
      "timeout -k 5 30 " +
          testing::ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") + " " +
          args,
      dir);
  std::filesystem::remove_all(dir);
  return run;
}

TEST(SeedFlagsTest, EveryCommandRefusesNegativeAndTooLargeSeeds) {
  for (const std::string& command : SeededCommands()) {
    for (const std::string seed :
         {"-1", "-5", "9223372036854775808", "18446744073709551615"}) {
      const testing::CommandRun run = RunWarlight(command + " --seed " + seed);
      EXPECT_EQ(run.status, 2)
          << command << " --seed " << seed << ": " << run.err;
      EXPECT_NE(run.err.find("--seed must be from 0 to 9223372036854775807, "
                             "not '" +
                             seed + "'"),
                std::string::npos)
          << command << ": " << run.err;
      EXPECT_EQ(run.out, "") << command;
    }
  }
}

TEST(SeedFlagsTest, EveryCommandsHelpSaysTheSeedFlag) {
  for (const std::string& command : SeededCommands()) {
    const testing::CommandRun run = RunWarlight(command + " --help");
    EXPECT_EQ(run.status, 0) << command;
    EXPECT_NE(run.out.find("--seed"), std::string::npos) << command;
  }
}

TEST(SeedFlagsTest, TheLargestSeedIsASeed) {
  const testing::CommandRun run =
      RunWarlight("mapgen --regions 20 --seed 9223372036854775807");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"Regions\""), std::string::npos);
  EXPECT_EQ(RunWarlight("mapgen --regions 20 --seed 0").status, 0);
}

std::vector<char*> Argv(std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return argv;
}

TEST(SeedFlagsTest, AWarlightBotsSeedIsDigitsOnly) {
  for (const std::string bad :
       {"-1", "+7", " 7", "", "18446744073709551616", "7x"}) {
    std::vector<std::string> args = {"bot", "--seed", bad};
    std::vector<char*> argv = Argv(args);
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(SeedFromArgs(3, argv.data(), 9), 9u) << "'" << bad << "'";
    EXPECT_NE(::testing::internal::GetCapturedStderr().find("bad --seed"),
              std::string::npos);
  }
  std::vector<std::string> args = {"bot", "--seed=18446744073709551615"};
  std::vector<char*> argv = Argv(args);
  EXPECT_EQ(SeedFromArgs(2, argv.data(), 9), UINT64_MAX);
}

}  // namespace
}  // namespace wl::tools
