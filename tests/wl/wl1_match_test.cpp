// `warlight match --rules wl1` through real processes: every recorded WL1
// game (../shared/wl1/conformance), played by two wl1_replay_bot processes
// (dump_replay_bot_main.cpp) that print what the official engine read,
// must come out with the recorded dumps, replay, engine stderr, winner and
// rounds, byte for byte: the FIFO reader of bot_process.h (wl1 §9.1) with
// its 2000 ms waits (g013, g024: one real time-out each), the dead bot of
// g016 and the silent ones of g011 and g025 (they exit: `null` at once).
// One test per game; all 26 take about 9 s, 4 of them the two real
// time-outs, so all run in CI.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

using testing::ShellQuote;

fs::path Wl1Conformance() { return testing::SharedDir() / "wl1/conformance"; }

// The recorded games' folder names; {""} without ../shared (one skip).
std::vector<std::string> Wl1GameNames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(Wl1Conformance(), ec)) {
    if (e.is_directory()) names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  if (names.empty()) names.push_back("");
  return names;
}

std::string Warlight() {
  return ShellQuote((fs::path(WL_BINARY_DIR) / "warlight").string());
}

std::string ReplayBot(const fs::path& game, int player) {
  return (fs::path(WL_BINARY_DIR) / "tests/wl1_replay_bot").string() + " " +
         ShellQuote(
             (game / ("dump_player" + std::to_string(player) + ".txt.gz"))
                 .string());
}

std::string ReadOrDie(const fs::path& path) {
  absl::StatusOr<std::string> text = ReadFileToString(path.string());
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

class Wl1MatchTest : public ::testing::TestWithParam<std::string> {};

TEST_P(Wl1MatchTest, RecordedGameThroughProcessesIsIdentical) {
  if (GetParam().empty()) {
    GTEST_SKIP() << Wl1Conformance()
                 << " is absent: skipping the recorded WL1 games";
  }
  const fs::path game = Wl1Conformance() / GetParam();
  absl::StatusOr<RecordedGame> recorded = LoadRecordedGame(game.string());
  ASSERT_TRUE(recorded.ok()) << recorded.status();
  ASSERT_EQ(recorded->rules, RuleSet::kWl1);
  const fs::path dir = testing::FreshTempDir("wl1_match") / GetParam();
  const std::string bots[2] = {ReplayBot(game, 1), ReplayBot(game, 2)};
  const std::string command = Warlight() + " match --rules wl1 " +
                              ShellQuote(bots[0]) + " " + ShellQuote(bots[1]) +
                              " --seed " + std::to_string(recorded->seed) +
                              " --out " + ShellQuote(dir.string());
  testing::CommandRun run = testing::RunCommand(command, dir.parent_path());
  ASSERT_EQ(run.status, 0) << command << "\n" << run.err;
  const std::string dumps[2] = {ReadOrDie(dir / "dump_player1.txt"),
                                ReadOrDie(dir / "dump_player2.txt")};
  const std::string engine_stderr = ReadOrDie(dir / "engine_stderr.txt");
  const std::string result = ReadOrDie(dir / "result.json");
  std::string winner = "draw";
  for (const char* player : {"player1", "player2"}) {
    if (result.find(std::string("\"winner\":\"") + player + "\"") !=
        std::string::npos) {
      winner = player;
    }
  }
  const size_t rounds_at = result.find("\"rounds\":");
  ASSERT_NE(rounds_at, std::string::npos) << result;
  const int rounds = std::stoi(result.substr(rounds_at + 9));
  EXPECT_EQ(
      CompareWithRecording(*recorded, dumps, ReadOrDie(dir / "replay.txt"),
                           &engine_stderr, winner, rounds),
      "");
  EXPECT_NE(result.find("\"rules\":\"wl1\""), std::string::npos) << result;
  EXPECT_NE(result.find("\"map\":\"wl1-earth\""), std::string::npos) << result;
  // wl1 §13.3: the game id (the folder's name), then the command lines.
  EXPECT_EQ(
      ReadOrDie(dir / "engine_stdout.txt"),
      "starting game " + GetParam() + "\n" + bots[0] + "\n" + bots[1] + "\n");
  fs::remove_all(dir.parent_path());
}

INSTANTIATE_TEST_SUITE_P(Recorded, Wl1MatchTest,
                         ::testing::ValuesIn(Wl1GameNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param.empty() ? std::string("absent")
                                                     : info.param;
                         });

TEST(Wl1MatchFlagsTest, Wl1PlaysItsFixedMapWithoutATimeBank) {
  const fs::path dir = testing::FreshTempDir("wl1_match_flags");
  const std::string base =
      Warlight() + " match --rules wl1 'sleep 1' 'sleep 1'";
  for (const char* extra :
       {" --map " WL_SOURCE_DIR "/maps/dingle_earth.json", " --regions 30",
        " --timebank 5000", " --time-per-move 100"}) {
    testing::CommandRun run = testing::RunCommand(base + extra, dir);
    EXPECT_EQ(run.status, 2) << extra;
    EXPECT_NE(run.err.find("--rules wl1"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dir / "games")) << extra;
  }
  for (const char* rules : {"dingle --regions 30", "wl3"}) {
    testing::CommandRun run = testing::RunCommand(
        Warlight() + " match 'sleep 1' 'sleep 1' --rules " + rules, dir);
    EXPECT_EQ(run.status, 2) << rules;
    EXPECT_NE(run.err.find("--rules"), std::string::npos) << run.err;
  }
  fs::remove_all(dir);
}

TEST(Wl1MatchFlagsTest, TheEarthMapByNameOrFileIsAccepted) {
  // Two bots that never answer (they exit at once): every read is `null`
  // at once, so the game is a quick draw after 100 rounds.
  const fs::path dir = testing::FreshTempDir("wl1_match_map");
  for (const std::string& map :
       {std::string("wl1-earth"),
        std::string(WL_SOURCE_DIR) + "/maps/wl1_earth.json"}) {
    testing::CommandRun run = testing::RunCommand(
        Warlight() + " match --rules wl1 true true --seed 5 --map " +
            ShellQuote(map) + " --out " + ShellQuote((dir / "g").string()),
        dir);
    EXPECT_EQ(run.status, 0) << map << "\n" << run.err;
    EXPECT_NE(run.out.find("draw after 100 rounds"), std::string::npos)
        << run.out;
    const std::string dump = ReadOrDie(dir / "g/dump_player1.txt");
    EXPECT_EQ(dump.rfind("settings your_bot player1\n", 0), 0u) << dump;
    EXPECT_NE(dump.find("Preferred starting regions input is null"),
              std::string::npos);
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
