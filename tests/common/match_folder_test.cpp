// The folder of a match command (tools/common/match_folder.h) and what an
// exit signal does with it (common/process.h SetExitSignalFarewell).
#include "common/match_folder.h"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/process.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// Issue 32: the default folder of two games of the same seed in the same
// second was one, the second game replacing the first.
TEST(MatchFolderTest, TheDefaultFolderIsAlwaysANewOne) {
  const fs::path dir = testing::FreshTempDir("match_folder_new");
  const std::string name = (dir / "games" / "20260101-120000-seed7").string();
  absl::StatusOr<std::string> first = OpenMatchFolder("m", "", name, {});
  ASSERT_TRUE(first.ok()) << first.status();
  std::ofstream(fs::path(*first) / "result.json") << "first";
  CloseMatchFolder();
  absl::StatusOr<std::string> second = OpenMatchFolder("m", "", name, {});
  ASSERT_TRUE(second.ok()) << second.status();
  CloseMatchFolder();
  EXPECT_EQ(*first, name);
  EXPECT_EQ(*second, name + "-2");
  EXPECT_EQ(testing::ReadFile(fs::path(name) / "result.json"), "first");
  // --out is the folder asked for, existing or not.
  absl::StatusOr<std::string> out =
      OpenMatchFolder("m", *first, "unused", {"x"});
  CloseMatchFolder();
  EXPECT_EQ(*out, *first);
  fs::remove_all(dir);
}

// Issue 32: Ctrl-C during `match --out` left a folder with two empty
// stderr files. The exit signal's farewell removes what the game began,
// the folder when the match made it, and says so.
TEST(MatchFolderTest, AnExitSignalRemovesWhatTheGameBegan) {
  const fs::path dir = testing::FreshTempDir("match_folder_signal");
  const std::string game = (dir / "game").string();
  absl::StatusOr<std::string> made =
      OpenMatchFolder("warlight match", game, "unused",
                      {"stderr_player1.txt", "stderr_player2.txt"});
  ASSERT_TRUE(made.ok()) << made.status();
  std::ofstream(fs::path(game) / "stderr_player1.txt");
  std::ofstream(fs::path(game) / "stderr_player2.txt");
  ::testing::internal::CaptureStderr();
  SayExitSignalFarewell();
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_FALSE(fs::exists(game));
  EXPECT_EQ(err,
            "\nwarlight match: interrupted; the game is not kept (removed " +
                game + ")\n");
  // A folder that was there keeps what else it holds.
  fs::create_directories(game);
  std::ofstream(fs::path(game) / "notes.txt") << "mine";
  made =
      OpenMatchFolder("warlight match", game, "unused", {"stderr_player1.txt"});
  std::ofstream(fs::path(game) / "stderr_player1.txt");
  ::testing::internal::CaptureStderr();
  SayExitSignalFarewell();
  err = ::testing::internal::GetCapturedStderr();
  EXPECT_TRUE(fs::exists(fs::path(game) / "notes.txt"));
  EXPECT_FALSE(fs::exists(fs::path(game) / "stderr_player1.txt"));
  EXPECT_NE(err.find("removed its unfinished files from " + game),
            std::string::npos)
      << err;
  // Once the game is written, a signal leaves everything.
  std::ofstream(fs::path(game) / "stderr_player1.txt");
  CloseMatchFolder();
  ::testing::internal::CaptureStderr();
  SayExitSignalFarewell();
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  EXPECT_TRUE(fs::exists(fs::path(game) / "stderr_player1.txt"));
  fs::remove_all(dir);
}

TEST(ExitSignalFarewellTest, SaysTheCountReadWhenTheSignalCame) {
  std::atomic<int64_t> saved{0};
  ExitSignalFarewell farewell;
  farewell.before = "interrupted; ";
  farewell.count = &saved;
  farewell.after = " games are saved\n";
  SetExitSignalFarewell(farewell);
  for (int64_t n : {int64_t{0}, int64_t{7}, int64_t{1234567890123}}) {
    saved = n;
    ::testing::internal::CaptureStderr();
    SayExitSignalFarewell();
    EXPECT_EQ(::testing::internal::GetCapturedStderr(),
              "interrupted; " + std::to_string(n) + " games are saved\n");
  }
  ClearExitSignalFarewell();
}

}  // namespace
}  // namespace wl::tools
