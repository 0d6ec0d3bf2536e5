// bots.h: what a BOT argument runs, for any game, and whether it can start,
// checked before any game.
//
// A BOT is the name of a bot built from the repository's bot folders (a
// folder of bots/ built as <build>/bots/NAME) or any shell command line
// ("python3 bot.py", "./mybot --fast"). A game says where its bots are and
// which names it knows (e.g. the bots it plays in process) in BotFolders:
//
//   BotFolders folders = BotFolders::Default({"greedy", "starter"});
//   if (absl::Status ok = CheckBotCanStart(bot, folders); !ok.ok()) {
//     std::cerr << "warlight match: " << ok.message() << "\n";  // one line
//     return 2;
//   }
//   std::string command = BotCommand(bot, 7, folders);
//   // "<build>/bots/greedy --seed 7", or the shell command as given
//
// The check looks at the command's program (its first word) and at the
// files it names (CommandFiles): the script of a known interpreter
// ("python3 mybot.py": mybot.py; "java -jar bot.jar": bot.jar) and any
// later word that is not an option and ends in a script's or program's
// extension (.py .js .mjs .cjs .rb .pl .sh .jar .php .lua .R .exe); each
// must exist, relative to the working folder. Other words, paths included,
// are not checked: they may name files the bot writes. A command that starts
// with a shell construct (a quote, a variable, a keyword, a redirection) is
// assumed to start; its failures show up as a crash during the game. Warlight's
// instance is tools/wl/bot_command.h (WlBotFolders and the one-argument forms
// of these functions).
#ifndef WL_TOOLS_COMMON_BOTS_H_
#define WL_TOOLS_COMMON_BOTS_H_

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace wl::tools {

// Where a game's repository bots are, and the names it knows.
struct BotFolders {
  // The folder its bots are built into: <build>/bots/NAME is bot NAME.
  std::filesystem::path built;
  // The folder of their sources, as a user names it ("bots": relative to
  // the working folder, as when run from the repository).
  std::filesystem::path sources = "bots";
  // The names that are repository bots even when not built (the game's
  // in-process bots); also offered as "did you mean" candidates.
  std::vector<std::string> known;
  // The build target of bot NAME is target_prefix + NAME.
  std::string target_prefix = "bot_";

  // `built` next to the running program (<dir of /proc/self/exe>/bots, the
  // working folder's bots/ when that cannot be read), sources "bots".
  static BotFolders Default(std::vector<std::string> known = {});
};

// True when `bot` names a repository bot: a known name, or a plain word
// (no space, quote or '/') with a file <built>/<bot>.
bool IsRepositoryBot(const std::string& bot, const BotFolders& folders);

// The command line that runs a BOT argument: <built>/<bot> for a repository
// bot, else the argument itself as a shell command.
std::string ResolveBotCommand(const std::string& bot,
                              const BotFolders& folders);

// ResolveBotCommand, plus " --seed <seed>" for a repository bot (every bot
// of the repository reads it), so that a process plays exactly as the same
// bot seeded with `seed` does in process.
std::string BotCommand(const std::string& bot, uint64_t seed,
                       const BotFolders& folders);

// The program a BOT argument runs: <built>/<bot> for a repository bot, else
// the command's first word resolved through PATH (a path with '/' as is).
// Empty when it cannot be known (the command starts with a shell construct,
// or a bare word is not on PATH).
std::string BotExecutable(const std::string& bot, const BotFolders& folders);

// OK when the bot can start; else (InvalidArgument or NotFound) a one-line
// reason naming the bot, "bot 'mybott': ...": not found (for a bare word
// that is neither a repository bot nor on PATH, with the closest known,
// built or source folder name: "did you mean mybot?"), not executable, a
// folder, a repository bot that is not built, a file the command names
// (CommandFiles) that does not exist: "bot 'python3 mybot.py': mybot.py not
// found (in /home/me/work)".
absl::Status CheckBotCanStart(const std::string& bot,
                              const BotFolders& folders);

// The words of a shell command that name files, by the rule above: the
// interpreter's script (after python/python3/pypy3, node, ruby, perl,
// sh/bash/dash/zsh, php, lua, Rscript: the first argument that is not an
// option, none after -m, -c or -e; java: the word after -jar), then every
// later non-option word (not a URL, no '=') with an extension of the list
// above. Only the command's plain words up to its first shell operator;
// none when it holds quotes, variables or globs.
std::vector<std::string> CommandFiles(const std::string& command);

// "fnv1a64 HEX" of a file's bytes, or "unreadable".
std::string FileIdentity(const std::string& path);

// The identity of a bot played as a shell command: the command line, the
// hash of `executable` (the program it runs, "" when unknown) and of every
// later word that names a file (a script, a jar).
std::string CommandIdentity(const std::string& command,
                            const std::string& executable);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_BOTS_H_
