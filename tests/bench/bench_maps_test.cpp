// The maps the benchmarks read from maps/wl2/ (bench/bench_maps.h) and the
// positions of a fork's own benchmark (bench/bot_bench_positions.h): the
// official example map (64 regions), the largest real map (90 regions) and
// its engine lines, which must be the JSON file's; against ../shared when
// it is present, the same files.
#include "bench/bench_maps.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bot_bench_positions.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "wl/map_json.h"

namespace {

namespace fs = std::filesystem;

std::string Contents(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(BenchMapsTest, TheExampleAndTheLargestRealMapAreShipped) {
  for (const auto& [which, regions] :
       {std::pair<const char*, int>{"example", 64}, {"largest", 90}}) {
    const std::string path = wl::bench::MapPath(which);
    ASSERT_FALSE(path.empty()) << which;
    absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(path);
    ASSERT_TRUE(map.ok()) << map.status();
    EXPECT_EQ(map->RegionCount(), regions) << which;
  }
}

TEST(BenchMapsTest, TheLargestMapsEngineLinesAreItsJsonFiles) {
  absl::StatusOr<wl::Map> map =
      wl::tools::LoadMapFile(wl::bench::MapPath("largest"));
  ASSERT_TRUE(map.ok()) << map.status();
  std::string lines;
  for (const std::string& line : wl::SetupMapLines(*map)) lines += line + "\n";
  EXPECT_EQ(Contents(WL_SOURCE_DIR "/maps/wl2/550103d94b5ab22b98d5a28b.txt"),
            lines);
}

// What a fork's benchmark times: a pick request and a round-10 position,
// on the 90-region map.
TEST(BenchMapsTest, AForksBenchmarkHasRealSizedPositions) {
  const wl::bench::BotPositions* p = wl::bench::RealSizedPositions();
  ASSERT_NE(p, nullptr);
  for (const wl::View* view : {&p->pick, &p->place, &p->attack}) {
    EXPECT_EQ(view->GetMap().RegionCount(), 90);
  }
  EXPECT_FALSE(p->pick.PickableRegions().empty());
  EXPECT_GT(p->place.Income(), 0);
  EXPECT_EQ(p->attack.Income(), p->place.Income());
}

TEST(BenchMapsTest, SameAsSharedAndNoRealMapIsLarger) {
  const fs::path shared = wl::testing::SharedDir() / "maps";
  if (!fs::is_directory(shared / "real")) {
    GTEST_SKIP() << shared << " is absent: skipping the check against it";
  }
  EXPECT_EQ(Contents(wl::bench::MapPath("example")),
            Contents((shared / "example.json").string()));
  const std::string largest = wl::bench::MapPath("largest");
  EXPECT_EQ(
      Contents(largest),
      Contents((shared / "real" / fs::path(largest).filename()).string()));
  for (const auto& entry : fs::directory_iterator(shared / "real")) {
    if (entry.path().filename() == fs::path(largest).filename()) continue;
    absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(entry.path().string());
    ASSERT_TRUE(map.ok()) << entry.path();
    EXPECT_LT(map->RegionCount(), 90) << entry.path();
  }
}

}  // namespace
