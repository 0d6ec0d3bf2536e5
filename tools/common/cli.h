// cli.h: the flags of a `warlight` subcommand: sdk/cli/flags.h's Flags,
// with the usage line and the errors naming "warlight <command>".
//
//   wl::tools::Flags flags("match", "BOT1 BOT2", "Plays one game.");
//   flags.String("map", &map, "FILE", "the map (official JSON)");
//   std::vector<std::string> args;
//   if (std::optional<int> exit = flags.Parse(argc, argv, &args)) return *exit;
//   // "warlight match: unknown option --x (see --help)", exit status 2
#ifndef WL_TOOLS_COMMON_CLI_H_
#define WL_TOOLS_COMMON_CLI_H_

#include <cstdint>
#include <string>
#include <utility>

#include "sdk/cli/flags.h"

namespace wl::tools {

class Flags : public cli::Flags {
 public:
  Flags(const std::string& command, std::string positional,
        std::string description)
      : cli::Flags("warlight " + command, std::move(positional),
                   std::move(description)) {}
};

// The one rule of every game seed flag (`match`, `arena`, `profile`,
// `tune`, `mapgen`, `berlin match`, `colorfight server`, the arenas of every
// game): --seed S, an integer from 0 to 2^63-1 (what the result files
// record, a Java long holds, the engines seed with); a negative seed, like
// any other value out of range, is one line and exit status 2. *seed keeps
// its value when the flag is absent (-1 where that means "a random seed,
// printed"). A bot's own --seed is wider (0 to 2^64-1, cli::Flags::Uint64
// and sdk/wl/bot_args.h, as seats' seeds are mixed 64-bit values) and
// refuses negatives too.
inline void SeedFlag(Flags& flags, int64_t* seed, const std::string& help) {
  flags.Int("seed", seed, "S", help, {0, INT64_MAX});
}

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_CLI_H_
