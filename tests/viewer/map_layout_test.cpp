// The quality of the replay page's map layout (tools/wl/commands/
// map_layout.h), the stress layout drawn from the graph alone: on the
// example map, a sample of the real maps (with ../shared) and generated and
// random maps (always), no two region circles overlap, everything lies in
// the box, neighbours sit much closer than other pairs, links are short,
// super regions are compact blobs, and the same map always gives the same
// layout. Prints the measures it checks, per kind of map.
#include "wl/commands/map_layout.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "shared_data.h"
#include "test_maps.h"
#include "wl/map_json.h"
#include "wl/mapgen.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

struct Quality {
  double closest = 1e18;    // the closest pair of centres, in radii
  double link_ratio = 0;    // mean link length / mean other pair's
  double longest_link = 0;  // the 95th percentile link / median pair
  double super_ratio = 0;   // mean pair in a super / mean pair across
  double own_centroid = 0;  // regions nearest their super's centroid
  bool inside = true;       // every circle inside the box
};

double Distance(const MapLayout& l, int a, int b) {
  return std::hypot(l.centers[a].first - l.centers[b].first,
                    l.centers[a].second - l.centers[b].second);
}

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[static_cast<size_t>(p * (v.size() - 1))];
}

// Pair measures: closest pair, links against other pairs, pairs inside a
// super region against pairs across.
void MeasurePairs(const Map& map, const MapLayout& l, Quality* q) {
  const std::vector<int>& ids = map.RegionIds();
  std::vector<double> links, others, all;
  double inside = 0, across = 0;
  int inside_pairs = 0, across_pairs = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    for (size_t j = i + 1; j < ids.size(); ++j) {
      const double d = Distance(l, ids[i], ids[j]);
      q->closest = std::min(q->closest, d / l.radius);
      all.push_back(d);
      (map.AreNeighbors(ids[i], ids[j]) ? links : others).push_back(d);
      if (map.SuperRegionOf(ids[i]) == map.SuperRegionOf(ids[j])) {
        inside += d;
        ++inside_pairs;
      } else {
        across += d;
        ++across_pairs;
      }
    }
  }
  auto mean = [](const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? 0 : s / v.size();
  };
  q->link_ratio = mean(links) / mean(others);
  q->longest_link = Percentile(links, 0.95) / Percentile(all, 0.5);
  q->super_ratio = inside_pairs && across_pairs
                       ? (inside / inside_pairs) / (across / across_pairs)
                       : 0;
}

// The share of regions whose nearest super-region centroid is their own.
double OwnCentroidShare(const Map& map, const MapLayout& l) {
  const auto& supers = map.SuperRegions();
  std::vector<std::pair<double, double>> centroid(supers.size());
  for (size_t s = 0; s < supers.size(); ++s) {
    for (int a : supers[s].regions) {
      centroid[s].first += l.centers[a].first / supers[s].regions.size();
      centroid[s].second += l.centers[a].second / supers[s].regions.size();
    }
  }
  int own = 0;
  for (int a : map.RegionIds()) {
    size_t best = 0;
    double best_d = 1e18;
    for (size_t s = 0; s < supers.size(); ++s) {
      const double d = std::hypot(l.centers[a].first - centroid[s].first,
                                  l.centers[a].second - centroid[s].second);
      if (d < best_d) {
        best_d = d;
        best = s;
      }
    }
    own += supers[best].id == map.SuperRegionOf(a);
  }
  return static_cast<double>(own) / map.RegionCount();
}

Quality Measure(const Map& map, const MapLayout& l) {
  Quality q;
  for (int a : map.RegionIds()) {
    const auto [x, y] = l.centers[a];
    q.inside = q.inside && x >= l.radius && y >= l.radius &&
               x <= l.width - l.radius && y <= l.height - l.radius;
  }
  MeasurePairs(map, l, &q);
  q.own_centroid = OwnCentroidShare(map, l);
  return q;
}

// Checks one map's layout; `kind` names it in failures and the summary.
void ExpectGoodLayout(const Map& map, const std::string& name,
                      std::vector<Quality>* seen) {
  SCOPED_TRACE(name);
  const MapLayout a = LayoutMap(map, std::nullopt);
  const MapLayout b = LayoutMap(map, std::nullopt);
  EXPECT_EQ(a.centers, b.centers) << "not deterministic";
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.height, b.height);
  const Quality q = Measure(map, a);
  EXPECT_TRUE(q.inside);
  // Circles never overlap: centres at least 2.4 radii apart (LayoutMap's
  // gap, less the rounding to 0.1).
  EXPECT_GE(q.closest, 2.4 - 0.01);
  // Measured worst (generated, random, example and 30 real maps): 0.33,
  // 0.51, 0.32 and 0.96; a random placement gives about 1, 1.5, 1 and 0.3.
  EXPECT_LT(q.link_ratio, 0.4);     // neighbours much closer than others
  EXPECT_LT(q.longest_link, 0.65);  // and no long links across the map
  EXPECT_LT(q.super_ratio, 0.45);   // super regions are compact
  EXPECT_GE(q.own_centroid, 0.9);   // and do not mix
  seen->push_back(q);
}

void PrintSummary(const std::string& kind, const std::vector<Quality>& qs) {
  Quality worst{1e18, 0, 0, 0, 1, true};
  for (const Quality& q : qs) {
    worst.closest = std::min(worst.closest, q.closest);
    worst.link_ratio = std::max(worst.link_ratio, q.link_ratio);
    worst.longest_link = std::max(worst.longest_link, q.longest_link);
    worst.super_ratio = std::max(worst.super_ratio, q.super_ratio);
    worst.own_centroid = std::min(worst.own_centroid, q.own_centroid);
  }
  std::cout << "[ layout ] " << kind << ": " << qs.size()
            << " maps; worst: closest pair " << worst.closest
            << " radii, link/other " << worst.link_ratio
            << ", p95 link/median pair " << worst.longest_link
            << ", super inside/across " << worst.super_ratio
            << ", nearest own centroid " << worst.own_centroid << "\n";
}

TEST(MapLayoutTest, GeneratedAndRandomMapsAreDrawnClearly) {
  std::vector<Quality> generated, random;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    MapgenOptions options;
    options.seed = seed;
    options.regions = static_cast<int>(15 + seed * 13);  // 28..93
    options.regions = std::min(options.regions, kMapgenMaxRegions);
    absl::StatusOr<GeneratedMap> g = GenerateMap(options);
    ASSERT_TRUE(g.ok()) << g.status();
    ExpectGoodLayout(g->map, "generated seed " + std::to_string(seed),
                     &generated);
  }
  for (uint32_t seed = 1; seed <= 4; ++seed) {
    ExpectGoodLayout(wl::testing::RandomTestMap(seed, 20 + 10 * seed),
                     "random seed " + std::to_string(seed), &random);
  }
  PrintSummary("generated", generated);
  PrintSummary("random grid", random);
}

TEST(MapLayoutTest, TheExampleMapAndRealMapsAreDrawnClearly) {
  WL_REQUIRE_SHARED();
  std::vector<Quality> seen;
  const fs::path example = wl::testing::SharedDir() / "maps" / "example.json";
  absl::StatusOr<Map> map = LoadMapFile(example.string());
  ASSERT_TRUE(map.ok()) << map.status();
  ExpectGoodLayout(*map, "example.json", &seen);
  PrintSummary("example", seen);
  // Every 15th real map (450 in all: 30 of them), sorted by name.
  std::vector<fs::path> files;
  for (const auto& e :
       fs::directory_iterator(wl::testing::SharedDir() / "maps" / "real")) {
    files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  seen.clear();
  for (size_t k = 0; k < files.size(); k += 15) {
    absl::StatusOr<Map> real = LoadMapFile(files[k].string());
    ASSERT_TRUE(real.ok()) << files[k] << ": " << real.status();
    ExpectGoodLayout(*real, files[k].filename().string(), &seen);
  }
  EXPECT_GE(seen.size(), 10u);
  PrintSummary("real", seen);
}

}  // namespace
}  // namespace wl::tools
