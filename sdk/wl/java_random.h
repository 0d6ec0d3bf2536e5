// java_random.h: the random sources the rules core can run on.
//
// JavaRandom is java.util.Random bit for bit (spec section 10): the official
// engine draws every random number of a game from one such generator, so
// the harness reproduces a game exactly from its seed. FastRandom is a much
// faster generator with the same interface, for searches and simulations
// that need speed, not the official stream.
//
//   wl::JavaRandom java(12345);
//   double r = java.NextDouble();        // 0.3618031071604718
//   wl::FastRandom fast(7);
//   int i = wl::RandomIndex(fast, 10);   // (int)(r * 10), as the engine does
#ifndef WL_JAVA_RANDOM_H_
#define WL_JAVA_RANDOM_H_

#include <cstdint>

namespace wl {

class JavaRandom {
 public:
  explicit JavaRandom(int64_t seed) { SetSeed(seed); }

  // state = (seed ^ 0x5DEECE66D) mod 2^48.
  void SetSeed(int64_t seed) {
    state_ = (static_cast<uint64_t>(seed) ^ kMultiplier) & kMask;
  }
  // state = state * 0x5DEECE66D + 0xB mod 2^48; the top `bits` bits,
  // as Java's signed int. Precondition: 1 <= bits <= 32.
  int32_t Next(int bits) {
    state_ = (state_ * kMultiplier + 0xB) & kMask;
    return static_cast<int32_t>(static_cast<int64_t>(state_ >> (48 - bits)));
  }
  // ((next(26) << 27) + next(27)) * 2^-53, in [0, 1).
  double NextDouble() {
    int64_t high = Next(26);
    int64_t low = Next(27);
    return static_cast<double>((high << 27) + low) * (1.0 / (int64_t{1} << 53));
  }

 private:
  static constexpr uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr uint64_t kMask = (uint64_t{1} << 48) - 1;
  uint64_t state_ = 0;
};

// xoshiro256+ seeded through splitmix64: not the official stream, but about
// an order of magnitude cheaper per double than JavaRandom's two steps.
class FastRandom {
 public:
  explicit FastRandom(uint64_t seed) { SetSeed(seed); }

  void SetSeed(uint64_t seed) {
    for (uint64_t& s : s_) {
      seed += 0x9E3779B97F4A7C15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      s = z ^ (z >> 31);
    }
  }
  uint64_t NextU64() {
    uint64_t result = s_[0] + s_[3];
    uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = (s_[3] << 45) | (s_[3] >> 19);
    return result;
  }
  // Uniform in [0, 1) with 53 random bits.
  double NextDouble() {
    return static_cast<double>(NextU64() >> 11) * (1.0 / (uint64_t{1} << 53));
  }

 private:
  uint64_t s_[4];
};

// The engine's index choice: (int)(r * n) with r = NextDouble() (spec
// section 10). Precondition: n >= 1.
template <typename Rng>
int RandomIndex(Rng& rng, int n) {
  return static_cast<int>(rng.NextDouble() * n);
}

}  // namespace wl

#endif  // WL_JAVA_RANDOM_H_
