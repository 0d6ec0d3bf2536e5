// The game-independent line channel (common/line_process.h) with rules of
// its own; tests/wl/bot_process_test.cpp tests Warlight's (the 1,000,000
// character cap, `VM warning`) and the supervisor.
#include "common/line_process.h"

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

}  // namespace
}  // namespace wl::tools
