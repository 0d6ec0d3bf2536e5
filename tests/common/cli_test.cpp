#include "common/cli.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

int Count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

// The help line of --name.
std::string HelpLine(const std::string& help, const std::string& name) {
  size_t at = help.find("  --" + name);
  if (at == std::string::npos) return "";
  return help.substr(at, help.find('\n', at) - at);
}

TEST(FlagsTest, HelpAppendsTheDefaultOnce) {
  int64_t seed = -1, games = 10, zero = 0;
  std::string map = "maps/x.json", out;
  double ratio = 0.5;
  Flags flags("demo", "BOT", "A demo.");
  flags.Int("seed", &seed, "S", "the seed (default: a random one, printed)");
  flags.Int("games", &games, "N", "games to play");
  flags.Int("zero", &zero, "N", "zero is not printed");
  flags.String("map", &map, "FILE", "the map; Default: the real one");
  flags.String("out", &out, "DIR", "where to write");
  flags.Double("ratio", &ratio, "X", "a ratio");
  const std::string help = flags.Help();

  // The caller's own wording is kept, never followed by a second default.
  EXPECT_EQ(Count(help, "default"), 3) << help;  // seed, games, ratio
  EXPECT_EQ(HelpLine(help, "seed").find("(default: -1)"), std::string::npos);
  EXPECT_NE(HelpLine(help, "seed").find("(default: a random one, printed)"),
            std::string::npos);
  EXPECT_EQ(Count(HelpLine(help, "map"), "efault"), 1) << help;
  // Defaults the caller did not write are appended.
  EXPECT_NE(HelpLine(help, "games").find("games to play (default: 10)"),
            std::string::npos)
      << help;
  EXPECT_NE(HelpLine(help, "ratio").find("(default: 0.5)"), std::string::npos);
  EXPECT_EQ(HelpLine(help, "zero").find("default"), std::string::npos);
  EXPECT_EQ(HelpLine(help, "out").find("default"), std::string::npos);
  EXPECT_EQ(Count(help, "(default: "), 3) << help;
}

TEST(FlagsTest, ParsesValuesAndRejectsBadOnes) {
  int64_t games = 10;
  bool json = false;
  std::string map;
  Flags flags("demo", "BOT", "A demo.");
  flags.Int("games", &games, "N", "games");
  flags.Bool("json", &json, "json");
  flags.String("map", &map, "FILE", "map");
  std::vector<std::string> args = {"--games=4", "a", "--json", "--map", "m"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::vector<std::string> positional;
  EXPECT_EQ(
      flags.Parse(static_cast<int>(argv.size()), argv.data(), &positional),
      std::nullopt);
  EXPECT_EQ(games, 4);
  EXPECT_TRUE(json);
  EXPECT_EQ(map, "m");
  EXPECT_EQ(positional, std::vector<std::string>{"a"});

  std::string bad = "--games=four";
  char* bad_argv[] = {bad.data()};
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(flags.Parse(1, bad_argv, &positional), 2);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("needs an integer"),
            std::string::npos);
}

// An error quotes the user's text, escaped: a value holding an escape
// sequence cannot recolour or clear the user's terminal.
TEST(FlagsTest, ErrorsEscapeTheUsersText) {
  int64_t games = 10;
  Flags flags("demo", "", "A demo.");
  flags.Int("games", &games, "N", "games");
  std::string bad = "--games=4\x1b[2J";
  char* bad_argv[] = {bad.data()};
  std::vector<std::string> positional;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(flags.Parse(1, bad_argv, &positional), 2);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find('\x1b'), std::string::npos) << err;
  EXPECT_NE(err.find("4\\x1b[2J"), std::string::npos) << err;
}

// The standard output of a shell command (its stderr is dropped).
std::string Output(const std::string& command) {
  return wl::testing::PipeCommand(command + " 2>/dev/null").out;
}

// `warlight --version` and `warlight version`: one line with the version of
// the top-level project() line and the commit the build was made from, a
// commit of this checkout's history (HEAD itself unless the tree moved on
// since the build), or "unknown" outside a git checkout.
TEST(WarlightCommandTest, VersionNamesTheProjectVersionAndCommit) {
  std::ifstream cmake(std::string(WL_SOURCE_DIR) + "/CMakeLists.txt");
  std::stringstream text;
  text << cmake.rdbuf();
  std::smatch version;
  const std::string cmake_text = text.str();
  ASSERT_TRUE(std::regex_search(cmake_text, version,
                                std::regex(R"(project\(\S+ VERSION (\S+))")));
  const std::string warlight = std::string(WL_BINARY_DIR) + "/warlight";
  ASSERT_TRUE(std::filesystem::exists(warlight));
  const std::string git = "git -C '" + std::string(WL_SOURCE_DIR) + "' ";
  const bool checkout = !Output(git + "rev-parse HEAD").empty();
  for (const char* flag : {" --version", " version"}) {
    const std::string out = Output("'" + warlight + "'" + flag);
    std::smatch line;
    ASSERT_TRUE(std::regex_match(
        out, line, std::regex(R"(warlight (\S+) \(git ([^,)]+)[^)]*\)\n)")))
        << flag << ": " << out;
    EXPECT_EQ(line[1].str(), version[1].str());
    const std::string commit = line[2];
    if (!checkout) {
      EXPECT_EQ(commit.rfind("unknown", 0), 0u) << out;
      continue;
    }
    EXPECT_TRUE(std::regex_match(commit, std::regex("[0-9a-f]{12}"))) << out;
    EXPECT_EQ(std::system((git + "merge-base --is-ancestor " + commit +
                           " HEAD 2>/dev/null")
                              .c_str()),
              0)
        << commit << " is not a commit of this checkout";
  }
}

}  // namespace
}  // namespace wl::tools
