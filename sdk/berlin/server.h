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
// Limits (so that no client can crash the server or grow it without
// bound; each a field of EndpointOptions or ServerOptions below):
//  * Games abandoned without game_over expire: a seat (game_id, player_id)
//    with no request for max(game_expiry_ms = 60 s, its turns left + 2
//    times its time_limit_per_turn) is freed (its game_over, should it
//    come, then finds no bot and is answered 200 all the same). The bound
//    covers a player eliminated early, asked nothing until game_over.
//  * At most max_games = 1024 seats are in play. A new one past that frees
//    the least recently used seat that no request or OnTurn holds and that
//    had no request for min(2 turns' time, game_expiry_ms); if there is
//    none, the request is answered 503. So are requests for which a thread
//    or memory cannot be had: each refusal is one log line.
//  * A worker thread is joined as soon as its OnTurn ends.
//  * The server serves at most max_connections connections at once
//    (default: min(1024, RLIMIT_NOFILE - min(64, RLIMIT_NOFILE / 2))).
//    Past that, a new connection closes the connection idle longest (one
//    waiting for its next request, for min(1 s, idle_timeout_ms / 2) at
//    least) if there is one; else it waits in the listen backlog until a
//    connection ends or one has been idle that long. When a thread for a
//    connection cannot be had, that connection is closed and the cap in
//    force drops to the connections served (up by one for each that ends).
//  * A keep-alive connection with no request for idle_timeout_ms (60 s:
//    between games) is closed; a request must arrive whole, headers and
//    body, within request_timeout_ms (10 s) of its first byte, else it is
//    answered 408 and the connection closed; an answer must be taken by
//    the client within request_timeout_ms too.
//  * Headers (with the query string) past max_header_bytes (1 MiB), or one
//    header field or chunked trailer past 65533 bytes (Boost.Beast's
//    bound): 431; a body past max_body_bytes (4 MiB): 413. After such an
//    answer the server reads and drops what the client still sends (64 MiB
//    and request_timeout_ms at most, stopping after 1 s of silence), so
//    that the client reads the answer, and closes the connection.
//  * When accept fails (no descriptor left), it retries after 10 ms, then
//    twice as long each time up to 1 s, until one succeeds; such failures
//    are logged once every 10 s at most.
//  * An exception while serving a connection closes that connection (one
//    log line), never the process.
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
#include "sdk/common/make_seeded.h"

namespace wl::berlin {

using BotFactory = std::function<std::unique_ptr<Bot>()>;

struct EndpointOptions {
  // The answer leaves max(margin_ms, margin_fraction * limit) before the
  // turn's time_limit_per_turn (berlin §2.4: milliseconds).
  double margin_ms = 50;
  double margin_fraction = 0.1;
  std::ostream* log = nullptr;  // one line per event; nullptr: std::cerr
  // Abandoned games (see Limits above).
  size_t max_games = 1024;
  double game_expiry_ms = 60000;
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
  // One line in the log (EndpointOptions::log), "berlin bot: " first;
  // never throws.
  void Log(const std::string& line) noexcept;

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
  // Connections (see Limits above); 0: from RLIMIT_NOFILE.
  size_t max_connections = 0;
  int64_t idle_timeout_ms = 60000;
  int64_t request_timeout_ms = 10000;
  // Stop on SIGTERM and SIGINT (caught from construction on).
  bool stop_on_signals = false;
  EndpointOptions endpoint;
};

// The HTTP/1.1 server: a thread per connection, keep-alive, Expect:
// 100-continue, every request handed to one Endpoint, within the limits
// above.
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

  int port() const;                // the bound port
  size_t max_connections() const;  // the cap in force
  size_t Connections() const;      // connections served now
  std::string Url() const;         // "http://HOST:PORT/", HOST numeric
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
// BotClass() (wl::MakeSeeded).
template <typename BotClass>
int Serve(int argc, char** argv) {
  static_assert(std::is_convertible_v<BotClass*, Bot*>,
                "a Berlin bot derives publicly from wl::berlin::Bot");
  return ServeSeeded(
      [](uint64_t seed) { return MakeSeeded<Bot, BotClass>(seed); }, argc,
      argv);
}

}  // namespace wl::berlin

#endif  // WL_BERLIN_SERVER_H_
