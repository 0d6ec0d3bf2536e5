// bot_server.h: a Berlin bot command started as an HTTP server process on
// a free port of 127.0.0.1, for the referee to ask over HTTP (http_seat.h).
//
//   BotServerOptions options;
//   options.stderr_path = "games/x/stderr_player0.txt";
//   absl::StatusOr<std::unique_ptr<BotServer>> bot =
//       BotServer::Start("greedy", options);       // or "python3 bot.py"
//   if (!bot.ok()) ... // "bot 'greedy' never started listening on ..."
//   HttpSeat seat(*ParseHttpUrl((*bot)->url()));
//   ...
//   std::string why = (*bot)->EndReason();  // "" or "exit status 1"
//
// The port: a port of 127.0.0.1 that is free when the bot starts is given
// to the command as the environment variable $PORT (the Python starter's
// convention, berlin §9.2), and
//  * to a repository bot (bots/berlin/NAME, run as BerlinBotCommand: its
//    binary with --seed S) as "--port N" appended;
//  * in any other command, every literal "{port}" is replaced by N
//    ("ruby ai.rb -p {port}").
// The command runs under /bin/sh -c in its own process group (process.h
// SpawnSupervised), its stdin closed; a simple command ("python3 bot.py",
// no ; & | or parentheses) is exec'd by the shell, so that a crash is
// reported as the bot's own ("signal 11"). Its stdout and stderr both go to
// options.stderr_path, up to stderr_cap_bytes (the rest is read and
// dropped). Start waits until a TCP connection to the port is accepted,
// for at most start_timeout_ms, and else fails with one line: the bot
// "never started listening on port P within X s", or "exited with status
// N before listening on port P" (with the last line it wrote). The group
// is listed for KillAllProcessGroups (KillProcessGroupsOnExitSignals), and
// Kill or the destructor kills it and reaps everything.
#ifndef WL_TOOLS_BERLIN_BOT_SERVER_H_
#define WL_TOOLS_BERLIN_BOT_SERVER_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace wl::tools {

struct BotServerOptions {
  uint64_t seed = 1;  // a repository bot's --seed
  int64_t start_timeout_ms = 10000;
  std::string stderr_path;  // "": dropped
  int64_t stderr_cap_bytes = int64_t{1} << 20;
};

class BotServer {
 public:
  static absl::StatusOr<std::unique_ptr<BotServer>> Start(
      const std::string& bot, const BotServerOptions& options);
  ~BotServer();  // Kill()
  BotServer(const BotServer&) = delete;
  BotServer& operator=(const BotServer&) = delete;

  // The command line as run (without the $PORT assignment).
  const std::string& command() const;
  int port() const;
  // "http://127.0.0.1:PORT/".
  std::string url() const;
  // "" while the command runs; "exit status N" or "signal N" once its
  // main process (the shell, or what it exec'd) has ended by itself. Kill()
  // leaves it as it was.
  std::string EndReason() const;
  // Kills the process group and reaps it. Idempotent.
  void Kill();

 private:
  struct Impl;
  explicit BotServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The command that serves `bot` on `port` (see above), without $PORT.
std::string BotServerCommand(const std::string& bot, uint64_t seed, int port);

// A TCP port of 127.0.0.1 that is free now (bound, then released).
absl::StatusOr<int> FreeLocalPort();

// Whether 127.0.0.1:port accepts a TCP connection now (closed at once).
bool AcceptsConnections(int port);

// Waits until AcceptsConnections(port) (true), or until `deadline` or
// `give_up()` returns true (false); polls every 10 ms.
bool WaitUntilListening(int port,
                        std::chrono::steady_clock::time_point deadline,
                        const std::function<bool()>& give_up = nullptr);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BOT_SERVER_H_
