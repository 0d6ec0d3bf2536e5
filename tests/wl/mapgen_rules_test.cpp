// `warlight mapgen` makes WL2 maps only: --rules wl1 or dingle is one clear
// refusal naming the rule set's fixed earth map (issue 13 item 6).
#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

TEST(MapgenRulesTest, OnlyWl2MapsAreGeneratedTheOthersNameTheirEarthMap) {
  const std::filesystem::path dir = wl::testing::FreshTempDir("mapgen_rules");
  const std::string warlight =
      (std::filesystem::path(WL_BINARY_DIR) / "warlight").string();
  wl::testing::CommandRun wl2 = wl::testing::RunCommand(
      warlight + " mapgen --rules wl2 --regions 12 --seed 3", dir);
  EXPECT_EQ(wl2.status, 0) << wl2.err;
  EXPECT_NE(wl2.out.find("\"Regions\""), std::string::npos);
  for (const char* rules : {"wl1", "dingle"}) {
    wl::testing::CommandRun run =
        wl::testing::RunCommand(warlight + " mapgen --rules " + rules, dir);
    EXPECT_EQ(run.status, 2) << rules;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find(std::string("--map ") + rules + "-earth"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("mapgen makes WL2 maps only"), std::string::npos);
  }
  wl::testing::CommandRun bad =
      wl::testing::RunCommand(warlight + " mapgen --rules risk", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--rules must be wl2, wl1 or dingle"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
