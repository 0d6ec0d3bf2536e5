#include "runner.h"

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bots/starter/starter_bot.h"
#include "gtest/gtest.h"
#include "sdk/answer_check.h"
#include "sdk/runner_session.h"

namespace wl {
namespace {

using testing::CheckSession;

const std::vector<std::string> kSession = [] {
  std::vector<std::string> lines =
      testing::FourRegionOpening("1 2 2 3 3 4", "1 4");
  lines.insert(
      lines.end(),
      {"setup_map opponent_starting_regions 4", "settings starting_armies 5",
       "update_map 1 player1 2 2 neutral 2", "opponent_moves",
       "go place_armies 10000", "go attack/transfer 10000",
       "settings starting_armies 5",
       "update_map 1 player1 2 2 player1 5 3 neutral 2",
       "opponent_moves player2 place_armies 4 5", "go place_armies 9000",
       "go attack/transfer 9000"});
  return lines;
}();

TEST(RunnerTest, AnswersEachRequestWithOneWellFormedLine) {
  std::vector<std::string> answers = CheckSession(kSession);
  ASSERT_EQ(answers.size(), 5u);
  EXPECT_EQ(answers[0], "1");  // the smaller super region is 1 (bonus 2)
  EXPECT_EQ(answers[1], "player1 place_armies 1 5");
  EXPECT_EQ(answers[2], "player1 attack/transfer 1 2 3");
}

TEST(RunnerTest, SanitisesWhatABotGetsWrong) {
  struct BadBot : Bot {
    int PickStartingRegion(const View&) override { return 99; }
    std::vector<Move> PlaceArmies(const View&) override {
      return {Move::Place(1, 4), Move::Place(3, 1), Move::Place(1, 0),
              Move::AttackTransfer(1, 2, 1), Move::Place(1, 7)};
    }
    std::vector<Move> AttackTransfer(const View&) override {
      std::vector<Move> many(60, Move::AttackTransfer(1, 2, 1));
      many.insert(many.begin(), Move::AttackTransfer(1, 3, 1));
      return many;
    }
  } bot;
  std::string input;
  for (const std::string& line : kSession) input += line + "\n";
  std::istringstream in(input);
  std::ostringstream out, log;
  wl::Run(bot, in, out, log);
  const std::string text = out.str();
  std::vector<std::string_view> lines = testing::Split(text, "\n");
  ASSERT_EQ(lines.size(), 6u);  // five answers and the empty tail
  EXPECT_EQ(lines[0], "1");
  EXPECT_EQ(lines[1], "player1 place_armies 1 4, player1 place_armies 1 1");
  EXPECT_EQ(testing::Split(lines[2], ", ").size(), 50u);
  EXPECT_NE(log.str().find("not a neighbour"), std::string::npos);
}

TEST(RunnerTest, AThrowingBotAnswersNoMoves) {
  struct ThrowingBot : Bot {
    int PickStartingRegion(const View&) override { throw 1; }
    std::vector<Move> PlaceArmies(const View&) override {
      throw std::runtime_error("boom");
    }
    std::vector<Move> AttackTransfer(const View&) override { return {}; }
  } bot;
  std::string input;
  for (const std::string& line : kSession) input += line + "\n";
  std::istringstream in(input);
  std::ostringstream out, log;
  EXPECT_EQ(wl::Run(bot, in, out, log), 0);
  EXPECT_EQ(out.str().substr(0, 18), "No moves\nNo moves\n");
}

// Garbage interleaved with a real session: never a crash, one line per
// request, and every line well formed.
TEST(RunnerTest, GarbageNeverCrashesOrProducesMalformedAnswers) {
  std::mt19937 rng(5);
  const std::vector<std::string> garbage = {
      "",
      "   ",
      "\r",
      "go place_armies",
      "go attack/transfer -5",
      "pick_starting_region x 1",
      "pick_starting_region 100 77 1",
      "update_map 1 player1 999999999999999999999",
      "update_map -1 player1 2",
      "update_map 1 player2 5 2 player1 2147483647",
      "setup_map neighbors 4 1",
      "settings your_bot player2",
      "settings starting_armies 2147483647",
      "opponent_moves player1 attack/transfer 1 2",
      "go go go",
      "settings starting_regions -4",
      "setup_map regions 9 1"};
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::string> lines;
    for (const std::string& line : kSession) {
      if (rng() % 3 == 0) {
        lines.push_back(garbage[rng() % garbage.size()]);
      }
      if (rng() % 4 == 0) {
        std::string bytes;
        for (int i = rng() % 40; i > 0; --i)
          bytes += static_cast<char>(rng() % 256);
        bytes.erase(std::remove(bytes.begin(), bytes.end(), '\n'), bytes.end());
        lines.push_back(bytes);
      }
      if (rng() % 8 == 0)
        lines.push_back(line.substr(0, rng() % (line.size() + 1)));
      if (rng() % 10 != 0) lines.push_back(line);
    }
    CheckSession(lines);
  }
}

}  // namespace
}  // namespace wl
