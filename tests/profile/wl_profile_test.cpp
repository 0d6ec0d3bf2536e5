// wl_profile_test.cpp: `warlight profile` of Warlight 2 (WlGame): whole
// profiles of real processes, a deliberately slow script among them whose
// time-outs (and kill) must match its dump, and the game's flags.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "common/files.h"
#include "gtest/gtest.h"
#include "profile/profile.h"
#include "shell.h"
#include "wl/commands/wl_game.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr char kTimedOut[] = "Response timed out (";
constexpr char kSkipping[] =
    "Maximum number (2) of time-outs reached: skipping all moves.";

int Count(const std::string& text, const std::string& what) {
  return wl::testing::Occurrences(text, what);
}

fs::path TempDir(const std::string& name) {
  return wl::testing::FreshTempDir("profile_" + name);
}

using wl::testing::ShellQuote;

std::string BuiltBot(const std::string& name) {
  return (fs::path(WL_BINARY_DIR) / "bots" / name).string();
}

// Runs ProfileMain of a fresh WlGame on these arguments; the exit status.
int RunProfile(std::vector<std::string> args) {
  WlGame game;
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return ProfileMain(game, static_cast<int>(argv.size()), argv.data());
}

json::object ReadJson(const fs::path& file) {
  return json::parse(ReadFileToString(file.string()).value_or("null"))
      .as_object();
}

int64_t Int(const json::value& v) { return v.to_number<int64_t>(); }

// ---- Whole profiles through processes --------------------------------------

TEST(ProfileTest, FlagErrorsAreOneLineAndStatus2) {
  EXPECT_EQ(RunProfile({}), 2);
  EXPECT_EQ(RunProfile({"a", "b"}), 2);
  EXPECT_EQ(RunProfile({"x", "--games", "0"}), 2);
  EXPECT_EQ(RunProfile({"x", "--regions", "3"}), 2);
  EXPECT_EQ(RunProfile({"x", "--timebank", "0"}), 2);
  EXPECT_EQ(RunProfile({"x", "--maps", "/nonexistent/maps"}), 2);
  EXPECT_EQ(RunProfile({"--help"}), 0);
}

// A bot that needs 600 ms for every answer, under a 1000 ms bank with 100
// ms per answer: the bank drains, time-outs come, the third kills it. The
// profile must count exactly the time-outs of its dump, and say it was
// killed.
TEST(ProfileTest, SlowScriptTimeoutsMatchTheDump) {
  const fs::path random = BuiltBot("random");
  if (!fs::exists(random)) GTEST_SKIP() << "build the random bot first";
  const fs::path dir = TempDir("slow");
  const fs::path script = dir / "slow.sh";
  ASSERT_TRUE(WriteFileAtomically(script.string(),
                                  "#!/bin/sh\n"
                                  "while IFS= read -r line; do\n"
                                  "  case \"$line\" in\n"
                                  "    pick_starting_region*|go\\ *)\n"
                                  "      sleep 0.6; echo 'No moves';;\n"
                                  "  esac\n"
                                  "done\n")
                  .ok());
  const fs::path out = dir / "out";
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(RunProfile({"sh " + script.string(), "--games", "1", "--seed", "3",
                        "--regions", "12", "--opponent",
                        random.string() + " --seed 5", "--timebank", "1000",
                        "--time-per-move", "100", "--out", out.string()}),
            0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));

  json::object report = ReadJson(out / "profile.json");
  ASSERT_EQ(report.at("game_list").as_array().size(), 1u);
  const json::object& game = report.at("game_list").at(0).as_object();
  const std::string seat(game.at("seat").as_string());
  const fs::path game_dir(std::string(game.at("dir").as_string()));
  const std::string dump =
      ReadFileToString((game_dir / ("dump_" + seat + ".txt")).string())
          .value_or("");
  ASSERT_FALSE(dump.empty()) << game_dir;
  EXPECT_EQ(Int(report.at("timeouts")), Count(dump, kTimedOut)) << dump;
  EXPECT_EQ(Int(game.at("timeouts")), Count(dump, kTimedOut));
  EXPECT_EQ(Int(report.at("timeouts")), 3);  // the third kills the bot
  EXPECT_TRUE(game.at("killed").as_bool());
  EXPECT_EQ(Int(report.at("games_killed")), 1);
  EXPECT_EQ(Int(report.at("skipped_requests")), Count(dump, kSkipping));
  EXPECT_GT(Int(report.at("skipped_requests")), 0);
  EXPECT_EQ(Int(report.at("lowest_bank_left_ms")), 0);
  EXPECT_FALSE(report.at("time_rules").at("official").as_bool());
  // The answer times are the wall clock's: its answers take 600 ms.
  const json::array& kinds = report.at("requests").as_array();
  EXPECT_GE(kinds.at(3).at("max_ms").to_number<double>(), 590);
  EXPECT_EQ(kinds.at(3).at("kind").as_string(), "all");
  // The time used is the engine's, as result.json says.
  json::object result = ReadJson(game_dir / "result.json");
  const int seat_index = seat == "player1" ? 0 : 1;
  EXPECT_EQ(Int(game.at("time_used_ms")),
            Int(result.at("players").at(seat_index).at("time_used_ms")));
  EXPECT_EQ(Int(result.at("players").at(seat_index).at("timeouts")), 3);
  fs::remove_all(dir);
}

// Fast bots under the official rules: no time-out, one place and one
// attack request per round played, both seats.
TEST(ProfileTest, FastBuiltInBotsHaveNoTimeouts) {
  const fs::path random = BuiltBot("random");
  if (!fs::exists(random)) GTEST_SKIP() << "build the bots first";
  for (const std::string name : {"starter", "greedy"}) {
    const fs::path bot = BuiltBot(name);
    if (!fs::exists(bot)) continue;
    SCOPED_TRACE(name);
    const fs::path out = TempDir(name);
    ASSERT_EQ(
        RunProfile({bot.string(), "--games", "2", "--seed", "9", "--regions",
                    "20", "--opponent", random.string() + " --seed 5", "--out",
                    out.string(), "--json"}),
        0);
    json::object report = ReadJson(out / "profile.json");
    EXPECT_EQ(Int(report.at("timeouts")), 0);
    EXPECT_EQ(Int(report.at("games_killed")), 0);
    EXPECT_TRUE(report.at("time_rules").at("official").as_bool());
    const json::array& kinds = report.at("requests").as_array();
    ASSERT_EQ(kinds.size(), 4u);
    EXPECT_GT(Int(kinds[0].at("count")), 0);  // pick
    EXPECT_GT(Int(kinds[1].at("count")), 0);  // place
    EXPECT_GE(Int(kinds[1].at("count")), Int(kinds[2].at("count")));
    EXPECT_GT(report.at("unused_share").to_number<double>(), 0.5);
    const json::array& games = report.at("game_list").as_array();
    ASSERT_EQ(games.size(), 2u);
    EXPECT_NE(games[0].at("seat").as_string(), games[1].at("seat").as_string());
    int64_t places = 0;
    for (const json::value& g : games) {
      const std::string dump =
          ReadFileToString(
              (fs::path(std::string(g.at("dir").as_string())) /
               ("dump_" + std::string(g.at("seat").as_string()) + ".txt"))
                  .string())
              .value_or("");
      places += Count(dump, "go place_armies ");
      EXPECT_EQ(Count(dump, kTimedOut), 0);
    }
    EXPECT_EQ(Int(kinds[1].at("count")), places);
    fs::remove_all(out);
  }
}

// Each rule set profiles: WL1 (one pick_starting_regions request a game,
// 2000 ms per request, wl1 §10) and Dingle (no pick unless --starts
// manual, 60000 ms per decision, dingle §11). The bot answers after an
// empty line, which WL1's engine reads past (wl1 §9.1, TimingSeat's
// ReadNext): no time-out.
TEST(ProfileTest, EachRuleSetProfilesItsOwnRequests) {
  const fs::path random = BuiltBot("random");
  const fs::path starter = BuiltBot("starter");
  if (!fs::exists(random) || !fs::exists(starter))
    GTEST_SKIP() << "build the bots first";
  const fs::path dir = TempDir("rules");
  const fs::path script = dir / "blank_first.sh";
  // The starter, with an empty line before each placement answer.
  const std::string text = "#!/bin/sh\n" + ShellQuote(starter.string()) +
                           R"( | while IFS= read -r line; do
  case "$line" in
    *place_armies*) echo; echo "$line";;
    *) echo "$line";;
  esac
done
)";
  ASSERT_TRUE(WriteFileAtomically(script.string(), text).ok());
  struct Case {
    std::vector<std::string> flags;
    std::string bot;
    int64_t picks_per_game, ms_per_request;
  };
  const std::vector<Case> cases = {
      {{"--rules", "wl1"}, "sh " + script.string(), 1, 2000},
      {{"--rules", "dingle"}, starter.string(), 0, 60000},
      {{"--rules", "dingle", "--starts", "manual"},
       starter.string(),
       4,
       60000}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.flags.back());
    const fs::path out = dir / ("out" + c.flags.back());
    std::vector<std::string> args = {c.bot,
                                     "--games",
                                     "2",
                                     "--seed",
                                     "4",
                                     "--opponent",
                                     random.string() + " --seed 5",
                                     "--out",
                                     out.string()};
    args.insert(args.end(), c.flags.begin(), c.flags.end());
    ASSERT_EQ(RunProfile(args), 0);
    json::object report = ReadJson(out / "profile.json");
    EXPECT_EQ(Int(report.at("timeouts")), 0);
    EXPECT_TRUE(report.at("time_rules").at("official").as_bool());
    EXPECT_EQ(report.at("time_rules").at("rules").as_string(), c.flags[1]);
    EXPECT_EQ(report.at("game_list").at(0).at("map").as_string(),
              c.flags[1] + "-earth");
    const json::array& kinds = report.at("requests").as_array();
    EXPECT_EQ(kinds[0].at("kind"), "pick");
    EXPECT_EQ(Int(kinds[0].at("count")), 2 * c.picks_per_game);
    const int64_t requests = Int(kinds[3].at("count"));
    EXPECT_EQ(Int(report.at("time_available_ms")), requests * c.ms_per_request);
    // Dingle's engine waits 150 ms more than its rule (dingle §11).
    EXPECT_EQ(Int(kinds[1].at("lowest_bank_ms")),
              c.ms_per_request + (c.ms_per_request == 60000 ? 150 : 0));
  }
  fs::remove_all(dir);
}

// A silent bot under WL1: its pick and two go requests time out (2000 ms
// each, wl1 §10); the engine then sends no more go requests and does not
// kill it (wl1 §10.2): the profile counts the two time-outs and the skipped
// requests of its dump, and no kill.
TEST(ProfileTest, Wl1SkipsASilentBotsRequestsWithoutKillingIt) {
  const fs::path random = BuiltBot("random");
  if (!fs::exists(random)) GTEST_SKIP() << "build the random bot first";
  const fs::path dir = TempDir("wl1_silent");
  const fs::path out = dir / "out";
  ASSERT_EQ(RunProfile({"cat > /dev/null", "--games", "1", "--seed", "2",
                        "--rules", "wl1", "--opponent",
                        random.string() + " --seed 5", "--out", out.string()}),
            0);
  json::object report = ReadJson(out / "profile.json");
  const json::object& game = report.at("game_list").at(0).as_object();
  const fs::path game_dir(std::string(game.at("dir").as_string()));
  const std::string dump =
      ReadFileToString(
          (game_dir /
           ("dump_" + std::string(game.at("seat").as_string()) + ".txt"))
              .string())
          .value_or("");
  EXPECT_EQ(Int(report.at("timeouts")), 3);  // the pick and two go requests
  EXPECT_EQ(Int(report.at("games_killed")), 0);
  EXPECT_EQ(Int(report.at("skipped_requests")),
            Count(dump, "Maximum number of idle moves returned: skipping"));
  EXPECT_GT(Int(report.at("skipped_requests")), 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
