// bot_command.h: whether a BOT argument of `warlight match`, `arena` or
// `profile` can start, checked before any game, and the program it runs:
// common/bots.h over Warlight's bot folders (builtin_bots.h WlBotFolders).
//
// A BOT is the name of a bot built from this repository's bots/ folder
// (starter, random, greedy, mcts, or a fork such as mybot) or any shell
// command line ("python3 bot.py", "./mybot --fast").
//
//   if (absl::Status ok = wl::tools::CheckBotCanStart(bot); !ok.ok()) {
//     std::cerr << "warlight match: " << ok.message() << "\n";  // one line
//     return 2;
//   }
//   std::string program = wl::tools::BotExecutable(bot);  // "" if unknown
//
// The check looks at the command's first word only: a command that starts
// with a shell construct (a quote, a variable, a keyword, a redirection) is
// assumed to start; its failures show up as a crash during the game.
#ifndef WL_TOOLS_WL_BOT_COMMAND_H_
#define WL_TOOLS_WL_BOT_COMMAND_H_

#include <string>

#include "absl/status/status.h"
#include "common/bots.h"

namespace wl::tools {

// The program a BOT argument runs: <build>/bots/<name> for a repository bot
// (builtin_bots.h ResolveBotCommand), else the command's first word resolved
// through PATH (a path with '/' as is). Empty when it cannot be known (the
// command starts with a shell construct, or a bare word is not on PATH).
std::string BotExecutable(const std::string& bot);

// OK when the bot can start; else (InvalidArgument or NotFound) a one-line
// reason naming the bot, "bot 'mybott': ...": not found (for a bare word
// that is neither a bots/ folder nor on PATH, with the closest built-in or
// bots/ folder name: "did you mean mybot?"), not executable, a folder, a
// repository bot that is not built.
absl::Status CheckBotCanStart(const std::string& bot);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_BOT_COMMAND_H_
