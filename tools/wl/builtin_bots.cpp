#include "wl/builtin_bots.h"

#include <algorithm>
#include <filesystem>

namespace wl::tools {

const std::vector<std::string>& BuiltInBotNames() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const RegisteredBot& bot : RegisteredBots()) {
      names.push_back(bot.name);
    }
    return names;
  }();
  return kNames;
}

std::unique_ptr<Bot> MakeBuiltInBot(const std::string& name, uint64_t seed) {
  for (const RegisteredBot& bot : RegisteredBots()) {
    if (name == bot.name) return bot.make(seed);
  }
  return nullptr;
}

bool IsBuiltInBot(const std::string& name) {
  const std::vector<std::string>& names = BuiltInBotNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

namespace {

std::filesystem::path RepositoryBotPath(const std::string& bot) {
  if (bot.empty() || bot.find_first_of(" /\t'\"") != std::string::npos) {
    return {};
  }
  std::error_code ec;
  std::filesystem::path self =
      std::filesystem::read_symlink("/proc/self/exe", ec);
  std::filesystem::path dir =
      ec ? std::filesystem::current_path() : self.parent_path();
  return dir / "bots" / bot;
}

}  // namespace

bool IsRepositoryBot(const std::string& bot) {
  std::filesystem::path path = RepositoryBotPath(bot);
  return IsBuiltInBot(bot) || (!path.empty() && std::filesystem::exists(path));
}

std::string ResolveBotCommand(const std::string& bot) {
  return IsRepositoryBot(bot) ? RepositoryBotPath(bot).string() : bot;
}

std::string BotCommand(const std::string& bot, uint64_t seed) {
  std::string command = ResolveBotCommand(bot);
  if (IsRepositoryBot(bot)) command += " --seed " + std::to_string(seed);
  return command;
}

}  // namespace wl::tools
