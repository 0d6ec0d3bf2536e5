// state.h: the Colorfight II game state, a compact trivially copyable value.
//
// Everything the rules of colorfight §5-§8 read or write, for the 30x30 map
// and at most 8 users (a room's start positions, colorfight §4.2; a user
// never leaves after turn 0, so no room ever holds more): every cell's
// natural values, owner, building, force field and, for a home, the energy
// stored at the last scan (colorfight §7); every user's resources, sources,
// counters and flags in registration order (colorfight §5.2, §6). Names,
// passwords and pending commands are not rules state: the room keeps them.
// Copying it is a memcpy; it never allocates.
//
//   wl::colorfight::State s = wl::colorfight::State::Empty(/*max_turn=*/500);
//   int i = wl::colorfight::CellIndex(x, y);       // x-major, the scan order
//   if (s.cells[i].owner == s.users[0].uid) { ... }
//   const UserState* u = s.FindUser(uid);                // nullptr if none
#ifndef WL_COLORFIGHT_STATE_H_
#define WL_COLORFIGHT_STATE_H_

#include <cstdint>
#include <type_traits>

namespace wl::colorfight {

inline constexpr int kWidth = 30;  // colorfight §3.2: constants
inline constexpr int kHeight = 30;
inline constexpr int kCells = kWidth * kHeight;
inline constexpr int kMaxUsers = 8;  // max_player is 2, 4 or 8 (§2.8)
inline constexpr int kMaxLevel = 3;  // buildings stop at level 3 (§6.2)

// The cell index of (x, y): x-major (x outer, y inner), the order of the
// resolution scan (colorfight §6.3) and of a user's `cells`. Frames are
// row-major, data[y][x].
constexpr int CellIndex(int x, int y) { return x * kHeight + y; }
constexpr int CellX(int index) { return index / kHeight; }
constexpr int CellY(int index) { return index % kHeight; }
constexpr bool OnMap(int64_t x, int64_t y) {
  return x >= 0 && x < kWidth && y >= 0 && y < kHeight;
}

// A cell's building (colorfight §3.2 letters " ", "h", "e", "g", "f").
enum class Building : int8_t { kNone, kHome, kWell, kMine, kFort };

struct Cell {
  int64_t home_energy;    // a Home's stored owner energy (§7); 0 otherwise
  int16_t natural_cost;   // after the blur (§4.2)
  int16_t force_field;    // 0..1000; always 0 on an unowned cell
  int8_t natural_gold;    // 1..10
  int8_t natural_energy;  // 1..10
  int8_t owner;           // uid, 0 = unowned
  Building building;
  int8_t level;  // 1..3; an empty cell reports 1 (§3.2)
};

// The building_number keys, in colorfight §3.2's names, indexed by
// Building - 1 (home, energy_well, gold_mine, fortress).
inline constexpr int kBuildingKinds = 4;

struct UserState {
  int64_t energy;  // may be negative (§6.7)
  int64_t gold;
  int64_t energy_source;  // sums of the cell yields at the last scan (§6.4)
  int64_t gold_source;
  int64_t tax_amount;  // charged at the last update (§6.7)
  int32_t cell_number;
  int32_t tax_level;   // int(cell_number / 100)
  int8_t uid;          // 1..kMaxUsers
  int8_t tech_level;   // highest home level at the last scan, 0 = none
  bool dead;           // permanent once set (§6.7)
  bool building_home;  // a home was built (or placed at registration)
                       // since the last update (§6.2 "one home")
  // building_number: count per kind (Building - 1), and the kinds in order
  // of first appearance in the last scan (§3.2): building_order[0..n).
  int16_t building_count[kBuildingKinds];
  int8_t building_order[kBuildingKinds];
  int8_t building_kinds;
};

struct State {
  Cell cells[kCells];          // by CellIndex
  UserState users[kMaxUsers];  // registration order (every per-user loop, §6)
  int32_t turn;                // 0 before the start (§1.3), then 1..max_turn
  int32_t max_turn;
  int8_t num_users;
  int8_t index_of_uid[kMaxUsers + 1];  // users[] index of a uid, -1 if none

  // An empty map (no naturals yet: map_gen.h or a frame fills them), no
  // users, turn 0.
  static State Empty(int max_turn) {
    State s{};
    s.max_turn = max_turn;
    for (int i = 0; i < kCells; ++i) s.cells[i].level = 1;
    for (int8_t& k : s.index_of_uid) k = -1;
    return s;
  }

  UserState* FindUser(int uid) {
    if (uid <= 0 || uid > kMaxUsers || index_of_uid[uid] < 0) return nullptr;
    return &users[index_of_uid[uid]];
  }
  const UserState* FindUser(int uid) const {
    return const_cast<State*>(this)->FindUser(uid);
  }
  bool Ended() const { return turn >= max_turn; }
};

static_assert(std::is_trivially_copyable_v<State>);

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_STATE_H_
