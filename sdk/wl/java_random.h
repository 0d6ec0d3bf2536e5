// java_random.h: the random sources the rules core can run on.
//
// JavaRandom is java.util.Random bit for bit (spec section 10): the official
// engine draws every random number of a game from one such generator, so
// the harness reproduces a game exactly from its seed. FastRandom
// (sdk/common/fast_random.h) is a much faster generator with the same
// interface, for searches and simulations that need speed, not the
// official stream.
//
// clang-format off
//   wl::JavaRandom java(12345);
//   double r = java.NextDouble();        // 0.3618031071604718
//   wl::FastRandom fast(7);
//   int i = wl::RandomIndex(fast, 10);   // (int)(r * 10), as the engine does
// clang-format on
#ifndef WL_JAVA_RANDOM_H_
#define WL_JAVA_RANDOM_H_

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "sdk/common/fast_random.h"

namespace wl {

template <typename Rng, typename = void>
struct HasCountBelow : std::false_type {};
template <typename Rng>
struct HasCountBelow<
    Rng, std::void_t<decltype(std::declval<Rng&>().CountBelow(0, 0.0))>>
    : std::true_type {};

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
  // Java's nextLong(): ((long) next(32) << 32) + next(32), with Java's
  // two's-complement wrap-around (done in unsigned arithmetic: shifting a
  // negative int64_t is undefined in C++17).
  uint64_t NextU64() {
    const uint64_t high = static_cast<uint64_t>(static_cast<int64_t>(Next(32)));
    const uint64_t low = static_cast<uint64_t>(static_cast<int64_t>(Next(32)));
    return (high << 32) + low;
  }
  // Java's nextInt(): next(32), all 32 bits, signed (dingle §10).
  int32_t NextInt() { return Next(32); }
  // Java's nextInt(bound) (wl1 §12): a power of 2 takes the top bits of
  // next(31); otherwise next(31) % bound, redrawn while the draw falls in
  // the incomplete last stretch. Precondition: bound >= 1.
  int32_t NextInt(int32_t bound) {
    int32_t r = Next(31);
    if ((bound & -bound) == bound) {
      return static_cast<int32_t>((int64_t{bound} * r) >> 31);
    }
    for (int32_t u = r;; u = Next(31)) {
      r = u % bound;
      if (int64_t{u} - r + (bound - 1) <= INT32_MAX) return r;
    }
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

// How many of n draws of rng.NextDouble() fall below p. The official
// stream (JavaRandom) draws them one by one, in order, as the engine does;
// a generator with its own CountBelow(n, p) may do it faster.
template <typename Rng>
int CountBelow(Rng& rng, int n, double p) {
  if constexpr (HasCountBelow<Rng>::value) {
    return rng.CountBelow(n, p);
  } else {
    int hits = 0;
    for (int i = 0; i < n; ++i) hits += rng.NextDouble() < p;
    return hits;
  }
}

// Java's Collections.shuffle(list, rnd) (wl1 §12): for i = size down to 2,
// swap list[i - 1] with list[rnd.nextInt(i)].
template <typename T>
void JavaShuffle(std::vector<T>& list, JavaRandom& rnd) {
  for (int i = static_cast<int>(list.size()); i > 1; --i) {
    std::swap(list[i - 1], list[rnd.NextInt(i)]);
  }
}

// The engine's index choice: (int)(r * n) with r = NextDouble() (spec
// section 10). Precondition: n >= 1.
template <typename Rng>
int RandomIndex(Rng& rng, int n) {
  return static_cast<int>(rng.NextDouble() * n);
}

}  // namespace wl

#endif  // WL_JAVA_RANDOM_H_
