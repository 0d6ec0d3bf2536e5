// Tests of the starter Colorfight II bot
// (bots/colorfight/starter/colorfight_starter_bot.h) and of the runner that
// plays it over the network (sdk/colorfight/run.h).
#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bots/colorfight/starter/colorfight_starter_bot.h"
#include "colorfight/cf_server_client.h"
#include "colorfight/fake_server.h"
#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/command.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/py_random.h"
#include "sdk/colorfight/rules.h"
#include "sdk/colorfight/run.h"

namespace wl::colorfight {
namespace {

class CountFailures : public FailureSink {
 public:
  void Failed(int, int, Failure failure) override {
    ++(failure == Failure::kBuildNeedHome ? homeless : others);
  }
  int homeless = 0;  // builds after losing the home: the example's own
  int others = 0;
};

// In process, through the rules core: `players` starters (and, with
// `idle`, a last player that does nothing) on the map of `seed`.
State SelfPlay(uint64_t seed, int players, bool idle, int turns,
               CountFailures* failures) {
  PyRandom rng(seed);
  const GeneratedMap map = GenerateMap(rng, 4);
  State state = NewGameState(map, turns);
  std::vector<std::string> names;
  std::vector<std::unique_ptr<ColorfightStarterBot>> bots;
  const int total = players + (idle ? 1 : 0);
  for (int i = 0; i < total; ++i) {
    PlaceUser(state, i + 1, map.starts[i]);
    names.push_back("p" + std::to_string(i + 1));
    bots.push_back(std::make_unique<ColorfightStarterBot>(seed + i));
  }
  for (int turn = 0; turn < turns; ++turn) {
    const Frame frame = FrameOf(state, names);
    std::vector<std::vector<Command>> commands(total);
    std::vector<CommandList> lists(total);
    for (int i = 0; i < players && turn >= 1; ++i) {
      for (const std::string& text : bots[i]->OnTurn(Game(frame, i + 1))) {
        const ParsedCommand p = ParseCommand(text);
        EXPECT_NE(p.command.kind, CommandKind::kInvalid) << text;
        commands[i].push_back(p.command);
      }
      lists[i] = {commands[i].data(), static_cast<int>(commands[i].size())};
    }
    Update(state, lists.data(), failures);
  }
  return state;
}

// The example AI's checks keep it from sending commands the engine refuses
// (§6.2), but builds after its home is taken; it grows and earns gold.
TEST(ColorfightStarterBotTest, SendsCommandsTheEngineAccepts) {
  for (uint64_t seed : {1, 2, 3}) {
    CountFailures failures;
    const State s = SelfPlay(seed, 3, false, 120, &failures);
    EXPECT_EQ(failures.others, 0) << "seed " << seed;
    for (int i = 0; i < s.num_users; ++i) {
      EXPECT_GT(s.users[i].cell_number, 10) << "seed " << seed;
    }
  }
}

TEST(ColorfightStarterBotTest, BeatsDoingNothing) {
  CountFailures failures;
  const State s = SelfPlay(7, 1, true, 500, &failures);
  EXPECT_GT(s.users[0].gold, 10 * s.users[1].gold);  // 221092 vs 5000
  EXPECT_GT(s.users[0].cell_number, 20);
}

TEST(ColorfightRunTest, FlagsAndAnUnreachableServerAreOneLine) {
  auto run = [](std::vector<std::string> args) {
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    return wl::colorfight::Run<ColorfightStarterBot>(
        static_cast<int>(argv.size()), argv.data());
  };
  EXPECT_EQ(run({"starter", "--games", "x"}), 2);
  EXPECT_EQ(run({"starter", "--username", "fifteen_chars_x"}), 2);
  EXPECT_EQ(run({"starter", "--bogus"}), 2);
  EXPECT_EQ(run({"starter", "--help"}), 0);
  std::ostringstream out, log;
  RunOptions options;
  options.url = "ws://127.0.0.1:1/gameroom/public";
  options.username = "me";
  EXPECT_EQ(
      PlayGames(
          [](uint64_t) { return std::make_unique<ColorfightStarterBot>(); },
          options, "starter", out, log),
      1);
  EXPECT_EQ(out.str(), "");
  const std::string lines = log.str();
  EXPECT_NE(lines.find("connection refused"), std::string::npos) << lines;
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 1) << lines;
}

// The runner in lock-step with a server that replays the end of g00
// (colorfight §13) to the starter as greedy1: turn 150 after the register,
// then the next frame after each command list. It sends one list a turn
// until the last turn and prints the final rank.
TEST(ColorfightRunTest, PlaysARecordedGameToItsEnd) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<std::string> frames =
      testing::ReadGzLines(testing::ColorfightSharedDir() / "conformance" /
                           "g00" / "frames.jsonl.gz");
  ASSERT_EQ(frames.size(), 201u);
  testing::FakeCfServer server;
  size_t next = 150;  // I/O thread only
  std::atomic<int> lists{0};
  server.SetActionHandler([&](const std::string& text) {
    const boost::json::value v = boost::json::parse(text);
    if (v.at("action") == "register") {
      server.Push(frames[next++]);
      return std::string(R"({"success": true, "uid": 1})");
    }
    ++lists;
    EXPECT_TRUE(v.at("cmd_list").is_array());
    if (next < frames.size()) server.Push(frames[next++]);
    return std::string(R"({"success": true})");
  });
  RunOptions options;
  options.url = server.Url();
  options.username = "greedy1";
  std::ostringstream out, log;
  EXPECT_EQ(PlayGames(
                [](uint64_t seed) {
                  return std::make_unique<ColorfightStarterBot>(seed);
                },
                options, "starter", out, log),
            0)
      << log.str();
  EXPECT_EQ(lists, 50);  // turns 150..199 (§1 item 7: none at max_turn)
  Frame last;
  std::string error;
  ASSERT_TRUE(ParseFrame(frames[200], &last, &error)) << error;
  EXPECT_EQ(out.str(),
            "starter: game 1565000101000: rank 1 of 2 by gold (173262 gold, " +
                std::to_string(last.users[0].cell_number) + " cells)\n");
  EXPECT_EQ(log.str(), "");
}

// Two starters through Run's loop against our server (`warlight colorfight
// server`, tools/colorfight/cf_server.h) in lock-step: a 2-player room that
// starts when full, a turn as soon as both have sent their commands. Both
// play to max_turn and print their rank, one first and one second, with
// the gold of the server's final frame.
TEST(ColorfightRunTest, TwoStartersPlayAGameOnOurServer) {
  tools::ColorfightServerOptions options;
  tools::ColorfightRoomConfig duel = tools::ColorfightPreset("duel");
  duel.max_turn = 30;
  options.rooms = {{"duel", duel}};
  options.lockstep = true;
  std::mutex mu;
  std::string final_frame;
  options.on_game_end = [&](const tools::ColorfightFinishedGame& game) {
    std::lock_guard lock(mu);
    final_frame = game.final_frame;
  };
  testing::RunningServer server(options);
  std::ostringstream out[2], log[2];
  int status[2] = {-1, -1};
  std::vector<std::thread> players;
  for (int i = 0; i < 2; ++i) {
    players.emplace_back([&, i] {
      RunOptions o;
      o.url = "http://127.0.0.1:" + std::to_string(server.port()) +
              "/gameroom/duel";
      o.username = "starter" + std::to_string(i + 1);
      o.seed = i + 1;
      o.give_up_at =
          std::chrono::steady_clock::now() + std::chrono::seconds(60);
      status[i] = PlayGames(
          [](uint64_t seed) {
            return std::make_unique<ColorfightStarterBot>(seed);
          },
          o, o.username, out[i], log[i]);
    });
  }
  for (std::thread& t : players) t.join();
  ASSERT_TRUE(testing::FakeCfServer::WaitFor([&] {
    std::lock_guard lock(mu);
    return !final_frame.empty();
  }));
  Frame last;
  {
    std::lock_guard lock(mu);
    std::string error;
    ASSERT_TRUE(ParseFrame(final_frame, &last, &error)) << error;
  }
  EXPECT_EQ(last.turn, 30);
  ASSERT_EQ(last.users.size(), 2u);
  std::string lines;
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(status[i], 0) << log[i].str();
    EXPECT_EQ(log[i].str(), "");
    lines += out[i].str();
  }
  for (int i = 0; i < 2; ++i) {
    const FrameUser& u = last.users[i];
    const FrameUser& other = last.users[1 - i];
    // colorfight §8: by gold, ties in registration order.
    const int rank =
        other.gold > u.gold || (other.gold == u.gold && i == 1) ? 2 : 1;
    EXPECT_GT(u.cell_number, 5) << u.username;
    EXPECT_NE(lines.find(u.username + ": game " + last.info.game_id +
                         ": rank " + std::to_string(rank) + " of 2 by gold (" +
                         std::to_string(u.gold) + " gold, " +
                         std::to_string(u.cell_number) + " cells)\n"),
              std::string::npos)
        << lines;
  }
}

}  // namespace
}  // namespace wl::colorfight
