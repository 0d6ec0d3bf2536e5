// builtin_bots.h: the Warlight bots of this repository, by name, for playing
// in process (the arena) or as a process (match, arena, profile).
//
//   std::unique_ptr<wl::Bot> bot = wl::tools::MakeBuiltInBot("greedy", 7);
//   if (!bot) { /* not a built-in name: treat it as a shell command */ }
//   std::string cmd = wl::tools::BotCommand("mybot", 7);
//   // "<build>/bots/mybot --seed 7": any bot built from bots/<name>/
//
// Every folder bots/NAME/ with a main.cpp is a built-in, with no edit here:
// the build finds the one class of its headers declared as
//   class MyBot : public wl::Bot {
// and generates a factory for it (cmake/WlBots.cmake), which makes it with
// MakeSeededBot below. A folder whose class the build cannot find plays as
// a process only, and the configure says so.
//
// This is Warlight's instance of the game-independent registry
// (common/bot_registry.h) and bot resolution (common/bots.h): the
// one-argument functions below use WlBotFolders().
#ifndef WL_TOOLS_WL_BUILTIN_BOTS_H_
#define WL_TOOLS_WL_BUILTIN_BOTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bot.h"
#include "common/bot_registry.h"
#include "common/bots.h"

namespace wl::tools {

// One bot of bots/ that can play in process: name, class_name, make.
using RegisteredBot = BotEntry<Bot>;

// Every bot of bots/*/ whose class the build found, sorted by name. Defined
// in the generated <build>/bot_registry/table.cpp.
const std::vector<RegisteredBot>& RegisteredBots();

// The registry over RegisteredBots().
const BotRegistry<Bot>& BuiltInBots();

// The built-in bot names, sorted, e.g. {"greedy", "mcts", "random", ...}.
const std::vector<std::string>& BuiltInBotNames();

// A new instance of the named bot seeded with `seed`, or nullptr.
std::unique_ptr<Bot> MakeBuiltInBot(const std::string& name, uint64_t seed);

// True for the bots MakeBuiltInBot makes.
bool IsBuiltInBot(const std::string& name);

// Warlight's bot folders: built next to the warlight executable (in bots/),
// sources in ./bots, the built-in names known even when not built.
const BotFolders& WlBotFolders();

// The command line that runs a BOT argument: the binary of a bot built from
// bots/<name>/ (next to the warlight executable, in bots/), or else the
// argument itself as a shell command.
std::string ResolveBotCommand(const std::string& bot);

// True when `bot` names a bot built from this repository's bots/ folder.
bool IsRepositoryBot(const std::string& bot);

// ResolveBotCommand, plus " --seed <seed>" for a repository bot (every bot
// of bots/ reads it; see sdk bot_args.h), so that a process plays exactly
// as MakeBuiltInBot(bot, seed) does in process.
std::string BotCommand(const std::string& bot, uint64_t seed);

// How the arena makes a bot class in process: T(seed) when T can be made
// from a uint64_t seed (give your class such a constructor to play a
// different game per seed; its main.cpp should then read `--seed` with
// wl::SeedFromArgs, so that it plays the same as a process), else T().
template <typename T>
std::unique_ptr<Bot> MakeSeededBot(uint64_t seed) {
  return MakeSeeded<Bot, T>(seed);
}

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_BUILTIN_BOTS_H_
