// parallel.h: runs work(0), ..., work(count - 1) on up to `jobs` threads,
// each taking the next index as it finishes one (the arena's games, the
// tuner's), and returns when all are done. With one job (or one index) it
// runs them in order on the caller's thread. `work` guards what it shares.
//
//   ForEachIndex(games.size(), jobs, [&](size_t i) { Play(games[i]); });
#ifndef WL_TOOLS_COMMON_PARALLEL_H_
#define WL_TOOLS_COMMON_PARALLEL_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace wl::tools {

inline void ForEachIndex(size_t count, int64_t jobs,
                         const std::function<void(size_t)>& work) {
  std::atomic<size_t> next{0};
  const auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < count;) work(i);
  };
  const int64_t threads_wanted =
      std::min<int64_t>(jobs, static_cast<int64_t>(count));
  if (threads_wanted <= 1) {
    worker();
    return;
  }
  std::vector<std::thread> threads;
  for (int64_t j = 0; j < threads_wanted; ++j) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
}

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_PARALLEL_H_
