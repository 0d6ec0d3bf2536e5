// Berlin's MCTS bot as an HTTP server (berlin §2): `mcts [--port N]
// [--host H] [--seed N] [--iterations N] [--max-turn-ms MS]
// [--time-share F]`. Its decisions live in berlin_mcts_bot.h; the search
// flags are read here, the others by wl::berlin::ServeSeeded.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "berlin_mcts_bot.h"
#include "sdk/berlin/server.h"

namespace {

const char kUsage[] =
    "Search flags of the mcts bot (the others follow):\n"
    "  --iterations N     iterations a turn, reproducible (default 0: by "
    "time)\n"
    "  --max-turn-ms MS   search at most MS ms a turn (default 500; 0: no "
    "cap)\n"
    "  --time-share F     search F of time_limit_per_turn (default 0.6)\n";

// `text` as a number in [low, high], or false.
bool ParseNumber(const std::string& text, double low, double high,
                 double& out) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(value >= low && value <= high)) {
    return false;
  }
  out = value;
  return true;
}

// Reads the search flags into `options` and keeps the others in `rest`;
// returns an error (one line) or "".
std::string ParseSearchFlags(int argc, char** argv,
                             berlin_mcts::Options& options,
                             std::vector<char*>& rest) {
  rest.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag != "--iterations" && flag != "--max-turn-ms" &&
        flag != "--time-share") {
      if (flag == "--help" || flag == "-h") std::cout << kUsage;
      rest.push_back(argv[i]);
      continue;
    }
    if (i + 1 >= argc) return flag + " needs a value";
    const std::string text = argv[++i];
    double value = 0;
    if (flag == "--iterations" && ParseNumber(text, 0, 1e9, value)) {
      options.search.iterations = static_cast<int>(value);
    } else if (flag == "--max-turn-ms" && ParseNumber(text, 0, 1e7, value)) {
      options.max_turn_ms = value;
    } else if (flag == "--time-share" && ParseNumber(text, 0, 1, value)) {
      options.time_share = value;
    } else {
      return "bad " + flag + " '" + text + "'";
    }
  }
  rest.push_back(nullptr);
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  berlin_mcts::Options options;
  std::vector<char*> rest;
  if (std::string error = ParseSearchFlags(argc, argv, options, rest);
      !error.empty()) {
    std::cerr << "mcts: " << error << " (see --help)" << std::endl;
    return 2;
  }
  return wl::berlin::ServeSeeded(
      [options](uint64_t seed) -> std::unique_ptr<wl::berlin::Bot> {
        berlin_mcts::Options o = options;
        o.seed = seed;
        return std::make_unique<BerlinMctsBot>(o);
      },
      static_cast<int>(rest.size()) - 1, rest.data());
}
