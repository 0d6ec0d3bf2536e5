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

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_CLI_H_
