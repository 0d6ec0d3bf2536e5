// stdout is the runner's alone (issue 11, A2): a bot that prints debug lines
// to std::cout at every decision (chatty_bot.h) plays exactly the starter's
// game, in process through wl::Run and as a real process through
// `warlight match`, with its prints on stderr.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "bots/starter/starter_bot.h"
#include "gtest/gtest.h"
#include "runner.h"
#include "sdk/chatty_bot.h"
#include "sdk/recorded_session.h"
#include "shell.h"

namespace wl {
namespace {

namespace fs = std::filesystem;

std::string Joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

TEST(RunnerStdoutTest, ABotsPrintsToCoutGoToStderrInProcess) {
  const std::string input = Joined(testing::RecordedSession(3, 30, 5, 400));
  StarterBot starter;
  std::istringstream starter_in(input);
  std::ostringstream expected, starter_log;
  wl::Run(starter, starter_in, expected, starter_log);
  const std::string answers = expected.str();
  ASSERT_GT(std::count(answers.begin(), answers.end(), '\n'), 20);

  // The process's stdout and stderr, as Run's defaults see them.
  std::ostringstream stdout_text, stderr_text;
  std::streambuf* real_out = std::cout.rdbuf(stdout_text.rdbuf());
  std::streambuf* real_err = std::cerr.rdbuf(stderr_text.rdbuf());
  ChattyStarterBot chatty;
  std::istringstream chatty_in(input);
  const int status = wl::Run(chatty, chatty_in);
  const bool restored = std::cout.rdbuf() == stdout_text.rdbuf();
  std::cout.rdbuf(real_out);
  std::cerr.rdbuf(real_err);

  EXPECT_EQ(status, 0);
  EXPECT_TRUE(restored) << "Run must give std::cout its buffer back";
  EXPECT_EQ(stdout_text.str(), answers);
  EXPECT_NE(stderr_text.str().find("debug: round 1, 1 placements\n"),
            std::string::npos)
      << stderr_text.str().substr(0, 500);
}

using testing::ReadFile;

using testing::ShellQuote;

// Plays bot1 against bot2 on a fixed generated map and seed into `dir`.
void Match(const std::string& bot1, const std::string& bot2,
           const fs::path& dir) {
  const std::string command =
      ShellQuote((fs::path(WL_BINARY_DIR) / "warlight").string()) + " match " +
      ShellQuote(bot1) + " " + ShellQuote(bot2) +
      " --seed 5 --regions 30 --out " + ShellQuote(dir.string()) +
      " > /dev/null 2>&1 < /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

int ParseErrors(const fs::path& dir, int seat) {
  boost::json::value result = boost::json::parse(ReadFile(dir / "result.json"));
  return static_cast<int>(
      result.at("players").at(seat).at("parse_errors").to_number<int64_t>());
}

TEST(RunnerStdoutTest, AChattyProcessPlaysTheStartersGameThroughWarlight) {
  const fs::path bin = WL_BINARY_DIR;
  const fs::path chatty = bin / "tests" / "chatty_starter";
  const fs::path starter = bin / "bots" / "starter";
  for (const fs::path& program : {bin / "warlight", chatty, starter}) {
    if (!fs::exists(program)) {
      GTEST_SKIP() << "build " << program.filename() << " first";
    }
  }
  const fs::path out = fs::temp_directory_path() /
                       ("wl_runner_stdout_" + std::to_string(::getpid()));
  fs::remove_all(out);
  Match(starter.string(), starter.string(), out / "plain");
  Match(chatty.string(), starter.string(), out / "chatty");

  EXPECT_EQ(ParseErrors(out / "chatty", 0), 0);
  EXPECT_EQ(ParseErrors(out / "chatty", 1), 0);
  const std::string replay = ReadFile(out / "plain" / "replay.txt");
  EXPECT_GT(replay.size(), 100u);
  const std::string chatty_replay = ReadFile(out / "chatty" / "replay.txt");
  size_t same = 0;  // where the replays part, for the message
  while (same < replay.size() && same < chatty_replay.size() &&
         replay[same] == chatty_replay[same]) {
    ++same;
  }
  EXPECT_TRUE(chatty_replay == replay)
      << "the replays differ from byte " << same << ": \""
      << chatty_replay.substr(same, 80) << "\" instead of \""
      << replay.substr(same, 80) << "\"";
  EXPECT_NE(ReadFile(out / "chatty" / "stderr_player1.txt")
                .find("debug: round 1, 1 placements"),
            std::string::npos);
  fs::remove_all(out);
}

}  // namespace
}  // namespace wl
