// builtin_bots.h: the bots of this repository, by name, for playing in
// process (the arena) or as a process (match).
//
//   std::unique_ptr<wl::Bot> bot = wl::tools::MakeBuiltInBot("greedy", 7);
//   if (!bot) { /* not a built-in name: treat it as a shell command */ }
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

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_BUILTIN_BOTS_H_
