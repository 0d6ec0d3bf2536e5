// Bots that answer badly, slowly or not at all, played through `warlight
// berlin match` over real HTTP (canned servers of this test given as URLs,
// and bot commands): every game finishes, nothing crashes or hangs, and
// result.json names what went wrong (berlin §2.5, §5.2, §11).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "berlin/berlin_match_run.h"
#include "berlin/canned_http_server.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using testing::CannedHttpServer;
using testing::CommandRun;
using testing::ProblemCount;
using testing::ResultPlayer;
using testing::ShellQuote;

// One 8-turn game on the ring map of starter against `bot`, with a 200 ms
// turn limit; result.json (null when the match failed).
json::value PlayAgainst(const std::string& bot, const std::string& name,
                        const std::string& extra = "") {
  const fs::path dir = testing::FreshTempDir("hostile_" + name);
  const fs::path map = testing::WriteRingMap(dir);
  CommandRun run = testing::RunBerlinMatch(
      "starter " + ShellQuote(bot) + " --seed 1 --turn-limit-ms 200 --map " +
          ShellQuote(map.string()) + " --out " +
          ShellQuote((dir / "g").string()) + " " + extra,
      dir);
  EXPECT_EQ(run.status, 0) << name << ": " << run.err;
  EXPECT_EQ(testing::Occurrences(run.out, "\n"), 1) << run.out;
  for (const char* file : {"game.json", "exchanges.jsonl", "replay.html"}) {
    EXPECT_TRUE(fs::is_regular_file(dir / "g" / file)) << name << " " << file;
  }
  return testing::ReadJsonFile(dir / "g" / "result.json");
}

// A server answering game_start and game_over with an empty 200 and every
// turn with `turn_reply`.
CannedHttpServer::Handler TurnsAnswered(std::string turn_reply) {
  return [turn_reply](const CannedHttpServer::Request& r, CannedHttpServer&) {
    return r.Action() == "turn" ? turn_reply : CannedHttpServer::Reply(200, "");
  };
}

// The turn requests the player was sent (all but game_start, game_over).
int64_t Turns(const json::value& player) {
  return player.at("requests").to_number<int64_t>() - 2;
}

struct Case {
  const char* name;
  std::string reply;
  const char* problem;  // as result.json counts it for every turn
};

TEST(HostileAnswers, EveryTurnAnswerIsNamedAndTheGameGoesOn) {
  std::string million = "[0";  // 1,000,000 elements, 2 MB
  for (int i = 1; i < 1000000; ++i) million += ",0";
  million += "]";
  const Case cases[] = {
      {"not_json", CannedHttpServer::Reply(200, "hello"),
       "turn answer not JSON"},
      {"object", CannedHttpServer::Reply(200, R"({"from":1,"to":2})"),
       "turn answer not a JSON array"},
      {"huge_array", CannedHttpServer::Reply(200, million),
       "turn failed: answer larger than 1048576 bytes"},
      {"booleans",
       CannedHttpServer::Reply(
           200, R"([{"from":true,"to":false,"number_of_soldiers":1}])"),
       "turn answer with node ids that are not numbers"},
      {"error_500",
       CannedHttpServer::Reply(500,
                               R"([{"from":5,"to":4,"number_of_soldiers":1}])"),
       "turn answered HTTP 500"},
      {"cut_short",
       CannedHttpServer::Reply(
           200, R"([{"from":5,"to":4,"number_of_soldiers":1},)"
                R"(7,{"from":5,"to":6,"number_of_soldiers":1}])"),
       "turn answer cut short by a bad element"},
      {"not_http", "SSH-2.0-OpenSSH\r\n\r\n", nullptr},
  };
  for (const Case& c : cases) {
    CannedHttpServer server(TurnsAnswered(c.reply));
    const json::value result = PlayAgainst(server.url(), c.name);
    const json::value player = ResultPlayer(result, server.url());
    ASSERT_TRUE(player.is_object()) << c.name;
    EXPECT_GT(Turns(player), 0) << c.name;
    if (c.problem != nullptr) {
      EXPECT_EQ(ProblemCount(player, c.problem), Turns(player))
          << c.name << ": " << json::serialize(player);
    } else {
      EXPECT_EQ(player.at("failed_answers").to_number<int64_t>(), Turns(player))
          << c.name;
      EXPECT_NE(json::serialize(player).find("turn failed: bad HTTP answer"),
                std::string::npos)
          << json::serialize(player);
    }
    EXPECT_EQ(result.at("start_failures").as_array().size(), 0u) << c.name;
  }
}

TEST(HostileAnswers, BigButReadableAnswersAndHugeNumbersMoveNothing) {
  // 100,000 empty objects (300 KB, under the cap): one (nil, nil) move
  // that matches no node; counts and ids of 31 digits, which Ruby would
  // sum to 3 (berlin §11): saturated here, so never a valid move.
  std::string empties = "[{}";
  for (int i = 1; i < 100000; ++i) empties += ",{}";
  empties += "]";
  const std::string huge =
      R"([{"from":5,"to":4,"number_of_soldiers":1000000000000000000000000000000},)"
      R"({"from":5,"to":4,"number_of_soldiers":-999999999999999999999999999997},)"
      R"({"from":1000000000000000000000000000005,"to":4,)"
      R"("number_of_soldiers":1}])";
  for (const std::string& body : {empties, huge}) {
    CannedHttpServer server(TurnsAnswered(CannedHttpServer::Reply(200, body)));
    const json::value result = PlayAgainst(server.url(), "big");
    const json::value player = ResultPlayer(result, server.url());
    ASSERT_TRUE(player.is_object());
    EXPECT_EQ(player.at("failed_answers").to_number<int64_t>(), 0);
    EXPECT_EQ(player.at("unreadable_answers").to_number<int64_t>(), 0);
    EXPECT_EQ(player.at("moves_sent").to_number<int64_t>(),
              player.at("rejected_moves").to_number<int64_t>());
    EXPECT_GT(player.at("rejected_moves").to_number<int64_t>(), 0);
  }
}

TEST(HostileAnswers, ASlowBotTimesOutEveryTurn) {
  CannedHttpServer server(
      [](const CannedHttpServer::Request& r, CannedHttpServer& s) {
        if (r.Action() == "turn") s.Sleep(1000);
        return CannedHttpServer::Reply(200, "[]");
      });
  const json::value result = PlayAgainst(server.url(), "slow");
  const json::value player = ResultPlayer(result, server.url());
  ASSERT_TRUE(player.is_object());
  EXPECT_GT(Turns(player), 0);
  EXPECT_EQ(player.at("timeouts").to_number<int64_t>(), Turns(player));
  EXPECT_EQ(ProblemCount(player, "turn timed out"), Turns(player));
}

TEST(HostileAnswers, ARefusedConnectionIsAStartFailure) {
  int port = 0;
  {
    CannedHttpServer gone(TurnsAnswered(""));
    port = gone.port();
  }
  const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/";
  const json::value result = PlayAgainst(url, "refused");
  const json::value player = ResultPlayer(result, url);
  ASSERT_TRUE(player.is_object());
  EXPECT_EQ(ProblemCount(player, "game_start failed: connection refused"), 1);
  EXPECT_EQ(ProblemCount(player, "game_over failed: connection refused"), 1);
  ASSERT_EQ(result.at("start_failures").as_array().size(), 1u);
  EXPECT_NE(
      json::serialize(result.at("start_failures")).find("connection refused"),
      std::string::npos);
}

// A Python bot server that answers [] and, at its third turn request,
// exits with status 3 (or kills itself with SIGKILL when given "kill")
// without answering it.
constexpr const char* kCrashingBot = R"(import os, signal, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs
turns = 0
class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        global turns
        body = self.rfile.read(int(self.headers['Content-Length'])).decode()
        action = parse_qs(body).get('action', [''])[0]
        if action == 'turn':
            turns += 1
            if turns == 3 and sys.argv[1:] == ['kill']:
                os.kill(os.getpid(), signal.SIGKILL)
            if turns == 3:
                os._exit(3)
        out = b'[]' if action == 'turn' else b''
        self.send_response(200)
        self.send_header('Content-Length', str(len(out)))
        self.end_headers()
        self.wfile.write(out)
    def log_message(self, *args):
        pass
HTTPServer(('127.0.0.1', int(os.environ['PORT'])), Handler).serve_forever()
)";

TEST(HostileAnswers, ABotThatCrashesMidGameIsNamed) {
  if (std::system("python3 -c pass >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3 is not installed";
  }
  const fs::path dir = testing::FreshTempDir("hostile_crash_bot");
  std::ofstream(dir / "crash.py") << kCrashingBot;
  // The interpreter itself (python3 may be a wrapper script, whose shell
  // would report the signal as an exit status).
  testing::CommandRun python = testing::RunCommand(
      "python3 -c 'import sys; sys.stdout.write(sys.executable)'", dir);
  ASSERT_EQ(python.status, 0);
  for (const std::string how : {"exit", "kill"}) {
    const std::string bot = ShellQuote(python.out) + " " +
                            ShellQuote((dir / "crash.py").string()) + " " + how;
    const json::value result = PlayAgainst(bot, "crash_" + how);
    const json::value player = ResultPlayer(result, bot);
    ASSERT_TRUE(player.is_object());
    EXPECT_EQ(player.at("ended"), how == "exit" ? "exit status 3" : "signal 9");
    EXPECT_EQ(player.at("seat"), "process");
    EXPECT_EQ(player.at("failed_answers").to_number<int64_t>(),
              Turns(player) - 2 + 1);  // from the third turn, and game_over
    EXPECT_GT(ProblemCount(player, "turn failed: connection refused"), 0);
  }
}

}  // namespace
}  // namespace wl::tools
