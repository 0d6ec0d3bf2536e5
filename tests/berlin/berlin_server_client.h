// berlin_server_client.h: what the tests of sdk/berlin/server.h share: the
// requests of a small game (Fields), a bot that counts its turns
// (CountingBot), a Server on a free port on its own thread (RunningServer)
// and a raw HTTP/1.1 client of it (Client).
//
//   Counters counters;
//   RunningServer server(Counting(&counters));
//   Client client(server.port());
//   auto res = client.Post("/", FormBody(Fields("turn", "g", 0, 1)));
//   // res.body() == "[" + MoveJson(1, 2, 1) + "]"
#ifndef WL_TESTS_BERLIN_BERLIN_SERVER_CLIENT_H_
#define WL_TESTS_BERLIN_BERLIN_SERVER_CLIENT_H_

#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sdk/berlin/server.h"
#include "sdk/berlin/wire.h"

namespace wl::berlin::testing {

constexpr const char* kForm = "application/x-www-form-urlencoded";

// A ring of four cities 1-2-3-4-1: player 0 on node 1 with `soldiers`,
// player 1 on node 3 with 5.
inline RequestFields Fields(const std::string& action, const std::string& game,
                            int player, int turn, int limit_ms = 1000,
                            int soldiers = 10) {
  Map map;
  const int city = map.AddType("city", 1, 1);
  for (int id = 1; id <= 4; ++id) map.AddNode(id, city);
  const std::vector<std::pair<int64_t, int64_t>> paths = {
      {1, 2}, {2, 3}, {3, 4}, {4, 1}};
  for (const auto& [from, to] : paths) map.AddPath(from, to);
  State state = State::Empty(4, 2);
  state.Place(0, 0, soldiers);
  state.Place(2, 1, 5);
  InfosFields infos;
  infos.game_id = game;
  infos.current_turn = turn;
  infos.time_limit_per_turn_json = std::to_string(limit_ms);
  infos.player_id = player;
  return RequestFields{action, InfosJson(infos), MapJson(map, paths),
                       StateJson(map, state)};
}

inline std::string MoveJson(int from, int to, int n) {
  return "{\"from\":" + std::to_string(from) + ",\"to\":" + std::to_string(to) +
         ",\"number_of_soldiers\":" + std::to_string(n) + "}";
}

struct Counters {
  std::atomic<int> made{0}, freed{0}, starts{0}, overs{0};
};

// Its k-th OnTurn sends k soldiers from its first controlled node to that
// node's first neighbour: the answer tells how many turns the object saw.
class CountingBot : public Bot {
 public:
  explicit CountingBot(Counters* counters) : counters_(counters) {
    ++counters_->made;
  }
  ~CountingBot() override { ++counters_->freed; }
  void OnGameStart(const Game&) override { ++counters_->starts; }
  void OnGameOver(const Game&) override { ++counters_->overs; }
  void OnTurn(Game& game) override {
    const int from = game.ControlledNodes().front();
    game.AddMove(from, game.AdjacentNodes(from).front(), ++turns_);
  }

 private:
  Counters* counters_;
  int turns_ = 0;
};

inline BotFactory Counting(Counters* counters) {
  return [counters] { return std::make_unique<CountingBot>(counters); };
}

// A Server on a free port, running on its own thread.
class RunningServer {
 public:
  explicit RunningServer(BotFactory factory, ServerOptions options = {})
      : server_(std::move(factory), WithFreePort(std::move(options))),
        thread_([this] { server_.Run(); }) {}
  ~RunningServer() {
    server_.Stop();
    thread_.join();
  }
  int port() const { return server_.port(); }
  Server& server() { return server_; }

 private:
  static ServerOptions WithFreePort(ServerOptions options) {
    options.port = 0;
    return options;
  }
  Server server_;
  std::thread thread_;
};

// One keep-alive connection to 127.0.0.1:port.
class Client {
 public:
  using Response =
      boost::beast::http::response<boost::beast::http::string_body>;

  explicit Client(int port) : socket_(io_) {
    socket_.connect(boost::asio::ip::tcp::endpoint(
        boost::asio::ip::make_address("127.0.0.1"),
        static_cast<unsigned short>(port)));
  }
  void Write(const std::string& bytes) {
    boost::asio::write(socket_, boost::asio::buffer(bytes));
  }
  Response Read() {
    Response res;
    boost::beast::http::read(socket_, buffer_, res);
    return res;
  }
  // The same, failing with an error instead of throwing.
  boost::system::error_code TryWrite(const std::string& bytes) {
    boost::system::error_code ec;
    boost::asio::write(socket_, boost::asio::buffer(bytes), ec);
    return ec;
  }
  boost::system::error_code TryRead(Response* res) {
    boost::system::error_code ec;
    boost::beast::http::read(socket_, buffer_, *res, ec);
    return ec;
  }
  // Whether the server closed the connection (reads until the end, without
  // waiting longer than `ms`): false if it is still open then.
  bool ClosedWithin(int ms) {
    ::pollfd p{socket_.native_handle(), POLLIN, 0};
    char byte;
    while (::poll(&p, 1, ms) == 1) {
      if (::recv(socket_.native_handle(), &byte, 1, 0) <= 0) return true;
    }
    return false;
  }
  static std::string PostText(const std::string& target,
                              const std::string& body) {
    return "POST " + target + " HTTP/1.1\r\nHost: x\r\nContent-Type: " + kForm +
           "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
           body;
  }
  Response Post(const std::string& target, const std::string& body) {
    Write(PostText(target, body));
    return Read();
  }

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::socket socket_;
  boost::beast::flat_buffer buffer_;
};

}  // namespace wl::berlin::testing

#endif  // WL_TESTS_BERLIN_BERLIN_SERVER_CLIENT_H_
