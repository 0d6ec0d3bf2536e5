#include "common/cli.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

// A subcommand's flags name "warlight <command>" in the usage and errors.
TEST(ToolFlagsTest, NameTheWarlightSubcommand) {
  int64_t games = 1;
  Flags flags("demo", "BOT", "A demo.");
  flags.Int("games", &games, "N", "games");
  EXPECT_EQ(flags.Help().rfind("usage: warlight demo [options] BOT\n", 0), 0u)
      << flags.Help();
  std::string bad = "--games=x";
  char* argv[] = {bad.data()};
  std::vector<std::string> positional;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(flags.Parse(1, argv, &positional), 2);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "warlight demo: --games needs an integer, not 'x' (see --help)\n");
}

// The standard output of a shell command (its stderr is dropped).
std::string Output(const std::string& command) {
  return wl::testing::PipeCommand(command + " 2>/dev/null").out;
}

// The VERSION of the top-level CMakeLists.txt's project() line.
std::string ProjectVersion() {
  std::ifstream cmake(std::string(WL_SOURCE_DIR) + "/CMakeLists.txt");
  std::stringstream text;
  text << cmake.rdbuf();
  std::istringstream in(text.str());
  for (std::string line; std::getline(in, line);) {
    const size_t at = line.find("project(");
    if (at == std::string::npos) continue;
    std::istringstream words(line.substr(at));
    std::string name, keyword, version;
    if (words >> name >> keyword >> version && keyword == "VERSION") {
      return version.substr(0, version.find(')'));
    }
  }
  return "";
}

// "warlight VERSION (git COMMIT[, more])\n": VERSION and COMMIT, or nullopt
// when the line is not of that form.
std::optional<std::pair<std::string, std::string>> VersionLine(
    const std::string& out) {
  const std::string prefix = "warlight ";
  if (out.rfind(prefix, 0) != 0 || out.size() < 2 ||
      out.substr(out.size() - 2) != ")\n") {
    return std::nullopt;
  }
  const size_t space = out.find(' ', prefix.size());
  if (space == std::string::npos || space == prefix.size() ||
      out.compare(space, 6, " (git ") != 0) {
    return std::nullopt;
  }
  const size_t commit = space + 6;
  const size_t commit_end = out.find_first_of(",)", commit);
  if (commit_end == commit || out.find(')') != out.size() - 2) {
    return std::nullopt;
  }
  return std::make_pair(out.substr(prefix.size(), space - prefix.size()),
                        out.substr(commit, commit_end - commit));
}

// `warlight --version` and `warlight version`: one line with the version of
// the top-level project() line and the commit the build was made from, a
// commit of this checkout's history (HEAD itself unless the tree moved on
// since the build), or "unknown" outside a git checkout.
TEST(WarlightCommandTest, VersionNamesTheProjectVersionAndCommit) {
  const std::string version = ProjectVersion();
  ASSERT_FALSE(version.empty());
  const std::string warlight = std::string(WL_BINARY_DIR) + "/warlight";
  ASSERT_TRUE(std::filesystem::exists(warlight));
  const std::string git = "git -C '" + std::string(WL_SOURCE_DIR) + "' ";
  const bool checkout = !Output(git + "rev-parse HEAD").empty();
  for (const char* flag : {" --version", " version"}) {
    const std::string out = Output("'" + warlight + "'" + flag);
    const auto line = VersionLine(out);
    ASSERT_TRUE(line.has_value()) << flag << ": " << out;
    EXPECT_EQ(line->first, version);
    const std::string commit = line->second;
    if (!checkout) {
      EXPECT_EQ(commit.rfind("unknown", 0), 0u) << out;
      continue;
    }
    EXPECT_EQ(commit.size(), 12u) << out;
    EXPECT_EQ(commit.find_first_not_of("0123456789abcdef"), std::string::npos)
        << out;
    EXPECT_EQ(std::system((git + "merge-base --is-ancestor " + commit +
                           " HEAD 2>/dev/null")
                              .c_str()),
              0)
        << commit << " is not a commit of this checkout";
  }
}

}  // namespace
}  // namespace wl::tools
