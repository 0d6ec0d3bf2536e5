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
// comes is waited for until that request's own deadline (then: []).
//
// A ping (the web UI's test form, never part of a game) is answered like a
// turn by a bot of its own, freed at once, unless its (game_id, player_id)
// is a game in play.
//
// The command line of Serve (every Berlin bot's; sdk/cli/flags.h reads it):
//   BOT [--port N] [--host H] [--seed N] [the bot's own flags] [--help]
//   --port N  (-p N) the port, else $PORT, else 4567; 0: any free port
//   --host H  the address to listen on (default 127.0.0.1)
//   --seed N  the bot's seed (Serve<B>: B(N) when B has such a constructor)
// It prints "listening on http://HOST:PORT/" on stderr once it accepts
// connections, serves until SIGTERM or SIGINT and then exits 0; a bad flag
// is one line on stderr and exit status 2, a port it cannot bind 1.
#ifndef WL_BERLIN_SERVER_H_
#define WL_BERLIN_SERVER_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

#include "sdk/berlin/bot.h"
#include "sdk/cli/flags.h"

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
  // Waits for every OnTurn still running (see WaitIdle), then frees the
  // bots.
  ~Endpoint();
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;

  // One request: the request target ("/?action=..."), its Content-Type and
  // body; `received` starts the time limit. Safe from several threads.
  HttpAnswer Handle(std::string_view target, std::string_view content_type,
                    std::string_view body, Clock::time_point received);
  // Games whose bot is alive (not yet at game_over).
  size_t GamesInPlay() const;
  // Waits until no OnTurn runs, or `until`; true when none runs.
  bool WaitIdle(Clock::time_point until) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 4567;  // 0: any free port (Server::port() tells which)
  // Larger requests are answered 413 (headers, with the query string:
  // 431) and the connection closed.
  size_t max_body_bytes = size_t{4} << 20;
  size_t max_header_bytes = size_t{1} << 20;
  // Stop on SIGTERM and SIGINT (caught from construction on).
  bool stop_on_signals = false;
  EndpointOptions endpoint;
};

// The HTTP/1.1 server: a thread per connection, keep-alive, Expect:
// 100-continue, every request handed to one Endpoint.
class Server {
 public:
  // Binds host:port. Throws std::runtime_error with one line ("cannot
  // listen on http://127.0.0.1:4567/: Address already in use") if it
  // cannot.
  Server(BotFactory factory, ServerOptions options);
  // Stops (if running) and waits for the connections and the bots.
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const;         // the bound port
  std::string Url() const;  // "http://HOST:PORT/", HOST numeric
  Endpoint& endpoint();
  // Serves until Stop(), or SIGTERM/SIGINT with `stop_on_signals`.
  void Run();
  // From any thread: stop accepting, close the connections (their current
  // request is still answered) and make Run return.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Serves `factory`'s bots from the command line above. Returns the exit
// status (0 after SIGTERM/SIGINT, 2 on bad flags, 1 when the port cannot
// be bound). --seed is accepted and unused.
int Serve(BotFactory factory, int argc, char** argv);

// The same, with the bots made from --seed's value (default 1), and with
// the bot's own flags (`bot_flags` declares them; they are read before
// `factory` makes a bot):
//   int64_t iterations = 0;
//   return wl::berlin::ServeSeeded(
//       [&](uint64_t seed) { return std::make_unique<MyBot>(seed, iterations);
//       }, argc, argv, [&](wl::cli::Flags& flags) {
//         flags.Int("iterations", &iterations, "N", "a turn's iterations");
//       });
using SeededBotFactory = std::function<std::unique_ptr<Bot>(uint64_t seed)>;
int ServeSeeded(SeededBotFactory factory, int argc, char** argv,
                const cli::DeclareFlags& bot_flags = {});

// BotClass(seed) when BotClass is constructible from a uint64_t, else
// BotClass().
template <typename BotClass>
int Serve(int argc, char** argv) {
  static_assert(std::is_convertible_v<BotClass*, Bot*>,
                "a Berlin bot derives publicly from wl::berlin::Bot");
  return ServeSeeded(
      [](uint64_t seed) -> std::unique_ptr<Bot> {
        if constexpr (std::is_constructible_v<BotClass, uint64_t>) {
          return std::make_unique<BotClass>(seed);
        } else {
          return std::make_unique<BotClass>();
        }
      },
      argc, argv);
}

}  // namespace wl::berlin

#endif  // WL_BERLIN_SERVER_H_
