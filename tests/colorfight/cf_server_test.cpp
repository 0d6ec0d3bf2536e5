// The Colorfight server (tools/colorfight/cf_server.h) on a real port: the
// HTTP RPC against the official server's captured exchanges
// (transport/http_exchanges.md), the master password, and a lock-step game
// of two WebSocket players from registration to the replay download.
#include "colorfight/cf_server.h"

#include <boost/json.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "colorfight/cf_server_client.h"
#include "colorfight/colorfight_replay_page.h"
#include "colorfight/colorfight_server.h"
#include "colorfight/room_config.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/frame.h"
#include "shared_data.h"

namespace wl::tools {
namespace {

namespace json = boost::json;
using testing::HttpCall;
using testing::HttpReply;
using testing::RunningServer;
using testing::WsClient;

// One request and response of http_exchanges.md.
struct Exchange {
  std::string label;
  std::string method, target, request_body;
  int status = 0;
  std::string content_type, response_body;
};

// The text of a ```http block: its header lines and its body.
void SplitMessage(const std::string& block, std::string* first_line,
                  std::string* content_type, std::string* body) {
  const size_t end_of_headers = block.find("\n\n");
  const std::string head = block.substr(0, end_of_headers);
  *first_line = head.substr(0, head.find('\n'));
  const size_t type = head.find("\nContent-Type: ");
  if (type != std::string::npos) {
    const size_t start = type + 15;
    *content_type = head.substr(start, head.find('\n', start) - start);
  }
  *body = end_of_headers == std::string::npos
              ? ""
              : block.substr(end_of_headers + 2);
  if (!body->empty() && body->back() == '\n') body->pop_back();
}

// The exchanges of http_exchanges.md, in order.
std::vector<Exchange> ReadExchanges(const std::string& text) {
  std::vector<Exchange> exchanges;
  size_t at = 0;
  while ((at = text.find("\n## ", at)) != std::string::npos) {
    Exchange e;
    e.label = text.substr(at + 4, text.find(' ', at + 4) - at - 4);
    std::string blocks[2];
    size_t cursor = at + 1;
    for (std::string& block : blocks) {
      const size_t open = text.find("```http\n", cursor);
      const size_t close = text.find("\n```", open + 8);
      block = text.substr(open + 8, close - open - 8 + 1);
      cursor = close + 4;
    }
    std::string line, ignored;
    SplitMessage(blocks[0], &line, &ignored, &e.request_body);
    e.method = line.substr(0, line.find(' '));
    e.target =
        line.substr(e.method.size() + 1, line.rfind(' ') - e.method.size() - 1);
    SplitMessage(blocks[1], &line, &e.content_type, &e.response_body);
    e.status = std::stoi(line.substr(9, 3));
    exchanges.push_back(e);
    at = cursor;
  }
  return exchanges;
}

// The captured server's room `cap` (transport/README.md).
ColorfightRoomConfig CapConfig() {
  ColorfightRoomConfig c;
  c.max_turn = 20;
  c.max_player = 4;
  c.round_time = {0.2, true};
  c.start_rule = ColorfightRoomConfig::StartRule::kNever;
  c.finish_time = {3, true};
  c.allow_join_after_start = false;
  c.allow_manual_mode = false;
  c.replay_enable = "always";
  return c;
}

TEST(ColorfightServerTest, AnswersTheCapturedHttpExchangesVerbatim) {
  WL_REQUIRE_SHARED();
  const auto path =
      testing::SharedDir() / "colorfight" / "transport" / "http_exchanges.md";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent";
  std::vector<Exchange> exchanges = ReadExchanges(testing::ReadFile(path));
  ASSERT_GE(exchanges.size(), 25u);
  // probe#1..#25 come before any player joined; the server had no
  // ADMIN_PASSWORD: ours is started with the master password "".
  ColorfightServerOptions options;
  options.rooms = {{"cap", CapConfig()}};
  RunningServer server(options);
  int compared = 0;
  for (const Exchange& e : exchanges) {
    if (std::stoi(e.label.substr(6)) > 25) break;  // players from #26 on
    SCOPED_TRACE(e.label + " " + e.method + " " + e.target);
    HttpReply reply =
        HttpCall(server.port(), e.method, e.target, e.request_body);
    EXPECT_EQ(reply.status, e.status);
    EXPECT_EQ(reply.headers["Content-Type"], e.content_type);
    EXPECT_EQ(reply.body, e.response_body);
    ++compared;
  }
  EXPECT_EQ(compared, 25);
}

TEST(ColorfightServerTest, MasterPasswordOpensRestartAndStart) {
  ColorfightServerOptions options;
  options.master_password = "s3cret";
  RunningServer server(options);
  const std::string refused =
      R"({"success": false, "err_msg": "You are not allowed to do this"})";
  // The engine's open server would accept these (colorfight §11 S11).
  EXPECT_EQ(HttpCall(server.port(), "POST", "/restart",
                     R"({"gameroom_id": "public", "config": {}})")
                .body,
            refused);
  EXPECT_EQ(
      HttpCall(server.port(), "POST", "/start", R"({"gameroom_id": "public"})")
          .body,
      refused);
  EXPECT_EQ(HttpCall(server.port(), "POST", "/restart",
                     R"({"gameroom_id": "public", "admin_password": "s3cret",
                         "config": {"max_turn": 300}})")
                .body,
            R"({"success": true})");
  EXPECT_NE(HttpCall(server.port(), "GET", "/get_gameroom_list", "")
                .body.find(R"("max_turn": 300)"),
            std::string::npos);
  // CORS (colorfight §2.1): the Origin comes back, with credentials.
  HttpReply cors = HttpCall(server.port(), "GET", "/get_gameroom_list", "",
                            {{"Origin", "http://viewer.example"}});
  EXPECT_EQ(cors.headers["Access-Control-Allow-Origin"],
            "http://viewer.example");
  EXPECT_EQ(cors.headers["Access-Control-Allow-Credentials"], "true");
  EXPECT_EQ(HttpCall(server.port(), "GET", "/nothing", "").status, 404);
}

// The games the server reports as finished.
struct FinishedGames {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<ColorfightFinishedGame> games;

  void Add(const ColorfightFinishedGame& game) {
    std::lock_guard<std::mutex> lock(mutex);
    games.push_back(game);
    changed.notify_all();
  }
  std::optional<ColorfightFinishedGame> WaitFirst() {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait_for(lock, std::chrono::seconds(20),
                     [&] { return !games.empty(); });
    if (games.empty()) return std::nullopt;
    return games.front();
  }
};

colorfight::Frame Parse(const std::string& text) {
  colorfight::Frame frame;
  std::string error;
  EXPECT_TRUE(colorfight::ParseFrame(text, &frame, &error)) << error;
  return frame;
}

constexpr const char* kOk = R"({"success": true})";

// Two players register in a lock-step duel room of 5 turns: the game starts
// when the room is full (preset duel, colorfight §1.3), each turn comes as
// soon as both sent their lists, frames are the same text on every
// game_channel, and the end gives the finished game and the replay.
TEST(ColorfightServerTest, PlaysALockStepGameToTheReplay) {
  FinishedGames finished;
  ColorfightServerOptions options;
  ColorfightRoomConfig duel = ColorfightPreset("duel");
  duel.max_turn = 5;
  options.rooms = {{"duel", duel}};
  options.lockstep = true;
  options.on_game_end = [&](const ColorfightFinishedGame& g) {
    finished.Add(g);
  };
  RunningServer server(options);
  WsClient game, watcher, a, b;
  ASSERT_TRUE(game.Connect(server.port(), "/gameroom/duel/game_channel"));
  ASSERT_TRUE(watcher.Connect(server.port(), "/gameroom/duel/game_channel"));
  std::optional<std::string> first = game.Receive();
  ASSERT_TRUE(first);
  EXPECT_EQ(Parse(*first).turn, 0);
  EXPECT_EQ(Parse(*first).info.max_turn, 5);
  ASSERT_TRUE(a.Connect(server.port(), "/gameroom/duel/action_channel"));
  ASSERT_TRUE(b.Connect(server.port(), "/gameroom/duel/action_channel"));
  EXPECT_EQ(
      a.Ask(R"({"action": "command", "cmd_list": []})"),
      R"({"success": false, "err_msg": "You need to join the game first"})");
  EXPECT_EQ(
      a.Ask(R"({"action": "register", "username": "alice", "password": "p"})"),
      R"({"success": true, "uid": 1})");
  EXPECT_EQ(
      b.Ask(R"({"action": "register", "username": "bob", "password": "q"})"),
      R"({"success": true, "uid": 2})");
  std::vector<int> turns_seen;
  std::string last_text;
  for (int turn = 0; turn < 5;) {
    std::optional<std::string> text = game.Receive();
    ASSERT_TRUE(text) << "no frame after turn " << turn;
    const colorfight::Frame frame = Parse(*text);
    if (frame.turn == turn) continue;  // a turn-0 join or countdown frame
    ASSERT_EQ(frame.turn, turn + 1) << "a turn was skipped";
    turn = static_cast<int>(frame.turn);
    turns_seen.push_back(turn);
    last_text = *text;
    if (turn == 3) {
      // bob's bad command of turn 2 is in this frame's error (§3.2, §6.2).
      ASSERT_EQ(frame.error.size(), 2u);
      EXPECT_EQ(frame.error[0].first, 1);
      EXPECT_TRUE(frame.error[0].second.empty());
      EXPECT_EQ(frame.error[1].first, 2);
      EXPECT_EQ(frame.error[1].second.size(), 1u);
    }
    if (turn < 5) {
      EXPECT_EQ(a.Ask(R"({"action": "command", "cmd_list": []})"), kOk);
      EXPECT_EQ(b.Ask(turn == 2 ? R"({"action": "command", "cmd_list": ["zz"]})"
                                : R"({"action": "command", "cmd_list": []})"),
                kOk);
    }
  }
  EXPECT_EQ(turns_seen, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(
      a.Ask(R"({"action": "command", "cmd_list": []})"),
      R"({"success": false, "err_msg": "The game has not started or it ended already."})");
  // The other game_channel got the very same text for turn 5.
  std::optional<std::string> seen;
  while ((seen = watcher.Receive()) && Parse(*seen).turn != 5) {
  }
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, last_text);

  std::optional<ColorfightFinishedGame> done = finished.WaitFirst();
  ASSERT_TRUE(done);
  EXPECT_EQ(done->room, "duel");
  EXPECT_EQ(done->game_id, Parse(last_text).info.game_id);
  EXPECT_EQ(done->final_frame, last_text);
  // The replay (preset duel: "end"), 6 entries (§9).
  const HttpReply replay =
      HttpCall(server.port(), "GET", "/gameroom/duel/replay", "");
  ASSERT_EQ(replay.status, 200);
  EXPECT_EQ(replay.body, done->replay_cfr);
  absl::StatusOr<std::string> log = GunzipColorfightReplay(replay.body);
  ASSERT_TRUE(log.ok()) << log.status();
  const json::value entries = json::parse(*log);
  ASSERT_TRUE(entries.is_array());
  EXPECT_EQ(entries.as_array().size(), 6u);
  // Issue 32: --games-dir's folder of the same room and game id (a second
  // server run: ids start again) never replaces the first.
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "cf_server_game_folders";
  std::filesystem::remove_all(dir);
  std::string folders[2];
  for (std::string& folder : folders) {
    ASSERT_TRUE(
        WriteColorfightFinishedGame(dir.string(), 1, "test", *done, &folder)
            .ok());
    EXPECT_TRUE(std::filesystem::exists(folder + "/result.json")) << folder;
  }
  EXPECT_EQ(folders[0], (dir / ("duel-" + done->game_id)).string());
  EXPECT_EQ(folders[1], folders[0] + "-2");
  std::filesystem::remove_all(dir);
}

TEST(ColorfightServerTest, ClosesUnknownRoomsBinaryMessagesAndAnswersPings) {
  RunningServer server(ColorfightServerOptions{});
  for (const char* channel : {"game_channel", "action_channel"}) {
    WsClient c;
    ASSERT_TRUE(
        c.Connect(server.port(), std::string("/gameroom/nosuch/") + channel));
    EXPECT_FALSE(c.Receive());  // §2.2: upgraded, then closed
    EXPECT_EQ(c.close_code(), 1000) << channel;
  }
  WsClient a;
  ASSERT_TRUE(a.Connect(server.port(), "/gameroom/public/action_channel?x=1"));
  EXPECT_TRUE(a.PingAndSeePong());
  EXPECT_EQ(a.Ask(R"({"action": "register", "username": "a", "password": ""})"),
            R"({"success": true, "uid": 1})");
  EXPECT_NE(HttpCall(server.port(), "GET", "/get_gameroom_list", "")
                .body.find(R"("player_number": 1)"),
            std::string::npos);
  ASSERT_TRUE(a.SendBinary("\x01\x02"));
  EXPECT_FALSE(a.Receive());  // §2.5: a binary message ends the channel
  EXPECT_EQ(a.close_code(), 1000);
  // ... and the player of a closed channel leaves at turn 0 (§5.4).
  bool left = false;
  for (int i = 0; i < 200 && !left; ++i) {
    left = HttpCall(server.port(), "GET", "/get_gameroom_list", "")
               .body.find(R"("name": "public", "player_number": 0)") !=
           std::string::npos;
    if (!left) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(left);
}

// Without lock-step, turns come every round_time (colorfight §1.4, §2.7:
// strictly more than round_time after the last update), whether the
// players sent their lists or not.
TEST(ColorfightServerTest, PacesTurnsByRoundTimeWithoutLockStep) {
  ColorfightRoomConfig config = ColorfightPreset("default");
  config.max_turn = 4;
  config.round_time = {0.2, true};
  config.start_rule = ColorfightRoomConfig::StartRule::kNever;
  ColorfightServerOptions options;
  options.rooms = {{"timed", config}};
  RunningServer server(options);
  WsClient game, a;
  ASSERT_TRUE(game.Connect(server.port(), "/gameroom/timed/game_channel"));
  ASSERT_TRUE(a.Connect(server.port(), "/gameroom/timed/action_channel"));
  ASSERT_EQ(a.Ask(R"({"action": "register", "username": "a", "password": ""})"),
            R"({"success": true, "uid": 1})");
  ASSERT_EQ(
      HttpCall(server.port(), "POST", "/start", R"({"gameroom_id": "timed"})")
          .body,
      kOk);
  using Clock = std::chrono::steady_clock;
  std::vector<Clock::time_point> at;  // when turn k + 1 came
  while (at.size() < 4) {
    std::optional<std::string> text = game.Receive();
    ASSERT_TRUE(text);
    const int64_t turn = Parse(*text).turn;
    if (turn != static_cast<int64_t>(at.size()) + 1) continue;
    at.push_back(Clock::now());
    if (turn == 2) {  // a list does not hurry the next turn
      EXPECT_EQ(a.Ask(R"({"action": "command", "cmd_list": []})"), kOk);
    }
  }
  for (size_t k = 1; k < at.size(); ++k) {
    // 0.2 s on the server's clock; 50 ms of slack for the delivery.
    EXPECT_GE(std::chrono::duration<double>(at[k] - at[k - 1]).count(), 0.15)
        << "turn " << k + 1;
  }
}

// `warlight colorfight server` with these arguments (after "server").
int RunServerMain(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return ColorfightServerMain(static_cast<int>(argv.size()), argv.data());
}

TEST(ColorfightServerTest, CommandLineRefusesBadFlagsAndBusyPorts) {
  EXPECT_EQ(RunServerMain({"--room", "bad room!"}), 2);
  EXPECT_EQ(RunServerMain({"--room", "x:nosuchpreset"}), 2);
  EXPECT_EQ(RunServerMain({"--port", "70000"}), 2);
  EXPECT_EQ(RunServerMain({"--seed", "-5"}), 2);
  EXPECT_EQ(RunServerMain({"extra"}), 2);
  RunningServer busy(ColorfightServerOptions{});
  EXPECT_EQ(RunServerMain({"--port", std::to_string(busy.port())}), 1);
  // --room is repeatable: a Strings flag
  // (FlagsTest.AStringsFlagKeepsEveryValue).
}

}  // namespace
}  // namespace wl::tools
