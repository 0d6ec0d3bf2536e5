// warlight arena: the schedule, shards, resuming after a killed run, and
// in-process play giving the same games as process play.
#include "arena/arena.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

fs::path TempDir(const std::string& name) {
  return wl::testing::FreshTempDir("arena_" + name);
}

std::string Warlight() {
  return (fs::path(WL_BINARY_DIR) / "warlight").string();
}

std::vector<ArenaResult> ReadResults(const fs::path& file) {
  std::vector<ArenaResult> results;
  std::istringstream in(ReadFileToString(file.string()).value_or(""));
  for (std::string line; std::getline(in, line);) {
    ArenaResult r;
    if (line.find("arena_settings") != std::string::npos) continue;
    EXPECT_TRUE(ParseResultLine(line, &r)) << "bad line: " << line;
    results.push_back(r);
  }
  return results;
}

TEST(ArenaTest, ScheduleIsDeterministicAndPlaysEachSeedInBothSeats) {
  std::vector<ArenaGame> a = Schedule({"x", "y", "z"}, 6, 42, {});
  std::vector<ArenaGame> b = Schedule({"x", "y", "z"}, 6, 42, {});
  ASSERT_EQ(a.size(), 18u);  // 3 pairs x 3 seeds x 2 seats
  std::set<std::string> keys;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].key, b[i].key);
    EXPECT_TRUE(keys.insert(a[i].key).second) << "duplicate key";
    if (i % 2 == 1) {  // the same seed, seats swapped
      EXPECT_EQ(a[i].seed, a[i - 1].seed);
      EXPECT_EQ(a[i].bots[0], a[i - 1].bots[1]);
      EXPECT_TRUE(a[i].swapped);
    }
  }
  EXPECT_NE(Schedule({"x", "y"}, 2, 43, {})[0].seed, a[0].seed);
  // Two maps: the three seeds use both before repeating one.
  std::vector<ArenaGame> with_maps = Schedule({"x", "y"}, 6, 1, {"m1", "m2"});
  EXPECT_NE(with_maps[0].map, with_maps[2].map);
  EXPECT_EQ(with_maps[4].map, with_maps[0].map);
  EXPECT_EQ(with_maps[1].map, with_maps[0].map);  // the same seed, swapped
}

TEST(ArenaTest, ResultLinesRoundTrip) {
  ArenaResult r;
  r.key = "a|b|seed=5|map=generated|swap=1";
  r.lineup[0] = "a";
  r.lineup[1] = "b";
  r.bots[0] = "b";
  r.bots[1] = "a";
  r.seed = 5;
  r.winner = "player2";
  r.rounds = 77;
  r.timeouts[1] = 2;
  r.illegal_moves[0] = 3;
  r.parse_errors[1] = 4;
  r.time_used_ms[0] = 1234;
  r.rejected_moves[0] = 1;
  r.failed_moves[0] = 2;
  r.crashed[1] = true;
  r.crash_round[1] = 12;
  r.crash[1] = "signal 11";
  ArenaResult back;
  ASSERT_TRUE(ParseResultLine(ResultToJsonLine(r), &back));
  EXPECT_EQ(ResultToJsonLine(back), ResultToJsonLine(r));
  EXPECT_FALSE(ParseResultLine("{\"key\":\"x\"", &back));  // a cut line
  // The pair's score is from the first bot's side: a won as player2.
  Score s = PairScore({r}, "a", "b");
  EXPECT_EQ(s.wins, 1);
  EXPECT_EQ(s.losses, 0);
}

// A run killed mid-way and re-run with the same arguments ends with every
// scheduled game exactly once.
TEST(ArenaTest, ResumeAfterAKilledRunLosesAndDuplicatesNothing) {
  fs::path dir = TempDir("resume");
  fs::path results = dir / "results.jsonl";
  const std::string args =
      " arena random starter --games 40 --jobs 2 --regions 20 "
      "--seed 9 --results " +
      results.string();
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    std::string r = results.string();
    ::execl(Warlight().c_str(), "warlight", "arena", "random", "starter",
            "--games", "40", "--jobs", "2", "--regions", "20", "--seed", "9",
            "--results", r.c_str(), nullptr);
    ::_exit(127);
  }
  // Kill it once some, but not all, games are in.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    std::string text = ReadFileToString(results.string()).value_or("");
    if (std::count(text.begin(), text.end(), '\n') >= 6) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  // A torn last line, as a kill during a write would leave.
  {
    std::FILE* f = std::fopen(results.c_str(), "a");
    std::fputs("{\"key\":\"rand", f);
    std::fclose(f);
  }
  std::string torn = ReadFileToString(results.string()).value_or("");
  size_t before = std::count(torn.begin(), torn.end(), '\n') - 1;
  EXPECT_GE(before, 1u);
  EXPECT_LT(before, 40u) << "the run was not killed mid-way";

  ASSERT_EQ(std::system((Warlight() + args + " > /dev/null 2>&1").c_str()), 0);
  std::vector<ArenaResult> after = ReadResults(results);
  std::set<std::string> keys;
  for (const ArenaResult& r : after)
    EXPECT_TRUE(keys.insert(r.key).second) << r.key;
  std::set<std::string> scheduled;
  for (const ArenaGame& g : Schedule({"random", "starter"}, 40, 9, {}))
    scheduled.insert(g.key);
  EXPECT_EQ(keys, scheduled);
  fs::remove_all(dir);
}

TEST(ArenaTest, ShardsSplitTheScheduleAndMergeGivesTheWholeTable) {
  fs::path dir = TempDir("shards");
  std::string common =
      " arena random starter --games 12 --regions 20 --seed 4 --jobs 1";
  for (int k = 1; k <= 3; ++k) {
    std::string cmd = Warlight() + common + " --shard " + std::to_string(k) +
                      "/3 --results " +
                      (dir / ("s" + std::to_string(k))).string() +
                      " > /dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  std::set<std::string> keys;
  size_t total = 0;
  for (int k = 1; k <= 3; ++k) {
    for (const ArenaResult& r : ReadResults(dir / ("s" + std::to_string(k)))) {
      keys.insert(r.key);
      ++total;
    }
  }
  EXPECT_EQ(total, 12u);
  EXPECT_EQ(keys.size(), 12u);
  std::string merged = dir / "merged.txt";
  ASSERT_EQ(
      std::system((Warlight() + " arena merge " + (dir / "s1").string() + " " +
                   (dir / "s2").string() + " " + (dir / "s3").string() + " " +
                   (dir / "s1").string() + " > " + merged)
                      .c_str()),
      0);
  std::string table = ReadFileToString(merged).value_or("");
  EXPECT_NE(table.find("random vs starter"), std::string::npos) << table;
  EXPECT_NE(table.find("    12 "), std::string::npos)
      << table;  // 12 games, not 16
  fs::remove_all(dir);
}

// Each game's winner, rounds and illegal moves by key, of a results file.
std::map<std::string, std::string> Outcomes(const fs::path& results) {
  std::map<std::string, std::string> outcomes;
  for (const ArenaResult& r : ReadResults(results)) {
    outcomes[r.key] = r.winner + "/" + std::to_string(r.rounds) + "/" +
                      std::to_string(r.illegal_moves[0]) + "/" +
                      std::to_string(r.illegal_moves[1]);
  }
  return outcomes;
}

// The arena with `flags` plays the same 8 games in process and through
// processes (the bots of bots/ built as programs).
void ExpectInProcessEqualsProcesses(const std::string& name,
                                    const std::string& flags) {
  fs::path dir = TempDir(name);
  std::string common =
      " arena random starter --games 8 --seed 21 --jobs 2" + flags;
  ASSERT_EQ(std::system((Warlight() + common + " --results " +
                         (dir / "in").string() + " > /dev/null 2>&1")
                            .c_str()),
            0)
      << flags;
  ASSERT_EQ(std::system((Warlight() + common + " --processes --results " +
                         (dir / "out").string() + " > /dev/null 2>&1")
                            .c_str()),
            0)
      << flags;
  const std::map<std::string, std::string> in = Outcomes(dir / "in");
  EXPECT_EQ(in.size(), 8u) << flags;
  EXPECT_EQ(in, Outcomes(dir / "out")) << flags;
  fs::remove_all(dir);
}

TEST(ArenaTest, InProcessAndProcessPlayGiveTheSameGames) {
  ExpectInProcessEqualsProcesses("modes", " --regions 24");
}

// WL1 through processes reads answers as a FIFO of lines (wl1 §9.1);
// Dingle's process bots speak the extended protocol (dingle_engine.h).
TEST(ArenaTest, InProcessAndProcessPlayGiveTheSameGamesUnderEachRuleSet) {
  ExpectInProcessEqualsProcesses("modes_wl1", " --rules wl1");
  ExpectInProcessEqualsProcesses("modes_dingle", " --rules dingle");
  ExpectInProcessEqualsProcesses("modes_manual",
                                 " --rules dingle --starts manual");
}

}  // namespace
}  // namespace wl::tools
