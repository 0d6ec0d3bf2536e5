// The map generator: deterministic, always valid, planar, and shaped like the
// 450 real competition maps (../shared/maps/real), compared statistic by
// statistic with the bounds stated below.
#include "wl/mapgen.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "wl/map_json.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

GeneratedMap Generate(uint64_t seed, int regions) {
  MapgenOptions options;
  options.seed = seed;
  options.regions = regions;
  absl::StatusOr<GeneratedMap> g = GenerateMap(options);
  EXPECT_TRUE(g.ok()) << "seed " << seed << ", regions " << regions << ": "
                      << g.status();
  return g.ok() ? *std::move(g) : GeneratedMap();
}

// ---------------------------------------------------------------------------
// Determinism.

// FNV-1a, to pin the exact output of a few seeds.
uint64_t Fingerprint(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

TEST(MapgenTest, SameSeedSameMapDifferentSeedDifferentMap) {
  for (uint64_t seed :
       {0ULL, 1ULL, 2ULL, 77ULL, 123456789ULL, 0xFFFFFFFFFFFFFFFFULL}) {
    std::string a = GeneratedMapToJson(Generate(seed, 0));
    std::string b = GeneratedMapToJson(Generate(seed, 0));
    EXPECT_EQ(a, b) << "seed " << seed;
    EXPECT_NE(a, GeneratedMapToJson(Generate(seed + 1, 0))) << "seed " << seed;
    EXPECT_EQ(GeneratedMapToJson(Generate(seed, 40)),
              GeneratedMapToJson(Generate(seed, 40)));
  }
}

// The generator draws only from FastRandom through integer-exact steps and
// uses only correctly rounded arithmetic, so these are the same with every
// compiler and standard library. They change only when the generator is
// changed on purpose: then update them.
TEST(MapgenTest, OutputIsPinned) {
  std::string json = GeneratedMapToJson(Generate(1, 0));
  EXPECT_EQ(Fingerprint(json), 18240230225082441636ULL) << json;
  EXPECT_EQ(Fingerprint(GeneratedMapToJson(Generate(42, 90))),
            3524306893798733301ULL);
}

// ---------------------------------------------------------------------------
// Validity.

// Whether segments ab and cd cross at a point inside both.
bool ProperlyCross(std::pair<double, double> a, std::pair<double, double> b,
                   std::pair<double, double> c, std::pair<double, double> d) {
  auto cross = [](std::pair<double, double> o, std::pair<double, double> p,
                  std::pair<double, double> q) {
    return (p.first - o.first) * (q.second - o.second) -
           (p.second - o.second) * (q.first - o.first);
  };
  double d1 = cross(a, b, c), d2 = cross(a, b, d);
  double d3 = cross(c, d, a), d4 = cross(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
         ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

void ExpectValid(const GeneratedMap& g, int regions, const std::string& what) {
  const Map& map = g.map;
  ASSERT_EQ(map.Validate(), "") << what;
  const int n = map.RegionCount();
  if (regions != 0) {
    EXPECT_EQ(n, regions) << what;
  }
  std::vector<int> ids;
  for (int i = 1; i <= n; ++i) ids.push_back(i);
  EXPECT_EQ(map.RegionIds(), ids) << what;

  // Super regions: ids 1..S, 1 to 9 regions, connected, bonus 0..size.
  int expected_id = 1;
  for (const Map::SuperRegion& s : map.SuperRegions()) {
    EXPECT_EQ(s.id, expected_id++) << what;
    ASSERT_FALSE(s.regions.empty()) << what;
    EXPECT_LE(s.regions.size(), 9u) << what;
    EXPECT_GE(s.bonus, 0) << what;
    EXPECT_LE(s.bonus, static_cast<int>(s.regions.size())) << what;
    std::vector<int> stack = {s.regions[0]};
    RegionSet seen;
    seen.Insert(s.regions[0]);
    while (!stack.empty()) {
      int r = stack.back();
      stack.pop_back();
      for (int nb : map.Neighbors(r)) {
        if (map.SuperRegionOf(nb) == s.id && !seen.Contains(nb)) {
          seen.Insert(nb);
          stack.push_back(nb);
        }
      }
    }
    EXPECT_EQ(seen, s.members)
        << what << ": super region " << s.id << " is not connected";
  }

  // Positions in the unit square, and a plane drawing: no two links cross.
  ASSERT_EQ(g.positions.size(), static_cast<size_t>(n + 1)) << what;
  std::vector<std::pair<int, int>> links;
  for (int a = 1; a <= n; ++a) {
    EXPECT_GE(g.positions[a].first, 0) << what;
    EXPECT_LE(g.positions[a].first, 1) << what;
    EXPECT_GE(g.positions[a].second, 0) << what;
    EXPECT_LE(g.positions[a].second, 1) << what;
    for (int b : map.Neighbors(a)) {
      if (b > a) links.push_back({a, b});
    }
  }
  EXPECT_LE(static_cast<int>(links.size()), 3 * n - 6) << what;
  for (size_t i = 0; i < links.size(); ++i) {
    for (size_t j = i + 1; j < links.size(); ++j) {
      auto [a, b] = links[i];
      auto [c, d] = links[j];
      if (a == c || a == d || b == c || b == d) continue;
      EXPECT_FALSE(ProperlyCross(g.positions[a], g.positions[b], g.positions[c],
                                 g.positions[d]))
          << what << ": links " << a << "-" << b << " and " << c << "-" << d
          << " cross";
    }
  }

  // The JSON reads back as the same map, member and adjacency orders too,
  // with the positions as extra keys.
  std::string json = GeneratedMapToJson(g);
  absl::StatusOr<Map> parsed = ParseMapJson(json);
  ASSERT_TRUE(parsed.ok()) << what << ": " << parsed.status();
  EXPECT_EQ(MapToJson(*parsed), MapToJson(map)) << what;
  for (const Map::SuperRegion& s : map.SuperRegions()) {
    EXPECT_EQ(parsed->GetSuperRegion(s.id).regions, s.regions) << what;
  }
  for (int r = 1; r <= n; ++r) {
    EXPECT_EQ(parsed->Neighbors(r), map.Neighbors(r)) << what;
  }
  boost::json::value root = boost::json::parse(json);
  const boost::json::array& regions_json = root.at("Regions").as_array();
  ASSERT_EQ(regions_json.size(), static_cast<size_t>(n)) << what;
  for (const boost::json::value& v : regions_json) {
    int id = static_cast<int>(v.at("id").as_int64());
    EXPECT_NEAR(v.at("x").to_number<double>(), g.positions[id].first, 1e-9);
    EXPECT_NEAR(v.at("y").to_number<double>(), g.positions[id].second, 1e-9);
  }
}

TEST(MapgenTest, ManySeedsAndSizesGiveValidPlanarMaps) {
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    ExpectValid(Generate(seed, 0), 0, "seed " + std::to_string(seed));
  }
  for (int regions : {kMapgenMinRegions, 11, 12, 15, 19, 25, 40, 56, 75, 90,
                      100, 110, 120, kMapgenMaxRegions}) {
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      ExpectValid(Generate(seed, regions), regions,
                  "seed " + std::to_string(seed) + ", " +
                      std::to_string(regions) + " regions");
    }
  }
}

TEST(MapgenTest, RejectsRegionCountsOutOfRange) {
  for (int regions :
       {-1, 1, 2, kMapgenMinRegions - 1, kMapgenMaxRegions + 1, 1000}) {
    MapgenOptions options;
    options.regions = regions;
    absl::StatusOr<GeneratedMap> g = GenerateMap(options);
    ASSERT_FALSE(g.ok()) << regions;
    EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(g.status().message().find("regions must be 10..127"),
              std::string::npos)
        << g.status();
  }
}

// ---------------------------------------------------------------------------
// Statistics against the real maps.

struct Stats {
  int maps = 0, regions = 0, supers = 0;
  std::vector<int> region_counts;
  std::map<int, int> super_sizes;  // size -> super regions
  int bonus_size_minus_2_to_0 = 0, bonus_size_minus_3_to_0 = 0;
  int zero_bonus = 0, zero_bonus_not_two = 0;
  std::vector<int> degrees;      // every region's
  std::vector<int> max_degrees;  // each map's
  int leaves = 0, triangles = 0;

  void Add(const Map& map) {
    ++maps;
    const int n = map.RegionCount();
    regions += n;
    region_counts.push_back(n);
    for (const Map::SuperRegion& s : map.SuperRegions()) {
      const int size = static_cast<int>(s.regions.size());
      ++supers;
      ++super_sizes[size];
      bonus_size_minus_2_to_0 += s.bonus - size >= -2 && s.bonus <= size;
      bonus_size_minus_3_to_0 += s.bonus - size >= -3 && s.bonus <= size;
      zero_bonus += s.bonus == 0;
      zero_bonus_not_two += s.bonus == 0 && size != 2;
    }
    int max_degree = 0;
    for (int r : map.RegionIds()) {
      const int degree = static_cast<int>(map.Neighbors(r).size());
      degrees.push_back(degree);
      max_degree = std::max(max_degree, degree);
      leaves += degree == 1;
      for (int a : map.Neighbors(r)) {
        for (int b : map.Neighbors(r)) {
          triangles += r < a && a < b && map.AreNeighbors(a, b);
        }
      }
    }
    max_degrees.push_back(max_degree);
  }

  static double Median(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2]
                        : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
  }
  double SizeShare(int lo, int hi) const {
    int in = 0;
    for (auto [size, count] : super_sizes)
      in += size >= lo && size <= hi ? count : 0;
    return static_cast<double>(in) / supers;
  }
  double MeanDegree() const {
    double sum = 0;
    for (int d : degrees) sum += d;
    return sum / degrees.size();
  }
};

// The numbers the comparison needs.
struct Summary {
  int min_regions, max_regions;
  double median_regions;
  double share_sizes_3_to_6, share_size_2;
  int smallest_super, largest_super;
  double share_bonus_size_minus_2_to_0;
  int zero_bonus_not_two;
  double median_degree, mean_degree;
  double median_max_degree;
  int max_degree;
  double leaf_share, triangles_per_region;
};

Summary Summarize(const Stats& s) {
  return Summary{
      *std::min_element(s.region_counts.begin(), s.region_counts.end()),
      *std::max_element(s.region_counts.begin(), s.region_counts.end()),
      Stats::Median(s.region_counts),
      s.SizeShare(3, 6),
      s.SizeShare(2, 2),
      s.super_sizes.begin()->first,
      s.super_sizes.rbegin()->first,
      static_cast<double>(s.bonus_size_minus_2_to_0) / s.supers,
      s.zero_bonus_not_two,
      Stats::Median(s.degrees),
      s.MeanDegree(),
      Stats::Median(s.max_degrees),
      *std::max_element(s.max_degrees.begin(), s.max_degrees.end()),
      static_cast<double>(s.leaves) / s.regions,
      static_cast<double>(s.triangles) / s.regions,
  };
}

// Measured by this test on the 450 maps of ../shared/maps/real (5642 super
// regions, 25692 regions): used when ../shared is absent, and checked
// against the files when it is present.
constexpr Summary kRealMaps = {
    /*min_regions=*/19,
    /*max_regions=*/90,
    /*median_regions=*/56,
    /*share_sizes_3_to_6=*/0.8501,
    /*share_size_2=*/0.0464,
    /*smallest_super=*/1,
    /*largest_super=*/9,
    /*share_bonus_size_minus_2_to_0=*/0.9427,
    /*zero_bonus_not_two=*/0,
    /*median_degree=*/4,
    /*mean_degree=*/4.4684,
    /*median_max_degree=*/9,
    /*max_degree=*/15,
    /*leaf_share=*/0.0378,
    /*triangles_per_region=*/1.2786,
};

fs::path RealMapsDir() { return testing::SharedDir() / "maps" / "real"; }

Summary RealMaps() {
  if (!fs::is_directory(RealMapsDir())) {
    std::printf("%s is absent: comparing with the statistics measured on it\n",
                RealMapsDir().c_str());
    return kRealMaps;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(RealMapsDir())) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  Stats stats;
  for (const fs::path& f : files) {
    absl::StatusOr<Map> map = LoadMapFile(f.string());
    EXPECT_TRUE(map.ok()) << map.status();
    if (map.ok()) stats.Add(*map);
  }
  EXPECT_EQ(stats.maps, 450);
  Summary real = Summarize(stats);
  // The constants above stay what the files say.
  EXPECT_EQ(real.min_regions, kRealMaps.min_regions);
  EXPECT_EQ(real.max_regions, kRealMaps.max_regions);
  EXPECT_EQ(real.median_regions, kRealMaps.median_regions);
  EXPECT_NEAR(real.share_sizes_3_to_6, kRealMaps.share_sizes_3_to_6, 1e-3);
  EXPECT_NEAR(real.share_size_2, kRealMaps.share_size_2, 1e-3);
  EXPECT_EQ(real.smallest_super, kRealMaps.smallest_super);
  EXPECT_EQ(real.largest_super, kRealMaps.largest_super);
  EXPECT_NEAR(real.share_bonus_size_minus_2_to_0,
              kRealMaps.share_bonus_size_minus_2_to_0, 1e-3);
  EXPECT_EQ(real.zero_bonus_not_two, kRealMaps.zero_bonus_not_two);
  EXPECT_EQ(real.median_degree, kRealMaps.median_degree);
  EXPECT_NEAR(real.mean_degree, kRealMaps.mean_degree, 1e-3);
  EXPECT_EQ(real.median_max_degree, kRealMaps.median_max_degree);
  EXPECT_EQ(real.max_degree, kRealMaps.max_degree);
  EXPECT_NEAR(real.leaf_share, kRealMaps.leaf_share, 1e-3);
  EXPECT_NEAR(real.triangles_per_region, kRealMaps.triangles_per_region, 1e-3);
  return real;
}

std::string Describe(const Summary& s) {
  char line[512];
  std::snprintf(
      line, sizeof line,
      "regions %d..%d (median %.0f), super-region sizes %d..%d (3..6: %.3f, "
      "2: %.3f), bonus - size in [-2,0]: %.3f, zero bonuses not on size 2: "
      "%d, degree median %.1f mean %.3f, max degree median %.1f max %d, "
      "leaves %.3f, triangles per region %.3f",
      s.min_regions, s.max_regions, s.median_regions, s.smallest_super,
      s.largest_super, s.share_sizes_3_to_6, s.share_size_2,
      s.share_bonus_size_minus_2_to_0, s.zero_bonus_not_two, s.median_degree,
      s.mean_degree, s.median_max_degree, s.max_degree, s.leaf_share,
      s.triangles_per_region);
  return line;
}

TEST(MapgenTest, StatisticsMatchTheRealMaps) {
  const Summary real = RealMaps();
  Stats stats;
  for (uint64_t seed = 1; seed <= 200; ++seed) stats.Add(Generate(seed, 0).map);
  const Summary gen = Summarize(stats);
  std::printf("real:      %s\ngenerated: %s\n", Describe(real).c_str(),
              Describe(gen).c_str());

  // Region counts drawn like the real ones: inside their range, median +-5.
  EXPECT_GE(gen.min_regions, real.min_regions);
  EXPECT_LE(gen.max_regions, real.max_regions);
  EXPECT_NEAR(gen.median_regions, real.median_regions, 5);
  // Super regions: mostly 3 to 6 regions (share +-0.04), few of 2 (+-0.02),
  // none of 1, none above the real maximum.
  EXPECT_NEAR(gen.share_sizes_3_to_6, real.share_sizes_3_to_6, 0.04);
  EXPECT_NEAR(gen.share_size_2, real.share_size_2, 0.02);
  EXPECT_GE(gen.smallest_super, 2);
  EXPECT_LE(gen.largest_super, real.largest_super);
  // Bonuses: size minus 0 to 2 as often as on the real maps (+-0.03), never
  // less than size - 3 (checked by the share below being exact), and zero
  // only for two-region super regions.
  EXPECT_NEAR(gen.share_bonus_size_minus_2_to_0,
              real.share_bonus_size_minus_2_to_0, 0.03);
  EXPECT_EQ(stats.bonus_size_minus_3_to_0, stats.supers);
  EXPECT_EQ(gen.zero_bonus_not_two, 0);
  EXPECT_GT(stats.zero_bonus, 0);
  // Degrees: median within 1, mean within 0.2, the typical map's busiest
  // region within 1, none above the real maximum; leaves 1% to 7%; and as
  // many triangles as hand-drawn borders make (within 0.15 per region).
  EXPECT_NEAR(gen.median_degree, real.median_degree, 1);
  EXPECT_NEAR(gen.mean_degree, real.mean_degree, 0.2);
  EXPECT_NEAR(gen.median_max_degree, real.median_max_degree, 1);
  EXPECT_LE(gen.max_degree, real.max_degree);
  EXPECT_GE(gen.leaf_share, 0.01);
  EXPECT_LE(gen.leaf_share, 0.07);
  EXPECT_NEAR(gen.triangles_per_region, real.triangles_per_region, 0.15);
}

// ---------------------------------------------------------------------------
// The command line.

int RunMapgen(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return MapgenMain(static_cast<int>(argv.size()), argv.data());
}

TEST(MapgenTest, CommandWritesTheMapWholeOrExplainsTheFlag) {
  fs::path dir = fs::temp_directory_path() /
                 ("wl_mapgen_test_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string out = (dir / "map.json").string();
  ASSERT_EQ(RunMapgen({"--seed", "7", "--regions", "33", "--out", out}), 0);
  absl::StatusOr<std::string> written = ReadFileToString(out);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, GeneratedMapToJson(Generate(7, 33)));
  EXPECT_TRUE(LoadMapFile(out).ok());
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += !e.is_directory();
  EXPECT_EQ(files, 1) << "a temporary file was left behind";

  ::testing::internal::CaptureStdout();
  EXPECT_EQ(RunMapgen({"--seed=7", "--regions=33"}), 0);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), *written);

  ::testing::internal::CaptureStdout();
  EXPECT_EQ(RunMapgen({"--help"}), 0);
  EXPECT_NE(::testing::internal::GetCapturedStdout().find("--regions N"),
            std::string::npos);

  // Bad flags: exit status 2; an unwritable file: 1. One line each.
  const std::string unwritable = (dir / "no" / "such" / "dir.json").string();
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--regions", "5"},
                                             {"--regions", "128"},
                                             {"--regions", "99999999999"},
                                             {"--seed", "-1"},
                                             {"--seed", "x"},
                                             {"--seed"},
                                             {"--size", "3"},
                                             {"extra"},
                                             {"--out", unwritable}}) {
    ::testing::internal::CaptureStderr();
    int status = RunMapgen(bad);
    std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(status, bad.back() == unwritable ? 1 : 2) << bad[0];
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_EQ(err.rfind("warlight mapgen: ", 0), 0u) << err;
  }
  fs::remove_all(dir);
}

TEST(MapgenTest, TextFromTheCommandLineIsEscapedInMessages) {
  const fs::path dir = fs::temp_directory_path() /
                       ("wl_mapgen_escape_" + std::to_string(::getpid()));
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{
           {"extra\x1b[2J\a"},
           {"--out", (dir / "no\x1b[31m" / "m.json").string()}}) {
    ::testing::internal::CaptureStderr();
    EXPECT_NE(RunMapgen(bad), 0);
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(err.find('\x1b'), std::string::npos) << err;
    EXPECT_EQ(err.find('\a'), std::string::npos) << err;
    EXPECT_NE(err.find("\\x1b["), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
  EXPECT_FALSE(fs::exists(dir));
}

}  // namespace
}  // namespace wl::tools
