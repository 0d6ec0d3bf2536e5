// mapgen_graph.h: the map generator's random draws and its neighbour
// graph (mapgen.h): region centres scattered as discs, a greedy planar
// triangulation, thinned to the real maps' degrees. Internal to
// tools/wl/mapgen.cpp.
#ifndef WL_TOOLS_WL_MAPGEN_GRAPH_H_
#define WL_TOOLS_WL_MAPGEN_GRAPH_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "sdk/common/fast_random.h"

namespace wl::tools::mapgen {

// Random draws made from FastRandom's 64-bit words with exact integer steps,
// so a seed gives the same map with every standard library (unlike
// std::uniform_int_distribution or std::shuffle).
class Draw {
 public:
  explicit Draw(uint64_t seed) : rng_(seed) {}

  // Uniform in [0, 1).
  double Unit() { return rng_.NextDouble(); }
  double Between(double lo, double hi) { return lo + (hi - lo) * Unit(); }
  // Uniform in [0, n), n >= 1, without modulo bias.
  int Below(int n) {
    const uint64_t bound = static_cast<uint64_t>(n);
    const uint64_t threshold = (0 - bound) % bound;  // 2^64 mod n
    for (;;) {
      uint64_t x = rng_.NextU64();
      if (x >= threshold) return static_cast<int>(x % bound);
    }
  }
  // An index drawn with the given integer weights (not all zero).
  template <size_t N>
  int Weighted(const int (&weights)[N]) {
    int total = 0;
    for (int w : weights) total += w;
    int r = Below(total);
    for (size_t i = 0; i < N; ++i) {
      if (r < weights[i]) return static_cast<int>(i);
      r -= weights[i];
    }
    return N - 1;
  }
  template <typename T>
  void Shuffle(std::vector<T>* v) {
    for (size_t i = v->size(); i > 1; --i) {
      std::swap((*v)[i - 1], (*v)[Below(static_cast<int>(i))]);
    }
  }

 private:
  FastRandom rng_;
};

struct Point {
  double x, y;
};

inline double Distance2(const Point& a, const Point& b) {
  double dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy;
}

struct Edge {
  int a, b;
};

// Undirected graph on 0..n-1 with removable edges.
class Graph {
 public:
  explicit Graph(int n) : adj_(n) {}
  int size() const { return static_cast<int>(adj_.size()); }
  void Link(int a, int b) {
    adj_[a].push_back(b);
    adj_[b].push_back(a);
  }
  void Unlink(int a, int b) {
    adj_[a].erase(std::find(adj_[a].begin(), adj_[a].end(), b));
    adj_[b].erase(std::find(adj_[b].begin(), adj_[b].end(), a));
  }
  bool Linked(int a, int b) const {
    return std::find(adj_[a].begin(), adj_[a].end(), b) != adj_[a].end();
  }
  const std::vector<int>& Neighbors(int v) const { return adj_[v]; }
  int Degree(int v) const { return static_cast<int>(adj_[v].size()); }
  // Whether `to` can be reached from `from` (BFS).
  bool Reaches(int from, int to) const {
    std::vector<char> seen(adj_.size(), 0);
    std::vector<int> queue = {from};
    seen[from] = 1;
    for (size_t i = 0; i < queue.size(); ++i) {
      if (queue[i] == to) return true;
      for (int w : adj_[queue[i]]) {
        if (!seen[w]) {
          seen[w] = 1;
          queue.push_back(w);
        }
      }
    }
    return false;
  }

 private:
  std::vector<std::vector<int>> adj_;
};

// Region centres: random sequential placement of discs of varied sizes in a
// width x 1 rectangle, big ones first, so that big regions sit among small
// ones and degrees spread as on hand-drawn maps. Sets each disc's radius.
std::vector<Point> ScatterPoints(int n, double width, Draw& draw,
                                 std::vector<double>* radius);

// A greedy triangulation: every pair of points, the smallest gap between
// their discs first, linked unless the segment meets one already drawn.
// Planar by construction (a plane straight-line graph), close to the
// Delaunay triangulation, with more neighbours for bigger discs.
std::vector<Edge> Triangulate(const std::vector<Point>& points,
                              const std::vector<double>& radius);

// Thins the triangulation to a real map's mean degree, one edge at a time:
// preferably an edge whose removal breaks few triangles (one already on a
// bigger face: holes grow like lakes and the rim erodes like a coast), facing
// an obtuse angle (regions that would only touch at a corner), with noise;
// keeping the graph connected and every region with two neighbours except a
// few leaves.
void Thin(const std::vector<Point>& points, Graph* graph, int target_edges,
          int leaf_budget, Draw& draw);

}  // namespace wl::tools::mapgen

#endif  // WL_TOOLS_WL_MAPGEN_GRAPH_H_
