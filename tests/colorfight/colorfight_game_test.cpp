// ColorfightGame (tools/colorfight/colorfight_game.h): games of 2, 4 and 8
// players in process, §8 ranks and final gold as scores, what a seat's
// faults count (parse errors, refused commands, a bot that throws), the
// errors a bot sees, determinism, the flags and the game folder.
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "colorfight/cf_bot_games.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
using colorfight::testing::GameWithBots;

GameSetup SetupOf(const std::vector<std::string>& bots, int64_t seed) {
  GameSetup setup;
  setup.seed = seed;
  for (size_t k = 0; k < bots.size(); ++k) {
    SeatSetup seat;
    seat.bot = bots[k];
    seat.seed = 100 + k;
    setup.seats.push_back(seat);
  }
  return setup;
}

std::unique_ptr<ColorfightPlayedGame> PlayOrDie(const ColorfightGame& game,
                                                const GameSetup& setup) {
  auto played = game.Play(setup);
  EXPECT_TRUE(played.ok()) << played.status();
  if (!played.ok()) return nullptr;
  return std::unique_ptr<ColorfightPlayedGame>(
      static_cast<ColorfightPlayedGame*>(played->release()));
}

TEST(ColorfightGameTest, PlaysTwoFourAndEightPlayersRankedByGold) {
  ColorfightGame game = GameWithBots();
  game.set_max_turn(60);
  for (int players : {2, 4, 8}) {
    std::vector<std::string> bots;
    for (int k = 0; k < players; ++k)
      bots.push_back(k % 2 ? "greedy" : "random");
    auto played = PlayOrDie(game, SetupOf(bots, 11));
    ASSERT_TRUE(played);
    EXPECT_EQ(played->rounds, 60);
    const colorfight::Frame& last = played->final_frame();
    EXPECT_EQ(last.turn, 60);
    ASSERT_EQ(last.users.size(), size_t(players));
    ASSERT_EQ(played->seats.size(), size_t(players));
    std::vector<int> by_rank(players + 1, -1);
    for (int k = 0; k < players; ++k) {
      const SeatOutcome& s = played->seats[k];
      EXPECT_EQ(s.score, double(last.users[k].gold));
      ASSERT_GE(s.rank, 1);
      ASSERT_LE(s.rank, players);
      EXPECT_EQ(by_rank[s.rank], -1) << "ranks are a permutation";
      by_rank[s.rank] = k;
      EXPECT_EQ(s.winner, s.rank == 1);
    }
    EXPECT_EQ(played->winner, "player" + std::to_string(by_rank[1] + 1));
    for (int r = 2; r <= players; ++r) {  // §8: gold down, ties by seat
      const SeatOutcome& a = played->seats[by_rank[r - 1]];
      const SeatOutcome& b = played->seats[by_rank[r]];
      EXPECT_TRUE(a.score > b.score ||
                  (a.score == b.score && by_rank[r - 1] < by_rank[r]));
    }
  }
}

TEST(ColorfightGameTest, RefusesOtherPlayerCountsTurnsAndProcesses) {
  ColorfightGame game = GameWithBots();
  for (int players : {3, 5, 6, 7}) {
    game.SetPlayers(players);
    EXPECT_NE(game.CheckFlags().find("2, 4 or 8"), std::string::npos);
  }
  game.SetPlayers(8);
  EXPECT_EQ(game.CheckFlags(), "");
  game.set_max_turn(1);
  EXPECT_NE(game.CheckFlags().find("--max-turn"), std::string::npos);
  game.set_max_turn(20);
  EXPECT_FALSE(game.Play(SetupOf({"greedy", "random", "greedy"}, 1)).ok());
  const absl::Status process = game.CheckBot("python3 bot.py");
  EXPECT_FALSE(process.ok());
  EXPECT_NE(process.message().find("not support"), std::string::npos);
  EXPECT_EQ(process.message().find('\n'), std::string::npos);
  EXPECT_FALSE(game.Play(SetupOf({"greedy", "python3 bot.py"}, 1)).ok());
  GameSetup forced = SetupOf({"greedy", "random"}, 1);
  forced.force_processes = true;
  EXPECT_FALSE(game.Play(forced).ok());
  EXPECT_FALSE(game.ListMaps(".").ok());
  EXPECT_EQ(game.Settings()[0].value, "20");
}

// Sends two strings that do not parse and two commands the rules refuse
// each turn, and remembers the errors it is shown.
class FaultyBot : public colorfight::Bot {
 public:
  std::vector<std::string> OnTurn(const colorfight::Game& game) override {
    auto it = game.error().find(game.uid());
    if (it != game.error().end()) seen = it->second;
    return {"x 1 2", "a 1", "b 0 0 g", "u 99 0"};
  }
  static std::vector<std::string> seen;
};
std::vector<std::string> FaultyBot::seen;

class ThrowingBot : public colorfight::Bot {
 public:
  std::vector<std::string> OnTurn(const colorfight::Game& game) override {
    if (game.turn() == 5) throw std::runtime_error("boom");
    return {};
  }
};

TEST(ColorfightGameTest, CountsParseErrorsRefusedCommandsAndCrashes) {
  ColorfightGame game = GameWithBots(
      [](const std::string& bot, uint64_t) -> std::unique_ptr<colorfight::Bot> {
        if (bot == "faulty") return std::make_unique<FaultyBot>();
        if (bot == "throws") return std::make_unique<ThrowingBot>();
        return nullptr;
      });
  game.set_max_turn(10);
  auto played = PlayOrDie(game, SetupOf({"faulty", "throws"}, 3));
  ASSERT_TRUE(played);
  const SeatOutcome& faulty = played->seats[0];
  EXPECT_EQ(faulty.parse_errors, 2 * 9);  // turns 1..9 send commands
  EXPECT_EQ(faulty.rejected_moves, 2 * 9);
  EXPECT_FALSE(faulty.crashed);
  const std::vector<std::string> expected = {
      "x 1 2 is a wrong command, cmd type x is invalid",
      "a 1 is a wrong command, list index out of range",
      "b 0 0 g failed, You need to build on your own cell.",
      "u 99 0 failed, Upgrade position is not in the map."};
  EXPECT_EQ(FaultyBot::seen, expected);
  ASSERT_EQ(played->final_frame().error.size(), 2u);
  EXPECT_EQ(played->final_frame().error[0].second, expected);
  const SeatOutcome& thrower = played->seats[1];
  EXPECT_TRUE(thrower.crashed);
  EXPECT_EQ(thrower.crash_round, 5);
  EXPECT_EQ(thrower.crash, "exception: boom");
}

TEST(ColorfightGameTest, TheSameSeedPlaysTheSameGame) {
  ColorfightGame game = GameWithBots();
  game.set_max_turn(40);
  GameSetup setup = SetupOf({"random", "greedy", "random", "greedy"}, 21);
  setup.keep_files = true;
  auto a = PlayOrDie(game, setup);
  auto b = PlayOrDie(game, setup);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->Transcript(), b->Transcript());
  EXPECT_NE(a->Transcript().find("turn 39\n"), std::string::npos);
  EXPECT_NE(a->Transcript().find("rank 4: p"), std::string::npos);
  setup.seed = 22;
  auto c = PlayOrDie(game, setup);
  ASSERT_TRUE(c);
  EXPECT_NE(a->Transcript(), c->Transcript());
}

TEST(ColorfightGameTest, WritesTheGameFolder) {
  const fs::path dir = testing::FreshTempDir("colorfight_game_files");
  ColorfightGame game = GameWithBots();
  game.set_max_turn(30);
  GameSetup setup = SetupOf({"greedy", "random"}, 5);
  setup.keep_files = true;
  auto played = PlayOrDie(game, setup);
  ASSERT_TRUE(played);
  EXPECT_NE(played->replay_json().find("\"turn\":30"), std::string::npos);
  ASSERT_TRUE(
      played->WriteFiles(dir.string(), "warlight colorfight arena").ok());
  EXPECT_TRUE(fs::exists(dir / "replay.cfr"));
  const absl::StatusOr<std::string> result =
      ReadFileToString((dir / "result.json").string());
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_NE(result->find("ranking_by_gold"), std::string::npos) << *result;
  EXPECT_NE(result->find("warlight colorfight arena"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
