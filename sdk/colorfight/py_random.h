// py_random.h: CPython's `random` module bit for bit (colorfight §4.1), the
// one random source of the official Colorfight II server: MT19937 seeded
// as random.seed(int) does, and the derived draws the engine makes
// (getrandbits, randbelow, randrange, randint, random, uniform, shuffle).
// A clone server seeded like the recordings draws the same maps (map_gen.h).
//
//   wl::colorfight::PyRandom rng(12345);   // random.seed(12345)
//   uint32_t w = rng.Next32();             // 1789368711
//   double r = rng.Random();               // random.random()
//   int64_t x = rng.RandRange(1, 15);      // random.randrange(1, 15)
//   rng.Shuffle(v.data(), v.size());       // random.shuffle(v)
#ifndef WL_COLORFIGHT_PY_RANDOM_H_
#define WL_COLORFIGHT_PY_RANDOM_H_

#include <cstddef>
#include <cstdint>
#include <utility>

namespace wl::colorfight {

class PyRandom {
 public:
  explicit PyRandom(uint64_t seed) { Seed(seed); }

  // random.seed(seed) for a non-negative int: init_genrand(19650218), then
  // init_by_array with the 32-bit words of seed, least significant first
  // ([0] for 0) (colorfight §4.1). A negative Python seed uses |seed|.
  void Seed(uint64_t seed) {
    uint32_t key[2] = {static_cast<uint32_t>(seed),
                       static_cast<uint32_t>(seed >> 32)};
    InitByArray(key, key[1] != 0 ? 2 : 1);
  }

  // The next 32-bit output of MT19937 (genrand_uint32).
  uint32_t Next32() {
    if (index_ >= kN) Twist();
    uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  // random.getrandbits(k), 0 <= k <= 64: 32-bit words least significant
  // first, the last one's top bits (colorfight §4.1 for k <= 32).
  uint64_t GetRandBits(int k) {
    if (k <= 0) return 0;
    if (k <= 32) return Next32() >> (32 - k);
    const uint64_t low = Next32();
    return low | (uint64_t{Next32()} >> (64 - k)) << 32;
  }

  // random._randbelow(n), n >= 1: getrandbits(bit_length(n)) until < n.
  uint64_t RandBelow(uint64_t n) {
    int k = 0;
    for (uint64_t m = n; m != 0; m >>= 1) ++k;
    uint64_t r = GetRandBits(k);
    while (r >= n) r = GetRandBits(k);
    return r;
  }

  // random.randrange(a, b) = a + randbelow(b - a), for a < b.
  int64_t RandRange(int64_t a, int64_t b) {
    return a + static_cast<int64_t>(RandBelow(static_cast<uint64_t>(b - a)));
  }

  // random.randint(a, b) = a + randbelow(b - a + 1), for a <= b.
  int64_t RandInt(int64_t a, int64_t b) { return RandRange(a, b + 1); }

  // random.random(): 53 bits from two outputs, in [0, 1).
  double Random() {
    const uint32_t a = Next32() >> 5;
    const uint32_t b = Next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  // random.uniform(a, b) = a + (b - a) * random(), in doubles.
  double Uniform(double a, double b) { return a + (b - a) * Random(); }

  // random.shuffle: for i = n-1 down to 1, swap v[i] and v[randbelow(i+1)].
  template <typename T>
  void Shuffle(T* v, size_t n) {
    for (size_t i = n; i-- > 1;) {
      using std::swap;
      swap(v[i], v[RandBelow(i + 1)]);
    }
  }

 private:
  static constexpr int kN = 624;
  static constexpr int kM = 397;

  void InitGenrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < kN; ++i) {
      mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) +
               static_cast<uint32_t>(i);
    }
    index_ = kN;
  }

  void InitByArray(const uint32_t* key, int length) {
    InitGenrand(19650218u);
    int i = 1;
    int j = 0;
    for (int k = kN > length ? kN : length; k > 0; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) +
               key[j] + static_cast<uint32_t>(j);
      ++i;
      ++j;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (int k = kN - 1; k > 0; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) -
               static_cast<uint32_t>(i);
      ++i;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000u;
  }

  void Twist() {
    for (int i = 0; i < kN; ++i) {
      const uint32_t y =
          (mt_[i] & 0x80000000u) | (mt_[(i + 1) % kN] & 0x7fffffffu);
      mt_[i] = mt_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    index_ = 0;
  }

  uint32_t mt_[kN];
  int index_ = kN;
};

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_PY_RANDOM_H_
