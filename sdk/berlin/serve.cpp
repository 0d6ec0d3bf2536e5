// server.h's Serve: every Berlin bot's command line (see server.h).
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "sdk/berlin/server.h"

namespace wl::berlin {
namespace {

constexpr char kDescription[] =
    "A Berlin bot: an HTTP/1.1 server that answers the Berlin engine's\n"
    "requests (game_start, turn, game_over, ping) at any path. It prints\n"
    "'listening on http://HOST:PORT/' on stderr when ready and serves until\n"
    "SIGTERM or SIGINT.";

// $PORT as a port, or false.
bool PortFromEnvironment(const char* text, int64_t& port) {
  const std::string_view value(text);
  int64_t v = 0;
  auto [end, ec] =
      std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || v < 0 ||
      v > 65535) {
    return false;
  }
  port = v;
  return true;
}

// Reads Serve's flags and the bot's into `options`, `seed` and the bot's
// variables; returns the exit status when the program should stop now.
std::optional<int> ReadFlags(cli::Flags& flags, int argc, char** argv,
                             const cli::DeclareFlags& bot_flags,
                             ServerOptions& options, uint64_t& seed) {
  int64_t port = -1;  // not given: $PORT, else options.port
  flags.Int("port", &port, "N",
            "the port (default: $PORT, else 4567; 0: any free port)",
            {0, 65535});
  flags.Short("port", 'p');
  flags.String("host", &options.host, "H",
               "the address to listen on (0.0.0.0: all)");
  flags.Uint64("seed", &seed, "N", "the bot's random seed");
  if (bot_flags) bot_flags(flags);
  if (std::optional<int> exit = flags.ParseProgram(argc, argv)) return exit;
  if (options.host.empty()) return flags.Fail("--host needs an address");
  if (const char* env = std::getenv("PORT"); port < 0 && env && *env) {
    if (!PortFromEnvironment(env, port)) {
      return flags.Fail(std::string("bad $PORT '") + env +
                        "': a port is a number from 0 to 65535");
    }
  }
  if (port >= 0) options.port = static_cast<int>(port);
  return std::nullopt;
}

}  // namespace

int ServeSeeded(SeededBotFactory factory, int argc, char** argv,
                const cli::DeclareFlags& bot_flags) {
  const std::string name = cli::ProgramName(argc, argv, "berlin bot");
  cli::Flags flags(name, "", kDescription);
  ServerOptions options;
  uint64_t seed = 1;
  if (std::optional<int> exit =
          ReadFlags(flags, argc, argv, bot_flags, options, seed)) {
    return *exit;
  }
  options.stop_on_signals = true;
  std::unique_ptr<Server> server;
  try {
    server = std::make_unique<Server>(
        [factory = std::move(factory), seed] { return factory(seed); },
        options);
  } catch (const std::exception& e) {
    std::cerr << name << ": " << e.what() << std::endl;
    return 1;
  }
  std::cerr << "listening on " << server->Url() << std::endl;
  server->Run();
  // A bot stuck in OnTurn would keep the process forever: give it a moment.
  if (!server->endpoint().WaitIdle(Endpoint::Clock::now() +
                                   std::chrono::seconds(2))) {
    std::cerr << name << ": a bot is still in OnTurn; exiting without it"
              << std::endl;
    std::_Exit(0);
  }
  return 0;
}

int Serve(BotFactory factory, int argc, char** argv) {
  return ServeSeeded(
      [factory = std::move(factory)](uint64_t) { return factory(); }, argc,
      argv);
}

}  // namespace wl::berlin
