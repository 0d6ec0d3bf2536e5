// region_set.h: a set of region ids as a fixed 128-bit bitset.
//
// Region ids are used directly as bit positions (the official engine numbers
// regions 1..N; bit 0 is never set). The set is a trivially copyable value,
// so it can live inside the hot game state and be copied freely.
//
//   wl::RegionSet s;
//   s.Insert(3);
//   s.Insert(7);
//   for (int id : s) { ... }          // ascending id order
//   if (s.Contains(7) && s.Count() == 2) { ... }
#ifndef WL_REGION_SET_H_
#define WL_REGION_SET_H_

#include <cstdint>

namespace wl {

// Largest region id a map may use (ids are 1..kMaxRegionId).
constexpr int kMaxRegionId = 127;
// Size of every per-region array indexed by id.
constexpr int kRegionSlots = kMaxRegionId + 1;

class RegionSet {
 public:
  constexpr RegionSet() = default;

  // Any int is a valid argument: an id outside 0..kMaxRegionId is never a
  // member, and inserting or erasing one leaves the set unchanged. Branch
  // free (a branch here cost the MCTS bot 5% in wl_bench): the word index is
  // masked into range and an out-of-range id's bit is masked out, so nothing
  // is read or written out of bounds.
  constexpr bool Contains(int id) const {
    return InRange(id) & static_cast<bool>((Word(id) >> (id & 63)) & 1u);
  }
  constexpr void Insert(int id) { Word(id) |= Bit(id) & Mask(id); }
  constexpr void Erase(int id) { Word(id) &= ~(Bit(id) & Mask(id)); }
  constexpr void Clear() { words_[0] = words_[1] = 0; }

  int Count() const {
    return __builtin_popcountll(words_[0]) + __builtin_popcountll(words_[1]);
  }
  constexpr bool Empty() const { return (words_[0] | words_[1]) == 0; }

  constexpr RegionSet operator|(RegionSet o) const {
    return RegionSet(words_[0] | o.words_[0], words_[1] | o.words_[1]);
  }
  constexpr RegionSet operator&(RegionSet o) const {
    return RegionSet(words_[0] & o.words_[0], words_[1] & o.words_[1]);
  }
  // Set difference: the members of *this that are not in o.
  constexpr RegionSet operator-(RegionSet o) const {
    return RegionSet(words_[0] & ~o.words_[0], words_[1] & ~o.words_[1]);
  }
  RegionSet& operator|=(RegionSet o) { return *this = *this | o; }
  RegionSet& operator&=(RegionSet o) { return *this = *this & o; }
  RegionSet& operator-=(RegionSet o) { return *this = *this - o; }
  constexpr bool operator==(RegionSet o) const {
    return words_[0] == o.words_[0] && words_[1] == o.words_[1];
  }
  constexpr bool operator!=(RegionSet o) const { return !(*this == o); }
  // True when every member of *this is in o.
  constexpr bool IsSubsetOf(RegionSet o) const { return (*this - o).Empty(); }

  // Lowest member, or -1 when empty.
  int First() const {
    if (words_[0]) return __builtin_ctzll(words_[0]);
    if (words_[1]) return 64 + __builtin_ctzll(words_[1]);
    return -1;
  }

  // The k-th lowest member (k = 0 is First()), or -1 unless
  // 0 <= k < Count().
  int Nth(int k) const {
    uint64_t w = words_[0];
    int base = 0;
    const int low = __builtin_popcountll(w);
    if (k >= low) {
      k -= low;
      w = words_[1];
      base = 64;
    }
    for (; k > 0; --k) w &= w - 1;
    if (w == 0 || k < 0) return -1;
    return base + __builtin_ctzll(w);
  }

  // Iterates the members in ascending id order.
  class Iterator {
   public:
    Iterator(uint64_t w0, uint64_t w1) : w0_(w0), w1_(w1) {}
    int operator*() const {
      return w0_ ? __builtin_ctzll(w0_) : 64 + __builtin_ctzll(w1_);
    }
    Iterator& operator++() {
      if (w0_) {
        w0_ &= w0_ - 1;
      } else {
        w1_ &= w1_ - 1;
      }
      return *this;
    }
    bool operator!=(const Iterator& o) const {
      return w0_ != o.w0_ || w1_ != o.w1_;
    }

   private:
    uint64_t w0_, w1_;
  };
  Iterator begin() const { return Iterator(words_[0], words_[1]); }
  Iterator end() const { return Iterator(0, 0); }

 private:
  constexpr RegionSet(uint64_t w0, uint64_t w1) : words_{w0, w1} {}
  static constexpr bool InRange(int id) {
    return static_cast<unsigned>(id) < static_cast<unsigned>(kRegionSlots);
  }
  static constexpr uint64_t Bit(int id) { return uint64_t{1} << (id & 63); }
  // All ones for an id in range, else 0.
  static constexpr uint64_t Mask(int id) {
    return uint64_t{0} - static_cast<uint64_t>(InRange(id));
  }
  // The word that holds id's bit when id is in range; always a valid word.
  constexpr uint64_t& Word(int id) { return words_[(id >> 6) & 1]; }
  constexpr const uint64_t& Word(int id) const { return words_[(id >> 6) & 1]; }

  uint64_t words_[2] = {0, 0};
};

}  // namespace wl

#endif  // WL_REGION_SET_H_
