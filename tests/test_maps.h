// test_maps.h: small random maps for tests that must run without ../shared.
//
//   wl::Map map = wl::testing::RandomTestMap(/*seed=*/3, /*regions=*/30);
//
// Regions sit on a grid (4-neighbour links plus some diagonals, so the map
// is connected), are added in a shuffled file order with shuffled link
// order (so adjacency order is not sorted), and are grouped into super
// regions of 1 to 6 neighbouring regions with bonuses of size - 0..2.
#ifndef WL_TESTS_TEST_MAPS_H_
#define WL_TESTS_TEST_MAPS_H_

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "map.h"

namespace wl::testing {

inline Map RandomTestMap(uint32_t seed, int regions) {
  std::mt19937 rng(seed);
  const int width = std::max(2, static_cast<int>(std::sqrt(regions)));
  auto cell_of = [&](int id) { return id - 1; };
  std::vector<std::vector<int>> links(regions + 1);
  for (int id = 1; id <= regions; ++id) {
    int c = cell_of(id), x = c % width, y = c / width;
    auto link = [&](int nx, int ny) {
      int other = ny * width + nx + 1;
      if (nx >= 0 && nx < width && other >= 1 && other <= regions &&
          other != id) {
        links[id].push_back(other);
      }
    };
    link(x + 1, y);
    link(x, y + 1);
    if (rng() % 3 == 0) link(x + 1, y + 1);
  }
  // Super regions: grow clusters over the grid in id order.
  std::vector<int> super(regions + 1, 0);
  int supers = 0;
  for (int id = 1; id <= regions; ++id) {
    if (super[id]) continue;
    ++supers;
    int want = 1 + rng() % 6;
    std::vector<int> frontier = {id};
    super[id] = supers;
    for (size_t i = 0;
         i < frontier.size() && static_cast<int>(frontier.size()) < want; ++i) {
      for (int n : links[frontier[i]]) {
        if (!super[n] && static_cast<int>(frontier.size()) < want) {
          super[n] = supers;
          frontier.push_back(n);
        }
      }
    }
  }
  Map map;
  for (int s = 1; s <= supers; ++s) {
    int size = static_cast<int>(std::count(super.begin(), super.end(), s));
    map.AddSuperRegion(s, std::max(0, size - static_cast<int>(rng() % 3)));
  }
  std::vector<int> order(regions);
  for (int i = 0; i < regions; ++i) order[i] = i + 1;
  std::shuffle(order.begin(), order.end(), rng);
  for (int id : order) map.AddRegion(id, super[id]);
  for (int id : order) {
    std::shuffle(links[id].begin(), links[id].end(), rng);
    for (int n : links[id]) map.AddLink(id, n);
  }
  return map;
}

}  // namespace wl::testing

#endif  // WL_TESTS_TEST_MAPS_H_
