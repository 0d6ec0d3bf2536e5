// map_gen.h: the official server's map generator (colorfight §4): the
// draws a room makes at each restart (the shuffled start-position list,
// the symmetric map's natural gold, energy and cost, then the cost blur),
// and the 10-letter password an admin room draws first (§4.4). Seeded like
// the recordings, it regenerates their maps exactly.
//
//   wl::colorfight::PyRandom rng(seed);              // random.seed(seed)
//   GeneratedMap map = GenerateMap(rng, /*max_player=*/4);
//   State s = NewGameState(map, /*max_turn=*/500);   // turn 0, no users
//   PlaceUser(s, 1, map.starts[0]);                   // rules.h, §5.1
//
// One stream serves the whole server (§4.4): pass the same PyRandom to
// every room creation and restart, in the server's order.
#ifndef WL_COLORFIGHT_MAP_GEN_H_
#define WL_COLORFIGHT_MAP_GEN_H_

#include <cstdint>
#include <string>

#include "py_random.h"
#include "state.h"

namespace wl::colorfight {

// One restart's draws. Arrays are by CellIndex (x-major).
struct GeneratedMap {
  int8_t gold[kCells];
  int8_t energy[kCells];
  int16_t cost[kCells];   // after the blur
  int num_starts;         // max_player
  int starts[kMaxUsers];  // CellIndex of each start position, shuffled
};

namespace map_gen_internal {

// §4.2 step 2: natural gold, energy and pre-blur cost of the 1/8 slice
// (0 <= y <= x <= 14), drawn x outer, y inner.
inline void DrawSlice(PyRandom& rng, GeneratedMap& map) {
  for (int x = 0; x < kWidth / 2; ++x) {
    for (int y = 0; y <= x; ++y) {
      const int64_t g = rng.RandInt(1, 10);
      const int64_t e = rng.RandInt(1, 10);
      const int64_t scaled = (g + e) * 20;  // a Python int, times a double
      const int i = CellIndex(x, y);
      map.gold[i] = static_cast<int8_t>(g);
      map.energy[i] = static_cast<int8_t>(e);
      map.cost[i] = static_cast<int16_t>(scaled * rng.Uniform(0.6, 1.5));
    }
  }
}

// §4.2 step 3: every other cell copies its slice cell.
inline void Mirror(GeneratedMap& map) {
  for (int x = 0; x < kWidth; ++x) {
    for (int y = 0; y < kHeight; ++y) {
      int sx = x >= kWidth / 2 ? kWidth - 1 - x : x;
      int sy = y >= kHeight / 2 ? kHeight - 1 - y : y;
      if (sy > sx) {
        const int t = sx;
        sx = sy;
        sy = t;
      }
      const int from = CellIndex(sx, sy);
      const int to = CellIndex(x, y);
      map.gold[to] = map.gold[from];
      map.energy[to] = map.energy[from];
      map.cost[to] = map.cost[from];
    }
  }
}

// §4.2 step 4: one blur pass, from the previous pass's values:
// cost' = cost + sum over in-map 4-neighbours of cost_n / 20
//         - cost * |N| / 20 (integer floors; the values are >= 0).
inline void BlurPass(GeneratedMap& map) {
  int16_t before[kCells];
  for (int i = 0; i < kCells; ++i) before[i] = map.cost[i];
  static constexpr int kDx[4] = {0, 0, -1, 1};
  static constexpr int kDy[4] = {-1, 1, 0, 0};
  for (int x = 0; x < kWidth; ++x) {
    for (int y = 0; y < kHeight; ++y) {
      const int cost = before[CellIndex(x, y)];
      int sum = 0;
      int neighbours = 0;
      for (int d = 0; d < 4; ++d) {
        if (!OnMap(x + kDx[d], y + kDy[d])) continue;
        sum += before[CellIndex(x + kDx[d], y + kDy[d])] / 20;
        ++neighbours;
      }
      map.cost[CellIndex(x, y)] =
          static_cast<int16_t>(cost + sum - cost * neighbours / 20);
    }
  }
}

}  // namespace map_gen_internal

// The restart draws of colorfight §4.2, in order: start positions (8
// candidates from x = randrange(1, 15), y = randrange(0, x), truncated to
// max_player (2, 4 or 8; clamped to 0..8), shuffled), the 1/8 slice,
// mirroring, 3 blur passes.
inline GeneratedMap GenerateMap(PyRandom& rng, int max_player) {
  GeneratedMap map{};
  const int x = static_cast<int>(rng.RandRange(1, 15));
  const int y = static_cast<int>(rng.RandRange(0, x));
  const int m = kWidth - 1;
  const int candidates[kMaxUsers] = {
      CellIndex(x, y),     CellIndex(m - x, m - y), CellIndex(m - y, x),
      CellIndex(y, m - x), CellIndex(y, x),         CellIndex(m - x, y),
      CellIndex(x, m - y), CellIndex(m - y, m - x)};
  map.num_starts = max_player < 0           ? 0
                   : max_player < kMaxUsers ? max_player
                                            : kMaxUsers;
  for (int i = 0; i < map.num_starts; ++i) map.starts[i] = candidates[i];
  rng.Shuffle(map.starts, static_cast<size_t>(map.num_starts));
  map_gen_internal::DrawSlice(rng, map);
  map_gen_internal::Mirror(map);
  for (int pass = 0; pass < 3; ++pass) map_gen_internal::BlurPass(map);
  return map;
}

// The turn-0 state of a fresh game on this map: no users, the naturals
// filled, everything else as State::Empty.
inline State NewGameState(const GeneratedMap& map, int max_turn) {
  State s = State::Empty(max_turn);
  for (int i = 0; i < kCells; ++i) {
    s.cells[i].natural_gold = map.gold[i];
    s.cells[i].natural_energy = map.energy[i];
    s.cells[i].natural_cost = map.cost[i];
  }
  return s;
}

// An admin room's password (colorfight §4.4): 10 x randbelow(52), as
// letters. The spec does not name the alphabet; this takes Python's
// string.ascii_letters order (a-z then A-Z), as random.choice on it would.
inline std::string AdminPassword(PyRandom& rng) {
  static constexpr char kLetters[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  std::string password;
  for (int i = 0; i < 10; ++i) password += kLetters[rng.RandBelow(52)];
  return password;
}

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_MAP_GEN_H_
