#include "colorfight/builtin_bots.h"

namespace wl::tools {

const BotRegistry<colorfight::Bot>& BuiltInColorfightBots() {
  static const BotRegistry<colorfight::Bot> kRegistry(
      RegisteredColorfightBots());
  return kRegistry;
}

std::unique_ptr<colorfight::Bot> MakeBuiltInColorfightBot(
    const std::string& name, uint64_t seed) {
  return BuiltInColorfightBots().Make(name, seed);
}

const BotFolders& ColorfightBotFolders() {
  static const BotFolders kFolders = [] {
    BotFolders folders = BotFolders::Default(BuiltInColorfightBots().Names());
    folders.built /= "colorfight";
    folders.sources = "bots/colorfight";
    folders.target_prefix = "bot_colorfight_";
    return folders;
  }();
  return kFolders;
}

std::string ColorfightBotCommand(const std::string& bot, uint64_t seed) {
  return BotCommand(bot, seed, ColorfightBotFolders());
}

}  // namespace wl::tools
