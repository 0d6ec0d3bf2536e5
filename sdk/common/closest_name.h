// closest_name.h: "did you mean ...?" for a mistyped name: the one edit
// distance and closest-name rule every command line of the project uses
// (the bots' flags, bot_args.h; sdk/cli's flags; the `warlight` commands;
// a BOT argument, tools/common/bots.cpp).
//
// clang-format off
//   std::string best = wl::ClosestName("--seeds", {"--seed", "--help"});
//   // "--seed"; "" when no candidate is within a few edits
//   std::cerr << "unknown option '--seeds'" << wl::DidYouMean("--seeds", names);
//   // "unknown option '--seeds' (did you mean --seed?)"
// clang-format on
// C++17 standard library only.
#ifndef WL_SDK_COMMON_CLOSEST_NAME_H_
#define WL_SDK_COMMON_CLOSEST_NAME_H_

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace wl {

// Levenshtein distance: the fewest insertions, deletions and substitutions
// that turn `a` into `b`.
inline size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The candidate closest to `word` within max(2, |word| / 3) edits (the
// first of equally close ones), or "" when none is that close.
inline std::string ClosestName(const std::string& word,
                               const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = std::max<size_t>(2, word.size() / 3) + 1;
  for (const std::string& name : candidates) {
    const size_t distance = EditDistance(word, name);
    if (distance < best_distance) {
      best = name;
      best_distance = distance;
    }
  }
  return best;
}

// " (did you mean NAME?)" for ClosestName, or "" when there is none.
inline std::string DidYouMean(const std::string& word,
                              const std::vector<std::string>& candidates) {
  const std::string best = ClosestName(word, candidates);
  return best.empty() ? "" : " (did you mean " + best + "?)";
}

}  // namespace wl

#endif  // WL_SDK_COMMON_CLOSEST_NAME_H_
