// `warlight colorfight view` (tools/colorfight/colorfight_view.h): writes
// replay.html from replay.cfr into each of the 12 recorded game folders
// (copied) or, for the read-only shared folders, into --out DIR; one line
// per page on stdout; a missing, empty or corrupt replay.cfr is one line
// on stderr and a non-zero status while the other folders are still
// written. Skips the tests on shared folders when ../shared is absent.
#include "colorfight/colorfight_view.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "colorfight/colorfight_game.h"
#include "colorfight/colorfight_main.h"
#include "colorfight/recorded_game.h"
#include "common/run_main.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// `warlight colorfight view ARGS...`, through the colorfight dispatcher.
testing::CommandRun View(std::vector<std::string> args) {
  args.insert(args.begin(), "view");
  return testing::RunMain(ColorfightMain, std::move(args));
}

bool Contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

int Lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

TEST(ColorfightViewTest, HelpAndBadArguments) {
  testing::CommandRun run = View({"--help"});
  EXPECT_EQ(run.status, 0);
  EXPECT_TRUE(Contains(run.out, "colorfight view")) << run.out;
  EXPECT_TRUE(Contains(run.out, "replay.cfr")) << run.out;
  run = View({});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(Contains(run.err, "needs at least one GAME_DIR")) << run.err;
  run = View({"--bogus", "x"});
  EXPECT_EQ(run.status, 2);
  run = View({"/nonexistent/cf-game"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err,
            "warlight colorfight view: /nonexistent/cf-game is neither a "
            "folder nor a file\n");
}

TEST(ColorfightViewTest, WritesThePageOfEveryRecordedGameFolder) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const fs::path root = testing::FreshTempDir("cf_view");
  std::vector<std::string> args;
  for (const fs::path& game : testing::ColorfightGames()) {
    const fs::path dir = root / game.filename();
    fs::copy(game, dir, fs::copy_options::recursive);
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add);
    args.push_back(dir.string());
  }
  ASSERT_EQ(args.size(), 12u);
  testing::CommandRun run = View(args);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(Lines(run.out), 12);
  for (const std::string& dir : args) {
    EXPECT_TRUE(Contains(run.out, dir + "/replay.html\n")) << dir;
    const std::string page = testing::ReadFile(fs::path(dir) / "replay.html");
    EXPECT_TRUE(Contains(page, "<title>Colorfight replay: ")) << dir;
  }
  // Written again in place: the same page.
  const std::string before =
      testing::ReadFile(fs::path(args[0]) / "replay.html");
  ASSERT_TRUE(WriteColorfightReplayHtml(args[0]).ok());
  EXPECT_EQ(testing::ReadFile(fs::path(args[0]) / "replay.html"), before);
  fs::remove_all(root);
}

TEST(ColorfightViewTest, ReadOnlySharedFoldersGoToOut) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const fs::path out = testing::FreshTempDir("cf_view_out") / "pages";
  const fs::path g00 = testing::ColorfightSharedDir() / "conformance/g00";
  const testing::CommandRun run = View({g00.string(), "--out", out.string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (out / "g00.html").string() + "\n");
  EXPECT_TRUE(Contains(testing::ReadFile(out / "g00.html"),
                       "Colorfight replay: greedy1 vs rnd2"));
  fs::remove_all(out.parent_path());
}

// The replay.cfr of a short game between built-in bots, written to `dir`.
void WriteShortGame(const fs::path& dir) {
  ColorfightGame game;
  game.set_max_turn(20);
  GameSetup setup;
  setup.seed = 5;
  setup.keep_files = true;
  setup.seats = {{"greedy", 1}, {"random", 2}};
  absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
  ASSERT_TRUE(played.ok()) << played.status();
  ASSERT_TRUE((*played)->WriteFiles(dir.string(), "test").ok());
}

// Issue 28: a replay downloaded from the official site is a .cfr file
// under any name; `view` said "is not a folder".
TEST(ColorfightViewTest, ACfrFileIsViewedAsItIs) {
  const fs::path root = testing::FreshTempDir("cf_view_file");
  WriteShortGame(root / "game");
  const fs::path cfr = root / "ucla-2019-final.cfr";
  fs::copy_file(root / "game/replay.cfr", cfr);
  testing::CommandRun run = View({cfr.string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (root / "ucla-2019-final.html").string() + "\n");
  const std::string page = testing::ReadFile(root / "ucla-2019-final.html");
  EXPECT_TRUE(Contains(page, "<title>Colorfight replay: ")) << page.size();
  // The same page as the folder's.
  ASSERT_TRUE(WriteColorfightReplayHtml((root / "game").string()).ok());
  EXPECT_EQ(page, testing::ReadFile(root / "game/replay.html"));
  // --out: OUT/<name>.html.
  run = View({cfr.string(), "--out", (root / "pages").string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (root / "pages/ucla-2019-final.html").string() + "\n");
  EXPECT_EQ(testing::ReadFile(root / "pages/ucla-2019-final.html"), page);
  // A file that is not a replay is one line, and no page.
  std::ofstream(root / "notes.cfr") << "not gzip";
  run = View({(root / "notes.cfr").string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(Contains(run.err, "notes.cfr is not gzip")) << run.err;
  EXPECT_FALSE(fs::exists(root / "notes.html"));
  fs::remove_all(root);
}

TEST(ColorfightViewTest, ACorruptReplayIsOneLineAndTheOthersAreWritten) {
  const fs::path root = testing::FreshTempDir("cf_view_bad");
  for (const char* name : {"corrupt", "empty", "none", "bad_log"}) {
    fs::create_directories(root / name);
  }
  std::ofstream(root / "corrupt/replay.cfr") << "\x1f\x8b garbage";
  std::ofstream(root / "empty/replay.cfr") << "";
  // gzip.compress(b"[]", 5, mtime=0): gzip, but not a log (§9).
  const unsigned char bad_log[] = {0x1f, 0x8b, 8,    0,    0, 0, 0,    0,
                                   0,    3,    0x8b, 0x8e, 5, 0, 0x29, 0xbb,
                                   0x4c, 0x0d, 2,    0,    0, 0};
  std::ofstream(root / "bad_log/replay.cfr", std::ios::binary)
      .write(reinterpret_cast<const char*>(bad_log), sizeof bad_log);
  std::vector<std::string> args;
  for (const char* name : {"corrupt", "empty", "none", "bad_log"}) {
    args.push_back((root / name).string());
  }
  const bool shared = testing::HaveColorfightShared();
  if (shared) {
    fs::create_directories(root / "good");
    fs::copy_file(testing::ColorfightSharedDir() / "conformance/g02/replay.cfr",
                  root / "good/replay.cfr");
    args.push_back((root / "good").string());
  }
  const testing::CommandRun run = View(args);
  EXPECT_NE(run.status, 0);
  EXPECT_EQ(Lines(run.err), 4) << run.err;
  const std::string prefix = "warlight colorfight view: " + root.string();
  EXPECT_TRUE(Contains(run.err, prefix + "/corrupt/replay.cfr is not gzip"))
      << run.err;
  EXPECT_TRUE(Contains(run.err, prefix + "/empty/replay.cfr is empty"))
      << run.err;
  EXPECT_TRUE(
      Contains(run.err, "cannot read " + root.string() + "/none/replay.cfr\n"))
      << run.err;
  EXPECT_TRUE(Contains(run.err, prefix + "/bad_log/replay.cfr: replay log: "))
      << run.err;
  EXPECT_FALSE(fs::exists(root / "corrupt/replay.html"));
  EXPECT_EQ(fs::exists(root / "good/replay.html"), shared);
  EXPECT_EQ(run.out, shared ? (root / "good/replay.html").string() + "\n" : "");
  fs::remove_all(root);
}

}  // namespace
}  // namespace wl::tools
