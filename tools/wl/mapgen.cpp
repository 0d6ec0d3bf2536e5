#include "wl/mapgen.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "common/cli.h"
#include "common/files.h"
#include "rule_set.h"
#include "sdk/cli/terminal.h"
#include "wl/mapgen_graph.h"

namespace wl::tools {
namespace {

using mapgen::Distance2;
using mapgen::Draw;
using mapgen::Edge;
using mapgen::Graph;
using mapgen::Point;

// ---------------------------------------------------------------------------
// What the real maps look like. Measured on the 450 maps of
// ../shared/maps/real (tests/mapgen/mapgen_test.cpp measures them again and
// compares them with generated maps).

// Maps per region count, in bins of 5 from 15 (15..19, 20..24, ..., 90..94);
// the real counts run from 19 to 90.
constexpr int kRegionCountBins[] = {1,  2,  7,  10, 33, 49, 46, 56,
                                    54, 46, 35, 44, 40, 22, 4,  1};
constexpr int kRealMinRegions = 19;
constexpr int kRealMaxRegions = 90;

// The real maps have 262, 1055, 1634, 1259, 848 and 581 super regions of
// sizes 2..7 (sizes 1, 8 and 9 occur once each in 5642). Target sizes are
// drawn with the weights below instead: clusters stuck among others end up
// smaller than their targets and their neighbours bigger, and these weights
// (tuned on 600 maps) give back the real shares once that has happened.
constexpr int kSmallestSuper = 2;
constexpr int kLargestSuper = 7;
constexpr int kSuperSizeWeights[] = {139, 1311, 1869, 974, 793, 772};

// Bonus given super-region size: weights of bonus = size - 0, 1, 2, 3.
// Size 2 has bonus 0 or 1 (the only zero bonuses); size 3 never has 0.
constexpr int kBonusWeights[][4] = {
    {1, 0, 0, 0},         // size 1 (after a forced merge fails; rare)
    {0, 134, 128, 0},     // size 2
    {340, 350, 365, 0},   // size 3
    {501, 547, 535, 51},  // size 4
    {313, 433, 424, 89},  // size 5
    {190, 277, 285, 96},  // size 6
    {84, 210, 202, 85},   // size 7 and more
};

// Mean degree grows with the map (fewer regions on the rim): about 4.05 at
// 25 regions, 4.3 at 55, 4.8 at 80; per map it spreads by about +-0.45. The
// target for thinning runs slightly above that, as thinning rounds down.
double TargetMeanDegree(int regions) {
  return std::min(4.9, 4.12 + 0.0095 * (regions - 25));
}
constexpr double kMeanDegreeSpread = 0.45;

// About 4% of real regions have a single neighbour (0 to 14% per map).
constexpr double kMaxLeafShare = 0.14;

// ---------------------------------------------------------------------------
// Super regions: connected clusters grown from spread-out seeds towards
// sizes drawn from the real maps, the smallest (relative to its target)
// growing first, then repaired.

// Target sizes drawn until they cover the map exactly (drawn again when the
// last one overshoots: about one try in five succeeds); the cluster count
// follows (n / count is 4.1 to 5.1 for most maps, as on the real ones).
std::vector<int> DrawTargetSizes(int n, Draw& draw) {
  std::vector<int> target;
  for (int tries = 0;; ++tries) {
    target.clear();
    int sum = 0;
    while (sum < n) {
      target.push_back(kSmallestSuper + draw.Weighted(kSuperSizeWeights));
      sum += target.back();
    }
    if (sum == n) return target;
    if (tries == 1000) {  // never seen; take the excess off the last one
      target.back() -= sum - n;
      if (target.back() < kSmallestSuper) {
        target[0] += target.back();
        target.pop_back();
      }
      return target;
    }
  }
}

// Splits a graph into super regions: Run gives the cluster of each region.
class Partitioner {
 public:
  Partitioner(const std::vector<Point>& points, const Graph& graph, Draw& draw)
      : points_(points), graph_(graph), draw_(draw), n_(graph.size()) {}

  // The cluster of each region, numbered 0..count-1; sets the count.
  std::vector<int> Run(int* count) {
    target_ = DrawTargetSizes(n_, draw_);
    PlaceSeeds();
    Grow();
    FillShortClusters();
    FixSizes();
    return Renumbered(count);
  }

 private:
  // Seeds: each the farthest (with noise) from those chosen so far.
  void PlaceSeeds() {
    const int s = static_cast<int>(target_.size());
    cluster_.assign(n_, -1);
    seed_.assign(s, 0);
    std::vector<double> nearest(n_, 1e300);
    for (int k = 0; k < s; ++k) {
      int best = -1;
      double best_score = -1;
      for (int v = 0; v < n_; ++v) {
        if (cluster_[v] >= 0) continue;
        double score =
            k == 0 ? draw_.Unit() : nearest[v] * draw_.Between(0.5, 1);
        if (score > best_score) best_score = score, best = v;
      }
      seed_[k] = best;
      cluster_[best] = k;
      for (int v = 0; v < n_; ++v) {
        nearest[v] = std::min(nearest[v], Distance2(points_[v], points_[best]));
      }
    }
    size_.assign(s, 1);
  }

  // Growth, one region at a time, until every region is in a cluster.
  void Grow() {
    for (int assigned = static_cast<int>(target_.size()); assigned < n_;
         ++assigned) {
      const int grow = ClusterToGrow();
      const int pick = NearestFreeNeighbour(grow);
      cluster_[pick] = grow;
      ++size_[grow];
    }
  }

  // Whether cluster k touches a region in no cluster yet.
  bool CanGrow(int k) const {
    bool can = false;
    for (int v = 0; v < n_ && !can; ++v) {
      if (cluster_[v] != k) continue;
      for (int w : graph_.Neighbors(v)) can = can || cluster_[w] < 0;
    }
    return can;
  }

  // The cluster to grow: below its target and smallest relative to it,
  // else the smallest of those that can still grow (with noise).
  int ClusterToGrow() {
    const int s = static_cast<int>(target_.size());
    int grow = -1;
    double grow_key = 1e300;
    for (int pass = 0; pass < 2 && grow < 0; ++pass) {
      for (int k = 0; k < s; ++k) {
        if (pass == 0 && size_[k] >= target_[k]) continue;
        if (!CanGrow(k)) continue;
        double key = pass == 0 ? (size_[k] + draw_.Unit()) / target_[k]
                               : size_[k] + draw_.Unit();
        if (key < grow_key) grow_key = key, grow = k;
      }
    }
    return grow;
  }

  // The free neighbour of cluster k nearest to its seed (with noise).
  int NearestFreeNeighbour(int k) {
    int pick = -1;
    double pick_d2 = 1e300;
    for (int v = 0; v < n_; ++v) {
      if (cluster_[v] != k) continue;
      for (int w : graph_.Neighbors(v)) {
        if (cluster_[w] >= 0) continue;
        double d2 =
            Distance2(points_[w], points_[seed_[k]]) * draw_.Between(0.8, 1.0);
        if (d2 < pick_d2) pick_d2 = d2, pick = w;
      }
    }
    return pick;
  }

  // Repairs, for clusters stuck among others while their neighbours grew
  // past their targets (no randomness from here on).

  std::vector<int> MembersOf(int k) const {
    std::vector<int> m;
    for (int v = 0; v < n_; ++v) {
      if (cluster_[v] == k) m.push_back(v);
    }
    return m;
  }

  // The breadth-first tree of cluster k without region `skip`: order and
  // parents. Connected iff the order holds all members but skip.
  std::vector<int> TreeOf(int k, int skip, std::vector<int>* parent) const {
    std::vector<int> order;
    parent->assign(n_, -1);
    for (int v = 0; v < n_ && order.empty(); ++v) {
      if (cluster_[v] == k && v != skip) order.push_back(v);
    }
    std::vector<char> seen(n_, 0);
    if (!order.empty()) seen[order[0]] = 1;
    for (size_t i = 0; i < order.size(); ++i) {
      for (int w : graph_.Neighbors(order[i])) {
        if (cluster_[w] == k && w != skip && !seen[w]) {
          seen[w] = 1;
          (*parent)[w] = order[i];
          order.push_back(w);
        }
      }
    }
    return order;
  }

  // Whether cluster k stays connected without its region v.
  bool ConnectedWithout(int k, int v) const {
    std::vector<int> parent;
    return static_cast<int>(TreeOf(k, v, &parent).size()) == size_[k] - 1;
  }

  // A cluster below its target takes a region from a neighbouring cluster
  // above its own, if that one stays connected; one region at a time, until
  // none can.
  void FillShortClusters() {
    const int s = static_cast<int>(target_.size());
    for (int round = 0; round < 4 * n_; ++round) {
      bool changed = false;
      for (int k = 0; k < s && !changed; ++k) {
        if (size_[k] < target_[k]) changed = TakeFromNeighbour(k);
      }
      if (!changed) break;
    }
  }

  // Cluster k takes the first region it can from a neighbouring cluster
  // above its target. Returns whether it took one.
  bool TakeFromNeighbour(int k) {
    for (int v = 0; v < n_; ++v) {
      if (cluster_[v] != k) continue;
      for (int w : graph_.Neighbors(v)) {
        const int j = cluster_[w];
        if (j == k || size_[j] <= target_[j]) continue;
        if (ConnectedWithout(j, w)) {
          cluster_[w] = k;
          ++size_[k];
          --size_[j];
          return true;
        }
      }
    }
    return false;
  }

  // A single region joins its smallest neighbouring cluster; a cluster
  // above kLargestSuper hands a region that it can spare (staying
  // connected) to a smaller neighbouring cluster, or else is split in two.
  // One change at a time, until none is needed.
  void FixSizes() {
    for (int round = 0; round < 4 * n_; ++round) {
      bool changed = false;
      for (int k = 0; k < static_cast<int>(size_.size()) && !changed; ++k) {
        if (size_[k] == 1) {
          MergeSingle(k);
          changed = true;
        } else if (size_[k] > kLargestSuper) {
          if (!HandOverRegion(k)) Split(k);
          changed = true;
        }
      }
      if (!changed) break;
    }
  }

  // The one region of cluster k joins its smallest neighbouring cluster.
  void MergeSingle(int k) {
    int v = MembersOf(k)[0], into = -1;
    for (int w : graph_.Neighbors(v)) {
      if (into < 0 || size_[cluster_[w]] < size_[into]) into = cluster_[w];
    }
    cluster_[v] = into;
    size_[k] = 0;
    ++size_[into];
  }

  // Cluster k hands a region it can spare to its smallest neighbouring
  // cluster below kLargestSuper. Returns whether it did.
  bool HandOverRegion(int k) {
    int move = -1, into = -1;
    for (int v : MembersOf(k)) {
      for (int w : graph_.Neighbors(v)) {
        int j = cluster_[w];
        if (j == k || size_[j] >= kLargestSuper) continue;
        if (into >= 0 && size_[j] >= size_[into]) continue;
        if (ConnectedWithout(k, v)) {
          move = v;
          into = j;
        }
      }
    }
    if (move < 0) return false;
    cluster_[move] = into;
    --size_[k];
    ++size_[into];
    return true;
  }

  // Splits cluster k in two along its breadth-first tree: the tree edge
  // whose subtree is closest to half the cluster is cut, the subtree
  // becoming a new cluster.
  void Split(int k) {
    std::vector<int> parent;
    std::vector<int> order = TreeOf(k, -1, &parent);
    std::vector<int> below(n_, 1);
    for (size_t i = order.size(); i-- > 1;) {
      below[parent[order[i]]] += below[order[i]];
    }
    int cut = order[1];
    for (size_t i = 1; i < order.size(); ++i) {
      if (std::abs(2 * below[order[i]] - size_[k]) <
          std::abs(2 * below[cut] - size_[k])) {
        cut = order[i];
      }
    }
    const int fresh = static_cast<int>(size_.size());
    size_.push_back(0);
    for (int v : order) {
      bool in_subtree = false;
      for (int u = v; u >= 0 && !in_subtree; u = parent[u]) {
        in_subtree = u == cut;
      }
      if (in_subtree) {
        cluster_[v] = fresh;
        ++size_[fresh];
        --size_[k];
      }
    }
  }

  // The clusters left (not emptied), numbered 0..count-1.
  std::vector<int> Renumbered(int* count) const {
    std::vector<int> renumber(size_.size(), -1);
    *count = 0;
    for (size_t k = 0; k < size_.size(); ++k) {
      if (size_[k] > 0) renumber[k] = (*count)++;
    }
    std::vector<int> cluster = cluster_;
    for (int& c : cluster) c = renumber[c];
    return cluster;
  }

  const std::vector<Point>& points_;
  const Graph& graph_;
  Draw& draw_;
  const int n_;
  std::vector<int> target_;   // per cluster, its drawn size
  std::vector<int> cluster_;  // per region, its cluster (-1: none yet)
  std::vector<int> seed_;     // per cluster, the region it grew from
  std::vector<int> size_;     // per cluster, its regions
};

// ---------------------------------------------------------------------------

// "" if `regions` is a valid MapgenOptions::regions, else why not.
std::string RegionsError(int64_t regions) {
  if (regions == 0 ||
      (regions >= kMapgenMinRegions && regions <= kMapgenMaxRegions)) {
    return "";
  }
  return absl::StrCat("regions must be ", kMapgenMinRegions, "..",
                      kMapgenMaxRegions, ", or 0 to draw it, not ", regions);
}

// v >= 0 with four decimals, e.g. "0.0420".
std::string Fixed4(double v) {
  int64_t units = static_cast<int64_t>(std::floor(v * 10000 + 0.5));
  std::string frac = std::to_string(units % 10000);
  return absl::StrCat(units / 10000, ".", std::string(4 - frac.size(), '0'),
                      frac);
}

// The map's width for a height of 1 is drawn from [1, kMaxAspect] (tuned
// with the graph's constants, mapgen_graph.cpp).
constexpr double kMaxAspect = 2.5;

// The neighbour graph of n regions: points spread over a landscape
// rectangle (its width for a height of 1 in *width), triangulated, then
// thinned to a drawn mean degree and leaf count.
Graph MakeGraph(int n, Draw& draw, std::vector<Point>* points, double* width) {
  *width = draw.Between(1.0, kMaxAspect);
  std::vector<double> radius;
  *points = ScatterPoints(n, *width, draw, &radius);
  std::vector<Edge> edges = Triangulate(*points, radius);
  Graph graph(n);
  for (const Edge& e : edges) graph.Link(e.a, e.b);
  double mean_degree = TargetMeanDegree(n) +
                       (draw.Between(-kMeanDegreeSpread, kMeanDegreeSpread) +
                        draw.Between(-kMeanDegreeSpread, kMeanDegreeSpread)) /
                           2;
  int target_edges = std::max(n - 1, static_cast<int>(mean_degree * n / 2));
  int leaf_budget = static_cast<int>(n * draw.Between(0, kMaxLeafShare) + 0.5);
  Thin(*points, &graph, target_edges, leaf_budget, draw);
  return graph;
}

// Numbering: super regions in breadth-first order over their adjacency
// from the westmost, regions breadth-first within their super region from
// the westmost, so that neighbours get nearby ids as on the real maps.

// Sorts `items` west first by x_of(item), then by index.
template <typename XOf>
void WestFirst(std::vector<int>* items, XOf x_of) {
  std::sort(items->begin(), items->end(), [&](int a, int b) {
    if (x_of(a) != x_of(b)) return x_of(a) < x_of(b);
    return a < b;
  });
}

// The regions of each cluster.
std::vector<int> ClusterSizes(const std::vector<int>& cluster, int supers) {
  std::vector<int> members(supers, 0);
  for (int c : cluster) ++members[c];
  return members;
}

// The super regions in numbering order: breadth-first over their
// adjacency from the westmost (by mean x) not yet numbered, the
// neighbours of each west first.
std::vector<int> SuperOrder(const std::vector<Point>& points,
                            const Graph& graph, const std::vector<int>& cluster,
                            const std::vector<int>& members) {
  const int n = graph.size();
  const int supers = static_cast<int>(members.size());
  std::vector<double> cx(supers, 0);
  for (int v = 0; v < n; ++v) cx[cluster[v]] += points[v].x;
  for (int k = 0; k < supers; ++k) cx[k] /= members[k];
  auto super_x = [&](int k) { return cx[k]; };
  std::vector<int> super_order;
  std::vector<char> super_seen(supers, 0);
  while (static_cast<int>(super_order.size()) < supers) {
    std::vector<int> rest;
    for (int k = 0; k < supers; ++k) {
      if (!super_seen[k]) rest.push_back(k);
    }
    WestFirst(&rest, super_x);
    super_order.push_back(rest[0]);
    super_seen[rest[0]] = 1;
    for (size_t i = super_order.size() - 1; i < super_order.size(); ++i) {
      std::vector<int> next;
      for (int v = 0; v < n; ++v) {
        if (cluster[v] != super_order[i]) continue;
        for (int w : graph.Neighbors(v)) {
          if (!super_seen[cluster[w]]) {
            super_seen[cluster[w]] = 1;
            next.push_back(cluster[w]);
          }
        }
      }
      WestFirst(&next, super_x);
      super_order.insert(super_order.end(), next.begin(), next.end());
    }
  }
  return super_order;
}

// The id of each region: 1.. over the super regions in `super_order`,
// breadth-first within each from its westmost region, the neighbours of
// each west first. Fails if a super region is not connected.
absl::StatusOr<std::vector<int>> NumberRegions(
    const std::vector<Point>& points, const Graph& graph,
    const std::vector<int>& cluster, const std::vector<int>& super_order) {
  const int n = graph.size();
  auto region_x = [&](int v) { return points[v].x; };
  std::vector<int> id_of(n, 0);
  int next_id = 1;
  for (const int k : super_order) {
    std::vector<int> in;
    for (int v = 0; v < n; ++v) {
      if (cluster[v] == k) in.push_back(v);
    }
    WestFirst(&in, region_x);
    std::vector<int> order = {in[0]};
    id_of[in[0]] = next_id++;
    for (size_t j = 0; j < order.size(); ++j) {
      std::vector<int> next;
      for (int w : graph.Neighbors(order[j])) {
        if (cluster[w] == k && id_of[w] == 0 &&
            std::find(next.begin(), next.end(), w) == next.end()) {
          next.push_back(w);
        }
      }
      WestFirst(&next, region_x);
      for (int w : next) id_of[w] = next_id++;
      order.insert(order.end(), next.begin(), next.end());
    }
    if (order.size() != in.size()) {
      return absl::InternalError("mapgen: a super region is not connected");
    }
  }
  return id_of;
}

// The map itself: super regions 1.. in `super_order` with bonuses drawn by
// size, the regions, and the links as a map file lists them: each region
// its higher-id neighbours, in a random order (adjacency order is never
// sorted in the engine).
absl::Status BuildMap(const Graph& graph, const std::vector<int>& cluster,
                      const std::vector<int>& super_order,
                      const std::vector<int>& members,
                      const std::vector<int>& id_of, Draw& draw, Map* map) {
  const int n = graph.size();
  const int supers = static_cast<int>(super_order.size());
  std::vector<int> super_id(supers, 0), region_of(n + 1, -1);
  for (int i = 0; i < supers; ++i) super_id[super_order[i]] = i + 1;
  for (int v = 0; v < n; ++v) region_of[id_of[v]] = v;
  std::string err;
  for (int i = 0; i < supers && err.empty(); ++i) {
    const int k = super_order[i];
    const int row = std::min(members[k], kLargestSuper) - 1;
    const int bonus = members[k] - draw.Weighted(kBonusWeights[row]);
    err = map->AddSuperRegion(i + 1, std::max(bonus, 0));
  }
  for (int id = 1; id <= n && err.empty(); ++id) {
    err = map->AddRegion(id, super_id[cluster[region_of[id]]]);
  }
  for (int id = 1; id <= n && err.empty(); ++id) {
    std::vector<int> higher;
    for (int w : graph.Neighbors(region_of[id])) {
      if (id_of[w] > id) higher.push_back(id_of[w]);
    }
    std::sort(higher.begin(), higher.end());
    draw.Shuffle(&higher);
    for (size_t i = 0; i < higher.size() && err.empty(); ++i) {
      err = map->AddLink(id, higher[i]);
    }
  }
  if (err.empty()) err = map->Validate();
  if (!err.empty()) return absl::InternalError("mapgen: " + err);
  return absl::OkStatus();
}

// Positions by region id: the width x 1 rectangle scaled into the unit
// square, centred, rounded to 1e-4.
std::vector<std::pair<double, double>> Positions(
    const std::vector<Point>& points, const std::vector<int>& id_of,
    double width) {
  const int n = static_cast<int>(points.size());
  const double scale = 1 / width;
  const double y_offset = (1 - scale) / 2;
  auto round4 = [](double v) { return std::floor(v * 10000 + 0.5) / 10000; };
  std::vector<std::pair<double, double>> positions(n + 1, {0.0, 0.0});
  for (int v = 0; v < n; ++v) {
    positions[id_of[v]] = {round4(points[v].x * scale),
                           round4(y_offset + points[v].y * scale)};
  }
  return positions;
}

absl::StatusOr<GeneratedMap> Generate(int n, Draw& draw) {
  std::vector<Point> points;
  double width = 0;
  const Graph graph = MakeGraph(n, draw, &points, &width);
  int supers = 0;
  const std::vector<int> cluster =
      Partitioner(points, graph, draw).Run(&supers);
  const std::vector<int> members = ClusterSizes(cluster, supers);
  const std::vector<int> super_order =
      SuperOrder(points, graph, cluster, members);
  absl::StatusOr<std::vector<int>> id_of =
      NumberRegions(points, graph, cluster, super_order);
  if (!id_of.ok()) return id_of.status();
  GeneratedMap g;
  if (absl::Status s =
          BuildMap(graph, cluster, super_order, members, *id_of, draw, &g.map);
      !s.ok()) {
    return s;
  }
  g.positions = Positions(points, *id_of, width);
  return g;
}

}  // namespace

absl::StatusOr<GeneratedMap> GenerateMap(const MapgenOptions& options) {
  if (std::string err = RegionsError(options.regions); !err.empty()) {
    return absl::InvalidArgumentError(err);
  }
  Draw draw(options.seed);
  int n = options.regions;
  while (n == 0) {
    int bin = draw.Weighted(kRegionCountBins);
    int candidate = 15 + 5 * bin + draw.Below(5);
    if (candidate >= kRealMinRegions && candidate <= kRealMaxRegions) {
      n = candidate;
    }
  }
  return Generate(n, draw);
}

std::string GeneratedMapToJson(const GeneratedMap& g) {
  const Map& map = g.map;
  std::string out = "{\"SuperRegions\":[";
  bool first = true;
  for (const Map::SuperRegion& s : map.SuperRegions()) {
    absl::StrAppend(&out, first ? "\n" : ",\n", "{\"id\":", s.id,
                    ",\"bonus\":", s.bonus, "}");
    first = false;
  }
  out += "],\n\"Regions\":[";
  first = true;
  for (int id : map.RegionIds()) {
    absl::StrAppend(&out, first ? "\n" : ",\n", "{\"id\":", id,
                    ",\"superRegion\":", map.SuperRegionOf(id),
                    ",\"neighbors\":[");
    first = false;
    bool first_nb = true;
    for (int nb : map.Neighbors(id)) {
      if (nb < id) continue;
      absl::StrAppend(&out, first_nb ? "" : ",", nb);
      first_nb = false;
    }
    out += "]";
    if (static_cast<size_t>(id) < g.positions.size()) {
      absl::StrAppend(&out, ",\"x\":", Fixed4(g.positions[id].first),
                      ",\"y\":", Fixed4(g.positions[id].second));
    }
    out += "}";
  }
  out += "]}\n";
  return out;
}

namespace {

// mapgen makes WL2 maps: "" for --rules wl2, else why not.
std::string RulesError(const std::string& rules) {
  const std::optional<RuleSet> parsed = ParseRuleSet(rules);
  if (!parsed) return "--rules must be wl2, wl1 or dingle";
  if (*parsed == RuleSet::kWl2) return "";
  const std::string name(RuleSetName(*parsed));
  return "--rules " + name + " plays its fixed earth map (--map " + name +
         "-earth, maps/" + name + "_earth.json); mapgen makes WL2 maps only";
}

}  // namespace

int MapgenMain(int argc, char** argv) {
  int64_t seed = 1, regions = 0;
  std::string out;
  Flags flags("mapgen", "",
              "Generates a random map shaped like the real competition maps:\n"
              "official JSON (spec section 2), each region with \"x\" and "
              "\"y\"\npositions in [0,1] for viewers (the engine ignores "
              "them).\nThe same seed and regions give the same map.");
  SeedFlag(flags, &seed, "the map's random seed");
  flags.Int("regions", &regions, "N",
            absl::StrCat("number of regions, ", kMapgenMinRegions, "..",
                         kMapgenMaxRegions,
                         "; 0 draws it like the real maps (19..90)"));
  flags.String("out", &out, "FILE", "write the map here (default: stdout)");
  std::string rules = "wl2";
  flags.String("rules", &rules, "wl2",
               "the rule set of the map: wl2 only; WL1 and Dingle play "
               "their fixed earth maps");
  std::vector<std::string> args;
  if (std::optional<int> exit = flags.Parse(argc, argv, &args)) return *exit;
  if (std::string err = RulesError(rules); !err.empty()) return flags.Fail(err);
  if (!args.empty()) {
    return flags.Fail("unexpected argument '" +
                      cli::EscapeForTerminal(args[0]) + "'");
  }
  if (std::string err = RegionsError(regions); !err.empty()) {
    return flags.Fail("--" + err);
  }
  MapgenOptions options;
  options.seed = static_cast<uint64_t>(seed);
  options.regions = static_cast<int>(regions);
  absl::StatusOr<GeneratedMap> g = GenerateMap(options);
  if (!g.ok()) return flags.Fail(std::string(g.status().message()));
  std::string json = GeneratedMapToJson(*g);
  if (out.empty()) {
    std::cout << json << std::flush;
    return std::cout ? 0 : 1;
  }
  if (absl::Status s = WriteFileAtomically(out, json); !s.ok()) {
    std::cerr << "warlight mapgen: "
              << cli::EscapeForTerminal(std::string(s.message())) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace wl::tools
