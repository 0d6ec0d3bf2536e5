// CappedLog (tools/common/capped_log.h): keeps the first cap bytes written,
// whole lines or parts of one, through both streambuf paths (one character
// and a block); a cap of 0 or less keeps nothing; writing on never fails.
#include "common/capped_log.h"

#include <string>

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

}  // namespace
}  // namespace wl::tools
