// Tests of sdk/berlin/server.h: the Endpoint (every transport of berlin
// §2.3, the game registry of §2.6, ping, bot exceptions, the answer's
// deadline of §2.4, busy bots), the HTTP Server (a real round trip with
// Expect: 100-continue and keep-alive, size limits, concurrent seats) and
// Serve's command line, in process and as the starter's binary.
#include "sdk/berlin/server.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "berlin/berlin_server_client.h"
#include "bots/berlin/starter/berlin_starter_bot.h"
#include "common/run_main.h"
#include "gtest/gtest.h"
#include "sdk/berlin/request.h"
#include "sdk/berlin/wire.h"
#include "shared_data.h"

namespace wl::berlin {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace fs = std::filesystem;
using tcp = asio::ip::tcp;
using Clock = Endpoint::Clock;
using std::chrono::milliseconds;
using testing::Client;
using testing::Counters;
using testing::Counting;
using testing::CountingBot;
using testing::Fields;
using testing::kForm;
using testing::MoveJson;
using testing::RunningServer;

HttpAnswer Ask(Endpoint& endpoint, const RequestFields& fields) {
  return endpoint.Handle("/", kForm, FormBody(fields), Clock::now());
}

// A captured request of the official engine, or "" (the test skips).
std::string Captured(const std::string& name) {
  const fs::path path = wl::testing::SharedDir() / "berlin" / "fixtures" / name;
  return fs::exists(path) ? wl::testing::ReadFile(path) : "";
}

#define REQUIRE_FIXTURE(text, name)                                 \
  if ((text).empty()) {                                             \
    GTEST_SKIP() << "../shared/berlin/fixtures/" << (name)          \
                 << " is absent: skipping the test on a recording"; \
  }

// -------------------------------------------------------------- test bots

// Opened once by the test; waiters give up after 20 s (a failed test must
// not hang the suite).
class Gate {
 public:
  void Open() {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ = true;
    cv_.notify_all();
  }
  void Wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait_for(lock, std::chrono::seconds(20), [&] { return open_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool open_ = false;
};

// Sends 1 soldier 1 -> 2, waits for the gate, then 1 soldier 1 -> 4.
class SlowBot : public Bot {
 public:
  SlowBot(Gate* gate, Counters* counters) : gate_(gate), counters_(counters) {
    ++counters_->made;
  }
  ~SlowBot() override { ++counters_->freed; }
  void OnTurn(Game& game) override {
    game.AddMove(game.IndexOf(1), game.IndexOf(2), 1);
    gate_->Wait();
    game.AddMove(game.IndexOf(1), game.IndexOf(4), 1);
  }

 private:
  Gate* gate_;
  Counters* counters_;
};

class ThrowingBot : public Bot {
 public:
  void OnTurn(Game& game) override {
    game.AddMove(game.IndexOf(1), game.IndexOf(2), 1);
    throw std::runtime_error("boom\nsecond line");
  }
};

// Lines in `text`.
int Lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// ------------------------------------------------------------ the Endpoint

// berlin §2.3: form body, query string (empty JSON body, as aishowdown
// sent), JSON body with object values (berlingo) or JSON string values.
std::vector<HttpAnswer> AskEveryTransport(const BotFactory& factory,
                                          const RequestFields& f) {
  const std::string objects = "{\"action\":\"" + f.action +
                              "\",\"infos\":" + f.infos + ",\"map\":" + f.map +
                              ",\"state\":" + f.state + "}";
  const std::string strings = "{\"action\":" + RailsString(f.action) +
                              ",\"infos\":" + RailsString(f.infos) +
                              ",\"map\":" + RailsString(f.map) +
                              ",\"state\":" + RailsString(f.state) + "}";
  std::vector<HttpAnswer> answers;
  auto ask = [&](std::string_view target, std::string_view type,
                 std::string_view body) {
    Endpoint endpoint(factory);  // a fresh bot for each
    answers.push_back(endpoint.Handle(target, type, body, Clock::now()));
  };
  ask("/", kForm, FormBody(f));
  ask("/?" + FormBody(f), "application/json", "");
  ask("/", "application/json", objects);
  ask("/", "application/json", strings);
  return answers;
}

TEST(BerlinEndpointTest, EveryTransportGivesTheSameAnswer) {
  Counters counters;
  const std::vector<HttpAnswer> answers =
      AskEveryTransport(Counting(&counters), Fields("turn", "g", 0, 1));
  for (const HttpAnswer& a : answers) {
    EXPECT_EQ(a.status, 200);
    EXPECT_EQ(a.content_type, "application/json");
    EXPECT_EQ(a.body, "[" + MoveJson(1, 2, 1) + "]");
  }
  EXPECT_EQ(counters.made, 4);
  EXPECT_EQ(counters.freed, 4);
}

TEST(BerlinEndpointTest, CapturedTurnsReadFromEveryTransport) {
  const BotFactory starter = [] {
    return std::make_unique<BerlinStarterBot>();
  };
  for (const char* name : {"test5", "test6", "test7", "test8"}) {
    const std::string body =
        Captured(std::string("captured-requests/") + name + ".urlencoded");
    REQUIRE_FIXTURE(body, name);
    const RequestFields f = ReadRequestFields("/", kForm, body);
    ASSERT_EQ(f.action, "turn") << name;
    Endpoint endpoint(starter);
    const HttpAnswer captured = endpoint.Handle("/", kForm, body, Clock::now());
    EXPECT_EQ(captured.status, 200) << name;
    EXPECT_EQ(captured.body.front(), '[') << name;
    for (const HttpAnswer& a : AskEveryTransport(starter, f)) {
      EXPECT_EQ(a.status, 200) << name;
      EXPECT_EQ(a.body, captured.body) << name;
    }
  }
}

TEST(BerlinEndpointTest, WebUiPingIsAnsweredWithMoves) {
  const std::string ping = Captured("ping-default.json");
  REQUIRE_FIXTURE(ping, "ping-default.json");
  Endpoint endpoint([] { return std::make_unique<BerlinStarterBot>(); });
  const HttpAnswer a = endpoint.Handle("/", kForm, ping, Clock::now());
  EXPECT_EQ(a.status, 200) << a.body;
  // Player 1's 5 soldiers on node 1 face player 2's 5 on node 9 next
  // door: the starter keeps them all home (a tie keeps the node).
  EXPECT_EQ(a.body, "[]");
  EXPECT_EQ(endpoint.GamesInPlay(), 0u);
}

TEST(BerlinEndpointTest, OneBotPerSeatFreedAfterGameOver) {
  Counters counters;
  Endpoint endpoint(Counting(&counters));
  for (const auto& [game, player] : std::vector<std::pair<std::string, int>>{
           {"g1", 0}, {"g1", 1}, {"g2", 0}}) {
    const HttpAnswer a = Ask(endpoint, Fields("game_start", game, player, 0));
    EXPECT_EQ(a.status, 200);
    EXPECT_EQ(a.body, "");
  }
  EXPECT_EQ(endpoint.GamesInPlay(), 3u);
  EXPECT_EQ(counters.starts, 3);
  Ask(endpoint, Fields("turn", "g1", 0, 1));
  EXPECT_EQ(counters.made, 3);  // the game's first request made it
  const HttpAnswer over = Ask(endpoint, Fields("game_over", "g1", 0, 1));
  EXPECT_EQ(over.status, 200);
  EXPECT_EQ(over.body, "");
  EXPECT_EQ(counters.overs, 1);
  EXPECT_EQ(counters.freed, 1);
  EXPECT_EQ(endpoint.GamesInPlay(), 2u);
  // game_over of a game never seen makes no bot; a turn of one does.
  Ask(endpoint, Fields("game_over", "g9", 0, 3));
  EXPECT_EQ(counters.made, 3);
  Ask(endpoint, Fields("turn", "g3", 1, 4));
  EXPECT_EQ(counters.made, 4);
  EXPECT_EQ(endpoint.GamesInPlay(), 3u);
}

TEST(BerlinEndpointTest, BotsKeepTheirStateAcrossTurnsPerSeat) {
  Counters counters;
  Endpoint endpoint(Counting(&counters));
  auto turn = [&](const std::string& game, int player, int t) {
    return Ask(endpoint, Fields("turn", game, player, t)).body;
  };
  EXPECT_EQ(turn("g1", 0, 1), "[" + MoveJson(1, 2, 1) + "]");
  EXPECT_EQ(turn("g1", 0, 2), "[" + MoveJson(1, 2, 2) + "]");
  EXPECT_EQ(turn("g1", 1, 1), "[" + MoveJson(3, 2, 1) + "]");
  EXPECT_EQ(turn("g2", 0, 1), "[" + MoveJson(1, 2, 1) + "]");
  EXPECT_EQ(turn("g1", 0, 3), "[" + MoveJson(1, 2, 3) + "]");
  Ask(endpoint, Fields("game_over", "g1", 0, 3));
  EXPECT_EQ(turn("g1", 0, 4), "[" + MoveJson(1, 2, 1) + "]");  // a new bot
}

TEST(BerlinEndpointTest, PingIsAnsweredLikeATurnByABotOfItsOwn) {
  Counters counters;
  Endpoint endpoint(Counting(&counters));
  const HttpAnswer turn = Ask(endpoint, Fields("turn", "g", 0, 1));
  for (int i = 0; i < 2; ++i) {
    const HttpAnswer ping = Ask(endpoint, Fields("ping", "p", 0, 1));
    EXPECT_EQ(ping.status, turn.status);
    EXPECT_EQ(ping.content_type, turn.content_type);
    EXPECT_EQ(ping.body, turn.body);  // a fresh bot each time
  }
  EXPECT_EQ(endpoint.GamesInPlay(), 1u);
  EXPECT_EQ(counters.made, 3);
  EXPECT_EQ(counters.freed, 2);  // the pings' bots, at once
  // A ping for a game in play asks that game's bot.
  EXPECT_EQ(Ask(endpoint, Fields("ping", "g", 0, 2)).body,
            "[" + MoveJson(1, 2, 2) + "]");
}

TEST(BerlinEndpointTest, BotExceptionAnswersNoMovesAndLogsOneLine) {
  std::ostringstream log;
  EndpointOptions options;
  options.log = &log;
  Endpoint endpoint([] { return std::make_unique<ThrowingBot>(); }, options);
  for (int t = 1; t <= 2; ++t) {
    const HttpAnswer a = Ask(endpoint, Fields("turn", "g", 0, t));
    EXPECT_EQ(a.status, 200);
    EXPECT_EQ(a.body, "[]");
  }
  EXPECT_EQ(Lines(log.str()), 2) << log.str();
  EXPECT_NE(log.str().find("boom second line"), std::string::npos) << log.str();
  EXPECT_EQ(endpoint.GamesInPlay(), 1u);
}

TEST(BerlinEndpointTest, UnknownActionsAndUnreadableRequests) {
  std::ostringstream log;
  EndpointOptions options;
  options.log = &log;
  Counters counters;
  Endpoint endpoint(Counting(&counters), options);
  const HttpAnswer unknown = Ask(endpoint, Fields("dance", "g", 0, 1));
  EXPECT_EQ(unknown.status, 200);
  EXPECT_EQ(unknown.body, "");
  EXPECT_EQ(Lines(log.str()), 1);
  EXPECT_NE(log.str().find("'dance'"), std::string::npos) << log.str();
  RequestFields bad_json = Fields("turn", "g", 0, 1);
  bad_json.map = "{\"types\":[";
  const std::vector<std::string> bodies = {
      "", "infos=%7B%7D", FormBody(bad_json), "{\"action\":\"turn\"}"};
  for (const std::string& body : bodies) {
    const HttpAnswer a = endpoint.Handle("/", kForm, body, Clock::now());
    EXPECT_EQ(a.status, 400) << body;
    EXPECT_EQ(Lines(a.body), 1) << a.body;
    EXPECT_GT(a.body.size(), 5u) << "a reason";
  }
  EXPECT_EQ(counters.made, 0);
}

// berlin §2.4: the answer leaves by limit - max(margin_ms, fraction * limit)
// with what OnTurn added so far.
TEST(BerlinEndpointTest, SlowBotIsAnsweredAtTheDeadlineWithItsMovesSoFar) {
  struct Case {
    double margin_ms, fraction;
  };
  for (const Case c : {Case{500, 0.1}, Case{10, 0.5}}) {
    Gate gate;
    Counters counters;
    EndpointOptions options;
    options.margin_ms = c.margin_ms;
    options.margin_fraction = c.fraction;
    Endpoint endpoint(
        [&] { return std::make_unique<SlowBot>(&gate, &counters); }, options);
    const Clock::time_point start = Clock::now();
    const HttpAnswer a = Ask(endpoint, Fields("turn", "g", 0, 1, 1000));
    const double ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    EXPECT_EQ(a.body, "[" + MoveJson(1, 2, 1) + "]");
    EXPECT_GE(ms, 495) << "answered before the deadline (500 ms)";
    EXPECT_LT(ms, 1000) << "answered after the time limit";
    gate.Open();
    EXPECT_TRUE(endpoint.WaitIdle(Clock::now() + std::chrono::seconds(20)));
  }
}

TEST(BerlinEndpointTest, BusyBotIsWaitedForUntilTheNextDeadline) {
  Gate gate;
  Counters counters;
  std::ostringstream log;
  EndpointOptions options;
  options.margin_fraction = 0.8;  // deadline 200 ms after receiving
  options.log = &log;
  Endpoint endpoint([&] { return std::make_unique<SlowBot>(&gate, &counters); },
                    options);
  EXPECT_EQ(Ask(endpoint, Fields("turn", "g", 0, 1)).body,
            "[" + MoveJson(1, 2, 1) + "]");
  // Turn 1's OnTurn still runs through turn 2's deadline: no moves.
  EXPECT_EQ(Ask(endpoint, Fields("turn", "g", 0, 2)).body, "[]");
  EXPECT_NE(log.str().find("still busy"), std::string::npos) << log.str();
  // It returns during turn 3's wait: turn 3 is played, whole.
  std::thread opener([&] {
    std::this_thread::sleep_for(milliseconds(50));
    gate.Open();
  });
  EXPECT_EQ(Ask(endpoint, Fields("turn", "g", 0, 3, 20000)).body,
            "[" + MoveJson(1, 2, 1) + "," + MoveJson(1, 4, 1) + "]");
  opener.join();
  EXPECT_EQ(counters.made, 1);
}

TEST(BerlinEndpointTest, GameOverOfABusyBotFreesItWhenItReturns) {
  Gate gate;
  Counters counters;
  std::ostringstream log;
  EndpointOptions options;
  options.margin_fraction = 0.8;
  options.log = &log;
  Endpoint endpoint([&] { return std::make_unique<SlowBot>(&gate, &counters); },
                    options);
  Ask(endpoint, Fields("turn", "g", 0, 1));
  // game_over waits for it 1 s (berlin §2.4's 5 s, less the 0.8 margin).
  const HttpAnswer over = Ask(endpoint, Fields("game_over", "g", 0, 1));
  EXPECT_EQ(over.status, 200);
  EXPECT_EQ(endpoint.GamesInPlay(), 0u);
  EXPECT_EQ(counters.freed, 0);  // its OnTurn still runs
  gate.Open();
  EXPECT_TRUE(endpoint.WaitIdle(Clock::now() + std::chrono::seconds(20)));
  Ask(endpoint, Fields("dance", "g", 0, 1));  // any request reaps it
  EXPECT_EQ(counters.freed, 1);
}

// ---------------------------------------------------------- the HTTP server

TEST(BerlinServerTest, ExpectContinueAndKeepAlive) {
  Counters counters;
  RunningServer server(Counting(&counters));
  Client client(server.port());
  const std::string body = FormBody(Fields("turn", "g", 0, 1));
  client.Write(std::string("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ") +
               kForm + "\r\nExpect: 100-continue\r\nContent-Length: " +
               std::to_string(body.size()) + "\r\n\r\n");
  EXPECT_EQ(client.Read().result(), http::status::continue_);
  client.Write(body);
  http::response<http::string_body> first = client.Read();
  EXPECT_EQ(first.result(), http::status::ok);
  EXPECT_EQ(first[http::field::content_type], "application/json");
  EXPECT_EQ(first.body(), "[" + MoveJson(1, 2, 1) + "]");
  EXPECT_TRUE(first.keep_alive());
  // The second request on the same connection, its fields in the query
  // string (berlin §2.3).
  http::response<http::string_body> second =
      client.Post("/?" + FormBody(Fields("turn", "g", 0, 2)), "");
  EXPECT_EQ(second.result(), http::status::ok);
  EXPECT_EQ(second.body(), "[" + MoveJson(1, 2, 2) + "]");
  EXPECT_EQ(server.server().endpoint().GamesInPlay(), 1u);
}

TEST(BerlinServerTest, CapturedGameStartOverHttp) {
  const std::string body = Captured("captured-requests/test3.urlencoded");
  REQUIRE_FIXTURE(body, "test3");
  Counters counters;
  RunningServer server(Counting(&counters));
  Client client(server.port());
  http::response<http::string_body> res = client.Post("/", body);
  EXPECT_EQ(res.result(), http::status::ok);
  EXPECT_EQ(res.body(), "");
  EXPECT_EQ(counters.starts, 1);
}

TEST(BerlinServerTest, TooLargeRequestsAreRefused) {
  Counters counters;
  ServerOptions options;
  options.max_header_bytes = 4096;
  RunningServer server(Counting(&counters), options);
  {
    Client client(server.port());
    client.Write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " +
                 std::to_string(5 << 20) + "\r\n\r\n");
    EXPECT_EQ(client.Read().result(), http::status::payload_too_large);
  }
  {
    Client client(server.port());
    http::response<http::string_body> res =
        client.Post("/?" + std::string(10000, 'a'), "");
    EXPECT_EQ(res.result(), http::status::request_header_fields_too_large);
  }
  {
    Client client(server.port());
    client.Write("NOT HTTP AT ALL\r\n\r\n");
    EXPECT_EQ(client.Read().result(), http::status::bad_request);
  }
  EXPECT_EQ(counters.made, 0);
}

// Two seats of one game asked at once (berlin §2.1): each bot adds its move
// only once both are in OnTurn, so a server that answered one request
// after the other would answer the first with no moves.
TEST(BerlinServerTest, SeatsAreAskedConcurrently) {
  std::mutex mutex;
  std::condition_variable cv;
  int arrived = 0;
  class BarrierBot : public Bot {
   public:
    explicit BarrierBot(std::function<void()> barrier)
        : barrier_(std::move(barrier)) {}
    void OnTurn(Game& game) override {
      barrier_();
      const int from = game.ControlledNodes().front();
      game.AddMove(from, game.AdjacentNodes(from).front(), 1);
    }

   private:
    std::function<void()> barrier_;
  };
  auto barrier = [&] {
    std::unique_lock<std::mutex> lock(mutex);
    ++arrived;
    cv.notify_all();
    cv.wait_for(lock, std::chrono::seconds(20), [&] { return arrived >= 2; });
  };
  RunningServer server([&] { return std::make_unique<BarrierBot>(barrier); });
  std::string bodies[2];
  std::vector<std::thread> seats;
  for (int player = 0; player < 2; ++player) {
    seats.emplace_back([&, player] {
      Client client(server.port());
      bodies[player] =
          client.Post("/", FormBody(Fields("turn", "g", player, 1, 20000)))
              .body();
    });
  }
  for (std::thread& t : seats) t.join();
  EXPECT_EQ(bodies[0], "[" + MoveJson(1, 2, 1) + "]");
  EXPECT_EQ(bodies[1], "[" + MoveJson(3, 2, 1) + "]");
}

// ---------------------------------------------------------------- Serve

using ServeRun = wl::testing::CommandRun;

ServeRun RunServe(std::vector<std::string> args) {
  Counters counters;
  return wl::testing::RunMain(
      [&](int argc, char** argv) {
        return Serve(Counting(&counters), argc, argv);
      },
      std::move(args));
}

TEST(BerlinServeTest, HelpAndBadFlags) {
  const ServeRun help = RunServe({"mybot", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("usage: mybot"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--port"), std::string::npos);
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"mybot", "--port", "x"},
                                             {"mybot", "--port=70000"},
                                             {"mybot", "--port"},
                                             {"mybot", "--seed", "-1"},
                                             {"mybot", "--fast"},
                                             {"mybot", "extra"}}) {
    const ServeRun run = RunServe(bad);
    EXPECT_EQ(run.status, 2) << bad.back();
    EXPECT_EQ(Lines(run.err), 1) << run.err;
    EXPECT_EQ(run.err.rfind("mybot: ", 0), 0u) << run.err;
    EXPECT_EQ(run.out, "");
  }
  ::setenv("PORT", "http", 1);
  const ServeRun env = RunServe({"mybot"});
  // A bad $PORT matters only when it is used: not for --help, not under
  // --port (there the port is taken, so the server cannot bind: status 1).
  const ServeRun env_help = RunServe({"mybot", "--help"});
  Counters counters;
  RunningServer taken(Counting(&counters));
  const ServeRun env_port =
      RunServe({"mybot", "--port", std::to_string(taken.port())});
  ::unsetenv("PORT");
  EXPECT_EQ(env.status, 2);
  EXPECT_NE(env.err.find("$PORT"), std::string::npos) << env.err;
  EXPECT_EQ(env_help.status, 0) << env_help.err;
  EXPECT_EQ(env_port.status, 1) << env_port.err;
}

// A bot's own flags (ServeSeeded's bot_flags) are read with Serve's: listed
// in --help, checked the same way, and -p is --port.
TEST(BerlinServeTest, TheBotsOwnFlagsAreReadWithServes) {
  int64_t depth = 3;
  auto run = [&](std::vector<std::string> args) {
    Counters counters;
    BotFactory counting = Counting(&counters);
    return wl::testing::RunMain(
        [&](int argc, char** argv) {
          return ServeSeeded(
              [&](uint64_t) { return counting(); }, argc, argv,
              [&](wl::cli::Flags& flags) {
                flags.Int("depth", &depth, "N", "the search depth", {1, 9});
              });
        },
        std::move(args));
  };
  const ServeRun help = run({"mybot", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--depth N"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--port N, -p N"), std::string::npos) << help.out;
  const ServeRun bad = run({"mybot", "-p", "80", "--depth", "10"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err,
            "mybot: --depth must be from 1 to 9, not '10' (see --help)\n");
  EXPECT_EQ(run({"mybot", "-p", "x"}).status, 2);
  EXPECT_EQ(depth, 3);
  // A good value is read (the server then fails to bind: exit status 1).
  Counters counters;
  RunningServer taken(Counting(&counters));
  EXPECT_EQ(
      run({"mybot", "--depth=7", "-p", std::to_string(taken.port())}).status,
      1);
  EXPECT_EQ(depth, 7);
}

TEST(BerlinServeTest, APortInUseIsExitStatus1) {
  Counters counters;
  RunningServer taken(Counting(&counters));
  const ServeRun run =
      RunServe({"mybot", "--port", std::to_string(taken.port())});
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(Lines(run.err), 1) << run.err;
  EXPECT_NE(run.err.find("cannot listen on http://127.0.0.1:" +
                         std::to_string(taken.port()) + "/"),
            std::string::npos)
      << run.err;
}

// A child process, killed and reaped when the test ends early.
class Child {
 public:
  explicit Child(pid_t pid) : pid_(pid) {}
  ~Child() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  // Its exit status after `signal`, or -1.
  int StopWith(int signal) {
    ::kill(pid_, signal);
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, 0);
    pid_ = 0;
    return done > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_;
};

// The starter's binary: it says where it listens, answers a turn, and
// exits 0 on SIGTERM.
TEST(BerlinServeTest, StarterBinaryServesUntilSigterm) {
  const fs::path binary = fs::path(WL_BINARY_DIR) / "bots/berlin/starter";
  if (!fs::exists(binary)) {
    GTEST_SKIP() << binary << " is not built (cmake --build the bots)";
  }
  int err_pipe[2];
  ASSERT_EQ(::pipe(err_pipe), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
  std::string path = binary.string(), port_flag = "--port", port = "0";
  char* argv[] = {path.data(), port_flag.data(), port.data(), nullptr};
  pid_t pid = 0;
  const int spawned =
      posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(err_pipe[1]);
  ASSERT_EQ(spawned, 0);
  Child child(pid);
  std::string line;
  for (char c; line.find('\n') == std::string::npos &&
               ::read(err_pipe[0], &c, 1) == 1;) {
    line += c;
  }
  ::close(err_pipe[0]);
  const std::string prefix = "listening on http://127.0.0.1:";
  ASSERT_EQ(line.rfind(prefix, 0), 0u) << line;
  const int bound = std::atoi(line.c_str() + prefix.size());
  {
    Client client(bound);
    http::response<http::string_body> res =
        client.Post("/", FormBody(Fields("turn", "g", 0, 1)));
    EXPECT_EQ(res.result(), http::status::ok);
    EXPECT_EQ(res.body().front(), '[') << res.body();
  }
  EXPECT_EQ(child.StopWith(SIGTERM), 0);
}

}  // namespace
}  // namespace wl::berlin
