// The game-independent line channel (common/line_process.h) with rules of
// its own; tests/wl/bot_process_test.cpp tests Warlight's (the 1,000,000
// character cap, `VM warning`) and the supervisor.
#include "common/line_process.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

constexpr int64_t kLongWaitMs = 5000;

std::unique_ptr<LineProcess> Start(const std::string& command,
                                   const LineRules& rules) {
  absl::StatusOr<std::unique_ptr<LineProcess>> process =
      LineProcess::Start(command, ProcessOptions(), rules);
  EXPECT_TRUE(process.ok()) << process.status();
  return process.ok() ? std::move(*process) : nullptr;
}

TEST(LineProcessTest, TheGameChoosesWhichLinesAreIgnored) {
  LineRules rules;
  rules.ignored = "# ";
  auto bot = Start("read -r l; echo '# thinking'; echo 'VM warning'", rules);
  ASSERT_NE(bot, nullptr);
  LineAnswer answer = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(answer.timed_out);
  EXPECT_EQ(answer.line, "VM warning");  // an answer in this game
}

TEST(LineProcessTest, TheGameChoosesTheStdoutCap) {
  LineRules rules;
  rules.max_chars = 10;  // "123456789\n" is kept, nothing after it
  auto bot =
      Start("read -r l; echo 123456789; read -r l; echo x; sleep 5", rules);
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "123456789");
  LineAnswer second = bot->Ask("go", 300);
  EXPECT_TRUE(second.timed_out);
  bot->Kill();
  EXPECT_GE(bot->stdout_chars(), 10);
}

TEST(LineProcessTest, EndReasonOfAnExitedBot) {
  auto bot = Start("exit 3", LineRules());
  ASSERT_NE(bot, nullptr);
  EXPECT_TRUE(bot->Ask("go", kLongWaitMs).timed_out);
  EXPECT_EQ(bot->EndReason(), "exit status 3");
}

// The name of the bot's main process, as /proc has it.
std::string MainProcessName(const LineProcess& bot) {
  std::ifstream comm("/proc/" + std::to_string(bot.pid()) + "/comm");
  std::string name;
  std::getline(comm, name);
  return name;
}

// A plain command (a program and words) runs without a shell in front of
// it: the program is the main process (and its answers flow as ever).
TEST(LineProcessTest, APlainCommandRunsItsProgramDirectly) {
  auto bot = Start("cat -u", LineRules());
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go place_armies 10000", kLongWaitMs).line,
            "go place_armies 10000");
  EXPECT_EQ(MainProcessName(*bot), "cat");
}

// Anything for the shell to read (a pipe, quotes, $, an assignment first)
// still runs under /bin/sh -c. (The name is read once the bot answered:
// right after Start, an exec may not have renamed the process yet.)
TEST(LineProcessTest, ShellCommandsStillRunUnderTheShell) {
  for (const std::string command :
       {"cat | cat", "cat -u '-'", "X=1 cat", "exec cat", "cat ${NO:--}"}) {
    SCOPED_TRACE(command);
    auto bot = Start(command, LineRules());
    ASSERT_NE(bot, nullptr);
    EXPECT_EQ(bot->Ask("hello", kLongWaitMs).line, "hello");
    const std::string name = MainProcessName(*bot);
    // `exec cat` becomes cat; the others keep sh, or cat exec'd by it.
    EXPECT_TRUE(name == "sh" || (command == "exec cat" && name == "cat"))
        << name;
    bot->Kill();
  }
}

// A program that the kernel cannot exec (a script without #!) is run by sh
// as before, which reads it as a shell script.
TEST(LineProcessTest, AScriptWithoutInterpreterLineFallsBackToTheShell) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("wl_plain_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream script(dir / "bot");
    script << "read -r line; echo \"got $line\"\n";
  }
  ::chmod((dir / "bot").c_str(), 0755);
  ProcessOptions options;
  options.working_dir = dir.string();
  auto bot = LineProcess::Start("./bot", options, LineRules());
  ASSERT_TRUE(bot.ok()) << bot.status();
  EXPECT_EQ((*bot)->Ask("go", kLongWaitMs).line, "got go");
  (*bot)->Kill();
  std::filesystem::remove_all(dir);
}

// A plain command's crash is its own signal, not a shell's exit status.
TEST(LineProcessTest, APlainCommandsSignalIsItsOwn) {
  auto bot = Start("sleep 30", LineRules());
  ASSERT_NE(bot, nullptr);
  ::kill(bot->pid(), SIGSEGV);
  EXPECT_TRUE(bot->Ask("go", kLongWaitMs).timed_out);
  EXPECT_EQ(bot->EndReason(), "signal 11");
}

}  // namespace
}  // namespace wl::tools
