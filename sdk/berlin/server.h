// server.h: a Berlin bot as an HTTP/1.1 server (berlin §2, §9), and the
// endpoint behind it, which the referee also calls in process.
//
//   int main(int argc, char** argv) {
//     return wl::berlin::Serve<MyBot>(argc, argv);  // --port, --host, --help
//   }
//
// The Endpoint reads a request from any transport (wire.h), keeps one Bot
// per (game_id, player_id), made at the game's first request and freed
// after game_over, and answers: game_start and game_over 200 with an empty
// body (after OnGameStart/OnGameOver), turn and ping 200 with the moves as
// a JSON array, an unknown action 200 empty (logged), a request it cannot
// read 400 with a one-line reason. OnTurn runs on a worker thread; the
// answer goes out no later than the turn's time limit minus a margin, with
// the moves added so far. A bot exception gives an empty move list and a
// log line. A Bot whose OnTurn is still running when its next request
// comes is waited for until that request's own deadline.
#ifndef WL_BERLIN_SERVER_H_
#define WL_BERLIN_SERVER_H_

#include <chrono>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "bot.h"

namespace wl::berlin {

using BotFactory = std::function<std::unique_ptr<Bot>()>;

struct EndpointOptions {
  // The answer leaves max(margin_ms, margin_fraction * limit) before the
  // turn's time_limit_per_turn (berlin §2.4: milliseconds).
  double margin_ms = 50;
  double margin_fraction = 0.1;
  std::ostream* log = nullptr;  // one line per event; nullptr: std::cerr
};

struct HttpAnswer {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

class Endpoint {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Endpoint(BotFactory factory, EndpointOptions options = {});
  ~Endpoint();
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;

  // One request: the request target ("/?action=..."), its Content-Type and
  // body; `received` starts the time limit. Safe from several threads.
  HttpAnswer Handle(std::string_view target, std::string_view content_type,
                    std::string_view body, Clock::time_point received);
  // Games whose bot is alive (not yet at game_over).
  size_t GamesInPlay() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Serves `factory`'s bots on 127.0.0.1 (--host to change) at --port, else
// $PORT, else 4567 (the official gem's port). Prints "listening on
// http://HOST:PORT/" to stderr once it accepts connections. Returns the
// exit status (2 on bad flags, 1 when the port cannot be bound).
int Serve(BotFactory factory, int argc, char** argv);

template <typename BotClass>
int Serve(int argc, char** argv) {
  return Serve([] { return std::make_unique<BotClass>(); }, argc, argv);
}

}  // namespace wl::berlin

#endif  // WL_BERLIN_SERVER_H_
