// `warlight berlin view` (tools/berlin/berlin_view.h): writes replay.html
// into a game folder or --out DIR, one line per folder; a recording's
// meta.json names the players; the 2013 replay without a map takes it from
// --map FILE (or a built-in map's name) or GAME_DIR/map.json; bad folders
// are one line each on stderr and exit status 2, the good ones still
// written. Skips the tests on shared folders when ../shared is absent.
#include "berlin/berlin_view.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "berlin/berlin_main.h"
#include "common/run_main.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// `warlight berlin view ARGS...`, through the berlin dispatcher.
testing::CommandRun View(std::vector<std::string> args) {
  args.insert(args.begin(), "view");
  return testing::RunMain(BerlinMain, std::move(args));
}

bool Contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

TEST(BerlinViewTest, HelpAndBadArguments) {
  testing::CommandRun run = View({"--help"});
  EXPECT_EQ(run.status, 0);
  EXPECT_TRUE(Contains(run.out, "berlin view")) << run.out;
  EXPECT_TRUE(Contains(run.out, "--map")) << run.out;
  run = View({});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(Contains(run.err, "needs at least one GAME_DIR")) << run.err;
  run = View({"--bogus", "x"});
  EXPECT_EQ(run.status, 2);
  run = View({"/nonexistent/berlin-game"});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(Contains(
      run.err, "/nonexistent/berlin-game is neither a folder nor a file"))
      << run.err;
}

TEST(BerlinViewTest, WritesTheFolderPageWithPlayerNamesFromMeta) {
  WL_REQUIRE_BERLIN_SHARED();
  // g003: AI 101 "idle-0" played id 1, AI 102 "idle-1" id 0 (meta.json).
  const fs::path dir = testing::FreshTempDir("berlin_view") / "g003";
  fs::create_directories(dir);
  for (const char* file : {"game.json", "meta.json"}) {
    fs::copy_file(testing::BerlinSharedDir() / "conformance/g003" / file,
                  dir / file);
  }
  const testing::CommandRun run = View({dir.string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (dir / "replay.html").string() + "\n");
  EXPECT_EQ(run.err, "");
  const std::string page = testing::ReadFile(dir / "replay.html");
  EXPECT_TRUE(Contains(page, "\"players\":[\"idle-1\",\"idle-0\"],\"ais\":[]"))
      << page.substr(0, 300);
  // Written again in place: the same page.
  ASSERT_TRUE(WriteBerlinReplayHtml(dir.string()).ok());
  EXPECT_EQ(testing::ReadFile(dir / "replay.html"), page);
  fs::remove_all(dir.parent_path());
}

// Issue 28: the official site served a game as /games/:id.json, one
// file; `view` takes it as it is, its page beside it or in --out.
TEST(BerlinViewTest, AGameJsonFileIsViewedAsItIs) {
  const fs::path root = testing::FreshTempDir("berlin_view_file");
  const testing::CommandRun match = testing::RunCommand(
      "timeout -k 5 120 " +
          testing::ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") +
          " berlin match random greedy --seed 4 --out " +
          testing::ShellQuote((root / "g").string()),
      root);
  ASSERT_EQ(match.status, 0) << match.err;
  const fs::path file = root / "2261.json";
  fs::copy_file(root / "g/game.json", file);
  ASSERT_EQ(View({(root / "g").string()}).status, 0);  // the folder's page
  testing::CommandRun run = View({file.string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (root / "2261.html").string() + "\n");
  const std::string page = testing::ReadFile(root / "2261.html");
  EXPECT_EQ(page, testing::ReadFile(root / "g/replay.html"));
  run = View({file.string(), "--out", (root / "pages").string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(testing::ReadFile(root / "pages/2261.html"), page);
  // A file without game.map takes --map, as a folder's game.json does.
  std::ofstream(root / "bare.json") << "{\"game\":{}}";
  run = View({(root / "bare.json").string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_FALSE(fs::exists(root / "bare.html"));
  fs::remove_all(root);
}

TEST(BerlinViewTest, ReadOnlyFoldersAndTheReplayWithoutMap) {
  WL_REQUIRE_BERLIN_SHARED();
  const fs::path out = testing::FreshTempDir("berlin_view_out");
  const fs::path official =
      testing::BerlinSharedDir() / "fixtures/official-replay";
  // The 2013 replay lacks `map`: its folder's map.json gives it.
  testing::CommandRun run =
      View({(testing::BerlinSharedDir() / "conformance/g000").string(),
            official.string(), "--out", out.string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (out / "g000.html").string() + "\n" +
                         (out / "official-replay.html").string() + "\n");
  EXPECT_TRUE(Contains(testing::ReadFile(out / "official-replay.html"),
                       "\"name\":\"Default Map 1\""));
  // Without map.json: an error naming --map; with --map, a file or a
  // built-in map's name.
  const fs::path bare = out / "bare";
  fs::create_directories(bare);
  fs::copy_file(official / "game.json", bare / "game.json");
  run = View({bare.string(),
              (testing::BerlinSharedDir() / "conformance/g001").string(),
              "--out", out.string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, (out / "g001.html").string() + "\n");
  EXPECT_TRUE(Contains(run.err, "bare: game.json: no game.map")) << run.err;
  EXPECT_TRUE(Contains(run.err, "--map FILE")) << run.err;
  EXPECT_EQ(testing::Occurrences(run.err, "\n"), 1) << run.err;
  for (const std::string& map :
       {(official / "map.json").string(), std::string("deployed-2")}) {
    fs::remove(bare / "replay.html");
    run = View({bare.string(), "--map", map});
    EXPECT_EQ(run.status, 0) << map << ": " << run.err;
    EXPECT_TRUE(fs::exists(bare / "replay.html")) << map;
  }
  fs::remove_all(out);
}

TEST(BerlinViewTest, BadGameJsonIsOneLine) {
  const fs::path dir = testing::FreshTempDir("berlin_view_bad");
  testing::CommandRun run = View({dir.string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(Contains(run.err, "cannot read")) << run.err;
  { std::ofstream(dir / "game.json") << "{\"game\": \x1b[2J"; }
  run = View({dir.string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(Contains(run.err, "is not JSON")) << run.err;
  EXPECT_EQ(testing::Occurrences(run.err, "\n"), 1) << run.err;
  EXPECT_FALSE(fs::exists(dir / "replay.html"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
