// bot_registry.h: a game's bots that play in process, by name, over the
// game's bot base class (Warlight: wl::Bot). The table itself is generated
// by the build from the game's bot folders (cmake/WlBots.cmake); a game
// wraps it in a BotRegistry:
//
//   const std::vector<BotEntry<Bot>>& Table();   // generated, sorted by name
//   const BotRegistry<Bot>& Registry() {
//     static const BotRegistry<Bot> kRegistry(Table());
//     return kRegistry;
//   }
//   std::unique_ptr<Bot> bot = Registry().Make("greedy", 7);  // or nullptr
//
// The generated factory of class T makes it with wl::MakeSeeded<Base, T>
// (sdk/common/make_seeded.h): T(seed) when T has a constructor from a
// uint64_t seed (its process should then read `--seed`, so that it plays
// the same as a process), else T().
// Warlight's instance is tools/wl/builtin_bots.h.
#ifndef WL_TOOLS_COMMON_BOT_REGISTRY_H_
#define WL_TOOLS_COMMON_BOT_REGISTRY_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "sdk/common/make_seeded.h"

namespace wl::tools {

// One bot that can play in process.
template <typename Base>
struct BotEntry {
  const char* name;        // its folder, e.g. "greedy"
  const char* class_name;  // e.g. "GreedyBot"
  std::unique_ptr<Base> (*make)(uint64_t seed);
};

// Lookup over a table of entries sorted by name (the table outlives it).
template <typename Base>
class BotRegistry {
 public:
  explicit BotRegistry(const std::vector<BotEntry<Base>>& entries)
      : entries_(entries) {
    for (const BotEntry<Base>& entry : entries_) names_.push_back(entry.name);
  }

  const std::vector<BotEntry<Base>>& Entries() const { return entries_; }

  // The names, in the table's order, e.g. {"greedy", "mcts", ...}.
  const std::vector<std::string>& Names() const { return names_; }

  bool Contains(const std::string& name) const {
    return std::find(names_.begin(), names_.end(), name) != names_.end();
  }

  // The entry of `name`, or nullptr.
  const BotEntry<Base>* Find(const std::string& name) const {
    for (const BotEntry<Base>& entry : entries_) {
      if (name == entry.name) return &entry;
    }
    return nullptr;
  }

  // A new instance of the named bot seeded with `seed`, or nullptr.
  std::unique_ptr<Base> Make(const std::string& name, uint64_t seed) const {
    const BotEntry<Base>* entry = Find(name);
    return entry ? entry->make(seed) : nullptr;
  }

 private:
  const std::vector<BotEntry<Base>>& entries_;
  std::vector<std::string> names_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_BOT_REGISTRY_H_
