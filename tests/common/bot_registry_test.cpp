// The in-process registry over any game's bot base class
// (common/bot_registry.h); Warlight's instance is tested in
// tests/wl/builtin_bots_test.cpp.
#include "common/bot_registry.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

// Another game's bot base class.
struct TokenBot {
  virtual ~TokenBot() = default;
  virtual uint64_t Token() const = 0;
};

struct SeededTokenBot : TokenBot {
  explicit SeededTokenBot(uint64_t seed) : seed(seed) {}
  uint64_t Token() const override { return seed; }
  uint64_t seed;
};

struct FixedTokenBot : TokenBot {
  uint64_t Token() const override { return 99; }
};

const std::vector<BotEntry<TokenBot>>& Table() {
  static const std::vector<BotEntry<TokenBot>> kTable = {
      {"fixed", "FixedTokenBot", &MakeSeeded<TokenBot, FixedTokenBot>},
      {"seeded", "SeededTokenBot", &MakeSeeded<TokenBot, SeededTokenBot>},
  };
  return kTable;
}

TEST(BotRegistryTest, MakesTheNamedBotWithItsSeed) {
  const BotRegistry<TokenBot> registry(Table());
  EXPECT_EQ(registry.Names(), (std::vector<std::string>{"fixed", "seeded"}));
  EXPECT_TRUE(registry.Contains("seeded"));
  EXPECT_FALSE(registry.Contains("Seeded"));
  std::unique_ptr<TokenBot> seeded = registry.Make("seeded", 42);
  ASSERT_NE(seeded, nullptr);
  EXPECT_EQ(seeded->Token(), 42u);
  std::unique_ptr<TokenBot> fixed = registry.Make("fixed", 42);
  ASSERT_NE(fixed, nullptr);
  EXPECT_EQ(fixed->Token(), 99u);  // no seed constructor: made with T()
  EXPECT_EQ(registry.Make("none", 1), nullptr);
  ASSERT_NE(registry.Find("fixed"), nullptr);
  EXPECT_EQ(std::string(registry.Find("fixed")->class_name), "FixedTokenBot");
  EXPECT_EQ(registry.Find("none"), nullptr);
  EXPECT_EQ(&registry.Entries(), &Table());
}

}  // namespace
}  // namespace wl::tools
