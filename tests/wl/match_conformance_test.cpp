// Every recorded official game, replayed through real processes: `warlight
// match` with two wl-replay-bot processes must reproduce the recording, as
// `warlight verify` does in process.
#include <cstdlib>
#include <filesystem>
#include <string>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

using testing::ShellQuote;

TEST(MatchConformanceTest, RecordedGamesReplayedThroughProcessesAreIdentical) {
  WL_REQUIRE_SHARED();
  const fs::path bin = WL_BINARY_DIR;
  const fs::path out = fs::temp_directory_path() /
                       ("wl_match_conformance_" + std::to_string(::getpid()));
  int games = 0;
  for (const fs::path& game : testing::ConformanceGames()) {
    SCOPED_TRACE(game.string());
    absl::StatusOr<RecordedGame> recorded = LoadRecordedGame(game.string());
    ASSERT_TRUE(recorded.ok()) << recorded.status();
    const fs::path dir = out / game.filename();
    std::string bots[2];
    for (int p = 0; p < 2; ++p) {
      bots[p] =
          (bin / "wl-replay-bot").string() + " " +
          ShellQuote((game / ("dump_player" + std::to_string(p + 1) + ".txt"))
                         .string());
    }
    std::string command = ShellQuote((bin / "warlight").string()) + " match " +
                          ShellQuote(bots[0]) + " " + ShellQuote(bots[1]) +
                          " --seed " + std::to_string(recorded->seed) +
                          " --map " + ShellQuote(recorded->map_path) +
                          " --out " + ShellQuote(dir.string()) + " > /dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::string dumps[2];
    for (int p = 0; p < 2; ++p) {
      absl::StatusOr<std::string> text = ReadFileToString(
          (dir / ("dump_player" + std::to_string(p + 1) + ".txt")).string());
      ASSERT_TRUE(text.ok()) << text.status();
      dumps[p] = *text;
    }
    absl::StatusOr<std::string> replay =
        ReadFileToString((dir / "replay.txt").string());
    absl::StatusOr<std::string> result =
        ReadFileToString((dir / "result.json").string());
    ASSERT_TRUE(replay.ok() && result.ok());
    const std::string winner =
        result->find("\"winner\":\"player1\"") != std::string::npos ? "player1"
        : result->find("\"winner\":\"player2\"") != std::string::npos
            ? "player2"
            : "draw";
    EXPECT_EQ(CompareWithRecording(*recorded, dumps, *replay, nullptr, winner),
              "");
    ++games;
  }
  fs::remove_all(out);
  EXPECT_GE(games, 51);
}

}  // namespace
}  // namespace wl::tools
