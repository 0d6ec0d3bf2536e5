// `warlight colorfight arena`: the shared arena (arena/arena.h) playing
// Colorfight II games through ColorfightGame: 2 players with the pairs'
// statistics and the standings (the final gold is kept in 2-player lines),
// 4 and 8 players with the standings (mean gold, win share, places, mean
// rank), kept game folders, the command line's checks.
#include "colorfight/colorfight_arena.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "arena/arena.h"
#include "arena/standings.h"
#include "colorfight/cf_bot_games.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
using colorfight::testing::GameWithBots;

std::vector<ArenaResult> Results(const std::string& path) {
  absl::StatusOr<ResultsFile> file = LoadResultsFile(path);
  EXPECT_TRUE(file.ok()) << file.status();
  return file.ok() ? file->results : std::vector<ArenaResult>{};
}

ArenaConfig Config(const fs::path& dir, int players, int games) {
  ArenaConfig config;
  config.command = "colorfight arena";
  config.bots = {"greedy", "random"};
  config.players = players;
  config.games = games;
  config.jobs = 2;
  config.results_path = (dir / "results.jsonl").string();
  return config;
}

TEST(ColorfightArenaTest, GreedyBeatsRandomInPairs) {
  const fs::path dir = testing::FreshTempDir("colorfight_arena_pair");
  ColorfightGame game = GameWithBots();
  game.set_max_turn(120);
  ArenaConfig config = Config(dir, 2, 4);
  config.keep_replays = "all";
  config.out_dir = (dir / "games").string();
  std::ostringstream table;
  ASSERT_EQ(RunArena(config, game, table), 0);
  EXPECT_NE(table.str().find("greedy vs random      4     4     0     0"),
            std::string::npos)
      << table.str();
  // Duels keep the final gold too: mean gold and mean rank per bot.
  EXPECT_NE(table.str().find("4 games of 2 players"), std::string::npos);
  EXPECT_NE(table.str().find("1st   2nd  mean rank"), std::string::npos);
  const std::vector<ArenaResult> results = Results(config.results_path);
  ASSERT_EQ(results.size(), 4u);
  for (const ArenaResult& r : results) {
    EXPECT_TRUE(r.scored);
    const int greedy = r.bots[0] == "greedy" ? 0 : 1;
    EXPECT_GT(r.scores[greedy], r.scores[1 - greedy]) << r.key;
    EXPECT_EQ(r.ranks[greedy], 1);
  }
  std::ostringstream again;  // resumed: the same table from the file
  ASSERT_EQ(RunArena(config, game, again), 0);
  EXPECT_EQ(again.str(), table.str());
  int kept = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "games"))
    kept += entry.path().filename() == "result.json";
  EXPECT_EQ(kept, 4);
  fs::remove_all(dir);
}

// Prints its turn with std::cout and std::cerr; sends nothing.
class PrintingBot : public colorfight::Bot {
 public:
  std::vector<std::string> OnTurn(const colorfight::Game& game) override {
    std::cout << "printing: turn " << game.turn() << "\n";
    std::cerr << "printing: to cerr\n";
    return {};
  }
};

// Issue 32: a kept game holds each in-process bot's prints as its stderr
// (Colorfight kept none).
TEST(ColorfightArenaTest, KeptGamesHoldWhatEachBotPrinted) {
  const fs::path dir = testing::FreshTempDir("colorfight_arena_prints");
  ColorfightGame game = GameWithBots(
      [](const std::string& bot, uint64_t) -> std::unique_ptr<colorfight::Bot> {
        if (bot == "printing") return std::make_unique<PrintingBot>();
        return nullptr;
      });
  game.set_max_turn(10);
  ArenaConfig config = Config(dir, 2, 2);
  config.bots = {"printing", "random"};
  config.keep_replays = "all";
  config.out_dir = (dir / "games").string();
  std::ostringstream table;
  ::testing::internal::CaptureStderr();
  const int status = RunArena(config, game, table);
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(status, 0);
  EXPECT_EQ(err.find("printing:"), std::string::npos) << err;
  int printed = 0, empty = 0;
  for (const auto& e : fs::directory_iterator(dir / "games")) {
    for (const char* name : {"stderr_player1.txt", "stderr_player2.txt"}) {
      const std::string log =
          ReadFileToString((e.path() / name).string()).value_or("?");
      if (log.empty()) {
        ++empty;  // random's
      } else {
        EXPECT_NE(log.find("printing: turn 1\nprinting: to cerr\n"),
                  std::string::npos)
            << log;
        EXPECT_NE(log.find("printing: turn 9\n"), std::string::npos) << log;
        ++printed;
      }
    }
  }
  EXPECT_EQ(printed, 2);
  EXPECT_EQ(empty, 2);
  fs::remove_all(dir);
}

// A 2-player line keeps "scores" only when the game's scores are measures;
// other games' lines are as they always were.
TEST(ColorfightArenaTest, OnlyScoredDuelLinesHoldScores) {
  ArenaResult r(2);
  r.key = "k";
  r.lineup = r.bots = {"greedy", "random"};
  r.winner = "player1";
  r.scores = {1234, 56};
  const std::string plain = ResultToJsonLine(r);
  EXPECT_EQ(plain.find("scores"), std::string::npos) << plain;
  r.scored = true;
  const std::string scored = ResultToJsonLine(r);
  EXPECT_NE(scored.find("\"rounds\":0,\"scores\":[1234,56],"),
            std::string::npos)
      << scored;
  ArenaResult back;
  ASSERT_TRUE(ParseResultLine(scored, &back));
  EXPECT_TRUE(back.scored);
  EXPECT_EQ(back.scores, (std::vector<double>{1234, 56}));
  EXPECT_EQ(back.ranks, (std::vector<int>{1, 2}));
  ASSERT_TRUE(ParseResultLine(plain, &back));
  EXPECT_FALSE(back.scored);
  EXPECT_EQ(back.scores, (std::vector<double>{1, 0}));
}

TEST(ColorfightArenaTest, FourAndEightPlayersGiveStandings) {
  const fs::path dir = testing::FreshTempDir("colorfight_arena_many");
  for (int players : {4, 8}) {
    ColorfightGame game = GameWithBots();
    game.set_max_turn(40);
    ArenaConfig config = Config(dir, players, players);
    config.results_path =
        (dir / ("r" + std::to_string(players) + ".jsonl")).string();
    std::ostringstream table;
    ASSERT_EQ(RunArena(config, game, table), 0);
    // Lineups of 2 bots in N seats: N - 1 mixes, N rotations each.
    const int games = (players - 1) * players;
    EXPECT_NE(table.str().find(std::to_string(games) + " games of " +
                               std::to_string(players) + " players"),
              std::string::npos)
        << table.str();
    EXPECT_NE(table.str().find("mean rank"), std::string::npos);
    const std::vector<ArenaResult> results = Results(config.results_path);
    ASSERT_EQ(results.size(), size_t(games));
    const std::vector<BotStanding> standings = Standings(results);
    ASSERT_EQ(standings.size(), 2u);
    EXPECT_EQ(standings[0].bot, "greedy") << table.str();
    EXPECT_LT(standings[0].mean_rank(), standings[1].mean_rank());
    for (const ArenaResult& r : results) {  // greedy wins every game
      for (int seat = 0; seat < players; ++seat) {
        if (r.winners[seat]) {
          EXPECT_EQ(r.bots[seat], "greedy") << r.key;
        }
      }
    }
    EXPECT_EQ(standings[1].win_share(), 0);
    // Mean gold: the scores are the final gold of each seat.
    EXPECT_GT(standings[0].mean_score(), standings[1].mean_score());
  }
  fs::remove_all(dir);
}

TEST(ColorfightArenaTest, TheCommandLineChecksPlayersAndBots) {
  const fs::path dir = testing::FreshTempDir("colorfight_arena_cli");
  const std::string warlight =
      (fs::path(WL_BINARY_DIR) / "warlight").string() + " colorfight arena ";
  testing::CommandRun help = testing::RunCommand(warlight + "--help", dir);
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--max-turn"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("bots/colorfight"), std::string::npos);
  testing::CommandRun three =
      testing::RunCommand(warlight + "greedy random --players 3", dir);
  EXPECT_EQ(three.status, 2);
  EXPECT_NE(three.err.find("2, 4 or 8"), std::string::npos) << three.err;
  testing::CommandRun process =
      testing::RunCommand(warlight + "greedy 'python3 bot.py' --games 2", dir);
  EXPECT_EQ(process.status, 2);
  EXPECT_NE(process.err.find("not support"), std::string::npos) << process.err;
  testing::CommandRun quick = testing::RunCommand(
      warlight + "greedy random --games 2 --max-turn 50 --jobs 1", dir);
  EXPECT_EQ(quick.status, 0) << quick.err;
  EXPECT_NE(quick.out.find("greedy vs random"), std::string::npos) << quick.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
