#include "arena/builtin_bots.h"

#include "bots/random/random_bot.h"
#include "bots/starter/starter_bot.h"

namespace wl::tools {

const std::vector<std::string>& BuiltInBotNames() {
  static const std::vector<std::string> kNames = {"starter", "random"};
  return kNames;
}

std::unique_ptr<Bot> MakeBuiltInBot(const std::string& name, uint64_t seed) {
  if (name == "starter") return std::make_unique<StarterBot>();
  if (name == "random") return std::make_unique<RandomBot>(seed);
  return nullptr;
}

}  // namespace wl::tools
