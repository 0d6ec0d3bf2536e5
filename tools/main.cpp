// warlight: the toolkit's command line. `warlight --help` lists the
// commands; `warlight <command> --help` explains one.
#include <iostream>
#include <string>

#include "arena/arena.h"
#include "harness/match.h"
#include "harness/verify.h"
#include "mapgen/mapgen.h"
#include "profile/profile.h"
#include "viewer/viewer.h"

namespace {

constexpr const char* kUsage =
    "usage: warlight <command> [args]\n\n"
    "commands:\n"
    "  arena BOT BOT...  many games between every pair of bots, with "
    "statistics\n"
    "                    (arena merge FILE... combines result files)\n"
    "  match BOT1 BOT2   play one game between two bots under the official\n"
    "                    rules, with dumps, replay and result\n"
    "  mapgen            write a map shaped like the real competition maps\n"
    "  profile BOT       how fast a bot answers under the official time rules\n"
    "  view GAME_DIR...  (re)write GAME_DIR/replay.html: watch the game in "
    "any\n"
    "                    browser, no network needed\n"
    "  verify DIR...     regenerate recorded official games and compare them\n"
    "                    line by line with the recordings\n\n"
    "Run 'warlight <command> --help' for a command's options.\n";

}  // namespace

int main(int argc, char** argv) {
  std::string command = argc > 1 ? argv[1] : "";
  if (command.empty() || command == "--help" || command == "-h" ||
      command == "help") {
    std::cout << kUsage;
    return command.empty() ? 2 : 0;
  }
  if (command == "arena") return wl::tools::ArenaMain(argc - 2, argv + 2);
  if (command == "match") return wl::tools::MatchMain(argc - 2, argv + 2);
  if (command == "mapgen") return wl::tools::MapgenMain(argc - 2, argv + 2);
  if (command == "profile") return wl::tools::ProfileMain(argc - 2, argv + 2);
  if (command == "view") return wl::tools::ViewMain(argc - 2, argv + 2);
  if (command == "verify") return wl::tools::VerifyMain(argc - 2, argv + 2);
  std::cerr << "warlight: unknown command '" << command
            << "' (see warlight --help)\n";
  return 2;
}
