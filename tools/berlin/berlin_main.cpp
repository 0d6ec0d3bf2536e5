#include "berlin/berlin_main.h"

#include <iostream>
#include <string>

#include "berlin/berlin_arena.h"
#include "berlin/berlin_match.h"
#include "berlin/berlin_verify.h"
#include "berlin/berlin_view.h"

namespace wl::tools {
namespace {

constexpr const char* kUsage =
    "usage: warlight berlin <command> [args]\n\n"
    "Berlin (berlin-ai.com, 2011-2013): bots are HTTP servers; the referee\n"
    "plays them exactly as the official server did.\n\n"
    "commands:\n"
    "  match BOT BOT [BOT BOT]  play one game between 2 to 4 bots\n"
    "  verify DIR...            regenerate recorded official games and "
    "compare\n"
    "                           every request and the replay byte for byte\n"
    "  arena BOT BOT...         many games, with statistics\n"
    "  view GAME_DIR...         (re)write GAME_DIR/replay.html\n\n"
    "Run 'warlight berlin <command> --help' for a command's options.\n";

struct Command {
  const char* name;
  int (*run)(int argc, char** argv);  // the arguments after the name
};

// Each command adds itself here.
constexpr Command kCommands[] = {
    {"", nullptr},
    {"match", BerlinMatchMain},
    {"verify", BerlinVerifyMain},
    {"view", BerlinViewMain},
    {"arena", BerlinArenaMain},
};

}  // namespace

int BerlinMain(int argc, char** argv) {
  const std::string command = argc > 0 ? argv[0] : "";
  if (command.empty() || command == "--help" || command == "-h" ||
      command == "help") {
    std::cout << kUsage;
    return command.empty() ? 2 : 0;
  }
  for (const Command& c : kCommands) {
    if (c.run != nullptr && command == c.name) return c.run(argc - 1, argv + 1);
  }
  std::cerr << "warlight berlin: unknown command '" << command
            << "' (see warlight berlin --help)\n";
  return 2;
}

}  // namespace wl::tools
