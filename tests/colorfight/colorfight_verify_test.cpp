// `warlight colorfight verify` (tools/colorfight/colorfight_verify.h): every
// recorded game is reproduced byte for byte (replies, frames, replay), and
// an altered copy reports its first difference.
#include "colorfight/colorfight_verify.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "colorfight/recorded_game.h"
#include "common/run_main.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// One test per recorded game (g00..g11), each a fraction of a second.
class ColorfightVerifyGame : public ::testing::TestWithParam<int> {};

TEST_P(ColorfightVerifyGame, IsIdentical) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<fs::path> games = testing::ColorfightGames();
  ASSERT_EQ(games.size(), 12u);
  const fs::path& dir = games[GetParam()];
  absl::StatusOr<std::string> diff = VerifyColorfightGameDir(dir.string());
  ASSERT_TRUE(diff.ok()) << dir << ": " << diff.status();
  EXPECT_EQ(*diff, "") << dir;
}

INSTANTIATE_TEST_SUITE_P(Recorded, ColorfightVerifyGame,
                         ::testing::Range(0, 12));

// A copy of a recorded game whose files can be altered: the .gz files are
// written back as plain text (the reader takes both).
class AlteredGame {
 public:
  explicit AlteredGame(const fs::path& from, const std::string& name)
      : dir_(fs::temp_directory_path() /
             ("cf_verify_" + name + std::to_string(::getpid()))) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    for (const char* f : {"meta.json", "replay.cfr"}) {
      fs::copy_file(from / f, dir_ / f);
    }
    EXPECT_TRUE(testing::ReadGzLines(from / "frames.jsonl.gz", &frames));
    EXPECT_TRUE(testing::ReadGzLines(from / "actions.jsonl.gz", &actions));
  }
  ~AlteredGame() { fs::remove_all(dir_); }
  std::string Write() {
    WriteLines("frames.jsonl.gz", frames);
    WriteLines("actions.jsonl.gz", actions);
    return dir_.string();
  }

  std::vector<std::string> frames;
  std::vector<std::string> actions;

 private:
  void WriteLines(const char* name, const std::vector<std::string>& lines) {
    std::ofstream out(dir_ / name, std::ios::binary);
    for (const std::string& line : lines) out << line << '\n';
  }
  fs::path dir_;
};

TEST(ColorfightVerify, AnAlteredCopyReportsItsFirstDifference) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const fs::path g00 = testing::ColorfightGames().front();
  {
    AlteredGame game(g00, "same");
    absl::StatusOr<std::string> diff = VerifyColorfightGameDir(game.Write());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(*diff, "");
  }
  {
    AlteredGame game(g00, "reply");
    // The first event is greedy1's register: uid 1 becomes 7.
    const std::string from = R"(\"uid\": 1})";
    const size_t at = game.actions[0].find(from);
    ASSERT_NE(at, std::string::npos) << game.actions[0];
    game.actions[0].replace(at, from.size(), R"(\"uid\": 7})");
    absl::StatusOr<std::string> diff = VerifyColorfightGameDir(game.Write());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(diff->rfind("event 1 (send at turn 0, conn 0) reply at byte 25: "
                          "recorded \"{\"success\": true, \"uid\": 7}\"",
                          0),
              0u)
        << *diff;
  }
  {
    AlteredGame game(g00, "frame");
    const size_t at = game.frames[7].find("\"gold\": ");
    ASSERT_NE(at, std::string::npos);
    game.frames[7][at + 8] = game.frames[7][at + 8] == '9' ? '8' : '9';
    absl::StatusOr<std::string> diff = VerifyColorfightGameDir(game.Write());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(
        diff->rfind(
            "frame 7 (update 7) at byte " + std::to_string(at + 8) + ": ", 0),
        0u)
        << *diff;
  }
  {
    AlteredGame game(g00, "short");
    game.frames.pop_back();
    absl::StatusOr<std::string> diff = VerifyColorfightGameDir(game.Write());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(*diff, "frame 200 (update 200): not in frames.jsonl.gz");
  }
}

TEST(ColorfightVerify, MainExitStatuses) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::string g00 = testing::ColorfightGames().front().string();
  auto run = [](std::vector<std::string> args) {
    const testing::CommandRun run =
        testing::RunMain(ColorfightVerifyMain, std::move(args));
    return std::make_pair(run.status, run.out + run.err);
  };
  EXPECT_EQ(run({}).first, 2);
  const auto [ok, ok_out] = run({g00});
  EXPECT_EQ(ok, 0);
  EXPECT_NE(ok_out.find(g00 + ": identical"), std::string::npos) << ok_out;
  const auto [missing, missing_out] = run({"/nonexistent/g99"});
  EXPECT_EQ(missing, 2);
  EXPECT_NE(missing_out.find("not a directory"), std::string::npos)
      << missing_out;
  AlteredGame game(testing::ColorfightGames().front(), "main");
  game.frames[3] += " ";
  const auto [differs, differs_out] = run({game.Write()});
  EXPECT_EQ(differs, 1);
  EXPECT_NE(differs_out.find(": differs: frame 3 (update 3)"),
            std::string::npos)
      << differs_out;
}

}  // namespace
}  // namespace wl::tools
