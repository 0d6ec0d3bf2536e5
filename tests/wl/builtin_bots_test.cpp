// The bot registry generated from bots/*/ (cmake/WlBots.cmake) and the way
// it makes each bot (MakeSeededBot): every bot folder of this repository
// plays in process, seeded as its process is with --seed.
#include "wl/builtin_bots.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bots/random/random_bot.h"
#include "gtest/gtest.h"
#include "runner.h"

namespace wl::tools {
namespace {

struct SeededBot : Bot {
  explicit SeededBot(uint64_t seed) : seed(seed) {}
  int PickStartingRegion(const View&) override { return 0; }
  std::vector<Move> PlaceArmies(const View&) override { return {}; }
  std::vector<Move> AttackTransfer(const View&) override { return {}; }
  uint64_t seed;
};

struct PlainBot : Bot {
  int PickStartingRegion(const View&) override { return 0; }
  std::vector<Move> PlaceArmies(const View&) override { return {}; }
  std::vector<Move> AttackTransfer(const View&) override { return {}; }
  bool made = true;
};

TEST(MakeSeededBotTest, PassesTheSeedWhenTheClassTakesOne) {
  std::unique_ptr<Bot> bot = MakeSeededBot<SeededBot>(42);
  ASSERT_NE(dynamic_cast<SeededBot*>(bot.get()), nullptr);
  EXPECT_EQ(static_cast<SeededBot&>(*bot).seed, 42u);
}

TEST(MakeSeededBotTest, DefaultConstructsAClassWithoutASeed) {
  std::unique_ptr<Bot> bot = MakeSeededBot<PlainBot>(42);
  ASSERT_NE(dynamic_cast<PlainBot*>(bot.get()), nullptr);
  EXPECT_TRUE(static_cast<PlainBot&>(*bot).made);
}

TEST(BuiltInBotsTest, TheRegistryHoldsEveryBotOfThisRepositoryByFolder) {
  std::vector<std::string> names, classes;
  for (const RegisteredBot& bot : RegisteredBots()) {
    names.push_back(bot.name);
    classes.push_back(bot.class_name);
    EXPECT_TRUE(std::filesystem::exists(std::string(WL_SOURCE_DIR) + "/bots/" +
                                        bot.name + "/main.cpp"))
        << bot.name;
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_EQ(BuiltInBotNames(), names);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"greedy", "GreedyBot"},
      {"mcts", "MctsBot"},
      {"random", "RandomBot"},
      {"starter", "StarterBot"}};
  for (const auto& [name, class_name] : expected) {
    auto at = std::find(names.begin(), names.end(), name);
    ASSERT_NE(at, names.end()) << name;
    EXPECT_EQ(classes[at - names.begin()], class_name);
    EXPECT_TRUE(IsBuiltInBot(name));
    EXPECT_NE(MakeBuiltInBot(name, 1), nullptr) << name;
  }
  EXPECT_FALSE(IsBuiltInBot("no_such_bot"));
  EXPECT_EQ(MakeBuiltInBot("no_such_bot", 1), nullptr);
}

// The answers of `bot` to the recorded session scripts/data/session_small.txt.
std::string PlaySession(Bot& bot) {
  std::ifstream file(std::string(WL_SOURCE_DIR) +
                     "/scripts/data/session_small.txt");
  std::ostringstream out, log;
  Run(bot, file, out, log);
  return out.str();
}

TEST(BuiltInBotsTest, ASeededBotInProcessPlaysAsItsProcessDoesWithThatSeed) {
  // `random --seed 7` runs RandomBot(7); the arena's random with seed 7
  // must be the same bot.
  std::unique_ptr<Bot> in_process = MakeBuiltInBot("random", 7);
  ASSERT_NE(in_process, nullptr);
  RandomBot seven(7), eight(8);
  const std::string answers = PlaySession(*in_process);
  EXPECT_EQ(answers, PlaySession(seven));
  EXPECT_NE(answers, PlaySession(eight)) << "the session cannot tell seeds";
}

}  // namespace
}  // namespace wl::tools
