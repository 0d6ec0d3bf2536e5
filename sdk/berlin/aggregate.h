// aggregate.h: how the engine reads a bot's answer into moves (berlin §5.2):
// Ruby's to_i, and the per-player table agg[from_raw][to_raw] += count whose
// keys are the raw JSON values (Ruby hash identity) in first-appearance
// order. Whoever parses the JSON (the referee, the tests) feeds it; the
// result is the rules core's input (rules.h). Reading allocates; resolving
// the turn does not.
//
//   wl::berlin::Aggregator agg;
//   agg.Add({"i:1", 1}, {"i:2", 2}, 5);     // {"from":1,"to":2,...:5}
//   agg.Add({"s:1", 1}, {"i:2", 2}, 3);     // "1" is another key
//   std::vector<wl::berlin::Move> moves = agg.Moves();  // 1->2:5, 1->2:3
#ifndef WL_BERLIN_AGGREGATE_H_
#define WL_BERLIN_AGGREGATE_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "rules.h"

namespace wl::berlin {

// a + b, clamped to int64 (Ruby's integers do not overflow; counts past
// int64 fail validation either way).
inline int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t sum;
  if (!__builtin_add_overflow(a, b, &sum)) return sum;
  return b > 0 ? std::numeric_limits<int64_t>::max()
               : std::numeric_limits<int64_t>::min();
}

// A to_i result at an int64 limit: the value may have been saturated.
inline bool Saturated(int64_t v) {
  return v == std::numeric_limits<int64_t>::max() ||
         v == std::numeric_limits<int64_t>::min();
}

// berlin §5.2 item 2: Ruby's String#to_i. Leading whitespace, an optional
// sign, digits with single `_` between them; 0 without digits. Saturates
// at the int64 limits (berlin §11).
inline int64_t ToI(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t value = 0;  // the magnitude, kMax once it no longer fits
  for (; i < s.size(); ++i) {
    if (s[i] == '_' && i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9' &&
        i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') {
      continue;
    }
    if (s[i] < '0' || s[i] > '9') break;
    const int d = s[i] - '0';
    value = value > (kMax - d) / 10 ? kMax : value * 10 + d;
  }
  if (!negative) return value;
  return value == kMax ? std::numeric_limits<int64_t>::min() : -value;
}

// berlin §5.2 item 2: Float#to_i, truncated toward 0, clamped.
inline int64_t ToI(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 9.2e18) return std::numeric_limits<int64_t>::max();
  if (d <= -9.2e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

// A raw JSON key: `identity` is distinct iff Ruby's hash keys are (say
// "i:1", "f:1.0", "s:1", "n" for null/missing); `value` is its to_i.
struct RawKey {
  std::string identity;
  int64_t value = 0;
};

class Aggregator {
 public:
  // agg[from][to] += count, creating entries in first-appearance order.
  void Add(const RawKey& from, const RawKey& to, int64_t count) {
    From* f = nullptr;
    for (From& x : froms_) {
      if (x.key.identity == from.identity) f = &x;
    }
    if (f == nullptr) f = &froms_.emplace_back(From{from, {}});
    To* t = nullptr;
    for (To& x : f->tos) {
      if (x.key.identity == to.identity) t = &x;
    }
    if (t == nullptr) t = &f->tos.emplace_back(To{to, 0, false});
    const int64_t sum = SaturatingAdd(t->sum, count);
    t->saturated = t->saturated || Saturated(count) || Saturated(sum);
    t->sum = sum;
  }

  // The aggregated moves in validation order (berlin §5.3). berlin §11:
  // a sum that met an int64 limit (a count beyond int64, or an overflow)
  // stays at a limit, int64 max if the clamped sum is positive, else min,
  // so it always fails validation (check 4 or check 2): Ruby's exact sum
  // may be valid (10^30 + (-10^30+3) = 3), but an overflow can never turn
  // an invalid move valid.
  std::vector<Move> Moves() const {
    std::vector<Move> moves;
    for (const From& f : froms_) {
      for (const To& t : f.tos) {
        int64_t n = t.sum;
        if (t.saturated) {
          n = n > 0 ? std::numeric_limits<int64_t>::max()
                    : std::numeric_limits<int64_t>::min();
        }
        moves.push_back(Move{f.key.value, t.key.value, n});
      }
    }
    return moves;
  }

 private:
  struct To {
    RawKey key;
    int64_t sum;
    bool saturated;  // the sum met an int64 limit (berlin §11)
  };
  struct From {
    RawKey key;
    std::vector<To> tos;
  };
  std::vector<From> froms_;
};

}  // namespace wl::berlin

#endif  // WL_BERLIN_AGGREGATE_H_
