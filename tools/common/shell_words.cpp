#include "common/shell_words.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

namespace wl::tools {

bool IsShellWord(const std::string& word) {
  static const std::set<std::string> kWords = {
      "!",    "{",      "}",    "if",     "then",   "else",    "elif",
      "fi",   "case",   "esac", "for",    "while",  "until",   "do",
      "done", "in",     "time", "exec",   "cd",     "eval",    "export",
      "set",  "unset",  "trap", "ulimit", "umask",  "command", "builtin",
      ".",    "source", "read", "echo",   "printf", "test",    "[",
      "true", "false",  ":",    "wait",   "exit",   "local",   "readonly"};
  return kWords.count(word) > 0;
}

std::vector<std::string> PlainWords(const std::string& command) {
  const size_t end = command.find_first_of(";&|<>()");
  std::istringstream in(command.substr(0, end));
  std::vector<std::string> words;
  for (std::string word; in >> word;) {
    if (word.find_first_of("'\"\\$`*?[]~{}#") != std::string::npos) return {};
    words.push_back(word);
  }
  return words;
}

bool IsExecutableFile(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

std::string SearchPath(const std::string& word, bool relative_folders) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    std::string dir = dirs.substr(start, colon - start);
    start = colon + 1;
    if (!relative_folders && (dir.empty() || dir[0] != '/')) return "";
    const std::filesystem::path candidate =
        std::filesystem::path(dir.empty() ? "." : dir) / word;
    if (IsExecutableFile(candidate.string())) return candidate.string();
  }
  return "";
}

}  // namespace wl::tools
