// hash.h: FNV-1a 64, the one hash the tools use to name what they compare:
// a results file's settings fingerprint, a bot binary's or a map pool's
// identity, `warlight bench`'s signature.
//
//   uint64_t h = wl::tools::Fnv1a64("bar", wl::tools::Fnv1a64("foo"));
//   // == Fnv1a64("foobar"); Hex64(h) is "85944171f73967e8"
//   std::optional<uint64_t> file = wl::tools::HashFile("build/bots/greedy");
//
// Not cryptographic: it tells changes apart, it does not resist forgery.
#ifndef WL_TOOLS_COMMON_HASH_H_
#define WL_TOOLS_COMMON_HASH_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wl::tools {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull;

// FNV-1a 64 of `bytes`, continuing from `hash` (chain calls to hash a
// sequence as if it were one string).
uint64_t Fnv1a64(std::string_view bytes, uint64_t hash = kFnvOffset);

// Of a regular file's bytes; nullopt when it is not one or cannot be read.
std::optional<uint64_t> HashFile(const std::string& path);

// 16 lowercase hex digits.
std::string Hex64(uint64_t value);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_HASH_H_
