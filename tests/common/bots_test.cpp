// Bot resolution for any game (common/bots.h): a game's own folders and
// known names, never Warlight's (tests/wl/bot_command_test.cpp tests those).
#include "common/bots.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

class BotsTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(testing::TempDir()) /
           ("wl_bots_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "build" / "bots");
    fs::create_directories(dir_ / "src" / "bots" / "planner");
    std::ofstream(dir_ / "src" / "bots" / "planner" / "main.cpp") << "\n";
    folders_.built = dir_ / "build" / "bots";
    folders_.sources = dir_ / "src" / "bots";
    folders_.known = {"mover"};
    folders_.target_prefix = "bot_berlin_";
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  // A built bot of the game: an executable <built>/<name>.
  void Build(const std::string& name) {
    const fs::path path = folders_.built / name;
    std::ofstream(path) << "#!/bin/sh\n";
    ::chmod(path.c_str(), 0755);
  }
  fs::path dir_;
  BotFolders folders_;
};

TEST_F(BotsTest, ABuiltBotRunsItsBinaryWithItsSeed) {
  Build("runner");
  const std::string binary = (folders_.built / "runner").string();
  EXPECT_TRUE(IsRepositoryBot("runner", folders_));
  EXPECT_EQ(ResolveBotCommand("runner", folders_), binary);
  EXPECT_EQ(BotCommand("runner", 7, folders_), binary + " --seed 7");
  EXPECT_EQ(BotExecutable("runner", folders_), binary);
  EXPECT_TRUE(CheckBotCanStart("runner", folders_).ok());
}

TEST_F(BotsTest, ACommandIsRunAsGiven) {
  EXPECT_FALSE(IsRepositoryBot("sh -c 'exit 0'", folders_));
  EXPECT_EQ(BotCommand("sh -c 'exit 0'", 7, folders_), "sh -c 'exit 0'");
  EXPECT_FALSE(IsRepositoryBot("runner", folders_));  // not built
  EXPECT_FALSE(IsRepositoryBot("a/runner", folders_));
}

TEST_F(BotsTest, AKnownBotThatIsNotBuiltNamesItsTarget) {
  EXPECT_TRUE(IsRepositoryBot("mover", folders_));
  EXPECT_EQ(BotCommand("mover", 3, folders_),
            (folders_.built / "mover").string() + " --seed 3");
  const absl::Status status = CheckBotCanStart("mover", folders_);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(std::string(status.message())
                .find("not built (" + (folders_.built / "mover").string() +
                      " is missing): cmake --build build --target "
                      "bot_berlin_mover"),
            std::string::npos)
      << status.message();
}

TEST_F(BotsTest, ASourceFolderThatIsNotBuiltSaysSo) {
  const absl::Status status = CheckBotCanStart("planner", folders_);
  EXPECT_EQ(std::string(status.message()),
            "bot 'planner': " + folders_.sources.string() +
                "/planner is not built: cmake --build build --target "
                "bot_berlin_planner");
}

TEST_F(BotsTest, SuggestionsComeFromTheGamesFoldersAndNames) {
  Build("runner");
  auto message = [&](const std::string& bot) {
    return std::string(CheckBotCanStart(bot, folders_).message());
  };
  EXPECT_NE(message("runer").find("; did you mean runner?"),
            std::string::npos);  // built
  EXPECT_NE(message("planer").find("; did you mean planner?"),
            std::string::npos);  // a source folder
  EXPECT_NE(message("mofer").find("; did you mean mover?"),
            std::string::npos);  // known
  EXPECT_EQ(message("startr").find("did you mean"), std::string::npos)
      << "Warlight's bots are not this game's";
}

// Issue 32: `warlight match "python3 mybot.py" starter` with no mybot.py
// played a whole game. The files a command names are checked before it.
TEST(CommandFilesTest, TheScriptOfAnInterpreterAndWordsThatLookLikeFiles) {
  using Files = std::vector<std::string>;
  EXPECT_EQ(CommandFiles("python3 mybot.py"), Files{"mybot.py"});
  EXPECT_EQ(CommandFiles("python3 -u bots/mybot --fast"), Files{"bots/mybot"});
  EXPECT_EQ(CommandFiles("python3.11 run"), Files{"run"});
  EXPECT_EQ(CommandFiles("/usr/bin/node dist/main.js"), Files{"dist/main.js"});
  EXPECT_EQ(CommandFiles("bash run.sh"), Files{"run.sh"});
  EXPECT_EQ(CommandFiles("java -Xmx1g -jar bot.jar"), Files{"bot.jar"});
  EXPECT_EQ(CommandFiles("java -cp out Main"), Files{});
  EXPECT_EQ(CommandFiles("python3 -m mybot.main"), Files{});
  // Paths without a script's extension may be the bot's output: unchecked.
  EXPECT_EQ(CommandFiles("./mybot --weights data/w.bin --log=out/log.py"),
            Files{});
  EXPECT_EQ(CommandFiles("touch /tmp/x/started"), Files{});
  EXPECT_EQ(CommandFiles("./mybot helper.py 3"), Files{"helper.py"});
  EXPECT_EQ(CommandFiles("./mybot --url http://localhost:8000/x"), Files{});
  EXPECT_EQ(CommandFiles("ruby bot.rb 2>log/err.txt"), Files{"bot.rb"});
  EXPECT_EQ(CommandFiles("python3 \"$BOT\""), Files{});  // the shell's
  EXPECT_EQ(CommandFiles("mybot"), Files{});
}

TEST_F(BotsTest, AFileTheCommandNamesMustExist) {
  const std::string script = (dir_ / "bot.py").string();
  std::ofstream(script) << "print('hi')\n";
  EXPECT_TRUE(CheckBotCanStart("sh " + script, folders_).ok());
  const std::string missing = (dir_ / "mybot.py").string();
  absl::Status s = CheckBotCanStart("sh " + missing, folders_);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(s.message(), "bot 'sh " + missing + "': " + missing + " not found");
  s = CheckBotCanStart("sh no_such_bot_here.py --fast", folders_);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_NE(s.message().find("no_such_bot_here.py not found (in " +
                             fs::current_path().string() + ")"),
            std::string::npos)
      << s.message();
}

TEST(BotFoldersTest, DefaultIsBesideTheRunningProgram) {
  const BotFolders folders = BotFolders::Default({"x"});
  EXPECT_EQ(folders.built,
            fs::read_symlink("/proc/self/exe").parent_path() / "bots");
  EXPECT_EQ(folders.sources, fs::path("bots"));
  EXPECT_EQ(folders.known, std::vector<std::string>{"x"});
  EXPECT_EQ(folders.target_prefix, "bot_");
}

}  // namespace
}  // namespace wl::tools
