// `warlight berlin arena`: the shared arena (arena/arena.h) playing real
// Berlin games through BerlinGame: 2 players with the pairs' statistics,
// 3 players with the standings, in process and as bot server processes.
#include "berlin/berlin_arena.h"

#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

#include "arena/arena.h"
#include "arena/standings.h"
#include "berlin/berlin_game.h"
#include "bots/berlin/random/berlin_random_bot.h"
#include "bots/berlin/starter/berlin_starter_bot.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// Never moves: its soldiers stay home.
class IdleBot : public berlin::Bot {
 public:
  void OnTurn(berlin::Game&) override {}
};

// Never moves, and says so with std::cout and std::cerr every turn.
class PrintingBot : public berlin::Bot {
 public:
  void OnTurn(berlin::Game&) override {
    std::cout << "printing: a turn\n";
    std::cerr << "printing: to cerr" << std::endl;
  }
};

// bots/berlin's random and starter, "idle" and "printing", in process.
BerlinGame TestGame() {
  return BerlinGame(
      [](const std::string& bot,
         uint64_t seed) -> std::unique_ptr<berlin::Bot> {
        if (bot == "random") return std::make_unique<BerlinRandomBot>(seed);
        if (bot == "idle") return std::make_unique<IdleBot>();
        if (bot == "printing") return std::make_unique<PrintingBot>();
        return std::make_unique<BerlinStarterBot>();
      },
      [](const std::string& bot) {
        return bot == "random" || bot == "starter" || bot == "idle" ||
               bot == "printing";
      });
}

std::vector<ArenaResult> Results(const std::string& path) {
  absl::StatusOr<ResultsFile> file = LoadResultsFile(path);
  EXPECT_TRUE(file.ok()) << file.status();
  return file.ok() ? file->results : std::vector<ArenaResult>{};
}

// Random against random, 4 games: two seeds, each in both seats, on the
// built-in 2-player maps; the pairs' table; kept folders with the game.
TEST(BerlinArenaTest, RandomAgainstRandomInProcess) {
  const fs::path dir = testing::FreshTempDir("berlin_arena_pair");
  BerlinGame game = TestGame();
  ArenaConfig config;
  config.command = "berlin arena";
  config.bots = {"random", "random"};
  config.games = 4;
  config.jobs = 2;
  config.results_path = (dir / "results.jsonl").string();
  config.keep_replays = "all";
  config.out_dir = (dir / "games").string();
  std::ostringstream table;
  ASSERT_EQ(RunArena(config, game, table), 0);
  EXPECT_EQ(table.str().rfind("pair ", 0), 0u) << table.str();
  EXPECT_NE(table.str().find("random vs random      4 "), std::string::npos)
      << table.str();
  const std::vector<ArenaResult> results = Results(config.results_path);
  ASSERT_EQ(results.size(), 4u);
  game.SetPlayers(2);
  const std::vector<std::string> maps = game.DefaultMaps();
  for (const ArenaResult& r : results) {
    EXPECT_EQ(r.players(), 2);
    EXPECT_GT(r.rounds, 0);
    EXPECT_NE(std::find(maps.begin(), maps.end(), r.map), maps.end()) << r.map;
    EXPECT_EQ(r.timeouts, (std::vector<int>{0, 0}));
  }
  const std::string text = ReadFileToString(config.results_path).value_or("");
  EXPECT_NE(text.find("\"pair\":[\"random\",\"random\"]"), std::string::npos);
  EXPECT_NE(text.find("built-in maps for 2 players"), std::string::npos);
  EXPECT_EQ(text.find("\"players\""), std::string::npos) << "2 is the default";
  int kept = 0;
  for (const auto& e : fs::directory_iterator(config.out_dir)) {
    EXPECT_TRUE(fs::is_regular_file(e.path() / "game.json")) << e.path();
    EXPECT_TRUE(fs::is_regular_file(e.path() / "stderr_player1.txt"));
    const std::string result =
        ReadFileToString((e.path() / "result.json").string()).value_or("");
    EXPECT_NE(result.find("warlight berlin arena"), std::string::npos);
    ++kept;
  }
  EXPECT_EQ(kept, 4);
  fs::remove_all(dir);
}

// Issue 32: a kept game holds what an in-process bot printed with
// std::cout and std::cerr, in its own seat's stderr file.
TEST(BerlinArenaTest, KeptGamesHoldWhatEachBotPrinted) {
  const fs::path dir = testing::FreshTempDir("berlin_arena_prints");
  BerlinGame game = TestGame();
  ArenaConfig config;
  config.command = "berlin arena";
  config.bots = {"printing", "idle"};
  config.games = 2;
  config.jobs = 2;
  config.keep_replays = "all";
  config.out_dir = (dir / "games").string();
  std::ostringstream table;
  ::testing::internal::CaptureStderr();
  const int status = RunArena(config, game, table);
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(status, 0);
  EXPECT_EQ(err.find("printing:"), std::string::npos) << err;
  int printed = 0, silent = 0;
  for (const auto& e : fs::directory_iterator(config.out_dir)) {
    for (const auto& f : fs::directory_iterator(e.path())) {
      const std::string name = f.path().filename().string();
      if (name.rfind("stderr_player", 0) != 0) continue;
      const std::string log = ReadFileToString(f.path().string()).value_or("");
      if (log.find("printing: a turn\nprinting: to cerr\n") !=
          std::string::npos) {
        ++printed;
      } else {
        EXPECT_EQ(log.find("printing:"), std::string::npos) << log;
        ++silent;
      }
    }
  }
  EXPECT_EQ(printed, 2);
  EXPECT_EQ(silent, 2);
  fs::remove_all(dir);
}

// Three bots, three players: one lineup, each seed in the three rotations,
// every bot in every seat; the standings; a re-run resumes.
TEST(BerlinArenaTest, ThreeBotsInThreePlayerGames) {
  const fs::path dir = testing::FreshTempDir("berlin_arena_three");
  BerlinGame game = TestGame();
  ArenaConfig config;
  config.command = "berlin arena";
  config.bots = {"starter", "random", "idle"};
  config.players = 3;
  config.games = 6;
  config.jobs = 2;
  config.results_path = (dir / "results.jsonl").string();
  std::ostringstream table;
  ASSERT_EQ(RunArena(config, game, table), 0);
  EXPECT_NE(table.str().find("6 games of 3 players"), std::string::npos)
      << table.str();
  const std::vector<ArenaResult> results = Results(config.results_path);
  ASSERT_EQ(results.size(), 6u);
  std::map<std::pair<std::string, int>, int> seats;
  for (const ArenaResult& r : results) {
    ASSERT_EQ(r.players(), 3);
    int winners = 0;
    for (int s = 0; s < 3; ++s) {
      ++seats[{r.bots[s], s}];
      winners += r.winners[s];
      EXPECT_EQ(r.ranks[s] == 1, r.winners[s]) << r.key;
    }
    EXPECT_GE(winners, 1) << r.key;
    EXPECT_EQ(r.winner == "draw", winners > 1) << r.key;
  }
  for (const std::string& bot : config.bots) {
    for (int s = 0; s < 3; ++s)
      EXPECT_EQ((seats[{bot, s}]), 2) << bot << " in seat " << s;
  }
  const std::vector<BotStanding> standings = Standings(results);
  ASSERT_EQ(standings.size(), 3u);
  double shares = 0;
  for (const BotStanding& b : standings) {
    EXPECT_EQ(b.games, 6);
    int places = 0;
    for (int n : b.ranks) places += n;
    EXPECT_EQ(places, 6) << b.bot;
    shares += b.win_share_sum;
  }
  EXPECT_NEAR(shares, 6, 1e-9);  // one win shared out per game
  EXPECT_EQ(standings.back().bot, "idle") << table.str();
  // Resumed: nothing left to play; the table is the same.
  std::ostringstream again;
  ASSERT_EQ(RunArena(config, game, again), 0);
  EXPECT_EQ(again.str(), table.str());
  EXPECT_EQ(Results(config.results_path).size(), 6u);
  fs::remove_all(dir);
}

// The command line: Berlin's help, its flags, and games between the bots'
// server binaries over HTTP (bot_server.h), the same as in process.
TEST(BerlinArenaTest, TheCommandPlaysBotServers) {
  const fs::path dir = testing::FreshTempDir("berlin_arena_cli");
  const std::string warlight =
      (fs::path(WL_BINARY_DIR) / "warlight").string() + " berlin arena ";
  testing::CommandRun help = testing::RunCommand(warlight + "--help", dir);
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--players"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--turn-limit-ms"), std::string::npos);
  EXPECT_NE(help.out.find("bots/berlin"), std::string::npos);
  EXPECT_NE(help.out.find("warlight berlin arena merge"), std::string::npos);
  testing::CommandRun bad =
      testing::RunCommand(warlight + "random starter --players 5", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("warlight berlin arena: --players must be between 2 "
                         "and 4"),
            std::string::npos)
      << bad.err;
  const std::string results = (dir / "r.jsonl").string();
  testing::CommandRun run = testing::RunCommand(
      warlight + "random starter --games 2 --processes --jobs 2 --json " +
          "--results " + results,
      dir);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"bot\":\"random\",\"opponent\":\"starter\","
                         "\"games\":2"),
            std::string::npos)
      << run.out;
  const std::vector<ArenaResult> played = Results(results);
  ASSERT_EQ(played.size(), 2u);
  for (const ArenaResult& r : played) {
    EXPECT_EQ(r.crashed, (std::vector<bool>{false, false})) << r.key;
    EXPECT_EQ(r.failed_answers, (std::vector<int>{0, 0})) << r.key;
  }
  // The built-in bots in process play the same games.
  const std::string in_process = (dir / "in.jsonl").string();
  ASSERT_EQ(testing::RunCommand(warlight + "random starter --games 2 " +
                                    "--results " + in_process,
                                dir)
                .status,
            0);
  std::map<std::string, std::string> outcomes;
  for (const ArenaResult& r : played)
    outcomes[r.key] = r.winner + "/" + std::to_string(r.rounds);
  ASSERT_EQ(Results(in_process).size(), 2u);
  for (const ArenaResult& r : Results(in_process))
    EXPECT_EQ(outcomes[r.key], r.winner + "/" + std::to_string(r.rounds));
  testing::CommandRun merged =
      testing::RunCommand(warlight + "merge " + results + " " + results, dir);
  EXPECT_EQ(merged.status, 0) << merged.err;
  EXPECT_NE(merged.out.find("random vs starter      2 "), std::string::npos)
      << merged.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
