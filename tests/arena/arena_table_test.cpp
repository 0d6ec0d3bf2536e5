// The arena's pieces as functions: the table's text and JSON, the settings
// that make results stale, map drawing, reading results files, and an arena
// run in process with a bot that prints to std::cout (issue 11, B6 B7 B8
// B10 16).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

#include "arena/arena.h"
#include "arena/settings.h"
#include "arena_cli.h"
#include "bots/starter/starter_bot.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "wl/builtin_bots.h"
#include "wl/commands/wl_game.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// A finished game of the pair (a, b) that `winner_seat`'s bot won.
ArenaResult GameAdapter(const std::string& a, const std::string& b,
                        bool swapped, int winner_seat, int64_t seed = 1) {
  ArenaResult r;
  const ArenaGame g = Schedule({a, b}, 2, seed, {})[swapped ? 1 : 0];
  r.key = g.key;
  r.lineup[0] = a;
  r.lineup[1] = b;
  r.bots[0] = g.bots[0];
  r.bots[1] = g.bots[1];
  r.seed = g.seed;
  r.winner = winner_seat == 0 ? "player1" : "player2";
  return r;
}

TEST(ArenaTableTest, AnEvenScoreIsZeroEloNeverMinusZero) {
  std::vector<ArenaResult> results = {GameAdapter("a", "b", false, 0),
                                      GameAdapter("a", "b", true, 0)};
  const std::string table = ResultsTable(results, 0, 10, true);
  EXPECT_NE(table.find("  0 [-"), std::string::npos) << table;
  EXPECT_EQ(table.find("-0 "), std::string::npos) << table;
  EXPECT_EQ(table.find("-0.00"), std::string::npos) << table;
  const std::string json = TableJson(results, 0, 10, true);
  EXPECT_NE(json.find("\"elo\":0,"), std::string::npos) << json;
  EXPECT_NE(json.find("\"score\":0.5,"), std::string::npos) << json;
  EXPECT_NE(json.find("\"sprt_llr\":"), std::string::npos) << json;
}

TEST(ArenaTableTest, PlainJsonWritesNumbersAsPeopleDo) {
  boost::json::array a{0.5, -0.0, 1e-7, 1234567.25, 3, -2.5};
  EXPECT_EQ(PlainJson(a), "[0.5,0,0.0000001,1234567.25,3,-2.5]");
  EXPECT_EQ(Fixed(-0.004, 2), "0.00");
  EXPECT_EQ(Fixed(-0.4, 0), "0");
  EXPECT_EQ(Fixed(-0.6, 0), "-1");
}

TEST(ArenaTableTest, LongPairNamesAreNeverCut) {
  const std::string a = "python3 /home/someone/bots/my_very_long_bot.py --x";
  const std::string b = "greedy";
  const std::string table =
      ResultsTable({GameAdapter(a, b, false, 1)}, 0, 0, false);
  EXPECT_NE(table.find(a + " vs greedy"), std::string::npos) << table;
  EXPECT_EQ(table.find("..."), std::string::npos) << table;
}

TEST(ArenaTableTest, BarsInBotNamesDoNotSplitPairs) {
  std::vector<ArenaResult> results = {GameAdapter("x|y", "z", false, 0),
                                      GameAdapter("x", "y|z", false, 1)};
  EXPECT_NE(results[0].key, results[1].key);
  EXPECT_EQ(PairScore(results, "x|y", "z").wins, 1);
  EXPECT_EQ(PairScore(results, "x", "y|z").losses, 1);
  const std::string table = ResultsTable(results, 0, 0, false);
  EXPECT_NE(table.find("x|y vs z "), std::string::npos) << table;
  EXPECT_NE(table.find("x vs y|z "), std::string::npos) << table;
}

TEST(ArenaTableTest, PairsOfGamesAreCountedByTheFirstBotsPoints) {
  std::vector<ArenaResult> results = {
      GameAdapter("a", "b", false, 0, 1),
      GameAdapter("a", "b", true, 1, 1),  // 2 points
      GameAdapter("a", "b", false, 0, 2),
      GameAdapter("a", "b", true, 0, 2),   // 1 point
      GameAdapter("a", "b", false, 1, 3),  // half a pair: not counted
  };
  Pentanomial p = PairPentanomial(results, "a", "b");
  EXPECT_EQ(p.counts, (std::array<int, 5>{0, 0, 1, 0, 1}));
  const std::string json = TableJson(results, 0, 10, true);
  EXPECT_NE(json.find("\"pentanomial\":[0,0,1,0,1]"), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"sprt_llr_pairs\":"), std::string::npos) << json;
  EXPECT_NE(ResultsTable(results, 0, 10, true).find("Elo by pairs"),
            std::string::npos);
}

// Shards finish, and merge reads files, in any order: the table follows the
// schedule (pairs in the command line's order, not by name or by which
// game came first), so an arena and the merge of its shards print the same.
TEST(ArenaTableTest, TheTableIsTheSameWhateverOrderTheResultsCameIn) {
  const std::vector<std::string> bots = {"zeta", "alpha", "mid"};
  std::vector<ArenaResult> results;
  for (const ArenaGame& g : Schedule(bots, 4, 7, {})) {
    ArenaResult r;
    r.key = g.key;
    r.lineup = g.lineup;
    r.bots = g.bots;
    r.seed = g.seed;
    r.winner = (g.seed + g.index) % 3 ? "player1" : "player2";
    results.push_back(r);
  }
  const std::string table = ResultsTable(results, 0, 10, false);
  const std::string json = TableJson(results, 0, 10, false);
  const size_t zeta_alpha = table.find("zeta vs alpha");
  const size_t zeta_mid = table.find("zeta vs mid");
  const size_t alpha_mid = table.find("alpha vs mid");
  ASSERT_NE(alpha_mid, std::string::npos) << table;
  EXPECT_LT(zeta_alpha, zeta_mid) << table;
  EXPECT_LT(zeta_mid, alpha_mid) << table;
  std::vector<ArenaResult> shuffled = results;
  std::reverse(shuffled.begin(), shuffled.end());
  EXPECT_EQ(ResultsTable(shuffled, 0, 10, false), table);
  EXPECT_EQ(TableJson(shuffled, 0, 10, false), json);
  std::mt19937 rng(3);
  for (int k = 0; k < 5; ++k) {
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    EXPECT_EQ(ResultsTable(shuffled, 0, 10, false), table);
    EXPECT_EQ(TableJson(shuffled, 0, 10, false), json);
  }
}

TEST(ArenaTableTest, FaultsSeparateTheBotsOwnFromExecutionFailures) {
  ArenaResult r = GameAdapter("a", "b", false, 1);
  r.timeouts[0] = 1;
  r.parse_errors[0] = 2;
  r.rejected_moves[0] = 3;
  r.failed_moves[0] = 4;
  r.failed_moves[1] = 5;
  r.crashed[0] = true;
  r.crash_round[0] = 12;
  r.crash[0] = "signal 11";
  std::vector<BotFaults> faults = FaultsByBot({r});
  ASSERT_EQ(faults.size(), 2u);
  EXPECT_EQ(faults[0].bot, "a");
  EXPECT_EQ(faults[0].timeouts, 1);
  EXPECT_EQ(faults[0].crashes, 1);
  EXPECT_EQ(faults[0].parse_errors, 2);
  EXPECT_EQ(faults[0].rejected_moves, 3);
  EXPECT_EQ(faults[0].failed_moves, 4);
  EXPECT_EQ(faults[1].failed_moves, 5);
  EXPECT_EQ(faults[1].rejected_moves, 0);
  const std::string table = ResultsTable({r}, 0, 0, false);
  EXPECT_NE(table.find("a crashed in round 12: signal 11"), std::string::npos)
      << table;
}

TEST(ArenaScheduleTest, MapsAreDrawnFromTheWholePoolByTheSeed) {
  std::vector<std::string> pool;
  for (int i = 0; i < 50; ++i) pool.push_back("m" + std::to_string(100 + i));
  std::set<std::string> first_ten(pool.begin(), pool.begin() + 10);
  std::set<std::string> used[2];
  for (int s = 0; s < 2; ++s) {
    for (const ArenaGame& g : Schedule({"x", "y"}, 20, 7 + s, pool))
      used[s].insert(g.map);
  }
  EXPECT_EQ(used[0].size(), 10u);  // 10 seeds, 10 different maps
  EXPECT_NE(used[0], first_ten);
  EXPECT_NE(used[0], used[1]);
  // Extending a run keeps its first games (and their maps).
  std::vector<ArenaGame> longer = Schedule({"x", "y"}, 40, 7, pool);
  std::vector<ArenaGame> shorter = Schedule({"x", "y"}, 20, 7, pool);
  for (size_t i = 0; i < shorter.size(); ++i)
    EXPECT_EQ(longer[i].key, shorter[i].key);
}

TEST(ArenaSettingsTest, DifferencesNameEachChangedSettingAndBot) {
  ArenaCli cli("settings");
  const std::string script = cli.Path("bot.py");
  ASSERT_TRUE(WriteFileAtomically(script, "print(1)\n").ok());
  const std::string bot = "python3 " + script;
  WlGame game;
  ArenaSettings before;
  before.game = {{"--timebank", "timebank_ms", "10000"}};
  before.bots[bot] = game.BotIdentity(bot, false);
  before.bots["gone"] = "x";
  ASSERT_TRUE(WriteFileAtomically(script, "print(2)\n").ok());
  ArenaSettings now = before;
  now.game[0].value = "500";
  now.maps = "generated";
  now.bots.erase("gone");
  now.bots[bot] = game.BotIdentity(bot, false);
  std::vector<std::string> diff = SettingsDifferences(before, now);
  ASSERT_EQ(diff.size(), 3u);
  EXPECT_EQ(diff[0], "--timebank: 10000 before, 500 now");
  EXPECT_EQ(diff[1].rfind("--maps: ", 0), 0u);
  EXPECT_EQ(diff[2].rfind("bot " + bot + ": ", 0), 0u) << diff[2];
  std::optional<ArenaSettings> back = ParseSettingsLine(SettingsLine(now));
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(SettingsDifferences(now, *back).empty());
}

// A results file of a build before the arena knew no game (its settings
// line as written then) reads back and is written again byte for byte, so
// such a file still resumes; its game settings compare with Warlight's.
TEST(ArenaSettingsTest, AnOlderSettingsLineReadsBackByteForByte) {
  const std::string line =
      R"({"arena_settings":{"timebank_ms":10000,"time_per_move_ms":500,)"
      R"("regions":0,"maps":"/work/shared/maps/real: 450 maps, fnv1a64 )"
      R"(6630a15efc3e9aa2","processes":false,"bots":{"random":"in process; )"
      R"(binary fnv1a64 85e6f71eaa4e033d","starter":"in process; binary )"
      R"(fnv1a64 add497bdff89bb75"}},"fingerprint":"c7c3934887fb42dd",)"
      R"("run":"7f4cd5ff"})";
  std::optional<ArenaSettings> read = ParseSettingsLine(line);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(SettingsLine(*read), line);
  ArenaSettings now = *read;
  now.game = WlGame().Settings();
  EXPECT_TRUE(SettingsDifferences(*read, now).empty());
}

TEST(ArenaResultsTest, AWholeLastLineIsKeptAndACutOneDropped) {
  ArenaCli cli("load");
  ArenaResult r = GameAdapter("a", "b", false, 0);
  std::string text = ResultToJsonLine(r);
  text.pop_back();
  ASSERT_TRUE(WriteFileAtomically(cli.Path("r"), "junk\n" + text).ok());
  absl::StatusOr<ResultsFile> file = LoadResultsFile(cli.Path("r"));
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(file->results.size(), 1u);
  ASSERT_EQ(file->warnings.size(), 1u);
  EXPECT_EQ(file->warnings[0].rfind(cli.Path("r") + ":1: ", 0), 0u);
  ASSERT_TRUE(
      WriteFileAtomically(cli.Path("r"), text.substr(0, text.size() / 2)).ok());
  file = LoadResultsFile(cli.Path("r"));
  ASSERT_TRUE(file.ok());
  EXPECT_TRUE(file->results.empty());
  EXPECT_EQ(file->kept_bytes, 0u);
  EXPECT_FALSE(LoadResultsFile(cli.dir().string()).ok());
}

// The starter, printing to std::cout at every decision, and once sending a
// move the runner drops (so that its log is not empty).
class NoisyBot : public StarterBot {
 public:
  std::vector<Move> PlaceArmies(const View& view) override {
    std::cout << "noisy: placing\n" << std::flush;
    std::vector<Move> moves = StarterBot::PlaceArmies(view);
    moves.push_back(Move::Place(99, 1, view.Me()));
    return moves;
  }
  std::vector<Move> AttackTransfer(const View& view) override {
    std::cout << "noisy: moving" << std::endl;
    return StarterBot::AttackTransfer(view);
  }
};

TEST(ArenaRunTest, ABotPrintingToCoutInProcessCannotTouchTheTable) {
  ArenaCli cli("noisy");
  ArenaConfig config;
  config.bots = {"noisy", "starter"};
  config.games = 2;
  config.keep_replays = "all";
  config.out_dir = cli.Path("out");
  WlGame game(
      [](const std::string& bot, uint64_t seed) -> std::unique_ptr<Bot> {
        if (bot == "noisy") return std::make_unique<NoisyBot>();
        return MakeBuiltInBot(bot, seed);
      },
      [](const std::string&) { return true; });
  game.set_regions(20);
  std::ostringstream terminal;
  std::streambuf* saved = std::cout.rdbuf(terminal.rdbuf());
  std::ostream out(std::cout.rdbuf());
  const int status = RunArena(config, game, out);
  std::cout.rdbuf(saved);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(terminal.str().find("noisy:"), std::string::npos);
  EXPECT_EQ(terminal.str().rfind("pair ", 0), 0u) << terminal.str();
  // Kept folders hold each in-process bot's log as its stderr.
  int logs = 0;
  for (const auto& e : fs::directory_iterator(config.out_dir)) {
    for (const char* name : {"stderr_player1.txt", "stderr_player2.txt"}) {
      const std::string log =
          ReadFileToString((e.path() / name).string()).value_or("");
      logs += !log.empty();
    }
  }
  EXPECT_EQ(logs, 2);  // the noisy bot's, in each of the two games
}

// The starter, printing to std::cerr at every decision.
class LoudBot : public StarterBot {
 public:
  std::vector<Move> PlaceArmies(const View& view) override {
    std::cerr << "loud: round " << view.Round() << std::endl;
    return StarterBot::PlaceArmies(view);
  }
};

// Issue 32: kept games had empty stderr files for bots in process, which
// printed with std::cout every round (with --processes they held it). Each
// seat's file now holds its own bot's prints, std::cout and std::cerr, also
// with games on several threads at once; nothing reaches the terminal.
TEST(ArenaRunTest, KeptGamesHoldWhatEachBotInProcessPrinted) {
  ArenaCli cli("prints");
  ArenaConfig config;
  config.bots = {"noisy", "loud"};
  config.games = 4;
  config.jobs = 2;
  config.keep_replays = "all";
  config.out_dir = cli.Path("out");
  WlGame game(
      [](const std::string& bot, uint64_t) -> std::unique_ptr<Bot> {
        if (bot == "noisy") return std::make_unique<NoisyBot>();
        return std::make_unique<LoudBot>();
      },
      [](const std::string&) { return true; });
  game.set_regions(20);
  std::ostringstream terminal;
  std::streambuf* saved = std::cout.rdbuf(terminal.rdbuf());
  std::ostream out(std::cout.rdbuf());
  ::testing::internal::CaptureStderr();
  const int status = RunArena(config, game, out);
  const std::string err = ::testing::internal::GetCapturedStderr();
  std::cout.rdbuf(saved);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(err.find("loud:"), std::string::npos) << err;
  EXPECT_EQ(terminal.str().find("noisy:"), std::string::npos);
  int games = 0;
  for (const auto& e : fs::directory_iterator(config.out_dir)) {
    ++games;
    int noisy = 0, loud = 0;
    for (const char* name : {"stderr_player1.txt", "stderr_player2.txt"}) {
      const std::string log =
          ReadFileToString((e.path() / name).string()).value_or("");
      const bool has_noisy = log.find("noisy: placing\n") != std::string::npos;
      const bool has_loud = log.find("loud: round 1\n") != std::string::npos;
      EXPECT_NE(has_noisy, has_loud) << e.path() << " " << name << ": " << log;
      noisy += has_noisy;
      loud += has_loud;
    }
    EXPECT_EQ(noisy, 1) << e.path();
    EXPECT_EQ(loud, 1) << e.path();
  }
  EXPECT_EQ(games, 4);
}

}  // namespace
}  // namespace wl::tools
