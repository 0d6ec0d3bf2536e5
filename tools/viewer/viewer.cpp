#include "viewer/viewer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string_view>
#include <unordered_map>

#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "common/files.h"
#include "common/terminal.h"
#include "wl/dump_reader.h"
#include "wl/map_json.h"
#include "wl/verify.h"
#include "rules.h"
#include "viewer/page_assets.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// ---------------------------------------------------------------------------
// replay.txt (spec section 11, conformance notes section 5)

// Owner codes of the page; a region's packed value is armies * 4 + code.
enum OwnerCode : uint8_t {
  kNeutral = 0,
  kOwner1 = 1,
  kOwner2 = 2,
  kUnknown = 3
};

struct Cell {
  uint8_t owner = kNeutral;
  int32_t armies = 0;
  bool operator==(const Cell& o) const {
    return owner == o.owner && armies == o.armies;
  }
  bool operator!=(const Cell& o) const { return !(*this == o); }
  int64_t Packed() const { return int64_t{armies} * 4 + owner; }
};
using Snapshot = std::vector<Cell>;  // by region id; index 0 unused

// One state of a history: the start of the game or of a round (no event),
// or the state after one event line. Steps share the snapshots of the map
// lines, so memory grows with the replay's size, not with steps x regions.
struct Step {
  int round = 0;
  std::string event;
  int map = 0;  // index into History::maps
};

struct History {
  std::vector<Step> steps;
  std::vector<Snapshot> maps;    // one per map line
  std::vector<int> round_start;  // index of each round's first step
  std::string end;               // "player1 won" ...
  const Snapshot& MapAt(size_t step) const { return maps[steps[step].map]; }
};

// What a replay may hold. The official engine writes at most 204 events a
// round (51 moves per phase and player) and plays max(60, 2.5 x regions)
// rounds; more is refused, so a hostile replay cannot make the page slow.
constexpr int kMaxEventsPerRound = 1000;

// The most armies a region may show: the page packs armies * 4 + owner into
// 31 bits. No game on a valid map comes near it (see kMaxBonus in map.h).
constexpr int64_t kMaxArmies = std::numeric_limits<int32_t>::max() / 4;
static_assert(kMaxGameArmies <= kMaxArmies);

struct ParsedReplay {
  std::vector<int> candidates;
  History views[3];  // full, player1's, player2's
};

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool ParseInt(std::string_view s, int64_t* out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size();
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

std::vector<std::string_view> SplitSpaces(std::string_view s) {
  std::vector<std::string_view> tokens;
  while (!s.empty()) {
    size_t start = s.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    s.remove_prefix(start);
    size_t end = s.find(' ');
    tokens.push_back(s.substr(0, end));
    s.remove_prefix(end == std::string_view::npos ? s.size() : end);
  }
  return tokens;
}

std::string Quoted(std::string_view line) {
  constexpr size_t kMax = 60;
  if (line.size() <= kMax) return absl::StrCat("\"", std::string(line), "\"");
  return absl::StrCat("\"", std::string(line.substr(0, kMax)), "...\"");
}

// "map 1;player1;3 2;unknown;0 ..." -> every region of the map, once.
std::string ParseMapLine(std::string_view line, const Map& map, int slots,
                         Snapshot* out) {
  out->assign(slots, Cell());
  std::vector<bool> seen(slots, false);
  for (std::string_view token : SplitSpaces(line.substr(3))) {
    size_t a = token.find(';'), b = token.rfind(';');
    int64_t id = 0, armies = 0;
    if (a == std::string_view::npos || a == b ||
        !ParseInt(token.substr(0, a), &id) ||
        !ParseInt(token.substr(b + 1), &armies) || armies < 0) {
      return absl::StrCat("bad region entry ", Quoted(token));
    }
    if (armies > kMaxArmies) {
      return absl::StrCat("region entry ", Quoted(token), " holds more than ",
                          kMaxArmies, " armies, the most a game can reach");
    }
    if (id < 1 || id >= slots || !map.HasRegion(static_cast<int>(id))) {
      return absl::StrCat("region ", id, " is not on the map");
    }
    if (seen[id]) return absl::StrCat("region ", id, " is listed twice");
    seen[id] = true;
    std::string_view owner = token.substr(a + 1, b - a - 1);
    Cell& cell = (*out)[id];
    cell.armies = static_cast<int32_t>(armies);
    if (owner == "neutral") {
      cell.owner = kNeutral;
    } else if (owner == "player1") {
      cell.owner = kOwner1;
    } else if (owner == "player2") {
      cell.owner = kOwner2;
    } else if (owner == "unknown") {
      cell.owner = kUnknown;
    } else {
      return absl::StrCat("unknown owner \"", std::string(owner), "\"");
    }
  }
  for (int id : map.RegionIds()) {
    if (!seen[id]) return absl::StrCat("region ", id, " is missing");
  }
  return "";
}

absl::Status LineError(size_t line, const std::string& why) {
  return absl::InvalidArgumentError(
      absl::StrCat("replay.txt line ", line + 1, ": ", why));
}

constexpr const char* kHistoryNames[3] = {
    "the full history", "player1's history", "player2's history"};

// The line "round n" at lines[i]: round *round + 1 starts, with a step of
// its own (round 0's start is the game's first step).
absl::Status StartRound(std::string_view line, size_t i, int max_rounds,
                        int* round, History* history) {
  int64_t n = -1;
  if (!ParseInt(line.substr(6), &n) || n != *round + 1) {
    return LineError(i, absl::StrCat("expected \"round ", *round + 1,
                                     "\", not ", Quoted(line)));
  }
  if (n > max_rounds) {
    return LineError(i, absl::StrCat("round ", n,
                                     " is past the last round played on "
                                     "this map (",
                                     max_rounds, ")"));
  }
  *round = static_cast<int>(n);
  if (*round > 0) {
    history->steps.push_back(
        {*round, "", static_cast<int>(history->maps.size()) - 1});
    history->round_start.push_back(static_cast<int>(history->steps.size()) - 1);
  }
  return absl::OkStatus();
}

// History h must start at lines[i] with a map line.
absl::Status CheckHistoryStart(const std::vector<std::string_view>& lines,
                               int h, size_t i) {
  if (i >= lines.size()) {
    return LineError(
        lines.size() - 1,
        absl::StrCat(kHistoryNames[h], " is missing (a replay holds three)"));
  }
  if (!StartsWith(lines[i], "map")) {
    return LineError(
        i, absl::StrCat(kHistoryNames[h], " must start with a map line, not ",
                        Quoted(lines[i])));
  }
  return absl::OkStatus();
}

// Reads one history from lines[*i] on, up to and including its end line.
absl::Status ParseHistory(const std::vector<std::string_view>& lines,
                          const Map& map, int h, size_t* i, History* history) {
  const int slots = map.RegionIds().back() + 1;
  const int max_rounds = Game(map).MaxRounds();
  int round = -1, events = 0;
  std::optional<std::string> pending;  // an event waiting for its map
  auto flush = [&]() {
    if (!pending) return;
    const int current = static_cast<int>(history->maps.size()) - 1;
    history->steps.push_back({round, *std::move(pending), current});
    pending.reset();
  };
  if (absl::Status s = CheckHistoryStart(lines, h, *i); !s.ok()) return s;
  for (; *i < lines.size(); ++*i) {
    const std::string_view line = lines[*i];
    if (line == "map" || StartsWith(line, "map ")) {
      Snapshot snap;
      if (std::string err = ParseMapLine(line, map, slots, &snap);
          !err.empty()) {
        return LineError(*i, err);
      }
      history->maps.push_back(std::move(snap));
      if (history->steps.empty()) {
        history->steps.push_back({0, "", 0});
        history->round_start.push_back(0);
      }
      flush();  // otherwise the map after the draft: it starts round 1
    } else if (StartsWith(line, "round ")) {
      flush();
      if (absl::Status s = StartRound(line, *i, max_rounds, &round, history);
          !s.ok()) {
        return s;
      }
      events = 0;
    } else if (line == "player1 won" || line == "player2 won" ||
               line == "Nobody won") {
      flush();
      history->end = std::string(line);
      ++*i;
      return absl::OkStatus();
    } else if (StartsWith(line, "player1 ") || StartsWith(line, "player2 ")) {
      if (round < 0) return LineError(*i, "a move before \"round 0\"");
      if (++events > kMaxEventsPerRound) {
        return LineError(*i, absl::StrCat("round ", round, " holds more than ",
                                          kMaxEventsPerRound, " moves"));
      }
      flush();
      pending = std::string(line);
    } else {
      return LineError(*i, "unexpected line " + Quoted(line));
    }
  }
  return LineError(lines.size() - 1,
                   absl::StrCat(kHistoryNames[h],
                                " does not end with \"player1 won\", \"player2 "
                                "won\" or \"Nobody won\""));
}

absl::StatusOr<ParsedReplay> ParseReplay(std::string_view text,
                                         const Map& map) {
  std::vector<std::string_view> lines = SplitLines(text);
  if (lines.empty()) return absl::InvalidArgumentError("replay.txt is empty");
  ParsedReplay out;
  size_t i = 0;
  if (!StartsWith(lines[0], "map")) {  // the draft candidates
    for (std::string_view token : SplitSpaces(lines[0])) {
      int64_t id = 0;
      if (!ParseInt(token, &id) || id < 1 || id > kMaxRegionId ||
          !map.HasRegion(static_cast<int>(id))) {
        return LineError(0,
                         "expected the draft candidates or a map line, not " +
                             Quoted(lines[0]));
      }
      out.candidates.push_back(static_cast<int>(id));
    }
    ++i;
  }
  for (int h = 0; h < 3; ++h) {
    if (absl::Status s = ParseHistory(lines, map, h, &i, &out.views[h]);
        !s.ok()) {
      return s;
    }
  }
  if (i < lines.size()) {
    return LineError(
        i, "unexpected text after the third history: " + Quoted(lines[i]));
  }
  const size_t rounds = out.views[0].round_start.size();
  for (int h = 1; h < 3; ++h) {
    const size_t own = out.views[h].round_start.size();
    if (own != rounds || out.views[h].end != out.views[0].end) {
      return absl::InvalidArgumentError(absl::StrCat(
          "replay.txt: ", kHistoryNames[h], " (", own - 1, " rounds, \"",
          out.views[h].end, "\") does not match the full history (", rounds - 1,
          " rounds, \"", out.views[0].end, "\")"));
    }
  }
  return out;
}

// True when every region `view` shows agrees with `full`.
bool Agrees(const Snapshot& full, const Snapshot& view) {
  for (size_t id = 1; id < view.size(); ++id) {
    if (view[id].owner != kUnknown && view[id] != full[id]) return false;
  }
  return true;
}

// For each step of a player's history, the step of the full history it
// shows: the first later step of the round with the same event line whose
// map agrees on what the player sees, else the first with the same event
// line (the views hold a subsequence of the full history's events, spec
// section 11). Looked up by event line, and at most kTries maps compared
// per step, so a long or hostile replay costs linear time.
std::vector<int> AlignToFull(const History& full, const History& view) {
  constexpr int kTries = 16;
  std::unordered_map<std::string_view, std::vector<int>> where;
  for (size_t k = 0; k < full.steps.size(); ++k) {
    if (!full.steps[k].event.empty()) {
      where[full.steps[k].event].push_back(static_cast<int>(k));
    }
  }
  std::vector<int> f(view.steps.size(), 0);
  int j = 0;
  const int rounds = static_cast<int>(full.round_start.size());
  for (size_t i = 1; i < view.steps.size(); ++i) {
    const Step& s = view.steps[i];
    if (s.event.empty()) {
      if (s.round < rounds) j = full.round_start[s.round];
      f[i] = j;
      continue;
    }
    const int end = s.round + 1 < rounds ? full.round_start[s.round + 1]
                                         : static_cast<int>(full.steps.size());
    auto same = where.find(s.event);
    if (same != where.end()) {
      const std::vector<int>& at = same->second;
      auto first = std::upper_bound(at.begin(), at.end(), j);
      if (first != at.end() && *first < end) {
        int found = *first;
        int tries = 0;
        for (auto k = first; k != at.end() && *k < end && tries < kTries;
             ++k, ++tries) {
          if (Agrees(full.maps[full.steps[*k].map], view.maps[s.map])) {
            found = *k;
            break;
          }
        }
        j = found;
      }
    }
    f[i] = j;
  }
  return f;
}

// An event line as the page stores it: [p,0,R,A] placement, [p,1,F,T,A]
// attack/transfer, [p,2,"reason"] illegal move, [p,3,"text"] anything else.
// The page rebuilds the exact line from it.
json::array EncodeEvent(const std::string& line) {
  const int64_t player = line[6] - '0';
  std::string_view rest = std::string_view(line).substr(8);
  std::vector<std::string_view> tokens = SplitSpaces(rest);
  auto numbers = [&](int kind, size_t count, const char* name) {
    json::array out{player, kind};
    if (tokens.size() != count + 1 || tokens[0] != name) return json::array();
    std::string canonical = name;
    for (size_t k = 1; k < tokens.size(); ++k) {
      int64_t v = 0;
      if (!ParseInt(tokens[k], &v)) return json::array();
      out.push_back(v);
      absl::StrAppend(&canonical, " ", v);
    }
    return canonical == rest ? out : json::array();
  };
  if (json::array a = numbers(0, 2, "place_armies"); !a.empty()) return a;
  if (json::array a = numbers(1, 3, "attack/transfer"); !a.empty()) return a;
  constexpr std::string_view kIllegal = "illegal_move ";
  if (StartsWith(rest, kIllegal)) {
    return json::array{player, 2, std::string(rest.substr(kIllegal.size()))};
  }
  return json::array{player, 3, std::string(rest)};
}

// Per step, the regions that changed: [id, packed, id, packed, ...]; the
// first step lists every region.
json::array EncodeDeltas(const History& history, const Map& map) {
  json::array steps;
  steps.reserve(history.steps.size());
  const Snapshot* previous = nullptr;
  int previous_index = -1;
  for (const Step& s : history.steps) {
    json::array delta;
    const Snapshot& now = history.maps[s.map];
    for (int id : map.RegionIds()) {
      if (s.map == previous_index) break;  // the same map line: no change
      if (previous && (*previous)[id] == now[id]) continue;
      delta.push_back(id);
      delta.push_back(now[id].Packed());
    }
    steps.push_back(std::move(delta));
    previous = &now;
    previous_index = s.map;
  }
  return steps;
}

// Regions, armies and income per player after each round (0: the draft).
json::object RoundStats(const History& full, const Map& map) {
  Game game(map);
  json::array regions[2], armies[2], income[2];
  const int rounds = static_cast<int>(full.round_start.size());
  for (int r = 0; r < rounds; ++r) {
    const Snapshot& snap = r + 1 < rounds ? full.MapAt(full.round_start[r + 1])
                                          : full.MapAt(full.steps.size() - 1);
    State state;
    int count[2] = {0, 0};
    int64_t total[2] = {0, 0};
    for (int id : map.RegionIds()) {
      const Cell& c = snap[id];
      if (c.owner == kOwner1 || c.owner == kOwner2) {
        const int p = c.owner - 1;
        state.SetOwner(id, p == 0 ? Player::kPlayer1 : Player::kPlayer2);
        ++count[p];
        total[p] += c.armies;
      }
      state.armies[id] = c.armies;
    }
    for (int p = 0; p < 2; ++p) {
      regions[p].push_back(count[p]);
      armies[p].push_back(total[p]);
      income[p].push_back(
          game.Income(state, p == 0 ? Player::kPlayer1 : Player::kPlayer2));
    }
  }
  auto pair = [](json::array* a) { return json::array{a[0], a[1]}; };
  return json::object{{"regions", pair(regions)},
                      {"armies", pair(armies)},
                      {"income", pair(income)}};
}

// What each bot's dump logged per round (parse errors, time-outs, ...):
// logs[round] = [[player, kind, phase, text], ...]; kind 0 a parse error,
// 1 another engine message; phase 0 pick, 1 placement, 2 attack/transfer.
json::array DumpLogs(const std::string dumps[2], int rounds) {
  std::vector<json::array> logs(std::max(rounds, 1));
  for (int p = 0; p < 2; ++p) {
    int round = 0, phase = 0;
    for (const DumpEntry& e : ReadDump(dumps[p])) {
      if (e.kind == DumpEntry::kRound) {
        round = std::clamp(e.number, 0, static_cast<int>(logs.size()) - 1);
      } else if (e.kind == DumpEntry::kSent) {
        if (StartsWith(e.text, "pick_starting_region")) phase = 0;
        if (StartsWith(e.text, "go place_armies")) phase = 1;
        if (StartsWith(e.text, "go attack/transfer")) phase = 2;
      } else if (e.kind == DumpEntry::kLog || e.kind == DumpEntry::kTimeout) {
        if (e.text.empty()) continue;
        const bool parse = StartsWith(e.text, "Parse error:") ||
                           e.text == "Move input is null";
        logs[round].push_back(json::array{p + 1, parse ? 0 : 1, phase, e.text});
      }
    }
  }
  json::array out;
  for (json::array& a : logs) out.push_back(std::move(a));
  return out;
}

// ---------------------------------------------------------------------------
// Layout

using Points = std::vector<std::pair<double, double>>;

// Stress majorization (Gansner, Koren, North 2004) on path lengths where a
// link inside a super region is shorter than one between super regions, from
// a classical-MDS start. Deterministic: fixed start vectors and orders.
void StressLayout(const Map& map, std::vector<double>* xs,
                  std::vector<double>* ys) {
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
    if (v == inf) v = 2 * n;  // a disconnected map (never after Validate)
  }
  // Classical MDS: the two leading eigenvectors of the double-centred
  // matrix of squared distances, by power iteration.
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
  std::vector<double> axes[2];
  for (int axis = 0; axis < 2; ++axis) {
    std::vector<double> v(n), next(n);
    for (int k = 0; k < n; ++k) v[k] = 1.0 + ((k * 7 + axis * 3) % 11) * 0.1;
    double lambda = 0;
    for (int it = 0; it < 200; ++it) {
      if (axis == 1) {  // stay orthogonal to the first axis
        double dot = 0;
        for (int k = 0; k < n; ++k) dot += v[k] * axes[0][k];
        for (int k = 0; k < n; ++k) v[k] -= dot * axes[0][k];
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
      lambda = norm;
      for (int k = 0; k < n; ++k) v[k] = next[k] / norm;
    }
    axes[axis] = v;
    const double scale = std::sqrt(std::max(lambda, 1e-9));
    std::vector<double>& out = axis == 0 ? *xs : *ys;
    out.resize(n);
    for (int k = 0; k < n; ++k) out[k] = v[k] * scale + 1e-3 * ((k * 13) % 7);
  }
  std::vector<double>& x = *xs;
  std::vector<double>& y = *ys;
  for (int it = 0; it < 400; ++it) {
    for (int a = 0; a < n; ++a) {
      double sx = 0, sy = 0, sw = 0;
      for (int c = 0; c < n; ++c) {
        if (c == a) continue;
        const double dac = d[a * n + c], w = 1 / (dac * dac);
        const double dx = x[a] - x[c], dy = y[a] - y[c];
        const double dist = std::sqrt(dx * dx + dy * dy);
        sx += w * x[c];
        sy += w * y[c];
        if (dist > 1e-9) {
          sx += w * dac * dx / dist;
          sy += w * dac * dy / dist;
        }
        sw += w;
      }
      x[a] = sx / sw;
      y[a] = sy / sw;
    }
  }
  // The longer axis across the screen.
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

}  // namespace

MapLayout LayoutMap(const Map& map, const std::optional<Points>& positions) {
  const std::vector<int>& ids = map.RegionIds();
  const int n = static_cast<int>(ids.size());
  std::vector<double> x(n), y(n);
  if (positions) {
    for (int k = 0; k < n; ++k) {
      const auto& p = ids[k] < static_cast<int>(positions->size())
                          ? (*positions)[ids[k]]
                          : std::pair<double, double>{0, 0};
      x[k] = p.first;
      y[k] = p.second;
    }
    NormalisePositions(&x, &y);
  } else {
    StressLayout(map, &x, &y);
  }
  // Scale so that the median distance to the nearest region is kUnit.
  constexpr double kUnit = 100;
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  for (int a = 0; a < n; ++a) {
    for (int c = 0; c < n; ++c) {
      if (c != a) {
        nearest[a] = std::min(nearest[a], std::hypot(x[a] - x[c], y[a] - y[c]));
      }
    }
  }
  double median = n > 1 ? Median(nearest) : 1;
  if (!(median > 1e-12) || !std::isfinite(median)) median = 1;
  for (int k = 0; k < n; ++k) {
    x[k] *= kUnit / median;
    y[k] *= kUnit / median;
  }
  MapLayout layout;
  layout.radius = 0.3 * kUnit;
  // Push apart regions that would touch (given positions may be close).
  const double min_gap = 2.4 * layout.radius;
  for (int it = 0; it < 200; ++it) {
    bool moved = false;
    for (int a = 0; a < n; ++a) {
      for (int c = a + 1; c < n; ++c) {
        double dx = x[c] - x[a], dy = y[c] - y[a];
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
  double min_x = x[0], max_x = x[0], min_y = y[0], max_y = y[0];
  for (int k = 0; k < n; ++k) {
    min_x = std::min(min_x, x[k]);
    max_x = std::max(max_x, x[k]);
    min_y = std::min(min_y, y[k]);
    max_y = std::max(max_y, y[k]);
  }
  const double margin = 2.3 * layout.radius;
  layout.width = std::round(max_x - min_x + 2 * margin);
  layout.height = std::round(max_y - min_y + 2 * margin);
  layout.centers.assign(ids.back() + 1, {0.0, 0.0});
  for (int k = 0; k < n; ++k) {
    layout.centers[ids[k]] = {std::round((x[k] - min_x + margin) * 10) / 10,
                              std::round((y[k] - min_y + margin) * 10) / 10};
  }
  return layout;
}

namespace {

// ---------------------------------------------------------------------------
// The page

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0)
    s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
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

double SegmentDistance(double px, double py, double ax, double ay, double bx,
                       double by) {
  const double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// Where each region's id label goes, relative to its centre: into the
// widest gap between its links.
std::vector<std::pair<double, double>> IdLabelOffsets(const Map& map,
                                                      const MapLayout& layout) {
  const auto& c = layout.centers;
  std::vector<std::pair<double, double>> offsets(c.size(), {0.0, 0.0});
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

std::string MapSvg(const Map& map, const MapLayout& layout,
                   const std::vector<int>& wastelands) {
  const double r = layout.radius;
  const auto& c = layout.centers;
  std::string svg = absl::StrCat(
      "<svg id=\"map\" viewBox=\"0 0 ", Num(layout.width), " ",
      Num(layout.height), "\" preserveAspectRatio=\"xMidYMid meet\" data-r=\"",
      Num(r),
      "\">\n<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"8\" "
      "refY=\"5\" markerWidth=\"3.2\" markerHeight=\"3.2\" "
      "orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" "
      "fill=\"context-stroke\"/></marker></defs>\n");
  // Super regions: the union of discs around the members and thick strokes
  // along their inner links, tinted, under everything.
  const std::vector<int> tint = TintOfSuper(map);
  const auto& supers = map.SuperRegions();
  absl::StrAppend(&svg, "<g id=\"supers\">\n");
  for (size_t s = 0; s < supers.size(); ++s) {
    std::string links;
    for (int a : supers[s].regions) {
      for (int b : map.Neighbors(a)) {
        if (b > a && map.SuperRegionOf(b) == supers[s].id) {
          absl::StrAppend(&links, "M", Num(c[a].first), " ", Num(c[a].second),
                          "L", Num(c[b].first), " ", Num(c[b].second));
        }
      }
    }
    absl::StrAppend(&svg, "<g class=\"sr\" data-sr=\"", supers[s].id,
                    "\" fill=\"", kTints[tint[s]], "\" stroke=\"",
                    kTints[tint[s]], "\">");
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
  absl::StrAppend(&svg, "</g>\n");
  // Links between regions.
  std::string links;
  for (int a : map.RegionIds()) {
    for (int b : map.Neighbors(a)) {
      if (b > a) {
        absl::StrAppend(&links, "M", Num(c[a].first), " ", Num(c[a].second),
                        "L", Num(c[b].first), " ", Num(c[b].second));
      }
    }
  }
  absl::StrAppend(&svg, "<path id=\"links\" d=\"", links, "\"/>\n");
  const std::vector<std::pair<double, double>> label =
      IdLabelOffsets(map, layout);
  // Bonus badges, placed where they clear regions, labels and links most.
  absl::StrAppend(&svg, "<g id=\"bonuses\">\n");
  for (size_t s = 0; s < supers.size(); ++s) {
    const std::vector<int>& members = supers[s].regions;
    double cx = 0, cy = 0;
    for (int a : members) {
      cx += c[a].first / members.size();
      cy += c[a].second / members.size();
    }
    std::vector<std::pair<double, double>> candidates = {{cx, cy}};
    for (int a : members) {
      for (int b : map.Neighbors(a)) {
        if (map.SuperRegionOf(b) == supers[s].id) {
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
    double best = -1e18, bx = cx, by = cy;
    for (auto [px, py] : candidates) {
      double clearance = 1e18;
      for (int a : map.RegionIds()) {
        clearance = std::min(clearance,
                             std::hypot(px - c[a].first, py - c[a].second) - r);
        clearance =
            std::min(clearance, std::hypot(px - c[a].first - label[a].first,
                                           py - c[a].second - label[a].second) -
                                    0.6 * r);
        for (int b : map.Neighbors(a)) {
          if (b > a) {
            clearance = std::min(
                clearance, SegmentDistance(px, py, c[a].first, c[a].second,
                                           c[b].first, c[b].second) +
                               0.35 * r);
          }
        }
      }
      const double score =
          std::min(clearance, 1.2 * r) - 0.05 * std::hypot(px - cx, py - cy);
      if (score > best) {
        best = score;
        bx = px;
        by = py;
      }
    }
    absl::StrAppend(&svg, "<g class=\"bonus\" transform=\"translate(", Num(bx),
                    " ", Num(by), ")\"><title>super region ", supers[s].id,
                    ": bonus ", supers[s].bonus, "</title><rect x=\"",
                    Num(-0.62 * r), "\" y=\"", Num(-0.42 * r), "\" width=\"",
                    Num(1.24 * r), "\" height=\"", Num(0.84 * r), "\" rx=\"",
                    Num(0.2 * r), "\" stroke=\"", kTints[tint[s]],
                    "\"/><text dy=\"0.35em\">+", supers[s].bonus,
                    "</text></g>\n");
  }
  absl::StrAppend(&svg, "</g>\n<g id=\"regions\">\n");
  for (int a : map.RegionIds()) {
    const bool waste =
        std::find(wastelands.begin(), wastelands.end(), a) != wastelands.end();
    absl::StrAppend(
        &svg, "<g class=\"rg\" id=\"r", a, "\" data-id=\"", a,
        "\" data-owner=\"neutral\" data-armies=\"\" transform=\"translate(",
        Num(c[a].first), " ", Num(c[a].second), ")\"><title>region ", a,
        ", super region ", map.SuperRegionOf(a), waste ? ", wasteland" : "",
        "</title>");
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
  absl::StrAppend(
      &svg, "</g>\n<g id=\"overlay\"><circle id=\"spot\" r=\"", Num(1.45 * r),
      "\" cx=\"-999\" cy=\"-999\"/><line id=\"arrow\" x1=\"-999\" "
      "y1=\"-999\" x2=\"-999\" y2=\"-999\" marker-end=\"url(#head)\"/><text "
      "id=\"tag\" x=\"-999\" y=\"-999\"></text></g>\n</svg>\n");
  return svg;
}

// The map's sizes, which scale with the region radius.
std::string LayoutCss(double r) {
  auto px = [&](double k) { return Num(k * r) + "px"; };
  return absl::StrCat(
      "#links{stroke-width:", px(0.07), "}\n.rg .body{stroke-width:", px(0.07),
      "}\n.rg .a{font-size:", px(0.62), "}\n.rg .id{font-size:", px(0.44),
      ";stroke-width:", px(0.12), "}\n.rg .waste{stroke-width:", px(0.13),
      ";stroke-dasharray:", px(0.22), " ", px(0.14),
      "}\n.rg.cand .body{stroke-width:", px(0.2),
      ";stroke-dasharray:", px(0.25), " ", px(0.12),
      "}\n.bonus rect{stroke-width:", px(0.1),
      "}\n.bonus text{font-size:", px(0.48), "}\n#spot{stroke-width:", px(0.16),
      "}\n#arrow{stroke-width:", px(0.2), "}\n#tag{font-size:", px(0.6),
      ";stroke-width:", px(0.16), "}\n");
}

// JSON for a <script type="application/json"> block: "<" never appears raw,
// so no "</script>" can end it early.
std::string ScriptSafeJson(const json::value& v) {
  std::string text = json::serialize(v), out;
  out.reserve(text.size());
  for (char ch : text) {
    if (ch == '<') {
      out += "\\u003c";
    } else {
      out += ch;
    }
  }
  return out;
}

std::optional<Points> MapPositions(const json::value& root, const Map& map) {
  Points positions(map.RegionIds().back() + 1, {0.0, 0.0});
  std::vector<bool> have(positions.size(), false);
  const json::object* top = root.if_object();
  const json::value* regions = top ? top->if_contains("Regions") : nullptr;
  if (!regions || !regions->is_array()) return std::nullopt;
  for (const json::value& v : regions->as_array()) {
    const json::object* o = v.if_object();
    if (!o) return std::nullopt;
    const json::value *id = o->if_contains("id"), *x = o->if_contains("x"),
                      *y = o->if_contains("y");
    if (!id || !x || !y || !id->is_number() || !x->is_number() ||
        !y->is_number()) {
      return std::nullopt;
    }
    const int64_t k = id->to_number<int64_t>();
    if (k < 1 || k >= static_cast<int64_t>(positions.size())) continue;
    positions[k] = {x->to_number<double>(), y->to_number<double>()};
    have[k] = true;  // LayoutMap ignores a non-finite coordinate
  }
  for (int id : map.RegionIds()) {
    if (!have[id]) return std::nullopt;
  }
  return positions;
}

std::string HtmlEscape(std::string_view s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<std::string> ReplayHtmlFromFiles(const ReplayFiles& files) {
  absl::StatusOr<Map> map = ParseMapJson(files.map_json);
  if (!map.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("map.json: ", map.status().message()));
  }
  json::value map_root = json::parse(files.map_json);  // valid: parsed above
  absl::StatusOr<ParsedReplay> replay = ParseReplay(files.replay, *map);
  if (!replay.ok()) return replay.status();
  json::value result;  // null when absent
  if (!files.result.empty()) {
    json::error_code ec;
    result = json::parse(files.result, ec);
    if (ec || !result.is_object()) {
      return absl::InvalidArgumentError("result.json is not a JSON object");
    }
  }

  const History& full = replay->views[0];
  json::array views;
  for (int v = 0; v < 3; ++v) {
    const History& h = replay->views[v];
    json::object view{{"rs", json::value_from(h.round_start)},
                      {"d", EncodeDeltas(h, *map)}};
    if (v > 0) {
      std::vector<int> f = AlignToFull(full, h);
      json::object own;  // events that differ from the aligned full step's
      for (size_t i = 0; i < f.size(); ++i) {
        if (h.steps[i].event != full.steps[f[i]].event) {
          own[std::to_string(i)] =
              h.steps[i].event.empty()
                  ? json::value(0)
                  : json::value(EncodeEvent(h.steps[i].event));
        }
      }
      json::array steps;  // as differences: mostly 1 or a few
      for (size_t i = 0; i < f.size(); ++i) {
        steps.push_back(i == 0 ? f[0] : f[i] - f[i - 1]);
      }
      view["f"] = std::move(steps);
      if (!own.empty()) view["e"] = std::move(own);
    }
    views.push_back(std::move(view));
  }
  json::array events;
  for (const Step& s : full.steps) {
    events.push_back(s.event.empty() ? json::value(0)
                                     : json::value(EncodeEvent(s.event)));
  }
  // Wastelands: more than 2 armies on the initial map (spec section 4).
  std::vector<int> wastelands;
  for (int id : map->RegionIds()) {
    if (full.MapAt(0)[id].armies > 2) wastelands.push_back(id);
  }
  const int rounds = static_cast<int>(full.round_start.size());
  json::object data{
      {"n", map->RegionIds().back()},
      {"views", std::move(views)},
      {"ev", std::move(events)},
      {"end", full.end},
      {"cand", json::value_from(replay->candidates)},
      {"stats", RoundStats(full, *map)},
      {"logs", DumpLogs(files.dump, rounds)},
      {"result", result},
  };

  const std::optional<Points> positions = MapPositions(map_root, *map);
  const MapLayout layout = LayoutMap(*map, positions);
  std::string title = "Warlight replay";
  if (const json::object* r = result.if_object()) {
    const json::value* players = r->if_contains("players");
    if (players && players->is_array() && players->as_array().size() == 2) {
      std::string names[2];
      for (int p = 0; p < 2; ++p) {
        const json::value& player = players->as_array()[p];
        const json::value* bot = player.is_object()
                                     ? player.as_object().if_contains("bot")
                                     : nullptr;
        names[p] = bot && bot->is_string() ? std::string(bot->as_string())
                                           : "player" + std::to_string(p + 1);
      }
      title = absl::StrCat("Warlight replay: ", names[0], " vs ", names[1]);
    }
  }
  return absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width\">\n<title>",
      HtmlEscape(title), "</title>\n<style>\n", kViewerCss,
      LayoutCss(layout.radius), "</style>\n",
      "</head>\n<body>\n<div id=\"app\">\n<div id=\"mapbox\">\n",
      MapSvg(*map, layout, wastelands), "</div>\n", kViewerPanel,
      "</div>\n<script type=\"application/json\" id=\"replay-data\">",
      ScriptSafeJson(data), "</script>\n<script>\n", kViewerJs,
      "</script>\n</body>\n</html>\n");
}

namespace {

// A file's text, refused beyond kMaxReplayBytes (checked before reading).
absl::StatusOr<std::string> ReadBounded(const fs::path& path) {
  std::error_code ec;
  const uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > kMaxReplayBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(path.string(), " holds ", size, " bytes, more than the ",
                     kMaxReplayBytes, " a replay may hold"));
  }
  absl::StatusOr<std::string> text = ReadFileToString(path.string());
  if (!text.ok()) return absl::NotFoundError("cannot read " + path.string());
  return text;
}

// result.json's fields that the page shows, from an official recording's
// meta.json.
std::string ResultFromMeta(const RecordingMeta& meta) {
  json::array players;
  for (const std::string& label : meta.players) {
    json::object player;
    if (!label.empty()) player["bot"] = label;
    players.push_back(std::move(player));
  }
  return json::serialize(
      json::object{{"players", std::move(players)},
                   {"seed", meta.seed},
                   {"map", fs::path(meta.map_path).filename().string()},
                   {"winner", meta.winner}});
}

// The replay, map and result of a folder: replay.txt or replay.txt.gz;
// map.json, or the map that meta.json names; result.json, or meta.json.
absl::Status ReadReplayMapAndResult(const fs::path& dir,
                                    const std::string& maps_dir,
                                    ReplayFiles* files) {
  std::error_code ec;
  absl::StatusOr<std::string> replay =
      fs::exists(dir / "replay.txt", ec) ? ReadBounded(dir / "replay.txt")
      : fs::exists(dir / "replay.txt.gz", ec)
          ? ReadGzipFile((dir / "replay.txt.gz").string())
          : absl::NotFoundError(
                "cannot read replay.txt or replay.txt.gz: neither is there");
  if (!replay.ok()) return replay.status();
  files->replay = *std::move(replay);
  std::optional<RecordingMeta> meta;
  if (fs::exists(dir / "meta.json", ec)) {
    absl::StatusOr<RecordingMeta> read =
        ReadRecordingMeta(dir.string(), maps_dir);
    if (!read.ok()) return read.status();
    meta = *std::move(read);
  }
  fs::path map_path = dir / "map.json";
  if (!fs::exists(map_path, ec)) {
    if (!meta)
      return absl::NotFoundError(
          "cannot read map.json: not there, and no meta.json names a map");
    map_path = meta->map_path;
  }
  absl::StatusOr<std::string> map = ReadFileToString(map_path.string());
  if (!map.ok()) {
    return absl::NotFoundError(absl::StrCat(
        "cannot read the map ", map_path.string(),
        meta && map_path != dir / "map.json"
            ? " that meta.json names (--maps DIR says where the maps are)"
            : ""));
  }
  files->map_json = *std::move(map);
  if (fs::exists(dir / "result.json", ec)) {
    absl::StatusOr<std::string> result =
        ReadFileToString((dir / "result.json").string());
    if (!result.ok()) return result.status();
    files->result = *std::move(result);
  } else if (meta) {
    files->result = ResultFromMeta(*meta);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> ReplayHtml(const std::string& game_dir,
                                       const std::string& maps_dir) {
  const fs::path dir(game_dir);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return absl::NotFoundError(game_dir + " is not a folder");
  }
  ReplayFiles files;
  if (absl::Status s = ReadReplayMapAndResult(dir, maps_dir, &files); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(game_dir, ": ", s.message()));
  }
  for (int p = 0; p < 2; ++p) {
    const fs::path path = dir / absl::StrCat("dump_player", p + 1, ".txt");
    if (!fs::exists(path, ec)) continue;
    absl::StatusOr<std::string> text = ReadBounded(path);
    if (!text.ok()) return text.status();
    files.dump[p] = *std::move(text);
  }
  absl::StatusOr<std::string> page = ReplayHtmlFromFiles(files);
  if (!page.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(game_dir, ": ", page.status().message()));
  }
  return page;
}

absl::Status WriteReplayHtml(const std::string& game_dir) {
  absl::StatusOr<std::string> page = ReplayHtml(game_dir);
  if (!page.ok()) return page.status();
  return WriteFileAtomically((fs::path(game_dir) / "replay.html").string(),
                             *page);
}

namespace {

// Where `warlight view` writes a folder's page.
std::string PagePath(const std::string& game_dir, const std::string& out_dir) {
  if (out_dir.empty()) return (fs::path(game_dir) / "replay.html").string();
  fs::path name = fs::path(game_dir).lexically_normal().filename();
  if (name.empty())
    name = fs::path(game_dir).lexically_normal().parent_path().filename();
  if (name.empty() || name == "." || name == "..") name = "game";
  return (fs::path(out_dir) / name).string() + ".html";
}

}  // namespace

int ViewMain(int argc, char** argv) {
  std::string maps_dir, out_dir;
  Flags flags("view", "GAME_DIR...",
              "Writes GAME_DIR/replay.html: the game as one self-contained\n"
              "page (no network) to open in any browser. GAME_DIR is a\n"
              "folder that `warlight match` or the arena's kept games wrote\n"
              "(replay.txt, map.json, and result.json and the dumps when\n"
              "present) or an official recording as stored (replay.txt.gz,\n"
              "meta.json naming the map, the dumps). In the page: space\n"
              "plays or pauses, left and right step one event, up and down\n"
              "one round, v cycles the full view and the players' fogged\n"
              "views. replay.html?round=R&step=K&view=V opens on a given\n"
              "round, step and view.");
  flags.String("maps", &maps_dir, "DIR",
               "where the maps named in a meta.json are (default: "
               "GAME_DIR/../../maps)");
  flags.String("out", &out_dir, "DIR",
               "write each page as DIR/<GAME_DIR's name>.html instead (for "
               "read-only folders)");
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) return flags.Fail("needs at least one GAME_DIR");
  std::error_code ec;
  if (!out_dir.empty() && !fs::is_directory(out_dir, ec) &&
      !fs::create_directories(out_dir, ec)) {
    return flags.Fail("cannot create --out " + EscapeForTerminal(out_dir));
  }
  int status = 0;
  for (const std::string& dir : dirs) {
    absl::StatusOr<std::string> page = ReplayHtml(dir, maps_dir);
    if (!page.ok()) {  // names and quotes recorded text: escaped
      std::cerr << "warlight view: "
                << EscapeForTerminal(std::string(page.status().message()))
                << "\n";
      status = std::max(status, 2);
      continue;
    }
    const std::string out = PagePath(dir, out_dir);
    if (absl::Status s = WriteFileAtomically(out, *page); !s.ok()) {
      std::cerr << "warlight view: "
                << EscapeForTerminal(std::string(s.message())) << "\n";
      status = std::max(status, 1);
      continue;
    }
    std::cout << EscapeForTerminal(out) << "\n";
  }
  return status;
}

}  // namespace wl::tools
