#include "colorfight/colorfight_main.h"

#include <iostream>
#include <string>

#include "colorfight/colorfight_arena.h"
#include "colorfight/colorfight_server.h"
#include "colorfight/colorfight_verify.h"
#include "colorfight/colorfight_view.h"

namespace wl::tools {
namespace {

constexpr const char* kUsage =
    "usage: warlight colorfight <command> [args]\n\n"
    "Colorfight II (colorfightai.com, 2019): a 30x30 grid for 2 to 8 bots\n"
    "that talk to the server over WebSockets; most gold after max_turn "
    "wins.\n\n"
    "commands:\n"
    "  server                   a local server official clients play on\n"
    "  verify DIR...            replay recorded official games and compare\n"
    "                           every frame, reply and replay byte for byte\n"
    "  arena BOT BOT...         many games in process, with statistics\n"
    "  view GAME_DIR...         (re)write GAME_DIR/replay.html\n\n"
    "Run 'warlight colorfight <command> --help' for a command's options.\n";

struct Command {
  const char* name;
  int (*run)(int argc, char** argv);  // the arguments after the name
};

// Each command adds itself here.
constexpr Command kCommands[] = {
    {"", nullptr},
    {"arena", ColorfightArenaMain},
    {"server", ColorfightServerMain},
    {"verify", ColorfightVerifyMain},
    {"view", ColorfightViewMain},
};

}  // namespace

int ColorfightMain(int argc, char** argv) {
  const std::string command = argc > 0 ? argv[0] : "";
  if (command.empty() || command == "--help" || command == "-h" ||
      command == "help") {
    std::cout << kUsage;
    return command.empty() ? 2 : 0;
  }
  for (const Command& c : kCommands) {
    if (c.run != nullptr && command == c.name) return c.run(argc - 1, argv + 1);
  }
  std::cerr << "warlight colorfight: unknown command '" << command
            << "' (see warlight colorfight --help)\n";
  return 2;
}

}  // namespace wl::tools
