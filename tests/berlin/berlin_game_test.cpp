// BerlinGame (tools/berlin/berlin_game.h), the GameAdapter the shared arena
// plays Berlin through: its maps for each number of players, its flags, and the
// outcome of each seat of a refereed game (scores and winners of berlin §6,
// time-outs, failed and unreadable answers, rejected moves).
#include "berlin/berlin_game.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "berlin/berlin_match.h"
#include "berlin/bot_server.h"
#include "boost/json.hpp"
#include "bots/berlin/random/berlin_random_bot.h"
#include "bots/berlin/starter/berlin_starter_bot.h"
#include "canned_http_server.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// Waits `ms` in its first two turns, else plays as the starter.
class SleepyBot : public BerlinStarterBot {
 public:
  explicit SleepyBot(int ms) : ms_(ms) {}
  void OnTurn(berlin::Game& game) override {
    if (game.current_turn() <= 2)
      std::this_thread::sleep_for(std::chrono::milliseconds(ms_));
    BerlinStarterBot::OnTurn(game);
  }

 private:
  int ms_;
};

// "random" and "starter" of bots/berlin, and "sleepy", in process.
BerlinGame TestGame() {
  return BerlinGame(
      [](const std::string& bot,
         uint64_t seed) -> std::unique_ptr<berlin::Bot> {
        if (bot == "random") return std::make_unique<BerlinRandomBot>(seed);
        if (bot == "sleepy") return std::make_unique<SleepyBot>(300);
        return std::make_unique<BerlinStarterBot>();
      },
      [](const std::string& bot) {
        return bot == "random" || bot == "starter" || bot == "sleepy";
      });
}

GameSetup MakeSetup(int64_t seed, std::vector<std::string> bots,
                    const std::string& map = "") {
  GameSetup setup;
  setup.seed = seed;
  setup.map = map;
  for (size_t k = 0; k < bots.size(); ++k) {
    SeatSetup seat;
    seat.bot = bots[k];
    seat.seed = 10 + k;
    setup.seats.push_back(seat);
  }
  return setup;
}

std::unique_ptr<BerlinPlayedGame> PlayGame(const BerlinGame& game,
                                           const GameSetup& setup) {
  absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
  EXPECT_TRUE(played.ok()) << played.status();
  if (!played.ok()) return nullptr;
  return std::unique_ptr<BerlinPlayedGame>(
      static_cast<BerlinPlayedGame*>(played->release()));
}

TEST(BerlinGameTest, DefaultMapsAreTheBuiltInMapsWithASetupForThePlayers) {
  BerlinGame game = TestGame();
  EXPECT_EQ(game.Name(), "berlin");
  EXPECT_EQ(game.MinPlayers(), 2);
  EXPECT_EQ(game.MaxPlayers(), 4);
  std::set<std::string> all;
  for (int players = 2; players <= 4; ++players) {
    game.SetPlayers(players);
    const std::vector<std::string> maps = game.DefaultMaps();
    ASSERT_FALSE(maps.empty()) << players;
    for (const std::string& name : maps) {
      absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
      ASSERT_TRUE(map.ok()) << name;
      EXPECT_TRUE(map->Setup(players).ok()) << name << " " << players;
      all.insert(name);
    }
    EXPECT_NE(
        game.DefaultMap().find("built-in maps for " + std::to_string(players) +
                               " players: " + maps[0]),
        std::string::npos)
        << game.DefaultMap();
  }
  EXPECT_EQ(all.size(), BuiltinBerlinMapNames().size());
  game.SetPlayers(2);
  const std::string two = game.DefaultMap();
  game.SetPlayers(3);
  EXPECT_NE(game.DefaultMap(), two);
}

TEST(BerlinGameTest, ListMapsKeepsTheFolderMapsWithASetupForThePlayers) {
  const fs::path dir = testing::FreshTempDir("berlin_game_maps");
  BerlinGame game = TestGame();
  game.SetPlayers(3);
  EXPECT_FALSE(game.ListMaps(dir.string()).ok());  // empty
  for (const std::string& name : BuiltinBerlinMapNames()) {
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
    ASSERT_TRUE(map.ok());
    std::ofstream((dir / (name + ".json")).string())
        << boost::json::serialize(map->representation);
  }
  std::ofstream((dir / "notes.txt").string()) << "not a map";
  absl::StatusOr<std::vector<std::string>> maps = game.ListMaps(dir.string());
  ASSERT_TRUE(maps.ok()) << maps.status();
  game.SetPlayers(3);
  ASSERT_EQ(maps->size(), game.DefaultMaps().size());
  EXPECT_TRUE(std::is_sorted(maps->begin(), maps->end()));
  for (const std::string& file : *maps)
    EXPECT_TRUE(LoadBerlinMap(file)->Setup(3).ok()) << file;
  std::ofstream((dir / "broken.json").string()) << "{\"infos\":";
  absl::StatusOr<std::vector<std::string>> broken = game.ListMaps(dir.string());
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.status().message().find("broken.json"), std::string::npos)
      << broken.status();
  fs::remove_all(dir);
}

TEST(BerlinGameTest, FlagsAndIdentities) {
  BerlinGame game = TestGame();
  EXPECT_EQ(game.CheckFlags(), "");
  EXPECT_EQ(game.Settings().size(), 1u);
  EXPECT_EQ(game.Settings()[0].key, "turn_limit_ms");
  game.set_turn_limit_ms(-1);
  EXPECT_NE(game.CheckFlags(), "");
  game.set_turn_limit_ms(250);
  EXPECT_EQ(game.TimeAvailableMs(4), 1000);
  EXPECT_TRUE(game.PlaysInProcess("random"));
  EXPECT_FALSE(game.PlaysInProcess("http://127.0.0.1:1/"));
  EXPECT_TRUE(IsBerlinBotUrl("HTTP://example.org"));
  EXPECT_TRUE(game.CheckBot("http://127.0.0.1:9/").ok());
  EXPECT_FALSE(game.CheckBot("https://127.0.0.1:9/").ok());
  EXPECT_EQ(game.BotIdentity("http://127.0.0.1:9/", false),
            "url http://127.0.0.1:9/");
  EXPECT_EQ(game.BotIdentity("random", true).rfind("in process; binary ", 0),
            0u);
}

// A game in process: berlin §6's scores and winners, seats in the order
// given with the player ids of the seed's shuffle, a replay, and the files.
TEST(BerlinGameTest, APlayedGameGivesEachSeatItsScoreRankAndWinnerFlag) {
  BerlinGame game = TestGame();
  game.SetPlayers(3);
  const GameSetup setup = MakeSetup(11, {"random", "starter", "random"});
  std::unique_ptr<BerlinPlayedGame> played = PlayGame(game, setup);
  ASSERT_NE(played, nullptr);
  ASSERT_EQ(played->seats.size(), 3u);
  const std::vector<int> ids = BerlinPlayerIds(3, 11);
  double total = 0;
  int winners = 0;
  for (int k = 0; k < 3; ++k) {
    const SeatOutcome& s = played->seats[k];
    const BerlinResult& r = played->record().results.at(ids[k]);
    EXPECT_EQ(played->spec().players[k].player_id, ids[k]);
    EXPECT_EQ(played->spec().players[k].name, setup.seats[k].bot);
    EXPECT_EQ(s.score, r.score);
    EXPECT_EQ(s.winner, r.winner);
    EXPECT_EQ(s.rank == 1, s.winner) << k;
    EXPECT_EQ(s.timeouts + s.failed_answers + s.parse_errors, 0) << k;
    total += s.score;
    winners += s.winner;
  }
  EXPECT_NEAR(total, 1.0, 1e-9);  // every owned point is someone's
  ASSERT_GE(winners, 1);
  if (winners == 1) {
    EXPECT_EQ(played->winner.rfind("player", 0), 0u);
    EXPECT_TRUE(played->seats[played->winner.back() - '1'].winner);
  } else {
    EXPECT_EQ(played->winner, "draw");
  }
  EXPECT_EQ(played->rounds, played->record().number_of_turns);
  EXPECT_GT(played->rounds, 0);
  EXPECT_EQ(played->Transcript().rfind("{\"infos\":", 0), 0u);
  EXPECT_EQ(played->spec().map->origin, game.DefaultMaps()[0]);
  // The same setup plays the same game.
  std::unique_ptr<BerlinPlayedGame> again = PlayGame(game, setup);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->Transcript(), played->Transcript());
  // Its folder, as the arena keeps it.
  const fs::path dir = testing::FreshTempDir("berlin_game_files");
  ASSERT_TRUE(played->WriteFiles(dir.string(), "warlight berlin arena").ok());
  for (const char* file :
       {"game.json", "exchanges.jsonl", "meta.json", "result.json"}) {
    EXPECT_TRUE(fs::is_regular_file(dir / file)) << file;
  }
  EXPECT_NE(ReadFileToString((dir / "result.json").string())
                ->find("warlight berlin arena"),
            std::string::npos);
  fs::remove_all(dir);
}

// A bot that cannot be reached fails every request it is sent (game_start,
// then game_over: it makes no moves all game, berlin §11). A bot of the
// sdk that sleeps past the limit does not time out: the requests carry
// --turn-limit-ms, and its Endpoint answers by it with the moves so far
// (time-outs are counted in hostile_answers_test and referee_test).
TEST(BerlinGameTest, FailedAnswersAndTimeOutsAreCountedPerSeat) {
  BerlinGame game = TestGame();
  game.set_turn_limit_ms(100);
  absl::StatusOr<int> port = FreeLocalPort();
  ASSERT_TRUE(port.ok());
  const std::string nobody = "http://127.0.0.1:" + std::to_string(*port) + "/";
  std::unique_ptr<BerlinPlayedGame> played =
      PlayGame(game, MakeSetup(3, {"sleepy", nobody}, "deployed-2"));
  ASSERT_NE(played, nullptr);
  const SeatOutcome& sleepy = played->seats[0];
  const SeatOutcome& gone = played->seats[1];
  EXPECT_EQ(sleepy.timeouts, 0);
  EXPECT_EQ(sleepy.failed_answers, 0);
  EXPECT_EQ(gone.failed_answers, 2);  // game_start and game_over
  EXPECT_EQ(gone.timeouts, 0);
  EXPECT_FALSE(played->record().start_failures.empty());
  EXPECT_TRUE(sleepy.winner);
  EXPECT_EQ(played->winner, "player1");
  EXPECT_EQ(sleepy.rank, 1);
  EXPECT_EQ(gone.rank, 2);
  // result.json names how each seat played and what went wrong, per player.
  EXPECT_EQ(played->runs()[0].seat, "in-process");
  EXPECT_EQ(played->runs()[1].seat, "url");
  const fs::path dir = testing::FreshTempDir("berlin_game_runs");
  ASSERT_TRUE(played->WriteFiles(dir.string(), "test").ok());
  const boost::json::value result =
      boost::json::parse(*ReadFileToString((dir / "result.json").string()));
  for (int k = 0; k < 2; ++k) {
    const int id = played->spec().players[k].player_id;
    const boost::json::value* p = nullptr;
    for (const boost::json::value& v : result.at("players").as_array()) {
      if (v.at("player_id").as_int64() == id) p = &v;
    }
    ASSERT_NE(p, nullptr) << k;
    EXPECT_EQ(p->at("seat"), k == 0 ? "in-process" : "url");
    EXPECT_FALSE(p->as_object().contains("command"));
    EXPECT_EQ(p->at("ended"), "");
    const boost::json::object& problems = p->at("problems").as_object();
    if (k == 0) {
      EXPECT_TRUE(problems.empty()) << boost::json::serialize(problems);
    } else {
      ASSERT_EQ(problems.size(), 2u) << boost::json::serialize(problems);
      for (const auto& [what, count] : problems) {
        EXPECT_EQ(what.rfind("game_", 0), 0u) << what;
        EXPECT_EQ(count, 1);
      }
    }
  }
  fs::remove_all(dir);
}

// Answers that are a success but no JSON array, or that hold moves the
// rules drop (berlin §5.2, §5.3).
TEST(BerlinGameTest, UnreadableAnswersAndRejectedMovesAreCounted) {
  std::atomic<int> turns{0};
  testing::CannedHttpServer server(
      [&turns](const testing::CannedHttpServer::Request& r,
               testing::CannedHttpServer&) {
        if (r.Action() != "turn")
          return testing::CannedHttpServer::Reply(200, "");
        // Odd turns: not JSON; even turns: a move between nodes 1 and 2 of
        // 1000 soldiers, more than anyone has.
        return ++turns % 2
                   ? testing::CannedHttpServer::Reply(200, "oops")
                   : testing::CannedHttpServer::Reply(
                         200,
                         R"([{"from":1,"to":2,"number_of_soldiers":1000}])");
      });
  BerlinGame game = TestGame();
  std::unique_ptr<BerlinPlayedGame> played =
      PlayGame(game, MakeSetup(5, {server.url(), "starter"}, "deployed-2"));
  ASSERT_NE(played, nullptr);
  const SeatOutcome& canned = played->seats[0];
  ASSERT_GE(turns, 2);
  EXPECT_EQ(canned.parse_errors, (turns + 1) / 2);
  EXPECT_EQ(canned.rejected_moves, turns / 2);
  EXPECT_EQ(canned.failed_answers, 0);
  EXPECT_EQ(played->seats[1].rejected_moves, 0);
}

TEST(BerlinGameTest, ABotThatCannotStartOrAMapWithoutASetupIsAnError) {
  BerlinGame game = TestGame();
  absl::StatusOr<std::unique_ptr<PlayedGame>> played =
      game.Play(MakeSetup(1, {"random", "random", "random"}, "deployed-2"));
  EXPECT_FALSE(played.ok());  // deployed-2 has no setup for 3 players
  played = game.Play(MakeSetup(1, {"random", "random"}, "no-such-map"));
  EXPECT_FALSE(played.ok());
}

}  // namespace
}  // namespace wl::tools
