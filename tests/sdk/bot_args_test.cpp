// sdk/wl/bot_args.h and closest_name.h: a Warlight bot's --help and its
// refusal of unknown flags, named after the binary, with the nearest flag.
#include "sdk/wl/bot_args.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "sdk/common/closest_name.h"

namespace wl {
namespace {

struct Checked {
  int exit;
  std::string out, err;
};

Checked Check(std::vector<std::string> args) {
  std::vector<char*> argv = {const_cast<char*>("/x/build/bots/mybot")};
  for (std::string& a : args) argv.push_back(a.data());
  std::ostringstream out, err;
  const int exit =
      CheckBotArgs(static_cast<int>(argv.size()), argv.data(), "My bot.",
                   {kSeedFlag, {"quiet", "", "say nothing"}}, out, err);
  return {exit, out.str(), err.str()};
}

TEST(ClosestNameTest, TheNearestWithinAFewEdits) {
  EXPECT_EQ(EditDistance("mtach", "match"), 2u);
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_EQ(ClosestName("--seeds", {"--help", "--seed", "--speed"}), "--seed");
  EXPECT_EQ(ClosestName("mtach", {"arena", "match", "mapgen"}), "match");
  EXPECT_EQ(ClosestName("--bogus", {"--seed", "--help"}), "");
  EXPECT_EQ(ClosestName("x", {}), "");
  EXPECT_EQ(DidYouMean("--sed", {"--seed"}), " (did you mean --seed?)");
  EXPECT_EQ(DidYouMean("--zzzzzz", {"--seed"}), "");
}

TEST(BotArgsTest, HelpNamesTheBinaryAndItsFlags) {
  for (const char* help : {"--help", "-h"}) {
    const Checked c = Check({"--seed", "3", help});
    EXPECT_EQ(c.exit, 0);
    EXPECT_EQ(c.err, "");
    EXPECT_EQ(c.out.rfind("usage: mybot [options]\n\nMy bot.\n", 0), 0u)
        << c.out;
    EXPECT_NE(c.out.find("  --seed N  "), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("  --quiet  "), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("  --help  "), std::string::npos) << c.out;
  }
}

TEST(BotArgsTest, KnownFlagsGoOn) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {}, {"--seed", "3"}, {"--seed=3", "--quiet"}, {"--seed", "-1"}}) {
    const Checked c = Check(args);
    EXPECT_EQ(c.exit, -1) << c.err;
    EXPECT_EQ(c.out + c.err, "");
  }
}

TEST(BotArgsTest, AnythingElseIsOneLineAndExit2) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--bogus"}, "mybot: unknown option '--bogus'; see --help\n"},
      {{"--sed", "3"},
       "mybot: unknown option '--sed' (did you mean --seed?); see --help\n"},
      {{"--seed=3", "--qiet=1"},
       "mybot: unknown option '--qiet' (did you mean --quiet?); see --help\n"},
      {{"--hlep"},
       "mybot: unknown option '--hlep' (did you mean --help?); see --help\n"},
      {{"stray"}, "mybot: unexpected argument 'stray'; see --help\n"},
      {{"--seed"}, "mybot: --seed needs a value (--seed N); see --help\n"},
      {{"--quiet=yes"}, "mybot: --quiet takes no value; see --help\n"}};
  for (const auto& [args, message] : cases) {
    const Checked c = Check(args);
    EXPECT_EQ(c.exit, 2) << args[0];
    EXPECT_EQ(c.err, message);
    EXPECT_EQ(c.out, "");
  }
}

TEST(BotArgsTest, BotNameIsArgv0sFileName) {
  std::vector<char*> argv = {const_cast<char*>("bots/mybot")};
  EXPECT_EQ(BotName(1, argv.data()), "mybot");
  argv[0] = const_cast<char*>("");
  EXPECT_EQ(BotName(1, argv.data()), "bot");
  EXPECT_EQ(BotName(0, argv.data()), "bot");
}

}  // namespace
}  // namespace wl
