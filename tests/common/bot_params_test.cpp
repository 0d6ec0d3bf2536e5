// A bot's tunable parameters as the tools see them (tools/common/
// bot_params.h) and through WlGame: in process through wl::Tunable, as a
// process through --list-params and --param NAME=VALUE flags.
#include "common/bot_params.h"

#include <chrono>
#include <filesystem>
#include <fstream>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"
#include "tests/tune/synthetic_game.h"
#include "wl/commands/wl_game.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

// A script bot in `dir` running `body` (sh).
std::string Script(const fs::path& dir, const std::string& name,
                   const std::string& body) {
  const fs::path path = dir / name;
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  fs::permissions(path, fs::perms::owner_all);
  return path.string();
}

struct Knobs : wl::Tunable {
  double share = 0.5;
  int reserve = 4;
  void DeclareParams(wl::ParamSet& params) override {
    params.Add("share", &share, 0.0, 1.0, 0.05);
    params.Add("reserve", &reserve, 0, 20, 1);
  }
};

struct NotKnobs {
  virtual ~NotKnobs() = default;
};

TEST(BotParamsTest, SetsClampedValuesInProcess) {
  Knobs k;
  EXPECT_TRUE(SetBotParams(&k, "k", {{"share", 1.7}, {"reserve", 6.6}}).ok());
  EXPECT_EQ(k.share, 1.0);  // clamped to max
  EXPECT_EQ(k.reserve, 7);  // an int: the nearest
  absl::Status unknown = SetBotParams(&k, "k", {{"sharee", 0.1}});
  EXPECT_NE(unknown.message().find("no parameter 'sharee'"), std::string::npos);
  NotKnobs n;
  EXPECT_TRUE(SetBotParams(&n, "n", {}).ok());  // nothing to set
  absl::Status refused = SetBotParams(&n, "n", {{"share", 0.1}});
  EXPECT_NE(refused.message().find("not a wl::Tunable"), std::string::npos);
  absl::StatusOr<std::vector<wl::Param>> declared = ParamsOfBot(&k, "k");
  ASSERT_TRUE(declared.ok());
  EXPECT_EQ(declared->at(1).value, 7);
  EXPECT_EQ(declared->at(1).integer, nullptr);  // detached from the bot
  EXPECT_FALSE(ParamsOfBot(&n, "n").ok());
}

TEST(BotParamsTest, FlagsReadBackExactly) {
  EXPECT_EQ(ParamFlags({{"a", 0.1}, {"b", 4}, {"c", 1.0 / 3}}),
            " --param a=0.1 --param b=4 --param c=0.3333333333333333");
  EXPECT_EQ(ParamFlags({}), "");
}

TEST(BotParamsTest, ParsesListParams) {
  absl::StatusOr<std::vector<wl::Param>> p =
      ParseParamList("x 5 0 10 1\n\ny 0.5 0 1 0.1\n", "bot");
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->size(), 2u);
  EXPECT_EQ(p->at(1).name, "y");
  EXPECT_EQ(p->at(1).step, 0.1);
  for (const char* bad : {"", "x 5 0 10", "x 5 0 10 1 extra", "x 11 0 10 1",
                          "x 5 10 0 1", "x;rm 5 0 10 1", "x five 0 10 1"}) {
    absl::StatusOr<std::vector<wl::Param>> q = ParseParamList(bad, "bot");
    EXPECT_FALSE(q.ok()) << bad;
    EXPECT_EQ(q.status().message().find('\n'), std::string::npos);
  }
}

TEST(BotParamsTest, ProcessBotsListAndTakeParams) {
  const fs::path dir = testing::FreshTempDir("tune_params");
  const std::string args = (dir / "args.txt").string();
  const std::string bot =
      Script(dir, "bot.sh",
             "for a in \"$@\"; do [ \"$a\" = --list-params ] && "
             "{ echo 'x 5 0 10 1'; echo 'y 0.5 0 1 0.1'; exit 0; }; done\n"
             "echo \"$@\" >> " +
                 testing::ShellQuote(args));
  WlGame game;
  absl::StatusOr<std::vector<wl::Param>> declared = game.BotParams(bot);
  ASSERT_TRUE(declared.ok()) << declared.status();
  ASSERT_EQ(declared->size(), 2u);
  EXPECT_EQ(declared->at(0).name, "x");

  GameSetup setup;
  setup.seed = 3;
  setup.seats.resize(2);
  setup.seats[0].bot = bot;
  setup.seats[0].params = {{"x", 7}, {"y", 0.25}};
  setup.seats[1].bot = bot;
  ASSERT_TRUE(game.Play(setup).ok());
  const std::string seen = *ReadFileToString(args);
  EXPECT_NE(seen.find("--param x=7 --param y=0.25"), std::string::npos) << seen;
  EXPECT_EQ(testing::Occurrences(seen, "--param"), 2) << seen;
}

// --list-params's optional sixth word "int" marks an int parameter; any
// other sixth word is refused.
TEST(BotParamsTest, ListLinesMayMarkIntParams) {
  absl::StatusOr<std::vector<wl::Param>> p =
      ParseParamList("share 0.5 0 1 0.05\nreserve 4 0 20 1 int\n", "bot");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_FALSE(p->at(0).is_integer);
  EXPECT_TRUE(p->at(1).is_integer);
  EXPECT_FALSE(ParseParamList("reserve 4 0 20 1 integer\n", "bot").ok());
  EXPECT_FALSE(ParseParamList("reserve 4 0 20 1 int x\n", "bot").ok());
  Knobs k;
  absl::StatusOr<std::vector<wl::Param>> detached = ParamsOfBot(&k, "k");
  ASSERT_TRUE(detached.ok());
  EXPECT_TRUE(detached->at(1).is_integer);  // kept when detached
}

TEST(BotParamsTest, BadListsAreOneLineErrors) {
  const fs::path dir = testing::FreshTempDir("tune_bad_params");
  WlGame game;
  game.set_list_params_deadline(milliseconds(300));
  for (const auto& [name, body, why] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"garbage.sh", "echo hello",
            "not \"NAME DEFAULT MIN MAX STEP [int]\""},
           {"silent.sh", "exit 0", "printed no parameter"},
           {"fails.sh", "echo 'x 1 0 2 1'; exit 3", "did not exit with 0"},
           {"sleeps.sh", "exec sleep 30", "did not answer --list-params"}}) {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<std::vector<wl::Param>> p =
        game.BotParams(Script(dir, name, body));
    EXPECT_LT(std::chrono::steady_clock::now() - start,
              std::chrono::seconds(5));
    ASSERT_FALSE(p.ok()) << name;
    EXPECT_NE(p.status().message().find(why), std::string::npos) << p.status();
    EXPECT_EQ(p.status().message().find('\n'), std::string::npos);
  }
  SyntheticGame synthetic({}, {});
  EXPECT_FALSE(
      synthetic.GameAdapter::BotParams("x").ok());  // GameAdapter's default
}

// A built-in bot tuned in process plays exactly as its binary given the
// same values as --param flags (skipped while greedy declares none).
TEST(BotParamsTest, InProcessAndProcessPlayTheSameWithParams) {
  WlGame game;
  absl::StatusOr<std::vector<wl::Param>> declared = game.BotParams("greedy");
  if (!declared.ok() || declared->empty())
    GTEST_SKIP() << "greedy declares no parameters yet";
  const fs::path binary = fs::path(WL_BINARY_DIR) / "bots" / "greedy";
  if (!fs::exists(binary)) GTEST_SKIP() << binary << " is not built";
  const wl::Param& p = declared->front();
  // The bound farther from the default.
  const double value = p.value - p.min > p.max - p.value ? p.min : p.max;
  for (int64_t seed : {3, 4}) {
    GameSetup setup;
    setup.seed = seed;
    setup.keep_files = true;
    setup.seats.resize(2);
    for (int i = 0; i < 2; ++i) {
      setup.seats[i].bot = "greedy";
      setup.seats[i].seed = 10 + i;
    }
    setup.seats[0].params = {{p.name, value}};
    absl::StatusOr<std::unique_ptr<PlayedGame>> in_process = game.Play(setup);
    // The same bots as processes: the binary, seeded as in process.
    for (int i = 0; i < 2; ++i) {
      setup.seats[i].bot = testing::ShellQuote(binary.string()) + " --seed " +
                           std::to_string(10 + i);
    }
    absl::StatusOr<std::unique_ptr<PlayedGame>> process = game.Play(setup);
    setup.seats[0].params.clear();
    absl::StatusOr<std::unique_ptr<PlayedGame>> untuned = game.Play(setup);
    ASSERT_TRUE(in_process.ok() && process.ok() && untuned.ok());
    EXPECT_FALSE((*process)->seats[0].crashed) << (*process)->seats[0].crash;
    EXPECT_EQ((*in_process)->Transcript(), (*process)->Transcript()) << seed;
    EXPECT_NE((*process)->Transcript(), (*untuned)->Transcript()) << seed;
  }
}

}  // namespace
}  // namespace wl::tools
