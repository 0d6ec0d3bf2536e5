// CappedLog (tools/common/capped_log.h): keeps the first cap bytes written,
// whole lines or parts of one, through both streambuf paths (one character
// and a block); a cap of 0 or less keeps nothing; writing on never fails.
#include "common/capped_log.h"

#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

TEST(CappedLogTest, KeepsTheFirstCapBytes) {
  CappedLog log(10);
  *log.stream() << "abc" << '\n';
  EXPECT_EQ(log.text(), "abc\n");
  *log.stream() << "0123456789";  // a block cut at the cap
  EXPECT_EQ(log.text(), "abc\n012345");
  log.stream()->put('x');  // one character beyond the cap
  *log.stream() << "more" << std::endl;
  EXPECT_EQ(log.text(), "abc\n012345");
  EXPECT_TRUE(log.stream()->good());
}

TEST(CappedLogTest, NoCapKeepsNothing) {
  for (int64_t cap : {0, -5}) {
    CappedLog log(cap);
    *log.stream() << "hello" << '\n' << 42;
    EXPECT_EQ(log.text(), "") << cap;
    EXPECT_TRUE(log.stream()->good()) << cap;
  }
}

// Issue 32: kept arena games had empty stderr for bots in process that
// printed with std::cout. Under the router, each thread's prints inside a
// capture go to its own log; outside, std::cout goes elsewhere and
// std::cerr where it went before.
TEST(CaptureOutputTest, EachThreadsPrintsGoToItsOwnLog) {
  std::ostringstream elsewhere, err_before;
  std::streambuf* const saved_err = std::cerr.rdbuf(err_before.rdbuf());
  CappedLog logs[4] = {CappedLog(1 << 16), CappedLog(1 << 16),
                       CappedLog(1 << 16), CappedLog(3)};
  {
    StandardOutputRouter router(elsewhere.rdbuf());
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&logs, t] {
        for (int i = 0; i < 200; ++i) {
          CaptureOutput capture(logs[t].buffer());
          std::cout << "out " << t << "\n";
          std::cerr << "err " << t << std::endl;
        }
      });
    }
    for (std::thread& t : threads) t.join();
    std::cout << "table\n";
    std::cerr << "progress\n";
    {
      CaptureOutput outer(logs[0].buffer());
      CaptureOutput none(nullptr);  // no change: still logs[0]
      std::cout << "nested\n";
    }
  }
  std::cerr.rdbuf(saved_err);
  for (int t = 0; t < 3; ++t) {
    std::string expected;
    for (int i = 0; i < 200; ++i) {
      expected +=
          "out " + std::to_string(t) + "\nerr " + std::to_string(t) + "\n";
    }
    if (t == 0) expected += "nested\n";
    EXPECT_EQ(logs[t].text(), expected) << t;
  }
  EXPECT_EQ(logs[3].text(), "out");  // capped
  EXPECT_EQ(elsewhere.str(), "table\n");
  EXPECT_EQ(err_before.str(), "progress\n");
  // Without a router a capture changes nothing.
  CappedLog unused(100);
  {
    CaptureOutput capture(unused.buffer());
    std::cerr.rdbuf(err_before.rdbuf());
    std::cerr << "direct\n";
    std::cerr.rdbuf(saved_err);
  }
  EXPECT_EQ(unused.text(), "");
}

}  // namespace
}  // namespace wl::tools
