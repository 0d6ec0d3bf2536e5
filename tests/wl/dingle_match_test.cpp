// `warlight match --rules dingle [--starts default|warlords|manual]`: the
// bots of bots/ as real processes, a game folder with trace.jsonl that
// `warlight verify` replays identically, result.json naming the rule set
// and the starts, the same game as the arena plays in process (WlGame), and
// the flags that do not go with Dingle (or WL1) refused through match with
// one line, before any bot starts.
#include <filesystem>
#include <memory>
#include <string>

#include "boost/json.hpp"
#include "common/files.h"
#include "common/game.h"
#include "gtest/gtest.h"
#include "rule_set.h"
#include "shell.h"
#include "wl/commands/wl_game.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

using testing::ShellQuote;

constexpr const char* kStarts[] = {"default", "warlords", "manual"};

std::string Warlight() {
  return ShellQuote((fs::path(WL_BINARY_DIR) / "warlight").string());
}

bool BotsBuilt() {
  return fs::exists(fs::path(WL_BINARY_DIR) / "bots/random") &&
         fs::exists(fs::path(WL_BINARY_DIR) / "bots/greedy");
}

std::string ReadOrDie(const fs::path& path) {
  absl::StatusOr<std::string> text = ReadFileToString(path.string());
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

json::object ResultOf(const fs::path& dir) {
  boost::system::error_code ec;
  json::value result = json::parse(ReadOrDie(dir / "result.json"), ec);
  EXPECT_FALSE(ec) << dir;
  return !ec && result.is_object() ? result.as_object() : json::object();
}

// The trace of the same game played by WlGame in process (the arena's way),
// each bot with the seed match gives its process (1, bot_args.h's default).
std::string InProcessTrace(const std::string& starts, int64_t seed) {
  WlGame game;
  game.set_rules(RuleSet::kDingle);
  game.set_starts(starts);
  GameSetup setup;
  setup.seed = seed;
  setup.keep_files = true;
  for (const char* bot : {"random", "greedy"}) {
    SeatSetup seat;
    seat.bot = bot;
    seat.seed = 1;
    setup.seats.push_back(seat);
  }
  absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
  EXPECT_TRUE(played.ok()) << played.status();
  if (!played.ok()) return "";
  return static_cast<const WlPlayedGame&>(**played).record().trace;
}

TEST(DingleMatchTest, BuiltInBotsAsProcessesPlayGamesThatVerify) {
  if (!BotsBuilt())
    GTEST_SKIP() << "build the bot_random and bot_greedy targets";
  const fs::path tmp = testing::FreshTempDir("dingle_match");
  for (const char* starts : kStarts) {
    for (int64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(std::string(starts) + " seed " + std::to_string(seed));
      const fs::path dir =
          tmp / "games" / (std::string(starts) + std::to_string(seed));
      const std::string command =
          Warlight() + " match random greedy --rules dingle --starts " +
          starts + " --seed " + std::to_string(seed) + " --out " +
          ShellQuote(dir.string());
      testing::CommandRun run = testing::RunCommand(command, tmp);
      ASSERT_EQ(run.status, 0) << command << "\n" << run.err;
      EXPECT_NE(run.out.find("; seed " + std::to_string(seed) + ";"),
                std::string::npos)
          << run.out;
      for (const char* file :
           {"dump_player1.txt", "dump_player2.txt", "replay.txt", "map.json",
            "result.json", "replay.html", "trace.jsonl", "stderr_player1.txt",
            "stderr_player2.txt"}) {
        EXPECT_TRUE(fs::exists(dir / file)) << file;
      }
      // The bots were processes: they were sent the protocol's lines.
      EXPECT_EQ(ReadOrDie(dir / "dump_player1.txt")
                    .rfind("settings rule_set dingle\n", 0),
                0u);
      const json::object result = ResultOf(dir);
      EXPECT_EQ(result.at("rules"), "dingle");
      EXPECT_EQ(result.at("starts"), starts);
      EXPECT_EQ(result.at("map"), "dingle-earth");
      EXPECT_EQ(result.at("seed"), seed);
      absl::StatusOr<std::string> diff = VerifyGameDir(dir.string());
      ASSERT_TRUE(diff.ok()) << diff.status();
      EXPECT_EQ(*diff, "");
      EXPECT_EQ(ReadOrDie(dir / "trace.jsonl"), InProcessTrace(starts, seed));
    }
  }
  // And `warlight verify` itself, on all of them.
  testing::CommandRun verify = testing::RunCommand(
      Warlight() + " verify " + ShellQuote((tmp / "games").string()) + "/*",
      tmp);
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("9 of 9 games identical"), std::string::npos)
      << verify.out;
  fs::remove_all(tmp);
}

TEST(DingleMatchTest, TheEarthMapByNameOrFileIsAccepted) {
  // Two bots that exit at once: every decision is Dingle's pass().
  const fs::path tmp = testing::FreshTempDir("dingle_match_map");
  for (const std::string& map :
       {std::string("dingle-earth"),
        std::string(WL_SOURCE_DIR) + "/maps/dingle_earth.json"}) {
    SCOPED_TRACE(map);
    const fs::path dir = tmp / "g";
    testing::CommandRun run = testing::RunCommand(
        Warlight() + " match --rules dingle true true --seed 5 --map " +
            ShellQuote(map) + " --out " + ShellQuote(dir.string()) + " --json",
        tmp);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, ReadOrDie(dir / "result.json"));
    const json::object result = ResultOf(dir);
    EXPECT_EQ(result.at("map"), "dingle-earth");
    EXPECT_EQ(result.at("starts"), "default");
    EXPECT_EQ(result.at("players").as_array().at(0).at("crashed"), true);
    absl::StatusOr<std::string> diff = VerifyGameDir(dir.string());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(*diff, "");
    fs::remove_all(dir);
  }
  fs::remove_all(tmp);
}

TEST(DingleMatchTest, FlagsThatDoNotGoWithTheRuleSetAreOneLine) {
  const fs::path tmp = testing::FreshTempDir("dingle_match_flags");
  const struct {
    const char* flags;
    const char* expected;
  } cases[] = {
      {"--rules dingle --timebank 5000", "--rules dingle has no time bank"},
      {"--rules dingle --time-per-move 100", "--rules dingle has no time bank"},
      {"--rules dingle --regions 30", "--rules dingle plays its fixed"},
      {"--rules dingle --map " WL_SOURCE_DIR "/maps/wl1_earth.json",
       "--rules dingle plays its fixed earth map"},
      {"--rules dingle --starts random", "--starts must be"},
      {"--starts warlords", "--starts is for --rules dingle"},
      {"--rules wl1 --starts manual", "--starts is for --rules dingle"},
      {"--rules wl1 --timebank 5000", "--rules wl1 has no time bank"},
      {"--rules wl1 --regions 30", "--rules wl1 plays its fixed"},
      {"--rules wl1 --map " WL_SOURCE_DIR "/maps/dingle_earth.json",
       "--rules wl1 plays its fixed earth map"},
      {"--rules wl4", "--rules must be wl2, wl1 or dingle"},
  };
  const fs::path marker = tmp / "started";
  const std::string bot = ShellQuote("touch " + marker.string());
  for (const auto& c : cases) {
    SCOPED_TRACE(c.flags);
    testing::CommandRun run = testing::RunCommand(
        Warlight() + " match " + bot + " " + bot + " " + c.flags + " --out " +
            ShellQuote((tmp / "g").string()),
        tmp);
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err.rfind("warlight match: ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find(c.expected), std::string::npos) << run.err;
    EXPECT_EQ(testing::Occurrences(run.err, "\n"), 1) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_FALSE(fs::exists(marker)) << "a bot was started";
    EXPECT_FALSE(fs::exists(tmp / "g"));
  }
  fs::remove_all(tmp);
}

}  // namespace
}  // namespace wl::tools
