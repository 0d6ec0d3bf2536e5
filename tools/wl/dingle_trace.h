// dingle_trace.h: the pieces of Dingle's trace.jsonl (the format of
// ../shared/dingle/conformance/README.md): a JSON line written field by
// field in the recorded order, the generator's draws as the trace lists
// them, and a generator that records its draws.
//
//   wl::tools::TracingRandom rng(seed);       // java.util.Random, recorded
//   rng.NextInt(42);
//   wl::tools::TraceLine line("setup");
//   line.Int("seed", seed).Draws("draws", rng.TakeDraws());
//   trace += line.Done();                     // {"ev":"setup",...}\n
//
// Numbers of nextDouble draws are written as Java's Double.toString would
// (the shortest digits; verify compares "k53", the exact 53-bit integer).
#ifndef WL_TOOLS_WL_DINGLE_TRACE_H_
#define WL_TOOLS_WL_DINGLE_TRACE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "java_random.h"

namespace wl::tools {

// One draw of the game's generator (dingle §10).
struct Draw {
  enum Kind { kInt, kIntBound, kDouble } kind = kInt;
  int32_t bound = 0;  // kIntBound
  int64_t r = 0;      // the int drawn, or for kDouble the 53-bit integer
  int steps = 1;      // raw generator steps (nextInt(bound) may redraw)
};

// java.util.Random that keeps a list of its draws until taken, and counts
// its raw generator steps. The rules core draws through it (dingle.h takes
// any generator with these three calls).
class TracingRandom {
 public:
  explicit TracingRandom(int64_t seed) : rng_(seed) {}

  int32_t NextInt(int32_t bound);
  int32_t NextInt();
  double NextDouble();

  // The draws since the last call, in order.
  std::vector<Draw> TakeDraws();
  int64_t Steps() const { return steps_; }

 private:
  JavaRandom rng_;
  std::vector<Draw> draws_;
  int64_t steps_ = 0;
};

// Java's Double.toString for a double in [0, 1): "0.5296152196731944",
// "1.0E-4" below 10^-3 (shortest round-trip digits).
std::string JavaDoubleText(double x);

// A trace event: {"ev":"<ev>", then the fields in the order added}.
class TraceLine {
 public:
  explicit TraceLine(std::string_view ev);
  TraceLine& Int(std::string_view key, int64_t value);
  TraceLine& Str(std::string_view key, std::string_view value);
  TraceLine& Ints(std::string_view key, const std::vector<int>& values);
  // A list of int lists ([[region, armies], ...] or [[from, to, armies]]).
  TraceLine& IntLists(std::string_view key,
                      const std::vector<std::vector<int>>& lists);
  TraceLine& Draws(std::string_view key, const std::vector<Draw>& draws);
  // The line, with its "}\n".
  std::string Done();

 private:
  void Key(std::string_view key);
  std::string text_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_DINGLE_TRACE_H_
