// builtin_bots.h: the bots of this repository, by name, for playing in
// process (the arena) or as a process (match, arena, profile).
//
//   std::unique_ptr<wl::Bot> bot = wl::tools::MakeBuiltInBot("greedy", 7);
//   if (!bot) { /* not a built-in name: treat it as a shell command */ }
//   std::string cmd = wl::tools::BotCommand("mybot", 7);
//   // "<build>/bots/mybot --seed 7": any bot built from bots/<name>/
#ifndef WL_TOOLS_ARENA_BUILTIN_BOTS_H_
#define WL_TOOLS_ARENA_BUILTIN_BOTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bot.h"

namespace wl::tools {

// The built-in bot names, e.g. {"starter", "random", "greedy"}.
const std::vector<std::string>& BuiltInBotNames();

// A new instance of the named bot seeded with `seed`, or nullptr.
std::unique_ptr<Bot> MakeBuiltInBot(const std::string& name, uint64_t seed);

// True for the bots MakeBuiltInBot makes.
bool IsBuiltInBot(const std::string& name);

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

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_BUILTIN_BOTS_H_
