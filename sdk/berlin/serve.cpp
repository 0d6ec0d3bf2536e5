// server.h's Serve: every Berlin bot's command line (see server.h).
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "sdk/berlin/server.h"

namespace wl::berlin {
namespace {

struct Flags {
  ServerOptions server;
  uint64_t seed = 1;
  bool help = false;
};

std::string Usage(const std::string& name) {
  return "Usage: " + name +
         " [--port N] [--host H] [--seed N]\n"
         "A Berlin bot: an HTTP/1.1 server that answers the Berlin engine's\n"
         "requests (game_start, turn, game_over, ping) at any path.\n"
         "  --port N, -p N  the port (default: $PORT, else 4567; 0: any free "
         "port)\n"
         "  --host H        the address to listen on (default 127.0.0.1; "
         "0.0.0.0: all)\n"
         "  --seed N        the bot's random seed (default 1)\n"
         "  --help, -h      this text\n"
         "It prints 'listening on http://HOST:PORT/' on stderr when ready and "
         "serves\nuntil SIGTERM or SIGINT.\n";
}

// `text` as a whole unsigned decimal number <= `max`, or false.
bool ParseNumber(std::string_view text, uint64_t max, uint64_t& out) {
  if (text.empty() || text.size() > 20) return false;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (max - digit) / 10) return false;
    value = value * 10 + digit;
  }
  out = value;
  return true;
}

std::string SetPort(std::string_view text, const std::string& what,
                    Flags& flags) {
  uint64_t port = 0;
  if (!ParseNumber(text, 65535, port)) {
    return "bad " + what + " '" + std::string(text) +
           "': a port is a number from 0 to 65535";
  }
  flags.server.port = static_cast<int>(port);
  return "";
}

// Applies one flag with its value; returns an error or "".
std::string SetFlag(const std::string& flag, const std::string& value,
                    Flags& flags) {
  if (flag == "--port" || flag == "-p") return SetPort(value, flag, flags);
  if (flag == "--host") {
    if (value.empty()) return "--host needs an address";
    flags.server.host = value;
    return "";
  }
  uint64_t seed = 0;
  if (!ParseNumber(value, UINT64_MAX, seed)) {
    return "bad --seed '" + value + "': a seed is a number from 0 to " +
           std::to_string(UINT64_MAX);
  }
  flags.seed = seed;
  return "";
}

// Returns an error (one line) or "".
std::string ParseFlags(int argc, char** argv, Flags& flags) {
  if (const char* env = std::getenv("PORT"); env && *env) {
    if (std::string error = SetPort(env, "$PORT", flags); !error.empty()) {
      return error;
    }
  }
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    std::string value;
    bool has_value = false;
    if (const size_t eq = flag.find('=');
        flag.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag.resize(eq);
      has_value = true;
    }
    if (flag == "--help" || flag == "-h") {
      flags.help = true;
      continue;
    }
    if (flag != "--port" && flag != "-p" && flag != "--host" &&
        flag != "--seed") {
      return flag.rfind("-", 0) == 0 ? "unknown flag '" + flag + "'"
                                     : "unexpected argument '" + flag + "'";
    }
    if (!has_value) {
      if (i + 1 >= argc) return flag + " needs a value";
      value = argv[++i];
    }
    if (std::string error = SetFlag(flag, value, flags); !error.empty()) {
      return error;
    }
  }
  return "";
}

std::string ProgramName(int argc, char** argv) {
  if (argc < 1 || !argv[0] || !*argv[0]) return "berlin bot";
  const std::string path = argv[0];
  return path.substr(path.find_last_of('/') + 1);
}

}  // namespace

int ServeSeeded(SeededBotFactory factory, int argc, char** argv) {
  const std::string name = ProgramName(argc, argv);
  Flags flags;
  if (std::string error = ParseFlags(argc, argv, flags); !error.empty()) {
    std::cerr << name << ": " << error << " (see --help)" << std::endl;
    return 2;
  }
  if (flags.help) {
    std::cout << Usage(name);
    return 0;
  }
  flags.server.stop_on_signals = true;
  std::unique_ptr<Server> server;
  try {
    const uint64_t seed = flags.seed;
    server = std::make_unique<Server>(
        [factory = std::move(factory), seed] { return factory(seed); },
        flags.server);
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
