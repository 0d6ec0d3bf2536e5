// builtin_bots.h: the Colorfight II bots of this repository
// (bots/colorfight/NAME/), by name, for playing in process (the arena) or
// as a process (a WebSocket client of our server, run.h).
//
//   std::unique_ptr<wl::colorfight::Bot> bot =
//       wl::tools::MakeBuiltInColorfightBot("greedy", 7);  // or nullptr
//   std::string cmd = wl::tools::ColorfightBotCommand("greedy", 7);
//   // "<build>/bots/colorfight/greedy --seed 7", or the argument as a command
//
// Every folder bots/colorfight/NAME/ with a main.cpp is a built-in with no edit
// here: the build finds its class declared as
//   class MyBot : public wl::colorfight::Bot {
// (cmake/WlBots.cmake, GAME colorfight). Colorfight II's instance of the shared
// registry (common/bot_registry.h) and bot resolution (common/bots.h).
#ifndef WL_TOOLS_COLORFIGHT_BUILTIN_BOTS_H_
#define WL_TOOLS_COLORFIGHT_BUILTIN_BOTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/bot_registry.h"
#include "common/bots.h"
#include "sdk/colorfight/bot.h"

namespace wl::tools {

// Every bot of bots/colorfight/*/ whose class the build found, sorted by name.
// Defined in the generated <build>/bot_registry/berlin/table.cpp.
const std::vector<BotEntry<colorfight::Bot>>& RegisteredColorfightBots();

const BotRegistry<colorfight::Bot>& BuiltInColorfightBots();

// A new instance of the named bot seeded with `seed`, or nullptr.
std::unique_ptr<colorfight::Bot> MakeBuiltInColorfightBot(
    const std::string& name, uint64_t seed);

// Colorfight II's bot folders: built in <dir of warlight>/bots/colorfight,
// sources in
// ./bots/colorfight, build targets bot_colorfight_NAME.
const BotFolders& ColorfightBotFolders();

// The command that runs a BOT argument as a process: a repository bot's
// binary with " --seed <seed>", else the argument itself.
std::string ColorfightBotCommand(const std::string& bot, uint64_t seed);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_BUILTIN_BOTS_H_
