#include "wl/commands/map_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wl::tools {
namespace {

using Points = std::vector<std::pair<double, double>>;

// Path lengths between regions (by index in map.RegionIds(), n x n, row
// major) where a link inside a super region is 1 and one between super
// regions 1.9 (Floyd-Warshall). A disconnected pair (never after Validate)
// is 2n apart.
std::vector<double> PathLengths(const Map& map) {
  const std::vector<int>& ids = map.RegionIds();
  const int n = static_cast<int>(ids.size());
  std::vector<int> index(ids.back() + 1, -1);
  for (int k = 0; k < n; ++k) index[ids[k]] = k;
  constexpr double kInside = 1.0, kBetween = 1.9;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> d(static_cast<size_t>(n) * n, inf);
  for (int k = 0; k < n; ++k) {
    d[k * n + k] = 0;
    for (int nb : map.Neighbors(ids[k])) {
      const double w = map.SuperRegionOf(nb) == map.SuperRegionOf(ids[k])
                           ? kInside
                           : kBetween;
      d[k * n + index[nb]] = std::min(d[k * n + index[nb]], w);
    }
  }
  for (int m = 0; m < n; ++m) {
    for (int a = 0; a < n; ++a) {
      const double dam = d[a * n + m];
      if (dam == inf) continue;
      for (int b = 0; b < n; ++b) {
        d[a * n + b] = std::min(d[a * n + b], dam + d[m * n + b]);
      }
    }
  }
  for (double& v : d) {
    if (v == inf) v = 2 * n;
  }
  return d;
}

// The double-centred matrix of squared distances (classical MDS).
std::vector<double> DoubleCentred(const std::vector<double>& d, int n) {
  std::vector<double> b(static_cast<size_t>(n) * n), row(n, 0);
  double all = 0;
  for (int a = 0; a < n; ++a) {
    for (int c = 0; c < n; ++c) row[a] += d[a * n + c] * d[a * n + c];
    all += row[a];
    row[a] /= n;
  }
  all /= static_cast<double>(n) * n;
  for (int a = 0; a < n; ++a) {
    for (int c = 0; c < n; ++c) {
      b[a * n + c] =
          -0.5 * (d[a * n + c] * d[a * n + c] - row[a] - row[c] + all);
    }
  }
  return b;
}

// The leading eigenvector of b (n x n) by power iteration from a fixed
// start (200 steps at most, fewer once it has settled), orthogonal to
// `first` when given; *lambda is its eigenvalue.
std::vector<double> LeadingAxis(const std::vector<double>& b, int n, int axis,
                                const std::vector<double>* first,
                                double* lambda) {
  std::vector<double> v(n), next(n);
  for (int k = 0; k < n; ++k) v[k] = 1.0 + ((k * 7 + axis * 3) % 11) * 0.1;
  *lambda = 0;
  for (int it = 0; it < 200; ++it) {
    if (first) {
      double dot = 0;
      for (int k = 0; k < n; ++k) dot += v[k] * (*first)[k];
      for (int k = 0; k < n; ++k) v[k] -= dot * (*first)[k];
    }
    for (int a = 0; a < n; ++a) {
      double s = 0;
      for (int c = 0; c < n; ++c) s += b[a * n + c] * v[c];
      next[a] = s;
    }
    double norm = 0;
    for (double x : next) norm += x * x;
    norm = std::sqrt(norm);
    if (norm < 1e-12) break;
    *lambda = norm;
    double change = 0;
    for (int k = 0; k < n; ++k) {
      const double unit = next[k] / norm;
      change = std::max(change, std::abs(unit - v[k]));
      v[k] = unit;
    }
    if (change < 1e-9) break;  // settled: the stress sweeps take it on
  }
  return v;
}

// Classical MDS: the two leading eigenvectors of the double-centred matrix,
// scaled, with a tiny fixed jitter so that no two start at one point.
void ClassicalMds(const std::vector<double>& d, int n, std::vector<double>* x,
                  std::vector<double>* y) {
  const std::vector<double> b = DoubleCentred(d, n);
  std::vector<double> axes[2];
  for (int axis = 0; axis < 2; ++axis) {
    double lambda = 0;
    axes[axis] =
        LeadingAxis(b, n, axis, axis == 1 ? &axes[0] : nullptr, &lambda);
    const double scale = std::sqrt(std::max(lambda, 1e-9));
    std::vector<double>& out = axis == 0 ? *x : *y;
    out.resize(n);
    for (int k = 0; k < n; ++k) {
      out[k] = axes[axis][k] * scale + 1e-3 * ((k * 13) % 7);
    }
  }
}

// Stress majorization (Gansner, Koren, North 2004): each region moves to
// the weighted mean of where its distances to the others put it. The
// weights 1 / d^2 (and d / d^2) are computed once; the sweeps stop early
// once no region moves by more than 1e-3 of a link (a link is drawn about
// 100 pixels long) in one.
void MajorizeStress(const std::vector<double>& d, int n,
                    std::vector<double>* xs, std::vector<double>* ys) {
  std::vector<double>& x = *xs;
  std::vector<double>& y = *ys;
  std::vector<double> w(d.size(), 0), wd(d.size(), 0), sum_w(n, 0);
  for (int a = 0; a < n; ++a) {
    for (int c = 0; c < n; ++c) {
      if (c == a) continue;
      const double dac = d[a * n + c];
      w[a * n + c] = 1 / (dac * dac);
      wd[a * n + c] = w[a * n + c] * dac;
      sum_w[a] += w[a * n + c];
    }
  }
  constexpr double kSettled = 1e-3;
  for (int it = 0; it < 400; ++it) {
    double moved = 0;
    for (int a = 0; a < n; ++a) {
      const double* wa = &w[a * n];
      const double* wda = &wd[a * n];
      double sx = 0, sy = 0;
      for (int c = 0; c < n; ++c) {
        if (c == a) continue;
        const double dx = x[a] - x[c], dy = y[a] - y[c];
        const double dist = std::sqrt(dx * dx + dy * dy);
        sx += wa[c] * x[c];
        sy += wa[c] * y[c];
        if (dist > 1e-9) {
          const double pull = wda[c] / dist;
          sx += pull * dx;
          sy += pull * dy;
        }
      }
      const double nx = sx / sum_w[a], ny = sy / sum_w[a];
      moved = std::max(moved, std::abs(nx - x[a]) + std::abs(ny - y[a]));
      x[a] = nx;
      y[a] = ny;
    }
    if (moved < kSettled) break;
  }
}

// Turns the points about their mean so that their longer axis (the
// principal one) lies across the screen.
void LongerAxisAcross(std::vector<double>* xs, std::vector<double>* ys) {
  std::vector<double>& x = *xs;
  std::vector<double>& y = *ys;
  const int n = static_cast<int>(x.size());
  double mx = 0, my = 0;
  for (int k = 0; k < n; ++k) {
    mx += x[k] / n;
    my += y[k] / n;
  }
  double sxx = 0, syy = 0, sxy = 0;
  for (int k = 0; k < n; ++k) {
    sxx += (x[k] - mx) * (x[k] - mx);
    syy += (y[k] - my) * (y[k] - my);
    sxy += (x[k] - mx) * (y[k] - my);
  }
  const double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);
  const double cs = std::cos(-angle), sn = std::sin(-angle);
  for (int k = 0; k < n; ++k) {
    const double dx = x[k] - mx, dy = y[k] - my;
    x[k] = dx * cs - dy * sn;
    y[k] = dx * sn + dy * cs;
  }
}

// Stress majorization on path lengths where a link inside a super region is
// shorter than one between super regions, from a classical-MDS start.
// Deterministic: fixed start vectors and orders.
void StressLayout(const Map& map, std::vector<double>* x,
                  std::vector<double>* y) {
  const int n = static_cast<int>(map.RegionIds().size());
  const std::vector<double> d = PathLengths(map);
  ClassicalMds(d, n, x, y);
  MajorizeStress(d, n, x, y);
  LongerAxisAcross(x, y);
}

double Median(std::vector<double> v) {
  if (v.empty()) return 1;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Halves of the finite values of one axis (halved so that no difference
// overflows): their median, the spread of their middle 80% and the spread
// of them all.
struct AxisSpread {
  double centre = 0, middle = 0, all = 0;
};
AxisSpread HalvedSpread(const std::vector<double>& v) {
  std::vector<double> s;
  for (double x : v) {
    if (std::isfinite(x)) s.push_back(x / 2);
  }
  if (s.empty()) return {};
  std::sort(s.begin(), s.end());
  const size_t cut = std::min((s.size() + 9) / 10, (s.size() - 1) / 2);
  return {s[s.size() / 2], s[s.size() - 1 - cut] - s[cut],
          s.back() - s.front()};
}

// Given positions may be any numbers: a wild one (1e308) must neither
// overflow the distances computed from them nor squeeze the others into a
// dot. Both axes are centred on their medians and divided by the larger
// spread of their middle 80%; what lies beyond 5 such spreads is clamped
// there; a non-finite coordinate is ignored (the median is used).
void NormalisePositions(std::vector<double>* x, std::vector<double>* y) {
  const AxisSpread sx = HalvedSpread(*x), sy = HalvedSpread(*y);
  double spread = std::max(sx.middle, sy.middle);
  if (!(spread > 0)) spread = std::max(sx.all, sy.all);
  if (!(spread > 0)) spread = 1;
  constexpr double kMost = 5;
  auto normalise = [&](double v, double centre) {
    if (!std::isfinite(v)) return 0.0;
    return std::clamp((v / 2 - centre) / spread, -kMost, kMost);
  };
  for (double& v : *x) v = normalise(v, sx.centre);
  for (double& v : *y) v = normalise(v, sy.centre);
}

// The given positions, normalised, or the stress layout.
void StartPositions(const Map& map, const std::optional<Points>& positions,
                    std::vector<double>* x, std::vector<double>* y) {
  const std::vector<int>& ids = map.RegionIds();
  const int n = static_cast<int>(ids.size());
  x->assign(n, 0);
  y->assign(n, 0);
  if (!positions) {
    StressLayout(map, x, y);
    return;
  }
  for (int k = 0; k < n; ++k) {
    const auto& p = ids[k] < static_cast<int>(positions->size())
                        ? (*positions)[ids[k]]
                        : std::pair<double, double>{0, 0};
    (*x)[k] = p.first;
    (*y)[k] = p.second;
  }
  NormalisePositions(x, y);
}

// Scales so that the median distance to the nearest region is `unit`.
void ScaleToUnit(double unit, std::vector<double>* x, std::vector<double>* y) {
  const int n = static_cast<int>(x->size());
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  std::vector<double> square(n);
  for (int a = 0; a < n; ++a) {
    // hypot (exact, slow) only for those within rounding of the nearest
    // by squared distance (fast).
    double least = std::numeric_limits<double>::infinity();
    for (int c = 0; c < n; ++c) {
      const double dx = (*x)[a] - (*x)[c], dy = (*y)[a] - (*y)[c];
      square[c] = dx * dx + dy * dy;
      if (c != a) least = std::min(least, square[c]);
    }
    for (int c = 0; c < n; ++c) {
      if (c != a && !(square[c] > least * (1 + 1e-9))) {
        nearest[a] = std::min(nearest[a],
                              std::hypot((*x)[a] - (*x)[c], (*y)[a] - (*y)[c]));
      }
    }
  }
  double median = n > 1 ? Median(nearest) : 1;
  if (!(median > 1e-12) || !std::isfinite(median)) median = 1;
  for (int k = 0; k < n; ++k) {
    (*x)[k] *= unit / median;
    (*y)[k] *= unit / median;
  }
}

// Pushes apart regions closer than min_gap (given positions may be close).
void PushApart(double min_gap, std::vector<double>* xs,
               std::vector<double>* ys) {
  std::vector<double>& x = *xs;
  std::vector<double>& y = *ys;
  const int n = static_cast<int>(x.size());
  // Pairs surely min_gap apart by their squared distance skip the root.
  const double far = min_gap * min_gap * (1 + 1e-9);
  for (int it = 0; it < 200; ++it) {
    bool moved = false;
    for (int a = 0; a < n; ++a) {
      for (int c = a + 1; c < n; ++c) {
        double dx = x[c] - x[a], dy = y[c] - y[a];
        if (dx * dx + dy * dy > far) continue;
        double dist = std::sqrt(dx * dx + dy * dy);
        if (dist >= min_gap) continue;
        if (dist < 1e-9) {
          dx = 1 + (a % 3);
          dy = 1 + (c % 5);
          dist = std::sqrt(dx * dx + dy * dy);
        }
        const double push = (min_gap - dist) / 2 + 0.01;
        x[a] -= dx / dist * push;
        y[a] -= dy / dist * push;
        x[c] += dx / dist * push;
        y[c] += dy / dist * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
}

// The box around the points with a margin; centres rounded to 0.1.
void FitInBox(const std::vector<int>& ids, const std::vector<double>& x,
              const std::vector<double>& y, MapLayout* layout) {
  const int n = static_cast<int>(ids.size());
  const auto [min_x, max_x] = std::minmax_element(x.begin(), x.end());
  const auto [min_y, max_y] = std::minmax_element(y.begin(), y.end());
  const double margin = 2.3 * layout->radius;
  layout->width = std::round(*max_x - *min_x + 2 * margin);
  layout->height = std::round(*max_y - *min_y + 2 * margin);
  layout->centers.assign(ids.back() + 1, {0.0, 0.0});
  for (int k = 0; k < n; ++k) {
    layout->centers[ids[k]] = {std::round((x[k] - *min_x + margin) * 10) / 10,
                               std::round((y[k] - *min_y + margin) * 10) / 10};
  }
}

}  // namespace

MapLayout LayoutMap(const Map& map, const std::optional<Points>& positions) {
  std::vector<double> x, y;
  StartPositions(map, positions, &x, &y);
  constexpr double kUnit = 100;
  ScaleToUnit(kUnit, &x, &y);
  MapLayout layout;
  layout.radius = 0.3 * kUnit;
  PushApart(2.4 * layout.radius, &x, &y);
  FitInBox(map.RegionIds(), x, y, &layout);
  return layout;
}

}  // namespace wl::tools
