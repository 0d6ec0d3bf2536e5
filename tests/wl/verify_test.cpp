// warlight verify against every recorded official game, and against
// recordings we corrupt on purpose (each corruption must be caught and
// located).
#include "wl/verify.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "shared_data.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

TEST(VerifyTest, EveryRecordedOfficialGameIsReproducedExactly) {
  WL_REQUIRE_SHARED();
  int games = 0;
  for (const fs::path& game : testing::ConformanceGames()) {
    absl::StatusOr<std::string> diff = VerifyGameDir(game.string());
    ASSERT_TRUE(diff.ok()) << game << ": " << diff.status();
    EXPECT_EQ(*diff, "") << game;
    ++games;
  }
  EXPECT_GE(games, 51);
}

// ../shared/wl1/conformance: the 26 games of the official WL1 engine.
std::vector<fs::path> Wl1Games() {
  std::vector<fs::path> games;
  const fs::path dir = testing::SharedDir() / "wl1" / "conformance";
  if (!fs::is_directory(dir)) return games;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_directory()) games.push_back(e.path());
  }
  std::sort(games.begin(), games.end());
  return games;
}

TEST(VerifyTest, EveryRecordedWl1GameIsReproducedExactly) {
  const std::vector<fs::path> games = Wl1Games();
  if (games.empty()) {
    GTEST_SKIP() << testing::SharedDir() / "wl1" / "conformance"
                 << " is absent: skipping the recorded WL1 games";
  }
  for (const fs::path& game : games) {
    absl::StatusOr<RuleSet> rules = RecordingRules(game.string());
    ASSERT_TRUE(rules.ok()) << game << ": " << rules.status();
    EXPECT_EQ(*rules, RuleSet::kWl1) << game;
    absl::StatusOr<std::string> diff = VerifyGameDir(game.string());
    ASSERT_TRUE(diff.ok()) << game << ": " << diff.status();
    EXPECT_EQ(*diff, "") << game;
  }
  EXPECT_GE(games.size(), 26u);
}

TEST(VerifyTest, RecordingRulesGoByTheFiles) {
  const fs::path dir = fs::temp_directory_path() /
                       ("wl_verify_rules_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "meta.json")
      << R"({"seed": 1, "map": "example.json", "winner": "draw"})";
  EXPECT_EQ(RecordingRules(dir.string()).value_or(RuleSet::kDingle),
            RuleSet::kWl2);
  std::ofstream(dir / "meta.json")
      << R"({"seed": 1, "map": "wl1-earth", "winner": "draw"})";
  EXPECT_EQ(RecordingRules(dir.string()).value_or(RuleSet::kDingle),
            RuleSet::kWl1);
  std::ofstream(dir / "trace.jsonl") << "{}\n";
  EXPECT_EQ(RecordingRules(dir.string()).value_or(RuleSet::kWl2),
            RuleSet::kDingle);
  fs::remove_all(dir);
}

TEST(VerifyTest, MasksTimebanksAnywhereInALineAndNothingElse) {
  EXPECT_EQ(
      MaskTimebanks("go place_armies 9500\npick_starting_region 800 1 2\n"),
      "go place_armies T\npick_starting_region T 1 2\n");
  EXPECT_EQ(MaskTimebanks("allowedgo attack/transfer 10000"),
            "allowedgo attack/transfer T");
  EXPECT_EQ(MaskTimebanks("Response timed out (500ms), let"),
            "Response timed out (Tms), let");
  EXPECT_EQ(MaskTimebanks("update_map 1 player1 500\nsettings timebank 10000"),
            "update_map 1 player1 500\nsettings timebank 10000");
}

// A copy of one recorded game in a temporary folder, with its map.
class CorruptedGameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::HaveShared()) GTEST_SKIP() << "../shared is absent";
    dir_ = fs::temp_directory_path() /
           ("wl_verify_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "games");
    fs::copy(testing::SharedDir() / "conformance" / "g000",
             dir_ / "games" / "g", fs::copy_options::recursive);
    fs::copy(testing::SharedDir() / "maps", dir_ / "maps",
             fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Game() const { return (dir_ / "games" / "g").string(); }
  // Replaces the first occurrence of `from` in a file with `to`.
  void Edit(const std::string& file, const std::string& from,
            const std::string& to) {
    fs::path path = dir_ / "games" / "g" / file;
    std::string text = testing::ReadFile(path);
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(path, std::ios::binary) << text;
  }
  fs::path dir_;
};

TEST_F(CorruptedGameTest, UntouchedCopyIsIdentical) {
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_EQ(*diff, "");
}

TEST_F(CorruptedGameTest, ADifferentAnswerShowsTheFirstDifferingDumpLine) {
  // Player 1's third pick answer 13 becomes 14: the draft changes.
  Edit("dump_player1.txt", "Output from your bot: \"13\"",
       "Output from your bot: \"14\"");
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_NE(diff->find("dump_player"), std::string::npos) << *diff;
}

TEST_F(CorruptedGameTest, AWrongSeedIsCaught) {
  Edit("meta.json", "\"seed\": 17", "\"seed\": 18");
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_NE(*diff, "");
}

TEST_F(CorruptedGameTest, AWrongWinnerIsCaught) {
  Edit("meta.json", "\"winner\": \"player1\"", "\"winner\": \"draw\"");
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_NE(diff->find("winner"), std::string::npos) << *diff;
}

TEST_F(CorruptedGameTest, AChangedReplayLineIsLocatedByLineNumber) {
  fs::path path = dir_ / "games" / "g" / "replay.txt.gz";
  gzFile in = gzopen(path.c_str(), "rb");
  std::string text;
  char buf[4096];
  for (int n; (n = gzread(in, buf, sizeof buf)) > 0;) text.append(buf, n);
  gzclose(in);
  size_t at = text.find("round 1\n");
  ASSERT_NE(at, std::string::npos);
  int line =
      1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
  text.replace(at, 7, "round 9");
  gzFile out = gzopen(path.c_str(), "wb");
  gzwrite(out, text.data(), static_cast<unsigned>(text.size()));
  gzclose(out);
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_EQ(diff->rfind("replay.txt:" + std::to_string(line) + ":", 0), 0u)
      << *diff;
}

TEST_F(CorruptedGameTest, RecordedTextInADiffReachesTheTerminalEscaped) {
  // A line the engine sent, recorded with an escape sequence that would
  // clear the screen and a bell: the first difference quotes it.
  Edit("dump_player1.txt", "settings your_bot player1",
       "settings your_bot player1\x1b[2J\a");
  std::string game = Game();
  char* argv[] = {game.data()};
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(VerifyMain(1, argv), 1);
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("differs: dump_player1.txt:"), std::string::npos) << out;
  EXPECT_NE(out.find("\\x1b[2J\\x07"), std::string::npos) << out;
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\a'), std::string::npos) << out;
}

TEST_F(CorruptedGameTest, MissingOrMalformedInputsAreClearErrors) {
  EXPECT_FALSE(VerifyGameDir((dir_ / "nothing_here").string()).ok());
  Edit("meta.json", "{", "[");
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_FALSE(diff.ok());
  EXPECT_NE(std::string(diff.status().message()).find("meta.json"),
            std::string::npos);
}

// A copy of one recorded WL1 game (g003, the probe bot) with its map.
class CorruptedWl1GameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path shared = testing::SharedDir() / "wl1";
    if (!fs::is_directory(shared / "conformance" / "g003")) {
      GTEST_SKIP() << shared << " is absent";
    }
    dir_ = fs::temp_directory_path() /
           ("wl_verify_wl1_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "conformance");
    fs::copy(shared / "conformance" / "g003", dir_ / "conformance" / "g",
             fs::copy_options::recursive);
    fs::copy(shared / "map.json", dir_ / "map.json");
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  std::string Game() const { return (dir_ / "conformance" / "g").string(); }
  fs::path File(const std::string& name) const {
    return dir_ / "conformance" / "g" / name;
  }
  static std::string Gunzip(const fs::path& path) {
    absl::StatusOr<std::string> text = ReadGzipFile(path.string());
    EXPECT_TRUE(text.ok()) << text.status();
    return text.value_or("");
  }
  // Replaces the first `from` in a file (gzipped files stay plain: zlib
  // reads both).
  void Edit(const std::string& file, const std::string& from,
            const std::string& to) {
    std::string text = Gunzip(File(file));
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(File(file), std::ios::binary) << text;
  }
  std::string Diff() const {
    absl::StatusOr<std::string> diff = VerifyGameDir(Game());
    EXPECT_TRUE(diff.ok()) << diff.status();
    return diff.value_or("<error>");
  }
  fs::path dir_;
};

TEST_F(CorruptedWl1GameTest, UntouchedCopyIsIdenticalWithOrWithoutItsMapFile) {
  EXPECT_EQ(Diff(), "");
  fs::remove(dir_ / "map.json");  // the built-in earth map
  EXPECT_EQ(Diff(), "");
}

TEST_F(CorruptedWl1GameTest, AChangedAnswerIsTheFirstDifferenceOfItsDump) {
  // Round 1's placement of 5 armies on 12 becomes 4: the next update_map
  // differs (the answer itself is read from the recording, so it matches).
  Edit("dump_player1.txt.gz", "player1 place_armies 12 5\n",
       "player1 place_armies 12 4\n");
  EXPECT_EQ(Diff().rfind("dump_player1.txt:", 0), 0u) << Diff();
}

TEST_F(CorruptedWl1GameTest, AnEngineMessageRemovedIsCaught) {
  Edit("dump_player1.txt.gz",
       "Parse error: Incorrect player name or move format incorrect (no "
       "moves)",
       "");
  EXPECT_EQ(Diff().rfind("dump_player1.txt:", 0), 0u) << Diff();
}

TEST_F(CorruptedWl1GameTest, RoundsAndStderrAreComparedButNotStackTraces) {
  std::ofstream(File("engine_stderr.txt"), std::ios::app)
      << "java.io.IOException: Stream closed\n\tat io.InStream.run("
         "InStream.java:83)\n";
  EXPECT_EQ(Diff(), "");
  std::ofstream(File("engine_stderr.txt"), std::ios::app)
      << "Could not find region with id 99\n";
  EXPECT_EQ(Diff().rfind("engine_stderr.txt:", 0), 0u) << Diff();
  fs::copy(testing::SharedDir() / "wl1" / "conformance" / "g003" /
               "engine_stderr.txt",
           File("engine_stderr.txt"), fs::copy_options::overwrite_existing);
  Edit("meta.json", "\"rounds\": 67", "\"rounds\": 66");
  EXPECT_NE(Diff().find("rounds"), std::string::npos) << Diff();
}

}  // namespace
}  // namespace wl::tools
