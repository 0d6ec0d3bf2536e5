// The Berlin bot registry (tools/berlin/builtin_bots.h) next to Warlight's:
// every name makes an object of the class the build registered for it, in
// both games, although both games have bots called greedy, random, starter
// and mcts (their factories once shared one C++ name and the linker kept
// one, so Berlin's "greedy" made a Warlight GreedyBot).
#include "berlin/builtin_bots.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <typeinfo>

#include "gtest/gtest.h"
#include "wl/builtin_bots.h"

namespace wl::tools {
namespace {

std::string Demangled(const std::type_info& type) {
  int status = 0;
  char* name = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
  std::string out = status == 0 ? name : type.name();
  std::free(name);
  return out;
}

template <typename Base>
void ExpectEveryBotIsItsClass(const std::vector<BotEntry<Base>>& table) {
  ASSERT_FALSE(table.empty());
  for (const BotEntry<Base>& entry : table) {
    std::unique_ptr<Base> bot = entry.make(7);
    ASSERT_NE(bot, nullptr) << entry.name;
    EXPECT_EQ(Demangled(typeid(*bot)), entry.class_name) << entry.name;
  }
}

TEST(BerlinBuiltInBotsTest, EveryNameMakesItsOwnClassInBothGames) {
  ExpectEveryBotIsItsClass(RegisteredBerlinBots());
  ExpectEveryBotIsItsClass(RegisteredBots());
  EXPECT_NE(MakeBuiltInBerlinBot("random", 1), nullptr);
  EXPECT_EQ(MakeBuiltInBerlinBot("no_such_bot", 1), nullptr);
}

}  // namespace
}  // namespace wl::tools
