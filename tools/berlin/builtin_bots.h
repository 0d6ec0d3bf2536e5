// builtin_bots.h: the Berlin bots of this repository (bots/berlin/NAME/),
// by name, for playing in process (the referee's in-process seats, the
// arena) or as a process (an HTTP server the referee starts).
//
//   std::unique_ptr<wl::berlin::Bot> bot =
//       wl::tools::MakeBuiltInBerlinBot("greedy", 7);  // or nullptr
//   std::string cmd = wl::tools::BerlinBotCommand("greedy", 7);
//   // "<build>/bots/berlin/greedy --seed 7", or the argument as a command
//
// Every folder bots/berlin/NAME/ with a main.cpp is a built-in with no edit
// here: the build finds its class declared as
//   class MyBot : public wl::berlin::Bot {
// (cmake/WlBots.cmake, GAME berlin). Berlin's instance of the shared
// registry (common/bot_registry.h) and bot resolution (common/bots.h).
#ifndef WL_TOOLS_BERLIN_BUILTIN_BOTS_H_
#define WL_TOOLS_BERLIN_BUILTIN_BOTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/bot_registry.h"
#include "common/bots.h"
#include "sdk/berlin/bot.h"

namespace wl::tools {

// Every bot of bots/berlin/*/ whose class the build found, sorted by name.
// Defined in the generated <build>/bot_registry/berlin/table.cpp.
const std::vector<BotEntry<berlin::Bot>>& RegisteredBerlinBots();

const BotRegistry<berlin::Bot>& BuiltInBerlinBots();

// A new instance of the named bot seeded with `seed`, or nullptr.
std::unique_ptr<berlin::Bot> MakeBuiltInBerlinBot(const std::string& name,
                                                  uint64_t seed);

// Berlin's bot folders: built in <dir of warlight>/bots/berlin, sources in
// ./bots/berlin, build targets bot_berlin_NAME.
const BotFolders& BerlinBotFolders();

// The command that runs a BOT argument as a process: a repository bot's
// binary with " --seed <seed>", else the argument itself.
std::string BerlinBotCommand(const std::string& bot, uint64_t seed);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BUILTIN_BOTS_H_
