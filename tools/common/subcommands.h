// subcommands.h: a command line made of subcommands (`warlight`, `warlight
// berlin`, `warlight colorfight`): a table of {name, synopsis, help, main}
// gives both the usage text and the dispatch, so a new command is one line.
//
//   constexpr wl::tools::Subcommand kCommands[] = {
//       {"verify", "verify DIR...", "replay recorded games and compare", Main},
//   };
//   // argv[0] is the command; the arguments after it go to its main.
//   return wl::tools::Dispatch("warlight berlin", "Berlin: ...", kCommands,
//                              argc, argv);
//
// "--help", "-h" and "help" print the usage (exit 0), no command prints it
// with exit status 2, an unknown one is one line on stderr ("warlight:
// unknown command 'mtach' (did you mean match?); see warlight --help") and
// exit 2.
#ifndef WL_TOOLS_COMMON_SUBCOMMANDS_H_
#define WL_TOOLS_COMMON_SUBCOMMANDS_H_

#include <string>

#include "absl/types/span.h"

namespace wl::tools {

struct Subcommand {
  const char* name;      // what the user types: "verify"
  const char* synopsis;  // the usage's left column: "verify DIR..."
  const char* help;      // the right column; each '\n' starts a new line
  int (*run)(int argc, char** argv);  // the arguments after the name
};

// "usage: PROGRAM <command> [args]", then `about` (a paragraph, "" for
// none), the commands in two columns, and where each one's --help is.
std::string SubcommandUsage(const std::string& program,
                            const std::string& about,
                            absl::Span<const Subcommand> commands);

// Runs the command argv[0] with the arguments after it; returns its exit
// status (see above for help, none and unknown).
int Dispatch(const std::string& program, const std::string& about,
             absl::Span<const Subcommand> commands, int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_SUBCOMMANDS_H_
