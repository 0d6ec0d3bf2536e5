#include "wl/bot_command.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <vector>

#include "wl/builtin_bots.h"
#include "common/terminal.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// Words that make the first word of a command something other than a
// program: shell keywords and the builtins a bot command might start with.
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

// The command's first word when it is a plain word (no quote, variable,
// glob, assignment or redirection); nullopt otherwise.
std::optional<std::string> FirstPlainWord(const std::string& command) {
  const size_t begin = command.find_first_not_of(" \t\n");
  if (begin == std::string::npos) return std::nullopt;
  const size_t end = command.find_first_of(" \t\n;&|<>()", begin);
  std::string word = command.substr(begin, end - begin);
  if (word.empty() || IsShellWord(word)) return std::nullopt;
  if (word.find_first_of("'\"\\$`*?[]~{}=#") != std::string::npos) {
    return std::nullopt;
  }
  return word;
}

// `word` (no '/') looked up in PATH like sh does; "" when not found.
std::string SearchPath(const std::string& word) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    std::string dir = dirs.substr(start, colon - start);
    start = colon + 1;
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / word;
    struct stat info;
    if (::stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate.string();
    }
  }
  return "";
}

// The folder the repository's bots are built into (next to warlight).
fs::path BuiltBotsDir() {
  return fs::path(ResolveBotCommand(BuiltInBotNames().front())).parent_path();
}

// Names a user may have meant: the built-ins, the built bots and the
// folders of ./bots (the sources, when run from the repository).
std::vector<std::string> KnownBotNames() {
  std::vector<std::string> names = BuiltInBotNames();
  for (const fs::path& dir : {BuiltBotsDir(), fs::path("bots")}) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
         it.increment(ec)) {
      names.push_back(it->path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// " (did you mean mybot?)" for the closest known name within a few edits.
std::string Suggestion(const std::string& word) {
  std::string best;
  size_t best_distance = std::max<size_t>(2, word.size() / 3) + 1;
  for (const std::string& name : KnownBotNames()) {
    size_t distance = EditDistance(word, name);
    if (distance < best_distance) {
      best = name;
      best_distance = distance;
    }
  }
  return best.empty() ? "" : "; did you mean " + best + "?";
}

absl::Status BotError(const std::string& bot, const std::string& reason) {
  return absl::InvalidArgumentError("bot '" + EscapeForTerminal(bot, 200) +
                                    "': " + reason);
}

// A program given by path: it must be an executable file.
absl::Status CheckProgram(const std::string& bot, const std::string& path) {
  struct stat info;
  const std::string shown = EscapeForTerminal(path, 200);
  if (::stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError("bot '" + EscapeForTerminal(bot, 200) +
                               "': " + shown + " not found");
  }
  if (S_ISDIR(info.st_mode)) {
    return BotError(bot, shown +
                             " is a folder, not a program (a bot of "
                             "bots/ is named without the path: mybot)");
  }
  if (::access(path.c_str(), X_OK) != 0) {
    return BotError(bot, shown + " is not executable (chmod +x " + shown + ")");
  }
  return absl::OkStatus();
}

}  // namespace

std::string BotExecutable(const std::string& bot) {
  if (IsRepositoryBot(bot)) return ResolveBotCommand(bot);
  std::optional<std::string> word = FirstPlainWord(bot);
  if (!word) return "";
  if (word->find('/') != std::string::npos) return *word;
  return SearchPath(*word);
}

absl::Status CheckBotCanStart(const std::string& bot) {
  if (bot.find_first_not_of(" \t\n") == std::string::npos) {
    return BotError(bot, "the command is empty");
  }
  if (IsRepositoryBot(bot)) {
    const std::string path = ResolveBotCommand(bot);
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      return BotError(bot, "a bot of this repository that is not built (" +
                               EscapeForTerminal(path) +
                               " is missing): cmake --build build --target "
                               "bot_" +
                               EscapeForTerminal(bot));
    }
    return CheckProgram(bot, path);
  }
  std::optional<std::string> word = FirstPlainWord(bot);
  if (!word) return absl::OkStatus();  // a shell construct: sh will tell
  if (word->find('/') != std::string::npos) return CheckProgram(bot, *word);
  if (!SearchPath(*word).empty()) return absl::OkStatus();
  std::error_code ec;
  if (fs::exists(fs::path("bots") / *word / "main.cpp", ec)) {
    return BotError(bot, "bots/" + EscapeForTerminal(*word) +
                             " is not built: cmake --build build --target "
                             "bot_" +
                             EscapeForTerminal(*word));
  }
  return absl::NotFoundError(
      "bot '" + EscapeForTerminal(bot, 200) +
      "': not found: neither a bot of bots/ nor a command on PATH" +
      Suggestion(*word));
}

}  // namespace wl::tools
