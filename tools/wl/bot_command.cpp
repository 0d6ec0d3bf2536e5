#include "wl/bot_command.h"

#include "wl/builtin_bots.h"

namespace wl::tools {

std::string BotExecutable(const std::string& bot) {
  return BotExecutable(bot, WlBotFolders());
}

absl::Status CheckBotCanStart(const std::string& bot) {
  return CheckBotCanStart(bot, WlBotFolders());
}

}  // namespace wl::tools
