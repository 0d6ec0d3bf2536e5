#include "wl/commands/map_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"

namespace wl::tools {
namespace {

using Point = std::pair<double, double>;

// A coordinate with one decimal at most ("12", "12.5").
std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0)
    s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

// "Mx yLx y": the segment from a to b, for a <path>.
std::string Segment(const Point& a, const Point& b) {
  return absl::StrCat("M", Num(a.first), " ", Num(a.second), "L", Num(b.first),
                      " ", Num(b.second));
}

// Super-region tints: neighbouring super regions get different ones.
constexpr const char* kTints[] = {"#e6c27a", "#9ccf8f", "#8fc1d9", "#d6a2c9",
                                  "#c9c27a", "#e8a17f", "#a7b4e0", "#8fd1bd",
                                  "#d9b38c", "#b7d37f"};

std::vector<int> TintOfSuper(const Map& map) {
  const auto& supers = map.SuperRegions();
  std::vector<int> tint(supers.size(), -1);
  for (size_t s = 0; s < supers.size(); ++s) {
    bool used[std::size(kTints)] = {};
    for (size_t t = 0; t < s; ++t) {
      bool adjacent = false;
      for (int r : supers[s].regions) {
        for (int nb : map.Neighbors(r)) {
          if (map.SuperRegionOf(nb) == supers[t].id) adjacent = true;
        }
      }
      if (adjacent) used[tint[t]] = true;
    }
    int pick = static_cast<int>(s % std::size(kTints));
    for (size_t c = 0; c < std::size(kTints); ++c) {
      if (!used[c]) {
        pick = static_cast<int>(c);
        break;
      }
    }
    tint[s] = pick;
  }
  return tint;
}

// The length of (dx, dy): page coordinates never overflow a square, so no
// std::hypot (several times slower; label placement calls this most).
double Distance(double dx, double dy) { return std::sqrt(dx * dx + dy * dy); }

double SegmentDistance(double px, double py, double ax, double ay, double bx,
                       double by) {
  const double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  return Distance(px - (ax + t * dx), py - (ay + t * dy));
}

// Where each region's id label goes, relative to its centre: into the
// widest gap between its links.
std::vector<Point> IdLabelOffsets(const Map& map, const MapLayout& layout) {
  const auto& c = layout.centers;
  std::vector<Point> offsets(c.size(), {0.0, 0.0});
  for (int a : map.RegionIds()) {
    std::vector<double> angles;
    for (int b : map.Neighbors(a)) {
      angles.push_back(
          std::atan2(c[b].second - c[a].second, c[b].first - c[a].first));
    }
    std::sort(angles.begin(), angles.end());
    double angle = M_PI / 4, widest = -1;
    for (size_t k = 0; k < angles.size(); ++k) {
      const double from = angles[k];
      const double to =
          k + 1 < angles.size() ? angles[k + 1] : angles[0] + 2 * M_PI;
      if (to - from > widest) {
        widest = to - from;
        angle = (from + to) / 2;
      }
    }
    offsets[a] = {1.45 * layout.radius * std::cos(angle),
                  1.45 * layout.radius * std::sin(angle)};
  }
  return offsets;
}

// Everything the drawing needs, computed once.
struct Board {
  const Map& map;
  const MapLayout& layout;
  std::vector<int> tint;     // by index in map.SuperRegions()
  std::vector<Point> label;  // id label offsets, by region id
};

// Super regions: the union of discs around the members and thick strokes
// along their inner links, tinted, under everything.
std::string SuperRegionsSvg(const Board& board) {
  const Map& map = board.map;
  const auto& c = board.layout.centers;
  const double r = board.layout.radius;
  const auto& supers = map.SuperRegions();
  std::string svg = "<g id=\"supers\">\n";
  for (size_t s = 0; s < supers.size(); ++s) {
    std::string links;
    for (int a : supers[s].regions) {
      for (int b : map.Neighbors(a)) {
        if (b > a && map.SuperRegionOf(b) == supers[s].id) {
          absl::StrAppend(&links, Segment(c[a], c[b]));
        }
      }
    }
    const char* tint = kTints[board.tint[s]];
    absl::StrAppend(&svg, "<g class=\"sr\" data-sr=\"", supers[s].id,
                    "\" fill=\"", tint, "\" stroke=\"", tint, "\">");
    if (!links.empty()) {
      absl::StrAppend(&svg, "<path d=\"", links, "\" stroke-width=\"",
                      Num(3.2 * r), "\" stroke-linecap=\"round\"/>");
    }
    for (int a : supers[s].regions) {
      absl::StrAppend(&svg, "<circle cx=\"", Num(c[a].first), "\" cy=\"",
                      Num(c[a].second), "\" r=\"", Num(1.75 * r), "\"/>");
    }
    absl::StrAppend(&svg, "</g>\n");
  }
  return svg + "</g>\n";
}

// Links between regions.
std::string LinksSvg(const Board& board) {
  const auto& c = board.layout.centers;
  std::string links;
  for (int a : board.map.RegionIds()) {
    for (int b : board.map.Neighbors(a)) {
      if (b > a) absl::StrAppend(&links, Segment(c[a], c[b]));
    }
  }
  return absl::StrCat("<path id=\"links\" d=\"", links, "\"/>\n");
}

// How far p is from every region, id label and link (negative inside).
double Clearance(const Board& board, double px, double py) {
  const auto& c = board.layout.centers;
  const auto& label = board.label;
  const double r = board.layout.radius;
  double clearance = 1e18;
  for (int a : board.map.RegionIds()) {
    clearance =
        std::min(clearance, Distance(px - c[a].first, py - c[a].second) - r);
    clearance =
        std::min(clearance, Distance(px - c[a].first - label[a].first,
                                     py - c[a].second - label[a].second) -
                                0.6 * r);
    for (int b : board.map.Neighbors(a)) {
      if (b > a) {
        clearance =
            std::min(clearance, SegmentDistance(px, py, c[a].first, c[a].second,
                                                c[b].first, c[b].second) +
                                    0.35 * r);
      }
    }
  }
  return clearance;
}

// Where super region s's bonus badge goes: of its centre, the middles of
// its inner links and points around its members, the one that clears
// regions, labels and links most, near the centre.
Point BonusPlace(const Board& board, size_t s) {
  const Map& map = board.map;
  const auto& c = board.layout.centers;
  const double r = board.layout.radius;
  const Map::SuperRegion& super = map.SuperRegions()[s];
  double cx = 0, cy = 0;
  for (int a : super.regions) {
    cx += c[a].first / super.regions.size();
    cy += c[a].second / super.regions.size();
  }
  std::vector<Point> candidates = {{cx, cy}};
  for (int a : super.regions) {
    for (int b : map.Neighbors(a)) {
      if (map.SuperRegionOf(b) == super.id) {
        candidates.push_back(
            {(c[a].first + c[b].first) / 2, (c[a].second + c[b].second) / 2});
      }
    }
    for (int k = 0; k < 8; ++k) {
      const double angle = k * M_PI / 4 + M_PI / 8;
      candidates.push_back({c[a].first + 1.75 * r * std::cos(angle),
                            c[a].second + 1.75 * r * std::sin(angle)});
    }
  }
  double best = -1e18;
  Point place = {cx, cy};
  for (auto [px, py] : candidates) {
    const double score = std::min(Clearance(board, px, py), 1.2 * r) -
                         0.05 * Distance(px - cx, py - cy);
    if (score > best) {
      best = score;
      place = {px, py};
    }
  }
  return place;
}

// Bonus badges, placed where they clear regions, labels and links most.
std::string BonusesSvg(const Board& board) {
  const double r = board.layout.radius;
  const auto& supers = board.map.SuperRegions();
  std::string svg = "<g id=\"bonuses\">\n";
  for (size_t s = 0; s < supers.size(); ++s) {
    const auto [bx, by] = BonusPlace(board, s);
    absl::StrAppend(&svg, "<g class=\"bonus\" transform=\"translate(", Num(bx),
                    " ", Num(by), ")\"><title>super region ", supers[s].id,
                    ": bonus ", supers[s].bonus, "</title><rect x=\"",
                    Num(-0.62 * r), "\" y=\"", Num(-0.42 * r), "\" width=\"",
                    Num(1.24 * r), "\" height=\"", Num(0.84 * r), "\" rx=\"",
                    Num(0.2 * r), "\" stroke=\"", kTints[board.tint[s]],
                    "\"/><text dy=\"0.35em\">+", supers[s].bonus,
                    "</text></g>\n");
  }
  return svg + "</g>\n";
}

// The regions: a circle (ringed if a wasteland), the armies and the id.
std::string RegionsSvg(const Board& board, const std::vector<int>& wastelands) {
  const auto& c = board.layout.centers;
  const auto& label = board.label;
  const double r = board.layout.radius;
  std::string svg = "<g id=\"regions\">\n";
  for (int a : board.map.RegionIds()) {
    const bool waste =
        std::find(wastelands.begin(), wastelands.end(), a) != wastelands.end();
    absl::StrAppend(
        &svg, "<g class=\"rg\" id=\"r", a, "\" data-id=\"", a,
        "\" data-owner=\"neutral\" data-armies=\"\" transform=\"translate(",
        Num(c[a].first), " ", Num(c[a].second), ")\"><title>region ", a,
        ", super region ", board.map.SuperRegionOf(a),
        waste ? ", wasteland" : "", "</title>");
    if (waste) {
      absl::StrAppend(&svg, "<circle class=\"waste\" r=\"", Num(1.22 * r),
                      "\"/>");
    }
    absl::StrAppend(
        &svg, "<circle class=\"body\" r=\"", Num(r),
        "\"/><text class=\"a\" dy=\"0.36em\"></text><text class=\"id\" x=\"",
        Num(label[a].first), "\" y=\"", Num(label[a].second),
        "\" dy=\"0.35em\">", a, "</text></g>\n");
  }
  return svg + "</g>\n";
}

}  // namespace

std::string MapSvg(const Map& map, const MapLayout& layout,
                   const std::vector<int>& wastelands) {
  const Board board{map, layout, TintOfSuper(map), IdLabelOffsets(map, layout)};
  const double r = layout.radius;
  return absl::StrCat(
      "<svg id=\"map\" viewBox=\"0 0 ", Num(layout.width), " ",
      Num(layout.height), "\" preserveAspectRatio=\"xMidYMid meet\" data-r=\"",
      Num(r),
      "\">\n<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"8\" "
      "refY=\"5\" markerWidth=\"3.2\" markerHeight=\"3.2\" "
      "orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" "
      "fill=\"context-stroke\"/></marker></defs>\n",
      SuperRegionsSvg(board), LinksSvg(board), BonusesSvg(board),
      RegionsSvg(board, wastelands),
      "<g id=\"overlay\"><circle id=\"spot\" r=\"", Num(1.45 * r),
      "\" cx=\"-999\" cy=\"-999\"/><line id=\"arrow\" x1=\"-999\" "
      "y1=\"-999\" x2=\"-999\" y2=\"-999\" marker-end=\"url(#head)\"/><text "
      "id=\"tag\" x=\"-999\" y=\"-999\"></text></g>\n</svg>\n");
}

}  // namespace wl::tools
