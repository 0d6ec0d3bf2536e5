// fast_random.h: the project's fast random source, SplitMix64, for every
// game's bots, searches and tools (not an official engine's stream: those
// are JavaRandom in sdk/wl/java_random.h and Python's MT19937 in
// sdk/colorfight/py_random.h).
//
// clang-format off
//   wl::FastRandom rng(seed);
//   uint64_t bits = rng.NextU64();
//   int i = rng.NextInt(10);            // [0, 10) by multiplication
//   uint64_t j = rng.Below(10);         // [0, 10) by NextU64() % 10
//   double r = rng.NextDouble();        // [0, 1), 53 random bits
// clang-format on
//
// Header-only, C++17 standard library only: a bot's upload zip takes it.
#ifndef WL_SDK_COMMON_FAST_RANDOM_H_
#define WL_SDK_COMMON_FAST_RANDOM_H_

#include <cstdint>

namespace wl {

// SplitMix64's increment, 2^64 / golden ratio; also a good multiplier for
// mixing a seed with a counter.
inline constexpr uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;

// SplitMix64's finaliser: a 64-bit mix with full avalanche.
constexpr uint64_t SplitMix64Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// SplitMix64: a counter passed through the finaliser. Good statistical
// quality, one word of state, several times cheaper per double than
// JavaRandom's two 48-bit steps.
class FastRandom {
 public:
  explicit FastRandom(uint64_t seed = 0) : state_(seed) {}

  void SetSeed(uint64_t seed) { state_ = seed; }
  uint64_t NextU64() { return SplitMix64Mix(state_ += kGoldenGamma); }
  // 32 random bits as a signed int, like JavaRandom::NextInt().
  int32_t NextInt() { return static_cast<int32_t>(NextU64() >> 32); }
  // Uniform in [0, bound) by the top 32 bits times bound (bias below
  // 2^-32 * bound). Precondition: bound >= 1.
  int32_t NextInt(int32_t bound) {
    return static_cast<int32_t>(
        ((NextU64() >> 32) * static_cast<uint64_t>(bound)) >> 32);
  }
  // NextU64() % n: uniform enough for n far below 2^64. Precondition: n >= 1.
  uint64_t Below(uint64_t n) { return NextU64() % n; }
  // Uniform in [0, 1) with 53 random bits.
  double NextDouble() {
    return static_cast<double>(NextU64() >> 11) * (1.0 / (uint64_t{1} << 53));
  }
  // How many of n draws fall below p: two 32-bit draws per step, so about
  // half the cost of n NextDouble() calls (p is resolved to 2^-32).
  int CountBelow(int n, double p) {
    const uint64_t threshold = static_cast<uint64_t>(p * 4294967296.0);
    int hits = 0;
    for (; n >= 2; n -= 2) {
      uint64_t x = NextU64();
      hits += ((x & 0xFFFFFFFFu) < threshold) + ((x >> 32) < threshold);
    }
    if (n == 1) hits += (NextU64() >> 32) < threshold;
    return hits;
  }

 private:
  uint64_t state_;
};

}  // namespace wl

#endif  // WL_SDK_COMMON_FAST_RANDOM_H_
