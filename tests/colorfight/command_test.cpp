// ParseCommand, FailureText and ParseCommandList (command.h,
// command_list.h) give the engine's texts (colorfight §6.2): Python's
// str.split(), int() and repr(), and str() of non-string entries.
#include "sdk/colorfight/command.h"

#include <string>

#include "boost/json.hpp"
#include "gtest/gtest.h"
#include "sdk/colorfight/command_list.h"

namespace wl::colorfight {
namespace {

std::string Error(std::string_view text) { return ParseCommand(text).error; }

void ExpectAttack(std::string_view text, int64_t x, int64_t y, int64_t e) {
  const ParsedCommand p = ParseCommand(text);
  EXPECT_EQ(p.error, "") << text;
  EXPECT_EQ(p.command.kind, CommandKind::kAttack) << text;
  EXPECT_EQ(p.command.x, x) << text;
  EXPECT_EQ(p.command.y, y) << text;
  EXPECT_EQ(p.command.energy, e) << text;
}

TEST(ColorfightCommandTest, ParsesTheThreeCommands) {
  ExpectAttack("a 3 4 120", 3, 4, 120);
  ParsedCommand b = ParseCommand("b 5 6 g");
  EXPECT_EQ(b.command.kind, CommandKind::kBuild);
  EXPECT_EQ(b.command.building, 'g');
  EXPECT_EQ(b.command.x, 5);
  ParsedCommand u = ParseCommand("u 7 8");
  EXPECT_EQ(u.command.kind, CommandKind::kUpgrade);
  EXPECT_EQ(u.command.y, 8);
  // Any T parses; an unknown one fails later ("Not a correct building").
  ParsedCommand x = ParseCommand("b 1 1 home");
  EXPECT_EQ(x.command.kind, CommandKind::kBuild);
  EXPECT_EQ(x.command.building, 0);
  EXPECT_EQ(ParseCommand("b 1 1 H").command.building, 0);
}

// Python int(): sign, single underscores between digits, leading zeros,
// any Unicode decimal digits (§6.2 step 5).
TEST(ColorfightCommandTest, IntegersArePythonInt) {
  ExpectAttack("a 1_0 007 -0", 10, 7, 0);
  ExpectAttack("a +5 -3 -1_000", 5, -3, -1000);
  ExpectAttack("a \xef\xbc\x91\xef\xbc\x92 \xd9\xa3 1", 12, 3, 1);  // １２ ٣
  ExpectAttack("a 0 0 \xf0\x9d\x9f\x8e\xf0\x9d\x9f\x97", 0, 0, 9);  // 𝟎𝟗
  const std::string bad = "a 1 2 ";
  const std::string literal =
      " is a wrong command, invalid literal for int() "
      "with base 10: ";
  EXPECT_EQ(Error("a 1__0 2 3"), "a 1__0 2 3" + literal + "'1__0'");
  EXPECT_EQ(Error("a _1 2 3"), "a _1 2 3" + literal + "'_1'");
  EXPECT_EQ(Error("a 1_ 2 3"), "a 1_ 2 3" + literal + "'1_'");
  EXPECT_EQ(Error("a 1 2 3.0"), "a 1 2 3.0" + literal + "'3.0'");
  EXPECT_EQ(Error("a 1 2 1e3"), "a 1 2 1e3" + literal + "'1e3'");
  EXPECT_EQ(Error("a 1 2 +-1"), "a 1 2 +-1" + literal + "'+-1'");
  EXPECT_EQ(Error("a 1 2 +"), "a 1 2 +" + literal + "'+'");
  EXPECT_EQ(Error("a 1 2 0x10"), "a 1 2 0x10" + literal + "'0x10'");
  EXPECT_EQ(Error("a 1 2 \xc2\xb2"), bad + "\xc2\xb2" + literal + "'\xc2\xb2'");
  // The first bad argument wins, in order x, y, E.
  EXPECT_EQ(Error("a x y z"), "a x y z" + literal + "'x'");
  EXPECT_EQ(Error("a 1 y"), "a 1 y" + literal + "'y'");
}

TEST(ColorfightCommandTest, HugeIntegersAreClampedOrRefusedLikePython) {
  ExpectAttack("a 99999999999999999999999 -99999999999999999999999 1",
               kCommandIntLimit, -kCommandIntLimit, 1);
  // Python 3.11's int() refuses more than 4300 digits.
  const std::string digits(4301, '1');
  EXPECT_EQ(Error("a 1 2 " + digits),
            "a 1 2 " + digits +
                " is a wrong command, Exceeds the limit (4300 digits) for "
                "integer string conversion: value has 4301 digits; use "
                "sys.set_int_max_str_digits() to increase the limit");
  ExpectAttack("a 1 2 " + std::string(4300, '0'), 1, 2, 0);
}

// repr(): quotes, escapes, printable non-ASCII kept, 200 characters.
TEST(ColorfightCommandTest, BadTokensAreShownByPythonRepr) {
  const std::string literal = "invalid literal for int() with base 10: ";
  const auto reason = [](const std::string& cmd) {
    return cmd.substr(cmd.find(", ") + 2);
  };
  EXPECT_EQ(reason(Error("a 1 2 x'y")), literal + "\"x'y\"");
  EXPECT_EQ(reason(Error("a 1 2 x'\"y")), literal + "'x\\'\"y'");
  EXPECT_EQ(reason(Error("a 1 2 a\\b")), literal + "'a\\\\b'");
  // \x01 \x7f U+00AD U+200B U+E000 U+E0001 é 中 😀, as Python 3.11 shows it.
  EXPECT_EQ(reason(Error("a 1 2 \x01\x7f\xc2\xad\xe2\x80\x8b\xee\x80\x80"
                         "\xf3\xa0\x80\x81\xc3\xa9\xe4\xb8\xad"
                         "\xf0\x9f\x98\x80")),
            literal +
                "'\\x01\\x7f\\xad\\u200b\\ue000\\U000e0001\xc3\xa9\xe4\xb8\xad"
                "\xf0\x9f\x98\x80'");
  // "%.200R": the repr is cut at 200 characters (no closing quote).
  EXPECT_EQ(reason(Error("a 1 2 " + std::string(300, 'x'))),
            literal + "'" + std::string(199, 'x'));
}

// str.split(): runs of Unicode whitespace, \x1c-\x1f, \x85, \xa0, \u3000...
TEST(ColorfightCommandTest, SplitsOnPythonWhitespace) {
  ExpectAttack(
      "  a\t1\n2\r\x0b\x0c"
      "3  ",
      1, 2, 3);
  ExpectAttack(
      "a\x1c"
      "1\x1d"
      "2\x1e\x1f"
      "3",
      1, 2, 3);
  ExpectAttack(
      "a\xc2\xa0"
      "1\xe3\x80\x80"
      "2\xc2\x85"
      "3",
      1, 2, 3);
  ExpectAttack(
      "a\xe2\x80\x83"
      "1\xe2\x80\xa8"
      "2\xe2\x80\xaf"
      "3",
      1, 2, 3);
  // U+200B (zero width space) is not whitespace for Python.
  EXPECT_NE(Error("a\xe2\x80\x8b"
                  "1 2 3"),
            "");
  // Extra tokens are ignored (§6.2 step 6).
  ExpectAttack("a 1 2 3 junk 4", 1, 2, 3);
  EXPECT_EQ(ParseCommand("u 1 2 3").command.kind, CommandKind::kUpgrade);
}

// Every error text of §6.2 steps 2-4, as the recorded frames show them.
TEST(ColorfightCommandTest, ParseErrorsAreTheEnginesTexts) {
  EXPECT_EQ(Error(""), " is not a command");
  EXPECT_EQ(Error("    "), "     is not a command");
  EXPECT_EQ(Error("\t"), "\t is not a command");
  EXPECT_EQ(Error("A 1 2 3"),
            "A 1 2 3 is a wrong command, cmd type A is invalid");
  EXPECT_EQ(Error("attack 1 2 3"),
            "attack 1 2 3 is a wrong command, cmd type attack is invalid");
  EXPECT_EQ(Error("a,1,2,3"),
            "a,1,2,3 is a wrong command, cmd type a,1,2,3 is invalid");
  for (const char* text :
       {"a", "a 1", "a 1 2", "u", "u 1", "b 1 2", "b 0 0 "}) {
    EXPECT_EQ(Error(text), std::string(text) +
                               " is a wrong command, list index out of range");
  }
  EXPECT_EQ(Error("a 1.5 2 3"),
            "a 1.5 2 3 is a wrong command, invalid literal for int() with base "
            "10: '1.5'");
}

TEST(ColorfightCommandTest, FailureTextsAreTheEnginesTexts) {
  EXPECT_EQ(FailureText("u 1 1", Failure::kUpgradeEmpty),
            "u 1 1 failed, You can not upgrade empty cell.");
  EXPECT_EQ(FailureText("a 1 1 9", Failure::kAttackEnergy),
            "a 1 1 9 failed, Do not have enough energy to attack.");
  const std::pair<Failure, const char*> reasons[] = {
      {Failure::kAttackOffMap, "Attack position is not in the map"},
      {Failure::kAttackNoNeighbour, "No valid surrounding cell to attack"},
      {Failure::kBuildOffMap, "Build position is not in the map"},
      {Failure::kBuildNotOwn, "You need to build on your own cell"},
      {Failure::kBuildOccupied, "There is a building on this cell already"},
      {Failure::kBuildWrongType, "Not a correct building"},
      {Failure::kBuildGold, "Not enough gold"},
      {Failure::kBuildOneHome, "You can only have one home"},
      {Failure::kBuildNeedHome,
       "You need to have a home before build other buildings"},
      {Failure::kUpgradeOffMap, "Upgrade position is not in the map"},
      {Failure::kUpgradeNotOwn, "You need to upgrade on your own cell"},
      {Failure::kUpgradeMaxLevel, "Level is already at maximum"},
      {Failure::kUpgradeTech, "You need to upgrade home first"},
      {Failure::kUpgradeEnergy, "Not enough energy"},
      {Failure::kUpgradeGold, "Not enough gold"},
  };
  for (const auto& [failure, text] : reasons) {
    EXPECT_STREQ(FailureReason(failure), text);
  }
}

// Non-string entries: "<str(cmd)> is not a command" (§6.2 step 1).
TEST(ColorfightCommandTest, ListEntriesThatAreNotStringsUsePythonStr) {
  const boost::json::array list =
      boost::json::parse(
          R"(["a 1 2 3", 5, 3.5, true, false, null, [], {}, ["a", 1, 2, 3],)"
          R"( {"a": 1, "b": [null, "it's"]}, 1e16, 0.0001, 1e-05, -0.0, 100.0,)"
          R"( 18446744073709551615])")
          .as_array();
  const std::vector<ParsedCommand> parsed = ParseCommandList(list);
  ASSERT_EQ(parsed.size(), list.size());
  EXPECT_EQ(parsed[0].command.kind, CommandKind::kAttack);
  const char* expected[] = {"5",
                            "3.5",
                            "True",
                            "False",
                            "None",
                            "[]",
                            "{}",
                            "['a', 1, 2, 3]",
                            "{'a': 1, 'b': [None, \"it's\"]}",
                            "1e+16",
                            "0.0001",
                            "1e-05",
                            "-0.0",
                            "100.0",
                            "18446744073709551615"};
  for (size_t i = 1; i < parsed.size(); ++i) {
    EXPECT_EQ(parsed[i].command.kind, CommandKind::kInvalid);
    EXPECT_EQ(parsed[i].error,
              std::string(expected[i - 1]) + " is not a command");
  }
}

}  // namespace
}  // namespace wl::colorfight
