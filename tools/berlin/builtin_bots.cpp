#include "berlin/builtin_bots.h"

namespace wl::tools {

const BotRegistry<berlin::Bot>& BuiltInBerlinBots() {
  static const BotRegistry<berlin::Bot> kRegistry(RegisteredBerlinBots());
  return kRegistry;
}

std::unique_ptr<berlin::Bot> MakeBuiltInBerlinBot(const std::string& name,
                                                  uint64_t seed) {
  return BuiltInBerlinBots().Make(name, seed);
}

const BotFolders& BerlinBotFolders() {
  static const BotFolders kFolders = [] {
    BotFolders folders = BotFolders::Default(BuiltInBerlinBots().Names());
    folders.built /= "berlin";
    folders.sources = "bots/berlin";
    folders.target_prefix = "bot_berlin_";
    return folders;
  }();
  return kFolders;
}

std::string BerlinBotCommand(const std::string& bot, uint64_t seed) {
  return BotCommand(bot, seed, BerlinBotFolders());
}

}  // namespace wl::tools
