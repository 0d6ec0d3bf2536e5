#include "sdk/cli/terminal.h"

#include <string>

#include "gtest/gtest.h"

namespace wl::cli {
namespace {

TEST(EscapeForTerminalTest, ControlBytesBecomeVisibleEscapes) {
  EXPECT_EQ(EscapeForTerminal("ok \x1b[2J\a"), "ok \\x1b[2J\\x07");
  EXPECT_EQ(EscapeForTerminal("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(EscapeForTerminal(std::string("x\0y", 3)), "x\\x00y");
  EXPECT_EQ(EscapeForTerminal("\x7f"), "\\x7f");
}

TEST(EscapeForTerminalTest, PrintableTextAndUtf8AreKept) {
  EXPECT_EQ(EscapeForTerminal("player1 place_armies 3 5"),
            "player1 place_armies 3 5");
  EXPECT_EQ(EscapeForTerminal("d\xc3\xa9j\xc3\xa0"), "d\xc3\xa9j\xc3\xa0");
}

TEST(EscapeForTerminalTest, LongTextIsCut) {
  EXPECT_EQ(EscapeForTerminal("abcdef", 3), "abc...");
  EXPECT_EQ(EscapeForTerminal("abc", 3), "abc");
}

}  // namespace
}  // namespace wl::cli
