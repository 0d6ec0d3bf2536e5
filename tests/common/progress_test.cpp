// Tests of the arena's and the tuner's progress line (tools/common/progress.h).
#include "common/progress.h"

#include <iostream>
#include <sstream>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

TEST(ProgressTest, FormatsDurationsAsMinutesOrHours) {
  EXPECT_EQ(FormatDuration(0), "0:00");
  EXPECT_EQ(FormatDuration(59.4), "0:59");
  EXPECT_EQ(FormatDuration(59.5), "1:00");
  EXPECT_EQ(FormatDuration(3599), "59:59");
  EXPECT_EQ(FormatDuration(3600), "1:00:00");
  EXPECT_EQ(FormatDuration(2 * 3600 + 5 * 60 + 7), "2:05:07");
}

TEST(ProgressTest, DrawsTheBarCountsTimesAndLiveText) {
  EXPECT_EQ(ProgressText(6, 12, "games", 3, 3.2, " | a 55.0% vs b"),
            "[############............] 6/12 games, 0:03 elapsed, ~0:03 "
            "left | a 55.0% vs b");
  EXPECT_EQ(ProgressText(0, 7, "iterations", 0, 0, ""),
            "[........................] 0/7 iterations, 0:00 elapsed, ~0:00 "
            "left");
  EXPECT_EQ(ProgressText(7, 7, "confirmation games", 75, 0, ""),
            "[########################] 7/7 confirmation games, 1:15 "
            "elapsed, ~0:00 left");
  // Nothing to do (every game skipped): a full bar.
  EXPECT_EQ(ProgressText(0, 0, "games", 0, 0, "").substr(0, 26),
            "[########################]");
}

TEST(ProgressTest, NowhereDropsWhatCoutIsGiven) {
  Nowhere nowhere;
  std::ostringstream elsewhere;
  std::streambuf* const saved = std::cout.rdbuf(&nowhere);
  std::cout << "dropped " << 42 << std::endl;
  const bool good = std::cout.good();
  std::cout.rdbuf(elsewhere.rdbuf());
  std::cout << "kept";
  std::cout.rdbuf(saved);
  EXPECT_TRUE(good);
  EXPECT_EQ(elsewhere.str(), "kept");
}

}  // namespace
}  // namespace wl::tools
