// proc_status.h: what the test process holds, from /proc/self (Linux): for
// tests that a server run in process gives back its threads, thread stacks
// and memory.
//
//   const long threads = wl::testing::ProcStatus("Threads:");
//   const long rss_kib = wl::testing::ProcStatus("VmRSS:");  // after trim
//   const long maps = wl::testing::MappingCount();
//   if (wl::testing::FirstTestOfItsProcess()) EXPECT_LT(rss_after, ...);
#ifndef WL_TESTS_COMMON_PROC_STATUS_H_
#define WL_TESTS_COMMON_PROC_STATUS_H_

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace wl::testing {

// A number of /proc/self/status ("Threads:", "VmRSS:", "VmSize:" in KiB),
// or -1. Memory is read after glibc gave its free pages back
// (malloc_trim): what is held, not how fragmented the heap is.
inline long ProcStatus(const std::string& key) {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  std::ifstream status("/proc/self/status");
  std::string word;
  long value = -1;
  while (status >> word) {
    if (word == key) {
      status >> value;
      return value;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

// The process's memory mappings (/proc/self/maps lines): a thread's stack
// that was never joined stays mapped (two mappings with its guard page).
inline long MappingCount() {
  std::ifstream maps("/proc/self/maps");
  long lines = 0;
  for (std::string line; std::getline(maps, line);) ++lines;
  return lines;
}

// True while the test running is the first of its process, as CTest runs
// each test. A resident-memory bound means something only then: after
// hundreds of other tests the heap is spread over many malloc arenas that
// later rounds land in at random (measured: +35 to +57 MiB more).
inline int tests_started = 0;
class TestStartCounter : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo&) override { ++tests_started; }
};
inline const bool kCountingTestStarts = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new TestStartCounter);
  return true;
}();
inline bool FirstTestOfItsProcess() { return tests_started == 1; }

}  // namespace wl::testing

#endif  // WL_TESTS_COMMON_PROC_STATUS_H_
