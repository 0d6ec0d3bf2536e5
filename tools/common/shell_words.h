// shell_words.h: how /bin/sh reads a bot's command line, as far as the
// tools need it: its plain words, its keywords and builtins, and how it
// finds a program on $PATH. bots.h checks a command with them before any
// game; process.h runs a plain command's program without sh.
//
//   std::vector<std::string> words = PlainWords("python3 bot.py --x 1");
//   if (!IsShellWord(words[0])) program = SearchPath(words[0]);  // "": none
#ifndef WL_TOOLS_COMMON_SHELL_WORDS_H_
#define WL_TOOLS_COMMON_SHELL_WORDS_H_

#include <string>
#include <vector>

namespace wl::tools {

// Words that make the first word of a command something other than a
// program: shell keywords and the builtins a bot command might start with.
bool IsShellWord(const std::string& word);

// The plain words of a command up to its first shell operator (; & | < >
// ( )), each without shell constructs; empty when the command is not plain.
std::vector<std::string> PlainWords(const std::string& command);

// A regular file we may execute.
bool IsExecutableFile(const std::string& path);

// `word` (no '/') looked up in $PATH as sh does: the first executable file
// of that name, an empty folder being the current one (unset PATH:
// /usr/local/bin:/usr/bin:/bin); "" when none. With `relative_folders`
// false, "" as soon as a relative folder comes before a match (a bot that
// runs in another folder would search it there).
std::string SearchPath(const std::string& word, bool relative_folders = true);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_SHELL_WORDS_H_
