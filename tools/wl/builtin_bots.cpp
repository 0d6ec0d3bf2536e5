#include "wl/builtin_bots.h"

namespace wl::tools {

const BotRegistry<Bot>& BuiltInBots() {
  static const BotRegistry<Bot> kRegistry(RegisteredBots());
  return kRegistry;
}

const std::vector<std::string>& BuiltInBotNames() {
  return BuiltInBots().Names();
}

std::unique_ptr<Bot> MakeBuiltInBot(const std::string& name, uint64_t seed) {
  return BuiltInBots().Make(name, seed);
}

bool IsBuiltInBot(const std::string& name) {
  return BuiltInBots().Contains(name);
}

const BotFolders& WlBotFolders() {
  static const BotFolders kFolders = BotFolders::Default(BuiltInBotNames());
  return kFolders;
}

bool IsRepositoryBot(const std::string& bot) {
  return IsRepositoryBot(bot, WlBotFolders());
}

std::string ResolveBotCommand(const std::string& bot) {
  return ResolveBotCommand(bot, WlBotFolders());
}

std::string BotCommand(const std::string& bot, uint64_t seed) {
  return BotCommand(bot, seed, WlBotFolders());
}

}  // namespace wl::tools
