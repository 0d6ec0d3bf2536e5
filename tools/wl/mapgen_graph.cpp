// mapgen_graph.cpp: the map generator's neighbour graph (mapgen_graph.h).
#include "wl/mapgen_graph.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace wl::tools::mapgen {
namespace {

// How the generator gets there, tuned by comparing 300 generated maps with
// the real ones (degree histogram, maximum degree, clustering, diameter):
// regions are discs of relative size 0.4 + 2 u^3 (a few big ones among many
// small); the triangulation links pairs by the gap between their discs,
// distance - kGapWeight * (r1 + r2), so big regions get many neighbours;
// thinning scores an edge by -cos(widest facing angle) + noise in +-kThinNoise
// - kTriangleWeight * (triangles it closes).
constexpr double kGapWeight = 0.85;
constexpr double kThinNoise = 0.5;
constexpr double kTriangleWeight = 1.0;

// (b - a) x (c - a).
double Cross(const Point& a, const Point& b, const Point& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Whether segments pq and rs (no shared end) cross or touch.
bool SegmentsMeet(const Point& p, const Point& q, const Point& r,
                  const Point& s) {
  if (std::max(p.x, q.x) < std::min(r.x, s.x) ||
      std::max(r.x, s.x) < std::min(p.x, q.x) ||
      std::max(p.y, q.y) < std::min(r.y, s.y) ||
      std::max(r.y, s.y) < std::min(p.y, q.y)) {
    return false;
  }
  double d1 = Cross(p, q, r), d2 = Cross(p, q, s);
  double d3 = Cross(r, s, p), d4 = Cross(r, s, q);
  return !(d1 > 0 && d2 > 0) && !(d1 < 0 && d2 < 0) && !(d3 > 0 && d4 > 0) &&
         !(d3 < 0 && d4 < 0);
}

}  // namespace

std::vector<Point> ScatterPoints(int n, double width, Draw& draw,
                                 std::vector<double>* radius) {
  std::vector<double> size(n);
  for (double& s : size) {
    double u = draw.Unit();
    s = 0.4 + 2.0 * u * u * u;
  }
  std::sort(size.begin(), size.end(), [](double a, double b) { return a > b; });
  double sum_sq = 0;
  for (double s : size) sum_sq += s * s;
  // Discs of diameter spacing * size covering ~45% of the area (random
  // sequential placement jams at ~55%).
  double spacing = 0.75 * std::sqrt(width / sum_sq);
  std::vector<Point> points;
  for (int i = 0; i < n; ++i) {
    for (int tries = 0;; ++tries) {
      if (tries == 100) {
        spacing *= 0.97;
        tries = 0;
      }
      Point p{draw.Between(0, width), draw.Unit()};
      bool fits = true;
      for (int j = 0; j < i && fits; ++j) {
        double gap = spacing * (size[i] + size[j]) / 2;
        fits = Distance2(p, points[j]) >= gap * gap;
      }
      if (fits) {
        points.push_back(p);
        break;
      }
    }
  }
  radius->resize(n);
  for (int i = 0; i < n; ++i) (*radius)[i] = spacing * size[i] / 2;
  return points;
}

std::vector<Edge> Triangulate(const std::vector<Point>& points,
                              const std::vector<double>& radius) {
  struct Pair {
    double gap;
    int a, b;
  };
  const int n = static_cast<int>(points.size());
  std::vector<Pair> pairs;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      double gap = std::sqrt(Distance2(points[a], points[b])) -
                   kGapWeight * (radius[a] + radius[b]);
      pairs.push_back({gap, a, b});
    }
  }
  // A total order (no two pairs compare equal): the same on every library.
  std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
    if (x.gap != y.gap) return x.gap < y.gap;
    if (x.a != y.a) return x.a < y.a;
    return x.b < y.b;
  });
  std::vector<Edge> edges;
  for (const Pair& pair : pairs) {
    bool free = true;
    for (const Edge& e : edges) {
      if (e.a == pair.a || e.a == pair.b || e.b == pair.a || e.b == pair.b) {
        continue;
      }
      if (SegmentsMeet(points[pair.a], points[pair.b], points[e.a],
                       points[e.b])) {
        free = false;
        break;
      }
    }
    if (free) edges.push_back({pair.a, pair.b});
  }
  return edges;
}

void Thin(const std::vector<Point>& points, Graph* graph, int target_edges,
          int leaf_budget, Draw& draw) {
  const int n = graph->size();
  struct Candidate {
    int a, b;
    double score;
    bool alive;
  };
  std::vector<Candidate> candidates;
  for (int a = 0; a < n; ++a) {
    for (int b : graph->Neighbors(a)) {
      if (b < a) continue;
      // The cosine of the widest angle facing ab from a common neighbour.
      double min_cos = 1;
      for (int c : graph->Neighbors(a)) {
        if (c == b || !graph->Linked(b, c)) continue;
        const Point &pa = points[a], &pb = points[b], &pc = points[c];
        double dot =
            (pa.x - pc.x) * (pb.x - pc.x) + (pa.y - pc.y) * (pb.y - pc.y);
        double norms = std::sqrt(Distance2(pa, pc) * Distance2(pb, pc));
        min_cos = std::min(min_cos, dot / norms);
      }
      candidates.push_back(
          {a, b, -min_cos + draw.Between(-kThinNoise, kThinNoise), true});
    }
  }
  int edges = static_cast<int>(candidates.size());
  int leaves = 0;
  for (int v = 0; v < n; ++v) leaves += graph->Degree(v) == 1;
  while (edges > target_edges) {
    int best = -1;
    double best_score = -1e300;
    for (int i = 0; i < static_cast<int>(candidates.size()); ++i) {
      const Candidate& c = candidates[i];
      if (!c.alive) continue;
      int da = graph->Degree(c.a), db = graph->Degree(c.b);
      if (da <= 1 || db <= 1) continue;
      if (leaves + (da == 2) + (db == 2) > leaf_budget) continue;
      int triangles = 0;
      for (int w : graph->Neighbors(c.a)) triangles += graph->Linked(c.b, w);
      double score = c.score - kTriangleWeight * triangles;
      if (score > best_score) best_score = score, best = i;
    }
    if (best < 0) break;
    Candidate& c = candidates[best];
    c.alive = false;  // removed, or a bridge (it stays one)
    int new_leaves = (graph->Degree(c.a) == 2) + (graph->Degree(c.b) == 2);
    graph->Unlink(c.a, c.b);
    if (!graph->Reaches(c.a, c.b)) {
      graph->Link(c.a, c.b);
      continue;
    }
    leaves += new_leaves;
    --edges;
  }
}

}  // namespace wl::tools::mapgen
