#include "wl/bot_command.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

std::string Message(const absl::Status& status) {
  return std::string(status.message());
}

class BotCommandTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(testing::TempDir()) /
           ("wl_bot_command_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path dir_;
};

TEST_F(BotCommandTest, ATypoOfABuiltInIsNotFoundWithASuggestion) {
  absl::Status status = CheckBotCanStart("startr");
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(Message(status),
            "bot 'startr': not found: neither a bot of bots/ nor a command on "
            "PATH; did you mean starter?");
  // Nothing close: no suggestion.
  EXPECT_EQ(Message(CheckBotCanStart("zzqqxxyy_no_such_bot")).find("did you"),
            std::string::npos);
}

TEST_F(BotCommandTest, PathsMustBeExecutableFiles) {
  const fs::path script = dir_ / "bot.sh";
  std::ofstream(script) << "#!/bin/sh\necho 'No moves'\n";
  ::chmod(script.c_str(), 0644);
  EXPECT_NE(Message(CheckBotCanStart(script.string()))
                .find("bot '" + script.string() + "': " + script.string() +
                      " is not executable"),
            std::string::npos);
  EXPECT_NE(Message(CheckBotCanStart(dir_.string())).find("is a folder"),
            std::string::npos);
  EXPECT_NE(Message(CheckBotCanStart((dir_ / "missing").string() + " --fast"))
                .find("missing not found"),
            std::string::npos);
  ::chmod(script.c_str(), 0755);
  EXPECT_TRUE(CheckBotCanStart(script.string() + " --fast").ok());
  EXPECT_EQ(BotExecutable(script.string() + " --fast"), script.string());
}

TEST_F(BotCommandTest, CommandsOnPathAndShellConstructsStart) {
  EXPECT_TRUE(CheckBotCanStart("sh -c 'exit 0'").ok());
  EXPECT_TRUE(CheckBotCanStart("  true").ok());
  EXPECT_TRUE(CheckBotCanStart("exec sh bot.sh").ok());    // a builtin
  EXPECT_TRUE(CheckBotCanStart("X=1 ./nowhere").ok());     // an assignment
  EXPECT_TRUE(CheckBotCanStart("'./no where' --x").ok());  // quoted
  EXPECT_TRUE(CheckBotCanStart("$HOME/bot").ok());         // a variable
  const std::string sh = BotExecutable("sh -c 'exit 0'");
  EXPECT_EQ(fs::path(sh).filename(), "sh");
  EXPECT_TRUE(fs::path(sh).is_absolute());
  EXPECT_EQ(BotExecutable("exec sh bot.sh"), "");
  EXPECT_EQ(BotExecutable("'./bot'"), "");
  EXPECT_EQ(BotExecutable("no_such_program_xyz"), "");
}

TEST_F(BotCommandTest, EmptyCommand) {
  EXPECT_EQ(Message(CheckBotCanStart("  ")), "bot '  ': the command is empty");
}

}  // namespace
}  // namespace wl::tools
