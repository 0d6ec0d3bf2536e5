// Tests of tools/berlin/http_seat.h (the referee's HTTP client, berlin
// §2.1, §2.4, §11) against a canned server, and of endpoint_seat.h (the
// same requests in process through the sdk's Endpoint).
#include "berlin/http_seat.h"

#include <chrono>
#include <string>

#include "berlin/berlin_map.h"
#include "berlin/canned_http_server.h"
#include "berlin/endpoint_seat.h"
#include "gtest/gtest.h"
#include "sdk/berlin/bot.h"
#include "sdk/berlin/wire.h"

namespace wl::tools {
namespace {

using testing::CannedHttpServer;
using Kind = BerlinAnswer::Kind;

const berlin::RequestFields kFields{"turn", R"({"game_id":"g","x":1})",
                                    R"({"types":[]})", "[]"};

HttpSeat SeatFor(const CannedHttpServer& server, const std::string& path = "/",
                 HttpSeatOptions options = {}) {
  return HttpSeat(*ParseHttpUrl(server.url(path)), options);
}

CannedHttpServer::Handler Always(std::string reply) {
  return [reply](const CannedHttpServer::Request&, CannedHttpServer&) {
    return reply;
  };
}

TEST(ParseHttpUrl, ReadsHostPortAndTarget) {
  absl::StatusOr<HttpUrl> url = ParseHttpUrl("http://127.0.0.1:9100/");
  ASSERT_TRUE(url.ok());
  EXPECT_EQ(url->host, "127.0.0.1");
  EXPECT_EQ(url->port, 9100);
  EXPECT_EQ(url->target, "/");
  url = ParseHttpUrl("HTTP://example.org?a=1#frag");
  ASSERT_TRUE(url.ok());
  EXPECT_EQ(url->port, 80);
  EXPECT_EQ(url->target, "/?a=1");
  EXPECT_EQ(url->ToString(), "http://example.org/?a=1");
  url = ParseHttpUrl("http://[::1]:8080/ai/bot");
  ASSERT_TRUE(url.ok());
  EXPECT_EQ(url->host, "::1");
  EXPECT_EQ(url->target, "/ai/bot");
  EXPECT_EQ(url->ToString(), "http://[::1]:8080/ai/bot");
}

TEST(ParseHttpUrl, RefusesWhatItCannotAsk) {
  for (const char* bad :
       {"https://x/", "ftp://x/", "127.0.0.1:80", "http://", "http://:80/",
        "http://x:0/", "http://x:65536/", "http://x:8a/", "http://x:/",
        "http://u@x/", "http://[::1/", "http://x/a b"}) {
    absl::StatusOr<HttpUrl> url = ParseHttpUrl(bad);
    EXPECT_FALSE(url.ok()) << bad;
    EXPECT_EQ(url.status().message().find('\n'), std::string::npos);
  }
  EXPECT_NE(ParseHttpUrl("https://x/").status().message().find("https"),
            std::string::npos);
}

TEST(HttpSeat, PostsTheFormBodyWithTheEnginesHeaders) {
  CannedHttpServer server(Always(CannedHttpServer::Reply(200, "[1]")));
  HttpSeat seat = SeatFor(server, "/bot?x=1");
  BerlinAnswer answer = seat.Ask(kFields, 5000);
  ASSERT_EQ(answer.kind, Kind::kAnswered) << answer.error;
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(answer.body, "[1]");
  EXPECT_TRUE(answer.Success());
  EXPECT_GE(answer.elapsed_ms, 0);
  ASSERT_EQ(server.requests().size(), 1u);
  const CannedHttpServer::Request r = server.requests()[0];
  EXPECT_EQ(r.RequestLine(), "POST /bot?x=1 HTTP/1.1");
  EXPECT_EQ(r.body, berlin::FormBody(kFields));  // berlin §2.2
  EXPECT_TRUE(
      r.Has("User-Agent: Typhoeus - https://github.com/typhoeus/"
            "typhoeus"));
  EXPECT_TRUE(r.Has("Accept: application/json"));
  EXPECT_TRUE(r.Has("Content-Type: application/x-www-form-urlencoded"));
  EXPECT_TRUE(r.Has("Content-Length: " + std::to_string(r.body.size())));
  EXPECT_TRUE(r.Has("Host: 127.0.0.1:" + std::to_string(server.port())));
}

TEST(HttpSeat, AnyStatusIsAnAnswerButOnly2xxASuccess) {
  CannedHttpServer server(Always(CannedHttpServer::Reply(500, "[{}]")));
  BerlinAnswer answer = SeatFor(server).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kAnswered);
  EXPECT_EQ(answer.status, 500);
  EXPECT_EQ(answer.body, "[{}]");
  EXPECT_FALSE(answer.Success());
}

TEST(HttpSeat, ReadsChunkedAndCloseDelimitedAnswersAndSkips100Continue) {
  CannedHttpServer chunked(
      Always("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
             "3\r\n[{}\r\n1\r\n]\r\n0\r\n\r\n"));
  EXPECT_EQ(SeatFor(chunked).Ask(kFields, 5000).body, "[{}]");
  CannedHttpServer until_close(Always("HTTP/1.0 200 OK\r\n\r\n[]"));
  EXPECT_EQ(SeatFor(until_close).Ask(kFields, 5000).body, "[]");
  CannedHttpServer interim(Always("HTTP/1.1 100 Continue\r\n\r\n" +
                                  CannedHttpServer::Reply(201, "[2]")));
  BerlinAnswer answer = SeatFor(interim).Ask(kFields, 5000);
  EXPECT_EQ(answer.status, 201);
  EXPECT_EQ(answer.body, "[2]");
}

TEST(HttpSeat, ASlowAnswerTimesOutAtTheLimit) {
  CannedHttpServer server(
      [](const CannedHttpServer::Request&, CannedHttpServer& s) {
        s.Sleep(3000);
        return CannedHttpServer::Reply(200, "[]");
      });
  const auto start = std::chrono::steady_clock::now();
  BerlinAnswer answer = SeatFor(server).Ask(kFields, 200);
  const double waited = std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - start)
                            .count();
  EXPECT_EQ(answer.kind, Kind::kTimedOut);
  EXPECT_EQ(answer.error, "no answer within 200 ms");
  EXPECT_GE(answer.elapsed_ms, 200);
  EXPECT_LT(waited, 2000);  // generous: not the server's 3 s
  EXPECT_FALSE(answer.Success());
}

TEST(HttpSeat, AConnectionNeverAnsweredTimesOut) {
  CannedHttpServer server(
      [](const CannedHttpServer::Request&, CannedHttpServer& s) {
        s.Sleep(3000);
        return std::string();
      });
  BerlinAnswer answer = SeatFor(server).Ask(kFields, 150);
  EXPECT_EQ(answer.kind, Kind::kTimedOut);
}

TEST(HttpSeat, ConnectionRefusedIsAFailure) {
  int port = 0;
  {
    CannedHttpServer gone(Always(""));
    port = gone.port();
  }
  HttpSeat seat(*ParseHttpUrl("http://127.0.0.1:" + std::to_string(port)));
  BerlinAnswer answer = seat.Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_EQ(answer.error, "connection refused");
}

TEST(HttpSeat, BadHttpAndEarlyCloseAreFailures) {
  CannedHttpServer garbage(Always("hello\r\n\r\n"));
  BerlinAnswer answer = SeatFor(garbage).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_EQ(answer.error.rfind("bad HTTP answer: ", 0), 0u) << answer.error;
  CannedHttpServer silent(Always(""));
  answer = SeatFor(silent).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_EQ(answer.error, "connection closed before a whole answer");
  CannedHttpServer cut(
      Always("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n[]"));
  answer = SeatFor(cut).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_EQ(answer.error, "connection closed before a whole answer");
}

TEST(HttpSeat, AnAnswerOverTheCapIsAFailure) {
  const std::string huge = "[" + std::string(3 << 20, ' ') + "]";
  CannedHttpServer server(Always(CannedHttpServer::Reply(200, huge)));
  BerlinAnswer answer = SeatFor(server).Ask(kFields, 10000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_EQ(answer.error, "answer larger than 1048576 bytes");
  HttpSeatOptions small;
  small.max_answer_bytes = 10;
  CannedHttpServer eleven(Always(CannedHttpServer::Reply(200, "[1,2,3,4,5]")));
  EXPECT_EQ(SeatFor(eleven, "/", small).Ask(kFields, 5000).error,
            "answer larger than 10 bytes");
  CannedHttpServer ten(Always(CannedHttpServer::Reply(200, "[1,2,3,45]")));
  EXPECT_EQ(SeatFor(ten, "/", small).Ask(kFields, 5000).body, "[1,2,3,45]");
}

TEST(HttpSeat, FollowsRedirectsAsCurlDoes) {
  CannedHttpServer server(
      [](const CannedHttpServer::Request& r, CannedHttpServer&) {
        const std::string line = r.RequestLine();
        if (line.find(" /see ") != std::string::npos) {
          return CannedHttpServer::Reply(302, "", "Location: /again\r\n");
        }
        if (line.find(" /again ") != std::string::npos) {
          return CannedHttpServer::Reply(307, "", "Location: keep\r\n");
        }
        return CannedHttpServer::Reply(200, "[]");
      });
  // 307 keeps the method and body: the POST to /see becomes a GET to
  // /again (302), which stays a GET to /keep (307).
  BerlinAnswer answer = SeatFor(server, "/see").Ask(kFields, 5000);
  ASSERT_EQ(answer.kind, Kind::kAnswered) << answer.error;
  EXPECT_EQ(answer.body, "[]");
  const auto requests = server.requests();
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(requests[1].RequestLine(), "GET /again HTTP/1.1");
  EXPECT_EQ(requests[1].body, "");
  EXPECT_EQ(requests[2].RequestLine(), "GET /keep HTTP/1.1");

  CannedHttpServer post_again(
      [](const CannedHttpServer::Request& r, CannedHttpServer&) {
        if (r.RequestLine().find(" / ") != std::string::npos) {
          return CannedHttpServer::Reply(308, "", "Location: /b\r\n");
        }
        return CannedHttpServer::Reply(200, "[]");
      });
  ASSERT_TRUE(SeatFor(post_again).Ask(kFields, 5000).Success());
  EXPECT_EQ(post_again.requests()[1].RequestLine(), "POST /b HTTP/1.1");
  EXPECT_EQ(post_again.requests()[1].body, berlin::FormBody(kFields));
}

TEST(HttpSeat, RedirectLoopsAndHttpsRedirectsFail) {
  CannedHttpServer loop(
      Always(CannedHttpServer::Reply(301, "", "Location: /\r\n")));
  BerlinAnswer answer = SeatFor(loop).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_EQ(answer.error, "more than 5 redirects");
  EXPECT_EQ(loop.requests().size(), 6u);
  CannedHttpServer secure(
      Always(CannedHttpServer::Reply(302, "", "Location: https://x/\r\n")));
  answer = SeatFor(secure).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kFailed);
  EXPECT_NE(answer.error.find("https is not supported"), std::string::npos);
  // A redirect status without Location is just an answer (not a success).
  CannedHttpServer bare(Always(CannedHttpServer::Reply(302, "x")));
  answer = SeatFor(bare).Ask(kFields, 5000);
  EXPECT_EQ(answer.kind, Kind::kAnswered);
  EXPECT_EQ(answer.status, 302);
}

// A bot that sends one soldier along the first path it may use.
class OneMoveBot : public berlin::Bot {
 public:
  void OnTurn(berlin::Game& game) override {
    for (int node : game.ControlledNodes()) {
      for (int next : game.AdjacentNodes(node)) {
        game.AddMove(node, next, 1);
        return;
      }
    }
  }
};

// The requests of a 2-player game on deployed-2 for player 0.
berlin::RequestFields Deployed2Request(const std::string& action) {
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap("deployed-2");
  EXPECT_TRUE(map.ok()) << map.status();
  berlin::InfosFields infos = map->Infos("game-1", 2);
  infos.player_id = 0;
  infos.current_turn = action == "turn" ? 1 : 0;
  return {action, berlin::InfosJson(infos), map->map_json,
          berlin::StateJson(map->map, *map->Setup(2))};
}

TEST(EndpointSeat, AnswersAsTheBotServerWould) {
  EndpointSeat seat([] { return std::make_unique<OneMoveBot>(); });
  BerlinAnswer start = seat.Ask(Deployed2Request("game_start"), 30000);
  EXPECT_EQ(start.kind, Kind::kAnswered);
  EXPECT_EQ(start.status, 200);
  EXPECT_EQ(start.body, "");
  BerlinAnswer turn = seat.Ask(Deployed2Request("turn"), 5000);
  ASSERT_TRUE(turn.Success()) << turn.error;
  berlin::AnswerReading reading = berlin::ReadAnswer(turn.body);
  EXPECT_TRUE(reading.array);
  EXPECT_EQ(reading.moves.size(), 1u) << turn.body;
  BerlinAnswer bad = seat.Ask({"turn", "{", "{}", "[]"}, 5000);
  EXPECT_EQ(bad.kind, Kind::kAnswered);
  EXPECT_EQ(bad.status, 400);
}

// OnTurn that outlasts the referee's limit (but not the map's 5000 ms).
class SlowBot : public berlin::Bot {
 public:
  void OnTurn(berlin::Game&) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
  }
};

TEST(EndpointSeat, HonoursTheRefereesLimit) {
  EndpointSeat seat([] { return std::make_unique<SlowBot>(); });
  BerlinAnswer answer = seat.Ask(Deployed2Request("turn"), 100);
  EXPECT_EQ(answer.kind, Kind::kTimedOut);
  EXPECT_EQ(answer.error, "no answer within 100 ms");
  EXPECT_LT(answer.elapsed_ms, 390);
  // The late request is still handled; the next one waits for it.
  answer = seat.Ask(Deployed2Request("turn"), 5000);
  EXPECT_TRUE(answer.Success()) << answer.error;
}

TEST(EndpointSeat, BuiltInNamesTheKnownBots) {
  absl::StatusOr<std::unique_ptr<EndpointSeat>> seat =
      EndpointSeat::BuiltIn("no-such-bot", 1);
  ASSERT_FALSE(seat.ok());
  EXPECT_NE(seat.status().message().find("no built-in Berlin bot"),
            std::string::npos);
}

}  // namespace
}  // namespace wl::tools
