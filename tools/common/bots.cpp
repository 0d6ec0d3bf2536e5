#include "common/bots.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <utility>

#include "common/hash.h"
#include "common/shell_words.h"
#include "sdk/cli/terminal.h"
#include "sdk/common/closest_name.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

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

// An interpreter that runs the script its first non-option argument names
// (python3.11 and pypy3 count as python).
bool IsScriptInterpreter(const std::string& program) {
  const std::string name = fs::path(program).filename().string();
  for (const char* known :
       {"python", "pypy", "node", "nodejs", "ruby", "perl", "sh", "bash",
        "dash", "zsh", "php", "lua", "Rscript"}) {
    const std::string k = known;
    if (name == k) return true;
    if (name.rfind(k, 0) == 0 &&
        name.find_first_not_of("0123456789.", k.size()) == std::string::npos) {
      return true;
    }
  }
  return false;
}

// A word that names a program or script by its extension (not a URL, no
// '='): a file the bot runs, which must be there. Other paths may be files
// the bot writes ("touch out/started"), so they are not checked.
bool LooksLikeScript(const std::string& word) {
  if (word.find("://") != std::string::npos ||
      word.find('=') != std::string::npos) {
    return false;
  }
  const std::string ext = fs::path(word).extension().string();
  for (const char* known : {".py", ".js", ".mjs", ".cjs", ".rb", ".pl", ".sh",
                            ".jar", ".php", ".lua", ".R", ".exe"}) {
    if (ext == known) return true;
  }
  return false;
}

// <built>/<bot> for a plain word, an empty path otherwise.
fs::path RepositoryBotPath(const std::string& bot, const BotFolders& folders) {
  if (bot.empty() || bot.find_first_of(" /\t'\"") != std::string::npos) {
    return {};
  }
  return folders.built / bot;
}

// Names a user may have meant: the known ones, the built bots and the
// source folders.
std::vector<std::string> CandidateNames(const BotFolders& folders) {
  std::vector<std::string> names = folders.known;
  for (const fs::path& dir : {folders.built, folders.sources}) {
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

// "; did you mean mybot?" for the closest candidate within a few edits.
std::string Suggestion(const std::string& word, const BotFolders& folders) {
  const std::string best = ClosestName(word, CandidateNames(folders));
  return best.empty() ? "" : "; did you mean " + best + "?";
}

absl::Status BotError(const std::string& bot, const std::string& reason) {
  return absl::InvalidArgumentError("bot '" + cli::EscapeForTerminal(bot, 200) +
                                    "': " + reason);
}

// A program given by path: it must be an executable file.
absl::Status CheckProgram(const std::string& bot, const std::string& path) {
  struct stat info;
  const std::string shown = cli::EscapeForTerminal(path, 200);
  if (::stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError("bot '" + cli::EscapeForTerminal(bot, 200) +
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

// A repository bot: its binary must be built.
absl::Status CheckRepositoryBot(const std::string& bot,
                                const BotFolders& folders) {
  const std::string path = ResolveBotCommand(bot, folders);
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    return BotError(bot, "a bot of this repository that is not built (" +
                             cli::EscapeForTerminal(path) +
                             " is missing): cmake --build build --target " +
                             folders.target_prefix +
                             cli::EscapeForTerminal(bot));
  }
  return CheckProgram(bot, path);
}

// A bare word that is neither a repository bot nor on PATH.
absl::Status BareWordNotFound(const std::string& bot, const std::string& word,
                              const BotFolders& folders) {
  const std::string sources = folders.sources.string();
  std::error_code ec;
  if (fs::exists(folders.sources / word / "main.cpp", ec)) {
    return BotError(bot, sources + "/" + cli::EscapeForTerminal(word) +
                             " is not built: cmake --build build --target " +
                             folders.target_prefix +
                             cli::EscapeForTerminal(word));
  }
  return absl::NotFoundError("bot '" + cli::EscapeForTerminal(bot, 200) +
                             "': not found: neither a bot of " + sources +
                             "/ nor a command on PATH" +
                             Suggestion(word, folders));
}

// A file the command names that does not exist, as a NotFound error.
absl::Status CheckCommandFiles(const std::string& bot) {
  for (const std::string& file : CommandFiles(bot)) {
    std::error_code ec;
    if (fs::exists(file, ec)) continue;
    std::string where = fs::current_path(ec).string();
    return absl::NotFoundError(
        "bot '" + cli::EscapeForTerminal(bot, 200) +
        "': " + cli::EscapeForTerminal(file, 200) + " not found" +
        (fs::path(file).is_absolute()
             ? ""
             : " (in " + cli::EscapeForTerminal(where, 200) + ")"));
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<std::string> CommandFiles(const std::string& command) {
  const std::vector<std::string> words = PlainWords(command);
  std::vector<std::string> files;
  if (words.empty()) return files;
  // The interpreter's script: its first word that is not an option (java:
  // the word after -jar); none after python's -m or -c, node's -e.
  bool script_taken = !IsScriptInterpreter(words[0]) && words[0] != "java";
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (!script_taken) {
      if (word == "-m" || word == "-c" || word == "-e" || word == "--eval") {
        script_taken = true;
        ++i;  // the module or the code
        continue;
      }
      if (words[0] == "java") {
        if (word == "-jar" && i + 1 < words.size()) {
          files.push_back(words[++i]);
          script_taken = true;
        }
        continue;
      }
      if (word[0] == '-') continue;
      files.push_back(word);
      script_taken = true;
      continue;
    }
    if (word[0] != '-' && LooksLikeScript(word)) files.push_back(word);
  }
  return files;
}

BotFolders BotFolders::Default(std::vector<std::string> known) {
  BotFolders folders;
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  folders.built = (ec ? fs::current_path() : self.parent_path()) / "bots";
  folders.known = std::move(known);
  return folders;
}

bool IsRepositoryBot(const std::string& bot, const BotFolders& folders) {
  if (std::find(folders.known.begin(), folders.known.end(), bot) !=
      folders.known.end()) {
    return true;
  }
  fs::path path = RepositoryBotPath(bot, folders);
  return !path.empty() && fs::exists(path);
}

std::string ResolveBotCommand(const std::string& bot,
                              const BotFolders& folders) {
  return IsRepositoryBot(bot, folders)
             ? RepositoryBotPath(bot, folders).string()
             : bot;
}

std::string BotCommand(const std::string& bot, uint64_t seed,
                       const BotFolders& folders) {
  std::string command = ResolveBotCommand(bot, folders);
  if (IsRepositoryBot(bot, folders)) {
    command += " --seed " + std::to_string(seed);
  }
  return command;
}

std::string BotExecutable(const std::string& bot, const BotFolders& folders) {
  if (IsRepositoryBot(bot, folders)) return ResolveBotCommand(bot, folders);
  std::optional<std::string> word = FirstPlainWord(bot);
  if (!word) return "";
  if (word->find('/') != std::string::npos) return *word;
  return SearchPath(*word);
}

absl::Status CheckBotCanStart(const std::string& bot,
                              const BotFolders& folders) {
  if (bot.find_first_not_of(" \t\n") == std::string::npos) {
    return BotError(bot, "the command is empty");
  }
  if (IsRepositoryBot(bot, folders)) return CheckRepositoryBot(bot, folders);
  std::optional<std::string> word = FirstPlainWord(bot);
  if (!word) return absl::OkStatus();  // a shell construct: sh will tell
  if (word->find('/') != std::string::npos) {
    if (absl::Status ok = CheckProgram(bot, *word); !ok.ok()) return ok;
  } else if (SearchPath(*word).empty()) {
    return BareWordNotFound(bot, *word, folders);
  }
  return CheckCommandFiles(bot);
}

std::string FileIdentity(const std::string& path) {
  std::optional<uint64_t> hash = HashFile(path);
  return hash ? "fnv1a64 " + Hex64(*hash) : "unreadable";
}

std::string CommandIdentity(const std::string& command,
                            const std::string& executable) {
  std::string id = "command " + command;
  id += "; executable " + (executable.empty()
                               ? std::string("unknown")
                               : executable + " " + FileIdentity(executable));
  std::istringstream words(command);
  bool first = true;
  for (std::string word; words >> word; first = false) {
    std::error_code ec;
    if (first || !fs::is_regular_file(word, ec)) continue;
    id += "; " + word + " " + FileIdentity(word);
  }
  return id;
}

}  // namespace wl::tools
