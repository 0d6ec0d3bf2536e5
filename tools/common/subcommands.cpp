#include "common/subcommands.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <vector>

#include "absl/strings/str_cat.h"
#include "sdk/cli/terminal.h"
#include "sdk/common/closest_name.h"

namespace wl::tools {

std::string SubcommandUsage(const std::string& program,
                            const std::string& about,
                            absl::Span<const Subcommand> commands) {
  size_t width = 0;
  for (const Subcommand& c : commands) {
    width = std::max(width, std::strlen(c.synopsis));
  }
  const std::string indent(2 + width + 2, ' ');
  std::string usage = absl::StrCat("usage: ", program, " <command> [args]\n\n");
  if (!about.empty()) absl::StrAppend(&usage, about, "\n\n");
  usage += "commands:\n";
  for (const Subcommand& c : commands) {
    std::string line = absl::StrCat("  ", c.synopsis);
    line.resize(indent.size(), ' ');
    for (const char* h = c.help; *h != '\0'; ++h) {
      line += *h;
      if (*h == '\n') line += indent;
    }
    absl::StrAppend(&usage, line, "\n");
  }
  absl::StrAppend(&usage, "\nRun '", program,
                  " <command> --help' for a command's options.\n");
  return usage;
}

int Dispatch(const std::string& program, const std::string& about,
             absl::Span<const Subcommand> commands, int argc, char** argv) {
  const std::string command = argc > 0 && argv[0] != nullptr ? argv[0] : "";
  if (command.empty() || command == "--help" || command == "-h" ||
      command == "help") {
    std::cout << SubcommandUsage(program, about, commands);
    return command.empty() ? 2 : 0;
  }
  for (const Subcommand& c : commands) {
    if (command == c.name) return c.run(argc - 1, argv + 1);
  }
  std::vector<std::string> names;
  for (const Subcommand& c : commands) names.push_back(c.name);
  std::cerr << program << ": unknown command '"
            << cli::EscapeForTerminal(command) << "'"
            << cli::EscapeForTerminal(DidYouMean(command, names)) << "; see "
            << program << " --help\n";
  return 2;
}

}  // namespace wl::tools
